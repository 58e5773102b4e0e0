//! `arena run`: play a plan (or the default experiment) block by block on a thread pool,
//! stream per-match rows, then write the CSV files and the manifest.

use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::arena::runner::{BlockSizer, QuietPanics, play_block};
use crate::arena::{Failure, RunSpec};
use crate::cli::plan::{
    Plan, Shard, Stopping, parse_matches, parse_shard, parse_stopping, parse_threads, plan_for,
    prepare_out_dir, timestamp,
};
use crate::cli::{MergeArgs, RunArgs, Status, usage};
use crate::core::Game;
use crate::core::rules::Rules;
use crate::games::GAME_NAMES;
use crate::output::csv_files::{self, METRIC_INTERVAL, MatchesCsv, WIN_RATE_INTERVAL};
use crate::output::manifest::{CRATE_VERSION, GIT_COMMIT, Manifest, RAND_VERSION};
use crate::output::write_atomic;
use crate::stats::intervals::wilson;
use crate::stats::{Tally, analysis};
use crate::with_game;

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

/// What a run produced (also returned to tests).
#[derive(Debug)]
pub struct RunSummary {
    pub tally: Tally,
    pub failures: Vec<Failure>,
    pub elapsed_seconds: f64,
    pub verdict: String,
    pub stopped: Option<StopReport>,
    /// Set when `--time-limit` paused the run here (a checkpoint holds the rest).
    pub paused_at: Option<u64>,
}

