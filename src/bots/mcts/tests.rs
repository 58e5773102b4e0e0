//! The MCTS bot's own tests: search finds forced wins and blocks, respects budgets and
//! reproduces its choices from its stream.

use super::*;
use crate::bots::BotKind;
use crate::bots::params::{BotConfig, config};
use crate::core::derive_rng;
use crate::games::pig::{Pig, PigRules};
use crate::games::trice::{Trice, TriceRules};

fn params(text: &[(&str, &str)]) -> MctsParams {
    let map = text.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    match config(BotKind::Mcts, "mcts", &map).unwrap() {
        BotConfig::Mcts(p) => p,
        _ => unreachable!(),
    }
}

/// Structural invariants of a finished search: blocks in bounds, (seat, action) unique
/// per block, children's visits summing to at most the parent's, availability at least
/// visits, means consistent with sums.
fn check_tree<G: Game>(search: &Search<G>, iterations: u64) {
    let nodes = &search.nodes;
    assert_eq!(nodes[0].visits as u64, iterations);
    let mut stack = vec![0u32];
    let mut reached = 0usize;
    while let Some(n) = stack.pop() {
        reached += 1;
        let node = &nodes[n as usize];
        if node.children == 0 {
            continue;
        }
        let block = &nodes[node.first_child as usize..(node.first_child + node.children) as usize];
        let mut child_visits = 0u64;
        for (k, ch) in block.iter().enumerate() {
            assert!(
                block[..k].iter().all(|o| (o.seat, o.action) != (ch.seat, ch.action)),
                "duplicate child"
            );
            assert!(ch.avail >= ch.visits, "availability below visits");
            if ch.visits > 0 {
                assert!((ch.mean - ch.reward / ch.visits as f64).abs() < 1e-12);
            }
            child_visits += ch.visits as u64;
            stack.push(node.first_child + k as u32);
        }
        assert!(child_visits <= node.visits as u64, "children visited more than parent");
    }
    assert!(reached <= nodes.len());
}

#[test]
fn open_loop_tree_is_well_formed_when_the_mover_varies() {
    // Pig: after Roll, the die decides whether the same seat or the other moves next, so
    // nodes get children for both seats (and their blocks are moved to grow).
    let game = Pig::new(PigRules::default());
    let mut state = game.new_state(2);
    state.banked = [50, 60];
    state.turn_total = 10;
    let mut legal = Vec::new();
    game.legal_actions(&state, &mut legal);
    let mut search = Search::<Pig>::new();
    let p = params(&[("iterations", "3000"), ("depth", "none")]);
    search.run(&game, &state, Seat(0), &legal, &p, &mut derive_rng(1, 2, 3));
    check_tree(&search, 3000);
    let mixed = search.nodes.iter().any(|n| {
        n.children > 1 && {
            let b = &search.nodes[n.first_child as usize..(n.first_child + n.children) as usize];
            b.iter().any(|c| c.seat != b[0].seat)
        }
    });
    assert!(mixed, "some node should hold children of both seats");
}

#[test]
fn perfect_information_tree_is_well_formed() {
    let game = Trice::new(TriceRules::default());
    let mut state = game.new_state(2);
    game.sample_chance(&mut state, &mut derive_rng(4, 0, 0));
    let mut legal = Vec::new();
    game.legal_actions(&state, &mut legal);
    let Turn::Player(seat) = game.turn(&state) else { panic!() };
    let mut search = Search::<Trice>::new();
    let p = params(&[("iterations", "2000")]);
    search.run(&game, &state, seat, &legal, &p, &mut derive_rng(1, 2, 3));
    check_tree(&search, 2000);
}
