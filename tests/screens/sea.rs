//! R51 in the terminal: the archipelago (`--map archipelago`) is drawn with its sea, waves in
//! every sea hex between and around the islands, and fits 140 x 45; base-game screens draw no
//! sea (their snapshots are unchanged).

use crate::support::screen::{PLAIN, draw, play_setup};

use catan::engine::{Config, MapId, Phase};
use catan::tui::{App, Msg, min_size};

#[test]
fn r51_the_archipelago_at_140_by_45() {
    let topo = MapId::Archipelago.topology();
    let (w, h) = min_size(topo);
    assert!(w <= 140 && h <= 45, "the archipelago's smallest terminal is {w} x {h}");
    let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut app = App::with_rules(42, Some(names), PLAIN, Config::on_map(MapId::Archipelago));
    app.update(Msg::Resize(140, 45));
    assert_eq!(app.table.game().config().map, MapId::Archipelago);
    play_setup(&mut app);
    assert_eq!(app.table.game().phase(), Phase::Roll);
    let screen = draw(&mut app, 140, 45);
    // The sea shows between the islands: many more waves than the nine harbors' sides.
    assert!(screen.matches('~').count() > 100, "{screen}");
    insta::assert_snapshot!(screen);
}
