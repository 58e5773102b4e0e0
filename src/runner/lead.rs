//! Lead statistics of one match: the sole leader at each turn's end, how often it changed
//! and the turn from which the eventual winner led alone (`lead_changes`,
//! `decided_percent`). The runner feeds it the game's standings where a turn can have ended.

use crate::core::{Outcome, Seat};
use crate::stats::tally::LeadShape;

/// No sole leader seen yet (seats are below `MAX_SEATS`).
const NO_LEADER: u8 = u8::MAX;

/// Follows the sole leader at each turn's end. Observed about once per turn (a Pig match has
/// some fifty), so `observe` is written without data-dependent branches: which seat leads
/// changes unpredictably, and a mispredicted branch costs more than the whole update.
pub(super) struct LeadTracker {
    /// Whether `observe` was called at all (`last_turn` is meaningful only then).
    reported: bool,
    last_turn: u32,
    /// The most recent sole leader, or [`NO_LEADER`].
    leader: u8,
    /// Whether that leader still leads alone now.
    leading_now: bool,
    since: u32,
    changes: u32,
}

impl Default for LeadTracker {
    fn default() -> Self {
        Self {
            reported: false,
            last_turn: 0,
            leader: NO_LEADER,
            leading_now: false,
            since: 0,
            changes: 0,
        }
    }
}

impl LeadTracker {
    pub(super) fn observe(&mut self, turn: u32, standings: &[i32]) {
        if self.reported && self.last_turn == turn {
            return;
        }
        self.reported = true;
        self.last_turn = turn;
        // The best value, how many seats share it and the first seat holding it, in one
        // pass: a new best restarts the count.
        let (mut best, mut count, mut seat) = (i32::MIN, 0u32, 0u8);
        for (i, &v) in standings.iter().enumerate() {
            let above = v > best;
            count = if above { 1 } else { count + (v == best) as u32 };
            seat = if above { i as u8 } else { seat };
            best = best.max(v);
        }
        let sole = count == 1;
        let same = self.leader == seat;
        // A sole leader starts (or restarts) its spell unless it is the one already leading
        // alone; a lead change is a sole leader other than the previous one, if any.
        self.since = if sole && !(same && self.leading_now) { turn } else { self.since };
        self.changes += (sole && !same && self.leader != NO_LEADER) as u32;
        self.leader = if sole { seat } else { self.leader };
        self.leading_now = sole;
    }

    pub(super) fn finish(&self, outcome: &Outcome) -> Option<LeadShape> {
        if !self.reported {
            return None;
        }
        let winner = (outcome.first_place_count() == 1 && !outcome.is_capped())
            .then(|| (0..outcome.players()).find(|&s| outcome.rank(Seat(s as u8)) == 0))
            .flatten();
        let decided_turn = match winner {
            Some(w) if self.leading_now && self.leader == w as u8 => self.since,
            _ => outcome.turns,
        };
        Some(LeadShape { changes: self.changes, decided_turn, turns: outcome.turns })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{MAX_SEATS, ScoreOrder};

    #[test]
    fn lead_changes_and_the_turn_the_winner_led_for_good() {
        let mut t = LeadTracker::default();
        // Turn by turn standings of 2 seats: 1 leads, tie, 0 leads, 1 leads, 0 leads for good.
        for (turn, s) in [(1, [0, 5]), (2, [5, 5]), (3, [9, 5]), (4, [9, 12]), (5, [20, 12])] {
            t.observe(turn, &s);
            t.observe(turn, &s); // repeated reports within a turn count once
        }
        t.observe(6, &[25, 12]);
        let o = Outcome::finished(&[25, 12], ScoreOrder::HigherWins, 6, 1);
        let shape = t.finish(&o).unwrap();
        assert_eq!(shape.changes, 3, "1 -> 0 -> 1 -> 0");
        assert_eq!(shape.decided_turn, 5);
        assert_eq!(shape.turns, 6);
    }

    /// The lead tracker as it was written before `observe` went branch-free: the reference
    /// the lead statistics (changes, decided turn) must keep matching.
    #[derive(Default)]
    struct ReferenceTracker {
        last_turn: Option<u32>,
        leader: Option<u8>,
        leading_now: bool,
        since: u32,
        changes: u32,
    }

    impl ReferenceTracker {
        fn observe(&mut self, turn: u32, standings: &[i32]) {
            if self.last_turn == Some(turn) {
                return;
            }
            self.last_turn = Some(turn);
            let best = *standings.iter().max().unwrap();
            let mut leaders = standings.iter().enumerate().filter(|&(_, &v)| v == best);
            match (leaders.next(), leaders.next()) {
                (Some((seat, _)), None) if self.leader == Some(seat as u8) => {
                    if !self.leading_now {
                        self.since = turn;
                    }
                    self.leading_now = true;
                }
                (Some((seat, _)), None) => {
                    self.changes += self.leader.is_some() as u32;
                    self.leader = Some(seat as u8);
                    self.leading_now = true;
                    self.since = turn;
                }
                _ => self.leading_now = false,
            }
        }
    }

    #[test]
    fn branch_free_observe_matches_the_reference_tracker() {
        // Random standings with many ties (values 0..3), repeated turns and 1 to 8 seats.
        use rand::RngExt;
        let mut rng = crate::core::rng_from_seed(19);
        for _ in 0..2_000 {
            let players = rng.random_range(1..=MAX_SEATS);
            let (mut fast, mut reference) = (LeadTracker::default(), ReferenceTracker::default());
            let mut turn = 0;
            for _ in 0..30 {
                turn += rng.random_range(0..2u32);
                let s: Vec<i32> = (0..players).map(|_| rng.random_range(0..3)).collect();
                fast.observe(turn, &s);
                reference.observe(turn, &s);
                assert_eq!(fast.last_turn, reference.last_turn.unwrap());
                assert_eq!((fast.leader != NO_LEADER).then_some(fast.leader), reference.leader);
                assert_eq!(fast.leading_now, reference.leading_now);
                assert_eq!((fast.since, fast.changes), (reference.since, reference.changes));
            }
        }
    }

    #[test]
    fn games_without_standings_report_no_lead_shape() {
        let o = Outcome::finished(&[1, 0], ScoreOrder::HigherWins, 6, 1);
        assert_eq!(LeadTracker::default().finish(&o), None);
    }
}
