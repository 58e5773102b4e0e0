//! TRICE's swap phase (TR-6 to TR-8) and the v0.2 rules.

use super::*;

#[test]
fn tr6_clean_board_has_no_condition_on_any_line() {
    let g = game();
    let b = board(&g, CLEAN);
    for i in 0..g.geometry().lines.len() {
        assert_eq!(g.geometry().line_mask(&b, i), 0, "line {i}");
    }
}

#[test]
fn tr6_full_board_without_trice_starts_the_swap_phase_last_placer_points() {
    let g = game();
    // Place the last die, W6 on d3, of the clean board: seat 1 places the 12th die.
    let s = place(&g, "W6 P3 W3 O1 / O3 O3 P1 P4 / P1 W2 O2 ..", "W6", "d3");
    assert_eq!(s.placements, 12);
    assert_eq!(s.phase, Phase::Point);
    assert_eq!(g.turn(&s), Turn::Player(Seat(1)), "the player who placed it points");
    // Any die on the board can be pointed at.
    assert_eq!(legal(&g, &s), (0..12).map(TriceAction::Point).collect::<Vec<_>>());
}

#[test]
fn tr6_swaps_only_with_orthogonal_neighbours() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    play(&g, &mut s, TriceAction::Point(sq(&g, "a1")));
    assert_eq!(g.turn(&s), Turn::Player(Seat(0)), "the other player swaps");
    let names = |s: &TriceState| -> Vec<String> {
        legal(&g, s)
            .iter()
            .map(|a| match a {
                TriceAction::Swap(q) => g.geometry().name(*q),
                other => panic!("{other:?}"),
            })
            .collect()
    };
    assert_eq!(names(&s), ["b1", "a2"]);
    // A diagonal neighbour is refused.
    assert!(g.try_apply(&mut s.clone(), TriceAction::Swap(sq(&g, "b2"))).is_err());
    let mut s = pointing(&g, CLEAN, 1);
    play(&g, &mut s, TriceAction::Point(sq(&g, "b2")));
    assert_eq!(names(&s), ["b1", "a2", "c2", "b3"]);
    let mut s = pointing(&g, CLEAN, 0);
    play(&g, &mut s, TriceAction::Point(sq(&g, "d3")));
    assert_eq!(names(&s), ["d2", "c3"]);
}

#[test]
fn tr6_swap_then_add_one_to_either_swapped_die() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    play(&g, &mut s, TriceAction::Point(sq(&g, "c1")));
    play(&g, &mut s, TriceAction::Swap(sq(&g, "c2")));
    // The dice changed places.
    assert_eq!(Die(s.board[sq(&g, "c1") as usize]), die("P1"));
    assert_eq!(Die(s.board[sq(&g, "c2") as usize]), die("W3"));
    assert_eq!(legal(&g, &s), [TriceAction::Bump(sq(&g, "c1")), TriceAction::Bump(sq(&g, "c2"))]);
    play(&g, &mut s, TriceAction::Bump(sq(&g, "c2")));
    assert_eq!(Die(s.board[sq(&g, "c2") as usize]), die("W4"));
}

#[test]
fn tr6_a_six_becomes_a_one() {
    for c in 0..COLOURS as u8 {
        for v in 1..=FACES {
            let up = Die::new(c, v).bumped();
            assert_eq!(up.colour(), c);
            assert_eq!(up.value(), if v == 6 { 1 } else { v + 1 });
        }
    }
    // On the board: a1 (W6) swapped with b1 (P3), then the W6 on b1 gets +1.
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "a1", "b1", "b1");
    assert_eq!(Die(s.board[sq(&g, "b1") as usize]), die("W1"));
}

