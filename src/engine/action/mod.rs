//! The engine's vocabulary: seats, actions, the events they cause, and why an action is refused.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cards::{DevCard, Hand, Resource};
use super::coords::{Edge, Hex, SeaHex, Vertex};

mod words;

pub use words::a_or_an;

/// A kind of unit (R52, R53): knights, archers and cavalry stand on land hexes; ships on sea
/// hexes. Saved by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum UnitKind {
    /// R52: a knight, ore + wool.
    Knight = 0,
    /// R52: an archer, ore + wool + lumber (its reach is R56's).
    Archer = 1,
    /// R52: a cavalry, ore + wool + grain; moves 2 steps further.
    Cavalry = 2,
    /// R53: a ship, lumber + wool; sails 4 sea hexes.
    Ship = 3,
    /// R53: a war ship, brick + ore + lumber; +2 to its die (R56); 1 a player.
    WarShip = 4,
    /// R53: a cargo ship, 2 lumber + wool; sails 7, carries 3 knight units, trades one card
    /// better at a harbor; 3 a player.
    CargoShip = 5,
}

impl UnitKind {
    /// The knight units (R52), in the order of the seed's table.
    pub const KNIGHTS: [UnitKind; 3] = [UnitKind::Knight, UnitKind::Archer, UnitKind::Cavalry];
    /// The ships (R53), in the order of the seed's table.
    pub const SHIPS: [UnitKind; 3] = [UnitKind::Ship, UnitKind::WarShip, UnitKind::CargoShip];

    /// True for a ship (R53), false for a knight unit (R52).
    pub const fn is_ship(self) -> bool {
        self as u8 >= 3
    }

    /// The kind's name on the table.
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Knight => "knight",
            UnitKind::Archer => "archer",
            UnitKind::Cavalry => "cavalry",
            UnitKind::Ship => "ship",
            UnitKind::WarShip => "war ship",
            UnitKind::CargoShip => "cargo ship",
        }
    }

    /// What the kind costs (R48's table, whether or not `seed_costs` is on: R52).
    pub const fn cost(self) -> Hand {
        match self {
            UnitKind::Knight => Hand::new([0, 0, 1, 0, 1]),
            UnitKind::Archer => Hand::new([0, 1, 1, 0, 1]),
            UnitKind::Cavalry => Hand::new([0, 0, 1, 1, 1]),
            UnitKind::Ship => Hand::new([0, 1, 1, 0, 0]),
            UnitKind::WarShip => Hand::new([1, 1, 0, 0, 1]),
            UnitKind::CargoShip => Hand::new([0, 2, 1, 0, 0]),
        }
    }
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most players any supported game seats (R40).
pub const MAX_PLAYERS: usize = 6;

/// A player's seat, 0-based in the order the players were named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// Index for arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Widened first: a seat read from a damaged file may be 255.
        write!(f, "player {}", u16::from(self.0) + 1)
    }
}

/// A set of seats (the players a trade offer is addressed to).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(pub u8);

