//! The engine's vocabulary in words, once for every screen, one function a purpose, each a
//! match over the whole enum with no catch-all arm, so that a new action or event does not
//! compile until it has its words:
//! - [`Event::describe`]: the log's line for each event, as a seat may see it (H1, H2: a card
//!   discarded, stolen or bought is named only to those who may see it);
//! - [`Action::describe`]: what the player who acts does, after their name (the replay, a list
//!   of choices);
//! - [`Action::taken_back`]: the action as a thing undone ("took back the settlement").

use super::{Action, Answer, DevCard, Event, FightResult, Seat, Target};

impl Event {
    /// A text for the log as `viewer` may see it (`None`: as anyone may see it).
    pub fn describe(&self, names: &dyn Fn(Seat) -> String, viewer: Option<Seat>) -> String {
        let n = names;
        let shown = viewer.is_some_and(|v| self.visible_to(v));
        match *self {
            Event::StartingRoll { seat, dice } => format!("{} rolls {} for the start", n(seat), dice[0] + dice[1]),
            Event::FirstPlayer { seat } => format!("{} starts", n(seat)),
            Event::Built { seat, piece, .. } => format!("{} builds {}", n(seat), a_or_an(&piece.to_string())),
            Event::SetupResources { seat, cards } => format!("{} takes {cards}", n(seat)),
            Event::TurnStarted { seat, number } => format!("— turn {number}: {} —", n(seat)),
            Event::SpecialBuilding { seat } => format!("{} may build (special building phase)", n(seat)),
            Event::SecondOfPair { seat, first } => format!("{} plays the second part of {}'s turn", n(seat), n(first)),
            Event::DiceRolled { seat, dice } => {
                format!("{} rolls {} ({}+{})", n(seat), dice[0] + dice[1], dice[0], dice[1])
            }
            Event::QuietSeven { .. } => "a 7 in the attack phase: no robber, no discards".to_string(),
            Event::Produced { seat, cards } => format!("{} gets {cards}", n(seat)),
            Event::Shortage { resource } => format!("the bank is short of {resource}: none paid"),
            Event::MustDiscard { seat, count } => format!("{} must discard {count}", n(seat)),
            Event::Discarded { seat, resource } if shown => format!("{} discards 1 {resource}", n(seat)),
            Event::Discarded { seat, .. } => format!("{} discards a card", n(seat)),
            Event::RobberMoved { seat, .. } => format!("{} moves the robber", n(seat)),
            Event::Stole { thief, victim, resource } if shown => {
                format!("{} steals 1 {resource} from {}", n(thief), n(victim))
            }
            Event::Stole { thief, victim, .. } => format!("{} steals a card from {}", n(thief), n(victim)),
            Event::BoughtDevCard { seat, card } if shown => format!("{} buys a development card: {card}", n(seat)),
            Event::BoughtDevCard { seat, .. } => format!("{} buys a development card", n(seat)),
            Event::PlayedDevCard { seat, card } => format!("{} plays {card}", n(seat)),
            Event::TookFromBank { seat, cards } => format!("{} takes {cards} from the bank", n(seat)),
            Event::Monopolized { seat, from, resource, count } => {
                format!("{} takes {count} {resource} from {}", n(seat), n(from))
            }
            Event::MaritimeTraded { seat, gave, got } => format!("{} trades {gave} to the bank for {got}", n(seat)),
            Event::TradeOffered { seat, give, get, .. } => format!("{} offers {give} for {get}", n(seat)),
            Event::TradeAnswered { seat, answer } => match answer {
                Answer::Accept => format!("{} accepts", n(seat)),
                Answer::Counter { give, get } => format!("{} counters: wants {give} for {get}", n(seat)),
                _ => format!("{} declines", n(seat)),
            },
            Event::Traded { seat, partner, gave, got } => {
                format!("{} trades {gave} to {} for {got}", n(seat), n(partner))
            }
            Event::TradeCancelled { seat } => format!("{} withdraws the offer", n(seat)),
            Event::TradeDeclined { seat } => format!("everyone declined {}'s offer: it is closed", n(seat)),
            Event::TradeFellThrough { seat, partner } => {
                format!("{}'s trade with {} falls through: the offer is closed", n(seat), n(partner))
            }
            Event::LongestRoad { holder: Some(s), length } => format!("{} takes Longest Road ({length})", n(s)),
            Event::LongestRoad { holder: None, .. } => "Longest Road is set aside".to_string(),
            Event::HouseAward { award, holder: Some(s), points } => {
                format!("{} takes {} ({points})", n(s), award.name())
            }
            Event::HouseAward { award, holder: None, .. } => format!("{} is set aside", award.name()),
            Event::LargestArmy { holder, knights } => format!("{} takes Largest Army ({knights})", n(holder)),
            Event::DragonRoll { seat, die } => format!("{} rolls {die} against the dragon's choice", n(seat)),
            Event::DragonAttacked { seat, at: None, .. } => {
                format!("the dragon attacks {}, who has no building to lose", n(seat))
            }
            Event::DragonAttacked { seat, was, now: None, .. } => {
                format!("the dragon attacks {}: a {was} is destroyed", n(seat))
            }
            Event::DragonAttacked { seat, was, now: Some(now), .. } => {
                format!("the dragon attacks {}: a {was} becomes a {now}", n(seat))
            }
            Event::UnitBuilt { seat, kind, .. } => format!("{} builds {}", n(seat), a_or_an(&kind.to_string())),
            Event::UnitMoved { seat, kind, .. } => format!("{} moves a {kind}", n(seat)),
            Event::Boarded { seat, .. } => format!("{}'s knight boards a cargo ship", n(seat)),
            Event::DragonFought { seat, die, dragon, .. } if die > dragon => {
                format!("{}'s knight fights the dragon off ({die} against {dragon})", n(seat))
            }
            Event::DragonFought { seat, die, dragon, .. } => {
                format!("{}'s knight loses to the dragon ({die} against {dragon})", n(seat))
            }
            Event::Colonist { seat, .. } => format!("{} settles a new island: a Colonist point", n(seat)),
            Event::Fought { seat, kind, defender, dice, plus, result, .. } => {
                let roll = |i: usize| match plus[i] {
                    0 => format!("{}", dice[i]),
                    p => format!("{}+{p}", dice[i]),
                };
                let what = match result {
                    FightResult::Held => format!("{} holds", n(defender)),
                    FightResult::Removed { kind, aboard: 0 } => format!("{}'s {kind} is lost", n(defender)),
                    FightResult::Removed { kind, aboard } => {
                        format!("{}'s {kind} sinks with {aboard} knight(s) aboard", n(defender))
                    }
                    FightResult::Captured(piece) => format!("{} takes {}'s {piece}", n(seat), n(defender)),
                    FightResult::Destroyed(piece) => format!("{}'s {piece} is destroyed", n(defender)),
                };
                format!("{}'s {kind} attacks {} ({} against {}): {what}", n(seat), n(defender), roll(0), roll(1))
            }
            Event::Won { seat, points } => format!("{} wins with {points} points!", n(seat)),
        }
    }
}

