//! Shares of variance (for analysts; `skill_luck.csv` says seat, skill and luck on the
//! win-share scale a designer reads): how much of the variation in who wins (and in scores) goes with the
//! seat a player sits in, with which bot plays, and with everything else (the dice, the cards,
//! and the play's own randomness). A two-way analysis of variance on the rotated design:
//! every deal is played with the lineup rotated through the seats, so every bot sits in every
//! seat equally often and the seat and bot sums of squares separate cleanly. Each share is
//! the ω² estimate (the sum of squares less what noise alone would give it, over the total),
//! floored at zero; luck is the rest. Intervals come from a bootstrap over deal groups: the
//! tally keeps its sums in [`BUCKETS`] buckets by deal index, each an independent sample of
//! deals, and the buckets are resampled. Integer sums only, so merging is exact.

use rand::{RngExt, SeedableRng};

use crate::core::MAX_SEATS;

/// Buckets of deal groups (deal index mod 64) for the bootstrap.
pub const BUCKETS: usize = 64;
/// Bootstrap resamples.
pub const RESAMPLES: usize = 2000;
/// The fewest matches every bucket must hold for a bootstrap interval: with fewer, the
/// resamples repeat a handful of matches and the interval claims a certainty the n cannot
/// give (20 matches once read "100% [100, 100]").
pub const MIN_BUCKET_MATCHES: u64 = 10;
/// The interval method when the bootstrap gave one.
pub const BOOTSTRAP_METHOD: &str = "bootstrap95 over 64 buckets of deals, 2000 resamples";

/// Sums of one outcome measure over a bucket's matches.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MeasureSums {
    pub seat: [i128; MAX_SEATS],
    pub group: [i128; MAX_SEATS],
    pub total: i128,
    pub total_sq: i128,
}

impl MeasureSums {
    fn merge(&mut self, o: &MeasureSums) {
        for i in 0..MAX_SEATS {
            self.seat[i] += o.seat[i];
            self.group[i] += o.group[i];
        }
        self.total += o.total;
        self.total_sq += o.total_sq;
    }
}

/// One bucket's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Bucket {
    pub matches: u64,
    /// Seat-appearances of each bot group.
    pub group_n: [u64; MAX_SEATS],
    /// Win shares in units of 1/840.
    pub win: MeasureSums,
    pub score: MeasureSums,
}

impl Bucket {
    fn merge(&mut self, o: &Bucket) {
        self.matches += o.matches;
        for i in 0..MAX_SEATS {
            self.group_n[i] += o.group_n[i];
        }
        self.win.merge(&o.win);
        self.score.merge(&o.score);
    }
}

/// The decomposition's counts: [`BUCKETS`] buckets once anything is recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DecompositionTally {
    pub buckets: Vec<Bucket>,
}

impl DecompositionTally {
    /// Count one match of deal `deal`: per seat its win units, score and bot group.
    pub fn record(&mut self, deal: u64, win: &[i64], score: &[i32], group_of_seat: &[u8]) {
        if self.buckets.is_empty() {
            self.buckets = vec![Bucket::default(); BUCKETS];
        }
        let b = &mut self.buckets[(deal % BUCKETS as u64) as usize];
        b.matches += 1;
        for (s, (&g, (&w, &sc))) in group_of_seat.iter().zip(win.iter().zip(score)).enumerate() {
            let g = g as usize % MAX_SEATS;
            b.group_n[g] += 1;
            for (m, y) in [(&mut b.win, i128::from(w)), (&mut b.score, i128::from(sc))] {
                m.seat[s] += y;
                m.group[g] += y;
                m.total += y;
                m.total_sq += y * y;
            }
        }
    }

    pub fn merge(&mut self, o: &DecompositionTally) {
        if o.buckets.is_empty() {
            return;
        }
        if self.buckets.is_empty() {
            self.buckets = vec![Bucket::default(); BUCKETS];
        }
        for (a, b) in self.buckets.iter_mut().zip(&o.buckets) {
            a.merge(b);
        }
    }
}

/// Which outcome a decomposition explains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The win share (1 for a sole win, 1/k for a k-way shared first place, 0 otherwise).
    Win,
    Score,
}

impl Measure {
    pub fn name(self) -> &'static str {
        match self {
            Measure::Win => "win",
            Measure::Score => "score",
        }
    }
}

/// Shares of the variance, each 0 to 1, summing to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shares {
    pub seat: f64,
    /// None with only one bot in the lineup (no skill difference to measure).
    pub skill: Option<f64>,
    pub luck: f64,
}

/// A share with its bootstrap interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// The decomposition of one measure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decomposition {
    pub measure: Measure,
    pub matches: u64,
    /// The intervals' method, or why some are empty.
    pub ci_method: &'static str,
    pub seat: Estimate,
    pub skill: Option<Estimate>,
    pub luck: Estimate,
}

