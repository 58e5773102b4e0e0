//! The sweep conclusion's words on made-up sweeps: a known change, a known trend,
//! matches that hit the turn cap, and a trend that cannot be given.

use super::*;
use crate::stats::verdict_flags::VerdictFlags;

/// Three variants of a two-seat game, each match's dice shared (one uniform draw per
/// match): seat 0 wins when the draw is below `p[v]`; a match lasts `10 + 2·value`
/// turns plus the match's own noise, so the length's slope is exactly 2 a unit.
fn sweep(p: [f64; 3], n: u64) -> (Vec<Tally>, PairedSums) {
    let mut tallies = vec![Tally::new(2, 0); 3];
    let quantities = vec!["seat0_win".into(), "seat1_win".into(), "turns".into()];
    let mut paired = PairedSums::new(3, quantities, 0).keep_joint(3).keep_buckets(2);
    let mut state = 12345u64;
    for i in 0..n {
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
        paired.add(i, &x);
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
        verdict: VerdictFlags::default(),
        numeric: Some(("k", values)),
    })
}

#[test]
fn variants_that_play_alike_are_said_to_be_no_fairer() {
    let l = lines([0.5, 0.5, 0.5], 20_000);
    // Every variant wins exactly as the baseline on every deal: nothing to tell apart.
    assert!(
        l[0].starts_with("No variant is shown fairer or less fair than k=1 (baseline): every variant's seats won exactly as its own on the same deals"),
        "{l:?}"
    );
    assert!(
        l[1].starts_with(
            "No seat's win share in any variant differs from k=1 (baseline)'s beyond chance"
        ),
        "{l:?}"
    );
    assert!(l[1].contains("Holm over 2 variants × 2 seats; n = 20000"), "{l:?}");
    // The length grows by exactly 2 turns a unit, with no seat trend.
    assert!(l[4].contains("lengthens a game by 2.000 turns [2.000, 2.000]"), "{l:?}");
    assert!(l[5].starts_with("No measurable linear trend of k on seat balance"), "{l:?}");
    // Every variant is the same coin, seat 0 winning 50.4% of 20,000: each variant alone is
    // within ±1 pp (its 90% interval reaches ±0.58 pp), all three at once are not (±0.75).
    assert!(
        l[2].starts_with("No variant is shown within ±1 pp for every seat, all 3 variants at once; each alone (its own verdict at 5%, not adjusted over the variants), within ±1 pp: k=1 (baseline), k=2 and k=3"),
        "{l:?}"
    );
}

/// The question a sweep asks of fairness is answered of fairness: the largest seat
/// deviation, paired against the baseline's, not whether some seat's share moved.
#[test]
fn a_variant_nearer_fair_is_named_fairer_by_its_paired_difference_in_deviation() {
    // The baseline and k=2 give seat 0 60%; k=3 gives it 50%.
    let l = lines([0.6, 0.6, 0.5], 4_000);
    // Seat 0's share is 59.8% at k=1 and k=2, 50.8% at k=3: 9.0 pp nearer fair.
    assert!(l[0].starts_with("Fairer than k=1 (baseline): k=3 by 9.0 pp [6."), "{l:?}");
    assert!(l[0].contains("k=2 +0.0 [+0.0, +0.0], k=3 -9.0 [-11."), "{l:?}");
    assert!(
        l[0].contains("paired bootstrap over 64 buckets of deal groups, 95% simultaneous over 2 variants; n = 4000 paired matches"),
        "{l:?}"
    );
    // Its interval is about the difference, and excludes 0 by far.
    let (tallies, paired) = sweep([0.6, 0.6, 0.5], 4_000);
    let fair = fairness::compare(&paired).unwrap();
    let k3 = fair.diffs[1];
    assert!(k3.low < k3.diff_pp && k3.diff_pp < k3.high && k3.high < -5.0, "{fair:?}");
    assert!((fair.baseline_pp - largest_deviation(&tallies[0]).pp).abs() < 1e-9, "{fair:?}");
    // Two variants a little off fair, neither shown apart: the line says how large a
    // difference could be told, and that a baseline nearer fair than that cannot be beaten.
    let l = lines([0.503, 0.5, 0.506], 4_000);
    assert!(
        l[0].starts_with(
            "No variant is shown fairer or less fair than k=1 (baseline): differences under "
        ),
        "{l:?}"
    );
    assert!(l[0].contains(" pp cannot be told at this n, and k=1 (baseline)'s own is 0."), "{l:?}");
    assert!(l[0].contains("so no variant could have been shown fairer"), "{l:?}");
    assert!(!l.iter().any(|x| x.contains("measurably fairer")), "{l:?}");
}

