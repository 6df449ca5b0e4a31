//! What line mode says: each event as a sentence (a roll and what it paid in one line, places
//! by their numbers), the moment a person must decide in a line, and the help.

use crate::engine::{Event, Phase, PlayerView, Seat};

use super::words::name;

/// The moment, in a line: whose move and what it is about.
pub fn situation(view: &PlayerView<'_>, names: &[String]) -> String {
    let hand = view.hand();
    match view.phase() {
        Phase::Setup { settlement: None, .. } => "Set-up: place a settlement.".into(),
        Phase::Setup { .. } => "Set-up: place a road beside it.".into(),
        Phase::Roll => format!("Your turn. You hold {hand}."),
        Phase::Main | Phase::SpecialBuilding { .. } => format!("Your move. You hold {hand}."),
        Phase::Discard { remaining } => {
            format!("Discard {} more. You hold {hand}.", remaining[view.seat().index()])
        }
        Phase::Robber => "Move the robber.".into(),
        Phase::RoadBuilding { left } => format!("Place a free road, {left} left."),
        Phase::Plenty { left, .. } => format!("Take a card for your building, {left} left."),
        // The offer itself was just said, as an event.
        Phase::Trade { .. } if view.current_player() != view.seat() => {
            format!("Answer {}'s offer. You hold {hand}.", name(names, view.current_player()))
        }
        Phase::Trade { .. } => "Your offer: the answers are in.".into(),
        Phase::Over { .. } => "The game is over.".into(),
    }
}

/// Events as lines, a roll and what it paid in one: "Ann rolls 6: Bob gets 2 lumber, Cy gets
/// 1 brick."
pub fn sentences(view: &PlayerView<'_>, names: &[String], me: Seat, events: &[Event]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut paid: Vec<String> = Vec::new();
    let mut rolled: Option<String> = None;
    let flush = |lines: &mut Vec<String>, rolled: &mut Option<String>, paid: &mut Vec<String>| {
        if let Some(roll) = rolled.take() {
            let roll = roll.trim_end_matches('.').to_string();
            lines.push(if paid.is_empty() {
                format!("{roll}: nothing paid.")
            } else {
                format!("{roll}: {}.", paid.join(", "))
            });
        }
        paid.clear();
    };
    for e in events {
        match e {
            Event::DiceRolled { .. } => {
                flush(&mut lines, &mut rolled, &mut paid);
                rolled = Some(sentence(view, names, me, e));
            }
            Event::Produced { .. } if rolled.is_some() => {
                paid.push(sentence(view, names, me, e).trim_end_matches('.').to_string())
            }
            _ => {
                flush(&mut lines, &mut rolled, &mut paid);
                lines.push(sentence(view, names, me, e));
            }
        }
    }
    flush(&mut lines, &mut rolled, &mut paid);
    lines
}

/// An event as a line: the engine's words, with places said by their numbers.
pub fn sentence(view: &PlayerView<'_>, names: &[String], me: Seat, e: &Event) -> String {
    let n = |s: Seat| name(names, s);
    let text = match *e {
        Event::TurnStarted { seat, number } => format!("Turn {number}: {}", n(seat)),
        Event::DiceRolled { seat, dice } => format!("{} rolls {}", n(seat), dice[0] + dice[1]),
        Event::Built { seat, piece, at } => {
            let place = match piece {
                crate::engine::Piece::Road => {
                    format!("from {}", super::words::edge_words(view, crate::engine::Edge(at)).replace(' ', " to "))
                }
                _ => format!("at {}", super::words::corner_no(crate::engine::Vertex(at))),
            };
            format!("{} builds {} {place}", n(seat), crate::engine::a_or_an(&piece.to_string()))
        }
        Event::RobberMoved { seat, hex } => {
            format!("{} moves the robber to {}", n(seat), super::words::hex_words(view.board(), hex))
        }
        _ => e.describe(&|s| name(names, s), Some(me)),
    };
    finish(&text)
}

/// A capital first letter.
pub fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
}

/// A capital first letter and a full stop.
pub fn finish(text: &str) -> String {
    let mut s = capital(text);
    if !s.ends_with(['.', '!', '?', ':']) {
        s.push('.');
    }
    s
}

/// The commands, short.
pub fn help() -> Vec<String> {
    [
        "A number plays that line of the menu; a line with choices lists them, ten at a time: more, back. Enter alone plays the only move.",
        "Moves by name: roll, end, road 12 13, settlement 23, city 23, buy, knight, bank wool for ore, robber 5 bob, discard brick.",
        "Offers: offer 1 ore for 2 brick, or offer ore for brick to bob. Answers: accept, decline, counter 1 brick for 1 ore.",
        "Questions: board, hex 5, corner 12, hand, players, status, bank, costs, rules, log, advice.",
        "Also: menu, undo, save NAME, quit.",
    ]
    .map(String::from)
    .to_vec()
}
