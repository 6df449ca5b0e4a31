//! The door under attack (issue 47), with the host's own limits: a friend with the code gets in
//! within 5 s while a stranger on the same address (every client here is 127.0.0.1, as behind a
//! shared NAT) holds silent connections open or bursts wrong codes.

use std::time::{Duration, Instant};

use catan::host::{Limits, Wire};

use crate::client::{CODE, Joiner, TestHost, WAIT, ssh};
use crate::scripted;

/// Waits until `running` did at least `n` things.
fn until_count(running: &scripted::Running, n: u64, what: &str) {
    let until = Instant::now() + WAIT;
    while running.count.load(std::sync::atomic::Ordering::SeqCst) < n {
        assert!(Instant::now() < until, "the attack never got going: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Ann joins with ssh and the code; how long her join took to reach the game.
fn ann_joins(host: &mut TestHost) -> Duration {
    let started = Instant::now();
    let mut ann = Joiner::start(host.port(), "Ann", CODE, 80, 24);
    match host.next(WAIT) {
        Some(catan::host::HostEvent::Join { name, reply, .. }) => {
            reply.answer(Ok(()));
            assert_eq!(name, "Ann");
        }
        other => {
            ann.pause(Duration::from_millis(200));
            panic!("Ann did not join ({other:?}); her ssh said {:?}; notes {:?}", ann.text(), host.notes);
        }
    }
    started.elapsed()
}

#[test]
fn silent_connections_from_her_address_do_not_keep_a_friend_out() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(Limits::default());
    // More than every slot, each opened again as soon as the host closes it.
    let silent = scripted::silent(host.port(), 24);
    until_count(&silent, 48, "silent connections");
    let waited = ann_joins(&mut host);
    let opened = silent.stop();
    assert!(waited < Duration::from_secs(5), "Ann waited {waited:?} ({opened} silent connections opened)");
    assert!(host.host.turned().refused > 0, "the silent ones were pushed out");
}

#[test]
fn wrong_code_bursts_from_her_address_do_not_keep_a_friend_out() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(Limits::default());
    let guessers: Vec<_> = (0..4).map(|_| scripted::guesser(host.port())).collect();
    host.note("slowing 127.0.0.1: 10 wrong codes this minute");
    let waited = ann_joins(&mut host);
    let wrong: u64 = guessers.into_iter().map(scripted::Running::stop).sum();
    assert!(waited < Duration::from_secs(5), "Ann waited {waited:?} while {wrong} wrong codes were answered");
    assert!(wrong >= 10, "{wrong}");
    assert!(host.host.turned().wrong_codes >= 10);
}

/// The pace of a slowed address: one code a turn, however many connections try.
#[test]
fn a_slowed_address_guesses_one_code_a_turn() {
    let turn = Duration::from_millis(200);
    let limits = Limits { tries_per_minute: 2, slow_turn: turn, wrong_code_delay: Duration::ZERO, ..Limits::default() };
    let mut host = TestHost::start(limits);
    let guessers: Vec<_> = (0..4).map(|_| scripted::guesser(host.port())).collect();
    host.note("slowing 127.0.0.1");
    let before = host.host.turned().wrong_codes;
    let started = Instant::now();
    std::thread::sleep(Duration::from_secs(2));
    let wrong = host.host.turned().wrong_codes - before;
    let turns = (started.elapsed().as_secs_f64() / turn.as_secs_f64()).ceil() as u64;
    drop(guessers);
    assert!(wrong <= turns + 1, "{wrong} codes checked in {turns} turns");
    assert!(wrong >= 2, "the guessing went on, slowly: {wrong}");
}
