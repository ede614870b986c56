//! Python 3 number and string formatting.
//!
//! Reproduces CPython 3.11's `repr(float)` and the format-spec mini-language used by
//! `format(value, spec)` / `f"{value:spec}"` / `str.format` for `float`, `int` and `str`
//! (`Python/formatter_unicode.c` and `Python/pystrtod.c`), character for character.
//! Errors carry the message of the `ValueError` (or `OverflowError`) Python would raise.
//!
//! Digits come from Rust's float formatting, which is exact and rounds ties to even on the
//! exact binary value, exactly like CPython's `_Py_dg_dtoa`.

/// Largest width or precision accepted. Python accepts anything up to `sys.maxsize` (and
/// then runs out of memory); we refuse absurd sizes instead of allocating gigabytes.
const MAX_FIELD: usize = 10_000_000;

/// See `dtoa`.
const EXACT_DIGITS: usize = 1100;

/// Python `repr(x)` / `str(x)` for a float: the shortest string that round-trips, in
/// positional notation when `1e-4 <= |x| < 1e16`, otherwise in exponent notation.
pub fn float_repr(x: f64) -> String {
    double_to_string(x, 'r', 0, Flags::ADD_DOT_0)
}

/// Python `'{:.{p}e}'.format(x)`, e.g. `1.0000e-05`.
pub fn float_str_e(x: f64, precision: usize) -> String {
    double_to_string(x, 'e', precision.min(MAX_FIELD), Flags::default())
}

/// Python `format(x, spec)` for a float.
pub fn format_float(x: f64, spec: &str) -> Result<String, String> {
    if spec.is_empty() {
        return Ok(float_repr(x));
    }
    let s = parse_spec(spec, "float", None, '>')?;
    match s.ty {
        None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%') => format_float_internal(x, &s),
        Some(c) => Err(unknown_code(c, "float")),
    }
}

/// Python `format(n, spec)` for an int, including the float presentation types
/// (`e E f F g G %`), which convert the int to float first.
pub fn format_int(x: i64, spec: &str) -> Result<String, String> {
    if spec.is_empty() {
        return Ok(x.to_string());
    }
    let s = parse_spec(spec, "int", Some('d'), '>')?;
    match s.ty {
        None | Some('d' | 'b' | 'c' | 'o' | 'x' | 'X' | 'n') => format_long_internal(x, &s),
        // Python's int -> float conversion is correctly rounded, like `as f64`.
        Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%') => format_float_internal(x as f64, &s),
        Some(c) => Err(unknown_code(c, "int")),
    }
}

/// Python `format(s, spec)` for a str. Widths and precisions count Unicode scalar values.
pub fn format_str(s: &str, spec: &str) -> Result<String, String> {
    if spec.is_empty() {
        return Ok(s.to_string());
    }
    let f = parse_spec(spec, "str", Some('s'), '<')?;
    match f.ty {
        None | Some('s') => {}
        Some(c) => return Err(unknown_code(c, "str")),
    }
    match f.sign {
        Some(' ') => return Err("Space not allowed in string format specifier".to_string()),
        Some(_) => return Err("Sign not allowed in string format specifier".to_string()),
        None => {}
    }
    if f.no_neg_0 {
        return Err(
            "Negative zero coercion (z) not allowed in string format specifier".to_string(),
        );
    }
    if f.alternate {
        return Err("Alternate form (#) not allowed in string format specifier".to_string());
    }
    if f.align == '=' {
        return Err("'=' alignment not allowed in string format specifier".to_string());
    }
    let mut len = s.chars().count();
    let body: String = match f.precision {
        Some(p) if p < len => {
            len = p;
            s.chars().take(p).collect()
        }
        _ => s.to_string(),
    };
    let total = f.width.map_or(len, |w| w.max(len));
    let pad = total - len;
    let lpad = match f.align {
        '>' => pad,
        '^' => pad / 2,
        _ => 0,
    };
    let rpad = pad - lpad;
    let mut out = String::with_capacity(body.len() + pad);
    push_fill(&mut out, f.fill, lpad);
    out.push_str(&body);
    push_fill(&mut out, f.fill, rpad);
    Ok(out)
}

// ---------------------------------------------------------------------------
// Format-spec parsing (parse_internal_render_format_spec)
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Grouping {
    None,
    Comma,
    Underscore,
    UnderscoreFour,
}

#[derive(Debug)]
struct Spec {
    fill: char,
    align: char,
    sign: Option<char>,
    no_neg_0: bool,
    alternate: bool,
    width: Option<usize>,
    grouping: Grouping,
    precision: Option<usize>,
    ty: Option<char>,
}

const TOO_MANY_DIGITS: &str = "Too many decimal digits in format string";

/// Reads a run of decimal digits starting at `*pos`. Returns `Ok(None)` if there are none.
fn get_integer(chars: &[char], pos: &mut usize) -> Result<Option<usize>, String> {
    let mut acc: usize = 0;
    let mut consumed = false;
    while let Some(d) = chars.get(*pos).and_then(|c| c.to_digit(10)) {
        acc = acc
            .checked_mul(10)
            .and_then(|a| a.checked_add(d as usize))
            .filter(|&a| a <= i64::MAX as usize)
            .ok_or_else(|| TOO_MANY_DIGITS.to_string())?;
        consumed = true;
        *pos += 1;
    }
    if acc > MAX_FIELD {
        return Err(TOO_MANY_DIGITS.to_string());
    }
    Ok(consumed.then_some(acc))
}

fn char_desc(c: char) -> String {
    let v = c as u32;
    if v > 32 && v < 128 {
        c.to_string()
    } else {
        format!("\\x{v:x}")
    }
}

fn unknown_code(c: char, type_name: &str) -> String {
    format!(
        "Unknown format code '{}' for object of type '{}'",
        char_desc(c),
        type_name
    )
}

fn parse_spec(
    spec: &str,
    type_name: &str,
    default_type: Option<char>,
    default_align: char,
) -> Result<Spec, String> {
    let chars: Vec<char> = spec.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let is_align = |c: Option<char>| matches!(c, Some('<' | '>' | '=' | '^'));
    let mut pos = 0usize;
    let mut f = Spec {
        fill: ' ',
        align: default_align,
        sign: None,
        no_neg_0: false,
        alternate: false,
        width: None,
        grouping: Grouping::None,
        precision: None,
        ty: default_type,
    };
    let mut fill_specified = false;
    let mut align_specified = false;

    if is_align(at(1)) {
        f.fill = at(0).unwrap_or(' ');
        f.align = at(1).unwrap_or(default_align);
        fill_specified = true;
        align_specified = true;
        pos = 2;
    } else if is_align(at(0)) {
        f.align = at(0).unwrap_or(default_align);
        align_specified = true;
        pos = 1;
    }
    if let Some(c @ ('+' | '-' | ' ')) = at(pos) {
        f.sign = Some(c);
        pos += 1;
    }
    if at(pos) == Some('z') {
        f.no_neg_0 = true;
        pos += 1;
    }
    if at(pos) == Some('#') {
        f.alternate = true;
        pos += 1;
    }
    if !fill_specified && at(pos) == Some('0') {
        f.fill = '0';
        if !align_specified && default_align == '>' {
            f.align = '=';
        }
        pos += 1;
    }
    f.width = get_integer(&chars, &mut pos)?;
    if at(pos) == Some(',') {
        f.grouping = Grouping::Comma;
        pos += 1;
    }
    if at(pos) == Some('_') {
        if f.grouping != Grouping::None {
            return Err("Cannot specify both ',' and '_'.".to_string());
        }
        f.grouping = Grouping::Underscore;
        pos += 1;
    }
    if at(pos) == Some(',') && f.grouping == Grouping::Underscore {
        return Err("Cannot specify both ',' and '_'.".to_string());
    }
    if at(pos) == Some('.') {
        pos += 1;
        f.precision = get_integer(&chars, &mut pos)?;
        if f.precision.is_none() {
            return Err("Format specifier missing precision".to_string());
        }
    }
    let rest = chars.len().saturating_sub(pos);
    if rest > 1 {
        return Err(format!(
            "Invalid format specifier '{spec}' for object of type '{type_name}'"
        ));
    }
    if rest == 1 {
        f.ty = at(pos);
    }
    if f.grouping != Grouping::None {
        match f.ty {
            None | Some('d' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F') => {}
            Some('b' | 'o' | 'x' | 'X') if f.grouping == Grouping::Underscore => {
                f.grouping = Grouping::UnderscoreFour;
            }
            Some(t) => {
                let sep = if f.grouping == Grouping::Comma {
                    ','
                } else {
                    '_'
                };
                return Err(format!("Cannot specify '{sep}' with '{}'.", char_desc(t)));
            }
        }
    }
    Ok(f)
}

// ---------------------------------------------------------------------------
// Number layout (calc_number_widths / fill_number / _PyUnicode_InsertThousandsGrouping)
// ---------------------------------------------------------------------------

fn push_fill(out: &mut String, c: char, n: usize) {
    out.extend(std::iter::repeat_n(c, n));
}

/// Inserts thousands separators into `digits`, zero-padding on the left up to `min_width`
/// characters (separators included) exactly like CPython.
fn group_digits(digits: &[char], min_width: i64, grouping: Grouping) -> String {
    let (sep, size) = match grouping {
        Grouping::None => (None, 0i64),
        Grouping::Comma => (Some(','), 3),
        Grouping::Underscore => (Some('_'), 3),
        Grouping::UnderscoreFour => (Some('_'), 4),
    };
    // Pieces are produced right to left.
    let mut pieces: Vec<String> = Vec::new();
    let mut remaining = digits.len() as i64;
    let mut min_width = min_width;
    let mut use_sep = false;
    let piece = |remaining: i64, l: i64, use_sep: bool| -> String {
        let n_zeros = (l - remaining).max(0);
        let n_chars = remaining.min(l).max(0);
        let end = remaining.max(0) as usize;
        let start = end.saturating_sub(n_chars as usize);
        let mut s = String::new();
        push_fill(&mut s, '0', n_zeros as usize);
        s.extend(digits.get(start..end).unwrap_or(&[]).iter());
        if use_sep && let Some(c) = sep {
            s.push(c);
        }
        s
    };
    let mut broken = false;
    if sep.is_some() {
        loop {
            let l = size.min(remaining.max(min_width).max(1));
            pieces.push(piece(remaining, l, use_sep));
            use_sep = true;
            remaining -= remaining.min(l).max(0);
            min_width -= l;
            if remaining <= 0 && min_width <= 0 {
                broken = true;
                break;
            }
            min_width -= 1;
        }
    }
    if !broken {
        let l = remaining.max(min_width).max(1);
        pieces.push(piece(remaining, l, use_sep));
    }
    pieces.iter().rev().map(String::as_str).collect()
}

/// Lays out `[sign][prefix][digits][.remainder]` with padding, like CPython's fill_number.
fn layout_number(
    f: &Spec,
    negative: bool,
    prefix: &str,
    digits: &[char],
    has_decimal: bool,
    remainder: &str,
) -> String {
    let sign = match f.sign {
        Some('+') => Some(if negative { '-' } else { '+' }),
        Some(' ') => Some(if negative { '-' } else { ' ' }),
        _ => negative.then_some('-'),
    };
    let n_non_digit = i64::from(sign.is_some())
        + prefix.chars().count() as i64
        + i64::from(has_decimal)
        + remainder.chars().count() as i64;
    let width = f.width.map_or(-1, |w| w as i64);
    let n_min_width = if f.fill == '0' && f.align == '=' {
        width - n_non_digit
    } else {
        0
    };
    let grouped = if digits.is_empty() {
        String::new()
    } else {
        group_digits(digits, n_min_width, f.grouping)
    };
    let n_padding = (width - (n_non_digit + grouped.chars().count() as i64)).max(0) as usize;
    let (lpad, spad, rpad) = match f.align {
        '<' => (0, 0, n_padding),
        '^' => (n_padding / 2, 0, n_padding - n_padding / 2),
        '=' => (0, n_padding, 0),
        _ => (n_padding, 0, 0),
    };
    let mut out = String::new();
    push_fill(&mut out, f.fill, lpad);
    if let Some(c) = sign {
        out.push(c);
    }
    out.push_str(prefix);
    push_fill(&mut out, f.fill, spad);
    out.push_str(&grouped);
    if has_decimal {
        out.push('.');
    }
    out.push_str(remainder);
    push_fill(&mut out, f.fill, rpad);
    out
}

fn format_long_internal(x: i64, f: &Spec) -> Result<String, String> {
    if f.precision.is_some() {
        return Err("Precision not allowed in integer format specifier".to_string());
    }
    if f.no_neg_0 {
        return Err(
            "Negative zero coercion (z) not allowed in integer format specifier".to_string(),
        );
    }
    if f.ty == Some('c') {
        if f.sign.is_some() {
            return Err("Sign not allowed with integer format specifier 'c'".to_string());
        }
        if f.alternate {
            return Err(
                "Alternate form (#) not allowed with integer format specifier 'c'".to_string(),
            );
        }
        let ch = u32::try_from(x)
            .ok()
            .filter(|&v| v < 0x110000)
            .ok_or_else(|| "%c arg not in range(0x110000)".to_string())?;
        // Lone surrogates are valid Python str contents but not Rust chars.
        let c = char::from_u32(ch)
            .ok_or_else(|| "%c arg is a surrogate code point (unsupported)".to_string())?;
        return Ok(layout_number(f, false, "", &[], false, &c.to_string()));
    }
    let v = x.unsigned_abs();
    let (prefix, digits) = match f.ty {
        Some('b') => ("0b", format!("{v:b}")),
        Some('o') => ("0o", format!("{v:o}")),
        Some('x') => ("0x", format!("{v:x}")),
        Some('X') => ("0X", format!("{v:X}")),
        _ => ("", v.to_string()),
    };
    let prefix = if f.alternate { prefix } else { "" };
    let digits: Vec<char> = digits.chars().collect();
    Ok(layout_number(f, x < 0, prefix, &digits, false, ""))
}

fn format_float_internal(x: f64, f: &Spec) -> Result<String, String> {
    let mut ty = f.ty.unwrap_or('r');
    let mut flags = Flags {
        alt: f.alternate,
        no_neg_0: f.no_neg_0,
        ..Flags::default()
    };
    let mut default_precision = 6;
    if f.ty.is_none() {
        flags.add_dot_0 = true;
        default_precision = 0;
    }
    if ty == 'n' {
        ty = 'g';
    }
    let mut val = x;
    let mut add_pct = false;
    if ty == '%' {
        ty = 'f';
        val *= 100.0;
        add_pct = true;
    }
    let precision = match f.precision {
        None => default_precision,
        Some(p) => {
            if ty == 'r' {
                ty = 'g';
            }
            p
        }
    };
    let mut buf = double_to_string(val, ty, precision, flags);
    if add_pct {
        buf.push('%');
    }
    let (negative, body) = match buf.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, buf.as_str()),
    };
    let digits: Vec<char> = body.chars().take_while(char::is_ascii_digit).collect();
    let after = body.get(digits.len()..).unwrap_or("");
    let (has_decimal, remainder) = match after.strip_prefix('.') {
        Some(r) => (true, r),
        None => (false, after),
    };
    Ok(layout_number(
        f,
        negative,
        "",
        &digits,
        has_decimal,
        remainder,
    ))
}

// ---------------------------------------------------------------------------
// PyOS_double_to_string / format_float_short
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Default)]
struct Flags {
    add_dot_0: bool,
    alt: bool,
    no_neg_0: bool,
}

impl Flags {
    const ADD_DOT_0: Flags = Flags {
        add_dot_0: true,
        alt: false,
        no_neg_0: false,
    };
}

/// Decimal digits of a finite, non-negative `x` as `_Py_dg_dtoa` returns them: no leading or
/// trailing zeros (zero is `"0"` with decpt 1), value = 0.d1d2d3... * 10^decpt.
/// mode 0: shortest round-trip; mode 2: `n` significant digits; mode 3: `n` digits after
/// the decimal point.
fn dtoa(x: f64, mode: u8, n: usize) -> (Vec<u8>, i64) {
    if x == 0.0 {
        return (vec![b'0'], 1);
    }
    // Every f64 has at most 1074 digits after the point and 767 significant digits, so
    // asking for more only adds trailing zeros (which are stripped). Rust also caps
    // precision arguments at u16::MAX.
    let n_exact = n.min(EXACT_DIGITS);
    match mode {
        3 => {
            let s = format!("{x:.n_exact$}");
            let (int_part, frac) = s.split_once('.').unwrap_or((s.as_str(), ""));
            let mut decpt = int_part.len() as i64;
            let all: Vec<u8> = int_part.bytes().chain(frac.bytes()).collect();
            let lead = all.iter().take_while(|&&b| b == b'0').count();
            decpt -= lead as i64;
            let mut digits: Vec<u8> = all.get(lead..).unwrap_or(&[]).to_vec();
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
            if digits.is_empty() {
                // Rounds to zero: no digits, decimal point just after the last requested one.
                return (digits, -(n as i64));
            }
            (digits, decpt)
        }
        _ => {
            let s = if mode == 0 {
                shortest_e(x)
            } else {
                format!("{:.*e}", n_exact.max(1) - 1, x)
            };
            let (mant, exp) = s.split_once('e').unwrap_or((s.as_str(), "0"));
            let exp: i64 = exp.parse().unwrap_or(0);
            let mut digits: Vec<u8> = mant.bytes().filter(u8::is_ascii_digit).collect();
            while digits.len() > 1 && digits.last() == Some(&b'0') {
                digits.pop();
            }
            (digits, exp + 1)
        }
    }
}

/// Shortest round-trip digits in `{:e}` form. Rust's shortest algorithm resolves an exact
/// tie between two equally short candidates upwards; `_Py_dg_dtoa` rounds half to even.
/// The correctly rounded (half-even) string of the same length is used when it round-trips.
fn shortest_e(x: f64) -> String {
    let s = format!("{x:e}");
    let n_digits = s
        .split('e')
        .next()
        .map_or(0, |m| m.bytes().filter(u8::is_ascii_digit).count());
    let exact = format!("{:.*e}", n_digits.saturating_sub(1), x);
    if exact != s && exact.parse::<f64>() == Ok(x) {
        exact
    } else {
        s
    }
}