impl SeatSet {
    /// The set of the first `n` seats.
    pub fn all(n: usize) -> SeatSet {
        SeatSet(((1u16 << n) - 1) as u8)
    }
    /// The bit of `s`; none for a seat past 7 (a damaged save may name seat 255: no shift
    /// overflows, and no set holds it).
    #[inline]
    fn bit(s: Seat) -> u8 {
        1u8.checked_shl(u32::from(s.0)).unwrap_or(0)
    }
    /// The set holding one seat (empty for a seat past 7).
    pub fn one(s: Seat) -> SeatSet {
        SeatSet(SeatSet::bit(s))
    }
    /// True when `s` is in the set.
    pub fn contains(self, s: Seat) -> bool {
        self.0 & SeatSet::bit(s) != 0
    }
    /// The set without `s`.
    pub fn without(self, s: Seat) -> SeatSet {
        SeatSet(self.0 & !SeatSet::bit(s))
    }
    /// The set with `s` added (unchanged for a seat past 7).
    pub fn with(self, s: Seat) -> SeatSet {
        SeatSet(self.0 | SeatSet::bit(s))
    }
    /// True when empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The seats in the set, in seat order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}

/// Everything a player can do. Who does it is always [`Game::to_act`](super::Game::to_act).
///
/// In domestic trade, `give` and `get` are always seen from the side of the player whose turn it
/// is: in a counter-offer, `give` is what the player whose turn it is would give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
// An explicit tag byte: telling variants apart is one compare (a tag packed into a field's
// spare values took several instructions, and this is matched on every action).
#[repr(u8)]
pub enum Action {
    /// Place a settlement (free in set-up).
    BuildSettlement(Vertex),
    /// Upgrade one's own settlement to a city.
    BuildCity(Vertex),
    /// Place a road (free in set-up and with a road building card).
    BuildRoad(Edge),
    /// Roll the dice.
    RollDice,
    /// Discard one card after a 7; repeated until half the hand is gone.
    Discard(Resource),
    /// Move the robber and name the player to rob (if anyone can be robbed there).
    MoveRobber { hex: Hex, victim: Option<Seat> },
    /// Buy the top development card.
    BuyDevCard,
    /// Play a knight: move the robber.
    PlayKnight,
    /// Play road building: two free roads follow, placed by the normal rules; only one when the
    /// player has one road piece left or only one path can take a road (R31). The roads are not
    /// optional: the card is played to place them.
    PlayRoadBuilding,
    /// Play year of plenty: take two cards (one if the bank holds only one card, R32). The two
    /// orders of a pair are the same move.
    PlayYearOfPlenty(Resource, Option<Resource>),
    /// Play monopoly on a resource.
    PlayMonopoly(Resource),
    /// Trade `rate` cards of `give` to the bank for one `get`.
    MaritimeTrade { give: Resource, get: Resource, rate: u8 },
    /// Offer a trade to some players.
    OfferTrade { give: Hand, get: Hand, to: SeatSet },
    /// Accept the open offer.
    AcceptTrade,
    /// Decline the open offer.
    DeclineTrade,
    /// Answer the open offer with other terms.
    CounterTrade { give: Hand, get: Hand },
    /// Complete the trade with a player who accepted or countered.
    ConfirmTrade(Seat),
    /// Withdraw the offer.
    CancelTrade,
    /// End the turn.
    EndTurn,
    /// No robber (R45): after a 7, take a card of this kind for the building being paid.
    TakeCard(Resource),
    /// Gold (R42): give the bank 2 gold for one card of this resource.
    BuyWithGold(Resource),
    /// Castles (R44): turn one's own city into a castle, paid for; the city piece returns to
    /// supply.
    BuildCastle(Vertex),
    /// Knights (R52): build a knight unit of this kind on a land hex.
    BuildKnight { kind: UnitKind, hex: Hex },
    /// Knights (R52): move one's knight unit number `unit` (its slot, see
    /// [`Game::knight_units`](super::Game::knight_units)) to a land hex.
    MoveKnight { unit: u8, to: Hex },
    /// Ships (R53): build a ship of this kind on a sea hex.
    BuildShip { kind: UnitKind, sea: SeaHex },
    /// Ships (R53): sail one's ship number `unit` (its slot) to a sea hex.
    SailShip { unit: u8, to: SeaHex },
    /// Ships (R53) with knights: one's knight unit number `unit` boards one's cargo ship
    /// number `ship` (leaving it is a [`Action::MoveKnight`] to a land hex).
    BoardShip { unit: u8, ship: u8 },
    /// Attacks (R56): one's unit `unit` (a knight unit's slot, or [`SHIP_SLOT`] + a ship's
    /// slot) attacks `target`.
    ///
    /// [`SHIP_SLOT`]: super::rules::SHIP_SLOT
    Attack { unit: u8, target: Target },
}

impl Action {
    /// True for the actions of knight units and ships (R52, R53): building, moving, sailing
    /// and boarding (not R56's attack).
    pub fn is_unit(&self) -> bool {
        matches!(
            self,
            Action::BuildKnight { .. }
                | Action::BuildShip { .. }
                | Action::MoveKnight { .. }
                | Action::SailShip { .. }
                | Action::BoardShip { .. }
        )
    }
}

/// What a unit attacks (R56).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// An opponent's unit: a knight unit's slot, or [`SHIP_SLOT`](super::rules::SHIP_SLOT) +
    /// a ship's slot.
    Unit { seat: Seat, unit: u8 },
    /// An opponent's settlement or city on an intersection.
    Building(Vertex),
}

/// What a fight changed (R56).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FightResult {
    /// The defender won: nothing happens.
    Held,
    /// The defending unit was removed, with `aboard` knight units aboard it (a cargo ship).
    Removed { kind: UnitKind, aboard: u8 },
    /// The building became the attacker's at the same level.
    Captured(Piece),
    /// The building was removed (the attacker had no such piece in supply).
    Destroyed(Piece),
}

