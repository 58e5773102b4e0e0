//! Running a sweep and writing its folder: `sweep.json` (the resolved sweep, written before
//! the first match, so the folder says exactly how to rerun it), one result folder per
//! variant (written by the same [`write_results`] as `arena run`), `sweep.csv`,
//! `sweep_diff.csv` and a manifest. A shard (`--shard I/K`: every variant plays the same
//! contiguous range of deal groups) also leaves `sweep_tally.json`, and
//! [`merge_sweep`](crate::session::sweep::merge::merge_sweep) adds the shards' integer
//! tallies and writes the very files the whole sweep would have.

use crate::core::{Game, GameStats};
use std::any::Any;
use std::path::{Path, PathBuf};

use crate::core::layout::{MANIFEST, SWEEP_CSV, SWEEP_DIFF_CSV, VERDICT_TXT};
use crate::games::AnyGame;
use crate::output::manifest::{RuleValue, write_record};
use crate::output::sweep_csv::{VariantRow, write_sweep, write_sweep_diff};
use crate::output::write_atomic;
use crate::runner::RunSpec;
use crate::runner::sweep::{SweepBlock, play_sweep_block};
use crate::session::blocks::{BlockJob, Course, Ended, Ending, Pause, Paused, drive};
use crate::session::folder::{
    FolderLock, claim_job_folder, prepare_out_dir, read_job_request, timestamp,
};
use crate::session::input::input;
use crate::session::plan::fingerprint::PlanFingerprint;
use crate::session::plan::{Shard, input_records};
use crate::session::run::decides::options_of;
use crate::session::run::execute::Execution;
use crate::session::run::results::{ResultsOf, write_results};
use crate::session::sweep::checkpoint::{SWEEP_FINAL_STATE, SweepCheckpoint};
use crate::session::sweep::{Sweep, SweepMeta, SweepRequest, Variant};
use crate::stats::verdict_flags::VerdictFlags;
use crate::with_game;

/// What a shard of a sweep leaves for `arena merge`.
pub use crate::core::layout::SWEEP_TALLY;
pub use crate::session::plan::request::SWEEP_FILE;

/// A shard's (or whole sweep's) tallies, as `sweep_tally.json` holds them.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SweepTally {
    pub request: SweepRequest,
    pub meta: SweepMeta,
    pub shard: Option<Shard>,
    pub block: SweepBlock,
    pub elapsed_seconds: f64,
}

/// What a sweep produced.
#[derive(Debug)]
pub struct SweepResult {
    pub root: PathBuf,
    pub block: SweepBlock,
    pub meta: SweepMeta,
    pub elapsed_seconds: f64,
    /// Set when a stop signal or the time limit paused the sweep before its end: the next
    /// match to play and why (its checkpoint is saved; `arena sweep --resume` continues).
    pub paused: Option<Paused>,
    /// The verdict's terms, for each variant's words.
    pub verdict: VerdictFlags,
    /// The shard this sweep played (`--shard`); `None` for a whole sweep or a merge.
    pub shard: Option<Shard>,
}

impl Sweep {
    /// The sweep's metadata (what its files are written from).
    pub fn meta(&self) -> SweepMeta {
        let plan = &self.plans[0];
        let spec = &plan.spec;
        SweepMeta {
            game: plan.game.name().to_string(),
            players: spec.players,
            labels: spec.lineup.iter().map(|b| b.label.clone()).collect(),
            metric_names: with_game!(&plan.game, g => g.metric_names(spec.players)),
            metric_docs: with_game!(&plan.game, g => g.metric_docs(spec.players)),
            group: plan.group(),
            seed: spec.seed,
            matches: spec.matches,
            keys: self.keys.clone(),
            variants: self.variants.clone(),
            values: self.key_values(),
            plans: self.plans.iter().map(|p| p.fingerprint(false)).collect(),
            baseline: self.baseline,
        }
    }
}

/// The concrete game inside `any`, known to be a `G` (every variant is the same game).
fn same_game<G: Game>(any: &AnyGame) -> &G {
    let found: Option<&G> = with_game!(any, g => (g as &dyn Any).downcast_ref::<G>());
    found.expect("every variant of a sweep is the same game")
}

