//! A small game's exact expected results under given policies, computed by enumeration:
//! every chance event through its outcomes ([`GameRules::chance_outcomes`]) and every
//! decision through the policy's probabilities. Nothing here is game-specific, so a known
//! answer (tic-tac-toe's and Kuhn poker's under random play, a game's value at an
//! equilibrium) is computed by the same code for every game instead of by code of its own.
//!
//! Two ways, for two shapes of game:
//! - [`expected`] walks every path of a game whose matches cannot repeat a position (a tree:
//!   tic-tac-toe, Kuhn poker), each path with its probability;
//! - [`expected_by_key`] solves a game whose positions recur (Pig: a 1 sends the turn back
//!   to where it began) over the positions a `key` tells apart, by value iteration to a
//!   fixed point. The key must keep everything the rest of the match depends on; what it
//!   drops (a turn counter for the turn cap, the last die for traces) is taken not to matter,
//!   so a match the turn cap would end is valued as if it went on.

use std::collections::HashMap;
use std::hash::Hash;

use super::{GameRules, Outcome, Seat, Turn};

/// How a seat chooses: a probability for each legal action, in the order given.
pub trait Policy<G: GameRules> {
    fn probabilities(&self, game: &G, s: &G::State, seat: Seat, legal: &[G::Action]) -> Vec<f64>;
}

/// Every legal action equally likely: the `random` bot.
pub struct Uniform;

impl<G: GameRules> Policy<G> for Uniform {
    fn probabilities(&self, _: &G, _: &G::State, _: Seat, legal: &[G::Action]) -> Vec<f64> {
        vec![1.0 / legal.len() as f64; legal.len()]
    }
}

/// What a match is expected to give each seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Expected {
    /// The expected share of the win: 1 for a sole winner, 1/k in a k-way tie (G-3).
    pub win_share: Vec<f64>,
    /// The expected final score.
    pub score: Vec<f64>,
    /// The probability that the match ends in a draw for first place (two or more share it).
    pub shared_first: f64,
}

impl Expected {
    fn zero(players: usize) -> Self {
        Expected { win_share: vec![0.0; players], score: vec![0.0; players], shared_first: 0.0 }
    }

    fn of(outcome: &Outcome) -> Self {
        let seats = 0..outcome.players();
        Expected {
            win_share: seats.clone().map(|p| outcome.win_share(Seat(p as u8))).collect(),
            score: outcome.scores().iter().map(|&s| f64::from(s)).collect(),
            shared_first: if outcome.first_place_count() > 1 { 1.0 } else { 0.0 },
        }
    }

    fn add(&mut self, p: f64, other: &Expected) {
        for (a, b) in self.win_share.iter_mut().zip(&other.win_share) {
            *a += p * b;
        }
        for (a, b) in self.score.iter_mut().zip(&other.score) {
            *a += p * b;
        }
        self.shared_first += p * other.shared_first;
    }
}

/// Why a game could not be enumerated.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NotEnumerable {
    #[error("a chance event whose outcomes the game does not list")]
    UnlistedChance,
    #[error("more than {0} positions: too large to enumerate")]
    TooLarge(usize),
    #[error("a policy's probabilities do not fit the legal actions (got {got} for {legal})")]
    BadPolicy { got: usize, legal: usize },
}

/// The game's expected results from a new match of `players`, every seat choosing by
/// `policy`, by walking every path; at most `limit` positions are visited.
pub fn expected<G: GameRules>(
    game: &G,
    players: usize,
    policy: &impl Policy<G>,
    limit: usize,
) -> Result<Expected, NotEnumerable> {
    let mut visited = 0;
    walk(game, &game.new_state(players), players, policy, limit, &mut visited)
}

fn walk<G: GameRules>(
    game: &G,
    s: &G::State,
    players: usize,
    policy: &impl Policy<G>,
    limit: usize,
    visited: &mut usize,
) -> Result<Expected, NotEnumerable> {
    *visited += 1;
    if *visited > limit {
        return Err(NotEnumerable::TooLarge(limit));
    }
    let mut total = Expected::zero(players);
    for (p, next) in successors(game, s, policy)? {
        match next {
            Next::Over(outcome) => total.add(p, &Expected::of(&outcome)),
            Next::State(next) => total.add(p, &walk(game, &next, players, policy, limit, visited)?),
        }
    }
    Ok(total)
}

/// Where a position leads: the end of the match, or a position to go on from.
enum Next<S> {
    Over(Outcome),
    State(S),
}

/// Each place a position leads to, with its probability.
type Successors<S> = Vec<(f64, Next<S>)>;

/// Where a position leads in the solver's sweeps: another position's index, or the flat
/// expected results of an end.
type Flat = Result<usize, Vec<f64>>;

/// Each position `s` leads to with its probability (the match's outcome, when `s` ends it).
fn successors<G: GameRules>(
    game: &G,
    s: &G::State,
    policy: &impl Policy<G>,
) -> Result<Successors<G::State>, NotEnumerable> {
    Ok(match game.turn(s) {
        Turn::Over => vec![(1.0, Next::Over(game.outcome(s)))],
        Turn::Chance => game
            .chance_outcomes(s)
            .ok_or(NotEnumerable::UnlistedChance)?
            .into_iter()
            .map(|o| (o.probability, Next::State(o.state)))
            .collect(),
        Turn::Player(seat) => {
            let mut legal = Vec::new();
            game.legal_actions(s, &mut legal);
            let probabilities = policy.probabilities(game, s, seat, &legal);
            if probabilities.len() != legal.len() {
                return Err(NotEnumerable::BadPolicy {
                    got: probabilities.len(),
                    legal: legal.len(),
                });
            }
            legal
                .iter()
                .zip(probabilities)
                .filter(|(_, p)| *p > 0.0)
                .map(|(&a, p)| {
                    let mut next = s.clone();
                    game.apply(&mut next, a);
                    (p, Next::State(next))
                })
                .collect()
        }
    })
}

