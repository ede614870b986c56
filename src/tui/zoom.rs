//! Zoom mode (`+`): a large heatmap in the inspector shown a window at a time. `+` and `-` change the
//! level, the arrows pan, `0` or Esc show the whole map again and leave the mode. The window's geometry
//! is `viz::zoom`'s; how much of the map the pane shows one value per cell depends on the frame's size,
//! so `App::prepare` measures it (`prepare_zoom`) and `update` reads it.

use ratatui::layout::Rect;

use crate::viz::Zoom;

use super::action::Action;
use super::app::{App, View};
use super::footer::Hint;
use super::inspect::inspected_map;
use super::layout::Placement;

/// A zoom into the map of one cell's inspected item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZoomState {
    /// The selected cell and inspector item it was made for: selecting another leaves the mode.
    pub key: (usize, usize),
    pub zoom: Zoom,
}

/// What `prepare` measured of the inspected map: its size and how many rows and columns the pane
/// shows one value per cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapFit {
    pub size: (usize, usize),
    pub capacity: (usize, usize),
}

/// The footer's hints while zoomed.
pub(super) fn hints(app: &App) -> Option<&'static [Hint]> {
    app.zoom_active().then_some(app.text().zoom_hints)
}

impl App {
    fn zoom_key(&self) -> (usize, usize) {
        (self.notebook.selected, self.notebook.tensor_sel)
    }

    /// Whether the inspector is zoomed into the map it shows now.
    pub fn zoom_active(&self) -> bool {
        self.view == View::Notebook
            && !self.notebook.show_lines
            && self.notebook.zoom.is_some_and(|z| z.key == self.zoom_key())
    }

    /// The zoom of the map the inspector shows, when zoomed.
    pub fn active_zoom(&self) -> Option<Zoom> {
        self.notebook
            .zoom
            .filter(|_| self.zoom_active())
            .map(|z| z.zoom)
    }

    /// Measures the inspected map in the inspector's frame `inspector`, keeps the zoom inside the map
    /// and the pane, and leaves zoom mode when the map has changed under it or already fits whole.
    pub(super) fn prepare_zoom(&mut self, inspector: Rect, placement: Placement) {
        // A hidden or collapsed inspector draws no map.
        let drawn = matches!(
            placement,
            Placement::Beside | Placement::Below | Placement::Full
        );
        let fit = inspected_map(self).filter(|_| drawn).map(|m| {
            let area = m.area_in(inspector);
            MapFit {
                size: (m.rows, m.cols),
                capacity: m
                    .view(self)
                    .capacity(area.width as usize, area.height as usize),
            }
        });
        self.notebook.map_fit = fit;
        if !self.zoom_active() {
            self.notebook.zoom = None;
            return;
        }
        let (Some(fit), Some(state)) = (fit, self.notebook.zoom.as_mut()) else {
            self.notebook.zoom = None;
            return;
        };
        if Zoom::deepest(fit.size, fit.capacity) == 0 {
            self.notebook.zoom = None;
            self.status = Some(self.text().zoom_whole_map_fits.into());
        } else {
            state.zoom = state.zoom.clamped(fit.size, fit.capacity);
        }
    }

    /// Applies a zoom action: `+`, `-`, `0`/Esc, or a pan.
    pub(super) fn zoom_update(&mut self, action: &Action) {
        let active = self.zoom_active();
        let fit = self.notebook.map_fit;
        match action {
            Action::ZoomIn if !active => {
                if inspected_map(self).is_none() {
                    self.status = Some(self.text().zoom_no_heatmap.into());
                    return;
                }
                self.notebook.zoom = Some(ZoomState {
                    key: self.zoom_key(),
                    zoom: Zoom {
                        level: 1,
                        ..Zoom::default()
                    },
                });
            }
            Action::ZoomIn => {
                let deepest = fit.map_or(u32::MAX, |f| Zoom::deepest(f.size, f.capacity));
                if let Some(state) = self.notebook.zoom.as_mut() {
                    if state.zoom.level >= deepest {
                        self.status = Some(self.text().zoom_deepest.into());
                    } else {
                        state.zoom.level += 1;
                    }
                }
            }
            Action::ZoomOut if active => {
                if let Some(state) = self.notebook.zoom.as_mut() {
                    state.zoom.level = state.zoom.level.saturating_sub(1);
                    if state.zoom.level == 0 {
                        self.notebook.zoom = None;
                    }
                }
            }
            Action::ZoomFit => self.notebook.zoom = None,
            Action::Pan(d_rows, d_cols) if active => {
                if let (Some(state), Some(fit)) = (self.notebook.zoom.as_mut(), fit) {
                    state.zoom = state
                        .zoom
                        .panned((*d_rows, *d_cols), fit.size, fit.capacity);
                }
            }
            _ => {}
        }
    }
}
