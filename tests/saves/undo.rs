//! Undo (issue 4): `u` takes back the acting player's last action while that action revealed
//! nothing new, never across a change of the player who must act (H1), and works after a load
//! because loading replays the log.

use std::collections::BTreeSet;

use crate::support::records::{choose, random_record};
use catan::bots::SplitMix64;
use catan::engine::{Action, Answer, Config, Event, Game, Modules, Phase};
use catan::save::{self, Record, UndoRefusal};

/// The first moment of random game `seed` right after an action matching `pred`.
fn after(seed: u64, pred: impl Fn(&Record, Action) -> bool) -> Record {
    let mut record = random_record(seed, 0);
    let mut rng = SplitMix64::new(seed ^ 77);
    while let Some(action) = choose(&record, &mut rng) {
        let hit = pred(&record, action);
        record.apply(action).unwrap();
        if hit {
            return record;
        }
    }
    panic!("game {seed} never played such an action");
}

fn undo_refusal(record: &Record) -> UndoRefusal {
    record.clone().undo().unwrap_err()
}

#[test]
fn a_setup_settlement_can_be_taken_back_until_the_road_passes_play_on() {
    let mut record = Record::new(Config::default(), 5, save::default_names(4)).unwrap();
    assert_eq!(record.can_undo(), Err(UndoRefusal::Nothing));
    let settlement = record.game().legal_actions()[3];
    record.apply(settlement).unwrap();
    assert_eq!(record.undo(), Ok(settlement));
    assert_eq!(record.game(), &record.game_at(0));
    record.apply(settlement).unwrap();
    let road = record.game().legal_actions()[0];
    record.apply(road).unwrap();
    assert_eq!(record.can_undo(), Err(UndoRefusal::OtherPlayer));
}

#[test]
fn a_roll_is_final() {
    let record = after(1, |_, a| a == Action::RollDice);
    assert_eq!(undo_refusal(&record), UndoRefusal::Revealed("a roll"));
    assert_eq!(undo_refusal(&record).to_string(), "a roll can't be taken back: it revealed something new");
}

#[test]
fn a_card_draw_a_steal_and_a_monopoly_are_final() {
    let bought = after(2, |_, a| a == Action::BuyDevCard);
    assert_eq!(undo_refusal(&bought), UndoRefusal::Revealed("a card draw"));
    let stole = after(3, |_, a| matches!(a, Action::MoveRobber { victim: Some(_), .. }));
    assert_eq!(undo_refusal(&stole), UndoRefusal::Revealed("a steal"));
    let monopoly = (0..40).find_map(|seed| {
        let record = random_record(seed, 5000);
        let i = record.actions().iter().position(|a| matches!(a, Action::PlayMonopoly(_)))?;
        let mut cut = Record::new(*record.config(), record.seed(), record.names().to_vec()).unwrap();
        for &a in &record.actions()[..=i] {
            cut.apply(a).unwrap();
        }
        Some(cut)
    });
    assert_eq!(undo_refusal(&monopoly.expect("some game plays a monopoly")), UndoRefusal::Revealed("a monopoly"));
}

#[test]
fn building_after_the_roll_can_be_taken_back_one_by_one_down_to_the_roll() {
    let mut record = after(4, |r, a| {
        r.game().phase() == Phase::Main && matches!(a, Action::BuildRoad(_) | Action::BuildSettlement(_))
    });
    let built = *record.game();
    let action = *record.actions().last().unwrap();
    assert_eq!(record.undo(), Ok(action));
    assert_eq!(record.game(), &record.game_at(record.len()));
    record.apply(action).unwrap();
    assert_eq!(record.game(), &built, "re-playing the undone action gives the same game");
    while record.undo().is_ok() {}
    assert!(matches!(
        record.can_undo(),
        Err(UndoRefusal::Revealed(_) | UndoRefusal::OtherPlayer | UndoRefusal::Nothing)
    ));
}

