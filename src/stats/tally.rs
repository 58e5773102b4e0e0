//! Tallies: integer counters for a run, merged with `merge` in any order. Because every
//! counter is an integer (win shares in units of 1/840, scores as exact sums), the merged
//! tally and every figure computed from it are identical for any thread count or split.

use crate::core::{MAX_SEATS, MatchLength, Outcome, Seat};
use crate::stats::decomposition::DecompositionTally;
use crate::stats::histogram::Histogram;
use crate::stats::moments::sample_sd;
use crate::stats::options::OptionTally;

/// Runs `$body` with `$n` (a player count, 1 to [`MAX_SEATS`]) as the constant `$N`: one copy
/// of the per-match counting per player count, whose per-seat and per-pair loops unroll
/// without bounds checks (a short match costs little more than its tally).
macro_rules! with_seats {
    ($n:expr, $N:ident => $body:expr) => {
        with_seats!(@ $n, $N, $body, 1 2 3 4 5 6 7 8)
    };
    (@ $n:expr, $N:ident, $body:expr, $($k:literal)*) => {
        match $n {
            $($k => {
                const $N: usize = $k;
                $body
            })*
            n => unreachable!("{n} players"),
        }
    };
}
const _: () = assert!(MAX_SEATS == 8, "with_seats! lists every player count");

pub use crate::stats::share::SHARE_UNIT;

/// Results of one side: a seat, or a bot (lineup slot).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SideTally {
    pub matches: u64,
    /// Sole first place.
    pub wins: u64,
    /// First place shared with others (a draw for this side).
    pub draws: u64,
    /// Matches stopped by the turn cap (no winner, RULINGS G-2).
    pub capped: u64,
    /// Win shares in units of 1/[`SHARE_UNIT`].
    pub win_units: u64,
    pub score_sum: i64,
    pub score_sq_sum: i128,
}

impl SideTally {
    /// Count `seat`'s result; `firsts` is `outcome.first_place_count()` and `share` a first
    /// place's units (`SHARE_UNIT / firsts`), worked out once per match by the caller (they
    /// are asked for every seat and slot). Counted without branches: who is first is the
    /// match's chance, and a mispredicted branch costs more than these few additions.
    fn record(&mut self, outcome: &Outcome, seat: Seat, firsts: usize, share: u64) {
        self.matches += 1;
        let score = outcome.score(seat) as i64;
        self.score_sum += score;
        self.score_sq_sum += (score as i128) * (score as i128);
        let capped = outcome.is_capped();
        let first = !capped & (outcome.rank(seat) == 0);
        self.capped += capped as u64;
        self.wins += (first & (firsts == 1)) as u64;
        self.draws += (first & (firsts > 1)) as u64;
        self.win_units += first as u64 * share;
    }

    fn merge(&mut self, o: &SideTally) {
        self.matches += o.matches;
        self.wins += o.wins;
        self.draws += o.draws;
        self.capped += o.capped;
        self.win_units += o.win_units;
        self.score_sum += o.score_sum;
        self.score_sq_sum += o.score_sq_sum;
    }

    /// Win shares as a (possibly fractional) count of matches.
    pub fn win_shares(&self) -> f64 {
        self.win_units as f64 / SHARE_UNIT as f64
    }

    pub fn win_rate(&self) -> f64 {
        self.win_shares() / self.matches as f64
    }

    pub fn mean_score(&self) -> f64 {
        self.score_sum as f64 / self.matches as f64
    }

    pub fn sd_score(&self) -> f64 {
        sample_sd(self.matches, self.score_sum as i128, self.score_sq_sum)
    }
}

/// A seat's win share in units of 1/[`SHARE_UNIT`] (0 when capped).
pub fn win_units(outcome: &Outcome, seat: Seat) -> u64 {
    if outcome.is_capped() || outcome.rank(seat) != 0 {
        0
    } else {
        SHARE_UNIT / outcome.first_place_count() as u64
    }
}

/// One match's win units by seat or by lineup slot, as the paired analysis adds them up.
/// Each is at most [`SHARE_UNIT`], and a deal group's sum at most `SHARE_UNIT * 8!`, so they
/// are `i64`; their products are taken in `i128` (one widening multiply).
pub type Units = [i64; MAX_SEATS];

/// Every seat's [`win_units`] (zero past `outcome.players()`), first place counted once.
pub fn seat_units(outcome: &Outcome) -> Units {
    let mut units = [0; MAX_SEATS];
    if !outcome.is_capped() {
        let share = (SHARE_UNIT / outcome.first_place_count().max(1) as u64) as i64;
        for (u, &rank) in units.iter_mut().zip(outcome.ranks()) {
            *u = if rank == 0 { share } else { 0 };
        }
    }
    units
}

