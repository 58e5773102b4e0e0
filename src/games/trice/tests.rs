//! One test per rule, citing RULINGS TR-1..TR-8 (and G-1, G-2) or the rulebook's wording.
//! States are built directly from a picture of the board, so each rule is tested on the
//! exact position it is about.

use std::time::Instant;

use super::board::{ORDERED, SAME_COLOUR, SAME_VALUE, conditions};
use super::state::{COLOURS, FACES};
use super::*;
use crate::core::rules::{self, Origin};
use crate::core::{ScriptedChance, conformance};

fn game() -> Trice {
    Trice::new(TriceRules::default())
}

fn game_with(sets: &[&str]) -> Trice {
    let mut r = TriceRules::default();
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    rules::apply_sets(&mut r, &sets).unwrap();
    Trice::new(r)
}

fn die(text: &str) -> Die {
    let colour = match &text[..1] {
        "W" => 0,
        "P" => 1,
        "O" => 2,
        other => panic!("colour {other}"),
    };
    Die::new(colour, text[1..].parse().unwrap())
}

/// A board from rows separated by `/`, squares `W3`, `P5`, `O1` or `..`.
fn board(g: &Trice, text: &str) -> [u8; MAX_CELLS] {
    let mut b = [EMPTY; MAX_CELLS];
    let mut sq = 0;
    for (r, row) in text.split('/').enumerate() {
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells.len(), g.geometry().columns as usize, "row {r}");
        for c in cells {
            if c != ".." {
                b[sq] = die(c).0;
            }
            sq += 1;
        }
    }
    assert_eq!(sq, g.geometry().cells());
    b
}

/// The dice not on the board and not `held`, as 1s of each colour, so that totals hold.
fn rest_of_pool(g: &Trice, b: &[u8; MAX_CELLS], held: Option<Die>) -> [u8; COLOURS * 6] {
    let mut pool = [0u8; COLOURS * 6];
    for c in 0..COLOURS as u8 {
        let used = b.iter().filter(|&&x| x != EMPTY && Die(x).colour() == c).count()
            + held.is_some_and(|d| d.colour() == c) as usize;
        pool[Die::new(c, 1).pool_index()] = g.rules().dice_per_colour - used as u8;
    }
    pool
}

/// A placement position: `held` handed to the seat whose turn it is to place.
fn placing(g: &Trice, text: &str, held: &str) -> TriceState {
    let mut s = g.new_state(2);
    s.board = board(g, text);
    s.placements = s.board.iter().filter(|&&x| x != EMPTY).count() as u8;
    s.pool = rest_of_pool(g, &s.board, Some(die(held)));
    s.held = die(held).0;
    s.phase = Phase::Place;
    s.to_move = s.placements % 2;
    g.check_invariants(&s).unwrap();
    s
}

/// A swap-phase position on a full board, `pointer` about to point.
fn pointing(g: &Trice, text: &str, pointer: u8) -> TriceState {
    let mut s = g.new_state(2);
    s.board = board(g, text);
    s.placements = g.geometry().cells() as u8;
    s.pool = rest_of_pool(g, &s.board, None);
    s.phase = Phase::Point;
    s.to_move = pointer;
    g.check_invariants(&s).unwrap();
    s
}

