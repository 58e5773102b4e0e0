//! Dedicated tests for the card and ability rulings that the one-test-per-card file does not
//! pin down alone: abilities short of cards or players (LA-17), Jamie's "not black" (LA-27),
//! when Daisy/Bernard's discarder scores (LA-29), Joe-Billy's two sets (LA-32), Juliet's
//! later lock (LA-39), David's and Jamie's values (LA-40), the pile's order (LA-42), Tony
//! with one holder (LA-44), Karen's double by "Actually!" (LA-46), the colours (LA-48) and
//! who triggers the end when a co-score takes two players to 20 at once (LA-50).

use super::*;
use LoveAction::*;

#[test]
fn la17_abilities_short_of_cards_or_players_do_what_they_can() {
    let g = game();
    // Johanna ("take any 2") with one card on the pile takes that one.
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Johanna", "Sam"]);
    pile(&g, &mut s, &["Karl"]);
    score_and_use(&g, &mut s, &["Johanna", "Sam"], 2, "Johanna");
    assert_eq!(legal(&g, &s), vec![Take(g.card("Karl"))]);
    act(&g, &mut s, Take(g.card("Karl")));
    assert_eq!((s.phase, s.pile_len), (Phase::Place, 0), "done after one");
    // Sam with an empty pile: nothing.
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Johanna", "Sam"]);
    score_and_use(&g, &mut s, &["Johanna", "Sam"], 2, "Sam");
    assert_eq!(s.phase, Phase::Place);
    // Natalie with an empty-handed neighbour: only the other neighbour exposes.
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["David", "Natalie"]);
    give(&g, &mut s, 2, &["Harry"]);
    score_and_use(&g, &mut s, &["David", "Natalie"], 2, "Natalie");
    assert_eq!((s.phase, s.actor), (Phase::Expose, 2));
    act(&g, &mut s, Hand(g.card("Harry")));
    assert_eq!(s.phase, Phase::Place);
}

#[test]
fn la27_jamie_asking_for_black_gets_any_red_blue_or_pink_card() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Jamie", "Aurelia"]);
    give(&g, &mut s, 1, &["POTUS", "Harry", "Karl"]);
    score_and_use(&g, &mut s, &["Jamie", "Aurelia"], 2, "Jamie");
    act(&g, &mut s, Choose(1));
    act(&g, &mut s, Value(cards::BLACK));
    assert_eq!(legal(&g, &s), vec![Hand(g.card("Harry")), Hand(g.card("Karl"))]);
}

/// Seat 0 discards `card` in Step 3 at 3 players; seat 1 holds `claimer`.
fn discard_to(g: &Love, s: &mut LoveState, card: &str, claimer: &[&str]) {
    give(g, s, 1, claimer);
    s.phase = Phase::Discard;
    s.actor = 0;
    act(g, s, Discard(g.card(card)));
    assert_eq!((s.phase, s.actor), (Phase::Window, 1));
}

#[test]
fn la29_the_discarder_co_scores_only_the_pair_itself_even_after_scoring_this_turn() {
    let g = game();
    // Seat 1 claims Bernard for Harry's 4-set: the discarder gets nothing.
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Sarah", "Rufus", "Bernard"]);
    discard_to(&g, &mut s, "Bernard", &["Harry", "Karen", "Daisy"]);
    let four = opt(&g, &["Harry", "Karen", "Bernard", "Daisy"], 4);
    let pair = opt(&g, &["Daisy", "Bernard"], 2);
    let l = legal(&g, &s);
    assert!(l.len() == 3 && l.contains(&Claim(pair)) && l.contains(&Claim(four)), "{l:?}");
    act(&g, &mut s, Claim(four));
    assert_eq!((s.scores[1], s.scores[0], s.tracks[0][3], s.stats.co_claims), (4, 0, 0, 0));
    // Seat 0 scored Juliet-Peter this turn, then discards Daisy: the pair still pays it.
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Peter", "Tony", "Sarah", "Rufus", "Mia", "Daisy"]);
    score_and_use(&g, &mut s, &["Juliet", "Peter"], 2, "Juliet");
    act(&g, &mut s, Choose(2));
    act(&g, &mut s, Place(g.card("Juliet")));
    discard_to(&g, &mut s, "Daisy", &["Bernard"]);
    act(&g, &mut s, Claim(opt(&g, &["Daisy", "Bernard"], 2)));
    assert_eq!((s.scores[0], s.tracks[0]), (2 + 2, [1, 0, 0, 1]));
    assert_eq!((s.scores[1], s.stats.co_claims), (2, 1));
}

