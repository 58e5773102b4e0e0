//! Dedicated tests for the turn-flow rulings that `steps.rs` does not pin down alone: the
//! board (LA-5), whose choices are whose (LA-10), empty deck and pile (LA-14), the three
//! Step 1 choices (LA-23), the Step 3 order (LA-30), the hand limit (LA-34), late claims
//! (LA-35), a giver's refill (LA-47), and the claimer's draws and set aside (LA-25, LA-26).

use super::hidden::obs;
use super::*;
use crate::core::Seat;
use LoveAction::*;

/// Every seat still to answer the open "Actually!" window passes.
fn pass_window(g: &Love, s: &mut LoveState) {
    while s.phase == Phase::Window {
        act(g, s, Pass);
    }
}

#[test]
fn la5_score_and_relationship_tracks_are_uncapped() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Peter"]);
    s.tracks[0][0] = 7;
    s.scores[0] = 25;
    s.stats.points[0][0] = 25;
    score_and_use(&g, &mut s, &["Juliet", "Peter"], 2, "Peter");
    // Nothing stops a counter at the tile threshold (3) or the end score (20).
    assert_eq!(s.tracks[0], [8, 1, 0, 0]);
    assert_eq!(s.scores[0], 27);
}

#[test]
fn la10_the_asked_player_chooses_which_matching_card_to_hand_over() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet"]);
    give(&g, &mut s, 1, &["Peter", "Jamie", "Harry"]);
    act(&g, &mut s, Ask(1));
    act(&g, &mut s, Kind(AskKind::Relationship));
    act(&g, &mut s, Value(1)); // friendship: Peter and Jamie print a friendship set
    // The decision is seat 1's (not the asker's, not chance), between both matching cards.
    assert_eq!(g.turn(&s), Turn::Player(Seat(1)));
    assert_eq!(legal(&g, &s), vec![Hand(g.card("Peter")), Hand(g.card("Jamie"))]);
    act(&g, &mut s, Hand(g.card("Jamie")));
    assert!(has(&g, &s, 0, "Jamie") && has(&g, &s, 1, "Peter"));
}

/// Harriet's shuffle at 3 players, seat 0 about to pick Joe or Billy.
fn harriet_picks(g: &Love) -> LoveState {
    let mut s = table(g, 3);
    give(g, &mut s, 0, &["Harriet", "Colin", "Joe", "Billy"]);
    give(g, &mut s, 1, &["Karen"]);
    give(g, &mut s, 2, &["Judy"]);
    score_and_use(g, &mut s, &["Harriet", "Colin"], 2, "Harriet");
    assert_eq!((s.phase, s.actor), (Phase::Contribute, 0));
    assert_eq!(legal(g, &s), vec![Hand(g.card("Joe")), Hand(g.card("Billy"))]);
    s
}

#[test]
fn la10_simultaneous_picks_are_made_in_turn_order_without_seeing_each_others() {
    let g = game();
    let s = harriet_picks(&g);
    let (mut a, mut b) = (s.clone(), s);
    act(&g, &mut a, Hand(g.card("Joe")));
    act(&g, &mut b, Hand(g.card("Billy")));
    assert_eq!((a.phase, a.actor), (Phase::Contribute, 1), "seat 1 picks next");
    // Seats 1 and 2 cannot tell which card seat 0 put in; seat 0 can.
    assert_eq!(obs(&g, &a, Seat(1)), obs(&g, &b, Seat(1)));
    assert_eq!(obs(&g, &a, Seat(2)), obs(&g, &b, Seat(2)));
    assert_ne!(obs(&g, &a, Seat(0)), obs(&g, &b, Seat(0)));
}

#[test]
fn la14_with_deck_and_pile_both_empty_a_draw_is_skipped() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Tony"]);
    let rest: Vec<u8> = state::cards_of(s.deck).collect();
    s.hands[1] |= s.deck;
    s.deck = 0;
    assert_eq!((rest.len(), s.pile_len), (25, 0));
    // A Step 1 miss draws nothing, with no chance step and no reshuffle.
    act(&g, &mut s, Ask(1));
    act(&g, &mut s, Kind(AskKind::Name));
    act(&g, &mut s, Value(g.card("Juliet")));
    act(&g, &mut s, No);
    assert_eq!((s.phase, s.hand_len(0)), (Phase::Step2, 2));
    // Step 3 cannot draw up to 4: the hand stays at 2 and the turn passes.
    act(&g, &mut s, Skip);
    assert_eq!((s.current, s.phase), (1, Phase::Step1));
    assert_eq!((s.hand_len(0), s.stats.reshuffles), (2, 0));
}

