//! The invariants of a game state, checked when one is read from a file ([`Game::validate`]):
//! cards and pieces add up, pieces stand on the island and apart, what is derived from the
//! pieces is up to date, and every seat named is in the game.

use super::action::Answer;
use super::cards::{DevCard, Resource};
use super::game::{Game, Phase, Player};
use super::rules::starting_bank;
use super::sets::{IntersectionSet, PathSet};

impl Game {
    /// Checks a state read from a file against the rules' invariants.
    pub fn validate(&self) -> Result<(), String> {
        self.config.validate().map_err(|e| e.to_string())?;
        self.board.validate()?;
        let n = self.num_players();
        let topo = self.topology();
        let vmask = IntersectionSet::first(topo.num_vertices());
        let emask = PathSet::first(topo.num_edges());
        for (i, p) in self.players.iter().enumerate() {
            if i >= n && *p != Player::default() {
                return Err(format!("seat {} holds cards or pieces but the game has {n} players", i + 1));
            }
        }
        let start = starting_bank(&self.config);
        for r in Resource::CARDS {
            let total: u32 = self.bank[r] as u32 + self.players.iter().map(|p| p.hand[r] as u32).sum::<u32>();
            let bank = start[r];
            if total != bank as u32 {
                return Err(format!("there are {total} {r} cards in the game; there must be {bank}"));
            }
        }
        // Counted in u32: a hand-edited file may hold 255 of a card in several places.
        let deck = self.deck.counts();
        let devs = DevCard::ALL.map(|c| {
            let held: u32 = self.players.iter().map(|p| p.dev[c] as u32).sum();
            let played: u32 =
                if c == DevCard::Knight { self.players.iter().map(|p| p.knights as u32).sum() } else { 0 };
            deck[c] as u32 + held + played
        });
        if DevCard::ALL.iter().zip(devs).any(|(&c, n)| n > self.config.deck[c] as u32) {
            let cards = self.config.deck.total();
            return Err(format!("the development cards don't add up to the {cards} of the deck"));
        }
        let mut seen_v = IntersectionSet::EMPTY;
        let mut seen_e = PathSet::EMPTY;
        for (i, p) in self.players.iter().enumerate() {
            let b = p.settlements | p.cities;
            if !b.is_subset(vmask) || !p.roads.is_subset(emask) {
                return Err(format!("player {} has a piece off the island", i + 1));
            }
            if p.settlements.intersects(p.cities) || b.intersects(seen_v) || p.roads.intersects(seen_e) {
                return Err("two pieces stand on the same spot".into());
            }
            seen_v |= b;
            seen_e |= p.roads;
            if !p.castles.is_subset(p.cities) {
                return Err(format!("player {} has a castle where they have no city", i + 1));
            }
            if !p.castles.is_empty() && !self.config.modules.has(super::config::Module::Castles) {
                return Err(format!("player {} has a castle but castles (R44) are not played", i + 1));
            }
            let supply = self.config.supply;
            if p.roads.len() > supply.roads as u32
                || p.settlements.len() > supply.settlements as u32
                || p.cities.len() - p.castles.len() > supply.cities as u32
                || p.castles.len() > supply.castles as u32
            {
                return Err(format!("player {} has more pieces than the game has", i + 1));
            }
        }
        for v in seen_v {
            if topo.vertex_neighbor_set(v).intersects(seen_v) {
                return Err(format!("two buildings stand next to each other at intersection {}", v.0));
            }
        }
        let mut fresh = *self;
        fresh.refresh_derived();
        if self.pieces != fresh.pieces {
            return Err("the engine's record of where pieces stand is out of date".into());
        }
        for s in self.seats() {
            let (a, b) = (&self.players[s.index()], &fresh.players[s.index()]);
            if a.road_length != b.road_length {
                return Err(format!("{s}'s road length is {}, but the roads give {}", a.road_length, b.road_length));
            }
            if a.harbors != b.harbors {
                return Err(format!("{s}'s harbors don't match the buildings"));
            }
        }
        if self.turn.seat.index() >= n || self.first.index() >= n {
            return Err("a turn belongs to a player who isn't in the game".into());
        }
        self.validate_units()?;
        let h = &self.house;
        for s in [self.longest_road, self.largest_army, h.metropolis, h.harbor_master, h.navy].into_iter().flatten() {
            if s.index() >= n {
                return Err(format!("an award is held by {s}, who isn't in the game"));
            }
        }
        if let Phase::Over { winner, shared } = self.phase {
            if let Some(w) = std::iter::once(winner).chain(shared.iter()).find(|w| w.index() >= n) {
                return Err(format!("the winner {w} isn't in the game"));
            }
            if shared.contains(winner) {
                return Err(format!("{winner} is listed twice among the winners"));
            }
        }
        let outsider = match self.phase {
            Phase::Setup { round, index, .. } => round > 1 || index as usize >= n,
            Phase::Discard { remaining } => remaining[n..].iter().any(|&c| c > 0),
            Phase::Trade { answers, .. } => answers[n..].iter().any(|&a| a != Answer::NotAsked),
            // R45: the building being paid must be the seat's, and owe 1 to 3 cards (3 for a
            // castle, R44).
            Phase::Plenty { seat, at, left } => {
                let own = |p: &Player| (p.settlements | p.cities).contains(at);
                seat.index() >= n
                    || at.index() >= self.topology().num_vertices()
                    || !own(&self.players[seat.index()])
                    || !(1..=3).contains(&left)
            }
            _ => false,
        };
        if outsider {
            return Err("the phase waits for a player who isn't in the game".into());
        }
        Ok(())
    }

