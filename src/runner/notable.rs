//! Matches worth seeing: while a run plays, keep for each rule the one match that best
//! fits it (the longest, the shortest, the first capped one, the first of each way a match
//! can end, the largest comeback, each lineup slot's widest win for the upset, each rare
//! event's strongest case), from figures the runner has anyway (lengths, outcome, lead,
//! metrics). Every rule picks by a total order that ends in the match index, and merging
//! keeps the better of two, so the picks are the same for any thread count, block split,
//! shard split or resume. Cost: a few comparisons per match.

use serde::{Deserialize, Serialize};

use crate::core::{MAX_SEATS, Outcome, Seat};
use crate::stats::tally::LeadShape;

/// A candidate: the match index and the figure it is judged by (larger is better; ties go
/// to the lower index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Candidate {
    pub index: u64,
    pub value: i64,
}

impl Candidate {
    /// Whether `self` beats `other`: the larger value, then the lower index.
    pub fn beats(&self, other: &Candidate) -> bool {
        (self.value, std::cmp::Reverse(self.index)) > (other.value, std::cmp::Reverse(other.index))
    }
}

/// Keep the better of `slot` and `c`.
fn keep(slot: &mut Option<Candidate>, c: Candidate) {
    if slot.as_ref().is_none_or(|s| c.beats(s)) {
        *slot = Some(c);
    }
}

/// What the rules look at in a game's metrics, worked out once per run from the metric
/// names: which metrics say how a match ended, and which count a rare event.
#[derive(Clone, Debug, Default)]
pub struct NotableRules {
    /// (metric index, end reason) for the 0/1 metrics that say how a match ended.
    pub reasons: Vec<(usize, String)>,
    /// (metric index, what it counts) for rare events.
    pub rare: Vec<(usize, String)>,
}

/// Metric names that flag how a match ended (TRICE `ended_*`, Pride & Preju-Dice and
/// Love Actually `end_*`), with the reason in words.
fn reason_of(name: &str) -> Option<String> {
    if let Some(r) = name.strip_prefix("ended_") {
        return Some(r.replace('_', " "));
    }
    match name {
        "end_matches" => Some("every link matched".into()),
        "end_faux_pas" => Some("a full Faux Pas track".into()),
        "end_score" => Some("the end score reached".into()),
        "end_last_tile" => Some("the last bonus tile claimed".into()),
        _ => None,
    }
}

/// Rare events a designer wants to see, by metric name (only those a game has count).
const RARE: [(&str, &str); 6] = [
    ("jackpot_hits", "a Jackpot hit (DARDZ)"),
    (
        "matches_link0",
        "a romance completed on the heart-and-diamond link (Pride & Preju-Dice, PP-7)",
    ),
    ("lucky_loser_rolls", "a Lucky Loser roll (DARDZ)"),
    ("set_double_karen", "Karen's double (Love Actually, LA-46)"),
    ("ended_double_trice_placement", "a Double Trice on placement (TRICE)"),
    ("ended_double_trice_swap", "a Double Trice in the swap phase (TRICE)"),
];

impl NotableRules {
    pub fn new(metric_names: &[String]) -> Self {
        let find = |n: &str| metric_names.iter().position(|m| m == n);
        NotableRules {
            reasons: metric_names
                .iter()
                .enumerate()
                .filter_map(|(i, n)| reason_of(n).map(|r| (i, r)))
                .collect(),
            rare: RARE
                .iter()
                .filter_map(|(n, what)| find(n).map(|i| (i, what.to_string())))
                .collect(),
        }
    }
}

/// The best match so far for every rule.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Notable {
    /// Most decisions.
    pub longest: Option<Candidate>,
    /// Fewest decisions (value: minus the decisions).
    pub shortest: Option<Candidate>,
    /// The first capped match (value 0: the lowest index wins).
    pub capped: Option<Candidate>,
    /// Per end reason (by its text), the first match that ended so.
    pub reasons: Vec<(String, Candidate)>,
    /// The sole winner that took the lead for good latest (thousandths of the turns, times
    /// 1000, plus the lead changes).
    pub comeback: Option<Candidate>,
    /// Per lineup slot, its sole win with the widest margin over the runner-up.
    pub wins_by_slot: Vec<Option<Candidate>>,
    /// Per rare event, the match where it happened most often.
    pub rare: Vec<(String, Candidate)>,
}

