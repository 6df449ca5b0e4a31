//! A game as its history: the seed, the rules, who sits where and every action played.
//!
//! The engine is deterministic (all randomness comes from the seeded RNG inside
//! [`Game`]), so `Game::new(config, seed)` followed by the action log rebuilds any moment of the
//! game exactly, future dice included. The replay viewer is built on that, and so is undo after
//! a load: the games undo goes back to are kept as the game is played ([`super::undo`]) and
//! rebuilt by the replay that checks a loaded log, so undo works the same after a load.

use crate::bots::RandomBot;
use crate::engine::{Action, BoardCode, Config, ConfigError, Event, Game, RuleError};
use crate::sim::TURN_LIMIT;

use super::error::{ReplayError, UndoRefusal};
use super::seats::{BotLevel, SeatInfo, SeatKind};
use super::undo::UndoMemory;

/// A game in progress together with everything needed to replay it.
///
/// Invariant: `game` is the state reached by playing `actions` on the game dealt from `config`
/// and `seed` (on `island`, when the game came from a board code: [`Game::new_on`]),
/// and `undo` holds what those actions left for undo. [`Record::apply`] and [`Record::undo`]
/// keep it; loading checks the first and rebuilds the second.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The seed of every draw: a secret until the game is over (H7).
    pub(super) seed: u64,
    /// The island, when it came from a board code rather than from the seed.
    pub(super) island: Option<Box<BoardCode>>,
    /// Whether the players gave the seed (`--seed`): whoever knows it knows the dice.
    pub(super) seed_given: bool,
    pub(super) config: Config,
    pub(super) names: Vec<String>,
    /// Who plays each seat, in seat order (as many as `names`).
    pub(super) kinds: Vec<SeatKind>,
    pub(super) actions: Vec<Action>,
    pub(super) game: Game,
    pub(super) undo: UndoMemory,
}

