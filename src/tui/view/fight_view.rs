//! A fight as everyone at the table sees it (R56; R43's knight against the dragon too): who
//! attacked what with which unit, both dice with their modifiers, who won and what changed (the
//! awards that moved with it), over the island from the moment it is fought until the next
//! deliberate key. The fight is public, so the same box shows whoever holds the keyboard, a
//! computer player's attack too; the input gate guards it like a hand-off (a key meant for the
//! screen before never dismisses it, and the key that does acts on nothing else: app/keys.rs).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use crate::engine::{Event, FightResult, Game, Piece, SHIP_SLOT, Seat, Target, UnitKind, Vertex};
use crate::tui::screen::scene::Scene;
use crate::tui::view::panels::{block, player_span};
use crate::tui::view::screens::centred;

/// The lines of a fight: the [`Event::Fought`] first, then the events its action brought
/// (awards, a win).
pub fn lines(app: &Scene, events: &[Event]) -> Vec<Line<'static>> {
    if let Some(&Event::DragonFought { seat, at, die, dragon }) = events.first() {
        return dragon_lines(app, events, seat, Vertex(at), [die, dragon]);
    }
    let Some(&Event::Fought { seat, unit, kind, defender, target, dice, plus, result }) = events.first() else {
        return Vec::new();
    };
    let g = app.table.game();
    let th = &app.theme;
    let defended = defended(g, defender, target, result);
    // R56: a unit beside what was attacked may take the fight in its place; say so, or the
    // table reads an attack on a settlement as one on a knight (issue 33).
    let aimed = app.screen.fight_aimed.filter(|&a| a != target).and_then(|a| aimed_at(g, a));
    let mut out = vec![Line::from(vec![
        player_span(app, seat),
        Span::raw(format!("'s {kind}{} attacks ", at(g, seat, unit))),
        player_span(app, defender),
        Span::raw(format!("'s {}", aimed.as_deref().unwrap_or(&defended))),
    ])];
    if let Some(aimed) = aimed.as_deref() {
        let what = aimed.split(" on ").next().unwrap_or(aimed);
        out.push(Line::from(vec![player_span(app, defender), Span::raw(format!("'s {defended} defends the {what}"))]));
    }
    out.push(Line::raw(""));
    let attacker_plus = match plus[0] {
        0 => String::new(),
        p => format!(" + {p} war ship"),
    };
    let defender_plus = match (plus[1], target) {
        (0, _) => String::new(),
        (1, _) => " + 1 settlement".into(),
        (p, Target::Building(_)) => format!(" + {p} city"),
        (p, Target::Unit { .. }) => format!(" + {p} war ship"),
    };
    for (i, (s, extra)) in [(seat, attacker_plus), (defender, defender_plus)].into_iter().enumerate() {
        let total = dice[i] + plus[i];
        let sum = if plus[i] > 0 { format!(" = {total}") } else { String::new() };
        out.push(Line::from(vec![
            Span::raw("  "),
            player_span(app, s),
            Span::raw(format!(" rolls {}", dice[i])),
            Span::raw(extra),
            Span::styled(sum, th.title()),
        ]));
    }
    out.push(Line::styled("  (ties are rolled again: these dice decided)", th.dim()));
    out.push(Line::raw(""));
    let (winner, change) = match result {
        FightResult::Held => (defender, "Nothing changes.".to_string()),
        FightResult::Removed { kind, aboard: 0 } => (seat, format!("{}'s {kind} is removed", app.table.name(defender))),
        FightResult::Removed { kind, aboard } => {
            let knights = crate::tui::screen::words::plural(aboard.into(), "knight");
            (seat, format!("{}'s {kind} sinks with {knights} aboard", app.table.name(defender)))
        }
        FightResult::Captured(piece) => {
            (seat, format!("{} takes {}'s {piece}: it is {0}'s now", app.table.name(seat), app.table.name(defender)))
        }
        FightResult::Destroyed(piece) => (
            seat,
            format!(
                "{}'s {piece} is destroyed ({} has no {piece} left to put there)",
                app.table.name(defender),
                app.table.name(seat)
            ),
        ),
    };
    out.push(Line::from(vec![player_span(app, winner), Span::styled(" wins. ", th.title()), Span::raw(change)]));
    let names = |s: Seat| app.table.name(s);
    for e in &events[1..] {
        out.push(Line::raw(format!("  {}", e.describe(&names, None))));
    }
    out
}

