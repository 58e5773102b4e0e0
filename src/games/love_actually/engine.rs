//! LOVE ACTUALLY's turn flow: Step 1 asks (LA-7, LA-23), Step 2 scoring (LA-8), Step 3
//! cleanup (LA-30), the "Actually!" window (LA-9, LA-22), draws and reshuffles (LA-14),
//! bonus tiles (LA-20) and the end (LA-21, LA-24). The abilities are in `abilities.rs`.
//!
//! Every step whose happening depends on a hidden hand is still asked of its seat (Step 2
//! with only "skip", Harry with no black card, the discard loop with only black cards, every
//! seat of the window in turn), so whose turn it is never tells anyone about a hand.

use super::state::{AskCtx, EndKind, NONE, PUBLIC, Phase, Resume, SEATS, bit};
use super::*;

/// Where points come from, for metrics.
#[derive(Clone, Copy)]
pub(super) enum Source {
    Sets = 0,
    Tiles = 1,
    Abilities = 2,
}

impl Love {
    // ----- cards moving ----------------------------------------------------------------

    /// Card `c` leaves `w`'s hand: nobody knows it there any more.
    pub(super) fn take_from_hand(s: &mut LoveState, w: u8, c: u8) {
        debug_assert!(s.hands[w as usize] & bit(c) != 0, "seat {w} lacks card {c}");
        s.hands[w as usize] &= !bit(c);
        for row in s.known.iter_mut() {
            row[w as usize] &= !bit(c);
        }
    }

    /// Card `c` leaves `w`'s hand face down, seen only by the seats in `seen` (a mask, `w`
    /// among them). Those know exactly which card moved; every other seat (and the public
    /// row) saw a card leave without seeing which, so it forgets all it knew of `w`'s hand:
    /// dropping only `c` would tell it which card it was (LA-10, LA-13).
    pub(super) fn hide_from_hand(s: &mut LoveState, w: u8, c: u8, seen: u8) {
        debug_assert!(s.hands[w as usize] & bit(c) != 0, "seat {w} lacks card {c}");
        s.hands[w as usize] &= !bit(c);
        for (x, row) in s.known.iter_mut().enumerate() {
            if x < SEATS && seen & (1 << x) != 0 {
                row[w as usize] &= !bit(c);
            } else {
                row[w as usize] = 0;
            }
        }
    }

    /// Card `c` enters `w`'s hand, seen there by the seats in `seen` (a mask), or by all.
    pub(super) fn put_in_hand(s: &mut LoveState, w: u8, c: u8, seen: u8, public: bool) {
        s.hands[w as usize] |= bit(c);
        for x in 0..SEATS {
            if x != w as usize && (public || seen & (1 << x) != 0) {
                s.known[x][w as usize] |= bit(c);
            }
        }
        if public {
            s.known[PUBLIC][w as usize] |= bit(c);
        }
    }

    pub(super) fn push_pile(s: &mut LoveState, c: u8) {
        s.pile[s.pile_len as usize] = c;
        s.pile_len += 1;
    }

    /// Remove card `c` from the discard pile, the rest keeping their order (LA-42).
    pub(super) fn remove_from_pile(s: &mut LoveState, c: u8) {
        let len = s.pile_len as usize;
        let at = s.pile[..len].iter().position(|&x| x == c).expect("card on the pile");
        s.pile.copy_within(at + 1..len, at);
        s.pile_len -= 1;
    }

    // ----- score -----------------------------------------------------------------------

    /// A score gain; any gain counts toward the end score (LA-49).
    pub(super) fn gain(&self, s: &mut LoveState, w: u8, points: i32, source: Source) {
        s.scores[w as usize] += points;
        s.stats.points[w as usize][source as usize] += points as i16;
        if s.scores[w as usize] >= self.rules.end_score {
            Self::trigger(s, w, EndKind::Score);
        }
    }

    /// The end is triggered by `w` (LA-21); later triggers start nothing (LA-35).
    pub(super) fn trigger(s: &mut LoveState, w: u8, kind: EndKind) {
        if s.ender != NONE {
            return;
        }
        s.ender = w;
        s.end_kind = kind;
        s.final_left = s.all_seats() & !(1 << w);
        s.trigger_turn = s.turns;
    }

