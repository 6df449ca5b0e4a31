//! What a joiner's terminal sends, as terminal events: the bytes of one connection, which can
//! arrive cut anywhere (an arrow key's escape sequence split between two packets), become
//! crossterm [`Event`]s through terminput's parser (crossterm's own, on a byte buffer). This
//! wrapper adds what a parser of a whole buffer cannot know: whether a lone Esc is a key or the
//! start of a sequence still on its way, and how much a joiner may send.

use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// How long a lone Esc waits for the rest of a sequence before it counts as the Esc key (a
/// sequence's bytes leave a terminal together; a person's next key is far slower).
pub(crate) const ESC_WAIT: Duration = Duration::from_millis(30);
/// How long a paste whose end never came waits before it is given as it is (its end may have
/// been dropped by the rate bound).
pub(crate) const PASTE_WAIT: Duration = Duration::from_millis(500);
/// The longest escape sequence kept while it is incomplete; a longer one is noise and dropped.
const SEQUENCE_MAX: usize = 64;
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// Turns one connection's bytes into events, whatever way the bytes were cut. Holds at most
/// [`SEQUENCE_MAX`] bytes of an unfinished sequence and the paste bound of a paste.
pub(crate) struct Parser {
    /// An unfinished key or escape sequence.
    pending: Vec<u8>,
    /// Inside a bracketed paste: the text so far (at most `paste_max` bytes) and how much of
    /// the end marker was just seen.
    paste: Option<(Vec<u8>, usize)>,
    paste_max: usize,
    /// When the last byte came, for [`Parser::deadline`].
    last: Instant,
}

impl Parser {
    /// A parser that cuts pastes to `paste_max` bytes.
    pub(crate) fn new(paste_max: usize) -> Parser {
        Parser { pending: Vec::new(), paste: None, paste_max, last: Instant::now() }
    }

    /// Parses bytes that came at `now`, appending the events they complete to `out`.
    pub(crate) fn feed(&mut self, bytes: &[u8], now: Instant, out: &mut Vec<Event>) {
        // Bytes that come after the wait (the timer's turn came late) do not join what waited.
        if self.deadline().is_some_and(|at| now >= at) {
            self.timeout(out);
        }
        self.last = now;
        for &b in bytes {
            if self.paste.is_some() {
                self.paste_byte(b, out);
                continue;
            }
            self.pending.push(b);
            self.parse(out);
        }
    }

    /// When the bytes held must be given as they are if nothing more comes (a lone Esc, an
    /// unfinished paste), or `None` when nothing waits.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        if self.paste.is_some() {
            Some(self.last + PASTE_WAIT)
        } else if self.pending.is_empty() {
            None
        } else {
            Some(self.last + ESC_WAIT)
        }
    }

    /// Nothing more came in time: a lone Esc is the Esc key, an unfinished paste is given as
    /// it is, anything else unfinished is dropped.
    pub(crate) fn timeout(&mut self, out: &mut Vec<Event>) {
        if let Some((text, _)) = self.paste.take() {
            out.push(Event::Paste(paste_text(text)));
        } else if self.pending == b"\x1b" {
            out.push(Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
        }
        self.pending.clear();
    }

    fn parse(&mut self, out: &mut Vec<Event>) {
        // terminput takes a lone Esc for the key at once; here it waits for what may follow.
        if self.pending == b"\x1b" {
            return;
        }
        if self.pending == PASTE_START {
            self.pending.clear();
            self.paste = Some((Vec::new(), 0));
            return;
        }
        match terminput::Event::parse_from(&self.pending) {
            Ok(Some(event)) => {
                self.pending.clear();
                // Events crossterm has no word for (none a terminal sends unasked) are dropped.
                if let Ok(event) = terminput_crossterm::to_crossterm(event) {
                    out.push(event);
                }
            }
            Ok(None) if self.pending.len() < SEQUENCE_MAX => {}
            Ok(None) | Err(_) => self.pending.clear(),
        }
    }

    /// One byte inside a bracketed paste: kept while the paste is under its bound, until the
    /// whole end marker is seen.
    fn paste_byte(&mut self, b: u8, out: &mut Vec<Event>) {
        let Some((text, matched)) = self.paste.as_mut() else { return };
        if b == PASTE_END[*matched] {
            *matched += 1;
            if *matched == PASTE_END.len() {
                let (text, _) = self.paste.take().unwrap_or_default();
                out.push(Event::Paste(paste_text(text)));
            }
            return;
        }
        // The marker's start was text after all (only its first byte can begin it again).
        let seen = std::mem::take(matched);
        push_bounded(text, &PASTE_END[..seen], self.paste_max);
        if b == PASTE_END[0] {
            *matched = 1;
        } else {
            push_bounded(text, &[b], self.paste_max);
        }
    }
}

