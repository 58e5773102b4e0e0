//! The alpha-beta bot's own tests: with the whole tree in its budget it plays tic-tac-toe
//! perfectly (a known answer), it sees a two-move combination that one ply cannot, its
//! budget is counted in positions and holds, and a choice is a function of its stream.

use super::*;
use crate::bots::BotKind;
use crate::bots::params::{BotConfig, config};
use crate::core::{GameRules, derive_rng};
use crate::games::tictactoe::{TicTacToe, TicTacToeRules};
use crate::games::trice::{Trice, TriceRules};

fn params(text: &[(&str, &str)]) -> AlphaBetaParams {
    let map = text.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    match config(BotKind::AlphaBeta, "alphabeta", &map).unwrap() {
        BotConfig::AlphaBeta(p) => p,
        _ => unreachable!(),
    }
}

fn ttt() -> TicTacToe {
    TicTacToe::new(TicTacToeRules::default())
}

fn position(cells: &[u8]) -> <TicTacToe as GameRules>::State {
    let g = ttt();
    let mut s = g.new_state(2);
    for &c in cells {
        g.apply(&mut s, c);
    }
    s
}

/// The bot's choice in `s` and what it searched.
fn decide(
    g: &TicTacToe,
    s: &<TicTacToe as GameRules>::State,
    p: AlphaBetaParams,
    seed: u64,
) -> (u8, SearchInfo) {
    let Turn::Player(seat) = g.turn(s) else { panic!("not a decision") };
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    let mut bot = AlphaBetaBot::new(p);
    let a = bot.choose(g, s, seat, &legal, &mut derive_rng(seed, 0, 1));
    (a, bot.last_search::<TicTacToe>())
}

#[test]
fn takes_a_win_and_blocks_a_loss_at_any_budget() {
    let g = ttt();
    for nodes in ["1", "50", "5000"] {
        let p = params(&[("nodes", nodes)]);
        // X on 0 and 1, O on 3 and 4: X wins on 2.
        assert_eq!(decide(&g, &position(&[0, 3, 1, 4]), p, 1).0, 2, "nodes {nodes}");
        if nodes != "1" {
            // O must block on 2 (seen two plies deep: X's reply).
            assert_eq!(decide(&g, &position(&[0, 4, 1]), p, 1).0, 2, "nodes {nodes}");
        }
    }
}

/// The game-theoretic value of `s` for the player to move (1 win, 0 draw, -1 loss), by
/// an independent exhaustive negamax.
fn solved(g: &TicTacToe, s: &<TicTacToe as GameRules>::State) -> i32 {
    let Turn::Player(mover) = g.turn(s) else { unreachable!("asked only before the end") };
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    legal
        .iter()
        .map(|&a| {
            let mut t = *s;
            g.apply(&mut t, a);
            match g.turn(&t) {
                Turn::Over => (2.0 * g.outcome(&t).win_share(mover) - 1.0) as i32,
                _ => -solved(g, &t),
            }
        })
        .max()
        .expect("a legal action")
}

#[test]
fn finds_a_win_three_plies_deep_that_one_ply_cannot_see() {
    // X on a corner, O on the next edge: X wins by force (a fork two moves later), but no
    // move wins or blocks at once, so one ply sees nothing. With the tree in budget the bot
    // plays a winning move; with one ply it is a coin toss among all of them.
    let g = ttt();
    let s = position(&[0, 1]);
    assert_eq!(solved(&g, &s), 1);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let wins = |a: u8| {
        let mut t = s;
        g.apply(&mut t, a);
        -solved(&g, &t) == 1
    };
    assert!(legal.iter().any(|&a| !wins(a)), "some move throws the win away");
    for seed in 0..5 {
        let (a, info) = decide(&g, &s, params(&[("nodes", "200000")]), seed);
        assert!(wins(a), "seed {seed}: {a} does not keep the win ({info:?})");
        assert!(info.depth >= 5, "searched {info:?}");
    }
}

