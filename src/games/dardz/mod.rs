//! DARDZ (rulebook `004_0649fb09460fb6ea.txt`, RULINGS DZ-1 to DZ-11): dice + cards for 2 to
//! 8 players. Each turn the roller rolls 1, 2 and 3 dice; every player holding the picked
//! number moves those cards from their face-up hand to their points pile; a third-roll pick
//! from the roller's own hand earns Bonus Rolls that can "clean 'em up". Rounds end when a
//! points pile reaches 10 cards; games end after the round in which someone reaches 150.
//!
//! Designers use this game to tune card point values, so every value is a rule parameter
//! ([`rules`]) and the metrics report, per card kind, how often it was scored, the points it
//! brought and how long it waited in a hand.
//!
//! How the rules become steps:
//! - Decisions, always the roller's: which number to pick on the second, third and Bonus
//!   rolls ([`DardzAction::Pick`] / [`DardzAction::Pass`]), which action card to play next
//!   when several kinds wait ([`DardzAction::Play`]), the Jackpot number
//!   ([`DardzAction::Guess`]). A decision with a single legal option is always applied
//!   without asking: a lone kind of action card is played, a Bonus Roll with one number in
//!   hand takes it, a roll whose numbers nobody holds passes.
//! - Chance: the deal, every roll (the stage's dice and the action cards' dice), the draws
//!   back to the hand size, and settling a round (round-win roll-off, Lucky Loser rolls).
//! - Everything else is automatic inside `apply` / `sample_chance`: every holder of a picked
//!   number scores it, 3-of-a-kind's +20, clean-ups, hands passing on a Clock, the round
//!   ending the moment a pile reaches 10 cards.
//!
//! Picks only offer numbers someone holds: taking a number nobody holds does exactly what
//! taking nothing does, so it would only repeat [`DardzAction::Pass`].
//!
//! Readings where the rulebook and RULINGS are silent (parameters where a designer might
//! want the other reading):
//! - Playing an action card draws a replacement, except on the Bonus Roll
//!   (`action_card_redraw`); the Clock draws whatever that parameter says (DZ-3), but not
//!   on the Bonus Roll either.
//! - After a Clock on the Bonus Roll the roller's hand passes left a card short (2 cards,
//!   no replacement), and only the roller draws back at the turn's end ("Make sure you have
//!   3 cards in your hand after your turn is finished"), so the next player can start a
//!   turn with 2 cards (about 0.7% of turns in random 4-player play).
//! - Picking nothing is always allowed on the second and third rolls (`pass_rule`).
//! - A tie for the highest final score is a shared win (`final_tie`, DZ-9).
//! - Cards drawn in the refill at the end of a turn are drawn after the turn: an action card
//!   among them waits for its holder's next turn.
//! - Draws go from the roller to the left ("no order to who draws first"; it only matters
//!   when the draw pile runs out).
//! - Clean 'em up means emptying the hand on the Bonus Roll, even if it started with fewer
//!   than 3 cards (an action card played before it, or an empty draw pile); a Bonus Roll
//!   that starts with an empty hand ends the turn.
//! - DZ-10's "no one can reach 10 cards" is checked whenever the draw pile is empty: a
//!   player can still gain their own hand and the Roll-Offs their right neighbour holds, or
//!   any card while a Clock is in a hand.

pub mod rules;
pub mod state;
#[cfg(test)]
mod tests;

use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

use crate::core::rules::Rules;
use crate::core::{Chance, Game, MAX_SEATS, Outcome, Rng, ScoreOrder, Seat, Turn};

pub use rules::{
    ActionCard, Card, DardzRules, FinalTie, KIND_KEYS, MAX_HAND, NUM_KINDS, PassRule,
    RoundOneBoostBunk,
};
pub use state::{DardzState, Event, EventKind, Hand, NO_SEAT, Phase, Stage, Stats, WAY_KEYS, Way};

/// One decision of the roller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DardzAction {
    /// Take this number (1-12) from the dice: one die or the sum of two.
    Pick(u8),
    /// Take nothing (second and third roll only).
    Pass,
    /// Play this action card next, when several kinds wait (DZ-4).
    Play(ActionCard),
    /// Name this number (1-6) for the Jackpot.
    Guess(u8),
}

/// The game under one set of rules, with the per-kind tables precomputed. Boxed, so that
/// the registry's `AnyGame` stays small whatever the number of DARDZ parameters.
#[derive(Clone, Debug)]
pub struct Dardz(Box<Tables>);

#[derive(Clone, Debug)]
pub struct Tables {
    rules: DardzRules,
    values: [i32; NUM_KINDS],
    copies: [u8; NUM_KINDS],
    /// `copies` in byte lanes, for the invariant check.
    copy_lanes: [u64; 3],
    total: u16,
}

impl std::ops::Deref for Dardz {
    type Target = Tables;
    fn deref(&self) -> &Tables {
        &self.0
    }
}

/// Per-kind counts as byte lanes of three u64s: kinds 0-7, 8-15 and 16-18.
fn kind_lanes(counts: &[u8; NUM_KINDS]) -> [u64; 3] {
    const _: () = assert!(NUM_KINDS == 19, "the lanes hold 8 + 8 + 3 kinds");
    [
        u64::from_le_bytes(counts[0..8].try_into().expect("8 kinds")),
        u64::from_le_bytes(counts[8..16].try_into().expect("8 kinds")),
        counts[16] as u64 | (counts[17] as u64) << 8 | (counts[18] as u64) << 16,
    ]
}

/// One card of `card`'s kind, in its lane.
fn lane_one(card: Card) -> u64 {
    1 << ((card.index() & 7) * 8)
}

/// Kind `k`'s count in lanes.
fn lane_count(lanes: &[u64; 3], k: usize) -> u8 {
    (lanes[k >> 3] >> ((k & 7) * 8)) as u8
}

/// The sum of a u64's bytes (while it is below 256): multiplying by 0x0101...01 adds every
/// byte into the top one.
fn lane_sum(x: u64) -> u8 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

/// Bit `n` of a number mask.
const fn bit(n: u8) -> u16 {
    1 << n
}

impl Dardz {
    /// The game under `rules`; panics if they are inconsistent ([`Rules::validate`]).
    pub fn new(rules: DardzRules) -> Self {
        if let Err(e) = rules.validate() {
            panic!("DARDZ rules are inconsistent: {e}");
        }
        let copies = rules.copies();
        Self(Box::new(Tables {
            values: rules.values(),
            copy_lanes: kind_lanes(&copies),
            total: copies.iter().map(|&c| c as u16).sum(),
            copies,
            rules,
        }))
    }

