//! The heatmap widget drawn into a buffer: label alignment by display width, text colour, value kinds,
//! the true range, pooling, zoom and scaling.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::widgets::Widget;

use super::heatmap::HeatmapView;
use crate::lesson::Lang;
use crate::tui::theme::ColorMode;
use crate::viz::{Pool, ValueKind, labels};

fn render(view: HeatmapView<'_>, w: u16, h: u16) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    view.render(Rect::new(0, 0, w, h), &mut buf);
    buf
}

/// The screen column where `needle` starts on line `y`. A wide character fills two cells; the second
/// is skipped, as a terminal draws it.
fn column_of(buf: &Buffer, y: u16, needle: &str) -> Option<u16> {
    let mut cells: Vec<(u16, &str)> = Vec::new();
    let mut x = 0;
    while x < buf.area.width {
        let s = buf.cell((x, y)).map_or(" ", |c| c.symbol());
        cells.push((x, s));
        x += labels::width(s).max(1) as u16;
    }
    (0..cells.len()).find_map(|i| {
        let joined: String = cells[i..].iter().map(|(_, s)| *s).collect();
        joined.starts_with(needle).then_some(cells[i].0)
    })
}

fn view<'a>(values: &'a [f64], rows: usize, cols: usize, kind: ValueKind) -> HeatmapView<'a> {
    HeatmapView {
        title: "t",
        rows,
        cols,
        values,
        row_labels: None,
        col_labels: None,
        kind,
        pool: Pool::Mean,
        color: ColorMode::TrueColor,
        dims: [None, None],
        zoom: None,
        lang: Lang::En,
    }
}

#[test]
fn a_hangul_label_ends_where_its_column_ends() {
    let tokens: Vec<String> = ["커피", "좋네요", "<pad>"].map(String::from).to_vec();
    let values = [0.25, 0.5, 1.0];
    let buf = render(
        HeatmapView {
            col_labels: Some(tokens),
            ..view(&values, 1, 3, ValueKind::Float)
        },
        60,
        5,
    );
    // Slots are as wide as the widest label (좋네요, 6 columns): each cell is " " + 6 columns.
    let values_line = 2;
    for (label, value) in [("커피", "0.25"), ("좋네요", "0.50"), ("<pad>", "1.00")] {
        let lx = column_of(&buf, 1, label).unwrap_or_else(|| panic!("{label}"));
        let vx = column_of(&buf, values_line, value).unwrap_or_else(|| panic!("{value}"));
        let label_end = lx + labels::width(label) as u16;
        assert_eq!(label_end, vx + 4, "{label} over {value}");
    }
}

#[test]
fn text_is_dark_on_bright_cells_and_light_on_dark_ones() {
    let values = [0.0, 1.0];
    let buf = render(view(&values, 1, 2, ValueKind::Float), 40, 4);
    let at = |needle: &str| {
        let x = column_of(&buf, 1, needle).unwrap_or_else(|| panic!("{needle}"));
        buf.cell((x, 1)).map(|c| (c.fg, c.bg)).expect("cell")
    };
    // viridis: 0 is dark purple, 1 bright yellow.
    let (fg0, bg0) = at("0.00");
    let (fg1, bg1) = at("1.00");
    assert_eq!((fg0, fg1), (Color::White, Color::Black));
    assert_ne!(bg0, bg1);
}

#[test]
fn ints_and_bools_are_printed_as_such_with_slots_as_wide_as_the_widest_value() {
    let ids = [21.0, 4.0, 1000.0];
    let buf = render(view(&ids, 1, 3, ValueKind::Int), 40, 4);
    let line: String = (0..40)
        .map(|x| buf.cell((x, 1)).map_or(" ", |c| c.symbol()))
        .collect();
    assert!(line.starts_with("   21    4 1000"), "{line:?}");
    let mask = [1.0, 0.0];
    let buf = render(view(&mask, 1, 2, ValueKind::Bool), 40, 4);
    let line: String = (0..40)
        .map(|x| buf.cell((x, 1)).map_or(" ", |c| c.symbol()))
        .collect();
    assert!(line.starts_with(" ■ □"), "{line:?}");
}

#[test]
fn the_legend_of_a_downsampled_map_shows_the_true_range() {
    // A causal softmax-like map: one 1.0 per row on the diagonal, zeros elsewhere. Block means of
    // 8×8 blocks never reach 1, the legend must.
    let n = 128;
    let values: Vec<f64> = (0..n * n)
        .map(|i| if i / n == i % n { 1.0 } else { 0.0 })
        .collect();
    let buf = render(view(&values, n, n, ValueKind::Float), 40, 20);
    let text: String = (0..20)
        .flat_map(|y| (0..40).map(move |x| (x, y)))
        .map(|p| buf.cell(p).map_or(" ", |c| c.symbol()))
        .collect();
    assert!(text.contains("1.00") && text.contains("0.00"), "{text}");
    assert!(text.contains("120–127"), "{text}");
}

