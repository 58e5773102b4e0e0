//! A side's figures as every file and line says them, computed once: its win share with the
//! Wilson score 95% interval (shared wins as fractional successes) and its mean score with
//! the normal 95% interval. `seats.csv`, `bots.csv`, `sweep.csv`, the ladder and the run's
//! console lines all take them from here, so the console never shows a figure the files do
//! not.

use crate::stats::SideTally;
use crate::stats::intervals::{normal_mean, wilson};

/// The confidence of every side's interval.
pub const SIDE_CONFIDENCE: f64 = 0.95;

/// One side's (a seat's or a slot's) figures with their intervals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideFigures {
    pub matches: u64,
    /// Win share per match (sole win 1, shared first 1/k, capped 0).
    pub win_rate: f64,
    /// Its Wilson score 95% interval.
    pub win_ci: (f64, f64),
    pub mean_score: f64,
    pub sd_score: f64,
    /// The mean score's normal 95% interval.
    pub score_ci: (f64, f64),
}

impl SideFigures {
    pub fn of(t: &SideTally) -> SideFigures {
        let mean_score = t.mean_score();
        let sd_score = t.sd_score();
        SideFigures {
            matches: t.matches,
            win_rate: t.win_rate(),
            win_ci: wilson(t.win_shares(), t.matches, SIDE_CONFIDENCE),
            mean_score,
            sd_score,
            score_ci: normal_mean(mean_score, sd_score, t.matches, SIDE_CONFIDENCE),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sides_figures_are_its_tallys_with_their_intervals() {
        let t = SideTally {
            matches: 100,
            wins: 40,
            draws: 0,
            capped: 0,
            win_units: 40 * crate::stats::SHARE_UNIT,
            score_sum: 500,
            score_sq_sum: 2_600,
        };
        let f = SideFigures::of(&t);
        assert_eq!(f.win_rate, 0.4);
        assert!(f.win_ci.0 < 0.4 && 0.4 < f.win_ci.1 && f.win_ci.1 - f.win_ci.0 < 0.2);
        assert_eq!(f.mean_score, 5.0);
        assert!(f.score_ci.0 < 5.0 && 5.0 < f.score_ci.1);
        let none = SideFigures::of(&SideTally::default());
        assert!(none.win_rate.is_nan(), "a share of no matches is undefined");
    }
}
