//! A program's process: started with no shell between, in a process group of its own, its
//! output read on a thread line by line with every line and the whole bounded, its input
//! written on a thread (a program that reads nothing can't stall the game), its standard error
//! kept only as a short tail for the message that names a failure, and the whole group killed
//! when it is stopped.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{MAX_PROGRAM_BYTES, MAX_PROGRAM_LINE};

/// Lines a program may have written ahead of being read.
const LINES_AHEAD: usize = 4;
/// How much of the program's standard error is kept (its last bytes).
const STDERR_TAIL: usize = 600;

/// What came from the program's output.
enum Out {
    Line(String),
    /// The output closed.
    Closed,
    /// A line longer than [`MAX_PROGRAM_LINE`].
    TooLong,
    /// More than [`MAX_PROGRAM_BYTES`] in all.
    TooMuch,
}

/// Why nothing usable came back.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Silence {
    /// No line in time.
    Late,
    /// The output closed: the program exited (with this status, if known) or closed it.
    Closed(Option<String>),
    TooLong,
    TooMuch,
}

/// The process groups of the programs running now: [`stop_all`] kills them when `catan`
/// exits while one is still deciding on a thread nobody waits for (a quit never waits for a
/// computer player; a program in a group of its own would outlive it).
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Kills every program still running (see [`RUNNING`]).
pub(crate) fn stop_all() {
    let groups = RUNNING.lock().map(|mut r| std::mem::take(&mut *r)).unwrap_or_default();
    for pid in groups {
        // SAFETY: kill(2) on a process group we started; no memory is touched.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

/// A running program.
pub(super) struct Child {
    child: std::process::Child,
    input: Option<Sender<String>>,
    output: Receiver<Out>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stopped: bool,
}

impl Child {
    /// Starts `argv` (program and arguments, no shell) in a new process group.
    pub(super) fn spawn(argv: &[String]) -> std::io::Result<Child> {
        let (program, args) = argv.split_first().ok_or_else(|| std::io::Error::other("an empty command"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let (stdin, stdout, stderr) = (
            child.stdin.take().expect("piped"),
            child.stdout.take().expect("piped"),
            child.stderr.take().expect("piped"),
        );
        let (to_input, input) = mpsc::channel::<String>();
        let spawn = |name: &str, f: Box<dyn FnOnce() + Send>| std::thread::Builder::new().name(name.into()).spawn(f);
        let writer = move || {
            let mut stdin = stdin;
            for line in input {
                if stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()).is_err() {
                    break;
                }
            }
        };
        // A few lines at most wait to be read: a program that writes ahead blocks on its pipe
        // instead of filling memory with lines (the bytes bound alone would let a flood of
        // short lines cost far more than its bytes).
        let (to_output, output) = mpsc::sync_channel(LINES_AHEAD);
        let reader = move || read_lines(stdout, to_output);
        let tail = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&tail);
        let errors = move || keep_tail(stderr, &kept);
        let started = spawn("program input", Box::new(writer))
            .and_then(|_| spawn("program output", Box::new(reader)))
            .and_then(|_| spawn("program stderr", Box::new(errors)));
        if let (Ok(pid), Ok(mut running)) = (i32::try_from(child.id()), RUNNING.lock()) {
            running.push(pid);
        }
        let mut me = Child { child, input: Some(to_input), output, stderr: tail, stopped: false };
        if let Err(e) = started {
            me.stop();
            return Err(e);
        }
        Ok(me)
    }

    /// Sends one line (its newline included); a program that has gone just doesn't read it.
    pub(super) fn send(&self, line: String) {
        if let Some(input) = &self.input {
            let _ = input.send(line);
        }
    }

    /// The next line, waited for until `deadline`.
    pub(super) fn recv(&mut self, deadline: Instant) -> Result<String, Silence> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(wait) {
            Ok(Out::Line(l)) => Ok(l),
            Ok(Out::TooLong) => Err(Silence::TooLong),
            Ok(Out::TooMuch) => Err(Silence::TooMuch),
            Ok(Out::Closed) | Err(RecvTimeoutError::Disconnected) => Err(Silence::Closed(self.exit_status())),
            Err(RecvTimeoutError::Timeout) => Err(Silence::Late),
        }
    }

    /// How the program ended, if it has (given a moment to be reaped after closing its output).
    fn exit_status(&mut self) -> Option<String> {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status.to_string()),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// The last of what the program wrote to its standard error, on one line, printable.
    pub(super) fn stderr_tail(&self) -> String {
        let bytes = self.stderr.lock().map(|b| b.clone()).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        let last = text.lines().map(str::trim).rfind(|l| !l.is_empty()).unwrap_or("");
        last.chars().filter(|c| !c.is_control()).take(160).collect()
    }

    /// Closes the program's input and gives it `grace` to exit before its group is killed.
    pub(super) fn close(&mut self, grace: Duration) {
        self.input = None;
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.stop();
    }

    /// Kills the program's process group (everything it started that stayed in it) and reaps
    /// it on a thread of its own, so nothing here waits on a process.
    pub(super) fn stop(&mut self) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        self.input = None;
        if let Ok(pid) = i32::try_from(self.child.id()) {
            if let Ok(mut running) = RUNNING.lock() {
                running.retain(|&p| p != pid);
            }
            // SAFETY: kill(2) with a negative pid signals that process group; no memory is
            // touched. The group is the program's own (`process_group(0)` at spawn).
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let id = self.child.id();
            // Reaped by waitpid on a thread: the child is dead or dying (SIGKILL).
            let _ = std::thread::Builder::new().name("program reaper".into()).spawn(move || {
                let mut status = 0;
                // SAFETY: waitpid on our own child's pid, with a valid status pointer.
                unsafe {
                    libc::waitpid(id as i32, &mut status, 0);
                }
            });
        }
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Reads lines until the output closes or breaks a bound, then stops reading (the program is
/// stopped by whoever reads the channel).
fn read_lines(stdout: impl Read, out: SyncSender<Out>) {
    let mut reader = BufReader::new(stdout);
    let mut total = 0u64;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let limit = MAX_PROGRAM_LINE as u64;
        let got = (&mut reader).take(limit).read_until(b'\n', &mut buf);
        let message = match got {
            Ok(0) | Err(_) => Out::Closed,
            Ok(n) => {
                total += n as u64;
                if total > MAX_PROGRAM_BYTES {
                    Out::TooMuch
                } else if buf.last() != Some(&b'\n') && n as u64 == limit {
                    Out::TooLong
                } else {
                    Out::Line(String::from_utf8_lossy(&buf).into_owned())
                }
            }
        };
        let last = !matches!(message, Out::Line(_));
        if out.send(message).is_err() || last {
            return;
        }
    }
}

/// Drains the program's standard error, keeping only its last bytes.
fn keep_tail(mut stderr: impl Read, tail: &Mutex<Vec<u8>>) {
    let mut chunk = [0u8; 4096];
    while let Ok(n) = stderr.read(&mut chunk) {
        if n == 0 {
            return;
        }
        let Ok(mut kept) = tail.lock() else { return };
        kept.extend_from_slice(&chunk[..n]);
        let over = kept.len().saturating_sub(STDERR_TAIL);
        kept.drain(..over);
    }
}
