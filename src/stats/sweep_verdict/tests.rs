//! The sweep conclusion's words on made-up sweeps: a known change, a known trend,
//! matches that hit the turn cap, and a trend that cannot be given.

use super::*;

/// Three variants of a two-seat game, each match's dice shared (one uniform draw per
/// match): seat 0 wins when the draw is below `p[v]`; a match lasts `10 + 2·value`
/// turns plus the match's own noise, so the length's slope is exactly 2 a unit.
fn sweep(p: [f64; 3], n: u64) -> (Vec<Tally>, PairedSums) {
    let mut tallies = vec![Tally::new(2, 0); 3];
    let quantities = vec!["seat0_win".into(), "seat1_win".into(), "turns".into()];
    let mut paired = PairedSums::new(3, quantities, 0).keep_joint(3);
    let mut state = 12345u64;
    for _ in 0..n {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let u = (state >> 11) as f64 / (1u64 << 53) as f64;
        let noise = (state >> 60) as i64;
        let mut x = Vec::new();
        for v in 0..3 {
            let seat0 = u < p[v];
            let t = &mut tallies[v];
            t.matches += 1;
            for s in 0..2 {
                t.seats[s].matches += 1;
            }
            let winner = if seat0 { 0 } else { 1 };
            t.seats[winner].wins += 1;
            t.seats[winner].win_units += SHARE_UNIT;
            let units = SHARE_UNIT as i64;
            x.push(vec![
                seat0 as i64 * units,
                (!seat0) as i64 * units,
                10 + 2 * (v as i64 + 1) + noise,
            ]);
        }
        paired.add(0, &x);
    }
    (tallies, paired)
}

fn lines(p: [f64; 3], n: u64) -> Vec<String> {
    let (tallies, paired) = sweep(p, n);
    let names: Vec<String> = ["k=1 (baseline)", "k=2", "k=3"].map(String::from).into();
    conclude_k(&tallies, &paired, &names)
}

/// The conclusion of random-bot variants named `names`, a numeric rule `k` = 1, 2, ...
fn conclude_k(tallies: &[Tally], paired: &PairedSums, names: &[String]) -> Vec<String> {
    let values = (1..=names.len()).map(|v| v as f64).collect();
    conclude(&SweepFacts {
        tallies,
        paired,
        names,
        labels: &["random".into()],
        margin_pp: 1.0,
        numeric: Some(("k", values)),
    })
}

#[test]
fn variants_that_play_alike_are_said_to_be_no_fairer() {
    let l = lines([0.5, 0.5, 0.5], 20_000);
    assert!(l[0].starts_with("No variant is measurably fairer or less fair than k=1"), "{l:?}");
    assert!(l[0].contains("Holm over 2 variants × 2 seats; n = 20000"), "{l:?}");
    // The length grows by exactly 2 turns a unit, with no seat trend.
    assert!(l[3].contains("lengthens a game by 2.000 turns [2.000, 2.000]"), "{l:?}");
    assert!(l[4].starts_with("No measurable linear trend of k on seat balance"), "{l:?}");
    // Every variant is the same fair coin: all shown within the margin, as a range.
    assert!(
        l[1].contains("Shown within ±1 pp for every seat: k=1 (baseline), k=2 and k=3"),
        "{l:?}"
    );
    assert!(l[1].contains("from 1 to 3"), "{l:?}");
}

#[test]
fn a_variant_that_moves_a_seat_away_from_fair_is_named_less_fair() {
    let l = lines([0.5, 0.5, 0.6], 4_000);
    assert!(
        l[0].starts_with("Measurably different from k=1 (baseline), and less fair by the estimates (each changed seat's share of decisive matches farther from a fair share): k=3 (seat 0 +10."),
        "{l:?}"
    );
    assert!(!l[0].contains("k=2 ("), "k=2 plays exactly as the baseline: {l:?}");
    assert!(l[1].contains("unfair by more than ±1 pp: k=3"), "{l:?}");
    assert!(l[4].starts_with("k moves seat balance: seat 0 +5."), "{l:?}");
    assert!(l[2].contains("is not told apart from k=2 (the intervals overlap)"), "{l:?}");
    // Moving back toward the fair share reads as fairer.
    let l = lines([0.6, 0.6, 0.5], 4_000);
    assert!(
        l[0].starts_with("Measurably different from k=1 (baseline), and fairer by the estimates (each changed seat's share of decisive matches nearer a fair share): k=3 (seat 0 -10."),
        "{l:?}"
    );
}

#[test]
fn the_largest_deviation_interval_holds_the_estimate_and_starts_at_zero_near_fair() {
    let (tallies, _) = sweep([0.5, 0.5, 0.6], 4_000);
    let fair = largest_deviation(&tallies[0]);
    assert!(fair.low == 0.0 && fair.pp <= fair.high, "{fair:?}");
    let edge = largest_deviation(&tallies[2]);
    assert!(
        (edge.pp - 10.0).abs() < 2.0 && edge.low > 5.0 && edge.low < edge.pp && edge.pp < edge.high,
        "{edge:?}"
    );
    assert!(largest_deviation(&Tally::new(2, 0)).pp.is_nan(), "no decisive match: undefined");
}

