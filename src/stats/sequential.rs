//! Group-sequential boundaries: the levels that keep a test's error rate at its nominal
//! value when the data are looked at again and again (every `--check-every` matches) and
//! the run stops at the first look that decides. A test run at a fixed 5% at each of ten
//! looks wrongly rejects far more often than 5% of the time; these levels do not.
//!
//! The design is error spending (Lan & DeMets 1983, "Discrete sequential boundaries for
//! clinical trials", Biometrika 70): a spending function α(t) says how much of the test's
//! level may be used up by information fraction t (here: matches played over the run's cap,
//! `--matches`), and the boundary at each look is the one whose chance of a first crossing
//! there, under the null hypothesis, is exactly the newly spent α(t_k) − α(t_{k−1}). Those
//! chances are computed by the recursive numerical integration of Armitage, McPherson & Rowe
//! (1969), in the form of Jennison & Turnbull (2000), *Group Sequential Methods with
//! Applications to Clinical Trials*, ch. 19: the sub-density of the score S(t) (a Brownian
//! motion, the sum of the standardised observations) on the runs not yet stopped is carried
//! from look to look by a Gaussian convolution.
//!
//! arena spends with the Pocock-type function α·ln(1 + (e − 1)t) (Lan & DeMets 1983). A
//! designer's cap is a safety limit, not a plan: most runs stop long before it, where the
//! O'Brien-Fleming-type function (which saves nearly all of α for the end) would leave
//! almost nothing to decide with.

use std::sync::{Arc, Mutex};

use statrs::distribution::{ContinuousCDF, Normal};

use crate::stats::verdict::{self, Levels, Look};

/// The most looks a sequential design plans: each look's boundary is computed once per run
/// (a thousand take about 0.1 s per level in a release build, 2 s before the recursion was
/// windowed), and more looks buy almost nothing.
pub const MAX_LOOKS: u64 = 1_000;

/// The looks of a run that stops as soon as its verdict is decided (`--until-decided`): one
/// every `every` matches (whole deal groups), the last at the cap. The information fraction
/// of a look is its matches over the cap: the decisive share of matches is taken to stay
/// the same through the run, so matches stand in for decisive matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Design {
    pub every: u64,
    pub cap: u64,
}

impl Design {
    /// How many looks the design plans.
    pub fn looks(&self) -> u64 {
        self.cap.div_ceil(self.every.max(1))
    }

    /// The look taken after `played` matches (from 1; between two planned looks, the next:
    /// a run only asks at its looks, and a status line between them says so).
    pub fn look_at(&self, played: u64) -> u64 {
        played.div_ceil(self.every.max(1)).clamp(1, self.looks())
    }

    fn fractions(&self) -> Vec<f64> {
        (1..=self.looks())
            .map(|k| k.saturating_mul(self.every).min(self.cap) as f64 / self.cap as f64)
            .collect()
    }

    /// The verdict's levels at the look after `played` matches, for `seats` seats: each margin
    /// test spends 5% one-sided; the difference test 5% two-sided, split over the seats as the
    /// first step of Holm's procedure splits it (2.5% per side and seat, with two seats one
    /// test), so that the Holm-adjusted p-value of the top seat is compared with the seats'
    /// count times its nominal two-sided level.
    pub fn levels(&self, played: u64, seats: usize) -> Levels {
        // One look is the fixed design (all of α spent at once), and says so.
        if self.looks() == 1 {
            return Levels { until_decided: true, ..Levels::FIXED };
        }
        let k = self.look_at(played);
        let at = |alpha: f64| nominal_memo(alpha, *self)[(k - 1) as usize];
        let tests = verdict::tests(seats);
        Levels {
            margin: at(verdict::ALPHA),
            beyond: Some(at(verdict::ALPHA / tests)),
            difference: tests * 2.0 * at(verdict::ALPHA / (2.0 * tests)),
            look: Some(Look { index: k, of: self.looks() }),
            until_decided: true,
        }
    }
}

