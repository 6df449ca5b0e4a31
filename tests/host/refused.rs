//! What the host refuses: a wrong code (and the address that keeps trying, slowed, never shut
//! out), a session without a terminal, exec, sftp, port and X11 forwarding, connections past
//! the limit (told why in words); and the host key, kept private and the same from one hosting
//! to the next.

use std::os::unix::fs::PermissionsExt;
use std::time::Duration;

use catan::host::{Limits, Wire};

use crate::client::{CODE, Joiner, TestHost, quick_limits, ssh, ssh_piped};

/// No join reached the game (the host's notes are kept meanwhile).
fn no_join(host: &mut TestHost) {
    if let Some(event) = host.next(Duration::from_millis(200)) {
        panic!("nothing should reach the game, but {event:?} did");
    }
}

#[test]
fn a_wrong_code_is_refused_after_three_tries_and_the_log_names_the_address() {
    if ssh().is_none() {
        return;
    }
    let delay = Duration::from_millis(300);
    let mut host = TestHost::start(Limits { wrong_code_delay: delay, ..quick_limits() });
    let started = std::time::Instant::now();
    let out = ssh_piped(host.port(), "otter plum jot", &[], "Bob@127.0.0.1");
    assert!(started.elapsed() >= 3 * delay, "each wrong code is answered after the delay");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Permission denied"), "{out:?}");
    let line = host.note("(try 3 of 3)");
    assert!(line.starts_with("wrong code from 127.0.0.1:"), "{line}");
    assert_eq!(host.notes.iter().filter(|l| l.starts_with("wrong code from 127.0.0.1:")).count(), 3);
    no_join(&mut host);
}

#[test]
fn an_address_that_guessed_too_often_is_slowed_and_a_friend_there_still_gets_in() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(Limits { tries_per_minute: 2, ..quick_limits() });
    let out = ssh_piped(host.port(), "guess", &[], "Bob@127.0.0.1");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Permission denied"), "{out:?}");
    host.note("slowing 127.0.0.1: 2 wrong codes this minute");
    // Nothing shuts the address out: Ann, behind the same address, has the code.
    let _ann = Joiner::start(host.port(), "Ann", CODE, 80, 24);
    let (_, name, _) = host.join(Ok(()));
    assert_eq!(name, "Ann");
    assert_eq!(host.host.turned().slowed, 1);
}

/// A plain TCP connection that says an ssh client's first words (or nothing), and the first
/// bytes it gets within 3 s.
fn knock(addr: std::net::SocketAddr, speak: bool) -> (std::net::TcpStream, Vec<u8>) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    if speak {
        stream.write_all(b"SSH-2.0-test\r\n").unwrap();
    }
    stream.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
    let mut buf = [0u8; 256];
    let n = stream.read(&mut buf).unwrap_or(0);
    (stream, buf[..n].to_vec())
}

/// Whether the host closed `stream` (within 3 s).
fn closed(stream: &mut std::net::TcpStream) -> bool {
    let mut buf = [0u8; 4096];
    loop {
        match std::io::Read::read(stream, &mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) => return !matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut),
        }
    }
}

#[test]
fn the_server_names_no_library_and_a_silent_connection_makes_room() {
    let host = TestHost::start(Limits { waiting_per_address: 2, ..quick_limits() });
    let addr = host.host.local_addr();
    let (mut a, first) = knock(addr, false);
    let (mut b, _) = knock(addr, false);
    assert!(first.starts_with(b"SSH-2.0-catan\r\n"), "{:?}", String::from_utf8_lossy(&first));
    // A third from the address that says nothing either takes no one's place: told why.
    let (_, third) = knock(addr, false);
    assert!(String::from_utf8_lossy(&third).contains("too many connections from your address"), "{third:?}");
    // One that speaks pushes out one of the two that never did.
    let (_d, fourth) = knock(addr, true);
    assert!(fourth.starts_with(b"SSH-2.0-catan\r\n"), "{:?}", String::from_utf8_lossy(&fourth));
    assert!(!String::from_utf8_lossy(&fourth).contains("too many"), "it was let in");
    assert!(closed(&mut a) || closed(&mut b), "neither silent connection was closed");
    assert_eq!(host.host.turned().refused, 2, "one told why, one pushed out");
}

