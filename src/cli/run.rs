//! `arena run` and `arena merge`: turn the flags into an experiment, let the run engine play
//! it (or merge shards), and print what happened.

use std::path::Path;

use crate::cli::report::report_after;
use crate::cli::sweep::{SweepArgs, check_time_limit, sweep_command};
use crate::cli::{MergeArgs, RunArgs, Status};
use crate::core::layout::SHARD_TALLY;
use crate::core::layout::VERDICT_TXT;
use crate::session::ladder::{is_ladder_dir, merge_ladder};
use crate::session::{
    Execution, Experiment, ExperimentFile, GameRun, RunEnd, RunResult, RunSummary, Shard, input,
    input_records, is_sweep_shard, merge, merge_sweep, parse_matches, parse_threads, run, signals,
};
use crate::stats::Tally;
use crate::stats::intervals::{normal_mean, wilson};
use crate::stats::tally::LENGTH_MEASURES;

pub fn run_command(args: RunArgs, command_line: &[String]) -> anyhow::Result<Status> {
    let threads = parse_threads(args.threads)?;
    check_time_limit(args.time_limit)?;
    if let Some(path) = &args.experiment
        && ExperimentFile::read(path)?.is_sweep()
    {
        return sweep_from_run(args, command_line);
    }
    let mut flags = args.matches_of.flags();
    if args.luck {
        flags.bots = Some(luck_lineup(&args.matches_of)?);
    }
    args.stopping.add_to(&mut flags);
    let file = args.experiment.as_deref().map(ExperimentFile::read).transpose()?;
    flags.shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    flags.per_match = args.per_match;
    flags.skill_matches = args.skill_matches;
    flags.fair_within = args.fair_within;
    // Every plan is validated here, before any folder is created.
    let experiment = match &args.resume {
        Some(dir) => {
            let dir = match (dir, &args.out) {
                (None, Some(out)) => out.clone(),
                (None, None) => {
                    return Err(input("--resume needs the folder of the run: `--resume DIR`"));
                }
                (Some(dir), Some(out)) if out != dir => {
                    return Err(input(format!(
                        "--resume {} and --out {} name different folders",
                        dir.display(),
                        out.display()
                    )));
                }
                (Some(dir), _) => dir.clone(),
            };
            flags.matches =
                args.matches.as_deref().map(|m| parse_matches(Some(m), 1)).transpose()?;
            Experiment::resume(&dir, &flags)?
        }
        None => {
            flags.matches =
                args.matches.as_deref().map(|m| parse_matches(Some(m), 1)).transpose()?;
            if let Some(file) = &file {
                file.fill(&mut flags);
            }
            let stopping = flags.until_ci.is_some() || flags.sprt.is_some();
            // The default experiment answers its question and stops: every game plays until
            // its balance verdict is decided, at most --matches (default 500,000) each.
            let default_experiment = flags.game.is_none() && flags.rules.is_none();
            if default_experiment && !stopping {
                flags.until_decided.get_or_insert(true);
            }
            let explicit = stopping || (flags.until_decided == Some(true) && !default_experiment);
            let default_matches = match (explicit, flags.until_decided) {
                (true, _) => 10_000_000,
                // Six of the seven games decide within it, in 10 to 30 s on 2 cores (quiet or loaded).
                (false, Some(true)) => DEFAULT_EXPERIMENT_CAP,
                (false, _) => 100_000,
            };
            let matches = flags.matches.unwrap_or(default_matches);
            let out = args.out.clone().or_else(|| file.as_ref().and_then(|f| f.out.clone()));
            let mut experiment = Experiment::new(flags.request(matches), out)?;
            let named = args.experiment.iter().map(|p| ("experiment".to_string(), p.clone()));
            experiment.inputs = input_records(named);
            experiment
        }
    };
    let threads = match (&args.threads, &file) {
        (None, Some(f)) if f.threads.is_some() => parse_threads(f.threads)?,
        _ => threads,
    };
    let exec = Execution {
        threads,
        per_match: experiment.request.per_match,
        quiet: args.quiet,
        command_line: command_line.to_vec(),
        time_limit: args.time_limit,
        inputs: experiment.inputs.clone(),
    };
    let quiet = exec.quiet;
    // SIGTERM/SIGINT pause the run with a checkpoint (exit 4); a second one stops at once.
    signals::install().map_err(|e| anyhow::anyhow!("cannot install signal handlers: {e}"))?;
    let result = run(&experiment, &exec, |done| {
        if !quiet {
            print_game(done);
        }
    })?;
    if !quiet {
        print_skill(&result.skill);
        if let Some(hint) = more_hint(&result) {
            crate::outln!("{hint}");
        }
    }
    // The report reads the finished folder; a paused run has nothing final to show yet.
    if !args.no_report && !matches!(result.end, RunEnd::Paused { .. } | RunEnd::SkillPaused) {
        report_after(&result.root, quiet);
    }
    Ok(match result.end {
        RunEnd::Complete => Status::Ok,
        RunEnd::HadFailures => Status::HadFailures,
        RunEnd::Paused { at } => {
            if !quiet {
                let game = result.games.last().map_or("", |g| g.game);
                let why = if signals::stop_requested() { "stop signal" } else { "--time-limit" };
                crate::outln!(
                    "{game}: paused at match {at} ({why}); continue with `arena run --resume {}`",
                    result.root.display()
                );
            }
            Status::Paused
        }
        RunEnd::SkillPaused => {
            if !quiet {
                crate::outln!(
                    "skill check paused (stop signal); continue with `arena run --resume {}`",
                    result.root.display()
                );
            }
            Status::Paused
        }
    })
}

