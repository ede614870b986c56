//! Drawing one frame of the notebook with a 512×512 attention heatmap in the inspector (TestBackend): it
//! must stay well under a 60 Hz frame (the aim is ≤ 2 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use transformer_tutor::lesson::kernel::HeatmapData;
use transformer_tutor::lesson::{self, Lang};
use transformer_tutor::tui::action::Action;
use transformer_tutor::tui::theme::ColorMode;
use transformer_tutor::tui::{App, StartOptions, ui};

fn frame(c: &mut Criterion) {
    let lesson = lesson::bundle::find("masking", Lang::En).expect("lesson");
    let mut app = App::new(StartOptions {
        lang: Lang::En,
        lesson: Some(lesson),
        demo: false,
        auto: None,
        overrides: vec![],
        persist: false,
        color: ColorMode::TrueColor,
        limits: transformer_tutor::interp::Limits::default(),
    });
    app.update(Action::RunCell);
    // A 512×512 causal attention pattern, as a paper-size lesson would draw.
    let n = 512;
    let values: Vec<f64> = (0..n * n)
        .map(|k| {
            let (i, j) = (k / n, k % n);
            if j > i { -1e10 } else { 1.0 / (i + 1) as f64 }
        })
        .collect();
    if let Some(Some(o)) = app.notebook.outcomes.get_mut(0) {
        o.heatmaps = vec![HeatmapData {
            expr: "attn[0, 0]".into(),
            rows: n,
            cols: n,
            values,
            row_labels: None,
            col_labels: None,
            line: 1,
            kind: Default::default(),
            averaged_from: None,
            row_dim: None,
            col_dim: None,
        }];
    }
    app.notebook.selected = 0;
    let mut term = Terminal::new(TestBackend::new(160, 48)).expect("backend");
    let area = ratatui::layout::Rect::new(0, 0, 160, 48);
    // A frame as the event loop draws it: the layout-dependent state first, then the read-only render.
    c.bench_function("tui frame with a 512x512 heatmap", |b| {
        b.iter(|| {
            app.prepare(area);
            term.draw(|f| ui::render(&app, f)).expect("draw");
        });
    });
}

criterion_group!(benches, frame);
criterion_main!(benches);
