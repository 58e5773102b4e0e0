//! Running `arena tune` and writing its folder: `measure/` (a sweep folder of the current
//! values on the search seed), `confirm/` (the current values as the baseline against every
//! proposal on a seed the search never used: its sweep_diff.csv holds the paired effects),
//! `proposal.toml` (and `proposal-objective.toml` after a search), rules files that
//! `arena run --rules` takes as they are, `tune.csv` (current against proposed values with
//! the measured difficulty and shares of points), `verdict.txt` (whether the search's steps
//! could tell their values apart, then the confirmation's conclusion, with their methods)
//! and `tune.json` (every seed used, so the confirmation's independence can be checked).

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::output::csv_files::{f6, write_csv};
use crate::output::manifest::write_record;
use crate::output::write_atomic;
use crate::session::blocks::Pause;
use crate::session::folder::{FolderLock, claim_job_folder, read_job_request, timestamp};
use crate::session::input::input;
use crate::session::plan::request::RunRequest;
use crate::session::run::execute::Execution;
use crate::session::signals::stop_at_boundary;
use crate::session::sweep::Sweep;
use crate::session::sweep::run::{SweepResult, resume_sweep_kept, run_sweep_kept};
use crate::session::tune::{Objective, Spsa, SpsaStep, Tuned, apportion, spsa, sweep_of};

/// The tuning request, written first into a tuning folder: `arena tune --resume` reads it.
pub use crate::core::layout::TUNE_REQUEST;
use crate::core::layout::{TUNE_CSV, TUNE_FILE, TUNE_PAUSED, TUNE_STATE, VERDICT_TXT};
use crate::session::saved::{self, SavedState};
use crate::session::tune::verdict::{
    Confirmed, SearchFacts, TuneSaid, confirmed as confirmed_lines, search_noise, tune_said,
};
use crate::stats::step_noise::StepNoise;

/// A tuning's saved state, written when a stop signal or the time limit pauses it and removed
/// when it continues: the step it paused in, why, and its seconds of play so far. Its sweeps
/// keep their own states in their subfolders; this says where the tuning as a whole stood,
/// so that `arena status` tells a paused tuning from one whose process died.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TuneState {
    pub step: String,
    pub paused_by: Pause,
    pub elapsed_seconds: f64,
}

impl SavedState for TuneState {
    const FILE: &'static str = TUNE_STATE;
    const KIND: &'static str = "tuning";
    fn elapsed_seconds(&self) -> f64 {
        self.elapsed_seconds
    }
    fn pause(&self) -> Option<Option<Pause>> {
        Some(Some(self.paused_by))
    }
    fn done(&self) -> (u64, Option<u64>) {
        (0, None)
    }
}

/// A tuning run as asked for.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct TuneRequest {
    /// Game (one with values to tune), players, bots, rules; `seed` and `matches` are the
    /// measurement's.
    pub request: RunRequest,
    /// The confirmation's seed (default: the search seed + 1,000,003).
    pub confirm_seed: Option<u64>,
    pub confirm_matches: u64,
    pub bounds: (i64, i64),
    /// The total of the tuned values (default: the current total).
    pub pool: Option<i64>,
    pub objective: Option<Objective>,
    pub iterations: u32,
    /// Matches per SPSA evaluation.
    pub step_matches: u64,
}

