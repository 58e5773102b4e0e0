//! The option table's counts: for every bot (group of lineup slots with the same label) and
//! every option kind the game declares, how often the kind was legal and taken, and the
//! weighted sums that estimate what taking it does to the taker's win share.
//!
//! **Why it is causal under random play.** A random bot chooses uniformly among the legal
//! actions, so at a decision where `c` of the `n` legal actions are of kind k, whether it
//! takes k is a coin with known probability `p = c/n`: a randomized experiment. Weighting a
//! decision where k was taken by `1/p` and one where it was not by `1/(1-p)` (inverse
//! probability weighting, Hájek's normalized form) makes the two weighted means estimate,
//! over the same decisions, the taker's win share had it taken k at that one decision and
//! had it taken another legal action there (uniformly chosen, as the bot would), with the
//! same random play after it (later chances to take k included). "Always take k" is a
//! policy; the probe bot (`prefer`) measures that. Other bots' choices are not randomized: their rows weigh every decision alike and are
//! associations (a strong bot's preference is still evidence, which the table shows as how
//! often it takes k against how often random play would).
//!
//! **Why the sums are per deal group.** Decisions of one match share its outcome, and the
//! matches of one deal group (the seatings of one deal under `--seating rotate` or
//! `permute`) share its dice and cards, so neither is independent of its neighbours; the
//! variance treats each deal group as one cluster (a match under fixed seats), as the paired
//! analysis does. A group adds its four weighted sums and their ten products, and while a
//! kind has few clusters their sums one by one ([`clusters`]) for the small-sample (CR2)
//! correction. Every counter is an integer (weights in units of 1/[`WEIGHT_UNIT`], win
//! shares in units of 1/[`crate::stats::SHARE_UNIT`]), so tallies merge exactly across
//! threads, shards and resumes. The estimates are in [`table`], their variance in
//! [`variance`].

pub mod clusters;
pub mod table;
pub mod variance;

#[cfg(test)]
mod tests;

use crate::core::options::MAX_KINDS;
use crate::core::{Game, KindSet, MAX_SEATS, Seat};
use clusters::{Cluster, ClusterList};

/// The bot groups of a lineup: its distinct labels, sorted. The option table and the
/// decomposition count by group index in this order (so the two compositions a ladder plays
/// on the same deals group alike), and every reader of their tallies names the groups so.
pub fn bot_groups(labels: &[String]) -> Vec<String> {
    let mut groups = labels.to_vec();
    groups.sort();
    groups.dedup();
    groups
}

/// Weights are counted in units of 1/4096: a weight `n/c` rounded to this unit is within
/// 0.013% of itself, far below any interval the table reports, and integers merge exactly.
pub const WEIGHT_UNIT: u64 = 4096;

/// One match's (or deal group's) four weighted sums for one (bot, kind), added to
/// [`ClusterSums`]: Σw·y and Σw over decisions where the kind was taken (`t`) and where it was
/// legal and not taken (`n`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchSums {
    pub ty: i64,
    pub tw: i64,
    pub ny: i64,
    pub nw: i64,
}

/// Sums over clusters (deal groups) of [`MatchSums`] and of their products: enough for the ratio
/// estimators and their cluster-robust variance.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClusterSums {
    pub ty: i128,
    pub tw: i128,
    pub ny: i128,
    pub nw: i128,
    /// Σ ty², Σ tw², Σ ty·tw, Σ ny², Σ nw², Σ ny·nw, Σ ty·ny, Σ ty·nw, Σ tw·ny, Σ tw·nw.
    pub products: [i128; 10],
}

impl MatchSums {
    fn add(&mut self, o: MatchSums) {
        self.ty += o.ty;
        self.tw += o.tw;
        self.ny += o.ny;
        self.nw += o.nw;
    }
}

impl ClusterSums {
    pub fn add(&mut self, m: MatchSums) {
        let [ty, tw, ny, nw] = [m.ty, m.tw, m.ny, m.nw].map(i128::from);
        self.ty += ty;
        self.tw += tw;
        self.ny += ny;
        self.nw += nw;
        let p = [
            ty * ty,
            tw * tw,
            ty * tw,
            ny * ny,
            nw * nw,
            ny * nw,
            ty * ny,
            ty * nw,
            tw * ny,
            tw * nw,
        ];
        for (s, x) in self.products.iter_mut().zip(p) {
            *s += x;
        }
    }

    fn merge(&mut self, o: &ClusterSums) {
        self.ty += o.ty;
        self.tw += o.tw;
        self.ny += o.ny;
        self.nw += o.nw;
        for (s, x) in self.products.iter_mut().zip(o.products) {
            *s += x;
        }
    }
}

