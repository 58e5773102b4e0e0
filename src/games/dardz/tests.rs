//! DARDZ rule tests. Each test names the rule it checks (RULINGS ID or the rulebook's
//! words) and builds the state it needs directly; chance is driven by a scripted chance source (`core::ScriptedChance`) through
//! the same code the matches run.

use std::path::Path;

use super::*;
use crate::core::rules::{self, Rules, apply_file};
use crate::core::{ScriptedChance, conformance};

/// Scripted chance through the core's [`ScriptedChance`]: dice in order, and the cards to
/// draw in order (when a wanted card is not given, the first kind left in the pile is drawn).
fn script(dice: &[u8], cards: &[Card]) -> ScriptedChance {
    ScriptedChance::new()
        .dice(dice.iter().map(|&d| d as u32))
        .draws(cards.iter().map(|c| c.index()))
        .then_first_kind()
}

fn script_dice(dice: &[u8]) -> ScriptedChance {
    script(dice, &[])
}

fn n(x: u8) -> Card {
    Card::number(x)
}
const SKULL: Card = ActionCard::Skull.card();
const CLOCK: Card = ActionCard::Clock.card();
const JACKPOT: Card = ActionCard::Jackpot.card();
const ROLL_OFF: Card = ActionCard::RollOff.card();
const BOOST: Card = ActionCard::BoostEm.card();
const BUNK: Card = ActionCard::BunkEm.card();

fn game() -> Dardz {
    Dardz::new(DardzRules::default())
}

fn rules_with(change: impl FnOnce(&mut DardzRules)) -> DardzRules {
    let mut rules = DardzRules::default();
    change(&mut rules);
    rules
}

fn game_with(change: impl FnOnce(&mut DardzRules)) -> Dardz {
    Dardz::new(rules_with(change))
}

/// A round-1 state at the start of seat 0's first turn, waiting for the first roll, with
/// empty hands and piles (cards are placed with [`give`] and [`pile`]).
fn table(g: &Dardz, players: usize) -> DardzState {
    let mut s = g.new_state(players);
    s.round = 1;
    s.turns = 1;
    s.roller = 0;
    s.stage = Stage::Roll1;
    s.phase = Phase::Roll;
    s
}

fn take_from_deck(s: &mut DardzState, card: Card) {
    assert!(s.deck[card.index()] > 0, "no {} left", card.label());
    s.deck[card.index()] -= 1;
    s.deck_len -= 1;
}

/// Move cards from the draw pile into `seat`'s hand.
fn give(s: &mut DardzState, seat: usize, cards: &[Card]) {
    for &card in cards {
        take_from_deck(s, card);
        let since = s.turns as u16;
        s.hands[seat].push(card, since);
    }
}

/// Move cards from the draw pile into `seat`'s points pile.
fn pile(s: &mut DardzState, seat: usize, cards: &[Card]) {
    for &card in cards {
        take_from_deck(s, card);
        s.piles[seat][card.index()] += 1;
        s.pile_len[seat] += 1;
    }
}

/// Move `count` cheap number cards (3s, 4s, 5s, then 1s and 2s) into `seat`'s pile.
fn pile_filler(s: &mut DardzState, seat: usize, count: usize) {
    for _ in 0..count {
        let card = [3u8, 4, 5, 1, 2]
            .into_iter()
            .map(n)
            .find(|c| s.deck[c.index()] > 0)
            .expect("filler left");
        pile(s, seat, &[card]);
    }
}

fn legal(g: &Dardz, s: &DardzState) -> Vec<DardzAction> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out
}

fn ok(g: &Dardz, s: &DardzState) {
    if let Err(e) = g.check_invariants(s) {
        panic!("{e}\n{}", g.render(s));
    }
}

fn hand(s: &DardzState, seat: usize) -> Vec<Card> {
    s.hands[seat].cards().to_vec()
}

/// A state at seat 0's `stage` roll with the given dice rolled next.
fn roll(g: &Dardz, s: &mut DardzState, stage: Stage, dice: &[u8]) {
    s.stage = stage;
    s.phase = Phase::Roll;
    g.resolve_chance(s, &mut script_dice(dice));
}

use DardzAction::{Guess, Pass, Pick, Play};

// ----- the deck and the deal -------------------------------------------------------------

#[test]
fn dz1_deck_is_90_cards_six_per_number_one_golden_three_per_action() {
    let g = game();
    let copies = g.rules().copies();
    assert_eq!(g.rules().total_cards(), 90);
    for (k, &count) in copies[..12].iter().enumerate() {
        let expected = if k == 6 { 5 } else { 6 };
        assert_eq!(count, expected, "number {}", k + 1);
    }
    assert_eq!(copies[Card::GOLDEN_7.index()], 1);
    for a in ActionCard::ALL {
        assert_eq!(copies[a.card().index()], 3, "{a:?}");
    }
}

#[test]
fn deal_gives_three_face_up_cards_each_and_g1_seat_0_starts_round_1() {
    let g = game();
    let mut s = g.new_state(4);
    assert_eq!(g.turn(&s), Turn::Chance);
    // Deal only number cards so that no action card is played at once.
    let mut script = script(&[], &[]);
    g.resolve_chance(&mut s, &mut script);
    assert_eq!(s.round, 1);
    assert_eq!(s.roller, 0);
    assert_eq!(s.turns, 1);
    for seat in 0..4 {
        assert_eq!(s.hands[seat].len, 3);
    }
    assert_eq!(s.deck_len, 78);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll1));
    ok(&g, &s);
}

// ----- the rolls and their options -------------------------------------------------------

#[test]
fn first_roll_has_no_choice_and_every_holder_scores_all_copies() {
    // "There's no choice on the first roll. Any player with this number in their hand adds
    // it to their points pile ... (If you have multiples ... add them all ... at the same
    // time.)"
    let g = game();
    let mut s = table(&g, 3);
    give(&mut s, 0, &[n(4), n(9), n(12)]);
    give(&mut s, 1, &[n(4), n(4), n(7)]);
    give(&mut s, 2, &[n(5), n(6), n(8)]);
    roll(&g, &mut s, Stage::Roll1, &[4]);
    assert_eq!(s.pile_len[..3], [1, 2, 0]);
    assert_eq!(hand(&s, 1), vec![n(7)]);
    // No decision: the holders draw back, then the second roll.
    assert_eq!(g.turn(&s), Turn::Chance);
    assert_eq!((s.phase, s.draw_mask), (Phase::Draw, 0b011));
    g.resolve_chance(&mut s, &mut script(&[], &[n(10), n(11), n(11)]));
    assert_eq!(hand(&s, 0), vec![n(9), n(12), n(10)]);
    assert_eq!(hand(&s, 1), vec![n(7), n(11), n(11)]);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll2));
    ok(&g, &s);
}

#[test]
fn first_roll_nobody_holds_moves_on_to_the_second_roll() {
    // "On your first roll, if nobody has the number rolled move onto your second roll."
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(4), n(9), n(12)]);
    give(&mut s, 1, &[n(4), n(8), n(7)]);
    roll(&g, &mut s, Stage::Roll1, &[6]);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll2));
    assert_eq!(s.pile_len[..2], [0, 0]);
}

#[test]
fn second_roll_offers_either_die_or_the_sum_or_nothing() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(3), n(8), n(12)]);
    give(&mut s, 1, &[n(5), n(6), n(7)]);
    roll(&g, &mut s, Stage::Roll2, &[3, 5]);
    assert_eq!(g.turn(&s), Turn::Player(Seat(0)));
    assert_eq!(legal(&g, &s), vec![Pick(3), Pick(5), Pick(8), Pass]);
    // The player may take a number only another player holds, or nothing.
    g.apply(&mut s, Pick(5));
    assert_eq!(s.pile_len[..2], [0, 1]);
    assert_eq!((s.phase, s.stage), (Phase::Draw, Stage::Roll3));
}

