//! Python's number and string formatting (`interp::types::format`: `repr(float)` and the format-spec
//! mini-language) against CPython 3.11. The recorded cases live in `tests/data/pyfmt/*.json`, written by
//! `tools/fmt/gen_pyfmt.py` (see its docstring for the format); one test per file.

use serde::Deserialize;
use transformer_tutor::interp::types::format::{
    float_repr, float_str_e, format_float, format_int, format_str,
};

/// A file of `tests/data/pyfmt`.
#[derive(Deserialize)]
struct Recorded<C> {
    python: String,
    cases: Vec<C>,
}

/// `repr(x)` of the float whose IEEE bits are `bits` (hex).
#[derive(Deserialize)]
struct ReprCase {
    bits: String,
    repr: String,
}

/// `format(x, spec)` as CPython computed it.
#[derive(Deserialize)]
struct FormatCase {
    #[serde(rename = "type")]
    ty: String,
    x: String,
    spec: String,
    #[serde(flatten)]
    want: Want,
}

#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum Want {
    Ok {
        ok: String,
    },
    Err {
        err: String,
    },
    /// A result too long to store: its length in characters, its first and last 40.
    Long {
        len: usize,
        head: String,
        tail: String,
    },
}

fn load<C: for<'de> Deserialize<'de>>(json: &str, file: &str, count: usize) -> Vec<C> {
    let recorded: Recorded<C> =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(
        recorded.python.starts_with("3.11."),
        "{file}: recorded with Python {}",
        recorded.python
    );
    assert_eq!(recorded.cases.len(), count, "{file}: number of cases");
    recorded.cases
}

/// What this crate returns for one case (`Err(message)` for a Python exception).
fn run(case: &FormatCase) -> Result<String, String> {
    match case.ty.as_str() {
        "float" => format_float(case.x.parse().map_err(|_| "bad x")?, &case.spec),
        "int" => format_int(case.x.parse().map_err(|_| "bad x")?, &case.spec),
        "str" => format_str(&case.x, &case.spec),
        _ => Err("bad type".to_string()),
    }
}

/// Checks every case of one file; the failure lists every case that differs.
fn check_format_cases(json: &str, file: &str, count: usize) {
    let mut failures = Vec::new();
    for case in load::<FormatCase>(json, file, count) {
        let got = run(&case);
        let same = match (&case.want, &got) {
            (Want::Ok { ok }, Ok(s)) => s == ok,
            (Want::Err { err }, Err(e)) => e == err,
            (Want::Long { len, head, tail }, Ok(s)) => {
                s.chars().count() == *len && s.starts_with(head) && s.ends_with(tail)
            }
            _ => false,
        };
        if !same {
            failures.push(format!(
                "format({}({:?}), {:?}): Python {:?}, got {got:?}",
                case.ty, case.x, case.spec, case.want
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{file}: {} of {count} cases differ from Python:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

macro_rules! recorded {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/pyfmt/",
            $name,
            ".json"
        ))
    };
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

#[test]
fn python_repr() {
    let mut failures = Vec::new();
    for case in load::<ReprCase>(recorded!("repr"), "repr.json", 98) {
        let Some(bits) = case
            .bits
            .strip_prefix("0x")
            .and_then(|h| u64::from_str_radix(h, 16).ok())
        else {
            failures.push(format!("bad bits {:?}", case.bits));
            continue;
        };
        let got = float_repr(f64::from_bits(bits));
        if got != case.repr {
            failures.push(format!(
                "repr({}) = {got:?}, Python: {:?}",
                case.bits, case.repr
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn python_float() {
    check_format_cases(recorded!("float"), "float.json", 1040);
}

#[test]
fn python_float_round() {
    check_format_cases(recorded!("float_round"), "float_round.json", 220);
}

#[test]
fn python_float_big() {
    check_format_cases(recorded!("float_big"), "float_big.json", 8);
}

#[test]
fn python_int() {
    check_format_cases(recorded!("int"), "int.json", 550);
}

#[test]
fn python_str() {
    check_format_cases(recorded!("str"), "str.json", 174);
}

#[test]
fn python_odd() {
    check_format_cases(recorded!("odd"), "odd.json", 75);
}
