//! The conformance check must catch a game that leaks hidden information: a tiny hidden-card
//! game, honest and in three leaky variants, each of which one observation check must fail;
//! a variant whose all-seats heuristic is not its per-seat one; and one whose trace leaves a
//! point out, so that its events do not sum to the outcome's scores; and one whose step
//! state leaves out a key that changes.

use crate::core::{
    BotHooks, Chance, ChanceOutcome, GameRules, GameStats, GameText, Outcome, Rng, ScoreOrder,
    Seat, Turn,
};
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

use rand::RngExt;

use serde_json::{Value, json};

use super::check;
use crate::core::trace::{TraceGame, points_event};

crate::rule_params! {
    /// No parameters.
    pub struct NoRules {}
}

/// How the test game leaks, if it does.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Leak {
    Honest,
    /// `determinize` keeps the opponent's true card (a peeking bot): check (C).
    KeepsHiddenCard,
    /// `observe` leaves out the face-up table card, on which the legal bets depend: (D).
    OmitsPublicCard,
    /// `determinize` redraws the face-up table card too: check (A).
    ChangesPublicCard,
    /// Not a leak: `heuristics` gives seat 1 a -0.0 where `heuristic` gives 0.0, equal as
    /// numbers but not bit for bit, which MCTS's cut rewards must be.
    HeuristicsDiffer,
    /// Not a leak: the outcome gives seat 1 a point that no trace event carries (as a score
    /// changed only when the outcome is read would), which the trace's contract forbids.
    UntracedPoint,
    /// Not a leak: `step_state_json` leaves out whether the cards are dealt, which changes,
    /// so a trace's steps would never show it (only keys the same at every step may be left
    /// out).
    StepStateDropsDealt,
    /// Not a leak: `chance_outcomes` leaves out one of the deal's 64 outcomes, so the list
    /// an exact algorithm would walk is not the sampler's.
    OutcomeMissing,
}

/// Each of two seats holds a hidden card 0-3; one card 0-3 lies face up. In turn each seat
/// bets 0 up to the table card (bets are public); the higher card plus bet wins.
#[derive(Clone, Debug)]
struct HiddenCards {
    rules: NoRules,
    leak: Leak,
}

#[derive(Clone, Debug, PartialEq)]
struct HiddenState {
    dealt: bool,
    hands: [u8; 2],
    table: u8,
    bets: [u8; 2],
    to_move: u8,
}

impl GameRules for HiddenCards {
    type State = HiddenState;
    type Action = u8;
    type Rules = NoRules;
    fn with_rules(rules: NoRules) -> Self {
        Self { rules, leak: Leak::Honest }
    }
    fn rules(&self) -> &NoRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "hidden-cards"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_state(&self, _players: usize) -> HiddenState {
        HiddenState { dealt: false, hands: [0; 2], table: 0, bets: [0; 2], to_move: 0 }
    }
    fn turn(&self, s: &HiddenState) -> Turn {
        match (s.dealt, s.to_move) {
            (false, _) => Turn::Chance,
            (true, m) if m < 2 => Turn::Player(Seat(m)),
            _ => Turn::Over,
        }
    }
    fn legal_actions(&self, s: &HiddenState, out: &mut Vec<u8>) {
        out.clear();
        out.extend(0..=s.table);
    }
    fn apply(&self, s: &mut HiddenState, a: u8) {
        s.bets[s.to_move as usize] = a;
        s.to_move += 1;
    }
    fn sample_chance(&self, s: &mut HiddenState, chance: &mut impl Chance) {
        s.hands = [chance.below(4) as u8, chance.below(4) as u8];
        s.table = chance.below(4) as u8;
        s.dealt = true;
    }
    fn chance_outcomes(&self, s: &HiddenState) -> Option<Vec<ChanceOutcome<HiddenState>>> {
        let mut all = crate::core::chance_outcomes::enumerate(self, s, 100)?;
        assert_eq!(all.len(), 64, "three draws of four");
        if self.leak == Leak::OutcomeMissing {
            all.pop();
        }
        Some(all)
    }
    fn outcome(&self, s: &HiddenState) -> Outcome {
        let mut scores = [0, 1].map(|p| (s.hands[p] + s.bets[p]) as i32);
        scores[1] += (self.leak == Leak::UntracedPoint) as i32;
        Outcome::finished(&scores, ScoreOrder::HigherWins, 2, 1)
    }
    fn turn_cap(&self) -> u32 {
        2
    }
    fn standings(&self, s: &HiddenState, out: &mut [i32]) -> Option<u32> {
        out[0] = s.bets[0] as i32;
        out[1] = s.bets[1] as i32;
        Some(s.to_move as u32)
    }
}