/// What a tuning run produced.
pub struct TuneResult {
    pub root: PathBuf,
    /// The game tuned and its values' keys.
    pub tuned: Tuned,
    pub current: Vec<i64>,
    pub principle: Vec<i64>,
    pub searched: Option<Vec<i64>>,
    pub difficulty: Vec<f64>,
    /// What the tuning concludes (`verdict.txt`, stdout's lines); `None` when paused.
    pub said: Option<TuneSaid>,
    /// The confirmation's variants with their balance and paired differences (stdout's
    /// lines); empty when paused.
    pub confirmed: Vec<Confirmed>,
    pub confirm: SweepResult,
    /// Seconds of play in every session so far (a resumed pause's included).
    pub seconds: f64,
    /// Set when a stop signal or the time limit paused the tuning: the step it paused in,
    /// and why.
    pub paused_in: Option<(&'static str, Pause)>,
}

/// A rules file with `values` and every other rule the run used that differs from default.
fn rules_file(
    tuned: &Tuned,
    base: &RunRequest,
    values: &[i64],
    comment: &str,
) -> anyhow::Result<String> {
    let mut request = base.clone();
    let tuned_key = |set: &str| {
        let key = set.split_once('=').map_or(set, |(k, _)| k).trim();
        tuned.keys.iter().any(|k| k == key)
    };
    request.sets.retain(|s| !tuned_key(s));
    request.sets.extend(tuned.value_sets(values));
    let plan = crate::session::plan::Plan::new(&request.spec_for(tuned.game), 1)?;
    let mut text = format!("# {comment}\ngame = \"{}\"\n", tuned.game);
    for p in plan.game.params() {
        let is_value = tuned.keys.contains(&p.key);
        if is_value || p.value != p.default {
            let literal = crate::core::rules::parse_value(&p.value);
            let shown = if matches!(literal, toml::Value::String(_)) {
                format!("\"{}\"", p.value)
            } else {
                p.value.clone()
            };
            text.push_str(&format!("{} = {shown}\n", p.key));
        }
    }
    Ok(text)
}

/// Measure, propose, optionally search, confirm, and write the tuning folder.
pub fn run_tune(
    tune: &TuneRequest,
    out: Option<PathBuf>,
    exec: &Execution,
    on_step: impl FnMut(&SpsaStep),
) -> anyhow::Result<TuneResult> {
    tune_in(tune, Place::New(out), exec, on_step)
}

/// Continue the tuning in `dir` (paused by a stop signal, or killed): finished sweeps are
/// read from their kept checkpoints, an unfinished one resumes, and the search (which
/// writes nothing) is played again from its seeds, so the files are those of an
/// uninterrupted run.
pub fn resume_tune(
    dir: &Path,
    exec: &Execution,
    on_step: impl FnMut(&SpsaStep),
) -> anyhow::Result<TuneResult> {
    let tune: TuneRequest = read_job_request(dir, TUNE_REQUEST, "a tuning")?;
    tune_in(&tune, Place::Resume(dir.to_path_buf()), exec, on_step)
}

/// Where a tuning writes: a new folder (given or automatic), or one it continues.
enum Place {
    New(Option<PathBuf>),
    Resume(PathBuf),
}

/// Play one of the tuning's sweeps in its subfolder, or continue it when resuming.
fn sweep_step(
    mut sweep: Sweep,
    dir: PathBuf,
    exec: &Execution,
    resuming: bool,
) -> anyhow::Result<SweepResult> {
    if resuming && dir.join(crate::session::sweep::run::SWEEP_FILE).is_file() {
        return resume_sweep_kept(&dir, exec);
    }
    if resuming && dir.exists() {
        // Killed before the sweep wrote its request: nothing of it is worth keeping.
        std::fs::remove_dir_all(&dir)
            .map_err(|e| crate::output::io_failure("removing", &dir, e))?;
    }
    sweep.out = Some(dir);
    run_sweep_kept(&sweep, exec)
}

fn tune_in(
    tune: &TuneRequest,
    place: Place,
    exec: &Execution,
    mut on_step: impl FnMut(&SpsaStep),
) -> anyhow::Result<TuneResult> {
    let started = Instant::now();
    let base = &tune.request;
    let (tuned, current) = Tuned::of(base)?;
    if let Some(objective) = &tune.objective {
        objective.check(&tuned)?;
    }
    let pool = tune.pool.unwrap_or(current.iter().sum());
    let (lo, hi) = tune.bounds;
    apportion(&vec![1.0; current.len()], pool, lo, hi)?;
    let seed = base.seed;
    let (search_seeds, confirm_seed) = seeds(tune)?;
    // Validate every sweep before any folder exists: the measurement, a search step's and the
    // confirmation's (their counts; their values are the measurement's until searched).
    let here = std::slice::from_ref(&current);
    sweep_of(&tuned, base, seed, base.matches, here, None)?;
    if tune.objective.is_some() {
        sweep_of(&tuned, base, seed.wrapping_add(1), tune.step_matches, here, None)?;
    }
    sweep_of(&tuned, base, confirm_seed, tune.confirm_matches, here, None)?;
    let resuming = matches!(place, Place::Resume(_));
    let (root, _lock, earlier_seconds) = claim(tune, tuned.game, place)?;
    // One clock for the session: each sweep gets what is left of the time limit. The
    // search (which saves nothing) is paused only by a signal, never by the limit.
    let quiet = || Execution {
        quiet: true,
        time_limit: exec.time_limit.map(|t| (t - started.elapsed().as_secs_f64()).max(0.0)),
        ..exec.clone()
    };
    let measure = sweep_of(&tuned, base, seed, base.matches, std::slice::from_ref(&current), None)?;
    let measured = sweep_step(measure, root.join("measure"), &quiet(), resuming)?;
    let paused =
        |confirm: SweepResult, step: &'static str, by: Pause| -> anyhow::Result<TuneResult> {
            let elapsed_seconds = earlier_seconds + started.elapsed().as_secs_f64();
            let state = TuneState { step: step.into(), paused_by: by, elapsed_seconds };
            saved::save(&root, &state)?;
            Ok(TuneResult {
                root: root.clone(),
                tuned: tuned.clone(),
                current: current.clone(),
                principle: Vec::new(),
                searched: None,
                difficulty: Vec::new(),
                said: None,
                confirmed: Vec::new(),
                confirm,
                seconds: earlier_seconds + started.elapsed().as_secs_f64(),
                paused_in: Some((step, by)),
            })
        };
    if let Some(p) = measured.paused {
        return paused(measured, "measurement", p.by);
    }
    let names = measured.meta.metric_names.clone();
    let p = tuned.earn_rate(&measured.block.tallies[0], &names)?;
    let weights: Vec<f64> = p.iter().map(|x| 1.0 / x).collect();
    let principle = apportion(&weights, pool, lo, hi)?;
    let mut steps = Vec::new();
    let searched = match &tune.objective {
        None => None,
        Some(objective) => {
            let settings = Spsa {
                iterations: tune.iterations,
                matches: tune.step_matches,
                first_seed: seed.wrapping_add(1),
                pool,
                bounds: tune.bounds,
            };
            let found =
                spsa(&tuned, base, objective, &principle, &settings, exec.threads, &mut on_step)?;
            // A stop signal during the search: it wrote nothing, so a resume plays it again.
            let Some((best, s)) = found else {
                return paused(measured, "search", Pause::Signal);
            };
            steps = s;
            Some(best)
        }
    };
    if stop_at_boundary() {
        return paused(measured, "search", Pause::Signal);
    }
    let mut proposals = vec![principle.clone()];
    proposals.extend(searched.clone());
    let confirm = sweep_of(&tuned, base, confirm_seed, tune.confirm_matches, &proposals, None)?;
    let confirmed = sweep_step(confirm, root.join("confirm"), &quiet(), resuming)?;
    if let Some(p) = confirmed.paused {
        return paused(confirmed, "confirmation", p.by);
    }
    let noise = search_noise(&steps, tune.step_matches);
    let found = Found {
        tuned: &tuned,
        search_noise: noise,
        current: &current,
        principle: &principle,
        searched: searched.as_deref(),
        difficulty: &p,
        names: &names,
        seeds: TuneSeeds { measure: seed, search: search_seeds, confirm: confirm_seed },
        steps,
        started,
        earlier_seconds,
    };
    let said = write_tune_files(&root, tune, exec, &found, &confirmed)?;
    let seconds = earlier_seconds + started.elapsed().as_secs_f64();
    let confirmed_variants = confirmed_lines(&confirmed, &tuned.variant_name(&principle));
    Ok(TuneResult {
        root,
        tuned,
        current,
        principle,
        searched,
        difficulty: p,
        said: Some(said),
        confirmed: confirmed_variants,
        confirm: confirmed,
        seconds,
        paused_in: None,
    })
}

