//! The host: the listening socket, the async runtime on a thread of its own, and the game's
//! side of the wire ([`Wire`]) over them. Each connection is let into the lobby here (or refused
//! in words: too many waiting from its address or in all, [`super::lobby`]), given a socket the
//! host can cut, its SSH session ([`super::conn`]) and its watch ([`super::watch`]).

use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use russh::SshId;
use russh::server::Config;
use tokio::io::AsyncWrite;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

use super::code::check_code;
use super::conn::Conn;
use super::door::knocker;
use super::key;
use super::shared::{Shared, lock};
use super::stream::{Cuttable, Kill};
use super::watch::{AUTH_TIME, watch};
use super::{ConnId, HostConfig, HostEvent, Turned, Wire};

/// How often a live connection with no bytes in either way is asked whether it is still
/// there, and how many unanswered asks end it: a closed laptop is noticed in about two minutes.
const KEEPALIVE: Duration = Duration::from_secs(30);
const KEEPALIVES_MISSED: usize = 4;
/// How long a stopping host waits for the last bytes of the connections it closed.
const STOP_GRACE: Duration = Duration::from_secs(1);
/// A watch's queue: bytes beyond it are dropped, as past the rate bound.
const WATCH_QUEUE: usize = 64;
/// What the server calls itself: no library and no version a stranger could look up.
pub(crate) const SERVER_ID: &str = "SSH-2.0-catan";
/// How long a new connection may take to say its first words (an ssh client speaks at once)
/// before it comes into the lobby as silent, and how many may be waiting to (more are dropped).
const FIRST_WORDS: Duration = Duration::from_millis(500);
const GREETING_MAX: usize = 256;
/// Refusals being said at once (more are closed without a word), and how long one may take.
const REFUSING_MAX: usize = 64;
const REFUSE_TIME: Duration = Duration::from_secs(2);
/// A joiner's terminal put back as the game found it (mouse and paste reports off, the normal
/// screen, the cursor shown), for a host that stops without the game saying goodbye (a panic).
const RESTORE: &[u8] = b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?2004l\x1b[?1049l\x1b[?25h\r\n\
The host stopped. If your terminal looks wrong, type reset and press Enter.\r\n";

/// The SSH server of `catan host`: joiners connect with `ssh`, the game reads their events and
/// sends their frames through [`Wire`]. Dropping it stops the server and ends every connection.
pub struct Host {
    shared: Arc<Shared>,
    addr: SocketAddr,
    fingerprint: String,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Host {
    /// Binds `config.bind:config.port`, loads the host key from `config.key_path` (or makes
    /// it), and serves on a thread of its own until dropped. Fails if the code is unusable
    /// ([`super::check_code`]), the port is taken, or the key cannot be read or written. Lines
    /// about the key (one made private again) are the first [`HostEvent::Note`]s.
    pub fn start(config: HostConfig) -> io::Result<Host> {
        check_code(&config.code).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        let mut notes = Vec::new();
        let key = key::load_or_make(&config.key_path, &mut notes)?;
        let fingerprint = key::fingerprint(&key);
        let listener = bind(config.bind, config.port)?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared::new(config.limits, config.code));
        for line in notes {
            shared.events.note(line);
        }
        let ssh = Arc::new(Config {
            server_id: SshId::Standard(SERVER_ID.into()),
            methods: Conn::methods(),
            auth_rejection_time: shared.limits.wrong_code_delay,
            // ssh's first probe ("none", to learn the methods) is answered at once.
            auth_rejection_time_initial: Some(Duration::ZERO),
            keys: vec![key],
            // The probe and the tries; the handler ends the connection at its own count first.
            max_auth_attempts: shared.limits.tries as usize + 2,
            // Bytes in or out; the watch's own clock closes a joiner who sends nothing.
            inactivity_timeout: Some(shared.limits.idle.max(AUTH_TIME)),
            keepalive_interval: Some(KEEPALIVE),
            keepalive_max: KEEPALIVES_MISSED,
            nodelay: true,
            ..Config::default()
        });
        let runtime = tokio::runtime::Builder::new_current_thread().enable_io().enable_time().build()?;
        let (stop, stopped) = oneshot::channel();
        let serving = shared.clone();
        let thread = std::thread::Builder::new().name("catan-host".into()).spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = TcpListener::from_std(listener) else { return };
                tokio::select! {
                    () = accept(listener, serving, ssh) => {}
                    _ = stopped => {}
                }
            });
        })?;
        Ok(Host { shared, addr, fingerprint, stop: Some(stop), thread: Some(thread) })
    }

    /// The address and port bound (the port the system chose, when asked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The host key's fingerprint as ssh prints it (`SHA256:` and base64), to show joiners.
    pub fn fingerprint(&self) -> String {
        self.fingerprint.clone()
    }
}

