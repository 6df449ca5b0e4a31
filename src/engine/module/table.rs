//! The house rules described once: one row per module of `seeds/002` (R41-R57), in the order
//! of [`Module::ALL`]. Every place that speaks of a module or checks a mix of them reads its
//! row, so that adding a module means its own file, its row here, its views and its tests:
//!
//! - the command line's `--house-rules` help (the names, the group words, a line a module);
//! - the rules check ([`Config::validate`](crate::engine::Config::validate)): what a module
//!   needs, and the maps where it counts ([`Modules::on_map`](crate::engine::Modules::on_map));
//! - what a module brings with it ([`Config::with_modules`](crate::engine::Config::with_modules));
//! - the group words `land`, `sea` and `war` ([`Modules::LAND`](crate::engine::Modules::LAND));
//! - the action list's bound ([`ACTION_BOUND`](crate::engine::ACTION_BOUND)): the sum of the
//!   rows' [`ModuleRow::most_actions`], each derived in its row from the limits it depends on;
//! - the terminal's start screen ([`ModuleRow::about`]), its help ([`ModuleRow::help`]) and the
//!   how-to-play page ([`ModuleRow::page`]).
//!
//! The table is one of the engine's leaves (issue 24): the rules check of
//! [`Config`](crate::engine::Config), a leaf, reads it, so it reads nothing above the leaves,
//! and each module's most actions are stated here rather than in the module's file.

use super::Module;
use super::row::{Group, ModuleRow, PLAIN, Page};
use crate::engine::action::MAX_PLAYERS;
use crate::engine::map::{MAX_HEXES, MAX_SEA_HEXES, Topology};

impl Group {
    /// What the group stands for, in the help's words: "the modules without units" for
    /// `land`, else its modules by name ("knights, ships and colonist").
    pub fn said(self) -> String {
        if self == Group::Land {
            return "the modules without units".to_string();
        }
        let names: Vec<&str> = TABLE.iter().filter(|r| r.groups.contains(&self)).map(|r| r.name).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }

    /// The modules whose rows name this group, as bits of [`Modules`](crate::engine::Modules).
    pub const fn bits(self) -> u32 {
        let mut bits = 0;
        let mut i = 0;
        while i < TABLE.len() {
            let row = &TABLE[i];
            let mut j = 0;
            while j < row.groups.len() {
                if row.groups[j] as u8 == self as u8 {
                    bits |= row.module.bit();
                }
                j += 1;
            }
            i += 1;
        }
        bits
    }
}

/// The sum of the rows' [`ModuleRow::most_actions`]: what the modules add to the main phase's
/// bound, where all of them may list their actions at once.
pub(crate) const MOST_ACTIONS: usize = {
    let mut sum = 0;
    let mut i = 0;
    while i < TABLE.len() {
        sum += TABLE[i].most_actions;
        i += 1;
    }
    sum
};

/// Knight units a player has in all, of any kinds (R52); and ships (R53).
pub const UNITS: usize = 6;

/// The most knight actions a moment lists (R52): a unit of each of 3 kinds on each land hex,
/// and each unit moved to each other land hex (aboard a cargo ship: to the coast, fewer).
const KNIGHTS_MOST: usize = 3 * MAX_HEXES + UNITS * (MAX_HEXES - 1);

/// The most ship actions a moment lists (R53): a ship of each of 3 kinds on each sea hex,
/// each ship sailed to each other sea hex, and each knight unit boarding each ship.
const SHIPS_MOST: usize = 3 * MAX_SEA_HEXES + UNITS * (MAX_SEA_HEXES - 1) + UNITS * UNITS;

/// The most attacks a moment lists (R56): each knight unit strikes the buildings on the 24
/// corners an archer reaches (its hex and the 6 around it; one building a corner, whoever's)
/// and every other player's knight units; each ship the buildings on its sea hex's 6 corners
/// and every other player's ships.
const ATTACKS_MOST: usize = {
    let opponents = (MAX_PLAYERS - 1) * UNITS;
    UNITS * (24 + opponents) + UNITS * (6 + opponents)
};

