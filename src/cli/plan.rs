//! Stage two of argument handling: raw flags become a validated [`Plan`]. Every check on
//! user input happens here, before anything touches the file system, so bad input never
//! leaves output behind.

use std::path::{Path, PathBuf};

use std::time::Instant;

use crate::arena::RunSpec;
use crate::arena::runner::play_block;
use crate::bots::profile;
use crate::cli::{MatchArgs, PlanArgs, StoppingArgs, usage};
use crate::games::{self, AnyGame};
use crate::stats::Tally;
use crate::stats::hypothesis::{Sprt, SprtDecision};
use crate::stats::intervals::{wilson, z_for};
use crate::with_game;

/// One validated experiment on one game.
#[derive(Debug)]
pub struct Plan {
    pub game: AnyGame,
    pub rules_file: Option<PathBuf>,
    pub spec: RunSpec,
    pub stopping: Option<Stopping>,
}

/// A validated stopping rule (see [`StoppingArgs`]).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Stopping {
    pub until_ci: Option<f64>,
    pub sprt: Option<SprtPlan>,
    /// Matches between checks.
    pub check_every: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SprtPlan {
    pub p0: f64,
    pub p1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl SprtPlan {
    pub fn test(&self) -> Sprt {
        Sprt { p0: self.p0, p1: self.p1, alpha: self.alpha, beta: self.beta }
    }
}

impl Stopping {
    /// Why the run should stop now, if it should: checked on seat 0 (the first to move).
    pub fn reason(&self, tally: &Tally) -> Option<String> {
        let seat = &tally.seats[0];
        if let Some(width) = self.until_ci {
            let (lo, hi) = wilson(seat.win_shares(), seat.matches, 0.95);
            if hi - lo <= width {
                return Some(format!(
                    "seat 0's 95% interval [{lo:.6}, {hi:.6}] is at most {width} wide"
                ));
            }
        }
        if let Some(sprt) = self.sprt {
            let test = sprt.test();
            match test.decide(seat.win_shares(), seat.matches) {
                SprtDecision::AcceptH0 => {
                    return Some(format!("SPRT accepted H0 (p = {})", sprt.p0));
                }
                SprtDecision::AcceptH1 => {
                    return Some(format!("SPRT accepted H1 (p = {})", sprt.p1));
                }
                SprtDecision::Continue => {}
            }
        }
        None
    }
}

/// One part of a plan, for spreading a run over machines: shard `index` of `count` plays a
/// contiguous range of whole deal groups; `arena merge` adds the shards' tallies into exactly
/// the files the whole run would have written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The matches `[first, end)` of this shard.
    pub fn range(&self, matches: u64, group: u64) -> (u64, u64) {
        let groups = matches.div_ceil(group);
        let first = groups * self.index / self.count * group;
        let end = (groups * (self.index + 1) / self.count * group).min(matches);
        (first.min(matches), end)
    }
}

/// `--shard I/K`: shard I (0-based) of K.
pub fn parse_shard(text: Option<&str>) -> anyhow::Result<Option<Shard>> {
    let Some(text) = text else { return Ok(None) };
    let bad = || usage(format!("--shard must be I/K with 0 <= I < K (e.g. 0/4), got `{text}`"));
    let (i, k) = text.split_once('/').ok_or_else(bad)?;
    let (index, count): (u64, u64) =
        (i.trim().parse().map_err(|_| bad())?, k.trim().parse().map_err(|_| bad())?);
    if count == 0 || index >= count {
        return Err(bad());
    }
    Ok(Some(Shard { index, count }))
}

