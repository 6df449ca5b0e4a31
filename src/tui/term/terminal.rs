//! The real terminal: raw mode, alternate screen, bracketed paste and mouse capture switched
//! on at start and always off again at the end: on an error (a guard's `Drop`), on a panic (a
//! hook that runs before the panic message is printed) and on a signal (every signal whose
//! default action ends the process and that can be caught: SIGTERM, SIGHUP when the window
//! closes, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM and the rest; the loop sees a flag, the
//! game is autosaved and [`run`] returns [`Exit::Signal`]). SIGTSTP from outside leaves the
//! terminal and stops; on SIGCONT the terminal is taken back and the screen drawn afresh, as
//! full-screen programs do. The loop waits for input with a short timeout to look at
//! that flag: no busy wait. Keys meant for the screen before a hand-off never reach it (the
//! [`Gate`]), nor do keys typed while computer players moved reach the person whose turn
//! comes next. While a computer player acts the wait is cut short to play its moves
//! ([`App::tick`]), so the screen stays live while it thinks.

use std::io::{self, Stdout, stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event, MouseButton,
    MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::Terminal;
use ratatui::backend::{CrosstermBackend, TestBackend};

use crate::tui::app::new::Options;
use crate::tui::app::{App, Msg};
use crate::tui::table::remote::HostCard;
use crate::tui::term::gate::{Gate, Input};
#[cfg(feature = "ssh")]
use crate::tui::term::host_loop::Hosting;
#[cfg(not(feature = "ssh"))]
use no_hosting::Hosting;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The players quit.
    Quit,
    /// A signal (its number) stopped the game; it was autosaved and the terminal restored.
    Signal(i32),
}

impl Exit {
    /// The process's exit status: 0, or 128 + the signal's number as shells report it.
    pub fn code(self) -> std::process::ExitCode {
        match self {
            Exit::Quit => std::process::ExitCode::SUCCESS,
            Exit::Signal(n) => std::process::ExitCode::from((128 + n).clamp(0, 255) as u8),
        }
    }
}

/// How often the wait for input looks at the signal flag.
const TICK: Duration = Duration::from_millis(150);

/// Whether the game asked for mouse capture (taken again after a stop).
static MOUSE: AtomicBool = AtomicBool::new(false);
/// The screen was left (a stop) and taken back: the next frame is drawn whole.
static LOST: AtomicBool = AtomicBool::new(false);
/// The screen was taken back and [`wait_for`] hasn't yet said so (with a resize).
static TAKEN_BACK: AtomicBool = AtomicBool::new(false);

/// Puts the terminal back as it was. Safe to call more than once.
fn restore() {
    let _ = disable_raw_mode();
    let _ =
        execute!(stdout(), DisableBracketedPaste, DisableMouseCapture, LeaveAlternateScreen, crossterm::cursor::Show);
}

/// Restores the terminal when dropped, so every way out of [`run`] restores it.
pub(in crate::tui) struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if crate::tui::table::bot_job::panic_survived() {
            return;
        }
        // Restore first, so the message lands on a normal screen.
        restore();
        previous(info);
    }));
}

/// Switches the terminal to the game's modes (raw, alternate screen, bracketed paste, mouse
/// capture if asked) and returns it with the guard that switches them off again when dropped;
/// a panic switches them off too, and the stopping signals are caught from here on (see
/// [`wait`]). The replay viewer starts the terminal this way as well.
pub(in crate::tui) fn enter(mouse: bool) -> io::Result<(Guard, Terminal<CrosstermBackend<Stdout>>)> {
    signals::catch()?;
    install_panic_hook();
    MOUSE.store(mouse, Ordering::SeqCst);
    enable_raw_mode()?;
    let guard = Guard;
    take_modes()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    terminal.clear()?;
    Ok((guard, terminal))
}

/// Switches on the alternate screen, bracketed paste and (if asked) mouse capture.
fn take_modes() -> io::Result<()> {
    execute!(stdout(), EnterAlternateScreen, EnableBracketedPaste)?;
    if MOUSE.load(Ordering::SeqCst) {
        execute!(stdout(), EnableMouseCapture)?;
    }
    Ok(())
}

/// SIGTSTP from outside: the terminal is given back to the shell as it was, and the program
/// stops; when it is continued (SIGCONT, `fg`) it takes the terminal again.
fn suspend() -> io::Result<()> {
    restore();
    signals::stop();
    take_back()
}

