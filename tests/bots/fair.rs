//! Issue 28: bots a table finds fair. At a table where one opponent is far ahead, the easy and
//! hard players put the robber on the leader's hex and rob the leader, though the richest hex
//! and the fullest hand are those of a player far behind (where catanatron's pruning, which the
//! alpha-beta player keeps, sends it); and a hard player spreads its two set-up settlements.

use crate::support::bots::make;
use catan::bots::BotLevel;
use catan::engine::{Action, Board, Config, DevCard, Game, Hand, Hex, MapId, Scenario, Seat, Vertex};

const MOVER: Seat = Seat(0);
const BEHIND: Seat = Seat(1);
const LEADER: Seat = Seat(2);
const OTHER: Seat = Seat(3);

/// The robber to move for seat 0 (a knight just played): seat 1 has 2 points, a city on the
/// island's richest hex and 6 cards; seat 2 leads with 7 points (three cities and a
/// settlement, each alone on hexes of 3 dots or fewer) and 3 cards; seat 3 has 2 points.
fn clear_leader() -> (Game, Hex) {
    let topo = MapId::Standard.topology();
    let board = *Scenario::new(Config::default(), 11).build().unwrap().board();
    let pips = |h: Hex| board.token(h).map_or(0, Board::pips);
    let rich = topo.hexes().max_by_key(|&h| pips(h)).unwrap();
    let ann = topo.hex_vertices(rich)[0];
    let mut used: Vec<Vertex> = vec![ann];
    let mut used_hexes: Vec<Hex> = topo.vertex_hexes(ann).to_vec();
    // Corners clear of everything placed so far (distance rule), none sharing a hex with another.
    let mut pick = |poor: bool| -> Vertex {
        let v = (0..topo.num_vertices() as u8)
            .map(Vertex)
            .find(|&v| {
                let hexes = topo.vertex_hexes(v);
                let poor_ok = !poor || hexes.iter().all(|&h| pips(h) <= 3);
                poor_ok
                    && !hexes.is_empty()
                    && hexes.iter().all(|h| !used_hexes.contains(h))
                    && used.iter().all(|&u| u != v && !topo.vertex_neighbors(u).contains(&v))
            })
            .expect("a free corner");
        used.push(v);
        used_hexes.extend_from_slice(topo.vertex_hexes(v));
        v
    };
    let (l1, l2, l3, l4) = (pick(true), pick(true), pick(true), pick(true));
    let (m, o) = (pick(false), pick(false));
    let game = Scenario::new(Config::default(), 11)
        .city(BEHIND, ann)
        .city(LEADER, l1)
        .city(LEADER, l2)
        .city(LEADER, l3)
        .settlement(LEADER, l4)
        .settlement(MOVER, m)
        .settlement(MOVER, pick(false))
        .settlement(OTHER, o)
        .settlement(OTHER, pick(false))
        .hand(BEHIND, Hand::new([2, 1, 1, 1, 1]))
        .hand(LEADER, Hand::new([1, 1, 1, 0, 0]))
        .hand(OTHER, Hand::new([1, 0, 0, 1, 0]))
        .dev(MOVER, DevCard::Knight)
        .robber(topo.vertex_hexes(o)[0])
        .turn(MOVER)
        .build();
    let mut game = game.unwrap();
    game.apply(Action::PlayKnight).unwrap();
    (game, rich)
}

fn robbed(game: &Game, action: Action) -> (bool, Option<Seat>) {
    let Action::MoveRobber { hex, victim } = action else { panic!("not a robber move: {action:?}") };
    let topo = game.topology();
    let leaders: Vec<Vertex> = game.settlements(LEADER).chain(game.cities(LEADER)).collect();
    (leaders.iter().any(|v| topo.vertex_hexes(*v).contains(&hex)), victim)
}

#[test]
fn issue28_easy_and_hard_rob_the_clear_leader_not_the_richest_hex() {
    let (game, rich) = clear_leader();
    let view = game.view(LEADER);
    assert_eq!((view.player(BEHIND).points, view.player(LEADER).points, view.player(OTHER).points), (2, 7, 2));
    // The yardstick still sends the robber to the richest hex, the player far behind.
    let action = make(BotLevel::Alphabeta, 1).choose(game.acting_view());
    assert_eq!(action, Action::MoveRobber { hex: rich, victim: Some(BEHIND) }, "alphabeta");
    for (level, seeds) in [(BotLevel::Easy, 40), (BotLevel::Hard, 4)] {
        let mut leader = 0u64;
        for seed in 0..seeds {
            let action = make(level, seed).choose(game.acting_view());
            let (on_leader, victim) = robbed(&game, action);
            leader += (on_leader && victim == Some(LEADER)) as u64;
        }
        // The easy player draws its moves, the best much the likeliest.
        let needed = if level == BotLevel::Easy { seeds * 9 / 10 } else { seeds };
        assert!(leader >= needed, "{level}: the leader robbed {leader} times of {seeds}");
    }
}

/// Issue 28: a hard player never puts its second set-up settlement on a hex its first one
/// touches (four hard players, every set-up of 6 boards).
#[test]
fn issue28_hard_set_up_settlements_share_no_hex() {
    for seed in 0..6 {
        let mut game = Game::new(Config::default(), seed).unwrap();
        let mut seats: Vec<_> = (0..4).map(|s| make(BotLevel::Hard, seed * 4 + s)).collect();
        while game.turn_number() == 0 {
            let view = game.acting_view();
            let action = seats[view.seat().index()].choose(view);
            game.apply(action).unwrap();
        }
        let topo = game.topology();
        for s in game.seats() {
            let hexes: Vec<Vec<Hex>> = game.settlements(s).map(|v| topo.vertex_hexes(v).to_vec()).collect();
            assert_eq!(hexes.len(), 2);
            assert!(hexes[0].iter().all(|h| !hexes[1].contains(h)), "seed {seed}, seat {s:?}: {hexes:?}");
        }
    }
}
