//! Makes the coach's panel (issue 48): positions with the moves a strong player would accept,
//! each kept as a save that `catan advise FILE --step N` studies, written to
//! tests/fixtures/panel/ (the games) and tests/fixtures/panel/panel.json (the positions, the
//! moves accepted and why). The panel is scored by `tests/bots/panel.rs`:
//!
//! ```text
//! cargo run --profile ci --example coach_panel          # writes the panel afresh
//! cargo test --profile ci --test bots panel -- --nocapture   # scores the coach against it
//! ```
//!
//! The games are seeded four-player tables (two at war) whose seats are recorded as people
//! (Ann, Bob, Cy, Dee: the advice reads them as a person is read) and played by the hard,
//! medium (offering trades, as at a table with people) and alpha-beta players. At each moment
//! a strong player's rule of thumb for one kind of position is applied to the position (never
//! to what the seat can't see, except where the rule says so: a win at once), and the moves it
//! accepts are written with the reason. The kinds are the issue's: the robber against a clear
//! leader, an offer just declined, forced moves, Largest Army, a city on a rich corner, a 7's
//! discard that keeps what builds, a win at once, an offer from the leader, set-up, war.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use catan::bots::{self, BotLevel};
use catan::engine::{
    Action, Answer, Board, Config, DevCard, Event, Game, Hand, Hex, Modules, Phase, PlayerView, Resource, Seat,
    SeatSet, Vertex,
};
use catan::save::{Record, SeatInfo};
use serde_json::{Value, json};

const NAMES: [&str; 4] = ["Ann", "Bob", "Cy", "Dee"];

/// How many positions of each kind the panel holds.
const QUOTA: [(&str, usize); 12] = [
    ("robber vs leader", 8),
    ("declined offer", 4),
    ("forced move", 3),
    ("largest army", 3),
    ("city on a rich corner", 5),
    ("discard keeps what builds", 5),
    ("win at once", 3),
    ("offer from the leader", 2),
    ("set-up", 3),
    ("war", 2),
    ("ask before the bank", 2),
    ("knight off your own hex", 2),
];

/// A batch of the panel: its games' seeds, the file its positions go to, the players of its
/// seats by seat (rotated by the seed) and how many positions of each kind it takes.
struct Batch {
    seeds: std::ops::Range<u64>,
    file: &'static str,
    levels: [BotLevel; 4],
    quota: &'static [(&'static str, usize)],
}

/// The first batch (issue 48's first 41 positions): hard, medium, alpha-beta and medium seats.
const FIRST: Batch = Batch {
    seeds: 4800..4900,
    file: "panel.json",
    levels: [BotLevel::Hard, BotLevel::Medium, BotLevel::Alphabeta, BotLevel::Medium],
    quota: &QUOTA,
};

/// The second batch, added later and scored before the coach changed again: games more like a
/// table of people, two medium players who offer trades, a newcomer (easy) and a strong
/// player (hard), on other boards (seeds 4900 on); the same kinds, more of each.
const TABLE: Batch = Batch {
    seeds: 4900..5100,
    file: "panel-table.json",
    levels: [BotLevel::Medium, BotLevel::Easy, BotLevel::Hard, BotLevel::Medium],
    quota: &[
        ("robber vs leader", 6),
        ("declined offer", 4),
        ("forced move", 2),
        ("largest army", 3),
        ("city on a rich corner", 5),
        ("discard keeps what builds", 4),
        ("win at once", 2),
        ("offer from the leader", 3),
        ("set-up", 3),
        ("war", 2),
        ("ask before the bank", 3),
        ("knight off your own hex", 3),
    ],
};