/// A player's answer to an open trade offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Not among the players the offer was made to.
    NotAsked,
    /// Still to answer.
    Pending,
    Accept,
    Decline,
    /// Other terms, seen from the offering player's side.
    Counter {
        give: Hand,
        get: Hand,
    },
}

/// A kind of building piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    Road,
    Settlement,
    City,
    /// R44: a city with walls (module `castles`).
    Castle,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Piece::Road => "road",
            Piece::Settlement => "settlement",
            Piece::City => "city",
            Piece::Castle => "castle",
        })
    }
}

/// What an action brought to light that no one knew before it (H3: such an action is final).
/// The engine tells it from the game itself ([`Game::revealed`](super::Game::revealed)): the
/// action drew from the RNG, or showed cards that were hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Revealed {
    /// The dice were rolled.
    Roll,
    /// A card was stolen, picked at random.
    Steal,
    /// Anything else chance decided (the dragon's tie-breaks and attacks, R43; fights, R56).
    Chance,
    /// A development card was drawn from the deck.
    CardDraw,
    /// Other players' hidden hands were shown (a monopoly).
    Hands,
}

impl Revealed {
    /// What was revealed, in a few words ("a roll").
    pub fn what(self) -> &'static str {
        match self {
            Revealed::Roll => "a roll",
            Revealed::Steal => "a steal",
            Revealed::Chance => "a throw of chance",
            Revealed::CardDraw => "a card draw",
            Revealed::Hands => "a monopoly",
        }
    }
}

/// An award a house rule adds, held and lost as Longest Road (R35). Saved by the name of its
/// module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Award {
    /// R49: Largest Metropolis.
    Metropolis,
    /// R50: Harbor Master.
    HarborMaster,
    /// R52: Largest Army counted in knight units on the board, held and lost as R35 (the
    /// base game's Largest Army is reported by [`Event::LargestArmy`]).
    LargestArmy,
    /// R54: Largest Navy, the most ships on the board.
    LargestNavy,
}

impl Award {
    /// The award's name on the table.
    pub fn name(self) -> &'static str {
        match self {
            Award::Metropolis => "Largest Metropolis",
            Award::HarborMaster => "Harbor Master",
            Award::LargestArmy => "Largest Army",
            Award::LargestNavy => "Largest Navy",
        }
    }
}

