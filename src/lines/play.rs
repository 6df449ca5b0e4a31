//! The game in lines: one person's seat, computer players at the others. Every event is a
//! sentence as it happens, told as the person's seat may see it (H1, H2); when the person must
//! decide, a short menu of what they can do now, numbered, and the prompt last. Between moves
//! the person may ask anything ([`super::ask`]), take a move back, save, or leave (the game is
//! autosaved after every action: `catan --continue --lines` plays on).

use std::io::{self, BufRead, Write};
use std::time::Duration;

use crate::bots::{self, Bot};
use crate::engine::{Action, Event, Seat, SeatSet};
use crate::save::{self, Autosave, Record};

use super::moves::{self, Item, Typed};
use super::tell::{capital, finish, help, sentence, sentences, situation};
use super::words::name;
use super::{ask, say};

/// How many choices of a list are said at a time ("more" says the next).
pub const LIST_PAGE: usize = 10;

/// The longest line read: anything longer is refused whole, never cut.
pub const MAX_LINE: usize = 400;

/// How a game in lines ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The game is over.
    Over,
    /// The person left (`quit`); the game is autosaved.
    Left,
    /// The input closed; the game is autosaved.
    Closed,
}

/// A game in lines: the record, its autosave, a bot at every seat but the person's.
pub struct Lines {
    record: Record,
    autosave: Option<Autosave>,
    bots: Vec<Option<Box<dyn Bot>>>,
    person: Seat,
    /// A bot's offer this turn (one a turn, as at the table).
    offered: Option<(u32, Seat)>,
    /// The menu line whose choices are listed, waiting for one.
    open: Option<usize>,
    /// How many of the open list's choices were said.
    shown: usize,
    /// What plays each seat but the person's, in a word or two ("medium", "program seat_bot.py").
    players: Vec<String>,
}

impl Lines {
    /// The game of `record` (one person's seat and bots), autosaving to `autosave`, each
    /// bot deciding within `bot_time`. Refuses a record with other than one person.
    pub fn new(record: Record, autosave: Option<Autosave>, bot_time: Duration) -> Result<Lines, String> {
        Lines::with_programs(record, autosave, bot_time, &[])
    }

    /// [`Lines::new`] with programs at some bot seats (`prog:COMMAND`, docs/protocol.md): the
    /// seat's entry in `programs`; a program that fails is stopped and its seat's medium bot
    /// plays on, said in a line.
    pub fn with_programs(
        record: Record,
        autosave: Option<Autosave>,
        bot_time: Duration,
        programs: &[Option<crate::protocol::ProgramSpec>],
    ) -> Result<Lines, String> {
        let people: Vec<usize> =
            record.kinds().iter().enumerate().filter(|(_, k)| k.bot_level().is_none()).map(|(i, _)| i).collect();
        let person = match people.as_slice() {
            [one] => Seat(*one as u8),
            [] => {
                return Err(
                    "line mode needs one person's seat: name yourself in --players (\"Ann,bot,bot,bot\")".into()
                );
            }
            _ => {
                return Err(format!(
                    "line mode is for one person per terminal, and this game has {}: their hands would stay \
                     readable in the scrollback. Play them on the full screen (catan without --lines), or each \
                     on their own terminal with catan host.",
                    people.len()
                ));
            }
        };
        let people_set = SeatSet::one(person);
        let log = record.log();
        let bots = record
            .kinds()
            .iter()
            .enumerate()
            .map(|(i, k)| {
                k.bot_level().map(|level| {
                    let seat = Seat(i as u8);
                    let seed = bots::seat_seed(record.seed(), seat);
                    let mut bot: Box<dyn Bot> = match programs.get(i) {
                        Some(Some(spec)) => Box::new(crate::protocol::ProgramBot::new(
                            spec.clone(),
                            seat,
                            record.names().to_vec(),
                            seed,
                        )),
                        _ => bots::make(level, seed),
                    };
                    bot.set_time(bot_time);
                    bot.set_people(people_set, true);
                    bot.recall_offers(seat, &log);
                    bot
                })
            })
            .collect();
        let players = (0..record.names().len())
            .map(|i| match (programs.get(i), record.kinds()[i].bot_level()) {
                (Some(Some(spec)), _) => format!("program {}", spec.label()),
                (_, Some(level)) => level.to_string(),
                (_, None) => "you".to_string(),
            })
            .collect();
        Ok(Lines { record, autosave, bots, person, offered: None, open: None, shown: 0, players })
    }

