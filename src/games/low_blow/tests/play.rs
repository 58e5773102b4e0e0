//! Where a person plays each LOW BLOW move on the play page (`move_place`), and the move
//! texts in the rulebook's words rather than codes.

use std::collections::HashMap;

use super::scoring_and_rules::random_match;
use super::*;
use crate::core::trace::TraceGame;

/// Every kind of move a person makes (LB-4): set a die aside, roll again, place a die.
const KINDS: [&str; 3] = ["set aside", "roll again", "place"];

/// The decision states of a few random matches of 3 and 4 players, each with its legal list.
fn decisions(g: &LowBlow) -> Vec<(LowBlowState, Vec<LowBlowAction>)> {
    let mut out = Vec::new();
    let mut rng = crate::core::rng_from_seed(47);
    for players in [3, 4] {
        for _ in 0..6 {
            let mut s = g.new_state(players);
            while g.turn(&s) != Turn::Over {
                if g.turn(&s) == Turn::Chance {
                    g.sample_chance(&mut s, &mut rng);
                    continue;
                }
                let acts = legal(g, &s);
                let pick = rand::RngExt::random_range(&mut rng, 0..acts.len());
                out.push((s, acts.clone()));
                g.apply(&mut s, acts[pick]);
            }
        }
    }
    out
}

#[test]
fn every_move_has_a_kind_and_a_target_on_the_movers_own_dice_or_the_rows_square() {
    let g = game();
    let columns = g.rules().columns as usize;
    let mut seen = HashMap::new();
    for (s, acts) in decisions(&g) {
        let m = s.mover as usize;
        // A target and the actions that share it (only placements on one square may).
        let mut by_target: HashMap<String, Vec<LowBlowAction>> = HashMap::new();
        for &a in &acts {
            let place = g.move_place(&s, a);
            assert!(KINDS.contains(&place.kind), "{a:?}: kind {}", place.kind);
            *seen.entry(place.kind).or_insert(0) += 1;
            match a {
                // LB-4: "you may set any of them aside": the die of the roll, the mover's own.
                LowBlowAction::SetAside { colour, value } => {
                    let want = format!("seat{m}:roll:{}-{value}", COLOUR_NAMES[colour as usize]);
                    assert_eq!(place.target, want);
                }
                // Rolling again has no place on the picture: the bar.
                LowBlowAction::Done => assert_eq!(place.target, ""),
                // A die goes on a square of a seat's home row: the move names that row's seat.
                LowBlowAction::Place { cell, .. } => {
                    let (row, column) = (cell as usize / columns, cell as usize % columns + 1);
                    assert_eq!(place.target, format!("seat{row}:row:column{column}"));
                }
            }
            if !place.target.is_empty() {
                by_target.entry(place.target).or_default().push(a);
            }
        }
        for (target, shared) in by_target {
            // Several actions share a target only as the menu of one square's dice.
            let cells: Vec<_> = shared
                .iter()
                .map(|a| match a {
                    LowBlowAction::Place { cell, .. } => Some(*cell),
                    _ => None,
                })
                .collect();
            assert!(
                shared.len() == 1 || cells.iter().all(|c| c.is_some() && *c == cells[0]),
                "{target} is shared by {shared:?}"
            );
        }
    }
    for kind in KINDS {
        assert!(seen.get(kind).copied().unwrap_or(0) > 0, "no {kind} move was seen");
    }
}

#[test]
fn the_drawing_draws_the_targets_move_place_names() {
    // draw.js builds the same target strings as `move_place`.
    let js = include_str!("../draw.js");
    for part in ["\":roll:\"", "\":row:column\"", "data-target"] {
        assert!(js.contains(part), "draw.js has no {part}");
    }
}

/// Whether a text holds a code rather than words: a die code (`R6`), a snake_case id, a row
/// number from 0, or JSON.
fn has_code(text: &str) -> Option<&str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .find(|w| {
            let b = w.as_bytes();
            w.contains('_')
                || (b.len() == 2 && b"RBGY".contains(&b[0]) && (b'1'..=b'6').contains(&b[1]))
        })
        .or_else(|| ["row 0", "{", "\""].into_iter().find(|c| text.contains(c)))
}

#[test]
fn move_and_roll_texts_use_the_rulebooks_words() {
    let g = game();
    for (s, acts) in decisions(&g).into_iter().step_by(7) {
        for &a in &acts {
            let d = g.describe(&s, a);
            assert_eq!(has_code(&d), None, "{d}");
            if let LowBlowAction::Place { colour, value, .. } = a {
                assert!(
                    d.contains(&format!("places {} {value} on ", COLOUR_NAMES[colour as usize])),
                    "{d}"
                );
            }
        }
    }
    // Every chance step says what was rolled (LB-4: "roll all your dice").
    let mut s = g.new_state(3);
    roll_faces(&g, &mut s, &[1, 3, 3, 5, 6]);
    let c = g.describe_chance(&s, &s);
    assert_eq!(c, "seat 0 (red) rolls red 1, red 3, red 3, red 5, red 6 (roll 1 of 3)");
    assert_eq!(has_code(&c), None);
    g.apply(&mut s, LowBlowAction::SetAside { colour: 0, value: 6 });
    let again = g.describe(&s, LowBlowAction::Done);
    assert_eq!(again, "seat 0 (red) rolls the other 4 dice again (roll 2 of 3)");
    g.apply(&mut s, LowBlowAction::Done);
    roll_faces(&g, &mut s, &[2, 2, 4, 4]);
    let c = g.describe_chance(&s, &s);
    assert_eq!(c, "seat 0 (red) rolls red 2, red 2, red 4, red 4 (roll 2 of 3; set aside: red 6)");
}

