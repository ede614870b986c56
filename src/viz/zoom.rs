//! Zooming into a large heatmap, as plain geometry: which source rows and columns a zoom level and a
//! top-left corner show. Level 0 is the whole map; each level halves the window on both axes, down to the
//! deepest level, where the window is what the pane shows at one value per cell (its capacity). Zooming
//! keeps the top-left corner, so `+` from the whole map goes to the first positions, the ones a learner
//! reads first (position 0 and the tokens after it).

use std::ops::Range;

use serde::Serialize;

/// A zoom: its level and the window's top-left source position (row, column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Zoom {
    pub level: u32,
    pub row0: usize,
    pub col0: usize,
}

/// How many of `n` positions a window shows at `level` when the pane shows at most `cap` at one value
/// per cell: `n / 2^level` (rounded up), never fewer than the pane can show one by one.
pub fn span(n: usize, level: u32, cap: usize) -> usize {
    let halved = n.div_ceil(1usize.checked_shl(level).unwrap_or(usize::MAX).max(1));
    halved.max(cap.max(1)).min(n)
}

/// The deepest useful level for `n` positions: the first at which the window fits the pane one value per
/// cell (0 when the whole axis already does).
pub fn deepest(n: usize, cap: usize) -> u32 {
    let mut level = 0;
    while level < usize::BITS && n.div_ceil(1 << level) > cap.max(1) {
        level += 1;
    }
    level
}

impl Zoom {
    /// The deepest level of a `rows × cols` map in a pane of capacity `cap` (rows, columns).
    pub fn deepest((rows, cols): (usize, usize), cap: (usize, usize)) -> u32 {
        deepest(rows, cap.0).max(deepest(cols, cap.1))
    }

    /// This zoom clamped to the map and the pane: the level to the deepest useful one, the corner so
    /// the window stays inside the map.
    pub fn clamped(self, size: (usize, usize), cap: (usize, usize)) -> Zoom {
        let level = self.level.min(Zoom::deepest(size, cap));
        let [rows, cols] = Zoom { level, ..self }.window(size, cap);
        Zoom {
            level,
            row0: rows.start,
            col0: cols.start,
        }
    }

    /// The source rows and columns shown, inside the map.
    pub fn window(&self, (rows, cols): (usize, usize), cap: (usize, usize)) -> [Range<usize>; 2] {
        let axis = |n: usize, start: usize, cap: usize| {
            let len = span(n, self.level, cap);
            let start = start.min(n - len.min(n));
            start..start + len
        };
        [axis(rows, self.row0, cap.0), axis(cols, self.col0, cap.1)]
    }

    /// Moves the window by a quarter of its size (at least one position) per step, `(rows, cols)` steps;
    /// the result is clamped.
    pub fn panned(
        self,
        (d_rows, d_cols): (i64, i64),
        size: (usize, usize),
        cap: (usize, usize),
    ) -> Zoom {
        let [rows, cols] = self.window(size, cap);
        let moved = |start: usize, len: usize, d: i64| {
            let step = (len / 4).max(1) as i64;
            (start as i64 + d * step).max(0) as usize
        };
        Zoom {
            row0: moved(rows.start, rows.len(), d_rows),
            col0: moved(cols.start, cols.len(), d_cols),
            ..self
        }
        .clamped(size, cap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_halves_the_window_down_to_one_value_per_cell() {
        // 128 positions, a pane that shows 30 one by one: 128, 64, 32, then 30 (the pane's own size).
        let widths: Vec<usize> = (0..5).map(|l| span(128, l, 30)).collect();
        assert_eq!(widths, [128, 64, 32, 30, 30]);
        assert_eq!(deepest(128, 30), 3);
        assert_eq!(deepest(7, 30), 0, "a small map is whole already");
        assert_eq!(deepest(128, 0), 7, "a pane of nothing still has one cell");
    }

    #[test]
    fn the_window_stays_inside_the_map_and_pans_by_quarters() {
        let (size, cap) = ((128, 128), (20, 40));
        let z = Zoom {
            level: 9,
            row0: 0,
            col0: 0,
        }
        .clamped(size, cap);
        assert_eq!(
            z.level, 3,
            "rows need 3 halvings to fit 20, columns 2 to fit 40"
        );
        assert_eq!(z.window(size, cap), [0..20, 0..40]);
        let z = z.panned((1, 1), size, cap);
        assert_eq!(z.window(size, cap), [5..25, 10..50]);
        let far = z.panned((100, 100), size, cap);
        assert_eq!(far.window(size, cap), [108..128, 88..128]);
        assert_eq!(
            far.panned((-100, -100), size, cap).window(size, cap),
            [0..20, 0..40]
        );
    }
}
