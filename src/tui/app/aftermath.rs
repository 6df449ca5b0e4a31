//! What follows a change on the screens. A person's actions ([`App::apply_on`]) and a computer
//! player's ([`App::play_bot`]) are performed on the table the same way (`Table::perform`, the
//! one place the game changes, with the table's own questions); `App::after` changes what an
//! action changes at once (the log's scroll, the fight's note: `fight_events`) and returns the
//! rest as [`Changes`], which the settle at the end of the message or tick carries out in its
//! order: every screen settled and focused, then told (`App::tell_all`), then the bots armed.

use crate::engine::{Action, Event, Seat, Target};
use crate::tui::app::App;
use crate::tui::app::changes::{By, Changes, Said};
use crate::tui::screen::focus::Message;
use crate::tui::table::log_words;
use crate::tui::table::perform::Acted;

impl App {
    /// Plays actions in order for the player at the first screen's keyboard; stops at the
    /// first refusal and says why.
    pub fn apply(&mut self, actions: Vec<Action>) {
        let changes = self.apply_on(0, actions);
        self.settle_after(changes);
    }

    /// Plays actions in order for the player at screen `id`'s keyboard (what they were said
    /// to is said there); stops at the first refusal and says why.
    pub(in crate::tui) fn apply_on(&mut self, id: usize, actions: Vec<Action>) -> Changes {
        if let Some(seat) = self.parts(id).1.keyboard.ahead {
            return self.answer_ahead(id, seat, actions);
        }
        let by = By::Person(self.table.game().to_act());
        let acted = self.table.perform(actions);
        self.after(id, by, acted)
    }

    /// Keeps the answer screen `id`'s seat gave ahead of its turn (everyone is asked at once,
    /// `table/ahead.rs`): it is played when its turn comes. The seat's screen says so and
    /// waits; every other screen hears that it answered (an answer to an offer is said aloud,
    /// H4; which cards a discard gives up is the seat's own, H2).
    fn answer_ahead(&mut self, id: usize, seat: Seat, actions: Vec<Action>) -> Changes {
        if let Err(why) = self.table.answer_ahead(seat, actions) {
            self.refuse_on(id, why);
            return Changes::shown();
        }
        let name = self.table.name(seat);
        let (own, public) = match self.table.ahead.said(seat) {
            Some(answer) => {
                // The engine's own words for the answer, as the log will say it.
                let names = |s: Seat| self.table.name(s);
                let said = Event::TradeAnswered { seat, answer }.describe(&names, None);
                (format!("{said}: played in turn, after the answers before it"), said)
            }
            None => (
                "your discards are picked: played in turn, after the discards before yours".to_string(),
                format!("{name} has picked their discards"),
            ),
        };
        let mut changes = Changes::refocus();
        for i in 0..=self.others.len() {
            let text = if i == id { own.clone() } else { public.clone() };
            changes.said.push(Said { id: i, message: Message { text, error: false }, unless_error: true });
        }
        changes
    }

    /// Plays a computer player's move (a move the rules refuse is replaced by a random one,
    /// said loudly: `Table::perform_bot`); what follows it is shown as the settle comes.
    pub(in crate::tui) fn play_bot(&mut self, action: Action) -> Changes {
        let seat = self.table.game().to_act();
        let (acted, played, refused) = self.table.perform_bot(action);
        if let Some(text) = refused {
            self.refuse(text);
        }
        self.after(0, By::Bot(seat, played), acted)
    }

    /// What an action changes on the screens at once, a person's (played from screen `id`) or
    /// a computer player's: the log's scroll, the fight's box, what the table remembers of a
    /// bot's move. The rest (every screen settled, then told) follows in the settle.
    fn after(&mut self, id: usize, by: By, acted: Acted) -> Changes {
        // The log: each action's events went to it as it was played; a person's action shows
        // the newest lines, a bot's leaves the log where it was scrolled to (someone may be
        // reading it).
        if let (By::Person(_), None) = (by, &acted.refused) {
            self.parts(id).1.log_scroll = 0;
        }
        // The fight, kept on screen until the next key (R56).
        self.note_fight(acted.from, acted.aimed);
        if let By::Bot(seat, played) = by {
            self.table.last = Some(played);
            if matches!(played, Action::OfferTrade { .. }) {
                self.table.offered = Some((self.table.game().turn_number(), seat));
            }
        }
        Changes::acted(id, by, acted)
    }

