//! The turn's steps, "Actually!", the deck, tiles and the end, one test per ruling.

use super::*;
use LoveAction::*;

/// Seat 0 asks seat 1 by `kind` for `value`.
fn ask(g: &Love, s: &mut LoveState, kind: AskKind, value: u8) {
    act(g, s, Ask(1));
    act(g, s, Kind(kind));
    act(g, s, Value(value));
    assert_eq!((s.phase, s.actor), (Phase::Respond, 1));
}

fn two_hands(g: &Love, players: usize) -> LoveState {
    let mut s = table(g, players);
    give(g, &mut s, 0, &["Juliet", "Tony", "Rufus", "Sarah"]);
    give(g, &mut s, 1, &["Peter", "Harry", "Mia", "Jamie"]);
    s
}

#[test]
fn la7_name_ask_succeeds_hands_over_in_view_of_all_and_the_giver_refills() {
    let g = game();
    let mut s = two_hands(&g, 3);
    ask(&g, &mut s, AskKind::Name, g.card("Peter"));
    assert_eq!(legal(&g, &s), vec![Hand(g.card("Peter"))], "a holder must hand it over");
    act(&g, &mut s, Hand(g.card("Peter")));
    assert!(has(&g, &s, 0, "Peter") && !has(&g, &s, 1, "Peter"));
    // LA-17/LA-47: the giver draws back to 4 at once; a name ask is heard by everyone.
    draw(&g, &mut s, &["Karen"]);
    assert_eq!(s.hand_len(1), 4);
    assert!(has(&g, &s, 1, "Karen"));
    assert!(s.known[2][0] & bit(g.card("Peter")) != 0, "seat 2 heard the name");
    assert_eq!((s.phase, s.actor), (Phase::Step2, 0));
    assert_eq!((s.stats.asks[0], s.stats.ask_hits[0]), (1, 1));
}

#[test]
fn la7_name_ask_fails_and_the_asker_draws_one() {
    let g = game();
    let mut s = two_hands(&g, 2);
    ask(&g, &mut s, AskKind::Name, g.card("Karen"));
    assert_eq!(legal(&g, &s), vec![No]);
    act(&g, &mut s, No);
    draw(&g, &mut s, &["Karen"]);
    assert_eq!(s.hand_len(0), 5);
    assert_eq!(s.phase, Phase::Step2);
    assert_eq!((s.stats.asks[0], s.stats.ask_hits[0]), (1, 0));
}

#[test]
fn la7_la28_relationship_ask_counts_only_sets_printed_on_the_card() {
    let g = game();
    let mut s = two_hands(&g, 2);
    ask(&g, &mut s, AskKind::Relationship, 1); // friendship
    // Peter prints Peter-Mark, Jamie prints the 5-set; Mia is only a partner in Mark's set.
    assert_eq!(legal(&g, &s), vec![Hand(g.card("Peter")), Hand(g.card("Jamie"))]);
    act(&g, &mut s, Hand(g.card("Jamie")));
    assert!(s.known[PUB][0] & bit(g.card("Jamie")) == 0, "a relationship ask is not shown");
    assert!(s.known[1][0] & bit(g.card("Jamie")) != 0, "the giver knows");
    let mut s = two_hands(&g, 2);
    ask(&g, &mut s, AskKind::Relationship, 2); // professional: none of seat 1's
    assert_eq!(legal(&g, &s), vec![No]);
}

const PUB: usize = state::PUBLIC;

#[test]
fn la7_la27_colour_ask_succeeds_and_fails() {
    let g = game();
    let mut s = two_hands(&g, 2);
    ask(&g, &mut s, AskKind::Colour, 1); // blue: Jamie
    assert_eq!(legal(&g, &s), vec![Hand(g.card("Jamie"))]);
    let mut s = two_hands(&g, 2);
    ask(&g, &mut s, AskKind::Colour, 3); // black
    assert_eq!(legal(&g, &s), vec![No]);
}