#[test]
fn second_roll_pass_goes_to_the_third_roll_and_no_option_passes_by_itself() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(3), n(8), n(12)]);
    give(&mut s, 1, &[n(5), n(6), n(7)]);
    roll(&g, &mut s, Stage::Roll2, &[3, 5]);
    g.apply(&mut s, Pass);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll3));
    assert_eq!(s.pile_len[..2], [0, 0]);
    // 1, 1: nobody holds 1 or 2, so nothing can be taken and the roll passes itself.
    let mut t = table(&g, 2);
    give(&mut t, 0, &[n(3), n(8), n(12)]);
    give(&mut t, 1, &[n(5), n(6), n(7)]);
    roll(&g, &mut t, Stage::Roll2, &[1, 1]);
    assert_eq!((t.phase, t.stage), (Phase::Roll, Stage::Roll3));
}

#[test]
fn pass_rule_only_without_own_match_forces_a_pick_when_own_hand_matches() {
    // The Q&A: "You're allowed to pick nothing on your 2nd and 3rd rolls if no option
    // matches what's in your hand" (parameter `pass_rule`).
    let g = game_with(|r| r.pass_rule = PassRule::OnlyWithoutOwnMatch);
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(3), n(9), n(12)]);
    give(&mut s, 1, &[n(5), n(6), n(8)]);
    roll(&g, &mut s, Stage::Roll2, &[3, 5]);
    assert_eq!(legal(&g, &s), vec![Pick(3), Pick(5), Pick(8)]);
    // Nothing of the roller's own matches: nothing is allowed again.
    let mut t = table(&g, 2);
    give(&mut t, 0, &[n(2), n(9), n(12)]);
    give(&mut t, 1, &[n(5), n(6), n(8)]);
    roll(&g, &mut t, Stage::Roll3, &[3, 5, 1]);
    assert_eq!(legal(&g, &t), vec![Pick(5), Pick(6), Pick(8), Pass]);
}

#[test]
fn third_roll_offers_any_die_or_any_pair_never_all_three() {
    // "chooses any single die, the sum of any two dice, or picks nothing. You can't add all
    // three dice together."
    let g = game();
    let mut s = table(&g, 3);
    give(&mut s, 0, &[n(1), n(2), n(7)]);
    give(&mut s, 1, &[n(3), n(4), n(5)]);
    give(&mut s, 2, &[n(6), n(9), n(12)]);
    roll(&g, &mut s, Stage::Roll3, &[1, 2, 4]);
    // Singles 1, 2, 4; pairs 3, 5, 6; never 7 = 1 + 2 + 4.
    assert_eq!(legal(&g, &s), vec![Pick(1), Pick(2), Pick(3), Pick(4), Pick(5), Pick(6), Pass]);
}

#[test]
fn third_roll_pick_in_own_hand_draws_back_to_3_then_bonus_roll() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(6), n(9), n(10)]);
    give(&mut s, 1, &[n(6), n(2), n(2)]);
    roll(&g, &mut s, Stage::Roll3, &[6, 1, 1]);
    g.apply(&mut s, Pick(6));
    // Both holders score and draw a new card; then the roller's Bonus Roll.
    assert_eq!(s.pile_len[..2], [1, 1]);
    assert_eq!((s.phase, s.stage, s.draw_mask), (Phase::Draw, Stage::Bonus, 0b11));
    g.resolve_chance(&mut s, &mut script(&[], &[n(11), n(12)]));
    assert_eq!(hand(&s, 0), vec![n(9), n(10), n(11)]);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Bonus));
    ok(&g, &s);
}

#[test]
fn third_roll_number_not_in_own_hand_ends_the_turn() {
    // "If you don't roll a number in hand, your turn is over."
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(9), n(10), n(11)]);
    give(&mut s, 1, &[n(5), n(2), n(2)]);
    roll(&g, &mut s, Stage::Roll3, &[5, 1, 6]);
    g.apply(&mut s, Pick(5));
    assert_eq!(s.pile_len[..2], [0, 1]);
    g.resolve_chance(&mut s, &mut script(&[], &[n(12)]));
    // Seat 1's turn starts.
    assert_eq!((s.roller, s.turns), (1, 2));
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll1));
}

#[test]
fn three_of_a_kind_gives_20_at_once_and_still_acts_as_the_third_roll() {
    // "If you roll 3-of-a-kind you instantly get +20 points!" and "those 3 dice still act as
    // your third roll."
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(4), n(8), n(10)]);
    give(&mut s, 1, &[n(5), n(2), n(2)]);
    roll(&g, &mut s, Stage::Roll3, &[4, 4, 4]);
    assert_eq!(s.scores[0], 20);
    assert_eq!(s.stats.three_of_a_kind, 1);
    assert!(s.round1_bonus_scored);
    assert_eq!(legal(&g, &s), vec![Pick(4), Pick(8), Pass]);
    g.apply(&mut s, Pick(8));
    assert_eq!(s.stage, Stage::Bonus);
}

#[test]
fn bonus_roll_offers_either_die_or_the_sum_from_own_hand_only() {
    // "Choose either single die or the sum of both dice. Only the player that's on the Bonus
    // Roll can add cards to their points pile!"
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(3), n(8), n(11)]);
    give(&mut s, 1, &[n(3), n(5), n(8)]);
    roll(&g, &mut s, Stage::Bonus, &[3, 5]);
    assert_eq!(legal(&g, &s), vec![Pick(3), Pick(8)]);
    g.apply(&mut s, Pick(8));
    assert_eq!(s.pile_len[..2], [1, 0]);
    assert_eq!(hand(&s, 1), vec![n(3), n(5), n(8)]);
    // "add it to your points pile but don't draw a new card"; roll again.
    assert_eq!((s.phase, s.stage, s.draw_mask), (Phase::Roll, Stage::Bonus, 0));
    assert_eq!(hand(&s, 0), vec![n(3), n(11)]);
}

#[test]
fn bonus_roll_single_option_is_taken_without_a_decision() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(3), n(9), n(12)]);
    give(&mut s, 1, &[n(4), n(7), n(2)]);
    roll(&g, &mut s, Stage::Bonus, &[3, 4]);
    assert_eq!(hand(&s, 0), vec![n(9), n(12)]);
    assert_eq!(s.event.auto_pick, 3);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Bonus));
}

#[test]
fn bonus_roll_without_a_number_in_hand_ends_the_turn_and_hand_refills_to_3() {
    // "If you don't roll a number in hand at any point during your Bonus Roll your turn is
    // over." and "Make sure you have 3 cards in your hand after your turn is finished."
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(9), n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    roll(&g, &mut s, Stage::Bonus, &[1, 2]);
    assert_eq!((s.phase, s.draw_mask), (Phase::Draw, 0b01));
    g.resolve_chance(&mut s, &mut script(&[], &[n(10)]));
    assert_eq!(hand(&s, 0), vec![n(9), n(12), n(10)]);
    assert_eq!((s.roller, s.stage, s.phase), (1, Stage::Roll1, Phase::Roll));
}

