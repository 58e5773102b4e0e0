//! Paired comparisons of variants that play the same matches (common random numbers): per
//! variant and per per-match quantity, the exact integer sums Σx, Σx² and Σx·x_base against
//! the baseline variant, over the matches every variant completed. They merge in any order,
//! so a sweep's differences are the same bytes for any thread count or shard split, and
//! they give both the paired variance of a difference (Var(x_v − x_b)) and the variance the
//! same difference would have had with independent dice (Var x_v + Var x_b). Each variant's
//! sole wins are also counted by bucket of deals, for a paired bootstrap of what the seats'
//! shares give (how far each variant is from fair).

use crate::stats::SHARE_UNIT;
use crate::stats::intervals::z_for;

/// Joint sums of per-match quantities across the variants of a sweep.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PairedSums {
    /// The quantities, in column order (e.g. `seat0_win`, `turns`, a game metric).
    pub quantities: Vec<String>,
    /// The variant every other one is compared with.
    pub baseline: usize,
    /// Matches completed by every variant.
    pub matches: u64,
    /// `sum[v][q]`, `sq[v][q]`, `cross[v][q]` (= Σ x_v·x_baseline).
    pub sum: Vec<Vec<i128>>,
    pub sq: Vec<Vec<i128>>,
    pub cross: Vec<Vec<i128>>,
    /// `joint[q][v * variants + w]` = Σ x_v·x_w for every pair of variants, for the
    /// quantities [`PairedSums::keep_joint`] names, kept when the sweep has at most
    /// [`MAX_JOINT_VARIANTS`]: any contrast across the variants (a trend
    /// over a numeric rule) then has its exact paired variance. Absent in folders made
    /// before it was kept; then no contrast is reported.
    #[serde(default)]
    pub joint: Option<Vec<Vec<i128>>>,
    /// `buckets[b][v * (seats + 1) + s]`: over the paired matches whose deal falls in bucket
    /// b (deal mod [`DEAL_BUCKETS`]), variant v's sole wins of seat s (s < seats) and its
    /// decisive matches (s = seats), kept with the joint sums ([`PairedSums::keep_buckets`]).
    /// Resampling the buckets resamples whole deal groups, the same deals for every variant:
    /// a paired bootstrap of anything the seats' shares of decisive matches give (how far
    /// each variant is from fair, against the baseline). Absent in folders made before it
    /// was kept.
    #[serde(default)]
    pub buckets: Option<Vec<Vec<u64>>>,
}

/// Buckets of deals for the paired bootstrap (deal mod 64), as the decomposition's.
pub const DEAL_BUCKETS: usize = 64;

/// The most variants whose every pair's cross sums are kept (the sums grow with the square).
pub const MAX_JOINT_VARIANTS: usize = 24;

/// A linear contrast of the variants' means: its estimate and its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contrast {
    pub estimate: f64,
    pub se: f64,
}

/// One quantity's difference between a variant and the baseline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedDiff {
    /// Mean of the variant minus mean of the baseline (in the quantity's units / `scale`).
    pub diff: f64,
    /// Normal 95% interval of the difference, from the per-match paired differences.
    pub ci: (f64, f64),
    /// The interval's half-width had the variants used independent dice (same n).
    pub independent_half: f64,
    /// 1 − Var(paired) / Var(independent): the share of variance the pairing removed.
    pub reduction: f64,
}

impl PairedSums {
    pub fn new(variants: usize, quantities: Vec<String>, baseline: usize) -> Self {
        let q = quantities.len();
        PairedSums {
            quantities,
            baseline,
            matches: 0,
            sum: vec![vec![0; q]; variants],
            sq: vec![vec![0; q]; variants],
            cross: vec![vec![0; q]; variants],
            joint: None,
            buckets: None,
        }
    }

    /// Also count each variant's sole wins and decisive matches by bucket of deals (the
    /// first `seats` quantities being the seats' win units), when the variants are few
    /// enough for the joint sums too.
    pub fn keep_buckets(mut self, seats: usize) -> Self {
        let variants = self.sum.len();
        self.buckets = (variants <= MAX_JOINT_VARIANTS && seats <= self.quantities.len())
            .then(|| vec![vec![0; variants * (seats + 1)]; DEAL_BUCKETS]);
        self
    }

