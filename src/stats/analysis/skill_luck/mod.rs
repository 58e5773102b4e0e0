//! Seat, skill and luck on the scale a designer reads: win shares in percentage points, not
//! shares of variance. For a win/lose outcome a variance share is a squared gap in win
//! probability (a bot winning 75% of its games shows as "25% skill", a 1 pp seat edge as
//! "0% seat"), so the headline says instead:
//!
//! - **seat**: the balance verdict's own figure, its largest seat deviation in pp with the
//!   interval it was decided on ([`SeatEdge`]), one figure and one method everywhere;
//! - **skill**: how much more often the stronger bot wins than a fair share (what a bot no
//!   better than the others would win), in pp, and its rating over the weaker bot in Elo;
//! - **luck**: how often the weaker bot still wins (the upset rate), and the benchmark a
//!   person can picture (Duersch, Lambrecht & Oechssler 2020): the share `q` of matches a
//!   coin flip would have to decide, in a game the stronger bot otherwise always wins, for
//!   the weaker bot to win this often. The coin flip picks a seat uniformly, so the weaker
//!   bot's share per seat is `q / players`, and `q = players × upset rate`.
//!
//! Shares: a bot's win share per seat it played (its slots pooled), with a Wilson 95%
//! interval on the effective number of seat-matches, n / deff, the design effect deff (Kish
//! 1965) being the deal-group cluster variance over the binomial variance, never below 1:
//! the same method as the skill ladder's head-to-head share, and an interval that stays an
//! interval at any n (20 wins of 20 give [83.9, 100], not [100, 100]). Elo: Bradley-Terry on
//! ranks with the weaker bot's first slot as reference, its standard error the larger of
//! the sandwich (matches as clusters) and the model's own (one virtual tie per pair keeps a
//! clean sweep finite).

use super::{
    CONFIDENCE, PairInputs, SeatBalance, SeatEdge, contrast_variances, pair_inputs, seat_edge,
};
use crate::stats::Tally;
use crate::stats::intervals::{wilson_share, z_for};
use crate::stats::ratings::{MatchScores, bradley_terry_robust};
use crate::stats::verdict::Levels;

/// A bot's win share per seat, with its 95% interval and the n it rests on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotShare {
    pub share: f64,
    pub lo: f64,
    pub hi: f64,
    /// Seat-matches the bot played (its slots × matches).
    pub seat_matches: u64,
    pub design_effect: f64,
}

/// An Elo rating difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloGap {
    pub elo: f64,
    pub lo: f64,
    pub hi: f64,
}

/// Seat, skill and luck of a run of different bots under rotated seats.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillLuck {
    pub players: usize,
    pub matches: u64,
    /// The verdict's seat figure; `None` when no match had a sole winner.
    pub seat: Option<SeatEdge>,
    pub stronger: String,
    pub weaker: String,
    /// The stronger bot's win share per seat (skill), the weaker's (luck: the upset rate).
    pub skill: BotShare,
    pub upset: BotShare,
    pub elo: Option<EloGap>,
}

/// The names of `skill_luck.csv`'s figures, shared by its writer and the page that reads it.
pub mod figure {
    pub const SEAT_EDGE: &str = "seat_edge";
    pub const SKILL_SHARE: &str = "skill_share";
    pub const SKILL_EDGE: &str = "skill_edge";
    pub const SKILL_ELO: &str = "skill_elo";
    pub const UPSET_SHARE: &str = "upset_share";
    pub const COIN_FLIP_SHARE: &str = "coin_flip_share";
}

/// The share method, as the CSV and the lines name it.
pub const SHARE_METHOD: &str =
    "Wilson 95% on n / deff, deff the deal-group cluster variance over the binomial (Kish)";
/// The rating method.
pub const ELO_METHOD: &str = "Bradley-Terry on ranks, weaker bot as reference; 95% normal, the larger of the sandwich and model standard errors";
/// The coin-flip benchmark's method.
pub const COIN_FLIP_METHOD: &str = "players x upset rate, capped at 100% (Duersch, Lambrecht & Oechssler 2020: a game the stronger bot always wins, with this share of matches decided by a coin flip among the seats)";