#[test]
fn clean_em_up_gives_5_and_ends_the_turn() {
    // "If you clean 'em up you instantly get +5 points and your turn is over."
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(3), n(5), n(11)]);
    give(&mut s, 1, &[n(1), n(2), n(4)]);
    roll(&g, &mut s, Stage::Bonus, &[5, 6]);
    assert_eq!(legal(&g, &s), vec![Pick(5), Pick(11)]);
    g.apply(&mut s, Pick(11));
    roll(&g, &mut s, Stage::Bonus, &[3, 2]);
    // 3 and 5 are both offered: a decision.
    assert_eq!(legal(&g, &s), vec![Pick(3), Pick(5)]);
    g.apply(&mut s, Pick(5));
    assert_eq!(s.scores[0], 0);
    roll(&g, &mut s, Stage::Bonus, &[1, 2]);
    assert_eq!(s.hands[0].len, 0);
    assert_eq!(s.scores[0], 5);
    assert_eq!(s.stats.clean_ups, 1);
    assert_eq!(s.stats.ways[Way::CleanUp as usize], 5);
    // The turn is over: draw back to 3, then seat 1.
    assert_eq!((s.phase, s.draw_mask), (Phase::Draw, 0b01));
    g.resolve_chance(&mut s, &mut script(&[], &[n(2), n(2), n(2)]));
    assert_eq!(s.roller, 1);
}

#[test]
fn golden_7_scores_on_a_7_and_is_worth_10() {
    // DZ-1: "not an action card, just worth more"; DZ-2: Golden 7 = +10.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[Card::GOLDEN_7, n(7), n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(4)]);
    roll(&g, &mut s, Stage::Roll2, &[3, 4]);
    g.apply(&mut s, Pick(7));
    assert_eq!(s.pile_len[0], 2);
    assert_eq!(s.pile_points(0, g.values()), 10 + 4);
}

#[test]
fn drawing_the_number_just_scored_does_nothing() {
    // "If you draw the same number you just added to your points pile, nothing happens."
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(4), n(9), n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    roll(&g, &mut s, Stage::Roll1, &[4]);
    g.resolve_chance(&mut s, &mut script(&[], &[n(4)]));
    assert_eq!(hand(&s, 0), vec![n(9), n(12), n(4)]);
    assert_eq!(s.pile_len[0], 1);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll2));
}

// ----- action cards ----------------------------------------------------------------------

#[test]
fn dz3_skull_goes_to_the_pile_worth_minus_5_and_the_turn_goes_on() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[SKULL, n(9), n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    g.advance(&mut s);
    assert_eq!(s.piles[0][SKULL.index()], 1);
    assert_eq!(s.pile_points(0, g.values()), -5);
    // A replacement is drawn, then the first roll.
    assert_eq!(s.phase, Phase::Draw);
    g.resolve_chance(&mut s, &mut script(&[], &[n(5)]));
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll1));
    assert_eq!(hand(&s, 0), vec![n(9), n(12), n(5)]);
}

#[test]
fn dz3_clock_draws_then_every_hand_passes_to_the_left() {
    let g = game();
    let mut s = table(&g, 3);
    give(&mut s, 0, &[CLOCK, n(2), n(3)]);
    give(&mut s, 1, &[n(4), n(5), n(6)]);
    give(&mut s, 2, &[n(8), n(9), n(10)]);
    g.advance(&mut s);
    assert_eq!(s.piles[0][CLOCK.index()], 1);
    assert_eq!(s.phase, Phase::Draw);
    g.resolve_chance(&mut s, &mut script(&[], &[n(11)]));
    // Seat 0's new hand (with the drawn 11) went to seat 1, and so on around the table.
    assert_eq!(hand(&s, 1), vec![n(2), n(3), n(11)]);
    assert_eq!(hand(&s, 2), vec![n(4), n(5), n(6)]);
    assert_eq!(hand(&s, 0), vec![n(8), n(9), n(10)]);
    assert!(s.event.passed);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll1));
    ok(&g, &s);
}

#[test]
fn dz3_clock_passes_action_cards_the_new_holder_plays_in_turn() {
    // The roller receives the right neighbour's Skull during their own turn: it is played at
    // once (DZ-4), with a replacement.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[CLOCK, n(2), n(3)]);
    give(&mut s, 1, &[SKULL, n(5), n(6)]);
    g.advance(&mut s);
    g.resolve_chance(&mut s, &mut script(&[], &[n(11)]));
    // Seat 0 now holds seat 1's old hand and plays its Skull.
    assert_eq!(s.piles[0][SKULL.index()], 1);
    assert_eq!(hand(&s, 1), vec![n(2), n(3), n(11)]);
    assert_eq!(s.phase, Phase::Draw);
    g.resolve_chance(&mut s, &mut script(&[], &[n(12)]));
    assert_eq!(hand(&s, 0), vec![n(5), n(6), n(12)]);
}

#[test]
fn dz3_jackpot_names_a_number_and_scores_15_at_once_if_right() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[JACKPOT, n(9), n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    g.advance(&mut s);
    assert_eq!(g.turn(&s), Turn::Player(Seat(0)));
    assert_eq!(legal(&g, &s), (1..=6).map(Guess).collect::<Vec<_>>());
    let mut miss = s;
    g.apply(&mut s, Guess(4));
    g.resolve_chance(&mut s, &mut script_dice(&[4]));
    assert_eq!(s.scores[0], 15);
    assert_eq!(s.piles[0][JACKPOT.index()], 1);
    assert_eq!((s.stats.jackpot_hits, s.stats.jackpot_points), (1, 15));
    assert!(s.round1_bonus_scored);
    g.apply(&mut miss, Guess(4));
    g.resolve_chance(&mut miss, &mut script_dice(&[5]));
    assert_eq!(miss.scores[0], 0);
    assert_eq!(miss.piles[0][JACKPOT.index()], 1);
    assert!(!miss.round1_bonus_scored);
}

