//! Playing a skill ladder: the rungs (bots, weakest first) as jobs — each rung against
//! itself (the first-player edge at that level of play) and each rung against the one above
//! it (the head-to-head) — played in rounds of one batch per unfinished job, so that matches
//! go where neighbouring rungs are not yet separated. Every job has its own seed and stops by
//! its own results alone, so the outcome is the same whichever jobs share a round, a thread
//! or a shard: a ladder is deterministic for any thread count and any split by job.

use crate::bots::BotSpec;
use crate::runner::seating::Seating;
use crate::runner::worker::{Failure, MatchRecord, RunSpec, play_block};
use rand::Rng as _;

use crate::core::{Game, Seat, derive_rng};
use crate::stats::Tally;
use crate::stats::intervals::wilson;
use crate::stats::ladder::{HeadToHead, Separation};

/// The derive_rng stream that turns (ladder seed, job key) into a job's seed.
const JOB_SEED_STREAM: u64 = 0x1add_e500;

/// What a ladder plays, independent of the game.
#[derive(Clone, Debug)]
pub struct LadderDesign {
    pub players: usize,
    /// The rungs, weakest first (the first is the rating anchor).
    pub rungs: Vec<BotSpec>,
    pub seed: u64,
    /// Matches per lineup per round (a multiple of the player count).
    pub batch: u64,
    /// At most this many matches per step.
    pub max_matches: u64,
    /// At most this many matches per self-play (0: the self-plays are skipped).
    pub self_play_max: u64,
    /// A job also stops once its 95% interval is at most ± this wide.
    pub precision: f64,
    /// Plays only the jobs whose index is `index` mod `count`.
    pub shard: Option<(u64, u64)>,
}

/// One job of a ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// Every seat plays rung `r`.
    SelfPlay(usize),
    /// Rung `r + 1` against rung `r`.
    Step(usize),
}

/// Where one job stands: exact counts only, mergeable and serialisable (the checkpoint).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JobState {
    /// Matches played per lineup (the next match index).
    pub next: u64,
    pub tally: Tally,
    /// For a step: the upper rung's half-points over the lower, per deal group.
    pub h2h: HeadToHead,
    pub failures: Vec<LadderFailure>,
    /// Why the job stopped, once it has.
    pub stopped: Option<String>,
}

/// A match that panicked, with the lineup (`--bots`) that replays it under the job's seed.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LadderFailure {
    pub bots: String,
    pub index: u64,
    pub deal: u64,
    pub message: String,
}

impl LadderDesign {
    /// The jobs in index order: the steps (rung 1 over 0, 2 over 1, ...), then every rung's
    /// self-play.
    pub fn jobs(&self) -> Vec<JobKind> {
        let n = self.rungs.len();
        (0..n.saturating_sub(1)).map(JobKind::Step).chain((0..n).map(JobKind::SelfPlay)).collect()
    }

    /// The index of job `kind` in [`LadderDesign::jobs`] (steps first, then self-plays).
    pub fn job_index(&self, kind: JobKind) -> usize {
        match kind {
            JobKind::Step(r) => r,
            JobKind::SelfPlay(r) => self.rungs.len() - 1 + r,
        }
    }

    /// Whether this design (shard) plays job `j`.
    pub fn plays(&self, j: usize) -> bool {
        self.shard.is_none_or(|(index, count)| j as u64 % count == index)
    }

    /// A short stable name of a job, for messages, CSV files and its seed.
    pub fn job_name(&self, kind: JobKind) -> String {
        match kind {
            JobKind::SelfPlay(r) => format!("{} self-play", self.rungs[r].label),
            JobKind::Step(r) => {
                format!("{} vs {}", self.rungs[r + 1].label, self.rungs[r].label)
            }
        }
    }

    /// A job's seed: from the ladder's seed and the job's bots, so the same pairing plays the
    /// same matches in any ladder that holds it.
    pub fn job_seed(&self, kind: JobKind) -> u64 {
        let key = fnv1a(self.job_name(kind).as_bytes());
        derive_rng(self.seed, key, JOB_SEED_STREAM).next_u64()
    }