/// `cargo run --example coach_panel` writes the first batch, `-- table` the second (each
/// written once, before the coach it scores changed: rewriting a batch replays its games with
/// time-limited players and may find other positions).
fn main() {
    let batch = if std::env::args().nth(1).as_deref() == Some("table") { TABLE } else { FIRST };
    let out = std::path::Path::new("tests/fixtures/panel");
    std::fs::create_dir_all(out).unwrap();
    let mut found: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    let quota = |kind: &str| batch.quota.iter().find(|(k, _)| *k == kind).map_or(0, |q| q.1);
    let full =
        |found: &BTreeMap<&str, Vec<Value>>| batch.quota.iter().all(|(k, n)| found.get(k).map_or(0, Vec::len) >= *n);
    for seed in batch.seeds.clone() {
        if full(&found) {
            break;
        }
        let war = seed % 6 == 5;
        let config = if war { Config::default().with_modules(Modules::WAR) } else { Config::default() };
        let (record, picks) = play(config, seed, batch.levels, &quota, &found);
        let mut used = false;
        for (kind, mut p) in picks {
            let have = found.entry(kind).or_default();
            // One position of a kind per game, so the panel spreads over many boards.
            if have.len() >= quota(kind) || have.iter().any(|q| q["seed"] == json!(seed)) {
                continue;
            }
            let file = format!("game-{seed}.json");
            p["save"] = json!(file);
            p["seed"] = json!(seed);
            let first =
                if batch.file == FIRST.file { 0 } else { FIRST.quota.iter().find(|q| q.0 == kind).map_or(0, |q| q.1) };
            p["name"] = json!(format!("{} {}", kind, first + have.len() + 1));
            have.push(p);
            used = true;
        }
        if used {
            std::fs::write(out.join(format!("game-{seed}.json")), catan::save::to_json(&record)).unwrap();
        }
        eprintln!(
            "seed {seed}: {}",
            found.iter().map(|(k, v)| format!("{k} {}", v.len())).collect::<Vec<_>>().join(", ")
        );
    }
    let positions: Vec<Value> = batch.quota.iter().flat_map(|(k, _)| found.remove(k).unwrap_or_default()).collect();
    let panel = json!({
        "about": "The coach's panel (issue 48): each position a moment of a saved game (catan advise SAVE --step STEP), the moves a strong player would accept (accept: any of them; except: none of them) and why. Made by examples/coach_panel.rs, scored by tests/bots/panel.rs.",
        "positions": positions,
    });
    std::fs::write(out.join(batch.file), serde_json::to_string_pretty(&panel).unwrap() + "\n").unwrap();
    eprintln!("{} positions", panel["positions"].as_array().unwrap().len());
}