fn sq(g: &Trice, name: &str) -> u8 {
    (0..g.geometry().cells() as u8)
        .find(|&q| g.geometry().name(q) == name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

fn legal(g: &Trice, s: &TriceState) -> Vec<TriceAction> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out
}

/// Apply checked, and check the invariants after.
fn play(g: &Trice, s: &mut TriceState, a: TriceAction) {
    g.try_apply(s, a).unwrap();
    g.check_invariants(s).unwrap();
}

fn place(g: &Trice, text: &str, held: &str, at: &str) -> TriceState {
    let mut s = placing(g, text, held);
    play(g, &mut s, TriceAction::Place(sq(g, at)));
    s
}

/// A full board with no line satisfying any condition (found by search, checked below).
const CLEAN: &str = "W6 P3 W3 O1 / O3 O3 P1 P4 / P1 W2 O2 W6";

fn swap_turn(g: &Trice, s: &mut TriceState, point: &str, with: &str, bump: &str) {
    play(g, s, TriceAction::Point(sq(g, point)));
    play(g, s, TriceAction::Swap(sq(g, with)));
    play(g, s, TriceAction::Bump(sq(g, bump)));
}

// ---- TR-1, TR-2, G-1: board, dice, setup ----

#[test]
fn tr1_board_is_3x4_and_12_dice_fill_it() {
    let g = game();
    assert_eq!((g.rules().rows, g.rules().columns), (3, 4));
    assert_eq!(g.geometry().cells(), 12);
    let mut s = g.new_state(2);
    assert_eq!(g.turn(&s), Turn::Chance);
    g.sample_chance(&mut s, &mut crate::core::rng_from_seed(3));
    assert_eq!(s.pool_size(), 12);
    for c in 0..COLOURS {
        let n: u32 = (0..6).map(|v| s.pool[c * 6 + v] as u32).sum();
        assert_eq!(n, 4, "4 dice of colour {c}");
    }
    // Placement turns plus the TR-8 cap.
    assert_eq!(g.turn_cap(), 12 + 200);
}

#[test]
fn tr2_one_roll_then_the_opponent_picks_each_die_g1_seat0_places_first() {
    let g = game();
    let mut s = g.new_state(2);
    // The one roll: white 1 2 3 4, purple 5 5 6 6, orange 1 1 1 2 (colour by colour).
    let mut roll = ScriptedChance::new().dice([1, 2, 3, 4, 5, 5, 6, 6, 1, 1, 1, 2]);
    g.sample_chance(&mut s, &mut roll);
    assert!(roll.is_spent(), "all twelve dice are rolled at once (TR-1, TR-2)");
    assert_eq!(s.pool[die("P5").pool_index()], 2);
    assert_eq!(s.pool[die("O1").pool_index()], 3);
    let rolled = s.pool;
    // "The second player choose a die for the first player": seat 1 picks for seat 0.
    assert_eq!(g.turn(&s), Turn::Player(Seat(1)));
    let gives = legal(&g, &s);
    let TriceAction::Give(first) = gives[0] else { panic!("{gives:?}") };
    play(&g, &mut s, TriceAction::Give(first));
    assert_eq!(g.turn(&s), Turn::Player(Seat(0)));
    assert_eq!(s.phase, Phase::Place);
    // "don't change the die value": the held die is exactly the one picked.
    assert_eq!(Die(s.held), first);
    play(&g, &mut s, TriceAction::Place(5));
    assert_eq!(Die(s.board[5]), first);
    // "the player who placed the die chooses another die for the opponent".
    assert_eq!((s.phase, g.turn(&s)), (Phase::Give, Turn::Player(Seat(0))));
    let TriceAction::Give(second) = legal(&g, &s)[0] else { panic!() };
    play(&g, &mut s, TriceAction::Give(second));
    assert_eq!((s.phase, g.turn(&s)), (Phase::Place, Turn::Player(Seat(1))));
    // No more chance after the one roll: the pool only loses the two dice handed out.
    let mut expected = rolled;
    expected[first.pool_index()] -= 1;
    expected[second.pool_index()] -= 1;
    assert_eq!(s.pool, expected);
}

#[test]
fn tr2_dice_alike_in_colour_and_value_are_one_choice() {
    let g = game();
    let mut s = g.new_state(2);
    s.phase = Phase::Give;
    s.to_move = 1;
    // Three white 3s, one white 5, four purple 2s, four orange 6s.
    s.pool[die("W3").pool_index()] = 3;
    s.pool[die("W5").pool_index()] = 1;
    s.pool[die("P2").pool_index()] = 4;
    s.pool[die("O6").pool_index()] = 4;
    g.check_invariants(&s).unwrap();
    let expected: Vec<TriceAction> =
        ["W3", "W5", "P2", "O6"].iter().map(|d| TriceAction::Give(die(d))).collect();
    assert_eq!(legal(&g, &s), expected);
}

#[test]
fn rulebook_no_placement_restrictions_any_free_square() {
    // "places the die ... in a free square on the card, there are no placement restrictions"
    let g = game();
    let s = placing(&g, "W1 .. .. .. / .. P4 .. .. / .. .. .. O6", "W2");
    let squares: Vec<TriceAction> =
        [1, 2, 3, 4, 6, 7, 8, 9, 10].iter().map(|&q| TriceAction::Place(q)).collect();
    assert_eq!(legal(&g, &s), squares);
}

// ---- TR-3: the 14 lines ----

#[test]
fn tr3_fourteen_lines_6_rows_4_columns_4_diagonals() {
    let g = game();
    let geo = g.geometry();
    assert_eq!(geo.lines.len(), 14);
    let count = |k: LineKind| geo.kinds.iter().filter(|&&x| x == k).count();
    assert_eq!(count(LineKind::Row), 6);
    assert_eq!(count(LineKind::Column), 4);
    assert_eq!(count(LineKind::Diagonal) + count(LineKind::AntiDiagonal), 4);
    for line in [
        [0, 1, 2],
        [1, 2, 3],
        [8, 9, 10],
        [9, 10, 11],
        [0, 4, 8],
        [3, 7, 11],
        [0, 5, 10],
        [1, 6, 11],
        [8, 5, 2],
        [9, 6, 3],
    ] {
        assert!(geo.lines.contains(&line), "{line:?}");
    }
}

fn assert_trice_on(g: &Trice, s: &TriceState, kind: LineKind, placer: u8) {
    assert_eq!(s.phase, Phase::Over, "{}", g.render(s));
    assert_eq!(s.ending, Ending::TricePlacement);
    assert_eq!(s.winner, Some(placer), "the player who placed the die wins");
    let line = s.deciding_line.unwrap() as usize;
    assert_eq!(g.geometry().kinds[line], kind);
    assert_eq!(g.outcome(s).rank(Seat(placer)), 0);
    assert_eq!(g.outcome(s).rank(Seat(1 - placer)), 1);
}

#[test]
fn tr3_row_trice_wins() {
    let g = game();
    // Same value along row 1 (three colours).
    let s = place(&g, "W2 P2 .. .. / .. .. .. .. / .. .. .. ..", "O2", "c1");
    assert_trice_on(&g, &s, LineKind::Row, 0);
    // The second row triple b-c-d counts too.
    let s = place(&g, ".. P2 O2 .. / .. .. .. .. / .. .. .. ..", "W2", "d1");
    assert_trice_on(&g, &s, LineKind::Row, 0);
}

#[test]
fn tr3_column_trice_wins() {
    let g = game();
    // Same colour down column d, values 5 1 3 (no other condition); seat 1 places third.
    let s = place(&g, ".. .. .. W5 / .. .. .. W1 / P4 .. .. ..", "W3", "d3");
    assert_trice_on(&g, &s, LineKind::Column, 1);
}

#[test]
fn tr3_diagonal_trice_wins() {
    let g = game();
    // Ordered 4-5-6 down and to the right from b1.
    let s = place(&g, ".. W4 .. .. / .. .. P5 .. / .. .. .. ..", "O6", "d3");
    assert_trice_on(&g, &s, LineKind::Diagonal, 0);
}

#[test]
fn tr3_anti_diagonal_trice_wins() {
    let g = game();
    // Same value up and to the right from a3.
    let s = place(&g, ".. .. .. .. / .. O6 .. .. / P6 .. .. ..", "W6", "c1");
    assert_trice_on(&g, &s, LineKind::AntiDiagonal, 0);
}

#[test]
fn tr3_no_wrap_around_the_board_edges() {
    let g = game();
    // c1 d1 | a2 with one value: the row does not wrap onto the next row.
    let s = place(&g, ".. .. W2 P2 / .. .. .. .. / .. .. .. ..", "O2", "a2");
    assert_eq!(s.phase, Phase::Give);
    // c1 d2 | a3: nor does a diagonal.
    let s = place(&g, ".. .. W4 .. / .. .. .. P4 / .. .. .. ..", "O4", "a3");
    assert_eq!(s.phase, Phase::Give);
    // Not three in a row: a gap breaks the line.
    let s = place(&g, "W4 P4 .. .. / .. .. .. .. / .. .. .. ..", "O4", "d1");
    assert_eq!(s.phase, Phase::Give);
}

// ---- TR-4: the three conditions ----

#[test]
fn tr4_same_colour_and_same_value_are_conditions() {
    assert_eq!(conditions(die("W1"), die("W5"), die("W3")), SAME_COLOUR);
    assert_eq!(conditions(die("W4"), die("P4"), die("O4")), SAME_VALUE);
    assert_eq!(conditions(die("W4"), die("P4"), die("O5")), 0);
    assert_eq!(conditions(die("W4"), die("W4"), die("P4")), SAME_VALUE);
}

#[test]
fn tr4_ordered_rising_and_falling_both_count() {
    assert_eq!(conditions(die("W2"), die("P3"), die("O4")), ORDERED);
    assert_eq!(conditions(die("W4"), die("P3"), die("O2")), ORDERED);
    assert_eq!(conditions(die("O6"), die("P5"), die("W4")), ORDERED);
    let g = game();
    let s = place(&g, "W4 P3 .. .. / .. .. .. .. / .. .. .. ..", "O2", "c1");
    assert_trice_on(&g, &s, LineKind::Row, 0);
    let s = place(&g, "W2 P3 .. .. / .. .. .. .. / .. .. .. ..", "O4", "c1");
    assert_trice_on(&g, &s, LineKind::Row, 0);
}

#[test]
fn tr4_out_of_order_is_not_ordered() {
    // "3-2-4 does not": consecutive values, but not in positional order along the line.
    assert_eq!(conditions(die("W3"), die("P2"), die("O4")), 0);
    assert_eq!(conditions(die("W2"), die("P4"), die("O3")), 0);
    assert_eq!(conditions(die("W4"), die("P2"), die("O3")), 0);
    let g = game();
    let s = place(&g, "W3 P2 .. .. / .. .. .. .. / .. .. .. ..", "O4", "c1");
    assert_eq!(s.phase, Phase::Give, "no Trice: the game goes on");
}

#[test]
fn tr4_no_value_wrap_around_5_6_1() {
    assert_eq!(conditions(die("W5"), die("P6"), die("O1")), 0);
    assert_eq!(conditions(die("W6"), die("P1"), die("O2")), 0);
    assert_eq!(conditions(die("W1"), die("P6"), die("O5")), 0);
    let g = game();
    let s = place(&g, "W5 P6 .. .. / .. .. .. .. / .. .. .. ..", "O1", "c1");
    assert_eq!(s.phase, Phase::Give);
}

// ---- TR-5: Trice wins, Double Trice loses, Double first ----

#[test]
fn tr5_same_value_and_ordered_never_hold_together() {
    // So the only Double Trices are colour + value and colour + ordered.
    for code in 0..(6 * 6 * 6) {
        let (x, y, z) = (code / 36 + 1, code / 6 % 6 + 1, code % 6 + 1);
        let m = conditions(Die::new(0, x), Die::new(0, y), Die::new(0, z));
        assert_ne!(m & (SAME_VALUE | ORDERED), SAME_VALUE | ORDERED, "{x}{y}{z}");
    }
}

#[test]
fn tr5_double_trice_colour_and_value_loses() {
    let g = game();
    let s = place(&g, "P5 P5 .. .. / .. .. .. .. / .. .. .. ..", "P5", "c1");
    assert_eq!(s.ending, Ending::DoubleTricePlacement);
    assert_eq!(s.winner, Some(1), "seat 0 placed it and loses");
    let o = g.outcome(&s);
    assert_eq!(o.ranks(), &[1, 0]);
}

#[test]
fn tr5_double_trice_colour_and_ordered_loses() {
    let g = game();
    // Seat 1 places the third orange die of the column 3-4-5.
    let s = place(&g, ".. O3 .. .. / .. O4 .. .. / W1 .. .. ..", "O5", "b3");
    assert_eq!(s.ending, Ending::DoubleTricePlacement);
    assert_eq!(s.winner, Some(0));
}

#[test]
fn tr5_double_trice_beats_a_simultaneous_trice() {
    let g = game();
    // O3 on c1 makes row a1-b1-c1 ordered (a Trice) and column c1-c2-c3 orange and ordered
    // (a Double Trice) at once: the placer loses.
    let s = place(&g, "W1 P2 .. .. / .. .. O4 .. / .. .. O5 ..", "O3", "c1");
    assert_eq!(s.ending, Ending::DoubleTricePlacement);
    assert_eq!(s.winner, Some(1));
    let l = s.deciding_line.unwrap() as usize;
    assert_eq!(g.geometry().kinds[l], LineKind::Column);
    // The same row alone is a win: the Double Trice decided it.
    let s = place(&g, "W1 P2 .. .. / .. .. W4 .. / .. .. O5 ..", "O3", "c1");
    assert_eq!((s.ending, s.winner), (Ending::TricePlacement, Some(0)));
}

// ---- TR-6: the swap phase ----

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

// ---- TR-8, G-2: the cap ----

#[test]
fn tr8_swap_phase_cap_ends_the_match_capped() {
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

// ---- Conformance (the shared check) ----

fn timed_conformance(g: &Trice, matches: u64, seed: u64) -> conformance::ConformanceReport {
    let start = Instant::now();
    let report = conformance::check(g, 2, matches, seed);
    eprintln!(
        "trice conformance: {matches} matches in {:.1} s ({} capped, max {} decisions)",
        start.elapsed().as_secs_f64(),
        report.capped,
        report.max_decisions
    );
    report
}

#[test]
fn conformance_100k() {
    let report = timed_conformance(&game(), 100_000, 1);
    assert_eq!(report.matches, 100_000);
    // Every match has 12 gives and placements at most, and 3 decisions per swap turn.
    assert!(report.max_decisions <= 24 + 3 * 200);
}

#[test]
fn conformance_variants() {
    timed_conformance(&game_with(&["rules_version=v0.2"]), 10_000, 2);
    let tight = timed_conformance(
        &game_with(&["swap_turn_cap=3", "repoint_allowed=false", "swap_back_allowed=false"]),
        10_000,
        3,
    );
    assert!(tight.capped > 0, "a cap of 3 swap turns is reached sometimes");
    // A 4x4 board with 18 dice: two stay in the pool.
    timed_conformance(&game_with(&["rows=4", "columns=4", "dice_per_colour=6"]), 10_000, 4);
    timed_conformance(&game_with(&["rows=1", "columns=6", "dice_per_colour=2"]), 10_000, 5);
}

// ---- Rule parameters and the rules file ----

#[test]
fn params_have_the_seeds_defaults_and_origins() {
    let r = TriceRules::default();
    let p = r.params();
    let keys: Vec<&str> = p.iter().map(|i| i.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "rows",
            "columns",
            "dice_per_colour",
            "rules_version",
            "repoint_allowed",
            "swap_back_allowed",
            "swap_turn_cap"
        ]
    );
    let origin = |k: &str| p.iter().find(|i| i.key == k).unwrap().origin;
    assert_eq!(origin("rows"), Origin::Found);
    assert_eq!(origin("rules_version"), Origin::Found);
    assert_eq!(origin("repoint_allowed"), Origin::Default);
    assert_eq!(origin("swap_turn_cap"), Origin::Engine);
    assert_eq!(p[3].value, "v0.3.1");
}

#[test]
fn params_set_like_dash_dash_set() {
    let mut r = TriceRules::default();
    r.set("rows", &toml::Value::Integer(4)).unwrap();
    r.set("columns", &toml::Value::Integer(5)).unwrap();
    r.set("dice_per_colour", &toml::Value::Integer(7)).unwrap();
    r.set("rules_version", &toml::Value::String("v0.2".into())).unwrap();
    r.set("swap_turn_cap", &toml::Value::Integer(50)).unwrap();
    assert_eq!((r.rows, r.columns, r.dice_per_colour, r.swap_turn_cap), (4, 5, 7, 50));
    assert_eq!(r.rules_version, RulesVersion::V02);
    assert!(r.validate().is_ok());
    let g = Trice::new(r);
    assert_eq!(g.geometry().cells(), 20);
    assert_eq!(g.turn_cap(), 70);
    // Out of range or of the wrong kind.
    let mut r = TriceRules::default();
    assert!(r.set("rows", &toml::Value::Integer(7)).is_err());
    assert!(r.set("swap_turn_cap", &toml::Value::Integer(0)).is_err());
    assert!(r.set("rules_version", &toml::Value::String("v1".into())).is_err());
    assert!(r.set("colours", &toml::Value::Integer(4)).is_err());
}

#[test]
fn validate_rejects_inconsistent_boards() {
    let check = |sets: &[&str]| {
        let mut r = TriceRules::default();
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        rules::apply_sets(&mut r, &sets).map(|_| ())
    };
    // Too few dice to fill a 4x4 board.
    let err = check(&["rows=4", "columns=4"]).unwrap_err().to_string();
    assert!(err.contains("cannot fill"), "{err}");
    // No line of three on a 2x2 board.
    let err = check(&["rows=2", "columns=2", "dice_per_colour=2"]).unwrap_err().to_string();
    assert!(err.contains("no line of three"), "{err}");
    assert!(check(&["rows=4", "columns=4", "dice_per_colour=6"]).is_ok());
    assert!(check(&["rows=1", "columns=3", "dice_per_colour=1"]).is_ok());
}

#[test]
fn config_file_holds_exactly_the_defaults() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/trice.toml");
    // Start away from the defaults, to prove the file sets every value back.
    let mut r = TriceRules {
        rows: 5,
        rules_version: RulesVersion::V02,
        swap_turn_cap: 7,
        ..TriceRules::default()
    };
    rules::apply_file(&mut r, "trice", &path).unwrap();
    assert_eq!(r, TriceRules::default());
    // Every parameter appears in the file, once.
    let text = std::fs::read_to_string(&path).unwrap();
    for p in TriceRules::default().params() {
        let lines = text.lines().filter(|l| l.starts_with(&format!("{} =", p.key))).count();
        assert_eq!(lines, 1, "{} in configs/trice.toml", p.key);
    }
}

