//! A position as plain data: the stable form a game is saved in, apart from how [`Game`] keeps
//! itself in memory.
//!
//! [`Game`] is laid out for speed (fixed arrays sized for the largest game, bit sets, facts
//! derived from the pieces and kept up to date); a [`Snapshot`] holds only what a position *is*,
//! in the game's own words, with one entry per player and per hex of the island. Save files
//! (`src/save/`, docs/save-format.md) write snapshots, so the engine can change its insides
//! without changing the file format.
//!
//! As shakmaty turns a raw `Setup` into a `Position`, a snapshot (which may describe an
//! impossible position) becomes a [`Game`] only through [`Game::from_snapshot`], which checks it
//! against the rules ([`Game::validate`]) and rebuilds everything derived from the pieces.
//!
//! The snapshot is a file format's contract: a field the game comes to need is added here with
//! `#[serde(default)]` (so that saved snapshots still read), and renaming or removing one means a
//! new save version (docs/save-format.md, "Versions").
//!
//! ```
//! use catan::engine::{Config, Game};
//!
//! let game = Game::new(Config::default(), 7).unwrap();
//! let snapshot = game.snapshot();
//! assert_eq!(snapshot.players.len(), 4);
//! assert_eq!(snapshot.board.terrain.len(), 19);
//! assert_eq!(Game::from_snapshot(snapshot).unwrap(), game);
//! ```

use serde::{Deserialize, Serialize};

use super::action::{MAX_PLAYERS, Seat, UnitKind};
use super::board::Board;
use super::cards::{Deck, DevCard, DevHand, Hand, MAX_DECK};
use super::config::{Config, ConfigError};
use super::coords::{Edge, Hex, SeaHex, Vertex};
use super::game::{Game, Phase, Pieces, Player, Turn};
use super::map::MapId;
use super::rng::GameRng;
use super::rules::{House, UNITS, Unit, UnitTurn, Units};
use super::sets::{IntersectionSet, PathSet};
use super::terrain::{HarborKind, Terrain};

/// Everything a position is: a [`Game`] rebuilt from it with [`Game::from_snapshot`] plays on
/// exactly as the game it was taken from, future dice and draws included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The rules the game is played with (the map among them).
    pub rules: Config,
    /// The island as dealt, and where the robber stands.
    pub board: BoardSnapshot,
    /// Each player's cards and pieces, in seat order: one entry per player of `rules`.
    pub players: Vec<PlayerSnapshot>,
    /// The bank's resource cards.
    pub bank: Hand,
    /// The development cards left, bottom first: the last one is drawn next.
    pub deck: Vec<DevCard>,
    /// What the game waits for, in the engine's own [`Phase`] form (its per-seat arrays have
    /// [`MAX_PLAYERS`] entries; seats past the game's players are empty).
    pub phase: Phase,
    /// Facts about the turn in progress.
    pub turn: TurnSnapshot,
    /// The player who started the game (set-up order follows from it).
    pub first: Seat,
    /// The holder of Longest Road, if anyone holds it (R34).
    pub longest_road: Option<Seat>,
    /// The holder of Largest Army, if anyone holds it (R35).
    pub largest_army: Option<Seat>,
    /// The random number generator: every future roll, draw and steal follows from it.
    pub rng: RngSnapshot,
    /// What the house-rule modules keep (R41-R50); absent when they keep nothing, as in
    /// every save from before modules existed.
    #[serde(default, skip_serializing_if = "House::is_empty")]
    pub house: House,
}

/// The island: what was dealt where, and the robber.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardSnapshot {
    /// The map, by name (`"standard"`, `"five-six"`); it must be the map of the rules.
    pub map: MapId,
    /// The terrain of each land hex, in hex order: one entry per land hex of the map.
    pub terrain: Vec<Terrain>,
    /// The number token of each land hex (`0`: none, the desert), in hex order.
    pub tokens: Vec<u8>,
    /// The harbor at each of the map's harbor spots, in their order.
    pub harbors: Vec<HarborKind>,
    /// The hex the robber stands on.
    pub robber: Hex,
}

