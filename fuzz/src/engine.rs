//! Target `engine`: a game dealt from the input's seed and rules, then actions chosen by the
//! input, some from `legal_actions()` and some raw (any variant, any coordinates, seats and
//! counts over the whole range of their types). Properties, after every action:
//! - `check`, `apply` and `legal_actions` never panic, and agree: a listed action passes `check`
//!   and is applied; an action `check` refuses is refused by `apply` with the same error;
//! - a refused action leaves the game exactly as it was (the whole state compared before/after);
//! - an accepted action is listed, unless it is a domestic offer or counter-offer (their terms
//!   are free, so they are not enumerated);
//! - the game stays `Game::validate`-clean, and has a legal action exactly while not over.

use catan::bots::SplitMix64;
use catan::engine::{
    Action, BoardKind, Config, DevHand, Edge, Game, Hand, Hex, MapId, Module, Modules, Resource, SeaHex, Seat, SeatSet,
    Shortage, Supply, Target, TurnStyle, UnitKind, Vertex,
};

use crate::bytes::Bytes;

/// Actions tried per input at most (a random game takes about 1,100).
pub const MAX_STEPS: usize = 6_000;

/// The rules of the game: every option of the configuration, and now and then odd numbers for
/// the player count, discard limit and target (`Game::new` must refuse what it can't deal).
pub fn config(b: &mut Bytes) -> Config {
    let f = b.u8();
    let g = b.u8();
    // 2 to 6 players: 5 and 6 on their island, with the Special Building Phase or paired
    // players (R40, R40a); a beginner board or central desert there is refused.
    let players = 2 + f % 5;
    let base = Config::with_players(players);
    let mut c = Config {
        players,
        board: [BoardKind::Variable, BoardKind::Beginner, BoardKind::Random][(f / 5 % 3) as usize],
        desert_center: f & 0x10 != 0 && players < 5,
        turns: if players >= 5 && f & 0x40 != 0 { TurnStyle::Paired } else { base.turns },
        strict_phases: f & 0x20 != 0,
        shortage: [Shortage::Official, Shortage::NoneAtAll, Shortage::TurnOrder][(g % 3) as usize],
        discard_limit: if g & 0x04 != 0 { 9 } else { 7 },
        target: if g & 0x08 != 0 { 5 } else { 10 },
        friendly_robber: g & 0x10 != 0,
        ..base
    };
    if players >= 5 && c.board == BoardKind::Beginner {
        c.board = BoardKind::Variable;
    }
    if g & 0xE0 == 0xE0 {
        // Edges: a target of 3 (reached right after set-up), discard limits up to 255, and
        // numbers out of range (which `Game::new` refuses).
        let (p, t, d) = (b.u8(), b.u8(), b.u8());
        c.players = if p & 0x80 != 0 { p } else { 2 + p % 5 };
        c.target = if t & 0x80 != 0 { t } else { t % 32 };
        c.discard_limit = d;
    }
    if g & 0xE0 == 0xA0 {
        // Issue 27: numbers at the limits the loader accepts (banks of 1 to 5 or 99, no cities,
        // the fewest and most pieces, a deck of one card) under any mix of house rules; a mix
        // the rules refuse (accelerated start without cities) must be refused by `Game::new`.
        let (m, k, p) = (b.u8() as u32, b.u8(), b.u8());
        let knights = (p as u32 & 0x80) << 3;
        c = c.with_modules(Modules((m | (k as u32 & 0xC0) << 2 | knights) & Modules::PLAYABLE.0));
        c.bank = [1, 2, 3, 4, 5, 1, 99, 19][(k & 7) as usize];
        c.supply = Supply {
            roads: [2, 30][(p & 1) as usize],
            settlements: [2, 9][(p >> 1 & 1) as usize],
            cities: [0, 1, 9, 0][(p >> 2 & 3) as usize],
            castles: [0, 9][(p >> 4 & 1) as usize],
        };
        if p & 0x20 != 0 {
            c.deck = DevHand([0, 1, 0, 0, 0]);
        }
        c.discard_limit = [2, 255][(k >> 3 & 1) as usize];
        if p & 0x40 == 0 {
            c.target = c.target.min(c.max_points()).max(3);
        }
    }
    if g & 0xE0 == 0xC0 {
        // House rules (R41-R57) in any combination, on the archipelago now and then (R51).
        let (m, n) = (b.u8() as u32, b.u8() as u32);
        let gold = ((n & 1) * Module::Gold.bit()) | ((n >> 1 & 1) * Module::Dragon.bit());
        let castles = (n >> 2 & 1) * Module::Castles.bit();
        let knights = (n >> 3 & 1) * Module::Knights.bit();
        let ships = (n >> 4 & 1) * Module::Ships.bit();
        // R56: attacks with the units (`with_modules` brings knights when neither is on);
        // R55 brings ships, R57 attacks.
        let attacks = (n >> 5 & 1) * Module::Attacks.bit();
        let colonist = (n >> 6 & 1) * Module::Colonist.bit();
        let phases = (n >> 7 & 1) * Module::Phases.bit();
        let land = ((m & 0x1F) << 5) | ((m >> 5) & 1) | (((m >> 6) & 1) << 4);
        c = c.with_modules(Modules(land | gold | castles | knights | ships | attacks | colonist | phases));
        if m & 0x80 != 0 && c.players <= 4 {
            let on = Config::on_map(MapId::Archipelago);
            c = Config { map: on.map, bank: on.bank, deck: on.deck, board: BoardKind::Variable, ..c }
                .with_modules(c.modules);
        }
    }
    c
}

