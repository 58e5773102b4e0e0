//! Tallies: integer counters for a run, merged with `merge` in any order. Because every
//! counter is an integer (win shares in units of 1/840, scores as exact sums), the merged
//! tally and every figure computed from it are identical for any thread count or split.

use crate::core::{MAX_SEATS, MatchLength, Outcome, Seat};
use crate::stats::histogram::Histogram;

/// Win shares are counted in units of 1/840: 840 = lcm(1..=8), so a win shared by any number
/// of players up to `MAX_SEATS` is an exact integer.
pub const SHARE_UNIT: u64 = 840;

/// Results of one side: a seat, or a bot (lineup slot).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideTally {
    pub matches: u64,
    /// Sole first place.
    pub wins: u64,
    /// First place shared with others (a draw for this side).
    pub draws: u64,
    /// Matches stopped by the turn cap (no winner, RULINGS G-2).
    pub capped: u64,
    /// Win shares in units of 1/[`SHARE_UNIT`].
    pub win_units: u64,
    pub score_sum: i64,
    pub score_sq_sum: i128,
}

impl SideTally {
    fn record(&mut self, outcome: &Outcome, seat: Seat) {
        self.matches += 1;
        let score = outcome.score(seat) as i64;
        self.score_sum += score;
        self.score_sq_sum += (score as i128) * (score as i128);
        if outcome.is_capped() {
            self.capped += 1;
        } else if outcome.rank(seat) == 0 {
            let firsts = outcome.first_place_count() as u64;
            if firsts == 1 {
                self.wins += 1;
            } else {
                self.draws += 1;
            }
            self.win_units += SHARE_UNIT / firsts;
        }
    }

    fn merge(&mut self, o: &SideTally) {
        self.matches += o.matches;
        self.wins += o.wins;
        self.draws += o.draws;
        self.capped += o.capped;
        self.win_units += o.win_units;
        self.score_sum += o.score_sum;
        self.score_sq_sum += o.score_sq_sum;
    }

    /// Win shares as a (possibly fractional) count of matches.
    pub fn win_shares(&self) -> f64 {
        self.win_units as f64 / SHARE_UNIT as f64
    }

    pub fn win_rate(&self) -> f64 {
        self.win_shares() / self.matches as f64
    }

    pub fn mean_score(&self) -> f64 {
        self.score_sum as f64 / self.matches as f64
    }

    pub fn sd_score(&self) -> f64 {
        let n = self.matches as i128;
        if n < 2 {
            return f64::NAN;
        }
        let s = self.score_sum as i128;
        ((n * self.score_sq_sum - s * s) as f64 / (n * (n - 1)) as f64).sqrt()
    }
}

/// Sum, sum of squares and range of one game metric over matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetricTally {
    pub sum: i128,
    pub sum_sq: i128,
    pub min: i64,
    pub max: i64,
}

impl Default for MetricTally {
    fn default() -> Self {
        Self {
            sum: 0,
            sum_sq: 0,
            min: i64::MAX,
            max: i64::MIN,
        }
    }
}

/// The four length measures, in CSV order.
pub const LENGTH_MEASURES: [&str; 4] = ["decisions", "chance_events", "turns", "rounds"];

/// Everything a run counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub players: usize,
    /// Matches that finished or were capped (failed matches are not counted here).
    pub matches: u64,
    pub capped: u64,
    pub seats: [SideTally; MAX_SEATS],
    /// Per lineup slot (the bot named in that position of `--bots`).
    pub slots: [SideTally; MAX_SEATS],
    /// Histograms in [`LENGTH_MEASURES`] order.
    pub lengths: [Histogram; 4],
    pub metrics: Vec<MetricTally>,
}

impl Tally {
    pub fn new(players: usize, metric_count: usize) -> Self {
        Self {
            players,
            matches: 0,
            capped: 0,
            seats: Default::default(),
            slots: Default::default(),
            lengths: Default::default(),
            metrics: vec![MetricTally::default(); metric_count],
        }
    }

    /// Count one match. `slot_of_seat[s]` is the lineup slot playing seat `s`.
    pub fn record(
        &mut self,
        outcome: &Outcome,
        slot_of_seat: &[u8],
        length: &MatchLength,
        metrics: &[i64],
    ) {
        self.matches += 1;
        self.capped += outcome.is_capped() as u64;
        for (seat, &slot) in slot_of_seat.iter().enumerate().take(self.players) {
            let s = Seat(seat as u8);
            self.seats[seat].record(outcome, s);
            self.slots[slot as usize].record(outcome, s);
        }
        self.lengths[0].add(length.decisions);
        self.lengths[1].add(length.chance_events);
        self.lengths[2].add(length.turns);
        self.lengths[3].add(length.rounds);
        for (t, &v) in self.metrics.iter_mut().zip(metrics) {
            t.sum += v as i128;
            t.sum_sq += (v as i128) * (v as i128);
            t.min = t.min.min(v);
            t.max = t.max.max(v);
        }
    }

    pub fn merge(&mut self, o: &Tally) {
        self.matches += o.matches;
        self.capped += o.capped;
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.merge(b);
        }
        for (a, b) in self.slots.iter_mut().zip(&o.slots) {
            a.merge(b);
        }
        for (a, b) in self.lengths.iter_mut().zip(&o.lengths) {
            a.merge(b);
        }
        for (a, b) in self.metrics.iter_mut().zip(&o.metrics) {
            a.sum += b.sum;
            a.sum_sq += b.sum_sq;
            a.min = a.min.min(b.min);
            a.max = a.max.max(b.max);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ScoreOrder;

    #[test]
    fn three_way_tie_is_exact_thirds() {
        let mut t = Tally::new(3, 0);
        let o = Outcome::finished(&[4, 4, 4], ScoreOrder::HigherWins, 1, 1);
        t.record(&o, &[0, 1, 2], &MatchLength::default(), &[]);
        assert_eq!(t.seats[0].win_units * 3, SHARE_UNIT);
        assert_eq!(t.seats[1].draws, 1);
        assert_eq!(t.seats[2].wins, 0);
    }

    #[test]
    fn merge_is_order_free() {
        let outcomes = [
            Outcome::finished(&[1, 0], ScoreOrder::HigherWins, 5, 1),
            Outcome::finished(&[0, 0], ScoreOrder::HigherWins, 9, 1),
            Outcome::capped(&[3, 2], 9, 1),
        ];
        let mut whole = Tally::new(2, 1);
        let mut parts = [Tally::new(2, 1), Tally::new(2, 1)];
        for (i, o) in outcomes.iter().enumerate() {
            let len = MatchLength {
                decisions: i as u32 * 3,
                ..Default::default()
            };
            whole.record(o, &[1, 0], &len, &[i as i64]);
            parts[i % 2].record(o, &[1, 0], &len, &[i as i64]);
        }
        let mut merged = parts[1].clone();
        merged.merge(&parts[0]);
        assert_eq!(merged, whole);
        assert_eq!(whole.capped, 1);
        assert_eq!(whole.slots[1].wins, 1);
    }
}