#[test]
fn a_variant_that_moves_a_seat_away_from_fair_is_named_less_fair() {
    let l = lines([0.5, 0.5, 0.6], 4_000);
    assert!(l[0].starts_with("Less fair than k=1 (baseline): k=3 by 9.0 pp [6."), "{l:?}");
    assert!(
        l[1].starts_with("Seats' shares measurably changed from k=1 (baseline), each changed seat's share of decisive matches farther from a fair share: k=3 (seat 0 +10."),
        "{l:?}"
    );
    assert!(!l[1].contains("k=2 ("), "k=2 plays exactly as the baseline: {l:?}");
    assert!(l[2].contains("unfair by more than ±1 pp: k=3"), "{l:?}");
    assert!(l[5].starts_with("k moves seat balance: seat 0 +5."), "{l:?}");
    assert!(l[3].contains("is not told apart from k=2 (the intervals overlap)"), "{l:?}");
    // Moving back toward the fair share: where the seat moved, in the changes' words.
    let l = lines([0.6, 0.6, 0.5], 4_000);
    assert!(
        l[1].starts_with("Seats' shares measurably changed from k=1 (baseline), each changed seat's share of decisive matches nearer a fair share: k=3 (seat 0 -10."),
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
        PairedSums::new(3, vec!["seat0_win".into(), "seat1_win".into(), "turns".into()], 0)
            .keep_buckets(2);
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
        paired.add(i, &x);
    }
    let l = conclude(&SweepFacts {
        tallies: &tallies,
        paired: &paired,
        names: &names,
        labels: &["random".into()],
        verdict: VerdictFlags::default(),
        numeric: None,
    });
    assert!(!l[1].contains("farther from a fair share"), "{l:?}");
    assert!(
        l[1].contains("in how often a match has a sole winner") && l[1].contains("cap=60 ("),
        "{l:?}"
    );
    assert!(l[1].contains("70.0% of its matches end without a sole winner, against 0.0%"), "{l:?}");
    assert!(l[3].contains("cap=1 undefined (no decisive match)") && !l[3].contains("NaN"), "{l:?}");
    assert!(!l.iter().any(|x| x.contains("NaN")), "{l:?}");
    // A variant with no decisive match has no deviation to compare.
    assert!(l[0].contains("cap=60 ") && !l[0].contains("cap=1 "), "{l:?}");
}

