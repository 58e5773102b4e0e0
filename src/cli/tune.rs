//! `arena tune --game G` (a game with point values to tune; DARDZ by default): flags into a
//! [`TuneRequest`], the session measures, proposes, optionally searches and confirms; here we
//! print the table and the paired effects.

use std::path::PathBuf;

use clap::Args;

use crate::cli::sweep::{check_resume_flags, check_time_limit};
use crate::cli::{MatchArgs, Status};
use crate::session::signals;
use crate::session::tune::Objective;
use crate::session::tune::run::{TUNE_REQUEST, TuneRequest, resume_tune, run_tune};
use crate::session::{Execution, input, parse_matches, parse_threads};

#[derive(Args, Debug)]
pub struct TuneArgs {
    #[command(flatten)]
    pub matches_of: MatchArgs,
    /// Matches of the measurement (on --seed).
    #[arg(long, default_value = "100000")]
    pub matches: String,
    /// Matches of the confirmation (on --confirm-seed).
    #[arg(long, default_value = "100000")]
    pub confirm_matches: String,
    /// The confirmation's seed; must not be one the search used [default: --seed + 1000003].
    #[arg(long)]
    pub confirm_seed: Option<u64>,
    /// Allowed values of every tuned value (DARDZ: every number card), `LO..HI` (inclusive).
    #[arg(long, default_value = "1..20")]
    pub bounds: String,
    /// The total of the tuned values (DARDZ: the twelve number cards) [default: the current
    /// total].
    #[arg(long)]
    pub pool: Option<i64>,
    /// Also search values for an objective: `balance`, `length=TURNS` or
    /// `share:NUMBER=FRACTION` (SPSA with common random numbers; see README).
    #[arg(long)]
    pub objective: Option<String>,
    /// SPSA steps (two paired evaluations each, on seeds --seed + 1, + 2, ...).
    #[arg(long, default_value_t = 30)]
    pub iterations: u32,
    /// Matches per SPSA evaluation.
    #[arg(long, default_value = "20000")]
    pub step_matches: String,
    /// Worker threads (default: all cores). Never changes any result.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default a new results/tune-<game>-<timestamp>).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// No progress bar and no summary on stdout.
    #[arg(long)]
    pub quiet: bool,
    /// Continue the tuning in DIR (paused by a stop signal, or killed) to the same files as
    /// an uninterrupted run; the request comes from DIR/tune_request.json.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,
    /// Pause after this many seconds at the next block of the measurement's or the
    /// confirmation's sweep, leaving its state (exit code 4); continue later with --resume.
    /// The search, which saves nothing, is not paused by the limit (a signal pauses it, and
    /// a resume plays it again).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

/// A match count given by `flag` (parse_matches names --matches in its message).
fn count_flag(flag: &str, text: &str) -> anyhow::Result<u64> {
    parse_matches(Some(text), 1).map_err(|_| {
        input(format!("{flag} must be a whole number from 1 to {}, got `{text}`", u64::MAX))
    })
}

/// The tuning the flags ask for.
fn tune_request(args: &TuneArgs) -> anyhow::Result<TuneRequest> {
    let mut flags = args.matches_of.flags();
    // The first registered game with values to tune (DARDZ), as the registry says.
    if flags.game.is_none() {
        flags.game = crate::session::tune::tunable_games().first().map(|g| g.to_string());
    }
    let request = flags.request(parse_matches(Some(&args.matches), 1)?);
    Ok(TuneRequest {
        request,
        confirm_seed: args.confirm_seed,
        confirm_matches: count_flag("--confirm-matches", &args.confirm_matches)?,
        bounds: parse_bounds(&args.bounds)?,
        pool: args.pool,
        objective: args.objective.as_deref().map(Objective::parse).transpose()?,
        iterations: args.iterations,
        step_matches: count_flag("--step-matches", &args.step_matches)?,
    })
}

fn parse_bounds(text: &str) -> anyhow::Result<(i64, i64)> {
    let bad = || input(format!("--bounds must be LO..HI with LO <= HI (e.g. 1..20), got `{text}`"));
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let (a, b): (i64, i64) =
        (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
    if a > b || a < -100 || b > 100 {
        return Err(bad());
    }
    Ok((a, b))
}

pub fn tune_command(args: TuneArgs, command_line: &[String]) -> anyhow::Result<Status> {
    let threads = parse_threads(args.threads)?;
    let exec = Execution {
        threads,
        per_match: false,
        quiet: args.quiet,
        command_line: command_line.to_vec(),
        time_limit: check_time_limit(args.time_limit)?,
        inputs: Default::default(),
    };
    let quiet = args.quiet;
    let on_step = |s: &crate::session::tune::SpsaStep| {
        if !quiet {
            crate::errln!(
                "SPSA step {}: loss {:.3} (+) vs {:.3} (-) on seed {}",
                s.iteration,
                s.loss_plus,
                s.loss_minus,
                s.seed
            );
        }
    };
    let install =
        || signals::install().map_err(|e| anyhow::anyhow!("cannot install signal handlers: {e}"));
    let result = if let Some(dir) = &args.resume {
        let allowed = ["--resume", "--threads", "--quiet", "--time-limit"];
        check_resume_flags(command_line, &allowed, TUNE_REQUEST)?;
        install()?;
        resume_tune(dir, &exec, on_step)?
    } else {
        let tune = tune_request(&args)?;
        // SIGTERM/SIGINT pause the tuning at a sweep's checkpoint or between search steps.
        install()?;
        run_tune(&tune, args.out.clone(), &exec, on_step)?
    };
    if let Some((step, by)) = result.paused_in {
        if !quiet {
            crate::outln!(
                "{} tune paused in its {step} ({}); continue with `{}`",
                result.tuned.game,
                by.cause(),
                crate::session::folder::resume_line(
                    crate::core::layout::FolderKind::Tune,
                    &result.root
                )
            );
        }
        return Ok(Status::Paused);
    }
    if quiet {
        return Ok(Status::Ok);
    }
    let c = &result.confirm;
    let meta = &c.meta;
    let tuned = &result.tuned;
    crate::outln!(
        "{} tune, {} players, bots {} ({:.1} s) -> {}",
        tuned.game,
        meta.players,
        crate::cli::sweep::bots_text(&meta.labels),
        result.seconds,
        result.root.display()
    );
    crate::outln!(
        "  {:>6}  current  proposed{}  {}",
        tuned.model.item(),
        if result.searched.is_some() { "  objective" } else { "" },
        tuned.model.rate_words().heading
    );
    for i in 0..result.current.len() {
        let searched = result.searched.as_ref().map_or(String::new(), |s| format!("  {:>9}", s[i]));
        crate::outln!(
            "  {:>6}  {:>7}  {:>8}{searched}  {:.4}",
            i + 1,
            result.current[i],
            result.principle[i],
            result.difficulty[i]
        );
    }
    // Beside the objective's column: whether the search could tell its values apart.
    if let Some(warning) = result.said.as_ref().and_then(|s| s.warning()) {
        crate::output::console::say(&format!("  {warning}"));
    }
    crate::outln!(
        "  confirmation on seed {} ({} matches per variant, paired against the current values; confirm/sweep_diff.csv; seat balance against ±{} pp):",
        meta.seed,
        meta.matches,
        c.verdict.margin_pp()
    );
    for variant in &result.confirmed {
        if variant.is_baseline {
            crate::outln!("    {}: {}", variant.role, variant.balance);
            continue;
        }
        let parts: Vec<String> = variant
            .differences
            .iter()
            .map(|(name, d, (lo, hi))| format!("{name} {d:+.2} [{lo:+.2}, {hi:+.2}]"))
            .collect();
        crate::outln!(
            "    {}: {}; {} (win shares in pp)",
            variant.role,
            variant.balance,
            parts.join("; ")
        );
    }
    // The same conclusion a sweep draws, with the variants called by their roles, in plain
    // words; the methods are in the tuning's verdict.txt (and the confirmation's).
    for line in result.said.iter().flat_map(|s| &s.conclusion) {
        crate::output::console::say(&format!("  {}", line.plain));
    }
    crate::outln!("  rules file: {}/proposal.toml (arena run --rules ...)", result.root.display());
    Ok(Status::Ok)
}
