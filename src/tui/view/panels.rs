//! The panels beside the island: every player's public state, the own hand of the player who
//! has the keyboard (and only theirs, H1), the bank and last roll, the log, the header, the
//! status line and the footer of keys that work now.

use crate::tui::screen::focus::Message;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::engine::{DevCard, Event, Hand, Resource, Seat};
use crate::tui::screen::keymap::{self, Mode};
use crate::tui::screen::scene::Scene;

/// A titled panel block.
pub fn block<'a>(app: &Scene, title: impl Into<Line<'a>>) -> Block<'a> {
    Block::bordered().border_set(app.theme.border()).border_style(app.theme.dim()).title(title)
}

/// A hand as coloured counts: "brick 2  lumber 0 ..." (and gold with R42); one space apart when
/// `narrow`.
pub fn hand_spans(app: &Scene, hand: Hand, narrow: bool) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for &r in crate::tui::screen::dialog::kinds(app.table.game()) {
        let style = if hand[r] == 0 { app.theme.dim() } else { app.theme.resource(r).add_modifier(Modifier::BOLD) };
        spans.push(Span::styled(format!("{} {}", r.name(), hand[r]), style));
        spans.push(Span::raw(if narrow { " " } else { "  " }));
    }
    spans.pop();
    spans
}

/// A cost or a trade side, naming only the resources in it: "grain 2  ore 3".
pub fn cost_spans(app: &Scene, hand: Hand) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for r in hand.resources() {
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(format!("{} {}", r.name(), hand[r]), app.theme.resource(r)));
    }
    spans
}

/// What each piece and a development card cost in this game, with their names: from the rules
/// (`Config::costs`), so a house rule that changes a cost changes what the screen says; a
/// castle only when the game plays castles (R44).
pub fn costs(game: &crate::engine::Game) -> Vec<(&'static str, Hand)> {
    let c = game.config().costs;
    let mut out = vec![("road", c.road), ("settlement", c.settlement), ("city", c.city)];
    if game.config().modules.has(crate::engine::Module::Castles) {
        out.push(("castle", c.castle));
    }
    out.push(("dev card", c.development));
    // R52, R53: the units' costs (R48's table whether or not seed costs are on).
    let m = game.config().modules;
    for (module, kinds) in [
        (crate::engine::Module::Knights, crate::engine::UnitKind::KNIGHTS),
        (crate::engine::Module::Ships, crate::engine::UnitKind::SHIPS),
    ] {
        if m.has(module) {
            out.extend(kinds.iter().map(|k| (k.name(), k.cost())));
        }
    }
    out
}

pub use crate::tui::screen::words::{plural, wrap};

/// A player's name with letter, in their colour.
pub fn player_span(app: &Scene, s: Seat) -> Span<'static> {
    let letter = app.table.letters.get(s.index()).copied().unwrap_or('?');
    Span::styled(format!("{letter} {}", app.table.name(s)), app.theme.player(s))
}

/// Rows the players panel needs.
pub fn players_height(app: &Scene) -> u16 {
    app.table.game().num_players() as u16
        + 3
        + crate::tui::view::house::war_scores(app).map_or(0, |lines| lines.len() as u16)
}

/// A seat's letter and name cut to `width` columns, a computer player's level kept in view:
/// "C Cy (hard)", "C Cyrillu… (hard)".
fn seat_label(app: &Scene, s: Seat, width: usize) -> String {
    let letter = app.table.letters.get(s.index()).copied().unwrap_or('?');
    let name = app.table.name(s);
    let Some(kind) = app.table.player_kind(s) else {
        return format!("{:<width$.width$}", format!("{letter} {name}"));
    };
    // Tight (96 x 28 with an award or two): the level's initial keeps the name whole,
    // "D Dirk (h)"; only a name that still doesn't fit is shortened.
    let level = format!(" ({kind})");
    let full = 2 + name.chars().count() + level.chars().count();
    let level = if full > width { format!(" ({})", kind.chars().next().unwrap_or('?')) } else { level };
    let room = width.saturating_sub(2 + level.chars().count());
    let name: String = if name.chars().count() > room {
        let cut: String = name.chars().take(room.saturating_sub(1)).collect();
        format!("{cut}{}", if app.theme.ascii { "~" } else { "…" })
    } else {
        name
    };
    format!("{:<width$.width$}", format!("{letter} {name}{level}"))
}

