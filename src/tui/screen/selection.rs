//! Choosing a place on the island: the cursor over intersections, paths or hexes, the legal
//! targets it can jump between, and the action a confirmed choice becomes.

use crate::engine::{Action, Edge, Game, Hand, Hex, SeaHex, Topology, Vertex};
use crate::tui::screen::keymap::Cmd;
use crate::tui::screen::outcome::Outcome;

/// A place on the island.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Vertex(Vertex),
    Edge(Edge),
    Hex(Hex),
    /// A sea hex (R51): where ships are built and sail (R53).
    Sea(SeaHex),
}

/// The second step: what the unit does (building has no second choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Build,
    Move,
    /// A knight unit boards a cargo ship (R53).
    Board,
    /// A knight unit leaves its cargo ship for a land hex (R53).
    Leave,
    Sail,
    /// R56.
    Attack,
}

impl Verb {
    /// The verb in a list, and in the prompt of the island step.
    pub fn words(self) -> &'static str {
        match self {
            Verb::Build => "build",
            Verb::Move => "move",
            Verb::Board => "board a cargo ship",
            Verb::Leave => "leave the cargo ship",
            Verb::Sail => "sail",
            Verb::Attack => "attack",
        }
    }
}

/// What is being placed: it decides the kind of target and the action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Settlement,
    City,
    /// R44: a city becomes a castle.
    Castle,
    /// A road: bought, free in set-up, or free from a road building card.
    Road,
    Robber,
    /// Where a unit is built or goes, or what it attacks (R52, R53, R56): the places of the
    /// actions the units' choice has left (screen/unit_choice.rs), land hexes, sea hexes or corners.
    Unit(Verb),
}

impl Purpose {
    /// The action that places at `t`, with no victim chosen yet for the robber.
    pub fn action(self, t: Target) -> Option<Action> {
        match (self, t) {
            (Purpose::Settlement, Target::Vertex(v)) => Some(Action::BuildSettlement(v)),
            (Purpose::City, Target::Vertex(v)) => Some(Action::BuildCity(v)),
            (Purpose::Castle, Target::Vertex(v)) => Some(Action::BuildCastle(v)),
            (Purpose::Road, Target::Edge(e)) => Some(Action::BuildRoad(e)),
            (Purpose::Robber, Target::Hex(hex)) => Some(Action::MoveRobber { hex, victim: None }),
            _ => None,
        }
    }

    /// The target a legal action places at, if it is of this purpose.
    fn target_of(self, game: &Game, a: Action) -> Option<Target> {
        match (self, a) {
            (Purpose::Unit(_), a) => place_of(game, a),
            (Purpose::Settlement, Action::BuildSettlement(v))
            | (Purpose::City, Action::BuildCity(v))
            | (Purpose::Castle, Action::BuildCastle(v)) => Some(Target::Vertex(v)),
            (Purpose::Road, Action::BuildRoad(e)) => Some(Target::Edge(e)),
            (Purpose::Robber, Action::MoveRobber { hex, .. }) => Some(Target::Hex(hex)),
            _ => None,
        }
    }

    /// True for a unit's places (R52, R53, R56).
    pub fn is_unit(self) -> bool {
        matches!(self, Purpose::Unit(_))
    }

    /// Words for the prompt: "a settlement".
    pub fn noun(self) -> &'static str {
        match self {
            Purpose::Settlement => "a settlement",
            Purpose::City => "a city",
            Purpose::Castle => "a castle",
            Purpose::Road => "a road",
            Purpose::Robber => "the robber",
            Purpose::Unit(Verb::Attack) => "the target",
            Purpose::Unit(_) => "the unit",
        }
    }

    /// What building costs in this game (its rules' costs), with its noun; `None` for the
    /// robber.
    pub fn cost(self, game: &Game) -> Option<(&'static str, Hand)> {
        let costs = game.config().costs;
        let cost = match self {
            Purpose::Settlement => costs.settlement,
            Purpose::City => costs.city,
            Purpose::Castle => costs.castle,
            Purpose::Road => costs.road,
            Purpose::Robber | Purpose::Unit(_) => return None,
        };
        Some((self.noun(), cost))
    }
}

