//! The easy player: sensible but beatable. Every choice is a weighted draw among the legal
//! actions, so it never gets stuck and never plays an illegal move, and the weights make it
//! play like a beginner who knows the basics:
//! - set-up: corners weighted by their dots and by resources it doesn't produce yet, a road
//!   pointing at the best open corner beyond;
//! - its turn: a city before a settlement before a road before a development card before ending
//!   the turn; roads only toward somewhere to settle, unless there is nowhere; a development
//!   card mostly with cards to spare beyond what it is saving for;
//!   bank trades only to turn spare cards into missing ones (three a turn at most);
//! - the robber: on the hex that hurts the opponents most, each counted by how close it is
//!   to winning ([`super::threat`]), never its own, robbing the one nearest to winning;
//! - discards: the cards that build nothing it is saving for;
//! - domestic trade: when offers are on ([`Bot::set_offers`]) it offers a spare card or two
//!   for the one a build lacks ([`super::offer`]); it accepts an offer that brings cards it is
//!   missing for what it is saving for, costs no more cards than it brings, and doesn't help a
//!   player near the target.
//!
//! What it is "saving for" is the set of the things it could build next (a city where it has a
//! settlement, a settlement where its roads allow one, else a road, else a development card):
//! the component-wise largest of their costs.

use crate::engine::{Action, ActionList, DevCard, Hand, Module, Phase, PlayerView, Resource, Seat, Vertex};

use super::offer::Offers;
use super::random::SplitMix64;
use super::seen::Seen;
use super::threat::{self, Threats};
use super::{Bot, BotLevel, near_win};

/// Bank trades at most per turn, so a turn always ends.
const TRADES_PER_TURN: u8 = 3;

/// The easy player; see the module documentation.
#[derive(Clone, Debug)]
pub struct EasyBot {
    rng: SplitMix64,
    actions: ActionList,
    /// Turn number and bank trades made in it.
    trades: (u32, u8),
    offers: Offers,
}

/// What one decision looks at.
struct Ctx<'a> {
    view: PlayerView<'a>,
    seen: Seen<'a>,
    me: Seat,
    hand: Hand,
    /// The cards it is saving for (see the module documentation).
    wanted: Hand,
}

impl EasyBot {
    /// An easy player seeded for repeatable games.
    pub fn new(seed: u64) -> EasyBot {
        EasyBot { rng: SplitMix64::new(seed), actions: ActionList::new(), trades: (0, 0), offers: Offers::default() }
    }

    /// Draws one of the legal actions with the given weight (uniformly if all are zero).
    fn draw(&mut self, weight: impl Fn(Action) -> f64) -> Action {
        let weights: Vec<f64> = self.actions.iter().map(|&a| weight(a).max(0.0)).collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 || !total.is_finite() {
            return self.actions[self.rng.below(self.actions.len())];
        }
        let mut x = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return self.actions[i];
            }
            x -= w;
        }
        self.actions[weights.iter().rposition(|&w| w > 0.0).unwrap_or(0)]
    }

    /// Draws by `exp(score / temperature)`, relative to the best score: the best choices are
    /// much likelier, the others still possible.
    fn draw_soft(&mut self, temperature: f64, score: impl Fn(Action) -> f64) -> Action {
        let best = self.actions.iter().map(|&a| score(a)).fold(f64::NEG_INFINITY, f64::max);
        self.draw(|a| ((score(a) - best) / temperature).exp())
    }

    fn main_turn(&mut self, c: &Ctx) -> Action {
        let turn = c.view.turn_number();
        if self.trades.0 != turn {
            self.trades = (turn, 0);
        }
        let trades_left = self.trades.1 < TRADES_PER_TURN;
        let spots = c.seen.settlement_spots(c.me);
        let settlements_left = c.view.player(c.me).pieces_left.1 > 0;
        let robbed = robber_on_me(c);
        let card = c.view.config().costs.development;
        // Cards bought only with cards to spare: a beginner who buys whenever it can plays
        // better (the medium player won 62% of 1,000 games against three such, 75% against
        // these, and these still win 93% against three random players).
        // Sums in u16: costs are not bounded (a hand-edited save, a library caller), and a u8
        // sum near 255 would overflow.
        let spare_for_card =
            Resource::ALL.iter().all(|&r| u16::from(c.hand[r]) >= u16::from(card[r]) + u16::from(c.wanted[r]));
        let yop = best_year_of_plenty(c);
        let monopoly = best_monopoly(c);
        let action = self.draw(|a| match a {
            Action::BuildCity(v) => 100.0 + 10.0 * f64::from(c.seen.vertex_pips(v)),
            // A castle (R44): a point and a card more, for one of each resource.
            Action::BuildCastle(v) => 90.0 + 10.0 * f64::from(c.seen.vertex_pips(v)),
            Action::BuildSettlement(v) => 80.0 + 5.0 * spot_value(c, v),
            Action::BuildRoad(e) => {
                let w = road_value(c, e);
                if spots != 0 && settlements_left { w * 0.2 } else { w }
            }
            Action::BuyDevCard if spare_for_card => 12.0,
            Action::BuyDevCard => 1.0,
            Action::PlayKnight if robbed => 30.0,
            Action::PlayKnight => 3.0,
            Action::PlayRoadBuilding if spots == 0 => 15.0,
            Action::PlayRoadBuilding => 4.0,
            Action::PlayYearOfPlenty(..) if Some(a) == yop => 40.0,
            Action::PlayMonopoly(r) if Some(r) == monopoly => 20.0,
            Action::MaritimeTrade { give, get, rate } if trades_left => {
                let spare = u16::from(c.hand[give]) >= u16::from(rate) + u16::from(c.wanted[give]);
                if spare && c.hand[get] < c.wanted[get] { 40.0 } else { 0.0 }
            }
            // R42: 2 gold for a card it is missing, like a bank trade.
            Action::BuyWithGold(r) if trades_left && c.hand[r] < c.wanted[r] => 40.0,
            Action::EndTurn => 10.0,
            _ => 0.0,
        });
        if matches!(action, Action::MaritimeTrade { .. } | Action::BuyWithGold(_)) {
            self.trades.1 += 1;
        }
        action
    }

    fn answer_offer(&mut self, c: &Ctx, give: Hand, get: Hand) -> Action {
        if c.view.current_player() == c.me {
            // Its own offer is closed before this ([`Offers::close`]); withdraw it all the same.
            return if self.actions.contains(&Action::CancelTrade) { Action::CancelTrade } else { self.actions[0] };
        }
        if !self.actions.contains(&Action::AcceptTrade) || near_win(&c.view, c.view.current_player()) {
            return Action::DeclineTrade;
        }
        let mut after = c.hand;
        after.sub(&get);
        after.add(&give);
        let useful = |h: Hand| -> u32 { Resource::ALL.iter().map(|&r| u32::from(h[r].min(c.wanted[r]))).sum() };
        if useful(after) > useful(c.hand) && give.total() >= get.total() {
            Action::AcceptTrade
        } else {
            Action::DeclineTrade
        }
    }
}

