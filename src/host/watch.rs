//! One connection's watch: a task beside the SSH session that owns the connection's clock and
//! its events to the game. It parses the joiner's bytes (with the lone-Esc wait, which needs a
//! timer of its own), closes a connection that authenticates too slowly or goes idle, and tells
//! the game of the join, the input, the resizes and, last and exactly once, the departure: every
//! event of a connection passes here, so they reach the game in order and none after `Left`.
//!
//! Its clocks: a connection that says nothing at all is closed after [`SILENT`], one that has
//! not given the code after [`AUTH_TIME`], one that gave it but asks for no terminal after
//! [`START_TIME`], and a joiner who sends nothing after [`super::Limits::idle`].

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::input::{Bucket, Parser};
use super::shared::{Shared, lock};
use super::stream::Kill;
use super::{ConnId, HostEvent, JoinReply};

/// How long a connection has to give the right code (a friend reads the host key's fingerprint
/// and types the code).
pub(crate) const AUTH_TIME: Duration = Duration::from_secs(30);
/// How long a connection may say nothing at all (ssh speaks at once).
pub(crate) const SILENT: Duration = Duration::from_secs(5);
/// How long a connection that gave the code has to ask for its terminal (ssh asks at once).
pub(crate) const START_TIME: Duration = Duration::from_secs(10);

/// What the session tells its watch.
pub(crate) enum Watch {
    /// The code was right.
    Authed,
    /// The joiner asked for their session: passed on to the game.
    Join { name: String, size: (u16, u16), term: String, key: Option<String>, reply: JoinReply },
    /// The game seated them: their bytes are input from now on.
    Seated,
    /// Bytes the joiner's terminal sent (already within the rate bound).
    Bytes(Vec<u8>),
}

/// The end of a connection, whatever ends it (its session closing, a timeout, a panic here):
/// the socket is cut, the outbox dropped, and the game told once if it ever heard of the join.
struct End {
    shared: Arc<Shared>,
    conn: ConnId,
    kill: Kill,
    joined: bool,
}

impl Drop for End {
    fn drop(&mut self) {
        self.kill.kill();
        lock(&self.shared.outboxes).remove(&self.conn);
        if self.joined {
            self.shared.events.must(HostEvent::Left { conn: self.conn });
        }
    }
}

/// Watches connection `conn` from `peer` until its session ends (`rx` closes) or a clock runs
/// out. `window` brings the joiner's latest window size.
pub(crate) async fn watch(
    shared: Arc<Shared>,
    conn: ConnId,
    peer: SocketAddr,
    kill: Kill,
    mut rx: mpsc::Receiver<Watch>,
    mut window: tokio::sync::watch::Receiver<(u16, u16)>,
) {
    let mut end = End { shared: shared.clone(), conn, kill, joined: false };
    let limits = shared.limits.clone();
    let start = Instant::now();
    let (auth_by, silent_by) = (start + AUTH_TIME, start + SILENT);
    let mut start_by = None;
    let mut idle_by = start + limits.idle;
    let (mut authed, mut seated, mut joined) = (false, false, false);
    let mut parser = Parser::new(limits.paste);
    let mut events = Bucket::new(limits.events_per_second, start);
    let mut out = Vec::new();
    loop {
        let mut wake = idle_by;
        if !authed {
            wake = wake.min(auth_by);
            if !end.kill.heard() {
                wake = wake.min(silent_by);
            }
        }
        if let Some(at) = start_by.filter(|_| !joined) {
            wake = wake.min(at);
        }
        if let Some(at) = parser.deadline() {
            wake = wake.min(at);
        }
        tokio::select! {
            message = rx.recv() => match message {
                None => break,
                Some(Watch::Authed) => {
                    authed = true;
                    start_by = Some(Instant::now() + START_TIME);
                }
                Some(Watch::Join { name, size, term, key, reply }) => {
                    (end.joined, joined) = (true, true);
                    shared.events.must(HostEvent::Join { conn, name, size, term, peer, key, reply });
                }
                Some(Watch::Seated) => seated = true,
                Some(Watch::Bytes(bytes)) => {
                    let now = Instant::now();
                    idle_by = now + limits.idle;
                    if seated {
                        parser.feed(&bytes, now, &mut out);
                    }
                }
            },
            Ok(()) = window.changed() => {
                let size = *window.borrow_and_update();
                shared.events.may(HostEvent::Resize { conn, size });
            }
            () = tokio::time::sleep_until(wake.into()) => {
                let now = Instant::now();
                if parser.deadline().is_some_and(|at| at <= now) {
                    parser.timeout(&mut out);
                }
                if now >= idle_by {
                    shared.events.note(format!("closed {peer}: nothing came for {}", minutes(limits.idle)));
                    break;
                }
                if !authed && now >= auth_by {
                    shared.events.note(format!("closed {peer}: no code within {}", minutes(AUTH_TIME)));
                    break;
                }
                if !authed && !end.kill.heard() && now >= silent_by {
                    shared.events.note(format!("closed {peer}: it said nothing for {}", minutes(SILENT)));
                    break;
                }
                if !joined && start_by.is_some_and(|at| now >= at) {
                    shared.events.note(format!("closed {peer}: no terminal asked for within {}", minutes(START_TIME)));
                    break;
                }
            }
        }
        // Keys, clicks and pastes past the bound are dropped, as bytes past theirs are.
        let n = events.take(out.len(), Instant::now());
        for event in out.drain(..).take(n) {
            shared.events.may(HostEvent::Input { conn, event });
        }
    }
}

/// A duration for the host's log: "30 min", "60 s", "500 ms".
fn minutes(d: Duration) -> String {
    match d.as_secs() {
        0 => format!("{} ms", d.as_millis()),
        s if s % 60 == 0 && s >= 120 => format!("{} min", s / 60),
        s => format!("{s} s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::Limits;
    use crate::host::shared::Shared;

    /// A bug that panics in one connection's session task (the task that holds its handler and
    /// so its end of the watch) ends that connection only: the game is told it left, once, and
    /// the runtime goes on serving.
    #[test]
    fn a_panic_in_a_connection_s_task_ends_it_and_tells_the_game_once() {
        let shared = Arc::new(Shared::new(Limits::default(), "code".into()));
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (to_watch, rx) = mpsc::channel(8);
            let kill = Kill::default();
            let peer: SocketAddr = "127.0.0.1:4000".parse().unwrap();
            let (_window, sizes) = tokio::sync::watch::channel((80, 24));
            let watching = tokio::spawn(watch(shared.clone(), 7, peer, kill, rx, sizes));
            let (reply, _answer) = JoinReply::channel();
            to_watch
                .send(Watch::Join { name: "Bob".into(), size: (80, 24), term: "xterm".into(), key: None, reply })
                .await
                .unwrap();
            to_watch.send(Watch::Seated).await.unwrap();
            to_watch.send(Watch::Bytes(b"x".to_vec())).await.unwrap();
            let session = tokio::spawn(async move {
                let _handler = to_watch;
                panic!("a bug in one connection (this panic is the test's)");
            });
            assert!(session.await.unwrap_err().is_panic());
            watching.await.unwrap();
            assert_eq!(tokio::spawn(async { 2 }).await.unwrap(), 2, "the runtime still runs tasks");
        });
        let events: Vec<HostEvent> = std::iter::from_fn(|| shared.events.recv_timeout(Duration::ZERO)).collect();
        assert!(
            matches!(
                &events[..],
                [HostEvent::Join { conn: 7, .. }, HostEvent::Input { conn: 7, .. }, HostEvent::Left { conn: 7 }]
            ),
            "{events:?}"
        );
    }
}
