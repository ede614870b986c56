//! What a lesson's named dims may be set to, in one place for every entry point: `--set NAME=VALUE` on the
//! command line (check, trace, open, demo) and the TUI's Sizes panel read values with [`parse_set`] and
//! [`parse_dim`], and both refuse the same things for the same reasons. Here too: the limits, the paper's
//! preset, the exact-division check for derived dims (`head_dim: hid_dim // n_heads`) and how chosen sizes
//! carry over to the other lessons. Messages in the learner's language are the TUI's business; [`SizeError`]
//! carries what they need and prints the English one.

use thiserror::Error;

use super::model::Lesson;
use std::rc::Rc;

use crate::tensor::sym::{Sym, write_term};

/// The largest value a dim may take. 4096 already makes an attention map of 16 Mi elements per head.
pub const MAX_DIM: i64 = 4096;
/// Vocabulary sizes are table rows, not sequence lengths: the paper's 37000 must fit.
pub const MAX_VOCAB: i64 = 65536;

/// The base model of "Attention Is All You Need" (d_model 512, 8 heads, d_ff 2048), with the batch of 8
/// sentences of 128 tokens that the posts' benchmarks use. Names a lesson lacks are left out.
pub const PAPER: &[(&str, i64)] = &[
    ("bs", 8),
    ("sl", 128),
    ("hid_dim", 512),
    ("d_model", 512),
    ("n_heads", 8),
    ("pf_dim", 2048),
    ("max_len", 128),
    ("src_len", 128),
    ("trg_len", 128),
];

/// A whole set of sizes at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// The lesson's own defaults.
    Toy,
    /// [`PAPER`] where the lesson has the name, its own default elsewhere.
    Paper,
}

impl Preset {
    /// The value this preset gives the base dim `name`, whose lesson default is `default`.
    pub fn value(self, name: &str, default: i64) -> i64 {
        match self {
            Preset::Toy => default,
            Preset::Paper => PAPER
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(default, |(_, v)| *v),
        }
    }
}

/// Why a size cannot be used. The English message is its `Display`; the TUI words it in Korean from the
/// same fields.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SizeError {
    #[error("{name}: type a value")]
    Empty { name: String },
    #[error("{name}: `{text}` is not a whole number")]
    NotANumber { name: String, text: String },
    #[error("{name}: must be at least 1 ({value})")]
    NotPositive { name: String, value: i64 },
    #[error("{name}: {value} is too large (at most {max})")]
    TooLarge { name: String, value: i64, max: i64 },
    /// `head_dim = hid_dim // n_heads` with `hid_dim % n_heads != 0`.
    #[error(transparent)]
    NotDivisible(#[from] Indivisible),
    /// A `--set` argument that is not `NAME=VALUE` (the message leaves `text` to the caller, who shows it).
    #[error("expected NAME=VALUE")]
    NotAnAssignment { text: String },
}

impl SizeError {
    /// The dims the error is about (the panel marks their rows).
    pub fn dims(&self) -> Vec<&str> {
        match self {
            SizeError::Empty { name }
            | SizeError::NotANumber { name, .. }
            | SizeError::NotPositive { name, .. }
            | SizeError::TooLarge { name, .. } => vec![name],
            SizeError::NotDivisible(e) => vec![&e.dividend.0, &e.divisor.0],
            SizeError::NotAnAssignment { .. } => vec![],
        }
    }
}

/// A derived dim `derived = dividend // divisor` whose sizes do not divide exactly: the heads would not tile
/// the model dim (PyTorch's `nn.MultiheadAttention` refuses it the same way), or an odd `d_model` would not
/// split into sin/cos pairs.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "{}={} is not divisible by {}={} ({derived} = {} // {})",
    dividend.0, dividend.1, divisor.0, divisor.1, dividend.0, divisor.0
)]
pub struct Indivisible {
    pub derived: String,
    pub dividend: (String, i64),
    pub divisor: (String, i64),
}

/// Whether `name` counts as a vocabulary (`vocab`, `src_vocab`, `trg_vocab`): a table's rows, allowed up to
/// [`MAX_VOCAB`].
pub fn is_vocabulary(name: &str) -> bool {
    name.contains("vocab")
}

