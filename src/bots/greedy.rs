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
//!
//! **Adaptive sampling** (`adaptive = true`, the default). Most decisions are
//! not close: after a few samples one action is ahead of the others by far more than the
//! noise. At `min_samples` samples (4), then at twice, four times ... that, each action's
//! paired differences to the leader (the same determinizations and dice, so the noise they
//! share cancels) are tested, and an action behind the leader by more than `z` standard
//! errors gets no more samples; sampling stops when only the leader (or a group tied with it
//! on every sample so far) is left. Close calls still get all `samples`. The price: a rare
//! chance outcome that none of the first samples shows cannot count (see `min_samples`).
//! `adaptive = false` (the `greedy-classic` profile) is the earlier bot, decision for
//! decision.

use rand::{Rng as _, RngExt};

use crate::bots::Scratch;
use crate::bots::params::GreedyParams;
use crate::core::{Game, Rng, Seat, Turn, determinize_as};

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
    views: Views<G>,
    /// The previous sample's values.
    last_values: Vec<f64>,
    /// Whether each action's last evaluation met chance.
    met: Vec<bool>,
}

/// The samples' determinizations. An action whose evaluation met no chance is a function of
/// the determinization alone: in a sample whose determinization equals the previous one it
/// has the previous sample's value, which is reused instead of worked out again (the choice
/// is exactly the same either way). So perfect-information positions, and positions whose
/// hidden part a lazy determinization leaves for later, evaluate each action that meets no
/// chance once, not `samples` times, even when other actions of the decision meet chance.
struct Views<G: Game> {
    last: Option<G::State>,
    /// The previous determinization drew nothing from the bot's stream, so it is a function
    /// of the state and seat alone: every later one would be the same state, drawing
    /// nothing, and is neither drawn nor compared.
    fixed: bool,
}

impl<G: Game> Views<G> {
    fn new() -> Self {
        Self { last: None, fixed: false }
    }

    /// Take the next sample's determinization; returns whether it equals the previous one.
    /// `reusable`: some action's previous value could be reused (it met no chance); if not,
    /// the comparison is skipped and the answer is false.
    fn next(
        &mut self,
        game: &G,
        (state, seat): (&G::State, Seat),
        lazy: bool,
        reusable: bool,
        rng: &mut Rng,
    ) -> bool {
        if self.fixed {
            return true;
        }
        let before = rng.clone();
        let view = determinize_as(game, state, seat, lazy, rng);
        self.fixed = *rng == before;
        let same = reusable && self.last.as_ref() == Some(&view);
        self.last = Some(view);
        same
    }

    fn view(&self) -> &G::State {
        self.last.as_ref().expect("a determinization taken")
    }
}

/// One action's greedy value on a determinization `view` with the sample's `chance_seed`,
/// and whether it met chance (a chance turn after the action, or a deferred one in the
/// guard's replies): if not, the value depends on `view` and the action alone.
fn evaluate<G: Game>(
    game: &G,
    (view, seat): (&G::State, Seat),
    action: G::Action,
    (chance_seed, guard): (u128, bool),
    replies: &mut Vec<G::Action>,
) -> (f64, bool) {
    let mut s = view.clone();
    game.apply(&mut s, action);
    let mut chance = Rng::new(chance_seed);
    let mut met = settle(game, &mut s, &mut chance);
    let mut v = value(game, &s, seat);
    if guard && threatened(game, &s, seat, (chance_seed, &mut met), replies) {
        v = -BIG + clamp(game.heuristic(&s, seat));
    }
    (v, met)
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
        if self.params.adaptive {
            return self.choose_adaptive(game, state, seat, legal, rng);
        }
        let params = self.params;
        let buf = self.scratch.get(|| Buffers::<G> {
            values: Vec::new(),
            replies: Vec::new(),
            ties: Vec::new(),
            views: Views::new(),
            last_values: Vec::new(),
            met: Vec::new(),
        });
        buf.values.clear();
        buf.values.resize(legal.len(), 0.0);
        buf.last_values.clear();
        buf.last_values.resize(legal.len(), 0.0);
        buf.met.clear();
        buf.met.resize(legal.len(), true);
        buf.views = Views::new();
        for _ in 0..params.samples {
            let reusable = buf.met.contains(&false);
            let same = buf.views.next(game, (state, seat), params.lazy, reusable, rng);
            let chance_seed: u128 = ((rng.next_u64() as u128) << 64) | rng.next_u64() as u128;
            for (i, &action) in legal.iter().enumerate() {
                // Unless the determinization is the same and no chance was met (then the
                // previous value stands).
                if !same || buf.met[i] {
                    let view = (buf.views.view(), seat);
                    let seed = (chance_seed, params.guard);
                    (buf.last_values[i], buf.met[i]) =
                        evaluate(game, view, action, seed, &mut buf.replies);
                }
            }
            for (total, v) in buf.values.iter_mut().zip(&buf.last_values) {
                *total += v;
            }
        }
        legal[argmax(&buf.values, &mut buf.ties, rng)]
    }
}

