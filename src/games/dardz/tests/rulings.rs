//! The rulings that rule repros called for, one test each: DZ-8, DZ-10 and DZ-11 as rule
//! parameters, the tight DZ-10 bound, DZ-12 to DZ-15, G-2 (a cap at a round's end deals no
//! round) and G-4.

use super::*;

/// An empty draw pile; the cards simply leave play (these tests never call `ok`).
fn no_deck(s: &mut DardzState) {
    s.set_deck([0; NUM_KINDS]);
}

// ----- DZ-8 ------------------------------------------------------------------------------

#[test]
fn dz8_roll_off_tie_is_a_parameter_player_keeps_gives_the_card_to_its_player() {
    assert_eq!(DardzRules::default().roll_off_tie, RollOffTie::Reroll);
    let g = game_with(|r| r.roll_off_tie = RollOffTie::PlayerKeeps);
    let mut s = table(&g, 3);
    give(&mut s, 0, &[ROLL_OFF, n(9), n(12)]);
    g.advance(&mut s);
    // 3-3: no reroll, the card stays with seat 0.
    let mut dice = script_dice(&[3, 3]);
    g.resolve_chance(&mut s, &mut dice);
    assert!(dice.is_spent());
    assert_eq!(s.pile_len[..3], [1, 0, 0]);
    // A higher roll on the left still takes it.
    let mut t = table(&g, 3);
    give(&mut t, 0, &[ROLL_OFF, n(9), n(12)]);
    g.advance(&mut t);
    g.resolve_chance(&mut t, &mut script_dice(&[2, 5]));
    assert_eq!(t.pile_len[..3], [0, 1, 0]);
}

// ----- DZ-10 -----------------------------------------------------------------------------

/// Four seats, an empty draw pile, seat 0 at 7 pile cards holding one card; one Clock, in
/// seat 1's hand (seat 0's left), so one pass can bring seat 0 only seat 3's hand.
fn one_clock_table(g: &Dardz) -> DardzState {
    let mut s = table(g, 4);
    give(&mut s, 0, &[n(5)]);
    give(&mut s, 1, &[CLOCK, n(4), n(6)]);
    give(&mut s, 2, &[n(8), n(8)]);
    give(&mut s, 3, &[n(9)]);
    s.pile_len[0] = 7;
    no_deck(&mut s);
    s
}

#[test]
fn dz10_tight_a_clock_in_a_hand_does_not_by_itself_keep_the_round_going() {
    // Seat 0: 7 + its own card + seat 3's one card (one Clock, one pass) = 9 < 10; nobody
    // else has a pile. The loose bound counted all 7 cards in hands: 14.
    let g = game();
    assert_eq!(g.rules().reach_bound, ReachBound::Tight);
    let s = one_clock_table(&g);
    assert!(!g.pile_target_reachable(&s));
    let mut ended = s;
    g.advance(&mut ended);
    assert_eq!((ended.phase, ended.win_mask), (Phase::RoundEnd, 0));
    // The old reading is the parameter's other value.
    let loose = game_with(|r| r.reach_bound = ReachBound::AnyClock);
    assert!(loose.pile_target_reachable(&s));
    let mut goes_on = s;
    loose.advance(&mut goes_on);
    assert_eq!(goes_on.phase, Phase::Roll);
}

#[test]
fn dz10_tight_counts_the_hands_the_clocks_can_pass_and_roll_offs_one_seat_further() {
    let g = game();
    // A Roll-Off in seat 2's hand: one pass brings it to seat 3, who plays it against seat
    // 0 (G-4): 7 + 1 + 1 + 1 = 10.
    let mut s = one_clock_table(&g);
    s.hands[2].push(ROLL_OFF, 1);
    assert!(g.pile_target_reachable(&s));
    // A second Clock (in seat 3's hand): two passes can bring seat 2's hand too.
    let mut t = one_clock_table(&g);
    t.hands[3].push(CLOCK, 1);
    // 7 + 1 + seat 3's 2 + seat 2's 2 = 12.
    assert!(g.pile_target_reachable(&t));
    // Without Clocks only the own hand and a right neighbour's Roll-Off count.
    let mut u = one_clock_table(&g);
    u.hands[1] = Hand::default();
    u.hands[3].push(ROLL_OFF, 1);
    u.pile_len[0] = 8;
    assert!(g.pile_target_reachable(&u), "8 + 1 + the Roll-Off seat 3 holds");
    u.hands[3] = Hand::default();
    u.hands[2].push(ROLL_OFF, 1);
    assert!(!g.pile_target_reachable(&u), "seat 2's Roll-Off cannot reach seat 3 unpassed");
}

#[test]
fn dz10_tight_counts_the_card_in_play_if_it_can_go_to_the_seat() {
    let g = game();
    let mut s = table(&g, 3);
    no_deck(&mut s);
    s.pile_len[..3].copy_from_slice(&[9, 0, 0]);
    s.roller = 2;
    assert!(!g.pile_target_reachable(&s));
    // Seat 2 plays a Roll-Off against seat 0, its left (G-4): the card may go to seat 0.
    s.phase = Phase::ActionDice(ActionCard::RollOff);
    assert!(g.pile_target_reachable(&s));
    // A Boost 'em in play goes to seat 2's own pile: nothing for seat 0.
    s.phase = Phase::ActionDice(ActionCard::BoostEm);
    assert!(!g.pile_target_reachable(&s));
}

