//! One joiner's flood (issue 47): Bob, a scripted client seated on his own screen, holds `i`
//! (the advice asked and closed as fast as the keys go) and changes his window's size as fast
//! as his socket takes it, while Cy joins with the system's ssh and the host's own keys are
//! used: the real `catan host` in a pseudo-terminal, on the loopback address.

use std::time::{Duration, Instant};

use crate::client::{Joiner, ssh};
use crate::game::{CODE, admit, free_port, host};
use crate::scripted;
use crate::support::files::TempDir;

/// The CPU time process `pid` used so far, in seconds, and its resident memory in MB.
fn usage(pid: i32) -> (f64, f64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let f: Vec<&str> = stat.rsplit(") ").next().unwrap_or("").split(' ').collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss = status.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok());
    ((ticks(11) + ticks(12)) / 100.0, rss.unwrap_or(0.0) / 1024.0)
}

/// The threads of process `pid` now.
fn threads(pid: i32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task")).map(|d| d.count()).unwrap_or(0)
}

#[test]
fn an_advice_flood_and_a_resize_storm_hold_up_neither_a_join_nor_the_hosts_keys() {
    if ssh().is_none() {
        return;
    }
    let data = TempDir::new("flood");
    let port = free_port();
    let mut h = host(&data, port, &["--seed", "42", "--players", "Bob,Ann,Cy"]);
    h.wait_for("Pass the keyboard to B Bob");
    let flood = scripted::flooder(port, "Bob", CODE, b"i");
    admit(&mut h, "Bob", "Bob");
    h.wait_for("Bob is playing on their own screen");
    let (cpu, flooded) = (usage(h.pid()).0, Instant::now());
    let mut most = 0;
    let until = Instant::now() + Duration::from_secs(1);
    while Instant::now() < until {
        h.pause(Duration::from_millis(100));
        most = most.max(threads(h.pid()));
    }
    // Cy joins from her own terminal meanwhile: timed until the host is asked to let her in
    // (H8), then let in.
    let started = Instant::now();
    let mut cy = Joiner::start(port, "Cy", CODE, 120, 40);
    h.wait_for("Cy asks to join as Cy");
    let join = started.elapsed();
    admit(&mut h, "Cy", "Cy");
    cy.until_screen("C Cy's hand");
    // The host's own keys: the help opened and closed, each answer timed.
    let mut waits = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        h.send("?");
        h.wait_for("Esc closes");
        waits.push(t.elapsed());
        let t = Instant::now();
        h.send("\x1b");
        h.until("the help closed", |s| !s.screen().contains("Esc closes"));
        waits.push(t.elapsed());
        most = most.max(threads(h.pid()));
    }
    let (cpu, rss) = (usage(h.pid()).0 - cpu, usage(h.pid()).1);
    let cpu = cpu / flooded.elapsed().as_secs_f64() * 100.0;
    let resizes = flood.stop();
    waits.sort();
    let median = waits[waits.len() / 2];
    eprintln!(
        "Cy joined in {join:?}; the host's keys: median {median:?}, all {waits:?}; {resizes} window changes; \
         most threads {most}; the host's CPU {cpu:.0}%, memory {rss:.1} MB"
    );
    // Every code waits its second before it is checked: the join reaches the host within 2 s
    // beyond it.
    assert!(join < Duration::from_secs(3), "Cy's join took {join:?} under the flood");
    assert!(median < Duration::from_millis(100), "the host's keys answered in {waits:?}");
    assert!(resizes > 1000, "the storm ran: {resizes} window changes");
    // The game's thread, the network's, and at most one advice search and one tip a screen
    // (holding i reopens the same advice: it once ran a search a key, 178 threads).
    assert!(most <= 5, "{most} threads: the advice runs one search a screen at a time");
}
