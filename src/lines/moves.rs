//! Moves in words, both ways: every legal action has one command a player types ("road 12
//! 13", "city 23", "bank wool for ore", "end") and a longer line that says what it does; the
//! legal actions of a moment make a short menu, grouped and numbered; and what a player types
//! (a number, a command, an offer on any terms) becomes the action it names, checked by the
//! engine before it is played.

use crate::engine::{Action, Hand, Phase, PlayerView, Resource, SHIP_SLOT, Seat, SeatSet, Target};

use super::words::{
    corner_no, corner_owner, corner_pips, corner_yield, edge_words, hex_no, hex_words, join, name, resource, sea_no,
};

/// The command that plays `a`: unique among a moment's legal actions, and read back by
/// [`parse`] to the same action.
pub fn command(view: &PlayerView<'_>, names: &[String], a: Action) -> String {
    let who = |s: Seat| normalize(&name(names, s));
    match a {
        Action::BuildSettlement(v) => format!("settlement {}", corner_no(v)),
        Action::BuildCity(v) => format!("city {}", corner_no(v)),
        Action::BuildCastle(v) => format!("castle {}", corner_no(v)),
        Action::BuildRoad(e) => format!("road {}", edge_words(view, e)),
        Action::RollDice => "roll".into(),
        Action::Discard(r) => format!("discard {r}"),
        Action::MoveRobber { hex, victim: None } => format!("robber {}", hex_no(hex)),
        Action::MoveRobber { hex, victim: Some(v) } => format!("robber {} {}", hex_no(hex), who(v)),
        Action::BuyDevCard => "buy".into(),
        Action::PlayKnight => "knight".into(),
        Action::PlayRoadBuilding => "road building".into(),
        Action::PlayYearOfPlenty(a, None) => format!("plenty {a}"),
        Action::PlayYearOfPlenty(a, Some(b)) => format!("plenty {a} {b}"),
        Action::PlayMonopoly(r) => format!("monopoly {r}"),
        Action::MaritimeTrade { give, get, rate } => format!("bank {rate} {give} for {get}"),
        Action::OfferTrade { give, get, to } => {
            let all = SeatSet::all(view.num_players()).without(view.seat());
            let to = if to == all { String::new() } else { format!(" to {}", join(to.iter().map(who))) };
            format!("offer {} for {}{to}", terms(give), terms(get))
        }
        Action::AcceptTrade => "accept".into(),
        Action::DeclineTrade => "decline".into(),
        // Said from the side of the one who counters: what they give, for what they get.
        Action::CounterTrade { give, get } => format!("counter {} for {}", terms(get), terms(give)),
        Action::ConfirmTrade(s) => format!("trade {}", who(s)),
        Action::CancelTrade => "withdraw".into(),
        Action::EndTurn => "end".into(),
        Action::TakeCard(r) => format!("take {r}"),
        Action::BuyWithGold(r) => format!("gold {r}"),
        Action::BuildKnight { kind, hex } => format!("build {kind} {}", hex_no(hex)),
        Action::BuildShip { kind, sea } => format!("build {kind} {}", sea_no(sea)),
        Action::MoveKnight { unit, to } => format!("move k{} {}", unit + 1, hex_no(to)),
        Action::SailShip { unit, to } => format!("sail s{} {}", unit + 1, sea_no(to)),
        Action::BoardShip { unit, ship } => format!("board k{} s{}", unit + 1, ship + 1),
        Action::Attack { unit, target: Target::Unit { seat, unit: theirs } } => {
            format!("attack {} {} {}", unit_tag(unit), who(seat), unit_tag(theirs))
        }
        Action::Attack { unit, target: Target::Building(v) } => format!("attack {} {}", unit_tag(unit), corner_no(v)),
    }
}

/// A unit as typed: "k2" for knight unit slot 1, "s1" for ship slot 0.
fn unit_tag(slot: u8) -> String {
    if slot >= SHIP_SLOT { format!("s{}", slot - SHIP_SLOT + 1) } else { format!("k{}", slot + 1) }
}

/// One side of a trade as typed: "1 ore and 2 brick".
fn terms(hand: Hand) -> String {
    join(hand.resources().map(|r| format!("{} {r}", hand[r])))
}

