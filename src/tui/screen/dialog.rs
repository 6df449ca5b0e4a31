//! Dialog state: the trade composer (offers and counter-offers), the answer to an offer, the
//! choice among answers, the card picker (discards, year of plenty, monopoly; its state in
//! `picker.rs`), the robber's victim, the bank trade and the development card menu. What a
//! command does to them is in `flow/dialog_keys.rs`: a dialog never changes the game itself,
//! it hands back an [`Outcome`] for the app to apply, so the engine stays the only judge of
//! legality.

use crate::engine::{Action, Answer, DevCard, Game, Hand, Hex, Phase, Resource, Seat, SeatSet};
use crate::tui::screen::keymap::Mode;
pub use crate::tui::screen::picker::{PickFor, Picker, kinds, res};

/// What a command in a dialog leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing for the app to do.
    Stay,
    /// Close the dialog.
    Close,
    /// Play these actions in order (discards are one card per action).
    Act(Vec<Action>),
    /// Replace the dialog with another.
    Swap(Dialog),
    /// Back to choosing the robber's hex.
    RobberAgain,
    /// The unit choice's island step: its places marked on the island (R52, R53).
    Island(crate::tui::screen::unit_choice::UnitChoice),
    /// Say why not, and stay.
    Refuse(String),
    /// Say this (not a refusal), and stay.
    Note(String),
}

/// An open dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    Composer(Composer),
    /// Answering the open offer (the terms are in the game's phase).
    Answer,
    /// The player whose turn it is chooses a partner among the answers (H5): with several who
    /// agreed, none is chosen until the player names one (letter, arrows); with one, it is, but
    /// the first Enter on the fresh screen only asks for a second (H1a): a trade is final.
    Responses {
        /// The row of the partner chosen, if any.
        row: Option<usize>,
        /// A partner was named (letter, arrows) or Enter pressed once: Enter now trades.
        chosen: bool,
    },
    Picker(Picker),
    /// Whom the robber robs, among two or more (H5): no one until the player names one.
    Victim {
        hex: Hex,
        victims: Vec<Seat>,
        row: Option<usize>,
    },
    Maritime {
        give: usize,
        get: usize,
        on_get: bool,
    },
    /// The development card menu (H5): with two or more cards playable, none is chosen until
    /// the player names one (↑↓); with one, it is; with none, the cursor shows why on a card
    /// held (Enter only says why not).
    Cards {
        row: Option<usize>,
    },
    /// A unit to build or act with, then where (R52, R53).
    Units(crate::tui::screen::unit_choice::UnitChoice),
}

/// A trade being composed, always seen from the composing player's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Composer {
    /// What the composing player gives and gets.
    pub give: Hand,
    pub get: Hand,
    /// Players asked (offers only).
    pub to: SeatSet,
    /// Rows 0..k are the kinds of card (`kinds`: gold too with R42); then one row per other
    /// player (offers only).
    pub row: usize,
    /// Editing the "get" column.
    pub on_get: bool,
    /// A counter-offer to the open offer rather than a new offer.
    pub counter: bool,
}

/// The seats other than `me`, in seat order.
pub fn others(game: &Game, me: Seat) -> Vec<Seat> {
    game.seats().filter(|&s| s != me).collect()
}

impl Composer {
    /// A new offer, asking everyone.
    pub fn offer(game: &Game) -> Composer {
        let me = game.to_act();
        let to = SeatSet::all(game.num_players()).without(me);
        Composer { give: Hand::EMPTY, get: Hand::EMPTY, to, row: 0, on_get: false, counter: false }
    }

    /// A counter-offer starting from the open offer's terms, seen from the answering side.
    pub fn counter(game: &Game) -> Composer {
        let (give, get) = match game.phase() {
            Phase::Trade { give, get, .. } => (get, give),
            _ => (Hand::EMPTY, Hand::EMPTY),
        };
        Composer { give, get, to: SeatSet::default(), row: 0, on_get: false, counter: true }
    }

    /// The engine action these terms make.
    pub fn action(&self) -> Action {
        if self.counter {
            // The engine sees a counter from the side of the player whose turn it is.
            Action::CounterTrade { give: self.get, get: self.give }
        } else {
            Action::OfferTrade { give: self.give, get: self.get, to: self.to }
        }
    }

    /// The composer's rows: the kinds of card, then (offers only) the other players.
    pub fn rows(&self, game: &Game) -> usize {
        let k = kinds(game).len();
        if self.counter { k } else { k + game.num_players() - 1 }
    }
}

/// The answers to the open offer, for the seats asked.
pub fn answers(game: &Game) -> Vec<(Seat, Answer)> {
    match game.phase() {
        Phase::Trade { answers, .. } => {
            game.seats().map(|s| (s, answers[s.index()])).filter(|(_, a)| *a != Answer::NotAsked).collect()
        }
        _ => Vec::new(),
    }
}

