//! DARDZ's match state: a fixed-size value type (no heap) that bots clone freely.
//!
//! Cards are one byte ([`Card`]); the draw pile is kept as counts per kind, because its order
//! does not exist until a chance event draws from it; hands are small fixed arrays that also
//! remember when each card entered a hand (for the "turns in hand" metric); points piles are
//! counts per kind per seat. Everything the per-match metrics need is counted here too.

use crate::core::MAX_SEATS;

use super::rules::{ActionCard, Card, MAX_HAND, NUM_KINDS};

/// What happens next. Decisions are always the roller's ([`Phase::ChooseAction`],
/// [`Phase::Guess`], [`Phase::Pick`]); everything else is a chance event.
///
/// A tag byte of its own (`repr(u8)`) beside the Action Dice's card: without it the card
/// shared the byte (the other phases in the card's unused values), and every `match` on the
/// phase (several per step) first worked the tag out of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Phase {
    /// Chance: collect every card, pick the round's first player, deal the hands.
    Deal,
    /// Decision: which of several kinds of action card to play next (DZ-4).
    ChooseAction,
    /// Decision: the number named for a Jackpot.
    Guess,
    /// Chance: the dice of the action card being played.
    ActionDice(ActionCard),
    /// Chance: the seats in `draw_mask` draw back to the hand size.
    Draw,
    /// Chance: the roll of the current stage (1, 2 or 3 dice, or the Bonus Roll's 2).
    Roll,
    /// Decision: the number picked from the dice on the stage's roll.
    Pick,
    /// Chance: the round is over; settle it (round-win roll-off, Lucky Loser rolls).
    RoundEnd,
    /// The match is over, finished or capped.
    Over,
}

/// Where the roller is in their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Roll1,
    Roll2,
    Roll3,
    Bonus,
    /// The rolls are over; the roller draws back to the hand size.
    EndTurn,
    /// The turn is finished; the next player starts.
    Done,
}

impl Stage {
    /// The roller plays action cards at once only while their rolls are still to come
    /// (DZ-4); cards drawn at the very end of the turn wait for the next one.
    pub fn plays_actions(self) -> bool {
        matches!(self, Stage::Roll1 | Stage::Roll2 | Stage::Roll3 | Stage::Bonus)
    }

    /// Dice rolled at this stage.
    pub fn dice(self) -> usize {
        // A table, not a match: read at every roll, where a jump on the stage mispredicts.
        const DICE: [u8; 6] = {
            let mut dice = [0; 6];
            dice[Stage::Roll1 as usize] = 1;
            dice[Stage::Roll2 as usize] = 2;
            dice[Stage::Roll3 as usize] = 3;
            dice[Stage::Bonus as usize] = 2;
            dice
        };
        DICE[self as usize] as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Stage::Roll1 => "first roll",
            Stage::Roll2 => "second roll",
            Stage::Roll3 => "third roll",
            Stage::Bonus => "Bonus Roll",
            Stage::EndTurn | Stage::Done => "end of turn",
        }
    }
}

/// Per card kind, its bit in a number mask (bit n for number n; the Golden 7 is a 7).
/// Tables, because these masks are computed at nearly every step.
pub const NUMBER_BIT: [u16; NUM_KINDS] = {
    let mut bits = [0; NUM_KINDS];
    let mut k = 0;
    while k < NUM_KINDS {
        if let Some(n) = Card(k as u8).value_number() {
            bits[k] = 1 << n;
        }
        k += 1;
    }
    bits
};

/// Per card kind, its bit in an action mask ([`ActionCard::bit`]).
const ACTION_BIT: [u8; NUM_KINDS] = {
    let mut bits = [0; NUM_KINDS];
    let mut k = 0;
    while k < NUM_KINDS {
        if let Some(a) = Card(k as u8).action() {
            bits[k] = a.bit();
        }
        k += 1;
    }
    bits
};

/// Lanes of [`DardzState::deck_ends`]: one per kind, padded to whole 8-lane registers.
pub const END_LANES: usize = 24;

/// Where each kind's cards end in a draw pile laid out kind by kind: lane k counts the cards
/// of kinds 0 to k; the padding lanes hold `u16::MAX`, past any position.
pub fn deck_ends(deck: &[u8; NUM_KINDS]) -> [u16; END_LANES] {
    let mut ends = [u16::MAX; END_LANES];
    let mut sum = 0;
    for (end, &n) in ends.iter_mut().zip(deck) {
        sum += n as u16;
        *end = sum;
    }
    ends
}

/// Per kind k, what drawing a k takes off each lane of [`deck_ends`]: 1 on lanes k to the
/// last kind, 0 before them and on the padding.
const EARLIER_BY_ONE: [[u16; END_LANES]; NUM_KINDS] = {
    let mut rows = [[0; END_LANES]; NUM_KINDS];
    let mut k = 0;
    while k < NUM_KINDS {
        let mut lane = k;
        while lane < NUM_KINDS {
            rows[k][lane] = 1;
            lane += 1;
        }
        k += 1;
    }
    rows
};

