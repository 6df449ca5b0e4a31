//! The pseudo-terminal harness of the end-to-end tests: the real binary in a pty
//! (portable-pty), its output parsed into a screen (vt100), keys sent as bytes.

use std::io::{Read, Write};
use std::num::NonZero;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

use super::files::TempDir;

/// Just over the time a fresh hand-off screen ignores keys.
pub const HANDOFF_HOLD: Duration = Duration::from_millis(600);
/// Just over the time the screen after a hand-off ignores keys.
pub const AFTER_HOLD: Duration = Duration::from_millis(400);

pub const TIMEOUT: Duration = Duration::from_secs(20);

pub struct Session {
    pub parser: vt100::Parser,
    /// Output since [`Session::fresh`]: a screen that shows only what was drawn since.
    pub since: vt100::Parser,
    pub output: Receiver<Vec<u8>>,
    pub writer: Box<dyn Write + Send>,
    pub master: Box<dyn MasterPty + Send>,
    pub child: Box<dyn Child + Send + Sync>,
    /// The data directory (autosaves) of a session that wasn't given one.
    pub _data: Option<TempDir>,
}

impl Session {
    /// Starts the game with a data directory of its own, so autosaves stay out of the home.
    pub fn start(args: &[&str], cols: u16, rows: u16) -> Session {
        let data = TempDir::new("e2e");
        let mut s = Session::start_with(args, &[("CATAN_DATA_DIR", data.path().to_str().unwrap())], cols, rows);
        s._data = Some(data);
        s
    }

    pub fn start_with(args: &[&str], env: &[(&str, &str)], cols: u16, rows: u16) -> Session {
        let pty = native_pty_system().openpty(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_catan"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
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
        Session { parser: screen(), since: screen(), output, writer, master: pty.master, child, _data: None }
    }

    pub fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    /// Forgets what was drawn so far, for [`Session::since`].
    pub fn fresh(&mut self) {
        let (rows, cols) = self.parser.screen().size();
        self.since = vt100::Parser::new(rows, cols, 0);
    }

    /// Reads output until `done` holds of the session.
    pub fn until(&mut self, what: &str, done: impl Fn(&Session) -> bool) {
        let deadline = Instant::now() + TIMEOUT;
        while !done(self) {
            assert!(Instant::now() < deadline, "timed out waiting for {what}; the screen shows:\n{}", self.screen());
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.feed(&bytes);
            }
        }
    }

    /// Reads output until the screen shows `text`.
    pub fn wait_for(&mut self, text: &str) {
        self.wait_for_any(&[text]);
    }

