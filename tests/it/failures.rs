//! A panic inside one match must not lose the run: the runner records the match index and
//! deal (to replay it) and goes on. Uses a deliberately faulty game.

use arena::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, Outcome, ScoreOrder, Seat, Turn,
};
use std::ops::RangeInclusive;

use arena::bots::profile::parse_lineup;
use arena::runner::worker::play_block;
use arena::runner::{RunSpec, Seating};
use std::hash::{Hash, Hasher};

arena::rule_params! {
    /// No parameters.
    pub struct FaultyRules {}
}

/// One die roll decides the match; a roll of 6 makes the game panic.
#[derive(Clone, Debug)]
struct Faulty(FaultyRules);

impl GameRules for Faulty {
    type State = Option<u8>;
    type Action = u8;
    type Rules = FaultyRules;
    fn with_rules(r: FaultyRules) -> Self {
        Faulty(r)
    }
    fn rules(&self) -> &FaultyRules {
        &self.0
    }
    fn name(&self) -> &'static str {
        "faulty"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_state(&self, _: usize) -> Option<u8> {
        None
    }
    fn turn(&self, s: &Option<u8>) -> Turn {
        if s.is_some() { Turn::Over } else { Turn::Chance }
    }
    fn legal_actions(&self, _: &Option<u8>, out: &mut Vec<u8>) {
        out.clear();
    }
    fn apply(&self, _: &mut Option<u8>, _: u8) {}
    fn sample_chance(&self, s: &mut Option<u8>, chance: &mut impl Chance) {
        let roll = chance.die(6) as u8;
        assert!(roll != 6, "the faulty game rolled a six");
        *s = Some(roll);
    }
    fn outcome(&self, s: &Option<u8>) -> Outcome {
        let r = s.unwrap() as i32;
        Outcome::finished(&[r % 2, 1 - r % 2], ScoreOrder::HigherWins, 1, 1)
    }
    fn turn_cap(&self) -> u32 {
        1
    }
}

impl BotHooks for Faulty {
    fn heuristic(&self, _: &Option<u8>, _: Seat) -> f64 {
        0.0
    }
    fn observe(&self, s: &Option<u8>, _: Seat, out: &mut impl Hasher) {
        s.hash(out);
    }
}

impl GameStats for Faulty {}

impl GameText for Faulty {
    fn describe(&self, _: &Option<u8>, a: u8) -> String {
        a.to_string()
    }
    fn render(&self, s: &Option<u8>) -> String {
        format!("{s:?}")
    }
}

#[test]
fn a_panicking_match_is_recorded_and_the_run_goes_on() {
    let spec = RunSpec {
        players: 2,
        lineup: parse_lineup("random", 2).unwrap(),
        matches: 600,
        seed: 3,
        seating: Seating::Rotate,
    };
    let _quiet = arena::runner::pace::QuietPanics::install();
    let block = play_block(&Faulty(FaultyRules {}), &spec, 0, 600, true);
    let failed = block.failures.len() as u64;
    // About a sixth of the deals roll a six; with rotation both matches of a deal fail.
    assert!((60..=140).contains(&failed), "{failed} failures");
    assert_eq!(block.tally.matches + failed, 600);
    assert_eq!(block.records.len() as u64, block.tally.matches);
    let f = &block.failures[0];
    assert_eq!(f.deal, f.index / 2);
    assert!(f.message.contains("rolled a six"), "{}", f.message);
    // Failures come in index order and pair up by deal (same dice under both seatings).
    assert!(block.failures.windows(2).all(|w| w[0].index < w[1].index));
    assert!(
        block
            .failures
            .iter()
            .all(|f| { block.failures.iter().any(|g| g.deal == f.deal && g.index != f.index) })
    );
}