/// Plays one game, recording it, and returns the positions found in it by kind.
fn play(
    config: Config,
    seed: u64,
    levels: [BotLevel; 4],
    quota: &dyn Fn(&str) -> usize,
    found: &BTreeMap<&str, Vec<Value>>,
) -> (Record, Vec<(&'static str, Value)>) {
    let seats = NAMES.iter().map(|n| SeatInfo::human(*n)).collect();
    let mut record = Record::new_with_seats(config, seed, seats).unwrap();
    let mut players: Vec<_> = (0..4)
        .map(|i| {
            let mut b = bots::make(levels[(i + seed as usize) % 4], seed * 10 + i as u64);
            b.set_offers(true);
            b.set_time(std::time::Duration::from_millis(100));
            b
        })
        .collect();
    let mut picks: Vec<(&'static str, Value)> = Vec::new();
    // Offers made this turn and the seats that declined or countered them.
    let mut declined: Vec<(Seat, Hand, Hand, SeatSet)> = Vec::new();
    let mut open: Option<(Seat, Hand, Hand, SeatSet)> = None;
    let mut step = 0;
    while !record.game().is_over() && step < 3000 {
        let game = *record.game();
        for (kind, p) in judge(&game, &declined, step, &record) {
            if found.get(kind).map_or(0, Vec::len) < quota(kind) && !picks.iter().any(|(k, _)| *k == kind) {
                picks.push((kind, p));
            }
        }
        let seat = game.to_act();
        let action = players[seat.index()].choose(game.view(seat));
        for e in record.apply(action).unwrap() {
            match e {
                Event::TurnStarted { .. } => declined.clear(),
                Event::TradeOffered { seat, give, get, .. } => open = Some((seat, give, get, SeatSet::default())),
                Event::TradeAnswered { seat, answer: Answer::Decline | Answer::Counter { .. } } => {
                    if let Some(o) = open.as_mut() {
                        o.3 = o.3.with(seat);
                    }
                }
                Event::TradeCancelled { .. } | Event::TradeDeclined { .. } => {
                    if let Some(o) = open.take()
                        && !o.3.is_empty()
                    {
                        declined.push(o);
                    }
                }
                Event::Traded { .. } | Event::TradeFellThrough { .. } => open = None,
                _ => {}
            }
        }
        step += 1;
    }
    (record, picks)
}

fn act(a: Action) -> Value {
    json!({ "action": a })
}

fn pips_of(board: &Board, h: Hex) -> u32 {
    board.token(h).map_or(0, |t| u32::from(Board::pips(t)))
}

/// A seat's production on hex `h`: pips, doubled for a city.
fn production_on(view: &PlayerView<'_>, s: Seat, h: Hex) -> u32 {
    let board = view.board();
    let (settlements, cities) = (view.settlement_set(s), view.city_set(s));
    view.topology()
        .hex_vertices(h)
        .iter()
        .map(|&v| {
            if cities.contains(v) {
                2
            } else if settlements.contains(v) {
                1
            } else {
                0
            }
        })
        .sum::<u32>()
        * pips_of(board, h)
}

/// The pips of a corner, the robber's hex left out.
fn corner_pips(view: &PlayerView<'_>, v: Vertex) -> u32 {
    let board = view.board();
    view.topology().vertex_hexes(v).iter().filter(|&&h| h != board.robber()).map(|&h| pips_of(board, h)).sum()
}

fn kinds_at(view: &PlayerView<'_>, v: Vertex) -> usize {
    let board = view.board();
    let mut kinds: Vec<Resource> =
        view.topology().vertex_hexes(v).iter().filter_map(|&h| board.terrain(h).resource()).collect();
    kinds.sort();
    kinds.dedup();
    kinds.len()
}

/// Points as the seat itself counts them (its hidden victory points too).
fn own_points(view: &PlayerView<'_>) -> u8 {
    view.player(view.seat()).points + view.dev_cards()[DevCard::VictoryPoint]
}

fn name(s: Seat) -> &'static str {
    NAMES[s.index()]
}

/// Every kind of position this moment is, with the moves accepted and why.
fn judge(
    game: &Game,
    declined: &[(Seat, Hand, Hand, SeatSet)],
    step: usize,
    record: &Record,
) -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    let view = game.acting_view();
    let me = view.seat();
    let legal = view.legal_actions();
    let target = view.config().target;
    let war = view.config().modules != Modules::NONE;
    let base = |why: String, accept: Vec<Value>| json!({ "step": step, "accept": accept, "why": why });
    let winning: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|&a| !matches!(a, Action::RollDice | Action::BuyDevCard))
        .filter(|&a| {
            let mut g = *game;
            g.apply(a).is_ok() && g.winner() == Some(me) && g.winners().iter().count() == 1
        })
        .collect();
    if war {
        // War: late in the game, the number must not read 100% unless the move wins at once.
        let lead = view.seats().map(|s| view.player(s).points).max().unwrap_or(0);
        if lead + 1 >= target && legal.len() > 1 && matches!(view.phase(), Phase::Main) {
            let mut p = base(
                format!(
                    "war, {} points of {target} at the top: any move will do, but the chance may read 100% (99.5% or more) only for a move that wins at once (honest: below_certain)",
                    lead
                ),
                Vec::new(),
            );
            p["honest"] = json!("below_certain");
            out.push(("war", p));
        }
        return out;
    }
    if legal.len() == 1 && view.turn_number() > 3 {
        let mut p = base(
            format!(
                "{}'s only legal move ({:?}): it changes nothing, so it reads +0 (honest: no_change)",
                name(me),
                legal[0]
            ),
            vec![act(legal[0])],
        );
        p["honest"] = json!("no_change");
        out.push(("forced move", p));
        return out;
    }
    if !winning.is_empty() && legal.len() > 1 {
        out.push((
            "win at once",
            base(
                format!("{} has {} of {target} points: this move wins the game now", name(me), own_points(&view)),
                winning.iter().map(|&a| act(a)).collect(),
            ),
        ));
        return out;
    }
    match view.phase() {
        Phase::Setup { round: 0, index: 0, .. } => {
            let corners: Vec<(u32, Vertex)> = legal
                .iter()
                .filter_map(|a| if let Action::BuildSettlement(v) = *a { Some(v) } else { None })
                .filter(|&v| kinds_at(&view, v) >= 2)
                .map(|v| (corner_pips(&view, v), v))
                .collect();
            let best = corners.iter().map(|c| c.0).max().unwrap_or(0);
            let accept: Vec<Value> =
                corners.iter().filter(|c| c.0 + 1 >= best).map(|c| act(Action::BuildSettlement(c.1))).collect();
            out.push((
                "set-up",
                base(
                    format!(
                        "the first settlement of the game: a corner of the most pips ({best}, or one fewer) on two kinds or more"
                    ),
                    accept,
                ),
            ));
        }
        Phase::Robber => robber(&view, &legal, step, &mut out),
        Phase::Discard { remaining } if remaining[me.index()] > 0 && view.hand().total() >= 8 => {
            discard(&view, remaining[me.index()], step, &mut out);
        }
        Phase::Trade { give, get, .. } if me != view.current_player() => {
            // The maker gives `give` and gets `get`.
            let maker = view.current_player();
            let mp = view.player(maker).points;
            let second = view.seats().filter(|&s| s != maker).map(|s| view.player(s).points).max().unwrap_or(0);
            if mp + 3 >= target
                && mp >= second + 2
                && legal.contains(&Action::AcceptTrade)
                && view.hand().contains(&get)
            {
                out.push((
                    "offer from the leader",
                    base(
                        format!(
                            "{} leads with {mp} of {target} points ({second} the next) and asks {get} for {give}: a strong player doesn't feed the leader (decline; a counter that asks more is fine)",
                            name(maker)
                        ),
                        vec![act(Action::DeclineTrade), json!({ "any": "counter_trade" })],
                    ),
                ));
            }
        }
        Phase::Main if view.current_player() == me => {
            main_phase(game, &view, &legal, declined, step, record, &mut out);
        }
        Phase::Roll if view.current_player() == me => {
            // The robber on one's own best hex, a knight in hand: play it before the roll.
            let robber = view.board().robber();
            let mine = production_on(&view, me, robber);
            let others = view.seats().filter(|&s| s != me).map(|s| production_on(&view, s, robber)).max().unwrap_or(0);
            if mine >= 4 && others == 0 && legal.contains(&Action::PlayKnight) {
                out.push((
                    "knight off your own hex",
                    base(
                        format!(
                            "the robber sits on {}'s own hex ({mine} pips of production, no one else's): play the knight before rolling, so the hex produces on this roll",
                            name(me)
                        ),
                        vec![act(Action::PlayKnight)],
                    ),
                ));
            }
        }
        _ => {}
    }
    out
}

