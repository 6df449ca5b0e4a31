//! The wire view is the seat's view, whole: rebuilt into a game, it gives the same view back,
//! with the same legal actions, over many games of many rules.

use crate::bots::{self, BotLevel};
use crate::engine::{Config, Game, MapId, Module, Modules, Seat, TurnStyle};

use super::{FromProgram, ToProgram, WireMap, WireView, line};

/// The rules of game `seed`: each map in turn, a sample of the land modules, the unit modules
/// by the seed's bits, 2 to 6 players as the map seats them.
fn rules(seed: u64) -> Config {
    let map = MapId::ALL[(seed % 3) as usize];
    let (lo, hi) = map.topology().players();
    let players = (lo.max(2) + (seed / 3 % 3) as u8).min(hi);
    let mut base = Config { players, ..Config::on_map(map) };
    if players >= 5 {
        base.turns = if seed.is_multiple_of(2) { TurnStyle::SpecialBuilding } else { TurnStyle::Paired };
    }
    const UNITS: [Module; 5] = [Module::Knights, Module::Ships, Module::Colonist, Module::Attacks, Module::Phases];
    let units =
        UNITS.iter().enumerate().filter(|(i, _)| seed >> i & 1 == 1).fold(Modules::NONE, |m, (_, &u)| m.with(u));
    let sample = Modules(Modules::LAND.0 & (seed as u32).wrapping_mul(0x9E37_79B9));
    base.with_modules(Modules(sample.0 | units.0).on_map(map))
}

fn check_view(game: &Game, seat: Seat, ctx: &str) {
    let view = game.view(seat);
    let wire = WireView::of(&view);
    let json = serde_json::to_string(&wire).unwrap();
    let read: WireView = serde_json::from_str(&json).unwrap();
    assert_eq!(read, wire, "{ctx}: the view reads back as written");
    let rebuilt = wire.rebuild(*game.config()).unwrap_or_else(|e| panic!("{ctx}: {e}\n{json}"));
    let again = rebuilt.view(seat);
    assert_eq!(again.snapshot(), view.snapshot(), "{ctx}: the rebuilt game shows the seat what the real one does");
    assert_eq!(again.legal_actions(), view.legal_actions(), "{ctx}: the same legal actions");
    assert_eq!(WireView::of(&again), wire, "{ctx}: the same wire view");
}

#[test]
fn a_wire_view_rebuilds_into_a_game_the_seat_cannot_tell_from_the_real_one() {
    for seed in 0..24u64 {
        let config = rules(seed);
        let mut game = Game::new(config, seed).unwrap();
        let mut seats: Vec<_> = (0..config.players)
            .map(|s| {
                let level = if s % 2 == 0 { BotLevel::Easy } else { BotLevel::Random };
                let mut bot = bots::make(level, seed * 10 + u64::from(s));
                bot.set_offers(true);
                bot
            })
            .collect();
        let mut steps = 0;
        while !game.is_over() && game.turn_number() < 40 && steps < 1500 {
            let to_act = game.to_act();
            if steps % 3 == 0 {
                let ctx = format!("seed {seed} step {steps} ({:?})", game.phase());
                check_view(&game, to_act, &ctx);
                let other = Seat(((to_act.0 as usize + 1) % config.players as usize) as u8);
                check_view(&game, other, &format!("{ctx}, seat {other:?}"));
            }
            let action = seats[to_act.index()].choose(game.acting_view());
            game.apply(action).unwrap();
            steps += 1;
        }
        check_view(&game, Seat(0), &format!("seed {seed} at the end"));
    }
}

#[test]
fn messages_have_the_documented_shape() {
    let hello: FromProgram = serde_json::from_str(r#"{"type":"hello","name":"my bot","version":1}"#).unwrap();
    assert_eq!(hello, FromProgram::Hello { name: "my bot".into(), version: 1 });
    let by_index: FromProgram = serde_json::from_str(r#"{"type":"move","id":3,"index":2}"#).unwrap();
    assert_eq!(by_index, FromProgram::Move { id: 3, index: Some(2), action: None });
    assert!(serde_json::from_str::<FromProgram>(r#"{"type":"move","id":3,"index":-1}"#).is_err());
    assert!(serde_json::from_str::<FromProgram>(r#"{"type":"move","id":3,"cheat":1}"#).is_err());
    let game = Game::new(Config::default(), 1).unwrap();
    let map = WireMap::of(game.topology());
    assert_eq!((map.hexes.len(), map.intersections.len(), map.paths.len(), map.harbors.len()), (19, 54, 72, 9));
    let text = line(&ToProgram::End { events: vec!["Ann wins".into()] });
    assert_eq!(text, "{\"type\":\"end\",\"events\":[\"Ann wins\"]}\n");
}
