//! R43 `dragon` (with `gold`): the game counts the gold production pays out. Once all
//! production of a roll is paid, for every full 7 counted the dragon attacks once and 7 come off
//! the count (a roll that brings the count to 14 or more attacks twice). The gold a 7 lets
//! players take under no robber (R45) is chosen, not produced, and is not counted.
//!
//! An attack: the target is the player with the most public points; a tie goes to the most
//! knights (knight units on the board with the knight module, R52, else knights played),
//! ships (R53) and gold and resource cards held, added together; still tied, the tied players roll one die
//! each from the game's RNG and re-roll ties. One of the target's buildings is picked
//! uniformly. With the knight module, a knight unit of the target's on a land hex touching it
//! makes the target fight: a die for the target and one for the dragon, ties re-rolled; a
//! higher target die saves the building, and no knight is lost either way. Otherwise the
//! building goes down one level ([`lower`]): a settlement is removed, a city becomes a
//! settlement, a castle (R44) a city; with no piece of the lower level left in the owner's
//! supply, the building is removed. Then the
//! awards are recomputed (Longest Road, whose roads a removed building may join again, R35;
//! Largest Metropolis R49 and Harbor Master R50), and the player whose turn it is may win.

use rand::Rng;

use crate::engine::action::{Event, MAX_PLAYERS, Piece, Seat};
use crate::engine::cards::Resource;
use crate::engine::config::Module;
use crate::engine::coords::Vertex;
use crate::engine::game::Game;
use crate::engine::sink::EventSink;

/// Gold produced for each attack of the dragon (R43).
pub const DRAGON_GOLD: u8 = 7;

/// The level a building of kind `was` goes down to, before the supply is asked (`None`: it is
/// removed). One arm per level of building.
pub(crate) fn lower(was: Piece) -> Option<Piece> {
    match was {
        Piece::Castle => Some(Piece::City),
        Piece::City => Some(Piece::Settlement),
        Piece::Settlement | Piece::Road => None,
    }
}

impl Game {
    /// R43: after the production of a roll, counts the gold paid out (the bank held
    /// `gold_before` before it) and lets the dragon attack for every full 7.
    #[inline(always)]
    pub(in crate::engine::rules) fn dragon_after_production(&mut self, gold_before: u8, ev: &mut impl EventSink) {
        if self.config.modules.has(Module::Dragon) {
            self.count_dragon_gold(gold_before, ev);
        }
    }

    #[inline(never)]
    fn count_dragon_gold(&mut self, gold_before: u8, ev: &mut impl EventSink) {
        let produced = gold_before.saturating_sub(self.bank[Resource::Gold]);
        let mut count = self.house.dragon_gold.saturating_add(produced);
        while count >= DRAGON_GOLD && !self.is_over() {
            count -= DRAGON_GOLD;
            self.house.dragon_gold = count;
            self.dragon_attack(ev);
        }
        self.house.dragon_gold = count;
    }

    /// Gold produced since the dragon's last attack: the dragon attacks when it reaches 7 (R43).
    pub fn dragon_gold(&self) -> u8 {
        self.house.dragon_gold
    }

    /// The player the dragon attacks now (R43), rolling dice between players still tied.
    fn dragon_target(&mut self, ev: &mut impl EventSink) -> Seat {
        let knights = |g: &Game, s: Seat| match g.config.modules.has(Module::Knights) {
            true => g.knight_count(s),
            false => g.knights_played(s),
        };
        let key = |g: &Game, s: Seat| {
            let cards = g.players[s.index()].hand.total();
            (g.public_points(s), knights(g, s) as u32 + g.ship_count(s) as u32 + cards)
        };
        let best = self.seats().map(|s| key(self, s)).max().expect("players");
        let mut tied = [Seat(0); MAX_PLAYERS];
        let mut n = 0;
        for s in self.seats().filter(|&s| key(self, s) == best) {
            tied[n] = s;
            n += 1;
        }
        while n > 1 {
            let mut dice = [0u8; MAX_PLAYERS];
            for (i, &s) in tied[..n].iter().enumerate() {
                dice[i] = self.rng.random_range(1..=6);
                ev.push(Event::DragonRoll { seat: s, die: dice[i] });
            }
            let top = dice[..n].iter().copied().max().unwrap_or(0);
            let mut kept = 0;
            for i in 0..n {
                if dice[i] == top {
                    tied[kept] = tied[i];
                    kept += 1;
                }
            }
            n = kept;
        }
        tied[0]
    }

    /// One attack of the dragon (R43).
    fn dragon_attack(&mut self, ev: &mut impl EventSink) {
        let target = self.dragon_target(ev);
        let p = &self.players[target.index()];
        let own = p.settlements | p.cities;
        let count = own.len();
        if count == 0 {
            ev.push(Event::DragonAttacked { seat: target, at: None, was: Piece::Settlement, now: None });
            return;
        }
        let pick = self.rng.random_range(0..count) as usize;
        let v = own.iter().nth(pick).expect("pick is below the count");
        if self.knight_defends(target, v) && self.fight_dragon(target, v, ev) {
            return;
        }
        let (_, was) = self.building(v).expect("the target's building");
        let now = lower(was).filter(|&piece| self.piece_left(target, piece));
        // A castle is a city with walls (R44): both marks go, and the lower level is put back.
        let p = &mut self.players[target.index()];
        p.settlements.remove(v);
        p.cities.remove(v);
        p.castles.remove(v);
        match now {
            Some(Piece::Settlement) => p.settlements.insert(v),
            Some(Piece::City) => p.cities.insert(v),
            _ => {}
        }
        ev.push(Event::DragonAttacked { seat: target, at: Some(v.0), was, now });
        // A removed building may join an opponent's road again, and changes harbors and groups.
        self.refresh_derived();
        self.award_longest_road(ev);
        self.award_house(ev);
        self.check_win(ev);
    }

    /// R52: `s` has a knight unit on a land hex touching their building on `v` (never without
    /// the knight module: no units stand then).
    fn knight_defends(&self, s: Seat, v: Vertex) -> bool {
        let beside = self.topology().vertex_hex_set(v);
        self.knight_units(s).any(|(_, _, h)| beside.contains(h))
    }

    /// R43 with knights: `s` fights for their building on `v`, a die each, ties re-rolled.
    /// True when the target's die is higher: the building is saved.
    fn fight_dragon(&mut self, s: Seat, v: Vertex, ev: &mut impl EventSink) -> bool {
        loop {
            let die: u8 = self.rng.random_range(1..=6);
            let dragon: u8 = self.rng.random_range(1..=6);
            if die != dragon {
                ev.push(Event::DragonFought { seat: s, at: v.0, die, dragon });
                return die > dragon;
            }
        }
    }

    /// True when `s` has a `piece` left in supply.
    fn piece_left(&self, s: Seat, piece: Piece) -> bool {
        let (roads, settlements, cities) = self.pieces_left(s);
        match piece {
            Piece::Road => roads > 0,
            Piece::Settlement => settlements > 0,
            Piece::City => cities > 0,
            Piece::Castle => self.castles_left(s) > 0,
        }
    }
}
