//! The balance figures, the verdict's words and the ratings, on tallies built by hand.

use super::*;
use crate::core::{MatchLength, Outcome, ScoreOrder};

fn tally_of(results: &[(&[i32], &[u8])]) -> Tally {
    let mut t = Tally::new(2, 0);
    for (scores, slots) in results {
        let o = Outcome::finished(scores, ScoreOrder::HigherWins, 1, 1);
        t.record(&o, slots, &MatchLength::default(), None, &[]);
    }
    t
}

fn bots(labels: &[&str]) -> Vec<String> {
    labels.iter().map(|l| l.to_string()).collect()
}

#[test]
fn verdict_names_its_bots_and_warns_about_random_play() {
    // A seat's edge depends on how the seats are played: the verdict says which bots
    // produced it, and a lineup with a random bot gets the warning that stronger play can
    // change the answer.
    let mut results: Vec<(&[i32], &[u8])> = vec![(&[1, 0], &[0, 1]); 700];
    results.extend(vec![(&[0, 1][..], &[0u8, 1][..]); 300]);
    let t = tally_of(&results);
    let strong = balance(&t, &bots(&["greedy", "mcts:iterations=500"]), 1.0).verdict;
    assert!(
        strong.ends_with(
            "(exact binomial test; margin ±1 pp by TOST, 90% Clopper-Pearson; n = 1000), \
             with bots greedy,mcts:iterations=500"
        ),
        "{strong}"
    );
    assert!(!strong.contains("warning"), "{strong}");
    for lineup in [["random", "random"], ["greedy", "random:seed=1"]] {
        let v = balance(&t, &bots(&lineup), 1.0).verdict;
        assert!(v.contains(&format!(", with bots {}; warning: ", lineup.join(","))), "{v}");
        assert!(v.contains("can change with stronger play"), "{v}");
    }
    // A profile whose name only starts with "random" is not the random bot.
    assert!(!balance(&t, &bots(&["randomish", "greedy"]), 1.0).verdict.contains("warning"));
}

#[test]
fn verdict_names_the_favoured_seat_with_interval_and_p() {
    // Seat 0 wins 700 of 1000.
    let mut results: Vec<(&[i32], &[u8])> = vec![(&[1, 0], &[0, 1]); 700];
    results.extend(vec![(&[0, 1][..], &[0u8, 1][..]); 300]);
    let b = balance(&tally_of(&results), &bots(&["greedy", "mcts"]), 1.0);
    assert!(
        b.verdict.starts_with(
            "unfair by more than the ±1 pp margin: seat 0, the first to move, wins 20.0 pp more"
        ),
        "{}",
        b.verdict
    );
    assert!(b.verdict.contains("p < 0.001") && b.verdict.contains("n = 1000"), "{}", b.verdict);
    assert!(b.seats[0].diff_ci_pp.0 > 15.0 && b.seats[0].diff_ci_pp.1 < 25.0);
    assert!(b.chi_square.2 < 1e-6);
}

#[test]
fn verdict_says_when_nothing_is_shown() {
    let mut results: Vec<(&[i32], &[u8])> = vec![(&[1, 0], &[0, 1]); 505];
    results.extend(vec![(&[0, 1][..], &[0u8, 1][..]); 495]);
    let b = balance(&tally_of(&results), &bots(&["greedy", "mcts"]), 1.0);
    assert!(
        b.verdict.starts_with("not enough matches to tell whether the seats are fair within ±1 pp"),
        "{}",
        b.verdict
    );
    // 50.5% of 1,000 allows a true share anywhere from about 47% to 54% (±1.6 pp a standard
    // error), less than half of it within ±1 pp: the count must also let the shares beyond
    // the margin be shown beyond, which those near its edge make large. (Planned at 50.5% as
    // if it were the true share, the count was 62,000 more; the reruns in
    // `more_matches_tests` show why that promised too much.)
    assert!(
        b.verdict.contains(
            "about 150,000 more matches would tell whether every seat is within it \
             (a chance of 80%, averaged over the true shares the matches so far allow)"
        ),
        "{}",
        b.verdict
    );
    assert!(b.seats[0].p_value > 0.7);
}

