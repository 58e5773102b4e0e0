//! The option table's estimator against experiments with known effects: a confounded one
//! that only the weighting gets right, interval coverage, clustering, marks and merging.

use rand::{RngExt, SeedableRng};

use super::table::{Evidence, Mark, bot_rows, contrast, strongest_lever};
use super::*;
use crate::core::OptionKind;
use crate::stats::SHARE_UNIT;

type Rng = rand_pcg::Pcg64Mcg;

/// A decision of a confounded experiment: in state A (1 of 2 actions is the kind) taking it
/// wins 80% against 60%; in state B (1 of 4) 30% against 10%. The effect is +20 points in
/// both, but B, where the taker loses more, is where the kind is taken less often, so a plain
/// comparison of means overstates it.
fn decide(rng: &mut Rng, uniform: bool, sums: &mut MatchSums) {
    let (n, c, win_taken, win_not) =
        if rng.random_bool(0.5) { (2u64, 1u64, 0.8, 0.6) } else { (4, 1, 0.3, 0.1) };
    let taken = rng.random_range(0..n) < c;
    let win = rng.random_bool(if taken { win_taken } else { win_not });
    let y = if win { SHARE_UNIT as i64 } else { 0 };
    let w = match (uniform, taken) {
        (false, _) => WEIGHT_UNIT,
        (true, true) => n * WEIGHT_UNIT / c,
        (true, false) => n * WEIGHT_UNIT / (n - c),
    } as i64;
    if taken {
        sums.ty += w * y;
        sums.tw += w;
    } else {
        sums.ny += w * y;
        sums.nw += w;
    }
}

fn experiment(seed: u64, matches: u64, per_match: usize, uniform: bool) -> ClusterSums {
    let mut rng = Rng::seed_from_u64(seed);
    let mut sums = ClusterSums::default();
    for _ in 0..matches {
        let mut m = MatchSums::default();
        for _ in 0..per_match {
            decide(&mut rng, uniform, &mut m);
        }
        sums.add(m);
    }
    sums
}

#[test]
fn weighting_recovers_the_effect_where_a_plain_comparison_is_confounded() {
    let weighted = contrast(&experiment(1, 40_000, 1, true), 40_000).unwrap();
    assert!(
        weighted.low < 0.2 && 0.2 < weighted.high,
        "IPW: {weighted:?} should cover the true +0.20"
    );
    let plain = contrast(&experiment(1, 40_000, 1, false), 40_000).unwrap();
    // The plain difference is near 0.333 (see `decide`): far outside its own interval of 0.2.
    assert!(plain.low > 0.3, "the confounded comparison: {plain:?}");
}

#[test]
fn the_interval_covers_the_true_effect_about_95_times_in_100() {
    let covered = (0..400)
        .filter(|&seed| {
            let c = contrast(&experiment(100 + seed, 2_000, 3, true), 2_000).unwrap();
            c.low < 0.2 && 0.2 < c.high
        })
        .count();
    // Binomial(400, 0.95): 95% of runs fall within 366..=393.
    assert!((366..=393).contains(&covered), "covered {covered} of 400");
}

#[test]
fn a_match_whose_sides_share_its_outcome_adds_no_sampling_error() {
    // Taken and not taken in every match, with the match's one outcome on both sides: the
    // clusters' contributions cancel, so the cluster-robust variance is zero (treating the
    // ten decisions as independent would not see this).
    let mut rng = Rng::seed_from_u64(7);
    let mut shared = ClusterSums::default();
    for _ in 0..5_000 {
        let y = if rng.random_bool(0.5) { SHARE_UNIT as i64 } else { 0 };
        let mut m = MatchSums::default();
        for d in 0..10 {
            let w = WEIGHT_UNIT as i64 * 2;
            if d % 2 == 0 {
                m.ty += w * y;
                m.tw += w;
            } else {
                m.ny += w * y;
                m.nw += w;
            }
        }
        shared.add(m);
    }
    let c = contrast(&shared, 5_000).unwrap();
    assert_eq!(c.difference, 0.0, "both sides saw the same outcomes");
    assert!(c.se < 1e-9, "no within-match contrast, so no sampling error: {c:?}");
}

