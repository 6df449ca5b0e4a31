//! `catan host` end to end, the robbery of a joined seat (issue 40's proof): a game played by
//! the rules engine to Ann's roll of a 7 with Bob over the discard limit, saved and hosted with
//! `--load`. Bob and Cy join with the system's `ssh`; Bob picks his discards on his own screen,
//! Ann on the host's screen moves the robber next to Bob's building and robs him. The three
//! screens, read through vt100, show each player what their seat may see and no more.

use catan::engine::{Action, Config, Event, Game, Hand, Hex, Phase, Resource, Seat};
use catan::save::{Record, SeatInfo};

use crate::client::{Joiner, ssh};
use crate::game::{CODE, admit, free_port, host};
use crate::support::files::{TempDir, newest_autosave};
use crate::support::pty::AFTER_HOLD;
use crate::support::screen::tabs_to;
use crate::support::walk::{Lcg, Look, walk};

const ANN: Seat = Seat(0);
const BOB: Seat = Seat(1);
const CY: Seat = Seat(2);

/// The walk's player: rolls first; Bob then ends his turn at once (his hand grows), Ann and Cy
/// build what they can (theirs stays under the limit); never a trade, so no one waits on answers.
fn choose(g: &Game, legal: &[Action], _: &mut Lcg) -> Action {
    let bob = g.to_act() == BOB;
    legal
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::OfferTrade { .. } | Action::MaritimeTrade { .. }))
        .max_by_key(|a| match a {
            Action::RollDice => 9,
            Action::EndTurn if bob => 8,
            Action::BuildCity(_) | Action::BuildSettlement(_) => 7,
            Action::BuildRoad(_) => 6,
            Action::EndTurn => 1,
            _ => 2,
        })
        .unwrap_or(legal[0])
}

/// Where the robbery is: Ann is to roll, her roll will be a 7 (the dice come from the game's
/// own generator, which the save replays), Bob alone holds more than 7 cards, and after his
/// discards there is a hex where Bob is the only player Ann can rob. That hex.
fn robbery_hex(g: &Game) -> Option<Hex> {
    let total = |s: Seat| g.view(s).hand().total();
    if g.phase() != Phase::Roll || g.to_act() != ANN || total(BOB) < 8 || total(ANN) > 7 || total(CY) > 7 {
        return None;
    }
    let mut g = *g;
    let rolled = g.apply(Action::RollDice).ok()?;
    if !rolled.iter().any(|e| matches!(e, Event::DiceRolled { dice, .. } if dice[0] + dice[1] == 7)) {
        return None;
    }
    while matches!(g.phase(), Phase::Discard { .. }) {
        let first = g.legal_actions()[0];
        g.apply(first).ok()?;
    }
    let legal = g.legal_actions();
    let others_there = |hex: Hex| {
        legal.iter().any(|b| matches!(*b, Action::MoveRobber { hex: h, victim: Some(w) } if h == hex && w != BOB))
    };
    legal.iter().find_map(|a| match *a {
        Action::MoveRobber { hex, victim: Some(BOB) } if !others_there(hex) => Some(hex),
        _ => None,
    })
}

/// Ann, Bob and Cy from `seed`, played by [`choose`] to a robbery early in the game (turn 20 at
/// most, so the log the screens show is short), or `None`.
fn position(seed: u64) -> Option<Record> {
    let seats = SeatInfo::humans(["Ann", "Bob", "Cy"].map(String::from).to_vec());
    let record = Record::new_with_seats(Config::with_players(3), seed, seats).unwrap();
    let look = |r: &Record, _: &[Event]| {
        let g = r.game();
        if robbery_hex(g).is_some() {
            Look::Found
        } else if g.is_over() || g.turn_number() > 20 {
            Look::GiveUp
        } else {
            Look::Go
        }
    };
    walk(record, &mut Lcg::new(0), 2_000, look, choose)
}

