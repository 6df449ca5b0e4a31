//! Units in the terminal (R52, R53, R56): building one and acting with one, a choice in
//! [`Steps`] over the engine's legal unit actions and attacks:
//!
//! 1. what: a kind to build, or one's unit (a list);
//! 2. the verb: move, board, leave, sail or attack (a list, skipped when there is one);
//! 3. where: a place on the island, the legal ones marked (a land hex, a sea hex, or for an
//!    attack the hex of the unit attacked or the corner of the building);
//! 4. which: only when several actions share that place (two cargo ships on one sea hex, two
//!    units to attack on one hex), a list of them.
//!
//! Only what the engine lists is ever offered, so every choice is legal. Esc goes back a step
//! (over a step that offered one choice only). Its keys answer with one [`Outcome`]: the
//! action, or the choice at its next step (a list, or the island when [`UnitChoice::on_island`]),
//! or closed.

use crate::engine::{Action, Game, Seat, UnitKind};
use crate::tui::screen::keymap::Cmd;
use crate::tui::screen::outcome::Outcome;
use crate::tui::screen::sea_names::sea_name;
use crate::tui::screen::selection::{Target, Verb, place_of};
use crate::tui::screen::steps::Steps;

/// The first step: a kind of unit to build, or one's knight unit or ship (its slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    Build(UnitKind),
    Knight(u8),
    Ship(u8),
}

/// The actions the units' choice is made over: the units' own and their attacks.
pub fn offered(a: &Action) -> bool {
    a.is_unit() || matches!(a, Action::Attack { .. })
}

/// Why no unit may attack now, when that is the moment (R57's build phase): the engine's
/// reason, for the units' list (`None` when attacks are off or allowed).
pub fn attack_note(game: &Game) -> Option<String> {
    let probe = Action::Attack { unit: 0, target: crate::engine::Target::Building(crate::engine::Vertex(0)) };
    match game.check(probe) {
        Err(e @ crate::engine::RuleError::BuildPhase) => Some(format!("no attack now: {e}")),
        _ => None,
    }
}

/// The first step's key.
pub fn what(a: Action) -> Option<What> {
    match a {
        Action::BuildKnight { kind, .. } | Action::BuildShip { kind, .. } => Some(What::Build(kind)),
        Action::MoveKnight { unit, .. } | Action::BoardShip { unit, .. } => Some(What::Knight(unit)),
        Action::SailShip { unit, .. } => Some(What::Ship(unit)),
        Action::Attack { unit, .. } if unit >= crate::engine::SHIP_SLOT => {
            Some(What::Ship(unit - crate::engine::SHIP_SLOT))
        }
        Action::Attack { unit, .. } => Some(What::Knight(unit)),
        _ => None,
    }
}

/// The second step's key (a knight unit moving from aboard leaves its ship).
pub fn verb(game: &Game, a: Action) -> Option<Verb> {
    match a {
        Action::BuildKnight { .. } | Action::BuildShip { .. } => Some(Verb::Build),
        Action::MoveKnight { unit, .. } if game.knights_aboard(game.to_act()).any(|k| k.0 == unit) => Some(Verb::Leave),
        Action::MoveKnight { .. } => Some(Verb::Move),
        Action::BoardShip { .. } => Some(Verb::Board),
        Action::SailShip { .. } => Some(Verb::Sail),
        Action::Attack { .. } => Some(Verb::Attack),
        _ => None,
    }
}

/// The last step's key: the whole action.
pub fn whole(a: Action) -> Option<Action> {
    offered(&a).then_some(a)
}

/// Where a unit's choice is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    What,
    Verb,
    /// On the island.
    Place,
    Which,
}

/// A unit choice: the steps and the row under the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitChoice {
    pub steps: Steps,
    pub row: usize,
    /// The player moved the cursor on this list (H5: the last list, "which", acts at once, so
    /// with several rows Enter takes none until the player names one).
    pub named: bool,
}

impl UnitChoice {
    /// The choice over these legal actions (only the units' and attacks are kept).
    pub fn new(legal: &[Action]) -> UnitChoice {
        UnitChoice { steps: Steps::new(legal.iter().copied().filter(offered)), row: 0, named: false }
    }

    /// Whether the row under the cursor is marked: on the "which" list of several, only once
    /// the player moved to it (H5).
    pub fn marked(&self, i: usize) -> bool {
        i == self.row && (self.named || self.stage() != Stage::Which || self.steps.options(whole).len() <= 1)
    }

    /// The step being taken.
    pub fn stage(&self) -> Stage {
        match self.steps.taken() {
            0 => Stage::What,
            1 => Stage::Verb,
            2 => Stage::Place,
            _ => Stage::Which,
        }
    }

