//! Where the notebook screen's regions go: the title bar, the notebook column, the inspector and the
//! footer. The inspector's room follows what it has to show (a line when there is nothing, more for a
//! heatmap) and what the learner asked for (`i` hides it, `f` gives it the whole body). One function,
//! [`NotebookAreas::of`], decides from the state, so that `App::prepare` (which scrolls the notebook
//! column to its height) and `ui::render` (which draws into it) can never disagree.

use ratatui::layout::{Constraint, Layout, Rect};

use super::action::Action;
use super::app::App;

/// What the learner asked of the inspector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum InspectorMode {
    /// Beside or below the notebook, as large as its content needs (`i` toggles it off).
    #[default]
    Shown,
    /// Out of the way: the notebook takes the body (`i` brings it back).
    Hidden,
    /// The inspector takes the whole body (`f`; `f` or Esc returns).
    Full,
}

impl InspectorMode {
    /// The mode after `i` ([`Action::ToggleInspector`]) or `f`/Esc ([`Action::MaximiseInspector`]):
    /// `i` from full screen hides it (the learner wants the notebook back), `f` toggles full screen.
    pub fn after(self, action: &Action) -> InspectorMode {
        match (action, self) {
            (Action::ToggleInspector, InspectorMode::Shown) => InspectorMode::Hidden,
            (Action::ToggleInspector, InspectorMode::Hidden) => InspectorMode::Shown,
            (Action::ToggleInspector, InspectorMode::Full) => InspectorMode::Hidden,
            (Action::MaximiseInspector, InspectorMode::Full) => InspectorMode::Shown,
            (Action::MaximiseInspector, _) => InspectorMode::Full,
            (_, mode) => mode,
        }
    }
}

/// What the inspector has to show for the selected cell; it decides how much room it gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    /// The cell has not run, or made no tensors and no heatmaps.
    Nothing,
    /// A tensor's shape, strides and values, its memory, or the shapes of a line.
    Tensors,
    /// A `# heatmap:` map of `rows` × `cols` cells.
    Heatmap { rows: usize, cols: usize },
}

/// How the inspector is placed in this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Not drawn.
    Hidden,
    /// One line under the notebook saying there is nothing to inspect.
    Collapsed,
    /// A column right of the notebook (a wide terminal).
    Beside,
    /// A band under the notebook.
    Below,
    /// The whole body; the notebook column is not drawn.
    Full,
}

/// The notebook screen's regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotebookAreas {
    pub title: Rect,
    /// Everything between the title bar and the footer (the editor takes it whole).
    pub body: Rect,
    /// The notebook column; zero lines high while the inspector is maximised.
    pub left: Rect,
    /// The inspector; empty while it is hidden.
    pub right: Rect,
    pub status: Rect,
    pub placement: Placement,
}

/// From this width on the inspector stands beside the notebook; narrower, it goes below it.
pub const BESIDE_FROM: u16 = 110;

impl NotebookAreas {
    /// The regions for `app`'s state in `area`.
    pub fn of(app: &App, area: Rect) -> NotebookAreas {
        NotebookAreas::split(area, app.inspector, content(app))
    }

