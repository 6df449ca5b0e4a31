use crate::engine::{Action, Config, Game, Hand, Resource, Seat, SeatSet};
use crate::save::default_names;

use super::*;

/// Plays `games` games of random moves on `config`, calling `check` at every moment.
fn each_moment(config: Config, games: u64, mut check: impl FnMut(&Game)) {
    for seed in 0..games {
        let mut game = Game::new(config, seed).unwrap();
        let mut pick = seed as usize;
        while !game.is_over() && game.turn_number() < 400 {
            check(&game);
            let actions = game.legal_actions();
            pick = pick.wrapping_mul(31).wrapping_add(7);
            game.apply(actions[pick % actions.len()]).unwrap();
        }
    }
}

/// Every legal action has a command of its own, the command reads back to it, and the menu
/// holds every legal action once and nothing else.
#[test]
fn every_legal_move_has_one_command_that_reads_back_to_it() {
    let names = default_names(4);
    let mut moments = 0;
    each_moment(Config::default(), 6, |game| {
        let view = game.acting_view();
        let legal = view.legal_actions();
        let items = menu(&view, &names, &legal);
        let listed: Vec<Action> = items.iter().flat_map(|i| i.actions.iter().copied()).collect();
        assert_eq!(listed.len(), legal.len());
        assert!(legal.iter().all(|a| listed.contains(a)));
        for &a in &legal {
            let c = command(&view, &names, a);
            assert_eq!(parse(&view, &names, &items, None, &c), Typed::Play(a), "{c}");
            assert_eq!(normalize(&c), c, "a command is written as it is read");
        }
        moments += 1;
    });
    assert!(moments > 1000);
}

/// The same on the 5-6 map with every land house rule and on the archipelago with the sea
/// and war rules, where units, ships, gold and attacks have commands too.
#[test]
fn house_rules_moves_have_commands_too() {
    use crate::engine::{MapId, Modules};
    let configs = [
        Config::with_players(6).with_modules(Modules::LAND),
        Config::on_map(MapId::Archipelago).with_modules(Modules::SEA),
        Config { players: 3, ..Config::on_map(MapId::Archipelago) }.with_modules(Modules::WAR),
    ];
    let mut units = 0;
    for config in configs {
        config.validate().unwrap();
        let names = default_names(config.players);
        each_moment(config, 2, |game| {
            let view = game.acting_view();
            let legal = view.legal_actions();
            let items = menu(&view, &names, &legal);
            for &a in &legal {
                let c = command(&view, &names, a);
                units += usize::from(a.is_unit() || matches!(a, Action::Attack { .. }));
                assert_eq!(parse(&view, &names, &items, None, &c), Typed::Play(a), "{c}");
            }
        });
    }
    assert!(units > 100, "units and ships were built, moved and fought: {units}");
}

/// Offers are typed on any terms, to everyone or to some; a counter is said from the side of
/// the one who counters.
#[test]
fn offers_and_counters_are_read_on_any_terms() {
    let names: Vec<String> = ["Ann", "Bob Lee", "Cy", "Dee"].map(String::from).to_vec();
    let mut seen = false;
    each_moment(Config::default(), 3, |game| {
        let view = game.acting_view();
        if seen || view.phase() != crate::engine::Phase::Main || view.hand().total() < 2 {
            return;
        }
        let r = view.hand().resources().next().unwrap();
        let want = if r == Resource::Ore { Resource::Brick } else { Resource::Ore };
        let legal = view.legal_actions();
        let items = menu(&view, &names, &legal);
        let all = SeatSet::all(4).without(view.seat());
        let typed = format!("Offer 1 {r} for 2 {want}.");
        let expect = Action::OfferTrade { give: Hand::of(r, 1), get: Hand::of(want, 2), to: all };
        assert_eq!(parse(&view, &names, &items, None, &typed), Typed::Play(expect));
        assert_eq!(command(&view, &names, expect), format!("offer 1 {r} for 2 {want}"));
        let other = all.iter().find(|&s| s != Seat(1)).unwrap();
        let typed = format!("offer {r} for {want} to bob lee and {}", names[other.index()]);
        let to = SeatSet::default().with(Seat(1)).with(other);
        let to = if view.seat() == Seat(1) { SeatSet::one(other) } else { to };
        if view.seat() != Seat(1) {
            let expect = Action::OfferTrade { give: Hand::of(r, 1), get: Hand::of(want, 1), to };
            assert_eq!(parse(&view, &names, &items, None, &typed), Typed::Play(expect));
        }
        assert!(matches!(parse(&view, &names, &items, None, "offer ore for"), Typed::Refused(_)));
        assert!(matches!(parse(&view, &names, &items, None, "offer 1 ore for 1 brick to zed"), Typed::Refused(_)));
        assert!(matches!(parse(&view, &names, &items, None, "offer 30 ore for 1 brick"), Typed::Refused(_)));
        seen = true;
    });
    assert!(seen);
}

/// Numbers pick menu lines, and a line with several choices opens its list.
#[test]
fn numbers_pick_lines_and_open_lists() {
    let names = default_names(4);
    let game = Game::new(Config::default(), 5).unwrap();
    let view = game.acting_view();
    let legal = view.legal_actions();
    let items = menu(&view, &names, &legal);
    assert_eq!(items.len(), 1, "set-up: one line, the settlements");
    assert_eq!(parse(&view, &names, &items, None, "1"), Typed::Open(0));
    assert_eq!(parse(&view, &names, &items, Some(0), "2"), Typed::Play(items[0].actions[1]));
    assert!(matches!(parse(&view, &names, &items, None, "9"), Typed::Refused(_)));
    assert!(matches!(parse(&view, &names, &items, Some(0), "99"), Typed::Refused(_)));
    assert!(matches!(parse(&view, &names, &items, None, "settlement 999"), Typed::Refused(_)));
    assert_eq!(parse(&view, &names, &items, None, "board"), Typed::Other);
}