/// The cap for a dim: vocabularies may be large, everything else stops at [`MAX_DIM`].
pub fn max_for(name: &str) -> i64 {
    if is_vocabulary(name) {
        MAX_VOCAB
    } else {
        MAX_DIM
    }
}

/// `value` if dim `name` may take it: a whole number from 1 to [`max_for`]`(name)`.
pub fn check_value(name: &str, value: i64) -> Result<i64, SizeError> {
    let max = max_for(name);
    if value < 1 {
        Err(SizeError::NotPositive {
            name: name.to_string(),
            value,
        })
    } else if value > max {
        Err(SizeError::TooLarge {
            name: name.to_string(),
            value,
            max,
        })
    } else {
        Ok(value)
    }
}

/// Reads a typed value for dim `name`: optional sign, then ASCII digits only, within [`check_value`]'s range.
///
/// ```
/// use transformer_tutor::lesson::sizes::{parse_dim, SizeError};
/// assert_eq!(parse_dim("sl", " 128 "), Ok(128));
/// assert_eq!(parse_dim("sl", "0").unwrap_err().to_string(), "sl: must be at least 1 (0)");
/// assert!(matches!(parse_dim("src_vocab", "37000"), Ok(37000)));
/// ```
pub fn parse_dim(name: &str, text: &str) -> Result<i64, SizeError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(SizeError::Empty {
            name: name.to_string(),
        });
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(SizeError::NotANumber {
            name: name.to_string(),
            text: text.to_string(),
        });
    }
    let value = match text.parse::<i64>() {
        Ok(v) => v,
        // Only digits, so it overflowed i64: out of range either way.
        Err(_) if text.starts_with('-') => i64::MIN,
        Err(_) => i64::MAX,
    };
    check_value(name, value)
}

/// Reads one `--set NAME=VALUE`: a dim name (letters, digits, `_`) and a value by [`parse_dim`]'s rules.
///
/// ```
/// use transformer_tutor::lesson::sizes::parse_set;
/// assert_eq!(parse_set("hid_dim=512"), Ok(("hid_dim".to_string(), 512)));
/// assert_eq!(parse_set("sl=100000").unwrap_err().to_string(), "sl: 100000 is too large (at most 4096)");
/// assert!(parse_set("sl").is_err());
/// ```
pub fn parse_set(text: &str) -> Result<(String, i64), SizeError> {
    let not_an_assignment = || SizeError::NotAnAssignment {
        text: text.to_string(),
    };
    let (name, value) = text.split_once('=').ok_or_else(not_an_assignment)?;
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return Err(not_an_assignment());
    }
    Ok((name.to_string(), parse_dim(name, value)?))
}

/// A dim's front-matter value when it is an integer literal (a base dim the learner may change); `None` for
/// a derived dim such as `hid_dim // n_heads`.
pub fn literal(expr: &str) -> Option<i64> {
    expr.trim().parse::<i64>().ok()
}

/// The sizes among `sizes` that name one of `lesson`'s dims. A whole course is set to another size by naming
/// every dim any lesson has (`hid_dim` and `d_model`, `sl` and `max_len`, ...); each lesson takes the ones
/// it knows.
pub fn overrides_for(lesson: &Lesson, sizes: &[(String, i64)]) -> Vec<(String, i64)> {
    sizes
        .iter()
        .filter(|(name, _)| lesson.dims.iter().any(|(d, _)| d == name))
        .cloned()
        .collect()
}

/// The lesson's base dims that `values` sets to something other than the lesson's default.
pub fn changed_from_defaults(lesson: &Lesson, values: &[(String, i64)]) -> Vec<(String, i64)> {
    lesson
        .dims
        .iter()
        .filter_map(|(name, expr)| {
            let default = literal(expr)?;
            let (_, v) = values.iter().find(|(n, _)| n == name)?;
            (*v != default).then(|| (name.clone(), *v))
        })
        .collect()
}

