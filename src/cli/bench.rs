//! `arena bench`: matches per second per game with random bots, on each requested thread
//! count; with `--mcts`, MCTS iterations per second and time per decision per game and
//! iteration budget, one search at a time on one thread. Throughput is measured here (and in
//! `cargo bench`), never in a timed unit test.

use std::time::Instant;

use clap::ValueEnum;
use rand::RngExt;
use serde_json::json;

use crate::arena::Seating;
use crate::arena::runner::play_block;
use crate::bots::mcts::MctsBot;
use crate::bots::profile::parse_one;
use crate::bots::{BotConfig, MctsParams};
use crate::cli::plan::{Plan, plan_for};
use crate::cli::{BenchArgs, Format, MatchArgs, usage};
use crate::core::{CHANCE_STREAM, Game, Turn, derive_rng};
use crate::games::GAME_NAMES;
use crate::with_game;

/// Where `bench --mcts` searches from.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Positions {
    /// The start position, after any opening chance event (TRICE's roll) from a fixed seed.
    Start,
    /// 16 positions reached by seeded random play (decisions with at least two options).
    Random,
}

/// Iteration budgets `bench --mcts` measures by default.
pub const DEFAULT_BUDGETS: [u32; 3] = [100, 1_000, 10_000];

/// One `bench --mcts` measurement.
#[derive(Clone, Debug)]
pub struct MctsBenchResult {
    pub iterations: u32,
    pub decisions: u64,
    pub seconds: f64,
    /// Tree size after the last search.
    pub nodes: usize,
}

/// The positions to search from: decisions with at least two legal actions.
pub fn bench_positions<G: Game>(game: &G, players: usize, which: Positions) -> Vec<G::State> {
    let mut legal = Vec::new();
    let mut out = Vec::new();
    let wanted = match which {
        Positions::Start => 1,
        Positions::Random => 16,
    };
    let mut index = 0u64;
    while out.len() < wanted {
        let mut chance = derive_rng(0xBE9C, index, CHANCE_STREAM);
        let mut pick = derive_rng(0xBE9C, index, 1);
        index += 1;
        let mut s = game.new_state(players);
        let mut seen: Vec<G::State> = Vec::new();
        loop {
            match game.turn(&s) {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut s, &mut chance),
                Turn::Player(_) => {
                    game.legal_actions(&s, &mut legal);
                    if legal.len() > 1 {
                        seen.push(s.clone());
                        if which == Positions::Start {
                            break;
                        }
                    }
                    let a = legal[pick.random_range(0..legal.len())];
                    game.apply(&mut s, a);
                }
            }
        }
        if seen.is_empty() {
            assert!(index < 10_000, "{} never offers a choice", game.name());
            continue;
        }
        match which {
            Positions::Start => out.push(seen.swap_remove(0)),
            Positions::Random => {
                let k = pick.random_range(0..seen.len());
                out.push(seen.swap_remove(k));
            }
        }
    }
    out
}

/// Search from `positions` in turn with `params` until `seconds` have passed (and at least
/// 3 searches); only the searches are timed.
pub fn measure_mcts<G: Game>(
    game: &G,
    positions: &[G::State],
    params: MctsParams,
    seconds: f64,
) -> MctsBenchResult {
    let mut bot = MctsBot::new(params);
    let mut legal = Vec::new();
    let mut search = |k: u64, bot: &mut MctsBot| {
        let s = &positions[k as usize % positions.len()];
        let Turn::Player(seat) = game.turn(s) else {
            unreachable!("bench positions are decisions")
        };
        game.legal_actions(s, &mut legal);
        let mut rng = derive_rng(0xBE9C, k, 2);
        let started = Instant::now();
        std::hint::black_box(bot.search(game, s, seat, &legal, &mut rng));
        started.elapsed().as_secs_f64()
    };
    // Warm-up: first-touch allocation of the tree and caches.
    search(u64::MAX, &mut bot);
    let mut decisions = 0u64;
    let mut total = 0.0;
    while decisions < 3 || total < seconds {
        total += search(decisions, &mut bot);
        decisions += 1;
    }
    MctsBenchResult {
        iterations: params.iterations,
        decisions,
        seconds: total,
        nodes: bot.last_search::<G>().nodes,
    }
}

