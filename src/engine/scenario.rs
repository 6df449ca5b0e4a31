//! Scenario: a builder that sets up a position in one line per piece or card, for tests and
//! save-file tools.
//!
//! The game's fields are private, so positions that would take dozens of actions to reach are
//! set here directly, then checked: [`Scenario::build`] recomputes road lengths and the awards
//! the way play does and runs [`Game::validate`], so a scenario can't hold a state the rules
//! forbid (a 20th brick, two neighbouring settlements, a 26th development card).
//!
//! ```
//! use catan::engine::{BoardKind, Config, Hand, Phase, Scenario, Seat, Vertex};
//!
//! let config = Config { board: BoardKind::Beginner, ..Config::default() };
//! let game = Scenario::new(config, 1)
//!     .settlement(Seat(0), Vertex(0))
//!     .hand(Seat(0), Hand::ROAD)
//!     .turn(Seat(0))
//!     .rolled()
//!     .build()
//!     .unwrap();
//! assert_eq!(game.phase(), Phase::Main);
//! assert_eq!(game.view(Seat(0)).hand(), Hand::ROAD);
//! ```

use super::action::{Action, Event, Piece, Seat, UnitKind};
use super::cards::{DevCard, Hand, Resource};
use super::config::Config;
use super::coords::{Edge, Hex, SeaHex, Vertex};
use super::game::{Game, Phase, Turn};
use super::rng::GameRng;
use super::rules::{ARMY_MIN, Unit};

/// A position under construction. Every method takes and returns the builder, so a fixture
/// reads as one chain; mistakes (a spot off the island, a card the bank lacks) are collected and
/// reported by [`Scenario::build`].
#[derive(Clone, Debug)]
pub struct Scenario {
    game: Game,
    errors: Vec<String>,
    roll: Option<u8>,
}

impl Scenario {
    /// A dealt game (board, deck and RNG from `seed`) with set-up skipped: no pieces, a full
    /// bank, and turn 1 of the first player waiting for the roll.
    pub fn new(config: Config, seed: u64) -> Scenario {
        let (game, errors) = match Game::new(config, seed) {
            Ok(g) => (g, Vec::new()),
            Err(e) => (Game::new(Config::default(), seed).expect("the default config is valid"), vec![e.to_string()]),
        };
        let first = game.first;
        Scenario { game, errors, roll: None }.turn(first)
    }

    /// Starts from an existing game, pieces, cards and phase included.
    pub fn from_game(game: Game) -> Scenario {
        Scenario { game, errors: Vec::new(), roll: None }
    }

    fn fail(mut self, msg: String) -> Scenario {
        self.errors.push(msg);
        self
    }

    fn seat_ok(&self, s: Seat) -> bool {
        s.index() < self.game.num_players()
    }

    /// Puts a settlement of `s` on `v` (free, no road needed; the distance rule is checked at
    /// [`Scenario::build`]).
    pub fn settlement(self, s: Seat, v: Vertex) -> Scenario {
        self.building(s, v, Piece::Settlement)
    }

    /// Puts a city of `s` on `v` (replacing a settlement of theirs there, if any).
    pub fn city(self, s: Seat, v: Vertex) -> Scenario {
        self.building(s, v, Piece::City)
    }

    /// Puts a castle of `s` on `v` (R44; replacing a building of theirs there, if any). The
    /// rules must play castles.
    pub fn castle(self, s: Seat, v: Vertex) -> Scenario {
        self.building(s, v, Piece::Castle)
    }

    fn building(mut self, s: Seat, v: Vertex, piece: Piece) -> Scenario {
        if !self.seat_ok(s) || v.index() >= self.game.topology().num_vertices() {
            return self.fail(format!("no {s} or intersection {} in this game", v.0));
        }
        if let Some((o, _)) = self.game.building_at(v)
            && o != s
        {
            return self.fail(format!("intersection {} already holds a building of {o}", v.0));
        }
        let p = &mut self.game.players[s.index()];
        p.settlements.remove(v);
        p.cities.remove(v);
        p.castles.remove(v);
        match piece {
            Piece::Settlement => p.settlements.insert(v),
            Piece::Castle => {
                p.cities.insert(v);
                p.castles.insert(v);
            }
            _ => p.cities.insert(v),
        }
        self
    }

    /// Puts a road of `s` on `e` (free, no connection needed).
    pub fn road(mut self, s: Seat, e: Edge) -> Scenario {
        if !self.seat_ok(s) || e.index() >= self.game.topology().num_edges() {
            return self.fail(format!("no {s} or path {} in this game", e.0));
        }
        if let Some(o) = self.game.road_at(e) {
            return self.fail(format!("path {} already holds a road of {o}", e.0));
        }
        self.game.players[s.index()].roads.insert(e);
        self
    }

