//! Save round trips on random games at random moments: save, load and save again give the same
//! bytes; the log replays to the saved state; a loaded game goes on exactly as the original
//! (same future dice); the replay timeline shows every moment as it was.

use crate::support::files::TempDir;
use crate::support::records::{choose, random_record};
use catan::bots::SplitMix64;
use catan::engine::Config;
use catan::save::{self, BotLevel, Record, SeatInfo, SeatKind, Timeline};

/// Random moments: each seed gets its own rules and stops after a random number of actions.
fn moments() -> impl Iterator<Item = Record> {
    let mut rng = SplitMix64::new(2024);
    (0..36u64).map(move |seed| {
        let steps = [0, 1, 5, 17, 60, 200, 700, 5000][rng.below(8)] + rng.below(40);
        random_record(seed, steps)
    })
}

#[test]
fn save_load_save_gives_identical_bytes() {
    let dir = TempDir::new("roundtrip");
    for record in moments() {
        let json = save::to_json(&record);
        let loaded = save::from_json(json.as_bytes()).unwrap();
        assert_eq!(loaded, record);
        assert_eq!(save::to_json(&loaded), json);

        let path = dir.join(&format!("seed-{}.json", record.seed()));
        save::save(&record, &path).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), json);
        let again = save::load(&path).unwrap();
        save::save(&again, &path).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), json, "seed {}", record.seed());
    }
}

#[test]
fn replay_reproduces_the_state() {
    for record in moments() {
        record.verify().unwrap();
        assert_eq!(&record.replay().unwrap(), record.game());
        assert_eq!(&record.game_at(record.len()), record.game());
    }
}

#[test]
fn a_loaded_game_goes_on_exactly_as_the_original() {
    for (seed, steps) in [(1u64, 40usize), (2, 150), (3, 333), (4, 90)] {
        let mut original = random_record(seed, steps);
        let mut loaded = save::from_json(save::to_json(&original).as_bytes()).unwrap();
        assert_eq!(loaded.game().to_act(), original.game().to_act());
        let mut rng = SplitMix64::new(seed);
        for _ in 0..300 {
            let Some(action) = choose(&original, &mut rng) else { break };
            assert_eq!(original.apply(action), loaded.apply(action), "same events, same dice");
        }
        assert_eq!(loaded, original);
    }
}

#[test]
fn timeline_shows_every_moment_as_it_was() {
    let record = random_record(7, 400);
    let timeline = Timeline::new(&record);
    assert_eq!(timeline.len(), record.len());
    let (mut game, start) = catan::engine::Game::new_with_events(*record.config(), record.seed()).unwrap();
    assert_eq!(timeline.events_of(0), &start[..]);
    assert_eq!(timeline.game_at(0), game);
    let mut log = start;
    for (i, &action) in record.actions().iter().enumerate() {
        let actor = game.to_act();
        let events = game.apply(action).unwrap();
        log.extend(&events);
        let step = i + 1;
        assert_eq!(timeline.action(step), Some((actor, action)));
        assert_eq!(timeline.events_of(step), &events[..]);
        assert_eq!(timeline.log_until(step), &log[..]);
        assert_eq!(timeline.game_at(step), game, "step {step}");
    }
    // Stepping backwards from the end gives the same games as stepping forwards.
    for step in (0..=record.len()).rev().step_by(13) {
        assert_eq!(timeline.game_at(step), record.game_at(step));
    }
    assert_eq!(timeline.action(0), None);
    assert_eq!(record.log(), log);
}

#[test]
fn play_random_records_the_same_game_as_the_simulator() {
    for seed in [0u64, 1, 99] {
        for players in [2, 3, 4] {
            let config = Config::with_players(players);
            let record = save::play_random(config, seed).unwrap();
            let sim = catan::sim::play_one(config, seed);
            assert_eq!(record.game(), &sim.game);
            assert_eq!(record.len() as u64, sim.actions);
        }
    }
}

