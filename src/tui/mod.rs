//! The terminal notebook (ratatui on crossterm): state in [`app::App`], key and mouse events become
//! [`action::Action`]s that `App::update` applies, `App::prepare` works out what depends on the frame's
//! size, and rendering is a pure function of the state (`ui::render` reads an `&App`). The terminal is
//! restored on every exit path: quit, Ctrl-C, errors, panics outside a cell and the signals
//! SIGTERM, SIGINT, SIGHUP and SIGQUIT (`signals`).

pub mod action;
mod answer;
pub mod app;
pub mod demo;
mod editor;
mod exercise;
pub mod footer;
mod highlight;
mod input;
mod inspect;
mod inspector;
pub mod jobs;
pub mod layout;
mod notebook;
mod overlays;
mod prose;
mod search;
mod signals;
pub mod sizes;
mod table;
pub mod text;
pub mod theme;
pub mod ui;
mod widgets;
mod worker;
mod wrap;
mod zoom;

use std::io::stdout;
use std::time::{Duration, Instant};

use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{LeaveAlternateScreen, disable_raw_mode};

pub use app::{App, StartOptions};

/// Gives the terminal back as the learner had it: raw mode off, the main screen, the mouse released and
/// the cursor shown. Errors are ignored: on a closed terminal (SIGHUP) there is nothing left to restore.
fn restore_terminal() {
    // Raw mode first, as `ratatui::restore` does: it has the most side effects if left on.
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen, Show);
}

/// Restores the terminal when dropped (normal exit or an error unwinding through `run`).
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Runs the interactive app until the learner quits or a signal ends it (see `signals`). Returns the
/// exit status: 0, or 128 + the signal's number.
pub fn run(mut app: App) -> anyhow::Result<i32> {
    // Cells run on the kernel's own thread from here on, so the screen stays live and Esc stops them.
    app.start_worker()?;
    // Watching before the terminal changes: a signal from here on finds a terminal to give back.
    let watch = signals::Watch::start(restore_terminal)?;
    let report = std::panic::take_hook();
    let mut terminal = ratatui::init();
    // `ratatui::init` installs a hook that restores the terminal on any panic; ours replaces it. A panic
    // inside a cell is caught at the cell boundary and shown in the cell (`lesson::cell_guard`), and the
    // session goes on: for that one the terminal stays as it is and nothing is printed over the screen.
    // For any other, the terminal is restored without ratatui's `restore`, which `eprintln!`s its
    // failure and so panics inside the hook (an abort) when stderr is a closed terminal.
    drop(std::panic::take_hook());
    std::panic::set_hook(Box::new(move |info| {
        if crate::lesson::cell_guard::claim(info) {
            return;
        }
        restore_terminal();
        report(info);
    }));
    let guard = TerminalGuard;
    let _ = execute!(stdout(), EnableMouseCapture);
    let input = input::Input::start()?;
    // A terminal that fails (closed with the window: SIGHUP) ends the loop too; progress is saved anyway.
    let looped = main_loop(&mut app, &mut terminal, &input, &watch);
    drop(input);
    // The terminal first (the learner sees it back at once), then progress.
    let held = watch.terminal();
    watch.leave();
    drop(guard);
    app.save_progress();
    drop(held);
    // Not dropped: its `Drop` shows the cursor (done above) and `eprintln!`s a failure, a panic when
    // stderr is the terminal that was just closed (SIGHUP). The process ends soon after.
    std::mem::forget(terminal);
    match (watch.received(), looped) {
        (Some(signal), _) => Ok(128 + signal),
        (None, result) => result.map(|()| 0),
    }
}

/// Draws, waits for an event and applies it, until the learner quits or a signal comes.
fn main_loop(
    app: &mut App,
    terminal: &mut ratatui::DefaultTerminal,
    input: &input::Input,
    watch: &signals::Watch,
) -> anyhow::Result<()> {
    while !app.quit && watch.received().is_none() {
        {
            let _held = watch.terminal();
            app.prepare(terminal.size()?.into());
            terminal.draw(|frame| ui::render(app, frame))?;
        }
        // While the kernel works, the screen is drawn ten times a second (the spinner, the time taken)
        // and its replies are looked for as often.
        let idle = if app.is_busy() {
            Duration::from_millis(100)
        } else {
            Duration::from_millis(250)
        };
        // `--auto` in demo mode: the next click is due at a time the app keeps (it shows the countdown).
        let timeout = app.auto_due().map_or(idle, |due| {
            due.saturating_duration_since(Instant::now()).min(idle)
        });
        if let Some(ev) = input.next(timeout, watch)?
            && let Some(action) = action::from_event(app, &ev)
        {
            app.update(action);
        }
        if app.auto_due().is_some_and(|due| Instant::now() >= due) {
            app.update(action::Action::Tick);
        }
        app.pump();
    }
    Ok(())
}
