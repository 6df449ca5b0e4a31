//! Serving person seats over SSH (`catan host`, issue 40): friends join a game from their own
//! terminals with plain `ssh -p 2222 NAME@HOST` and the join code as the password.
//!
//! This module is the network side only, and knows nothing of the game: it accepts
//! connections, checks the code, refuses everything but one interactive session with a pty,
//! bounds what a joiner may send, parses the bytes their terminal sends into terminal events,
//! and carries bytes back. Its async runtime runs on its own thread(s); the game loop, which
//! stays synchronous, talks to it through [`Host`]: it takes [`HostEvent`]s
//! ([`Host::recv_timeout`]) and sends each joined screen's frames ([`Host::send`]).
//!
//! The game decides who may sit where: a connection that passed the code and asked for its
//! session arrives as [`HostEvent::Join`] with the name it logged in as, and the game answers
//! through [`JoinReply::answer`] (a refusal's line is shown to the joiner, then the connection
//! closes).
//!
//! The files, one purpose each:
//! - `server.rs`: [`Host`]: the listening socket, the runtime's thread, connections accepted
//!   or refused in words (too many waiting), the game's side of [`Wire`];
//! - `conn.rs`: one connection as russh sees it: the code checked, one pty session served,
//!   everything else (exec, sftp, env, X11, agent, forwarding) refused;
//! - `watch.rs`: each connection's task beside its session: its clocks (authentication, idle,
//!   a lone Esc) and its events to the game, in order, `Left` last and once;
//! - `input.rs`: a joiner's bytes into crossterm events (terminput's parser), pastes and bytes
//!   a second bounded;
//! - `shared.rs`: what the tasks and the game's thread share: the event queue (joins and
//!   departures first, one window change a joiner, a bound a joiner) and the outboxes that carry
//!   frames (bounded by [`Limits::backlog`]);
//! - `stream.rs`: a socket the host can cut, so a stalled session really ends, read at a
//!   bounded rate, so a flood costs the host a bounded share of its thread;
//! - `door.rs`: the wrong codes of each address this minute, and the turns of one slowed;
//! - `lobby.rs`: the connections that have not given the code: how many, and who makes room;
//! - `key.rs`: the host key, made once (0600) and kept, and its fingerprint;
//! - `code.rs`: the join code: made, checked, compared in constant time.

use std::net::{IpAddr, Ipv6Addr};
use std::path::PathBuf;
use std::time::Duration;

/// One connection, for as long as it lasts (never reused within a hosting).
pub type ConnId = u64;

/// How the host serves.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// The address to listen on: all addresses by default (`--bind`), `127.0.0.1` for this
    /// machine only (the tests use nothing else).
    pub bind: IpAddr,
    /// The port (`--port`, 2222 by default; 0: any free port, for tests).
    pub port: u16,
    /// The join code, the password every joiner types.
    pub code: String,
    /// Where the host key is kept: made once (mode 0600) and reused, so a joiner's ssh warns
    /// if it ever changes.
    pub key_path: PathBuf,
    pub limits: Limits,
}

impl HostConfig {
    /// Serving on every address at port 2222 with this code and key file, with the default
    /// limits.
    pub fn new(code: String, key_path: PathBuf) -> HostConfig {
        HostConfig { bind: IpAddr::V6(Ipv6Addr::UNSPECIFIED), port: 2222, code, key_path, limits: Limits::default() }
    }
}

/// What a stranger's connection may cost the host. An address is an IPv4 address or an IPv6
/// /64.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections open at once.
    pub connections: usize,
    /// Of those, the slots only connections that gave the code may take: connections still
    /// logging in hold at most `connections - reserved`.
    pub reserved: usize,
    /// Connections still logging in from one address (more push out one that said nothing or
    /// guessed wrong, or are refused in words).
    pub waiting_per_address: usize,
    /// Wrong codes one connection may try before it is closed.
    pub tries: u32,
    /// Wrong codes one address may give in a minute before its codes are checked one a
    /// `slow_turn`, in turn (the address is never shut out: a friend behind the same address
    /// gets in).
    pub tries_per_minute: u32,
    /// How long every code waits before it is checked (the right one too, so how long an answer
    /// takes tells nothing).
    pub wrong_code_delay: Duration,
    /// The time between two codes checked of a slowed address.
    pub slow_turn: Duration,
    /// A connection that sends nothing for this long is closed.
    pub idle: Duration,
    /// Bytes a joiner may send a second (more are dropped, not queued).
    pub input_per_second: usize,
    /// Keys, clicks and pastes a joiner may send a second (more are dropped).
    pub events_per_second: usize,
    /// The largest paste passed on, in bytes.
    pub paste: usize,
    /// Bytes waiting to be sent to a joiner before the connection is closed as too slow.
    pub backlog: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 16,
            reserved: 4,
            waiting_per_address: 4,
            tries: 3,
            tries_per_minute: 10,
            wrong_code_delay: Duration::from_secs(1),
            slow_turn: Duration::from_secs(1),
            // A joiner who only watches a long turn sends nothing for a while.
            idle: Duration::from_secs(3 * 60 * 60),
            input_per_second: 4096,
            events_per_second: 200,
            paste: 4096,
            backlog: 4 << 20,
        }
    }
}