pub fn run_command(args: RunArgs, command_line: &[String]) -> anyhow::Result<Status> {
    let stopping = parse_stopping(&args.stopping)?;
    let default_matches = if stopping.is_some() { 10_000_000 } else { 100_000 };
    let matches = parse_matches(args.matches.as_deref(), default_matches)?;
    let threads = parse_threads(args.threads)?;
    let shard = parse_shard(args.shard.as_deref())?;
    let exec = Execution {
        threads,
        per_match: args.per_match,
        quiet: args.quiet,
        command_line: command_line.to_vec(),
        time_limit: args.time_limit,
    };
    if let Some(t) = args.time_limit
        && !(t >= 0.0 && t.is_finite())
    {
        return Err(usage(format!("--time-limit must be a number of seconds, got {t}")));
    }
    let m = &args.matches_of;
    if shard.is_some() && stopping.is_some() {
        return Err(usage(
            "--shard cannot be combined with --until-ci or --sprt (a stopping rule needs the whole run's tally)",
        ));
    }
    if shard.is_some() && m.game.is_none() {
        return Err(usage("--shard needs --game"));
    }
    if args.resume && args.out.is_none() {
        return Err(usage("--resume needs --out: the folder of the interrupted run"));
    }
    // Validate every plan before any folder is created.
    let (plans, root): (Vec<(Plan, PathBuf)>, PathBuf) = match &m.game {
        Some(name) => {
            let mut plan = plan_for(name, m, matches)?;
            plan.stopping = stopping;
            let out = args.out.clone().unwrap_or_else(|| {
                PathBuf::from("results").join(format!("{name}-{}", timestamp()))
            });
            (vec![(plan, out.clone())], out)
        }
        None => {
            if m.rules.is_some() || !m.sets.is_empty() || m.players.is_some() {
                return Err(usage(
                    "--rules, --set and --players need --game (the default experiment runs every game with its default rules)",
                ));
            }
            let root =
                args.out.clone().unwrap_or_else(|| PathBuf::from("results").join(timestamp()));
            let plans = GAME_NAMES
                .iter()
                .map(|name| {
                    let mut plan = plan_for(name, m, matches)?;
                    plan.stopping = stopping;
                    Ok((plan, root.join(name)))
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            (plans, root)
        }
    };
    let created = if args.resume {
        if !root.is_dir() {
            return Err(usage(format!("--resume: {} is not a run folder", root.display())));
        }
        false
    } else {
        prepare_out_dir(&root)?
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start {threads} threads: {e}"))?;
    let mut status = Status::Ok;
    for (plan, out) in &plans {
        if out != &root {
            std::fs::create_dir_all(out)?;
        }
        if args.resume && out.join("manifest.json").exists() {
            if !exec.quiet {
                println!("{}: already complete in {}", plan.game.name(), out.display());
            }
            continue;
        }
        let result = pool.install(
            || with_game!(&plan.game, g => execute(g, plan, &exec, out, shard, args.resume)),
        );
        match result {
            Ok(summary) if summary.paused_at.is_some() => {
                if !exec.quiet {
                    println!(
                        "{}: paused at match {} (--time-limit); continue with the same flags and --resume --out {}",
                        plan.game.name(),
                        summary.paused_at.unwrap_or_default(),
                        root.display()
                    );
                }
                return Ok(Status::Paused);
            }
            Ok(summary) => {
                if !summary.failures.is_empty() {
                    status = Status::HadFailures;
                }
                if !exec.quiet {
                    print_summary(plan, &summary, out);
                }
            }
            Err(e) => {
                // Keep a folder that holds a checkpoint: the run can be resumed from it.
                if created && plans.len() == 1 && !out.join(CHECKPOINT).exists() {
                    let _ = std::fs::remove_dir_all(&root);
                }
                return Err(e);
            }
        }
    }
    Ok(status)
}

fn progress_bar(total: u64, label: &str, quiet: bool) -> ProgressBar {
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

/// `arena merge`: add the tallies of every shard of one plan and write the files the whole
/// run would have written (matches.csv too, when every shard has one).
pub fn merge_command(args: MergeArgs, command_line: &[String]) -> anyhow::Result<Status> {
    let mut shards = Vec::new();
    for dir in &args.shards {
        let path = dir.join(SHARD_TALLY);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            usage(format!(
                "{}: {e} (is it the folder of an `arena run --shard` run?)",
                path.display()
            ))
        })?;
        let st: ShardTally = serde_json::from_str(&text)
            .map_err(|e| usage(format!("{}: not a shard tally: {e}", path.display())))?;
        shards.push((dir.clone(), st));
    }
    let count = shards[0].1.shard.count;
    for (dir, st) in &shards {
        if st.plan != shards[0].1.plan || st.shard.count != count {
            return Err(usage(format!(
                "{} holds a shard of a different plan than {}",
                dir.display(),
                shards[0].0.display()
            )));
        }
    }
    shards.sort_by_key(|(_, st)| st.shard.index);
    let indices: Vec<u64> = shards.iter().map(|(_, st)| st.shard.index).collect();
    if indices != (0..count).collect::<Vec<_>>() {
        return Err(usage(format!(
            "the plan has {count} shards; got shards {indices:?} (every shard exactly once)"
        )));
    }
    prepare_out_dir(&args.out)?;
    let first = &shards[0].1;
    let mut tally = Tally::new(first.tally.players, first.metric_names.len());
    let mut failures = Vec::new();
    let mut seconds = 0.0;
    for (_, st) in &shards {
        tally.merge(&st.tally);
        failures.extend(st.failures.iter().cloned());
        seconds += st.elapsed_seconds;
    }
    let (mut files, verdict) = write_results(
        &args.out,
        &tally,
        &failures,
        &first.labels,
        &first.metric_names,
        first.group,
        first.seed,
    )?;
    // Rows are in index order within each shard and shards are contiguous ranges: their
    // concatenation is the whole run's matches.csv.
    if shards.iter().all(|(dir, _)| dir.join("matches.csv").exists()) {
        let mut file = crate::output::AtomicFile::create(&args.out.join("matches.csv"))?;
        for (k, (dir, _)) in shards.iter().enumerate() {
            let text = std::fs::read_to_string(dir.join("matches.csv"))?;
            let body =
                if k == 0 { &text[..] } else { text.split_once('\n').map_or("", |(_, b)| b) };
            std::io::Write::write_all(file.writer(), body.as_bytes())?;
        }
        file.commit()?;
        files.push("matches.csv".into());
    }
    files.push("manifest.json".into());
    let manifest = serde_json::json!({
        "tool": "arena",
        "crate_version": CRATE_VERSION,
        "git_commit": GIT_COMMIT,
        "rand_version": RAND_VERSION,
        "command_line": command_line,
        "merged_from": args.shards.iter().map(|d| d.display().to_string()).collect::<Vec<_>>(),
        "plan": first.plan,
        "completed_matches": tally.matches,
        "failed_matches": failures.len(),
        "capped_matches": tally.capped,
        "elapsed_seconds_summed_over_shards": seconds,
        "verdict": verdict,
        "win_rate_interval": WIN_RATE_INTERVAL,
        "metric_interval": METRIC_INTERVAL,
        "files": files,
    });
    write_atomic(&args.out.join("manifest.json"), &serde_json::to_vec_pretty(&manifest)?)?;
    println!("merged {count} shards: {} matches -> {}", tally.matches, args.out.display());
    println!("  verdict: {verdict}");
    Ok(if failures.is_empty() { Status::Ok } else { Status::HadFailures })
}

/// The checkpoint an interrupted run leaves in its folder.
pub const CHECKPOINT: &str = "checkpoint.json";
/// The tally a shard leaves for `arena merge`.
pub const SHARD_TALLY: &str = "tally.json";
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

/// What a shard leaves for `arena merge`: its tally and what is needed to write the files.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct ShardTally {
    pub plan: serde_json::Value,
    pub shard: Shard,
    pub tally: Tally,
    pub failures: Vec<Failure>,
    pub labels: Vec<String>,
    pub metric_names: Vec<String>,
    pub group: u64,
    pub seed: u64,
    pub elapsed_seconds: f64,
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
            .map_err(|e| usage(format!("{}: not a checkpoint: {e}", checkpoint_path.display())))?;
        if cp.plan != fingerprint || cp.shard != shard {
            return Err(usage(format!(
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
    let (mut files, verdict) =
        write_results(out, &tally, &failures, &labels, &metric_names, group, spec.seed)?;
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
    Ok(RunSummary { tally, failures, elapsed_seconds: elapsed, verdict, stopped, paused_at: None })
}

/// Write every result file computed from a tally (all but matches.csv and the manifest);
/// shared by runs, shards and `arena merge` so that all three write the same bytes. Returns
/// the files written and the verdict.
pub fn write_results(
    out: &Path,
    tally: &Tally,
    failures: &[Failure],
    labels: &[String],
    metric_names: &[String],
    group: u64,
    seed: u64,
) -> anyhow::Result<(Vec<String>, String)> {
    let balance = analysis::balance(tally);
    let (ratings, difference) = analysis::ratings(tally, labels, group);
    let pairing = analysis::pairing(tally, labels, group);
    csv_files::write_seats(&out.join("seats.csv"), tally, &balance)?;
    csv_files::write_balance(&out.join("balance.csv"), tally, &balance)?;
    csv_files::write_bots(&out.join("bots.csv"), tally, labels)?;
    csv_files::write_ratings(&out.join("ratings.csv"), &ratings)?;
    csv_files::write_pairing(&out.join("pairing.csv"), &pairing)?;
    csv_files::write_shape(&out.join("shape.csv"), &analysis::shape(tally), tally.matches)?;
    csv_files::write_lengths(&out.join("lengths.csv"), tally)?;
    csv_files::write_histograms(&out.join("histograms.csv"), tally)?;
    csv_files::write_metrics(&out.join("metrics.csv"), tally, metric_names)?;
    csv_files::write_failures(&out.join("failures.csv"), seed, failures)?;
    write_atomic(&out.join("verdict.txt"), format!("{}\n", balance.verdict).as_bytes())?;
    let mut files: Vec<String> = [
        "seats.csv",
        "balance.csv",
        "bots.csv",
        "ratings.csv",
        "pairing.csv",
        "shape.csv",
        "lengths.csv",
        "histograms.csv",
        "metrics.csv",
        "failures.csv",
        "verdict.txt",
    ]
    .map(String::from)
    .to_vec();
    if let Some(d) = &difference {
        csv_files::write_difference(&out.join("difference.csv"), d)?;
        files.push("difference.csv".into());
    }
    Ok((files, balance.verdict))
}

/// Where and why a stopping rule ended a run.
#[derive(Clone, Debug)]
pub struct StopReport {
    pub rule: Stopping,
    pub stopped_at: u64,
    pub reason: String,
}

fn print_summary(plan: &Plan, s: &RunSummary, out: &Path) {
    let spec = &plan.spec;
    let bots: Vec<&str> = spec.lineup.iter().map(|b| b.label.as_str()).collect();
    println!(
        "{}: {} matches, {} players, bots {}, seed {}, seating {}, {:.1} s ({:.0} matches/s) -> {}",
        plan.game.name(),
        s.tally.matches,
        spec.players,
        bots.join(","),
        spec.seed,
        spec.seating.name(),
        s.elapsed_seconds,
        s.tally.matches as f64 / s.elapsed_seconds.max(1e-9),
        out.display()
    );
    for seat in 0..spec.players {
        let t = &s.tally.seats[seat];
        let (lo, hi) = wilson(t.win_shares(), t.matches, 0.95);
        println!(
            "  seat {seat}: win share {:.4} [{:.4}, {:.4}] (Wilson 95%, n={})",
            t.win_rate(),
            lo,
            hi,
            t.matches
        );
    }
    println!("  capped {}, failed {}", s.tally.capped, s.failures.len());
    println!("  verdict: {}", s.verdict);
    if let Some(stop) = &s.stopped {
        println!("  stopped after {} matches: {}", stop.stopped_at, stop.reason);
    }
    if !s.failures.is_empty() {
        println!(
            "  {} matches panicked; see {}/failures.csv and replay one with `arena trace --match INDEX`",
            s.failures.len(),
            out.display()
        );
    }
}
