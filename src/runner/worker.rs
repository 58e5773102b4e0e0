//! The runner: plays matches `0..n` on a rayon pool. Match i is a pure function of (game,
//! lineup, seating, master seed, i): its chance stream comes from its deal, each bot's stream
//! from (i, seat). Workers fold results into integer tallies that merge in any order, and
//! per-match rows (when asked for) are handed to the caller in index order, block by block,
//! so memory stays flat however many matches a run plays.

use std::panic::{AssertUnwindSafe, catch_unwind};

use rayon::prelude::*;

pub use crate::runner::pace::panic_message;
use crate::runner::pace::piece_groups;

use crate::bots::{Bot, BotSpec};
use crate::core::MAX_SEATS;
use crate::core::trace::{Drawn, Recording};
use crate::core::{
    CHANCE_STREAM, Game, MatchLength, Outcome, Rng, Seat, Turn, bot_stream, derive_rng,
};
use crate::runner::lead::LeadTracker;
use crate::runner::notable::{Notable, NotableRules};
use crate::runner::random_loop::{Counting, NotCounting, play_random, play_random_counting};
use crate::runner::seating::{Assignment, Seating};
use crate::stats::Tally;
use crate::stats::options::MatchOptions;
use crate::stats::tally::{LeadShape, Units, seat_units};

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
    /// How the lead moved, for games that report running standings.
    pub lead: Option<LeadShape>,
}

/// A match that panicked: enough to replay it with `arena trace`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Failure {
    pub index: u64,
    pub deal: u64,
    pub message: String,
}

/// Sees every step of a match (for traces); the runner's observer does nothing and
/// compiles away.
pub trait Observer<G: Game> {
    /// Whether `decision` needs the state before the action (traces do; the runner does not,
    /// and so does not pay for a copy of the state per move).
    const WANTS_STEPS: bool = true;
    /// A decision: `seat` chose `action` among `legal` in `before`, giving `after`.
    fn decision(
        &mut self,
        _before: &G::State,
        _seat: Seat,
        _legal: &[G::Action],
        _action: G::Action,
        _after: &G::State,
    ) {
    }
    /// A chance event: `draws` are the raw draws, in order (recorded only when
    /// `WANTS_STEPS`; empty otherwise, and `before` is then `after`).
    fn chance(&mut self, _before: &G::State, _draws: &[Drawn], _after: &G::State) {}
}

/// The observer that observes nothing.
pub struct Silent;
impl<G: Game> Observer<G> for Silent {
    const WANTS_STEPS: bool = false;
}

/// Each lineup slot's bot group, as the option table and the decomposition count them (the
/// index of its label in [`crate::stats::options::bot_groups`]).
pub fn group_of_slot(lineup: &[BotSpec]) -> [u8; MAX_SEATS] {
    let labels: Vec<String> = lineup.iter().map(|b| b.label.clone()).collect();
    let groups = crate::stats::options::bot_groups(&labels);
    let mut of_slot = [0u8; MAX_SEATS];
    for (slot, label) in labels.iter().enumerate() {
        of_slot[slot] = groups.iter().position(|g| g == label).unwrap_or(0) as u8;
    }
    of_slot
}

/// Per-worker reusable buffers and bots (one bot per lineup slot).
pub struct Worker<G: Game> {
    bots: Vec<Bot>,
    /// Each lineup slot's bot group ([`group_of_slot`]).
    group_of_slot: [u8; MAX_SEATS],
    /// The current match's option counts, until its outcome is known.
    options: MatchOptions,
    /// One deal in this many counts options and the decomposition
    /// ([`GameStats::option_sample_every`]).
    sample_every: u64,
    /// Whether the match played last was one of them.
    counted: bool,
    /// Every bot is the random bot: matches without an observer take [`play_random`]'s
    /// loop, which has no per-decision bot dispatch.
    all_random: bool,
    legal: Vec<G::Action>,
    metrics: Vec<i64>,
    /// The raw draws of the current chance event, for observers that want steps.
    draws: Vec<Drawn>,
}