/// The conclusion of `k` variants of a fair two-seat coin over `n` matches (each seat wins
/// every other), the rule's value `1..=k` and a match `10 + value` turns long; `joint`:
/// whether the joint sums and buckets were asked for, as a sweep asks (and gets none past
/// [`MAX_JOINT_VARIANTS`] variants).
fn conclude_fair_coins(k: usize, joint: bool, n: u64) -> Vec<String> {
    let quantities = vec!["seat0_win".into(), "seat1_win".into(), "turns".into()];
    let mut paired = PairedSums::new(k, quantities, 0);
    if joint {
        paired = paired.keep_joint(3).keep_buckets(2);
    }
    let mut tallies = vec![Tally::new(2, 0); k];
    let units = SHARE_UNIT as i64;
    for i in 0..n {
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
        paired.add(i / 2, &x);
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
    let kept = conclude_fair_coins(MAX_JOINT_VARIANTS, true, 200);
    assert!(
        kept.iter().any(|x| x.starts_with("Each unit more of k lengthens a game by 1.000")),
        "{kept:?}"
    );
    assert!(!kept.iter().any(|x| x.contains("No trend")), "{kept:?}");
    // Past it, a sweep keeps no joint sums, and the line says so.
    let many = conclude_fair_coins(MAX_JOINT_VARIANTS + 1, true, 200);
    assert_eq!(
        trend(&many),
        vec![format!(
            "No trend of k is given: this sweep has {} variants (the baseline among them), and the paired covariances a trend needs are kept for at most {MAX_JOINT_VARIANTS} (they grow with the square of the variants); sweep fewer values of k to get it.",
            MAX_JOINT_VARIANTS + 1
        )],
        "{many:?}"
    );
    // Few variants without the joint sums: tallies from before they were kept.
    let old = conclude_fair_coins(3, false, 200);
    assert_eq!(
        trend(&old),
        vec!["No trend of k is given: this sweep's tallies were saved by an arena that did not keep the paired covariances a trend needs (an older checkpoint or shard); rerun the sweep to get it.".to_string()],
        "{old:?}"
    );
    // Two values ask for no trend: nothing is said of one.
    assert!(trend(&conclude_fair_coins(2, false, 200)).is_empty());
}

/// "Shown within the margin" of several variants is a claim about them all at once: each
/// variant's tests at 5% split over the variants. What each variant's own 5% verdict says
/// besides is said to be of each alone.
#[test]
fn variants_shown_within_the_margin_are_shown_so_all_at_once() {
    // Exactly 50% of 8,000 matches: the 90% interval reaches ±0.92 pp (within ±1 pp), the
    // one at 1 - 2·5%/3 ±1.19 pp (not).
    let l = conclude_fair_coins(3, true, 8_000);
    assert!(
        l[2].starts_with("No variant is shown within ±1 pp for every seat, all 3 variants at once; each alone (its own verdict at 5%, not adjusted over the variants), within ±1 pp: k=1, k=2 and k=3"),
        "{l:?}"
    );
    assert!(l[2].contains("its tests at 5%/3: Bonferroni over the variants;"), "{l:?}");
    // The open claim says how many more matches per variant would tell, at its own
    // level (5%/3), so more than each variant's own verdict at 5% needs; planned for the
    // true shares the 8,000 allow (up to a point from fair), not for exactly 50%.
    let (_, after) = l[2].split_once("; about ").expect("the advice");
    let (count, rest) = after.split_once(" more matches per variant would tell for ").unwrap();
    let more: u64 = count.replace(',', "").parse().unwrap();
    let mut coin = Tally::new(2, 0);
    coin.matches = 8_000;
    for seat in &mut coin.seats {
        (seat.matches, seat.wins, seat.win_units) = (8_000, 4_000, 4_000 * SHARE_UNIT);
    }
    let at = |alpha: f64| match more::more_to_decide(&coin, VerdictFlags::default(), alpha) {
        Some(more::MoreMatches::About(n)) => n,
        other => panic!("{other:?}"),
    };
    assert_eq!(count, crate::stats::verdict::round_count(at(0.05 / 3.0)), "{l:?}");
    // Each alone is already decided at 5%: one more match keeps it so.
    assert!(more > 1_000 && at(0.05) == 1, "{more} at 5%/3, {} at 5%", at(0.05));
    assert!(rest.starts_with("k=1, k=2 and k=3 (a chance of 80% each)"), "{l:?}");
    // At 20,000 the interval at 1 - 2·5%/3 is ±0.75 pp: shown at once, nothing besides.
    let l = conclude_fair_coins(3, true, 20_000);
    assert!(
        l[2].starts_with("Shown within ±1 pp for every seat, all 3 variants at once: k=1"),
        "{l:?}"
    );
    assert!(!l[2].contains("each alone"), "{l:?}");
    assert!(!l[2].contains("more matches per variant"), "{l:?}");
}

/// The trend's bound is on how much the line changes a seat's share across the tested
/// values: said as such, and not set against the margin, which is about distance from fair.
#[test]
fn the_trend_bound_is_a_change_not_held_against_the_margin() {
    let l = conclude_fair_coins(3, true, 20_000);
    let trend = l.iter().find(|x| x.starts_with("No measurable linear trend of k")).unwrap();
    assert!(
        trend.contains(
            "; from k=1 to 3 the straight-line trend changes no seat's share by more than "
        ),
        "{trend}"
    );
    assert!(
        trend.ends_with(
            " pp (95%, every seat at once; a change along the line, not a distance from fair)."
        ),
        "{trend}"
    );
    assert!(!trend.contains("inside ±"), "{trend}");
}

/// `variants` variants of a 4-seat game with the same true shares, playing `n` matches on
/// the same deals: each variant's winner is the baseline's on a share `shared` of the
/// matches (common random numbers), its own draw otherwise.
fn same_shares(rng: &mut crate::core::Rng, variants: usize, n: u64, shared: f64) -> PairedSums {
    use rand::RngExt;
    let truth = [0.255, 0.25, 0.247, 0.248];
    let draw = |u: f64| {
        let mut acc = 0.0;
        truth
            .iter()
            .position(|p| {
                acc += p;
                u < acc
            })
            .unwrap_or(3)
    };
    let quantities = (0..4).map(|s| format!("seat{s}_win")).collect();
    let mut paired = PairedSums::new(variants, quantities, 0).keep_buckets(4);
    let units = SHARE_UNIT as i64;
    for i in 0..n {
        let base = draw(rng.random::<f64>());
        let x: Vec<Vec<i64>> = (0..variants)
            .map(|v| {
                let own = if v == 0 || rng.random::<f64>() < shared {
                    base
                } else {
                    draw(rng.random::<f64>())
                };
                (0..4).map(|s| (s == own) as i64 * units).collect()
            })
            .collect();
        paired.add(i, &x);
    }
    paired
}

crate::sampled! {
    /// Variants exactly as fair as the baseline are named fairer or less fair (any of them)
    /// in at most 5% of sweeps, beyond simulation noise: the intervals are simultaneous.
    fn no_variant_is_named_fairer_when_all_are_equally_fair(runs = 400, sample = 30) {
        let mut rng = crate::core::rng_from_seed(58);
        let mut named = 0;
        for _ in 0..runs {
            let paired = same_shares(&mut rng, 4, 20_000, 0.7);
            let fair = fairness::compare(&paired).unwrap();
            named += fair.diffs.iter().any(|d| d.high < 0.0 || d.low > 0.0) as u64;
        }
        let rate = named as f64 / runs as f64;
        let allowed = 0.05 + 3.0 * (0.05f64 * 0.95 / runs as f64).sqrt();
        eprintln!("equally fair variants named fairer or less fair in {named} of {runs} sweeps");
        assert!(rate <= allowed, "{rate} > {allowed}");
    }
}

/// A tally of `wins.len()` seats whose every match had a sole winner, seat s winning
/// `wins[s]`.
fn decisive_tally(wins: &[u64]) -> Tally {
    let mut t = Tally::new(wins.len(), 0);
    t.matches = wins.iter().sum();
    for (side, &w) in t.seats.iter_mut().zip(wins) {
        side.matches = t.matches;
        side.wins = w;
        side.win_units = w * SHARE_UNIT;
    }
    t
}

/// The words and the figure answer one question: a variant's largest-deviation interval
/// ends at the margin or below exactly when its own verdict shows every seat within it, and
/// starts beyond the margin only when some seat is shown beyond it. A Wilson interval at
/// 1 − 5%/seats did not: "within ±1 pp" was printed beside [0.0, 1.3].
#[test]
fn a_deviation_interval_ends_within_the_margin_exactly_when_the_verdict_says_within() {
    let mut checked = (0, 0);
    for n in [2_000u64, 5_000, 9_865, 20_000, 80_000] {
        for tenths in 0..=30 {
            // Seat 0 `tenths`/10 pp above a fair 25%, seat 1 as far below, seats 2 and 3 fair.
            let off = (n as f64 * tenths as f64 / 1000.0).round() as u64;
            let quarter = n / 4;
            let wins = [quarter + off, quarter - off, quarter, n - 3 * quarter];
            let t = decisive_tally(&wins);
            let seats = seat_balances(&t);
            let within = matches!(answer(&seats, 1.0), Answer::Fair | Answer::SmallEdge);
            let d = largest_deviation(&t);
            assert_eq!(within, d.high <= 1.0, "n = {n}, {wins:?}: {d:?}");
            let beyond = seats.iter().any(|s| {
                crate::stats::verdict::relevance(s.sole_wins, s.decisive, 0.25, 1.0, 4)
                    == crate::stats::verdict::Relevance::Beyond
            });
            assert_eq!(beyond, d.low > 1.0, "n = {n}, {wins:?}: {d:?}");
            assert!(d.low <= d.pp && d.pp <= d.high, "{d:?}");
            // As printed, to a tenth: the words and the printed ends still agree.
            let (low, high) = printed_ends(d.low, d.high, 1.0);
            assert_eq!(within, high <= 1.0 + 1e-12, "n = {n}, {wins:?}: {d:?}");
            assert_eq!(beyond, low > 1.0 + 1e-12, "n = {n}, {wins:?}: {d:?}");
            assert!((high - d.high).abs() < 0.1 + 1e-9 && (low - d.low).abs() < 0.1 + 1e-9);
            if within { checked.0 += 1 } else { checked.1 += 1 }
        }
    }
    assert!(checked.0 > 10 && checked.1 > 10, "both answers were met: {checked:?}");
}

/// The tune that printed "within ±1 pp" beside "0.2 [0.0, 1.3]": 9,865 decisive matches of
/// four seats, seat 1 at 24.8%. Its verdict is within ±1 pp, and now so is its figure.
#[test]
fn a_tune_confirmation_within_the_margin_prints_an_interval_inside_it() {
    let tallies = [decisive_tally(&[2_480, 2_446, 2_470, 2_469])];
    let names = ["the current values (baseline)".to_string()];
    let t = &tallies[0];
    assert_eq!(answer(&seat_balances(t), 1.0), Answer::Fair);
    let d = largest_deviation(t);
    assert!(d.high <= 1.0 && d.high > 0.5, "{d:?}");
    let paired = PairedSums::new(1, vec!["seat0_win".into()], 0);
    let facts = SweepFacts {
        tallies: &tallies,
        paired: &paired,
        names: &names,
        labels: &["greedy".into()],
        verdict: VerdictFlags::default(),
        numeric: None,
    };
    let line = deviation_line(&facts).plain;
    assert!(
        line.starts_with("Largest seat deviation from a fair share of decisive matches, in pp, each with its own verdict's 90% interval (shown within ±1 pp where the interval ends at 1 or below): the current values (baseline) 0.2 [0.0, 0.9]"),
        "{line}"
    );
    assert!(!line.contains("1.3"), "{line}");
    // Printed to a tenth, an end never crosses the margin its true value lies on a side of.
    assert_eq!(printed_ends(1.03, 1.04, 1.0), (1.1, 1.1));
    assert_eq!(printed_ends(0.0, 0.96, 1.0), (0.0, 1.0));
    assert_eq!(printed_ends(0.2, 2.46, 2.5), (0.2, 2.5));
    assert_eq!(printed_ends(0.2, 2.52, 2.5), (0.2, 2.6));
}
