//! Deal groups as clusters: where the matches of a deal share what decides an option's worth,
//! matches as clusters understate the spread of the estimate, and deal groups do not.

use rand::{RngExt, SeedableRng};

use super::Rng;
use crate::stats::SHARE_UNIT;
use crate::stats::options::table::contrast;
use crate::stats::options::{KindTally, MatchSums, WEIGHT_UNIT};

/// The option's effect averaged over deals.
const EFFECT: f64 = 0.2;

/// One match of a deal whose dice make the option worth `worth`: eight decisions, each a coin
/// between the option and another action, the mover winning half the time, shifted by half
/// the worth either way.
fn play(rng: &mut Rng, worth: f64) -> MatchSums {
    let mut m = MatchSums::default();
    let w = 2 * WEIGHT_UNIT as i64;
    for _ in 0..8 {
        let taken = rng.random_bool(0.5);
        let p = 0.5 + if taken { worth / 2.0 } else { -worth / 2.0 };
        let y = if rng.random_bool(p) { SHARE_UNIT as i64 } else { 0 };
        if taken {
            (m.ty, m.tw) = (m.ty + w * y, m.tw + w);
        } else {
            (m.ny, m.nw) = (m.ny + w * y, m.nw + w);
        }
    }
    m
}

/// One run of `groups` deal groups of two seatings, the deal deciding the option's worth
/// (−0.3 or +0.7, `EFFECT` on average): the table's counts with deal groups as clusters, and
/// with each match its own (as before).
fn run(seed: u64, groups: u64) -> (KindTally, KindTally) {
    let mut rng = Rng::seed_from_u64(seed);
    let (mut by_group, mut by_match) = (KindTally::default(), KindTally::default());
    for deal in 0..groups {
        let worth = if rng.random_bool(0.5) { -0.3 } else { 0.7 };
        let (a, b) = (play(&mut rng, worth), play(&mut rng, worth));
        let mut group = a;
        group.add(b);
        by_group.add_group(deal, group);
        by_match.add_group(2 * deal, a);
        by_match.add_group(2 * deal + 1, b);
    }
    (by_group, by_match)
}

/// Over `seeds` runs: the spread of the estimates over the root mean square of their
/// standard errors, and the share of intervals covering `EFFECT`.
fn ratio_and_coverage(runs: &[KindTally]) -> (f64, f64) {
    let cs: Vec<_> = runs.iter().map(|t| contrast(t).unwrap()).collect();
    let n = cs.len() as f64;
    let mean = cs.iter().map(|c| c.difference).sum::<f64>() / n;
    let sd = (cs.iter().map(|c| (c.difference - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let se = (cs.iter().map(|c| c.se * c.se).sum::<f64>() / n).sqrt();
    let covered = cs.iter().filter(|c| c.low <= EFFECT && EFFECT <= c.high).count();
    (sd / se, covered as f64 / n)
}

crate::sampled! {
    /// Deal groups whose dice decide what the option is worth, both seatings seeing them, so
    /// that the matches of a deal group are not independent: with deal groups as clusters
    /// the estimates spread as their standard errors say (ratio 0.9 to 1.1) and 95%
    /// intervals cover the effect 93% of the time or more; with each match its own cluster
    /// the standard errors understate the spread, and they do not.
    fn deal_groups_are_the_clusters_when_deals_decide_the_worth(seeds = 10_000, sample = 1_000) {
        let runs: Vec<(KindTally, KindTally)> = (0..seeds).map(|s| run(0x6a0 + s, 300)).collect();
        let (groups, matches): (Vec<_>, Vec<_>) = runs.into_iter().unzip();
        let (ratio, covered) = ratio_and_coverage(&groups);
        let (ratio_m, covered_m) = ratio_and_coverage(&matches);
        eprintln!("{seeds} runs: by deal group ratio {ratio:.3} coverage {covered:.3}; by match ratio {ratio_m:.3} coverage {covered_m:.3}");
        // The spread's own standard error over `seeds` runs is about 1/√(2·seeds).
        let slack = 2.5 / (2.0 * seeds as f64).sqrt();
        assert!((ratio - 1.0).abs() <= 0.1f64.max(slack), "by deal group: ratio {ratio}");
        assert!(covered >= 0.93 - 2.5 * (0.05f64 * 0.95 / seeds as f64).sqrt(), "{covered}");
        assert!(ratio_m > 1.1 + slack, "by match the check fails: ratio {ratio_m}");
        assert!(covered_m < 0.93, "by match the check fails: coverage {covered_m}");
    }
}
