//! What the roller may do now: the numbers a roll offers and the picks they allow, passing,
//! whether Boost 'em and Bunk 'em act, and whether an action is legal without building the
//! list. `legal_actions`, `legal_pick` and the engine read these.

use super::*;

/// The position of the `i`-th set bit of `mask` (0: the lowest; 16 if `mask` has no more
/// than `i` set bits).
pub(super) fn nth_bit(mut mask: u16, i: usize) -> u8 {
    // `i` is a random bot's draw: a loop run `i` times mispredicted its exit at about every
    // decision. Five steps that clear the lowest bit only while `k < i`, without a branch,
    // cover every number a roll offers (at most 6) and every kind of action card (6). The
    // loop after them runs only past the last bit: `legal_pick` asks for the 7th number of
    // a 6-number roll when the draw is Pass, and discards the answer (16).
    for k in 0..5 {
        mask &= mask.wrapping_sub((k < i) as u16);
    }
    for _ in 5..i {
        mask &= mask.wrapping_sub(1);
    }
    mask.trailing_zeros() as u8
}

impl Dardz {
    /// Numbers (bit n) the current roll offers before looking at hands: one die on the first
    /// roll; either die or the sum on the second and Bonus rolls; any die or the sum of any
    /// two on the third ("You can't add all three dice together").
    pub fn offered(s: &DardzState) -> u16 {
        // One formula for every roll, no jump on the stage: a roll leaves its unused dice at
        // 0 (`roll`), so with one die this is {a}, with two {a, b, a + b}, with three every
        // die and pair sum; the 0 a blank die adds is masked off, and so is everything after
        // the rolls.
        let [a, b, c] = s.dice;
        let any = bit(a) | bit(b) | bit(c) | bit(a + b) | bit(a + c) | bit(b + c);
        let rolling = (s.stage.dice() != 0) as u16;
        any & !1 & rolling.wrapping_neg()
    }

    /// The numbers the roller may pick on this roll: on the Bonus Roll only numbers in the
    /// roller's hand ("Only the player that's on the Bonus Roll can add cards"; in Team
    /// DARDZ the partner's hand too, DZ-6); on the second and third rolls every offered
    /// number someone holds.
    pub fn pick_options(&self, s: &DardzState) -> u16 {
        let offered = Self::offered(s);
        if s.stage == Stage::Bonus {
            offered & self.side_numbers(s, s.roller as usize)
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
}