/// What `a` does, in one line, the word that matters first.
pub fn label(view: &PlayerView<'_>, names: &[String], a: Action) -> String {
    let board = view.board();
    let hand = view.hand();
    match a {
        Action::BuildSettlement(v) | Action::BuildCity(v) | Action::BuildCastle(v) => {
            let piece = command(view, names, a);
            let piece = piece.split(' ').next().unwrap_or("");
            let pips = match corner_pips(view, v) {
                1 => "1 pip".to_string(),
                n => format!("{n} pips"),
            };
            format!("{piece} at corner {}, {pips}: {}", corner_no(v), corner_yield(view, v))
        }
        Action::BuildRoad(e) => road_label(view, e),
        Action::Discard(r) => format!("discard {r}, of {}", hand[r]),
        Action::MoveRobber { hex, victim } => {
            let rob = match victim {
                Some(v) => format!(", rob {} ({} cards)", name(names, v), view.player(v).resource_cards),
                None => ", no one to rob".to_string(),
            };
            format!("robber to {}{rob}", hex_words(board, hex))
        }
        Action::PlayYearOfPlenty(a, b) => {
            format!("year of plenty: {}", join([Some(a), b].into_iter().flatten().map(|r| r.to_string())))
        }
        Action::PlayMonopoly(r) => format!("monopoly on {r}"),
        Action::MaritimeTrade { give, get, rate } => format!("bank: {rate} {give} for 1 {get}"),
        Action::AcceptTrade => match view.phase() {
            // The offer's terms from the side of the one who answers.
            Phase::Trade { give, get, .. } => format!("accept: you give {get}, get {give}"),
            _ => "accept".to_string(),
        },
        Action::DeclineTrade => "decline".into(),
        Action::ConfirmTrade(s) => match view.phase() {
            Phase::Trade { answers, give, get } => {
                let (give, get) = match answers[s.index()] {
                    crate::engine::Answer::Counter { give, get } => (give, get),
                    _ => (give, get),
                };
                format!("trade with {}: you give {give}, get {get}", name(names, s))
            }
            _ => format!("trade with {}", name(names, s)),
        },
        Action::BuildKnight { kind, hex } => format!("{kind} on {}", hex_words(board, hex)),
        Action::BuildShip { kind, sea } => format!("{kind} on sea {}", sea_no(sea)),
        Action::MoveKnight { unit, to } => format!("move k{} to {}", unit + 1, hex_words(board, to)),
        Action::SailShip { unit, to } => format!("sail s{} to sea {}", unit + 1, sea_no(to)),
        Action::BoardShip { unit, ship } => format!("k{} boards s{}", unit + 1, ship + 1),
        Action::Attack { unit, target: Target::Unit { seat, unit: theirs } } => {
            format!("{} attacks {}'s {}", unit_tag(unit), name(names, seat), unit_tag(theirs))
        }
        Action::Attack { unit, target: Target::Building(v) } => {
            let what = corner_owner(view, names, v).unwrap_or_else(|| "a building".into());
            format!("{} attacks {what} at {}", unit_tag(unit), corner_no(v))
        }
        Action::RollDice => "roll".into(),
        Action::EndTurn => "end turn".into(),
        Action::BuyDevCard => "buy a development card".into(),
        Action::PlayKnight => "play knight".into(),
        Action::PlayRoadBuilding => "play road building".into(),
        Action::CancelTrade => "withdraw the offer".into(),
        other => command(view, names, other),
    }
}

/// A choice in an open list: its line without the list's own word ("corner 15, 11 pips: 9
/// grain", "hex 5, 6 grain, rob Bob").
pub fn choice(view: &PlayerView<'_>, names: &[String], a: Action) -> String {
    let line = label(view, names, a);
    let words = ["settlement at ", "city at ", "castle at ", "road ", "robber to ", "discard ", "take ", "bank: "];
    match words.iter().find_map(|w| line.strip_prefix(w)) {
        Some(rest) => rest.to_string(),
        None => line,
    }
}

