//! Speed measurements shared by `arena bench` and `cargo bench`: matches per second of a
//! plan on the current pool, and MCTS iterations per second from fixed positions. Throughput
//! is measured here, never in a timed unit test.

use std::time::Instant;

use rand::RngExt;

use crate::bots::MctsParams;
use crate::bots::mcts::MctsBot;
use crate::core::{CHANCE_STREAM, Game, Turn, derive_rng};
use crate::runner::RunSpec;
use crate::runner::worker::play_block;
use crate::session::plan::{MatchSpec, Plan};

/// Where an MCTS measurement searches from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Positions {
    /// The start position, after any opening chance event (TRICE's roll) from a fixed seed.
    Start,
    /// 16 positions reached by seeded random play (decisions with at least two options).
    Random,
}

impl Positions {
    pub fn name(self) -> &'static str {
        match self {
            Positions::Start => "start",
            Positions::Random => "random",
        }
    }
}

/// Iteration budgets `bench --mcts` measures by default.
pub const DEFAULT_BUDGETS: [u32; 3] = [100, 1_000, 10_000];

/// One MCTS measurement.
#[derive(Clone, Debug)]
pub struct MctsBenchResult {
    pub iterations: u32,
    pub decisions: u64,
    pub seconds: f64,
    /// Tree size after the last search.
    pub nodes: usize,
}

impl MctsBenchResult {
    pub fn iterations_per_second(&self) -> f64 {
        self.iterations as f64 * self.decisions as f64 / self.seconds
    }
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

/// Play matches of `spec` for about `seconds` on the current pool.
pub fn measure<G: Game>(game: &G, spec: &RunSpec, seconds: f64) -> (u64, f64) {
    let group = spec.seating.group_size(spec.players);
    // Warm up caches and the pool, and find a block that takes 50 ms: 1,024 deal groups
    // with random bots (as fast as a run's blocks grow), a few with deep-search bots, where
    // one such block takes seconds.
    let threads = rayon::current_num_threads() as u64;
    let mut block = group * threads;
    let mut done = 0u64;
    loop {
        let t = Instant::now();
        play_block(game, spec, done, done + block, false);
        done += block;
        if t.elapsed().as_secs_f64() >= 0.05 || block >= 1024 * group {
            break;
        }
        block *= 2;
    }
    let started = Instant::now();
    let first = done;
    while started.elapsed().as_secs_f64() < seconds {
        let t = Instant::now();
        play_block(game, spec, done, done + block, false);
        done += block;
        if t.elapsed().as_secs_f64() < 0.05 {
            block *= 2;
        }
    }
    (done - first, started.elapsed().as_secs_f64())
}

/// Each of `games` with its default rules, `bots` (`random` unless told), seed 1 and rotated
/// seating: what both kinds of measurement use. Validated before anything is measured.
pub fn default_plans(
    games: &[String],
    players: Option<usize>,
    bots: &str,
) -> anyhow::Result<Vec<Plan>> {
    games
        .iter()
        .map(|name| {
            let spec = MatchSpec { players, bots: Some(bots.into()), ..MatchSpec::new(name) };
            // The match count only bounds the indices a measurement may use.
            Plan::new(&spec, u64::MAX)
        })
        .collect()
}
