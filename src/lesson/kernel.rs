//! The notebook kernel: one interpreter namespace per lesson, named dims and data bound before the first
//! cell, and after each cell what it printed, its value, the tensors it made, shape checks and heatmaps.

use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::interp::record::SubExpr;
use crate::interp::{Interpreter, Limits, Value};
use crate::tensor::Tensor;
use crate::tensor::sym::{Axes, Sym};

use super::error::LessonError;
use super::fingerprint::fingerprint;
pub use super::heatmaps::{HeatmapData, MAX_HEATMAP_CELLS};
use super::model::{Cell, CellKind, Lang, Lesson};
use super::sizes::check_exact_divisions;

mod exercise;
mod shape_checks;
pub use exercise::ExerciseOutcome;

/// A tensor a cell created or changed.
#[derive(Debug, Clone, Serialize)]
pub struct TensorInfo {
    pub name: String,
    pub shape: Vec<usize>,
    /// `[bs=1, n_heads=2, sl=6, head_dim=4]` where the sizes name the lesson's dims unambiguously.
    pub named_shape: String,
    /// Per axis, the name dataflow proved for it (`head_dim`, `2*hid_dim`), or none.
    pub names: Vec<Option<String>>,
    /// Said of a tensor whose axes a view scrambled: "this view mixes n_heads, sl and head_dim ...".
    pub note: Option<String>,
    pub dtype: String,
    pub strides: Vec<usize>,
    pub storage_offset: usize,
    pub contiguous: bool,
    /// PyTorch's printout of the tensor (summarised above 1000 elements).
    pub repr: String,
    /// The tensor itself, for the notebook's inspector (only when the kernel keeps tensors).
    #[serde(skip)]
    pub tensor: Option<crate::tensor::TensorCopy>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ShapeCheck {
    pub expr: String,
    pub expected: String,
    pub actual: Option<String>,
    pub ok: bool,
    pub line: usize,
    pub message: Option<String>,
}

/// One tensor-valued sub-expression of a line: `.view(bs, -1, n_heads, head_dim)` and what it made.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    /// What this step adds to the expression before it (`.transpose(1, 2)`), or the whole sub-expression
    /// (`fc_q(src)`, `q @ k.transpose(-2, -1)`).
    pub label: String,
    /// The whole sub-expression's source.
    pub text: String,
    pub shape: Vec<usize>,
    pub named_shape: String,
    pub names: Vec<Option<String>>,
    pub note: Option<String>,
    pub dtype: String,
    pub strides: Vec<usize>,
    pub contiguous: bool,
    /// Times evaluated (a loop, a comprehension, a function called again); the shape is the first's.
    pub count: u32,
}

/// The steps of one statement of a cell, in the order they were evaluated.
#[derive(Debug, Clone, Serialize)]
pub struct LineShapes {
    /// 1-based line of the statement in the lesson file.
    pub line: usize,
    /// The statement's first line of source.
    pub code: String,
    /// Whether the line is in the cell that ran (else in a function an earlier cell defined and this one
    /// called: `layer(src, mask)` shows the lines of its `forward`).
    pub in_cell: bool,
    pub steps: Vec<Step>,
}

/// Sub-expression labels longer than this are cut with `…`.
pub const STEP_LABEL_MAX: usize = 40;

impl LineShapes {
    /// The steps as rows of (label, named shape, note): labels cut to [`STEP_LABEL_MAX`] and padded to
    /// one width, the note naming a non-contiguous result's strides and how often the step ran.
    pub fn rows(&self) -> Vec<(String, String, String)> {
        let l = self;
        let cut = |s: &str| -> String {
            let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
            if s.chars().count() > STEP_LABEL_MAX {
                let head: String = s.chars().take(STEP_LABEL_MAX - 1).collect();
                format!("{head}…")
            } else {
                s
            }
        };
        let labels: Vec<String> = l.steps.iter().map(|st| cut(&st.label)).collect();
        let width = labels.iter().map(|x| x.chars().count()).max().unwrap_or(0);
        l.steps
            .iter()
            .zip(labels)
            .map(|(st, label)| {
                let pad = width - label.chars().count();
                let mut note = Vec::new();
                if !st.contiguous {
                    note.push(format!("stride {} non-contiguous", tuple(&st.strides)));
                }
                if st.note.is_some() {
                    note.push("⚠ mixed axes".to_string());
                }
                if st.count > 1 {
                    note.push(format!("×{} (first shown)", st.count));
                }
                (
                    format!("{label}{}", " ".repeat(pad)),
                    st.named_shape.clone(),
                    note.join("  "),
                )
            })
            .collect()
    }
}