/// [`nominal_levels`] of `design` at `alpha`, computed once per process: a run asks at every
/// look, and the default experiment asks for each game.
fn nominal_memo(alpha: f64, design: Design) -> Arc<Vec<f64>> {
    type Memo = Vec<((u64, Design), Arc<Vec<f64>>)>;
    static MEMO: Mutex<Memo> = Mutex::new(Vec::new());
    let key = (alpha.to_bits(), design);
    // A poisoned memo still holds complete entries (each is pushed whole).
    let find = || {
        let memo = MEMO.lock().unwrap_or_else(|e| e.into_inner());
        memo.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone())
    };
    if let Some(hit) = find() {
        return hit;
    }
    let levels = Arc::new(nominal_levels(alpha, &design.fractions(), pocock_type));
    MEMO.lock().unwrap_or_else(|e| e.into_inner()).push((key, levels.clone()));
    levels
}

/// Spending function: how much of a one-sided level `alpha` is spent by information
/// fraction `t` (0 at t = 0, `alpha` at t = 1, increasing).
pub type Spending = fn(alpha: f64, t: f64) -> f64;

/// The Pocock-type spending function of Lan & DeMets (1983): α·ln(1 + (e − 1)t).
pub fn pocock_type(alpha: f64, t: f64) -> f64 {
    alpha * (1.0 + (std::f64::consts::E - 1.0) * t.clamp(0.0, 1.0)).ln()
}

/// Grid points per standard deviation of the smallest increment between looks: the
/// trapezoid rule on a Gaussian kernel this finely sampled is accurate to far below the
/// levels' third significant digit (the tests compare with published boundaries).
const POINTS_PER_SD: f64 = 6.0;

/// How far the grid reaches below 0, in standard deviations of S(t): the mass of the runs
/// left further down is below 1e-15.
const LOWER_REACH_SD: f64 = 8.0;

/// The kernel is cut off this many of its standard deviations from its centre.
const KERNEL_REACH_SD: f64 = 8.5;

/// A boundary past this is taken as never crossed (the spending left for a look is nil).
const NEVER: f64 = 40.0;

/// The one-sided critical values z_k of a group-sequential test of total one-sided level
/// `alpha`, for looks at the information fractions `fractions` (increasing, in (0, 1]):
/// the test stops and rejects at the first look whose standardised statistic Z_k is at
/// least z_k. The chance of that under the null hypothesis is `spend(alpha, last fraction)`.
pub fn boundaries(alpha: f64, fractions: &[f64], spend: Spending) -> Vec<f64> {
    let normal = Normal::new(0.0, 1.0).expect("standard normal");
    let upper = |x: f64| normal.sf(x);
    let mut out = Vec::with_capacity(fractions.len());
    // The sub-density of S at the previous look on its continuation region, on a uniform
    // grid ending exactly at that look's boundary (so the trapezoid rule meets no jump).
    let mut grid = Grid::default();
    let mut spent = 0.0;
    let mut previous_t = 0.0;
    for (k, &t) in fractions.iter().enumerate() {
        assert!(t > previous_t && t <= 1.0 + 1e-12, "information fractions must increase");
        let target = (spend(alpha, t) - spent).max(0.0);
        let delta = t - previous_t;
        let sd = delta.sqrt();
        let z = if k == 0 {
            if target <= 0.0 { NEVER } else { normal.inverse_cdf(1.0 - target).min(NEVER) }
        } else {
            // The chance of crossing first here at boundary c: the runs still going, times the
            // chance that the increment carries each past c·√t.
            let weighted = grid.weighted();
            let sums = Grid::running_sums(&weighted);
            let masses = (weighted.as_slice(), sums.as_slice());
            let crossing = |c: f64| grid.crossing_beyond(masses, c * t.sqrt(), sd, upper);
            solve_decreasing(crossing, target)
        };
        spent += if z >= NEVER { 0.0 } else { target };
        out.push(z);
        // Carry the density to this look's continuation region (not needed after the last).
        if k + 1 < fractions.len() {
            let next_delta = fractions[k + 1] - t;
            let step = sd.min(next_delta.sqrt()) / POINTS_PER_SD;
            // Above about 12 standard deviations the density is nil: no need to carry it.
            let top = z.min(12.0) * t.sqrt();
            let bottom = -LOWER_REACH_SD * t.sqrt();
            grid = if k == 0 {
                Grid::sampled(bottom, top, step, |x| normal_density(x, t.sqrt()))
            } else {
                grid.carried(bottom, top, step, sd)
            };
        }
        previous_t = t;
    }
    out
}

