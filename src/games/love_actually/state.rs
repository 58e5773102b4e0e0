//! LOVE ACTUALLY's match state: a small value type (bit sets of cards, fixed arrays) that
//! bots clone freely. Hands, the deck and the simultaneous picks are hidden; `known` records,
//! per seat, which cards of each other hand that seat has seen (LA-13), with one extra row
//! for what every seat knows.

/// The most players (the seed: 2-5).
pub const SEATS: usize = 5;
/// The row of `known` that holds what every seat knows.
pub const PUBLIC: usize = SEATS;
/// No seat / no card.
pub const NONE: u8 = u8::MAX;

/// What a Step 1 ask (or David's, Jamie's) names (LA-7, LA-23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AskKind {
    #[default]
    Name,
    Relationship,
    Colour,
}

/// Why a seat is answering an ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AskCtx {
    /// The Step 1 ask (LA-7).
    #[default]
    Step1,
    /// David: every player in turn order (LA-11).
    David,
    /// Jamie: a card that is not the named colour (LA-17).
    Jamie,
}

/// Where play goes after a draw, a window or an ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Resume {
    /// Seat 0's first turn (after the deal).
    #[default]
    FirstTurn,
    /// Step 2 of the turn.
    Step2,
    /// The ability in progress is finished.
    AbilityDone,
    /// Step 3: the scored cards go to the pile.
    Step3,
    /// Step 3: the next discard down to the hand size.
    DiscardLoop,
    /// Colin's picks, after the scorer filled its hand (LA-43).
    PassLeft,
    /// Step 3: bonus tiles, then the next turn.
    Tiles,
}

/// The step the match is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Phase {
    /// Chance: deal the hands.
    #[default]
    Deal,
    /// Take the discard top or pick a player to ask (LA-23).
    Step1,
    /// Name, relationship or colour.
    AskKind,
    /// The value asked for.
    AskValue,
    /// The asked seat hands a card over or says no.
    Respond,
    /// Score a set or not (LA-15).
    Step2,
    /// Which scored card's ability (LA-31).
    ChooseAbility,
    /// Harry: which black card to discard (LA-37).
    HarryBlack,
    /// Mia, Juliet, Mark/Judy/John, Jamie: the target player.
    ChooseSeat,
    /// Mia: the card to give (LA-38).
    MiaGive,
    /// Chance: Mia's target discards at random.
    MiaRandom,
    /// Natalie: a neighbour exposes a card.
    Expose,
    /// Johanna, Sam, Daniel: a card from the discard pile.
    TakePile,
    /// Tony: the two players (LA-44).
    TonyPair,
    /// Harriet/USA Girls, Colin, Tony: a player picks a card to put in (LA-10).
    Contribute,
    /// Chance: Harriet's / USA Girls' shuffle dealt out (LA-45).
    ShuffleDeal,
    /// Joe, Billy: the track.
    ChooseTrack,
    /// Step 3: the next scored card onto the pile (LA-30).
    Place,
    /// Step 3: discard down to the hand size (LA-12, LA-30).
    Discard,
    /// "Actually!": the asked seat claims or passes (LA-9).
    Window,
    /// Chance: draws.
    Draw,
    /// The match is over.
    Over,
}

/// How the end was triggered (LA-6, LA-49).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum EndKind {
    #[default]
    None,
    Score,
    LastTile,
}

/// Counters for metrics.csv: all public facts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Stats {
    /// Times each scoring option was scored (by any means).
    pub option_scored: [u8; super::cards::MAX_OPTIONS],
    /// Times each card's ability was chosen.
    pub ability_uses: [u8; 32],
    /// Asks by kind (name, relationship, colour, discard top) and how many got a card.
    pub asks: [u16; 4],
    pub ask_hits: [u16; 4],
    /// "Actually!" claims and Daisy/Bernard co-claims.
    pub claims: u16,
    pub co_claims: u16,
    /// Points by source per seat: sets, bonus tiles, abilities.
    pub points: [[i16; 3]; SEATS],
    /// Deck reshuffles (LA-14).
    pub reshuffles: u16,
}