/// The corner a building goes on.
fn built_at(a: Action) -> Option<crate::engine::Vertex> {
    match a {
        Action::BuildSettlement(v) | Action::BuildCity(v) | Action::BuildCastle(v) => Some(v),
        _ => None,
    }
}

/// A road from the seat's own network toward a corner, and what that corner yields: "road
/// 12 to 13, toward 6 grain and 8 ore".
fn road_label(view: &PlayerView<'_>, e: crate::engine::Edge) -> String {
    let t = view.topology();
    let me = view.seat();
    let mine = |v: crate::engine::Vertex| {
        view.settlement_set(me).contains(v)
            || view.city_set(me).contains(v)
            || t.vertex_edges(v).iter().any(|&x| view.road_set(me).contains(x))
    };
    let [a, b] = t.edge_vertices(e);
    let (from, to) = if mine(b) && !mine(a) { (b, a) } else { (a, b) };
    let toward = if mine(to) { String::new() } else { format!(", toward {}", corner_yield(view, to)) };
    format!("road {} to {}{toward}", corner_no(from), corner_no(to))
}

/// One line of a menu: its heading and the legal actions under it (none for an offer, which
/// is typed on any terms).
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub heading: String,
    pub actions: Vec<Action>,
    /// The group's word, to open its list with ("settlement where").
    pub word: String,
    /// How its list is ordered, when not as the board numbers it (", best first").
    pub order: &'static str,
}

/// A menu's groups, in the order a player reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Group {
    Roll,
    Answer,
    Confirm,
    Discard,
    Take,
    Robber,
    Settlement,
    City,
    Castle,
    Road,
    Units,
    Card,
    Play,
    Bank,
    Gold,
    Offer,
    Withdraw,
    End,
}

fn group(a: Action) -> (Group, &'static str) {
    match a {
        Action::RollDice => (Group::Roll, "roll"),
        Action::AcceptTrade | Action::DeclineTrade | Action::CounterTrade { .. } => (Group::Answer, ""),
        Action::ConfirmTrade(_) => (Group::Confirm, "trade"),
        Action::Discard(_) => (Group::Discard, "discard"),
        Action::TakeCard(_) => (Group::Take, "take"),
        Action::MoveRobber { .. } => (Group::Robber, "robber"),
        Action::BuildSettlement(_) => (Group::Settlement, "settlement"),
        Action::BuildCity(_) => (Group::City, "city"),
        Action::BuildCastle(_) => (Group::Castle, "castle"),
        Action::BuildRoad(_) => (Group::Road, "road"),
        Action::BuildKnight { .. } => (Group::Units, "build a knight unit"),
        Action::BuildShip { .. } => (Group::Units, "build a ship"),
        Action::MoveKnight { .. } | Action::BoardShip { .. } => (Group::Units, "move a knight unit"),
        Action::SailShip { .. } => (Group::Units, "sail a ship"),
        Action::Attack { .. } => (Group::Units, "attack"),
        Action::BuyDevCard => (Group::Card, "buy a development card"),
        Action::PlayKnight => (Group::Play, "play knight"),
        Action::PlayRoadBuilding => (Group::Play, "play road building"),
        Action::PlayYearOfPlenty(..) => (Group::Play, "play year of plenty"),
        Action::PlayMonopoly(_) => (Group::Play, "play monopoly"),
        Action::MaritimeTrade { .. } => (Group::Bank, "bank trade"),
        Action::BuyWithGold(_) => (Group::Gold, "buy with gold"),
        Action::OfferTrade { .. } => (Group::Offer, "offer"),
        Action::CancelTrade => (Group::Withdraw, "withdraw the offer"),
        Action::EndTurn => (Group::End, "end turn"),
    }
}

