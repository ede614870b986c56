#!/usr/bin/env python3
"""Records CPython 3.11's float repr and format-spec results for src/interp/pyfmt.rs's tests.

Writes one JSON file per group to tests/data/pyfmt/ (repr, float, float_round, float_big, int, str,
odd); the tests in src/interp/pyfmt.rs load them with include_str!. Run from anywhere:

    python3 tools/fmt/gen_pyfmt.py           # write the files
    python3 tools/fmt/gen_pyfmt.py --check   # compare with the committed files, write nothing

Each file is {"generator", "python", "cases": [...]}, one case per line. A case is
    {"bits": "0x...", "repr": "..."}                           repr(x) of the float with those IEEE bits
    {"type": "float"|"int"|"str", "x": "...", "spec": "...", "ok": "..."}   format(x, spec) == ok
    {"type": ..., "x": ..., "spec": ..., "err": "..."}         format(x, spec) raises ValueError /
                                                               OverflowError with that message
    {"type": "float", "x": ..., "spec": ..., "len": N, "head": "...", "tail": "..."}
                                                               a result too long to store: its length in
                                                               characters and its first and last 40
x is always a string: repr(x) for a float ("nan", "inf", "1e-05"; parsed exactly by Rust's
str::parse), str(x) for an int, the string itself for a str. The cases are fixed (random.seed(11)),
so rerunning with the same Python reproduces the files byte for byte.
"""
import argparse, json, math, os, platform, random, struct, sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "..", "..", "tests", "data", "pyfmt")
TYPE = {float: "float", int: "int", str: "str"}


def xs(x):
    return repr(x) if isinstance(x, float) else str(x)


def res(x, spec):
    case = {"type": TYPE[type(x)], "x": xs(x), "spec": spec}
    try:
        case["ok"] = format(x, spec)
    except (ValueError, OverflowError) as e:
        case["err"] = str(e)
    return case


groups = {}
def add(group, case):
    groups.setdefault(group, []).append(case)


def repr_case(x):
    return {"bits": "0x%016x" % struct.unpack("<Q", struct.pack("<d", x))[0], "repr": repr(x)}

# ---- repr
reprs = [0.0, -0.0, 0.1, 0.2 + 0.1, 1.0, 100.0, 1e-5, 1e-4, 0.001, 1e16, 1e15, 9999999999999998.0,
         1.5e16, 123456789012345678.0, 1e22, 1e23, 5e-324, 2.2250738585072014e-308,
         1.7976931348623157e308, math.inf, -math.inf, math.nan, 2.675, 1/3, 2/3, -1.5, 6.02214,
         251.626983642578125, 0.30000000000000004, 1e-7, 123.456, 1e100, 12345678.9,
         float(2**53), float(2**53 + 2), 0.1 + 0.7, 4.35, 1e-310]
for x in reprs:
    add("repr", repr_case(x))
random.seed(11)
for i in range(60):
    if i % 2: x = struct.unpack('d', struct.pack('Q', random.getrandbits(64)))[0]
    else: x = random.randint(1, 2**53) / 2 ** random.randint(0, 60)
    if math.isnan(x): continue
    add("repr", repr_case(x))

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
        add("float", res(x, sp))
# ties & rounding
for x in [0.125, 0.375, 0.625, 0.875, 2.675, 1.005, 1.015, 1.025, 0.045, 2.5, 3.5, 0.5, 1.5,
          1.25, 1.35, 8.345, 0.00015, 0.00025, 1e-4 * 5, 12345.6785, 0.3125, 1.0000005]:
    for sp in [".2f", ".1f", ".0f", ".3f", ".4f", ".1e", ".2e", ".3g", ".2g", ".5"]:
        add("float_round", res(x, sp))
# large precisions
for x, sp in [(0.1, ".60f"), (0.1, ".1200f"), (5e-324, ".1100e"), (1e300, ".2f"), (1/3, ".800g"),
              (2.5, ".1500f"), (1e-300, "#.1000g"), (123.456, ".70000f")]:
    r = format(x, sp)
    if len(r) > 3000:
        add("float_big", {"type": "float", "x": xs(x), "spec": sp, "len": len(r), "head": r[:40],
                          "tail": r[-40:]})
    else:
        add("float_big", res(x, sp))

# ---- int specs
ivals = [0, -1, 42, -255, 1234567, 65, 2**63 - 1, -2**63, 0x10ffff, 0x110000]
ispecs = ["", "d", "5d", "<5", "^7", "=+8", "05", "+", " ", ",", "_", "_x", "_b", "_o", "x", "X",
          "#x", "#X", "#o", "#b", "b", "o", "#010x", "#012_b", "+#x", "c", "5c", "<5c", "n", ",d",
          "015,", "0=10,", "x=10,", "08,", "e", ".2f", "%", ".1%", "g", ".3g", ",.2f", "E", "+.1e",
          "z", ".2", "+c", "#c", "s", ",x", ",n", "_c", "_n", "ö", "^", "*>+12,"]
for x in ivals:
    for sp in ispecs:
        add("int", res(x, sp))

# ---- str specs
svals = ["", "ab", "hello", "한국어", "😀x", "naïve café"]
sspecs = ["", "s", "10", ">10", "<10", "^10", "^9", "*^9", "0", "05", "<05", "=5", ".2", ".0",
          "10.3", "+", " ", "-", "z", "#", ",", "_", "d", "x", "한^11", "2", ">2s", "q.2", ".s"]
for x in svals:
    for sp in sspecs:
        add("str", res(x, sp))

# ---- parse errors and odd specs (on all three types)
odd = ["abc", ".f", ",_", "_,", ",,", "__", "1,_", "==", "<<<", "10.2.3", "ff", "0", "00",
       "99999999999999999999", ".99999999999999999999f", "\x01", "é", "\t", " ^", "<<", "0>", "+-",
       "z#0", "##", "zz"]
for sp in odd:
    add("odd", res(1.5, sp))
    add("odd", res(7, sp))
    add("odd", res("ab", sp))



def render(cases):
    """The file's text: a small header, then one case per line (diffs stay readable)."""
    lines = [
        "{",
        '  "generator": "tools/fmt/gen_pyfmt.py",',
        '  "python": %s,' % json.dumps(platform.python_version()),
        '  "cases": [',
    ]
    body = [json.dumps(c, ensure_ascii=False) for c in cases]
    lines += ["    " + b + ("," if i + 1 < len(body) else "") for i, b in enumerate(body)]
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    args = ap.parse_args()
    os.makedirs(OUT_DIR, exist_ok=True)
    differ = []
    for group, cases in groups.items():
        path = os.path.join(OUT_DIR, group + ".json")
        text = render(cases)
        if args.check:
            try:
                with open(path, encoding="utf-8", newline="") as f:
                    same = f.read() == text
            except FileNotFoundError:
                same = False
            if not same:
                differ.append(group)
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        print("%-12s %5d cases" % (group, len(cases)), file=sys.stderr)
    print("%d cases in %d files" % (sum(len(v) for v in groups.values()), len(groups)), file=sys.stderr)
    if args.check:
        print("differ: " + (" ".join(differ) if differ else "none"), file=sys.stderr)
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