/// A kind of card, gold (R42) included.
fn resource(b: &mut Bytes) -> Resource {
    Resource::CARDS[b.below(6)]
}

/// A small number most of the time, any byte now and then.
fn coordinate(b: &mut Bytes) -> u8 {
    let v = b.u8();
    if v & 0x80 != 0 { b.u8() } else { v % 80 }
}

fn seat(b: &mut Bytes) -> Seat {
    let v = b.u8();
    Seat(if v & 0x80 != 0 { b.u8() } else { v % 6 })
}

/// A hand of a few cards, or now and then of any counts.
fn hand(b: &mut Bytes) -> Hand {
    let mut h = Hand::EMPTY;
    if b.u8() & 0xC0 == 0xC0 {
        for r in Resource::CARDS {
            h[r] = b.u8();
        }
    } else {
        for _ in 0..1 + b.below(3) {
            h[resource(b)] += 1;
        }
    }
    h
}

/// Any action at all.
pub fn raw_action(b: &mut Bytes) -> Action {
    match b.below(28) {
        0 => Action::BuildSettlement(Vertex(coordinate(b))),
        1 => Action::BuildCity(Vertex(coordinate(b))),
        2 => Action::BuildRoad(Edge(coordinate(b))),
        3 => Action::RollDice,
        4 => Action::Discard(resource(b)),
        5 => {
            let hex = Hex(coordinate(b));
            let victim = (!b.u8().is_multiple_of(3)).then(|| seat(b));
            Action::MoveRobber { hex, victim }
        }
        6 => Action::BuyDevCard,
        7 => Action::PlayKnight,
        8 => Action::PlayRoadBuilding,
        9 => {
            let first = resource(b);
            let second = (!b.u8().is_multiple_of(4)).then(|| resource(b));
            Action::PlayYearOfPlenty(first, second)
        }
        10 => Action::PlayMonopoly(resource(b)),
        11 => {
            let (give, get) = (resource(b), resource(b));
            let rate = b.u8();
            Action::MaritimeTrade { give, get, rate: if rate & 0x80 != 0 { rate } else { rate % 6 } }
        }
        12 => {
            let (give, get) = (hand(b), hand(b));
            Action::OfferTrade { give, get, to: SeatSet(b.u8()) }
        }
        13 => Action::AcceptTrade,
        14 => Action::DeclineTrade,
        15 => {
            let (give, get) = (hand(b), hand(b));
            Action::CounterTrade { give, get }
        }
        16 => Action::ConfirmTrade(seat(b)),
        17 => Action::CancelTrade,
        18 => Action::BuyWithGold(resource(b)),
        19 => Action::BuildKnight { kind: UnitKind::KNIGHTS[b.below(3)], hex: Hex(coordinate(b)) },
        20 => {
            let unit = b.u8();
            Action::MoveKnight { unit: if unit & 0x80 != 0 { unit } else { unit % 8 }, to: Hex(coordinate(b)) }
        }
        21 => {
            // R56: a unit's slot bit (knights 0-5, ships 8-13), at a unit or a building.
            let unit = b.u8() % 16;
            let target = match b.u8() & 1 {
                0 => Target::Building(Vertex(coordinate(b))),
                _ => Target::Unit { seat: seat(b), unit: b.u8() % 16 },
            };
            Action::Attack { unit, target }
        }
        22 => Action::BuildShip { kind: UnitKind::SHIPS[b.below(3)], sea: SeaHex(coordinate(b)) },
        23 => {
            let unit = b.u8();
            Action::SailShip { unit: if unit & 0x80 != 0 { unit } else { unit % 8 }, to: SeaHex(coordinate(b)) }
        }
        24 => Action::BoardShip { unit: b.u8() % 8, ship: b.u8() % 8 },
        // R45's pick after a 7, and R44's castle.
        25 => Action::TakeCard(resource(b)),
        26 => Action::BuildCastle(Vertex(coordinate(b))),
        _ => Action::EndTurn,
    }
}

