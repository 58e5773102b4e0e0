//! One test per card ability, named after its card (LA-8, LA-10, LA-11, LA-16 to LA-18,
//! LA-31, LA-36 to LA-45).

use super::*;
use LoveAction::*;

fn ready(g: &Love, players: usize, hand0: &[&str]) -> LoveState {
    let mut s = table(g, players);
    give(g, &mut s, 0, hand0);
    s
}

/// The ability is done: Step 3 is placing the scored cards.
fn done(s: &LoveState) {
    assert_eq!((s.phase, s.actor), (Phase::Place, 0), "ability over, Step 3 next");
}

#[test]
fn potus_ability_does_nothing_when_chosen_la31() {
    let g = game();
    let mut s = ready(&g, 2, &["POTUS", "David"]);
    score_and_use(&g, &mut s, &["POTUS", "David"], 2, "POTUS");
    done(&s);
    assert_eq!((s.scores[0], s.tracks[0][2]), (2, 1));
}

#[test]
fn rufus_is_black_and_his_ability_is_blank_la12() {
    let g = game();
    assert_eq!(g.deck.cards[g.card("Rufus") as usize].colour, cards::BLACK);
    let mut s = ready(&g, 2, &["Rufus", "Harry"]);
    score_and_use(&g, &mut s, &["Rufus", "Harry"], 2, "Rufus");
    done(&s);
}

#[test]
fn harry_discards_a_black_card_for_2_and_opens_actually_la37() {
    let g = game();
    let mut s = ready(&g, 3, &["Harry", "Mia", "POTUS"]);
    give(&g, &mut s, 1, &["David"]);
    score_and_use(&g, &mut s, &["Harry", "Mia"], 2, "Harry");
    assert_eq!(legal(&g, &s), vec![Hand(g.card("POTUS"))], "mandatory with a black card");
    act(&g, &mut s, Hand(g.card("POTUS")));
    assert_eq!(s.scores[0], 4);
    assert_eq!(s.top(), Some(g.card("POTUS")));
    assert_eq!((s.phase, s.actor), (Phase::Window, 1));
    assert!(legal(&g, &s).contains(&Claim(opt(&g, &["POTUS", "David"], 2))));
    act(&g, &mut s, Pass);
    act(&g, &mut s, Pass);
    done(&s);
    // Without a black card Harry is still asked, and can only say so.
    let mut s = ready(&g, 2, &["Harry", "Mia", "Joe"]);
    score_and_use(&g, &mut s, &["Harry", "Mia"], 2, "Harry");
    assert_eq!(legal(&g, &s), vec![No]);
    act(&g, &mut s, No);
    done(&s);
}

fn co_claim(first: &str, second: &str) {
    let g = game();
    let mut s = ready(&g, 3, &["Juliet", "Tony", "Rufus", "Sarah", first]);
    give(&g, &mut s, 1, &[second]);
    s.phase = Phase::Discard;
    act(&g, &mut s, Discard(g.card(first)));
    act(&g, &mut s, Claim(opt(&g, &["Daisy", "Bernard"], 2)));
    assert_eq!((s.scores[0], s.scores[1]), (2, 2), "LA-29: both score the pair");
    assert_eq!((s.tracks[0][3], s.tracks[1][3]), (1, 1));
    act(&g, &mut s, Ability(g.card(second)));
    assert_eq!(s.current, 1, "seat 0's turn went on to its end");
}

#[test]
fn daisy_claims_a_discarded_bernard_and_both_score_la9_la29() {
    co_claim("Bernard", "Daisy");
}

#[test]
fn bernard_claims_a_discarded_daisy_and_both_score_la9_la29() {
    co_claim("Daisy", "Bernard");
}

#[test]
fn karen_scores_both_her_sets_at_once_la46() {
    let g = game();
    let mut s = ready(&g, 2, &["Harry", "Karen", "Bernard", "Daisy", "David"]);
    s.phase = Phase::Step2;
    let double = g.deck.options.iter().position(|o| o.double).unwrap() as u8;
    act(&g, &mut s, Score(double));
    act(&g, &mut s, Ability(g.card("Karen")));
    done(&s);
    assert_eq!((s.scores[0], s.tracks[0][3]), (8, 2));
}

