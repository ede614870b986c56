//! Element types and PyTorch's type-promotion rules (c10/core/ScalarType.h, `result_type` in
//! aten/src/ATen/native/TypeProperties.cpp).

use std::fmt;

/// The element types the tutor supports (PyTorch's real dtypes; no complex or quantized types). Float32
/// is the default float type, as in PyTorch, until `torch.set_default_dtype` changes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DType {
    Bool,
    UInt8,
    Int8,
    Int16,
    Int32,
    Int64,
    Float16,
    BFloat16,
    Float32,
    Float64,
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
            DType::UInt8 | DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => {
                Category::Int
            }
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64 => Category::Float,
        }
    }

    pub fn is_floating_point(self) -> bool {
        self.category() == Category::Float
    }

    /// Half and bfloat16: ATen's CPU kernels widen them to float32, compute, and round the result back.
    pub fn is_reduced_float(self) -> bool {
        matches!(self, DType::Float16 | DType::BFloat16)
    }

    /// Every dtype, in c10's `ScalarType` order (the order `torch` lists them in).
    pub const ALL: [DType; 10] = [
        DType::UInt8,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::Float16,
        DType::Float32,
        DType::Float64,
        DType::Bool,
        DType::BFloat16,
    ];

    /// Size of one element in bytes (`element_size()`).
    pub fn size_in_bytes(self) -> usize {
        match self {
            DType::Bool | DType::UInt8 | DType::Int8 => 1,
            DType::Int16 | DType::Float16 | DType::BFloat16 => 2,
            DType::Int32 | DType::Float32 => 4,
            DType::Int64 | DType::Float64 => 8,
        }
    }

    /// Name as PyTorch prints it after `torch.`: `float32`, `int64`, ...
    pub fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::UInt8 => "uint8",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
        }
    }

    /// Name used in a few error messages (`Float`, `Long`, `Int`, `Bool`).
    pub fn scalar_type_name(self) -> &'static str {
        match self {
            DType::Bool => "Bool",
            DType::UInt8 => "Byte",
            DType::Int8 => "Char",
            DType::Int16 => "Short",
            DType::Int32 => "Int",
            DType::Int64 => "Long",
            DType::Float16 => "Half",
            DType::BFloat16 => "BFloat16",
            DType::Float32 => "Float",
            DType::Float64 => "Double",
        }
    }

    /// `finfo(dtype).max`, the largest finite value of a float dtype (`f64::MAX` for the others).
    pub fn finfo_max(self) -> f64 {
        match self {
            DType::Float32 => f64::from(f32::MAX),
            DType::Float16 => 65504.0,
            DType::BFloat16 => f64::from(half::bf16::MAX),
            _ => f64::MAX,
        }
    }

    /// The C++ type's name as c10's `TypeMeta` prints it in some of ATen's messages (`float`, `long int`).
    pub fn cpp_name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::UInt8 => "unsigned char",
            DType::Int8 => "signed char",
            DType::Int16 => "short int",
            DType::Int32 => "int",
            DType::Int64 => "long int",
            DType::Float16 => "c10::Half",
            DType::BFloat16 => "c10::BFloat16",
            DType::Float32 => "float",
            DType::Float64 => "double",
        }
    }

    /// The dtype a tensor holding values of `category` defaults to: a float takes
    /// `torch.get_default_dtype()` (float32 unless the run set another).
    pub fn default_for(category: Category) -> DType {
        match category {
            Category::Bool => DType::Bool,
            Category::Int => DType::Int64,
            Category::Float => super::settings::default_float(),
        }
    }

    /// Promotion of two tensor dtypes of the same priority group (c10's `promoteTypes` table, without
    /// complex types): bool yields to anything; uint8 with a signed type needs the next signed type up
    /// (uint8 + int8 is int16); half with bfloat16 meets at float32; otherwise the wider type of the
    /// higher category.
    pub fn promote(a: DType, b: DType) -> DType {
        use DType::*;
        fn rank(d: DType) -> u8 {
            match d {
                Bool => 0,
                UInt8 | Int8 => 1,
                Int16 => 2,
                Int32 => 3,
                Int64 => 4,
                Float16 | BFloat16 => 5,
                Float32 => 6,
                Float64 => 7,
            }
        }
        match (a, b) {
            (x, y) if x == y => x,
            (Float16, BFloat16) | (BFloat16, Float16) => Float32,
            (UInt8, Int8) | (Int8, UInt8) => Int16,
            (x, y) if rank(x) >= rank(y) => x,
            (_, y) => y,
        }
    }

    /// The largest value of an integer dtype as an `i64` (`torch.iinfo(dtype).max`).
    pub fn int_max(self) -> i64 {
        match self {
            DType::Bool => 1,
            DType::UInt8 => u8::MAX as i64,
            DType::Int8 => i8::MAX as i64,
            DType::Int16 => i16::MAX as i64,
            DType::Int32 => i32::MAX as i64,
            _ => i64::MAX,
        }
    }

    /// The smallest value of an integer dtype (`torch.iinfo(dtype).min`).
    pub fn int_min(self) -> i64 {
        match self {
            DType::Bool | DType::UInt8 => 0,
            DType::Int8 => i8::MIN as i64,
            DType::Int16 => i16::MIN as i64,
            DType::Int32 => i32::MIN as i64,
            _ => i64::MIN,
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

/// `torch.result_type` for a list of operands (`update_result_type_state` and `combine_categories` in
/// ATen's TypeProperties.cpp): each group is promoted within itself, a Python float counting as the
/// default float dtype, then a lower group changes the result only when the higher one is bool or the
/// lower one is a float type and the higher is not.
pub fn result_type(operands: &[Operand]) -> DType {
    let mut dim: Option<DType> = None;
    let mut zero: Option<DType> = None;
    let mut wrapped: Option<DType> = None;
    let join = |slot: &mut Option<DType>, d: DType| {
        *slot = Some(slot.map_or(d, |x| DType::promote(x, d)));
    };
    for op in operands {
        match *op {
            Operand::Dimensioned(d) => join(&mut dim, d),
            Operand::ZeroDim(d) => join(&mut zero, d),
            Operand::Scalar(c) => join(&mut wrapped, DType::default_for(c)),
        }
    }
    fn combine(higher: Option<DType>, lower: Option<DType>) -> Option<DType> {
        match (higher, lower) {
            (Some(h), _) if h.is_floating_point() => Some(h),
            (Some(h), Some(l)) if h == DType::Bool || l.is_floating_point() => {
                Some(DType::promote(h, l))
            }
            (Some(h), _) => Some(h),
            (None, l) => l,
        }
    }
    combine(dim, combine(zero, wrapped)).unwrap_or_else(|| DType::default_for(Category::Float))
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