#[test]
fn la32_joe_billy_are_two_options_a_set_printed_on_both_cards_is_one() {
    let g = game();
    let (juliet, peter) = (bit(g.card("Juliet")), bit(g.card("Peter")));
    let jp: Vec<_> = g.deck.options.iter().filter(|o| o.mask == juliet | peter).collect();
    assert_eq!((jp.len(), jp[0].printed_on), (1, juliet | peter));
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Joe", "Billy", "Juliet", "Peter"]);
    s.phase = Phase::Step2;
    let jb = bit(g.card("Joe")) | bit(g.card("Billy"));
    let of_rel =
        |rel: u8| g.deck.options.iter().position(|o| o.mask == jb && o.rel == rel).unwrap() as u8;
    let (professional, friendship) = (of_rel(2), of_rel(1));
    // LA-15: several complete sets, the scorer's choice among all three, or none.
    let mut want = vec![Score(opt(&g, &["Juliet", "Peter"], 2)), Score(professional)];
    want.extend([Score(friendship), Skip]);
    let mut got = legal(&g, &s);
    got.sort_by_key(|a| format!("{a:?}"));
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(got, want);
    act(&g, &mut s, Score(friendship));
    assert_eq!((s.scores[0], s.tracks[0]), (2, [0, 1, 0, 0]));
}

#[test]
fn la39_a_later_juliet_lock_replaces_an_earlier_and_lasts_one_step_1() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Peter"]);
    give(&g, &mut s, 1, &["Mark", "Harry"]);
    give(&g, &mut s, 2, &["Karen"]);
    score_and_use(&g, &mut s, &["Juliet", "Peter"], 2, "Juliet");
    act(&g, &mut s, Choose(2));
    act(&g, &mut s, Place(g.card("Peter")));
    draw(&g, &mut s, &[]);
    assert_eq!((s.current, s.lock[2]), (1, 0));
    // Seat 1 takes Juliet from the pile and locks seat 2 onto itself.
    act(&g, &mut s, TakeTop);
    act(&g, &mut s, Score(opt(&g, &["Juliet", "Mark"], 2)));
    act(&g, &mut s, Ability(g.card("Juliet")));
    act(&g, &mut s, Choose(2));
    assert_eq!(s.lock[2], 1, "the later lock replaces seat 0's");
    act(&g, &mut s, Place(g.card("Mark")));
    draw(&g, &mut s, &[]);
    assert_eq!(s.current, 2);
    assert_eq!(legal(&g, &s), vec![TakeTop, Ask(1)], "only seat 1; the pile stays open");
    act(&g, &mut s, TakeTop);
    // The lock is used up by that one Step 1.
    assert_eq!(s.lock[2], NONE);
}

#[test]
fn la40_davids_ask_may_name_any_card_even_one_nobody_holds() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["David", "Natalie"]);
    give(&g, &mut s, 1, &["Harry"]);
    give(&g, &mut s, 2, &["Juliet"]);
    pile(&g, &mut s, &["Karl"]);
    score_and_use(&g, &mut s, &["David", "Natalie"], 2, "David");
    let all: Vec<_> = (0..27).map(Value).collect();
    assert_eq!(legal(&g, &s), all, "every name in the card data");
    // David himself (just scored): every player in turn says no, and the ability ends.
    act(&g, &mut s, Value(g.card("David")));
    for seat in [1, 2] {
        assert_eq!((s.actor, legal(&g, &s)), (seat, vec![No]));
        act(&g, &mut s, No);
    }
    assert_eq!(s.phase, Phase::Place);
    // Jamie's ask: any of the four colours of the card data (LA-27).
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Jamie", "Aurelia"]);
    give(&g, &mut s, 1, &["Harry"]);
    score_and_use(&g, &mut s, &["Jamie", "Aurelia"], 2, "Jamie");
    act(&g, &mut s, Choose(1));
    assert_eq!(legal(&g, &s), (0..4).map(Value).collect::<Vec<_>>());
}