#[test]
fn tr6_no_check_before_the_increment() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    play(&g, &mut s, TriceAction::Point(sq(&g, "c1")));
    play(&g, &mut s, TriceAction::Swap(sq(&g, "c2")));
    // After the swap alone the board holds a Trice...
    assert!(matches!(g.geometry().judge_all(&s.board, RulesVersion::V031), Verdict::Trice(_)));
    // ...but nothing is decided until one die has been increased.
    assert_eq!(s.phase, Phase::Bump);
    assert_eq!(g.turn(&s), Turn::Player(Seat(0)));
    // W3 -> W4 on c2 breaks it: no Trice, play goes on.
    play(&g, &mut s, TriceAction::Bump(sq(&g, "c2")));
    assert_eq!(s.phase, Phase::Point);
    assert_eq!(s.swap_turns, 1);
}

#[test]
fn tr6_trice_after_the_increment_wins_for_the_swapper() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    // a1 W6 <-> a2 O3, then W6 -> W1 on a2: a1-b2-c3 is O3 O3 O2, same colour only.
    swap_turn(&g, &mut s, "a1", "a2", "a2");
    assert_eq!(s.ending, Ending::TriceSwap);
    assert_eq!(s.winner, Some(0), "seat 0 swapped and wins");
    assert_eq!(g.outcome(&s).turns, 13);
}

#[test]
fn tr6_double_trice_after_the_increment_loses_for_the_swapper() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    // a1 W6 <-> a2 O3, then O3 -> O4 on a1: a1-b2-c3 is O4 O3 O2, colour and ordered.
    swap_turn(&g, &mut s, "a1", "a2", "a1");
    assert_eq!(s.ending, Ending::DoubleTriceSwap);
    assert_eq!(s.winner, Some(1), "seat 0 swapped and loses");
}

#[test]
fn tr6_without_trice_the_swapper_points_for_the_opponent() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "c1", "c2", "c2");
    assert_eq!((s.phase, g.turn(&s)), (Phase::Point, Turn::Player(Seat(0))));
    play(&g, &mut s, TriceAction::Point(sq(&g, "d1")));
    assert_eq!(g.turn(&s), Turn::Player(Seat(1)), "and the opponent swaps");
}

// ---- TR-7: repeats allowed, or not ----

#[test]
fn tr7_pointing_again_and_swapping_back_are_allowed_by_default() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "c1", "c2", "c2");
    // The pointed die (W3, now W4) sits on c2: seat 0 may point at it again...
    assert!(legal(&g, &s).contains(&TriceAction::Point(sq(&g, "c2"))));
    play(&g, &mut s, TriceAction::Point(sq(&g, "c2")));
    // ...and seat 1 may swap it back with c1.
    assert!(legal(&g, &s).contains(&TriceAction::Swap(sq(&g, "c1"))));
}

#[test]
fn tr7_variants_forbid_pointing_again_and_swapping_back() {
    let g = game_with(&["repoint_allowed=false"]);
    let mut s = pointing(&g, CLEAN, 1);
    assert_eq!(legal(&g, &s).len(), 12, "nothing pointed before");
    swap_turn(&g, &mut s, "c1", "c2", "c2");
    let points = legal(&g, &s);
    assert_eq!(points.len(), 11);
    assert!(!points.contains(&TriceAction::Point(sq(&g, "c2"))));

    let g = game_with(&["swap_back_allowed=false"]);
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "c1", "c2", "c2");
    // Pointing at either die of the last swap: the other one is not a partner.
    let mut t = s;
    play(&g, &mut t, TriceAction::Point(sq(&g, "c2")));
    let swaps = legal(&g, &t);
    assert!(!swaps.contains(&TriceAction::Swap(sq(&g, "c1"))));
    assert_eq!(swaps.len(), 3);
    play(&g, &mut s, TriceAction::Point(sq(&g, "c1")));
    assert!(!legal(&g, &s).contains(&TriceAction::Swap(sq(&g, "c2"))));
}