/// A variant whose matches mostly hit the turn cap lowers every seat's win share, but
/// not the balance of the decisive matches: it must not be called less fair; a variant
/// with no decisive match has no deviation, said in words, not "NaN".
#[test]
fn more_capped_matches_are_not_less_fair_and_no_decisive_match_is_said_in_words() {
    let names: Vec<String> = ["cap=1000 (baseline)", "cap=60", "cap=1"].map(String::from).into();
    let mut tallies = vec![Tally::new(2, 0); 3];
    let mut paired =
        PairedSums::new(3, vec!["seat0_win".into(), "seat1_win".into(), "turns".into()], 0);
    let units = SHARE_UNIT as i64;
    for i in 0..2_000u64 {
        let winner = if i % 100 < 52 { 0 } else { 1 };
        // cap=60 caps 70% of the matches, spread evenly over winners; cap=1 caps all.
        let capped = [false, i % 10 < 7, true];
        let mut x = Vec::new();
        for v in 0..3 {
            let t = &mut tallies[v];
            t.matches += 1;
            t.seats[0].matches += 1;
            t.seats[1].matches += 1;
            if capped[v] {
                t.capped += 1;
                x.push(vec![0, 0, 60]);
            } else {
                t.seats[winner].wins += 1;
                t.seats[winner].win_units += SHARE_UNIT;
                let w = [(winner == 0) as i64 * units, (winner == 1) as i64 * units];
                x.push(vec![w[0], w[1], 40]);
            }
        }
        paired.add(0, &x);
    }
    let l = conclude(&SweepFacts {
        tallies: &tallies,
        paired: &paired,
        names: &names,
        labels: &["random".into()],
        margin_pp: 1.0,
        numeric: None,
    });
    assert!(!l[0].contains("less fair by the estimates"), "{l:?}");
    assert!(
        l[0].contains("in how often a match has a sole winner") && l[0].contains("cap=60 ("),
        "{l:?}"
    );
    assert!(l[0].contains("70.0% of its matches end without a sole winner, against 0.0%"), "{l:?}");
    assert!(l[2].contains("cap=1 undefined (no decisive match)") && !l[2].contains("NaN"), "{l:?}");
    assert!(!l.iter().any(|x| x.contains("NaN")), "{l:?}");
}

/// The conclusion of `k` variants of a fair two-seat coin, the rule's value `1..=k` and a
/// match `10 + value` turns long; `joint`: whether the joint sums were asked for, as a sweep
/// asks (and gets none past [`MAX_JOINT_VARIANTS`] variants).
fn conclude_fair_coins(k: usize, joint: bool) -> Vec<String> {
    let quantities = vec!["seat0_win".into(), "seat1_win".into(), "turns".into()];
    let mut paired = PairedSums::new(k, quantities, 0);
    if joint {
        paired = paired.keep_joint(3);
    }
    let mut tallies = vec![Tally::new(2, 0); k];
    let units = SHARE_UNIT as i64;
    for i in 0..200u64 {
        let winner = (i % 2) as usize;
        let mut x = Vec::new();
        for (v, t) in tallies.iter_mut().enumerate() {
            t.matches += 1;
            t.seats[0].matches += 1;
            t.seats[1].matches += 1;
            t.seats[winner].wins += 1;
            t.seats[winner].win_units += SHARE_UNIT;
            x.push(vec![(winner == 0) as i64 * units, (winner == 1) as i64 * units, 10 + v as i64]);
        }
        paired.add(0, &x);
    }
    let names: Vec<String> = (1..=k).map(|v| format!("k={v}")).collect();
    conclude_k(&tallies, &paired, &names)
}

/// A numeric rule's sweep whose trend cannot be computed says why in one line, instead of
/// leaving the trend out without a word: too many variants, or tallies without the joint
/// sums (saved by an older arena).
#[test]
fn a_trend_that_cannot_be_given_is_said_with_its_reason() {
    let trend = |l: &[String]| {
        l.iter()
            .filter(|x| x.contains("trend") || x.contains("unit more"))
            .cloned()
            .collect::<Vec<_>>()
    };
    // Up to the limit the trend is given.
    let kept = conclude_fair_coins(MAX_JOINT_VARIANTS, true);
    assert!(
        kept.iter().any(|x| x.starts_with("Each unit more of k lengthens a game by 1.000")),
        "{kept:?}"
    );
    assert!(!kept.iter().any(|x| x.contains("No trend")), "{kept:?}");
    // Past it, a sweep keeps no joint sums, and the line says so.
    let many = conclude_fair_coins(MAX_JOINT_VARIANTS + 1, true);
    assert_eq!(
        trend(&many),
        vec![format!(
            "No trend of k is given: this sweep has {} variants (the baseline among them), and the paired covariances a trend needs are kept for at most {MAX_JOINT_VARIANTS} (they grow with the square of the variants); sweep fewer values of k to get it.",
            MAX_JOINT_VARIANTS + 1
        )],
        "{many:?}"
    );
    // Few variants without the joint sums: tallies from before they were kept.
    let old = conclude_fair_coins(3, false);
    assert_eq!(
        trend(&old),
        vec!["No trend of k is given: this sweep's tallies were saved by an arena that did not keep the paired covariances a trend needs (an older checkpoint or shard); rerun the sweep to get it.".to_string()],
        "{old:?}"
    );
    // Two values ask for no trend: nothing is said of one.
    assert!(trend(&conclude_fair_coins(2, false)).is_empty());
}
