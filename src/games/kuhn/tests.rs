//! Kuhn poker's rules (REF-3) one by one, its known answers computed by the generic exact
//! evaluator, and what a seat may see.

use super::*;
use crate::core::exact::{self, Policy, Uniform};
use crate::core::{ScriptedChance, conformance, derive_rng};
use KuhnAction::{Bet, Call, Check, Fold};

fn game() -> Kuhn {
    Kuhn::new(KuhnRules::default())
}

/// A state dealt `cards` (0 Jack, 1 Queen, 2 King) after the decisions `made`.
fn dealt(cards: [u8; 2], made: &[KuhnAction]) -> KuhnState {
    let g = game();
    let mut s = g.new_state(2);
    s.cards = cards;
    s.dealt = true;
    for &a in made {
        g.apply(&mut s, a);
    }
    s
}

#[test]
fn conformance_10k() {
    let report = conformance::check(&game(), 2, 10_000, 3);
    assert_eq!(report.capped, 0, "a hand ends within three decisions");
}

#[test]
fn conformance_with_other_stakes() {
    let g = Kuhn::new(KuhnRules { ante: 2, bet: 5 });
    conformance::check(&g, 2, 2_000, 4);
}

#[test]
fn no_metric_goes_undescribed() {
    // Kuhn poker keeps no counters of its own: its lengths and chips are in lengths.csv and
    // seats.csv.
    conformance::check_metric_docs(&game(), 2);
    assert!(game().metric_docs(2).is_empty());
}

#[test]
fn ref3_the_deal_gives_each_ordered_pair_of_different_cards_one_time_in_six() {
    let g = game();
    let outcomes = g.chance_outcomes(&g.new_state(2)).expect("six deals");
    assert_eq!(outcomes.len(), 6);
    let mut pairs: Vec<[u8; 2]> = outcomes.iter().map(|o| o.state.cards).collect();
    pairs.sort();
    assert_eq!(pairs, vec![[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]]);
    assert!(outcomes.iter().all(|o| (o.probability - 1.0 / 6.0).abs() < 1e-12));
    // Seat 1's card is drawn from the two seat 0 does not hold, in order.
    let mut s = g.new_state(2);
    g.sample_chance(&mut s, &mut ScriptedChance::new().choices([2, 1]));
    assert_eq!(s.cards, [2, 1]);
}

#[test]
fn ref3_check_or_bet_then_fold_or_call_facing_a_bet() {
    let g = game();
    let mut legal = Vec::new();
    g.legal_actions(&dealt([0, 1], &[]), &mut legal);
    assert_eq!(legal, vec![Check, Bet]);
    g.legal_actions(&dealt([0, 1], &[Check]), &mut legal);
    assert_eq!(legal, vec![Check, Bet]);
    g.legal_actions(&dealt([0, 1], &[Bet]), &mut legal);
    assert_eq!(legal, vec![Fold, Call]);
    g.legal_actions(&dealt([0, 1], &[Check, Bet]), &mut legal);
    assert_eq!(legal, vec![Fold, Call]);
    assert_eq!(g.turn(&dealt([0, 1], &[Check])), Turn::Player(Seat(1)));
    assert_eq!(g.turn(&dealt([0, 1], &[Check, Bet])), Turn::Player(Seat(0)));
}

/// Every way a hand ends, with seat 0 holding the King against the Queen and the other way
/// round: the pot of 2 (antes) or 4 (a bet called) to the higher card at a showdown, to the
/// one who did not fold otherwise (REF-3).
#[test]
fn ref3_the_pot_goes_to_the_higher_card_or_to_the_player_who_did_not_fold() {
    let g = game();
    for (made, king_first, queen_first) in [
        (&[Check, Check][..], [1, -1], [-1, 1]),
        (&[Bet, Call][..], [2, -2], [-2, 2]),
        (&[Check, Bet, Call][..], [2, -2], [-2, 2]),
        (&[Bet, Fold][..], [1, -1], [1, -1]),
        (&[Check, Bet, Fold][..], [-1, 1], [-1, 1]),
    ] {
        for (cards, net) in [([2, 1], king_first), ([1, 2], queen_first)] {
            let s = dealt(cards, made);
            assert_eq!(g.turn(&s), Turn::Over, "{made:?}");
            assert_eq!(g.outcome(&s).scores(), &net, "{made:?} with cards {cards:?}");
            assert_eq!(s.showdown(), made.last() != Some(&Fold));
        }
    }
}