    /// Score option `o` for `w` (LA-8): cards out of the hand (a claim's card is already off
    /// the pile), points, tracks; then the ability choice.
    pub(super) fn score_set(&self, s: &mut LoveState, w: u8, o: usize, claimed: Option<u8>) {
        let opt = self.deck.options[o];
        let from_hand = opt.mask & !claimed.map_or(0, bit);
        for c in state::cards_of(from_hand) {
            Self::take_from_hand(s, w, c);
        }
        if claimed.is_some() {
            s.aside[w as usize] |= opt.mask;
        } else {
            s.scored |= opt.mask;
        }
        s.stats.option_scored[o] = s.stats.option_scored[o].saturating_add(1);
        let bonus = if opt.double { self.rules.double_bonus } else { 0 };
        for (t, &n) in s.tracks[w as usize].iter_mut().zip(&opt.tracks) {
            *t = t.saturating_add(n);
        }
        self.gain(s, w, opt.points + bonus, Source::Sets);
        s.scorer = w;
        s.set_cards = opt.mask;
        s.actor = w;
        s.phase = Phase::ChooseAbility;
    }

    /// The options `hand` completes, bit o for option o: tested without a branch per
    /// option (which ones a random hand completes is unpredictable), listed lowest first by
    /// the caller, the order of the options.
    pub(super) fn completed_options(&self, hand: u32) -> u64 {
        let completes = |(o, opt): (usize, &SetOption)| ((hand & opt.mask == opt.mask) as u64) << o;
        self.deck.options.iter().enumerate().map(completes).fold(0, |set, bit| set | bit)
    }

    /// The options of `among` that `hand` completes: [`Love::completed_options`] of them
    /// only. The "Actually!" window asks about one card's options, a few of the deck's, at
    /// every discard, for every other player: testing all the deck's was a tenth of random
    /// play's instructions.
    pub(super) fn completed_among(&self, hand: u32, mut among: u64) -> u64 {
        let mut completed = 0;
        while among != 0 {
            let o = among.trailing_zeros() as usize;
            let mask = self.deck.options[o].mask;
            completed |= ((hand & mask == mask) as u64) << o;
            among &= among - 1;
        }
        completed
    }

    // ----- the flow --------------------------------------------------------------------

    /// Start the next player turn (or end the match at the turn cap, G-2).
    pub(super) fn begin_turn(&self, s: &mut LoveState, seat: u8) {
        s.current = seat;
        if s.turns >= self.rules.turn_cap {
            s.capped = true;
            s.phase = Phase::Over;
            return;
        }
        s.turns += 1;
        s.asked_jamie_aurelia = false;
        s.actor = seat;
        s.phase = Phase::Step1;
    }

    /// Draw `w` up to `to` cards, then go on with `then`.
    pub(super) fn draw_up(&self, s: &mut LoveState, w: u8, to: u32, then: Resume) {
        let have = s.hand_len(w);
        if have < to && (s.deck != 0 || s.pile_len > 0) {
            s.draw_seat = w;
            s.draw_n = (to - have) as u8;
            s.draw_then = then;
            s.phase = Phase::Draw;
        } else {
            self.resume(s, then);
        }
    }

    /// Go on from a finished draw, window or ability.
    pub(super) fn resume(&self, s: &mut LoveState, then: Resume) {
        match then {
            Resume::FirstTurn => self.begin_turn(s, 0),
            Resume::Step2 => {
                s.actor = s.current;
                s.phase = Phase::Step2;
            }
            Resume::AbilityDone => {
                let after = s.after_ability;
                self.resume(s, after);
            }
            Resume::Step3 => self.begin_step3(s),
            Resume::DiscardLoop => self.discard_loop(s),
            Resume::PassLeft => self.start_contribute(s),
            Resume::Tiles => self.tiles_and_end(s),
        }
    }

    /// The ability in progress is finished.
    pub(super) fn ability_done(&self, s: &mut LoveState) {
        self.resume(s, Resume::AbilityDone);
    }

    /// Draws, reshuffling the pile into the deck when the deck is empty (LA-14, LA-33).
    pub(super) fn resolve_draw(&self, s: &mut LoveState, chance: &mut impl Chance) {
        let w = s.draw_seat;
        for _ in 0..s.draw_n {
            if s.deck == 0 {
                if s.pile_len == 0 {
                    break;
                }
                s.deck = s.pile_mask();
                s.pile_len = 0;
                s.stats.reshuffles += 1;
            }
            let c = self.draw_card(s.deck, chance);
            s.deck &= !bit(c);
            Self::put_in_hand(s, w, c, 0, false);
        }
        let then = s.draw_then;
        self.resume(s, then);
    }

