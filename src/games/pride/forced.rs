//! The moves Pride & Preju-Dice's engine takes without asking (a step with one option,
//! [`super::engine`]), seen one by one: traces, the play log and the replay give each its
//! own step with its mover ([`crate::core::TraceGame::forced_moves`]), so that a hidden
//! seat's forced move, and the points it scores, never ride on another seat's visible step.

use super::state::{Ctx, Marks, PrideState};
use super::{Pride, PrideAction};
use crate::core::Seat;
use crate::core::trace::{Drawn, ForcedMove, replaying};

/// Sees the moves [`Pride::run_watching`] takes without asking (traces only: the unit type
/// sees nothing, and play pays nothing for it).
pub(super) trait Watch {
    /// The state as a turn's settling begins.
    fn begin(&mut self, _s: &PrideState) {}
    /// A move taken without asking: its mover's sheet and turn just before it.
    fn forced(&mut self, _m: &Marks, _c: &Ctx, _a: PrideAction) {}
}

impl Watch for () {}

/// The forced moves of one step, each with the whole state just before it.
struct ForcedSeen {
    base: PrideState,
    moves: Vec<ForcedMove<PrideState, PrideAction>>,
}

impl Watch for ForcedSeen {
    fn begin(&mut self, s: &PrideState) {
        self.base = *s;
    }
    fn forced(&mut self, m: &Marks, c: &Ctx, action: PrideAction) {
        let mut before = self.base;
        let seat = before.actor();
        (before.sheets[seat], before.ctx) = (*m, *c);
        self.moves.push(ForcedMove { seat: Seat(seat as u8), action, before });
    }
}

impl Pride {
    /// The moves taken without asking in the step from `before` ([`TraceGame::forced_moves`]).
    pub(crate) fn forced_in_step(
        &self,
        before: &PrideState,
        action: Option<PrideAction>,
        draws: &[Drawn],
    ) -> Vec<ForcedMove<PrideState, PrideAction>> {
        let mut s = *before;
        let mut seen = ForcedSeen { base: s, moves: Vec::new() };
        match action {
            Some(a) => {
                self.turn_in(&mut s).apply(a);
                self.run_watching(&mut s, &mut seen);
            }
            None => self.chance_watching(&mut s, &mut replaying(draws), &mut seen),
        }
        seen.moves
    }
}
