//! The command line: clap definitions of the raw flags, turned into the run engine's own
//! requests ([`MatchSpec`], [`StoppingRequest`]), which [`crate::session`] validates and
//! runs; the commands here only print. Bad input is a [`crate::session::InputError`]: one line, exit
//! code 2, and nothing written.

pub mod bench;
pub mod console_voice;
pub mod info;
pub mod ladder;
pub mod plan;
pub mod play;
pub mod play_text;
pub mod report;
pub mod rerun;
pub mod run;
pub mod run_print;
pub mod status;
pub mod sweep;
pub mod trace;
pub mod tune;
pub mod view;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::runner::Seating;
use crate::session::bench::Positions;
use crate::session::{DEFAULT_SEED, MatchSpec, RequestFlags, StoppingFlags, is_input_error};
use crate::stats::verdict_flags::VerdictFlags;

/// `--seating`: the command-line names of [`Seating`] (which itself knows nothing of clap).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatingArg {
    Rotate,
    Permute,
    Fixed,
}

impl From<SeatingArg> for Seating {
    fn from(arg: SeatingArg) -> Seating {
        match arg {
            SeatingArg::Rotate => Seating::Rotate,
            SeatingArg::Permute => Seating::Permute,
            SeatingArg::Fixed => Seating::Fixed,
        }
    }
}

/// `--positions`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionsArg {
    /// The start position, after any opening chance event (TRICE's roll) from a fixed seed.
    Start,
    /// 16 positions reached by seeded random play (decisions with at least two options).
    Random,
}

impl From<PositionsArg> for Positions {
    fn from(arg: PositionsArg) -> Positions {
        match arg {
            PositionsArg::Start => Positions::Start,
            PositionsArg::Random => Positions::Random,
        }
    }
}

/// How a command ended, for the exit code.
#[derive(Debug, PartialEq, Eq)]
pub enum Status {
    Ok,
    /// The run completed but some matches panicked (listed in failures.csv): exit code 3.
    HadFailures,
    /// `--time-limit` paused the run with a checkpoint: exit code 4.
    Paused,
    /// `arena rerun` played the job again and some CSV file came out otherwise: exit code 5.
    Differs,
    /// A command run inside this one (`arena rerun`'s) ended with this code and has said why.
    Exited(i32),
}

#[derive(Parser, Debug)]
#[command(
    name = "arena",
    version,
    about = "Seeded, parallel bot-vs-bot matches of tabletop games, with balance statistics in CSV",
    after_help = "Examples:\n  arena run                                   # the default experiment: every game, random bots, until decided\n  arena run --game pig --bots random --matches 1000000 --seed 7\n  arena run --game tictactoe --per-match --out results/ttt\n  arena trace --game pig --seed 7 --match 42\n  arena trace --from results/pig --matches 0..100 --format json\n  arena play --game dardz --players 4 --seat 0 --open   # take a seat against the bots\n  arena games                                 # games, player counts, rule parameters\n  arena bench --seconds 3\n  arena run --game pig --until-ci 0.005       # play until seat 0's interval is 0.5 pp wide\n  arena run --game pig --sprt 0.5,0.52        # sequential test of a first-player edge\n  arena run --game dardz --until-decided      # play until the balance verdict is decided\n  arena plan --game trice --ci 0.002          # how many matches for a 0.2 pp interval?\n  arena sweep --game dardz --players 4 --vary value_12=4..16   # paired, common random numbers\n  arena run --experiment configs/experiments/first-player.toml\n  arena tune --game dardz --players 4 --bots greedy            # proposes card values, confirms them\n  arena rerun results/pig                     # play a folder's job again, say whether it matches"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// `arena games`: the list for people, or the names alone for scripts.
