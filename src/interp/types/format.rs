//! Python 3 number and string formatting.
//!
//! Reproduces CPython 3.11's `repr(float)` and the format-spec mini-language used by
//! `format(value, spec)` / `f"{value:spec}"` / `str.format` for `float`, `int` and `str`
//! (`Python/formatter_unicode.c` and `Python/pystrtod.c`), character for character.
//! Errors carry the message of the `ValueError` (or `OverflowError`) Python would raise.
//! `tests/pyfmt.rs` checks it against 2,165 cases recorded from CPython (`tests/data/pyfmt/*.json`).
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
