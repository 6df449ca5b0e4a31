//! The two ends of a hosting, for the tests: a [`catan::host::Host`] on the loopback address
//! with small limits, and joiners that are the system's own `ssh` client, in a pseudo-terminal
//! like a person's or with its output piped. The code reaches ssh as a person's typing would:
//! through ssh's password prompt, answered by an `SSH_ASKPASS` script.

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use catan::host::{ConnId, Host, HostConfig, HostEvent, Limits, Wire};
use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

use crate::support::files::TempDir;

pub const CODE: &str = "otter plum jet";
/// Long enough for a slow machine; each wait ends as soon as what it waits for comes.
pub const WAIT: Duration = Duration::from_secs(8);

/// Where ssh is, or `None` (with the reason printed) on a machine without it: the test passes
/// without running, as CI's machines, which have ssh, do run it.
pub fn ssh() -> Option<&'static str> {
    let path = "/usr/bin/ssh";
    if Path::new(path).exists() {
        Some(path)
    } else {
        eprintln!("skipped: no ssh client at {path}");
        None
    }
}

/// Limits small enough for quick tests.
pub fn quick_limits() -> Limits {
    Limits { wrong_code_delay: Duration::from_millis(50), ..Limits::default() }
}

/// A host on 127.0.0.1 at a free port with [`CODE`], its key in a folder of its own.
pub struct TestHost {
    pub host: Host,
    pub dir: TempDir,
    /// The host's notes so far, in order.
    pub notes: Vec<String>,
}

impl TestHost {
    pub fn start(limits: Limits) -> TestHost {
        let dir = TempDir::new("host");
        TestHost::start_in(dir, limits)
    }

    pub fn start_in(dir: TempDir, limits: Limits) -> TestHost {
        let mut config = HostConfig::new(CODE.to_string(), dir.join("keys/host_ed25519"));
        config.bind = "127.0.0.1".parse().unwrap();
        config.port = 0;
        config.limits = limits;
        TestHost { host: Host::start(config).unwrap(), dir, notes: Vec::new() }
    }

    pub fn port(&self) -> u16 {
        self.host.local_addr().port()
    }

    /// The next event other than a note (notes are kept in `notes`), or `None` after `wait`.
    pub fn next(&mut self, wait: Duration) -> Option<HostEvent> {
        let until = Instant::now() + wait;
        loop {
            let left = until.checked_duration_since(Instant::now())?;
            match self.host.recv_timeout(left) {
                Some(HostEvent::Note(line)) => self.notes.push(line),
                other => return other,
            }
        }
    }

    /// The next event, which must come within [`WAIT`].
    pub fn expect(&mut self, what: &str) -> HostEvent {
        self.next(WAIT).unwrap_or_else(|| panic!("no {what} came; notes: {:?}", self.notes))
    }

    /// Waits for a join, answers it, and gives its connection, name and size.
    pub fn join(&mut self, answer: Result<(), String>) -> (ConnId, String, (u16, u16)) {
        match self.expect("join") {
            HostEvent::Join { conn, name, size, reply, .. } => {
                reply.answer(answer);
                (conn, name, size)
            }
            other => panic!("a join was due, not {other:?}"),
        }
    }

    /// Waits until a note containing `text` came.
    pub fn note(&mut self, text: &str) -> String {
        let until = Instant::now() + WAIT;
        loop {
            if let Some(line) = self.notes.iter().find(|l| l.contains(text)) {
                return line.clone();
            }
            assert!(Instant::now() < until, "no note with {text:?}; notes: {:?}", self.notes);
            if let Some(event) = self.next(Duration::from_millis(50)) {
                panic!("an event came while waiting for the note {text:?}: {event:?}");
            }
        }
    }
}

/// The options every joiner's ssh gets: no config or known hosts of the machine, the
/// password the only way in, the code from `askpass`, no escape character.
fn ssh_args(askpass_dir: &Path, port: u16) -> (Vec<String>, Vec<(String, String)>) {
    let args = [
        "-F",
        "/dev/null",
        "-e",
        "none",
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "PubkeyAuthentication=no",
        "-o",
        "PreferredAuthentications=password",
        "-o",
        "NumberOfPasswordPrompts=3",
        "-o",
        "LogLevel=ERROR",
        "-p",
    ];
    let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    args.push(port.to_string());
    let askpass = askpass_dir.join("askpass.sh");
    let env = vec![
        ("SSH_ASKPASS".to_string(), askpass.to_str().unwrap().to_string()),
        ("SSH_ASKPASS_REQUIRE".to_string(), "force".to_string()),
    ];
    (args, env)
}

