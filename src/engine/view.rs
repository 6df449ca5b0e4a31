//! What one seat may see (H1, H2): everything public, and only its own hand and cards.

use serde::Serialize;

use super::action::{Event, Seat};
use super::board::Board;
use super::cards::{DevHand, Hand};
use super::game::{Game, Phase};

/// The public side of one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicPlayer {
    pub seat: Seat,
    /// Points from buildings and awards; hidden victory point cards are not counted.
    pub points: u8,
    pub resource_cards: u32,
    pub dev_cards: u32,
    pub knights: u8,
    pub road_length: u8,
    pub longest_road: bool,
    pub largest_army: bool,
    /// Roads, settlements and cities still in supply.
    pub pieces_left: (u32, u32, u32),
}

/// The game as one seat may see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub seat: Seat,
    pub board: Board,
    pub phase: Phase,
    pub to_act: Seat,
    pub current_player: Seat,
    pub players: Vec<PublicPlayer>,
    /// This seat's resource cards.
    pub hand: Hand,
    /// This seat's development cards.
    pub dev_cards: DevHand,
    /// This seat's points, its hidden victory point cards included.
    pub own_points: u8,
    pub bank: Hand,
    pub deck_len: usize,
    pub dice: Option<[u8; 2]>,
}

impl Game {
    /// The public side of one player.
    pub fn public_player(&self, s: Seat) -> PublicPlayer {
        PublicPlayer {
            seat: s,
            points: self.public_points(s),
            resource_cards: self.hand(s).total(),
            dev_cards: self.dev_cards(s).total(),
            knights: self.knights_played(s),
            road_length: self.road_length(s),
            longest_road: self.longest_road() == Some(s),
            largest_army: self.largest_army() == Some(s),
            pieces_left: self.pieces_left(s),
        }
    }

    /// The game as `seat` may see it: other hands only as counts.
    pub fn view(&self, seat: Seat) -> View {
        View {
            seat,
            board: *self.board(),
            phase: self.phase(),
            to_act: self.to_act(),
            current_player: self.current_player(),
            players: self.seats().map(|s| self.public_player(s)).collect(),
            hand: self.hand(seat),
            dev_cards: self.dev_cards(seat),
            own_points: self.victory_points(seat),
            bank: self.bank(),
            deck_len: self.deck_len(),
            dice: self.dice(),
        }
    }

    /// The events of a list that `seat` may see as they are; the others it sees only
    /// through [`Event::describe`].
    pub fn events_for(events: &[Event], seat: Seat) -> impl Iterator<Item = &Event> {
        events.iter().filter(move |e| e.visible_to(seat))
    }
}