impl Wire for Host {
    fn recv_timeout(&mut self, wait: Duration) -> Option<HostEvent> {
        self.shared.events.recv_timeout(wait)
    }

    fn send(&mut self, conn: ConnId, bytes: Vec<u8>) {
        let mut outboxes = lock(&self.shared.outboxes);
        let Some(outbox) = outboxes.get(&conn) else { return };
        if !outbox.send(bytes, self.shared.limits.backlog) {
            let peer = outbox.peer;
            outboxes.remove(&conn);
            drop(outboxes);
            self.shared.events.note(format!("closed {peer}: too slow to take its screen"));
        }
    }

    fn close(&mut self, conn: ConnId, bytes: Vec<u8>) {
        let outbox = lock(&self.shared.outboxes).remove(&conn);
        if let Some(outbox) = outbox {
            outbox.close(bytes);
        }
    }

    #[cfg(unix)]
    fn bell(&self) -> Option<std::os::fd::RawFd> {
        self.shared.events.bell()
    }

    fn turned(&self) -> Turned {
        let door = lock(&self.shared.door);
        let (wrong_codes, slowed) = (door.wrong, door.slowed);
        drop(door);
        Turned { wrong_codes, slowed, refused: lock(&self.shared.lobby).turned_away }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        // A joiner the game did not say goodbye to (it panicked) gets their terminal back.
        let left: Vec<_> = lock(&self.shared.outboxes).drain().map(|(_, outbox)| outbox).collect();
        for outbox in left {
            outbox.close(RESTORE.to_vec());
        }
        // Last bytes the game sent with `close` (the joiners' terminals put back) go first.
        let until = Instant::now() + STOP_GRACE;
        while self.shared.closing.load(Ordering::SeqCst) > 0 && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        // The runtime ends with its thread, dropping (and so closing) every connection.
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The listening socket. Every address (`::`, which takes IPv4 too) falls back to every IPv4
/// address on a machine without IPv6.
fn bind(ip: IpAddr, port: u16) -> io::Result<std::net::TcpListener> {
    match std::net::TcpListener::bind((ip, port)) {
        Err(e) if ip == IpAddr::V6(Ipv6Addr::UNSPECIFIED) && e.kind() != io::ErrorKind::AddrInUse => {
            std::net::TcpListener::bind((Ipv4Addr::UNSPECIFIED, port))
        }
        bound => bound,
    }
}

/// Takes connections until the host stops.
async fn accept(listener: TcpListener, shared: Arc<Shared>, ssh: Arc<Config>) {
    let mut next: ConnId = 0;
    loop {
        let (socket, peer) = match listener.accept().await {
            // An IPv4 joiner of a host on every address is named as IPv4 (its tries counted so).
            Ok((socket, peer)) => (socket, SocketAddr::new(peer.ip().to_canonical(), peer.port())),
            Err(e) => {
                // Out of file descriptors, say: wait a little rather than spin.
                shared.events.note(format!("could not take a connection: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // Connections pushed out are still closing: a bound on those too.
        if shared.open.load(Ordering::SeqCst) >= 2 * shared.limits.connections {
            continue;
        }
        if shared.greeting.fetch_add(1, Ordering::SeqCst) >= GREETING_MAX {
            // A flood of connections: what cannot wait for its first words is dropped.
            shared.greeting.fetch_sub(1, Ordering::SeqCst);
            continue;
        }
        next += 1;
        tokio::spawn(greet(shared.clone(), ssh.clone(), socket, peer, next));
    }
}

/// Waits (at most [`FIRST_WORDS`]) for a new connection's first words, then lets it into the
/// lobby and serves it, or refuses it in words.
async fn greet(shared: Arc<Shared>, ssh: Arc<Config>, socket: TcpStream, peer: SocketAddr, conn: ConnId) {
    let spoke = tokio::time::timeout(FIRST_WORDS, async {
        loop {
            if socket.readable().await.is_err() {
                return false;
            }
            if let Some(spoke) = spoke(&socket) {
                return spoke;
            }
        }
    })
    .await
    .unwrap_or(false);
    shared.greeting.fetch_sub(1, Ordering::SeqCst);
    let kill = Kill::default();
    if spoke {
        kill.hear();
    }
    let admitted = lock(&shared.lobby).admit(conn, knocker(peer.ip()), kill.clone(), Instant::now());
    if let Err(line) = admitted {
        shared.events.note(format!("refused {peer}: {}", line.trim_start_matches("catan: ")));
        refuse(&shared, socket, line);
        return;
    }
    shared.open.fetch_add(1, Ordering::SeqCst);
    serve(shared, ssh, socket, peer, conn, kill).await;
}

/// Whether the peer's first bytes (an ssh client sends its name at once) are there: `None`
/// while nothing came, `Some(false)` if it closed.
fn spoke(socket: &TcpStream) -> Option<bool> {
    let mut buf = [0u8; 1];
    let waker = std::task::Waker::noop();
    let mut cx = std::task::Context::from_waker(waker);
    let mut buf = tokio::io::ReadBuf::new(&mut buf);
    match socket.poll_peek(&mut cx, &mut buf) {
        std::task::Poll::Ready(Ok(n)) => Some(n > 0),
        std::task::Poll::Ready(Err(_)) => Some(false),
        std::task::Poll::Pending => None,
    }
}

/// Tells a refused connection why, in words its ssh prints ("Received disconnect from ...:
/// catan: too many ..."), without the cost of a key exchange: the server's name, then a
/// disconnect message in the clear, as the protocol allows before keys are agreed.
fn refuse(shared: &Arc<Shared>, socket: TcpStream, line: &'static str) {
    if shared.refusing.fetch_add(1, Ordering::SeqCst) >= REFUSING_MAX {
        shared.refusing.fetch_sub(1, Ordering::SeqCst);
        return;
    }
    let refusing = shared.refusing.clone();
    tokio::spawn(async move {
        let _ = tokio::time::timeout(REFUSE_TIME, say_no(socket, line)).await;
        refusing.fetch_sub(1, Ordering::SeqCst);
    });
}

async fn say_no(mut socket: TcpStream, line: &str) -> io::Result<()> {
    let bytes = disconnect(line);
    let mut sent = 0;
    while sent < bytes.len() {
        socket.writable().await?;
        match socket.try_write(&bytes[sent..]) {
            Ok(n) => sent += n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
    std::future::poll_fn(|cx| Pin::new(&mut socket).poll_shutdown(cx)).await?;
    // What the client sends is read and thrown away until it closes, so the close is not a
    // reset that would hide the words.
    let mut buf = [0u8; 1024];
    loop {
        socket.readable().await?;
        match socket.try_read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
}

/// The server's name and an SSH disconnect message (reason 12, too many connections) saying
/// `line`, unencrypted (RFC 4253: 6, 11.1).
pub(crate) fn disconnect(line: &str) -> Vec<u8> {
    let mut payload = vec![1u8];
    payload.extend(12u32.to_be_bytes());
    for s in [line, ""] {
        payload.extend((s.len() as u32).to_be_bytes());
        payload.extend(s.as_bytes());
    }
    let mut padding = 8 - (5 + payload.len()) % 8;
    if padding < 4 {
        padding += 8;
    }
    let mut out = format!("{SERVER_ID}\r\n").into_bytes();
    out.extend(((1 + payload.len() + padding) as u32).to_be_bytes());
    out.push(padding as u8);
    out.extend(payload);
    out.extend(std::iter::repeat_n(0u8, padding));
    out
}

/// Counts a connection open for as long as it lives, and takes it out of the lobby at its end.
struct Open(Arc<Shared>, ConnId);

impl Drop for Open {
    fn drop(&mut self) {
        lock(&self.0.lobby).leave(self.1);
        self.0.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Serves one connection: its SSH session and its watch, until both are done. A panic in the
/// session's task ends its session (tokio catches it), which ends the watch and tells the game.
async fn serve(shared: Arc<Shared>, ssh: Arc<Config>, socket: TcpStream, peer: SocketAddr, conn: ConnId, kill: Kill) {
    let _open = Open(shared.clone(), conn);
    let _ = socket.set_nodelay(true);
    let (tx, rx) = tokio::sync::mpsc::channel(WATCH_QUEUE);
    let (window, sizes) = tokio::sync::watch::channel((0, 0));
    let watching = tokio::spawn(watch(shared.clone(), conn, peer, kill.clone(), rx, sizes));
    let handler = Conn::new(shared, conn, peer, kill.clone(), tx, window);
    let stream = Cuttable::new(socket, kill.clone());
    if let Ok(Ok(session)) = tokio::time::timeout(AUTH_TIME, russh::server::run_stream(ssh, stream, handler)).await {
        let _ = session.await;
    }
    kill.kill();
    let _ = watching.await;
}
