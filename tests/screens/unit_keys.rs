//! Issues 25 and 26 at the keyboard: a unit's targets marked on the island (land hexes, the
//! archipelago's sea, what an attack reaches), the cursor among them, Esc back a step; the
//! engine's action played from the keys; the fight shown to everyone; settling by knight or
//! ship from `v`. Positions are the engine's `Scenario`s on the beginner board (every hex
//! known) or the archipelago.

use crate::support::board::{A, B, DESERT, FOREST_3, FOREST_9, HILLS_6, N, S, corner, topo};
use crate::support::positions;
use crate::support::region::{Region, region};
use crate::support::screen::{app_with, draw, press, text};
use crate::support::walk::{Lcg, Look, peaceful_units, walk};

use catan::engine::{
    Action, BoardKind, Config, Event, FightResult, Game, Hand, Hex, MapId, Module, Modules, Phase, Piece, Scenario,
    SeaHex, Target as Aim, UnitKind,
};
use catan::tui::keymap::Mode;
use catan::tui::{App, Focus, Purpose, Target};

/// Three players on the beginner board with these modules, A's turn after the roll.
fn scenario(map: MapId, modules: Modules, seed: u64) -> Scenario {
    let board = if map == MapId::Standard { BoardKind::Beginner } else { Config::on_map(map).board };
    let config = Config { players: 3, board, ..Config::on_map(map) }.with_modules(modules.on_map(map));
    Scenario::new(config, seed).turn(A).rolled()
}

/// Knights, ships and attacks without phases (attacks at any time, R56).
fn war() -> Modules {
    Modules(Modules::WAR.0 & !Module::Phases.bit())
}

/// The island step's legal places, with the cursor.
fn marked(app: &App) -> (Vec<Target>, Target) {
    match &app.screen.focus {
        Focus::Select(sel, _) if matches!(sel.purpose, Purpose::Unit(_)) => (sel.legal.clone(), sel.cursor),
        other => panic!("not on the island step: {other:?}"),
    }
}

/// Down until the dialog's chosen row holds `label`, then Enter.
fn choose(app: &mut App, label: &str) {
    for _ in 0..12 {
        let screen = text(app);
        if screen.lines().any(|l| l.contains("▶ ") && l.split("▶ ").nth(1).is_some_and(|r| r.contains(label))) {
            return press(app, "Enter");
        }
        press(app, "Down");
    }
    panic!("no row {label:?} in\n{}", text(app));
}

#[test]
fn r52_a_knights_move_marks_its_hexes_and_enter_moves_it() {
    let game = scenario(MapId::Standard, Modules::SEA, 1).unit(A, UnitKind::Knight, DESERT).build().unwrap();
    let mut app = app_with(game);
    app.update(catan::tui::Msg::Resize(140, 45));
    press(&mut app, "n");
    assert!(text(&app).contains("your knight on the desert"), "{}", text(&app));
    press(&mut app, "Enter");
    let (legal, cursor) = marked(&app);
    let mut want: Vec<Target> = topo().hex_neighbors(DESERT).iter().map(|&h| Target::Hex(h)).collect();
    want.sort_by_key(|t| legal.iter().position(|l| l == t));
    assert_eq!(legal, want, "one step to each neighbour, no road to go further (R52)");
    assert!(legal.contains(&cursor), "the cursor starts on a marked hex");
    let screen = draw(&mut app, 140, 45);
    let marks: usize = [">3<", ">4<", ">6<", ">11<"].iter().map(|m| screen.matches(m).count()).sum();
    assert_eq!(marks, 6, "the six hexes marked as the robber's are\n{screen}");
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Board));
    // Esc goes back to the list (the only verb, move, is skipped going back too), Esc closes.
    press(&mut app, "Esc");
    assert!(text(&app).contains("Build a unit, or act with one:"));
    press(&mut app, "Esc");
    assert_eq!(app.screen.focus, Focus::Idle);
    press(&mut app, "n Enter Tab");
    let (_, to) = marked(&app);
    let Target::Hex(to) = to else { panic!("a land hex") };
    press(&mut app, "Enter");
    assert_eq!(app.table.game().knight_units(A).map(|u| u.2).collect::<Vec<Hex>>(), [to], "the knight moved there");
    assert!(app.table.log.iter().any(|e| matches!(e, Event::UnitMoved { .. })));
}

