//! What the host's tasks and the game's thread share: the limits and the code, the queue of
//! events to the game (bounded), the outboxes of joined connections, and the door's count of
//! failures. Everything here is reached from both sides, so each piece is a short lock or an
//! atomic, never held across a wait.

use std::collections::HashMap;
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
}

enum Out {
    Data(Vec<u8>),
    Close(Vec<u8>),
}

impl Outbox {
    /// An outbox for `channel` of the session behind `handle`, and its writer task on the
    /// current runtime.
    pub(crate) fn start(handle: Handle, channel: ChannelId, kill: Kill) -> Outbox {
        let (tx, rx) = tokio_mpsc::unbounded_channel();
        let queued = Arc::new(AtomicUsize::new(0));
        tokio::spawn(write(handle, channel, rx, queued.clone(), kill.clone()));
        Outbox { tx, queued, kill }
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
        let _ = self.tx.send(Out::Close(bytes));
    }
}

/// Carries one connection's bytes into its session, in order, as fast as the joiner takes them.
async fn write(
    handle: Handle,
    channel: ChannelId,
    mut rx: tokio_mpsc::UnboundedReceiver<Out>,
    queued: Arc<AtomicUsize>,
    kill: Kill,
) {
    while let Some(out) = rx.recv().await {
        match out {
            Out::Data(bytes) => {
                let n = bytes.len();
                if handle.data(channel, bytes).await.is_err() {
                    return;
                }
                queued.fetch_sub(n, Ordering::SeqCst);
            }
            Out::Close(bytes) => {
                let _ = handle.data(channel, bytes).await;
                let _ = handle.exit_status_request(channel, 0).await;
                let _ = handle.eof(channel).await;
                let _ = handle.close(channel).await;
                // The joiner's ssh ends the connection when its channel closes; one that does
                // not is cut.
                tokio::time::sleep(CLOSE_GRACE).await;
                kill.kill();
                return;
            }
        }
    }
}