fn robber(view: &PlayerView<'_>, legal: &[Action], step: usize, out: &mut Vec<(&'static str, Value)>) {
    let me = view.seat();
    let mut others: Vec<(u8, Seat)> = view.seats().filter(|&s| s != me).map(|s| (view.player(s).points, s)).collect();
    others.sort_by(|a, b| b.cmp(a));
    let (lp, leader) = others[0];
    let second = others[1].0;
    if lp < second + 2 || lp < 5 || lp + 1 < view.player(me).points {
        return;
    }
    let hexes: Vec<Hex> =
        legal.iter().filter_map(|a| if let Action::MoveRobber { hex, .. } = *a { Some(hex) } else { None }).collect();
    let best = hexes.iter().map(|&h| production_on(view, leader, h)).max().unwrap_or(0);
    if best < 3 {
        return;
    }
    let good = |h: Hex| {
        let theirs = production_on(view, leader, h);
        theirs * 2 >= best && production_on(view, me, h) * 2 <= theirs
    };
    let mut accept = Vec::new();
    for &a in legal {
        let Action::MoveRobber { hex, victim } = a else { continue };
        if !good(hex) {
            continue;
        }
        let can_rob_leader = legal.contains(&Action::MoveRobber { hex, victim: Some(leader) });
        if !can_rob_leader || victim == Some(leader) {
            accept.push(act(a));
        }
    }
    if accept.is_empty() {
        return;
    }
    let awards: Vec<&str> =
        [(view.player(leader).longest_road, "Longest Road"), (view.player(leader).largest_army, "Largest Army")]
            .into_iter()
            .filter_map(|(on, w)| on.then_some(w))
            .collect();
    let mut why = format!("{} leads with {lp} points", name(leader));
    if !awards.is_empty() {
        let _ = write!(why, " ({})", awards.join(", "));
    }
    let _ = write!(
        why,
        ", the next {second}: block one of {}'s best hexes ({best} pips of production at most; at least half of it, hurting {} less than half as much) and rob {}",
        name(leader),
        name(me),
        name(leader)
    );
    out.push(("robber vs leader", json!({ "step": step, "accept": accept, "why": why })));
}

