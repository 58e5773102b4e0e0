//! LOW BLOW's actions answered without building the legal list, whose placements are dice x
//! squares long (building it was half of a random match's time): whether an action is
//! legal (`try_apply`), and a random bot's choice ([`Game::legal_pick`]) in the order of
//! `legal_actions`: the dice in (colour, value) order, each with the empty squares in
//! increasing order; set-asides in the same die order, then Done.

use super::*;
use crate::core::bits;

impl LowBlow {
    /// Whether `a` is among `legal_actions(s)`, decided without building the list.
    pub fn is_legal(&self, s: &LowBlowState, a: LowBlowAction) -> bool {
        let players = s.players();
        let die_ok =
            |colour: u8, value: u8| (colour as usize) < players && (1..=6).contains(&value);
        match a {
            LowBlowAction::SetAside { colour, value } => {
                s.phase == Phase::SetAside
                    && die_ok(colour, value)
                    && s.rolled[colour as usize][value as usize - 1] > 0
            }
            LowBlowAction::Done => s.phase == Phase::SetAside,
            LowBlowAction::Place { colour, value, cell } => {
                s.phase == Phase::Place
                    && die_ok(colour, value)
                    && s.mover_has(colour as usize, value) > 0
                    && (cell as usize) < players * self.columns()
                    && s.occupied >> cell & 1 == 0
            }
        }
    }

    /// `legal_actions(s)[pick(its length)]`, without the list (`buf` only for phases
    /// without a decision, which the default answers).
    pub(super) fn pick_without_list(
        &self,
        s: &LowBlowState,
        buf: &mut Vec<LowBlowAction>,
        pick: impl FnOnce(usize) -> usize,
    ) -> LowBlowAction {
        let players = s.players();
        if !matches!(s.phase, Phase::SetAside | Phase::Place) {
            self.legal_actions(s, buf);
            return buf[pick(buf.len())];
        }
        // The distinct dice `legal_actions` offers, as bit `colour * 6 + value - 1` (bit order
        // is the list's order): the state's derived masks.
        let placing = s.phase == Phase::Place;
        let dice = s.rolled_mask | if placing { s.aside_mask } else { 0 };
        let n = dice.count_ones() as usize;
        let nth_die = |set: u32, k: usize| die_of_bit(bits::nth_member(set.into(), k));
        if !placing {
            // Every die that may be set aside, then Done last.
            let k = pick(n + 1);
            if k == n {
                return LowBlowAction::Done;
            }
            let (colour, value) = nth_die(dice, k);
            return LowBlowAction::SetAside { colour, value };
        }
        let squares = !s.occupied & self.full_mask(players);
        let cells = squares.count_ones() as usize;
        let k = pick(n * cells);
        let (colour, value) = nth_die(dice, k / cells);
        let cell = bits::nth_member(squares.into(), k % cells) as u8;
        LowBlowAction::Place { colour, value, cell }
    }
}
