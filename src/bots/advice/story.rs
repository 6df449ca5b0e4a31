//! The game's story, as data: every player's estimated chance to win after set-up and after
//! every turn, from public information only (points, buildings, awards, the number of cards
//! held, knights played, production: [`Chances::public`], never a hand or the deck's order), and
//! the three moments that moved it most, in words ("turn 23: Bob's city on 8 ore, 6 grain").
//! What the game-over screen and the replay viewer chart: from a save's record,
//! `story(&record.game_at(0), record.actions(), record.names())`.

use serde::Serialize;

use crate::engine::{Action, Event, Game, Phase, PlayerView, PublicPlayer, Seat};

use super::chance::{Chances, Table};
use super::words::corner_words;

/// The chances after one turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    /// The turn that ended (0: set-up).
    pub turn: u32,
    /// Each seat's chance to win, by seat index.
    pub chances: Vec<f64>,
}

/// A turn that moved the chances a lot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Moment {
    /// The turn (0: set-up).
    pub turn: u32,
    /// The seat whose chance moved most in it.
    pub seat: Seat,
    /// Its chance before and after the turn.
    pub before: f64,
    pub after: f64,
    /// The moment in words.
    pub words: String,
}

/// A game's story: see the module documentation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Story {
    /// The start (even chances), then one point after set-up and after each turn.
    pub points: Vec<Point>,
    /// The three turns that moved a seat's chance most, in the order they happened.
    pub moments: Vec<Moment>,
}

/// The story of the game that starts at `start` and plays `actions` (a record's, as in the
/// replay); it stops at the first action that is not legal. `names` names the seats. No seat's
/// player known: every seat reads as a medium player ([`story_at`] says who played).
pub fn story(start: &Game, actions: &[Action], names: &[String]) -> Story {
    story_at(start, actions, names, &Table::default())
}

/// [`story`] with who plays each seat (a record's seat kinds, [`Table::of_levels`]), so the
/// chances are the model's for this table: a hard bot's seat reads as a hard player's.
pub fn story_at(start: &Game, actions: &[Action], names: &[String], table: &Table) -> Story {
    let mut game = *start;
    let seat0 = Seat(0);
    let chances = |g: &Game| Chances::public_at(&g.view(seat0), table).0;
    let mut last = chances(&game);
    let mut points = vec![Point { turn: 0, chances: last.clone() }];
    let public = |g: &Game| {
        let view = g.view(seat0);
        g.seats().map(|s| (g.public_player(s), pips(&view, s))).collect::<Vec<_>>()
    };
    let mut publics = vec![public(&game)];
    // Each turn's steps: every action's move of each seat's chance, and its words.
    let mut turns: Vec<Vec<Step>> = Vec::new();
    let mut steps: Vec<Step> = Vec::new();
    let mut in_setup = matches!(game.phase(), Phase::Setup { .. });
    let mut turn = game.turn_number();
    for &action in actions {
        let actor = game.to_act();
        let before = game;
        let Ok(events) = game.apply(action) else { break };
        let now = chances(&game);
        let moved = now.iter().zip(&last).map(|(a, b)| a - b).collect();
        let told = headline(&before.view(actor), &game, actor, action, &events, names);
        steps.push(Step { actor, moved, told });
        last = now;
        let setup_over = in_setup && !matches!(game.phase(), Phase::Setup { .. });
        if setup_over || (!in_setup && game.turn_number() != turn) || game.is_over() {
            in_setup = matches!(game.phase(), Phase::Setup { .. });
            let ended = if setup_over { 0 } else { turn };
            turn = game.turn_number();
            points.push(Point { turn: ended, chances: last.clone() });
            publics.push(public(&game));
            turns.push(std::mem::take(&mut steps));
        }
    }
    let moments = moments(&points, &publics, &turns, names);
    Story { points, moments }
}

/// One action of a turn: who played it, how it moved each seat's public chance, and its
/// public headline with how telling it is.
#[derive(Clone, Debug)]
struct Step {
    actor: Seat,
    moved: Vec<f64>,
    told: Option<(u8, String)>,
}

