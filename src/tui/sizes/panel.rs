//! The Sizes panel's state: one row per dim with the text being typed, the derived dims computed from
//! it, the chosen preset, and why the sizes cannot be applied yet. Keys edit it; no drawing here.

use crate::lesson::Limits;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::lesson::sizes::{Preset, SizeError, check_exact_divisions, literal, parse_dim};
use crate::lesson::{Kernel, Lang, Lesson};

use super::PanelError;
use crate::tui::text::text;

/// Longest text a field keeps; anything longer is too large anyway.
const MAX_TEXT: usize = 12;

/// One dim in the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DimRow {
    pub name: String,
    /// As written in the front matter: `8`, or `hid_dim // n_heads` for a derived dim.
    pub expr: String,
    /// The lesson's value for a base dim; `None` for a derived one.
    pub default: Option<i64>,
    /// Base dims: the text being typed. Derived dims: the value computed from the others (`?` when the
    /// others are not valid yet).
    pub text: String,
}

impl DimRow {
    pub fn is_derived(&self) -> bool {
        self.default.is_none()
    }

    /// Whether the row now differs from the lesson's default.
    pub fn is_changed(&self) -> bool {
        self.default
            .is_some_and(|d| self.text.trim().parse::<i64>().ok() != Some(d))
    }
}

/// What a key did to the panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelKey {
    Handled,
    /// Enter: apply the sizes if they are valid.
    Apply,
}

pub struct SizesPanel {
    /// The sandbox limits the preview kernel runs under (the app's).
    pub limits: Limits,
    pub rows: Vec<DimRow>,
    pub selected: usize,
    /// The next character replaces the selected value instead of appending to it (as in a spreadsheet).
    pub fresh: bool,
    /// The last preset chosen in this panel: it also decides the sizes of the other lessons.
    pub preset: Option<Preset>,
    /// Why the sizes cannot be applied, if they cannot.
    pub error: Option<PanelError>,
    /// A hint about the last key (a derived dim cannot be typed into).
    pub notice: Option<String>,
    /// A kernel built at the chosen sizes, ready to take over when they are applied.
    pub preview: Option<Kernel>,
}

impl SizesPanel {
    /// The panel for `lesson`, starting from `current` (the kernel's dims, or the overrides in force).
    pub fn open(lesson: &Lesson, current: &[(String, i64)]) -> SizesPanel {
        SizesPanel::open_with(lesson, current, Limits::default())
    }

