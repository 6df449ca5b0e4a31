//! What a joined screen costs on the wire (issue 40's benchmark, its bytes half): the bytes
//! `catan host` sends a joiner at 140 x 45 for the first frame, for each frame while the game
//! goes on around them, and for each key they press on their own turn. Drawn in memory through
//! the same hosting loop the host runs, so no network is involved; the time from a key to its
//! frame over real ssh is measured by `examples/host_latency.rs`.
//!
//! `cargo run --release --example host_bytes [SEED]`

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use catan::engine::Seat;
use catan::host::{ConnId, HostEvent, JoinReply, Wire};
use catan::tui::{App, Hosting, Msg, Theme};
use crossterm::event::{Event, KeyCode, KeyEvent};

/// Counts what the loop sends; the events the example feeds come from `inbox`.
#[derive(Default)]
struct Counter {
    inbox: Vec<HostEvent>,
    sent: usize,
}

struct CountingWire(Rc<RefCell<Counter>>);

impl Wire for CountingWire {
    fn recv_timeout(&mut self, _wait: Duration) -> Option<HostEvent> {
        self.0.borrow_mut().inbox.pop()
    }
    fn send(&mut self, _conn: ConnId, bytes: Vec<u8>) {
        self.0.borrow_mut().sent += bytes.len();
    }
    fn close(&mut self, _conn: ConnId, bytes: Vec<u8>) {
        self.0.borrow_mut().sent += bytes.len();
    }
}

fn median(mut v: Vec<usize>) -> usize {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

fn report(what: &str, v: &[usize]) {
    let mean = v.iter().sum::<usize>() as f64 / v.len().max(1) as f64;
    let max = v.iter().max().copied().unwrap_or(0);
    println!("{what:<44} n {:>5}  median {:>6} B  mean {:>8.0} B  max {:>6} B", v.len(), median(v.to_vec()), mean, max);
}

fn main() {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(42);
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let theme = Theme { color: true, ascii: false };
    let mut app = App::new(seed, Some(names), theme);
    app.update(Msg::Resize(140, 45));
    let counter = Rc::new(RefCell::new(Counter::default()));
    let mut hosting = Hosting::new(Box::new(CountingWire(Rc::clone(&counter))), theme);
    let bob = Seat(1);
    let (reply, _answer) = JoinReply::channel();
    counter.borrow_mut().inbox.push(HostEvent::Join {
        conn: 1,
        name: "Bob".into(),
        size: (140, 45),
        term: "xterm-256color".into(),
        peer: "127.0.0.1:40000".parse().unwrap(),
        key: Some("SHA256:bob".into()),
        reply,
    });
    hosting.pump(&mut app, Duration::ZERO);
    // The host lets Bob in (H8): the box has been up past its guard.
    let area = ratatui::layout::Rect::new(0, 0, 140, 45);
    hosting.render_admission(&app, area, &mut ratatui::buffer::Buffer::empty(area));
    hosting.admission_key(&mut app, KeyEvent::from(KeyCode::Char('y')), Instant::now() + Duration::from_secs(1));
    hosting.draw(&app);
    let first = std::mem::take(&mut counter.borrow_mut().sent);

    let (mut frames, mut keys, mut draw_times) = (Vec::new(), Vec::new(), Vec::new());
    let mut pick = 0usize;
    while app.table.game().turn_number() < 40 && !app.table.game().is_over() {
        let id = app.screen_of(bob).expect("Bob's screen");
        if app.table.game().to_act() == bob && app.others[id - 1].mode() == catan::tui::keymap::Mode::Select {
            // Bob moves the cursor on his own screen: one key, one frame, once his moment has
            // held the keys typed while the others played (0.3 s).
            hosting.draw(&app);
            std::thread::sleep(Duration::from_millis(350));
            for code in [KeyCode::Right, KeyCode::Down, KeyCode::Left, KeyCode::Up] {
                counter.borrow_mut().inbox.push(HostEvent::Input { conn: 1, event: Event::Key(KeyEvent::from(code)) });
                hosting.pump(&mut app, Duration::ZERO);
                let t = Instant::now();
                hosting.draw(&app);
                draw_times.push(t.elapsed());
                keys.push(std::mem::take(&mut counter.borrow_mut().sent));
            }
        }
        // The game goes on (every seat's move made by a fixed rule, as the frame benchmark's).
        let legal = app.table.legal();
        pick = pick.wrapping_mul(31).wrapping_add(7);
        app.apply(vec![legal[pick % legal.len()]]);
        let t = Instant::now();
        hosting.draw(&app);
        draw_times.push(t.elapsed());
        frames.push(std::mem::take(&mut counter.borrow_mut().sent));
    }
    println!("seed {seed}, Bob joined at 140 x 45, {} turns", app.table.game().turn_number());
    println!("{:<44} {first} B", "first frame (modes and the whole screen)");
    report("a frame after any seat's action", &frames);
    report("a cursor key on Bob's own screen", &keys);
    draw_times.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "drawing a joined frame into bytes: median {:.3} ms, max {:.3} ms ({} frames)",
        ms(draw_times[draw_times.len() / 2]),
        ms(*draw_times.last().unwrap()),
        draw_times.len()
    );
}