/// The three biggest moves of a seat's chance between consecutive points, in game order, each
/// told by the action within its turn that moved that seat's chance most its way (the award,
/// the card, the fight, the city, the win: not the turn's first line); in set-up, by the
/// seat's own placements.
fn moments(
    points: &[Point],
    publics: &[Vec<(PublicPlayer, u32)>],
    turns: &[Vec<Step>],
    names: &[String],
) -> Vec<Moment> {
    let mut all: Vec<Moment> = points
        .windows(2)
        .zip(publics.windows(2))
        .zip(turns)
        .map(|((w, p), steps)| {
            let (a, b) = (&w[0].chances, &w[1].chances);
            let s = (0..a.len()).max_by(|&i, &j| (b[i] - a[i]).abs().total_cmp(&(b[j] - a[j]).abs())).unwrap_or(0);
            let seat = Seat(s as u8);
            let (mut words, telling_enough) =
                if w[1].turn == 0 { setup_words(steps, seat) } else { turn_words(steps, s, b[s] - a[s]) };
            if !telling_enough {
                // Another seat's move, or only a road, a card bought or a roll of its own: say
                // what changed for the seat, in public facts.
                let ((x, xp), (y, yp)) = (&p[0][s], &p[1][s]);
                let mut lost = Vec::new();
                if xp != yp {
                    lost.push(format!("{xp} -> {yp} pips (the robber's hex left out)"));
                }
                if y.points != x.points {
                    lost.push(format!("{} -> {} points", x.points, y.points));
                }
                if y.resource_cards != x.resource_cards {
                    lost.push(format!("{} -> {} cards", x.resource_cards, y.resource_cards));
                }
                if x.longest_road && !y.longest_road {
                    lost.push("Longest Road lost".to_string());
                }
                if x.largest_army && !y.largest_army {
                    lost.push("Largest Army lost".to_string());
                }
                if !lost.is_empty() {
                    let who = name(names, seat);
                    words = if words.is_empty() {
                        format!("{who}: {}", lost.join(", "))
                    } else {
                        format!("{words}; {who}: {}", lost.join(", "))
                    };
                }
            }
            let who = name(names, seat);
            let when = if w[1].turn == 0 { "set-up".to_string() } else { format!("turn {}", w[1].turn) };
            let what = if words.is_empty() { String::new() } else { format!("{words} ") };
            let words = format!("{when}: {what}({who} {:.0}% -> {:.0}%)", a[s] * 100.0, b[s] * 100.0);
            Moment { turn: w[1].turn, seat, before: a[s], after: b[s], words }
        })
        .collect();
    // Stable: of equal moves the earlier stays first.
    all.sort_by(|x, y| (y.after - y.before).abs().total_cmp(&(x.after - x.before).abs()));
    all.truncate(3);
    all.sort_by_key(|m| m.turn);
    all
}

/// The name of seat `s`.
fn name(names: &[String], s: Seat) -> String {
    names.get(s.index()).cloned().unwrap_or_else(|| format!("seat {}", s.index() + 1))
}

/// Set-up told by the seat's own settlements (its placements move every seat's chance at
/// once, the others' too): each said once, all of them.
fn setup_words(steps: &[Step], s: Seat) -> (String, bool) {
    let own: Vec<&str> = steps
        .iter()
        .filter(|st| st.actor == s)
        .filter_map(|st| st.told.as_ref().filter(|t| t.0 >= 5).map(|t| t.1.as_str()))
        .collect();
    (own.join("; "), !own.is_empty())
}

/// A turn told by its step that moved seat `s`'s chance most in the direction it went
/// (`net`), and whether that tells enough (a telling action of the seat's own, or any action
/// that moved it by a fight, an award, a win).
fn turn_words(steps: &[Step], s: usize, net: f64) -> (String, bool) {
    let toward = |st: &&Step| st.told.is_some() && st.moved[s] * net.signum() > 0.0;
    let Some(step) = steps.iter().filter(toward).max_by(|x, y| x.moved[s].abs().total_cmp(&y.moved[s].abs())) else {
        return (String::new(), false);
    };
    let Some((rank, words)) = &step.told else { return (String::new(), false) };
    (words.clone(), *rank > 1 && (step.actor.index() == s || *rank >= 7))
}

/// The pips `s`'s buildings collect, the robber's hex left out (public).
fn pips(view: &PlayerView<'_>, s: Seat) -> u32 {
    let f = super::chance::features(view, s, 0, super::chance::Player::Unknown);
    (f.pips * 36.0).round() as u32
}

