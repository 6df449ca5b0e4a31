//! A seat's view on the wire: what the game sends a program when it must decide, in the
//! protocol's own shape (docs/protocol.md, "The view"), made from [`PlayerView`] alone and
//! holding nothing the seat can't see (H1, H2, H7): other hands only as counts, the
//! development deck only as its length, no seed, no generator, no dice to come.
//!
//! The public facts come from a game the view deals afresh on a fixed generator
//! ([`PlayerView::determinize`]): that game agrees with the real one on everything the seat may
//! see, and only those parts are written. [`WireView::rebuild`] goes the other way, for
//! `catan seat`: a complete game whose view for the seat is this one, the hidden parts dealt
//! in a fixed order, on which our own bots decide as they would on the real game.

use std::collections::BTreeMap;

use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use super::action::Cards;
use crate::engine::{
    Answer, AttackOrder, BoardSnapshot, Config, DevCard, DevHand, DiceStack, Edge, Game, HarborKind, Hex, House,
    MAX_PLAYERS, Phase, PlayerSnapshot, PlayerView, Resource, RngSnapshot, SeaHex, Seat, SeatSet, Snapshot, Terrain,
    TurnSnapshot, UnitKind, UnitSnapshot, UnitTurn, Vertex,
};

/// Development cards counted by name (`{"knight": 2, "victory-point": 1}`); names left out
/// count 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DevCards(pub BTreeMap<DevCard, u8>);

impl DevCards {
    fn of(dev: DevHand) -> DevCards {
        DevCards(DevCard::ALL.into_iter().filter(|&c| dev[c] > 0).map(|c| (c, dev[c])).collect())
    }
    fn hand(&self) -> DevHand {
        let mut dev = DevHand::default();
        for (&c, &n) in &self.0 {
            dev[c] = n;
        }
        dev
    }
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WirePhase {
    /// Set-up placement (R11): `round` 0 or 1; `settlement`, once placed, the intersection
    /// whose road is due.
    Setup {
        round: u8,
        index: u8,
        settlement: Option<u8>,
    },
    Roll,
    Main,
    /// After a 7 (R17): cards each seat still has to discard, in seat order.
    Discard {
        remaining: Vec<u8>,
    },
    Robber,
    RoadBuilding {
        left: u8,
    },
    /// R40: `seat` may build in the Special Building Phase.
    SpecialBuilding {
        seat: u8,
    },
    /// R45: `seat` takes a card for the building on `at`, `left` cards still from it.
    Plenty {
        seat: u8,
        at: u8,
        left: u8,
    },
    /// An open offer (R21), seen from the offerer's side, and each seat's answer so far.
    Trade {
        give: Cards,
        get: Cards,
        answers: Vec<WireAnswer>,
    },
    Over {
        winner: u8,
        shared: Vec<u8>,
    },
}

/// A seat's answer to the open offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WireAnswer {
    NotAsked,
    Pending,
    Accept,
    Decline,
    /// Other terms, from the offerer's side.
    Counter {
        give: Cards,
        get: Cards,
    },
}

/// The turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireTurn {
    /// Whose turn it is.
    pub seat: u8,
    /// 0 during set-up.
    pub number: u32,
    pub rolled: bool,
    /// A development card was played this turn (R30).
    pub dev_played: bool,
    /// Something was built or bought this turn (R13's strict phases).
    pub built: bool,
    pub dice: Option<[u8; 2]>,
    /// R40a: the first player of the pair, while the second acts.
    pub paired: Option<u8>,
    /// R52, R53: units (bit per slot; ships from bit 8) built, moved and attacked this turn.
    #[serde(default)]
    pub units_built: u16,
    #[serde(default)]
    pub units_moved: u16,
    #[serde(default)]
    pub units_attacked: u16,
}

/// The island as dealt, in the order of the `start` message's map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireBoard {
    /// Per land hex.
    pub terrain: Vec<Terrain>,
    /// Per land hex; 0 for none (a desert).
    pub tokens: Vec<u8>,
    /// Per harbor spot: the resource of a 2:1 harbor, or `null` for a 3:1 harbor.
    pub harbors: Vec<Option<Resource>>,
    pub robber: u8,
}

