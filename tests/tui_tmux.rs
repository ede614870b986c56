//! The real binary in a real terminal (tmux): open a lesson, run all cells, see named shapes and a heatmap,
//! open help, shrink the terminal to 20×5 and back, quit, restart and land on the same lesson, cell,
//! language and outputs; interrupt a looping cell with Ctrl-C and go on; then apply
//! the paper sizes from the Sizes panel, run a cell at them, and restart at those sizes. Then the signals
//! that end a session from outside (SIGTERM, SIGHUP when the pane closes, SIGINT, SIGQUIT), sent to the
//! tutor alone: each leaves a normal screen, a visible cursor, no mouse reporting, a cooked terminal and a
//! valid progress file, also while a long cell is running; and a pane closed under the tutor, which must
//! save and exit.
//! Skipped (with a message) when tmux is not installed; `.ci/run` installs it.

use std::path::Path;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn cmd(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("run tmux");
        String::from_utf8_lossy(&out.stdout).to_string()
    }
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "tt"];
        args.extend_from_slice(keys);
        self.cmd(&args);
    }
    fn has_session(&self) -> bool {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(["has-session", "-t", "tt"])
            .output()
            .is_ok_and(|o| o.status.success())
    }
    /// A tmux format (`#{alternate_on}`) evaluated for the pane.
    fn pane(&self, format: &str) -> String {
        self.cmd(&["display-message", "-p", "-t", "tt", format])
            .trim()
            .to_string()
    }
    fn screen(&self) -> String {
        self.cmd(&["capture-pane", "-t", "tt", "-p"])
    }
    /// Waits until the screen contains `text` (or gives up after a while, returning the last screen).
    /// The screen once it shows `text` and has stopped changing (two captures 100 ms apart agree), so a
    /// half-redrawn frame on a loaded machine is not taken for the answer.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        let mut last = String::new();
        loop {
            let s = self.screen();
            if start.elapsed() > Duration::from_secs(20) || (s.contains(text) && s == last) {
                return s;
            }
            last = s;
            sleep(Duration::from_millis(100));
        }
    }
}

impl Tmux {
    /// The first screen that contains `text`, steady or not (a running cell's spinner and time change it
    /// every tenth of a second).
    fn wait_until(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if start.elapsed() > Duration::from_secs(20) || s.contains(text) {
                return s;
            }
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }
}