    /// The record played so far.
    pub fn record(&self) -> &Record {
        &self.record
    }

    fn names(&self) -> Vec<String> {
        self.record.names().to_vec()
    }

    /// Plays to the end, or until the person leaves or the input closes.
    pub fn play(&mut self, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<End> {
        self.introduce(out)?;
        let mut shown = false;
        loop {
            if self.record.game().is_over() {
                self.game_over(out)?;
                return Ok(End::Over);
            }
            let seat = self.record.game().to_act();
            if seat != self.person {
                self.bot_moves(seat, out)?;
                shown = false;
                continue;
            }
            if !shown {
                self.show_menu(out)?;
                shown = true;
            }
            write!(out, "> ")?;
            out.flush()?;
            let Some(line) = read_line(input)? else {
                say(out, "Input closed. The game is saved: catan --continue --lines plays on.")?;
                return Ok(End::Closed);
            };
            match line {
                Err(why) => say(out, &why)?,
                Ok(text) => match self.typed(&text, out)? {
                    Step::Stay => {}
                    Step::Moved => shown = false,
                    Step::Menu => shown = false,
                    Step::Leave => {
                        say(out, "Saved. catan --continue --lines plays on from here.")?;
                        return Ok(End::Left);
                    }
                },
            }
        }
    }

    /// Who plays, the island, and how to ask for help.
    fn introduce(&self, out: &mut dyn Write) -> io::Result<()> {
        let names = self.names();
        let others: Vec<String> = self
            .record
            .kinds()
            .iter()
            .enumerate()
            .filter(|(_, k)| k.bot_level().is_some())
            .map(|(i, _)| format!("{} ({})", name(&names, Seat(i as u8)), self.players[i]))
            .collect();
        let g = self.record.game();
        say(
            out,
            &format!(
                "Catan. You are {}, seat {} of {}, against {}. {} points win.",
                name(&names, self.person),
                self.person.index() + 1,
                g.num_players(),
                super::words::join(others),
                g.config().target
            ),
        )?;
        say(out, "Say help at any prompt; board, hand and players tell the game.")
    }

    /// A bot's move, played and told.
    fn bot_moves(&mut self, seat: Seat, out: &mut dyn Write) -> io::Result<()> {
        let turn = self.record.game().turn_number();
        let may_offer = self.offered != Some((turn, seat));
        let bot = self.bots[seat.index()].as_mut().expect("every seat but the person's has a bot");
        bot.set_offers(may_offer);
        let view = self.record.game().acting_view();
        let mut action = bot.choose(view);
        if view.check(action).is_err() {
            // A bot's mistake must not stop the game: its first legal move instead.
            action = view.legal_actions()[0];
        }
        if let Some(notice) = bot.take_notice() {
            self.players[seat.index()] = "medium".into();
            say(out, &finish(&notice))?;
        }
        if matches!(action, Action::OfferTrade { .. }) {
            self.offered = Some((turn, seat));
        }
        self.play_action(action, out)
    }

    /// Plays `action`, tells its events and autosaves.
    fn play_action(&mut self, action: Action, out: &mut dyn Write) -> io::Result<()> {
        let events = self.record.apply(action).expect("only checked moves are played");
        // A program seat's log follows the game (our bots ignore it).
        for bot in self.bots.iter_mut().flatten() {
            bot.observe(&events);
        }
        self.tell(&events, out)?;
        if let Some(a) = &self.autosave
            && let Err(e) = a.write(&self.record)
        {
            say(out, &format!("Not autosaved: {e}"))?;
        }
        Ok(())
    }

    /// Each event as the person's seat may see it, a sentence a line.
    fn tell(&self, events: &[Event], out: &mut dyn Write) -> io::Result<()> {
        let names = self.names();
        let view = self.record.game().view(self.person);
        for line in sentences(&view, &names, self.person, events) {
            say(out, &line)?;
        }
        Ok(())
    }

    /// What the person must decide, and the menu.
    fn show_menu(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.open = None;
        let names = self.names();
        let view = self.record.game().acting_view();
        say(out, &situation(&view, &names))?;
        for (i, item) in self.menu().iter().enumerate() {
            say(out, &format!("{} {}.", i + 1, item.heading))?;
        }
        Ok(())
    }

    fn menu(&self) -> Vec<Item> {
        let view = self.record.game().acting_view();
        moves::menu(&view, self.record.names(), &view.legal_actions())
    }

    /// What a typed line does.
    fn typed(&mut self, text: &str, out: &mut dyn Write) -> io::Result<Step> {
        let names = self.names();
        let items = self.menu();
        let parsed = {
            let view = self.record.game().acting_view();
            moves::parse(&view, &names, &items, self.open, text)
        };
        match parsed {
            Typed::Play(action) => {
                self.open = None;
                self.play_action(action, out)?;
                Ok(Step::Moved)
            }
            Typed::Open(i) => {
                self.open = Some(i);
                self.shown = 0;
                let item = &items[i];
                say(out, &format!("{}, {} choices{}:", capital(&item.word), item.actions.len(), item.order))?;
                self.more(&items, out)?;
                Ok(Step::Stay)
            }
            Typed::Refused(why) => {
                say(out, &capital(&why))?;
                Ok(Step::Stay)
            }
            Typed::Other => self.asked(text, out),
        }
    }

    /// A question or a table command; unknown words get a pointer to help.
    fn asked(&mut self, text: &str, out: &mut dyn Write) -> io::Result<Step> {
        let names = self.names();
        let words = moves::normalize(text);
        let mut parts = words.splitn(2, ' ');
        let (verb, rest) = (parts.next().unwrap_or(""), parts.next().unwrap_or("").trim());
        let view = self.record.game().view(self.person);
        let number = rest.parse::<usize>().ok().filter(|&n| n >= 1);
        let lines: Vec<String> = match verb {
            // Enter alone plays the only move there is ("1 roll", "1 end turn").
            "" if self.only_move().is_some() => {
                let action = self.only_move().expect("just checked");
                self.play_action(action, out)?;
                return Ok(Step::Moved);
            }
            "" => vec!["Say a number from the menu, a command, or help.".into()],
            "menu" | "m" | "what" | "moves" => return Ok(Step::Menu),
            "more" | "next" if self.open.is_some() => {
                self.more(&self.menu(), out)?;
                return Ok(Step::Stay);
            }
            "back" => {
                self.open = None;
                return Ok(Step::Menu);
            }
            "help" | "h" | "?" => help(),
            "board" | "b" => ask::board(&view, &names),
            "hex" => match number.and_then(|n| view.topology().hexes().nth(n - 1)) {
                Some(h) => ask::hex(&view, &names, h),
                None => vec![format!("Hexes are 1 to {}: say hex 5.", view.topology().num_hexes())],
            },
            "corner" | "c" => match number.and_then(|n| view.topology().vertices().nth(n - 1)) {
                Some(v) => ask::corner(&view, &names, v),
                None => vec![format!("Corners are 1 to {}: say corner 12.", view.topology().num_vertices())],
            },
            "hand" | "cards" => ask::hand(&view),
            "players" | "scores" | "score" | "p" => ask::players(&view, &names),
            "bank" if rest.is_empty() => ask::bank(&view),
            "costs" | "cost" => ask::costs(&view),
            "rules" => ask::rules(&view),
            "status" | "turn" | "where" => self.status(),
            "log" => self.log(number.unwrap_or(10)),
            "advice" | "advise" | "a" => self.advice(),
            "undo" => match self.record.undo() {
                Ok(a) => {
                    self.autosave_now(out)?;
                    let back = format!("Took back {}.", a.taken_back());
                    say(out, &back)?;
                    return Ok(Step::Menu);
                }
                Err(why) => vec![format!("Can't undo: {why}.")],
            },
            "save" if !rest.is_empty() => match save::save_as(&self.record, rest) {
                Ok(path) => vec![format!("Saved to {}.", crate::text::escape(&path.display().to_string()))],
                Err(e) => vec![crate::text::escape(&e.to_string()).into_owned()],
            },
            "save" => vec!["Say save and a name: save friday.".into()],
            "quit" | "exit" | "q" => return Ok(Step::Leave),
            _ => vec![format!("\"{}\" is not a move or a question here. Say help.", crate::text::escape(text))],
        };
        for l in lines {
            say(out, &l)?;
        }
        Ok(Step::Stay)
    }

    /// The move, when the menu holds one line with one move and no list is open.
    fn only_move(&self) -> Option<Action> {
        match (self.open, self.menu().as_slice()) {
            (None, [item]) if item.actions.len() == 1 => Some(item.actions[0]),
            _ => None,
        }
    }

    /// The next [`LIST_PAGE`] choices of the open list, and what to say next.
    fn more(&mut self, items: &[Item], out: &mut dyn Write) -> io::Result<()> {
        let Some(item) = self.open.and_then(|i| items.get(i)) else { return Ok(()) };
        let names = self.names();
        let view = self.record.game().acting_view();
        let from = if self.shown >= item.actions.len() { 0 } else { self.shown };
        let to = (from + LIST_PAGE).min(item.actions.len());
        for (n, &a) in item.actions.iter().enumerate().take(to).skip(from) {
            say(out, &format!("{}: {}.", n + 1, moves::choice(&view, &names, a)))?;
        }
        self.shown = to;
        let left = item.actions.len() - to;
        if left > 0 {
            say(out, &format!("Say a number, more for the next {}, or back.", left.min(LIST_PAGE)))
        } else {
            say(out, "Say a number, or back.")
        }
    }

    fn autosave_now(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(a) = &self.autosave
            && let Err(e) = a.write(&self.record)
        {
            say(out, &format!("Not autosaved: {e}"))?;
        }
        Ok(())
    }

    /// Where the game is: the turn, whose it is and its roll, the robber, the war's round
    /// (R57) and the dice stack (R47).
    fn status(&self) -> Vec<String> {
        let names = self.names();
        let game = self.record.game();
        let view = game.view(self.person);
        let who = name(&names, view.current_player());
        let mut line = match (view.turn_number(), view.dice()) {
            (0, _) => "Set-up.".to_string(),
            (n, Some(d)) => format!("Turn {n}: {who}'s, rolled {}.", d[0] + d[1]),
            (n, None) => format!("Turn {n}: {who}'s, not rolled yet."),
        };
        line.push_str(&format!(" Robber on {}.", super::words::hex_words(view.board(), view.board().robber())));
        if let Some((round, attack)) = game.war_round() {
            let n = u32::from(view.config().players);
            let (phase, round) = if attack { ("attack", round - n) } else { ("build", round) };
            line.push_str(&format!(" War: {phase} phase, round {} of {n}.", round + 1));
        }
        if let Some(left) = view.dice_stack_left() {
            line.push_str(&format!(" Dice stack: {left} cards left."));
        }
        vec![line]
    }

    /// The last `n` events of the log as the person's seat may see them.
    fn log(&self, n: usize) -> Vec<String> {
        let names = self.names();
        let view = self.record.game().view(self.person);
        let log = self.record.log();
        let from = log.len().saturating_sub(n.min(200));
        log[from..].iter().map(|e| sentence(&view, &names, self.person, e)).collect()
    }

    /// The coach's best moves for the person's seat, with their chances and reasons.
    fn advice(&self) -> Vec<String> {
        let names = self.names();
        let game = self.record.game();
        if game.to_act() != self.person {
            return vec!["Advice is for your own moves.".into()];
        }
        let view = game.acting_view();
        let advice = bots::advice::advise(&view, &names);
        let mut lines = vec![format!("Your chance to win now: about {:.0}%.", advice.now * 100.0)];
        for (i, m) in advice.moves.iter().take(3).enumerate() {
            lines.push(format!(
                "{}. {}: {:.0}%, {:+.0}. {}",
                i + 1,
                moves::command(&view, &names, m.action),
                m.chance * 100.0,
                m.change * 100.0,
                m.reason
            ));
        }
        lines
    }

    /// The winner, everyone's points, and the seed that dealt the game (H7: shown at the end).
    fn game_over(&self, out: &mut dyn Write) -> io::Result<()> {
        let names = self.names();
        let view = self.record.game().view(self.person);
        say(out, "Game over.")?;
        for l in ask::players(&view, &names) {
            say(out, &l)?;
        }
        say(out, &format!("Seed {}: catan --seed {} deals this game again.", self.record.seed(), self.record.seed()))
    }
}

/// What a typed line led to.
enum Step {
    Stay,
    Moved,
    Menu,
    Leave,
}

/// One line of input, bounded: `None` at the end of input; a line past [`MAX_LINE`] bytes or
/// not text is refused whole.
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<Result<String, String>>> {
    let mut buf = Vec::new();
    let n = io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.len() > MAX_LINE && !buf.ends_with(b"\n") {
        // Skip the rest of the long line.
        let mut rest = Vec::new();
        input.read_until(b'\n', &mut rest)?;
        return Ok(Some(Err(format!("That line is too long: at most {MAX_LINE} characters."))));
    }
    Ok(Some(String::from_utf8(buf).map(|s| s.trim().to_string()).map_err(|_| "That line is not text.".to_string())))
}
