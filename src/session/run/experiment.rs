//! An experiment: one plan, or the default experiment (every game in the registry with the
//! same bots, seed and seating), each written into its own folder under one root that one
//! run owns at a time. Validates every plan before any folder is created; writes the
//! request (`plan.json`) before the first match, so that `--resume DIR` continues exactly
//! that experiment and refuses anything else, naming what differs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::core::layout::{MANIFEST, REPORT_HTML};
use crate::core::rules::file_game;
use crate::games::GAME_NAMES;
use crate::output::is_disk_full;
use crate::session::blocks::{Pause, Paused};
use crate::session::folder::{FolderLock, claim_job_folder, refuse_if_in_use, timestamp};
use crate::session::input::{input, is_input_error};
use crate::session::ladder::skill::run_skill_checks;
use crate::session::plan::fingerprint::PlanFingerprint;
use crate::session::plan::request::{PLAN_FILE, PlanFile, RequestFlags, RunRequest};
use crate::session::plan::{Plan, Shard, Stopping};
use crate::session::run::checkpoint::Checkpoint;
use crate::session::run::execute::{CHECKPOINT, Execution, RunSummary, execute};
use crate::session::run::status_file::{STATUS_FILE, mark_failed};
use crate::with_game;

/// Validated plans and where each one writes.
#[derive(Debug)]
pub struct Experiment {
    pub request: RunRequest,
    /// Each plan with its subfolder ("" for a single-game run: the root itself).
    pub plans: Vec<(Plan, String)>,
    /// The folder asked for; `None`: a new automatic folder under `results/`.
    pub out: Option<PathBuf>,
    /// Go on from the folder's checkpoints instead of starting afresh.
    pub resume: bool,
    /// A resumed run given more matches or a tighter target than it began with: its
    /// `plan.json` is rewritten, and finished games are reopened and played on.
    pub extended: bool,
    /// The experiment file it was read from, `{path, sha256}` (in `plan.json`, so a resumed
    /// run's manifest records it as the first session's did).
    pub inputs: BTreeMap<String, crate::core::file_record::InputFile>,
}

impl Experiment {
    /// Validate `request` (one game, or every game when it names none) for a new run into
    /// `out` (default: a new `results/<game>-<time>` or `results/<time>`).
    pub fn new(mut request: RunRequest, out: Option<PathBuf>) -> anyhow::Result<Experiment> {
        // A rules file that names its game (`game = "dardz"`) says which game is meant.
        if request.game.is_none()
            && let Some(file) = &request.rules
        {
            request.game = file_game(file).map_err(input)?;
        }
        if request.game.is_none() && request.shard.is_some() {
            return Err(input(
                "--shard needs --game (or a --rules file that names its game): shards of the default experiment cannot be merged",
            ));
        }
        let stopping = Stopping::parse(&request.stopping, request.matches)?;
        let plans = match &request.game {
            Some(game) => {
                let mut plan = Plan::new(&request.spec_for(game), request.matches)?;
                plan.verdict = request.verdict()?;
                plan.stopping = stopping.map(|s| s.for_plan(plan.group(), plan.verdict));
                vec![(plan, String::new())]
            }
            None => {
                if request.rules.is_some() || !request.sets.is_empty() || request.players.is_some()
                {
                    return Err(input(
                        "--rules, --set and --players need --game (the default experiment runs every game with its default rules)",
                    ));
                }
                GAME_NAMES
                    .iter()
                    .map(|name| {
                        let mut plan = Plan::new(&request.spec_for(name), request.matches)?;
                        plan.verdict = request.verdict()?;
                        plan.stopping = stopping.map(|s| s.for_plan(plan.group(), plan.verdict));
                        Ok((plan, name.to_string()))
                    })
                    .collect::<anyhow::Result<Vec<_>>>()?
            }
        };
        if let Some((plan, _)) = plans.iter().find(|(p, _)| {
            p.spec.players == 1 && p.stopping.is_some_and(|s| s.until_decided.is_some())
        }) {
            return Err(input(format!(
                "--until-decided needs 2 or more players: {} with 1 player has no seat balance to decide",
                plan.game.name()
            )));
        }
        crate::session::ladder::skill::check_request(&request)?;
        if request.shard.is_some() && stopping.is_some() {
            return Err(input(
                "--shard cannot be combined with --until-ci, --sprt or --until-decided (a stopping rule needs the whole run's tally)",
            ));
        }
        Ok(Experiment {
            request,
            plans,
            out,
            resume: false,
            extended: false,
            inputs: BTreeMap::new(),
        })
    }

