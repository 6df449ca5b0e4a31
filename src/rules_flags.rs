//! Command-line flags for the rules options of RULES.md; every option of [`Config`] is settable.

use clap::{Args, ValueEnum};

use catan::engine::{BoardKind, Config, Costs, Group, MapId, Modules, Shortage, TABLE, TurnStyle};

/// How the board is dealt (R6, R7, R8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BoardFlag {
    /// Shuffled terrain and harbors, tokens in the official spiral.
    Variable,
    /// The fixed layout of the official beginner set-up.
    Beginner,
    /// Terrain and tokens fully shuffled; no 6 or 8 side by side.
    Random,
}

impl BoardFlag {
    /// The flag that deals boards of `kind`.
    pub fn of(kind: BoardKind) -> BoardFlag {
        match kind {
            BoardKind::Variable => BoardFlag::Variable,
            BoardKind::Beginner => BoardFlag::Beginner,
            BoardKind::Random => BoardFlag::Random,
        }
    }
}

/// What the bank does when it can't pay everyone (R16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShortageFlag {
    /// No one is paid, unless only one player is owed: they get what is left.
    Official,
    /// No one is paid.
    NoneAtAll,
    /// Paid in turn order from the roller until the bank is empty.
    TurnOrder,
}

/// A map by its name (`standard`, `five-six`, `archipelago`).
fn parse_map(name: &str) -> Result<MapId, String> {
    MapId::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = MapId::ALL.iter().map(|m| m.name()).collect();
        format!("no map called {name:?}: choose {}", names.join(", "))
    })
}

/// Rules options; the defaults are the official base game.
#[derive(Args, Clone, Debug)]
pub struct RulesFlags {
    /// The map (standard, five-six or archipelago); by default the one made for the number of
    /// players. It comes with its bank and deck.
    #[arg(long, value_name = "NAME", value_parser = parse_map)]
    pub map: Option<MapId>,
    /// How the board is dealt.
    #[arg(long, value_enum, default_value = "variable")]
    pub board: BoardFlag,
    /// The desert sits in the middle of the island.
    #[arg(long)]
    pub desert_center: bool,
    /// All trading must come before any building in a turn.
    #[arg(long)]
    pub strict_phases: bool,
    /// What the bank does when it runs short of a resource.
    #[arg(long, value_enum, default_value = "official")]
    pub shortage: ShortageFlag,
    /// On a 7, players holding more than this many cards discard half.
    #[arg(long, default_value_t = 7)]
    pub discard_limit: u8,
    /// Points needed to win.
    #[arg(long, default_value_t = 10)]
    pub target: u8,
    /// The robber spares players with fewer than 3 points.
    #[arg(long)]
    pub friendly_robber: bool,
    /// With 5 or 6 players: pair each player with the third after them instead of the
    /// Special Building Phase (R40a).
    #[arg(long)]
    pub paired_players: bool,
    /// House rules, comma-separated (help written by [`house_rules_help`]).
    #[arg(long, value_name = "NAMES", value_parser = parse_house_rules, default_value = "")]
    pub house_rules: HouseRules,
}

/// The `--house-rules` list as typed, checked: its group words mean what the map plays, so it
/// is read for the map once that is known ([`Modules::parse_on`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HouseRules(String);

impl HouseRules {
    /// The modules the list turns on for a game on `map`.
    pub fn on(&self, map: MapId) -> Modules {
        Modules::parse_on(&self.0, map).expect("checked as parsed")
    }
}

fn parse_house_rules(list: &str) -> Result<HouseRules, String> {
    Modules::parse(list).map(|_| HouseRules(list.to_string()))
}

