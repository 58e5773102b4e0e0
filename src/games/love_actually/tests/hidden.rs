//! Hidden hands (LA-13): what a seat saw stays fixed under `determinize`, and what a seat
//! observes changes exactly with what it knows. The bots' no-peeking tests are in
//! `tests/it/love_actually_no_peeking.rs` (the bots floor may not be used from here).

use std::hash::Hasher;

use super::*;
use crate::core::{Seat, derive_rng};
use LoveAction::Choose;

#[test]
fn la13_a_card_seen_stays_where_it_was_seen_under_determinize() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Mark", "Juliet"]);
    give(&g, &mut s, 1, &["Harry", "Daisy", "Joe", "Billy"]);
    give(&g, &mut s, 2, &["Karen", "Rufus", "Sam", "Tony"]);
    score_and_use(&g, &mut s, &["Mark", "Juliet"], 2, "Mark");
    act(&g, &mut s, Choose(1));
    // Seat 2 exposes nothing to seat 0 but Rufus, which a name ask made public.
    s.known[0][2] |= bit(g.card("Rufus"));
    let mut rng = derive_rng(1, 2, 3);
    let mut seat2_varied = false;
    for _ in 0..200 {
        let d = g.determinized(&s, 0, &mut rng);
        assert_eq!(d.hands[0], s.hands[0], "own hand");
        assert_eq!(d.hands[1], s.hands[1], "the hand Mark saw");
        assert!(d.hands[2] & bit(g.card("Rufus")) != 0, "the card it was shown");
        assert_eq!(d.hands[2].count_ones(), 4);
        assert_eq!(d.pile[..d.pile_len as usize], s.pile[..s.pile_len as usize]);
        seat2_varied |= d.hands[2] != s.hands[2];
        g.check_invariants(&d).unwrap();
    }
    assert!(seat2_varied, "the unseen cards are resampled");
    // Seat 1 knows nothing of seat 0's hand: it is resampled for seat 1.
    let varied = (0..50).any(|_| g.determinized(&s, 1, &mut rng).hands[0] != s.hands[0]);
    assert!(varied || s.hands[0] == 0);
}

#[test]
fn observe_differs_when_a_seat_sees_a_card_and_not_otherwise() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 1, &["Harry"]);
    let before = obs(&g, &s, Seat(0));
    let mut t = s.clone();
    // A different unseen card in seat 1's hand: seat 0 cannot tell.
    t.hands[1] = bit(g.card("Mia"));
    t.deck = (t.deck | bit(g.card("Harry"))) & !bit(g.card("Mia"));
    assert_eq!(obs(&g, &t, Seat(0)), before);
    assert_ne!(obs(&g, &t, Seat(1)), obs(&g, &s, Seat(1)));
    // Once shown, it can.
    s.known[0][1] = s.hands[1];
    t.known[0][1] = t.hands[1];
    assert_ne!(obs(&g, &s, Seat(0)), obs(&g, &t, Seat(0)));
}

/// The hash of what `seat` observes.
pub(super) fn obs(g: &Love, s: &LoveState, seat: Seat) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    g.observe(s, seat, &mut h);
    h.finish()
}

#[test]
fn trace_format_documents_love_actually_end_reasons_events_and_state_la6() {
    // docs/trace-format.md once listed none of Love Actually's end reasons (LA-6, LA-49,
    // LA-50), points events or state fields, so a trace's reader could not look them up.
    let doc = include_str!("../../../../docs/trace-format.md");
    let words = [
        "`end_score`",
        "`last_tile`",
        "`set_points`",
        "`bonus_tile`",
        "`ability_points`",
        "`hand_sizes`",
        "`tiles`",
        "`tracks`",
        "Love Actually",
    ];
    for word in words {
        assert!(doc.contains(word), "docs/trace-format.md does not mention {word}");
    }
}