/// After a stop (ours, or a SIGSTOP from outside): raw mode and the game's modes again, and
/// the next frame drawn whole ([`redraw_if_lost`]).
fn take_back() -> io::Result<()> {
    enable_raw_mode()?;
    take_modes()?;
    LOST.store(true, Ordering::SeqCst);
    TAKEN_BACK.store(true, Ordering::SeqCst);
    Ok(())
}

/// Clears the terminal's record of what the screen shows when the screen was lost to a stop,
/// so that the next `draw` draws every cell. Call before each draw.
pub(in crate::tui) fn redraw_if_lost<B: ratatui::backend::Backend>(terminal: &mut Terminal<B>) -> Result<(), B::Error> {
    if LOST.swap(false, Ordering::SeqCst) {
        terminal.clear()?;
    }
    Ok(())
}

/// What [`wait`] brings.
pub(in crate::tui) enum Wait {
    Event(Event),
    /// A stopping signal came (or the terminal hung up: SIGHUP).
    Signal(i32),
    /// The time given to [`wait_for`] passed without an event.
    Timeout,
    /// The bell given to [`wait_or_bell`] rang: the wire has events for the game.
    Bell,
}

/// The next terminal event, or the signal that asks the program to stop.
pub(in crate::tui) fn wait() -> io::Result<Wait> {
    wait_for(None)
}

/// The next terminal event, the signal that asks the program to stop, or after `timeout`
/// (`None`: no limit) nothing.
pub(in crate::tui) fn wait_for(timeout: Option<Duration>) -> io::Result<Wait> {
    wait_or_bell(timeout, None)
}

/// As [`wait_for`], and [`Wait::Bell`] as soon as `bell` (a file descriptor: the hosting
/// wire's) is readable: a hosting game sleeps on its terminal and its wire at once.
pub(in crate::tui) fn wait_or_bell(timeout: Option<Duration>, bell: Option<i32>) -> io::Result<Wait> {
    let deadline = timeout.map(|t| Instant::now() + t);
    loop {
        // A signal, or the window closed (crossterm's reader would spin on a hung-up terminal).
        if let Some(sig) = signals::caught() {
            return Ok(Wait::Signal(sig));
        }
        if signals::stop_asked() {
            suspend()?;
        } else if signals::continued() {
            take_back()?;
        }
        if TAKEN_BACK.swap(false, Ordering::SeqCst) {
            // Drawn again at once, at the size the terminal has now.
            let (w, h) = crossterm::terminal::size()?;
            return Ok(Wait::Event(Event::Resize(w, h)));
        }
        match event::poll(Duration::ZERO) {
            Ok(true) => return event::read().map(Wait::Event),
            Ok(false) => {
                let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
                if left.is_some_and(|l| l.is_zero()) {
                    return Ok(Wait::Timeout);
                }
                if signals::idle(left.map_or(TICK, |l| l.min(TICK)), bell) {
                    return Ok(Wait::Bell);
                }
            }
            Err(e) => return signals::caught().map(Wait::Signal).ok_or(e),
        }
    }
}

/// Drops every event already queued (keys typed for the screen before), keeping resizes.
fn drain(app: &mut App) -> io::Result<()> {
    while !signals::hung_up() && event::poll(Duration::ZERO)? {
        if let Event::Resize(w, h) = event::read()? {
            app.update(Msg::Resize(w, h));
        }
    }
    Ok(())
}

/// Plays a game in the terminal until the players quit or a signal stops it. On a signal the
/// game is autosaved, the terminal restored and the signal returned, so the caller exits with
/// 128 + its number ([`Exit::code`]) after everything is dropped normally.
pub fn run(options: Options) -> io::Result<Exit> {
    run_with(options, None)
}

/// Plays as [`run`] does while serving the person seats to friends over `hosting`'s wire
/// (`catan host`): the host's screen shows `card`, how to join.
#[cfg(feature = "ssh")]
pub fn run_hosting(options: Options, mut hosting: Hosting, card: HostCard) -> io::Result<Exit> {
    let exit = run_with(options, Some((&mut hosting, card)));
    let line = "The host ended the game. It is saved: the host can play on with catan host --continue.";
    hosting.close_all(line);
    exit
}

