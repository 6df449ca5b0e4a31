//! The time from a joiner's key to its frame over real ssh on loopback (issue 40's benchmark,
//! its time half): a host on 127.0.0.1 runs the hosting loop as `catan host` does; Bob joins
//! with the system's `ssh` in a pseudo-terminal of 140 x 45 and moves his set-up cursor, one
//! arrow key at a time; each key is timed from its write to the first byte of the frame it
//! brings, and the frame's bytes are counted.
//!
//! `cargo run --release --example host_latency [KEYS]` (needs `ssh`; 200 keys by default)

use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use catan::host::{Host, HostConfig};
use catan::tui::{App, Hosting, Msg, Theme};
use portable_pty::{CommandBuilder, PtySize, native_pty_system};

const CODE: &str = "bench code";

/// Waits for the next output chunk within `wait`.
fn next(rx: &Receiver<Vec<u8>>, wait: Duration) -> Option<Vec<u8>> {
    rx.recv_timeout(wait).ok()
}

/// Takes output until nothing has come for `quiet`; returns how many bytes.
fn drain(rx: &Receiver<Vec<u8>>, quiet: Duration) -> usize {
    let mut n = 0;
    while let Some(bytes) = next(rx, quiet) {
        n += bytes.len();
    }
    n
}

fn joiner(port: u16, keys: usize, done: Arc<AtomicBool>) -> (Vec<Duration>, Vec<usize>) {
    let dir = std::env::temp_dir().join(format!("catan-latency-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let askpass = dir.join("askpass");
    std::fs::write(&askpass, format!("#!/bin/sh\necho '{CODE}'\n")).unwrap();
    std::fs::set_permissions(&askpass, std::os::unix::fs::PermissionsExt::from_mode(0o700)).unwrap();
    let pty = native_pty_system().openpty(PtySize { rows: 45, cols: 140, pixel_width: 0, pixel_height: 0 }).unwrap();
    let mut cmd = CommandBuilder::new("ssh");
    let port = port.to_string();
    let options =
        ["StrictHostKeyChecking=no", "UserKnownHostsFile=/dev/null", "PubkeyAuthentication=no", "LogLevel=ERROR"];
    cmd.args(["-F", "/dev/null", "-p", &port]);
    for o in options {
        cmd.args(["-o", o]);
    }
    cmd.arg("Bob@127.0.0.1");
    cmd.env("SSH_ASKPASS", &askpass);
    cmd.env("SSH_ASKPASS_REQUIRE", "force");
    cmd.env("HOME", &dir);
    cmd.env("TERM", "xterm-256color");
    let mut child = pty.slave.spawn_command(cmd).unwrap();
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().unwrap();
    let mut writer = pty.master.take_writer().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 65536];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    // The first frame, then quiet.
    next(&rx, Duration::from_secs(10)).expect("Bob's first frame");
    drain(&rx, Duration::from_millis(300));
    let (mut times, mut bytes) = (Vec::new(), Vec::new());
    let arrows = ["\x1b[C", "\x1b[B", "\x1b[D", "\x1b[A"];
    for i in 0..keys {
        let t = Instant::now();
        writer.write_all(arrows[i % 4].as_bytes()).unwrap();
        writer.flush().unwrap();
        let Some(first) = next(&rx, Duration::from_secs(5)) else { break };
        times.push(t.elapsed());
        bytes.push(first.len() + drain(&rx, Duration::from_millis(30)));
    }
    done.store(true, Ordering::SeqCst);
    let _ = child.kill();
    let _ = std::fs::remove_dir_all(&dir);
    (times, bytes)
}

fn main() {
    let keys = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let key_dir = std::env::temp_dir().join(format!("catan-latency-key-{}", std::process::id()));
    let mut config = HostConfig::new(CODE.into(), key_dir.join("host_key"));
    (config.bind, config.port) = ("127.0.0.1".parse().unwrap(), 0);
    let host = Host::start(config).expect("a host on loopback");
    let port = host.local_addr().port();
    // Bob places first: his set-up cursor is his to move from the start.
    let names = ["Bob", "Ann", "Cy"].map(String::from).to_vec();
    let theme = Theme { color: true, ascii: false };
    let mut app = App::new(42, Some(names), theme);
    app.update(Msg::Resize(140, 45));
    let mut hosting = Hosting::new(Box::new(host), theme);
    let done = Arc::new(AtomicBool::new(false));
    let bob = {
        let done = Arc::clone(&done);
        std::thread::spawn(move || joiner(port, keys, done))
    };
    // The host's loop, as `catan host` runs it between its own terminal's waits.
    while !done.load(Ordering::SeqCst) {
        if hosting.pump(&mut app, Duration::from_millis(5)) {
            hosting.draw(&app);
        }
    }
    let (mut times, bytes) = bob.join().unwrap();
    let _ = std::fs::remove_dir_all(&key_dir);
    times.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let pick = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!("{} arrow keys on Bob's own screen at 140 x 45, over ssh on 127.0.0.1", times.len());
    println!(
        "key to frame: median {:.2} ms, p90 {:.2} ms, max {:.2} ms",
        ms(pick(0.5)),
        ms(pick(0.9)),
        ms(*times.last().unwrap())
    );
    let mut sorted = bytes.clone();
    sorted.sort_unstable();
    println!(
        "bytes of a key's frame, as the joiner's terminal gets them: median {}, max {}",
        sorted[sorted.len() / 2],
        sorted.last().unwrap()
    );
}
