//! Drawing speed of the terminal front end (issue 3: a full 140x45 frame under 1 ms, the
//! first frame within 50 ms). Run with `cargo bench --bench frame`.

use std::hint::black_box;

use catan::tui::{App, Theme, bench_app};
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

fn bench(c: &mut Criterion) {
    let app = bench_app(7, 140, 45);
    let area = Rect::new(0, 0, 140, 45);
    c.bench_function("render a mid-game screen 140x45 into a buffer", |b| {
        let mut buf = Buffer::empty(area);
        b.iter(|| {
            buf.reset();
            black_box(&app).render(area, &mut buf);
        })
    });
    c.bench_function("full frame 140x45 (render, diff, backend)", |b| {
        let mut terminal = Terminal::new(TestBackend::new(140, 45)).unwrap();
        b.iter(|| {
            // Clearing forces every cell to be drawn again, as on the first frame.
            terminal.clear().unwrap();
            terminal.draw(|f| f.render_widget(black_box(&app), f.area())).unwrap();
        })
    });
    c.bench_function("first frame: new game and its hand-off screen", |b| {
        b.iter(|| {
            let mut app = App::new(black_box(42), Some(vec!["Ann".into(), "Bob".into()]), Theme::default());
            app.update(catan::tui::Msg::Resize(140, 45));
            let mut terminal = Terminal::new(TestBackend::new(140, 45)).unwrap();
            terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
