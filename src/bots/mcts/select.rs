//! Selection and expansion at one node: match the node's children to the legal actions of
//! the current determinization, create children for the actions that have none, raise the
//! availability of the legal ones and pick by UCB (unvisited children first, in random order).

use super::keys::action_key;
use super::{NODE_LIMIT, NONE, Node, Search};
use crate::core::chance::below_u32;
use crate::core::{Game, Rng, Seat};

/// The UCB value `Q/N + c·sqrt(ln(A)/N)` of visited children. Children met together
/// usually have equal availability (always, with perfect information), so `c·sqrt(ln A)` is
/// computed once per distinct count.
struct Ucb<'a> {
    c: f64,
    /// `c·sqrt(ln n)` for small `n`, made once per bot.
    table: &'a [f64],
    avail: u32,
    scale: f64,
}

/// Availability counts below this have `c·sqrt(ln n)` tabulated.
pub(super) const SCALE_TABLE: usize = 4096;

pub(super) fn exploration_scale(c: f64, n: u32) -> f64 {
    c * (n as f64).ln().sqrt()
}

impl<'a> Ucb<'a> {
    fn new(c: f64, table: &'a [f64]) -> Self {
        Self { c, table, avail: 0, scale: 0.0 }
    }
    #[inline]
    fn value<A>(&mut self, child: &Node<A>) -> f64 {
        if child.avail != self.avail {
            self.avail = child.avail;
            self.scale = match self.table.get(self.avail as usize) {
                Some(&s) => s,
                None => exploration_scale(self.c, self.avail),
            };
        }
        child.mean + self.scale * child.inv_sqrt_visits
    }
}

/// Up to this many (legal action, child) pairs a node's children are matched by scanning the
/// legal list with `==`; beyond, building keys and a table is cheaper (LOW BLOW's
/// placements, DARDZ's open-loop dice), while for a few actions (Pig) it is not.
const DIRECT_MATCH: usize = 16;

/// Legal lists up to this long are matched on a grid of keys ([`Search::match_on_grid`]).
const GRID: usize = 4;

impl<G: Game> Search<G> {
    /// Choose a child of `node` for `mover` among the actions in `self.legal`, creating
    /// children for legal actions that have none. `None` if the node has no child for this
    /// determinization and the tree is full.
    pub(super) fn select(&mut self, node: u32, mover: Seat, c: f64, rng: &mut Rng) -> Option<u32> {
        let n = self.legal.len();
        debug_assert!(n > 0, "a player's turn with no legal action");
        let (first, count) = {
            let nd = &self.nodes[node as usize];
            (nd.first_child, nd.children)
        };
        if count as usize == n {
            // Compared directly: when the block matches (always with perfect information and
            // no chance) every compare succeeds, which predicts well and needs no keys.
            let block = &self.nodes[first as usize..(first + count) as usize];
            if block.iter().zip(&self.legal).all(|(ch, &a)| ch.seat == mover.0 && ch.action == a) {
                return Some(first + self.select_in_block(first, count, c, rng));
            }
        }
        self.slots.clear();
        self.slots.resize(n, NONE);
        let missing = self.match_children(first, count, mover);
        if missing > 0 && self.nodes.len() + count as usize + missing <= NODE_LIMIT {
            self.add_children(node, mover, missing);
        }
        // Availability, and unvisited children first (in random order).
        let mut unvisited = 0u32;
        let mut available = 0u32;
        for &ci in &self.slots {
            if ci == NONE {
                continue;
            }
            let child = &mut self.nodes[ci as usize];
            child.avail += 1;
            available += 1;
            if child.visits == 0 {
                unvisited += 1;
            }
        }
        if available == 0 {
            return None;
        }
        if unvisited > 0 {
            let mut pick = below_u32(rng, unvisited);
            for &ci in &self.slots {
                if ci != NONE && self.nodes[ci as usize].visits == 0 {
                    if pick == 0 {
                        return Some(ci);
                    }
                    pick -= 1;
                }
            }
            unreachable!("counted unvisited children");
        }
        let mut best = NONE;
        let mut best_value = f64::NEG_INFINITY;
        let mut ucb = Ucb::new(c, &self.scale_table);
        for &ci in &self.slots {
            if ci == NONE {
                continue;
            }
            let value = ucb.value(&self.nodes[ci as usize]);
            if value > best_value {
                best_value = value;
                best = ci;
            }
        }
        Some(best)
    }

