//! Drawing the dialogs as pop-ups over the island. Each shows whether Enter would be accepted
//! now, with the engine's reason when not.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use crate::engine::{Action, Answer, Game, Hand, Phase, Resource};
use crate::tui::screen::dialog::{
    CARD_ROWS, Composer, Dialog, PickFor, Picker, answers, card_playable, kinds, maritime_action, others,
};
use crate::tui::screen::keymap::resource_key;
use crate::tui::screen::scene::Scene;
use crate::tui::view::panels::{block, player_span, plural};
use crate::tui::view::screens::centred;

/// Draws the open dialog over `area`.
pub fn render(app: &Scene, dialog: &Dialog, area: Rect, buf: &mut Buffer) {
    let g = app.table.game();
    let (title, lines): (Line, Vec<Line>) = match dialog {
        Dialog::Composer(c) => composer(app, c),
        Dialog::Answer => answer(app),
        Dialog::Responses { row, chosen } => responses(app, *row, *chosen),
        Dialog::Picker(p) => picker(app, p),
        Dialog::Victim { victims, row, .. } => {
            let mut lines = vec![Line::raw("Rob whom? One random card is taken.")];
            for (i, &v) in victims.iter().enumerate() {
                let mut l = Line::from(vec![
                    mark(app, Some(i) == *row),
                    player_span(app, v),
                    Span::raw(format!(" holds {}", plural(g.public_player(v).resource_cards, "card"))),
                ]);
                if Some(i) == *row {
                    l = l.patch_style(app.theme.selected());
                }
                lines.push(l);
            }
            // H5: no one is chosen for the player.
            let how = if row.is_some() { "Enter robs this player" } else { "name whom: their letter or ↑↓" };
            lines.push(Line::styled(how, app.theme.dim()));
            (Line::raw(" The robber "), lines)
        }
        Dialog::Maritime { give, get, on_get } => maritime(app, *give, *get, *on_get),
        Dialog::Cards { row } => cards(app, *row),
        Dialog::Units(u) => {
            let head = match u.stage() {
                crate::tui::screen::unit_choice::Stage::What => "Build a unit, or act with one:".to_string(),
                crate::tui::screen::unit_choice::Stage::Verb => "What does it do?".to_string(),
                _ => format!("Which? ({} here)", u.steps.left().len()),
            };
            let mut lines = vec![Line::raw(head)];
            for (i, label) in u.rows(g, &|s| app.table.name(s)).into_iter().enumerate() {
                let on = u.marked(i);
                let mut l = Line::from(vec![mark(app, on), Span::raw(label)]);
                if on {
                    l = l.patch_style(app.theme.selected());
                }
                lines.push(l);
            }
            if let (crate::tui::screen::unit_choice::Stage::What, Some(note)) =
                (u.stage(), crate::tui::screen::unit_choice::attack_note(g))
            {
                lines.push(Line::styled(note, app.theme.dim()));
            }
            lines.push(Line::raw("Enter chooses · Esc goes back"));
            (Line::raw(" Units "), lines)
        }
    };
    // The last line is the dialog's verdict or message, which changes as the player moves: the
    // width comes from the other lines (and a floor that fits most messages), so the dialog
    // keeps its size, and a longer message wraps inside it.
    let (message, body) = lines.split_last().map_or((None, &lines[..]), |(m, b)| (Some(m), b));
    let body_width = body.iter().map(Line::width).max().unwrap_or(20).max(title.width() + 4);
    let width = (body_width.max(MESSAGE_ROOM) as u16 + 4).min(area.width);
    let inner = width.saturating_sub(2) as usize;
    let rows = |l: &Line| {
        let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
        crate::tui::view::panels::wrap(&text, inner).len()
    };
    // A body line wider than the dialog wraps too (a building's long name, R45): count its rows,
    // or the last line (the verdict) falls off the bottom.
    let message_rows = message.map_or(0, rows);
    let body_rows: usize = body.iter().map(rows).sum();
    let r = centred(area, width, (body_rows + message_rows) as u16 + 2);
    Clear.render(r, buf);
    Paragraph::new(lines).block(block(app, title)).wrap(Wrap { trim: false }).render(r, buf);
}

