//! Target `keys`: a hot-seat game in the terminal front end, driven by key presses, resizes and
//! clicks decoded from the input, as `App::update` gets them from the terminal loop. Properties,
//! after every message:
//! - `App::update` (and drawing, now and then and at the end) never panics;
//! - hot-seat privacy (H1): while a game is running and the app is not on the hand-off screen,
//!   the player who has the keyboard is the one to act, `app.viewer == Some(app.game().to_act())`;
//!   the viewer changes only when the hand-off screen is confirmed by a key; a drawn screen shows
//!   no hand on the hand-off screen and no hand but the viewer's otherwise;
//! - the app's game is its record's (the history saves and undo work from) and stays valid.
//!
//! Nothing is written to disk: the app has no data directory, and the typed characters leave out
//! `/` and `\`, so a save name can't become a path (the prompt then refuses to save).

use catan::engine::{BoardKind, Config, Game, Seat, Shortage};
use catan::tui::keymap::Mode;
use catan::tui::{App, Msg, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::bytes::Bytes;

/// Messages per input at most.
pub const MAX_MSGS: usize = 5_000;

/// Players' names when the game does not start on the start screen.
pub const NAMES: [&str; 6] = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"];

/// Messages between two drawings of the screen.
const DRAW_EVERY: usize = 64;

/// The keys the game answers to, Enter (which confirms and places) several times.
pub const KEYS: &[KeyCode] = &[
    KeyCode::Enter,
    KeyCode::Enter,
    KeyCode::Enter,
    KeyCode::Enter,
    KeyCode::Tab,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Esc,
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Backspace,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::Delete,
    KeyCode::F(1),
    KeyCode::Char(' '),
    KeyCode::Char('r'),
    KeyCode::Char('r'),
    KeyCode::Char('b'),
    KeyCode::Char('v'),
    KeyCode::Char('c'),
    KeyCode::Char('d'),
    KeyCode::Char('p'),
    KeyCode::Char('t'),
    KeyCode::Char('m'),
    KeyCode::Char('e'),
    KeyCode::Char('e'),
    KeyCode::Char('h'),
    KeyCode::Char('j'),
    KeyCode::Char('k'),
    KeyCode::Char('l'),
    KeyCode::Char('a'),
    KeyCode::Char('x'),
    KeyCode::Char('+'),
    KeyCode::Char('-'),
    KeyCode::Char('='),
    KeyCode::Char('_'),
    KeyCode::Char('u'),
    KeyCode::Char('s'),
    KeyCode::Char('S'),
    KeyCode::Char('?'),
    KeyCode::Char('['),
    KeyCode::Char(']'),
    KeyCode::Char('q'),
    KeyCode::Char('y'),
    KeyCode::Char('n'),
    KeyCode::Char('N'),
    KeyCode::Char('Y'),
];

/// Terminal sizes worth trying: the smallest drawn, just under it, the common ones, the large
/// island's, tiny and none.
const SIZES: &[(u16, u16)] =
    &[(96, 28), (95, 28), (96, 27), (100, 32), (80, 24), (120, 40), (140, 45), (200, 60), (1, 1), (0, 0)];

/// A typed character, anything but a path separator.
fn any_char(b: &mut Bytes) -> char {
    let c = char::from_u32(u32::from(b.u16()) | (u32::from(b.u8() & 1) << 16)).unwrap_or('x');
    if c == '/' || c == '\\' { '.' } else { c }
}

/// The next message: mostly keys of the game, then keys with modifiers, released or repeated,
/// any character, a resize, or a click somewhere on the screen.
/// Characters a paste is made of, game keys first: a paste of them must play nothing.
const PASTED: &[char] = &['r', 'e', '\r', '\n', ' ', 'a', 'd', 'c', 't', 'v', 'b', 'u', 'y', 'q', '\x1b'];

pub fn message(b: &mut Bytes, app: &App) -> Msg {
    let op = b.u8();
    match op {
        0..=199 => Msg::key(KEYS[op as usize % KEYS.len()]),
        200..=214 => {
            let code = match op {
                200..=203 => KeyCode::Char('c'),
                204..=209 => KeyCode::Char(any_char(b)),
                _ => b.pick(KEYS),
            };
            let m = b.u8();
            let modifiers = KeyModifiers::from_bits_truncate(m & 0x3f);
            let kind = [KeyEventKind::Press, KeyEventKind::Press, KeyEventKind::Repeat, KeyEventKind::Release]
                [(m >> 6) as usize];
            Msg::Key(KeyEvent::new_with_kind(code, modifiers, kind))
        }
        215..=227 => Msg::key(KeyCode::Char(any_char(b))),
        // Pasted text (bracketed paste): typed only into the name and save prompts.
        236..=239 => {
            Msg::Paste((0..b.u8() % 24).map(|_| if b.u8() < 128 { b.pick(PASTED) } else { any_char(b) }).collect())
        }
        228..=235 => {
            let v = b.u8();
            if v & 0x80 != 0 {
                Msg::Resize(u16::from(b.u8()) * 2, u16::from(b.u8()))
            } else {
                let (w, h) = SIZES[v as usize % SIZES.len()];
                Msg::Resize(w, h)
            }
        }
        _ => {
            let (w, h) = app.screen.size;
            let col = (b.u16() as usize % (w as usize + 2)) as u16;
            let row = (b.u16() as usize % (h as usize + 2)) as u16;
            Msg::Click { col, row }
        }
    }
}

/// The screen as text, one line per row.
pub fn draw(app: &App) -> Vec<String> {
    let (w, h) = app.screen.size;
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    Widget::render(app, area, &mut buf);
    if w == 0 {
        return Vec::new();
    }
    buf.content.chunks(w as usize).map(|row| row.iter().map(|c| c.symbol()).collect()).collect()
}

/// True while a game is being played: begun, not over.
fn running(app: &App) -> bool {
    app.screen.start.is_none() && !app.table.game().is_over()
}

/// The app as it was before a message.
#[derive(Clone, Copy, Debug)]
pub struct Before {
    pub viewer: Option<Seat>,
    pub mode: Mode,
    pub game: Game,
}

impl Before {
    pub fn of(app: &App) -> Before {
        Before { viewer: app.screen.viewer, mode: app.screen.mode(), game: *app.table.game() }
    }
}

/// What must hold of the app after every message.
pub fn check_app(app: &App, before: &Before, msg: &Msg, ctx: &dyn Fn() -> String) {
    let mode = app.screen.mode();
    if let Err(e) = app.table.game().validate() {
        panic!("{}: the app's game is invalid: {e}", ctx());
    }
    if app.screen.start.is_none() {
        let record = app.table.record().unwrap_or_else(|| panic!("{}: a game began without a record", ctx()));
        assert!(*record.game() == *app.table.game(), "{}: the app's game is not its record's", ctx());
    }
    if running(app) {
        let to_act = app.table.game().to_act();
        // A computer player needs no keyboard (start-screen games may seat bots).
        // A shared screen (issue 23) hides every hand: no one holds the keyboard on it.
        if app.screen.guarded().is_none() && app.table.level(to_act).is_none() {
            assert_eq!(app.screen.viewer, Some(to_act), "{}: no hand-off, yet the keyboard is not the player's", ctx());
        }
        let playing = !matches!(
            mode,
            Mode::Start
                | Mode::StartRules
                | Mode::Bot
                | Mode::HowTo
                | Mode::Handoff
                | Mode::Offer
                | Mode::Builders
                | Mode::Help
                | Mode::Quit
                | Mode::SaveName
                | Mode::Over
        );
        if playing {
            assert_eq!(
                app.screen.viewer,
                Some(to_act),
                "{}: {mode:?} for {to_act:?} while {:?} has the keyboard",
                ctx(),
                app.screen.viewer
            );
        }
    }
    // A shared screen taking the keyboard from everyone is the one other way the viewer changes.
    let shared = app.screen.viewer.is_none() && matches!(app.screen.mode(), Mode::Offer | Mode::Builders);
    if app.screen.viewer != before.viewer && !shared {
        assert!(
            // The hand-off, or a game starting with one person among bots (theirs from the start).
            matches!(before.mode, Mode::Handoff | Mode::Start | Mode::StartRules) && matches!(msg, Msg::Key(_)),
            "{}: the viewer changed from {:?} to {:?} without a hand-off (mode was {:?})",
            ctx(),
            before.viewer,
            app.screen.viewer,
            before.mode
        );
        // With one person among bots the keyboard is theirs from the start, whoever acts first.
        let people = (0..app.table.game().num_players()).filter(|&i| app.table.level(Seat(i as u8)).is_none()).count();
        let only_person = matches!(before.mode, Mode::Start | Mode::StartRules)
            && people == 1
            && app.screen.viewer.is_some_and(|v| app.table.level(v).is_none());
        assert!(
            only_person || app.screen.viewer == Some(app.table.game().to_act()),
            "{}: the keyboard went to a player not to act",
            ctx()
        );
    }
    if matches!(msg, Msg::Paste(_)) {
        // On the start screen a paste types into a name, which may change the island shown
        // (more names, another island); it never starts the game.
        let on_start = matches!(before.mode, Mode::Start | Mode::StartRules);
        assert!(
            (on_start && app.screen.start.is_some() || *app.table.game() == before.game)
                && app.screen.viewer == before.viewer,
            "{}: a paste played or took the keyboard",
            ctx()
        );
    }
    // Only the player who took the keyboard acts (or takes an action back), and only while
    // playing: not from the hand-off screen, the help, the quit question or the save prompt.
    if !matches!(before.mode, Mode::Start | Mode::StartRules) && *app.table.game() != before.game {
        assert!(
            !matches!(before.mode, Mode::Handoff | Mode::Help | Mode::HowTo | Mode::Quit | Mode::SaveName | Mode::Over),
            "{}: the game changed from {:?} mode",
            ctx(),
            before.mode
        );
        // On a shared screen (issue 23) the answers and the choice of builders are public
        // keys, given with every hand hidden.
        let public = matches!(before.mode, Mode::Offer | Mode::Builders) && before.viewer.is_none();
        assert!(
            public || before.viewer == Some(before.game.to_act()),
            "{}: the game changed while {:?} had the keyboard and {:?} was to act",
            ctx(),
            before.viewer,
            before.game.to_act()
        );
    }
}

/// The title of `s`'s hand panel as drawn (with the default theme's border): the seat's letter
/// and name between the corner and the border line, so no name typed on the start screen (one
/// may be part of another, or read "x's hand") passes for another's panel.
pub fn hand_title(app: &App, s: Seat) -> String {
    let letter = app.table.letters.get(s.index()).copied().unwrap_or('?');
    format!("╭ {letter} {}'s hand ─", app.table.name(s))
}

/// Draws the screen and checks that it shows no hand it must not: none on the hand-off screen,
/// none but the viewer's (the player to act) otherwise.
pub fn check_screen(app: &App, ctx: &dyn Fn() -> String) {
    let text = draw(app).join("\n");
    if !running(app) {
        return;
    }
    let to_act = app.table.game().to_act();
    for s in app.table.game().seats() {
        let title = hand_title(app, s);
        if text.contains(&title) {
            assert!(app.screen.handoff().is_none(), "{}: {title} shown on the hand-off screen:\n{text}", ctx());
            // Only the keyboard's holder sees a hand: the player to act, or with bots the one
            // person at the table; a table of only bots shows the acting bot's.
            let all_bots = app.table.game().seats().all(|x| app.table.level(x).is_some());
            let allowed =
                if all_bots { s == to_act } else { Some(s) == app.screen.viewer && app.table.level(s).is_none() };
            assert!(
                allowed,
                "{}: {title} shown while {to_act:?} is to act and {:?} holds the keyboard:\n{text}",
                ctx(),
                app.screen.viewer
            );
        }
    }
}

/// The app the input asks for: seed, two to six players (or the start screen, now and then),
/// and the rules.
pub fn new_app(b: &mut Bytes) -> App {
    let seed = u64::from(b.u16());
    let f = b.u8();
    let names = (f & 0x30 != 0x30).then(|| NAMES[..2 + f as usize % 5].iter().map(|n| n.to_string()).collect());
    if f & 0xC0 == 0xC0 {
        let (g, h) = (b.u8(), b.u8());
        let rules = Config {
            board: [BoardKind::Variable, BoardKind::Beginner, BoardKind::Random][(g % 3) as usize],
            desert_center: g & 0x04 != 0,
            strict_phases: g & 0x08 != 0,
            shortage: [Shortage::Official, Shortage::NoneAtAll, Shortage::TurnOrder][(h % 3) as usize],
            friendly_robber: h & 0x04 != 0,
            // A target of 3 ends the game at the first building after set-up.
            target: [10, 10, 5, 3][usize::from(h >> 4) % 4],
            discard_limit: if h & 0x08 != 0 { 9 } else { 7 },
            ..Config::default()
        };
        App::with_rules(seed, names, Theme::default(), rules)
    } else {
        App::new(seed, names, Theme::default())
    }
}

/// Decodes `data` into an app and its messages and checks after every one.
pub fn run(data: &[u8]) {
    play(data);
}

/// [`run`], returning the app as it ends.
pub fn play(data: &[u8]) -> App {
    let mut b = Bytes::new(data);
    let mut app = new_app(&mut b);
    let (w, h) = SIZES[b.below(SIZES.len())];
    app.update(Msg::Resize(w, h));
    let mut n = 0;
    while !b.is_empty() && n < MAX_MSGS && !app.screen.done {
        let msg = message(&mut b, &app);
        let before = Before::of(&app);
        app.update(msg.clone());
        let ctx = || {
            format!(
                "message {n} ({msg:?}) from {:?} ({:?} viewing), now {:?} in {:?}",
                before.mode,
                before.viewer,
                app.screen.mode(),
                app.table.game().phase()
            )
        };
        check_app(&app, &before, &msg, &ctx);
        if n % DRAW_EVERY == DRAW_EVERY - 1 {
            check_screen(&app, &ctx);
        }
        n += 1;
    }
    check_screen(&app, &|| format!("the end, after {n} messages"));
    app
}