/// A knight unit or ship on the board (R52, R53).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireUnit {
    pub slot: u8,
    pub kind: UnitKind,
    /// A knight unit's land hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<u8>,
    /// The slot of the cargo ship a knight unit is aboard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aboard: Option<u8>,
    /// A ship's sea hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sea: Option<u8>,
}

/// One player as everyone sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WirePlayer {
    pub seat: u8,
    /// Points everyone can see (hidden victory point cards not counted).
    pub points: u8,
    pub resource_cards: u32,
    pub dev_cards: u32,
    pub bought_this_turn: u32,
    /// Knights played (R36).
    pub knights: u8,
    pub road_length: u8,
    pub settlements: Vec<u8>,
    /// Castles (R44) are listed here and in `castles`.
    pub cities: Vec<u8>,
    #[serde(default)]
    pub castles: Vec<u8>,
    pub roads: Vec<u8>,
    #[serde(default)]
    pub units: Vec<WireUnit>,
    #[serde(default)]
    pub ships: Vec<WireUnit>,
}

/// What only this seat sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireOwn {
    pub hand: Cards,
    pub dev_cards: DevCards,
    pub bought_this_turn: DevCards,
    /// Points, hidden victory point cards included.
    pub victory_points: u8,
}

/// What the house-rule modules keep (all public).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct WireHouse {
    /// R47: the cards left in the dice stack (their order is hidden); empty: a full stack is
    /// shuffled at the next roll.
    pub dice_stack: Vec<[u8; 2]>,
    pub metropolis: Option<u8>,
    pub harbor_master: Option<u8>,
    pub navy: Option<u8>,
    /// R43: gold produced since the dragon's last attack.
    pub dragon_gold: u8,
    /// R55: per seat, the islands (a bit each) of its set-up buildings, and those that
    /// earned it a Colonist point.
    pub home: Vec<u16>,
    pub colonist: Vec<u16>,
    /// R57: the attack round's order.
    pub attack_order: Vec<u8>,
}

/// One seat's view of the game, as the protocol sends it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireView {
    /// The seat this view belongs to.
    pub seat: u8,
    /// The seat that must act now.
    pub to_act: u8,
    pub phase: WirePhase,
    pub turn: WireTurn,
    /// The player who took the first turn.
    pub first: u8,
    pub board: WireBoard,
    pub bank: Cards,
    /// The resource cards the other players hold together, by kind (public: the rest of the
    /// supply is in the bank or this seat's hand); who holds which is hidden.
    pub others_hold: Cards,
    pub deck_left: u32,
    /// The development cards this seat has not seen: the deck and the others' hands together.
    pub unseen_dev_cards: DevCards,
    pub longest_road: Option<u8>,
    pub largest_army: Option<u8>,
    pub players: Vec<WirePlayer>,
    pub you: WireOwn,
    #[serde(default)]
    pub house: WireHouse,
}

fn seat_of(s: Option<Seat>) -> Option<u8> {
    s.map(|s| s.0)
}

fn seats(set: SeatSet) -> Vec<u8> {
    set.iter().map(|s| s.0).collect()
}

fn unit(u: &UnitSnapshot) -> WireUnit {
    WireUnit { slot: u.slot, kind: u.kind, hex: u.hex.map(|h| h.0), aboard: u.aboard, sea: u.sea.map(|s| s.0) }
}

fn unit_back(u: &WireUnit) -> UnitSnapshot {
    UnitSnapshot { slot: u.slot, kind: u.kind, hex: u.hex.map(Hex), aboard: u.aboard, sea: u.sea.map(SeaHex) }
}

