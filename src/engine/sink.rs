//! Where the engine writes its answers. [`Game::apply_unchecked`](super::Game::apply_unchecked)
//! reports what happened to a `Vec<Event>` for a front end's log, or to [`NoEvents`] for bots and
//! simulations, which then pay nothing for events (the compiler drops them).
//! [`Game::legal_actions_into`](super::Game::legal_actions_into) lists actions into a `Vec`, or
//! into an [`ActionList`] on the stack, which never allocates or checks a capacity.

use std::ops::Deref;

use super::action::{Action, Event, Seat};
use super::game::Game;

/// Receives the events of an action, in order.
pub trait EventSink {
    /// Records one event.
    fn push(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// An event sink that forgets everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// Receives the legal actions of a moment.
pub trait ActionSink {
    /// Empties the list.
    fn clear(&mut self);
    /// Appends one action.
    fn push(&mut self, action: Action);
    /// Appends `action` if `keep` holds. A sink may write it either way and count it only when
    /// kept, which spares the caller a branch it would often mispredict.
    #[inline]
    fn push_if(&mut self, action: Action, keep: bool) {
        if keep {
            self.push(action);
        }
    }
    /// Appends several actions.
    #[inline]
    fn push_all(&mut self, actions: impl IntoIterator<Item = Action>) {
        for a in actions {
            self.push(a);
        }
    }
    /// Replaces the contents with the legal actions of `game`, whose player to act is `to_act`
    /// ([`Game::legal_actions_into`](super::Game::legal_actions_into) calls it). The default
    /// clears and pushes; [`ActionList`] writes through a cursor the compiler keeps in a register.
    #[inline]
    fn fill(&mut self, game: &Game, to_act: Seat)
    where
        Self: Sized,
    {
        self.clear();
        game.push_legal_actions(to_act, self);
    }
}

impl ActionSink for Vec<Action> {
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self);
    }
    #[inline]
    fn push(&mut self, action: Action) {
        Vec::push(self, action);
    }
}

/// Room for more actions than any moment lists, with one slot to spare for the write past the end
/// that [`ActionSink::push_if`] may make: more than [`ACTION_BOUND`], checked at compile time.
pub const MAX_ACTIONS: usize = 1792;

/// The most actions any moment lists. Each family of rules states the most it lists in its own
/// file (`MOST_ACTIONS`), each module in its row of [`TABLE`](super::TABLE), from limits the
/// engine enforces (a map has at most 128 intersections, 128 paths, 30 land hexes and 64 sea
/// hexes; a game at most 6 players and a player 6 knight units and 6 ships): in the main
/// phase, the largest moment, builds (256), cards (33), maritime trades (60), the end of the
/// turn (1) and every module's own actions (the sum of the rows: gold R42 5, knights R52 264,
/// ships R53 606, attacks R56 540, the others none) may all be listed at once, so the bound is
/// their sum (1,765); the robber's moment (150) and the others (set-up, discards, free roads,
/// the Special Building Phase, R45's cards, answers to an offer) list fewer. A module that
/// lists more raises its own term; the tests hold every module to its term.
pub const ACTION_BOUND: usize = {
    use super::rules::most;
    let main = most::BUILDS + most::CARDS + most::TRADES + most::END + most::MODULES;
    if main > most::ROBBER { main } else { most::ROBBER }
};
const _: () = assert!(ACTION_BOUND < MAX_ACTIONS, "an action list could overflow");

/// A fixed-size list of actions, filled by [`Game::legal_actions_into`](super::Game::legal_actions_into)
/// without touching the heap. Reads as a slice.
#[derive(Clone)]
pub struct ActionList {
    len: usize,
    items: [Action; MAX_ACTIONS],
}

impl ActionList {
    /// An empty list.
    pub fn new() -> ActionList {
        ActionList { len: 0, items: [Action::EndTurn; MAX_ACTIONS] }
    }

    /// Keeps only the actions `keep` says yes to, in their order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Action) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            if keep(&self.items[i]) {
                self.items[n] = self.items[i];
                n += 1;
            }
        }
        self.len = n;
    }
}

impl Default for ActionList {
    fn default() -> ActionList {
        ActionList::new()
    }
}

impl std::fmt::Debug for ActionList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Deref for ActionList {
    type Target = [Action];
    #[inline]
    fn deref(&self) -> &[Action] {
        &self.items[..self.len]
    }
}

