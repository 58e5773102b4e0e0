//! The alpha-beta bot: depth-first minimax with alpha-beta pruning and iterative deepening
//! on the game's heuristic, for games of perfect information between the chance events
//! (TRICE after its one roll). Where every position is known and nothing is left to chance,
//! a minimax search values each position once, where MCTS spends many iterations averaging
//! over the same lines; the pruning then skips most of what cannot change the choice.
//!
//! **One decision.** The bot takes one determinization of the state for its seat (a copy in a
//! game of perfect information; `worlds` determinizations, each searched alone and their root
//! values summed, where something is hidden) and searches it to depth 1, 2, 3 ... plies,
//! until a depth would not finish within `nodes` positions; the choice is the best root action
//! of the deepest finished search (exact ties to the bot's stream). Each deeper search tries
//! the root actions best first by the last one's values, which is what makes the pruning cut.
//!
//! **Values.** A leaf (the depth reached, a chance turn, or the end of the match) is worth
//! [`greedy::value`] for the bot's seat: the heuristic, with a finished match worth `±BIG`
//! more. The bot maximises at its own decisions and every other seat minimises (the
//! "paranoid" assumption: with more than two players the others are treated as one
//! opponent). A chance turn is a leaf: the search does not guess dice.
//!
//! **Budget.** `nodes` counts positions made (one `apply` each), never time, so a choice is
//! the same on any machine.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::bots::Scratch;
use crate::bots::greedy::{self, BIG};
use crate::bots::params::AlphaBetaParams;
use crate::core::{Game, Rng, Seat, Turn};

#[derive(Clone, Debug)]
pub struct AlphaBetaBot {
    pub params: AlphaBetaParams,
    scratch: Scratch,
}

/// What the last decision searched (for tests and benchmarks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// The deepest search that counted, in plies: finished, or (with one world) cut short
    /// after finishing at least its first root action.
    pub depth: u32,
    /// Positions made over every depth tried.
    pub nodes: u64,
}

/// The search's reusable memory.
struct Search<G: Game> {
    /// Legal actions per ply, so the recursion never allocates.
    legal: Vec<Vec<G::Action>>,
    /// The root actions' values at the deepest finished depth, summed over worlds.
    totals: Vec<f64>,
    /// The root actions' values in the depth being searched, and at the deepest search
    /// that counts so far in this world.
    values: Vec<f64>,
    best: Vec<f64>,
    /// With several worlds: the root actions' exact values summed over the worlds that
    /// finished each depth (`depth_sums[(d - 1) * n + i]`), and how many did.
    depth_sums: Vec<f64>,
    depth_worlds: Vec<u32>,
    /// Root action indices, best first by the last finished depth.
    order: Vec<usize>,
    ties: Vec<usize>,
    /// The history heuristic: how much each (mover, action) has cut off, by the square of the
    /// depth left where it did, over this decision. Actions that refuted a line elsewhere are
    /// tried first, which is what makes the pruning cut inside the tree.
    history: HashMap<(Seat, G::Action), u64, BuildHasherDefault<FoldHasher>>,
    /// History scores of a node's actions while they are sorted, and the actions' order
    /// before the sort.
    scores: Vec<(u64, usize)>,
    unsorted: Vec<G::Action>,
    /// Positions made in this decision so far, and the most allowed.
    made: u64,
    limit: u64,
    me: Seat,
    info: SearchInfo,
}

/// The budget ran out inside the search of one root action: that action is not valued at
/// this depth (the root actions finished before it are).
struct OutOfBudget;

impl AlphaBetaBot {
    pub fn new(params: AlphaBetaParams) -> Self {
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
        let p = self.params;
        let search = self.scratch.get(Search::<G>::new);
        search.me = seat;
        search.totals.clear();
        search.totals.resize(legal.len(), 0.0);
        search.info = SearchInfo::default();
        search.history.clear();
        search.depth_sums.clear();
        search.depth_worlds.clear();
        for _ in 0..p.worlds {
            let world = game.determinize(state, seat, rng);
            search.world(game, &world, legal, &p);
        }
        if p.worlds > 1 {
            // The deepest depth every world finished (depth 1 always is): exact values of
            // the same depth, comparable across worlds.
            let n = legal.len();
            let deepest = search.depth_worlds.iter().rposition(|&w| w == p.worlds).unwrap_or(0);
            search.totals.copy_from_slice(&search.depth_sums[deepest * n..(deepest + 1) * n]);
        }
        legal[greedy::argmax(&search.totals, &mut search.ties, rng)]
    }

    /// What the last decision of game `G` searched.
    pub fn last_search<G: Game>(&mut self) -> SearchInfo {
        self.scratch.get(Search::<G>::new).info
    }
}

impl<G: Game> Search<G> {
    fn new() -> Self {
        Self {
            legal: Vec::new(),
            totals: Vec::new(),
            values: Vec::new(),
            best: Vec::new(),
            depth_sums: Vec::new(),
            depth_worlds: Vec::new(),
            order: Vec::new(),
            ties: Vec::new(),
            history: HashMap::default(),
            scores: Vec::new(),
            unsorted: Vec::new(),
            made: 0,
            limit: 0,
            me: Seat(0),
            info: SearchInfo::default(),
        }
    }