/// Whether the seat has an open corner at the end of its roads.
fn settlement_site(view: &PlayerView<'_>) -> bool {
    let topo = view.topology();
    let roads = view.road_set(view.seat());
    topo.vertices().any(|v| {
        catan::bots::advice::group::open_corner(view, v) && topo.vertex_edges(v).iter().any(|&e| roads.contains(e))
    })
}

fn discard(view: &PlayerView<'_>, count: u8, step: usize, out: &mut Vec<(&'static str, Value)>) {
    let me = view.seat();
    let hand = view.hand();
    let keep = hand.total() - u32::from(count);
    let c = view.config().costs;
    let p = view.player(me);
    let pieces = [
        (c.city, "a city", !view.settlement_set(me).is_empty() && p.pieces_left.2 > 0),
        (c.settlement, "a settlement", settlement_site(view) && p.pieces_left.1 > 0),
        (c.development, "a development card", view.deck_len() > 0),
        (c.road, "a road", p.pieces_left.0 > 0),
    ];
    let Some((cost, what, _)) = pieces.iter().find(|(cost, _, ok)| *ok && hand.contains(cost) && cost.total() <= keep)
    else {
        return;
    };
    // Where the piece kept whole is a card or a road, a hand one card short of a city or a
    // settlement the seat can place is as good.
    let mut accept = vec![json!({ "keeps": cost })];
    let mut near = String::new();
    if cost.total() < c.settlement.total() {
        for (cost, what, ok) in &pieces[..2] {
            if *ok && cost.total() <= keep + 1 {
                accept.push(json!({ "keeps_near": cost }));
                let _ = write!(near, ", or one card short of {what}");
            }
        }
    }
    out.push((
        "discard keeps what builds",
        json!({
            "step": step,
            "accept": accept,
            "why": format!("{} discards {count} of {hand}: keep the cards of {what}, the best piece the hand can still pay for{near}", name(me)),
        }),
    ));
}

