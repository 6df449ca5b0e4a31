//! R44 `castles`: a city may become a castle, paid for with one of each resource (the cost of
//! R48, the same with or without the seed's costs); the city piece returns to supply, and a
//! player has 4 castles. A castle is worth 3 points and produces 3 cards (3 choices on a 7
//! without robber, R45); Largest Metropolis (R49) and Harbor Master (R50) count it 3.
//!
//! A castle is a city with walls: it stays in the owner's `cities` and is marked in
//! `castles` too, so everything that asks where buildings stand (the distance rule, roads,
//! harbors, the robber's victims, R45's choices) treats it as the city it was. What differs is
//! counted where it is counted: points ([`Game::public_points`]), production, supply
//! ([`Game::pieces_left`], [`Game::castles_left`]) and the awards' building points.
//!
//! Castles cannot be attacked by other players' units; there are no units until the knight
//! module exists, so nothing here yet. The dragon (R43) can still attack a castle: it becomes a
//! city again (if the owner has a city piece left), which is clearing its bit in `castles`.

use crate::engine::action::{Action, Event, Piece, RuleError, Seat};
use crate::engine::config::Module;
use crate::engine::coords::Vertex;
use crate::engine::game::Game;
use crate::engine::sets::IntersectionSet;
use crate::engine::sink::{ActionSink, EventSink};

impl Game {
    /// R44: a castle's point above the city it is (counted in [`Game::public_points`]).
    #[inline(always)]
    pub(super) fn castle_points(&self, s: Seat) -> u8 {
        self.players[s.index()].castles.len() as u8
    }

    /// R44: the card a castle produces above the city it is, for a roll on the hex with
    /// `corners` (production adds it to the city's two when castles are played).
    #[inline(always)]
    pub(in crate::engine::rules) fn castle_cards(&self, castles: IntersectionSet, corners: IntersectionSet) -> u32 {
        (castles & corners).len()
    }

    /// Sites of a castle: the player's cities that are not castles yet (none without R44).
    #[inline(always)]
    fn castle_sites(&self, s: Seat) -> IntersectionSet {
        let p = &self.players[s.index()];
        p.cities - p.castles
    }

    /// The castles the player may build now (R44); nothing without the module.
    #[inline(always)]
    pub(in crate::engine::rules) fn push_castles(&self, s: Seat, out: &mut impl ActionSink) {
        if self.config.modules.has(Module::Castles) {
            self.push_castles_now(s, out);
        }
    }

    #[inline(never)]
    fn push_castles_now(&self, s: Seat, out: &mut impl ActionSink) {
        if self.supply(s, Piece::Castle).is_ok() {
            out.push_all(self.castle_sites(s).iter().map(Action::BuildCastle));
        }
    }

    /// A castle on `v` (R44): the module is on, `v` holds one of the player's cities, and the
    /// player pays one of each resource and has a castle left.
    pub(in crate::engine::rules) fn check_castle(&self, s: Seat, v: Vertex) -> Result<(), RuleError> {
        if !self.config.modules.has(Module::Castles) {
            return Err(RuleError::ModuleOff(Module::Castles.name()));
        }
        self.check_vertex(v)?;
        if !self.castle_sites(s).contains(v) {
            return Err(RuleError::NotYourCity);
        }
        self.supply(s, Piece::Castle)
    }

    /// Turns a city into a castle, paid for; its city piece goes back to supply. Points change
    /// (checked for a win by the dispatch), and so may the house awards (R49, R50).
    pub(in crate::engine::rules) fn build_castle(&mut self, s: Seat, v: Vertex, ev: &mut impl EventSink) {
        self.pay_in(s, self.config.costs.castle);
        self.turn.built = true;
        self.players[s.index()].castles.insert(v);
        ev.push(Event::Built { seat: s, piece: Piece::Castle, at: v.0 });
    }
}