/// One player's cards and pieces. Road length and harbor access are not here: they follow
/// from the pieces and are rebuilt.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSnapshot {
    /// Resource cards held.
    pub hand: Hand,
    /// Development cards held and not played, victory points and cards bought this turn
    /// included.
    pub dev: DevHand,
    /// Knights played (R35).
    pub knights: u8,
    /// Intersections with the player's settlements, in increasing order.
    pub settlements: Vec<Vertex>,
    /// Intersections with the player's cities, in increasing order (castles not among them).
    pub cities: Vec<Vertex>,
    /// Intersections with the player's castles (R44), in increasing order; absent when there
    /// are none, as in every save from before castles existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub castles: Vec<Vertex>,
    /// Paths with the player's roads, in increasing order.
    pub roads: Vec<Edge>,
    /// R52: the player's knight units on the board, by slot; absent when there are none, as
    /// in every save from before units existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<UnitSnapshot>,
    /// R53: the player's ships on the board, by slot; absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<UnitSnapshot>,
}

/// One unit on the board (R52, R53): a knight unit on a land hex (`hex`) or aboard its
/// owner's cargo ship (`aboard`), or a ship on a sea hex (`sea`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSnapshot {
    /// The owner's slot (0 to 5) among their knight units or their ships: actions name a
    /// unit by it.
    pub slot: u8,
    /// Knight, archer or cavalry; ship, war ship or cargo ship.
    pub kind: UnitKind,
    /// The land hex a knight unit stands on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<Hex>,
    /// The slot of the owner's cargo ship a knight unit is aboard (R53).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aboard: Option<u8>,
    /// The sea hex a ship is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sea: Option<SeaHex>,
}

/// Facts about the turn in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnSnapshot {
    /// Whose turn it is (during set-up, the player whose turn play returns to).
    pub seat: Seat,
    /// The turn's number: 0 during set-up, then 1, 2, ...
    pub number: u32,
    /// The dice were rolled this turn.
    pub rolled: bool,
    /// A development card was played this turn (R30).
    pub dev_played: bool,
    /// Something was built or bought this turn (strict phases, R13).
    pub built: bool,
    /// Development cards bought this turn, not yet playable (R29).
    pub bought: DevHand,
    /// This turn's roll, once rolled.
    pub dice: Option<[u8; 2]>,
    /// Paired players (R40a): while the second player of the pair acts (then `seat`), the
    /// player who rolled. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired: Option<Seat>,
    /// R52: what the units of the player whose turn it is did this turn, one bit per slot
    /// for each kind of action; absent when none has acted.
    #[serde(default, skip_serializing_if = "UnitTurn::is_empty")]
    pub units: UnitTurn,
}

/// The ChaCha8 generator's state, in the form `rand_chacha` saves it in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RngSnapshot {
    /// The 32-byte key the stream was seeded with.
    pub seed: [u8; 32],
    /// The stream number.
    pub stream: u64,
    /// Position in the stream of the next 32-bit word to draw.
    pub word_pos: u64,
}