#[test]
fn dz10_is_checked_after_a_roll_off_is_resolved() {
    // Found in a trace (`arena trace --game dardz --players 8 --seed 62 --match 5 --set
    // cards_per_round=14`, step 407): once the Roll-Off is resolved the card is in a pile,
    // no longer in play, so it cannot count again for the seat on the roller's left.
    let g = game();
    let mut s = table(&g, 3);
    s.roller = 2;
    give(&mut s, 2, &[ROLL_OFF, JACKPOT]);
    no_deck(&mut s);
    s.pile_len[..3].copy_from_slice(&[9, 0, 0]);
    // Seat 2 will play the Roll-Off against seat 0 (its left, G-4): seat 0 can reach 10.
    assert!(g.pile_target_reachable(&s));
    g.advance(&mut s);
    assert_eq!(s.phase, Phase::ChooseAction);
    g.apply(&mut s, Play(ActionCard::RollOff));
    assert_eq!(s.phase, Phase::ActionDice(ActionCard::RollOff));
    // Seat 2 wins it: seat 0 stays at 9 with nothing left to gain, seat 2 has 1 + its
    // Jackpot. Nobody can reach 10, so the round ends before the Jackpot is played.
    g.resolve_chance(&mut s, &mut script_dice(&[6, 1]));
    assert_eq!(s.pile_len[..3], [9, 0, 1]);
    assert!(!g.pile_target_reachable(&s));
    assert_eq!((s.phase, s.round_over, s.win_mask), (Phase::RoundEnd, true, 0));
    assert_eq!(hand(&s, 2), [JACKPOT], "the Jackpot is not auto-played");
}

// ----- DZ-11 -----------------------------------------------------------------------------

#[test]
fn dz11_next_starter_is_a_parameter_seat_0_or_rotate() {
    let deal = |g: &Dardz, starter: u8| {
        let mut s = g.new_state(4);
        s.round = 1;
        s.starter = starter;
        s.phase = Phase::Deal;
        s.scores[..4].copy_from_slice(&[30, 12, 50, 14]);
        g.resolve_chance(&mut s, &mut script(&[], &[]));
        (s.roller, s.starter)
    };
    assert_eq!(deal(&game(), 3), (1, 1), "lowest score");
    let seat0 = game_with(|r| r.next_starter = NextStarter::Seat0);
    assert_eq!(deal(&seat0, 3), (0, 0));
    let rotate = game_with(|r| r.next_starter = NextStarter::Rotate);
    assert_eq!(deal(&rotate, 3), (0, 0), "left of seat 3 is seat 0 (G-4)");
    assert_eq!(deal(&rotate, 1), (2, 2));
}

// ----- DZ-12 to DZ-15 --------------------------------------------------------------------

#[test]
fn dz12_playing_the_clock_first_passes_the_other_action_cards_on_unplayed() {
    let g = game();
    let mut s = table(&g, 3);
    give(&mut s, 0, &[SKULL, CLOCK, n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    give(&mut s, 2, &[n(4), n(5), n(6)]);
    g.advance(&mut s);
    assert_eq!(legal(&g, &s), vec![Play(ActionCard::Skull), Play(ActionCard::Clock)]);
    g.apply(&mut s, Play(ActionCard::Clock));
    // The Clock draws back to 3 (DZ-14), then the whole hand, Skull included, passes left.
    g.resolve_chance(&mut s, &mut script(&[], &[n(11)]));
    assert_eq!(hand(&s, 1), vec![SKULL, n(12), n(11)]);
    assert_eq!(s.piles[0][SKULL.index()], 0);
    assert_eq!(s.piles[0][CLOCK.index()], 1);
    // Seat 1's Skull waits for seat 1's turn (DZ-13); seat 0 goes on with seat 2's hand.
    assert_eq!(hand(&s, 0), vec![n(4), n(5), n(6)]);
    assert_eq!((s.phase, s.stage), (Phase::Roll, Stage::Roll1));
    ok(&g, &s);
}

#[test]
fn dz13_action_cards_passed_to_the_roller_in_its_turn_are_played_at_once() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(4), n(9), n(12)]);
    give(&mut s, 1, &[JACKPOT, n(2), n(3)]);
    // The roller draws a Clock mid-turn (played at once), whose pass brings seat 1's Jackpot.
    roll(&g, &mut s, Stage::Roll1, &[4]);
    g.resolve_chance(&mut s, &mut script(&[], &[CLOCK]));
    assert_eq!(s.piles[0][CLOCK.index()], 1);
    g.resolve_chance(&mut s, &mut script(&[], &[n(10)]));
    assert!(s.event.passed);
    // Seat 0 now holds the Jackpot and names a number for it before its second roll.
    assert_eq!((s.roller, s.phase, s.stage), (0, Phase::Guess, Stage::Roll2));
    assert_eq!(hand(&s, 1), vec![n(9), n(12), n(10)]);
}

