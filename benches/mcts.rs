//! MCTS search speed: one 1,000-iteration search from each game's start position (after any
//! opening chance event), one thread, with the `bench --mcts` default settings (plain UCT,
//! random rollouts to the end) and with the `mcts-1k` profile. `arena bench --mcts` prints
//! iterations per second for budgets 100, 1k and 10k.

use std::hint::black_box;

use arena::bots::mcts::MctsBot;
use arena::bots::profile::parse_one;
use arena::bots::{BotConfig, MctsParams};
use arena::core::{Game, Turn, derive_rng};
use arena::games::{self, AnyGame, GAME_NAMES};
use arena::session::bench::{Positions, bench_positions};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn params(spec: &str) -> MctsParams {
    match parse_one(spec).expect("mcts spec").config().expect("valid") {
        BotConfig::Mcts(p) => p,
        _ => unreachable!("an mcts spec"),
    }
}

fn bench_game<G: Game>(c: &mut Criterion, game: &G, players: usize) {
    let state = bench_positions(game, players, Positions::Start).remove(0);
    let Turn::Player(seat) = game.turn(&state) else { unreachable!("a decision") };
    let mut legal = Vec::new();
    game.legal_actions(&state, &mut legal);
    let mut group = c.benchmark_group("mcts_1000_iterations");
    group.throughput(Throughput::Elements(1000));
    for (label, spec) in [("uct", "mcts:iterations=1000:c=1:depth=none"), ("mcts-1k", "mcts-1k")] {
        let mut bot = MctsBot::new(params(spec));
        let mut k = 0u64;
        group.bench_function(format!("{}/{label}", game.name()), |b| {
            b.iter(|| {
                k += 1;
                black_box(bot.search(game, &state, seat, &legal, &mut derive_rng(1, k, 1)))
            })
        });
    }
    group.finish();
}

fn all_games(c: &mut Criterion) {
    for name in GAME_NAMES {
        let any: AnyGame = games::build(name, None, &[]).expect("game");
        let players = any.default_players();
        arena::with_game!(&any, g => bench_game(c, g, players));
    }
}

criterion_group!(benches, all_games);
criterion_main!(benches);
