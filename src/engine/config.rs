//! The rules of a game: one `Copy` value fixed when the game starts and saved with it. It holds
//! everything that differs between tables: the player count, the map, the bank, the deck, costs
//! and piece supply, the target, every option of RULES.md, and the house-rule modules. No other
//! place in the engine hard-codes a number of players, cards or pieces.

use serde::{Deserialize, Serialize};

pub use super::board::BoardKind;
use super::cards::{DevCard, DevHand, Hand};
use super::map::MapId;
pub use super::module::{Module, Modules};

/// How the bank pays when it runs short of a resource (R16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Shortage {
    /// No one gets the resource, unless only one player is owed it: they get what is left.
    #[default]
    Official,
    /// No one gets the resource.
    NoneAtAll,
    /// Pay in turn order from the roller until the bank is empty.
    TurnOrder,
}

/// How turns run (R40, R40a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TurnStyle {
    /// One player's turn after another (the base game).
    #[default]
    Plain,
    /// After each turn, every other player in turn order may build and buy (R40): the
    /// default of the 5-6 player game.
    SpecialBuilding,
    /// Each turn is shared by a player and the third player after them (R40a).
    Paired,
}

/// What each piece costs (R23; the seed's own costs, R48).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Costs {
    pub road: Hand,
    pub settlement: Hand,
    pub city: Hand,
    pub development: Hand,
    /// R44: a castle, one of each resource with or without the seed's costs (R48 gives the
    /// same). Saves from before castles have none, and saves write it only when it differs.
    #[serde(default = "castle_cost", skip_serializing_if = "is_castle_cost")]
    pub castle: Hand,
}

fn castle_cost() -> Hand {
    Hand::CASTLE
}

fn is_castle_cost(h: &Hand) -> bool {
    *h == Hand::CASTLE
}

impl Costs {
    /// The base game's costs.
    pub const BASE: Costs = Costs {
        road: Hand::ROAD,
        settlement: Hand::SETTLEMENT,
        city: Hand::CITY,
        development: Hand::DEVELOPMENT,
        castle: Hand::CASTLE,
    };
    /// The seed's own cost table (R48): a settlement without wool, a city of 2 ore and 2 grain;
    /// roads and development cards as in the base game.
    pub const SEED: Costs = Costs {
        road: Hand::ROAD,
        settlement: Hand::new([1, 1, 0, 1, 0]),
        city: Hand::new([0, 0, 0, 2, 2]),
        development: Hand::DEVELOPMENT,
        castle: Hand::CASTLE,
    };
}

impl Default for Costs {
    fn default() -> Costs {
        Costs::BASE
    }
}

/// Pieces each player has (R5; castles R44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Supply {
    pub roads: u8,
    pub settlements: u8,
    pub cities: u8,
    /// R44: castles, played only with the `castles` module. Saves from before castles have
    /// none, and saves write it only when it differs from 4.
    #[serde(default = "castles_supply", skip_serializing_if = "is_castles_supply")]
    pub castles: u8,
}

fn castles_supply() -> u8 {
    Supply::BASE.castles
}

fn is_castles_supply(n: &u8) -> bool {
    *n == Supply::BASE.castles
}

impl Supply {
    /// The base game's 15 roads, 5 settlements and 4 cities, and the seed's 4 castles (R44).
    pub const BASE: Supply = Supply { roads: 15, settlements: 5, cities: 4, castles: 4 };
}

impl Default for Supply {
    fn default() -> Supply {
        Supply::BASE
    }
}