/// The menu of a moment: the legal actions grouped, each group one numbered line; a group of
/// one action is played by its number, a larger one lists its actions when its number is
/// given. Offers to players get a line of their own when they can be made.
pub fn menu(view: &PlayerView<'_>, names: &[String], legal: &[Action]) -> Vec<Item> {
    let mut groups: Vec<(Group, &'static str, Vec<Action>)> = Vec::new();
    for &a in legal {
        let (g, heading) = group(a);
        // Each answer to an offer is a line of its own: they are the whole choice.
        let heading = if g == Group::Answer { "" } else { heading };
        match groups.iter_mut().find(|(gg, h, _)| *gg == g && *h == heading && g != Group::Answer) {
            Some((_, _, list)) => list.push(a),
            None => groups.push((g, heading, vec![a])),
        }
    }
    if can_offer(view) {
        groups.push((Group::Offer, "offer", Vec::new()));
    }
    groups.sort_by_key(|(g, _, _)| *g);
    // Places to build on, best first: the corners whose hexes pay most often.
    for (g, _, list) in &mut groups {
        if matches!(g, Group::Settlement | Group::City | Group::Castle) {
            list.sort_by_key(|&a| std::cmp::Reverse(built_at(a).map_or(0, |v| corner_pips(view, v))));
        }
    }
    groups
        .into_iter()
        .map(|(g, name, actions)| {
            let heading = match (g, actions.as_slice()) {
                (Group::Offer, []) => "offer a trade".into(),
                (_, [one]) => label(view, names, *one),
                (_, many) => format!("{name}, {} choices", many.len()),
            };
            let word = match g {
                Group::Settlement | Group::City | Group::Castle | Group::Road | Group::Robber => {
                    format!("{name} where")
                }
                Group::Discard | Group::Take => format!("{name} which"),
                _ => name.to_string(),
            };
            let order = if matches!(g, Group::Settlement | Group::City | Group::Castle) { ", best first" } else { "" };
            Item { heading, actions, word, order }
        })
        .collect()
}

/// True when the seat may offer a trade to players now (the main phase, after the roll, with
/// cards to give).
fn can_offer(view: &PlayerView<'_>) -> bool {
    let probe = Action::OfferTrade {
        give: view.hand().resources().next().map_or(Hand::EMPTY, |r| Hand::of(r, 1)),
        get: Hand::of(Resource::ALL.into_iter().find(|&r| view.hand()[r] == 0).unwrap_or(Resource::Ore), 1),
        to: SeatSet::all(view.num_players()).without(view.seat()),
    };
    view.phase() == Phase::Main && view.is_to_act() && view.check(probe).is_ok()
}

/// How an offer is typed, said when its menu line is picked.
pub const OFFER_HOW: &str = "Say offer, the cards you give, for, the cards you want: offer 1 ore for 2 brick. \
                             Add to and names to ask only some: offer ore for brick to Bob.";

/// What a typed line asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Typed {
    /// A move, legal now.
    Play(Action),
    /// A menu line's number with several actions under it: list them.
    Open(usize),
    /// Words that name no legal move, and why.
    Refused(String),
    /// Not a move (a question, a table command, or unknown words): for the caller.
    Other,
}

/// Reads `text` as a move: a menu line's number (an open list's number when `open` holds
/// one), a legal action's command, or an offer or counter-offer on any terms.
pub fn parse(view: &PlayerView<'_>, names: &[String], items: &[Item], open: Option<usize>, text: &str) -> Typed {
    let words = normalize(text);
    if let Ok(n) = words.parse::<usize>() {
        return match open.and_then(|i| items.get(i)) {
            Some(item) if n >= 1 && n <= item.actions.len() => Typed::Play(item.actions[n - 1]),
            Some(item) => Typed::Refused(format!("{n} is not on the list: 1 to {}", item.actions.len())),
            None => match items.get(n.wrapping_sub(1)) {
                Some(item) if item.actions.len() == 1 => Typed::Play(item.actions[0]),
                Some(item) if item.actions.is_empty() => Typed::Refused(OFFER_HOW.into()),
                Some(_) => Typed::Open(n - 1),
                None => Typed::Refused(format!("{n} is not on the menu: 1 to {}", items.len())),
            },
        };
    }
    let legal: Vec<Action> = items.iter().flat_map(|i| i.actions.iter().copied()).collect();
    if let Some(&a) = legal.iter().find(|&&a| command(view, names, a) == words) {
        return Typed::Play(a);
    }
    let first = words.split(' ').next().unwrap_or("");
    // "bank wool for ore": at the best rate the seat has.
    let best = legal
        .iter()
        .filter(|&&a| matches!(a, Action::MaritimeTrade { give, get, .. } if words == format!("bank {give} for {get}")))
        .min_by_key(|&&a| match a {
            Action::MaritimeTrade { rate, .. } => rate,
            _ => u8::MAX,
        });
    if let Some(&a) = best {
        return Typed::Play(a);
    }
    match first {
        "offer" | "counter" => match trade_terms(view, names, &words) {
            Ok(a) => match view.check(a) {
                Ok(()) => Typed::Play(a),
                Err(e) => Typed::Refused(format!("not now: {e}")),
            },
            Err(why) => Typed::Refused(why),
        },
        _ if legal.iter().any(|&a| command(view, names, a).split(' ').next() == Some(first)) => {
            let like: Vec<String> =
                legal.iter().map(|&a| command(view, names, a)).filter(|c| c.starts_with(first)).take(6).collect();
            Typed::Refused(format!("no such {first} now; for example: {}", like.join("; ")))
        }
        _ => Typed::Other,
    }
}