#[test]
fn r53_a_ship_sails_on_the_archipelagos_sea_from_the_keys() {
    let x = SeaHex(12);
    let game = scenario(MapId::Archipelago, Modules::SEA, 2).ship(A, UnitKind::Ship, x).build().unwrap();
    let legal: Vec<Action> =
        game.legal_actions().iter().copied().filter(|a| matches!(a, Action::SailShip { .. })).collect();
    assert!(legal.len() > 4, "a ship sails up to 4 sea hexes");
    let mut app = app_with(game);
    app.update(catan::tui::Msg::Resize(140, 45));
    press(&mut app, "n");
    choose(&mut app, "your ship on the sea SE of the 6 wool");
    let (marks, cursor) = marked(&app);
    assert_eq!(marks.len(), legal.len(), "each sea hex it can reach, once");
    assert!(marks.iter().all(|t| matches!(t, Target::Sea(_))) && marks.contains(&cursor));
    let screen = draw(&mut app, 140, 45);
    let island: String = screen.lines().take(43).collect();
    assert_eq!(island.matches("> <").count(), legal.len(), "every reachable sea hex marked\n{screen}");
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Board));
    press(&mut app, "Right Left Tab");
    let (_, Target::Sea(to)) = marked(&app) else { panic!("a sea hex") };
    press(&mut app, "Enter");
    assert_eq!(app.table.game().ship_units(A).map(|u| u.2).collect::<Vec<SeaHex>>(), [to]);
}

/// A's knight on the forest 3 with B's knight and a settlement of B's on its north corner.
fn attack_position(seed: u64) -> Game {
    scenario(MapId::Standard, war(), seed)
        .unit(A, UnitKind::Knight, FOREST_3)
        .unit(B, UnitKind::Knight, FOREST_3)
        .settlement(B, corner(FOREST_3, 0))
        .build()
        .unwrap()
}

#[test]
fn r56_an_attack_marks_its_targets_and_the_keys_play_the_engines_attack() {
    let game = attack_position(3);
    let attacks: Vec<Action> =
        game.legal_actions().iter().copied().filter(|a| matches!(a, Action::Attack { .. })).collect();
    assert_eq!(attacks.len(), 2, "B's knight and B's settlement");
    let mut app = app_with(game);
    app.update(catan::tui::Msg::Resize(140, 45));
    press(&mut app, "n Enter");
    assert!(text(&app).contains("What does it do?"), "{}", text(&app));
    choose(&mut app, "attack");
    let (marks, _) = marked(&app);
    assert_eq!(marks.len(), 2);
    assert!(marks.contains(&Target::Hex(FOREST_3)), "the hex of B's knight");
    assert!(marks.contains(&Target::Vertex(corner(FOREST_3, 0))), "the corner of B's settlement");
    let screen = draw(&mut app, 140, 45);
    assert!(screen.contains(">B<"), "the settlement marked as a target\n{screen}");
    insta::assert_snapshot!(region(&mut app, 140, 45, Region::Board));
    // The settlement: Tab until the cursor is on its corner, then Enter.
    for _ in 0..2 {
        if marked(&app).1 == Target::Vertex(corner(FOREST_3, 0)) {
            break;
        }
        press(&mut app, "Tab");
    }
    press(&mut app, "Enter");
    let fought = app.table.log.iter().find_map(|e| match *e {
        Event::Fought { seat, target, .. } => Some((seat, target)),
        _ => None,
    });
    // B's knight on the settlement's hex defends it (R56): the fight is with the knight.
    assert_eq!(fought, Some((A, Aim::Unit { seat: B, unit: 0 })), "the engine's attack was played");
    assert_eq!(app.screen.mode(), Mode::Fight, "the fight is shown");
}

