//! The play page's targets and the words of traces and pages: every move is played on the
//! mover's own part of the picture (a die of the roll, a box of its own sheet, a romance
//! track, a fan box, a chaperone row), only not using the extra die sits on the bar; boxes
//! are named as the rulebook names the puzzles (PP-1 to PP-5), never by their codes.

use std::collections::HashMap;

use super::*;
use crate::core::{Chance, Rng, TraceGame, Turn as GameTurn, rng_from_seed};

/// The move kinds the page knows, and whether each has a place on the picture.
const KINDS: [(&str, bool); 7] = [
    ("pick", true),
    ("place", true),
    ("extra", true),
    ("skip", false),
    ("romance", true),
    ("fan", true),
    ("chaperone", true),
];

/// What the person points at for `a`, worked out apart from the code under test: moves
/// with the same key share one target (and its menu), moves with different keys never do.
fn place_key(s: &PrideState, a: PrideAction) -> String {
    match a {
        // A pair is offered on its first die, with the other pairs it starts.
        PrideAction::Pick(i, _) => format!("die {i}"),
        // Either chosen die, or the extra die as any number, into one box: one menu.
        PrideAction::Place { puzzle, cell, .. } | PrideAction::Extra { puzzle, cell, .. } => {
            format!("box {puzzle} {cell}")
        }
        PrideAction::Skip => "bar".into(),
        PrideAction::Romance(k) => {
            let diamond = super::super::picture::is_diamond(s.ctx.top().unwrap());
            format!("link {k} {diamond}")
        }
        PrideAction::Fan(b) => format!("fan {b}"),
        PrideAction::Chaperone(v) => format!("chaperone {v}"),
    }
}

/// Random matches of `players`, calling `visit` at every decision.
fn each_decision(g: &Pride, players: usize, matches: u64, mut visit: impl FnMut(&PrideState)) {
    let mut legal = Vec::new();
    for m in 0..matches {
        let mut rng: Rng = rng_from_seed(0x9A6E + m);
        let mut s = g.new_state(players);
        loop {
            match g.turn(&s) {
                GameTurn::Over => break,
                GameTurn::Chance => g.sample_chance(&mut s, &mut rng),
                GameTurn::Player(_) => {
                    visit(&s);
                    g.legal_actions(&s, &mut legal);
                    let a = legal[rng.below(legal.len() as u32) as usize];
                    g.apply(&mut s, a);
                }
            }
        }
    }
}

#[test]
fn every_move_has_a_place_of_its_own_on_the_movers_picture() {
    let g = game();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for players in [1, 2, 4, 6] {
        each_decision(&g, players, 12, |s| {
            let me = format!("seat{}:", s.actor());
            let mut by_target: HashMap<String, String> = HashMap::new();
            let mut by_key: HashMap<String, String> = HashMap::new();
            for a in legal(&g, s) {
                let p = g.move_place(s, a);
                let &(kind, drawn) = KINDS
                    .iter()
                    .find(|(k, _)| *k == p.kind)
                    .unwrap_or_else(|| panic!("{a:?}: kind {} is not a known kind", p.kind));
                *seen.entry(kind).or_default() += 1;
                assert_eq!(!p.target.is_empty(), drawn, "{a:?}: target {:?}", p.target);
                if !drawn {
                    continue;
                }
                // The mover's own part: another seat's sheet never plays the move.
                assert!(p.target.starts_with(&me), "{a:?}: {} is not {me}'s", p.target);
                let key = place_key(s, a);
                let t = by_key.entry(key.clone()).or_insert_with(|| p.target.clone());
                assert_eq!(*t, p.target, "{a:?}: one place, one target");
                let k = by_target.entry(p.target.clone()).or_insert_with(|| key.clone());
                assert_eq!(*k, key, "{a:?}: {} also plays a move elsewhere", p.target);
            }
        });
    }
    for (kind, _) in KINDS {
        assert!(seen.get(kind).copied().unwrap_or(0) > 0, "no {kind} move met: {seen:?}");
    }
}

