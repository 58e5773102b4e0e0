//! `arena sweep` (and `arena run --experiment FILE` when the file varies something): turn
//! the flags and the experiment file into a [`SweepRequest`], let the session validate and
//! play it, and print one line per variant.

use std::path::PathBuf;

use clap::Args;

use crate::cli::{MatchArgs, Status};
use crate::core::layout::{FolderKind, SWEEP_FILE};
use crate::output::console::say;
use crate::session::SweepResult;
use crate::session::sweep::read_variants_file;
use crate::session::sweep::run::resume_sweep;
use crate::session::{
    Execution, ExperimentFile, MAX_VARIANTS, RequestFlags, Shard, Sweep, SweepRequest, input,
    input_records, parse_matches, parse_threads, run_sweep, signals,
};
use crate::stats::sweep_verdict::more::MoreMatches;
use crate::stats::verdict::{grouped, round_count};
use crate::stats::verdict_flags::VerdictFlags;

#[derive(Args, Debug, Default)]
pub struct SweepArgs {
    #[command(flatten)]
    pub matches_of: MatchArgs,
    /// Vary one rule parameter (repeatable; several give their grid): a list
    /// `value_12=4,6,8`, an inclusive range `value_11=2..12` or `value_11=2..12:2`.
    #[arg(long, value_name = "KEY=VALUES")]
    pub vary: Vec<String>,
    /// An explicit list of variants: a TOML file of `[[variant]]` tables of `key = value`.
    #[arg(long, value_name = "FILE", conflicts_with = "vary")]
    pub variants: Option<PathBuf>,
    /// One variant of an explicit list, its settings comma-separated (repeatable, in order):
    /// `--variant value_11=6,value_12=8 --variant value_12=12`. A sweep of a variants file is
    /// rerun this way, with no file to send along.
    #[arg(long = "variant", value_name = "KEY=VALUE,...", conflicts_with_all = ["vary", "variants"])]
    pub variant: Vec<String>,
    /// The variant the others are compared with (`key=value[,key=value]`); default: the
    /// base rules (played as a variant of its own if no variant has them).
    #[arg(long, value_name = "KEY=VALUE")]
    pub baseline: Option<String>,
    /// Refuse a sweep of more variants than this [default: 1000].
    #[arg(long)]
    pub max_variants: Option<usize>,
    /// Matches per variant (default 100000).
    #[arg(long)]
    pub matches: Option<String>,
    /// Worker threads (default: all cores). Never changes any result.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default a new results/sweep-<game>-<timestamp>); new or empty.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Play only shard I of K of every variant; combine the folders with `arena merge`.
    #[arg(long, value_name = "I/K")]
    pub shard: Option<String>,
    /// No progress bar and no summary on stdout.
    #[arg(long)]
    pub quiet: bool,
    /// Also print how each line of the conclusion was decided: its tests, levels and
    /// sample (as the sweep's verdict.txt says it).
    #[arg(long, short = 'v')]
    pub explain: bool,
    /// Take every key from an experiment file (TOML); flags given here override its keys.
    #[arg(long, value_name = "FILE")]
    pub experiment: Option<PathBuf>,
    /// Do not write report.html at the end (`arena report DIR` writes it later).
    #[arg(long)]
    pub no_report: bool,
    #[command(flatten)]
    pub verdict: VerdictFlags,
    /// Continue the sweep in DIR (paused by a stop signal, or killed) from its checkpoint,
    /// to the same bytes as an uninterrupted sweep; the sweep comes from DIR/sweep.json.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// Pause after this many seconds at the next block boundary, leaving a checkpoint
    /// (exit code 4); continue later with --resume, as `arena run --time-limit` does.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

/// The only flags `--resume` takes: the sweep itself comes from its folder (a larger
/// `--matches` extends it).
const RESUME_FLAGS: [&str; 6] =
    ["--resume", "--threads", "--quiet", "--no-report", "--time-limit", "--matches"];

/// `--time-limit`, checked: a number of seconds, zero or more.
pub fn check_time_limit(t: Option<f64>) -> anyhow::Result<Option<f64>> {
    match t {
        Some(t) if !(t >= 0.0 && t.is_finite()) => {
            Err(input(format!("--time-limit must be a number of seconds, got {t}")))
        }
        _ => Ok(t),
    }
}

/// Refuse any flag besides `allowed` with `--resume` (it would be silently ignored).
pub fn check_resume_flags(
    command_line: &[String],
    allowed: &[&str],
    file: &str,
) -> anyhow::Result<()> {
    let given = command_line.iter().skip(2).filter(|a| a.starts_with("--"));
    for flag in given {
        let name = flag.split('=').next().unwrap_or(flag);
        if !allowed.contains(&name) {
            return Err(input(format!(
                "{name} cannot be given with --resume (the work is read from its folder's {file}); allowed: {}",
                allowed.join(", ")
            )));
        }
    }
    Ok(())
}

/// The sweep the flags (over the experiment file, if any) ask for.
pub fn sweep_request(args: &SweepArgs) -> anyhow::Result<(SweepRequest, Option<PathBuf>, usize)> {
    let mut flags: RequestFlags = args.matches_of.flags();
    flags.matches = args.matches.as_deref().map(|m| parse_matches(Some(m), 1)).transpose()?;
    flags.shard = args.shard.as_deref().map(Shard::parse).transpose()?;
    flags.verdict = args.verdict;
    let file = match &args.experiment {
        Some(path) => ExperimentFile::read(path)?,
        None => ExperimentFile::default(),
    };
    file.fill(&mut flags);
    if flags.per_match {
        return Err(input(
            "per_match is not available in a sweep (each variant writes its usual tallies)",
        ));
    }
    let origin = args.experiment.as_ref().map_or(String::new(), |p| p.display().to_string());
    let (vary, variants) = if !args.vary.is_empty() {
        (args.vary.clone(), Vec::new())
    } else if let Some(path) = &args.variants {
        (Vec::new(), read_variants_file(path)?)
    } else if !args.variant.is_empty() {
        let settings = |v: &String| v.split(',').map(|s| s.trim().to_string()).collect();
        (Vec::new(), args.variant.iter().map(settings).collect())
    } else {
        (file.vary.clone(), file.variants(&origin)?)
    };
    let request = SweepRequest {
        request: flags.request(flags.matches.unwrap_or(100_000)),
        vary,
        variants,
        baseline: args.baseline.clone().or(file.baseline.clone()),
        max_variants: args.max_variants.or(file.max_variants).unwrap_or(MAX_VARIANTS),
        inputs: input_records(
            [("experiment", &args.experiment), ("variants", &args.variants)]
                .into_iter()
                .filter_map(|(what, p)| Some((what.to_string(), p.clone()?))),
        ),
    };
    let threads = parse_threads(args.threads.or(file.threads))?;
    Ok((request, args.out.clone().or(file.out.clone()), threads))
}

pub fn sweep_command(args: SweepArgs, command_line: &[String]) -> anyhow::Result<Status> {
    let time_limit = check_time_limit(args.time_limit)?;
    let exec = |threads| Execution {
        threads,
        per_match: false,
        quiet: args.quiet,
        command_line: command_line.to_vec(),
        time_limit,
        inputs: Default::default(),
    };
    // SIGTERM/SIGINT pause the sweep with a checkpoint (exit 4).
    let install =
        || signals::install().map_err(|e| anyhow::anyhow!("cannot install signal handlers: {e}"));
    let result = match &args.resume {
        Some(dir) => {
            check_resume_flags(command_line, &RESUME_FLAGS, SWEEP_FILE)?;
            let threads = parse_threads(args.threads)?;
            install()?;
            let matches = args.matches.as_deref().map(|m| parse_matches(Some(m), 1)).transpose()?;
            resume_sweep(dir, &exec(threads), matches)?
        }
        None => {
            let (request, out, threads) = sweep_request(&args)?;
            let sweep = Sweep::new(request, out)?;
            install()?;
            run_sweep(&sweep, &exec(threads))?
        }
    };
    if let Some(paused) = result.paused {
        if !args.quiet {
            crate::outln!(
                "{} sweep paused at match {} of every variant ({}); continue with `{}`",
                result.meta.game,
                paused.at,
                paused.by.cause(),
                crate::session::folder::resume_line(FolderKind::Sweep, &result.root)
            );
        }
        return Ok(Status::Paused);
    }
    if !args.quiet {
        print_rows(&result, args.explain);
    }
    if !args.no_report {
        crate::cli::report::report_after(&result.root, args.quiet);
    }
    let failed = result.block.failures.iter().any(|f| !f.is_empty());
    Ok(if failed { Status::HadFailures } else { Status::Ok })
}

/// The sweep's answer first: the conclusion across the variants in its plain words, the
/// first line naming the sweep; then one short line per variant (its seat 0 share, its
/// length in the game's unit, the verdict's answer, seat 0's paired difference from the
/// baseline, which is named by its values: `value_12=10`), and where the files are. With
/// `explain`, the conclusion with its methods follows, and what the pairing removed. Every
/// line is wrapped to at most 100 characters.
fn print_rows(result: &SweepResult, explain: bool) {
    let meta = &result.meta;
    let per_variant = result.block.tallies.first().map_or(0, |t| t.matches);
    let said = meta.conclusion_said(&result.block, result.verdict, result.shard);
    let mut plain = said.iter().map(|s| s.plain.as_str());
    say(&format!(
        "{} sweep, {} players, bots {}: {}",
        meta.game,
        meta.players,
        bots_text(&meta.labels),
        plain.next().unwrap_or_default()
    ));
    for line in plain {
        say(&format!("  {line}"));
    }
    let b = meta.baseline;
    let baseline = meta.settings(b);
    let answers = result.answers();
    let unit = answers.length_unit;
    let margin = result.verdict.margin_pp();
    let names: Vec<String> = (0..meta.variants.len())
        .map(|v| if v == b { format!("{} (baseline)", meta.settings(v)) } else { meta.settings(v) })
        .collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    say(&format!(
        "  each variant against a margin of ±{margin} pp, on the same deals as {baseline}:"
    ));
    say(&format!(
        "    {:<width$}  {:>6}  {:>6}  {:<24}  seat 0 vs baseline",
        "variant", "seat 0", unit, "answer"
    ));
    let mut removed = Vec::new();
    let mut more = Vec::new();
    for (name, a) in names.iter().zip(&answers.variants) {
        match a.more {
            Some(MoreMatches::About(n)) => more.push(format!("{name} about {}", round_count(n))),
            Some(MoreMatches::Unaffordable) => more.push(format!("{name} none affordable")),
            None => {}
        }
        let against = match &a.against_baseline {
            None => String::new(),
            Some(d) => {
                removed.push(format!("{name}: {:.0}%", 100.0 * d.reduction));
                pp_with_interval(d.diff, d.ci)
            }
        };
        say(format!(
            "    {name:<width$}  {:>5.1}%  {:>6.1}  {:<24}  {against}",
            100.0 * a.seat0_share,
            a.mean_length,
            a.words
        )
        .trim_end());
    }
    if !more.is_empty() {
        // Each variant's own answer (at 5%, as its verdict.txt): the table's column.
        say(&format!(
            "  more matches that would tell each open answer (a chance of 80%): {}",
            more.join(", ")
        ));
    }
    say(&format!(
        "  {} variants x {} matches, seed {}, {:.1} s -> {}",
        meta.variants.len(),
        grouped(per_variant),
        meta.seed,
        result.elapsed_seconds,
        result.root.display()
    ));
    if explain {
        say("  how this was decided:");
        for line in &said {
            say(&format!("    {}", line.whole));
        }
        say(&format!(
            "    seat 0's paired differences: the pairing (same deals) removed this share of their variance: {}",
            removed.join(", ")
        ));
    } else {
        say("the method behind each line: `--explain`, or the sweep's verdict.txt");
    }
}

/// A difference of shares in percentage points with its interval, rounded to what the
/// interval supports: one decimal when the interval is wider than a point, two otherwise.
pub fn pp_with_interval(diff: f64, ci: (f64, f64)) -> String {
    let width = 100.0 * (ci.1 - ci.0);
    let digits = if width >= 1.0 { 1 } else { 2 };
    // A figure that rounds to zero has no direction: "0.0", not "-0.0" or "+0.0".
    let signed = |v: f64| {
        let text = format!("{:+.digits$}", 100.0 * v);
        if text[1..].chars().all(|c| c == '0' || c == '.') { text[1..].to_string() } else { text }
    };
    format!("{} pp [{}, {}]", signed(diff), signed(ci.0), signed(ci.1))
}

/// The lineup as `--bots` takes it: one name when every seat has the same bot.
pub fn bots_text(labels: &[String]) -> String {
    match labels.first() {
        Some(first) if labels.iter().all(|l| l == first) => first.clone(),
        _ => labels.join(","),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_difference_that_rounds_to_zero_has_no_sign() {
        assert_eq!(super::pp_with_interval(-0.0002, (-0.007, 0.006)), "0.0 pp [-0.7, +0.6]");
        assert_eq!(super::pp_with_interval(0.0026, (-0.0045, 0.0022)), "+0.26 pp [-0.45, +0.22]");
    }
}