fn run_with(options: Options, hosting: Option<(&mut Hosting, HostCard)>) -> io::Result<Exit> {
    let (guard, mut terminal) = enter(options.mouse)?;
    let mut app = crate::tui::app::new::app_for(options);
    let size = terminal.size()?;
    app.update(Msg::Resize(size.width, size.height));
    let hosting = hosting.map(|(h, card)| {
        app.screen.card = Some(card);
        h
    });
    let result = play(&mut terminal, &mut app, hosting);
    let exit = match result {
        Ok(exit) => exit,
        // A closed window fails the next write; the signal is the real reason.
        Err(e) => Exit::Signal(signals::caught().ok_or(e)?),
    };
    if let Exit::Signal(_) = exit {
        // The game is on disk after every action already; this writes anything left.
        app.autosave_now();
    }
    leave(terminal);
    drop(guard);
    // Said once more on the normal screen, where it stays (issue 23): how to resume.
    if matches!(exit, Exit::Quit)
        && app.screen.start.is_none()
        && !app.table.game().is_over()
        && app.table.autosave_path().is_some()
    {
        let again = if app.screen.card.is_some() {
            "catan host --continue hosts it again"
        } else {
            "catan --continue resumes it"
        };
        println!("The game is saved: {again}.");
    }
    Ok(exit)
}

/// Drops the terminal, unless it hung up: ratatui's drop would then print a failure to show
/// the cursor on a standard error that is gone, and that print panics. The guard still runs.
pub(in crate::tui) fn leave(mut terminal: Terminal<CrosstermBackend<Stdout>>) {
    if terminal.show_cursor().is_err() {
        std::mem::forget(terminal);
    }
}

/// How long the loop waits on the terminal before looking at the wire, while hosting on a wire
/// without a bell to sleep on (a test's, or no pipe): the most a joiner's key waits then.
const HOST_SLICE: Duration = Duration::from_millis(5);

fn play(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    app: &mut App,
    mut hosting: Option<&mut Hosting>,
) -> io::Result<Exit> {
    // Lets the end-to-end test check that a panic restores the terminal.
    let test_panic = std::env::var_os("CATAN_TEST_PANIC").is_some();
    let mut gate = Gate::default();
    let mut bots_played = false;
    loop {
        redraw_if_lost(terminal)?;
        terminal.draw(|frame| draw(frame, app, &mut hosting))?;
        // Written after the frame that shows the action, so the flush to disk never delays it.
        if app.autosave_now() {
            terminal.draw(|frame| draw(frame, app, &mut hosting))?;
        }
        if let Some(h) = hosting.as_deref_mut() {
            h.draw(app);
        }
        let bots_play = app.screen.keyboard.bot_seat.is_some();
        if gate.drawn(app.screen.keyboard.guarded, Instant::now()) {
            drain(app)?;
        } else if bots_played && !bots_play && !app.table.game().is_over() {
            // The keyboard comes back to a person: keys pressed to hurry the computer players
            // along must not play their turn.
            drain(app)?;
            gate.hold(Instant::now());
        }
        bots_played = bots_play;
        if app.screen.done {
            return Ok(Exit::Quit);
        }
        if test_panic {
            panic!("CATAN_TEST_PANIC is set");
        }
        // Wait for an event that matters; mouse moves and releases don't redraw. While a
        // computer player acts, its moves come in between.
        let msg = loop {
            // While hosting, the loop sleeps on the terminal and the wire's bell at once, and
            // wakes for either or for the game's own timers (`App::bot_wait`: the bots' pace,
            // advice being worked out). A wire without a bell is looked at between slices.
            let bell = hosting.as_deref().and_then(Hosting::bell);
            let wait = match (app.bot_wait(Instant::now()), hosting.is_some() && bell.is_none()) {
                (wait, false) => wait,
                (wait, true) => Some(wait.map_or(HOST_SLICE, |w| w.min(HOST_SLICE))),
            };
            let (msg, input) = match wait_or_bell(wait, bell)? {
                Wait::Signal(sig) => return Ok(Exit::Signal(sig)),
                Wait::Timeout | Wait::Bell => {
                    let slice = if bell.is_some() { Duration::ZERO } else { HOST_SLICE };
                    let came = hosting.as_deref_mut().is_some_and(|h| h.pump(app, slice));
                    if app.tick(Instant::now()) || came {
                        break None;
                    }
                    continue;
                }
                Wait::Event(Event::Key(key)) => (Msg::Key(key), Input::User),
                Wait::Event(Event::Mouse(m)) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    (Msg::Click { col: m.column, row: m.row }, Input::User)
                }
                Wait::Event(Event::Paste(text)) => (Msg::Paste(text), Input::User),
                Wait::Event(Event::Resize(w, h)) => (Msg::Resize(w, h), Input::Resize),
                Wait::Event(_) => continue,
            };
            if gate.admits(input, Instant::now()) {
                break Some(msg);
            }
        };
        if let Some(msg) = msg {
            // `y` and `n` answer a join the host is asked about, unless a name is being typed.
            if let (Some(h), Msg::Key(key)) = (hosting.as_deref_mut(), &msg)
                && app.screen.saving.is_none()
                && h.admission_key(app, *key, Instant::now())
            {
                continue;
            }
            app.update(msg);
            // Keys held down must not starve the bots of their turn to move.
            app.tick(Instant::now());
        }
    }
}

