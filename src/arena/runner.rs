//! The runner: plays matches `0..n` on a rayon pool. Match i is a pure function of (game,
//! lineup, seating, master seed, i): its chance stream comes from its deal, each bot's stream
//! from (i, seat). Workers fold results into integer tallies that merge in any order, and
//! per-match rows (when asked for) are handed to the caller in index order, block by block,
//! so memory stays flat however many matches a run plays.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use rayon::prelude::*;

use crate::arena::seating::{Assignment, Seating};
use crate::bots::{Bot, BotSpec};
use crate::core::{CHANCE_STREAM, Game, MatchLength, Outcome, Seat, Turn, bot_stream, derive_rng};
use crate::stats::Tally;

/// What the runner needs to know about a run (the validated part of a plan).
#[derive(Clone, Debug)]
pub struct RunSpec {
    pub players: usize,
    /// One bot per lineup slot.
    pub lineup: Vec<BotSpec>,
    pub matches: u64,
    pub seed: u64,
    pub seating: Seating,
}

/// One finished match, as `matches.csv` and `trace` describe it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRecord {
    pub index: u64,
    pub assignment: Assignment,
    pub outcome: Outcome,
    pub length: MatchLength,
}

/// A match that panicked: enough to replay it with `arena trace`.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    pub index: u64,
    pub deal: u64,
    pub message: String,
}

/// Sees every step of a match (for traces); the runner's observer does nothing and
/// compiles away.
pub trait Observer<G: Game> {
    fn decision(&mut self, _before: &G::State, _seat: Seat, _action: G::Action, _after: &G::State) {
    }
    fn chance(&mut self, _after: &G::State) {}
}

/// The observer that observes nothing.
pub struct Silent;
impl<G: Game> Observer<G> for Silent {}

/// Per-worker reusable buffers and bots (one bot per lineup slot).
pub struct Worker<G: Game> {
    bots: Vec<Bot>,
    legal: Vec<G::Action>,
    metrics: Vec<i64>,
}

impl<G: Game> Worker<G> {
    pub fn new(game: &G, spec: &RunSpec) -> Self {
        Self {
            bots: spec.lineup.iter().map(Bot::from_spec).collect(),
            legal: Vec::with_capacity(64),
            metrics: vec![0; game.metric_names(spec.players).len()],
        }
    }

    /// Play match `index` of `spec`, reporting every step to `observer`. Returns the record
    /// and leaves the match's metrics in `self.metrics`.
    pub fn play<O: Observer<G>>(
        &mut self,
        game: &G,
        spec: &RunSpec,
        index: u64,
        observer: &mut O,
    ) -> MatchRecord {
        let assignment = spec.seating.assign(spec.players, index);
        let mut chance = derive_rng(spec.seed, assignment.deal, CHANCE_STREAM);
        let mut seat_rngs: [_; crate::core::MAX_SEATS] =
            std::array::from_fn(|s| derive_rng(spec.seed, index, bot_stream(Seat(s as u8))));
        let mut state = game.new_state(spec.players);
        let mut length = MatchLength::default();
        loop {
            match game.turn(&state) {
                Turn::Over => break,
                Turn::Chance => {
                    game.sample_chance(&mut state, &mut chance);
                    length.chance_events += 1;
                    observer.chance(&state);
                }
                Turn::Player(seat) => {
                    game.legal_actions(&state, &mut self.legal);
                    let slot = assignment.slot_of_seat[seat.index()] as usize;
                    let rng = &mut seat_rngs[seat.index()];
                    let action = self.bots[slot].choose(game, &state, seat, &self.legal, rng);
                    let before = state.clone();
                    game.apply(&mut state, action);
                    length.decisions += 1;
                    observer.decision(&before, seat, action, &state);
                }
            }
        }
        let outcome = game.outcome(&state);
        length.turns = outcome.turns;
        length.rounds = outcome.rounds;
        self.metrics.iter_mut().for_each(|m| *m = 0);
        game.metrics(&state, &mut self.metrics);
        MatchRecord {
            index,
            assignment,
            outcome,
            length,
        }
    }
}