/// The skill check's figures, from each ladder's verdict: the rating of greedy over random,
/// the upset share, and seat 0's share when every seat plays greedy.
fn print_skill(skill: &[(String, std::path::PathBuf)]) {
    if skill.is_empty() {
        return;
    }
    crate::outln!(
        "skill check (a random-vs-greedy ladder per game; `arena ladder` adds MCTS rungs):"
    );
    for (game, dir) in skill {
        let verdict = std::fs::read_to_string(dir.join(VERDICT_TXT)).unwrap_or_default();
        let lines: Vec<&str> = verdict.lines().collect();
        let pick = |start: &str| lines.iter().find(|l| l.starts_with(start)).copied();
        crate::outln!("{game}: -> {}", dir.display());
        for line in [
            lines.first().copied(),
            lines.get(1).copied(),
            pick("The weaker"),
            pick("First-player edge with every seat played by greedy"),
        ]
        .into_iter()
        .flatten()
        {
            crate::outln!("  {line}");
        }
        for line in crate::session::ladder::skill::skill_lines(dir) {
            crate::outln!("  {line}");
        }
    }
}

/// `--luck`: greedy and random alternating around the table, for the game and player count
/// the flags name (greedy in seat 0's slot; rotation puts every bot in every seat).
fn luck_lineup(m: &crate::cli::MatchArgs) -> anyhow::Result<String> {
    let Some(game) = &m.game else {
        return Err(input(
            "--luck is for one game: `arena run --game G --luck` (the default experiment's skill check prints seat, skill and luck for every game)",
        ));
    };
    if m.bots.is_some() {
        return Err(input("--luck chooses the bots (greedy against random): leave out --bots"));
    }
    if matches!(m.seating, Some(crate::cli::SeatingArg::Fixed)) {
        return Err(input(
            "--luck needs rotated (or permuted) seats: with fixed seats the seat and the bot cannot be told apart",
        ));
    }
    let entry = crate::games::entry(game).map_err(input)?;
    let rules = entry.configure(m.rules.as_deref(), &m.sets).map_err(input)?;
    let players = m.players.unwrap_or_else(|| rules.default_players());
    if players < 2 {
        return Err(input(
            "--luck needs at least 2 players: a solo game has no seats or bots to compare",
        ));
    }
    Ok((0..players)
        .map(|s| if s % 2 == 0 { "greedy" } else { "random" })
        .collect::<Vec<_>>()
        .join(","))
}

/// `arena run --experiment FILE` where the file varies something: the same as `arena sweep`.
fn sweep_from_run(args: RunArgs, command_line: &[String]) -> anyhow::Result<Status> {
    if args.per_match
        || args.skill_matches.is_some()
        || args.stopping.until_ci.is_some()
        || args.stopping.sprt.is_some()
        || args.stopping.until_decided.is_some()
    {
        return Err(input(
            "--experiment: this file is a sweep; --per-match, --skill-matches, --until-ci, --sprt and --until-decided are not available in sweeps",
        ));
    }
    let sweep = SweepArgs {
        matches_of: args.matches_of,
        matches: args.matches,
        threads: args.threads,
        out: args.out,
        shard: args.shard,
        quiet: args.quiet,
        experiment: args.experiment,
        time_limit: args.time_limit,
        ..SweepArgs::default()
    };
    sweep_command(sweep, command_line)
}

