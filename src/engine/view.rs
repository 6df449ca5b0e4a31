//! What one seat may know (H1, H2, R29): everything public, and only its own hand and cards.
//!
//! Outside the engine, a [`PlayerView`] is the only way to read a hand, development cards (held
//! or bought this turn), points from hidden victory point cards, or anything about the deck but
//! its length: the [`Game`] methods that reveal them are private to the engine. A view borrows
//! the game, so making one per frame or per bot decision costs nothing. Code that legitimately
//! shows every hand (the game-over screen, a replay, a test of conservation) asks each seat's
//! view in turn, which says so where it happens.
//!
//! ```
//! use catan::engine::{Config, Game, Seat};
//!
//! let game = Game::new(Config::default(), 1).unwrap();
//! let me = game.view(Seat(0));
//! let (own, bob) = (me.hand(), me.player(Seat(1)).resource_cards);
//! # assert_eq!((own.total(), bob), (0, 0));
//! ```
//! Another seat's hand is not to be had from the game itself:
//! ```compile_fail,E0624
//! # use catan::engine::{Config, Game, Seat};
//! let game = Game::new(Config::default(), 1).unwrap();
//! let peek = game.hand(Seat(1));
//! ```

use serde::Serialize;

use super::action::{Action, Event, RuleError, Seat, UnitKind};
use super::board::Board;
use super::cards::{DevHand, Hand, Resource};
use super::config::Config;
use super::coords::{Edge, Hex, SeaHex, Vertex};
use super::game::{Game, Phase};
use super::map::Topology;
use super::sets::{IntersectionSet, PathSet};
use super::sink::ActionSink;

/// The public side of one player: what everyone at the table sees (H2, R29).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicPlayer {
    pub seat: Seat,
    /// Points from buildings and awards; hidden victory point cards are not counted.
    pub points: u8,
    pub resource_cards: u32,
    /// Unplayed development cards, those bought this turn included.
    pub dev_cards: u32,
    /// Development cards bought this turn (only the player whose turn it is has any): how many
    /// is public, which ones is not.
    pub bought_this_turn: u32,
    pub knights: u8,
    pub road_length: u8,
    pub longest_road: bool,
    pub largest_army: bool,
    /// Holds Largest Metropolis (R49).
    pub metropolis: bool,
    /// Holds Harbor Master (R50).
    pub harbor_master: bool,
    /// Roads, settlements and cities still in supply.
    pub pieces_left: (u32, u32, u32),
    /// R44: castles built (each also a city of [`PlayerView::city_set`]).
    pub castles: u32,
    /// R44: castles still in supply (0 without the module).
    pub castles_left: u32,
}

/// The game as one seat may see it, borrowed from the game: see the module documentation.
#[derive(Clone, Copy, Debug)]
pub struct PlayerView<'a> {
    game: &'a Game,
    seat: Seat,
    /// `seat` must act now: worked out once, as the view is made (bots ask it every move).
    acting: bool,
}

