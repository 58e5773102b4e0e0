//! The 27 cards' abilities (LA-8, LA-10, LA-11, LA-16 to LA-18, LA-36 to LA-45): what
//! choosing a scored card's ability starts, and how each multi-step ability goes on. Every
//! choice an ability leaves to a player is that player's decision; what the others learn is
//! recorded in `known` (LA-13).

use super::engine::Source;
use super::state::{AskCtx, Phase, Resume, bit};
use super::*;

impl Love {
    /// The scorer chose card `c`'s ability (LA-31: it cannot be declined).
    pub(super) fn start_ability(&self, s: &mut LoveState, c: u8) {
        s.ability_card = c;
        s.stats.ability_uses[c as usize] = s.stats.ability_uses[c as usize].saturating_add(1);
        let w = s.scorer;
        s.actor = w;
        match self.deck.cards[c as usize].ability {
            // Passive or blank text: nothing when chosen (LA-31).
            Ability::None | Ability::PotusPass | Ability::CoClaim | Ability::DoubleSets => {
                self.ability_done(s)
            }
            // Always asked, even without a black card, so that the question tells nothing.
            Ability::DiscardBlack => s.phase = Phase::HarryBlack,
            Ability::GiveRandomDiscard
            | Ability::LockAsks
            | Ability::SeeHand
            | Ability::AskNotColour => s.phase = Phase::ChooseSeat,
            Ability::AskEveryone => {
                s.ask_ctx = AskCtx::David;
                s.ask_kind = AskKind::Name;
                s.phase = Phase::AskValue;
            }
            Ability::NeighboursExpose => {
                // LA-17: with 2 players the one opponent exposes once.
                let left = s.next(w);
                let right = (w + s.players - 1) % s.players;
                s.remaining = (1 << left) | (1 << right);
                self.next_expose(s);
            }
            Ability::TakeDiscards { take, .. } => {
                s.remaining = take;
                self.next_take(s);
            }
            Ability::Tracks(mask) => {
                for r in 0..4 {
                    if mask & (1 << r) != 0 {
                        s.tracks[w as usize][r] = s.tracks[w as usize][r].saturating_add(1);
                    }
                }
                self.ability_done(s);
            }
            Ability::TrackAny => s.phase = Phase::ChooseTrack,
            Ability::NoAskBonus => {
                // LA-22, LA-41: lost only by this turn's Step 1 ask naming Jamie or Aurelia;
                // a claim outside the claimer's own turn always earns it.
                if w != s.current || !s.asked_jamie_aurelia {
                    self.gain(s, w, self.rules.no_ask_points, Source::Abilities);
                }
                self.ability_done(s);
            }
            Ability::ShuffleDeal => self.start_contribute(s),
            // LA-43: the scorer fills its hand first (a claimer's too, LA-22).
            Ability::FillPassLeft => {
                self.draw_up(s, w, self.rules.hand_size as u32, Resume::PassLeft)
            }
            Ability::SwapTwo => {
                if Self::swap_pairs(s) == 0 {
                    self.ability_done(s);
                } else {
                    s.phase = Phase::TonyPair;
                }
            }
        }
    }

    /// Tony's possible pairs: two different players who both hold a card (LA-44), as a mask
    /// of seats with cards (0 when fewer than two).
    pub(super) fn swap_pairs(s: &LoveState) -> u8 {
        let holders =
            (0..s.players).filter(|&w| s.hands[w as usize] != 0).fold(0, |m, w| m | 1 << w);
        if (holders as u32).count_ones() >= 2 { holders } else { 0 }
    }

    /// Harry's black card (LA-37): discarded, +2, and "Actually!" opens (LA-18).
    pub(super) fn harry(&self, s: &mut LoveState, card: Option<u8>) {
        let Some(c) = card else {
            self.ability_done(s);
            return;
        };
        let w = s.scorer;
        Self::take_from_hand(s, w, c);
        Self::push_pile(s, c);
        self.gain(s, w, self.rules.discard_black_points, Source::Abilities);
        self.open_window(s, w, c);
    }

    /// The target seat of Mia, Juliet, Mark/Judy/John or Jamie.
    pub(super) fn chose_seat(&self, s: &mut LoveState, t: u8) {
        let w = s.scorer;
        match self.deck.cards[s.ability_card as usize].ability {
            Ability::GiveRandomDiscard => {
                s.ask_target = t;
                if s.hands[w as usize] != 0 {
                    s.phase = Phase::MiaGive;
                } else {
                    // LA-38: the discard happens even with no card to give.
                    s.phase = Phase::MiaRandom;
                }
            }
            Ability::LockAsks => {
                s.lock[t as usize] = w;
                self.ability_done(s);
            }
            Ability::SeeHand => {
                s.known[w as usize][t as usize] = s.hands[t as usize];
                self.ability_done(s);
            }
            Ability::AskNotColour => {
                s.ask_target = t;
                s.ask_ctx = AskCtx::Jamie;
                s.ask_kind = AskKind::Colour;
                s.phase = Phase::AskValue;
            }
            other => unreachable!("{other:?} chooses no seat"),
        }
    }

    /// Mia gives card `c` to her target; the target then discards at random (chance).
    pub(super) fn mia_give(s: &mut LoveState, c: u8) {
        let (w, t) = (s.scorer, s.ask_target);
        Self::hide_from_hand(s, w, c, 1 << w | 1 << t);
        Self::put_in_hand(s, t, c, 1 << w, false);
        s.phase = Phase::MiaRandom;
    }

