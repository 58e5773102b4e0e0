//! Moments from exact integer sums: the one sample standard deviation routine every table
//! uses, so that seats, metrics and histograms agree to the last bit.

/// Sample standard deviation (n - 1 in the denominator) of `n` values whose sum and sum of
/// squares are given exactly. `n·sum_sq − sum²` is computed in integers, so only the final
/// division and root round; `NaN` (an empty cell in the CSV files) when n < 2.
pub fn sample_sd(n: u64, sum: i128, sum_sq: i128) -> f64 {
    if n < 2 {
        return f64::NAN;
    }
    let n = n as i128;
    ((n * sum_sq - sum * sum) as f64 / (n * (n - 1)) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_textbook_formula() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32 / 7.
        let values = [2i128, 4, 4, 4, 5, 5, 7, 9];
        let sum: i128 = values.iter().sum();
        let sum_sq: i128 = values.iter().map(|v| v * v).sum();
        assert!((sample_sd(8, sum, sum_sq) - (32.0f64 / 7.0).sqrt()).abs() < 1e-15);
    }

    #[test]
    fn undefined_below_two_values() {
        assert!(sample_sd(0, 0, 0).is_nan());
        assert!(sample_sd(1, 3, 9).is_nan());
        assert_eq!(sample_sd(2, 6, 18), 0.0);
    }
}
