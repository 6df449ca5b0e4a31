//! One SSH connection as russh sees it: the code checked, and everything but one interactive
//! session with a pty refused. exec, subsystems (sftp), environment, X11, agent and port
//! forwarding are all answered "no", and no shell or program ever runs: the one session is a
//! screen of the game, joined through the game's answer to [`HostEvent::Join`].
//!
//! [`HostEvent::Join`]: super::HostEvent::Join

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use russh::server::{Auth, Handler, Msg, Session};
use russh::{Channel, ChannelId, ChannelOpenFailure, Disconnect, MethodKind, MethodSet, Pty};
use tokio::sync::mpsc;

use super::code::same_code;
use super::door::knocker;
use super::input::Bucket;
use super::shared::{Outbox, Shared, lock};
use super::stream::Kill;
use super::watch::Watch;
use super::{ConnId, JOIN_WAIT, JoinReply};

/// How long a join waits quietly for the game's answer before the joiner is told they wait
/// for the host (a seat's bound player is let in at once, H8).
const JOIN_QUIET: Duration = Duration::from_millis(300);
/// How often a code waiting its turn looks again.
const TURN_POLL: Duration = Duration::from_millis(20);
/// What ssh shows before it asks for the password.
pub(crate) const BANNER: &str = "catan: the password is the join code on the host's screen.\r\n";
/// The line a session without a terminal gets.
pub(crate) const NEEDS_PTY: &str = "catan needs a terminal: ssh -t (or leave out -T and the command)";

/// The handler of one connection.
pub(crate) struct Conn {
    pub(crate) shared: Arc<Shared>,
    pub(crate) conn: ConnId,
    pub(crate) peer: SocketAddr,
    pub(crate) kill: Kill,
    pub(crate) watch: mpsc::Sender<Watch>,
    /// Wrong codes given so far.
    pub(crate) tries: u32,
    /// The name logged in with, once the code was right.
    pub(crate) name: Option<String>,
    /// The fingerprint of the ssh key the client proved it holds, if it offered one (H8: a
    /// seat is bound to its joiner's key).
    pub(crate) key: Option<String>,
    /// The one session channel, its window's size once a pty was asked for, and whether its
    /// session was asked for (there is one per connection, right or refused).
    pub(crate) channel: Option<ChannelId>,
    pub(crate) size: Option<(u16, u16)>,
    /// The terminal type the pty was asked with (`TERM`), bounded ([`term_name`]).
    pub(crate) term: String,
    pub(crate) started: bool,
    /// Set once the game seated the joiner (by the task that waits for its answer, so the
    /// session goes on meanwhile: a joiner may wait minutes for the host, H8).
    pub(crate) seated: Arc<AtomicBool>,
    pub(crate) bucket: Bucket,
    /// The joiner's latest window size, for the watch (super::watch).
    pub(crate) window: tokio::sync::watch::Sender<(u16, u16)>,
}

impl Conn {
    pub(crate) fn new(
        shared: Arc<Shared>,
        conn: ConnId,
        peer: SocketAddr,
        kill: Kill,
        watch: mpsc::Sender<Watch>,
        window: tokio::sync::watch::Sender<(u16, u16)>,
    ) -> Conn {
        let bucket = Bucket::new(shared.limits.input_per_second, Instant::now());
        let (channel, size, name, key) = (None, None, None, None);
        let (tries, term, started, seated) = (0, String::new(), false, Arc::new(AtomicBool::new(false)));
        Conn { shared, conn, peer, kill, watch, tries, name, key, channel, size, term, started, seated, bucket, window }
    }

    /// The password method, the code being the password; and a public key first, when the
    /// client has one, only to learn whose it is (H8): proving a key never lets anyone in, the
    /// code is still asked for.
    pub(crate) fn methods() -> MethodSet {
        MethodSet::from(&[MethodKind::PublicKey, MethodKind::Password][..])
    }

    /// What is left to try once a key is known: the code.
    fn password_only() -> MethodSet {
        MethodSet::from(&[MethodKind::Password][..])
    }

    fn ours(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel)
    }

    /// Shows the joiner one line and ends their session.
    fn refuse(&self, channel: ChannelId, line: &str, session: &mut Session) -> Result<(), russh::Error> {
        session.data(channel, format!("{line}\r\n").into_bytes())?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)
    }
}

