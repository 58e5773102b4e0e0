//! LOW BLOW's tests: one per rule, citing the rulebook's wording or RULINGS LB-n, on states
//! built directly; then the shared conformance check and the rule parameters.

use super::state::{MAX_CELLS, MAX_PLAYERS, die_bit, total};
use super::*;
use crate::core::rules::{Rules, apply_file, apply_sets};
use crate::core::{ScriptedChance, conformance};

mod choices;
mod estimate;
mod option_kinds;
mod play;
mod scoring_and_rules;

fn game() -> LowBlow {
    LowBlow::new(LowBlowRules::default())
}

fn game_with(sets: &[&str]) -> LowBlow {
    let mut rules = LowBlowRules::default();
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    apply_sets(&mut rules, &sets).unwrap();
    LowBlow::new(rules)
}

fn die(text: &str) -> Die {
    let b = text.as_bytes();
    let colour = "RBGY".find(b[0] as char).expect("colour letter") as u8;
    Die { colour, value: b[1] - b'0' }
}

/// A state with seat `mover` to place (after the last roll) holding `aside` and `rolled`;
/// the other seats hold `others` (seat, colour, count). With `board` = None every other die
/// lies on the board as a Two, filling squares from the last backwards (so square 0, row 0
/// column 1, stays empty as long as any die is held); with `board` given (rows of `R3`/`.`),
/// the board is exactly that and must account for the rest.
fn build(
    g: &LowBlow,
    players: usize,
    board: Option<&[&str]>,
    mover: usize,
    aside: &[&str],
    rolled: &[&str],
    others: &[(usize, usize, u8)],
) -> LowBlowState {
    let mut s = g.new_state(players);
    s.hand = [[0; MAX_PLAYERS]; MAX_PLAYERS];
    s.mover = mover as u8;
    s.phase = Phase::Place;
    s.rolls = g.rules().max_rolls;
    for (list, counts) in [(aside, &mut s.aside), (rolled, &mut s.rolled)] {
        for d in list.iter().map(|t| die(t)) {
            counts[d.colour as usize][d.value as usize - 1] += 1;
            s.hand[mover][d.colour as usize] += 1;
        }
    }
    for &(seat, colour, n) in others {
        s.hand[seat][colour] += n;
    }
    let cells = players * g.rules().columns as usize;
    match board {
        Some(rows) => {
            for (row, text) in rows.iter().enumerate() {
                for (col, t) in text.split_whitespace().enumerate() {
                    if t != "." {
                        let d = die(t);
                        let cell = row * g.rules().columns as usize + col;
                        s.board[cell] = d.code();
                        s.occupied |= 1 << cell;
                        s.plays[d.value as usize - 1] += 1;
                    }
                }
            }
        }
        None => {
            let mut cell = cells;
            for colour in 0..players {
                let held: u8 = (0..players).map(|p| s.hand[p][colour]).sum();
                for _ in held..g.rules().dice_per_player {
                    cell -= 1;
                    s.board[cell] = Die { colour: colour as u8, value: 2 }.code();
                    s.occupied |= 1 << cell;
                    s.plays[1] += 1;
                }
            }
        }
    }
    s.turns = s.placed();
    s.sync_derived();
    g.check_invariants(&s).unwrap_or_else(|e| panic!("test setup: {e}\n{}", g.render(&s)));
    s
}

fn place(g: &LowBlow, s: &mut LowBlowState, d: &str, cell: u8) {
    let d = die(d);
    g.try_apply(s, LowBlowAction::Place { colour: d.colour, value: d.value, cell }).unwrap();
    g.check_invariants(s).unwrap_or_else(|e| panic!("after placing: {e}\n{}", g.render(s)));
}

fn legal(g: &LowBlow, s: &LowBlowState) -> Vec<LowBlowAction> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out
}

/// Roll with a chance stream that is not asked for anything in particular.
fn roll(g: &LowBlow, s: &mut LowBlowState, seed: u64) {
    assert_eq!(g.turn(s), Turn::Chance);
    g.sample_chance(s, &mut crate::core::rng_from_seed(seed));
    g.check_invariants(s).unwrap();
}