/// Everything that is fixed when a game starts. Stored in save files; a field missing from an
/// older save takes its base-game value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Number of players, 2 to 6 (2 is a house option; 5 and 6 play on the 5-6 island, R40).
    pub players: u8,
    /// The island (saves of format 1 have none: the base island).
    pub map: MapId,
    /// How the board is dealt (R6, R7, R8).
    pub board: BoardKind,
    /// The desert sits in the middle (R8).
    pub desert_center: bool,
    /// All trading must come before any building in a turn (R13). Buying a development card and
    /// placing free roads count as building; playing a card doesn't.
    pub strict_phases: bool,
    /// Bank shortage rule (R16).
    pub shortage: Shortage,
    /// A 7 makes players holding more than this many cards discard half (R17).
    pub discard_limit: u8,
    /// Points needed to win (R37).
    pub target: u8,
    /// The robber spares players with fewer than 3 public points (R39). Read literally: a mover
    /// with fewer than 3 points can't place it beside their own buildings either.
    pub friendly_robber: bool,
    /// How turns run: plainly, with the Special Building Phase, or paired (R40, R40a).
    pub turns: TurnStyle,
    /// Cards of each resource in the bank at the start (R4: 19; R40: 24).
    pub bank: u8,
    /// The development deck (R28: 25 cards; R40: 34).
    pub deck: DevHand,
    /// What pieces and development cards cost.
    pub costs: Costs,
    /// Pieces each player has.
    pub supply: Supply,
    /// House-rule modules switched on.
    pub modules: Modules,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            players: 4,
            map: MapId::Standard,
            board: BoardKind::Variable,
            desert_center: false,
            strict_phases: false,
            shortage: Shortage::Official,
            discard_limit: 7,
            target: 10,
            friendly_robber: false,
            turns: TurnStyle::Plain,
            bank: 19,
            deck: DevHand::BASE_DECK,
            costs: Costs::BASE,
            supply: Supply::BASE,
            modules: Modules::NONE,
        }
    }
}

