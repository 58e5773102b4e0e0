//! Throughput benchmarks: random matches per second for each game on one thread, through the
//! same `Worker::play` the runner uses (`cargo bench`; `arena bench` measures whole runs on
//! 1 and 2 threads), and the floors under Pig's and tic-tac-toe's figures: a bare loop over
//! the same rules, generator and draws with no harness at all (the yardsticks of the speed
//! goals, docs/engineering/speed.md), and Pig's bare loop on a cheaper generator, to measure
//! how much of that floor is the generator itself.

use std::hint::black_box;

use arena::bots::profile::parse_lineup;
use arena::core::{CHANCE_STREAM, Game, Rng, Seat, bot_stream, derive_rng};
use arena::games::{self, AnyGame, GAME_NAMES};
use arena::runner::{RunSpec, Seating, Silent, Worker};
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

/// Tic-tac-toe's bare loop's tables, built once: for each set of empty cells (a 9-bit
/// mask), its k-th empty cell; for each set of one seat's cells, whether it holds a line.
struct TicTacToeTables {
    nth_empty: Vec<[u8; 9]>,
    wins: Vec<bool>,
}

impl TicTacToeTables {
    fn new() -> Self {
        const LINES: [u16; 8] = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
        let nth_empty = (0..512u16)
            .map(|mask| {
                let mut nth = [0u8; 9];
                for (k, cell) in (0..9).filter(|c| mask >> c & 1 == 1).enumerate() {
                    nth[k] = cell;
                }
                nth
            })
            .collect();
        let wins = (0..512u16).map(|m| LINES.into_iter().any(|line| m & line == line)).collect();
        Self { nth_empty, wins }
    }
}

/// One random tic-tac-toe match as a bare loop: each seat's stream derived as arena derives
/// it and the draw its random bot makes (the k-th of the empty cells, k below their count),
/// a table lookup for the cell and one for a line, and nothing else: no chance stream
/// (tic-tac-toe draws none), no turn dispatch, no lead statistics, no tally. The floor under
/// arena's tic-tac-toe figure, the yardstick of its speed goal. Returns the moves made.
fn bare_tictactoe_match(t: &TicTacToeTables, index: u64) -> u32 {
    let mut seats: [Rng; 2] = [0, 1].map(|s| derive_rng(1, index, bot_stream(Seat(s))));
    let (mut boards, mut empty, mut mover, mut moves) = ([0u16; 2], 0o777u16, 0usize, 0u32);
    loop {
        let k = seats[mover].random_range(0..(9 - moves) as usize);
        let cell = t.nth_empty[empty as usize][k];
        boards[mover] |= 1 << cell;
        empty &= !(1 << cell);
        moves += 1;
        if moves == 9 || t.wins[boards[mover] as usize] {
            return moves;
        }
        mover ^= 1;
    }
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

fn floors(c: &mut Criterion) {
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
    let tables = TicTacToeTables::new();
    let mut index = 0u64;
    group.bench_function("bare_tictactoe_loop/2p", |b| {
        b.iter(|| {
            index += 1;
            black_box(bare_tictactoe_match(&tables, index))
        })
    });
    group.finish();
}

criterion_group!(benches, all_games, floors);
criterion_main!(benches);