/// The awards a player holds, as the players panel writes them: "LR LA", and the house rules'
/// "LM" (Largest Metropolis, R49) and "HM" (Harbor Master, R50).
fn awards(p: &crate::engine::PublicPlayer) -> String {
    let held = [(p.longest_road, "LR"), (p.largest_army, "LA"), (p.metropolis, "LM"), (p.harbor_master, "HM")];
    held.iter().filter(|(has, _)| *has).map(|(_, a)| *a).collect::<Vec<_>>().join(" ")
}

/// The awards with the units' own: "LN" (Largest Navy, R54) and "C2" (Colonist points, R55).
fn unit_awards(g: &crate::engine::Game, s: crate::engine::Seat, held: String) -> String {
    let mut out = held;
    let mut add = |a: String| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&a);
    };
    if g.largest_navy() == Some(s) {
        add("LN".to_string());
    }
    let colonist = g.colonist_islands(s).count();
    if colonist > 0 {
        add(format!("C{colonist}"));
    }
    out
}

/// Every player's public state (H2). With computer players at the table the name column is as
/// wide as the longest name with its level ("B Bert (medium)"), as far as the awards held leave
/// room; a name that still doesn't fit is shortened, never the level.
pub fn players(app: &Scene, area: Rect, buf: &mut Buffer) {
    let g = app.table.game();
    let bots = g.seats().any(|s| app.table.level(s).is_some());
    let name_w = if bots {
        let longest = g.seats().map(|s| app.table.label(s).chars().count() + 2).max().unwrap_or(0);
        let awards_w = g.seats().map(|s| awards(&g.public_player(s)).len()).max().unwrap_or(0);
        // Inside the border: the marker (2), the numbers and a space (24), the awards.
        let room = usize::from(area.width.saturating_sub(2)).saturating_sub(2 + 24 + awards_w);
        longest.min(room).clamp(10, 30)
    } else {
        10
    };
    // With units (R52, R53) the knights column counts units on the board (knight cards are
    // out of the deck with knights, R52).
    let units =
        [crate::engine::Module::Knights, crate::engine::Module::Ships].iter().any(|&m| g.config().modules.has(m));
    let kn = if units { "un" } else { "kn" };
    let head = Line::styled(
        format!("  {:<w$}{:>3}{:>6}{:>4}{:>4}{:>5}", "player", "VP", "cards", "dev", kn, "road", w = name_w + 1),
        app.theme.dim(),
    );
    let mut lines = vec![head];
    // On the shared offer screen anyone asked may answer in any order: the engine's next
    // answerer is no one's turn, so the marker stays on whose turn it is, the offerer's.
    let at = if app.keyboard().sharing_offer { g.current_player() } else { g.to_act() };
    for s in g.seats() {
        let p = g.public_player(s);
        let marker = if s == at && !g.is_over() { app.theme.pointer() } else { " " };
        let name = Span::styled(seat_label(app, s, name_w), app.theme.player(s));
        lines.push(Line::from(vec![
            Span::raw(format!("{marker} ")),
            name,
            Span::styled(format!("{:>4}", p.points), Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(format!(
                "{:>6}{:>4}{:>4}{:>5} ",
                p.resource_cards,
                p.dev_cards,
                if units { g.knight_count(s) + g.ship_count(s) } else { p.knights },
                p.road_length
            )),
            Span::styled(unit_awards(g, s, awards(&p)), app.theme.title()),
        ]));
    }
    if let Some(scores) = crate::tui::view::house::war_scores(app) {
        lines.extend(scores.map(|line| Line::styled(line, app.theme.dim())));
    }
    Paragraph::new(lines).block(block(app, players_title(g))).render(area, buf);
}

/// The players panel's title: what ends the game. A war (R57) ends after its rounds, on
/// points, unless someone reaches the target first (R38); the rounds are the engine's.
fn players_title(g: &crate::engine::Game) -> String {
    let target = g.config().target;
    match g.war_turn(1) {
        Some(war) => format!(" Players · most after {} rounds, or {target} ", 2 * war.rounds),
        None => format!(" Players · {target} to win "),
    }
}

/// Resource counts in as few lines as fit `width`: one line, or three resources then two.
pub fn hand_lines(app: &Scene, hand: Hand, width: u16) -> Vec<Line<'static>> {
    let fits = |spans: &Vec<Span>| spans.iter().map(|s| s.width()).sum::<usize>() <= width as usize;
    let wide = hand_spans(app, hand, false);
    if fits(&wide) {
        return vec![Line::from(wide)];
    }
    let narrow = hand_spans(app, hand, true);
    if fits(&narrow) {
        return vec![Line::from(narrow)];
    }
    // Spans alternate count and gap: the first three resources are spans 0..5.
    let mut first = narrow;
    let second = first.split_off(6);
    first.pop();
    vec![Line::from(first), Line::from(second)]
}

