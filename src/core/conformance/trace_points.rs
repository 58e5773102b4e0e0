//! The trace's points contract (docs/trace-format.md), checked on random matches: every
//! change of a score is an event with `seat` and `points`, never a `score_unexplained` one,
//! and for every seat the points of its events, the setup's included, sum to its score in
//! the outcome; and what each event scored for is said in words
//! ([`TraceGame::points_words`]), never as its `snake_case` kind: a player cannot read a log
//! line such as "+10 (counters_paid)". In Team DARDZ (`state_data.teams` lists the partners)
//! both partners hold the team's one score, so their events sum to it together (DZ-16).
//!
//! The events are the very ones `arena trace` writes ([`TraceGame::start_events`] and
//! [`TraceGame::trace_events`] on each step's states before and after), so a score the
//! outcome reports but no event explains (a point added only when the outcome is read) is
//! caught here, under every rule set the conformance check plays.

use serde_json::Value;

use crate::core::trace::{EventHead, StateHead, TraceGame};
use crate::core::{MAX_SEATS, Outcome};

/// The points of each seat's events so far.
pub(super) struct PointSums {
    sums: [i64; MAX_SEATS],
    /// The current step's events (a buffer reused across steps).
    events: Vec<Value>,
}

impl PointSums {
    /// The setup's events of `start`, the state before any step.
    pub(super) fn start<G: TraceGame>(game: &G, start: &G::State) -> Result<Self, String> {
        let mut sums = Self { sums: [0; MAX_SEATS], events: Vec::new() };
        game.start_events(start, &mut sums.events);
        sums.take_events(game)?;
        Ok(sums)
    }

    /// One step from `before` to `after`: a decision (`action`) or a chance event (`None`).
    pub(super) fn step<G: TraceGame>(
        &mut self,
        game: &G,
        before: &G::State,
        action: Option<G::Action>,
        after: &G::State,
    ) -> Result<(), String> {
        game.trace_events(before, action, after, &mut self.events);
        self.take_events(game)
    }

    fn take_events<G: TraceGame>(&mut self, game: &G) -> Result<(), String> {
        for e in self.events.drain(..) {
            let head = EventHead::of(&e);
            if head.kind == Some("score_unexplained") {
                return Err(format!("the trace could not explain a score change: {e}"));
            }
            let Some(points) = head.points else { continue };
            let words = game.points_words(&e);
            if words.trim().is_empty() || words.contains('_') {
                return Err(format!("the points of {e} are for \"{words}\", not words"));
            }
            let seat = head.seat.filter(|&s| s < MAX_SEATS as u64);
            let seat = seat.ok_or_else(|| format!("a points event without a valid seat: {e}"))?;
            self.sums[seat as usize] += points;
        }
        Ok(())
    }

    /// The sums against `outcome`'s scores, reading the teams (if any) from the final
    /// state's structured data, as a reader of the trace would.
    pub(super) fn finish<G: TraceGame>(
        &self,
        game: &G,
        last: &G::State,
        outcome: &Outcome,
    ) -> Result<(), String> {
        let n = outcome.players();
        let scores = outcome.scores();
        if let Some(seat) = (n..MAX_SEATS).find(|&s| self.sums[s] != 0) {
            return Err(format!("points events for seat {seat} of a {n}-player match"));
        }
        let mut sides: Vec<Vec<usize>> =
            StateHead::of(&game.state_json(last)).teams.unwrap_or_default();
        let alone: Vec<Vec<usize>> =
            (0..n).filter(|s| !sides.iter().flatten().any(|t| t == s)).map(|s| vec![s]).collect();
        sides.extend(alone);
        for side in &sides {
            let points: i64 = side.iter().map(|&s| self.sums[s]).sum();
            for &seat in side {
                if points != scores[seat] as i64 {
                    return Err(format!(
                        "the events' points of seat(s) {side:?} sum to {points}, but the \
                         outcome's scores are {scores:?}"
                    ));
                }
            }
        }
        Ok(())
    }
}