/// The measurement's and the search's seeds, and the confirmation's, which must be fresh.
fn seeds(tune: &TuneRequest) -> anyhow::Result<(Vec<u64>, u64)> {
    let seed = tune.request.seed;
    let confirm_seed = tune.confirm_seed.unwrap_or(seed.wrapping_add(1_000_003));
    let search_seeds: Vec<u64> = std::iter::once(seed)
        .chain((0..tune.iterations as u64).map(|k| seed.wrapping_add(1 + k)))
        .collect();
    if search_seeds.contains(&confirm_seed) {
        return Err(input(format!(
            "--confirm-seed {confirm_seed} is one of the search's seeds ({seed} to {}); the confirmation must use fresh seeds",
            seed + tune.iterations as u64
        )));
    }
    Ok((search_seeds, confirm_seed))
}

/// Claim the tuning's folder: a new one with `tune_request.json`, or the paused one to go on
/// (its saved state removed: the seconds it held go on in the next one).
fn claim(
    tune: &TuneRequest,
    game: &str,
    place: Place,
) -> anyhow::Result<(PathBuf, FolderLock, f64)> {
    Ok(match place {
        Place::New(out) => {
            let stem = format!("tune-{game}-{}", timestamp());
            let bytes = serde_json::to_vec_pretty(tune)?;
            let (dir, lock) = claim_job_folder(out.as_deref(), &stem, TUNE_REQUEST, &bytes)?;
            (dir, lock, 0.0)
        }
        Place::Resume(dir) => {
            let lock = FolderLock::acquire(&dir)?;
            // Only a note of the pause (the sweeps hold what is played): one that cannot be
            // read costs the seconds it held, not the tuning.
            let note = saved::load::<TuneState>(&dir).ok().flatten();
            let earlier = note.map_or(0.0, |s| s.elapsed_seconds);
            // An older arena's note of the pause goes too.
            for file in [dir.join(TUNE_STATE), dir.join(TUNE_PAUSED)] {
                if file.exists() {
                    std::fs::remove_file(&file)
                        .map_err(|e| crate::output::io_failure("removing", &file, e))?;
                }
            }
            (dir, lock, earlier)
        }
    })
}

