//! The tensor engine: PyTorch semantics (storage shared between views, shape/strides/offset layouts, dtypes
//! and promotion, broadcasting ops, printing, the seeded generator) on its own strided walker and kernels,
//! with `ndarray` for zero-copy views and order-free reductions and `matrixmultiply` for matrix products
//! (README, "Which crate runs what"). It knows nothing of Python, lessons or screens.

pub mod dtype;
pub mod error;
pub mod format;
pub mod kernels;
pub mod layout;
pub mod memory;
pub mod ops;
pub mod parallel;
pub mod random;
mod scalar;
pub mod settings;
pub mod storage;
pub mod strided;
pub mod sym;
#[allow(clippy::module_inception)]
mod tensor;

pub use dtype::DType;
pub use error::{INTERRUPTED, Result, TensorError};
pub use layout::Layout;
pub use ops::{BinaryOp, Operand, SplitSizes, TensorIndex, UnaryOp};
pub use storage::{Element, Storage};
pub use tensor::{GradInfo, Scalar, Tensor, TensorCopy, convert};
