//! How many more matches would let the seat-balance verdict decide, planned from the tests
//! the verdict uses ([`crate::stats::verdict`]) and from what the matches so far allow the
//! true shares to be.
//!
//! The shares so far are estimates. Planned as if they were the true shares (the power at
//! the estimate), the count promised more than reruns kept: a DARDZ run of 20,000 matches
//! was advised 56,000 more, and 44 of 60 fresh runs of 76,000 decided (73%), not 80%. So
//! the count is planned for the chance of a decision averaged over the true shares the data
//! allow (assurance, O'Hagan & Stevens 2001): the true shares drawn from the normal
//! approximation to their posterior under a flat prior, mean p̂ and the multinomial
//! covariance (diag p̂ - p̂p̂ᵀ)/n₀ after n₀ decisive matches. Averaged over that draw, the
//! estimate the verdict will judge is itself normal about p̂, with that covariance times:
//! - **more matches into the same run** (n in all): (n-n₀)/n, the n₀ played being fixed
//!   and only the new ones, and the true shares, unknown;
//! - **a new run of n** (a run played until decided cannot grow): 1 + n₀/n;
//! - **at known shares** (the power of [`power`]): n₀/n.
//!
//! The chance is the share of [`DRAWS`] fixed draws of that estimate (antithetic pairs, one
//! seed: the same advice on every run; the count is the fewest at which that share clears
//! 80% by two of its own standard errors) at which the verdict's tests, in their normal
//! approximations with a continuity correction, decide: every seat's 90% Clopper-Pearson
//! interval, taken as p ± z₀.₉₅·√(p(1-p)/n) ± 1/(2n), inside fair ± margin; or the seat
//! farthest from fair beyond both the margin (its interval at 5%/k one-sided) and the exact
//! binomial test's threshold (Holm over k seats, the smallest p-value times k:
//! z·√(fair(1-fair)/n) at 0.05/k), with k = 1 for two seats, whose shares mirror each other.
//! Counting every seat together, not bounding the seats one by one, matters: a sample that
//! leaves four seats each a little likely to lie beyond the margin has a high chance that
//! either all are within or one is beyond, which no per-seat bound sees.
//!
//! What the count promises is checked by simulating reruns (`analysis::more_matches_tests`):
//! from one sample, true shares drawn from its exact posterior (Dirichlet), the advised run
//! played at them, many times over: at least 80% of those runs decide (a Wilson interval
//! that reaches 80%). It is a promise averaged over what the data allow, not one for every
//! true share: shares that happen to lie nearer the margin's edge than the data suggest
//! need more.
//!
//! An estimate on the margin's edge, measured so well that the true share is as likely on
//! either side of it, needs an unbounded count: the chance never reaches 80% there, however
//! many matches are played. Past a cap the advice says so, and says instead which margins
//! the matches already played can decide.

use rand::RngExt;

use crate::stats::intervals::{clopper_pearson, z_for};

/// The chance of a decision the advised count is planned for.
pub const POWER: f64 = 0.8;

/// The significance level of the verdict's tests (one-sided for the margin, two-sided for
/// the difference), as in [`crate::stats::verdict`].
const ALPHA: f64 = 0.05;

/// How the advised matches would be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Continuation {
    /// Added to the matches played (`--resume DIR --matches N`): the verdict is of them all.
    Extend,
    /// A new run of its own: a run played until decided cannot grow.
    Fresh,
}

/// What more matches would do for the verdict, in decisive matches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Advice {
    /// This many decisive matches (in all, or in the new run) decide with a chance of at
    /// least [`POWER`], averaged over the true shares the data allow.
    Total(u64),
    /// No count up to the cap does: an estimate too close to the margin's edge.
    Unaffordable(Stalemate),
}

/// Why no affordable count decides, and what the data can decide now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stalemate {
    /// The seat whose share lies nearest the margin's edge.
    pub seat: usize,
    /// Its share minus the fair share, in percentage points.
    pub edge_pp: f64,
    /// How far its edge lies from the margin, in percentage points.
    pub from_margin_pp: f64,
    /// The narrowest margin every seat's 90% interval already lies within.
    pub within_pp: f64,
    /// The widest margin some seat's interval (at the verdict's level for "beyond", 5% split
    /// over the seats) already lies wholly beyond, if any.
    pub beyond_pp: Option<f64>,
}

/// The smallest number of decisive matches, at most `cap`, at which the verdict decides with
/// a chance of [`POWER`] averaged over the true shares that `sole_wins` of `decisive` allow:
/// in all, above `decisive`, for [`Continuation::Extend`]; in the new run for
/// [`Continuation::Fresh`]. `None` without a decisive match or a seat.
pub fn advise(
    sole_wins: &[u64],
    decisive: u64,
    fair: f64,
    margin_pp: f64,
    cap: u64,
    how: Continuation,
) -> Option<Advice> {
    advise_at(sole_wins, decisive, fair, margin_pp, cap, how, ALPHA)
}