/// Why a snapshot is not a position the rules allow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// The rules themselves are impossible.
    #[error("its rules are impossible: {0}")]
    Rules(#[from] ConfigError),
    /// Not one entry per player of the rules.
    #[error("it has {found} players but its rules seat {expected}")]
    Players { found: usize, expected: u8 },
    /// The board is dealt on another map than the rules'.
    #[error("the board is the {board} map but the rules play on the {rules} map")]
    Map { board: &'static str, rules: &'static str },
    /// A list of the board is not as long as the island has parts.
    #[error("the board lists {found} {what}; the {map} map has {expected}")]
    BoardSize { what: &'static str, found: usize, expected: usize, map: &'static str },
    /// More development cards than any deck holds.
    #[error("the deck holds {0} cards, more than any game has ({MAX_DECK})")]
    Deck(usize),
    /// The dice stack (R47) holds a card no pair of dice gives.
    #[error("the dice stack {0:#x} holds cards no pair of dice gives")]
    DiceStack(u64),
    /// A piece on an intersection or path the island doesn't have.
    #[error("{seat} has a piece off the island")]
    OffIsland { seat: Seat },
    /// A unit in a slot past the sixth, or two units in one slot (R52).
    #[error("{seat} has a unit in slot {slot}: slots are 0 to 5, one unit each")]
    UnitSlot { seat: Seat, slot: u8 },
    /// A unit whose kind and place don't go together, or off the island (R52, R53).
    #[error("{seat}'s unit in slot {slot} has no place of its kind on the island")]
    UnitPlace { seat: Seat, slot: u8 },
    /// Two pieces on one intersection or path.
    #[error("two pieces stand on the same spot")]
    SameSpot,
    /// The set-up road is due beside an intersection the island doesn't have.
    #[error("the set-up road is due beside intersection {0}, which is not on the island")]
    SetupSettlement(u8),
    /// The position breaks one of the rules' invariants ([`Game::validate`]).
    #[error("{0}")]
    Invalid(String),
}

impl Game {
    /// The position as plain data (see [`Snapshot`]).
    pub fn snapshot(&self) -> Snapshot {
        let topo = self.topology();
        let hexes = topo.num_hexes();
        let b = &self.board;
        let board = BoardSnapshot {
            map: b.map(),
            terrain: topo.hexes().map(|h| b.terrain(h)).collect(),
            tokens: topo.hexes().map(|h| b.token(h).unwrap_or(0)).collect(),
            harbors: b.harbors().to_vec(),
            robber: b.robber(),
        };
        debug_assert_eq!(board.terrain.len(), hexes);
        let players = self.players[..self.num_players()]
            .iter()
            .zip(self.units.knights.iter().zip(&self.units.ships))
            .map(|(p, (units, ships))| PlayerSnapshot {
                hand: p.hand,
                dev: p.dev,
                knights: p.knights,
                settlements: p.settlements.iter().collect(),
                cities: (p.cities - p.castles).iter().collect(),
                castles: p.castles.iter().collect(),
                roads: p.roads.iter().collect(),
                units: (0..UNITS as u8)
                    .zip(units)
                    .filter_map(|(slot, u)| {
                        Some(UnitSnapshot { slot, kind: u.kind()?, hex: u.land(), aboard: u.aboard(), sea: None })
                    })
                    .collect(),
                ships: (0..UNITS as u8)
                    .zip(ships)
                    .filter_map(|(slot, u)| {
                        Some(UnitSnapshot { slot, kind: u.ship_kind()?, hex: None, aboard: None, sea: Some(u.sea()) })
                    })
                    .collect(),
            })
            .collect();
        let t = &self.turn;
        let (seed, stream, word_pos) = self.rng.parts();
        Snapshot {
            rules: self.config,
            board,
            players,
            bank: self.bank,
            deck: self.deck.cards().to_vec(),
            phase: self.phase,
            turn: TurnSnapshot {
                seat: t.seat,
                number: t.number,
                rolled: t.rolled,
                dev_played: t.dev_played,
                built: t.built,
                bought: t.bought,
                dice: t.dice,
                paired: t.paired,
                units: t.units,
            },
            first: self.first,
            longest_road: self.longest_road,
            largest_army: self.largest_army,
            rng: RngSnapshot { seed, stream, word_pos },
            house: self.house,
        }
    }

