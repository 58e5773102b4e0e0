//! `arena run` and `arena merge`: turn the flags into an experiment, let the run engine play
//! it (or merge shards), and print what happened.

use std::path::Path;

use crate::cli::{MergeArgs, RunArgs, Status};
use crate::session::{
    Execution, Experiment, GameRun, RunEnd, RunSummary, Shard, Stopping, input, merge,
    parse_matches, parse_threads, run,
};
use crate::stats::intervals::wilson;

pub fn run_command(args: RunArgs, command_line: &[String]) -> anyhow::Result<Status> {
    let stopping = Stopping::parse(&args.stopping.request())?;
    let default_matches = if stopping.is_some() { 10_000_000 } else { 100_000 };
    let matches = parse_matches(args.matches.as_deref(), default_matches)?;
    let threads = parse_threads(args.threads)?;
    let shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    if let Some(t) = args.time_limit
        && !(t >= 0.0 && t.is_finite())
    {
        return Err(input(format!("--time-limit must be a number of seconds, got {t}")));
    }
    let m = &args.matches_of;
    if args.resume && args.out.is_none() {
        return Err(input("--resume needs --out: the folder of the interrupted run"));
    }
    let exec = Execution {
        threads,
        per_match: args.per_match,
        quiet: args.quiet,
        command_line: command_line.to_vec(),
        time_limit: args.time_limit,
    };
    // Every plan is validated here, before any folder is created.
    let experiment = match &m.game {
        Some(name) => Experiment::single(&m.spec_for(name), matches, stopping, args.out.clone())?,
        None => Experiment::every_game(&m.spec_for(""), matches, stopping, args.out.clone())?,
    };
    let experiment = experiment.with_shard(shard)?.resuming(args.resume);
    let quiet = exec.quiet;
    let result = run(&experiment, &exec, |done| {
        if !quiet {
            print_game(done);
        }
    })?;
    Ok(match result.end {
        RunEnd::Complete => Status::Ok,
        RunEnd::HadFailures => Status::HadFailures,
        RunEnd::Paused { at } => {
            if !quiet {
                let game = result.games.last().map_or("", |g| g.game);
                println!(
                    "{game}: paused at match {at} (--time-limit); continue with the same flags and --resume --out {}",
                    result.root.display()
                );
            }
            Status::Paused
        }
    })
}

fn print_game(done: &GameRun) {
    match &done.summary {
        None => println!("{}: already complete in {}", done.game, done.out.display()),
        Some(s) if s.paused_at.is_some() => {}
        Some(s) => print_summary(done.game, s, &done.out),
    }
}

/// `arena merge`: the shards' folders into the files of the whole run.
pub fn merge_command(args: MergeArgs, command_line: &[String]) -> anyhow::Result<Status> {
    let merged = merge(&args.shards, &args.out, command_line)?;
    println!(
        "merged {} shards: {} matches -> {}",
        merged.shards,
        merged.tally.matches,
        args.out.display()
    );
    println!("  verdict: {}", merged.verdict);
    Ok(if merged.failures.is_empty() { Status::Ok } else { Status::HadFailures })
}

fn print_summary(game: &str, s: &RunSummary, out: &Path) {
    let spec = &s.spec;
    let bots: Vec<&str> = spec.lineup.iter().map(|b| b.label.as_str()).collect();
    println!(
        "{game}: {} matches, {} players, bots {}, seed {}, seating {}, {:.1} s ({:.0} matches/s) -> {}",
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
