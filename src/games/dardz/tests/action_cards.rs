//! DARDZ's action cards: Skull, Clock, Jackpot, Roll-Off, Boost 'em and Bunk 'em (DZ-3,
//! DZ-12, DZ-13).

use super::*;

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
    s.set_deck([0; NUM_KINDS]);
    roll(&g, &mut s, Stage::Roll3, &[5, 1, 6]);
    g.apply(&mut s, Pick(5));
    assert_eq!(s.pile_len[0], 3);
    assert_eq!(s.stats.clean_ups, 0);
    assert_eq!((s.roller, s.stage, s.phase), (1, Stage::Roll1, Phase::Roll));
}