/// A hand: up to [`MAX_HAND`] face-up cards, each with the turn in which it entered a hand
/// (kept as the low 16 bits of the turn counter; differences use wrapping arithmetic, and a
/// card never waits 65,536 turns because the turn cap is at most 60,000). Unused slots are
/// zero so that equal hands compare equal. The hand also keeps the masks of the numbers and
/// action cards it holds, read at nearly every step: change it only through
/// [`Hand::push`] and [`Hand::remove_at`], which keep them (`check_invariants` checks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    pub len: u8,
    pub cards: [Card; MAX_HAND],
    pub since: [u16; MAX_HAND],
    numbers: u16,
    actions: u8,
}

impl Hand {
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    pub fn push(&mut self, card: Card, since: u16) {
        let i = self.len as usize;
        debug_assert!(i < MAX_HAND, "hand overflow");
        self.cards[i] = card;
        self.since[i] = since;
        self.len += 1;
        self.numbers |= NUMBER_BIT[card.index()];
        self.actions |= ACTION_BIT[card.index()];
    }

    /// Remove the card in slot `i`, keeping the others in order.
    pub fn remove_at(&mut self, i: usize) -> (Card, u16) {
        debug_assert!(i < self.len as usize);
        let taken = (self.cards[i], self.since[i]);
        // Shift every later slot down, to the fixed end: the unused slots are zero, so the
        // last used slot becomes zero too. A fixed loop, not `copy_within`, which calls
        // memmove for these few bytes (2.6% of a random DARDZ match).
        for j in i..MAX_HAND - 1 {
            self.cards[j] = self.cards[j + 1];
            self.since[j] = self.since[j + 1];
        }
        self.cards[MAX_HAND - 1] = Card::default();
        self.since[MAX_HAND - 1] = 0;
        self.len -= 1;
        // Only the removed card's mask can change, and only if no copy of it is left.
        if NUMBER_BIT[taken.0.index()] != 0 {
            self.numbers = self.counted(&NUMBER_BIT);
        } else {
            self.actions = self.counted(&ACTION_BIT) as u8;
        }
        taken
    }

    /// Take out every card scoring on the number whose bit is `number`, keeping the others in
    /// order, and hand each slot's card with its entry turn to `each`, with 1 if it was taken
    /// and 0 if kept (so that the caller can count without a branch per card).
    pub fn remove_number(&mut self, number: u16, mut each: impl FnMut(Card, u16, u32)) {
        // Branch-free compaction: whether a card scores is a coin flip to the predictor.
        let mut kept = 0;
        for i in 0..self.len as usize {
            let (card, since) = (self.cards[i], self.since[i]);
            let taken = (NUMBER_BIT[card.index()] == number) as usize;
            each(card, since, taken as u32);
            self.cards[kept] = card;
            self.since[kept] = since;
            kept += 1 - taken;
        }
        for i in kept..self.len as usize {
            self.cards[i] = Card::default();
            self.since[i] = 0;
        }
        self.len = kept as u8;
        // Every card of the number left; action cards never score on a number.
        self.numbers &= !number;
    }

    /// Bit n set for every number n (1-12) this hand can score on (the Golden 7 is a 7).
    pub fn numbers(&self) -> u16 {
        self.numbers
    }

    /// Bit [`ActionCard::bit`] set for every kind of action card held.
    pub fn actions(&self) -> u8 {
        self.actions
    }

    /// The number and action masks counted from the cards (the kept ones must equal them).
    pub fn masks_counted(&self) -> (u16, u8) {
        (self.counted(&NUMBER_BIT), self.counted(&ACTION_BIT) as u8)
    }

    /// The union of `bits` over the held cards' kinds.
    fn counted<B: Copy + Into<u16>>(&self, bits: &[B; NUM_KINDS]) -> u16 {
        // Over every slot, with the unused ones masked out: no loop exit to mispredict.
        let mut mask = 0;
        for i in 0..MAX_HAND {
            let live = ((i < self.len as usize) as u16).wrapping_neg();
            mask |= bits[self.cards[i].index()].into() & live;
        }
        mask
    }

    pub fn count(&self, card: Card) -> usize {
        self.cards().iter().filter(|&&c| c == card).count()
    }
}

/// How a score changed: the rulebook's "6 ways to score points".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Way {
    /// Jackpot, Boost 'em and Bunk 'em, when played.
    ActionCards,
    ThreeOfAKind,
    CleanUp,
    RoundBonus,
    /// The points piles at the end of each round.
    Piles,
    LuckyLoser,
}

