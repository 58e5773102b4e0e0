//! `arena bench`: matches per second per game with random bots (or `--bots`), on each
//! requested thread count; with `--mcts`, MCTS iterations per second and time per decision per game and
//! iteration budget, one search at a time on one thread. The measuring itself lives in
//! [`crate::session::bench`], shared with `cargo bench`.

use serde_json::json;

use crate::bots::profile::parse_one;
use crate::bots::{BotConfig, MctsParams};
use crate::cli::{BenchArgs, Format};
use crate::games::GAME_NAMES;
use crate::session::bench::{
    BenchResult, DEFAULT_BUDGETS, Positions, bench_positions, default_plans, measure, measure_mcts,
};
use crate::session::input;
use crate::with_game;

fn mcts_bench(args: &BenchArgs, games: &[String]) -> anyhow::Result<()> {
    if !args.threads.is_empty() {
        return Err(input(
            "--mcts measures one search at a time on one thread; --threads does not apply",
        ));
    }
    if args.bots != "random" {
        return Err(input("--mcts times one search of --bot; --bots does not apply"));
    }
    let spec = parse_one(&args.bot).map_err(input)?;
    let BotConfig::Mcts(base) = spec.config().map_err(input)? else {
        return Err(input(format!("--bot {}: not an mcts bot", args.bot)));
    };
    if base.time_budget().is_some() {
        return Err(input("--bot: a wall-clock budget cannot be benchmarked; use --iterations"));
    }
    let budgets: Vec<u32> =
        if args.iterations.is_empty() { DEFAULT_BUDGETS.to_vec() } else { args.iterations.clone() };
    if budgets.contains(&0) {
        return Err(input("--iterations must be at least 1"));
    }
    let plans = default_plans(games, args.players, "random")?;
    let which = Positions::from(args.positions);
    let positions_name = which.name();
    if args.format == Format::Text {
        crate::outln!("MCTS, one thread, --bot {} ({positions_name} positions)", args.bot);
        crate::outln!(
            "{:<12} {:>7} {:>10} {:>9} {:>8} {:>12} {:>14} {:>9}",
            "game",
            "players",
            "iterations",
            "decisions",
            "seconds",
            "ms/decision",
            "iterations/s",
            "nodes"
        );
    }
    for plan in &plans {
        for &iterations in &budgets {
            let params = MctsParams { iterations, ..base };
            let players = plan.spec.players;
            let r = with_game!(&plan.game, g => {
                let positions = bench_positions(g, players, which);
                measure_mcts(g, &positions, params, args.seconds)
            });
            let rate = r.iterations_per_second();
            let per_decision_ms = 1000.0 * r.seconds / r.decisions as f64;
            match args.format {
                Format::Text => crate::outln!(
                    "{:<12} {:>7} {:>10} {:>9} {:>8.2} {:>12.3} {:>14.0} {:>9}",
                    plan.game.name(),
                    players,
                    iterations,
                    r.decisions,
                    r.seconds,
                    per_decision_ms,
                    rate,
                    r.nodes
                ),
                Format::Json => crate::outln!(
                    "{}",
                    json!({"game": plan.game.name(), "bot": "mcts", "iterations": iterations,
                        "decisions": r.decisions, "seconds": r.seconds,
                        "iterations_per_second": rate, "ms_per_decision": per_decision_ms,
                        "players": players, "threads": 1, "positions": positions_name,
                        "spec": args.bot, "c": params.c, "nodes": r.nodes})
                ),
            }
        }
    }
    Ok(())
}

/// Speeds measured while other work holds the cores are low by an unknown amount: say so when
/// the load average exceeds the cores (Linux's /proc/loadavg; elsewhere nothing is said).
fn warn_if_loaded() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|t| t.split_whitespace().next().and_then(|l| l.parse::<f64>().ok()));
    if let Some(load) = load
        && load > cores as f64
    {
        crate::errln!(
            "warning: the load average is {load:.1} on {cores} cores: other work is running, so \
             these figures are low by an unknown amount; measure on a quiet machine"
        );
    }
}

pub fn bench_command(args: BenchArgs) -> anyhow::Result<()> {
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(input("--seconds must be between 0 and 3600"));
    }
    let games: Vec<String> = if args.game.is_empty() {
        GAME_NAMES.iter().map(|s| s.to_string()).collect()
    } else {
        args.game.clone()
    };
    // ARENA_SCALE (a quick pass of the README's tour) shortens the measurement alike.
    let mut args = args;
    if let Some(f) = crate::session::match_scale()? {
        args.seconds = (args.seconds * f).max(0.05);
    }
    if args.mcts {
        return mcts_bench(&args, &games);
    }
    if !args.iterations.is_empty() {
        return Err(input("--iterations needs --mcts"));
    }
    let threads = if args.threads.is_empty() { vec![1, 2] } else { args.threads.clone() };
    // Refused rather than capped: a speed on fewer threads than asked would be misread.
    let (cores, cap) = crate::session::thread_cap();
    if let Some(t) = threads.iter().find(|&&t| t == 0 || t > cap) {
        return Err(input(format!(
            "--threads must be between 1 and {cap} ({} per core on this machine's {cores}), got {t}",
            crate::session::plan::THREADS_PER_CORE
        )));
    }
    // Validate everything before measuring anything.
    let plans = default_plans(&games, args.players, &args.bots)?;
    warn_if_loaded();
    if args.format == Format::Text {
        if args.bots != "random" {
            crate::outln!("bots: {}", args.bots);
        }
        crate::outln!(
            "{:<16} {:>7} {:>7} {:>12} {:>8} {:>14}",
            "game",
            "players",
            "threads",
            "matches",
            "seconds",
            "matches/s"
        );
    }
    for plan in &plans {
        for &t in &threads {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(t).build()?;
            let (matches, seconds) =
                pool.install(|| with_game!(&plan.game, g => measure(g, &plan.spec, args.seconds)));
            let r = BenchResult {
                game: plan.game.name(),
                players: plan.spec.players,
                threads: t,
                matches,
                seconds,
            };
            match args.format {
                Format::Text => crate::outln!(
                    "{:<16} {:>7} {:>7} {:>12} {:>8.2} {:>14.0}",
                    r.game,
                    r.players,
                    r.threads,
                    r.matches,
                    r.seconds,
                    r.matches_per_second()
                ),
                Format::Json => crate::outln!(
                    "{}",
                    json!({"game": r.game, "players": r.players, "threads": r.threads, "matches": r.matches,
                        "seconds": r.seconds, "matches_per_second": r.matches_per_second(),
                        "bots": args.bots})
                ),
            }
        }
    }
    Ok(())
}