#[test]
fn dz3_dz8_roll_off_tie_is_rerolled_and_the_higher_roller_takes_the_card() {
    let g = game();
    let mut s = table(&g, 3);
    give(&mut s, 0, &[ROLL_OFF, n(9), n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    give(&mut s, 2, &[n(4), n(5), n(6)]);
    g.advance(&mut s);
    assert_eq!(s.phase, Phase::ActionDice(ActionCard::RollOff));
    // 3-3 is a tie, rolled again: seat 0 rolls 2, seat 1 (on the left) rolls 5.
    let mut script = script_dice(&[3, 3, 2, 5]);
    g.resolve_chance(&mut s, &mut script);
    assert!(script.is_spent());
    assert_eq!(s.piles[1][ROLL_OFF.index()], 1);
    assert_eq!(s.pile_len[..3], [0, 1, 0]);
    // The roller draws a replacement and goes on with the turn.
    assert_eq!((s.phase, s.draw_mask), (Phase::Draw, 0b001));
    let mut won = table(&g, 3);
    give(&mut won, 0, &[ROLL_OFF, n(9), n(12)]);
    g.advance(&mut won);
    g.resolve_chance(&mut won, &mut script_dice(&[6, 1]));
    assert_eq!(won.piles[0][ROLL_OFF.index()], 1);
}

#[test]
fn dz3_boost_em_gives_the_sum_to_everyone_in_last_place_and_nobody_if_all_tied() {
    let g = game();
    let mut s = table(&g, 4);
    s.round = 2;
    s.scores[..4].copy_from_slice(&[10, 3, 3, 20]);
    give(&mut s, 0, &[BOOST, n(9), n(12)]);
    g.advance(&mut s);
    g.resolve_chance(&mut s, &mut script_dice(&[2, 6]));
    assert_eq!(s.scores[..4], [10, 11, 11, 20]);
    assert_eq!(s.piles[0][BOOST.index()], 1);
    assert_eq!(s.stats.boost_points, 16);
    let mut tied = table(&g, 4);
    tied.round = 2;
    tied.scores[..4].copy_from_slice(&[7, 7, 7, 7]);
    give(&mut tied, 0, &[BOOST, n(9), n(12)]);
    g.advance(&mut tied);
    g.resolve_chance(&mut tied, &mut script_dice(&[2, 6]));
    assert_eq!(tied.scores[..4], [7, 7, 7, 7]);
    assert_eq!(tied.piles[0][BOOST.index()], 1);
}

#[test]
fn dz3_bunk_em_hits_the_leader_even_when_it_is_the_player_never_below_0() {
    // "If you're in first place and you have a Bunk 'em card, you have to play it and bunk
    // yourself."
    let g = game();
    let mut s = table(&g, 3);
    s.round = 2;
    s.scores[..3].copy_from_slice(&[30, 5, 12]);
    give(&mut s, 0, &[BUNK, n(9), n(12)]);
    g.advance(&mut s);
    g.resolve_chance(&mut s, &mut script_dice(&[6, 6]));
    assert_eq!(s.scores[..3], [18, 5, 12]);
    assert_eq!(s.stats.bunk_points, -12);
    let mut low = table(&g, 3);
    low.round = 2;
    low.scores[..3].copy_from_slice(&[4, 9, 9]);
    low.roller = 0;
    give(&mut low, 0, &[BUNK, n(9), n(12)]);
    g.advance(&mut low);
    g.resolve_chance(&mut low, &mut script_dice(&[5, 6]));
    // Both leaders fall to 0, not below; the player (not a leader) is untouched.
    assert_eq!(low.scores[..3], [4, 0, 0]);
    assert_eq!(low.stats.bunk_points, -18);
    assert_eq!(low.stats.ways[Way::ActionCards as usize], -18);
}

#[test]
fn dz3_round_one_boost_and_bunk_do_nothing_until_a_jackpot_or_triple_scored() {
    let play = |g: &Dardz, card: Card, bonus_scored: bool| {
        let mut s = table(g, 2);
        s.scores[..2].copy_from_slice(&[5, 0]); // a clean-up does not unlock them
        s.round1_bonus_scored = bonus_scored;
        give(&mut s, 0, &[card, n(9), n(12)]);
        g.advance(&mut s);
        g.resolve_chance(&mut s, &mut script_dice(&[3, 4]));
        [s.scores[0], s.scores[1]]
    };
    let found = game();
    assert_eq!(play(&found, BOOST, false), [5, 0]);
    assert_eq!(play(&found, BOOST, true), [5, 7]);
    assert_eq!(play(&found, BUNK, false), [5, 0]);
    assert_eq!(play(&found, BUNK, true), [0, 0]);
    let never = game_with(|r| r.round1_boost_bunk = RoundOneBoostBunk::Never);
    assert_eq!(play(&never, BOOST, true), [5, 0]);
    assert_eq!(play(&never, BUNK, true), [5, 0]);
    let always = game_with(|r| r.round1_boost_bunk = RoundOneBoostBunk::Always);
    assert_eq!(play(&always, BOOST, false), [5, 7]);
}

#[test]
fn dz4_several_action_cards_are_all_played_in_the_order_the_player_chooses() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[SKULL, JACKPOT, SKULL]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    g.advance(&mut s);
    assert_eq!(g.turn(&s), Turn::Player(Seat(0)));
    assert_eq!(legal(&g, &s), vec![Play(ActionCard::Skull), Play(ActionCard::Jackpot)]);
    g.apply(&mut s, Play(ActionCard::Jackpot));
    assert_eq!(s.phase, Phase::Guess);
    g.apply(&mut s, Guess(1));
    g.resolve_chance(&mut s, &mut script_dice(&[2]));
    // Replacement drawn; then the two Skulls (one kind) are played without asking.
    assert_eq!(s.phase, Phase::Draw);
    g.resolve_chance(&mut s, &mut script(&[], &[n(9)]));
    assert_eq!(s.piles[0][SKULL.index()], 1);
    g.resolve_chance(&mut s, &mut script(&[], &[n(10)]));
    assert_eq!(s.piles[0][SKULL.index()], 2);
    g.resolve_chance(&mut s, &mut script(&[], &[n(11)]));
    assert_eq!(hand(&s, 0), vec![n(9), n(10), n(11)]);
    // Their rolls are not among the turn's three: the first roll is still to come.
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll1));
}

#[test]
fn dz4_action_card_drawn_in_turn_is_played_at_once_received_outside_waits() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(4), n(9), n(12)]);
    give(&mut s, 1, &[n(4), n(2), n(3)]);
    roll(&g, &mut s, Stage::Roll1, &[4]);
    // Seat 0 (roller) draws a Skull, seat 1 draws a Jackpot.
    g.resolve_chance(&mut s, &mut script(&[], &[SKULL, JACKPOT]));
    assert_eq!(s.piles[0][SKULL.index()], 1);
    assert_eq!(s.hands[1].count(JACKPOT), 1);
    assert_eq!(s.phase, Phase::Draw);
    g.resolve_chance(&mut s, &mut script(&[], &[n(5)]));
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll2));
    // Seat 1's Jackpot waits for seat 1's turn, and is played at its start.
    assert_eq!(s.hands[1].count(JACKPOT), 1);
    s.stage = Stage::EndTurn;
    g.advance(&mut s);
    assert_eq!((s.roller, s.phase), (1, Phase::Guess));
}

#[test]
fn bonus_roll_action_card_drawn_after_third_roll_is_played_without_a_replacement() {
    // "If you drew an action card after your third roll, play it first but still don't draw
    // a new card. Then continue your Bonus Roll."
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(6), n(9), n(10)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    roll(&g, &mut s, Stage::Roll3, &[6, 4, 5]);
    g.apply(&mut s, Pick(6));
    g.resolve_chance(&mut s, &mut script(&[], &[SKULL]));
    assert_eq!(s.piles[0][SKULL.index()], 1);
    assert_eq!(hand(&s, 0), vec![n(9), n(10)]);
    assert_eq!((s.phase, s.stage, s.draw_mask), (Phase::Roll, Stage::Bonus, 0));
}

