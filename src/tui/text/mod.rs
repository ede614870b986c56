//! Every string the terminal app shows, one table per language ([`en::EN`], [`ko::KO`]), so a translator
//! reads one file and a missing Korean string is a compile error, not a blank on screen. Call sites read
//! `app.text().field`; strings with values in them are `fn` fields, called as `(app.text().field)(n)`.
//! To add a string: add a field to [`Text`], then give it a value in both `en.rs` and `ko.rs`.

use crate::lesson::Lang;
use crate::lesson::sizes::SizeError;

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
    /// toy
    pub sizes_toy: &'static str,
    /// sizes (z)
    pub sizes_title: &'static str,
    ///  This lesson has no named dims.
    pub sizes_no_named_dims: &'static str,
    ///  Type a size for the selected dim; derived dims follow.
    pub sizes_type_a_size: &'static str,
    /// toy
    pub sizes_toy_preset: &'static str,
    /// paper
    pub sizes_paper: &'static str,
    /// choose
    pub sizes_choose: &'static str,
    /// apply
    pub sizes_apply: &'static str,
    /// cancel
    pub sizes_cancel: &'static str,
    /// What will this cell print? Predict, then click (Space) to run it.
    pub what_will_this_cell_print: &'static str,
    /// running… (Ctrl-C stops it)
    pub running_ctrl_c_stops_it: &'static str,
    /// editing cell
    pub editing_cell: &'static str,
    /// to finish
    pub to_finish: &'static str,
    /// Please enlarge the terminal
    pub please_enlarge_the_terminal: &'static str,
    /// lessons
    pub lessons: &'static str,
    /// cell
    pub cell: &'static str,
    /// sizes
    pub sizes: &'static str,
    /// predict the shape
    pub predict_the_shape: &'static str,
    /// not run
    pub not_run: &'static str,
    /// edited (o restores)
    pub edited_o_restores: &'static str,
    /// you predicted
    pub you_predicted: &'static str,
    /// it is
    pub it_is: &'static str,
    /// running… (Esc stops it)
    pub running_esc_stops_it: &'static str,
    /// waiting to run
    pub waiting_to_run: &'static str,
    /// complete the code: e edits, Enter checks it, h gives a hint
    pub complete_the_code_e_edits: &'static str,
    /// not run yet — Enter runs it
    pub not_run_yet_enter_runs: &'static str,
    /// raised, as expected
    pub raised_as_expected: &'static str,
    /// error
    pub error: &'static str,
    /// line
    pub line: &'static str,
    /// heatmap in the inspector
    pub heatmap_in_the_inspector: &'static str,
    /// heatmap on the right
    pub heatmap_on_the_right: &'static str,
    /// nothing to inspect in this cell
    pub nothing_to_inspect_in_this: &'static str,
    /// run the cell to inspect its tensors
    pub run_the_cell_to_inspect: &'static str,
    /// inspector (Tab: next · m: memory · f/Esc: back)
    pub inspector_tab_next_m_memory: &'static str,
    /// inspector (f/Esc: back)
    pub inspector_f_esc_back: &'static str,
    /// inspector (Tab: next · m: memory · f: full)
    pub inspector_tab_next_m_memory_2: &'static str,
    /// inspector (Tab: next · m: memory)
    pub inspector_tab_next_m_memory_3: &'static str,
    /// Run the cell (Enter) to see its tensors.
    pub run_the_cell_enter_to: &'static str,
    /// This cell made no tensors.
    pub this_cell_made_no_tensors: &'static str,
    /// No line of this cell made a tensor. (s: back to the tensors)
    pub no_line_of_this_cell: &'static str,
    /// shapes, line by line
    pub shapes_line_by_line: &'static str,
    /// tensors
    pub tensors: &'static str,
    ///   (in a function this cell called)
    pub in_a_function_this_cell: &'static str,
    /// h gives hints in exercise cells
    pub h_gives_hints_in_exercise: &'static str,
    /// S shows the solution of an exercise cell
    pub s_shows_the_solution_of: &'static str,
    /// the solution is below the cell (e edits the cell)
    pub the_solution_is_below_the: &'static str,
    /// exercise, solved
    pub exercise_solved: &'static str,
    /// exercise
    pub exercise: &'static str,
    /// all checks pass
    pub all_checks_pass: &'static str,
    /// the code raised an error (above); the checks did not run
    pub the_code_raised_an_error: &'static str,
    /// solution:
    pub solution: &'static str,
    /// keys — any key closes
    pub keys_any_key_closes: &'static str,
    /// keys — ↑↓ scroll, other keys close ·
    pub keys_scroll_other_keys_close: &'static str,
    /// What shape will this cell give
    pub what_shape_will_this_cell: &'static str,
    /// sizes or dim names, e.g. `1 7 8` or `[bs, sl, hid_dim]`
    pub sizes_or_dim_names_e: &'static str,
    /// not quite; try again, or Tab shows the answer
    pub not_quite_try_again_or: &'static str,
    /// ? write sizes or the lesson's dim names (Tab shows the answer)
    pub write_sizes_or_the_lesson: &'static str,
    /// predict, then Enter · Tab answer · Esc later
    pub predict_then_enter_tab_answer: &'static str,
    /// `dims: ` before the lesson's sizes in the question overlay.
    pub question_dims: &'static str,

    // The notebook's title bar and the status line of the app.
    /// The language the app speaks now, in the title bar.
    pub language_name: &'static str,
    /// The title of the stand-in lesson when no lesson was found.
    pub no_lessons: &'static str,
    /// `o` restored cell n.
    pub cell_restored: fn(usize) -> String,
    /// The progress file could not be written (the error's own words follow).
    pub could_not_save_progress: fn(&str) -> String,

    // The kernel at work: spinner lines, interrupts, errors and batch summaries (`jobs.rs`).
    /// Esc / Ctrl-C with nothing queued.
    pub interrupting: &'static str,
    /// Esc / Ctrl-C with n queued cells dropped.
    pub interrupting_dropped: fn(usize) -> String,
    /// Spinner, cell, seconds: outputs being restored on opening a lesson.
    pub restoring_outputs: fn(char, usize, f64) -> String,
    /// Spinner, cell, seconds, queued cells.
    pub running_cell_queued: fn(char, usize, f64, usize) -> String,
    /// Spinner, cell, seconds.
    pub running_cell: fn(char, usize, f64) -> String,
    /// Cell n stopped with `KeyboardInterrupt`.
    pub cell_interrupted: fn(usize) -> String,
    /// Cell n raised.
    pub cell_raised: fn(usize) -> String,
    /// After a batch summary: t (at least 1) exercises left to solve.
    pub exercises_to_do: fn(usize) -> String,
    /// `R` ran n cells, none raised.
    pub ran_all: fn(usize) -> String,
    /// `R` ran the cells, f raised.
    pub ran_all_failed: fn(usize) -> String,
    /// `A` on the first cell.
    pub no_cells_above: &'static str,
    /// `A` ran n cells, none raised.
    pub ran_above: fn(usize) -> String,
    /// `A` ran n cells, f raised.
    pub ran_above_failed: fn(usize, usize) -> String,
    /// New sizes reran n cells in secs seconds at `what` (`sl=256 …`).
    pub reran_at: fn(usize, f64, &str) -> String,
    /// New sizes reran n cells at `what`, f raised.
    pub reran_at_failed: fn(usize, &str, usize) -> String,

    // Find (`/`).
    /// The keys after the query being typed.
    pub search_keys: &'static str,
    /// Query, cell, k-th match, matches.
    pub search_found: fn(&str, usize, usize, usize) -> String,
    /// Query.
    pub search_not_found: fn(&str) -> String,

    // Exercises: hints, solution, verdicts (`exercise.rs`).
    /// `h` on an exercise without hints.
    pub no_hints: &'static str,
    /// `h` after all `total` hints.
    pub no_more_hints: fn(usize) -> String,
    /// `h` showed hint k of total.
    pub hint_shown: fn(usize, usize) -> String,
    /// `S` too early: `left` more tries of `needed`.
    pub solution_after_tries: fn(u32, u32) -> String,
    /// Exercise n passed its checks.
    pub exercise_passed: fn(usize) -> String,
    /// The checks said no; `true` when the solution may be opened.
    pub exercise_not_yet: fn(bool) -> String,
    /// Before hint k of total, under the cell.
    pub hint_label: fn(usize, usize) -> String,
    /// Under a failed exercise: the keys that help, when both do.
    pub hint_and_solution_keys: &'static str,
    /// … when only a hint is left.
    pub hint_key: &'static str,
    /// … when only the solution is.
    pub solution_key: &'static str,

    // Zoom (`zoom.rs`).
    /// The footer while zoomed.
    pub zoom_hints: &'static [Hint],
    /// `+` on a map that already fits.
    pub zoom_whole_map_fits: &'static str,
    /// `+` with no heatmap shown.
    pub zoom_no_heatmap: &'static str,
    /// `+` at the deepest zoom.
    pub zoom_deepest: &'static str,

    // The heatmap's axis titles, note and legend (`widgets/heatmap_parts.rs`).
    /// The row axis.
    pub axis_rows: &'static str,
    /// The column axis.
    pub axis_cols: &'static str,
    /// The positions shown of n: `0–15 of 128`.
    pub axis_of: fn(&str, usize) -> String,
    /// How a downsampled map pooled its buckets.
    pub block_means: &'static str,
    /// … with what a peak is, when there is room.
    pub block_peaks_explained: &'static str,
    pub block_peaks: &'static str,
    /// The key that zooms a pooled map, after the note.
    pub plus_zoom: &'static str,
    /// Window rows, cols, map rows, cols, how pooled, the zoom key (or nothing).
    pub pooled_note: fn(usize, usize, usize, usize, &str, &str) -> String,
    /// A zoomed window at one value per cell.
    pub one_value_per_cell: &'static str,
    /// The legend's masked cells.
    pub masked: &'static str,

    // The tensor header and the memory layout (`inspector.rs`, `widgets/memory.rs`). `shape`, `stride`,
    // `offset` and `storage` stay PyTorch's names in both languages.
    pub contiguous: &'static str,
    pub non_contiguous: &'static str,
    /// The storage strip's title: n elements.
    pub storage_elements: fn(usize) -> String,
    /// `← →` step through the view.
    pub memory_step: &'static str,
    /// The grid's title, after the tensor's name.
    pub the_view_in_order: fn(&str) -> String,

    // Demo mode (`demo.rs`).
    /// Space before the output shows.
    pub demo_run: Hint,
    /// Space once it shows.
    pub demo_next: Hint,
    pub demo_back: Hint,
    /// `a` under `--auto`.
    pub demo_pause: Hint,
    pub demo_resume: Hint,
    /// The rest of demo mode's footer.
    pub demo_hints: &'static [Hint],
    /// The step shown: the code…
    pub demo_code: &'static str,
    /// … or its output.
    pub demo_output: &'static str,
    pub auto_paused: &'static str,
    /// Seconds (rounded up) before `--auto` clicks next.
    pub next_in: fn(f64) -> String,
    /// Code taller than its box: n lines hidden.
    pub more_lines: fn(usize) -> String,

    // The Sizes panel's messages (`sizes/`).
    /// A rule of the lesson's sizes broken, in words (English: the lesson room's own message).
    pub size_error: fn(&SizeError) -> String,
    /// A derived dim typed into: name, its expression.
    pub computed_dim: fn(&str, &str) -> String,
    /// The sizes applied are the lesson's own.
    pub lessons_own_sizes: &'static str,
    /// Sizes applied before any cell ran.
    pub sizes_run_a_cell: fn(&str) -> String,
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
            ("sizes_toy", t.sizes_toy),
            ("sizes_title", t.sizes_title),
            ("sizes_no_named_dims", t.sizes_no_named_dims),
            ("sizes_type_a_size", t.sizes_type_a_size),
            ("sizes_toy_preset", t.sizes_toy_preset),
            ("sizes_paper", t.sizes_paper),
            ("sizes_choose", t.sizes_choose),
            ("sizes_apply", t.sizes_apply),
            ("sizes_cancel", t.sizes_cancel),
            ("what_will_this_cell_print", t.what_will_this_cell_print),
            ("running_ctrl_c_stops_it", t.running_ctrl_c_stops_it),
            ("editing_cell", t.editing_cell),
            ("to_finish", t.to_finish),
            ("please_enlarge_the_terminal", t.please_enlarge_the_terminal),
            ("lessons", t.lessons),
            ("cell", t.cell),
            ("sizes", t.sizes),
            ("predict_the_shape", t.predict_the_shape),
            ("not_run", t.not_run),
            ("edited_o_restores", t.edited_o_restores),
            ("you_predicted", t.you_predicted),
            ("it_is", t.it_is),
            ("running_esc_stops_it", t.running_esc_stops_it),
            ("waiting_to_run", t.waiting_to_run),
            ("complete_the_code_e_edits", t.complete_the_code_e_edits),
            ("not_run_yet_enter_runs", t.not_run_yet_enter_runs),
            ("raised_as_expected", t.raised_as_expected),
            ("error", t.error),
            ("line", t.line),
            ("heatmap_in_the_inspector", t.heatmap_in_the_inspector),
            ("heatmap_on_the_right", t.heatmap_on_the_right),
            ("nothing_to_inspect_in_this", t.nothing_to_inspect_in_this),
            ("run_the_cell_to_inspect", t.run_the_cell_to_inspect),
            ("inspector_tab_next_m_memory", t.inspector_tab_next_m_memory),
            ("inspector_f_esc_back", t.inspector_f_esc_back),
            (
                "inspector_tab_next_m_memory_2",
                t.inspector_tab_next_m_memory_2,
            ),
            (
                "inspector_tab_next_m_memory_3",
                t.inspector_tab_next_m_memory_3,
            ),
            ("run_the_cell_enter_to", t.run_the_cell_enter_to),
            ("this_cell_made_no_tensors", t.this_cell_made_no_tensors),
            ("no_line_of_this_cell", t.no_line_of_this_cell),
            ("shapes_line_by_line", t.shapes_line_by_line),
            ("tensors", t.tensors),
            ("in_a_function_this_cell", t.in_a_function_this_cell),
            ("h_gives_hints_in_exercise", t.h_gives_hints_in_exercise),
            ("s_shows_the_solution_of", t.s_shows_the_solution_of),
            ("the_solution_is_below_the", t.the_solution_is_below_the),
            ("exercise_solved", t.exercise_solved),
            ("exercise", t.exercise),
            ("all_checks_pass", t.all_checks_pass),
            ("the_code_raised_an_error", t.the_code_raised_an_error),
            ("solution", t.solution),
            ("keys_any_key_closes", t.keys_any_key_closes),
            (
                "keys_scroll_other_keys_close",
                t.keys_scroll_other_keys_close,
            ),
            ("what_shape_will_this_cell", t.what_shape_will_this_cell),
            ("sizes_or_dim_names_e", t.sizes_or_dim_names_e),
            ("not_quite_try_again_or", t.not_quite_try_again_or),
            ("write_sizes_or_the_lesson", t.write_sizes_or_the_lesson),
            (
                "predict_then_enter_tab_answer",
                t.predict_then_enter_tab_answer,
            ),
        ];
        all.extend([
            ("question_dims", t.question_dims),
            ("language_name", t.language_name),
            ("no_lessons", t.no_lessons),
            ("interrupting", t.interrupting),
            ("no_cells_above", t.no_cells_above),
            ("search_keys", t.search_keys),
            ("no_hints", t.no_hints),
            ("hint_and_solution_keys", t.hint_and_solution_keys),
            ("hint_key", t.hint_key),
            ("solution_key", t.solution_key),
            ("zoom_whole_map_fits", t.zoom_whole_map_fits),
            ("zoom_no_heatmap", t.zoom_no_heatmap),
            ("zoom_deepest", t.zoom_deepest),
            ("axis_rows", t.axis_rows),
            ("axis_cols", t.axis_cols),
            ("block_means", t.block_means),
            ("block_peaks_explained", t.block_peaks_explained),
            ("block_peaks", t.block_peaks),
            ("plus_zoom", t.plus_zoom),
            ("one_value_per_cell", t.one_value_per_cell),
            ("masked", t.masked),
            ("contiguous", t.contiguous),
            ("non_contiguous", t.non_contiguous),
            ("memory_step", t.memory_step),
            ("demo_code", t.demo_code),
            ("demo_output", t.demo_output),
            ("auto_paused", t.auto_paused),
            ("lessons_own_sizes", t.lessons_own_sizes),
        ]);
        for (k, v) in t.help.iter().chain(t.demo_help) {
            all.push((k, v));
        }
        let demo_keys = [
            t.demo_run,
            t.demo_next,
            t.demo_back,
            t.demo_pause,
            t.demo_resume,
        ];
        for h in t
            .notebook_hints
            .iter()
            .chain(t.editor_hints)
            .chain(t.list_hints)
            .chain(t.zoom_hints)
            .chain(t.demo_hints)
            .chain(&demo_keys)
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
        assert_eq!(hint_keys(EN.zoom_hints), hint_keys(KO.zoom_hints));
        assert_eq!(hint_keys(EN.demo_hints), hint_keys(KO.demo_hints));
        let demo = |t: &Text| {
            [
                t.demo_run,
                t.demo_next,
                t.demo_back,
                t.demo_pause,
                t.demo_resume,
            ]
            .map(|h| h.keys)
        };
        assert_eq!(demo(&EN), demo(&KO));
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