/// The match state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct LoveState {
    pub players: u8,
    pub phase: Phase,
    /// Who decides now.
    pub actor: u8,
    /// Whose turn it is.
    pub current: u8,
    /// Player turns begun.
    pub turns: u32,
    pub capped: bool,

    pub hands: [u32; SEATS],
    /// The undrawn cards (their order does not exist until a draw, LA-14).
    pub deck: u32,
    /// The discard pile, bottom first (LA-19: face up, order known).
    pub pile: [u8; 32],
    pub pile_len: u8,
    /// This turn's scored cards (and the current player's earlier claimed sets), waiting for
    /// Step 3 (LA-26, LA-30).
    pub scored: u32,
    /// Sets claimed by "Actually!", in front of the claimer until its Step 3 (LA-26).
    pub aside: [u32; SEATS],
    /// A card picked for a shuffle, a pass or a swap, hidden from the others (LA-10).
    pub pending: [u8; SEATS],
    /// `known[v][w]`: cards v knows are in w's hand; row `PUBLIC`: known to all (LA-13).
    pub known: [[u32; SEATS]; SEATS + 1],

    pub scores: [i32; SEATS],
    pub tracks: [[u8; 4]; SEATS],
    pub tile_owner: [u8; 4],

    // The step in progress.
    pub scorer: u8,
    /// The card whose ability is resolving.
    pub ability_card: u8,
    /// The cards of the set being resolved (for the ability choice).
    pub set_cards: u32,
    pub ask_ctx: AskCtx,
    pub ask_kind: AskKind,
    pub ask_value: u8,
    pub ask_target: u8,
    /// The seat answering (Respond, Expose, Contribute, Window).
    pub responder: u8,
    /// Johanna/Sam/Daniel: cards still to take; Natalie: neighbours still to expose (mask);
    /// Contribute: seats still to pick (mask).
    pub remaining: u8,
    pub pair: [u8; 2],
    /// The seats whose picks are in `pending`.
    pub contributors: u8,
    pub window_card: u8,
    pub discarder: u8,
    pub draw_seat: u8,
    pub draw_n: u8,
    pub draw_then: Resume,
    /// Where play goes when the ability (or window) in progress is done.
    pub after_ability: Resume,

    /// Turn-level facts.
    pub asked_jamie_aurelia: bool,
    /// Juliet's lock: the only seat this seat may ask on its next Step 1 (LA-39).
    pub lock: [u8; SEATS],
    /// Claimers that do not draw before their own Step 3 (LA-25).
    pub no_refill: u8,

    /// The end (LA-21, LA-24).
    pub ender: u8,
    pub end_kind: EndKind,
    pub final_left: u8,
    pub trigger_turn: u32,

    pub stats: Stats,
}

/// The bit of card `c`.
pub const fn bit(c: u8) -> u32 {
    1 << c
}

/// The cards of a mask, in index order.
pub fn cards_of(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let c = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(c)
    })
}

impl LoveState {
    pub fn players(&self) -> usize {
        self.players as usize
    }
    pub fn hand_len(&self, seat: u8) -> u32 {
        self.hands[seat as usize].count_ones()
    }
    /// The discard pile as a set.
    pub fn pile_mask(&self) -> u32 {
        self.pile[..self.pile_len as usize].iter().fold(0, |m, &c| m | bit(c))
    }
    /// The top of the discard pile.
    pub fn top(&self) -> Option<u8> {
        self.pile_len.checked_sub(1).map(|i| self.pile[i as usize])
    }
    /// The seat after `seat`.
    pub fn next(&self, seat: u8) -> u8 {
        (seat + 1) % self.players
    }
    /// Every seat as a mask.
    pub fn all_seats(&self) -> u8 {
        ((1u16 << self.players) - 1) as u8
    }
}
