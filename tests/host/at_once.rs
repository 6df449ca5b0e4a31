//! `catan host` end to end, everyone answering at once (issue 49's proof): a game played by the
//! rules engine to Ann's roll of a 7 with Bob and Cy both over the discard limit, saved and
//! hosted with `--load`. Bob and Cy join with the system's `ssh`. On the 7 both are asked for
//! their discards at the same moment and Cy, later in the engine's order, gives hers first;
//! Ann robs Bob on the host's keyboard and Bob's status line says so; then Ann offers a trade
//! to both and Cy answers before Bob. The engine plays the answers in its order as each one's
//! turn comes, and the autosave keeps them so.

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

/// The walk's player: rolls first; Bob and Cy then end their turns at once (their hands grow),
/// Ann builds what she can; never a trade.
fn choose(g: &Game, legal: &[Action], _: &mut Lcg) -> Action {
    let hoards = g.to_act() != ANN;
    legal
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::OfferTrade { .. } | Action::MaritimeTrade { .. }))
        .max_by_key(|a| match a {
            Action::RollDice => 9,
            Action::EndTurn if hoards => 8,
            Action::BuildCity(_) | Action::BuildSettlement(_) => 7,
            Action::BuildRoad(_) => 6,
            Action::EndTurn => 1,
            _ => 2,
        })
        .unwrap_or(legal[0])
}

/// Half of `hand` (rounded down), all of each kind in turn: the cards given up.
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

/// The game after Ann's roll and Bob's and Cy's discards of [`half`] their hands.
fn after_discards(g: &Game) -> Option<Game> {
    let mut g = *g;
    g.apply(Action::RollDice).ok()?;
    for s in [BOB, CY] {
        let give = half(g.view(s).hand());
        for r in Resource::ALL {
            for _ in 0..give[r] {
                g.apply(Action::Discard(r)).ok()?;
            }
        }
    }
    Some(g)
}

/// Where the test plays: Ann is to roll, her roll will be a 7, Bob and Cy hold more than 7
/// cards and Ann fewer, and after the discards there is a hex where Bob is the only player Ann
/// can rob. That hex.
fn robbery_hex(g: &Game) -> Option<Hex> {
    let total = |s: Seat| g.view(s).hand().total();
    if g.phase() != Phase::Roll || g.to_act() != ANN || total(BOB) < 8 || total(CY) < 8 || total(ANN) > 7 {
        return None;
    }
    if total(ANN) == 0 {
        return None;
    }
    let mut rolled = *g;
    let events = rolled.apply(Action::RollDice).ok()?;
    if !events.iter().any(|e| matches!(e, Event::DiceRolled { dice, .. } if dice[0] + dice[1] == 7)) {
        return None;
    }
    let after = after_discards(g)?;
    if after.phase() != Phase::Robber {
        return None;
    }
    let legal = after.legal_actions();
    let others_there = |hex: Hex| {
        legal.iter().any(|b| matches!(*b, Action::MoveRobber { hex: h, victim: Some(w) } if h == hex && w != BOB))
    };
    legal.iter().find_map(|a| match *a {
        Action::MoveRobber { hex, victim: Some(BOB) } if !others_there(hex) => Some(hex),
        _ => None,
    })
}

/// Ann, Bob and Cy from `seed`, played by [`choose`] to such a 7 (turn 40 at most), or `None`.
fn position(seed: u64) -> Option<Record> {
    let seats = SeatInfo::humans(["Ann", "Bob", "Cy"].map(String::from).to_vec());
    let record = Record::new_with_seats(Config::with_players(3), seed, seats).unwrap();
    let look = |r: &Record, _: &[Event]| {
        let g = r.game();
        if robbery_hex(g).is_some() {
            Look::Found
        } else if g.is_over() || g.turn_number() > 40 {
            Look::GiveUp
        } else {
            Look::Go
        }
    };
    walk(record, &mut Lcg::new(0), 3_000, look, choose)
}

/// The resource's key in the card picker and the composer (b l w g o).
fn key(r: Resource) -> char {
    r.to_string().chars().next().unwrap()
}

/// The keys that pick `cards` in the card picker.
fn picks(cards: Hand) -> String {
    Resource::ALL.iter().flat_map(|&r| vec![key(r); usize::from(cards[r])]).collect()
}

/// A screen's status line: the row above its footer.
fn status_line(screen: &str) -> String {
    screen.lines().rev().nth(1).unwrap_or_default().to_string()
}