/// The lines of the hand panel, for a panel `width` wide, and whose hand it is; `None` while
/// every hand is hidden (H1).
fn hand_content(app: &Scene, width: u16) -> Option<(Seat, Vec<Line<'static>>)> {
    let g = app.table.game();
    // At a table of computer players only (a demo) there is no one to hide a hand from: the
    // hand of the bot to act is shown.
    // A person's seat played by a stand-in while they are away is still theirs: hidden.
    let demo =
        app.table.humans().next().is_none() && !app.table.kinds.is_empty() && app.table.remote.stand_in.is_empty();
    let s = app.screen.viewer.or_else(|| demo.then(|| g.to_act()));
    let s = s.filter(|_| app.keyboard().handoff.is_none() && app.screen.start.is_none())?;
    let inner = width.saturating_sub(2);
    let seen = g.view(s);
    let (hand, dev, new) = (seen.hand(), seen.dev_cards(), seen.bought_this_turn());
    let mut cards: Vec<String> = DevCard::ALL
        .iter()
        .filter(|&&c| dev[c] > 0)
        .map(|&c| {
            let fresh = new[c].min(dev[c]);
            if fresh > 0 {
                format!("{} {} ({fresh} new)", c.name(), dev[c])
            } else {
                format!("{} {}", c.name(), dev[c])
            }
        })
        .collect();
    if cards.is_empty() {
        cards.push("no development cards".into());
    }
    let hidden = dev[DevCard::VictoryPoint];
    let points = if hidden > 0 {
        format!("{} ({hidden} from hidden cards)", plural(seen.victory_points() as u32, "point"))
    } else {
        plural(seen.victory_points() as u32, "point")
    };
    let mut lines = hand_lines(app, hand, inner);
    lines.extend(wrap(&cards.join(", "), inner as usize).into_iter().map(Line::raw));
    lines.push(Line::styled(format!("{} · {points}", plural(hand.total(), "card")), app.theme.dim()));
    Some((s, lines))
}

/// Rows the hand panel needs at this width.
pub fn hand_height(app: &Scene, width: u16) -> u16 {
    hand_content(app, width).map_or(3, |(_, lines)| lines.len() as u16 + 2)
}

/// The own hand and development cards of the player who has the keyboard.
pub fn hand(app: &Scene, area: Rect, buf: &mut Buffer) {
    let Some((s, lines)) = hand_content(app, area.width) else {
        let text = Line::styled("hidden until the next player takes the keyboard", app.theme.dim());
        Paragraph::new(text).block(block(app, " Hand ")).render(area, buf);
        return;
    };
    let title = Line::from(vec![Span::raw(" "), player_span(app, s), Span::raw("'s hand ")]);
    Paragraph::new(lines).block(block(app, title)).render(area, buf);
}

/// Rows the bank panel needs at this width.
pub fn bank_height(app: &Scene, width: u16) -> u16 {
    let inner = width.saturating_sub(2);
    let dragon = dragon_line(app).is_some() as usize;
    (hand_lines(app, app.table.game().bank(), inner).len() + deck_and_dice(app, inner).len() + dragon) as u16 + 2
}

