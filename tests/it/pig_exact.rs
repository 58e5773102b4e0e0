//! Random Pig solved exactly (RULINGS REF-2): each seat's win probability by dynamic
//! programming over (banked, banked, turn total), the expected visits to every decision
//! state, and from them the option table's estimand for each stop band (see
//! `option_answers.rs` for what the estimand is). Shared by the known-answer tests of the
//! option table.

/// The kinds as REF-2's option table names them: stopping, by turn-total band.
pub const PIG_KINDS: [&str; 5] = ["hold_0", "hold_1_9", "hold_10_19", "hold_20_29", "hold_30_plus"];

fn pig_band(t: usize) -> usize {
    match t {
        0 => 0,
        1..=9 => 1,
        10..=19 => 2,
        20..=29 => 3,
        _ => 4,
    }
}

/// Random-play Pig to `target` with a `faces`-sided die. A decision state (i, j, t) has the
/// mover at i banked against j with turn total t; while i + t < target both roll and stop are
/// legal (each taken with probability 1/2), and once i + t ≥ target stopping (which wins) is
/// the only legal action: those forced states end the match and are not stored. The turn
/// cap (1000 turns) is ignored: at target 40 a random match would need hundreds of turns in
/// a row to bank nothing, far beyond any probability these tests could see (and the runs
/// below assert that no match was capped).
pub struct PigExact {
    target: usize,
    faces: usize,
    /// W(i, j, t): the mover's win probability.
    pub w: Vec<f64>,
    /// The expected number of visits to (i, j, t) per match, from (0, 0, 0).
    visits: Vec<f64>,
}

impl PigExact {
    pub fn idx(&self, i: usize, j: usize, t: usize) -> usize {
        (i * self.target + j) * self.target + t
    }

    /// The mover's win probability after stopping at (i, j, t), i + t < target: t is banked
    /// and the opponent moves from (j, i + t, 0).
    fn stop(&self, i: usize, j: usize, t: usize) -> f64 {
        1.0 - self.w[self.idx(j, i + t, 0)]
    }

    /// The mover's win probability after rolling at (i, j, t): a 1 passes the turn with
    /// nothing, r ≥ 2 adds r to t (where i + t + r reaches the target, the forced stop wins).
    fn roll(&self, i: usize, j: usize, t: usize) -> f64 {
        let mut v = 1.0 - self.w[self.idx(j, i, 0)];
        for r in 2..=self.faces {
            v += if i + t + r >= self.target { 1.0 } else { self.w[self.idx(i, j, t + r)] };
        }
        v / self.faces as f64
    }

    pub fn new(target: usize, faces: usize) -> Self {
        let size = target * target * target;
        let mut pig = PigExact { target, faces, w: vec![0.5; size], visits: vec![0.0; size] };
        // Values: Gauss-Seidel value iteration (turn totals from the top down, so a turn's
        // rolls see this sweep's values), to a change below 1e-15.
        loop {
            let mut change = 0.0f64;
            for i in 0..target {
                for j in 0..target {
                    for t in (0..target - i).rev() {
                        let v = 0.5 * pig.stop(i, j, t) + 0.5 * pig.roll(i, j, t);
                        let at = pig.idx(i, j, t);
                        change = change.max((v - pig.w[at]).abs());
                        pig.w[at] = v;
                    }
                }
            }
            if change < 1e-15 {
                break;
            }
        }
        // Visits: visits(s) = [s = (0, 0, 0)] + Σ over predecessors p of P(p -> s)·visits(p),
        // by Gauss-Seidel over the states in order of banked sum i + j, then t. Every edge
        // goes forward in that order except those into a t = 0 state from the same pair of
        // banked scores (rolling a 1, or stopping at 0): the cycles, which the sweeps
        // resolve geometrically (each round trip has probability below 1/2).
        let half_face = 0.5 / faces as f64;
        loop {
            let mut change = 0.0f64;
            for sum in 0..=2 * (target - 1) {
                for i in sum.saturating_sub(target - 1)..=sum.min(target - 1) {
                    let j = sum - i;
                    for t in 0..target - i {
                        let mut v = if (i, j, t) == (0, 0, 0) { 1.0 } else { 0.0 };
                        if t == 0 {
                            // The opponent, at (j, i, u), rolled a 1.
                            for u in 0..target - j {
                                v += half_face * pig.visits[pig.idx(j, i, u)];
                            }
                            // The opponent, at (j - u, i, u), stopped and banked up to j.
                            for u in 0..=j {
                                v += 0.5 * pig.visits[pig.idx(j - u, i, u)];
                            }
                        } else {
                            // The mover, at (i, j, t - r), rolled r.
                            for r in (2..=faces).filter(|&r| r <= t) {
                                v += half_face * pig.visits[pig.idx(i, j, t - r)];
                            }
                        }
                        let at = pig.idx(i, j, t);
                        change = change.max((v - pig.visits[at]).abs());
                        pig.visits[at] = v;
                    }
                }
            }
            if change < 1e-14 {
                break;
            }
        }
        // Every match ends exactly once, by a roll into a forced (winning) stop.
        let mut ends = 0.0;
        pig.each_state(|i, j, t| {
            let into_forced = (2..=faces).filter(|&r| i + t + r >= target).count();
            ends += pig.visits[pig.idx(i, j, t)] * half_face * into_forced as f64;
        });
        assert!((ends - 1.0).abs() < 1e-9, "the visits end {ends} matches, not 1");
        pig
    }

    /// Calls `f(i, j, t)` for every unforced decision state.
    fn each_state(&self, mut f: impl FnMut(usize, usize, usize)) {
        for i in 0..self.target {
            for j in 0..self.target {
                for t in 0..self.target - i {
                    f(i, j, t);
                }
            }
        }
    }

    /// The exact estimand of every kind of [`PIG_KINDS`], in that order: at an unforced
    /// state one action of two is a stop (of the band of t), so V_take is stopping's value
    /// and V_not rolling's.
    pub fn estimands(&self) -> Vec<f64> {
        let mut sums = [[0.0f64; 2]; PIG_KINDS.len()];
        self.each_state(|i, j, t| {
            let v = self.visits[self.idx(i, j, t)];
            let sum = &mut sums[pig_band(t)];
            sum[0] += v * (self.stop(i, j, t) - self.roll(i, j, t));
            sum[1] += v;
        });
        sums.iter().map(|&[num, den]| num / den).collect()
    }
}