    /// Match the children `first..first + count` to legal actions: a child goes to the first
    /// legal position holding its (seat, action), trying the same position first (children
    /// are usually in legal order, created from one legal list). Small lists and blocks are
    /// scanned with `==`; short legal lists under more children are compared key by key on a
    /// grid ([`Self::match_on_grid`]); long ones go through keys and a table of the legal list
    /// (one probe per child instead of a scan). All find the same positions. Fills `self.slots`;
    /// returns how many legal actions have no child.
    pub(super) fn match_children(&mut self, first: u32, count: u32, mover: Seat) -> usize {
        let n = self.legal.len();
        let by_key = n * count as usize > DIRECT_MATCH;
        if by_key {
            self.keys.set(mover.0, &self.legal);
            if n <= GRID
                && let Some(missing) = self.match_on_grid(first, count, mover)
            {
                return missing;
            }
            self.keys.index(&self.legal);
        }
        let mut missing = n;
        for k in 0..count {
            let ci = first + k;
            let child = &self.nodes[ci as usize];
            if child.seat != mover.0 {
                continue;
            }
            let k = k as usize;
            let same_place = k < n
                && (!by_key || self.keys.keys[k] == child.key)
                && self.legal[k] == child.action;
            let j = if same_place {
                Some(k)
            } else if by_key {
                self.keys.find(&self.legal, child.key, &child.action)
            } else {
                self.legal.iter().position(|&a| a == child.action)
            };
            if let Some(j) = j {
                self.slots[j] = ci;
                missing -= 1;
            }
        }
        missing
    }

    /// [`Self::match_children`] for a legal list of at most [`GRID`] actions (DARDZ's picks
    /// under a node whose children gathered every roll's options): every child's key is
    /// compared with every legal key, keeping per position the last child with an equal key,
    /// without a branch per pair (which of a node's children are legal now, and whose they
    /// are, is a coin flip to the predictor); each kept child is then confirmed with `==`.
    /// The keys hold the seat, so a child of another seat gets there only through a key
    /// collision. `None`, with `self.slots` untouched, when two legal keys are equal or a
    /// confirmation fails: the caller then matches the general way. Otherwise the result is
    /// the general way's: without repeated actions each (seat, action) has one position, and
    /// children are unique per (seat, action).
    pub(super) fn match_on_grid(&mut self, first: u32, count: u32, mover: Seat) -> Option<usize> {
        let keys = &self.keys.keys;
        let n = keys.len();
        for j in 1..n {
            if keys[..j].contains(&keys[j]) {
                return None;
            }
        }
        // Unused positions hold a copy of the first key and are never read.
        let mut grid = [keys[0]; GRID];
        grid[..n].copy_from_slice(keys);
        let mut found = [NONE; GRID];
        for ci in first..first + count {
            let key = self.nodes[ci as usize].key;
            for (slot, &k) in found.iter_mut().zip(&grid) {
                *slot = if k == key { ci } else { *slot };
            }
        }
        for (j, &ci) in found[..n].iter().enumerate() {
            if ci != NONE {
                let child = &self.nodes[ci as usize];
                if child.seat != mover.0 || child.action != self.legal[j] {
                    return None;
                }
            }
        }
        let mut missing = n;
        for (slot, &ci) in self.slots.iter_mut().zip(&found[..n]) {
            *slot = ci;
            missing -= (ci != NONE) as usize;
        }
        Some(missing)
    }

    /// [`Self::select`] when the children `first..first + count` are exactly the legal
    /// actions, in order (always, with perfect information and no chance): no matching
    /// needed. Returns the offset of the chosen child.
    fn select_in_block(&mut self, first: u32, count: u32, c: f64, rng: &mut Rng) -> u32 {
        let block = &mut self.nodes[first as usize..(first + count) as usize];
        let mut unvisited = 0u32;
        for child in block.iter_mut() {
            child.avail += 1;
            unvisited += (child.visits == 0) as u32;
        }
        if unvisited > 0 {
            let mut pick = below_u32(rng, unvisited);
            for (k, child) in block.iter().enumerate() {
                if child.visits == 0 {
                    if pick == 0 {
                        return k as u32;
                    }
                    pick -= 1;
                }
            }
            unreachable!("counted unvisited children");
        }
        let mut best = 0u32;
        let mut best_value = f64::NEG_INFINITY;
        let mut ucb = Ucb::new(c, &self.scale_table);
        for (k, child) in block.iter().enumerate() {
            let value = ucb.value(child);
            if value > best_value {
                best_value = value;
                best = k as u32;
            }
        }
        best
    }

    /// Create children of `node` for `mover`'s legal actions whose slot is empty, keeping the
    /// node's children contiguous.
    fn add_children(&mut self, node: u32, mover: Seat, missing: usize) {
        let (first, count) = {
            let nd = &self.nodes[node as usize];
            (nd.first_child, nd.children)
        };
        let end = self.nodes.len() as u32;
        let new_first = if count == 0 {
            end
        } else if first + count == end {
            first
        } else {
            // Move the block to the end; the old copy becomes unreachable.
            self.nodes.extend_from_within(first as usize..(first + count) as usize);
            for slot in self.slots.iter_mut() {
                if *slot != NONE {
                    *slot = *slot - first + end;
                }
            }
            end
        };
        for (j, slot) in self.slots.iter_mut().enumerate() {
            if *slot == NONE {
                *slot = self.nodes.len() as u32;
                self.nodes.push(Node::leaf(
                    self.legal[j],
                    action_key(mover.0, &self.legal[j]),
                    mover,
                ));
            }
        }
        let nd = &mut self.nodes[node as usize];
        nd.first_child = new_first;
        nd.children = count + missing as u32;
    }
}