#[test]
fn registry_builds_trice() {
    let any = crate::games::build("trice", None, &["rules_version=v0.2".to_string()]).unwrap();
    assert_eq!(any.name(), "trice");
    assert!(crate::games::GAME_NAMES.contains(&"trice"));
    assert!(crate::games::build("trice", None, &["rows=4".to_string()]).is_err());
}

// ---- Heuristic ----

#[test]
fn heuristic_winning_placement_best_double_trice_worst() {
    let g = game();
    // Seat 0 holds O3: on c1 it wins (W1 P2 O3, ordered), on c3 it loses (O5 O4 O3, colour
    // and ordered), anywhere else nothing happens.
    let s = placing(&g, "W1 P2 .. .. / .. .. .. .. / O5 O4 .. ..", "O3");
    assert_eq!(g.turn(&s), Turn::Player(Seat(0)));
    let after = |a: TriceAction| {
        let mut t = s;
        g.apply(&mut t, a);
        t
    };
    let win = after(TriceAction::Place(sq(&g, "c1")));
    assert_eq!(win.ending, Ending::TricePlacement);
    assert_eq!(g.heuristic(&win, Seat(0)), 1.0);
    assert_eq!(g.heuristic(&win, Seat(1)), -1.0);
    let lose = after(TriceAction::Place(sq(&g, "c3")));
    assert_eq!(lose.ending, Ending::DoubleTricePlacement);
    assert_eq!(g.heuristic(&lose, Seat(0)), -1.0);
    assert_eq!(g.heuristic(&lose, Seat(1)), 1.0);
    // Every other placement lies strictly between.
    for a in legal(&g, &s) {
        let t = after(a);
        if t.phase != Phase::Over {
            let h = g.heuristic(&t, Seat(0));
            assert!(h > -1.0 && h < 1.0, "{a:?}: {h}");
        }
    }
    // Holding a winning die is worth almost a win before placing it.
    assert!(g.heuristic(&s, Seat(0)) >= 0.9);
    assert!(g.heuristic(&s, Seat(1)) <= -0.9);
}

