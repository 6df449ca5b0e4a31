//! End to end: the real binary in a pseudo-terminal (portable-pty), its output parsed into a
//! screen (vt100), driven by keys through set-up and several turns, then quit. Checks that
//! the first frame comes quickly and that the terminal is restored on the way out.
#![cfg(unix)]

mod support;

use std::ops::Add;
use std::time::{Duration, Instant};

use support::files::TempDir;
use support::pty::{HANDOFF_HOLD, Session};

/// Set-up for Ann, Bob and Cy: each places at the cursor, which always starts on a legal spot.
fn play_setup(s: &mut Session) {
    let order = ["Ann", "Bob", "Cy", "Cy", "Bob", "Ann"];
    for (i, name) in order.iter().enumerate() {
        if i != 3 {
            let which = if i < 3 { "first" } else { "second" };
            s.take_keyboard(&format!("{name}: place your {which} settlement"));
        }
        s.keys("\r", &format!("{name} builds a settlement"));
        match order.get(i + 1) {
            Some(&next) if next != *name => s.keys("\r", &format!("Pass the keyboard to {} {next}", &next[..1])),
            Some(_) => s.keys("\r", &format!("{name} builds a road")),
            None => s.keys("\r", "turn 1  A Ann rolls"),
        }
    }
}

#[test]
fn plays_setup_and_turns_then_quits_restoring_the_terminal() {
    let started = Instant::now();
    let mut s = Session::start(&["--seed", "42", "--players", "Ann,Bob,Cy", "--no-mouse"], 100, 32);
    s.wait_for("Pass the keyboard to A Ann, then press Enter");
    let first_frame = started.elapsed();
    eprintln!("first frame after {:.1} ms (process start included)", first_frame.as_secs_f64() * 1e3);
    assert!(first_frame < Duration::from_secs(5), "the first frame took {first_frame:?}");
    assert!(s.parser.screen().alternate_screen(), "the game draws on the alternate screen");
    // H7: the seed deals every roll to come: the header shows the island's code instead.
    assert!(!s.screen().contains("seed 42"), "the seed is on no screen during play");
    assert!(s.screen().contains("island 3EPW-MQEG-CTRJ-YT4J-W"), "the island's code is in the header:\n{}", s.screen());

    play_setup(&mut s);

    // Five turns: roll, send the robber where the cursor is if a 7 comes, end the turn.
    let players = ["Ann", "Bob", "Cy"];
    for turn in 1..=5 {
        let name = players[(turn - 1) % 3];
        s.roll(&format!("{} {name}", &name[..1]));
        if turn == 1 {
            // Ann offers 1 lumber for 1 brick; the Enter that sends it and a second one in the
            // same write: the shared answer screen stays up (H1a). Then everyone declines
            // there, each by their letter and d: no hand-off (issue 23).
            s.send("tj+\tk+");
            s.wait_for("ok: Enter sends the offer");
            s.keys("\r\r", "everyone reads this");
            s.pause(HANDOFF_HOLD);
            assert!(s.screen().contains("B Bob (") && s.screen().contains("has not answered"), "{}", s.screen());
            s.keys("bd", "declines");
            s.keys("cd", "Pass the keyboard to A Ann");
            // Everyone declined: the offer closes by itself, and the keyboard comes back to Ann
            // with one line in the log (issue 15).
            s.take_keyboard("A Ann builds or trades");
            assert!(s.screen().contains("everyone declined Ann's offer"), "{}", s.screen());
        }
        let next = players[turn % 3];
        let handoff = format!("Pass the keyboard to {} {next}", &next[..1]);
        // "e" and an Enter in one write: the new turn's hand-off stays up all the same (H1).
        s.keys("e\r", &handoff);
        s.pause(HANDOFF_HOLD);
        assert!(s.screen().contains(&handoff), "the hand-off held:\n{}", s.screen());
        s.take_keyboard(&format!("{next}: roll the dice"));
        assert!(s.screen().contains(&format!("turn {}", turn + 1)));
    }

    s.keys("q", "Quit? The game is saved");
    s.send("y");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.assert_restored();
}

