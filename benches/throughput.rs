//! Throughput benchmarks: random matches per second for each game on one thread, through the
//! same `Worker::play` the runner uses (`cargo bench`; `arena bench` measures whole runs on
//! 1 and 2 threads).

use std::hint::black_box;

use arena::arena::{RunSpec, Seating, Silent, Worker};
use arena::bots::profile::parse_lineup;
use arena::core::Game;
use arena::games::{self, AnyGame, GAME_NAMES};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn bench_game<G: Game>(c: &mut Criterion, game: &G, players: usize) {
    let spec = RunSpec {
        players,
        lineup: parse_lineup("random", players).expect("random bot"),
        matches: u64::MAX,
        seed: 1,
        seating: Seating::Rotate,
    };
    let mut worker = Worker::new(game, &spec);
    let mut group = c.benchmark_group("random_matches");
    group.throughput(Throughput::Elements(1));
    let mut index = 0u64;
    group.bench_function(format!("{}/{players}p", game.name()), |b| {
        b.iter(|| {
            index += 1;
            black_box(worker.play(game, &spec, index, &mut Silent))
        })
    });
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
