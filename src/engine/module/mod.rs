//! The house-rule modules of `seeds/002` (R41-R57) by name, and the set of them a game plays
//! with ([`Config::modules`](super::Config)). What each does lives in its own file under
//! `engine/rules/modules/`.

mod row;
mod table;
mod table_land;

use serde::{Deserialize, Serialize};

pub use row::{Group, ModuleRow, Page};
pub(crate) use table::MOST_ACTIONS;
pub use table::{TABLE, UNITS, UNITS_PAGE, WAR_PAGE};

/// One house-rule module of `seeds/002` (R41-R55), by its name in RULES.md. Each lives in one
/// file under `engine/rules/modules/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Module {
    /// R41: set-up places a settlement, then a city, with the seed's starting cards.
    AcceleratedStart = 0,
    /// R42: gold hexes and gold cards.
    Gold = 1,
    /// R43: the dragon attacks the leader for every 7 gold produced.
    Dragon = 2,
    /// R44: a city may become a castle.
    Castles = 3,
    /// R45: no robber; a 7 lets every player choose cards by their buildings.
    NoRobber = 4,
    /// R46: each round starts one seat later than the last.
    RotatingFirstPlayer = 5,
    /// R47: rolls come from a stack of 36 cards, one per pair of dice.
    DiceStack = 6,
    /// R48: the seed's own building costs.
    SeedCosts = 7,
    /// R49: Largest Metropolis.
    Metropolis = 8,
    /// R50: Harbor Master.
    HarborMaster = 9,
    /// R52: knights, archers and cavalry stand on land hexes and move; Largest Army by units.
    Knights = 10,
    /// R53: ships, war ships and cargo ships on the sea; Largest Navy (R54).
    Ships = 11,
    /// R55 (with ships): a point for each island settled after set-up.
    Colonist = 12,
    /// R56 (with knights or ships): units attack units and buildings.
    Attacks = 13,
    /// R57 (with attacks): a build phase of N rounds, then an attack phase of N rounds.
    Phases = 14,
}

impl Module {
    /// Every module, in the order of RULES.md.
    pub const ALL: [Module; 15] = [
        Module::AcceleratedStart,
        Module::Gold,
        Module::Dragon,
        Module::Castles,
        Module::NoRobber,
        Module::RotatingFirstPlayer,
        Module::DiceStack,
        Module::SeedCosts,
        Module::Metropolis,
        Module::HarborMaster,
        Module::Knights,
        Module::Ships,
        Module::Colonist,
        Module::Attacks,
        Module::Phases,
    ];

    /// The module's name in RULES.md (and on the command line), from its row.
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The module's row in the table that describes every house rule once: its words, what it
    /// needs, the maps where it counts, its most actions.
    pub const fn row(self) -> &'static ModuleRow {
        &TABLE[self as usize]
    }

    /// The module of that name (`-` read as `_`).
    pub fn from_name(name: &str) -> Option<Module> {
        let name = name.trim().replace('-', "_");
        Module::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The module's bit in [`Modules`].
    pub const fn bit(self) -> u32 {
        1 << self as u8
    }
}

/// The house-rule modules of `seeds/002` (R41-R57) switched on, one bit per [`Module`]. Saved
/// with the game as a number: a save from before modules existed reads as none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Modules(pub u32);

impl Modules {
    /// No house rules.
    pub const NONE: Modules = Modules(0);
    /// The land modules (R41-R50), whose every mix the save and undo tests play; the terminal's
    /// start screen offers every module the engine plays, [`Modules::PLAYABLE`].
    pub const AVAILABLE: Modules = Modules::LAND;
    /// `land` on the command line: the modules of R41-R50, which put nothing on the board but
    /// buildings (the rows that name [`Group::Land`]).
    pub const LAND: Modules = Modules(Group::Land.bits());
    /// `sea` on the command line: the unit modules (R52-R55).
    pub const SEA: Modules = Modules(Group::Sea.bits());
    /// `war` on the command line: knights, ships, attacks and phases (R52, R53, R56, R57).
    pub const WAR: Modules = Modules(Group::War.bits());
    /// Every module this version plays (`all` on the command line); a game or save with any
    /// other is refused.
    pub const PLAYABLE: Modules = Modules(Modules::LAND.0 | Modules::SEA.0 | Modules::WAR.0);

    /// True when `m` is switched on.
    #[inline(always)]
    pub const fn has(self, m: Module) -> bool {
        self.0 & m.bit() != 0
    }

    /// These modules and `m`.
    pub const fn with(self, m: Module) -> Modules {
        Modules(self.0 | m.bit())
    }

    /// `self` with `m` switched off.
    pub const fn without(self, m: Module) -> Modules {
        Modules(self.0 & !m.bit())
    }

    /// `self` as the group words read on `map`: without the modules that don't count there
    /// ([`ModuleRow::counts_on`]: R55's colonist where no island counts for it).
    pub fn on_map(self, map: super::MapId) -> Modules {
        let topo = map.topology();
        let off = self.iter().filter(|m| m.row().counts_on.is_some_and(|counts| !counts(topo)));
        off.fold(self, Modules::without)
    }

    /// The modules switched on, in the order of RULES.md.
    pub fn iter(self) -> impl Iterator<Item = Module> {
        Module::ALL.into_iter().filter(move |&m| self.has(m))
    }

    /// Reads a comma-separated list of module names; `land` stands for [`Modules::LAND`], `sea`
    /// for [`Modules::SEA`], `war` for [`Modules::WAR`] and `all` for [`Modules::PLAYABLE`].
    pub fn parse(list: &str) -> Result<Modules, String> {
        Modules::parse_groups(list, Modules::PLAYABLE)
    }

    /// [`Modules::parse`] for a game on `map`: a group word (`sea`, `all`) brings R55's
    /// colonist only on a map with an island that counts for it, where it would earn nothing;
    /// `colonist` named on its own stays, for [`Config::validate`](super::Config::validate) to
    /// refuse with a message naming the maps that have one.
    pub fn parse_on(list: &str, map: super::MapId) -> Result<Modules, String> {
        Modules::parse_groups(list, Modules::PLAYABLE.on_map(map))
    }

    /// Reads a list of names and group words; each group gives only the modules in `groups`.
    fn parse_groups(list: &str, groups: Modules) -> Result<Modules, String> {
        let mut out = Modules::NONE;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let group = match Module::from_name(name) {
                Some(m) => {
                    out = out.with(m);
                    continue;
                }
                None => match Group::ALL.into_iter().find(|g| g.word() == name) {
                    Some(g) => Modules(g.bits()),
                    None if name == "all" => Modules::PLAYABLE,
                    None => {
                        return Err(format!(
                            "no house rule '{name}': choose among land, {}, sea, war, all",
                            Modules::names()
                        ));
                    }
                },
            };
            out = Modules(out.0 | (group.0 & groups.0));
        }
        Ok(out)
    }

    /// The names of the modules this version plays, comma-separated, in the order of RULES.md
    /// (for help and messages, so no list of them can drift).
    pub fn names() -> String {
        let known: Vec<&str> = Modules::PLAYABLE.iter().map(|m| m.name()).collect();
        known.join(", ")
    }
}
