//! The game state: who holds what, where the pieces stand, and whose move it is.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::action::{Answer, Event, MAX_PLAYERS, RuleError, Seat, SeatSet};
use super::board::Board;
use super::board_code::BoardCode;
use super::cards::{Deck, DevCard, DevHand, Hand};
use super::config::{Config, ConfigError};
use super::coords::{Edge, Vertex};
use super::map::Topology;
use super::rng::GameRng;
use super::rules::{House, UnitTurn, Units, starting_bank, with_gold_hexes};
use super::sets::{IntersectionSet, PackedHexes, PathSet};

/// What the game waits for. The player who must act is [`Game::to_act`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
// An explicit tag byte: telling variants apart is one compare (a tag packed into a field's
// spare values took several instructions, and this is matched on every action).
#[repr(u8)]
pub enum Phase {
    /// Set-up placement (R11): `round` 0 or 1, `index`-th player of the round; `settlement` is
    /// the one just placed when that player's road is due.
    Setup { round: u8, index: u8, settlement: Option<Vertex> },
    /// The player whose turn it is must roll (or play a card first, R14).
    Roll,
    /// After the roll: trade, build, play a card or end the turn.
    Main,
    /// After a 7: cards each player still has to discard (R17).
    Discard { remaining: [u8; MAX_PLAYERS] },
    /// The robber must move (after a 7 or a knight).
    Robber,
    /// Free roads from a road building card still to place.
    RoadBuilding { left: u8 },
    /// The Special Building Phase after a turn (R40): `seat` may build and buy development
    /// cards, with no trade and no card play, then passes to the next player in turn order.
    SpecialBuilding { seat: Seat },
    /// No robber (R45): after a 7, `seat` takes a card for the building on `at`, `left`
    /// cards still from it.
    Plenty { seat: Seat, at: Vertex, left: u8 },
    /// A domestic trade offer is open (R21).
    Trade { give: Hand, get: Hand, answers: [Answer; MAX_PLAYERS] },
    /// The game has ended. `winner` won; `shared` holds the other players who share the win
    /// (R57's last round ends with the most points winning, ties sharing), empty otherwise and
    /// then left out of a save, so saves of single wins read and write as they always have.
    Over {
        winner: Seat,
        #[serde(default, skip_serializing_if = "nobody")]
        shared: SeatSet,
    },
}

/// One player's pieces, cards and army.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub(in crate::engine) hand: Hand,
    pub(in crate::engine) dev: DevHand,
    pub(in crate::engine) knights: u8,
    pub(in crate::engine) settlements: IntersectionSet,
    /// Cities and castles: a castle (R44) is a city with walls, so everything that asks where
    /// a player's buildings stand reads `settlements | cities`.
    pub(in crate::engine) cities: IntersectionSet,
    /// R44: which of `cities` are castles (empty without the `castles` module).
    #[serde(default, skip_serializing_if = "no_castles")]
    pub(in crate::engine) castles: IntersectionSet,
    pub(in crate::engine) roads: PathSet,
    pub(in crate::engine) road_length: u8,
    /// Harbors the player's buildings use, and their ships (R53): bit `r` for the 2:1 harbor
    /// of resource `r`, bit 5 for a 3:1 harbor. Derived from the buildings and ships; kept
    /// because trades ask for it often.
    #[serde(default)]
    pub(in crate::engine) harbors: u8,
}

fn nobody(seats: &SeatSet) -> bool {
    seats.is_empty()
}

fn no_castles(castles: &IntersectionSet) -> bool {
    castles.is_empty()
}