    /// The verb chosen, once it is.
    pub fn verb(&self, game: &Game) -> Option<Verb> {
        (self.steps.taken() >= 2).then(|| self.steps.left().first().and_then(|&a| verb(game, a))).flatten()
    }

    /// The unit or kind chosen, once it is.
    pub fn what(&self) -> Option<What> {
        (self.steps.taken() >= 1).then(|| self.steps.left().first().and_then(|&a| what(a))).flatten()
    }

    /// The rows of a list step, as labels, `names` naming the players.
    pub fn rows(&self, game: &Game, names: &dyn Fn(Seat) -> String) -> Vec<String> {
        let s = game.to_act();
        match self.stage() {
            Stage::What => self.steps.options(what).into_iter().map(|w| what_label(game, s, w)).collect(),
            Stage::Verb => self.steps.options(|a| verb(game, a)).into_iter().map(|v| v.words().to_string()).collect(),
            Stage::Place => Vec::new(),
            Stage::Which => self.steps.options(whole).into_iter().map(|a| action_label(game, a, names)).collect(),
        }
    }

    /// Moves the cursor of a list.
    pub fn go(&mut self, up: bool, n: usize) {
        if n > 0 {
            self.row = if up { (self.row + n - 1) % n } else { (self.row + 1) % n };
            self.named = true;
        }
    }

    /// Enter on a list: takes the step under the cursor, and the steps after it that offer
    /// one choice only. False when the row is not there (or not named yet, H5).
    fn take_row(&mut self, game: &Game) -> bool {
        let picked = match self.stage() {
            Stage::What => {
                let Some(&w) = self.steps.options(what).get(self.row) else { return false };
                self.steps.pick(what, &w)
            }
            Stage::Verb => {
                let Some(&v) = self.steps.options(|a| verb(game, a)).get(self.row) else { return false };
                self.steps.pick(|a| verb(game, a), &v)
            }
            Stage::Which => {
                let options = self.steps.options(whole);
                if options.len() > 1 && !self.named {
                    return false;
                }
                let Some(&a) = options.get(self.row) else { return false };
                self.steps.pick(whole, &a)
            }
            Stage::Place => false,
        };
        if !picked {
            return false;
        }
        (self.row, self.named) = (0, false);
        if self.stage() == Stage::Verb
            && let [only] = self.steps.options(|a| verb(game, a))[..]
        {
            self.steps.pick(|a| verb(game, a), &only);
        }
        true
    }

    /// Esc: back a step, and over the steps before it that offered one choice only; false
    /// when there is none (the choice closes).
    pub fn back(&mut self, game: &Game) -> bool {
        (self.row, self.named) = (0, false);
        if !self.steps.back() {
            return false;
        }
        if self.stage() == Stage::Verb && self.steps.options(|a| verb(game, a)).len() == 1 {
            self.steps.back();
        }
        true
    }

    /// A key on one of the choice's lists: the cursor moves, Enter takes the row, Esc goes
    /// back a step (or closes the choice from its first list).
    pub fn on_cmd(&mut self, game: &Game, cmd: Cmd) -> Outcome<UnitChoice> {
        match cmd {
            Cmd::Up | Cmd::Down => {
                // The names don't change how many rows there are.
                let n = self.rows(game, &|s: Seat| s.to_string()).len();
                self.go(cmd == Cmd::Up, n);
                Outcome::Stay
            }
            Cmd::Confirm => self.clone().on_confirm(game),
            Cmd::Cancel => self.clone().on_back(game),
            _ => Outcome::Stay,
        }
    }

    /// Enter on a list: the row's step taken (and the steps after it that offer one choice
    /// only): the action once one is left, else the choice at its next step.
    pub fn on_confirm(mut self, game: &Game) -> Outcome<UnitChoice> {
        if !self.take_row(game) {
            return Outcome::Refuse("name one first: ↑↓ to it, then Enter".into());
        }
        self.then()
    }

    /// Enter on the island step at `t`: the action, or the list of those sharing the place;
    /// refused where no action left goes (the choice stays as it was).
    pub fn on_place(mut self, game: &Game, t: Target) -> Outcome<UnitChoice> {
        if self.stage() != Stage::Place || !self.steps.pick(|a| place_of(game, a), &t) {
            return Outcome::Refuse("no legal move there: Tab goes to the marked places".into());
        }
        (self.row, self.named) = (0, false);
        self.then()
    }

    /// Esc: the step before, or the choice closes.
    pub fn on_back(mut self, game: &Game) -> Outcome<UnitChoice> {
        if self.back(game) { Outcome::Next(self) } else { Outcome::Close }
    }

    /// Whether the choice's step is on the island (its places marked there), not a list.
    pub fn on_island(&self) -> bool {
        self.stage() == Stage::Place
    }

