//! Issue 27, "the terminal always comes back": every signal whose default action ends the
//! process and that can be caught (SIGUSR1, SIGUSR2, SIGALRM and the rest, beside SIGTERM,
//! SIGHUP, SIGINT and SIGQUIT of tests/e2e.rs) autosaves the game, gives the terminal back
//! (normal screen, cursor, no mouse capture or bracketed paste, raw mode off) and exits with
//! 128 + its number; SIGTSTP from outside gives the terminal back and stops, and SIGCONT takes
//! it again and draws the whole screen. The real binary in a pseudo-terminal (portable-pty),
//! its output parsed into a screen (vt100).
#![cfg(target_os = "linux")]

mod support;

use std::time::Duration;

use support::files::TempDir;
use support::pty::{AFTER_HOLD, HANDOFF_HOLD, Session};

/// The game for Ann and Bob, with mouse capture (so that its release is seen), its autosaves
/// in `data`.
fn start(data: &TempDir) -> Session {
    let env = [("CATAN_DATA_DIR", data.path().to_str().unwrap())];
    Session::start_with(&["--seed", "42", "--players", "Ann,Bob"], &env, 100, 32)
}

/// Ann takes the keyboard and places her first settlement: one action to autosave.
fn place_a_settlement(s: &mut Session) {
    s.wait_for("Pass the keyboard to A Ann");
    s.pause(HANDOFF_HOLD);
    s.send("\r");
    s.wait_for("Ann: place your first settlement");
    // The screen after a hand-off drops keys for a moment (issue 23).
    s.pause(AFTER_HOLD);
    s.send("\r");
    s.wait_for("Ann builds a settlement");
}

/// The autosave of `data`: one file, holding `actions` actions.
fn assert_autosaved(data: &TempDir, actions: usize, what: &str) {
    let files: Vec<_> = std::fs::read_dir(data.join("autosave"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert_eq!(files.len(), 1, "{what}: one autosave: {files:?}");
    let record = catan::save::load(&files[0]).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(record.actions().len(), actions, "{what}");
}

/// SIGUSR1, SIGUSR2, SIGALRM (and SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO): the game is
/// autosaved, the terminal given back, and the exit code is 128 + the signal's number. Before
/// issue 27 these left the alternate screen, mouse capture and hidden cursor behind.
#[test]
fn every_ending_signal_gives_the_terminal_back_and_autosaves() {
    for (sig, name) in [
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGVTALRM, "SIGVTALRM"),
        (libc::SIGPROF, "SIGPROF"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
        (libc::SIGIO, "SIGIO"),
    ] {
        let data = TempDir::new("signals");
        let mut s = start(&data);
        place_a_settlement(&mut s);
        assert!(s.parser.screen().alternate_screen() && !s.cooked(), "{name}: the game holds the terminal");
        assert_ne!(s.parser.screen().mouse_protocol_mode(), vt100::MouseProtocolMode::None, "{name}: mouse on");
        s.signal(sig);
        let status = s.wait_exit();
        assert_eq!(status.exit_code(), 128 + sig as u32, "{name}: {status:?}");
        s.assert_restored_after(name);
        assert_autosaved(&data, 1, name);
    }
}

/// SIGTSTP from outside (`kill -TSTP`): the game gives the terminal back and stops; SIGCONT
/// (`fg`) takes the terminal again and draws the whole screen, and play goes on. Before issue
/// 27 the shell came back inside the alternate screen with mouse capture on, and after `fg`
/// nothing was drawn again.
#[test]
fn sigtstp_gives_the_terminal_back_and_sigcont_takes_it_again() {
    let data = TempDir::new("signals-stop");
    let mut s = start(&data);
    place_a_settlement(&mut s);
    s.signal(libc::SIGTSTP);
    s.until("the game to stop", |s| s.state() == 'T');
    s.pause(Duration::from_millis(200));
    s.assert_restored_after("stopped");

    s.fresh();
    s.signal(libc::SIGCONT);
    s.until("the whole screen drawn again", |s| {
        s.since.screen().alternate_screen() && s.since.screen().contents().contains("Ann builds a settlement")
    });
    let screen = s.since.screen();
    assert!(screen.contents().contains("Players") && screen.contents().contains("Bank"), "{}", screen.contents());
    assert_ne!(screen.mouse_protocol_mode(), vt100::MouseProtocolMode::None, "mouse capture taken again");
    assert!(screen.bracketed_paste() && !s.cooked(), "bracketed paste and raw mode taken again");

    // Play goes on: Ann's road, then the game ends on SIGTERM as usual.
    s.send("\r");
    s.wait_for("Ann builds a road");
    s.signal(libc::SIGTERM);
    assert_eq!(s.wait_exit().exit_code(), 143);
    s.assert_restored_after("after SIGTERM");
    assert_autosaved(&data, 2, "stopped and continued");
}

/// A stop from outside that can't be caught (SIGSTOP), then SIGCONT: the screen is drawn
/// whole again.
#[test]
fn sigcont_after_sigstop_draws_the_whole_screen() {
    let data = TempDir::new("signals-sigstop");
    let mut s = start(&data);
    s.wait_for("Pass the keyboard to A Ann");
    s.signal(libc::SIGSTOP);
    s.until("the game to stop", |s| s.state() == 'T');
    s.fresh();
    s.signal(libc::SIGCONT);
    s.until("the whole screen drawn again", |s| s.since.screen().contents().contains("Pass the keyboard to A Ann"));
    assert!(s.since.screen().contents().contains("Players"), "{}", s.since.screen().contents());
    s.signal(libc::SIGTERM);
    assert_eq!(s.wait_exit().exit_code(), 143);
    s.assert_restored_after("after SIGTERM");
}
