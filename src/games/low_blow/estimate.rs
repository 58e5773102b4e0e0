//! LOW BLOW's position estimate, for the greedy bot and MCTS's cut-off rollouts: each seat's
//! expected final score, and the heuristic that compares a seat's with the others'.

use super::*;

/// Expected value of a die still to be placed, for the heuristic's estimate of empty
/// squares (3.5), in halves.
const HALVES_MEAN_DIE: i32 = 7;
/// Score difference the heuristic maps to about tanh(1) = 0.76.
const HEURISTIC_SCALE: f64 = 50.0;

impl LowBlow {
    /// Each seat's expected final score as things stand: banked rounds, the current row (its
    /// dice, and the mean die on each empty square), minus the counters' worth. Later rounds
    /// add the same expectation for everyone and are left out.
    ///
    /// The row is summed in halves, as an integer: every term is a whole number or 3.5, so
    /// the floating-point sum it replaces was exact and equals this one to the bit.
    pub fn expected_scores(&self, s: &LowBlowState) -> [f64; MAX_PLAYERS] {
        let columns = self.columns();
        let discount = self.rules.own_colour_discount as i32;
        let mut est = [0.0; MAX_PLAYERS];
        for (row, e) in est.iter_mut().enumerate().take(s.players()) {
            let mut halves = 0i32;
            if s.phase != Phase::Over {
                for &code in &s.board[row * columns..(row + 1) * columns] {
                    halves += match Die::from_code(code) {
                        Some(d) => {
                            2 * (d.value as i32 - discount * (d.colour as usize == row) as i32)
                        }
                        None => HALVES_MEAN_DIE,
                    };
                }
            }
            let row_est = halves as f64 / 2.0;
            *e = s.banked[row] as f64 + row_est - self.rules.counter_value(s.counters[row]) as f64;
        }
        est
    }

    /// Seat `me`'s heuristic from every seat's expected score: the others' mean minus its
    /// own, scaled and squashed by tanh. One expression for `heuristic` and `heuristics`, so
    /// both give the same bits.
    pub(super) fn relative(est: &[f64; MAX_PLAYERS], players: usize, me: usize) -> f64 {
        let others: f64 =
            (0..players).filter(|&p| p != me).map(|p| est[p]).sum::<f64>() / (players - 1) as f64;
        tanh(((others - est[me]) / HEURISTIC_SCALE).to_bits())
    }
}

/// `f64::from_bits(x).tanh()`, from a per-thread memo when this argument was seen: the
/// estimates take few distinct values, and tanh (a call into libm) was a tenth of greedy's
/// instructions. The memo keeps the argument's bits, so the value is tanh's own.
fn tanh(x: u64) -> f64 {
    const SLOTS: usize = 256;
    thread_local! {
        static MEMO: std::cell::RefCell<[(u64, f64); SLOTS]> =
            const { std::cell::RefCell::new([(0, 0.0); SLOTS]) };
    }
    let slot = (x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize;
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        // tanh(0.0) is 0.0: the empty slots' (0, 0.0) is a true entry.
        if memo[slot].0 == x {
            return memo[slot].1;
        }
        let v = f64::from_bits(x).tanh();
        memo[slot] = (x, v);
        v
    })
}
