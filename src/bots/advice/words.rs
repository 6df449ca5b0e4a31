//! Each advised move's reason in plain words, teaching the tips that close the base game's
//! rules (seed 000): numbers near 7 roll most (pips: a 6 or 8 has 5 of 36, a 2 or 12 one);
//! settle beside several kinds of terrain and several numbers; a 2:1 harbor pays where you
//! produce its resource; trade wisely (a trade helps the partner too).

use crate::engine::{
    Action, Board, DevCard, Game, Hand, Hex, Module, Phase, PlayerView, Resource, Seat, Vertex, a_or_an,
};

use super::choice::{Completes, completes};
use super::group::{corner_pips, open_corner, road_target};

/// "1 pip", "5 pips".
pub fn pips(n: u32) -> String {
    if n == 1 { "1 pip".to_string() } else { format!("{n} pips") }
}

/// "card" or "cards" for a count.
fn cards(n: u32) -> &'static str {
    if n == 1 { "card" } else { "cards" }
}

/// "point" or "points" for a count.
fn points_word(n: u32) -> &'static str {
    if n == 1 { "point" } else { "points" }
}

/// "A", "A and B", "A, B and C".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The name of seat `s`.
fn name(names: &[String], s: Seat) -> String {
    names.get(s.index()).cloned().unwrap_or_else(|| format!("seat {}", s.index() + 1))
}

/// A corner's producing hexes: "6 grain, 8 ore, 3 wool".
pub fn corner_words(view: &PlayerView<'_>, v: Vertex) -> String {
    let board = view.board();
    let mut parts: Vec<(u8, String)> = view
        .topology()
        .vertex_hexes(v)
        .iter()
        .filter(|&&h| board.terrain(h).resource().is_some())
        .filter_map(|&h| Some((Board::pips(board.token(h)?), board.hex_label(h))))
        .collect();
    parts.sort_by_key(|p| std::cmp::Reverse(p.0));
    if parts.is_empty() {
        return "no producing hex".to_string();
    }
    parts.into_iter().map(|p| p.1).collect::<Vec<_>>().join(", ")
}

/// A hex in words, as every screen names it ([`Board::hex_name_apart`]: "the 8 ore", and "the
/// 6 brick (hex 11)" where another hex reads the same).
fn hex_words(view: &PlayerView<'_>, h: Hex) -> String {
    view.board().hex_name_apart(h)
}

/// The kinds and numbers `me`'s buildings produce now.
fn produced(view: &PlayerView<'_>, me: Seat) -> (Vec<Resource>, Vec<u8>) {
    let board = view.board();
    let (mut kinds, mut numbers) = (Vec::new(), Vec::new());
    for v in view.settlement_set(me).iter().chain(view.city_set(me).iter()) {
        for &h in view.topology().vertex_hexes(v) {
            if let (Some(r), Some(t)) = (board.terrain(h).resource(), board.token(h)) {
                kinds.push(r);
                numbers.push(t);
            }
        }
    }
    (kinds, numbers)
}