#[test]
fn tr7_without_swap_back_an_end_die_of_one_row_is_not_pointed_at() {
    // This rule set (`--set rows=1 --set columns=3 --set dice_per_colour=1 --set
    // swap_back_allowed=false`, seed 71) once panicked: the die on c1 was pointed at, and its
    // only neighbour b1 was the partner of the last swap. TR-7's variant now lets the pointer
    // point only at dice that keep a legal swap, so the swapper always has a move.
    let g = game_with(&["rows=1", "columns=3", "dice_per_colour=1", "swap_back_allowed=false"]);
    let mut s = pointing(&g, "P6 O6 W3", 1);
    s.swapped = [sq(&g, "c1"), sq(&g, "b1")];
    s.swapped_before = true;
    assert_eq!(
        legal(&g, &s),
        vec![TriceAction::Point(sq(&g, "a1")), TriceAction::Point(sq(&g, "b1"))]
    );
    // Pointing at b1 leaves one swap, with a1 (c1 would put the last swap back).
    let mut t = s;
    play(&g, &mut t, TriceAction::Point(sq(&g, "b1")));
    assert_eq!(legal(&g, &t), vec![TriceAction::Swap(sq(&g, "a1"))]);
    // With pointing again forbidden too, only a1 is left (the moved die sits on b1).
    let g = game_with(&[
        "rows=1",
        "columns=3",
        "dice_per_colour=1",
        "swap_back_allowed=false",
        "repoint_allowed=false",
    ]);
    let mut s = pointing(&g, "P6 O6 W3", 1);
    s.swapped = [sq(&g, "c1"), sq(&g, "b1")];
    s.swapped_before = true;
    assert_eq!(legal(&g, &s), vec![TriceAction::Point(sq(&g, "a1"))]);
    // The invariant check catches a pointed die without a swap.
    let mut bad = s;
    bad.phase = Phase::Swap;
    bad.pointed = sq(&g, "c1");
    bad.to_move = 0;
    assert!(g.check_invariants(&bad).unwrap_err().contains("no legal swap"));
}

#[test]
fn tr7_variants_on_every_thin_board_never_leave_a_player_without_a_move() {
    // Every one-row and one-column board the rules accept, under both TR-7 variants: the
    // shared conformance check fails on a decision with no legal action.
    for (rows, columns) in [(1, 3), (3, 1), (1, 4), (4, 1), (1, 5), (1, 6), (2, 3)] {
        for sets in [
            vec!["swap_back_allowed=false"],
            vec!["swap_back_allowed=false", "repoint_allowed=false"],
            vec!["repoint_allowed=false"],
        ] {
            let r = format!("rows={rows}");
            let c = format!("columns={columns}");
            let mut all = vec![r.as_str(), c.as_str(), "dice_per_colour=2", "swap_turn_cap=40"];
            all.extend(sets.iter());
            conformance::check(&game_with(&all), 2, 500, 71);
        }
    }
}

// ---- TR-8, G-2: the cap ----

#[test]
fn tr8_g2_swap_phase_cap_ends_the_match_capped_with_no_winner_not_a_shared_win() {
    let g = game_with(&["swap_turn_cap=2"]);
    assert_eq!(g.turn_cap(), 14);
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "c1", "c2", "c2");
    assert_eq!(s.phase, Phase::Point);
    // Swap back and bump again: W4 -> W5 on c1; no Trice.
    swap_turn(&g, &mut s, "c2", "c1", "c1");
    assert_eq!(s.phase, Phase::Over, "{}", g.render(&s));
    assert_eq!(s.ending, Ending::Capped);
    let o = g.outcome(&s);
    assert!(o.is_capped());
    assert_eq!(o.first_place_count(), 0);
    // TR-8 / G-2: no winner, and not a shared win either (a v0.2 tie would be one).
    assert_eq!((o.win_share(Seat(0)), o.win_share(Seat(1))), (0.0, 0.0));
    assert_eq!(o.turns, g.turn_cap());
}