#[test]
fn peak_pooling_keeps_a_lone_weight_of_one_visible() {
    let n = 128;
    let values: Vec<f64> = (0..n * n)
        .map(|i| if i / n == i % n { 1.0 } else { 0.0 })
        .collect();
    let top_left = |pool| {
        let buf = render(
            HeatmapView {
                pool,
                ..view(&values, n, n, ValueKind::Float)
            },
            40,
            20,
        );
        // The first map cell: after the row labels, on the line under the column axis.
        let x = (0..40)
            .find(|&x| buf.cell((x, 2)).is_some_and(|c| c.symbol() == "▀"))
            .expect("a map cell");
        buf.cell((x, 2)).map(|c| c.fg).expect("cell")
    };
    let yellow = colorous::VIRIDIS.eval_continuous(1.0);
    assert_eq!(
        top_left(Pool::Peak),
        Color::Rgb(yellow.r, yellow.g, yellow.b)
    );
    assert_ne!(top_left(Pool::Mean), top_left(Pool::Peak));
}

/// The buffer's line `y` as text.
fn line(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width)
        .map(|x| buf.cell((x, y)).map_or(" ", |c| c.symbol()))
        .collect()
}

#[test]
fn a_small_map_is_scaled_up_where_the_pane_has_room() {
    let values: Vec<f64> = (0..49).map(|v| v as f64 / 48.0).collect();
    let tight = render(view(&values, 7, 7, ValueKind::Float), 60, 10);
    let roomy = render(view(&values, 7, 7, ValueKind::Float), 82, 56);
    let lines_with = |buf: &Buffer, needle: &str| {
        (0..buf.area.height)
            .filter(|&y| line(buf, y).contains(needle))
            .collect::<Vec<_>>()
    };
    // One line a row when tight; in the big pane rows are several lines apart, the value on one of them.
    let (first, second) = (
        lines_with(&tight, " 0.00")[0],
        lines_with(&tight, " 0.15")[0],
    );
    assert_eq!(second - first, 1);
    let (first, second) = (
        lines_with(&roomy, " 0.00")[0],
        lines_with(&roomy, " 0.15")[0],
    );
    assert!(second - first >= 2, "rows {first} and {second}");
    // Wider cells: the distance between two values on a line grows too.
    let gap = |buf: &Buffer, y: u16| {
        let l = line(buf, y);
        l.find("0.02").unwrap_or(0) - l.find("0.00").unwrap_or(0)
    };
    let y_tight = lines_with(&tight, " 0.00")[0];
    let y_roomy = lines_with(&roomy, " 0.00")[0];
    assert!(gap(&roomy, y_roomy) > gap(&tight, y_tight));
}

#[test]
fn a_zoomed_map_shows_its_window_with_source_positions_and_the_whole_range() {
    // 128×128, value = column / 127: the whole range is 0 … 1, the first columns are near 0.
    let n = 128;
    let values: Vec<f64> = (0..n * n).map(|i| (i % n) as f64 / 127.0).collect();
    let zoomed = |level, row0, col0| HeatmapView {
        dims: [Some("sl".into()), Some("sl".into())],
        zoom: Some(crate::viz::Zoom { level, row0, col0 }),
        ..view(&values, n, n, ValueKind::Float)
    };
    let buf = render(zoomed(9, 0, 0), 60, 20);
    let cap = zoomed(9, 0, 0).capacity(60, 20);
    let text: Vec<String> = (0..20).map(|y| line(&buf, y)).collect();
    let all = text.join("\n");
    // The title names the window; the legend keeps the whole map's top.
    assert!(
        text[0].contains(&format!("rows sl 0–{} of 128", cap.0 - 1)),
        "{all}"
    );
    assert!(all.contains("1.00"), "{all}");
    assert!(all.contains("one value per cell"), "{all}");
    // The deepest zoom labels each row by itself.
    assert!(
        text.iter().any(|l| l.trim_start().starts_with("1 ")),
        "{all}"
    );
    // Panned: the labels are source positions.
    let buf = render(zoomed(9, 64, 64), 60, 20);
    let title = line(&buf, 0);
    assert!(title.contains("rows sl 64–"), "{title}");
    assert!(title.contains("cols sl 64–"), "{title}");
}

#[test]
fn odd_maps_never_panic_at_any_size() {
    let tokens: Vec<String> = ["좋네요", "<pad>", "x"].map(String::from).to_vec();
    let cases: Vec<(usize, usize, Vec<f64>)> = vec![
        (0, 0, vec![]),
        (1, 1, vec![f64::NAN]),
        (2, 3, vec![-1e10; 6]),
        (
            3,
            3,
            vec![f64::NAN, 1.0, -2.0, f64::INFINITY, -1e9, 0.0, 3.0, 4.0, 5.0],
        ),
        (3, 1, vec![1.0]),
        (200, 3, (0..600).map(|v| v as f64).collect()),
    ];
    for (rows, cols, values) in &cases {
        for kind in [ValueKind::Float, ValueKind::Int, ValueKind::Bool] {
            for color in [ColorMode::TrueColor, ColorMode::None] {
                for (w, h) in [(10, 3), (12, 5), (30, 8), (61, 21), (120, 40)] {
                    let labels = (*rows == 3).then(|| tokens.clone());
                    for zoom in [None, Some((1, 0, 0)), Some((9, 1000, 2))] {
                        render(
                            HeatmapView {
                                row_labels: labels.clone(),
                                col_labels: labels.clone(),
                                color,
                                pool: Pool::Peak,
                                dims: [Some("좋네요".into()), None],
                                zoom: zoom.map(|(level, row0, col0)| crate::viz::Zoom {
                                    level,
                                    row0,
                                    col0,
                                }),
                                ..view(values, *rows, *cols, kind)
                            },
                            w,
                            h,
                        );
                    }
                }
            }
        }
    }
}
