//! What the host's tasks and the game's thread share: the limits and the code, the queue of
//! events to the game (bounded), the outboxes of joined connections, the door's count of wrong
//! codes and the lobby of connections that have not given the code. Everything here is reached from both sides, so each piece is a short lock or an
//! atomic, never held across a wait.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use russh::ChannelId;
use russh::server::Handle;
use tokio::sync::mpsc as tokio_mpsc;

use super::door::Door;
use super::lobby::Lobby;
use super::stream::Kill;
use super::{ConnId, HostEvent, Limits};

/// The most events waiting for the game before input, resizes and notes are dropped (joins and
/// departures never are: one each per connection, and connections are bounded).
const EVENTS_MAX: usize = 10_000;
/// The most input events of one connection waiting for the game; more are dropped.
const PER_CONN_MAX: usize = 256;
/// How long a closed connection's last bytes may take before it is cut.
const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// The host-wide state, one per [`super::Host`].
pub(crate) struct Shared {
    pub(crate) limits: Limits,
    pub(crate) code: String,
    pub(crate) events: Events,
    pub(crate) outboxes: Mutex<HashMap<ConnId, Outbox>>,
    pub(crate) door: Mutex<Door>,
    /// The connections that have not given the code yet.
    pub(crate) lobby: Mutex<Lobby>,
    /// Connections open now.
    pub(crate) open: AtomicUsize,
    /// Closes whose last bytes are still on their way (the host waits for them as it stops).
    pub(crate) closing: Arc<AtomicUsize>,
    /// Refused connections being told why.
    pub(crate) refusing: Arc<AtomicUsize>,
    /// New connections waiting for their first words.
    pub(crate) greeting: AtomicUsize,
}

impl Shared {
    /// The state of a host with these limits and code.
    pub(crate) fn new(limits: Limits, code: String) -> Shared {
        Shared {
            door: Mutex::new(Door::new(limits.tries_per_minute, limits.slow_turn)),
            lobby: Mutex::new(Lobby::new(limits.waiting_per_address, limits.connections, limits.reserved)),
            code,
            events: Events::new(),
            outboxes: Mutex::new(HashMap::new()),
            open: AtomicUsize::new(0),
            closing: Arc::new(AtomicUsize::new(0)),
            refusing: Arc::new(AtomicUsize::new(0)),
            greeting: AtomicUsize::new(0),
            limits,
        }
    }
}

/// Locks, taking over a lock whose holder panicked: each piece stays whole between calls, so a
/// panic elsewhere must not take the host down with it.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The queue of events to the game. Joins and departures go ahead of everything else, so a
/// joiner's flood of keys never holds up another's join; a connection's window changes wait as
/// one (the latest size is the one the game gets); and each connection may have only so many
/// events waiting, so one joiner cannot crowd out another's keys.
pub(crate) struct Events {
    queue: Mutex<Queue>,
    ready: Condvar,
    /// Rung for every event queued, so the game's loop can sleep on the terminal and the wire
    /// at once (no pipe: the loop looks at the wire between short waits instead).
    #[cfg(unix)]
    bell: Option<Bell>,
}

#[derive(Default)]
struct Queue {
    /// Joins and departures.
    first: VecDeque<HostEvent>,
    /// Input, window changes and notes.
    then: VecDeque<HostEvent>,
    /// By connection: how many of its events wait in `then`.
    per_conn: HashMap<ConnId, usize>,
    /// By connection: its latest window size, while its window change waits.
    sizes: HashMap<ConnId, (u16, u16)>,
}

impl Events {
    pub(crate) fn new() -> Events {
        Events {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            #[cfg(unix)]
            bell: Bell::new(),
        }
    }

    /// Wakes the game's loop: an event is queued.
    fn ring(&self) {
        self.ready.notify_one();
        #[cfg(unix)]
        if let Some(bell) = &self.bell {
            bell.ring();
        }
    }

    /// The file descriptor that is readable while events may wait (see [`Bell`]).
    #[cfg(unix)]
    pub(crate) fn bell(&self) -> Option<std::os::fd::RawFd> {
        self.bell.as_ref().map(Bell::fd)
    }