#[test]
fn one_too_many_waiting_from_an_address_is_told_why_in_words() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(Limits { waiting_per_address: 2, ..quick_limits() });
    // Ann and Bob sit at the password prompt, slow to type the code.
    let slow = Duration::from_secs(6);
    let _ann = Joiner::start_slow(host.port(), "Ann", CODE, slow);
    let _bob = Joiner::start_slow(host.port(), "Bob", CODE, slow);
    std::thread::sleep(Duration::from_millis(1500));
    let out = ssh_piped(host.port(), CODE, &["-T"], "Cy@127.0.0.1");
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("too many connections from your address are waiting"), "{out:?}");
    host.note("refused 127.0.0.1:");
    // The two at the prompt are not pushed out for it: both get in.
    let names: Vec<String> = (0..2).map(|_| host.join(Ok(())).1).collect();
    assert!(names.contains(&"Ann".to_string()) && names.contains(&"Bob".to_string()), "{names:?}");
}

#[test]
fn a_session_without_a_terminal_is_told_to_ask_for_one() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let out = ssh_piped(host.port(), CODE, &["-T"], "Bob@127.0.0.1");
    assert!(String::from_utf8_lossy(&out.stdout).contains("catan needs a terminal: ssh -t"), "{out:?}");
    no_join(&mut host);
}

#[test]
fn exec_is_refused_and_nothing_runs() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let witness = host.dir.join("ran");
    let command = format!("touch {}", witness.display());
    let out = ssh_piped(host.port(), CODE, &[], &format!("Bob@127.0.0.1 {command}"));
    let out2 = ssh_piped(host.port(), CODE, &["-tt"], &format!("Bob@127.0.0.1 {command}"));
    for out in [out, out2] {
        assert!(!out.status.success(), "{out:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("exec request failed"), "{out:?}");
    }
    assert!(!witness.exists(), "the command ran");
    no_join(&mut host);
}

#[test]
fn the_sftp_subsystem_is_refused() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let out = ssh_piped(host.port(), CODE, &["-s"], "Bob@127.0.0.1 sftp");
    assert!(!out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("subsystem request failed"), "{out:?}");
    no_join(&mut host);
}

#[test]
fn port_forwarding_is_refused_both_ways() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let port = host.port();
    // A remote forward: the host is asked to listen for the joiner.
    let out = ssh_piped(port, CODE, &["-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9"], "Bob@127.0.0.1");
    assert!(!out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("forwarding failed"), "{out:?}");
    // A local forward to the host's own port: were it allowed, the tunnel would bring back the
    // host's SSH banner.
    let local = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let forward = format!("{}:127.0.0.1:{port}", local);
    let mut tunnel = Joiner::start_with(port, (CODE, Duration::ZERO), &["-N", "-L", &forward], "Bob@127.0.0.1", 80, 24);
    let mut got = None;
    for _ in 0..200 {
        if let Ok(stream) = std::net::TcpStream::connect(local) {
            drop(stream);
            got = Some(crate::client::first_bytes(local).1);
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let got = got.expect("ssh never listened for the local forward");
    assert!(!got.starts_with(b"SSH-2.0-"), "the forward reached the host's port");
    tunnel.child.kill().unwrap();
    no_join(&mut host);
}

#[test]
fn the_host_key_is_private_and_the_same_at_the_next_hosting() {
    let host = TestHost::start(quick_limits());
    let path = host.dir.join("keys/host_ed25519");
    let first = host.host.fingerprint();
    assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    // The fingerprint is the one OpenSSH prints for the key.
    if let Ok(out) = std::process::Command::new("ssh-keygen").arg("-l").arg("-f").arg(&path).output() {
        assert!(String::from_utf8_lossy(&out.stdout).contains(&first), "{out:?} {first}");
    }
    let TestHost { host, dir, .. } = host;
    drop(host);
    let again = TestHost::start_in(dir, quick_limits());
    assert_eq!(again.host.fingerprint(), first);
}

#[test]
fn a_joiner_sees_the_fingerprint_the_host_shows() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let fingerprint = host.host.fingerprint();
    // ssh at LogLevel=INFO names the key it accepts, and shows the banner before the prompt.
    let out =
        ssh_piped(host.port(), CODE, &["-T", "-o", "LogLevel=INFO", "-o", "VisualHostKey=no", "-v"], "Bob@127.0.0.1");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains(&fingerprint), "{fingerprint} not in {out:?}");
    assert!(said.contains("the password is the join code"), "no banner in {out:?}");
    no_join(&mut host);
}

#[test]
fn x11_forwarding_is_refused() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let out = crate::client::ssh_piped_env(host.port(), CODE, &["-T", "-X"], "Bob@127.0.0.1", &[("DISPLAY", ":9")]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("X11 forwarding request failed"), "{out:?}");
    no_join(&mut host);
}
