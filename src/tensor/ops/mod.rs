//! Tensor operations, one file per family.

pub mod create;
pub mod elementwise;
pub mod index;
pub mod matmul;
pub mod reduce;
pub mod shape;

pub use elementwise::{BinaryOp, Operand, UnaryOp};
pub use index::TensorIndex;
pub use shape::SplitSizes;