    /// R52, R53: units only with their modules, on the island; a knight aboard only its
    /// owner's cargo ship, 3 at most; 1 war ship and 3 cargo ships a player; what units did
    /// this turn only for units that stand, of the player whose turn it is.
    fn validate_units(&self) -> Result<(), String> {
        use super::action::UnitKind;
        use super::config::Module;
        let m = self.config.modules;
        let topo = self.topology();
        let mut slots = 0u16;
        for s in self.seats() {
            let ships = self.units.ships(s);
            for (i, u) in self.units.knights(s).iter().enumerate().filter(|(_, u)| !u.is_empty()) {
                if !m.has(Module::Knights) {
                    return Err(format!("{s} has a knight unit but knights (R52) are not played"));
                }
                let placed = match (u.land(), u.aboard()) {
                    (Some(h), _) => h.index() < topo.num_hexes(),
                    (_, Some(b)) => ships.get(b as usize).and_then(|x| x.ship_kind()) == Some(UnitKind::CargoShip),
                    _ => false,
                };
                if !placed {
                    return Err(format!("{s}'s unit {i} stands off the island, or aboard no cargo ship of theirs"));
                }
                if s == self.turn.seat {
                    slots |= 1 << i;
                }
            }
            for (i, u) in ships.iter().enumerate().filter(|(_, u)| !u.is_empty()) {
                if !m.has(Module::Ships) {
                    return Err(format!("{s} has a ship but ships (R53) are not played"));
                }
                if u.sea().index() >= topo.num_sea_hexes() {
                    return Err(format!("{s}'s ship {i} is off the sea"));
                }
                let aboard = self.units.knights(s).iter().filter(|k| k.aboard() == Some(i as u8)).count();
                if aboard > super::rules::CARGO_ROOM {
                    return Err(format!("{s}'s cargo ship {i} carries more than 3 knights"));
                }
                if s == self.turn.seat {
                    slots |= 1 << (super::rules::SHIP_SLOT as usize + i);
                }
            }
            let kinds = |k| ships.iter().filter(|u| u.ship_kind() == Some(k)).count();
            if kinds(UnitKind::WarShip) > 1 || kinds(UnitKind::CargoShip) > 3 {
                return Err(format!("{s} has more than 1 war ship or 3 cargo ships"));
            }
        }
        let t = self.turn.units;
        if (t.built | t.moved | t.attacked) & !slots != 0 {
            return Err("a unit that doesn't stand has acted this turn".into());
        }
        let n = self.num_players();
        let h = &self.house;
        let islands = h.colonist.iter().chain(&h.home).any(|&i| i != 0);
        if islands && !m.has(Module::Colonist) || h.colonist[n..].iter().chain(&h.home[n..]).any(|&i| i != 0) {
            return Err("islands are noted for colonist (R55), which isn't played, or for no player".into());
        }
        let outside = self.units.knights[n..].iter().chain(&self.units.ships[n..]).flatten().any(|u| !u.is_empty());
        if outside {
            return Err("a unit belongs to a player who isn't in the game".into());
        }
        Ok(())
    }
}
