//! Known answers: a constructed two-bot game whose stronger side wins exactly 75% must read
//! 75% and +25 pp (the variance decomposition said "25% skill" of it), its weaker side's
//! 25% must read as a coin flip deciding half the matches, and a seat that wins 1 pp more
//! than its fair share must read 1 pp.

use super::*;
use crate::core::{MatchLength, Outcome, ScoreOrder};
use crate::stats::analysis::balance;
use crate::stats::decomposition::{Measure, decompose};
use crate::stats::tally::Units;

/// Two seats, lineup slots `skilled`, `unskilled`, seats rotated on every deal: of each
/// `groups` deal groups, `skilled_wins_both` go to the skilled slot in both seatings, the
/// rest to the other slot, except that in `seat_edge` groups seat 0 wins both seatings
/// instead (one match to each slot: no skill in it).
fn rotated(groups: u64, skilled_wins_both: u64, seat_edge: u64) -> Tally {
    let mut t = Tally::new(2, 0);
    for g in 0..groups {
        let mut seat_units: Vec<Units> = Vec::new();
        let mut slot_units: Vec<Units> = Vec::new();
        for seating in [[0u8, 1], [1, 0]] {
            // Who wins this match: a seat (the seat-edge groups) or a slot.
            let winner_seat = if g < seat_edge {
                0
            } else {
                let slot = if g < seat_edge + skilled_wins_both { 0 } else { 1 };
                seating.iter().position(|&s| s == slot).unwrap()
            };
            let scores: Vec<i32> = (0..2).map(|s| i32::from(s == winner_seat)).collect();
            let o = Outcome::finished(&scores, ScoreOrder::HigherWins, 1, 1);
            t.record(&o, &seating, &MatchLength::default(), None, &[]);
            let mut seats = [0i64; 8];
            let mut slots = [0i64; 8];
            seats[winner_seat] = SHARE_UNIT as i64;
            slots[seating[winner_seat] as usize] = SHARE_UNIT as i64;
            seat_units.push(seats);
            slot_units.push(slots);
        }
        t.record_group(&seat_units, &slot_units);
    }
    t
}

use crate::stats::SHARE_UNIT;

fn labels() -> Vec<String> {
    vec!["skilled".into(), "unskilled".into()]
}

fn figures(t: &Tally) -> SkillLuck {
    let b = balance(t, &labels(), 1.0);
    skill_luck(t, &labels(), 2, &b.seats, 1.0, &Levels::FIXED).expect("two bots, rotated")
}

#[test]
fn a_side_that_wins_75_percent_reads_75_percent_and_25_pp_not_25_percent_skill() {
    // 1,500 of 2,000 deal groups to the skilled bot in both seatings: exactly 75%.
    let t = rotated(2000, 1500, 0);
    let f = figures(&t);
    assert_eq!((f.stronger.as_str(), f.weaker.as_str()), ("skilled", "unskilled"));
    assert!((f.skill.share - 0.75).abs() < 1e-12, "{:?}", f.skill);
    let lines = f.lines().join("\n");
    assert!(lines.contains("skill: skilled wins 75.0% ["), "{lines}");
    assert!(lines.contains("+25.0 pp over a fair 50.0%"), "{lines}");
    assert!(lines.contains("luck: unskilled still wins 25.0% ["), "{lines}");
    // A coin flip deciding half the matches gives the weaker side a quarter of them.
    assert!(lines.contains("a coin flip decided 50.0% ["), "{lines}");
    // 75% head to head is +191 Elo (400·log10 3).
    let elo = f.elo.unwrap();
    assert!((elo.elo - 190.8).abs() < 2.0 && elo.lo < elo.elo && elo.elo < elo.hi, "{elo:?}");
    // Each deal group's two matches go the same way: the effective n is the deal groups'.
    assert!((f.skill.design_effect - 2.0).abs() < 0.01, "{:?}", f.skill);
    // What the variance decomposition made of the same game: a quarter, read as "25% skill".
    let d = decompose(&t.decomposition, Measure::Win, 2, 2);
    if let Some(d) = d {
        assert!(d.skill.unwrap().value < 0.3, "{d:?}");
    }
}

#[test]
fn a_seat_that_wins_1_pp_more_reads_1_pp() {
    // No skill difference at all, and seat 0 wins 51% of the decisive matches: of 5,000
    // deal groups, 100 go to seat 0 twice, and the rest split evenly between the bots.
    let t = rotated(5000, 2450, 100);
    let b = balance(&t, &labels(), 1.0);
    let total_wins_seat0 = t.seats[0].wins as f64 / t.matches as f64;
    assert!((total_wins_seat0 - 0.51).abs() < 1e-12, "{total_wins_seat0}");
    let f = skill_luck(&t, &labels(), 2, &b.seats, 1.0, &Levels::FIXED).unwrap();
    let lines = f.lines();
    assert!(lines[0].starts_with("seat: seat 0 wins +1.0 pp against a fair 50.0% ["), "{lines:?}");
    // The verdict says the same figure with the same interval.
    let e = f.seat.unwrap();
    let interval =
        format!("[{:.1}, {:.1}] ({}", e.interval_pp.0, e.interval_pp.1, e.interval_name());
    assert!(b.verdict.contains(&interval), "{} / {interval}", b.verdict);
}

#[test]
fn twenty_wins_of_twenty_give_an_interval_not_a_certainty() {
    // The default experiment's Pig skill check: greedy won all 20 matches. "100% [100, 100]"
    // claimed a certainty 20 matches cannot give.
    let t = rotated(10, 10, 0);
    let f = figures(&t);
    assert_eq!(f.skill.share, 1.0);
    assert!(f.skill.lo < 0.9 && f.skill.hi == 1.0, "{:?}", f.skill);
    assert!(f.upset.lo < 1e-9 && f.upset.hi > 0.1, "{:?}", f.upset);
    let elo = f.elo.unwrap();
    assert!(elo.hi - elo.lo > 300.0, "a clean sweep of 20 cannot pin a rating: {elo:?}");
}

#[test]
fn one_bot_or_fixed_seats_have_no_skill_to_measure() {
    let t = rotated(100, 50, 0);
    let same = vec!["greedy".to_string(), "greedy".to_string()];
    let b = balance(&t, &same, 1.0);
    assert!(skill_luck(&t, &same, 2, &b.seats, 1.0, &Levels::FIXED).is_none());
    assert!(skill_luck(&t, &labels(), 1, &b.seats, 1.0, &Levels::FIXED).is_none());
}
