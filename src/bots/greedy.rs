//! The greedy bot: one-ply look-ahead on the game's heuristic.
//!
//! For each of `samples` samples it draws a determinization of the state for its seat (the
//! only view of the state it ever takes) and a chance seed; every legal action is applied to
//! a copy of that determinization, any chance that follows is resolved with the seed (the same
//! seed for every action of the sample: common random numbers, so actions are compared on the
//! same dice), and the result is valued for the bot's seat. The action with the best mean
//! wins; exact ties are broken with the bot's own stream.
//!
//! A state's value is the heuristic, except that a finished match is worth `+BIG` (a sole
//! win) or `-BIG` (no share of first place, or capped) on top of it, so immediate wins are
//! always taken. With `guard = true` an action after which the next player (another seat) has
//! a reply that ends the match with that player the sole winner is valued as a loss, so the
//! bot blocks immediate threats.

use rand::{Rng as _, RngExt};

use crate::bots::Scratch;
use crate::bots::params::GreedyParams;
use crate::core::{Game, Rng, Seat, Turn};

/// A finished match's weight in a greedy value, far above any heuristic.
pub const BIG: f64 = 1e6;
/// Heuristics are clamped to this size so that they never outweigh a finished match.
const HEURISTIC_LIMIT: f64 = 1e5;

#[derive(Clone, Debug)]
pub struct GreedyBot {
    pub params: GreedyParams,
    scratch: Scratch,
}

/// Reused buffers.
struct Buffers<G: Game> {
    values: Vec<f64>,
    replies: Vec<G::Action>,
    ties: Vec<usize>,
    /// The previous sample's determinization and values, and whether any action met chance
    /// in it: a sample with an equal determinization and no chance has the same values, so
    /// perfect-information positions without chance are evaluated once, not `samples` times
    /// (the choice is exactly the same either way).
    last_view: Option<G::State>,
    last_values: Vec<f64>,
    last_chance: bool,
}

impl GreedyBot {
    pub fn new(params: GreedyParams) -> Self {
        Self { params, scratch: Scratch::default() }
    }

    pub fn choose<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut Rng,
    ) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let params = self.params;
        let buf = self.scratch.get(|| Buffers::<G> {
            values: Vec::new(),
            replies: Vec::new(),
            ties: Vec::new(),
            last_view: None,
            last_values: Vec::new(),
            last_chance: true,
        });
        buf.values.clear();
        buf.values.resize(legal.len(), 0.0);
        buf.last_view = None;
        for _ in 0..params.samples {
            let view = game.determinize(state, seat, rng);
            let chance_seed: u128 = ((rng.next_u64() as u128) << 64) | rng.next_u64() as u128;
            if !buf.last_chance && buf.last_view.as_ref() == Some(&view) {
                for (total, v) in buf.values.iter_mut().zip(&buf.last_values) {
                    *total += v;
                }
                continue;
            }
            buf.last_values.clear();
            buf.last_chance = false;
            for &action in legal {
                let mut s = view.clone();
                game.apply(&mut s, action);
                let mut chance = Rng::new(chance_seed);
                buf.last_chance |= settle(game, &mut s, &mut chance);
                let mut v = value(game, &s, seat);
                if params.guard && threatened(game, &s, seat, &mut buf.replies) {
                    v = -BIG + clamp(game.heuristic(&s, seat));
                }
                buf.last_values.push(v);
            }
            for (total, v) in buf.values.iter_mut().zip(&buf.last_values) {
                *total += v;
            }
            buf.last_view = Some(view);
        }
        legal[argmax(&buf.values, &mut buf.ties, rng)]
    }
}

fn clamp(h: f64) -> f64 {
    if h.is_nan() { 0.0 } else { h.clamp(-HEURISTIC_LIMIT, HEURISTIC_LIMIT) }
}

/// Resolve chance turns until a player decides or the match is over. Returns whether any
/// chance event happened.
pub(crate) fn settle<G: Game>(game: &G, s: &mut G::State, rng: &mut Rng) -> bool {
    let mut any = false;
    while let Turn::Chance = game.turn(s) {
        game.sample_chance(s, rng);
        any = true;
    }
    any
}

/// The greedy value of `s` for `seat`: the heuristic, with a finished match worth `±BIG`
/// more (a sole win `+BIG`; no share of first place or capped `-BIG`; a shared first place
/// nothing extra).
pub(crate) fn value<G: Game>(game: &G, s: &G::State, seat: Seat) -> f64 {
    let h = clamp(game.heuristic(s, seat));
    if let Turn::Over = game.turn(s) {
        let share = game.outcome(s).win_share(seat);
        if share >= 1.0 {
            return BIG + h;
        } else if share <= 0.0 {
            return -BIG + h;
        }
    }
    h
}

/// Whether the next player (a seat other than `seat`) can end the match at once as its sole
/// winner from `s`.
fn threatened<G: Game>(game: &G, s: &G::State, seat: Seat, replies: &mut Vec<G::Action>) -> bool {
    let Turn::Player(next) = game.turn(s) else {
        return false;
    };
    if next == seat {
        return false;
    }
    game.legal_actions(s, replies);
    replies.iter().any(|&reply| {
        let mut t = s.clone();
        game.apply(&mut t, reply);
        matches!(game.turn(&t), Turn::Over) && game.outcome(&t).win_share(next) >= 1.0
    })
}

/// Index of the largest value; exact ties broken uniformly with `rng`.
pub(crate) fn argmax(values: &[f64], ties: &mut Vec<usize>, rng: &mut Rng) -> usize {
    let mut best = f64::NEG_INFINITY;
    ties.clear();
    for (i, &v) in values.iter().enumerate() {
        if v > best {
            best = v;
            ties.clear();
            ties.push(i);
        } else if v == best {
            ties.push(i);
        }
    }
    match ties.len() {
        0 => 0, // all NaN
        1 => ties[0],
        n => ties[rng.random_range(0..n)],
    }
}

/// A greedy move inside a rollout, on a state that is already a determinization: each action
/// is valued once, or averaged over `samples` chance outcomes if chance follows it.
pub(crate) fn rollout_move<G: Game>(
    game: &G,
    s: &G::State,
    seat: Seat,
    legal: &[G::Action],
    samples: u32,
    (values, ties): (&mut Vec<f64>, &mut Vec<usize>),
    rng: &mut Rng,
) -> G::Action {
    values.clear();
    for &action in legal {
        let mut total = 0.0;
        let mut n = 0u32;
        loop {
            let mut t = s.clone();
            game.apply(&mut t, action);
            let chance = settle(game, &mut t, rng);
            total += value(game, &t, seat);
            n += 1;
            if !chance || n >= samples {
                break;
            }
        }
        values.push(total / n as f64);
    }
    legal[argmax(values, ties, rng)]
}