    /// Mia's target discards one card of its whole hand at random (LA-38); "Actually!"
    /// opens to all but the target and the player whose turn it is (LA-22).
    pub(super) fn mia_random(&self, s: &mut LoveState, chance: &mut impl Chance) {
        let t = s.ask_target;
        let hand = s.hands[t as usize];
        if hand == 0 {
            self.ability_done(s);
            return;
        }
        let k = chance.below(hand.count_ones());
        let c = state::cards_of(hand).nth(k as usize).expect("k below the hand size");
        Self::take_from_hand(s, t, c);
        Self::push_pile(s, c);
        self.open_window(s, t, c);
    }

    /// Natalie: the next neighbour still owed, with a card, exposes one (LA-17).
    pub(super) fn next_expose(&self, s: &mut LoveState) {
        while s.remaining != 0 {
            let seat = s.remaining.trailing_zeros() as u8;
            s.remaining &= !(1 << seat);
            if s.hands[seat as usize] != 0 {
                s.responder = seat;
                s.actor = seat;
                s.phase = Phase::Expose;
                return;
            }
        }
        self.ability_done(s);
    }

    pub(super) fn expose(&self, s: &mut LoveState, c: u8) {
        s.known[s.scorer as usize][s.responder as usize] |= bit(c);
        self.next_expose(s);
    }

    /// Johanna, Sam, Daniel: the next card from the pile as it stands (LA-42).
    pub(super) fn next_take(&self, s: &mut LoveState) {
        if s.remaining == 0 || s.pile_len == 0 {
            self.ability_done(s);
        } else {
            s.actor = s.scorer;
            s.phase = Phase::TakePile;
        }
    }

    /// Take card `c` from the pile: shown to all (Johanna, Sam) or face down (Daniel, LA-19:
    /// the others then do not know which cards it holds).
    pub(super) fn take_pile(&self, s: &mut LoveState, c: u8) {
        let Ability::TakeDiscards { shown, .. } = self.deck.cards[s.ability_card as usize].ability
        else {
            unreachable!("taking from the pile without a take ability")
        };
        Self::remove_from_pile(s, c);
        Self::put_in_hand(s, s.scorer, c, 0, shown);
        s.remaining -= 1;
        self.next_take(s);
    }

    /// Joe, Billy: +1 on the chosen track (LA-16).
    pub(super) fn track(&self, s: &mut LoveState, r: u8) {
        let w = s.scorer as usize;
        s.tracks[w][r as usize] = s.tracks[w][r as usize].saturating_add(1);
        self.ability_done(s);
    }

    /// The picks of Harriet/USA Girls (every holder), Colin (every holder) or Tony (the
    /// pair), in turn order from the scorer, none seeing the others' (LA-10).
    pub(super) fn start_contribute(&self, s: &mut LoveState) {
        let mut mask = 0u8;
        if self.deck.cards[s.ability_card as usize].ability == Ability::SwapTwo {
            mask = (1 << s.pair[0]) | (1 << s.pair[1]);
        } else {
            for w in 0..s.players {
                if s.hands[w as usize] != 0 {
                    mask |= 1 << w;
                }
            }
        }
        s.contributors = mask;
        s.remaining = mask;
        self.next_contributor(s);
    }

    /// The next seat to pick, in turn order from the scorer; when all have picked, the
    /// cards move.
    fn next_contributor(&self, s: &mut LoveState) {
        let mut seat = s.scorer;
        for _ in 0..s.players {
            if s.remaining & (1 << seat) != 0 {
                s.remaining &= !(1 << seat);
                s.responder = seat;
                s.actor = seat;
                s.phase = Phase::Contribute;
                return;
            }
            seat = s.next(seat);
        }
        match self.deck.cards[s.ability_card as usize].ability {
            Ability::ShuffleDeal => s.phase = Phase::ShuffleDeal,
            Ability::FillPassLeft => {
                // LA-43: all pass at once to the next seat; giver and receiver know the card.
                for w in 0..s.players {
                    if s.contributors & (1 << w) != 0 {
                        let c = s.pending[w as usize];
                        s.pending[w as usize] = state::NONE;
                        let to = s.next(w);
                        Self::put_in_hand(s, to, c, 1 << w, false);
                    }
                }
                self.ability_done(s);
            }
            Ability::SwapTwo => {
                let [a, b] = s.pair;
                let (ca, cb) = (s.pending[a as usize], s.pending[b as usize]);
                s.pending[a as usize] = state::NONE;
                s.pending[b as usize] = state::NONE;
                Self::put_in_hand(s, b, ca, 1 << a, false);
                Self::put_in_hand(s, a, cb, 1 << b, false);
                self.ability_done(s);
            }
            other => unreachable!("{other:?} has no picks"),
        }
    }

    /// The responder puts card `c` in (out of its hand, hidden from the others).
    pub(super) fn contribute(&self, s: &mut LoveState, c: u8) {
        let w = s.responder;
        Self::hide_from_hand(s, w, c, 1 << w);
        s.pending[w as usize] = c;
        self.next_contributor(s);
    }

    /// Harriet / USA Girls: the picked cards shuffled and dealt one to each contributor, in
    /// turn order from the scorer (LA-45); each sees only the card it gets.
    pub(super) fn shuffle_deal(&self, s: &mut LoveState, chance: &mut impl Chance) {
        let mut pool = 0u32;
        for w in 0..s.players as usize {
            if s.contributors & (1 << w) != 0 {
                pool |= bit(s.pending[w]);
                s.pending[w] = state::NONE;
            }
        }
        let mut seat = s.scorer;
        for _ in 0..s.players {
            if s.contributors & (1 << seat) != 0 {
                let k = chance.below(pool.count_ones());
                let c = state::cards_of(pool).nth(k as usize).expect("a pooled card");
                pool &= !bit(c);
                Self::put_in_hand(s, seat, c, 0, false);
            }
            seat = s.next(seat);
        }
        self.ability_done(s);
    }
}