/// RULES H3: a trade another player accepted or countered is final; undo never reaches past it.
#[test]
fn a_trade_another_player_agreed_to_is_final() {
    let record = (0..40)
        .find_map(|seed| {
            let record = random_record(seed, 3000);
            let i = record.actions().iter().position(|a| matches!(a, Action::ConfirmTrade(_)))?;
            let mut cut = Record::new(*record.config(), record.seed(), record.names().to_vec()).unwrap();
            for &a in &record.actions()[..=i] {
                cut.apply(a).unwrap();
            }
            Some(cut)
        })
        .expect("some game completes a domestic trade");
    // Play stayed with the player who confirmed, and nothing was revealed: only the other
    // player's agreement makes it final.
    assert_eq!(record.game().to_act(), record.game_at(record.len() - 1).to_act());
    assert_eq!(undo_refusal(&record), UndoRefusal::TradeAgreed);
    assert_eq!(record.can_undo(), Err(UndoRefusal::TradeAgreed));
    assert_eq!(undo_refusal(&record).to_string(), "a trade another player agreed to can't be taken back");
    // After a load too.
    let loaded = save::from_json(save::to_json(&record).as_bytes()).unwrap();
    assert_eq!(loaded.can_undo(), Err(UndoRefusal::TradeAgreed));
}

/// Issue 42: `u` after "everyone declined" opened the dead offer again ("took back withdrawing
/// the offer: it is open again", the three declines listed). The withdrawal is final, and
/// nothing before it can be taken back (the offer itself went to the others to answer).
#[test]
fn an_offer_everyone_declined_is_closed_for_good() {
    let record = (0..40)
        .find_map(|seed| {
            let record = random_record(seed, 3000);
            let i = record.actions().iter().enumerate().position(|(i, &a)| {
                a == Action::CancelTrade
                    && matches!(record.game_at(i).phase(), Phase::Trade { answers, .. }
                        if answers.iter().all(|a| matches!(a, Answer::Decline | Answer::NotAsked))
                            && answers.contains(&Answer::Decline))
            })?;
            let mut cut = Record::new(*record.config(), record.seed(), record.names().to_vec()).unwrap();
            for &a in &record.actions()[..=i] {
                cut.apply(a).unwrap();
            }
            Some(cut)
        })
        .expect("some game withdraws an offer everyone declined");
    assert_eq!(record.game().to_act(), record.game_at(record.len() - 1).to_act());
    assert_eq!(record.can_undo(), Err(UndoRefusal::AllDeclined));
    assert_eq!(undo_refusal(&record).to_string(), "everyone declined the offer: there is nothing of it to take back");
    let loaded = save::from_json(save::to_json(&record).as_bytes()).unwrap();
    assert_eq!(loaded.can_undo(), Err(UndoRefusal::AllDeclined));
}

#[test]
fn ending_the_turn_is_final() {
    let record = after(5, |_, a| a == Action::EndTurn);
    assert_eq!(undo_refusal(&record), UndoRefusal::OtherPlayer);
    assert_eq!(undo_refusal(&record).to_string(), "the last action was another player's");
}

#[test]
fn a_won_game_is_final() {
    let record = random_record(6, 100_000);
    assert!(record.game().is_over());
    assert_eq!(undo_refusal(&record), UndoRefusal::GameOver);
}

#[test]
fn undo_works_after_a_load() {
    let record = after(8, |r, a| r.game().phase() == Phase::Main && matches!(a, Action::BuildRoad(_)));
    let mut loaded = save::from_json(save::to_json(&record).as_bytes()).unwrap();
    let mut original = record.clone();
    assert_eq!(loaded.undo(), original.undo());
    assert_eq!(loaded, original);
    assert_eq!(loaded.game(), &record.game_at(record.len() - 1));
}

/// Over many random games: every undo the rule allows gives back exactly the state before the
/// action, RNG included, for the same player; and every refusal shows up somewhere.
#[test]
fn every_allowed_undo_restores_the_moment_before() {
    let mut refusals = BTreeSet::new();
    let mut undone = BTreeSet::new();
    for seed in 0..16u64 {
        let mut record = random_record(seed, 0);
        let mut rng = SplitMix64::new(seed);
        let mut before = *record.game();
        while let Some(action) = choose(&record, &mut rng) {
            let events = record.apply(action).unwrap();
            match record.clone().undo() {
                Ok(a) => {
                    assert_eq!(a, action);
                    let mut back = record.clone();
                    back.undo().unwrap();
                    assert_eq!(back.game(), &before);
                    assert_eq!(before.to_act(), record.game().to_act());
                    assert!(events.iter().all(|e| !matches!(
                        e,
                        Event::DiceRolled { .. }
                            | Event::Stole { .. }
                            | Event::BoughtDevCard { .. }
                            | Event::Won { .. }
                    )));
                    undone.insert(format!("{action:?}").split(['(', ' ']).next().unwrap().to_string());
                }
                Err(why) => {
                    refusals.insert(why.to_string());
                }
            }
            before = *record.game();
        }
    }
    for kind in ["BuildRoad", "BuildSettlement", "BuildCity", "Discard", "MoveRobber", "MaritimeTrade", "PlayKnight"] {
        assert!(undone.contains(kind), "{kind} was never undone: {undone:?}");
    }
    assert_eq!(refusals.len(), 8, "{refusals:?}");
}

