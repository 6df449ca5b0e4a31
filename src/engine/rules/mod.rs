//! The rules, one file per action family: each family owns its candidates (what the fast move
//! generator lists), its check (why an action is refused) and its apply (how the state changes),
//! and builds the first two from the same per-rule predicates so that they cannot disagree.
//!
//! This file only routes: [`Game::check`] by action and phase, [`Game::legal_actions`] by phase,
//! [`Game::apply`] by action. [`Game::reference_actions`] (every conceivable action filtered by
//! `check`) is the oracle the tests hold the generator to.
//!
//! - `build`: settlements, cities and roads, in set-up, bought, or free (R23-R27, R31)
//! - `robber`: the 7, discards, moving the robber and stealing (R17-R19, R39)
//! - `cards`: buying and playing development cards (R14, R28-R33)
//! - `trade`: maritime (R22) and domestic trade (R21)
//! - `road`: Longest Road (R34, R35) and Largest Army (R36), measured and awarded
//! - `turn`: set-up order, rolling and production (R15, R16), the end of a turn, winning (R38)
//! - `modules`: the house rules of `seeds/002` (R41-R52), one file each

mod build;
mod cards;
mod modules;
mod road;
mod robber;
mod trade;
mod turn;

pub use modules::{
    AttackOrder, CARGO_ROOM, DRAGON_GOLD, DiceStack, GOLD_PRICE, HARBOR_MASTER_MIN, House, METROPOLIS_MIN, NAVY_MIN,
    SHIP_SLOT, UNITS, Unit, UnitTurn, Units, WarTurn, win_chance,
};
pub(crate) use modules::{starting_bank, with_gold_hexes};

/// Each family's and module's most actions listed at one moment (see
/// [`ACTION_BOUND`](super::sink::ACTION_BOUND)).
pub(crate) mod most {
    pub(crate) use super::build::MOST_ACTIONS as BUILDS;
    pub(crate) use super::cards::MOST_ACTIONS as CARDS;
    pub(crate) use super::robber::MOST_ACTIONS as ROBBER;
    pub(crate) use super::trade::MOST_ACTIONS as TRADES;
    /// Every module's own, the sum of their rows in the table of house rules.
    pub(crate) use crate::engine::module::MOST_ACTIONS as MODULES;
    /// The end of the turn.
    pub(crate) const END: usize = 1;
}
pub use road::{ARMY_MIN, ROAD_MIN, longest_trail};

use super::action::{Action, Event, Revealed, RuleError, Seat, Target, UnitKind};
use super::cards::{Hand, Resource};
use super::coords::{Hex, SeaHex};
use super::game::{Game, Phase};
use super::sink::{ActionSink, EventSink};