impl Bot for EasyBot {
    fn choose(&mut self, view: PlayerView<'_>) -> Action {
        view.legal_actions_into(&mut self.actions);
        super::keep_payable(&view, &mut self.actions);
        assert!(!self.actions.is_empty(), "a bot is asked only when its seat must act");
        if self.actions.len() == 1 {
            return self.actions[0];
        }
        if let Some(action) = Offers::close(&view).or_else(|| self.offers.next(&view)) {
            return action;
        }
        let seen = Seen::from_view(&view);
        let me = view.seat();
        let hand = view.hand();
        let c = Ctx { view, seen, me, hand, wanted: wanted(&view, &seen, me) };
        match view.phase() {
            // A loose draw: decent corners, not the best ones (at 1.5 it picked so well that
            // the medium player won only half its games against three easy ones).
            Phase::Setup { settlement: None, .. } => self.draw_soft(4.0, |a| match a {
                Action::BuildSettlement(v) => spot_value(&c, v),
                _ => 0.0,
            }),
            Phase::Setup { settlement: Some(_), .. } => self.draw_soft(2.0, |a| match a {
                Action::BuildRoad(e) => road_value(&c, e),
                _ => 0.0,
            }),
            Phase::Roll => {
                let knight = self.actions.contains(&Action::PlayKnight) && robber_on_me(&c);
                if knight { Action::PlayKnight } else { Action::RollDice }
            }
            Phase::Discard { .. } => self.draw(|a| match a {
                Action::Discard(r) => {
                    let spare = f64::from(c.hand[r]) - f64::from(c.wanted[r]);
                    if spare > 0.0 { spare * spare } else { 0.05 }
                }
                _ => 0.0,
            }),
            Phase::Robber => {
                let threats = Threats::of(&c.view);
                self.draw_soft(1.0, |a| robber_value(&c, &threats, a))
            }
            Phase::RoadBuilding { .. } => self.draw_soft(2.0, |a| match a {
                Action::BuildRoad(e) => road_value(&c, e),
                _ => 0.0,
            }),
            Phase::Trade { give, get, .. } => self.answer_offer(&c, give, get),
            // R45: the kinds the bot wants most.
            Phase::Plenty { .. } => self.draw(|a| match a {
                Action::TakeCard(r) => 1.0 + f64::from(c.wanted[r]),
                _ => 0.0,
            }),
            Phase::Main | Phase::SpecialBuilding { .. } | Phase::Over { .. } => self.main_turn(&c),
        }
    }

    fn level(&self) -> BotLevel {
        BotLevel::Easy
    }

    fn set_offers(&mut self, on: bool) {
        self.offers.on = on;
    }

    fn set_people(&mut self, people: crate::engine::SeatSet, offer_to_people: bool) {
        (self.offers.people, self.offers.to_people) = (people, offer_to_people);
    }

    fn recall_offers(&mut self, me: crate::engine::Seat, log: &[crate::engine::Event]) {
        self.offers.recall(me, log);
    }
}