#[test]
fn undefined_without_both_sides() {
    let mut s = ClusterSums::default();
    s.add(MatchSums { ty: 840, tw: 1, ny: 0, nw: 0 });
    s.add(MatchSums { ty: 0, tw: 1, ny: 0, nw: 0 });
    assert!(contrast(&s, 2).is_none());
}

fn tally_for(effects: &[(f64, u64)]) -> Vec<KindTally> {
    effects
        .iter()
        .enumerate()
        .map(|(k, &(effect, matches))| {
            let mut rng = Rng::seed_from_u64(k as u64);
            let mut sums = ClusterSums::default();
            for _ in 0..matches {
                let taken = rng.random_bool(0.5);
                let p = 0.5 + if taken { effect / 2.0 } else { -effect / 2.0 };
                let y = if rng.random_bool(p) { SHARE_UNIT as i64 } else { 0 };
                let w = 2 * WEIGHT_UNIT as i64;
                let m = if taken {
                    MatchSums { ty: w * y, tw: w, ..Default::default() }
                } else {
                    MatchSums { ny: w * y, nw: w, ..Default::default() }
                };
                sums.add(m);
            }
            KindTally {
                legal: matches,
                taken: matches / 2,
                forced: 0,
                random_takes: matches * WEIGHT_UNIT / 2,
                matches,
                sums,
            }
        })
        .collect()
}

#[test]
fn marks_need_the_margin_passed_with_significance() {
    let kinds: Vec<OptionKind> =
        ["big", "small", "none", "bad"].iter().map(|k| OptionKind::new(*k, *k)).collect();
    let counts = tally_for(&[(0.2, 20_000), (0.02, 20_000), (0.0, 20_000), (-0.2, 20_000)]);
    let rows = bot_rows("random", Evidence::Causal, &kinds, &counts, 20_000, 0.05);
    let mark = |id: &str| rows.iter().find(|r| r.kind.id == id).unwrap().mark;
    assert_eq!(mark("big"), Some(Mark::Dominant));
    assert_eq!(mark("small"), None, "2 points is real but within the 5-point margin");
    assert_eq!(mark("none"), None);
    assert_eq!(mark("bad"), Some(Mark::NeverWorthIt));
    let p = |id: &str| rows.iter().find(|r| r.kind.id == id).unwrap().p_holm.unwrap();
    assert!(p("big") < 1e-6 && p("none") > 0.05);
    assert!(rows.iter().all(|r| (r.preference().unwrap() - 1.0).abs() < 1e-9));
    let lever = strongest_lever(&rows).unwrap();
    assert!(["big", "bad"].contains(&lever.kind.id.as_str()));
}

#[test]
fn nothing_significant_means_no_lever() {
    let kinds = vec![OptionKind::new("none", "none")];
    let rows =
        bot_rows("random", Evidence::Causal, &kinds, &tally_for(&[(0.0, 2_000)]), 2_000, 0.01);
    assert!(strongest_lever(&rows).is_none());
}

#[test]
fn tallies_merge_in_any_order_and_survive_json() {
    let mut a = OptionTally::default();
    a.kind_mut(1, 3, 2).legal = 5;
    a.kind_mut(0, 3, 0).sums.add(MatchSums { ty: 840, tw: 4096, ny: 0, nw: 8192 });
    let mut b = OptionTally::default();
    b.kind_mut(0, 3, 0).taken = 2;
    b.kind_mut(2, 3, 1).forced = 1;
    let (mut ab, mut ba) = (a.clone(), b.clone());
    ab.merge(&b);
    ba.merge(&a);
    assert_eq!(ab, ba);
    let text = serde_json::to_string(&ab).unwrap();
    assert_eq!(serde_json::from_str::<OptionTally>(&text).unwrap(), ab);
    assert!(!ab.is_empty());
    assert!(OptionTally::default().is_empty());
}
