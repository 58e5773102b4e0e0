//! Shares of variance against designs whose shares are known: a rotated two-seat game
//! with chosen seat, bot and noise sizes, and a symmetric game between equal bots.

use rand::{RngExt, SeedableRng};

use super::*;

type Rng = rand_pcg::Pcg64Mcg;

/// A rotated two-seat design: deal d is played twice, bot group g in seat (g + k) mod 2.
/// The score is `seat[s] + skill[g] + noise`, each term ±its size with equal chance, so the
/// true shares are size² over the sum of squares.
fn play(seed: u64, deals: u64, seat: i32, skill: i32, noise: i32) -> DecompositionTally {
    let mut rng = Rng::seed_from_u64(seed);
    let mut t = DecompositionTally::default();
    let sign = |rng: &mut Rng| if rng.random_bool(0.5) { 1 } else { -1 };
    for deal in 0..deals {
        for k in 0..2u8 {
            let groups = [k, 1 - k];
            let score: Vec<i32> = (0..2)
                .map(|s| {
                    let g = groups[s] as i32;
                    (1 - 2 * s as i32) * seat + (1 - 2 * g) * skill + sign(&mut rng) * noise
                })
                .collect();
            let win: Vec<i64> = if score[0] == score[1] {
                vec![420, 420]
            } else if score[0] > score[1] {
                vec![840, 0]
            } else {
                vec![0, 840]
            };
            t.record(deal, &win, &score, &groups);
        }
    }
    t
}

#[test]
fn known_shares_are_recovered() {
    // Sizes 1, 2, 2: shares 1/9 seat, 4/9 skill, 4/9 luck.
    let d = decompose(&play(1, 20_000, 10, 20, 20), Measure::Score, 2, 2).unwrap();
    let skill = d.skill.unwrap();
    for (e, truth) in [(d.seat, 1.0 / 9.0), (skill, 4.0 / 9.0), (d.luck, 4.0 / 9.0)] {
        assert!((e.value - truth).abs() < 0.01, "{e:?} vs {truth}");
        assert!(e.low <= truth && truth <= e.high, "{e:?} should cover {truth}");
    }
    assert!((d.seat.value + skill.value + d.luck.value - 1.0).abs() < 1e-9);
}

#[test]
fn a_symmetric_game_between_equal_bots_is_all_luck() {
    let d = decompose(&play(2, 5_000, 0, 0, 5), Measure::Win, 2, 2).unwrap();
    let skill = d.skill.unwrap();
    assert!(d.seat.value < 0.005 && skill.value < 0.005, "{d:?}");
    assert!(d.luck.value > 0.99);
    // Floored at zero, yet an interval that reaches above it (never "0 [0, 0]").
    assert_eq!(d.seat.low, 0.0, "an interval that reaches zero: {d:?}");
    assert!(d.seat.high > 0.0 && skill.high > 0.0, "{d:?}");
    assert_eq!(d.ci_method, BOOTSTRAP_METHOD);
}

#[test]
fn twenty_matches_are_too_few_for_a_bootstrap_interval() {
    // The default experiment's Pig skill check once read "100% skill [100, 100]" from 20
    // matches: with most of the 64 buckets empty the resamples repeat a handful of deals.
    let d = decompose(&play(6, 10, 0, 20, 1), Measure::Win, 2, 2).unwrap();
    assert_eq!(d.matches, 20);
    let skill = d.skill.unwrap();
    assert!(skill.value > 0.5, "{d:?}");
    assert!(skill.low.is_nan() && skill.high.is_nan() && d.luck.low.is_nan(), "{d:?}");
    assert!(d.ci_method.contains("n too small"), "{}", d.ci_method);
    // With ten matches in every bucket the interval is there again.
    let d = decompose(&play(7, 320, 0, 20, 20), Measure::Win, 2, 2).unwrap();
    assert!(d.luck.low < d.luck.value && d.luck.value < d.luck.high, "{d:?}");
    assert_eq!(d.ci_method, BOOTSTRAP_METHOD);
}

#[test]
fn one_bot_has_no_skill_share_and_nothing_is_undefined_without_data() {
    let t = play(3, 1_000, 5, 0, 5);
    let d = decompose(&t, Measure::Score, 2, 1).unwrap();
    assert!(d.skill.is_none());
    assert!(decompose(&DecompositionTally::default(), Measure::Win, 2, 2).is_none());
    assert!(decompose(&t, Measure::Win, 1, 1).is_none(), "a solo game has no seats to compare");
}

#[test]
fn merging_is_exact_in_any_order() {
    let (a, b) = (play(4, 300, 1, 1, 1), play(5, 300, 1, 1, 1));
    let (mut ab, mut ba) = (a.clone(), b.clone());
    ab.merge(&b);
    ba.merge(&a);
    assert_eq!(ab, ba);
    let text = serde_json::to_string(&ab).unwrap();
    assert_eq!(serde_json::from_str::<DecompositionTally>(&text).unwrap(), ab);
}