#[test]
fn bonus_roll_clock_draws_no_replacement_but_the_hands_still_pass_left() {
    // Rulebook Q&A: "If you drew an action card after your third roll, play it first but
    // still don't draw a new card." That holds for the Clock too; its pass (DZ-3) still
    // happens.
    let g = game();
    let mut s = table(&g, 3);
    give(&mut s, 0, &[n(6), n(9), n(10)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    give(&mut s, 2, &[n(4), n(5), n(8)]);
    roll(&g, &mut s, Stage::Roll3, &[6, 1, 1]);
    g.apply(&mut s, Pick(6));
    assert_eq!((s.phase, s.stage, s.draw_mask), (Phase::Draw, Stage::Bonus, 0b001));
    let deck_before = s.deck_len;
    // The roller's replacement for the 6 is a Clock, played at once on the Bonus Roll.
    g.resolve_chance(&mut s, &mut script(&[], &[CLOCK]));
    assert_eq!(s.piles[0][CLOCK.index()], 1);
    assert_eq!(s.pile_len[..3], [2, 0, 0]);
    // No replacement for the Clock: nothing more left the draw pile, no draw is pending,
    // and the Bonus Roll goes on.
    assert_eq!(s.deck_len, deck_before - 1);
    assert_eq!((s.phase, s.stage, s.draw_mask), (Phase::Roll, Stage::Bonus, 0));
    // The hands passed to the left: the roller's 2-card hand went to seat 1 unrefilled.
    assert!(s.event.passed);
    assert_eq!(hand(&s, 1), vec![n(9), n(10)]);
    assert_eq!(hand(&s, 2), vec![n(1), n(2), n(3)]);
    assert_eq!(hand(&s, 0), vec![n(4), n(5), n(8)]);
    ok(&g, &s);
    // Our reading (mod.rs): only the roller draws back at the turn's end ("Make sure you
    // have 3 cards in your hand after your turn is finished"), so seat 1 starts its turn
    // with the 2 cards it was passed. 6 6 offers 6 and 12, neither in seat 0's hand.
    g.resolve_chance(&mut s, &mut script_dice(&[6, 6]));
    assert_eq!(s.draw_mask, 0, "the roller already holds 3 cards");
    assert_eq!((s.roller, s.phase, s.stage), (1, Phase::Roll, Stage::Roll1));
    assert_eq!(hand(&s, 1), vec![n(9), n(10)]);
    ok(&g, &s);
}

#[test]
fn action_card_drawn_at_the_end_of_turn_refill_waits_for_the_next_turn() {
    // Our reading of DZ-4 (the rulebook is silent): the refill "after your turn is finished"
    // is after the turn, so an action card drawn then waits like one received outside it.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(9), n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    roll(&g, &mut s, Stage::Bonus, &[1, 2]);
    g.resolve_chance(&mut s, &mut script(&[], &[SKULL]));
    assert_eq!(s.hands[0].count(SKULL), 1);
    assert_eq!(s.piles[0][SKULL.index()], 0);
    assert_eq!((s.roller, s.phase), (1, Phase::Roll));
}

#[test]
fn action_card_redraw_parameter_turns_the_replacement_off_but_not_the_clocks() {
    let g = game_with(|r| r.action_card_redraw = false);
    let mut s = table(&g, 2);
    give(&mut s, 0, &[SKULL, n(9), n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    g.advance(&mut s);
    assert_eq!((s.phase, s.draw_mask), (Phase::Roll, 0));
    assert_eq!(s.hands[0].len, 2);
    let mut c = table(&g, 2);
    give(&mut c, 0, &[CLOCK, n(9), n(12)]);
    g.advance(&mut c);
    assert_eq!((c.phase, c.draw_mask), (Phase::Draw, 0b01));
}

#[test]
fn bonus_roll_with_an_empty_hand_ends_the_turn_without_rolling() {
    // The third roll took the roller's whole hand and the draw pile is empty.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(5), n(5), n(5)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    s.pile_len[1] = 9; // seat 1 can still reach 10, so the round goes on
    s.deck = [0; NUM_KINDS];
    s.deck_len = 0;
    roll(&g, &mut s, Stage::Roll3, &[5, 1, 6]);
    g.apply(&mut s, Pick(5));
    assert_eq!(s.pile_len[0], 3);
    assert_eq!(s.stats.clean_ups, 0);
    assert_eq!((s.roller, s.stage, s.phase), (1, Stage::Roll1, Phase::Roll));
}

// ----- rounds ----------------------------------------------------------------------------

#[test]
fn round_ends_the_moment_a_pile_reaches_10_cards_with_plus_10_and_piles_scored() {
    let g = game();
    let mut s = table(&g, 3);
    pile_filler(&mut s, 0, 9);
    pile_filler(&mut s, 1, 2);
    pile(&mut s, 2, &[n(12), n(12), n(12), n(12)]);
    give(&mut s, 0, &[n(8), n(9), n(10)]);
    give(&mut s, 1, &[n(8), n(2), n(11)]);
    give(&mut s, 2, &[n(5), n(6), n(7)]);
    roll(&g, &mut s, Stage::Roll2, &[3, 5]);
    g.apply(&mut s, Pick(8));
    // Immediately over: no draws, no third roll.
    assert_eq!(s.phase, Phase::RoundEnd);
    assert_eq!(s.win_mask, 0b001);
    ok(&g, &s);
    let piles: Vec<i32> = (0..3).map(|i| s.pile_points(i, g.values())).collect();
    // Seat 1 ends with 3 cards: the Lucky Loser roll, 2 x 5.
    g.resolve_chance(&mut s, &mut script_dice(&[2, 5]));
    assert_eq!(s.scores[0], 10 + piles[0]);
    assert_eq!(s.scores[1], piles[1] + 10);
    assert_eq!(s.scores[2], piles[2]);
    assert_eq!(s.stats.round_wins[..3], [1, 0, 0]);
    assert_eq!(s.stats.lucky_loser_rolls, 1);
    assert_eq!(s.phase, Phase::Deal);
}

#[test]
fn dz5_simultaneous_10_most_cards_wins_and_keeps_them() {
    // "If a player reaches 10 cards at the same time another player reaches 11 or 12 cards,
    // the player with the most cards wins the round."
    let g = game();
    let mut s = table(&g, 2);
    pile_filler(&mut s, 0, 9);
    pile_filler(&mut s, 1, 9);
    give(&mut s, 0, &[n(6), n(9), n(10)]);
    give(&mut s, 1, &[n(6), n(6), n(11)]);
    roll(&g, &mut s, Stage::Roll1, &[6]);
    assert_eq!(s.pile_len[..2], [10, 11]);
    assert_eq!(s.win_mask, 0b10);
    g.resolve_chance(&mut s, &mut script_dice(&[]));
    assert_eq!(s.stats.round_wins[..2], [0, 1]);
    assert_eq!(s.stats.round_win_rolloffs, 0);
}

#[test]
fn simultaneous_10_tie_is_decided_by_a_roll_off() {
    // "If multiple players get 10 cards in their points pile at the same time, they decide
    // who wins the round with a Roll-Off."
    let g = game();
    let mut s = table(&g, 3);
    pile_filler(&mut s, 0, 9);
    pile_filler(&mut s, 2, 9);
    give(&mut s, 0, &[n(6), n(9), n(10)]);
    give(&mut s, 1, &[n(1), n(2), n(8)]);
    give(&mut s, 2, &[n(6), n(11), n(12)]);
    roll(&g, &mut s, Stage::Roll1, &[6]);
    assert_eq!(s.win_mask, 0b101);
    // Roll-off: 4-4 tie, rerolled 2 (seat 0) vs 5 (seat 2); then seat 1's Lucky Loser 1x1.
    g.resolve_chance(&mut s, &mut script_dice(&[4, 4, 2, 5, 1, 1]));
    assert_eq!(s.stats.round_wins[..3], [0, 0, 1]);
    assert_eq!(s.stats.round_win_rolloffs, 1);
}

#[test]
fn lucky_loser_three_or_fewer_cards_adds_the_product_of_two_dice() {
    let g = game();
    let mut s = table(&g, 4);
    pile_filler(&mut s, 0, 10);
    pile_filler(&mut s, 1, 3);
    pile_filler(&mut s, 2, 4);
    s.round_over = true;
    s.win_mask = 0b0001;
    s.phase = Phase::RoundEnd;
    let before: Vec<i32> = (0..4).map(|i| s.pile_points(i, g.values())).collect();
    // Seats 1 (3 cards) and 3 (0 cards) roll: 3x4 and 6x6.
    g.resolve_chance(&mut s, &mut script_dice(&[3, 4, 6, 6]));
    assert_eq!(s.scores[1], before[1] + 12);
    assert_eq!(s.scores[2], before[2]);
    assert_eq!(s.scores[3], 36);
    assert_eq!(s.stats.lucky_loser_rolls, 2);
    assert_eq!(s.stats.ways[Way::LuckyLoser as usize], 48);
}

#[test]
fn scores_never_go_below_zero_with_a_pile_of_skulls() {
    // "You can't go below zero points."
    let g = game();
    let mut s = table(&g, 2);
    s.scores[..2].copy_from_slice(&[3, 0]);
    pile_filler(&mut s, 0, 10);
    pile(&mut s, 1, &[SKULL, SKULL, SKULL, n(12)]);
    s.round_over = true;
    s.win_mask = 0b01;
    s.phase = Phase::RoundEnd;
    g.resolve_chance(&mut s, &mut script_dice(&[]));
    assert_eq!(s.scores[1], 0);
    assert_eq!(s.stats.ways[Way::Piles as usize], s.scores[0] - 3 - 10);
}

/// An empty draw pile. The cards simply leave play: these tests are about the draws and
/// the reachability rule, not conservation, so they never call `ok`.
fn exhaust_deck(s: &mut DardzState) {
    s.deck = [0; NUM_KINDS];
    s.deck_len = 0;
}

#[test]
fn dz10_empty_draw_pile_plays_on_without_drawing() {
    // "If you run out of cards in the draw pile, just keep playing until someone gets 10
    // cards in their points pile."
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(4), n(9), n(12)]);
    give(&mut s, 1, &[n(4), n(2), n(3)]);
    exhaust_deck(&mut s);
    s.pile_len[..2].copy_from_slice(&[7, 2]);
    roll(&g, &mut s, Stage::Roll1, &[4]);
    assert_eq!(s.draw_mask, 0);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll2));
    assert_eq!((s.hands[0].len, s.pile_len[0]), (2, 8));
}

