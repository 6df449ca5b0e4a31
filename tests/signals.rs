//! Issue 27, "the terminal always comes back": every signal whose default action ends the
//! process and that can be caught (SIGUSR1, SIGUSR2, SIGALRM and the rest, beside SIGTERM,
//! SIGHUP, SIGINT and SIGQUIT of tests/e2e.rs) autosaves the game, gives the terminal back
//! (normal screen, cursor, no mouse capture or bracketed paste, raw mode off) and exits with
//! 128 + its number; SIGTSTP from outside gives the terminal back and stops, and SIGCONT takes
//! it again and draws the whole screen. The real binary in a pseudo-terminal (portable-pty),
//! its output parsed into a screen (vt100).
#![cfg(target_os = "linux")]

mod support;

use std::io::{Read, Write};
use std::num::NonZero;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use support::files::TempDir;

const TIMEOUT: Duration = Duration::from_secs(20);
/// Just over the time a fresh hand-off screen ignores keys.
const HANDOFF_HOLD: Duration = Duration::from_millis(600);

struct Session {
    parser: vt100::Parser,
    /// Output since [`Session::fresh`]: a screen that shows only what was drawn since.
    since: vt100::Parser,
    output: Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
    master: Box<dyn MasterPty + Send>,
    child: Box<dyn Child + Send + Sync>,
}

impl Session {
    /// The game for Ann and Bob, with mouse capture (so that its release is seen).
    fn start(data: &TempDir) -> Session {
        let (rows, cols) = (32, 100);
        let pty = native_pty_system().openpty(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_catan"));
        cmd.args(["--seed", "42", "--players", "Ann,Bob"]);
        cmd.env("TERM", "xterm-256color");
        cmd.env("CATAN_DATA_DIR", data.path());
        let child = pty.slave.spawn_command(cmd).unwrap();
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().unwrap();
        let writer = pty.master.take_writer().unwrap();
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let screen = || vt100::Parser::new(NonZero::new(rows).unwrap(), NonZero::new(cols).unwrap(), 0);
        Session { parser: screen(), since: screen(), output, writer, master: pty.master, child }
    }

    fn pid(&self) -> i32 {
        self.child.process_id().expect("the game runs") as i32
    }

    /// Forgets what was drawn so far, for [`Session::since`].
    fn fresh(&mut self) {
        let (rows, cols) = self.parser.screen().size();
        self.since = vt100::Parser::new(rows, cols, 0);
    }

    fn feed(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
        self.since.process(bytes);
        for _ in bytes.windows(4).filter(|w| w == b"\x1b[6n") {
            let (row, col) = self.parser.screen().cursor_position();
            self.send(&format!("\x1b[{};{}R", row + 1, col + 1));
        }
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Reads output until `done` holds of the session.
    fn until(&mut self, what: &str, done: impl Fn(&Session) -> bool) {
        let deadline = Instant::now() + TIMEOUT;
        while !done(self) {
            assert!(Instant::now() < deadline, "timed out waiting for {what}; the screen shows:\n{}", self.screen());
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.feed(&bytes);
            }
        }
    }

    fn wait_for(&mut self, text: &str) {
        self.until(text, |s| s.screen().contains(text));
    }

    fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    fn pause(&mut self, d: Duration) {
        let until = Instant::now() + d;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            if let Ok(bytes) = self.output.recv_timeout(left.min(Duration::from_millis(20))) {
                self.feed(&bytes);
            }
        }
    }

    fn signal(&self, sig: i32) {
        // SAFETY: kill has no memory effects; the pid is our child's.
        assert_eq!(unsafe { libc::kill(self.pid(), sig) }, 0, "kill({}, {sig})", self.pid());
    }

    /// The game's state letter in /proc (`T`: stopped).
    fn state(&self) -> char {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).unwrap_or_default();
        stat.rsplit_once(") ").and_then(|(_, rest)| rest.chars().next()).unwrap_or('?')
    }

    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the game did not exit");
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.feed(&bytes);
            }
        };
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(200)) {
            self.feed(&bytes);
        }
        status
    }

    /// Raw mode is off: the terminal echoes and reads lines again.
    fn cooked(&self) -> bool {
        self.master.get_termios().is_some_and(|t| {
            let flags = format!("{:?}", t.local_flags);
            flags.contains("ICANON") && flags.contains("ECHO")
        })
    }

    /// Normal screen, cursor shown, bracketed paste and mouse capture off, raw mode off.
    fn assert_restored(&self, what: &str) {
        let screen = self.parser.screen();
        assert!(!screen.alternate_screen(), "{what}: back on the normal screen");
        assert!(!screen.hide_cursor(), "{what}: cursor shown again");
        assert!(!screen.bracketed_paste(), "{what}: bracketed paste off again");
        assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None, "{what}: mouse capture off");
        assert!(self.cooked(), "{what}: raw mode is off again");
    }

    /// Ann takes the keyboard and places her first settlement: one action to autosave.
    fn place_a_settlement(&mut self) {
        self.wait_for("Pass the keyboard to A Ann");
        self.pause(HANDOFF_HOLD);
        self.send("\r");
        self.wait_for("Ann: place your first settlement");
        // The screen after a hand-off drops keys for a moment (issue 23).
        self.pause(Duration::from_millis(400));
        self.send("\r");
        self.wait_for("Ann builds a settlement");
    }
}