/// What a new settlement on `v` adds, teaching the tips: its pips, new kinds and numbers, its
/// harbor, and (in set-up) the best corner it leaves the next player.
fn settlement(view: &PlayerView<'_>, v: Vertex, names: &[String]) -> String {
    let me = view.seat();
    let board = view.board();
    let pips = corner_pips(view, v);
    let mut out = format!("{} ({} of 36", corner_words(view, v), self::pips(pips));
    if pips <= 4 {
        out.push_str(": few; numbers far from 7, like a 2, a 12 or a 3, rarely roll");
    }
    out.push(')');
    let (kinds, numbers) = produced(view, me);
    let mut new_kinds = Vec::new();
    let mut repeats = Vec::new();
    for &h in view.topology().vertex_hexes(v) {
        if let (Some(r), Some(t)) = (board.terrain(h).resource(), board.token(h)) {
            if !kinds.contains(&r) && !new_kinds.contains(&r) {
                new_kinds.push(r);
            }
            if numbers.contains(&t) {
                repeats.push(t);
            }
        }
    }
    if !kinds.is_empty() && !new_kinds.is_empty() {
        let k: Vec<&str> = new_kinds.iter().map(|r| r.name()).collect();
        out.push_str(&format!("; adds {} you lack", k.join(" and ")));
    }
    if !repeats.is_empty() {
        let r: Vec<String> = repeats.iter().map(u8::to_string).collect();
        out.push_str(&format!("; repeats your {} (one roll, one basket)", r.join(" and ")));
    } else if !numbers.is_empty() && pips > 0 {
        out.push_str("; new numbers for you");
    }
    if let Some(h) = board.harbor_at(v) {
        out.push_str(&format!("; reaches the {h} harbor"));
        if let crate::engine::HarborKind::Special(r) = h
            && (kinds.contains(&r) || new_kinds.contains(&r))
        {
            out.push_str(&format!(", good with the {r} you produce"));
        }
    }
    if let Some((next, p, x)) = left_for_next(view, v) {
        out.push_str(&format!("; leaves {} at best {} ({})", name(names, next), self::pips(p), corner_words(view, x)));
    }
    out
}

/// In set-up, what a settlement on `v` leaves the next other seat still to place: that seat,
/// and the best corner set-up lets it take (R11, R24; on the archipelago the main island
/// only, R51) once `v` is taken, with its pips. `None` outside set-up, on the last placement,
/// or when no corner is left.
pub fn left_for_next(view: &PlayerView<'_>, v: Vertex) -> Option<(Seat, u32, Vertex)> {
    let next = next_placer(view)?;
    let topo = view.topology();
    let (p, x) = topo
        .setup_vertices()
        .iter()
        .filter(|&x| x != v && open_corner(view, x) && !topo.vertex_neighbors(v).contains(&x))
        .map(|x| (corner_pips(view, x), x))
        .max_by_key(|&(p, x)| (p, std::cmp::Reverse(x.0)))?;
    Some((next, p, x))
}

/// The next seat other than this one to place a settlement in set-up: the first round goes on
/// seat by seat from the first player, the second comes back (R11), so the last of the first
/// round places twice running and the first player places last. `None` when no one else will.
pub fn next_placer(view: &PlayerView<'_>) -> Option<Seat> {
    let Phase::Setup { round, index, .. } = view.phase() else { return None };
    let n = view.num_players() as u8;
    let first = view.first_player().0;
    let seat = |r: u8, i: u8| Seat((first + if r == 0 { i } else { n - 1 - i }) % n);
    let later = (round..2).flat_map(|r| (if r == round { index + 1 } else { 0 }..n).map(move |i| (r, i)));
    later.map(|(r, i)| seat(r, i)).find(|&s| s != view.seat())
}

/// The words for what `after` pays for that `before` could not: "a settlement", or, when the
/// piece has nowhere to go, its cards and what is missing.
fn completes_words(view: &PlayerView<'_>, first: &Game, before: Hand, after: Hand) -> Option<String> {
    match completes(view, first, before, after)? {
        Completes::Build(what) => Some(what.to_string()),
        Completes::Cards { what, missing } => Some(format!("{what}'s cards ({missing})")),
    }
}

/// The reason for a whole choice (its actions in order, [`super::choice`]): a set of cards to
/// discard or take by what it keeps or completes, an offer by its terms; else its one action's.
pub fn reason_for(view: &PlayerView<'_>, first: &Game, choice: &[Action], alike: usize, names: &[String]) -> String {
    match choice {
        [Action::Discard(_), ..] => {
            let set = super::choice::cards_of(choice);
            let mut kept = view.hand();
            kept.sub(&set);
            format!("discard {set}: {}", keeps(view, kept))
        }
        [Action::TakeCard(_), ..] => {
            let set = super::choice::cards_of(choice);
            let mut after = view.hand();
            after.add(&set);
            match completes_words(view, first, view.hand(), after) {
                Some(w) => format!("take {set}: completes {w}"),
                None => format!("take {set}"),
            }
        }
        [one] | [one, ..] => reason(view, first, *one, alike, names),
        [] => String::new(),
    }
}