/// Facts about the turn in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub(in crate::engine) seat: Seat,
    pub(in crate::engine) number: u32,
    pub(in crate::engine) rolled: bool,
    pub(in crate::engine) dev_played: bool,
    pub(in crate::engine) built: bool,
    pub(in crate::engine) bought: DevHand,
    pub(in crate::engine) dice: Option<[u8; 2]>,
    /// Paired players (R40a): while the second player of a pair acts, the player who rolled
    /// (play goes on after them); `seat` is then the second player.
    #[serde(default)]
    pub(in crate::engine) paired: Option<Seat>,
    /// R52: what the acting player's units did this turn.
    #[serde(default, skip_serializing_if = "UnitTurn::is_empty")]
    pub(in crate::engine) units: UnitTurn,
}

/// Facts that follow from where the pieces stand, kept up to date as pieces are placed so that
/// move generation and checks read them instead of recomputing them. Not saved: rebuilt from the
/// pieces when a game is read ([`Game::refresh_pieces`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::engine) struct Pieces {
    /// Intersections with a building.
    pub(in crate::engine) buildings: IntersectionSet,
    /// Intersections with a building or next to one: no settlement goes there (R24).
    pub(in crate::engine) blocked: IntersectionSet,
    /// Paths with a road.
    pub(in crate::engine) roads: PathSet,
    /// Per seat: intersections at an end of the seat's roads.
    pub(in crate::engine) road_ends: [IntersectionSet; MAX_PLAYERS],
    /// Per seat: paths, taken or not, touching a corner the seat's network reaches, that is one
    /// of its buildings or a road end without an opponent's building (R26).
    pub(in crate::engine) frontier: [PathSet; MAX_PLAYERS],
    /// Per seat: hexes beside the seat's buildings (who the robber can rob there).
    pub(in crate::engine) hexes: [PackedHexes; MAX_PLAYERS],
}

/// A game in progress. Fixed-size and heap-free: it is `Copy`, so cloning is one memory copy
/// (bots that search clone positions millions of times).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "StoredGame")]
pub struct Game {
    pub(in crate::engine) config: Config,
    pub(in crate::engine) board: Board,
    pub(in crate::engine) players: [Player; MAX_PLAYERS],
    pub(in crate::engine) bank: Hand,
    pub(in crate::engine) deck: Deck,
    pub(in crate::engine) phase: Phase,
    pub(in crate::engine) turn: Turn,
    pub(in crate::engine) first: Seat,
    pub(in crate::engine) longest_road: Option<Seat>,
    pub(in crate::engine) largest_army: Option<Seat>,
    pub(in crate::engine) rng: GameRng,
    /// What the house-rule modules keep (R41-R50).
    #[serde(default, skip_serializing_if = "House::is_empty")]
    pub(in crate::engine) house: House,
    /// R52: the units on the board.
    #[serde(default, skip_serializing_if = "Units::is_empty")]
    pub(in crate::engine) units: Units,
    #[serde(skip)]
    pub(in crate::engine) pieces: Pieces,
}

/// A game as saved: every field but the derived [`Pieces`].
#[derive(Deserialize)]
struct StoredGame {
    config: Config,
    board: Board,
    players: [Player; MAX_PLAYERS],
    bank: Hand,
    deck: Deck,
    phase: Phase,
    turn: Turn,
    first: Seat,
    longest_road: Option<Seat>,
    largest_army: Option<Seat>,
    rng: GameRng,
    #[serde(default)]
    house: House,
    #[serde(default)]
    units: Units,
}

impl From<StoredGame> for Game {
    fn from(g: StoredGame) -> Game {
        let mut game = Game {
            config: g.config,
            board: g.board,
            players: g.players,
            bank: g.bank,
            deck: g.deck,
            phase: g.phase,
            turn: g.turn,
            first: g.first,
            longest_road: g.longest_road,
            largest_army: g.largest_army,
            rng: g.rng,
            house: g.house,
            units: g.units,
            pieces: Pieces::default(),
        };
        game.refresh_pieces();
        game
    }
}

impl Game {
    /// Deals a new game from a configuration and a seed.
    pub fn new(config: Config, seed: u64) -> Result<Game, ConfigError> {
        Game::new_with_events(config, seed).map(|(g, _)| g)
    }