/// `(56, 4, 8, 1)`, `(8,)`: a tuple as Python prints it.
pub fn tuple(v: &[usize]) -> String {
    match v {
        [one] => format!("({one},)"),
        _ => format!(
            "({})",
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct CellError {
    pub kind: String,
    pub message: String,
    /// Line in the lesson file where it failed.
    pub line: Option<usize>,
    pub traceback: String,
    /// For a shape error: the operands' named shapes, the dims that clash and a hint (`lesson::explain`).
    pub explanation: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CellOutcome {
    pub index: usize,
    pub ran: bool,
    pub stdout: String,
    pub value: Option<String>,
    pub error: Option<CellError>,
    /// Whether a `raises=` cell raised what it promised (always true for other cells without errors).
    pub expectation_met: bool,
    pub tensors: Vec<TensorInfo>,
    pub shape_checks: Vec<ShapeCheck>,
    pub heatmaps: Vec<HeatmapData>,
    /// `# heatmap:` lines left out because their copy did not fit the memory budget (line, reason).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub heatmaps_left_out: Vec<(usize, String)>,
    /// For each line that made tensors, the shape of every tensor-valued sub-expression.
    pub lines: Vec<LineShapes>,
    pub warnings: Vec<String>,
    /// An exercise's verdict: whether its checks passed after the code ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exercise: Option<ExerciseOutcome>,
    #[serde(skip)]
    pub duration: Duration,
}

pub struct Kernel {
    interp: Interpreter,
    /// What the kernel was made from, to make it again after a panic inside a cell (see `cell_guard`).
    lesson: Lesson,
    overrides: Vec<(String, i64)>,
    limits: Limits,
    dims: Vec<(String, i64)>,
    /// What each dim is as a size symbol: its own name, or what it is derived from (`head_dim` is
    /// `hid_dim/n_heads`). Names shown for tensors come from here and from nothing else.
    syms: Vec<(String, Sym)>,
    path: String,
    /// Fingerprints of tensor globals before the cell: (object id, storage id, layout, data sum).
    seen: HashMap<Rc<str>, (usize, usize, u64)>,
    /// Whether outcomes carry a copy of each tensor a cell made (the notebook's inspector draws them;
    /// `check` and `trace` do not need the copies).
    pub keep_tensors: bool,
    /// Every code line of the lesson's cells by line number (for the lines of functions defined in one
    /// cell and called from another).
    code_lines: HashMap<usize, String>,
}

fn tensor_globals(interp: &Interpreter) -> Vec<(Rc<str>, Tensor)> {
    interp
        .globals_snapshot()
        .into_iter()
        .filter_map(|(k, v)| match v {
            Value::Tensor(t) if !k.starts_with('_') => Some((k, t)),
            _ => None,
        })
        .collect()
}

impl Kernel {
    /// A fresh namespace for `lesson`, with dims (after `overrides`) and data files bound.
    pub fn new(lesson: &Lesson, overrides: &[(String, i64)]) -> Result<Kernel, LessonError> {
        Kernel::with_limits(lesson, overrides, Limits::default())
    }

    pub fn with_limits(
        lesson: &Lesson,
        overrides: &[(String, i64)],
        limits: Limits,
    ) -> Result<Kernel, LessonError> {
        let mut interp = Interpreter::with_limits(limits.clone());
        let mut dims = Vec::new();
        let mut syms = Vec::new();
        for (name, expr) in &lesson.dims {
            let value = match overrides.iter().find(|(n, _)| n == name) {
                Some((_, v)) => Value::int(*v),
                None => match interp.run(expr, &lesson.path) {
                    Ok(Some(v @ Value::Int(_, _))) => v,
                    Ok(_) => {
                        return Err(LessonError::at(
                            &lesson.path,
                            1,
                            format!("dim `{name}`: `{expr}` is not an int"),
                        ));
                    }
                    Err(e) => {
                        return Err(LessonError::at(
                            &lesson.path,
                            1,
                            format!("dim `{name}`: {}", e.summary()),
                        ));
                    }
                },
            };
            if let Value::Int(v, derived) = value {
                if v < 0 {
                    return Err(LessonError::at(
                        &lesson.path,
                        1,
                        format!("dim `{name}` is negative ({v})"),
                    ));
                }
                dims.push((name.clone(), v));
                // A dim written as a sum or product of others is that expression (`head_dim` is
                // `hid_dim/n_heads`, so `hid_dim // n_heads` anywhere is head_dim); any other is its own name.
                let sym = derived
                    .filter(|s| s.as_constant().is_none() && !s.is_opaque())
                    .unwrap_or_else(|| Sym::atom(name));
                syms.push((name.clone(), sym.clone()));
                interp.set_global(name, Value::Int(v, Some(sym)));
            }
        }
        // A dim given by `--set` is not derived, whatever the lesson writes for it.
        let derived = lesson
            .dims
            .iter()
            .filter(|(n, _)| !overrides.iter().any(|(o, _)| o == n));
        if let Err(e) = check_exact_divisions(derived, &dims) {
            let expr = lesson
                .dims
                .iter()
                .find(|(n, _)| *n == e.derived)
                .map_or("", |(_, x)| x.as_str());
            let ((a, av), (b, bv)) = (e.dividend, e.divisor);
            return Err(LessonError::at(
                &lesson.path,
                1,
                format!(
                    "dim `{}` = {expr}: {a} ({av}) is not a multiple of {b} ({bv})",
                    e.derived
                ),
            ));
        }
        for (name, min) in &lesson.minimums {
            if let Some((_, v)) = dims.iter().find(|(n, _)| n == name)
                && v < min
            {
                return Err(LessonError::at(
                    &lesson.path,
                    1,
                    format!(
                        "this lesson needs `{name}` of at least {min} (its front matter's `min`); it is {v}"
                    ),
                ));
            }
        }
        for (name, _) in overrides {
            if !lesson.dims.iter().any(|(n, _)| n == name) {
                let known: Vec<&str> = lesson.dims.iter().map(|(n, _)| n.as_str()).collect();
                return Err(LessonError::at(
                    &lesson.path,
                    1,
                    format!(
                        "`--set {name}`: this lesson's dims are {}",
                        known.join(", ")
                    ),
                ));
            }
        }
        for (name, file) in &lesson.data {
            let text = super::bundle::data_file(lesson, file)
                .map_err(|why| LessonError::at(&lesson.path, 1, why))?;
            interp.set_global(name, Value::str(&text));
        }
        let mut k = Kernel {
            interp,
            lesson: lesson.clone(),
            overrides: overrides.to_vec(),
            limits,
            dims,
            syms,
            path: lesson.path.clone(),
            seen: HashMap::new(),
            keep_tensors: false,
            code_lines: lesson
                .cells()
                .flat_map(|c| {
                    c.code
                        .lines()
                        .enumerate()
                        .map(|(k, l)| (c.line + k, l.to_string()))
                        .collect::<Vec<_>>()
                })
                .collect(),
        };
        k.remember_tensors();
        Ok(k)
    }

    pub fn dims(&self) -> &[(String, i64)] {
        &self.dims
    }

    fn remember_tensors(&mut self) {
        self.seen = tensor_globals(&self.interp)
            .into_iter()
            .map(|(k, t)| {
                let fp = (t.object_id(), t.storage_id(), fingerprint(&t));
                (k, fp)
            })
            .collect();
    }

    /// `[bs=1, n_heads=2, sl=6, head_dim=4]`: each size with the name dataflow proved for it (the lesson's
    /// dims carried through every op; see `tensor::sym`), `[2*hid_dim=16]` for an expression, the bare
    /// number where nothing is proven. Never matched from the value.
    pub fn named_shape(&self, t: &Tensor) -> String {
        self.named_sizes(t.shape(), t.axes())
    }

    /// [`Kernel::named_shape`] of a shape and its axes' symbols.
    pub fn named_sizes(&self, shape: &[usize], axes: &Axes) -> String {
        let names = self.names_of(shape.len(), axes);
        let parts: Vec<String> = shape
            .iter()
            .zip(names)
            .map(|(&size, name)| match name {
                Some(name) => format!("{name}={size}"),
                None => size.to_string(),
            })
            .collect();
        format!("[{}]", parts.join(", "))
    }

    /// Per axis, the proven name (see [`Kernel::named_shape`]).
    pub fn axis_names(&self, t: &Tensor) -> Vec<Option<String>> {
        self.names_of(t.ndim(), t.axes())
    }

    /// What a scrambling view mixed (see `tensor::sym::view`), in the lesson's names and language.
    pub fn mixed_note(&self, axes: &Axes) -> Option<String> {
        let parts = axes.as_ref()?.iter().flatten().find_map(Sym::mixed_parts)?;
        let names: Vec<String> = parts
            .iter()
            .map(|p| self.sym_name(Some(p)).unwrap_or_else(|| "?".into()))
            .collect();
        if self.lesson.lang == Lang::Ko {
            return Some(format!(
                "이 view에서 섞인 축: {}. 어느 축도 그중 하나가 아닙니다 (합치기 전에 transpose로 축을 나란히 놓으세요)",
                names.join(", ")
            ));
        }
        let list = match names.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        };
        Some(format!(
            "this view mixes {list}: its axes are none of them (bring the axes next to each other with transpose before merging)"
        ))
    }

    fn names_of(&self, ndim: usize, axes: &Axes) -> Vec<Option<String>> {
        (0..ndim)
            .map(|i| self.sym_name(crate::tensor::sym::axis(axes, i).as_ref()))
            .collect()
    }

    /// How a size symbol reads in this lesson: a dim's name (`head_dim`), or an expression in the dims'
    /// names (`2*hid_dim`, `sl + 1`); `None` for a constant or no symbol.
    pub fn sym_name(&self, sym: Option<&Sym>) -> Option<String> {
        let sym = sym?;
        if sym.as_constant().is_some() || sym.is_opaque() {
            return None;
        }
        if let Some((name, _)) = self.syms.iter().find(|(_, s)| s == sym) {
            return Some(name.clone());
        }
        Some(super::sizes::render_sym(sym, &self.syms))
    }

    /// The symbol of a dim named in a shape comment.
    fn dim_sym(&self, name: &str) -> Option<&Sym> {
        self.syms.iter().find(|(n, _)| n == name).map(|(_, s)| s)
    }

    fn eval_expr(&mut self, expr: &str) -> Result<Value, String> {
        match self.interp.run(expr, &self.path) {
            Ok(Some(v)) => Ok(v),
            Ok(None) => Err("not an expression".into()),
            Err(e) => Err(e.summary()),
        }
    }

    /// Runs one cell and reports what it did. Never panics; errors are part of the outcome. A panic inside
    /// the tutor while the cell runs is caught here: the cell reports an internal error and the kernel is
    /// made again from the lesson (its variables are gone; the dims and data are bound again).
    pub fn run_cell(&mut self, cell: &Cell) -> CellOutcome {
        let start = Instant::now();
        match super::cell_guard::catch(|| self.run_cell_unguarded(cell)) {
            Ok(outcome) => outcome,
            Err(panic) => self.recover(cell, &panic, start),
        }
    }

    /// The outcome of a cell that panicked, after making the kernel again.
    fn recover(&mut self, cell: &Cell, panic: &str, start: Instant) -> CellOutcome {
        let keep_tensors = self.keep_tensors;
        let restarted = Kernel::with_limits(&self.lesson, &self.overrides, self.limits.clone())
            .map(|fresh| {
                *self = Kernel {
                    keep_tensors,
                    ..fresh
                }
            });
        super::cell_guard::internal_error(cell, panic, restarted.err(), start)
    }

    fn run_cell_unguarded(&mut self, cell: &Cell) -> CellOutcome {
        #[cfg(test)]
        if super::cell_guard::PANIC_IN_NEXT_CELL.take() {
            panic!("a panic injected by a test");
        }
        let start = Instant::now();
        let mut outcome = empty_outcome(cell);
        if cell.kind == CellKind::NoRun {
            return outcome;
        }
        outcome.ran = true;
        // The code as it runs (the learner's edit, an exercise's solution) names the lines of the
        // functions it defines when later cells call them.
        for (k, l) in cell.code.lines().enumerate() {
            self.code_lines.insert(cell.line + k, l.to_string());
        }
        // Pad with blank lines so tracebacks name the line in the lesson file.
        let source = format!("{}{}", "\n".repeat(cell.line.saturating_sub(1)), cell.code);
        self.interp.warnings.clear();
        self.interp.start_recording();
        let result = self.interp.run(&source, &self.path);
        let (recorded, failure) = self.interp.take_recording();
        let failure = failure.filter(|f| !f.operands.is_empty());
        outcome.lines = self.line_shapes(cell, recorded);
        outcome.stdout = self.interp.take_output();
        outcome.warnings = std::mem::take(&mut self.interp.warnings);
        match result {
            Ok(value) => {
                if let Some(v) = value
                    && !matches!(v, Value::None)
                {
                    outcome.value = self.interp.repr(&v).ok();
                }
                if let CellKind::Raises(kind) = &cell.kind {
                    outcome.expectation_met = false;
                    outcome.error = Some(CellError {
                        kind: "AssertionError".into(),
                        message: format!("this cell should raise {kind}, but it ran without error"),
                        line: Some(cell.line),
                        traceback: String::new(),
                        explanation: Vec::new(),
                    });
                }
            }
            Err(e) => {
                let expected = match &cell.kind {
                    CellKind::Raises(kind) => {
                        e.kind.as_ref() == kind || is_subclass(e.kind.as_ref(), kind)
                    }
                    _ => false,
                };
                outcome.expectation_met = expected;
                let explanation = failure
                    .as_ref()
                    .and_then(|f| super::explain::explain(self, &e.message, f))
                    .unwrap_or_default();
                outcome.error = Some(CellError {
                    kind: e.kind.to_string(),
                    message: e.message.clone(),
                    line: e.line(),
                    traceback: e.traceback(),
                    explanation,
                });
            }
        }
        self.collect_tensors(cell, &mut outcome);
        if outcome.error.is_none() || outcome.expectation_met {
            self.check_shapes(cell, &mut outcome);
            self.collect_heatmaps(cell, &mut outcome);
        }
        if let Some(exercise) = &cell.exercise {
            outcome.exercise = Some(if outcome.error.is_some() {
                // The learner's code raised: its error says why.
                ExerciseOutcome {
                    passed: false,
                    message: None,
                    line: None,
                }
            } else {
                self.run_check(&exercise.check)
            });
        }
        self.remember_tensors();
        outcome.duration = start.elapsed();
        outcome
    }

    /// The recorded sub-expressions of this cell's own lines, grouped by statement.
    fn line_shapes(&self, cell: &Cell, recorded: Vec<SubExpr>) -> Vec<LineShapes> {
        let first = cell.line;
        let last = cell.line + cell.code.lines().count();
        let code_lines: Vec<&str> = cell.code.lines().collect();
        let mut out: Vec<LineShapes> = Vec::new();
        for r in recorded {
            if *r.file != *self.path {
                continue;
            }
            let in_cell = (first..last).contains(&r.stmt_line);
            let step = Step {
                label: r.text.get(r.step_at..).unwrap_or(&r.text).to_string(),
                text: r.text.clone(),
                named_shape: self.named_sizes(&r.shape, &r.axes),
                names: self.names_of(r.shape.len(), &r.axes),
                note: self.mixed_note(&r.axes),
                shape: r.shape,
                dtype: r.dtype,
                strides: r.strides,
                contiguous: r.contiguous,
                count: r.count,
            };
            match out.iter_mut().find(|l| l.line == r.stmt_line) {
                Some(l) => l.steps.push(step),
                None => out.push(LineShapes {
                    line: r.stmt_line,
                    code: if in_cell {
                        code_lines
                            .get(r.stmt_line - first)
                            .map_or(String::new(), |s| s.to_string())
                    } else {
                        self.code_lines
                            .get(&r.stmt_line)
                            .cloned()
                            .unwrap_or_default()
                    },
                    in_cell,
                    steps: vec![step],
                }),
            }
        }
        // The cell's own lines first, then the lines of the functions it called, each in file order.
        out.sort_by_key(|l| (!l.in_cell, l.line));
        out
    }

    fn collect_tensors(&mut self, cell: &Cell, outcome: &mut CellOutcome) {
        let mut globals = tensor_globals(&self.interp);
        // In the order the cell first mentions them (assignments read top to bottom).
        globals.sort_by_key(|(name, _)| first_mention(&cell.code, name));
        for (name, t) in globals {
            let fp = (t.object_id(), t.storage_id(), fingerprint(&t));
            if self.seen.get(&name) == Some(&fp) {
                continue;
            }
            let repr = self
                .interp
                .repr(&Value::Tensor(t.clone()))
                .unwrap_or_default();
            outcome.tensors.push(TensorInfo {
                name: name.to_string(),
                shape: t.shape().to_vec(),
                named_shape: self.named_shape(&t),
                names: self.axis_names(&t),
                note: self.mixed_note(t.axes()),
                dtype: t.dtype().to_string(),
                strides: t.strides().to_vec(),
                storage_offset: t.storage_offset(),
                contiguous: t.is_contiguous(),
                repr,
                tensor: self.keep_tensors.then(|| t.to_copy()),
            });
        }
    }

    /// The maps of the cell's `# heatmap:` lines. Each is a copy (one f64 per element), asked of the
    /// memory account first under the kernel's budget: one that does not fit is left out, and `check`
    /// reports it as a heatmap that cannot be drawn.
    fn collect_heatmaps(&mut self, cell: &Cell, outcome: &mut CellOutcome) {
        let _budget = self.interp.engine_settings().enter();
        for h in &cell.heatmaps {
            let t = match self.eval_expr(&h.expr) {
                Ok(Value::Tensor(t)) => t,
                _ => continue,
            };
            if let Err(e) =
                crate::tensor::memory::reserve_items(t.numel(), 2 * std::mem::size_of::<f64>())
            {
                outcome.heatmaps_left_out.push((h.line, e.to_string()));
                continue;
            }
            let labels = h.labels.as_ref().and_then(|l| match self.eval_expr(l) {
                Ok(v) => {
                    let items = self.interp.collect_iter(&v).ok()?;
                    Some(
                        items
                            .iter()
                            .map(|x| self.interp.to_str(x).unwrap_or_default())
                            .collect::<Vec<_>>(),
                    )
                }
                Err(_) => None,
            });
            let names = self.axis_names(&t);
            outcome
                .heatmaps
                .extend(HeatmapData::of(&h.expr, h.line, &t, &names, labels));
        }
    }
}

impl super::explain::Namer for Kernel {
    fn named_sizes(&self, shape: &[usize], axes: &Axes) -> String {
        Kernel::named_sizes(self, shape, axes)
    }
    fn axis_name(&self, axes: &Axes, i: usize) -> Option<String> {
        self.sym_name(crate::tensor::sym::axis(axes, i).as_ref())
    }
}

/// What a cell that has not run yet (or does not run) reports.
pub(super) fn empty_outcome(cell: &Cell) -> CellOutcome {
    CellOutcome {
        index: cell.index,
        ran: false,
        stdout: String::new(),
        value: None,
        error: None,
        expectation_met: true,
        tensors: Vec::new(),
        shape_checks: Vec::new(),
        heatmaps: Vec::new(),
        heatmaps_left_out: Vec::new(),
        lines: Vec::new(),
        warnings: Vec::new(),
        exercise: None,
        duration: Duration::ZERO,
    }
}

fn is_subclass(kind: &str, parent: &str) -> bool {
    use crate::interp::error::ExcKind;
    ExcKind::named(kind).is_subclass_of(&ExcKind::named(parent))
}

/// Runs every cell of a lesson in order.
pub fn run_lesson(
    lesson: &Lesson,
    overrides: &[(String, i64)],
) -> Result<Vec<CellOutcome>, LessonError> {
    run_lesson_with(lesson, overrides, Limits::default())
}

/// [`run_lesson`] under the sandbox `limits` given.
pub fn run_lesson_with(
    lesson: &Lesson,
    overrides: &[(String, i64)],
    limits: Limits,
) -> Result<Vec<CellOutcome>, LessonError> {
    let mut kernel = Kernel::with_limits(lesson, overrides, limits)?;
    Ok(lesson
        .cells()
        .map(|c| kernel.run_cell(&c.as_solved()))
        .collect())
}

/// Byte position where `name` first appears as a whole word in `code` (usize::MAX if it doesn't).
fn first_mention(code: &str, name: &str) -> usize {
    let bytes = code.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut start = 0;
    while let Some(pos) = code[start..].find(name) {
        let at = start + pos;
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + name.len()).copied();
        if !before.is_some_and(is_word) && !after.is_some_and(is_word) {
            return at;
        }
        start = at + name.len().max(1);
        if start >= code.len() {
            break;
        }
    }
    usize::MAX
}
