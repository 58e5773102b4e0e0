//! The option table's estimator against experiments with known effects: a confounded one
//! that only the weighting gets right, interval coverage, clustering, marks and merging.
//! The small-sample intervals and the clusters kept one by one are in [`small`] and
//! [`clusters`]; deal groups as clusters in [`groups`].

use rand::{RngExt, SeedableRng};

use super::table::{self, Evidence, Mark, bot_rows, contrast, strongest_lever};
use super::*;
use crate::core::OptionKind;
use crate::stats::SHARE_UNIT;

mod clusters;
mod groups;
mod small;

type Rng = rand_pcg::Pcg64Mcg;

/// A (bot, kind)'s counts from its clusters' sums, each its own deal.
fn tally_of(clusters: impl IntoIterator<Item = MatchSums>) -> KindTally {
    let mut t = KindTally::default();
    for (deal, sums) in clusters.into_iter().enumerate() {
        t.matches += 1;
        t.add_group(deal as u64, sums);
    }
    t
}

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

fn experiment(seed: u64, matches: u64, per_match: usize, uniform: bool) -> KindTally {
    let mut rng = Rng::seed_from_u64(seed);
    tally_of((0..matches).map(|_| {
        let mut m = MatchSums::default();
        for _ in 0..per_match {
            decide(&mut rng, uniform, &mut m);
        }
        m
    }))
}

#[test]
fn weighting_recovers_the_effect_where_a_plain_comparison_is_confounded() {
    let weighted = contrast(&experiment(1, 40_000, 1, true)).unwrap();
    assert!(
        weighted.low < 0.2 && 0.2 < weighted.high,
        "IPW: {weighted:?} should cover the true +0.20"
    );
    let plain = contrast(&experiment(1, 40_000, 1, false)).unwrap();
    // The plain difference is near 0.333 (see `decide`): far outside its own interval of 0.2.
    assert!(plain.low > 0.3, "the confounded comparison: {plain:?}");
}