/// Why a new record can't start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("{found} names for {expected} players")]
    Names { expected: u8, found: usize },
    #[error(transparent)]
    Name(#[from] crate::text::NameError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// "Player 1", "Player 2", ...: names for `n` players when nobody typed any.
pub fn default_names(n: u8) -> Vec<String> {
    (1..=n).map(|i| format!("Player {i}")).collect()
}

impl Record {
    /// Deals a new game for people only; `names` holds one name per player, in seat order.
    pub fn new(config: Config, seed: u64, names: Vec<String>) -> Result<Record, StartError> {
        let kinds = vec![SeatKind::Human; names.len()];
        Record::start(config, seed, names, kinds)
    }

    /// Deals a new game; `seats` holds one seat per player, in seat order: a name and who
    /// plays it.
    pub fn new_with_seats(config: Config, seed: u64, seats: Vec<SeatInfo>) -> Result<Record, StartError> {
        let (names, kinds) = seats.into_iter().map(|s| (s.name, s.kind)).unzip();
        Record::start(config, seed, names, kinds)
    }

    /// Deals a new game as [`Record::new_with_seats`] does, on `island` when given (a board
    /// code, H7), and remembers whether the seed was given by the players.
    pub fn new_dealt(
        config: Config,
        seed: u64,
        seed_given: bool,
        island: Option<BoardCode>,
        seats: Vec<SeatInfo>,
    ) -> Result<Record, StartError> {
        let (names, kinds) = seats.into_iter().map(|s| (s.name, s.kind)).unzip();
        let mut record = Record::start_on(config, seed, island, names, kinds)?;
        record.seed_given = seed_given;
        Ok(record)
    }

    fn start(config: Config, seed: u64, names: Vec<String>, kinds: Vec<SeatKind>) -> Result<Record, StartError> {
        Record::start_on(config, seed, None, names, kinds)
    }

    fn start_on(
        config: Config,
        seed: u64,
        island: Option<BoardCode>,
        names: Vec<String>,
        kinds: Vec<SeatKind>,
    ) -> Result<Record, StartError> {
        let (game, _) = deal(&config, seed, island.as_ref())?;
        let island = island.map(Box::new);
        if names.len() != config.players as usize {
            return Err(StartError::Names { expected: config.players, found: names.len() });
        }
        crate::text::check_names(&names)?;
        let undo = UndoMemory::default();
        Ok(Record { seed, island, seed_given: false, config, names, kinds, actions: Vec::new(), game, undo })
    }

    /// A record rebuilt by replaying `actions` on a game dealt from `config` and `seed`, for a
    /// front end that keeps its own list of the actions played. Refuses an illegal log.
    pub fn from_actions(
        config: Config,
        seed: u64,
        names: Vec<String>,
        actions: &[Action],
    ) -> Result<Record, StartError> {
        let mut record = Record::new(config, seed, names)?;
        (record.game, record.undo) = replay_remembering(&config, seed, None, actions)?;
        record.actions = actions.to_vec();
        Ok(record)
    }

    /// The seed the game's draws come from: a secret until the game is over (H7).
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The island's board code, when the game was dealt on one (`--board`).
    pub fn island(&self) -> Option<&BoardCode> {
        self.island.as_deref()
    }
    /// Whether the players gave the seed (`--seed`): then whoever knows it knows the dice.
    pub fn seed_given(&self) -> bool {
        self.seed_given
    }
    /// The game as dealt, before any action, with the events of the deal (the starting
    /// rolls).
    pub fn dealt(&self) -> (Game, Vec<Event>) {
        deal(&self.config, self.seed, self.island.as_deref()).expect("a record's rules are valid")
    }
    /// The rules.
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// The players' names, in seat order.
    pub fn names(&self) -> &[String] {
        &self.names
    }
    /// Who plays each seat, in seat order.
    pub fn kinds(&self) -> &[SeatKind] {
        &self.kinds
    }
    /// The seats as a save lists them: each player's name and who plays it, in seat order.
    pub fn seats(&self) -> Vec<SeatInfo> {
        self.names
            .iter()
            .zip(&self.kinds)
            .map(|(name, &kind)| SeatInfo { name: name.clone(), kind, program: None })
            .collect()
    }
    /// Every action played so far, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }
    /// Number of actions played: the last step of [`Record::game_at`].
    pub fn len(&self) -> usize {
        self.actions.len()
    }
    /// True before the first action.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }
    /// The game as it stands now.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays an action for the player who must act and logs it. On error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let before = self.game;
        let events = self.game.apply(action)?;
        self.actions.push(action);
        self.undo.played(&before, action, &self.game);
        Ok(events)
    }

    /// The game after the first `step` actions (0: as dealt), rebuilt from the seed. Steps past
    /// the end give the game as it stands. Costs one replay; a viewer that steps back and forth
    /// should use [`super::Timeline`].
    pub fn game_at(&self, step: usize) -> Game {
        replay(&self.config, self.seed, self.island.as_deref(), &self.actions[..step.min(self.actions.len())])
            .expect("a record's log is legal: apply and load check it")
    }

    /// Every event from the deal to now, oldest first, rebuilt by a replay: the log panel's
    /// contents after a load or an undo.
    pub fn log(&self) -> Vec<Event> {
        let (mut game, mut events) = self.dealt();
        for &action in &self.actions {
            game.apply_into(action, &mut events).expect("a record's log is legal");
        }
        events
    }

    /// Re-plays the whole log from the seed and returns the state it leads to.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        replay(&self.config, self.seed, self.island.as_deref(), &self.actions)
    }

    /// Re-plays the log and checks it reproduces the current state exactly, RNG included.
    pub fn verify(&self) -> Result<(), ReplayError> {
        self.replay_and_compare().map(|_| ())
    }

    /// [`Record::verify`], keeping what the replay leaves for undo: a loaded record's undo
    /// works as it did before the save.
    pub(super) fn verify_and_remember(&mut self) -> Result<(), ReplayError> {
        self.undo = self.replay_and_compare()?;
        Ok(())
    }

    fn replay_and_compare(&self) -> Result<UndoMemory, ReplayError> {
        let (replayed, undo) = replay_remembering(&self.config, self.seed, self.island.as_deref(), &self.actions)?;
        if replayed == self.game {
            return Ok(undo);
        }
        Err(ReplayError::Mismatch { at: super::format::first_difference(&replayed, &self.game) })
    }

    /// Whether [`Record::undo`] would take the last action back, and if not, why.
    ///
    /// The rule (docs/save-format.md, "Undo"): the last action can be taken back when
    /// 1. the game is not over;
    /// 2. it was made by the player who must act now, and play stayed with them (so undo never
    ///    shows a hidden hand to another player, H1);
    /// 3. it revealed nothing new, as the engine tells ([`Game::revealed`]): it drew nothing
    ///    from the RNG (a roll, a steal, the dragon), drew no development card, and took no
    ///    one's hidden cards (a monopoly);
    /// 4. it involved no other player's choice: a trade another player accepted or countered
    ///    (`ConfirmTrade`) is final (RULES H3), so undo never reaches past it.
    ///
    /// Each action is judged once, when it is played; this only reads what that left.
    pub fn can_undo(&self) -> Result<(), UndoRefusal> {
        self.undo.check()
    }

    /// Takes back the last action if [`Record::can_undo`] allows it, returning the action.
    /// The game goes back to the one kept from before the action, RNG included, so the next
    /// roll is the one that would have come.
    pub fn undo(&mut self) -> Result<Action, UndoRefusal> {
        self.game = self.undo.take_back()?;
        Ok(self.actions.pop().expect("a game to go back to means an action to take back"))
    }
}

