//! Executing one plan (or one shard of it) on the current thread pool: block by block in
//! match-index order, with a checkpoint every half minute and on `time_limit`, a stopping
//! rule checked only at fixed match counts, per-match rows streamed in order, and at the end
//! the result files and the manifest. Resuming from a checkpoint gives the same bytes as an
//! uninterrupted run.

use std::path::Path;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::arena::runner::{BlockSizer, QuietPanics, play_block};
use crate::arena::{Failure, RunSpec};
use crate::core::Game;
use crate::core::rules::Rules;
use crate::output::csv_files::{METRIC_INTERVAL, MatchesCsv, WIN_RATE_INTERVAL};
use crate::output::manifest::{CRATE_VERSION, GIT_COMMIT, Manifest, RAND_VERSION};
use crate::output::write_atomic;
use crate::session::input::input;
use crate::session::plan::{Plan, Shard, Stopping};
use crate::session::results::{SHARD_TALLY, ShardTally, write_results};
use crate::stats::Tally;

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
    pub stopped: Option<StopReport>,
    /// Set when `--time-limit` paused the run here (a checkpoint holds the rest).
    pub paused_at: Option<u64>,
}

/// The checkpoint an interrupted run leaves in its folder.
pub const CHECKPOINT: &str = "checkpoint.json";
/// Seconds between checkpoints.
const CHECKPOINT_SECONDS: f64 = 30.0;

/// Everything that decides the numbers of a run: a checkpoint or a shard is only ever
/// combined with one whose plan is identical.
fn plan_fingerprint<G: Game>(game: &G, plan: &Plan, per_match: bool) -> serde_json::Value {
    let spec = &plan.spec;
    let rules: Vec<(String, String)> =
        game.rules().params().iter().map(|p| (p.key.to_string(), p.value.clone())).collect();
    serde_json::json!({
        "game": game.name(),
        "rules": rules,
        "players": spec.players,
        "lineup": spec.lineup,
        "matches": spec.matches,
        "seed": spec.seed,
        "seating": spec.seating,
        "stopping": plan.stopping,
        "per_match": per_match,
        "crate_version": CRATE_VERSION,
    })
}

