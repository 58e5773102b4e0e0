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
    s.take_from_deck(card.index());
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

mod action_cards;
mod checks_and_rules;
mod option_kinds;
mod page;
mod rounds;
mod rulings;
mod team_rulings;
mod teams;

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
