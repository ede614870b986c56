//! Changing a lesson's named dims from the TUI (the Sizes panel, `z`): the panel's state (`panel`), applying
//! sizes to the notebook (`apply`), drawing the panel (`ui`) and its messages in the learner's language
//! (here). The rules for what a dim may be, the presets and the limits are the lesson room's
//! ([`crate::lesson::sizes`]), shared with `--set`. Nothing here draws except `ui`; nothing does terminal I/O.

pub(super) mod apply;
mod panel;
pub(super) mod ui;

pub use panel::{DimRow, PanelKey, SizesPanel};

use crate::lesson::Lang;
use crate::lesson::sizes::SizeError;

/// Why the panel's sizes cannot be applied: a rule of the lesson room's [`sizes`](crate::lesson::sizes),
/// or the kernel refusing them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PanelError {
    Size(SizeError),
    /// The kernel refused the sizes (its message, without the file position).
    Kernel(String),
}

impl From<SizeError> for PanelError {
    fn from(e: SizeError) -> PanelError {
        PanelError::Size(e)
    }
}

impl From<crate::lesson::sizes::Indivisible> for PanelError {
    fn from(e: crate::lesson::sizes::Indivisible) -> PanelError {
        PanelError::Size(e.into())
    }
}

impl PanelError {
    /// The message shown in the panel, in the learner's language.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            PanelError::Size(e) => (crate::tui::text::text(lang).size_error)(e),
            PanelError::Kernel(m) => m.clone(),
        }
    }

    /// The dims the error is about, to mark their rows.
    pub fn dims(&self) -> Vec<&str> {
        match self {
            PanelError::Size(e) => e.dims(),
            PanelError::Kernel(_) => vec![],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::sizes::{check_exact_divisions, fixtures::heads, parse_dim};

    #[test]
    fn messages_name_the_dim_in_both_languages() {
        let e = PanelError::from(parse_dim("sl", "5000").unwrap_err());
        assert_eq!(e.message(Lang::En), "sl: 5000 is too large (at most 4096)");
        assert_eq!(
            e.message(Lang::Ko),
            "sl: 5000은(는) 너무 큽니다 (최대 4096)"
        );
        assert_eq!(e.dims(), ["sl"]);
        let empty = PanelError::from(parse_dim("sl", "").unwrap_err());
        assert_eq!(empty.message(Lang::Ko), "sl: 값을 입력하세요");
    }

    #[test]
    fn an_indivisible_head_count_is_explained_in_both_languages() {
        let l = heads();
        let values = [("hid_dim".to_string(), 512), ("n_heads".to_string(), 3)];
        let e = PanelError::from(check_exact_divisions(&l.dims, &values).unwrap_err());
        assert_eq!(
            e.message(Lang::En),
            "hid_dim=512 is not divisible by n_heads=3 (head_dim = hid_dim // n_heads)"
        );
        assert_eq!(
            e.message(Lang::Ko),
            "hid_dim=512은(는) n_heads=3(으)로 나누어떨어지지 않습니다 (head_dim = hid_dim // n_heads)"
        );
        assert_eq!(e.dims(), ["hid_dim", "n_heads"]);
        assert_eq!(PanelError::Kernel("no".into()).message(Lang::Ko), "no");
    }
}