    /// The regions of `area` for an inspector in `mode` with `content` to show.
    pub fn split(area: Rect, mode: InspectorMode, content: Content) -> NotebookAreas {
        let [title, body, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let placement = match (mode, content) {
            (InspectorMode::Full, _) => Placement::Full,
            (InspectorMode::Hidden, _) => Placement::Hidden,
            (InspectorMode::Shown, Content::Nothing) => Placement::Collapsed,
            (InspectorMode::Shown, _) if body.width >= BESIDE_FROM => Placement::Beside,
            (InspectorMode::Shown, _) => Placement::Below,
        };
        let none = |at: Rect| Rect { height: 0, ..at };
        let (left, right) = match placement {
            Placement::Hidden => (
                body,
                none(Rect {
                    y: body.bottom(),
                    ..body
                }),
            ),
            Placement::Full => (none(body), body),
            Placement::Collapsed => {
                let [left, right] =
                    Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(body);
                (left, right)
            }
            Placement::Beside => {
                let [left, right] = Layout::horizontal([
                    Constraint::Min(0),
                    Constraint::Length(beside_width(body.width, content)),
                ])
                .areas(body);
                (left, right)
            }
            Placement::Below => {
                let rows = below_height(body.height, content);
                let [left, right] =
                    Layout::vertical([Constraint::Min(0), Constraint::Length(rows)]).areas(body);
                (left, right)
            }
        };
        NotebookAreas {
            title,
            body,
            left,
            right,
            status,
            placement,
        }
    }
}

/// The notebook column keeps this many columns beside a grown inspector: the width of most lessons'
/// code lines, so that a heatmap's room is not paid for with wrapped code and output.
const NOTEBOOK_KEEPS: u16 = 70;

/// The inspector's width beside the notebook: 42% of the body for tensors; half of it for a heatmap
/// (whose columns are what the learner came to read), as long as the notebook keeps
/// [`NOTEBOOK_KEEPS`] columns.
fn beside_width(body: u16, content: Content) -> u16 {
    let base = (body as u32 * 42 / 100) as u16;
    match content {
        Content::Heatmap { .. } => (body / 2)
            .min(body.saturating_sub(NOTEBOOK_KEEPS))
            .max(base),
        _ => base,
    }
}

/// The inspector's height under the notebook: 40% of the body for tensors; for a heatmap as many rows
/// as the map, its labels, legend and border want (at least 40%). The notebook keeps at least a third
/// of the body either way.
fn below_height(body: u16, content: Content) -> u16 {
    let tenth = |n: u16| (body as u32 * n as u32 / 10) as u16;
    let rows = match content {
        Content::Heatmap { rows, .. } => {
            // Border (2), title, column labels and the legend under a narrow map.
            let wanted = (rows as u32 + 5).min(u16::MAX as u32) as u16;
            wanted.max(tenth(4))
        }
        _ => tenth(4),
    };
    rows.min(body - body / 3)
}

/// What the inspector of `app` would show for the selected cell.
pub fn content(app: &App) -> Content {
    let nb = &app.notebook;
    let Some(o) = nb.outcomes.get(nb.selected).and_then(|o| o.as_ref()) else {
        return Content::Nothing;
    };
    if nb.show_lines {
        return if o.lines.is_empty() {
            Content::Nothing
        } else {
            Content::Tensors
        };
    }
    let total = o.heatmaps.len() + o.tensors.len();
    if total == 0 {
        return Content::Nothing;
    }
    match o.heatmaps.get(nb.tensor_sel.min(total - 1)) {
        Some(h) => Content::Heatmap {
            rows: h.rows,
            cols: h.cols,
        },
        None => Content::Tensors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(w: u16, h: u16, mode: InspectorMode, content: Content) -> NotebookAreas {
        NotebookAreas::split(Rect::new(0, 0, w, h), mode, content)
    }

    #[test]
    fn nothing_to_inspect_leaves_one_line_and_the_notebook_takes_the_rest() {
        for (w, h) in [(60, 20), (80, 24), (200, 60)] {
            let a = split(w, h, InspectorMode::Shown, Content::Nothing);
            assert_eq!(a.placement, Placement::Collapsed);
            assert_eq!(a.right.height, 1);
            assert_eq!(a.left.height, h - 3);
            assert_eq!(a.left.width, w);
        }
    }

    #[test]
    fn a_heatmap_gets_more_room_than_tensors() {
        let tensors = split(200, 60, InspectorMode::Shown, Content::Tensors);
        let map = Content::Heatmap { rows: 7, cols: 7 };
        let heat = split(200, 60, InspectorMode::Shown, map);
        assert_eq!(heat.placement, Placement::Beside);
        assert_eq!(heat.right.width, 100);
        assert!(tensors.right.width < heat.right.width);
        let tensors = split(80, 24, InspectorMode::Shown, Content::Tensors);
        let heat = split(80, 24, InspectorMode::Shown, map);
        assert_eq!(heat.placement, Placement::Below);
        assert!(tensors.right.height < heat.right.height);
        // Not at the price of wrapping the notebook's code: at 120 columns it keeps 70.
        let mid = split(120, 40, InspectorMode::Shown, map);
        assert_eq!((mid.left.width, mid.right.width), (70, 50));
        // The notebook keeps its third even for a tall map.
        let tall = split(
            60,
            20,
            InspectorMode::Shown,
            Content::Heatmap {
                rows: 128,
                cols: 128,
            },
        );
        assert!(tall.left.height >= 6, "{tall:?}");
    }

    #[test]
    fn hidden_and_full_give_the_body_to_one_side() {
        let hidden = split(120, 40, InspectorMode::Hidden, Content::Tensors);
        assert_eq!((hidden.left, hidden.right.height), (hidden.body, 0));
        let full = split(120, 40, InspectorMode::Full, Content::Nothing);
        assert_eq!((full.right, full.left.height), (full.body, 0));
    }
}