impl Action {
    /// What the player who acts does, in words after their name ("builds a settlement",
    /// "trades with Bob"), `names` naming the other seats. The card a discard gives up is
    /// named only when `shown` (the discarding player's own screen, a finished game's replay).
    /// Places are left to the reader, who names them its own way ("moves the robber" + " to
    /// the 6 hills").
    pub fn describe(&self, names: &dyn Fn(Seat) -> String, shown: bool) -> String {
        let n = names;
        match *self {
            Action::BuildSettlement(_) => "builds a settlement".to_string(),
            Action::BuildCity(_) => "builds a city".to_string(),
            Action::BuildCastle(_) => "builds a castle".to_string(),
            Action::BuildRoad(_) => "builds a road".to_string(),
            Action::RollDice => "rolls the dice".to_string(),
            Action::Discard(r) if shown => format!("discards 1 {r}"),
            Action::Discard(_) => "discards a card".to_string(),
            Action::MoveRobber { .. } => "moves the robber".to_string(),
            Action::BuyDevCard => "buys a development card".to_string(),
            Action::PlayKnight => format!("plays {}", DevCard::Knight),
            Action::PlayRoadBuilding => format!("plays {}", DevCard::RoadBuilding),
            Action::PlayYearOfPlenty(..) => format!("plays {}", DevCard::YearOfPlenty),
            Action::PlayMonopoly(r) => format!("plays {} on {r}", DevCard::Monopoly),
            Action::MaritimeTrade { .. } => "trades with the bank".to_string(),
            Action::OfferTrade { .. } => "offers a trade".to_string(),
            Action::AcceptTrade => "accepts the offer".to_string(),
            Action::DeclineTrade => "declines the offer".to_string(),
            Action::CounterTrade { .. } => "counters the offer".to_string(),
            Action::ConfirmTrade(partner) => format!("trades with {}", n(partner)),
            Action::CancelTrade => "withdraws the offer".to_string(),
            Action::EndTurn => "ends the turn".to_string(),
            Action::TakeCard(r) => format!("takes 1 {r} for the 7"),
            Action::BuyWithGold(r) => format!("buys 1 {r} with gold"),
            Action::BuildKnight { kind, .. } | Action::BuildShip { kind, .. } => {
                format!("builds {}", a_or_an(kind.name()))
            }
            Action::MoveKnight { .. } => "moves a unit".to_string(),
            Action::SailShip { .. } => "sails a ship".to_string(),
            Action::BoardShip { .. } => "boards a knight on a cargo ship".to_string(),
            Action::Attack { target: Target::Unit { seat, .. }, .. } => format!("attacks {}'s unit", n(seat)),
            Action::Attack { target: Target::Building(_), .. } => "attacks a building".to_string(),
        }
    }