fn main_phase(
    game: &Game,
    view: &PlayerView<'_>,
    legal: &[Action],
    declined: &[(Seat, Hand, Hand, SeatSet)],
    step: usize,
    record: &Record,
    out: &mut Vec<(&'static str, Value)>,
) {
    let me = view.seat();
    let p = view.player(me);
    // An offer this seat made this turn, declined: not the same again to those who declined.
    for &(maker, give, get, who) in declined {
        if maker != me {
            continue;
        }
        let mut except = Vec::new();
        for s in who.iter() {
            for r in Resource::ALL {
                if give[r] == 0 {
                    continue;
                }
                except.push(act(Action::OfferTrade { give: Hand::of(r, 1), get, to: SeatSet::default().with(s) }));
            }
            except.push(act(Action::OfferTrade { give, get, to: SeatSet::default().with(s) }));
        }
        let names: Vec<&str> = who.iter().map(name).collect();
        out.push((
            "declined offer",
            json!({
                "step": step,
                "accept": [],
                "except": except,
                "why": format!("{} offered {give} for {get} this turn and {} declined: not the same (or worse) terms to them again this turn", name(me), names.join(", ")),
            }),
        ));
        break;
    }
    // Largest Army within one knight.
    let holder = view.seats().find(|&s| view.player(s).largest_army);
    let held = holder.map_or(2, |h| view.player(h).knights);
    if legal.contains(&Action::PlayKnight) && holder != Some(me) && p.knights + 1 > held && p.knights + 1 >= 3 {
        out.push((
            "largest army",
            json!({
                "step": step,
                "accept": [act(Action::PlayKnight), { "any": "build_city" }, { "any": "build_settlement" }],
                "why": format!("{}'s third knight takes Largest Army from {}: two points; play it now (a scoring build first is as good)", name(me), holder.map_or("no one", name)),
            }),
        ));
    }
    // A city on a rich corner, a road also legal.
    let cities: Vec<(u32, Vertex)> = legal
        .iter()
        .filter_map(|a| if let Action::BuildCity(v) = *a { Some((corner_pips(view, v), v)) } else { None })
        .collect();
    let best = cities.iter().map(|c| c.0).max().unwrap_or(0);
    if best >= 10 && legal.iter().any(|a| matches!(a, Action::BuildRoad(_))) {
        let mut accept: Vec<Value> =
            cities.iter().filter(|c| c.0 + 2 >= best).map(|c| act(Action::BuildCity(c.1))).collect();
        accept.push(json!({ "any": "build_settlement" }));
        out.push((
            "city on a rich corner",
            json!({
                "step": step,
                "accept": accept,
                "why": format!("{} can build a city on a corner of {best} pips: a point and {best} pips more production a turn, above any road (a settlement, a point too, is as good)", name(me)),
            }),
        ));
    }
    // A 4:1 bank trade for a card a player was seen to take and not spend: ask them first.
    let fours: Vec<Resource> = legal
        .iter()
        .filter_map(|a| if let Action::MaritimeTrade { get, rate: 4, .. } = *a { Some(get) } else { None })
        .collect();
    if fours.is_empty() || view.player(me).points + 3 >= view.config().target {
        return;
    }
    let known = catan::bots::advice::known::known(me, view.config(), &record.log());
    for x in fours {
        let holder = view.seats().find(|&s| {
            s != me && known[s.index()][x] >= 1 && view.player(s).points <= p.points + 1 && !bots_near_win(view, s)
        });
        let Some(s) = holder else { continue };
        let except: Vec<Value> = Resource::ALL
            .into_iter()
            .filter(|&r| r != x)
            .map(|r| act(Action::MaritimeTrade { give: r, get: x, rate: 4 }))
            .collect();
        out.push((
            "ask before the bank",
            json!({
                "step": step,
                "accept": [],
                "except": except,
                "why": format!("{} was seen to take {x} and not spend it, and is not ahead: ask them for one card before paying the bank four", name(s)),
            }),
        ));
        let _ = game;
        return;
    }
}

fn bots_near_win(view: &PlayerView<'_>, s: Seat) -> bool {
    u32::from(view.player(s).points) + 2 >= u32::from(view.config().target)
}