#[test]
fn la23_step_1_is_three_choices_player_then_kind_then_value() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet"]);
    give(&g, &mut s, 1, &["Peter"]);
    give(&g, &mut s, 2, &["Harry"]);
    pile(&g, &mut s, &["Karl"]);
    // First: the discard top or one of the two opponents (a random bot takes the top with
    // probability 1/3), never oneself.
    assert_eq!(legal(&g, &s), vec![TakeTop, Ask(1), Ask(2)]);
    act(&g, &mut s, Ask(2));
    // Then the kind, still the asker's decision.
    assert_eq!((s.phase, s.actor), (Phase::AskKind, 0));
    let kinds = [AskKind::Name, AskKind::Relationship, AskKind::Colour];
    assert_eq!(legal(&g, &s), kinds.map(Kind).to_vec());
    // Then the value: any of the 27 names, 4 relationships or 4 colours.
    for (kind, n) in [(AskKind::Name, 27), (AskKind::Relationship, 4), (AskKind::Colour, 4)] {
        let mut t = s.clone();
        act(&g, &mut t, Kind(kind));
        assert_eq!((t.phase, t.actor), (Phase::AskValue, 0));
        assert_eq!(legal(&g, &t), (0..n).map(Value).collect::<Vec<_>>(), "{kind:?}");
        act(&g, &mut t, Value(0));
        assert_eq!((t.phase, t.responder), (Phase::Respond, 2), "the chosen player answers");
    }
}

#[test]
fn la30_step_3_places_scored_cards_then_discards_one_window_at_a_time_then_tiles() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Peter", "Tony", "Sarah", "Mia", "Karen", "Rufus", "Joe"]);
    give(&g, &mut s, 1, &["Harry"]);
    s.tracks[0][0] = 2;
    score_and_use(&g, &mut s, &["Juliet", "Peter"], 2, "Peter");
    // 1. The scored cards go onto the pile in the scorer's order.
    assert_eq!((s.phase, s.actor), (Phase::Place, 0));
    act(&g, &mut s, Place(g.card("Peter")));
    assert_eq!(s.pile[..2], [g.card("Peter"), g.card("Juliet")]);
    // 2. Six cards left: discard one at a time (never Rufus, LA-12).
    assert_eq!((s.phase, legal(&g, &s).len()), (Phase::Discard, 5));
    act(&g, &mut s, Discard(g.card("Mia")));
    // The window of the first discard runs (and its claim resolves) before the next one.
    assert_eq!((s.phase, s.actor), (Phase::Window, 1));
    assert_eq!(s.tile_owner[0], NONE, "tiles come last");
    act(&g, &mut s, Claim(opt(&g, &["Harry", "Mia"], 2)));
    act(&g, &mut s, Ability(g.card("Harry")));
    act(&g, &mut s, No);
    assert_eq!((s.phase, s.actor, s.hand_len(0)), (Phase::Discard, 0, 5));
    act(&g, &mut s, Discard(g.card("Joe")));
    assert_eq!((s.phase, s.actor), (Phase::Window, 1));
    pass_window(&g, &mut s);
    // 3. Four cards: nothing to draw. 4. The Romance tile (track 3), then the next turn.
    assert_eq!(s.pile[..s.pile_len as usize], [g.card("Peter"), g.card("Juliet"), g.card("Joe")]);
    assert_eq!((s.tile_owner[0], s.scores[0], s.current), (0, 2 + 3, 1));
    // With a short hand, the draw comes before the tiles.
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Peter", "Joe"]);
    s.tracks[0][0] = 2;
    score_and_use(&g, &mut s, &["Juliet", "Peter"], 2, "Peter");
    act(&g, &mut s, Place(g.card("Juliet")));
    assert_eq!((s.phase, s.draw_n, s.tile_owner[0]), (Phase::Draw, 3, NONE));
    draw(&g, &mut s, &[]);
    assert_eq!((s.tile_owner[0], s.current), (0, 1));
}

