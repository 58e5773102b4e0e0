//! `arena run`: play a plan (or the default experiment) block by block on a thread pool,
//! stream per-match rows, then write the CSV files and the manifest.

use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::arena::runner::{BlockSizer, QuietPanics, play_block};
use crate::arena::{Failure, RunSpec};
use crate::cli::plan::{Plan, parse_matches, parse_threads, plan_for, prepare_out_dir, timestamp};
use crate::cli::{RunArgs, Status, usage};
use crate::core::Game;
use crate::core::rules::Rules;
use crate::games::GAME_NAMES;
use crate::output::csv_files::{self, METRIC_INTERVAL, MatchesCsv, WIN_RATE_INTERVAL};
use crate::output::manifest::{CRATE_VERSION, GIT_COMMIT, Manifest, RAND_VERSION};
use crate::output::write_atomic;
use crate::stats::Tally;
use crate::stats::intervals::wilson;
use crate::with_game;

/// Settings of a run that do not change any number in the output.
#[derive(Clone, Debug)]
pub struct Execution {
    pub threads: usize,
    pub per_match: bool,
    pub quiet: bool,
    pub command_line: Vec<String>,
}

/// What a run produced (also returned to tests).
#[derive(Debug)]
pub struct RunSummary {
    pub tally: Tally,
    pub failures: Vec<Failure>,
    pub elapsed_seconds: f64,
}

pub fn run_command(args: RunArgs, command_line: &[String]) -> anyhow::Result<Status> {
    let matches = parse_matches(args.matches.as_deref())?;
    let threads = parse_threads(args.threads)?;
    let exec = Execution {
        threads,
        per_match: args.per_match,
        quiet: args.quiet,
        command_line: command_line.to_vec(),
    };
    let m = &args.matches_of;
    // Validate every plan before any folder is created.
    let (plans, root): (Vec<(Plan, PathBuf)>, PathBuf) = match &m.game {
        Some(name) => {
            let plan = plan_for(name, m, matches)?;
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
            let root = args
                .out
                .clone()
                .unwrap_or_else(|| PathBuf::from("results").join(timestamp()));
            let plans = GAME_NAMES
                .iter()
                .map(|name| Ok((plan_for(name, m, matches)?, root.join(name))))
                .collect::<anyhow::Result<Vec<_>>>()?;
            (plans, root)
        }
    };
    let created = prepare_out_dir(&root)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start {threads} threads: {e}"))?;
    let mut status = Status::Ok;
    for (plan, out) in &plans {
        if out != &root {
            std::fs::create_dir_all(out)?;
        }
        let result = pool.install(|| with_game!(&plan.game, g => execute(g, plan, &exec, out)));
        match result {
            Ok(summary) => {
                if !summary.failures.is_empty() {
                    status = Status::HadFailures;
                }
                if !exec.quiet {
                    print_summary(plan, &summary, out);
                }
            }
            Err(e) => {
                if created && plans.len() == 1 {
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

/// Play `plan` on the current rayon pool and write its files into `out`.
pub fn execute<G: Game>(
    game: &G,
    plan: &Plan,
    exec: &Execution,
    out: &Path,
) -> anyhow::Result<RunSummary> {
    let spec: &RunSpec = &plan.spec;
    let metric_names = game.metric_names(spec.players);
    let group = spec.seating.group_size(spec.players);
    if !spec.matches.is_multiple_of(group) && !exec.quiet {
        eprintln!(
            "note: {} matches is not a multiple of {group} (one deal per {:?} group), so the last deal is played under only some seatings",
            spec.matches, spec.seating
        );
    }
    let mut tally = Tally::new(spec.players, metric_names.len());
    let mut failures = Vec::new();
    let mut per_match = if exec.per_match {
        Some(MatchesCsv::create(
            &out.join("matches.csv"),
            spec.players,
            spec.seed,
        )?)
    } else {
        None
    };
    let bar = progress_bar(spec.matches, game.name(), exec.quiet);
    let started = Instant::now();
    {
        let _quiet = QuietPanics::install();
        let mut sizer = BlockSizer::new(exec.threads, 0.25);
        let mut next = 0u64;
        while next < spec.matches {
            let end = (next + sizer.next()).min(spec.matches);
            let block_started = Instant::now();
            let block = play_block(game, spec, next, end, exec.per_match);
            sizer.observe(end - next, block_started);
            tally.merge(&block.tally);
            failures.extend(block.failures);
            if let Some(w) = per_match.as_mut() {
                w.write(&block.records)?;
            }
            bar.set_position(end);
            next = end;
        }
    }
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();

    csv_files::write_seats(&out.join("seats.csv"), &tally)?;
    csv_files::write_bots(&out.join("bots.csv"), &tally, &spec.lineup)?;
    csv_files::write_lengths(&out.join("lengths.csv"), &tally)?;
    csv_files::write_metrics(&out.join("metrics.csv"), &tally, &metric_names)?;
    csv_files::write_failures(&out.join("failures.csv"), spec.seed, &failures)?;
    let mut files = vec![
        "seats.csv",
        "bots.csv",
        "lengths.csv",
        "metrics.csv",
        "failures.csv",
    ];
    if let Some(w) = per_match {
        w.commit()?;
        files.push("matches.csv");
    }
    files.push("manifest.json");
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
        threads: exec.threads,
        reproducible: spec.lineup.iter().all(|b| b.is_reproducible()),
        completed_matches: tally.matches,
        failed_matches: failures.len() as u64,
        capped_matches: tally.capped,
        elapsed_seconds: elapsed,
        matches_per_second: spec.matches as f64 / elapsed.max(1e-9),
        win_rate_interval: WIN_RATE_INTERVAL,
        metric_interval: METRIC_INTERVAL,
        quantile_method: "nearest-rank (inverse empirical CDF), exact from histograms",
        files,
    };
    write_atomic(
        &out.join("manifest.json"),
        &serde_json::to_vec_pretty(&manifest)?,
    )?;
    Ok(RunSummary {
        tally,
        failures,
        elapsed_seconds: elapsed,
    })
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
        serde_json::to_value(spec.seating)
            .map(|v| v.as_str().unwrap_or_default().to_string())
            .unwrap_or_default(),
        s.elapsed_seconds,
        spec.matches as f64 / s.elapsed_seconds.max(1e-9),
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
    if !s.failures.is_empty() {
        println!(
            "  {} matches panicked; see {}/failures.csv and replay one with `arena trace --match INDEX`",
            s.failures.len(),
            out.display()
        );
    }
}