/// Play every variant of `sweep` (or its shard) and write the sweep folder. A stop signal or
/// the time limit pauses it at the next block with a checkpoint (`paused` in the result).
pub fn run_sweep(sweep: &Sweep, exec: &Execution) -> anyhow::Result<SweepResult> {
    let meta = sweep.meta();
    let stem = format!("sweep-{}-{}", meta.game, timestamp());
    let bytes = serde_json::to_vec_pretty(&sweep.request)?;
    let (root, _lock) = claim_job_folder(sweep.out.as_deref(), &stem, SWEEP_FILE, &bytes)?;
    play_and_write(sweep, meta, root, exec, None, false)
}

/// [`run_sweep`] for a sweep inside another command's folder (tune's `measure/` and
/// `confirm/`): the last checkpoint (next match = the end) stays, so that resuming the
/// command later has the finished sweep's tallies without playing it again.
pub fn run_sweep_kept(sweep: &Sweep, exec: &Execution) -> anyhow::Result<SweepResult> {
    let meta = sweep.meta();
    let root = sweep.out.clone().expect("a kept sweep has its folder");
    let (_lock, _) = prepare_out_dir(&root)?;
    write_atomic(&root.join(SWEEP_FILE), &serde_json::to_vec_pretty(&sweep.request)?)?;
    play_and_write(sweep, meta, root, exec, None, true)
}

/// Continue the sweep in `dir` (paused, or killed) from its checkpoint, or from its first
/// match when it has none, to the bytes an uninterrupted sweep writes. The sweep is rebuilt
/// from `sweep.json`, so a changed rules file is refused by the checkpoint's check.
/// With `matches` larger than the sweep's, the sweep (finished or paused) is extended to
/// that many matches per variant, to the bytes a sweep of that many writes from the start.
pub fn resume_sweep(
    dir: &Path,
    exec: &Execution,
    matches: Option<u64>,
) -> anyhow::Result<SweepResult> {
    resume_sweep_in(dir, exec, false, matches)
}

/// [`resume_sweep`] for a sweep of [`run_sweep_kept`].
pub fn resume_sweep_kept(dir: &Path, exec: &Execution) -> anyhow::Result<SweepResult> {
    resume_sweep_in(dir, exec, true, None)
}

fn resume_sweep_in(
    dir: &Path,
    exec: &Execution,
    keep: bool,
    matches: Option<u64>,
) -> anyhow::Result<SweepResult> {
    let path = dir.join(SWEEP_FILE);
    let mut request: SweepRequest = read_job_request(dir, SWEEP_FILE, "a sweep")?;
    let had = request.request.matches;
    let extended = matches.is_some_and(|m| m != had);
    if let Some(m) = matches.filter(|_| extended) {
        if m < had || request.request.shard.is_some() {
            let why = if m < had {
                "a sweep can be extended, not shortened"
            } else {
                "a shard's range depends on the total, so a shard cannot be extended"
            };
            return Err(input(format!(
                "--matches {m}: {} plays {had} matches per variant; {why}",
                dir.display()
            )));
        }
        request.request.matches = m;
    }
    let sweep = Sweep::new(request, Some(dir.to_path_buf()))?;
    let meta = sweep.meta();
    let (start, end) = range(&meta, sweep.request.request.shard);
    let lock = FolderLock::acquire(dir)?;
    // Checked before sweep.json changes; adopted after, so that a crash in between leaves
    // a sweep.json whose larger sweep the next `--resume` adopts the state into.
    let adopt = SweepCheckpoint::to_adopt(dir, &meta, meta.group, extended)?;
    if extended {
        write_atomic(&path, &serde_json::to_vec_pretty(&sweep.request)?)?;
    }
    if let Some(state) = adopt {
        let folders: Vec<&str> = meta.variants.iter().map(|v| v.folder.as_str()).collect();
        state.adopt(dir, &meta, end, &folders)?;
    }
    let resume = SweepCheckpoint::load(dir, &meta, (start, end), meta.group, meta.variants.len())?;
    let result = play_and_write(&sweep, meta, dir.to_path_buf(), exec, resume, keep);
    drop(lock);
    result
}