/// The cards it is saving for: the component-wise largest cost of what it could build next.
fn wanted(view: &PlayerView<'_>, seen: &Seen, me: Seat) -> Hand {
    let costs = view.config().costs;
    let (roads, settlements, cities) = view.player(me).pieces_left;
    let spots = seen.settlement_spots(me) != 0;
    let mut targets = Vec::with_capacity(4);
    if cities > 0 && seen.settlements[me.index()] != 0 {
        targets.push(costs.city);
    }
    if settlements > 0 && spots {
        targets.push(costs.settlement);
    }
    if settlements > 0 && !spots && roads > 0 {
        targets.push(costs.road);
        targets.push(costs.settlement);
    }
    // R44: a city to wall (no castle is left without the module).
    let walls = seen.cities[me.index()] & !seen.castles[me.index()];
    if view.player(me).castles_left > 0 && walls != 0 {
        targets.push(costs.castle);
    }
    if targets.is_empty() && view.deck_len() > 0 {
        targets.push(costs.development);
    }
    let mut want = Hand::EMPTY;
    for t in targets {
        for r in Resource::ALL {
            want[r] = want[r].max(t[r]);
        }
    }
    want
}

/// How good a corner is to settle: its dots, 2 for each resource the seat doesn't produce yet,
/// 1 for a harbor. With the dragon (R43), gold hexes count for nothing: the gold they give
/// feeds the attacks on the leader, and a beginner's buildings are what it knocks down.
fn spot_value(c: &Ctx, v: Vertex) -> f64 {
    let mut new = c.seen.vertex_resources(v) & !c.seen.seat_resources(c.me);
    let mut pips = c.seen.vertex_pips(v);
    if c.view.config().modules.has(Module::Dragon) {
        new &= !(1 << Resource::Gold as u8);
        pips -= super::gold_hexes(&c.view, v).map(|h| c.seen.hex_pips(h)).sum::<u32>();
    }
    let harbor = c.view.board().harbor_at(v).is_some();
    f64::from(pips) + 2.0 * f64::from(new.count_ones()) + f64::from(harbor as u8)
}

/// How useful a road is: the best open corner it reaches (its far end), or the best one a
/// step beyond, at half value; 1 otherwise (it still lengthens the road).
fn road_value(c: &Ctx, e: crate::engine::Edge) -> f64 {
    let topo = c.seen.topo;
    let reached = c.seen.buildings(c.me) | c.seen.road_vertices(c.me);
    let blocked = c.seen.blocked();
    let mut best: f64 = 1.0;
    for u in topo.edge_vertices(e) {
        if reached & u.bit() != 0 {
            continue;
        }
        if blocked & u.bit() == 0 {
            best = best.max(10.0 + spot_value(c, u));
        }
        for &w in topo.vertex_neighbors(u) {
            if blocked & w.bit() == 0 && reached & w.bit() == 0 {
                best = best.max(4.0 + 0.5 * spot_value(c, w));
            }
        }
    }
    best
}

/// True when the robber stands on a hex beside one of the seat's buildings.
fn robber_on_me(c: &Ctx) -> bool {
    let robber = c.view.board().robber();
    c.seen.topo.hex_vertex_set(robber).bits() & c.seen.buildings(c.me) != 0
}

/// How good a robber move is: the production it blocks from each opponent and the steal, each
/// counted by how close that opponent is to winning ([`threat::robber_score`]); far below zero
/// on its own hexes.
fn robber_value(c: &Ctx, threats: &Threats, a: Action) -> f64 {
    let Action::MoveRobber { hex, .. } = a else { return 0.0 };
    if c.seen.topo.hex_vertex_set(hex).bits() & c.seen.buildings(c.me) != 0 {
        return -10.0 - f64::from(c.seen.hex_pips(hex));
    }
    threat::robber_score(&c.view, &c.seen, threats, a)
}

/// The year of plenty that leaves the fewest cards missing for what it saves for.
fn best_year_of_plenty(c: &Ctx) -> Option<Action> {
    if c.view.dev_cards()[DevCard::YearOfPlenty] == 0 {
        return None;
    }
    let missing = |h: Hand| -> u32 { Resource::ALL.iter().map(|&r| u32::from(c.wanted[r].saturating_sub(h[r]))).sum() };
    Resource::ALL
        .iter()
        .flat_map(|&a| Resource::ALL.iter().map(move |&b| Action::PlayYearOfPlenty(a, Some(b))))
        .min_by_key(|&a| {
            let Action::PlayYearOfPlenty(x, Some(y)) = a else { return u32::MAX };
            let mut h = c.hand;
            h[x] += 1;
            h[y] += 1;
            missing(h)
        })
}

/// The resource to monopolize: the one it lacks that opponents produce most.
fn best_monopoly(c: &Ctx) -> Option<Resource> {
    let robber = Some(c.view.board().robber());
    let mut produced = [0.0; 5];
    for s in c.view.seats().filter(|&s| s != c.me) {
        for (p, x) in produced.iter_mut().zip(c.seen.seat_production(s, robber)) {
            *p += x;
        }
    }
    Resource::ALL
        .into_iter()
        .filter(|&r| c.hand[r] < c.wanted[r])
        .max_by(|&a, &b| produced[a as usize].total_cmp(&produced[b as usize]))
}