pub const WAY_KEYS: [&str; 6] =
    ["action_cards", "three_of_a_kind", "clean_up", "round_bonus", "piles", "lucky_loser"];

/// Per-match counters for the metrics (integers, so that tallies merge exactly).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Cards of each kind that went into a points pile (an action card when played).
    pub scored: [u32; NUM_KINDS],
    /// Turns those cards spent in hands before they were scored (summed).
    pub hand_turns: [u32; NUM_KINDS],
    /// Points by way of scoring, as they changed scores (after the floor at 0).
    pub ways: [i32; 6],
    /// The effects of Jackpot, Boost 'em and Bunk 'em (after the floor at 0).
    pub jackpot_points: i32,
    pub boost_points: i32,
    pub bunk_points: i32,
    pub jackpot_hits: u32,
    /// Rounds won by each seat's side (in Team DARDZ both partners count the team's win).
    pub round_wins: [u16; MAX_SEATS],
    pub rounds_no_winner: u16,
    pub rounds_deck_empty: u16,
    pub round_win_rolloffs: u16,
    pub lucky_loser_rolls: u32,
    pub clean_ups: u32,
    pub three_of_a_kind: u32,
}

/// Which chance event the last step resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// The last step was a decision.
    #[default]
    Decision,
    Dealt,
    /// A roll of this stage.
    Rolled(Stage),
    ActionDice(ActionCard),
    Drew,
    Settled,
}

/// What the last step did beyond its own choice, for `describe_chance` and traces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Event {
    pub kind: EventKind,
    /// The roller when the step began (a step may end the turn and start the next one).
    pub seat: u8,
    /// The seat that played `auto_played`.
    pub auto_seat: u8,
    /// Action-card dice: a Jackpot's die, a Roll-Off's (roller, left) dice, Boost/Bunk's pair.
    pub dice: [u8; 2],
    /// Seats that scored on a number taken without a decision (first roll, single option).
    pub scored: u8,
    /// The number taken without a decision, if any.
    pub auto_pick: u8,
    /// Action cards played without a decision (a bit per kind), before and after the hands
    /// passed on a Clock (the roller may receive action cards and play them).
    pub auto_played: u8,
    pub auto_played_after_pass: u8,
    /// Seats hit by a Boost/Bunk, or the seat that won a Roll-Off.
    pub hit: u8,
    /// The hands were passed to the left (Clock).
    pub passed: bool,
    /// A roll-off decided something in this step (first player, round win, final tie).
    pub rolloff: bool,
    /// Cards drawn, as `seat << 5 | kind` (the first 16).
    pub drawn: [u8; 16],
    pub ndrawn: u8,
    /// Lucky Loser dice per seat (per team at its lowest seat) as `8 * d1 + d2` (0: no
    /// roll).
    pub lucky: [u8; MAX_SEATS],
}

