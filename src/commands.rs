//! The subcommands other than `exec`: each parses its arguments into a call on the rooms below.

use std::io::IsTerminal;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::cli::{ColorChoice, LangArg, ListFormat, TraceFormat};
use crate::interp::Limits;
use crate::lesson::{self, Lang, LessonError};
use crate::trace::{Trace, render_markdown, render_text};

/// Writes to stdout, ignoring a closed pipe (`| head` is not an error).
fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

pub fn lang(arg: Option<LangArg>) -> Lang {
    match arg {
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Ko) => Lang::Ko,
        None => Lang::from_env(),
    }
}

/// `NAME=VALUE` pairs from `--set`, by the same rules as the Sizes panel ([`lesson::sizes::parse_set`]):
/// a whole number from 1 to 4096 (65536 for vocabularies).
pub fn parse_sets(sets: &[String]) -> Result<Vec<(String, i64)>> {
    sets.iter()
        .map(|s| lesson::sizes::parse_set(s).with_context(|| format!("--set {s}")))
        .collect()
}

pub fn list(lang: Lang, format: ListFormat) -> Result<i32> {
    let all = lesson::bundle::bundled()?;
    let course = lesson::bundle::course(lang)?;
    let loaded = lesson::progress::Progress::load();
    if let Some(w) = &loaded.warning {
        eprintln!("transformer-tutor: {w}");
    }
    let progress = loaded.progress;
    let done = |id: &str| progress.lesson(id).map_or(0, |p| p.completed.len());
    let solved = |id: &str| {
        progress
            .lesson(id)
            .map_or(0, |p| p.exercises.values().filter(|e| e.passed).count())
    };
    let exercises = |l: &lesson::Lesson| l.cells().filter(|c| c.exercise.is_some()).count();
    match format {
        ListFormat::Text => {
            let mut text = String::new();
            for l in &course {
                let langs: Vec<&str> = all
                    .iter()
                    .filter(|x| x.id == l.id)
                    .map(|x| x.lang.code())
                    .collect();
                text.push_str(&format!(
                    "{:>2}  {:<22} {}  [{}] {} cells, {} done, exercises {}/{} solved\n",
                    l.order,
                    l.id,
                    l.title,
                    langs.join(","),
                    l.cell_count(),
                    done(&l.id),
                    solved(&l.id),
                    exercises(l)
                ));
            }
            if course.is_empty() {
                text.push_str("(no lessons bundled yet)\n");
            }
            emit(&crate::trace::sanitize(&text, false));
        }
        ListFormat::Json => {
            let items: Vec<serde_json::Value> = course
                .iter()
                .map(|l| {
                    let langs: Vec<&str> = all
                        .iter()
                        .filter(|x| x.id == l.id)
                        .map(|x| x.lang.code())
                        .collect();
                    serde_json::json!({
                        "id": l.id,
                        "title": l.title,
                        "order": l.order,
                        "languages": langs,
                        "cells": l.cell_count(),
                        "completed": done(&l.id),
                        "exercises": exercises(l),
                        "exercises_solved": solved(&l.id),
                        "path": l.path,
                    })
                })
                .collect();
            emit(&format!("{}\n", serde_json::to_string_pretty(&items)?));
        }
    }
    Ok(0)
}

