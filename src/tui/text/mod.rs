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