/// Whether `text` holds a box code of the sheet file (`c2r4`, `A2:3`, `b5`) or a snake_case
/// key (`dance_card`).
fn has_code(text: &str) -> bool {
    let words = text.split(|c: char| c.is_whitespace() || ",()".contains(c));
    text.contains('_')
        || words.into_iter().any(|w| {
            let b: Vec<char> = w.chars().collect();
            let digit = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_digit());
            let dance = b.len() >= 4 && b[0] == 'c' && digit(1) && b[2] == 'r' && digit(3);
            let heart = b.len() >= 2 && b[0] == 'b' && digit(1);
            let diamond =
                w.contains(':') && w.chars().next().is_some_and(|c| c.is_ascii_uppercase());
            dance || heart || diamond
        })
}

#[test]
fn actions_and_rolls_are_told_in_the_rulebooks_words() {
    let g = game();
    let mut count = 0;
    for players in [1, 3] {
        each_decision(&g, players, 6, |s| {
            for a in legal(&g, s) {
                let text = g.describe(s, a);
                assert!(!has_code(&text), "{a:?}: {text}");
                count += 1;
            }
        });
    }
    assert!(count > 1000, "{count} actions described");
    // A roll says what was rolled (PP-11), never just "chance".
    let s = table(&g, 3, [1, 4, 6, 2, 5], |_| {});
    assert_eq!(
        g.describe_chance(&s, &s),
        "round 1: seat 0 rolls white 1, white 4, white 6, red 2 and blue 5"
    );
}

/// PP-2 to PP-5: each puzzle's boxes as the rulebook lays them out.
#[test]
fn boxes_are_named_by_puzzle_track_row_and_column() {
    let g = game();
    let words = |p: usize, name: &str| g.box_words(p as u8, at(&g, p, name)).to_string();
    assert_eq!(words(DIAMOND, "A:6"), "Diamond track A, row 6");
    assert_eq!(words(DIAMOND, "A2:3"), "Diamond track A, tail 2, row 3");
    assert_eq!(words(DIAMOND, "B:1"), "Diamond track B, row 1");
    assert_eq!(words(HEART, "b5"), "Heart box 5");
    assert_eq!(words(DANCE, "c2r4"), "Dance Card column 2, row 4");
    assert_eq!(words(FLOWERS, "white 3"), "Flowers white row, box 3");
    let s = table(&g, 2, [3, 4, 6, 2, 5], |_| {});
    let pick = PrideAction::Pick(0, 3);
    assert_eq!(g.describe(&s, pick), "seat 0 chooses the white 3 and the red 2");
    let mut s2 = s;
    g.apply(&mut s2, pick);
    assert_eq!(
        g.describe(&s2, place(&g, 0, DANCE, "c3r1")),
        "seat 0 places the white 3 in Dance Card column 3, row 1"
    );
}