/// The marker of the chosen row, beside its reverse video: reads without colour (issue 23).
pub fn mark(app: &Scene, on: bool) -> Span<'static> {
    let text = match (on, app.theme.ascii) {
        (false, _) => "  ",
        (true, false) => "▶ ",
        (true, true) => "> ",
    };
    Span::styled(text, app.theme.key())
}

/// Columns every dialog has at least; a longer message wraps onto a second line.
const MESSAGE_ROOM: usize = 40;

/// "ready" or the engine's reason, for the bottom of a dialog.
fn verdict(app: &Scene, game: &Game, action: Action, ready: &str) -> Line<'static> {
    match crate::tui::screen::outcome::check_by(game, app.me(), action) {
        Ok(()) => Line::styled(format!("ok: {ready}"), app.theme.target()),
        Err(e) => {
            Line::styled(format!("{} {}", app.theme.cross(), app.table.with_names(e.to_string())), app.theme.error())
        }
    }
}

fn cell(app: &Scene, n: u8, selected: bool) -> Span<'static> {
    let style = if selected {
        app.theme.selected().add_modifier(Modifier::BOLD)
    } else if n > 0 {
        Style::new().add_modifier(Modifier::BOLD)
    } else {
        app.theme.dim()
    };
    Span::styled(format!("{:^9}", if selected { format!("[{n}]") } else { n.to_string() }), style)
}

fn composer(app: &Scene, c: &Composer) -> (Line<'static>, Vec<Line<'static>>) {
    let g = app.table.game();
    let me = app.me();
    let hand = app.my_view().hand();
    let mut lines = Vec::new();
    if let (true, Phase::Trade { give, get, .. }) = (c.counter, g.phase()) {
        lines.push(Line::raw(format!("{} offered {give} for your {get}.", app.table.name(g.current_player()))));
    }
    lines.push(Line::styled(format!("{:<9}{:^9}{:^9}{:>6}", "", "you give", "you get", "hold"), app.theme.dim()));
    let k = kinds(g).len();
    for (i, &r) in kinds(g).iter().enumerate() {
        lines.push(Line::from(vec![
            Span::styled(format!("{} {:<7}", resource_key(r), r.name()), app.theme.resource(r)),
            cell(app, c.give[r], c.row == i && !c.on_get),
            cell(app, c.get[r], c.row == i && c.on_get),
            Span::raw(format!("{:>6}", hand[r])),
        ]));
    }
    if !c.counter {
        lines.push(Line::styled("ask (Space toggles):", app.theme.dim()));
        for (i, s) in others(g, me).into_iter().enumerate() {
            let tick = if c.to.contains(s) { "[x]" } else { "[ ]" };
            let mut l = Line::from(vec![mark(app, c.row == k + i), Span::raw(format!("{tick} ")), player_span(app, s)]);
            l.spans.push(Span::raw(format!(" ({})", plural(g.public_player(s).resource_cards, "card"))));
            if c.row == k + i {
                l = l.patch_style(app.theme.selected());
            }
            lines.push(l);
        }
    }
    let ready = if c.counter { "Enter sends the counter-offer" } else { "Enter sends the offer" };
    // A fresh offer is not an error yet (issue 23): say how to fill it in.
    lines.push(if c.give.total() == 0 && c.get.total() == 0 {
        Line::styled("a resource's key puts one on your side; Tab: the other side", app.theme.dim())
    } else {
        verdict(app, g, c.action(), ready)
    });
    let title = if c.counter { " Counter-offer " } else { " Trade offer " };
    (Line::raw(title), lines)
}