/// The matches a sweep (or its shard) plays.
fn range(meta: &SweepMeta, shard: Option<Shard>) -> (u64, u64) {
    match shard {
        Some(s) => s.range(meta.matches, meta.group),
        None => (0, meta.matches),
    }
}

fn play_and_write(
    sweep: &Sweep,
    meta: SweepMeta,
    root: PathBuf,
    exec: &Execution,
    resume: Option<SweepCheckpoint>,
    keep: bool,
) -> anyhow::Result<SweepResult> {
    let threads = exec.threads;
    let pool = crate::session::blocks::pool(threads)?;
    let shard = sweep.request.request.shard;
    let saving = Saving { dir: &root, resume, keep };
    let (block, ended) = pool.install(
        || with_game!(&sweep.plans[0].game, g0 => play_all(g0, sweep, &meta, exec, Some(saving))),
    )?;
    let (_, end) = range(&meta, shard);
    let verdict = sweep.request.request.verdict()?;
    let elapsed_seconds = ended.elapsed_seconds;
    if let Ending::Paused(by) = ended.ending {
        let paused = Some(Paused { at: ended.next, by });
        return Ok(SweepResult { root, block, meta, elapsed_seconds, paused, verdict, shard });
    }
    let (start, _) = range(&meta, shard);
    let done = SweepCheckpoint {
        meta: meta.clone(),
        start,
        next: end,
        end,
        block: block.clone(),
        elapsed_seconds,
        paused: false,
        paused_by: None,
    };
    crate::session::saved::save_final(&root, &done)?;
    write_sweep_folder(&root, &sweep.request, &meta, &block, shard, exec, elapsed_seconds, None)?;
    // The files are complete: the checkpoint has served (status reads its absence).
    let spent = crate::session::saved::path::<SweepCheckpoint>(&root);
    if !keep && spent.exists() {
        std::fs::remove_file(&spent)
            .map_err(|e| crate::output::io_failure("removing", &spent, e))?;
    }
    Ok(SweepResult { root, block, meta, elapsed_seconds, paused: None, verdict, shard })
}

/// Play every variant of `sweep` (or its shard) on `threads` threads and return the tallies,
/// writing nothing (for searches that only need the figures).
pub fn play_sweep(sweep: &Sweep, threads: usize) -> anyhow::Result<SweepBlock> {
    let pool = crate::session::blocks::pool(threads)?;
    let meta = sweep.meta();
    let exec = Execution::quiet(threads);
    let (block, _) = pool.install(
        || with_game!(&sweep.plans[0].game, g0 => play_all(g0, sweep, &meta, &exec, None)),
    )?;
    Ok(block)
}

/// Where a sweep that may pause keeps its checkpoint, and the one it resumes from.
struct Saving<'a> {
    dir: &'a Path,
    resume: Option<SweepCheckpoint>,
    /// Save a last checkpoint at the end too (see [`run_sweep_kept`]).
    keep: bool,
}

/// A sweep's blocks: match i of every variant on one worker, added to the sweep's tallies.
struct SweepBlocks<'a, G: Game> {
    games: Vec<&'a G>,
    specs: Vec<&'a RunSpec>,
    meta: &'a SweepMeta,
    total: SweepBlock,
    start: u64,
    end: u64,
    dir: Option<&'a Path>,
}

impl<G: Game> BlockJob for SweepBlocks<'_, G> {
    fn play(&mut self, start: u64, end: u64) -> anyhow::Result<()> {
        let block = play_sweep_block(&self.games, &self.specs, self.meta.baseline, start, end);
        self.total.merge(&block);
        Ok(())
    }

    fn save(
        &mut self,
        next: u64,
        elapsed_seconds: f64,
        paused: Option<Pause>,
    ) -> anyhow::Result<()> {
        let Some(dir) = self.dir else { return Ok(()) };
        let cp = SweepCheckpoint {
            meta: self.meta.clone(),
            start: self.start,
            next,
            end: self.end,
            block: self.total.clone(),
            elapsed_seconds,
            paused: paused.is_some(),
            paused_by: paused,
        };
        cp.save(dir)
    }
}

