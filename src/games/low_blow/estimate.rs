//! LOW BLOW's position estimate, for the greedy bot and MCTS's cut-off rollouts: each seat's
//! expected final score, and the heuristic that compares a seat's with the others'.

use super::*;

/// Expected value of a die still to be placed, for the heuristic's estimate of empty squares.
const MEAN_DIE: f64 = 3.5;
/// Score difference the heuristic maps to about tanh(1) = 0.76.
const HEURISTIC_SCALE: f64 = 50.0;

impl LowBlow {
    /// Each seat's expected final score as things stand: banked rounds, the current row (its
    /// dice, and the mean die on each empty square), minus the counters' worth. Later rounds
    /// add the same expectation for everyone and are left out.
    pub fn expected_scores(&self, s: &LowBlowState) -> [f64; MAX_PLAYERS] {
        let columns = self.columns();
        let discount = self.rules.own_colour_discount as f64;
        let mut est = [0.0; MAX_PLAYERS];
        for (row, e) in est.iter_mut().enumerate().take(s.players()) {
            let mut row_est = 0.0;
            if s.phase != Phase::Over {
                for cell in row * columns..(row + 1) * columns {
                    row_est += match s.die_at(cell) {
                        Some(d) => {
                            d.value as f64 - discount * (d.colour as usize == row) as u8 as f64
                        }
                        None => MEAN_DIE,
                    };
                }
            }
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
        ((others - est[me]) / HEURISTIC_SCALE).tanh()
    }
}