/// One (bot, kind)'s counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KindTally {
    /// Decisions at which some legal action was of this kind.
    pub legal: u64,
    /// Of those, decisions at which the bot took one.
    pub taken: u64,
    /// Of those, decisions at which every legal action was of this kind (no choice: left out
    /// of the comparison).
    pub forced: u64,
    /// Σ c/n over the decisions where it was legal, in units of 1/[`WEIGHT_UNIT`]: how many
    /// times a uniformly random chooser would have taken it.
    pub random_takes: u64,
    /// Matches with at least one unforced decision where it was legal.
    pub matches: u64,
    /// Deal groups with at least one unforced decision where it was legal: the clusters (0
    /// in tallies written when matches were the clusters).
    #[serde(default)]
    pub clusters: u64,
    /// Of those, the groups where it was taken, and where it was a choice not taken.
    #[serde(default)]
    pub taken_clusters: u64,
    #[serde(default)]
    pub not_taken_clusters: u64,
    /// Sums over deal groups.
    pub sums: ClusterSums,
    /// The groups one by one while they are few (absent from older tallies).
    #[serde(default = "ClusterList::absent")]
    pub few: ClusterList,
}

impl KindTally {
    fn merge(&mut self, o: &KindTally) {
        self.legal += o.legal;
        self.taken += o.taken;
        self.forced += o.forced;
        self.random_takes += o.random_takes;
        self.matches += o.matches;
        self.clusters += o.clusters;
        self.taken_clusters += o.taken_clusters;
        self.not_taken_clusters += o.not_taken_clusters;
        self.sums.merge(&o.sums);
        self.few.merge(&o.few, self.taken_clusters, self.not_taken_clusters);
    }

    /// Count one deal group's sums (`deal` names it).
    fn add_group(&mut self, deal: u64, sums: MatchSums) {
        self.clusters += 1;
        self.taken_clusters += u64::from(sums.tw > 0);
        self.not_taken_clusters += u64::from(sums.nw > 0);
        self.sums.add(sums);
        self.few.add(Cluster { deal, sums }, self.taken_clusters, self.not_taken_clusters);
    }
}

/// Per bot group (index), per option kind (index), the counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OptionTally {
    /// Matches whose options were counted (one deal in
    /// [`crate::core::GameStats::option_sample_every`]).
    #[serde(default)]
    pub counted: u64,
    /// Deal groups of those matches.
    #[serde(default)]
    pub deal_groups: u64,
    pub groups: Vec<Vec<KindTally>>,
}

impl OptionTally {
    fn kind_mut(&mut self, group: usize, kinds: usize, kind: usize) -> &mut KindTally {
        if self.groups.len() <= group {
            self.groups.resize(group + 1, Vec::new());
        }
        let row = &mut self.groups[group];
        if row.len() < kinds {
            row.resize(kinds, KindTally::default());
        }
        &mut row[kind]
    }

    pub fn merge(&mut self, o: &OptionTally) {
        self.counted += o.counted;
        self.deal_groups += o.deal_groups;
        for (g, row) in o.groups.iter().enumerate() {
            for (k, t) in row.iter().enumerate() {
                self.kind_mut(g, row.len(), k).merge(t);
            }
        }
    }

    /// Whether nothing was counted (a game without option kinds, or no decisions).
    pub fn is_empty(&self) -> bool {
        self.groups.iter().flatten().all(|t| t.legal == 0)
    }
}

/// One unforced decision where a kind was legal, kept until the match's outcome is known.
#[derive(Clone, Copy, Debug)]
struct Pending {
    index: u32,
    seat: u8,
    taken: bool,
    weight: u32,
}

/// One (bot, kind)'s counts in the current match.
#[derive(Clone, Copy, Debug, Default)]
struct InMatch {
    legal: u64,
    taken: u64,
    forced: u64,
    random_takes: u64,
    sums: MatchSums,
}

/// One worker's per-match bookkeeping: a match's counts wait here until it ends (the weights
/// need its outcome, and a match that panics must count nowhere), and its sums until its
/// deal group ends (the group is the cluster). Reused from match to match, so counting
/// allocates nothing once warm.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The game's number of kinds (0: nothing to count).
    kinds: usize,
    pending: Vec<Pending>,
    counts: [u16; MAX_KINDS],
    /// Indexed by `group * kinds + kind`.
    current: Vec<InMatch>,
    touched: Vec<usize>,
    /// The current deal group's sums, indexed as `current`, and the indices it touched.
    group: Vec<MatchSums>,
    group_touched: Vec<usize>,
    /// The current deal group's deal, once one of its matches was counted.
    group_deal: Option<u64>,
}

impl MatchOptions {
    pub fn new(kinds: usize) -> Self {
        Self {
            kinds,
            pending: Vec::new(),
            counts: [0; MAX_KINDS],
            current: Vec::new(),
            touched: Vec::new(),
            group: Vec::new(),
            group_touched: Vec::new(),
            group_deal: None,
        }
    }