/// Waits for the game's answer to a join without holding up the session: while it waits, the
/// joiner is told that the host is asked (H8), and a refusal's line closes the channel.
async fn await_answer(
    mut rx: tokio::sync::oneshot::Receiver<Result<(), String>>,
    handle: &russh::server::Handle,
    channel: ChannelId,
) -> Result<(), String> {
    let gone = |_| Err("the game is not taking joiners".to_string());
    tokio::select! {
        answer = &mut rx => return answer.unwrap_or_else(gone),
        () = tokio::time::sleep(JOIN_QUIET) => {}
    }
    let line = "Waiting for the host to let you in (the host's screen asks them)...\r\n";
    let _ = handle.data(channel, line.as_bytes().to_vec()).await;
    match tokio::time::timeout(JOIN_WAIT.saturating_sub(JOIN_QUIET), rx).await {
        Ok(answer) => answer.unwrap_or_else(gone),
        Err(_) => Err("the host did not answer; try again".into()),
    }
}

/// A code's place in its address's line (super::door), given up when dropped.
struct InLine {
    shared: Arc<Shared>,
    knocker: std::net::IpAddr,
    conn: ConnId,
}

impl Drop for InLine {
    fn drop(&mut self) {
        lock(&self.shared.door).leave(self.knocker, self.conn);
        lock(&self.shared.lobby).checking(self.conn, false);
    }
}

/// A window size as the game takes it: columns and rows, within what a terminal can be.
fn size(cols: u32, rows: u32) -> (u16, u16) {
    (cols.clamp(1, u32::from(u16::MAX)) as u16, rows.clamp(1, u32::from(u16::MAX)) as u16)
}