/// Roll exactly these faces (colour by colour, in the order the mover holds them).
fn roll_faces(g: &LowBlow, s: &mut LowBlowState, faces: &[u32]) {
    assert_eq!(g.turn(s), Turn::Chance);
    let mut dice = ScriptedChance::new().dice(faces.iter().copied());
    g.sample_chance(s, &mut dice);
    assert!(dice.is_spent(), "the roll used fewer dice than scripted");
    g.check_invariants(s).unwrap();
}

// ---- Setup ----

#[test]
fn g1_new_state_has_seat_0_to_move() {
    // G-1: seat 0 moves first ("The youngest player rolls first"; LB-8), for every player
    // count and under every round-starter rule (they only differ from round 2 on).
    for starter in ["seat0", "rotate", "continue"] {
        let g = game_with(&[&format!("round_starter={starter}")]);
        for players in [3, 4] {
            let mut s = g.new_state(players);
            assert_eq!((s.mover, s.phase, s.rolls), (0, Phase::Roll, 0), "{starter} {players}");
            assert_eq!(g.turn(&s), Turn::Chance, "seat 0's first roll");
            roll(&g, &mut s, 7);
            assert_eq!(g.turn(&s), Turn::Player(Seat(0)), "{starter} {players}");
        }
    }
}

#[test]
fn lb7_new_state_has_an_empty_pot_and_10_counters_apiece() {
    // LB-7: "The pot starts empty". The rulebook: "Players get 5 dice ... and 10 counters
    // apiece at the start of the game"; "15 - d6 dice for 3 players ... and 30 counters",
    // "20 - d6 dice for 4 players ... and 40 counters".
    let g = game();
    for players in [3, 4] {
        let s = g.new_state(players);
        assert_eq!(s.pot, 0, "{players} players");
        assert_eq!(s.counters[..players], vec![10; players][..], "{players} players");
        assert_eq!(s.counters.iter().map(|&c| c as u32).sum::<u32>(), 10 * players as u32);
        g.check_invariants(&s).unwrap();
    }
}

// ---- The six outcomes ----

#[test]
fn one_pays_all_counters_and_gives_all_remaining_dice_left() {
    // "One - ... ALL the remaining dice you give to the player on your left and you then put
    // ALL of your counters into the pot."
    let g = game();
    let mut s = build(&g, 3, None, 0, &["R1", "R5", "B3"], &["R1", "G6"], &[(1, 1, 1)]);
    s.counters = [7, 10, 10, 0];
    s.pot = 3;
    place(&g, &mut s, "R1", 0);
    assert_eq!(s.counters[0], 0);
    assert_eq!(s.pot, 10);
    // Seat 1 (on seat 0's left) gets R5, B3 (set aside) and R1, G6 (not set aside).
    assert_eq!(s.hand[0], [0, 0, 0, 0]);
    assert_eq!(s.hand[1], [2, 2, 1, 0]);
    assert_eq!(s.passed[0], 4);
    assert_eq!(s.die_at(0), Some(die("R1")));
    assert_eq!((s.mover, s.phase), (1, Phase::Roll));
}

#[test]
fn two_pays_two_and_gives_the_ones_left_set_aside_or_not() {
    // "Two - ... the Ones (from all dice you possess, whether set aside in roll 1 or 2, or
    // part of the last roll not set aside) you give to the player on your left and the rest
    // you keep and you also put two counters into the pot." (LB-5)
    let g = game();
    let mut s = build(&g, 3, None, 0, &["R2", "R1"], &["B1", "G4", "R6"], &[]);
    place(&g, &mut s, "R2", 0);
    assert_eq!((s.counters[0], s.pot), (8, 2));
    assert_eq!(s.hand[0], [1, 0, 1, 0], "keeps R6 and G4");
    assert_eq!(s.hand[1], [1, 1, 0, 0], "gets the set-aside R1 and the rolled B1");
    assert_eq!(s.passed[0], 2);
}

#[test]
fn three_makes_every_player_pay_one_and_gives_the_ones_left() {
    // "Three - ... the Ones you give to the player on your left and the rest you keep and all
    // the players put one counter into the pot."
    let g = game();
    let mut s = build(&g, 4, None, 3, &["Y3", "G1"], &["Y5"], &[]);
    s.counters = [10, 0, 4, 2];
    s.pot = 24;
    place(&g, &mut s, "Y3", 0);
    // Seat 1 has nothing to pay (LB-6); everyone else pays one, the mover included.
    assert_eq!(s.counters, [9, 0, 3, 1]);
    assert_eq!(s.pot, 27);
    // Seat 3's left is seat 0 (play goes clockwise, to the left).
    assert_eq!(s.hand[0][2], 1, "G1 goes to seat 0");
    assert_eq!(s.hand[3], [0, 0, 0, 1], "keeps Y5");
}

