//! `arena run` and `arena merge`: turn the flags into an experiment, let the run engine play
//! it (or merge shards), and print what happened.

use crate::cli::report::report_after;
use crate::cli::run_print::{Detail, print_game, print_skill, print_table, print_verdict};
use crate::cli::sweep::{SweepArgs, check_time_limit, sweep_command};
use crate::cli::{MergeArgs, RunArgs, Status};
use crate::core::flags::given;
use crate::core::layout::FolderKind;
use crate::core::layout::SHARD_TALLY;
use crate::output::console::say;
use crate::session::ladder::merge_ladder;
use crate::session::{
    Execution, Experiment, ExperimentFile, RunEnd, RunResult, Shard, input, input_records, merge,
    merge_sweep, parse_matches, parse_threads, run, signals,
};

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
    flags.stopping = args.stopping.clone();
    let file = args.experiment.as_deref().map(ExperimentFile::read).transpose()?;
    flags.shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    flags.per_match = args.per_match;
    flags.skill_matches = args.skill_matches;
    flags.verdict = args.verdict;
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
            let stopping = flags.stopping.on_seat_zero();
            // The default experiment answers its question and stops: every game plays until
            // its balance verdict is decided, at most --matches (default 500,000) each.
            let default_experiment = flags.game.is_none() && flags.rules.is_none();
            if default_experiment && !stopping {
                flags.stopping.until_decided.get_or_insert(true);
            }
            let decided = flags.stopping.until_decided;
            let explicit = stopping || (decided == Some(true) && !default_experiment);
            let default_matches = match (explicit, decided) {
                (true, _) => 10_000_000,
                // All games but one decide within it (Kuhn poker, the eighth, at once), in 10 to 30 s on 2 cores (quiet or loaded).
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
    let detail = Detail { explain: args.explain };
    let result = run(&experiment, &exec, |done| {
        if !quiet {
            print_game(done, detail);
        }
    })?;
    if !quiet {
        print_table(&result.games);
        print_skill(&result.skill, &result.games, detail);
        if let Some(hint) = more_hint(&result) {
            say(&hint);
        }
        if !detail.explain && result.games.iter().any(|g| g.summary.is_some()) {
            say("the method behind each answer: `--explain`, or verdict.txt in each game's folder");
        }
    }
    // The report reads the finished folder; a paused run has nothing final to show yet.
    if !args.no_report && !matches!(result.end, RunEnd::Paused { .. } | RunEnd::SkillPaused) {
        report_after(&result.root, quiet);
    }
    Ok(match result.end {
        RunEnd::Complete => Status::Ok,
        RunEnd::HadFailures => Status::HadFailures,
        RunEnd::Paused { at, by } => {
            if !quiet {
                let game = result.games.last().map_or("", |g| g.game);
                crate::outln!(
                    "{game}: paused at match {at} ({}); continue with `{}`",
                    by.cause(),
                    crate::session::folder::resume_line(
                        crate::core::layout::FolderKind::Run,
                        &result.root
                    )
                );
            }
            Status::Paused
        }
        RunEnd::SkillPaused => {
            if !quiet {
                crate::outln!(
                    "skill check paused (stop signal); continue with `{}`",
                    crate::session::folder::resume_line(
                        crate::core::layout::FolderKind::Run,
                        &result.root
                    )
                );
            }
            Status::Paused
        }
    })
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
    // A sweep plays every variant to its --matches: no stopping rule, and no flag that
    // only a run has.
    let mut refused: Vec<String> =
        given(&args.stopping).into_iter().map(|(flag, _)| flag).collect();
    refused.extend(args.per_match.then(|| "--per-match".to_string()));
    refused.extend(args.skill_matches.map(|_| "--skill-matches".to_string()));
    if !refused.is_empty() {
        return Err(input(format!(
            "--experiment: this file is a sweep, and a sweep takes no {} (no stopping rule, per-match rows or skill check)",
            refused.join(", ")
        )));
    }
    let sweep = SweepArgs {
        matches_of: args.matches_of,
        matches: args.matches,
        threads: args.threads,
        out: args.out,
        shard: args.shard,
        quiet: args.quiet,
        explain: args.explain,
        experiment: args.experiment,
        time_limit: args.time_limit,
        ..SweepArgs::default()
    };
    sweep_command(sweep, command_line)
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
    // The first shard's kind says which merge (each checks that every shard is its kind).
    let kind = args.shards.first().and_then(|d| FolderKind::of(d));
    if kind == Some(FolderKind::Ladder) {
        let merged = merge_ladder(&args.shards, &args.out, command_line)?;
        crate::outln!("merged {} ladder shards -> {}", args.shards.len(), args.out.display());
        if !args.no_report {
            report_after(&args.out, false);
        }
        return Ok(if merged.failures > 0 { Status::HadFailures } else { Status::Ok });
    }
    if kind == Some(FolderKind::Sweep) {
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
    say(&format!("  {}", merged.headline));
    print_verdict(&merged.verdict);
    if !args.no_report {
        report_after(&args.out, false);
    }
    Ok(if merged.failures.is_empty() { Status::Ok } else { Status::HadFailures })
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
