//! The door of `catan host` under attack (issue 47), measured on the loopback address with the
//! host's own limits: wrong codes a minute one address gets checked, and every address
//! together; how long a friend's join waits under each attack; the host's CPU (its network
//! thread) and memory under each flood.
//!
//!     cargo run --release --example door_bench [SECONDS]
//!
//! Every attack runs SECONDS (15 by default) from 127.0.0.1 against a host in this process;
//! the friend (a scripted client with the code) joins at its end. "Every address together" is
//! one address allowed every waiting slot (the lobby's 12), which is what 12 addresses get.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use catan::host::{Host, HostConfig, HostEvent, Limits, Wire};
use russh::client;
use russh::keys::PublicKeyOrCertificate;

const CODE: &str = "bench table code";

/// An attack's tasks, started on the attacker's runtime: they run until the flag is set and
/// count what they did.
type Work = fn(u16, Arc<AtomicBool>, Arc<AtomicU64>) -> Vec<tokio::task::JoinHandle<()>>;

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

async fn connect(port: u16) -> Option<client::Handle<Trusting>> {
    client::connect(Arc::new(client::Config::default()), ("127.0.0.1", port), Trusting).await.ok()
}

/// An attack: tasks on a runtime of their own thread until `stop`.
fn attack(stop: Arc<AtomicBool>, count: Arc<AtomicU64>, work: Work, port: u16) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async move {
            let tasks = work(port, stop.clone(), count);
            while !stop.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            for t in tasks {
                t.abort();
            }
        });
    })
}

fn guessers(port: u16, stop: Arc<AtomicBool>, count: Arc<AtomicU64>, n: usize) -> Vec<tokio::task::JoinHandle<()>> {
    (0..n)
        .map(|g| {
            let (stop, count) = (stop.clone(), count.clone());
            tokio::spawn(async move {
                let mut i = 0u64;
                while !stop.load(Ordering::SeqCst) {
                    let Some(mut h) = connect(port).await else {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        continue;
                    };
                    loop {
                        i += 1;
                        match h.authenticate_password("Ann", format!("guess {g} {i}")).await {
                            Ok(a) if !a.success() => count.fetch_add(1, Ordering::SeqCst),
                            _ => break,
                        };
                    }
                }
            })
        })
        .collect()
}

fn four_guessers(port: u16, stop: Arc<AtomicBool>, count: Arc<AtomicU64>) -> Vec<tokio::task::JoinHandle<()>> {
    guessers(port, stop, count, 4)
}

fn sixteen_guessers(port: u16, stop: Arc<AtomicBool>, count: Arc<AtomicU64>) -> Vec<tokio::task::JoinHandle<()>> {
    guessers(port, stop, count, 16)
}

fn silent(port: u16, stop: Arc<AtomicBool>, count: Arc<AtomicU64>) -> Vec<tokio::task::JoinHandle<()>> {
    (0..24)
        .map(|_| {
            let (stop, count) = (stop.clone(), count.clone());
            tokio::spawn(async move {
                while !stop.load(Ordering::SeqCst) {
                    let Ok(s) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await else {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        continue;
                    };
                    count.fetch_add(1, Ordering::SeqCst);
                    let mut buf = [0u8; 1024];
                    loop {
                        let _ = tokio::time::timeout(Duration::from_millis(100), s.readable()).await;
                        match s.try_read(&mut buf) {
                            Ok(0) => break,
                            Err(e) if e.kind() != std::io::ErrorKind::WouldBlock => break,
                            _ => {}
                        }
                        if stop.load(Ordering::SeqCst) {
                            return;
                        }
                    }
                }
            })
        })
        .collect()
}

fn flood(port: u16, stop: Arc<AtomicBool>, count: Arc<AtomicU64>) -> Vec<tokio::task::JoinHandle<()>> {
    vec![tokio::spawn(async move {
        let Some(mut h) = connect(port).await else { return };
        if !h.authenticate_password("Bob", CODE).await.is_ok_and(|a| a.success()) {
            return;
        }
        let Ok(ch) = h.channel_open_session().await else { return };
        let _ = ch.request_pty(false, "xterm", 100, 30, 0, 0, &[]).await;
        let _ = ch.request_shell(false).await;
        let mut i = 0u32;
        let moment = Duration::from_millis(200);
        while !stop.load(Ordering::SeqCst) {
            i += 1;
            if let Ok(Ok(())) = tokio::time::timeout(moment, ch.window_change(60 + i % 140, 20 + i % 40, 0, 0)).await {
                count.fetch_add(1, Ordering::SeqCst);
            }
            let _ = tokio::time::timeout(moment, ch.data(&b"iiiiiiii"[..])).await;
        }
    })]
}

