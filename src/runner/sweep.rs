//! Playing a block of a sweep (the sweep's `play_block`, beside the runner's): every
//! variant plays the same match indices in the same worker, one after the other, so their dice come from the same streams (common random
//! numbers) and each match's figures can be paired across variants. Each variant's tally
//! is counted exactly as `arena run` counts it (the same records, the same deal groups),
//! so a variant's folder holds what `arena run --set ...` would have written.

use std::panic::{AssertUnwindSafe, catch_unwind};

use rayon::prelude::*;

use crate::core::{Game, MAX_SEATS};
use crate::runner::pace::piece_groups;
use crate::runner::worker::panic_message;
use crate::runner::{Failure, RunSpec, Silent, Worker};
use crate::stats::Tally;
use crate::stats::paired::PairedSums;
use crate::stats::tally::{Units, seat_units};

/// The paired quantities of a sweep: each seat's win share (in 1/840 units), turns, then
/// every game metric.
pub fn quantities(players: usize, metric_names: &[String]) -> Vec<String> {
    let mut q: Vec<String> = (0..players).map(|s| format!("seat{s}_win")).collect();
    q.push("turns".into());
    q.extend(metric_names.iter().cloned());
    q
}

/// What a block of a sweep produced, per variant and paired.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct SweepBlock {
    pub tallies: Vec<Tally>,
    pub failures: Vec<Vec<Failure>>,
    pub paired: PairedSums,
}

impl SweepBlock {
    pub fn new(variants: usize, players: usize, metric_names: &[String], baseline: usize) -> Self {
        SweepBlock {
            tallies: vec![Tally::new(players, metric_names.len()); variants],
            failures: vec![Vec::new(); variants],
            // Seats and turns also pair across every two variants, for a trend's variance;
            // the seats' sole wins by bucket of deals, for the paired bootstrap of fairness.
            paired: PairedSums::new(variants, quantities(players, metric_names), baseline)
                .keep_joint(players + 1)
                .keep_buckets(players),
        }
    }

    pub fn merge(&mut self, o: &SweepBlock) {
        for (a, b) in self.tallies.iter_mut().zip(&o.tallies) {
            a.merge(b);
        }
        for (a, b) in self.failures.iter_mut().zip(&o.failures) {
            a.extend(b.iter().cloned());
        }
        self.paired.merge(&o.paired);
    }
}

/// Per-worker state: one worker (bots and buffers) per variant, and reused buffers.
struct Lane<G: Game> {
    workers: Vec<Worker<G>>,
    /// Per variant: this group's win units by seat and by slot.
    seat_units: Vec<Vec<Units>>,
    slot_units: Vec<Vec<Units>>,
    /// Per variant: this match's paired quantities.
    x: Vec<Vec<i64>>,
}

/// Play matches `start..end` of every variant (`games[v]` under `specs[v]`; the specs agree
/// in players, seed, seating and lineup) on the current rayon pool. `start` is the first
/// match of a deal group.
pub fn play_sweep_block<G: Game>(
    games: &[&G],
    specs: &[&RunSpec],
    baseline: usize,
    start: u64,
    end: u64,
) -> SweepBlock {
    let spec0 = specs[0];
    let players = spec0.players;
    let group = spec0.seating.group_size(players);
    assert!(start.is_multiple_of(group), "blocks start at a deal group");
    let metric_names = games[0].metric_names(players);
    let variants = games.len();
    let q = quantities(players, &metric_names).len();
    let empty = || Box::new(SweepBlock::new(variants, players, &metric_names, baseline));
    // Each variant's kinds asked once: a worker is made per piece of the block.
    let kinds: Vec<usize> =
        games.iter().zip(specs).map(|(g, s)| g.option_kinds(s.players).len()).collect();
    let lane = || Lane {
        workers: games
            .iter()
            .zip(specs)
            .zip(&kinds)
            .map(|((g, s), &k)| Worker::sampling(*g, s, None, k))
            .collect(),
        seat_units: vec![Vec::new(); variants],
        slot_units: vec![Vec::new(); variants],
        x: vec![vec![0; q]; variants],
    };
    let groups = (end - start).div_ceil(group) as usize;
    // Pieces of about 16 matches of every variant, smaller when the block is (slow bots).
    let piece = piece_groups(groups, group, rayon::current_num_threads(), 16);
    let result = (0..groups)
        .into_par_iter()
        .with_min_len(piece)
        .fold(
            || (empty(), lane()),
            |(mut acc, mut lane), g| {
                let first = start + g as u64 * group;
                let last = (first + group).min(end);
                for v in 0..variants {
                    lane.seat_units[v].clear();
                    lane.slot_units[v].clear();
                }
                for index in first..last {
                    let mut all_played = true;
                    for v in 0..variants {
                        let (game, spec) = (games[v], specs[v]);
                        let worker = &mut lane.workers[v];
                        let played = catch_unwind(AssertUnwindSafe(|| {
                            worker.play(game, spec, index, &mut Silent)
                        }));
                        match played {
                            Ok(record) => {
                                let slots = &record.assignment.slot_of_seat;
                                acc.tallies[v].record(
                                    &record.outcome,
                                    slots,
                                    &record.length,
                                    record.lead,
                                    worker.metrics(),
                                );
                                let by_seat = seat_units(&record.outcome);
                                worker.count_options(&record, &by_seat, &mut acc.tallies[v]);
                                let mut by_slot = [0; MAX_SEATS];
                                let x = &mut lane.x[v];
                                for seat in 0..players {
                                    by_slot[slots[seat] as usize] = by_seat[seat];
                                    x[seat] = by_seat[seat];
                                }
                                x[players] = record.length.turns as i64;
                                x[players + 1..].copy_from_slice(worker.metrics());
                                lane.seat_units[v].push(by_seat);
                                lane.slot_units[v].push(by_slot);
                            }
                            Err(payload) => {
                                all_played = false;
                                acc.failures[v].push(Failure {
                                    index,
                                    deal: spec.seating.assign(players, index).deal,
                                    message: panic_message(payload),
                                });
                                lane.workers[v].restart(game, spec, None, kinds[v]);
                            }
                        }
                    }
                    // Only matches every variant completed are paired.
                    if all_played {
                        let deal = spec0.seating.assign(players, index).deal;
                        acc.paired.add(deal, &lane.x);
                    }
                }
                for v in 0..variants {
                    lane.workers[v].end_group(&mut acc.tallies[v]);
                    if lane.seat_units[v].len() as u64 == group {
                        acc.tallies[v].record_group(&lane.seat_units[v], &lane.slot_units[v]);
                    }
                }
                (acc, lane)
            },
        )
        .map(|(acc, _)| acc)
        .reduce(empty, |mut a, b| {
            a.merge(&b);
            a
        });
    let mut result = *result;
    for f in &mut result.failures {
        f.sort_unstable_by_key(|f| f.index);
    }
    result
}
