//! Which variants are fairer than the baseline, asked of fairness itself: each variant's
//! largest seat deviation (the largest |seat's share of decisive matches - 1/players|, in
//! pp) minus the baseline's, on the same deals, with intervals simultaneous over the
//! variants. A test of changes in win share does not answer it: a seat can move without the
//! largest deviation moving, and a sweep whose deviations are a few tenths of a point can
//! show no variant fairer by more than its baseline's own deviation.
//!
//! Method: a paired bootstrap over the sweep's buckets of deal groups
//! ([`PairedSums::buckets`], deal mod 64). Each resample draws 64 buckets with replacement
//! and recomputes every variant's largest deviation from the same buckets, so every deal's
//! variants stay together and the pairing's gain carries into the intervals. A bootstrap
//! rather than a delta-method standard error: the largest deviation is a maximum of absolute
//! values, with no derivative where seats tie or a seat sits at fair, which is where a sweep's
//! variants lie. Simultaneous over the variants by the bootstrap maximum: each difference's
//! standard error over the resamples, and the 95th percentile of the largest |resampled -
//! observed| / SE over the variants as the multiplier (max-t), so that every interval holds
//! at once with 95%. A variant is *fairer* when its interval lies below 0, *less fair* when
//! above.

use rand::RngExt;

use super::{Said, SweepFacts, list};
use crate::stats::paired::{DEAL_BUCKETS, MAX_JOINT_VARIANTS, PairedSums};

/// Bootstrap resamples, as the decomposition's.
const RESAMPLES: usize = 2000;
/// The seed of the resamples: the same conclusion from the same sums, on every run.
const SEED: u64 = 0x6661_6972;

/// One variant's largest seat deviation minus the baseline's, in pp, with its simultaneous
/// 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FairnessDiff {
    pub variant: usize,
    pub diff_pp: f64,
    pub low: f64,
    pub high: f64,
}

/// The comparison of every variant's largest seat deviation with the baseline's.
#[derive(Clone, Debug, PartialEq)]
pub struct Fairness {
    /// The variants with a defined deviation, in order, the baseline left out.
    pub diffs: Vec<FairnessDiff>,
    /// The baseline's own largest deviation, in pp.
    pub baseline_pp: f64,
}

/// The largest |sole wins / decisive - 1/seats| of one variant's `row` (per seat, then the
/// decisive matches), NaN with no decisive match.
fn largest(row: &[u64]) -> f64 {
    let seats = row.len() - 1;
    let decisive = row[seats];
    if decisive == 0 {
        return f64::NAN;
    }
    let fair = 1.0 / seats as f64;
    row[..seats].iter().map(|&w| (w as f64 / decisive as f64 - fair).abs()).fold(0.0, f64::max)
}

/// Every variant's largest deviation from summed bucket rows.
fn deviations(sums: &[u64], variants: usize) -> Vec<f64> {
    let width = sums.len() / variants;
    (0..variants).map(|v| largest(&sums[v * width..(v + 1) * width])).collect()
}

/// The comparison, when the buckets were kept.
pub fn compare(paired: &PairedSums) -> Option<Fairness> {
    let buckets = paired.buckets.as_ref()?;
    let variants = paired.sum.len();
    let b = paired.baseline;
    let width = buckets.first()?.len();
    let total = |pick: &mut dyn Iterator<Item = usize>| {
        let mut sums = vec![0u64; width];
        for i in pick {
            sums.iter_mut().zip(&buckets[i]).for_each(|(s, x)| *s += x);
        }
        deviations(&sums, variants)
    };
    let observed = total(&mut (0..buckets.len()));
    let compared: Vec<usize> =
        (0..variants).filter(|&v| v != b && (observed[v] - observed[b]).is_finite()).collect();
    let diff = |d: &[f64], v: usize| d[v] - d[b];
    let mut rng = crate::core::rng_from_seed(SEED);
    let resampled: Vec<Vec<f64>> = (0..RESAMPLES)
        .map(|_| {
            let d = total(&mut (0..DEAL_BUCKETS).map(|_| rng.random_range(0..buckets.len())));
            compared.iter().map(|&v| diff(&d, v)).collect()
        })
        .collect();
    // Each difference's standard error over the resamples (those where it is defined).
    let se: Vec<f64> = (0..compared.len())
        .map(|i| {
            let xs: Vec<f64> = resampled.iter().map(|r| r[i]).filter(|x| x.is_finite()).collect();
            let mean = xs.iter().sum::<f64>() / xs.len().max(1) as f64;
            let var =
                xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (xs.len().max(2) - 1) as f64;
            var.sqrt()
        })
        .collect();
    // The multiplier that makes the intervals simultaneous: the 95th percentile of the
    // largest standardized distance of a resample from what was observed.
    let mut largest_t: Vec<f64> = resampled
        .iter()
        .map(|r| {
            (0..compared.len())
                .filter(|&i| se[i] > 0.0 && r[i].is_finite())
                .map(|i| (r[i] - diff(&observed, compared[i])).abs() / se[i])
                .fold(0.0, f64::max)
        })
        .collect();
    largest_t.sort_by(f64::total_cmp);
    let c = largest_t[(0.95 * RESAMPLES as f64).ceil() as usize - 1];
    let diffs = compared
        .iter()
        .zip(&se)
        .map(|(&v, &se)| {
            let d = diff(&observed, v);
            FairnessDiff {
                variant: v,
                diff_pp: 100.0 * d,
                low: 100.0 * (d - c * se),
                high: 100.0 * (d + c * se),
            }
        })
        .collect();
    Some(Fairness { diffs, baseline_pp: 100.0 * observed[b] })
}

