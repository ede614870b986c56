//! Colours: true colour when the terminal says so (`COLORTERM`), the 256-colour palette otherwise, and
//! none at all under `NO_COLOR` (heatmaps then use a character ramp).
//!
//! The accents are explicit RGB colours rather than the terminal's 16 named ones, whose shades are the
//! terminal theme's choice: the classic palette blue (`In [n]`, the title bar) is nearly invisible on a
//! projector and on many dark themes. Each accent below is bright and saturated enough to read on black
//! and keeps a contrast of at least 3:1 on white (WCAG's large-text level), so a beamer's washed-out
//! picture still shows it.

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

    /// A named accent colour as the theme's RGB (see [`accent`]), or no colour under NO_COLOR.
    pub fn fg(self, c: Color) -> Color {
        match (self, accent(c)) {
            (ColorMode::None, _) => Color::Reset,
            (_, Some(rgb)) => self.rgb(rgb),
            (_, None) => c,
        }
    }

    /// The title and status bars: white on a deep blue, reversed video without colour.
    pub fn bar(self) -> ratatui::style::Style {
        use ratatui::style::{Modifier, Style};
        match self {
            ColorMode::None => Style::default().add_modifier(Modifier::REVERSED),
            _ => Style::default()
                .bg(self.rgb(BAR_BLUE))
                .fg(self.rgb((255, 255, 255))),
        }
    }
}

/// The bars' background: white text on it has a contrast of 8.5:1.
const BAR_BLUE: (u8, u8, u8) = (24, 72, 160);

/// The theme's shade of a named accent colour; `None` for colours used as they are (black, white, reset,
/// colours already given as RGB or by index).
pub fn accent(c: Color) -> Option<(u8, u8, u8)> {
    Some(match c {
        Color::Blue | Color::LightBlue => (40, 130, 240),
        Color::Cyan | Color::LightCyan => (0, 160, 190),
        Color::Magenta | Color::LightMagenta => (200, 70, 200),
        Color::Yellow | Color::LightYellow => (180, 125, 0),
        Color::Green | Color::LightGreen => (40, 170, 70),
        Color::Red | Color::LightRed => (225, 60, 60),
        Color::DarkGray => (128, 128, 128),
        Color::Gray => (170, 170, 170),
        _ => return None,
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG's relative luminance and contrast ratio.
    fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let lum = |(r, g, b): (u8, u8, u8)| {
            let ch = |v: u8| {
                let v = v as f64 / 255.0;
                if v <= 0.03928 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)
        };
        let (x, y) = (lum(a), lum(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    #[test]
    fn accents_read_on_black_and_on_white() {
        for c in [
            Color::Blue,
            Color::Cyan,
            Color::Magenta,
            Color::Yellow,
            Color::Green,
            Color::Red,
            Color::DarkGray,
        ] {
            let rgb = accent(c).expect("an accent");
            let (on_black, on_white) = (contrast(rgb, (0, 0, 0)), contrast(rgb, (255, 255, 255)));
            assert!(on_black >= 4.5, "{c:?} on black: {on_black:.2}");
            assert!(on_white >= 3.0, "{c:?} on white: {on_white:.2}");
        }
        assert!(contrast(BAR_BLUE, (255, 255, 255)) >= 7.0);
    }

    #[test]
    fn no_color_means_no_colour_and_256_colours_get_the_nearest_index() {
        assert_eq!(ColorMode::None.fg(Color::Blue), Color::Reset);
        assert!(matches!(
            ColorMode::Ansi256.fg(Color::Blue),
            Color::Indexed(_)
        ));
        assert_eq!(
            ColorMode::TrueColor.fg(Color::Blue),
            Color::Rgb(40, 130, 240)
        );
        assert_eq!(ColorMode::TrueColor.fg(Color::White), Color::White);
    }
}