fn tally3(sole: [u64; 3], draws01: u64) -> Tally {
    let mut t = Tally::new(3, 0);
    let len = MatchLength::default();
    for (seat, &k) in sole.iter().enumerate() {
        let mut scores = [0; 3];
        scores[seat] = 1;
        for _ in 0..k {
            t.record(
                &Outcome::finished(&scores, ScoreOrder::HigherWins, 1, 1),
                &[0, 1, 2],
                &len,
                None,
                &[],
            );
        }
    }
    for _ in 0..draws01 {
        t.record(
            &Outcome::finished(&[1, 1, 0], ScoreOrder::HigherWins, 1, 1),
            &[0, 1, 2],
            &len,
            None,
            &[],
        );
    }
    t
}

#[test]
fn the_test_and_the_reported_difference_are_the_same_quantity() {
    // Seat 2 wins 35.2% of decisive matches: more than a fair third, and the verdict must
    // say so even though draws between seats 0 and 1 lift their overall win shares.
    let b = balance(&tally3([9_000, 8_500, 9_500], 3_000), &bots(&["greedy"; 3]), 1.0);
    assert!(
        b.verdict.starts_with(
            "unfair by more than the ±1 pp margin: seat 2, the third to move, wins 1.9 pp more"
        ),
        "{}",
        b.verdict
    );
    assert!(b.verdict.contains("n = 27000 decisive of 30000 matches"), "{}", b.verdict);
    let s2 = &b.seats[2];
    assert!(s2.diff_ci_pp.0 > 0.0 && s2.p_holm < 0.05);
}

#[test]
fn one_test_decides_and_the_verdict_says_which_once() {
    // Deviations (+58, -58, 0) from 1020 each: chi-square 6.60 on 2 df (p = 0.037), but
    // the largest single-seat deviation (z = 2.22, p = 0.026) does not survive Holm (x3).
    // The Holm-adjusted exact tests decide; the chi-square stays in balance.csv and does
    // not speak in the verdict, so the verdict never says "differ" and "not shown" at once.
    let b = balance(&tally3([1_078, 962, 1_020], 0), &bots(&["greedy"; 3]), 1.0);
    assert!(b.chi_square.2 < 0.05, "{:?}", b.chi_square);
    assert!(b.seats.iter().all(|s| s.p_holm >= 0.05));
    assert!(b.verdict.starts_with("not enough matches to tell"), "{}", b.verdict);
    assert!(!b.verdict.contains("chi-square"), "{}", b.verdict);
    assert_eq!(b.verdict.matches("Holm-adjusted over 3 seats").count(), 1, "{}", b.verdict);
}

/// Two seats, seat 0 winning `wins` of `n` decisive matches, built from the counters.
fn two_seats(wins: u64, n: u64) -> Tally {
    let mut t = Tally::new(2, 0);
    t.matches = n;
    for (seat, w) in [(0, wins), (1, n - wins)] {
        let side = &mut t.seats[seat];
        side.matches = n;
        side.wins = w;
        side.win_units = w * crate::stats::SHARE_UNIT;
    }
    t
}