    /// An event the game must get (a join, a departure). A departure of a connection whose
    /// events still wait goes after them: nothing of a connection comes after it.
    pub(crate) fn must(&self, event: HostEvent) {
        let mut q = lock(&self.queue);
        match event {
            HostEvent::Left { conn } if q.per_conn.contains_key(&conn) || q.sizes.contains_key(&conn) => {
                q.then.push_back(event);
            }
            _ => q.first.push_back(event),
        }
        drop(q);
        self.ring();
    }

    /// An event dropped if the game is far behind or its connection has too many waiting
    /// (input, a note); a window change replaces its connection's waiting one.
    pub(crate) fn may(&self, event: HostEvent) {
        let mut q = lock(&self.queue);
        if q.then.len() >= EVENTS_MAX {
            return;
        }
        match event {
            // A window change of a connection whose last one still waits only updates it.
            HostEvent::Resize { conn, size } if q.sizes.insert(conn, size).is_some() => return,
            HostEvent::Input { conn, .. } => {
                let n = q.per_conn.entry(conn).or_default();
                if *n >= PER_CONN_MAX {
                    return;
                }
                *n += 1;
            }
            _ => {}
        }
        q.then.push_back(event);
        drop(q);
        self.ring();
    }

    /// A line for the host's log.
    pub(crate) fn note(&self, line: String) {
        self.may(HostEvent::Note(line));
    }

    /// The next event, joins and departures first, waiting at most `wait` for one.
    pub(crate) fn recv_timeout(&self, wait: Duration) -> Option<HostEvent> {
        // Quieted before the queue is looked at: an event queued after this rings again, and
        // while events are left after this one (the game takes a bounded number a turn of its
        // loop) it rings on, so the loop does not sleep on them.
        #[cfg(unix)]
        if let Some(bell) = &self.bell {
            bell.quiet();
            let event = self.take(wait);
            let q = lock(&self.queue);
            if event.is_some() && !(q.first.is_empty() && q.then.is_empty()) {
                bell.ring();
            }
            return event;
        }
        self.take(wait)
    }

    /// The next event, waiting at most `wait` for it.
    fn take(&self, wait: Duration) -> Option<HostEvent> {
        let until = Instant::now() + wait;
        let mut q = lock(&self.queue);
        loop {
            if let Some(event) = q.first.pop_front() {
                return Some(event);
            }
            if let Some(mut event) = q.then.pop_front() {
                match &mut event {
                    HostEvent::Input { conn, .. } => {
                        let conn = *conn;
                        if let Some(n) = q.per_conn.get_mut(&conn) {
                            *n -= 1;
                            if *n == 0 {
                                q.per_conn.remove(&conn);
                            }
                        }
                    }
                    HostEvent::Resize { conn, size } => {
                        if let Some(latest) = q.sizes.remove(conn) {
                            *size = latest;
                        }
                    }
                    _ => {}
                }
                return Some(event);
            }
            let left = until.checked_duration_since(Instant::now()).filter(|d| !d.is_zero())?;
            q = self.ready.wait_timeout(q, left).unwrap_or_else(|e| e.into_inner()).0;
        }
    }
}

/// A pipe whose read end is readable while events may wait for the game: every event queued
/// writes a byte, and the game's side reads them all away before it looks at the queue. The
/// game's loop polls it beside the terminal, so an idle host sleeps until a key, a joiner's
/// bytes or a timer it needs wakes it (issue 49: it woke about 190 times a second, polling).
#[cfg(unix)]
struct Bell {
    read: std::os::fd::OwnedFd,
    write: std::os::fd::OwnedFd,
}

