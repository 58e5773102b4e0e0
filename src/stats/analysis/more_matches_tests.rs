//! The advised count of [`crate::stats::more_matches`] checked against the verdict itself: from a sample whose shares are the
//! true ones, play the advised number of decisive matches many times over (exact multinomial
//! draws, fixed seed) and count how often the real verdict decides.

use super::simulate::{multinomial, tally_of};
use super::{answer, balance};
use crate::core::Rng;
use crate::stats::more_matches::{Advice, POWER, advise, power};
use crate::stats::verdict::{Answer, round_count};

fn decided(wins: &[u64], margin_pp: f64) -> bool {
    let labels = vec!["greedy".to_string(); wins.len()];
    let seats = balance(&tally_of(wins), &labels, margin_pp).seats;
    matches!(answer(&seats, margin_pp), Answer::Fair | Answer::SmallEdge | Answer::Unfair)
}

/// Seat 0's true share `first`, the others sharing the rest alike.
fn four_seats(first: f64) -> Vec<f64> {
    let rest = (1.0 - first) / 3.0;
    vec![first, rest, rest, rest]
}

/// The share of `runs` simulated runs of `n` decisive matches that the verdict decides.
fn decided_share(rng: &mut Rng, n: u64, shares: &[f64], runs: u32) -> f64 {
    (0..runs).filter(|_| decided(&multinomial(rng, n, shares), 1.0)).count() as f64 / runs as f64
}

#[test]
fn the_advised_count_decides_at_least_four_times_in_five() {
    // A sample of decisive matches at 4 seats, each seat's share exactly its true share,
    // that leaves the verdict open: for all four edges, from none to well past ±1 pp.
    let runs = 2_000;
    // The count is planned for exactly 80%, so a simulation of it lands on either side by
    // chance: 2,000 runs estimate a share near 0.8 to within 0.009 (one standard error),
    // and the planned count must reach 0.8 less three of those.
    let allowance = 3.0 * (0.8f64 * 0.2 / runs as f64).sqrt();
    let mut rng = crate::core::rng_from_seed(2024);
    for (first, start) in [(0.25, 3_000), (0.255, 3_000), (0.262, 3_000), (0.275, 1_200)] {
        let shares = four_seats(first);
        let wins: Vec<u64> = shares.iter().map(|p| (p * start as f64).round() as u64).collect();
        assert!(!decided(&wins, 1.0), "{first}: the sample must leave the verdict open");
        let Some(Advice::Total(total)) = advise(&wins, start, 0.25, 1.0, 10_000_000) else {
            panic!("{first}: a count was expected");
        };
        // The verdict prints the extra matches rounded up to two significant digits.
        let extra = round_count(total - start).replace(',', "").parse::<u64>().unwrap();
        let printed = start + extra;
        let planned = decided_share(&mut rng, total, &shares, runs);
        let advised = decided_share(&mut rng, printed, &shares, runs);
        let half = decided_share(&mut rng, total / 2, &shares, runs);
        eprintln!(
            "true share {first}: planned {total} decisive matches (decided in {planned}), \
             advised {printed} (decided in {advised}); half the plan decided in {half}"
        );
        assert!(planned >= POWER - allowance, "{first}: {total} decided only {planned}");
        assert!(advised >= POWER, "{first}: {printed} decided only {advised}");
        // Planned at 80%, not at any price: half the count falls short.
        assert!(half < POWER, "{first}: half of {total} already decided {half}");
    }
}

#[test]
fn an_edge_on_the_margin_has_no_affordable_count_and_says_what_is_decidable() {
    // Seat 0 at 26% against a fair 25% with a ±1 pp margin: exactly on the edge.
    let wins = [780, 740, 740, 740];
    let Some(Advice::Unaffordable(s)) = advise(&wins, 3_000, 0.25, 1.0, 10_000_000) else {
        panic!("no count decides an edge on the margin");
    };
    assert_eq!(s.seat, 0);
    assert!((s.edge_pp - 1.0).abs() < 1e-9 && s.from_margin_pp < 1e-9, "{s:?}");
    // The 90% interval of 780/3000 reaches about 1.3 pp either side of 26%: every seat is
    // within ±2.3 pp or so, and none beyond any margin (fair lies inside each interval).
    assert!((2.0..2.6).contains(&s.within_pp), "{s:?}");
    assert_eq!(s.beyond_pp, None);
}

#[test]
fn power_rises_with_matches_away_from_the_margin_and_stalls_on_it() {
    let away = four_seats(0.255);
    assert!(power(&away, 1_000.0, 0.25, 0.01) < power(&away, 100_000.0, 0.25, 0.01));
    assert!(power(&away, 1e7, 0.25, 0.01) > 0.99);
    // On the margin half the estimates fall inside, half outside: never 80%.
    let edge = four_seats(0.26);
    assert!(power(&edge, 1e9, 0.25, 0.01) < 0.6);
    assert_eq!(advise(&[0, 0], 0, 0.5, 1.0, 1_000), None);
}