/// The units' page (R52-R55), shown when knights or ships are played.
pub const UNITS_PAGE: Page = Page {
    heading: "Units: knights and ships (house rules R52-R55)",
    word: "units",
    paragraphs: &[
        "{n} opens the units dialog: build a knight, archer or cavalry on a land hex touching your \
         building, or a ship, war ship or cargo ship on a sea hex touching your coastal building \
         (the costs are in {?}); or choose one of your units, then what it does (move, sail, \
         board a cargo ship or leave it, attack), then its target among those marked on the \
         island, with {Enter}. {Esc} steps back.",
        "A unit has two actions a turn, of different kinds; being built is one. A knight or archer \
         moves 1 hex, 2 along your roads; a cavalry 3, or 4 along your roads. A ship sails 4 sea \
         hexes, a cargo ship 7 with up to 3 of your knights aboard. You may settle a corner of \
         your knight's hex, or a coast beside your ship, without a road.",
        "On the island a hex's units stand on its last row: the owner's letter, then a letter a \
         unit (k knight, a archer, c cavalry; s ship, w war ship, c cargo ship), knights aboard \
         after their ship in brackets: Ac[kk]. A unit with no action left this turn lies on its \
         side: its letter in capitals, AK. A crowded hex counts them, A3 B1. On a hex under the \
         cursor the status line names each unit.",
        "A ship on a harbor's sea hex lets you trade at that harbor's rate, a cargo ship one card \
         better (never below 2:1): {m} shows them. Largest Army counts knight units on the \
         board; Largest Navy, 3 ships or more, is worth 2 points; on the archipelago each islet \
         you settle after set-up is a Colonist point.",
    ],
};

/// The war's page (R56, R57), shown when attacks are played.
pub const WAR_PAGE: Page = Page {
    heading: "War: attacks and phases (house rules R56-R57)",
    word: "war",
    paragraphs: &[
        "An attack is one of a unit's two actions: {n}, the unit, attack, then a marked target. \
         Knights attack units and buildings in their own hex, archers in the next one too, ships \
         those of their sea hex and its coast; castles can't be attacked. Each side rolls a die, \
         a settlement adding 1, a city 2, a war ship 2; ties roll again. The winner removes a \
         unit or takes the building at its level, and the fight shows to everyone and in the log.",
        "With phases the game plays a build phase of as many rounds as players, then an attack \
         phase as long. The header says which (\"attack phase, round 2 of 4: C A D B\"): each \
         attack round goes from the lowest war score to the highest, the scores (points plus \
         units) in the players panel. After the last round the most points win; players tied \
         share the win.",
    ],
};