    /// The seats the buckets count, when kept.
    pub fn bucket_seats(&self) -> Option<usize> {
        let bucket = self.buckets.as_ref()?.first()?;
        Some(bucket.len() / self.sum.len() - 1)
    }

    /// Also keep every pair of variants' cross sums for the first `quantities` quantities
    /// (a sweep's seats and turns: what a trend is asked of), when the variants are few
    /// enough; the game's own counters are left out, as they would cost the most.
    pub fn keep_joint(mut self, quantities: usize) -> Self {
        let variants = self.sum.len();
        let q = quantities.min(self.quantities.len());
        self.joint =
            (variants <= MAX_JOINT_VARIANTS).then(|| vec![vec![0; variants * variants]; q]);
        self
    }

    /// Count one match of deal `deal`: `x[v][q]` for every variant.
    pub fn add(&mut self, deal: u64, x: &[Vec<i64>]) {
        self.matches += 1;
        if let Some(seats) = self.bucket_seats()
            && let Some(buckets) = &mut self.buckets
        {
            let bucket = &mut buckets[(deal % DEAL_BUCKETS as u64) as usize];
            for (v, xv) in x.iter().enumerate() {
                let row = &mut bucket[v * (seats + 1)..(v + 1) * (seats + 1)];
                // A sole winner takes a whole win; a shared first place splits it.
                if let Some(winner) = xv[..seats].iter().position(|&u| u == SHARE_UNIT as i64) {
                    row[winner] += 1;
                    row[seats] += 1;
                }
            }
        }
        let base = &x[self.baseline];
        for (v, xv) in x.iter().enumerate() {
            for (q, (&a, &b)) in xv.iter().zip(base).enumerate() {
                let (a, b) = (a as i128, b as i128);
                self.sum[v][q] += a;
                self.sq[v][q] += a * a;
                self.cross[v][q] += a * b;
            }
        }
        if let Some(joint) = &mut self.joint {
            let n = x.len();
            for (q, pairs) in joint.iter_mut().enumerate() {
                for v in 0..n {
                    let a = x[v][q] as i128;
                    for w in 0..n {
                        pairs[v * n + w] += a * x[w][q] as i128;
                    }
                }
            }
        }
    }

    /// Add another part's sums (of the same sweep).
    pub fn merge(&mut self, o: &PairedSums) {
        self.matches += o.matches;
        for v in 0..self.sum.len() {
            for q in 0..self.quantities.len() {
                self.sum[v][q] += o.sum[v][q];
                self.sq[v][q] += o.sq[v][q];
                self.cross[v][q] += o.cross[v][q];
            }
        }
        self.joint = match (self.joint.take(), &o.joint) {
            (Some(mut a), Some(b)) => {
                for (x, y) in a.iter_mut().zip(b) {
                    x.iter_mut().zip(y).for_each(|(x, y)| *x += y);
                }
                Some(a)
            }
            _ => None,
        };
        self.buckets = match (self.buckets.take(), &o.buckets) {
            (Some(mut a), Some(b)) => {
                for (x, y) in a.iter_mut().zip(b) {
                    x.iter_mut().zip(y).for_each(|(x, y)| *x += y);
                }
                Some(a)
            }
            _ => None,
        };
    }

    /// Σ c_v · mean_v of quantity `q` (values divided by `scale`) with its standard error
    /// from the per-match covariances of the variants (they play the same matches); `None`
    /// without the joint sums or with fewer than two matches.
    pub fn contrast(&self, c: &[f64], q: usize, scale: f64) -> Option<Contrast> {
        let joint = self.joint.as_ref()?.get(q)?;
        let (n, k) = (self.matches, self.sum.len());
        if n < 2 || c.len() != k {
            return None;
        }
        let ni = n as i128;
        let mut var = 0.0;
        for v in 0..k {
            for w in 0..k {
                // n²·Cov exactly, then to the scale of one match.
                let cov_n2 = ni * joint[v * k + w] - self.sum[v][q] * self.sum[w][q];
                var += c[v] * c[w] * cov_n2 as f64;
            }
        }
        let nf = n as f64;
        let var = (var / (nf * (nf - 1.0) * scale * scale)).max(0.0);
        let estimate = (0..k).map(|v| c[v] * self.mean(v, q, scale)).sum();
        Some(Contrast { estimate, se: (var / nf).sqrt() })
    }