#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    /// Print only the games' command-line names, one a line, in registry order (for scripts
    /// that loop over every game).
    #[arg(long)]
    pub names: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a batch of matches and write CSV files and a manifest. With no --game, runs the
    /// default experiment: every game, random bots, until each balance verdict is decided (at
    /// most 500,000 matches each).
    Run(RunArgs),
    /// List the games, their player counts and every rule parameter with its default.
    Games(GamesArgs),
    /// List the bot profiles and their parameters.
    Bots,
    /// Replay one match of a run exactly, step by step.
    Trace(TraceArgs),
    /// Write one self-contained HTML page (offline, no external references) that replays a
    /// match step by step with a picture of the table: the match flags of `arena trace`, or a
    /// trace file of `arena trace --format json`.
    View(view::ViewArgs),
    /// Take a seat against the bots: a page on a local web server (127.0.0.1), or the
    /// terminal with --text. You see only what your seat may see; the match is saved as a
    /// JSON trace for `arena view --trace`.
    Play(play::PlayArgs),
    /// Measure matches per second per game with random bots (or --bots greedy, ...).
    Bench(BenchArgs),
    /// Combine the folders of `arena run --shard I/K` into the files of the whole run.
    Merge(MergeArgs),
    /// Vary rule parameters over their values (a list, a range, a grid or a file of
    /// variants); every variant plays the same matches (common random numbers), so the
    /// differences in sweep_diff.csv are paired.
    Sweep(sweep::SweepArgs),
    /// Propose DARDZ number-card values from how hard each number is to score (the
    /// rulebook's principle), optionally search values for an objective (SPSA), and confirm
    /// them on fresh seeds with paired intervals; writes a rules file.
    Tune(tune::TuneArgs),
    /// From a short pilot run, estimate how many matches (and how long) an interval width
    /// needs.
    Plan(PlanArgs),
    /// How a run is doing: matches done of planned, rate, time left, and whether it is
    /// running, paused, finished or failed (a run folder, the default experiment's, or a
    /// folder of shard folders). Reads only; never touches a running run's files.
    Status(StatusArgs),
    /// Write DIR/report.html: one self-contained page (inline SVG charts, no scripts) of a
    /// run, a merge, a sweep or the default experiment, read from the folder's CSV files.
    Report(ReportArgs),
    /// A skill ladder: bots from weakest to strongest (default random, greedy, strong,
    /// mcts-1k, mcts-10k), each against the rung below and against itself, with rotated seats
    /// and paired deals, adaptively until neighbours separate; writes ladder.csv (ratings,
    /// head-to-head, first-player edge per rung), ladder_figures.csv and verdict.txt.
    Ladder(ladder::LadderArgs),
    /// Play a finished folder's job again from its own record (the complete line its
    /// report.html prints), into a new folder beside it, and say whether every CSV file is
    /// byte-identical (exit code 0) or which differ (exit code 5).
    Rerun(rerun::RerunArgs),
}

/// The flags that define which matches are played (shared by `run` and `trace`, so a trace
/// replays exactly what a run played).
#[derive(Args, Debug, Clone, Default)]
pub struct MatchArgs {
    /// Game name (see `arena games`).
    #[arg(long)]
    pub game: Option<String>,
    /// Number of players (default: the game's usual count).
    #[arg(long)]
    pub players: Option<usize>,
    /// Bots per seat, comma-separated (`random,random`), or one name for every seat.
    /// Inline parameters follow a profile name after colons: `name:key=value`. Default:
    /// the game's default bots (`arena games`).
    #[arg(long)]
    pub bots: Option<String>,
    /// Master seed: every match is a pure function of (seed, match index, plan) [default: 1].
    #[arg(long)]
    pub seed: Option<u64>,
    /// How bots are seated across matches [default: rotate].
    #[arg(long, value_enum)]
    pub seating: Option<SeatingArg>,
    /// A rules file (TOML, `key = value`) changing rule parameters.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Change one rule parameter, after any rules file (repeatable): `--set target=50`.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
}

impl MatchArgs {
    /// The run engine's request for `game` (the default experiment fills in each game).
    pub fn spec_for(&self, game: &str) -> MatchSpec {
        MatchSpec {
            game: game.to_string(),
            players: self.players,
            bots: self.bots.clone(),
            seed: self.seed.unwrap_or(DEFAULT_SEED),
            seating: self.seating.map_or(Seating::Rotate, Into::into),
            rules: self.rules.clone(),
            sets: self.sets.clone(),
        }
    }