impl SkillLuck {
    /// The fair share per seat: what a bot no better than the others would win.
    pub fn fair(&self) -> f64 {
        1.0 / self.players as f64
    }

    /// The share of matches a coin flip would decide, with its interval: `players × upset`.
    pub fn coin_flip(&self) -> (f64, f64, f64) {
        let k = self.players as f64;
        let q = |u: f64| (k * u).min(1.0);
        (q(self.upset.share), q(self.upset.lo), q(self.upset.hi))
    }

    /// The lines stdout and the pages print: seat, skill, luck, each with its interval and
    /// n; the methods are [`SHARE_METHOD`] and its neighbours, in `skill_luck.csv`.
    pub fn lines(&self) -> Vec<String> {
        let fair = 100.0 * self.fair();
        let pct = |b: &BotShare| {
            format!("{:.1}% [{:.1}, {:.1}]", 100.0 * b.share, 100.0 * b.lo, 100.0 * b.hi)
        };
        let mut out = Vec::new();
        if let Some(e) = &self.seat {
            out.push(format!(
                "seat: seat {} wins {:+.1} pp against a fair {:.1}% [{:+.1}, {:+.1}] ({}, the verdict's; n = {} decisive)",
                e.seat,
                e.diff_pp,
                100.0 * e.fair_share,
                e.interval_pp.0,
                e.interval_pp.1,
                e.interval_name(),
                e.decisive
            ));
        }
        let elo = self.elo.map_or(String::new(), |g| {
            format!("; {:+.0} Elo [{:+.0}, {:+.0}] over {}", g.elo, g.lo, g.hi, self.weaker)
        });
        out.push(format!(
            "skill: {} wins {} of its seats' matches, {:+.1} pp over a fair {fair:.1}%{elo} (n = {})",
            self.stronger,
            pct(&self.skill),
            100.0 * self.skill.share - fair,
            self.skill.seat_matches
        ));
        let (q, q_lo, q_hi) = self.coin_flip();
        out.push(format!(
            "luck: {} still wins {} of its seats' matches: as often as if a coin flip decided {:.1}% [{:.1}, {:.1}] of matches the stronger bot would otherwise win (n = {})",
            self.weaker,
            pct(&self.upset),
            100.0 * q,
            100.0 * q_lo,
            100.0 * q_hi,
            self.upset.seat_matches
        ));
        out
    }

    /// The answer of a run of different bots in one phrase, for the first line a person
    /// reads: how often the stronger bot wins against the fair share.
    pub fn headline(&self) -> String {
        format!(
            "{} wins {:.1}% [{:.1}, {:.1}] of its seats' matches against {} (fair {:.1}%)",
            self.stronger,
            100.0 * self.skill.share,
            100.0 * self.skill.lo,
            100.0 * self.skill.hi,
            self.weaker,
            100.0 * self.fair()
        )
    }

    /// Luck in one short line: how often the weaker bot still wins, and the coin flip that
    /// would give as many upsets.
    pub fn luck_line(&self) -> String {
        let (q, q_lo, q_hi) = self.coin_flip();
        format!(
            "luck: {} still wins {:.1}% [{:.1}, {:.1}], as if a coin flip decided {:.1}% [{:.1}, {:.1}] of the matches {} would otherwise win",
            self.weaker,
            100.0 * self.upset.share,
            100.0 * self.upset.lo,
            100.0 * self.upset.hi,
            100.0 * q,
            100.0 * q_lo,
            100.0 * q_hi,
            self.stronger
        )
    }
}

/// The distinct bots of a lineup with their slots, in first-appearance order.
fn bots(labels: &[String]) -> Vec<(&str, Vec<usize>)> {
    let mut out: Vec<(&str, Vec<usize>)> = Vec::new();
    for (slot, label) in labels.iter().enumerate() {
        match out.iter_mut().find(|(l, _)| *l == label.as_str()) {
            Some((_, slots)) => slots.push(slot),
            None => out.push((label, vec![slot])),
        }
    }
    out
}

