//! Steady-state MCTS and greedy decisions allocate nothing: the tree and every buffer live in
//! the bot and are cleared, not freed, between decisions. Counted with a global allocator,
//! per thread: a decision runs on the calling thread, and the test harness's own threads
//! (which allocate while a test starts) must not be counted with it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use arena::bots::Bot;
use arena::bots::profile::parse_one;
use arena::core::{Game, GameRules, Turn, derive_rng};
use arena::games::pig::{Pig, PigRules};
use arena::games::tictactoe::{TicTacToe, TicTacToeRules};
use arena::games::trice::{Trice, TriceRules};

struct Counting;

thread_local! {
    /// This thread's allocations (a const-initialised Cell: reading it never allocates).
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: during thread teardown the slot may be gone; those frees are not ours.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by one decision of `bot` at the first decision of `game` with at least
/// two options, after warm-up decisions with a larger budget.
fn allocations_of_a_decision<G: Game>(game: &G, warm: &str, measured: &str) -> u64 {
    let mut s = game.new_state(2);
    let mut chance = derive_rng(1, 0, 0);
    let mut legal = Vec::new();
    let seat = loop {
        match game.turn(&s) {
            Turn::Chance => game.sample_chance(&mut s, &mut chance),
            Turn::Player(seat) => {
                game.legal_actions(&s, &mut legal);
                if legal.len() > 1 {
                    break seat;
                }
                game.apply(&mut s, legal[0]);
            }
            Turn::Over => panic!("no decision"),
        }
    };
    // Warm-up with the larger budget, then switch the same memory to the measured settings
    // (bots of one kind share the memory layout; a fresh bot would allocate it anew).
    let spec = |text: &str| parse_one(text).unwrap().for_game(game.name());
    let mut bot = Bot::from_spec(&spec(warm));
    for k in 0..4 {
        bot.choose(game, &s, seat, &legal, &mut derive_rng(2, k, 1));
    }
    match (&mut bot, Bot::from_spec(&spec(measured))) {
        (Bot::Mcts(b), Bot::Mcts(m)) => b.params = m.params,
        (Bot::Greedy(b), Bot::Greedy(m)) => b.params = m.params,
        (Bot::AlphaBeta(b), Bot::AlphaBeta(m)) => b.params = m.params,
        _ => panic!("same kinds only"),
    }
    let mut rng = derive_rng(3, 0, 1);
    let before = allocations();
    bot.choose(game, &s, seat, &legal, &mut rng);
    allocations() - before
}

#[test]
fn steady_state_decisions_do_not_allocate() {
    let ttt = TicTacToe::new(TicTacToeRules::default());
    let pig = Pig::new(PigRules::default());
    let trice = Trice::new(TriceRules::default());
    let cases = [
        ("mcts:iterations=3000", "mcts:iterations=1000"),
        (
            "mcts:iterations=3000:rollout=greedy:greedy_prob=0.5",
            "mcts:iterations=1000:rollout=greedy:greedy_prob=0.5",
        ),
        (
            "mcts:iterations=3000:depth=none:reward=score",
            "mcts:iterations=1000:depth=none:reward=score",
        ),
        ("greedy", "greedy"),
        ("alphabeta:nodes=3000", "alphabeta:nodes=1000"),
    ];
    // The counter counts: a bot's first decision allocates its tree and buffers.
    let before = allocations();
    let mut fresh = Bot::from_spec(&parse_one("mcts-100").unwrap());
    let s = ttt.new_state(2);
    fresh.choose(&ttt, &s, arena::core::Seat(0), &[0, 1, 2], &mut derive_rng(1, 1, 1));
    assert!(allocations() > before);
    for (warm, measured) in cases {
        let counts = [
            allocations_of_a_decision(&ttt, warm, measured),
            allocations_of_a_decision(&pig, warm, measured),
            allocations_of_a_decision(&trice, warm, measured),
        ];
        assert_eq!(
            counts,
            [0, 0, 0],
            "{measured}: allocations in one decision (tictactoe, pig, trice)"
        );
    }
}