#[test]
fn joined_seats_discard_and_answer_an_offer_at_once_cy_before_bob() {
    if ssh().is_none() {
        return;
    }
    let record = (0..200).find_map(position).expect("a seed where Ann's 7 finds Bob and Cy over the limit");
    let g = record.game();
    let hex = robbery_hex(g).unwrap();
    let (bob, cy) = (g.view(BOB).hand(), g.view(CY).hand());
    let (bob_gives, cy_gives) = (half(bob), half(cy));
    let after = after_discards(g).unwrap();
    let tabs = tabs_to(&after, hex);
    let mut robbed = after;
    let stolen = robbed
        .apply(Action::MoveRobber { hex, victim: Some(BOB) })
        .unwrap()
        .iter()
        .find_map(|e| match *e {
            Event::Stole { resource, .. } => Some(resource),
            _ => None,
        })
        .expect("Bob has cards to steal");
    // Ann's offer: one card she holds for one of another kind.
    let ann = robbed.view(ANN).hand();
    let give = Resource::ALL.into_iter().find(|&r| ann[r] > 0).expect("Ann holds a card");
    let get = Resource::ALL.into_iter().find(|&r| r != give).unwrap();

    let data = TempDir::new("hosted-at-once");
    let file = data.join("seven.json");
    std::fs::write(&file, catan::save::to_json(&record)).unwrap();
    let port = free_port();
    let mut h = host(&data, port, &["--load", file.to_str().unwrap()]);
    h.wait_for("Pass the keyboard to A Ann");
    let mut bob_s = Joiner::start(port, "Bob", CODE, 140, 45);
    admit(&mut h, "Bob", "Bob");
    bob_s.until_screen("B Bob's hand");
    let mut cy_s = Joiner::start(port, "Cy", CODE, 140, 45);
    admit(&mut h, "Cy", "Cy");
    cy_s.until_screen("C Cy's hand");

    // The 7: Bob and Cy are asked at once, each on their own screen.
    h.take_keyboard("Ann: roll the dice");
    h.send("r");
    bob_s.until_screen(&format!("A 7: give up {} of your {} cards.", bob_gives.total(), bob.total()));
    cy_s.until_screen(&format!("A 7: give up {} of your {} cards.", cy_gives.total(), cy.total()));
    // Cy, later in the order, gives hers first; Bob is still asked meanwhile.
    cy_s.pause(AFTER_HOLD);
    cy_s.send(picks(cy_gives).as_bytes());
    cy_s.until_screen("ok: Enter confirms");
    cy_s.send(b"\r");
    cy_s.until_screen("your discards are picked");
    h.wait_for("Cy has picked their discards");
    bob_s.until_screen("Cy has picked their discards");
    assert!(bob_s.screen().contains("A 7: give up"), "Bob is still asked:\n{}", bob_s.screen());
    assert!(h.screen().contains("Bob discards on their own screen"), "{}", h.screen());
    // Bob gives his; both discards are played, his first.
    bob_s.pause(AFTER_HOLD);
    bob_s.send(picks(bob_gives).as_bytes());
    bob_s.until_screen("ok: Enter confirms");
    bob_s.send(b"\r");
    h.wait_for(&format!("Bob discards {} cards", bob_gives.total()));
    h.wait_for(&format!("Cy discards {} cards", cy_gives.total()));
    cy_s.until_screen(&format!("Cy discards {cy_gives}"));
    assert!(!cy_s.screen().contains(&format!("Bob discards {bob_gives}")), "Cy sees Bob's cards");

    // Ann robs Bob on the host's keyboard: Bob's status line says what he lost.
    h.wait_for("A Ann moves the robber");
    h.pause(AFTER_HOLD);
    h.send(&format!("{}\r", "\t".repeat(tabs)));
    let named = format!("Ann steals 1 {stolen} from Bob");
    h.wait_for(&named);
    bob_s.until("the robbery on Bob's status line", |s| status_line(s).contains(&named));
    cy_s.until("the robbery on Cy's status line", |s| status_line(s).contains("Ann steals a card from Bob"));

    // Ann offers a trade to both; Cy answers first, then Bob.
    h.wait_for("t trade");
    h.pause(AFTER_HOLD);
    h.send(&format!("t{}\t{}", key(give), key(get)));
    h.wait_for("ok: Enter sends");
    h.send("\r");
    let offer = format!("Ann offers 1 {give} for 1 {get}");
    bob_s.until_screen(&offer);
    cy_s.until_screen(&offer);
    bob_s.until_screen("a accepts");
    cy_s.until_screen("a accepts");
    // Bob's news stays before his prompt while he is asked.
    assert!(status_line(&bob_s.screen()).contains(&named), "{}", bob_s.screen());
    cy_s.pause(AFTER_HOLD);
    cy_s.send(b"d");
    cy_s.until_screen("Cy declines: played in turn");
    h.wait_for("Cy declines");
    bob_s.until_screen("Cy declines");
    assert!(bob_s.screen().contains("a accepts"), "Bob is still asked:\n{}", bob_s.screen());
    bob_s.pause(AFTER_HOLD);
    bob_s.send(b"d");
    h.wait_for("everyone declined Ann's offer");

    // The game kept it all, in the engine's order.
    h.pause(AFTER_HOLD);
    h.keys("q", "Quit?");
    h.send("y");
    assert!(h.wait_exit().success());
    let saved = newest_autosave(&data.join("autosave"));
    let played = &saved.actions()[record.len()..];
    let n = (bob_gives.total() + cy_gives.total()) as usize;
    assert_eq!(played[0], Action::RollDice);
    assert!(played[1..=n].iter().all(|a| matches!(a, Action::Discard(_))));
    assert_eq!(played[n + 1], Action::MoveRobber { hex, victim: Some(BOB) });
    assert!(matches!(played[n + 2], Action::OfferTrade { .. }));
    assert_eq!(&played[n + 3..n + 5], &[Action::DeclineTrade, Action::DeclineTrade]);
    let mut kept = bob;
    kept.sub(&bob_gives);
    kept.sub(&Hand::of(stolen, 1));
    assert_eq!(saved.game().view(BOB).hand(), kept);
}