/// R43: the gold counted toward the dragon's next attack.
fn dragon_line(app: &Scene) -> Option<Line<'static>> {
    let g = app.table.game();
    g.config().modules.has(crate::engine::Module::Dragon).then(|| {
        let text = format!("dragon: {} of {} gold", g.dragon_gold(), crate::engine::DRAGON_GOLD);
        Line::styled(text, app.theme.resource(Resource::Gold))
    })
}

/// The bank, the development deck and the last roll.
pub fn bank(app: &Scene, area: Rect, buf: &mut Buffer) {
    let inner = area.width.saturating_sub(2);
    let mut lines = hand_lines(app, app.table.game().bank(), inner);
    lines.extend(deck_and_dice(app, inner));
    lines.extend(dragon_line(app));
    Paragraph::new(lines).block(block(app, " Bank ")).render(area, buf);
}

/// "deck 25 dev cards · last roll [3][2] = 5" on one line where it fits, else on two, so the
/// roll's total is never cut off.
fn deck_and_dice(app: &Scene, width: u16) -> Vec<Line<'static>> {
    let g = app.table.game();
    let dice = match g.dice().filter(|_| g.turn_number() > 0) {
        Some([a, b]) => {
            let style = if a + b == 7 { app.theme.error() } else { Style::new().add_modifier(Modifier::BOLD) };
            Span::styled(format!("[{a}][{b}] = {}", a + b), style)
        }
        None => Span::styled("none yet", app.theme.dim()),
    };
    let deck = format!("deck {} dev cards", g.deck_len());
    let one = Line::from(vec![Span::raw(format!("{deck} · last roll ")), dice.clone()]);
    let mut lines = if one.width() <= width as usize {
        vec![one]
    } else {
        vec![Line::raw(deck), Line::from(vec![Span::raw("last roll "), dice])]
    };
    // R47: the cards left in the dice stack, never their order.
    lines.extend(crate::tui::view::house::dice_stack(app).map(Line::raw));
    lines
}

/// The log, newest at the bottom, as the viewer may see it (H2); scrolled back on request.
pub fn log(app: &Scene, area: Rect, buf: &mut Buffer) {
    let inner_h = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2).max(10) as usize;
    let viewer = app.screen.viewer.filter(|_| app.keyboard().handoff.is_none());
    let want = inner_h + app.screen.log_scroll;
    let mut lines: Vec<Line> = Vec::new();
    for entry in crate::tui::table::log_words::entries_rev(app.table, &app.table.log, viewer) {
        let style = match entry.event {
            Event::TurnStarted { .. } => app.theme.title(),
            Event::DiceRolled { .. } | Event::Won { .. } => Style::new().add_modifier(Modifier::BOLD),
            _ => Style::new(),
        };
        for l in wrap(&entry.text, width).into_iter().rev() {
            lines.push(Line::styled(l, style));
        }
        if lines.len() >= want {
            break;
        }
    }
    let skip = app.screen.log_scroll.min(lines.len().saturating_sub(inner_h));
    let shown: Vec<Line> = lines.into_iter().skip(skip).take(inner_h).collect::<Vec<_>>().into_iter().rev().collect();
    let title = if skip > 0 { format!(" Log (back {skip}, PgDn) ") } else { " Log (PgUp) ".to_string() };
    Paragraph::new(shown).block(block(app, title)).render(area, buf);
}