/// Port of CPython's `PyOS_double_to_string` (without `Py_DTSF_SIGN`).
/// `code` is one of `e E f F g G r`.
fn double_to_string(x: f64, code: char, precision: usize, flags: Flags) -> String {
    let upper = code.is_ascii_uppercase();
    let code = code.to_ascii_lowercase();
    let (mode, precision) = match code {
        'e' => (2u8, precision + 1),
        'f' => (3, precision),
        'g' => (2, precision.max(1)),
        _ => (0, 0),
    };
    let mut sign = x.is_sign_negative();
    if x.is_nan() {
        return if upper { "NAN" } else { "nan" }.to_string();
    }
    if x.is_infinite() {
        let s = if upper { "INF" } else { "inf" };
        return if sign { format!("-{s}") } else { s.to_string() };
    }
    let (digits, decpt0) = dtoa(x.abs(), mode, precision);
    let digits_len = digits.len() as i64;
    if flags.no_neg_0 && sign && (digits.is_empty() || digits == b"0") {
        sign = false;
    }
    let precision = precision as i64;
    let mut decpt = decpt0;
    let mut use_exp = false;
    let mut vdigits_end = digits_len;
    match code {
        'e' => {
            use_exp = true;
            vdigits_end = precision;
        }
        'f' => vdigits_end = decpt + precision,
        'g' => {
            let limit = if flags.add_dot_0 {
                precision - 1
            } else {
                precision
            };
            if decpt <= -4 || decpt > limit {
                use_exp = true;
            }
            if flags.alt {
                vdigits_end = precision;
            }
        }
        _ => {
            if decpt <= -4 || decpt > 16 {
                use_exp = true;
            }
        }
    }
    let mut exp = 0i64;
    if use_exp {
        exp = decpt - 1;
        decpt = 1;
    }
    let vdigits_start = if decpt <= 0 { decpt - 1 } else { 0 };
    vdigits_end = if !use_exp && flags.add_dot_0 {
        vdigits_end.max(decpt + 1)
    } else {
        vdigits_end.max(decpt)
    };

    let zeros = |out: &mut String, n: i64| push_fill(out, '0', n.max(0) as usize);
    let digit_str = |a: i64, b: i64| -> String {
        let a = a.clamp(0, digits_len) as usize;
        let b = b.clamp(0, digits_len) as usize;
        digits
            .get(a..b.max(a))
            .map(|d| String::from_utf8_lossy(d).into_owned())
            .unwrap_or_default()
    };
    let mut out = String::new();
    if sign {
        out.push('-');
    }
    if decpt <= 0 {
        zeros(&mut out, decpt - vdigits_start);
        out.push('.');
        zeros(&mut out, -decpt);
    } else {
        zeros(&mut out, -vdigits_start);
    }
    if 0 < decpt && decpt <= digits_len {
        out.push_str(&digit_str(0, decpt));
        out.push('.');
        out.push_str(&digit_str(decpt, digits_len));
    } else {
        out.push_str(&digit_str(0, digits_len));
    }
    if digits_len < decpt {
        zeros(&mut out, decpt - digits_len);
        out.push('.');
        zeros(&mut out, vdigits_end - decpt);
    } else {
        zeros(&mut out, vdigits_end - digits_len);
    }
    if out.ends_with('.') && !flags.alt {
        out.pop();
    }
    if use_exp {
        out.push(if upper { 'E' } else { 'e' });
        out.push(if exp < 0 { '-' } else { '+' });
        let a = exp.unsigned_abs();
        if a < 10 {
            out.push('0');
        }
        out.push_str(&a.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: f64, want: &str) {
        assert_eq!(float_repr(x), want, "repr({x:?})");
    }

    fn f(x: f64, spec: &str, want: Result<&str, &str>) {
        let want = want.map(str::to_string).map_err(str::to_string);
        assert_eq!(format_float(x, spec), want, "format({x:?}, {spec:?})");
    }

    fn i(x: i64, spec: &str, want: Result<&str, &str>) {
        let want = want.map(str::to_string).map_err(str::to_string);
        assert_eq!(format_int(x, spec), want, "format({x}, {spec:?})");
    }

    fn s(x: &str, spec: &str, want: Result<&str, &str>) {
        let want = want.map(str::to_string).map_err(str::to_string);
        assert_eq!(format_str(x, spec), want, "format({x:?}, {spec:?})");
    }

    /// Long results: check length and both ends.
    fn fl(x: f64, spec: &str, len: usize, head: &str, tail: &str) {
        let got = format_float(x, spec).unwrap_or_default();
        assert_eq!(got.chars().count(), len, "format({x:?}, {spec:?})");
        assert!(
            got.starts_with(head) && got.ends_with(tail),
            "format({x:?}, {spec:?})"
        );
    }

    #[test]
    fn float_str_e_matches_format() {
        for x in [
            0.0,
            -0.0,
            1e-5,
            123456.789,
            -2.5e-300,
            f64::NAN,
            f64::NEG_INFINITY,
        ] {
            for p in [0, 1, 4, 8] {
                assert_eq!(Ok(float_str_e(x, p)), format_float(x, &format!(".{p}e")));
            }
        }
        assert_eq!(float_str_e(1e-5, 4), "1.0000e-05");
        assert_eq!(float_str_e(1e10, 4), "1.0000e+10");
    }

    // BEGIN GENERATED by gen/gen_pyfmt.py (expected strings printed by Python 3.11)
    #[test]
    fn python_repr() {
        r(0.0, "0.0");
        r(-0.0, "-0.0");
        r(0.1, "0.1");
        r(0.30000000000000004, "0.30000000000000004");
        r(1.0, "1.0");
        r(100.0, "100.0");
        r(1e-05, "1e-05");
        r(0.0001, "0.0001");
        r(0.001, "0.001");
        r(1e+16, "1e+16");
        r(1000000000000000.0, "1000000000000000.0");
        r(9999999999999998.0, "9999999999999998.0");
        r(1.5e+16, "1.5e+16");
        r(1.2345678901234568e+17, "1.2345678901234568e+17");
        r(1e+22, "1e+22");
        r(1e+23, "1e+23");
        r(5e-324, "5e-324");
        r(2.2250738585072014e-308, "2.2250738585072014e-308");
        r(1.7976931348623157e+308, "1.7976931348623157e+308");
        r(f64::INFINITY, "inf");
        r(f64::NEG_INFINITY, "-inf");
        r(f64::NAN, "nan");
        r(2.675, "2.675");
        r(0.3333333333333333, "0.3333333333333333");
        r(0.6666666666666666, "0.6666666666666666");
        r(-1.5, "-1.5");
        r(6.02214, "6.02214");
        r(251.62698364257812, "251.62698364257812");
        r(0.30000000000000004, "0.30000000000000004");
        r(1e-07, "1e-07");
        r(123.456, "123.456");
        r(1e+100, "1e+100");
        r(12345678.9, "12345678.9");
        r(9007199254740992.0, "9007199254740992.0");
        r(9007199254740994.0, "9007199254740994.0");
        r(0.7999999999999999, "0.7999999999999999");
        r(4.35, "4.35");
        r(1e-310, "1e-310");
        r(1895122.4656500672, "1895122.4656500672");
        r(-6.297830858574641e-201, "-6.297830858574641e-201");
        r(1.477281932643959, "1.477281932643959");
        r(4.8959585264576934e+278, "4.8959585264576934e+278");
        r(52403284738593.31, "52403284738593.31");
        r(1.4588437963928669e+66, "1.4588437963928669e+66");
        r(95074.78544878383, "95074.78544878383");
        r(-2.471417988383651e+173, "-2.471417988383651e+173");
        r(26585855.715094764, "26585855.715094764");
        r(-4.545896140860994e-14, "-4.545896140860994e-14");
        r(142234568130518.88, "142234568130518.88");
        r(3.866449890927316e-74, "3.866449890927316e-74");
        r(15855.982493202726, "15855.982493202726");
        r(-9.404446511312006e+34, "-9.404446511312006e+34");
        r(21897175.422951397, "21897175.422951397");
        r(-1.947352315746904e+114, "-1.947352315746904e+114");
        r(9003111709246581.0, "9003111709246581.0");
        r(7.106101800028059e-204, "7.106101800028059e-204");
        r(213269.15977036292, "213269.15977036292");
        r(-2.1888367315112703e+224, "-2.1888367315112703e+224");
        r(42.600200221625386, "42.600200221625386");
        r(6.523709363967305e+80, "6.523709363967305e+80");
        r(963288.757990048, "963288.757990048");
        r(5.512596216870721e-272, "5.512596216870721e-272");
        r(57942882.084849864, "57942882.084849864");
        r(-2.5927937746066815e+119, "-2.5927937746066815e+119");
        r(435175559760331.25, "435175559760331.25");
        r(7.771400548145935e-288, "7.771400548145935e-288");
        r(469494661405.7035, "469494661405.7035");
        r(-8.813722369040187e+197, "-8.813722369040187e+197");
        r(504644877.3945839, "504644877.3945839");
        r(-4.4124872996083094e-51, "-4.4124872996083094e-51");
        r(472643003996588.75, "472643003996588.75");
        r(-4.877402678632136e-149, "-4.877402678632136e-149");
        r(2317354342.213983, "2317354342.213983");
        r(6.204497722829631e+75, "6.204497722829631e+75");
        r(4066645.2854802907, "4066645.2854802907");
        r(-2.671920137368832e+213, "-2.671920137368832e+213");
        r(73995140201.40582, "73995140201.40582");
        r(4.437836319806497e-184, "4.437836319806497e-184");
        r(2009688.0876401365, "2009688.0876401365");
        r(2.052132435276533e+292, "2.052132435276533e+292");
        r(12642328.948722247, "12642328.948722247");
        r(1.476294327498283e-73, "1.476294327498283e-73");
        r(35156209.24940823, "35156209.24940823");
        r(1.7021004551247649e+165, "1.7021004551247649e+165");
        r(105992647.4565115, "105992647.4565115");
        r(3.32424775060378e-46, "3.32424775060378e-46");
        r(0.13489747053038, "0.13489747053038");
        r(-3.596781218505223e+277, "-3.596781218505223e+277");
        r(43168764980.16174, "43168764980.16174");
        r(1.5795000088437947e+178, "1.5795000088437947e+178");
        r(451859096332534.5, "451859096332534.5");
        r(3.427385883019569e-128, "3.427385883019569e-128");
        r(121370064535.11761, "121370064535.11761");
        r(-1.9182857206761843e+28, "-1.9182857206761843e+28");
        r(0.6579111148515532, "0.6579111148515532");
        r(1.6531441360879889e+168, "1.6531441360879889e+168");
        r(41816482533883.53, "41816482533883.53");
        r(-1.172219718786459e-206, "-1.172219718786459e-206");
    }

    #[test]
    fn python_float() {
        f(0.0, "", Ok("0.0"));
        f(0.0, ".2f", Ok("0.00"));
        f(0.0, ".0f", Ok("0"));
        f(0.0, "f", Ok("0.000000"));
        f(0.0, ".4f", Ok("0.0000"));
        f(0.0, ".10f", Ok("0.0000000000"));
        f(0.0, "e", Ok("0.000000e+00"));
        f(0.0, ".4e", Ok("0.0000e+00"));
        f(0.0, ".0e", Ok("0e+00"));
        f(0.0, "E", Ok("0.000000E+00"));
        f(0.0, "g", Ok("0"));
        f(0.0, ".3g", Ok("0"));
        f(0.0, ".1g", Ok("0"));
        f(0.0, ".0g", Ok("0"));
        f(0.0, "G", Ok("0"));
        f(0.0, ".10g", Ok("0"));
        f(0.0, "#g", Ok("0.00000"));
        f(0.0, "#.3g", Ok("0.00"));
        f(0.0, "#.0f", Ok("0."));
        f(0.0, "#.0e", Ok("0.e+00"));
        f(0.0, "%", Ok("0.000000%"));
        f(0.0, ".1%", Ok("0.0%"));
        f(0.0, ".3", Ok("0.0"));
        f(0.0, ".1", Ok("0e+00"));
        f(0.0, "10.3", Ok("       0.0"));
        f(0.0, "n", Ok("0"));
        f(0.0, ".3n", Ok("0"));
        f(0.0, ",", Ok("0.0"));
        f(0.0, ",.2f", Ok("0.00"));
        f(0.0, "_.3f", Ok("0.000"));
        f(0.0, "015,.2f", Ok("0,000,000,000.00"));
        f(0.0, "010.2f", Ok("0000000.00"));
        f(0.0, "+.2f", Ok("+0.00"));
        f(0.0, " .2f", Ok(" 0.00"));
        f(0.0, "-.2f", Ok("0.00"));
        f(0.0, "+", Ok("+0.0"));
        f(0.0, " ", Ok(" 0.0"));
        f(0.0, "z.2f", Ok("0.00"));
        f(0.0, "z", Ok("0.0"));
        f(0.0, "<12.3f", Ok("0.000       "));
        f(0.0, ">12.3f", Ok("       0.000"));
        f(0.0, "^12.3f", Ok("   0.000    "));
        f(0.0, "=12.3f", Ok("       0.000"));
        f(0.0, "*^15.3e", Ok("***0.000e+00***"));
        f(0.0, "0=12.3f", Ok("00000000.000"));
        f(0.0, "x<10", Ok("0.0xxxxxxx"));
        f(0.0, "0<10", Ok("0.00000000"));
        f(0.0, "012", Ok("0000000000.0"));
        f(0.0, "+012,.1f", Ok("+0,000,000.0"));
        f(0.0, ".20f", Ok("0.00000000000000000000"));
        f(0.0, ".17g", Ok("0"));
        f(0.0, ".25e", Ok("0.0000000000000000000000000e+00"));
        f(0.0, "#", Ok("0.0"));
        f(0.0, "#.3", Ok("0.00"));
        f(0.0, "12", Ok("         0.0"));
        f(0.0, "^12", Ok("    0.0     "));
        f(0.0, ",g", Ok("0"));
        f(0.0, "_e", Ok("0.000000e+00"));
        f(0.0, "F", Ok("0.000000"));
        f(0.0, ".3F", Ok("0.000"));
        f(0.0, ".3E", Ok("0.000E+00"));
        f(0.0, "_.0f", Ok("0"));
        f(0.0, ",%", Ok("0.000000%"));
        f(0.0, "020_.3g", Ok("0_000_000_000_000_000"));
        f(0.0, "한>10.2f", Ok("한한한한한한0.00"));
        f(-0.0, "", Ok("-0.0"));
        f(-0.0, ".2f", Ok("-0.00"));
        f(-0.0, ".0f", Ok("-0"));
        f(-0.0, "f", Ok("-0.000000"));
        f(-0.0, ".4f", Ok("-0.0000"));
        f(-0.0, ".10f", Ok("-0.0000000000"));
        f(-0.0, "e", Ok("-0.000000e+00"));
        f(-0.0, ".4e", Ok("-0.0000e+00"));
        f(-0.0, ".0e", Ok("-0e+00"));
        f(-0.0, "E", Ok("-0.000000E+00"));
        f(-0.0, "g", Ok("-0"));
        f(-0.0, ".3g", Ok("-0"));
        f(-0.0, ".1g", Ok("-0"));
        f(-0.0, ".0g", Ok("-0"));
        f(-0.0, "G", Ok("-0"));
        f(-0.0, ".10g", Ok("-0"));
        f(-0.0, "#g", Ok("-0.00000"));
        f(-0.0, "#.3g", Ok("-0.00"));
        f(-0.0, "#.0f", Ok("-0."));
        f(-0.0, "#.0e", Ok("-0.e+00"));
        f(-0.0, "%", Ok("-0.000000%"));
        f(-0.0, ".1%", Ok("-0.0%"));
        f(-0.0, ".3", Ok("-0.0"));
        f(-0.0, ".1", Ok("-0e+00"));
        f(-0.0, "10.3", Ok("      -0.0"));
        f(-0.0, "n", Ok("-0"));
        f(-0.0, ".3n", Ok("-0"));
        f(-0.0, ",", Ok("-0.0"));
        f(-0.0, ",.2f", Ok("-0.00"));
        f(-0.0, "_.3f", Ok("-0.000"));
        f(-0.0, "015,.2f", Ok("-000,000,000.00"));
        f(-0.0, "010.2f", Ok("-000000.00"));
        f(-0.0, "+.2f", Ok("-0.00"));
        f(-0.0, " .2f", Ok("-0.00"));
        f(-0.0, "-.2f", Ok("-0.00"));
        f(-0.0, "+", Ok("-0.0"));
        f(-0.0, " ", Ok("-0.0"));
        f(-0.0, "z.2f", Ok("0.00"));
        f(-0.0, "z", Ok("0.0"));
        f(-0.0, "<12.3f", Ok("-0.000      "));
        f(-0.0, ">12.3f", Ok("      -0.000"));
        f(-0.0, "^12.3f", Ok("   -0.000   "));
        f(-0.0, "=12.3f", Ok("-      0.000"));
        f(-0.0, "*^15.3e", Ok("**-0.000e+00***"));
        f(-0.0, "0=12.3f", Ok("-0000000.000"));
        f(-0.0, "x<10", Ok("-0.0xxxxxx"));
        f(-0.0, "0<10", Ok("-0.0000000"));
        f(-0.0, "012", Ok("-000000000.0"));
        f(-0.0, "+012,.1f", Ok("-0,000,000.0"));
        f(-0.0, ".20f", Ok("-0.00000000000000000000"));
        f(-0.0, ".17g", Ok("-0"));
        f(-0.0, ".25e", Ok("-0.0000000000000000000000000e+00"));
        f(-0.0, "#", Ok("-0.0"));
        f(-0.0, "#.3", Ok("-0.00"));
        f(-0.0, "12", Ok("        -0.0"));
        f(-0.0, "^12", Ok("    -0.0    "));
        f(-0.0, ",g", Ok("-0"));
        f(-0.0, "_e", Ok("-0.000000e+00"));
        f(-0.0, "F", Ok("-0.000000"));
        f(-0.0, ".3F", Ok("-0.000"));
        f(-0.0, ".3E", Ok("-0.000E+00"));
        f(-0.0, "_.0f", Ok("-0"));
        f(-0.0, ",%", Ok("-0.000000%"));
        f(-0.0, "020_.3g", Ok("-000_000_000_000_000"));
        f(-0.0, "한>10.2f", Ok("한한한한한-0.00"));
        f(1.0, "", Ok("1.0"));
        f(1.0, ".2f", Ok("1.00"));
        f(1.0, ".0f", Ok("1"));
        f(1.0, "f", Ok("1.000000"));
        f(1.0, ".4f", Ok("1.0000"));
        f(1.0, ".10f", Ok("1.0000000000"));
        f(1.0, "e", Ok("1.000000e+00"));
        f(1.0, ".4e", Ok("1.0000e+00"));
        f(1.0, ".0e", Ok("1e+00"));
        f(1.0, "E", Ok("1.000000E+00"));
        f(1.0, "g", Ok("1"));
        f(1.0, ".3g", Ok("1"));
        f(1.0, ".1g", Ok("1"));
        f(1.0, ".0g", Ok("1"));
        f(1.0, "G", Ok("1"));
        f(1.0, ".10g", Ok("1"));
        f(1.0, "#g", Ok("1.00000"));
        f(1.0, "#.3g", Ok("1.00"));
        f(1.0, "#.0f", Ok("1."));
        f(1.0, "#.0e", Ok("1.e+00"));
        f(1.0, "%", Ok("100.000000%"));
        f(1.0, ".1%", Ok("100.0%"));
        f(1.0, ".3", Ok("1.0"));
        f(1.0, ".1", Ok("1e+00"));
        f(1.0, "10.3", Ok("       1.0"));
        f(1.0, "n", Ok("1"));
        f(1.0, ".3n", Ok("1"));
        f(1.0, ",", Ok("1.0"));
        f(1.0, ",.2f", Ok("1.00"));
        f(1.0, "_.3f", Ok("1.000"));
        f(1.0, "015,.2f", Ok("0,000,000,001.00"));
        f(1.0, "010.2f", Ok("0000001.00"));
        f(1.0, "+.2f", Ok("+1.00"));
        f(1.0, " .2f", Ok(" 1.00"));
        f(1.0, "-.2f", Ok("1.00"));
        f(1.0, "+", Ok("+1.0"));
        f(1.0, " ", Ok(" 1.0"));
        f(1.0, "z.2f", Ok("1.00"));
        f(1.0, "z", Ok("1.0"));
        f(1.0, "<12.3f", Ok("1.000       "));
        f(1.0, ">12.3f", Ok("       1.000"));
        f(1.0, "^12.3f", Ok("   1.000    "));
        f(1.0, "=12.3f", Ok("       1.000"));
        f(1.0, "*^15.3e", Ok("***1.000e+00***"));
        f(1.0, "0=12.3f", Ok("00000001.000"));
        f(1.0, "x<10", Ok("1.0xxxxxxx"));
        f(1.0, "0<10", Ok("1.00000000"));
        f(1.0, "012", Ok("0000000001.0"));
        f(1.0, "+012,.1f", Ok("+0,000,001.0"));
        f(1.0, ".20f", Ok("1.00000000000000000000"));
        f(1.0, ".17g", Ok("1"));
        f(1.0, ".25e", Ok("1.0000000000000000000000000e+00"));
        f(1.0, "#", Ok("1.0"));
        f(1.0, "#.3", Ok("1.00"));
        f(1.0, "12", Ok("         1.0"));
        f(1.0, "^12", Ok("    1.0     "));
        f(1.0, ",g", Ok("1"));
        f(1.0, "_e", Ok("1.000000e+00"));
        f(1.0, "F", Ok("1.000000"));
        f(1.0, ".3F", Ok("1.000"));
        f(1.0, ".3E", Ok("1.000E+00"));
        f(1.0, "_.0f", Ok("1"));
        f(1.0, ",%", Ok("100.000000%"));
        f(1.0, "020_.3g", Ok("0_000_000_000_000_001"));
        f(1.0, "한>10.2f", Ok("한한한한한한1.00"));
        f(-1.5, "", Ok("-1.5"));
        f(-1.5, ".2f", Ok("-1.50"));
        f(-1.5, ".0f", Ok("-2"));
        f(-1.5, "f", Ok("-1.500000"));
        f(-1.5, ".4f", Ok("-1.5000"));
        f(-1.5, ".10f", Ok("-1.5000000000"));
        f(-1.5, "e", Ok("-1.500000e+00"));
        f(-1.5, ".4e", Ok("-1.5000e+00"));
        f(-1.5, ".0e", Ok("-2e+00"));
        f(-1.5, "E", Ok("-1.500000E+00"));
        f(-1.5, "g", Ok("-1.5"));
        f(-1.5, ".3g", Ok("-1.5"));
        f(-1.5, ".1g", Ok("-2"));
        f(-1.5, ".0g", Ok("-2"));
        f(-1.5, "G", Ok("-1.5"));
        f(-1.5, ".10g", Ok("-1.5"));
        f(-1.5, "#g", Ok("-1.50000"));
        f(-1.5, "#.3g", Ok("-1.50"));
        f(-1.5, "#.0f", Ok("-2."));
        f(-1.5, "#.0e", Ok("-2.e+00"));
        f(-1.5, "%", Ok("-150.000000%"));
        f(-1.5, ".1%", Ok("-150.0%"));
        f(-1.5, ".3", Ok("-1.5"));
        f(-1.5, ".1", Ok("-2e+00"));
        f(-1.5, "10.3", Ok("      -1.5"));
        f(-1.5, "n", Ok("-1.5"));
        f(-1.5, ".3n", Ok("-1.5"));
        f(-1.5, ",", Ok("-1.5"));
        f(-1.5, ",.2f", Ok("-1.50"));
        f(-1.5, "_.3f", Ok("-1.500"));
        f(-1.5, "015,.2f", Ok("-000,000,001.50"));
        f(-1.5, "010.2f", Ok("-000001.50"));
        f(-1.5, "+.2f", Ok("-1.50"));
        f(-1.5, " .2f", Ok("-1.50"));
        f(-1.5, "-.2f", Ok("-1.50"));
        f(-1.5, "+", Ok("-1.5"));
        f(-1.5, " ", Ok("-1.5"));
        f(-1.5, "z.2f", Ok("-1.50"));
        f(-1.5, "z", Ok("-1.5"));
        f(-1.5, "<12.3f", Ok("-1.500      "));
        f(-1.5, ">12.3f", Ok("      -1.500"));
        f(-1.5, "^12.3f", Ok("   -1.500   "));
        f(-1.5, "=12.3f", Ok("-      1.500"));
        f(-1.5, "*^15.3e", Ok("**-1.500e+00***"));
        f(-1.5, "0=12.3f", Ok("-0000001.500"));
        f(-1.5, "x<10", Ok("-1.5xxxxxx"));
        f(-1.5, "0<10", Ok("-1.5000000"));
        f(-1.5, "012", Ok("-000000001.5"));
        f(-1.5, "+012,.1f", Ok("-0,000,001.5"));
        f(-1.5, ".20f", Ok("-1.50000000000000000000"));
        f(-1.5, ".17g", Ok("-1.5"));
        f(-1.5, ".25e", Ok("-1.5000000000000000000000000e+00"));
        f(-1.5, "#", Ok("-1.5"));
        f(-1.5, "#.3", Ok("-1.50"));
        f(-1.5, "12", Ok("        -1.5"));
        f(-1.5, "^12", Ok("    -1.5    "));
        f(-1.5, ",g", Ok("-1.5"));
        f(-1.5, "_e", Ok("-1.500000e+00"));
        f(-1.5, "F", Ok("-1.500000"));
        f(-1.5, ".3F", Ok("-1.500"));
        f(-1.5, ".3E", Ok("-1.500E+00"));
        f(-1.5, "_.0f", Ok("-2"));
        f(-1.5, ",%", Ok("-150.000000%"));
        f(-1.5, "020_.3g", Ok("-0_000_000_000_001.5"));
        f(-1.5, "한>10.2f", Ok("한한한한한-1.50"));
        f(0.125, "", Ok("0.125"));
        f(0.125, ".2f", Ok("0.12"));
        f(0.125, ".0f", Ok("0"));
        f(0.125, "f", Ok("0.125000"));
        f(0.125, ".4f", Ok("0.1250"));
        f(0.125, ".10f", Ok("0.1250000000"));
        f(0.125, "e", Ok("1.250000e-01"));
        f(0.125, ".4e", Ok("1.2500e-01"));
        f(0.125, ".0e", Ok("1e-01"));
        f(0.125, "E", Ok("1.250000E-01"));
        f(0.125, "g", Ok("0.125"));
        f(0.125, ".3g", Ok("0.125"));
        f(0.125, ".1g", Ok("0.1"));
        f(0.125, ".0g", Ok("0.1"));
        f(0.125, "G", Ok("0.125"));
        f(0.125, ".10g", Ok("0.125"));
        f(0.125, "#g", Ok("0.125000"));
        f(0.125, "#.3g", Ok("0.125"));
        f(0.125, "#.0f", Ok("0."));
        f(0.125, "#.0e", Ok("1.e-01"));
        f(0.125, "%", Ok("12.500000%"));
        f(0.125, ".1%", Ok("12.5%"));
        f(0.125, ".3", Ok("0.125"));
        f(0.125, ".1", Ok("0.1"));
        f(0.125, "10.3", Ok("     0.125"));
        f(0.125, "n", Ok("0.125"));
        f(0.125, ".3n", Ok("0.125"));
        f(0.125, ",", Ok("0.125"));
        f(0.125, ",.2f", Ok("0.12"));
        f(0.125, "_.3f", Ok("0.125"));
        f(0.125, "015,.2f", Ok("0,000,000,000.12"));
        f(0.125, "010.2f", Ok("0000000.12"));
        f(0.125, "+.2f", Ok("+0.12"));
        f(0.125, " .2f", Ok(" 0.12"));
        f(0.125, "-.2f", Ok("0.12"));
        f(0.125, "+", Ok("+0.125"));
        f(0.125, " ", Ok(" 0.125"));
        f(0.125, "z.2f", Ok("0.12"));
        f(0.125, "z", Ok("0.125"));
        f(0.125, "<12.3f", Ok("0.125       "));
        f(0.125, ">12.3f", Ok("       0.125"));
        f(0.125, "^12.3f", Ok("   0.125    "));
        f(0.125, "=12.3f", Ok("       0.125"));
        f(0.125, "*^15.3e", Ok("***1.250e-01***"));
        f(0.125, "0=12.3f", Ok("00000000.125"));
        f(0.125, "x<10", Ok("0.125xxxxx"));
        f(0.125, "0<10", Ok("0.12500000"));
        f(0.125, "012", Ok("00000000.125"));
        f(0.125, "+012,.1f", Ok("+0,000,000.1"));
        f(0.125, ".20f", Ok("0.12500000000000000000"));
        f(0.125, ".17g", Ok("0.125"));
        f(0.125, ".25e", Ok("1.2500000000000000000000000e-01"));
        f(0.125, "#", Ok("0.125"));
        f(0.125, "#.3", Ok("0.125"));
        f(0.125, "12", Ok("       0.125"));
        f(0.125, "^12", Ok("   0.125    "));
        f(0.125, ",g", Ok("0.125"));
        f(0.125, "_e", Ok("1.250000e-01"));
        f(0.125, "F", Ok("0.125000"));
        f(0.125, ".3F", Ok("0.125"));
        f(0.125, ".3E", Ok("1.250E-01"));
        f(0.125, "_.0f", Ok("0"));
        f(0.125, ",%", Ok("12.500000%"));
        f(0.125, "020_.3g", Ok("0_000_000_000_000.125"));
        f(0.125, "한>10.2f", Ok("한한한한한한0.12"));
        f(2.675, "", Ok("2.675"));
        f(2.675, ".2f", Ok("2.67"));
        f(2.675, ".0f", Ok("3"));
        f(2.675, "f", Ok("2.675000"));
        f(2.675, ".4f", Ok("2.6750"));
        f(2.675, ".10f", Ok("2.6750000000"));
        f(2.675, "e", Ok("2.675000e+00"));
        f(2.675, ".4e", Ok("2.6750e+00"));
        f(2.675, ".0e", Ok("3e+00"));
        f(2.675, "E", Ok("2.675000E+00"));
        f(2.675, "g", Ok("2.675"));
        f(2.675, ".3g", Ok("2.67"));
        f(2.675, ".1g", Ok("3"));
        f(2.675, ".0g", Ok("3"));
        f(2.675, "G", Ok("2.675"));
        f(2.675, ".10g", Ok("2.675"));
        f(2.675, "#g", Ok("2.67500"));
        f(2.675, "#.3g", Ok("2.67"));
        f(2.675, "#.0f", Ok("3."));
        f(2.675, "#.0e", Ok("3.e+00"));
        f(2.675, "%", Ok("267.500000%"));
        f(2.675, ".1%", Ok("267.5%"));
        f(2.675, ".3", Ok("2.67"));
        f(2.675, ".1", Ok("3e+00"));
        f(2.675, "10.3", Ok("      2.67"));
        f(2.675, "n", Ok("2.675"));
        f(2.675, ".3n", Ok("2.67"));
        f(2.675, ",", Ok("2.675"));
        f(2.675, ",.2f", Ok("2.67"));
        f(2.675, "_.3f", Ok("2.675"));
        f(2.675, "015,.2f", Ok("0,000,000,002.67"));
        f(2.675, "010.2f", Ok("0000002.67"));
        f(2.675, "+.2f", Ok("+2.67"));
        f(2.675, " .2f", Ok(" 2.67"));
        f(2.675, "-.2f", Ok("2.67"));
        f(2.675, "+", Ok("+2.675"));
        f(2.675, " ", Ok(" 2.675"));
        f(2.675, "z.2f", Ok("2.67"));
        f(2.675, "z", Ok("2.675"));
        f(2.675, "<12.3f", Ok("2.675       "));
        f(2.675, ">12.3f", Ok("       2.675"));
        f(2.675, "^12.3f", Ok("   2.675    "));
        f(2.675, "=12.3f", Ok("       2.675"));
        f(2.675, "*^15.3e", Ok("***2.675e+00***"));
        f(2.675, "0=12.3f", Ok("00000002.675"));
        f(2.675, "x<10", Ok("2.675xxxxx"));
        f(2.675, "0<10", Ok("2.67500000"));
        f(2.675, "012", Ok("00000002.675"));
        f(2.675, "+012,.1f", Ok("+0,000,002.7"));
        f(2.675, ".20f", Ok("2.67499999999999982236"));
        f(2.675, ".17g", Ok("2.6749999999999998"));
        f(2.675, ".25e", Ok("2.6749999999999998223643161e+00"));
        f(2.675, "#", Ok("2.675"));
        f(2.675, "#.3", Ok("2.67"));
        f(2.675, "12", Ok("       2.675"));
        f(2.675, "^12", Ok("   2.675    "));
        f(2.675, ",g", Ok("2.675"));
        f(2.675, "_e", Ok("2.675000e+00"));
        f(2.675, "F", Ok("2.675000"));
        f(2.675, ".3F", Ok("2.675"));
        f(2.675, ".3E", Ok("2.675E+00"));
        f(2.675, "_.0f", Ok("3"));
        f(2.675, ",%", Ok("267.500000%"));
        f(2.675, "020_.3g", Ok("0_000_000_000_002.67"));
        f(2.675, "한>10.2f", Ok("한한한한한한2.67"));
        f(1234567.891, "", Ok("1234567.891"));
        f(1234567.891, ".2f", Ok("1234567.89"));
        f(1234567.891, ".0f", Ok("1234568"));
        f(1234567.891, "f", Ok("1234567.891000"));
        f(1234567.891, ".4f", Ok("1234567.8910"));
        f(1234567.891, ".10f", Ok("1234567.8910000001"));
        f(1234567.891, "e", Ok("1.234568e+06"));
        f(1234567.891, ".4e", Ok("1.2346e+06"));
        f(1234567.891, ".0e", Ok("1e+06"));
        f(1234567.891, "E", Ok("1.234568E+06"));
        f(1234567.891, "g", Ok("1.23457e+06"));
        f(1234567.891, ".3g", Ok("1.23e+06"));
        f(1234567.891, ".1g", Ok("1e+06"));
        f(1234567.891, ".0g", Ok("1e+06"));
        f(1234567.891, "G", Ok("1.23457E+06"));
        f(1234567.891, ".10g", Ok("1234567.891"));
        f(1234567.891, "#g", Ok("1.23457e+06"));
        f(1234567.891, "#.3g", Ok("1.23e+06"));
        f(1234567.891, "#.0f", Ok("1234568."));
        f(1234567.891, "#.0e", Ok("1.e+06"));
        f(1234567.891, "%", Ok("123456789.100000%"));
        f(1234567.891, ".1%", Ok("123456789.1%"));
        f(1234567.891, ".3", Ok("1.23e+06"));
        f(1234567.891, ".1", Ok("1e+06"));
        f(1234567.891, "10.3", Ok("  1.23e+06"));
        f(1234567.891, "n", Ok("1.23457e+06"));
        f(1234567.891, ".3n", Ok("1.23e+06"));
        f(1234567.891, ",", Ok("1,234,567.891"));
        f(1234567.891, ",.2f", Ok("1,234,567.89"));
        f(1234567.891, "_.3f", Ok("1_234_567.891"));
        f(1234567.891, "015,.2f", Ok("0,001,234,567.89"));
        f(1234567.891, "010.2f", Ok("1234567.89"));
        f(1234567.891, "+.2f", Ok("+1234567.89"));
        f(1234567.891, " .2f", Ok(" 1234567.89"));
        f(1234567.891, "-.2f", Ok("1234567.89"));
        f(1234567.891, "+", Ok("+1234567.891"));
        f(1234567.891, " ", Ok(" 1234567.891"));
        f(1234567.891, "z.2f", Ok("1234567.89"));
        f(1234567.891, "z", Ok("1234567.891"));
        f(1234567.891, "<12.3f", Ok("1234567.891 "));
        f(1234567.891, ">12.3f", Ok(" 1234567.891"));
        f(1234567.891, "^12.3f", Ok("1234567.891 "));
        f(1234567.891, "=12.3f", Ok(" 1234567.891"));
        f(1234567.891, "*^15.3e", Ok("***1.235e+06***"));
        f(1234567.891, "0=12.3f", Ok("01234567.891"));
        f(1234567.891, "x<10", Ok("1234567.891"));
        f(1234567.891, "0<10", Ok("1234567.891"));
        f(1234567.891, "012", Ok("01234567.891"));
        f(1234567.891, "+012,.1f", Ok("+1,234,567.9"));
        f(1234567.891, ".20f", Ok("1234567.89100000006146728992"));
        f(1234567.891, ".17g", Ok("1234567.8910000001"));
        f(1234567.891, ".25e", Ok("1.2345678910000000614672899e+06"));
        f(1234567.891, "#", Ok("1234567.891"));
        f(1234567.891, "#.3", Ok("1.23e+06"));
        f(1234567.891, "12", Ok(" 1234567.891"));
        f(1234567.891, "^12", Ok("1234567.891 "));
        f(1234567.891, ",g", Ok("1.23457e+06"));
        f(1234567.891, "_e", Ok("1.234568e+06"));
        f(1234567.891, "F", Ok("1234567.891000"));
        f(1234567.891, ".3F", Ok("1234567.891"));
        f(1234567.891, ".3E", Ok("1.235E+06"));
        f(1234567.891, "_.0f", Ok("1_234_568"));
        f(1234567.891, ",%", Ok("123,456,789.100000%"));
        f(1234567.891, "020_.3g", Ok("0_000_000_001.23e+06"));
        f(1234567.891, "한>10.2f", Ok("1234567.89"));
        f(1e-05, "", Ok("1e-05"));
        f(1e-05, ".2f", Ok("0.00"));
        f(1e-05, ".0f", Ok("0"));
        f(1e-05, "f", Ok("0.000010"));
        f(1e-05, ".4f", Ok("0.0000"));
        f(1e-05, ".10f", Ok("0.0000100000"));
        f(1e-05, "e", Ok("1.000000e-05"));
        f(1e-05, ".4e", Ok("1.0000e-05"));
        f(1e-05, ".0e", Ok("1e-05"));
        f(1e-05, "E", Ok("1.000000E-05"));
        f(1e-05, "g", Ok("1e-05"));
        f(1e-05, ".3g", Ok("1e-05"));
        f(1e-05, ".1g", Ok("1e-05"));
        f(1e-05, ".0g", Ok("1e-05"));
        f(1e-05, "G", Ok("1E-05"));
        f(1e-05, ".10g", Ok("1e-05"));
        f(1e-05, "#g", Ok("1.00000e-05"));
        f(1e-05, "#.3g", Ok("1.00e-05"));
        f(1e-05, "#.0f", Ok("0."));
        f(1e-05, "#.0e", Ok("1.e-05"));
        f(1e-05, "%", Ok("0.001000%"));
        f(1e-05, ".1%", Ok("0.0%"));
        f(1e-05, ".3", Ok("1e-05"));
        f(1e-05, ".1", Ok("1e-05"));
        f(1e-05, "10.3", Ok("     1e-05"));
        f(1e-05, "n", Ok("1e-05"));
        f(1e-05, ".3n", Ok("1e-05"));
        f(1e-05, ",", Ok("1e-05"));
        f(1e-05, ",.2f", Ok("0.00"));
        f(1e-05, "_.3f", Ok("0.000"));
        f(1e-05, "015,.2f", Ok("0,000,000,000.00"));
        f(1e-05, "010.2f", Ok("0000000.00"));
        f(1e-05, "+.2f", Ok("+0.00"));
        f(1e-05, " .2f", Ok(" 0.00"));
        f(1e-05, "-.2f", Ok("0.00"));
        f(1e-05, "+", Ok("+1e-05"));
        f(1e-05, " ", Ok(" 1e-05"));
        f(1e-05, "z.2f", Ok("0.00"));
        f(1e-05, "z", Ok("1e-05"));
        f(1e-05, "<12.3f", Ok("0.000       "));
        f(1e-05, ">12.3f", Ok("       0.000"));
        f(1e-05, "^12.3f", Ok("   0.000    "));
        f(1e-05, "=12.3f", Ok("       0.000"));
        f(1e-05, "*^15.3e", Ok("***1.000e-05***"));
        f(1e-05, "0=12.3f", Ok("00000000.000"));
        f(1e-05, "x<10", Ok("1e-05xxxxx"));
        f(1e-05, "0<10", Ok("1e-0500000"));
        f(1e-05, "012", Ok("00000001e-05"));
        f(1e-05, "+012,.1f", Ok("+0,000,000.0"));
        f(1e-05, ".20f", Ok("0.00001000000000000000"));
        f(1e-05, ".17g", Ok("1.0000000000000001e-05"));
        f(1e-05, ".25e", Ok("1.0000000000000000818030539e-05"));
        f(1e-05, "#", Ok("1.e-05"));
        f(1e-05, "#.3", Ok("1.00e-05"));
        f(1e-05, "12", Ok("       1e-05"));
        f(1e-05, "^12", Ok("   1e-05    "));
        f(1e-05, ",g", Ok("1e-05"));
        f(1e-05, "_e", Ok("1.000000e-05"));
        f(1e-05, "F", Ok("0.000010"));
        f(1e-05, ".3F", Ok("0.000"));
        f(1e-05, ".3E", Ok("1.000E-05"));
        f(1e-05, "_.0f", Ok("0"));
        f(1e-05, ",%", Ok("0.001000%"));
        f(1e-05, "020_.3g", Ok("0_000_000_000_001e-05"));
        f(1e-05, "한>10.2f", Ok("한한한한한한0.00"));
        f(123456789.0, "", Ok("123456789.0"));
        f(123456789.0, ".2f", Ok("123456789.00"));
        f(123456789.0, ".0f", Ok("123456789"));
        f(123456789.0, "f", Ok("123456789.000000"));
        f(123456789.0, ".4f", Ok("123456789.0000"));
        f(123456789.0, ".10f", Ok("123456789.0000000000"));
        f(123456789.0, "e", Ok("1.234568e+08"));
        f(123456789.0, ".4e", Ok("1.2346e+08"));
        f(123456789.0, ".0e", Ok("1e+08"));
        f(123456789.0, "E", Ok("1.234568E+08"));
        f(123456789.0, "g", Ok("1.23457e+08"));
        f(123456789.0, ".3g", Ok("1.23e+08"));
        f(123456789.0, ".1g", Ok("1e+08"));
        f(123456789.0, ".0g", Ok("1e+08"));
        f(123456789.0, "G", Ok("1.23457E+08"));
        f(123456789.0, ".10g", Ok("123456789"));
        f(123456789.0, "#g", Ok("1.23457e+08"));
        f(123456789.0, "#.3g", Ok("1.23e+08"));
        f(123456789.0, "#.0f", Ok("123456789."));
        f(123456789.0, "#.0e", Ok("1.e+08"));
        f(123456789.0, "%", Ok("12345678900.000000%"));
        f(123456789.0, ".1%", Ok("12345678900.0%"));
        f(123456789.0, ".3", Ok("1.23e+08"));
        f(123456789.0, ".1", Ok("1e+08"));
        f(123456789.0, "10.3", Ok("  1.23e+08"));
        f(123456789.0, "n", Ok("1.23457e+08"));
        f(123456789.0, ".3n", Ok("1.23e+08"));
        f(123456789.0, ",", Ok("123,456,789.0"));
        f(123456789.0, ",.2f", Ok("123,456,789.00"));
        f(123456789.0, "_.3f", Ok("123_456_789.000"));
        f(123456789.0, "015,.2f", Ok("0,123,456,789.00"));
        f(123456789.0, "010.2f", Ok("123456789.00"));
        f(123456789.0, "+.2f", Ok("+123456789.00"));
        f(123456789.0, " .2f", Ok(" 123456789.00"));
        f(123456789.0, "-.2f", Ok("123456789.00"));
        f(123456789.0, "+", Ok("+123456789.0"));
        f(123456789.0, " ", Ok(" 123456789.0"));
        f(123456789.0, "z.2f", Ok("123456789.00"));
        f(123456789.0, "z", Ok("123456789.0"));
        f(123456789.0, "<12.3f", Ok("123456789.000"));
        f(123456789.0, ">12.3f", Ok("123456789.000"));
        f(123456789.0, "^12.3f", Ok("123456789.000"));
        f(123456789.0, "=12.3f", Ok("123456789.000"));
        f(123456789.0, "*^15.3e", Ok("***1.235e+08***"));
        f(123456789.0, "0=12.3f", Ok("123456789.000"));
        f(123456789.0, "x<10", Ok("123456789.0"));
        f(123456789.0, "0<10", Ok("123456789.0"));
        f(123456789.0, "012", Ok("0123456789.0"));
        f(123456789.0, "+012,.1f", Ok("+123,456,789.0"));
        f(123456789.0, ".20f", Ok("123456789.00000000000000000000"));
        f(123456789.0, ".17g", Ok("123456789"));
        f(123456789.0, ".25e", Ok("1.2345678900000000000000000e+08"));
        f(123456789.0, "#", Ok("123456789.0"));
        f(123456789.0, "#.3", Ok("1.23e+08"));
        f(123456789.0, "12", Ok(" 123456789.0"));
        f(123456789.0, "^12", Ok("123456789.0 "));
        f(123456789.0, ",g", Ok("1.23457e+08"));
        f(123456789.0, "_e", Ok("1.234568e+08"));
        f(123456789.0, "F", Ok("123456789.000000"));
        f(123456789.0, ".3F", Ok("123456789.000"));
        f(123456789.0, ".3E", Ok("1.235E+08"));
        f(123456789.0, "_.0f", Ok("123_456_789"));
        f(123456789.0, ",%", Ok("12,345,678,900.000000%"));
        f(123456789.0, "020_.3g", Ok("0_000_000_001.23e+08"));
        f(123456789.0, "한>10.2f", Ok("123456789.00"));
        f(1e+16, "", Ok("1e+16"));
        f(1e+16, ".2f", Ok("10000000000000000.00"));
        f(1e+16, ".0f", Ok("10000000000000000"));
        f(1e+16, "f", Ok("10000000000000000.000000"));
        f(1e+16, ".4f", Ok("10000000000000000.0000"));
        f(1e+16, ".10f", Ok("10000000000000000.0000000000"));
        f(1e+16, "e", Ok("1.000000e+16"));
        f(1e+16, ".4e", Ok("1.0000e+16"));
        f(1e+16, ".0e", Ok("1e+16"));
        f(1e+16, "E", Ok("1.000000E+16"));
        f(1e+16, "g", Ok("1e+16"));
        f(1e+16, ".3g", Ok("1e+16"));
        f(1e+16, ".1g", Ok("1e+16"));
        f(1e+16, ".0g", Ok("1e+16"));
        f(1e+16, "G", Ok("1E+16"));
        f(1e+16, ".10g", Ok("1e+16"));
        f(1e+16, "#g", Ok("1.00000e+16"));
        f(1e+16, "#.3g", Ok("1.00e+16"));
        f(1e+16, "#.0f", Ok("10000000000000000."));
        f(1e+16, "#.0e", Ok("1.e+16"));
        f(1e+16, "%", Ok("1000000000000000000.000000%"));
        f(1e+16, ".1%", Ok("1000000000000000000.0%"));
        f(1e+16, ".3", Ok("1e+16"));
        f(1e+16, ".1", Ok("1e+16"));
        f(1e+16, "10.3", Ok("     1e+16"));
        f(1e+16, "n", Ok("1e+16"));
        f(1e+16, ".3n", Ok("1e+16"));
        f(1e+16, ",", Ok("1e+16"));
        f(1e+16, ",.2f", Ok("10,000,000,000,000,000.00"));
        f(1e+16, "_.3f", Ok("10_000_000_000_000_000.000"));
        f(1e+16, "015,.2f", Ok("10,000,000,000,000,000.00"));
        f(1e+16, "010.2f", Ok("10000000000000000.00"));
        f(1e+16, "+.2f", Ok("+10000000000000000.00"));
        f(1e+16, " .2f", Ok(" 10000000000000000.00"));
        f(1e+16, "-.2f", Ok("10000000000000000.00"));
        f(1e+16, "+", Ok("+1e+16"));
        f(1e+16, " ", Ok(" 1e+16"));
        f(1e+16, "z.2f", Ok("10000000000000000.00"));
        f(1e+16, "z", Ok("1e+16"));
        f(1e+16, "<12.3f", Ok("10000000000000000.000"));
        f(1e+16, ">12.3f", Ok("10000000000000000.000"));
        f(1e+16, "^12.3f", Ok("10000000000000000.000"));
        f(1e+16, "=12.3f", Ok("10000000000000000.000"));
        f(1e+16, "*^15.3e", Ok("***1.000e+16***"));
        f(1e+16, "0=12.3f", Ok("10000000000000000.000"));
        f(1e+16, "x<10", Ok("1e+16xxxxx"));
        f(1e+16, "0<10", Ok("1e+1600000"));
        f(1e+16, "012", Ok("00000001e+16"));
        f(1e+16, "+012,.1f", Ok("+10,000,000,000,000,000.0"));
        f(1e+16, ".20f", Ok("10000000000000000.00000000000000000000"));
        f(1e+16, ".17g", Ok("10000000000000000"));
        f(1e+16, ".25e", Ok("1.0000000000000000000000000e+16"));
        f(1e+16, "#", Ok("1.e+16"));
        f(1e+16, "#.3", Ok("1.00e+16"));
        f(1e+16, "12", Ok("       1e+16"));
        f(1e+16, "^12", Ok("   1e+16    "));
        f(1e+16, ",g", Ok("1e+16"));
        f(1e+16, "_e", Ok("1.000000e+16"));
        f(1e+16, "F", Ok("10000000000000000.000000"));
        f(1e+16, ".3F", Ok("10000000000000000.000"));
        f(1e+16, ".3E", Ok("1.000E+16"));
        f(1e+16, "_.0f", Ok("10_000_000_000_000_000"));
        f(1e+16, ",%", Ok("1,000,000,000,000,000,000.000000%"));
        f(1e+16, "020_.3g", Ok("0_000_000_000_001e+16"));
        f(1e+16, "한>10.2f", Ok("10000000000000000.00"));
        f(0.3333333333333333, "", Ok("0.3333333333333333"));
        f(0.3333333333333333, ".2f", Ok("0.33"));
        f(0.3333333333333333, ".0f", Ok("0"));
        f(0.3333333333333333, "f", Ok("0.333333"));
        f(0.3333333333333333, ".4f", Ok("0.3333"));
        f(0.3333333333333333, ".10f", Ok("0.3333333333"));
        f(0.3333333333333333, "e", Ok("3.333333e-01"));
        f(0.3333333333333333, ".4e", Ok("3.3333e-01"));
        f(0.3333333333333333, ".0e", Ok("3e-01"));
        f(0.3333333333333333, "E", Ok("3.333333E-01"));
        f(0.3333333333333333, "g", Ok("0.333333"));
        f(0.3333333333333333, ".3g", Ok("0.333"));
        f(0.3333333333333333, ".1g", Ok("0.3"));
        f(0.3333333333333333, ".0g", Ok("0.3"));
        f(0.3333333333333333, "G", Ok("0.333333"));
        f(0.3333333333333333, ".10g", Ok("0.3333333333"));
        f(0.3333333333333333, "#g", Ok("0.333333"));
        f(0.3333333333333333, "#.3g", Ok("0.333"));
        f(0.3333333333333333, "#.0f", Ok("0."));
        f(0.3333333333333333, "#.0e", Ok("3.e-01"));
        f(0.3333333333333333, "%", Ok("33.333333%"));
        f(0.3333333333333333, ".1%", Ok("33.3%"));
        f(0.3333333333333333, ".3", Ok("0.333"));
        f(0.3333333333333333, ".1", Ok("0.3"));
        f(0.3333333333333333, "10.3", Ok("     0.333"));
        f(0.3333333333333333, "n", Ok("0.333333"));
        f(0.3333333333333333, ".3n", Ok("0.333"));
        f(0.3333333333333333, ",", Ok("0.3333333333333333"));
        f(0.3333333333333333, ",.2f", Ok("0.33"));
        f(0.3333333333333333, "_.3f", Ok("0.333"));
        f(0.3333333333333333, "015,.2f", Ok("0,000,000,000.33"));
        f(0.3333333333333333, "010.2f", Ok("0000000.33"));
        f(0.3333333333333333, "+.2f", Ok("+0.33"));
        f(0.3333333333333333, " .2f", Ok(" 0.33"));
        f(0.3333333333333333, "-.2f", Ok("0.33"));
        f(0.3333333333333333, "+", Ok("+0.3333333333333333"));
        f(0.3333333333333333, " ", Ok(" 0.3333333333333333"));
        f(0.3333333333333333, "z.2f", Ok("0.33"));
        f(0.3333333333333333, "z", Ok("0.3333333333333333"));
        f(0.3333333333333333, "<12.3f", Ok("0.333       "));
        f(0.3333333333333333, ">12.3f", Ok("       0.333"));
        f(0.3333333333333333, "^12.3f", Ok("   0.333    "));
        f(0.3333333333333333, "=12.3f", Ok("       0.333"));
        f(0.3333333333333333, "*^15.3e", Ok("***3.333e-01***"));
        f(0.3333333333333333, "0=12.3f", Ok("00000000.333"));
        f(0.3333333333333333, "x<10", Ok("0.3333333333333333"));
        f(0.3333333333333333, "0<10", Ok("0.3333333333333333"));
        f(0.3333333333333333, "012", Ok("0.3333333333333333"));
        f(0.3333333333333333, "+012,.1f", Ok("+0,000,000.3"));
        f(0.3333333333333333, ".20f", Ok("0.33333333333333331483"));
        f(0.3333333333333333, ".17g", Ok("0.33333333333333331"));
        f(
            0.3333333333333333,
            ".25e",
            Ok("3.3333333333333331482961626e-01"),
        );
        f(0.3333333333333333, "#", Ok("0.3333333333333333"));
        f(0.3333333333333333, "#.3", Ok("0.333"));
        f(0.3333333333333333, "12", Ok("0.3333333333333333"));
        f(0.3333333333333333, "^12", Ok("0.3333333333333333"));
        f(0.3333333333333333, ",g", Ok("0.333333"));
        f(0.3333333333333333, "_e", Ok("3.333333e-01"));
        f(0.3333333333333333, "F", Ok("0.333333"));
        f(0.3333333333333333, ".3F", Ok("0.333"));
        f(0.3333333333333333, ".3E", Ok("3.333E-01"));
        f(0.3333333333333333, "_.0f", Ok("0"));
        f(0.3333333333333333, ",%", Ok("33.333333%"));
        f(0.3333333333333333, "020_.3g", Ok("0_000_000_000_000.333"));
        f(0.3333333333333333, "한>10.2f", Ok("한한한한한한0.33"));
        f(100.0, "", Ok("100.0"));
        f(100.0, ".2f", Ok("100.00"));
        f(100.0, ".0f", Ok("100"));
        f(100.0, "f", Ok("100.000000"));
        f(100.0, ".4f", Ok("100.0000"));
        f(100.0, ".10f", Ok("100.0000000000"));
        f(100.0, "e", Ok("1.000000e+02"));
        f(100.0, ".4e", Ok("1.0000e+02"));
        f(100.0, ".0e", Ok("1e+02"));
        f(100.0, "E", Ok("1.000000E+02"));
        f(100.0, "g", Ok("100"));
        f(100.0, ".3g", Ok("100"));
        f(100.0, ".1g", Ok("1e+02"));
        f(100.0, ".0g", Ok("1e+02"));
        f(100.0, "G", Ok("100"));
        f(100.0, ".10g", Ok("100"));
        f(100.0, "#g", Ok("100.000"));
        f(100.0, "#.3g", Ok("100."));
        f(100.0, "#.0f", Ok("100."));
        f(100.0, "#.0e", Ok("1.e+02"));
        f(100.0, "%", Ok("10000.000000%"));
        f(100.0, ".1%", Ok("10000.0%"));
        f(100.0, ".3", Ok("1e+02"));
        f(100.0, ".1", Ok("1e+02"));
        f(100.0, "10.3", Ok("     1e+02"));
        f(100.0, "n", Ok("100"));
        f(100.0, ".3n", Ok("100"));
        f(100.0, ",", Ok("100.0"));
        f(100.0, ",.2f", Ok("100.00"));
        f(100.0, "_.3f", Ok("100.000"));
        f(100.0, "015,.2f", Ok("0,000,000,100.00"));
        f(100.0, "010.2f", Ok("0000100.00"));
        f(100.0, "+.2f", Ok("+100.00"));
        f(100.0, " .2f", Ok(" 100.00"));
        f(100.0, "-.2f", Ok("100.00"));
        f(100.0, "+", Ok("+100.0"));
        f(100.0, " ", Ok(" 100.0"));
        f(100.0, "z.2f", Ok("100.00"));
        f(100.0, "z", Ok("100.0"));
        f(100.0, "<12.3f", Ok("100.000     "));
        f(100.0, ">12.3f", Ok("     100.000"));
        f(100.0, "^12.3f", Ok("  100.000   "));
        f(100.0, "=12.3f", Ok("     100.000"));
        f(100.0, "*^15.3e", Ok("***1.000e+02***"));
        f(100.0, "0=12.3f", Ok("00000100.000"));
        f(100.0, "x<10", Ok("100.0xxxxx"));
        f(100.0, "0<10", Ok("100.000000"));
        f(100.0, "012", Ok("0000000100.0"));
        f(100.0, "+012,.1f", Ok("+0,000,100.0"));
        f(100.0, ".20f", Ok("100.00000000000000000000"));
        f(100.0, ".17g", Ok("100"));
        f(100.0, ".25e", Ok("1.0000000000000000000000000e+02"));
        f(100.0, "#", Ok("100.0"));
        f(100.0, "#.3", Ok("1.00e+02"));
        f(100.0, "12", Ok("       100.0"));
        f(100.0, "^12", Ok("   100.0    "));
        f(100.0, ",g", Ok("100"));
        f(100.0, "_e", Ok("1.000000e+02"));
        f(100.0, "F", Ok("100.000000"));
        f(100.0, ".3F", Ok("100.000"));
        f(100.0, ".3E", Ok("1.000E+02"));
        f(100.0, "_.0f", Ok("100"));
        f(100.0, ",%", Ok("10,000.000000%"));
        f(100.0, "020_.3g", Ok("0_000_000_000_000_100"));
        f(100.0, "한>10.2f", Ok("한한한한100.00"));
        f(99999.5, "", Ok("99999.5"));
        f(99999.5, ".2f", Ok("99999.50"));
        f(99999.5, ".0f", Ok("100000"));
        f(99999.5, "f", Ok("99999.500000"));
        f(99999.5, ".4f", Ok("99999.5000"));
        f(99999.5, ".10f", Ok("99999.5000000000"));
        f(99999.5, "e", Ok("9.999950e+04"));
        f(99999.5, ".4e", Ok("1.0000e+05"));
        f(99999.5, ".0e", Ok("1e+05"));
        f(99999.5, "E", Ok("9.999950E+04"));
        f(99999.5, "g", Ok("99999.5"));
        f(99999.5, ".3g", Ok("1e+05"));
        f(99999.5, ".1g", Ok("1e+05"));
        f(99999.5, ".0g", Ok("1e+05"));
        f(99999.5, "G", Ok("99999.5"));
        f(99999.5, ".10g", Ok("99999.5"));
        f(99999.5, "#g", Ok("99999.5"));
        f(99999.5, "#.3g", Ok("1.00e+05"));
        f(99999.5, "#.0f", Ok("100000."));
        f(99999.5, "#.0e", Ok("1.e+05"));
        f(99999.5, "%", Ok("9999950.000000%"));
        f(99999.5, ".1%", Ok("9999950.0%"));
        f(99999.5, ".3", Ok("1e+05"));
        f(99999.5, ".1", Ok("1e+05"));
        f(99999.5, "10.3", Ok("     1e+05"));
        f(99999.5, "n", Ok("99999.5"));
        f(99999.5, ".3n", Ok("1e+05"));
        f(99999.5, ",", Ok("99,999.5"));
        f(99999.5, ",.2f", Ok("99,999.50"));
        f(99999.5, "_.3f", Ok("99_999.500"));
        f(99999.5, "015,.2f", Ok("0,000,099,999.50"));
        f(99999.5, "010.2f", Ok("0099999.50"));
        f(99999.5, "+.2f", Ok("+99999.50"));
        f(99999.5, " .2f", Ok(" 99999.50"));
        f(99999.5, "-.2f", Ok("99999.50"));
        f(99999.5, "+", Ok("+99999.5"));
        f(99999.5, " ", Ok(" 99999.5"));
        f(99999.5, "z.2f", Ok("99999.50"));
        f(99999.5, "z", Ok("99999.5"));
        f(99999.5, "<12.3f", Ok("99999.500   "));
        f(99999.5, ">12.3f", Ok("   99999.500"));
        f(99999.5, "^12.3f", Ok(" 99999.500  "));
        f(99999.5, "=12.3f", Ok("   99999.500"));
        f(99999.5, "*^15.3e", Ok("***1.000e+05***"));
        f(99999.5, "0=12.3f", Ok("00099999.500"));
        f(99999.5, "x<10", Ok("99999.5xxx"));
        f(99999.5, "0<10", Ok("99999.5000"));
        f(99999.5, "012", Ok("0000099999.5"));
        f(99999.5, "+012,.1f", Ok("+0,099,999.5"));
        f(99999.5, ".20f", Ok("99999.50000000000000000000"));
        f(99999.5, ".17g", Ok("99999.5"));
        f(99999.5, ".25e", Ok("9.9999500000000000000000000e+04"));
        f(99999.5, "#", Ok("99999.5"));
        f(99999.5, "#.3", Ok("1.00e+05"));
        f(99999.5, "12", Ok("     99999.5"));
        f(99999.5, "^12", Ok("  99999.5   "));
        f(99999.5, ",g", Ok("99,999.5"));
        f(99999.5, "_e", Ok("9.999950e+04"));
        f(99999.5, "F", Ok("99999.500000"));
        f(99999.5, ".3F", Ok("99999.500"));
        f(99999.5, ".3E", Ok("1.000E+05"));
        f(99999.5, "_.0f", Ok("100_000"));
        f(99999.5, ",%", Ok("9,999,950.000000%"));
        f(99999.5, "020_.3g", Ok("0_000_000_000_001e+05"));
        f(99999.5, "한>10.2f", Ok("한한99999.50"));
        f(f64::NEG_INFINITY, "", Ok("-inf"));
        f(f64::NEG_INFINITY, ".2f", Ok("-inf"));
        f(f64::NEG_INFINITY, ".0f", Ok("-inf"));
        f(f64::NEG_INFINITY, "f", Ok("-inf"));
        f(f64::NEG_INFINITY, ".4f", Ok("-inf"));
        f(f64::NEG_INFINITY, ".10f", Ok("-inf"));
        f(f64::NEG_INFINITY, "e", Ok("-inf"));
        f(f64::NEG_INFINITY, ".4e", Ok("-inf"));
        f(f64::NEG_INFINITY, ".0e", Ok("-inf"));
        f(f64::NEG_INFINITY, "E", Ok("-INF"));
        f(f64::NEG_INFINITY, "g", Ok("-inf"));
        f(f64::NEG_INFINITY, ".3g", Ok("-inf"));
        f(f64::NEG_INFINITY, ".1g", Ok("-inf"));
        f(f64::NEG_INFINITY, ".0g", Ok("-inf"));
        f(f64::NEG_INFINITY, "G", Ok("-INF"));
        f(f64::NEG_INFINITY, ".10g", Ok("-inf"));
        f(f64::NEG_INFINITY, "#g", Ok("-inf"));
        f(f64::NEG_INFINITY, "#.3g", Ok("-inf"));
        f(f64::NEG_INFINITY, "#.0f", Ok("-inf"));
        f(f64::NEG_INFINITY, "#.0e", Ok("-inf"));
        f(f64::NEG_INFINITY, "%", Ok("-inf%"));
        f(f64::NEG_INFINITY, ".1%", Ok("-inf%"));
        f(f64::NEG_INFINITY, ".3", Ok("-inf"));
        f(f64::NEG_INFINITY, ".1", Ok("-inf"));
        f(f64::NEG_INFINITY, "10.3", Ok("      -inf"));
        f(f64::NEG_INFINITY, "n", Ok("-inf"));
        f(f64::NEG_INFINITY, ".3n", Ok("-inf"));
        f(f64::NEG_INFINITY, ",", Ok("-inf"));
        f(f64::NEG_INFINITY, ",.2f", Ok("-inf"));
        f(f64::NEG_INFINITY, "_.3f", Ok("-inf"));
        f(f64::NEG_INFINITY, "015,.2f", Ok("-00000000000inf"));
        f(f64::NEG_INFINITY, "010.2f", Ok("-000000inf"));
        f(f64::NEG_INFINITY, "+.2f", Ok("-inf"));
        f(f64::NEG_INFINITY, " .2f", Ok("-inf"));
        f(f64::NEG_INFINITY, "-.2f", Ok("-inf"));
        f(f64::NEG_INFINITY, "+", Ok("-inf"));
        f(f64::NEG_INFINITY, " ", Ok("-inf"));
        f(f64::NEG_INFINITY, "z.2f", Ok("-inf"));
        f(f64::NEG_INFINITY, "z", Ok("-inf"));
        f(f64::NEG_INFINITY, "<12.3f", Ok("-inf        "));
        f(f64::NEG_INFINITY, ">12.3f", Ok("        -inf"));
        f(f64::NEG_INFINITY, "^12.3f", Ok("    -inf    "));
        f(f64::NEG_INFINITY, "=12.3f", Ok("-        inf"));
        f(f64::NEG_INFINITY, "*^15.3e", Ok("*****-inf******"));
        f(f64::NEG_INFINITY, "0=12.3f", Ok("-00000000inf"));
        f(f64::NEG_INFINITY, "x<10", Ok("-infxxxxxx"));
        f(f64::NEG_INFINITY, "0<10", Ok("-inf000000"));
        f(f64::NEG_INFINITY, "012", Ok("-00000000inf"));
        f(f64::NEG_INFINITY, "+012,.1f", Ok("-00000000inf"));
        f(f64::NEG_INFINITY, ".20f", Ok("-inf"));
        f(f64::NEG_INFINITY, ".17g", Ok("-inf"));
        f(f64::NEG_INFINITY, ".25e", Ok("-inf"));
        f(f64::NEG_INFINITY, "#", Ok("-inf"));
        f(f64::NEG_INFINITY, "#.3", Ok("-inf"));
        f(f64::NEG_INFINITY, "12", Ok("        -inf"));
        f(f64::NEG_INFINITY, "^12", Ok("    -inf    "));
        f(f64::NEG_INFINITY, ",g", Ok("-inf"));
        f(f64::NEG_INFINITY, "_e", Ok("-inf"));
        f(f64::NEG_INFINITY, "F", Ok("-INF"));
        f(f64::NEG_INFINITY, ".3F", Ok("-INF"));
        f(f64::NEG_INFINITY, ".3E", Ok("-INF"));
        f(f64::NEG_INFINITY, "_.0f", Ok("-inf"));
        f(f64::NEG_INFINITY, ",%", Ok("-inf%"));
        f(f64::NEG_INFINITY, "020_.3g", Ok("-0000000000000000inf"));
        f(f64::NEG_INFINITY, "한>10.2f", Ok("한한한한한한-inf"));
        f(f64::NAN, "", Ok("nan"));
        f(f64::NAN, ".2f", Ok("nan"));
        f(f64::NAN, ".0f", Ok("nan"));
        f(f64::NAN, "f", Ok("nan"));
        f(f64::NAN, ".4f", Ok("nan"));
        f(f64::NAN, ".10f", Ok("nan"));
        f(f64::NAN, "e", Ok("nan"));
        f(f64::NAN, ".4e", Ok("nan"));
        f(f64::NAN, ".0e", Ok("nan"));
        f(f64::NAN, "E", Ok("NAN"));
        f(f64::NAN, "g", Ok("nan"));
        f(f64::NAN, ".3g", Ok("nan"));
        f(f64::NAN, ".1g", Ok("nan"));
        f(f64::NAN, ".0g", Ok("nan"));
        f(f64::NAN, "G", Ok("NAN"));
        f(f64::NAN, ".10g", Ok("nan"));
        f(f64::NAN, "#g", Ok("nan"));
        f(f64::NAN, "#.3g", Ok("nan"));
        f(f64::NAN, "#.0f", Ok("nan"));
        f(f64::NAN, "#.0e", Ok("nan"));
        f(f64::NAN, "%", Ok("nan%"));
        f(f64::NAN, ".1%", Ok("nan%"));
        f(f64::NAN, ".3", Ok("nan"));
        f(f64::NAN, ".1", Ok("nan"));
        f(f64::NAN, "10.3", Ok("       nan"));
        f(f64::NAN, "n", Ok("nan"));
        f(f64::NAN, ".3n", Ok("nan"));
        f(f64::NAN, ",", Ok("nan"));
        f(f64::NAN, ",.2f", Ok("nan"));
        f(f64::NAN, "_.3f", Ok("nan"));
        f(f64::NAN, "015,.2f", Ok("000000000000nan"));
        f(f64::NAN, "010.2f", Ok("0000000nan"));
        f(f64::NAN, "+.2f", Ok("+nan"));
        f(f64::NAN, " .2f", Ok(" nan"));
        f(f64::NAN, "-.2f", Ok("nan"));
        f(f64::NAN, "+", Ok("+nan"));
        f(f64::NAN, " ", Ok(" nan"));
        f(f64::NAN, "z.2f", Ok("nan"));
        f(f64::NAN, "z", Ok("nan"));
        f(f64::NAN, "<12.3f", Ok("nan         "));
        f(f64::NAN, ">12.3f", Ok("         nan"));
        f(f64::NAN, "^12.3f", Ok("    nan     "));
        f(f64::NAN, "=12.3f", Ok("         nan"));
        f(f64::NAN, "*^15.3e", Ok("******nan******"));
        f(f64::NAN, "0=12.3f", Ok("000000000nan"));
        f(f64::NAN, "x<10", Ok("nanxxxxxxx"));
        f(f64::NAN, "0<10", Ok("nan0000000"));
        f(f64::NAN, "012", Ok("000000000nan"));
        f(f64::NAN, "+012,.1f", Ok("+00000000nan"));
        f(f64::NAN, ".20f", Ok("nan"));
        f(f64::NAN, ".17g", Ok("nan"));
        f(f64::NAN, ".25e", Ok("nan"));
        f(f64::NAN, "#", Ok("nan"));
        f(f64::NAN, "#.3", Ok("nan"));
        f(f64::NAN, "12", Ok("         nan"));
        f(f64::NAN, "^12", Ok("    nan     "));
        f(f64::NAN, ",g", Ok("nan"));
        f(f64::NAN, "_e", Ok("nan"));
        f(f64::NAN, "F", Ok("NAN"));
        f(f64::NAN, ".3F", Ok("NAN"));
        f(f64::NAN, ".3E", Ok("NAN"));
        f(f64::NAN, "_.0f", Ok("nan"));
        f(f64::NAN, ",%", Ok("nan%"));
        f(f64::NAN, "020_.3g", Ok("00000000000000000nan"));
        f(f64::NAN, "한>10.2f", Ok("한한한한한한한nan"));
        f(5e-324, "", Ok("5e-324"));
        f(5e-324, ".2f", Ok("0.00"));
        f(5e-324, ".0f", Ok("0"));
        f(5e-324, "f", Ok("0.000000"));
        f(5e-324, ".4f", Ok("0.0000"));
        f(5e-324, ".10f", Ok("0.0000000000"));
        f(5e-324, "e", Ok("4.940656e-324"));
        f(5e-324, ".4e", Ok("4.9407e-324"));
        f(5e-324, ".0e", Ok("5e-324"));
        f(5e-324, "E", Ok("4.940656E-324"));
        f(5e-324, "g", Ok("4.94066e-324"));
        f(5e-324, ".3g", Ok("4.94e-324"));
        f(5e-324, ".1g", Ok("5e-324"));
        f(5e-324, ".0g", Ok("5e-324"));
        f(5e-324, "G", Ok("4.94066E-324"));
        f(5e-324, ".10g", Ok("4.940656458e-324"));
        f(5e-324, "#g", Ok("4.94066e-324"));
        f(5e-324, "#.3g", Ok("4.94e-324"));
        f(5e-324, "#.0f", Ok("0."));
        f(5e-324, "#.0e", Ok("5.e-324"));
        f(5e-324, "%", Ok("0.000000%"));
        f(5e-324, ".1%", Ok("0.0%"));
        f(5e-324, ".3", Ok("4.94e-324"));
        f(5e-324, ".1", Ok("5e-324"));
        f(5e-324, "10.3", Ok(" 4.94e-324"));
        f(5e-324, "n", Ok("4.94066e-324"));
        f(5e-324, ".3n", Ok("4.94e-324"));
        f(5e-324, ",", Ok("5e-324"));
        f(5e-324, ",.2f", Ok("0.00"));
        f(5e-324, "_.3f", Ok("0.000"));
        f(5e-324, "015,.2f", Ok("0,000,000,000.00"));
        f(5e-324, "010.2f", Ok("0000000.00"));
        f(5e-324, "+.2f", Ok("+0.00"));
        f(5e-324, " .2f", Ok(" 0.00"));
        f(5e-324, "-.2f", Ok("0.00"));
        f(5e-324, "+", Ok("+5e-324"));
        f(5e-324, " ", Ok(" 5e-324"));
        f(5e-324, "z.2f", Ok("0.00"));
        f(5e-324, "z", Ok("5e-324"));
        f(5e-324, "<12.3f", Ok("0.000       "));
        f(5e-324, ">12.3f", Ok("       0.000"));
        f(5e-324, "^12.3f", Ok("   0.000    "));
        f(5e-324, "=12.3f", Ok("       0.000"));
        f(5e-324, "*^15.3e", Ok("**4.941e-324***"));
        f(5e-324, "0=12.3f", Ok("00000000.000"));
        f(5e-324, "x<10", Ok("5e-324xxxx"));
        f(5e-324, "0<10", Ok("5e-3240000"));
        f(5e-324, "012", Ok("0000005e-324"));
        f(5e-324, "+012,.1f", Ok("+0,000,000.0"));
        f(5e-324, ".20f", Ok("0.00000000000000000000"));
        f(5e-324, ".17g", Ok("4.9406564584124654e-324"));
        f(5e-324, ".25e", Ok("4.9406564584124654417656879e-324"));
        f(5e-324, "#", Ok("5.e-324"));
        f(5e-324, "#.3", Ok("4.94e-324"));
        f(5e-324, "12", Ok("      5e-324"));
        f(5e-324, "^12", Ok("   5e-324   "));
        f(5e-324, ",g", Ok("4.94066e-324"));
        f(5e-324, "_e", Ok("4.940656e-324"));
        f(5e-324, "F", Ok("0.000000"));
        f(5e-324, ".3F", Ok("0.000"));
        f(5e-324, ".3E", Ok("4.941E-324"));
        f(5e-324, "_.0f", Ok("0"));
        f(5e-324, ",%", Ok("0.000000%"));
        f(5e-324, "020_.3g", Ok("0_000_000_004.94e-324"));
        f(5e-324, "한>10.2f", Ok("한한한한한한0.00"));
    }

    #[test]
    fn python_float_round() {
        f(0.125, ".2f", Ok("0.12"));
        f(0.125, ".1f", Ok("0.1"));
        f(0.125, ".0f", Ok("0"));
        f(0.125, ".3f", Ok("0.125"));
        f(0.125, ".4f", Ok("0.1250"));
        f(0.125, ".1e", Ok("1.2e-01"));
        f(0.125, ".2e", Ok("1.25e-01"));
        f(0.125, ".3g", Ok("0.125"));
        f(0.125, ".2g", Ok("0.12"));
        f(0.125, ".5", Ok("0.125"));
        f(0.375, ".2f", Ok("0.38"));
        f(0.375, ".1f", Ok("0.4"));
        f(0.375, ".0f", Ok("0"));
        f(0.375, ".3f", Ok("0.375"));
        f(0.375, ".4f", Ok("0.3750"));
        f(0.375, ".1e", Ok("3.8e-01"));
        f(0.375, ".2e", Ok("3.75e-01"));
        f(0.375, ".3g", Ok("0.375"));
        f(0.375, ".2g", Ok("0.38"));
        f(0.375, ".5", Ok("0.375"));
        f(0.625, ".2f", Ok("0.62"));
        f(0.625, ".1f", Ok("0.6"));
        f(0.625, ".0f", Ok("1"));
        f(0.625, ".3f", Ok("0.625"));
        f(0.625, ".4f", Ok("0.6250"));
        f(0.625, ".1e", Ok("6.2e-01"));
        f(0.625, ".2e", Ok("6.25e-01"));
        f(0.625, ".3g", Ok("0.625"));
        f(0.625, ".2g", Ok("0.62"));
        f(0.625, ".5", Ok("0.625"));
        f(0.875, ".2f", Ok("0.88"));
        f(0.875, ".1f", Ok("0.9"));
        f(0.875, ".0f", Ok("1"));
        f(0.875, ".3f", Ok("0.875"));
        f(0.875, ".4f", Ok("0.8750"));
        f(0.875, ".1e", Ok("8.8e-01"));
        f(0.875, ".2e", Ok("8.75e-01"));
        f(0.875, ".3g", Ok("0.875"));
        f(0.875, ".2g", Ok("0.88"));
        f(0.875, ".5", Ok("0.875"));
        f(2.675, ".2f", Ok("2.67"));
        f(2.675, ".1f", Ok("2.7"));
        f(2.675, ".0f", Ok("3"));
        f(2.675, ".3f", Ok("2.675"));
        f(2.675, ".4f", Ok("2.6750"));
        f(2.675, ".1e", Ok("2.7e+00"));
        f(2.675, ".2e", Ok("2.67e+00"));
        f(2.675, ".3g", Ok("2.67"));
        f(2.675, ".2g", Ok("2.7"));
        f(2.675, ".5", Ok("2.675"));
        f(1.005, ".2f", Ok("1.00"));
        f(1.005, ".1f", Ok("1.0"));
        f(1.005, ".0f", Ok("1"));
        f(1.005, ".3f", Ok("1.005"));
        f(1.005, ".4f", Ok("1.0050"));
        f(1.005, ".1e", Ok("1.0e+00"));
        f(1.005, ".2e", Ok("1.00e+00"));
        f(1.005, ".3g", Ok("1"));
        f(1.005, ".2g", Ok("1"));
        f(1.005, ".5", Ok("1.005"));
        f(1.015, ".2f", Ok("1.01"));
        f(1.015, ".1f", Ok("1.0"));
        f(1.015, ".0f", Ok("1"));
        f(1.015, ".3f", Ok("1.015"));
        f(1.015, ".4f", Ok("1.0150"));
        f(1.015, ".1e", Ok("1.0e+00"));
        f(1.015, ".2e", Ok("1.01e+00"));
        f(1.015, ".3g", Ok("1.01"));
        f(1.015, ".2g", Ok("1"));
        f(1.015, ".5", Ok("1.015"));
        f(1.025, ".2f", Ok("1.02"));
        f(1.025, ".1f", Ok("1.0"));
        f(1.025, ".0f", Ok("1"));
        f(1.025, ".3f", Ok("1.025"));
        f(1.025, ".4f", Ok("1.0250"));
        f(1.025, ".1e", Ok("1.0e+00"));
        f(1.025, ".2e", Ok("1.02e+00"));
        f(1.025, ".3g", Ok("1.02"));
        f(1.025, ".2g", Ok("1"));
        f(1.025, ".5", Ok("1.025"));
        f(0.045, ".2f", Ok("0.04"));
        f(0.045, ".1f", Ok("0.0"));
        f(0.045, ".0f", Ok("0"));
        f(0.045, ".3f", Ok("0.045"));
        f(0.045, ".4f", Ok("0.0450"));
        f(0.045, ".1e", Ok("4.5e-02"));
        f(0.045, ".2e", Ok("4.50e-02"));
        f(0.045, ".3g", Ok("0.045"));
        f(0.045, ".2g", Ok("0.045"));
        f(0.045, ".5", Ok("0.045"));
        f(2.5, ".2f", Ok("2.50"));
        f(2.5, ".1f", Ok("2.5"));
        f(2.5, ".0f", Ok("2"));
        f(2.5, ".3f", Ok("2.500"));
        f(2.5, ".4f", Ok("2.5000"));
        f(2.5, ".1e", Ok("2.5e+00"));
        f(2.5, ".2e", Ok("2.50e+00"));
        f(2.5, ".3g", Ok("2.5"));
        f(2.5, ".2g", Ok("2.5"));
        f(2.5, ".5", Ok("2.5"));
        f(3.5, ".2f", Ok("3.50"));
        f(3.5, ".1f", Ok("3.5"));
        f(3.5, ".0f", Ok("4"));
        f(3.5, ".3f", Ok("3.500"));
        f(3.5, ".4f", Ok("3.5000"));
        f(3.5, ".1e", Ok("3.5e+00"));
        f(3.5, ".2e", Ok("3.50e+00"));
        f(3.5, ".3g", Ok("3.5"));
        f(3.5, ".2g", Ok("3.5"));
        f(3.5, ".5", Ok("3.5"));
        f(0.5, ".2f", Ok("0.50"));
        f(0.5, ".1f", Ok("0.5"));
        f(0.5, ".0f", Ok("0"));
        f(0.5, ".3f", Ok("0.500"));
        f(0.5, ".4f", Ok("0.5000"));
        f(0.5, ".1e", Ok("5.0e-01"));
        f(0.5, ".2e", Ok("5.00e-01"));
        f(0.5, ".3g", Ok("0.5"));
        f(0.5, ".2g", Ok("0.5"));
        f(0.5, ".5", Ok("0.5"));
        f(1.5, ".2f", Ok("1.50"));
        f(1.5, ".1f", Ok("1.5"));
        f(1.5, ".0f", Ok("2"));
        f(1.5, ".3f", Ok("1.500"));
        f(1.5, ".4f", Ok("1.5000"));
        f(1.5, ".1e", Ok("1.5e+00"));
        f(1.5, ".2e", Ok("1.50e+00"));
        f(1.5, ".3g", Ok("1.5"));
        f(1.5, ".2g", Ok("1.5"));
        f(1.5, ".5", Ok("1.5"));
        f(1.25, ".2f", Ok("1.25"));
        f(1.25, ".1f", Ok("1.2"));
        f(1.25, ".0f", Ok("1"));
        f(1.25, ".3f", Ok("1.250"));
        f(1.25, ".4f", Ok("1.2500"));
        f(1.25, ".1e", Ok("1.2e+00"));
        f(1.25, ".2e", Ok("1.25e+00"));
        f(1.25, ".3g", Ok("1.25"));
        f(1.25, ".2g", Ok("1.2"));
        f(1.25, ".5", Ok("1.25"));
        f(1.35, ".2f", Ok("1.35"));
        f(1.35, ".1f", Ok("1.4"));
        f(1.35, ".0f", Ok("1"));
        f(1.35, ".3f", Ok("1.350"));
        f(1.35, ".4f", Ok("1.3500"));
        f(1.35, ".1e", Ok("1.4e+00"));
        f(1.35, ".2e", Ok("1.35e+00"));
        f(1.35, ".3g", Ok("1.35"));
        f(1.35, ".2g", Ok("1.4"));
        f(1.35, ".5", Ok("1.35"));
        f(8.345, ".2f", Ok("8.35"));
        f(8.345, ".1f", Ok("8.3"));
        f(8.345, ".0f", Ok("8"));
        f(8.345, ".3f", Ok("8.345"));
        f(8.345, ".4f", Ok("8.3450"));
        f(8.345, ".1e", Ok("8.3e+00"));
        f(8.345, ".2e", Ok("8.35e+00"));
        f(8.345, ".3g", Ok("8.35"));
        f(8.345, ".2g", Ok("8.3"));
        f(8.345, ".5", Ok("8.345"));
        f(0.00015, ".2f", Ok("0.00"));
        f(0.00015, ".1f", Ok("0.0"));
        f(0.00015, ".0f", Ok("0"));
        f(0.00015, ".3f", Ok("0.000"));
        f(0.00015, ".4f", Ok("0.0001"));
        f(0.00015, ".1e", Ok("1.5e-04"));
        f(0.00015, ".2e", Ok("1.50e-04"));
        f(0.00015, ".3g", Ok("0.00015"));
        f(0.00015, ".2g", Ok("0.00015"));
        f(0.00015, ".5", Ok("0.00015"));
        f(0.00025, ".2f", Ok("0.00"));
        f(0.00025, ".1f", Ok("0.0"));
        f(0.00025, ".0f", Ok("0"));
        f(0.00025, ".3f", Ok("0.000"));
        f(0.00025, ".4f", Ok("0.0003"));
        f(0.00025, ".1e", Ok("2.5e-04"));
        f(0.00025, ".2e", Ok("2.50e-04"));
        f(0.00025, ".3g", Ok("0.00025"));
        f(0.00025, ".2g", Ok("0.00025"));
        f(0.00025, ".5", Ok("0.00025"));
        f(0.0005, ".2f", Ok("0.00"));
        f(0.0005, ".1f", Ok("0.0"));
        f(0.0005, ".0f", Ok("0"));
        f(0.0005, ".3f", Ok("0.001"));
        f(0.0005, ".4f", Ok("0.0005"));
        f(0.0005, ".1e", Ok("5.0e-04"));
        f(0.0005, ".2e", Ok("5.00e-04"));
        f(0.0005, ".3g", Ok("0.0005"));
        f(0.0005, ".2g", Ok("0.0005"));
        f(0.0005, ".5", Ok("0.0005"));
        f(12345.6785, ".2f", Ok("12345.68"));
        f(12345.6785, ".1f", Ok("12345.7"));
        f(12345.6785, ".0f", Ok("12346"));
        f(12345.6785, ".3f", Ok("12345.678"));
        f(12345.6785, ".4f", Ok("12345.6785"));
        f(12345.6785, ".1e", Ok("1.2e+04"));
        f(12345.6785, ".2e", Ok("1.23e+04"));
        f(12345.6785, ".3g", Ok("1.23e+04"));
        f(12345.6785, ".2g", Ok("1.2e+04"));
        f(12345.6785, ".5", Ok("1.2346e+04"));
        f(0.3125, ".2f", Ok("0.31"));
        f(0.3125, ".1f", Ok("0.3"));
        f(0.3125, ".0f", Ok("0"));
        f(0.3125, ".3f", Ok("0.312"));
        f(0.3125, ".4f", Ok("0.3125"));
        f(0.3125, ".1e", Ok("3.1e-01"));
        f(0.3125, ".2e", Ok("3.12e-01"));
        f(0.3125, ".3g", Ok("0.312"));
        f(0.3125, ".2g", Ok("0.31"));
        f(0.3125, ".5", Ok("0.3125"));
        f(1.0000005, ".2f", Ok("1.00"));
        f(1.0000005, ".1f", Ok("1.0"));
        f(1.0000005, ".0f", Ok("1"));
        f(1.0000005, ".3f", Ok("1.000"));
        f(1.0000005, ".4f", Ok("1.0000"));
        f(1.0000005, ".1e", Ok("1.0e+00"));
        f(1.0000005, ".2e", Ok("1.00e+00"));
        f(1.0000005, ".3g", Ok("1"));
        f(1.0000005, ".2g", Ok("1"));
        f(1.0000005, ".5", Ok("1.0"));
    }

    #[test]
    fn python_float_big() {
        f(
            0.1,
            ".60f",
            Ok("0.100000000000000005551115123125782702118158340454101562500000"),
        );
        f(
            0.1,
            ".1200f",
            Ok(
                "0.100000000000000005551115123125782702118158340454101562500000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            ),
        );
        f(
            5e-324,
            ".1100e",
            Ok(
                "4.94065645841246544176568792868221372365059802614324764425585682500675507270208751865299836361635992379796564695445717730926656710355939796398774796010781878126300713190311404527845817167848982103688718636056998730723050006387409153564984387312473397273169615140031715385398074126238565591171026658556686768187039560310624931945271591492455329305456544401127480129709999541931989409080416563324524757147869014726780159355238611550134803526493472019379026810710749170333222684475333572083243193609238289345836806010601150616980975307834227731832924790498252473077637592724787465608477820373446969953364701797267771758512566055119913150489110145103786273816725095583738973359899366480994116420570263709027924276754456522908753868250641971826553344726562500000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000e-324",
            ),
        );
        f(
            1e+300,
            ".2f",
            Ok(
                "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.00",
            ),
        );
        f(
            0.3333333333333333,
            ".800g",
            Ok("0.333333333333333314829616256247390992939472198486328125"),
        );
        f(
            2.5,
            ".1500f",
            Ok(
                "2.500000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            ),
        );
        f(
            1e-300,
            "#.1000g",
            Ok(
                "1.000000000000000025059091835208759685696146807703705249925342319900466043184051484676302812181950100894962306270278254148910311464998804130812246091606190182719426627934584275510414782787015070222639260603793613924359775094030143866141479125513590882591017341692222921220404918621822029155619541859418525883262040928316317872050154019969866169489804106765579424319216525418087322425543005850739383402033309931576464674336384790655316617248125995985949062937824937596171778618887929704765305423351347104182296375666379507674971478542365897951520448920491760252897567092617670818249247201056323377556165380506436538125830502246596311593005632365079290253988781538115540139860095879780811674328049363596311404191532834495603765390114858746528625488281250000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000e-300",
            ),
        );
        fl(
            123.456,
            ".70000f",
            70004,
            "123.456000000000003069544618483632802963",
            "0000000000000000000000000000000000000000",
        );
    }

    #[test]
    fn python_int() {
        i(0, "", Ok("0"));
        i(0, "d", Ok("0"));
        i(0, "5d", Ok("    0"));
        i(0, "<5", Ok("0    "));
        i(0, "^7", Ok("   0   "));
        i(0, "=+8", Ok("+      0"));
        i(0, "05", Ok("00000"));
        i(0, "+", Ok("+0"));
        i(0, " ", Ok(" 0"));
        i(0, ",", Ok("0"));
        i(0, "_", Ok("0"));
        i(0, "_x", Ok("0"));
        i(0, "_b", Ok("0"));
        i(0, "_o", Ok("0"));
        i(0, "x", Ok("0"));
        i(0, "X", Ok("0"));
        i(0, "#x", Ok("0x0"));
        i(0, "#X", Ok("0X0"));
        i(0, "#o", Ok("0o0"));
        i(0, "#b", Ok("0b0"));
        i(0, "b", Ok("0"));
        i(0, "o", Ok("0"));
        i(0, "#010x", Ok("0x00000000"));
        i(0, "#012_b", Ok("0b0_0000_0000"));
        i(0, "+#x", Ok("+0x0"));
        i(0, "c", Ok("\u{0}"));
        i(0, "5c", Ok("    \u{0}"));
        i(0, "<5c", Ok("\u{0}    "));
        i(0, "n", Ok("0"));
        i(0, ",d", Ok("0"));
        i(0, "015,", Ok("000,000,000,000"));
        i(0, "0=10,", Ok("00,000,000"));
        i(0, "x=10,", Ok("xxxxxxxxx0"));
        i(0, "08,", Ok("0,000,000"));
        i(0, "e", Ok("0.000000e+00"));
        i(0, ".2f", Ok("0.00"));
        i(0, "%", Ok("0.000000%"));
        i(0, ".1%", Ok("0.0%"));
        i(0, "g", Ok("0"));
        i(0, ".3g", Ok("0"));
        i(0, ",.2f", Ok("0.00"));
        i(0, "E", Ok("0.000000E+00"));
        i(0, "+.1e", Ok("+0.0e+00"));
        i(
            0,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            0,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            0,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            0,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            0,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(0, ",x", Err("Cannot specify ',' with 'x'."));
        i(0, ",n", Err("Cannot specify ',' with 'n'."));
        i(0, "_c", Err("Cannot specify '_' with 'c'."));
        i(0, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            0,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(0, "^", Ok("0"));
        i(0, "*>+12,", Ok("**********+0"));
        i(-1, "", Ok("-1"));
        i(-1, "d", Ok("-1"));
        i(-1, "5d", Ok("   -1"));
        i(-1, "<5", Ok("-1   "));
        i(-1, "^7", Ok("  -1   "));
        i(-1, "=+8", Ok("-      1"));
        i(-1, "05", Ok("-0001"));
        i(-1, "+", Ok("-1"));
        i(-1, " ", Ok("-1"));
        i(-1, ",", Ok("-1"));
        i(-1, "_", Ok("-1"));
        i(-1, "_x", Ok("-1"));
        i(-1, "_b", Ok("-1"));
        i(-1, "_o", Ok("-1"));
        i(-1, "x", Ok("-1"));
        i(-1, "X", Ok("-1"));
        i(-1, "#x", Ok("-0x1"));
        i(-1, "#X", Ok("-0X1"));
        i(-1, "#o", Ok("-0o1"));
        i(-1, "#b", Ok("-0b1"));
        i(-1, "b", Ok("-1"));
        i(-1, "o", Ok("-1"));
        i(-1, "#010x", Ok("-0x0000001"));
        i(-1, "#012_b", Ok("-0b0000_0001"));
        i(-1, "+#x", Ok("-0x1"));
        i(-1, "c", Err("%c arg not in range(0x110000)"));
        i(-1, "5c", Err("%c arg not in range(0x110000)"));
        i(-1, "<5c", Err("%c arg not in range(0x110000)"));
        i(-1, "n", Ok("-1"));
        i(-1, ",d", Ok("-1"));
        i(-1, "015,", Ok("-00,000,000,001"));
        i(-1, "0=10,", Ok("-0,000,001"));
        i(-1, "x=10,", Ok("-xxxxxxxx1"));
        i(-1, "08,", Ok("-000,001"));
        i(-1, "e", Ok("-1.000000e+00"));
        i(-1, ".2f", Ok("-1.00"));
        i(-1, "%", Ok("-100.000000%"));
        i(-1, ".1%", Ok("-100.0%"));
        i(-1, "g", Ok("-1"));
        i(-1, ".3g", Ok("-1"));
        i(-1, ",.2f", Ok("-1.00"));
        i(-1, "E", Ok("-1.000000E+00"));
        i(-1, "+.1e", Ok("-1.0e+00"));
        i(
            -1,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            -1,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            -1,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            -1,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            -1,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(-1, ",x", Err("Cannot specify ',' with 'x'."));
        i(-1, ",n", Err("Cannot specify ',' with 'n'."));
        i(-1, "_c", Err("Cannot specify '_' with 'c'."));
        i(-1, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            -1,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(-1, "^", Ok("-1"));
        i(-1, "*>+12,", Ok("**********-1"));
        i(42, "", Ok("42"));
        i(42, "d", Ok("42"));
        i(42, "5d", Ok("   42"));
        i(42, "<5", Ok("42   "));
        i(42, "^7", Ok("  42   "));
        i(42, "=+8", Ok("+     42"));
        i(42, "05", Ok("00042"));
        i(42, "+", Ok("+42"));
        i(42, " ", Ok(" 42"));
        i(42, ",", Ok("42"));
        i(42, "_", Ok("42"));
        i(42, "_x", Ok("2a"));
        i(42, "_b", Ok("10_1010"));
        i(42, "_o", Ok("52"));
        i(42, "x", Ok("2a"));
        i(42, "X", Ok("2A"));
        i(42, "#x", Ok("0x2a"));
        i(42, "#X", Ok("0X2A"));
        i(42, "#o", Ok("0o52"));
        i(42, "#b", Ok("0b101010"));
        i(42, "b", Ok("101010"));
        i(42, "o", Ok("52"));
        i(42, "#010x", Ok("0x0000002a"));
        i(42, "#012_b", Ok("0b0_0010_1010"));
        i(42, "+#x", Ok("+0x2a"));
        i(42, "c", Ok("*"));
        i(42, "5c", Ok("    *"));
        i(42, "<5c", Ok("*    "));
        i(42, "n", Ok("42"));
        i(42, ",d", Ok("42"));
        i(42, "015,", Ok("000,000,000,042"));
        i(42, "0=10,", Ok("00,000,042"));
        i(42, "x=10,", Ok("xxxxxxxx42"));
        i(42, "08,", Ok("0,000,042"));
        i(42, "e", Ok("4.200000e+01"));
        i(42, ".2f", Ok("42.00"));
        i(42, "%", Ok("4200.000000%"));
        i(42, ".1%", Ok("4200.0%"));
        i(42, "g", Ok("42"));
        i(42, ".3g", Ok("42"));
        i(42, ",.2f", Ok("42.00"));
        i(42, "E", Ok("4.200000E+01"));
        i(42, "+.1e", Ok("+4.2e+01"));
        i(
            42,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            42,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            42,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            42,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            42,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(42, ",x", Err("Cannot specify ',' with 'x'."));
        i(42, ",n", Err("Cannot specify ',' with 'n'."));
        i(42, "_c", Err("Cannot specify '_' with 'c'."));
        i(42, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            42,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(42, "^", Ok("42"));
        i(42, "*>+12,", Ok("*********+42"));
        i(-255, "", Ok("-255"));
        i(-255, "d", Ok("-255"));
        i(-255, "5d", Ok(" -255"));
        i(-255, "<5", Ok("-255 "));
        i(-255, "^7", Ok(" -255  "));
        i(-255, "=+8", Ok("-    255"));
        i(-255, "05", Ok("-0255"));
        i(-255, "+", Ok("-255"));
        i(-255, " ", Ok("-255"));
        i(-255, ",", Ok("-255"));
        i(-255, "_", Ok("-255"));
        i(-255, "_x", Ok("-ff"));
        i(-255, "_b", Ok("-1111_1111"));
        i(-255, "_o", Ok("-377"));
        i(-255, "x", Ok("-ff"));
        i(-255, "X", Ok("-FF"));
        i(-255, "#x", Ok("-0xff"));
        i(-255, "#X", Ok("-0XFF"));
        i(-255, "#o", Ok("-0o377"));
        i(-255, "#b", Ok("-0b11111111"));
        i(-255, "b", Ok("-11111111"));
        i(-255, "o", Ok("-377"));
        i(-255, "#010x", Ok("-0x00000ff"));
        i(-255, "#012_b", Ok("-0b1111_1111"));
        i(-255, "+#x", Ok("-0xff"));
        i(-255, "c", Err("%c arg not in range(0x110000)"));
        i(-255, "5c", Err("%c arg not in range(0x110000)"));
        i(-255, "<5c", Err("%c arg not in range(0x110000)"));
        i(-255, "n", Ok("-255"));
        i(-255, ",d", Ok("-255"));
        i(-255, "015,", Ok("-00,000,000,255"));
        i(-255, "0=10,", Ok("-0,000,255"));
        i(-255, "x=10,", Ok("-xxxxxx255"));
        i(-255, "08,", Ok("-000,255"));
        i(-255, "e", Ok("-2.550000e+02"));
        i(-255, ".2f", Ok("-255.00"));
        i(-255, "%", Ok("-25500.000000%"));
        i(-255, ".1%", Ok("-25500.0%"));
        i(-255, "g", Ok("-255"));
        i(-255, ".3g", Ok("-255"));
        i(-255, ",.2f", Ok("-255.00"));
        i(-255, "E", Ok("-2.550000E+02"));
        i(-255, "+.1e", Ok("-2.6e+02"));
        i(
            -255,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            -255,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            -255,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            -255,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            -255,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(-255, ",x", Err("Cannot specify ',' with 'x'."));
        i(-255, ",n", Err("Cannot specify ',' with 'n'."));
        i(-255, "_c", Err("Cannot specify '_' with 'c'."));
        i(-255, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            -255,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(-255, "^", Ok("-255"));
        i(-255, "*>+12,", Ok("********-255"));
        i(1234567, "", Ok("1234567"));
        i(1234567, "d", Ok("1234567"));
        i(1234567, "5d", Ok("1234567"));
        i(1234567, "<5", Ok("1234567"));
        i(1234567, "^7", Ok("1234567"));
        i(1234567, "=+8", Ok("+1234567"));
        i(1234567, "05", Ok("1234567"));
        i(1234567, "+", Ok("+1234567"));
        i(1234567, " ", Ok(" 1234567"));
        i(1234567, ",", Ok("1,234,567"));
        i(1234567, "_", Ok("1_234_567"));
        i(1234567, "_x", Ok("12_d687"));
        i(1234567, "_b", Ok("1_0010_1101_0110_1000_0111"));
        i(1234567, "_o", Ok("455_3207"));
        i(1234567, "x", Ok("12d687"));
        i(1234567, "X", Ok("12D687"));
        i(1234567, "#x", Ok("0x12d687"));
        i(1234567, "#X", Ok("0X12D687"));
        i(1234567, "#o", Ok("0o4553207"));
        i(1234567, "#b", Ok("0b100101101011010000111"));
        i(1234567, "b", Ok("100101101011010000111"));
        i(1234567, "o", Ok("4553207"));
        i(1234567, "#010x", Ok("0x0012d687"));
        i(1234567, "#012_b", Ok("0b1_0010_1101_0110_1000_0111"));
        i(1234567, "+#x", Ok("+0x12d687"));
        i(1234567, "c", Err("%c arg not in range(0x110000)"));
        i(1234567, "5c", Err("%c arg not in range(0x110000)"));
        i(1234567, "<5c", Err("%c arg not in range(0x110000)"));
        i(1234567, "n", Ok("1234567"));
        i(1234567, ",d", Ok("1,234,567"));
        i(1234567, "015,", Ok("000,001,234,567"));
        i(1234567, "0=10,", Ok("01,234,567"));
        i(1234567, "x=10,", Ok("x1,234,567"));
        i(1234567, "08,", Ok("1,234,567"));
        i(1234567, "e", Ok("1.234567e+06"));
        i(1234567, ".2f", Ok("1234567.00"));
        i(1234567, "%", Ok("123456700.000000%"));
        i(1234567, ".1%", Ok("123456700.0%"));
        i(1234567, "g", Ok("1.23457e+06"));
        i(1234567, ".3g", Ok("1.23e+06"));
        i(1234567, ",.2f", Ok("1,234,567.00"));
        i(1234567, "E", Ok("1.234567E+06"));
        i(1234567, "+.1e", Ok("+1.2e+06"));
        i(
            1234567,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            1234567,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            1234567,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            1234567,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            1234567,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(1234567, ",x", Err("Cannot specify ',' with 'x'."));
        i(1234567, ",n", Err("Cannot specify ',' with 'n'."));
        i(1234567, "_c", Err("Cannot specify '_' with 'c'."));
        i(1234567, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            1234567,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(1234567, "^", Ok("1234567"));
        i(1234567, "*>+12,", Ok("**+1,234,567"));
        i(65, "", Ok("65"));
        i(65, "d", Ok("65"));
        i(65, "5d", Ok("   65"));
        i(65, "<5", Ok("65   "));
        i(65, "^7", Ok("  65   "));
        i(65, "=+8", Ok("+     65"));
        i(65, "05", Ok("00065"));
        i(65, "+", Ok("+65"));
        i(65, " ", Ok(" 65"));
        i(65, ",", Ok("65"));
        i(65, "_", Ok("65"));
        i(65, "_x", Ok("41"));
        i(65, "_b", Ok("100_0001"));
        i(65, "_o", Ok("101"));
        i(65, "x", Ok("41"));
        i(65, "X", Ok("41"));
        i(65, "#x", Ok("0x41"));
        i(65, "#X", Ok("0X41"));
        i(65, "#o", Ok("0o101"));
        i(65, "#b", Ok("0b1000001"));
        i(65, "b", Ok("1000001"));
        i(65, "o", Ok("101"));
        i(65, "#010x", Ok("0x00000041"));
        i(65, "#012_b", Ok("0b0_0100_0001"));
        i(65, "+#x", Ok("+0x41"));
        i(65, "c", Ok("A"));
        i(65, "5c", Ok("    A"));
        i(65, "<5c", Ok("A    "));
        i(65, "n", Ok("65"));
        i(65, ",d", Ok("65"));
        i(65, "015,", Ok("000,000,000,065"));
        i(65, "0=10,", Ok("00,000,065"));
        i(65, "x=10,", Ok("xxxxxxxx65"));
        i(65, "08,", Ok("0,000,065"));
        i(65, "e", Ok("6.500000e+01"));
        i(65, ".2f", Ok("65.00"));
        i(65, "%", Ok("6500.000000%"));
        i(65, ".1%", Ok("6500.0%"));
        i(65, "g", Ok("65"));
        i(65, ".3g", Ok("65"));
        i(65, ",.2f", Ok("65.00"));
        i(65, "E", Ok("6.500000E+01"));
        i(65, "+.1e", Ok("+6.5e+01"));
        i(
            65,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            65,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            65,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            65,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            65,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(65, ",x", Err("Cannot specify ',' with 'x'."));
        i(65, ",n", Err("Cannot specify ',' with 'n'."));
        i(65, "_c", Err("Cannot specify '_' with 'c'."));
        i(65, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            65,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(65, "^", Ok("65"));
        i(65, "*>+12,", Ok("*********+65"));
        i(i64::MAX, "", Ok("9223372036854775807"));
        i(i64::MAX, "d", Ok("9223372036854775807"));
        i(i64::MAX, "5d", Ok("9223372036854775807"));
        i(i64::MAX, "<5", Ok("9223372036854775807"));
        i(i64::MAX, "^7", Ok("9223372036854775807"));
        i(i64::MAX, "=+8", Ok("+9223372036854775807"));
        i(i64::MAX, "05", Ok("9223372036854775807"));
        i(i64::MAX, "+", Ok("+9223372036854775807"));
        i(i64::MAX, " ", Ok(" 9223372036854775807"));
        i(i64::MAX, ",", Ok("9,223,372,036,854,775,807"));
        i(i64::MAX, "_", Ok("9_223_372_036_854_775_807"));
        i(i64::MAX, "_x", Ok("7fff_ffff_ffff_ffff"));
        i(
            i64::MAX,
            "_b",
            Ok("111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111"),
        );
        i(i64::MAX, "_o", Ok("7_7777_7777_7777_7777_7777"));
        i(i64::MAX, "x", Ok("7fffffffffffffff"));
        i(i64::MAX, "X", Ok("7FFFFFFFFFFFFFFF"));
        i(i64::MAX, "#x", Ok("0x7fffffffffffffff"));
        i(i64::MAX, "#X", Ok("0X7FFFFFFFFFFFFFFF"));
        i(i64::MAX, "#o", Ok("0o777777777777777777777"));
        i(
            i64::MAX,
            "#b",
            Ok("0b111111111111111111111111111111111111111111111111111111111111111"),
        );
        i(
            i64::MAX,
            "b",
            Ok("111111111111111111111111111111111111111111111111111111111111111"),
        );
        i(i64::MAX, "o", Ok("777777777777777777777"));
        i(i64::MAX, "#010x", Ok("0x7fffffffffffffff"));
        i(
            i64::MAX,
            "#012_b",
            Ok("0b111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111"),
        );
        i(i64::MAX, "+#x", Ok("+0x7fffffffffffffff"));
        i(i64::MAX, "c", Err("%c arg not in range(0x110000)"));
        i(i64::MAX, "5c", Err("%c arg not in range(0x110000)"));
        i(i64::MAX, "<5c", Err("%c arg not in range(0x110000)"));
        i(i64::MAX, "n", Ok("9223372036854775807"));
        i(i64::MAX, ",d", Ok("9,223,372,036,854,775,807"));
        i(i64::MAX, "015,", Ok("9,223,372,036,854,775,807"));
        i(i64::MAX, "0=10,", Ok("9,223,372,036,854,775,807"));
        i(i64::MAX, "x=10,", Ok("9,223,372,036,854,775,807"));
        i(i64::MAX, "08,", Ok("9,223,372,036,854,775,807"));
        i(i64::MAX, "e", Ok("9.223372e+18"));
        i(i64::MAX, ".2f", Ok("9223372036854775808.00"));
        i(i64::MAX, "%", Ok("922337203685477580800.000000%"));
        i(i64::MAX, ".1%", Ok("922337203685477580800.0%"));
        i(i64::MAX, "g", Ok("9.22337e+18"));
        i(i64::MAX, ".3g", Ok("9.22e+18"));
        i(i64::MAX, ",.2f", Ok("9,223,372,036,854,775,808.00"));
        i(i64::MAX, "E", Ok("9.223372E+18"));
        i(i64::MAX, "+.1e", Ok("+9.2e+18"));
        i(
            i64::MAX,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            i64::MAX,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            i64::MAX,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            i64::MAX,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            i64::MAX,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(i64::MAX, ",x", Err("Cannot specify ',' with 'x'."));
        i(i64::MAX, ",n", Err("Cannot specify ',' with 'n'."));
        i(i64::MAX, "_c", Err("Cannot specify '_' with 'c'."));
        i(i64::MAX, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            i64::MAX,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(i64::MAX, "^", Ok("9223372036854775807"));
        i(i64::MAX, "*>+12,", Ok("+9,223,372,036,854,775,807"));
        i(i64::MIN, "", Ok("-9223372036854775808"));
        i(i64::MIN, "d", Ok("-9223372036854775808"));
        i(i64::MIN, "5d", Ok("-9223372036854775808"));
        i(i64::MIN, "<5", Ok("-9223372036854775808"));
        i(i64::MIN, "^7", Ok("-9223372036854775808"));
        i(i64::MIN, "=+8", Ok("-9223372036854775808"));
        i(i64::MIN, "05", Ok("-9223372036854775808"));
        i(i64::MIN, "+", Ok("-9223372036854775808"));
        i(i64::MIN, " ", Ok("-9223372036854775808"));
        i(i64::MIN, ",", Ok("-9,223,372,036,854,775,808"));
        i(i64::MIN, "_", Ok("-9_223_372_036_854_775_808"));
        i(i64::MIN, "_x", Ok("-8000_0000_0000_0000"));
        i(
            i64::MIN,
            "_b",
            Ok("-1000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000"),
        );
        i(i64::MIN, "_o", Ok("-10_0000_0000_0000_0000_0000"));
        i(i64::MIN, "x", Ok("-8000000000000000"));
        i(i64::MIN, "X", Ok("-8000000000000000"));
        i(i64::MIN, "#x", Ok("-0x8000000000000000"));
        i(i64::MIN, "#X", Ok("-0X8000000000000000"));
        i(i64::MIN, "#o", Ok("-0o1000000000000000000000"));
        i(
            i64::MIN,
            "#b",
            Ok("-0b1000000000000000000000000000000000000000000000000000000000000000"),
        );
        i(
            i64::MIN,
            "b",
            Ok("-1000000000000000000000000000000000000000000000000000000000000000"),
        );
        i(i64::MIN, "o", Ok("-1000000000000000000000"));
        i(i64::MIN, "#010x", Ok("-0x8000000000000000"));
        i(
            i64::MIN,
            "#012_b",
            Ok(
                "-0b1000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000",
            ),
        );
        i(i64::MIN, "+#x", Ok("-0x8000000000000000"));
        i(i64::MIN, "c", Err("%c arg not in range(0x110000)"));
        i(i64::MIN, "5c", Err("%c arg not in range(0x110000)"));
        i(i64::MIN, "<5c", Err("%c arg not in range(0x110000)"));
        i(i64::MIN, "n", Ok("-9223372036854775808"));
        i(i64::MIN, ",d", Ok("-9,223,372,036,854,775,808"));
        i(i64::MIN, "015,", Ok("-9,223,372,036,854,775,808"));
        i(i64::MIN, "0=10,", Ok("-9,223,372,036,854,775,808"));
        i(i64::MIN, "x=10,", Ok("-9,223,372,036,854,775,808"));
        i(i64::MIN, "08,", Ok("-9,223,372,036,854,775,808"));
        i(i64::MIN, "e", Ok("-9.223372e+18"));
        i(i64::MIN, ".2f", Ok("-9223372036854775808.00"));
        i(i64::MIN, "%", Ok("-922337203685477580800.000000%"));
        i(i64::MIN, ".1%", Ok("-922337203685477580800.0%"));
        i(i64::MIN, "g", Ok("-9.22337e+18"));
        i(i64::MIN, ".3g", Ok("-9.22e+18"));
        i(i64::MIN, ",.2f", Ok("-9,223,372,036,854,775,808.00"));
        i(i64::MIN, "E", Ok("-9.223372E+18"));
        i(i64::MIN, "+.1e", Ok("-9.2e+18"));
        i(
            i64::MIN,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            i64::MIN,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            i64::MIN,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            i64::MIN,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            i64::MIN,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(i64::MIN, ",x", Err("Cannot specify ',' with 'x'."));
        i(i64::MIN, ",n", Err("Cannot specify ',' with 'n'."));
        i(i64::MIN, "_c", Err("Cannot specify '_' with 'c'."));
        i(i64::MIN, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            i64::MIN,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(i64::MIN, "^", Ok("-9223372036854775808"));
        i(i64::MIN, "*>+12,", Ok("-9,223,372,036,854,775,808"));
        i(1114111, "", Ok("1114111"));
        i(1114111, "d", Ok("1114111"));
        i(1114111, "5d", Ok("1114111"));
        i(1114111, "<5", Ok("1114111"));
        i(1114111, "^7", Ok("1114111"));
        i(1114111, "=+8", Ok("+1114111"));
        i(1114111, "05", Ok("1114111"));
        i(1114111, "+", Ok("+1114111"));
        i(1114111, " ", Ok(" 1114111"));
        i(1114111, ",", Ok("1,114,111"));
        i(1114111, "_", Ok("1_114_111"));
        i(1114111, "_x", Ok("10_ffff"));
        i(1114111, "_b", Ok("1_0000_1111_1111_1111_1111"));
        i(1114111, "_o", Ok("417_7777"));
        i(1114111, "x", Ok("10ffff"));
        i(1114111, "X", Ok("10FFFF"));
        i(1114111, "#x", Ok("0x10ffff"));
        i(1114111, "#X", Ok("0X10FFFF"));
        i(1114111, "#o", Ok("0o4177777"));
        i(1114111, "#b", Ok("0b100001111111111111111"));
        i(1114111, "b", Ok("100001111111111111111"));
        i(1114111, "o", Ok("4177777"));
        i(1114111, "#010x", Ok("0x0010ffff"));
        i(1114111, "#012_b", Ok("0b1_0000_1111_1111_1111_1111"));
        i(1114111, "+#x", Ok("+0x10ffff"));
        i(1114111, "c", Ok("􏿿"));
        i(1114111, "5c", Ok("    􏿿"));
        i(1114111, "<5c", Ok("􏿿    "));
        i(1114111, "n", Ok("1114111"));
        i(1114111, ",d", Ok("1,114,111"));
        i(1114111, "015,", Ok("000,001,114,111"));
        i(1114111, "0=10,", Ok("01,114,111"));
        i(1114111, "x=10,", Ok("x1,114,111"));
        i(1114111, "08,", Ok("1,114,111"));
        i(1114111, "e", Ok("1.114111e+06"));
        i(1114111, ".2f", Ok("1114111.00"));
        i(1114111, "%", Ok("111411100.000000%"));
        i(1114111, ".1%", Ok("111411100.0%"));
        i(1114111, "g", Ok("1.11411e+06"));
        i(1114111, ".3g", Ok("1.11e+06"));
        i(1114111, ",.2f", Ok("1,114,111.00"));
        i(1114111, "E", Ok("1.114111E+06"));
        i(1114111, "+.1e", Ok("+1.1e+06"));
        i(
            1114111,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            1114111,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            1114111,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            1114111,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            1114111,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(1114111, ",x", Err("Cannot specify ',' with 'x'."));
        i(1114111, ",n", Err("Cannot specify ',' with 'n'."));
        i(1114111, "_c", Err("Cannot specify '_' with 'c'."));
        i(1114111, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            1114111,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(1114111, "^", Ok("1114111"));
        i(1114111, "*>+12,", Ok("**+1,114,111"));
        i(1114112, "", Ok("1114112"));
        i(1114112, "d", Ok("1114112"));
        i(1114112, "5d", Ok("1114112"));
        i(1114112, "<5", Ok("1114112"));
        i(1114112, "^7", Ok("1114112"));
        i(1114112, "=+8", Ok("+1114112"));
        i(1114112, "05", Ok("1114112"));
        i(1114112, "+", Ok("+1114112"));
        i(1114112, " ", Ok(" 1114112"));
        i(1114112, ",", Ok("1,114,112"));
        i(1114112, "_", Ok("1_114_112"));
        i(1114112, "_x", Ok("11_0000"));
        i(1114112, "_b", Ok("1_0001_0000_0000_0000_0000"));
        i(1114112, "_o", Ok("420_0000"));
        i(1114112, "x", Ok("110000"));
        i(1114112, "X", Ok("110000"));
        i(1114112, "#x", Ok("0x110000"));
        i(1114112, "#X", Ok("0X110000"));
        i(1114112, "#o", Ok("0o4200000"));
        i(1114112, "#b", Ok("0b100010000000000000000"));
        i(1114112, "b", Ok("100010000000000000000"));
        i(1114112, "o", Ok("4200000"));
        i(1114112, "#010x", Ok("0x00110000"));
        i(1114112, "#012_b", Ok("0b1_0001_0000_0000_0000_0000"));
        i(1114112, "+#x", Ok("+0x110000"));
        i(1114112, "c", Err("%c arg not in range(0x110000)"));
        i(1114112, "5c", Err("%c arg not in range(0x110000)"));
        i(1114112, "<5c", Err("%c arg not in range(0x110000)"));
        i(1114112, "n", Ok("1114112"));
        i(1114112, ",d", Ok("1,114,112"));
        i(1114112, "015,", Ok("000,001,114,112"));
        i(1114112, "0=10,", Ok("01,114,112"));
        i(1114112, "x=10,", Ok("x1,114,112"));
        i(1114112, "08,", Ok("1,114,112"));
        i(1114112, "e", Ok("1.114112e+06"));
        i(1114112, ".2f", Ok("1114112.00"));
        i(1114112, "%", Ok("111411200.000000%"));
        i(1114112, ".1%", Ok("111411200.0%"));
        i(1114112, "g", Ok("1.11411e+06"));
        i(1114112, ".3g", Ok("1.11e+06"));
        i(1114112, ",.2f", Ok("1,114,112.00"));
        i(1114112, "E", Ok("1.114112E+06"));
        i(1114112, "+.1e", Ok("+1.1e+06"));
        i(
            1114112,
            "z",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        i(
            1114112,
            ".2",
            Err("Precision not allowed in integer format specifier"),
        );
        i(
            1114112,
            "+c",
            Err("Sign not allowed with integer format specifier 'c'"),
        );
        i(
            1114112,
            "#c",
            Err("Alternate form (#) not allowed with integer format specifier 'c'"),
        );
        i(
            1114112,
            "s",
            Err("Unknown format code 's' for object of type 'int'"),
        );
        i(1114112, ",x", Err("Cannot specify ',' with 'x'."));
        i(1114112, ",n", Err("Cannot specify ',' with 'n'."));
        i(1114112, "_c", Err("Cannot specify '_' with 'c'."));
        i(1114112, "_n", Err("Cannot specify '_' with 'n'."));
        i(
            1114112,
            "ö",
            Err("Unknown format code '\\xf6' for object of type 'int'"),
        );
        i(1114112, "^", Ok("1114112"));
        i(1114112, "*>+12,", Ok("**+1,114,112"));
    }

    #[test]
    fn python_str() {
        s("", "", Ok(""));
        s("", "s", Ok(""));
        s("", "10", Ok("          "));
        s("", ">10", Ok("          "));
        s("", "<10", Ok("          "));
        s("", "^10", Ok("          "));
        s("", "^9", Ok("         "));
        s("", "*^9", Ok("*********"));
        s("", "0", Ok(""));
        s("", "05", Ok("00000"));
        s("", "<05", Ok("00000"));
        s(
            "",
            "=5",
            Err("'=' alignment not allowed in string format specifier"),
        );
        s("", ".2", Ok(""));
        s("", ".0", Ok(""));
        s("", "10.3", Ok("          "));
        s("", "+", Err("Sign not allowed in string format specifier"));
        s("", " ", Err("Space not allowed in string format specifier"));
        s("", "-", Err("Sign not allowed in string format specifier"));
        s(
            "",
            "z",
            Err("Negative zero coercion (z) not allowed in string format specifier"),
        );
        s(
            "",
            "#",
            Err("Alternate form (#) not allowed in string format specifier"),
        );
        s("", ",", Err("Cannot specify ',' with 's'."));
        s("", "_", Err("Cannot specify '_' with 's'."));
        s(
            "",
            "d",
            Err("Unknown format code 'd' for object of type 'str'"),
        );
        s(
            "",
            "x",
            Err("Unknown format code 'x' for object of type 'str'"),
        );
        s("", "한^11", Ok("한한한한한한한한한한한"));
        s("", "2", Ok("  "));
        s("", ">2s", Ok("  "));
        s(
            "",
            "q.2",
            Err("Invalid format specifier 'q.2' for object of type 'str'"),
        );
        s("", ".s", Err("Format specifier missing precision"));
        s("ab", "", Ok("ab"));
        s("ab", "s", Ok("ab"));
        s("ab", "10", Ok("ab        "));
        s("ab", ">10", Ok("        ab"));
        s("ab", "<10", Ok("ab        "));
        s("ab", "^10", Ok("    ab    "));
        s("ab", "^9", Ok("   ab    "));
        s("ab", "*^9", Ok("***ab****"));
        s("ab", "0", Ok("ab"));
        s("ab", "05", Ok("ab000"));
        s("ab", "<05", Ok("ab000"));
        s(
            "ab",
            "=5",
            Err("'=' alignment not allowed in string format specifier"),
        );
        s("ab", ".2", Ok("ab"));
        s("ab", ".0", Ok(""));
        s("ab", "10.3", Ok("ab        "));
        s(
            "ab",
            "+",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "ab",
            " ",
            Err("Space not allowed in string format specifier"),
        );
        s(
            "ab",
            "-",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "ab",
            "z",
            Err("Negative zero coercion (z) not allowed in string format specifier"),
        );
        s(
            "ab",
            "#",
            Err("Alternate form (#) not allowed in string format specifier"),
        );
        s("ab", ",", Err("Cannot specify ',' with 's'."));
        s("ab", "_", Err("Cannot specify '_' with 's'."));
        s(
            "ab",
            "d",
            Err("Unknown format code 'd' for object of type 'str'"),
        );
        s(
            "ab",
            "x",
            Err("Unknown format code 'x' for object of type 'str'"),
        );
        s("ab", "한^11", Ok("한한한한ab한한한한한"));
        s("ab", "2", Ok("ab"));
        s("ab", ">2s", Ok("ab"));
        s(
            "ab",
            "q.2",
            Err("Invalid format specifier 'q.2' for object of type 'str'"),
        );
        s("ab", ".s", Err("Format specifier missing precision"));
        s("hello", "", Ok("hello"));
        s("hello", "s", Ok("hello"));
        s("hello", "10", Ok("hello     "));
        s("hello", ">10", Ok("     hello"));
        s("hello", "<10", Ok("hello     "));
        s("hello", "^10", Ok("  hello   "));
        s("hello", "^9", Ok("  hello  "));
        s("hello", "*^9", Ok("**hello**"));
        s("hello", "0", Ok("hello"));
        s("hello", "05", Ok("hello"));
        s("hello", "<05", Ok("hello"));
        s(
            "hello",
            "=5",
            Err("'=' alignment not allowed in string format specifier"),
        );
        s("hello", ".2", Ok("he"));
        s("hello", ".0", Ok(""));
        s("hello", "10.3", Ok("hel       "));
        s(
            "hello",
            "+",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "hello",
            " ",
            Err("Space not allowed in string format specifier"),
        );
        s(
            "hello",
            "-",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "hello",
            "z",
            Err("Negative zero coercion (z) not allowed in string format specifier"),
        );
        s(
            "hello",
            "#",
            Err("Alternate form (#) not allowed in string format specifier"),
        );
        s("hello", ",", Err("Cannot specify ',' with 's'."));
        s("hello", "_", Err("Cannot specify '_' with 's'."));
        s(
            "hello",
            "d",
            Err("Unknown format code 'd' for object of type 'str'"),
        );
        s(
            "hello",
            "x",
            Err("Unknown format code 'x' for object of type 'str'"),
        );
        s("hello", "한^11", Ok("한한한hello한한한"));
        s("hello", "2", Ok("hello"));
        s("hello", ">2s", Ok("hello"));
        s(
            "hello",
            "q.2",
            Err("Invalid format specifier 'q.2' for object of type 'str'"),
        );
        s("hello", ".s", Err("Format specifier missing precision"));
        s("한국어", "", Ok("한국어"));
        s("한국어", "s", Ok("한국어"));
        s("한국어", "10", Ok("한국어       "));
        s("한국어", ">10", Ok("       한국어"));
        s("한국어", "<10", Ok("한국어       "));
        s("한국어", "^10", Ok("   한국어    "));
        s("한국어", "^9", Ok("   한국어   "));
        s("한국어", "*^9", Ok("***한국어***"));
        s("한국어", "0", Ok("한국어"));
        s("한국어", "05", Ok("한국어00"));
        s("한국어", "<05", Ok("한국어00"));
        s(
            "한국어",
            "=5",
            Err("'=' alignment not allowed in string format specifier"),
        );
        s("한국어", ".2", Ok("한국"));
        s("한국어", ".0", Ok(""));
        s("한국어", "10.3", Ok("한국어       "));
        s(
            "한국어",
            "+",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "한국어",
            " ",
            Err("Space not allowed in string format specifier"),
        );
        s(
            "한국어",
            "-",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "한국어",
            "z",
            Err("Negative zero coercion (z) not allowed in string format specifier"),
        );
        s(
            "한국어",
            "#",
            Err("Alternate form (#) not allowed in string format specifier"),
        );
        s("한국어", ",", Err("Cannot specify ',' with 's'."));
        s("한국어", "_", Err("Cannot specify '_' with 's'."));
        s(
            "한국어",
            "d",
            Err("Unknown format code 'd' for object of type 'str'"),
        );
        s(
            "한국어",
            "x",
            Err("Unknown format code 'x' for object of type 'str'"),
        );
        s("한국어", "한^11", Ok("한한한한한국어한한한한"));
        s("한국어", "2", Ok("한국어"));
        s("한국어", ">2s", Ok("한국어"));
        s(
            "한국어",
            "q.2",
            Err("Invalid format specifier 'q.2' for object of type 'str'"),
        );
        s("한국어", ".s", Err("Format specifier missing precision"));
        s("😀x", "", Ok("😀x"));
        s("😀x", "s", Ok("😀x"));
        s("😀x", "10", Ok("😀x        "));
        s("😀x", ">10", Ok("        😀x"));
        s("😀x", "<10", Ok("😀x        "));
        s("😀x", "^10", Ok("    😀x    "));
        s("😀x", "^9", Ok("   😀x    "));
        s("😀x", "*^9", Ok("***😀x****"));
        s("😀x", "0", Ok("😀x"));
        s("😀x", "05", Ok("😀x000"));
        s("😀x", "<05", Ok("😀x000"));
        s(
            "😀x",
            "=5",
            Err("'=' alignment not allowed in string format specifier"),
        );
        s("😀x", ".2", Ok("😀x"));
        s("😀x", ".0", Ok(""));
        s("😀x", "10.3", Ok("😀x        "));
        s(
            "😀x",
            "+",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "😀x",
            " ",
            Err("Space not allowed in string format specifier"),
        );
        s(
            "😀x",
            "-",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "😀x",
            "z",
            Err("Negative zero coercion (z) not allowed in string format specifier"),
        );
        s(
            "😀x",
            "#",
            Err("Alternate form (#) not allowed in string format specifier"),
        );
        s("😀x", ",", Err("Cannot specify ',' with 's'."));
        s("😀x", "_", Err("Cannot specify '_' with 's'."));
        s(
            "😀x",
            "d",
            Err("Unknown format code 'd' for object of type 'str'"),
        );
        s(
            "😀x",
            "x",
            Err("Unknown format code 'x' for object of type 'str'"),
        );
        s("😀x", "한^11", Ok("한한한한😀x한한한한한"));
        s("😀x", "2", Ok("😀x"));
        s("😀x", ">2s", Ok("😀x"));
        s(
            "😀x",
            "q.2",
            Err("Invalid format specifier 'q.2' for object of type 'str'"),
        );
        s("😀x", ".s", Err("Format specifier missing precision"));
        s("naïve café", "", Ok("naïve café"));
        s("naïve café", "s", Ok("naïve café"));
        s("naïve café", "10", Ok("naïve café"));
        s("naïve café", ">10", Ok("naïve café"));
        s("naïve café", "<10", Ok("naïve café"));
        s("naïve café", "^10", Ok("naïve café"));
        s("naïve café", "^9", Ok("naïve café"));
        s("naïve café", "*^9", Ok("naïve café"));
        s("naïve café", "0", Ok("naïve café"));
        s("naïve café", "05", Ok("naïve café"));
        s("naïve café", "<05", Ok("naïve café"));
        s(
            "naïve café",
            "=5",
            Err("'=' alignment not allowed in string format specifier"),
        );
        s("naïve café", ".2", Ok("na"));
        s("naïve café", ".0", Ok(""));
        s("naïve café", "10.3", Ok("naï       "));
        s(
            "naïve café",
            "+",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "naïve café",
            " ",
            Err("Space not allowed in string format specifier"),
        );
        s(
            "naïve café",
            "-",
            Err("Sign not allowed in string format specifier"),
        );
        s(
            "naïve café",
            "z",
            Err("Negative zero coercion (z) not allowed in string format specifier"),
        );
        s(
            "naïve café",
            "#",
            Err("Alternate form (#) not allowed in string format specifier"),
        );
        s("naïve café", ",", Err("Cannot specify ',' with 's'."));
        s("naïve café", "_", Err("Cannot specify '_' with 's'."));
        s(
            "naïve café",
            "d",
            Err("Unknown format code 'd' for object of type 'str'"),
        );
        s(
            "naïve café",
            "x",
            Err("Unknown format code 'x' for object of type 'str'"),
        );
        s("naïve café", "한^11", Ok("naïve café한"));
        s("naïve café", "2", Ok("naïve café"));
        s("naïve café", ">2s", Ok("naïve café"));
        s(
            "naïve café",
            "q.2",
            Err("Invalid format specifier 'q.2' for object of type 'str'"),
        );
        s(
            "naïve café",
            ".s",
            Err("Format specifier missing precision"),
        );
    }

    #[test]
    fn python_odd() {
        f(
            1.5,
            "abc",
            Err("Invalid format specifier 'abc' for object of type 'float'"),
        );
        i(
            7,
            "abc",
            Err("Invalid format specifier 'abc' for object of type 'int'"),
        );
        s(
            "ab",
            "abc",
            Err("Invalid format specifier 'abc' for object of type 'str'"),
        );
        f(1.5, ".f", Err("Format specifier missing precision"));
        i(7, ".f", Err("Format specifier missing precision"));
        s("ab", ".f", Err("Format specifier missing precision"));
        f(1.5, ",_", Err("Cannot specify both ',' and '_'."));
        i(7, ",_", Err("Cannot specify both ',' and '_'."));
        s("ab", ",_", Err("Cannot specify both ',' and '_'."));
        f(1.5, "_,", Err("Cannot specify both ',' and '_'."));
        i(7, "_,", Err("Cannot specify both ',' and '_'."));
        s("ab", "_,", Err("Cannot specify both ',' and '_'."));
        f(1.5, ",,", Err("Cannot specify ',' with ','."));
        i(7, ",,", Err("Cannot specify ',' with ','."));
        s("ab", ",,", Err("Cannot specify ',' with ','."));
        f(1.5, "__", Err("Cannot specify '_' with '_'."));
        i(7, "__", Err("Cannot specify '_' with '_'."));
        s("ab", "__", Err("Cannot specify '_' with '_'."));
        f(1.5, "1,_", Err("Cannot specify both ',' and '_'."));
        i(7, "1,_", Err("Cannot specify both ',' and '_'."));
        s("ab", "1,_", Err("Cannot specify both ',' and '_'."));
        f(1.5, "==", Ok("1.5"));
        i(7, "==", Ok("7"));
        s(
            "ab",
            "==",
            Err("'=' alignment not allowed in string format specifier"),
        );
        f(
            1.5,
            "<<<",
            Err("Unknown format code '<' for object of type 'float'"),
        );
        i(
            7,
            "<<<",
            Err("Unknown format code '<' for object of type 'int'"),
        );
        s(
            "ab",
            "<<<",
            Err("Unknown format code '<' for object of type 'str'"),
        );
        f(
            1.5,
            "10.2.3",
            Err("Invalid format specifier '10.2.3' for object of type 'float'"),
        );
        i(
            7,
            "10.2.3",
            Err("Invalid format specifier '10.2.3' for object of type 'int'"),
        );
        s(
            "ab",
            "10.2.3",
            Err("Invalid format specifier '10.2.3' for object of type 'str'"),
        );
        f(
            1.5,
            "ff",
            Err("Invalid format specifier 'ff' for object of type 'float'"),
        );
        i(
            7,
            "ff",
            Err("Invalid format specifier 'ff' for object of type 'int'"),
        );
        s(
            "ab",
            "ff",
            Err("Invalid format specifier 'ff' for object of type 'str'"),
        );
        f(1.5, "0", Ok("1.5"));
        i(7, "0", Ok("7"));
        s("ab", "0", Ok("ab"));
        f(1.5, "00", Ok("1.5"));
        i(7, "00", Ok("7"));
        s("ab", "00", Ok("ab"));
        f(
            1.5,
            "99999999999999999999",
            Err("Too many decimal digits in format string"),
        );
        i(
            7,
            "99999999999999999999",
            Err("Too many decimal digits in format string"),
        );
        s(
            "ab",
            "99999999999999999999",
            Err("Too many decimal digits in format string"),
        );
        f(
            1.5,
            ".99999999999999999999f",
            Err("Too many decimal digits in format string"),
        );
        i(
            7,
            ".99999999999999999999f",
            Err("Too many decimal digits in format string"),
        );
        s(
            "ab",
            ".99999999999999999999f",
            Err("Too many decimal digits in format string"),
        );
        f(
            1.5,
            "\u{1}",
            Err("Unknown format code '\\x1' for object of type 'float'"),
        );
        i(
            7,
            "\u{1}",
            Err("Unknown format code '\\x1' for object of type 'int'"),
        );
        s(
            "ab",
            "\u{1}",
            Err("Unknown format code '\\x1' for object of type 'str'"),
        );
        f(
            1.5,
            "é",
            Err("Unknown format code '\\xe9' for object of type 'float'"),
        );
        i(
            7,
            "é",
            Err("Unknown format code '\\xe9' for object of type 'int'"),
        );
        s(
            "ab",
            "é",
            Err("Unknown format code '\\xe9' for object of type 'str'"),
        );
        f(
            1.5,
            "\t",
            Err("Unknown format code '\\x9' for object of type 'float'"),
        );
        i(
            7,
            "\t",
            Err("Unknown format code '\\x9' for object of type 'int'"),
        );
        s(
            "ab",
            "\t",
            Err("Unknown format code '\\x9' for object of type 'str'"),
        );
        f(1.5, " ^", Ok("1.5"));
        i(7, " ^", Ok("7"));
        s("ab", " ^", Ok("ab"));
        f(1.5, "<<", Ok("1.5"));
        i(7, "<<", Ok("7"));
        s("ab", "<<", Ok("ab"));
        f(1.5, "0>", Ok("1.5"));
        i(7, "0>", Ok("7"));
        s("ab", "0>", Ok("ab"));
        f(
            1.5,
            "+-",
            Err("Unknown format code '-' for object of type 'float'"),
        );
        i(
            7,
            "+-",
            Err("Unknown format code '-' for object of type 'int'"),
        );
        s(
            "ab",
            "+-",
            Err("Unknown format code '-' for object of type 'str'"),
        );
        f(1.5, "z#0", Ok("1.5"));
        i(
            7,
            "z#0",
            Err("Negative zero coercion (z) not allowed in integer format specifier"),
        );
        s(
            "ab",
            "z#0",
            Err("Negative zero coercion (z) not allowed in string format specifier"),
        );
        f(
            1.5,
            "##",
            Err("Unknown format code '#' for object of type 'float'"),
        );
        i(
            7,
            "##",
            Err("Unknown format code '#' for object of type 'int'"),
        );
        s(
            "ab",
            "##",
            Err("Unknown format code '#' for object of type 'str'"),
        );
        f(
            1.5,
            "zz",
            Err("Unknown format code 'z' for object of type 'float'"),
        );
        i(
            7,
            "zz",
            Err("Unknown format code 'z' for object of type 'int'"),
        );
        s(
            "ab",
            "zz",
            Err("Unknown format code 'z' for object of type 'str'"),
        );
    }
    // END GENERATED
}
