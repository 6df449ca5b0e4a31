//! A program as a seat: [`ProgramBot`] is a [`Bot`] whose decisions a program makes over the
//! protocol. It is the one place a program seat's rules live: the handshake, the time each
//! decision may take, what counts as a move, and what happens when the program misbehaves
//! (crashes, hangs past its time, answers something malformed or illegal, floods its output,
//! closes it): the program is stopped (its process group killed), the failure is named once
//! ([`Bot::take_notice`]), and a medium bot plays the seat from that decision on. The game
//! goes on; nothing is lost.

use std::time::{Duration, Instant};

use crate::bots::{Bot, BotLevel, MediumBot};
use crate::engine::{Action, Event, PlayerView, Seat, SeatSet};

use super::{FromProgram, PROTOCOL, ToProgram, VERSION, WireAction, WireMap, WireView, line};

/// The computer player that takes over a program's seat when the program fails (and plays
/// it in a game played on from a save, which starts no program).
pub const TAKES_OVER: BotLevel = BotLevel::Medium;

/// How long a program may take to start and say hello.
pub const HELLO_TIME: Duration = Duration::from_secs(10);
/// What a move may come later than its time, for the pipes and the scheduler.
pub const GRACE: Duration = Duration::from_millis(250);
/// How long a program may take to exit once told the game is over.
const EXIT_TIME: Duration = Duration::from_millis(300);
/// The longest name a program may give itself that is shown (longer ones are cut).
const NAME_MAX: usize = 32;

/// A program to seat: its command line, split into words (no shell reads it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProgramSpec {
    /// The program and its arguments.
    pub argv: Vec<String>,
}

impl ProgramSpec {
    /// Reads a command line as a POSIX shell splits words (quotes and backslashes), without
    /// running a shell: no variables, globs, pipes or redirections.
    pub fn parse(command: &str) -> Result<ProgramSpec, String> {
        let argv = shell_words::split(command).map_err(|e| format!("can't read the program's command line: {e}"))?;
        if argv.is_empty() {
            return Err("a program seat names a command: prog:COMMAND".into());
        }
        Ok(ProgramSpec { argv })
    }

    /// A short name for screens and reports: the first argument that names a file (a script
    /// after its interpreter), else the program, without its folder; printable, at most 24
    /// characters.
    pub fn label(&self) -> String {
        let script = |a: &&String| !a.starts_with('-') && a.contains('.') && !a.contains(char::is_whitespace);
        let word = self.argv.iter().skip(1).find(script).unwrap_or(&self.argv[0]);
        let base = word.rsplit('/').next().unwrap_or(word);
        base.chars().filter(|c| !c.is_control()).take(24).collect()
    }
}

/// Where the program stands.
enum State {
    /// Not started yet: it starts at the seat's first decision, on the thread that decides.
    Waiting,
    #[cfg(unix)]
    Running { child: super::child::Child, next: u64 },
    /// Stopped (or over): the medium bot plays.
    Stopped,
}

/// A seat played by a program (see the module documentation).
pub struct ProgramBot {
    spec: ProgramSpec,
    seat: Seat,
    names: Vec<String>,
    time: Duration,
    state: State,
    /// The name the program gave itself.
    name: Option<String>,
    /// What the seat saw happen since its last decision, as its screen's log says it.
    events: Vec<String>,
    notice: Option<String>,
    fallback: MediumBot,
}

impl ProgramBot {
    /// A program for `seat` at a table of `names`; `seed` seeds the medium bot that takes over
    /// if the program fails. Nothing starts until the seat's first decision.
    pub fn new(spec: ProgramSpec, seat: Seat, names: Vec<String>, seed: u64) -> ProgramBot {
        ProgramBot {
            spec,
            seat,
            names,
            time: crate::bots::BOT_TIME,
            state: State::Waiting,
            name: None,
            events: Vec::new(),
            notice: None,
            fallback: MediumBot::new(seed),
        }
    }

