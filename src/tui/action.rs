//! Events → actions. Keys follow terminal-app habits; every binding is listed in the help overlay.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEventKind,
};

use super::app::{App, Mode};
use super::layout::InspectorMode;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Quit,
    /// Stop the running cell (`KeyboardInterrupt`) and drop the queued ones: Esc, or Ctrl-C while cells run.
    Interrupt,
    /// Open the `/` query line.
    Search,
    Up,
    Down,
    /// Run the selected cell and move to the next (Shift-Enter in Jupyter); stays on a cell that raised.
    RunCell,
    /// Run the selected cell and stay on it (Ctrl-Enter in Jupyter).
    RunStay,
    /// Run every cell above the selected one, in order.
    RunAbove,
    /// Select the first / the last cell.
    First,
    Last,
    RunAll,
    Edit,
    /// Leave the editor, keeping the edit.
    EditDone,
    RestoreCell,
    /// Reveal the selected exercise's next hint.
    Hint,
    /// Show the selected exercise's solution (after two tries).
    Solution,
    NextLesson,
    PrevLesson,
    OpenList,
    ToggleLang,
    Help,
    CloseOverlay,
    ScrollUp,
    ScrollDown,
    NextTensor,
    PrevTensor,
    /// Change the leading (batch/head) index of the heatmap slice: which index, and by how much.
    Slice(usize, i64),
    ToggleMemory,
    /// How a downsampled heatmap pools its blocks: peaks (where the large values are) or means.
    TogglePool,
    /// The inspector shows the shape of every sub-expression of the line under the line cursor.
    ToggleLines,
    /// Moves the line cursor through the cell's lines that made tensors.
    LineCursor(i32),
    /// Open the Sizes panel (the lesson's named dims, toy ↔ paper).
    Sizes,
    /// Apply the sizes chosen in the panel (Enter there): rebuild the kernel, rerun the cells that ran.
    ApplySizes,
    /// Hide the inspector, or bring it back.
    ToggleInspector,
    /// Give the inspector the whole body, or give the notebook its room back.
    MaximiseInspector,
    /// Scroll the help overlay by lines (when it does not fit the terminal).
    HelpScroll(i32),
    /// Zoom into the inspector's heatmap (entering zoom mode), out of it, or back to the whole map.
    ZoomIn,
    ZoomOut,
    ZoomFit,
    /// Move the zoomed window by quarters of it: (rows, columns).
    Pan(i64, i64),
    /// Step the memory view's selected element through the view's walk.
    MemoryStep(i64),
    /// Demo mode.
    Next,
    Prev,
    Blank,
    /// Pause or resume `--auto` (demo mode).
    AutoPause,
    Tick,
    /// A key for the editor or the answer prompt.
    Key(KeyEvent),
    Resize,
}

pub fn from_event(app: &App, ev: &Event) -> Option<Action> {
    match ev {
        Event::Resize(..) => Some(Action::Resize),
        Event::Mouse(m) => match m.kind {
            MouseEventKind::ScrollUp => Some(Action::ScrollUp),
            MouseEventKind::ScrollDown => Some(Action::ScrollDown),
            _ => None,
        },
        Event::Key(k) if k.kind != KeyEventKind::Release => from_key(app, *k),
        _ => None,
    }
}

pub fn from_key(app: &App, k: KeyEvent) -> Option<Action> {
    key_in_mode(app, app.mode(), k)
}

