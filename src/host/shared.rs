//! What the host's tasks and the game's thread share: the limits and the code, the queue of
//! events to the game (bounded), the outboxes of joined connections, and the door's count of
//! failures. Everything here is reached from both sides, so each piece is a short lock or an
//! atomic, never held across a wait.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::Duration;

use russh::ChannelId;
use russh::server::Handle;
use tokio::sync::mpsc as tokio_mpsc;

use super::door::Door;
use super::stream::Kill;
use super::{ConnId, HostEvent, Limits};

/// The most events waiting for the game before input, resizes and notes are dropped (joins and
/// departures never are: one each per connection, and connections are bounded).
const EVENTS_MAX: usize = 10_000;
/// How long a closed connection's last bytes may take before it is cut.
const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// The host-wide state, one per [`super::Host`].
pub(crate) struct Shared {
    pub(crate) limits: Limits,
    pub(crate) code: String,
    pub(crate) events: Events,
    pub(crate) outboxes: Mutex<HashMap<ConnId, Outbox>>,
    pub(crate) door: Mutex<Door>,
    /// Connections open now.
    pub(crate) open: AtomicUsize,
    /// Closes whose last bytes are still on their way (the host waits for them as it stops).
    pub(crate) closing: Arc<AtomicUsize>,
}

impl Shared {
    /// The state of a host with these limits and code, telling the game through `tx`.
    pub(crate) fn new(limits: Limits, code: String, tx: mpsc::Sender<HostEvent>) -> Shared {
        Shared {
            door: Mutex::new(Door::new(limits.tries_per_minute)),
            code,
            events: Events::new(tx),
            outboxes: Mutex::new(HashMap::new()),
            open: AtomicUsize::new(0),
            closing: Arc::new(AtomicUsize::new(0)),
            limits,
        }
    }
}

/// Locks, taking over a lock whose holder panicked: each piece stays whole between calls, so a
/// panic elsewhere must not take the host down with it.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The queue of events to the game, with a count of those waiting.
pub(crate) struct Events {
    tx: Mutex<mpsc::Sender<HostEvent>>,
    pub(crate) waiting: Arc<AtomicUsize>,
}

impl Events {
    pub(crate) fn new(tx: mpsc::Sender<HostEvent>) -> Events {
        Events { tx: Mutex::new(tx), waiting: Arc::new(AtomicUsize::new(0)) }
    }

    /// An event the game must get (a join, a departure).
    pub(crate) fn must(&self, event: HostEvent) {
        self.waiting.fetch_add(1, Ordering::SeqCst);
        if lock(&self.tx).send(event).is_err() {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// An event dropped if the game is far behind (input, a resize, a note).
    pub(crate) fn may(&self, event: HostEvent) {
        if self.waiting.load(Ordering::SeqCst) < EVENTS_MAX {
            self.must(event);
        }
    }

    /// A line for the host's log.
    pub(crate) fn note(&self, line: String) {
        self.may(HostEvent::Note(line));
    }
}

/// Bytes on their way to one joined connection.
pub(crate) struct Outbox {
    tx: tokio_mpsc::UnboundedSender<Out>,
    /// Bytes queued and not yet taken by the session (bounded by [`Limits::backlog`]).
    queued: Arc<AtomicUsize>,
    kill: Kill,
    /// The joiner's address, for the host's log.
    pub(crate) peer: SocketAddr,
    closing: Arc<AtomicUsize>,
}

enum Out {
    Data(Vec<u8>),
    Close(Vec<u8>),
}

impl Outbox {
    /// An outbox for `channel` of the session behind `handle`, and its writer task on the
    /// current runtime.
    pub(crate) fn start(shared: &Shared, handle: Handle, channel: ChannelId, kill: Kill, peer: SocketAddr) -> Outbox {
        let (tx, rx) = tokio_mpsc::unbounded_channel();
        let queued = Arc::new(AtomicUsize::new(0));
        let closing = shared.closing.clone();
        tokio::spawn(write(
            Writer { handle, channel, queued: queued.clone(), kill: kill.clone(), closing: closing.clone() },
            rx,
        ));
        Outbox { tx, queued, kill, peer, closing }
    }

    /// Queues bytes; false (and the connection cut) when they would pass `backlog`.
    pub(crate) fn send(&self, bytes: Vec<u8>, backlog: usize) -> bool {
        let n = bytes.len();
        if self.queued.load(Ordering::SeqCst) + n > backlog {
            self.kill.kill();
            return false;
        }
        self.queued.fetch_add(n, Ordering::SeqCst);
        let _ = self.tx.send(Out::Data(bytes));
        true
    }

    /// Queues the last bytes, then the channel's end and the connection's.
    pub(crate) fn close(self, bytes: Vec<u8>) {
        self.closing.fetch_add(1, Ordering::SeqCst);
        if self.tx.send(Out::Close(bytes)).is_err() {
            self.closing.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// The writer's end of one outbox.
struct Writer {
    handle: Handle,
    channel: ChannelId,
    queued: Arc<AtomicUsize>,
    kill: Kill,
    closing: Arc<AtomicUsize>,
}

/// Carries one connection's bytes into its session, in order, as fast as the joiner takes them.
async fn write(w: Writer, mut rx: tokio_mpsc::UnboundedReceiver<Out>) {
    while let Some(out) = rx.recv().await {
        match out {
            Out::Data(bytes) => {
                let n = bytes.len();
                if w.handle.data(w.channel, bytes).await.is_err() {
                    return;
                }
                w.queued.fetch_sub(n, Ordering::SeqCst);
            }
            Out::Close(bytes) => {
                let _ = w.handle.data(w.channel, bytes).await;
                let _ = w.handle.exit_status_request(w.channel, 0).await;
                let _ = w.handle.eof(w.channel).await;
                let _ = w.handle.close(w.channel).await;
                w.closing.fetch_sub(1, Ordering::SeqCst);
                // The joiner's ssh ends the connection when its channel closes; one that does
                // not is cut.
                tokio::time::sleep(CLOSE_GRACE).await;
                w.kill.kill();
                return;
            }
        }
    }
}
