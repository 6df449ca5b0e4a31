//! The start screen's choices, remembered for next time: who sat where (people and computer
//! players with their levels) and the rules options, in `<data dir>/settings.json`.
//!
//! The file is written atomically (as saves are) when a game starts from the start screen, and
//! read when the start screen opens. It comes from outside, so it is read with care: a file
//! that is too large, not JSON, or holds a name or a rule the game would refuse is ignored as a
//! whole, with a one-line notice, and the defaults are used. Flags given on the command line
//! win over what it says (the command line merges them, see `cli.rs`).

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::{BoardKind, Config, MapId, Modules, Shortage, TurnStyle};
use crate::save::SeatInfo;

/// The file's name in the data directory.
pub const SETTINGS_FILE: &str = "settings.json";
/// The largest settings file read: a real one is well under a kilobyte.
const MAX_BYTES: u64 = 64 << 10;

/// What the start screen sets, as the file holds it. A field the file lacks takes its default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The seats in order: names, and who plays each.
    pub seats: Vec<SeatInfo>,
    pub target: u8,
    pub board: BoardKind,
    pub desert_center: bool,
    pub strict_phases: bool,
    pub shortage: Shortage,
    pub discard_limit: u8,
    pub friendly_robber: bool,
    pub paired_players: bool,
    /// House rules by their names in RULES.md, or the group words (`sea`, `war`, `all`); names
    /// this version can't play are left out.
    pub house_rules: Vec<String>,
    /// A map other than the one the player count deals (the archipelago, R51); none: that one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map: Option<MapId>,
    /// Whether computer players may offer the people trades (issue 33); on when not said.
    pub bot_offers_to_people: bool,
    /// The names of the seats that see a tip at each of their moments (issue 36); a file
    /// without it: none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tips: Vec<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::from_rules(&Config::default(), Vec::new())
    }
}

/// What reading the settings file found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loaded {
    /// No file yet: a first run.
    Missing,
    Found(Settings),
    /// A file that could not be used, and the one-line notice saying so.
    Ignored(String),
}

impl Settings {
    /// The settings of a game with these rules and seats.
    pub fn from_rules(rules: &Config, seats: Vec<SeatInfo>) -> Settings {
        Settings {
            seats,
            target: rules.target,
            board: rules.board,
            desert_center: rules.desert_center,
            strict_phases: rules.strict_phases,
            shortage: rules.shortage,
            discard_limit: rules.discard_limit,
            friendly_robber: rules.friendly_robber,
            paired_players: rules.turns == TurnStyle::Paired,
            house_rules: rules.modules.iter().map(|m| m.name().to_string()).collect(),
            map: (rules.map != MapId::for_players(rules.players)).then_some(rules.map),
            bot_offers_to_people: true,
            tips: Vec::new(),
        }
    }

    /// The rules these settings choose, for as many players as they seat (four when they seat
    /// fewer than two). House rules this version can't play are left out; `house_rules`
    /// takes the command line's group words too.
    pub fn rules(&self) -> Config {
        let players = if self.seats.len() >= 2 { u8::try_from(self.seats.len()).unwrap_or(u8::MAX) } else { 4 };
        let base = Config::with_players(players);
        let base = match self.map {
            Some(map) if map != base.map => Config { players, turns: base.turns, ..Config::on_map(map) },
            _ => base,
        };
        // Names and the group words of the command line (`sea`, `war`, `all`, meaning what
        // the map plays); a word this version doesn't know is left out.
        let modules = self
            .house_rules
            .iter()
            .filter_map(|n| Modules::parse_on(n, base.map).ok())
            .fold(Modules::NONE, |all, m| Modules(all.0 | (m.0 & Modules::PLAYABLE.0)));
        Config {
            target: self.target,
            board: self.board,
            desert_center: self.desert_center,
            strict_phases: self.strict_phases,
            shortage: self.shortage,
            discard_limit: self.discard_limit,
            friendly_robber: self.friendly_robber,
            turns: if self.paired_players { TurnStyle::Paired } else { base.turns },
            ..base
        }
        // Each module brings what its row needs (R55: the colonist sails, so ships).
        .with_modules(modules)
    }

    /// Checks what a file said: at most six seats with good names, and rules the game takes.
    fn check(&self) -> Result<(), String> {
        if self.seats.len() > crate::engine::MAX_PLAYERS {
            return Err(format!("{} seats", self.seats.len()));
        }
        let names: Vec<String> = self.seats.iter().map(|s| s.name.clone()).collect();
        crate::text::check_names(&names).map_err(|e| e.to_string())?;
        self.rules().validate().map_err(|e| e.to_string())
    }

    /// The settings file in the data directory (`$CATAN_DATA_DIR` or the platform's).
    pub fn file() -> Option<PathBuf> {
        crate::save::data_dir().map(|d| d.join(SETTINGS_FILE))
    }

    /// Reads settings from `path`. Never panics: a file that can't be used is
    /// [`Loaded::Ignored`] with a notice that names no content from it.
    pub fn load(path: &Path) -> Loaded {
        let ignored = |why: String| Loaded::Ignored(format!("{SETTINGS_FILE} ignored ({why}): the defaults are used"));
        // Opened as saves are: a named pipe or a device is refused without blocking (issue 27).
        let file = match crate::save::open_regular_file(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Loaded::Missing,
            Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => return ignored("not a file".into()),
            Err(e) => return ignored(format!("can't read it: {}", e.kind())),
        };
        let mut bytes = Vec::new();
        if let Err(e) = file.take(MAX_BYTES + 1).read_to_end(&mut bytes) {
            return ignored(format!("can't read it: {}", e.kind()));
        }
        if bytes.len() as u64 > MAX_BYTES {
            return ignored("too large".into());
        }
        match serde_json::from_slice::<Settings>(&bytes) {
            // serde's own message may quote the file; only where it went wrong is said.
            Err(e) => ignored(format!("damaged at line {}, column {}", e.line(), e.column())),
            Ok(s) => match s.check() {
                Ok(()) => Loaded::Found(s),
                Err(why) => ignored(crate::text::escape(&why).into_owned()),
            },
        }
    }

