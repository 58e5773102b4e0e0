//! Simulated samples of decisive matches for the tests that replay a verdict many times
//! over: exact binomial and multinomial draws from a fixed seed, and the tally they make.

use rand::RngExt;
use statrs::distribution::{Binomial, Discrete};

use crate::core::Rng;
use crate::stats::{SHARE_UNIT, Tally};

/// One draw from Binomial(n, p), by inversion searched outward from the mode (exact up to
/// rounding, and about as many steps as a few standard deviations).
pub fn binomial(rng: &mut Rng, n: u64, p: f64) -> u64 {
    if n == 0 || p <= 0.0 {
        return 0;
    }
    if p >= 1.0 {
        return n;
    }
    let mode = (((n + 1) as f64 * p).floor() as u64).min(n);
    let at_mode = Binomial::new(p, n).expect("binomial").ln_pmf(mode).exp();
    let mut u = rng.random::<f64>() - at_mode;
    let (mut lo, mut hi, mut p_lo, mut p_hi) = (mode, mode, at_mode, at_mode);
    while u >= 0.0 {
        if lo == 0 && hi == n {
            return mode;
        }
        if lo > 0 {
            p_lo *= lo as f64 / (n - lo + 1) as f64 * (1.0 - p) / p;
            lo -= 1;
            u -= p_lo;
            if u < 0.0 {
                return lo;
            }
        }
        if hi < n {
            p_hi *= (n - hi) as f64 / (hi + 1) as f64 * p / (1.0 - p);
            hi += 1;
            u -= p_hi;
        }
        if u < 0.0 {
            return hi;
        }
    }
    mode
}

/// Sole wins per seat over `n` decisive matches: a multinomial draw as successive binomials.
pub fn multinomial(rng: &mut Rng, n: u64, shares: &[f64]) -> Vec<u64> {
    let (mut left, mut mass) = (n, 1.0);
    let mut counts = Vec::with_capacity(shares.len());
    for (i, &p) in shares.iter().enumerate() {
        let k = if i + 1 == shares.len() { left } else { binomial(rng, left, p / mass) };
        counts.push(k);
        left -= k;
        mass -= p;
    }
    counts
}

/// A tally of decisive matches only, `wins[s]` won by seat `s`.
pub fn tally_of(wins: &[u64]) -> Tally {
    let n: u64 = wins.iter().sum();
    let mut t = Tally::new(wins.len(), 0);
    t.matches = n;
    for (s, &w) in wins.iter().enumerate() {
        t.seats[s].matches = n;
        t.seats[s].wins = w;
        t.seats[s].win_units = w * SHARE_UNIT;
    }
    t
}

/// One standard normal draw (Box-Muller).
pub fn normal(rng: &mut Rng) -> f64 {
    let u: f64 = 1.0 - rng.random::<f64>();
    let v: f64 = rng.random::<f64>();
    (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
}

/// One draw from Gamma(shape, 1), shape at least 1 (Marsaglia & Tsang 2000).
pub fn gamma(rng: &mut Rng, shape: f64) -> f64 {
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u: f64 = rng.random::<f64>();
        if u < 1.0 - 0.0331 * x.powi(4) || u.ln() < 0.5 * x * x + d * (1.0 - v + v.ln()) {
            return d * v;
        }
    }
}

/// True shares as the sample `wins` allows them: a draw from its exact posterior under a
/// flat prior, Dirichlet(wins + 1).
pub fn posterior(rng: &mut Rng, wins: &[u64]) -> Vec<f64> {
    let g: Vec<f64> = wins.iter().map(|&w| gamma(rng, w as f64 + 1.0)).collect();
    let total: f64 = g.iter().sum();
    g.iter().map(|x| x / total).collect()
}
