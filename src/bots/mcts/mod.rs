//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
//! Whitehouse 2012), open loop for chance, with a reward per seat for 2 to 8 players.
//!
//! **One iteration.**
//! 1. *Determinize*: `d = game.determinize(state, seat, rng)`: everything the bot's seat
//!    cannot see is resampled, all of it at once (not `determinize_lazy`: a cut-off rollout
//!    values every seat, and a seat whose hidden part is still undrawn would be valued on
//!    what the others last saw). The true state is never read otherwise.
//! 2. *Select*: from the root, at each decision of `d` compute the legal actions of `d`; the
//!    node's children are keyed by (deciding seat, action), and only children legal in `d` for
//!    the seat deciding in `d` are considered. Each of them has its *availability* count
//!    raised, and the choice maximises `Q/N + c·sqrt(ln(A)/N)` (Q: reward sum of the seat that
//!    chose the child, N: its visits, A: its availability); unvisited children come first, in
//!    random order. Chance turns met on the way are sampled afresh with the bot's stream (open
//!    loop: a node is an action sequence, not a state).
//! 3. *Expand*: a node is expanded the second time it is reached: children are created for
//!    every action legal in `d` at once, and later for any (seat, action) a new determinization
//!    or chance outcome makes legal there.
//! 4. *Roll out* from the first unvisited node: random actions, or the greedy bot's one-ply
//!    choice with probability `greedy_prob`; after `depth` rollout decisions the heuristic is
//!    turned into rewards (softmax over seats).
//! 5. *Back up* the reward vector: every node on the path adds the reward of the seat that
//!    chose it.
//!
//! The decision is the root child (legal for the bot) with the most visits; ties go to the
//! higher mean, then to the bot's stream.
//!
//! **Memory.** The tree is one `Vec` of nodes with index links; a node's children are one
//! contiguous block (`first_child`, `children`), moved to the end of the `Vec` when a new
//! (seat, action) appears under a node whose block is not last. The `Vec` and every buffer are
//! cleared, not freed, between decisions and kept inside the bot, which lives across matches
//! in a worker; after the first few decisions an iteration allocates nothing (the game's
//! `determinize` returns a value type).
//!
//! **Files.** `select` (selection, expansion, UCB), `keys` (matching children to the legal
//! list by key), `rewards` (terminal and cut-off rewards), `tests`.

use std::time::Instant;

use rand::RngExt;

use crate::bots::Scratch;
use crate::bots::greedy;
use crate::bots::params::{MctsParams, Rollout};
use crate::core::chance::index_below;
use crate::core::{Game, MAX_SEATS, Rng, Seat, Turn};

use keys::LegalKeys;
use select::{SCALE_TABLE, exploration_scale};

const NONE: u32 = u32::MAX;
/// The tree stops growing at this many nodes (about 100 MB; a long wall-clock search would
/// otherwise take gigabytes); iterations go on, rolling out from the frontier. 10,000
/// iterations build about 12,000 (tic-tac-toe) to 22,000 (TRICE) nodes.
pub const NODE_LIMIT: usize = 1 << 21;

#[derive(Clone, Copy, Debug)]
struct Node<A> {
    /// The action that leads here from the parent.
    action: A,
    /// [`keys::action_key`] of (`seat`, `action`): children are matched to legal actions by key
    /// first, and by `==` only when the keys agree.
    key: u64,
    /// First of this node's children (contiguous), or `NONE`.
    first_child: u32,
    children: u32,
    visits: u32,
    /// How often this node was legal (available) when its parent was passed through.
    avail: u32,
    /// Sum of the rewards of `seat` over the iterations through this node.
    reward: f64,
    /// `reward / visits` and `1 / sqrt(visits)`, kept up to date by the backup so that
    /// selection costs one multiply-add per child.
    mean: f64,
    inv_sqrt_visits: f64,
    /// The seat that chose `action`.
    seat: u8,
}

impl<A> Node<A> {
    /// A node not yet visited, without children, reached by `seat` playing `action`.
    fn leaf(action: A, key: u64, seat: Seat) -> Self {
        Node {
            action,
            key,
            first_child: NONE,
            children: 0,
            visits: 0,
            avail: 0,
            reward: 0.0,
            mean: 0.0,
            inv_sqrt_visits: 0.0,
            seat: seat.0,
        }
    }
}