#[test]
fn ref3_other_stakes_scale_the_pot() {
    let g = Kuhn::new(KuhnRules { ante: 2, bet: 3 });
    let mut s = g.new_state(2);
    g.sample_chance(&mut s, &mut ScriptedChance::new().choices([0, 1]));
    assert_eq!(s.cards, [0, 2]);
    let mut called = s;
    g.apply(&mut called, Bet);
    g.apply(&mut called, Call);
    assert_eq!(g.outcome(&called).scores(), &[-5, 5]);
    let mut folded = s;
    g.apply(&mut folded, Check);
    g.apply(&mut folded, Bet);
    g.apply(&mut folded, Fold);
    assert_eq!(g.outcome(&folded).scores(), &[-2, 2]);
    let mut checked = s;
    g.apply(&mut checked, Check);
    g.apply(&mut checked, Check);
    assert_eq!(g.outcome(&checked).scores(), &[-2, 2]);
}

/// Kuhn's equilibrium family (Kuhn 1950; OpenSpiel's `kuhn_poker` documents the value): the
/// first player bets the Jack with probability `alpha` (at most 1/3), the King with
/// `3 alpha`, never the Queen; facing a bet after checking it calls with the Queen with
/// probability `alpha + 1/3`, always with the King, never with the Jack. The second
/// player bets the Jack after a check with probability 1/3, checks the Queen, bets the King;
/// facing a bet it calls with the Queen with probability 1/3, always with the King, never
/// with the Jack.
struct Equilibrium {
    alpha: f64,
}

impl Policy<Kuhn> for Equilibrium {
    fn probabilities(&self, _: &Kuhn, s: &KuhnState, seat: Seat, legal: &[KuhnAction]) -> Vec<f64> {
        let card = s.cards[seat.index()];
        let a = self.alpha;
        // The probability of the second legal action: bet (or call, facing a bet).
        let aggressive = match (seat.0, s.made(), card) {
            (0, [], 0) => a,
            (0, [], 1) => 0.0,
            (0, [], _) => 3.0 * a,
            (0, [Check, Bet], 0) => 0.0,
            (0, [Check, Bet], 1) => a + 1.0 / 3.0,
            (0, [Check, Bet], _) => 1.0,
            (1, [Check], 0) => 1.0 / 3.0,
            (1, [Check], 1) => 0.0,
            (1, [Check], _) => 1.0,
            (1, [Bet], 0) => 0.0,
            (1, [Bet], 1) => 1.0 / 3.0,
            (1, [Bet], _) => 1.0,
            other => panic!("no decision at {other:?}"),
        };
        assert_eq!(legal.len(), 2);
        vec![1.0 - aggressive, aggressive]
    }
}

#[test]
fn ref3_the_first_player_loses_one_eighteenth_at_the_equilibrium() {
    for alpha in [0.0, 0.1, 1.0 / 3.0] {
        let e = exact::expected(&game(), 2, &Equilibrium { alpha }, 1_000).unwrap();
        assert!((e.score[0] + 1.0 / 18.0).abs() < 1e-12, "alpha {alpha}: {:?}", e.score);
        assert!((e.score[1] - 1.0 / 18.0).abs() < 1e-12);
        assert_eq!(e.shared_first, 0.0, "a hand always has one winner");
    }
}

/// Random play by hand: the betting goes check-check, bet-fold and bet-call a quarter of
/// the time each and check-bet-fold and check-bet-call an eighth each; at a showdown each
/// card is as likely the higher. So seat 0 nets +1/4 - 1/8 = +1/8 and wins half the
/// showdowns (5/8 of hands), every bet-fold and no check-bet-fold: 5/16 + 1/4 = 9/16.
#[test]
fn ref3_random_play_by_enumeration_matches_the_hand_count() {
    let e = exact::expected(&game(), 2, &Uniform, 1_000).unwrap();
    assert!((e.score[0] - 0.125).abs() < 1e-12, "{:?}", e.score);
    assert!((e.win_share[0] - 9.0 / 16.0).abs() < 1e-12, "{:?}", e.win_share);
}