#[test]
fn dz10_nobody_can_reach_10_round_ends_without_the_bonus() {
    // "If that's not possible, end the round and nobody gets the +10 points."
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(4), n(9), n(12)]);
    give(&mut s, 1, &[n(4), n(2), n(3)]);
    exhaust_deck(&mut s);
    // 7 + 3 = 10: seat 0 can still make it, so play goes on.
    s.pile_len[..2].copy_from_slice(&[7, 5]);
    g.advance(&mut s);
    assert_eq!(s.phase, Phase::Roll);
    // 6 + 3 and 5 + 3: nobody can.
    s.pile_len[0] = 6;
    g.advance(&mut s);
    assert_eq!((s.phase, s.win_mask), (Phase::RoundEnd, 0));
    g.resolve_chance(&mut s, &mut script_dice(&[]));
    assert_eq!(s.stats.rounds_no_winner, 1);
    assert_eq!(s.stats.rounds_deck_empty, 1);
    assert_eq!(s.stats.ways[Way::RoundBonus as usize], 0);
}

#[test]
fn dz10_reachability_counts_roll_offs_from_the_right_and_any_clock() {
    let g = game();
    let mut s = table(&g, 3);
    s.deck = [0; NUM_KINDS];
    s.deck_len = 0;
    s.pile_len[..3].copy_from_slice(&[8, 0, 0]);
    s.hands[0].push(n(5), 1);
    assert!(!g.pile_target_reachable(&s), "8 + 1 < 10");
    // Seat 2 (on seat 0's right) holds a Roll-Off: seat 0 might win it.
    s.hands[2].push(ROLL_OFF, 1);
    assert!(g.pile_target_reachable(&s));
    s.hands[2] = Hand::default();
    s.hands[1].push(ROLL_OFF, 1);
    assert!(!g.pile_target_reachable(&s), "seat 1 is on seat 0's left");
    // A Clock anywhere may bring any hand round.
    s.hands[1].push(CLOCK, 1);
    assert!(g.pile_target_reachable(&s));
}

#[test]
fn dz9_game_ends_only_at_a_rounds_end_and_highest_score_wins() {
    // "You can't win the game in the middle of a round even if you break 150."
    let g = game();
    let mut s = table(&g, 2);
    s.scores[..2].copy_from_slice(&[145, 100]);
    give(&mut s, 0, &[n(4), n(8), n(10)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    roll(&g, &mut s, Stage::Roll3, &[5, 5, 5]);
    assert_eq!(s.scores[0], 165);
    assert_ne!(g.turn(&s), Turn::Over);
    // A Bunk 'em later in the round could still pull the leader back; the round ends:
    s.round_over = true;
    s.win_mask = 0;
    s.phase = Phase::RoundEnd;
    pile_filler(&mut s, 1, 5);
    pile_filler(&mut s, 0, 5);
    g.resolve_chance(&mut s, &mut script_dice(&[]));
    assert_eq!(g.turn(&s), Turn::Over);
    let o = g.outcome(&s);
    assert!(!o.is_capped());
    assert_eq!(o.ranks(), &[0, 1]);
}

#[test]
fn dz9_game_ends_after_the_round_a_player_reaches_exactly_150_not_149() {
    // DZ-9 and the rulebook: "After all the points have been added, a player with 150 or
    // more points wins the game!" 150 itself is enough; 149 deals the next round.
    assert_eq!(DardzRules::default().target_score, 150);
    let g = game();
    let settle_to = |before_round: i32| {
        let mut s = table(&g, 2);
        // Five cards each: nobody wins the round (no +10), nobody rolls the Lucky Loser.
        pile_filler(&mut s, 0, 5);
        pile_filler(&mut s, 1, 5);
        let piles = s.pile_points(0, g.values());
        s.scores[..2].copy_from_slice(&[before_round - piles, 40]);
        s.round_over = true;
        s.win_mask = 0;
        s.phase = Phase::RoundEnd;
        g.resolve_chance(&mut s, &mut script_dice(&[]));
        s
    };
    let s = settle_to(150);
    assert_eq!(s.scores[0], 150);
    assert_eq!(g.turn(&s), Turn::Over);
    let o = g.outcome(&s);
    assert!(!o.is_capped());
    assert_eq!(o.ranks(), &[0, 1]);
    assert_eq!(o.win_share(Seat(0)), 1.0);
    let s = settle_to(149);
    assert_eq!(s.scores[0], 149);
    assert_ne!(g.turn(&s), Turn::Over);
    assert_eq!(s.phase, Phase::Deal, "the next round is dealt");
}

#[test]
fn dz9_a_tie_above_150_is_shared_or_rolled_off() {
    let finish = |g: &Dardz, dice: &[u8]| {
        let mut s = table(g, 3);
        s.scores[..3].copy_from_slice(&[150, 150, 20]);
        pile_filler(&mut s, 0, 5);
        pile_filler(&mut s, 1, 5);
        pile_filler(&mut s, 2, 5);
        s.round_over = true;
        s.phase = Phase::RoundEnd;
        g.resolve_chance(&mut s, &mut script_dice(dice));
        s
    };
    let shared = game();
    let s = finish(&shared, &[]);
    let o = shared.outcome(&s);
    assert_eq!(o.ranks(), &[0, 0, 2]);
    assert_eq!(o.win_share(Seat(0)), 0.5);
    let rolled = game_with(|r| r.final_tie = FinalTie::RollOff);
    let s = finish(&rolled, &[3, 5]);
    assert_eq!(s.tiebreak, 1);
    let o = rolled.outcome(&s);
    assert_eq!(o.ranks(), &[1, 0, 2]);
}

#[test]
fn dz11_lowest_score_rolls_first_next_round_ties_by_roll_off() {
    let g = game();
    let mut s = g.new_state(4);
    s.round = 1;
    s.turns = 40;
    s.phase = Phase::Deal;
    s.scores[..4].copy_from_slice(&[30, 12, 50, 14]);
    g.resolve_chance(&mut s, &mut script(&[], &[]));
    assert_eq!((s.round, s.roller, s.turns), (2, 1, 41));
    // Every card is back: a fresh deck minus the 12 dealt.
    assert_eq!(s.deck_len, 78);
    assert_eq!(s.pile_len[..4], [0; 4]);
    let mut t = g.new_state(4);
    t.round = 1;
    t.phase = Phase::Deal;
    t.scores[..4].copy_from_slice(&[12, 40, 12, 12]);
    // Seats 0, 2, 3 roll 5, 6, 6; seats 2 and 3 again: 1, 4.
    g.resolve_chance(&mut t, &mut script(&[5, 6, 6, 1, 4], &[]));
    assert_eq!(t.roller, 3);
    assert!(t.event.rolloff);
}

#[test]
fn g2_turn_cap_ends_the_match_capped() {
    let g = game_with(|r| r.turn_cap = 1);
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(9), n(10), n(11)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    roll(&g, &mut s, Stage::Roll3, &[1, 1, 6]);
    g.apply(&mut s, Pass);
    assert_eq!(g.turn(&s), Turn::Over);
    let o = g.outcome(&s);
    assert!(o.is_capped());
    assert_eq!(o.turns, 1);
}

// ----- invariants, heuristic, metrics ----------------------------------------------------

#[test]
fn invariants_catch_a_lost_card_and_a_negative_score() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(9), n(10), n(11)]);
    ok(&g, &s);
    let mut lost = s;
    lost.hands[0].remove_at(0);
    assert!(g.check_invariants(&lost).is_err());
    let mut negative = s;
    negative.scores[1] = -1;
    assert!(g.check_invariants(&negative).is_err());
    // A card of each part of the pile rows appearing from nowhere (kinds 0-7, 8-15, 16-18).
    for card in [n(2), n(11), ROLL_OFF] {
        let mut extra = s;
        extra.piles[1][card.index()] += 1;
        extra.pile_len[1] += 1;
        let err = g.check_invariants(&extra).unwrap_err();
        assert!(err.contains(card.label()), "{err}");
        let mut miscounted = s;
        take_from_deck(&mut miscounted, card);
        miscounted.piles[1][card.index()] += 1;
        assert!(g.check_invariants(&miscounted).unwrap_err().contains("pile holds"));
    }
}

