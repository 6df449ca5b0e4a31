//! R42 gold: three gold hexes replace a fields, a pasture and a forest; gold is a sixth kind of
//! card, produced like a resource, held, discarded, stolen and traded like one; 2 gold buy 1
//! resource from the bank; harbors, monopoly and year of plenty don't take it.

use crate::support::board::*;
use catan::engine::{
    Action, Config, DevCard, Event, Game, Hand, HarborKind, MapId, Module, Modules, Phase, Resource, RuleError,
    SeatSet, Terrain,
};

/// On the beginner board the first pasture, forest and fields in row order turn to gold.
const GOLD_2: catan::engine::Hex = PASTURE_2;
const GOLD_9: catan::engine::Hex = FOREST_9;
const GOLD_12: catan::engine::Hex = FIELDS_12;

fn config() -> Config {
    Config::default().with_modules(Modules::NONE.with(Module::Gold))
}

fn gold(n: u8) -> Hand {
    Hand::of(Resource::Gold, n)
}

fn counts(g: &Game) -> [usize; 7] {
    let topo = g.topology();
    [
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Hills,
        Terrain::Mountains,
        Terrain::Desert,
        Terrain::Gold,
    ]
    .map(|t| topo.hexes().filter(|&h| g.board().terrain(h) == t).count())
}

#[test]
fn r42_three_gold_hexes_replace_a_fields_a_pasture_and_a_forest() {
    for seed in 0..20 {
        let g = Game::new(config(), seed).unwrap();
        assert_eq!(counts(&g), [3, 3, 3, 3, 3, 1, 3], "seed {seed}");
        assert!(
            g.topology()
                .hexes()
                .filter(|&h| g.board().terrain(h) == Terrain::Gold)
                .all(|h| g.board().token(h).is_some())
        );
        assert_eq!(g.bank(), sum(Hand::uniform(19), gold(19)));
        let six = Game::new(Config::with_players(6).with_modules(config().modules), seed).unwrap();
        assert_eq!(counts(&six), [5, 5, 5, 5, 5, 2, 3], "seed {seed}");
        assert_eq!(six.bank()[Resource::Gold], 24);
        // Without the module: no gold hex and no gold in the bank.
        let plain = Game::new(Config::default(), seed).unwrap();
        assert_eq!((counts(&plain)[6], plain.bank()[Resource::Gold]), (0, 0));
    }
    let g = scenario_with(config()).build().unwrap();
    assert_eq!([GOLD_2, GOLD_9, GOLD_12].map(|h| g.board().terrain(h)), [Terrain::Gold; 3]);
    assert_eq!([GOLD_2, GOLD_9, GOLD_12].map(|h| g.board().token(h)), [Some(2), Some(9), Some(12)]);
    assert_eq!(g.board().map(), MapId::Standard);
}

#[test]
fn r42_gold_is_produced_like_a_resource() {
    let mut g = scenario_with(config())
        .settlement(A, corner(GOLD_9, N))
        .city(B, corner(GOLD_9, S))
        .next_roll(9)
        .build()
        .unwrap();
    let events = play(&mut g, Action::RollDice);
    assert!(has_event!(events, Event::Produced { seat, cards } if *seat == A && cards[Resource::Gold] == 1));
    assert!(has_event!(events, Event::Produced { seat, cards } if *seat == B && cards[Resource::Gold] == 2));
    assert_eq!((g.view(A).hand()[Resource::Gold], g.view(B).hand()[Resource::Gold]), (1, 2));
    assert_eq!(g.bank()[Resource::Gold], 16);
    // Others see the gold in the count of cards, not the kind (H2).
    assert_eq!(g.view(A).player(B).resource_cards, g.view(B).hand().total());
}

#[test]
fn r42_gold_under_a_bank_shortage_as_r16() {
    let scn = scenario_with(config())
        .settlement(A, corner(GOLD_9, N))
        .city(B, corner(GOLD_9, S))
        .hand(C, gold(17))
        .next_roll(9);
    // Two players owed 3 gold, the bank holds 2: no one gets gold.
    let mut g = scn.clone().build().unwrap();
    let events = play(&mut g, Action::RollDice);
    assert!(has_event!(events, Event::Shortage { resource: Resource::Gold }));
    assert_eq!(
        (g.view(A).hand()[Resource::Gold], g.view(B).hand()[Resource::Gold], g.bank()[Resource::Gold]),
        (0, 0, 2)
    );
    // One player alone owed 2, the bank holds 1: they get it.
    let mut g = scenario_with(config()).city(B, corner(GOLD_9, S)).hand(C, gold(18)).next_roll(9).build().unwrap();
    let events = play(&mut g, Action::RollDice);
    assert!(has_event!(events, Event::Shortage { resource: Resource::Gold }));
    assert_eq!((g.view(B).hand()[Resource::Gold], g.bank()[Resource::Gold]), (1, 0));
}