/// The top line: game, board code (the seed is on no screen until the game is over, H7),
/// turn and who acts.
pub fn header(app: &Scene, area: Rect, buf: &mut Buffer) {
    let g = app.table.game();
    let mut spans = vec![
        Span::styled(" CATAN ", app.theme.title().add_modifier(Modifier::REVERSED)),
        Span::raw(format!("  island {}  ", app.table.board_code())),
    ];
    if app.screen.start.is_none() {
        let turn = if g.turn_number() == 0 { "set-up".to_string() } else { format!("turn {}", g.turn_number()) };
        spans.push(Span::raw(format!("{turn}  ")));
        if let Some(round) = crate::tui::view::house::round(app) {
            spans.push(Span::raw(format!("{round}  ")));
        }
        if let Some(war) = crate::tui::view::house::war_round(app) {
            spans.push(Span::styled(format!("{war}  "), app.theme.title()));
        }
        // On the shared screens the header names the player whose turn it is and what the
        // table is asked, not the first seat the engine waits for.
        // Once the game is over it names the winner: the last to act may have lost (R57's
        // war ends when the last round's last player ends the turn).
        let shared = app.keyboard().sharing_offer || app.keyboard().asking_builders;
        let s = match g.winner() {
            Some(w) => w,
            None if shared => g.current_player(),
            None => g.to_act(),
        };
        let what = match () {
            _ if app.keyboard().sharing_offer => "waits for the answers to the offer".to_string(),
            _ if app.keyboard().asking_builders => "is done: who builds (special building phase)?".to_string(),
            _ => crate::tui::view::phase::header(app),
        };
        let winners = crate::tui::view::house::winners(app);
        if winners.len() > 1 {
            // R57: a war ended tied, every winner named.
            for (i, &w) in winners.iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw(if i + 1 == winners.len() { " and " } else { ", " }));
                }
                spans.push(player_span(app, w));
            }
            spans.push(Span::raw(" share the win"));
        } else {
            spans.push(player_span(app, s));
            if let Some(kind) = app.table.player_kind(s) {
                spans.push(Span::raw(format!(" ({kind})")));
            }
            spans.push(Span::raw(format!(" {what}")));
        }
    }
    Line::from(spans).render(area, buf);
    let help = Span::styled("? help ", app.theme.dim());
    if area.width > 20 {
        Line::from(help).right_aligned().render(area, buf);
    }
}

/// The fewest columns a tip is shown in beside a message (" · tip: 62% +3 build…").
const TIP_LEAST: usize = 24;

/// The status line: the last result or refusal, else what to do now.
pub fn status(app: &Scene, message: Option<&Message>, area: Rect, buf: &mut Buffer, prompt: &str) {
    // Shortened to the row, not cut at the window's edge (super::words::fit).
    let room = |lead: usize| (area.width as usize).saturating_sub(lead);
    let fit = crate::tui::screen::words::fit;
    // A tips seat's best move (issue 36), after the prompt or the message: the tip takes what
    // they leave; beside a prompt at least half the row, beside a message only what it leaves
    // (issue 49: after a roll the tip cut off who got what), and nothing if that is too little.
    let tip = app
        .tip_shown()
        .filter(|_| !message.is_some_and(|m| m.error))
        .map(|t| format!("tip: {} {}", crate::tui::screen::coach::number(t.chance, t.change), t.reason));
    // The place under the cursor (the prompt's words before " — ") is never given up to the
    // tip (issue 41): the tip takes only what it leaves.
    let place = message.is_none().then(|| prompt.split_once(" — ").map(|p| p.0)).flatten();
    let tip_room = tip.as_ref().map_or(0, |t| {
        let said = message.map_or(prompt, |m| m.text.as_str()).chars().count();
        let kept = place.map_or(0, |p| p.chars().count() + 4);
        let least = if message.is_some() { 0 } else { room(0) / 2 };
        let tip_room = (t.chars().count() + 3).min(room(said + 4).max(least)).min(room(kept + 1));
        if message.is_some() && tip_room < TIP_LEAST { 0 } else { tip_room }
    });
    let room = |lead: usize| room(lead + tip_room);
    let mut line = match message {
        Some(m) if m.error => {
            Line::styled(format!(" {} {}", app.theme.cross(), fit(&m.text, room(3))), app.theme.error())
        }
        Some(m) => Line::raw(format!(" {}", fit(&m.text, room(1)))),
        // What others did to this screen's seats since its last key comes first (issue 49).
        None => match app.screen.yours.as_deref().filter(|_| !app.keyboard().too_small) {
            Some(news) => {
                let news = fit(news, room(0) / 2);
                let lead = news.chars().count() + 4;
                Line::from(vec![
                    Span::raw(format!(" {news} · ")),
                    Span::styled(fit_prompt(prompt, place, room(lead)), app.theme.title()),
                ])
            }
            None => Line::styled(format!(" {}", fit_prompt(prompt, place, room(1))), app.theme.title()),
        },
    };
    if let Some(tip) = tip.filter(|_| tip_room > 0) {
        line.spans.push(Span::styled(format!(" · {}", fit(&tip, tip_room.saturating_sub(3))), app.theme.key()));
    }
    line.render(area, buf);
}