/// What a hand kept through a 7 still pays for, the dearest first and then what is left
/// ("keeps the cards of a settlement and a road"), else its cards.
fn keeps(view: &PlayerView<'_>, kept: Hand) -> String {
    let c = &view.config().costs;
    let mut left = kept;
    let mut whole = Vec::new();
    for (cost, what) in
        [(c.city, "a city"), (c.settlement, "a settlement"), (c.development, "a development card"), (c.road, "a road")]
    {
        if left.contains(&cost) {
            left.sub(&cost);
            whole.push(what.to_string());
        }
    }
    match whole.as_slice() {
        [] => format!("keeps {kept}"),
        [one] => format!("keeps {one}'s cards"),
        _ => format!("keeps the cards of {}", and_list(&whole)),
    }
}

/// An offer's chance of being taken and what it adds if it is: "; Bob would take it in about
/// 24% of the hands Bob may hold, +13 if taken" (the hands dealt from the cards the others
/// hold together, by each one's count: what the seat can see).
pub fn if_taken(names: &[String], partner: Seat, taken: f64, change: f64) -> String {
    let who = name(names, partner);
    format!(
        "; {who} would take it in about {:.0}% of the hands {who} may hold, {:+.0} if taken",
        taken * 100.0,
        (change * 100.0).round() + 0.0
    )
}