#[test]
fn la7_la15_discard_option_takes_the_top_only_and_an_empty_pile_forces_an_ask() {
    let g = game();
    let mut s = two_hands(&g, 2);
    assert!(!legal(&g, &s).contains(&TakeTop), "LA-15: empty pile, must ask");
    pile(&g, &mut s, &["Karl", "Judy"]);
    assert_eq!(legal(&g, &s)[0], TakeTop);
    act(&g, &mut s, TakeTop);
    assert!(has(&g, &s, 0, "Judy") && !has(&g, &s, 0, "Karl"));
    assert_eq!(s.pile_len, 1);
    assert!(s.known[1][0] & bit(g.card("Judy")) != 0, "taken face up");
    assert_eq!(s.phase, Phase::Step2);
}

#[test]
fn la36_potus_may_be_handed_over_for_david_or_natalie() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 1, &["POTUS", "Harry"]);
    ask(&g, &mut s, AskKind::Name, g.card("Natalie"));
    assert_eq!(legal(&g, &s), vec![Hand(g.card("POTUS")), No]);
    let mut s = table(&g, 2);
    give(&g, &mut s, 1, &["POTUS", "Harry"]);
    ask(&g, &mut s, AskKind::Name, g.card("Karen"));
    assert_eq!(legal(&g, &s), vec![No], "other asks are unaffected");
}

#[test]
fn la8_a_set_scores_its_points_and_one_on_its_track_then_one_ability() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Peter", "Joe"]);
    s.phase = Phase::Step2;
    let jp = opt(&g, &["Juliet", "Peter"], 2);
    assert_eq!(legal(&g, &s), vec![Score(jp), Skip], "LA-15: scoring is a choice");
    act(&g, &mut s, Score(jp));
    assert_eq!(s.scores[0], 2);
    assert_eq!(s.tracks[0], [1, 0, 0, 0], "+1 Romance");
    assert_eq!(legal(&g, &s), vec![Ability(g.card("Juliet")), Ability(g.card("Peter"))]);
    act(&g, &mut s, Ability(g.card("Peter")));
    // LA-30: the scorer orders the scored cards onto the pile.
    assert_eq!(s.phase, Phase::Place);
    act(&g, &mut s, Place(g.card("Peter")));
    assert_eq!(s.top(), Some(g.card("Juliet")));
    draw(&g, &mut s, &[]);
    assert_eq!(s.hand_len(0), 4);
    assert_eq!((s.current, s.phase), (1, Phase::Step1), "the turn passed");
}

#[test]
fn la46_karens_double_scores_8_and_two_family() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Harry", "Karen", "Bernard", "Daisy", "David"]);
    s.phase = Phase::Step2;
    let double = g.deck.options.iter().position(|o| o.double).unwrap() as u8;
    assert!(legal(&g, &s).contains(&Score(double)));
    act(&g, &mut s, Score(double));
    assert_eq!(s.scores[0], 8);
    assert_eq!(s.tracks[0][3], 2);
    assert_eq!(legal(&g, &s).len(), 5, "one ability from its five cards");
}

/// Seat 0 in Step 3 with `hand`, about to discard.
fn discarding(g: &Love, s: &mut LoveState, hand: &[&str]) {
    give(g, s, 0, hand);
    s.phase = Phase::Discard;
    s.actor = 0;
}

#[test]
fn la9_actually_claim_scores_the_claimer_who_does_not_refill() {
    let g = game();
    let mut s = table(&g, 3);
    discarding(&g, &mut s, &["Juliet", "Tony", "Rufus", "Sarah", "Mia"]);
    give(&g, &mut s, 1, &["Harry"]);
    act(&g, &mut s, Discard(g.card("Mia")));
    assert_eq!((s.phase, s.actor), (Phase::Window, 1));
    let hm = opt(&g, &["Harry", "Mia"], 2);
    assert_eq!(legal(&g, &s), vec![Claim(hm), Pass]);
    act(&g, &mut s, Claim(hm));
    assert_eq!((s.scores[1], s.tracks[1][0]), (2, 1));
    assert_eq!(s.stats.claims, 1);
    act(&g, &mut s, Ability(g.card("Mia")));
    act(&g, &mut s, Choose(2));
    // Mia with an empty hand: the target still discards at random (LA-38), and the window
    // opens to all but the target and the player whose turn it is (LA-22): seat 1 only.
    give(&g, &mut s, 2, &["Karen"]);
    pick(&g, &mut s, &[0]);
    assert_eq!((s.phase, s.actor), (Phase::Window, 1));
    act(&g, &mut s, Pass);
    // Back to seat 0's Step 3 (4 cards left: no more discards), then its draw.
    assert_eq!(s.hand_len(0), 4);
    assert_eq!(s.current, 1);
    // LA-25/LA-26: the claimer's set waits aside; its hand was not refilled.
    assert_eq!(s.aside[1].count_ones(), 2);
    assert_eq!(s.hand_len(1), 0);
}

