//! R41 accelerated start: a settlement, then a city, and the seed's starting cards.

use crate::support::board::*;
use catan::engine::{Config, Event, Game, Hand, Module, Modules, Phase, Piece, Seat};

fn accelerated(bank: u8) -> Config {
    Config { bank, ..Config::default() }.with_modules(Modules::NONE.with(Module::AcceleratedStart))
}

/// Plays set-up with the first legal placement each time, returning the events.
fn setup(g: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while matches!(g.phase(), Phase::Setup { .. }) {
        let a = g.legal_actions()[0];
        events.extend(play(g, a));
    }
    events
}

/// The cards R41 gives `s`: 1 per hex of the settlement, 2 per hex of the city.
fn owed(g: &Game, s: Seat) -> Hand {
    let mut cards = Hand::EMPTY;
    for (each, v) in g.settlements(s).map(|v| (1, v)).chain(g.cities(s).map(|v| (2, v))) {
        for &h in topo().vertex_hexes(v) {
            if let Some(r) = g.board().terrain(h).resource() {
                cards[r] += each;
            }
        }
    }
    cards
}

#[test]
fn r41_the_second_placement_is_a_city_and_both_buildings_pay() {
    let mut g = Game::new(accelerated(19), 4).unwrap();
    let events = setup(&mut g);
    let built: Vec<Piece> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Built { piece, .. } if piece != Piece::Road => Some(piece),
            _ => None,
        })
        .collect();
    assert_eq!(built, [[Piece::Settlement; 4], [Piece::City; 4]].concat());
    // The cards come once set-up is over, before the first turn, and none before.
    let first_card = events.iter().position(|e| matches!(e, Event::SetupResources { .. })).unwrap();
    let last_build = events.iter().rposition(|e| matches!(e, Event::Built { .. })).unwrap();
    assert!(first_card > last_build);
    assert!(matches!(events.last(), Some(Event::TurnStarted { number: 1, .. })));
    assert!(!events.iter().any(|e| matches!(e, Event::Shortage { .. })));
    for s in g.seats() {
        assert_eq!((g.settlements(s).count(), g.cities(s).count()), (1, 1));
        assert_eq!(g.pieces_left(s), (13, 4, 3));
        assert_eq!(g.view(s).hand(), owed(&g, s), "{s}");
        assert_eq!(g.public_points(s), 3);
    }
}

#[test]
fn r41_the_starting_cards_respect_the_bank() {
    // A bank of 2 of each resource can't pay everyone: R16 decides, and no card is made.
    let mut g = Game::new(accelerated(2), 4).unwrap();
    let events = setup(&mut g);
    assert!(events.iter().any(|e| matches!(e, Event::Shortage { .. })));
    for r in catan::engine::Resource::ALL {
        let held: u32 = g.seats().map(|s| g.view(s).hand()[r] as u32).sum();
        assert_eq!(held + g.bank()[r] as u32, 2, "{r}");
    }
    for s in g.seats() {
        assert!(g.view(s).hand().total() <= owed(&g, s).total());
    }
}

#[test]
fn r41_without_the_module_set_up_is_as_before() {
    let mut g = Game::new(Config::default(), 4).unwrap();
    let events = setup(&mut g);
    assert!(!events.iter().any(|e| matches!(e, Event::Built { piece: Piece::City, .. })));
    assert!(g.seats().all(|s| g.settlements(s).count() == 2));
}
