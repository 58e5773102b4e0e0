//! LOW BLOW's option kinds (`option_kinds.rs`): the declared list and its indices, the kinds
//! of concrete placements, set-asides and rolls, citing the rule that makes them what they
//! are, and that every kind is legal in random play.

use super::super::option_kinds::Kind;
use super::*;
use crate::core::KindSet;
use crate::core::options::check_kinds;

/// The ids of `a`'s kinds in `s`.
fn ids(g: &LowBlow, s: &LowBlowState, a: LowBlowAction) -> Vec<&'static str> {
    assert!(g.is_legal(s, a), "{a:?} is not legal");
    g.action_kinds(s, a).iter().map(|i| Kind::ALL[i].declaration().0).collect()
}

fn at(d: &str, cell: u8) -> LowBlowAction {
    let d = die(d);
    LowBlowAction::Place { colour: d.colour, value: d.value, cell }
}

fn aside(d: &str) -> LowBlowAction {
    let d = die(d);
    LowBlowAction::SetAside { colour: d.colour, value: d.value }
}

#[test]
fn kinds_are_well_formed_and_each_index_is_its_variant() {
    let g = game();
    for players in [3, 4] {
        let kinds = g.option_kinds(players);
        check_kinds(&kinds).unwrap();
        assert_eq!(kinds.len(), Kind::ALL.len());
        for (i, (kind, k)) in kinds.iter().zip(Kind::ALL).enumerate() {
            // The index `action_kinds` uses is the variant's discriminant.
            assert_eq!(k as usize, i, "{k:?}");
            assert_eq!(kind.id, k.declaration().0);
        }
    }
    let ids: Vec<String> = g.option_kinds(3).into_iter().map(|k| k.id).collect();
    assert_eq!(
        ids,
        [
            "place_one",
            "place_two",
            "place_three",
            "place_four",
            "place_five",
            "place_six",
            "own_row",
            "opponent_row",
            "own_colour_home",
            "six_own_row",
            "keep_0",
            "keep_1",
            "keep_2",
            "keep_3",
            "keep_4",
            "keep_5_plus",
            "keep_all",
            "set_aside_one",
            "set_aside_two",
            "set_aside_three",
            "set_aside_four",
            "set_aside_five",
            "set_aside_six",
        ]
    );
    // Every lever is a rule parameter, and the counter amounts are the levers of their
    // outcomes (LB-6's amounts).
    let keys: Vec<String> = g.rules().params().into_iter().map(|p| p.key).collect();
    let kinds = g.option_kinds(3);
    for k in &kinds {
        if let Some(lever) = &k.lever {
            assert!(keys.contains(lever), "{}: lever {lever} is no parameter", k.id);
        }
    }
    let lever = |i: Kind| kinds[i as usize].lever.as_deref();
    assert_eq!(lever(Kind::PlaceTwo), Some("two_pays"));
    assert_eq!(lever(Kind::PlaceThree), Some("three_each_pays"));
    assert_eq!(lever(Kind::PlaceFour), Some("four_takes"));
    assert_eq!(lever(Kind::PlaceFive), Some("five_takes"));
    assert_eq!(lever(Kind::OwnColourHome), Some("own_colour_discount"));
}

#[test]
fn a_placement_is_its_dies_outcome_and_the_row_it_goes_to() {
    // The rulebook's six outcomes, One to Six, by the value placed; LB-9: row p is seat p's
    // home row (squares 0-4 are red's, 5-9 blue's, 10-14 green's).
    let g = game();
    let s = build(
        &g,
        3,
        None,
        0,
        &["R1", "R5", "B3"],
        &["R6", "G2"],
        &[(1, 1, 1), (2, 2, 4), (1, 0, 2)],
    );
    assert_eq!(ids(&g, &s, at("R1", 0)), ["place_one", "own_row", "own_colour_home"]);
    assert_eq!(ids(&g, &s, at("B3", 0)), ["place_three", "own_row"]);
    assert_eq!(ids(&g, &s, at("R5", 5)), ["place_five", "opponent_row"]);
    assert_eq!(ids(&g, &s, at("G2", 10)), ["place_two", "opponent_row"]);
    // "Six - ... the player whose row you played on (even your own) gets to take all the
    // counters in the pot": in your own row you take it yourself.
    assert_eq!(
        ids(&g, &s, at("R6", 1)),
        ["place_six", "own_row", "own_colour_home", "six_own_row"]
    );
    assert_eq!(ids(&g, &s, at("R6", 5)), ["place_six", "opponent_row"]);
    // Seat 1's home row is row 1: a blue die there is its own colour at home.
    let t = build(&g, 3, None, 1, &["B4"], &["R4"], &[(0, 0, 3), (0, 1, 2), (2, 2, 5)]);
    assert_eq!(ids(&g, &t, at("B4", 5)), ["place_four", "own_row", "own_colour_home"]);
    assert_eq!(ids(&g, &t, at("R4", 5)), ["place_four", "own_row"]);
    assert_eq!(ids(&g, &t, at("B4", 0)), ["place_four", "opponent_row"]);
}

