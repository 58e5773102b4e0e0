//! Hidden hands (LA-13): what a seat saw stays fixed under `determinize`, and the greedy and
//! MCTS bots decide the same in two states that differ only in cards the seat cannot know.
//! A leaky variant of the game (its `determinize` returns the true state, as a peeking bot
//! would see it) fails the same check.

use std::hash::Hasher;
use std::ops::RangeInclusive;

use rand::RngExt;

use super::*;
use crate::bots::{Bot, profile::parse_one};
use crate::core::{Outcome, Rng, Seat, derive_rng};
use LoveAction::Choose;

#[test]
fn la13_a_card_seen_stays_where_it_was_seen_under_determinize() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Mark", "Juliet"]);
    give(&g, &mut s, 1, &["Harry", "Daisy", "Joe", "Billy"]);
    give(&g, &mut s, 2, &["Karen", "Rufus", "Sam", "Tony"]);
    score_and_use(&g, &mut s, &["Mark", "Juliet"], 2, "Mark");
    act(&g, &mut s, Choose(1));
    // Seat 2 exposes nothing to seat 0 but Rufus, which a name ask made public.
    s.known[0][2] |= bit(g.card("Rufus"));
    let mut rng = derive_rng(1, 2, 3);
    let mut seat2_varied = false;
    for _ in 0..200 {
        let d = g.determinized(&s, 0, &mut rng);
        assert_eq!(d.hands[0], s.hands[0], "own hand");
        assert_eq!(d.hands[1], s.hands[1], "the hand Mark saw");
        assert!(d.hands[2] & bit(g.card("Rufus")) != 0, "the card it was shown");
        assert_eq!(d.hands[2].count_ones(), 4);
        assert_eq!(d.pile[..d.pile_len as usize], s.pile[..s.pile_len as usize]);
        seat2_varied |= d.hands[2] != s.hands[2];
        g.check_invariants(&d).unwrap();
    }
    assert!(seat2_varied, "the unseen cards are resampled");
    // Seat 1 knows nothing of seat 0's hand: it is resampled for seat 1.
    let varied = (0..50).any(|_| g.determinized(&s, 1, &mut rng).hands[0] != s.hands[0]);
    assert!(varied || s.hands[0] == 0);
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

fn decide<G: Game>(g: &G, bot: &str, s: &G::State, seed: u64) -> G::Action {
    let Turn::Player(seat) = g.turn(s) else { panic!("not a decision") };
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    let mut b = Bot::from_spec(&parse_one(bot).unwrap());
    b.choose(g, s, seat, &legal, &mut derive_rng(seed, 0, 1))
}

/// Positions where the decision differs between the state and a twin that differs only in
/// what the mover cannot know.
fn differing<G: Game<State = LoveState>>(g: &G, love: &Love, bot: &str, n: usize) -> usize {
    let mut differ = 0;
    let mut twin_rng = derive_rng(77, 0, 0);
    for (k, s) in positions(love, 2 + n % 4, n, 9).iter().enumerate() {
        let Turn::Player(seat) = love.turn(s) else { unreachable!() };
        let twin = love.determinized(s, seat.0, &mut twin_rng);
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

impl Game for Leaky {
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
    fn sample_chance(&self, s: &mut LoveState, chance: &mut impl crate::core::Chance) {
        self.0.sample_chance(s, chance)
    }
    fn outcome(&self, s: &LoveState) -> Outcome {
        self.0.outcome(s)
    }
    fn turn_cap(&self) -> u32 {
        self.0.turn_cap()
    }
    fn determinize(&self, s: &LoveState, _viewer: Seat, _rng: &mut Rng) -> LoveState {
        s.clone()
    }
    fn observe(&self, s: &LoveState, viewer: Seat, out: &mut impl Hasher) {
        self.0.observe(s, viewer, out)
    }
    fn heuristic(&self, s: &LoveState, seat: Seat) -> f64 {
        self.0.heuristic(s, seat)
    }
    fn describe(&self, s: &LoveState, a: LoveAction) -> String {
        self.0.describe(s, a)
    }
    fn render(&self, s: &LoveState) -> String {
        self.0.render(s)
    }
}

#[test]
fn observe_differs_when_a_seat_sees_a_card_and_not_otherwise() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 1, &["Harry"]);
    let before = obs(&g, &s, Seat(0));
    let mut t = s.clone();
    // A different unseen card in seat 1's hand: seat 0 cannot tell.
    t.hands[1] = bit(g.card("Mia"));
    t.deck = (t.deck | bit(g.card("Harry"))) & !bit(g.card("Mia"));
    assert_eq!(obs(&g, &t, Seat(0)), before);
    assert_ne!(obs(&g, &t, Seat(1)), obs(&g, &s, Seat(1)));
    // Once shown, it can.
    s.known[0][1] = s.hands[1];
    t.known[0][1] = t.hands[1];
    assert_ne!(obs(&g, &s, Seat(0)), obs(&g, &t, Seat(0)));
}

/// The hash of what `seat` observes.
fn obs(g: &Love, s: &LoveState, seat: Seat) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    g.observe(s, seat, &mut h);
    h.finish()
}