/// A bot's win share per seat over `slots`, with the deal-group design effect.
fn bot_share(t: &Tally, slots: &[usize]) -> BotShare {
    let shares: f64 = slots.iter().map(|&s| t.slots[s].win_shares()).sum();
    let n: u64 = slots.iter().map(|&s| t.slots[s].matches).sum();
    let share = shares / n.max(1) as f64;
    let binomial = share * (1.0 - share) / n.max(1) as f64;
    let paired = &t.paired;
    let design_effect = if paired.groups >= 2 && binomial > 0.0 {
        let mut c = vec![0.0; t.players];
        for &s in slots {
            c[s] = 1.0 / slots.len() as f64;
        }
        // The variance of the per-match mean over the bot's slots: the share's variance.
        let (_, var) = contrast_variances(&paired.slots, &c, paired.matches, paired.groups);
        if var.is_finite() { (var / binomial).max(1.0) } else { 1.0 }
    } else {
        1.0
    };
    let (lo, hi) = wilson_share(share, n as f64 / design_effect, CONFIDENCE);
    BotShare { share, lo, hi, seat_matches: n, design_effect }
}

/// Slot `a`'s Bradley-Terry rating over slot `b`'s, with its 95% interval.
fn elo_over(t: &Tally, a: usize, b: usize) -> Option<EloGap> {
    let n = t.players;
    // Slot b first (the reference), then a, then the rest.
    let mut order = vec![b, a];
    order.extend((0..n).filter(|&s| s != a && s != b));
    let PairInputs { wins, games, sum, cross, matches } = pair_inputs(t, &order);
    if games[0][1] <= 0.0 {
        return None;
    }
    let model = bradley_terry_robust(&wins, &games, None);
    let sandwich = bradley_terry_robust(
        &wins,
        &games,
        Some(MatchScores { sum: &sum, cross: &cross, matches }),
    );
    // The sandwich alone collapses when every match went the same way (a clean sweep has no
    // variance to estimate); the model's error is the floor.
    let se = model.se[1].max(sandwich.se[1]);
    let elo = model.elo[1];
    let half = z_for(CONFIDENCE) * se;
    Some(EloGap { elo, lo: elo - half, hi: elo + half })
}

/// Seat, skill and luck of a run of lineup `labels` in deal groups of `group_size`, its
/// seats judged as the verdict judged them (`margin_pp` at `levels`); `None` with one bot
/// (no skill to measure), under fixed seats (each bot confounded with its seat), in a solo
/// game, or before any match.
pub fn skill_luck(
    t: &Tally,
    labels: &[String],
    group_size: u64,
    seats: &[SeatBalance],
    margin_pp: f64,
    levels: &Levels,
) -> Option<SkillLuck> {
    let bots = bots(labels);
    if bots.len() < 2 || group_size < 2 || t.players < 2 || t.matches == 0 {
        return None;
    }
    let shares: Vec<BotShare> = bots.iter().map(|(_, slots)| bot_share(t, slots)).collect();
    let by_share = |a: &usize, b: &usize| shares[*a].share.total_cmp(&shares[*b].share);
    // Among equal shares the last is "stronger" and the first "weaker": two bots always
    // give two sides, even when neither is shown stronger.
    let strong = (0..bots.len()).max_by(by_share)?;
    let weak = (0..bots.len()).min_by(by_share)?;
    if strong == weak {
        return None;
    }
    Some(SkillLuck {
        players: t.players,
        matches: t.matches,
        seat: seat_edge(seats, margin_pp, levels),
        stronger: bots[strong].0.to_string(),
        weaker: bots[weak].0.to_string(),
        skill: shares[strong],
        upset: shares[weak],
        elo: elo_over(t, bots[strong].1[0], bots[weak].1[0]),
    })
}

#[cfg(test)]
mod tests;