/// Arrow directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    /// The arrow that undoes this one.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }
}

/// A place being chosen: the cursor and the legal targets (highlighted, reached with Tab).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    pub purpose: Purpose,
    /// Legal targets in reading order (top to bottom, left to right).
    pub legal: Vec<Target>,
    pub cursor: Target,
    /// Esc goes back (false where the rules demand a placement now).
    pub cancellable: bool,
    /// The last arrow step and where it came from: the opposite arrow goes back there, so
    /// arrows undo each other (issue 23: from a corner, Down then Up drifted elsewhere).
    pub back: Option<(Dir, Target)>,
}

impl Selection {
    /// The place a move was made at, as a one-target selection for the island to highlight
    /// (the last computer player's move, until the next).
    pub fn of_move(action: Action) -> Option<Selection> {
        let (purpose, target) = match action {
            Action::BuildSettlement(v) => (Purpose::Settlement, Target::Vertex(v)),
            Action::BuildCity(v) => (Purpose::City, Target::Vertex(v)),
            Action::BuildCastle(v) => (Purpose::Castle, Target::Vertex(v)),
            Action::BuildRoad(e) => (Purpose::Road, Target::Edge(e)),
            Action::MoveRobber { hex, .. } => (Purpose::Robber, Target::Hex(hex)),
            // Units (R52, R53): where one was built or went.
            Action::BuildKnight { hex, .. } => (Purpose::Unit(Verb::Build), Target::Hex(hex)),
            Action::MoveKnight { to, .. } => (Purpose::Unit(Verb::Move), Target::Hex(to)),
            Action::BuildShip { sea, .. } => (Purpose::Unit(Verb::Build), Target::Sea(sea)),
            Action::SailShip { to, .. } => (Purpose::Unit(Verb::Sail), Target::Sea(to)),
            _ => return None,
        };
        Some(Selection { purpose, legal: vec![target], cursor: target, cancellable: false, back: None })
    }

    /// A selection of the legal targets of `purpose`, the cursor on the legal target nearest
    /// to `near` (where the cursor last was).
    pub fn new(game: &Game, purpose: Purpose, near: Option<Target>, cancellable: bool) -> Selection {
        Selection::among(game, &game.legal_actions(), purpose, near, cancellable)
    }

    /// [`Selection::new`] from the position's legal actions, worked out already (the app's
    /// shared list).
    pub fn among(
        game: &Game,
        actions: &[Action],
        purpose: Purpose,
        near: Option<Target>,
        cancellable: bool,
    ) -> Selection {
        let topo = game.topology();
        let mut legal: Vec<Target> = actions.iter().filter_map(|&a| purpose.target_of(game, a)).collect();
        legal.sort_by_key(|&t| {
            let (x, y) = point(topo, t);
            (y, x)
        });
        legal.dedup();
        let all = all_targets(topo, purpose);
        let centre = Target::Hex(crate::engine::Hex((topo.num_hexes() / 2) as u8));
        let from =
            near.filter(|t| same_kind(*t, all[0])).unwrap_or_else(|| nearest(topo, &all, centre).unwrap_or(all[0]));
        let cursor = nearest(topo, &legal, from).unwrap_or(from);
        Selection { purpose, legal, cursor, cancellable, back: None }
    }

    /// Moving the robber: the cursor starts where the robber stands, which it must leave, so
    /// the first Enter on a fresh screen moves and steals nothing (H1a, issue 23): the player
    /// chooses a hex first (arrows, Tab).
    pub fn robber(game: &Game, actions: &[Action]) -> Selection {
        let mut sel = Selection::among(game, actions, Purpose::Robber, None, false);
        sel.cursor = Target::Hex(game.board().robber());
        sel
    }