    /// The lineups a job plays (slot i's rung), each with rotated seats on shared deals. A
    /// step alternates the two rungs around the table; with an odd player count the rung in
    /// the majority would be favoured, so it plays both compositions on the same deals.
    pub fn lineups(&self, kind: JobKind) -> Vec<Vec<usize>> {
        let n = self.players;
        match kind {
            JobKind::SelfPlay(r) => vec![vec![r; n]],
            JobKind::Step(r) => {
                let upper_first: Vec<usize> =
                    (0..n).map(|s| if s % 2 == 0 { r + 1 } else { r }).collect();
                if n.is_multiple_of(2) {
                    vec![upper_first]
                } else {
                    let lower_first = (0..n).map(|s| if s % 2 == 0 { r } else { r + 1 }).collect();
                    vec![upper_first, lower_first]
                }
            }
        }
    }

    fn spec(&self, kind: JobKind, lineup: &[usize]) -> RunSpec {
        RunSpec {
            players: self.players,
            lineup: lineup.iter().map(|&r| self.rungs[r].clone()).collect(),
            matches: self.max_matches,
            seed: self.job_seed(kind),
            seating: Seating::Rotate,
        }
    }

    /// The stopping rule, checked after each round. A step stops when its interval at the
    /// Bonferroni level for all the looks it may take excludes ½ (so that looking after every
    /// round does not inflate the chance of a false separation), or when its 95% interval is
    /// within ± `precision`; a self-play when seat 0's 95% interval is within ± `precision`;
    /// every job at `max_matches`.
    pub fn stop_reason(&self, kind: JobKind, state: &JobState) -> Option<String> {
        let lineups = self.lineups(kind).len() as u64;
        let played = state.next * lineups;
        let max = self.max_for(kind);
        match kind {
            JobKind::Step(_) => {
                let looks = self.max_matches.div_ceil(self.batch * lineups).max(1);
                let strict = 1.0 - 0.05 / looks as f64;
                if let (Some(e), Some(e95)) = (state.h2h.estimate(strict), state.h2h.estimate(0.95))
                {
                    if Separation::of(&e) != Separation::Unseparated {
                        return Some(format!(
                            "separated ({:.1}% interval [{:.4}, {:.4}] excludes 0.5)",
                            100.0 * strict,
                            e.lo,
                            e.hi
                        ));
                    }
                    if (e95.hi - e95.lo) / 2.0 <= self.precision {
                        return Some(format!("precise (95% interval within ±{})", self.precision));
                    }
                }
            }
            JobKind::SelfPlay(_) => {
                let seat = &state.tally.seats[0];
                if seat.matches > 0 {
                    let (lo, hi) = wilson(seat.win_shares(), seat.matches, 0.95);
                    if (hi - lo) / 2.0 <= self.precision {
                        return Some(format!("precise (95% interval within ±{})", self.precision));
                    }
                }
            }
        }
        (played >= max).then(|| format!("reached {max} matches"))
    }

    /// A job's match limit.
    pub fn max_for(&self, kind: JobKind) -> u64 {
        match kind {
            JobKind::Step(_) => self.max_matches,
            JobKind::SelfPlay(_) => self.self_play_max,
        }
    }
}

impl JobState {
    pub fn new(players: usize, metric_count: usize) -> JobState {
        JobState {
            next: 0,
            tally: Tally::new(players, metric_count),
            h2h: HeadToHead::default(),
            failures: Vec::new(),
            stopped: None,
        }
    }

    /// Matches played by this job (all lineups).
    pub fn matches(&self) -> u64 {
        self.tally.matches + self.failures.len() as u64
    }
}

/// Play one round: one batch of every unfinished job this design plays, then check each
/// job's stopping rule. Returns how many jobs played.
pub fn play_round<G: Game>(game: &G, design: &LadderDesign, states: &mut [JobState]) -> usize {
    let mut played = 0;
    for (j, kind) in design.jobs().into_iter().enumerate() {
        let state = &mut states[j];
        if !design.plays(j) || state.stopped.is_some() {
            continue;
        }
        if design.max_for(kind) == 0 {
            state.stopped = Some("skipped (--self-play-matches 0)".into());
            continue;
        }
        played += 1;
        let lineups = design.lineups(kind);
        let per_lineup = design.max_for(kind).div_ceil(lineups.len() as u64);
        let end =
            (state.next + design.batch).min(per_lineup.next_multiple_of(design.players as u64));
        for lineup in &lineups {
            let spec = design.spec(kind, lineup);
            let block = play_block(game, &spec, state.next, end, matches!(kind, JobKind::Step(_)));
            if let JobKind::Step(r) = kind {
                add_comparisons(&block.records, lineup, r + 1, r, &mut state.h2h);
            }
            state.tally.merge(&block.tally);
            let bots: Vec<&str> = spec.lineup.iter().map(|b| b.label.as_str()).collect();
            state.failures.extend(block.failures.into_iter().map(|f: Failure| LadderFailure {
                bots: bots.join(","),
                index: f.index,
                deal: f.deal,
                message: f.message,
            }));
        }
        state.next = end;
        state.stopped = design.stop_reason(kind, state);
    }
    played
}