fn phase(p: Phase, n: usize) -> WirePhase {
    match p {
        Phase::Setup { round, index, settlement } => {
            WirePhase::Setup { round, index, settlement: settlement.map(|v| v.0) }
        }
        Phase::Roll => WirePhase::Roll,
        Phase::Main => WirePhase::Main,
        Phase::Discard { remaining } => WirePhase::Discard { remaining: remaining[..n].to_vec() },
        Phase::Robber => WirePhase::Robber,
        Phase::RoadBuilding { left } => WirePhase::RoadBuilding { left },
        Phase::SpecialBuilding { seat } => WirePhase::SpecialBuilding { seat: seat.0 },
        Phase::Plenty { seat, at, left } => WirePhase::Plenty { seat: seat.0, at: at.0, left },
        Phase::Trade { give, get, answers } => WirePhase::Trade {
            give: Cards::of(give),
            get: Cards::of(get),
            answers: answers[..n]
                .iter()
                .map(|a| match *a {
                    Answer::NotAsked => WireAnswer::NotAsked,
                    Answer::Pending => WireAnswer::Pending,
                    Answer::Accept => WireAnswer::Accept,
                    Answer::Decline => WireAnswer::Decline,
                    Answer::Counter { give, get } => WireAnswer::Counter { give: Cards::of(give), get: Cards::of(get) },
                })
                .collect(),
        },
        Phase::Over { winner, shared } => WirePhase::Over { winner: winner.0, shared: seats(shared) },
    }
}

fn phase_back(p: &WirePhase) -> Phase {
    let per_seat = |list: &[u8]| {
        let mut out = [0u8; MAX_PLAYERS];
        for (o, &x) in out.iter_mut().zip(list) {
            *o = x;
        }
        out
    };
    match *p {
        WirePhase::Setup { round, index, settlement } => {
            Phase::Setup { round, index, settlement: settlement.map(Vertex) }
        }
        WirePhase::Roll => Phase::Roll,
        WirePhase::Main => Phase::Main,
        WirePhase::Discard { ref remaining } => Phase::Discard { remaining: per_seat(remaining) },
        WirePhase::Robber => Phase::Robber,
        WirePhase::RoadBuilding { left } => Phase::RoadBuilding { left },
        WirePhase::SpecialBuilding { seat } => Phase::SpecialBuilding { seat: Seat(seat) },
        WirePhase::Plenty { seat, at, left } => Phase::Plenty { seat: Seat(seat), at: Vertex(at), left },
        WirePhase::Trade { ref give, ref get, ref answers } => {
            let mut back = [Answer::NotAsked; MAX_PLAYERS];
            for (b, a) in back.iter_mut().zip(answers) {
                *b = match a {
                    WireAnswer::NotAsked => Answer::NotAsked,
                    WireAnswer::Pending => Answer::Pending,
                    WireAnswer::Accept => Answer::Accept,
                    WireAnswer::Decline => Answer::Decline,
                    WireAnswer::Counter { give, get } => Answer::Counter { give: give.hand(), get: get.hand() },
                };
            }
            Phase::Trade { give: give.hand(), get: get.hand(), answers: back }
        }
        WirePhase::Over { winner, ref shared } => Phase::Over {
            winner: Seat(winner),
            shared: shared.iter().fold(SeatSet::default(), |set, &s| set.with(Seat(s))),
        },
    }
}