#[test]
fn la34_the_4_card_limit_is_enforced_only_in_the_holders_own_step_3() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Sarah", "Mia"]);
    give(&g, &mut s, 1, &["Peter", "Joe", "Jamie", "Daisy"]);
    give(&g, &mut s, 2, &["Judy", "John", "Harriet", "Daniel", "Natalie", "Rufus"]);
    // Seat 0 gets Peter in Step 1 and holds 5 cards through Step 2.
    act(&g, &mut s, Ask(1));
    act(&g, &mut s, Kind(AskKind::Name));
    act(&g, &mut s, Value(g.card("Peter")));
    act(&g, &mut s, Hand(g.card("Peter")));
    draw(&g, &mut s, &["Karen"]);
    assert_eq!((s.phase, s.hand_len(0)), (Phase::Step2, 5));
    act(&g, &mut s, Skip);
    assert_eq!((s.phase, s.actor), (Phase::Discard, 0), "its own Step 3 enforces it");
    act(&g, &mut s, Discard(g.card("Mia")));
    pass_window(&g, &mut s);
    // Seat 2 holds 6 through seat 0's Step 3 and seat 1's: nobody asks it to discard.
    assert_eq!((s.current, s.hand_len(2)), (1, 6));
    act(&g, &mut s, TakeTop);
    act(&g, &mut s, Skip);
    assert_eq!((s.phase, s.actor), (Phase::Discard, 1));
    act(&g, &mut s, Discard(g.card("Joe")));
    pass_window(&g, &mut s);
    assert_eq!((s.current, s.phase, s.hand_len(2)), (2, Phase::Step1, 6));
    // Seat 2's own Step 3 does.
    act(&g, &mut s, TakeTop);
    act(&g, &mut s, Skip);
    assert_eq!((s.phase, s.actor, s.hand_len(2)), (Phase::Discard, 2, 7));
}

#[test]
fn la35_a_claim_after_the_trigger_scores_normally_but_starts_no_new_end() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Sarah", "Rufus", "Mia"]);
    give(&g, &mut s, 1, &["Harry"]);
    s.scores[2] = 20;
    s.stats.points[2][0] = 20;
    Love::trigger(&mut s, 2, EndKind::Score);
    assert_eq!(s.final_left, 0b011);
    s.scores[1] = 19;
    s.stats.points[1][0] = 19;
    s.phase = Phase::Discard;
    act(&g, &mut s, Discard(g.card("Mia")));
    assert_eq!((s.phase, s.actor), (Phase::Window, 1), "the window is still open");
    act(&g, &mut s, Claim(opt(&g, &["Harry", "Mia"], 2)));
    assert_eq!((s.scores[1], s.tracks[1][0]), (21, 1), "scored normally");
    // Seat 1 reached 20 but the end stays seat 2's: seats 0 and 1 still play once more.
    assert_eq!((s.ender, s.end_kind, s.final_left), (2, EndKind::Score, 0b011));
}

#[test]
fn la47_a_player_who_hands_over_a_card_draws_only_up_to_4() {
    let g = game();
    for (held, drawn) in [(&["Peter", "Harry", "Mia", "Jamie", "Karl"][..], 0), (&["Peter"][..], 4)]
    {
        let mut s = table(&g, 2);
        give(&g, &mut s, 0, &["Juliet"]);
        give(&g, &mut s, 1, held);
        act(&g, &mut s, Ask(1));
        act(&g, &mut s, Kind(AskKind::Name));
        act(&g, &mut s, Value(g.card("Peter")));
        act(&g, &mut s, Hand(g.card("Peter")));
        if drawn == 0 {
            // 5 cards, 4 after giving: no draw at all, never a fifth card.
            assert_eq!((s.phase, s.hand_len(1)), (Phase::Step2, 4));
        } else {
            assert_eq!((s.phase, s.draw_seat, s.draw_n), (Phase::Draw, 1, drawn));
            draw(&g, &mut s, &[]);
            assert_eq!((s.phase, s.hand_len(1)), (Phase::Step2, 4));
        }
    }
}

