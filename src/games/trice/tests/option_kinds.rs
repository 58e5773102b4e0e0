//! TRICE's option kinds (`option_kinds.rs`): the declaration is well formed, the constant
//! indices name the kinds they say, each action gets the kinds the rulings give it, and every
//! kind is met in random play.

use super::super::option_kinds::*;
use super::*;
use crate::core::options::check_kinds;
use crate::core::{KindSet, OptionKind, derive_rng};

fn kinds(g: &Trice) -> Vec<OptionKind> {
    g.option_kinds(2)
}

fn ids(g: &Trice, set: KindSet) -> Vec<String> {
    let k = kinds(g);
    set.iter().map(|i| k[i].id.clone()).collect()
}

#[test]
fn the_declaration_is_well_formed_and_the_same_each_time() {
    let g = game();
    check_kinds(&kinds(&g)).unwrap();
    assert_eq!(kinds(&g), kinds(&g));
    // TR-1's 3 x 4 card: squares on 2, 3, 4 and 5 lines, so 13 fixed kinds and 2 x 4.
    assert_eq!(kinds(&g).len(), FIXED + 8);
    for size in
        [["rows=4", "columns=4", "dice_per_colour=6"], ["rows=1", "columns=6", "dice_per_colour=2"]]
    {
        check_kinds(&kinds(&game_with(&size))).unwrap();
    }
}

#[test]
fn the_constant_indices_name_their_kinds() {
    let g = game();
    let k = kinds(&g);
    for v in 1..=6 {
        assert_eq!(k[GIVE_1 + v - 1].id, format!("give_{v}"));
    }
    let fixed = [
        (REPOINT, "repoint"),
        (SWAP_IN_ROW, "swap_in_row"),
        (SWAP_IN_COLUMN, "swap_in_column"),
        (SWAP_BACK, "swap_back"),
        (BUMP_POINTED, "bump_pointed"),
        (BUMP_PARTNER, "bump_partner"),
        (BUMP_SIX, "bump_six"),
    ];
    for (i, id) in fixed {
        assert_eq!(k[i].id, id);
    }
    for (n, g_) in [(2, 0), (3, 1), (4, 2), (5, 3)] {
        assert_eq!(k[g.place_kind(g_)].id, format!("place_{n}_lines"));
        assert_eq!(k[g.point_kind(g_)].id, format!("point_{n}_lines"));
    }
    // The TR-7 options name the parameters that switch them off.
    assert_eq!(k[REPOINT].lever.as_deref(), Some("repoint_allowed"));
    assert_eq!(k[SWAP_BACK].lever.as_deref(), Some("swap_back_allowed"));
    let params: Vec<String> = g.rules().params().iter().map(|p| p.key.clone()).collect();
    for kind in &k {
        if let Some(l) = &kind.lever {
            assert!(params.contains(l), "{}: lever {l} is not a parameter", kind.id);
        }
    }
    assert!(k[g.place_kind(3)].words.contains("b2, c2"), "{}", k[g.place_kind(3)].words);
}

#[test]
fn tr3_squares_are_grouped_by_the_lines_through_them() {
    let g = game();
    // On 3 x 4: a2 and d2 lie on a row and a column; the corners add a diagonal; b1 has two
    // rows, a column and a diagonal; b2 two rows, a column and both diagonals.
    let cases =
        [("a2", 2), ("d2", 2), ("a1", 3), ("d3", 3), ("b1", 4), ("c3", 4), ("b2", 5), ("c2", 5)];
    for (name, lines) in cases {
        let s = placing(&g, "W6 .. .. .. / .. .. .. .. / .. .. .. ..", "P2");
        let kinds = g.action_kinds(&s, TriceAction::Place(sq(&g, name)));
        assert_eq!(ids(&g, kinds), [format!("place_{lines}_lines")], "{name}");
    }
}