    /// These flags as the run engine's flag-by-flag request (what was not given stays unset).
    pub fn flags(&self) -> RequestFlags {
        RequestFlags {
            game: self.game.clone(),
            players: self.players,
            bots: self.bots.clone(),
            seed: self.seed,
            seating: self.seating.map(Into::into),
            rules: self.rules.clone(),
            sets: self.sets.clone(),
            ..RequestFlags::default()
        }
    }
}

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub matches_of: MatchArgs,
    /// Matches to play (default 100000; with a stopping rule the most to play, default
    /// 10000000, or 500000 per game for the default experiment).
    #[arg(long, allow_hyphen_values = true)]
    pub matches: Option<String>,
    /// Worker threads (default: all cores). Never changes any result.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Output folder (default a new results/<game>-<timestamp>, or results/<timestamp> for
    /// the default experiment). Must be new or empty; one run at a time owns it.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Also write matches.csv, one row per match in index order.
    #[arg(long)]
    pub per_match: bool,
    /// No progress bar and no summary on stdout.
    #[arg(long)]
    pub quiet: bool,
    /// Also print how each answer was decided: the full verdict with its tests, levels and
    /// caveats (as verdict.txt says it), every seat's interval, how the strongest lever was
    /// chosen, and the capped and failed counts.
    #[arg(long, short = 'v')]
    pub explain: bool,
    #[command(flatten)]
    pub stopping: StoppingFlags,
    /// Play only shard I of K (0-based, e.g. `--shard 0/4`): a contiguous range of whole
    /// deal groups. Combine the shards' folders with `arena merge`.
    #[arg(long, value_name = "I/K")]
    pub shard: Option<String>,
    /// Go on with the interrupted, paused or crashed run in DIR (or in --out) exactly as its
    /// folder's plan.json says; other match flags are refused unless they agree (only
    /// --threads, --quiet and --time-limit may change). The result is byte-identical to an
    /// uninterrupted run. A larger --matches, or a tighter --until-ci, extends the run (a
    /// finished one too): only the new matches are played, and the folder ends as a run of
    /// the larger plan from the start would.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<Option<PathBuf>>,
    /// Pause after this many seconds at the next block boundary, leaving a checkpoint
    /// (exit code 4); continue later with --resume. For overnight windows and cluster slots.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Take every key from an experiment file (TOML, see configs/experiments/); flags given
    /// here override its keys. A file that varies something runs as `arena sweep`.
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    pub experiment: Option<PathBuf>,
    /// Do not write report.html at the end (`arena report DIR` writes it later).
    #[arg(long)]
    pub no_report: bool,
    /// The default experiment's skill check: after the random runs, a random-vs-greedy
    /// ladder per game (`arena ladder --bots random,greedy`) of at most this many matches
    /// per comparison, for the skill figures in the summary; 0 skips it [default: 400].
    /// One game: use `arena ladder`.
    #[arg(long, value_name = "N")]
    pub skill_matches: Option<u64>,
    /// Seat, skill and luck for one game: play greedy against random, alternating around the
    /// table on rotated seats (the lineup `skill_luck.csv` needs); instead of --bots.
    #[arg(long)]
    pub luck: bool,
    #[command(flatten)]
    pub verdict: VerdictFlags,
}

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// A result folder: a run, a merge, a sweep, or the default experiment's folder.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

#[derive(Args, Debug)]
pub struct StatusArgs {
    /// The run's folder (its --out), or a folder holding several runs' folders.
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Folder for the merged results (new or empty).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// The shards' folders (`arena run --shard I/K --out ...`), every shard exactly once.
    #[arg(required = true, value_name = "SHARD_DIR")]
    pub shards: Vec<PathBuf>,
    /// Do not write report.html at the end.
    #[arg(long)]
    pub no_report: bool,
}

#[derive(Args, Debug)]
pub struct PlanArgs {
    #[command(flatten)]
    pub matches_of: MatchArgs,
    /// The 95% interval width wanted for every seat's win share (e.g. 0.01 = ±0.5 pp).
    #[arg(long, value_name = "WIDTH")]
    pub ci: f64,
    /// Matches in the pilot run.
    #[arg(long, default_value_t = 2000)]
    pub pilot: u64,
    /// Worker threads for the pilot and the estimate (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// `arena trace`: which matches to replay, and how to print them. The match flags are
/// [`MatchArgs`], whose optional values let a flag that was given be told from a default and
/// checked against the manifest beside `--from`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub matches_of: MatchArgs,
    /// Take the whole plan (game, players, bots, seed, seating, every rule) from the
    /// manifest.json of a result folder. Match flags given as well must agree with it.
    #[arg(long, value_name = "DIR")]
    pub from: Option<PathBuf>,
    /// The match index to replay (the `index` column of matches.csv).
    #[arg(long = "match", value_name = "INDEX", conflicts_with = "matches")]
    pub match_index: Option<u64>,
    /// Replay the matches A..B one after another in one process: half-open, A included and
    /// B not (`0..1000` is 1,000 matches).
    #[arg(long, value_name = "A..B")]
    pub matches: Option<String>,
    /// Replay the choices recorded in a JSON trace file (a match played with `arena play`,
    /// or any `arena trace --format json`) with the dice of its seed, checking every step,
    /// and write it as --format says.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["from", "match_index", "matches"])]
    pub trace: Option<PathBuf>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// With --format json: the whole structured state on every step (default: the start and
    /// end records carry it whole, steps only its changed top-level keys).
    #[arg(long)]
    pub full_states: bool,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Games to measure (repeatable; default: all).
    #[arg(long)]
    pub game: Vec<String>,
    /// Player count (default: each game's usual count).
    #[arg(long)]
    pub players: Option<usize>,
    /// Thread counts to measure (repeatable; default 1 and 2).
    #[arg(long)]
    pub threads: Vec<usize>,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 2.0)]
    pub seconds: f64,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Without --mcts: the bots whose matches are timed, as `arena run --bots` takes them
    /// (one profile for every seat, or one per seat): `--bots greedy` times skilled play.
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Measure MCTS search speed instead: iterations per second and time per decision, one
    /// search at a time on one thread.
    #[arg(long)]
    pub mcts: bool,
    /// With --mcts: iterations per decision (repeatable; default 100, 1000 and 10000).
    #[arg(long)]
    pub iterations: Vec<u32>,
    /// With --mcts: the MCTS settings (an mcts profile with inline parameters; its
    /// iteration count is replaced by --iterations). The default is plain UCT with random
    /// rollouts to the end and c = 1 on [0, 1] rewards, i.e. OpenSpiel's MCTSBot with
    /// uct_c = 2 on its [-1, 1] returns.
    #[arg(long, default_value = "mcts:c=1:depth=none:rollout=random:reward=win")]
    pub bot: String,
    /// With --mcts: search from the start position (after any opening chance event), or from
    /// a fixed set of 16 positions reached by seeded random play.
    #[arg(long, value_enum, default_value = "start")]
    pub positions: PositionsArg,
}