fn answer(app: &Scene) -> (Line<'static>, Vec<Line<'static>>) {
    let g = app.table.game();
    let Phase::Trade { give, get, .. } = g.phase() else { return (Line::raw(" Trade "), Vec::new()) };
    let from = g.current_player();
    let lines = vec![
        Line::from(vec![player_span(app, from), Span::raw(" offers you a trade:")]),
        Line::raw(format!("  you get:  {give}")),
        Line::raw(format!("  you give: {get}")),
        Line::raw(format!("  you hold: {}", app.my_view().hand())),
        Line::raw(""),
        Line::styled("d declines · c makes a counter-offer", app.theme.dim()),
        verdict(app, g, Action::AcceptTrade, "a accepts"),
    ];
    (Line::raw(" Trade offer "), lines)
}

fn responses(app: &Scene, row: Option<usize>, chosen: bool) -> (Line<'static>, Vec<Line<'static>>) {
    let g = app.table.game();
    let mut lines = Vec::new();
    if let Phase::Trade { give, get, .. } = g.phase() {
        lines.push(Line::raw(format!("You offered {give} for {get}.")));
    }
    let list = answers(g);
    for (i, &(s, a)) in list.iter().enumerate() {
        let what = match a {
            Answer::Accept => "accepts".to_string(),
            Answer::Counter { give, get } => format!("counters: you give {give}, you get {get}"),
            Answer::Decline => "declines".to_string(),
            Answer::Pending | Answer::NotAsked => "has not answered".to_string(),
        };
        let mut l = Line::from(vec![mark(app, Some(i) == row), player_span(app, s), Span::raw(format!(" {what}"))]);
        if !matches!(a, Answer::Accept | Answer::Counter { .. }) {
            l = l.patch_style(app.theme.dim());
        }
        if Some(i) == row {
            l = l.patch_style(app.theme.selected());
        }
        lines.push(l);
    }
    lines.push(Line::styled("x withdraws the offer", app.theme.dim()));
    match row.and_then(|r| list.get(r)) {
        Some(&(s, _)) => {
            // On the fresh list a first Enter only asks for a second (H1a): say so.
            let ready = if chosen { "Enter trades with this player" } else { "Enter twice trades with this player" };
            lines.push(verdict(app, g, Action::ConfirmTrade(s), ready));
        }
        // H5: with several who agreed, no one is chosen for the player.
        None if list.iter().any(|(_, a)| matches!(a, Answer::Accept | Answer::Counter { .. })) => {
            lines.push(Line::styled("name your partner: their letter or ↑↓, then Enter", app.theme.dim()));
        }
        None => {}
    }
    (Line::raw(" Answers "), lines)
}

