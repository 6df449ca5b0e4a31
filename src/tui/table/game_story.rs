//! The game's story as the game-over screen and the replay viewer chart it (issue 36): each
//! player's chance to win after set-up and after every turn, and the three moments that moved
//! it most, from the story the advice module tells of a record (`advice::story`: public
//! information only, never a hand or the deck's order). Worked out once, when the game ends or
//! the viewer opens, and kept in the model: a frame only draws it.

use crate::bots::advice::chance::Table;
use crate::bots::advice::story::{Moment, story_at};
use crate::engine::{Action, Game};
use crate::save::Record;

/// What the game-over screen shows under its title: `b` toggles the board, `c` the story.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OverView {
    /// Points by source, resources gained, the dice.
    #[default]
    Statistics,
    /// The chart of each player's chance to win, and the three moments that moved it most.
    Story,
    /// The island as the game left it.
    Board,
}

impl OverView {
    /// The view `b` leads to: the board, or back to the statistics from it.
    pub fn board_key(self) -> OverView {
        if self == OverView::Board { OverView::Statistics } else { OverView::Board }
    }

    /// The view `c` leads to: the story, or back to the statistics from it.
    pub fn story_key(self) -> OverView {
        if self == OverView::Story { OverView::Statistics } else { OverView::Story }
    }
}

/// The chart's data: what the views draw, no more.
#[derive(Clone, Debug, PartialEq)]
pub struct StoryChart {
    /// Per seat, its chance to win in percent at each point, as (turn, percent): the start
    /// and the end of set-up at turn 0, then the end of every turn.
    pub lines: Vec<Vec<(f64, f64)>>,
    /// The three turns that moved a seat's chance most, in the order they happened.
    pub moments: Vec<Moment>,
    /// The last turn charted (the x axis runs from 0 to it).
    pub last_turn: u32,
}

impl StoryChart {
    /// The chart of the game that starts at `start` and plays `actions`, its seats named
    /// `names` (the story stops at an action that is not legal), no seat's player known.
    pub fn of(start: &Game, actions: &[Action], names: &[String]) -> StoryChart {
        StoryChart::at(start, actions, names, &Table::default())
    }

    /// [`StoryChart::of`] with who plays each seat, as the chance model reads them.
    pub fn at(start: &Game, actions: &[Action], names: &[String], table: &Table) -> StoryChart {
        let told = story_at(start, actions, names, table);
        let seats = told.points.first().map_or(0, |p| p.chances.len());
        let lines = (0..seats)
            .map(|s| told.points.iter().map(|p| (f64::from(p.turn), p.chances[s] * 100.0)).collect())
            .collect();
        let last_turn = told.points.iter().map(|p| p.turn).max().unwrap_or(0);
        StoryChart { lines, moments: told.moments, last_turn }
    }

    /// The chart of a record: its game as dealt and every action played since, each seat read
    /// as its player (a bot at its level, a person as a medium player).
    pub fn of_record(record: &Record) -> StoryChart {
        let table = Table::of_levels(record.kinds().iter().map(|k| k.bot_level()));
        StoryChart::at(&record.game_at(0), record.actions(), record.names(), &table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::advice::story::story;
    use crate::engine::Config;

    #[test]
    fn the_keys_go_to_their_view_and_back_to_the_statistics() {
        let v = OverView::default();
        assert_eq!(v, OverView::Statistics);
        assert_eq!(v.story_key(), OverView::Story);
        assert_eq!(v.story_key().story_key(), OverView::Statistics);
        assert_eq!(v.story_key().board_key(), OverView::Board);
        assert_eq!(v.board_key().board_key(), OverView::Statistics);
        assert_eq!(v.board_key().story_key(), OverView::Story);
    }

    #[test]
    fn the_chart_is_the_story_in_percent_by_turn() {
        let record = crate::save::play_random(Config::with_players(3), 11).expect("a random game");
        let chart = StoryChart::of_record(&record);
        let told = story(&record.game_at(0), record.actions(), record.names());
        assert_eq!(chart.lines.len(), 3);
        assert_eq!(chart.moments, told.moments);
        for (s, line) in chart.lines.iter().enumerate() {
            assert_eq!(line.len(), told.points.len());
            for (&(x, y), p) in line.iter().zip(&told.points) {
                assert_eq!(x, f64::from(p.turn));
                assert!((y - p.chances[s] * 100.0).abs() < 1e-9);
            }
        }
        assert_eq!(chart.last_turn, told.points.last().unwrap().turn);
    }

    /// Issue 41: the chart reads each seat as the record says it was played: the same game
    /// with hard bots in two seats charts otherwise than with people there.
    #[test]
    fn the_chart_reads_the_records_players() {
        use crate::bots::BotLevel;
        use crate::save::SeatInfo;
        let played = crate::save::play_random(Config::with_players(3), 11).expect("a random game");
        let with = |seats: Vec<SeatInfo>| {
            let mut record = Record::new_with_seats(*played.config(), played.seed(), seats).unwrap();
            for &a in played.actions() {
                record.apply(a).unwrap();
            }
            StoryChart::of_record(&record)
        };
        let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let people = with(SeatInfo::humans(names.clone()));
        let hard = with(vec![
            SeatInfo::human("Ann"),
            SeatInfo::bot("Bob", BotLevel::Hard),
            SeatInfo::bot("Cy", BotLevel::Hard),
        ]);
        // People read as the model's unnamed players.
        assert_eq!(people, StoryChart::of(&played.game_at(0), played.actions(), &names));
        // After set-up, Bob's chance as a hard player is above his chance as a person's.
        assert!(hard.lines[1][1].1 > people.lines[1][1].1 + 1.0, "{:?} {:?}", hard.lines[1], people.lines[1]);
    }
}