/// Every module's row, in the order of [`Module::ALL`] (and RULES.md).
pub const TABLE: &[ModuleRow; 15] = &[
    super::table_land::ACCELERATED_START,
    super::table_land::GOLD,
    super::table_land::DRAGON,
    super::table_land::CASTLES,
    super::table_land::NO_ROBBER,
    super::table_land::ROTATING_FIRST_PLAYER,
    super::table_land::DICE_STACK,
    super::table_land::SEED_COSTS,
    super::table_land::METROPOLIS,
    super::table_land::HARBOR_MASTER,
    ModuleRow {
        module: Module::Knights,
        name: "knights",
        rulings: "R52",
        about: "R52: knights, archers and cavalry stand on the hexes and move",
        help: "knights, archers and cavalry on the hexes; Largest Army by units (3+)",
        page: &UNITS_PAGE,
        groups: &[Group::Sea, Group::War],
        most_actions: KNIGHTS_MOST,
        ..PLAIN
    },
    ModuleRow {
        module: Module::Ships,
        name: "ships",
        rulings: "R53, R54",
        about: "R53: ships sail the sea; R54: Largest Navy, 2 points",
        help: "ships, war ships and cargo ships on the sea; Largest Navy (3+)",
        page: &UNITS_PAGE,
        groups: &[Group::Sea, Group::War],
        most_actions: SHIPS_MOST,
        ..PLAIN
    },
    ModuleRow {
        module: Module::Colonist,
        name: "colonist",
        rulings: "R55",
        about: "R55: a point for each island settled after set-up",
        help: "a point for each island settled after set-up",
        page: &UNITS_PAGE,
        groups: &[Group::Sea],
        needs: &[Module::Ships],
        refused: "colonist (R55) needs ships (R53): add ships to the house rules",
        counts_on: Some(Topology::has_colonist_island),
        off_map: "colonist (R55) earns points on islands",
        counts_where: "a map with an island that counts for it",
        ..PLAIN
    },
    ModuleRow {
        module: Module::Attacks,
        name: "attacks",
        rulings: "R56",
        about: "R56: units attack units and buildings, a die each",
        help: "units attack units and buildings, a die each",
        page: &WAR_PAGE,
        groups: &[Group::War],
        needs: &[Module::Knights, Module::Ships],
        refused: "attacks (R56) need units: add knights or ships to the house rules",
        most_actions: ATTACKS_MOST,
        ..PLAIN
    },
    ModuleRow {
        module: Module::Phases,
        name: "phases",
        rulings: "R57",
        about: "R57: a build phase, then an attack phase, of N rounds each",
        help: "a build phase, then an attack phase, of N rounds each",
        page: &WAR_PAGE,
        groups: &[Group::War],
        needs: &[Module::Attacks],
        refused: "phases (R57) need attacks (R56): add attacks to the house rules",
        ..PLAIN
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::config::{Config, ConfigError, Modules};
    use crate::engine::map::MapId;
    use crate::engine::rules::most;

    #[test]
    fn every_module_has_its_row_in_its_place() {
        assert_eq!(TABLE.len(), Module::ALL.len());
        for (row, m) in TABLE.iter().zip(Module::ALL) {
            assert_eq!(row.module, m, "the table's order is Module::ALL's");
            assert_eq!(m.row().module, m);
            assert_eq!(Module::from_name(row.name), Some(m), "{}", row.name);
        }
    }

    #[test]
    fn every_text_is_said() {
        for row in TABLE.iter() {
            let said = [row.name, row.rulings, row.about, row.help, row.page.heading, row.page.word];
            assert!(said.iter().all(|t| !t.trim().is_empty()), "{} leaves a word out", row.name);
            assert!(!row.page.paragraphs.is_empty(), "{} has no page", row.name);
            assert!(row.page.paragraphs.iter().all(|p| !p.trim().is_empty()), "{}", row.name);
            let first = row.rulings.split(", ").next().unwrap();
            assert!(row.about.starts_with(&format!("{first}: ")), "{}: '{}'", row.name, row.about);
            assert!(row.page.heading.contains(first) || row.page.heading.contains(&first[..2]), "{}", row.name);
            assert!(row.needs.is_empty() == row.refused.is_empty(), "{}: a need and its refusal", row.name);
            assert!(row.counts_on.is_none() == row.off_map.is_empty(), "{}: a map and its refusal", row.name);
            assert!(row.counts_on.is_none() == row.counts_where.is_empty(), "{}", row.name);
            assert!(!row.groups.is_empty(), "{}: a group word brings it (and `all`)", row.name);
        }
    }

    #[test]
    fn the_bound_is_the_sum_of_the_rows() {
        let rows: usize = TABLE.iter().map(|r| r.most_actions).sum();
        assert_eq!(most::MODULES, rows);
        assert_eq!(rows, 5 + 264 + 606 + 540, "gold, knights, ships and attacks list actions of their own");
        let main = most::BUILDS + most::CARDS + most::TRADES + most::END + rows;
        assert_eq!(crate::engine::sink::ACTION_BOUND, main.max(most::ROBBER));
    }

    /// The group words read from the rows are the lists they were written as before the table.
    #[test]
    fn the_groups_read_from_the_rows() {
        use Module::*;
        let of = |ms: &[Module]| ms.iter().fold(Modules::NONE, |acc, &m| acc.with(m));
        let land = [
            AcceleratedStart,
            Gold,
            Dragon,
            Castles,
            NoRobber,
            RotatingFirstPlayer,
            DiceStack,
            SeedCosts,
            Metropolis,
            HarborMaster,
        ];
        assert_eq!(Modules::LAND, of(&land));
        assert_eq!(Modules::SEA, of(&[Knights, Ships, Colonist]));
        assert_eq!(Modules::WAR, of(&[Knights, Ships, Attacks, Phases]));
        assert_eq!(Modules::PLAYABLE.iter().count(), Module::ALL.len());
        assert_eq!(Group::Sea.said(), "knights, ships and colonist");
        assert_eq!(Group::War.said(), "knights, ships, attacks and phases");
    }

    /// What a module needs, it brings; without it the rules check refuses it in its row's words.
    #[test]
    fn needs_are_brought_and_refused_from_the_rows() {
        for row in TABLE.iter().filter(|r| !r.needs.is_empty()) {
            let alone = Modules::NONE.with(row.module);
            let map = if row.counts_on.is_some() { MapId::Archipelago } else { MapId::Standard };
            let bare = Config { modules: alone, ..Config::on_map(map) };
            assert_eq!(bare.validate(), Err(ConfigError::Needs(row.module)), "{}", row.name);
            assert_eq!(bare.validate().unwrap_err().to_string(), row.refused);
            let brought = Config::on_map(map).with_modules(alone);
            assert!(brought.modules.has(row.needs[0]), "{} brings {:?}", row.name, row.needs[0]);
            assert_eq!(brought.validate(), Ok(()), "{}", row.name);
        }
        let attacks = Config::default().with_modules(Modules::NONE.with(Module::Phases));
        assert_eq!(attacks.modules, Modules::NONE.with(Module::Phases).with(Module::Attacks).with(Module::Knights));
    }

    #[test]
    fn a_module_off_its_maps_is_refused_and_left_out_of_groups() {
        let colonist = Module::Colonist.row();
        let on_standard = Config::default().with_modules(Modules::SEA);
        let err = on_standard.validate().unwrap_err();
        assert!(matches!(err, ConfigError::OffMap { module: Module::Colonist, .. }), "{err:?}");
        assert_eq!(
            err.to_string(),
            "colonist (R55) earns points on islands the standard map doesn't have: play it on the archipelago map"
        );
        assert!(!Modules::SEA.on_map(MapId::Standard).has(Module::Colonist));
        assert!(Modules::SEA.on_map(MapId::Archipelago).has(Module::Colonist));
        assert!(colonist.counts_on.is_some());
    }
}