#[test]
fn with_the_whole_tree_in_budget_it_never_loses_tic_tac_toe() {
    // Against every reply of an opponent that tries all moves (an exhaustive walk of the
    // bot's games from both seats): a minimax player never loses.
    let g = ttt();
    let p = params(&[("nodes", "2000000")]);
    fn walk(
        g: &TicTacToe,
        s: &<TicTacToe as GameRules>::State,
        bot_seat: Seat,
        p: AlphaBetaParams,
    ) {
        let mut legal = Vec::new();
        match g.turn(s) {
            Turn::Over => {
                let share = g.outcome(s).win_share(bot_seat);
                assert!(share >= 0.5, "lost as seat {bot_seat:?}: {s:?}");
            }
            Turn::Player(seat) if seat == bot_seat => {
                g.legal_actions(s, &mut legal);
                let mut bot = AlphaBetaBot::new(p);
                let a = bot.choose(g, s, seat, &legal, &mut derive_rng(9, 0, 1));
                let mut t = *s;
                g.apply(&mut t, a);
                walk(g, &t, bot_seat, p);
            }
            Turn::Player(_) => {
                g.legal_actions(s, &mut legal);
                for &a in &legal {
                    let mut t = *s;
                    g.apply(&mut t, a);
                    walk(g, &t, bot_seat, p);
                }
            }
            Turn::Chance => unreachable!("tic-tac-toe has no chance"),
        }
    }
    for seat in [Seat(0), Seat(1)] {
        walk(&g, &g.new_state(2), seat, p);
    }
}

#[test]
fn the_budget_counts_positions_and_holds() {
    let g = ttt();
    let s = g.new_state(2);
    for nodes in [9u32, 100, 1000] {
        let (_, info) = decide(&g, &s, params(&[("nodes", &nodes.to_string())]), 1);
        // Depth 1 always finishes (9 positions); a deeper search stops at the budget (the
        // position that crosses it is made, then the search stops).
        assert!(info.nodes <= (nodes as u64).max(9) + 1, "{nodes}: {info:?}");
        assert!(info.depth >= 1);
    }
    let (_, small) = decide(&g, &s, params(&[("nodes", "100")]), 1);
    let (_, large) = decide(&g, &s, params(&[("nodes", "100000")]), 1);
    assert!(large.depth > small.depth, "{small:?} {large:?}");
    let (_, capped) = decide(&g, &s, params(&[("nodes", "100000"), ("max_depth", "2")]), 1);
    assert_eq!(capped.depth, 2);
}

#[test]
fn a_choice_is_a_function_of_the_state_and_the_stream() {
    // TRICE after its roll: the same seed gives the same choice, decision after decision,
    // from a fresh bot or one that decided before.
    let g = Trice::new(TriceRules::default());
    let mut s = g.new_state(2);
    g.sample_chance(&mut s, &mut derive_rng(5, 0, 0));
    let p = params(&[("nodes", "400")]);
    let mut reused = AlphaBetaBot::new(p);
    let mut legal = Vec::new();
    while let Turn::Player(seat) = g.turn(&s) {
        g.legal_actions(&s, &mut legal);
        let fresh = AlphaBetaBot::new(p).choose(&g, &s, seat, &legal, &mut derive_rng(7, 1, 1));
        let again = reused.choose(&g, &s, seat, &legal, &mut derive_rng(7, 1, 1));
        assert_eq!(fresh, again);
        g.apply(&mut s, fresh);
    }
}

#[test]
fn several_worlds_sum_exact_values_of_a_depth_every_world_finished() {
    // Perfect information: every world is the same copy, so with the tree in budget the
    // worlds' summed exact values choose as one world's search does (same ties, same stream).
    let g = ttt();
    for cells in [&[][..], &[0, 1][..], &[0, 4, 8][..], &[4, 0, 8, 2][..]] {
        let s = position(cells);
        let one = decide(&g, &s, params(&[("nodes", "300000")]), 4);
        let three = decide(&g, &s, params(&[("nodes", "300000"), ("worlds", "3")]), 4);
        assert_eq!(one.0, three.0, "{cells:?}");
    }
    // With a small budget the worlds may finish different depths: the choice still comes
    // from a depth all of them finished, and takes an immediate win.
    let s = position(&[0, 3, 1, 4]);
    for seed in 0..5 {
        let (a, info) = decide(&g, &s, params(&[("nodes", "20"), ("worlds", "3")]), seed);
        assert_eq!(a, 2);
        assert!(info.depth >= 1);
    }
}
