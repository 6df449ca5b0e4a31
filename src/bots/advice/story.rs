//! The game's story, as data: every player's estimated chance to win after set-up and after
//! every turn, from public information only (points, buildings, awards, the number of cards
//! held, knights played, production: [`Chances::public`], never a hand or the deck's order), and
//! the three moments that moved it most, in words ("turn 23: Bob's city on 8 ore, 6 grain").
//! What the game-over screen and the replay viewer chart: from a save's record,
//! `story(&record.game_at(0), record.actions(), record.names())`.

use serde::Serialize;

use crate::engine::{Action, Game, Phase, PlayerView, PublicPlayer, Seat};

use super::chance::Chances;
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
/// replay); it stops at the first action that is not legal. `names` names the seats.
pub fn story(start: &Game, actions: &[Action], names: &[String]) -> Story {
    let mut game = *start;
    let seat0 = Seat(0);
    let mut points = vec![Point { turn: 0, chances: Chances::public(&game.view(seat0)).0 }];
    let public = |g: &Game| {
        let view = g.view(seat0);
        g.seats().map(|s| (g.public_player(s), pips(&view, s))).collect::<Vec<_>>()
    };
    let mut publics = vec![public(&game)];
    // Each turn's public headlines: what each seat did, and how telling it is.
    let mut headlines: Vec<Vec<Headline>> = Vec::new();
    let mut turn_lines: Vec<Headline> = Vec::new();
    let mut in_setup = matches!(game.phase(), Phase::Setup { .. });
    let mut turn = game.turn_number();
    for &action in actions {
        let actor = game.to_act();
        let before = game;
        if game.apply(action).is_err() {
            break;
        }
        if let Some((rank, words)) = headline(&before.view(actor), &game, actor, action, names) {
            turn_lines.push(Headline { seat: actor, rank, words });
        }
        let setup_over = in_setup && !matches!(game.phase(), Phase::Setup { .. });
        if setup_over || (!in_setup && game.turn_number() != turn) || game.is_over() {
            in_setup = matches!(game.phase(), Phase::Setup { .. });
            let ended = if setup_over { 0 } else { turn };
            turn = game.turn_number();
            points.push(Point { turn: ended, chances: Chances::public(&game.view(seat0)).0 });
            publics.push(public(&game));
            headlines.push(std::mem::take(&mut turn_lines));
        }
    }
    let moments = moments(&points, &publics, &headlines, names);
    Story { points, moments }
}

/// The three biggest moves of a seat's chance between consecutive points, in game order.
fn moments(
    points: &[Point],
    publics: &[Vec<(PublicPlayer, u32)>],
    headlines: &[Vec<Headline>],
    names: &[String],
) -> Vec<Moment> {
    let mut all: Vec<Moment> = points
        .windows(2)
        .zip(publics.windows(2))
        .zip(headlines)
        .map(|((w, p), lines)| {
            let (a, b) = (&w[0].chances, &w[1].chances);
            let s = (0..a.len()).max_by(|&i, &j| (b[i] - a[i]).abs().total_cmp(&(b[j] - a[j]).abs())).unwrap_or(0);
            let (mut words, telling_enough) = telling(lines, Seat(s as u8));
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
                    let who = names.get(s).cloned().unwrap_or_else(|| format!("seat {}", s + 1));
                    words = format!("{words}; {who}: {}", lost.join(", "));
                }
            }
            let who = names.get(s).cloned().unwrap_or_else(|| format!("seat {}", s + 1));
            let when = if w[1].turn == 0 { "set-up".to_string() } else { format!("turn {}", w[1].turn) };
            let what = if words.is_empty() { String::new() } else { format!("{words} ") };
            let words = format!("{when}: {what}({who} {:.0}% -> {:.0}%)", a[s] * 100.0, b[s] * 100.0);
            Moment { turn: w[1].turn, seat: Seat(s as u8), before: a[s], after: b[s], words }
        })
        .collect();
    // Stable: of equal moves the earlier stays first.
    all.sort_by(|x, y| (y.after - y.before).abs().total_cmp(&(x.after - x.before).abs()));
    all.truncate(3);
    all.sort_by_key(|m| m.turn);
    all
}