/// The reason for `action`, one of `alike` equivalent actions; `first` is the world the
/// one-move ranking used (for facts that follow from the move, such as a road's new length).
pub fn reason(view: &PlayerView<'_>, first: &Game, action: Action, alike: usize, names: &[String]) -> String {
    let me = view.seat();
    let points = view.player(me).points + view.dev_cards()[DevCard::VictoryPoint];
    let target = view.config().target;
    let hand = view.hand();
    match action {
        Action::BuildSettlement(v) => {
            let wins = if !matches!(view.phase(), Phase::Setup { .. }) && points + 1 >= target {
                "wins the game: "
            } else {
                ""
            };
            format!("{wins}settle on {}", settlement(view, v, names))
        }
        Action::BuildCity(v) => {
            let wins = if points + 1 >= target { "wins the game: " } else { "" };
            format!(
                "{wins}a city on {}: doubles its {}, one more point",
                corner_words(view, v),
                pips(corner_pips(view, v))
            )
        }
        Action::BuildRoad(e) => {
            let mut after = *first;
            let before = after.road_length(me);
            let length = after.apply(action).map(|_| after.road_length(me)).unwrap_or(before);
            let mut out = match road_target(view, e) {
                Some((_, v)) => {
                    format!("a road toward the corner on {} ({})", corner_words(view, v), pips(corner_pips(view, v)))
                }
                None => "a road that opens no new corner".to_string(),
            };
            if length > before {
                out.push_str(&format!("; your road grows to {length}"));
            }
            if after.longest_road() == Some(me) && first.longest_road() != Some(me) {
                out.push_str("; takes Longest Road (2 points)");
            }
            if alike > 1 {
                out.push_str(&format!(" (one of {alike} such roads)"));
            }
            out
        }
        Action::RollDice => "roll the dice".to_string(),
        Action::EndTurn => {
            let n = hand.total();
            let limit = u32::from(view.config().discard_limit);
            // A 7 to come takes nothing without the robber (R45) or in the war's attack phase
            // (R57), where the war ends after this turn too.
            let phases = view.config().modules.has(Module::Phases);
            let quiet = if view.config().modules.has(Module::NoRobber) {
                Some("without the robber a 7 takes no cards")
            } else if phases && first.war_turn(first.turn_number() + 1).is_none_or(|w| w.attack) {
                Some("in the attack phase a 7 takes nothing")
            } else {
                None
            };
            if let Some(why) = quiet.filter(|_| n > limit) {
                format!("end the turn, keeping {n} cards for later: {why}")
            } else if n > limit {
                format!("end the turn holding {n} cards: a 7 would take {} of them", n / 2)
            } else {
                format!("end the turn, keeping {n} {} for later", cards(n))
            }
        }
        Action::BuyDevCard => {
            let unseen = view.unseen_dev_cards();
            let total = unseen.total().max(1);
            let points = unseen[DevCard::VictoryPoint];
            // A deck without knight cards (the knights module's, R52) names none (issue 49: "of 11
            // unseen, 0 knights").
            let config = view.config();
            if config.deck[DevCard::Knight] == 0 || config.modules.has(crate::engine::Module::Knights) {
                format!("buy a development card: of {total} unseen, {points} points")
            } else {
                let knights = unseen[DevCard::Knight];
                format!(
                    "buy a development card: of {total} unseen, {knights} knights (the robber and Largest Army), {points} points"
                )
            }
        }
        Action::PlayKnight => {
            let k = view.player(me).knights + 1;
            let mine = view
                .topology()
                .hex_vertex_set(view.board().robber())
                .intersects(view.settlement_set(me) | view.city_set(me));
            let nth = match k {
                1 => "first".to_string(),
                2 => "second".to_string(),
                3 => "third".to_string(),
                _ => format!("{k}th"),
            };
            let mut out = format!("play a knight (your {nth})");
            if mine {
                out.push_str(": moves the robber off your own hex");
            } else {
                out.push_str(": moves the robber onto a rival and steals a card");
            }
            if k >= 3 && view.players().all(|p| p.seat == me || p.knights < k) && !view.player(me).largest_army {
                out.push_str("; takes Largest Army (2 points)");
            }
            out
        }
        Action::PlayRoadBuilding => {
            "play road building: two free roads toward a new corner or Longest Road".to_string()
        }
        Action::PlayYearOfPlenty(a, b) => {
            let mut after = hand;
            after.add(&Hand::of(a, 1));
            if let Some(b) = b {
                after.add(&Hand::of(b, 1));
            }
            let what =
                completes_words(view, first, hand, after).map(|w| format!(": completes {w}")).unwrap_or_default();
            match b {
                Some(b) => format!("play year of plenty for {a} and {b}{what}"),
                None => format!("play year of plenty for {a}{what}"),
            }
        }
        Action::PlayMonopoly(r) => format!("play monopoly on {r}: every {r} the others hold is yours"),
        Action::MaritimeTrade { give, get, rate } => {
            let mut after = hand;
            after.sub(&Hand::of(give, rate));
            after.add(&Hand::of(get, 1));
            let at = if rate < 4 { " at your harbor's rate" } else { "" };
            let what =
                completes_words(view, first, hand, after).map(|w| format!(": completes {w}")).unwrap_or_default();
            format!("trade {rate} {give} to the bank for 1 {get}{at}{what}")
        }
        Action::OfferTrade { give, get, to } => {
            let mut after = hand;
            after.sub(&give);
            after.add(&get);
            let what =
                completes_words(view, first, hand, after).map(|w| format!(": it completes {w}")).unwrap_or_default();
            let whom: Vec<String> = view.seats().filter(|&s| to.contains(s)).map(|s| name(names, s)).collect();
            format!("offer {} {give} for {get}{what}", and_list(&whom))
        }
        Action::AcceptTrade | Action::DeclineTrade | Action::CounterTrade { .. } => answer(view, first, action, names),
        Action::ConfirmTrade(s) => format!("complete the trade with {}", name(names, s)),
        Action::CancelTrade => "withdraw the offer".to_string(),
        Action::MoveRobber { hex, victim } => {
            let board = view.board();
            let place = match board.token(hex) {
                Some(t) if board.terrain(hex).resource().is_some() => {
                    format!("{} ({})", hex_words(view, hex), pips(u32::from(Board::pips(t))))
                }
                _ => hex_words(view, hex),
            };
            let blocked: Vec<String> = view
                .seats()
                .filter(|&s| {
                    s != me && view.topology().hex_vertex_set(hex).intersects(view.settlement_set(s) | view.city_set(s))
                })
                .map(|s| name(names, s))
                .collect();
            let mut out = format!("the robber to {place}");
            if !blocked.is_empty() {
                out.push_str(&format!(", blocking {}", and_list(&blocked)));
            }
            if let Some(v) = victim {
                let p = view.player(v);
                let (pts, n) = (u32::from(p.points), p.resource_cards);
                out.push_str(&format!("; rob {} ({pts} {}, {n} {})", name(names, v), points_word(pts), cards(n)));
            }
            if view.topology().hex_vertex_set(hex).intersects(view.settlement_set(me) | view.city_set(me)) {
                out.push_str("; it blocks you too");
            }
            out
        }
        // Every card is weighed the same way (the number says which is best): the reason says
        // what is left of that kind, not a judgement the other lines would repeat.
        Action::Discard(r) => match hand[r] {
            1 => format!("discard your only {r}"),
            n => format!("discard 1 of your {n} {r}"),
        },
        Action::TakeCard(r) => format!("take 1 {r}"),
        Action::BuyWithGold(r) => format!("buy 1 {r} with 2 gold"),
        Action::BuildCastle(v) => format!("a castle on {}", corner_words(view, v)),
        Action::BuildKnight { kind, hex } => {
            format!("build {} on {}: units guard your hexes and can attack", a_or_an(kind.name()), hex_words(view, hex))
        }
        Action::MoveKnight { unit, to } => format!("move {} to {}", own_unit(view, me, unit), hex_words(view, to)),
        Action::BuildShip { kind, .. } => format!("build {}: ships reach other shores", a_or_an(kind.name())),
        Action::SailShip { unit, .. } => format!("sail {}", own_unit(view, me, crate::engine::SHIP_SLOT + unit)),
        Action::BoardShip { unit, .. } => format!("board {} onto a cargo ship", own_unit(view, me, unit)),
        Action::Attack { unit, target } => {
            let with = own_unit(view, me, unit);
            match target {
                crate::engine::Target::Unit { seat, unit: u } => {
                    let kind = unit_kind(view, seat, u).map_or("unit", |k| k.name());
                    format!("attack {}'s {kind} with {with}", name(names, seat))
                }
                crate::engine::Target::Building(v) => {
                    format!("attack the building on {} with {with}", corner_words(view, v))
                }
            }
        }
    }
}