    /// A key while a place is chosen: the arrows and Tab move the cursor; Enter takes the
    /// place under it (legal or not: what it is chosen for says); Esc closes a choice that may
    /// wait, goes back a step in the units' choice, and is refused where the rules demand a
    /// place now.
    pub fn on_cmd(&mut self, topo: &Topology, cmd: Cmd) -> Outcome<Target> {
        match cmd {
            Cmd::Up => self.step(topo, Dir::Up),
            Cmd::Down => self.step(topo, Dir::Down),
            Cmd::Left => self.step(topo, Dir::Left),
            Cmd::Right => self.step(topo, Dir::Right),
            Cmd::Next => self.cycle(topo, true),
            Cmd::Prev => self.cycle(topo, false),
            Cmd::Cancel if self.purpose.is_unit() => return Outcome::Back,
            Cmd::Cancel if self.cancellable => return Outcome::Close,
            Cmd::Cancel => return Outcome::Refuse(format!("{} must be placed now", self.purpose.noun())),
            Cmd::Confirm => return Outcome::Next(self.cursor),
            _ => {}
        }
        Outcome::Stay
    }

    /// True when the cursor is on a legal target.
    pub fn on_legal(&self) -> bool {
        self.legal.contains(&self.cursor)
    }

    /// The places the arrows (and a click) move the cursor over: all places of its kind; for
    /// an attack, only its targets (a few, of mixed kinds, around one hex).
    pub fn space(&self, topo: &Topology) -> Vec<Target> {
        match self.purpose {
            Purpose::Unit(Verb::Attack) => self.legal.clone(),
            p => all_targets(topo, p),
        }
    }

    /// Moves the cursor one step over all places of its kind.
    pub fn step(&mut self, topo: &Topology, dir: Dir) {
        let from = self.cursor;
        if let Some((last, t)) = self.back
            && last == dir.opposite()
        {
            self.cursor = t;
        } else if let Some(t) = neighbour(topo, &self.space(topo), from, dir) {
            self.cursor = t;
        } else {
            return;
        }
        self.back = Some((dir, from));
    }

    /// Jumps to the next (or previous) legal target in reading order.
    pub fn cycle(&mut self, topo: &Topology, forward: bool) {
        if self.legal.is_empty() {
            return;
        }
        let n = self.legal.len();
        let next = match self.legal.iter().position(|&t| t == self.cursor) {
            Some(i) if forward => (i + 1) % n,
            Some(i) => (i + n - 1) % n,
            None => {
                // Off the legal targets: go to the first one after (or before) the cursor.
                let key = |t: Target| {
                    let (x, y) = point(topo, t);
                    (y, x)
                };
                let here = key(self.cursor);
                if forward {
                    self.legal.iter().position(|&t| key(t) > here).unwrap_or(0)
                } else {
                    self.legal.iter().rposition(|&t| key(t) < here).unwrap_or(n - 1)
                }
            }
        };
        self.cursor = self.legal[next];
        self.back = None;
    }
}

/// The place on the island an action goes to (the third step's key): the land or sea hex a
/// unit is built on or goes to, the sea hex of the cargo ship boarded, the hex of the unit
/// attacked or the corner of the building attacked.
pub fn place_of(game: &Game, a: Action) -> Option<Target> {
    use crate::engine::{SHIP_SLOT, Target as Aim};
    match a {
        Action::BuildKnight { hex, .. } | Action::MoveKnight { to: hex, .. } => Some(Target::Hex(hex)),
        Action::BuildShip { sea, .. } | Action::SailShip { to: sea, .. } => Some(Target::Sea(sea)),
        Action::BoardShip { ship, .. } => {
            game.ship_units(game.to_act()).find(|u| u.0 == ship).map(|u| Target::Sea(u.2))
        }
        Action::Attack { target: Aim::Building(v), .. } => Some(Target::Vertex(v)),
        Action::Attack { target: Aim::Unit { seat, unit }, .. } if unit >= SHIP_SLOT => {
            game.ship_units(seat).find(|u| u.0 == unit - SHIP_SLOT).map(|u| Target::Sea(u.2))
        }
        Action::Attack { target: Aim::Unit { seat, unit }, .. } => {
            game.knight_units(seat).find(|u| u.0 == unit).map(|u| Target::Hex(u.2))
        }
        _ => None,
    }
}

