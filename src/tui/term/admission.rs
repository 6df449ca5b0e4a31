//! Who may take a seat of a hosted game (H8): the join code opens the door, not a seat.
//!
//! A seat's first join is put to the host's screen (who asks, for which seat, from where, with
//! which key), with a key to let them in and one to refuse, nothing chosen for the host. The
//! seat is then bound to that joiner: to their ssh key when their client proved one, otherwise
//! to a rejoin word shown only on their own screen (they log in as `NAME+WORD` to come back).
//! Only that joiner takes the seat back without the host; anyone else is put to the host again,
//! and so is anyone asking for a seat played at the host's keyboard (the host gives it up only
//! by letting them in). A bound joiner coming back while their old connection still looks
//! alive (a laptop that dropped off the network) takes the seat over from it.
//!
//! The state and the decisions are here, with the box the host's screen shows; the hosting
//! loop (`host_loop.rs`) asks [`Admission::verdict`] on each join and carries out the answers.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::engine::{MAX_PLAYERS, Seat, SeatSet};
use crate::host::{ConnId, JOIN_WAIT, JoinReply};
use crate::tui::screen::theme::Theme;

/// How long the box is up before its keys count: a key typed for the game just as a request
/// comes in must not answer it.
pub(super) const GUARD: Duration = Duration::from_millis(500);
/// The most requests waiting for the host at once; more are refused with a line.
const QUEUE_MAX: usize = 4;

/// Whom a seat is bound to once its first joiner was let in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Bond {
    /// The fingerprint of the joiner's ssh key (`SHA256:...`).
    Key(String),
    /// The rejoin word shown on the joiner's screen.
    Word(String),
}

/// A join waiting for the host's answer.
pub(super) struct Request {
    pub(super) conn: ConnId,
    pub(super) seat: Seat,
    /// The name they logged in as (without a rejoin word), as typed, bounded.
    pub(super) name: String,
    pub(super) size: (u16, u16),
    pub(super) term: String,
    pub(super) peer: SocketAddr,
    pub(super) key: Option<String>,
    pub(super) reply: JoinReply,
    /// Why the host is asked beyond a first join, if there is more to it.
    pub(super) note: Option<String>,
    pub(super) came: Instant,
}

/// What to do with a join.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The seat's bound joiner: seated at once.
    Seat,
    /// Put to the host, with what the host should know beyond "a first join".
    Ask(Option<String>),
}

/// The bonds of the seats, the seats played at the host's keyboard, and the joins waiting.
#[derive(Default)]
pub(super) struct Admission {
    bonds: [Option<Bond>; MAX_PLAYERS],
    here: SeatSet,
    queue: VecDeque<Request>,
    /// When the request at the head of the queue was first shown.
    shown: Option<Instant>,
}

/// A name logged in with, split into the seat's name and a rejoin word: `Bob+maple-bolt`.
pub(super) fn split_name(login: &str) -> (&str, Option<&str>) {
    match login.rsplit_once('+') {
        Some((name, word)) if !name.is_empty() && !word.is_empty() => (name, Some(word)),
        _ => (login, None),
    }
}

impl Admission {
    /// Whether `seat`'s joiner, with `key` and `word`, sits down at once or is put to the host.
    pub(super) fn verdict(&self, seat: Seat, key: Option<&str>, word: Option<&str>, name: &str) -> Verdict {
        match &self.bonds[seat.index()] {
            Some(Bond::Key(k)) if key == Some(k.as_str()) => Verdict::Seat,
            Some(Bond::Word(w)) if word.is_some_and(|typed| typed.eq_ignore_ascii_case(w)) => Verdict::Seat,
            Some(Bond::Key(_)) => Verdict::Ask(Some(format!(
                "{name}'s seat belongs to the joiner who took it first, with another ssh key"
            ))),
            Some(Bond::Word(_)) => Verdict::Ask(Some(format!(
                "{name}'s seat belongs to the joiner who took it first; {}",
                if word.is_some() { "this rejoin word is wrong" } else { "no rejoin word was given" }
            ))),
            None if self.here.contains(seat) => {
                Verdict::Ask(Some(format!("{name}'s seat is played at this keyboard: letting them in gives it up")))
            }
            None => Verdict::Ask(None),
        }
    }