#[test]
fn the_interval_covers_the_true_effect_about_95_times_in_100() {
    let covered = (0..400)
        .filter(|&seed| {
            let c = contrast(&experiment(100 + seed, 2_000, 3, true)).unwrap();
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
    // Both sizes: clusters one by one (CR2) and beyond the list (CR1).
    for clusters in [200, 5_000] {
        let mut rng = Rng::seed_from_u64(7);
        let shared = tally_of((0..clusters).map(|_| {
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
            m
        }));
        let c = contrast(&shared).unwrap();
        assert_eq!(c.difference, 0.0, "both sides saw the same outcomes");
        assert!(c.se < 1e-9, "no within-match contrast, so no sampling error: {c:?}");
    }
}

#[test]
fn no_interval_without_both_sides_in_two_groups_each() {
    let t = |sums: &[MatchSums]| tally_of(sums.iter().copied());
    let taken = |y: i64| MatchSums { ty: y, tw: 1, ny: 0, nw: 0 };
    let not = |y: i64| MatchSums { ty: 0, tw: 0, ny: y, nw: 1 };
    assert!(contrast(&t(&[taken(840), taken(0)])).is_none(), "never passed over");
    // Passed over in one group only: the difference stands, but nothing measures that side's
    // variation (the linearized variance took it for none at all), so there is no interval.
    let one = contrast(&t(&[taken(840), taken(0), taken(840), not(0)])).unwrap();
    assert!((one.difference - 2.0 / 3.0).abs() < 1e-12, "{one:?}");
    assert!(one.method.is_none() && one.low.is_nan() && one.high.is_nan() && one.se.is_nan());
    let two = contrast(&t(&[taken(840), taken(0), not(840), not(0)])).unwrap();
    assert!(two.method.is_some() && two.low < two.difference && two.difference < two.high);
    // Such a row has no p-value, no mark and cannot be the lever.
    let mut counts = vec![t(&[taken(840), taken(840), taken(840), not(0)])];
    counts[0].legal = 4;
    let kinds = [OptionKind::new("once", "once")];
    let rows = bot_rows("random", Evidence::Causal, &kinds, &counts, 0.0);
    assert_eq!((rows[0].p_holm, rows[0].mark), (None, None));
    assert!(rows[0].contrast.unwrap().difference == 1.0 && strongest_lever(&rows).is_none());
}

fn tally_for(effects: &[(f64, u64)]) -> Vec<KindTally> {
    effects
        .iter()
        .enumerate()
        .map(|(k, &(effect, matches))| {
            let mut rng = Rng::seed_from_u64(k as u64);
            let mut t = tally_of((0..matches).map(|_| {
                let taken = rng.random_bool(0.5);
                let p = 0.5 + if taken { effect / 2.0 } else { -effect / 2.0 };
                let y = if rng.random_bool(p) { SHARE_UNIT as i64 } else { 0 };
                let w = 2 * WEIGHT_UNIT as i64;
                if taken {
                    MatchSums { ty: w * y, tw: w, ..Default::default() }
                } else {
                    MatchSums { ny: w * y, nw: w, ..Default::default() }
                }
            }));
            t.legal = matches;
            t.taken = matches / 2;
            t.random_takes = matches * WEIGHT_UNIT / 2;
            t
        })
        .collect()
}

#[test]
fn marks_need_the_margin_passed_with_significance() {
    let kinds: Vec<OptionKind> =
        ["big", "small", "none", "bad"].iter().map(|k| OptionKind::new(*k, *k)).collect();
    let counts = tally_for(&[(0.2, 20_000), (0.02, 20_000), (0.0, 20_000), (-0.2, 20_000)]);
    let rows = bot_rows("random", Evidence::Causal, &kinds, &counts, 0.05);
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
    assert!(rows.iter().all(|r| r.contrast.unwrap().method == Some(variance::Method::Cr1)));
}

/// The strongest lever by what its interval still supports, among kinds seen often enough on
/// both sides: not the widest interval's centre, and not a kind taken in a few deals.
#[test]
fn the_strongest_lever_is_not_chosen_by_noise() {
    let row = |id: &str, evidence, (low, high): (f64, f64), (taken, not): (u64, u64)| {
        let kind = OptionKind::new(id, id);
        let difference = (low + high) / 2.0;
        let contrast = table::Contrast {
            when_taken: 0.5 + difference,
            when_not: 0.5,
            difference,
            se: (high - low) / 4.0,
            df: (taken.min(not) - 1) as f64,
            low,
            high,
            method: Some(variance::Method::Cr2),
        };
        table::OptionRow {
            bot: "random".into(),
            evidence,
            kind,
            legal: taken + not,
            taken,
            forced: 0,
            random_takes: taken as f64,
            matches: taken + not,
            clusters_taken: taken,
            clusters_not_taken: not,
            contrast: Some(contrast),
            p_holm: Some(0.001),
            mark: None,
        }
    };
    let mut rows = vec![
        row("wide", Evidence::Causal, (0.05, 0.75), (500, 500)),
        row("narrow", Evidence::Causal, (0.15, 0.25), (5_000, 5_000)),
        row("rare", Evidence::Causal, (0.30, 0.90), (99, 5_000)),
        row("harmful", Evidence::Causal, (-0.26, -0.14), (800, 900)),
        row("greedy's", Evidence::Associational, (0.50, 0.60), (5_000, 5_000)),
    ];
    assert_eq!(strongest_lever(&rows).unwrap().kind.id, "narrow", "0.15 supported, not 0.05");
    rows[3] = row("harmful", Evidence::Causal, (-0.26, -0.16), (800, 900));
    assert_eq!(strongest_lever(&rows).unwrap().kind.id, "harmful", "an effect either way");
    rows.truncate(1);
    rows[0].p_holm = Some(0.2);
    assert!(strongest_lever(&rows).is_none(), "not significant");
    let rows = [
        row("rare", Evidence::Causal, (0.30, 0.90), (99, 5_000)),
        row("greedy's", Evidence::Associational, (0.50, 0.60), (5_000, 5_000)),
    ];
    assert_eq!(strongest_lever(&rows).unwrap().kind.id, "greedy's", "only causal rows first");
    assert!(table::LEVER_RULE.contains(&table::LEVER_MIN_CLUSTERS.to_string()));
}

#[test]
fn nothing_significant_means_no_lever() {
    let kinds = vec![OptionKind::new("none", "none")];
    let rows = bot_rows("random", Evidence::Causal, &kinds, &tally_for(&[(0.0, 2_000)]), 0.01);
    assert!(strongest_lever(&rows).is_none());
}

#[test]
fn tallies_merge_in_any_order_and_survive_json() {
    let mut a = OptionTally::default();
    a.kind_mut(1, 3, 2).legal = 5;
    a.kind_mut(0, 3, 0).add_group(4, MatchSums { ty: 840, tw: 4096, ny: 0, nw: 8192 });
    let mut b = OptionTally::default();
    b.kind_mut(0, 3, 0).taken = 2;
    b.kind_mut(0, 3, 0).add_group(1, MatchSums { ty: 0, tw: 4096, ny: 840, nw: 4096 });
    b.kind_mut(2, 3, 1).forced = 1;
    let (mut ab, mut ba) = (a.clone(), b.clone());
    ab.merge(&b);
    ba.merge(&a);
    assert_eq!(ab, ba);
    assert_eq!(ab.groups[0][0].few.clusters.len(), 2, "both groups, sorted: {ab:?}");
    let text = serde_json::to_string(&ab).unwrap();
    assert_eq!(serde_json::from_str::<OptionTally>(&text).unwrap(), ab);
    assert!(!ab.is_empty());
    assert!(OptionTally::default().is_empty());
}