impl<G: Game> Worker<G> {
    pub fn new(game: &G, spec: &RunSpec) -> Self {
        Self::sampling(game, spec, None, game.option_kinds(spec.players).len())
    }

    /// [`Worker::new`] counting options in one deal in `sample_every` (None: the game's
    /// [`GameStats::option_sample_every`]), for a game of `kinds` option kinds (asked once per
    /// block by the caller: listing them builds their words, which for a game of short
    /// matches costs more than many matches when a worker is made per piece of a block).
    pub fn sampling(game: &G, spec: &RunSpec, sample_every: Option<u64>, kinds: usize) -> Self {
        let bots: Vec<Bot> = spec.lineup.iter().map(Bot::from_spec).collect();
        let all_random = bots.iter().all(|b| matches!(b, Bot::Random(_)));
        Self {
            all_random,
            bots,
            group_of_slot: group_of_slot(&spec.lineup),
            options: MatchOptions::new(kinds),
            // Only random play samples: a thinking bot's decision costs far more than
            // counting it, so lineups with one count every deal.
            sample_every: match sample_every {
                Some(n) => n.max(1),
                None if all_random => game.option_sample_every().max(1),
                None => 1,
            },
            counted: false,
            legal: Vec::with_capacity(64),
            metrics: vec![0; game.metric_names(spec.players).len()],
            draws: Vec::new(),
        }
    }

    /// The metrics of the match [`Worker::play`] played last.
    pub fn metrics(&self) -> &[i64] {
        &self.metrics
    }

    /// Count the option table's and the decomposition's share of the match [`Worker::play`]
    /// played last (`record`) into `tally`.
    pub fn count_options(&mut self, record: &MatchRecord, units: &Units, tally: &mut Tally) {
        if !self.counted {
            return;
        }
        let players = record.outcome.players();
        if players == 1 {
            // A solo game has no winner (PP-15): its options are judged by the final score,
            // in the same units (a point is SHARE_UNIT, as a whole win is).
            let mut score = [0i64; MAX_SEATS];
            score[0] = i64::from(record.outcome.scores()[0]) * crate::stats::SHARE_UNIT as i64;
            self.options.finish(&mut tally.options, &score, record.assignment.deal);
        } else {
            self.options.finish(&mut tally.options, units, record.assignment.deal);
        }
        let mut group_of_seat = [0u8; MAX_SEATS];
        for (seat, g) in group_of_seat.iter_mut().enumerate().take(players) {
            *g = self.group_of_slot[record.assignment.slot_of_seat[seat] as usize % MAX_SEATS];
        }
        tally.decomposition.record(
            record.assignment.deal / self.sample_every,
            &units[..players],
            record.outcome.scores(),
            &group_of_seat[..players],
        );
    }

    /// The deal group whose matches [`Worker::count_options`] counted is over: add its option
    /// sums to `tally` as one cluster per (bot, kind). Called after a group's last match.
    pub fn end_group(&mut self, tally: &mut Tally) {
        self.options.close_group(&mut tally.options);
    }