impl Notable {
    /// Take one finished match into account: its index, outcome, decisions, lead, the
    /// lineup slot of each seat and its metrics.
    #[allow(clippy::too_many_arguments)]
    pub fn record(
        &mut self,
        rules: &NotableRules,
        index: u64,
        o: &Outcome,
        decisions: u32,
        lead: Option<LeadShape>,
        slot_of_seat: &[u8],
        metrics: &[i64],
    ) {
        let decisions = decisions as i64;
        keep(&mut self.longest, Candidate { index, value: decisions });
        keep(&mut self.shortest, Candidate { index, value: -decisions });
        // The same value for all: the tie-break keeps the lowest index (no arithmetic on
        // the index, which may be near 2^64).
        let first = Candidate { index, value: 0 };
        if o.is_capped() {
            keep(&mut self.capped, first);
        } else {
            let mut any = false;
            for (i, reason) in &rules.reasons {
                if metrics.get(*i).copied().unwrap_or(0) > 0 {
                    any = true;
                    self.keep_named(Field::Reason, reason, first);
                }
            }
            if !any {
                // A game without end-reason metrics: a win or a shared first place.
                let reason = if o.first_place_count() == 1 { "a sole winner" } else { "a tie" };
                self.keep_named(Field::Reason, reason, first);
            }
        }
        for (i, what) in &rules.rare {
            let n = metrics.get(*i).copied().unwrap_or(0);
            if n > 0 {
                self.keep_named(Field::Rare, what, Candidate { index, value: n });
            }
        }
        if o.is_capped() || o.first_place_count() != 1 || o.players() < 2 {
            return;
        }
        let winner = (0..o.players()).find(|&s| o.rank(Seat(s as u8)) == 0).unwrap_or(0);
        // The latest comeback: the winner took the lead for good latest in the match (the
        // share of its turns, in thousandths, played before). From the lead figures the
        // runner keeps anyway: tracking every seat's deficit at every turn as well made Pig's
        // matches take 11% more instructions (callgrind), over the 2% this may cost.
        if let Some(lead) = lead
            && lead.turns > 0
            && lead.decided_turn > 0
        {
            // Ties (many winners only lead alone at the last turn): more lead changes.
            let late = lead.decided_turn as i64 * 1000 / lead.turns as i64;
            let value = late * 1000 + lead.changes.min(999) as i64;
            keep(&mut self.comeback, Candidate { index, value });
        }
        // The margin over the best other seat, whichever way the game counts.
        let w = o.score(Seat(winner as u8)) as i64;
        let margin = (0..o.players())
            .filter(|&s| s != winner)
            .map(|s| (w - o.score(Seat(s as u8)) as i64).abs())
            .min()
            .unwrap_or(0);
        let slot = slot_of_seat[winner] as usize;
        if self.wins_by_slot.len() <= slot {
            self.wins_by_slot.resize(slot.max(MAX_SEATS - 1) + 1, None);
        }
        keep(&mut self.wins_by_slot[slot], Candidate { index, value: margin });
    }

    fn keep_named(&mut self, field: Field, name: &str, c: Candidate) {
        let list = match field {
            Field::Reason => &mut self.reasons,
            Field::Rare => &mut self.rare,
        };
        match list.iter_mut().find(|(n, _)| n == name) {
            Some((_, old)) => {
                if c.beats(old) {
                    *old = c;
                }
            }
            None => {
                list.push((name.to_string(), c));
                // Sorted by name: the same list whatever order the matches came in.
                list.sort_by(|a, b| a.0.cmp(&b.0));
            }
        }
    }

    /// Take another part of the run into account (any order gives the same result).
    pub fn merge(&mut self, other: &Notable) {
        for (mine, theirs) in [
            (&mut self.longest, other.longest),
            (&mut self.shortest, other.shortest),
            (&mut self.capped, other.capped),
            (&mut self.comeback, other.comeback),
        ] {
            if let Some(c) = theirs {
                keep(mine, c);
            }
        }
        for (name, c) in &other.reasons {
            self.keep_named(Field::Reason, name, *c);
        }
        for (name, c) in &other.rare {
            self.keep_named(Field::Rare, name, *c);
        }
        if self.wins_by_slot.len() < other.wins_by_slot.len() {
            self.wins_by_slot.resize(other.wins_by_slot.len(), None);
        }
        for (mine, theirs) in self.wins_by_slot.iter_mut().zip(&other.wins_by_slot) {
            if let Some(c) = theirs {
                keep(mine, *c);
            }
        }
    }
}

#[derive(Clone, Copy)]
enum Field {
    Reason,
    Rare,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_lower_index_and_merging_is_order_free() {
        let a = Candidate { index: 7, value: 3 };
        let b = Candidate { index: 2, value: 3 };
        assert!(b.beats(&a) && !a.beats(&b));
        let mut x = Notable { longest: Some(a), ..Default::default() };
        let y = Notable { longest: Some(b), ..Default::default() };
        let mut z = y.clone();
        x.merge(&y);
        z.merge(&Notable { longest: Some(a), ..Default::default() });
        assert_eq!(x, z);
        assert_eq!(x.longest, Some(b));
    }
}