#[test]
fn r42_two_gold_buy_one_resource_of_choice() {
    let mut g = scenario_with(config()).hand(A, gold(3)).rolled().build().unwrap();
    let buys: Vec<Action> = g.legal_actions().into_iter().filter(|a| matches!(a, Action::BuyWithGold(_))).collect();
    assert_eq!(buys, Resource::ALL.map(Action::BuyWithGold).to_vec(), "one exchange per resource, none for gold");
    let events = play(&mut g, Action::BuyWithGold(Resource::Ore));
    assert!(
        has_event!(events, Event::MaritimeTraded { gave, got, .. } if *gave == gold(2) && *got == Hand::of(Resource::Ore, 1))
    );
    assert_eq!(g.view(A).hand(), sum(gold(1), Hand::of(Resource::Ore, 1)));
    assert_eq!((g.bank()[Resource::Gold], g.bank()[Resource::Ore]), (18, 18));
    // Fewer than 2 gold.
    refused(
        &mut g,
        Action::BuyWithGold(Resource::Wool),
        RuleError::CannotAfford { what: "a resource from the bank", cost: gold(2) },
    );
    // The bank must hold the resource asked for.
    let mut g = scenario_with(config()).hand(A, gold(2)).hand(B, Hand::of(Resource::Ore, 19)).rolled().build().unwrap();
    refused(&mut g, Action::BuyWithGold(Resource::Ore), RuleError::BankLacks(Resource::Ore));
    refused(&mut g, Action::BuyWithGold(Resource::Gold), RuleError::NotForGold("2 gold buy a resource"));
    play(&mut g, Action::BuyWithGold(Resource::Brick));
    // Not before the roll, and not in a game without gold.
    let mut g = scenario_with(config()).hand(A, gold(2)).build().unwrap();
    refused(&mut g, Action::BuyWithGold(Resource::Brick), RuleError::NotNow("roll the dice first"));
    let mut g = scenario().rolled().build().unwrap();
    refused(&mut g, Action::BuyWithGold(Resource::Brick), RuleError::NotNow("there is no gold in this game"));
}

#[test]
fn r42_gold_pays_for_nothing() {
    let mut g = scenario_with(config()).hand(A, gold(19)).rolled().build().unwrap();
    let builds = |a: &Action| matches!(a, Action::BuildRoad(_) | Action::BuildSettlement(_) | Action::BuyDevCard);
    assert!(!g.legal_actions().iter().any(builds));
    refused(
        &mut g,
        Action::BuyDevCard,
        RuleError::CannotAfford { what: "a development card", cost: Hand::DEVELOPMENT },
    );
}

#[test]
fn r42_monopoly_and_year_of_plenty_cannot_name_gold() {
    let mut g = scenario_with(config())
        .dev(A, DevCard::Monopoly)
        .dev(A, DevCard::YearOfPlenty)
        .hand(B, gold(4))
        .rolled()
        .build()
        .unwrap();
    assert!(!g.legal_actions().iter().any(|a| matches!(
        a,
        Action::PlayMonopoly(Resource::Gold)
            | Action::PlayYearOfPlenty(Resource::Gold, _)
            | Action::PlayYearOfPlenty(_, Some(Resource::Gold))
    )));
    refused(&mut g, Action::PlayMonopoly(Resource::Gold), RuleError::NotForGold("monopoly names a resource"));
    let yop = RuleError::NotForGold("year of plenty takes resources");
    refused(&mut g, Action::PlayYearOfPlenty(Resource::Gold, Some(Resource::Ore)), yop.clone());
    refused(&mut g, Action::PlayYearOfPlenty(Resource::Ore, Some(Resource::Gold)), yop);
    // The bank's gold is not among the resources year of plenty counts (R32): with one resource
    // card left besides its gold, that card is the one taken.
    let mut g = scenario_with(config())
        .dev(A, DevCard::YearOfPlenty)
        .hand(B, hand(19, 19, 19, 19, 18))
        .rolled()
        .build()
        .unwrap();
    assert_eq!(g.bank(), sum(Hand::of(Resource::Ore, 1), gold(19)));
    refused(&mut g, Action::PlayYearOfPlenty(Resource::Ore, Some(Resource::Ore)), RuleError::BankHoldsOne);
    play(&mut g, Action::PlayYearOfPlenty(Resource::Ore, None));
}