/// The game's expected results from a new match of `players`, every seat choosing by
/// `policy`, over the positions `key` tells apart (at most `limit` of them), by value
/// iteration until no expected figure moves by more than `tolerance`.
pub fn expected_by_key<G: GameRules, K: Hash + Eq + Clone>(
    game: &G,
    players: usize,
    policy: &impl Policy<G>,
    key: impl Fn(&G::State) -> K,
    limit: usize,
    tolerance: f64,
) -> Result<Expected, NotEnumerable> {
    Ok(solve_by_key(game, players, policy, key, limit, tolerance)?.value(0))
}

/// Every position a match of `players` can reach under `policy`, told apart by `key` (at
/// most `limit` of them), each with its expected results and how often a match visits it,
/// both solved by iteration until nothing moves by more than `tolerance`: what an exact
/// answer about single decisions needs (the effect of taking an option where it is offered,
/// weighted by how often it is).
pub struct Solved<S, K> {
    /// One state for each position, the start first.
    pub states: Vec<S>,
    /// Each position's index by its key.
    pub index: HashMap<K, usize>,
    players: usize,
    /// Win shares, scores and shared first of each position, flat.
    values: Vec<f64>,
    /// The expected number of visits to each position in one match.
    pub visits: Vec<f64>,
}

impl<S, K: Hash + Eq> Solved<S, K> {
    /// The expected results of a match from position `i` on.
    pub fn value(&self, i: usize) -> Expected {
        let width = 2 * self.players + 1;
        let v = &self.values[i * width..(i + 1) * width];
        Expected {
            win_share: v[..self.players].to_vec(),
            score: v[self.players..2 * self.players].to_vec(),
            shared_first: v[2 * self.players],
        }
    }
}

/// See [`Solved`].
pub fn solve_by_key<G: GameRules, K: Hash + Eq + Clone>(
    game: &G,
    players: usize,
    policy: &impl Policy<G>,
    key: impl Fn(&G::State) -> K,
    limit: usize,
    tolerance: f64,
) -> Result<Solved<G::State, K>, NotEnumerable> {
    let width = 2 * players + 1;
    let flat = |e: &Expected| -> Vec<f64> {
        e.win_share.iter().chain(&e.score).copied().chain([e.shared_first]).collect()
    };
    // Every position reachable, by key, with where it leads: another position's index, or
    // an end's expected results.
    let start = game.new_state(players);
    let mut index: HashMap<K, usize> = HashMap::from([(key(&start), 0)]);
    let mut states = vec![start];
    let mut edges: Vec<Vec<(f64, Flat)>> = Vec::new();
    while edges.len() < states.len() {
        let s = states[edges.len()].clone();
        let mut out = Vec::new();
        for (p, next) in successors(game, &s, policy)? {
            let to = match next {
                Next::Over(outcome) => Err(flat(&Expected::of(&outcome))),
                Next::State(next) => {
                    let k = key(&next);
                    Ok(match index.get(&k) {
                        Some(&i) => i,
                        None => {
                            if states.len() >= limit {
                                return Err(NotEnumerable::TooLarge(limit));
                            }
                            index.insert(k, states.len());
                            states.push(next);
                            states.len() - 1
                        }
                    })
                }
            };
            out.push((p, to));
        }
        edges.push(out);
    }
    let values = solve_values(&edges, width, tolerance);
    let visits = solve_visits(&edges, tolerance);
    Ok(Solved { states, index, players, values, visits })
}

/// Gauss-Seidel sweeps: each position's value from its successors' latest values, kept flat
/// (win shares, scores, shared first) so a sweep allocates nothing.
fn solve_values(edges: &[Vec<(f64, Flat)>], width: usize, tolerance: f64) -> Vec<f64> {
    let mut values = vec![0.0; edges.len() * width];
    let mut row = vec![0.0; width];
    loop {
        let mut change: f64 = 0.0;
        for (i, out) in edges.iter().enumerate() {
            row.iter_mut().for_each(|x| *x = 0.0);
            for (p, to) in out {
                let next = match to {
                    Ok(j) => &values[j * width..(j + 1) * width],
                    Err(end) => &end[..],
                };
                for (x, y) in row.iter_mut().zip(next) {
                    *x += p * y;
                }
            }
            for (o, n) in values[i * width..(i + 1) * width].iter_mut().zip(&row) {
                change = change.max((*o - n).abs());
                *o = *n;
            }
        }
        if change <= tolerance {
            return values;
        }
    }
}

/// The expected visits to each position in one match: one to the start, and to every
/// other position the visits of each position leading to it times that step's probability.
fn solve_visits(edges: &[Vec<(f64, Flat)>], tolerance: f64) -> Vec<f64> {
    let mut incoming: Vec<Vec<(usize, f64)>> = vec![Vec::new(); edges.len()];
    for (i, out) in edges.iter().enumerate() {
        for (p, to) in out {
            if let Ok(j) = to {
                incoming[*j].push((i, *p));
            }
        }
    }
    let mut visits = vec![0.0; edges.len()];
    loop {
        let mut change: f64 = 0.0;
        for j in 0..edges.len() {
            let v = f64::from(u8::from(j == 0))
                + incoming[j].iter().map(|&(i, p)| visits[i] * p).sum::<f64>();
            change = change.max((v - visits[j]).abs());
            visits[j] = v;
        }
        if change <= tolerance {
            return visits;
        }
    }
}