    /// Start afresh after a panic (a bot may hold a half-built search), keeping the option
    /// sums of the deal group's matches played before it.
    pub fn restart(&mut self, game: &G, spec: &RunSpec, sample_every: Option<u64>, kinds: usize) {
        let mut fresh = Worker::sampling(game, spec, sample_every, kinds);
        fresh.options.carry_group(&mut self.options);
        *self = fresh;
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
        // Streams for the seats in play only; the rest are never drawn from.
        let mut seat_rngs: [_; MAX_SEATS] = std::array::from_fn(|s| {
            if s < spec.players {
                derive_rng(spec.seed, index, bot_stream(Seat(s as u8)))
            } else {
                Rng::new(0)
            }
        });
        let mut state = game.new_state(spec.players);
        let mut length = MatchLength::default();
        let mut lead = LeadTracker::default();
        // Counts left by a match that was played but not counted (a trace's) are dropped.
        self.options.discard();
        // Whole deals are sampled, so a counted deal group is always complete.
        self.counted = assignment.deal.is_multiple_of(self.sample_every);
        if !O::WANTS_STEPS && self.all_random {
            let (players, legal) = (spec.players, &mut self.legal);
            if self.counted && self.options.active() {
                let mut counting = Counting {
                    options: &mut self.options,
                    group_of_slot: &self.group_of_slot,
                    assignment: &assignment,
                };
                let (state, chance, rngs) = (&mut state, &mut chance, &mut seat_rngs);
                play_random_counting(
                    game,
                    players,
                    state,
                    chance,
                    rngs,
                    legal,
                    &mut length,
                    &mut lead,
                    &mut counting,
                );
            } else {
                let (state, chance, rngs) = (&mut state, &mut chance, &mut seat_rngs);
                play_random(
                    game,
                    players,
                    state,
                    chance,
                    rngs,
                    legal,
                    &mut length,
                    &mut lead,
                    &mut NotCounting,
                );
            }
        } else {
            self.play_any(
                game,
                spec.players,
                &assignment,
                &mut state,
                &mut chance,
                &mut seat_rngs,
                &mut length,
                &mut lead,
                observer,
            );
        }
        let outcome = game.outcome(&state);
        length.turns = outcome.turns;
        length.rounds = outcome.rounds;
        self.metrics.iter_mut().for_each(|m| *m = 0);
        game.metrics(&state, &mut self.metrics);
        let lead = lead.finish(&outcome);
        MatchRecord { index, assignment, outcome, length, lead }
    }

