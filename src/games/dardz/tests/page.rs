//! The play page: every move has a place on the picture named by the state the
//! picture draws, and the action cards' rolls and the texts speak the rulebook's words.

use super::*;
use crate::core::trace::TraceGame;

/// Every kind of move `move_place` may name; "pass" (pick nothing) is the only one on the
/// bar.
const KINDS: [&str; 4] = ["take", "pass", "play", "name"];

/// Random matches, calling `each` at every decision with its legal actions.
fn random_decisions(g: &Dardz, players: usize, seed: u64, mut each: impl FnMut(&DardzState)) {
    let mut s = g.new_state(players);
    let mut rng = crate::core::rng_from_seed(seed);
    for _ in 0..20_000 {
        match g.turn(&s) {
            Turn::Over => return,
            Turn::Chance => g.sample_chance(&mut s, &mut rng),
            Turn::Player(_) => {
                each(&s);
                let acts = legal(g, &s);
                let i = rng.below(acts.len() as u32) as usize;
                g.apply(&mut s, acts[i]);
            }
        }
    }
}

/// Checks every legal action's place in `s` against the state the picture draws.
fn check_places(g: &Dardz, s: &DardzState) {
    let state = g.seat_state_json(s, Seat(s.roller));
    let own = format!("seat{}:", s.roller);
    let mut targets = std::collections::HashSet::new();
    for a in legal(g, s) {
        let place = g.move_place(s, a);
        assert!(KINDS.contains(&place.kind), "{a:?}: kind {}", place.kind);
        if a == Pass {
            // "You're allowed to pick nothing": no part of the picture, the bar.
            assert_eq!((place.kind, place.target.as_str()), ("pass", ""));
            continue;
        }
        assert!(place.target.starts_with(&own), "{a:?}: {} is not the roller's", place.target);
        assert!(targets.insert(place.target.clone()), "{a:?}: {} twice", place.target);
        match a {
            // A number picked is a chip of the roll's options, which the state lists.
            Pick(n) => assert!(state["options"].as_array().unwrap().contains(&n.into())),
            // An action card played next is a card of the roller's hand (DZ-4).
            Play(card) => {
                let hand = &state["hands"][s.roller as usize];
                assert!(hand.as_array().unwrap().contains(&card.label().into()), "{hand}");
                assert_eq!(place.target, format!("{own}card:{}", card.card().key()));
            }
            // "Name a number": one of the six dice beside the Jackpot (DZ-3).
            Guess(n) => {
                assert_eq!(state["phase"], "guess");
                assert_eq!(place.target, format!("{own}jackpot:{n}"));
            }
            Pass => unreachable!(),
        }
    }
}

#[test]
fn every_move_has_a_kind_and_a_target_of_the_roller_unique_among_the_moves() {
    let mut seen = std::collections::HashSet::new();
    for (players, teams) in [(2, false), (4, false), (8, false), (4, true)] {
        let g = game_with(|r| r.teams = teams);
        for seed in 0..6 {
            random_decisions(&g, players, seed, |s| {
                check_places(&g, s);
                for a in legal(&g, s) {
                    seen.insert(g.move_place(s, a).kind);
                }
            });
        }
    }
    assert_eq!(seen.len(), KINDS.len(), "kinds met: {seen:?}");
}

#[test]
fn dz3_a_bunk_em_roll_shows_its_own_dice_not_the_turns_roll() {
    // DZ-3: "roll 2 dice; the player(s) in first place subtract the sum". The state after the
    // card's roll carries those dice beside the turn's own roll, which it does not change.
    let g = game();
    let mut s = table(&g, 3);
    s.round = 2;
    s.scores[..3].copy_from_slice(&[30, 5, 12]);
    s.dice = [2, 0, 0];
    s.ndice = 1;
    give(&mut s, 0, &[BUNK, n(9), n(12)]);
    g.advance(&mut s);
    g.resolve_chance(&mut s, &mut script_dice(&[6, 5]));
    let state = g.state_json(&s);
    let roll = &state["card_roll"];
    assert_eq!(roll["card"], "Bunk'em");
    assert_eq!(roll["dice"], serde_json::json!([6, 5]));
    assert_eq!(roll["sum"], 11);
    assert_eq!(roll["hit"], serde_json::json!([0]));
    let said = g.describe_chance(&s, &s);
    assert!(said.starts_with("Bunk 'em: seat 0 rolled 6 5 = 11; seat 0 (in first place) loses it"));
    // The next step (the draw back) no longer shows the card's roll.
    g.resolve_chance(&mut s, &mut script(&[], &[n(3)]));
    assert_eq!(g.state_json(&s)["card_roll"], serde_json::Value::Null);
}

#[test]
fn dz3_jackpot_and_roll_off_rolls_are_in_the_state_and_said_in_words() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[JACKPOT, n(9), n(12)]);
    g.advance(&mut s);
    let state = g.state_json(&s);
    assert_eq!(state["phase"], "guess");
    g.apply(&mut s, Guess(4));
    g.resolve_chance(&mut s, &mut script_dice(&[4]));
    let roll = g.state_json(&s)["card_roll"].clone();
    assert_eq!((roll["dice"].clone(), roll["named"].clone()), (serde_json::json!([4]), 4.into()));
    let said = g.describe_chance(&s, &s);
    assert!(said.starts_with("Jackpot: seat 0 named 4, the die rolled 4, a hit: +15"), "{said}");
    let mut r = table(&g, 3);
    give(&mut r, 0, &[ROLL_OFF, n(9), n(12)]);
    g.advance(&mut r);
    g.resolve_chance(&mut r, &mut script_dice(&[2, 5]));
    let roll = g.state_json(&r)["card_roll"].clone();
    assert_eq!(
        (roll["dice"].clone(), roll["winner"].clone()),
        (serde_json::json!([2, 5]), 1.into())
    );
}

#[test]
fn round_one_boost_em_that_hits_nobody_says_why() {
    // DZ-3: in round 1 Boost 'em does nothing unless a Jackpot or 3-of-a-kind scored.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[BOOST, n(9), n(12)]);
    g.advance(&mut s);
    g.resolve_chance(&mut s, &mut script_dice(&[2, 6]));
    let said = g.describe_chance(&s, &s);
    assert!(said.contains("nobody is hit: in round 1 Boost 'em works only after"), "{said}");
}

#[test]
fn texts_name_cards_and_picks_in_the_rulebooks_words() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(3), n(8), Card::GOLDEN_7]);
    give(&mut s, 1, &[n(7), n(6), n(1)]);
    roll(&g, &mut s, Stage::Roll3, &[3, 4, 1]);
    // Third roll: a number from the roller's own hand earns the Bonus Roll.
    let said = g.describe(&s, Pick(7));
    assert_eq!(
        said,
        "seat 0 picks 7 from the third roll (3 4 1): seat 0 scores 1 card, seat 1 scores 1 card; then the Bonus Roll"
    );
    let said = g.describe(&s, Pass);
    assert_eq!(said, "seat 0 picks nothing from the third roll (3 4 1)");
    assert_eq!(g.describe(&s, Play(ActionCard::BoostEm)), "seat 0 plays Boost 'em next");
    // No action text or chance text spells a card by its short label.
    for text in [g.describe_chance(&s, &s), g.describe(&s, Pick(7))] {
        for short in ["G7", "Boost'em", "Bunk'em", "[", "_"] {
            assert!(!text.contains(short), "{short} in {text}");
        }
    }
}