/// A [`PlayerView`] copied out as plain data: two games that differ only in what the seat
/// cannot see give equal snapshots (the tests of H1 and H2 compare them).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ViewSnapshot {
    pub seat: Seat,
    pub config: Config,
    pub board: Board,
    pub phase: Phase,
    pub to_act: Seat,
    pub current_player: Seat,
    pub first_player: Seat,
    pub turn_number: u32,
    /// R46: the round in progress, with rotating first player.
    pub round: Option<u32>,
    /// R47: cards left in the dice stack, which are public (their order is not).
    pub dice_stack_left: Option<u32>,
    pub has_rolled: bool,
    pub dev_card_played: bool,
    pub dice: Option<[u8; 2]>,
    pub players: Vec<PublicPlayer>,
    /// Per player: settlements, cities (castles included) and roads.
    pub pieces: Vec<(Vec<Vertex>, Vec<Vertex>, Vec<Edge>)>,
    /// Per player: castles (R44).
    pub castles: Vec<Vec<Vertex>>,
    /// Per player: knight units on land (R52), with the actions each has used this turn.
    pub units: Vec<Vec<(u8, UnitKind, Hex, u8)>>,
    /// Per player: knight units aboard cargo ships (R53), by the ship's slot.
    pub aboard: Vec<Vec<(u8, UnitKind, u8)>>,
    /// Per player: ships (R53), with the actions each has used this turn.
    pub ships: Vec<Vec<(u8, UnitKind, SeaHex, u8)>>,
    /// R54: the holder of Largest Navy.
    pub largest_navy: Option<Seat>,
    pub bank: Hand,
    pub deck_len: usize,
    /// The development cards this seat has not seen: the deck and the other players' hands.
    pub unseen_dev_cards: DevHand,
    /// This seat's resource cards.
    pub hand: Hand,
    /// This seat's development cards.
    pub dev_cards: DevHand,
    /// Of those, the ones bought this turn.
    pub bought_this_turn: DevHand,
    /// This seat's points, its hidden victory point cards included.
    pub victory_points: u8,
}

impl Game {
    /// The game as `seat` may see it: other hands only as counts.
    #[inline]
    pub fn view(&self, seat: Seat) -> PlayerView<'_> {
        PlayerView { game: self, seat, acting: self.to_act() == seat }
    }

    /// The view of the player who must act now ([`Game::to_act`]): what a bot receives.
    #[inline]
    pub fn acting_view(&self) -> PlayerView<'_> {
        PlayerView { game: self, seat: self.to_act(), acting: true }
    }

    /// The public side of one player.
    pub fn public_player(&self, s: Seat) -> PublicPlayer {
        let p = &self.players[s.index()];
        let bought = if s == self.turn.seat { self.turn.bought.total() } else { 0 };
        PublicPlayer {
            seat: s,
            points: self.public_points(s),
            resource_cards: p.hand.total(),
            dev_cards: p.dev.total(),
            bought_this_turn: bought,
            knights: self.knights_played(s),
            road_length: self.road_length(s),
            longest_road: self.longest_road() == Some(s),
            largest_army: self.largest_army() == Some(s),
            metropolis: self.house.metropolis == Some(s),
            harbor_master: self.house.harbor_master == Some(s),
            pieces_left: self.pieces_left(s),
            castles: p.castles.len(),
            castles_left: self.castles_left(s),
        }
    }

    /// The events of a list that `seat` may see as they are; the others it sees only
    /// through [`Event::describe`].
    pub fn events_for(events: &[Event], seat: Seat) -> impl Iterator<Item = &Event> {
        events.iter().filter(move |e| e.visible_to(seat))
    }
}

impl<'a> PlayerView<'a> {
    /// The seat this view belongs to.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    // What everyone may see.

