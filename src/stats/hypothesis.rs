//! Hypothesis tests for seat balance: the exact two-sided binomial test against a fair share,
//! Holm's step-down correction across seats, the chi-square test that all seats are equal,
//! and Wald's sequential probability ratio test for stopping early.

use statrs::distribution::{Binomial, ChiSquared, ContinuousCDF, Discrete};

/// Exact two-sided binomial p-value for `x` successes in `n` trials against `p`, summing
/// the probabilities of all outcomes no more likely than `x` (the "minimum likelihood"
/// method of R's `binom.test`, with its relative tolerance 1e-7).
pub fn binomial_two_sided(x: u64, n: u64, p: f64) -> f64 {
    if n == 0 {
        // No trial, no test: undefined.
        return f64::NAN;
    }
    if p <= 0.0 {
        return if x == 0 { 1.0 } else { 0.0 };
    }
    if p >= 1.0 {
        return if x == n { 1.0 } else { 0.0 };
    }
    let b = Binomial::new(p, n).expect("valid binomial");
    let limit = b.pmf(x) * (1.0 + 1e-7);
    let m = n as f64 * p;
    let xf = x as f64;
    if (xf - m).abs() < 1e-9 {
        return 1.0;
    }
    let p_value = if xf < m {
        // On [ceil(m), n] the pmf does not increase: find where it drops to the limit.
        let (mut lo, mut hi) = (m.ceil() as u64, n + 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if b.pmf(mid) <= limit { hi = mid } else { lo = mid + 1 }
        }
        // Outcomes lo..=n are no more likely than x.
        lower_tail(&b, x) + if lo <= n { upper_tail(&b, lo) } else { 0.0 }
    } else {
        // On [0, floor(m)] the pmf does not decrease: the outcomes 0..lo are no more likely.
        let (mut lo, mut hi) = (0u64, m.floor() as u64 + 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if b.pmf(mid) <= limit { lo = mid + 1 } else { hi = mid }
        }
        (if lo > 0 { lower_tail(&b, lo - 1) } else { 0.0 }) + upper_tail(&b, x)
    };
    p_value.min(1.0)
}

/// P(X <= k), summed term by term outward from k. statrs' `cdf` goes through an incomplete
/// beta function whose continued fraction stops early for n in the millions (it returns 0.365
/// for P(X <= 5e6) with n = 1e7, p = 1/2); summing the pmf from an exact log-pmf start with the
/// ratio recurrence is accurate at any n, and cheap (the terms fall off within a few dozen
/// standard deviations).
fn lower_tail(b: &Binomial, k: u64) -> f64 {
    let (n, p) = (b.n(), b.p());
    let mut term = b.ln_pmf(k).exp();
    let mut sum = term;
    let mut i = k;
    while i > 0 && term > sum * 1e-17 {
        // pmf(i-1) = pmf(i) * i / (n - i + 1) * (1 - p) / p
        term *= i as f64 / (n - i + 1) as f64 * (1.0 - p) / p;
        sum += term;
        i -= 1;
    }
    sum.min(1.0)
}

/// P(X >= k), summed term by term outward from k (see [`lower_tail`]).
fn upper_tail(b: &Binomial, k: u64) -> f64 {
    let (n, p) = (b.n(), b.p());
    let mut term = b.ln_pmf(k).exp();
    let mut sum = term;
    let mut i = k;
    while i < n && term > sum * 1e-17 {
        // pmf(i+1) = pmf(i) * (n - i) / (i + 1) * p / (1 - p)
        term *= (n - i) as f64 / (i + 1) as f64 * p / (1.0 - p);
        sum += term;
        i += 1;
    }
    sum.min(1.0)
}

/// Holm's step-down adjustment: controls the family-wise error rate without assuming
/// independence. Returns adjusted p-values in the input order.
pub fn holm(p_values: &[f64]) -> Vec<f64> {
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let mut adjusted = vec![0.0; m];
    let mut running = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// Pearson's chi-square goodness-of-fit test of `counts` against equal expected counts:
/// (statistic, degrees of freedom, p-value).
pub fn chi_square_uniform(counts: &[u64]) -> (f64, u64, f64) {
    let k = counts.len();
    let total: u64 = counts.iter().sum();
    if k < 2 || total == 0 {
        // Nothing to compare: the statistic and its p-value are undefined.
        return (f64::NAN, k.saturating_sub(1) as u64, f64::NAN);
    }
    let expected = total as f64 / k as f64;
    let statistic: f64 = counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
    let df = (k - 1) as u64;
    let dist = ChiSquared::new(df as f64).expect("df >= 1");
    (statistic, df, dist.sf(statistic))
}

/// Wald's SPRT on a win share: H0 p = p0 against H1 p = p1, with error rates alpha and beta.
/// A match contributes its share x in [0, 1] (a shared win counts as a fraction, the usual
/// treatment of draws as half points in chess testing).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sprt {
    pub p0: f64,
    pub p1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// The SPRT's state after some matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SprtDecision {
    AcceptH0,
    AcceptH1,
    Continue,
}