/// The shares from summed buckets, for `players` seats and `groups` bots; None when the
/// outcome never varies or there are too few observations.
fn shares(b: &Bucket, measure: Measure, players: usize, groups: usize) -> Option<Shares> {
    let m = match measure {
        Measure::Win => &b.win,
        Measure::Score => &b.score,
    };
    let f = |x: i128| x as f64;
    let n = (b.matches as usize * players) as f64;
    // A match's win shares add up to one (zero when capped): the match is a block, and its
    // M - 1 degrees of freedom are not the error's (else noise alone would show as seat).
    let blocks = match measure {
        Measure::Win => b.matches as f64 - 1.0,
        Measure::Score => 0.0,
    };
    let df_error = n - blocks - players as f64 - groups as f64 + 1.0;
    if b.matches == 0 || df_error < 1.0 {
        return None;
    }
    let correction = f(m.total) * f(m.total) / n;
    let ss_total = f(m.total_sq) - correction;
    if ss_total <= 0.0 {
        return None;
    }
    let ss_seat: f64 =
        (0..players).map(|s| f(m.seat[s]) * f(m.seat[s]) / b.matches as f64).sum::<f64>()
            - correction;
    let ss_group: f64 = (0..MAX_SEATS)
        .filter(|&g| b.group_n[g] > 0)
        .map(|g| f(m.group[g]) * f(m.group[g]) / b.group_n[g] as f64)
        .sum::<f64>()
        - correction;
    let mse = ((ss_total - ss_seat - ss_group) / df_error).max(0.0);
    let omega =
        |ss: f64, levels: usize| ((ss - (levels as f64 - 1.0) * mse) / (ss_total + mse)).max(0.0);
    let seat = omega(ss_seat, players);
    let skill = (groups > 1).then(|| omega(ss_group, groups));
    Some(Shares { seat, skill, luck: (1.0 - seat - skill.unwrap_or(0.0)).max(0.0) })
}

fn total(buckets: &[&Bucket]) -> Bucket {
    let mut sum = Bucket::default();
    for b in buckets {
        sum.merge(b);
    }
    sum
}

/// The decomposition of `measure` with bootstrap intervals (95%, percentile); None when it
/// is undefined (fewer than two players, no variation, or too few matches).
pub fn decompose(
    tally: &DecompositionTally,
    measure: Measure,
    players: usize,
    groups: usize,
) -> Option<Decomposition> {
    if players < 2 || tally.buckets.is_empty() {
        return None;
    }
    let all: Vec<&Bucket> = tally.buckets.iter().collect();
    let whole = total(&all);
    let point = shares(&whole, measure, players, groups)?;
    // A fixed seed: the same tally gives the same intervals, in every file and on every run.
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0x5eed_dec0);
    let mut draws: Vec<Shares> = Vec::with_capacity(RESAMPLES);
    for _ in 0..RESAMPLES {
        let pick: Vec<&Bucket> = (0..BUCKETS).map(|_| all[rng.random_range(0..BUCKETS)]).collect();
        if let Some(s) = shares(&total(&pick), measure, players, groups) {
            draws.push(s);
        }
    }
    let sparse = tally.buckets.iter().any(|b| b.matches < MIN_BUCKET_MATCHES);
    let mut collapsed = false;
    let mut interval = |value: f64, get: &dyn Fn(&Shares) -> f64| {
        let mut xs: Vec<f64> = draws.iter().map(get).collect();
        xs.sort_by(f64::total_cmp);
        let at = |q: f64| xs[((q * (xs.len() - 1) as f64).round() as usize).min(xs.len() - 1)];
        let none = Estimate { value, low: f64::NAN, high: f64::NAN };
        if xs.is_empty() || sparse {
            return none;
        }
        let (low, high) = (at(0.025), at(0.975));
        // A share floored at zero in every resample is not known to be exactly zero.
        if low == high {
            collapsed = true;
            return none;
        }
        Estimate { value, low, high }
    };
    let seat = interval(point.seat, &|s| s.seat);
    let skill = point.skill.map(|v| interval(v, &|s| s.skill.unwrap_or(0.0)));
    let luck = interval(point.luck, &|s| s.luck);
    let ci_method = if sparse {
        "no interval: fewer than 10 matches in some of the 64 buckets of deals (n too small for a bootstrap)"
    } else if collapsed {
        "bootstrap95 over 64 buckets of deals, 2000 resamples; empty where every resample gave the same share (floored at 0): no interval"
    } else {
        BOOTSTRAP_METHOD
    };
    Some(Decomposition { measure, matches: whole.matches, ci_method, seat, skill, luck })
}

#[cfg(test)]
mod tests;