/// The kind of `s`'s unit `unit` (a knight unit's slot, or [`crate::engine::SHIP_SLOT`] + a
/// ship's slot), if it is on the board or aboard.
fn unit_kind(view: &PlayerView<'_>, s: Seat, unit: u8) -> Option<crate::engine::UnitKind> {
    if unit >= crate::engine::SHIP_SLOT {
        let slot = unit - crate::engine::SHIP_SLOT;
        return view.ship_units(s).find(|u| u.0 == slot).map(|u| u.1);
    }
    view.knight_units(s)
        .find(|u| u.0 == unit)
        .map(|u| u.1)
        .or_else(|| view.knights_aboard(s).find(|u| u.0 == unit).map(|u| u.1))
}

/// One of the seat's own units by kind and place, as the island step lists them: "your archer
/// on the 8 ore", "your war ship", "your knight aboard a cargo ship".
fn own_unit(view: &PlayerView<'_>, me: Seat, unit: u8) -> String {
    if unit < crate::engine::SHIP_SLOT {
        if let Some((_, kind, h)) = view.knight_units(me).find(|u| u.0 == unit) {
            return format!("your {kind} on {}", hex_words(view, h));
        }
        if let Some((_, kind, _)) = view.knights_aboard(me).find(|u| u.0 == unit) {
            return format!("your {kind} aboard a cargo ship");
        }
    }
    match unit_kind(view, me, unit) {
        Some(kind) => format!("your {kind}"),
        None => "your unit".to_string(),
    }
}

