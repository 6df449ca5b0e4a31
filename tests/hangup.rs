//! Issue 12, item 4: closing the terminal window. The game runs in a pseudo-terminal made here
//! (not portable-pty, whose reader thread keeps the terminal open), plays one placement, and
//! then the terminal's master side is closed as a terminal emulator does when its window
//! closes. With a controlling terminal the kernel sends SIGHUP; without one (a shell that
//! doesn't pass SIGHUP on) the terminal just hangs up. Either way the game must notice, keep
//! its autosave and exit with 129, not spin on the dead terminal.
#![cfg(target_os = "linux")]

mod support;

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use support::files::TempDir;

/// A new pseudo-terminal of 100 x 32: its master side and the path of its slave side.
fn open_pty() -> (File, String) {
    // SAFETY: plain libc calls on a descriptor this function owns; buffers sized as passed.
    unsafe {
        // Close-on-exec: no game (of this test or another running beside it) may hold it open.
        let fd = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC);
        assert!(fd >= 0, "posix_openpt");
        let master = File::from(OwnedFd::from_raw_fd(fd));
        assert_eq!(libc::grantpt(fd), 0);
        assert_eq!(libc::unlockpt(fd), 0);
        let mut name = [0 as libc::c_char; 128];
        assert_eq!(libc::ptsname_r(fd, name.as_mut_ptr(), name.len()), 0);
        let size = libc::winsize { ws_row: 32, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0 };
        assert_eq!(libc::ioctl(fd, libc::TIOCSWINSZ, &size), 0);
        assert_eq!(libc::fcntl(fd, libc::F_SETFL, libc::fcntl(fd, libc::F_GETFL) | libc::O_NONBLOCK), 0);
        let path = std::ffi::CStr::from_ptr(name.as_ptr()).to_str().unwrap().to_string();
        (master, path)
    }
}

struct Game {
    master: File,
    child: Child,
    output: Vec<u8>,
}

impl Game {
    fn start(data: &TempDir, controlling: bool) -> Game {
        let (master, slave_path) = open_pty();
        let slave = OpenOptions::new().read(true).write(true).open(&slave_path).unwrap();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_catan"));
        cmd.args(["--seed", "42", "--players", "Ann,Bob", "--no-mouse"])
            .env("CATAN_DATA_DIR", data.path())
            .env("TERM", "xterm-256color")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        if controlling {
            // SAFETY: only async-signal-safe calls between fork and exec.
            unsafe {
                cmd.pre_exec(|| {
                    if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        let child = cmd.spawn().unwrap();
        // `cmd` holds our copies of the slave: only the game keeps it open.
        drop(cmd);
        Game { master, child, output: Vec::new() }
    }

    /// Reads what the game drew for `d`, answering cursor position queries.
    fn pump(&mut self, d: Duration) {
        let until = Instant::now() + d;
        let mut buf = [0u8; 8192];
        while Instant::now() < until {
            let mut p = libc::pollfd { fd: self.master.as_raw_fd(), events: libc::POLLIN, revents: 0 };
            // SAFETY: one valid pollfd.
            unsafe { libc::poll(&mut p, 1, 20) };
            while let Ok(n) = self.master.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let queries = buf[..n].windows(4).filter(|w| w == b"\x1b[6n").count();
                self.output.extend_from_slice(&buf[..n]);
                for _ in 0..queries {
                    self.master.write_all(b"\x1b[1;1R").unwrap();
                }
            }
        }
    }

    fn send(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
    }

    /// Closes the window: the master side goes away. Returns the exit code, waiting up to 10 s.
    fn close_window(self) -> Option<i32> {
        let Game { master, mut child, .. } = self;
        drop(master);
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Some(status) = child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = child.kill();
        let _ = child.wait();
        None
    }
}

fn closing_the_window_keeps_the_game(controlling: bool) {
    let data = TempDir::new("hangup");
    let mut game = Game::start(&data, controlling);
    game.pump(Duration::from_millis(1500));
    assert!(
        String::from_utf8_lossy(&game.output).contains("Pass the keyboard to"),
        "the game started: {:?}",
        String::from_utf8_lossy(&game.output)
    );
    // Ann takes the keyboard (after the hand-off's half second) and places a settlement.
    game.send("\r");
    game.pump(Duration::from_millis(400));
    game.send("\r");
    let autosave = data.join("autosave");
    let deadline = Instant::now() + Duration::from_secs(10);
    let placed = || {
        // The game's autosave, not its lock file (`.NAME.lock`, held while the game is open).
        let file = std::fs::read_dir(&autosave)
            .ok()?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|x| x == "json"))?;
        catan::save::load(&file).ok().filter(|r| !r.actions().is_empty())
    };
    while placed().is_none() {
        assert!(Instant::now() < deadline, "the settlement was never autosaved");
        game.pump(Duration::from_millis(50));
    }
    let started = Instant::now();
    let code = game.close_window();
    assert_eq!(code, Some(129), "exits as if by SIGHUP (controlling terminal: {controlling})");
    // A liveness bound, generous for a loaded machine: the loop checks every 150 ms, but a
    // reader that spun on the closed terminal would never exit.
    assert!(started.elapsed() < Duration::from_secs(8), "noticed: {:?}", started.elapsed());
    let files = std::fs::read_dir(&autosave).unwrap().count();
    assert_eq!(files, 1, "one autosave, and its lock file gone with the game");
    assert_eq!(placed().expect("the autosave loads").actions().len(), 1);
}

#[test]
fn closing_the_window_sends_sighup_and_the_game_is_kept() {
    closing_the_window_keeps_the_game(true);
}

#[test]
fn a_hung_up_terminal_without_sighup_ends_the_game_too() {
    closing_the_window_keeps_the_game(false);
}