#[test]
fn la9_two_claimants_are_asked_in_turn_order_after_the_discarder() {
    let g = game();
    let mut s = table(&g, 4);
    discarding(&g, &mut s, &["Juliet", "Tony", "Rufus", "Sarah", "Mia"]);
    give(&g, &mut s, 2, &["Mark", "Peter"]);
    give(&g, &mut s, 3, &["Harry"]);
    act(&g, &mut s, Discard(g.card("Mia")));
    // Every other seat is asked, a seat that cannot claim too (LA-9: asking reveals nothing).
    assert_eq!((s.actor, legal(&g, &s)), (1, vec![Pass]));
    act(&g, &mut s, Pass);
    assert_eq!(s.actor, 2);
    act(&g, &mut s, Claim(opt(&g, &["Mark", "Peter", "Mia"], 3)));
    assert_eq!(s.scores[2], 3);
    assert_eq!(s.scores[3], 0, "seat 3 was never asked");
    assert_eq!(s.stats.claims, 1);
}

#[test]
fn la9_la29_daisy_and_bernard_both_score() {
    let g = game();
    let mut s = table(&g, 3);
    discarding(&g, &mut s, &["Juliet", "Tony", "Rufus", "Sarah", "Bernard"]);
    give(&g, &mut s, 1, &["Daisy"]);
    act(&g, &mut s, Discard(g.card("Bernard")));
    act(&g, &mut s, Claim(opt(&g, &["Daisy", "Bernard"], 2)));
    assert_eq!((s.scores[0], s.scores[1]), (2, 2));
    assert_eq!((s.tracks[0][3], s.tracks[1][3]), (1, 1));
    assert_eq!(s.stats.co_claims, 1);
}

#[test]
fn la12_black_cards_are_never_discarded_in_step_3() {
    let g = game();
    let mut s = table(&g, 2);
    discarding(&g, &mut s, &["Juliet", "Tony", "Rufus", "POTUS", "Sarah"]);
    let l = legal(&g, &s);
    assert!(!l.contains(&Discard(g.card("Rufus"))) && !l.contains(&Discard(g.card("POTUS"))));
    assert_eq!(l.len(), 3);
    // Only black cards left: the hand stays above the limit.
    let g = game_with(|r| r.hand_size = 1);
    let mut s = table(&g, 2);
    discarding(&g, &mut s, &["Rufus", "POTUS"]);
    assert_eq!(legal(&g, &s), vec![Keep]);
    act(&g, &mut s, Keep);
    assert_eq!(s.hand_len(0), 2);
    assert_eq!(s.current, 1);
}

#[test]
fn la14_la33_the_pile_is_reshuffled_only_when_a_draw_finds_the_deck_empty() {
    let g = game();
    let mut s = table(&g, 2);
    let all: Vec<&str> = g.deck.cards.iter().map(|c| c.name.as_str()).collect();
    // Seat 1 holds everything but Joe (the deck) and three cards on the pile.
    for name in &all {
        if !["Joe", "Billy", "Colin", "Tony"].contains(name) {
            give(&g, &mut s, 1, &[name]);
        }
    }
    pile(&g, &mut s, &["Billy", "Colin", "Tony"]);
    s.phase = Phase::Discard;
    s.actor = 0;
    // Seat 0 has nothing: Step 3 draws 4 of which 1 from the deck, 3 after a reshuffle.
    act(&g, &mut s, Keep);
    draw(&g, &mut s, &["Joe", "Tony", "Billy", "Colin"]);
    assert_eq!(s.hand_len(0), 4);
    assert_eq!((s.pile_len, s.deck, s.stats.reshuffles), (0, 0, 1));
}