/// Sum, sum of squares and range of one game metric over matches.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MetricTally {
    pub sum: i128,
    pub sum_sq: i128,
    pub min: i64,
    pub max: i64,
}

impl Default for MetricTally {
    fn default() -> Self {
        Self { sum: 0, sum_sq: 0, min: i64::MAX, max: i64::MIN }
    }
}

/// First and second moments of per-side win units, at the level of single matches and of
/// whole deal groups: enough to compute the variance of any contrast (one side's share, the
/// difference of two) under independent matches and under the paired (grouped) design.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Moments {
    pub match_sum: [i128; MAX_SEATS],
    pub match_cross: [[i128; MAX_SEATS]; MAX_SEATS],
    pub group_sum: [i128; MAX_SEATS],
    pub group_cross: [[i128; MAX_SEATS]; MAX_SEATS],
}

impl Moments {
    fn add_match<const N: usize>(&mut self, y: &[i64; N]) {
        for i in 0..N {
            self.match_sum[i] += y[i] as i128;
            for j in 0..N {
                self.match_cross[i][j] += y[i] as i128 * y[j] as i128;
            }
        }
    }
    fn add_group<const N: usize>(&mut self, s: &[i64; N]) {
        for i in 0..N {
            self.group_sum[i] += s[i] as i128;
            for j in 0..N {
                self.group_cross[i][j] += s[i] as i128 * s[j] as i128;
            }
        }
    }
    fn merge(&mut self, o: &Moments) {
        for i in 0..MAX_SEATS {
            self.match_sum[i] += o.match_sum[i];
            self.group_sum[i] += o.group_sum[i];
            for j in 0..MAX_SEATS {
                self.match_cross[i][j] += o.match_cross[i][j];
                self.group_cross[i][j] += o.group_cross[i][j];
            }
        }
    }
}

/// Deal groups that were played under every seating of the plan (complete groups only).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PairedTally {
    pub groups: u64,
    pub matches: u64,
    /// Win units per seat.
    pub seats: Moments,
    /// Win units per lineup slot.
    pub slots: Moments,
}

/// The length measures, in CSV order.
pub const LENGTH_MEASURES: [&str; 4] = ["decisions", "chance_events", "turns", "rounds"];

/// How the lead moved during one match (for games that report running standings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeadShape {
    /// Times the sole leader at a turn's end was a different seat from the previous sole
    /// leader.
    pub changes: u32,
    /// The turn from which the eventual sole winner led alone to the end.
    pub decided_turn: u32,
    /// Total turns of the match.
    pub turns: u32,
}

/// Everything a run counts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub players: usize,
    /// Matches that finished or were capped (failed matches are not counted here).
    pub matches: u64,
    pub capped: u64,
    /// Matches whose first place was shared.
    pub shared_first: u64,
    pub seats: [SideTally; MAX_SEATS],
    /// Per lineup slot (the bot named in that position of `--bots`).
    pub slots: [SideTally; MAX_SEATS],
    /// `pair_halves[i][j]`: half-points of slot i against slot j (2 for finishing above, 1
    /// for the same rank), over matches that were not capped.
    pub pair_halves: [[u64; MAX_SEATS]; MAX_SEATS],
    /// Per uncapped match, each slot's half-points against all others (`h`): Σ h_i·h_j, for
    /// the robust (sandwich) covariance of the Bradley-Terry ratings, since the comparisons
    /// within one match are not independent.
    pub pair_cross: [[i128; MAX_SEATS]; MAX_SEATS],
    /// Histograms in [`LENGTH_MEASURES`] order.
    pub lengths: [Histogram; 4],
    /// Score difference between first place and the best of the rest (finished matches).
    pub margins: Histogram,
    /// Lead changes per match, and the share (percent, 0-100) of the match's turns played
    /// before the winner took the lead for good.
    pub lead_changes: Histogram,
    pub decided_percent: Histogram,
    pub paired: PairedTally,
    pub metrics: Vec<MetricTally>,
    /// Per bot and option kind, the option table's counts (absent from tallies written
    /// before the table existed, which read as empty).
    #[serde(default)]
    pub options: OptionTally,
    /// Seat, skill and luck's sums by bucket of deals.
    #[serde(default)]
    pub decomposition: DecompositionTally,
}