#[test]
fn names_must_match_the_players() {
    let err = Record::new(Config::with_players(3), 1, save::default_names(4)).unwrap_err();
    assert_eq!(err.to_string(), "4 names for 3 players");
    let record = Record::new(Config::with_players(3), 1, vec!["Ann".into(), "Bob".into(), "Cy".into()]).unwrap();
    let loaded = save::from_json(save::to_json(&record).as_bytes()).unwrap();
    assert_eq!(loaded.names(), ["Ann", "Bob", "Cy"]);
}

#[test]
fn a_record_rebuilt_from_its_actions_is_the_same_record() {
    let record = random_record(21, 300);
    let names = record.names().to_vec();
    let rebuilt = Record::from_actions(*record.config(), record.seed(), names.clone(), record.actions()).unwrap();
    assert_eq!(rebuilt, record);
    let mut wrong = record.actions().to_vec();
    wrong.insert(0, catan::engine::Action::EndTurn);
    let err = Record::from_actions(*record.config(), record.seed(), names, &wrong).unwrap_err();
    assert!(err.to_string().starts_with("the action log doesn't replay: action 1"), "{err}");
}

/// Issue 13: each seat's kind is saved with its name and read back; `Record::new` seats people,
/// `catan simulate`'s games are random bots.
#[test]
fn seats_keep_their_kinds() {
    let bot = SeatKind::Bot(BotLevel::Random);
    let seats =
        vec![SeatInfo::human("Ann"), SeatInfo { name: "Hal".into(), kind: bot, program: None }, SeatInfo::human("Cy")];
    let mut record = Record::new_with_seats(Config::with_players(3), 8, seats.clone()).unwrap();
    let first = record.game().legal_actions()[0];
    record.apply(first).unwrap();
    assert_eq!(record.seats(), seats);
    assert_eq!(record.names(), ["Ann", "Hal", "Cy"]);
    let json = save::to_json(&record);
    assert!(json.contains("\"name\": \"Hal\",\n      \"kind\": {\n        \"bot\": \"random\"\n      }"), "{json}");
    let loaded = save::from_json(json.as_bytes()).unwrap();
    assert_eq!(loaded.kinds(), [SeatKind::Human, bot, SeatKind::Human]);
    assert_eq!(loaded, record);

    let people = Record::new(Config::with_players(3), 8, save::default_names(3)).unwrap();
    assert_eq!(people.kinds(), [SeatKind::Human; 3]);
    assert_eq!(save::play_random(Config::with_players(2), 1).unwrap().kinds(), [bot; 2]);
    let twice = vec![SeatInfo::human("Ann"), SeatInfo::human("ann"), SeatInfo::human("Cy")];
    assert!(Record::new_with_seats(Config::with_players(3), 8, twice).is_err());
}

/// Issue 16: house rules are saved with the game: a game with every module this version plays
/// saves, loads and goes on exactly as the original (the dice stack's cards left included).
#[test]
fn house_rules_round_trip_through_a_save() {
    use catan::engine::Modules;
    for seed in [5u64, 6] {
        let config = Config::default().with_modules(Modules::LAND);
        let mut original =
            Record::new(config, seed, vec!["Ann".into(), "Bob".into(), "Cy".into(), "Di".into()]).unwrap();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..400 {
            let Some(action) = choose(&original, &mut rng) else { break };
            original.apply(action).unwrap();
        }
        let json = save::to_json(&original);
        assert!(json.contains("\"dice_stack\""), "the stack is saved");
        let mut loaded = save::from_json(json.as_bytes()).unwrap();
        assert_eq!(loaded.game().config().modules, Modules::LAND);
        assert_eq!(save::to_json(&loaded), json);
        for _ in 0..300 {
            let Some(action) = choose(&original, &mut rng) else { break };
            assert_eq!(original.apply(action), loaded.apply(action), "same events, same dice");
        }
        assert_eq!(loaded, original);
    }
}