/// Validate the stopping flags; `None` when no rule was asked for.
pub fn parse_stopping(args: &StoppingArgs) -> anyhow::Result<Option<Stopping>> {
    if args.until_ci.is_none() && args.sprt.is_none() {
        return Ok(None);
    }
    if let Some(w) = args.until_ci
        && !(w > 0.0 && w <= 1.0)
    {
        return Err(usage(format!("--until-ci must be a width between 0 and 1, got {w}")));
    }
    let sprt = match &args.sprt {
        None => None,
        Some(text) => {
            let parts: Vec<&str> = text.split(',').map(str::trim).collect();
            let parsed: Vec<f64> = parts.iter().filter_map(|p| p.parse().ok()).collect();
            let [p0, p1] = parsed[..] else {
                return Err(usage(format!(
                    "--sprt needs two win shares P0,P1 (e.g. 0.5,0.55), got `{text}`"
                )));
            };
            if parts.len() != 2 || !(0.0 < p0 && p0 < 1.0 && 0.0 < p1 && p1 < 1.0) || p0 == p1 {
                return Err(usage(format!(
                    "--sprt needs two different win shares strictly between 0 and 1, got `{text}`"
                )));
            }
            for (name, v) in [("--sprt-alpha", args.sprt_alpha), ("--sprt-beta", args.sprt_beta)] {
                if !(v > 0.0 && v < 0.5) {
                    return Err(usage(format!("{name} must be between 0 and 0.5, got {v}")));
                }
            }
            Some(SprtPlan { p0, p1, alpha: args.sprt_alpha, beta: args.sprt_beta })
        }
    };
    if args.check_every == 0 {
        return Err(usage("--check-every must be at least 1"));
    }
    Ok(Some(Stopping { until_ci: args.until_ci, sprt, check_every: args.check_every }))
}

/// Validate the match-defining flags for `game_name`.
pub fn plan_for(game_name: &str, args: &MatchArgs, matches: u64) -> anyhow::Result<Plan> {
    let game = games::build(game_name, args.rules.as_deref(), &args.sets).map_err(usage)?;
    let seats = game.seats();
    let players = args.players.unwrap_or_else(|| game.default_players());
    if !seats.contains(&players) {
        return Err(usage(format!(
            "{} is for {} to {} players, not {players}",
            game.name(),
            seats.start(),
            seats.end()
        )));
    }
    let lineup = profile::parse_lineup(&args.bots, players).map_err(usage)?;
    Ok(Plan {
        game,
        rules_file: args.rules.clone(),
        spec: RunSpec { players, lineup, matches, seed: args.seed, seating: args.seating },
        stopping: None,
    })
}

/// `--matches`: a positive whole number (underscores allowed: 1_000_000); `default` when
/// absent.
pub fn parse_matches(text: Option<&str>, default: u64) -> anyhow::Result<u64> {
    let Some(text) = text else { return Ok(default) };
    let cleaned = text.trim().replace('_', "");
    match cleaned.parse::<i128>() {
        Ok(n) if n >= 1 && n <= u64::MAX as i128 => Ok(n as u64),
        Ok(n) => Err(usage(format!("--matches must be at least 1, got {n}"))),
        Err(_) => Err(usage(format!("--matches must be a positive whole number, got `{text}`"))),
    }
}

/// The thread count: default all cores; 0 is refused.
pub fn parse_threads(threads: Option<usize>) -> anyhow::Result<usize> {
    match threads {
        Some(0) => Err(usage("--threads must be at least 1")),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)),
    }
}

/// Prepare an output folder: it must be new or empty, and writable. Returns whether this
/// call created it (so a failure can remove it again).
pub fn prepare_out_dir(dir: &Path) -> anyhow::Result<bool> {
    let existed = dir.exists();
    if existed {
        if !dir.is_dir() {
            return Err(usage(format!("output folder {} is a file", dir.display())));
        }
        let mut entries = std::fs::read_dir(dir)
            .map_err(|e| usage(format!("cannot read output folder {}: {e}", dir.display())))?;
        if entries.next().is_some() {
            return Err(usage(format!(
                "output folder {} already holds files; choose a new --out or empty it",
                dir.display()
            )));
        }
    } else {
        std::fs::create_dir_all(dir)
            .map_err(|e| usage(format!("cannot create output folder {}: {e}", dir.display())))?;
    }
    let probe = dir.join(".arena-write-probe");
    if let Err(e) = std::fs::write(&probe, b"") {
        if !existed {
            let _ = std::fs::remove_dir(dir);
        }
        return Err(usage(format!("output folder {} is not writable: {e}", dir.display())));
    }
    let _ = std::fs::remove_file(&probe);
    Ok(!existed)
}

/// UTC timestamp for default folder names: 20261122-031500.
pub fn timestamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}{m:02}{d:02}-{:02}{:02}{:02}", rest / 3600, rest % 3600 / 60, rest % 60)
}