/// Reused buffers of adaptive sampling.
struct Adaptive<G: Game> {
    /// `rows[k * n + i]`: action i's value in sample k (n = legal actions).
    rows: Vec<f64>,
    sums: Vec<f64>,
    /// Indices of the actions still sampled.
    alive: Vec<usize>,
    /// Whether each action's last evaluation met chance.
    met: Vec<bool>,
    replies: Vec<G::Action>,
    ties: Vec<usize>,
    views: Views<G>,
}

impl GreedyBot {
    /// [`Self::choose`] with early stopping (see the module doc).
    fn choose_adaptive<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut Rng,
    ) -> G::Action {
        let params = self.params;
        let n = legal.len();
        let buf = self.scratch.get(|| Adaptive::<G> {
            rows: Vec::new(),
            sums: Vec::new(),
            alive: Vec::new(),
            met: Vec::new(),
            replies: Vec::new(),
            ties: Vec::new(),
            views: Views::new(),
        });
        buf.rows.clear();
        buf.sums.clear();
        buf.sums.resize(n, 0.0);
        buf.alive.clear();
        buf.alive.extend(0..n);
        buf.met.clear();
        buf.met.resize(n, true);
        buf.views = Views::new();
        for k in 0..params.samples as usize {
            let reusable = buf.alive.iter().any(|&i| !buf.met[i]);
            let same = buf.views.next(game, (state, seat), params.lazy, reusable, rng);
            let chance_seed: u128 = ((rng.next_u64() as u128) << 64) | rng.next_u64() as u128;
            buf.rows.resize((k + 1) * n, 0.0);
            let (done, row) = buf.rows.split_at_mut(k * n);
            for &i in &buf.alive {
                if same && !buf.met[i] {
                    // The same determinization, and no chance met: the previous value.
                    row[i] = done[(k - 1) * n + i];
                } else {
                    let view = (buf.views.view(), seat);
                    let seed = (chance_seed, params.guard);
                    (row[i], buf.met[i]) = evaluate(game, view, legal[i], seed, &mut buf.replies);
                }
            }
            for &i in &buf.alive {
                buf.sums[i] += row[i];
            }
            // Checkpoints at min_samples, twice that, four times ..., below `samples`.
            let taken = k as u32 + 1;
            let checkpoint = taken >= params.min_samples
                && (taken / params.min_samples).is_power_of_two()
                && taken.is_multiple_of(params.min_samples);
            if checkpoint
                && taken < params.samples
                && prune(&mut buf.alive, &buf.rows, &buf.sums, n, params.z)
            {
                break;
            }
        }
        let mut means = std::mem::take(&mut buf.rows);
        means.clear();
        means.resize(n, f64::NEG_INFINITY);
        for &i in &buf.alive {
            means[i] = buf.sums[i];
        }
        let pick = argmax(&means, &mut buf.ties, rng);
        buf.rows = means;
        legal[pick]
    }
}

