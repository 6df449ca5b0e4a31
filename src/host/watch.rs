//! One connection's watch: a task beside the SSH session that owns the connection's clock and
//! its events to the game. It parses the joiner's bytes (with the lone-Esc wait, which needs a
//! timer of its own), closes a connection that authenticates too slowly or goes idle, and tells
//! the game of the join, the input, the resizes and, last and exactly once, the departure: every
//! event of a connection passes here, so they reach the game in order and none after `Left`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::input::Parser;
use super::shared::{Shared, lock};
use super::stream::Kill;
use super::{ConnId, HostEvent, JoinReply};

/// How long a connection has to give the right code.
pub(crate) const AUTH_TIME: Duration = Duration::from_secs(60);

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
    /// Their window's new size.
    Resize((u16, u16)),
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
/// out.
pub(crate) async fn watch(
    shared: Arc<Shared>,
    conn: ConnId,
    peer: SocketAddr,
    kill: Kill,
    mut rx: mpsc::Receiver<Watch>,
) {
    let mut end = End { shared: shared.clone(), conn, kill, joined: false };
    let limits = shared.limits.clone();
    let auth_by = Instant::now() + AUTH_TIME;
    let mut idle_by = Instant::now() + limits.idle;
    let (mut authed, mut seated) = (false, false);
    let mut parser = Parser::new(limits.paste);
    let mut out = Vec::new();
    loop {
        let mut wake = idle_by;
        if !authed {
            wake = wake.min(auth_by);
        }
        if let Some(at) = parser.deadline() {
            wake = wake.min(at);
        }
        tokio::select! {
            message = rx.recv() => match message {
                None => break,
                Some(Watch::Authed) => authed = true,
                Some(Watch::Join { name, size, term, key, reply }) => {
                    end.joined = true;
                    shared.events.must(HostEvent::Join { conn, name, size, term, peer, key, reply });
                }
                Some(Watch::Seated) => seated = true,
                Some(Watch::Resize(size)) => shared.events.may(HostEvent::Resize { conn, size }),
                Some(Watch::Bytes(bytes)) => {
                    let now = Instant::now();
                    idle_by = now + limits.idle;
                    if seated {
                        parser.feed(&bytes, now, &mut out);
                    }
                }
            },
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
            }
        }
        for event in out.drain(..) {
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
        let (tx, events) = std::sync::mpsc::channel();
        let shared = Arc::new(Shared::new(Limits::default(), "code".into(), tx));
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let (to_watch, rx) = mpsc::channel(8);
            let kill = Kill::default();
            let peer: SocketAddr = "127.0.0.1:4000".parse().unwrap();
            let watching = tokio::spawn(watch(shared.clone(), 7, peer, kill, rx));
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
        let events: Vec<HostEvent> = events.try_iter().collect();
        assert!(
            matches!(
                &events[..],
                [HostEvent::Join { conn: 7, .. }, HostEvent::Input { conn: 7, .. }, HostEvent::Left { conn: 7 }]
            ),
            "{events:?}"
        );
    }
}