#[cfg(unix)]
impl Bell {
    /// A pipe, both ends non-blocking (a full pipe already rings; an empty one reads nothing).
    /// `None` if the system gives none: the loop then looks at the wire between short waits.
    fn new() -> Option<Bell> {
        use std::os::fd::FromRawFd;
        let mut fds = [0 as libc::c_int; 2];
        // SAFETY: `fds` has room for the two descriptors pipe writes.
        if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
            return None;
        }
        for fd in fds {
            // SAFETY: `fd` was just opened by pipe; only its flags change.
            unsafe {
                libc::fcntl(fd, libc::F_SETFL, libc::fcntl(fd, libc::F_GETFL) | libc::O_NONBLOCK);
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
        // SAFETY: both descriptors are open and owned by nothing else.
        Some(unsafe {
            Bell { read: std::os::fd::OwnedFd::from_raw_fd(fds[0]), write: std::os::fd::OwnedFd::from_raw_fd(fds[1]) }
        })
    }

    fn ring(&self) {
        use std::os::fd::AsRawFd;
        let byte = [1u8];
        // SAFETY: writes one byte from a live buffer; a full pipe (EAGAIN) already rings.
        unsafe { libc::write(self.write.as_raw_fd(), byte.as_ptr().cast(), 1) };
    }

    fn quiet(&self) {
        use std::os::fd::AsRawFd;
        let mut buf = [0u8; 256];
        // SAFETY: reads into a live buffer of the length given; stops when the pipe is empty.
        while unsafe { libc::read(self.read.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) } > 0 {}
    }

    fn fd(&self) -> std::os::fd::RawFd {
        use std::os::fd::AsRawFd;
        self.read.as_raw_fd()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{Event, KeyCode, KeyEvent};

    fn key(conn: ConnId) -> HostEvent {
        HostEvent::Input { conn, event: Event::Key(KeyEvent::from(KeyCode::Char('i'))) }
    }

    fn all(events: &Events) -> Vec<HostEvent> {
        std::iter::from_fn(|| events.recv_timeout(Duration::ZERO)).collect()
    }

    /// A joiner's flood of keys and window changes costs the game a bounded number of events,
    /// and another's join and a departure go ahead of it.
    #[test]
    fn joins_go_first_window_changes_are_one_and_a_flood_is_bounded() {
        let events = Events::new();
        for i in 0..1000u16 {
            events.may(key(1));
            events.may(HostEvent::Resize { conn: 1, size: (i, 30) });
        }
        events.must(HostEvent::Left { conn: 2 });
        let (reply, _rx) = crate::host::JoinReply::channel();
        let (peer, key) = ("127.0.0.1:4000".parse().unwrap(), None);
        let (name, term) = ("Cy".to_string(), String::new());
        events.must(HostEvent::Join { conn: 3, name, size: (80, 24), term, peer, key, reply });
        events.must(HostEvent::Left { conn: 1 });
        let got = all(&events);
        assert!(matches!(got[0], HostEvent::Left { conn: 2 }) && matches!(got[1], HostEvent::Join { conn: 3, .. }));
        let resizes: Vec<(u16, u16)> = got
            .iter()
            .filter_map(|e| if let HostEvent::Resize { size, .. } = e { Some(*size) } else { None })
            .collect();
        assert_eq!(resizes, vec![(999, 30)], "one window change, the latest");
        let keys = got.iter().filter(|e| matches!(e, HostEvent::Input { .. })).count();
        assert_eq!(keys, PER_CONN_MAX);
        assert!(matches!(got.last(), Some(HostEvent::Left { conn: 1 })), "a departure comes after its own input");
        assert!(events.recv_timeout(Duration::from_millis(10)).is_none());
    }

    /// Issue 49: the bell is readable once an event is queued (the game's loop wakes), and
    /// quiet again once the game has looked at the queue; a second event rings it again.
    #[cfg(unix)]
    #[test]
    fn the_bell_rings_for_an_event_and_is_quiet_once_the_queue_is_read() {
        let events = Events::new();
        let fd = events.bell().expect("a pipe");
        let readable = || {
            let mut p = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
            // SAFETY: one valid pollfd, no wait.
            unsafe { libc::poll(&mut p, 1, 0) > 0 && p.revents & libc::POLLIN != 0 }
        };
        assert!(!readable(), "quiet before anything comes");
        events.may(key(1));
        events.may(key(1));
        assert!(readable(), "rung");
        assert!(events.recv_timeout(Duration::ZERO).is_some());
        assert!(readable(), "still rung while an event is left");
        assert_eq!(all(&events).len(), 1);
        assert!(!readable(), "quiet once read");
        events.must(HostEvent::Left { conn: 1 });
        assert!(readable(), "rung again");
    }
}
