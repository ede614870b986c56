"""Prints Rust unit tests for pyfmt.rs from real Python 3.11 output.

Run: python3 gen/gen_pyfmt.py > gen/pyfmt_cases.rs
"""
import math, random, sys

def rs(s):
    out = '"'
    for ch in s:
        if ch == '\\': out += '\\\\'
        elif ch == '"': out += '\\"'
        elif ch == '\n': out += '\\n'
        elif ch == '\t': out += '\\t'
        elif ord(ch) < 32 or ord(ch) == 127: out += '\\u{%x}' % ord(ch)
        else: out += ch
    return out + '"'

def rf(x):
    if math.isnan(x): return "f64::NAN"
    if math.isinf(x): return "f64::INFINITY" if x > 0 else "f64::NEG_INFINITY"
    return repr(x)

def ri(x):
    if x == -2**63: return "i64::MIN"
    if x == 2**63 - 1: return "i64::MAX"
    return str(x)

def res(fn, *a):
    try:
        return "Ok(" + rs(fn(*a)) + ")"
    except (ValueError, OverflowError) as e:
        return "Err(" + rs(str(e)) + ")"

groups = {}
def add(group, line):
    groups.setdefault(group, []).append(line)

# ---- repr
reprs = [0.0, -0.0, 0.1, 0.2 + 0.1, 1.0, 100.0, 1e-5, 1e-4, 0.001, 1e16, 1e15, 9999999999999998.0,
         1.5e16, 123456789012345678.0, 1e22, 1e23, 5e-324, 2.2250738585072014e-308,
         1.7976931348623157e308, math.inf, -math.inf, math.nan, 2.675, 1/3, 2/3, -1.5, 6.02214,
         251.626983642578125, 0.30000000000000004, 1e-7, 123.456, 1e100, 12345678.9,
         float(2**53), float(2**53 + 2), 0.1 + 0.7, 4.35, 1e-310]
for x in reprs:
    add("repr", f"r({rf(x)}, {rs(repr(x))});")
random.seed(11)
import struct
for i in range(60):
    if i % 2: x = struct.unpack('d', struct.pack('Q', random.getrandbits(64)))[0]
    else: x = random.randint(1, 2**53) / 2 ** random.randint(0, 60)
    if math.isnan(x): continue
    add("repr", f"r({rf(x)}, {rs(repr(x))});")

# ---- float specs
fvals = [0.0, -0.0, 1.0, -1.5, 0.125, 2.675, 1234567.891, 1e-5, 123456789.0, 1e16, 1/3, 100.0,
         99999.5, -math.inf, math.nan, 5e-324]
fspecs = ["", ".2f", ".0f", "f", ".4f", ".10f", "e", ".4e", ".0e", "E", "g", ".3g", ".1g", ".0g",
          "G", ".10g", "#g", "#.3g", "#.0f", "#.0e", "%", ".1%", ".3", ".1", "10.3", "n", ".3n",
          ",", ",.2f", "_.3f", "015,.2f", "010.2f", "+.2f", " .2f", "-.2f", "+", " ", "z.2f", "z",
          "<12.3f", ">12.3f", "^12.3f", "=12.3f", "*^15.3e", "0=12.3f", "x<10", "0<10", "012",
          "+012,.1f", ".20f", ".17g", ".25e", "#", "#.3", "12", "^12", ",g", "_e", "F", ".3F",
          ".3E", "_.0f", ",%", "020_.3g", "한>10.2f"]
for x in fvals:
    for sp in fspecs:
        add("float", f"f({rf(x)}, {rs(sp)}, {res(format, x, sp)});")
# ties & rounding
for x in [0.125, 0.375, 0.625, 0.875, 2.675, 1.005, 1.015, 1.025, 0.045, 2.5, 3.5, 0.5, 1.5,
          1.25, 1.35, 8.345, 0.00015, 0.00025, 1e-4 * 5, 12345.6785, 0.3125, 1.0000005]:
    for sp in [".2f", ".1f", ".0f", ".3f", ".4f", ".1e", ".2e", ".3g", ".2g", ".5"]:
        add("float_round", f"f({rf(x)}, {rs(sp)}, {res(format, x, sp)});")
# large precisions
for x, sp in [(0.1, ".60f"), (0.1, ".1200f"), (5e-324, ".1100e"), (1e300, ".2f"), (1/3, ".800g"),
              (2.5, ".1500f"), (1e-300, "#.1000g"), (123.456, ".70000f")]:
    r = format(x, sp)
    if len(r) > 3000:
        add("float_big", f"fl({rf(x)}, {rs(sp)}, {len(r)}, {rs(r[:40])}, {rs(r[-40:])});")
    else:
        add("float_big", f"f({rf(x)}, {rs(sp)}, {res(format, x, sp)});")

# ---- int specs
ivals = [0, -1, 42, -255, 1234567, 65, 2**63 - 1, -2**63, 0x10ffff, 0x110000]
ispecs = ["", "d", "5d", "<5", "^7", "=+8", "05", "+", " ", ",", "_", "_x", "_b", "_o", "x", "X",
          "#x", "#X", "#o", "#b", "b", "o", "#010x", "#012_b", "+#x", "c", "5c", "<5c", "n", ",d",
          "015,", "0=10,", "x=10,", "08,", "e", ".2f", "%", ".1%", "g", ".3g", ",.2f", "E", "+.1e",
          "z", ".2", "+c", "#c", "s", ",x", ",n", "_c", "_n", "ö", "^", "*>+12,"]
for x in ivals:
    for sp in ispecs:
        add("int", f"i({ri(x)}, {rs(sp)}, {res(format, x, sp)});")

# ---- str specs
svals = ["", "ab", "hello", "한국어", "😀x", "naïve café"]
sspecs = ["", "s", "10", ">10", "<10", "^10", "^9", "*^9", "0", "05", "<05", "=5", ".2", ".0",
          "10.3", "+", " ", "-", "z", "#", ",", "_", "d", "x", "한^11", "2", ">2s", "q.2", ".s"]
for x in svals:
    for sp in sspecs:
        add("str", f"s({rs(x)}, {rs(sp)}, {res(format, x, sp)});")

# ---- parse errors and odd specs (on all three types)
odd = ["abc", ".f", ",_", "_,", ",,", "__", "1,_", "==", "<<<", "10.2.3", "ff", "0", "00",
       "99999999999999999999", ".99999999999999999999f", "\x01", "é", "\t", " ^", "<<", "0>", "+-",
       "z#0", "##", "zz"]
for sp in odd:
    add("odd", f"f(1.5, {rs(sp)}, {res(format, 1.5, sp)});")
    add("odd", f"i(7, {rs(sp)}, {res(format, 7, sp)});")
    add("odd", f"s(\"ab\", {rs(sp)}, {res(format, 'ab', sp)});")

for g, lines in groups.items():
    print("#[test]")
    print(f"fn python_{g}() {{")
    for l in lines:
        print("    " + l)
    print("}")
    print()
print("// %d cases" % sum(len(v) for v in groups.values()), file=sys.stderr)