    /// The rules of the game.
    pub fn config(&self) -> &'a Config {
        self.game.config()
    }
    /// All seats in seat order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        self.game.seats()
    }
    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.game.num_players()
    }
    /// The island, with the robber.
    pub fn board(&self) -> &'a Board {
        self.game.board()
    }
    /// The island's geometry.
    pub fn topology(&self) -> &'static Topology {
        self.game.topology()
    }
    /// What the game waits for.
    pub fn phase(&self) -> Phase {
        self.game.phase()
    }
    /// The player who must act now.
    pub fn to_act(&self) -> Seat {
        self.game.to_act()
    }
    /// True when this seat must act now.
    pub fn is_to_act(&self) -> bool {
        self.acting
    }
    /// Whose turn it is.
    pub fn current_player(&self) -> Seat {
        self.game.current_player()
    }
    /// The player who started the game.
    pub fn first_player(&self) -> Seat {
        self.game.first_player()
    }
    /// Turn number (0 during set-up).
    pub fn turn_number(&self) -> u32 {
        self.game.turn_number()
    }
    /// R46: the round in progress, from 0, with rotating first player.
    pub fn round(&self) -> Option<u32> {
        self.game.round()
    }
    /// R47: how many cards are left in the dice stack before it is shuffled again; never
    /// their order.
    pub fn dice_stack_left(&self) -> Option<u32> {
        self.game.dice_stack().map(|d| d.left())
    }
    /// True once this turn's dice are rolled.
    pub fn has_rolled(&self) -> bool {
        self.game.has_rolled()
    }
    /// True once a development card was played this turn.
    pub fn dev_card_played(&self) -> bool {
        self.game.dev_card_played()
    }
    /// The dice of this turn's roll.
    pub fn dice(&self) -> Option<[u8; 2]> {
        self.game.dice()
    }
    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Seat> {
        self.game.winner()
    }
    /// The bank's cards.
    pub fn bank(&self) -> Hand {
        self.game.bank()
    }
    /// Development cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.game.deck_len()
    }
    /// The public side of a player.
    pub fn player(&self, s: Seat) -> PublicPlayer {
        self.game.public_player(s)
    }
    /// Intersections with a settlement of `s` (public, and free to ask).
    pub fn settlement_set(&self, s: Seat) -> IntersectionSet {
        self.game.players[s.index()].settlements
    }
    /// Intersections with a city or castle of `s` (a castle is a city with
    /// walls, R44).
    pub fn city_set(&self, s: Seat) -> IntersectionSet {
        self.game.players[s.index()].cities
    }
    /// Intersections with a castle of `s` (R44).
    pub fn castle_set(&self, s: Seat) -> IntersectionSet {
        self.game.players[s.index()].castles
    }
    /// Paths with a road of `s`.
    pub fn road_set(&self, s: Seat) -> PathSet {
        self.game.players[s.index()].roads
    }
    /// R52: the knight units of `s` on the board (units are public): slot, kind and hex.
    pub fn knight_units(&self, s: Seat) -> impl Iterator<Item = (u8, UnitKind, Hex)> + 'a {
        self.game.knight_units(s)
    }
    /// R52: how many knight units `s` has on the board (Largest Army's count).
    pub fn knight_count(&self, s: Seat) -> u8 {
        self.game.knight_count(s)
    }
    /// R52: actions the unit in slot `slot` of `s` has used this turn (0 to 2; public, as a
    /// unit laid on its side).
    pub fn unit_actions_used(&self, s: Seat, slot: u8) -> u8 {
        self.game.unit_actions_used(s, slot)
    }
    /// R53: the knight units of `s` aboard their cargo ships: slot, kind and the ship's slot.
    pub fn knights_aboard(&self, s: Seat) -> impl Iterator<Item = (u8, UnitKind, u8)> + 'a {
        self.game.knights_aboard(s)
    }
    /// R53: the ships of `s` on the board (public): slot, kind and sea hex.
    pub fn ship_units(&self, s: Seat) -> impl Iterator<Item = (u8, UnitKind, SeaHex)> + 'a {
        self.game.ship_units(s)
    }
    /// R54: how many ships `s` has on the board (Largest Navy's count).
    pub fn ship_count(&self, s: Seat) -> u8 {
        self.game.ship_count(s)
    }
    /// R53: actions the ship in slot `slot` of `s` has used this turn (0 to 2).
    pub fn ship_actions_used(&self, s: Seat, slot: u8) -> u8 {
        self.game.ship_actions_used(s, slot)
    }
    /// R54: the holder of Largest Navy.
    pub fn largest_navy(&self) -> Option<Seat> {
        self.game.largest_navy()
    }
    /// R52: units built this turn by the player whose turn it is.
    pub fn units_built_this_turn(&self) -> u8 {
        self.game.units_built_this_turn()
    }
    /// The public side of every player, in seat order.
    pub fn players(&self) -> impl Iterator<Item = PublicPlayer> + '_ {
        self.seats().map(|s| self.player(s))
    }
    /// The best rate at which this seat gives `r` to the bank (harbors are public).
    pub fn maritime_rate(&self, r: Resource) -> u8 {
        self.game.maritime_rate(self.seat, r)
    }
    /// The development cards this seat has not seen: the deck and the other players' unplayed
    /// cards, together. Public knowledge: every card is in the deck, in a hand or played in the
    /// open (victory point cards are never played), so this is the whole deck less the seat's
    /// own cards and the cards played, though it is counted here from where the cards are.
    pub fn unseen_dev_cards(&self) -> DevHand {
        let mut unseen = self.game.deck.counts();
        for s in self.seats().filter(|&s| s != self.seat) {
            let held = self.game.players[s.index()].dev;
            for (u, h) in unseen.0.iter_mut().zip(held.0) {
                *u += h;
            }
        }
        unseen
    }

    // What only this seat may see.

    /// This seat's resource cards.
    pub fn hand(&self) -> Hand {
        self.game.hand(self.seat)
    }
    /// This seat's unplayed development cards (victory points and cards bought this turn
    /// included).
    pub fn dev_cards(&self) -> DevHand {
        self.game.dev_cards(self.seat)
    }
    /// The development cards this seat bought this turn (none outside its own turn).
    pub fn bought_this_turn(&self) -> DevHand {
        if self.seat == self.game.turn.seat { self.game.bought_this_turn() } else { DevHand::default() }
    }
    /// This seat's points, its hidden victory point cards included (R37).
    pub fn victory_points(&self) -> u8 {
        self.game.victory_points(self.seat)
    }

    // Acting.

    /// This seat's legal actions (see [`Game::legal_actions`]): none unless it must act now.
    /// They reveal nothing hidden: they follow from the seat's own cards and public facts (a
    /// trade partner's acceptance was checked against their hand when they gave it).
    #[inline(always)]
    pub fn legal_actions_into(&self, out: &mut impl ActionSink) {
        if self.acting {
            out.fill(self.game, self.seat);
        } else {
            out.clear();
        }
    }
    /// [`PlayerView::legal_actions_into`] into a new `Vec`.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }
    /// Whether this seat may take `action` now, or why not (see [`Game::check`]). A seat that
    /// is not to act is refused before anything is checked, so no one probes another's hand.
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        if !self.is_to_act() {
            return Err(RuleError::NotNow("another player must act"));
        }
        self.game.check(action)
    }

    /// The view copied out as plain data.
    pub fn snapshot(&self) -> ViewSnapshot {
        let g = self.game;
        ViewSnapshot {
            seat: self.seat,
            config: *g.config(),
            board: *g.board(),
            phase: g.phase(),
            to_act: g.to_act(),
            current_player: g.current_player(),
            first_player: g.first_player(),
            turn_number: g.turn_number(),
            round: g.round(),
            dice_stack_left: self.dice_stack_left(),
            has_rolled: g.has_rolled(),
            dev_card_played: g.dev_card_played(),
            dice: g.dice(),
            players: self.players().collect(),
            pieces: self
                .seats()
                .map(|s| (g.settlements(s).collect(), g.cities(s).collect(), g.roads(s).collect()))
                .collect(),
            castles: self.seats().map(|s| g.castles(s).collect()).collect(),
            units: self
                .seats()
                .map(|s| g.knight_units(s).map(|(i, k, h)| (i, k, h, g.unit_actions_used(s, i))).collect())
                .collect(),
            aboard: self.seats().map(|s| g.knights_aboard(s).collect()).collect(),
            ships: self
                .seats()
                .map(|s| g.ship_units(s).map(|(i, k, x)| (i, k, x, g.ship_actions_used(s, i))).collect())
                .collect(),
            largest_navy: g.largest_navy(),
            bank: g.bank(),
            deck_len: g.deck_len(),
            unseen_dev_cards: self.unseen_dev_cards(),
            hand: self.hand(),
            dev_cards: self.dev_cards(),
            bought_this_turn: self.bought_this_turn(),
            victory_points: self.victory_points(),
        }
    }

    /// The game, for [`PlayerView::determinize`] (in its own file).
    pub(super) fn game(&self) -> &'a Game {
        self.game
    }
}