/// Built without the `ssh` feature, no game is hosted: the loop's hosting side is a type with
/// no value, so every `Some(hosting)` branch is dead and the compiler says so.
#[cfg(not(feature = "ssh"))]
mod no_hosting {
    use std::time::{Duration, Instant};

    use crossterm::event::KeyEvent;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;

    use crate::tui::app::App;

    pub(super) enum Hosting {}

    impl Hosting {
        pub(super) fn draw(&mut self, _: &App) {
            match *self {}
        }

        pub(super) fn pump(&mut self, _: &mut App, _: Duration) -> bool {
            match *self {}
        }

        pub(super) fn admission_key(&mut self, _: &mut App, _: KeyEvent, _: Instant) -> bool {
            match *self {}
        }

        pub(super) fn render_admission(&mut self, _: &App, _: Rect, _: &mut Buffer) {
            match *self {}
        }

        pub(super) fn bell(&self) -> Option<i32> {
            match *self {}
        }
    }
}

/// One frame of the host's terminal: the game, and while hosting, a join the host is asked
/// about over it (H8).
fn draw(frame: &mut ratatui::Frame, app: &App, hosting: &mut Option<&mut Hosting>) {
    frame.render_widget(app, frame.area());
    if let Some(h) = hosting.as_deref_mut() {
        h.render_admission(app, frame.area(), frame.buffer_mut());
    }
}