#[test]
fn mia_gives_a_card_then_the_target_discards_one_at_random_la38() {
    let g = game();
    let mut s = ready(&g, 3, &["Harry", "Mia", "Joe"]);
    give(&g, &mut s, 1, &["Karen", "David"]);
    score_and_use(&g, &mut s, &["Harry", "Mia"], 2, "Mia");
    assert_eq!(legal(&g, &s), vec![Choose(1), Choose(2)]);
    act(&g, &mut s, Choose(1));
    assert_eq!(legal(&g, &s), vec![Hand(g.card("Joe"))]);
    act(&g, &mut s, Hand(g.card("Joe")));
    assert!(s.known[0][1] & bit(g.card("Joe")) != 0, "Mia knows where it went");
    // The random discard is from the whole hand, the given card included.
    pick(&g, &mut s, &[2]);
    assert_eq!(s.top(), Some(g.card("Joe")));
    // LA-22: open to all but the target and the player whose turn it is.
    assert_eq!((s.phase, s.actor), (Phase::Window, 2));
    act(&g, &mut s, Pass);
    done(&s);
}

#[test]
fn david_asks_everyone_and_the_first_holder_gives_la11() {
    let g = game();
    let mut s = ready(&g, 3, &["David", "Natalie"]);
    give(&g, &mut s, 1, &["Harry"]);
    give(&g, &mut s, 2, &["Juliet", "Rufus"]);
    score_and_use(&g, &mut s, &["David", "Natalie"], 2, "David");
    assert_eq!(s.phase, Phase::AskValue);
    act(&g, &mut s, Value(g.card("Juliet")));
    assert_eq!((s.actor, legal(&g, &s)), (1, vec![No]));
    act(&g, &mut s, No);
    assert_eq!((s.actor, legal(&g, &s)), (2, vec![Hand(g.card("Juliet"))]));
    act(&g, &mut s, Hand(g.card("Juliet")));
    assert!(has(&g, &s, 0, "Juliet"));
    draw(&g, &mut s, &[]);
    assert_eq!(s.hand_len(2), 4, "LA-17: the giver refills at once");
    done(&s);
}

#[test]
fn natalie_the_neighbours_expose_a_card_la17() {
    let g = game();
    let mut s = ready(&g, 3, &["David", "Natalie"]);
    give(&g, &mut s, 1, &["Harry"]);
    give(&g, &mut s, 2, &["Juliet", "Rufus"]);
    score_and_use(&g, &mut s, &["David", "Natalie"], 2, "Natalie");
    assert_eq!((s.phase, s.actor), (Phase::Expose, 1));
    act(&g, &mut s, Hand(g.card("Harry")));
    assert_eq!(s.actor, 2);
    act(&g, &mut s, Hand(g.card("Rufus")));
    assert_eq!(s.known[0][1], bit(g.card("Harry")));
    assert_eq!(s.known[0][2], bit(g.card("Rufus")));
    assert_eq!(s.known[1][2], 0, "exposed to Natalie only");
    done(&s);
    // With 2 players the one opponent exposes once.
    let mut s = ready(&g, 2, &["David", "Natalie"]);
    give(&g, &mut s, 1, &["Harry", "Mia"]);
    score_and_use(&g, &mut s, &["David", "Natalie"], 2, "Natalie");
    act(&g, &mut s, Hand(g.card("Mia")));
    done(&s);
}

fn take_test(set: &[&str], who: &str, takes: &[&str], shown: bool) {
    let g = game();
    let mut s = ready(&g, 2, set);
    pile(&g, &mut s, &["Karl", "Judy", "Tony"]);
    score_and_use(&g, &mut s, set, 2, who);
    for t in takes {
        assert_eq!(s.phase, Phase::TakePile);
        assert_eq!(legal(&g, &s).len(), 3 - (s.hand_len(0) as usize));
        act(&g, &mut s, Take(g.card(t)));
        assert!(has(&g, &s, 0, t));
        assert_eq!(s.known[1][0] & bit(g.card(t)) != 0, shown, "LA-19");
    }
    done(&s);
    assert_eq!(s.pile_len as usize, 3 - takes.len());
}

#[test]
fn johanna_takes_any_2_from_the_pile_shown_la42() {
    take_test(&["Johanna", "Sam"], "Johanna", &["Karl", "Tony"], true);
}

#[test]
fn sam_takes_any_1_from_the_pile_shown_la42() {
    take_test(&["Johanna", "Sam"], "Sam", &["Judy"], true);
}

#[test]
fn daniel_takes_any_2_from_the_pile_face_down_la19() {
    take_test(&["Sam", "Daniel"], "Daniel", &["Tony", "Karl"], false);
}

