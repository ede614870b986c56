//! Widgets that draw the viz models: a heatmap (half blocks in colour, values when they fit, a character
//! ramp without colour; zoomed or whole) and a tensor's memory layout.

mod heatmap;
mod heatmap_parts;
#[cfg(test)]
mod heatmap_tests;
mod memory;

pub use heatmap::HeatmapView;
pub use memory::MemoryView;