/// [`advise`] for a verdict whose tests are at `alpha` instead of 5%: a sweep's claim about
/// all its variants at once tests each at 5% split over the variants.
pub fn advise_at(
    sole_wins: &[u64],
    decisive: u64,
    fair: f64,
    margin_pp: f64,
    cap: u64,
    how: Continuation,
    alpha: f64,
) -> Option<Advice> {
    if decisive == 0 || sole_wins.is_empty() {
        return None;
    }
    let shares: Vec<f64> = sole_wins.iter().map(|&w| w as f64 / decisive as f64).collect();
    let m = margin_pp / 100.0;
    let estimates = Estimates { alpha, ..Estimates::new(&shares, decisive) };
    // The draws' share is itself an estimate of the chance: it must clear 80% by two of its
    // own standard errors, so that the chance does.
    let target = POWER + 2.0 * (POWER * (1.0 - POWER) / DRAWS as f64).sqrt();
    let decides = |n: u64| estimates.chance(n, fair, m, how) >= target;
    // The chance can dip before it rises (an edge near the margin is first "within", then
    // neither, then "beyond"), so the counts are walked up in small steps rather than
    // bisected from the cap; the last step is then bisected. A new run may need fewer
    // matches than were played (a run until decided judged them at stricter levels): its
    // walk starts at a sixteenth of them, and halves down first if that already decides.
    let mut n = match how {
        Continuation::Extend => decisive + 1,
        Continuation::Fresh => (decisive / 16).max(1),
    };
    let mut below = n - 1;
    if how == Continuation::Fresh && decides(n) {
        while n > 1 && decides(n / 2) {
            n /= 2;
        }
        below = n / 2;
    }
    loop {
        if decides(n) {
            break;
        }
        if n >= cap {
            return Some(Advice::Unaffordable(stalemate(sole_wins, decisive, fair, m, alpha)));
        }
        below = n;
        n = (n + n / 16 + 1).min(cap);
    }
    let (mut lo, mut hi) = (below, n);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if decides(mid) { hi = mid } else { lo = mid }
    }
    Some(Advice::Total(hi))
}

/// The most matches any advice looks at after `matches`: ten times those, or a million.
pub fn affordable(matches: u64) -> u64 {
    matches.saturating_mul(10).max(1_000_000)
}

/// [`advise_at`] counted in matches rather than decisive ones, for `sole_wins` of `decisive`
/// among `matches` (`counts = (decisive, matches)`), up to [`affordable`]: the decisive
/// share so far scales both ways. [`Advice::Total`] is then matches in all for
/// [`Continuation::Extend`] (at least one more than played), in the new run for
/// [`Continuation::Fresh`].
pub fn advise_in_matches(
    sole_wins: &[u64],
    (decisive, matches): (u64, u64),
    fair: f64,
    margin_pp: f64,
    how: Continuation,
    alpha: f64,
) -> Option<Advice> {
    if decisive == 0 {
        return None;
    }
    let per_decisive = matches as f64 / decisive as f64;
    let cap = (affordable(matches) as f64 / per_decisive) as u64;
    Some(match advise_at(sole_wins, decisive, fair, margin_pp, cap, how, alpha)? {
        Advice::Total(needed) => {
            let total = (needed as f64 * per_decisive).ceil() as u64;
            Advice::Total(match how {
                Continuation::Extend => total.max(matches + 1),
                Continuation::Fresh => total.max(1),
            })
        }
        stuck => stuck,
    })
}

/// The chance that the verdict decides after `n` decisive matches played `how`, averaged over
/// the true shares that `shares` measured over `played` decisive matches allow (see the
/// module header).
pub fn chance(shares: &[f64], played: u64, n: u64, fair: f64, m: f64, how: Continuation) -> f64 {
    Estimates::new(shares, played).chance(n, fair, m, how)
}

/// The chance that the verdict decides after `n` decisive matches when the seats' true
/// shares are `shares`, known (normal approximations to the verdict's exact tests).
pub fn power(shares: &[f64], n: u64, fair: f64, m: f64) -> f64 {
    // Known shares: the estimate at n spreads as it would after n matches, whatever n₀.
    Estimates::new(shares, n).decide_share(n, 1.0, fair, m)
}

/// How many fixed draws the chance is averaged over: its own standard error is about 0.6
/// points at 80% (antithetic pairs do better where the chance is symmetric), and a whole
/// advice costs some milliseconds.
pub const DRAWS: usize = 4096;

/// The seed of the fixed draws: the same advice from the same tally, on every run.
const SEED: u64 = 0x6d6f_7265;

/// The shares so far and [`DRAWS`] draws of where an estimate of them may lie, in units of
/// one match's spread (multiplied by the spread the continuation gives).
struct Estimates<'a> {
    shares: &'a [f64],
    played: f64,
    /// `DRAWS` rows of one value per seat: a draw of the multinomial covariance diag p - ppᵀ
    /// of one decisive match, as √p·z - p·Σ√p·z with z standard normal.
    draws: Vec<f64>,
    /// The level of the verdict's tests.
    alpha: f64,
}