    /// Where the steps taken lead: the action once the last list leaves one, else the choice
    /// itself at its next step (a list, or the island).
    fn then(self) -> Outcome<UnitChoice> {
        match (self.stage(), self.steps.action()) {
            (Stage::Which, Some(a)) => Outcome::Act(vec![a]),
            _ => Outcome::Next(self),
        }
    }

    /// The legal places of the island step.
    pub fn places(&self, game: &Game) -> Vec<Target> {
        self.steps.options(|a| place_of(game, a))
    }
}

fn what_label(game: &Game, s: Seat, w: What) -> String {
    match w {
        What::Build(kind) => format!("build {} {} ({})", article(kind), kind.name(), cost_words(kind.cost())),
        What::Knight(slot) => match game.knight_units(s).find(|u| u.0 == slot) {
            Some((_, kind, h)) => format!("your {} on {}", kind.name(), game.board().hex_name_apart(h)),
            None => match game.knights_aboard(s).find(|u| u.0 == slot) {
                Some((_, kind, _)) => format!("your {} aboard a cargo ship", kind.name()),
                None => format!("your knight unit {slot}"),
            },
        },
        What::Ship(slot) => match game.ship_units(s).find(|u| u.0 == slot) {
            Some((_, kind, x)) => format!("your {} on {}", kind.name(), sea_name(game, x)),
            None => format!("your ship {slot}"),
        },
    }
}

/// An action in words, for the list of those sharing a place.
fn action_label(game: &Game, a: Action, names: &dyn Fn(Seat) -> String) -> String {
    use crate::engine::{SHIP_SLOT, Target as Aim};
    let s = game.to_act();
    match a {
        Action::BuildKnight { hex, .. } => format!("on {}", game.board().hex_name_apart(hex)),
        Action::MoveKnight { to, .. } => format!("to {}", game.board().hex_name_apart(to)),
        Action::BuildShip { sea, .. } => format!("on {}", sea_name(game, sea)),
        Action::SailShip { to, .. } => format!("sail to {}", sea_name(game, to)),
        Action::BoardShip { ship, .. } => match game.ship_units(s).find(|u| u.0 == ship) {
            Some((_, kind, x)) => format!("board the {} on {} (slot {ship})", kind.name(), sea_name(game, x)),
            None => format!("board ship {ship}"),
        },
        Action::Attack { target: Aim::Building(v), .. } => match game.building(v) {
            Some((o, piece)) => format!("attack {}'s {piece}", names(o)),
            None => "attack the building".into(),
        },
        Action::Attack { target: Aim::Unit { seat, unit }, .. } => {
            let kind = if unit >= SHIP_SLOT {
                game.ship_units(seat).find(|u| u.0 == unit - SHIP_SLOT).map(|u| u.1)
            } else {
                game.knight_units(seat).find(|u| u.0 == unit).map(|u| u.1)
            };
            let slot = unit % SHIP_SLOT + 1;
            format!("attack {}'s {} ({slot})", names(seat), kind.map_or("unit", UnitKind::name))
        }
        // The unit choice lists only the actions above; any other is said in the engine's words
        // (issue 42: no Debug form on a screen).
        other => other.describe(names, false),
    }
}

/// "a" or "an" before a kind's name.
fn article(kind: UnitKind) -> &'static str {
    if kind == UnitKind::Archer { "an" } else { "a" }
}