#[test]
fn tr8_a_trice_on_the_last_allowed_swap_turn_still_wins() {
    let g = game_with(&["swap_turn_cap=1"]);
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "a1", "a2", "a2");
    assert_eq!((s.ending, s.winner), (Ending::TriceSwap, Some(0)));
    assert!(!g.outcome(&s).is_capped());
}

// ---- The v0.2 variant ----

#[test]
fn v02_two_conditions_are_simply_not_a_trice() {
    let g = game_with(&["rules_version=v0.2"]);
    // Colour + ordered: no loss, no win.
    let s = place(&g, ".. O3 .. .. / .. O4 .. .. / W1 .. .. ..", "O5", "b3");
    assert_eq!(s.phase, Phase::Give);
    // Colour + value: the same.
    let s = place(&g, "P5 P5 .. .. / .. .. .. .. / .. .. .. ..", "P5", "c1");
    assert_eq!(s.phase, Phase::Give);
    // One condition still wins, even beside a two-condition line made at the same time.
    let s = place(&g, "W1 P2 .. .. / .. .. O4 .. / .. .. O5 ..", "O3", "c1");
    assert_eq!((s.ending, s.winner), (Ending::TricePlacement, Some(0)));
}

#[test]
fn v02_full_board_without_trice_is_a_tie() {
    let g = game_with(&["rules_version=v0.2"]);
    let s = place(&g, "W6 P3 W3 O1 / O3 O3 P1 P4 / P1 W2 O2 ..", "W6", "d3");
    assert_eq!((s.phase, s.ending), (Phase::Over, Ending::FullBoardTie));
    let o = g.outcome(&s);
    assert!(!o.is_capped());
    assert_eq!(o.ranks(), &[0, 0], "a tie: the win is shared (G-3)");
    assert_eq!(g.turn_cap(), 212);
}

/// TR-5, "after every move all 14 lines are checked": the engine reads only the lines through
/// the squares a move changed (`Geometry::judge_changed`), which must give the verdict of
/// judging every line, deciding line included, after every placement and every swap turn of
/// random matches, under both rule versions and on other boards.
#[test]
fn tr5_judging_the_lines_through_the_changed_squares_is_judging_every_line() {
    use crate::core::{Chance, derive_rng};
    for sets in [
        &[][..],
        &["rules_version=v0.2"],
        &["rows=4", "columns=5", "dice_per_colour=7"],
        &["rows=6", "columns=6", "dice_per_colour=12"],
    ] {
        let g = game_with(sets);
        let version = g.rules.rules_version;
        let mut legal = Vec::new();
        let (mut placements, mut swaps) = (0, 0);
        for m in 0..300 {
            let mut rng = derive_rng(11, m, 0);
            let mut s = g.new_state(2);
            g.sample_chance(&mut s, &mut rng);
            while let Turn::Player(_) = g.turn(&s) {
                g.legal_actions(&s, &mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                let mut after = s;
                // The board the move leaves, before the engine judges it.
                let changed = match a {
                    TriceAction::Place(sq) => {
                        after.board[sq as usize] = s.held;
                        placements += 1;
                        vec![sq]
                    }
                    TriceAction::Bump(sq) => {
                        after.board[sq as usize] = Die(after.board[sq as usize]).bumped().0;
                        swaps += 1;
                        s.swapped.to_vec()
                    }
                    _ => Vec::new(),
                };
                if !changed.is_empty() {
                    let geo = g.geometry();
                    assert_eq!(
                        geo.judge_changed(&after.board, version, &changed),
                        geo.judge_all(&after.board, version),
                        "{sets:?}, match {m}, {a:?}"
                    );
                }
                g.apply(&mut s, a);
            }
        }
        // The default card reaches the swap phase often; v0.2 has none (a full board
        // without a Trice is a tie, TR-5), and on larger boards a Trice nearly always comes
        // while placing.
        let swapping = sets.is_empty();
        assert!(
            placements > 1000 && (swaps > 50 || !swapping),
            "{sets:?}: {placements} placements, {swaps} swaps"
        );
    }
}