    /// Points of each card kind, in kind order.
    pub fn values(&self) -> &[i32; NUM_KINDS] {
        &self.values
    }

    /// Numbers (bit n) the current roll offers before looking at hands: one die on the first
    /// roll; either die or the sum on the second and Bonus rolls; any die or the sum of any
    /// two on the third ("You can't add all three dice together").
    pub fn offered(s: &DardzState) -> u16 {
        let [a, b, c] = s.dice;
        match s.stage {
            Stage::Roll1 => bit(a),
            Stage::Roll2 | Stage::Bonus => bit(a) | bit(b) | bit(a + b),
            Stage::Roll3 => bit(a) | bit(b) | bit(c) | bit(a + b) | bit(a + c) | bit(b + c),
            Stage::EndTurn | Stage::Done => 0,
        }
    }

    /// The numbers the roller may pick on this roll: on the Bonus Roll only numbers in the
    /// roller's hand ("Only the player that's on the Bonus Roll can add cards"); on the
    /// second and third rolls every offered number someone holds.
    pub fn pick_options(&self, s: &DardzState) -> u16 {
        let offered = Self::offered(s);
        if s.stage == Stage::Bonus {
            offered & s.hands[s.roller as usize].numbers()
        } else {
            offered & s.numbers_held()
        }
    }

    /// Whether the roller may pick nothing now (second and third rolls; `pass_rule`).
    pub fn may_pass(&self, s: &DardzState) -> bool {
        match s.stage {
            Stage::Roll2 | Stage::Roll3 => match self.rules.pass_rule {
                PassRule::Always => true,
                PassRule::OnlyWithoutOwnMatch => {
                    Self::offered(s) & s.hands[s.roller as usize].numbers() == 0
                }
            },
            _ => false,
        }
    }

    /// Whether Boost 'em and Bunk 'em have an effect now (DZ-3's round-1 rule).
    pub fn boost_bunk_live(&self, s: &DardzState) -> bool {
        s.round > 1
            || match self.rules.round1_boost_bunk {
                RoundOneBoostBunk::Always => true,
                RoundOneBoostBunk::Never => false,
                RoundOneBoostBunk::AfterJackpotOrTriple => s.round1_bonus_scored,
            }
    }

    /// Whether `a` is among `legal_actions` (without building the list).
    pub fn is_legal(&self, s: &DardzState, a: DardzAction) -> bool {
        match (s.phase, a) {
            (Phase::Pick, DardzAction::Pick(n)) => n <= 12 && self.pick_options(s) & bit(n) != 0,
            (Phase::Pick, DardzAction::Pass) => self.may_pass(s),
            (Phase::ChooseAction, DardzAction::Play(card)) => {
                s.hands[s.roller as usize].actions() & card.bit() != 0
            }
            (Phase::Guess, DardzAction::Guess(n)) => (1..=6).contains(&n),
            _ => false,
        }
    }

    // ----- small state operations -------------------------------------------------------

    fn draw_card<C: Chance>(s: &mut DardzState, c: &mut C) -> Card {
        let card = Card(c.draw(&s.deck) as u8);
        assert!(s.deck[card.index()] > 0, "drew a {} that is not in the pile", card.label());
        s.deck[card.index()] -= 1;
        s.deck_len -= 1;
        card
    }

    /// A card leaves a hand: count the turns it waited there.
    fn note_wait(s: &mut DardzState, card: Card, since: u16) {
        s.stats.hand_turns[card.index()] += (s.turns as u16).wrapping_sub(since) as u32;
    }

    fn to_pile(s: &mut DardzState, seat: usize, card: Card) {
        s.piles[seat][card.index()] += 1;
        s.pile_len[seat] += 1;
        s.stats.scored[card.index()] += 1;
    }

    /// Ask `seat` to draw back to the hand size (if short).
    fn want_draw(&self, s: &mut DardzState, seat: usize) {
        if s.hands[seat].len < self.rules.hand_size {
            s.draw_mask |= 1 << seat;
        }
    }

    /// Change a score, never below 0 ("You can't go below zero points"); returns the change
    /// that happened and records it under its way of scoring.
    fn add_score(s: &mut DardzState, seat: usize, delta: i32, way: Way) -> i32 {
        let old = s.scores[seat];
        let new = (old + delta).max(0);
        s.scores[seat] = new;
        s.stats.ways[way as usize] += new - old;
        new - old
    }

    /// "When any player gets 10 cards in their points pile the round is immediately over."
    /// Several at once: the most cards wins; a tie is settled by a roll-off at the round end.
    fn check_round_won(&self, s: &mut DardzState) {
        if s.round_over {
            return;
        }
        let n = s.players();
        let most = *s.pile_len[..n].iter().max().expect("players");
        if most >= self.rules.cards_per_round {
            s.round_over = true;
            s.win_mask = (0..n).filter(|&i| s.pile_len[i] == most).fold(0, |m, i| m | 1 << i);
        }
    }

    /// Every holder of number `n` (or only the roller, on the Bonus Roll) moves all those
    /// cards to their points pile at once; outside the Bonus Roll each draws back. Returns
    /// the seats that scored.
    fn score_number(&self, s: &mut DardzState, n: u8, bonus: bool) -> u8 {
        let mut mask = 0u8;
        for seat in 0..s.players() {
            if bonus && seat != s.roller as usize || s.hands[seat].numbers() & bit(n) == 0 {
                continue;
            }
            let mut i = 0;
            while i < s.hands[seat].len as usize {
                if state::NUMBER_BIT[s.hands[seat].cards[i].index()] == bit(n) {
                    let (card, since) = s.hands[seat].remove_at(i);
                    Self::note_wait(s, card, since);
                    Self::to_pile(s, seat, card);
                    mask |= 1 << seat;
                } else {
                    i += 1;
                }
            }
            if mask & (1 << seat) != 0 && !bonus {
                self.want_draw(s, seat);
            }
        }
        self.check_round_won(s);
        mask
    }

    /// A Bonus Roll pick: the roller scores `n` without drawing; an empty hand is a clean-up
    /// (+5, and the turn is over); otherwise the roller rolls again.
    fn bonus_pick(&self, s: &mut DardzState, n: u8) {
        self.score_number(s, n, true);
        if s.hands[s.roller as usize].len == 0 {
            Self::add_score(s, s.roller as usize, self.rules.clean_up_points, Way::CleanUp);
            s.stats.clean_ups += 1;
            s.stage = Stage::EndTurn;
        }
    }