/// Why the comparison cannot be given, said like the trend's.
fn no_buckets(paired: &PairedSums) -> Said {
    let variants = paired.sum.len();
    let why = if variants > MAX_JOINT_VARIANTS {
        format!(
            "this sweep has {variants} variants (the baseline among them), and the paired counts it needs are kept for at most {MAX_JOINT_VARIANTS}; sweep fewer values to get it"
        )
    } else {
        "this sweep's tallies were saved by an arena that did not keep the paired counts it needs (an older checkpoint or shard); rerun the sweep to get it".to_string()
    };
    Said::plain(format!("No variant is compared with the baseline for fairness: {why}."))
}

/// The conclusion's line on fairness against the baseline.
pub fn fairness_line(f: &SweepFacts) -> Said {
    let Some(fair) = compare(f.paired) else { return no_buckets(f.paired) };
    let baseline = &f.names[f.paired.baseline];
    let method = format!(
        "largest seat deviation from a fair share of decisive matches, each variant's minus the baseline's on the same deals; paired bootstrap over {DEAL_BUCKETS} buckets of deal groups, 95% simultaneous over {} variants; n = {} paired matches",
        fair.diffs.len(),
        f.paired.matches
    );
    if fair.diffs.is_empty() {
        return Said::with_method(
            &format!("No variant can be compared with {baseline} for fairness"),
            &method,
            ".",
        );
    }
    let name = |d: &FairnessDiff| f.names[d.variant].clone();
    let fairer: Vec<String> = fair
        .diffs
        .iter()
        .filter(|d| d.high < 0.0)
        .map(|d| format!("{} by {:.1} pp [{:.1}, {:.1}]", name(d), -d.diff_pp, -d.high, -d.low))
        .collect();
    let less: Vec<String> = fair
        .diffs
        .iter()
        .filter(|d| d.low > 0.0)
        .map(|d| format!("{} by {:.1} pp [{:.1}, {:.1}]", name(d), d.diff_pp, d.low, d.high))
        .collect();
    // A variant that won exactly as the baseline on every deal has no spread to tell
    // anything by; of the others not shown either way, the smallest difference an interval
    // could exclude 0 for, rounded down so that "under" stays true.
    let open: Vec<&FairnessDiff> =
        fair.diffs.iter().filter(|d| d.high >= 0.0 && d.low <= 0.0 && d.high > d.low).collect();
    let smallest = open.iter().map(|d| (d.high - d.low) / 2.0).fold(f64::INFINITY, f64::min);
    let told = format!(
        "differences under {:.1} pp cannot be told at this n",
        (10.0 * smallest).floor() / 10.0
    );
    let mut parts = Vec::new();
    if !fairer.is_empty() {
        parts.push(format!("Fairer than {baseline}: {}", list(&fairer)));
    }
    if !less.is_empty() {
        parts.push(format!("Less fair than {baseline}: {}", list(&less)));
    }
    let all: Vec<String> = fair
        .diffs
        .iter()
        .map(|d| format!("{} {:+.1} [{:+.1}, {:+.1}]", name(d), d.diff_pp, d.low, d.high))
        .collect();
    let text = if parts.is_empty() {
        let why = if open.is_empty() {
            "every variant's seats won exactly as its own on the same deals".to_string()
        } else if fair.baseline_pp < smallest {
            // No variant can be fairer than fair: a baseline nearer fair than any interval's
            // half-width leaves none able to be shown fairer.
            format!(
                "{told}, and {baseline}'s own is {:.1} pp, so no variant could have been shown fairer",
                fair.baseline_pp
            )
        } else {
            told
        };
        format!("No variant is shown fairer or less fair than {baseline}: {why}")
    } else if !open.is_empty() {
        format!("{}; the others are not told apart ({told})", parts.join(". "))
    } else {
        parts.join(". ")
    };
    Said {
        whole: format!("{text}; each minus {baseline}, in pp: {} ({method}).", all.join(", ")),
        plain: format!("{text}."),
    }
}
