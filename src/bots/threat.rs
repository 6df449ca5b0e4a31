//! How close each opponent is to winning, as the whole table can see it, and the robber move
//! that follows from it: the robber and the steal go to the leader unless a near-leader's hex is
//! richer by more than the gap between them.
//!
//! catanatron's value function counts the production of the next seat only, so a bot built on
//! it leans on the player after it whatever the race looks like. The `easy` and `hard` players
//! weigh every opponent instead, by [`threat`]: public points (buildings and awards), half a
//! point for each development card held (a hidden victory point, or a knight toward the army)
//! and a little for the resource cards in hand (the next build). The weights
//! ([`Threats::weight`]) grow by a factor of [`SPREAD`] per point of threat and sum to 1 over
//! the opponents, so a value that counts "the enemy's production" keeps catanatron's scale.

use crate::engine::{Action, Hex, MAX_PLAYERS, PlayerView, PublicPlayer, Seat};

use super::seen::Seen;

/// How many times more an opponent counts for each point of threat more than another's: a
/// near-leader one point behind is robbed instead of the leader only from a hex about twice as
/// rich.
pub const SPREAD: f64 = 2.0;

/// How close a player is to winning, in points, from what the table sees: public points, half
/// a point per development card held, a tenth per resource card.
pub fn threat(p: &PublicPlayer) -> f64 {
    f64::from(p.points) + 0.5 * f64::from(p.dev_cards) + 0.1 * f64::from(p.resource_cards)
}

/// Each opponent's weight for one seat: 0 for the seat itself, the others summing to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Threats {
    weight: [f64; MAX_PLAYERS],
}

impl Threats {
    /// The weights of the opponents of the view's seat (only public facts are read).
    pub fn of(view: &PlayerView<'_>) -> Threats {
        let me = view.seat();
        let threats: Vec<(Seat, f64)> =
            view.seats().filter(|&s| s != me).map(|s| (s, threat(&view.player(s)))).collect();
        let top = threats.iter().map(|t| t.1).fold(f64::NEG_INFINITY, f64::max);
        let mut weight = [0.0; MAX_PLAYERS];
        let mut total = 0.0;
        for &(s, t) in &threats {
            weight[s.index()] = SPREAD.powf(t - top);
            total += weight[s.index()];
        }
        if total > 0.0 {
            for w in &mut weight {
                *w /= total;
            }
        }
        Threats { weight }
    }

    /// How much opponent `s` counts (0 for the seat itself).
    pub fn weight(&self, s: Seat) -> f64 {
        self.weight[s.index()]
    }

    /// The most threatening opponent.
    pub fn leader(&self) -> Seat {
        let best = (0..MAX_PLAYERS).max_by(|&a, &b| self.weight[a].total_cmp(&self.weight[b])).unwrap_or(0);
        Seat(best as u8)
    }
}

/// How much a robber move hurts the mover's opponents, each counted by its threat: the dots of
/// the hex times the cards its buildings there would earn, weighted per owner, less the same
/// for the mover's own buildings (at full weight), plus the steal (the victim's weight, if it
/// holds a card). The unit is a dot of the leader's production.
pub(crate) fn robber_score(view: &PlayerView<'_>, seen: &Seen, threats: &Threats, action: Action) -> f64 {
    let Action::MoveRobber { hex, victim } = action else { return f64::NEG_INFINITY };
    let me = view.seat();
    let blocked = |hex: Hex| -> f64 {
        let corners = seen.topo.hex_vertex_set(hex).bits();
        let pips = f64::from(seen.hex_pips(hex));
        let mut score = 0.0;
        for s in seen.seats_on_hex(hex) {
            let cards = (seen.settlements[s.index()] & corners).count_ones()
                + 2 * (seen.cities[s.index()] & corners).count_ones()
                + (seen.castles[s.index()] & corners).count_ones();
            let w = if s == me { -1.0 } else { threats.weight(s) / threats.weight(threats.leader()) };
            score += w * pips * f64::from(cards);
        }
        score
    };
    let steal = victim.map_or(0.0, |v| {
        let holds = view.player(v).resource_cards > 0;
        if holds { 2.0 * threats.weight(v) / threats.weight(threats.leader()) } else { 0.0 }
    });
    blocked(hex) + steal
}

/// The robber move among `actions` that [`robber_score`] likes best (the first of equals), or
/// `None` when there is no robber move.
pub(crate) fn best_robber_move(view: &PlayerView<'_>, actions: &[Action]) -> Option<Action> {
    let threats = Threats::of(view);
    let seen = Seen::from_view(view);
    let mut best: Option<(f64, Action)> = None;
    for &a in actions {
        if !matches!(a, Action::MoveRobber { .. }) {
            continue;
        }
        let score = robber_score(view, &seen, &threats, a);
        if best.is_none_or(|b| score > b.0) {
            best = Some((score, a));
        }
    }
    best.map(|b| b.1)
}