    /// [`SizesPanel::open`] with the app's sandbox `limits` for the preview kernel.
    pub fn open_with(lesson: &Lesson, current: &[(String, i64)], limits: Limits) -> SizesPanel {
        let rows = lesson
            .dims
            .iter()
            .map(|(name, expr)| {
                let default = literal(expr);
                let value = current
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| *v)
                    .or(default);
                DimRow {
                    name: name.clone(),
                    expr: expr.trim().to_string(),
                    default,
                    text: value.map(|v| v.to_string()).unwrap_or_default(),
                }
            })
            .collect();
        let selected = 0;
        let mut panel = SizesPanel {
            limits,
            rows,
            selected,
            fresh: true,
            preset: None,
            error: None,
            notice: None,
            preview: None,
        };
        panel.refresh(lesson);
        panel
    }

    /// The base dims as typed, checked one by one.
    pub fn values(&self) -> Result<Vec<(String, i64)>, SizeError> {
        self.rows
            .iter()
            .filter(|r| !r.is_derived())
            .map(|r| parse_dim(&r.name, &r.text).map(|v| (r.name.clone(), v)))
            .collect()
    }

    /// The overrides for this lesson: the base dims that differ from its defaults.
    pub fn overrides(&self) -> Result<Vec<(String, i64)>, SizeError> {
        let values = self.values()?;
        Ok(values
            .into_iter()
            .filter(|(n, v)| {
                self.rows
                    .iter()
                    .any(|r| &r.name == n && r.default != Some(*v))
            })
            .collect())
    }

    /// A kernel at the typed sizes, if the lesson room's rules and the kernel accept them.
    fn build(&self, lesson: &Lesson) -> Result<Kernel, PanelError> {
        let overrides = self.overrides()?;
        check_exact_divisions(&lesson.dims, &self.values()?)?;
        Kernel::with_limits(lesson, &overrides, self.limits.clone())
            .map_err(|e| PanelError::Kernel(e.message))
    }

    /// Rechecks the typed values and rebuilds the preview kernel, which computes the derived dims.
    pub fn refresh(&mut self, lesson: &Lesson) {
        self.preview = None;
        let result = self.build(lesson);
        let dims: Vec<(String, i64)> = match &result {
            Ok(k) => k.dims().to_vec(),
            Err(_) => vec![],
        };
        for row in self.rows.iter_mut().filter(|r| r.is_derived()) {
            row.text = dims
                .iter()
                .find(|(n, _)| *n == row.name)
                .map_or_else(|| "?".to_string(), |(_, v)| v.to_string());
        }
        match result {
            Ok(k) => {
                self.preview = Some(k);
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Fills every base dim from a preset (the paper's sizes only where the lesson has the name).
    pub fn preset(&mut self, preset: Preset, lesson: &Lesson) {
        for row in self.rows.iter_mut() {
            let Some(default) = row.default else {
                continue;
            };
            row.text = preset.value(&row.name, default).to_string();
        }
        self.preset = Some(preset);
        self.fresh = true;
        self.notice = None;
        self.refresh(lesson);
    }

    fn move_to(&mut self, i: usize) {
        self.selected = i.min(self.rows.len().saturating_sub(1));
        self.fresh = true;
        self.notice = None;
    }

    /// Applies one key. Digits (and anything else typed) edit the selected base dim; the panel checks
    /// the result after every key, so errors show while typing.
    pub fn key(&mut self, k: KeyEvent, lesson: &Lesson, lang: Lang) -> PanelKey {
        let n = self.rows.len();
        match k.code {
            KeyCode::Enter => return PanelKey::Apply,
            KeyCode::Up | KeyCode::Char('k') | KeyCode::BackTab => {
                self.move_to(self.selected.saturating_sub(1))
            }
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.move_to(self.selected + 1),
            KeyCode::Home => self.move_to(0),
            KeyCode::End => self.move_to(n.saturating_sub(1)),
            // The presets side by side, toy on the left: letters would clash with the notebook's keys
            // (`p` is the previous lesson there) and are typed into the sizes here.
            KeyCode::Left => self.preset(Preset::Toy, lesson),
            KeyCode::Right => self.preset(Preset::Paper, lesson),
            KeyCode::Char(_) | KeyCode::Backspace | KeyCode::Delete => {
                let Some(row) = self.rows.get_mut(self.selected) else {
                    return PanelKey::Handled;
                };
                if row.is_derived() {
                    self.notice = Some((text(lang).computed_dim)(&row.name, &row.expr));
                    return PanelKey::Handled;
                }
                match k.code {
                    KeyCode::Char(c) => {
                        if self.fresh {
                            row.text.clear();
                        }
                        if row.text.chars().count() < MAX_TEXT {
                            row.text.push(c);
                        }
                    }
                    KeyCode::Backspace => {
                        row.text.pop();
                    }
                    _ => row.text.clear(),
                }
                self.fresh = false;
                self.notice = None;
                self.refresh(lesson);
            }
            _ => {}
        }
        PanelKey::Handled
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::sizes::fixtures::{heads, lesson};
    use ratatui::crossterm::event::KeyModifiers;

    fn press(p: &mut SizesPanel, l: &Lesson, keys: &str) {
        for c in keys.chars() {
            let code = match c {
                '\n' => KeyCode::Enter,
                '↓' => KeyCode::Down,
                '↑' => KeyCode::Up,
                '⌫' => KeyCode::Backspace,
                '←' => KeyCode::Left,
                '→' => KeyCode::Right,
                c => KeyCode::Char(c),
            };
            p.key(KeyEvent::new(code, KeyModifiers::NONE), l, Lang::En);
        }
    }
    #[test]
    fn the_panel_opens_on_the_current_values_and_computes_derived_dims() {
        let l = heads();
        let p = SizesPanel::open(&l, &[("sl".into(), 20)]);
        let text: Vec<&str> = p.rows.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(text, ["1", "20", "8", "2", "4", "40"]);
        assert!(p.rows[4].is_derived() && !p.rows[1].is_derived());
        assert!(p.rows[1].is_changed() && !p.rows[0].is_changed());
        assert_eq!(p.overrides(), Ok(vec![("sl".into(), 20)]));
        assert!(p.error.is_none() && p.preview.is_some());
    }

    #[test]
    fn typing_replaces_then_appends_and_rechecks() {
        let l = heads();
        let mut p = SizesPanel::open(&l, &[]);
        press(&mut p, &l, "↓↓64");
        assert_eq!(p.rows[2].text, "64");
        assert_eq!(p.rows[4].text, "32", "head_dim follows hid_dim");
        press(&mut p, &l, "↓3");
        assert_eq!(
            p.error.as_ref().map(|e| e.message(Lang::En)),
            Some("hid_dim=64 is not divisible by n_heads=3 (head_dim = hid_dim // n_heads)".into())
        );
        assert_eq!(p.rows[4].text, "?");
        press(&mut p, &l, "⌫4");
        assert!(p.error.is_none());
        assert_eq!(p.rows[4].text, "16");
        press(&mut p, &l, "↑⌫⌫");
        assert_eq!(
            p.error,
            Some(PanelError::Size(SizeError::Empty {
                name: "hid_dim".into()
            }))
        );
        press(&mut p, &l, "x");
        assert!(matches!(
            p.error,
            Some(PanelError::Size(SizeError::NotANumber { .. }))
        ));
    }

    #[test]
    fn derived_dims_cannot_be_typed_into() {
        let l = heads();
        let mut p = SizesPanel::open(&l, &[]);
        press(&mut p, &l, "↓↓↓↓9");
        assert_eq!(p.rows[4].text, "4");
        assert_eq!(
            p.notice.as_deref(),
            Some("head_dim = hid_dim // n_heads is computed from the others")
        );
    }

    #[test]
    fn presets_fill_the_paper_sizes_where_the_lesson_has_them() {
        let l = heads();
        let mut p = SizesPanel::open(&l, &[("sl".into(), 20)]);
        press(&mut p, &l, "→");
        let text: Vec<&str> = p.rows.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(text, ["8", "128", "512", "8", "64", "40"]);
        assert_eq!(p.preset, Some(Preset::Paper));
        press(&mut p, &l, "←");
        let text: Vec<&str> = p.rows.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(text, ["1", "7", "8", "2", "4", "40"]);
        assert_eq!(p.overrides(), Ok(vec![]));
    }

    #[test]
    fn kernel_errors_are_reported_not_raised() {
        let l = lesson(&[("bs", "2"), ("twice", "bs * undefined_name")]);
        let p = SizesPanel::open(&l, &[]);
        assert!(
            matches!(&p.error, Some(PanelError::Kernel(m)) if m.contains("twice")),
            "{:?}",
            p.error
        );
        assert!(p.preview.is_none());
    }

    #[test]
    fn enter_asks_to_apply_and_keys_on_an_empty_lesson_do_nothing() {
        let l = lesson(&[]);
        let mut p = SizesPanel::open(&l, &[]);
        press(&mut p, &l, "12⌫↓↑←→");
        assert_eq!(
            p.key(
                KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE),
                &l,
                Lang::En
            ),
            PanelKey::Apply
        );
        assert_eq!(p.overrides(), Ok(vec![]));
    }
}
