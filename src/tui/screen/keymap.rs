//! Key bindings as data: one table per mode of `{keys, command, description}` (as in yazi and
//! gitui). The same tables drive dispatch, the footer of keys that work now, and the help.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::engine::Resource;

/// What the keyboard is doing now; each mode has its own table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The start screen, the cursor on a seat: typing its name, person or computer player.
    Start,
    /// The start screen, the cursor on a rules option, a house rule or "start".
    StartRules,
    /// The how-to-play page (first run, `?` on the start screen, `h` in the help).
    HowTo,
    /// The screen that hides every hand until the next player takes the keyboard.
    Handoff,
    /// Rolling, building, trading, ending the turn.
    Turn,
    /// Choosing an intersection, path or hex on the island.
    Select,
    /// Composing a trade offer or counter-offer.
    Composer,
    /// Answering another player's offer.
    Answer,
    /// Choosing whose answer to take.
    Responses,
    /// The shared screen of an offer: each person asked answers by their letter, then a key.
    Offer,
    /// The shared screen after a turn (R40): who wants to build, by their letters.
    Builders,
    /// Picking cards: discards, year of plenty, monopoly.
    Picker,
    /// Choosing whom to rob.
    Victim,
    /// Trading with the bank.
    Maritime,
    /// Playing a development card.
    Cards,
    /// The units' lists: what to build or act with, how, which (R52, R53).
    Units,
    Help,
    /// "Really quit?"
    Quit,
    /// Typing a name for a save.
    SaveName,
    /// The game is over.
    Over,
    /// A computer player is to act: only the keys that work anywhere; any other key shows its
    /// next move at once.
    Bot,
    /// The person to act plays on another screen (a joined seat): only the keys that work
    /// anywhere, until play comes back to this screen.
    Away,
    /// The person to act plays on another screen whose terminal is gone: their seat waits, and
    /// this screen may play it here or hand it to a computer player for now.
    Gone,
    /// A fight is shown (R56): any key goes on, and does nothing else.
    Fight,
    /// The advice panel (issue 36): read-only; its keys close it.
    Advice,
}

/// Everything a key can ask for. The app decides what each means in the current mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmd {
    Help,
    Quit,
    LogUp,
    LogDown,
    Confirm,
    Cancel,
    Up,
    Down,
    Left,
    Right,
    Next,
    Prev,
    More,
    Less,
    Toggle,
    Roll,
    BuildRoad,
    BuildSettlement,
    BuildCity,
    /// R44: wall a city (the footer offers it only when legal, so only with the module).
    BuildCastle,
    BuyCard,
    PlayCard,
    Trade,
    Maritime,
    /// R52, R53: build a unit or act with one (the footer offers it only when legal).
    Units,
    EndTurn,
    Accept,
    Decline,
    Counter,
    Yes,
    No,
    Board,
    /// Take back the acting player's last action.
    Undo,
    /// Save the game under a name (opens the prompt).
    Save,
    /// A resource by its key, the same in every dialog that names resources.
    Pick(Resource),
    /// Open the how-to-play page.
    HowTo,
    /// Take a seat off the start screen.
    Remove,
    /// Open (or close) the advice panel for the player at the keyboard (issue 36).
    Advice,
    /// Play a seat whose own terminal is gone on this screen (hot-seat) until it joins again.
    PlayHere,
    /// Let a computer player play a seat whose own terminal is gone, until it joins again.
    StandIn,
}

/// One binding: the keys, how the help and footer name them, and what they do.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub keys: &'static [KeyCode],
    pub label: &'static str,
    pub cmd: Cmd,
    pub desc: &'static str,
}

const fn b(keys: &'static [KeyCode], label: &'static str, cmd: Cmd, desc: &'static str) -> Binding {
    Binding { keys, label, cmd, desc }
}

use KeyCode::{BackTab, Backspace, Char, Delete, Down, Enter, Esc, F, Home, Left, PageDown, PageUp, Right, Tab, Up};

/// Keys that work in every mode but the start screen, the quit question, the help and the save
/// prompt. Save is `s`, as issue 4 asks (`S` too, for hands used to it); so a settlement is `v`,
/// for village.
pub const GLOBAL: &[Binding] = &[
    b(&[Char('i')], "i", Cmd::Advice, "advice"),
    b(&[Char('u')], "u", Cmd::Undo, "undo"),
    b(&[Char('s'), Char('S')], "s", Cmd::Save, "save"),
    b(&[Char('?'), KeyCode::F(1)], "?", Cmd::Help, "help"),
    b(&[Char('q')], "q", Cmd::Quit, "quit"),
    b(&[PageUp, Char('[')], "PgUp/[", Cmd::LogUp, "log back"),
    b(&[PageDown, Char(']')], "PgDn/]", Cmd::LogDown, "log on"),
];

