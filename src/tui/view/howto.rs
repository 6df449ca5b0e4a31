//! The how-to-play page: what a turn is, how to trade, how the hand-off works and where the
//! keys are, short enough to read before a first game; then the units' and the war's, for the
//! house rules that put them on the island. It opens by itself on a first run (no
//! settings file yet), with `?` on the start screen and with `h` in the help; it scrolls when
//! the terminal is too short for it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::engine::{Group, Module, Page};
use crate::tui::screen::scene::Scene;
use crate::tui::view::panels::block;
use crate::tui::view::screens::centred;

/// The base game's page, a section at a time; in a paragraph `{k}` is a key, shown in the keys'
/// style, and `{target}` the game's target. The house rules' sections follow it, read from the
/// engine's table of house rules ([`ModuleRow::page`](crate::engine::ModuleRow::page)).
const PAGE: &[Page] = &[
    Page {
        heading: "The goal",
        word: "goal",
        paragraphs: &["Be the first to reach the target ({target} points): a settlement is 1 point, a city 2, \
             the Longest Road and the Largest Army 2 each, a victory point card 1."],
    },
    Page {
        heading: "Set-up",
        word: "set-up",
        paragraphs: &["Each player places a settlement and a road, then a second pair in reverse order; the second \
             settlement takes one card from each hex around it. Move with the arrows (or {Tab} to the \
             next legal spot) and place with {Enter}."],
    },
    Page {
        heading: "A turn",
        word: "turn",
        paragraphs: &[
            "1. {r} rolls. Every settlement beside a hex with that number takes one card of its \
             resource, a city two. On a 7, whoever holds too many cards discards half, and the roller \
             moves the robber and robs a player beside it.",
            "2. Trade and build, in any order: {t} offers a trade to the others, {m} trades with the \
             bank; {b} road, {v} settlement, {c} city, {d} buys a development card, {p} plays one.",
            "3. {e} ends the turn.",
        ],
    },
    Page {
        heading: "Trading",
        word: "trade",
        paragraphs: &[
            "The resource keys are the same in every dialog: {b} brick, {l} lumber, {w} wool, {g} grain, \
             {o} ore; {Tab} switches between what you give and what you get, {+} and {-} change a count.",
            "A lumber for a brick, five keys: {t} {l} {Tab} {b} {Enter}. The offer shows on one screen \
             everyone reads, every hand hidden: each player asked presses their letter, then {a} accepts \
             or {d} declines; {c} counters with an offer of their own, on their own hand-off. You then \
             take an answer by that player's letter, or withdraw the offer ({x}).",
            "{m} trades with the bank: 4 cards of a kind for 1, or 3:1 and 2:1 at your harbors. It shows \
             every rate you have and starts on the best.",
        ],
    },
    Page {
        heading: "The hand-off",
        word: "hand-off",
        paragraphs: &["Everyone plays on one keyboard. Before a person acts (their turn, an answer to an offer, a \
             discard) the screen asks to pass the keyboard to them, and every hand stays hidden until \
             they press {Enter}; keys pressed in the moment after it are dropped too. One person among \
             computer players takes the keyboard so once, as the game opens. Computer players need no \
             hand-off: their moves show one by one, and any key skips ahead. With five or six \
             players, after each turn one screen asks who wants to build: press your letter, then \
             {Enter}; only those take the keyboard."],
    },
    Page {
        heading: "Keys",
        word: "keys",
        paragraphs: &["The bottom line always shows the keys that work now. {?} shows every key, the costs and \
             the island's symbols; {h} there opens this page again. {u} takes back your last action, \
             {s} saves, {q} quits: the game is saved after every action, and catan --continue resumes \
             it."],
    },
];