/// Half of `hand` (rounded down), all of each kind in turn: the cards Bob gives up.
fn half(hand: Hand) -> Hand {
    let mut give = Hand::EMPTY;
    let mut left = hand.total() / 2;
    for r in Resource::ALL {
        let n = u32::from(hand[r]).min(left);
        give[r] = n as u8;
        left -= n;
    }
    give
}

/// `hand` less `cards`.
fn less(mut hand: Hand, cards: Hand) -> Hand {
    hand.sub(&cards);
    hand
}

/// `hand` as a hand panel writes it, its runs of spaces made one.
fn hand_line(hand: Hand) -> String {
    Resource::ALL.map(|r| format!("{r} {}", hand[r])).join(" ")
}

/// Whether `screen` shows `hand` in a hand panel: a panel's row (between its borders) that
/// reads the hand's counts and nothing else (the bank's row has other counts).
fn shows_hand(screen: &str, hand: Hand) -> bool {
    let line = hand_line(hand);
    screen
        .lines()
        .flat_map(|row| row.split('│'))
        .any(|cell| cell.split_whitespace().collect::<Vec<_>>().join(" ") == line)
}

#[test]
fn a_joined_seat_discards_on_its_own_screen_and_is_robbed_from_the_hosts() {
    if ssh().is_none() {
        return;
    }
    let record = (0..100).find_map(position).expect("a seed where Ann's 7 comes early with Bob over the limit");
    let g = record.game();
    let hex = robbery_hex(g).unwrap();
    // What the play will do, worked out by the engine: Bob's discards, then the steal.
    let (ann, bob, cy) = (g.view(ANN).hand(), g.view(BOB).hand(), g.view(CY).hand());
    let give = half(bob);
    let mut after = *g;
    after.apply(Action::RollDice).unwrap();
    for r in Resource::ALL {
        for _ in 0..give[r] {
            after.apply(Action::Discard(r)).unwrap();
        }
    }
    let tabs = tabs_to(&after, hex);
    let robbed = after.apply(Action::MoveRobber { hex, victim: Some(BOB) }).unwrap();
    let stolen = robbed.iter().find_map(|e| match *e {
        Event::Stole { resource, .. } => Some(resource),
        _ => None,
    });
    let stolen = stolen.expect("Bob has cards to steal");
    let (ann_after, bob_after) = (after.view(ANN).hand(), after.view(BOB).hand());
    let kept = less(bob, give);
    assert_eq!(bob_after, less(kept, Hand::of(stolen, 1)));
    // Each "not shown" below could fail: no two of the hands compared read the same.
    let pairs =
        [(ann, bob), (ann_after, bob_after), (ann_after, bob), (ann_after, kept), (cy, ann_after), (cy, bob_after)];
    for (one, two) in pairs {
        assert_ne!(hand_line(one), hand_line(two), "seed {}: a position where hands differ", record.seed());
    }

    let data = TempDir::new("hosted-robbery");
    let file = data.join("robbery.json");
    std::fs::write(&file, catan::save::to_json(&record)).unwrap();
    let port = free_port();
    let mut h = host(&data, port, &["--load", file.to_str().unwrap()]);
    h.wait_for("Pass the keyboard to A Ann");
    let mut bob_s = Joiner::start(port, "Bob", CODE, 140, 45);
    admit(&mut h, "Bob", "Bob");
    bob_s.until_screen("B Bob's hand");
    let mut cy_s = Joiner::start(port, "Cy", CODE, 120, 40);
    admit(&mut h, "Cy", "Cy");
    cy_s.until_screen("C Cy's hand");
    bob_s.until("Bob's hand", |s| shows_hand(s, bob));

    // Ann rolls the 7 on the host's keyboard; Bob, over the limit, picks his discards on his
    // screen while the host's waits, naming no card.
    h.take_keyboard("Ann: roll the dice");
    h.send("r");
    let picker = format!("A 7: give up {} of your {} cards.", give.total(), bob.total());
    bob_s.until_screen(&picker);
    h.wait_for(&format!("Bob must discard {}", give.total()));
    assert!(!h.screen().contains("give up"), "Bob's discard is picked on his screen only:\n{}", h.screen());
    // Keys typed before Bob's moment came are dropped (H1a): wait as a person would.
    bob_s.pause(AFTER_HOLD);
    let keys: String = Resource::ALL.iter().flat_map(|&r| vec![key(r); usize::from(give[r])]).collect();
    bob_s.send(keys.as_bytes());
    bob_s.until_screen("ok: Enter confirms");
    bob_s.send(b"\r");
    let public = format!("Bob discards {} cards", give.total());
    h.wait_for(&public);
    bob_s.until_screen(&format!("Bob discards {give}"));
    bob_s.until("Bob's hand after his discards", |s| shows_hand(s, kept));
    cy_s.until_screen(&public);
    for (who, screen) in [("the host", h.screen()), ("Cy", cy_s.screen())] {
        assert!(!screen.contains(&format!("Bob discards {give}")), "{who} is told which cards Bob gave up:\n{screen}");
    }

    // Ann moves the robber to the hex by Bob's building and robs him.
    h.wait_for("A Ann moves the robber");
    h.pause(AFTER_HOLD);
    h.send(&format!("{}\r", "\t".repeat(tabs)));
    let named = format!("Ann steals 1 {stolen} from Bob");
    h.wait_for(&named);
    bob_s.until_screen(&named);
    cy_s.until_screen("Ann steals a card from Bob");

    // Who sees what. Bob: his hand less the card he lost, never Ann's.
    bob_s.until("Bob's hand after the robbery", |s| shows_hand(s, bob_after));
    let screen = bob_s.screen();
    assert!(!screen.contains("Ann's hand") && !shows_hand(&screen, ann_after), "Bob sees Ann's hand:\n{screen}");
    // The host's screen: Ann's hand with the card she took, never Bob's.
    h.until("Ann's hand with the card she took", |s| shows_hand(&s.screen(), ann_after));
    let screen = h.screen();
    for hand in [bob, kept, bob_after] {
        assert!(!shows_hand(&screen, hand), "the host's screen shows Bob's hand {hand}:\n{screen}");
    }
    assert!(!screen.contains("Bob's hand"), "{screen}");
    // Cy: the robbery, not the card; her own hand, no one else's.
    cy_s.until("Cy's hand", |s| shows_hand(s, cy));
    let screen = cy_s.screen();
    assert!(!screen.contains(&named), "Cy is told the stolen card:\n{screen}");
    for hand in [ann_after, bob_after] {
        assert!(!shows_hand(&screen, hand), "Cy's screen shows another's hand {hand}:\n{screen}");
    }

    // The game kept what was played on the three screens: Bob's own pick, Ann's robbery.
    h.keys("q", "Quit?");
    h.send("y");
    assert!(h.wait_exit().success());
    let saved = newest_autosave(&data.join("autosave"));
    let played = &saved.actions()[record.len()..];
    let discards: Vec<Action> =
        Resource::ALL.iter().flat_map(|&r| vec![Action::Discard(r); usize::from(give[r])]).collect();
    assert_eq!(played.first(), Some(&Action::RollDice));
    assert_eq!(played.last(), Some(&Action::MoveRobber { hex, victim: Some(BOB) }));
    let mut picked = played[1..played.len() - 1].to_vec();
    picked.sort_by_key(|a| format!("{a:?}"));
    let mut wanted = discards;
    wanted.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(picked, wanted, "Bob's discards are the ones he picked");
    assert_eq!(saved.game().view(BOB).hand(), bob_after);
}

/// The resource's key in the card picker (b l w g o).
fn key(r: Resource) -> char {
    r.to_string().chars().next().unwrap()
}