#[test]
fn four_takes_one_from_the_pot_and_gives_the_ones_left() {
    // "Four - ... the Ones you give to the player on your left and the rest you keep and you
    // take one counter from the pot, provided there are some to take."
    let g = game();
    let mut s = build(&g, 3, None, 1, &["B4"], &["B1", "B1", "R2"], &[(0, 0, 1)]);
    s.counters = [10, 5, 10, 0];
    s.pot = 5;
    place(&g, &mut s, "B4", 3);
    assert_eq!((s.counters[1], s.pot), (6, 4));
    assert_eq!(s.hand[2], [0, 2, 0, 0], "both B1 to seat 2");
    assert_eq!(s.hand[1], [1, 0, 0, 0], "keeps R2");
}

#[test]
fn five_takes_two_from_the_pot_and_gives_the_ones_left() {
    // "Five - ... you take two counters from the pot, provided there are some to take."
    let g = game();
    let mut s = build(&g, 3, None, 2, &["G5", "R1"], &["G6"], &[]);
    s.counters = [10, 10, 7, 0];
    s.pot = 3;
    place(&g, &mut s, "G5", 1);
    assert_eq!((s.counters[2], s.pot), (9, 1));
    assert_eq!(s.hand[0], [1, 0, 0, 0], "R1 to seat 0 (left of seat 2)");
    assert_eq!(s.hand[2], [0, 0, 1, 0], "keeps G6");
}

#[test]
fn six_gives_the_pot_to_the_rows_owner_and_all_dice_left() {
    // "Six - ... the player whose row you played on (even your own) gets to take all the
    // counters in the pot, provided there are some to take and ALL your remaining dice you
    // give to the player on your left."
    let g = game();
    // On another player's row: square 5 is row 1 (seat 1's).
    let mut s = build(&g, 3, None, 0, &["R6", "R1"], &["B5"], &[(2, 2, 5)]);
    s.counters = [10, 4, 4, 0];
    s.pot = 12;
    place(&g, &mut s, "R6", 5);
    assert_eq!(s.counters, [10, 16, 4, 0], "row 1 belongs to seat 1");
    assert_eq!(s.pot, 0);
    assert_eq!(s.hand[0], [0, 0, 0, 0]);
    assert_eq!(s.hand[1], [1, 1, 0, 0], "R1 and B5 go left");
    // On your own row.
    let mut s = build(&g, 3, None, 1, &["R6"], &["B2"], &[(2, 2, 5)]);
    s.counters = [10, 3, 10, 0];
    s.pot = 7;
    place(&g, &mut s, "R6", 6);
    assert_eq!((s.counters[1], s.pot), (10, 0));
    assert_eq!(s.hand[2][1], 1, "B2 goes to seat 2");
}

// ---- Counters at the edges (LB-6) ----

#[test]
fn lb6_taking_from_an_empty_pot_gives_nothing() {
    // "provided there are some to take" (FOUND, LB-6).
    let g = game();
    for (d, expected) in [("R4", 10), ("R5", 10), ("R6", 10)] {
        let mut s = build(&g, 3, None, 0, &[d, "R3"], &[], &[]);
        s.pot = 0;
        place(&g, &mut s, d, 0);
        assert_eq!((s.counters[0], s.pot), (expected, 0), "{d}");
    }
    // A pot of one gives one on a Five.
    let mut s = build(&g, 3, None, 0, &["R5"], &[], &[(1, 1, 5)]);
    s.counters = [10, 9, 10, 0];
    s.pot = 1;
    place(&g, &mut s, "R5", 0);
    assert_eq!((s.counters[0], s.pot), (11, 0));
}