fn key_in_mode(app: &App, mode: Mode, k: KeyEvent) -> Option<Action> {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(k.code, KeyCode::Char('c')) {
        // As in a shell: Ctrl-C stops what runs, and quits when nothing does.
        return Some(if app.is_busy() {
            Action::Interrupt
        } else {
            Action::Quit
        });
    }
    match mode {
        Mode::Editing => {
            if k.code == KeyCode::Esc {
                Some(Action::EditDone)
            } else {
                Some(Action::Key(k))
            }
        }
        Mode::Answering => match k.code {
            KeyCode::Esc => Some(Action::CloseOverlay),
            _ => Some(Action::Key(k)),
        },
        Mode::Search => Some(Action::Key(k)),
        // The arrows scroll a help taller than the terminal; any other key closes it.
        Mode::Help => match k.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Action::HelpScroll(-1)),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::HelpScroll(1)),
            KeyCode::PageUp => Some(Action::HelpScroll(-10)),
            KeyCode::PageDown => Some(Action::HelpScroll(10)),
            _ => Some(Action::CloseOverlay),
        },
        Mode::Sizes => match k.code {
            KeyCode::Esc => Some(Action::CloseOverlay),
            KeyCode::Enter => Some(Action::ApplySizes),
            _ => Some(Action::Key(k)),
        },
        Mode::Demo => match k.code {
            KeyCode::Char(' ')
            | KeyCode::Right
            | KeyCode::PageDown
            | KeyCode::Enter
            | KeyCode::Down => Some(Action::Next),
            KeyCode::Left | KeyCode::PageUp | KeyCode::Backspace | KeyCode::Up => {
                Some(Action::Prev)
            }
            KeyCode::Char('b') | KeyCode::Char('B') | KeyCode::Char('.') => Some(Action::Blank),
            KeyCode::Char('z') => Some(Action::Sizes),
            KeyCode::Char('a') => Some(Action::AutoPause),
            KeyCode::Char('?') => Some(Action::Help),
            KeyCode::Char('q') | KeyCode::Esc => Some(Action::Quit),
            _ => None,
        },
        Mode::List => match k.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Action::Up),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::Down),
            KeyCode::Enter => Some(Action::RunCell),
            KeyCode::Esc | KeyCode::Char('l') => Some(Action::CloseOverlay),
            KeyCode::Char('t') => Some(Action::ToggleLang),
            KeyCode::Char('?') => Some(Action::Help),
            KeyCode::Char('q') => Some(Action::Quit),
            _ => None,
        },
        // Zoomed, the arrows pan; the keys about the map itself still work, the others wait until the
        // learner leaves the mode (0 or Esc).
        Mode::Zoom => match k.code {
            KeyCode::Char('+') => Some(Action::ZoomIn),
            KeyCode::Char('-') => Some(Action::ZoomOut),
            KeyCode::Char('0') | KeyCode::Esc => Some(Action::ZoomFit),
            KeyCode::Up => Some(Action::Pan(-1, 0)),
            KeyCode::Down => Some(Action::Pan(1, 0)),
            KeyCode::Left => Some(Action::Pan(0, -1)),
            KeyCode::Right => Some(Action::Pan(0, 1)),
            KeyCode::Char('<' | '>' | '{' | '}' | 'v' | 'L' | '?' | 'q') => {
                key_in_mode(app, Mode::Notebook, k)
            }
            _ => None,
        },
        // Ctrl-Enter where the terminal tells it from Enter (kitty's protocol and the like; most send
        // the same byte for both, hence `r`).
        Mode::Notebook if ctrl && k.code == KeyCode::Enter => Some(Action::RunStay),
        Mode::Notebook => match k.code {
            KeyCode::Esc if app.is_busy() => Some(Action::Interrupt),
            KeyCode::Up | KeyCode::Char('k') => Some(Action::Up),
            KeyCode::Char('r') => Some(Action::RunStay),
            KeyCode::Char('A') => Some(Action::RunAbove),
            KeyCode::Char('g') | KeyCode::Home => Some(Action::First),
            KeyCode::Char('G') | KeyCode::End => Some(Action::Last),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::Down),
            KeyCode::Enter => Some(Action::RunCell),
            KeyCode::Char('R') => Some(Action::RunAll),
            KeyCode::Char('e') => Some(Action::Edit),
            KeyCode::Char('o') => Some(Action::RestoreCell),
            KeyCode::Char('h') => Some(Action::Hint),
            KeyCode::Char('S') => Some(Action::Solution),
            KeyCode::Char('n') => Some(Action::NextLesson),
            KeyCode::Char('p') => Some(Action::PrevLesson),
            KeyCode::Char('l') => Some(Action::OpenList),
            KeyCode::Char('t') => Some(Action::ToggleLang),
            KeyCode::Char('?') => Some(Action::Help),
            KeyCode::Char('q') => Some(Action::Quit),
            KeyCode::PageUp => Some(Action::ScrollUp),
            KeyCode::PageDown => Some(Action::ScrollDown),
            KeyCode::Tab => Some(Action::NextTensor),
            KeyCode::BackTab => Some(Action::PrevTensor),
            KeyCode::Char('<') => Some(Action::Slice(0, -1)),
            KeyCode::Char('>') => Some(Action::Slice(0, 1)),
            KeyCode::Char('{') => Some(Action::Slice(1, -1)),
            KeyCode::Char('}') => Some(Action::Slice(1, 1)),
            KeyCode::Char('m') => Some(Action::ToggleMemory),
            KeyCode::Char('v') => Some(Action::TogglePool),
            KeyCode::Char('s') => Some(Action::ToggleLines),
            KeyCode::Char('[') => Some(Action::LineCursor(-1)),
            KeyCode::Char(']') => Some(Action::LineCursor(1)),
            KeyCode::Char('z') => Some(Action::Sizes),
            KeyCode::Char('/') => Some(Action::Search),
            KeyCode::Char('i') => Some(Action::ToggleInspector),
            KeyCode::Char('f') => Some(Action::MaximiseInspector),
            KeyCode::Esc if app.inspector == InspectorMode::Full => Some(Action::MaximiseInspector),
            KeyCode::Char('+') => Some(Action::ZoomIn),
            KeyCode::Left if app.memory_shown() => Some(Action::MemoryStep(-1)),
            KeyCode::Right if app.memory_shown() => Some(Action::MemoryStep(1)),
            _ => None,
        },
    }
}