    /// One card from the set `deck`, every card equally likely (through `Chance::draw`, so
    /// tests can script which card comes).
    pub(super) fn draw_card(&self, deck: u32, chance: &mut impl Chance) -> u8 {
        let mut counts = [0u8; 32];
        for c in state::cards_of(deck) {
            counts[c as usize] = 1;
        }
        chance.draw(&counts[..self.deck.cards.len()]) as u8
    }

    /// The deal: `hand_size` cards to each player from seat 0 (LA-6's setup).
    pub(super) fn deal(&self, s: &mut LoveState, chance: &mut impl Chance) {
        for w in 0..s.players {
            for _ in 0..self.rules.hand_size {
                let c = self.draw_card(s.deck, chance);
                s.deck &= !bit(c);
                Self::put_in_hand(s, w, c, 0, false);
            }
        }
        self.begin_turn(s, 0);
    }

    /// Step 1 ends: Juliet's lock is used up (LA-39), Step 2 follows after any draw.
    pub(super) fn end_step1(&self, s: &mut LoveState) {
        s.lock[s.current as usize] = NONE;
    }

    /// Step 3 begins: the claimer draws again (LA-25); this turn's and claimed sets go to the
    /// pile (LA-26, LA-30).
    pub(super) fn begin_step3(&self, s: &mut LoveState) {
        let w = s.current as usize;
        s.no_refill &= !(1 << w);
        s.scored |= s.aside[w];
        s.aside[w] = 0;
        self.place_loop(s);
    }

    /// The scored cards onto the pile one at a time, the scorer choosing the order (LA-30).
    pub(super) fn place_loop(&self, s: &mut LoveState) {
        match s.scored.count_ones() {
            0 => self.discard_loop(s),
            1 => {
                let c = s.scored.trailing_zeros() as u8;
                s.scored = 0;
                Self::push_pile(s, c);
                self.discard_loop(s);
            }
            _ => {
                s.actor = s.current;
                s.phase = Phase::Place;
            }
        }
    }

    /// Discard down to the hand size, one card at a time (LA-12, LA-30, LA-34); then draw.
    pub(super) fn discard_loop(&self, s: &mut LoveState) {
        if s.hand_len(s.current) > self.rules.hand_size as u32 {
            s.actor = s.current;
            s.phase = Phase::Discard;
        } else {
            self.draw_up(s, s.current, self.rules.hand_size as u32, Resume::Tiles);
        }
    }

    /// Bonus tiles of the current player (LA-20), then the next turn (LA-21, LA-24).
    pub(super) fn tiles_and_end(&self, s: &mut LoveState) {
        let w = s.current;
        for r in 0..4 {
            if s.tile_owner[r] == NONE && s.tracks[w as usize][r] >= self.rules.tile_threshold {
                s.tile_owner[r] = w;
                // LA-49: a gain that claims the last tile ends the game as a last-tile end.
                if s.tile_owner.iter().all(|&o| o != NONE) {
                    Self::trigger(s, w, EndKind::LastTile);
                }
                self.gain(s, w, self.rules.tile_points, Source::Tiles);
            }
        }
        self.end_turn(s);
    }

    /// The next turn: the next seat, or after the trigger the next seat still owed its one
    /// more turn, the seat whose turn was in progress last (LA-24).
    pub(super) fn end_turn(&self, s: &mut LoveState) {
        let w = s.current;
        if s.ender == NONE {
            self.begin_turn(s, s.next(w));
            return;
        }
        if s.trigger_turn != s.turns {
            s.final_left &= !(1 << w);
        }
        let mut seat = w;
        for _ in 0..s.players {
            seat = s.next(seat);
            if s.final_left & (1 << seat) != 0 {
                self.begin_turn(s, seat);
                return;
            }
        }
        s.phase = Phase::Over;
    }

    // ----- "Actually!" -----------------------------------------------------------------

    /// Card `c` was just discarded by `d` onto the pile without completing a set: ask every
    /// other seat but the discarder and the player whose turn it is, in turn order after
    /// the discarder (LA-9, LA-22).
    pub(super) fn open_window(&self, s: &mut LoveState, d: u8, c: u8) {
        s.discarder = d;
        s.window_card = c;
        s.responder = d;
        self.next_in_window(s);
    }

    pub(super) fn next_in_window(&self, s: &mut LoveState) {
        let mut seat = s.responder;
        loop {
            seat = s.next(seat);
            if seat == s.discarder {
                self.ability_done(s);
                return;
            }
            if seat != s.current {
                s.responder = seat;
                s.actor = seat;
                s.phase = Phase::Window;
                return;
            }
        }
    }