    /// Whether a joiner with `key` and `word` is the one `seat` is bound to.
    pub(super) fn is_bound_to(&self, seat: Seat, key: Option<&str>, word: Option<&str>) -> bool {
        self.verdict(seat, key, word, "") == Verdict::Seat
    }

    /// The seat's bond, if it has one.
    pub(super) fn bond(&self, seat: Seat) -> Option<&Bond> {
        self.bonds[seat.index()].as_ref()
    }

    /// Binds a seat to the joiner just let in; returns the new rejoin word when they have no
    /// key.
    pub(super) fn bind(&mut self, seat: Seat, key: Option<String>) -> Option<String> {
        self.here = self.here.without(seat);
        let (bond, word) = match key {
            Some(k) => (Bond::Key(k), None),
            None => {
                let w = crate::host::new_word();
                (Bond::Word(w.clone()), Some(w))
            }
        };
        self.bonds[seat.index()] = Some(bond);
        word
    }

    /// Notes the seats played at the host's keyboard: the one that holds it now, unless it is
    /// joined elsewhere.
    pub(super) fn note_here(&mut self, viewer: Option<Seat>, joined: SeatSet) {
        if let Some(s) = viewer.filter(|&s| !joined.contains(s)) {
            self.here = self.here.with(s);
        }
    }

    /// Puts a join to the host; when too many wait, the joiner is told so instead (false).
    pub(super) fn ask(&mut self, request: Request) -> bool {
        if self.queue.len() >= QUEUE_MAX {
            request.reply.answer(Err("the host has other joins to answer: try again in a minute".into()));
            return false;
        }
        self.queue.push_back(request);
        true
    }

    /// The join the host's screen asks about, if any.
    pub(super) fn asking(&self) -> Option<&Request> {
        self.queue.front()
    }

    /// Marks the head as shown at `now` (its guard starts then).
    pub(super) fn shown(&mut self, now: Instant) {
        if self.queue.front().is_some() && self.shown.is_none() {
            self.shown = Some(now);
        }
    }

    /// Takes the head's answer if the host's key counts at `now` (the box has been up long
    /// enough).
    pub(super) fn answered(&mut self, now: Instant) -> Option<Request> {
        let up = self.shown.is_some_and(|at| now >= at + GUARD);
        if !up {
            return None;
        }
        self.shown = None;
        self.queue.pop_front()
    }

    /// Takes the head without its guard (the host's answer given other than by a key: tests).
    #[cfg(test)]
    pub(super) fn take(&mut self) -> Option<Request> {
        self.shown = None;
        self.queue.pop_front()
    }

    /// Forgets the requests of a connection gone, and those older than a joiner waits.
    pub(super) fn forget(&mut self, gone: Option<ConnId>, now: Instant) {
        let before = self.queue.front().map(|r| r.conn);
        self.queue.retain(|r| Some(r.conn) != gone && now < r.came + JOIN_WAIT);
        if self.queue.front().map(|r| r.conn) != before {
            self.shown = None;
        }
    }