#[test]
fn r56_the_fight_shows_both_dice_the_modifiers_and_what_changed() {
    // A seed where A's knight takes B's settlement (no defender on the board).
    for seed in 0..200 {
        let game = scenario(MapId::Standard, war(), seed)
            .unit(A, UnitKind::Knight, FOREST_3)
            .settlement(B, corner(FOREST_3, 0))
            .build()
            .unwrap();
        let mut app = app_with(game);
        app.update(catan::tui::Msg::Resize(140, 45));
        press(&mut app, "n Enter");
        choose(&mut app, "attack");
        press(&mut app, "Enter");
        let Some(&Event::Fought { result, dice, .. }) =
            app.table.log.iter().find(|e| matches!(e, Event::Fought { .. }))
        else {
            panic!("no fight")
        };
        if result != FightResult::Captured(Piece::Settlement) {
            continue;
        }
        let screen = draw(&mut app, 140, 45);
        assert!(screen.contains("A fight!"), "{screen}");
        assert!(screen.contains(&format!("Ann rolls {}", dice[0])), "{screen}");
        assert!(screen.contains(&format!("Bob rolls {} + 1 settlement = {}", dice[1], dice[1] + 1)), "{screen}");
        assert!(screen.contains("Ann wins.") && screen.contains("Ann takes Bob's settlement"), "{screen}");
        insta::assert_snapshot!(screen);
        // The next key closes it and does nothing else: `e` does not end the turn.
        press(&mut app, "e");
        assert_eq!(app.screen.mode(), Mode::Turn);
        assert_eq!(app.table.game().current_player(), A, "the key that closed the fight ended nothing");
        assert_eq!(app.table.game().building(corner(FOREST_3, 0)), Some((A, Piece::Settlement)));
        return;
    }
    panic!("no seed captured the settlement");
}

#[test]
fn r52_v_offers_and_builds_on_a_corner_of_a_knights_hex_without_a_road() {
    let cost = Config::default().costs.settlement;
    let game =
        scenario(MapId::Standard, Modules::SEA, 4).unit(A, UnitKind::Knight, FOREST_3).hand(A, cost).build().unwrap();
    let mut app = app_with(game);
    app.update(catan::tui::Msg::Resize(140, 45));
    press(&mut app, "v");
    let Focus::Select(sel, _) = &app.screen.focus else {
        panic!(
            "v opens the settlement's places: {:?} {:?} {:?}",
            app.screen.message,
            app.screen.mode(),
            app.table.game().legal_actions()
        )
    };
    let corners: Vec<Target> = topo().hex_vertices(FOREST_3).iter().map(|&v| Target::Vertex(v)).collect();
    assert!(!sel.legal.is_empty() && sel.legal.iter().all(|t| corners.contains(t)), "only the knight's hex corners");
    let Target::Vertex(v) = sel.cursor else { panic!("a corner") };
    press(&mut app, "Enter");
    assert_eq!(app.table.game().building(v), Some((A, Piece::Settlement)), "built without a road (R52)");
    assert_eq!(app.table.acting_view().hand(), Hand::EMPTY, "paid the normal cost");
}

#[test]
fn r53_v_offers_a_coastal_corner_beside_ones_ship() {
    let cost = Config::default().costs.settlement;
    let x = SeaHex(0);
    let game = scenario(MapId::Standard, Modules::SEA, 5).ship(A, UnitKind::Ship, x).hand(A, cost).build().unwrap();
    let mut app = app_with(game);
    app.update(catan::tui::Msg::Resize(140, 45));
    press(&mut app, "v");
    let Focus::Select(sel, _) = &app.screen.focus else {
        panic!("v opens the settlement's places: {:?}", app.screen.message)
    };
    let coast: Vec<Target> = topo().sea_corners(x).iter().map(Target::Vertex).collect();
    assert!(!sel.legal.is_empty() && sel.legal.iter().all(|t| coast.contains(t)), "the corners beside the ship");
    let Target::Vertex(v) = sel.cursor else { panic!("a corner") };
    press(&mut app, "Enter");
    assert_eq!(app.table.game().building(v), Some((A, Piece::Settlement)), "built without a road (R53)");
}