#[derive(Clone, Debug)]
pub struct MctsBot {
    pub params: MctsParams,
    scratch: Scratch,
}

/// What the last search did (for benchmarks and tests).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    pub iterations: u64,
    pub nodes: usize,
}

impl MctsBot {
    pub fn new(params: MctsParams) -> Self {
        Self { params, scratch: Scratch::default() }
    }

    /// The bot's decision: the only legal action at once, else a search.
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
        self.search(game, state, seat, legal, rng)
    }

    /// Always search (even with one legal action), for benchmarks.
    pub fn search<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut Rng,
    ) -> G::Action {
        let params = self.params;
        self.scratch.get(Search::<G>::new).run(game, state, seat, legal, &params, rng)
    }

    /// What the last search of game `G` did.
    pub fn last_search<G: Game>(&mut self) -> SearchInfo {
        self.scratch.get(Search::<G>::new).info
    }

    /// The visits of each of `legal` (the list the last search of game `G` was given) at
    /// the root of that search: what `arena play`'s advice shows as the search's shares.
    pub fn root_visits<G: Game>(&mut self, legal: &[G::Action]) -> Vec<u32> {
        let search = self.scratch.get(Search::<G>::new);
        let Some(&root) = search.nodes.first() else { return vec![0; legal.len()] };
        legal
            .iter()
            .map(|&action| {
                (root.first_child..root.first_child.saturating_add(root.children))
                    .filter(|_| root.first_child != NONE)
                    .map(|ci| &search.nodes[ci as usize])
                    .find(|ch| ch.seat == root.seat && ch.action == action)
                    .map_or(0, |ch| ch.visits)
            })
            .collect()
    }
}

/// The search's reusable memory.
struct Search<G: Game> {
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    legal: Vec<G::Action>,
    /// Keys of `legal` for its mover, and their table, in [`Self::select`].
    keys: LegalKeys,
    /// Legal index -> child node of the node being selected from (or `NONE`).
    slots: Vec<u32>,
    values: Vec<f64>,
    ties: Vec<usize>,
    rewards: [f64; MAX_SEATS],
    /// Score mode: the widest score spread seen in this search.
    spread: f64,
    /// Players at the table (learned from a playout when a heuristic cut needs it).
    players: usize,
    /// `c·sqrt(ln n)` for `n < SCALE_TABLE`, for `scale_c`.
    scale_table: Vec<f64>,
    scale_c: f64,
    info: SearchInfo,
}

impl<G: Game> Search<G> {
    fn new() -> Self {
        Self {
            nodes: Vec::new(),
            path: Vec::new(),
            legal: Vec::new(),
            keys: LegalKeys::new(),
            slots: Vec::new(),
            values: Vec::new(),
            ties: Vec::new(),
            rewards: [0.0; MAX_SEATS],
            spread: 0.0,
            players: 0,
            scale_table: Vec::new(),
            scale_c: f64::NAN,
            info: SearchInfo::default(),
        }
    }

    fn run(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        p: &MctsParams,
        rng: &mut Rng,
    ) -> G::Action {
        self.nodes.clear();
        self.spread = 0.0;
        if self.scale_c.to_bits() != p.c.to_bits() {
            self.scale_c = p.c;
            self.scale_table.clear();
            self.scale_table.extend((0..SCALE_TABLE as u32).map(|n| exploration_scale(p.c, n)));
        }
        // The root: its action and key are never read.
        self.nodes.push(Node::leaf(legal[0], 0, seat));
        if p.depth.is_some() {
            self.players = self.count_players(game, state, seat, rng);
        }
        let started = Instant::now();
        let mut done = 0u64;
        loop {
            match p.time_budget() {
                None if done >= p.iterations as u64 => break,
                Some(limit)
                    if done > 0
                        && done.is_multiple_of(16)
                        && started.elapsed().as_secs_f64() >= limit =>
                {
                    break;
                }
                _ => {}
            }
            self.iterate(game, state, seat, p, rng);
            done += 1;
        }
        self.info = SearchInfo { iterations: done, nodes: self.nodes.len() };
        self.best_root_action(legal, rng)
    }