/// Issue 15: a one-for-one offer takes 5 keys from `t` to sent (`t l Tab b Enter`). Issue 23:
/// the answers are given on one shared screen; Bob's counter-offer (`b c` there) takes the
/// keyboard, and his terms take 3 keys (`- g Enter`); Cy declines on the shared screen
/// (`c d`), and Ann takes Bob's terms by his letter.
#[test]
fn a_trade_with_a_counter_offer_in_few_keys() {
    let mut s = Session::start(&["--seed", "42", "--players", "Ann,Bob,Cy", "--no-mouse"], 100, 32);
    s.wait_for("Pass the keyboard to A Ann, then press Enter");
    play_setup(&mut s);
    s.roll("A Ann");
    // One lumber for one brick: five keys.
    s.send("tl\tb");
    s.wait_for("ok: Enter sends the offer");
    s.keys("\r", "everyone reads this");
    s.pause(HANDOFF_HOLD);
    let screen = s.screen();
    for text in ["A Ann offers 1 lumber for 1 brick", "your letter, then a (accept) or d (decline)"] {
        assert!(screen.contains(text), "{text:?} on the shared screen:\n{screen}");
    }
    assert!(!screen.contains("you hold"), "no hand on the shared screen:\n{screen}");
    // Bob has no brick: he offers a grain instead, which takes his own hand.
    s.keys("bc", "Pass the keyboard to B Bob");
    s.take_keyboard("Counter-offer");
    s.send("-g");
    s.wait_for("ok: Enter sends the counter-offer");
    s.keys("\r", "everyone reads this");
    s.pause(HANDOFF_HOLD);
    s.keys("cd", "Pass the keyboard to A Ann");
    // The first Enter on Ann's fresh list only asks for a second; Bob's letter names him.
    s.take_keyboard("Answers");
    s.keys("\r", "Enter again trades with Bob");
    // H5: a letter names the partner; Enter trades.
    s.keys("b\r", "Ann trades 1 lumber to Bob for 1 grain");
    s.keys("q", "Quit? The game is saved");
    s.send("y");
    assert!(s.wait_exit().success());
}

#[test]
fn continue_resumes_where_the_game_was_quit_and_undo_works_there() {
    let data = TempDir::new("e2e-continue");
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    let mut s = Session::start_with(&["--seed", "42", "--players", "Ann,Bob", "--no-mouse"], &env, 100, 32);
    s.wait_for("Pass the keyboard to A Ann");
    s.take_keyboard("Ann: place your first settlement");
    s.keys("\r", "Ann builds a settlement");
    s.keys("\r", "Pass the keyboard to B Bob");
    s.take_keyboard("Bob: place your first settlement");
    s.keys("\r", "Bob builds a settlement");
    s.keys("q", "The game is saved: catan --continue resumes it.");
    s.send("y");
    assert!(s.wait_exit().success());
    // Said again on the normal screen, where it stays (issue 23).
    assert!(s.screen().contains("The game is saved: catan --continue resumes it."), "{}", s.screen());

    // The start screen offers it too: "Continue" below "Start" (issue 23).
    let mut s = Session::start_with(&["--no-mouse"], &env, 100, 32);
    s.wait_for("How to play");
    s.keys("\x1b", "Continue the last game (Ann, Bob, turn 0)");
    // The cursor on the first seat: up goes round to the last row.
    s.keys("\x1b[A", "as catan --continue");
    s.keys("\r", "resumed");
    s.wait_for("Pass the keyboard to B Bob");
    s.pause(HANDOFF_HOLD);
    s.keys("q", "Quit?");
    s.send("y");
    assert!(s.wait_exit().success());

    // Every action was autosaved: the game comes back with Bob to place his road.
    let mut s = Session::start_with(&["--continue", "--no-mouse"], &env, 100, 32);
    s.wait_for("Pass the keyboard to B Bob");
    s.wait_for("resumed");
    assert!(s.screen().contains("Bob places a road"), "{}", s.screen());
    s.take_keyboard("Bob: place a road touching that settlement");
    s.keys("\r", "Bob builds a road");
    // The snake: Bob places again, and may take his road back.
    s.keys("u", "took back the road");
    s.keys("\r", "Bob builds a road");
    s.keys("q", "Quit?");
    s.send("y");
    assert!(s.wait_exit().success());
    s.assert_restored();
    assert_eq!(std::fs::read_dir(data.join("autosave")).unwrap().count(), 1, "one autosave file per game");
}