#[test]
fn juliet_locks_a_players_next_asks_to_her_la11_la39() {
    let g = game();
    let mut s = ready(&g, 3, &["Juliet", "Peter"]);
    score_and_use(&g, &mut s, &["Juliet", "Peter"], 2, "Juliet");
    act(&g, &mut s, Choose(1));
    done(&s);
    assert_eq!(s.lock[1], 0);
    let mut t = s.clone();
    t.phase = Phase::Step1;
    t.current = 1;
    t.actor = 1;
    t.pile_len = 0;
    assert_eq!(legal(&g, &t), vec![Ask(0)]);
    pile(&g, &mut t, &["Joe"]);
    assert_eq!(legal(&g, &t), vec![TakeTop, Ask(0)], "the pile stays open");
}

#[test]
fn peter_gives_one_friendship_la16() {
    let g = game();
    let mut s = ready(&g, 2, &["Juliet", "Peter"]);
    score_and_use(&g, &mut s, &["Juliet", "Peter"], 2, "Peter");
    assert_eq!((s.tracks[0], s.scores[0]), ([1, 1, 0, 0], 2), "a track point, not a score");
}

fn see_hand(set: &[&str], points: i32, who: &str) {
    let g = game();
    let mut s = ready(&g, 3, set);
    give(&g, &mut s, 1, &["Harry", "Daisy"]);
    score_and_use(&g, &mut s, set, points, who);
    act(&g, &mut s, Choose(1));
    assert_eq!(s.known[0][1], s.hands[1]);
    assert_eq!(s.known[2][1], 0, "secretly");
    done(&s);
}

#[test]
fn mark_sees_a_players_hand() {
    see_hand(&["Mark", "Juliet"], 2, "Mark");
}

#[test]
fn judy_sees_a_players_hand() {
    see_hand(&["Judy", "John"], 2, "Judy");
}

#[test]
fn john_sees_a_players_hand() {
    see_hand(&["Judy", "John"], 2, "John");
}

#[test]
fn jamie_gets_a_card_that_is_not_the_named_colour_la17() {
    let g = game();
    let mut s = ready(&g, 2, &["Jamie", "Aurelia"]);
    give(&g, &mut s, 1, &["Harry", "Karl"]);
    score_and_use(&g, &mut s, &["Jamie", "Aurelia"], 2, "Jamie");
    act(&g, &mut s, Choose(1));
    assert_eq!(legal(&g, &s).len(), 4, "red, blue, pink or black (LA-27)");
    act(&g, &mut s, Value(0));
    assert_eq!((s.actor, legal(&g, &s)), (1, vec![Hand(g.card("Karl"))]));
    act(&g, &mut s, Hand(g.card("Karl")));
    assert!(has(&g, &s, 0, "Karl"));
    draw(&g, &mut s, &[]);
    done(&s);
    // Every card of the named colour: nothing to give.
    let mut s = ready(&g, 2, &["Jamie", "Aurelia"]);
    give(&g, &mut s, 1, &["Harry", "Mia"]);
    score_and_use(&g, &mut s, &["Jamie", "Aurelia"], 2, "Jamie");
    act(&g, &mut s, Choose(1));
    act(&g, &mut s, Value(0));
    assert_eq!(legal(&g, &s), vec![No]);
}

#[test]
fn aurelia_scores_2_unless_a_step_1_ask_named_jamie_or_aurelia_la41() {
    let g = game();
    let mut s = ready(&g, 2, &["Jamie", "Aurelia"]);
    score_and_use(&g, &mut s, &["Jamie", "Aurelia"], 2, "Aurelia");
    assert_eq!(s.scores[0], 4);
    let mut s = ready(&g, 2, &["Jamie", "Aurelia"]);
    act(&g, &mut s, Ask(1));
    act(&g, &mut s, Kind(AskKind::Name));
    act(&g, &mut s, Value(g.card("Jamie")));
    act(&g, &mut s, No);
    draw(&g, &mut s, &["Joe"]);
    act(&g, &mut s, Score(opt(&g, &["Jamie", "Aurelia"], 2)));
    act(&g, &mut s, Ability(g.card("Aurelia")));
    assert_eq!(s.scores[0], 2);
}

#[test]
fn sarah_has_no_ability() {
    let g = game();
    let mut s = ready(&g, 2, &["Sarah", "Karl"]);
    score_and_use(&g, &mut s, &["Sarah", "Karl"], 2, "Sarah");
    done(&s);
    assert_eq!(s.tracks[0], [1, 0, 0, 0]);
}