impl ActionSink for ActionList {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    fn push(&mut self, action: Action) {
        self.items[self.len] = action;
        self.len += 1;
    }
    // Inlined into its caller (a bot's move loop), as the move generator it wraps: left out
    // of line, the unit modules' few tests tipped it out, and the base game ran 5% slower.
    #[inline(always)]
    fn fill(&mut self, game: &Game, to_act: Seat) {
        let mut cursor = Cursor { items: &mut self.items, len: 0 };
        game.push_legal_actions(to_act, &mut cursor);
        self.len = cursor.len;
    }
}

/// Writes into an [`ActionList`]'s array with the length in a local: a store into the array
/// then can't be taken to change the length, so the length needn't be reloaded after each one.
struct Cursor<'a> {
    items: &'a mut [Action; MAX_ACTIONS],
    len: usize,
}

impl ActionSink for Cursor<'_> {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }
    #[inline]
    fn push(&mut self, action: Action) {
        self.items[self.len] = action;
        self.len += 1;
    }
    #[inline]
    fn push_if(&mut self, action: Action, keep: bool) {
        self.items[self.len] = action;
        self.len += keep as usize;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::SplitMix64;
    use crate::engine::{Config, Game};

    /// Lists into an `ActionList` and a `Vec` agree, and a game played without events is the
    /// same game as one played with them.
    #[test]
    fn sinks_change_nothing_but_where_answers_go() {
        for seed in 0..20 {
            let mut loud = Game::new(Config::with_players(2 + (seed % 3) as u8), seed).unwrap();
            let mut quiet = loud;
            let (mut list, mut vec, mut events) = (ActionList::new(), Vec::new(), Vec::new());
            let mut rng = SplitMix64::new(seed);
            while !loud.is_over() && loud.turn_number() < 2000 {
                loud.legal_actions_into(&mut vec);
                quiet.legal_actions_into(&mut list);
                assert_eq!(&vec[..], &list[..]);
                let a = list[rng.below(list.len())];
                events.clear();
                loud.apply_unchecked(a, &mut events);
                quiet.apply_unchecked(a, &mut NoEvents);
                assert!(!events.is_empty(), "every action says what happened: {a:?}");
                assert_eq!(loud, quiet);
            }
        }
    }

    /// The term of [`ACTION_BOUND`] an action counts under, and that term's most.
    fn term(a: &Action) -> (&'static str, usize) {
        use crate::engine::Module;
        use crate::engine::rules::most;
        match a {
            Action::BuildSettlement(_) | Action::BuildCity(_) | Action::BuildRoad(_) | Action::BuildCastle(_) => {
                ("builds", most::BUILDS)
            }
            Action::BuyDevCard
            | Action::PlayKnight
            | Action::PlayRoadBuilding
            | Action::PlayYearOfPlenty(..)
            | Action::PlayMonopoly(_) => ("cards", most::CARDS),
            Action::MaritimeTrade { .. }
            | Action::OfferTrade { .. }
            | Action::AcceptTrade
            | Action::DeclineTrade
            | Action::CounterTrade { .. }
            | Action::ConfirmTrade(_)
            | Action::CancelTrade => ("trades", most::TRADES),
            // The roll and the end of the turn are never listed together.
            Action::RollDice | Action::EndTurn => ("turn", most::END),
            // Moments of their own: a card to discard or to take (R45), of 5 or 6 kinds.
            Action::Discard(_) | Action::TakeCard(_) => ("cards to give or take", 6),
            Action::MoveRobber { .. } => ("robber", most::ROBBER),
            // A module's actions, under its row's term.
            Action::BuyWithGold(_) => ("gold", Module::Gold.row().most_actions),
            Action::BuildKnight { .. } | Action::MoveKnight { .. } => ("knights", Module::Knights.row().most_actions),
            Action::BuildShip { .. } | Action::SailShip { .. } | Action::BoardShip { .. } => {
                ("ships", Module::Ships.row().most_actions)
            }
            Action::Attack { .. } => ("attacks", Module::Attacks.row().most_actions),
        }
    }

    /// Checks one moment against each term and the bound; the most of each term seen so far.
    fn check_terms(game: &Game, list: &[Action], most: &mut std::collections::BTreeMap<&'static str, usize>) {
        let mut counts = std::collections::BTreeMap::new();
        for a in list {
            let (name, bound) = term(a);
            let n = counts.entry(name).or_insert(0);
            *n += 1;
            assert!(*n <= bound, "{name} lists more than its term {bound} at {:?}", game.phase());
        }
        assert!(list.len() <= ACTION_BOUND, "{} actions", list.len());
        for (name, n) in counts {
            let m = most.entry(name).or_insert(0);
            *m = (*m).max(n);
        }
    }

    /// The proven bound holds in play, term by term: no moment of random games with every
    /// module (the colonist where an island counts; attacks with and without R57's phases),
    /// gold and the dragon, 2 to 6 players, lists more than a module's term or than
    /// [`ACTION_BOUND`].
    #[test]
    fn no_moment_lists_more_than_the_bound() {
        use crate::engine::{MapId, Module, Modules};
        let mut most = std::collections::BTreeMap::new();
        for seed in 0..40 {
            let players = 2 + (seed % 5) as u8;
            let base = if seed % 2 == 0 && players <= 4 {
                Config { players, ..Config::on_map(MapId::Archipelago) }
            } else {
                Config::with_players(players)
            };
            let mut modules = Modules::parse_on("all", base.map).unwrap().with(Module::Gold).with(Module::Dragon);
            if seed % 3 == 0 {
                modules = Modules(modules.0 & !Module::Phases.bit());
            }
            let mut game = Game::new(base.with_modules(modules), seed).unwrap();
            let mut list = ActionList::new();
            let mut rng = SplitMix64::new(seed);
            while !game.is_over() && game.turn_number() < 1000 {
                game.legal_actions_into(&mut list);
                check_terms(&game, &list, &mut most);
                game.apply_unchecked(list[rng.below(list.len())], &mut NoEvents);
            }
        }
        for name in ["builds", "knights", "ships", "attacks"] {
            assert!(most.get(name).is_some_and(|&n| n > 0), "{name} listed in play: {most:?}");
        }
    }

    /// The terms hold where a position is built to be extreme: six players, every knight unit
    /// and ship placed, the acting player's 6 archers on one hex with every opponent's knight
    /// units and buildings on the corners around, and its 6 ships on one sea hex with every
    /// opponent's ships.
    #[test]
    fn no_extreme_position_lists_more_than_the_bound() {
        use crate::engine::{Hand, Hex, Module, Modules, Scenario, UnitKind};
        let modules = Modules::NONE.with(Module::Knights).with(Module::Ships).with(Module::Attacks);
        let config = Config::with_players(6).with_modules(modules);
        let topo = config.map.topology();
        // A coastal land hex with the most land around it, and a sea hex beside it.
        let h =
            topo.hexes().filter(|&h| !topo.hex_sea(h).is_empty()).max_by_key(|&h| topo.hex_neighbors(h).len()).unwrap();
        let x = topo.hex_sea(h).iter().next().unwrap();
        let a = Seat(0);
        let mut scn = Scenario::new(config, 1).turn(a).rolled().hand(a, Hand::uniform(9));
        for s in (0..6).map(Seat) {
            let kind = if s == a { UnitKind::Archer } else { UnitKind::Knight };
            for _ in 0..6 {
                scn = scn.unit(s, kind, h).ship(s, UnitKind::Ship, x);
            }
        }
        // Opponents' settlements on the corners the archers reach, two apart (R24), in turn.
        let mut taken: Vec<crate::engine::Vertex> = Vec::new();
        let reach = std::iter::once(h).chain(topo.hex_neighbors(h).iter().copied()).collect::<Vec<Hex>>();
        for v in reach.iter().flat_map(|&r| topo.hex_vertices(r)) {
            if !taken.iter().any(|&t| t == v || topo.vertex_neighbors(t).contains(&v)) {
                scn = scn.settlement(Seat(1 + (taken.len() % 5) as u8), v);
                taken.push(v);
            }
        }
        let game = scn.build().unwrap();
        let mut list = ActionList::new();
        game.legal_actions_into(&mut list);
        let mut most = std::collections::BTreeMap::new();
        check_terms(&game, &list, &mut most);
        // Each archer strikes the buildings in reach and 30 knight units; each ship 30 ships and
        // the buildings on its sea hex's corners.
        assert!(most["attacks"] >= 6 * (taken.len() + 30) + 6 * 30, "{most:?}");
    }
}
