//! Skill-ladder statistics: the head-to-head share of one rung over the rung below it, its
//! interval when comparisons inside a match (or a deal group) are correlated, the ratings
//! that the chain of neighbouring pairings implies (anchored at the first rung = 0), and the
//! skill figures a designer quotes.
//!
//! Methods, as the README names them:
//! - Head-to-head share: half-points of the upper rung's seats over the lower rung's seats
//!   (finishing above = 1, same rank = ½), over all such comparisons. Interval: Wilson score
//!   on the effective number of comparisons, n / deff, where the design effect deff (Kish
//!   1965) is the ratio of the cluster variance (deal groups as clusters, ratio-estimator
//!   linearisation) to the binomial variance, never below 1.
//! - Ratings: Bradley-Terry on the Elo scale. On a chain of pairings (a tree) the maximum
//!   likelihood fit is exact per edge: each rung's rating is the one below plus
//!   400·log10(p/(1-p)) of their head-to-head share, with one virtual tie per pairing (the same
//!   weak prior as `ratings::bradley_terry`) so that a share of 0 or 1 stays finite.
//!   Intervals: delta method per edge, edges independent (each pairing has its own seed), so
//!   variances add along the chain.

use crate::stats::intervals::{wilson_share, z_for};
use crate::stats::ratings::elo_from_share;

/// Elo points per natural-log unit of strength: 400 / ln 10.
const ELO_PER_NAT: f64 = 173.717_792_761_245_3;

/// Exact integer sums over deal groups for one pairing, mergeable in any order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HeadToHead {
    /// Deal groups that contributed at least one comparison.
    pub groups: u64,
    /// Σ m: comparisons (an upper-rung seat against a lower-rung seat in an uncapped match).
    pub comparisons: u64,
    /// Σ g: the upper rung's half-points (2 for finishing above, 1 for the same rank).
    pub halves: u64,
    /// Σ g², Σ g·m and Σ m² over groups, for the cluster variance.
    pub halves_sq: u128,
    pub halves_cross: u128,
    pub comparisons_sq: u128,
}

/// A share with its 95% interval and the design effect used.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShareEstimate {
    pub share: f64,
    pub lo: f64,
    pub hi: f64,
    pub design_effect: f64,
}

impl HeadToHead {
    /// Add one deal group's comparisons `m` and the upper rung's half-points `g`.
    pub fn add_group(&mut self, m: u64, g: u64) {
        if m == 0 {
            return;
        }
        self.groups += 1;
        self.comparisons += m;
        self.halves += g;
        self.halves_sq += u128::from(g) * u128::from(g);
        self.halves_cross += u128::from(g) * u128::from(m);
        self.comparisons_sq += u128::from(m) * u128::from(m);
    }

    pub fn merge(&mut self, o: &HeadToHead) {
        self.groups += o.groups;
        self.comparisons += o.comparisons;
        self.halves += o.halves;
        self.halves_sq += o.halves_sq;
        self.halves_cross += o.halves_cross;
        self.comparisons_sq += o.comparisons_sq;
    }

    /// The upper rung's share; `None` before any comparison.
    pub fn share(&self) -> Option<f64> {
        (self.comparisons > 0).then(|| self.halves as f64 / (2.0 * self.comparisons as f64))
    }

    /// Kish's design effect: cluster variance over binomial variance, at least 1.
    pub fn design_effect(&self) -> f64 {
        let Some(p) = self.share() else { return 1.0 };
        let n = self.comparisons as f64;
        let binomial = p * (1.0 - p) / n;
        if self.groups < 2 || binomial <= 0.0 {
            return 1.0;
        }
        // Σ (g - 2p·m)² = Σg² - 4p·Σgm + 4p²·Σm², in half-points.
        let residual = self.halves_sq as f64 - 4.0 * p * self.halves_cross as f64
            + 4.0 * p * p * self.comparisons_sq as f64;
        let u = self.groups as f64;
        let cluster = u / (u - 1.0) * residual.max(0.0) / (2.0 * n).powi(2);
        (cluster / binomial).max(1.0)
    }

    /// The share with its Wilson interval on the effective sample size, at `confidence`.
    pub fn estimate(&self, confidence: f64) -> Option<ShareEstimate> {
        let share = self.share()?;
        let deff = self.design_effect();
        let (lo, hi) = wilson_share(share, self.comparisons as f64 / deff, confidence);
        Some(ShareEstimate { share, lo, hi, design_effect: deff })
    }

    /// The upper rung's Elo advantage over the lower one and its standard error (delta
    /// method), with one virtual tie as a prior; `None` before any comparison.
    pub fn elo_step(&self) -> Option<(f64, f64)> {
        self.share()?;
        let n = self.comparisons as f64 + 1.0;
        let p = (self.halves as f64 / 2.0 + 0.5) / n;
        let n_eff = n / self.design_effect();
        let se = ELO_PER_NAT / (n_eff * p * (1.0 - p)).sqrt();
        Some((elo_from_share(p), se))
    }
}

/// A rung's rating on the Elo scale (the first rung is 0) and its 95% interval; `None`
/// where a pairing below it has no comparisons yet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub lo: f64,
    pub hi: f64,
}

