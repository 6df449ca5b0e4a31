//! What a player can ask for at any prompt, in words: the board, one hex, one corner, their
//! hand, the players, the bank, the costs, the rules in play. Each answer is read from the
//! seat's view alone, so it can't say what the seat may not see (H1).

use crate::engine::{Board, DevCard, Hex, PlayerView, Vertex};

use super::tell::capital;
use super::words::{
    cards, corner_no, corner_owner, corner_pips, corner_yield, edge_words, hex_no, hex_words, join, name, sea_no,
};

/// The whole island: each row of hexes, the robber, the harbors, then every player's pieces.
pub fn board(view: &PlayerView<'_>, names: &[String]) -> Vec<String> {
    let b = view.board();
    let t = view.topology();
    let mut lines = vec![format!(
        "Board: {} hexes in {} rows; robber on {}.",
        t.num_hexes(),
        t.rows().len(),
        hex_words(b, b.robber())
    )];
    for (i, row) in t.rows().iter().enumerate() {
        let hexes = row.iter().map(|&h| hex_words(b, h)).collect::<Vec<_>>().join("; ");
        lines.push(format!("Row {}: {hexes}.", i + 1));
    }
    lines.push(harbors(view));
    for s in view.seats() {
        lines.push(pieces(view, names, s));
    }
    lines
}

/// The harbors, by kind, with their corners.
fn harbors(view: &PlayerView<'_>) -> String {
    let b = view.board();
    let mut kinds: Vec<(String, Vec<usize>)> = Vec::new();
    for v in view.topology().vertices() {
        if let Some(h) = b.harbor_at(v) {
            let kind = h.to_string();
            match kinds.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, list)) => list.push(corner_no(v)),
                None => kinds.push((kind, vec![corner_no(v)])),
            }
        }
    }
    if kinds.is_empty() {
        return "No harbors.".into();
    }
    let parts = kinds.into_iter().map(|(k, list)| format!("{k} at {}", join(list.iter().map(|c| c.to_string()))));
    format!("Harbors: {}.", parts.collect::<Vec<_>>().join("; "))
}

/// One player's buildings and roads: "Ann: settlements 12, 30; city 23; roads 12 13, 13 20."
fn pieces(view: &PlayerView<'_>, names: &[String], s: crate::engine::Seat) -> String {
    let list = |set: crate::engine::IntersectionSet| set.iter().map(|v| corner_no(v).to_string()).collect::<Vec<_>>();
    let cities: Vec<String> = view
        .city_set(s)
        .iter()
        .filter(|&v| !view.castle_set(s).contains(v))
        .map(|v| corner_no(v).to_string())
        .collect();
    let mut parts = Vec::new();
    for (word, items) in
        [("settlements", list(view.settlement_set(s))), ("cities", cities), ("castles", list(view.castle_set(s)))]
    {
        if !items.is_empty() {
            parts.push(format!("{word} {}", items.join(", ")));
        }
    }
    let roads: Vec<String> = view.road_set(s).iter().map(|e| edge_words(view, e)).collect();
    if !roads.is_empty() {
        parts.push(format!("roads {}", roads.join(", ")));
    }
    let units: Vec<String> = view
        .knight_units(s)
        .map(|(slot, kind, h)| format!("{kind} k{} on hex {}", slot + 1, hex_no(h)))
        .chain(view.ship_units(s).map(|(slot, kind, x)| format!("{kind} s{} on sea {}", slot + 1, sea_no(x))))
        .collect();
    if !units.is_empty() {
        parts.push(units.join(", "));
    }
    let what = if parts.is_empty() { "nothing built".to_string() } else { parts.join("; ") };
    format!("{}: {what}.", name(names, s))
}

/// One hex: its number and terrain, its pips, the robber, who is on its corners.
pub fn hex(view: &PlayerView<'_>, names: &[String], h: Hex) -> Vec<String> {
    let b = view.board();
    let pips = b.token(h).map_or(0, Board::pips);
    let robber = if b.robber() == h { " Robber here." } else { "" };
    let corners = view.topology().hex_vertices(h);
    let on: Vec<String> = corners
        .iter()
        .filter_map(|&v| corner_owner(view, names, v).map(|who| format!("{who} at {}", corner_no(v))))
        .collect();
    let numbers = join(corners.iter().map(|&v| corner_no(v).to_string()));
    let on = if on.is_empty() { "no buildings".to_string() } else { join(on) };
    vec![format!("{}, {pips} pips.{robber} Corners {numbers}: {on}.", capital(&hex_words(b, h)))]
}

