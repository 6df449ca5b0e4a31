//! The shape of a row of the table of house rules ([`TABLE`](super::TABLE)): what one module
//! says to every reader. Apart from the table itself, so that the files holding the rows
//! (`table.rs`, `table_land.rs`) import this leaf and not each other.

use super::Module;
use crate::engine::map::Topology;

/// One house-rule module, described once for every reader.
#[derive(Debug)]
pub struct ModuleRow {
    /// The module this row describes (the row's place in [`TABLE`](super::TABLE) is its number).
    pub module: Module,
    /// Its name in RULES.md and on the command line (`accelerated_start`).
    pub name: &'static str,
    /// The rulings it plays, as RULES.md numbers them ("R53, R54").
    pub rulings: &'static str,
    /// One line with its ruling, for the start screen's status line and the command line's help.
    pub about: &'static str,
    /// One line of what it changes at the table, for the terminal's help (it may name the keys
    /// and panels that show it).
    pub help: &'static str,
    /// What the how-to-play page says about it; modules played together may share a page.
    pub page: &'static Page,
    /// The group words that bring it (`land`, `sea`, `war`); `all` brings every module.
    pub groups: &'static [Group],
    /// The modules it needs, any one of them: a game without one is refused, and
    /// [`Config::with_modules`](crate::engine::Config::with_modules) brings the first.
    pub needs: &'static [Module],
    /// What the rules check says when none of [`ModuleRow::needs`] is played.
    pub refused: &'static str,
    /// The maps where it counts (`None`: every map); a group word leaves it out elsewhere, and
    /// named alone elsewhere it is refused with [`ModuleRow::off_map`].
    pub counts_on: Option<fn(&Topology) -> bool>,
    /// What the rules check says of it on a map where it doesn't count, before "the MAP map
    /// doesn't have".
    pub off_map: &'static str,
    /// Where it counts, in the help's words ("a map with an island that counts for it").
    pub counts_where: &'static str,
    /// The most actions of its own it lists at one moment, from limits the engine enforces (0:
    /// none; castles' is a building, R45's cards a moment of their own with fewer). The tests
    /// hold every module to it.
    pub most_actions: usize,
}

/// A section of the how-to-play page: its heading, its word in the page's contents line, and
/// its paragraphs, where `{k}` is a key.
#[derive(Debug)]
pub struct Page {
    /// The section's heading.
    pub heading: &'static str,
    /// Its word in the contents line.
    pub word: &'static str,
    /// Its paragraphs.
    pub paragraphs: &'static [&'static str],
}

/// A group word of the command line and the settings file, which stands for several modules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// `land`: the modules of R41-R50, which put nothing on the board but buildings.
    Land,
    /// `sea`: the unit modules of R52-R55.
    Sea,
    /// `war`: knights, ships, attacks and phases (R52, R53, R56, R57).
    War,
}

impl Group {
    /// Every group word, in the order the help names them.
    pub const ALL: [Group; 3] = [Group::Land, Group::Sea, Group::War];

    /// The word on the command line.
    pub const fn word(self) -> &'static str {
        match self {
            Group::Land => "land",
            Group::Sea => "sea",
            Group::War => "war",
        }
    }
}

/// A row with no needs, no map of its own and no actions of its own, from which the rows
/// start: its words and groups are empty, for the tests to catch a row that forgets one.
pub(super) const PLAIN: ModuleRow = ModuleRow {
    module: Module::AcceleratedStart,
    name: "",
    rulings: "",
    about: "",
    help: "",
    page: &Page { heading: "", word: "", paragraphs: &[] },
    groups: &[],
    needs: &[],
    refused: "",
    counts_on: None,
    off_map: "",
    counts_where: "",
    most_actions: 0,
};
