//! Where a person plays each TRICE move on the play page's picture (`TraceGame::move_place`),
//! and the words the pages show: every move has a place on the board or in the pool, and no
//! text carries an internal code.

use std::collections::HashSet;

use super::*;
use crate::core::trace::TraceGame;
use crate::core::{Chance, derive_rng};

/// Every kind a TRICE move can have: giving a die (TR-2), placing it, and the three steps of
/// a swap turn (TR-6: point, swap, add 1).
const KINDS: [&str; 5] = ["give", "place", "point", "swap", "add"];

/// The drawing the targets must match (it draws `square:<name>` and `pool:<colour>-<value>`).
const DRAWING: &str = include_str!("../draw.js");

/// The states a person meets in `matches` random matches under `g`, chance included.
fn random_states(g: &Trice, matches: u64, seed: u64) -> Vec<TriceState> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for m in 0..matches {
        let mut rng = derive_rng(seed, m, 0);
        let mut s = g.new_state(2);
        g.sample_chance(&mut s, &mut rng);
        while let Turn::Player(_) = g.turn(&s) {
            out.push(s);
            g.legal_actions(&s, &mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&mut s, a);
        }
        out.push(s);
    }
    out
}

/// The square a target names, `square:c2`, as the geometry numbers it.
fn target_square(g: &Trice, target: &str) -> u8 {
    let name = target.strip_prefix("square:").unwrap_or_else(|| panic!("{target}"));
    sq(g, name)
}

fn check_places(g: &Trice, states: &[TriceState]) -> HashSet<&'static str> {
    let mut seen = HashSet::new();
    for s in states.iter().filter(|s| matches!(g.turn(s), Turn::Player(_))) {
        let mut targets = HashSet::new();
        for a in legal(g, s) {
            let place = g.move_place(s, a);
            assert!(KINDS.contains(&place.kind), "{a:?}: kind {}", place.kind);
            seen.insert(place.kind);
            // No TRICE move is place-less: none may land on the bar.
            assert!(!place.target.is_empty(), "{a:?} has no target");
            // One move per target: the board and the pool are shared by both seats (TR-1,
            // TR-2), so a target names the square or the pool die, never a seat.
            assert!(targets.insert(place.target.clone()), "{a:?}: {} twice", place.target);
            assert!(!place.target.starts_with("seat"), "{}", place.target);
            let (p, at) = (&place.target, |t: &str| target_square(g, t) as usize);
            match a {
                TriceAction::Give(die) => {
                    assert_eq!(*p, Trice::pool_target(die));
                    assert!(s.pool[die.pool_index()] > 0, "{p}: not in the pool");
                }
                TriceAction::Place(q) => {
                    assert_eq!(at(p), q as usize);
                    assert_eq!(s.board[q as usize], EMPTY, "{p}: placing on a die");
                }
                TriceAction::Point(q) => {
                    assert_eq!(at(p), q as usize);
                    assert_ne!(s.board[q as usize], EMPTY, "{p}: pointing at nothing");
                }
                // TR-6: the target is the neighbour the pointed die trades places with.
                TriceAction::Swap(q) => {
                    assert_eq!(at(p), q as usize);
                    assert!(g.geometry().adjacent(s.pointed, q), "{p}");
                }
                // TR-6: add 1 to one of the two dice just swapped.
                TriceAction::Bump(q) => {
                    assert_eq!(at(p), q as usize);
                    assert!(s.swapped.contains(&q), "{p}");
                }
            }
        }
    }
    seen
}

#[test]
fn every_move_has_a_unique_place_on_the_board_or_in_the_pool() {
    let g = game();
    let seen = check_places(&g, &random_states(&g, 300, 21));
    let mut seen: Vec<&str> = seen.into_iter().collect();
    seen.sort();
    let mut all = KINDS.to_vec();
    all.sort();
    assert_eq!(seen, all, "every kind met in random play");
    // TR-7 variants and a small board change which moves are legal, not where they go.
    for sets in
        [&["repoint_allowed=false", "swap_back_allowed=false"][..], &["rows=1", "columns=4"]]
    {
        let g = game_with(sets);
        check_places(&g, &random_states(&g, 100, 22));
    }
}

