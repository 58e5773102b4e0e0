//! Which placements are one choice for a player (`same_choice`: listed one per column, a
//! die's 60-odd placements would bury the choice in `arena play` and spread its advice over
//! them), and the words of such a choice. The criterion is the rules': nothing reads a
//! column (LB-9 "A row's score is the sum of the dice in its owner's home row, minus 1 for
//! each die of the owner's own colour in it"), so two placements are one choice exactly
//! when their results are the same once each row's dice are put in order.

use super::*;
use crate::core::trace::TraceGame;

/// `s` with each row's squares in order (empty squares first): what is left of a state when
/// the columns, which no rule reads, are forgotten.
fn columns_forgotten(g: &LowBlow, s: &LowBlowState) -> LowBlowState {
    let columns = g.rules().columns as usize;
    let mut out = *s;
    for row in out.board.chunks_mut(columns).take(s.players()) {
        row.sort_unstable();
    }
    out.occupied = 0;
    for (cell, &code) in out.board.iter().enumerate() {
        out.occupied |= ((code != 0) as u32) << cell;
    }
    out
}

fn place_of(a: LowBlowAction) -> (u8, u8, u8) {
    match a {
        LowBlowAction::Place { colour, value, cell } => (colour, value, cell),
        _ => panic!("{a:?} is not a placement"),
    }
}

#[test]
fn lb9_two_placements_are_one_choice_exactly_when_only_their_columns_differ() {
    // LB-9: a row scores its dice, whatever their columns; a Six's pot goes to the row's
    // owner. On every placement of random matches (3 and 4 players, and a 6-column board),
    // `same_choice` holds of two placements exactly when their results are equal once each
    // row's dice are sorted, and then their scores are equal too.
    let mut pairs = [0u32; 2]; // [not one choice, one choice]
    for (g, seeds) in [(game(), 0..6), (game_with(&["columns=6", "dice_per_player=6"]), 6..9)] {
        let mut rng = crate::core::rng_from_seed(64);
        for seed in seeds {
            let players = 3 + seed as usize % 2;
            let mut s = g.new_state(players);
            while g.turn(&s) != Turn::Over {
                if g.turn(&s) == Turn::Chance {
                    g.sample_chance(&mut s, &mut rng);
                    continue;
                }
                let acts = legal(&g, &s);
                if s.phase == Phase::Place {
                    let afters: Vec<LowBlowState> = acts
                        .iter()
                        .map(|&a| {
                            let mut t = s;
                            g.apply(&mut t, a);
                            t
                        })
                        .collect();
                    for (j, &a) in acts.iter().enumerate() {
                        for (k, &b) in acts.iter().enumerate().skip(j + 1) {
                            let alike = columns_forgotten(&g, &afters[j])
                                == columns_forgotten(&g, &afters[k]);
                            let one = g.same_choice(&s, a, b);
                            assert_eq!(one, alike, "{a:?} and {b:?} in\n{}", g.render(&s));
                            assert_eq!(one, g.same_choice(&s, b, a), "symmetric");
                            if one {
                                assert_eq!(g.scores(&afters[j]), g.scores(&afters[k]));
                            }
                            pairs[one as usize] += 1;
                        }
                    }
                }
                let pick = rand::RngExt::random_range(&mut rng, 0..acts.len());
                g.apply(&mut s, acts[pick]);
            }
        }
    }
    assert!(pairs[0] > 1000 && pairs[1] > 1000, "pairs seen (apart, one choice): {pairs:?}");
}

#[test]
fn a_die_on_any_empty_column_of_one_row_is_one_choice_said_once_and_other_rows_are_not() {
    // LB-9: red's row scores "the sum of the dice in its owner's home row, minus 1 for each
    // die of the owner's own colour": a red 4 on red's row adds 3 whichever of its empty
    // columns 1, 3 and 5 it takes, and 4 on blue's row. So the three are one choice, and
    // the two rows are two, whose words say how they differ.
    let g = game();
    let board: &[&str] = &[". B2 . G2 .", "R2 B2 . G2 G2", "R2 R2 R2 G2 B2"];
    let s = build(&g, 3, Some(board), 0, &["R4"], &[], &[(1, 1, 2), (2, 2, 1)]);
    let acts = legal(&g, &s);
    let on_red: Vec<LowBlowAction> = acts.iter().copied().filter(|&a| place_of(a).2 < 5).collect();
    assert_eq!(on_red.iter().map(|&a| place_of(a).2).collect::<Vec<_>>(), [0, 2, 4]);
    assert!(on_red.iter().all(|&a| g.same_choice(&s, on_red[0], a)));
    let on_blue = LowBlowAction::Place { colour: 0, value: 4, cell: 7 };
    assert!(acts.contains(&on_blue));
    assert!(!g.same_choice(&s, on_red[0], on_blue), "another row is another choice");
    assert_eq!(
        g.describe_choice(&s, &on_red),
        "seat 0 (red) places red 4 on red's row, column 1, 3 or 5 (adds 3 to red's row \
         (4, less 1 for red's own colour). Four: takes nothing, the pot is empty)"
    );
    assert_eq!(
        g.describe(&s, on_blue),
        "seat 0 (red) places red 4 on blue's row, column 3 (adds 4 to blue's row. Four: \
         takes nothing, the pot is empty)"
    );
    // One place left is said as the move is.
    assert_eq!(g.describe_choice(&s, &[on_blue]), g.describe(&s, on_blue));
}

#[test]
fn another_die_or_a_six_on_another_row_is_another_choice() {
    // "Six - ... the owner of the row takes all the counters in the pot": a Six on blue's
    // row and on green's row give the pot to different seats. And a red die and a blue die
    // of one value on one row differ by the own-colour discount (LB-9).
    let g = game();
    let s = build(&g, 3, None, 0, &["R6", "B6"], &[], &[(1, 1, 4), (2, 2, 5)]);
    let blue_row = LowBlowAction::Place { colour: 0, value: 6, cell: 5 };
    let green_row = LowBlowAction::Place { colour: 0, value: 6, cell: 10 };
    let blue_die = LowBlowAction::Place { colour: 1, value: 6, cell: 5 };
    assert!(!g.same_choice(&s, blue_row, green_row));
    assert!(!g.same_choice(&s, blue_row, blue_die));
    assert!(g.describe(&s, blue_row).contains("Six: blue takes the pot"));
    assert!(g.describe(&s, green_row).contains("Six: green takes the pot"));
    assert!(g.describe(&s, blue_die).contains("less 1 for blue's own colour"));
    // Setting aside and rolling again are never one choice with anything else.
    assert!(!g.same_choice(&s, LowBlowAction::Done, blue_row));
}
