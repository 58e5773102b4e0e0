//! LOW BLOW's actions: placing a die and resolving what its value does, and answering without
//! building the legal list, whose placements are dice x squares long (building it was half
//! of a random match's time), whether an action is legal (`try_apply`) and a random bot's
//! choice ([`GameRules::legal_pick`](crate::core::GameRules::legal_pick)) in the order of
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

impl LowBlow {
    /// Place a die and resolve its outcome (the rulebook's One to Six, LB-5, LB-6).
    pub(super) fn place(&self, s: &mut LowBlowState, colour: usize, value: u8, cell: usize) {
        let m = s.mover as usize;
        let v = value as usize - 1;
        debug_assert!(s.phase == Phase::Place, "placing outside the place phase");
        debug_assert!(s.mover_has(colour, value) > 0, "placing a die not held");
        debug_assert!(s.occupied >> cell & 1 == 0, "placing on a full square");
        // The placed die is not taken out of `aside`/`rolled`: both are cleared at the end of
        // this turn, and until then only their Ones are read, for a Two to Five (no One).
        s.hand[m][colour] -= 1;
        s.board[cell] = Die { colour: colour as u8, value }.code();
        s.occupied |= 1 << cell;
        s.plays[v] += 1;
        s.turns += 1;
        let players = s.players();
        let r = &self.rules;
        match value {
            // One: all remaining dice to the left; all your counters into the pot.
            1 => {
                for c in 0..players {
                    Self::pass_left(s, m, c, s.hand[m][c]);
                }
                Self::pay(s, m, s.counters[m]);
            }
            // Six: the row's owner (even you) takes the pot; all remaining dice to the left.
            6 => {
                let owner = cell / self.columns();
                Self::take(s, owner, s.pot);
                for c in 0..players {
                    Self::pass_left(s, m, c, s.hand[m][c]);
                }
            }
            // Two to Five: the Ones among every die still held, set aside or not (LB-5), go
            // to the left; then the counters move.
            _ => {
                // Only the colours with a One, from the masks (usually none).
                let mut ones = (s.aside_mask | s.rolled_mask) & ONES_BITS;
                while ones != 0 {
                    let c = ones.trailing_zeros() as usize / 6;
                    Self::pass_left(s, m, c, s.aside[c][0] + s.rolled[c][0]);
                    ones &= ones - 1;
                }
                match value {
                    2 => Self::pay(s, m, r.two_pays),
                    3 => {
                        for p in 0..players {
                            Self::pay(s, p, r.three_each_pays);
                        }
                    }
                    4 => Self::take(s, m, r.four_takes),
                    _ => Self::take(s, m, r.five_takes),
                }
            }
        }
        s.clear_values();
        self.finish_turn(s);
    }
}