/// Play the sweep's matches from the checkpoint (if any) on; with `saving`, save a
/// checkpoint every half minute and pause on a stop signal or the time limit. Returns the
/// tallies and how the loop ended (where, why, and the seconds spent in all sessions).
fn play_all<G: Game>(
    g0: &G,
    sweep: &Sweep,
    meta: &SweepMeta,
    exec: &Execution,
    saving: Option<Saving>,
) -> anyhow::Result<(SweepBlock, Ended)> {
    let games: Vec<&G> = sweep.plans.iter().map(|p| same_game::<G>(&p.game)).collect();
    debug_assert!(std::ptr::eq(games[0], g0));
    let (start, end) = range(meta, sweep.request.request.shard);
    let resume = saving.as_ref().and_then(|s| s.resume.clone());
    let mut job = SweepBlocks {
        specs: sweep.plans.iter().map(|p| &p.spec).collect(),
        total: SweepBlock::new(games.len(), meta.players, &meta.metric_names, meta.baseline),
        games,
        meta,
        start,
        end,
        dir: saving.as_ref().map(|s| s.dir),
    };
    let mut course = Course {
        label: format!("{} sweep ({} variants)", meta.game, job.games.len()),
        start,
        next: start,
        end,
        group: meta.group,
        check_every: None,
        max_block: None,
        threads: exec.threads,
        quiet: exec.quiet,
        time_limit: exec.time_limit,
        earlier_seconds: 0.0,
        pausable: saving.is_some(),
        resumes_a_pause: false,
    };
    if let Some(cp) = resume {
        job.total = cp.block;
        course.next = cp.next;
        course.earlier_seconds = cp.elapsed_seconds;
        course.resumes_a_pause = cp.paused;
    }
    let ended = drive(&mut job, &course)?;
    for f in &mut job.total.failures {
        f.sort_unstable_by_key(|f| f.index);
    }
    if ended.ending == Ending::Played && saving.as_ref().is_some_and(|s| s.keep) {
        job.save(ended.next, ended.elapsed_seconds, None)?;
    }
    Ok((job.total, ended))
}