#[test]
fn heuristic_handing_a_winning_die_is_bad() {
    let g = game();
    // Seat 1 gives seat 0 a die. W2 P2 on a1 b1: any 2 lets seat 0 win on c1; a W4 does not
    // (W2 P2 W4: nothing; and no other line is open).
    let mut s = g.new_state(2);
    s.board = board(&g, "W2 P2 .. .. / .. .. .. .. / .. .. .. ..");
    s.placements = 2;
    s.phase = Phase::Give;
    s.to_move = 1;
    s.pool[die("O2").pool_index()] = 4;
    s.pool[die("W4").pool_index()] = 3;
    s.pool[die("P6").pool_index()] = 3;
    g.check_invariants(&s).unwrap();
    let after = |d: &str| {
        let mut t = s;
        g.apply(&mut t, TriceAction::Give(die(d)));
        g.heuristic(&t, Seat(1))
    };
    assert!(after("O2") <= -0.9, "{}", after("O2"));
    assert!(after("W4") > -0.5, "{}", after("W4"));
    assert!(after("W4") > after("O2"));
    // A placement that leaves only winning dice for the opponent is bad for the placer.
    let mut t = s;
    t.phase = Phase::Place;
    t.to_move = 0;
    t.placements = 2;
    t.pool[die("O2").pool_index()] -= 1;
    t.held = die("O2").0;
    // Seat 0 holds O2: on c1 it wins at once, so that is the best.
    let place_h = |at: &str| {
        let mut u = t;
        g.apply(&mut u, TriceAction::Place(sq(&g, at)));
        g.heuristic(&u, Seat(0))
    };
    assert_eq!(place_h("c1"), 1.0);
    // Elsewhere, c1 stays open for the O2s seat 0 may have to hand over: one die kind in
    // three lets seat 1 win, which counts against the placer.
    assert!(place_h("a3") < 0.0);
}