impl Sprt {
    /// Lower and upper log-likelihood-ratio bounds: ln(beta/(1-alpha)), ln((1-beta)/alpha).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio after `shares` total win share in `n` matches.
    pub fn llr(&self, shares: f64, n: u64) -> f64 {
        shares * (self.p1 / self.p0).ln()
            + (n as f64 - shares) * ((1.0 - self.p1) / (1.0 - self.p0)).ln()
    }

    pub fn decide(&self, shares: f64, n: u64) -> SprtDecision {
        let llr = self.llr(shares, n);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn binomial_test_hand_computed() {
        // n=5, p=1/2: P(0) = 1/32; outcomes as unlikely: 0 and 5.
        assert!(close(binomial_two_sided(0, 5, 0.5), 2.0 / 32.0, 1e-12));
        // x=1: P = 5/32; outcomes 0, 1, 4, 5: 12/32.
        assert!(close(binomial_two_sided(1, 5, 0.5), 12.0 / 32.0, 1e-12));
        assert!(close(binomial_two_sided(4, 5, 0.5), 12.0 / 32.0, 1e-12));
        // Asymmetric, n=3, p=0.2: pmf 0.512, 0.384, 0.096, 0.008.
        assert!(close(binomial_two_sided(3, 3, 0.2), 0.008, 1e-12));
        assert!(close(binomial_two_sided(2, 3, 0.2), 0.104, 1e-12));
        assert!(close(binomial_two_sided(0, 3, 0.2), 1.0, 1e-12));
        // R: binom.test(55, 100)$p.value = 0.3682.
        assert!(close(binomial_two_sided(55, 100, 0.5), 0.3682, 5e-5));
        // Far in a tail with p != 1/2: against direct summation of every outcome.
        let brute = {
            let b = Binomial::new(0.25, 100).unwrap();
            let d = b.pmf(10) * (1.0 + 1e-7);
            (0..=100).map(|k| b.pmf(k)).filter(|&q| q <= d).sum::<f64>()
        };
        assert!(close(binomial_two_sided(10, 100, 0.25), brute, 1e-12));
    }

    #[test]
    fn binomial_test_matches_brute_force_everywhere() {
        for (n, p) in [(7u64, 0.3), (20, 0.5), (33, 1.0 / 3.0), (50, 0.125)] {
            let b = Binomial::new(p, n).unwrap();
            for x in 0..=n {
                let d = b.pmf(x) * (1.0 + 1e-7);
                let brute: f64 = (0..=n).map(|k| b.pmf(k)).filter(|&q| q <= d).sum();
                let fast = binomial_two_sided(x, n, p);
                assert!(close(fast, brute.min(1.0), 1e-9), "n={n} p={p} x={x}: {fast} vs {brute}");
            }
        }
    }

    #[test]
    fn binomial_test_is_accurate_for_huge_n() {
        // x at the mean: p = 1. One below the mean with n = 1e7: every outcome but the mode
        // is as unlikely, so p = 1 - pmf(mean), and pmf(mean) ≈ 1/sqrt(2π n p q).
        assert_eq!(binomial_two_sided(5_000_000, 10_000_000, 0.5), 1.0);
        let p = binomial_two_sided(4_999_999, 10_000_000, 0.5);
        let pmf_mean = 1.0 / (2.0 * std::f64::consts::PI * 2.5e6).sqrt();
        assert!((p - (1.0 - pmf_mean)).abs() < 1e-7, "{p}");
        // Three standard deviations out (sd = 1581.1): two-sided normal tail 0.0027.
        let p = binomial_two_sided(5_000_000 - 4_743, 10_000_000, 0.5);
        assert!((p - 0.0027).abs() < 1e-4, "{p}");
    }

    #[test]
    fn holm_hand_computed() {
        let adjusted = holm(&[0.01, 0.04, 0.03]);
        let expected = [0.03, 0.06, 0.06];
        for (a, e) in adjusted.iter().zip(expected) {
            assert!(close(*a, e, 1e-12), "{adjusted:?}");
        }
        assert_eq!(holm(&[0.5, 0.9]), vec![1.0, 1.0]);
    }

    #[test]
    fn chi_square_hand_computed() {
        // Counts 30, 20, 10 against 20 each: X² = 10 on 2 df, p = exp(-5).
        let (x2, df, p) = chi_square_uniform(&[30, 20, 10]);
        assert!(close(x2, 10.0, 1e-12) && df == 2 && close(p, (-5.0f64).exp(), 1e-9), "{p}");
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let s = Sprt { p0: 0.5, p1: 0.55, alpha: 0.05, beta: 0.05 };
        let (lo, hi) = s.bounds();
        assert!(close(hi, 19f64.ln(), 1e-12) && close(lo, -(19f64.ln()), 1e-12));
        assert_eq!(s.decide(50.0, 100), SprtDecision::Continue);
        assert_eq!(s.decide(5600.0, 10_000), SprtDecision::AcceptH1);
        assert_eq!(s.decide(4900.0, 10_000), SprtDecision::AcceptH0);
    }
}