    /// The program's command, as given.
    pub fn spec(&self) -> &ProgramSpec {
        &self.spec
    }

    /// The name the program gave in its hello, once it has.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// True once the program was stopped for a failure (or the game ended): the medium bot
    /// plays.
    pub fn stopped(&self) -> bool {
        matches!(self.state, State::Stopped)
    }

    fn seat_name(&self) -> String {
        self.names.get(self.seat.index()).cloned().unwrap_or_else(|| self.seat.to_string())
    }

    /// Stops the program for `why` and says so once.
    fn fail(&mut self, why: String) {
        #[cfg(unix)]
        let tail = match &mut self.state {
            State::Running { child, .. } => {
                let tail = child.stderr_tail();
                child.stop();
                tail
            }
            _ => String::new(),
        };
        #[cfg(not(unix))]
        let tail = String::new();
        self.state = State::Stopped;
        let said = if tail.is_empty() { String::new() } else { format!(" (it said: {tail})") };
        let called = self.name.as_ref().map_or(String::new(), |n| format!(" ({n:?})"));
        self.notice = Some(format!(
            "{}'s program {}{called} was stopped: {why}{said}; a medium bot plays the seat now",
            self.seat_name(),
            self.spec.label()
        ));
    }

    /// Starts the program and shakes hands: `Ok` once it has said hello in a version we speak
    /// and been told what it plays.
    #[cfg(unix)]
    fn start(&mut self, view: &PlayerView<'_>) -> Result<(), String> {
        let mut child = super::child::Child::spawn(&self.spec.argv)
            .map_err(|e| format!("it could not be started ({})", crate::text::escape(&e.to_string())))?;
        let hello = ToProgram::Hello {
            protocol: PROTOCOL.into(),
            versions: vec![VERSION],
            game: format!("catan {}", env!("CARGO_PKG_VERSION")),
        };
        child.send(line(&hello));
        let answer = child.recv(Instant::now() + HELLO_TIME);
        self.state = State::Running { child, next: 1 };
        let text = answer.map_err(|s| silence(s, "say hello"))?;
        match serde_json::from_str::<FromProgram>(&text) {
            Ok(FromProgram::Hello { name, version }) if version == VERSION => {
                self.name = Some(name.chars().filter(|c| !c.is_control()).take(NAME_MAX).collect());
            }
            Ok(FromProgram::Hello { version, .. }) => {
                return Err(format!("it speaks protocol version {version}; this game speaks {VERSION}"));
            }
            _ => return Err(format!("its hello was not one: {}", shown(&text))),
        }
        let start = ToProgram::Start {
            version: VERSION,
            seat: self.seat.0,
            names: self.names.clone(),
            time_ms: u64::try_from(self.time.as_millis()).unwrap_or(u64::MAX),
            rules: *view.config(),
            map: WireMap::of(view.topology()),
        };
        if let State::Running { child, .. } = &self.state {
            child.send(line(&start));
        }
        Ok(())
    }

    #[cfg(not(unix))]
    fn start(&mut self, _view: &PlayerView<'_>) -> Result<(), String> {
        Err("program seats need a Unix system (process groups)".into())
    }

    /// Asks the program for its move in `view`.
    #[cfg(unix)]
    fn ask(&mut self, view: &PlayerView<'_>) -> Result<Action, String> {
        let legal = view.legal_actions();
        let State::Running { child, next } = &mut self.state else { return Err("it is not running".into()) };
        let id = *next;
        *next += 1;
        let events = std::mem::take(&mut self.events);
        let wire: Vec<WireAction> = legal.iter().map(|&a| WireAction::of(a)).collect();
        child.send(line(&ToProgram::Decide { id, view: Box::new(WireView::of(view)), legal: wire, events }));
        let text = child.recv(Instant::now() + self.time + GRACE).map_err(|s| silence(s, "move"))?;
        let Ok(FromProgram::Move { id: got, index, action }) = serde_json::from_str::<FromProgram>(&text) else {
            return Err(format!("it answered something that is not a move: {}", shown(&text)));
        };
        if got != id {
            return Err(format!("it answered decision {got} when asked decision {id}"));
        }
        let by_index = match index {
            Some(i) => Some(*legal.get(i).ok_or_else(|| format!("it chose move {i} of {}", legal.len()))?),
            None => None,
        };
        let named = match &action {
            Some(w) => Some(w.action().ok_or_else(|| format!("it named no action: {}", shown(&text)))?),
            None => None,
        };
        let action = match (by_index, named) {
            (Some(a), Some(b)) if a != b => {
                return Err(format!("its move {} is not the action it named", index.unwrap_or(0)));
            }
            (Some(a), _) | (None, Some(a)) => a,
            (None, None) => return Err("its move named neither an index nor an action".into()),
        };
        view.check(action).map_err(|e| format!("it played an illegal move ({e})"))?;
        Ok(action)
    }