    /// Sets the resource cards of `s` to exactly `hand`, taking from or returning to the bank
    /// (so each resource still adds up to the bank's start).
    pub fn hand(mut self, s: Seat, hand: Hand) -> Scenario {
        if !self.seat_ok(s) {
            return self.fail(format!("no {s} in this game"));
        }
        let old = self.game.players[s.index()].hand;
        for r in Resource::CARDS {
            if self.game.bank[r] as u32 + (old[r] as u32) < hand[r] as u32 {
                return self.fail(format!("the bank can't give {s} {} {r}", hand[r]));
            }
        }
        self.game.bank.add(&old);
        self.game.bank.sub(&hand);
        self.game.players[s.index()].hand = hand;
        self
    }

    /// Gives `s` a development card from the deck, held since an earlier turn (so playable).
    pub fn dev(mut self, s: Seat, card: DevCard) -> Scenario {
        if !self.seat_ok(s) || !self.game.deck.move_to_top(card) {
            return self.fail(format!("no {card} card left in the deck for {s}"));
        }
        self.game.deck.draw();
        self.game.players[s.index()].dev[card] += 1;
        self
    }

    /// Records that `s` has played `n` knights (taken from the deck).
    pub fn knights(mut self, s: Seat, n: u8) -> Scenario {
        if !self.seat_ok(s) {
            return self.fail(format!("no {s} in this game"));
        }
        for _ in 0..n {
            if !self.game.deck.move_to_top(DevCard::Knight) {
                return self.fail(format!("not enough knights left in the deck for {s}"));
            }
            self.game.deck.draw();
            self.game.players[s.index()].knights += 1;
        }
        self
    }

    /// Puts `card` on top of the deck, so the next purchase draws it.
    pub fn deck_top(mut self, card: DevCard) -> Scenario {
        if !self.game.deck.move_to_top(card) {
            return self.fail(format!("no {card} card left in the deck"));
        }
        self
    }

    /// Moves the robber to `h`.
    pub fn robber(mut self, h: Hex) -> Scenario {
        if h.index() >= self.game.topology().num_hexes() {
            return self.fail(format!("no hex {} on this island", h.0));
        }
        self.game.board.set_robber(h);
        self
    }

    /// Starts a fresh turn of `s` (same turn number), waiting for the roll: nothing rolled,
    /// played, built or bought yet.
    pub fn turn(mut self, s: Seat) -> Scenario {
        if !self.seat_ok(s) {
            return self.fail(format!("no {s} in this game"));
        }
        let number = self.game.turn.number.max(1);
        self.game.turn = Turn { seat: s, number, ..Turn::default() };
        self.game.phase = Phase::Roll;
        self
    }

    /// Sets the turn's number (from 1); with phases (R57) in the attack phase, the round's
    /// order is worked out from the position as it stands and the turn goes to the seat of
    /// that place.
    pub fn turn_number(mut self, number: u32) -> Scenario {
        self.game.turn.number = number.max(1);
        if let Some(at) = self.game.war_turn(self.game.turn.number).filter(|at| at.attack) {
            self.game.order_attack_round();
            self.game.turn.seat = self.game.house.attack_order.seat(at.place).expect("a place for each player");
        }
        self
    }

    /// Marks this turn's dice as rolled (the dice themselves unknown) and goes to the main
    /// phase: trade, build, play, end the turn.
    pub fn rolled(mut self) -> Scenario {
        self.game.turn.rolled = true;
        self.game.phase = Phase::Main;
        self
    }

    /// Reseeds the game's RNG so that the next roll of the dice totals `total` (2 to 12).
    /// Applied at [`Scenario::build`], after everything else is in place.
    pub fn next_roll(mut self, total: u8) -> Scenario {
        self.roll = Some(total);
        self
    }

    /// Sets who holds Longest Road before [`Scenario::build`] re-applies R35 (so a holder tied
    /// with another player keeps it, as in play).
    pub fn longest_road(mut self, holder: Option<Seat>) -> Scenario {
        self.game.longest_road = holder;
        self
    }

    /// Sets who holds Largest Metropolis (R49) before [`Scenario::build`] re-applies R35.
    pub fn metropolis(mut self, holder: Option<Seat>) -> Scenario {
        self.game.house.metropolis = holder;
        self
    }