/// A run's progress, saved every few seconds so that an interrupted run can go on.
#[derive(serde::Serialize, serde::Deserialize)]
struct Checkpoint {
    plan: serde_json::Value,
    shard: Option<Shard>,
    next: u64,
    tally: Tally,
    failures: Vec<Failure>,
    matches_csv_bytes: Option<u64>,
    elapsed_seconds: f64,
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
        eprintln!(
            "note: {} matches is not a multiple of {group} (one deal per {} group), so the last deal is played under only some seatings",
            spec.matches,
            spec.seating.name()
        );
    }
    let (start, end) = match shard {
        Some(s) => s.range(spec.matches, group),
        None => (0, spec.matches),
    };
    let fingerprint = plan_fingerprint(game, plan, exec.per_match);
    let mut tally = Tally::new(spec.players, metric_names.len());
    let mut failures = Vec::new();
    let mut next = start;
    let mut earlier_seconds = 0.0;
    let checkpoint_path = out.join(CHECKPOINT);
    let mut per_match = None;
    if resume && checkpoint_path.exists() {
        let text = std::fs::read_to_string(&checkpoint_path)?;
        let cp: Checkpoint = serde_json::from_str(&text)
            .map_err(|e| input(format!("{}: not a checkpoint: {e}", checkpoint_path.display())))?;
        if cp.plan != fingerprint || cp.shard != shard {
            return Err(input(format!(
                "{} was written by a different plan; resume with exactly the flags of the interrupted run (only --threads and --quiet may change)",
                checkpoint_path.display()
            )));
        }
        next = cp.next;
        tally = cp.tally;
        failures = cp.failures;
        earlier_seconds = cp.elapsed_seconds;
        if let Some(bytes) = cp.matches_csv_bytes {
            per_match =
                Some(MatchesCsv::resume(&out.join("matches.csv"), spec.players, spec.seed, bytes)?);
        }
        if !exec.quiet {
            eprintln!("resuming {} at match {next} of {start}..{end}", game.name());
        }
    } else if exec.per_match {
        per_match = Some(MatchesCsv::create(&out.join("matches.csv"), spec.players, spec.seed)?);
    }
    let mut stopped = None;
    let bar = progress_bar(end - start, game.name(), exec.quiet);
    bar.set_position(next - start);
    let started = Instant::now();
    let mut last_checkpoint = Instant::now();
    {
        let _quiet = QuietPanics::install();
        let mut sizer = BlockSizer::new(exec.threads, group, 0.25);
        let chunk = plan.stopping.map(|st| st.check_every.div_ceil(group) * group);
        while next < end {
            let mut block_end = (next + sizer.next()).min(end);
            if let Some(c) = chunk {
                // Never cross a check point: the stopping index must not depend on timing.
                block_end = block_end.min((next / c + 1) * c);
            }
            let block_started = Instant::now();
            let block = play_block(game, spec, next, block_end, exec.per_match);
            sizer.observe(block_end - next, block_started);
            tally.merge(&block.tally);
            failures.extend(block.failures);
            if let Some(w) = per_match.as_mut() {
                w.write(&block.records)?;
            }
            next = block_end;
            bar.set_position(next - start);
            if let (Some(st), Some(c)) = (plan.stopping, chunk)
                && next.is_multiple_of(c)
                && let Some(reason) = st.reason(&tally)
            {
                stopped = Some(StopReport { rule: st, stopped_at: next, reason });
                break;
            }
            let pause = exec.time_limit.is_some_and(|t| started.elapsed().as_secs_f64() >= t);
            if next < end
                && (pause || last_checkpoint.elapsed().as_secs_f64() >= CHECKPOINT_SECONDS)
            {
                let matches_csv_bytes = match per_match.as_mut() {
                    Some(w) => Some(w.flushed_len()?),
                    None => None,
                };
                let cp = Checkpoint {
                    plan: fingerprint.clone(),
                    shard,
                    next,
                    tally: tally.clone(),
                    failures: failures.clone(),
                    matches_csv_bytes,
                    elapsed_seconds: earlier_seconds + started.elapsed().as_secs_f64(),
                };
                write_atomic(&checkpoint_path, &serde_json::to_vec(&cp)?)?;
                last_checkpoint = Instant::now();
                if pause {
                    bar.finish_and_clear();
                    if let Some(w) = per_match {
                        w.keep_partial();
                    }
                    return Ok(RunSummary {
                        spec: spec.clone(),
                        tally,
                        failures,
                        elapsed_seconds: cp.elapsed_seconds,
                        verdict: String::new(),
                        stopped: None,
                        paused_at: Some(next),
                    });
                }
            }
        }
    }
    bar.finish_and_clear();
    let elapsed = earlier_seconds + started.elapsed().as_secs_f64();

    let labels: Vec<String> = spec.lineup.iter().map(|b| b.label.clone()).collect();
    let metrics = game.metric_docs(spec.players);
    let (mut files, verdict) =
        write_results(out, &tally, &failures, &labels, &metrics, group, spec.seed)?;
    if let Some(w) = per_match {
        w.commit()?;
        files.push("matches.csv".into());
    }
    if let Some(s) = shard {
        let st = ShardTally {
            plan: fingerprint.clone(),
            shard: s,
            tally: tally.clone(),
            failures: failures.clone(),
            labels: labels.clone(),
            metric_names: metric_names.clone(),
            metric_docs: metrics.into_iter().map(|(_, doc)| doc).collect(),
            group,
            seed: spec.seed,
            elapsed_seconds: elapsed,
        };
        write_atomic(&out.join(SHARD_TALLY), &serde_json::to_vec(&st)?)?;
        files.push(SHARD_TALLY.into());
    }
    files.push("manifest.json".into());
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
        players: spec.players,
        lineup: spec.lineup.clone(),
        matches: spec.matches,
        seed: spec.seed,
        seating: spec.seating,
        shard: shard.map(|s| {
            let (a, b) = s.range(spec.matches, group);
            serde_json::json!({"index": s.index, "count": s.count, "first_match": a, "end_match": b})
        }),
        resumed: resume && earlier_seconds > 0.0,
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
        files,
    };
    write_atomic(&out.join("manifest.json"), &serde_json::to_vec_pretty(&manifest)?)?;
    if checkpoint_path.exists() {
        std::fs::remove_file(&checkpoint_path)?;
    }
    Ok(RunSummary {
        spec: spec.clone(),
        tally,
        failures,
        elapsed_seconds: elapsed,
        verdict,
        stopped,
        paused_at: None,
    })
}

/// Where and why a stopping rule ended a run.
#[derive(Clone, Debug)]
pub struct StopReport {
    pub rule: Stopping,
    pub stopped_at: u64,
    pub reason: String,
}

pub(crate) fn progress_bar(total: u64, label: &str, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    // indicatif draws nothing when stderr is not a terminal.
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix} [{bar:30}] {human_pos}/{human_len} matches, {per_sec}, ETA {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(label.to_string());
    bar
}
