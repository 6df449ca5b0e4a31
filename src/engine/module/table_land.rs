//! The rows of [`TABLE`](super::table::TABLE) for the land modules (R41-R50), which put
//! nothing on the board but buildings: each with its own short how-to-play page.

use super::Module;
use super::row::{Group, ModuleRow, PLAIN, Page};

/// R41.
pub(super) const ACCELERATED_START: ModuleRow = ModuleRow {
    module: Module::AcceleratedStart,
    name: "accelerated_start",
    rulings: "R41",
    about: "R41: set-up places a settlement, then a city, with the seed's starting cards",
    help: "set-up places a settlement, then a city, with their cards",
    page: &Page {
        heading: "Accelerated start (house rule R41)",
        word: "start",
        paragraphs: &["In set-up your first placement is a settlement and your second a city, each \
                       with a road. Then you take a card from each hex beside the settlement and two \
                       from each hex beside the city."],
    },
    groups: &[Group::Land],
    ..PLAIN
};

/// R42.
pub(super) const GOLD: ModuleRow = ModuleRow {
    module: Module::Gold,
    name: "gold",
    rulings: "R42",
    about: "R42: gold hexes and gold cards; 2 gold buy any resource",
    help: "gold hexes and gold cards; 2 gold buy a resource",
    page: &Page {
        heading: "Gold (house rule R42)",
        word: "gold",
        paragraphs: &["Three gold hexes take the place of a fields, a pasture and a forest. They \
                       produce gold cards like any resource; gold counts in your hand, may be traded \
                       between players, and 2 gold buy any resource from the bank. Harbors, \
                       monopoly and year of plenty never take gold."],
    },
    // A purchase of each of the 5 resources.
    most_actions: 5,
    groups: &[Group::Land],
    ..PLAIN
};

/// R43.
pub(super) const DRAGON: ModuleRow = ModuleRow {
    module: Module::Dragon,
    name: "dragon",
    rulings: "R43",
    about: "R43: for every 7 gold produced, the dragon attacks the leader's buildings",
    help: "every 7 gold produced, the dragon attacks the leader",
    page: &Page {
        heading: "The dragon (house rule R43)",
        word: "dragon",
        paragraphs: &["The game counts the gold produced. For every 7, the dragon attacks the \
                       player with the most points: one of their buildings, at random, goes down a \
                       level (a city becomes a settlement, a settlement goes). With knights, a knight \
                       beside the building fights it, a die each."],
    },
    needs: &[Module::Gold],
    refused: "the dragon (R43) needs gold (R42): add gold to the house rules",
    groups: &[Group::Land],
    ..PLAIN
};

/// R44.
pub(super) const CASTLES: ModuleRow = ModuleRow {
    module: Module::Castles,
    name: "castles",
    rulings: "R44",
    about: "R44: a city may become a castle, worth 3 points",
    help: "k walls a city: a castle, 3 points, 3 cards (4 a player)",
    page: &Page {
        heading: "Castles (house rule R44)",
        word: "castles",
        paragraphs: &["{k} walls one of your cities: a castle is worth 3 points, produces 3 cards \
                       and cannot be attacked by other players' units, though the dragon may still \
                       strike it. Each player has 4."],
    },
    groups: &[Group::Land],
    ..PLAIN
};

/// R45.
pub(super) const NO_ROBBER: ModuleRow = ModuleRow {
    module: Module::NoRobber,
    name: "no_robber",
    rulings: "R45",
    about: "R45: no robber; a 7 lets every player choose cards by their buildings",
    help: "no robber: a 7 lets everyone take cards by their buildings",
    page: &Page {
        heading: "No robber (house rule R45)",
        word: "7s",
        paragraphs: &["There is no robber and no discarding. On a 7 every player, from the roller \
                       on, takes a card for each settlement, 2 for each city, 3 for each castle, \
                       choosing among the kinds of the hexes beside that building. Knight cards still \
                       count toward the Largest Army."],
    },
    groups: &[Group::Land],
    ..PLAIN
};

/// R46.
pub(super) const ROTATING_FIRST_PLAYER: ModuleRow = ModuleRow {
    module: Module::RotatingFirstPlayer,
    name: "rotating_first_player",
    rulings: "R46",
    about: "R46: each round starts one seat later than the last",
    help: "each round starts one seat later (header: the round)",
    page: &Page {
        heading: "Rotating first player (house rule R46)",
        word: "rounds",
        paragraphs: &["After set-up the game plays in rounds, and each round starts one seat later \
                       than the last: the last player of a round plays first in the next. The \
                       header shows the round and its order."],
    },
    groups: &[Group::Land],
    ..PLAIN
};

/// R47.
pub(super) const DICE_STACK: ModuleRow = ModuleRow {
    module: Module::DiceStack,
    name: "dice_stack",
    rulings: "R47",
    about: "R47: rolls come from a stack of 36 cards, one per pair of dice",
    help: "rolls come from a stack of the 36 pairs of dice (bank: cards left)",
    page: &Page {
        heading: "Dice stack (house rule R47)",
        word: "stack",
        paragraphs: &["Rolls come from a shuffled stack of 36 cards, one for each pair of dice, so \
                       every number comes up as often as the odds say before the stack is shuffled \
                       again. The bank panel shows how many cards are left."],
    },
    groups: &[Group::Land],
    ..PLAIN
};

/// R48.
pub(super) const SEED_COSTS: ModuleRow = ModuleRow {
    module: Module::SeedCosts,
    name: "seed_costs",
    rulings: "R48",
    about: "R48: the seed's costs: a settlement without wool, a city of 2 ore and 2 grain",
    help: "the seed's costs (see Costs)",
    page: &Page {
        heading: "The seed's costs (house rule R48)",
        word: "costs",
        paragraphs: &["Building costs the seed's own table: a settlement is brick, grain and lumber \
                       (no wool), a city 2 ore and 2 grain; roads and development cards cost as \
                       usual. {?} lists every cost."],
    },
    groups: &[Group::Land],
    ..PLAIN
};

/// R49.
pub(super) const METROPOLIS: ModuleRow = ModuleRow {
    module: Module::Metropolis,
    name: "metropolis",
    rulings: "R49",
    about: "R49: Largest Metropolis, 2 points",
    help: "LM, Largest Metropolis: 2 points, most building points joined by roads (5+)",
    page: &Page {
        heading: "Largest Metropolis (house rule R49)",
        word: "metropolis",
        paragraphs: &["Largest Metropolis, 2 points, goes to the player whose buildings joined by \
                       their own roads count the most (a settlement 1, a city 2, a castle 3), 5 or \
                       more; it changes hands like the Longest Road."],
    },
    groups: &[Group::Land],
    ..PLAIN
};

/// R50.
pub(super) const HARBOR_MASTER: ModuleRow = ModuleRow {
    module: Module::HarborMaster,
    name: "harbor_master",
    rulings: "R50",
    about: "R50: Harbor Master, 2 points",
    help: "HM, Harbor Master: 2 points, most building points on harbors (3+)",
    page: &Page {
        heading: "Harbor Master (house rule R50)",
        word: "harbors",
        paragraphs: &["Harbor Master, 2 points, goes to the player whose buildings on harbors count \
                       the most (a settlement 1, a city 2, a castle 3), 3 or more; it changes \
                       hands like the Longest Road."],
    },
    groups: &[Group::Land],
    ..PLAIN
};
