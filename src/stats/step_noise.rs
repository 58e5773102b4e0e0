//! Whether a search's steps could tell their values apart. Each step of `arena tune`'s SPSA
//! search plays two sets of values (θ + cΔ and θ − cΔ) on the same matches and moves by the
//! difference of their objectives; when that difference is mostly the matches' noise, the
//! search is a random walk and its proposal means nothing, however confident its numbers look.
//!
//! Method (split halves): every step's matches are played as two halves (the same matches,
//! the same tallies once merged), and the objective's change between the step's two sides
//! is measured on each half, `h1` and `h2`. The halves' noises are independent and alike:
//!
//! - **noise** of a whole step's change: E[(h1 − h2)²] = 2·Var(half) = 4·Var(whole), so
//!   `noise² = mean over steps of (h1 − h2)² / 4`;
//! - **change** the values themselves produce: E[h1·h2] = E[h1]·E[h2], the square of the
//!   true change (no noise term, the halves being independent), so
//!   `change² = mean over steps of h1·h2`: root mean square over the steps, since each step
//!   moves in its own direction. A change² estimated at or below zero was not seen above
//!   the noise at all; its one-sided 95% upper bound then sets the advice below.
//!
//! The steps are **too small** when the change is below the noise. The advice: the matches
//! per step at which a step's change would be 2.8 times its noise, what a two-sided 5% test
//! of one step's change needs for 80% power (z 1.96 + 0.84), the noise falling as
//! 1/√matches: `matches × (2.8 · noise / change)²`.

use statrs::distribution::{ContinuousCDF, Normal};

use crate::stats::verdict::round_count;

/// How far a step's change must stand above its noise to be told with 80% power by a
/// two-sided test at 5%: z(0.975) + z(0.80).
fn power_z() -> f64 {
    let normal = Normal::new(0.0, 1.0).expect("standard normal");
    normal.inverse_cdf(0.975) + normal.inverse_cdf(0.80)
}

/// The most matches per step ever advised (past it the advice says "more than").
const MOST_ADVISED: f64 = 1e12;

/// What a search's steps measured of their own objective, in the objective's unit.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct StepNoise {
    /// Steps whose both halves gave a finite change.
    pub steps: usize,
    /// Matches each evaluation of a step played.
    pub matches: u64,
    /// The change the values produce between a step's two sides (root mean square over the
    /// steps), estimated free of the noise; 0 when not seen above it.
    pub change: f64,
    /// The standard deviation of a whole step's change from the matches' noise.
    pub noise: f64,
    /// Matches per step at which a step's change would be 2.8 times its noise; `None` when
    /// the change was not seen and too few steps bound it.
    pub advised: Option<u64>,
    /// Whether `advised` is a least count (from an upper bound on an unseen change).
    pub advised_at_least: bool,
}

impl StepNoise {
    /// The steps' noise swamps the change their values produce.
    pub fn swamped(&self) -> bool {
        self.change < self.noise
    }
}

/// The steps' change and noise from each step's change measured on its two halves
/// (`[h1, h2]`, halves with no finite figure left out), each half of `matches / 2` matches;
/// `None` when no step has both.
pub fn step_noise(halves: &[[f64; 2]], matches: u64) -> Option<StepNoise> {
    let pairs: Vec<[f64; 2]> =
        halves.iter().copied().filter(|h| h[0].is_finite() && h[1].is_finite()).collect();
    if pairs.is_empty() {
        return None;
    }
    let k = pairs.len() as f64;
    let noise = (pairs.iter().map(|h| (h[0] - h[1]).powi(2)).sum::<f64>() / (4.0 * k)).sqrt();
    let products: Vec<f64> = pairs.iter().map(|h| h[0] * h[1]).collect();
    let change_sq = products.iter().sum::<f64>() / k;
    let change = change_sq.max(0.0).sqrt();
    // An unseen change is bounded above to say at least how many matches a step would
    // need: one-sided 95% from the products' standard error over the steps, counted from 0
    // rather than from a negative estimate (a larger bound, so a smaller, still safe, least
    // count).
    let bound_sq = if change_sq > 0.0 {
        Some(change_sq)
    } else if pairs.len() >= 2 {
        let sd = (products.iter().map(|p| (p - change_sq).powi(2)).sum::<f64>() / (k - 1.0)).sqrt();
        let up = 1.645 * sd / k.sqrt();
        (up > 0.0).then_some(up)
    } else {
        None
    };
    let advised = bound_sq.map(|c2| {
        let n = matches as f64 * power_z().powi(2) * noise * noise / c2;
        n.clamp(1.0, MOST_ADVISED).ceil() as u64
    });
    Some(StepNoise {
        steps: pairs.len(),
        matches,
        change,
        noise,
        advised,
        advised_at_least: change_sq <= 0.0,
    })
}

