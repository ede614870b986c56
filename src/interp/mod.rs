//! The Python subset that runs notebook cells: parse with `rustpython-parser`, evaluate over [`Value`], with
//! the torch / nn / F / math / copy modules as thin bindings onto `crate::tensor`. Sandboxed: no files,
//! processes, network or environment; limits on steps, time, recursion, output and tensor memory. Knows
//! nothing of lessons or screens.

pub mod args;
mod assemble;
mod assign;
mod attrs;
pub mod builtins;
mod call;
pub(crate) mod convert;
mod descriptors;
pub mod error;
mod exceptions;
mod expr;
mod generator;
mod items;
mod iterate;
pub mod native;
mod ops;
pub mod record;
pub mod repr;
pub mod source;
mod stdlib;
mod stmt;
pub mod torch;
pub mod types;
pub mod value;

use self::error::ExcKind;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use rustpython_parser::{Mode, ast, parse};

pub use crate::tensor::settings::Interrupt;
pub use error::{PyException, PyResult, Unwind};
use source::LineIndex;
pub use value::Value;
use value::{Class, Scope};

/// Sandbox limits (engine settings, as in rhai).
#[derive(Debug, Clone)]
pub struct Limits {
    /// Statements and loop iterations per run.
    pub max_steps: u64,
    pub max_duration: Duration,
    /// Python call depth (`RecursionError` beyond it).
    pub max_depth: usize,
    /// Bytes of printed output per run.
    pub max_output: usize,
    /// Elements in one tensor.
    pub max_tensor_elements: usize,
    /// Bytes of source per run.
    pub max_source: usize,
    /// The most heap the tutor may hold while this interpreter runs code (`--memory`; see
    /// `tensor::memory`).
    pub max_memory: usize,
    /// When a whole `check` or `trace` run must end (its `--timeout`), whatever each cell's own budget.
    pub run_deadline: Option<Instant>,
    /// Raised from another thread to stop the code running (the notebook's Esc / Ctrl-C): it stops with
    /// `KeyboardInterrupt`, as Python does on Ctrl-C.
    pub interrupt: Option<Interrupt>,
}

/// How deep `hash`, `copy.deepcopy` and the other native walks go into nested values before they raise
/// `RecursionError`, as Python's recursion limit makes them: the Rust stack is never the limit.
pub(crate) const MAX_NESTING: usize = 500;

/// `RecursionError` for a native walk that went [`MAX_NESTING`] levels deep.
pub(crate) fn too_deep() -> Unwind {
    error::exc(
        ExcKind::RecursionError,
        "maximum recursion depth exceeded while calling a Python object",
    )
}

/// What a cell stopped by its run's `--timeout` says.
pub const RUN_TIMEOUT: &str =
    "the tutor stopped this code: the whole run is past its time budget (--timeout)";

/// The default memory budget: 2 GiB. Every bundled lesson at the paper's sizes peaks far below it (see
/// README, "The sandbox").
pub const DEFAULT_MAX_MEMORY: usize = 2 << 30;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 50_000_000,
            max_duration: Duration::from_secs(20),
            max_depth: 200,
            max_output: 16 * 1024 * 1024,
            max_tensor_elements: crate::tensor::settings::DEFAULT_MAX_ELEMENTS,
            max_source: 1024 * 1024,
            max_memory: DEFAULT_MAX_MEMORY,
            run_deadline: None,
            interrupt: None,
        }
    }
}

impl Limits {
    /// The default limits with `seconds` of wall-clock time per run.
    pub fn timed(duration: Duration) -> Limits {
        Limits {
            max_duration: duration,
            ..Limits::default()
        }
    }
}

/// Where a running frame is: its function name and source, for tracebacks.
#[derive(Clone)]
pub(crate) struct FrameCtx {
    pub function: Rc<str>,
    pub file: Rc<str>,
    pub lines: Rc<LineIndex>,
    /// Where the caller was when it made this frame (the offset of its statement), for
    /// `warnings.warn(..., stacklevel=2)`.
    pub call_offset: usize,
}

pub struct Interpreter {
    pub globals: Rc<RefCell<Scope>>,
    pub(crate) builtins: HashMap<&'static str, Value>,
    pub(crate) modules: HashMap<&'static str, Value>,
    pub(crate) exception_classes: HashMap<&'static str, Rc<Class>>,
    /// State the binding modules keep per interpreter (see `native::Extensions`).
    pub(crate) extensions: native::Extensions,
    /// The slots of the engine's own values (tensor, Size, dtype), registered by their binding module.
    pub(crate) engine_types: native::EngineTypes,
    /// Everything `print` wrote, until taken with [`Interpreter::take_output`].
    pub out: String,
    /// Warnings (PyTorch's UserWarnings) for stderr.
    pub warnings: Vec<String>,
    pub limits: Limits,
    /// `torch.get_num_threads()`: in force in the engine only while this interpreter runs code.
    pub num_threads: usize,
    /// `torch.get_default_dtype()`: in force in the engine only while this interpreter runs code.
    pub default_float: crate::tensor::DType,
    pub(crate) frames: Vec<FrameCtx>,
    steps: u64,
    started: Instant,
    /// Current statement offset per frame (for traceback lines).
    pub(crate) current_offset: usize,
    /// Containers whose repr is being built (to print self-containing ones as `[...]`).
    pub(crate) repr_stack: Vec<usize>,
    pub(crate) compare_depth: usize,
    /// Notes tensor-valued sub-expressions while switched on (see `record`).
    pub(crate) recorder: Option<Box<record::Recorder>>,
}