#[test]
fn la25_la26_a_claimer_draws_only_for_its_own_miss_and_colin_and_sets_its_claim_aside() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Sarah", "Rufus", "Mia"]);
    give(&g, &mut s, 1, &["Peter", "Joe", "Jamie"]);
    give(&g, &mut s, 2, &["Harry", "Judy"]);
    s.phase = Phase::Discard;
    act(&g, &mut s, Discard(g.card("Mia")));
    act(&g, &mut s, Pass);
    act(&g, &mut s, Claim(opt(&g, &["Harry", "Mia"], 2)));
    act(&g, &mut s, Ability(g.card("Harry")));
    act(&g, &mut s, No);
    // LA-26: the claimed set waits in front of seat 2; LA-25: its hand is not refilled.
    let hm = bit(g.card("Harry")) | bit(g.card("Mia"));
    assert_eq!((s.current, s.aside[2], s.hand_len(2)), (1, hm, 1));
    // Seat 1 takes Judy from it: no draw back to 4 before seat 2's own Step 3.
    act(&g, &mut s, Ask(2));
    act(&g, &mut s, Kind(AskKind::Name));
    act(&g, &mut s, Value(g.card("Judy")));
    act(&g, &mut s, Hand(g.card("Judy")));
    assert_eq!((s.phase, s.hand_len(2)), (Phase::Step2, 0));
    act(&g, &mut s, Skip);
    assert_eq!((s.current, s.phase), (2, Phase::Step1));
    // Its own Step 1 miss still draws one.
    act(&g, &mut s, Ask(0));
    act(&g, &mut s, Kind(AskKind::Name));
    act(&g, &mut s, Value(g.card("Karen")));
    act(&g, &mut s, No);
    draw(&g, &mut s, &["Karen"]);
    assert_eq!((s.phase, s.hand_len(2)), (Phase::Step2, 1));
    // Its Step 3: the claimed set goes to the pile with this turn's scored cards, then it
    // draws to 4 again.
    act(&g, &mut s, Skip);
    assert_eq!((s.phase, s.actor, s.aside[2]), (Phase::Place, 2, 0));
    act(&g, &mut s, Place(g.card("Mia")));
    assert_eq!(s.pile[..s.pile_len as usize], [g.card("Mia"), g.card("Harry")]);
    assert_eq!((s.phase, s.draw_seat, s.draw_n), (Phase::Draw, 2, 3));
    draw(&g, &mut s, &[]);
    assert_eq!((s.hand_len(2), s.no_refill), (4, 0));
}

#[test]
fn la22_la25_a_claims_colin_fills_the_claimers_hand_and_everyone_passes_left() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Sarah", "Rufus", "Mia", "Tony"]);
    give(&g, &mut s, 1, &["Colin", "Joe"]);
    give(&g, &mut s, 2, &["Karen"]);
    s.phase = Phase::Discard;
    act(&g, &mut s, Discard(g.card("Tony")));
    act(&g, &mut s, Claim(opt(&g, &["Colin", "Tony"], 2)));
    act(&g, &mut s, Ability(g.card("Colin")));
    // The ability applies in full: the claimer fills its hand now (1 card, draws 3).
    assert_eq!((s.phase, s.draw_seat, s.draw_n), (Phase::Draw, 1, 3));
    draw(&g, &mut s, &["Billy", "Mark", "Peter"]);
    // Then every holder picks, in turn order from the claimer: seats 1, 2, 0.
    for (seat, card) in [(1, "Joe"), (2, "Karen"), (0, "Rufus")] {
        assert_eq!((s.phase, s.actor), (Phase::Contribute, seat));
        act(&g, &mut s, Hand(g.card(card)));
    }
    // A black card may pass this way (only Step 3 forbids discarding it, LA-18).
    assert!(has(&g, &s, 2, "Joe") && has(&g, &s, 0, "Karen") && has(&g, &s, 1, "Rufus"));
    // Back to seat 0's Step 3, which had 4 cards left: the turn passes.
    assert_eq!((s.current, s.phase), (1, Phase::Step1));
}