#[test]
fn la42_taking_from_the_pile_keeps_the_rest_in_order_and_excludes_this_turns_set() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Johanna", "Sam"]);
    pile(&g, &mut s, &["Karl", "Judy", "Tony", "Joe"]);
    score_and_use(&g, &mut s, &["Johanna", "Sam"], 2, "Sam");
    let on_pile = ["Karl", "Judy", "Tony", "Joe"].map(|n| Take(g.card(n)));
    let mut got = legal(&g, &s);
    got.sort_by_key(|a| format!("{a:?}"));
    let mut want = on_pile.to_vec();
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(got, want, "Johanna and Sam are not on the pile yet");
    act(&g, &mut s, Take(g.card("Judy")));
    let rest = ["Karl", "Tony", "Joe"].map(|n| g.card(n));
    assert_eq!(s.pile[..s.pile_len as usize], rest);
}

#[test]
fn la44_tony_does_nothing_without_two_players_holding_a_card() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Colin", "Tony"]);
    give(&g, &mut s, 1, &["Harry", "Mia"]);
    score_and_use(&g, &mut s, &["Colin", "Tony"], 2, "Tony");
    // Seat 0's hand is empty after scoring and seat 2 has none: only seat 1 holds cards.
    assert_eq!(s.phase, Phase::Place);
    assert!(has(&g, &s, 1, "Harry") && has(&g, &s, 1, "Mia"));
}

#[test]
fn la46_karens_double_may_be_made_by_an_actually_claim() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Sarah", "Rufus", "Daisy"]);
    discard_to(&g, &mut s, "Daisy", &["Harry", "Karen", "Bernard", "David"]);
    let double = g.deck.options.iter().position(|o| o.double).unwrap() as u8;
    assert!(legal(&g, &s).contains(&Claim(double)));
    act(&g, &mut s, Claim(double));
    assert_eq!((s.scores[1], s.tracks[1][3]), (8, 2));
    assert_eq!(s.aside[1].count_ones(), 5, "the five cards wait for seat 1's Step 3");
    assert_eq!(legal(&g, &s).len(), 5, "one ability from its five cards");
    // Not the Daisy-Bernard pair itself: the discarder scores nothing (LA-29).
    assert_eq!((s.scores[0], s.stats.co_claims), (0, 0));
}

#[test]
fn la48_colours_by_storyline() {
    let g = game();
    let named = |colour: u8| -> Vec<&str> {
        state::cards_of(g.deck.colour_mask[colour as usize])
            .map(|c| g.deck.cards[c as usize].name.as_str())
            .collect()
    };
    let red = ["Harry", "Daisy", "Bernard", "Karen", "Mia", "Juliet", "Peter", "Mark"];
    let blue = ["David", "Natalie", "Jamie", "Aurelia", "Sarah", "Karl", "Judy", "John"];
    let pink = ["Johanna", "Sam", "Daniel", "Harriet", "Colin", "Tony", "USA Girls", "Joe"];
    assert_eq!(named(0), red);
    assert_eq!(named(1), blue);
    assert_eq!(named(2), [&pink[..], &["Billy"][..]].concat());
    assert_eq!(named(cards::BLACK), ["POTUS", "Rufus"]);
}

#[test]
fn la22_aurelias_bonus_on_a_claim_outside_the_claimers_turn_is_always_earned() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Sarah", "Rufus", "Jamie"]);
    // Seat 0 asked for Jamie in its own Step 1: that costs seat 0, not a claimer.
    s.asked_jamie_aurelia = true;
    discard_to(&g, &mut s, "Jamie", &["Aurelia"]);
    act(&g, &mut s, Claim(opt(&g, &["Jamie", "Aurelia"], 2)));
    act(&g, &mut s, Ability(g.card("Aurelia")));
    assert_eq!((s.scores[1], s.stats.points[1]), (4, [2, 0, 2]));
}