    #[cfg(not(unix))]
    fn ask(&mut self, _view: &PlayerView<'_>) -> Result<Action, String> {
        Err("program seats need a Unix system".into())
    }

    /// Tells the program the game is over for it and lets it go.
    fn finish(&mut self) {
        #[cfg(unix)]
        if let State::Running { child, .. } = &mut self.state {
            child.send(line(&ToProgram::End { events: std::mem::take(&mut self.events) }));
            child.close(EXIT_TIME);
        }
        self.state = State::Stopped;
    }
}

/// Why no line came, in words.
#[cfg(unix)]
fn silence(s: super::child::Silence, doing: &str) -> String {
    use super::child::Silence;
    match s {
        Silence::Late => format!("it took too long to {doing}"),
        Silence::Closed(Some(status)) => format!("it ended ({status}) instead of answering"),
        Silence::Closed(None) => "it closed its output".into(),
        Silence::TooLong => format!("it wrote a line longer than {} bytes", super::MAX_PROGRAM_LINE),
        Silence::TooMuch => format!("it wrote more than {} bytes in all", super::MAX_PROGRAM_BYTES),
    }
}

/// A line the program wrote, shortened and made printable for a message.
fn shown(text: &str) -> String {
    let t: String = text.trim().chars().take(60).collect();
    format!("{:?}", t)
}

impl Bot for ProgramBot {
    fn choose(&mut self, view: PlayerView<'_>) -> Action {
        if matches!(self.state, State::Waiting)
            && let Err(why) = self.start(&view)
        {
            self.fail(why);
        }
        if matches!(self.state, State::Stopped) {
            return self.fallback.choose(view);
        }
        match self.ask(&view) {
            Ok(action) => action,
            Err(why) => {
                self.fail(why);
                self.fallback.choose(view)
            }
        }
    }

    fn level(&self) -> BotLevel {
        TAKES_OVER
    }

    fn set_time(&mut self, budget: Duration) {
        self.time = budget;
        self.fallback.set_time(budget);
    }

    fn set_offers(&mut self, on: bool) {
        self.fallback.set_offers(on);
    }

    fn set_people(&mut self, people: SeatSet, offer_to_people: bool) {
        self.fallback.set_people(people, offer_to_people);
    }

    fn recall_offers(&mut self, me: Seat, log: &[Event]) {
        self.fallback.recall_offers(me, log);
        // A program seated on a game under way is told what the seat's log shows.
        self.observe(log);
    }

    fn observe(&mut self, events: &[Event]) {
        let names = &self.names;
        let name = |s: Seat| names.get(s.index()).cloned().unwrap_or_else(|| s.to_string());
        let over = events.iter().any(|e| matches!(e, Event::Won { .. }));
        if !matches!(self.state, State::Stopped) {
            self.events.extend(events.iter().map(|e| e.describe(&name, Some(self.seat))));
        }
        if over {
            self.finish();
        }
    }

    fn take_notice(&mut self) -> Option<String> {
        self.notice.take()
    }
}

impl Drop for ProgramBot {
    fn drop(&mut self) {
        self.finish();
    }
}