/// The public headline of `action` by `actor` and how telling it is (higher tells more): the
/// action in words, then what its public events changed beyond it (an award, a fight's end,
/// the dragon, a Colonist point, the win) as the log says them.
fn headline(
    view: &PlayerView<'_>,
    after: &Game,
    actor: Seat,
    action: Action,
    events: &[Event],
    names: &[String],
) -> Option<(u8, String)> {
    let who = name(names, actor);
    let mut told = match action {
        Action::BuildCity(v) => Some((6, format!("{who}'s city on {}", corner_words(view, v)))),
        Action::BuildSettlement(v) => Some((5, format!("{who}'s settlement on {}", corner_words(view, v)))),
        Action::PlayKnight => Some((2, format!("{who}'s knight"))),
        Action::PlayMonopoly(r) => Some((4, format!("{who}'s monopoly on {r}"))),
        Action::PlayYearOfPlenty(..) => Some((2, format!("{who}'s year of plenty"))),
        Action::PlayRoadBuilding => Some((2, format!("{who}'s road building"))),
        Action::MoveRobber { hex, victim } => {
            let robbed = victim.map(|v| format!(", robbing {}", name(names, v))).unwrap_or_default();
            Some((3, format!("{who}'s robber on {}{robbed}", view.board().hex_name_apart(hex))))
        }
        Action::BuyDevCard => Some((1, format!("{who} buys a development card"))),
        Action::BuildRoad(_) => Some((1, format!("{who}'s road"))),
        Action::RollDice => {
            let total = after.dice().map_or(0, |d| d[0] + d[1]);
            Some((0, format!("{who} rolls {total}")))
        }
        Action::BuildKnight { kind, hex } => {
            Some((2, format!("{who}'s {kind} on {}", view.board().hex_name_apart(hex))))
        }
        Action::ConfirmTrade(_) | Action::MaritimeTrade { .. } => Some((1, String::new())),
        _ => None,
    };
    // What the action's public events changed beyond it, in the log's words.
    let by_name = |s: Seat| name(names, s);
    for e in events {
        let rank = match e {
            Event::Won { .. } => 9,
            Event::LargestArmy { .. } | Event::LongestRoad { .. } | Event::HouseAward { .. } => 8,
            Event::Fought { .. } | Event::DragonAttacked { .. } => 7,
            Event::Colonist { .. } => 6,
            Event::Traded { .. } | Event::MaritimeTraded { .. } => 1,
            _ => continue,
        };
        let line = e.describe(&by_name, None);
        let line = line.trim_end_matches('!');
        told = Some(match told {
            Some((r, w)) if w.is_empty() => (r.max(rank), line.to_string()),
            Some((r, w)) if !w.contains(line) => (r.max(rank), format!("{w}; {line}")),
            Some(t) => t,
            None => (rank, line.to_string()),
        });
    }
    told.filter(|t| !t.1.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Config, DevCard, Hex, MapId, Module, Modules, Scenario, Target, UnitKind};

    fn names() -> Vec<String> {
        ["Ann", "Bert", "Cy", "Dee"].map(String::from).to_vec()
    }

    /// Issue 41: "turn 83: Bert's robber on the 6 brick" where Bert won by a knight (Largest
    /// Army) and a victory point card. The moment names the award and the win.
    #[test]
    fn a_win_by_a_knight_and_a_hidden_point_is_told_by_the_award_and_the_win() {
        let topo = MapId::Standard.topology();
        let corner = |h: u8| topo.hex_vertices(Hex(h))[0];
        let bert = Seat(1);
        // Bert: 3 cities and a settlement (7), two knights played, a knight and a victory
        // point card in hand: the third knight takes Largest Army (9) and the card makes 10.
        let game = Scenario::new(Config::default(), 3)
            .city(bert, corner(0))
            .city(bert, corner(2))
            .city(bert, corner(11))
            .settlement(bert, corner(18))
            .settlement(Seat(0), corner(9))
            .knights(bert, 2)
            .dev(bert, DevCard::Knight)
            .dev(bert, DevCard::VictoryPoint)
            .turn(bert)
            .turn_number(83)
            .build()
            .unwrap();
        let mut played = game;
        let mut actions = vec![Action::PlayKnight];
        played.apply(Action::PlayKnight).unwrap();
        if !played.is_over() {
            let robber = played.view(bert).legal_actions()[0];
            actions.push(robber);
            played.apply(robber).unwrap();
        }
        assert_eq!(played.winner(), Some(bert), "the scenario ends in Bert's win");
        let s = story(&game, &actions, &names());
        let m = s.moments.iter().find(|m| m.seat == bert).expect("Bert's moment");
        assert!(m.words.starts_with("turn 83: "), "{}", m.words);
        assert!(m.words.contains("Largest Army") && m.words.contains("Bert wins"), "{}", m.words);
    }

    /// Issue 41: "turn 7: Ann rolls 3" where Ann's archer removed Bob's archer: the fight is
    /// the moment, not the turn's first line.
    #[test]
    fn a_fight_that_removes_a_unit_is_told_by_the_fight_not_the_roll() {
        let config = Config::default().with_modules(Modules::NONE.with(Module::Knights).with(Module::Attacks));
        let (ann, bert) = (Seat(0), Seat(1));
        let topo = MapId::Standard.topology();
        let attack = Action::Attack { unit: 0, target: Target::Unit { seat: bert, unit: 0 } };
        let mut checked = 0;
        for seed in 1..60 {
            let game = Scenario::new(config, seed)
                .settlement(ann, topo.hex_vertices(Hex(9))[0])
                .settlement(bert, topo.hex_vertices(Hex(9))[3])
                .unit(ann, UnitKind::Archer, Hex(9))
                .unit(bert, UnitKind::Archer, Hex(9))
                .unit(bert, UnitKind::Knight, Hex(3))
                .turn(ann)
                .turn_number(7)
                .build()
                .unwrap();
            let mut g = game;
            g.apply(Action::RollDice).unwrap();
            if !matches!(g.phase(), Phase::Main) {
                continue;
            }
            let events = g.apply(attack).unwrap();
            let removed = events
                .iter()
                .any(|e| matches!(e, Event::Fought { result: crate::engine::FightResult::Removed { .. }, .. }));
            if !removed {
                continue;
            }
            let s = story(&game, &[Action::RollDice, attack, Action::EndTurn], &names());
            let m = &s.moments[0];
            assert!(m.words.starts_with("turn 7: ") && m.words.contains("attacks"), "{}", m.words);
            assert!(!m.words.contains("rolls"), "{}", m.words);
            checked += 1;
        }
        assert!(checked > 3, "{checked} fights won");
    }
}
