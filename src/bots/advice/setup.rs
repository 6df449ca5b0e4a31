//! Set-up judged over the others' likely replies. The hard player's playouts place the rest of
//! set-up greedily, one way only (set-up has no hidden cards and no dice, so every world dealt
//! replies alike): a corner's judgement would rest on one guess of what the others take. Here
//! each world plays the rest of set-up with every seat choosing among its best corners at
//! random, the better the likelier (by pips, and three pips more for each kind the seat lacks:
//! seed 000's tips), and the chance is the model's where set-up ends.

use crate::engine::{Action, Game, NoEvents, Phase, Resource, Vertex};

use super::super::random::SplitMix64;
use super::group::corner_pips;

/// The corners a seat chooses among in a reply.
const CHOICES: usize = 4;

/// `world` with `action` played (none: the seat's own reply drawn like the others'), then the
/// rest of set-up, every placement drawn from `rng`.
pub fn finish(mut world: Game, action: Option<Action>, rng: &mut SplitMix64) -> Game {
    if let Some(a) = action {
        world.apply_unchecked(a, &mut NoEvents);
    }
    let mut guard = 0;
    while matches!(world.phase(), Phase::Setup { .. }) && guard < 200 {
        guard += 1;
        let actions = world.legal_actions();
        let next = reply(&world, &actions, rng);
        world.apply_unchecked(next, &mut NoEvents);
    }
    world
}

/// One placement: a corner among the seat's best [`CHOICES`] by its worth, drawn in
/// proportion to it; any other set-up action (a road) at random.
fn reply(world: &Game, actions: &[Action], rng: &mut SplitMix64) -> Action {
    let mut corners: Vec<(u32, Action)> = actions
        .iter()
        .filter_map(|&a| match a {
            Action::BuildSettlement(v) => Some((worth(world, v), a)),
            _ => None,
        })
        .collect();
    if corners.is_empty() {
        return actions[rng.below(actions.len())];
    }
    corners.sort_by_key(|c| std::cmp::Reverse(c.0));
    corners.truncate(CHOICES);
    let total: u32 = corners.iter().map(|c| c.0 + 1).sum();
    let mut draw = rng.below(total as usize) as u32;
    for &(w, a) in &corners {
        if draw <= w {
            return a;
        }
        draw -= w + 1;
    }
    corners[0].1
}

/// A corner's worth to the seat to act: its pips, and three more for each kind it adds.
fn worth(world: &Game, v: Vertex) -> u32 {
    let view = world.view(world.to_act());
    let board = view.board();
    let topo = view.topology();
    let me = view.seat();
    let mut have = [false; 5];
    for x in view.settlement_set(me).iter() {
        for &h in topo.vertex_hexes(x) {
            if let Some(i) = board.terrain(h).resource().and_then(|r| Resource::ALL.iter().position(|&k| k == r)) {
                have[i] = true;
            }
        }
    }
    let mut new = 0;
    for &h in topo.vertex_hexes(v) {
        if board.token(h).is_none() {
            continue;
        }
        if let Some(i) = board.terrain(h).resource().and_then(|r| Resource::ALL.iter().position(|&k| k == r))
            && !have[i]
        {
            have[i] = true;
            new += 1;
        }
    }
    corner_pips(&view, v) + 3 * new
}