/// One corner: what it yields, its harbor, who built there, its neighbours and the roads to
/// them.
pub fn corner(view: &PlayerView<'_>, names: &[String], v: Vertex) -> Vec<String> {
    let t = view.topology();
    let pips = corner_pips(view, v);
    let who = corner_owner(view, names, v).unwrap_or_else(|| "empty".into());
    let next: Vec<String> = t
        .vertex_edges(v)
        .iter()
        .map(|&e| {
            let [a, c] = t.edge_vertices(e);
            let other = if a == v { c } else { a };
            match super::words::road_owner(view, e) {
                Some(s) => format!("{} ({}'s road)", corner_no(other), name(names, s)),
                None => corner_no(other).to_string(),
            }
        })
        .collect();
    vec![format!("Corner {}: {}; {pips} pips; {who}. Next to {}.", corner_no(v), corner_yield(view, v), join(next))]
}

/// The seat's own cards, points and pieces left.
pub fn hand(view: &PlayerView<'_>) -> Vec<String> {
    let me = view.player(view.seat());
    let dev = view.dev_cards();
    let new = view.bought_this_turn();
    let dev_words: Vec<String> = DevCard::ALL
        .into_iter()
        .filter(|&c| dev.0[c as usize] > 0)
        .map(|c| {
            let fresh = new.0[c as usize];
            let note = if fresh > 0 { format!(" ({fresh} new this turn)") } else { String::new() };
            format!("{} {c}{note}", dev.0[c as usize])
        })
        .collect();
    let hidden = view.victory_points().saturating_sub(me.points);
    let hidden = if hidden > 0 { format!(", {hidden} of them hidden") } else { String::new() };
    let (roads, settlements, cities) = me.pieces_left;
    vec![
        format!("You hold {}.", cards(view.hand())),
        format!("Development cards: {}.", if dev_words.is_empty() { "none".into() } else { join(dev_words) }),
        format!(
            "{}{hidden}, of {}. Left to build: {roads} roads, {settlements} settlements, {cities} cities.",
            count(u32::from(view.victory_points()), "point"),
            view.config().target
        ),
    ]
}

/// Every player's public counts: points, cards, knights, road, awards.
pub fn players(view: &PlayerView<'_>, names: &[String]) -> Vec<String> {
    view.players()
        .map(|p| {
            let mut awards = Vec::new();
            if p.longest_road {
                awards.push("Longest Road");
            }
            if p.largest_army {
                awards.push("Largest Army");
            }
            if p.metropolis {
                awards.push("Largest Metropolis");
            }
            if p.harbor_master {
                awards.push("Harbor Master");
            }
            let awards = if awards.is_empty() { String::new() } else { format!("; {}", awards.join(", ")) };
            let turn = if p.seat == view.current_player() { ", to play" } else { "" };
            format!(
                "{}{turn}: {}, {}, {}, {} played, road {}{awards}.",
                name(names, p.seat),
                count(u32::from(p.points), "point"),
                count(p.resource_cards, "card"),
                count(p.dev_cards, "development card"),
                count(u32::from(p.knights), "knight"),
                p.road_length
            )
        })
        .collect()
}

/// The bank's cards and the development cards left.
pub fn bank(view: &PlayerView<'_>) -> Vec<String> {
    vec![format!("Bank: {}; {} development cards.", cards(view.bank()), view.deck_len())]
}

/// What each thing costs in this game, and the bank's rates for this seat.
pub fn costs(view: &PlayerView<'_>) -> Vec<String> {
    let c = &view.config().costs;
    let rates = crate::engine::Resource::ALL
        .into_iter()
        .map(|r| format!("{} {r}", view.maritime_rate(r)))
        .collect::<Vec<_>>()
        .join(", ");
    vec![
        format!("Road: {}. Settlement: {}.", c.road, c.settlement),
        format!("City: {}. Development card: {}.", c.city, c.development),
        format!("Your bank rates, cards for one: {rates}."),
    ]
}

/// The rules in play: the points to win and each house rule, in a line of its own.
pub fn rules(view: &PlayerView<'_>) -> Vec<String> {
    let config = view.config();
    let mut lines = vec![format!(
        "{} players on the {} map; {} points win; more than {} cards on a 7 discard half.",
        config.players,
        config.map.name(),
        config.target,
        config.discard_limit
    )];
    let modules: Vec<_> = config.modules.iter().collect();
    if modules.is_empty() {
        lines.push("No house rules.".into());
    }
    for m in modules {
        lines.push(format!("{}: {}", m.name().replace('_', " "), m.row().about));
    }
    lines
}

/// "1 card", "3 cards".
fn count(n: u32, what: &str) -> String {
    if n == 1 { format!("1 {what}") } else { format!("{n} {what}s") }
}
