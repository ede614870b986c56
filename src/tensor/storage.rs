//! Typed, reference-counted element buffers shared by every view of a tensor.

use super::dtype::DType;

#[derive(Debug, Clone, PartialEq)]
pub enum Storage {
    F32(Vec<f32>),
    I64(Vec<i64>),
    I32(Vec<i32>),
    Bool(Vec<bool>),
}

impl Storage {
    pub fn dtype(&self) -> DType {
        match self {
            Storage::F32(_) => DType::Float32,
            Storage::I64(_) => DType::Int64,
            Storage::I32(_) => DType::Int32,
            Storage::Bool(_) => DType::Bool,
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Storage::F32(v) => v.len(),
            Storage::I64(v) => v.len(),
            Storage::I32(v) => v.len(),
            Storage::Bool(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn zeros(dtype: DType, len: usize) -> Storage {
        match dtype {
            DType::Float32 => Storage::F32(vec![0.0; len]),
            DType::Int64 => Storage::I64(vec![0; len]),
            DType::Int32 => Storage::I32(vec![0; len]),
            DType::Bool => Storage::Bool(vec![false; len]),
        }
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