fn same_kind(a: Target, b: Target) -> bool {
    std::mem::discriminant(&a) == std::mem::discriminant(&b)
}

/// Every place of the kind a purpose chooses.
pub fn all_targets(topo: &Topology, purpose: Purpose) -> Vec<Target> {
    match purpose {
        Purpose::Settlement | Purpose::City | Purpose::Castle => topo.vertices().map(Target::Vertex).collect(),
        Purpose::Road => topo.edges().map(Target::Edge).collect(),
        Purpose::Robber => topo.hexes().map(Target::Hex).collect(),
        // Land and sea: a knight may board a cargo ship, a ship's target may be a hex away.
        Purpose::Unit(_) => topo.hexes().map(Target::Hex).chain(topo.sea_hexes().map(Target::Sea)).collect(),
    }
}

/// A target's position, scaled so distances are roughly true on the island: doubled
/// coordinates times 2 (so path midpoints are whole), x stretched by 7/4 ~ sqrt(3).
pub fn point(topo: &Topology, t: Target) -> (i32, i32) {
    let (x2, y2) = match t {
        Target::Vertex(v) => {
            let (x, y) = topo.vertex_pos(v);
            (2 * x as i32, 2 * y as i32)
        }
        Target::Edge(e) => {
            let [a, b] = topo.edge_vertices(e);
            let (pa, pb) = (topo.vertex_pos(a), topo.vertex_pos(b));
            ((pa.0 + pb.0) as i32, (pa.1 + pb.1) as i32)
        }
        Target::Hex(h) => {
            let (x, y) = topo.hex_pos(h);
            (2 * x as i32, 2 * y as i32)
        }
        Target::Sea(s) => {
            let (x, y) = topo.sea_pos(s);
            (2 * x as i32, 2 * y as i32)
        }
    };
    (x2 * 7, y2 * 4)
}

fn nearest(topo: &Topology, among: &[Target], from: Target) -> Option<Target> {
    let (fx, fy) = point(topo, from);
    among.iter().copied().min_by_key(|&t| {
        let (x, y) = point(topo, t);
        (x - fx).pow(2) + (y - fy).pow(2)
    })
}