#[test]
fn heuristic_in_the_swap_phase() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    play(&g, &mut s, TriceAction::Point(sq(&g, "a1")));
    // Seat 0 to swap a1: with a2 then bump a2 wins, so seat 0's prospect is a win.
    assert!(g.heuristic(&s, Seat(0)) >= 0.9);
    play(&g, &mut s, TriceAction::Swap(sq(&g, "a2")));
    assert!(g.heuristic(&s, Seat(0)) >= 0.9);
    let mut win = s;
    g.apply(&mut win, TriceAction::Bump(sq(&g, "a2")));
    let mut lose = s;
    g.apply(&mut lose, TriceAction::Bump(sq(&g, "a1")));
    assert_eq!(g.heuristic(&win, Seat(0)), 1.0);
    assert_eq!(g.heuristic(&lose, Seat(0)), -1.0);
    // Seat 1 pointing at a1 hands seat 0 a win: as the pointer, that looks bad.
    let p = pointing(&g, CLEAN, 1);
    let mut t = p;
    g.apply(&mut t, TriceAction::Point(sq(&g, "a1")));
    assert!(g.heuristic(&t, Seat(1)) <= -0.9);
}

// ---- Metrics, traces, invariants ----

#[test]
fn metrics_record_how_and_when_it_ended() {
    let g = game();
    let names = g.metric_names(2);
    let get = |s: &TriceState, name: &str| {
        let mut out = vec![0; names.len()];
        g.metrics(s, &mut out);
        out[names.iter().position(|n| n == name).unwrap()]
    };
    let s = place(&g, "W2 P2 .. .. / .. .. .. .. / .. .. .. ..", "O2", "c1");
    assert_eq!(get(&s, "ended_trice_placement"), 1);
    assert_eq!(get(&s, "ended_double_trice_placement"), 0);
    assert_eq!(get(&s, "end_turn"), 3);
    assert_eq!(get(&s, "reached_swap_phase"), 0);
    let s = place(&g, "P5 P5 .. .. / .. .. .. .. / .. .. .. ..", "P5", "c1");
    assert_eq!(get(&s, "ended_double_trice_placement"), 1);
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "c1", "c2", "c2");
    swap_turn(&g, &mut s, "a1", "a2", "a2");
    assert_eq!(s.ending, Ending::TriceSwap);
    assert_eq!(get(&s, "ended_trice_swap"), 1);
    assert_eq!(get(&s, "swap_turns"), 2);
    assert_eq!(get(&s, "end_turn"), 14);
    assert_eq!(get(&s, "reached_swap_phase"), 1);
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "a1", "a2", "a1");
    assert_eq!(get(&s, "ended_double_trice_swap"), 1);
    let g = game_with(&["swap_turn_cap=1"]);
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "c1", "c2", "c2");
    assert_eq!(get(&s, "ended_capped"), 1);
    // Exactly one "ended_" indicator is set.
    let mut out = vec![0; names.len()];
    g.metrics(&s, &mut out);
    let ended: i64 =
        names.iter().zip(&out).filter(|(n, _)| n.starts_with("ended_")).map(|(_, v)| v).sum();
    assert_eq!(ended, 1);
}