impl Game {
    /// True when `action` is legal now.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Says why `action` is illegal now, or `Ok(())`.
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        self.ensure_running()?;
        let s = self.to_act();
        // The arms' order is the errors' precedence: which moment it is comes before the rule.
        match (action, self.phase) {
            (Action::BuildSettlement(v), Phase::Setup { settlement: None, .. }) => self.check_setup_settlement(v),
            (Action::BuildRoad(e), Phase::Setup { settlement: Some(v), .. }) => self.check_setup_road(v, e),
            (Action::BuildSettlement(_) | Action::BuildRoad(_), Phase::Setup { .. }) => {
                Err(RuleError::NotNow("in set-up, place a settlement and then a road"))
            }
            (Action::RollDice, Phase::Roll) => Ok(()),
            (Action::RollDice, _) => Err(RuleError::NotNow("the dice are rolled once, at the start of a turn")),
            // R52: units act in their owner's turn, before the roll too.
            (Action::MoveKnight { unit, to }, Phase::Roll | Phase::Main) => self.check_move_knight(s, unit, to),
            (Action::SailShip { unit, to }, Phase::Roll | Phase::Main) => self.check_sail(s, unit, to),
            (Action::BoardShip { unit, ship }, Phase::Roll | Phase::Main) => self.check_board(s, unit, ship),
            (Action::Attack { unit, target }, Phase::Roll | Phase::Main) => self.check_attack(s, unit, target),
            (_, Phase::Roll) if !cards::is_dev_play(action) => Err(RuleError::NotNow("roll the dice first")),
            (Action::BuildRoad(e), Phase::Main) => self.check_road(s, e),
            (Action::BuildRoad(e), Phase::RoadBuilding { .. }) => self.check_free_road(s, e),
            (Action::BuildSettlement(v), Phase::Main) => self.check_settlement(s, v),
            (Action::BuildCity(v), Phase::Main) => self.check_city(s, v),
            (Action::BuildCastle(v), Phase::Main) => self.check_castle(s, v),
            (Action::BuildKnight { kind, hex }, Phase::Main) => self.check_build_knight(s, kind, hex),
            (Action::BuildShip { kind, sea }, Phase::Main) => self.check_build_ship(s, kind, sea),
            (Action::BuyDevCard, Phase::Main) => self.check_buy(s),
            (a, Phase::Roll | Phase::Main) if cards::is_dev_play(a) => self.check_dev_play(s, a),
            (Action::MaritimeTrade { give, get, rate }, Phase::Main) => self.check_maritime(s, give, get, rate),
            (Action::BuyWithGold(r), Phase::Main) => self.check_trading().and_then(|_| self.check_gold_buy(s, r)),
            (Action::OfferTrade { give, get, to }, Phase::Main) => self.check_offer(s, give, get, to),
            (Action::EndTurn, Phase::Main) => Ok(()),
            (Action::Discard(r), Phase::Discard { .. }) => self.check_discard(s, r),
            (Action::MoveRobber { hex, victim }, Phase::Robber) => self.check_robber(s, hex, victim),
            (Action::AcceptTrade | Action::DeclineTrade | Action::CounterTrade { .. }, Phase::Trade { .. })
                if s != self.turn.seat =>
            {
                self.check_answer(s, action)
            }
            (Action::ConfirmTrade(o), Phase::Trade { give, get, answers }) if s == self.turn.seat => {
                self.check_confirm(s, o, give, get, answers)
            }
            (Action::CancelTrade, Phase::Trade { .. }) if s == self.turn.seat => Ok(()),
            (a, Phase::SpecialBuilding { .. }) => self.check_special_building(s, a),
            (Action::TakeCard(r), Phase::Plenty { at, .. }) => self.check_take(r, at),
            (_, phase) => Err(RuleError::NotNow(waiting_for(phase))),
        }
    }

    /// Says why `s`'s answer to a question put to several players at once would be refused
    /// when its turn in the order comes, or `Ok(())`: a discard after a 7 (R17) or an answer to
    /// an open offer (R21), while `s` still owes one. A table asks everyone at once and plays
    /// the answers in turn order; nothing answered before `s`'s turn changes what `s` may
    /// answer (each answer touches only its own seat's cards until the offerer confirms), so
    /// the same rule judges it now.
    pub fn check_answer_by(&self, s: Seat, action: Action) -> Result<(), RuleError> {
        self.ensure_running()?;
        match (action, self.phase) {
            (Action::Discard(r), Phase::Discard { remaining }) if remaining[s.index()] > 0 => self.check_discard(s, r),
            (
                Action::AcceptTrade | Action::DeclineTrade | Action::CounterTrade { .. },
                Phase::Trade { answers, .. },
            ) if s != self.turn.seat && answers[s.index()] == super::action::Answer::Pending => {
                self.check_answer(s, action)
            }
            (_, phase) => Err(RuleError::NotNow(waiting_for(phase))),
        }
    }

    /// All legal actions of the player who must act now, except domestic trade offers and
    /// counter-offers, whose terms are open-ended: test those with [`Game::check`].
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Like [`Game::legal_actions`], into a buffer (cleared first): a reused `Vec`, or an
    /// [`ActionList`](super::ActionList), which is faster.
    pub fn legal_actions_into(&self, out: &mut impl ActionSink) {
        out.fill(self, self.to_act());
    }

    /// Appends the legal actions to `out`. The order is part of the engine's behaviour:
    /// simulations and bots pick actions by index, so a seed replays only if it stays.
    #[inline(always)]
    pub(crate) fn push_legal_actions(&self, s: Seat, out: &mut impl ActionSink) {
        match self.phase {
            Phase::Over { .. } => {}
            Phase::Setup { settlement: None, .. } => self.push_setup_settlements(out),
            Phase::Setup { settlement: Some(v), .. } => self.push_setup_roads(v, out),
            Phase::Roll => {
                out.push(Action::RollDice);
                self.push_card_plays(s, out);
                self.push_units(s, false, out);
            }
            Phase::Main => {
                out.push(Action::EndTurn);
                self.push_builds(s, out);
                self.push_units(s, true, out);
                self.push_buy(s, out);
                self.push_card_plays(s, out);
                if self.trading_open() {
                    self.push_maritime(s, out);
                    self.push_gold_buys(s, out);
                }
            }
            Phase::Discard { .. } => self.push_discards(s, out),
            Phase::Robber => self.push_robber_moves(s, out),
            Phase::RoadBuilding { .. } => self.push_free_roads(s, out),
            Phase::SpecialBuilding { .. } => self.push_special_building(s, out),
            Phase::Plenty { at, .. } => self.push_takes(at, out),
            Phase::Trade { give, get, answers } => self.push_trade_answers(s, give, get, answers, out),
        }
    }

    /// What `action`, played on this game, revealed (H3), given `after`, the game it led to:
    /// the dice, a steal or any other draw from the RNG; a development card drawn from the
    /// deck; or other players' hidden hands shown, which the rule that shows them says (a
    /// monopoly, `shows_hands` in `rules/cards.rs`). `None` when it revealed nothing, so the acting player
    /// may take it back.
    pub fn revealed(&self, action: Action, after: &Game) -> Option<Revealed> {
        if self.rng != after.rng {
            return Some(match action {
                Action::RollDice => Revealed::Roll,
                Action::MoveRobber { victim: Some(_), .. } => Revealed::Steal,
                _ => Revealed::Chance,
            });
        }
        if after.deck.len() < self.deck.len() {
            return Some(Revealed::CardDraw);
        }
        Game::shows_hands(action).then_some(Revealed::Hands)
    }

    /// Plays `action` for the player who must act. On error the game is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// Like [`Game::apply`], appending the events to a buffer.
    pub fn apply_into(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), RuleError> {
        self.check(action)?;
        self.play_unchecked(action, events);
        Ok(())
    }

    /// Plays an action taken from [`Game::legal_actions`] without checking it again (debug
    /// builds still do): for bots and simulations. An illegal action here may corrupt the game.
    /// Pass [`NoEvents`](super::NoEvents) when nobody reads the events.
    pub fn apply_unchecked(&mut self, action: Action, events: &mut impl EventSink) {
        debug_assert_eq!(self.check(action), Ok(()), "apply_unchecked with an illegal action");
        self.play_unchecked(action, events);
    }

    /// Plays an action already known to be legal.
    fn play_unchecked(&mut self, action: Action, ev: &mut impl EventSink) {
        let s = self.to_act();
        match action {
            Action::BuildSettlement(v) => self.build_settlement(s, v, ev),
            Action::BuildCity(v) => self.build_city(s, v, ev),
            Action::BuildRoad(e) => self.build_road(s, e, ev),
            Action::RollDice => self.roll(s, ev),
            Action::Discard(r) => self.discard(s, r, ev),
            Action::MoveRobber { hex, victim } => self.move_robber(s, hex, victim, ev),
            Action::BuyDevCard => self.buy_dev_card(s, ev),
            Action::PlayKnight => self.play_knight(s, ev),
            Action::PlayRoadBuilding => self.play_road_building(s, ev),
            Action::PlayYearOfPlenty(a, b) => self.play_year_of_plenty(s, a, b, ev),
            Action::PlayMonopoly(r) => self.play_monopoly(s, r, ev),
            Action::MaritimeTrade { give, get, rate } => self.maritime_trade(s, give, get, rate, ev),
            Action::OfferTrade { give, get, to } => self.offer_trade(s, give, get, to, ev),
            Action::AcceptTrade | Action::DeclineTrade | Action::CounterTrade { .. } => {
                self.answer_trade(s, action, ev)
            }
            Action::ConfirmTrade(o) => self.confirm_trade(s, o, ev),
            Action::CancelTrade => self.cancel_trade(s, ev),
            Action::EndTurn => self.end_turn(ev),
            Action::TakeCard(r) => self.take_card(s, r, ev),
            Action::BuyWithGold(r) => self.buy_with_gold(s, r, ev),
            Action::BuildCastle(v) => self.build_castle(s, v, ev),
            Action::BuildKnight { kind, hex } => self.build_knight(s, kind, hex, ev),
            Action::MoveKnight { unit, to } => self.move_knight(s, unit, to, ev),
            Action::BuildShip { kind, sea } => self.build_ship(s, kind, sea, ev),
            Action::SailShip { unit, to } => self.sail(s, unit, to, ev),
            Action::BoardShip { unit, ship } => self.board_ship(s, unit, ship, ev),
            Action::Attack { unit, target } => self.attack(s, unit, target, ev),
        }
        if matches!(
            action,
            Action::BuildSettlement(_) | Action::BuildCity(_) | Action::BuildRoad(_) | Action::BuildCastle(_)
        ) {
            self.award_house(ev);
        }
        // Points change only with buildings, cards bought, awards and a new turn (R38).
        if matches!(
            action,
            Action::BuildSettlement(_)
                | Action::BuildCity(_)
                | Action::BuildRoad(_)
                | Action::BuildCastle(_)
                | Action::BuildKnight { .. }
                | Action::BuildShip { .. }
                | Action::BuyDevCard
                | Action::PlayKnight
                | Action::EndTurn
        ) {
            self.check_win(ev);
        }
    }

    /// Every conceivable action of the moment (trade offers and counter-offers aside) filtered
    /// by [`Game::check`]: slow, but by construction in agreement with `apply`. Tests compare it
    /// with [`Game::legal_actions`].
    pub fn reference_actions(&self) -> Vec<Action> {
        let topo = self.topology();
        let mut all = vec![
            Action::RollDice,
            Action::BuyDevCard,
            Action::PlayKnight,
            Action::PlayRoadBuilding,
            Action::AcceptTrade,
            Action::DeclineTrade,
            Action::CancelTrade,
            Action::EndTurn,
        ];
        all.extend(
            topo.vertices().flat_map(|v| [Action::BuildSettlement(v), Action::BuildCity(v), Action::BuildCastle(v)]),
        );
        all.extend(topo.edges().map(Action::BuildRoad));
        for h in 0..topo.num_hexes() as u8 {
            all.extend(UnitKind::KNIGHTS.map(|kind| Action::BuildKnight { kind, hex: Hex(h) }));
            all.extend(UnitKind::SHIPS.map(|kind| Action::BuildKnight { kind, hex: Hex(h) }));
            all.extend((0..UNITS as u8).map(|unit| Action::MoveKnight { unit, to: Hex(h) }));
            all.push(Action::MoveRobber { hex: Hex(h), victim: None });
            all.extend(self.seats().map(|v| Action::MoveRobber { hex: Hex(h), victim: Some(v) }));
        }
        all.extend(self.seats().map(Action::ConfirmTrade));
        for x in 0..topo.num_sea_hexes() as u8 {
            all.extend(UnitKind::SHIPS.map(|kind| Action::BuildShip { kind, sea: SeaHex(x) }));
            all.extend((0..UNITS as u8).map(|unit| Action::SailShip { unit, to: SeaHex(x) }));
        }
        for unit in 0..UNITS as u8 {
            all.extend((0..UNITS as u8).map(|ship| Action::BoardShip { unit, ship }));
        }
        for unit in (0..UNITS as u8).chain(SHIP_SLOT..SHIP_SLOT + UNITS as u8) {
            all.extend(topo.vertices().map(|v| Action::Attack { unit, target: Target::Building(v) }));
            for seat in self.seats() {
                all.extend(
                    (0..UNITS as u8)
                        .chain(SHIP_SLOT..SHIP_SLOT + UNITS as u8)
                        .map(|u| Action::Attack { unit, target: Target::Unit { seat, unit: u } }),
                );
            }
        }
        for a in Resource::CARDS {
            all.push(Action::Discard(a));
            all.push(Action::TakeCard(a));
            all.push(Action::PlayMonopoly(a));
            all.push(Action::BuyWithGold(a));
            all.push(Action::PlayYearOfPlenty(a, None));
            for b in Resource::CARDS {
                all.push(Action::PlayYearOfPlenty(a, Some(b)));
                for rate in 1..=5 {
                    all.push(Action::MaritimeTrade { give: a, get: b, rate });
                }
            }
        }
        all.retain(|&a| self.check(a).is_ok());
        all
    }

    /// Moves cards from a player to the bank (a purchase, a discard, a maritime trade).
    fn pay_in(&mut self, s: Seat, cards: Hand) {
        self.players[s.index()].hand.sub(&cards);
        self.bank.add(&cards);
    }

    /// Moves cards from the bank to a player (production, set-up, year of plenty, a trade).
    fn pay_out(&mut self, s: Seat, cards: Hand) {
        self.bank.sub(&cards);
        self.players[s.index()].hand.add(&cards);
    }
}