    /// DZ-10: with the draw pile empty, can anyone still reach `cards_per_round`? A player can
    /// gain at most the cards of their own hand and the Roll-Offs their right neighbour
    /// holds; while a Clock is in some hand, any card might come their way.
    pub fn pile_target_reachable(&self, s: &DardzState) -> bool {
        let n = s.players();
        let hands = &s.hands[..n];
        let total: u32 = hands.iter().map(|h| h.len as u32).sum();
        let any_clock = hands.iter().any(|h| h.actions() & ActionCard::Clock.bit() != 0);
        (0..n).any(|i| {
            let gain = if any_clock {
                total
            } else {
                let right = &hands[(i + n - 1) % n];
                hands[i].len as u32 + right.count(ActionCard::RollOff.card()) as u32
            };
            s.pile_len[i] as u32 + gain >= self.rules.cards_per_round as u32
        })
    }

    /// Every hand passes to the left (Clock): seat i's hand goes to seat i + 1.
    fn pass_hands(s: &mut DardzState) {
        let n = s.players();
        s.hands[..n].rotate_right(1);
    }

    /// Start `seat`'s turn, unless the turn cap is reached (G-2).
    fn start_turn(&self, s: &mut DardzState, seat: usize) -> bool {
        if s.turns >= self.rules.turn_cap {
            s.phase = Phase::Over;
            s.capped = true;
            return false;
        }
        s.turns += 1;
        s.roller = seat as u8;
        s.stage = Stage::Roll1;
        true
    }

    /// Take the roller's `card` out of their hand and start playing it. Returns true when it
    /// resolved at once (Skull, Clock), false when a decision or chance event comes first.
    fn begin_play(&self, s: &mut DardzState, card: ActionCard) -> bool {
        let roller = s.roller as usize;
        let slot = s.hands[roller]
            .cards()
            .iter()
            .position(|&c| c == card.card())
            .expect("the roller holds the played card");
        let (_, since) = s.hands[roller].remove_at(slot);
        Self::note_wait(s, card.card(), since);
        // A replacement is drawn, except on the Bonus Roll ("play it first but still don't
        // draw a new card"); the Clock always draws (DZ-3).
        if s.stage != Stage::Bonus && (card == ActionCard::Clock || self.rules.action_card_redraw) {
            self.want_draw(s, roller);
        }
        match card {
            ActionCard::Skull => {
                Self::to_pile(s, roller, card.card());
                self.check_round_won(s);
                true
            }
            ActionCard::Clock => {
                Self::to_pile(s, roller, card.card());
                self.check_round_won(s);
                // The hands pass once the Clock's draw is done (`advance`).
                s.clock_pending = true;
                true
            }
            ActionCard::Jackpot => {
                s.phase = Phase::Guess;
                false
            }
            ActionCard::RollOff | ActionCard::BoostEm | ActionCard::BunkEm => {
                s.phase = Phase::ActionDice(card);
                false
            }
        }
    }

    /// Carry on until the next decision or chance event: the round's end, pending draws, a
    /// Clock's pass, the roller's action cards, then the turn's next roll or the next turn.
    fn advance(&self, s: &mut DardzState) {
        loop {
            if s.round_over {
                s.phase = Phase::RoundEnd;
                return;
            }
            if s.draw_mask != 0 {
                if s.deck_len > 0 {
                    s.phase = Phase::Draw;
                    return;
                }
                // DZ-10: an empty draw pile; play on without drawing.
                s.draw_mask = 0;
            }
            if s.clock_pending {
                s.clock_pending = false;
                Self::pass_hands(s);
                s.event.passed = true;
                continue;
            }
            if s.deck_len == 0 && !self.pile_target_reachable(s) {
                // DZ-10: nobody can reach the pile size; the round ends without a winner.
                s.round_over = true;
                s.win_mask = 0;
                continue;
            }
            let roller = s.roller as usize;
            if s.stage.plays_actions() {
                let waiting = s.hands[roller].actions();
                if waiting != 0 {
                    if waiting.is_power_of_two() {
                        let card = ActionCard::ALL[waiting.trailing_zeros() as usize];
                        if s.event.passed {
                            s.event.auto_played_after_pass |= waiting;
                        } else {
                            s.event.auto_played |= waiting;
                        }
                        s.event.auto_seat = roller as u8;
                        if self.begin_play(s, card) {
                            continue;
                        }
                        return;
                    }
                    s.phase = Phase::ChooseAction;
                    return;
                }
            }
            match s.stage {
                // A Bonus Roll with an empty hand (the third roll took the whole hand and the
                // draw pile is empty) cannot take anything: the turn is over.
                Stage::Bonus if s.hands[roller].len == 0 => s.stage = Stage::EndTurn,
                Stage::Roll1 | Stage::Roll2 | Stage::Roll3 | Stage::Bonus => {
                    s.phase = Phase::Roll;
                    return;
                }
                Stage::EndTurn => {
                    // "Make sure you have 3 cards in your hand after your turn is finished."
                    self.want_draw(s, roller);
                    s.stage = Stage::Done;
                }
                Stage::Done => {
                    if !self.start_turn(s, s.left(roller)) {
                        return;
                    }
                }
            }
        }
    }

    // ----- chance events -----------------------------------------------------------------