/// What a tuning found: the current values, the principle's and the search's, how often
/// each value is earned (by the metric `names`), the seeds and steps, and when it began.
struct Found<'a> {
    tuned: &'a Tuned,
    current: &'a [i64],
    principle: &'a [i64],
    searched: Option<&'a [i64]>,
    difficulty: &'a [f64],
    names: &'a [String],
    seeds: TuneSeeds,
    steps: Vec<SpsaStep>,
    search_noise: Option<StepNoise>,
    /// When this session began, and the seconds of the sessions before it (a resumed pause).
    started: Instant,
    earlier_seconds: f64,
}

/// The measurement's seed, the search's (one a step) and the confirmation's.
#[derive(serde::Serialize)]
struct TuneSeeds {
    measure: u64,
    search: Vec<u64>,
    confirm: u64,
}

/// How the proposals were found, named for the record.
#[derive(serde::Serialize)]
struct TuneMethod {
    principle: &'static str,
    search: Option<&'static str>,
}

/// What `tune.json` says of the tuning (between the build and the file list).
#[derive(serde::Serialize)]
struct TuneRecord<'a> {
    tune: &'a TuneRequest,
    input_files: std::collections::BTreeMap<String, crate::core::file_record::InputFile>,
    seeds: &'a TuneSeeds,
    method: TuneMethod,
    current: &'a [i64],
    proposed: &'a [i64],
    objective_proposal: Option<&'a [i64]>,
    spsa_steps: &'a [SpsaStep],
    /// Whether the search's steps could tell their values apart (`verdict.txt` in words).
    search_noise: Option<StepNoise>,
    elapsed_seconds: f64,
}