fn print_game(done: &GameRun) {
    match &done.summary {
        None => crate::outln!("{}: already complete in {}", done.game, done.out.display()),
        Some(s) if s.paused_at.is_some() => {}
        Some(s) => print_summary(done.game, s, &done.out),
    }
}

/// The command that plays the matches the verdicts ask for ("about 12,000 more matches would
/// tell"): one `--resume --matches N` extends every game of the run, so N is the most any
/// game needs. None when no verdict asks, or when the run cannot grow (a shard, a stopping
/// rule's run, a last deal group cut short).
fn more_hint(result: &RunResult) -> Option<String> {
    if !matches!(result.end, RunEnd::Complete | RunEnd::HadFailures) {
        return None;
    }
    let wanted = result.games.iter().filter_map(|g| {
        let s = g.summary.as_ref()?;
        let more = more_matches(&s.verdict)?;
        let played = s.tally.matches + s.failures.len() as u64;
        let group = s.spec.seating.group_size(s.spec.players);
        // A stopping rule's run (stopped, or its target unmet at the cap) had its cap as its
        // plan; one played until decided cannot grow at all.
        let grows = s.stopped.is_none() && s.unmet.is_none() && !g.out.join(SHARD_TALLY).exists();
        (grows && played.is_multiple_of(group)).then_some(played + more)
    });
    let total = wanted.max()?;
    Some(format!(
        "to play the matches the verdict asks for: arena run --resume {} --matches {total}",
        result.root.display()
    ))
}

/// The default experiment's cap per game when it plays until each verdict is decided.
pub const DEFAULT_EXPERIMENT_CAP: u64 = 500_000;

/// The count in a verdict's "about 12,000 more matches would tell ...", if it says one.
fn more_matches(verdict: &str) -> Option<u64> {
    let (_, after) = verdict.split_once("about ")?;
    let (count, _) = after.split_once(" more matches would tell")?;
    count.replace(',', "").parse().ok()
}

/// `arena merge`: the shards' folders into the files of the whole run.
pub fn merge_command(args: MergeArgs, command_line: &[String]) -> anyhow::Result<Status> {
    if args.shards.first().is_some_and(|d| is_ladder_dir(d)) {
        let merged = merge_ladder(&args.shards, &args.out, command_line)?;
        crate::outln!("merged {} ladder shards -> {}", args.shards.len(), args.out.display());
        if !args.no_report {
            report_after(&args.out, false);
        }
        return Ok(if merged.failures > 0 { Status::HadFailures } else { Status::Ok });
    }
    if args.shards.first().is_some_and(|d| is_sweep_shard(d)) {
        let merged = merge_sweep(&args.shards, &args.out, command_line)?;
        crate::outln!(
            "merged the shards of a {}-variant {} sweep -> {}",
            merged.meta.variants.len(),
            merged.meta.game,
            args.out.display()
        );
        if !args.no_report {
            report_after(&args.out, false);
        }
        let failed = merged.block.failures.iter().any(|f| !f.is_empty());
        return Ok(if failed { Status::HadFailures } else { Status::Ok });
    }
    let merged = merge(&args.shards, &args.out, command_line)?;
    crate::outln!(
        "merged {} shards: {} matches -> {}",
        merged.shards,
        merged.tally.matches,
        args.out.display()
    );
    print_verdict(&merged.verdict);
    if !args.no_report {
        report_after(&args.out, false);
    }
    Ok(if merged.failures.is_empty() { Status::Ok } else { Status::HadFailures })
}

/// The verdict, one `verdict:` line per line of `verdict.txt`, the same after `run` and
/// `merge`: the answer first (with different bots, which bot won: `verdict: bots: ...`), then
/// the seats; with one bot everywhere, the seats.
fn print_verdict(verdict: &str) {
    for line in verdict.lines() {
        crate::outln!("  verdict: {line}");
    }
}

