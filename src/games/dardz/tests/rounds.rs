//! DARDZ's rounds: the round's end, clean-ups, Lucky Loser, the final tie and the turn cap
//! (DZ-4, DZ-8 to DZ-11; the rulings that rule repros called for are in `rulings.rs`).

use super::*;

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
    s.set_deck([0; NUM_KINDS]);
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
fn dz10_reachability_counts_roll_offs_from_the_right_and_what_a_clock_can_pass() {
    let g = game();
    let mut s = table(&g, 3);
    s.set_deck([0; NUM_KINDS]);
    s.pile_len[..3].copy_from_slice(&[8, 0, 0]);
    s.hands[0].push(n(5), 1);
    assert!(!g.pile_target_reachable(&s), "8 + 1 < 10");
    // Seat 2 (on seat 0's right) holds a Roll-Off: seat 0 might win it.
    s.hands[2].push(ROLL_OFF, 1);
    assert!(g.pile_target_reachable(&s));
    s.hands[2] = Hand::default();
    s.hands[1].push(ROLL_OFF, 1);
    assert!(!g.pile_target_reachable(&s), "seat 1 is on seat 0's left");
    // A Clock (DZ-10, tight): one pass can bring seat 1's Roll-Off to seat 2, on seat 0's
    // right, who may play it against seat 0: 8 + 1 + 1 = 10.
    s.hands[1].push(CLOCK, 1);
    assert!(g.pile_target_reachable(&s));
    // Without the Roll-Off the Clock alone does not keep seat 0 in the race (seat 2's hand,
    // which one pass brings, is empty).
    s.hands[1] = Hand::default();
    s.hands[1].push(CLOCK, 1);
    assert!(!g.pile_target_reachable(&s));
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
    assert_eq!(o.win_share(Seat(1)), 1.0);
    // "decide who wins the game with a best-out-of-3 Roll-Off!": the roll-off names the
    // winner and scores nothing, so the outcome's scores are the state's, still tied.
    assert_eq!(o.scores(), &s.scores[..3]);
    assert_eq!(o.score(Seat(0)), o.score(Seat(1)));
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
    // `rounds` counts the round the cap stopped, as every game does (LOW BLOW too).
    assert_eq!(o.rounds, 1);
}