/// A war game of Ann (a person) and Bob (a computer player) played by seeded random legal
/// moves until Ann, in her turn, has a knight unit alone on its hex, with both its actions
/// left, that may move and attack a unit or building: the app (from the record, so undo works) and that hex.
fn ann_may_attack_and_move() -> (App, Hex) {
    let record = positions::position("ann_may_attack_and_move", ann_walk);
    let hex = ann_knight_ready(record.game()).expect("Ann's knight ready in the saved position");
    let mut app = App::from_record(record, catan::tui::Theme { color: false, ascii: false });
    app.update(catan::tui::Msg::Resize(140, 45));
    // The resumed game opens on Ann's hand-off (issue 42).
    assert_eq!(app.screen.handoff(), Some(A));
    press(&mut app, "Enter");
    (app, hex)
}

/// In Ann's main phase, the hex of a knight of hers alone on it, with both its actions left,
/// that may attack and move.
fn ann_knight_ready(g: &Game) -> Option<Hex> {
    use catan::engine::SHIP_SLOT;
    let legal = g.legal_actions();
    legal.iter().find_map(|a| match *a {
        Action::Attack { unit, .. } if unit < SHIP_SLOT && g.to_act() == A && g.phase() == Phase::Main => {
            let h = g.knight_units(A).find(|u| u.0 == unit)?.2;
            let alone = g.knight_units(A).filter(|u| u.2 == h).count() == 1 && g.unit_actions_used(A, unit) == 0;
            let moves = legal.iter().any(|m| matches!(m, Action::MoveKnight { unit: u, .. } if *u == unit));
            (alone && moves).then_some(h)
        }
        _ => None,
    })
}

/// [`ann_may_attack_and_move`]'s walk.
fn ann_walk() -> catan::save::Record {
    use catan::bots::BotLevel;
    use catan::save::{Record, SeatInfo};
    let config = Config { players: 2, ..Config::on_map(MapId::Archipelago) }.with_modules(Modules::WAR);
    let seats = vec![SeatInfo::human("Ann"), SeatInfo::bot("Bob", BotLevel::Random)];
    for seed in 1..400u64 {
        let record = Record::new_with_seats(config, seed, seats.clone()).unwrap();
        let look = |r: &Record, _: &[Event]| match r.game() {
            g if g.is_over() => Look::GiveUp,
            g if ann_knight_ready(g).is_some() => Look::Found,
            _ => Look::Go,
        };
        if let Some(record) = walk(record, &mut Lcg::new(seed), 5_000, look, peaceful_units) {
            return record;
        }
    }
    panic!("Ann never had a knight to attack and move with");
}

/// H3 from the keys: a knight's move after a fight is taken back, the fight is not (nor
/// anything before it).
#[test]
fn h3_undo_takes_back_a_move_but_never_reaches_back_past_a_fight() {
    let (mut app, h) = ann_may_attack_and_move();
    let unit = format!("on {}", app.table.game().board().hex_name_apart(h));
    press(&mut app, "n");
    choose(&mut app, &unit);
    choose(&mut app, "attack");
    press(&mut app, "Enter");
    if text(&app).contains("Which?") {
        press(&mut app, "Enter");
    }
    assert_eq!(app.screen.mode(), Mode::Fight, "the attack was fought\n{}", text(&app));
    let fought = app.table.record().unwrap().len();
    press(&mut app, "x");
    // The same knight moves (its second action, of another kind).
    press(&mut app, "n");
    choose(&mut app, &unit);
    if text(&app).contains("What does it do?") {
        choose(&mut app, "move");
    }
    press(&mut app, "Enter");
    assert_eq!(app.table.record().unwrap().len(), fought + 1, "the move was played\n{}", text(&app));
    press(&mut app, "u");
    assert_eq!(app.table.record().unwrap().len(), fought, "the move is taken back");
    assert!(text(&app).contains("took back the knight unit's move"), "{}", text(&app));
    press(&mut app, "u");
    assert_eq!(app.table.record().unwrap().len(), fought, "the fight stays");
    assert!(app.table.log.iter().any(|e| matches!(e, Event::Fought { .. })));
    assert!(text(&app).contains("can't be taken back"), "said why\n{}", text(&app));
}