#[test]
fn lb4_rolling_again_is_classed_by_the_dice_set_aside_this_turn() {
    // LB-4: "you may set any of them aside; roll the rest again". Done with R4 set aside on
    // an earlier roll and nothing of this roll: one die kept.
    let g = game();
    let mut s = build(&g, 3, None, 0, &["R4"], &["R1", "R1", "R6"], &[]);
    s.phase = Phase::SetAside;
    s.rolls = 1;
    assert_eq!(ids(&g, &s, LowBlowAction::Done), ["keep_1"]);
    assert_eq!(ids(&g, &s, aside("R1")), ["set_aside_one"]);
    assert_eq!(ids(&g, &s, aside("R6")), ["set_aside_six"]);
    g.try_apply(&mut s, aside("R1")).unwrap();
    assert_eq!(ids(&g, &s, LowBlowAction::Done), ["keep_2"]);
    // Nothing set aside: every die rolled again.
    let mut t = g.new_state(3);
    roll_faces(&g, &mut t, &[6, 2, 2, 5, 1]);
    assert_eq!(ids(&g, &t, LowBlowAction::Done), ["keep_0"]);
    // A hand grown past five (dice passed left, LB-5) keeps five or more in one group.
    let mut u = build(&g, 3, None, 0, &["R2", "R3", "B3", "B4", "G5"], &["R6", "G6"], &[]);
    u.phase = Phase::SetAside;
    u.rolls = 1;
    assert_eq!(ids(&g, &u, LowBlowAction::Done), ["keep_5_plus"]);
    g.try_apply(&mut u, aside("R6")).unwrap();
    assert_eq!(ids(&g, &u, LowBlowAction::Done), ["keep_5_plus"]);
}

#[test]
fn lb4_setting_the_last_die_aside_is_keeping_all_the_dice() {
    // "You can keep all the dice and proceed to play a die": setting aside the last die of
    // the roll goes to placing without another roll.
    let g = game();
    let mut s = build(&g, 3, None, 0, &[], &["R2", "R2", "B5"], &[]);
    s.phase = Phase::SetAside;
    s.rolls = 1;
    assert_eq!(ids(&g, &s, aside("R2")), ["set_aside_two"]);
    assert_eq!(ids(&g, &s, aside("B5")), ["set_aside_five"]);
    g.try_apply(&mut s, aside("B5")).unwrap();
    g.try_apply(&mut s, aside("R2")).unwrap();
    // One R2 left: setting it aside keeps every die.
    assert_eq!(ids(&g, &s, aside("R2")), ["keep_all", "set_aside_two"]);
    g.try_apply(&mut s, aside("R2")).unwrap();
    assert_eq!(s.phase, Phase::Place);
}

/// The kinds legal at least once over `matches` random matches.
fn kinds_legal_in_random_play(g: &LowBlow, players: usize, matches: u64) -> KindSet {
    crate::core::options::kinds_reached(g, players, matches, 0x1B_0000)
}

#[test]
fn every_kind_is_legal_in_random_play() {
    let g = game();
    for players in [3, 4] {
        let seen = kinds_legal_in_random_play(&g, players, 300);
        let missing: Vec<&str> = Kind::ALL
            .iter()
            .filter(|&&k| !seen.contains(k as usize))
            .map(|k| k.declaration().0)
            .collect();
        assert!(missing.is_empty(), "{players} players: never legal: {missing:?}");
    }
}
