//! How many more matches would let the seat-balance verdict decide, planned from the tests
//! the verdict uses ([`crate::stats::verdict`]) rather than from a rule of thumb.
//!
//! The count is a power calculation at the observed estimate: take every seat's true share
//! of decisive matches to be its share so far, and find the smallest number of decisive
//! matches at which the verdict would decide (every seat shown within the margin, or a seat
//! shown beyond it and significant) with probability at least [`POWER`]. Each test is
//! replaced by its normal approximation with a continuity correction: the 90% Clopper-Pearson
//! interval by p ± z₀.₉₅·√(p(1-p)/n) ± 1/(2n) (for "beyond", the interval at 5%/k one-sided),
//! the exact binomial test (Holm-adjusted over k seats, whose smallest p-value is multiplied
//! by k) by |p - fair| beyond z·√(fair(1-fair)/n) at level 0.05/k (k = 1 with two seats,
//! whose shares mirror each other). "Every seat within" is bounded below by one minus
//! the seats' summed chances of missing (Bonferroni, valid however the seats correlate), so
//! the count errs on the side of enough.
//!
//! An estimate on the margin's edge needs an unbounded count: power never reaches 80% there,
//! however many matches are played. Past a cap the advice says so, and says instead which
//! margins the matches already played can decide.

use statrs::distribution::{ContinuousCDF, Normal};

use crate::stats::intervals::{clopper_pearson, z_for};

/// The chance of a decision the advised count is planned for.
pub const POWER: f64 = 0.8;

/// The significance level of the verdict's tests (one-sided for the margin, two-sided for
/// the difference), as in [`crate::stats::verdict`].
const ALPHA: f64 = 0.05;

/// What more matches would do for the verdict, in decisive matches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Advice {
    /// This many decisive matches in all decide with probability at least [`POWER`].
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

/// The smallest number of decisive matches, above `decisive` and at most `cap`, at which
/// the verdict decides with probability [`POWER`] if each seat's true share is
/// `sole_wins[s] / decisive`. `None` without a decisive match or a seat.
pub fn advise(
    sole_wins: &[u64],
    decisive: u64,
    fair: f64,
    margin_pp: f64,
    cap: u64,
) -> Option<Advice> {
    if decisive == 0 || sole_wins.is_empty() {
        return None;
    }
    let shares: Vec<f64> = sole_wins.iter().map(|&w| w as f64 / decisive as f64).collect();
    let m = margin_pp / 100.0;
    let decides = |n: u64| power(&shares, n as f64, fair, m) >= POWER;
    // Power can dip before it rises (an edge near the margin is first "within", then
    // neither, then "beyond"), so the counts are walked up in small steps rather than
    // bisected from the cap; the last step is then bisected.
    let mut below = decisive;
    let mut n = decisive + 1;
    loop {
        if decides(n) {
            break;
        }
        if n >= cap {
            return Some(Advice::Unaffordable(stalemate(sole_wins, decisive, fair, m)));
        }
        below = n;
        n = (n + n / 64 + 1).min(cap);
    }
    let (mut lo, mut hi) = (below, n);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if decides(mid) { hi = mid } else { lo = mid }
    }
    Some(Advice::Total(hi))
}

/// The chance that the verdict decides after `n` decisive matches, when seat shares are
/// `shares` (normal approximations to the verdict's exact tests, see the module header).
pub fn power(shares: &[f64], n: f64, fair: f64, m: f64) -> f64 {
    let normal = Normal::new(0.0, 1.0).expect("standard normal");
    let phi = |x: f64| normal.cdf(x);
    let z = z_for(1.0 - 2.0 * ALPHA);
    // With two seats the two tests are one: no adjustment, as in the verdict.
    let tests = crate::stats::verdict::tests(shares.len());
    let z_diff = z_for(1.0 - ALPHA / tests);
    // "Beyond" is claimed of some seat: each seat's test at 5% split over the seats.
    let z_beyond = z_for(1.0 - 2.0 * ALPHA / tests);
    let continuity = 0.5 / n;
    let se_fair = (fair * (1.0 - fair) / n).sqrt();
    let mut miss_within = 0.0;
    let mut beyond: f64 = 0.0;
    // With two seats, seat 1's share is seat 0's mirrored: its interval lies within or
    // beyond exactly when seat 0's does, one event that must not be counted twice.
    let seats = if shares.len() == 2 { &shares[..1] } else { shares };
    for &p in seats {
        let se = (p * (1.0 - p) / n).sqrt().max(1e-12);
        let d = p - fair;
        // Within: the estimate's distance from fair at most m - z·se (less the correction).
        let room = m - z * se - continuity;
        let within = if room > 0.0 { phi((room - d) / se) - phi((-room - d) / se) } else { 0.0 };
        miss_within += 1.0 - within.max(0.0);
        // Beyond, and significant: the estimate past both thresholds, on either side.
        let past = (m + z_beyond * se + continuity).max(z_diff * se_fair);
        beyond = beyond.max(phi((d - past) / se) + phi((-past - d) / se));
    }
    ((1.0 - miss_within).max(0.0) + beyond).min(1.0)
}

/// What the matches played can decide: the margin they show every seat within, the one
/// they show a seat beyond, and the seat nearest the margin asked about.
fn stalemate(sole_wins: &[u64], decisive: u64, fair: f64, m: f64) -> Stalemate {
    let mut within: f64 = 0.0;
    let mut beyond: f64 = 0.0;
    let mut nearest = (0, f64::INFINITY, 0.0);
    let split = 2.0 * ALPHA / crate::stats::verdict::tests(sole_wins.len());
    for (seat, &w) in sole_wins.iter().enumerate() {
        let (lo, hi) = clopper_pearson(w, decisive, 1.0 - 2.0 * ALPHA);
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