/// `check [FILE.md ...] [--set NAME=VALUE ...]`: every lesson (or the given files) run and verified, at the
/// lessons' own sizes or at the ones set; each `--set` must name a dim of at least one checked lesson.
pub fn check(paths: &[std::path::PathBuf], sets: &[String], limits: &Limits) -> Result<i32> {
    let sets = parse_sets(sets)?;
    let mut problems: Vec<LessonError> = Vec::new();
    let lessons = if paths.is_empty() {
        match lesson::bundle::bundled() {
            Ok(l) => l,
            Err(e) => {
                emit(&format!("{e}\n"));
                return Ok(1);
            }
        }
    } else {
        let mut v = Vec::new();
        for p in paths {
            match lesson::bundle::load_path(p) {
                Ok(l) => v.push(l),
                Err(e) => problems.push(e),
            }
        }
        v
    };
    if let Some((name, _)) = sets.iter().find(|(name, _)| {
        !lessons
            .iter()
            .any(|l| l.dims.iter().any(|(d, _)| d == name))
    }) {
        bail!("--set {name}: no lesson checked here has a dim named `{name}`");
    }
    let mut cells = 0;
    let mut checked = 0;
    for (i, l) in lessons.iter().enumerate() {
        if limits.run_deadline.is_some_and(|d| Instant::now() > d) {
            problems.push(LessonError::at(
                &l.path,
                1,
                format!(
                    "check stopped here: the run is past its --timeout; {} lesson file(s) not checked",
                    lessons.len() - i
                ),
            ));
            break;
        }
        cells += l.cell_count();
        checked += 1;
        let overrides = lesson::sizes::overrides_for(l, &sets);
        problems.extend(lesson::check::check_lesson_with(
            l,
            &overrides,
            limits.clone(),
        ));
    }
    if paths.is_empty() {
        problems.extend(lesson::check::check_parity(&lessons));
    } else {
        problems.extend(lesson::check::check_parity_of_pairs(&lessons));
    }
    // A problem quotes the lesson (its code, its comments): shown, never obeyed.
    emit(&crate::trace::sanitize(
        &problems
            .iter()
            .map(|p| format!("{p}\n"))
            .collect::<String>(),
        false,
    ));
    let sizes = if sets.is_empty() {
        String::new()
    } else {
        let set: Vec<String> = sets.iter().map(|(n, v)| format!("{n}={v}")).collect();
        format!(" at {}", set.join(", "))
    };
    eprintln!(
        "checked {} lesson files, {} cells{sizes}: {} problem{}",
        checked,
        cells,
        problems.len(),
        if problems.len() == 1 { "" } else { "s" }
    );
    Ok(if problems.is_empty() { 0 } else { 1 })
}

pub fn trace(
    spec: &str,
    lang: Lang,
    format: TraceFormat,
    color: ColorChoice,
    sets: &[String],
    limits: &Limits,
) -> Result<i32> {
    let overrides = parse_sets(sets)?;
    let lesson = lesson::bundle::find(spec, lang)?;
    let mut kernel = lesson::Kernel::with_limits(&lesson, &overrides, limits.clone())?;
    // A handout shows each exercise solved: its solution, run.
    let solved: Vec<lesson::Cell> = lesson.cells().map(|c| c.as_solved().into_owned()).collect();
    let outcomes: Vec<_> = solved.iter().map(|c| kernel.run_cell(c)).collect();
    let trace = Trace {
        lesson: &lesson,
        dims: kernel.dims().to_vec(),
        cells: solved.iter().zip(outcomes.iter()).collect(),
    };
    let use_color = match color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    };
    match format {
        TraceFormat::Text => emit(&crate::trace::sanitize(
            &render_text(&trace, use_color),
            use_color,
        )),
        TraceFormat::Markdown => emit(&crate::trace::sanitize(&render_markdown(&trace), false)),
        TraceFormat::Html => emit(&crate::trace::sanitize(
            &crate::trace::render_html(&trace),
            false,
        )),
        TraceFormat::Json => {
            // Streamed: JSON escapes control characters itself, and a closed pipe is not an error.
            use std::io::Write;
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let _ = crate::trace::write_json(&trace, &mut out);
            let _ = out.write_all(b"\n");
            let _ = out.flush();
        }
    }
    let failed = outcomes
        .iter()
        .any(|o| o.error.is_some() && !o.expectation_met);
    Ok(if failed { 1 } else { 0 })
}

/// Opens the interactive app (the notebook, or demo mode). Without a terminal it prints the lesson list.
/// The exit status is 0, or 128 + the number of the signal that ended the app.
pub fn interactive(
    lang: Lang,
    lesson: Option<&str>,
    demo: bool,
    auto: Option<f64>,
    sets: &[String],
    limits: &Limits,
) -> Result<i32> {
    let overrides = parse_sets(sets)?;
    let lesson = match lesson {
        Some(spec) => Some(lesson::bundle::find(spec, lang)?),
        None => None,
    };
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        emit("transformer-tutor: the interactive notebook needs a terminal. Lessons:\n");
        return list(lang, ListFormat::Text);
    }
    let auto = match auto {
        Some(s) if s.is_finite() && s > 0.0 => {
            Some(std::time::Duration::from_secs_f64(s.min(3600.0)))
        }
        Some(_) => bail!("--auto expects a positive number of seconds"),
        None => None,
    };
    let app = crate::tui::App::new(crate::tui::StartOptions {
        lang,
        lesson,
        demo,
        auto,
        overrides,
        persist: true,
        color: crate::tui::theme::ColorMode::detect(),
        limits: limits.clone(),
    });
    crate::tui::run(app)
}