/// The nominal one-sided level at each look: the chance, under the null, of a statistic
/// at least that look's boundary if that look were the only one.
pub fn nominal_levels(alpha: f64, fractions: &[f64], spend: Spending) -> Vec<f64> {
    let normal = Normal::new(0.0, 1.0).expect("standard normal");
    boundaries(alpha, fractions, spend).into_iter().map(|z| normal.sf(z)).collect()
}

fn normal_density(x: f64, sd: f64) -> f64 {
    let u = x / sd;
    (-0.5 * u * u).exp() / (sd * (2.0 * std::f64::consts::PI).sqrt())
}

/// The `c` at which the decreasing function `f` equals `target`, by bisection on [-10, 40]
/// (the boundary of a look whose spending is nil, or out of reach, is [`NEVER`]).
fn solve_decreasing(f: impl Fn(f64) -> f64, target: f64) -> f64 {
    if target <= 0.0 || f(NEVER) >= target {
        return NEVER;
    }
    let (mut lo, mut hi) = (-10.0, NEVER);
    // 60 halvings of a 50-wide bracket: far finer than any level is reported.
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > target { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

/// A function sampled on the uniform grid `top - i·step`, i = 0..len, integrated by the
/// trapezoid rule.
#[derive(Default)]
struct Grid {
    top: f64,
    step: f64,
    values: Vec<f64>,
}

impl Grid {
    fn sampled(bottom: f64, top: f64, step: f64, f: impl Fn(f64) -> f64) -> Grid {
        let len = (((top - bottom) / step).ceil() as usize).max(1) + 1;
        let values = (0..len).map(|i| f(top - i as f64 * step)).collect();
        Grid { top, step, values }
    }

    /// Each point's value times its trapezoid weight (half at both ends).
    fn weighted(&self) -> Vec<f64> {
        let last = self.values.len().saturating_sub(1);
        let half = |i: usize| if i == 0 || i == last { 0.5 } else { 1.0 };
        self.values.iter().enumerate().map(|(i, v)| half(i) * v).collect()
    }

    /// The indices `first..=end` of the points within `reach` of `x` (clamped to the grid),
    /// the same window [`Grid::integrate`] sums over; `None` when no point is.
    fn window(&self, x: f64, reach: f64) -> Option<(usize, usize)> {
        let last = self.values.len().checked_sub(1)? as f64;
        let from_top = (self.top - x) / self.step;
        let width = reach / self.step;
        let first = (from_top - width).floor().max(0.0);
        let end = (from_top + width).ceil().min(last);
        (first < end).then_some((first as usize, end as usize))
    }

    /// The running sums of the weighted values, `[0, w0, w0 + w1, ...]`: the mass of the
    /// points above any index is one lookup.
    fn running_sums(weighted: &[f64]) -> Vec<f64> {
        std::iter::once(0.0)
            .chain(weighted.iter().scan(0.0, |total, w| {
                *total += w;
                Some(*total)
            }))
            .collect()
    }

    /// ∫ density(y)·P(y + increment ≥ edge) dy, the increment normal with standard deviation
    /// `sd` and `upper` the standard normal's upper tail: the chance of a first crossing at
    /// `edge`. `weighted` and `sums` are this grid's [`Grid::weighted`] values and their
    /// [`Grid::running_sums`]. Only the points within the kernel's reach of the edge need the
    /// tail; those above it cross for certain (their tail is 1 to within 1e-17) and those
    /// below never, so each step of a look's bisection costs a window of about a hundred
    /// points, not the whole grid.
    fn crossing_beyond(
        &self,
        (weighted, sums): (&[f64], &[f64]),
        edge: f64,
        sd: f64,
        upper: impl Fn(f64) -> f64,
    ) -> f64 {
        let Some((first, end)) = self.window(edge, sd * KERNEL_REACH_SD) else {
            // No point near the edge: all above it, or all below.
            let total = sums.last().copied().unwrap_or(0.0);
            return if self.top - edge > 0.0 { total * self.step } else { 0.0 };
        };
        let near: f64 = (first..=end)
            .map(|i| weighted[i] * upper((edge - (self.top - i as f64 * self.step)) / sd))
            .sum();
        (sums[first] + near) * self.step
    }

    /// The density one normal increment of standard deviation `sd` later, sampled on the grid
    /// from `top` down to `bottom` by `step`: each point the convolution of this grid with the
    /// increment's kernel. On equally spaced looks the new grid has this grid's step, so every
    /// point sees the same kernel at the same offsets: it is evaluated once per look instead
    /// of once per pair of points (a thousand looks then take a fraction of a second, not
    /// seconds per level).
    fn carried(&self, bottom: f64, top: f64, step: f64, sd: f64) -> Grid {
        let reach = sd * KERNEL_REACH_SD;
        // Equal looks' steps agree to rounding (k·every/cap in floating point), not always
        // bit for bit: within 1e-12 the shared kernel is off by far less than it resolves.
        if (step - self.step).abs() > 1e-12 * step || self.values.is_empty() {
            return Grid::sampled(bottom, top, step, |x| {
                self.integrate(|y| normal_density(x - y, sd), reach, Some(x))
            });
        }
        let len = (((top - bottom) / step).ceil() as usize).max(1) + 1;
        let weighted = self.weighted();
        let last = weighted.len() as i64 - 1;
        // x_i − y_j = shift + (j − i)·step, with shift = top − self.top.
        let shift = top - self.top;
        let lowest = ((-reach - shift) / step).floor() as i64;
        let highest = ((reach - shift) / step).ceil() as i64;
        let kernel: Vec<f64> =
            (lowest..=highest).map(|d| normal_density(shift + d as f64 * step, sd)).collect();
        let values = (0..len as i64)
            .map(|i| {
                let from = (i + lowest).max(0);
                let to = (i + highest).min(last);
                let sum: f64 = (from..=to)
                    .map(|j| weighted[j as usize] * kernel[(j - i - lowest) as usize])
                    .sum();
                sum * step
            })
            .collect();
        Grid { top, step, values }
    }

    /// ∫ density(y)·g(y) dy over the grid, or, with `centre`, over the points within
    /// `reach` of it (where the kernel `g` lives).
    fn integrate(&self, g: impl Fn(f64) -> f64, reach: f64, centre: Option<f64>) -> f64 {
        let last = self.values.len().saturating_sub(1);
        let (first, end) = match centre {
            None => (0, last),
            Some(x) => {
                let from_top = (self.top - x) / self.step;
                let width = reach / self.step;
                let first = (from_top - width).floor().max(0.0) as usize;
                let end = ((from_top + width).ceil().max(0.0) as usize).min(last);
                if first >= end {
                    return 0.0;
                }
                (first, end)
            }
        };
        let mut sum = 0.0;
        for i in first..=end {
            let y = self.top - i as f64 * self.step;
            let weight = if i == 0 || i == last { 0.5 } else { 1.0 };
            sum += weight * self.values[i] * g(y);
        }
        sum * self.step
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The O'Brien-Fleming-type spending function of Lan & DeMets (1983), for comparison with
    /// published boundaries: 2 − 2Φ(z_{1−α/2}/√t).
    fn obrien_fleming_type(alpha: f64, t: f64) -> f64 {
        let normal = Normal::new(0.0, 1.0).unwrap();
        2.0 * normal.sf(normal.inverse_cdf(1.0 - alpha / 2.0) / t.sqrt())
    }

    fn equal(k: usize) -> Vec<f64> {
        (1..=k).map(|i| i as f64 / k as f64).collect()
    }

    /// [`boundaries`] as first written: every bisection step integrates the whole grid, and
    /// every point of a carried grid evaluates its own kernel. Slow, and plainly the
    /// recursion; the fast form must agree with it.
    fn boundaries_by_the_whole_grid(alpha: f64, fractions: &[f64]) -> Vec<f64> {
        let normal = Normal::new(0.0, 1.0).unwrap();
        let (mut grid, mut out) = (Grid::default(), Vec::new());
        let (mut spent, mut previous_t) = (0.0, 0.0);
        for (k, &t) in fractions.iter().enumerate() {
            let target = (pocock_type(alpha, t) - spent).max(0.0);
            let sd = (t - previous_t).sqrt();
            let z = if k == 0 {
                normal.inverse_cdf(1.0 - target)
            } else {
                let crossing = |c: f64| {
                    let tail = |y: f64| normal.sf((c * t.sqrt() - y) / sd);
                    grid.integrate(tail, sd * KERNEL_REACH_SD, None)
                };
                solve_decreasing(crossing, target)
            };
            spent += if z >= NEVER { 0.0 } else { target };
            out.push(z);
            if k + 1 < fractions.len() {
                let step = sd.min((fractions[k + 1] - t).sqrt()) / POINTS_PER_SD;
                let (top, bottom) = (z.min(12.0) * t.sqrt(), -LOWER_REACH_SD * t.sqrt());
                let reach = sd * KERNEL_REACH_SD;
                grid = if k == 0 {
                    Grid::sampled(bottom, top, step, |x| normal_density(x, t.sqrt()))
                } else {
                    Grid::sampled(bottom, top, step, |x| {
                        grid.integrate(|y| normal_density(x - y, sd), reach, Some(x))
                    })
                };
            }
            previous_t = t;
        }
        out
    }

    #[test]
    fn the_windowed_recursion_gives_the_whole_grids_boundaries() {
        // 120 looks every 1,000 matches to a cap of 119,500 (the last look shorter, where the
        // carried grid's step changes), at the margin's and a split difference level.
        let fractions: Vec<f64> =
            (1..=120u64).map(|k| (k * 1_000).min(119_500) as f64 / 119_500.0).collect();
        for alpha in [0.05, 0.05 / 6.0] {
            let fast = boundaries(alpha, &fractions, pocock_type);
            let whole = boundaries_by_the_whole_grid(alpha, &fractions);
            for (k, (a, b)) in fast.iter().zip(&whole).enumerate() {
                assert!((a - b).abs() < 1e-9, "alpha {alpha}, look {}: {a} vs {b}", k + 1);
            }
        }
    }

    #[test]
    fn one_look_is_the_fixed_test() {
        let z = boundaries(0.05, &[1.0], pocock_type);
        assert!((z[0] - 1.644854).abs() < 1e-5, "{z:?}");
    }

    #[test]
    fn five_equal_looks_match_the_published_obrien_fleming_type_boundaries() {
        // Lan-DeMets O'Brien-Fleming-type spending, one-sided 0.025, five equally spaced
        // looks: 4.877, 3.357, 2.680, 2.290, 2.031 (Jennison & Turnbull 2000, table 7.6;
        // the same in R's ldbounds and gsDesign).
        let z = boundaries(0.025, &equal(5), obrien_fleming_type);
        for (got, want) in z.iter().zip([4.877, 3.357, 2.680, 2.290, 2.031]) {
            assert!((got - want).abs() < 0.002, "{z:?}");
        }
    }

    #[test]
    fn five_equal_looks_match_the_published_pocock_type_boundaries() {
        // Lan-DeMets Pocock-type spending, one-sided 0.025, five equally spaced looks:
        // 2.438, 2.427, 2.410, 2.397, 2.386 (gsDesign's sfLDPocock).
        let z = boundaries(0.025, &equal(5), pocock_type);
        for (got, want) in z.iter().zip([2.438, 2.427, 2.410, 2.397, 2.386]) {
            assert!((got - want).abs() < 0.002, "{z:?}");
        }
    }

    #[test]
    fn a_simulated_brownian_motion_crosses_as_often_as_spent() {
        // Ten unequal looks, 200,000 simulated paths under the null: the share crossing at
        // any look is α within three standard errors, while testing each look at the fixed
        // level crosses far more often.
        use rand::RngExt;
        let fractions = [0.05, 0.1, 0.2, 0.3, 0.45, 0.5, 0.6, 0.8, 0.9, 1.0];
        let z = boundaries(0.05, &fractions, pocock_type);
        let normal = Normal::new(0.0, 1.0).unwrap();
        let mut rng = crate::core::rng_from_seed(7);
        let (runs, mut crossed, mut naive) = (200_000, 0u32, 0u32);
        for _ in 0..runs {
            let (mut s, mut before) = (0.0, 0.0);
            let (mut stopped, mut naive_stopped) = (false, false);
            for (k, &t) in fractions.iter().enumerate() {
                let u: f64 = rng.random::<f64>().clamp(1e-300, 1.0 - 1e-16);
                s += normal.inverse_cdf(u) * (t - before).sqrt();
                before = t;
                let zk = s / t.sqrt();
                stopped |= zk >= z[k];
                naive_stopped |= zk >= 1.644854;
            }
            crossed += stopped as u32;
            naive += naive_stopped as u32;
        }
        let share = crossed as f64 / runs as f64;
        let se = (0.05f64 * 0.95 / runs as f64).sqrt();
        assert!((share - 0.05).abs() < 3.0 * se, "crossed {share}, boundaries {z:?}");
        assert!(naive as f64 / runs as f64 > 0.12, "the fixed level at ten looks: {naive}");
    }

    /// The chance, under the null, that a test at the fixed critical value `c` rejects at one
    /// of the looks at `fractions` at least: one-sided (Z_k ≥ c) or two-sided (|Z_k| ≥ c). The
    /// recursion of [`boundaries`] on a grid four times finer (for the third digit of a
    /// two-sided rate, whose density is cut at both edges); a two-sided test's runs still
    /// going lie between −c·√t and c·√t, and the grid ends exactly at both edges.
    fn crossed_at_a_fixed_level(c: f64, fractions: &[f64], two_sided: bool) -> f64 {
        let normal = Normal::new(0.0, 1.0).unwrap();
        let mut grid = Grid::default();
        let (mut crossed, mut previous_t) = (0.0, 0.0);
        for (k, &t) in fractions.iter().enumerate() {
            let sd = (t - previous_t).sqrt();
            let edge = c * t.sqrt();
            // The chance that a run at y before this look's increment ends beyond the edge(s).
            let beyond = |y: f64| {
                normal.sf((edge - y) / sd)
                    + if two_sided { normal.cdf((-edge - y) / sd) } else { 0.0 }
            };
            crossed += if k == 0 {
                beyond(0.0)
            } else {
                grid.integrate(beyond, sd * KERNEL_REACH_SD, None)
            };
            if k + 1 < fractions.len() {
                let bottom = if two_sided { -edge } else { -LOWER_REACH_SD * t.sqrt() };
                let fine = sd.min((fractions[k + 1] - t).sqrt()) / (4.0 * POINTS_PER_SD);
                let steps = ((edge - bottom) / fine).ceil().max(1.0) as usize;
                let step = (edge - bottom) / steps as f64;
                let reach = sd * KERNEL_REACH_SD;
                let values = (0..=steps)
                    .map(|i| {
                        let x = edge - i as f64 * step;
                        if k == 0 {
                            normal_density(x, t.sqrt())
                        } else {
                            grid.integrate(|y| normal_density(x - y, sd), reach, Some(x))
                        }
                    })
                    .collect();
                grid = Grid { top: edge, step, values };
            }
            previous_t = t;
        }
        crossed
    }

    #[test]
    fn twenty_unadjusted_looks_find_a_wrong_answer_21_or_25_percent_of_the_time() {
        // The guide (first-player-advantage.md, "--until-decided"): a test at a fixed 5%
        // looked at twenty times, equally spaced, under the null. One-sided (z ≥ 1.645, as
        // the margin tests) 21.4%; two-sided (|z| ≥ 1.96, as "a seat differs") 24.8%, the
        // 0.248 of Armitage, McPherson & Rowe (1969, J. R. Statist. Soc. A 132; tabulated
        // in Jennison & Turnbull 2000, ch. 1). Neither is 23%.
        let (one, two) = (1.644_854, 1.959_964);
        let one_sided = crossed_at_a_fixed_level(one, &equal(20), false);
        let two_sided = crossed_at_a_fixed_level(two, &equal(20), true);
        eprintln!("twenty looks at 5%: one-sided {one_sided:.4}, two-sided {two_sided:.4}");
        assert!((one_sided - 0.2145).abs() < 0.0005, "one-sided {one_sided}");
        assert!((two_sided - 0.2479).abs() < 0.0005, "two-sided {two_sided}");
        assert!((one_sided - 0.23).abs() > 0.01 && (two_sided - 0.23).abs() > 0.01);
        // One look is the fixed test, and five looks two-sided are the published 0.142.
        assert!((crossed_at_a_fixed_level(one, &[1.0], false) - 0.05).abs() < 1e-6);
        assert!((crossed_at_a_fixed_level(two, &[1.0], true) - 0.05).abs() < 1e-6);
        assert!((crossed_at_a_fixed_level(two, &equal(5), true) - 0.142).abs() < 0.001);

        // The same by simulation: 100,000 Brownian paths (fixed seed) within four standard
        // errors, so the recursion is not checked only against itself.
        use rand::RngExt;
        let mut rng = crate::core::rng_from_seed(20);
        let (runs, mut one_hit, mut two_hit) = (100_000u32, 0u32, 0u32);
        let mut normals = std::iter::from_fn(|| {
            // Box-Muller: two independent standard normals from two uniforms.
            let u: f64 = 1.0 - rng.random::<f64>();
            let v: f64 = rng.random::<f64>();
            let r = (-2.0 * u.ln()).sqrt();
            let a = 2.0 * std::f64::consts::PI * v;
            Some([r * a.cos(), r * a.sin()])
        })
        .flatten();
        for _ in 0..runs {
            let (mut s, mut one_stop, mut two_stop) = (0.0f64, false, false);
            for k in 1..=20 {
                s += normals.next().unwrap();
                let z = s / (k as f64).sqrt();
                one_stop |= z >= one;
                two_stop |= z.abs() >= two;
            }
            one_hit += one_stop as u32;
            two_hit += two_stop as u32;
        }
        for (hits, exact) in [(one_hit, one_sided), (two_hit, two_sided)] {
            let share = hits as f64 / runs as f64;
            let se = (exact * (1.0 - exact) / runs as f64).sqrt();
            assert!((share - exact).abs() < 4.0 * se, "simulated {share}, integrated {exact}");
        }
    }

    #[test]
    fn a_ten_look_run_ends_at_about_1_6_percent_and_needs_about_1_45_times_the_matches() {
        // The guide (first-player-advantage.md, "--until-decided"): with ten equally spaced
        // looks, the last look's nominal one-sided level of a 5% margin test is about 1.6%;
        // a fixed run planned at that level for 80% power needs (z_a + z_0.8)² / (z_0.05 +
        // z_0.8)² times the matches of one at 5%, about 1.45.
        let normal = Normal::new(0.0, 1.0).unwrap();
        let last = *nominal_levels(0.05, &equal(10), pocock_type).last().unwrap();
        let z = |alpha: f64| normal.inverse_cdf(1.0 - alpha);
        let ratio = ((z(last) + z(0.2)) / (z(0.05) + z(0.2))).powi(2);
        eprintln!("ten looks: the last at {last:.4} one-sided, {ratio:.3} times the matches");
        assert!((last - 0.016).abs() < 0.001, "{last}");
        assert!((ratio - 1.45).abs() < 0.015, "{ratio}");
    }

    #[test]
    fn later_looks_are_never_stricter_than_needed_and_levels_are_small() {
        let levels = nominal_levels(0.05, &equal(20), pocock_type);
        assert!(levels.iter().all(|&a| a > 0.0 && a < 0.05), "{levels:?}");
        // The summed nominal levels exceed α: the looks are correlated, which is what the
        // recursion accounts for (Bonferroni would be much stricter).
        assert!(levels.iter().sum::<f64>() > 0.05);
    }
}