/// `arena plan`: a pilot run, then for each seat the matches a 95% interval of the asked
/// width needs (normal approximation to the Wilson width, 2·z·sqrt(p(1-p)/n)), and the time
/// at the pilot's speed.
pub fn plan_command(args: PlanArgs) -> anyhow::Result<()> {
    let m = &args.matches_of;
    let Some(name) = &m.game else {
        return Err(usage("plan needs --game"));
    };
    if !(args.ci > 0.0 && args.ci <= 1.0) {
        return Err(usage(format!("--ci must be a width between 0 and 1, got {}", args.ci)));
    }
    if args.pilot < 10 {
        return Err(usage("--pilot must be at least 10 matches"));
    }
    let threads = parse_threads(args.threads)?;
    let plan = plan_for(name, m, args.pilot)?;
    let spec = &plan.spec;
    let group = spec.seating.group_size(spec.players);
    let pilot = args.pilot.div_ceil(group) * group;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let started = Instant::now();
    let block = pool.install(|| with_game!(&plan.game, g => play_block(g, spec, 0, pilot, false)));
    let seconds = started.elapsed().as_secs_f64().max(1e-6);
    let rate = pilot as f64 / seconds;
    let z = z_for(0.95);
    let needed = |p: f64| ((2.0 * z / args.ci).powi(2) * p * (1.0 - p)).ceil().max(1.0) as u64;
    println!(
        "{}: pilot of {pilot} matches ({} players, bots {}, seed {}) in {seconds:.2} s on {threads} threads: {rate:.0} matches/s",
        plan.game.name(),
        spec.players,
        spec.lineup.iter().map(|b| b.label.as_str()).collect::<Vec<_>>().join(","),
        spec.seed
    );
    println!("for a 95% win-share interval {} wide (normal approximation to Wilson):", args.ci);
    let mut most = 0;
    for seat in 0..spec.players {
        let t = &block.tally.seats[seat];
        let (lo, hi) = wilson(t.win_shares(), t.matches, 0.95);
        let n = needed(t.win_rate()).div_ceil(group) * group;
        most = most.max(n);
        println!(
            "  seat {seat}: pilot win share {:.4} [{lo:.4}, {hi:.4}] (n={}) -> {n} matches",
            t.win_rate(),
            t.matches
        );
    }
    let worst = needed(0.5).div_ceil(group) * group;
    println!(
        "plan: {most} matches, about {} at this speed (worst case p = 0.5: {worst} matches, {})",
        duration_text(most as f64 / rate),
        duration_text(worst as f64 / rate)
    );
    println!(
        "run:  arena run --game {} --matches {most} --seed {} (or --until-ci {} to stop when reached)",
        plan.game.name(),
        spec.seed,
        args.ci
    );
    Ok(())
}

fn duration_text(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 5400.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_must_be_positive() {
        assert_eq!(parse_matches(Some("1_000"), 5).unwrap(), 1000);
        assert_eq!(parse_matches(None, 5).unwrap(), 5);
        assert!(parse_matches(Some("0"), 5).unwrap_err().to_string().contains("at least 1"));
        assert!(parse_matches(Some("-5"), 5).unwrap_err().to_string().contains("at least 1"));
        assert!(parse_matches(Some("lots"), 5).unwrap_err().to_string().contains("whole number"));
    }

    #[test]
    fn shards_cover_every_group_once() {
        for (matches, group, count) in [(100u64, 3u64, 4u64), (7, 2, 3), (5, 6, 2), (1000, 1, 7)] {
            let mut next = 0;
            for index in 0..count {
                let (a, b) = Shard { index, count }.range(matches, group);
                assert_eq!(a, next);
                assert!(a.is_multiple_of(group) && b >= a);
                next = b;
            }
            assert_eq!(next, matches);
        }
        assert!(parse_shard(Some("4/4")).is_err());
        assert_eq!(parse_shard(Some("1/4")).unwrap(), Some(Shard { index: 1, count: 4 }));
    }

    #[test]
    fn timestamp_shape() {
        let t = timestamp();
        assert_eq!(t.len(), 15);
        assert!(t.starts_with("20"));
    }
}
