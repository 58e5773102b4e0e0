//! Confidence intervals for proportions and means. Every figure the arena reports carries
//! one, and the method is named in the CSV and the README.

use statrs::distribution::{Beta, ContinuousCDF, Normal};

/// The two-sided normal quantile for a confidence level (0.95 -> 1.959964).
pub fn z_for(confidence: f64) -> f64 {
    let normal = Normal::new(0.0, 1.0).expect("standard normal");
    normal.inverse_cdf(1.0 - (1.0 - confidence) / 2.0)
}

/// The Wilson score interval for `successes` out of `n` (successes may be fractional when
/// shared wins count as shares). Good coverage even near 0 and 1, unlike the Wald interval.
pub fn wilson(successes: f64, n: u64, confidence: f64) -> (f64, f64) {
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let n = n as f64;
    wilson_share(successes / n, n, confidence)
}

/// Wilson's interval for a share `p` observed on `n` trials, where `n` may be fractional (an
/// effective sample size after a design effect) but must be positive.
pub fn wilson_share(p: f64, n: f64, confidence: f64) -> (f64, f64) {
    let z = z_for(confidence);
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Clopper-Pearson ("exact") interval for `successes` out of `n`, from Beta quantiles.
/// Conservative: its coverage is never below the nominal level.
pub fn clopper_pearson(successes: u64, n: u64, confidence: f64) -> (f64, f64) {
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let alpha = 1.0 - confidence;
    let x = successes as f64;
    let n_f = n as f64;
    let low = if successes == 0 {
        0.0
    } else {
        Beta::new(x, n_f - x + 1.0).expect("beta").inverse_cdf(alpha / 2.0)
    };
    let high = if successes == n {
        1.0
    } else {
        Beta::new(x + 1.0, n_f - x).expect("beta").inverse_cdf(1.0 - alpha / 2.0)
    };
    (low, high)
}

/// A normal-approximation interval for a mean: mean ± z·sd/√n.
pub fn normal_mean(mean: f64, sd: f64, n: u64, confidence: f64) -> (f64, f64) {
    if n < 2 {
        return (f64::NAN, f64::NAN);
    }
    let half = z_for(confidence) * sd / (n as f64).sqrt();
    (mean - half, mean + half)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clopper_pearson_55_of_100_matches_published() {
        let (lo, hi) = clopper_pearson(55, 100, 0.95);
        assert!((lo - 0.4473).abs() < 5e-5 && (hi - 0.6497).abs() < 5e-5, "{lo} {hi}");
    }

    #[test]
    fn wilson_matches_textbook() {
        // Newcombe (1998), Statistics in Medicine 17:857, example: 81/263 -> 0.2553 to 0.3662.
        let (lo, hi) = wilson(81.0, 263, 0.95);
        assert!((lo - 0.2553).abs() < 5e-5 && (hi - 0.3662).abs() < 5e-5, "{lo} {hi}");
        assert!((z_for(0.95) - 1.959964).abs() < 1e-6);
    }
}