/// `x` with two significant digits ("0.043", "1.2", "12").
pub fn two_digits(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x:.1}");
    }
    let decimals = (1 - x.abs().log10().floor() as i32).clamp(0, 6) as usize;
    format!("{x:.decimals$}")
}

/// The advice in words: "about 240,000 matches per step", "at least ..., perhaps far
/// more,", or, with nothing
/// to go on, "far more matches per step".
fn advice(s: &StepNoise) -> String {
    match s.advised {
        Some(n) if n as f64 >= MOST_ADVISED => {
            format!("more than {} matches per step", round_count(MOST_ADVISED as u64))
        }
        // A least count from an unseen change: the true need may be far above it.
        Some(n) if s.advised_at_least => {
            format!("at least {} matches per step, perhaps far more,", round_count(n))
        }
        Some(n) => format!("about {} matches per step", round_count(n)),
        None => "far more matches per step".to_string(),
    }
}

/// The steps' line: `plain` for stdout (a warning when the steps were too small), `whole`
/// with its method for the tuning's `verdict.txt`. `unit` is the objective's ("pp").
pub fn step_noise_said(s: &StepNoise, unit: &str) -> (String, String) {
    let moved = if s.change > 0.0 {
        format!("moved by about {} {unit}", two_digits(s.change))
    } else {
        "moved by no amount seen above the noise".to_string()
    };
    let figures = format!(
        "each step's objective {moved} while its noise was about {} {unit}",
        two_digits(s.noise)
    );
    let method = format!(
        "{} steps of {} matches, each played as two halves: noise² = mean (h1 − h2)²/4, change² = mean h1·h2, from the change between the step's two sides on each half; the advice makes a step's change 2.8 times its noise (a two-sided 5% test with 80% power), noise falling as 1/√matches",
        s.steps, s.matches
    );
    if s.swamped() {
        let plain = format!(
            "Warning: the search's steps were too small to tell the values apart: {figures}; {} would do (--step-matches), and until then its proposal is noise.",
            advice(s)
        );
        let whole = format!(
            "Warning: the search's steps were too small to tell the values apart: {figures}; {} would do (--step-matches), and until then its proposal is noise ({method}).",
            advice(s)
        );
        (plain, whole)
    } else if s.change < power_z() * s.noise {
        // Above the noise but short of what one step's test would find with 80% power: the
        // proposal leans on the averaging over steps, and more matches per step would firm it.
        let found = format!(
            "The search's steps moved the objective only a little above their noise: {figures}, under the 2.8 times its noise at which one step's change is found; {} would",
            advice(s)
        );
        (format!("{found}."), format!("{found} ({method})."))
    } else {
        let found = format!("The search's steps told their values apart: {figures}");
        (format!("{found}."), format!("{found} ({method})."))
    }
}

