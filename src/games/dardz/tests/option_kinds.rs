//! DARDZ's option kinds (`option_kinds.rs`): the declared list, the kinds of concrete picks
//! and plays, citing the rule that makes them what they are, and that every kind is chosen
//! in random play.

use super::*;
use crate::core::KindSet;
use crate::core::options::{OptionKind, check_kinds};

/// The ids of `a`'s kinds in `s`.
fn ids(g: &Dardz, s: &DardzState, a: DardzAction) -> Vec<String> {
    let kinds = g.option_kinds(s.players());
    g.action_kinds(s, a).iter().map(|i| kinds[i].id.clone()).collect()
}

fn find<'a>(kinds: &'a [OptionKind], id: &str) -> &'a OptionKind {
    kinds.iter().find(|k| k.id == id).unwrap_or_else(|| panic!("no kind {id}"))
}

const DEFAULT_IDS: [&str; 24] = [
    "value_1",
    "value_2",
    "value_3",
    "value_4",
    "value_5",
    "value_6",
    "value_7",
    "value_8",
    "value_9",
    "value_10",
    "value_11",
    "value_12",
    "golden_7",
    "skull",
    "clock",
    "jackpot",
    "roll_off",
    "boost_em",
    "bunk_em",
    "feed",
    "feed_leader",
    "pass",
    "bonus_roll",
    "fill_pile",
];

#[test]
fn kinds_are_well_formed_in_card_order_and_their_levers_are_parameters() {
    let g = game();
    for players in [2, 4, 8] {
        let kinds = g.option_kinds(players);
        check_kinds(&kinds).unwrap();
        let got: Vec<&str> = kinds.iter().map(|k| k.id.as_str()).collect();
        assert_eq!(got, DEFAULT_IDS, "{players} players");
    }
    let kinds = g.option_kinds(4);
    // DZ-2 / DZ-7: each card's lever is its value in the card table; the Jackpot's strength
    // is its +15 (DZ-3).
    assert_eq!(find(&kinds, "value_12").lever.as_deref(), Some("value_12"));
    assert_eq!(find(&kinds, "golden_7").lever.as_deref(), Some("value_golden_7"));
    assert_eq!(find(&kinds, "skull").lever.as_deref(), Some("value_skull"));
    assert_eq!(find(&kinds, "jackpot").lever.as_deref(), Some("jackpot_points"));
    assert_eq!(find(&kinds, "fill_pile").lever.as_deref(), Some("round_bonus"));
    assert_eq!(find(&kinds, "feed").lever, None);
    // Every lever is a rule parameter.
    let keys: Vec<String> = g.rules().params().into_iter().map(|p| p.key).collect();
    for k in &kinds {
        if let Some(lever) = &k.lever {
            assert!(keys.contains(lever), "{}: lever {lever} is no parameter", k.id);
        }
    }
}

#[test]
fn dz1_a_card_the_deck_lacks_has_no_kind_and_the_indices_follow() {
    // DZ-1's copies are parameters: with no Golden 7 and no Jackpot the two kinds are not
    // declared, and every other action still maps to its own id.
    let g = game_with(|r| {
        r.golden_sevens = 0;
        r.copies_jackpot = 0;
    });
    let kinds = g.option_kinds(3);
    check_kinds(&kinds).unwrap();
    let got: Vec<&str> = kinds.iter().map(|k| k.id.as_str()).collect();
    let expected: Vec<&str> =
        DEFAULT_IDS.into_iter().filter(|id| !matches!(*id, "golden_7" | "jackpot")).collect();
    assert_eq!(got, expected);
    let mut s = table(&g, 3);
    s.phase = Phase::ChooseAction;
    assert_eq!(ids(&g, &s, Play(ActionCard::BunkEm)), ["bunk_em"]);
    assert_eq!(ids(&g, &s, Play(ActionCard::Skull)), ["skull"]);
    s.phase = Phase::Pick;
    s.stage = Stage::Roll2;
    assert_eq!(ids(&g, &s, Pass), ["pass"]);
}

