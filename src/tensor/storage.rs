//! Typed, reference-counted element buffers shared by every view of a tensor.

use half::{bf16, f16};

use super::dtype::DType;

#[derive(Debug, Clone, PartialEq)]
pub enum Storage {
    F32(Vec<f32>),
    F64(Vec<f64>),
    F16(Vec<f16>),
    BF16(Vec<bf16>),
    I64(Vec<i64>),
    I32(Vec<i32>),
    I16(Vec<i16>),
    I8(Vec<i8>),
    U8(Vec<u8>),
    Bool(Vec<bool>),
}

/// Runs `$body` with `$v` bound to the storage's vector, whatever its element type.
macro_rules! each {
    ($s:expr, $v:ident => $body:expr) => {
        match $s {
            Storage::F32($v) => $body,
            Storage::F64($v) => $body,
            Storage::F16($v) => $body,
            Storage::BF16($v) => $body,
            Storage::I64($v) => $body,
            Storage::I32($v) => $body,
            Storage::I16($v) => $body,
            Storage::I8($v) => $body,
            Storage::U8($v) => $body,
            Storage::Bool($v) => $body,
        }
    };
}

impl Storage {
    pub fn dtype(&self) -> DType {
        match self {
            Storage::F32(_) => DType::Float32,
            Storage::F64(_) => DType::Float64,
            Storage::F16(_) => DType::Float16,
            Storage::BF16(_) => DType::BFloat16,
            Storage::I64(_) => DType::Int64,
            Storage::I32(_) => DType::Int32,
            Storage::I16(_) => DType::Int16,
            Storage::I8(_) => DType::Int8,
            Storage::U8(_) => DType::UInt8,
            Storage::Bool(_) => DType::Bool,
        }
    }

    pub fn len(&self) -> usize {
        each!(self, v => v.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Grows the buffer to `len` elements (new ones zero; PyTorch leaves them uninitialised).
    pub fn grow(&mut self, len: usize) {
        each!(self, v => if v.len() < len { v.resize(len, Default::default()) })
    }

    pub fn zeros(dtype: DType, len: usize) -> Storage {
        crate::with_dtype!(dtype, T => T::into_storage(vec![T::default(); len]))
    }
}

/// A Rust element type that can live in a [`Storage`].
pub trait Element: Copy + Default + PartialEq + std::fmt::Debug + Send + Sync + 'static {
    const DTYPE: DType;
    fn slice(storage: &Storage) -> Option<&[Self]>;
    fn slice_mut(storage: &mut Storage) -> Option<&mut [Self]>;
    fn into_storage(v: Vec<Self>) -> Storage;
    fn to_f64(self) -> f64;
    fn from_f64(v: f64) -> Self;
    fn to_i64(self) -> i64;
    fn from_i64(v: i64) -> Self;
    fn to_bool(self) -> bool;
    fn from_bool(v: bool) -> Self;
}

macro_rules! element {
    ($t:ty, $variant:ident, $dtype:expr, $to_f:expr, $from_f:expr, $to_i:expr, $from_i:expr, $to_b:expr, $from_b:expr) => {
        impl Element for $t {
            const DTYPE: DType = $dtype;
            fn slice(storage: &Storage) -> Option<&[Self]> {
                match storage {
                    Storage::$variant(v) => Some(v),
                    _ => None,
                }
            }
            fn slice_mut(storage: &mut Storage) -> Option<&mut [Self]> {
                match storage {
                    Storage::$variant(v) => Some(v),
                    _ => None,
                }
            }
            fn into_storage(v: Vec<Self>) -> Storage {
                Storage::$variant(v)
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                ($to_f)(self)
            }
            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                ($from_f)(v)
            }
            #[inline(always)]
            fn to_i64(self) -> i64 {
                ($to_i)(self)
            }
            #[inline(always)]
            fn from_i64(v: i64) -> Self {
                ($from_i)(v)
            }
            #[inline(always)]
            fn to_bool(self) -> bool {
                ($to_b)(self)
            }
            #[inline(always)]
            fn from_bool(v: bool) -> Self {
                ($from_b)(v)
            }
        }
    };
}

element!(
    f32,
    F32,
    DType::Float32,
    |x| x as f64,
    |v| v as f32,
    |x| x as i64,
    |v| v as f32,
    |x| x != 0.0,
    |b| if b { 1.0 } else { 0.0 }
);
element!(
    i64,
    I64,
    DType::Int64,
    |x| x as f64,
    |v| v as i64,
    |x| x,
    |v| v,
    |x| x != 0,
    |b| b as i64
);
element!(
    i32,
    I32,
    DType::Int32,
    |x| x as f64,
    |v| v as i32,
    |x| x as i64,
    |v| v as i32,
    |x| x != 0,
    |b| b as i32
);
element!(
    bool,
    Bool,
    DType::Bool,
    |x| if x { 1.0 } else { 0.0 },
    |v| v != 0.0,
    |x| x as i64,
    |v| v != 0,
    |x| x,
    |b| b
);

// The narrow integer types convert as C++'s `static_cast` does on x86-64: from a wider integer by keeping
// the low bits (300 as int8 is 44), from a float through a 64-bit truncation first (`convert` in
// tensor.rs handles floats to integers).
element!(
    i16,
    I16,
    DType::Int16,
    |x| x as f64,
    |v| v as i64 as i16,
    |x| x as i64,
    |v| v as i16,
    |x| x != 0,
    |b| b as i16
);
element!(
    i8,
    I8,
    DType::Int8,
    |x| x as f64,
    |v| v as i64 as i8,
    |x| x as i64,
    |v| v as i8,
    |x| x != 0,
    |b| b as i8
);
element!(
    u8,
    U8,
    DType::UInt8,
    |x| x as f64,
    |v| v as i64 as u8,
    |x| x as i64,
    |v| v as u8,
    |x| x != 0,
    |b| b as u8
);
element!(
    f64,
    F64,
    DType::Float64,
    |x| x,
    |v| v,
    |x| x as i64,
    |v| v as f64,
    |x| x != 0.0,
    |b| if b { 1.0 } else { 0.0 }
);
// c10::Half and c10::BFloat16 are made from a float: a double goes to float first (two roundings, as in
// PyTorch), then to the 16-bit type with round-to-nearest-even.
element!(
    f16,
    F16,
    DType::Float16,
    |x: f16| f64::from(x),
    |v| f16::from_f32(v as f32),
    |x: f16| f32::from(x) as i64,
    |v| f16::from_f32(v as f32),
    |x: f16| f32::from(x) != 0.0,
    |b| if b { f16::ONE } else { f16::ZERO }
);
element!(
    bf16,
    BF16,
    DType::BFloat16,
    |x: bf16| f64::from(x),
    |v| bf16::from_f32(v as f32),
    |x: bf16| f32::from(x) as i64,
    |v| bf16::from_f32(v as f32),
    |x: bf16| f32::from(x) != 0.0,
    |b| if b { bf16::ONE } else { bf16::ZERO }
);
