//! Hosting (`catan host`, issue 40): the game plays on the host's terminal as [`run`] plays
//! it, and each friend who joins over the [`Wire`] gets a screen of their own, drawn from that
//! screen's scene alone (their seat's view and their screen's state: H1) into a terminal of
//! their window's size, whose bytes go back over the wire.
//!
//! One process is the one truth of the game: every joined screen is a [`Screen`] of the one
//! [`App`], and its keys go through the same `update` as the host's (`App::update_on`). The
//! same gate as the host's keeps keys typed before a screen changed from acting on it.
//!
//! [`run`]: crate::tui::term::terminal::run
//! [`Screen`]: crate::tui::screen::Screen

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::time::{Duration, Instant};

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event, MouseButton,
    MouseEventKind,
};
use crossterm::terminal::{Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

use crate::engine::Seat;
use crate::host::{ConnId, HostEvent, Wire};
use crate::tui::app::{App, Msg};
use crate::tui::screen::focus::Message;
use crate::tui::screen::theme::Theme;
use crate::tui::table::remote::TurnedAway;
use crate::tui::term::admission::{Admission, Bond, Request, Verdict, split_name};
use crate::tui::term::gate::{Gate, Input};

/// The longest the wire's events are taken for at once before the host's own keys are read.
const PUMP_MAX: Duration = Duration::from_millis(20);
/// The largest window a joiner's screen is drawn for (a bound on what one frame costs).
const MAX_SIZE: (u16, u16) = (400, 200);

/// The bytes a joiner's terminal is sent, as the backend writes them: shared with the
/// [`Conn`] that takes them after each frame.
#[derive(Clone, Default)]
struct Outbox(Rc<RefCell<Vec<u8>>>);

impl Write for Outbox {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One joined terminal.
struct Conn {
    id: ConnId,
    seat: Seat,
    /// What the joiner's terminal shows, as ratatui keeps it: frames are sent as the changes.
    term: Terminal<CrosstermBackend<Outbox>>,
    out: Outbox,
    gate: Gate,
    /// Another player (a computer player, or a person on another screen) was acting on this
    /// screen's last frame: keys typed while waiting must not play the turn that comes back.
    others_played: bool,
}

/// The joined terminals of a hosted game, and the wire they come over.
pub struct Hosting {
    wire: Box<dyn Wire>,
    conns: Vec<Conn>,
    theme: Theme,
    /// Who may take which seat, and the joins the host is asked about (H8).
    admission: Admission,
}

/// A terminal of `size` drawn into `out`.
fn terminal(size: (u16, u16), out: &Outbox) -> Terminal<CrosstermBackend<Outbox>> {
    let (w, h) = (size.0.clamp(1, MAX_SIZE.0), size.1.clamp(1, MAX_SIZE.1));
    let viewport = Viewport::Fixed(Rect::new(0, 0, w, h));
    Terminal::with_options(CrosstermBackend::new(out.clone()), TerminalOptions { viewport })
        .expect("a terminal in memory never fails")
}

/// What a joiner's terminal is switched to: the alternate screen, no cursor, pastes marked,
/// clicks reported.
fn modes_on() -> Vec<u8> {
    let mut out = Vec::new();
    let _ = crossterm::queue!(
        out,
        EnterAlternateScreen,
        crossterm::cursor::Hide,
        EnableBracketedPaste,
        EnableMouseCapture,
        Clear(ClearType::All)
    );
    out
}

/// The joiner's terminal put back as it was, and a last line.
fn modes_off(line: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let _ = crossterm::queue!(
        out,
        DisableMouseCapture,
        DisableBracketedPaste,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
    let _ = write!(out, "{line}\r\n");
    out
}

impl Hosting {
    /// Serves the game over `wire`; joined screens are drawn with `theme`.
    pub fn new(wire: Box<dyn Wire>, theme: Theme) -> Hosting {
        Hosting { wire, conns: Vec::new(), theme, admission: Admission::default() }
    }

    /// The seats joined now, with their connections.
    pub fn joined(&self) -> Vec<(ConnId, Seat)> {
        self.conns.iter().map(|c| (c.id, c.seat)).collect()
    }

    /// The wire's bell: readable while events may wait (the loop sleeps on it beside the
    /// terminal), or `None` for a wire that has none.
    pub fn bell(&self) -> Option<i32> {
        #[cfg(unix)]
        return self.wire.bell();
        #[cfg(not(unix))]
        None
    }

    /// Takes what the wire brings, waiting at most `wait` for the first event and then taking
    /// whatever else has come, and carries each out on the app. True when anything came.
    pub fn pump(&mut self, app: &mut App, wait: Duration) -> bool {
        let Some(first) = self.wire.recv_timeout(wait) else { return false };
        self.on_event(app, first);
        // Bounded in number and time, so a flood of input cannot keep the host's own keys
        // waiting; the door's count goes on the host's card.
        let until = Instant::now() + PUMP_MAX;
        if let Some(card) = app.screen.card.as_mut() {
            let t = self.wire.turned();
            card.turned = TurnedAway { wrong_codes: t.wrong_codes, refused: t.refused };
        }
        for _ in 0..256 {
            if Instant::now() >= until {
                break;
            }
            match self.wire.recv_timeout(Duration::ZERO) {
                Some(event) => self.on_event(app, event),
                None => break,
            }
        }
        self.close_done(app);
        true
    }

    fn on_event(&mut self, app: &mut App, event: HostEvent) {
        let now = Instant::now();
        match event {
            HostEvent::Join { conn, name, size, term, peer, key, reply } => {
                let (login, word) = split_name(&name);
                let shown: String = login.chars().take(20).filter(|c| !c.is_control()).collect();
                let seat = match app.seat_for(login) {
                    Ok(seat) => seat,
                    Err(line) => match self.joined_seat(app, login) {
                        // The seat's own joiner is back while their old connection still looks
                        // alive (a laptop that dropped off the network): it takes the seat over.
                        Some(seat) if self.admission.is_bound_to(seat, key.as_deref(), word) => {
                            self.drop_seat(app, seat, "Your seat was taken back from another connection.");
                            seat
                        }
                        _ => return reply.answer(Err(line)),
                    },
                };
                let request = Request { conn, seat, name: shown, size, term, peer, key, reply, note: None, came: now };
                match self.admission.verdict(seat, request.key.as_deref(), word, &app.table.name(seat)) {
                    Verdict::Seat => self.seat(app, request, false),
                    Verdict::Ask(note) => {
                        let name = request.name.clone();
                        if self.admission.ask(Request { note, ..request }) {
                            let seat = app.table.name(seat);
                            let text = format!("{name} asks to join as {seat}: y lets them in, n refuses");
                            app.screen.message = Some(Message { text, error: false });
                        }
                    }
                }
            }
            HostEvent::Input { conn, event } => {
                let Some(c) = self.conns.iter().find(|c| c.id == conn) else { return };
                let msg = match event {
                    Event::Key(key) => Msg::Key(key),
                    Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                        Msg::Click { col: m.column, row: m.row }
                    }
                    Event::Paste(text) => Msg::Paste(text),
                    _ => return,
                };
                if !c.gate.admits(Input::User, now) {
                    return;
                }
                let (seat, Some(id)) = (c.seat, app.screen_of(c.seat)) else { return };
                let handled = crate::tui::table::bot_job::surviving(|| app.update_on(id, msg));
                if handled.is_err() {
                    // Nothing a joiner sends may end the game: their connection ends instead,
                    // and their seat waits as after a drop.
                    self.conns.retain(|c| c.id != conn);
                    let line = "The game hit an error on your screen; ssh in again to take your seat back.";
                    self.wire.close(conn, modes_off(line));
                    app.left(seat);
                    app.screen.message = Some(Message {
                        text: format!("an error ended {}'s connection: their seat waits", app.table.name(seat)),
                        error: true,
                    });
                    return;
                }
                app.tick(now);
            }
            HostEvent::Resize { conn, size } => {
                let Some(c) = self.conns.iter_mut().find(|c| c.id == conn) else { return };
                c.term = terminal(size, &c.out);
                self.wire.send(conn, {
                    let mut out = Vec::new();
                    let _ = crossterm::queue!(out, Clear(ClearType::All));
                    out
                });
                if let Some(id) = app.screen_of(c.seat) {
                    app.update_on(id, Msg::Resize(size.0.min(MAX_SIZE.0), size.1.min(MAX_SIZE.1)));
                }
            }
            HostEvent::Left { conn } => {
                self.admission.forget(Some(conn), now);
                let Some(i) = self.conns.iter().position(|c| c.id == conn) else { return };
                let seat = self.conns.remove(i).seat;
                app.left(seat);
                let text = format!("{} left their screen: their seat waits for them", app.table.name(seat));
                app.screen.message = Some(Message { text, error: true });
            }
            HostEvent::Note(text) => app.screen.message = Some(Message { text, error: true }),
        }
    }

    /// Seats a joiner: a screen of their own for their seat, their terminal switched to the
    /// game's modes. `asked`: the host let them in, so the seat is bound to them (H8).
    fn seat(&mut self, app: &mut App, r: Request, asked: bool) {
        let Request { conn, seat, size, term, key, reply, .. } = r;
        let id = app.join(seat, self.theme.for_term(&term));
        app.update_on(id, Msg::Resize(size.0, size.1));
        self.wire.send(conn, modes_on());
        let out = Outbox::default();
        let term = terminal(size, &out);
        self.conns.push(Conn { id: conn, seat, term, out, gate: Gate::default(), others_played: false });
        reply.answer(Ok(()));
        let name = app.table.name(seat);
        if asked && let Some(word) = self.admission.bind(seat, key) {
            // Shown only on their own screen (H8): it takes the seat back without the host.
            let text = format!("Rejoin word: {word} (log in as {name}+{word} to come back)");
            app.others[id - 1].message = Some(Message { text, error: false });
        }
        app.screen.message = Some(Message { text: format!("{name} joined on their own screen"), error: false });
    }

    /// The seat named `login` when it is joined on a screen now.
    fn joined_seat(&self, app: &App, login: &str) -> Option<Seat> {
        let seat = app.table.game().seats().find(|&s| app.table.name(s).eq_ignore_ascii_case(login))?;
        self.conns.iter().any(|c| c.seat == seat).then_some(seat)
    }

    /// Ends the connection playing `seat`, telling its terminal `line`; the seat waits.
    fn drop_seat(&mut self, app: &mut App, seat: Seat, line: &str) {
        if let Some(i) = self.conns.iter().position(|c| c.seat == seat) {
            let c = self.conns.remove(i);
            self.wire.close(c.id, modes_off(line));
            app.left(seat);
        }
    }

    /// Whether a join waits for the host's answer (the host's screen shows its box, and `y`
    /// and `n` answer it).
    pub fn asking(&self) -> bool {
        self.admission.asking().is_some()
    }

    /// The host's key while a join waits: `y` lets them in, `n` refuses; any other key (and
    /// `y` or `n` before the box has been up half a second) is not for the box.
    /// True when the key was the box's (it goes no further).
    pub fn admission_key(&mut self, app: &mut App, key: crossterm::event::KeyEvent, now: Instant) -> bool {
        use crossterm::event::{KeyCode, KeyEventKind};
        let admit = match key.code {
            _ if key.kind == KeyEventKind::Release || !self.asking() => return false,
            KeyCode::Char('y' | 'Y') => true,
            KeyCode::Char('n' | 'N') => false,
            _ => return false,
        };
        let Some(r) = self.admission.answered(now) else { return true };
        self.answer(app, r, admit);
        true
    }

    /// Carries out the host's answer to a join (also for tests, without the key's guard).
    pub(super) fn answer(&mut self, app: &mut App, r: Request, admit: bool) {
        if !admit {
            let name = app.table.name(r.seat);
            r.reply.answer(Err("The host did not let you in.".into()));
            app.screen.message = Some(Message { text: format!("refused a join as {name}"), error: false });
            return;
        }
        // The seat may have been taken meanwhile (another request let in first).
        match app.seat_for(&app.table.name(r.seat)) {
            Ok(_) => self.seat(app, r, true),
            Err(line) => r.reply.answer(Err(line)),
        }
    }

    /// Draws the join the host is asked about over the host's screen (nothing when none).
    pub fn render_admission(&mut self, app: &App, area: ratatui::layout::Rect, buf: &mut ratatui::buffer::Buffer) {
        let now = Instant::now();
        self.admission.forget(None, now);
        self.admission.note_here(app.screen.viewer, app.table.remote.joined);
        let Some(r) = self.admission.asking() else { return };
        let name = app.table.name(r.seat);
        self.admission.render(&name, &app.screen.theme, area, buf);
        self.admission.shown(now);
    }

    /// Joined screens whose player quit (`q`, then yes): their terminal is given back and
    /// their seat waits for them, as if the connection had dropped.
    fn close_done(&mut self, app: &mut App) {
        let mut i = 0;
        while i < self.conns.len() {
            let seat = self.conns[i].seat;
            let done = app.screen_of(seat).is_some_and(|id| app.others[id - 1].done);
            if !done {
                i += 1;
                continue;
            }
            let conn = self.conns.remove(i);
            if let Some(id) = app.screen_of(seat) {
                app.others[id - 1].done = false;
            }
            let name = app.table.name(seat);
            let back = match self.admission.bond(seat) {
                Some(Bond::Word(w)) => format!("ssh in again as {name}+{w} with the code"),
                _ => "ssh in again with the same name, key and code".to_string(),
            };
            let line = if app.table.game().is_over() {
                format!("You left the game, which is over: {back} to see its end.")
            } else {
                format!("You left the game: {back} to take your seat back.")
            };
            self.wire.close(conn.id, modes_off(&line));
            app.left(seat);
        }
    }

    /// Draws every joined screen and sends each its frame's changes.
    pub fn draw(&mut self, app: &App) {
        let now = Instant::now();
        for c in &mut self.conns {
            let Some(id) = app.screen_of(c.seat) else { continue };
            let screen = &app.others[id - 1];
            let drawn = c.term.draw(|frame| {
                crate::tui::view::frame::render(
                    &app.scene_of(id),
                    screen.message.as_ref(),
                    frame.area(),
                    frame.buffer_mut(),
                )
            });
            if drawn.is_err() {
                continue;
            }
            let bytes = std::mem::take(&mut *c.out.0.borrow_mut());
            if !bytes.is_empty() {
                self.wire.send(c.id, bytes);
            }
            c.gate.drawn(screen.keyboard.guarded, now);
            let others_play = screen.keyboard.bot_seat.is_some() || screen.keyboard.away.is_some();
            if c.others_played && !others_play && !app.table.game().is_over() {
                // Keys pressed while others played (an Enter to hurry them, say) must not play
                // this seat's moment when it comes: there is no hand-off on a joined screen.
                c.gate.hold(now);
            }
            c.others_played = others_play;
        }
    }

    /// Ends the hosting: every joiner's terminal is given back with `line`.
    pub fn close_all(&mut self, line: &str) {
        for c in self.conns.drain(..) {
            self.wire.close(c.id, modes_off(line));
        }
    }
}

#[cfg(test)]
#[path = "host_loop_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "admission_tests.rs"]
mod admission_tests;
