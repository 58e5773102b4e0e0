//! `arena bench`: matches per second per game with random bots, on each requested thread
//! count. Throughput is measured here (and in `cargo bench`), never in a timed unit test.

use std::time::Instant;

use serde_json::json;

use crate::arena::Seating;
use crate::arena::runner::play_block;
use crate::cli::plan::plan_for;
use crate::cli::{BenchArgs, Format, MatchArgs, usage};
use crate::core::Game;
use crate::games::GAME_NAMES;
use crate::with_game;

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

pub fn bench_command(args: BenchArgs) -> anyhow::Result<()> {
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(usage("--seconds must be between 0 and 3600"));
    }
    let games: Vec<String> = if args.game.is_empty() {
        GAME_NAMES.iter().map(|s| s.to_string()).collect()
    } else {
        args.game.clone()
    };
    let threads = if args.threads.is_empty() { vec![1, 2] } else { args.threads.clone() };
    if threads.contains(&0) {
        return Err(usage("--threads must be at least 1"));
    }
    // Validate everything before measuring anything.
    let plans = games
        .iter()
        .map(|name| {
            let m = MatchArgs {
                game: Some(name.clone()),
                players: args.players,
                bots: "random".into(),
                seed: 1,
                seating: Seating::Rotate,
                rules: None,
                sets: Vec::new(),
            };
            plan_for(name, &m, u64::MAX)
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
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