    /// The general loop: any bots, any observer.
    #[allow(clippy::too_many_arguments)]
    fn play_any<O: Observer<G>>(
        &mut self,
        game: &G,
        players: usize,
        assignment: &Assignment,
        state: &mut G::State,
        chance: &mut Rng,
        seat_rngs: &mut [Rng; MAX_SEATS],
        length: &mut MatchLength,
        lead: &mut LeadTracker,
        observer: &mut O,
    ) {
        let mut standings = [0i32; MAX_SEATS];
        // Standings are read where a turn can have ended: when the seat to move changes, and
        // at the end. Reading them at every step would cost more than the game itself.
        let mut last_mover: Option<Seat> = None;
        loop {
            match game.turn(state) {
                Turn::Over => {
                    if let Some(turn) = game.standings(state, &mut standings[..players]) {
                        lead.observe(turn, &standings[..players]);
                    }
                    break;
                }
                Turn::Chance => {
                    length.chance_events += 1;
                    if O::WANTS_STEPS {
                        let before = state.clone();
                        self.draws.clear();
                        let mut recording = Recording { inner: chance, log: &mut self.draws };
                        game.sample_chance(state, &mut recording);
                        observer.chance(&before, &self.draws, state);
                    } else {
                        game.sample_chance(state, chance);
                    }
                }
                Turn::Player(seat) => {
                    if last_mover != Some(seat) {
                        last_mover = Some(seat);
                        if let Some(turn) = game.standings(state, &mut standings[..players]) {
                            lead.observe(turn, &standings[..players]);
                        }
                    }
                    let slot = assignment.slot_of_seat[seat.index()] as usize;
                    let rng = &mut seat_rngs[seat.index()];
                    let counting = self.counted && self.options.active();
                    let action = match &mut self.bots[slot] {
                        // The random bot without the list (when no observer wants it and
                        // nothing counts options): the same draw gives the same action
                        // (`GameRules::legal_pick`).
                        Bot::Random(bot) if !O::WANTS_STEPS && !counting => {
                            bot.pick(game, state, &mut self.legal, rng)
                        }
                        bot => {
                            game.legal_actions(state, &mut self.legal);
                            bot.choose(game, state, seat, &self.legal, rng)
                        }
                    };
                    if counting {
                        let uniform = matches!(self.bots[slot], Bot::Random(_));
                        let group = self.group_of_slot[slot] as usize;
                        self.options.decision(
                            game,
                            state,
                            &self.legal,
                            action,
                            seat,
                            group,
                            uniform,
                        );
                    }
                    length.decisions += 1;
                    if O::WANTS_STEPS {
                        let before = state.clone();
                        game.apply(state, action);
                        observer.decision(&before, seat, &self.legal, action, state);
                    } else {
                        game.apply(state, action);
                    }
                }
            }
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
    /// Per-match rows formatted on the workers, in index order, when asked for.
    pub rows: Vec<RowChunk>,
    /// The matches worth seeing among these.
    pub notable: Notable,
}

/// The rows of matches `first..end` (a failed match has none), as one worker wrote them.
#[derive(Clone, Debug, Default)]
pub struct RowChunk {
    pub first: u64,
    pub end: u64,
    pub bytes: Vec<u8>,
}

/// Writes one match's row (for `matches.csv`), on the worker that played it.
pub type RowFormat<'a> = &'a (dyn Fn(&MatchRecord, &mut Vec<u8>) + Sync);

/// Play matches `start..end` on the current rayon pool. `start` must be the first match of
/// a deal group (a multiple of the seating's group size), so that each group is played by
/// one worker and complete groups can be analysed as units (the paired design). A panic
/// inside a match is caught: the match is recorded as a failure (index and deal, to replay
/// it) and the run goes on.
pub fn play_block<G: Game>(
    game: &G,
    spec: &RunSpec,
    start: u64,
    end: u64,
    keep_records: bool,
) -> BlockResult {
    play_range(game, spec, start, end, keep_records, None, None)
}

/// [`play_block`] with the option table and the decomposition counted in every match, not
/// in the game's sample of deals ([`GameStats::option_sample_every`]): for tests that check those
/// estimates against exact answers, and for designers' runs that pay for the full count.
pub fn play_block_counting_all<G: Game>(
    game: &G,
    spec: &RunSpec,
    start: u64,
    end: u64,
) -> BlockResult {
    play_range(game, spec, start, end, false, None, Some(1))
}

/// [`play_block`] with each match's row written by `row` on the worker that played it, so
/// that the rows of a block cost the thread that writes them one copy, and their memory is
/// the text, not the records.
pub fn play_block_rows<G: Game>(
    game: &G,
    spec: &RunSpec,
    start: u64,
    end: u64,
    row: RowFormat,
) -> BlockResult {
    play_range(game, spec, start, end, false, Some(row), None)
}

/// What one worker of [`play_range`] carries from deal group to deal group.
struct Carried<G: Game> {
    acc: Box<BlockResult>,
    worker: Worker<G>,
    /// The current deal group's win shares, by seat and by slot.
    group_seats: Vec<Units>,
    group_slots: Vec<Units>,
}

fn play_range<G: Game>(
    game: &G,
    spec: &RunSpec,
    start: u64,
    end: u64,
    keep_records: bool,
    row: Option<RowFormat>,
    sample_every: Option<u64>,
) -> BlockResult {
    let group = spec.seating.group_size(spec.players);
    assert!(start.is_multiple_of(group), "blocks start at a deal group");
    let metric_names = game.metric_names(spec.players);
    let metric_count = metric_names.len();
    let kinds = game.option_kinds(spec.players).len();
    let rules = NotableRules::new(&metric_names);
    // Boxed: `reduce` moves its accumulators, and a Tally is a few kilobytes.
    let empty = || {
        Box::new(BlockResult {
            tally: Tally::new(spec.players, metric_count),
            failures: Vec::new(),
            records: Vec::new(),
            rows: Vec::new(),
            notable: Notable::default(),
        })
    };
    let groups = (end - start).div_ceil(group) as usize;
    let piece = piece_groups(groups, group, rayon::current_num_threads(), 64);
    // The fold's state is boxed whole: rayon moves it at every deal group, and a worker with
    // its option counts is hundreds of bytes (a copy per group cost short games 4% of a
    // match).
    let fresh = || {
        Box::new(Carried {
            acc: empty(),
            worker: Worker::sampling(game, spec, sample_every, kinds),
            group_seats: Vec::new(),
            group_slots: Vec::new(),
        })
    };
    // Indexed (usize) ranges split evenly; u64 ranges are not indexed in rayon.
    let mut result = (0..groups)
        .into_par_iter()
        .with_min_len(piece)
        .fold(fresh, |mut carried, g| {
            let Carried { acc, worker, group_seats, group_slots } = &mut *carried;
            let first = start + g as u64 * group;
            let last = (first + group).min(end);
            group_seats.clear();
            group_slots.clear();
            if row.is_some() && acc.rows.last().is_none_or(|c| c.end != first) {
                acc.rows.push(RowChunk { first, end: first, bytes: Vec::new() });
            }
            for index in first..last {
                let played =
                    catch_unwind(AssertUnwindSafe(|| worker.play(game, spec, index, &mut Silent)));
                match played {
                    Ok(record) => {
                        let slots = &record.assignment.slot_of_seat;
                        acc.tally.record(
                            &record.outcome,
                            slots,
                            &record.length,
                            record.lead,
                            &worker.metrics,
                        );
                        let by_seat = seat_units(&record.outcome);
                        worker.count_options(&record, &by_seat, &mut acc.tally);
                        let mut by_slot = [0; MAX_SEATS];
                        for seat in 0..spec.players {
                            by_slot[slots[seat] as usize] = by_seat[seat];
                        }
                        acc.notable.record(
                            &rules,
                            index,
                            &record.outcome,
                            record.length.decisions,
                            record.lead,
                            slots,
                            &worker.metrics,
                        );
                        group_seats.push(by_seat);
                        group_slots.push(by_slot);
                        if let (Some(row), Some(chunk)) = (row, acc.rows.last_mut()) {
                            row(&record, &mut chunk.bytes);
                        }
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
                        worker.restart(game, spec, sample_every, kinds);
                    }
                }
            }
            // The group is the option table's cluster: its matches share the deal.
            worker.end_group(&mut acc.tally);
            // Only groups played under every seating, with no failure, enter the paired
            // analysis.
            if group_seats.len() as u64 == group {
                acc.tally.record_group(group_seats, group_slots);
            }
            if let Some(chunk) = acc.rows.last_mut() {
                chunk.end = last;
            }
            carried
        })
        .map(|carried| carried.acc)
        .reduce(empty, |mut a, b| {
            a.tally.merge(&b.tally);
            a.failures.extend(b.failures);
            a.records.extend(b.records);
            a.rows.extend(b.rows);
            a.notable.merge(&b.notable);
            a
        });
    // rayon's reduce keeps left-to-right order, but sort anyway: the order of rows and
    // failures must never depend on scheduling.
    result.records.sort_unstable_by_key(|r| r.index);
    result.rows.sort_unstable_by_key(|c| c.first);
    result.failures.sort_unstable_by_key(|f| f.index);
    *result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wants every step, so `Worker::play` takes the general loop even for random bots.
    struct Watching;
    impl<G: Game> Observer<G> for Watching {}

    fn fast_and_general_loops_agree<G: Game>(game: &G, players: usize) {
        let spec = RunSpec {
            players,
            lineup: vec![crate::bots::profile::parse_one("random").unwrap(); players],
            matches: 200,
            seed: 19,
            seating: Seating::Rotate,
        };
        let mut worker = Worker::new(game, &spec);
        assert!(worker.all_random);
        for index in 0..spec.matches {
            let fast = worker.play(game, &spec, index, &mut Silent);
            let fast_metrics = worker.metrics().to_vec();
            let general = worker.play(game, &spec, index, &mut Watching);
            assert_eq!(fast, general, "match {index} of {}", game.name());
            assert_eq!(fast_metrics, worker.metrics());
        }
    }

    #[test]
    fn the_random_loop_plays_exactly_the_general_loop() {
        use crate::games::{low_blow, pig, tictactoe};
        fast_and_general_loops_agree(&pig::Pig::new(Default::default()), 2);
        fast_and_general_loops_agree(&tictactoe::TicTacToe::new(Default::default()), 2);
        fast_and_general_loops_agree(&low_blow::LowBlow::new(Default::default()), 3);
        fast_and_general_loops_agree(&low_blow::LowBlow::new(Default::default()), 4);
    }
}