#[test]
fn la10_la13_a_face_down_pick_stays_unseen_by_a_seat_that_saw_the_hand() {
    let g = game();
    let mut s = harriet_picks(&g);
    // Seat 1 has seen seat 0's whole hand (Mark, Judy or John, say).
    s.known[1][0] = s.hands[0];
    let (mut a, mut b) = (s.clone(), s);
    act(&g, &mut a, Hand(g.card("Joe")));
    act(&g, &mut b, Hand(g.card("Billy")));
    // Seat 1 saw Joe and Billy, not which one left face down: it cannot tell the two apart,
    // and neither can seat 2 (a face-down move never tells the onlookers which card).
    assert_eq!(obs(&g, &a, Seat(1)), obs(&g, &b, Seat(1)));
    assert_eq!(obs(&g, &a, Seat(2)), obs(&g, &b, Seat(2)));
}

#[test]
fn la13_a_card_handed_over_face_down_leaves_onlookers_unsure_which_it_was() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet"]);
    give(&g, &mut s, 1, &["Peter", "Jamie", "Harry"]);
    // Seat 2 knows seat 1's hand; seat 0 asks seat 1 for a friendship card.
    s.known[2][1] = s.hands[1];
    act(&g, &mut s, Ask(1));
    act(&g, &mut s, Kind(AskKind::Relationship));
    act(&g, &mut s, Value(1));
    let (mut a, mut b) = (s.clone(), s);
    act(&g, &mut a, Hand(g.card("Peter")));
    act(&g, &mut b, Hand(g.card("Jamie")));
    draw(&g, &mut a, &["Karen"]);
    draw(&g, &mut b, &["Karen"]);
    assert_eq!(obs(&g, &a, Seat(2)), obs(&g, &b, Seat(2)), "seat 2 saw only a card go");
    assert_ne!(obs(&g, &a, Seat(0)), obs(&g, &b, Seat(0)), "the asker knows what it got");
    // The giver still knows where its card went.
    assert!(a.known[1][0] & bit(g.card("Peter")) != 0);
}

#[test]
fn la9_when_the_first_claimant_in_turn_order_passes_the_next_may_claim() {
    let g = game();
    let mut s = table(&g, 4);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Rufus", "Sarah", "Mia"]);
    give(&g, &mut s, 2, &["Mark", "Peter"]);
    give(&g, &mut s, 3, &["Harry"]);
    s.phase = Phase::Discard;
    act(&g, &mut s, Discard(g.card("Mia")));
    act(&g, &mut s, Pass); // seat 1: nothing to claim with
    assert_eq!(s.actor, 2);
    assert!(legal(&g, &s).contains(&Claim(opt(&g, &["Mark", "Peter", "Mia"], 3))));
    act(&g, &mut s, Pass); // seat 2 could claim, and lets it go
    assert_eq!((s.phase, s.actor), (Phase::Window, 3));
    act(&g, &mut s, Claim(opt(&g, &["Harry", "Mia"], 2)));
    assert_eq!((s.scores[2], s.scores[3], s.stats.claims), (0, 2, 1));
}

/// LA-9, "Actually!": the discard may be claimed for any option it completes with the
/// claimer's hand. The window tests only the discard's own options (`completed_among`),
/// which must be the options the whole deck's test finds among them, for every card and
/// 2,000 hands of about half the cards (some of which complete an option).
#[test]
fn la9_the_windows_claims_are_the_deck_wide_test_among_the_discards_options() {
    let g = game();
    let cards = g.deck.cards.len();
    let mut any_claim = false;
    for seed in 0..2000u64 {
        // A hand of about half the cards, from a fixed mix (no generator needed).
        let hand = (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 7) as u32 & g.deck.all;
        for c in 0..cards {
            let with = hand | 1 << c;
            let among = g.deck.options_of[c];
            let whole = among & g.completed_options(with);
            assert_eq!(g.completed_among(with, among), whole, "hand {hand:#x}, card {c}");
            any_claim |= whole != 0;
        }
    }
    assert!(any_claim, "some hand completes some option");
}