/// Lower case, one space between words, no "the", "a", "at", commas or a final full stop.
pub fn normalize(text: &str) -> String {
    text.to_lowercase()
        .replace([',', '.', ';'], " ")
        .split_whitespace()
        .filter(|w| !matches!(*w, "the" | "at" | "on" | "with"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// "offer 1 ore and 2 brick for 1 wool to bob and cy", "counter 2 brick for 1 ore".
fn trade_terms(view: &PlayerView<'_>, names: &[String], words: &str) -> Result<Action, String> {
    let example = "say it as \"offer 1 ore for 2 brick\" (or \"... to Bob\")";
    let mut parts = words.splitn(2, ' ');
    let verb = parts.next().unwrap_or("");
    let rest = parts.next().unwrap_or("");
    let (mine, rest) = rest.split_once(" for ").ok_or_else(|| format!("what for what? {example}"))?;
    let (theirs, to) = match rest.split_once(" to ") {
        Some((t, to)) => (t, Some(to)),
        None => (rest, None),
    };
    let give = hand_of(mine).ok_or_else(|| format!("\"{mine}\" is not cards: {example}"))?;
    let get = hand_of(theirs).ok_or_else(|| format!("\"{theirs}\" is not cards: {example}"))?;
    if verb == "counter" {
        if to.is_some() {
            return Err("a counter-offer goes to the one who offered".into());
        }
        // The engine keeps both sides from the offerer's: they give what the counter asks.
        return Ok(Action::CounterTrade { give: get, get: give });
    }
    let others = SeatSet::all(view.num_players()).without(view.seat());
    let to = match to {
        None => others,
        Some(list) => {
            // Names may hold spaces: each player named is taken out of the list, and nothing
            // but "and" may be left.
            let mut left = format!(" {list} ");
            let mut set = SeatSet::default();
            for s in others.iter() {
                let them = format!(" {} ", normalize(&name(names, s)));
                if left.contains(&them) {
                    left = left.replacen(&them, " ", 1);
                    set = set.with(s);
                }
            }
            if let Some(w) = left.split(' ').find(|w| !w.is_empty() && *w != "and") {
                return Err(format!("\"{w}\" is not a player you can offer to"));
            }
            set
        }
    };
    Ok(Action::OfferTrade { give, get, to })
}

/// Cards typed as "1 ore and 2 brick", "ore", "2 wool 1 grain".
fn hand_of(text: &str) -> Option<Hand> {
    let mut hand = Hand::EMPTY;
    let mut count: Option<u8> = None;
    let mut any = false;
    for w in text.split(' ').filter(|w| !matches!(*w, "and" | "" | "a" | "an")) {
        if let Ok(n) = w.parse::<u8>() {
            if count.is_some() || n == 0 || n > 19 {
                return None;
            }
            count = Some(n);
        } else {
            let r = resource(w)?;
            hand[r] = hand[r].checked_add(count.take().unwrap_or(1))?;
            any = true;
        }
    }
    (any && count.is_none()).then_some(hand)
}

#[cfg(test)]
mod tests;