    /// Every screen told what an action did, once settled: the message on the screen that
    /// acted, and every other screen told what happened (issue 49: each follows the game).
    pub(super) fn tell_all(&mut self, id: usize, by: By, acted: Acted) {
        let Acted { from, refused, .. } = acted;
        let acted_on = match by {
            By::Person(seat) => {
                self.say_person(id, seat, from, refused);
                Some(id)
            }
            By::Bot(..) => None,
        };
        for i in 0..=self.others.len() {
            if Some(i) != acted_on {
                self.tell(i, from);
            }
        }
    }

    /// A person's message: the refusal, or what just happened, privately only while the same
    /// player keeps the keyboard (H1).
    fn say_person(&mut self, id: usize, seat: Seat, from: usize, refused: Option<String>) {
        if let Some(why) = refused {
            return self.refuse_on(id, why);
        }
        let (table, screen) = self.parts(id);
        let shown = if screen.keyboard.guarded.is_some() { None } else { Some(seat) };
        let said = log_words::texts(table, &table.log[from..], shown);
        if !said.is_empty() {
            screen.message = Some(Message { text: said.join(" · "), error: false });
        }
    }

    /// What an action on another screen (or a bot's) did, said on screen `i` as its seats may
    /// see it (H2): while the screen waits for others, the action; once its own seat must act,
    /// its prompt again. What happened to a seat of this screen (robbed, given cards, traded
    /// with, attacked) stays on its line until its next key, before whatever follows, the prompt
    /// too (issue 49: never only in the log). A refusal or a failure stays until the next key.
    fn tell(&mut self, i: usize, from: usize) {
        let (table, screen) = self.parts(i);
        let events = &table.log[from.min(table.log.len())..];
        if events.is_empty() || screen.message.as_ref().is_some_and(|m| m.error) {
            return;
        }
        let k = screen.keyboard;
        let viewer = screen.viewer.filter(|_| k.handoff.is_none() && k.guarded.is_none());
        let said = log_words::texts(table, events, viewer).join(" · ");
        let mine: Vec<Event> = events.iter().copied().filter(|e| happened_to(e, screen.holds)).collect();
        if !mine.is_empty() {
            let news = log_words::texts(table, &mine, viewer).join(" · ");
            screen.yours = Some(news);
        }
        // Once the screen's own seat must act, its prompt shows, after the news of its seats
        // (`panels::status`).
        let waits = k.bot_seat.is_some() || k.away.is_some();
        let text = match &screen.yours {
            Some(yours) if waits && !said.contains(yours.as_str()) => Some(format!("{yours} · {said}")),
            _ => waits.then_some(said),
        };
        screen.message = text.filter(|t| !t.is_empty()).map(|text| Message { text, error: false });
    }

    /// Keeps the fight among the events an action just logged, if it fought, and what the
    /// attack aimed at (`aimed`), so the box can say which unit defended it, on every screen.
    pub(in crate::tui) fn note_fight(&mut self, from: usize, aimed: Option<Target>) {
        // Every screen shows it: a fight is public (R56).
        if let Some(events) = fight_events(&self.table.log[from.min(self.table.log.len())..]) {
            for screen in std::iter::once(&mut self.screen).chain(self.others.iter_mut()) {
                (screen.fight, screen.fight_aimed) = (Some(events.clone()), aimed);
            }
        }
    }
}

/// Whether `e` happened to one of `seats` at another's hand: cards given them (a roll, a
/// trade) or taken (a robbery, a monopoly), a trade that fell through, an attack on them.
fn happened_to(e: &Event, seats: crate::engine::SeatSet) -> bool {
    let seat = match *e {
        Event::Produced { seat, .. } | Event::DragonAttacked { seat, .. } => seat,
        Event::Stole { victim, .. } => victim,
        Event::Monopolized { from, .. } => from,
        Event::Traded { partner, .. } | Event::TradeFellThrough { partner, .. } => partner,
        Event::Fought { defender, .. } => defender,
        _ => return false,
    };
    seats.contains(seat)
}

/// The events of a fight worth showing with it: the fight (a unit's, R56, or a knight's against
/// the dragon, R43), and what it changed beyond the pieces (the dragon's damage, awards, a win).
pub(in crate::tui) fn fight_events(events: &[Event]) -> Option<Vec<Event>> {
    let at = events.iter().position(|e| matches!(e, Event::Fought { .. } | Event::DragonFought { .. }))?;
    let after = events[at + 1..].iter().filter(|e| {
        matches!(
            e,
            Event::DragonAttacked { .. }
                | Event::LongestRoad { .. }
                | Event::LargestArmy { .. }
                | Event::HouseAward { .. }
                | Event::Won { .. }
        )
    });
    Some(std::iter::once(events[at]).chain(after.copied()).collect())
}