    /// Variant `v`'s mean of quantity `q`, divided by `scale`.
    pub fn mean(&self, v: usize, q: usize, scale: f64) -> f64 {
        self.sum[v][q] as f64 / self.matches as f64 / scale
    }

    /// Variant `v` minus the baseline on quantity `q` (values divided by `scale`), with its
    /// paired interval at `confidence`. Undefined figures are NaN (empty cells).
    pub fn diff(&self, v: usize, q: usize, scale: f64, confidence: f64) -> PairedDiff {
        let n = self.matches;
        let b = self.baseline;
        if n < 2 {
            return PairedDiff {
                diff: f64::NAN,
                ci: (f64::NAN, f64::NAN),
                independent_half: f64::NAN,
                reduction: f64::NAN,
            };
        }
        let ni = n as i128;
        // n²·Var in exact integers: n·Σx² − (Σx)², for the difference and each side.
        let var_n2 = |sum: i128, sq: i128| (ni * sq - sum * sum) as f64;
        let d_sum = self.sum[v][q] - self.sum[b][q];
        let d_sq = self.sq[v][q] + self.sq[b][q] - 2 * self.cross[v][q];
        let denom = (n as f64) * (n as f64 - 1.0) * scale * scale;
        let var_d = var_n2(d_sum, d_sq) / denom;
        let var_v = var_n2(self.sum[v][q], self.sq[v][q]) / denom;
        let var_b = var_n2(self.sum[b][q], self.sq[b][q]) / denom;
        let z = z_for(confidence);
        let nf = n as f64;
        let diff = d_sum as f64 / nf / scale;
        let half = z * (var_d / nf).sqrt();
        let var_independent = var_v + var_b;
        let reduction =
            if var_independent > 0.0 { 1.0 - var_d / var_independent } else { f64::NAN };
        PairedDiff {
            diff,
            ci: (diff - half, diff + half),
            independent_half: z * (var_independent / nf).sqrt(),
            reduction,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_variants_have_zero_paired_variance() {
        let mut p = PairedSums::new(2, vec!["x".into()], 0);
        for x in [3i64, 5, 8, 1, 9] {
            p.add(0, &[vec![x], vec![x]]);
        }
        let d = p.diff(1, 0, 1.0, 0.95);
        assert_eq!(d.diff, 0.0);
        assert_eq!(d.ci, (0.0, 0.0));
        assert!(d.independent_half > 0.0);
        assert_eq!(d.reduction, 1.0);
    }

    #[test]
    fn matches_the_textbook_paired_t_figures() {
        // Differences 1, 2, 3, 4 (variant = base + i): mean 2.5, sample variance 5/3.
        let mut p = PairedSums::new(2, vec!["x".into()], 0);
        let mut halves = (PairedSums::new(2, vec!["x".into()], 0), p.clone());
        for (i, base) in [10i64, 20, 15, 30].into_iter().enumerate() {
            let row = [vec![base], vec![base + i as i64 + 1]];
            p.add(0, &row);
            if i % 2 == 0 { halves.0.add(0, &row) } else { halves.1.add(0, &row) }
        }
        halves.0.merge(&halves.1);
        assert_eq!(halves.0, p, "merging parts gives the whole");
        let d = p.diff(1, 0, 1.0, 0.95);
        assert!((d.diff - 2.5).abs() < 1e-12);
        let half = 1.959964 * (5.0f64 / 3.0 / 4.0).sqrt();
        assert!((d.ci.1 - d.diff - half).abs() < 1e-5, "{d:?}");
        assert!(d.reduction > 0.9, "{d:?}");
        assert!(p.diff(1, 0, 1.0, 0.95).ci.0 > 0.0);
        assert!(PairedSums::new(2, vec!["x".into()], 0).diff(1, 0, 1.0, 0.95).diff.is_nan());
    }

    #[test]
    fn a_contrast_of_two_variants_is_their_paired_difference() {
        let mut p = PairedSums::new(3, vec!["x".into()], 0).keep_joint(1);
        for (a, b, c) in [(10i64, 12, 15), (20, 21, 25), (15, 18, 19), (30, 30, 36), (7, 9, 8)] {
            p.add(0, &[vec![a], vec![b], vec![c]]);
        }
        let d = p.diff(2, 0, 1.0, 0.95);
        let c = p.contrast(&[-1.0, 0.0, 1.0], 0, 1.0).unwrap();
        assert!((c.estimate - d.diff).abs() < 1e-12);
        assert!((1.959964 * c.se - (d.ci.1 - d.diff)).abs() < 1e-5, "{c:?} {d:?}");
        // A slope over values 0, 1, 2: the least-squares weights (x - 1) / 2.
        let slope = p.contrast(&[-0.5, 0.0, 0.5], 0, 1.0).unwrap();
        assert!((slope.estimate - d.diff / 2.0).abs() < 1e-12);
        // Merged halves give the same joint sums as the whole.
        let mut halves = (
            PairedSums::new(3, vec!["x".into()], 0).keep_joint(1),
            PairedSums::new(3, vec!["x".into()], 0).keep_joint(1),
        );
        halves.0.add(0, &[vec![1], vec![2], vec![3]]);
        halves.1.add(0, &[vec![4], vec![6], vec![9]]);
        halves.0.merge(&halves.1);
        assert_eq!(halves.0.joint.as_ref().unwrap()[0][2], 3 + 4 * 9, "Σ x_0·x_2 = 1·3 + 4·9");
        // A sweep too large to keep every pair reports no contrast rather than a wrong one.
        let big = PairedSums::new(MAX_JOINT_VARIANTS + 1, vec!["x".into()], 0).keep_joint(1);
        assert!(big.contrast(&[0.0; MAX_JOINT_VARIANTS + 1], 0, 1.0).is_none());
    }

    #[test]
    fn buckets_count_sole_wins_by_deal_and_merge_exactly() {
        let u = SHARE_UNIT as i64;
        let quantities = vec!["seat0_win".into(), "seat1_win".into(), "turns".into()];
        let new = || PairedSums::new(2, quantities.clone(), 0).keep_joint(3).keep_buckets(2);
        // Deal 3: variant 0's seat 1 wins, variant 1's first place is shared (no sole win).
        // Deal 67 (bucket 3 again): both variants' seat 0 wins.
        let rows = [
            (3, [vec![0, u, 30], vec![u / 2, u / 2, 31]]),
            (67, [vec![u, 0, 20], vec![u, 0, 22]]),
            (5, [vec![u, 0, 20], vec![0, u, 25]]),
        ];
        let (mut whole, mut a, mut b) = (new(), new(), new());
        for (i, (deal, x)) in rows.iter().enumerate() {
            whole.add(*deal, x);
            if i == 0 { a.add(*deal, x) } else { b.add(*deal, x) }
        }
        a.merge(&b);
        assert_eq!(a, whole, "merging parts gives the whole");
        let buckets = whole.buckets.as_ref().unwrap();
        assert_eq!(buckets.len(), DEAL_BUCKETS);
        // Per variant: seat 0's sole wins, seat 1's, decisive matches.
        assert_eq!(buckets[3], vec![1, 1, 2, 1, 0, 1]);
        assert_eq!(buckets[5], vec![1, 0, 1, 0, 1, 1]);
        assert_eq!(whole.bucket_seats(), Some(2));
        // Past the joint sums' limit none are kept: no comparison rather than a costly one.
        let big = PairedSums::new(MAX_JOINT_VARIANTS + 1, quantities, 0).keep_buckets(2);
        assert_eq!(big.buckets, None);
        // Parts from before buckets were kept merge into none.
        let mut old = PairedSums::new(2, vec!["seat0_win".into(), "seat1_win".into()], 0);
        old.merge(&whole);
        assert_eq!(old.buckets, None);
    }
}