#[test]
fn tr2_a_die_given_is_classed_by_its_value() {
    let g = game();
    let mut s = g.new_state(2);
    g.sample_chance(&mut s, &mut derive_rng(3, 0, 0));
    let gives = legal(&g, &s);
    assert!(gives.len() > 3);
    for a in gives {
        let TriceAction::Give(d) = a else { panic!("{a:?}") };
        assert_eq!(ids(&g, g.action_kinds(&s, a)), [format!("give_{}", d.value())], "{a:?}");
    }
}

#[test]
fn tr6_tr7_pointing_swapping_and_adding_one() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    // The first pointing: no previous swap turn, so nothing is a repeat.
    assert_eq!(ids(&g, g.action_kinds(&s, TriceAction::Point(sq(&g, "b2")))), ["point_5_lines"]);
    play(&g, &mut s, TriceAction::Point(sq(&g, "c1")));
    assert_eq!(ids(&g, g.action_kinds(&s, TriceAction::Swap(sq(&g, "b1")))), ["swap_in_row"]);
    assert_eq!(ids(&g, g.action_kinds(&s, TriceAction::Swap(sq(&g, "c2")))), ["swap_in_column"]);
    play(&g, &mut s, TriceAction::Swap(sq(&g, "c2")));
    // The pointed W3 now stands on c2, the P1 on c1.
    assert_eq!(ids(&g, g.action_kinds(&s, TriceAction::Bump(sq(&g, "c2")))), ["bump_pointed"]);
    assert_eq!(ids(&g, g.action_kinds(&s, TriceAction::Bump(sq(&g, "c1")))), ["bump_partner"]);
    // W3 becomes W4 (on c1 the P1 would make an ordered P3-P2-O1 row, a Trice).
    play(&g, &mut s, TriceAction::Bump(sq(&g, "c2")));
    assert_eq!(s.phase, Phase::Point, "no Trice: the swapper points");
    // TR-7: pointing again at the die pointed at last turn (now on c2) is a repoint.
    let again = g.action_kinds(&s, TriceAction::Point(sq(&g, "c2")));
    assert_eq!(ids(&g, again), ["repoint", "point_5_lines"]);
    assert_eq!(ids(&g, g.action_kinds(&s, TriceAction::Point(sq(&g, "c1")))), ["point_4_lines"]);
    play(&g, &mut s, TriceAction::Point(sq(&g, "c2")));
    // TR-7: swapping the same two dice back.
    let back = g.action_kinds(&s, TriceAction::Swap(sq(&g, "c1")));
    assert_eq!(ids(&g, back), ["swap_in_column", "swap_back"]);
    assert_eq!(ids(&g, g.action_kinds(&s, TriceAction::Swap(sq(&g, "d2")))), ["swap_in_row"]);
}

#[test]
fn tr6_adding_one_to_a_6_makes_a_1() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    // a1 holds W6; swapped with b1 (P3), it stands on b1.
    play(&g, &mut s, TriceAction::Point(sq(&g, "a1")));
    play(&g, &mut s, TriceAction::Swap(sq(&g, "b1")));
    let six = g.action_kinds(&s, TriceAction::Bump(sq(&g, "b1")));
    assert_eq!(ids(&g, six), ["bump_pointed", "bump_six"]);
    assert_eq!(ids(&g, g.action_kinds(&s, TriceAction::Bump(sq(&g, "a1")))), ["bump_partner"]);
}

/// The kinds legal at least once over `matches` random matches.
fn kinds_met(g: &Trice, matches: u64, seed: u64) -> KindSet {
    crate::core::options::kinds_reached(g, 2, matches, seed)
}

#[test]
fn every_kind_is_legal_in_a_few_hundred_random_matches() {
    let g = game();
    let met = kinds_met(&g, 400, 11);
    let missing: Vec<String> = kinds(&g)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !met.contains(*i))
        .map(|(_, k)| k.id)
        .collect();
    assert!(missing.is_empty(), "never legal: {missing:?}");
}