#[test]
fn every_index_names_the_kind_its_action_means() {
    // The index an action gets is the position of the id it should have, for each card and
    // each pick kind (checked through the ids, which the list's order gives).
    let g = game();
    let kinds = g.option_kinds(2);
    let mut s = table(&g, 2);
    s.phase = Phase::ChooseAction;
    for a in ActionCard::ALL {
        let set = g.action_kinds(&s, Play(a));
        assert_eq!(set.len(), 1);
        let i = set.iter().next().unwrap();
        assert_eq!(kinds[i].id, a.card().key(), "{a:?}");
    }
    for k in 0..12u8 {
        let mut t = table(&g, 2);
        give(&mut t, 0, &[n(k + 1)]);
        t.stage = Stage::Roll2;
        t.phase = Phase::Pick;
        assert_eq!(ids(&g, &t, Pick(k + 1)), [format!("value_{}", k + 1)]);
    }
}

#[test]
fn dz2_a_pick_from_your_hand_is_the_cards_value_kind() {
    // Second roll 3, 5: the roller holds a 3 and an 8 (picking either takes own cards), seat
    // 1 a 5 only (picking it feeds seat 1), or nothing.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(3), n(8), n(12)]);
    give(&mut s, 1, &[n(5), n(6), n(7)]);
    roll(&g, &mut s, Stage::Roll2, &[3, 5]);
    assert_eq!(legal(&g, &s), vec![Pick(3), Pick(5), Pick(8), Pass]);
    assert_eq!(ids(&g, &s, Pick(3)), ["value_3"]);
    assert_eq!(ids(&g, &s, Pick(8)), ["value_8"]);
    assert_eq!(ids(&g, &s, Pick(5)), ["feed"]);
    // "picks nothing" (steps 3 and 4; `pass_rule`).
    assert_eq!(ids(&g, &s, Pass), ["pass"]);
    // The Jackpot's number has no kind: the die is fair.
    let mut t = table(&g, 2);
    give(&mut t, 0, &[JACKPOT, n(9), n(12)]);
    give(&mut t, 1, &[n(1), n(2), n(3)]);
    g.advance(&mut t);
    assert_eq!(t.phase, Phase::Guess);
    assert!(g.action_kinds(&t, Guess(3)).is_empty());
}

#[test]
fn dz1_a_7_takes_the_golden_7_and_the_plain_7s_as_two_kinds() {
    // DZ-1: the Golden 7 "is not an action card, just worth more": a pick of 7 takes it with
    // the plain 7s, so the pick is of both kinds when both are in hand, of one otherwise.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[Card::GOLDEN_7, n(7), n(12)]);
    give(&mut s, 1, &[n(1), n(2), n(4)]);
    roll(&g, &mut s, Stage::Roll2, &[3, 4]);
    assert_eq!(ids(&g, &s, Pick(7)), ["value_7", "golden_7"]);
    let mut t = table(&g, 2);
    give(&mut t, 0, &[Card::GOLDEN_7, n(9), n(12)]);
    give(&mut t, 1, &[n(7), n(2), n(4)]);
    roll(&g, &mut t, Stage::Roll2, &[3, 4]);
    // Seat 1's plain 7 is not the roller's card.
    assert_eq!(ids(&g, &t, Pick(7)), ["golden_7"]);
}

#[test]
fn dz17_a_third_roll_pick_from_your_own_hand_earns_the_bonus_roll_kind() {
    // "If you roll a number in your hand ... Bonus Roll": third roll 6, 1, 1 with a 6 in the
    // roller's hand; seat 1's 2 is only a feed.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(6), n(9), n(10)]);
    give(&mut s, 1, &[n(6), n(2), n(2)]);
    roll(&g, &mut s, Stage::Roll3, &[6, 1, 1]);
    assert_eq!(ids(&g, &s, Pick(6)), ["value_6", "bonus_roll"]);
    assert_eq!(ids(&g, &s, Pick(2)), ["feed"]);
    // On the second roll the same pick earns nothing more.
    let mut t = table(&g, 2);
    give(&mut t, 0, &[n(6), n(9), n(10)]);
    give(&mut t, 1, &[n(6), n(2), n(2)]);
    roll(&g, &mut t, Stage::Roll2, &[6, 1]);
    assert_eq!(ids(&g, &t, Pick(6)), ["value_6"]);
}

#[test]
fn dz17_in_teams_the_partners_card_is_the_sides_but_earns_no_bonus_roll() {
    // DZ-17: a third-roll pick that matches only the partner's card ends the turn as a miss;
    // the card still goes to the team's piles (DZ-6), so it is the card's kind, not a feed.
    let g = game_with(|r| r.teams = true);
    let mut s = table(&g, 4);
    give(&mut s, 0, &[n(3), n(9), n(10)]);
    give(&mut s, 2, &[n(8), n(11), n(12)]);
    give(&mut s, 1, &[n(1), n(1), n(2)]);
    give(&mut s, 3, &[n(2), n(4), n(4)]);
    roll(&g, &mut s, Stage::Roll3, &[2, 6, 1]);
    assert_eq!(ids(&g, &s, Pick(8)), ["value_8"]);
    assert_eq!(ids(&g, &s, Pick(2)), ["feed"]);
}