/// How long a match lasts, in the game's own unit: the median and the 5-95% range.
fn length_line(tally: &Tally, unit: &str) -> Option<String> {
    let index = LENGTH_MEASURES.iter().position(|m| *m == unit)?;
    let h = &tally.lengths[index];
    let (median, p5, p95) = (h.quantile(0.5)?, h.quantile(0.05)?, h.quantile(0.95)?);
    Some(format!(
        "length: median {median} {unit}, 5-95% range {p5}-{p95} {unit} (n = {})",
        h.count()
    ))
}

fn print_summary(game: &str, s: &RunSummary, out: &Path) {
    let spec = &s.spec;
    let bots: Vec<&str> = spec.lineup.iter().map(|b| b.label.as_str()).collect();
    let changed = s.changes.as_ref().map_or(String::new(), |c| format!(" [{c}]"));
    crate::outln!(
        "{game}{changed}: {} matches, {} players, bots {}, seed {}, seating {}, {:.1} s ({:.0} matches/s) -> {}",
        s.tally.matches,
        spec.players,
        bots.join(","),
        spec.seed,
        spec.seating.name(),
        s.elapsed_seconds,
        s.tally.matches as f64 / s.elapsed_seconds.max(1e-9),
        out.display()
    );
    print_verdict(&s.verdict);
    if spec.players == 1 {
        // Solo (PP-15): the score, never a win share.
        let t = &s.tally.seats[0];
        let (lo, hi) = normal_mean(t.mean_score(), t.sd_score(), t.matches, 0.95);
        crate::outln!(
            "  seat 0: mean score {:.2} [{lo:.2}, {hi:.2}] (normal 95%, sd {:.2}, n={}); solo: no win share",
            t.mean_score(),
            t.sd_score(),
            t.matches
        );
    } else {
        for seat in 0..spec.players {
            let t = &s.tally.seats[seat];
            let (lo, hi) = wilson(t.win_shares(), t.matches, 0.95);
            // In percent with one decimal, as a person reads a share (seats.csv keeps
            // the full precision); a draw counts as a share of a win.
            crate::outln!(
                "  seat {seat}: win share {:.1}% [{:.1}, {:.1}] (Wilson 95%, n = {})",
                100.0 * t.win_rate(),
                100.0 * lo,
                100.0 * hi,
                t.matches
            );
        }
    }
    if let Some(line) = length_line(&s.tally, s.length_unit) {
        crate::outln!("  {line}");
    }
    for line in &s.decides {
        crate::outln!("  {line}");
    }
    crate::outln!("  capped {}, failed {}", s.tally.capped, s.failures.len());
    if !spec.lineup.iter().all(|b| b.is_reproducible()) {
        crate::outln!("  {}", crate::session::run::execute::NOT_REPRODUCIBLE);
    }
    if let Some(stop) = &s.stopped {
        crate::outln!("  stopped after {} matches: {}", stop.stopped_at, stop.reason);
    }
    if let Some(unmet) = &s.unmet {
        crate::outln!("  {unmet}");
    }
    if !s.failures.is_empty() {
        crate::outln!(
            "  {} matches panicked; see {}/failures.csv and replay one with `arena trace --match INDEX`",
            s.failures.len(),
            out.display()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::more_matches;

    #[test]
    fn the_count_is_read_only_where_the_verdict_gives_one() {
        let counted = "a real edge, ...; about 62,000 more matches would tell which (a chance \
                       of 80%, averaged over the true shares the matches so far allow) (exact \
                       binomial test; ...)";
        assert_eq!(more_matches(counted), Some(62_000));
        // A run played until decided cannot grow: its advice is a new run, not more matches.
        let fresh = "not enough ...; this run cannot grow: a new run of 76,000 matches \
                     (--until-decided=off) would tell which (a chance of 80%, ...) (...)";
        assert_eq!(more_matches(fresh), None);
        // An edge on the margin's edge: no count, so no command to play one.
        let stalled = "a real edge, ...; seat 0's edge (+1.00 pp) lies within 0.00 pp of the \
                       margin: no affordable number of matches (up to 1,000,000) tells which; at \
                       this n the data can decide a margin of ±1.6 pp (every seat within)";
        assert_eq!(more_matches(stalled), None);
    }
}
