//! Typed tensor errors. `Display` gives PyTorch's exact message; `python_type` names the exception class
//! PyTorch raises, so the interpreter can present the error as Python would.

use thiserror::Error;

use super::dtype::DType;
use super::ops::BinaryOp;

fn shape_list(shape: &[usize]) -> String {
    let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

fn ishape_list(shape: &[i64]) -> String {
    let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// `torch.FloatTensor`-style names, as PyTorch's older argument checks print them.
/// How `checkScalarTypes` names an index tensor's type: c10 prints bool's as `CPUBoolType`, the
/// others as their legacy tensor type (`torch.FloatTensor`).
fn embedding_index_type(dtype: DType) -> String {
    match dtype {
        DType::Bool => "CPUBoolType".into(),
        d => format!("torch.{}Tensor", legacy_tensor_type(d)),
    }
}

fn legacy_tensor_type(dtype: DType) -> &'static str {
    dtype.scalar_type_name()
}

fn rank_message(op: &str, lhs: &[usize], rhs: &[usize]) -> String {
    match op {
        "mv" => format!(
            "vector + matrix @ vector expected, got 1, {}, {}",
            lhs.len(),
            rhs.len()
        ),
        _ => format!(
            "1D tensors expected, but got {}D and {}D tensors",
            lhs.len(),
            rhs.len()
        ),
    }
}

/// Why `F.one_hot` refused its input (`aten/src/ATen/native/Onehot.cpp`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OneHotProblem {
    /// Indices that are not int64.
    NotLong(DType),
    /// A negative class index.
    Negative,
    /// A class index at or above `num_classes`.
    TooLarge { num_classes: i64 },
    /// `num_classes=-1` with no index to infer it from.
    EmptyInferred,
}

impl OneHotProblem {
    fn message(&self) -> &'static str {
        match self {
            OneHotProblem::NotLong(_) => {
                "one_hot is only applicable to index tensor of type LongTensor."
            }
            OneHotProblem::Negative => "Class values must be non-negative.",
            OneHotProblem::TooLarge { .. } => "Class values must be smaller than num_classes.",
            OneHotProblem::EmptyInferred => {
                "Can not infer total number of classes from empty tensor."
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum TensorError {
    #[error("Dimension out of range (expected to be in range of [{min}, {max}], but got {got})")]
    DimOutOfRange { min: i64, max: i64, got: i64 },

    #[error(
        "The size of tensor a ({a}) must match the size of tensor b ({b}) at non-singleton dimension {dim}"
    )]
    BroadcastMismatch { a: usize, b: usize, dim: usize },

    /// [`TensorError::BroadcastMismatch`] raised by a binary op, with the op and both operands' shapes.
    #[error(
        "The size of tensor a ({a}) must match the size of tensor b ({b}) at non-singleton dimension {dim}"
    )]
    BinaryBroadcast {
        op: BinaryOp,
        lhs: Vec<usize>,
        rhs: Vec<usize>,
        a: usize,
        b: usize,
        dim: usize,
    },

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
        "expand(torch.{}Tensor{{{}}}, size={}): the number of sizes provided ({given}) must be greater or equal to the number of dimensions in the tensor ({ndim})",
        legacy_tensor_type(*dtype),
        shape_list(shape),
        ishape_list(sizes),
        given = sizes.len(),
        ndim = shape.len()
    )]
    ExpandTooFewSizes {
        dtype: DType,
        shape: Vec<usize>,
        sizes: Vec<i64>,
    },

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

    // ---- the ops of `ops::{nn, loss, gather, reorder, sort, compare}` ----------------------------------
    /// A `reduction=` string other than 'none', 'mean' or 'sum' (`torch/nn/_reduction.py`, a ValueError).
    #[error("{value} is not a valid value for reduction")]
    InvalidReduction { value: String },

    /// A loss whose input and target disagree on the batch size (a ValueError in `F.nll_loss`).
    #[error("Expected input batch_size ({input}) to match target batch_size ({target}).")]
    LossBatchMismatch {
        op: &'static str,
        input: usize,
        target: usize,
    },

    /// A class index outside `[0, C)` that is not `ignore_index` (an IndexError).
    #[error("Target {target} is out of bounds.")]
    TargetOutOfBounds {
        op: &'static str,
        target: i64,
        classes: usize,
    },

    /// An entry of an index tensor outside its dim (gather, scatter: a RuntimeError, unlike `t[i]`).
    #[error("index {index} is out of bounds for dimension {dim} with size {size}")]
    IndexOutOfBounds {
        op: &'static str,
        index: i64,
        dim: usize,
        size: usize,
    },

    /// gather/scatter with an index tensor of another rank than the input.
    #[error(
        "Index tensor must have the same number of dimensions as {} tensor",
        if *.op == "gather" { "input" } else { "self" }
    )]
    IndexRankMismatch {
        op: &'static str,
        index: Vec<usize>,
        input: Vec<usize>,
    },

    /// `repeat` with fewer repeat counts than the tensor has dims.
    #[error(
        "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
    )]
    RepeatTooFewDims {
        repeats: Vec<i64>,
        shape: Vec<usize>,
    },

    /// The same dim named twice in a list of dims (`flip`).
    #[error("dim {dim} appears multiple times in the list of dims")]
    DuplicateDim { op: &'static str, dim: usize },

    /// `diagonal(dim1, dim2)` with both dims the same.
    #[error("diagonal dimensions cannot be identical {dim1}, {dim2}")]
    DiagonalSameDims { dim1: usize, dim2: usize },

    /// `F.pad` with an odd number of pads or more pairs than dims (`constant_pad_nd`'s two checks).
    #[error("{}", pad_length_message(*.pads, .shape))]
    PadLength { pads: usize, shape: Vec<usize> },

    /// An embedding lookup with indices that are not int64/int32.
    #[error(
        "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got {} instead (while checking arguments for embedding)",
        embedding_index_type(*.dtype)
    )]
    EmbeddingIndexDtype { dtype: DType },

    /// An embedding index outside the table (an IndexError).
    #[error("index out of range in self")]
    EmbeddingIndexOutOfRange { index: i64, num_embeddings: usize },

    /// Two operands that must share a dtype (`mat1 and mat2 must have the same dtype` in `F.linear`).
    #[error(
        "{what} must have the same dtype, but got {} and {}",
        .lhs.scalar_type_name(), .rhs.scalar_type_name()
    )]
    DtypeMismatch {
        op: &'static str,
        what: &'static str,
        lhs: DType,
        rhs: DType,
    },

    /// An op that takes tensors of fixed ranks (`dot`: 1-D and 1-D, `mv`: 2-D and 1-D).
    #[error("{}", rank_message(.op, .lhs, .rhs))]
    RankMismatch {
        op: &'static str,
        lhs: Vec<usize>,
        rhs: Vec<usize>,
    },

    /// An op that takes a dim, given a 0-d tensor (`unbind`; an IndexError).
    #[error("Dimension specified as {dim} but tensor has no dimensions")]
    NoDimensions { op: &'static str, dim: i64 },

    /// `F.one_hot` input that has no one-hot encoding.
    #[error("{}", .problem.message())]
    OneHot { problem: OneHotProblem },

    /// Attention whose scores have fewer than 2 dims (PyTorch checks the inputs' ranks first).
    #[error(
        "Expected query, key, and value to all be  at least 2 dimensional, but got query.dim: {} key.dim: {} and value.dim: {} instead.",
        .query.len(), .key.len(), .value.len()
    )]
    AttentionRank {
        query: Vec<usize>,
        key: Vec<usize>,
        value: Vec<usize>,
    },

    /// The sandbox's cap on tensor memory.
    #[error(
        "the tutor's sandbox allows at most {limit} tensor elements at once; this operation needs {requested}"
    )]
    TooLarge { requested: u128, limit: usize },

    /// The run's memory ceiling (`--memory`; see `tensor::memory`).
    #[error("{}", super::memory::out_of_memory_message(*requested, *live, *limit))]
    OutOfMemory {
        requested: u128,
        live: usize,
        limit: usize,
    },

    /// The run's deadline passed inside a long native loop (the sandbox's time budget).
    #[error("the tutor stopped this code: it ran past its time budget (is a size very large?)")]
    DeadlinePassed,

    /// The learner interrupted the run (Esc or Ctrl-C in the notebook) inside a long native loop.
    #[error("{}", INTERRUPTED)]
    Interrupted,
}

