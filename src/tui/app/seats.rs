//! Seats on screens of their own (`catan host`, issue 40): a friend joins a person seat from
//! another terminal, leaves (or loses the connection), and joins again; meanwhile the host's
//! screen may play the waiting seat here or let a computer player stand in.
//!
//! Which terminal is which is the hosting loop's business (term/host_loop.rs); here a seat is
//! put on a screen, taken off one, and the table told who is where ([`Remote`]).

use crate::engine::{Seat, SeatSet};
use crate::save::SeatKind;
use crate::tui::app::App;
use crate::tui::app::changes::Changes;
use crate::tui::screen::Screen;
use crate::tui::screen::theme::Theme;
use crate::tui::table::remote::STAND_IN;

/// The longest name a joiner may give that is still read (longer ones are refused as they are).
const NAME_MAX: usize = 64;

impl App {
    /// The person seats a joiner may take now: every person seat (a stand-in's too) whose own
    /// terminal isn't connected.
    pub fn free_seats(&self) -> Vec<Seat> {
        let remote = &self.table.remote;
        self.table
            .game()
            .seats()
            .filter(|&s| self.table.level(s).is_none() || remote.stand_in.contains(s))
            .filter(|&s| !remote.joined.contains(s))
            .collect()
    }

    /// The seat a joiner who logged in as `name` takes, or the one line that refuses them
    /// (naming the free seats).
    pub fn seat_for(&self, name: &str) -> Result<Seat, String> {
        if self.screen.start.is_some() {
            return Err("the host is still setting up the game: join again once it has begun".into());
        }
        let free = self.free_seats();
        let names: Vec<String> = free.iter().map(|&s| self.table.name(s)).collect();
        let offer = match names.len() {
            0 => "no seat is free".to_string(),
            _ => format!("free seats: {} (ssh NAME@... with one of them)", names.join(", ")),
        };
        let shown: String = name.chars().take(NAME_MAX).filter(|c| !c.is_control()).collect();
        let seat = self.table.game().seats().find(|&s| self.table.name(s).eq_ignore_ascii_case(name));
        match seat {
            Some(s) if free.contains(&s) => Ok(s),
            Some(s) if self.table.remote.joined.contains(s) => {
                Err(format!("{} is already playing on their own screen; {offer}", self.table.name(s)))
            }
            Some(s) => Err(format!("{} is a computer player's seat; {offer}", self.table.name(s))),
            None => Err(format!("no seat is called {shown:?}; {offer}")),
        }
    }

    /// Seats `seat` on a screen of its own (a friend joining from another terminal, or joining
    /// again): the screen holds that seat alone, whose keyboard it always is (no hand-off, H6),
    /// and the screens before no longer play it; a computer player standing in gives it back.
    /// A seat joining again gets its screen back. Returns the screen's id
    /// ([`App::update_on`], [`App::scene_of`]).
    pub fn join(&mut self, seat: Seat, theme: Theme) -> usize {
        if self.table.remote.stand_in.contains(seat) {
            if self.table.job.as_ref().is_some_and(|j| j.seat == seat) {
                self.table.drop_job();
            }
            self.table.kinds[seat.index()] = SeatKind::Human;
            self.table.bots[seat.index()] = None;
        }
        self.table.remote.joined(seat);
        let own = self.screen_of(seat);
        for (id, screen) in std::iter::once(&mut self.screen).chain(self.others.iter_mut()).enumerate() {
            if Some(id) != own {
                screen.holds = screen.holds.without(seat);
                if screen.viewer == Some(seat) {
                    screen.viewer = None;
                }
            }
        }
        let id = match own {
            // Drawn for the terminal it joins from now (its type may differ from the last one's).
            Some(id) => {
                self.others[id - 1].theme = theme;
                id
            }
            None => {
                let mut screen = Screen::new(theme);
                (screen.holds, screen.viewer, screen.size) = (SeatSet::one(seat), Some(seat), self.screen.size);
                screen.joined = true;
                self.others.push(screen);
                self.others.len()
            }
        };
        self.settle_after(Changes::sync());
        id
    }

    /// The id of the screen of its own that `seat` has (joined, or waiting for its terminal).
    pub fn screen_of(&self, seat: Seat) -> Option<usize> {
        self.others.iter().position(|s| s.holds == SeatSet::one(seat)).map(|i| i + 1)
    }

    /// The terminal of `seat`'s own screen is gone: the seat waits for it (the host's screen
    /// says so, and may play it meanwhile).
    pub fn left(&mut self, seat: Seat) {
        self.table.remote.left(seat);
        self.settle_after(Changes::sync());
    }

    /// The host's screen plays the waiting seat (hot-seat, handed off like the seats it holds)
    /// until its person joins again; the screen that waited for them is closed.
    pub(in crate::tui) fn play_here(&mut self, id: usize) -> Changes {
        let Some(seat) = self.waiting_named(id) else { return Changes::shown() };
        let screen = self.parts(id).1;
        screen.holds = screen.holds.with(seat);
        self.close_screen_of(seat);
        self.table.remote.settled(seat);
        Changes::sync()
    }

    /// A computer player plays the waiting seat until its person joins again.
    pub(in crate::tui) fn stand_in(&mut self, id: usize) -> Changes {
        let Some(seat) = self.waiting_named(id) else { return Changes::shown() };
        self.close_screen_of(seat);
        self.table.remote.settled(seat);
        self.table.remote.stand_in = self.table.remote.stand_in.with(seat);
        self.table.kinds[seat.index()] = SeatKind::Bot(STAND_IN);
        self.table.bots[seat.index()] = None;
        Changes::sync()
    }

    /// The seat whose person left that screen `id` waits for, if any.
    fn waiting_named(&mut self, id: usize) -> Option<Seat> {
        let (table, screen) = self.parts(id);
        screen.keyboard.away.filter(|&s| table.remote.gone.contains(s))
    }

    /// Closes the screen that held `seat` (its terminal is gone).
    fn close_screen_of(&mut self, seat: Seat) {
        if let Some(id) = self.screen_of(seat).filter(|&id| id > 0) {
            self.others.remove(id - 1);
        }
    }
}
