//! A connection's socket that the host can cut at any moment. russh runs each session in a
//! task of its own and gives no way to end it but asking it to (a disconnect it reads from a
//! queue), which a joiner who stops reading can stall: the session then waits on a full socket.
//! Cutting the socket under it ends the session whatever it waits on, so a slow, idle or
//! too-long-to-authenticate connection is really gone.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// The switch that cuts one connection; clones share it. Cutting is synchronous, so the game's
/// thread can do it too (a joiner too slow to take its frames).
#[derive(Clone, Default)]
pub(crate) struct Kill(Arc<KillState>);

#[derive(Default)]
struct KillState {
    dead: AtomicBool,
    /// Whether any byte ever came from the peer (a connection that says nothing is the first
    /// to go when the lobby is full, and goes soon anyway).
    heard: AtomicBool,
    /// The tasks waiting on the socket, woken so they see the cut at once.
    wakers: Mutex<[Option<Waker>; 2]>,
}

impl Kill {
    /// Cuts the connection: every read and write from now on fails.
    pub(crate) fn kill(&self) {
        self.0.dead.store(true, Ordering::SeqCst);
        let wakers = std::mem::take(&mut *self.0.wakers.lock().unwrap_or_else(|e| e.into_inner()));
        for waker in wakers.into_iter().flatten() {
            waker.wake();
        }
    }

    /// Whether the connection was cut.
    pub(crate) fn dead(&self) -> bool {
        self.0.dead.load(Ordering::SeqCst)
    }

    /// Whether the peer ever sent a byte.
    pub(crate) fn heard(&self) -> bool {
        self.0.heard.load(Ordering::SeqCst)
    }

    /// Marks the peer as heard.
    pub(crate) fn hear(&self) {
        self.0.heard.store(true, Ordering::SeqCst);
    }

    /// Keeps the waker of a read (0) or a write (1) that is about to wait.
    fn watch(&self, which: usize, cx: &Context<'_>) {
        self.0.wakers.lock().unwrap_or_else(|e| e.into_inner())[which] = Some(cx.waker().clone());
    }
}

/// The most bytes read from one connection a second (and at once): far more than a person's
/// keys and window changes, so what a flood of them costs the host (decrypting and parsing it)
/// is bounded by this rate; past it the host reads later and TCP slows the sender.
pub(crate) const READ_PER_SECOND: usize = 64 << 10;

/// A TCP stream that fails once its [`Kill`] is pulled, and is read at most
/// [`READ_PER_SECOND`].
pub(crate) struct Cuttable {
    inner: TcpStream,
    kill: Kill,
    /// Bytes that may be read now, refilled evenly, and the wait for more when there are none.
    tokens: f64,
    at: std::time::Instant,
    later: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl Cuttable {
    pub(crate) fn new(inner: TcpStream, kill: Kill) -> Cuttable {
        let (tokens, at) = (READ_PER_SECOND as f64, std::time::Instant::now());
        Cuttable { inner, kill, tokens, at, later: None }
    }

    /// Bytes that may be read now (at least one), or `Pending` with a timer set for when.
    fn allowance(&mut self, cx: &mut Context<'_>) -> Poll<usize> {
        let now = std::time::Instant::now();
        let rate = READ_PER_SECOND as f64;
        self.tokens = (self.tokens + now.saturating_duration_since(self.at).as_secs_f64() * rate).min(rate);
        self.at = now;
        if self.tokens >= 1.0 {
            self.later = None;
            return Poll::Ready(self.tokens as usize);
        }
        let wait =
            std::time::Duration::from_secs_f64((1.0 - self.tokens) / rate).max(std::time::Duration::from_millis(1));
        let sleep = self.later.get_or_insert_with(|| Box::pin(tokio::time::sleep(wait)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => {
                self.later = None;
                self.tokens = 1.0;
                Poll::Ready(1)
            }
            Poll::Pending => Poll::Pending,
        }
    }

    /// The result of polling the socket, or the cut: a poll that would wait registers its
    /// waker with the switch too, then looks again, so a cut between the two is not missed.
    fn checked<T>(&self, which: usize, cx: &Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if self.kill.dead() {
            return Poll::Ready(Err(cut()));
        }
        if poll.is_pending() {
            self.kill.watch(which, cx);
            if self.kill.dead() {
                return Poll::Ready(Err(cut()));
            }
        }
        poll
    }
}

fn cut() -> io::Error {
    io::Error::new(io::ErrorKind::ConnectionAborted, "connection closed by the host")
}

impl AsyncRead for Cuttable {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        if self.kill.dead() {
            return Poll::Ready(Err(cut()));
        }
        let allowed = match self.allowance(cx) {
            Poll::Ready(n) => n,
            Poll::Pending => {
                self.kill.watch(0, cx);
                return if self.kill.dead() { Poll::Ready(Err(cut())) } else { Poll::Pending };
            }
        };
        // Read into no more room than is allowed.
        let room = buf.remaining().min(allowed);
        let mut part = buf.take(room);
        let poll = Pin::new(&mut self.inner).poll_read(cx, &mut part);
        let n = part.filled().len();
        if matches!(poll, Poll::Ready(Ok(()))) {
            // SAFETY: `part` is the start of `buf`'s unfilled room, and its first `n` bytes
            // were just written by the read.
            unsafe { buf.assume_init(n) };
            buf.advance(n);
            if n > 0 {
                self.kill.hear();
                self.tokens -= n as f64;
            }
        }
        self.checked(0, cx, poll)
    }
}

impl AsyncWrite for Cuttable {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if self.kill.dead() {
            return Poll::Ready(Err(cut()));
        }
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.checked(1, cx, poll)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.kill.dead() {
            return Poll::Ready(Err(cut()));
        }
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.checked(1, cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.kill.dead() {
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
