//! What both outputs draw, as plain data: heatmaps (slicing, downsampling, colour maps, masked cells) and the
//! memory-layout model of a tensor, and the geometry of zooming into a map. No terminal I/O.

pub mod heatmap;
pub mod labels;
pub mod memory;
pub mod slice;
pub mod zoom;

pub use heatmap::{HeatCell, Heatmap, Scale, ValueKind, dark_text_on};
pub use memory::MemoryLayout;
pub use slice::{Map2, Pool};
pub use zoom::Zoom;