/// On a screen joined over ssh, the hand-off's and the keys' sections say how a seat's own
/// screen plays instead (issue 49: it has no hand-off, no save, and `q` leaves).
const OWN_SCREEN: &[Page] = &[
    Page {
        heading: "Your own screen",
        word: "own screen",
        paragraphs: &["You play your seat on your own screen, joined over ssh: your hand, your dialogs and the \
             offers to you are asked here, and no one else sees them; there is no hand-off. When a 7 or \
             an offer asks several players, everyone answers at once on their own screen, and the \
             answers are played in turn order. The status line says what the others do, and what \
             happened to you stays there until your next key. With five or six players, after each \
             turn you say here whether you build (your letter, then {Enter})."],
    },
    Page {
        heading: "Keys",
        word: "keys",
        paragraphs: &["The bottom line always shows the keys that work now. {?} shows every key, the costs and \
             the island's symbols; {h} there opens this page again. {u} takes back your last action. \
             The host saves the game after every action. {q} leaves: your seat waits for you, and ssh \
             in again with the same name and code takes it back."],
    },
];

/// The sections of the game (or of the rules chosen on the start screen): the base game's,
/// then the page of each house rule played that puts units on the island (the `land` modules'
/// pages are not shown here), a page shared by several modules once.
fn pages(app: &Scene) -> impl Iterator<Item = &'static Page> {
    let m = if app.screen.start.is_some() { app.table.rules.modules } else { app.table.game().config().modules };
    let mut house: Vec<&'static Page> = Vec::new();
    for row in m.iter().map(Module::row).filter(|r| !r.groups.contains(&Group::Land)) {
        if !house.iter().any(|p| std::ptr::eq(*p, row.page)) {
            house.push(row.page);
        }
    }
    let joined = app.screen.joined;
    PAGE.iter()
        .map(move |p| match p.word {
            "hand-off" if joined => &OWN_SCREEN[0],
            "keys" if joined => &OWN_SCREEN[1],
            _ => p,
        })
        .chain(house)
}

/// The sections in order, by their word in the contents line; a section's key is its place
/// from 1.
pub fn sections(app: &Scene) -> Vec<&'static str> {
    pages(app).map(|p| p.word).collect()
}

/// The keys of the house rules' sections ("7 units, 8 war"), for the help; `None` without.
pub fn house_keys(app: &Scene) -> Option<String> {
    let all = sections(app);
    let house: Vec<String> =
        all.iter().enumerate().skip(PAGE_SECTIONS).map(|(i, w)| format!("{} {w}", i + 1)).collect();
    (!house.is_empty()).then(|| house.join(", "))
}

/// Sections of the base game's page.
const PAGE_SECTIONS: usize = PAGE.len();

/// The contents line: each section's key and word, as lines `width` wide at most.
fn contents(app: &Scene, width: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let mut line = vec![Span::styled("Contents:", app.theme.title())];
    let mut len = "Contents:".len();
    for (i, word) in sections(app).iter().enumerate() {
        let sep = if i == 0 { " " } else { "  " };
        let w = sep.chars().count() + digits(i + 1) + 1 + word.chars().count();
        if len + w > width {
            out.push(Line::from(std::mem::take(&mut line)));
            len = 0;
        }
        line.push(Span::raw(sep));
        line.push(Span::styled((i + 1).to_string(), app.theme.key()));
        line.push(Span::raw(format!(" {word}")));
        len += w;
    }
    out.push(Line::from(line));
    out
}

fn digits(n: usize) -> usize {
    n.to_string().len()
}

/// The page as lines `width` wide at most, with the line each section starts on.
pub fn lines(app: &Scene, width: u16) -> (Vec<Line<'static>>, Vec<usize>) {
    let width = usize::from(width.max(20));
    let target =
        if app.screen.start.is_some() { app.table.rules.target } else { app.table.game().config().target }.to_string();
    let mut out: Vec<Line> = Vec::new();
    let mut starts = Vec::new();
    for page in pages(app) {
        if !out.is_empty() {
            out.push(Line::raw(""));
        }
        starts.push(out.len());
        out.push(Line::styled(page.heading.to_string(), app.theme.title()));
        for para in page.paragraphs {
            out.extend(paragraph(app, para, &target, width));
        }
    }
    (out, starts)
}

