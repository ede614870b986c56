//! Every string the terminal app shows, one table per language ([`en::EN`], [`ko::KO`]), so a translator
//! reads one file and a missing Korean string is a compile error, not a blank on screen. Call sites read
//! `app.text().field`; strings with values in them are `fn` fields, called as `(app.text().field)(n)`.
//! To add a string: add a field to [`Text`], then give it a value in both `en.rs` and `ko.rs`.

use crate::lesson::Lang;

use super::footer::Hint;

mod en;
mod ko;

pub use en::EN;
pub use ko::KO;

/// One key and what it does, as the help overlay lists it.
pub type KeyHelp = (&'static str, &'static str);

/// The app's words in one language. Every field is required, so both tables stay complete.
pub struct Text {
    /// The notebook's keys, for the help overlay (`?`).
    pub help: &'static [KeyHelp],
    /// Demo mode's keys, for its own help (`?`).
    pub demo_help: &'static [KeyHelp],
    /// The notebook's footer, in the order shown.
    pub notebook_hints: &'static [Hint],
    /// The editor's footer: the keys ratatui-textarea really has (its undo is Ctrl-U; the app adds Ctrl-Z).
    pub editor_hints: &'static [Hint],
    /// The lesson list's footer.
    pub list_hints: &'static [Hint],
    /// The footer's `i` while the inspector is shown.
    pub inspector_hide: &'static str,
    /// The footer's `f` while the inspector is shown.
    pub inspector_full: &'static str,
    /// The footer's `i` while the inspector is hidden.
    pub inspector_show: &'static str,
    /// The footer's `f/Esc` while the inspector is full screen.
    pub inspector_back: &'static str,
}

/// The table for a language.
pub fn text(lang: Lang) -> &'static Text {
    match lang {
        Lang::En => &EN,
        Lang::Ko => &KO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys_of<'a>(list: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
        list.into_iter().collect()
    }

    /// Every fixed string of a table, with its field's name, for the checks below.
    fn strings(t: &Text) -> Vec<(&'static str, &'static str)> {
        let mut all = vec![
            ("inspector_hide", t.inspector_hide),
            ("inspector_full", t.inspector_full),
            ("inspector_show", t.inspector_show),
            ("inspector_back", t.inspector_back),
        ];
        for (k, v) in t.help.iter().chain(t.demo_help) {
            all.push((k, v));
        }
        for h in t
            .notebook_hints
            .iter()
            .chain(t.editor_hints)
            .chain(t.list_hints)
        {
            all.push((h.keys, h.label));
        }
        all
    }

    #[test]
    fn no_string_is_empty_in_either_language() {
        for t in [&EN, &KO] {
            for (name, s) in strings(t) {
                assert!(!s.trim().is_empty(), "{name} is empty");
            }
        }
    }

    #[test]
    fn the_korean_table_is_translated() {
        for ((name, en), (_, ko)) in strings(&EN).into_iter().zip(strings(&KO)) {
            // Keys are the same keys in both languages; their descriptions are not.
            if en.is_ascii() && en.chars().any(|c| c.is_ascii_lowercase()) && en.len() > 3 {
                assert_ne!(en, ko, "{name} is not translated");
            }
        }
        assert!(KO.help.iter().all(|(_, v)| !v.is_ascii()));
        assert!(KO.demo_help.iter().all(|(_, v)| !v.is_ascii()));
    }

    #[test]
    fn key_tables_have_the_same_keys_in_both_languages() {
        assert_eq!(
            keys_of(EN.help.iter().map(|(k, _)| *k)),
            keys_of(KO.help.iter().map(|(k, _)| *k))
        );
        assert_eq!(
            keys_of(EN.demo_help.iter().map(|(k, _)| *k)),
            keys_of(KO.demo_help.iter().map(|(k, _)| *k))
        );
        let hint_keys = |h: &'static [Hint]| keys_of(h.iter().map(|h| h.keys));
        assert_eq!(hint_keys(EN.notebook_hints), hint_keys(KO.notebook_hints));
        assert_eq!(hint_keys(EN.list_hints), hint_keys(KO.list_hints));
        // The editor names its arrow keys in the reader's language; the rest are the same keys.
        let editor = |h: &'static [Hint]| {
            keys_of(
                h.iter()
                    .map(|h| h.keys)
                    .filter(|k| !k.starts_with("Shift-")),
            )
        };
        assert_eq!(editor(EN.editor_hints), editor(KO.editor_hints));
    }
}