impl Tally {
    pub fn new(players: usize, metric_count: usize) -> Self {
        Self {
            players,
            matches: 0,
            capped: 0,
            shared_first: 0,
            seats: Default::default(),
            slots: Default::default(),
            pair_halves: [[0; MAX_SEATS]; MAX_SEATS],
            pair_cross: [[0; MAX_SEATS]; MAX_SEATS],
            lengths: Default::default(),
            margins: Histogram::default(),
            lead_changes: Histogram::default(),
            decided_percent: Histogram::default(),
            paired: PairedTally::default(),
            metrics: vec![MetricTally::default(); metric_count],
            options: OptionTally::default(),
            decomposition: DecompositionTally::default(),
        }
    }

    /// Count one match. `slot_of_seat[s]` is the lineup slot playing seat `s`.
    pub fn record(
        &mut self,
        outcome: &Outcome,
        slot_of_seat: &[u8],
        length: &MatchLength,
        lead: Option<LeadShape>,
        metrics: &[i64],
    ) {
        let capped = outcome.is_capped();
        let firsts = with_seats!(self.players, N => self.count_places::<N>(outcome, slot_of_seat));
        self.matches += 1;
        self.capped += capped as u64;
        self.shared_first += (!capped && firsts > 1) as u64;
        self.lengths[0].add(length.decisions);
        self.lengths[1].add(length.chance_events);
        self.lengths[2].add(length.turns);
        self.lengths[3].add(length.rounds);
        if let Some(lead) = lead {
            self.lead_changes.add(lead.changes);
            // A solo game has no winner (PP-15): its one player always ranks first, so when
            // "the winner" took the lead is undefined and left out (an empty cell).
            if !capped && firsts == 1 && lead.turns > 0 && self.players > 1 {
                // Rounded to the nearest percent (flooring would bias the mean down by 0.5).
                let pct = ((lead.decided_turn as u64 * 200 + lead.turns as u64)
                    / (2 * lead.turns as u64))
                    .min(100);
                self.decided_percent.add(pct as u32);
            }
        }
        for (t, &v) in self.metrics.iter_mut().zip(metrics) {
            t.sum += v as i128;
            t.sum_sq += (v as i128) * (v as i128);
            t.min = t.min.min(v);
            t.max = t.max.max(v);
        }
    }

    /// The part of [`Tally::record`] that loops over seats and pairs, for `N` players: seats'
    /// and slots' places, pair half-points and the margin. Returns how many seats share first
    /// place (0 when capped).
    fn count_places<const N: usize>(&mut self, outcome: &Outcome, slot_of_seat: &[u8]) -> usize {
        // Slots are below `MAX_SEATS`: the remainder only spares the bounds checks.
        let slots: [usize; N] = std::array::from_fn(|s| slot_of_seat[s] as usize % MAX_SEATS);
        let ranks: [u8; N] = std::array::from_fn(|s| outcome.rank(Seat(s as u8)));
        // As `outcome.first_place_count()`, from the ranks already read (a capped match ranks
        // every seat below first).
        let firsts = ranks.iter().filter(|&&r| r == 0).count();
        let share = SHARE_UNIT / firsts.max(1) as u64;
        for (seat, &slot) in slots.iter().enumerate() {
            let s = Seat(seat as u8);
            self.seats[seat].record(outcome, s, firsts, share);
            self.slots[slot].record(outcome, s, firsts, share);
        }
        if outcome.is_capped() {
            return firsts;
        }
        // Half-points per slot are at most 2 (n - 1): i64, multiplied in i128.
        let mut per_slot = [0i64; MAX_SEATS];
        for a in 0..N {
            for b in 0..N {
                // 2 half-points for finishing above, 1 for a tie, 0 below (or a == b); added
                // unconditionally, as ranks are the match's chance.
                let (ra, rb) = (ranks[a], ranks[b]);
                let halves = ((a != b) & (ra <= rb)) as u64 * (1 + (ra < rb) as u64);
                self.pair_halves[slots[a]][slots[b]] += halves;
                per_slot[slots[a]] += halves as i64;
            }
        }
        for i in 0..N {
            for j in 0..N {
                self.pair_cross[i][j] += per_slot[i] as i128 * per_slot[j] as i128;
            }
        }
        if N >= 2 {
            self.margins.add(margin(outcome, &ranks, firsts));
        }
        firsts
    }

    /// Count one complete deal group: per match, the win units by seat and by slot.
    pub fn record_group(&mut self, seat_units: &[Units], slot_units: &[Units]) {
        with_seats!(self.players, N => self.record_group_n::<N>(seat_units, slot_units))
    }