/// The game dealt from `config` and `seed`, on `island` when the game came from a board code.
fn deal(config: &Config, seed: u64, island: Option<&BoardCode>) -> Result<(Game, Vec<Event>), ConfigError> {
    match island {
        Some(code) => Game::new_on_with_events(*config, seed, code),
        None => Game::new_with_events(*config, seed),
    }
}

/// Plays `actions` on a game freshly dealt from `config` and `seed`, noting what each leaves
/// for undo.
fn replay_remembering(
    config: &Config,
    seed: u64,
    island: Option<&BoardCode>,
    actions: &[Action],
) -> Result<(Game, UndoMemory), ReplayError> {
    let (mut game, _) = deal(config, seed, island).map_err(ReplayError::Config)?;
    let mut undo = UndoMemory::default();
    let mut events = Vec::with_capacity(32);
    for (i, &action) in actions.iter().enumerate() {
        events.clear();
        let before = game;
        game.apply_into(action, &mut events).map_err(|error| ReplayError::Illegal { number: i + 1, action, error })?;
        undo.played(&before, action, &game);
    }
    Ok((game, undo))
}

/// Plays `actions` on a game freshly dealt from `config` and `seed`.
pub(super) fn replay(
    config: &Config,
    seed: u64,
    island: Option<&BoardCode>,
    actions: &[Action],
) -> Result<Game, ReplayError> {
    let mut game = match island {
        Some(code) => Game::new_on(*config, seed, code),
        None => Game::new(*config, seed),
    }
    .map_err(ReplayError::Config)?;
    let mut events = Vec::with_capacity(32);
    for (i, &action) in actions.iter().enumerate() {
        events.clear();
        game.apply_into(action, &mut events).map_err(|error| ReplayError::Illegal { number: i + 1, action, error })?;
    }
    Ok(game)
}

/// Plays a whole game between random players, recorded: the same game as
/// [`crate::sim::play_one`] with the same seed (a test checks it), for `catan simulate --save-dir`.
/// Its seats are random bots ([`BotLevel::Random`]).
pub fn play_random(config: Config, seed: u64) -> Result<Record, StartError> {
    let bot = SeatKind::Bot(BotLevel::Random);
    let seats =
        default_names(config.players).into_iter().map(|name| SeatInfo { name, kind: bot, program: None }).collect();
    let mut record = Record::new_with_seats(config, seed, seats)?;
    let mut bot = RandomBot::new(seed ^ 0x005E_ED0F_B075);
    while record.game.turn_number() < TURN_LIMIT {
        let Some(action) = bot.choose(record.game.view(record.game.to_act())) else { break };
        record.apply(action).expect("a legal action is accepted");
    }
    Ok(record)
}