/// Write the proposals, `tune.csv`, `verdict.txt` and, last, `tune.json` (with every
/// file's digest); returns what the verdict says.
fn write_tune_files(
    root: &Path,
    tune: &TuneRequest,
    exec: &Execution,
    found: &Found,
    confirmed: &SweepResult,
) -> anyhow::Result<TuneSaid> {
    let base = &tune.request;
    let Found { tuned, current, principle, searched, difficulty: p, names, .. } = *found;
    let share_of = |values: &[i64], i: usize| {
        let name = tuned.variant_name(values);
        let v = confirmed
            .meta
            .variants
            .iter()
            .position(|x| x.name == name)
            .unwrap_or(confirmed.meta.baseline);
        tuned.point_share(&confirmed.block.tallies[v], names, i)
    };
    write_atomic(
        &root.join("proposal.toml"),
        rules_file(
            tuned,
            base,
            principle,
            &format!(
                "arena tune: values inversely proportional to how often {}",
                tuned.model.rate_words().sentence
            ),
        )?
        .as_bytes(),
    )?;
    if let Some(s) = &searched {
        let what = format!("arena tune: SPSA search for --objective {:?}", tune.objective);
        write_atomic(
            &root.join("proposal-objective.toml"),
            rules_file(tuned, base, s, &what)?.as_bytes(),
        )?;
    }
    let mut header = vec![
        tuned.model.item(),
        "current_value",
        "proposed_value",
        tuned.model.rate_words().column,
        "share_of_points_current",
        "share_of_points_proposed",
    ];
    if searched.is_some() {
        header.extend(["objective_value", "share_of_points_objective"]);
    }
    let rows = (0..current.len())
        .map(|i| {
            let mut row = vec![
                (i + 1).to_string(),
                current[i].to_string(),
                principle[i].to_string(),
                f6(p[i]),
                f6(share_of(current, i)),
                f6(share_of(principle, i)),
            ];
            if let Some(s) = &searched {
                row.extend([s[i].to_string(), f6(share_of(s, i))]);
            }
            row
        })
        .collect();
    write_csv(&root.join(TUNE_CSV), &header, rows)?;
    let search = tune.objective.as_ref().map(|objective| SearchFacts {
        objective,
        steps: found.steps.len(),
        matches: tune.step_matches,
        noise: found.search_noise.as_ref(),
    });
    let said = tune_said(confirmed, &tuned.variant_name(principle), search);
    write_atomic(&root.join(VERDICT_TXT), said.whole().as_bytes())?;
    let seconds = found.earlier_seconds + found.started.elapsed().as_secs_f64();
    let mut files: Vec<String> = ["measure", "confirm", "proposal.toml"].map(String::from).into();
    if searched.is_some() {
        files.push("proposal-objective.toml".into());
    }
    files.extend([TUNE_CSV, VERDICT_TXT, TUNE_REQUEST, TUNE_FILE].map(String::from));
    let record = TuneRecord {
        tune,
        input_files: crate::session::plan::input_records(
            tune.request.rules.iter().map(|p| ("rules_file".to_string(), p.clone())),
        ),
        seeds: &found.seeds,
        method: TuneMethod {
            principle: tuned.model.principle(),
            search: tune.objective.as_ref().map(|_| "SPSA, Spall (1992) IEEE TAC 37(3):332-341; gains a/(k+1+A)^0.602, c/(k+1)^0.101 (Spall 1998); both evaluations of a step on one seed"),
        },
        current,
        proposed: principle,
        objective_proposal: searched,
        spsa_steps: &found.steps,
        search_noise: found.search_noise,
        elapsed_seconds: seconds,
    };
    write_record(root, TUNE_FILE, &exec.command_line, &record, files)?;
    // Complete: the sweeps' kept checkpoints have served.
    for sub in ["measure", "confirm"] {
        let spent = crate::session::saved::path::<crate::session::sweep::checkpoint::SweepCheckpoint>(
            &root.join(sub),
        );
        std::fs::remove_file(&spent)
            .map_err(|e| crate::output::io_failure("removing", &spent, e))?;
    }
    Ok(said)
}