#[test]
fn lb6_paying_with_too_few_counters_pays_what_you_have() {
    let g = game();
    let mut s = build(&g, 3, None, 0, &["R2", "R3"], &[], &[]);
    s.counters = [1, 10, 10, 0];
    s.pot = 9;
    place(&g, &mut s, "R2", 0);
    assert_eq!((s.counters[0], s.pot), (0, 10));
    // A One with no counters pays nothing.
    let mut s = build(&g, 3, None, 0, &["R1"], &[], &[(2, 2, 5)]);
    s.counters = [0, 10, 10, 0];
    s.pot = 10;
    place(&g, &mut s, "R1", 0);
    assert_eq!((s.counters[0], s.pot), (0, 10));
    // A Three with nobody holding counters pays nothing.
    let mut s = build(&g, 3, None, 0, &["R3"], &[], &[(1, 1, 5)]);
    s.counters = [0, 0, 0, 0];
    s.pot = 30;
    place(&g, &mut s, "R3", 0);
    assert_eq!((s.counters, s.pot), ([0; 4], 30));
}

// ---- The turn (LB-4) ----

#[test]
fn lb4_rolls_set_aside_dice_are_not_rerolled() {
    // "Once you set a die aside, it may not be re-rolled that turn."
    let g = game();
    let mut s = g.new_state(3);
    roll_faces(&g, &mut s, &[6, 2, 2, 5, 1]);
    assert_eq!((s.phase, s.rolls), (Phase::SetAside, 1));
    assert_eq!(total(&s.rolled), 5, "the first roll is all five dice");
    g.try_apply(&mut s, LowBlowAction::SetAside { colour: 0, value: 6 }).unwrap();
    let aside = s.aside;
    assert_eq!(aside[0][5], 1);
    g.try_apply(&mut s, LowBlowAction::Done).unwrap();
    assert_eq!(s.phase, Phase::Roll);
    // Four dice are rolled, not five: the script would panic at a fifth.
    roll_faces(&g, &mut s, &[3, 3, 4, 4]);
    assert_eq!(s.aside, aside, "set-aside dice keep their values");
    assert_eq!(total(&s.rolled), 4, "only the other four are rolled");
    assert_eq!(s.rolled[0], [0, 0, 2, 2, 0, 0]);
    assert_eq!(s.rolls, 2);
}

#[test]
fn lb4_set_aside_one_die_at_a_time_then_done() {
    let g = game();
    let mut s = build(&g, 3, None, 0, &["R4"], &["R1", "R1", "R6"], &[]);
    s.phase = Phase::SetAside;
    s.rolls = 1;
    assert_eq!(
        legal(&g, &s),
        vec![
            LowBlowAction::SetAside { colour: 0, value: 1 },
            LowBlowAction::SetAside { colour: 0, value: 6 },
            LowBlowAction::Done,
        ],
        "one action per (colour, value) of the latest roll, then done"
    );
    // Set-aside dice of an earlier roll are not offered again.
    g.try_apply(&mut s, LowBlowAction::SetAside { colour: 0, value: 4 }).unwrap_err();
}

#[test]
fn lb4_setting_every_die_aside_goes_to_placing() {
    // "You can keep all the dice and proceed to play a die."
    let g = game();
    let mut s = build(&g, 3, None, 0, &[], &["R2", "B5"], &[]);
    s.phase = Phase::SetAside;
    s.rolls = 1;
    g.try_apply(&mut s, LowBlowAction::SetAside { colour: 0, value: 2 }).unwrap();
    assert_eq!(s.phase, Phase::SetAside);
    g.try_apply(&mut s, LowBlowAction::SetAside { colour: 1, value: 5 }).unwrap();
    assert_eq!(s.phase, Phase::Place);
    assert_eq!(s.rolls, 1, "no more rolls");
    assert!(legal(&g, &s).iter().all(|a| matches!(a, LowBlowAction::Place { .. })));
}