#[test]
fn the_margin_gives_four_answers() {
    let lineup = bots(&["greedy", "greedy"]);
    // +0.02 pp over 2,000,000 matches: inside ±1 pp and not significant.
    let fair = balance(&two_seats(1_000_400, 2_000_000), &lineup, 1.0).verdict;
    assert!(fair.starts_with("fair within ±1 pp: no seat's share"), "{fair}");
    // +0.3 pp over 2,000,000: significant, and shown inside ±1 pp.
    let small = balance(&two_seats(1_006_000, 2_000_000), &lineup, 1.0).verdict;
    assert!(small.starts_with("a real but small edge: seat 0"), "{small}");
    assert!(small.contains("significant, but within the ±1 pp margin"), "{small}");
    // +3 pp over 200,000: beyond the margin.
    let unfair = balance(&two_seats(106_000, 200_000), &lineup, 1.0).verdict;
    assert!(unfair.starts_with("unfair by more than the ±1 pp margin: seat 0"), "{unfair}");
    // +1.2 pp over 20,000: significant, but the interval straddles the margin's edge.
    let open = balance(&two_seats(10_240, 20_000), &lineup, 1.0).verdict;
    assert!(open.starts_with("a real edge, not yet shown to be within or beyond"), "{open}");
    assert!(open.contains("more matches would tell which"), "{open}");
    // +1.0 pp over 2,000,000: the interval (±0.06 pp) straddles the margin's edge itself.
    let edge = balance(&two_seats(1_020_000, 2_000_000), &lineup, 1.0).verdict;
    assert!(edge.starts_with("a real edge, not yet shown"), "{edge}");
    assert!(
        edge.contains(
            "seat 0's edge (+1.00 pp) lies within 0.00 pp of the margin: no affordable number \
             of matches (up to 20,000,000) tells which; at this n the data can decide a margin \
             of ±1.1 pp (every seat within), or a seat beyond ±0.9 pp"
        ),
        "{edge}"
    );
    // A wider margin turns the same small edge into a fair game.
    let wide = balance(&two_seats(10_240, 20_000), &lineup, 5.0).verdict;
    assert!(wide.starts_with("a real but small edge"), "{wide}");
}

#[test]
fn an_interval_is_cut_at_the_edge_of_what_it_measures_and_undefined_stays_undefined() {
    // Greedy against random at Pig once read "+99.0 pp [+97.0, +101.0]", past what a
    // difference of shares can be.
    assert_eq!(within(1.01, -1.0, 1.0), 1.0);
    assert_eq!(within(-1.3, -1.0, 1.0), -1.0);
    assert_eq!(within(0.4, -1.0, 1.0), 0.4);
    assert!(within(f64::NAN, -1.0, 1.0).is_nan(), "an empty cell, never a number");
}

#[test]
fn fixed_seating_gives_no_ratings() {
    let mut results: Vec<(&[i32], &[u8])> = vec![(&[1, 0], &[0, 1]); 600];
    results.extend(vec![(&[0, 1][..], &[0u8, 1][..]); 400]);
    let t = tally_of(&results);
    let labels = vec!["a".to_string(), "b".to_string()];
    let (rows, diff) = ratings(&t, &labels, 1);
    assert!(diff.is_none() && rows[1].elo.is_nan(), "{rows:?}");
    assert!(rows[1].method.starts_with("not estimable"));
}

#[test]
fn ludii_figures_count_as_ludii_does() {
    let mut t =
        tally_of(&[(&[1, 0], &[0, 1]), (&[1, 1], &[0, 1]), (&[0, 1], &[0, 1]), (&[1, 0], &[0, 1])]);
    t.record(&Outcome::capped(&[0, 0], 9, 1), &[0, 1], &MatchLength::default(), None, &[]);
    let s = shape(&t);
    let get = |name| s.iter().find(|f| f.figure == name).unwrap().value;
    assert_eq!(get("sole_winner_share"), 3.0 / 5.0);
    assert_eq!(get("draw_share"), 1.0 / 5.0);
    assert_eq!(get("capped_share"), 1.0 / 5.0);
    assert_eq!(get("seat0_sole_win_share"), 2.0 / 5.0);
    assert!((get("balance") - 0.8).abs() < 1e-12);
}