impl Interpreter {
    /// An interpreter with the language and its built-in functions only: no importable modules. Most
    /// callers want [`Interpreter::new`] (in `assemble.rs`), which adds `torch`, `math`, `copy` and `time`.
    pub fn bare() -> Interpreter {
        let mut interp = Interpreter {
            globals: Rc::new(RefCell::new(Scope::default())),
            builtins: HashMap::new(),
            modules: HashMap::new(),
            exception_classes: HashMap::new(),
            extensions: native::Extensions::default(),
            engine_types: native::EngineTypes::default(),
            out: String::new(),
            warnings: Vec::new(),
            limits: Limits::default(),
            num_threads: crate::tensor::settings::default_threads(),
            default_float: crate::tensor::DType::Float32,
            frames: Vec::new(),
            steps: 0,
            started: Instant::now(),
            current_offset: 0,
            recorder: None,
            repr_stack: Vec::new(),
            compare_depth: 0,
        };
        builtins::install(&mut interp);
        interp
            .globals
            .borrow_mut()
            .vars
            .insert(Rc::from("__name__"), Value::str("__main__"));
        interp
    }

    /// The engine settings this interpreter's code runs under: its element cap, its
    /// `torch.set_num_threads` count and the current run's deadline.
    pub fn engine_settings(&self) -> crate::tensor::settings::Settings {
        crate::tensor::settings::Settings {
            max_elements: self.limits.max_tensor_elements,
            num_threads: self.num_threads,
            default_float: self.default_float,
            deadline: self.deadline(),
            max_bytes: self.limits.max_memory,
            interrupt: self.limits.interrupt,
        }
    }

    /// When the current run must stop: its own budget, or the whole `check`/`trace` run's if sooner.
    fn deadline(&self) -> Option<Instant> {
        let own = self.started.checked_add(self.limits.max_duration);
        match (own, self.limits.run_deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Takes what `print` wrote so far.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.out)
    }

    /// Runs a module's source in the global namespace. Returns the value of a final expression statement
    /// (what a notebook shows under a cell), or the uncaught exception.
    pub fn run(&mut self, source: &str, file: &str) -> Result<Option<Value>, Box<PyException>> {
        self.steps = 0;
        self.started = Instant::now();
        // This interpreter's engine settings are in force for the run only (see `tensor::settings`).
        let _engine = self.engine_settings().enter();
        self.frames.clear();
        let lines = Rc::new(LineIndex::new(source));
        let file: Rc<str> = Rc::from(file);
        let module = self.parse_source(source, &file, &lines)?;
        self.frames.push(FrameCtx {
            function: Rc::from("<module>"),
            file: Rc::clone(&file),
            lines: Rc::clone(&lines),
            call_offset: 0,
        });
        let globals = Rc::clone(&self.globals);
        let result = self.exec_module(&module, &globals);
        self.frames.clear();
        match result {
            Ok(v) => Ok(v),
            Err(Unwind::Exception(e)) => Err(e),
            Err(Unwind::Return(_)) => Err(Box::new(PyException::new(
                ExcKind::SyntaxError,
                "'return' outside function",
            ))),
            Err(Unwind::Break) | Err(Unwind::Continue) => Err(Box::new(PyException::new(
                ExcKind::SyntaxError,
                "'break' outside loop",
            ))),
        }
    }

    fn parse_source(
        &self,
        source: &str,
        file: &Rc<str>,
        lines: &Rc<LineIndex>,
    ) -> Result<Vec<ast::Stmt>, Box<PyException>> {
        if source.len() > self.limits.max_source {
            return Err(Box::new(PyException::new(
                ExcKind::MemoryError,
                format!(
                    "the source is {} bytes; the tutor's sandbox accepts at most {}",
                    source.len(),
                    self.limits.max_source
                ),
            )));
        }
        // Deeply nested input would overflow the evaluator's stack; Python itself refuses it at 200 levels.
        if let Some(line) = too_deeply_nested(source, 100) {
            let mut e = PyException::new(ExcKind::SyntaxError, "too many nested parentheses");
            e.frames.push(error::Frame {
                file: Rc::clone(file),
                line,
                function: Rc::from("<module>"),
                source_line: lines.line_text(line).to_string(),
            });
            return Err(Box::new(e));
        }
        match parse(source, Mode::Module, file) {
            Ok(ast::Mod::Module(m)) => {
                if let Some(line) = stmt::max_expr_depth_exceeded(&m.body, 150, lines) {
                    let mut e = PyException::new(
                        ExcKind::RecursionError,
                        "maximum recursion depth exceeded during compilation",
                    );
                    e.frames.push(error::Frame {
                        file: Rc::clone(file),
                        line,
                        function: Rc::from("<module>"),
                        source_line: lines.line_text(line).to_string(),
                    });
                    return Err(Box::new(e));
                }
                Ok(m.body)
            }
            Ok(_) => Ok(Vec::new()),
            Err(err) => {
                let offset = usize::from(err.offset);
                let line = lines.line_of(offset);
                let message = syntax_message(&err.error);
                let mut e = PyException::new(ExcKind::SyntaxError, message);
                e.frames.push(error::Frame {
                    file: Rc::clone(file),
                    line,
                    function: Rc::from("<module>"),
                    source_line: lines.line_text(line).to_string(),
                });
                Err(Box::new(e))
            }
        }
    }

