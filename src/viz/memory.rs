//! The memory-layout model of a tensor: its storage as numbered cells and the order in which the view walks
//! them, so `transpose`, `contiguous` and `view` can be seen.

use serde::Serialize;

use crate::tensor::Tensor;

#[derive(Debug, Clone, Serialize)]
pub struct MemoryLayout {
    pub shape: Vec<usize>,
    pub strides: Vec<usize>,
    pub storage_offset: usize,
    pub contiguous: bool,
    /// Number of elements in the storage.
    pub storage_len: usize,
    /// Storage values (as text, PyTorch-style short form) for up to `max_cells` cells.
    pub storage: Vec<String>,
    /// Storage index of each element of the view, in row-major order of the view.
    pub walk: Vec<usize>,
}

impl MemoryLayout {
    pub fn of(t: &Tensor, max_cells: usize) -> MemoryLayout {
        let storage: Vec<String> = match t.dtype() {
            crate::tensor::DType::Float32 => t
                .storage_to_vec::<f32>()
                .iter()
                .take(max_cells)
                .map(|v| format!("{v}"))
                .collect(),
            crate::tensor::DType::Bool => t
                .storage_to_vec::<bool>()
                .iter()
                .take(max_cells)
                .map(|v| if *v { "T".into() } else { "F".into() })
                .collect(),
            _ => t
                .storage_to_vec::<i64>()
                .iter()
                .take(max_cells)
                .map(|v| v.to_string())
                .collect(),
        };
        MemoryLayout {
            shape: t.shape().to_vec(),
            strides: t.strides().to_vec(),
            storage_offset: t.storage_offset(),
            contiguous: t.is_contiguous(),
            storage_len: t.storage_len(),
            storage,
            walk: t.layout().offsets().take(max_cells).collect(),
        }
    }
}
