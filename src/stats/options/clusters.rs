//! The clusters of a kind one by one, while they are few: what a small-sample interval needs.
//!
//! **Why keep them.** The moment sums of [`super::ClusterSums`] give the linearized
//! (sandwich) variance, which is too small on few clusters: each cluster's residual is
//! measured from a mean it helped to make. The CR2 correction (Bell and McCaffrey) divides
//! each cluster's residual by √(1 − its leverage), and the leverage of a cluster is its share
//! of its side's weight, a figure of the cluster and the total together that no fixed set of
//! sums holds. So every (bot, kind) keeps the sums of its clusters, side by side: the clusters
//! where it was taken while there are at most [`KEEP_UP_TO`] of them, and likewise those where
//! it was a choice not taken. A side with more clusters has leverages near 1/[`KEEP_UP_TO`]
//! or less, where the correction is a fraction of a percent, and its list is dropped, so a
//! tally stays small however long the run.
//!
//! **Why merging is exact.** A deal group is counted by one worker (`arena::runner` plays a
//! group in one piece), so each cluster is in one partial tally. A side's list is kept in a
//! partial only while the partial has at most [`KEEP_UP_TO`] clusters on that side, so it is
//! kept in the merged tally exactly when the whole run has at most that many; the entries
//! are kept sorted, so any merge order (threads, shards, resumes) gives the same bytes.

use super::MatchSums;

/// The most clusters on one side (taken, or a choice not taken) whose sums are kept one by
/// one. Above it the linearized variance with its m/(m − 1) factor differs from CR2 by
/// about the largest leverage, near 1/256 for clusters of like weight.
pub const KEEP_UP_TO: u64 = 256;

/// One cluster (a deal group): its deal and its four weighted sums. Written as an array
/// `[deal, ty, tw, ny, nw]` to keep checkpoints short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(from = "[i64; 5]", into = "[i64; 5]")]
pub struct Cluster {
    pub deal: u64,
    pub sums: MatchSums,
}

impl From<[i64; 5]> for Cluster {
    fn from([deal, ty, tw, ny, nw]: [i64; 5]) -> Self {
        Cluster { deal: deal as u64, sums: MatchSums { ty, tw, ny, nw } }
    }
}

impl From<Cluster> for [i64; 5] {
    fn from(c: Cluster) -> Self {
        // Deals are match indices over the group size: far below 2^63.
        [c.deal as i64, c.sums.ty, c.sums.tw, c.sums.ny, c.sums.nw]
    }
}

impl Cluster {
    /// The total order the list is kept in (the deal first; the sums only break the ties of
    /// tallies that count one deal twice, so that even those merge to the same bytes).
    fn key(&self) -> (u64, i64, i64, i64, i64) {
        let s = self.sums;
        (self.deal, s.ty, s.tw, s.ny, s.nw)
    }
}

/// The clusters of one (bot, kind) kept one by one, sorted; see the module's header.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClusterList {
    /// Whether every cluster where the kind was taken is in `clusters`.
    pub taken: bool,
    /// Whether every cluster where it was a choice and not taken is in `clusters`.
    pub not_taken: bool,
    pub clusters: Vec<Cluster>,
}

impl Default for ClusterList {
    /// A new tally keeps both sides.
    fn default() -> Self {
        ClusterList { taken: true, not_taken: true, clusters: Vec::new() }
    }
}

impl ClusterList {
    /// What a tally written before the lists existed reads as: neither side kept.
    pub fn absent() -> Self {
        ClusterList { taken: false, not_taken: false, clusters: Vec::new() }
    }

    /// Whether `c` belongs to a side still kept.
    fn wanted(&self, c: &Cluster) -> bool {
        (self.taken && c.sums.tw > 0) || (self.not_taken && c.sums.nw > 0)
    }

    /// Keep the sides that `keep` (taken, not taken) still allows and that have at most
    /// [`KEEP_UP_TO`] clusters (`taken`, `not_taken`: the (bot, kind)'s counts so far), and
    /// the clusters they want.
    fn trim(&mut self, keep: (bool, bool), taken: u64, not_taken: u64) {
        let keep = (keep.0 && taken <= KEEP_UP_TO, keep.1 && not_taken <= KEEP_UP_TO);
        if keep == (self.taken, self.not_taken) {
            return;
        }
        (self.taken, self.not_taken) = keep;
        if keep == (false, false) {
            self.clusters = Vec::new(); // the memory too, not just the length
        } else {
            let mut kept = std::mem::take(&mut self.clusters);
            kept.retain(|c| self.wanted(c));
            self.clusters = kept;
        }
    }

    /// Add one cluster; `taken` and `not_taken` are the side counts with it.
    pub fn add(&mut self, c: Cluster, taken: u64, not_taken: u64) {
        self.trim((self.taken, self.not_taken), taken, not_taken);
        if self.wanted(&c) {
            let at = self.clusters.partition_point(|x| x.key() <= c.key());
            self.clusters.insert(at, c);
        }
    }

    /// Add another part's list; `taken` and `not_taken` are the merged side counts.
    pub fn merge(&mut self, o: &ClusterList, taken: u64, not_taken: u64) {
        self.trim((self.taken && o.taken, self.not_taken && o.not_taken), taken, not_taken);
        let (t, n) = (self.taken, self.not_taken);
        let before = self.clusters.len();
        let wanted = o.clusters.iter().filter(|c| (t && c.sums.tw > 0) || (n && c.sums.nw > 0));
        self.clusters.extend(wanted);
        if self.clusters.len() > before {
            self.clusters.sort_unstable_by_key(|c| c.key());
        }
    }
}
