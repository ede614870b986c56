//! Python exceptions as the evaluator carries them: the exception's class name, its message, the value
//! raised (for `except E as e`), and the traceback frames collected while unwinding.

use std::rc::Rc;

use crate::tensor::TensorError;

use super::value::Value;

/// One traceback entry: where a frame was when the exception passed through it.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub file: Rc<str>,
    pub line: usize,
    pub function: Rc<str>,
    pub source_line: String,
}

/// Control flow that unwinds the Rust stack: an exception, or a `return`/`break`/`continue` signal.
pub enum Unwind {
    Exception(Box<PyException>),
    Return(Value),
    Break,
    Continue,
}

pub struct PyException {
    /// Class name (`RuntimeError`, or a user class).
    pub kind: Rc<str>,
    pub message: String,
    /// The exception object (an instance of the exception class) once materialised.
    pub value: Option<Value>,
    /// Innermost first.
    pub frames: Vec<Frame>,
    /// The call depth at which the last frame was recorded (frames are recorded once per depth).
    pub recorded_depth: usize,
}

pub type PyResult<T> = Result<T, Unwind>;

impl PyException {
    pub fn new(kind: &str, message: impl Into<String>) -> PyException {
        PyException {
            kind: Rc::from(kind),
            message: message.into(),
            value: None,
            frames: Vec::new(),
            recorded_depth: usize::MAX,
        }
    }

    /// The final line of a traceback: `RuntimeError: message` (or just the kind when the message is empty).
    pub fn summary(&self) -> String {
        if self.message.is_empty() {
            self.kind.to_string()
        } else {
            format!("{}: {}", self.kind, self.message)
        }
    }

    /// The traceback as Python prints it.
    pub fn traceback(&self) -> String {
        let mut out = String::new();
        if !self.frames.is_empty() {
            out.push_str("Traceback (most recent call last):\n");
            for f in self.frames.iter().rev() {
                out.push_str(&format!(
                    "  File \"{}\", line {}, in {}\n",
                    f.file, f.line, f.function
                ));
                let src = f.source_line.trim();
                if !src.is_empty() {
                    out.push_str(&format!("    {src}\n"));
                }
            }
        }
        out.push_str(&self.summary());
        out.push('\n');
        out
    }

    /// The innermost frame's line, for editors that mark the failing line.
    pub fn line(&self) -> Option<usize> {
        self.frames.first().map(|f| f.line)
    }
}

/// Builds an exception error of a given Python kind.
pub fn exc(kind: &str, message: impl Into<String>) -> Unwind {
    Unwind::Exception(Box::new(PyException::new(kind, message)))
}

pub fn type_error(message: impl Into<String>) -> Unwind {
    exc("TypeError", message)
}

pub fn value_error(message: impl Into<String>) -> Unwind {
    exc("ValueError", message)
}

pub fn runtime_error(message: impl Into<String>) -> Unwind {
    exc("RuntimeError", message)
}

impl From<TensorError> for Unwind {
    fn from(e: TensorError) -> Unwind {
        exc(e.python_type(), e.to_string())
    }
}

/// The built-in exception hierarchy: (class, parent).
pub const EXCEPTION_HIERARCHY: &[(&str, &str)] = &[
    ("BaseException", ""),
    ("Exception", "BaseException"),
    ("KeyboardInterrupt", "BaseException"),
    ("ArithmeticError", "Exception"),
    ("ZeroDivisionError", "ArithmeticError"),
    ("OverflowError", "ArithmeticError"),
    ("AssertionError", "Exception"),
    ("AttributeError", "Exception"),
    ("ImportError", "Exception"),
    ("ModuleNotFoundError", "ImportError"),
    ("LookupError", "Exception"),
    ("IndexError", "LookupError"),
    ("KeyError", "LookupError"),
    ("MemoryError", "Exception"),
    ("NameError", "Exception"),
    ("UnboundLocalError", "NameError"),
    ("RuntimeError", "Exception"),
    ("NotImplementedError", "RuntimeError"),
    ("RecursionError", "RuntimeError"),
    ("StopIteration", "Exception"),
    ("TypeError", "Exception"),
    ("ValueError", "Exception"),
    ("TimeoutError", "Exception"),
    ("SyntaxError", "Exception"),
    ("PermissionError", "Exception"),
];