#[test]
fn lb4_derived_masks_follow_set_asides_and_stale_ones_are_caught() {
    // The dice masks and set-aside counts the hot path reads instead of the tables (LB-4's
    // set-aside steps, state.rs) move with every set-aside, and a stale one fails the
    // invariant check that the conformance check runs at every step.
    let g = game();
    let mut s = build(&g, 3, None, 0, &["R4"], &["R1", "R1", "R6"], &[]);
    s.phase = Phase::SetAside;
    s.rolls = 1;
    assert_eq!(s.rolled_mask, die_bit(0, 0) | die_bit(0, 5));
    assert_eq!((s.aside_mask, s.aside_count), (die_bit(0, 3), [1, 0, 0, 0]));
    g.try_apply(&mut s, LowBlowAction::SetAside { colour: 0, value: 1 }).unwrap();
    assert_eq!(s.rolled_mask, die_bit(0, 0) | die_bit(0, 5), "one R1 is still rolled");
    g.try_apply(&mut s, LowBlowAction::SetAside { colour: 0, value: 1 }).unwrap();
    assert_eq!(s.rolled_mask, die_bit(0, 5), "no R1 left in the roll");
    assert_eq!((s.aside_mask, s.aside_count), (die_bit(0, 0) | die_bit(0, 3), [3, 0, 0, 0]));
    g.check_invariants(&s).unwrap();
    // Done empties the roll: the mask with it; the set-aside dice stay.
    g.try_apply(&mut s, LowBlowAction::Done).unwrap();
    assert_eq!((s.rolled_mask, s.aside_count), (0, [3, 0, 0, 0]));
    g.check_invariants(&s).unwrap();
    for stale in [
        LowBlowState { rolled_mask: die_bit(1, 2), ..s },
        LowBlowState { aside_mask: die_bit(0, 3), ..s },
        LowBlowState { aside_count: [2, 0, 0, 0], ..s },
    ] {
        assert!(g.check_invariants(&stale).unwrap_err().contains("derived fields"));
    }
}

#[test]
fn lb4_must_place_after_the_last_roll() {
    // "One die MUST be placed on your turn if you have any." After the third roll there is
    // no Done and no further roll: only placements, of any die held (LB-4), on any empty
    // square.
    let g = game();
    // R3 was set aside on an earlier roll; the other red die is about to be rolled a third
    // time.
    let mut s = build(&g, 3, None, 0, &["R3"], &["R5"], &[(1, 1, 1)]);
    s.rolled = Default::default();
    s.sync_derived();
    s.phase = Phase::Roll;
    s.rolls = 2;
    g.check_invariants(&s).unwrap();
    roll(&g, &mut s, 7);
    assert_eq!((s.phase, s.rolls), (Phase::Place, 3));
    let acts = legal(&g, &s);
    assert!(!acts.contains(&LowBlowAction::Done));
    let empty = 15 - s.placed() as usize;
    assert_eq!(empty, 3);
    let distinct = if s.rolled[0][2] == 1 { 1 } else { 2 };
    assert_eq!(acts.len(), distinct * empty);
    // The rolled die, not set aside, can be placed too.
    let rolled_value = (1..=6).find(|&v| s.rolled[0][v as usize - 1] == 1).unwrap();
    assert!(acts.contains(&LowBlowAction::Place { colour: 0, value: rolled_value, cell: 0 }));
    // And placing ends the turn ("once you've played a die to the board this concludes your
    // turn", the designer's comment).
    g.apply(&mut s, acts[0]);
    assert_eq!((s.mover, s.phase, s.rolls), (1, Phase::Roll, 0));
    assert_eq!(total(&s.aside) + total(&s.rolled), 0);
}

#[test]
fn lb4_nothing_set_aside_places_any_die_held() {
    // "If nothing at all was set aside, you place any one die you hold."
    let g = game();
    let mut s = g.new_state(3);
    for faces in [[1, 2, 3, 4, 5], [2, 2, 3, 3, 4], [6, 6, 6, 1, 1]] {
        roll_faces(&g, &mut s, &faces);
        if s.phase == Phase::SetAside {
            g.try_apply(&mut s, LowBlowAction::Done).unwrap();
        }
    }
    assert_eq!((s.phase, s.rolls), (Phase::Place, 3));
    assert_eq!(total(&s.aside), 0);
    let acts = legal(&g, &s);
    // The last roll shows Ones and Sixes: either may go on any of the 15 squares.
    assert_eq!(acts.len(), 2 * 15);
    assert!(acts.contains(&LowBlowAction::Place { colour: 0, value: 1, cell: 14 }));
    assert!(!acts.iter().any(|a| matches!(a, LowBlowAction::Place { value: 2, .. })));
}

// ---- Passing, round end, carrying over ----

