//! A scripted SSH client (russh's own), for what the system `ssh` cannot do: window changes by
//! the thousand, keys as fast as the socket takes them, codes tried as fast as the host answers.
//! Each runs on a runtime of its own in a thread of its own, on the loopback address only.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use russh::client;
use russh::keys::PublicKeyOrCertificate;

/// Trusts any host key: the tests' host is on the loopback address, made by the test.
struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

/// A connection to 127.0.0.1:`port` that has given `code` as `name`: whether it got in.
async fn login(port: u16, name: &str, code: &str) -> Option<client::Handle<Trusting>> {
    let config = Arc::new(client::Config::default());
    let mut handle = client::connect(config, ("127.0.0.1", port), Trusting).await.ok()?;
    let auth = handle.authenticate_password(name, code).await.ok()?;
    auth.success().then_some(handle)
}

/// Something running on its own thread until [`Running::stop`], counting what it did.
pub struct Running {
    stop: Arc<AtomicBool>,
    pub count: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
}

impl Running {
    fn spawn(work: impl FnOnce(Arc<AtomicBool>, Arc<AtomicU64>) + Send + 'static) -> Running {
        let (stop, count) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
        let (s, c) = (stop.clone(), count.clone());
        let thread = std::thread::spawn(move || work(s, c));
        Running { stop, count, thread: Some(thread) }
    }

    /// Stops it and gives how many it did.
    pub fn stop(mut self) -> u64 {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.count.load(Ordering::SeqCst)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// A guesser: connections one after another, each trying wrong codes until it is closed;
/// `count` is the wrong codes answered.
pub fn guesser(port: u16) -> Running {
    Running::spawn(move |stop, count| {
        runtime().block_on(async move {
            let mut n = 0u64;
            while !stop.load(Ordering::SeqCst) {
                let config = Arc::new(client::Config::default());
                let Ok(mut handle) = client::connect(config, ("127.0.0.1", port), Trusting).await else {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                };
                while !stop.load(Ordering::SeqCst) {
                    n += 1;
                    match handle.authenticate_password("Ann", format!("guess {n}")).await {
                        Ok(auth) if !auth.success() => count.fetch_add(1, Ordering::SeqCst),
                        _ => break,
                    };
                }
            }
        })
    })
}

/// Silent connections: `n` at a time, each opened again as soon as the host closes it;
/// `count` is the connections opened.
pub fn silent(port: u16, n: usize) -> Running {
    Running::spawn(move |stop, count| {
        runtime().block_on(async move {
            let mut tasks = Vec::new();
            for _ in 0..n {
                let (stop, count) = (stop.clone(), count.clone());
                tasks.push(tokio::spawn(async move {
                    while !stop.load(Ordering::SeqCst) {
                        let Ok(socket) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await else {
                            tokio::time::sleep(Duration::from_millis(20)).await;
                            continue;
                        };
                        count.fetch_add(1, Ordering::SeqCst);
                        // Reads what comes (never answering) until the host closes it.
                        let mut buf = [0u8; 1024];
                        while !stop.load(Ordering::SeqCst) {
                            let wait = tokio::time::timeout(Duration::from_millis(100), socket.readable()).await;
                            if matches!(wait, Ok(Err(_))) {
                                break;
                            }
                            match socket.try_read(&mut buf) {
                                Ok(0) => break,
                                Err(e) if e.kind() != std::io::ErrorKind::WouldBlock => break,
                                _ => {}
                            }
                        }
                    }
                }));
            }
            while !stop.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            for t in tasks {
                t.abort();
            }
        })
    })
}

/// A joiner who, once seated as `name`, sends `keys` over and over and changes its window
/// size between 60 x 20 and 200 x 60 as fast as the socket takes it; `count` is the window
/// changes sent.
pub fn flooder(port: u16, name: &'static str, code: &'static str, keys: &'static [u8]) -> Running {
    Running::spawn(move |stop, count| {
        runtime().block_on(async move {
            let Some(handle) = login(port, name, code).await else { return };
            let Ok(channel) = handle.channel_open_session().await else { return };
            if channel.request_pty(false, "xterm", 100, 30, 0, 0, &[]).await.is_err() {
                return;
            }
            if channel.request_shell(false).await.is_err() {
                return;
            }
            // Each send waits at most a moment: a host that stops reading must not hold the
            // flood (and the test) forever.
            let moment = Duration::from_millis(200);
            let mut i = 0u32;
            while !stop.load(Ordering::SeqCst) {
                i += 1;
                match tokio::time::timeout(moment, channel.window_change(60 + i % 140, 20 + i % 40, 0, 0)).await {
                    Ok(Ok(())) => count.fetch_add(1, Ordering::SeqCst),
                    Ok(Err(_)) => break,
                    Err(_) => continue,
                };
                if i.is_multiple_of(16) && matches!(tokio::time::timeout(moment, channel.data(keys)).await, Ok(Err(_)))
                {
                    break;
                }
                if i.is_multiple_of(256) {
                    tokio::task::yield_now().await;
                }
            }
        })
    })
}