#[test]
fn heuristic_prefers_banking_over_handing_points_to_others() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(6), n(2), n(5)]);
    give(&mut s, 1, &[n(6), n(4), n(3)]);
    roll(&g, &mut s, Stage::Roll2, &[2, 4]);
    let value = |a| {
        let mut t = s;
        g.apply(&mut t, a);
        g.heuristic(&t, Seat(0))
    };
    // 6 (the sum) banks 2 for seat 0 but hands seat 1 the same; 2 banks 2; 4 hands seat 1 2.
    assert!(value(Pick(2)) > value(Pass));
    assert!(value(Pass) > value(Pick(4)));
    assert!(value(Pick(6)) > value(Pick(4)));
    let h = g.heuristic(&s, Seat(0));
    assert!((-1.0..=1.0).contains(&h));
}

#[test]
fn metrics_have_one_value_per_name_and_count_what_happened() {
    let g = game();
    let names = g.metric_names(4);
    assert_eq!(names.len(), 3 * NUM_KINDS + 6 + 11 + 4);
    assert!(names.contains(&"scored_golden_7".to_string()));
    assert!(names.contains(&"round_wins_seat3".to_string()));
    let mut rng = crate::core::rng_from_seed(5);
    let mut s = g.new_state(4);
    let mut legal = Vec::new();
    while g.turn(&s) != Turn::Over {
        match g.turn(&s) {
            Turn::Chance => g.sample_chance(&mut s, &mut rng),
            _ => {
                g.legal_actions(&s, &mut legal);
                g.apply(&mut s, legal[0]);
            }
        }
    }
    let mut out = vec![0; names.len()];
    g.metrics(&s, &mut out);
    let get = |key: &str| out[names.iter().position(|n| n == key).unwrap()];
    let rounds = get("rounds");
    assert_eq!(rounds, s.round as i64);
    let wins: i64 = (0..4).map(|i| get(&format!("round_wins_seat{i}"))).sum();
    assert_eq!(wins + get("rounds_no_winner"), rounds);
    // The six ways add up to the final scores.
    let ways: i64 = WAY_KEYS.iter().map(|w| get(&format!("points_{w}"))).sum();
    assert_eq!(ways, s.scores[..4].iter().map(|&x| x as i64).sum::<i64>());
    // Card points add up to the piles' way, before the floor at 0 (no pile was negative
    // enough here to touch it, or the sum is at least the floored figure).
    let cards: i64 = KIND_KEYS.iter().map(|k| get(&format!("card_points_{k}"))).sum();
    assert!(cards <= get("points_piles"));
    let scored: i64 = KIND_KEYS.iter().map(|k| get(&format!("scored_{k}"))).sum();
    assert!(scored >= 10 * (rounds - get("rounds_no_winner")));
}

#[test]
fn hand_turns_metric_counts_turns_from_entering_a_hand_to_being_scored() {
    let g = game();
    let mut s = table(&g, 2);
    s.turns = 5;
    give(&mut s, 0, &[n(6), n(9), n(12)]); // entered on turn 5
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    s.turns = 9;
    // The first roll is one six-sided die (the script refuses an 8 there, as the dice would).
    roll(&g, &mut s, Stage::Roll1, &[6]);
    assert_eq!(s.stats.hand_turns[n(6).index()], 4);
    assert_eq!(s.stats.scored[n(6).index()], 1);
    // Dealt cards enter on the round's first turn.
    let mut d = g.new_state(2);
    d.turns = 20;
    g.resolve_chance(&mut d, &mut script(&[], &[]));
    assert_eq!(d.hands[0].since[0], 21);
}

#[test]
fn determinize_is_an_exact_copy_because_nothing_is_hidden() {
    let g = game();
    let mut s = g.new_state(3);
    g.sample_chance(&mut s, &mut crate::core::rng_from_seed(3));
    let view = g.determinize(&s, Seat(1), &mut crate::core::rng_from_seed(4));
    assert_eq!(view, s);
}

#[test]
fn trace_text_shows_hands_piles_scores_and_the_options_offered() {
    let g = game();
    let mut s = table(&g, 2);
    s.scores[..2].copy_from_slice(&[17, 4]);
    give(&mut s, 0, &[n(3), n(8), Card::GOLDEN_7]);
    give(&mut s, 1, &[n(5), n(6), SKULL]);
    pile(&mut s, 1, &[n(12), BUNK]);
    roll(&g, &mut s, Stage::Roll2, &[3, 5]);
    let chance = g.describe_chance(&s);
    assert!(chance.contains("second roll: 3 5"), "{chance}");
    assert!(chance.contains("options 3, 5, 8 or nothing"), "{chance}");
    let board = g.render(&s);
    for needle in ["3 8 G7", "5 6 Skull", "12 Bunk'em", "+15", "17", "options 3, 5, 8"] {
        assert!(board.contains(needle), "{needle} missing from\n{board}");
    }
    let said = g.describe(&s, Pick(5));
    assert!(said.contains("picks 5") && said.contains("seat 1 scores 1"), "{said}");
}

// ----- rules parameters and the rules file -----------------------------------------------