fn mcts_bench(args: &BenchArgs, games: &[String]) -> anyhow::Result<()> {
    if !args.threads.is_empty() {
        return Err(usage(
            "--mcts measures one search at a time on one thread; --threads does not apply",
        ));
    }
    let spec = parse_one(&args.bot).map_err(usage)?;
    let BotConfig::Mcts(base) = spec.config().map_err(usage)? else {
        return Err(usage(format!("--bot {}: not an mcts bot", args.bot)));
    };
    if base.seconds.is_some() {
        return Err(usage("--bot: a wall-clock budget cannot be benchmarked; use --iterations"));
    }
    let budgets: Vec<u32> =
        if args.iterations.is_empty() { DEFAULT_BUDGETS.to_vec() } else { args.iterations.clone() };
    if budgets.contains(&0) {
        return Err(usage("--iterations must be at least 1"));
    }
    let plans = default_plans(games, args.players)?;
    let positions_name = match args.positions {
        Positions::Start => "start",
        Positions::Random => "random",
    };
    if args.format == Format::Text {
        println!("MCTS, one thread, --bot {} ({positions_name} positions)", args.bot);
        println!(
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
                let positions = bench_positions(g, players, args.positions);
                measure_mcts(g, &positions, params, args.seconds)
            });
            let rate = r.iterations as f64 * r.decisions as f64 / r.seconds;
            let per_decision_ms = 1000.0 * r.seconds / r.decisions as f64;
            match args.format {
                Format::Text => println!(
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
                Format::Json => println!(
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

/// One measurement.
#[derive(Clone, Debug)]
pub struct BenchResult {
    pub game: &'static str,
    pub players: usize,
    pub threads: usize,
    pub matches: u64,
    pub seconds: f64,
}

impl BenchResult {
    pub fn matches_per_second(&self) -> f64 {
        self.matches as f64 / self.seconds
    }
}

/// Play random matches of `game` for about `seconds` on the current pool.
pub fn measure<G: Game>(game: &G, spec: &crate::arena::RunSpec, seconds: f64) -> (u64, f64) {
    let group = spec.seating.group_size(spec.players);
    // Warm up caches and the pool before timing.
    play_block(game, spec, 0, 256 * group, false);
    let started = Instant::now();
    let mut block = 1024 * group;
    let mut done = 0u64;
    while started.elapsed().as_secs_f64() < seconds {
        let t = Instant::now();
        play_block(game, spec, done, done + block, false);
        done += block;
        if t.elapsed().as_secs_f64() < 0.05 {
            block *= 2;
        }
    }
    (done, started.elapsed().as_secs_f64())
}

/// Each game with its default rules, random bots, seed 1 and rotated seating: what both bench
/// modes measure. Validated before anything is measured.
fn default_plans(games: &[String], players: Option<usize>) -> anyhow::Result<Vec<Plan>> {
    games
        .iter()
        .map(|name| {
            let m = MatchArgs {
                game: Some(name.clone()),
                players,
                bots: "random".into(),
                seed: 1,
                seating: Seating::Rotate,
                rules: None,
                sets: Vec::new(),
            };
            // The match count only bounds the indices a measurement may use.
            plan_for(name, &m, u64::MAX)
        })
        .collect()
}

pub fn bench_command(args: BenchArgs) -> anyhow::Result<()> {
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(usage("--seconds must be between 0 and 3600"));
    }
    let games: Vec<String> = if args.game.is_empty() {
        GAME_NAMES.iter().map(|s| s.to_string()).collect()
    } else {
        args.game.clone()
    };
    if args.mcts {
        return mcts_bench(&args, &games);
    }
    if !args.iterations.is_empty() {
        return Err(usage("--iterations needs --mcts"));
    }
    let threads = if args.threads.is_empty() { vec![1, 2] } else { args.threads.clone() };
    if threads.contains(&0) {
        return Err(usage("--threads must be at least 1"));
    }
    // Validate everything before measuring anything.
    let plans = default_plans(&games, args.players)?;
    if args.format == Format::Text {
        println!(
            "{:<16} {:>7} {:>7} {:>12} {:>8} {:>14}",
            "game", "players", "threads", "matches", "seconds", "matches/s"
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
                Format::Text => println!(
                    "{:<16} {:>7} {:>7} {:>12} {:>8.2} {:>14.0}",
                    r.game,
                    r.players,
                    r.threads,
                    r.matches,
                    r.seconds,
                    r.matches_per_second()
                ),
                Format::Json => println!(
                    "{}",
                    json!({"game": r.game, "players": r.players, "threads": r.threads, "matches": r.matches,
                        "seconds": r.seconds, "matches_per_second": r.matches_per_second()})
                ),
            }
        }
    }
    Ok(())
}