    /// The action as a thing taken back, for "took back the settlement". Every action has
    /// words, those that can't be taken back (a roll, H3) too.
    pub fn taken_back(&self) -> String {
        match *self {
            Action::BuildSettlement(_) => "the settlement".to_string(),
            Action::BuildCity(_) => "the city".to_string(),
            Action::BuildCastle(_) => "the castle".to_string(),
            Action::BuildRoad(_) => "the road".to_string(),
            Action::RollDice => "the roll".to_string(),
            Action::Discard(r) => format!("the discarded {r}"),
            Action::MoveRobber { .. } => "the robber's move".to_string(),
            Action::BuyDevCard => "the development card bought".to_string(),
            Action::PlayKnight => "the knight".to_string(),
            Action::PlayRoadBuilding => "the road building card".to_string(),
            Action::PlayYearOfPlenty(..) => "the year of plenty card".to_string(),
            Action::PlayMonopoly(_) => "the monopoly card".to_string(),
            Action::MaritimeTrade { .. } => "the trade with the bank".to_string(),
            Action::OfferTrade { .. } => "the offer".to_string(),
            Action::AcceptTrade => "the accept".to_string(),
            Action::DeclineTrade => "the decline".to_string(),
            Action::CounterTrade { .. } => "the counter-offer".to_string(),
            Action::ConfirmTrade(_) => "the trade".to_string(),
            Action::CancelTrade => "withdrawing the offer: it is open again".to_string(),
            Action::EndTurn => "the end of the turn".to_string(),
            Action::TakeCard(r) => format!("the {r} taken for the 7"),
            Action::BuyWithGold(r) => format!("the {r} bought with gold"),
            Action::BuildKnight { kind, .. } | Action::BuildShip { kind, .. } => format!("the {kind}"),
            Action::MoveKnight { .. } => "the knight unit's move".to_string(),
            Action::SailShip { .. } => "the ship's sailing".to_string(),
            Action::BoardShip { .. } => "the knight unit's boarding".to_string(),
            Action::Attack { .. } => "the attack".to_string(),
        }
    }
}

/// "a settlement", "an archer": the article a noun takes by its first letter.
pub fn a_or_an(noun: &str) -> String {
    let vowel = noun.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

#[cfg(test)]
mod tests {
    /// Issue 33: "Bob builds an archer", not "a archer".
    #[test]
    fn a_noun_takes_its_article() {
        assert_eq!(super::a_or_an("archer"), "an archer");
        assert_eq!(super::a_or_an("settlement"), "a settlement");
    }
}
