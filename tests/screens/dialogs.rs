//! Every dialog driven by keys from a position set up with the engine's `Scenario` builder:
//! domestic trade with a counter-offer, discards and the robber after a 7, the bank at a
//! harbor rate, and the development cards. Each test names the ruling it exercises.

use crate::support::screen::{app_with, press};

use catan::engine::{Action, Config, DevCard, Hand, Phase, Scenario, Seat, Vertex};
use catan::save::Record;
use catan::tui::{App, Focus, Msg, Theme};

const ANN: Seat = Seat(0);
const BOB: Seat = Seat(1);
const CY: Seat = Seat(2);

/// Three settlements apart from each other, Ann's turn after the roll.
fn scenario() -> Scenario {
    Scenario::new(Config::with_players(3), 1)
        .settlement(ANN, Vertex(0))
        .settlement(BOB, Vertex(20))
        .settlement(CY, Vertex(40))
        .turn(ANN)
}

fn hand(r: [u8; 5]) -> Hand {
    Hand::new(r)
}

#[test]
fn r21_offer_counter_and_confirm_by_keys() {
    let game = scenario().hand(ANN, hand([2, 0, 0, 0, 0])).hand(BOB, hand([0, 0, 2, 0, 0])).rolled().build().unwrap();
    let mut app = app_with(game);
    // Ann: give 1 brick, get 1 wool, ask Bob only (untick Cy on the last row).
    press(&mut app, "t + Tab j j + j j j j Space Enter");
    assert!(matches!(app.table.game().phase(), Phase::Trade { .. }), "{:?}", app.screen.message);
    assert_eq!(app.screen.handoff(), None, "the offer is on the shared screen (issue 23)");
    assert_eq!(app.screen.viewer, None, "every hand hidden");
    // Bob counters (his letter, then c): that takes his own screen (H1). He wants 2 brick for
    // his wool.
    press(&mut app, "b c");
    assert_eq!(app.screen.handoff(), Some(BOB));
    press(&mut app, "Enter Tab +");
    press(&mut app, "Enter");
    assert_eq!(app.screen.handoff(), Some(ANN));
    // Ann takes the keyboard; her first Enter on the fresh list only asks (H1a), the second
    // takes the counter-offer.
    press(&mut app, "Enter Enter");
    assert!(matches!(app.table.game().phase(), Phase::Trade { .. }), "one Enter traded nothing");
    press(&mut app, "Enter");
    assert_eq!(app.table.game().phase(), Phase::Main);
    assert_eq!(app.table.game().view(ANN).hand(), hand([0, 0, 1, 0, 0]));
    assert_eq!(app.table.game().view(BOB).hand(), hand([2, 0, 1, 0, 0]));
}

#[test]
fn r21_an_offer_the_engine_refuses_shows_its_reason_and_stays_open() {
    let game = scenario().hand(ANN, hand([1, 0, 0, 0, 0])).rolled().build().unwrap();
    let mut app = app_with(game);
    press(&mut app, "t + + Tab j +");
    press(&mut app, "Enter");
    assert_eq!(app.table.game().phase(), Phase::Main, "nothing was offered");
    assert!(app.screen.message.as_ref().is_some_and(|m| m.error && m.text.contains("Ann doesn't hold those cards")));
}

#[test]
fn r17_r19_seven_discards_then_robber_and_victim_by_keys() {
    let game = scenario()
        .hand(ANN, hand([2, 2, 2, 2, 0]))
        .hand(BOB, hand([0, 0, 0, 0, 9]))
        .hand(CY, hand([1, 0, 0, 0, 0]))
        .next_roll(7)
        .build()
        .unwrap();
    let mut app = app_with(game);
    press(&mut app, "r");
    assert!(matches!(app.table.game().phase(), Phase::Discard { .. }));
    assert_eq!(app.screen.handoff(), None, "Ann rolled and discards first, keeping the keyboard");
    // Ann gives up 2 brick and 2 lumber; Enter before enough are picked is refused.
    press(&mut app, "+ + Enter");
    assert_eq!(app.table.game().view(ANN).hand().total(), 8);
    press(&mut app, "j + + Enter");
    assert_eq!(app.table.game().view(ANN).hand(), hand([0, 0, 2, 2, 0]));
    assert_eq!(app.screen.handoff(), Some(BOB));
    press(&mut app, "Enter j j j j + + + + Enter");
    assert_eq!(app.table.game().view(BOB).hand(), hand([0, 0, 0, 0, 5]));
    assert_eq!(app.table.game().phase(), Phase::Robber);
    assert_eq!(app.screen.handoff(), Some(ANN));
    // Ann picks a hex by Tab, wherever the legal ones are, and confirms; a victim list
    // appears only when two players could be robbed there.
    press(&mut app, "Enter Tab Enter");
    if matches!(app.screen.focus, Focus::Dialog(_)) {
        press(&mut app, "Enter");
    }
    assert_eq!(app.table.game().phase(), Phase::Main, "{:?}", app.screen.message);
}

#[test]
fn r22_bank_trade_uses_the_best_rate_by_keys() {
    let game = scenario().hand(ANN, hand([0, 4, 0, 0, 0])).rolled().build().unwrap();
    let mut app = app_with(game);
    // The dialog opens on lumber (the one tradable card), getting brick (the first resource
    // the player holds none of).
    press(&mut app, "m Enter");
    assert_eq!(app.table.game().view(ANN).hand(), hand([1, 0, 0, 0, 0]));
}