impl WireView {
    /// The wire form of a seat's view.
    pub fn of(view: &PlayerView<'_>) -> WireView {
        // Any fixed generator: only what the seat may see is read from this game, and that is
        // the real game's (the determinized game agrees with it there).
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let s = view.determinize(&mut rng).snapshot();
        let me = view.seat();
        let n = view.num_players();
        let mut others = crate::engine::Hand::EMPTY;
        for (i, p) in s.players.iter().enumerate() {
            if i != me.index() {
                others.add(&p.hand);
            }
        }
        let gold = view.config().modules.has(crate::engine::Module::Gold);
        let players = view
            .players()
            .zip(&s.players)
            .map(|(p, q)| WirePlayer {
                seat: p.seat.0,
                points: p.points,
                resource_cards: p.resource_cards,
                dev_cards: p.dev_cards,
                bought_this_turn: p.bought_this_turn,
                knights: q.knights,
                road_length: p.road_length,
                settlements: q.settlements.iter().map(|v| v.0).collect(),
                cities: q.cities.iter().chain(&q.castles).map(|v| v.0).collect(),
                castles: q.castles.iter().map(|v| v.0).collect(),
                roads: q.roads.iter().map(|e| e.0).collect(),
                units: q.units.iter().map(unit).collect(),
                ships: q.ships.iter().map(unit).collect(),
            })
            .collect();
        let h = &s.house;
        let dice_stack = if h.dice_stack.0 == 0 {
            Vec::new()
        } else {
            (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| [a, b])).filter(|&d| h.dice_stack.holds(d)).collect()
        };
        let t = &s.turn;
        WireView {
            seat: me.0,
            to_act: view.to_act().0,
            phase: phase(s.phase, n),
            turn: WireTurn {
                seat: t.seat.0,
                number: t.number,
                rolled: t.rolled,
                dev_played: t.dev_played,
                built: t.built,
                dice: t.dice,
                paired: seat_of(t.paired),
                units_built: t.units.built,
                units_moved: t.units.moved,
                units_attacked: t.units.attacked,
            },
            first: s.first.0,
            board: WireBoard {
                terrain: s.board.terrain.clone(),
                tokens: s.board.tokens.clone(),
                harbors: s
                    .board
                    .harbors
                    .iter()
                    .map(|k| match k {
                        HarborKind::Generic => None,
                        HarborKind::Special(r) => Some(*r),
                    })
                    .collect(),
                robber: s.board.robber.0,
            },
            bank: Cards::all(s.bank, gold),
            others_hold: Cards::all(others, gold),
            deck_left: s.deck.len() as u32,
            unseen_dev_cards: DevCards::of(view.unseen_dev_cards()),
            longest_road: seat_of(s.longest_road),
            largest_army: seat_of(s.largest_army),
            players,
            you: WireOwn {
                hand: Cards::all(view.hand(), gold),
                dev_cards: DevCards::of(view.dev_cards()),
                bought_this_turn: DevCards::of(view.bought_this_turn()),
                victory_points: view.victory_points(),
            },
            house: WireHouse {
                dice_stack,
                metropolis: seat_of(h.metropolis),
                harbor_master: seat_of(h.harbor_master),
                navy: seat_of(h.navy),
                dragon_gold: h.dragon_gold,
                home: h.home[..n].to_vec(),
                colonist: h.colonist[..n].to_vec(),
                attack_order: (0..n as u32).map_while(|k| h.attack_order.seat(k)).map(|s| s.0).collect(),
            },
        }
    }

    /// A complete game of `rules` whose view for this seat is this view: what the seat can't
    /// see is dealt in a fixed order (the others' cards in seat order, victory point cards
    /// last; the deck; a generator of zeros), so the same view always gives the same game.
    /// `catan seat` runs its bot on it. An impossible view (one no game gives) is refused
    /// with the reason.
    pub fn rebuild(&self, rules: Config) -> Result<Game, String> {
        let n = rules.players as usize;
        if self.players.len() != n || usize::from(self.seat) >= n {
            return Err(format!("the view lists {} players; the rules seat {n}", self.players.len()));
        }
        let me = usize::from(self.seat);
        let phase = phase_back(&self.phase);
        // Cards the open offer shows (the offerer's side, each counter's own side) come first.
        let mut shown = vec![crate::engine::Hand::EMPTY; n];
        if let WirePhase::Trade { give, answers, .. } = &self.phase {
            shown[usize::from(self.turn.seat).min(n - 1)] = give.hand();
            for (i, a) in answers.iter().enumerate().take(n) {
                if let WireAnswer::Counter { get, .. } = a {
                    shown[i] = get.hand();
                }
            }
        }
        let mut pool = self.others_hold.hand();
        let mut hands = vec![crate::engine::Hand::EMPTY; n];
        for i in (0..n).filter(|&i| i != me) {
            let mut hand = crate::engine::Hand::EMPTY;
            for r in Resource::CARDS {
                let take = shown[i][r].min(pool[r]);
                hand[r] = take;
                pool[r] -= take;
            }
            let mut room = self.players[i].resource_cards.saturating_sub(hand.total());
            for r in Resource::CARDS {
                let take = u32::from(pool[r]).min(room) as u8;
                hand[r] += take;
                pool[r] -= take;
                room -= u32::from(take);
            }
            hands[i] = hand;
        }
        hands[me] = self.you.hand.hand();
        // Development cards: victory points last, so no one is dealt a win they don't have.
        const ORDER: [DevCard; 5] =
            [DevCard::Knight, DevCard::RoadBuilding, DevCard::YearOfPlenty, DevCard::Monopoly, DevCard::VictoryPoint];
        let mut unseen = self.unseen_dev_cards.hand();
        let mut devs = vec![DevHand::default(); n];
        for (i, dev) in devs.iter_mut().enumerate().filter(|&(i, _)| i != me) {
            for _ in 0..self.players[i].dev_cards {
                let Some(c) = ORDER.into_iter().find(|&c| unseen[c] > 0) else { break };
                unseen[c] -= 1;
                dev[c] += 1;
            }
        }
        devs[me] = self.you.dev_cards.hand();
        let deck: Vec<DevCard> =
            ORDER.into_iter().rev().flat_map(|c| std::iter::repeat_n(c, usize::from(unseen[c]))).collect();
        let mover = usize::from(self.turn.seat);
        let bought = if mover == me {
            self.you.bought_this_turn.hand()
        } else {
            let mut bought = DevHand::default();
            let mut left = self.players.get(mover).map_or(0, |p| p.bought_this_turn);
            for c in ORDER {
                let take = u32::from(devs.get(mover).map_or(0, |d| d[c])).min(left);
                bought[c] = take as u8;
                left -= take;
            }
            bought
        };
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let castles: Vec<Vertex> = p.castles.iter().map(|&v| Vertex(v)).collect();
                PlayerSnapshot {
                    hand: hands[i],
                    dev: devs[i],
                    knights: p.knights,
                    settlements: p.settlements.iter().map(|&v| Vertex(v)).collect(),
                    cities: p.cities.iter().map(|&v| Vertex(v)).filter(|v| !castles.contains(v)).collect(),
                    castles,
                    roads: p.roads.iter().map(|&e| Edge(e)).collect(),
                    units: p.units.iter().map(unit_back).collect(),
                    ships: p.ships.iter().map(unit_back).collect(),
                }
            })
            .collect();
        let per_seat = |list: &[u16]| {
            let mut out = [0u16; MAX_PLAYERS];
            for (o, &x) in out.iter_mut().zip(list) {
                *o = x;
            }
            out
        };
        let h = &self.house;
        let bad_dice = h.dice_stack.iter().any(|d| !(1..=6).contains(&d[0]) || !(1..=6).contains(&d[1]));
        if bad_dice || h.attack_order.len() > MAX_PLAYERS {
            return Err("the view's house rules hold impossible values".into());
        }
        let stack = h.dice_stack.iter().fold(0u64, |bits, d| bits | 1 << (6 * (d[0] - 1) + (d[1] - 1)));
        let order: Vec<Seat> = h.attack_order.iter().map(|&s| Seat(s)).collect();
        let house = House {
            dice_stack: DiceStack(stack),
            metropolis: h.metropolis.map(Seat),
            harbor_master: h.harbor_master.map(Seat),
            dragon_gold: h.dragon_gold,
            navy: h.navy.map(Seat),
            home: per_seat(&h.home),
            colonist: per_seat(&h.colonist),
            attack_order: AttackOrder::of(&order),
        };
        let t = &self.turn;
        let snapshot = Snapshot {
            rules,
            board: BoardSnapshot {
                map: rules.map,
                terrain: self.board.terrain.clone(),
                tokens: self.board.tokens.clone(),
                harbors: self
                    .board
                    .harbors
                    .iter()
                    .map(|r| r.map_or(HarborKind::Generic, HarborKind::Special))
                    .collect(),
                robber: Hex(self.board.robber),
            },
            players,
            bank: self.bank.hand(),
            deck,
            phase,
            turn: TurnSnapshot {
                seat: Seat(t.seat),
                number: t.number,
                rolled: t.rolled,
                dev_played: t.dev_played,
                built: t.built,
                bought,
                dice: t.dice,
                paired: t.paired.map(Seat),
                units: UnitTurn { built: t.units_built, moved: t.units_moved, attacked: t.units_attacked },
            },
            first: Seat(self.first),
            longest_road: self.longest_road.map(Seat),
            largest_army: self.largest_army.map(Seat),
            rng: RngSnapshot { seed: [0; 32], stream: 0, word_pos: 0 },
            house,
        };
        Game::from_snapshot(snapshot).map_err(|e| e.to_string())
    }
}