/// clap's message on one line: "error: the following required arguments were not provided:
/// --out <DIR>" instead of a header whose list of arguments sits on the following lines.
fn one_line(rendered: &str) -> String {
    let kept: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
        .collect();
    if kept.is_empty() { "error: bad arguments".into() } else { kept.join(" ") }
}

/// clap's own "did you mean" (a subcommand, a flag, a value of an enum flag), which its
/// rendering puts on a `tip:` line of its own that [`one_line`] leaves out.
fn clap_suggestion(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    [ContextKind::SuggestedSubcommand, ContextKind::SuggestedValue, ContextKind::SuggestedArg]
        .iter()
        .find_map(|kind| match e.get(*kind)? {
            ContextValue::String(s) => Some(s.clone()),
            ContextValue::Strings(v) => v.first().cloned(),
            _ => None,
        })
        .map(|s| format!("; did you mean `{s}`?"))
        .or_else(|| {
            // clap suggests a subcommand only above its own threshold (`rnu` gets nothing).
            let ContextValue::String(given) = e.get(ContextKind::InvalidSubcommand)? else {
                return None;
            };
            let command = <Cli as clap::CommandFactory>::command();
            let names: Vec<String> =
                command.get_subcommands().map(|c| c.get_name().to_string()).collect();
            let hint = crate::core::suggest::did_you_mean(given, names.iter().map(String::as_str));
            (!hint.is_empty()).then_some(hint)
        })
        .unwrap_or_default()
}

use crate::core::suggest::clip_long_words;

/// Parse and run; returns the process exit code.
pub fn main_with_args(args: Vec<String>) -> i32 {
    // Every session speaks through the console, and only here does anything reach it.
    crate::session::voice::install(Box::new(console_voice::ConsoleVoice));
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    2
                } else {
                    0
                };
            }
            let message = format!("{}{}", one_line(&e.render().to_string()), clap_suggestion(&e));
            crate::errln!("{} (see `arena --help`)", clip_long_words(&message));
            return 2;
        }
    };
    // A bad ARENA_SCALE is bad input like a bad flag, refused before anything runs.
    if let Err(e) = crate::session::match_scale() {
        crate::errln!("error: {e}");
        return 2;
    }
    let result = match cli.command {
        Command::Run(a) => run::run_command(a, &args),
        Command::Games(a) => info::games(&a).map(|_| Status::Ok),
        Command::Bots => info::bots().map(|_| Status::Ok),
        Command::Trace(a) => trace::trace_command(a).map(|_| Status::Ok),
        Command::View(a) => view::view_command(a).map(|_| Status::Ok),
        Command::Play(a) => play::play_command(a).map(|_| Status::Ok),
        Command::Bench(a) => bench::bench_command(a).map(|_| Status::Ok),
        Command::Plan(a) => plan::plan_command(a).map(|_| Status::Ok),
        Command::Merge(a) => run::merge_command(a, &args),
        Command::Status(a) => status::status_command(&a.dir).map(|_| Status::Ok),
        Command::Sweep(a) => sweep::sweep_command(a, &args),
        Command::Tune(a) => tune::tune_command(a, &args),
        Command::Report(a) => report::report_command(&a.dir).map(|_| Status::Ok),
        Command::Ladder(a) => ladder::ladder_command(a, &args),
        Command::Rerun(a) => rerun::rerun_command(a),
    };
    match result {
        Ok(Status::Ok) => 0,
        Ok(Status::HadFailures) => 3,
        Ok(Status::Paused) => 4,
        Ok(Status::Differs) => 5,
        Ok(Status::Exited(code)) => code,
        Err(e) => {
            let chain: Vec<String> = e.chain().map(|c| c.to_string()).collect();
            crate::errln!("error: {}", clip_long_words(&chain.join(": ")));
            if is_input_error(&e) { 2 } else { 1 }
        }
    }
}