/// What the game waits for, for a refusal that names it.
fn waiting_for(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup { .. } => "set-up placement comes first",
        Phase::Roll => "roll the dice first",
        Phase::Main => "that isn't an action of this moment",
        Phase::Discard { .. } => "players must discard first",
        Phase::Robber => "move the robber first",
        Phase::RoadBuilding { .. } => "place the free roads first",
        Phase::Trade { .. } => "a trade offer is open",
        Phase::SpecialBuilding { .. } => "in the special building phase, only build, buy a card or pass",
        Phase::Plenty { .. } => "every player takes their cards for the 7 first",
        Phase::Over { .. } => "the game is over",
    }
}

#[cfg(test)]
mod tests {
    use crate::bots::SplitMix64;
    use crate::engine::{Config, Game, Modules};

    /// The fast generator and the check agree, like two move generators in a chess engine.
    #[test]
    fn generator_matches_reference_in_random_games() {
        for seed in 0..60 {
            let mut config = Config::with_players(2 + (seed % 5) as u8);
            config.friendly_robber = seed % 2 == 0;
            config.strict_phases = seed % 3 == 0;
            if config.players >= 5 && seed % 4 == 1 {
                config.turns = crate::engine::TurnStyle::Paired;
            }
            // A seeded sample of the house rules this version plays.
            let modules = Modules(Modules::PLAYABLE.0 & (seed as u32).wrapping_mul(0x9e37_79b9)).on_map(config.map);
            let config = config.with_modules(modules);
            let mut game = Game::new(config, seed).unwrap();
            let mut rng = SplitMix64::new(seed);
            while !game.is_over() && game.turn_number() < 3000 {
                let mut fast = game.legal_actions();
                let mut slow = game.reference_actions();
                let key = |a: &crate::engine::Action| format!("{a:?}");
                fast.sort_by_key(key);
                slow.sort_by_key(key);
                assert_eq!(fast, slow, "seed {seed}, phase {:?}", game.phase());
                let a = fast[rng.below(fast.len())];
                game.apply(a).unwrap();
            }
        }
    }