/// R43 with knights: `seat`'s knight beside their building on `v` fought the dragon, `dice`
/// `[the knight's, the dragon's]` (ties rolled again); the dragon's damage follows when it won.
fn dragon_lines(app: &Scene, events: &[Event], seat: Seat, v: Vertex, dice: [u8; 2]) -> Vec<Line<'static>> {
    let th = &app.theme;
    let lost = events.iter().find_map(|e| match *e {
        Event::DragonAttacked { was, .. } => Some((was, *e)),
        _ => None,
    });
    let piece = lost.map(|l| l.0).or_else(|| app.table.game().building(v).map(|b| b.1)).unwrap_or(Piece::Settlement);
    let names = |s: Seat| app.table.name(s);
    let mut out = vec![
        Line::from(vec![Span::raw("The dragon attacks "), player_span(app, seat), Span::raw(format!("'s {piece}"))]),
        Line::raw(""),
        Line::from(vec![
            Span::raw("  "),
            player_span(app, seat),
            Span::raw(format!(" rolls {} (a knight beside it)", dice[0])),
        ]),
        Line::raw(format!("  the dragon rolls {}", dice[1])),
        Line::styled("  (ties are rolled again: these dice decided)", th.dim()),
        Line::raw(""),
    ];
    out.push(match lost {
        None => Line::from(vec![
            player_span(app, seat),
            Span::styled(" wins. ", th.title()),
            Span::raw(format!("The {piece} is saved.")),
        ]),
        Some((_, e)) => {
            Line::from(vec![Span::styled("The dragon wins: ", th.title()), Span::raw(e.describe(&names, None))])
        }
    });
    for e in events[1..].iter().filter(|e| !matches!(e, Event::DragonAttacked { .. })) {
        out.push(Line::raw(format!("  {}", e.describe(&names, None))));
    }
    out
}

/// What the fight was with: the unit that took it (a defender's, R56) or the building.
fn defended(g: &Game, defender: Seat, target: Target, result: FightResult) -> String {
    match (target, result) {
        (_, FightResult::Captured(p) | FightResult::Destroyed(p)) => p.to_string(),
        (Target::Building(v), _) => g.building(v).map_or(Piece::Settlement, |b| b.1).to_string(),
        (Target::Unit { .. }, FightResult::Removed { kind, .. }) => kind.name().to_string(),
        (Target::Unit { unit, .. }, _) => {
            let kind = if unit >= SHIP_SLOT {
                g.ship_units(defender).find(|u| u.0 == unit - SHIP_SLOT).map(|u| u.1)
            } else {
                g.knight_units(defender).find(|u| u.0 == unit).map(|u| u.1)
            };
            format!("{}{}", kind.map_or("unit", UnitKind::name), at(g, defender, unit))
        }
    }
}

/// What an attack aimed at, when a defending unit took the fight instead: "settlement",
/// "city", or a unit and where it stands ("cargo ship on the sea NE of the 5 grain"). Read after the fight, which
/// left it standing.
fn aimed_at(g: &Game, aimed: Target) -> Option<String> {
    match aimed {
        Target::Building(v) => g.building(v).map(|b| b.1.to_string()),
        Target::Unit { seat, unit } if unit >= SHIP_SLOT => {
            g.ship_units(seat).find(|u| u.0 == unit - SHIP_SLOT).map(|u| format!("{}{}", u.1.name(), at(g, seat, unit)))
        }
        Target::Unit { seat, unit } => {
            g.knight_units(seat).find(|u| u.0 == unit).map(|u| format!("{}{}", u.1.name(), at(g, seat, unit)))
        }
    }
}

/// " on the 5 grain" or " on the sea NE of the 5 grain": where a unit stands (after the fight).
fn at(g: &Game, s: Seat, unit: u8) -> String {
    if unit >= SHIP_SLOT {
        g.ship_units(s)
            .find(|u| u.0 == unit - SHIP_SLOT)
            .map_or(String::new(), |u| format!(" on {}", crate::tui::screen::sea_names::sea_name(g, u.2)))
    } else {
        g.knight_units(s).find(|u| u.0 == unit).map_or(String::new(), |u| format!(" on {}", g.board().hex_name(u.2)))
    }
}

/// Draws the fight over `area` (the island), with the key that goes on.
pub fn render(app: &Scene, events: &[Event], area: Rect, buf: &mut Buffer) {
    let mut body = lines(app, events);
    if body.is_empty() {
        return;
    }
    body.push(Line::raw(""));
    body.push(Line::styled("any key: go on", app.theme.key()));
    let width = body.iter().map(Line::width).max().unwrap_or(30).max(30) as u16 + 4;
    let width = width.min(area.width);
    let inner = width.saturating_sub(2) as usize;
    let rows: usize = body.iter().map(|l| l.width().max(1).div_ceil(inner.max(1))).sum();
    let r = centred(area, width, rows as u16 + 2);
    Clear.render(r, buf);
    Paragraph::new(body).block(block(app, " A fight! ")).wrap(Wrap { trim: false }).render(r, buf);
}
