//! Typed tensor errors. `Display` gives PyTorch's exact message; `python_type` names the exception class
//! PyTorch raises, so the interpreter can present the error as Python would.

use thiserror::Error;

fn shape_list(shape: &[usize]) -> String {
    let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

fn ishape_list(shape: &[i64]) -> String {
    let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum TensorError {
    #[error("Dimension out of range (expected to be in range of [{min}, {max}], but got {got})")]
    DimOutOfRange { min: i64, max: i64, got: i64 },

    #[error(
        "The size of tensor a ({a}) must match the size of tensor b ({b}) at non-singleton dimension {dim}"
    )]
    BroadcastMismatch { a: usize, b: usize, dim: usize },

    #[error("output with shape {} doesn't match the broadcast shape {}", shape_list(.out), shape_list(.broadcast))]
    InplaceBroadcast {
        out: Vec<usize>,
        broadcast: Vec<usize>,
    },

    #[error("shape '{}' is invalid for input of size {numel}", ishape_list(.shape))]
    InvalidShape { shape: Vec<i64>, numel: usize },

    #[error("only one dimension can be inferred")]
    MultipleInferred,

    #[error("invalid shape dimension {value} at index {index} of shape {}", ishape_list(.shape))]
    NegativeDimension {
        value: i64,
        index: usize,
        shape: Vec<i64>,
    },

    #[error(
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
    )]
    ViewIncompatible,

    #[error(
        "The expanded size of the tensor ({target}) must match the existing size ({existing}) at non-singleton dimension {dim}.  Target sizes: {}.  Tensor sizes: {}",
        ishape_list(.target_sizes), shape_list(.tensor_sizes)
    )]
    ExpandMismatch {
        target: i64,
        existing: usize,
        dim: usize,
        target_sizes: Vec<i64>,
        tensor_sizes: Vec<usize>,
    },

    #[error(
        "the number of sizes provided ({given}) must be greater or equal to the number of dimensions in the tensor ({ndim})"
    )]
    ExpandTooFewSizes { given: usize, ndim: usize },

    /// A shape-related failure whose message is built by the op (matmul, cat, stack, ...).
    #[error("{0}")]
    Shape(String),

    /// An index out of bounds or a bad index (Python `IndexError`).
    #[error("{0}")]
    Index(String),

    /// A wrong argument type or dtype (Python `TypeError`).
    #[error("{0}")]
    Type(String),

    /// A bad argument value (Python `ValueError`).
    #[error("{0}")]
    Value(String),

    /// A kernel that has no implementation for a dtype (Python `NotImplementedError`).
    #[error("{0}")]
    NotImplemented(String),

    /// Any other runtime failure (Python `RuntimeError`).
    #[error("{0}")]
    Runtime(String),

    /// The sandbox's cap on tensor memory.
    #[error(
        "the tutor's sandbox allows at most {limit} tensor elements at once; this operation needs {requested}"
    )]
    TooLarge { requested: u128, limit: usize },

    /// The run's deadline passed inside a long native loop (the sandbox's time budget).
    #[error("the tutor stopped this code: it ran past its time budget (is a size very large?)")]
    DeadlinePassed,
}

impl TensorError {
    /// The Python exception class PyTorch raises for this error.
    pub fn python_type(&self) -> &'static str {
        match self {
            TensorError::DimOutOfRange { .. } | TensorError::Index(_) => "IndexError",
            TensorError::Type(_) => "TypeError",
            TensorError::Value(_) => "ValueError",
            TensorError::TooLarge { .. } => "MemoryError",
            TensorError::DeadlinePassed => "TimeoutError",
            TensorError::NotImplemented(_) => "NotImplementedError",
            _ => "RuntimeError",
        }
    }

    pub fn runtime(msg: impl Into<String>) -> Self {
        TensorError::Runtime(msg.into())
    }
}

pub type Result<T> = std::result::Result<T, TensorError>;