fn push_bounded(text: &mut Vec<u8>, bytes: &[u8], max: usize) {
    let room = max.saturating_sub(text.len());
    text.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

/// A paste's bytes as text: a character cut by the bound is left out, other broken UTF-8 shows
/// as the replacement character.
fn paste_text(mut bytes: Vec<u8>) -> String {
    if let Err(e) = std::str::from_utf8(&bytes)
        && e.error_len().is_none()
    {
        bytes.truncate(e.valid_up_to());
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The bytes a second one connection may send ([`super::Limits::input_per_second`]): a bucket
/// that holds a second's worth and refills evenly; what does not fit is dropped, not queued.
pub(crate) struct Bucket {
    per_second: usize,
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket of `per_second` bytes.
    pub(crate) fn new(per_second: usize, now: Instant) -> Bucket {
        Bucket { per_second, tokens: per_second as f64, at: now }
    }

    /// How many of `n` bytes arriving at `now` may pass.
    pub(crate) fn take(&mut self, n: usize, now: Instant) -> usize {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        let cap = self.per_second as f64;
        self.tokens = (self.tokens + elapsed * cap).min(cap);
        let passed = (n as f64).min(self.tokens.floor());
        self.tokens -= passed;
        passed as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{MouseButton, MouseEventKind};

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    /// Feeds each piece as its own read, `gap` apart, then lets time run out.
    fn parse(pieces: &[&[u8]], paste_max: usize) -> Vec<Event> {
        let mut p = Parser::new(paste_max);
        let mut out = Vec::new();
        let start = Instant::now();
        for (i, piece) in pieces.iter().enumerate() {
            p.feed(piece, start + Duration::from_millis(i as u64), &mut out);
        }
        if p.deadline().is_some() {
            p.timeout(&mut out);
        }
        out
    }

    #[test]
    fn keys_arrows_tab_enter_and_ctrl_letters() {
        let out = parse(&[b"a\x1b[A\x1b[B\x1bOC\x1b[D\t\x1b[Z\r\x03\x1bOP\x1b[15~"], 4096);
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        let back_tab = Event::Key(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT));
        let expected = vec![
            key(KeyCode::Char('a')),
            key(KeyCode::Up),
            key(KeyCode::Down),
            key(KeyCode::Right),
            key(KeyCode::Left),
            key(KeyCode::Tab),
            back_tab,
            key(KeyCode::Enter),
            ctrl_c,
            key(KeyCode::F(1)),
            key(KeyCode::F(5)),
        ];
        assert_eq!(out, expected);
    }

    #[test]
    fn a_sequence_cut_between_reads_is_one_key() {
        assert_eq!(parse(&[b"\x1b", b"[", b"A"], 4096), vec![key(KeyCode::Up)]);
        assert_eq!(parse(&[b"x\x1b[", b"1;5C"], 4096)[1], {
            Event::Key(KeyEvent::new(KeyCode::Right, KeyModifiers::CONTROL))
        });
        // A character of several bytes cut in two.
        assert_eq!(parse(&["é".as_bytes()[..1].as_ref(), &"é".as_bytes()[1..]], 4096), vec![key(KeyCode::Char('é'))]);
    }

    #[test]
    fn a_lone_esc_is_the_key_once_nothing_follows() {
        let mut p = Parser::new(4096);
        let mut out = Vec::new();
        let now = Instant::now();
        p.feed(b"\x1b", now, &mut out);
        assert!(out.is_empty(), "a lone Esc waits for what may follow");
        assert_eq!(p.deadline(), Some(now + ESC_WAIT));
        p.timeout(&mut out);
        assert_eq!(out, vec![key(KeyCode::Esc)]);
        assert_eq!(p.deadline(), None);
    }

    #[test]
    fn a_key_after_the_wait_does_not_join_a_lone_esc() {
        let mut p = Parser::new(4096);
        let mut out = Vec::new();
        let now = Instant::now();
        p.feed(b"\x1b", now, &mut out);
        p.feed(b"x", now + ESC_WAIT, &mut out);
        assert_eq!(out, vec![key(KeyCode::Esc), key(KeyCode::Char('x'))], "not Alt-x");
    }

    #[test]
    fn a_bracketed_paste_is_one_event_even_cut_in_pieces() {
        let out = parse(&[b"\x1b[20", b"0~hello \x1b", b"[201", b"~q"], 4096);
        assert_eq!(out, vec![Event::Paste("hello ".into()), key(KeyCode::Char('q'))]);
        // An escape inside the text that is not the end marker stays text.
        assert_eq!(parse(&[b"\x1b[200~a\x1b[2b\x1b[201~"], 4096), vec![Event::Paste("a\x1b[2b".into())]);
    }

    #[test]
    fn a_paste_is_cut_to_its_bound_and_never_splits_a_character() {
        let long = format!("\x1b[200~{}\x1b[201~", "é".repeat(100));
        let out = parse(&[long.as_bytes()], 11);
        assert_eq!(out, vec![Event::Paste("é".repeat(5))]);
    }

    #[test]
    fn a_paste_whose_end_never_comes_is_given_after_its_wait() {
        let mut p = Parser::new(4096);
        let mut out = Vec::new();
        let now = Instant::now();
        p.feed(b"\x1b[200~half", now, &mut out);
        assert_eq!(p.deadline(), Some(now + PASTE_WAIT));
        p.timeout(&mut out);
        assert_eq!(out, vec![Event::Paste("half".into())]);
        p.feed(b"x", now, &mut out);
        assert_eq!(out[1], key(KeyCode::Char('x')), "keys are keys again after it");
    }

    #[test]
    fn an_endless_sequence_is_dropped_not_kept() {
        let mut noise = b"\x1b[".to_vec();
        noise.extend(std::iter::repeat_n(b'1', 10_000));
        let mut p = Parser::new(4096);
        let mut out = Vec::new();
        p.feed(&noise, Instant::now(), &mut out);
        assert!(p.pending.len() < SEQUENCE_MAX);
        p.feed(b"\x1b[A", Instant::now(), &mut out);
        assert!(out.ends_with(&[key(KeyCode::Up)]), "{out:?}");
    }

    #[test]
    fn sgr_mouse_clicks_arrive() {
        let out = parse(&[b"\x1b[<0;10;5M"], 4096);
        let Event::Mouse(m) = &out[0] else { panic!("{out:?}") };
        assert_eq!((m.kind, m.column, m.row), (MouseEventKind::Down(MouseButton::Left), 9, 4));
    }

    #[test]
    fn the_bucket_passes_a_second_worth_then_refills_evenly() {
        let t = Instant::now();
        let mut b = Bucket::new(100, t);
        assert_eq!(b.take(150, t), 100, "a burst past a second's worth is cut");
        assert_eq!(b.take(10, t), 0);
        assert_eq!(b.take(80, t + Duration::from_millis(500)), 50);
        assert_eq!(b.take(500, t + Duration::from_secs(10)), 100, "it never holds more than a second");
    }
}