/// The rows of [`answers`] of the players who accepted or countered: those the offerer may
/// trade with.
pub(in crate::tui) fn agreed_rows(game: &Game) -> Vec<usize> {
    let list = answers(game);
    (0..list.len()).filter(|&i| matches!(list[i].1, Answer::Accept | Answer::Counter { .. })).collect()
}

/// The development cards in menu order.
pub const CARD_ROWS: [DevCard; 5] =
    [DevCard::Knight, DevCard::RoadBuilding, DevCard::YearOfPlenty, DevCard::Monopoly, DevCard::VictoryPoint];

/// Whether a card can be played now, or the engine's reason why not.
pub fn card_playable(game: &Game, legal: &[Action], card: DevCard) -> Result<(), String> {
    let playable = legal.iter().any(|a| match card {
        DevCard::Knight => *a == Action::PlayKnight,
        DevCard::RoadBuilding => *a == Action::PlayRoadBuilding,
        DevCard::YearOfPlenty => matches!(a, Action::PlayYearOfPlenty(..)),
        DevCard::Monopoly => matches!(a, Action::PlayMonopoly(_)),
        DevCard::VictoryPoint => false,
    });
    if playable {
        return Ok(());
    }
    let probe = match card {
        DevCard::Knight => Action::PlayKnight,
        DevCard::RoadBuilding => Action::PlayRoadBuilding,
        DevCard::YearOfPlenty => Action::PlayYearOfPlenty(Resource::Brick, Some(Resource::Lumber)),
        DevCard::Monopoly => Action::PlayMonopoly(Resource::Brick),
        DevCard::VictoryPoint => return Err("victory point cards count by themselves; they are never played".into()),
    };
    Err(game.check(probe).err().map_or("not now".to_string(), |e| e.to_string()))
}

impl Dialog {
    /// The answers to an offer: the cursor on the one player who accepted or countered, if
    /// only one did; with several, on no one (H5).
    pub fn responses(game: &Game) -> Dialog {
        let agreed = agreed_rows(game);
        Dialog::Responses { row: if agreed.len() == 1 { Some(agreed[0]) } else { None }, chosen: false }
    }

    /// The development cards (H5): playing one can't be taken back, so among two or more
    /// playable cards none is chosen for the player. The one playable card is chosen (a single
    /// option, Enter plays it); with none playable the cursor is on a card held, whose row says
    /// why it can't be played (Enter plays nothing).
    pub fn cards(game: &Game, legal: &[Action]) -> Dialog {
        let held = game.view(game.to_act()).dev_cards();
        let playable: Vec<usize> =
            (0..CARD_ROWS.len()).filter(|&i| card_playable(game, legal, CARD_ROWS[i]).is_ok()).collect();
        let row = match playable[..] {
            [only] => Some(only),
            [] => CARD_ROWS.iter().position(|&c| held[c] > 0).or(Some(0)),
            _ => None,
        };
        Dialog::Cards { row }
    }

    /// A trade with the bank, on the best trade the player has: the resource given at the
    /// lowest rate they can pay (the most held among equals), for the one they hold fewest of
    /// that the bank still has. With gold (R42), the last row of what is given is 2 gold.
    pub fn maritime(game: &Game) -> Dialog {
        let me = game.to_act();
        let hand = game.view(me).hand();
        let all = Resource::ALL;
        let gold = game.is_legal(Action::BuyWithGold(Resource::Brick)) as usize * 5;
        let give = (0..5)
            .filter(|&i| hand[all[i]] >= game.maritime_rate(me, all[i]))
            .min_by_key(|&i| (game.maritime_rate(me, all[i]), u8::MAX - hand[all[i]]))
            .unwrap_or(gold);
        let get = (0..5)
            .filter(|&i| i != give && game.bank()[all[i]] > 0)
            .min_by_key(|&i| hand[all[i]])
            .unwrap_or((give + 1) % 5);
        Dialog::Maritime { give, get, on_get: false }
    }

    /// The keymap mode of this dialog.
    pub fn mode(&self) -> Mode {
        match self {
            Dialog::Composer(_) => Mode::Composer,
            Dialog::Answer => Mode::Answer,
            Dialog::Responses { .. } => Mode::Responses,
            Dialog::Picker(_) => Mode::Picker,
            Dialog::Victim { .. } => Mode::Victim,
            Dialog::Maritime { .. } => Mode::Maritime,
            Dialog::Cards { .. } => Mode::Cards,
            Dialog::Units(_) => Mode::Units,
        }
    }
}

/// The bank trade of the maritime dialog's rows: `rate` cards of a resource, or 2 gold (R42).
pub fn maritime_action(game: &Game, give: usize, get: usize) -> Action {
    let (g, r) = (res(give), res(get));
    if g.is_gold() {
        Action::BuyWithGold(r)
    } else {
        Action::MaritimeTrade { give: g, get: r, rate: game.maritime_rate(game.to_act(), g) }
    }
}
