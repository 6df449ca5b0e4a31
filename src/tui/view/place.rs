//! The place under the cursor, in words, for the status line while a corner, a path or a hex is
//! being chosen (issue 15): a corner's hexes with their numbers and pips and its harbor, how
//! long the player's road would become on a path, and for the robber whose buildings a hex
//! would block and whom it could rob. Everything said is public.

use crate::engine::{Edge, Game, Hex, IntersectionSet, PathSet, Vertex, longest_trail};
use crate::tui::screen::scene::Scene;
use crate::tui::screen::selection::Target;
use crate::tui::view::board_units::{UnitHere, units_at_sea, units_on_land};
use crate::tui::view::describe::units_words;

/// The place `t` as the player to act would want to know it.
pub fn describe(app: &Scene, t: Target) -> String {
    let g = app.table.game();
    match t {
        Target::Vertex(v) => corner(app, g, v),
        Target::Edge(e) => path(g, e),
        Target::Hex(h) => match units_words(app, &units_on_land(g, h)) {
            // Units are public (R52): whose stand there, which have acted.
            Some(units) => format!("{} · {units}", robber_hex(app, g, h)),
            None => robber_hex(app, g, h),
        },
        Target::Sea(x) => match units_words(app, &units_at_sea(g, x)) {
            Some(units) => format!("{} · {units}", crate::tui::screen::sea_names::sea_name(g, x)),
            None => crate::tui::screen::sea_names::sea_name(g, x),
        },
    }
}

/// "6 ore, 5 lumber, 11 grain · 11 pips · harbor 3:1": its hexes as the advice names a corner
/// (`advice::words::corner_words`, most pips first), so a corner advised can be found by them.
fn corner(app: &Scene, g: &Game, v: Vertex) -> String {
    use crate::bots::advice::{group, words};
    let board = g.board();
    let view = g.view(g.to_act());
    let mut parts = vec![words::corner_words(&view, v), words::pips(group::corner_pips(&view, v))];
    if let Some(harbor) = board.harbor_at(v) {
        parts.push(format!("harbor {harbor}"));
    }
    if let Some((owner, piece)) = g.building(v) {
        parts.push(format!("{}'s {piece}", app.table.name(owner)));
    }
    // The units around it (they let their owner settle without a road, R52, R53).
    let topo = g.topology();
    let mut units: Vec<UnitHere> = topo.vertex_hexes(v).iter().flat_map(|&h| units_on_land(g, h)).collect();
    units.extend(topo.sea_hexes().filter(|&x| topo.sea_corners(x).contains(v)).flat_map(|x| units_at_sea(g, x)));
    units.sort_by_key(|u| u.seat);
    if let Some(words) = units_words(app, &units) {
        parts.push(words);
    }
    parts.join(" · ")
}

/// "toward 8 ore, 4 lumber (8 pips) · road length 5 (now 4)": the corner it leads toward as the
/// advice names a road's (`advice::group::road_target`), so a player can find the road it
/// advises (issue 41: the line said only the length).
fn path(g: &Game, e: Edge) -> String {
    use crate::bots::advice::{group, words};
    let view = g.view(g.to_act());
    let toward = group::road_target(&view, e)
        .map(|(pips, v)| format!("toward {} ({}) · ", words::corner_words(&view, v), words::pips(pips)));
    format!("{}{}", toward.unwrap_or_default(), road_length(g, e))
}

/// "road length 5 (now 4)"
fn road_length(g: &Game, e: Edge) -> String {
    let me = g.to_act();
    let topo = g.topology();
    let roads: PathSet = g.roads(me).collect();
    let blocked: IntersectionSet =
        g.seats().filter(|&s| s != me).flat_map(|s| g.settlements(s).chain(g.cities(s))).collect();
    let now = longest_trail(topo, roads, blocked);
    let then = longest_trail(topo, roads.with(e), blocked);
    format!("road length {then} (now {now})")
}

/// "the 9 grain · blocks Bob's settlement, Cy's city · can rob Bob"
fn robber_hex(app: &Scene, g: &Game, h: Hex) -> String {
    let mut parts = vec![g.board().hex_name_apart(h)];
    // One player's buildings of one kind counted together: "Bob's 2 settlements".
    let mut counted: Vec<(crate::engine::Seat, String, u32)> = Vec::new();
    for (s, piece) in g.topology().hex_vertices(h).iter().filter_map(|&v| g.building(v)) {
        let piece = piece.to_string();
        match counted.iter_mut().find(|(o, p, _)| *o == s && *p == piece) {
            Some((_, _, n)) => *n += 1,
            None => counted.push((s, piece, 1)),
        }
    }
    let blocked: Vec<String> = counted
        .iter()
        .map(|(s, piece, n)| match n {
            1 => format!("{}'s {piece}", app.table.name(*s)),
            _ => format!("{}'s {n} {piece}s", app.table.name(*s)),
        })
        .collect();
    parts.push(if blocked.is_empty() { "blocks no one".into() } else { format!("blocks {}", blocked.join(", ")) });
    let victims: Vec<String> =
        g.seats().filter(|&s| g.robbable(g.to_act(), h).contains(s)).map(|s| app.table.name(s)).collect();
    if !victims.is_empty() {
        parts.push(format!("can rob {}", victims.join(", ")));
    }
    parts.join(" · ")
}

/// The place under the island step's cursor (a unit's, R52-R56), in words for the status line:
/// the hex with the units on it, the sea hex with its ships, or the building on the corner
/// (what an attack would hit). All public.
pub fn place_words(app: &Scene, t: Target) -> String {
    let g = app.table.game();
    let with = |label: String, units: Option<String>| match units {
        Some(units) => format!("{label} · {units}"),
        None => label,
    };
    match t {
        Target::Hex(h) => with(g.board().hex_name_apart(h), units_words(app, &units_on_land(g, h))),
        Target::Sea(x) => with(crate::tui::screen::sea_names::sea_name(g, x), units_words(app, &units_at_sea(g, x))),
        Target::Vertex(v) => match g.building(v) {
            Some((o, piece)) => format!("{}'s {piece}", app.table.name(o)),
            None => "a free corner".into(),
        },
        Target::Edge(_) => String::new(),
    }
}