    /// The player count, from the outcome of one random playout of a determinization (the
    /// `Game` trait does not expose it for a state).
    fn count_players(&mut self, game: &G, state: &G::State, seat: Seat, rng: &mut Rng) -> usize {
        let mut d = game.determinize(state, seat, rng);
        loop {
            match game.turn(&d) {
                Turn::Over => return game.outcome(&d).players(),
                Turn::Chance => game.sample_chance(&mut d, rng),
                Turn::Player(_) => {
                    game.legal_actions(&d, &mut self.legal);
                    let a = self.legal[index_below(rng, self.legal.len())];
                    game.apply(&mut d, a);
                }
            }
        }
    }

    fn iterate(&mut self, game: &G, state: &G::State, seat: Seat, p: &MctsParams, rng: &mut Rng) {
        let mut d = game.determinize(state, seat, rng);
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        // Selection and expansion.
        loop {
            match game.turn(&d) {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut d, rng),
                Turn::Player(mover) => {
                    if node != 0 && self.nodes[node as usize].visits == 0 {
                        break;
                    }
                    game.legal_actions(&d, &mut self.legal);
                    let Some(child) = self.select(node, mover, p.c, rng) else {
                        break;
                    };
                    game.apply(&mut d, self.nodes[child as usize].action);
                    node = child;
                    self.path.push(child);
                }
            }
        }
        self.rollout(game, &mut d, p, rng);
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.reward += self.rewards[node.seat as usize];
            let visits = node.visits as f64;
            node.mean = node.reward / visits;
            node.inv_sqrt_visits = 1.0 / visits.sqrt();
        }
    }

    /// Play `d` on from the leaf and leave one reward per seat in `self.rewards`.
    fn rollout(&mut self, game: &G, d: &mut G::State, p: &MctsParams, rng: &mut Rng) {
        let mut steps = 0u32;
        loop {
            match game.turn(d) {
                Turn::Over => return self.terminal_rewards(game, d, p.reward),
                Turn::Chance => game.sample_chance(d, rng),
                Turn::Player(mover) => {
                    if p.depth.is_some_and(|limit| steps >= limit) {
                        return self.cut_rewards(game, d, p.cut_scale);
                    }
                    if p.rollout == Rollout::Random {
                        // The same single draw as indexing the list, without building it
                        // where the game can count its actions (`GameRules::legal_pick`).
                        let action = game.legal_pick(d, &mut self.legal, |n| index_below(rng, n));
                        game.apply(d, action);
                        steps += 1;
                        continue;
                    }
                    game.legal_actions(d, &mut self.legal);
                    let greedy_now = p.greedy_prob >= 1.0 || rng.random::<f64>() < p.greedy_prob;
                    let action = if greedy_now && self.legal.len() > 1 {
                        greedy::rollout_move(
                            game,
                            d,
                            mover,
                            &self.legal,
                            p.rollout_samples,
                            (&mut self.values, &mut self.ties),
                            rng,
                        )
                    } else {
                        self.legal[index_below(rng, self.legal.len())]
                    };
                    game.apply(d, action);
                    steps += 1;
                }
            }
        }
    }

    /// The most visited root child that is legal for the bot; ties to the higher mean, then
    /// to the bot's stream.
    fn best_root_action(&mut self, legal: &[G::Action], rng: &mut Rng) -> G::Action {
        let root = self.nodes[0];
        let me = root.seat;
        self.values.clear();
        for &action in legal {
            let child = (root.first_child..root.first_child.saturating_add(root.children))
                .filter(|_| root.first_child != NONE)
                .map(|ci| &self.nodes[ci as usize])
                .find(|ch| ch.seat == me && ch.action == action);
            // Visits first; the mean (in [0, 1]) only separates equal visit counts.
            let v = match child {
                Some(ch) if ch.visits > 0 => ch.visits as f64 + 0.5 * ch.mean,
                _ => 0.0,
            };
            self.values.push(v);
        }
        legal[greedy::argmax(&self.values, &mut self.ties, rng)]
    }
}

mod keys;
mod rewards;
mod select;
#[cfg(test)]
mod tests;