    /// The experiment that the folder `dir` was started with, to continue it. Every flag in
    /// `flags` must agree with the folder's request, and every game's plan (its resolved
    /// rules too) with the fingerprint recorded when the run began.
    pub fn resume(dir: &Path, flags: &RequestFlags) -> anyhow::Result<Experiment> {
        refuse_if_in_use(dir)?;
        let file = PlanFile::read(dir)?;
        let asked = flags.extension_of(&file.request);
        let differences = flags.differences(&asked);
        if !differences.is_empty() {
            return Err(input(format!(
                "--resume {}: the flags ask for another run than the folder's ({}); `{}` alone continues it",
                dir.display(),
                differences.join("; "),
                crate::session::folder::resume_line(crate::core::layout::FolderKind::Run, dir)
            )));
        }
        if asked.matches != file.request.matches && file.request.stopping.until_decided {
            return Err(input(format!(
                "--resume {}: --matches cannot grow for a run with --until-decided: its looks' levels were planned to its cap of {} matches (a cap raised after seeing the data would break the 5% error rates); start a new run with the larger --matches",
                dir.display(),
                file.request.matches
            )));
        }
        let mut experiment = Experiment::new(asked.clone(), Some(dir.to_path_buf()))?;
        experiment.resume = true;
        experiment.inputs = file.inputs.clone();
        experiment.extended = asked != file.request;
        if experiment.extended && asked.shard.is_some() {
            return Err(input(format!(
                "--resume {}: a shard cannot be extended (its range of matches depends on the run's total); extend a whole run, or run the larger plan's shards afresh",
                dir.display()
            )));
        }
        for (plan, sub) in &experiment.plans {
            let now = plan.fingerprint(file.request.per_match);
            let was = file.fingerprints.get(sub);
            let extension = experiment.extended && was.is_some_and(|w| w.extended_by(&now));
            if !was.is_some_and(|w| w.same_numbers(&now)) && !extension {
                let what = was.map_or_else(
                    || vec!["no fingerprint recorded".to_string()],
                    |w| w.differences(&now),
                );
                return Err(input(format!(
                    "--resume {}: {}'s plan has changed since the run began, by {} ({}); was a rules file or plan.json edited, or arena updated?",
                    dir.display(),
                    dir.join(PLAN_FILE).display(),
                    plan.game.name(),
                    what.join("; ")
                )));
            }
        }
        if experiment.extended {
            // Refused before plan.json is rewritten, so a refused extension changes nothing.
            for (plan, sub) in &experiment.plans {
                let out = if sub.is_empty() { dir.to_path_buf() } else { dir.join(sub) };
                let now = plan.fingerprint(asked.per_match);
                Checkpoint::extensible(&out, &now, 0, plan.group())?;
            }
        }
        Ok(experiment)
    }

    /// The shard this experiment plays, if any.
    pub fn shard(&self) -> Option<Shard> {
        self.request.shard
    }

    fn plan_file(&self) -> PlanFile {
        let fingerprints: BTreeMap<String, PlanFingerprint> = self
            .plans
            .iter()
            .map(|(plan, sub)| (sub.clone(), plan.fingerprint(self.request.per_match)))
            .collect();
        PlanFile { request: self.request.clone(), fingerprints, inputs: self.inputs.clone() }
    }

    /// A single game's changed rules for its folder's name (`-value_12=8`, then the rules
    /// file's stem), so that a folder of changed rules is told apart from a default one at a
    /// glance; only characters safe in a file name on every system, and at most 60 of them.
    fn changes_in_name(&self) -> String {
        let Some((plan, _)) = self.plans.first() else { return String::new() };
        let mut parts = crate::core::rules::changed_from_defaults(&plan.game.params());
        if let Some(stem) = plan.rules_file.as_ref().and_then(|f| f.file_stem()) {
            parts.push(stem.to_string_lossy().into_owned());
        }
        let safe = |c: char| c.is_ascii_alphanumeric() || "=._".contains(c);
        let mut name: String = parts
            .iter()
            .map(|p| {
                format!("-{}", p.chars().map(|c| if safe(c) { c } else { '_' }).collect::<String>())
            })
            .collect();
        if name.chars().count() > 60 {
            name = name.chars().take(59).collect::<String>() + "+";
        }
        name
    }