/// The steps' line when no step could be measured on both halves (a half without a match,
/// or without the figure the objective needs): as [`step_noise_said`], `(plain, whole)`.
pub fn unmeasured_said(steps: usize, matches: u64) -> (String, String) {
    let of = if matches == 1 { "1 match".to_string() } else { format!("{matches} matches") };
    let found = format!(
        "Warning: the search's steps were too small to tell the values apart: none of its {steps} steps of {of} had matches enough to measure its objective on both halves; far more matches per step would do (--step-matches), and until then its proposal is noise"
    );
    (
        format!("{found}."),
        format!(
            "{found} (each step played as two halves, its noise measured from their difference)."
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps whose halves each see `change` plus noise of standard deviation `half_sd`
    /// (a fixed pseudo-random sequence), signs alternating as SPSA's random directions do.
    fn steps(change: f64, half_sd: f64, k: usize) -> Vec<[f64; 2]> {
        let mut state = 7u64;
        let mut normal = || {
            // Box-Muller from a linear congruential stream: reproducible, no dependency.
            let mut u = || {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((state >> 11) as f64 + 0.5) / (1u64 << 53) as f64
            };
            let (a, b) = (u(), u());
            (-2.0 * a.ln()).sqrt() * (2.0 * std::f64::consts::PI * b).cos()
        };
        (0..k)
            .map(|i| {
                let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
                [sign * change + half_sd * normal(), sign * change + half_sd * normal()]
            })
            .collect()
    }

    #[test]
    fn noise_that_swamps_the_change_is_said_with_the_matches_that_would_do() {
        // A whole step's noise is half_sd/√2 = 0.71; the true change 0.05.
        let s = step_noise(&steps(0.05, 1.0, 400), 2_000).unwrap();
        assert!((s.noise - 0.707).abs() < 0.07, "{s:?}");
        assert!(s.change < 0.3, "{s:?}");
        assert!(s.swamped(), "{s:?}");
        // Noise 0.71 against a change of at most about 0.2: far more than 2,000 matches.
        let n = s.advised.unwrap();
        assert!(n > 50_000, "{s:?}");
        let (plain, whole) = step_noise_said(&s, "pp");
        assert!(
            plain.starts_with("Warning: the search's steps were too small to tell the values apart: each step's objective moved by "),
            "{plain}"
        );
        assert!(plain.contains(" while its noise was about 0.7"), "{plain}");
        assert!(
            plain.contains(" matches per step") && plain.contains(" would do (--step-matches)"),
            "{plain}"
        );
        assert!(whole.contains("two-sided 5% test with 80% power"), "{whole}");
    }

    #[test]
    fn a_change_well_above_the_noise_raises_no_warning() {
        let s = step_noise(&steps(2.0, 0.3, 30), 20_000).unwrap();
        assert!((s.change - 2.0).abs() < 0.2, "{s:?}");
        assert!(!s.swamped(), "{s:?}");
        // Already past 2.8 times the noise: the advice is fewer matches than were played.
        assert!(s.advised.unwrap() < 20_000, "{s:?}");
        let (plain, _) = step_noise_said(&s, "turns");
        assert!(
            plain.starts_with(
                "The search's steps told their values apart: each step's objective moved by about 2"
            ),
            "{plain}"
        );
        assert!(!plain.contains("Warning"), "{plain}");
    }

    #[test]
    fn a_change_between_the_noise_and_its_detectable_size_is_said_to_be_small() {
        // A change 1.5 times the noise: no warning, but not "told apart" either.
        let s = StepNoise {
            steps: 30,
            matches: 2_000,
            change: 1.5,
            noise: 1.0,
            advised: Some(6_970),
            advised_at_least: false,
        };
        assert!(!s.swamped());
        let (plain, _) = step_noise_said(&s, "pp");
        assert!(
            plain.starts_with(
                "The search's steps moved the objective only a little above their noise"
            ),
            "{plain}"
        );
        assert!(
            !plain.contains("told their values apart") && !plain.contains("Warning"),
            "{plain}"
        );
    }

    /// The advice scales as the noise's square over the change's: an exact case by hand, and
    /// a change not seen at all, whose advice is a least count.
    #[test]
    fn the_advice_follows_the_square_of_the_noise_over_the_change() {
        // Halves [1.2, 0.8] and [-0.8, -1.2]: noise² = (0.16 + 0.16)/2/4 = 0.04, change² =
        // (0.96 + 0.96)/2 = 0.96; advice 1000 × 2.8016² × 0.04 / 0.96 = 327.04, rounded up.
        let s = step_noise(&[[1.2, 0.8], [-0.8, -1.2]], 1_000).unwrap();
        assert!((s.noise - 0.2).abs() < 1e-12 && (s.change - 0.96f64.sqrt()).abs() < 1e-12);
        assert_eq!(s.advised, Some(328), "{s:?}");
        assert!(!s.advised_at_least);
        // The halves disagreeing in sign: no change seen, the advice a least count.
        let s = step_noise(&[[1.0, -1.0], [-1.0, 0.9], [0.2, -0.1]], 1_000).unwrap();
        assert_eq!(s.change, 0.0, "{s:?}");
        assert!(s.swamped() && s.advised_at_least, "{s:?}");
        let (plain, _) = step_noise_said(&s, "pp");
        assert!(plain.contains("each step's objective moved by no amount seen above the noise while its noise was about "), "{plain}");
        assert!(plain.contains("; at least "), "{plain}");
        // One step alone bounds nothing: the advice has no count.
        let s = step_noise(&[[1.0, -1.0]], 1_000).unwrap();
        assert_eq!(s.advised, None);
        assert!(step_noise_said(&s, "pp").0.contains("; far more matches per step would do"));
        // Halves with no figure (a half without a match) are left out; with none left, the
        // steps are still said to be too small.
        assert!(step_noise(&[[f64::NAN, 1.0]], 1).is_none());
        assert!(unmeasured_said(2, 1).0.starts_with("Warning: the search's steps were too small"));
    }

    #[test]
    fn two_significant_digits() {
        assert_eq!(two_digits(0.04321), "0.043");
        assert_eq!(two_digits(1.234), "1.2");
        assert_eq!(two_digits(12.34), "12");
        assert_eq!(two_digits(0.0), "0.0");
    }
}