#[test]
fn the_rulebooks_tip_dont_let_the_player_whos_winning_add_cards() {
    // Strategy tip: "Don't let the player who's winning add cards". Seat 2 leads with 40;
    // a pick of its 5 is `feed_leader` (also a feed), seat 1's 3 is a plain feed, and the
    // roller's own 8 a value kind.
    let g = game();
    let mut s = table(&g, 3);
    s.scores[..3].copy_from_slice(&[10, 20, 40]);
    give(&mut s, 0, &[n(8), n(9), n(12)]);
    give(&mut s, 1, &[n(3), n(1), n(1)]);
    give(&mut s, 2, &[n(5), n(11), n(11)]);
    roll(&g, &mut s, Stage::Roll2, &[3, 5]);
    assert_eq!(ids(&g, &s, Pick(5)), ["feed", "feed_leader"]);
    assert_eq!(ids(&g, &s, Pick(3)), ["feed"]);
    assert_eq!(ids(&g, &s, Pick(8)), ["value_8"]);
    // When the roller leads (or shares the lead) there is no one to deny.
    s.scores[0] = 40;
    assert_eq!(ids(&g, &s, Pick(5)), ["feed"]);
    // A shared number feeds the leader too: both add cards.
    let mut t = table(&g, 3);
    t.scores[..3].copy_from_slice(&[10, 20, 40]);
    give(&mut t, 0, &[n(5), n(9), n(12)]);
    give(&mut t, 1, &[n(3), n(1), n(1)]);
    give(&mut t, 2, &[n(5), n(11), n(11)]);
    roll(&g, &mut t, Stage::Roll2, &[3, 5]);
    assert_eq!(ids(&g, &t, Pick(5)), ["value_5", "feed_leader"]);
}

#[test]
fn a_pick_that_brings_your_pile_to_10_cards_is_fill_pile() {
    // "When any player gets 10 cards in their points pile the round is immediately over":
    // 8 cards in the pile and two 4s in hand reach 10; one 9 does not.
    let g = game();
    let mut s = table(&g, 2);
    pile_filler(&mut s, 0, 8);
    give(&mut s, 0, &[n(4), n(4), n(9)]);
    give(&mut s, 1, &[n(1), n(2), n(6)]);
    roll(&g, &mut s, Stage::Roll2, &[4, 5]);
    assert_eq!(ids(&g, &s, Pick(4)), ["value_4", "fill_pile"]);
    assert_eq!(ids(&g, &s, Pick(9)), ["value_9"]);
}

#[test]
fn dz4_the_action_card_played_first_is_its_kind() {
    // DZ-4: at the start of the turn the roller plays every action card "in the order you
    // choose": the choice is which first, and it is that card's kind.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[JACKPOT, BOOST, CLOCK]);
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    g.advance(&mut s);
    assert_eq!(s.phase, Phase::ChooseAction);
    let plays = legal(&g, &s);
    assert_eq!(
        plays,
        vec![Play(ActionCard::Clock), Play(ActionCard::Jackpot), Play(ActionCard::BoostEm)]
    );
    let got: Vec<Vec<String>> = plays.iter().map(|&a| ids(&g, &s, a)).collect();
    assert_eq!(got, [["clock"], ["jackpot"], ["boost_em"]]);
}

/// The kinds legal at least once over `matches` random matches.
fn kinds_legal_in_random_play(g: &Dardz, players: usize, matches: u64) -> KindSet {
    crate::core::options::kinds_reached(g, players, matches, 0xD0_0000)
}

fn assert_every_kind_legal(g: &Dardz, players: usize, matches: u64) {
    let kinds = g.option_kinds(players);
    let seen = kinds_legal_in_random_play(g, players, matches);
    let missing: Vec<&str> =
        (0..kinds.len()).filter(|&i| !seen.contains(i)).map(|i| kinds[i].id.as_str()).collect();
    assert!(missing.is_empty(), "{players} players: never legal: {missing:?}");
}

#[test]
fn every_kind_is_legal_in_random_play() {
    assert_every_kind_legal(&game(), 4, 300);
    assert_every_kind_legal(&game_with(|r| r.teams = true), 4, 200);
}
