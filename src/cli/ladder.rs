//! `arena ladder`: the flags into a [`LadderRequest`], the session plays it, and a short
//! summary per rung is printed (the files hold every figure).

use std::path::PathBuf;

use clap::Args;

use crate::cli::Status;
use crate::cli::sweep::{check_resume_flags, check_time_limit};
use crate::core::layout::{LADDER_FILE, VERDICT_TXT};
use crate::session::ladder::{DEFAULT_RUNGS, Ladder, LadderRequest, run_ladder};
use crate::session::{DEFAULT_SEED, Shard, input, parse_threads, signals};

#[derive(Args, Debug)]
pub struct LadderArgs {
    /// Game name (see `arena games`).
    #[arg(long, required_unless_present = "resume")]
    pub game: Option<String>,
    /// Number of players (default: the game's usual count).
    #[arg(long)]
    pub players: Option<usize>,
    /// The rungs, weakest first, comma-separated bot profiles (inline parameters allowed:
    /// `mcts:iterations=300`) [default: random,greedy,strong,mcts-1k,mcts-10k].
    #[arg(long)]
    pub bots: Option<String>,
    /// Master seed; each pairing's matches derive from it and the pairing's bots [default: 1].
    #[arg(long)]
    pub seed: Option<u64>,
    /// A rules file (TOML, `key = value`) changing rule parameters.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Change one rule parameter (repeatable): `--set target=50`.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    /// Matches per pairing per round, rounded up to a multiple of the players [default: 100].
    #[arg(long)]
    pub batch: Option<u64>,
    /// At most this many matches per pairing (and per self-play) [default: 2000].
    #[arg(long)]
    pub max_matches: Option<u64>,
    /// A pairing or self-play also stops once its 95% interval is within ± this [default: 0.03].
    #[arg(long)]
    pub precision: Option<f64>,
    /// Worker threads (default: all cores). Never changes any result.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default a new results/ladder-<game>-<timestamp>); new or empty.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Play only the jobs (pairings and self-plays) I, I+K, ...; combine with `arena merge`.
    #[arg(long, value_name = "I/K")]
    pub shard: Option<String>,
    /// Continue the ladder in DIR (after a stop signal or a crash) exactly as it began.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// Pause after this many seconds at the end of a round, leaving the ladder's state
    /// (exit code 4); continue later with --resume, as `arena run --time-limit` does.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Matches per self-play (every seat played by one rung: the first-player edge at that
    /// level), at most; 0 skips them [default: --max-matches].
    #[arg(long)]
    pub self_play_matches: Option<u64>,
    /// No progress lines and no summary on stdout.
    #[arg(long)]
    pub quiet: bool,
    /// Do not write report.html at the end (`arena report DIR` writes it later).
    #[arg(long)]
    pub no_report: bool,
}

/// The only flags `--resume` takes, as for sweeps and tunings: the ladder comes from its
/// folder's `ladder.json`.
const RESUME_FLAGS: [&str; 5] = ["--resume", "--threads", "--quiet", "--no-report", "--time-limit"];

pub fn ladder_command(args: LadderArgs, command_line: &[String]) -> anyhow::Result<Status> {
    let threads = parse_threads(args.threads)?;
    let time_limit = check_time_limit(args.time_limit)?;
    let ladder = match &args.resume {
        Some(dir) => {
            check_resume_flags(command_line, &RESUME_FLAGS, LADDER_FILE)?;
            Ladder::resume(dir)?
        }
        None => {
            let request = LadderRequest {
                game: args.game.clone().ok_or_else(|| input("--game is required"))?,
                players: args.players,
                bots: args.bots.clone().unwrap_or_else(|| DEFAULT_RUNGS.to_string()),
                seed: args.seed.unwrap_or(DEFAULT_SEED),
                rules: args.rules.clone(),
                sets: args.sets.clone(),
                batch: args.batch.unwrap_or(100),
                max_matches: args.max_matches.unwrap_or(2000),
                self_play_matches: args.self_play_matches,
                precision: args.precision.unwrap_or(0.03),
                shard: args.shard.as_deref().map(Shard::parse).transpose()?,
            };
            Ladder::new(request, args.out.clone())?
        }
    };
    signals::install().map_err(|e| anyhow::anyhow!("cannot install signal handlers: {e}"))?;
    let result = run_ladder(&ladder, threads, args.quiet, time_limit, command_line)?;
    if let Some(by) = result.paused {
        if !args.quiet {
            crate::outln!(
                "ladder paused ({}); continue with `{}`",
                by.cause(),
                crate::session::folder::resume_line(
                    crate::core::layout::FolderKind::Ladder,
                    &result.root
                )
            );
        }
        return Ok(Status::Paused);
    }
    if !args.quiet {
        crate::outln!(
            "ladder on {}: {:.1} s -> {}",
            ladder.game.name(),
            result.elapsed_seconds,
            result.root.display()
        );
        match std::fs::read_to_string(result.root.join(VERDICT_TXT)) {
            Ok(text) => text.lines().for_each(|l| crate::outln!("  {l}")),
            Err(_) => crate::outln!("  (a shard: combine the shards with `arena merge`)"),
        }
    }
    // The report line comes last, as after `arena run`: the summary first, then where to look.
    if ladder.design.shard.is_none() && !args.no_report {
        crate::cli::report::report_after(&result.root, args.quiet);
    }
    Ok(if result.failures > 0 { Status::HadFailures } else { Status::Ok })
}