/// The host's network thread's CPU time so far, in seconds.
fn host_cpu() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return 0.0 };
    for t in tasks.flatten() {
        let comm = std::fs::read_to_string(t.path().join("comm")).unwrap_or_default();
        if comm.trim() == "catan-host" {
            let stat = std::fs::read_to_string(t.path().join("stat")).unwrap_or_default();
            let after = stat.rsplit(") ").next().unwrap_or("");
            let f: Vec<&str> = after.split(' ').collect();
            let ticks: f64 = f.get(11).and_then(|v| v.parse().ok()).unwrap_or(0.0)
                + f.get(12).and_then(|v| v.parse().ok()).unwrap_or(0.0);
            return ticks / 100.0;
        }
    }
    0.0
}

/// This process's resident memory, in MB.
fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok());
    kb.unwrap_or(0.0) / 1024.0
}

/// The game's side: answers every join and takes every event, counting what came.
fn game(
    mut host: Host,
    stop: Arc<AtomicBool>,
    joined: Arc<std::sync::Mutex<Vec<(String, Instant)>>>,
    events: Arc<AtomicU64>,
) -> std::thread::JoinHandle<Host> {
    std::thread::spawn(move || {
        while !stop.load(Ordering::SeqCst) {
            match host.recv_timeout(Duration::from_millis(20)) {
                Some(HostEvent::Join { name, reply, .. }) => {
                    joined.lock().unwrap().push((name, Instant::now()));
                    reply.answer(Ok(()));
                }
                Some(HostEvent::Input { .. } | HostEvent::Resize { .. }) => {
                    events.fetch_add(1, Ordering::SeqCst);
                }
                _ => {}
            }
        }
        host
    })
}

fn run(name: &str, limits: Limits, work: Option<Work>, secs: u64) {
    let dir = std::env::temp_dir().join(format!("catan-door-bench-{}", std::process::id()));
    let mut config = HostConfig::new(CODE.to_string(), dir.join("host_key"));
    (config.bind, config.port, config.limits) = ("127.0.0.1".parse().unwrap(), 0, limits);
    let host = Host::start(config).unwrap();
    let port = host.local_addr().port();
    let stop_game = Arc::new(AtomicBool::new(false));
    let joined = Arc::new(std::sync::Mutex::new(Vec::new()));
    let events = Arc::new(AtomicU64::new(0));
    let game = game(host, stop_game.clone(), joined.clone(), events.clone());
    let (stop, count) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
    let (cpu0, t0) = (host_cpu(), Instant::now());
    let attacker = work.map(|w| attack(stop.clone(), count.clone(), w, port));
    std::thread::sleep(Duration::from_secs(secs));
    let rss = rss_mb();
    // The friend: a scripted client with the code, timed to the game's hearing of the join.
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let started = Instant::now();
    let wait = rt.block_on(async {
        let mut h = connect(port).await?;
        h.authenticate_password("Ann", CODE).await.ok()?.success().then_some(())?;
        let ch = h.channel_open_session().await.ok()?;
        ch.request_pty(false, "xterm", 80, 24, 0, 0, &[]).await.ok()?;
        ch.request_shell(false).await.ok()?;
        // The session runs on this runtime: wait here, in it.
        let until = Instant::now() + Duration::from_secs(30);
        while Instant::now() < until {
            if let Some((_, at)) = joined.lock().unwrap().iter().find(|(n, _)| n == "Ann") {
                return Some(at.duration_since(started));
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        None
    });
    let elapsed = t0.elapsed().as_secs_f64();
    let cpu = (host_cpu() - cpu0) / elapsed * 100.0;
    stop.store(true, Ordering::SeqCst);
    if let Some(a) = attacker {
        let _ = a.join();
    }
    stop_game.store(true, Ordering::SeqCst);
    let host = game.join().unwrap();
    let turned = host.turned();
    let n = count.load(Ordering::SeqCst);
    let per_min = turned.wrong_codes as f64 / elapsed * 60.0;
    let wait = wait.map_or("never".to_string(), |w| format!("{:.2} s", w.as_secs_f64()));
    println!(
        "{name:<44} friend waited {wait:>7}  wrong codes checked {:>5} ({per_min:>5.0}/min)  attack count {n:>7}  events to the game {:>6}  host thread CPU {cpu:>4.0}%  RSS {rss:>5.1} MB",
        turned.wrong_codes,
        events.load(Ordering::SeqCst)
    );
    drop(host);
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    let secs: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(15);
    run("no attack", Limits::default(), None, 1);
    run("24 silent connections, reopened", Limits::default(), Some(silent), secs);
    run("4 guessers from one address", Limits::default(), Some(four_guessers), secs);
    let all = Limits { waiting_per_address: 12, tries_per_minute: u32::MAX, ..Limits::default() };
    run("16 guessers, every slot (all addresses)", all, Some(sixteen_guessers), secs);
    run("a joiner's keys and window changes", Limits::default(), Some(flood), secs);
}
