//! A joiner's terminal given back when the host stops without the game saying goodbye (a
//! crash of the game: its `Host` is dropped as the panic unwinds).

use crate::client::{CODE, Joiner, TestHost, quick_limits, ssh};
use catan::host::Wire;

#[test]
fn a_host_dropped_without_a_goodbye_gives_the_joiners_terminal_back() {
    if ssh().is_none() {
        return;
    }
    let mut host = TestHost::start(quick_limits());
    let mut bob = Joiner::start(host.port(), "Bob", CODE, 80, 24);
    let (conn, _, _) = host.join(Ok(()));
    // The game's screen: the alternate screen, no cursor.
    host.host.send(conn, b"\x1b[?1049h\x1b[?25lthe game".to_vec());
    bob.wait_for("the game");
    let TestHost { host, dir, .. } = host;
    drop(host);
    assert!(bob.ended(), "Bob's ssh ends with the host");
    let text = bob.text();
    let after = &text[text.find("the game").unwrap()..];
    assert!(after.contains("\x1b[?1049l") && after.contains("\x1b[?25h"), "{after:?}");
    assert!(after.contains("type reset"), "{after:?}");
    drop(dir);
}
