//! Tensor operations, one file per family.

pub mod activation;
pub mod compose;
pub mod create;
pub mod elementwise;
pub mod gather;
pub mod grid;
pub mod index;
pub mod init;
mod int_binary;
pub mod linalg;
pub mod loss;
pub mod loss_elementwise;
mod masked;
pub mod matmul;
pub mod nn;
pub mod norm;
mod other_floats;
pub mod pointwise;
pub mod products;
pub mod put;
pub mod reduce;
pub mod reorder;
pub mod scatter;
pub mod search;
pub mod select;
pub mod shape;
pub mod similarity;
pub mod sort;
pub mod special;
pub mod strided_views;
pub mod unary;

pub use elementwise::{BinaryOp, Operand, UnaryOp};
pub use index::TensorIndex;
pub use loss::Reduction;
pub use shape::SplitSizes;