    /// [`Tally::record_group`] for `N` players.
    fn record_group_n<const N: usize>(&mut self, seat_units: &[Units], slot_units: &[Units]) {
        let p = &mut self.paired;
        p.groups += 1;
        p.matches += seat_units.len() as u64;
        let mut seat_sum = [0i64; N];
        let mut slot_sum = [0i64; N];
        for (seats, slots) in seat_units.iter().zip(slot_units) {
            let seats: &[i64; N] = seats[..N].try_into().unwrap();
            let slots: &[i64; N] = slots[..N].try_into().unwrap();
            p.seats.add_match(seats);
            p.slots.add_match(slots);
            for i in 0..N {
                seat_sum[i] += seats[i];
                slot_sum[i] += slots[i];
            }
        }
        p.seats.add_group(&seat_sum);
        p.slots.add_group(&slot_sum);
    }

    pub fn merge(&mut self, o: &Tally) {
        self.matches += o.matches;
        self.capped += o.capped;
        self.shared_first += o.shared_first;
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.merge(b);
        }
        for (a, b) in self.slots.iter_mut().zip(&o.slots) {
            a.merge(b);
        }
        for i in 0..MAX_SEATS {
            for j in 0..MAX_SEATS {
                self.pair_halves[i][j] += o.pair_halves[i][j];
                self.pair_cross[i][j] += o.pair_cross[i][j];
            }
        }
        for (a, b) in self.lengths.iter_mut().zip(&o.lengths) {
            a.merge(b);
        }
        self.margins.merge(&o.margins);
        self.lead_changes.merge(&o.lead_changes);
        self.decided_percent.merge(&o.decided_percent);
        self.paired.groups += o.paired.groups;
        self.paired.matches += o.paired.matches;
        self.paired.seats.merge(&o.paired.seats);
        self.paired.slots.merge(&o.paired.slots);
        for (a, b) in self.metrics.iter_mut().zip(&o.metrics) {
            a.sum += b.sum;
            a.sum_sq += b.sum_sq;
            a.min = a.min.min(b.min);
            a.max = a.max.max(b.max);
        }
        self.options.merge(&o.options);
        self.decomposition.merge(&o.decomposition);
    }
}

