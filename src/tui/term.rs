//! The real terminal: raw mode, alternate screen, bracketed paste and mouse capture switched
//! on at start and always off again at the end, on an error (a guard's `Drop`) and on a panic (a hook that
//! runs before the panic message is printed). The loop blocks on `event::read`: no busy wait.
//! Keys meant for the screen before a hand-off never reach it (the [`Gate`]).

use std::io::{self, Stdout, stdout};
use std::time::{Duration, Instant};

use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event, MouseButton,
    MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::Terminal;
use ratatui::backend::{CrosstermBackend, TestBackend};

use super::Options;
use super::app::{App, Msg};
use super::gate::{Gate, Input};

/// Puts the terminal back as it was. Safe to call more than once.
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

/// Restores the terminal when dropped, so every way out of [`run`] restores it.
pub(super) struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // Restore first, so the message lands on a normal screen.
        restore();
        previous(info);
    }));
}

/// Switches the terminal to the game's modes (raw, alternate screen, bracketed paste, mouse
/// capture if asked) and returns it with the guard that switches them off again when dropped;
/// a panic switches them off too. The replay viewer starts the terminal this way as well.
pub(super) fn enter(mouse: bool) -> io::Result<(Guard, Terminal<CrosstermBackend<Stdout>>)> {
    install_panic_hook();
    enable_raw_mode()?;
    let guard = Guard;
    execute!(stdout(), EnterAlternateScreen, EnableBracketedPaste)?;
    if mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    terminal.clear()?;
    Ok((guard, terminal))
}

/// Drops every event already queued (keys typed for the screen before), keeping resizes.
fn drain(app: &mut App) -> io::Result<()> {
    while event::poll(Duration::ZERO)? {
        if let Event::Resize(w, h) = event::read()? {
            app.update(Msg::Resize(w, h));
        }
    }
    Ok(())
}

/// Plays a game in the terminal until the players quit.
pub fn run(options: Options) -> io::Result<()> {
    let (_guard, mut terminal) = enter(options.mouse)?;
    let mut app = super::session::app_for(options);
    let size = terminal.size()?;
    app.update(Msg::Resize(size.width, size.height));
    // Lets the end-to-end test check that a panic restores the terminal.
    let test_panic = std::env::var_os("CATAN_TEST_PANIC").is_some();
    let mut gate = Gate::default();
    loop {
        terminal.draw(|frame| frame.render_widget(&app, frame.area()))?;
        // Written after the frame that shows the action, so the flush to disk never delays it.
        if app.autosave_now() {
            terminal.draw(|frame| frame.render_widget(&app, frame.area()))?;
        }
        if gate.drawn(app.handoff(), Instant::now()) {
            drain(&mut app)?;
        }
        if app.done {
            return Ok(());
        }
        if test_panic {
            panic!("CATAN_TEST_PANIC is set");
        }
        // Wait for an event that matters; mouse moves and releases don't redraw.
        let msg = loop {
            let (msg, input) = match event::read()? {
                Event::Key(key) => (Msg::Key(key), Input::User),
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    (Msg::Click { col: m.column, row: m.row }, Input::User)
                }
                Event::Paste(text) => (Msg::Paste(text), Input::User),
                Event::Resize(w, h) => (Msg::Resize(w, h), Input::Resize),
                _ => continue,
            };
            if gate.admits(input, Instant::now()) {
                break msg;
            }
        };
        app.update(msg);
    }
}

/// Timings of drawing, for `catan bench-frame`.
#[derive(Clone, Copy, Debug)]
pub struct FrameTimes {
    /// From creating the app to the end of its first frame.
    pub first: Duration,
    /// Mean time of one full frame (everything drawn into a fresh buffer and diffed).
    pub mean: Duration,
    /// Fastest frame.
    pub best: Duration,
    pub frames: u32,
}

/// A mid-game app for benchmarks: seed `seed`, three players, set-up and about twenty turns
/// played by a fixed rule, the player to act holding the keyboard, at `width` x `height`.
pub fn bench_app(seed: u64, width: u16, height: u16) -> App {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::new(seed, Some(names), super::Theme::default());
    let mut pick = 0usize;
    while app.game.turn_number() < 20 && !app.game.is_over() {
        let legal = app.game.legal_actions();
        pick = pick.wrapping_mul(31).wrapping_add(7);
        app.apply(vec![legal[pick % legal.len()]]);
    }
    app.viewer = Some(app.game.to_act());
    app.update(Msg::Resize(width, height));
    app
}

/// Measures drawing a mid-game screen of `width` x `height` in memory.
pub fn bench_frames(seed: u64, width: u16, height: u16, frames: u32) -> FrameTimes {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let start = Instant::now();
    let mut app = App::new(seed, Some(names), super::Theme::default());
    app.update(Msg::Resize(width, height));
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("in-memory terminal");
    terminal.draw(|f| f.render_widget(&app, f.area())).expect("in-memory draw");
    let first = start.elapsed();
    let app = bench_app(seed, width, height);
    let (mut total, mut best) = (Duration::ZERO, Duration::MAX);
    for _ in 0..frames.max(1) {
        // A fresh frame every time: ratatui would otherwise skip unchanged cells.
        terminal.clear().expect("in-memory clear");
        let t = Instant::now();
        terminal.draw(|f| f.render_widget(&app, f.area())).expect("in-memory draw");
        let d = t.elapsed();
        total += d;
        best = best.min(d);
    }
    FrameTimes { first, mean: total / frames.max(1), best, frames: frames.max(1) }
}