/// The merged result of a range of matches.
#[derive(Clone, Debug)]
pub struct BlockResult {
    pub tally: Tally,
    pub failures: Vec<Failure>,
    /// Per-match records in index order, when asked for.
    pub records: Vec<MatchRecord>,
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-text payload".to_string()
    }
}

/// Play matches `start..end` on the current rayon pool. A panic inside a match is caught:
/// the match is recorded as a failure (index and deal, to replay it) and the run goes on.
pub fn play_block<G: Game>(
    game: &G,
    spec: &RunSpec,
    start: u64,
    end: u64,
    keep_records: bool,
) -> BlockResult {
    let metric_count = game.metric_names(spec.players).len();
    let empty = || BlockResult {
        tally: Tally::new(spec.players, metric_count),
        failures: Vec::new(),
        records: Vec::new(),
    };
    // Indexed (usize) ranges split evenly; u64 ranges are not indexed in rayon.
    let mut result = (0..(end - start) as usize)
        .into_par_iter()
        .with_min_len(64)
        .fold(
            || (empty(), Worker::new(game, spec)),
            |(mut acc, mut worker), offset| {
                let index = start + offset as u64;
                match catch_unwind(AssertUnwindSafe(|| {
                    worker.play(game, spec, index, &mut Silent)
                })) {
                    Ok(record) => {
                        acc.tally.record(
                            &record.outcome,
                            &record.assignment.slot_of_seat,
                            &record.length,
                            &worker.metrics,
                        );
                        if keep_records {
                            acc.records.push(record);
                        }
                    }
                    Err(payload) => {
                        acc.failures.push(Failure {
                            index,
                            deal: spec.seating.assign(spec.players, index).deal,
                            message: panic_message(payload),
                        });
                        // A bot may hold a half-built search: start the worker afresh.
                        worker = Worker::new(game, spec);
                    }
                }
                (acc, worker)
            },
        )
        .map(|(acc, _)| acc)
        .reduce(empty, |mut a, b| {
            a.tally.merge(&b.tally);
            a.failures.extend(b.failures);
            a.records.extend(b.records);
            a
        });
    // rayon's reduce keeps left-to-right order, but sort anyway: the order of rows and
    // failures must never depend on scheduling.
    result.records.sort_unstable_by_key(|r| r.index);
    result.failures.sort_unstable_by_key(|f| f.index);
    result
}

/// Silence the default panic printout while matches run (failures are recorded and reported
/// instead), restoring it afterwards.
type PanicHook = Box<dyn Fn(&std::panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

pub struct QuietPanics {
    previous: Option<PanicHook>,
}

impl QuietPanics {
    pub fn install() -> Self {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        Self {
            previous: Some(previous),
        }
    }
}

impl Drop for QuietPanics {
    fn drop(&mut self) {
        if let Some(previous) = self.previous.take() {
            std::panic::set_hook(previous);
        }
    }
}

/// Chooses block sizes so each block takes about `target_seconds`: small enough for a lively
/// progress bar and flat memory, large enough that per-block overhead is negligible. Block
/// boundaries never change any result.
pub struct BlockSizer {
    size: u64,
    target_seconds: f64,
}

impl BlockSizer {
    pub fn new(threads: usize, target_seconds: f64) -> Self {
        Self {
            size: 64 * threads as u64,
            target_seconds,
        }
    }
    pub fn next(&self) -> u64 {
        self.size
    }
    /// Adjust after a block of `matches` took `started.elapsed()`.
    pub fn observe(&mut self, matches: u64, started: Instant) {
        let secs = started.elapsed().as_secs_f64().max(1e-6);
        let ideal = (matches as f64 * self.target_seconds / secs) as u64;
        // Grow at most 4x per block so one fast block cannot make the next one huge.
        self.size = ideal.clamp(64, (self.size * 4).min(1 << 20));
    }
}