fn start(t: &Tmux, home: &Path, args: &str) {
    let bin = env!("CARGO_BIN_EXE_transformer-tutor");
    let shell = format!(
        "TRANSFORMER_TUTOR_HOME={} COLORTERM=truecolor LANG=en_US.UTF-8 {bin} {args}; echo \"tutor exited with $?\"; sleep 30",
        home.display()
    );
    // Killing the last session shuts the tmux server down; a new-session that reaches the server while it
    // is going away fails. So wait for the old session to be gone, then retry until the new one exists.
    let start = Instant::now();
    while t.has_session() && start.elapsed() < Duration::from_secs(5) {
        sleep(Duration::from_millis(50));
    }
    loop {
        t.cmd(&[
            "new-session",
            "-d",
            "-s",
            "tt",
            "-x",
            "120",
            "-y",
            "40",
            &shell,
        ]);
        if t.has_session() {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "tmux did not start a session"
        );
        sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_real_tui_in_tmux() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed; skipping the end-to-end TUI test");
        return;
    }
    let home = std::env::temp_dir().join(format!("tt-tmux-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let t = Tmux {
        socket: format!("tt-{}", std::process::id()),
    };

    // The masking lesson as it is bundled: how many cells, and which draws the decoder's combined mask.
    let lesson =
        transformer_tutor::lesson::bundle::find("masking", transformer_tutor::lesson::Lang::En)
            .expect("bundled");
    let n = lesson.cell_count();
    let mask_cell = lesson
        .cells()
        .position(|c| c.code.contains("# heatmap: trg_mask[0, 0]"))
        .expect("the trg_mask cell");
    let exercises = lesson.cells().filter(|c| c.exercise.is_some()).count();

    start(&t, &home, "open masking");
    let s = t.wait_for("Masking");
    assert!(s.contains("cell 1/"), "notebook did not open:\n{s}");

    t.keys(&["R"]);
    let s = t.wait_for("ran all");
    // The exercises' starter code does not pass their checks: the learner's to do (and a cell after
    // one may raise until it is done).
    let to_do = match exercises {
        1 => "1 exercise to do".to_string(),
        k => format!("{k} exercises to do"),
    };
    assert!(s.contains("ran all") && s.contains(&to_do), "run all:\n{s}");
    let mut moves = vec!["Up"; n];
    moves.extend(vec!["Down"; mask_cell]);
    t.keys(&moves);
    let s = t.wait_for("trg_mask[0, 0] (1/2)");
    assert!(
        // A bool mask: its cells as ■ (True) and □ (False), and the colour legend.
        s.contains('■') && s.contains('□') && s.contains('█'),
        "heatmap missing:\n{s}"
    );
    // Tab: the tensor itself, with its named shape.
    t.keys(&["Tab"]);
    let s = t.wait_for("[bs=3, 1, sl=7, sl=7]");
    assert!(
        s.contains("trg_mask [bs=3, 1, sl=7, sl=7]"),
        "named shape missing:\n{s}"
    );

    t.keys(&["?"]);
    let s = t.wait_for("any key closes");
    assert!(s.contains("run the whole lesson"), "help:\n{s}");
    t.keys(&["Escape"]);

    t.cmd(&["resize-window", "-t", "tt", "-x", "20", "-y", "5"]);
    let s = t.wait_for("enlarge");
    assert!(s.contains("enlarge"), "tiny terminal:\n{s}");
    t.cmd(&["resize-window", "-t", "tt", "-x", "120", "-y", "40"]);
    let s = t.wait_for("inspector");
    assert!(s.contains("Masking"), "after resizing back:\n{s}");

    t.keys(&["q"]);
    // The shell says when the tutor has exited (and saved): a fixed wait lost progress on a busy machine.
    t.wait_for("tutor exited with");
    t.cmd(&["kill-session", "-t", "tt"]);

    // Restart with no lesson: it resumes where the learner was, on the same cell, and runs the cells that
    // had run again (off the UI thread) so their outputs and the inspector are back.
    start(&t, &home, "");
    let s = t.wait_for("trg_mask[0, 0] (1/2)");
    assert!(
        s.contains("6. Masking")
            && s.contains(&format!("cell {}/{n}", mask_cell + 1))
            && s.contains('■'),
        "did not resume the last lesson, its cell and its outputs:\n{s}"
    );
    t.keys(&["q"]);
    // The shell says when the tutor has exited (and saved): a fixed wait lost progress on a busy machine.
    t.wait_for("tutor exited with");
    let progress = std::fs::read_to_string(home.join("progress.json")).expect("progress saved");
    assert!(progress.contains("\"current\": \"masking\""), "{progress}");
    t.cmd(&["kill-session", "-t", "tt"]);

    // Enter on lesson 1's first cell at 80x24 leaves what it printed on screen: the ids, and the whole
    // vocabulary line (wider than the pane, so wrapped under a continuation mark).
    start(&t, &home, "open tokenization");
    t.cmd(&["resize-window", "-t", "tt", "-x", "80", "-y", "24"]);
    let s = t.wait_for("cell 1/");
    assert!(s.contains("Tokenization"), "lesson 1 did not open:\n{s}");
    t.keys(&["Enter"]);
    let s = t.wait_for("[1, 6, 7]");
    assert!(
        s.contains("cell 2/") && s.contains("[5, 6, 7]") && s.contains("[1, 6, 7]"),
        "Enter hid the output of cell 1:\n{s}"
    );
    assert!(
        s.contains("{'<PAD>': 0") && s.contains("↪") && s.contains("빵이': 12}"),
        "the vocabulary is not whole:\n{s}"
    );
    assert!(s.contains("? help"), "footer:\n{s}");
    // In Korean, then a restart with no --lang: Korean again, on cell 2, cell 1's output back.
    t.keys(&["t"]);
    t.wait_for("토큰화");
    t.keys(&["q"]);
    // The shell says when the tutor has exited (and saved): a fixed wait lost progress on a busy machine.
    t.wait_for("tutor exited with");
    t.cmd(&["kill-session", "-t", "tt"]);
    start(&t, &home, "");
    let s = t.wait_for("셀 2/");
    assert!(
        s.contains("토큰화") && s.contains("셀 2/"),
        "the language or cell was not restored:\n{s}"
    );
    // Cell 1's output, below its code.
    t.keys(&["Up", "PageDown", "PageDown", "PageDown"]);
    let s = t.wait_for("[1, 6, 7]");
    assert!(s.contains("[1, 6, 7]"), "outputs were not restored:\n{s}");
    t.keys(&["q"]);
    // The shell says when the tutor has exited (and saved): a fixed wait lost progress on a busy machine.
    t.wait_for("tutor exited with");
    t.cmd(&["kill-session", "-t", "tt"]);

    // A cell that loops runs off the UI thread: the screen says so, Ctrl-C stops it at once, and the app
    // goes on (the next cell runs).
    let looping = home.join("looping.md");
    std::fs::write(
        &looping,
        "---\nid: looping\ntitle: Looping\norder: 1\n---\n\n```python\nn = 0\nwhile True:\n    n += 1\n```\n\n```python\nprint(40 + 2)\n```\n",
    )
    .expect("write a lesson");
    start(&t, &home, &format!("--lang en open {}", looping.display()));
    t.wait_for("cell 1/2");
    t.keys(&["Enter"]);
    let s = t.wait_until("running cell 1");
    assert!(
        s.contains("running cell 1")
            && s.contains("In [*]")
            && s.contains("running… (Esc stops it)"),
        "a running cell:\n{s}"
    );
    let pressed = Instant::now();
    t.keys(&["C-c"]);
    let s = t.wait_for("KeyboardInterrupt");
    assert!(
        s.contains("KeyboardInterrupt") && s.contains("cell 1 interrupted"),
        "Ctrl-C did not interrupt the cell:\n{s}"
    );
    assert!(
        pressed.elapsed() < Duration::from_secs(3),
        "{:?}",
        pressed.elapsed()
    );
    t.keys(&["Down", "Enter"]);
    let s = t.wait_for("42");
    assert!(s.contains("42"), "the app did not go on:\n{s}");
    t.keys(&["q"]);
    // The shell says when the tutor has exited (and saved): a fixed wait lost progress on a busy machine.
    t.wait_for("tutor exited with");
    t.cmd(&["kill-session", "-t", "tt"]);

    // The Sizes panel: paper sizes, then a cell run at them shows the new named shape.
    start(&t, &home, "open add-norm");
    let s = t.wait_for("Add & Norm");
    assert!(s.contains("cell 1/"), "add-norm did not open:\n{s}");
    t.keys(&["z"]);
    let s = t.wait_for("Esc cancel");
    assert!(
        s.contains("hid_dim") && s.contains("toy 8"),
        "sizes panel:\n{s}"
    );
    t.keys(&["Right"]);
    let s = t.wait_for("512");
    assert!(s.contains("128"), "paper preset:\n{s}");
    t.keys(&["Enter"]);
    let s = t.wait_for("sizes bs=8 sl=128 hid_dim=512");
    assert!(
        s.contains("sizes bs=8 sl=128 hid_dim=512") && !s.contains("Esc cancel"),
        "header after applying:\n{s}"
    );
    // Run cell 1 (a paper-size cell can take a second), then look at it in the inspector.
    t.keys(&["Enter"]);
    // Its output (taller than the screen at paper size) stays in view from its start; cell 2 is selected.
    let s = t.wait_for("tensor([");
    assert!(
        s.contains("cell 2/") && s.contains("tensor(["),
        "after running cell 1:\n{s}"
    );
    t.keys(&["Up"]);
    let s = t.wait_for("[bs=8, sl=128, hid_dim=512]");
    assert!(
        s.contains("[bs=8, sl=128, hid_dim=512]"),
        "named shape at paper size:\n{s}"
    );
    t.keys(&["q"]);
    // The shell says when the tutor has exited (and saved): a fixed wait lost progress on a busy machine.
    t.wait_for("tutor exited with");
    t.cmd(&["kill-session", "-t", "tt"]);

    // The chosen sizes are kept: a restart resumes add-norm at paper size.
    start(&t, &home, "");
    let s = t.wait_for("sizes bs=8 sl=128 hid_dim=512");
    assert!(
        s.contains("Add & Norm") && s.contains("sizes bs=8 sl=128 hid_dim=512"),
        "sizes not kept across a restart:\n{s}"
    );
    t.keys(&["q"]);
    let _ = std::fs::remove_dir_all(&home);
}

/// The tutor's process: the child of the pane's shell.
fn tutor_pid(t: &Tmux) -> String {
    let shell = t.pane("#{pane_pid}");
    let start = Instant::now();
    loop {
        let out = Command::new("pgrep")
            .args(["-P", &shell])
            .output()
            .expect("run pgrep");
        let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if !pid.is_empty() && !pid.contains('\n') {
            return pid;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no tutor process under the pane's shell {shell}: {pid:?}"
        );
        sleep(Duration::from_millis(50));
    }
}

/// Sends `signal` to the tutor, then checks that it exited with 128 + its number and gave the terminal
/// back: the main screen, the cursor shown, no mouse reporting, canonical mode and echo on. Returns how
/// long the exit took.
fn signal_and_check(t: &Tmux, signal: &str, number: i32) -> Duration {
    assert_eq!(
        t.pane("#{alternate_on}"),
        "1",
        "the tutor is not on the alternate screen"
    );
    let pid = tutor_pid(t);
    let sent = Instant::now();
    let status = Command::new("kill")
        .args(["-s", signal, &pid])
        .status()
        .expect("run kill");
    assert!(status.success(), "kill -s {signal} {pid}");
    let exited = format!("tutor exited with {}", 128 + number);
    let s = t.wait_for(&exited);
    let took = sent.elapsed();
    assert!(s.contains(&exited), "after SIG{signal}:\n{s}");
    assert_eq!(
        t.pane("#{alternate_on}"),
        "0",
        "SIG{signal}: still on the alternate screen"
    );
    assert_eq!(t.pane("#{cursor_flag}"), "1", "SIG{signal}: cursor hidden");
    assert_eq!(
        t.pane("#{mouse_any_flag}"),
        "0",
        "SIG{signal}: mouse still reported"
    );
    let tty = t.pane("#{pane_tty}");
    let stty = Command::new("stty")
        .args(["-F", &tty, "-a"])
        .output()
        .expect("run stty");
    let modes = String::from_utf8_lossy(&stty.stdout).to_string();
    let has = |flag: &str| modes.split_whitespace().any(|w| w == flag);
    assert!(
        has("icanon") && has("echo"),
        "SIG{signal}: the terminal is left in raw mode:\n{modes}"
    );
    took
}

fn progress_json(home: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(home.join("progress.json")).expect("progress saved");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("progress is not JSON ({e}):\n{text}"))
}