    /// Writes the settings to `path` atomically (a crash leaves the old file or the new one).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let json = serde_json::to_string_pretty(self).expect("settings serialize");
        crate::save::write_atomic(path, json.as_bytes())
    }
}

/// What the start screen opens with, read from the settings file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Remembered {
    /// The seats of the last game started from the start screen (none the first time).
    pub seats: Vec<SeatInfo>,
    /// No settings file yet: the how-to-play page opens first.
    pub first_run: bool,
    /// Said on the status line: a settings file that was ignored.
    pub notice: Option<String>,
    /// Where the choices are written when a game starts; `None`: nowhere.
    pub file: Option<PathBuf>,
    /// The settings turned bots' offers to people off (off by default: offers on).
    pub no_bot_offers: bool,
    /// The names of the seats with tips on.
    pub tips: Vec<String>,
}

impl Remembered {
    /// Reads the settings file at `file` (if any): the remembered seats, and the remembered
    /// rules (the defaults for what the file doesn't say, or when it is ignored).
    pub fn read(file: Option<PathBuf>) -> (Remembered, Config) {
        let loaded = file.as_deref().map_or(Loaded::Missing, Settings::load);
        let first_run = file.is_some() && loaded == Loaded::Missing;
        let (settings, notice) = match loaded {
            Loaded::Found(s) => (s, None),
            Loaded::Missing => (Settings::default(), None),
            Loaded::Ignored(notice) => (Settings::default(), Some(notice)),
        };
        let rules = settings.rules();
        let no_bot_offers = !settings.bot_offers_to_people;
        let tips = settings.tips;
        (Remembered { seats: settings.seats, first_run, notice, file, no_bot_offers, tips }, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotLevel;
    use crate::engine::Module;

    /// Issue 33: bots' offers to people are on unless the file turns them off.
    #[test]
    fn bots_offers_to_people_are_on_unless_the_file_says_off() {
        assert!(Settings::default().bot_offers_to_people);
        let old: Settings = serde_json::from_str(r#"{"target": 10}"#).unwrap();
        assert!(old.bot_offers_to_people, "a file from before the setting");
        let off: Settings = serde_json::from_str(r#"{"bot_offers_to_people": false}"#).unwrap();
        assert!(!off.bot_offers_to_people);
        let dir = std::env::temp_dir().join(format!("catan-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(SETTINGS_FILE);
        off.save(&file).unwrap();
        let (remembered, _) = Remembered::read(Some(file));
        assert!(remembered.no_bot_offers);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn house_rules_this_version_cant_play_are_left_out() {
        let s = Settings { house_rules: vec!["no_robber".into(), "no_such".into()], ..Settings::default() };
        let rules = s.rules();
        assert!(rules.modules.has(Module::NoRobber));
        assert_eq!(rules.modules.iter().count(), 1);
        assert!(rules.validate().is_ok());
    }

    /// Issue 34: `house_rules` takes the group words as the command line does: `war` is
    /// knights, ships, attacks and phases; `sea` and `all` bring colonist on the archipelago
    /// only (where an island counts for it).
    #[test]
    fn house_rules_take_the_group_words() {
        let s = Settings { house_rules: vec!["war".into()], ..Settings::default() };
        assert_eq!(s.rules().modules, Modules::WAR);
        let s = Settings { house_rules: vec!["sea".into(), "gold".into()], ..Settings::default() };
        assert_eq!(s.rules().modules, Modules::NONE.with(Module::Knights).with(Module::Ships).with(Module::Gold));
        assert!(s.check().is_ok());
        let s = Settings { house_rules: vec!["sea".into()], map: Some(MapId::Archipelago), ..Settings::default() };
        assert_eq!(s.rules().modules, Modules::SEA);
        let s = Settings { house_rules: vec!["all".into()], ..Settings::default() };
        assert_eq!(s.rules().modules.iter().count(), Module::ALL.len() - 1, "all but colonist on the standard map");
        assert!(s.check().is_ok());
    }

    #[test]
    fn rules_follow_the_seats() {
        let seats = (0..5).map(|i| SeatInfo::bot(format!("B{i}"), BotLevel::Easy)).collect();
        let s = Settings { seats, paired_players: true, ..Settings::default() };
        let rules = s.rules();
        assert_eq!(rules.players, 5);
        assert_eq!(rules.turns, TurnStyle::Paired);
        assert!(s.check().is_ok());
    }

    #[test]
    fn the_archipelago_and_the_unit_modules_are_remembered() {
        let seats = (0..3).map(|i| SeatInfo::bot(format!("B{i}"), BotLevel::Easy)).collect();
        let rules = Config { map: MapId::Archipelago, ..Config::on_map(MapId::Archipelago) }
            .with_modules(Modules::parse("war,colonist").unwrap());
        let rules = Config { players: 3, ..rules };
        let s = Settings::from_rules(&rules, seats);
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains("\"map\":\"archipelago\""), "{json}");
        let back: Settings = serde_json::from_str(&json).unwrap();
        assert_eq!(back.rules(), rules);
        // The base island is not written: five names still deal R40's island.
        let plain = Settings::from_rules(&Config::with_players(4), Vec::new());
        assert!(!serde_json::to_string(&plain).unwrap().contains("\"map\""));
    }
}
