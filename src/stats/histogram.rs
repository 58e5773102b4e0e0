//! Exact integer histograms of small non-negative values (match lengths): mergeable with
//! `+=`, and the source of exact means, standard deviations and quantiles.

use crate::stats::moments::sample_sd;

/// Counts per value, indexed by the value itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    pub fn add(&mut self, value: u32) {
        let v = value as usize;
        if v >= self.counts.len() {
            self.counts.resize(v + 1, 0);
        }
        self.counts[v] += 1;
    }

    pub fn merge(&mut self, other: &Histogram) {
        if other.counts.len() > self.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
    }

    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// (value, count) for every value seen.
    pub fn iter(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts.iter().enumerate().filter(|&(_, &c)| c > 0).map(|(v, &c)| (v as u32, c))
    }

    pub fn min(&self) -> Option<u32> {
        self.iter().next().map(|(v, _)| v)
    }

    pub fn max(&self) -> Option<u32> {
        self.iter().last().map(|(v, _)| v)
    }

    /// Exact mean, from integer sums.
    pub fn mean(&self) -> f64 {
        let n = self.count();
        if n == 0 {
            return f64::NAN;
        }
        let sum: u128 = self.iter().map(|(v, c)| v as u128 * c as u128).sum();
        sum as f64 / n as f64
    }

    /// Sample standard deviation (n - 1 in the denominator), from exact integer sums.
    pub fn sd(&self) -> f64 {
        let sum: u128 = self.iter().map(|(v, c)| v as u128 * c as u128).sum();
        let sum_sq: u128 = self.iter().map(|(v, c)| (v as u128).pow(2) * c as u128).sum();
        sample_sd(self.count(), sum as i128, sum_sq as i128)
    }

    /// The nearest-rank quantile: the smallest value v with at least ceil(p * n) of the
    /// values at or below v (the inverse of the empirical distribution function). Exact: it is
    /// always a value that occurred.
    pub fn quantile(&self, p: f64) -> Option<u32> {
        let n = self.count();
        if n == 0 {
            return None;
        }
        let rank = ((p * n as f64).ceil() as u64).clamp(1, n);
        let mut seen = 0;
        for (v, c) in self.iter() {
            seen += c;
            if seen >= rank {
                return Some(v);
            }
        }
        self.max()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_moments_and_nearest_rank_quantiles() {
        let mut h = Histogram::default();
        for v in [1, 2, 3, 4, 10] {
            h.add(v);
        }
        assert_eq!(h.mean(), 4.0);
        // Sample variance of 1,2,3,4,10: (9+4+1+0+36)/4 = 12.5.
        assert!((h.sd() - 12.5f64.sqrt()).abs() < 1e-12);
        assert_eq!(h.quantile(0.5), Some(3));
        assert_eq!(h.quantile(0.05), Some(1));
        assert_eq!(h.quantile(0.95), Some(10));
        assert_eq!(h.quantile(0.8), Some(4));
        let mut g = Histogram::default();
        g.add(20);
        h.merge(&g);
        assert_eq!((h.count(), h.min(), h.max()), (6, Some(1), Some(20)));
    }
}