/// The pips `s`'s buildings collect, the robber's hex left out (public).
fn pips(view: &PlayerView<'_>, s: Seat) -> u32 {
    let f = super::chance::features(view, s, 0, super::chance::Player::Unknown);
    (f.pips * 36.0).round() as u32
}

/// One public fact of a turn: who did what, and how telling it is (higher tells more).
#[derive(Clone, Debug)]
struct Headline {
    seat: Seat,
    rank: u8,
    words: String,
}

/// The words of a turn for the seat whose chance moved: its own most telling actions (all of
/// them at that rank: a set-up's two settlements), else the turn's most telling one (a rival's
/// robber, say); and whether they tell enough (more than a road, a card bought or a roll).
fn telling(lines: &[Headline], s: Seat) -> (String, bool) {
    let pick = |own: bool| {
        let of = |h: &&Headline| !own || h.seat == s;
        let top = lines.iter().filter(of).map(|h| h.rank).max()?;
        // The same words twice (two roads) are said once, with their count.
        let mut words: Vec<(&str, usize)> = Vec::new();
        for h in lines.iter().filter(of).filter(|h| h.rank == top) {
            match words.iter_mut().find(|w| w.0 == h.words) {
                Some(w) => w.1 += 1,
                None => words.push((&h.words, 1)),
            }
        }
        let said: Vec<String> =
            words.iter().map(|&(w, n)| if n > 1 { format!("{w} (x{n})") } else { w.to_string() }).collect();
        Some((said.join("; "), top))
    };
    match pick(true) {
        Some((w, rank)) => (w, rank > 1),
        None => (pick(false).map(|p| p.0).unwrap_or_default(), false),
    }
}

/// The public headline of `action` by `actor` and how telling it is (higher wins the turn).
fn headline(
    view: &PlayerView<'_>,
    after: &Game,
    actor: Seat,
    action: Action,
    names: &[String],
) -> Option<(u8, String)> {
    let who = names.get(actor.index()).cloned().unwrap_or_else(|| format!("seat {}", actor.index() + 1));
    let took = |award: bool| if award { " (and an award)" } else { "" };
    let army = after.largest_army() == Some(actor) && !view.player(actor).largest_army;
    let road = after.longest_road() == Some(actor) && !view.player(actor).longest_road;
    Some(match action {
        Action::BuildCity(v) => (6, format!("{who}'s city on {}", corner_words(view, v))),
        Action::BuildSettlement(v) => (5, format!("{who}'s settlement on {}", corner_words(view, v))),
        Action::PlayKnight => (if army { 5 } else { 2 }, format!("{who}'s knight{}", took(army))),
        Action::BuildRoad(_) if road => (5, format!("{who}'s road takes Longest Road")),
        Action::PlayMonopoly(r) => (4, format!("{who}'s monopoly on {r}")),
        Action::MoveRobber { hex, victim } => {
            let place = match (view.board().token(hex), view.board().terrain(hex).resource()) {
                (Some(t), Some(r)) => format!("the {t} {r}"),
                _ => "the desert".to_string(),
            };
            let robbed = victim
                .map(|v| {
                    format!(
                        ", robbing {}",
                        names.get(v.index()).cloned().unwrap_or_else(|| format!("seat {}", v.index() + 1))
                    )
                })
                .unwrap_or_default();
            (3, format!("{who}'s robber on {place}{robbed}"))
        }
        Action::BuyDevCard => (1, format!("{who} buys a development card")),
        Action::BuildRoad(_) => (1, format!("{who}'s road")),
        Action::RollDice => {
            let total = after.dice().map_or(0, |d| d[0] + d[1]);
            (0, format!("{who} rolls {total}"))
        }
        _ => return None,
    })
}