#[test]
fn la20_a_bonus_tile_is_claimed_once_in_the_owners_step_3() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Peter"]);
    s.tracks[0][0] = 2;
    s.tracks[1][0] = 5;
    s.tile_owner[0] = NONE;
    score_and_use(&g, &mut s, &["Juliet", "Peter"], 2, "Peter");
    act(&g, &mut s, Place(g.card("Peter")));
    draw(&g, &mut s, &[]);
    // Seat 0 reached 3 Romance and claims it in its own Step 3, though seat 1 has 5 there.
    assert_eq!(s.tile_owner[0], 0);
    assert_eq!(s.scores[0], 2 + 3);
    assert_eq!(s.stats.points[0][1], 3);
    // Seat 1 at 5 does not take it in its own Step 3 later.
    let before = s.scores[1];
    let mut t = s.clone();
    t.current = 1;
    g.tiles_and_end(&mut t);
    assert_eq!(t.scores[1], before);
    assert_eq!(t.tile_owner[0], 0);
}

#[test]
fn la21_la24_the_end_gives_every_other_player_exactly_one_more_turn() {
    let g = game();
    let mut rng = crate::core::derive_rng(3, 0, 0);
    let mut s = table(&g, 4);
    // Deal the rest at random, then seat 1 reaches 20 in its turn.
    for w in 0..4 {
        while s.hand_len(w) < 4 {
            let c = g.draw_card(s.deck, &mut rng);
            s.deck &= !bit(c);
            s.hands[w as usize] |= bit(c);
        }
    }
    s.current = 1;
    s.actor = 1;
    s.scores[1] = 19;
    s.stats.points[1][0] = 19;
    g.gain(&mut s, 1, 1, engine::Source::Sets);
    assert_eq!((s.ender, s.end_kind), (1, EndKind::Score));
    let mut order = vec![];
    let mut last_turn = s.turns;
    let mut legal_buf = Vec::new();
    loop {
        match g.turn(&s) {
            Turn::Over => break,
            Turn::Chance => g.sample_chance(&mut s, &mut rng),
            Turn::Player(_) => {
                g.legal_actions(&s, &mut legal_buf);
                g.apply(&mut s, legal_buf[0]);
            }
        }
        if s.turns != last_turn {
            order.push(s.current);
            last_turn = s.turns;
        }
    }
    assert_eq!(order, vec![2, 3, 0], "each other seat once, in order; the trigger plays no more");
    // The trigger from a claim during seat 3's turn: seat 3 (in progress) plays last.
    let mut s = table(&g, 4);
    s.current = 3;
    s.turns = 9;
    Love::trigger(&mut s, 1, EndKind::Score);
    g.end_turn(&mut s);
    let mut seen = vec![s.current];
    for _ in 0..3 {
        g.end_turn(&mut s);
        seen.push(s.current);
    }
    assert_eq!(seen[..3], [0, 2, 3]);
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn la49_a_gain_claiming_the_last_tile_and_reaching_20_is_a_last_tile_end() {
    let g = game();
    let mut s = table(&g, 2);
    s.tile_owner = [1, 1, 1, NONE];
    s.tracks[0][3] = 3;
    s.scores[0] = 18;
    s.stats.points[0][0] = 18;
    g.tiles_and_end(&mut s);
    assert_eq!((s.ender, s.end_kind, s.scores[0]), (0, EndKind::LastTile, 21));
}

#[test]
fn g2_the_turn_cap_ends_the_match_capped() {
    let g = game_with(|r| r.turn_cap = 1);
    let mut s = table(&g, 2);
    g.end_turn(&mut s);
    assert_eq!(g.turn(&s), Turn::Over);
    assert!(g.outcome(&s).is_capped());
}