    /// Counts a step; fails when the step or time budget is spent, or the process holds more than the
    /// memory budget (growth made of many small pieces: a dict filled in a loop).
    pub(crate) fn tick(&mut self) -> PyResult<()> {
        self.steps += 1;
        crate::tensor::memory::check()?;
        if self.steps > self.limits.max_steps {
            return Err(error::exc(
                ExcKind::TimeoutError,
                format!(
                    "the tutor stopped this code after {} steps (is a loop running forever?)",
                    self.limits.max_steps
                ),
            ));
        }
        if self.steps.is_multiple_of(1024) {
            if self.limits.interrupt.is_some_and(Interrupt::is_raised) {
                return Err(error::exc(
                    ExcKind::KeyboardInterrupt,
                    crate::tensor::INTERRUPTED,
                ));
            }
            if self.started.elapsed() > self.limits.max_duration {
                return Err(error::exc(
                    ExcKind::TimeoutError,
                    format!(
                        "the tutor stopped this code after {} seconds (is a loop running forever?)",
                        self.limits.max_duration.as_secs()
                    ),
                ));
            }
            if self.limits.run_deadline.is_some_and(|d| Instant::now() > d) {
                return Err(error::exc(ExcKind::TimeoutError, RUN_TIMEOUT));
            }
        }
        Ok(())
    }

    pub(crate) fn write_out(&mut self, s: &str) -> PyResult<()> {
        if self.out.len() + s.len() > self.limits.max_output {
            return Err(error::exc(
                ExcKind::MemoryError,
                format!(
                    "this code printed more than {} bytes; the tutor stops runaway output",
                    self.limits.max_output
                ),
            ));
        }
        self.out.push_str(s);
        Ok(())
    }

    /// Looks up a global variable (for notebooks inspecting what a cell made).
    pub fn global(&self, name: &str) -> Option<Value> {
        self.globals.borrow().vars.get(name).cloned()
    }

    /// Names and values of all globals, sorted by name.
    pub fn globals_snapshot(&self) -> Vec<(Rc<str>, Value)> {
        let mut v: Vec<(Rc<str>, Value)> = self
            .globals
            .borrow()
            .vars
            .iter()
            .map(|(k, v)| (Rc::clone(k), v.clone()))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }

    /// The global namespace as it is now (values shared, not copied): [`Interpreter::restore_namespace`]
    /// puts it back, dropping every name bound since (an exercise's checks run and leave nothing).
    pub fn namespace(&self) -> Namespace {
        Namespace(self.globals.borrow().vars.clone())
    }

    pub fn restore_namespace(&mut self, namespace: Namespace) {
        self.globals.borrow_mut().vars = namespace.0;
    }

    pub fn set_global(&mut self, name: &str, value: Value) {
        self.globals.borrow_mut().vars.insert(Rc::from(name), value);
    }
}

/// A saved global namespace (see [`Interpreter::namespace`]).
pub struct Namespace(std::collections::HashMap<Rc<str>, Value>);

/// Asks the memory account for `bytes` before a string or buffer of that size is built (a `MemoryError`
/// at the line that asked when the budget would be passed).
pub(crate) fn reserve_bytes(bytes: usize) -> PyResult<()> {
    Ok(crate::tensor::memory::reserve(bytes)?)
}

/// Asks the memory account for room for `count` values (a list, a tuple) before it is built.
pub(crate) fn reserve_values(count: usize) -> PyResult<()> {
    Ok(crate::tensor::memory::reserve_items(
        count,
        std::mem::size_of::<Value>(),
    )?)
}

/// Bytes of `count` pieces of `size` bytes plus `extra`, saturating (a request that overflows is simply
/// too large for any budget).
pub(crate) fn bytes_of(count: usize, size: usize, extra: usize) -> usize {
    count.saturating_mul(size).saturating_add(extra)
}

fn too_deeply_nested(source: &str, limit: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut line = 1usize;
    for b in source.bytes() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return Some(line);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'\n' => line += 1,
            _ => {}
        }
    }
    None
}

fn syntax_message(err: &rustpython_parser::ParseErrorType) -> String {
    use rustpython_parser::ParseErrorType as P;
    match err {
        P::Eof => "unexpected EOF while parsing".to_string(),
        P::Lexical(l) => {
            let s = l.to_string();
            if s.contains("indent") {
                s
            } else {
                format!("invalid syntax ({s})")
            }
        }
        _ => "invalid syntax".to_string(),
    }
}