/// The stopping signals, caught into a flag that [`wait`] reads.
#[cfg(unix)]
mod signals {
    use std::io;
    use std::os::fd::AsRawFd;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Arc, OnceLock};
    use std::time::Duration;

    use signal_hook::consts::{SIGCONT, SIGHUP, SIGSTOP, SIGTSTP};
    use signal_hook::flag;

    /// Every signal whose default action ends the process and that a program may catch, but
    /// those the system sends for a fault of the program itself (SIGSEGV, SIGBUS, SIGILL,
    /// SIGFPE, SIGTRAP, SIGSYS, and SIGABRT from `abort`, which the panic hook covers),
    /// SIGPIPE (which Rust ignores: a write then fails instead), and Linux's SIGPWR and
    /// SIGSTKFLT (which signal-hook doesn't know, and nothing sends a game).
    const ENDING: &[libc::c_int] = &[
        libc::SIGTERM,
        libc::SIGHUP,
        libc::SIGINT,
        libc::SIGQUIT,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGALRM,
        libc::SIGVTALRM,
        libc::SIGPROF,
        libc::SIGXCPU,
        libc::SIGXFSZ,
        // Linux ends a process on SIGIO (SIGPOLL); elsewhere it is ignored.
        #[cfg(any(target_os = "linux", target_os = "android"))]
        libc::SIGIO,
    ];

    /// The number of the first stopping signal that came (0: none yet).
    static CAUGHT: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    /// SIGTSTP came: leave the terminal and stop.
    static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    /// SIGCONT came: take the terminal back.
    static CONT: OnceLock<Arc<AtomicBool>> = OnceLock::new();

    /// Catches the ending signals, SIGTSTP and SIGCONT from now on (once per process). A
    /// second ending signal while the first is being handled ends the program at once, as
    /// usual.
    pub fn catch() -> io::Result<()> {
        if CAUGHT.get().is_some() {
            return Ok(());
        }
        tty();
        let caught = Arc::new(AtomicUsize::new(0));
        let twice = Arc::new(AtomicBool::new(false));
        for &sig in ENDING {
            // Registered first, so it runs before the flag is set: only the second one kills.
            flag::register_conditional_default(sig, Arc::clone(&twice))?;
            flag::register(sig, Arc::clone(&twice))?;
            flag::register_usize(sig, Arc::clone(&caught), sig as usize)?;
        }
        let (stop, cont) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
        flag::register(SIGTSTP, Arc::clone(&stop))?;
        flag::register(SIGCONT, Arc::clone(&cont))?;
        let _ = (STOP.set(stop), CONT.set(cont));
        let _ = CAUGHT.set(caught);
        Ok(())
    }

    /// True once after SIGTSTP came.
    pub fn stop_asked() -> bool {
        STOP.get().is_some_and(|f| f.swap(false, Ordering::SeqCst))
    }

    /// True once after SIGCONT came (a stop from outside, SIGSTOP, ended).
    pub fn continued() -> bool {
        CONT.get().is_some_and(|f| f.swap(false, Ordering::SeqCst))
    }

    /// Stops the program as SIGTSTP's default action does, until SIGCONT.
    pub fn stop() {
        let _ = signal_hook::low_level::raise(SIGSTOP);
        // The SIGCONT that ended the stop is this stop's own.
        continued();
    }

    /// The signal that asked the program to stop, if one did; a terminal that hung up counts
    /// as SIGHUP (the shell may not pass that signal on).
    pub fn caught() -> Option<i32> {
        let sig = CAUGHT.get().map(|c| c.load(Ordering::SeqCst) as i32).filter(|&n| n != 0);
        sig.or_else(|| hung_up().then_some(SIGHUP))
    }

    /// The terminal's input: standard input when it is a terminal, else the controlling
    /// terminal (`/dev/tty`, which crossterm then reads), opened once here to be watched for a
    /// hang-up. Decided once, at the start: a hung-up terminal is no longer seen as one.
    fn tty() -> Option<i32> {
        static TTY: OnceLock<Option<i32>> = OnceLock::new();
        *TTY.get_or_init(|| {
            use std::io::IsTerminal;
            let stdin = io::stdin();
            if stdin.is_terminal() {
                return Some(stdin.as_raw_fd());
            }
            let tty = std::fs::OpenOptions::new().read(true).write(true).open("/dev/tty").ok()?;
            // Kept open for the life of the program.
            Some(std::os::fd::IntoRawFd::into_raw_fd(tty))
        })
    }

    fn poll(timeout: Duration) -> libc::c_short {
        let Some(fd) = tty() else { return 0 };
        let mut p = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
        let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
        // SAFETY: one valid pollfd, for the length given.
        let n = unsafe { libc::poll(&mut p, 1, ms) };
        if n > 0 { p.revents } else { 0 }
    }

    /// True when the terminal hung up (its window closed). crossterm's reader would spin on
    /// such a terminal, so it is asked first.
    pub fn hung_up() -> bool {
        poll(Duration::ZERO) & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
    }

    /// Waits up to `timeout` for input (or a signal, which cuts the wait short), or for `bell`
    /// to be readable. True when the bell may have rung (without a terminal to poll beside it,
    /// the wait is cut to a slice and the bell is said to have rung: the wire is looked at).
    pub fn idle(timeout: Duration, bell: Option<i32>) -> bool {
        let Some(fd) = tty() else {
            let slice = if bell.is_some() { timeout.min(super::HOST_SLICE) } else { timeout };
            let _ = crossterm::event::poll(slice);
            return bell.is_some();
        };
        let mut p = [
            libc::pollfd { fd, events: libc::POLLIN, revents: 0 },
            libc::pollfd { fd: bell.unwrap_or(-1), events: libc::POLLIN, revents: 0 },
        ];
        let ms = timeout.as_millis().min(i32::MAX as u128) as libc::c_int;
        // SAFETY: two valid pollfds (a negative fd is ignored by poll), for the length given.
        let n = unsafe { libc::poll(p.as_mut_ptr(), 2, ms) };
        n > 0 && p[1].revents & libc::POLLIN != 0
    }
}

/// Elsewhere only Ctrl-C stops the program, and the loop sees it as a key.
#[cfg(not(unix))]
mod signals {
    use std::io;
    use std::time::Duration;

    pub fn catch() -> io::Result<()> {
        Ok(())
    }
    pub fn caught() -> Option<i32> {
        None
    }
    pub fn stop_asked() -> bool {
        false
    }
    pub fn continued() -> bool {
        false
    }
    pub fn stop() {}
    pub fn hung_up() -> bool {
        false
    }

    pub fn idle(timeout: Duration, bell: Option<i32>) -> bool {
        let slice = if bell.is_some() { timeout.min(super::HOST_SLICE) } else { timeout };
        let _ = crossterm::event::poll(slice);
        bell.is_some()
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
    let mut app = App::new(seed, Some(names), crate::tui::screen::theme::Theme::default());
    let mut pick = 0usize;
    while app.table.game().turn_number() < 20 && !app.table.game().is_over() {
        let legal = app.table.legal();
        pick = pick.wrapping_mul(31).wrapping_add(7);
        app.apply(vec![legal[pick % legal.len()]]);
    }
    app.screen.viewer = Some(app.table.game().to_act());
    app.update(Msg::Resize(width, height));
    app
}

/// Measures drawing a mid-game screen of `width` x `height` in memory.
pub fn bench_frames(seed: u64, width: u16, height: u16, frames: u32) -> FrameTimes {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let start = Instant::now();
    let mut app = App::new(seed, Some(names), crate::tui::screen::theme::Theme::default());
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