#[test]
fn place_texts_say_the_row_owner_and_the_numbers_effect() {
    let g = game();
    // "Two - ... the Ones ... you give to the player on your left ... you also put two
    // counters into the pot" (LB-5: a One set aside counts).
    let s = build(&g, 3, None, 0, &["R1", "B2"], &[], &[(1, 1, 4), (2, 2, 5)]);
    let d = g.describe(&s, LowBlowAction::Place { colour: 1, value: 2, cell: 10 });
    assert_eq!(
        d,
        "seat 0 (red) places blue 2 on green's row, column 1 (adds 2 to green's row. \
         Two: pays 2 counters into the pot; gives its One to blue)"
    );
    // "Four - ... you take one counter from the pot, provided there are some" (LB-6).
    let s = build(&g, 3, None, 1, &["B4"], &[], &[(0, 0, 5), (2, 2, 5)]);
    let d = g.describe(&s, LowBlowAction::Place { colour: 1, value: 4, cell: 5 });
    assert!(d.ends_with("(adds 3 to blue's row (4, less 1 for blue's own colour). Four: takes nothing, the pot is empty)"), "{d}");
    // "One - ... you then put ALL your counters into the pot": with none, nothing is paid.
    let mut s = build(&g, 3, None, 1, &["B1"], &[], &[(0, 0, 5), (2, 2, 5)]);
    s.counters[1] = 0;
    let d = g.describe(&s, LowBlowAction::Place { colour: 1, value: 1, cell: 0 });
    assert!(d.ends_with("One: has no counters to pay and has no other dice to give)"), "{d}");
}

#[test]
fn the_end_reason_says_the_lowest_score_wins_in_words() {
    // LB-2: "the lowest total after the rounds wins".
    let g = game();
    let s = random_match(&g, 3, 5);
    let end = g.end_reason(&s);
    assert_eq!(end.code, "rounds_played");
    assert!(end.text.starts_with("all 3 rounds played: the lowest score wins"), "{}", end.text);
    assert_eq!(has_code(&end.text), None);
}

#[test]
fn the_header_counts_the_squares_filled_this_round_not_every_placement_so_far() {
    // Counting every placement so far printed "round 2/3, 15 placements" over an empty
    // board. "The round ends when the board is full ... remove all the dice from the board"
    // (LB-3): the header counts what this round has placed, the squares filled.
    let g = game();
    let board: &[&str] = &[". B2 G2 R2 R2", "B2 B2 R2 G2 G2", "B2 R2 G2 G2 B2"];
    let mut s = build(&g, 3, Some(board), 1, &["R4"], &[], &[]);
    let header = |s: &LowBlowState| g.render(s).lines().next().unwrap().to_string();
    assert!(
        header(&s).starts_with("LOW BLOW round 1/3, 14 of 15 squares filled,"),
        "{}",
        header(&s)
    );
    place(&g, &mut s, "R4", 0);
    assert_eq!(s.turns, 15, "the match has placed 15 dice");
    assert!(
        header(&s).starts_with("LOW BLOW round 2/3, 0 of 15 squares filled,"),
        "{}",
        header(&s)
    );
    roll_faces(&g, &mut s, &[3, 3, 3, 3, 3]);
    // LB-4: every die set aside, the turn goes straight to placing.
    for _ in 0..5 {
        g.try_apply(&mut s, LowBlowAction::SetAside { colour: 0, value: 3 }).unwrap();
    }
    place(&g, &mut s, "R3", 7);
    assert!(
        header(&s).starts_with("LOW BLOW round 2/3, 1 of 15 squares filled,"),
        "{}",
        header(&s)
    );
}

#[test]
fn the_points_of_counters_paid_and_taken_are_said_in_words_not_ids() {
    // In words, not as an id a player cannot read ("+19 (counters_paid)"). "Two - ... you
    // also put two counters into the pot": 10 counters are worth -55 and 8 are worth -36
    // (LB-1, the first counter -1, the second -2, ...), so paying two raises the score by 19.
    let g = game();
    let s = build(&g, 3, None, 0, &["R2"], &[], &[(1, 1, 5), (2, 2, 5)]);
    let mut after = s;
    place(&g, &mut after, "R2", 0);
    let mut events = Vec::new();
    g.trace_events(
        &s,
        Some(LowBlowAction::Place { colour: 0, value: 2, cell: 0 }),
        &after,
        &mut events,
    );
    let paid = events.iter().find(|e| e["kind"] == "counters_paid").expect("a counters_paid event");
    assert_eq!(paid["points"], 19);
    assert_eq!(g.points_words(paid), "paid 2 counters into the pot");
    // "Five - ... you take two counters from the pot" (LB-6: provided there are some).
    let mut s = build(&g, 3, None, 0, &["R5"], &[], &[(1, 1, 5), (2, 2, 5)]);
    (s.pot, s.counters[1]) = (1, 9); // blue paid one in
    let mut after = s;
    place(&g, &mut after, "R5", 0);
    events.clear();
    g.trace_events(
        &s,
        Some(LowBlowAction::Place { colour: 0, value: 5, cell: 0 }),
        &after,
        &mut events,
    );
    let taken = events.iter().find(|e| e["kind"] == "counters_taken").expect("counters_taken");
    assert_eq!(g.points_words(taken), "took 1 counter from the pot");
    assert_eq!(taken["points"], -11, "11 counters are worth -66, 10 -55");
}
