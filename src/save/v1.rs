//! Reading saves of format version 1, whose `state` was the serde form of the engine's `Game`
//! of the time: fixed arrays padded to the largest game (6 players, 30 hexes, 11 harbors),
//! derived facts (road lengths, harbor access) stored, the map called `layout` at first.
//!
//! A version 1 state is turned into today's [`Snapshot`] here, once, and from then on loads as
//! a version 2 document does; saved again, it is written as version 2. These types are the
//! record of what version 1 was: they never change with the engine.

use serde::Deserialize;

use crate::engine::{
    Config, DevCard, DevHand, Edge, Game, Hand, HarborKind, Hex, MapId, Phase, PlayerSnapshot, RngSnapshot, Seat,
    Snapshot, Terrain, TurnSnapshot, Vertex,
};

use super::error::LoadProblem;

/// The `state` of a version 1 document.
#[derive(Deserialize)]
pub(super) struct StateV1 {
    config: Config,
    board: BoardV1,
    players: Vec<PlayerV1>,
    bank: Hand,
    deck: Vec<DevCard>,
    phase: Phase,
    turn: TurnSnapshot,
    first: Seat,
    longest_road: Option<Seat>,
    largest_army: Option<Seat>,
    rng: RngV1,
}

#[derive(Deserialize)]
struct BoardV1 {
    /// The first version 1 saves call it `layout`.
    #[serde(alias = "layout")]
    map: MapId,
    terrain: Vec<Terrain>,
    tokens: Vec<u8>,
    harbors: Vec<HarborKind>,
    robber: Hex,
}

#[derive(Deserialize)]
struct PlayerV1 {
    hand: Hand,
    dev: DevHand,
    knights: u8,
    settlements: Vec<Vertex>,
    cities: Vec<Vertex>,
    roads: Vec<Edge>,
    road_length: u8,
    /// Missing from the earliest version 1 saves.
    #[serde(default)]
    harbors: Option<u8>,
}

impl PlayerV1 {
    /// A seat past the game's players, as version 1 padded them.
    fn is_empty(&self) -> bool {
        self.hand.is_empty()
            && self.dev == DevHand::default()
            && self.knights == 0
            && self.settlements.is_empty()
            && self.cities.is_empty()
            && self.roads.is_empty()
            && self.road_length == 0
            && self.harbors.unwrap_or(0) == 0
    }
}

#[derive(Deserialize)]
struct RngV1 {
    seed: [u8; 32],
    stream: u64,
    word_pos: u128,
}

/// What version 1 stored that today's snapshot rebuilds: checked against the rebuilt game, so
/// a hand-edited road length is still refused.
pub(super) struct DerivedV1 {
    /// Per player: road length and harbor bits (bit `r` for the 2:1 harbor of resource `r`,
    /// bit 5 for a 3:1 harbor).
    players: Vec<(u8, Option<u8>)>,
}

impl StateV1 {
    /// Today's snapshot of the same position, without the padding (which must be empty).
    pub(super) fn into_snapshot(self) -> Result<(Snapshot, DerivedV1), LoadProblem> {
        let impossible = |m: String| LoadProblem::Impossible(m);
        let n = self.config.players as usize;
        for (i, p) in self.players.iter().enumerate().skip(n) {
            if !p.is_empty() {
                return Err(impossible(format!("seat {} holds cards or pieces but the game has {n} players", i + 1)));
            }
        }
        let topo = self.board.map.topology();
        let b = self.board;
        let hexes = topo.num_hexes();
        for h in hexes..b.terrain.len().max(b.tokens.len()) {
            let terrain = b.terrain.get(h).copied().unwrap_or(Terrain::Desert);
            let token = b.tokens.get(h).copied().unwrap_or(0);
            if (terrain, token) != (Terrain::Desert, 0) {
                return Err(impossible(format!("hex {h} is off the island but has terrain {}", terrain.name())));
            }
        }
        let spots = topo.harbor_spots().len();
        if b.harbors.iter().skip(spots).any(|&h| h != HarborKind::Generic) {
            return Err(impossible(format!("the board has harbors beyond the island's {spots} harbor spots")));
        }
        let word_pos = u64::try_from(self.rng.word_pos).map_err(|_| LoadProblem::BadField {
            field: "state.rng.word_pos".into(),
            message: "it is out of range".into(),
        })?;
        let mut players = self.players;
        players.truncate(n);
        let derived = DerivedV1 { players: players.iter().map(|p| (p.road_length, p.harbors)).collect() };
        let players = players
            .into_iter()
            .map(|p| PlayerSnapshot {
                hand: p.hand,
                dev: p.dev,
                knights: p.knights,
                settlements: p.settlements,
                cities: p.cities,
                castles: Vec::new(),
                roads: p.roads,
                units: Vec::new(),
                ships: Vec::new(),
            })
            .collect();
        let snapshot = Snapshot {
            rules: self.config,
            board: crate::engine::BoardSnapshot {
                map: b.map,
                terrain: b.terrain.into_iter().take(hexes).collect(),
                tokens: b.tokens.into_iter().take(hexes).collect(),
                harbors: b.harbors.into_iter().take(spots).collect(),
                robber: b.robber,
            },
            players,
            bank: self.bank,
            deck: self.deck,
            phase: self.phase,
            turn: self.turn,
            first: self.first,
            longest_road: self.longest_road,
            largest_army: self.largest_army,
            rng: RngSnapshot { seed: self.rng.seed, stream: self.rng.stream, word_pos },
            // Format 1 came before the house rules.
            house: Default::default(),
        };
        Ok((snapshot, derived))
    }
}

impl DerivedV1 {
    /// Checks the stored road lengths and harbors are those of the rebuilt game.
    pub(super) fn check(&self, game: &Game) -> Result<(), LoadProblem> {
        for (s, &(road_length, harbors)) in game.seats().zip(&self.players) {
            if road_length != game.road_length(s) {
                return Err(LoadProblem::Impossible(format!(
                    "{s}'s road length is {road_length}, but the roads give {}",
                    game.road_length(s)
                )));
            }
            let (generic, special) = game.harbor_access(s);
            if harbors.is_some_and(|h| h != special | (generic as u8) << 5) {
                return Err(LoadProblem::Impossible(format!("{s}'s harbors don't match the buildings")));
            }
        }
        Ok(())
    }
}