#[test]
fn karl_gives_a_point_on_professional_and_romance_la16() {
    let g = game();
    let mut s = ready(&g, 2, &["Sarah", "Karl"]);
    score_and_use(&g, &mut s, &["Sarah", "Karl"], 2, "Karl");
    assert_eq!(s.tracks[0], [2, 0, 1, 0]);
}

#[test]
fn harriet_every_holder_puts_in_a_card_dealt_back_at_random_la45() {
    let g = game();
    let mut s = ready(&g, 3, &["Harriet", "Colin", "Joe"]);
    give(&g, &mut s, 1, &["Karen"]);
    score_and_use(&g, &mut s, &["Harriet", "Colin"], 2, "Harriet");
    assert_eq!((s.phase, s.actor), (Phase::Contribute, 0));
    act(&g, &mut s, Hand(g.card("Joe")));
    assert_eq!(s.actor, 1, "seat 2 holds nothing and takes no part");
    act(&g, &mut s, Hand(g.card("Karen")));
    assert_eq!(s.phase, Phase::ShuffleDeal);
    pick(&g, &mut s, &[0, 0]);
    assert!(has(&g, &s, 0, "Karen") && has(&g, &s, 1, "Joe"));
    done(&s);
}

#[test]
fn usa_girls_every_holder_puts_in_a_card_dealt_back_at_random_la45() {
    let g = game();
    let mut s = ready(&g, 3, &["Harriet", "USA Girls"]);
    give(&g, &mut s, 1, &["Karen"]);
    give(&g, &mut s, 2, &["Judy"]);
    score_and_use(&g, &mut s, &["Harriet", "USA Girls"], 2, "USA Girls");
    act(&g, &mut s, Hand(g.card("Karen")));
    act(&g, &mut s, Hand(g.card("Judy")));
    pick(&g, &mut s, &[1, 0]);
    assert!(has(&g, &s, 1, "Judy") && has(&g, &s, 2, "Karen"));
    done(&s);
}

#[test]
fn colin_fills_the_hand_then_everyone_passes_left_la43() {
    let g = game();
    let mut s = ready(&g, 3, &["Colin", "Tony"]);
    give(&g, &mut s, 1, &["Karen"]);
    give(&g, &mut s, 2, &["Judy", "John"]);
    score_and_use(&g, &mut s, &["Colin", "Tony"], 2, "Colin");
    draw(&g, &mut s, &["Joe", "Billy", "Mark", "Peter"]);
    assert_eq!((s.phase, s.actor), (Phase::Contribute, 0));
    act(&g, &mut s, Hand(g.card("Joe")));
    act(&g, &mut s, Hand(g.card("Karen")));
    act(&g, &mut s, Hand(g.card("Judy")));
    assert!(has(&g, &s, 1, "Joe") && has(&g, &s, 2, "Karen") && has(&g, &s, 0, "Judy"));
    assert!(s.known[0][1] & bit(g.card("Joe")) != 0, "the giver knows where it went");
    assert_eq!(s.known[2][1], 0);
    done(&s);
}

#[test]
fn tony_has_two_players_swap_a_card_la18_la44() {
    let g = game();
    let mut s = ready(&g, 3, &["Colin", "Tony", "Joe"]);
    give(&g, &mut s, 1, &["Karen"]);
    give(&g, &mut s, 2, &["Judy", "John"]);
    score_and_use(&g, &mut s, &["Colin", "Tony"], 2, "Tony");
    assert_eq!(legal(&g, &s), vec![Pair(0, 1), Pair(0, 2), Pair(1, 2)], "himself included");
    act(&g, &mut s, Pair(1, 2));
    assert_eq!(s.actor, 1);
    act(&g, &mut s, Hand(g.card("Karen")));
    act(&g, &mut s, Hand(g.card("John")));
    assert!(has(&g, &s, 1, "John") && has(&g, &s, 2, "Karen"));
    assert!(s.known[1][2] & bit(g.card("Karen")) != 0);
    done(&s);
}

fn track_any(who: &str, track: u8) {
    let g = game();
    let mut s = ready(&g, 2, &["Joe", "Billy"]);
    score_and_use(&g, &mut s, &["Joe", "Billy"], 2, who);
    assert_eq!(legal(&g, &s), (0..4).map(Track).collect::<Vec<_>>());
    act(&g, &mut s, Track(track));
    done(&s);
    let mut want = [0, 0, 1, 0];
    want[track as usize] += 1;
    assert_eq!(s.tracks[0], want);
}

#[test]
fn joe_gives_one_on_any_track_la16() {
    track_any("Joe", 3);
}

#[test]
fn billy_gives_one_on_any_track_la16() {
    track_any("Billy", 0);
}