/// Writes the script that answers ssh's password prompt with `code`, after `delay` (a person
/// slow to type it).
pub fn askpass(dir: &Path, code: &str, delay: Duration) {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("askpass.sh");
    let wait = delay.as_secs_f64();
    std::fs::write(&path, format!("#!/bin/sh\nsleep {wait}\nprintf '%s\\n' '{code}'\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// ssh run to its end with its output piped (no terminal): for what is refused. `target` is
/// the destination and, after spaces, a command.
pub fn ssh_piped(port: u16, code: &str, extra: &[&str], target: &str) -> Output {
    ssh_piped_env(port, code, extra, target, &[])
}

/// [`ssh_piped`] with more of ssh's environment.
pub fn ssh_piped_env(port: u16, code: &str, extra: &[&str], target: &str, more: &[(&str, &str)]) -> Output {
    let dir = TempDir::new("askpass");
    askpass(dir.path(), code, Duration::ZERO);
    let (args, env) = ssh_args(dir.path(), port);
    let mut cmd = Command::new(ssh().unwrap());
    cmd.args(&args).args(extra).args(target.split(' ')).envs(env).envs(more.iter().copied()).stdin(Stdio::null());
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let until = Instant::now() + WAIT;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > until {
            child.kill().unwrap();
            panic!("ssh {extra:?} {target} did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A joiner: ssh in a pseudo-terminal of `cols` x `rows`, as a person runs it.
pub struct Joiner {
    pub master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    pub child: Box<dyn Child + Send + Sync>,
    /// Everything received so far.
    pub seen: Vec<u8>,
    /// While set, the joiner's terminal reads nothing (a joiner who stopped taking frames).
    pub stalled: Arc<AtomicBool>,
    _askpass: TempDir,
}

impl Joiner {
    pub fn start(port: u16, name: &str, code: &str, cols: u16, rows: u16) -> Joiner {
        Joiner::start_with(port, (code, Duration::ZERO), &[], &format!("{name}@127.0.0.1"), cols, rows)
    }

    /// A joiner at 80 x 24 whose terminal is of type `term` (ssh sends it with the pty).
    pub fn start_term(port: u16, name: &str, code: &str, term: &str) -> Joiner {
        Joiner::start_in(port, (code, Duration::ZERO), &[], &format!("{name}@127.0.0.1"), (80, 24), term)
    }

    /// A joiner at 140 x 45 whose ssh offers the key `key` (a private key file) before the code,
    /// as most people's ssh does (H8: the host learns whose key it is).
    pub fn start_keyed(port: u16, name: &str, code: &str, key: &Path) -> Joiner {
        let key = key.to_str().unwrap();
        let first = [
            "-o",
            "PubkeyAuthentication=yes",
            "-o",
            "PreferredAuthentications=publickey,password",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "IdentityAgent=none",
            "-i",
            key,
        ];
        // ssh takes the first value given for an option: these come before the defaults.
        Joiner::start_first(port, (code, Duration::ZERO), &first, &format!("{name}@127.0.0.1"), (140, 45))
    }

    /// A joiner who connects at once and gives the code after `delay`.
    pub fn start_slow(port: u16, name: &str, code: &str, delay: Duration) -> Joiner {
        Joiner::start_with(port, (code, delay), &[], &format!("{name}@127.0.0.1"), 80, 24)
    }

    /// ssh with `extra` options before `target`, in a terminal of `cols` x `rows`, giving the
    /// code after its delay.
    pub fn start_with(port: u16, code: (&str, Duration), extra: &[&str], target: &str, cols: u16, rows: u16) -> Joiner {
        Joiner::start_in(port, code, extra, target, (cols, rows), "xterm-256color")
    }

    /// [`Joiner::start_with`] in a terminal of type `term`.
    fn start_in(
        port: u16,
        code: (&str, Duration),
        extra: &[&str],
        target: &str,
        size: (u16, u16),
        term: &str,
    ) -> Joiner {
        Joiner::spawn(port, code, (&[], extra), target, size, term)
    }

    /// ssh with `first` options before the defaults (ssh keeps the first value of an option).
    fn start_first(port: u16, code: (&str, Duration), first: &[&str], target: &str, size: (u16, u16)) -> Joiner {
        Joiner::spawn(port, code, (first, &[]), target, size, "xterm-256color")
    }

    fn spawn(
        port: u16,
        (code, delay): (&str, Duration),
        (first, extra): (&[&str], &[&str]),
        target: &str,
        (cols, rows): (u16, u16),
        term: &str,
    ) -> Joiner {
        let dir = TempDir::new("askpass");
        askpass(dir.path(), code, delay);
        let (args, env) = ssh_args(dir.path(), port);
        let pty = native_pty_system().openpty(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).unwrap();
        let mut cmd = CommandBuilder::new(ssh().unwrap());
        cmd.args(first);
        cmd.args(&args);
        cmd.args(extra);
        cmd.arg(target);
        cmd.env("TERM", term);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pty.slave.spawn_command(cmd).unwrap();
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().unwrap();
        let writer = pty.master.take_writer().unwrap();
        let (tx, output) = channel();
        let stalled = Arc::new(AtomicBool::new(false));
        let stall = stalled.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                while stall.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(10));
                }
                match reader.read(&mut buf) {
                    Ok(n) if n > 0 && tx.send(buf[..n].to_vec()).is_ok() => {}
                    _ => break,
                }
            }
        });
        Joiner { master: pty.master, writer, output, child, seen: Vec::new(), stalled, _askpass: dir }
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.seen).into_owned()
    }

    /// What the joiner's terminal shows now, read through a terminal emulator of its size.
    pub fn screen(&self) -> String {
        let size = self.master.get_size().unwrap();
        let n = |v: u16| std::num::NonZero::new(v).unwrap();
        let mut parser = vt100::Parser::new(n(size.rows), n(size.cols), 0);
        parser.process(&self.seen);
        parser.screen().contents()
    }

    /// Reads until the joiner's screen shows `text`.
    pub fn until_screen(&mut self, text: &str) {
        self.until(&format!("{text:?}"), |screen| screen.contains(text));
    }

    /// Reads until `done` holds of the joiner's screen (`what` names it for the failure): a
    /// frame may come in several reads, so what it shows is waited for, not asserted at once.
    pub fn until(&mut self, what: &str, done: impl Fn(&str) -> bool) {
        let until = Instant::now() + WAIT;
        while !done(&self.screen()) {
            assert!(Instant::now() < until, "{what} never showed; the joiner's screen:\n{}", self.screen());
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.seen.extend(bytes);
            }
        }
    }

    /// Reads for `d`, keeping up with what is sent.
    pub fn pause(&mut self, d: Duration) {
        let until = Instant::now() + d;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            if let Ok(bytes) = self.output.recv_timeout(left.min(Duration::from_millis(20))) {
                self.seen.extend(bytes);
            }
        }
    }

    /// Types `keys` and reads until the screen shows `then`.
    pub fn keys(&mut self, keys: &str, then: &str) {
        self.send(keys.as_bytes());
        self.until_screen(then);
    }

    /// Kills ssh at once (SIGKILL): a closed laptop, a lost connection.
    pub fn kill(&mut self) {
        let pid = self.child.process_id().expect("ssh runs") as i32;
        // SAFETY: kill has no memory effects; the pid is our child's.
        unsafe { libc::kill(pid, libc::SIGKILL) };
        let _ = self.child.wait();
    }

    /// Reads until what was received contains `text`.
    pub fn wait_for(&mut self, text: &str) {
        let until = Instant::now() + WAIT;
        while !self.text().contains(text) {
            assert!(Instant::now() < until, "{text:?} never came; the joiner saw {:?}", self.text());
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.seen.extend(bytes);
            }
        }
    }

    /// Types bytes, as the joiner's terminal sends them.
    pub fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).unwrap();
        self.writer.flush().unwrap();
    }

    pub fn resize(&self, cols: u16, rows: u16) {
        self.master.resize(PtySize { rows, cols, pixel_width: 0, pixel_height: 0 }).unwrap();
    }

    /// Whether ssh ended within [`WAIT`] (reading its output meanwhile).
    pub fn ended(&mut self) -> bool {
        let until = Instant::now() + WAIT;
        while Instant::now() < until {
            if self.child.try_wait().unwrap().is_some() {
                // What ssh wrote last may still be on its way from the reader thread.
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(200)) {
                    self.seen.extend(bytes);
                }
                return true;
            }
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(20)) {
                self.seen.extend(bytes);
            }
        }
        false
    }
}

impl Drop for Joiner {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A plain TCP connection to the host, for what is refused before any SSH is spoken: the
/// first bytes it gets within a second (the SSH banner), or none if it was closed at once.
pub fn first_bytes(addr: SocketAddr) -> (std::net::TcpStream, Vec<u8>) {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    let mut buf = [0u8; 64];
    let n = stream.read(&mut buf).unwrap_or(0);
    (stream, buf[..n].to_vec())
}