    /// Resolve the pending chance event with dice and draws from `c`.
    pub fn resolve_chance<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        s.event = Event { seat: s.roller, ..Event::default() };
        s.event.kind = match s.phase {
            Phase::Deal => EventKind::Dealt,
            Phase::ActionDice(card) => EventKind::ActionDice(card),
            Phase::Draw => EventKind::Drew,
            Phase::Roll => EventKind::Rolled(s.stage),
            Phase::RoundEnd => EventKind::Settled,
            _ => EventKind::Decision,
        };
        match s.phase {
            Phase::Deal => self.deal(s, c),
            Phase::ActionDice(card) => self.action_dice(s, card, c),
            Phase::Draw => self.draw(s, c),
            Phase::Roll => self.roll(s, c),
            Phase::RoundEnd => self.settle(s, c),
            other => panic!("{other:?} is not a chance event"),
        }
    }

    /// A roll-off with one die among `mask`; players tied for highest roll again (DZ-8).
    fn roll_off<C: Chance>(c: &mut C, mut mask: u8) -> usize {
        while !mask.is_power_of_two() {
            let mut best = 0;
            let mut best_mask = 0;
            for seat in DardzState::seats_in(mask) {
                let d = c.die(6) as u8;
                if d > best {
                    best = d;
                    best_mask = 1 << seat;
                } else if d == best {
                    best_mask |= 1 << seat;
                }
            }
            mask = best_mask;
        }
        mask.trailing_zeros() as usize
    }

    /// Shuffle all the cards, pick the first player (round 1: seat 0, G-1; later the lowest
    /// score, ties by roll-off, DZ-11) and deal the hands.
    fn deal<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        let n = s.players();
        s.round += 1;
        s.deck = self.copies;
        s.deck_len = self.total;
        s.hands = [Hand::default(); MAX_SEATS];
        s.piles = [[0; NUM_KINDS]; MAX_SEATS];
        s.pile_len = [0; MAX_SEATS];
        s.draw_mask = 0;
        s.clock_pending = false;
        s.round_over = false;
        s.win_mask = 0;
        let first = if s.round == 1 {
            0
        } else {
            let low = *s.scores[..n].iter().min().expect("players");
            let mask = (0..n).filter(|&i| s.scores[i] == low).fold(0u8, |m, i| m | 1 << i);
            s.event.rolloff = !mask.is_power_of_two();
            Self::roll_off(c, mask)
        };
        // Dealt cards count as entering the hand on the round's first turn.
        let since = s.turns.wrapping_add(1) as u16;
        for k in 0..n {
            let seat = (first + k) % n;
            for _ in 0..self.rules.hand_size {
                if s.deck_len > 0 {
                    let card = Self::draw_card(s, c);
                    s.hands[seat].push(card, since);
                }
            }
        }
        if self.start_turn(s, first) {
            self.advance(s);
        }
    }

    /// Draw back to the hand size: the roller first, then to the left ("There's no order to
    /// who draws a new card first"; the order only matters when the pile runs out).
    fn draw<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        let n = s.players();
        for k in 0..n {
            let seat = (s.roller as usize + k) % n;
            if s.draw_mask & (1 << seat) == 0 {
                continue;
            }
            while s.hands[seat].len < self.rules.hand_size && s.deck_len > 0 {
                let card = Self::draw_card(s, c);
                s.hands[seat].push(card, s.turns as u16);
                s.event.record_draw(seat, card);
            }
        }
        s.draw_mask = 0;
        self.advance(s);
    }

    /// The stage's roll and what it makes automatic.
    fn roll<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        let count = s.stage.dice();
        for i in 0..3 {
            s.dice[i] = if i < count { c.die(6) as u8 } else { 0 };
        }
        s.ndice = count as u8;
        match s.stage {
            Stage::Roll1 => {
                // "There's no choice on the first roll."
                let n = s.dice[0];
                s.event.scored = self.score_number(s, n, false);
                s.event.auto_pick = n;
                s.stage = Stage::Roll2;
            }
            Stage::Roll2 => {
                if self.pick_options(s) != 0 {
                    s.phase = Phase::Pick;
                    return;
                }
                s.stage = Stage::Roll3;
            }
            Stage::Roll3 => {
                if s.dice[0] == s.dice[1] && s.dice[1] == s.dice[2] {
                    // "If you roll 3-of-a-kind you instantly get +20 points"; the dice still
                    // act as the third roll.
                    let roller = s.roller as usize;
                    let gained = Self::add_score(
                        s,
                        roller,
                        self.rules.three_of_a_kind_points,
                        Way::ThreeOfAKind,
                    );
                    s.stats.three_of_a_kind += 1;
                    if s.round == 1 && gained > 0 {
                        s.round1_bonus_scored = true;
                    }
                }
                if self.pick_options(s) != 0 {
                    s.phase = Phase::Pick;
                    return;
                }
                s.stage = Stage::EndTurn;
            }
            Stage::Bonus => {
                let options = self.pick_options(s);
                match options.count_ones() {
                    // "If you don't roll a number in hand ... your turn is over."
                    0 => s.stage = Stage::EndTurn,
                    1 => {
                        let n = options.trailing_zeros() as u8;
                        s.event.auto_pick = n;
                        s.event.scored = 1 << s.roller;
                        self.bonus_pick(s, n);
                    }
                    _ => {
                        s.phase = Phase::Pick;
                        return;
                    }
                }
            }
            Stage::EndTurn | Stage::Done => unreachable!("no roll after the turn"),
        }
        self.advance(s);
    }

    /// The dice of a Jackpot, Roll-Off, Boost 'em or Bunk 'em, and the card's effect.
    fn action_dice<C: Chance>(&self, s: &mut DardzState, card: ActionCard, c: &mut C) {
        let roller = s.roller as usize;
        let n = s.players();
        match card {
            ActionCard::Jackpot => {
                let d = c.die(6) as u8;
                s.event.dice = [d, 0];
                if d == s.guess {
                    let gained =
                        Self::add_score(s, roller, self.rules.jackpot_points, Way::ActionCards);
                    s.stats.jackpot_points += gained;
                    s.stats.jackpot_hits += 1;
                    if s.round == 1 && gained > 0 {
                        s.round1_bonus_scored = true;
                    }
                }
                Self::to_pile(s, roller, card.card());
            }
            ActionCard::RollOff => {
                // You and the player on your left; a tie is rolled again (DZ-8).
                let left = s.left(roller);
                let (mine, theirs) = loop {
                    let (a, b) = (c.die(6) as u8, c.die(6) as u8);
                    if a != b {
                        break (a, b);
                    }
                };
                s.event.dice = [mine, theirs];
                let winner = if mine > theirs { roller } else { left };
                s.event.hit = 1 << winner;
                Self::to_pile(s, winner, card.card());
            }
            ActionCard::BoostEm | ActionCard::BunkEm => {
                let (a, b) = (c.die(6) as u8, c.die(6) as u8);
                s.event.dice = [a, b];
                let sum = (a + b) as i32;
                let scores = &s.scores[..n];
                let (low, high) = (
                    *scores.iter().min().expect("players"),
                    *scores.iter().max().expect("players"),
                );
                // Nobody is in last or first place when all are tied.
                if self.boost_bunk_live(s) && low != high {
                    let (target, delta) =
                        if card == ActionCard::BoostEm { (low, sum) } else { (high, -sum) };
                    for seat in 0..n {
                        if s.scores[seat] == target {
                            let changed = Self::add_score(s, seat, delta, Way::ActionCards);
                            if card == ActionCard::BoostEm {
                                s.stats.boost_points += changed;
                            } else {
                                s.stats.bunk_points += changed;
                            }
                            s.event.hit |= 1 << seat;
                        }
                    }
                }
                Self::to_pile(s, roller, card.card());
            }
            ActionCard::Skull | ActionCard::Clock => unreachable!("no dice for {card:?}"),
        }
        self.check_round_won(s);
        self.advance(s);
    }

    /// The round is over: +10 to its winner (a tie on the most cards by roll-off), every pile
    /// added to its score, Lucky Loser rolls; then the game ends or the next round is dealt.
    fn settle<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        let n = s.players();
        let winner = match s.win_mask.count_ones() {
            0 => None,
            1 => Some(s.win_mask.trailing_zeros() as usize),
            _ => {
                s.event.rolloff = true;
                s.stats.round_win_rolloffs += 1;
                Some(Self::roll_off(c, s.win_mask))
            }
        };
        match winner {
            Some(w) => {
                Self::add_score(s, w, self.rules.round_bonus, Way::RoundBonus);
                s.stats.round_wins[w] += 1;
                s.event.hit = 1 << w;
            }
            None => s.stats.rounds_no_winner += 1,
        }
        if s.deck_len == 0 {
            s.stats.rounds_deck_empty += 1;
        }
        for seat in 0..n {
            let points = s.pile_points(seat, &self.values);
            Self::add_score(s, seat, points, Way::Piles);
        }
        for seat in 0..n {
            if s.pile_len[seat] <= self.rules.lucky_loser_max_cards {
                let (a, b) = (c.die(6) as u8, c.die(6) as u8);
                Self::add_score(s, seat, (a * b) as i32, Way::LuckyLoser);
                s.stats.lucky_loser_rolls += 1;
                s.event.lucky[seat] = 8 * a + b;
            }
        }
        let best = *s.scores[..n].iter().max().expect("players");
        if best >= self.rules.target_score {
            // "You can't win the game in the middle of a round": only here.
            let top = (0..n).filter(|&i| s.scores[i] == best).fold(0u8, |m, i| m | 1 << i);
            if self.rules.final_tie == FinalTie::RollOff && !top.is_power_of_two() {
                s.event.rolloff = true;
                s.tiebreak = Self::roll_off(c, top) as u8;
            }
            s.phase = Phase::Over;
        } else {
            s.phase = Phase::Deal;
        }
    }

    // ----- text ----------------------------------------------------------------------------

    fn seats_text(mask: u8) -> String {
        let seats: Vec<String> = DardzState::seats_in(mask).map(|i| i.to_string()).collect();
        match seats.len() {
            0 => "nobody".to_string(),
            1 => format!("seat {}", seats[0]),
            _ => format!("seats {}", seats.join(", ")),
        }
    }

    fn numbers_text(mask: u16) -> String {
        (1..=12u8)
            .filter(|&n| mask & bit(n) != 0)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn dice_text(s: &DardzState) -> String {
        s.dice[..s.ndice as usize].iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ")
    }

    fn hand_text(h: &Hand) -> String {
        if h.len == 0 {
            return "-".to_string();
        }
        h.cards().iter().map(|c| c.label()).collect::<Vec<_>>().join(" ")
    }

    fn pile_text(&self, s: &DardzState, seat: usize) -> String {
        let mut text =
            format!("{:2} cards {:+4}:", s.pile_len[seat], s.pile_points(seat, &self.values));
        for (k, &count) in s.piles[seat].iter().enumerate() {
            for _ in 0..count {
                let _ = write!(text, " {}", Card(k as u8).label());
            }
        }
        text
    }

    /// The options of a pending pick, as a person reads them.
    fn options_text(&self, s: &DardzState) -> String {
        let mut text = Self::numbers_text(self.pick_options(s));
        if self.may_pass(s) {
            text.push_str(" or nothing");
        }
        text
    }

    /// Who holds number `n` and how many cards.
    fn holders_text(s: &DardzState, n: u8, only: Option<usize>) -> String {
        let mut parts = Vec::new();
        for seat in 0..s.players() {
            if only.is_some_and(|o| o != seat) {
                continue;
            }
            let count =
                s.hands[seat].cards().iter().filter(|c| c.value_number() == Some(n)).count();
            if count > 0 {
                parts.push(format!("seat {seat} scores {count}"));
            }
        }
        if parts.is_empty() { "nobody holds it".to_string() } else { parts.join(", ") }
    }

    /// The automatic consequences recorded in the last step's event.
    fn event_tail(&self, s: &DardzState) -> String {
        let mut text = String::new();
        let e = &s.event;
        if e.ndrawn > 0 {
            let shown = (e.ndrawn as usize).min(e.drawn.len());
            let draws: Vec<String> = e.drawn[..shown]
                .iter()
                .map(|&x| format!("seat {} drew {}", x >> 5, Card(x & 31).label()))
                .collect();
            let _ = write!(text, "; {}", draws.join(", "));
            if shown < e.ndrawn as usize {
                let _ = write!(text, " and {} more", e.ndrawn as usize - shown);
            }
        }
        let plays = |mask: u8| {
            ActionCard::ALL
                .iter()
                .filter(|a| mask & a.bit() != 0)
                .map(|a| a.label())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if e.auto_played != 0 {
            let _ = write!(text, "; seat {} plays {}", e.auto_seat, plays(e.auto_played));
        }
        if e.passed {
            text.push_str("; every hand passes to the left");
        }
        if e.auto_played_after_pass != 0 {
            let _ =
                write!(text, "; seat {} plays {}", e.auto_seat, plays(e.auto_played_after_pass));
        }
        match s.phase {
            Phase::RoundEnd => text.push_str("; the round is over"),
            Phase::Over if s.capped => text.push_str("; the turn cap ends the match"),
            _ => {}
        }
        text
    }
}

impl Game for Dardz {
    type State = DardzState;
    type Action = DardzAction;
    type Rules = DardzRules;

    fn with_rules(rules: DardzRules) -> Self {
        Self::new(rules)
    }
    fn rules(&self) -> &DardzRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "dardz"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=8
    }
    fn default_players(&self) -> usize {
        4
    }

    fn new_state(&self, players: usize) -> DardzState {
        assert!(self.seats().contains(&players), "DARDZ is for 2 to 8 players, not {players}");
        DardzState {
            players: players as u8,
            phase: Phase::Deal,
            stage: Stage::Done,
            roller: 0,
            round: 0,
            turns: 0,
            deck: self.copies,
            deck_len: self.total,
            hands: [Hand::default(); MAX_SEATS],
            piles: [[0; NUM_KINDS]; MAX_SEATS],
            pile_len: [0; MAX_SEATS],
            scores: [0; MAX_SEATS],
            dice: [0; 3],
            ndice: 0,
            guess: 0,
            draw_mask: 0,
            clock_pending: false,
            round_over: false,
            win_mask: 0,
            round1_bonus_scored: false,
            capped: false,
            tiebreak: NO_SEAT,
            event: Event::default(),
            stats: Stats::default(),
        }
    }

    fn turn(&self, s: &DardzState) -> Turn {
        match s.phase {
            Phase::ChooseAction | Phase::Guess | Phase::Pick => Turn::Player(Seat(s.roller)),
            Phase::Over => Turn::Over,
            Phase::Deal | Phase::ActionDice(_) | Phase::Draw | Phase::Roll | Phase::RoundEnd => {
                Turn::Chance
            }
        }
    }

    fn legal_actions(&self, s: &DardzState, out: &mut Vec<DardzAction>) {
        out.clear();
        match s.phase {
            Phase::Pick => {
                let options = self.pick_options(s);
                for n in 1..=12u8 {
                    if options & bit(n) != 0 {
                        out.push(DardzAction::Pick(n));
                    }
                }
                // "You're allowed to pick nothing on your 2nd and 3rd rolls" (`pass_rule`);
                // the Bonus Roll says "Choose either single die or the sum".
                if self.may_pass(s) {
                    out.push(DardzAction::Pass);
                }
            }
            Phase::ChooseAction => {
                let waiting = s.hands[s.roller as usize].actions();
                out.extend(
                    ActionCard::ALL
                        .iter()
                        .filter(|a| waiting & a.bit() != 0)
                        .map(|&a| DardzAction::Play(a)),
                );
            }
            Phase::Guess => out.extend((1..=6).map(DardzAction::Guess)),
            _ => {}
        }
    }

    fn apply(&self, s: &mut DardzState, a: DardzAction) {
        debug_assert!(
            self.is_legal(s, a),
            "illegal DARDZ action {a:?} in {:?}/{:?}",
            s.phase,
            s.stage
        );
        s.event = Event { seat: s.roller, ..Event::default() };
        match (s.phase, a) {
            (Phase::Pick, DardzAction::Pick(n)) => match s.stage {
                Stage::Roll2 => {
                    self.score_number(s, n, false);
                    s.stage = Stage::Roll3;
                }
                Stage::Roll3 => {
                    // A number from the roller's own hand earns the Bonus Roll; otherwise the
                    // holders score and the turn is over.
                    let own = s.hands[s.roller as usize].numbers() & bit(n) != 0;
                    self.score_number(s, n, false);
                    s.stage = if own { Stage::Bonus } else { Stage::EndTurn };
                }
                Stage::Bonus => self.bonus_pick(s, n),
                other => panic!("no pick at {other:?}"),
            },
            (Phase::Pick, DardzAction::Pass) => {
                s.stage = match s.stage {
                    Stage::Roll2 => Stage::Roll3,
                    _ => Stage::EndTurn,
                };
            }
            (Phase::ChooseAction, DardzAction::Play(card)) => {
                if !self.begin_play(s, card) {
                    return;
                }
            }
            (Phase::Guess, DardzAction::Guess(n)) => {
                s.guess = n;
                s.phase = Phase::ActionDice(ActionCard::Jackpot);
                return;
            }
            (phase, a) => panic!("{a:?} does not fit {phase:?}"),
        }
        self.advance(s);
    }

    fn sample_chance(&self, s: &mut DardzState, chance: &mut impl Chance) {
        self.resolve_chance(s, chance);
    }

    fn outcome(&self, s: &DardzState) -> Outcome {
        let n = s.players();
        let mut scores = s.scores;
        let rounds = s.round as u32;
        if s.capped {
            return Outcome::capped(&scores[..n], s.turns, rounds);
        }
        // `final_tie = roll_off`: Outcome ranks by score alone, so the roll-off winner's
        // reported score is raised by 1; no other rank changes.
        if s.tiebreak != NO_SEAT {
            scores[s.tiebreak as usize] += 1;
        }
        Outcome::finished(&scores[..n], ScoreOrder::HigherWins, s.turns, rounds)
    }

    fn turn_cap(&self) -> u32 {
        self.rules.turn_cap
    }

    /// Running standings for lead statistics: the scores as they stand (highest wins, DZ-9).
    fn standings(&self, s: &DardzState, out: &mut [i32]) -> Option<u32> {
        out.copy_from_slice(&s.scores[..out.len()]);
        Some(s.turns)
    }

    /// The state keeps no hidden information: the draw pile is counts of the cards not yet
    /// drawn (its order does not exist until a chance event draws), hands are face up, and
    /// every card went into a points pile in view of everyone. The copy is exact.
    fn determinize(&self, s: &DardzState, _viewer: Seat, _rng: &mut Rng) -> DardzState {
        *s
    }

    /// Everything is in view (see `determinize`): hands face up, points piles, scores, the
    /// dice, and the pile's composition (what is not in view).
    fn observe(&self, s: &DardzState, _viewer: Seat, out: &mut impl Hasher) {
        s.hash(out);
    }

    /// What a seat stands to bank, against the field: its score plus its points pile plus
    /// its share of the way to the round bonus, minus the mean of the average and the best
    /// opponent's same figure (the rulebook's advice: "Don't let the player who's winning add
    /// cards"), over the target score. After a pick, the change is the points the mover
    /// banks minus what the pick hands the others.
    fn heuristic(&self, s: &DardzState, seat: Seat) -> f64 {
        if s.phase == Phase::Over && !s.capped {
            return 2.0 * self.outcome(s).win_share(seat) - 1.0;
        }
        let n = s.players();
        let cpr = self.rules.cards_per_round as f64;
        let standing = |i: usize| {
            s.scores[i] as f64
                + s.pile_points(i, &self.values) as f64
                + self.rules.round_bonus as f64 * (s.pile_len[i] as f64).min(cpr) / cpr
        };
        let me = seat.index();
        let (mut sum, mut best) = (0.0, f64::MIN);
        for i in (0..n).filter(|&i| i != me) {
            let v = standing(i);
            sum += v;
            best = best.max(v);
        }
        let field = 0.5 * (sum / (n - 1) as f64 + best);
        ((standing(me) - field) / self.rules.target_score as f64).clamp(-1.0, 1.0)
    }

    fn metric_names(&self, players: usize) -> Vec<String> {
        let mut names = Vec::new();
        for key in KIND_KEYS {
            names.push(format!("scored_{key}"));
        }
        for key in KIND_KEYS {
            names.push(format!("card_points_{key}"));
        }
        for key in KIND_KEYS {
            names.push(format!("hand_turns_{key}"));
        }
        for way in WAY_KEYS {
            names.push(format!("points_{way}"));
        }
        for name in [
            "effect_points_jackpot",
            "effect_points_boost_em",
            "effect_points_bunk_em",
            "jackpot_hits",
            "rounds",
            "rounds_no_winner",
            "rounds_deck_empty",
            "round_win_rolloffs",
            "lucky_loser_rolls",
            "clean_ups",
            "three_of_a_kind",
        ] {
            names.push(name.to_string());
        }
        for seat in 0..players {
            names.push(format!("round_wins_seat{seat}"));
        }
        names
    }

    /// Per kind: cards scored, the points they brought in settled rounds (a capped match's
    /// unsettled piles are left out), turns they waited in hands. Then the six ways of
    /// scoring as they changed scores (after the floor at 0), action effects, round counts.
    fn metrics(&self, s: &DardzState, out: &mut [i64]) {
        let n = s.players();
        let st = &s.stats;
        // Piles are added to scores when a round is settled; a capped match's last piles
        // never were.
        let settled = s.phase == Phase::Deal || s.phase == Phase::Over && !s.capped;
        let mut i = 0;
        let mut put = |v: i64| {
            out[i] = v;
            i += 1;
        };
        for k in 0..NUM_KINDS {
            put(st.scored[k] as i64);
        }
        for k in 0..NUM_KINDS {
            let unsettled: i64 =
                if settled { 0 } else { s.piles[..n].iter().map(|p| p[k] as i64).sum() };
            put((st.scored[k] as i64 - unsettled) * self.values[k] as i64);
        }
        for k in 0..NUM_KINDS {
            put(st.hand_turns[k] as i64);
        }
        for w in st.ways {
            put(w as i64);
        }
        for v in [
            st.jackpot_points as i64,
            st.boost_points as i64,
            st.bunk_points as i64,
            st.jackpot_hits as i64,
            s.round as i64,
            st.rounds_no_winner as i64,
            st.rounds_deck_empty as i64,
            st.round_win_rolloffs as i64,
            st.lucky_loser_rolls as i64,
            st.clean_ups as i64,
            st.three_of_a_kind as i64,
        ] {
            put(v);
        }
        for seat in 0..n {
            put(st.round_wins[seat] as i64);
        }
    }

    fn describe(&self, s: &DardzState, a: DardzAction) -> String {
        let who = format!("seat {}", s.roller);
        match a {
            DardzAction::Pick(n) => {
                let only = (s.stage == Stage::Bonus).then_some(s.roller as usize);
                format!(
                    "{who}, {} [{}]: picks {n} ({})",
                    s.stage.name(),
                    Self::dice_text(s),
                    Self::holders_text(s, n, only)
                )
            }
            DardzAction::Pass => {
                format!("{who}, {} [{}]: picks nothing", s.stage.name(), Self::dice_text(s))
            }
            DardzAction::Play(card) => format!("{who} plays {} next", card.label()),
            DardzAction::Guess(n) => format!("{who} names {n} for the Jackpot"),
        }
    }

    fn describe_chance(&self, s: &DardzState) -> String {
        let e = &s.event;
        let mut text = String::new();
        match e.kind {
            EventKind::Settled => {
                let winner = if e.hit != 0 {
                    format!(
                        "{} wins the round (+{}){}",
                        Self::seats_text(e.hit),
                        self.rules.round_bonus,
                        if e.rolloff && s.tiebreak == NO_SEAT { " after a roll-off" } else { "" }
                    )
                } else {
                    "nobody could reach the pile size: no round bonus".to_string()
                };
                let _ = write!(text, "round {} over: {winner}", s.round);
                for seat in 0..s.players() {
                    let l = e.lucky[seat];
                    if l != 0 {
                        let (a, b) = (l / 8, l % 8);
                        let _ = write!(text, "; Lucky Loser seat {seat}: {a}x{b} = +{}", a * b);
                    }
                }
                if s.phase == Phase::Over {
                    text.push_str("; game over");
                    if s.tiebreak != NO_SEAT {
                        let _ = write!(text, ", seat {} wins the tie roll-off", s.tiebreak);
                    }
                }
                return text;
            }
            EventKind::Dealt => {
                let why = if s.round == 1 {
                    "round 1 starts with seat 0"
                } else if e.rolloff {
                    "lowest score, after a roll-off"
                } else {
                    "lowest score"
                };
                let _ =
                    write!(text, "round {} dealt; seat {} rolls first ({why})", s.round, s.roller);
            }
            EventKind::Drew => text.push_str("draw"),
            EventKind::ActionDice(card) => {
                let [a, b] = e.dice;
                let _ = match card {
                    ActionCard::Jackpot => write!(
                        text,
                        "Jackpot: named {}, rolled {a}{}",
                        s.guess,
                        if a == s.guess { ", a hit" } else { "" }
                    ),
                    ActionCard::RollOff => write!(
                        text,
                        "Roll-Off: seat {} rolled {a}, seat {} rolled {b}; {} takes the card",
                        e.seat,
                        s.left(e.seat as usize),
                        Self::seats_text(e.hit)
                    ),
                    _ => write!(
                        text,
                        "{}: rolled {a} {b} = {}; {} {}",
                        card.label(),
                        a + b,
                        Self::seats_text(e.hit),
                        match (e.hit.count_ones(), card) {
                            (0, _) => "is affected",
                            (1, ActionCard::BoostEm) => "gains it",
                            (_, ActionCard::BoostEm) => "gain it",
                            (1, _) => "loses it",
                            _ => "lose it",
                        }
                    ),
                };
            }
            EventKind::Rolled(stage) => {
                let _ = write!(text, "seat {} {}: {}", e.seat, stage.name(), Self::dice_text(s));
                if s.ndice == 3 && s.dice[0] == s.dice[1] && s.dice[1] == s.dice[2] {
                    let _ = write!(text, ", 3-of-a-kind +{}", self.rules.three_of_a_kind_points);
                }
                if e.auto_pick != 0 {
                    let _ = write!(text, "; {} takes {}", Self::seats_text(e.scored), e.auto_pick);
                } else if s.phase == Phase::Pick {
                    let _ = write!(text, "; options {}", self.options_text(s));
                } else {
                    text.push_str("; nothing to take");
                }
            }
            EventKind::Decision => {}
        }
        text.push_str(&self.event_tail(s));
        text
    }

    fn render(&self, s: &DardzState) -> String {
        let n = s.players();
        let mut text = format!(
            "DARDZ round {} · turn {} · draw pile {} cards\n",
            s.round, s.turns, s.deck_len
        );
        let roller = s.roller;
        let now = match s.phase {
            Phase::Deal => "next: shuffle and deal".to_string(),
            Phase::ChooseAction => format!("seat {roller} chooses which action card to play"),
            Phase::Guess => format!("seat {roller} names a number for the Jackpot"),
            Phase::ActionDice(card) => format!("seat {roller} rolls for {}", card.label()),
            Phase::Draw => format!("{} draw back to the hand size", Self::seats_text(s.draw_mask)),
            Phase::Roll => format!("seat {roller}'s {}", s.stage.name()),
            Phase::Pick => format!(
                "seat {roller}'s {}: dice {}, options {}",
                s.stage.name(),
                Self::dice_text(s),
                self.options_text(s)
            ),
            Phase::RoundEnd => "the round is over".to_string(),
            Phase::Over if s.capped => "the turn cap ended the match".to_string(),
            Phase::Over => "game over".to_string(),
        };
        let _ = writeln!(text, "{now}");
        let _ = writeln!(text, "  seat score | points pile                      | hand");
        for seat in 0..n {
            let mark = if seat == roller as usize && s.phase != Phase::Over { '>' } else { ' ' };
            let _ = writeln!(
                text,
                "{mark} {seat:4} {:5} | {:32} | {}",
                s.scores[seat],
                self.pile_text(s, seat),
                Self::hand_text(&s.hands[seat])
            );
        }
        text.pop();
        text
    }

    fn check_invariants(&self, s: &DardzState) -> Result<(), String> {
        let n = s.players();
        // Every card is in exactly one place: the draw pile, a hand, a points pile, or in
        // play (an action card between its play and its resolution).
        let in_play = match s.phase {
            Phase::Guess => Some(ActionCard::Jackpot.card()),
            Phase::ActionDice(card) => Some(card.card()),
            _ => None,
        };
        // One pass over hands and piles, counting every kind in byte lanes of three u64s
        // (kinds 0-7, 8-15, 16-18): this runs after every step of the conformance check, at
        // opt-level 1 in tests, so the counts stay in registers. No lane can carry: a lane
        // counts one kind, at most 20 copies.
        let mut total = kind_lanes(&s.deck);
        if let Some(card) = in_play {
            total[card.index() >> 3] += lane_one(card);
        }
        for seat in 0..MAX_SEATS {
            let h = &s.hands[seat];
            let row = kind_lanes(&s.piles[seat]);
            total[0] = total[0].wrapping_add(row[0]);
            total[1] = total[1].wrapping_add(row[1]);
            total[2] = total[2].wrapping_add(row[2]);
            let pile = lane_sum(row[0].wrapping_add(row[1]).wrapping_add(row[2]));
            for i in 0..h.len as usize {
                let card = h.cards[i];
                total[card.index() >> 3] = total[card.index() >> 3].wrapping_add(lane_one(card));
            }
            if pile != s.pile_len[seat] {
                return Err(format!(
                    "seat {seat}'s pile holds {pile}, counted {}",
                    s.pile_len[seat]
                ));
            }
            if h.len > self.rules.hand_size {
                return Err(format!("seat {seat} holds {} cards", h.len));
            }
            if (h.len as usize..MAX_HAND).any(|i| h.cards[i].0 != 0 || h.since[i] != 0) {
                return Err(format!("seat {seat}'s unused hand slots are not blank"));
            }
            if seat >= n && (h.len != 0 || pile != 0 || s.scores[seat] != 0) {
                return Err(format!("seat {seat} is not at the table but has cards or points"));
            }
            if s.scores[seat] < 0 {
                return Err(format!("seat {seat} has a negative score"));
            }
        }
        if total != self.copy_lanes {
            let k = (0..NUM_KINDS)
                .find(|&k| lane_count(&total, k) != self.copies[k])
                .expect("a kind differs");
            return Err(format!(
                "{} cards of kind {}: {} placed ({} in the draw pile)",
                self.copies[k],
                Card(k as u8).label(),
                lane_count(&total, k),
                s.deck[k]
            ));
        }
        let deck: u16 = s.deck.iter().map(|&c| c as u16).sum();
        if deck != s.deck_len {
            return Err(format!("draw pile holds {deck}, counted {}", s.deck_len));
        }
        let roller = &s.hands[s.roller as usize];
        match s.phase {
            Phase::Pick if self.pick_options(s) == 0 => {
                return Err("a pick with no number to take".into());
            }
            Phase::Pick if s.stage == Stage::Bonus && self.pick_options(s).count_ones() < 2 => {
                return Err("a Bonus Roll decision with a single option".into());
            }
            Phase::ChooseAction if roller.actions().count_ones() < 2 => {
                return Err("an action-card choice without two kinds waiting".into());
            }
            Phase::Roll if roller.actions() != 0 => {
                return Err("the roller rolls while holding an action card".into());
            }
            Phase::Over if !s.capped => {
                let best = s.scores[..n].iter().max().copied().unwrap_or(0);
                if best < self.rules.target_score {
                    return Err(format!("the game ended with a best score of {best}"));
                }
            }
            _ => {}
        }
        if s.round_over && s.win_mask != 0 {
            if DardzState::seats_in(s.win_mask)
                .any(|i| i >= n || s.pile_len[i] < self.rules.cards_per_round)
            {
                return Err("a round winner without a full pile".into());
            }
        } else if !s.round_over
            && s.phase != Phase::Deal
            && s.pile_len[..n].iter().any(|&l| l >= self.rules.cards_per_round)
        {
            return Err("a full pile, but the round goes on".into());
        }
        if s.turns > self.rules.turn_cap {
            return Err(format!("{} turns exceed the cap", s.turns));
        }
        Ok(())
    }
}