/// The place reached by one arrow press: the nearest one lying in that direction.
fn neighbour(topo: &Topology, all: &[Target], from: Target, dir: Dir) -> Option<Target> {
    let (fx, fy) = point(topo, from);
    all.iter()
        .copied()
        .filter_map(|t| {
            let (x, y) = point(topo, t);
            let (dx, dy) = (x - fx, y - fy);
            let (ahead, side) = match dir {
                Dir::Up => (-dy, dx),
                Dir::Down => (dy, dx),
                Dir::Left => (-dx, dy),
                Dir::Right => (dx, dy),
            };
            // Within 60 degrees of the direction pressed.
            // Squared distance with the sideways part counted four times: a neighbour off to
            // the side beats a place twice as far straight ahead (hexes above the centre).
            (ahead > 0 && side.abs() * 4 <= ahead * 7).then_some((ahead * ahead + 4 * side * side, t))
        })
        .min_by_key(|&(score, _)| score)
        .map(|(_, t)| t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, MapId};

    /// Issue 23: from any place, an arrow then the opposite arrow comes back; and the first
    /// arrow again goes where it went the first time.
    #[test]
    fn arrows_undo_each_other() {
        let game = crate::engine::Game::new(Config::default(), 1).unwrap();
        let topo = game.topology();
        for purpose in [Purpose::Settlement, Purpose::Road, Purpose::Robber] {
            for t in all_targets(topo, purpose) {
                for dir in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
                    let mut sel = Selection::new(&game, purpose, None, true);
                    sel.cursor = t;
                    sel.step(topo, dir);
                    let there = sel.cursor;
                    if there == t {
                        // Nothing lies that way: the opposite arrow is a step of its own.
                        continue;
                    }
                    sel.step(topo, dir.opposite());
                    assert_eq!(sel.cursor, t, "{purpose:?} {dir:?} then back from {t:?}");
                    sel.step(topo, dir);
                    assert_eq!(sel.cursor, there);
                }
            }
        }
    }

    #[test]
    fn arrows_reach_every_intersection_and_back() {
        let topo = MapId::Standard.topology();
        let all = all_targets(topo, Purpose::Settlement);
        for &t in &all {
            for (there, back) in [(Dir::Up, Dir::Down), (Dir::Left, Dir::Right)] {
                if let Some(n) = neighbour(topo, &all, t, there) {
                    assert_ne!(n, t);
                    assert!(neighbour(topo, &all, n, back).is_some());
                }
            }
        }
    }

    /// Issue 13: on either island, the arrows lead from where the cursor starts to every
    /// intersection, every path and every hex.
    #[test]
    fn arrows_reach_every_place_of_each_island() {
        for map in MapId::ALL {
            let topo = map.topology();
            for purpose in [Purpose::Settlement, Purpose::Road, Purpose::Robber] {
                let all = all_targets(topo, purpose);
                let centre = Target::Hex(crate::engine::Hex((topo.num_hexes() / 2) as u8));
                let start = nearest(topo, &all, centre).unwrap();
                let mut seen = std::collections::HashSet::from([start]);
                let mut todo = vec![start];
                while let Some(t) = todo.pop() {
                    for dir in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
                        if let Some(n) = neighbour(topo, &all, t, dir).filter(|n| seen.insert(*n)) {
                            todo.push(n);
                        }
                    }
                }
                let missed: Vec<_> = all.iter().filter(|t| !seen.contains(t)).collect();
                assert!(missed.is_empty(), "{map:?} {purpose:?}: the arrows never reach {missed:?}");
            }
        }
    }

    #[test]
    fn tab_cycles_the_legal_targets_of_setup() {
        let game = Game::new(Config::default(), 1).unwrap();
        let mut sel = Selection::new(&game, Purpose::Settlement, None, false);
        assert_eq!(sel.legal.len(), 54);
        assert!(sel.on_legal());
        let start = sel.cursor;
        for _ in 0..54 {
            sel.cycle(game.topology(), true);
        }
        assert_eq!(sel.cursor, start);
        sel.cycle(game.topology(), false);
        sel.cycle(game.topology(), true);
        assert_eq!(sel.cursor, start);
    }

    #[test]
    fn arrows_on_hexes_go_to_the_neighbour_in_that_direction() {
        let topo = MapId::Standard.topology();
        let all = all_targets(topo, Purpose::Robber);
        let centre = Target::Hex(crate::engine::Hex(9));
        let pos = |t: Target| match t {
            Target::Hex(h) => topo.hex_pos(h),
            _ => unreachable!(),
        };
        let (cx, cy) = pos(centre);
        let left = neighbour(topo, &all, centre, Dir::Left).unwrap();
        assert_eq!(pos(left), (cx - 2, cy));
        let up = neighbour(topo, &all, centre, Dir::Up).unwrap();
        assert_eq!(pos(up).1, cy - 3);
        let up_left = neighbour(topo, &all, up, Dir::Left).unwrap();
        assert_eq!(pos(up_left), (pos(up).0 - 2, cy - 3));
    }

    /// A computer player's unit shows where it was built or went, on land or sea (R52, R53).
    #[test]
    fn a_bots_unit_move_is_highlighted_where_it_went() {
        use crate::engine::{Hex, SeaHex, UnitKind};
        let at = |a| Selection::of_move(a).map(|s| s.cursor);
        assert_eq!(at(Action::MoveKnight { unit: 0, to: Hex(4) }), Some(Target::Hex(Hex(4))));
        assert_eq!(at(Action::BuildShip { kind: UnitKind::Ship, sea: SeaHex(3) }), Some(Target::Sea(SeaHex(3))));
        assert_eq!(at(Action::SailShip { unit: 1, to: SeaHex(5) }), Some(Target::Sea(SeaHex(5))));
    }
}