/// On a seat of the start screen every other character types into its name (`?` excepted:
/// it opens how to play). In order of use: the footer cuts from the end on a narrow screen.
const START: &[Binding] = &[
    b(&[Enter], "Enter", Cmd::Confirm, "next seat/start"),
    b(&[Tab], "Tab", Cmd::Toggle, "person/bot"),
    b(&[Right], "←→", Cmd::Right, "bot level"),
    b(&[Left], "", Cmd::Left, ""),
    b(&[Char('?'), F(1)], "?", Cmd::HowTo, "how to play"),
    b(&[Esc], "Esc", Cmd::Quit, "quit"),
    b(&[Up], "↑↓", Cmd::Up, "row"),
    b(&[Down], "", Cmd::Down, ""),
    b(&[Backspace], "Bksp", Cmd::Less, "erase"),
    b(&[Delete], "Del", Cmd::Remove, "remove seat"),
];

/// On a rules option, a house rule or "start".
const START_RULES: &[Binding] = &[
    b(&[Enter], "Enter", Cmd::Confirm, "start game"),
    b(&[Left, Char('-')], "←→/Space", Cmd::Left, "change"),
    b(&[Right, Char(' '), Char('+')], "", Cmd::Right, ""),
    b(&[Up, Char('k')], "↑↓", Cmd::Up, "row"),
    b(&[Down, Char('j')], "", Cmd::Down, ""),
    b(&[Char('?'), F(1)], "?", Cmd::HowTo, "how to play"),
    b(&[Esc, Char('q')], "Esc", Cmd::Quit, "quit"),
];

const HOWTO: &[Binding] = &[
    b(&[Up, Char('k')], "↑↓", Cmd::Up, "scroll"),
    b(&[Down, Char('j'), Char(' ')], "", Cmd::Down, ""),
    b(&[PageUp, Home], "PgUp/PgDn", Cmd::LogUp, "page"),
    b(&[PageDown], "", Cmd::LogDown, ""),
    b(&[Esc, Enter, Char('q'), Char('?')], "Esc", Cmd::Cancel, "close"),
];

/// Only Enter, and only once the screen has been up for a moment (the terminal loop's gate):
/// a key meant for the screen before must not show the next player's hand (H1).
const HANDOFF: &[Binding] = &[b(&[Enter], "Enter", Cmd::Confirm, "I have the keyboard")];

const TURN: &[Binding] = &[
    b(&[Char('r')], "r", Cmd::Roll, "roll"),
    b(&[Char('b')], "b", Cmd::BuildRoad, "road"),
    b(&[Char('v')], "v", Cmd::BuildSettlement, "settlement"),
    b(&[Char('c')], "c", Cmd::BuildCity, "city"),
    b(&[Char('k')], "k", Cmd::BuildCastle, "castle"),
    b(&[Char('d')], "d", Cmd::BuyCard, "buy card"),
    b(&[Char('p')], "p", Cmd::PlayCard, "play card"),
    b(&[Char('t')], "t", Cmd::Trade, "trade"),
    b(&[Char('m')], "m", Cmd::Maritime, "bank trade"),
    b(&[Char('n')], "n", Cmd::Units, "units"),
    b(&[Char('e')], "e", Cmd::EndTurn, "end turn"),
];

const SELECT: &[Binding] = &[
    b(&[Up, Char('k')], "↑↓←→/hjkl", Cmd::Up, "move"),
    b(&[Down, Char('j')], "", Cmd::Down, ""),
    b(&[Left, Char('h')], "", Cmd::Left, ""),
    b(&[Right, Char('l')], "", Cmd::Right, ""),
    b(&[Tab], "Tab/S-Tab", Cmd::Next, "next legal"),
    b(&[BackTab], "", Cmd::Prev, ""),
    b(&[Enter, Char(' ')], "Enter", Cmd::Confirm, "place"),
    b(&[Esc], "Esc", Cmd::Cancel, "back"),
];

/// The key of each resource, its initial: b l w g o. Every dialog that names resources takes
/// them (trade, bank, discard, year of plenty, monopoly) and shows them beside the names.
pub const RESOURCE_KEYS: [(char, Resource); 6] = [
    ('b', Resource::Brick),
    ('l', Resource::Lumber),
    ('w', Resource::Wool),
    ('g', Resource::Grain),
    ('o', Resource::Ore),
    ('$', Resource::Gold),
];