/// `--house-rules`'s help, naming every module this version plays and what each group word
/// brings, from the engine's table of them ([`TABLE`]).
pub fn house_rules_help() -> String {
    let groups: Vec<String> = Group::ALL.iter().map(|g| format!("`{}` for {}", g.word(), g.said())).collect();
    let mut help = format!(
        "House rules of the seed collection, comma-separated (names as in RULES.md: {}), {}, `all` for \
         every one.",
        Modules::names(),
        groups.join(", ")
    );
    // The modules that count only on some maps: a group leaves them out elsewhere.
    for row in TABLE.iter().filter(|r| r.counts_on.is_some()) {
        let counts = row.counts_on.unwrap_or(|_| true);
        let maps: Vec<&str> = MapId::ALL.iter().filter(|m| counts(m.topology())).map(|m| m.name()).collect();
        help.push_str(&format!(
            " A group brings {} only on {} ({}); named alone elsewhere it is refused",
            row.name,
            row.counts_where,
            maps.join(", ")
        ));
    }
    help
}

/// `--house-rules`'s long help (`--help`): [`house_rules_help`], then a line a module with its
/// ruling.
pub fn house_rules_long_help() -> String {
    let width = TABLE.iter().map(|r| r.name.len()).max().unwrap_or(0);
    let rows: Vec<String> = TABLE.iter().map(|r| format!("  {:width$}  {}", r.name, r.about)).collect();
    format!("{}\n\n{}", house_rules_help(), rows.join("\n"))
}

impl RulesFlags {
    /// The configuration for `players` players with these options.
    pub fn config(&self, players: u8) -> Config {
        let mut base = Config::with_players(players);
        if let Some(map) = self.map {
            let on_map = Config::on_map(map);
            (base.map, base.bank, base.deck) = (map, on_map.bank, on_map.deck);
        }
        let modules = self.house_rules.on(base.map);
        Config {
            players,
            board: match self.board {
                BoardFlag::Variable => BoardKind::Variable,
                BoardFlag::Beginner => BoardKind::Beginner,
                BoardFlag::Random => BoardKind::Random,
            },
            desert_center: self.desert_center,
            strict_phases: self.strict_phases,
            shortage: match self.shortage {
                ShortageFlag::Official => Shortage::Official,
                ShortageFlag::NoneAtAll => Shortage::NoneAtAll,
                ShortageFlag::TurnOrder => Shortage::TurnOrder,
            },
            discard_limit: self.discard_limit,
            target: self.target,
            friendly_robber: self.friendly_robber,
            turns: if self.paired_players { TurnStyle::Paired } else { base.turns },
            ..base
        }
        .with_modules(modules)
    }

    /// The rules `remembered` (the start screen's last ones), with the options whose flags were
    /// given (`given(id)`, the field's name) taken from the flags instead: the command line wins.
    pub fn over(&self, remembered: Config, given: impl Fn(&str) -> bool) -> Config {
        let flags = self.config(remembered.players);
        let pick = |id: &str| if given(id) { &flags } else { &remembered };
        let map = pick("map");
        let modules = if given("house_rules") { self.house_rules.on(map.map) } else { remembered.modules };
        Config {
            map: map.map,
            bank: map.bank,
            deck: map.deck,
            board: pick("board").board,
            desert_center: pick("desert_center").desert_center,
            strict_phases: pick("strict_phases").strict_phases,
            shortage: pick("shortage").shortage,
            discard_limit: pick("discard_limit").discard_limit,
            target: pick("target").target,
            friendly_robber: pick("friendly_robber").friendly_robber,
            turns: pick("paired_players").turns,
            costs: Costs::BASE,
            ..remembered
        }
        .with_modules(modules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        rules: RulesFlags,
    }

    /// Issue 15: flags given on the command line win over the remembered settings; the
    /// others keep what was remembered.
    #[test]
    fn given_flags_win_over_remembered_rules() {
        let remembered = Config { target: 12, strict_phases: true, friendly_robber: true, ..Config::default() };
        let flags = Flags::parse_from(["catan", "--target", "8", "--board", "beginner"]).rules;
        let given = |id: &str| ["target", "board"].contains(&id);
        let got = flags.over(remembered, given);
        assert_eq!((got.target, got.board), (8, BoardKind::Beginner), "given: the flags'");
        assert!(got.strict_phases && got.friendly_robber, "not given: remembered");
        let none = flags.over(remembered, |_| false);
        assert_eq!(none, remembered);
    }
}
