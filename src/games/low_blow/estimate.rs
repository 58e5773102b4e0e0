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
        let discount = self.rules.own_colour_discount as i32;
        let mut est = [0.0; MAX_PLAYERS];
        for (row, e) in est.iter_mut().enumerate().take(s.players()) {
            let halves = if s.phase != Phase::Over { self.row_halves(s, row, discount) } else { 0 };
            let row_est = halves as f64 / 2.0;
            *e = s.banked[row] as f64 + row_est - self.rules.counter_value(s.counters[row]) as f64;
        }
        est
    }

    /// Row `row`'s dice and empty squares in halves: twice each die's value (less the
    /// discount on a die of the row's own colour), 7 for an empty square. The heuristic's
    /// hottest loop (a greedy decision values every placement), so the row's squares are
    /// read as the bytes of one word and counted in byte lanes, not square by square; the
    /// square-by-square sum it equals is `row_halves_by_square`, and a test compares them.
    fn row_halves(&self, s: &LowBlowState, row: usize, discount: i32) -> i32 {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const TOPS: u64 = 0x8080_8080_8080_8080;
        let columns = self.columns();
        // A row is at most 8 squares and the last row ends at the board's end at most, so
        // the 8 bytes from its start are on the board.
        let start = row * columns;
        let bytes: [u8; 8] = s.board[start..start + 8].try_into().expect("8 squares");
        let live = if columns >= 8 { u64::MAX } else { (1u64 << (8 * columns)) - 1 };
        let word = u64::from_le_bytes(bytes) & live;
        // A code is below 32 (`Die::code`): adding 0x7f to a byte carries into its top bit
        // exactly when the byte is not 0, and never into the next byte.
        let held = ((word + 0x7f * ONES) & TOPS) >> 7;
        let values = word & (7 * ONES);
        // The colour (code >> 3) xor the row is 0 exactly on the row's own colour.
        let other_colour = (((word >> 3) & (3 * ONES)) ^ (row as u64 * ONES)) + 0x7f * ONES;
        let own = held & !(other_colour >> 7) & ONES;
        let byte_sum = |x: u64| (x.wrapping_mul(ONES) >> 56) as i32;
        let dice = byte_sum(held);
        2 * byte_sum(values) - 2 * discount * byte_sum(own)
            + HALVES_MEAN_DIE * (columns as i32 - dice)
    }

    /// [`LowBlow::row_halves`] square by square, as the heuristic once summed it.
    #[cfg(test)]
    pub(super) fn row_halves_by_square(&self, s: &LowBlowState, row: usize) -> i32 {
        let columns = self.columns();
        let discount = self.rules.own_colour_discount as i32;
        let mut halves = 0i32;
        for &code in &s.board[row * columns..(row + 1) * columns] {
            halves += match Die::from_code(code) {
                Some(d) => 2 * (d.value as i32 - discount * (d.colour as usize == row) as i32),
                None => HALVES_MEAN_DIE,
            };
        }
        halves
    }

    /// [`LowBlow::row_halves`] for a test, with the rules' discount.
    #[cfg(test)]
    pub(super) fn row_halves_by_word(&self, s: &LowBlowState, row: usize) -> i32 {
        self.row_halves(s, row, self.rules.own_colour_discount as i32)
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