impl Event {
    pub fn record_draw(&mut self, seat: usize, card: Card) {
        if (self.ndrawn as usize) < self.drawn.len() {
            self.drawn[self.ndrawn as usize] = (seat as u8) << 5 | card.0;
        }
        self.ndrawn = self.ndrawn.saturating_add(1);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DardzState {
    pub players: u8,
    pub phase: Phase,
    pub stage: Stage,
    /// The seat whose turn it is.
    pub roller: u8,
    /// The seat that rolled first in this round (DZ-11's `rotate` reads it).
    pub starter: u8,
    /// Rounds dealt so far (1 during the first round).
    pub round: u16,
    /// Turns started so far (a turn is one player's three rolls and Bonus Roll).
    pub turns: u32,
    /// The draw pile, as counts per kind.
    pub deck: [u8; NUM_KINDS],
    pub deck_len: u16,
    /// [`deck_ends`] of `deck`, kept on every draw: drawing names the kind at a position
    /// without scanning the counts. Change the pile only through [`DardzState::set_deck`]
    /// and [`DardzState::take_from_deck`], which keep it, or (the deal of a new round) all
    /// three fields at once from the game's precomputed full pile; `check_invariants` checks.
    pub deck_ends: [u16; END_LANES],
    pub hands: [Hand; MAX_SEATS],
    /// Points piles, as counts per kind per seat.
    pub piles: [[u8; NUM_KINDS]; MAX_SEATS],
    pub pile_len: [u8; MAX_SEATS],
    pub scores: [i32; MAX_SEATS],
    /// The current roll (`ndice` of them) or the last one.
    pub dice: [u8; 3],
    pub ndice: u8,
    /// The number named for the Jackpot being played.
    pub guess: u8,
    /// At a pick ([`Phase::Pick`]): bit n for every number the roller may take, and bit 0
    /// if they may take nothing. Kept from the roll that asked (`pick_options`, `may_pass`),
    /// so that the decision does not work them out again (`check_invariants` checks);
    /// 0 in every other phase (the pick's action clears it).
    pub options: u16,
    /// Seats that draw back to the hand size before anything else happens.
    pub draw_mask: u8,
    /// A Clock was played: pass every hand to the left once its draw is done.
    pub clock_pending: bool,
    /// Someone reached `cards_per_round` (or no one can, DZ-10): the round is over.
    pub round_over: bool,
    /// Sides tied with the most pile cards among those who reached the pile size, one bit
    /// per side at its lowest seat (a seat; in Team DARDZ the team's seat below
    /// `players / 2`, DZ-6).
    pub win_mask: u8,
    /// Someone scored from a Jackpot or a 3-of-a-kind in round 1 (DZ-3).
    pub round1_bonus_scored: bool,
    /// The turn cap stopped the match (G-2).
    pub capped: bool,
    /// The winner of a final-tie roll-off (`final_tie = roll_off`), or `NO_SEAT`.
    pub tiebreak: u8,
    pub event: Event,
    pub stats: Stats,
}

pub const NO_SEAT: u8 = u8::MAX;

impl DardzState {
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The seat on `seat`'s left, who plays after it.
    pub fn left(&self, seat: usize) -> usize {
        // No `%`: a division costs more than the rest of this step.
        let next = seat + 1;
        if next == self.players() { 0 } else { next }
    }

    /// Set the draw pile's counts; its size and ends follow.
    pub fn set_deck(&mut self, deck: [u8; NUM_KINDS]) {
        self.deck = deck;
        self.deck_len = deck.iter().map(|&c| c as u16).sum();
        self.deck_ends = deck_ends(&deck);
    }

    /// The kind of the card at position `r` (below `deck_len`) of the draw pile laid out
    /// kind by kind: the number of kinds whose cards all lie before `r`.
    #[inline]
    pub fn deck_kind_at(&self, r: u32) -> usize {
        // Counted over every lane, without a branch: which kind a random position falls in
        // is a coin flip to the predictor (a scan with an early exit mispredicted once per
        // card). Four lanes per u64, in parallel: with the top bit of every lane set, taking
        // r + 1 off leaves it set exactly where the lane ends after r (no borrow crosses a
        // lane: a pile holds at most 19 kinds x 255 copies (u8 counts), 4,845 cards, below
        // 0x8000; the padding's u16::MAX ends after any position). The SSE compare and mask
        // count this replaced was a longer chain (a mask, then a popcount in software on the
        // base x86-64 target).
        const TOP: u64 = 0x8000_8000_8000_8000;
        const ONES: u64 = 0x0001_0001_0001_0001;
        debug_assert!(r < 0x7fff);
        let after_r = ONES * (r as u64 + 1);
        let mut after = 0;
        for lanes in self.deck_ends.chunks_exact(4) {
            let word = lanes[0] as u64
                | (lanes[1] as u64) << 16
                | (lanes[2] as u64) << 32
                | (lanes[3] as u64) << 48;
            after += (((word | TOP) - after_r) & TOP) >> 15;
        }
        // The four lanes' counts (each at most 6) added up in the top lane.
        END_LANES - (after.wrapping_mul(ONES) >> 48) as usize
    }

    /// Take one card of `kind` out of the draw pile, keeping its size and ends.
    #[inline]
    pub fn take_from_deck(&mut self, kind: usize) {
        assert!(self.deck[kind] > 0, "drew a {} that is not in the pile", Card(kind as u8).label());
        self.deck[kind] -= 1;
        self.deck_len -= 1;
        // Every kind from `kind` on ends one card earlier; the padding lanes stay. A row of a
        // table, subtracted lane by lane in whole registers, so that the next draw's whole-
        // register loads forward from these stores. The table is opaque to the compiler on
        // purpose: knowing the padding lanes are 0, it stored the last kinds' lanes narrow,
        // and the next draw's wide load of them stalled (13% of a match).
        let row = &std::hint::black_box(&EARLIER_BY_ONE)[kind];
        for (end, &d) in self.deck_ends.iter_mut().zip(row) {
            *end -= d;
        }
    }

    /// Every number (bit n) some hand can score on.
    pub fn numbers_held(&self) -> u16 {
        let mut mask = 0;
        for seat in 0..self.players() {
            mask |= self.hands[seat].numbers();
        }
        mask
    }

    pub fn pile_points(&self, seat: usize, values: &[i32; NUM_KINDS]) -> i32 {
        self.piles[seat].iter().zip(values).map(|(&n, &v)| n as i32 * v).sum()
    }

    /// Seats as a bitmask iterator, lowest first.
    pub fn seats_in(mask: u8) -> impl Iterator<Item = usize> {
        // Set bits only, lowest first, instead of testing all eight seats.
        let mut rest = mask;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let seat = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                seat
            })
        })
    }
}