/// `constant_pad_nd`'s words for a padding of the wrong length.
fn pad_length_message(pads: usize, shape: &[usize]) -> String {
    if !pads.is_multiple_of(2) {
        return "Padding length must be divisible by 2".into();
    }
    format!(
        "Padding length should be less than or equal to two times the input dimension but got padding length {pads} and input of dimension {}",
        shape.len()
    )
}

/// What an interrupted cell says under its `KeyboardInterrupt`.
pub const INTERRUPTED: &str = "the cell was interrupted (Esc or Ctrl-C)";

impl TensorError {
    /// The Python exception class PyTorch raises for this error.
    pub fn python_type(&self) -> &'static str {
        match self {
            TensorError::DimOutOfRange { .. }
            | TensorError::Index(_)
            | TensorError::TargetOutOfBounds { .. }
            | TensorError::EmbeddingIndexOutOfRange { .. }
            | TensorError::NoDimensions { .. } => "IndexError",
            TensorError::Type(_) => "TypeError",
            TensorError::Value(_)
            | TensorError::InvalidReduction { .. }
            | TensorError::LossBatchMismatch { .. } => "ValueError",
            TensorError::TooLarge { .. } | TensorError::OutOfMemory { .. } => "MemoryError",
            TensorError::DeadlinePassed => "TimeoutError",
            TensorError::Interrupted => "KeyboardInterrupt",
            TensorError::NotImplemented(_) => "NotImplementedError",
            _ => "RuntimeError",
        }
    }

    pub fn runtime(msg: impl Into<String>) -> Self {
        TensorError::Runtime(msg.into())
    }

    /// Names the binary op and the operands' shapes in a broadcast failure (other errors pass through).
    pub fn in_binary_op(self, op: BinaryOp, lhs: &[usize], rhs: &[usize]) -> Self {
        match self {
            TensorError::BroadcastMismatch { a, b, dim } => TensorError::BinaryBroadcast {
                op,
                lhs: lhs.to_vec(),
                rhs: rhs.to_vec(),
                a,
                b,
                dim,
            },
            other => other,
        }
    }
}

pub type Result<T> = std::result::Result<T, TensorError>;