fn picker(app: &Scene, p: &Picker) -> (Line<'static>, Vec<Line<'static>>) {
    let g = app.table.game();
    let need = p.need(g);
    // The counts beside each resource: the hand to discard from, the bank to take from. A
    // monopoly takes from the other players' hands, which no one may see: no column there.
    let (title, intro, column, source): (&str, String, &str, Option<(&str, Hand)>) = match p.purpose {
        PickFor::Discard(n) => (
            " Discard ",
            format!("A 7: give up {n} of your {}.", plural(app.my_view().hand().total(), "card")),
            "discard",
            Some(("hold", app.my_view().hand())),
        ),
        PickFor::YearOfPlenty => (
            " Year of plenty ",
            format!("Take {} from the bank.", plural(need, "card")),
            "take",
            Some(("bank", g.bank())),
        ),
        PickFor::Monopoly => {
            (" Monopoly ", "Name a resource: every other player gives you all of it.".into(), "name", None)
        }
        PickFor::Plenty => match g.phase() {
            Phase::Plenty { at, left, .. } => (
                " A 7: take cards ",
                format!(
                    "No robber: {left} card{} for {}.",
                    if left == 1 { "" } else { "s" },
                    crate::tui::view::place::describe(app, crate::tui::screen::selection::Target::Vertex(at))
                ),
                "take",
                Some(("bank", g.bank())),
            ),
            _ => (" A 7: take cards ", String::new(), "take", Some(("bank", g.bank()))),
        },
    };
    let have = source.map_or("", |(h, _)| h);
    let mut lines = vec![Line::raw(intro), Line::styled(format!("{:<9}{:^9}{:>6}", "", column, have), app.theme.dim())];
    for (i, &r) in p.kinds(g).iter().enumerate() {
        // R45: only the kinds the building gives.
        if !p.shows(g, r) {
            continue;
        }
        // A monopoly names one resource: a list to choose from, no count column (issue 23).
        // H5: where Enter takes the row, no row is marked until the player names one.
        let on = p.row == i && (p.named || p.need(g) > 1);
        let mut l = if p.purpose == PickFor::Monopoly {
            let l = Line::from(vec![
                mark(app, on),
                Span::styled(format!("{} {:<7}", resource_key(r), r.name()), app.theme.resource(r)),
            ]);
            if on { l.patch_style(app.theme.selected()) } else { l }
        } else {
            Line::from(vec![
                Span::styled(format!("{} {:<7}", resource_key(r), r.name()), app.theme.resource(r)),
                cell(app, p.counts[r], on),
            ])
        };
        if let Some((_, hand)) = source {
            l.push_span(Span::raw(format!("{:>6}", hand[r])));
        }
        if p.limit(g, app.me(), r) == 0 {
            l = l.patch_style(app.theme.dim());
        }
        lines.push(l);
    }
    let picked = p.counts.total();
    lines.push(if need == 1 && picked == 0 && !p.named {
        Line::styled("name one: its key or ↑↓, then Enter", app.theme.title())
    } else if p.purpose == PickFor::Monopoly {
        Line::styled(format!("ok: Enter names {}", Resource::ALL[p.row % 5]), app.theme.target())
    } else if picked == need || (need == 1 && picked == 0) {
        Line::styled("ok: Enter confirms", app.theme.target())
    } else {
        Line::styled(format!("picked {picked} of {need}"), app.theme.title())
    });
    (Line::raw(title), lines)
}

/// R53, with ships: the rates the player's ships give at the harbors they lie on (counted in
/// the rates above), or how a ship would give one.
fn ship_rates(g: &Game, me: crate::engine::Seat) -> Option<Line<'static>> {
    if !g.config().modules.has(crate::engine::Module::Ships) {
        return None;
    }
    let rates: Vec<(Resource, u8)> =
        Resource::ALL.iter().filter_map(|&r| g.ship_rate(me, r).map(|rate| (r, rate))).collect();
    let text = if rates.is_empty() {
        "By ship: none (a ship on a harbor's sea hex trades at its rate, a cargo ship 1 better)".to_string()
    } else if rates.len() == 5 && rates.iter().all(|x| x.1 == 2) {
        "By ship: 2:1 any (a cargo ship on a 3:1 harbor, R53)".to_string()
    } else {
        let mut parts: Vec<String> = Vec::new();
        if rates.len() == 5 {
            parts.push("3:1 any".into());
        }
        parts.extend(rates.iter().filter(|x| x.1 == 2).map(|(r, _)| format!("2:1 {r}")));
        format!("By ship: {} (R53)", parts.join(" · "))
    };
    Some(Line::raw(text))
}

