//! Pride & Preju-Dice's determinizations (PP-11): what a seat cannot see of the others'
//! sheets this round, replayed from what it saw with random choices, now or (lazily) at the
//! round's end. `BotHooks::determinize` and `determinize_lazy` call these.

use super::engine::Turn;
use super::state::{Phase, PrideState, Step};
use super::{Pride, PrideAction};
use crate::core::{Chance, Seat, bits};

impl Pride {
    /// A determinization for `viewer`: sheets shown to all as they are, the hidden turn in
    /// progress restarted, and `finished(t, seat)` for every other hidden seat (its turn of
    /// this round is over): replayed now, or left for [`Phase::Reveal`].
    pub(super) fn determinized(
        &self,
        s: &PrideState,
        viewer: Seat,
        mut finished: impl FnMut(&mut PrideState, usize),
    ) -> PrideState {
        let mut t = *s;
        let v = viewer.index();
        for j in 0..t.players() {
            if !t.hidden(j) {
                t.shown[j] = t.sheets[j];
            }
        }
        if t.phase != Phase::Turn {
            // A reveal keeps the turns still to replay.
            return t;
        }
        t.unseen = 0;
        let actor = t.actor();
        for j in 0..t.players() {
            if j == v || !t.hidden(j) {
                continue;
            }
            t.sheets[j] = t.shown[j];
            if j == actor {
                t.ctx = self.fresh_ctx(&t, j);
                self.turn_in(&mut t).settle(false);
            } else {
                finished(&mut t, j);
            }
        }
        t
    }

    /// Replay `seat`'s turn of this round from its visible sheet with random choices (for
    /// `determinize`: what the viewer cannot see, resampled).
    pub(super) fn replay(&self, s: &mut PrideState, seat: usize, rng: &mut impl Chance) {
        let mut c = self.fresh_ctx(s, seat);
        let mut m = s.shown[seat];
        let mut t = Turn { l: &self.layout, dice: &s.dice, m: &mut m, c: &mut c };
        // `settle` counts the options of the choice it stops at, as `each_option` would, and
        // keeps the first `KEPT` of them: the choice is made without listing them again.
        const KEPT: usize = 64;
        let mut kept = [PrideAction::Skip; KEPT];
        fn keep(kept: &mut [PrideAction; KEPT]) -> impl FnMut(u32, PrideAction) + '_ {
            move |i, a| {
                if (i as usize) < KEPT {
                    kept[i as usize] = a;
                }
            }
        }
        let mut n = t.settle_keeping(false, keep(&mut kept));
        while t.c.step != Step::Done {
            let pick = rng.below(n);
            let chosen = if t.c.step == Step::Pick {
                let b = bits::nth_member(t.picks().into(), pick as usize);
                PrideAction::Pick(b as u8 / 5, b as u8 % 5)
            } else if (pick as usize) < KEPT {
                kept[pick as usize]
            } else {
                let (mut i, mut chosen) = (0, PrideAction::Skip);
                t.each_option(|a| {
                    if i == pick {
                        chosen = a;
                    }
                    i += 1;
                });
                chosen
            };
            t.apply(chosen);
            n = t.settle_keeping(false, keep(&mut kept));
        }
        s.sheets[seat] = m;
    }
}