impl BotHooks for HiddenCards {
    fn determinize(&self, s: &HiddenState, viewer: Seat, rng: &mut Rng) -> HiddenState {
        let mut d = s.clone();
        if !s.dealt {
            return d;
        }
        let other = 1 - viewer.index();
        if self.leak != Leak::KeepsHiddenCard {
            d.hands[other] = rng.random_range(0..4);
        }
        if self.leak == Leak::ChangesPublicCard {
            d.table = rng.random_range(0..4);
        }
        d
    }
    fn observe(&self, s: &HiddenState, viewer: Seat, out: &mut impl Hasher) {
        (s.dealt, s.bets, s.to_move, s.hands[viewer.index()]).hash(out);
        if self.leak != Leak::OmitsPublicCard {
            s.table.hash(out);
        }
    }
    fn heuristic(&self, _s: &HiddenState, _seat: Seat) -> f64 {
        0.0
    }
    fn heuristics(&self, _s: &HiddenState, out: &mut [f64]) {
        out.fill(0.0);
        if self.leak == Leak::HeuristicsDiffer {
            out[1] = -0.0;
        }
    }
}

impl GameStats for HiddenCards {}

impl GameText for HiddenCards {
    fn describe(&self, _s: &HiddenState, a: u8) -> String {
        format!("bet {a}")
    }
    fn render(&self, s: &HiddenState) -> String {
        format!("{s:?}")
    }
}

/// The score is the hidden card plus the bet: the deal's events carry the cards, each bet
/// its points.
impl TraceGame for HiddenCards {
    fn state_json(&self, s: &HiddenState) -> Value {
        json!({"dealt": s.dealt, "bets": s.bets, "table": s.table, "rules": "higher card plus bet"})
    }
    /// The rules' words are the same at every step; the honest game leaves them out.
    fn step_state_json(&self, s: &HiddenState) -> Value {
        match self.leak {
            Leak::StepStateDropsDealt => json!({"bets": s.bets, "table": s.table}),
            _ => json!({"dealt": s.dealt, "bets": s.bets, "table": s.table}),
        }
    }
    fn trace_events(
        &self,
        before: &HiddenState,
        action: Option<u8>,
        after: &HiddenState,
        out: &mut Vec<Value>,
    ) {
        match action {
            None => {
                for (seat, &card) in after.hands.iter().enumerate() {
                    out.push(points_event("dealt", seat, card as i32, json!({})));
                }
            }
            Some(bet) => {
                out.push(points_event("bet", before.to_move as usize, bet as i32, json!({})))
            }
        }
    }
}

fn game(leak: Leak) -> HiddenCards {
    HiddenCards { rules: NoRules {}, leak }
}

/// The panic message of a conformance check that must fail.
fn failure(leak: Leak) -> String {
    let result = std::panic::catch_unwind(|| check(&game(leak), 2, 2000, 7));
    let payload = result.expect_err("a leaky game passed the conformance check");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
fn the_honest_game_passes() {
    let report = check(&game(Leak::Honest), 2, 2000, 7);
    assert_eq!(report.matches, 2000);
}

#[test]
fn keeping_the_opponents_card_is_caught_as_peeking() {
    let message = failure(Leak::KeepsHiddenCard);
    assert!(message.contains("(C)"), "{message}");
}

#[test]
fn an_observation_that_omits_a_public_card_is_caught() {
    let message = failure(Leak::OmitsPublicCard);
    assert!(message.contains("(D)"), "{message}");
}

#[test]
fn determinizing_a_public_card_is_caught() {
    let message = failure(Leak::ChangesPublicCard);
    assert!(message.contains("(A)"), "{message}");
}

#[test]
fn heuristics_that_differ_from_the_per_seat_heuristic_are_caught() {
    let message = failure(Leak::HeuristicsDiffer);
    assert!(message.contains("heuristics gives"), "{message}");
}

#[test]
fn a_score_no_trace_event_carries_is_caught() {
    // docs/trace-format.md: the points of a seat's events sum to its score in the end record.
    let message = failure(Leak::UntracedPoint);
    assert!(message.contains("trace: the events' points of seat(s) [1]"), "{message}");
}

#[test]
fn a_step_state_that_leaves_out_a_changing_key_is_caught() {
    let message = failure(Leak::StepStateDropsDealt);
    assert!(message.contains("step_state_json leaves out `dealt`"), "{message}");
}

#[test]
fn a_chance_listing_that_is_not_the_samplers_is_caught() {
    let message = failure(Leak::OutcomeMissing);
    assert!(message.contains("the 63 chance outcomes sum to 0.984375, not 1"), "{message}");
}