/// Something that happened. Random outcomes are included so a log can be replayed;
/// see [`Event::visible_to`] for who may see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A roll for the starting player (R10).
    StartingRoll { seat: Seat, dice: [u8; 2] },
    /// Who takes the first set-up placement and the first turn.
    FirstPlayer { seat: Seat },
    /// A road, settlement, city or castle (R44) was placed.
    Built { seat: Seat, piece: Piece, at: u8 },
    /// Cards from the second set-up settlement (R12).
    SetupResources { seat: Seat, cards: Hand },
    /// A turn began.
    TurnStarted { seat: Seat, number: u32 },
    /// A player's turn in the Special Building Phase began (R40).
    SpecialBuilding { seat: Seat },
    /// The second player of a pair took over the turn (R40a).
    SecondOfPair { seat: Seat, first: Seat },
    /// The dice were rolled.
    DiceRolled { seat: Seat, dice: [u8; 2] },
    /// R57: the 7 `seat` just rolled falls in the attack phase and does nothing: no robber, no
    /// discards, no R45 choice (said, so that no one wonders why).
    QuietSeven { seat: Seat },
    /// A player received production.
    Produced { seat: Seat, cards: Hand },
    /// The bank could not pay a resource (R16).
    Shortage { resource: Resource },
    /// A player must discard after a 7.
    MustDiscard { seat: Seat, count: u8 },
    /// A player discarded a card (which one is private).
    Discarded { seat: Seat, resource: Resource },
    /// The robber moved.
    RobberMoved { seat: Seat, hex: Hex },
    /// A card was stolen (which one is private).
    Stole { thief: Seat, victim: Seat, resource: Resource },
    /// A development card was bought (which one is private).
    BoughtDevCard { seat: Seat, card: DevCard },
    /// A development card was played.
    PlayedDevCard { seat: Seat, card: DevCard },
    /// Year of plenty paid out.
    TookFromBank { seat: Seat, cards: Hand },
    /// Monopoly took cards from one player.
    Monopolized { seat: Seat, from: Seat, resource: Resource, count: u8 },
    /// A trade with the bank.
    MaritimeTraded { seat: Seat, gave: Hand, got: Hand },
    /// A domestic trade was offered.
    TradeOffered { seat: Seat, give: Hand, get: Hand, to: SeatSet },
    /// A player answered the offer.
    TradeAnswered { seat: Seat, answer: Answer },
    /// A domestic trade took place.
    Traded { seat: Seat, partner: Seat, gave: Hand, got: Hand },
    /// The offer was withdrawn.
    TradeCancelled { seat: Seat },
    /// The offer closed because every player asked declined it.
    TradeDeclined { seat: Seat },
    /// The offerer took a partner's answer and it could not be paid: the offer is closed with
    /// no trade. An answer is taken at the player's word (RULES H4), so this is how a word that
    /// can't be kept ends; it says no more than that, whatever the reason.
    TradeFellThrough { seat: Seat, partner: Seat },
    /// Longest Road changed hands or was set aside.
    LongestRoad { holder: Option<Seat>, length: u8 },
    /// Largest Army changed hands.
    LargestArmy { holder: Seat, knights: u8 },
    /// A house-rule award changed hands or was set aside (R49 Largest Metropolis, R50 Harbor
    /// Master), with the score that decided it.
    HouseAward { award: Award, holder: Option<Seat>, points: u8 },
    /// The dragon (R43): a tied leader's die, rolled to pick the dragon's target.
    DragonRoll { seat: Seat, die: u8 },
    /// The dragon (R43) attacked `seat`'s building on intersection `at`, a `was` that is now
    /// `now` (`None`: removed); `at` is `None` when the target had no building.
    DragonAttacked { seat: Seat, at: Option<u8>, was: Piece, now: Option<Piece> },
    /// Knights (R52), ships (R53): a unit was built on hex `at` (a land hex for a knight unit,
    /// a sea hex for a ship), in the player's slot `unit` (of knight units, or of ships).
    UnitBuilt { seat: Seat, kind: UnitKind, unit: u8, at: u8 },
    /// Knights (R52), ships (R53): a unit moved from hex `from` to `to` (land hexes for a
    /// knight unit, sea hexes for a ship; a knight leaving a cargo ship comes from its sea hex).
    UnitMoved { seat: Seat, kind: UnitKind, unit: u8, from: u8, to: u8 },
    /// R53: knight unit `unit` boarded cargo ship `ship` on sea hex `at`.
    Boarded { seat: Seat, unit: u8, ship: u8, at: u8 },
    /// The dragon (R43) with knights (R52): `seat`'s knight beside the attacked building on
    /// `at` fought; `die` against the dragon's, ties re-rolled; the higher target die saves it.
    DragonFought { seat: Seat, at: u8, die: u8, dragon: u8 },
    /// R56: `seat`'s unit `unit` (a slot bit, as [`Action::Attack`]) of `kind` attacked
    /// `defender`'s `target` (after defence, R56: the unit that took the fight); the dice
    /// `[attacker, defender]` of the last roll (ties rolled again), the modifiers added to
    /// each, and what it changed.
    Fought {
        seat: Seat,
        unit: u8,
        kind: UnitKind,
        defender: Seat,
        target: Target,
        dice: [u8; 2],
        plus: [u8; 2],
        result: FightResult,
    },
    /// R55: `seat` earned a Colonist point for settling island `island` after set-up.
    Colonist { seat: Seat, island: u8 },
    /// The game is won.
    Won { seat: Seat, points: u8 },
}

impl Event {
    /// True when `seat` may see this event as it is (H1, H2). Everyone else learns only what
    /// [`Event::describe`] tells them (that a card was discarded, stolen or bought).
    pub fn visible_to(&self, seat: Seat) -> bool {
        match *self {
            Event::Discarded { seat: s, .. } | Event::BoughtDevCard { seat: s, .. } => s == seat,
            Event::Stole { thief, victim, .. } => seat == thief || seat == victim,
            _ => true,
        }
    }

    /// True when everyone may see this event as it is.
    pub fn is_public(&self) -> bool {
        !matches!(self, Event::Discarded { .. } | Event::BoughtDevCard { .. } | Event::Stole { .. })
    }
}

