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
    /// Its class: a built-in exception, or a user class by name.
    pub kind: ExcKind,
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
    pub fn new(kind: ExcKind, message: impl Into<String>) -> PyException {
        PyException {
            kind,
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
pub fn exc(kind: ExcKind, message: impl Into<String>) -> Unwind {
    Unwind::Exception(Box::new(PyException::new(kind, message)))
}

pub fn type_error(message: impl Into<String>) -> Unwind {
    exc(ExcKind::TypeError, message)
}

pub fn value_error(message: impl Into<String>) -> Unwind {
    exc(ExcKind::ValueError, message)
}

pub fn runtime_error(message: impl Into<String>) -> Unwind {
    exc(ExcKind::RuntimeError, message)
}

pub fn attribute_error(message: impl Into<String>) -> Unwind {
    exc(ExcKind::AttributeError, message)
}

impl From<TensorError> for Unwind {
    fn from(e: TensorError) -> Unwind {
        // Every class the engine names is a built-in exception (tests/… check `python_type` covers them).
        let kind = ExcKind::builtin(e.python_type()).unwrap_or(ExcKind::RuntimeError);
        exc(kind, e.to_string())
    }
}

macro_rules! exception_kinds {
    ($($name:ident : $parent:ident),* $(,)?) => {
        /// The class of an exception: one of Python's built-in exceptions (those the tutor raises or a cell
        /// may name), or a class the cell defined.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum ExcKind {
            BaseException,
            $($name,)*
            /// A class defined by the cell (`class ShapeError(ValueError): ...`), by name.
            User(Rc<str>),
        }

        impl ExcKind {
            /// Every built-in kind, parents before children (the order classes are created in).
            pub const BUILTIN: &'static [ExcKind] = &[ExcKind::BaseException, $(ExcKind::$name,)*];

            /// The class name, as a traceback prints it.
            pub fn name(&self) -> &str {
                match self {
                    ExcKind::BaseException => "BaseException",
                    $(ExcKind::$name => stringify!($name),)*
                    ExcKind::User(n) => n,
                }
            }

            /// The built-in base class (None for `BaseException` and user classes, whose bases are
            /// whatever the cell wrote).
            pub fn parent(&self) -> Option<ExcKind> {
                match self {
                    ExcKind::BaseException | ExcKind::User(_) => None,
                    $(ExcKind::$name => Some(ExcKind::$parent),)*
                }
            }

            /// The built-in kind of this name.
            pub fn builtin(name: &str) -> Option<ExcKind> {
                match name {
                    "BaseException" => Some(ExcKind::BaseException),
                    $(stringify!($name) => Some(ExcKind::$name),)*
                    _ => None,
                }
            }
        }
    };
}

// CPython 3.11's hierarchy (Doc/library/exceptions.rst), for the classes the tutor raises or a cell may
// name. Order: every parent before its children.
exception_kinds! {
    Exception: BaseException,
    KeyboardInterrupt: BaseException,
    SystemExit: BaseException,
    GeneratorExit: BaseException,
    ArithmeticError: Exception,
    ZeroDivisionError: ArithmeticError,
    OverflowError: ArithmeticError,
    FloatingPointError: ArithmeticError,
    AssertionError: Exception,
    AttributeError: Exception,
    BufferError: Exception,
    EOFError: Exception,
    ImportError: Exception,
    ModuleNotFoundError: ImportError,
    LookupError: Exception,
    IndexError: LookupError,
    KeyError: LookupError,
    MemoryError: Exception,
    NameError: Exception,
    UnboundLocalError: NameError,
    OSError: Exception,
    FileNotFoundError: OSError,
    PermissionError: OSError,
    TimeoutError: OSError,
    ReferenceError: Exception,
    RuntimeError: Exception,
    NotImplementedError: RuntimeError,
    RecursionError: RuntimeError,
    StopIteration: Exception,
    SyntaxError: Exception,
    IndentationError: SyntaxError,
    TypeError: Exception,
    ValueError: Exception,
    UnicodeError: ValueError,
    UnicodeEncodeError: UnicodeError,
    UnicodeDecodeError: UnicodeError,
    Warning: Exception,
    UserWarning: Warning,
    DeprecationWarning: Warning,
    FutureWarning: Warning,
    RuntimeWarning: Warning,
}

impl ExcKind {
    /// A class by name: the built-in one, or a user class.
    pub fn named(name: &str) -> ExcKind {
        ExcKind::builtin(name).unwrap_or_else(|| ExcKind::User(Rc::from(name)))
    }

    /// Whether this built-in kind is `ancestor` or derives from it (user classes answer for themselves
    /// through their bases; here they match only their own name).
    pub fn is_subclass_of(&self, ancestor: &ExcKind) -> bool {
        let mut cur = Some(self.clone());
        while let Some(k) = cur {
            if &k == ancestor {
                return true;
            }
            cur = k.parent();
        }
        false
    }
}

impl std::fmt::Display for ExcKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl AsRef<str> for ExcKind {
    fn as_ref(&self) -> &str {
        self.name()
    }
}

impl PartialEq<str> for ExcKind {
    fn eq(&self, other: &str) -> bool {
        self.name() == other
    }
}

impl PartialEq<&str> for ExcKind {
    fn eq(&self, other: &&str) -> bool {
        self.name() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_kind_has_its_parent_created_before_it() {
        for (i, k) in ExcKind::BUILTIN.iter().enumerate() {
            if let Some(p) = k.parent() {
                let at = ExcKind::BUILTIN.iter().position(|x| *x == p);
                assert!(at.is_some_and(|j| j < i), "{k} before its parent {p}");
            }
            assert_eq!(ExcKind::builtin(k.name()).as_ref(), Some(k));
        }
    }

    #[test]
    fn every_class_the_engine_raises_is_a_builtin_kind() {
        use crate::tensor::TensorError;
        for e in [
            TensorError::Index(String::new()),
            TensorError::Type(String::new()),
            TensorError::Value(String::new()),
            TensorError::NotImplemented(String::new()),
            TensorError::Runtime(String::new()),
            TensorError::DeadlinePassed,
            TensorError::Interrupted,
            TensorError::TooLarge {
                requested: 1,
                limit: 0,
            },
            TensorError::OutOfMemory {
                requested: 1,
                live: 0,
                limit: 0,
            },
        ] {
            assert!(ExcKind::builtin(e.python_type()).is_some(), "{e:?}");
        }
    }

    #[test]
    fn the_hierarchy_is_pythons() {
        assert!(ExcKind::TimeoutError.is_subclass_of(&ExcKind::OSError));
        assert!(ExcKind::KeyError.is_subclass_of(&ExcKind::LookupError));
        assert!(ExcKind::RecursionError.is_subclass_of(&ExcKind::Exception));
        assert!(!ExcKind::KeyboardInterrupt.is_subclass_of(&ExcKind::Exception));
        assert!(!ExcKind::TypeError.is_subclass_of(&ExcKind::ValueError));
    }
}