/// An answer to an offer received: what the trade gives and takes, and who it helps.
fn answer(view: &PlayerView<'_>, first: &Game, action: Action, names: &[String]) -> String {
    let Phase::Trade { give, get, .. } = view.phase() else { return "answer the offer".to_string() };
    let offerer = view.current_player();
    let who = name(names, offerer);
    let pts = view.player(offerer).points;
    let hand = view.hand();
    let mut after = hand;
    if hand.contains(&get) {
        after.sub(&get);
        after.add(&give);
    }
    match action {
        Action::AcceptTrade => {
            let what = completes_words(view, first, hand, after)
                .map(|w| format!(": it completes {w} for you"))
                .unwrap_or_default();
            format!("accept {who}'s {give} for your {get}{what} ({who} has {pts} {})", points_word(u32::from(pts)))
        }
        Action::DeclineTrade => {
            if u32::from(pts) + 2 >= u32::from(view.config().target) {
                format!("decline: {who} has {pts} points, near winning; don't help")
            } else {
                format!("decline {who}'s {give} for your {get}: a trade helps {who} too")
            }
        }
        // The counter's `give` is the offerer's side, `get` the seat's own.
        Action::CounterTrade { give: g, get: w } => {
            format!("counter {who}'s offer: you give {w}, {who} gives {g} (a better deal for you)")
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Config;

    /// Seed 000's first game: a settlement between a 2, a 12 and a 3 hardly ever produced. The
    /// reason for a corner that poor says so; a rich one's says its pips and what it leaves.
    #[test]
    fn a_poor_corner_is_called_poor_and_a_harbor_is_named() {
        let game = Game::new(Config::default(), 1).unwrap();
        let view = game.acting_view();
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
        let corners: Vec<Vertex> = view
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::BuildSettlement(v) => Some(v),
                _ => None,
            })
            .collect();
        let poor = corners.iter().copied().find(|&v| (1..=4).contains(&corner_pips(&view, v))).unwrap();
        let words = reason(&view, &game, Action::BuildSettlement(poor), 1, &names);
        assert!(words.contains("rarely roll") && words.contains(" of 36"), "{words}");
        let rich = corners.iter().copied().max_by_key(|&v| corner_pips(&view, v)).unwrap();
        let words = reason(&view, &game, Action::BuildSettlement(rich), 1, &names);
        assert!(!words.contains("rarely") && words.contains("leaves"), "{words}");
        let harbor = corners.iter().copied().find(|&v| view.board().harbor_at(v).is_some()).unwrap();
        let words = reason(&view, &game, Action::BuildSettlement(harbor), 1, &names);
        assert!(words.contains("harbor"), "{words}");
    }

    /// Issue 48: at war, ending the turn with a big hand said "a 7 would take 4 of them" in the
    /// attack phase, where a 7 takes nothing (R57); so without the robber (R45). In the build
    /// phase, and in the base game, it still warns.
    #[test]
    fn a_seven_takes_nothing_in_the_attack_phase_and_the_words_say_so() {
        use crate::engine::{Modules, Scenario};
        let hand = Hand::new([3, 3, 3, 0, 0]);
        let end_turn = |config: Config, turn: u32| {
            let s = Scenario::new(config, 5).turn(Seat(0)).turn_number(turn);
            let seat = s.clone().build().unwrap().current_player();
            let s = s.hand(seat, hand);
            let game = s.rolled().build().unwrap();
            reason(&game.acting_view(), &game, Action::EndTurn, 1, &[])
        };
        let war = Config::default().with_modules(Modules::WAR);
        // Four players: rounds 0-3 build, 4-7 attack; turn 17 opens the attack phase.
        let attack = end_turn(war, 18);
        assert!(!attack.contains("would take") && attack.contains("attack phase"), "{attack}");
        // The last turn of the build phase: the 7s to come fall in the attack phase.
        let last = end_turn(war, 16);
        assert!(!last.contains("would take"), "{last}");
        let build = end_turn(war, 5);
        assert!(build.contains("a 7 would take 4 of them"), "{build}");
        let base = end_turn(Config::default(), 5);
        assert!(base.contains("a 7 would take 4 of them"), "{base}");
        let quiet = end_turn(Config::default().with_modules(Modules::NONE.with(Module::NoRobber)), 5);
        assert!(!quiet.contains("would take") && quiet.contains("without the robber"), "{quiet}");
    }

    /// A discard's reason says what is left of the kind, the same way for every kind (it once
    /// called every card "the card you need least"); counts read "1 card", "2 cards".
    #[test]
    fn a_discard_says_what_is_left_of_its_kind() {
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
        let mut game = Game::new(Config::default(), 7).unwrap();
        let mut rng = crate::bots::random::SplitMix64::new(7);
        while !matches!(game.phase(), Phase::Discard { .. }) {
            let actions = game.acting_view().legal_actions();
            // Hands grow when nobody builds: end the turn whenever it is allowed.
            let a =
                actions.iter().copied().find(|a| *a == Action::EndTurn).unwrap_or(actions[rng.below(actions.len())]);
            game.apply(a).unwrap();
        }
        let view = game.acting_view();
        let discards: Vec<Resource> = view
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Discard(r) => Some(r),
                _ => None,
            })
            .collect();
        assert!(!discards.is_empty());
        for r in discards {
            let words = reason(&view, &game, Action::Discard(r), 1, &names);
            let n = view.hand()[r];
            let said = if n == 1 { format!("discard your only {r}") } else { format!("discard 1 of your {n} {r}") };
            assert_eq!(words, said);
        }
        assert_eq!((cards(1), cards(2), points_word(1), points_word(0)), ("card", "cards", "point", "points"));
    }

    /// Issue 41: "build a archer", "move knight unit 1" for an archer, "(1 pips)", and a hex
    /// with four names. Units go by their kind with the right article, the player's own by
    /// kind and place; a hex is "the 8 ore", number first, everywhere; one pip is "1 pip".
    #[test]
    fn units_go_by_their_kind_and_a_hex_has_one_name() {
        use crate::engine::{Module, Modules, Scenario, UnitKind};
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
        let config = Config::default().with_modules(Modules::NONE.with(Module::Knights));
        let game =
            Scenario::new(config, 3).unit(Seat(0), UnitKind::Archer, Hex(9)).turn(Seat(0)).rolled().build().unwrap();
        let view = game.view(Seat(0));
        let board = view.board();
        let named = board.hex_name_apart(Hex(9));
        let (t, r) = (board.token(Hex(9)).unwrap(), board.terrain(Hex(9)).resource().unwrap());
        assert!(named.starts_with(&format!("the {t} {r}")), "{named}");
        let build = reason(&view, &game, Action::BuildKnight { kind: UnitKind::Archer, hex: Hex(9) }, 1, &names);
        assert!(build.starts_with(&format!("build an archer on {named}")), "{build}");
        let to = Hex(10);
        let moved = reason(&view, &game, Action::MoveKnight { unit: 0, to }, 1, &names);
        assert_eq!(moved, format!("move your archer on {named} to {}", board.hex_name_apart(to)));
        let cavalry = reason(&view, &game, Action::BuildKnight { kind: UnitKind::Cavalry, hex: Hex(9) }, 1, &names);
        assert!(cavalry.starts_with("build a cavalry on "), "{cavalry}");
        assert_eq!((pips(1), pips(5)), ("1 pip".to_string(), "5 pips".to_string()));
    }

    /// Issue 49: with the knights module the deck holds no knight cards (R52), and buying a
    /// card names none ("of 11 unseen, 0 knights" read as bad luck); the base game names them.
    #[test]
    fn buying_a_card_names_knights_only_where_the_deck_has_them() {
        use crate::engine::{Module, Modules, Scenario};
        let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        for (modules, knights) in [(Modules::NONE, true), (Modules::NONE.with(Module::Knights), false)] {
            let config = Config::default().with_modules(modules);
            let game = Scenario::new(config, 3).turn(Seat(0)).rolled().build().unwrap();
            let view = game.view(Seat(0));
            let words = reason(&view, &game, Action::BuyDevCard, 1, &names);
            assert!(words.starts_with("buy a development card: of "), "{words}");
            assert_eq!(words.contains("knights"), knights, "{words}");
        }
    }
}