    /// H3: what the engine says an action revealed is what the undo rule's old hand-kept lists
    /// said (actions: a roll, a card bought, a steal, a monopoly; events: anything from the
    /// dice), in random games with every land module, gold and the dragon included. One
    /// difference, on purpose: R45's card taken for a 7 reports `Produced` but is the player's
    /// own choice from the bank, so it reveals nothing (the lists took it for a roll).
    #[test]
    fn revealed_agrees_with_the_hand_kept_lists_it_replaces() {
        use crate::engine::{Action, Event, Module};
        let listed = |a: Action, events: &[Event]| {
            if matches!(a, Action::TakeCard(_)) {
                return false;
            }
            matches!(a, Action::RollDice | Action::BuyDevCard | Action::MoveRobber { victim: Some(_), .. })
                || matches!(a, Action::PlayMonopoly(_))
                || events.iter().any(|e| {
                    matches!(
                        e,
                        Event::DiceRolled { .. }
                            | Event::Fought { .. }
                            | Event::Produced { .. }
                            | Event::Shortage { .. }
                            | Event::MustDiscard { .. }
                            | Event::BoughtDevCard { .. }
                            | Event::Stole { .. }
                            | Event::Monopolized { .. }
                    )
                })
        };
        let mut seen = [0; 2];
        for seed in 0..40 {
            let modules = if seed % 2 == 0 { Modules::PLAYABLE.without(Module::Colonist) } else { Modules::NONE };
            let mut game = Game::new(Config::with_players(2 + (seed % 3) as u8).with_modules(modules), seed).unwrap();
            let mut rng = SplitMix64::new(seed);
            while !game.is_over() && game.turn_number() < 1000 {
                let actions = game.legal_actions();
                let a = actions[rng.below(actions.len())];
                let before = game;
                let events = game.apply(a).unwrap();
                let revealed = before.revealed(a, &game);
                assert_eq!(revealed.is_some(), listed(a, &events), "seed {seed}: {a:?} gave {events:?}");
                seen[revealed.is_some() as usize] += 1;
            }
        }
        assert!(seen[0] > 1000 && seen[1] > 1000, "both kinds seen: {seen:?}");
    }
}
