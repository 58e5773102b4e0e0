//! Throughput benchmarks: random matches per second for each game on one thread, through the
//! same `Worker::play` the runner uses (`cargo bench`; `arena bench` measures whole runs on
//! 1 and 2 threads), and the floor under Pig's figure: a bare loop over the same rules,
//! generator and draws with no harness at all (the yardstick of the speed goal against
//! OpenSpiel, docs/engineering/speed.md), and
//! the same bare loop on a cheaper generator, to measure how much of that floor is the
//! generator itself.

use std::hint::black_box;

use arena::arena::{RunSpec, Seating, Silent, Worker};
use arena::bots::profile::parse_lineup;
use arena::core::{CHANCE_STREAM, Game, Rng, Seat, bot_stream, derive_rng};
use arena::games::{self, AnyGame, GAME_NAMES};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::Rng as _;
use rand::RngExt;

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

/// One random Pig match (target 100, a six-sided die) as a bare loop: streams derived as
/// arena derives them and the draws its random bots and Pig make (a roll-or-stop draw of 2, or of
/// 1 when stopping is forced; a die of 1..=6), but no turn dispatch, no lead statistics, no
/// tally. Returns the decisions, so nothing is optimised away.
fn bare_pig_match(index: u64) -> u32 {
    let chance: Rng = derive_rng(1, index, CHANCE_STREAM);
    let seats: [Rng; 2] = [0, 1].map(|s| derive_rng(1, index, bot_stream(Seat(s))));
    bare_pig_loop(chance, seats)
}

/// The same loop on [`WyRand`], seeded from the same derivation: what the floor would be if
/// arena's generator were one 64-bit multiply per draw instead of Pcg64Mcg's 128-bit one.
fn bare_pig_match_wyrand(index: u64) -> u32 {
    let wy = |stream| WyRand(derive_rng(1, index, stream).next_u64());
    bare_pig_loop(wy(CHANCE_STREAM), [0, 1].map(|s| wy(bot_stream(Seat(s)))))
}

fn bare_pig_loop<R: rand::Rng>(mut chance: R, mut seats: [R; 2]) -> u32 {
    let (mut banked, mut turn_total, mut mover, mut decisions) = ([0u32; 2], 0u32, 0usize, 0u32);
    while banked[0] < 100 && banked[1] < 100 {
        decisions += 1;
        let roll = if banked[mover] + turn_total < 100 {
            seats[mover].random_range(0..2usize) == 0
        } else {
            seats[mover].random_range(0..1usize);
            false
        };
        if !roll {
            banked[mover] += turn_total;
            (turn_total, mover) = (0, 1 - mover);
        } else {
            match chance.random_range(1..=6u32) {
                1 => (turn_total, mover) = (0, 1 - mover),
                face => turn_total += face,
            }
        }
    }
    decisions
}

/// wyrand (Wang Yi's generator): a 64-bit counter and one 64x64->128-bit multiply per
/// output. Only a yardstick for the floor benchmark; arena's streams are Pcg64Mcg.
struct WyRand(u64);

impl rand::TryRng for WyRand {
    type Error = std::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        self.try_next_u64().map(|x| x as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = self.0 as u128 * (self.0 ^ 0xe703_7ed1_a0b4_28db) as u128;
        Ok((t >> 64) as u64 ^ t as u64)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            let word = self.try_next_u64()?.to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
        Ok(())
    }
}

fn bare_pig(c: &mut Criterion) {
    let mut group = c.benchmark_group("floor");
    group.throughput(Throughput::Elements(1));
    for (name, play) in [
        ("bare_pig_loop/2p", bare_pig_match as fn(u64) -> u32),
        ("bare_pig_loop_wyrand/2p", bare_pig_match_wyrand),
    ] {
        let mut index = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                index += 1;
                black_box(play(index))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, all_games, bare_pig);
criterion_main!(benches);