    /// Deals a new game and reports the rolls for the starting player (R10).
    pub fn new_with_events(config: Config, seed: u64) -> Result<(Game, Vec<Event>), ConfigError> {
        config.validate()?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let gold = config.modules.has(super::config::Module::Gold);
        let terrain = if gold { with_gold_hexes } else { |_: &mut [_]| {} };
        let board = Board::deal(config.map, config.board, config.desert_center, terrain, &mut rng);
        // R52: the knight module plays without knight cards (`Config::with_modules` takes
        // them out; a configuration made by hand may not have).
        let mut counts = config.deck;
        if config.modules.has(super::config::Module::Knights) {
            counts[DevCard::Knight] = 0;
        }
        let mut deck = Deck::new(counts);
        deck.shuffle(&mut rng);
        let mut events = Vec::new();
        let mut contenders: Vec<Seat> = (0..config.players).map(Seat).collect();
        while contenders.len() > 1 {
            let rolls: Vec<(Seat, u8)> = contenders
                .iter()
                .map(|&seat| {
                    let dice = [rng.random_range(1..=6), rng.random_range(1..=6)];
                    events.push(Event::StartingRoll { seat, dice });
                    (seat, dice[0] + dice[1])
                })
                .collect();
            let best = rolls.iter().map(|r| r.1).max().unwrap_or(0);
            contenders = rolls.into_iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        }
        let first = contenders[0];
        events.push(Event::FirstPlayer { seat: first });
        let game = Game {
            config,
            board,
            players: [Player::default(); MAX_PLAYERS],
            bank: starting_bank(&config),
            deck,
            phase: Phase::Setup { round: 0, index: 0, settlement: None },
            turn: Turn { seat: first, ..Turn::default() },
            first,
            longest_road: None,
            largest_army: None,
            rng: GameRng::from(rng),
            house: House::default(),
            units: Units::default(),
            pieces: Pieces::default(),
        };
        Ok((game, events))
    }

    /// Deals a new game of `config` on the island of a board code (H7): the island is the
    /// code's, everything else (the deck, the dice, every steal) is dealt from `seed` as
    /// [`Game::new`] deals it. Fails when the code doesn't fit the rules
    /// ([`BoardCode::fits`]).
    pub fn new_on(config: Config, seed: u64, code: &BoardCode) -> Result<Game, ConfigError> {
        Game::new_on_with_events(config, seed, code).map(|(g, _)| g)
    }

    /// [`Game::new_on`] with the rolls for the starting player (R10).
    pub fn new_on_with_events(config: Config, seed: u64, code: &BoardCode) -> Result<(Game, Vec<Event>), ConfigError> {
        code.fits(&config).map_err(|e| ConfigError::Board(e.to_string()))?;
        let (mut game, events) = Game::new_with_events(config, seed)?;
        game.board = *code.board();
        Ok((game, events))
    }