/// Add each deal group's comparisons of rung `upper` against rung `lower` (records are in
/// index order, so a deal's matches are adjacent).
fn add_comparisons(
    records: &[MatchRecord],
    lineup: &[usize],
    upper: usize,
    lower: usize,
    h2h: &mut HeadToHead,
) {
    let mut current: Option<u64> = None;
    let (mut m, mut g) = (0u64, 0u64);
    for record in records {
        if current != Some(record.assignment.deal) {
            if current.is_some() {
                h2h.add_group(m, g);
            }
            current = Some(record.assignment.deal);
            (m, g) = (0, 0);
        }
        let outcome = &record.outcome;
        if outcome.is_capped() {
            continue;
        }
        let rung_of = |seat: usize| lineup[record.assignment.slot_of_seat[seat] as usize];
        let players = outcome.players();
        for s in (0..players).filter(|&s| rung_of(s) == upper) {
            for t in (0..players).filter(|&t| rung_of(t) == lower) {
                let (rs, rt) = (outcome.rank(Seat(s as u8)), outcome.rank(Seat(t as u8)));
                m += 1;
                g += match rs.cmp(&rt) {
                    std::cmp::Ordering::Less => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => 0,
                };
            }
        }
    }
    if current.is_some() {
        h2h.add_group(m, g);
    }
}

/// FNV-1a, 64-bit: a stable hash of a job's name (the same on every platform and release).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::profile::parse_lineup;

    fn design(players: usize, bots: &str) -> LadderDesign {
        let rungs = parse_lineup(bots, bots.split(',').count()).unwrap();
        LadderDesign {
            players,
            rungs,
            seed: 7,
            batch: 60,
            max_matches: 600,
            self_play_max: 600,
            precision: 0.03,
            shard: None,
        }
    }

    #[test]
    fn jobs_seeds_and_lineups() {
        let d = design(3, "random,greedy,mcts-100");
        assert_eq!(
            d.jobs(),
            vec![
                JobKind::Step(0),
                JobKind::Step(1),
                JobKind::SelfPlay(0),
                JobKind::SelfPlay(1),
                JobKind::SelfPlay(2)
            ]
        );
        assert_eq!(d.lineups(JobKind::Step(1)), vec![vec![2, 1, 2], vec![1, 2, 1]]);
        for (j, kind) in d.jobs().into_iter().enumerate() {
            assert_eq!(d.job_index(kind), j);
        }
        assert_eq!(design(4, "random,greedy").lineups(JobKind::Step(0)), vec![vec![1, 0, 1, 0]]);
        // A pairing's seed depends on its bots, not on its place in the ladder.
        let other = design(3, "greedy,mcts-100");
        assert_eq!(d.job_seed(JobKind::Step(1)), other.job_seed(JobKind::Step(0)));
        assert_ne!(d.job_seed(JobKind::Step(0)), d.job_seed(JobKind::Step(1)));
        let sharded = LadderDesign { shard: Some((1, 2)), ..d };
        assert_eq!((0..5).filter(|&j| sharded.plays(j)).collect::<Vec<_>>(), vec![1, 3]);
    }

    #[test]
    fn comparisons_count_every_upper_seat_against_every_lower_seat() {
        use crate::core::{Outcome, ScoreOrder};
        use crate::runner::seating::Assignment;
        let record = |index: u64, scores: &[i32]| MatchRecord {
            index,
            assignment: Assignment { deal: index / 4, slot_of_seat: [0, 1, 2, 3, 0, 0, 0, 0] },
            outcome: Outcome::finished(scores, ScoreOrder::HigherWins, 1, 1),
            length: Default::default(),
            lead: None,
        };
        // Lineup upper, lower, upper, lower: 4 comparisons per match.
        let records = [record(0, &[4, 3, 2, 1]), record(1, &[1, 1, 1, 1])];
        let mut h = HeadToHead::default();
        add_comparisons(&records, &[1, 0, 1, 0], 1, 0, &mut h);
        // Match 0: seat 0 beats both lower seats (4 halves), seat 2 beats seat 3 only (2).
        // Match 1: all tied: 4 comparisons, 1 half each.
        assert_eq!((h.groups, h.comparisons, h.halves), (1, 8, 10));
    }
}