#[test]
fn ref3_options_are_the_action_and_the_card_it_is_taken_with() {
    let g = game();
    let kinds = g.option_kinds(2);
    crate::core::options::check_kinds(&kinds).unwrap();
    assert_eq!(kinds.len(), 12);
    for (s, a, id) in [
        (dealt([0, 1], &[]), Bet, "bet_j"),
        (dealt([2, 1], &[]), Check, "check_k"),
        (dealt([2, 1], &[Check]), Bet, "bet_q"),
        (dealt([0, 1], &[Bet]), Fold, "fold_q"),
        (dealt([1, 2], &[Check, Bet]), Call, "call_q"),
    ] {
        let k: Vec<usize> = g.action_kinds(&s, a).iter().collect();
        assert_eq!(k.len(), 1);
        assert_eq!(kinds[k[0]].id, id, "{a:?} at {s:?}");
    }
}

#[test]
fn a_seat_sees_its_own_card_and_the_other_only_at_a_showdown() {
    let g = game();
    let obs = |s: &KuhnState, seat: u8| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        g.observe(s, Seat(seat), &mut h);
        h.finish()
    };
    // Seat 0 holds the Jack: the Queen and the King across the table look alike to it,
    // and each is seen by seat 1.
    let (queen, king) = (dealt([0, 1], &[Bet]), dealt([0, 2], &[Bet]));
    assert_eq!(obs(&queen, 0), obs(&king, 0));
    assert_ne!(obs(&queen, 1), obs(&king, 1));
    assert_eq!(g.seat_state_json(&queen, Seat(0))["cards"], json!(["J", null]));
    assert_eq!(g.seat_render(&queen, Seat(0)), g.seat_render(&king, Seat(0)));
    // A fold shows nothing; a showdown shows both.
    let folded = |c| dealt([0, c], &[Bet, Fold]);
    assert_eq!(obs(&folded(1), 0), obs(&folded(2), 0));
    let shown = |c| dealt([0, c], &[Bet, Call]);
    assert_ne!(obs(&shown(1), 0), obs(&shown(2), 0));
    assert_eq!(g.seat_state_json(&shown(2), Seat(0))["cards"], json!(["J", "K"]));
    // Determinizing for seat 0 draws the other card from the two it does not hold.
    let mut rng = derive_rng(1, 0, 0);
    let drawn: std::collections::BTreeSet<u8> =
        (0..64).map(|_| g.determinize(&queen, Seat(0), &mut rng).cards[1]).collect();
    assert_eq!(drawn, [1, 2].into());
}

#[test]
fn the_trace_names_the_cards_only_at_a_showdown() {
    let g = game();
    let mut events = Vec::new();
    g.trace_events(&dealt([0, 2], &[Bet]), Some(Fold), &dealt([0, 2], &[Bet, Fold]), &mut events);
    let said = serde_json::to_string(&events).unwrap();
    for card in ["\"J\"", "\"K\"", "cards", "Jack", "King"] {
        assert!(!said.contains(card), "{card} in {said}");
    }
    let folded = g.end_reason(&dealt([0, 2], &[Bet, Fold]));
    assert!(!folded.text.contains("Jack") && !folded.text.contains("King"), "{}", folded.text);
    events.clear();
    g.trace_events(&dealt([0, 2], &[Bet]), Some(Call), &dealt([0, 2], &[Bet, Call]), &mut events);
    let shown = events.iter().find(|e| e["kind"] == "showdown").expect("a showdown event");
    assert_eq!(shown["cards"], json!(["J", "K"]));
    assert_eq!(g.end_reason(&dealt([0, 2], &[Bet, Call])).code, "showdown");
}

/// The heuristic counts the bet on the table as called: a bet with the King looks better than
/// a check, a bet with the Jack worse, and folding the Jack to a bet better than calling.
#[test]
fn the_heuristic_values_a_bet_as_called() {
    let g = game();
    let h = |cards, made: &[KuhnAction], seat| g.heuristic(&dealt(cards, made), Seat(seat));
    assert!(h([2, 0], &[Bet], 0) > h([2, 0], &[Check], 0));
    assert!(h([0, 2], &[Bet], 0) < h([0, 2], &[Check], 0));
    assert!(h([2, 0], &[Bet, Fold], 1) > h([2, 0], &[Bet, Call], 1));
    assert_eq!(h([0, 2], &[Check, Bet, Fold], 0), -1.0);
}