/// The prompt made to fit `width`: whole if it fits; else the place under the cursor (`place`,
/// its start) with its later parts given up (" · 11 pips", " · road length 2") so that what to
/// do shows whole; else the place whole and what to do cut at a word ("6 ore, 5 lumber ·
/// 9 pips — Ann: place your …"). A prompt without a place as any status text
/// ([`crate::tui::screen::words::fit`]).
fn fit_prompt(prompt: &str, place: Option<&str>, width: usize) -> String {
    let len = |s: &str| s.chars().count();
    let Some(place) = place.filter(|_| len(prompt) > width) else {
        return crate::tui::screen::words::fit(prompt, width);
    };
    let what = &prompt[place.len() + " — ".len()..];
    let parts: Vec<&str> = place.split(" · ").collect();
    for keep in (1..parts.len()).rev() {
        let shorter = format!("{} — {what}", parts[..keep].join(" · "));
        if len(&shorter) <= width {
            return shorter;
        }
    }
    let mut out = format!("{place} —");
    for word in what.split(' ') {
        if len(&out) + 1 + len(word) + 2 > width {
            return out + " …";
        }
        out = format!("{out} {word}");
    }
    out
}

/// What a key that works anywhere does on this screen: on a joined one, `q` leaves the game
/// and the seat waits (issue 49).
pub fn global_desc(app: &Scene, b: &keymap::Binding) -> &'static str {
    if app.screen.joined && b.cmd == keymap::Cmd::Quit { "leave (your seat waits)" } else { b.desc }
}

/// The footer: the keys that do something right now, from the keymap.
pub fn footer(app: &Scene, area: Rect, buf: &mut Buffer) {
    let mode = app.keyboard().mode;
    let mut keys: Vec<(&str, &str)> = keymap::bindings(mode)
        .iter()
        .filter(|b| !b.label.is_empty() && app.enabled(b.cmd))
        .map(|b| (b.label, crate::tui::view::phase::key_desc(app, b.cmd, b.desc)))
        .collect();
    let mut global: Vec<(&str, &str)> = Vec::new();
    if keymap::takes_global(mode) {
        // The log keys are in the help; undo shows only when it would take something back.
        let shown = |b: &&keymap::Binding| !matches!(b.cmd, keymap::Cmd::LogUp | keymap::Cmd::LogDown);
        global = keymap::GLOBAL
            .iter()
            .filter(shown)
            .filter(|b| app.enabled(b.cmd))
            .map(|b| (b.label, global_desc(app, b)))
            .collect();
    }
    // On a narrow screen the keys of the moment give way, so help and quit always show.
    let width = |ks: &[(&str, &str)]| ks.iter().map(|(l, d)| l.chars().count() + d.chars().count() + 3).sum::<usize>();
    // What the footer says before the keys: on the start screen, to type; while a computer
    // player acts, that it thinks (or that its move is shown).
    let said = match mode {
        Mode::Bot | Mode::Away | Mode::Gone => app.bot_status().map(|s| format!(" {s} ")),
        _ => None,
    };
    let lead = said.as_ref().map_or(0, |s| s.chars().count());
    let mut cut = false;
    while !keys.is_empty() && lead + width(&keys) + width(&global) + 2 * cut as usize > area.width as usize {
        keys.pop();
        cut = true;
    }
    let mut spans = Vec::new();
    match (mode, said) {
        (Mode::Start, Some(said)) => spans.push(Span::styled(said, app.theme.key())),
        (_, Some(said)) => spans.push(Span::styled(said, app.theme.title())),
        _ => {}
    }
    for (label, desc) in keys {
        spans.push(Span::styled(format!(" {label}"), app.theme.key()));
        spans.push(Span::raw(format!(" {desc} ")));
    }
    if cut {
        spans.push(Span::raw(if app.theme.ascii { " ~" } else { " …" }));
    }
    for (label, desc) in global {
        spans.push(Span::styled(format!(" {label}"), app.theme.key()));
        spans.push(Span::raw(format!(" {desc} ")));
    }
    Line::from(spans).render(area, buf);
}