/// A paragraph as lines `width` wide at most, `{target}` said and the keys in their style.
fn paragraph(app: &Scene, para: &str, target: &str, width: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let para = para.replace("{target}", target);
    // Greedy wrapping on words; a key's braces take no room.
    let mut line: Vec<Span> = Vec::new();
    let mut len = 0;
    // A numbered step's lines after the first line up under its text.
    let indent = if para.starts_with(|c: char| c.is_ascii_digit()) { 3 } else { 0 };
    for word in para.split(' ') {
        let w = word.chars().filter(|c| !matches!(c, '{' | '}')).count();
        if len > 0 && len + 1 + w > width {
            out.push(Line::from(std::mem::take(&mut line)));
            line.push(Span::raw(" ".repeat(indent)));
            len = indent;
        } else if len > 0 {
            line.push(Span::raw(" "));
            len += 1;
        }
        // "({Enter})": the parts outside braces plain, inside in the keys' style.
        for (i, part) in word.split(['{', '}']).enumerate().filter(|(_, p)| !p.is_empty()) {
            let part = part.to_string();
            line.push(if i % 2 == 1 { Span::styled(part, app.theme.key()) } else { Span::raw(part) });
        }
        len += w;
    }
    out.push(Line::from(line));
    out
}

/// The page's box in a screen of `area`, the contents line's rows in it, and the room for the
/// scrolling text below them.
fn frame(app: &Scene, area: Rect) -> (Rect, Rect, Rect) {
    let r = centred(area, area.width.saturating_sub(4).min(86), area.height.saturating_sub(2));
    let inner = Rect { x: r.x + 2, y: r.y + 1, width: r.width.saturating_sub(4), height: r.height.saturating_sub(2) };
    // The contents stay in view as the text scrolls, a blank row under them.
    let rows = (contents(app, usize::from(inner.width.max(20))).len() as u16 + 1).min(inner.height);
    let head = Rect { height: rows.saturating_sub(1), ..inner };
    let body = Rect { y: inner.y + rows, height: inner.height - rows, ..inner };
    (r, head, body)
}

/// How far the page can scroll in a screen of `size`.
pub(in crate::tui) fn max_scroll(app: &Scene, size: (u16, u16)) -> u16 {
    let (_, _, body) = frame(app, Rect::new(0, 0, size.0, size.1));
    let total = lines(app, body.width).0.len();
    u16::try_from(total.saturating_sub(usize::from(body.height))).unwrap_or(u16::MAX)
}

/// The scroll that shows section `n` (from 0) at the top, past the page's end if need be (a
/// short last section still opens at its heading).
pub(in crate::tui) fn section_scroll(app: &Scene, size: (u16, u16), n: usize) -> Option<u16> {
    let (_, _, body) = frame(app, Rect::new(0, 0, size.0, size.1));
    let at = *lines(app, body.width).1.get(n)?;
    Some(u16::try_from(at).unwrap_or(u16::MAX))
}

/// Where the page opens: on the first house rule's section when the game plays one (issue 33:
/// at the end of one long page a new player never found them), else at the top.
pub(in crate::tui) fn opening(app: &Scene, size: (u16, u16)) -> u16 {
    section_scroll(app, size, PAGE_SECTIONS).unwrap_or(0)
}

/// Draws the page over `area`.
pub fn render(app: &Scene, area: Rect, buf: &mut Buffer) {
    let at = app.screen.howto.unwrap_or(0);
    let (r, head, body) = frame(app, area);
    Clear.render(r, buf);
    let all = lines(app, body.width).0;
    let more = all.len() > usize::from(at) + usize::from(body.height);
    let mut outer = block(app, " How to play ");
    let keys = format!("1-{} section", sections(app).len());
    outer = outer.title_bottom(Line::styled(
        if more {
            format!(" ↓ more: ↑↓ scroll · {keys} · Esc closes ")
        } else {
            format!(" {keys} · Esc closes ")
        },
        app.theme.key(),
    ));
    outer.render(r, buf);
    Paragraph::new(contents(app, usize::from(head.width.max(20)))).render(head, buf);
    let shown: Vec<Line> = all.into_iter().skip(usize::from(at)).take(usize::from(body.height)).collect();
    Paragraph::new(shown).render(body, buf);
}