/// R57 at the keyboard: in the build phase the units' list offers no attack and says why.
#[test]
fn r57_the_units_list_says_attacks_wait_for_the_attack_phase() {
    let game = scenario(MapId::Standard, Modules::WAR, 6)
        .unit(A, UnitKind::Knight, FOREST_3)
        .unit(B, UnitKind::Knight, FOREST_3)
        .build()
        .unwrap();
    assert!(!game.legal_actions().iter().any(|a| matches!(a, Action::Attack { .. })), "the build phase");
    let mut app = app_with(game);
    app.update(catan::tui::Msg::Resize(140, 45));
    press(&mut app, "n");
    let screen = text(&app);
    assert!(screen.contains("no attack now: attacks only in the attack phase (R57)"), "{screen}");
    press(&mut app, "Enter");
    assert!(!text(&app).contains("What does it do?"), "move is the only verb: no attack offered");
}

/// R43 with R52 at the table: a knight's fight against the dragon is shown to everyone like a
/// unit's (both dice, who won, what the dragon did), and the key that closes it does nothing
/// else. Both outcomes are met over a few seeds; the saved city is the snapshot.
#[test]
fn r43_r52_the_dragons_fight_is_shown_to_everyone() {
    let modules = Modules::NONE.with(Module::Gold).with(Module::Dragon).with(Module::Knights);
    let config = Config { players: 3, board: BoardKind::Beginner, ..Config::default() }.with_modules(modules);
    let city = corner(HILLS_6, S);
    let mut seen = [false; 2];
    for seed in 0..400u64 {
        // A's city on the gold 9 pays the 7th gold; B's knight beside B's city on the hills 6
        // (as tests/rules/house_knights.rs r43_r52_...): a roll of 9 (about 1 seed in 9: the
        // scenario's `next_roll` would give every seed the same dice after it) brings the
        // dragon to B.
        let game = Scenario::new(config, seed)
            .turn(A)
            .city(A, corner(FOREST_9, N))
            .city(B, city)
            .unit(B, UnitKind::Knight, HILLS_6)
            .hand(B, Hand::new([1, 1, 1, 0, 0]))
            .dragon_gold(5 + (seed % 2) as u8)
            .build()
            .unwrap();
        let mut app = app_with(game);
        app.update(catan::tui::Msg::Resize(140, 45));
        press(&mut app, "r");
        let Some(&Event::DragonFought { die, dragon, .. }) =
            app.table.log.iter().find(|e| matches!(e, Event::DragonFought { .. }))
        else {
            continue;
        };
        let saved = die > dragon;
        if seen[saved as usize] {
            continue;
        }
        seen[saved as usize] = true;
        assert_eq!(app.screen.mode(), Mode::Fight, "the fight is shown");
        let screen = draw(&mut app, 140, 45);
        assert!(screen.contains("The dragon attacks B Bob's city"), "{screen}");
        assert!(screen.contains(&format!("Bob rolls {die} (a knight beside it)")), "{screen}");
        assert!(screen.contains(&format!("the dragon rolls {dragon}")), "{screen}");
        if saved {
            assert!(screen.contains("B Bob wins. The city is saved."), "{screen}");
            insta::assert_snapshot!(region(&mut app, 140, 45, Region::Dialog));
        } else {
            assert!(
                screen.contains("The dragon wins: the dragon attacks Bob: a city becomes a settlement"),
                "{screen}"
            );
        }
        let turn = app.table.game().turn_number();
        press(&mut app, "e");
        assert_eq!(app.screen.mode(), Mode::Turn, "{}", text(&app));
        assert_eq!(app.table.game().turn_number(), turn, "the key that closed the fight ended nothing");
        if seen == [true; 2] {
            return;
        }
    }
    panic!("both outcomes not met: {seen:?}");
}