    /// Deepen on one world until the budget stops it.
    ///
    /// With one world, add the root values of the deepest search to `totals`: a search the
    /// budget cut short still counts where it finished the first root action (the best of
    /// the depth before): the root actions it finished are valued at the new depth, the
    /// others (worse one depth shallower) are not chosen. Only the best value is exact (the
    /// others are bounds below it), which is all a choice in one world needs.
    ///
    /// With several worlds, values are summed across them, so each root action is searched
    /// with a full window (an exact value) and only finished depths count, in `depth_sums`.
    fn world(&mut self, game: &G, root: &G::State, legal: &[G::Action], p: &AlphaBetaParams) {
        let exact = p.worlds > 1;
        self.made = 0;
        self.limit = p.nodes as u64;
        self.order.clear();
        self.order.extend(0..legal.len());
        self.best.clear();
        for depth in 1..=p.max_depth {
            self.values.clear();
            self.values.resize(legal.len(), f64::NEG_INFINITY);
            // Depth 1 always finishes (one position per root action), so there is a choice.
            let unlimited = depth == 1;
            let finished = self.root(game, root, legal, depth, unlimited, exact);
            if exact {
                if finished < legal.len() {
                    break;
                }
                self.info.depth = self.info.depth.max(depth);
                let n = legal.len();
                let d = depth as usize - 1;
                if self.depth_worlds.len() <= d {
                    self.depth_worlds.resize(d + 1, 0);
                    self.depth_sums.resize((d + 1) * n, 0.0);
                }
                self.depth_worlds[d] += 1;
                for (sum, v) in self.depth_sums[d * n..(d + 1) * n].iter_mut().zip(&self.values) {
                    *sum += v;
                }
                let values = &self.values;
                self.order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
                continue;
            }
            if finished == 0 {
                break;
            }
            self.info.depth = self.info.depth.max(depth);
            self.best.clear();
            self.best.extend_from_slice(&self.values);
            if finished < legal.len() {
                break;
            }
            // Best first for the next depth; ties keep the list order.
            let values = &self.values;
            self.order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
        }
        self.info.nodes += self.made;
        if !exact {
            // Depth 1 always finishes, so `best` holds a value per root action.
            for (total, v) in self.totals.iter_mut().zip(&self.best) {
                *total += v;
            }
        }
    }

    /// One full-width search of the root to `depth` plies, in `order`, leaving each root
    /// action's value in `values` (exact for the best, an upper bound for the others, or
    /// exact for all with `exact`); returns how many root actions it finished before the
    /// budget ran out.
    fn root(
        &mut self,
        game: &G,
        root: &G::State,
        legal: &[G::Action],
        depth: u32,
        unlimited: bool,
        exact: bool,
    ) -> usize {
        let mut alpha = f64::NEG_INFINITY;
        for k in 0..self.order.len() {
            let i = self.order[k];
            let mut s = root.clone();
            game.apply(&mut s, legal[i]);
            self.made += 1;
            if !unlimited && self.made > self.limit {
                return k;
            }
            // Lower bound alpha: a later action only needs to be shown no better. An action
            // equal to the best so far keeps its exact value (so exact ties stay ties).
            let floor = if exact { f64::NEG_INFINITY } else { alpha - 1e-9 };
            match self.value(game, &s, depth - 1, floor, f64::INFINITY, 1, unlimited) {
                Ok(v) => {
                    self.values[i] = v;
                    alpha = alpha.max(v);
                }
                Err(OutOfBudget) => return k,
            }
        }
        self.order.len()
    }

    /// The minimax value of `s` for the bot's seat, searched `depth` more plies, within the
    /// window (`alpha`, `beta`); `ply` indexes the legal-action buffers.
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        game: &G,
        s: &G::State,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        ply: usize,
        unlimited: bool,
    ) -> Result<f64, OutOfBudget> {
        let mover = match game.turn(s) {
            Turn::Player(mover) if depth > 0 => mover,
            _ => return Ok(greedy::value(game, s, self.me)),
        };
        if self.legal.len() <= ply {
            self.legal.resize_with(ply + 1, Vec::new);
        }
        let mut actions = std::mem::take(&mut self.legal[ply]);
        game.legal_actions(s, &mut actions);
        self.order_by_history(mover, &mut actions);
        let maximise = mover == self.me;
        let mut best = if maximise { -2.0 * BIG } else { 2.0 * BIG };
        let mut result = Ok(());
        for &action in &actions {
            let mut t = s.clone();
            game.apply(&mut t, action);
            self.made += 1;
            if !unlimited && self.made > self.limit {
                result = Err(OutOfBudget);
                break;
            }
            let v = match self.value(game, &t, depth - 1, alpha, beta, ply + 1, unlimited) {
                Ok(v) => v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                *self.history.entry((mover, action)).or_insert(0) += (depth * depth) as u64;
                break;
            }
        }
        self.legal[ply] = actions;
        result.map(|()| best)
    }

    /// Sort `actions` by their history score, highest first; equal scores keep the game's
    /// order (a stable sort), so the search stays a function of the position and the budget.
    fn order_by_history(&mut self, mover: Seat, actions: &mut [G::Action]) {
        if self.history.is_empty() {
            return;
        }
        self.scores.clear();
        for (i, a) in actions.iter().enumerate() {
            let score = self.history.get(&(mover, *a)).copied().unwrap_or(0);
            self.scores.push((score, i));
        }
        if self.scores.iter().all(|&(score, _)| score == 0) {
            return;
        }
        self.scores.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        self.unsorted.clear();
        self.unsorted.extend_from_slice(actions);
        for (slot, &(_, i)) in actions.iter_mut().zip(&self.scores) {
            *slot = self.unsorted[i];
        }
    }
}

/// A small multiply-rotate hasher for the history table (the keys are a seat and a small
/// action; SipHash's resistance to chosen keys buys nothing here and costs several times
/// more). Iteration order never matters: the table is only looked up.
#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u8(&mut self, b: u8) {
        self.write_u64(b as u64);
    }
    fn write_u16(&mut self, v: u16) {
        self.write_u64(v as u64);
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

#[cfg(test)]
mod tests;