    /// Sets who holds Harbor Master (R50) before [`Scenario::build`] re-applies R35.
    pub fn harbor_master(mut self, holder: Option<Seat>) -> Scenario {
        self.game.house.harbor_master = holder;
        self
    }

    /// Sets the gold produced since the dragon's last attack (R43).
    pub fn dragon_gold(mut self, count: u8) -> Scenario {
        self.game.house.dragon_gold = count;
        self
    }

    /// Puts a knight unit (R52) of `s` of `kind` on land hex `h`, in their first empty slot
    /// (the knight module must be on: [`Scenario::build`] checks it).
    pub fn unit(mut self, s: Seat, kind: UnitKind, h: Hex) -> Scenario {
        if !self.seat_ok(s) || h.index() >= self.game.topology().num_hexes() {
            return self.fail(format!("no unit of {s} on hex {}", h.0));
        }
        match self.game.units.knights[s.index()].iter_mut().find(|u| u.is_empty()) {
            Some(slot) => *slot = Unit::new(kind, h.0),
            None => return self.fail(format!("{s} has 6 units already")),
        }
        self
    }

    /// Puts a ship (R53) of `s` of `kind` on sea hex `x`, in their first empty ship slot (the
    /// ship module must be on: [`Scenario::build`] checks it).
    pub fn ship(mut self, s: Seat, kind: UnitKind, x: SeaHex) -> Scenario {
        if !self.seat_ok(s) || x.index() >= self.game.topology().num_sea_hexes() || !kind.is_ship() {
            return self.fail(format!("no {kind} of {s} on sea hex {}", x.0));
        }
        match self.game.units.ships[s.index()].iter_mut().find(|u| u.is_empty()) {
            Some(slot) => *slot = Unit::new(kind, x.0),
            None => return self.fail(format!("{s} has 6 ships already")),
        }
        self
    }

    /// Puts a knight unit of `s` of `kind` aboard their cargo ship in slot `ship` (R53).
    pub fn aboard(mut self, s: Seat, kind: UnitKind, ship: u8) -> Scenario {
        if !self.seat_ok(s) || kind.is_ship() {
            return self.fail(format!("no {kind} of {s} aboard"));
        }
        match self.game.units.knights[s.index()].iter_mut().find(|u| u.is_empty()) {
            Some(slot) => *slot = Unit::aboard_ship(kind, ship),
            None => return self.fail(format!("{s} has 6 units already")),
        }
        self
    }

    /// Sets who holds Largest Army; without it, [`Scenario::build`] gives it to the one player
    /// with the most knights played, 3 or more.
    pub fn largest_army(mut self, holder: Option<Seat>) -> Scenario {
        self.game.largest_army = holder;
        self
    }

    /// Finishes the position: measures every road, applies R35 and R36 from the current
    /// holders, seeds the next roll if asked, and checks the rules' invariants.
    pub fn build(mut self) -> Result<Game, String> {
        if !self.errors.is_empty() {
            return Err(self.errors.join("; "));
        }
        let g = &mut self.game;
        g.refresh_derived();
        g.award_longest_road(&mut Vec::new());
        g.award_house(&mut Vec::new());
        if g.config.modules.has(super::config::Module::Ships) {
            g.award_navy(&mut Vec::new());
        }
        if g.largest_army.is_none() && g.config.modules.has(super::config::Module::Knights) {
            g.award_army_units(&mut Vec::new());
        } else if g.largest_army.is_none() {
            let best = g.seats().map(|s| g.knights_played(s)).max().unwrap_or(0);
            let mut at_best = g.seats().filter(|&s| g.knights_played(s) == best);
            if let (Some(s), None) = (at_best.next(), at_best.next())
                && best >= ARMY_MIN
            {
                g.largest_army = Some(s);
            }
        }
        if let Some(total) = self.roll {
            let seed = (0..10_000).find(|&k| roll_with(g, k) == Some(total));
            let seed = seed.ok_or_else(|| format!("no RNG seed rolls a total of {total}"))?;
            g.rng = GameRng::seed_from_u64(seed);
        }
        g.validate()?;
        Ok(self.game)
    }
}

/// The total the dice would show if the game's RNG were seeded with `seed` before the roll.
fn roll_with(game: &Game, seed: u64) -> Option<u8> {
    let mut g = *game;
    g.rng = GameRng::seed_from_u64(seed);
    g.phase = Phase::Roll;
    g.turn.rolled = false;
    let events = g.apply(Action::RollDice).ok()?;
    events.iter().find_map(|e| match e {
        Event::DiceRolled { dice, .. } => Some(dice[0] + dice[1]),
        _ => None,
    })
}
