//! Pilot runs for `arena plan`: play a short run, then estimate for each seat how many
//! matches a 95% win-share interval of a given width needs (normal approximation to the
//! Wilson width, 2·z·sqrt(p(1-p)/n)) and how long that takes at the pilot's speed.

use std::time::Instant;

use crate::runner::worker::play_block;
use crate::session::input::input;
use crate::session::plan::Plan;
use crate::stats::Tally;
use crate::stats::intervals::{wilson, z_for};
use crate::with_game;

/// What a pilot run measured.
#[derive(Debug)]
pub struct Pilot {
    /// Matches played: the requested count rounded up to whole deal groups.
    pub matches: u64,
    pub seconds: f64,
    pub tally: Tally,
}

impl Pilot {
    pub fn matches_per_second(&self) -> f64 {
        self.matches as f64 / self.seconds
    }

    /// What the pilot says of a 95% interval `width` wide for each of `players` seats, in
    /// whole deal groups of `group`: computed here once, and only printed by `arena plan`.
    pub fn needs(&self, width: f64, group: u64, players: usize) -> PilotNeeds {
        let seats: Vec<SeatNeed> = self.tally.seats[..players]
            .iter()
            .map(|t| SeatNeed {
                share: t.win_rate(),
                interval: wilson(t.win_shares(), t.matches, 0.95),
                n: t.matches,
                needed: matches_for_width(t.win_rate(), width, group),
            })
            .collect();
        let most = seats.iter().map(|s| s.needed).max().unwrap_or(0);
        let worst = matches_for_width(0.5, width, group);
        let rate = self.matches_per_second();
        PilotNeeds {
            seats,
            most,
            worst,
            seconds: most as f64 / rate,
            worst_seconds: worst as f64 / rate,
        }
    }
}

/// One seat's pilot win share, its Wilson 95% interval over `n` matches, and the matches
/// an interval of the asked width needs at that share.
#[derive(Clone, Debug)]
pub struct SeatNeed {
    pub share: f64,
    pub interval: (f64, f64),
    pub n: u64,
    pub needed: u64,
}

/// What `arena plan` reports: every seat's need, the most of them (the plan), the worst
/// case (a share of 1/2), and how long each takes at the pilot's speed.
#[derive(Clone, Debug)]
pub struct PilotNeeds {
    pub seats: Vec<SeatNeed>,
    pub most: u64,
    pub worst: u64,
    pub seconds: f64,
    pub worst_seconds: f64,
}

/// The largest pilot: it is played as one block, with no checkpoint and no way to pause, so
/// a count that would run for hours is refused rather than honoured.
pub const MAX_PILOT: u64 = 10_000_000;

/// Play the first `matches` matches of `plan` (rounded up to whole deal groups) on a pool of
/// `threads` threads.
pub fn pilot(plan: &Plan, matches: u64, threads: usize) -> anyhow::Result<Pilot> {
    if !(10..=MAX_PILOT).contains(&matches) {
        return Err(input(format!(
            "--pilot must be between 10 and {MAX_PILOT} matches (a pilot measures speed and spread; `arena run --until-ci` plays as many as an interval needs), got {matches}"
        )));
    }
    let group = plan.group();
    let matches = matches.div_ceil(group).saturating_mul(group);
    let pool = crate::session::blocks::pool(threads)?;
    let started = Instant::now();
    let block =
        pool.install(|| with_game!(&plan.game, g => play_block(g, &plan.spec, 0, matches, false)));
    let seconds = started.elapsed().as_secs_f64().max(1e-6);
    Ok(Pilot { matches, seconds, tally: block.tally })
}

/// Matches for a 95% interval `width` wide around a win share `p`, rounded up to whole deal
/// groups of `group` matches.
pub fn matches_for_width(p: f64, width: f64, group: u64) -> u64 {
    let z = z_for(0.95);
    let n = ((2.0 * z / width).powi(2) * p * (1.0 - p)).ceil().max(1.0) as u64;
    n.div_ceil(group).checked_mul(group).unwrap_or(u64::MAX / group * group)
}

/// Where an `--until-ci width` run is expected to stop, from a probe of `(win shares,
/// matches)` of seat 0 among `players`: the matches its interval needs at the probe's share,
/// pulled toward the fair share as if a hundred more matches had gone fairly (a probe of 8
/// matches won 0 times must not promise a narrow interval), rounded up to the rule's check
/// points (every `check_every` matches, in whole deal groups of `group`).
pub fn expected_stop(
    probe: (f64, u64),
    players: usize,
    width: f64,
    check_every: u64,
    group: u64,
) -> u64 {
    let fair = 1.0 / players as f64;
    let p = (probe.0 + 100.0 * fair) / (probe.1 as f64 + 100.0);
    let needed = matches_for_width(p, width, 1);
    let chunk = check_every.div_ceil(group.max(1)).saturating_mul(group.max(1)).max(1);
    needed.div_ceil(chunk).saturating_mul(chunk)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_until_ci_run_is_expected_to_stop_where_its_interval_is_narrow_enough() {
        // Four seats, a 0.005-wide interval: a probe of 2 wins in 8 is the fair share, and
        // (2·1.96/0.005)²·0.25·0.75 = 115,244 matches, at check points of 10,000: 120,000.
        assert_eq!(expected_stop((2.0, 8), 4, 0.005, 10_000, 4), 120_000);
        // 0 or 8 wins of 8 move the share only to 0.23 or 0.31 (110,000; 140,000).
        assert_eq!(expected_stop((0.0, 8), 4, 0.005, 10_000, 4), 110_000);
        assert_eq!(expected_stop((8.0, 8), 4, 0.005, 10_000, 4), 140_000);
        // A long probe speaks for itself: seat 0 at 0.9 of two players needs far fewer.
        assert!(expected_stop((9_000.0, 10_000), 2, 0.01, 1_000, 2) < 16_000);
    }

    #[test]
    fn a_fair_coin_needs_about_38_thousand_matches_for_a_one_point_interval() {
        // (2 · 1.96 / 0.01)² · 0.25 = 38414.6
        assert_eq!(matches_for_width(0.5, 0.01, 1), 38_415);
        assert_eq!(matches_for_width(0.5, 0.01, 2), 38_416);
        assert!(matches_for_width(0.1, 0.01, 1) < matches_for_width(0.5, 0.01, 1));
    }
}