impl Handler for Conn {
    type Error = russh::Error;

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        let arrived = Instant::now();
        let shared = self.shared.clone();
        let limits = &shared.limits;
        if self.tries >= limits.tries {
            tokio::time::sleep(limits.wrong_code_delay).await;
            return Err(russh::Error::Disconnect);
        }
        // Every code waits as long before it is checked, the right one too; a slowed
        // address's codes then wait their turn (super::door). The place in line is given up
        // however this ends.
        lock(&shared.lobby).checking(self.conn, true);
        let knocker = knocker(self.peer.ip());
        tokio::time::sleep_until((arrived + limits.wrong_code_delay).into()).await;
        let _line = InLine { shared: shared.clone(), knocker, conn: self.conn };
        while !lock(&shared.door).turn(knocker, self.conn, Instant::now()) {
            if self.kill.dead() {
                return Err(russh::Error::Disconnect);
            }
            tokio::time::sleep(TURN_POLL).await;
        }
        lock(&shared.lobby).checking(self.conn, false);
        if self.kill.dead() {
            // Pushed out while it waited: its code is not checked.
            return Err(russh::Error::Disconnect);
        }
        if same_code(password, &shared.code) {
            lock(&shared.lobby).enter(self.conn);
            self.name = Some(user.to_string());
            let _ = self.watch.send(Watch::Authed).await;
            return Ok(Auth::Accept);
        }
        self.tries += 1;
        lock(&shared.lobby).wrong(self.conn);
        let slowed = lock(&shared.door).fail(knocker, Instant::now());
        let (peer, tries) = (self.peer, limits.tries);
        shared.events.note(format!("wrong code from {peer} (try {} of {tries})", self.tries));
        if slowed {
            let (n, turn) = (limits.tries_per_minute, limits.slow_turn.as_secs_f64());
            shared.events.note(format!(
                "slowing {knocker}: {n} wrong codes this minute; its codes are checked one every {turn} s now"
            ));
        }
        if self.tries >= tries {
            return Err(russh::Error::Disconnect);
        }
        // russh answers at `wrong_code_delay` after the try (its rejection time): already past.
        Ok(Auth::Reject { proceed_with_methods: Some(Conn::methods()), partial_success: false })
    }

    /// Shown by ssh before its password prompt, so a joiner knows what to type there.
    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(Some(BANNER.to_string()))
    }

    /// A key the client offers is taken to be proven (one per connection), so the host can
    /// know the joiner by it (H8).
    async fn auth_publickey_offered(
        &mut self,
        _: &str,
        _: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.key.is_some() {
            return Ok(Auth::Reject { proceed_with_methods: Some(Conn::password_only()), partial_success: false });
        }
        Ok(Auth::Accept)
    }

    /// The key is proven: its fingerprint is kept, and the code is asked for (a partial
    /// success: ssh goes on to the password).
    async fn auth_publickey(
        &mut self,
        _: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.key.is_none() {
            self.key = Some(key.public_key.fingerprint(russh::keys::HashAlg::Sha256).to_string());
        }
        Ok(Auth::Reject { proceed_with_methods: Some(Conn::password_only()), partial_success: true })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            reply.reject(ChannelOpenFailure::AdministrativelyProhibited).await;
        } else {
            self.channel = Some(channel.id());
            reply.accept().await;
        }
        // The channel's own message queue is not read: everything comes through this handler.
        drop(channel);
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) && !self.started {
            (self.size, self.term) = (Some(size(cols, rows)), term_name(term));
            session.channel_success(channel)
        } else {
            session.channel_failure(channel)
        }
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        if !self.ours(channel) || self.started {
            return session.channel_failure(channel);
        }
        self.started = true;
        session.channel_success(channel)?;
        let Some(size) = self.size else { return self.refuse(channel, NEEDS_PTY, session) };
        let name = self.name.clone().unwrap_or_default();
        // The outbox is there before the game hears of the join, so its first frame has a way.
        let outbox = Outbox::start(&self.shared, session.handle(), channel, self.kill.clone(), self.peer);
        lock(&self.shared.outboxes).insert(self.conn, outbox);
        let (reply, rx) = JoinReply::channel();
        let (term, key) = (self.term.clone(), self.key.clone());
        if self.watch.send(Watch::Join { name, size, term, key, reply }).await.is_err() {
            return Err(russh::Error::Disconnect);
        }
        let (handle, shared, conn, watch) = (session.handle(), self.shared.clone(), self.conn, self.watch.clone());
        let seated = self.seated.clone();
        tokio::spawn(async move {
            match await_answer(rx, &handle, channel).await {
                Ok(()) => {
                    // The watch hears of it before any byte counts as input.
                    let _ = watch.send(Watch::Seated).await;
                    seated.store(true, Ordering::SeqCst);
                }
                Err(line) => {
                    lock(&shared.outboxes).remove(&conn);
                    let _ = handle.data(channel, format!("{line}\r\n").into_bytes()).await;
                    let _ = handle.exit_status_request(channel, 1).await;
                    let _ = handle.eof(channel).await;
                    let _ = handle.close(channel).await;
                }
            }
        });
        Ok(())
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], _: &mut Session) -> Result<(), Self::Error> {
        if !self.ours(channel) || !self.seated.load(Ordering::SeqCst) {
            return Ok(());
        }
        let n = self.bucket.take(data.len(), Instant::now());
        // A full queue means the watch is behind: those bytes go too, as past the rate.
        let _ = self.watch.try_send(Watch::Bytes(data[..n].to_vec()));
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.ours(channel) {
            return Ok(());
        }
        if self.seated.load(Ordering::SeqCst) {
            // The latest size only: window changes faster than the watch takes them are one.
            self.window.send_replace(size(cols, rows));
        } else if self.size.is_some() {
            self.size = Some(size(cols, rows));
        }
        Ok(())
    }

    async fn channel_close(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), Self::Error> {
        if self.ours(channel) {
            session.disconnect(Disconnect::ByApplication, "bye", "")?;
        }
        Ok(())
    }

    async fn exec_request(&mut self, channel: ChannelId, _: &[u8], session: &mut Session) -> Result<(), Self::Error> {
        self.started = true;
        session.channel_failure(channel)?;
        session.close(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.started = true;
        session.channel_failure(channel)?;
        session.close(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        _: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _: bool,
        _: &str,
        _: &str,
        _: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }
}

/// A joiner's terminal type as the game may read it: at most 32 of its first characters, and
/// only letters, digits, `-`, `.` and `_` (it comes from a stranger: a name, never a command).
fn term_name(term: &str) -> String {
    term.chars().take(32).filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_')).collect()
}

#[cfg(test)]
mod tests {
    use super::term_name;

    /// The terminal type comes from a stranger: only a short name of it is read.
    #[test]
    fn a_joiners_terminal_type_is_read_as_a_short_name() {
        assert_eq!(term_name("xterm-256color"), "xterm-256color");
        assert_eq!(term_name("vt100\x1b]0;owned\x07; rm -rf /"), "vt1000ownedrm-rf");
        assert_eq!(term_name(&"x".repeat(1000)).len(), 32);
    }
}
