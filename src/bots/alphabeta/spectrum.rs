//! Chance nodes: the outcomes an action may have, each with its chance, as catanatron's
//! `execute_spectrum` lists them: the eleven totals of a roll, each kind of development card a
//! purchase may draw, each resource a steal may take; and the won and the lost fight of an
//! attack (R56, [`crate::bots`]' fight module). Every other action has one outcome.
//!
//! The engine draws outcomes from the game's own generator, so an outcome is forced through the
//! public position builder ([`Scenario`]): the roll's total with [`Scenario::next_roll`], the
//! card with [`Scenario::deck_top`], the stolen card by swapping it in both hands. An outcome the
//! builder refuses (a card this deal put in another hand, a card the bank lacks) is left out and
//! the chances of the others scaled up.

use crate::engine::{Action, DevCard, Event, Game, NoEvents, Resource, Scenario, Seat};

/// The outcomes of `action` in `game`, with chances summing to 1, into `out` (cleared first).
pub(in crate::bots) fn outcomes(game: &Game, action: Action, out: &mut Vec<(Game, f64)>) {
    out.clear();
    match action {
        Action::RollDice => rolls(game, out),
        Action::BuyDevCard => purchases(game, out),
        Action::MoveRobber { victim: Some(v), .. } => steals(game, action, v, out),
        Action::Attack { .. } => {
            super::super::fight::outcomes(game, action, out);
        }
        _ => {}
    }
    if out.is_empty() {
        let mut next = *game;
        next.apply_unchecked(action, &mut NoEvents);
        out.push((next, 1.0));
    }
    let total: f64 = out.iter().map(|o| o.1).sum();
    if total > 0.0 && (total - 1.0).abs() > 1e-12 {
        for o in out.iter_mut() {
            o.1 /= total;
        }
    }
}

/// The chance that two dice total `total`.
pub(super) fn roll_chance(total: u8) -> f64 {
    f64::from(6u8.saturating_sub(total.abs_diff(7))) / 36.0
}

/// One outcome per total of the dice, 2 to 12.
fn rolls(game: &Game, out: &mut Vec<(Game, f64)>) {
    for total in 2..=12 {
        let Ok(mut next) = Scenario::from_game(*game).next_roll(total).build() else { continue };
        next.apply_unchecked(Action::RollDice, &mut NoEvents);
        out.push((next, roll_chance(total)));
    }
}

/// One outcome per kind of card the buyer has not seen (the deck and the others' hands, as
/// catanatron counts them), in proportion to how many there are.
fn purchases(game: &Game, out: &mut Vec<(Game, f64)>) {
    let unseen = game.view(game.to_act()).unseen_dev_cards();
    let total = unseen.total();
    for card in DevCard::ALL.into_iter().filter(|&c| unseen[c] > 0) {
        let Ok(mut next) = Scenario::from_game(*game).deck_top(card).build() else { continue };
        next.apply_unchecked(Action::BuyDevCard, &mut NoEvents);
        out.push((next, f64::from(unseen[card]) / f64::from(total)));
    }
}

/// One outcome per resource in the victim's hand, in proportion to how many they hold. The
/// game searched is a determinized one, so that hand is a deal of the cards the searching seat
/// cannot see, never the real hand.
fn steals(game: &Game, action: Action, victim: Seat, out: &mut Vec<(Game, f64)>) {
    let thief = game.to_act();
    let held = game.view(victim).hand();
    let mut events = Vec::new();
    let mut stolen = *game;
    stolen.apply_unchecked(action, &mut events);
    let taken = events.iter().find_map(|e| match e {
        Event::Stole { resource, .. } => Some(*resource),
        _ => None,
    });
    let Some(taken) = taken else {
        out.push((stolen, 1.0));
        return;
    };
    for r in Resource::CARDS.into_iter().filter(|&r| held[r] > 0) {
        let chance = f64::from(held[r]) / f64::from(held.total());
        if r == taken {
            out.push((stolen, chance));
            continue;
        }
        let (mut v, mut t) = (stolen.view(victim).hand(), stolen.view(thief).hand());
        v[taken] += 1;
        v[r] -= 1;
        t[taken] -= 1;
        t[r] += 1;
        if let Ok(next) = Scenario::from_game(stolen).hand(thief, t).hand(victim, v).build() {
            out.push((next, chance));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, Hand, Hex, MapId, Phase};

    #[test]
    fn a_roll_has_eleven_outcomes_with_the_dice_chances() {
        let game = Scenario::new(Config::default(), 4).build().unwrap();
        let mut out = Vec::new();
        outcomes(&game, Action::RollDice, &mut out);
        assert_eq!(out.len(), 11);
        let sum: f64 = out.iter().map(|o| o.1).sum();
        assert!((sum - 1.0).abs() < 1e-12);
        for (i, (g, chance)) in out.iter().enumerate() {
            let dice = g.dice().expect("rolled");
            assert_eq!(dice[0] + dice[1], i as u8 + 2);
            assert!((chance - roll_chance(i as u8 + 2)).abs() < 1e-12);
        }
    }

    #[test]
    fn a_purchase_draws_each_unseen_kind_in_proportion() {
        let game = Scenario::new(Config::default(), 4)
            .hand(Seat(0), Hand::new([0, 0, 1, 1, 1]))
            .turn(Seat(0))
            .rolled()
            .build()
            .unwrap();
        let mut out = Vec::new();
        outcomes(&game, Action::BuyDevCard, &mut out);
        // The base deck: 14 knights, 5 victory points, 2 each of the others.
        assert_eq!(out.len(), 5);
        let knights = out.iter().find(|(g, _)| g.view(Seat(0)).dev_cards()[DevCard::Knight] == 1).unwrap();
        assert!((knights.1 - 14.0 / 25.0).abs() < 1e-12);
    }

    #[test]
    fn a_steal_takes_each_held_resource_in_proportion() {
        let topo = MapId::Standard.topology();
        let corner = topo.hex_vertices(Hex(9))[0];
        let game = Scenario::new(Config::default(), 4)
            .settlement(Seat(1), corner)
            .hand(Seat(1), Hand::new([2, 0, 1, 0, 0]))
            .hand(Seat(0), Hand::EMPTY)
            .dev(Seat(0), DevCard::Knight)
            .robber(Hex(0))
            .turn(Seat(0))
            .build()
            .unwrap();
        let mut game = game;
        game.apply(Action::PlayKnight).unwrap();
        assert_eq!(game.phase(), Phase::Robber);
        let mut out = Vec::new();
        outcomes(&game, Action::MoveRobber { hex: Hex(9), victim: Some(Seat(1)) }, &mut out);
        let mut got: Vec<(Hand, f64)> = out.iter().map(|(g, p)| (g.view(Seat(0)).hand(), *p)).collect();
        got.sort_by(|a, b| a.1.total_cmp(&b.1));
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].0, Hand::of(Resource::ALL[2], 1));
        assert_eq!(got[1].0, Hand::of(Resource::ALL[0], 1));
        assert!((got[1].1 - 2.0 / 3.0).abs() < 1e-12);
    }
}