#[test]
fn signals_give_the_terminal_back_and_save_progress() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed; skipping the end-to-end signal test");
        return;
    }
    let root = std::env::temp_dir().join(format!("tt-signals-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let t = Tmux {
        socket: format!("tt-signals-{}", std::process::id()),
    };

    for (signal, number) in [("TERM", 15), ("HUP", 1), ("INT", 2), ("QUIT", 3)] {
        // A fresh home: nothing has saved progress before the signal.
        let home = root.join(signal);
        start(&t, &home, "open masking");
        let s = t.wait_for("Masking");
        assert!(s.contains("cell 1/"), "notebook did not open:\n{s}");
        assert!(!home.join("progress.json").exists());
        signal_and_check(&t, signal, number);
        let progress = progress_json(&home);
        assert_eq!(progress["current"], "masking", "SIG{signal}: {progress}");
        t.cmd(&["kill-session", "-t", "tt"]);
    }

    // Closing the pane: the terminal goes away under the tutor (a hangup, with or without a SIGHUP
    // reaching it). It must save and exit, not spin on the dead terminal.
    let home = root.join("closed");
    start(&t, &home, "open masking");
    let s = t.wait_for("Masking");
    assert!(s.contains("cell 1/"), "notebook did not open:\n{s}");
    let pid = tutor_pid(&t);
    t.cmd(&["kill-session", "-t", "tt"]);
    let closed = Instant::now();
    while Path::new(&format!("/proc/{pid}")).exists() {
        assert!(
            closed.elapsed() < Duration::from_secs(10),
            "the tutor is still running 10 s after its pane closed"
        );
        sleep(Duration::from_millis(50));
    }
    let progress = progress_json(&home);
    assert_eq!(progress["current"], "masking", "closed pane: {progress}");

    // A signal while a cell runs for its whole time budget: the terminal comes back within the grace
    // period, not when the cell ends; progress is what was saved after the last cell that finished.
    let home = root.join("busy");
    std::fs::create_dir_all(&home).expect("make home");
    let lesson = home.join("slow.md");
    std::fs::write(
        &lesson,
        "---\nid: slow\ntitle: Slow\norder: 1\n---\n\n```python\nprint('quick')\n```\n\n\
         ```python\nimport torch\nwhile True:\n    x = torch.randn(400, 400) @ torch.randn(400, 400)\n```\n",
    )
    .expect("write lesson");
    start(&t, &home, &format!("open {}", lesson.display()));
    let s = t.wait_for("Slow");
    assert!(s.contains("cell 1/"), "slow lesson did not open:\n{s}");
    t.keys(&["Enter"]);
    let s = t.wait_for("quick");
    assert!(s.contains("quick"), "cell 1 did not run:\n{s}");
    t.keys(&["Enter"]);
    sleep(Duration::from_millis(700));
    let took = signal_and_check(&t, "TERM", 15);
    assert!(
        took < Duration::from_secs(8),
        "the terminal came back only after {took:?} (the cell's budget is 20 s)"
    );
    let progress = progress_json(&home);
    assert_eq!(
        progress["lessons"]["slow"]["completed"],
        serde_json::json!([0]),
        "{progress}"
    );
    t.cmd(&["kill-session", "-t", "tt"]);
    let _ = std::fs::remove_dir_all(&root);
}

