//! Colours: true colour when the terminal says so (`COLORTERM`), the 256-colour palette otherwise, and
//! none at all under `NO_COLOR` (heatmaps then use a character ramp).

use ratatui::style::Color;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorMode {
    TrueColor,
    Ansi256,
    None,
}

impl ColorMode {
    pub fn detect() -> ColorMode {
        if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            return ColorMode::None;
        }
        match std::env::var("COLORTERM") {
            Ok(v) if v.contains("truecolor") || v.contains("24bit") => ColorMode::TrueColor,
            _ => ColorMode::Ansi256,
        }
    }

    pub fn rgb(self, (r, g, b): (u8, u8, u8)) -> Color {
        match self {
            ColorMode::TrueColor => Color::Rgb(r, g, b),
            ColorMode::Ansi256 => Color::Indexed(nearest_256(r, g, b)),
            ColorMode::None => Color::Reset,
        }
    }

    /// A named accent colour, or no colour under NO_COLOR.
    pub fn fg(self, c: Color) -> Color {
        if self == ColorMode::None {
            Color::Reset
        } else {
            c
        }
    }
}

/// The nearest xterm-256 colour: the 6×6×6 cube or the grey ramp, whichever is closer.
pub fn nearest_256(r: u8, g: u8, b: u8) -> u8 {
    let level = |v: u8| -> (u8, u8) {
        const STEPS: [u8; 6] = [0, 95, 135, 175, 215, 255];
        let (mut best, mut bi) = (u32::MAX, 0u8);
        for (i, s) in STEPS.iter().enumerate() {
            let d = (*s as i32 - v as i32).unsigned_abs();
            if d < best {
                best = d;
                bi = i as u8;
            }
        }
        (bi, STEPS[bi as usize])
    };
    let ((ri, rv), (gi, gv), (bi, bv)) = (level(r), level(g), level(b));
    let cube = 16 + 36 * ri + 6 * gi + bi;
    let cube_d = dist((r, g, b), (rv, gv, bv));
    let avg = (r as u32 + g as u32 + b as u32) / 3;
    let gi2 = (avg.saturating_sub(8) / 10).min(23) as u8;
    let gv2 = 8 + 10 * gi2;
    let grey_d = dist((r, g, b), (gv2, gv2, gv2));
    if grey_d < cube_d { 232 + gi2 } else { cube }
}

fn dist(a: (u8, u8, u8), b: (u8, u8, u8)) -> u32 {
    let d = |x: u8, y: u8| (x as i32 - y as i32).pow(2) as u32;
    d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)
}