    /// The game a snapshot describes, if the rules allow it: the shape is checked (one entry
    /// per player, hex and harbor spot, pieces on the island), then the rules' invariants
    /// ([`Game::validate`]). What follows from the pieces (road lengths, harbor access, the
    /// engine's indexes) is rebuilt, not read. Never panics.
    pub fn from_snapshot(s: Snapshot) -> Result<Game, SnapshotError> {
        s.rules.validate()?;
        let n = s.rules.players as usize;
        if s.players.len() != n {
            return Err(SnapshotError::Players { found: s.players.len(), expected: s.rules.players });
        }
        let map = s.rules.map;
        if s.board.map != map {
            return Err(SnapshotError::Map { board: s.board.map.name(), rules: map.name() });
        }
        let topo = map.topology();
        let size = |what, found: usize, expected| {
            if found == expected {
                Ok(())
            } else {
                Err(SnapshotError::BoardSize { what, found, expected, map: map.name() })
            }
        };
        size("terrains", s.board.terrain.len(), topo.num_hexes())?;
        size("tokens", s.board.tokens.len(), topo.num_hexes())?;
        size("harbors", s.board.harbors.len(), topo.harbor_spots().len())?;
        let deck = Deck::from_cards(&s.deck).ok_or(SnapshotError::Deck(s.deck.len()))?;
        if let Phase::Setup { settlement: Some(v), .. } = s.phase
            && v.index() >= topo.num_vertices()
        {
            return Err(SnapshotError::SetupSettlement(v.0));
        }
        if !s.house.dice_stack.is_valid() {
            return Err(SnapshotError::DiceStack(s.house.dice_stack.0));
        }
        let mut players = [Player::default(); MAX_PLAYERS];
        let mut units = Units::default();
        for (i, (p, q)) in players.iter_mut().zip(&s.players).enumerate() {
            let seat = Seat(i as u8);
            let vertices = |list: &[Vertex]| {
                distinct(list.iter().map(|v| v.0), topo.num_vertices(), seat).map(|()| list.iter().copied().collect())
            };
            let edges = |list: &[Edge]| {
                distinct(list.iter().map(|e| e.0), topo.num_edges(), seat).map(|()| list.iter().copied().collect())
            };
            let vertices = |list: &[Vertex]| -> Result<IntersectionSet, SnapshotError> { vertices(list) };
            let edges = |list: &[Edge]| -> Result<PathSet, SnapshotError> { edges(list) };
            // In the game a castle is a city with walls (R44): listed once in the file, it
            // joins the cities here.
            let (cities, castles) = (vertices(&q.cities)?, vertices(&q.castles)?);
            if cities.intersects(castles) {
                return Err(SnapshotError::SameSpot);
            }
            for (u, ship) in q.units.iter().map(|u| (u, false)).chain(q.ships.iter().map(|u| (u, true))) {
                let list = if ship { &mut units.ships[i] } else { &mut units.knights[i] };
                let bad = SnapshotError::UnitSlot { seat, slot: u.slot };
                let slot = list.get_mut(u.slot as usize).ok_or(bad.clone())?;
                if !slot.is_empty() {
                    return Err(bad);
                }
                *slot = match (ship, u.kind.is_ship(), u.hex, u.aboard, u.sea) {
                    (false, false, Some(h), None, None) if h.index() < topo.num_hexes() => Unit::new(u.kind, h.0),
                    (false, false, None, Some(b), None) if (b as usize) < UNITS => Unit::aboard_ship(u.kind, b),
                    (true, true, None, None, Some(x)) if x.index() < topo.num_sea_hexes() => Unit::new(u.kind, x.0),
                    _ => return Err(SnapshotError::UnitPlace { seat, slot: u.slot }),
                };
            }
            *p = Player {
                hand: q.hand,
                dev: q.dev,
                knights: q.knights,
                settlements: vertices(&q.settlements)?,
                cities: cities | castles,
                castles,
                roads: edges(&q.roads)?,
                road_length: 0,
                harbors: 0,
            };
        }
        let b = &s.board;
        let t = s.turn;
        let rng = s.rng;
        let mut game = Game {
            config: s.rules,
            board: Board::from_parts(map, &b.terrain, &b.tokens, &b.harbors, b.robber),
            players,
            bank: s.bank,
            deck,
            phase: s.phase,
            turn: Turn {
                seat: t.seat,
                number: t.number,
                rolled: t.rolled,
                dev_played: t.dev_played,
                built: t.built,
                bought: t.bought,
                dice: t.dice,
                paired: t.paired,
                units: t.units,
            },
            first: s.first,
            longest_road: s.longest_road,
            largest_army: s.largest_army,
            rng: GameRng::from_parts(rng.seed, rng.stream, rng.word_pos),
            house: s.house,
            units,
            pieces: Pieces::default(),
        };
        game.refresh_derived();
        game.validate().map_err(SnapshotError::Invalid)?;
        Ok(game)
    }
}