/// First place's score minus the best score among the rest (absolute, so it works whichever
/// way the game ranks), 0 when first place is shared, for an uncapped match of `N >= 2` seats
/// with these `ranks` and `firsts` seats in first place. Without branches: who wins, and
/// whether first place is shared, is the match's chance. Seats of equal rank have equal
/// scores, so any second-placed seat's score gives the margin.
fn margin<const N: usize>(outcome: &Outcome, ranks: &[u8; N], firsts: usize) -> u32 {
    let (mut first, mut second, mut second_rank) = (0i32, 0i32, u8::MAX);
    for (s, &rank) in ranks.iter().enumerate() {
        let score = outcome.score(Seat(s as u8));
        first = if rank == 0 { score } else { first };
        let better = (rank != 0) & (rank < second_rank);
        second = if better { score } else { second };
        second_rank = if better { rank } else { second_rank };
    }
    if firsts > 1 { 0 } else { first.abs_diff(second) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ScoreOrder;

    #[test]
    fn three_way_tie_is_exact_thirds() {
        let mut t = Tally::new(3, 0);
        let o = Outcome::finished(&[4, 4, 4], ScoreOrder::HigherWins, 1, 1);
        t.record(&o, &[0, 1, 2], &MatchLength::default(), None, &[]);
        assert_eq!(t.seats[0].win_units * 3, SHARE_UNIT);
        assert_eq!(t.seats[1].draws, 1);
        assert_eq!(t.seats[2].wins, 0);
        assert_eq!(t.shared_first, 1);
        assert_eq!(t.pair_halves[0][1], 1);
        assert_eq!(t.margins.max(), Some(0));
    }

    /// The margin as its definition reads (first place's score minus the best of the rest;
    /// 0 when first place is shared; None for one player or a capped match): the reference
    /// the branch-free [`margin`] is checked against.
    fn reference_margin(outcome: &Outcome) -> Option<u32> {
        if outcome.is_capped() || outcome.players() < 2 {
            return None;
        }
        if outcome.first_place_count() > 1 {
            return Some(0);
        }
        let n = outcome.players();
        let seats = (0..n).map(|s| Seat(s as u8));
        let first = seats.clone().find(|&s| outcome.rank(s) == 0)?;
        let second = seats.filter(|&s| outcome.rank(s) > 0).min_by_key(|&s| outcome.rank(s))?;
        Some(outcome.score(first).abs_diff(outcome.score(second)))
    }

    #[test]
    fn margins_follow_ranks_in_either_order() {
        let high = Outcome::finished(&[10, 4, 7], ScoreOrder::HigherWins, 1, 1);
        assert_eq!(reference_margin(&high), Some(3));
        let low = Outcome::finished(&[-3, 4, 7], ScoreOrder::LowerWins, 1, 1);
        assert_eq!(reference_margin(&low), Some(7));
        assert_eq!(reference_margin(&Outcome::capped(&[1, 2], 5, 1)), None);
    }

    #[test]
    fn branch_free_margin_is_the_margin() {
        // Random scores with many ties (0..4), either order, 2 to 8 seats.
        use rand::RngExt;
        let mut rng = crate::core::rng_from_seed(23);
        for _ in 0..5_000 {
            let players = rng.random_range(2..=MAX_SEATS);
            let scores: Vec<i32> = (0..players).map(|_| rng.random_range(0..4)).collect();
            let order =
                if rng.random_bool(0.5) { ScoreOrder::HigherWins } else { ScoreOrder::LowerWins };
            let o = Outcome::finished(&scores, order, 1, 1);
            let ranks: Vec<u8> = o.ranks().to_vec();
            let fast = with_seats!(players, N => margin::<N>(
                &o,
                ranks[..].try_into().unwrap(),
                o.first_place_count(),
            ));
            assert_eq!(Some(fast), reference_margin(&o), "{scores:?} {order:?}");
        }
    }

    #[test]
    fn merge_is_order_free() {
        let outcomes = [
            Outcome::finished(&[1, 0], ScoreOrder::HigherWins, 5, 1),
            Outcome::finished(&[0, 0], ScoreOrder::HigherWins, 9, 1),
            Outcome::capped(&[3, 2], 9, 1),
        ];
        let mut whole = Tally::new(2, 1);
        let mut parts = [Tally::new(2, 1), Tally::new(2, 1)];
        for (i, o) in outcomes.iter().enumerate() {
            let len = MatchLength { decisions: i as u32 * 3, ..Default::default() };
            let lead = Some(LeadShape { changes: i as u32, decided_turn: 2, turns: 5 });
            whole.record(o, &[1, 0], &len, lead, &[i as i64]);
            parts[i % 2].record(o, &[1, 0], &len, lead, &[i as i64]);
        }
        let mut merged = parts[1].clone();
        merged.merge(&parts[0]);
        assert_eq!(merged, whole);
        assert_eq!(whole.capped, 1);
        assert_eq!(whole.slots[1].wins, 1);
        assert_eq!(whole.decided_percent.max(), Some(40));
    }

    #[test]
    fn a_solo_match_has_no_decided_percent_pp15() {
        // PP-15: the solo game reports the score only, no win. Its one player always ranks
        // first, which is no win, so "when the winner took the lead for good" is undefined.
        let mut solo = Tally::new(1, 0);
        let o = Outcome::finished(&[31], ScoreOrder::HigherWins, 20, 20);
        let lead = Some(LeadShape { changes: 0, decided_turn: 1, turns: 20 });
        solo.record(&o, &[0], &MatchLength::default(), lead, &[]);
        assert_eq!(solo.decided_percent.count(), 0);
        assert_eq!(solo.lead_changes.count(), 1);
        // The same match with two players does have a winner and a figure.
        let mut duo = Tally::new(2, 0);
        let o = Outcome::finished(&[31, 5], ScoreOrder::HigherWins, 20, 20);
        duo.record(&o, &[0, 1], &MatchLength::default(), lead, &[]);
        assert_eq!(duo.decided_percent.max(), Some(5));
    }
}

#[cfg(test)]
mod serde_tests {
    use super::*;
    use crate::core::ScoreOrder;

    #[test]
    fn a_tally_survives_json_exactly() {
        let mut t = Tally::new(3, 2);
        let o = Outcome::finished(&[-40, 7, 7], ScoreOrder::HigherWins, 30, 2);
        t.record(
            &o,
            &[2, 0, 1],
            &MatchLength { decisions: 99, ..Default::default() },
            None,
            &[5, -9],
        );
        t.record_group(&[[1 << 60; MAX_SEATS]], &[[7; MAX_SEATS]]);
        let text = serde_json::to_string(&t).unwrap();
        let back: Tally = serde_json::from_str(&text).unwrap();
        assert_eq!(back, t);
    }
}