#[test]
fn dz14_after_an_action_card_its_player_draws_back_to_3_unless_the_pile_is_empty() {
    let g = game();
    // A short hand (2 cards): after the Skull the player draws 2, back to 3.
    let mut s = table(&g, 2);
    give(&mut s, 0, &[SKULL, n(9)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    g.advance(&mut s);
    g.resolve_chance(&mut s, &mut script(&[], &[n(10), n(11)]));
    assert_eq!(hand(&s, 0), vec![n(9), n(10), n(11)]);
    // An empty draw pile: no draw (DZ-10), the turn goes on.
    let mut t = table(&g, 2);
    give(&mut t, 0, &[SKULL, n(9)]);
    give(&mut t, 1, &[n(1), n(2), n(3)]);
    t.pile_len[1] = 9;
    no_deck(&mut t);
    g.advance(&mut t);
    assert_eq!((t.phase, t.draw_mask), (Phase::Roll, 0));
    assert_eq!(hand(&t, 0), vec![n(9)]);
}

#[test]
fn dz15_round_end_order_bonus_then_piles_then_lucky_loser_each_floored() {
    let g = game();
    let mut s = table(&g, 2);
    // Seat 0 wins with 3 Skulls and 7 cards worth +2: pile -1. +10 first, then -1: 9 (piles
    // first would give 0 - 1 -> 0, then +10 = 10).
    pile(&mut s, 0, &[SKULL, SKULL, SKULL]);
    pile_filler(&mut s, 0, 7);
    // Seat 1 has 3 cards, all Skulls: -15 -> 0, then Lucky Loser 2x3 = +6 (the other order:
    // 6 - 15 -> 0).
    s.piles[1][SKULL.index()] = 3;
    s.pile_len[1] = 3;
    s.round_over = true;
    s.win_mask = 0b01;
    s.phase = Phase::RoundEnd;
    g.resolve_chance(&mut s, &mut script_dice(&[2, 3]));
    assert_eq!(s.scores[..2], [9, 6]);
}

#[test]
fn dz15_clean_up_empties_a_short_hand_and_an_empty_hand_is_no_clean_up() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(8)]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    roll(&g, &mut s, Stage::Bonus, &[3, 5]);
    assert_eq!((s.hands[0].len, s.scores[0], s.stats.clean_ups), (0, 5, 1));
    // The existing `bonus_roll_with_an_empty_hand_ends_the_turn_without_rolling` covers the
    // empty start: no clean-up, the turn ends.
}

// ----- G-2 and G-4 -----------------------------------------------------------------------

#[test]
fn g2_cap_reached_at_a_rounds_end_ends_the_match_there_with_no_winner() {
    // `--players 4 --seed 1025 --match 25 --set turn_cap=12` once dealt a round nobody
    // played and named a starter who never rolled. Now the match ends at the round's end.
    let g = game_with(|r| r.turn_cap = 12);
    let mut s = table(&g, 4);
    s.turns = 12;
    pile_filler(&mut s, 0, 10);
    pile_filler(&mut s, 1, 5);
    pile_filler(&mut s, 2, 5);
    pile_filler(&mut s, 3, 5);
    for k in 0..NUM_KINDS {
        s.stats.scored[k] = s.piles[..4].iter().map(|p| p[k] as u32).sum();
    }
    s.round_over = true;
    s.win_mask = 0b0001;
    s.phase = Phase::RoundEnd;
    g.resolve_chance(&mut s, &mut script_dice(&[]));
    assert_eq!((s.phase, s.capped, s.round), (Phase::Over, true, 1));
    assert!(
        g.describe_chance(&s, &s).contains("the turn cap ends the match before the next round")
    );
    let o = g.outcome(&s);
    assert!(o.is_capped());
    assert_eq!(o.first_place_count(), 0);
    assert_eq!(o.rounds, 1);
    // The settled piles count in the card metrics (they were added to the scores).
    let names = g.metric_names(4);
    let mut m = vec![0; names.len()];
    g.metrics(&s, &mut m);
    let at = names.iter().position(|n| n == "points_piles").unwrap();
    let piles: i32 = (0..4).map(|i| s.pile_points(i, g.values())).sum();
    assert_eq!(m[at], piles as i64);
    let card_points: i64 = (0..NUM_KINDS)
        .map(|k| {
            m[names.iter().position(|n| *n == format!("card_points_{}", KIND_KEYS[k])).unwrap()]
        })
        .sum();
    assert_eq!(card_points, piles as i64);
}

#[test]
fn g4_left_is_the_next_seat_for_clock_passes_and_roll_offs() {
    let g = game();
    let s = table(&g, 4);
    assert_eq!((0..4).map(|i| s.left(i)).collect::<Vec<_>>(), vec![1, 2, 3, 0]);
    let mut t = table(&g, 4);
    give(&mut t, 3, &[n(1)]);
    Dardz::pass_hands(&mut t);
    assert_eq!(hand(&t, 0), vec![n(1)], "seat 3's hand goes to seat 0, its left");
}
