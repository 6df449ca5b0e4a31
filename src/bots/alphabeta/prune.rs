//! The actions the search looks at: catanatron's `list_prunned_actions`, so that a depth-2
//! search stays fast. From the legal actions it drops
//! - in set-up, settlements on corners that touch a single hex;
//! - maritime trades at a worse rate than the player's best for that resource (catanatron's
//!   engine lists only the best rate; ours lists every rate a harbor allows);
//! - every robber move but the one that hurts the mover's opponents most: the production it
//!   blocks from them, less what it blocks from the mover, robbing the victim there with the
//!   most cards (catanatron keeps one move among those beside an opponent).
//!
//! Domestic offers are never among the legal actions the engine lists, so none is searched.

use crate::engine::{Action, Game, Hex, Phase};

use super::super::seen::Seen;

/// Removes from `actions` (the legal actions of `game`) those the search skips.
pub(in crate::bots) fn prune(game: &Game, actions: &mut Vec<Action>) {
    let s = game.to_act();
    match game.phase() {
        Phase::Setup { settlement: None, .. } => {
            let topo = game.topology();
            let many = |a: &Action| !matches!(a, Action::BuildSettlement(v) if topo.vertex_hexes(*v).len() < 2);
            if actions.iter().any(many) {
                actions.retain(many);
            }
        }
        Phase::Main => actions.retain(|a| match *a {
            Action::MaritimeTrade { give, rate, .. } => rate <= game.maritime_rate(s, give),
            _ => true,
        }),
        Phase::Robber => {
            if let Some(best) = best_robber_move(game, actions) {
                actions.retain(|a| !matches!(a, Action::MoveRobber { .. }) || *a == best);
            }
        }
        _ => {}
    }
}

/// The robber move that hurts the mover's opponents most (see the module documentation).
fn best_robber_move(game: &Game, actions: &[Action]) -> Option<Action> {
    let seen = Seen::from_game(game);
    let me = game.to_act();
    let blocked = |hex: Hex| -> (u32, u32) {
        let corners = seen.topo.hex_vertex_set(hex).bits();
        let pips = seen.hex_pips(hex);
        let mut theirs_mine = (0, 0);
        for s in seen.seats_on_hex(hex) {
            let weight = (seen.settlements[s.index()] & corners).count_ones()
                + 2 * (seen.cities[s.index()] & corners).count_ones()
                + (seen.castles[s.index()] & corners).count_ones();
            if s == me { theirs_mine.1 += pips * weight } else { theirs_mine.0 += pips * weight }
        }
        theirs_mine
    };
    let cards = |victim: Option<crate::engine::Seat>| victim.map_or(0, |v| game.view(me).player(v).resource_cards);
    actions
        .iter()
        .filter_map(|&a| match a {
            Action::MoveRobber { hex, victim } => {
                let (theirs, mine) = blocked(hex);
                (theirs > 0).then_some((i64::from(theirs) - i64::from(mine), cards(victim), a))
            }
            _ => None,
        })
        // The first of equals, as catanatron's `max` keeps.
        .fold(None, |best: Option<(i64, u32, Action)>, x| match best {
            Some(b) if (b.0, b.1) >= (x.0, x.1) => Some(b),
            _ => Some(x),
        })
        .map(|b| b.2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, DevCard, Hand, HarborKind, MapId, Scenario, Seat};

    #[test]
    fn one_robber_move_is_kept_on_an_opponents_hex_robbing_them() {
        let topo = MapId::Standard.topology();
        let game = Scenario::new(Config::default(), 4)
            .settlement(Seat(1), topo.hex_vertices(Hex(9))[0])
            .hand(Seat(1), Hand::new([1, 0, 0, 0, 0]))
            .dev(Seat(0), DevCard::Knight)
            .robber(Hex(0))
            .turn(Seat(0))
            .build();
        let mut game = game.unwrap();
        game.apply(Action::PlayKnight).unwrap();
        let mut actions = game.legal_actions();
        assert!(actions.len() > 5);
        prune(&game, &mut actions);
        assert_eq!(actions.len(), 1);
        let Action::MoveRobber { hex, victim } = actions[0] else { panic!("{actions:?}") };
        assert!(topo.hex_vertex_set(hex).bits() & topo.hex_vertices(Hex(9))[0].bit() != 0);
        assert_eq!(victim, Some(Seat(1)));
    }

    #[test]
    fn maritime_trades_only_at_the_best_rate() {
        let topo = MapId::Standard.topology();
        let dealt = Scenario::new(Config::default(), 4).build().unwrap();
        let spot = topo.harbor_spots().iter().zip(dealt.board().harbors()).find(|(_, k)| **k == HarborKind::Generic);
        let game = Scenario::new(Config::default(), 4)
            .settlement(Seat(0), spot.expect("a 3:1 harbor").0.vertices[0])
            .hand(Seat(0), Hand::new([5, 0, 0, 0, 0]))
            .turn(Seat(0))
            .rolled()
            .build()
            .unwrap();
        let mut actions = game.legal_actions();
        let rate = |actions: &[Action], r: u8| {
            actions.iter().filter(|a| matches!(a, Action::MaritimeTrade { rate, .. } if *rate == r)).count()
        };
        assert_eq!((rate(&actions, 4), rate(&actions, 3)), (4, 4));
        prune(&game, &mut actions);
        assert_eq!((rate(&actions, 4), rate(&actions, 3)), (0, 4));
    }
}
