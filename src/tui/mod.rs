//! The terminal notebook (ratatui on crossterm): state in [`app::App`], key and mouse events become
//! [`action::Action`]s that `App::update` applies, `App::prepare` works out what depends on the frame's
//! size, and rendering is a pure function of the state (`ui::render` reads an `&App`). The terminal is
//! restored on every exit path: quit, Ctrl-C, errors and panics.

pub mod action;
pub mod app;
mod highlight;
mod notebook;
mod prose;
pub mod sizes;
pub mod theme;
pub mod ui;
mod widgets;

use std::io::stdout;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;

pub use app::{App, StartOptions};

/// Restores the terminal when dropped (normal exit or an error unwinding through `run`).
struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

/// Runs the interactive app until the learner quits.
pub fn run(mut app: App) -> anyhow::Result<()> {
    // ratatui's hook leaves the alternate screen and raw mode; ours also releases the mouse first.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
        previous(info);
    }));
    let mut terminal = ratatui::init();
    let _guard = TerminalGuard;
    let _ = execute!(stdout(), EnableMouseCapture);
    let mut last_tick = Instant::now();
    while !app.quit {
        app.prepare(terminal.size()?.into());
        terminal.draw(|frame| ui::render(&app, frame))?;
        let timeout = app.tick_interval().map_or(Duration::from_millis(250), |t| {
            t.saturating_sub(last_tick.elapsed())
        });
        if event::poll(timeout)? {
            let ev = event::read()?;
            if let Some(action) = action::from_event(&app, &ev) {
                if let Some(busy) = app.busy_message(&action) {
                    app.status = Some(busy);
                    app.prepare(terminal.size()?.into());
                    terminal.draw(|frame| ui::render(&app, frame))?;
                }
                app.update(action);
            }
        }
        if let Some(interval) = app.tick_interval() {
            if last_tick.elapsed() >= interval {
                last_tick = Instant::now();
                app.update(action::Action::Tick);
            }
        } else {
            last_tick = Instant::now();
        }
        let _ = Event::FocusGained;
    }
    app.save_progress();
    Ok(())
}
