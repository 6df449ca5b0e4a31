//! Engine speed: cloning a game, generating legal actions, and whole random games.
//! Run with `cargo bench --bench engine`.

use std::hint::black_box;

use catan::engine::{ActionList, Config, Game};
use catan::sim;
use criterion::{Criterion, criterion_group, criterion_main};

/// A mid-game position: 200 random actions into seed 7's game.
fn midgame() -> Game {
    let mut game = Game::new(Config::default(), 7).unwrap();
    let mut bot = catan::bots::RandomBot::new(7);
    for _ in 0..200 {
        let a = bot.choose(game.view(game.to_act())).unwrap();
        game.apply(a).unwrap();
    }
    game
}

fn bench(c: &mut Criterion) {
    let game = midgame();
    println!("size of Game: {} bytes", std::mem::size_of::<Game>());
    // A search copies positions into slots it already has: one copy of the size printed above.
    let mut slot = game;
    c.bench_function("clone a mid-game position into a slot", |b| {
        b.iter(|| {
            slot.clone_from(black_box(&game));
            black_box(&mut slot);
        })
    });
    // Returning a fresh copy by value also copies it through the return slot.
    c.bench_function("clone a mid-game position by value", |b| b.iter(|| black_box(*black_box(&game))));
    let mut buf = ActionList::new();
    c.bench_function("legal actions of a mid-game position", |b| {
        b.iter(|| {
            black_box(&game).legal_actions_into(&mut buf);
            black_box(buf.len())
        })
    });
    let mut seed = 0u64;
    c.bench_function("one random 4-player game", |b| {
        b.iter(|| {
            seed += 1;
            black_box(sim::play_one(Config::default(), seed).actions)
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