impl<'a> Estimates<'a> {
    fn new(shares: &'a [f64], played: u64) -> Self {
        let k = shares.len();
        let mut rng = crate::core::rng_from_seed(SEED);
        let root: Vec<f64> = shares.iter().map(|p| p.max(0.0).sqrt()).collect();
        let mut draws = Vec::with_capacity(DRAWS * k);
        let mut z = vec![0.0; k];
        for _ in 0..DRAWS / 2 {
            z.iter_mut().for_each(|x| *x = standard_normal(&mut rng));
            for sign in [1.0, -1.0] {
                let mixed: f64 = root.iter().zip(&z).map(|(r, x)| r * x).sum();
                for s in 0..k {
                    draws.push(sign * (root[s] * z[s] - shares[s] * mixed));
                }
            }
        }
        Estimates { shares, played: played as f64, draws, alpha: ALPHA }
    }

    fn chance(&self, n: u64, fair: f64, m: f64, how: Continuation) -> f64 {
        let (n0, nf) = (self.played, n as f64);
        // The estimate's covariance at n, in units of the sample's (that of n₀ matches).
        let scale = match how {
            Continuation::Extend => (nf - n0).max(0.0) / nf,
            Continuation::Fresh => 1.0 + n0 / nf,
        };
        self.decide_share(n, scale, fair, m)
    }

    /// The share of the draws at which the verdict decides after `n` decisive matches, the
    /// estimate's covariance being `scale` times the sample's.
    fn decide_share(&self, n: u64, scale: f64, fair: f64, m: f64) -> f64 {
        let k = self.shares.len();
        if k == 0 || n == 0 {
            return 0.0;
        }
        let n = n as f64;
        let alpha = self.alpha;
        let z = z_for(1.0 - 2.0 * alpha);
        // With two seats the two tests are one: no adjustment, as in the verdict.
        let tests = crate::stats::verdict::tests(k);
        let z_diff = z_for(1.0 - alpha / tests);
        // "Beyond" is claimed of some seat: each seat's test at 5% split over the seats.
        let z_beyond = z_for(1.0 - 2.0 * alpha / tests);
        let continuity = 0.5 / n;
        let significant = z_diff * (fair * (1.0 - fair) / n).sqrt();
        // Per seat: the room an estimate has to be shown within, and the distance past which
        // it is shown beyond (and significant), from the interval the verdict will draw at n.
        let (mut room, mut past) = (Vec::with_capacity(k), Vec::with_capacity(k));
        for &p in self.shares {
            let se = (p * (1.0 - p) / n).sqrt();
            room.push(m - z * se - continuity);
            past.push((m + z_beyond * se + continuity).max(significant));
        }
        let spread = (scale / self.played).sqrt();
        let decided = self
            .draws
            .chunks_exact(k)
            .filter(|draw| {
                let mut within = true;
                let (mut top, mut top_d) = (0, -1.0);
                for s in 0..k {
                    let d = (self.shares[s] + spread * draw[s] - fair).abs();
                    within &= d <= room[s];
                    if d > top_d {
                        (top, top_d) = (s, d);
                    }
                }
                within || top_d > past[top]
            })
            .count();
        decided as f64 / (self.draws.len() / k) as f64
    }
}

/// One standard normal draw (Box-Muller).
fn standard_normal(rng: &mut crate::core::Rng) -> f64 {
    let u: f64 = 1.0 - rng.random::<f64>();
    let v: f64 = rng.random::<f64>();
    (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
}

/// What the matches played can decide: the margin they show every seat within, the one
/// they show a seat beyond, and the seat nearest the margin asked about.
fn stalemate(sole_wins: &[u64], decisive: u64, fair: f64, m: f64, alpha: f64) -> Stalemate {
    let mut within: f64 = 0.0;
    let mut beyond: f64 = 0.0;
    let mut nearest = (0, f64::INFINITY, 0.0);
    let split = 2.0 * alpha / crate::stats::verdict::tests(sole_wins.len());
    for (seat, &w) in sole_wins.iter().enumerate() {
        let (lo, hi) = clopper_pearson(w, decisive, 1.0 - 2.0 * alpha);
        within = within.max(hi - fair).max(fair - lo);
        let (lo, hi) = clopper_pearson(w, decisive, 1.0 - split);
        beyond = beyond.max(lo - fair).max(fair - hi);
        let d = w as f64 / decisive as f64 - fair;
        let from_margin = (d.abs() - m).abs();
        if from_margin < nearest.1 {
            nearest = (seat, from_margin, d);
        }
    }
    Stalemate {
        seat: nearest.0,
        edge_pp: 100.0 * nearest.2,
        from_margin_pp: 100.0 * nearest.1,
        within_pp: 100.0 * within,
        beyond_pp: (beyond > 0.0).then_some(100.0 * beyond),
    }
}

// Its tests replay the advice against the real verdict: `analysis::more_matches_tests`.