fn cost_words(h: crate::engine::Hand) -> String {
    let parts: Vec<String> =
        crate::engine::Resource::ALL.iter().filter(|&&r| h[r] > 0).map(|&r| format!("{} {}", r.name(), h[r])).collect();
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Hex, MapId, Modules, Scenario, Seat};

    const A: Seat = Seat(0);

    /// A's knight on a coastal hex beside A's cargo ship, A's turn after the roll.
    fn beside_cargo() -> (Game, crate::engine::SeaHex) {
        let config = Config::default().with_modules(Modules::SEA.without(crate::engine::Module::Colonist));
        let h = Hex(0);
        let x = config.map.topology().hex_sea(h).iter().next().expect("a coastal hex");
        let g = Scenario::new(config, 1)
            .turn(A)
            .rolled()
            .unit(A, UnitKind::Knight, h)
            .ship(A, UnitKind::CargoShip, x)
            .build()
            .unwrap();
        (g, x)
    }

    /// Takes the outcome's next step into `c`, and says where it went: "list", "island", the
    /// action played, or "refused".
    fn went(c: &mut UnitChoice, step: impl FnOnce(UnitChoice) -> Outcome<UnitChoice>) -> String {
        match step(c.clone()) {
            Outcome::Next(next) => {
                let said = if next.on_island() { "island" } else { "list" };
                *c = next;
                said.into()
            }
            Outcome::Act(actions) => format!("act {:?}", actions[0]),
            Outcome::Refuse(_) => "refused".into(),
            other => format!("{other:?}"),
        }
    }

    /// R53: the knight's verbs are move and board; boarding marks the cargo ship's sea hex
    /// and Enter there boards it. Esc goes back from the island to the verbs.
    #[test]
    fn r53_a_knight_boards_its_cargo_ship_on_the_island_step() {
        let (g, x) = beside_cargo();
        let mut c = UnitChoice::new(&g.legal_actions());
        let names = |s: Seat| s.to_string();
        let at = c.rows(&g, &names).iter().position(|r| r.starts_with("your knight")).expect("the knight listed");
        c.row = at;
        assert_eq!(went(&mut c, |c| c.on_confirm(&g)), "list", "two verbs: a list");
        assert_eq!(c.rows(&g, &names), ["move", "board a cargo ship"]);
        c.row = 1;
        assert_eq!(went(&mut c, |c| c.on_confirm(&g)), "island");
        assert_eq!(c.places(&g), [Target::Sea(x)], "the cargo ship's sea hex, marked");
        assert_eq!(went(&mut c, |c| c.on_place(&g, Target::Hex(Hex(1)))), "refused", "nothing to board there");
        assert!(c.back(&g) && c.stage() == Stage::Verb, "Esc: back to the verbs");
        c.row = 1;
        went(&mut c, |c| c.on_confirm(&g));
        let board = Action::BoardShip { unit: 0, ship: 0 };
        assert_eq!(went(&mut c, |c| c.on_place(&g, Target::Sea(x))), format!("act {board:?}"));
    }

    /// R53: a knight aboard leaves its ship for a land hex beside the ship's sea hex, its only
    /// verb (skipped, and skipped again going back).
    #[test]
    fn r53_a_knight_aboard_leaves_for_a_marked_land_hex() {
        let config = Config::default().with_modules(Modules::SEA.without(crate::engine::Module::Colonist));
        let x = config.map.topology().hex_sea(Hex(0)).iter().next().expect("a coastal hex");
        let g = Scenario::new(config, 1)
            .turn(A)
            .rolled()
            .ship(A, UnitKind::CargoShip, x)
            .aboard(A, UnitKind::Knight, 0)
            .build()
            .unwrap();
        let mut c = UnitChoice::new(&g.legal_actions());
        let names = |s: Seat| s.to_string();
        let rows = c.rows(&g, &names);
        let at = rows.iter().position(|r| r == "your knight aboard a cargo ship").expect("listed");
        c.row = at;
        assert_eq!(went(&mut c, |c| c.on_confirm(&g)), "island", "one verb, leave: straight to the island");
        assert_eq!(c.verb(&g), Some(Verb::Leave));
        let places = c.places(&g);
        assert!(!places.is_empty() && places.iter().all(|t| matches!(t, Target::Hex(_))), "{places:?}");
        assert!(c.back(&g) && c.stage() == Stage::What, "Esc skips the one-verb step back");
    }

    /// H5: two cargo ships on one sea hex make the last list, "which"; it acts at once, so
    /// Enter boards neither until the player moves to one.
    #[test]
    fn h5_the_which_list_of_several_names_none_until_the_player_moves() {
        let config = Config::default().with_modules(Modules::SEA.on_map(MapId::Standard));
        let h = Hex(0);
        let x = config.map.topology().hex_sea(h).iter().next().expect("a coastal hex");
        let g = Scenario::new(config, 1)
            .turn(A)
            .rolled()
            .unit(A, UnitKind::Knight, h)
            .ship(A, UnitKind::CargoShip, x)
            .ship(A, UnitKind::CargoShip, x)
            .build()
            .unwrap();
        let mut c = UnitChoice::new(&g.legal_actions());
        let names = |s: Seat| s.to_string();
        c.row = c.rows(&g, &names).iter().position(|r| r.starts_with("your knight")).expect("the knight listed");
        went(&mut c, |c| c.on_confirm(&g));
        c.row = c.rows(&g, &names).iter().position(|r| r.starts_with("board")).expect("board listed");
        assert_eq!(went(&mut c, |c| c.on_confirm(&g)), "island");
        assert_eq!(went(&mut c, |c| c.on_place(&g, Target::Sea(x))), "list", "two ships there: which");
        assert_eq!(c.rows(&g, &names).len(), 2);
        assert!(!c.marked(0) && !c.marked(1), "no row marked");
        assert_eq!(went(&mut c, |c| c.on_confirm(&g)), "refused", "Enter boards neither");
        c.go(false, 2);
        assert!(went(&mut c, |c| c.on_confirm(&g)).starts_with("act BoardShip"));
    }
}