#[test]
fn r32_year_of_plenty_by_keys() {
    let game = scenario().dev(ANN, DevCard::YearOfPlenty).rolled().build().unwrap();
    let mut app = app_with(game);
    press(&mut app, "p Enter + j + Enter"); // the dialog opens on the one card held
    assert_eq!(app.table.game().view(ANN).hand(), hand([1, 1, 0, 0, 0]));
    assert!(app.table.game().dev_card_played());
}

#[test]
fn r33_monopoly_by_keys() {
    let game = scenario()
        .dev(ANN, DevCard::Monopoly)
        .hand(BOB, hand([0, 0, 3, 0, 0]))
        .hand(CY, hand([0, 0, 1, 1, 0]))
        .rolled()
        .build()
        .unwrap();
    let mut app = app_with(game);
    press(&mut app, "p Enter j j Enter");
    assert_eq!(app.table.game().view(ANN).hand(), hand([0, 0, 4, 0, 0]));
}

#[test]
fn r31_road_building_places_two_free_roads_by_keys() {
    let game = scenario().dev(ANN, DevCard::RoadBuilding).rolled().build().unwrap();
    let mut app = app_with(game);
    press(&mut app, "p Enter");
    assert!(matches!(app.table.game().phase(), Phase::RoadBuilding { left: 2 }));
    press(&mut app, "Esc");
    assert!(app.screen.message.as_ref().is_some_and(|m| m.error), "free roads can't be put off");
    press(&mut app, "Enter Enter");
    assert_eq!(app.table.game().roads(ANN).count(), 2);
    assert_eq!(app.table.game().phase(), Phase::Main);
}

#[test]
fn r30_a_card_bought_this_turn_is_refused_with_the_engine_reason() {
    let game = scenario().hand(ANN, Hand::DEVELOPMENT).rolled().build().unwrap();
    let mut app = app_with(game);
    press(&mut app, "d");
    let bought = DevCard::ALL.into_iter().find(|&c| app.table.game().view(ANN).dev_cards()[c] == 1).unwrap();
    if bought != DevCard::VictoryPoint {
        let row = [DevCard::Knight, DevCard::RoadBuilding, DevCard::YearOfPlenty, DevCard::Monopoly]
            .iter()
            .position(|&c| c == bought)
            .unwrap();
        press(&mut app, &format!("p {}Enter", "j ".repeat(row)));
        let m = app.screen.message.clone().unwrap();
        assert!(m.error && m.text.contains("bought this turn"), "{}", m.text);
    }
    assert!(bought != DevCard::Knight || !app.table.game().is_legal(Action::PlayKnight));
}

#[test]
fn a_resumed_game_hands_the_keyboard_over_and_records_what_is_played() {
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut record = Record::new(Config::with_players(3), 9, names).unwrap();
    let first = record.game().legal_actions()[0];
    record.apply(first).unwrap();
    let placer = record.game().to_act();
    let mut app = App::from_record(record, Theme::default());
    assert_eq!(app.screen.handoff(), Some(placer), "H1: the keyboard is handed over first");
    press(&mut app, "Enter Enter");
    assert_eq!(app.table.record().unwrap().len(), 2, "the loaded settlement and the road just placed");
    assert_eq!(app.table.game().roads(placer).count(), 1);
}

/// Issue 4 asks for `s` to save, so a settlement is `v` (village): two roads from Ann's
/// settlement lead to the one free place; `s` opens the save prompt, `v` and Enter build there.
#[test]
fn v_builds_a_settlement_and_s_saves() {
    let topo = scenario().build().unwrap().topology();
    let home = Vertex(0);
    let mid = topo.vertex_neighbors(home)[0];
    let far = *topo.vertex_neighbors(mid).iter().find(|&&v| v != home).unwrap();
    let road = |a, b| topo.edge_between(a, b).unwrap();
    let game = scenario()
        .road(ANN, road(home, mid))
        .road(ANN, road(mid, far))
        .hand(ANN, Hand::SETTLEMENT)
        .rolled()
        .build()
        .unwrap();
    assert!(game.is_legal(Action::BuildSettlement(far)), "the place at the end of the roads is free");
    let mut app = app_with(game);
    press(&mut app, "s");
    assert!(app.screen.saving.is_some(), "s opens the save prompt");
    press(&mut app, "Esc v Enter");
    assert!(app.screen.saving.is_none());
    assert_eq!(app.table.game().building_at(far), Some((ANN, false)), "{:?}", app.screen.message);
    assert_eq!(app.table.game().settlements(ANN).count(), 2);
}

/// With nearly every action possible on the narrowest screen (96 columns), the keys of the
/// moment give way on the footer so that save, help and quit always show.
#[test]
fn footer_keeps_help_and_quit_on_a_narrow_screen() {
    let game = scenario().hand(ANN, hand([5, 5, 5, 5, 5])).dev(ANN, DevCard::Knight).rolled().build().unwrap();
    let mut app = app_with(game);
    app.update(Msg::Resize(96, 32));
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(96, 32)).unwrap();
    terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
    let buf = terminal.backend().buffer().clone();
    let last: String = (0..96).map(|x| buf[(x, 31)].symbol().to_string()).collect();
    assert!(last.contains("s save") && last.contains("? help") && last.contains("q quit"), "footer: {last:?}");
    assert!(last.contains("…"), "this position has more keys than fit: {last:?}");
}
