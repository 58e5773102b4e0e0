//! Executing one plan (or one shard of it) on the current thread pool: block by block in
//! match-index order, with a checkpoint every half minute and on `time_limit`, a stopping
//! rule checked only at fixed match counts, per-match rows streamed in order, and at the end
//! the result files and the manifest. Resuming from a checkpoint gives the same bytes as an
//! uninterrupted run, and so does resuming after a crash at any step of the final write:
//! a last checkpoint is saved before the first result file, and the manifest, written last,
//! is what marks a game complete.

use std::path::Path;
use std::time::Instant;

use crate::arena::runner::{BlockSizer, QuietPanics, play_block};
use crate::arena::{Failure, Notable, RunSpec};
use crate::core::Game;
use crate::core::rules::Rules;
use crate::output::csv_files::{METRIC_INTERVAL, WIN_RATE_INTERVAL};
use crate::output::manifest::{CRATE_VERSION, GIT_COMMIT, Manifest, RAND_VERSION};
use crate::output::matches_csv::{FileDigest, MatchesCsv, digest};
use crate::output::{failpoint, io_failure, partial_path, write_atomic};
use crate::session::input::input;
use crate::session::plan::{Plan, Shard, Stopping};
use crate::session::progress::Progress;
use crate::session::run::checkpoint::{Checkpoint, Expected, StoppedAt};
use crate::session::run::results::{ResultsOf, SHARD_TALLY, ShardTally, write_results};
use crate::session::signals::stop_at_boundary;
use crate::session::status::{STATUS_FILE, State, StatusWriter};
use crate::session::view::notable::{picks, write_notable};
use crate::stats::Tally;

pub use crate::session::run::checkpoint::CHECKPOINT;

/// Settings of a run that do not change any number in the output.
#[derive(Clone, Debug)]
pub struct Execution {
    pub threads: usize,
    pub per_match: bool,
    pub quiet: bool,
    pub command_line: Vec<String>,
    /// Pause (with a checkpoint) once this many seconds have passed.
    pub time_limit: Option<f64>,
}

impl Execution {
    /// `threads` threads, no per-match rows, no progress output, no time limit.
    pub fn quiet(threads: usize) -> Execution {
        Execution {
            threads,
            per_match: false,
            quiet: true,
            command_line: Vec::new(),
            time_limit: None,
        }
    }
}

/// What a run produced (also returned to tests).
#[derive(Debug)]
pub struct RunSummary {
    /// What was played (the plan's spec).
    pub spec: RunSpec,
    pub tally: Tally,
    pub failures: Vec<Failure>,
    pub elapsed_seconds: f64,
    pub verdict: String,
    /// The length measure the game is counted in (`Game::length_unit`).
    pub length_unit: &'static str,
    pub stopped: Option<StopReport>,
    /// Set when a stopping rule's target was not reached before the maximum matches.
    pub unmet: Option<String>,
    /// Set when `--time-limit` paused the run here (a checkpoint holds the rest).
    pub paused_at: Option<u64>,
}

/// Seconds between checkpoints.
const CHECKPOINT_SECONDS: f64 = 30.0;

/// `ARENA_FAILPOINT=final:<step>:crash` kills the process at that step of the final write
/// (for the tests that prove every step resumable).
fn final_step(step: &str) -> anyhow::Result<()> {
    failpoint(&format!("final:{step}")).map_err(|e| anyhow::anyhow!("final write, {step}: {e}"))
}

