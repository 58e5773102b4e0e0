//! One test per rule, citing RULINGS TR-1..TR-8 (and G-1, G-2) or the rulebook's wording.
//! States are built directly from a picture of the board, so each rule is tested on the
//! exact position it is about. The option kinds are tested in `option_kinds.rs`.

use std::time::Instant;

use super::board::{ORDERED, SAME_COLOUR, SAME_VALUE, conditions};
use super::state::{COLOURS, FACES};
use super::*;
use crate::core::rules::{self, Origin};
use crate::core::{ScriptedChance, conformance};

mod move_place;
mod option_kinds;
mod rules_and_metrics;
mod swap_phase;

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
