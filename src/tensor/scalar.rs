//! A Python number as the engine takes it (an operand, a fill value, an `item()`), and c10's checks of
//! whether one fits a dtype.

use super::storage::Element;

/// A Python number as an operand or fill value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scalar {
    Bool(bool),
    Int(i64),
    Float(f64),
}

impl Scalar {
    pub fn to_f64(self) -> f64 {
        match self {
            Scalar::Bool(b) => b as i64 as f64,
            Scalar::Int(i) => i as f64,
            Scalar::Float(f) => f,
        }
    }
    pub fn to_i64(self) -> i64 {
        match self {
            Scalar::Bool(b) => b as i64,
            Scalar::Int(i) => i,
            Scalar::Float(f) => f as i64,
        }
    }
    pub fn to_bool(self) -> bool {
        match self {
            Scalar::Bool(b) => b,
            Scalar::Int(i) => i != 0,
            Scalar::Float(f) => f != 0.0,
        }
    }
    pub fn category(self) -> super::dtype::Category {
        use super::dtype::Category;
        match self {
            Scalar::Bool(_) => Category::Bool,
            Scalar::Int(_) => Category::Int,
            Scalar::Float(_) => Category::Float,
        }
    }
    /// c10's `checked_convert`: a float stored into an integer tensor must fit its type (inf, NaN for
    /// int32 and values past the range are refused; 2.7 becomes 2). What `fill_`, `full` and
    /// `masked_fill` check before writing.
    pub fn check_fits(self, dtype: super::DType) -> super::error::Result<()> {
        use super::DType;
        let name = match dtype {
            DType::Int64 => "int64_t",
            DType::Int32 => "int",
            DType::Int16 => "int16_t",
            DType::Int8 => "int8_t",
            DType::UInt8 => "uint8_t",
            DType::Float16 => "at::Half",
            DType::BFloat16 => "at::BFloat16",
            _ => return Ok(()),
        };
        // int32 and int64 take any Python int here (the interpreter's ints are 64-bit already).
        if matches!(self, Scalar::Int(_)) && matches!(dtype, DType::Int64 | DType::Int32) {
            return Ok(());
        }
        // NaN passes int64's test (its comparisons are false) but not int's, as in c10.
        let nan_refused = dtype != DType::Int64;
        self.fits(dtype, name, nan_refused)
    }

    /// `torch.tensor(data, dtype=...)`'s check of each Python number (`unpackIntegral`'s
    /// `checked_convert`, which names the dtype as Python does: `uint8`, `int32`).
    pub fn check_fits_data(self, dtype: super::DType) -> super::error::Result<()> {
        use super::DType;
        if matches!(
            dtype,
            DType::Int8 | DType::Int16 | DType::UInt8 | DType::Int32
        ) {
            self.fits(dtype, dtype.name(), true)
        } else {
            Ok(())
        }
    }

    /// c10's `overflows<To>`: a float past the type's range (NaN where the type has none, when
    /// `nan_refused`); an int past it, where an unsigned type lets a negative int down to `-max` wrap.
    fn fits(self, dtype: super::DType, name: &str, nan_refused: bool) -> super::error::Result<()> {
        use super::DType;
        let refused = match self {
            Scalar::Bool(_) => false,
            Scalar::Float(f) if dtype.is_floating_point() => {
                let max = if dtype == DType::Float16 {
                    65504.0
                } else {
                    f64::from(half::bf16::MAX)
                };
                f.is_finite() && (f < -max || f > max)
            }
            Scalar::Float(f) => {
                (f.is_nan() && nan_refused)
                    || f < dtype.int_min() as f64
                    || f > dtype.int_max() as f64
            }
            Scalar::Int(i) if dtype == DType::UInt8 => !(-255..=255).contains(&i),
            Scalar::Int(i) if dtype.is_floating_point() => {
                let max = if dtype == DType::Float16 {
                    65504
                } else {
                    i64::MAX
                };
                i.abs() > max
            }
            Scalar::Int(i) => i < dtype.int_min() || i > dtype.int_max(),
        };
        if refused {
            return Err(super::error::TensorError::runtime(format!(
                "value cannot be converted to type {name} without overflow"
            )));
        }
        Ok(())
    }
    /// The value cast to an element type, as PyTorch casts a scalar into a tensor's dtype.
    pub fn cast<T: Element>(self) -> T {
        match self {
            Scalar::Bool(b) => T::from_bool(b),
            Scalar::Int(i) => T::from_i64(i),
            Scalar::Float(f) => T::from_f64(f),
        }
    }
}