    /// Reads output until the screen shows one of `texts`; says which.
    pub fn wait_for_any(&mut self, texts: &[&str]) -> usize {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let screen = self.screen();
            if let Some(i) = texts.iter().position(|t| screen.contains(t)) {
                return i;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "timed out waiting for one of {texts:?}; the screen shows:\n{screen}");
            if let Ok(bytes) = self.output.recv_timeout(left.min(Duration::from_millis(50))) {
                self.feed(&bytes);
            }
        }
    }

    /// Parses output, answering cursor position queries as a terminal would (crossterm asks
    /// when the screen is set up).
    pub fn feed(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
        self.since.process(bytes);
        for _ in bytes.windows(4).filter(|w| w == b"\x1b[6n") {
            let (row, col) = self.parser.screen().cursor_position();
            self.send(&format!("\x1b[{};{}R", row + 1, col + 1));
        }
    }

    pub fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Sends keys and waits for the screen to show `then`.
    pub fn keys(&mut self, keys: &str, then: &str) {
        self.send(keys);
        self.wait_for(then);
    }

    /// Reads output for `d` (the screen keeps up with the program meanwhile).
    pub fn pause(&mut self, d: Duration) {
        let until = Instant::now() + d;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            if let Ok(bytes) = self.output.recv_timeout(left.min(Duration::from_millis(20))) {
                self.feed(&bytes);
            }
        }
    }

    /// Enter on a hand-off screen, after it has been up just over the half second in which it
    /// ignores the keyboard (H1), then waits for `then`, and for the moment in which the
    /// screen after a hand-off ignores keys too (H1a, issue 23).
    pub fn take_keyboard(&mut self, then: &str) {
        self.pause(HANDOFF_HOLD);
        self.keys("\r", then);
        self.pause(AFTER_HOLD);
    }

    /// Rolls for `who` ("A Ann"): when a 7 comes, sends the robber where the cursor is and robs
    /// the player the cursor picks, until `who` builds or trades.
    pub fn roll(&mut self, who: &str) {
        let done = format!("{who} builds or trades");
        self.send("r");
        let robber = format!("{who} moves the robber");
        let mut seen = self.wait_for_any(&[&done, &robber, &format!("{who} discards")]);
        if seen == 2 {
            // Their own 7 with more cards than the limit: as many of each resource as they
            // hold, row by row, up to the count asked for.
            self.send(&format!("{}j", "+".repeat(19)).repeat(5));
            self.send("\r");
            seen = self.wait_for_any(&[&done, &robber]);
        }
        if seen == 1 {
            // The cursor starts on the robber, which must move: Tab to the next hex first.
            // After discards the keyboard may have come back from a bot's discard, and the
            // keys of that moment are dropped (issue 23): wait as a person would.
            self.pause(Duration::from_millis(400));
            self.send("\t\r");
            if self.wait_for_any(&[&done, "Rob whom?"]) == 1 {
                self.keys("\r", &done);
            }
        }
    }

    /// The game's process id.
    pub fn pid(&self) -> i32 {
        self.child.process_id().expect("the game runs") as i32
    }

    /// Sends the signal `sig` to the game.
    pub fn signal(&self, sig: i32) {
        let pid = self.pid();
        // SAFETY: kill has no memory effects; the pid is our child's.
        assert_eq!(unsafe { libc::kill(pid, sig) }, 0, "kill({pid}, {sig})");
    }

    /// The game's state letter in /proc (`T`: stopped; Linux only).
    pub fn state(&self) -> char {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).unwrap_or_default();
        stat.rsplit_once(") ").and_then(|(_, rest)| rest.chars().next()).unwrap_or('?')
    }

    /// Raw mode is off: the terminal echoes and reads lines again.
    pub fn cooked(&self) -> bool {
        self.master.get_termios().is_some_and(|t| {
            let flags = format!("{:?}", t.local_flags);
            flags.contains("ICANON") && flags.contains("ECHO")
        })
    }
}

impl Session {
    pub fn wait_exit(&mut self) -> portable_pty::ExitStatus {
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

    /// Normal screen, cursor shown, bracketed paste and mouse capture off, raw mode off.
    pub fn assert_restored(&self) {
        self.assert_restored_after("at the end");
    }

    /// [`Session::assert_restored`], saying after what (`what`) in its messages.
    pub fn assert_restored_after(&self, what: &str) {
        let screen = self.parser.screen();
        assert!(!screen.alternate_screen(), "{what}: back on the normal screen");
        assert!(!screen.hide_cursor(), "{what}: cursor shown again");
        assert!(!screen.bracketed_paste(), "{what}: bracketed paste off again");
        assert_eq!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None, "{what}: mouse capture off again");
        if let Some(t) = self.master.get_termios() {
            let flags = format!("{:?}", t.local_flags);
            assert!(flags.contains("ICANON") && flags.contains("ECHO"), "{what}: raw mode is off again: {flags}");
        }
    }
}

/// The binary on a saved position (140 x 45, no mouse), and the folder its autosaves go to.
pub fn load_record(record: &catan::save::Record, tag: &str) -> (Session, TempDir) {
    let data = TempDir::new(tag);
    let file = data.path().join("case.json");
    std::fs::write(&file, catan::save::to_json(record)).unwrap();
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    let s = Session::start_with(&["--load", file.to_str().unwrap(), "--no-mouse"], &env, 140, 45);
    (s, data)
}