/// Why an action was refused, in plain words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("not now: {0}")]
    NotNow(&'static str),
    #[error("there is no {0} {1} on this island")]
    OffBoard(&'static str, u8),
    #[error("that intersection already has a building")]
    VertexTaken,
    #[error("that path already has a road")]
    EdgeTaken,
    #[error("distance rule: the intersection next to it has a building")]
    DistanceRule,
    #[error("a settlement must touch one of your roads")]
    SettlementNotConnected,
    #[error("a road must touch your own building, or your road at a corner without an opponent's building")]
    RoadNotConnected,
    #[error("the set-up road must touch the settlement you just placed")]
    SetupRoadAway,
    #[error("set-up places only on the islands the map names (R51)")]
    SetupIsland,
    #[error("a city replaces one of your own settlements")]
    NotYourSettlement,
    #[error("a castle replaces one of your own cities")]
    NotYourCity,
    #[error("the house rule {0} is not on in this game")]
    ModuleOff(&'static str),
    #[error("you have no {0} pieces left")]
    NoPiecesLeft(Piece),
    #[error("not enough cards: {what} costs {cost}")]
    CannotAfford { what: &'static str, cost: Hand },
    #[error("the development deck is empty")]
    DeckEmpty,
    #[error("only one development card may be played per turn")]
    CardAlreadyPlayed,
    #[error("you hold no {0} card")]
    NoSuchCard(DevCard),
    #[error("a {0} card bought this turn can be played from your next turn on")]
    BoughtThisTurn(DevCard),
    #[error("no road can be placed, so road building can't be played")]
    NoRoadPlace,
    #[error("the bank has no {0} left")]
    BankLacks(Resource),
    #[error("the bank holds only one card: take that one")]
    BankHoldsOne,
    #[error("year of plenty takes two cards while the bank holds more than one")]
    TakeTwo,
    #[error("the robber must move to a different land hex")]
    RobberMustMove,
    #[error("friendly robber: that hex touches a player with fewer than 3 points")]
    FriendlyRobber,
    #[error("{0} can't be robbed there: no building there, or no cards")]
    BadVictim(Seat),
    #[error("choose a player to rob")]
    MustChooseVictim,
    #[error("you hold no {0}")]
    NoCard(Resource),
    #[error("both sides of a trade must give at least one card")]
    EmptyTradeSide,
    #[error("the same resource can't be on both sides of a trade")]
    SameResourceBothSides,
    #[error("{0} doesn't hold those cards")]
    LacksCards(Seat),
    #[error("a trade offer must name other players")]
    NoTradePartner,
    #[error("{0} hasn't accepted or countered")]
    NotAccepted(Seat),
    #[error("you trade {0} at {1}:1 at best")]
    BadRate(Resource, u8),
    #[error("give and get must be different resources")]
    SameResource,
    #[error("strict phases: no trading after building this turn")]
    TradeAfterBuild,
    #[error("gold is no resource: {0}")]
    NotForGold(&'static str),
    #[error("you build {0} unit a turn at most")]
    UnitsThisTurn(u8),
    #[error("you have no {0} units left (6 a player)")]
    NoUnitsLeft(&'static str),
    #[error("a knight unit goes on a land hex touching one of your buildings")]
    KnightSite,
    #[error("you have no unit number {0}")]
    NoSuchUnit(u8),
    #[error("that unit has moved this turn: each of its 2 actions is of a different kind")]
    UnitMoved,
    #[error("that unit has used both its actions this turn")]
    UnitSpent,
    #[error("a {0} can't reach that hex this turn")]
    UnitCantReach(UnitKind),
    #[error("a player has {1} {0} at most")]
    KindLimit(UnitKind, u8),
    #[error("that isn't a {0}")]
    WrongKind(&'static str),
    #[error("a ship goes on a sea hex touching one of your coastal buildings (or your knight's hex)")]
    ShipSite,
    #[error("a knight boards your cargo ship on a sea hex touching its hex, with room for it (3 knights)")]
    CannotBoard,
    #[error("a knight leaving a cargo ship goes to a land hex touching the ship's sea hex")]
    CannotLand,
    #[error("that unit has attacked this turn: each of its 2 actions is of a different kind")]
    UnitAttacked,
    #[error("a unit can't attack that: {0}")]
    BadTarget(&'static str),
    #[error("castles can't be attacked (R44)")]
    CastleImmune,
    #[error("attacks only in the attack phase (R57)")]
    BuildPhase,
}

// An action is copied into every list of legal actions: the unit modules' actions must not
// make it larger than the base game's largest (a trade offer, 18 bytes).
const _: () = assert!(std::mem::size_of::<Action>() <= 18, "Action grew");