/// An offer of cards the player whose turn it is holds, to some of the others; or a
/// counter-offer within both hands: trades that are often legal, which `legal_actions` never
/// lists.
fn near_trade(g: &Game, b: &mut Bytes) -> Action {
    let me = g.current_player();
    let within = |b: &mut Bytes, of: Hand| {
        let mut h = Hand::EMPTY;
        for _ in 0..1 + b.below(3) {
            let r = resource(b);
            if of[r] > h[r] {
                h[r] += 1;
            }
        }
        h
    };
    if b.u8() & 1 == 0 {
        let give = within(b, g.view(me).hand());
        let mut get = within(b, Hand::from_counts([19; 6]));
        for r in Resource::CARDS {
            if give[r] > 0 {
                get[r] = 0;
            }
        }
        let all = SeatSet::all(g.num_players().min(8));
        let to = SeatSet(b.u8() & all.0).without(me);
        Action::OfferTrade { give, get, to: if to.is_empty() { all.without(me) } else { to } }
    } else {
        let give = within(b, g.view(me).hand());
        let get = within(b, g.view(g.to_act()).hand());
        Action::CounterTrade { give, get }
    }
}

/// What must hold of every position.
pub fn check_position(g: &Game, ctx: &dyn Fn() -> String) {
    if let Err(e) = g.validate() {
        panic!("{}: the game is invalid: {e}", ctx());
    }
    let legal = g.legal_actions();
    assert_eq!(legal.is_empty(), g.is_over(), "{}: legal actions {legal:?} in {:?}", ctx(), g.phase());
    for &a in &legal {
        if let Err(e) = g.check(a) {
            panic!("{}: listed {a:?} fails check: {e}", ctx());
        }
    }
}

/// Tries `action` on `g`, checking the properties; returns true when it was applied.
pub fn step(g: &mut Game, action: Action, ctx: &dyn Fn() -> String) -> bool {
    let before = *g;
    let listed = g.legal_actions().contains(&action);
    let checked = g.check(action);
    match g.apply(action) {
        Ok(_) => {
            assert_eq!(checked, Ok(()), "{}: {action:?} applied though check refused it", ctx());
            assert!(
                listed || matches!(action, Action::OfferTrade { .. } | Action::CounterTrade { .. }),
                "{}: {action:?} accepted but not listed",
                ctx()
            );
            check_position(g, &|| format!("{} after {action:?}", ctx()));
            true
        }
        Err(e) => {
            assert!(!listed, "{}: listed {action:?} refused: {e}", ctx());
            assert_eq!(checked.as_ref().err(), Some(&e), "{}: check and apply disagree on {action:?}", ctx());
            assert!(*g == before, "{}: refused {action:?} ({e}) changed the game", ctx());
            false
        }
    }
}

/// Decodes `data` into a game and its actions and checks every step.
pub fn run(data: &[u8]) {
    play(data);
}

/// [`run`], returning the game as it ends (`None` when the rules decoded can't be dealt).
pub fn play(data: &[u8]) -> Option<Game> {
    let mut b = Bytes::new(data);
    let seed = b.u64();
    let config = config(&mut b);
    let Ok(mut g) = Game::new(config, seed) else { return None };
    let mut n = 0usize;
    check_position(&g, &|| format!("seed {seed} {config:?} at the deal"));
    while !b.is_empty() && n < MAX_STEPS {
        let op = b.u8();
        match op % 8 {
            // Half the time a listed action: play goes on.
            0..=3 => {
                let legal = g.legal_actions();
                if !legal.is_empty() {
                    let a = legal[b.below(legal.len())];
                    let ctx = context(seed, config, n, &g);
                    assert!(step(&mut g, a, &ctx), "{}: listed {a:?} refused", ctx());
                }
                n += 1;
            }
            4 | 5 => {
                let a = raw_action(&mut b);
                let ctx = context(seed, config, n, &g);
                step(&mut g, a, &ctx);
                n += 1;
            }
            // A run of random listed actions: deep positions from short inputs.
            6 => {
                let mut rng = SplitMix64::new(seed ^ u64::from(b.u16()));
                for _ in 0..1 + b.below(128) {
                    let legal = g.legal_actions();
                    if legal.is_empty() || n >= MAX_STEPS {
                        break;
                    }
                    let a = legal[rng.below(legal.len())];
                    let ctx = context(seed, config, n, &g);
                    assert!(step(&mut g, a, &ctx), "{}: listed {a:?} refused", ctx());
                    n += 1;
                }
            }
            _ => {
                let a = near_trade(&g, &mut b);
                let ctx = context(seed, config, n, &g);
                step(&mut g, a, &ctx);
                n += 1;
            }
        }
    }
    Some(g)
}

/// Where a failure happened, written only when one does.
fn context(seed: u64, config: Config, n: usize, g: &Game) -> impl Fn() -> String + use<> {
    let (phase, turn) = (g.phase(), g.turn_number());
    move || format!("seed {seed} {config:?} step {n} ({phase:?}, turn {turn})")
}