/// Why a configuration can't start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{0} player{s}: the game seats 2 to 6", s = if *.0 == 1 { "" } else { "s" })]
    Players(usize),
    #[error("{players} players on the {map} map: it is made for {lo} to {hi}")]
    PlayersOnMap { players: u8, map: &'static str, lo: u8, hi: u8 },
    #[error("a target of {0} points: no game gives more than {1}, so choose 3 to {1}")]
    Target(u8, u8),
    #[error("a discard limit of {0}: choose 2 or more")]
    DiscardLimit(u8),
    #[error("the {0} map has no beginner layout")]
    NoBeginner(&'static str),
    #[error("the {0} map has no single centre hex for the desert")]
    NoCentre(&'static str),
    #[error("paired players (R40a) is a rule for 5 or 6 players")]
    Paired,
    #[error("a bank of {0} cards of each resource: choose 1 to 99")]
    Bank(u8),
    #[error("a development deck of {0} cards: choose 1 to {max}", max = super::cards::MAX_DECK)]
    Deck(u32),
    #[error("{0} settlements, {1} cities and {2} roads per player: choose 2 to 9, 0 to 9 and 2 to 30")]
    Supply(u8, u8, u8),
    #[error("{0} castles per player: choose 0 to 9")]
    Castles(u8),
    #[error("the house rule {0} isn't playable in this version")]
    Modules(&'static str),
    /// A module played without any of the modules its row needs ([`ModuleRow::needs`]); the
    /// message is its row's.
    ///
    /// [`ModuleRow::needs`]: super::ModuleRow::needs
    #[error("{}", .0.row().refused)]
    Needs(Module),
    /// A module played on a map where it doesn't count ([`ModuleRow::counts_on`]), with the
    /// maps where it does.
    ///
    /// [`ModuleRow::counts_on`]: super::ModuleRow::counts_on
    #[error("{} the {map} map doesn't have: play it on the {maps} map", .module.row().off_map)]
    OffMap { module: Module, map: &'static str, maps: String },
    #[error("accelerated start (R41) places a city in set-up: give each player at least 1 city")]
    StartWithoutCity,
    /// A board code the rules can't deal on (H7), with the reason in words.
    #[error("{0}")]
    Board(String),
}

/// The maps where `module` counts, by name ("archipelago", or "a or b").
fn maps_for(module: Module) -> String {
    let counts = module.row().counts_on.unwrap_or(|_| true);
    let names: Vec<&str> = MapId::ALL.iter().filter(|m| counts(m.topology())).map(|m| m.name()).collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => "no".to_string(),
    }
}

/// `modules` with what their rows need: each module that has none of its needs brings the
/// first (R43's dragon brings gold, R55's colonist ships, R57's phases attacks, R56's attacks
/// knights), until nothing more is brought.
fn with_needs(modules: Modules) -> Modules {
    let mut modules = modules;
    loop {
        let missing = modules
            .iter()
            .map(Module::row)
            .find(|row| !row.needs.is_empty() && !row.needs.iter().any(|&n| modules.has(n)));
        match missing.and_then(|row| row.needs.first()) {
            Some(&need) => modules = modules.with(need),
            None => return modules,
        }
    }
}

impl Config {
    /// The default rules for `players` players: 5 and 6 play on the 5-6 island with its bank
    /// and deck and the Special Building Phase (R40).
    pub fn with_players(players: u8) -> Config {
        let map = MapId::for_players(players);
        let mut config = Config::on_map(map);
        config.players = players;
        if players >= 5 {
            config.turns = TurnStyle::SpecialBuilding;
        }
        config
    }

    /// The default rules on a map: its bank and deck.
    pub fn on_map(map: MapId) -> Config {
        let topo = map.topology();
        Config { map, bank: topo.bank(), deck: topo.deck(), ..Config::default() }
    }

    /// The most points a game can give one player: every settlement, city and castle (R44)
    /// piece on the island, every award and every victory point card (22 in the base game). A
    /// higher target could never be reached.
    pub fn max_points(&self) -> u8 {
        let s = self.supply;
        let castles = if self.modules.has(Module::Castles) { 3 * s.castles as u32 } else { 0 };
        let pieces = s.settlements as u32 + 2 * s.cities as u32 + castles;
        let house =
            [Module::Metropolis, Module::HarborMaster, Module::Ships].iter().filter(|&&m| self.modules.has(m)).count()
                as u32;
        let islands = self.map.topology().colonist_islands().len() as u32;
        let colonist = if self.modules.has(Module::Colonist) { islands } else { 0 };
        (pieces + 2 + 2 + 2 * house + colonist + self.deck[DevCard::VictoryPoint] as u32).min(u8::MAX as u32) as u8
    }

    /// The most points the base game can give (see [`Config::max_points`]).
    pub const MAX_POINTS: u8 = 22;

    /// These rules with `modules` switched on, and what they change in the rest of the rules
    /// (R48: the seed's costs; each module brings what its row needs, as R43's dragon the gold
    /// of R42; R52: the deck loses its knight cards).
    pub fn with_modules(self, modules: Modules) -> Config {
        let costs = if modules.has(Module::SeedCosts) { Costs::SEED } else { self.costs };
        let modules = with_needs(modules);
        let mut deck = self.deck;
        if modules.has(Module::Knights) {
            deck[DevCard::Knight] = 0;
        }
        Config { modules, costs, deck, ..self }
    }

    /// Checks the values are ones the rules allow.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(2..=6).contains(&self.players) {
            return Err(ConfigError::Players(self.players.into()));
        }
        let topo = self.map.topology();
        let (lo, hi) = topo.players();
        // Two players is a house option on any map made for three or more (R40's island aside).
        let lowest = if lo <= 3 { 2 } else { lo };
        if !(lowest..=hi).contains(&self.players) {
            return Err(ConfigError::PlayersOnMap { players: self.players, map: self.map.name(), lo: lowest, hi });
        }
        if !(3..=self.max_points()).contains(&self.target) {
            return Err(ConfigError::Target(self.target, self.max_points()));
        }
        if self.discard_limit < 2 {
            return Err(ConfigError::DiscardLimit(self.discard_limit));
        }
        if self.board == BoardKind::Beginner && !topo.has_beginner_layout() {
            return Err(ConfigError::NoBeginner(self.map.name()));
        }
        if self.desert_center && topo.centre().is_none() {
            return Err(ConfigError::NoCentre(self.map.name()));
        }
        if self.turns == TurnStyle::Paired && self.players < 5 {
            return Err(ConfigError::Paired);
        }
        if !(1..=99).contains(&self.bank) {
            return Err(ConfigError::Bank(self.bank));
        }
        let cards = self.deck.total();
        if cards == 0 || cards as usize > super::cards::MAX_DECK {
            return Err(ConfigError::Deck(cards));
        }
        let s = self.supply;
        if !(2..=9).contains(&s.settlements) || s.cities > 9 || !(2..=30).contains(&s.roads) {
            return Err(ConfigError::Supply(s.settlements, s.cities, s.roads));
        }
        if s.castles > 9 {
            return Err(ConfigError::Castles(s.castles));
        }
        if let Some(m) = Modules(self.modules.0 & !Modules::PLAYABLE.0).iter().next() {
            return Err(ConfigError::Modules(m.name()));
        }
        if self.modules.0 >> Module::ALL.len() != 0 {
            return Err(ConfigError::Modules("of an unknown number"));
        }
        for m in self.modules.iter() {
            let row = m.row();
            if !row.needs.is_empty() && !row.needs.iter().any(|&n| self.modules.has(n)) {
                return Err(ConfigError::Needs(m));
            }
            // A module on a map where it doesn't count would be a rule that does nothing.
            if row.counts_on.is_some_and(|counts| !counts(topo)) {
                return Err(ConfigError::OffMap { module: m, map: self.map.name(), maps: maps_for(m) });
            }
        }
        // What the rules make set-up do must fit the pieces: R41's second placement is a city.
        // (A bank too small for set-up's cards is short as in production, R16.)
        if self.modules.has(Module::AcceleratedStart) && s.cities == 0 {
            return Err(ConfigError::StartWithoutCity);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 12: a target above the most points a game can give is refused (22 in the base game).
    #[test]
    fn a_target_no_game_can_reach_is_refused() {
        assert_eq!(Config::default().max_points(), Config::MAX_POINTS);
        assert_eq!(Config { target: 22, ..Config::default() }.validate(), Ok(()));
        let err = Config { target: 23, ..Config::default() }.validate().unwrap_err();
        assert_eq!(err, ConfigError::Target(23, 22));
        assert_eq!(err.to_string(), "a target of 23 points: no game gives more than 22, so choose 3 to 22");
    }

    #[test]
    fn one_player_is_said_in_the_singular() {
        assert_eq!(ConfigError::Players(1).to_string(), "1 player: the game seats 2 to 6");
        assert_eq!(ConfigError::Players(7).to_string(), "7 players: the game seats 2 to 6");
    }

    /// R40: five and six players play on the 5-6 island with 24 of each resource, 34
    /// development cards and the Special Building Phase.
    #[test]
    fn r40_five_and_six_players_get_the_extension() {
        for n in [5, 6] {
            let c = Config::with_players(n);
            assert_eq!(
                (c.map, c.bank, c.deck.0, c.turns),
                (MapId::FiveSix, 24, [20, 5, 3, 3, 3], TurnStyle::SpecialBuilding)
            );
            assert_eq!(c.validate(), Ok(()));
        }
        let on_base = Config { players: 5, ..Config::default() };
        assert_eq!(on_base.validate().unwrap_err().to_string(), "5 players on the standard map: it is made for 2 to 4");
        let beginner = Config { board: BoardKind::Beginner, ..Config::with_players(6) };
        assert_eq!(beginner.validate(), Err(ConfigError::NoBeginner("five-six")));
        let centre = Config { desert_center: true, ..Config::with_players(6) };
        assert_eq!(centre.validate(), Err(ConfigError::NoCentre("five-six")));
        assert_eq!(Config { turns: TurnStyle::Paired, ..Config::default() }.validate(), Err(ConfigError::Paired));
        assert_eq!(Config { turns: TurnStyle::Paired, ..Config::with_players(5) }.validate(), Ok(()));
    }

    /// A configuration saved before these fields existed reads as the base game.
    #[test]
    fn an_old_configuration_reads_as_the_base_game() {
        let old = r#"{"players":3,"board":"random","desert_center":false,"strict_phases":false,
            "shortage":"turn-order","discard_limit":9,"target":10,"friendly_robber":false}"#;
        let c: Config = serde_json::from_str(old).unwrap();
        assert_eq!(
            c,
            Config {
                players: 3,
                board: BoardKind::Random,
                shortage: Shortage::TurnOrder,
                discard_limit: 9,
                ..Config::default()
            }
        );
    }
}
