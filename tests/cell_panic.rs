//! The contract the TUI's panic hook relies on (`lesson::cell_guard`, issue 13, item 6): a hook can tell a
//! panic inside a cell (caught at the cell boundary, so the terminal must stay as it is) from any other
//! (the app ends: restore the terminal and report), and the cell gets the panic's message and location.
//! One test in its own process, since it installs a panic hook.

use std::sync::atomic::{AtomicUsize, Ordering};

use transformer_tutor::lesson::cell_guard;

static CLAIMED: AtomicUsize = AtomicUsize::new(0);
static NOT_CLAIMED: AtomicUsize = AtomicUsize::new(0);

#[test]
fn a_hook_tells_a_panic_inside_a_cell_from_one_outside() {
    std::panic::set_hook(Box::new(|info| {
        let counter = if cell_guard::claim(info) {
            &CLAIMED
        } else {
            &NOT_CLAIMED
        };
        counter.fetch_add(1, Ordering::SeqCst);
    }));

    let message = cell_guard::catch(|| panic!("index out of range")).unwrap_err();
    assert!(
        message.starts_with("index out of range (at tests/cell_panic.rs:"),
        "{message}"
    );
    assert_eq!(CLAIMED.load(Ordering::SeqCst), 1);
    assert_eq!(NOT_CLAIMED.load(Ordering::SeqCst), 0);

    // A panic on another thread while a cell runs (the engine's workers) belongs to the cell, and the
    // first message is the one kept, not the parent's "a scoped thread panicked".
    let message = cell_guard::catch(|| {
        std::thread::scope(|s| {
            s.spawn(|| panic!("worker failed"));
        })
    })
    .unwrap_err();
    assert!(message.starts_with("worker failed (at "), "{message}");
    assert_eq!(NOT_CLAIMED.load(Ordering::SeqCst), 0);

    // No cell running: the hook must do its usual work.
    assert!(!cell_guard::inside_cell());
    assert!(std::thread::spawn(|| panic!("outside")).join().is_err());
    assert_eq!(NOT_CLAIMED.load(Ordering::SeqCst), 1);
    let _ = std::panic::take_hook();
}