fn maritime(app: &Scene, give: usize, get: usize, on_get: bool) -> (Line<'static>, Vec<Line<'static>>) {
    let g = app.table.game();
    let me = g.to_act();
    let hand = app.table.acting_view().hand();
    // Every rate the player has: the bank's 4:1 and each harbor their buildings stand on.
    let mut rates = vec!["4:1 any".to_string()];
    if Resource::ALL.iter().any(|&r| g.maritime_rates(me, r)[1].is_some()) {
        rates.push("3:1 any".into());
    }
    rates.extend(Resource::ALL.iter().filter(|&&r| g.maritime_rates(me, r)[2].is_some()).map(|r| format!("2:1 {r}")));
    if kinds(g).len() > 5 {
        rates.push(format!("{} gold for 1 any", crate::engine::GOLD_PRICE));
    }
    let mut lines = vec![Line::raw(format!("Your rates: {}", rates.join(" · ")))];
    if let Some(ships) = ship_rates(g, me) {
        lines.push(ships);
    }
    lines.push(Line::styled(format!("{:<24}{}", "give (rate, you hold)", "get (bank holds)"), app.theme.dim()));
    for (i, &r) in kinds(g).iter().enumerate() {
        let rate = if r.is_gold() { crate::engine::GOLD_PRICE } else { g.maritime_rate(me, r) };
        let mut left = Span::styled(
            format!("{} {:<7}{rate}:1 ({:>2})   ", resource_key(r), r.name(), hand[r]),
            app.theme.resource(r),
        );
        if hand[r] < rate {
            left = left.style(app.theme.dim());
        }
        if i == give {
            left = left.patch_style(if on_get {
                Style::new().add_modifier(Modifier::UNDERLINED)
            } else {
                app.theme.selected()
            });
        }
        // Gold is given, never got (R42): its row has nothing on the right.
        let text = if r.is_gold() {
            String::new()
        } else {
            format!("{} {:<7}({:>2})", resource_key(r), r.name(), g.bank()[r])
        };
        let mut right = Span::styled(text, app.theme.resource(r));
        if i == get {
            right = right.patch_style(if on_get {
                app.theme.selected()
            } else {
                Style::new().add_modifier(Modifier::UNDERLINED)
            });
        }
        lines.push(Line::from(vec![left, Span::raw("   "), right]));
    }
    let action = maritime_action(g, give, get);
    let what = match action {
        Action::MaritimeTrade { give, get, rate } => format!("Enter gives {rate} {give} for 1 {get}"),
        Action::BuyWithGold(get) => format!("Enter gives {} gold for 1 {get}", crate::engine::GOLD_PRICE),
        _ => String::new(),
    };
    lines.push(verdict(app, g, action, &what));
    (Line::raw(" Trade with the bank "), lines)
}

fn cards(app: &Scene, row: Option<usize>) -> (Line<'static>, Vec<Line<'static>>) {
    let g = app.table.game();
    let legal = app.table.legal();
    let dev = app.table.acting_view().dev_cards();
    let mut lines = Vec::new();
    for (i, &c) in CARD_ROWS.iter().enumerate() {
        let what = match c {
            crate::engine::DevCard::Knight => "move the robber and rob",
            crate::engine::DevCard::RoadBuilding => "place 2 roads free",
            crate::engine::DevCard::YearOfPlenty => "take 2 cards from the bank",
            crate::engine::DevCard::Monopoly => "take all of one resource",
            crate::engine::DevCard::VictoryPoint => "1 point, kept hidden",
        };
        let on = Some(i) == row;
        let mut l = Line::from(vec![mark(app, on), Span::raw(format!("{:<16}{:>2}  {what}", c.name(), dev[c]))]);
        if card_playable(g, &legal, c).is_err() {
            l = l.patch_style(app.theme.dim());
        }
        if on {
            l = l.patch_style(app.theme.selected());
        }
        lines.push(l);
    }
    // H5: none chosen among several playable cards until the player names one.
    let Some(row) = row else {
        lines.push(Line::styled("name a card: ↑↓ to it, then Enter", app.theme.dim()));
        return (Line::raw(" Development cards (one per turn) "), lines);
    };
    lines.push(match card_playable(g, &legal, CARD_ROWS[row]) {
        Ok(()) => Line::styled("ok: Enter plays it", app.theme.target()),
        Err(why) => Line::styled(format!("{} {}", app.theme.cross(), app.table.with_names(why)), app.theme.error()),
    });
    (Line::raw(" Development cards (one per turn) "), lines)
}