/// What the network side tells the game.
#[derive(Debug)]
pub enum HostEvent {
    /// A connection gave the code and asked for its interactive session as `name` (the user
    /// name it logged in with), in a window of `size` (columns, rows), from `peer`, having
    /// proven it holds the ssh key whose fingerprint is `key` (`SHA256:...`) when its client
    /// offered one. The game answers on `reply`: seated, or a refusal's one line; the joiner
    /// waits for it up to [`JOIN_WAIT`] (the host may be asked whether to let them in, H8).
    Join {
        conn: ConnId,
        name: String,
        size: (u16, u16),
        term: String,
        peer: std::net::SocketAddr,
        key: Option<String>,
        reply: JoinReply,
    },
    /// What the joiner's terminal sent, parsed: keys, pastes (bounded), mouse.
    Input { conn: ConnId, event: crossterm::event::Event },
    /// The joiner's window changed size. Window changes that come faster than the game takes
    /// them are one: the latest size.
    Resize { conn: ConnId, size: (u16, u16) },
    /// The connection is gone (closed, dropped, timed out, or its task failed). Sent once for
    /// every connection that came as a [`HostEvent::Join`], whatever the answer (a late one
    /// included), and nothing of that connection comes after it.
    Left { conn: ConnId },
    /// A line for the host's log: a failed try and its address, an address slowed, a refused
    /// connection.
    Note(String),
}

/// What the door turned away since the host started, for the host's screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turned {
    /// Wrong codes given.
    pub wrong_codes: u64,
    /// Times an address was slowed for its wrong codes.
    pub slowed: u64,
    /// Connections refused or pushed out before they gave a code (too many waiting, silent).
    pub refused: u64,
}

/// How long a joiner waits for the game's answer to their join: the host may be asked whether
/// to let them in (H8). After it they are told the host did not answer.
pub const JOIN_WAIT: Duration = Duration::from_secs(120);

/// The game's answer to a [`HostEvent::Join`]. The joiner waits for it [`JOIN_WAIT`]; after
/// that they are told the host did not answer, and a later answer is lost (the `Left` still
/// comes).
#[derive(Debug)]
pub struct JoinReply(pub(crate) tokio::sync::oneshot::Sender<Result<(), String>>);

impl JoinReply {
    /// `Ok(())` seats the joiner: frames sent with [`Host::send`] reach them from now on.
    /// `Err(line)` shows them that line and closes the connection.
    pub fn answer(self, answer: Result<(), String>) {
        let _ = self.0.send(answer);
    }
}

impl JoinReply {
    /// A reply and the end that receives the answer (the network side waits on it; tests
    /// read it).
    /// The network side is woken the moment the answer is given, so a joiner's first keys
    /// after their first frame are theirs.
    pub fn channel() -> (JoinReply, tokio::sync::oneshot::Receiver<Result<(), String>>) {
        let (tx, rx) = tokio::sync::oneshot::channel();
        (JoinReply(tx), rx)
    }
}

/// The game loop's side of the wire: [`Host`] over SSH, or a test's in-memory double. The
/// loop stays synchronous: it waits for the next event a short while, and sends bytes
/// without waiting.
pub trait Wire {
    /// The next event, waiting at most `wait` for it.
    fn recv_timeout(&mut self, wait: Duration) -> Option<HostEvent>;
    /// Sends bytes to a seated joiner (a frame, the terminal's modes). Nothing happens if the
    /// connection is gone; a joiner too slow to take them is closed ([`Limits::backlog`]).
    fn send(&mut self, conn: ConnId, bytes: Vec<u8>);
    /// Sends these last bytes (the terminal's modes put back, a line) and closes.
    fn close(&mut self, conn: ConnId, bytes: Vec<u8>);
    /// What the door turned away so far (nothing, for a wire without a door).
    fn turned(&self) -> Turned {
        Turned::default()
    }
    /// A file descriptor that is readable while events may wait, for the game's loop to sleep
    /// on beside the terminal (`None`: the loop looks at the wire between short waits).
    #[cfg(unix)]
    fn bell(&self) -> Option<std::os::fd::RawFd> {
        None
    }
}

mod code;
mod conn;
mod door;
mod input;
mod key;
mod lobby;
mod server;
mod shared;
mod stream;
mod watch;

pub use code::{CODE_MAX, check_code, new_code, new_word};
pub use server::Host;