/// Drop the actions separated from the leader; returns whether sampling can stop (every
/// action left is the leader or tied with it on every sample).
/// `rows[k * n + i]` is action i's value in sample k, `sums` the actions' totals.
fn prune(alive: &mut Vec<usize>, rows: &[f64], sums: &[f64], n: usize, z: f64) -> bool {
    let k = rows.len() / n;
    let mut leader = alive[0];
    for &i in alive.iter() {
        if sums[i] > sums[leader] {
            leader = i;
        }
    }
    let mut settled = true;
    alive.retain(|&i| {
        if i == leader {
            return true;
        }
        // Paired differences leader - i, Welford's mean and variance.
        let (mut mean, mut m2) = (0.0f64, 0.0f64);
        for s in 0..k {
            let d = rows[s * n + leader] - rows[s * n + i];
            let delta = d - mean;
            mean += delta / (s + 1) as f64;
            m2 += delta * (d - mean);
        }
        if m2 == 0.0 {
            // The same difference on every sample: behind, or tied so far.
            return mean <= 0.0;
        }
        let se = (m2 / ((k - 1) as f64 * k as f64)).sqrt();
        let keep = mean - z * se <= 0.0;
        settled &= !keep;
        keep
    });
    settled
}

fn clamp(h: f64) -> f64 {
    if h.is_nan() { 0.0 } else { h.clamp(-HEURISTIC_LIMIT, HEURISTIC_LIMIT) }
}

/// Resolve chance turns until a player decides or the match is over. Returns whether any
/// chance event happened.
pub fn settle<G: Game>(game: &G, s: &mut G::State, rng: &mut Rng) -> bool {
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
/// winner from `s`. A chance turn that only draws what a lazy determinization deferred
/// ([`BotHooks::deferred_chance`]: Pride's reveal of the hidden turns at the round's end) is
/// resolved with the sample's `chance_seed` first, so the guard sees what it sees in a full
/// determinization; `met_chance` is then set, since the answer depends on the seed (a later
/// sample may not reuse it).
pub fn threatened<G: Game>(
    game: &G,
    s: &G::State,
    seat: Seat,
    (chance_seed, met_chance): (u128, &mut bool),
    replies: &mut Vec<G::Action>,
) -> bool {
    let Turn::Player(next) = game.turn(s) else {
        return false;
    };
    // Most positions cannot end in one action (the game says so without trying them).
    if next == seat || !game.may_end_in_one(s) {
        return false;
    }
    game.legal_actions(s, replies);
    replies.iter().any(|&reply| {
        let mut t = s.clone();
        game.apply(&mut t, reply);
        if game.deferred_chance(&t) {
            *met_chance = true;
            let mut chance = Rng::new(chance_seed);
            while game.deferred_chance(&t) {
                game.sample_chance(&mut t, &mut chance);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Prune three actions with these per-sample values; the actions left and whether
    /// sampling may stop.
    fn pruned(rows: &[[f64; 3]], z: f64) -> (Vec<usize>, bool) {
        let mut sums = vec![0.0; 3];
        for r in rows {
            for (s, v) in sums.iter_mut().zip(r) {
                *s += v;
            }
        }
        let flat: Vec<f64> = rows.iter().flatten().copied().collect();
        let mut alive = vec![0, 1, 2];
        let stop = prune(&mut alive, &flat, &sums, 3, z);
        (alive, stop)
    }

    #[test]
    fn prune_drops_separated_actions_and_keeps_close_and_tied_ones() {
        // Action 1 leads; 0 is behind by 1 +- a little on every sample (separated); 2 is
        // behind by 0.1 on average with noise of 1 (close: kept).
        let rows = [[0.0, 1.0, 1.5], [0.1, 1.0, 0.3], [-0.1, 1.0, 1.2], [0.0, 1.0, 0.6]];
        assert_eq!(pruned(&rows, 3.0), (vec![1, 2], false));
        // Exactly tied with the leader on every sample: kept, and sampling may stop.
        let rows = [[2.0, 2.0, 0.0], [1.0, 1.0, 0.1], [3.0, 3.0, 0.0], [2.0, 2.0, 0.2]];
        assert_eq!(pruned(&rows, 3.0), (vec![0, 1], true));
        // z = 0 keeps only the leader (and exact ties).
        let rows = [[0.0, 1.0, 1.5], [0.1, 1.0, 0.3], [-0.1, 1.0, 1.2], [0.0, 1.0, 0.6]];
        assert_eq!(pruned(&rows, 0.0), (vec![1], true));
    }
}