    /// The responder claims option `o` with the discarded card (LA-9): it scores the set
    /// (and Daisy/Bernard's discarder scores the pair too, LA-29), then its ability.
    pub(super) fn claim(&self, s: &mut LoveState, o: usize) {
        let w = s.responder;
        let c = s.window_card;
        debug_assert_eq!(s.top(), Some(c));
        s.pile_len -= 1;
        s.stats.claims += 1;
        let opt = self.deck.options[o];
        let co_pair = opt.mask.count_ones() == 2
            && state::cards_of(opt.mask)
                .all(|k| self.deck.cards[k as usize].ability == Ability::CoClaim)
            && !opt.double;
        if co_pair {
            // LA-29: the discarder gets the pair's points and track, once.
            s.stats.co_claims += 1;
            let d = s.discarder as usize;
            for (t, &n) in s.tracks[d].iter_mut().zip(&opt.tracks) {
                *t = t.saturating_add(n);
            }
            self.gain(s, s.discarder, opt.points, Source::Sets);
        }
        s.no_refill |= 1 << w;
        self.score_set(s, w, o, Some(c));
    }

    // ----- Step 1 ----------------------------------------------------------------------

    /// The asked seat answers (`Some(card)` hands it over).
    pub(super) fn respond(&self, s: &mut LoveState, card: Option<u8>) {
        let r = s.responder;
        let kind = s.ask_kind as usize;
        match (s.ask_ctx, card) {
            (AskCtx::Step1, Some(c)) => {
                s.stats.ask_hits[kind] += 1;
                self.hand_over(s, r, s.current, c);
                self.end_step1(s);
                self.refill_giver(s, r, Resume::Step2);
            }
            (AskCtx::Step1, None) => {
                // LA-7: a miss draws one card from the deck for the asker.
                self.end_step1(s);
                let w = s.current;
                self.draw_up(s, w, s.hand_len(w) + 1, Resume::Step2);
            }
            (AskCtx::David, Some(c)) => {
                self.hand_over(s, r, s.scorer, c);
                self.refill_giver(s, r, Resume::AbilityDone);
            }
            (AskCtx::David, None) => {
                let next = s.next(r);
                if next == s.scorer {
                    self.ability_done(s);
                } else {
                    s.responder = next;
                    s.actor = next;
                }
            }
            (AskCtx::Jamie, Some(c)) => {
                Self::hide_from_hand(s, r, c, 1 << r | 1 << s.scorer);
                Self::put_in_hand(s, s.scorer, c, 1 << r, false);
                self.refill_giver(s, r, Resume::AbilityDone);
            }
            (AskCtx::Jamie, None) => self.ability_done(s),
        }
    }

    /// An asked card changes hands: in view of all for a name ask (everyone heard the name),
    /// else face down, seen only by the two.
    fn hand_over(&self, s: &mut LoveState, from: u8, to: u8, c: u8) {
        let public = s.ask_kind == AskKind::Name;
        if public {
            Self::take_from_hand(s, from, c);
        } else {
            Self::hide_from_hand(s, from, c, 1 << from | 1 << to);
        }
        Self::put_in_hand(s, to, c, 1 << from, public);
    }

    /// A player who lost a card to an ask draws back to the hand size at once (LA-17, LA-47)
    /// unless it is a claimer before its own Step 3 (LA-25).
    fn refill_giver(&self, s: &mut LoveState, giver: u8, then: Resume) {
        if s.no_refill & (1 << giver) != 0 {
            self.resume(s, then);
        } else {
            self.draw_up(s, giver, self.rules.hand_size as u32, then);
        }
    }

    /// Cards of `hand` that answer an ask of `kind` for `value` (LA-7, LA-28).
    pub(super) fn matching(&self, kind: AskKind, value: u8, hand: u32) -> u32 {
        hand & match kind {
            AskKind::Name => bit(value),
            AskKind::Relationship => self.deck.rel_mask[value as usize],
            AskKind::Colour => self.deck.colour_mask[value as usize],
        }
    }

    /// Cards that may stand in for a name ask: POTUS for David or Natalie (LA-36).
    pub(super) fn stand_ins(&self, kind: AskKind, value: u8, hand: u32) -> u32 {
        if kind != AskKind::Name {
            return 0;
        }
        state::cards_of(hand)
            .filter(|&c| self.deck.passes_for[c as usize] & bit(value) != 0)
            .fold(0, |m, c| m | bit(c))
    }
}