/// Checks that `indices` are each below `limit` (at most 128) and named once.
fn distinct(indices: impl Iterator<Item = u8>, limit: usize, seat: Seat) -> Result<(), SnapshotError> {
    let mut seen = [false; 256];
    for i in indices {
        if i as usize >= limit {
            return Err(SnapshotError::OffIsland { seat });
        }
        if std::mem::replace(&mut seen[i as usize], true) {
            return Err(SnapshotError::SameSpot);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::SplitMix64;
    use crate::engine::NoEvents;

    /// Random games at every moment, on both islands: a snapshot rebuilds the same game (the
    /// derived facts included) and the rebuilt game takes the same snapshot.
    #[test]
    fn a_snapshot_rebuilds_the_game_it_was_taken_from() {
        let mut actions = Vec::new();
        for seed in 0..12u64 {
            let mut g = Game::new(Config::with_players(2 + (seed % 5) as u8), seed).unwrap();
            let mut rng = SplitMix64::new(seed);
            for step in 0..600 {
                if step % 7 == 0 {
                    let s = g.snapshot();
                    assert_eq!(s.players.len(), g.num_players());
                    assert_eq!(s.board.terrain.len(), g.topology().num_hexes());
                    let back = Game::from_snapshot(s.clone()).unwrap();
                    assert_eq!(back, g, "seed {seed} step {step}");
                    assert_eq!(back.pieces, g.pieces);
                    assert_eq!(back.snapshot(), s);
                }
                if g.is_over() {
                    break;
                }
                g.legal_actions_into(&mut actions);
                g.apply_unchecked(actions[rng.below(actions.len())], &mut NoEvents);
            }
        }
    }

    fn fresh() -> Snapshot {
        Game::new(Config::with_players(3), 1).unwrap().snapshot()
    }

    #[test]
    fn a_snapshot_of_the_wrong_shape_is_refused() {
        let mut s = fresh();
        s.players.push(PlayerSnapshot::default());
        assert_eq!(Game::from_snapshot(s).unwrap_err().to_string(), "it has 4 players but its rules seat 3");
        let mut s = fresh();
        s.board.terrain.pop();
        assert_eq!(
            Game::from_snapshot(s).unwrap_err().to_string(),
            "the board lists 18 terrains; the standard map has 19"
        );
        let mut s = fresh();
        s.board.map = MapId::FiveSix;
        assert_eq!(
            Game::from_snapshot(s).unwrap_err().to_string(),
            "the board is the five-six map but the rules play on the standard map"
        );
        let mut s = fresh();
        s.players[1].roads = vec![Edge(200)];
        assert_eq!(Game::from_snapshot(s).unwrap_err().to_string(), "player 2 has a piece off the island");
        let mut s = fresh();
        s.players[0].roads = vec![Edge(3), Edge(3)];
        assert_eq!(Game::from_snapshot(s).unwrap_err().to_string(), "two pieces stand on the same spot");
        let mut s = fresh();
        s.deck = vec![DevCard::Knight; 40];
        assert_eq!(
            Game::from_snapshot(s).unwrap_err().to_string(),
            "the deck holds 40 cards, more than any game has (34)"
        );
        let mut s = fresh();
        s.phase = Phase::Setup { round: 0, index: 0, settlement: Some(Vertex(250)) };
        assert_eq!(
            Game::from_snapshot(s).unwrap_err().to_string(),
            "the set-up road is due beside intersection 250, which is not on the island"
        );
        let mut s = fresh();
        s.bank[crate::engine::Resource::Ore] += 1;
        assert_eq!(
            Game::from_snapshot(s).unwrap_err().to_string(),
            "there are 20 ore cards in the game; there must be 19"
        );
    }
}