/// An exercise as a learner does it in a real terminal: a wrong answer typed in the editor and the
/// check's message, a hint, the right answer and ✓; then a restart, and the exercise is still done with
/// the learner's code in it.
#[test]
fn an_exercise_in_tmux() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed; skipping the end-to-end exercise test");
        return;
    }
    let home = std::env::temp_dir().join(format!("tt-tmux-ex-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let t = Tmux {
        socket: format!("tt-ex-{}", std::process::id()),
    };
    let lesson = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lessons/exercise.md"
    );
    let open = format!("open {lesson}");
    // Keys one group at a time: an Esc followed at once by another key reads as Alt+key.
    let step = |keys: &[&str]| {
        t.keys(keys);
        sleep(Duration::from_millis(300));
    };

    start(&t, &home, &open);
    let s = t.wait_for("An exercise");
    assert!(s.contains("cell 1/3"), "the lesson did not open:\n{s}");
    step(&["Enter"]);
    let s = t.wait_for("complete the code");
    assert!(s.contains("✎ exercise"), "the exercise:\n{s}");

    // A wrong answer: the scores are not scaled.
    step(&["e"]);
    step(&["Down", "End", "BSpace", "BSpace", "BSpace"]);
    step(&["-l", "q @ k.transpose(-2, -1)"]);
    step(&["Escape"]);
    step(&["Enter"]);
    let s = t.wait_for("✗ Divide by math.sqrt(head_dim)");
    assert!(s.contains("✗ not yet"), "the check's message:\n{s}");

    step(&["h"]);
    let s = t.wait_for("hint 1 of 2");
    assert!(s.contains("turns"), "the first hint:\n{s}");

    // The right answer.
    step(&["e"]);
    step(&["Down", "End"]);
    step(&["-l", " / math.sqrt(head_dim)"]);
    step(&["Escape"]);
    step(&["Enter"]);
    let s = t.wait_for("✓ all checks pass");
    assert!(s.contains("✓ exercise 2 solved"), "solved:\n{s}");

    step(&["q"]);
    let s = t.wait_for("tutor exited with");
    assert!(s.contains("tutor exited with 0"), "quit:\n{s}");
    t.cmd(&["kill-server"]);

    start(&t, &home, &open);
    let s = t.wait_for("exercise, solved");
    assert!(
        s.contains("scores = q @ k.transpose(-2, -1) / math.sqrt(head_dim)"),
        "the learner's code after a restart:\n{s}"
    );
    let progress = progress_json(&home);
    let record = &progress["lessons"]["exercise-fixture"]["exercises"]["1"];
    assert_eq!(record["passed"], true, "{progress}");
    assert_eq!(record["tries"], 1, "{progress}");
    assert_eq!(record["hints"], 1, "{progress}");
    let _ = std::fs::remove_dir_all(&home);
}