/// The key of a resource.
pub fn resource_key(r: Resource) -> char {
    RESOURCE_KEYS.iter().find(|(_, x)| *x == r).map_or('?', |(k, _)| *k)
}

/// The bindings of the resource keys ([`RESOURCE_KEYS`]), shared by every dialog that
/// names resources: one table, so the keys can't differ between dialogs.
const RESOURCES: &[Binding] = &[
    b(&[Char('b')], "b/l/w/g/o", Cmd::Pick(Resource::Brick), "resource"),
    b(&[Char('l')], "", Cmd::Pick(Resource::Lumber), ""),
    b(&[Char('w')], "", Cmd::Pick(Resource::Wool), ""),
    b(&[Char('g')], "", Cmd::Pick(Resource::Grain), ""),
    b(&[Char('o')], "", Cmd::Pick(Resource::Ore), ""),
    b(&[Char('$')], "", Cmd::Pick(Resource::Gold), ""),
];

/// A mode's table made of parts (its own keys and shared ones like [`RESOURCES`]), in order.
/// `N` is the number of bindings in all; a wrong count fails to compile.
const fn join<const N: usize>(parts: &[&[Binding]]) -> [Binding; N] {
    let mut out = [b(&[], "", Cmd::Cancel, ""); N];
    let (mut k, mut i) = (0, 0);
    while i < parts.len() {
        let mut j = 0;
        while j < parts[i].len() {
            out[k] = parts[i][j];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(k == N, "join: N is not the number of bindings");
    out
}

const COMPOSER: &[Binding] = &join::<14>(&[
    &[b(&[Up, Char('k')], "↑↓", Cmd::Up, "row"), b(&[Down, Char('j')], "", Cmd::Down, "")],
    RESOURCES,
    &[
        b(&[Tab, Left, Right], "Tab/←→", Cmd::Toggle, "give/get"),
        b(&[Enter], "Enter", Cmd::Confirm, "send"),
        b(&[Esc], "Esc", Cmd::Cancel, "back"),
        b(&[Char('+'), Char('=')], "+/-", Cmd::More, "more/less"),
        b(&[Char('-'), Char('_')], "", Cmd::Less, ""),
        b(&[Char(' ')], "Space", Cmd::Next, "ask player"),
    ],
]);

const ANSWER: &[Binding] = &[
    b(&[Char('a')], "a", Cmd::Accept, "accept"),
    b(&[Char('d')], "d", Cmd::Decline, "decline"),
    b(&[Char('c')], "c", Cmd::Counter, "counter"),
];

const RESPONSES: &[Binding] = &[
    b(&[Up, Char('k')], "↑↓", Cmd::Up, "choose"),
    b(&[Down, Char('j')], "", Cmd::Down, ""),
    // H5: a letter (or the arrows) names the partner, Enter trades; one row says both, so the
    // help's Enter row keeps to the other dialogs' meanings.
    b(&[], "letter", Cmd::Next, "name a partner, Enter trades"),
    b(&[Enter], "", Cmd::Confirm, ""),
    b(&[Char('x'), Esc], "x/Esc", Cmd::Cancel, "withdraw offer"),
];

/// The shared answer screen: the letters are the players' own (app/keys.rs reads them first;
/// these rows name them for the footer and the help).
const OFFER: &[Binding] = &[
    b(&[], "letter", Cmd::Next, "who answers"),
    b(&[], "then a/d", Cmd::Accept, "accept/decline"),
    b(&[], "c", Cmd::Counter, "counter (takes the keyboard)"),
];

/// The shared "who builds?" screen (builders.rs reads the letters first).
const BUILDERS: &[Binding] = &[
    b(&[], "letter", Cmd::Toggle, "I build"),
    b(&[Enter], "Enter", Cmd::Confirm, "go on (none chosen: nobody builds)"),
];

const PICKER: &[Binding] = &join::<12>(&[
    &[b(&[Up, Char('k')], "↑↓", Cmd::Up, "row"), b(&[Down, Char('j')], "", Cmd::Down, "")],
    RESOURCES,
    &[
        b(&[Right, Char('+'), Char('=')], "→/+", Cmd::More, "one more"),
        b(&[Left, Char('-')], "←/-", Cmd::Less, "one fewer"),
        b(&[Enter], "Enter", Cmd::Confirm, "done"),
        b(&[Esc], "Esc", Cmd::Cancel, "back"),
    ],
]);

const LIST: &[Binding] = &[
    b(&[Up, Char('k')], "↑↓", Cmd::Up, "choose"),
    b(&[Down, Char('j')], "", Cmd::Down, ""),
    b(&[Enter], "Enter", Cmd::Confirm, "ok"),
    b(&[Esc], "Esc", Cmd::Cancel, "back"),
];

/// Whom the robber robs (H5): a letter or the arrows name the player, Enter confirms.
const VICTIM: &[Binding] = &join::<5>(&[&[b(&[], "letter", Cmd::Next, "name whom")], LIST]);

const MARITIME: &[Binding] = &join::<11>(&[
    &[b(&[Up, Char('k')], "↑↓", Cmd::Up, "resource"), b(&[Down, Char('j')], "", Cmd::Down, "")],
    RESOURCES,
    &[
        b(&[Tab, Left, Right], "Tab/←→", Cmd::Toggle, "give/get"),
        b(&[Enter], "Enter", Cmd::Confirm, "trade"),
        b(&[Esc], "Esc", Cmd::Cancel, "back"),
    ],
]);

/// While a computer player acts, any key but the global ones skips to its next move (the app
/// does it: no key is bound here).
const BOT: &[Binding] = &[];

/// The fight's box: the app closes it on any key (Ctrl-C asks to quit); this row names it.
const FIGHT: &[Binding] = &[b(&[Enter, Esc, Char(' ')], "any key", Cmd::Confirm, "go on")];

/// The advice panel: it plays nothing, so every key of it closes it.
const ADVICE: &[Binding] = &[b(&[Esc, Enter, Char('i')], "Esc/i", Cmd::Cancel, "close advice")];

/// A seat whose own terminal is gone waits for it; the host's screen may take it meanwhile.
const GONE: &[Binding] = &[
    b(&[Char('p')], "p", Cmd::PlayHere, "play their seat here"),
    b(&[Char('b')], "b", Cmd::StandIn, "a bot plays it for now"),
];

const HELP: &[Binding] =
    &[b(&[Char('h')], "h", Cmd::HowTo, "how to play"), b(&[Esc, Enter, Char('?')], "Esc", Cmd::Cancel, "close help")];

const QUIT: &[Binding] = &[
    b(&[Char('y'), Char('Y')], "y", Cmd::Yes, "quit"),
    b(&[Char('n'), Char('N'), Esc], "n/Esc", Cmd::No, "keep playing"),
];

const OVER: &[Binding] = &[
    b(&[Char('b')], "b", Cmd::Board, "board/statistics"),
    b(&[Char('c')], "c", Cmd::Toggle, "the game's story"),
    b(&[Char('s'), Char('S')], "s", Cmd::Save, "save"),
    b(&[Char('q'), Esc], "q", Cmd::Yes, "quit"),
    // The log keys of play (issue 42), kept out of the footer as in play: `b` shows the log.
    b(&[PageUp, Char('[')], "", Cmd::LogUp, ""),
    b(&[PageDown, Char(']')], "", Cmd::LogDown, ""),
];

/// The save prompt takes typed characters itself; these are the keys that aren't text.
const SAVE_NAME: &[Binding] = &[
    b(&[Enter], "Enter", Cmd::Confirm, "save"),
    b(&[Backspace], "Bksp", Cmd::Less, "erase"),
    b(&[], "^U/^W", Cmd::Less, "erase all/word"),
    b(&[Esc], "Esc", Cmd::Cancel, "cancel"),
];

/// The table of a mode.
pub fn bindings(mode: Mode) -> &'static [Binding] {
    match mode {
        Mode::Start => START,
        Mode::StartRules => START_RULES,
        Mode::HowTo => HOWTO,
        Mode::Handoff => HANDOFF,
        Mode::Turn => TURN,
        Mode::Select => SELECT,
        Mode::Composer => COMPOSER,
        Mode::Answer => ANSWER,
        Mode::Responses => RESPONSES,
        Mode::Offer => OFFER,
        Mode::Builders => BUILDERS,
        Mode::Picker => PICKER,
        Mode::Victim => VICTIM,
        Mode::Cards | Mode::Units => LIST,
        Mode::Maritime => MARITIME,
        Mode::Help => HELP,
        Mode::Quit => QUIT,
        Mode::SaveName => SAVE_NAME,
        Mode::Over => OVER,
        Mode::Bot => BOT,
        Mode::Away => &[],
        Mode::Gone => GONE,
        Mode::Fight => FIGHT,
        Mode::Advice => ADVICE,
    }
}

/// True when the mode also takes the global keys.
pub fn takes_global(mode: Mode) -> bool {
    !matches!(
        mode,
        Mode::Start
            | Mode::StartRules
            | Mode::HowTo
            | Mode::Quit
            | Mode::Over
            | Mode::Help
            | Mode::SaveName
            | Mode::Fight
            | Mode::Advice
    )
}

/// The command a key asks for in a mode. Ctrl-C always asks to quit.
pub fn lookup(mode: Mode, key: KeyEvent) -> Option<Cmd> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == Char('c')).then_some(if mode == Mode::Quit { Cmd::Yes } else { Cmd::Quit });
    }
    let find = |table: &[Binding]| table.iter().find(|b| b.keys.contains(&key.code)).map(|b| b.cmd);
    find(bindings(mode)).or_else(|| if takes_global(mode) { find(GLOBAL) } else { None })
}

