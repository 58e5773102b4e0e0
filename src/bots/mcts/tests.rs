//! The MCTS bot's own tests: search finds forced wins and blocks, respects budgets and
//! reproduces its choices from its stream.

use super::*;
use crate::bots::BotKind;
use crate::bots::params::{BotConfig, config};
use crate::core::{GameRules, derive_rng};
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

/// Children matched to legal lists the way the module documents it, written plainly: a
/// child of the mover goes to its own position if the legal list holds its action there,
/// else to the first position that does.
fn matched_plainly<A: PartialEq + Copy>(nodes: &[Node<A>], legal: &[A], mover: u8) -> Vec<u32> {
    let mut slots = vec![NONE; legal.len()];
    for (k, child) in nodes.iter().enumerate().skip(1) {
        if child.seat != mover {
            continue;
        }
        let own = k - 1;
        let j = if own < legal.len() && legal[own] == child.action {
            Some(own)
        } else {
            legal.iter().position(|&a| a == child.action)
        };
        if let Some(j) = j {
            slots[j] = k as u32;
        }
    }
    slots
}

#[test]
fn children_match_the_legal_list_on_every_path() {
    use crate::games::dardz::DardzAction;
    // Every way the matching can go (the scan, the key grid, the key table), on children of
    // several seats under one node, against the plain rule, with repeated legal actions too.
    let actions: Vec<DardzAction> =
        (1..=12).map(DardzAction::Pick).chain([DardzAction::Pass]).collect();
    let mut rng = derive_rng(9, 0, 0);
    let mut search = Search::<crate::games::dardz::Dardz>::new();
    for case in 0..4000 {
        let count = rng.random_range(0..14usize);
        search.nodes.clear();
        search.nodes.push(Node::leaf(actions[0], 0, Seat(0)));
        while search.nodes.len() <= count {
            let (seat, a) = (rng.random_range(0..3u8), actions[rng.random_range(0..13)]);
            if search.nodes[1..].iter().all(|c| (c.seat, c.action) != (seat, a)) {
                search.nodes.push(Node::leaf(a, keys::action_key(seat, &a), Seat(seat)));
            }
        }
        let n = rng.random_range(1..7usize);
        search.legal.clear();
        search.legal.extend((0..n).map(|_| actions[rng.random_range(0..13)]));
        if case % 2 == 0 {
            // Mostly distinct lists, as the games make them.
            search.legal.sort_by_key(|a| keys::action_key(0, a));
            search.legal.dedup();
        }
        let mover = rng.random_range(0..3u8);
        search.slots.clear();
        search.slots.resize(search.legal.len(), NONE);
        let missing = search.match_children(1, count as u32, Seat(mover));
        let want = matched_plainly(&search.nodes, &search.legal, mover);
        assert_eq!(search.slots, want, "case {case}");
        assert_eq!(missing, want.iter().filter(|&&s| s == NONE).count(), "case {case}");
    }
}

#[test]
fn the_key_grid_gives_way_on_a_collision_or_a_repeat() {
    use crate::games::dardz::DardzAction::{Pass, Pick};
    let mut search = Search::<crate::games::dardz::Dardz>::new();
    search.legal = vec![Pick(3), Pick(5), Pass];
    search.keys.set(1, &search.legal);
    // A child whose key equals Pick(5)'s but whose action differs: a collision.
    let forged = search.keys.keys[1];
    search.nodes = vec![Node::leaf(Pass, 0, Seat(1)), Node::leaf(Pick(7), forged, Seat(1))];
    search.slots = vec![NONE; 3];
    assert_eq!(search.match_on_grid(1, 1, Seat(1)), None);
    assert_eq!(search.slots, [NONE; 3], "slots untouched");
    // Without the forgery the same child matches nothing, and the grid answers.
    search.nodes[1].key = keys::action_key(1, &Pick(7));
    assert_eq!(search.match_on_grid(1, 1, Seat(1)), Some(3));
    // A repeated legal action leaves the matching to the general way.
    search.legal = vec![Pick(3), Pick(3)];
    search.keys.set(1, &search.legal);
    search.slots = vec![NONE; 2];
    assert_eq!(search.match_on_grid(1, 1, Seat(1)), None);
}