#[test]
fn la1_la2_every_set_of_the_default_card_file_with_points_and_relationship() {
    let g = game();
    let (rom, fri, pro, fam) = (0, 1, 2, 3);
    #[rustfmt::skip]
    let want: [(&[&str], i32, u8); 25] = [
        // LA-1, the lost sets.
        (&["POTUS", "David"], 2, pro), (&["Rufus", "Harry"], 2, pro),
        (&["Harry", "Karen", "Bernard", "Daisy"], 4, fam), (&["Harry", "Mia"], 2, rom),
        (&["Karen", "David"], 2, fam), (&["Daisy", "Bernard"], 2, fam),
        (&["David", "Natalie"], 2, rom),
        // The seed's surviving sets with LA-2's relationships.
        (&["Johanna", "Sam"], 2, rom), (&["Sam", "Daniel"], 2, fam),
        (&["Juliet", "Peter"], 2, rom), (&["Juliet", "Mark"], 2, fri),
        (&["Peter", "Mark"], 2, fri), (&["Mark", "Peter", "Mia"], 3, fri),
        (&["Jamie", "Sarah", "Peter", "Juliet"], 5, fri), (&["Jamie", "Aurelia"], 2, rom),
        (&["Sarah", "Karl"], 2, rom), (&["Sarah", "Karl", "Harry"], 3, pro),
        (&["Judy", "Tony", "John"], 3, pro), (&["Judy", "John"], 2, rom),
        (&["Harriet", "Colin"], 2, rom), (&["Harriet", "USA Girls"], 2, fri),
        (&["Colin", "Harriet", "USA Girls"], 3, rom), (&["Colin", "Tony"], 2, fri),
        (&["Joe", "Billy"], 2, pro), (&["Joe", "Billy"], 2, fri),
    ];
    let key = |mask: u32, points: i32, rel: u8| (mask, points, rel);
    let mut want: Vec<_> = want
        .iter()
        .map(|(names, p, r)| key(names.iter().fold(0, |m, n| m | bit(g.card(n))), *p, *r))
        .collect();
    let mut got: Vec<_> =
        g.deck.options.iter().filter(|o| !o.double).map(|o| key(o.mask, o.points, o.rel)).collect();
    want.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, want);
    // Karen's double (LA-46): her two sets, 4 + 2 points before the +2, Family twice.
    let double: Vec<_> = g.deck.options.iter().filter(|o| o.double).collect();
    let five = ["Karen", "Harry", "Bernard", "Daisy", "David"];
    assert_eq!(double.len(), 1);
    assert_eq!(double[0].mask, five.iter().fold(0, |m, n| m | bit(g.card(n))));
    assert_eq!((double[0].points, double[0].tracks), (6, [0, 0, 0, 2]));
}

#[test]
fn la50_a_co_score_taking_both_to_20_is_triggered_by_the_discarder() {
    // Found in a trace (`--players 2 --bots greedy --seed 202 --match 157`, steps 246-247):
    // seat 0 discards Bernard, seat 1 claims the Daisy/Bernard pair, and both reach 20 in
    // the one claim. The discarder, whose turn it is, triggers the end: it plays no more,
    // and the claimer plays its extra turn (LA-24).
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Rufus", "Sarah", "Bernard"]);
    give(&g, &mut s, 1, &["Daisy"]);
    for seat in 0..2 {
        // 18 points each, from earlier sets (the invariants count points by source).
        s.scores[seat] = 18;
        s.stats.points[seat][super::super::engine::Source::Sets as usize] = 18;
    }
    s.phase = Phase::Discard;
    act(&g, &mut s, Discard(g.card("Bernard")));
    act(&g, &mut s, Claim(opt(&g, &["Daisy", "Bernard"], 2)));
    assert_eq!((s.scores[0], s.scores[1]), (20, 20));
    assert_eq!((s.ender, s.end_kind), (0, EndKind::Score), "the discarder triggers");
    assert_eq!(s.final_left, 0b10, "only the claimer is owed a turn");
    act(&g, &mut s, Ability(g.card("Daisy")));
    assert_eq!(s.current, 1, "seat 0's turn ended; the claimer's extra turn");
    assert_ne!(g.turn(&s), Turn::Over);
}