    /// Whether the game declares any kinds (otherwise the runner skips the counting).
    pub fn active(&self) -> bool {
        self.kinds > 0
    }

    /// Count one decision: `seat` (of bot `group`) took `chosen` among `legal` in `state`;
    /// `uniform` when the bot chooses uniformly at random (its row is then causal).
    #[allow(clippy::too_many_arguments)]
    pub fn decision<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        chosen: G::Action,
        seat: Seat,
        group: usize,
        uniform: bool,
    ) {
        let mut any = KindSet::EMPTY;
        for &a in legal {
            let kinds = game.action_kinds(state, a);
            any = any.union(kinds);
            for k in kinds.iter() {
                self.counts[k] += 1;
            }
        }
        if any.is_empty() {
            return;
        }
        let taken_kinds = game.action_kinds(state, chosen);
        let n = legal.len() as u64;
        for k in any.iter() {
            let c = u64::from(std::mem::take(&mut self.counts[k]));
            let taken = taken_kinds.contains(k);
            let index = group * self.kinds + k;
            if self.current.len() <= index {
                self.current.resize(index + 1, InMatch::default());
            }
            let m = &mut self.current[index];
            if m.legal == 0 {
                self.touched.push(index);
            }
            m.legal += 1;
            m.taken += taken as u64;
            m.random_takes += (c * WEIGHT_UNIT + n / 2) / n;
            if c == n {
                m.forced += 1;
                continue;
            }
            let weight = match (uniform, taken) {
                (false, _) => WEIGHT_UNIT,
                (true, true) => (n * WEIGHT_UNIT + c / 2) / c,
                (true, false) => (n * WEIGHT_UNIT + (n - c) / 2) / (n - c),
            };
            self.pending.push(Pending {
                index: index as u32,
                seat: seat.0,
                taken,
                weight: weight as u32,
            });
        }
    }

    /// The match of `deal` ended with `units` (each seat's win share, in units of 1/840): add
    /// its counts to `tally`, and every decision's weighted outcome to its deal group's sums,
    /// which [`MatchOptions::close_group`] adds once the group's last match is played.
    pub fn finish(&mut self, tally: &mut OptionTally, units: &[i64; MAX_SEATS], deal: u64) {
        debug_assert!(self.group_deal.is_none_or(|d| d == deal), "a deal group left open");
        self.group_deal = Some(deal);
        tally.counted += 1;
        for p in self.pending.drain(..) {
            let s = &mut self.current[p.index as usize].sums;
            let (w, y) = (i64::from(p.weight), units[p.seat as usize % MAX_SEATS]);
            if p.taken {
                s.ty += w * y;
                s.tw += w;
            } else {
                s.ny += w * y;
                s.nw += w;
            }
        }
        for index in self.touched.drain(..) {
            let m = std::mem::take(&mut self.current[index]);
            let (group, kind) = (index / self.kinds, index % self.kinds);
            let t = tally.kind_mut(group, self.kinds, kind);
            t.legal += m.legal;
            t.taken += m.taken;
            t.forced += m.forced;
            t.random_takes += m.random_takes;
            if m.sums != MatchSums::default() {
                t.matches += 1;
                if self.group.len() <= index {
                    self.group.resize(index + 1, MatchSums::default());
                }
                if self.group[index] == MatchSums::default() {
                    self.group_touched.push(index);
                }
                self.group[index].add(m.sums);
            }
        }
    }

    /// The deal group's last match was played (or the worker moves on to another group): add
    /// its sums to `tally`, one cluster per (bot, kind) it touched.
    pub fn close_group(&mut self, tally: &mut OptionTally) {
        let Some(deal) = self.group_deal.take() else { return };
        tally.deal_groups += 1;
        for index in self.group_touched.drain(..) {
            let sums = std::mem::take(&mut self.group[index]);
            let (group, kind) = (index / self.kinds, index % self.kinds);
            tally.kind_mut(group, self.kinds, kind).add_group(deal, sums);
        }
    }

    /// Take over `old`'s open deal group (a worker replaced after a panic keeps the sums of
    /// the group's matches played before it).
    pub fn carry_group(&mut self, old: &mut MatchOptions) {
        self.group = std::mem::take(&mut old.group);
        self.group_touched = std::mem::take(&mut old.group_touched);
        self.group_deal = old.group_deal.take();
    }

    /// Forget a match that did not finish (it panicked): its decisions count nowhere.
    ///
    /// Called before every match, so the usual case (nothing left) costs two compares. The
    /// per-decision counts are always zero between decisions (`decision` takes them back); a
    /// panic inside `decision` can leave them dirty, but the runner replaces a worker after
    /// a panic.
    pub fn discard(&mut self) {
        if self.pending.is_empty() && self.touched.is_empty() {
            return;
        }
        self.pending.clear();
        for index in self.touched.drain(..) {
            self.current[index] = InMatch::default();
        }
    }
}
