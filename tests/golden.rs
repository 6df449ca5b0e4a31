//! Golden values: seed 42 with the default rules always deals the same board, picks the same
//! starting player and rolls the same dice. The values below were recorded from the engine
//! (not derived by hand); a change here means saved games and replays no longer reproduce.

use catan::engine::{Action, Config, Event, Game, HarborKind, Terrain};

/// The board of seed 42: each hex's terrain and token, row by row.
fn board(g: &Game) -> Vec<(Terrain, u8)> {
    g.topology().hexes().map(|h| (g.board().terrain(h), g.board().token(h).unwrap_or(0))).collect()
}

/// A fixed policy that doesn't depend on the order of the legal actions: end the turn or roll
/// when allowed, else the action whose debug text sorts first.
fn policy(g: &Game) -> Action {
    let legal = g.legal_actions();
    for a in [Action::EndTurn, Action::RollDice] {
        if legal.contains(&a) {
            return a;
        }
    }
    legal.into_iter().min_by_key(|a| format!("{a:?}")).expect("a legal action")
}

/// The first `n` rolls of seed 42 under [`policy`].
fn rolls(n: usize) -> Vec<[u8; 2]> {
    let mut g = Game::new(Config::default(), 42).unwrap();
    let mut out = Vec::new();
    while out.len() < n && !g.is_over() {
        for e in g.apply(policy(&g)).unwrap() {
            if let Event::DiceRolled { dice, .. } = e {
                out.push(dice);
            }
        }
    }
    out
}

#[test]
fn golden_seed_42_board() {
    use Terrain::*;
    let g = Game::new(Config::default(), 42).unwrap();
    #[rustfmt::skip]
    let expected = [
        (Pasture, 9), (Hills, 10), (Fields, 8),
        (Mountains, 12), (Forest, 5), (Fields, 4), (Forest, 3),
        (Pasture, 11), (Mountains, 6), (Fields, 11), (Fields, 9), (Forest, 6),
        (Desert, 0), (Hills, 3), (Pasture, 10), (Hills, 2),
        (Forest, 4), (Mountains, 8), (Pasture, 5),
    ];
    assert_eq!(board(&g), expected);
    use catan::engine::Resource::*;
    let harbors = [
        HarborKind::Special(Grain),
        HarborKind::Generic,
        HarborKind::Special(Ore),
        HarborKind::Special(Wool),
        HarborKind::Generic,
        HarborKind::Special(Lumber),
        HarborKind::Generic,
        HarborKind::Special(Brick),
        HarborKind::Generic,
    ];
    assert_eq!(g.board().harbors(), &harbors);
    assert_eq!(g.board().robber(), catan::engine::Hex(12), "on the desert");
}

#[test]
fn golden_seed_42_first_player() {
    let g = Game::new(Config::default(), 42).unwrap();
    assert_eq!(g.first_player(), catan::engine::Seat(0));
}

#[test]
fn golden_seed_42_first_20_rolls() {
    #[rustfmt::skip]
    let expected = [
        [5, 4], [5, 5], [2, 4], [4, 3], [4, 6], [5, 4], [6, 5], [2, 2], [6, 4], [1, 2],
        [2, 3], [2, 1], [6, 1], [2, 2], [5, 4], [1, 3], [1, 3], [2, 2], [6, 3], [5, 4],
    ];
    assert_eq!(rolls(20), expected);
    // The same seed and actions give the same game: twice over, and through a save.
    let mut a = Game::new(Config::default(), 42).unwrap();
    let mut b: Game = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
    for _ in 0..200 {
        let action = policy(&a);
        assert_eq!(a.apply(action), b.apply(action));
    }
    assert_eq!(a, b);
}