/// Write every file of a sweep folder from its tallies (a run, a shard, or a merge).
#[allow(clippy::too_many_arguments)]
pub(super) fn write_sweep_folder(
    root: &Path,
    request: &SweepRequest,
    meta: &SweepMeta,
    block: &SweepBlock,
    shard: Option<Shard>,
    exec: &Execution,
    elapsed_seconds: f64,
    merged_from: Option<&[PathBuf]>,
) -> anyhow::Result<()> {
    let mut files = vec![SWEEP_FILE.to_string()];
    if root.join(SWEEP_FINAL_STATE).exists() && merged_from.is_none() {
        files.push(SWEEP_FINAL_STATE.into());
    }
    for (v, variant) in meta.variants.iter().enumerate() {
        let dir = root.join(&variant.folder);
        crate::output::atomic::create_own_folder(&dir)?;
        let rules_file = request.request.rules.as_deref();
        let game = crate::games::build(&meta.game, rules_file, &variant_sets(request, variant))?;
        let changes = crate::core::rules::changes_phrase(&game.params(), rules_file);
        let length_docs = with_game!(&game, g => g.length_docs(meta.players));
        let of = ResultsOf {
            labels: &meta.labels,
            metrics: &meta.metric_docs,
            length_docs: length_docs.as_deref(),
            group: meta.group,
            seed: meta.seed,
            verdict: request.request.verdict()?,
            changes: changes.as_deref(),
            levels: crate::stats::verdict::Levels::FIXED,
            notes: &[],
            options: &with_game!(&game, g => options_of(g, meta.players)),
        };
        let written = write_results(&dir, &block.tallies[v], &block.failures[v], &of)?;
        let (vfiles, verdict) = (written.files, written.verdict);
        if let Some(s) = shard {
            // The variant's verdict is of this shard's matches too: said first, above it.
            let path = dir.join(VERDICT_TXT);
            let said = std::fs::read_to_string(&path)
                .map_err(|e| crate::output::io_failure("reading", &path, e))?;
            write_atomic(&path, format!("{}\n{said}", meta.shard_line(s, true)).as_bytes())?;
        }
        let rules: Vec<RuleValue> = game.params().iter().map(Into::into).collect();
        let record = VariantRecord {
            part_of_sweep: "..",
            variant: &variant.name,
            sets: &variant.sets,
            plan: &meta.plans[v],
            rules,
            completed_matches: block.tallies[v].matches,
            failed_matches: block.failures[v].len(),
            verdict,
        };
        write_record(&dir, MANIFEST, &exec.command_line, &record, vfiles)?;
        files.push(variant.folder.clone());
    }
    let rows: Vec<VariantRow> = meta
        .variants
        .iter()
        .zip(&meta.values)
        .map(|(v, values)| VariantRow { name: &v.name, folder: &v.folder, values })
        .collect();
    write_sweep(
        &root.join(SWEEP_CSV),
        &meta.keys,
        &rows,
        &block.tallies,
        &meta.metric_names,
        &meta.labels,
    )?;
    write_sweep_diff(&root.join(SWEEP_DIFF_CSV), &rows, &block.paired, meta.players)?;
    let mut verdict = meta.conclusion(block, request.request.verdict()?, shard).join("\n");
    verdict.push('\n');
    write_atomic(&root.join(VERDICT_TXT), verdict.as_bytes())?;
    files.extend([SWEEP_CSV, SWEEP_DIFF_CSV, VERDICT_TXT].map(String::from));
    let tally = SweepTally {
        request: request.clone(),
        meta: meta.clone(),
        shard,
        block: block.clone(),
        elapsed_seconds,
    };
    if shard.is_some() {
        write_atomic(&root.join(SWEEP_TALLY), &crate::output::checked::checked_json(&tally)?)?;
        files.push(SWEEP_TALLY.into());
    }
    files.push(MANIFEST.into());
    let played: u64 = block.tallies.iter().map(|t| t.matches).sum();
    let record = SweepRecord {
        sweep: request,
        // The rules file and the experiment or variants file, by content; each variant's
        // manifest has its card or sheet files in its plan.
        input_files: input_records(
            request.request.rules.iter().map(|p| ("rules_file".to_string(), p.clone())),
        )
        .into_iter()
        .chain(request.inputs.clone())
        .collect(),
        game: &meta.game,
        seed: meta.seed,
        matches_per_variant: meta.matches,
        variants: &meta.variants,
        baseline: &meta.variants[meta.baseline].name,
        shard,
        merged_from: merged_from.map(|d| d.iter().map(|p| p.display().to_string()).collect()),
        threads: exec.threads,
        paired_matches: block.paired.matches,
        elapsed_seconds,
        matches_per_second: played as f64 / elapsed_seconds.max(1e-9),
    };
    write_record(root, MANIFEST, &exec.command_line, &record, files)
}

/// What a variant's manifest says of itself (between the build and the file list).
#[derive(serde::Serialize)]
struct VariantRecord<'a> {
    /// The sweep folder, relative to the variant's.
    part_of_sweep: &'static str,
    variant: &'a str,
    sets: &'a [String],
    plan: &'a PlanFingerprint,
    rules: Vec<RuleValue>,
    completed_matches: u64,
    failed_matches: usize,
    verdict: String,
}

/// What a sweep's manifest says of itself (between the build and the file list).
#[derive(serde::Serialize)]
struct SweepRecord<'a> {
    sweep: &'a SweepRequest,
    input_files: std::collections::BTreeMap<String, crate::core::file_record::InputFile>,
    game: &'a str,
    seed: u64,
    matches_per_variant: u64,
    variants: &'a [Variant],
    baseline: &'a str,
    shard: Option<Shard>,
    merged_from: Option<Vec<String>>,
    threads: usize,
    paired_matches: u64,
    elapsed_seconds: f64,
    matches_per_second: f64,
}

/// The `--set` list a variant is built from (the base settings without its varied keys).
fn variant_sets(request: &SweepRequest, variant: &Variant) -> Vec<String> {
    let keys: Vec<String> = variant
        .sets
        .iter()
        .filter_map(|s| s.split_once('=').map(|(k, _)| k.trim().to_string()))
        .collect();
    let mut sets: Vec<String> = request
        .request
        .sets
        .iter()
        .filter(|s| s.split_once('=').is_none_or(|(k, _)| !keys.iter().any(|x| x == k.trim())))
        .cloned()
        .collect();
    sets.extend(variant.sets.iter().cloned());
    sets
}