#[test]
fn r42_harbors_and_the_bank_do_not_take_gold() {
    let g0 = scenario_with(config()).build().unwrap();
    let spot = g0
        .topology()
        .harbor_spots()
        .iter()
        .zip(g0.board().harbors())
        .find(|(_, k)| **k == HarborKind::Generic)
        .map(|(s, _)| s.vertices[0])
        .unwrap();
    let mut g = scenario_with(config()).settlement(A, spot).hand(A, gold(8)).rolled().build().unwrap();
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::MaritimeTrade { .. })));
    let harbor = RuleError::NotForGold("harbors and the bank's 4:1 don't take it; 2 gold buy 1 resource");
    for rate in [2, 3, 4] {
        refused(&mut g, Action::MaritimeTrade { give: Resource::Gold, get: Resource::Ore, rate }, harbor.clone());
    }
    let mut g = scenario_with(config()).hand(A, hand(4, 0, 0, 0, 0)).rolled().build().unwrap();
    let get = RuleError::NotForGold("the bank trades resources for resources");
    refused(&mut g, Action::MaritimeTrade { give: Resource::Brick, get: Resource::Gold, rate: 4 }, get);
}

#[test]
fn r42_gold_is_discarded_after_a_seven() {
    let mut g = scenario_with(config()).hand(A, sum(gold(6), hand(2, 0, 0, 0, 0))).next_roll(7).build().unwrap();
    let events = play(&mut g, Action::RollDice);
    assert!(has_event!(events, Event::MustDiscard { seat: A, count: 4 }), "8 cards, gold included: discard 4");
    assert!(g.legal_actions().contains(&Action::Discard(Resource::Gold)));
    for _ in 0..4 {
        play(&mut g, Action::Discard(Resource::Gold));
    }
    assert_eq!(g.phase(), Phase::Robber);
    assert_eq!(g.view(A).hand(), sum(gold(2), hand(2, 0, 0, 0, 0)));
    assert_eq!(g.bank()[Resource::Gold], 17);
}

#[test]
fn r42_gold_is_stolen() {
    let mut g =
        scenario_with(config()).settlement(B, corner(HILLS_6, N)).hand(B, gold(1)).next_roll(7).build().unwrap();
    play(&mut g, Action::RollDice);
    let events = play(&mut g, Action::MoveRobber { hex: HILLS_6, victim: Some(B) });
    assert!(has_event!(events, Event::Stole { thief: A, victim: B, resource: Resource::Gold }));
    assert_eq!((g.view(A).hand(), g.view(B).hand()), (gold(1), Hand::EMPTY));
}

#[test]
fn r42_gold_trades_between_players() {
    let mut g = scenario_with(config()).hand(A, gold(3)).hand(B, hand(0, 0, 0, 0, 2)).rolled().build().unwrap();
    let (give, get) = (gold(3), Hand::of(Resource::Ore, 2));
    play(&mut g, Action::OfferTrade { give, get, to: SeatSet::one(B) });
    play(&mut g, Action::AcceptTrade);
    let events = play(&mut g, Action::ConfirmTrade(B));
    assert!(has_event!(events, Event::Traded { seat: A, partner: B, .. }));
    assert_eq!((g.view(A).hand(), g.view(B).hand()), (get, give));
    // Gold may not be on both sides either (R21).
    refused(
        &mut g,
        Action::OfferTrade { give: sum(hand(0, 0, 0, 0, 1), gold(1)), get: gold(1), to: SeatSet::one(B) },
        RuleError::SameResourceBothSides,
    );
}

#[test]
fn r42_r45_without_the_robber_a_gold_hex_gives_gold() {
    let modules = Modules::NONE.with(Module::Gold).with(Module::NoRobber);
    let site = corner(GOLD_9, N);
    let mut g =
        scenario_with(Config::default().with_modules(modules)).settlement(A, site).next_roll(7).build().unwrap();
    play(&mut g, Action::RollDice);
    assert!(matches!(g.phase(), Phase::Plenty { seat: A, .. }));
    assert!(g.legal_actions().contains(&Action::TakeCard(Resource::Gold)));
    play(&mut g, Action::TakeCard(Resource::Gold));
    assert_eq!(g.view(A).hand(), gold(1));
}

#[test]
fn r42_gold_and_its_bank_are_saved() {
    let g = scenario_with(config()).hand(A, gold(5)).rolled().build().unwrap();
    let text = serde_json::to_string(&g).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!((back.view(A).hand()[Resource::Gold], back.bank()[Resource::Gold]), (5, 14));
}

fn sum(a: Hand, b: Hand) -> Hand {
    let mut h = a;
    h.add(&b);
    h
}