/// Issue 14: one person and three computer players. The bots play their seats by themselves
/// (no delay, so the test is quick), Ann takes the keyboard as the game opens (issue 42: the
/// Enter that started the game places nothing) and it never leaves her after, and the keys
/// she sends after their moves wait for the half second in which the keyboard comes back.
#[test]
fn one_person_plays_three_bots_through_setup_and_turns() {
    let args = ["--seed", "42", "--players", "Ann,bot:easy,bot:easy,bot:easy", "--bot-delay", "0", "--no-mouse"];
    let mut s = Session::start(&args, 100, 32);
    s.wait_for("A Ann places a settlement");
    // The players panel shows each bot with its level.
    s.wait_for("D Dirk (easy)");
    let no_handoff = |s: &Session| assert!(!s.screen().contains("Pass the keyboard"), "no hand-off:\n{}", s.screen());
    s.wait_for("Pass the keyboard to A Ann, then press Enter");
    s.take_keyboard("Ann: place your first settlement");
    no_handoff(&s);
    assert!(s.screen().contains("B Bert (easy)"), "{}", s.screen());
    s.keys("\r", "A Ann places a road");
    s.send("\r");
    // The three bots place twice each (the snake), then Ann places again.
    s.wait_for("A Ann places a settlement");
    no_handoff(&s);
    assert!(s.screen().contains("Dirk builds a road"), "the bots' moves are in the log:\n{}", s.screen());
    s.pause(HANDOFF_HOLD);
    s.keys("\r", "A Ann places a road");
    s.keys("\r", "turn 1  A Ann rolls");
    for turn in [1, 5, 9, 13] {
        until_ann(&mut s, &format!("turn {turn}  A Ann rolls"));
        no_handoff(&s);
        s.pause(HANDOFF_HOLD);
        s.roll("A Ann");
        // The bots' three turns follow at once.
        s.send("e");
    }
    until_ann(&mut s, "turn 17  A Ann rolls");
    no_handoff(&s);
    // A key sent as the keyboard comes back is dropped: it was meant for the bots' moves.
    s.send("q");
    s.pause(Duration::from_millis(200));
    assert!(!s.screen().contains("Quit?"), "{}", s.screen());
    s.pause(HANDOFF_HOLD);
    s.keys("q", "Quit? The game is saved");
    s.send("y");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

/// Waits for `text` while the bots play; when a bot's 7 makes Ann discard on the way, the
/// keyboard comes back to her (no hand-off) and she gives up the first cards of her hand; when
/// a bot offers her a trade, she declines it.
fn until_ann(s: &mut Session, text: &str) {
    loop {
        match s.wait_for_any(&[text, "Ann: choose", "A Ann answers a trade offer"]) {
            0 => return,
            2 => {
                assert!(s.screen().contains("offers you a trade"), "{}", s.screen());
                assert!(!s.screen().contains("Pass the keyboard"), "{}", s.screen());
                s.pause(HANDOFF_HOLD);
                s.send("d");
                s.pause(Duration::from_millis(100));
                continue;
            }
            _ => {}
        }
        assert!(s.screen().contains("cards to discard"), "{}", s.screen());
        assert!(!s.screen().contains("Pass the keyboard"), "{}", s.screen());
        s.pause(HANDOFF_HOLD);
        // As many of each resource as she holds, row by row, up to the count asked for.
        s.send(&"+".repeat(19).add("j").repeat(5));
        s.keys("\r", "Ann discards");
    }
}

/// Issue 14: a table of bots only is a demo that plays itself, and q quits it at once even
/// while a bot thinks.
#[test]
fn a_table_of_bots_plays_by_itself_and_quits_at_once() {
    let mut s = Session::start(&["--seed", "5", "--players", "bot,bot,bot", "--bot-delay", "0", "--no-mouse"], 100, 32);
    s.wait_for("turn 4  ");
    assert!(s.screen().contains("A Anna (medium)"), "{}", s.screen());
    assert!(!s.screen().contains("Pass the keyboard"), "{}", s.screen());
    s.send("q");
    s.wait_for("Quit? The game is saved");
    let asked = Instant::now();
    s.send("y");
    assert!(s.wait_exit().success());
    assert!(asked.elapsed() < Duration::from_secs(5), "quitting waited for a bot: {:?}", asked.elapsed());
    s.assert_restored();
}

#[test]
fn a_panic_restores_the_terminal_too() {
    let mut s = Session::start_with(&["--seed", "1", "--players", "A,B"], &[("CATAN_TEST_PANIC", "1")], 100, 32);
    let status = s.wait_exit();
    assert!(!status.success(), "a panic is a failure");
    s.assert_restored();
    assert!(s.screen().contains("CATAN_TEST_PANIC is set"), "the panic message shows on the normal screen");
}

/// Issue 12, item 1 (H1): a double Enter (a bouncing key, keys sent in one burst) on the
/// placement that hands the keyboard over must not dismiss the hand-off screen and show the
/// next player's hand; nor may an Enter that comes right after the screen appeared.
#[test]
fn a_double_enter_never_skips_the_handoff_screen() {
    let mut s = Session::start(&["--seed", "42", "--players", "Ann,Bob,Cy", "--no-mouse"], 100, 32);
    s.wait_for("Pass the keyboard to A Ann, then press Enter");
    // Keys queued before the first hand-off showed are dropped too: this one is.
    s.send("\r");
    s.pause(Duration::from_millis(300));
    assert!(s.screen().contains("Pass the keyboard to A Ann"), "an Enter inside the first half second is dropped");
    s.take_keyboard("Ann: place your first settlement");
    s.keys("\r", "Ann builds a settlement");
    // One write: the first Enter places the road and hands over to Bob, the second must not
    // take the keyboard for him.
    s.send("\r\r");
    s.wait_for("Pass the keyboard to B Bob, then press Enter");
    s.pause(HANDOFF_HOLD);
    let screen = s.screen();
    assert!(screen.contains("Pass the keyboard to B Bob, then press Enter"), "{screen}");
    assert!(!screen.contains("'s hand") && !screen.contains("Bob: place"), "no hand shown:\n{screen}");

    // Bob takes the keyboard; his Enter and a second, separate one right after his placement.
    s.take_keyboard("Bob: place your first settlement");
    s.keys("\r", "Bob builds a settlement");
    s.send("\r");
    s.wait_for("Pass the keyboard to C Cy, then press Enter");
    s.send("\r");
    s.pause(HANDOFF_HOLD);
    assert!(s.screen().contains("Pass the keyboard to C Cy, then press Enter"), "{}", s.screen());
    // Space no longer takes the keyboard (the footer only ever said Enter).
    s.send(" ");
    s.pause(Duration::from_millis(300));
    assert!(s.screen().contains("Pass the keyboard to C Cy, then press Enter"), "{}", s.screen());
    // Issue 23 (H1a): a second Enter in the same write as the hand-off's must not place Cy's
    // settlement at the cursor: the screen after a hand-off drops keys for a moment.
    s.keys("\r\r", "Cy: place your first settlement");
    s.pause(HANDOFF_HOLD);
    assert!(!s.screen().contains("Cy builds a settlement"), "the burst placed nothing:\n{}", s.screen());
    s.keys("q", "Quit?");
    s.send("y");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

/// Issue 12, item 3: a paste is text, never a string of commands (it used to roll and end turns).
#[test]
fn a_bracketed_paste_plays_no_commands() {
    let mut s = Session::start(&["--seed", "42", "--players", "Ann,Bob", "--no-mouse"], 100, 32);
    s.wait_for("Pass the keyboard to A Ann");
    assert!(s.parser.screen().bracketed_paste(), "the game asks the terminal to mark pastes");
    s.take_keyboard("Ann: place your first settlement");
    s.send("\x1b[200~rrrree\x1b[201~");
    // Something that surely comes after the paste: the help, then back.
    s.keys("?", "Esc closes)");
    s.send("?");
    s.pause(Duration::from_millis(300));
    let screen = s.screen();
    assert!(!screen.contains("Esc closes)"), "{screen}");
    assert!(screen.contains("Ann: place your first settlement") && !screen.contains("Ann builds"), "{screen}");
    s.keys("q", "Quit the game?");
    s.send("y");
    assert!(s.wait_exit().success());
    s.assert_restored();
}

/// Issue 12, item 4: SIGTERM, SIGHUP (the window closed), SIGINT and SIGQUIT autosave the game,
/// put the terminal back and exit with 128 + the signal's number.
#[test]
fn a_signal_autosaves_restores_the_terminal_and_exits_128_plus_its_number() {
    for (sig, code) in [(libc::SIGTERM, 143), (libc::SIGHUP, 129), (libc::SIGINT, 130), (libc::SIGQUIT, 131)] {
        let data = TempDir::new("e2e-signal");
        let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
        let mut s = Session::start_with(&["--seed", "42", "--players", "Ann,Bob"], &env, 100, 32);
        s.wait_for("Pass the keyboard to A Ann");
        s.take_keyboard("Ann: place your first settlement");
        s.keys("\r", "Ann builds a settlement");
        assert!(s.parser.screen().alternate_screen());
        s.signal(sig);
        let status = s.wait_exit();
        assert_eq!(status.exit_code(), code, "signal {sig}: {status:?}");
        s.assert_restored();
        let files: Vec<_> = std::fs::read_dir(data.join("autosave")).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(files.len(), 1, "one autosave: {files:?}");
        let record = catan::save::load(&files[0]).expect("the autosave loads");
        assert_eq!(record.actions().len(), 1, "with the settlement placed");
    }
}

/// Issue 12, item 4: the replay viewer puts the terminal back on a signal too.
#[test]
fn a_signal_restores_the_terminal_in_the_replay_viewer() {
    let dir = TempDir::new("e2e-replay-signal");
    let file = dir.join("game.json");
    let record = catan::save::play_random(catan::engine::Config { players: 3, ..Default::default() }, 5).unwrap();
    catan::save::save(&record, &file).unwrap();
    let mut s = Session::start(&["replay", file.to_str().unwrap()], 100, 32);
    s.wait_for("REPLAY");
    s.signal(libc::SIGTERM);
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 143, "{status:?}");
    s.assert_restored();
}

/// Issue 15: `catan` with no arguments on a first run (no settings file) opens how to play;
/// Esc shows the start screen, and a game set up there is remembered for the next run.
#[test]
fn a_first_run_shows_how_to_play_and_the_next_remembers_the_seats() {
    let data = TempDir::new("e2e-first");
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    let mut s = Session::start_with(&["--seed", "3", "--no-mouse"], &env, 100, 32);
    s.wait_for("How to play");
    s.keys("\x1b", "Players (2 to 6");
    s.keys("Ann\r", "2. _");
    // Tab: a bot (named for its seat), then Enter on the empty third seat starts.
    s.keys("\t", "bot < medium >");
    s.keys("\r", "3. _");
    // One person with a bot: the game opens on Ann's hand-off (issue 42).
    s.keys("\r", "Pass the keyboard to A Ann, then press Enter");
    s.pause(HANDOFF_HOLD);
    s.keys("q", "Quit");
    s.send("y");
    s.wait_exit();
    let mut s = Session::start_with(&["--seed", "3", "--no-mouse"], &env, 100, 32);
    s.wait_for("Start the game (2 players)");
    assert!(!s.screen().contains("How to play"), "{}", s.screen());
    assert!(s.screen().contains("1. Ann") && s.screen().contains("bot < medium >"), "{}", s.screen());
    s.send("\x1b");
    s.wait_exit();
}
