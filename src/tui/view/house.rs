//! What the house-rule modules (R41-R57) add to the table's screens, in one place so that the
//! shared panels each take one call: this round's number and order (R46) for the header, the
//! cards left in the dice stack (R47) for the bank, a line per module for the help, and the
//! points each module gives for the game-over table (castles R44, the awards R49, R50 and
//! R54, the Colonist's islands R55); the war's phase and round, its scores and a shared win
//! (R57).
//!
//! Everything here is public: the round, the stack's count (never its order), the buildings
//! and the awards.

use crate::engine::{Module, Seat};
use crate::tui::screen::scene::Scene;
use crate::tui::table::stats::Stats;

/// R46: "round 3: B C A" (the round from 1, this round's order by letter), or `None` without
/// rotating first player or in set-up.
pub fn round(app: &Scene) -> Option<String> {
    let g = app.table.game();
    let (round, order) = (g.round()?, g.round_order()?);
    let letters: Vec<String> = order.iter().map(|&s| letter(app, s).to_string()).collect();
    Some(format!("round {}: {}", round + 1, letters.join(" ")))
}

/// R57: "build phase, round 2 of 4" or "attack phase, round 1 of 4: C A D B" (the round's
/// order, lowest score first, by letter), or `None` without phases, in set-up and once the war
/// is over. The round is the engine's ([`crate::engine::Game::war_turn`] of the turn in
/// progress): the one reckoning of R57's rounds.
pub fn war_round(app: &Scene) -> Option<String> {
    let g = app.table.game();
    let at = g.war_turn(g.turn_number()).filter(|_| !g.is_over())?;
    let phase = if at.attack { "attack" } else { "build" };
    let mut out = format!("{phase} phase, round {} of {}", at.round + 1, at.rounds);
    if let Some(order) = g.attack_order() {
        let letters: Vec<String> = order.iter().map(|&s| letter(app, s).to_string()).collect();
        out = format!("{out}: {}", letters.join(" "));
    }
    Some(out)
}

/// R57: each seat's score that orders the attack rounds (public points plus units on the
/// board), "war score A7 B9 C5 D8" in seat order, and what it is for (issue 33: a new player
/// could not tell): it orders the attacks, while points alone decide the end. Two lines that
/// fit the narrowest players panel (39 columns inside), or `None` without phases.
pub fn war_scores(app: &Scene) -> Option<[String; 2]> {
    let g = app.table.game();
    if !g.config().modules.has(Module::Phases) {
        return None;
    }
    let scores: Vec<String> = g.seats().map(|s| format!("{}{}", letter(app, s), g.war_score(s))).collect();
    Some([format!("war score {} (points + units)", scores.join(" ")), WAR_SCORE_USE.to_string()])
}

/// What the war score is for, under it in the players panel.
pub const WAR_SCORE_USE: &str = "attack order: lowest first; points win";

/// The winners, the first named by [`Game::winner`](crate::engine::Game::winner) first:
/// one, or the players sharing the win at the end of R57's last round.
pub fn winners(app: &Scene) -> Vec<Seat> {
    let g = app.table.game();
    let first = g.winner();
    first.into_iter().chain(g.winners().iter().filter(|&s| Some(s) != first)).collect()
}

/// R47: "dice stack 30 of 36" (cards left before the next shuffle), or `None` without it.
pub fn dice_stack(app: &Scene) -> Option<String> {
    let left = app.table.game().view(app.table.game().to_act()).dice_stack_left()?;
    Some(format!("dice stack {left} of {}", crate::engine::DiceStack::CARDS))
}

/// One line for each module this game plays, for the help: what it changes at the table (its
/// row's [`help`](crate::engine::ModuleRow::help) in the engine's table of house rules).
pub fn rules(app: &Scene) -> Vec<String> {
    app.table.game().config().modules.iter().map(|m| format!("{}: {}", m.name(), m.row().help)).collect()
}

/// The game-over table's columns beyond the base game's, for the modules this game plays:
/// a heading and the points that column gives each seat, in seat order.
pub fn point_columns(app: &Scene) -> Vec<(&'static str, Vec<u8>)> {
    let g = app.table.game();
    let m = g.config().modules;
    let column = |f: &dyn Fn(Seat) -> u8| g.seats().map(f).collect::<Vec<u8>>();
    let mut out = Vec::new();
    if m.has(Module::Castles) {
        out.push(("castle", column(&|s| 3 * g.castles(s).count() as u8)));
    }
    if m.has(Module::Metropolis) {
        out.push(("metro", column(&|s| 2 * (g.metropolis() == Some(s)) as u8)));
    }
    if m.has(Module::HarborMaster) {
        out.push(("harbor", column(&|s| 2 * (g.harbor_master() == Some(s)) as u8)));
    }
    if m.has(Module::Ships) {
        out.push(("navy", column(&|s| 2 * (g.largest_navy() == Some(s)) as u8)));
    }
    if m.has(Module::Colonist) {
        out.push(("colon", column(&|s| g.colonist_islands(s).count() as u8)));
    }
    out
}

/// The game-over line of what a seat lost: to the robber (none without it, R45) and to the
/// dragon (R43), or `None` when neither is played.
pub fn losses(app: &Scene, stats: &Stats, s: Seat) -> Option<String> {
    let m = app.table.game().config().modules;
    let i = s.index();
    let mut parts = Vec::new();
    if !m.has(Module::NoRobber) {
        parts.push(format!("lost to the robber: {} stolen, {} discarded", stats.stolen[i], stats.discarded[i]));
    }
    if m.has(Module::Dragon) {
        let n = stats.dragon[i];
        parts.push(format!("hit by the dragon: {n} building{}", if n == 1 { "" } else { "s" }));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

fn letter(app: &Scene, s: Seat) -> char {
    app.table.letters.get(s.index()).copied().unwrap_or('?')
}