#[test]
fn the_interval_beside_a_verdict_is_the_one_that_decided_it() {
    // 17,591 of 34,800 decisive matches to seat 0 (+0.55 pp): the 90% Clopper-Pearson
    // interval, the margin test's, lies inside ±1 pp, so the verdict is "a real but small
    // edge"; the descriptive 95% Wilson interval reaches past +1 pp. Printed beside the
    // verdict, that one contradicted it.
    let t = simulate::tally_of(&[17_591, 34_800 - 17_591]);
    let b = balance(&t, &bots(&["greedy", "greedy"]), 1.0);
    assert_eq!(answer(&b.seats, 1.0), crate::stats::verdict::Answer::SmallEdge);
    let wilson_high = b.seats[0].diff_ci_pp.1;
    assert!(wilson_high > 1.0, "the 95% interval crosses the margin: {wilson_high}");
    let e = seat_edge(&b.seats, 1.0, &Levels::FIXED).unwrap();
    assert!(e.interval_pp.1 <= 1.0, "{e:?}");
    let shown = format!(
        "[{:.1}, {:.1}] (90% Clopper-Pearson, the deciding interval)",
        e.interval_pp.0, e.interval_pp.1
    );
    assert!(b.verdict.contains(&shown), "{}", b.verdict);
    assert!(!b.verdict.contains(&format!("{wilson_high:.1}]")), "{}", b.verdict);
    // An unfair answer among four seats is decided by the test beyond the margin at 5%/4
    // one-sided: its interval is the 97.5% one.
    let t = simulate::tally_of(&[3_000, 2_300, 2_300, 2_400]);
    let b = balance(&t, &bots(&["greedy"; 4]), 1.0);
    assert!(b.verdict.starts_with("unfair by more than"), "{}", b.verdict);
    assert!(b.verdict.contains("(97.5% Clopper-Pearson, the deciding interval)"), "{}", b.verdict);
}

#[test]
fn the_headline_says_each_answer_with_its_deciding_figure() {
    let at = |wins: u64, n: u64, margin: f64| {
        let seats = seat_balances(&two_seats(wins, n));
        let edge = seat_edge(&seats, margin, &Levels::FIXED).unwrap();
        (headline(&seats, margin, &Levels::FIXED), edge_figure(&edge))
    };
    let (fair, figure) = at(1_000_400, 2_000_000, 1.0);
    assert_eq!(fair, format!("fair within ±1 pp (largest gap: first seat, {figure})"));
    let (small, figure) = at(1_006_000, 2_000_000, 1.0);
    assert_eq!(small, format!("a small first-seat edge, {figure}, inside the ±1 pp margin"));
    let (unfair, figure) = at(106_000, 200_000, 1.0);
    assert_eq!(unfair, format!("unfair: a first-seat edge of {figure}, beyond the ±1 pp margin"));
    // Seat 1 is the verdict's seat when seat 0 wins less: the second seat is 1.2 pp ahead.
    let (open, figure) = at(9_760, 20_000, 1.0);
    assert_eq!(
        open,
        format!("a real second-seat edge, {figure}, not yet placed inside or beyond ±1 pp")
    );
    let (few, _) = at(52, 100, 1.0);
    assert!(few.starts_with("not enough matches to tell within ±1 pp (largest gap: "), "{few}");
    // A figure that rounds to zero has no direction.
    let zero = SeatEdge {
        seat: 0,
        diff_pp: -0.04,
        interval_pp: (-0.9, 0.03),
        confidence_percent: 90.0,
        fair_share: 0.5,
        decisive: 10,
    };
    assert_eq!(edge_figure(&zero), "0.0 pp [-0.9, 0.0]");
    // The figure is the deciding interval: an unfair answer's lies wholly beyond the margin.
    let seats = seat_balances(&two_seats(106_000, 200_000));
    assert!(seat_edge(&seats, 1.0, &Levels::FIXED).unwrap().interval_pp.0 > 1.0);
    assert_eq!(
        headline(&seat_balances(&Tally::new(1, 0)), 1.0, &Levels::FIXED),
        "one seat: no seats to compare"
    );
}