/// Play `plan` (or its shard) on the current rayon pool and write its files into `out`.
pub fn execute<G: Game>(
    game: &G,
    plan: &Plan,
    exec: &Execution,
    out: &Path,
    shard: Option<Shard>,
    resume: bool,
) -> anyhow::Result<RunSummary> {
    let spec: &RunSpec = &plan.spec;
    let metric_names = game.metric_names(spec.players);
    let group = spec.seating.group_size(spec.players);
    if !spec.matches.is_multiple_of(group) && !exec.quiet && shard.is_none_or(|s| s.index == 0) {
        crate::errln!(
            "note: {}: {} matches is not a multiple of {group} (one deal per {} group of {} players), so the last deal is played under only some seatings",
            game.name(),
            spec.matches,
            spec.seating.name(),
            spec.players
        );
    }
    let (start, end) = match shard {
        Some(s) => s.range(spec.matches, group),
        None => (0, spec.matches),
    };
    let fingerprint = plan.fingerprint(exec.per_match);
    let expected = Expected {
        plan: &fingerprint,
        shard,
        start,
        end,
        group,
        players: spec.players,
        metrics: metric_names.len(),
        per_match: exec.per_match,
    };
    let checkpoint = if resume { Checkpoint::load(out, &expected)? } else { None };
    let mut cp = match checkpoint {
        Some(cp) => {
            if !exec.quiet {
                crate::errln!("resuming {} at match {} of {start}..{end}", game.name(), cp.next);
            }
            cp
        }
        None => Checkpoint {
            plan: fingerprint.clone(),
            shard,
            next: start,
            tally: Tally::new(spec.players, metric_names.len()),
            failures: Vec::new(),
            matches_csv_bytes: exec.per_match.then_some(0),
            matches_csv_crc32: exec.per_match.then_some(0),
            elapsed_seconds: 0.0,
            stopped: None,
            notable: Notable::default(),
        },
    };
    let resumed = cp.elapsed_seconds > 0.0;
    let earlier_seconds = cp.elapsed_seconds;
    let matches_path = out.join("matches.csv");
    let mut per_match = match cp.matches_csv_bytes {
        None => None,
        Some(_) if cp.next == start => {
            Some(MatchesCsv::create(&matches_path, spec.players, spec.seed)?)
        }
        Some(bytes) => {
            if !partial_path(&matches_path).exists() && matches_path.exists() {
                // A crash after matches.csv was renamed into place: take it back.
                std::fs::rename(&matches_path, partial_path(&matches_path))
                    .map_err(|e| io_failure("renaming", &matches_path, e))?;
            }
            let crc = cp.matches_csv_crc32.unwrap_or_default();
            match MatchesCsv::resume(&matches_path, spec.players, spec.seed, bytes, crc)? {
                Ok(w) => Some(w),
                Err(why) => {
                    return Err(input(format!(
                        "{}: {why}; delete it and checkpoint.json to play this run from the start",
                        partial_path(&matches_path).display()
                    )));
                }
            }
        }
    };
    let mut progress = Progress::new(end - start, cp.next - start, game.name(), exec.quiet);
    let mut status = StatusWriter::new(out, game.name(), end - start, cp.next - start);
    status.running(cp.next - start, plan.stopping.as_ref().map(|r| (r, &cp.tally)))?;
    let started = Instant::now();
    let elapsed = |started: Instant| earlier_seconds + started.elapsed().as_secs_f64();
    let mut last_checkpoint = Instant::now();
    {
        let _quiet = QuietPanics::install();
        let mut sizer = BlockSizer::new(exec.threads, group, 0.25);
        // The largest multiple of the group when rounding up would pass 2^64 - 1.
        let chunk = plan.stopping.map(|st| {
            st.check_every.div_ceil(group).checked_mul(group).unwrap_or(u64::MAX / group * group)
        });
        // The probe serves the estimate, which a quiet run does not print.
        let mut probing = !exec.quiet;
        while cp.next < end && cp.stopped.is_none() {
            let next = cp.next;
            let size = if probing { sizer.probe(exec.threads) } else { sizer.next() };
            let mut block_end = (next + size).min(end);
            if let Some(c) = chunk {
                // Never cross a check point: the stopping index must not depend on timing.
                block_end = block_end.min((next / c + 1) * c);
            }
            let block_started = Instant::now();
            let block = play_block(game, spec, next, block_end, exec.per_match);
            if probing {
                progress.estimate(
                    block_end - next,
                    block_started.elapsed().as_secs_f64(),
                    end - block_end,
                );
                probing = false;
            }
            sizer.observe(block_end - next, block_started);
            cp.tally.merge(&block.tally);
            cp.notable.merge(&block.notable);
            cp.failures.extend(block.failures);
            if let Some(w) = per_match.as_mut() {
                w.write(&block.records)?;
            }
            cp.next = block_end;
            progress.set(cp.next - start);
            if let (Some(st), Some(c)) = (plan.stopping, chunk)
                && cp.next.is_multiple_of(c)
                && let Some(reason) = st.reason(&cp.tally)
            {
                cp.stopped = Some(StoppedAt { at: cp.next, reason });
                break;
            }
            status.running(cp.next - start, plan.stopping.as_ref().map(|r| (r, &cp.tally)))?;
            // A time limit, or SIGTERM/SIGINT (Slurm's preemption, a closed terminal).
            // Asked at every boundary, first, so the test hook counts boundaries exactly.
            let signalled = stop_at_boundary();
            let pause =
                signalled || exec.time_limit.is_some_and(|t| started.elapsed().as_secs_f64() >= t);
            if cp.next < end
                && (pause || last_checkpoint.elapsed().as_secs_f64() >= CHECKPOINT_SECONDS)
            {
                save(&mut cp, per_match.as_mut(), elapsed(started), out)?;
                last_checkpoint = Instant::now();
                if pause {
                    progress.finish();
                    status.stopped(State::Paused, cp.next - start, None)?;
                    return Ok(RunSummary {
                        spec: spec.clone(),
                        tally: cp.tally,
                        failures: cp.failures,
                        elapsed_seconds: cp.elapsed_seconds,
                        verdict: String::new(),
                        length_unit: game.length_unit(),
                        stopped: None,
                        unmet: None,
                        paused_at: Some(cp.next),
                    });
                }
            }
        }
    }
    progress.finish();
    // Every match is played: save that, so a crash in the final write loses nothing.
    save(&mut cp, per_match.as_mut(), elapsed(started), out)?;
    final_step("checkpoint")?;
    let elapsed = cp.elapsed_seconds;
    let labels: Vec<String> = spec.lineup.iter().map(|b| b.label.clone()).collect();
    let metrics = game.metric_docs(spec.players);
    let of = ResultsOf {
        labels: &labels,
        metrics: &metrics,
        group,
        seed: spec.seed,
        fair_within_pp: plan.fair_within_pp,
    };
    let (mut files, verdict) = write_results(out, &cp.tally, &cp.failures, &of)?;
    // A stopping rule whose target the run never reached is said where the verdict is
    // read (verdict.txt, the page, stdout), not only in the manifest.
    let unmet = match (&plan.stopping, &cp.stopped) {
        (Some(rule), None) => Some(format!(
            "stopping rule not met: the maximum of {} matches was reached first ({})",
            end - start,
            crate::session::status::closeness(rule, &cp.tally)
        )),
        _ => None,
    };
    let mut notes = Vec::new();
    if !spec.lineup.iter().all(|b| b.is_reproducible()) {
        // Said in the folder itself, not only in the manifest: these numbers depend on
        // the machine's speed, so the same seed will not give them again.
        notes.push(NOT_REPRODUCIBLE.to_string());
    }
    notes.extend(unmet.clone());
    if !notes.is_empty() {
        let text = format!("{verdict}\n{}\n", notes.join("\n"));
        write_atomic(&out.join("verdict.txt"), text.as_bytes())?;
    }
    final_step("results")?;
    // The matches worth seeing, replayed from the plan (a few pages; see session::view).
    write_notable(out, plan, &picks(&cp.notable, &cp.tally, &labels))?;
    let matches_digest: Option<FileDigest> = match per_match {
        Some(w) => {
            w.commit()?;
            files.push("matches.csv".into());
            final_step("matches")?;
            Some(digest(&matches_path)?)
        }
        None => None,
    };
    if let Some(s) = shard {
        let st = ShardTally {
            plan: fingerprint.clone(),
            shard: s,
            tally: cp.tally.clone(),
            failures: cp.failures.clone(),
            labels: labels.clone(),
            metric_names: metric_names.clone(),
            metric_docs: metrics.into_iter().map(|(_, doc)| doc).collect(),
            notable: cp.notable.clone(),
            group,
            seed: spec.seed,
            fair_within_pp: plan.fair_within_pp,
            elapsed_seconds: elapsed,
            matches_csv: matches_digest,
        };
        write_atomic(&out.join(SHARD_TALLY), &serde_json::to_vec(&st)?)?;
        files.push(SHARD_TALLY.into());
        final_step("tally")?;
    }
    files.push("manifest.json".into());
    let tally = cp.tally;
    let failures = cp.failures;
    let stopped = cp.stopped.map(|s| StopReport {
        rule: plan.stopping.expect("a stopping point needs a stopping rule"),
        stopped_at: s.at,
        reason: s.reason,
    });
    let played = tally.matches + failures.len() as u64;
    let manifest = Manifest {
        tool: "arena",
        crate_version: CRATE_VERSION,
        git_commit: GIT_COMMIT,
        rand_version: RAND_VERSION,
        command_line: exec.command_line.clone(),
        game: game.name().to_string(),
        rules: game.rules().params().iter().map(Into::into).collect(),
        rules_file: plan.rules_file.as_ref().map(|p| p.display().to_string()),
        input_files: plan.input_files(),
        players: spec.players,
        lineup: spec.lineup.clone(),
        matches: spec.matches,
        seed: spec.seed,
        seating: spec.seating,
        shard: shard.map(|s| {
            let (a, b) = s.range(spec.matches, group);
            serde_json::json!({"index": s.index, "count": s.count, "first_match": a, "end_match": b})
        }),
        resumed,
        threads: exec.threads,
        reproducible: spec.lineup.iter().all(|b| b.is_reproducible()),
        completed_matches: tally.matches,
        failed_matches: failures.len() as u64,
        capped_matches: tally.capped,
        elapsed_seconds: elapsed,
        matches_per_second: played as f64 / elapsed.max(1e-9),
        verdict: verdict.clone(),
        stopping: stopped
            .as_ref()
            .map(|s| {
                serde_json::json!({
                "rule": s.rule, "stopped_at_match": s.stopped_at, "reason": s.reason})
            })
            .or_else(|| {
                plan.stopping.map(|rule| {
                    serde_json::json!({"rule": rule, "stopped_at_match": null,
                "reason": "the maximum --matches was reached first"})
                })
            }),
        win_rate_interval: WIN_RATE_INTERVAL,
        metric_interval: METRIC_INTERVAL,
        quantile_method: "nearest-rank (inverse empirical CDF), exact from histograms",
        matches_csv: matches_digest,
        file_digests: crate::output::manifest::file_digests(out, &files)?,
        files,
    };
    write_atomic(&out.join("manifest.json"), &serde_json::to_vec_pretty(&manifest)?)?;
    final_step("manifest")?;
    // The manifest now says finished: the checkpoint and the status file are spent.
    for spent in [Checkpoint::path(out), out.join(STATUS_FILE)] {
        std::fs::remove_file(&spent).map_err(|e| io_failure("removing", &spent, e))?;
    }
    Ok(RunSummary {
        spec: spec.clone(),
        tally,
        failures,
        elapsed_seconds: elapsed,
        verdict,
        length_unit: game.length_unit(),
        stopped,
        unmet,
        paused_at: None,
    })
}

/// Save `cp` with the per-match file flushed to the length it records.
fn save(
    cp: &mut Checkpoint,
    per_match: Option<&mut MatchesCsv>,
    elapsed_seconds: f64,
    out: &Path,
) -> anyhow::Result<()> {
    if let Some(w) = per_match {
        cp.matches_csv_bytes = Some(w.flushed_len()?);
        cp.matches_csv_crc32 = Some(w.crc32());
    }
    cp.elapsed_seconds = elapsed_seconds;
    cp.save(out)
}

/// The second line of `verdict.txt` (and of the printed summary) when a bot had a
/// wall-clock budget.
pub const NOT_REPRODUCIBLE: &str = "Not reproducible: a bot has a wall-clock budget (seconds), so these numbers depend on this machine's speed and load; use an iterations budget to reproduce them.";

/// Where and why a stopping rule ended a run.
#[derive(Clone, Debug)]
pub struct StopReport {
    pub rule: Stopping,
    pub stopped_at: u64,
    pub reason: String,
}