/// The autosave of `data`: one file, holding `actions` actions.
fn assert_autosaved(data: &TempDir, actions: usize, what: &str) {
    let files: Vec<_> = std::fs::read_dir(data.join("autosave"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert_eq!(files.len(), 1, "{what}: one autosave: {files:?}");
    let record = catan::save::load(&files[0]).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(record.actions().len(), actions, "{what}");
}

/// SIGUSR1, SIGUSR2, SIGALRM (and SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO): the game is
/// autosaved, the terminal given back, and the exit code is 128 + the signal's number. Before
/// issue 27 these left the alternate screen, mouse capture and hidden cursor behind.
#[test]
fn every_ending_signal_gives_the_terminal_back_and_autosaves() {
    for (sig, name) in [
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGVTALRM, "SIGVTALRM"),
        (libc::SIGPROF, "SIGPROF"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
        (libc::SIGIO, "SIGIO"),
    ] {
        let data = TempDir::new("signals");
        let mut s = Session::start(&data);
        s.place_a_settlement();
        assert!(s.parser.screen().alternate_screen() && !s.cooked(), "{name}: the game holds the terminal");
        assert_ne!(s.parser.screen().mouse_protocol_mode(), vt100::MouseProtocolMode::None, "{name}: mouse on");
        s.signal(sig);
        let status = s.wait_exit();
        assert_eq!(status.exit_code(), 128 + sig as u32, "{name}: {status:?}");
        s.assert_restored(name);
        assert_autosaved(&data, 1, name);
    }
}

/// SIGTSTP from outside (`kill -TSTP`): the game gives the terminal back and stops; SIGCONT
/// (`fg`) takes the terminal again and draws the whole screen, and play goes on. Before issue
/// 27 the shell came back inside the alternate screen with mouse capture on, and after `fg`
/// nothing was drawn again.
#[test]
fn sigtstp_gives_the_terminal_back_and_sigcont_takes_it_again() {
    let data = TempDir::new("signals-stop");
    let mut s = Session::start(&data);
    s.place_a_settlement();
    s.signal(libc::SIGTSTP);
    s.until("the game to stop", |s| s.state() == 'T');
    s.pause(Duration::from_millis(200));
    s.assert_restored("stopped");

    s.fresh();
    s.signal(libc::SIGCONT);
    s.until("the whole screen drawn again", |s| {
        s.since.screen().alternate_screen() && s.since.screen().contents().contains("Ann builds a settlement")
    });
    let screen = s.since.screen();
    assert!(screen.contents().contains("Players") && screen.contents().contains("Bank"), "{}", screen.contents());
    assert_ne!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None, "mouse capture taken again");
    assert!(screen.bracketed_paste() && !s.cooked(), "bracketed paste and raw mode taken again");

    // Play goes on: Ann's road, then the game ends on SIGTERM as usual.
    s.send("\r");
    s.wait_for("Ann builds a road");
    s.signal(libc::SIGTERM);
    assert_eq!(s.wait_exit().exit_code(), 143);
    s.assert_restored("after SIGTERM");
    assert_autosaved(&data, 2, "stopped and continued");
}

/// A stop from outside that can't be caught (SIGSTOP), then SIGCONT: the screen is drawn
/// whole again.
#[test]
fn sigcont_after_sigstop_draws_the_whole_screen() {
    let data = TempDir::new("signals-sigstop");
    let mut s = Session::start(&data);
    s.wait_for("Pass the keyboard to A Ann");
    s.signal(libc::SIGSTOP);
    s.until("the game to stop", |s| s.state() == 'T');
    s.fresh();
    s.signal(libc::SIGCONT);
    s.until("the whole screen drawn again", |s| s.since.screen().contents().contains("Pass the keyboard to A Ann"));
    assert!(s.since.screen().contents().contains("Players"), "{}", s.since.screen().contents());
    s.signal(libc::SIGTERM);
    assert_eq!(s.wait_exit().exit_code(), 143);
    s.assert_restored("after SIGTERM");
}