#[test]
fn render_and_describe_read_like_the_table() {
    let g = game();
    let mut s = g.new_state(2);
    g.sample_chance(&mut s, &mut crate::core::rng_from_seed(1));
    let rolled = g.describe_chance(&s);
    assert!(rolled.starts_with("rolled W"), "{rolled}");
    let mut give = g.new_state(2);
    give.pool = rest_of_pool(&g, &[EMPTY; MAX_CELLS], None);
    give.phase = Phase::Give;
    give.to_move = 1;
    assert_eq!(g.describe(&give, TriceAction::Give(die("O1"))), "seat 1 gives seat 0 an orange 1");
    let s = placing(&g, "W2 P2 .. .. / .. .. .. .. / .. .. .. ..", "O2");
    let text = g.render(&s);
    assert!(text.contains("   a   b   c   d"), "{text}");
    assert!(text.contains(" 1 W2  P2  .   .\n"), "{text}");
    assert!(text.contains("pool: W 1 1 1 | P 1 1 1 | O 1 1 1"), "{text}");
    assert!(text.contains("seat 0 places the O2"), "{text}");
    let d = g.describe(&s, TriceAction::Place(sq(&g, "c1")));
    assert_eq!(d, "seat 0 places O2 on c1: Trice on a1-b1-c1 (same value): seat 0 wins");
    let mut t = s;
    g.apply(&mut t, TriceAction::Place(sq(&g, "c1")));
    assert!(g.render(&t).contains("W2* P2* O2*"), "{}", g.render(&t));
    let p = pointing(&g, CLEAN, 1);
    assert_eq!(
        g.describe(&p, TriceAction::Point(sq(&g, "a1"))),
        "seat 1 points at the W6 on a1 for seat 0"
    );
}

#[test]
fn invariants_catch_lost_dice_and_live_trices() {
    let g = game();
    let mut s = placing(&g, "W2 P2 .. .. / .. .. .. .. / .. .. .. ..", "O2");
    assert!(g.check_invariants(&s).is_ok());
    let mut lost = s;
    lost.pool[die("W1").pool_index()] -= 1;
    assert!(g.check_invariants(&lost).is_err());
    let mut extra = s;
    extra.board[5] = die("W4").0;
    assert!(g.check_invariants(&extra).is_err());
    // A Trice left on the board of a live match.
    s.board[2] = die("O2").0;
    s.held = EMPTY;
    s.placements = 3;
    s.phase = Phase::Give;
    s.to_move = 0;
    assert!(g.check_invariants(&s).is_err());
}

#[test]
fn determinize_is_a_copy_no_hidden_information() {
    let g = game();
    let s = pointing(&g, CLEAN, 1);
    let mut rng = crate::core::rng_from_seed(5);
    assert_eq!(g.determinize(&s, Seat(0), &mut rng), s);
}