/// Ratings along a chain: `steps[k]` is the pairing of rung k+1 over rung k.
pub fn chain_ratings(steps: &[HeadToHead]) -> Vec<Option<Rating>> {
    let mut out = vec![Some(Rating { elo: 0.0, lo: 0.0, hi: 0.0 })];
    let mut sum = Some((0.0, 0.0));
    for step in steps {
        sum = match (sum, step.elo_step()) {
            (Some((elo, var)), Some((d, se))) => Some((elo + d, var + se * se)),
            _ => None,
        };
        out.push(sum.map(|(elo, var)| {
            let half = z_for(0.95) * var.sqrt();
            Rating { elo, lo: elo - half, hi: elo + half }
        }));
    }
    out
}

/// What one neighbouring pairing says, for the figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Separation {
    /// The upper rung wins significantly more than half (95% interval above ½).
    Upper,
    /// The lower rung wins significantly more than half.
    Lower,
    /// The interval contains ½.
    Unseparated,
}

impl Separation {
    pub fn of(e: &ShareEstimate) -> Separation {
        if e.lo > 0.5 {
            Separation::Upper
        } else if e.hi < 0.5 {
            Separation::Lower
        } else {
            Separation::Unseparated
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Separation::Upper => "upper",
            Separation::Lower => "lower",
            Separation::Unseparated => "no",
        }
    }
}

/// The upset share of one pairing: how often the weaker of the two (by this pairing's own
/// result) won, i.e. min(p, 1-p).
pub fn upset_share(e: &ShareEstimate) -> (f64, f64, f64) {
    if e.share >= 0.5 { (1.0 - e.share, 1.0 - e.hi, 1.0 - e.lo) } else { (e.share, e.lo, e.hi) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::intervals::wilson;

    fn coin_groups(groups: u64, m: u64, wins_per_group: impl Fn(u64) -> u64) -> HeadToHead {
        let mut h = HeadToHead::default();
        for u in 0..groups {
            h.add_group(m, 2 * wins_per_group(u));
        }
        h
    }

    #[test]
    fn independent_comparisons_give_plain_wilson() {
        // One comparison per group, alternating wins: deff is 1 but for the small-sample
        // factor U/(U-1), share exactly ½, interval Wilson's.
        let h = coin_groups(1000, 1, |u| u % 2);
        let e = h.estimate(0.95).unwrap();
        assert_eq!(e.share, 0.5);
        assert!((e.design_effect - 1000.0 / 999.0).abs() < 1e-12, "{}", e.design_effect);
        let (lo, hi) = wilson(500.0, 1000, 0.95);
        assert!((e.lo - lo).abs() < 1e-4 && (e.hi - hi).abs() < 1e-4, "{e:?} vs {lo} {hi}");
    }

    #[test]
    fn perfectly_correlated_comparisons_count_once_per_group() {
        // 4 comparisons per group that always agree: the effective sample is the groups.
        let h = coin_groups(400, 4, |u| if u % 2 == 0 { 4 } else { 0 });
        let e = h.estimate(0.95).unwrap();
        assert!((e.design_effect - 4.0 * 400.0 / 399.0).abs() < 1e-9, "{}", e.design_effect);
        let one_each = coin_groups(400, 1, |u| u % 2).estimate(0.95).unwrap();
        assert!((e.hi - e.lo) > 0.99 * (one_each.hi - one_each.lo), "{e:?} {one_each:?}");
    }

    #[test]
    fn chain_adds_steps_and_variances() {
        let even = coin_groups(1000, 1, |u| u % 2);
        let strong = coin_groups(1000, 1, |u| u64::from(u % 4 != 0)); // 75%
        let r = chain_ratings(&[strong, even]);
        let step = elo_from_share((750.0 + 0.5) / 1001.0);
        assert!((r[1].unwrap().elo - step).abs() < 1e-9);
        assert!((r[2].unwrap().elo - step).abs() < 1e-9, "an even pairing adds nothing");
        let w1 = r[1].unwrap().hi - r[1].unwrap().lo;
        let w2 = r[2].unwrap().hi - r[2].unwrap().lo;
        assert!(w2 > w1 * 1.2, "uncertainty accumulates up the chain: {w1} {w2}");
        assert!(r[1].unwrap().lo > 0.0, "75% over 1000 comparisons is separated");
    }

    #[test]
    fn a_clean_sweep_stays_finite_and_an_unplayed_step_is_undefined() {
        let sweep = coin_groups(50, 1, |_| 1);
        let r = chain_ratings(&[sweep, HeadToHead::default()]);
        let top = r[1].unwrap();
        assert!(top.elo.is_finite() && top.hi.is_finite() && top.lo > 0.0, "{top:?}");
        assert!(r[2].is_none());
        let e = sweep.estimate(0.95).unwrap();
        assert_eq!(Separation::of(&e), Separation::Upper);
        assert_eq!(upset_share(&e).0, 0.0);
    }

    #[test]
    fn merging_is_adding() {
        let a = coin_groups(10, 2, |u| u % 3);
        let b = coin_groups(7, 2, |u| (u + 1) % 3);
        let mut whole = HeadToHead::default();
        for u in 0..10 {
            whole.add_group(2, 2 * (u % 3));
        }
        for u in 0..7 {
            whole.add_group(2, 2 * ((u + 1) % 3));
        }
        let mut merged = a;
        merged.merge(&b);
        assert_eq!(merged, whole);
    }
}