/// `bs=8 sl=128 hid_dim=512`.
pub fn describe(sizes: &[(String, i64)]) -> String {
    sizes
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The sizes by name that every lesson opens at after `lesson` was set to `chosen` (its base dims that
/// differ from its defaults), starting from `previous`. A preset speaks for the whole course (toy: no
/// sizes at all; paper: [`PAPER`] for every lesson that has the names); an edit changes only this lesson's
/// dims and keeps the rest of `previous`.
pub fn carry_over(
    previous: &[(String, i64)],
    preset: Option<Preset>,
    lesson: &Lesson,
    chosen: Vec<(String, i64)>,
) -> Vec<(String, i64)> {
    let mut sizes = match preset {
        Some(Preset::Toy) => vec![],
        _ => previous.to_vec(),
    };
    if preset == Some(Preset::Paper) {
        for (name, v) in PAPER {
            sizes.retain(|(n, _)| n != name);
            sizes.push((name.to_string(), *v));
        }
    }
    for (name, _) in &lesson.dims {
        sizes.retain(|(n, _)| n != name);
    }
    sizes.extend(chosen);
    sizes
}

/// `a // b` with `a` and `b` dim names or integers: the dividend and divisor, for the exactness check.
/// Other expressions are not checked here (the kernel still evaluates them).
fn floor_division(expr: &str) -> Option<(&str, &str)> {
    let (a, b) = expr.split_once("//")?;
    Some((simple_operand(a)?, simple_operand(b)?))
}

/// A dim name or an integer literal, trimmed.
fn simple_operand(s: &str) -> Option<&str> {
    let s = s.trim();
    let simple = !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !(s.starts_with(|c: char| c.is_ascii_digit()) && s.parse::<i64>().is_err());
    simple.then_some(s)
}

/// Every derived dim written `a // b` (`head_dim: hid_dim // n_heads`) must divide exactly at these
/// sizes: a head count that does not divide the model dim, or an odd `d_model` split into sin/cos pairs,
/// would drop columns, and the lesson's views would fail cell after cell, far from the cause. Used by the
/// kernel (so `--set hid_dim=500` with 8 heads is refused up front) and by the TUI's Sizes panel while the
/// learner types.
pub fn check_exact_divisions<'a>(
    dims: impl IntoIterator<Item = &'a (String, String)>,
    values: &[(String, i64)],
) -> Result<(), Indivisible> {
    let value_of = |s: &str| {
        s.parse::<i64>()
            .ok()
            .or_else(|| values.iter().find(|(n, _)| n == s).map(|(_, v)| *v))
    };
    for (name, expr) in dims {
        let Some((a, b)) = floor_division(expr) else {
            continue;
        };
        let (Some(av), Some(bv)) = (value_of(a), value_of(b)) else {
            continue;
        };
        if bv != 0 && av % bv != 0 {
            return Err(Indivisible {
                derived: name.clone(),
                dividend: (a.to_string(), av),
                divisor: (b.to_string(), bv),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod fixtures {
    use crate::lesson::{Lang, Lesson};

    pub fn lesson(dims: &[(&str, &str)]) -> Lesson {
        Lesson {
            id: "t".into(),
            title: "T".into(),
            order: 1,
            lang: Lang::En,
            path: "t.md".into(),
            dims: dims
                .iter()
                .map(|(n, e)| (n.to_string(), e.to_string()))
                .collect(),
            data: vec![],
            minimums: vec![],
            blocks: vec![],
        }
    }

    /// Multi-head attention's dims at toy size, with a vocabulary.
    pub fn heads() -> Lesson {
        lesson(&[
            ("bs", "1"),
            ("sl", "7"),
            ("hid_dim", "8"),
            ("n_heads", "2"),
            ("head_dim", "hid_dim // n_heads"),
            ("src_vocab", "40"),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{heads, lesson};
    use super::*;

    fn sizes(pairs: &[(&str, i64)]) -> Vec<(String, i64)> {
        pairs.iter().map(|(n, v)| (n.to_string(), *v)).collect()
    }

    #[test]
    fn whole_numbers_in_range_are_accepted() {
        assert_eq!(parse_dim("sl", "128"), Ok(128));
        assert_eq!(parse_dim("sl", " 1 "), Ok(1));
        assert_eq!(parse_dim("sl", "+4096"), Ok(4096));
        assert_eq!(parse_dim("src_vocab", "37000"), Ok(37000));
        assert_eq!(parse_dim("vocab", "65536"), Ok(65536));
    }

    #[test]
    fn empty_zero_negative_and_junk_are_refused() {
        let e = |t: &str| parse_dim("sl", t).unwrap_err();
        assert_eq!(e(""), SizeError::Empty { name: "sl".into() });
        assert_eq!(e("   "), SizeError::Empty { name: "sl".into() });
        assert_eq!(
            e("0"),
            SizeError::NotPositive {
                name: "sl".into(),
                value: 0
            }
        );
        assert_eq!(
            e("-3"),
            SizeError::NotPositive {
                name: "sl".into(),
                value: -3
            }
        );
        for junk in ["abc", "1e3", "12.5", "0x10", "-", "+", "1 2", "١٢"] {
            assert!(
                matches!(e(junk), SizeError::NotANumber { .. }),
                "{junk:?} gave {:?}",
                e(junk)
            );
        }
    }

    #[test]
    fn sizes_above_the_cap_are_refused_even_past_i64() {
        let too_large = |t: &str, max| matches!(parse_dim("hid_dim", t), Err(SizeError::TooLarge { max: m, .. }) if m == max);
        assert!(too_large("4097", MAX_DIM));
        assert!(too_large("99999999999999999999999", MAX_DIM));
        assert!(matches!(
            parse_dim("sl", "-99999999999999999999999"),
            Err(SizeError::NotPositive { .. })
        ));
        assert!(matches!(
            parse_dim("trg_vocab", "65537"),
            Err(SizeError::TooLarge { max: MAX_VOCAB, .. })
        ));
        assert_eq!(check_value("n_layers", 4096), Ok(4096));
        assert!(check_value("n_layers", 4097).is_err());
    }

    #[test]
    fn english_messages_name_the_dim() {
        let e = SizeError::TooLarge {
            name: "sl".into(),
            value: 5000,
            max: 4096,
        };
        assert_eq!(e.to_string(), "sl: 5000 is too large (at most 4096)");
        assert_eq!(e.dims(), ["sl"]);
    }

    #[test]
    fn set_arguments_follow_the_same_rules_as_typed_values() {
        assert_eq!(parse_set("hid_dim=512"), Ok(("hid_dim".into(), 512)));
        assert_eq!(parse_set(" sl = 16 "), Ok(("sl".into(), 16)));
        assert_eq!(
            parse_set("src_vocab=37000"),
            Ok(("src_vocab".into(), 37000))
        );
        assert_eq!(parse_set("sl=0"), Err(parse_dim("sl", "0").unwrap_err()));
        assert_eq!(
            parse_set("sl=100000"),
            Err(parse_dim("sl", "100000").unwrap_err())
        );
        assert!(matches!(
            parse_set("sl=-1"),
            Err(SizeError::NotPositive { value: -1, .. })
        ));
        assert!(matches!(
            parse_set("sl=ab"),
            Err(SizeError::NotANumber { .. })
        ));
        assert!(matches!(parse_set("sl="), Err(SizeError::Empty { .. })));
        for bad in ["sl", "=5", "s l=5", "sl:5", ""] {
            assert_eq!(
                parse_set(bad),
                Err(SizeError::NotAnAssignment { text: bad.into() }),
                "{bad:?}"
            );
        }
        assert_eq!(
            parse_set("sl").unwrap_err().to_string(),
            "expected NAME=VALUE"
        );
    }

    #[test]
    fn a_head_count_that_does_not_divide_the_model_dim_is_refused() {
        let l = heads();
        let v = |h: i64, n: i64| sizes(&[("hid_dim", h), ("n_heads", n)]);
        assert_eq!(check_exact_divisions(&l.dims, &v(512, 8)), Ok(()));
        let err = SizeError::from(check_exact_divisions(&l.dims, &v(512, 3)).unwrap_err());
        assert_eq!(
            err.to_string(),
            "hid_dim=512 is not divisible by n_heads=3 (head_dim = hid_dim // n_heads)"
        );
        assert_eq!(err.dims(), ["hid_dim", "n_heads"]);
        // Literal operands are checked too.
        let pe = lesson(&[("d_model", "8"), ("n_freq", "d_model // 2")]);
        assert!(check_exact_divisions(&pe.dims, &sizes(&[("d_model", 7)])).is_err());
        assert!(check_exact_divisions(&pe.dims, &sizes(&[("d_model", 512)])).is_ok());
    }

    #[test]
    fn only_simple_floor_divisions_are_read() {
        assert_eq!(
            floor_division("hid_dim // n_heads"),
            Some(("hid_dim", "n_heads"))
        );
        assert_eq!(floor_division("d_model//2"), Some(("d_model", "2")));
        assert_eq!(floor_division("3 * hid_dim"), None);
        assert_eq!(floor_division("(a + b) // c"), None);
        assert_eq!(floor_division("2x // c"), None);
    }

    #[test]
    fn changed_dims_are_those_off_the_lesson_defaults() {
        let l = heads();
        let values = sizes(&[("bs", 1), ("sl", 128), ("head_dim", 64)]);
        assert_eq!(changed_from_defaults(&l, &values), sizes(&[("sl", 128)]));
        assert_eq!(describe(&sizes(&[("bs", 8), ("sl", 128)])), "bs=8 sl=128");
        assert_eq!(
            overrides_for(&l, &sizes(&[("d_model", 512), ("sl", 16)])),
            sizes(&[("sl", 16)])
        );
    }

    #[test]
    fn presets_give_the_papers_sizes_only_where_it_has_the_name() {
        assert_eq!(Preset::Paper.value("hid_dim", 8), 512);
        assert_eq!(Preset::Paper.value("src_vocab", 40), 40);
        assert_eq!(Preset::Toy.value("hid_dim", 8), 8);
    }

    #[test]
    fn chosen_sizes_carry_over_by_name() {
        let l = heads();
        let before = sizes(&[("pf_dim", 64), ("sl", 20)]);
        // An edit: this lesson's dims replaced, the others kept.
        assert_eq!(
            carry_over(&before, None, &l, sizes(&[("sl", 9)])),
            sizes(&[("pf_dim", 64), ("sl", 9)])
        );
        // Toy: nothing carries over.
        assert_eq!(carry_over(&before, Some(Preset::Toy), &l, vec![]), vec![]);
        // Paper: every paper name, this lesson's own choice for its dims.
        let paper = carry_over(
            &before,
            Some(Preset::Paper),
            &l,
            sizes(&[("bs", 8), ("sl", 128), ("hid_dim", 512), ("n_heads", 8)]),
        );
        assert_eq!(
            paper,
            sizes(&[
                ("d_model", 512),
                ("pf_dim", 2048),
                ("max_len", 128),
                ("src_len", 128),
                ("trg_len", 128),
                ("bs", 8),
                ("sl", 128),
                ("hid_dim", 512),
                ("n_heads", 8),
            ])
        );
    }
}

/// How a size symbol reads with the lesson's dim names: each term as a dim's name where it is one
/// (`2*head_dim`), a product in the lesson's order of dims (`sl*hid_dim`), or a product with a derived dim
/// (`sl*head_dim` for `sl*hid_dim/n_heads`), joined as a sum (`sl + 1`).
pub fn render_sym(sym: &Sym, dims: &[(String, Sym)]) -> String {
    let mut out = String::new();
    for (i, (mono, c)) in sym.split_terms().into_iter().enumerate() {
        if i > 0 {
            out.push_str(if c.num < 0 { " - " } else { " + " });
        } else if c.num < 0 {
            out.push('-');
        }
        let atoms = term_atoms(&mono, dims);
        write_term(&mut out, c, &atoms, &|n: &str| n.to_string());
    }
    out
}

/// A term's atoms as the lesson would write them (names of dims, in the order the lesson lists them).
fn term_atoms(mono: &Sym, dims: &[(String, Sym)]) -> Vec<(Rc<str>, i32)> {
    let order = |name: &str| {
        dims.iter()
            .position(|(_, s)| s.as_atom() == Some(name))
            .unwrap_or(usize::MAX)
    };
    let sorted = |mut atoms: Vec<(Rc<str>, i32)>| {
        atoms.sort_by_key(|(n, _)| order(n));
        atoms
    };
    if let Some((name, _)) = dims.iter().find(|(_, s)| s == mono) {
        return vec![(Rc::from(name.as_str()), 1)];
    }
    if mono.is_product() {
        return sorted(mono.atoms());
    }
    // A derived dim (one with a division in it) that divides this term and leaves a plain product.
    for (name, d) in dims.iter().filter(|(_, d)| !d.is_product()) {
        if let Some(rest) = mono.div_exact(d)
            && rest.is_product()
            && rest.split_terms().len() == 1
        {
            let mut atoms = sorted(rest.atoms());
            atoms.push((Rc::from(name.as_str()), 1));
            return atoms;
        }
    }
    sorted(mono.atoms())
}