    /// Claim the run's folder: lock it, and for a new run write `plan.json`.
    fn claim(&self) -> anyhow::Result<(PathBuf, FolderLock)> {
        if self.resume {
            let root = self.out.clone().expect("a resumed experiment has its folder");
            let lock = FolderLock::acquire(&root)?;
            if self.extended {
                self.plan_file().write(&root)?;
                // The experiment's page shows the old counts until the new report.
                let _ = std::fs::remove_file(root.join(REPORT_HTML));
            }
            return Ok((root, lock));
        }
        let stem = match &self.request.game {
            Some(game) => format!("{game}{}-{}", self.changes_in_name(), timestamp()),
            None => timestamp(),
        };
        let plan = serde_json::to_vec_pretty(&self.plan_file())?;
        claim_job_folder(self.out.as_deref(), &stem, PLAN_FILE, &plan)
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
    /// A stop signal or the time limit paused the run at this match; a checkpoint holds the
    /// rest.
    Paused { at: u64, by: Pause },
    /// Every game was played; a stop signal paused the skill check (`session::ladder::skill`).
    SkillPaused,
}

/// What an experiment produced.
#[derive(Debug)]
pub struct RunResult {
    pub root: PathBuf,
    pub games: Vec<GameRun>,
    pub end: RunEnd,
    /// The default experiment's finished skill ladders: (game, folder).
    pub skill: Vec<(String, PathBuf)>,
}

/// Play every plan of `experiment` on a pool of `exec.threads` threads, calling `on_game`
/// as each game ends (for progress output). The folder stays locked until this returns. A
/// run that fails keeps its folder (with `plan.json` and any checkpoint), and the error
/// says how to continue it with `--resume`; no result file is written before a game is
/// complete, so nothing in it looks complete.
pub fn run(
    experiment: &Experiment,
    exec: &Execution,
    mut on_game: impl FnMut(&GameRun),
) -> anyhow::Result<RunResult> {
    let (root, _lock) = experiment.claim()?;
    let threads = exec.threads;
    let pool = crate::session::blocks::pool(threads)?;
    let mut result = RunResult {
        root: root.clone(),
        games: Vec::new(),
        end: RunEnd::Complete,
        skill: Vec::new(),
    };
    for (plan, sub) in &experiment.plans {
        let out = if sub.is_empty() { root.clone() } else { root.join(sub) };
        if !sub.is_empty() {
            crate::output::atomic::create_own_folder(&out)?;
        }
        let game = plan.game.name();
        let fingerprint = plan.fingerprint(experiment.request.per_match);
        if experiment.resume
            && out.join(MANIFEST).exists()
            && !experiment.extended
            && !Checkpoint::finished_under_another_plan(&out, &fingerprint)
        {
            // A crash between the manifest (written last) and removing the spent files.
            for spent in [CHECKPOINT, STATUS_FILE] {
                let _ = std::fs::remove_file(out.join(spent));
            }
            let done = GameRun { game, out: out.clone(), summary: None };
            on_game(&done);
            result.games.push(done);
            continue;
        }
        let (shard, resume) = (experiment.shard(), experiment.resume);
        let outcome = pool
            .install(|| with_game!(&plan.game, g => execute(g, plan, exec, &out, shard, resume)));
        match outcome {
            Ok(summary) => {
                let paused = summary.paused;
                if !summary.failures.is_empty() && result.end == RunEnd::Complete {
                    result.end = RunEnd::HadFailures;
                }
                let done = GameRun { game, out: out.clone(), summary: Some(summary) };
                on_game(&done);
                result.games.push(done);
                if let Some(Paused { at, by }) = paused {
                    result.end = RunEnd::Paused { at, by };
                    return Ok(result);
                }
            }
            Err(e) if is_input_error(&e) => return Err(e),
            Err(e) => {
                mark_failed(&out, game, &format!("{e:#}"));
                let free = if is_disk_full(&e) { "free some space" } else { "mend the cause" };
                return Err(anyhow::anyhow!(
                    "{e:#}; {game} stopped and its folder is kept: {free}, then continue with `{}`",
                    crate::session::folder::resume_line(
                        crate::core::layout::FolderKind::Run,
                        &root
                    )
                ));
            }
        }
    }
    if experiment.request.skill_matches() > 0 {
        let games: Vec<&str> = experiment.plans.iter().map(|(plan, _)| plan.game.name()).collect();
        let (request, line) = (&experiment.request, &exec.command_line);
        match run_skill_checks(request, &games, &root, threads, line).map_err(|e| {
            anyhow::anyhow!(
                "{e:#}; the skill check stopped and the folder is kept: continue with `{}`",
                crate::session::folder::resume_line(crate::core::layout::FolderKind::Run, &root)
            )
        })? {
            Some(done) => result.skill = done,
            None => result.end = RunEnd::SkillPaused,
        }
    }
    Ok(result)
}
