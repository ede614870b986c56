//! Changing a lesson's named dims from the TUI (the Sizes panel, `z`): the rules for what a learner may type
//! and the presets (here), the panel's state (`panel`), applying sizes to the notebook (`apply`) and
//! drawing the panel (`ui`). Nothing here draws except `ui`; nothing does terminal I/O.

pub(super) mod apply;
mod panel;
pub(super) mod ui;

pub use panel::{DimRow, PanelKey, SizesPanel};

use crate::lesson::kernel::Indivisible;
use crate::lesson::{Lang, Lesson};

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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// The lesson's own defaults.
    Toy,
    Paper,
}

/// Why the chosen sizes cannot be applied. Shown in the panel, in the learner's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SizeError {
    Empty {
        name: String,
    },
    NotANumber {
        name: String,
        text: String,
    },
    NotPositive {
        name: String,
        value: i64,
    },
    TooLarge {
        name: String,
        value: i64,
        max: i64,
    },
    /// `head_dim = hid_dim // n_heads` with `hid_dim % n_heads != 0`: the heads would not tile the model
    /// dim (PyTorch's `nn.MultiheadAttention` refuses it the same way).
    NotDivisible {
        derived: String,
        dividend: (String, i64),
        divisor: (String, i64),
    },
    /// The kernel refused the sizes (its message, without the file position).
    Kernel(String),
}

impl SizeError {
    pub fn message(&self, lang: Lang) -> String {
        let ko = lang == Lang::Ko;
        match self {
            SizeError::Empty { name } if ko => format!("{name}: 값을 입력하세요"),
            SizeError::Empty { name } => format!("{name}: type a value"),
            SizeError::NotANumber { name, text } if ko => {
                format!("{name}: `{text}`은(는) 정수가 아닙니다")
            }
            SizeError::NotANumber { name, text } => {
                format!("{name}: `{text}` is not a whole number")
            }
            SizeError::NotPositive { name, value } if ko => {
                format!("{name}: 1 이상이어야 합니다 ({value})")
            }
            SizeError::NotPositive { name, value } => {
                format!("{name}: must be at least 1 ({value})")
            }
            SizeError::TooLarge { name, value, max } if ko => {
                format!("{name}: {value}은(는) 너무 큽니다 (최대 {max})")
            }
            SizeError::TooLarge { name, value, max } => {
                format!("{name}: {value} is too large (at most {max})")
            }
            SizeError::NotDivisible {
                derived,
                dividend: (a, av),
                divisor: (b, bv),
            } if ko => format!(
                "{a}={av}은(는) {b}={bv}(으)로 나누어떨어지지 않습니다 ({derived} = {a} // {b})"
            ),
            SizeError::NotDivisible {
                derived,
                dividend: (a, av),
                divisor: (b, bv),
            } => format!("{a}={av} is not divisible by {b}={bv} ({derived} = {a} // {b})"),
            SizeError::Kernel(m) => m.clone(),
        }
    }

    /// The dims the error is about, to mark their rows.
    pub fn dims(&self) -> Vec<&str> {
        match self {
            SizeError::Empty { name }
            | SizeError::NotANumber { name, .. }
            | SizeError::NotPositive { name, .. }
            | SizeError::TooLarge { name, .. } => vec![name],
            SizeError::NotDivisible {
                dividend, divisor, ..
            } => vec![&dividend.0, &divisor.0],
            SizeError::Kernel(_) => vec![],
        }
    }
}

/// The cap for a dim: vocabularies may be large, everything else stops at [`MAX_DIM`].
pub fn max_for(name: &str) -> i64 {
    if name.contains("vocab") {
        MAX_VOCAB
    } else {
        MAX_DIM
    }
}

