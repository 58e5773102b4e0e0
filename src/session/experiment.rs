//! An experiment: one plan, or the default experiment (every game in the registry with the
//! same bots, seed and seating), each written into its own folder under one root. Validates
//! every plan before any folder is created; on resume, skips games already complete.

use std::path::PathBuf;

use crate::games::GAME_NAMES;
use crate::session::execute::{CHECKPOINT, Execution, RunSummary, execute};
use crate::session::folder::{prepare_out_dir, timestamp};
use crate::session::input::input;
use crate::session::plan::{MatchSpec, Plan, Shard, Stopping};
use crate::with_game;

/// Validated plans and where each one writes.
#[derive(Debug)]
pub struct Experiment {
    /// Each plan with its folder (the root itself for a single plan).
    pub plans: Vec<(Plan, PathBuf)>,
    pub root: PathBuf,
    pub shard: Option<Shard>,
    /// Go on from the checkpoints in `root` instead of starting afresh.
    pub resume: bool,
}

impl Experiment {
    /// One game: `spec` for `matches` matches, into `out` (default `results/<game>-<time>`).
    pub fn single(
        spec: &MatchSpec,
        matches: u64,
        stopping: Option<Stopping>,
        out: Option<PathBuf>,
    ) -> anyhow::Result<Experiment> {
        let mut plan = Plan::new(spec, matches)?;
        plan.stopping = stopping;
        let root = out.unwrap_or_else(|| {
            PathBuf::from("results").join(format!("{}-{}", spec.game, timestamp()))
        });
        Ok(Experiment { plans: vec![(plan, root.clone())], root, shard: None, resume: false })
    }

    /// The default experiment: every registered game with its default rules and player count,
    /// the bots, seed and seating of `template` (whose game, rules and players must be unset),
    /// each into `<out>/<game>` (default root `results/<time>`).
    pub fn every_game(
        template: &MatchSpec,
        matches: u64,
        stopping: Option<Stopping>,
        out: Option<PathBuf>,
    ) -> anyhow::Result<Experiment> {
        if template.rules.is_some() || !template.sets.is_empty() || template.players.is_some() {
            return Err(input(
                "--rules, --set and --players need --game (the default experiment runs every game with its default rules)",
            ));
        }
        let root = out.unwrap_or_else(|| PathBuf::from("results").join(timestamp()));
        let plans = GAME_NAMES
            .iter()
            .map(|name| {
                let spec = MatchSpec { game: name.to_string(), ..template.clone() };
                let mut plan = Plan::new(&spec, matches)?;
                plan.stopping = stopping;
                Ok((plan, root.join(name)))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Experiment { plans, root, shard: None, resume: false })
    }

    /// Play only `shard` of a single-game experiment.
    pub fn with_shard(mut self, shard: Option<Shard>) -> anyhow::Result<Experiment> {
        if let Some(s) = shard {
            if self.plans.len() != 1 {
                return Err(input("--shard needs --game"));
            }
            if self.plans[0].0.stopping.is_some() {
                return Err(input(
                    "--shard cannot be combined with --until-ci or --sprt (a stopping rule needs the whole run's tally)",
                ));
            }
            self.shard = Some(s);
        }
        Ok(self)
    }

    /// Go on from the checkpoints of an interrupted run in the same root.
    pub fn resuming(mut self, resume: bool) -> Experiment {
        self.resume = resume;
        self
    }
}

/// One game of an experiment, as it ended.
#[derive(Debug)]
pub struct GameRun {
    pub game: &'static str,
    pub out: PathBuf,
    /// `None` when a resumed experiment found this game already complete.
    pub summary: Option<RunSummary>,
}

/// How a whole experiment ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    /// Every match was played and recorded.
    Complete,
    /// Complete, but some matches panicked (they are listed in failures.csv).
    HadFailures,
    /// The time limit paused the run at this match; a checkpoint holds the rest.
    Paused { at: u64 },
}

/// What an experiment produced.
#[derive(Debug)]
pub struct RunResult {
    pub root: PathBuf,
    pub games: Vec<GameRun>,
    pub end: RunEnd,
}

/// Play every plan of `experiment` on a pool of `exec.threads` threads, calling `on_game`
/// as each game ends (for progress output). A failed single-game run that leaves no
/// checkpoint removes the folder it created, so no partial output looks complete.
pub fn run(
    experiment: &Experiment,
    exec: &Execution,
    mut on_game: impl FnMut(&GameRun),
) -> anyhow::Result<RunResult> {
    let root = &experiment.root;
    let created = if experiment.resume {
        if !root.is_dir() {
            return Err(input(format!("--resume: {} is not a run folder", root.display())));
        }
        false
    } else {
        prepare_out_dir(root)?
    };
    let threads = exec.threads;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start {threads} threads: {e}"))?;
    let mut result = RunResult { root: root.clone(), games: Vec::new(), end: RunEnd::Complete };
    for (plan, out) in &experiment.plans {
        if out != root {
            std::fs::create_dir_all(out)?;
        }
        let game = plan.game.name();
        if experiment.resume && out.join("manifest.json").exists() {
            let done = GameRun { game, out: out.clone(), summary: None };
            on_game(&done);
            result.games.push(done);
            continue;
        }
        let (shard, resume) = (experiment.shard, experiment.resume);
        let outcome = pool
            .install(|| with_game!(&plan.game, g => execute(g, plan, exec, out, shard, resume)));
        match outcome {
            Ok(summary) => {
                let paused_at = summary.paused_at;
                if !summary.failures.is_empty() && result.end == RunEnd::Complete {
                    result.end = RunEnd::HadFailures;
                }
                let done = GameRun { game, out: out.clone(), summary: Some(summary) };
                on_game(&done);
                result.games.push(done);
                if let Some(at) = paused_at {
                    result.end = RunEnd::Paused { at };
                    return Ok(result);
                }
            }
            Err(e) => {
                // Keep a folder that holds a checkpoint: the run can be resumed from it.
                if created && experiment.plans.len() == 1 && !out.join(CHECKPOINT).exists() {
                    let _ = std::fs::remove_dir_all(root);
                }
                return Err(e);
            }
        }
    }
    Ok(result)
}