/// The sheet the pages draw: every box in a cell of its own, labelled with what it takes
/// (PP-2: a Diamond box its row; PP-3: the Heart's printed numbers, blank boxes "any";
/// PP-4: a Dance Card box its column), with a hover text saying what it scores.
#[test]
fn the_drawn_sheet_shows_what_each_box_takes_and_scores() {
    let g = game();
    let sheet = g.sheet_view_json();
    let puzzles = sheet["puzzles"].as_array().unwrap();
    for (p, pz) in puzzles.iter().enumerate() {
        let boxes = pz["boxes"].as_array().unwrap();
        assert_eq!(boxes.len(), g.layout().puzzles[p].n as usize);
        let mut cells: Vec<(u64, u64)> =
            boxes.iter().map(|b| (b["x"].as_u64().unwrap(), b["y"].as_u64().unwrap())).collect();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(cells.len(), boxes.len(), "{}: two boxes in one cell", pz["name"]);
        for b in boxes {
            let tip = b["tip"].as_str().unwrap();
            assert!(tip.contains("score"), "{tip}");
            assert!(!has_code(tip), "{tip}");
        }
    }
    let labels = |p: usize| -> Vec<String> {
        puzzles[p]["boxes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["label"].as_str().unwrap().to_string())
            .collect()
    };
    let heart = labels(HEART);
    assert_eq!(
        heart,
        ["1", "2", "any", "3", "2/4", "5", "any", "6", "1/3", "4", "any", "5/6", "2", "any", "6"]
    );
    assert_eq!(labels(DIAMOND)[..3], ["6", "5", "4"]);
    assert_eq!(labels(DANCE)[..6], ["1", "2", "3", "4", "5", "6"]);
    let diamond_top = &puzzles[DIAMOND]["boxes"][0]["tip"];
    assert_eq!(
        diamond_top,
        "Diamond track A, row 6: takes a 6 (only when a blue die is among your two dice); \
         scores 1 point; its heart icon crosses a heart on a romance track"
    );
}

/// The value written in a marked Heart box is in the state the pages draw (PP-21: it is
/// what the box scores), for the sheet's owner and, once shown, for the others.
#[test]
fn a_written_number_is_drawn_in_its_box() {
    let g = game();
    let s = table(&g, 2, [3, 4, 6, 2, 5], |s| fill(&g, &mut s.sheets[1], HEART, 0b11, 2));
    let b2 = at(&g, HEART, "b2") as usize;
    for viewer in [0, 1] {
        let v = g.seat_state_json(&s, Seat(viewer));
        assert_eq!(v["sheets"][1]["written"][0][b2], 2, "seen by seat {viewer}");
    }
}

/// PP-10: the end names the sheet that ended the game, in words.
#[test]
fn the_end_names_the_full_faux_pas_track() {
    let g = game();
    let mut s = g.new_state(2);
    s.sheets[1].faux_pas = g.layout().faux_pas_len;
    s.ended.faux_pas = true;
    s.phase = Phase::Over;
    assert_eq!(
        g.end_reason(&s).text,
        "seat 1 filled the Faux Pas track (6 crosses), so the game ended with that round"
    );
}

#[test]
fn a_pick_that_forces_a_faux_pas_on_the_chaperone_track_says_so_before_it_is_chosen() {
    // The die left over can be forced onto its chaperone row's FP box (PP-9), costing the
    // person 5 points, so the pick must say so. A pick whose words warn of it ends the mover's
    // turn with exactly that Faux Pas cross, whatever else the turn does.
    let g = Pride::with_rules(Default::default());
    let (mut warned, mut legal) = (0, Vec::new());
    for m in 0..40 {
        let mut rng: Rng = rng_from_seed(m);
        let mut s = g.new_state(4);
        while g.turn(&s) != GameTurn::Over {
            let GameTurn::Player(seat) = g.turn(&s) else {
                g.sample_chance(&mut s, &mut rng);
                continue;
            };
            g.legal_actions(&s, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            if matches!(a, PrideAction::Pick(..)) && g.describe(&s, a).contains("Faux Pas cross") {
                warned += 1;
                let (fp, round) = (s.sheets[seat.index()].counters.fp_chaperone, s.round);
                let mut t = s;
                g.apply(&mut t, a);
                // Finish the mover's turn with random choices.
                while t.round == round && g.turn(&t) == GameTurn::Player(seat) {
                    g.legal_actions(&t, &mut legal);
                    let b = legal[rng.below(legal.len() as u32) as usize];
                    g.apply(&mut t, b);
                }
                assert_eq!(
                    t.sheets[seat.index()].counters.fp_chaperone,
                    fp + 1,
                    "{}",
                    g.describe(&s, a)
                );
            }
            g.apply(&mut s, a);
        }
    }
    assert!(warned > 10, "only {warned} warned picks in 40 matches");
}