/// The help screen's sections: a heading and the modes whose keys it lists.
pub const HELP_SECTIONS: &[(&str, &[Mode])] = &[
    ("Your turn", &[Mode::Turn]),
    ("Choosing a place", &[Mode::Select]),
    (
        "Dialogs",
        &[
            Mode::Composer,
            Mode::Answer,
            Mode::Responses,
            Mode::Offer,
            Mode::Builders,
            Mode::Picker,
            Mode::Maritime,
            Mode::Cards,
            Mode::Handoff,
        ],
    ),
    ("Naming a save", &[Mode::SaveName]),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_is_bound_twice_in_a_mode() {
        let modes = [
            Mode::Start,
            Mode::StartRules,
            Mode::HowTo,
            Mode::Handoff,
            Mode::Turn,
            Mode::Select,
            Mode::Composer,
            Mode::Answer,
            Mode::Responses,
            Mode::Offer,
            Mode::Builders,
            Mode::Picker,
            Mode::Victim,
            Mode::Maritime,
            Mode::Cards,
            Mode::Units,
            Mode::Help,
            Mode::Quit,
            Mode::SaveName,
            Mode::Over,
            Mode::Bot,
            Mode::Away,
            Mode::Gone,
            Mode::Fight,
            Mode::Advice,
        ];
        for mode in modes {
            let mut seen = Vec::new();
            let global: &[Binding] = if takes_global(mode) { GLOBAL } else { &[] };
            for b in bindings(mode).iter().chain(global) {
                for k in b.keys {
                    assert!(!seen.contains(k), "{k:?} bound twice in {mode:?}");
                    seen.push(*k);
                }
            }
        }
    }

    #[test]
    fn lookup_finds_mode_keys_then_global_ones() {
        let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        assert_eq!(lookup(Mode::Turn, key('r')), Some(Cmd::Roll));
        assert_eq!(lookup(Mode::Turn, key('?')), Some(Cmd::Help));
        assert_eq!(lookup(Mode::Select, key('u')), Some(Cmd::Undo));
        assert_eq!(lookup(Mode::SaveName, key('u')), None, "the save prompt types letters");
        assert_eq!(lookup(Mode::Start, key('q')), None);
        assert_eq!(lookup(Mode::Quit, KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Cmd::Yes));
    }

    /// Issue 15: the resource keys are one table, the same in every dialog that names them.
    #[test]
    fn every_resource_dialog_takes_the_same_resource_keys() {
        for (key, r) in RESOURCE_KEYS {
            let ev = KeyEvent::new(KeyCode::Char(key), KeyModifiers::NONE);
            for mode in [Mode::Composer, Mode::Picker, Mode::Maritime] {
                assert_eq!(lookup(mode, ev), Some(Cmd::Pick(r)), "{key} in {mode:?}");
            }
            assert_eq!(resource_key(r), key);
        }
        assert_eq!(RESOURCES.len(), RESOURCE_KEYS.len());
    }

    /// Issue 4: "In the game, `s` saves". `S` stays an alias; a settlement moved to `v`.
    #[test]
    fn s_saves_and_v_builds_a_settlement() {
        let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        for mode in [Mode::Turn, Mode::Select, Mode::Handoff, Mode::Over] {
            assert_eq!(lookup(mode, key('s')), Some(Cmd::Save), "s in {mode:?}");
            assert_eq!(lookup(mode, key('S')), Some(Cmd::Save), "S in {mode:?}");
        }
        assert_eq!(lookup(Mode::Turn, key('v')), Some(Cmd::BuildSettlement));
        assert_eq!(lookup(Mode::SaveName, key('s')), None, "the save prompt types an s");
        assert_eq!(lookup(Mode::Quit, key('s')), None);
    }
}
