//! LOVE ACTUALLY's hidden hands against the real bots (LA-13): greedy and MCTS decide the
//! same in two states that differ only in cards the mover cannot know (the twin is a
//! determinization of the state for the mover, so it keeps everything the mover saw), across
//! random positions of 2 to 5 players; and a leaky variant of the game, whose `determinize`
//! returns the true state as a peeking bot would see it, fails that check.

use arena::core::{
    BotHooks, Game, GameRules, GameStats, GameText, Outcome, Rng, Seat, Turn, derive_rng,
};
use std::hash::Hasher;
use std::ops::RangeInclusive;

use crate::common::decide;
use arena::games::love_actually::{Love, LoveAction, LoveRules, LoveState};
use rand::RngExt;

fn game() -> Love {
    Love::new(LoveRules::default())
}

fn obs(g: &Love, s: &LoveState, seat: Seat) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    g.observe(s, seat, &mut h);
    h.finish()
}

/// Decision positions of random matches: (state, seat to move).
fn positions(g: &Love, players: usize, count: usize, seed: u64) -> Vec<LoveState> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let mut i = 0;
    while out.len() < count {
        let mut rng = derive_rng(seed, i, 0);
        i += 1;
        let mut s = g.new_state(players);
        let stop = rng.random_range(5..300u32);
        let mut steps = 0;
        loop {
            match g.turn(&s) {
                Turn::Over => break,
                Turn::Chance => g.sample_chance(&mut s, &mut rng),
                Turn::Player(_) => {
                    g.legal_actions(&s, &mut legal);
                    steps += 1;
                    if steps == stop {
                        if legal.len() > 1 {
                            out.push(s.clone());
                        }
                        break;
                    }
                    let a = legal[rng.random_range(0..legal.len())];
                    g.apply(&mut s, a);
                }
            }
        }
    }
    out
}

/// Positions where the decision differs between the state and a twin that differs only in
/// what the mover cannot know.
fn differing<G: Game<State = LoveState>>(g: &G, love: &Love, bot: &str, n: usize) -> usize {
    let mut differ = 0;
    let mut twin_rng = derive_rng(77, 0, 0);
    for (k, s) in positions(love, 2 + n % 4, n, 9).iter().enumerate() {
        let Turn::Player(seat) = love.turn(s) else { unreachable!() };
        let twin = love.determinize(s, seat, &mut twin_rng);
        assert_eq!(obs(love, s, seat), obs(love, &twin, seat), "the twin looks alike to the mover");
        if decide(g, bot, s, k as u64) != decide(g, bot, &twin, k as u64) {
            differ += 1;
        }
    }
    differ
}

#[test]
fn no_peeking_greedy_and_mcts_decide_alike_when_only_hidden_cards_differ() {
    let g = game();
    assert_eq!(differing(&g, &g, "greedy", 120), 0, "greedy");
    assert_eq!(differing(&g, &g, "mcts:iterations=200", 40), 0, "mcts");
    assert_eq!(differing(&g, &g, "strong", 40), 0, "strong");
    assert_eq!(differing(&g, &g, "alphabeta:nodes=300:worlds=2", 40), 0, "alphabeta");
}

#[test]
fn no_peeking_a_leaky_determinize_would_be_caught() {
    let g = game();
    let leaky = Leaky(g.clone());
    let mcts = differing(&leaky, &g, "mcts:iterations=200", 40);
    assert!(mcts > 0, "a peeking MCTS decides differently on twins: {mcts} of 40");
}

/// LOVE ACTUALLY with a `determinize` that leaks the true state (what a peeking bot sees).
#[derive(Clone, Debug)]
struct Leaky(Love);

impl GameRules for Leaky {
    type State = LoveState;
    type Action = LoveAction;
    type Rules = LoveRules;
    fn with_rules(rules: LoveRules) -> Self {
        Leaky(Love::new(rules))
    }
    fn rules(&self) -> &LoveRules {
        self.0.rules()
    }
    fn name(&self) -> &'static str {
        "leaky-love"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        self.0.seats()
    }
    fn new_state(&self, players: usize) -> LoveState {
        self.0.new_state(players)
    }
    fn turn(&self, s: &LoveState) -> Turn {
        self.0.turn(s)
    }
    fn legal_actions(&self, s: &LoveState, out: &mut Vec<LoveAction>) {
        self.0.legal_actions(s, out)
    }
    fn apply(&self, s: &mut LoveState, a: LoveAction) {
        self.0.apply(s, a)
    }
    fn sample_chance(&self, s: &mut LoveState, chance: &mut impl arena::core::Chance) {
        self.0.sample_chance(s, chance)
    }
    fn outcome(&self, s: &LoveState) -> Outcome {
        self.0.outcome(s)
    }
    fn turn_cap(&self) -> u32 {
        self.0.turn_cap()
    }
}

impl BotHooks for Leaky {
    fn determinize(&self, s: &LoveState, _viewer: Seat, _rng: &mut Rng) -> LoveState {
        s.clone()
    }
    fn observe(&self, s: &LoveState, viewer: Seat, out: &mut impl Hasher) {
        self.0.observe(s, viewer, out)
    }
    fn heuristic(&self, s: &LoveState, seat: Seat) -> f64 {
        self.0.heuristic(s, seat)
    }
}

impl GameStats for Leaky {}

impl GameText for Leaky {
    fn describe(&self, s: &LoveState, a: LoveAction) -> String {
        self.0.describe(s, a)
    }
    fn render(&self, s: &LoveState) -> String {
        self.0.render(s)
    }
}