    /// The rules this game is played with.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.config.players as usize
    }
    /// All seats in seat order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.config.players).map(Seat)
    }
    /// The island.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The island's geometry.
    pub fn topology(&self) -> &'static Topology {
        self.board.topology()
    }
    /// What the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Whose turn it is (during set-up: who is placing).
    pub fn current_player(&self) -> Seat {
        match self.phase {
            Phase::Setup { .. } => self.to_act(),
            _ => self.turn.seat,
        }
    }
    /// Paired players (R40a): while the second player of a pair plays the rest of the turn,
    /// the player who rolled; `None` otherwise.
    pub fn paired_with(&self) -> Option<Seat> {
        self.turn.paired
    }
    /// Turn number, counting from 1 after set-up (0 during set-up).
    pub fn turn_number(&self) -> u32 {
        self.turn.number
    }
    /// The dice of this turn's roll, if rolled.
    pub fn dice(&self) -> Option<[u8; 2]> {
        self.turn.dice
    }
    /// True once this turn's dice are rolled.
    pub fn has_rolled(&self) -> bool {
        self.turn.rolled
    }
    /// True once a development card was played this turn.
    pub fn dev_card_played(&self) -> bool {
        self.turn.dev_played
    }
    /// The player who started the game.
    pub fn first_player(&self) -> Seat {
        self.first
    }

    /// The player who must act now. This differs from [`Game::current_player`] while others
    /// discard or answer a trade offer.
    #[inline(always)]
    pub fn to_act(&self) -> Seat {
        match self.phase {
            Phase::Setup { .. } | Phase::Discard { .. } | Phase::Trade { .. } => self.seat_out_of_turn(),
            Phase::SpecialBuilding { seat } | Phase::Plenty { seat, .. } => seat,
            _ => self.turn.seat,
        }
    }

    /// [`Game::to_act`] in the phases where it isn't simply the player whose turn it is.
    #[inline(never)]
    fn seat_out_of_turn(&self) -> Seat {
        let n = self.config.players;
        match self.phase {
            Phase::Setup { round, index, .. } => {
                let i = if round == 0 { index } else { n - 1 - index };
                Seat((self.first.0 + i) % n)
            }
            Phase::Discard { remaining } => {
                self.in_turn_order().find(|s| remaining[s.index()] > 0).unwrap_or(self.turn.seat)
            }
            Phase::Trade { answers, .. } => {
                self.in_turn_order().find(|s| answers[s.index()] == Answer::Pending).unwrap_or(self.turn.seat)
            }
            _ => self.turn.seat,
        }
    }

    /// Seats in turn order starting from the player whose turn it is.
    pub(in crate::engine) fn in_turn_order(&self) -> impl Iterator<Item = Seat> + use<> {
        let (n, start) = (self.config.players, self.turn.seat.0);
        (start..start + n).map(move |i| Seat(if i >= n { i - n } else { i }))
    }

    /// The winner, once the game is over (with a shared win, the first of the winners in
    /// seat order).
    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over { winner, .. } => Some(winner),
            _ => None,
        }
    }
    /// Everyone who won, once the game is over: one seat, or several sharing the win (R57).
    pub fn winners(&self) -> SeatSet {
        match self.phase {
            Phase::Over { winner, shared } => shared.with(winner),
            _ => SeatSet::default(),
        }
    }
    /// True once someone has won.
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    /// A player's resource cards.
    pub(in crate::engine) fn hand(&self, s: Seat) -> Hand {
        self.players[s.index()].hand
    }
    /// A player's unplayed development cards (victory points included).
    pub(in crate::engine) fn dev_cards(&self, s: Seat) -> DevHand {
        self.players[s.index()].dev
    }
    /// Development cards the player whose turn it is bought this turn (not yet playable).
    pub(in crate::engine) fn bought_this_turn(&self) -> DevHand {
        self.turn.bought
    }
    /// Knights a player has played.
    pub fn knights_played(&self, s: Seat) -> u8 {
        self.players[s.index()].knights
    }
    /// The bank's cards.
    pub fn bank(&self) -> Hand {
        self.bank
    }
    /// Development cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }
    /// Holder of Longest Road.
    pub fn longest_road(&self) -> Option<Seat> {
        self.longest_road
    }
    /// Holder of Largest Army.
    pub fn largest_army(&self) -> Option<Seat> {
        self.largest_army
    }
    /// A player's longest trail of roads (R34).
    pub fn road_length(&self, s: Seat) -> u8 {
        self.players[s.index()].road_length
    }
    /// Intersections with a player's settlements.
    pub fn settlements(&self, s: Seat) -> impl Iterator<Item = Vertex> + use<> {
        self.players[s.index()].settlements.iter()
    }
    /// Intersections with a player's cities, castles included (a castle is a city with walls,
    /// R44).
    pub fn cities(&self, s: Seat) -> impl Iterator<Item = Vertex> + use<> {
        self.players[s.index()].cities.iter()
    }
    /// Intersections with a player's castles (R44), each also among [`Game::cities`].
    pub fn castles(&self, s: Seat) -> impl Iterator<Item = Vertex> + use<> {
        self.players[s.index()].castles.iter()
    }
    /// Paths with a player's roads.
    pub fn roads(&self, s: Seat) -> impl Iterator<Item = Edge> + use<> {
        self.players[s.index()].roads.iter()
    }
    /// Pieces a player still has in supply: (roads, settlements, cities). A castle's city piece
    /// went back to supply (R44).
    pub fn pieces_left(&self, s: Seat) -> (u32, u32, u32) {
        let p = &self.players[s.index()];
        let s = self.config.supply;
        let left = |supply: u8, used: u32| (supply as u32).saturating_sub(used);
        let cities = p.cities.len() - p.castles.len();
        (left(s.roads, p.roads.len()), left(s.settlements, p.settlements.len()), left(s.cities, cities))
    }
    /// R44: castle pieces a player still has in supply (none without the `castles` module).
    pub fn castles_left(&self, s: Seat) -> u32 {
        if !self.config.modules.has(super::config::Module::Castles) {
            return 0;
        }
        (self.config.supply.castles as u32).saturating_sub(self.players[s.index()].castles.len())
    }
    /// The building on an intersection: owner and its piece (settlement, city or castle).
    pub fn building(&self, v: Vertex) -> Option<(Seat, super::action::Piece)> {
        use super::action::Piece;
        let (s, city) = self.building_at(v)?;
        let piece = match city {
            false => Piece::Settlement,
            true if self.players[s.index()].castles.contains(v) => Piece::Castle,
            true => Piece::City,
        };
        Some((s, piece))
    }
    /// The building on an intersection: owner and whether it is a city or a castle (see
    /// [`Game::building`] to tell them apart).
    pub fn building_at(&self, v: Vertex) -> Option<(Seat, bool)> {
        self.seats().find_map(|s| {
            let p = &self.players[s.index()];
            if p.settlements.contains(v) {
                Some((s, false))
            } else if p.cities.contains(v) {
                Some((s, true))
            } else {
                None
            }
        })
    }
    /// The owner of the road on a path.
    pub fn road_at(&self, e: Edge) -> Option<Seat> {
        self.seats().find(|s| self.players[s.index()].roads.contains(e))
    }

    /// Points everyone can see: buildings and awards (H2). A castle is a city worth one more
    /// (3 points, R44).
    pub fn public_points(&self, s: Seat) -> u8 {
        let p = &self.players[s.index()];
        let awards = 2 * (self.longest_road == Some(s)) as u8 + 2 * (self.largest_army == Some(s)) as u8;
        p.settlements.len() as u8 + 2 * p.cities.len() as u8 + awards + self.house_points(s)
    }
    /// All points, hidden victory point cards included (R37).
    pub(in crate::engine) fn victory_points(&self, s: Seat) -> u8 {
        self.public_points(s) + self.players[s.index()].dev[DevCard::VictoryPoint]
    }

    /// Recomputes what is derived from the pieces (road lengths, harbors and [`Pieces`]).
    pub(in crate::engine) fn refresh_derived(&mut self) {
        self.refresh_pieces();
        for s in self.seats() {
            self.measure_road(s);
            let p = &self.players[s.index()];
            self.players[s.index()].harbors = self.harbors_of(p.settlements | p.cities) | self.ship_harbors(s);
        }
    }

    /// Rebuilds [`Pieces`] from the players' pieces.
    pub(in crate::engine) fn refresh_pieces(&mut self) {
        let topo = self.topology();
        let mut pieces = Pieces::default();
        for (i, p) in self.players.iter().enumerate() {
            pieces.buildings |= p.settlements | p.cities;
            pieces.roads |= p.roads;
            pieces.hexes[i].add((p.settlements | p.cities).union_of(|v| topo.vertex_hex_set(v)));
            pieces.road_ends[i] = p.roads.union_of(|e| IntersectionSet::from_iter(topo.edge_vertices(e)));
        }
        pieces.blocked = pieces.buildings | pieces.buildings.union_of(|v| topo.vertex_neighbor_set(v));
        self.pieces = pieces;
        for s in 0..MAX_PLAYERS {
            self.pieces.frontier[s] = self.frontier_of(Seat(s as u8));
        }
    }

    /// The paths touching a corner a seat's network reaches (see [`Pieces::frontier`]).
    pub(in crate::engine) fn frontier_of(&self, s: Seat) -> PathSet {
        let topo = self.topology();
        let p = &self.players[s.index()];
        let own = p.settlements | p.cities;
        let reach = own | (self.pieces.road_ends[s.index()] - self.pieces.buildings);
        reach.union_of(|v| topo.vertex_edge_set(v))
    }

    /// Every intersection with a building.
    #[inline]
    pub(in crate::engine) fn occupied_vertices(&self) -> IntersectionSet {
        self.pieces.buildings
    }
    /// Every path with a road.
    #[inline]
    pub(in crate::engine) fn occupied_edges(&self) -> PathSet {
        self.pieces.roads
    }

    /// Refuses anything once the game is over.
    pub(in crate::engine) fn ensure_running(&self) -> Result<(), RuleError> {
        if self.is_over() { Err(RuleError::GameOver) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::SplitMix64;
    use crate::engine::NoEvents;

    /// R57's shared win: one winner is saved as it always was, several read back as saved.
    #[test]
    fn r57_a_shared_win_is_saved_and_a_single_win_as_before() {
        let single = Phase::Over { winner: Seat(2), shared: SeatSet::default() };
        assert_eq!(serde_json::to_string(&single).unwrap(), r#"{"over":{"winner":2}}"#);
        assert_eq!(serde_json::from_str::<Phase>(r#"{"over":{"winner":2}}"#).unwrap(), single);
        let shared = Phase::Over { winner: Seat(0), shared: SeatSet::one(Seat(3)) };
        let json = serde_json::to_string(&shared).unwrap();
        assert_eq!(json, r#"{"over":{"winner":0,"shared":8}}"#, "a seat set, as a trade offer's");
        assert_eq!(serde_json::from_str::<Phase>(&json).unwrap(), shared);
        let mut g = Game::new(Config::with_players(4), 1).unwrap();
        assert!(g.winners().is_empty());
        g.phase = shared;
        assert_eq!((g.winner(), g.winners().iter().collect::<Vec<_>>()), (Some(Seat(0)), vec![Seat(0), Seat(3)]));
        assert_eq!(g.validate(), Ok(()));
        g.phase = Phase::Over { winner: Seat(0), shared: SeatSet::one(Seat(5)) };
        assert_eq!(g.validate(), Err("the winner player 6 isn't in the game".into()));
    }

    /// The facts kept up to date as pieces go down are those a rebuild from the pieces finds,
    /// at every moment of random games (a loaded game rebuilds them; a played one updates them).
    #[test]
    fn pieces_kept_up_to_date_equal_pieces_rebuilt() {
        let mut actions = Vec::new();
        for seed in 0..30 {
            let mut g = Game::new(Config::with_players(2 + (seed % 3) as u8), seed).unwrap();
            let mut rng = SplitMix64::new(seed);
            while !g.is_over() && g.turn_number() < 1000 {
                let mut rebuilt = g;
                rebuilt.refresh_pieces();
                assert_eq!(rebuilt.pieces, g.pieces, "seed {seed} turn {}", g.turn_number());
                g.legal_actions_into(&mut actions);
                g.apply_unchecked(actions[rng.below(actions.len())], &mut NoEvents);
            }
        }
    }
}
