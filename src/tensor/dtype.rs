//! Element types and PyTorch's type-promotion rules (c10/core/ScalarType.h, `result_type` in
//! aten/src/ATen/native/TypeProperties.cpp).

use std::fmt;

/// The element types the tutor supports. Float32 is the default, as in PyTorch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DType {
    Bool,
    Int32,
    Int64,
    Float32,
}

/// Coarse kinds used by promotion: a higher kind wins across operand groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Category {
    Bool,
    Int,
    Float,
}

impl DType {
    pub fn category(self) -> Category {
        match self {
            DType::Bool => Category::Bool,
            DType::Int32 | DType::Int64 => Category::Int,
            DType::Float32 => Category::Float,
        }
    }

    pub fn is_floating_point(self) -> bool {
        self == DType::Float32
    }

    /// Size of one element in bytes (`element_size()`).
    pub fn size_in_bytes(self) -> usize {
        match self {
            DType::Bool => 1,
            DType::Int32 | DType::Float32 => 4,
            DType::Int64 => 8,
        }
    }

    /// Name as PyTorch prints it after `torch.`: `float32`, `int64`, ...
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::Float32 => "float32",
        }
    }

    /// Name used in a few error messages (`Float`, `Long`, `Int`, `Bool`).
    pub fn scalar_type_name(self) -> &'static str {
        match self {
            DType::Bool => "Bool",
            DType::Int32 => "Int",
            DType::Int64 => "Long",
            DType::Float32 => "Float",
        }
    }

    /// The dtype a tensor holding values of `category` defaults to.
    pub fn default_for(category: Category) -> DType {
        match category {
            Category::Bool => DType::Bool,
            Category::Int => DType::Int64,
            Category::Float => DType::Float32,
        }
    }

    /// Promotion of two tensor dtypes of the same priority group (`promoteTypes`).
    pub fn promote(a: DType, b: DType) -> DType {
        use DType::*;
        match (a, b) {
            (x, y) if x == y => x,
            (Float32, _) | (_, Float32) => Float32,
            (Int64, _) | (_, Int64) => Int64,
            (Int32, _) | (_, Int32) => Int32,
            _ => Bool,
        }
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "torch.{}", self.name())
    }
}

/// One operand's contribution to `result_type`: PyTorch ranks dimensioned tensors above 0-d tensors above
/// Python scalars, and a lower group only changes the result when its *category* is higher.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operand {
    Dimensioned(DType),
    ZeroDim(DType),
    /// A Python number: bool, int or float.
    Scalar(Category),
}

/// `torch.result_type` for a list of operands.
pub fn result_type(operands: &[Operand]) -> DType {
    let mut dim: Option<DType> = None;
    let mut zero: Option<DType> = None;
    let mut scalar: Option<Category> = None;
    for op in operands {
        match *op {
            Operand::Dimensioned(d) => dim = Some(dim.map_or(d, |x| DType::promote(x, d))),
            Operand::ZeroDim(d) => zero = Some(zero.map_or(d, |x| DType::promote(x, d))),
            Operand::Scalar(c) => scalar = Some(scalar.map_or(c, |x| x.max(c))),
        }
    }
    let mut result = match (dim, zero) {
        (Some(d), Some(z)) if z.category() > d.category() => z,
        (Some(d), _) => d,
        (None, Some(z)) => z,
        (None, None) => DType::default_for(scalar.unwrap_or(Category::Float)),
    };
    if let Some(c) = scalar
        && c > result.category()
    {
        result = DType::default_for(c);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_examples_from_pytorch_docs() {
        use Operand::*;
        assert_eq!(
            result_type(&[Dimensioned(DType::Float32), Scalar(Category::Float)]),
            DType::Float32
        );
        assert_eq!(
            result_type(&[Dimensioned(DType::Int64), Scalar(Category::Float)]),
            DType::Float32
        );
        assert_eq!(
            result_type(&[Dimensioned(DType::Int32), ZeroDim(DType::Int64)]),
            DType::Int32
        );
        assert_eq!(
            result_type(&[Dimensioned(DType::Bool), Scalar(Category::Int)]),
            DType::Int64
        );
        assert_eq!(
            result_type(&[Dimensioned(DType::Int32), ZeroDim(DType::Float32)]),
            DType::Float32
        );
    }
}