#[test]
fn the_drawing_draws_the_targets_move_place_names() {
    // draw.js builds the same strings; a rename on one side only would leave every
    // move on the bar.
    assert!(DRAWING.contains("\"square:\""), "the drawing lost its square targets");
    assert!(DRAWING.contains("\"pool:\""), "the drawing lost its pool targets");
    assert_eq!(Trice::pool_target(die("O5")), "pool:orange-5");
    assert_eq!(game().square_target(sq(&game(), "c2")), "square:c2");
}

/// An internal code in a text: a die as `W3`/`P5`/`O1`, or a `snake_case` id.
fn has_code(text: &str) -> bool {
    let b = text.as_bytes();
    let die_code = b.windows(2).enumerate().any(|(i, w)| {
        matches!(w[0], b'W' | b'P' | b'O')
            && w[1].is_ascii_digit()
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
    });
    die_code || text.contains('_') || text.contains('{')
}

#[test]
fn texts_use_the_rulebook_words_not_codes() {
    let g = game();
    let states = random_states(&g, 200, 23);
    let mut endings = HashSet::new();
    for s in &states {
        match g.turn(s) {
            Turn::Player(_) => {
                for a in legal(&g, s) {
                    let text = g.describe(s, a);
                    assert!(!has_code(&text), "{text}");
                }
            }
            Turn::Over => {
                let reason = g.end_reason(s);
                assert!(!has_code(&reason.text), "{}", reason.text);
                endings.insert(reason.code);
            }
            Turn::Chance => {}
        }
    }
    // The one roll says what was rolled (TR-2): every die by colour and value.
    let mut s = g.new_state(2);
    g.sample_chance(&mut s, &mut derive_rng(23, 0, 0));
    let rolled = g.describe_chance(&s, &s);
    assert!(!has_code(&rolled), "{rolled}");
    let values = rolled.split(": ").nth(1).unwrap();
    assert_eq!(values.matches(|c: char| c.is_ascii_digit()).count(), 12, "{rolled}");
    // TR-5: the words name the line, what it has in common, and who wins or loses.
    let mut s = placing(&g, "W2 W3 .. .. / .. .. .. .. / .. .. .. ..", "W4");
    play(&g, &mut s, TriceAction::Place(sq(&g, "c1")));
    assert_eq!(
        g.end_reason(&s).text,
        "a Double Trice on the line a1-b1-c1 (same colour and ordered): seat 0 made it and \
         loses, so seat 1 wins"
    );
    assert!(endings.len() >= 2, "{endings:?}");
}

#[test]
fn tr6_the_swap_phase_texts_say_which_die_and_what_it_becomes() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    play(&g, &mut s, TriceAction::Point(sq(&g, "a1")));
    assert_eq!(
        g.describe(&s, TriceAction::Swap(sq(&g, "b1"))),
        "seat 0 swaps the white 6 on a1 with the purple 3 on b1"
    );
    play(&g, &mut s, TriceAction::Swap(sq(&g, "b1")));
    // "a 6 becomes a 1" (TR-6).
    let bump = g.describe(&s, TriceAction::Bump(sq(&g, "b1")));
    assert!(bump.starts_with("seat 0 adds 1 to the white 6 on b1, making it a white 1"), "{bump}");
    // The picture's data: the two swapped dice while the +1 waits, the pointed die before.
    let data = g.state_json(&s);
    assert_eq!(data["swapped"], serde_json::json!([0, 1]));
    assert!(data["pointed"].is_null());
    let mut p = pointing(&g, CLEAN, 1);
    play(&g, &mut p, TriceAction::Point(sq(&g, "b2")));
    assert_eq!(g.state_json(&p)["pointed"], serde_json::json!(sq(&g, "b2")));
}