#[test]
fn card_values_are_one_table_settable_by_cell_row_or_file() {
    // DZ-2/DZ-7: the card values are one table; its cells keep their `value_N` names.
    let by_short = DardzRules { ..Default::default() };
    let mut a = by_short.clone();
    rules::apply_sets(&mut a, &["value_12=8".into()]).unwrap();
    let mut b = by_short.clone();
    rules::apply_sets(&mut b, &["card_values.12=8".into()]).unwrap();
    let mut c = by_short;
    rules::apply_sets(&mut c, &["card_values.12.points=8".into()]).unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(Dardz::new(a).values()[n(12).index()], 8);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("values.toml");
    std::fs::write(
        &path,
        "[[card_values]]\ncard = 12\npoints = 9\n[[card_values]]\ncard = \"skull\"\npoints = -8\n",
    )
    .unwrap();
    let mut r = DardzRules::default();
    rules::apply_file(&mut r, "dardz", &path).unwrap();
    let game = Dardz::new(r);
    let values = game.values();
    assert_eq!((values[n(12).index()], values[13]), (9, -8)); // kind 13: the Skull

    std::fs::write(&path, "[[card_values]]\ncard = 13\npoints = 1\n").unwrap();
    let err =
        rules::apply_file(&mut DardzRules::default(), "dardz", &path).unwrap_err().to_string();
    assert!(err.contains("values.toml") && err.contains("`card_values` has no row `13`"), "{err}");
    let err = rules::apply_sets(&mut DardzRules::default(), &["value_7=101".into()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("card_values.7.points") && err.contains("-100 to 100"), "{err}");
}

#[test]
fn rule_parameters_set_and_change_play() {
    let mut rules = DardzRules::default();
    rules.set("value_12", &toml::Value::Integer(25)).unwrap();
    rules.set("hand_size", &toml::Value::Integer(4)).unwrap();
    rules.set("round1_boost_bunk", &toml::Value::String("never".into())).unwrap();
    assert!(rules.set("hand_size", &toml::Value::Integer(7)).is_err());
    assert!(rules.set("value_13", &toml::Value::Integer(1)).is_err());
    let g = Dardz::new(rules);
    assert_eq!(g.values()[n(12).index()], 25);
    let mut s = g.new_state(2);
    g.resolve_chance(&mut s, &mut script(&[], &[]));
    assert_eq!(s.hands[0].len, 4);
    // Copies per card kind change the deck.
    let g = game_with(|r| {
        r.copies_skull = 0;
        r.copies_per_number = 4;
        r.golden_sevens = 2;
    });
    assert_eq!(g.rules().total_cards(), 48 + 15);
    assert_eq!(g.rules().copies()[n(7).index()], 2);
}

#[test]
fn dz2_dz7_default_card_values_and_their_origins() {
    // DZ-2 FOUND (card images) and DZ-7 DEFAULT (our values where the cards are not
    // readable). Pinned here as well as in rules.rs and configs/dardz.toml, so that changing
    // a default in both of those still fails a test.
    use crate::core::rules::Origin::{Default as D, Found as F};
    let table: [(Card, i32, crate::core::rules::Origin); NUM_KINDS] = [
        (n(1), 2, D),
        (n(2), 2, F),
        (n(3), 2, D),
        (n(4), 2, D),
        (n(5), 2, D),
        (n(6), 2, D),
        (n(7), 4, F),
        (n(8), 5, F),
        (n(9), 6, D),
        (n(10), 7, F),
        (n(11), 8, D),
        (n(12), 10, F),
        (Card::GOLDEN_7, 10, F),
        (SKULL, -5, F),
        (CLOCK, 5, D),
        (JACKPOT, 5, D),
        (ROLL_OFF, 5, F),
        (BOOST, 5, D),
        (BUNK, 5, D),
    ];
    let rules = DardzRules::default();
    let params = rules.params();
    let g = game();
    for (card, value, origin) in table {
        let key = format!("value_{}", card.key());
        let p =
            params.iter().find(|p| p.key == key).unwrap_or_else(|| panic!("no parameter {key}"));
        assert_eq!(p.default, value.to_string(), "{key}'s default");
        assert_eq!(p.value, value.to_string(), "{key}'s value in the default rules");
        assert_eq!(p.origin, origin, "{key}'s origin");
        assert_eq!(g.values()[card.index()], value, "{key} as the game scores it");
    }
    // The table covers every card kind once, and there is no other card-value parameter.
    let kinds: std::collections::BTreeSet<Card> = table.iter().map(|t| t.0).collect();
    assert_eq!(kinds.len(), NUM_KINDS);
    let value_params = params.iter().filter(|p| p.key.starts_with("value_")).count();
    assert_eq!(value_params, NUM_KINDS);
}

#[test]
fn validate_rejects_inconsistent_rules() {
    let rules = rules_with(|r| r.golden_sevens = 7);
    assert!(rules.validate().unwrap_err().contains("golden_sevens"));
    let rules = rules_with(|r| r.lucky_loser_max_cards = 10);
    assert!(rules.validate().unwrap_err().contains("lucky_loser_max_cards"));
    let mut rules = rules_with(|r| r.copies_per_number = 1);
    for key in ["skull", "clock", "jackpot", "roll_off", "boost_em", "bunk_em"] {
        rules.set(&format!("copies_{key}"), &toml::Value::Integer(0)).unwrap();
    }
    assert!(rules.validate().unwrap_err().contains("deck"));
    assert!(DardzRules::default().validate().is_ok());
}

#[test]
fn config_file_holds_exactly_the_defaults() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/dardz.toml");
    let mut rules = DardzRules::default();
    apply_file(&mut rules, "dardz", &path).unwrap();
    assert_eq!(rules, DardzRules::default());
    let text = std::fs::read_to_string(&path).unwrap();
    for p in DardzRules::default().params() {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{} =", p.key)))
            .unwrap_or_else(|| panic!("{} missing from configs/dardz.toml", p.key));
        assert!(line.contains('#'), "{} has no comment saying where it comes from", p.key);
        let origin = p.origin.to_string();
        assert!(line.contains(&origin), "{}: the comment should say {origin}", p.key);
    }
}

// ----- the shared conformance check ------------------------------------------------------

fn conformance_for(players: usize) {
    let g = game();
    let start = std::time::Instant::now();
    let report = conformance::check(&g, players, 100_000, 0xDA4D2 + players as u64);
    eprintln!(
        "dardz conformance {players} players: {} matches, {} capped, mean {} decisions, {:.1} s",
        report.matches,
        report.capped,
        report.total_decisions / report.matches,
        start.elapsed().as_secs_f64()
    );
    assert_eq!(report.capped, 0, "random DARDZ should end within the turn cap");
}

#[test]
fn conformance_2_players_100k() {
    conformance_for(2);
}

#[test]
fn conformance_4_players_100k() {
    conformance_for(4);
}

#[test]
fn conformance_8_players_100k() {
    conformance_for(8);
}

#[test]
fn conformance_with_other_rules_and_a_small_deck() {
    // The parameters' less travelled paths: no passing with an own match, final roll-offs,
    // bigger hands and smaller piles, no replacement draws, Boost/Bunk live in round 1.
    let varied = game_with(|r| {
        r.pass_rule = PassRule::OnlyWithoutOwnMatch;
        r.final_tie = FinalTie::RollOff;
        r.hand_size = 5;
        r.cards_per_round = 6;
        r.lucky_loser_max_cards = 2;
        r.round1_boost_bunk = RoundOneBoostBunk::Always;
        r.action_card_redraw = false;
        r.copies_clock = 6;
        r.set("card_values.skull.points", &toml::Value::Integer(-30)).unwrap();
        r.target_score = 80;
    });
    let report = conformance::check(&varied, 3, 5_000, 11);
    assert_eq!(report.capped, 0);
    // Two of each number: the draw pile runs out and DZ-10 ends rounds without a winner.
    let small = game_with(|r| r.copies_per_number = 2);
    let report = conformance::check(&small, 6, 5_000, 12);
    assert_eq!(report.capped, 0);
    let mut rng = crate::core::rng_from_seed(13);
    let (mut no_winner, mut empty) = (0, 0);
    let mut legal = Vec::new();
    for _ in 0..200 {
        let mut s = small.new_state(6);
        while small.turn(&s) != Turn::Over {
            if small.turn(&s) == Turn::Chance {
                small.sample_chance(&mut s, &mut rng);
            } else {
                small.legal_actions(&s, &mut legal);
                small.apply(&mut s, legal[legal.len() - 1]);
            }
        }
        no_winner += s.stats.rounds_no_winner;
        empty += s.stats.rounds_deck_empty;
    }
    assert!(no_winner > 0 && empty >= no_winner, "{no_winner} {empty}");
}