#[test]
fn lb3_a_player_with_no_dice_passes() {
    // "You are not out of the game if you are out of dice" (LB-3: they pass).
    let g = game();
    let mut s = build(&g, 3, None, 0, &["R4", "R5"], &[], &[(2, 2, 2)]);
    assert_eq!(s.held(1), 0);
    place(&g, &mut s, "R4", 0);
    assert_eq!(s.mover, 2, "seat 1 holds nothing and is skipped");
    assert_eq!(s.passes, 1);
    // Dice given to a player without dice bring them back in.
    let mut s = build(&g, 3, None, 0, &["R6", "R5"], &[], &[(2, 2, 2)]);
    place(&g, &mut s, "R6", 0);
    assert_eq!((s.mover, s.passes), (1, 0));
    assert_eq!(s.hand[1][0], 1);
}

#[test]
fn lb3_the_round_ends_when_the_board_is_full_and_dice_return_to_owners() {
    // "The round ends when the board is full ... remove all the dice from the board and
    // return them to the players, no change is made to the Counter Pot." (LB-3, LB-7)
    let g = game();
    let board: &[&str] = &[". B2 G2 R2 R2", "B2 B2 R2 G2 G2", "B2 R2 G2 G2 B2"];
    let mut s = build(&g, 3, Some(board), 1, &["R4"], &[], &[]);
    s.counters = [3, 5, 1, 0];
    s.pot = 21;
    place(&g, &mut s, "R4", 0); // a Four: seat 1 takes one from the pot
    assert_eq!(s.round, 1);
    assert_eq!(s.placed(), 0, "the board is cleared");
    assert_eq!(s.board, [0; MAX_CELLS]);
    for seat in 0..3 {
        let mut own = [0; MAX_PLAYERS];
        own[seat] = 5;
        assert_eq!(s.hand[seat], own, "seat {seat} has its own five dice back");
    }
    assert_eq!(s.pot, 20, "the pot carries over (LB-7)");
    assert_eq!(s.counters, [3, 6, 1, 0]);
    // LB-8: the youngest (seat 0) starts the next round, with a fresh roll.
    assert_eq!((s.mover, s.phase, s.rolls), (0, Phase::Roll, 0));
    // The round was scored: row 0 = R4 B2 G2 R2 R2 = 12 - 3 own red = 9.
    assert_eq!(s.banked[..3], [9, 10 - 2, 10 - 2]);
    assert_eq!(s.row_sum[0][..3], [12, 10, 10]);
    assert_eq!(s.own_dice[0][..3], [3, 2, 2]);
}

#[test]
fn lb7_pot_carries_over_to_the_next_round_and_is_ignored_at_the_end() {
    // "... no change is made to the Counter Pot": a pot left at a round's end can be won in
    // the next round.
    let g = game();
    let board: &[&str] = &[". R2 R2 R2 R2", "B2 B2 B2 B2 B2", "G2 G2 G2 G2 G2"];
    let mut s = build(&g, 3, Some(board), 2, &["R3"], &[], &[]);
    s.counters = [2, 0, 0, 0];
    s.pot = 28;
    place(&g, &mut s, "R3", 0); // a Three: seat 0 pays one
    assert_eq!((s.round, s.pot, s.counters), (1, 29, [1, 0, 0, 0]));
    roll(&g, &mut s, 1);
    // Whatever was rolled, make it a six and four ones, and place the six on row 1.
    s.rolled = Default::default();
    s.rolled[0] = [4, 0, 0, 0, 0, 1];
    s.sync_derived();
    s.phase = Phase::Place;
    g.check_invariants(&s).unwrap();
    place(&g, &mut s, "R6", 5);
    assert_eq!((s.pot, s.counters), (0, [1, 29, 0, 0]));

    // "Ignore any counters left in the pot."
    let g = game_with(&["rounds=1"]);
    let board: &[&str] = &[". R2 R2 R2 R2", "B2 B2 B2 B2 B2", "G2 G2 G2 G2 G2"];
    let mut s = build(&g, 3, Some(board), 2, &["R3"], &[], &[]);
    s.counters = [0, 0, 0, 0];
    s.pot = 30;
    place(&g, &mut s, "R3", 0); // a Three: nobody has a counter to pay
    assert_eq!(g.turn(&s), Turn::Over);
    assert_eq!(s.pot, 30);
    // Rows: R3 + 4 reds = 11 - 5 = 6; 10 - 5 = 5; 10 - 5 = 5. No counters, pot ignored.
    assert_eq!(g.outcome(&s).scores(), &[6, 5, 5]);
}