    /// The box over the host's screen: who asks for which seat, from where, with which key.
    pub(super) fn render(&self, seat_name: &str, theme: &Theme, area: Rect, buf: &mut Buffer) {
        let Some(r) = self.queue.front() else { return };
        let key = match &r.key {
            Some(k) => format!("ssh key {k}"),
            None => "no ssh key: they get a rejoin word".to_string(),
        };
        let mut lines = vec![
            Line::from(vec![
                Span::styled(r.name.clone(), theme.title()),
                Span::raw(format!(" asks to join as {seat_name}")),
            ]),
            Line::raw(format!("from {} · {key}", r.peer)),
        ];
        if let Some(note) = &r.note {
            lines.push(Line::styled(note.clone(), theme.error()));
        }
        lines.push(Line::from(vec![
            Span::styled("y", theme.key()),
            Span::raw(" let them in   "),
            Span::styled("n", theme.key()),
            Span::raw(" refuse"),
            Span::raw(match self.queue.len() {
                1 => String::new(),
                n => format!("   ({} more waiting)", n - 1),
            }),
        ]));
        let width = area.width.min(96);
        let height = (lines.len() as u16 + 2 + u16::from(area.width < 80)).min(area.height);
        let x = area.x + (area.width - width) / 2;
        let y = area.y + area.height.saturating_sub(height) / 2;
        let rect = Rect::new(x, y, width, height);
        Clear.render(rect, buf);
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(
                Block::bordered()
                    .border_set(theme.border())
                    .border_style(theme.title())
                    .title(" Someone asks to join "),
            )
            .render(rect, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h8_a_bound_seat_is_taken_back_only_by_its_joiner() {
        let mut a = Admission::default();
        let bob = Seat(1);
        assert_eq!(a.verdict(bob, None, None, "Bob"), Verdict::Ask(None), "a first join is put to the host");
        assert_eq!(a.bind(bob, Some("SHA256:bob".into())), None);
        assert_eq!(a.verdict(bob, Some("SHA256:bob"), None, "Bob"), Verdict::Seat);
        assert!(matches!(a.verdict(bob, Some("SHA256:eve"), None, "Bob"), Verdict::Ask(Some(_))));
        assert!(matches!(a.verdict(bob, None, Some("guess"), "Bob"), Verdict::Ask(Some(_))));
        let cy = Seat(2);
        let word = a.bind(cy, None).expect("no key: a word");
        assert_eq!(a.verdict(cy, None, Some(&word.to_uppercase()), "Cy"), Verdict::Seat);
        assert!(matches!(a.verdict(cy, None, Some("maple-bolt-x"), "Cy"), Verdict::Ask(Some(_))));
        assert!(matches!(a.verdict(cy, None, None, "Cy"), Verdict::Ask(Some(_))));
    }

    #[test]
    fn h8_a_seat_played_at_the_keyboard_is_given_up_only_by_the_host() {
        let mut a = Admission::default();
        let ann = Seat(0);
        a.note_here(Some(ann), SeatSet::default());
        let Verdict::Ask(Some(note)) = a.verdict(ann, None, None, "Ann") else { panic!("asked with a note") };
        assert!(note.contains("played at this keyboard"), "{note}");
        a.bind(ann, Some("SHA256:ann".into()));
        assert!(!a.here.contains(ann), "let in: no longer played here");
    }

    #[test]
    fn names_split_into_seat_and_word() {
        assert_eq!(split_name("Bob+maple-bolt"), ("Bob", Some("maple-bolt")));
        assert_eq!(split_name("Bob"), ("Bob", None));
        assert_eq!(split_name("+x"), ("+x", None));
        assert_eq!(split_name("Bob+"), ("Bob+", None));
    }

    #[test]
    fn the_host_answers_only_once_the_box_was_up_long_enough() {
        let mut a = Admission::default();
        let (reply, _rx) = JoinReply::channel();
        let t = Instant::now();
        let peer: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let r = Request {
            conn: 1,
            seat: Seat(1),
            name: "Bob".into(),
            size: (80, 24),
            term: String::new(),
            peer,
            key: None,
            reply,
            note: None,
            came: t,
        };
        assert!(a.ask(r));
        assert!(a.answered(t).is_none(), "not shown yet");
        a.shown(t);
        assert!(a.answered(t + GUARD / 2).is_none(), "a key typed for the game as it came");
        assert!(a.answered(t + GUARD).is_some());
        assert!(a.asking().is_none());
    }
}
