//! Seat, skill and luck: how much of the variation in who wins (and in scores) goes with the
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
    let interval = |value: f64, get: &dyn Fn(&Shares) -> f64| {
        let mut xs: Vec<f64> = draws.iter().map(get).collect();
        xs.sort_by(f64::total_cmp);
        let at = |q: f64| xs[((q * (xs.len() - 1) as f64).round() as usize).min(xs.len() - 1)];
        if xs.is_empty() {
            Estimate { value, low: f64::NAN, high: f64::NAN }
        } else {
            Estimate { value, low: at(0.025), high: at(0.975) }
        }
    };
    Some(Decomposition {
        measure,
        matches: whole.matches,
        seat: interval(point.seat, &|s| s.seat),
        skill: point.skill.map(|v| interval(v, &|s| s.skill.unwrap_or(0.0))),
        luck: interval(point.luck, &|s| s.luck),
    })
}

/// The one line on stdout: "of who wins: 3% seat [1, 5], 41% skill [37, 45], 56% luck [52, 60]"
/// (bootstrap 95% intervals).
pub fn line(d: &Decomposition) -> String {
    let what = match d.measure {
        Measure::Win => "who wins",
        Measure::Score => "the scores",
    };
    let pct = |e: &Estimate, name: &str| {
        format!("{:.0}% {name} [{:.0}, {:.0}]", 100.0 * e.value, 100.0 * e.low, 100.0 * e.high)
    };
    let mut parts = vec![pct(&d.seat, "seat")];
    if let Some(s) = &d.skill {
        parts.push(pct(s, "skill"));
    }
    parts.push(pct(&d.luck, "luck"));
    format!("of {what}: {}", parts.join(", "))
}

#[cfg(test)]
mod tests;