/// Undo as it was decided before issue 24, by replaying the log without its last action: the
/// oracle for the kept games that replaced it. The state before the last action if the rule
/// lets it be taken back.
fn replayed_undo(record: &Record) -> Result<Game, UndoRefusal> {
    let Some(&last) = record.actions().last() else {
        return Err(UndoRefusal::Nothing);
    };
    if record.game().is_over() {
        return Err(UndoRefusal::GameOver);
    }
    let before = record.game_at(record.len() - 1);
    if before.to_act() != record.game().to_act() {
        return Err(UndoRefusal::OtherPlayer);
    }
    if matches!(last, Action::ConfirmTrade(_)) {
        return Err(UndoRefusal::TradeAgreed);
    }
    if last == Action::CancelTrade
        && let Phase::Trade { answers, .. } = before.phase()
        && answers.iter().all(|a| matches!(a, Answer::Decline | Answer::NotAsked))
        && answers.contains(&Answer::Decline)
    {
        return Err(UndoRefusal::AllDeclined);
    }
    if let Some(what) = before.revealed(last, record.game()) {
        return Err(UndoRefusal::Revealed(what.what()));
    }
    Ok(before)
}

/// H3, issue 24: undo decided from the games kept as the game goes agrees, at every step of many
/// random games under random house rules (undos mixed in, saves loaded now and then), with the
/// replay that decided it before: the same answer, and after an undo the same game as the log
/// replayed without the action, and the same record as one rebuilt from that shorter log. The
/// mixes take every module (units, fights and phases among them: a fight is chance, H3).
#[test]
fn h3_undo_without_a_replay_agrees_with_the_replay() {
    let mut undos = 0;
    let mut refusals = BTreeSet::new();
    for seed in 0..40u64 {
        let mix = SplitMix64::new(seed ^ 0x0B5E).next_u64() as u32;
        let config = crate::support::config::config(seed);
        let config = config.with_modules(Modules(mix & Modules::PLAYABLE.0).on_map(config.map));
        let mut record = Record::new(config, seed, save::default_names(config.players)).unwrap();
        let mut rng = SplitMix64::new(seed ^ 0x24);
        for step in 0..1500 {
            let oracle = replayed_undo(&record);
            assert_eq!(record.can_undo(), oracle.as_ref().map(|_| ()).map_err(Clone::clone), "seed {seed} step {step}");
            if let Err(why) = &oracle {
                refusals.insert(why.to_string());
            }
            let mut undone = record.clone();
            match (undone.undo(), oracle) {
                (Ok(action), Ok(before)) => {
                    assert_eq!(Some(&action), record.actions().last());
                    assert_eq!(undone.game(), &before, "seed {seed} step {step}");
                    let rebuilt = Record::from_actions(config, seed, record.names().to_vec(), undone.actions());
                    assert_eq!(undone, rebuilt.unwrap(), "seed {seed} step {step}");
                }
                (Err(a), Err(b)) => assert_eq!(a, b),
                (a, b) => panic!("seed {seed} step {step}: undo gave {a:?}, the replay {:?}", b.map(|_| ())),
            }
            if step % 97 == 13 {
                let loaded = save::from_json(save::to_json(&record).as_bytes()).unwrap();
                assert_eq!(loaded, record, "seed {seed} step {step}: a load rebuilds what undo keeps");
            }
            if rng.below(4) == 0 && record.undo().is_ok() {
                undos += 1;
                continue;
            }
            let Some(action) = choose(&record, &mut rng) else { break };
            record.apply(action).unwrap();
        }
    }
    assert!(undos > 1000, "{undos} undos");
    assert!(refusals.len() >= 8, "every refusal but chance shows up: {refusals:?}");
}