/// Reads what the learner typed for dim `name`: a whole number from 1 to [`max_for`]`(name)`.
pub fn parse_dim(name: &str, text: &str) -> Result<i64, SizeError> {
    let text = text.trim();
    let name = name.to_string();
    if text.is_empty() {
        return Err(SizeError::Empty { name });
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(SizeError::NotANumber {
            name,
            text: text.to_string(),
        });
    }
    let max = max_for(&name);
    let value = match text.parse::<i64>() {
        Ok(v) => v,
        // Only digits, so it overflowed i64: too large either way.
        Err(_) if text.starts_with('-') => i64::MIN,
        Err(_) => i64::MAX,
    };
    if value < 1 {
        Err(SizeError::NotPositive { name, value })
    } else if value > max {
        Err(SizeError::TooLarge { name, value, max })
    } else {
        Ok(value)
    }
}

/// A dim's front-matter value when it is an integer literal (a base dim the learner may change).
pub fn literal(expr: &str) -> Option<i64> {
    expr.trim().parse::<i64>().ok()
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

impl From<Indivisible> for SizeError {
    fn from(e: Indivisible) -> SizeError {
        SizeError::NotDivisible {
            derived: e.derived,
            dividend: e.dividend,
            divisor: e.divisor,
        }
    }
}

/// The lesson room's exactness check ([`check_exact_divisions`](crate::lesson::kernel::check_exact_divisions))
/// at the sizes being typed, as a panel error.
pub fn check_exact_divisions(lesson: &Lesson, values: &[(String, i64)]) -> Result<(), SizeError> {
    Ok(crate::lesson::kernel::check_exact_divisions(
        &lesson.dims,
        values,
    )?)
}

#[cfg(test)]
pub(super) mod fixtures {
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
            blocks: vec![],
        }
    }

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

    #[test]
    fn whole_numbers_in_range_are_accepted() {
        assert_eq!(parse_dim("sl", "128"), Ok(128));
        assert_eq!(parse_dim("sl", " 1 "), Ok(1));
        assert_eq!(parse_dim("sl", "+4096"), Ok(4096));
        assert_eq!(parse_dim("src_vocab", "37000"), Ok(37000));
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
    }

    #[test]
    fn messages_name_the_dim_in_both_languages() {
        let e = SizeError::TooLarge {
            name: "sl".into(),
            value: 5000,
            max: 4096,
        };
        assert_eq!(e.message(Lang::En), "sl: 5000 is too large (at most 4096)");
        assert!(e.message(Lang::Ko).contains("최대 4096"));
    }

    #[test]
    fn a_head_count_that_does_not_divide_the_model_dim_is_refused() {
        let l = heads();
        let v = |h: i64, n: i64| vec![("hid_dim".to_string(), h), ("n_heads".to_string(), n)];
        assert_eq!(check_exact_divisions(&l, &v(512, 8)), Ok(()));
        let err = check_exact_divisions(&l, &v(512, 3)).unwrap_err();
        assert_eq!(
            err.message(Lang::En),
            "hid_dim=512 is not divisible by n_heads=3 (head_dim = hid_dim // n_heads)"
        );
        assert_eq!(err.dims(), ["hid_dim", "n_heads"]);
        // Literal operands are checked too.
        let pe = lesson(&[("d_model", "8"), ("n_freq", "d_model // 2")]);
        assert!(check_exact_divisions(&pe, &[("d_model".into(), 7)]).is_err());
        assert!(check_exact_divisions(&pe, &[("d_model".into(), 512)]).is_ok());
    }

    #[test]
    fn changed_dims_are_those_off_the_lesson_defaults() {
        let l = heads();
        let values = vec![
            ("bs".to_string(), 1),
            ("sl".to_string(), 128),
            ("head_dim".to_string(), 64),
        ];
        assert_eq!(
            changed_from_defaults(&l, &values),
            vec![("sl".to_string(), 128)]
        );
        assert_eq!(
            describe(&[("bs".into(), 8), ("sl".into(), 128)]),
            "bs=8 sl=128"
        );
    }
}
