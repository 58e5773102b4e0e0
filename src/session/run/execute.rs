//! Executing one plan (or one shard of it) on the current thread pool: block by block in
//! match-index order, with a checkpoint every half minute and on `time_limit`, a stopping
//! rule checked only at fixed match counts, per-match rows streamed in order, and at the end
//! the result files and the manifest. Resuming from a checkpoint gives the same bytes as an
//! uninterrupted run, and so does resuming after a crash at any step of the final write:
//! a last checkpoint is saved before the first result file, and the manifest, written last,
//! is what marks a game complete.

use std::path::Path;

use crate::core::Game;
use crate::core::layout::{MANIFEST, MATCHES_CSV};
use crate::core::rules::Rules;
use crate::output::csv_files::{METRIC_INTERVAL, WIN_RATE_INTERVAL};
use crate::output::manifest::{Build, Listing, Manifest};
use crate::output::matches_csv::{FileDigest, MatchesCsv, RowText, RowWriter, digest};
use crate::output::{failpoint, io_failure, partial_path, write_atomic};
use crate::runner::worker::{play_block, play_block_rows};
use crate::runner::{Failure, RunSpec};
use crate::session::blocks::{BlockJob, Course, Ended, Ending, Pause, Paused, drive};
use crate::session::input::input;
use crate::session::plan::fingerprint::PlanFingerprint;
use crate::session::plan::pilot::expected_stop;
use crate::session::plan::{Plan, Shard, Stopping};
use crate::session::progress::ExpectedEnd;
use crate::session::run::checkpoint::{Checkpoint, Expected, FINAL_STATE, StoppedAt};
use crate::session::run::decides::options_of;
use crate::session::run::results::{ResultsOf, SHARD_TALLY, ShardTally, write_results};
use crate::session::run::status_file::{STATUS_FILE, State, StatusWriter};
use crate::session::view::notable::{picks, write_notable};
use crate::stats::verdict::Levels;
use crate::stats::{SideFigures, Tally};

pub use crate::session::run::checkpoint::CHECKPOINT;

/// Settings of a run that do not change any number in the output.
#[derive(Clone, Debug)]
pub struct Execution {
    pub threads: usize,
    pub per_match: bool,
    pub quiet: bool,
    pub command_line: Vec<String>,
    /// Pause (with a checkpoint) once this many seconds have passed.
    pub time_limit: Option<f64>,
    /// Files the command read besides the plan's (an experiment file), by what they are,
    /// each `{path, sha256}` as read when the job began: the manifest records them.
    pub inputs: std::collections::BTreeMap<String, crate::core::file_record::InputFile>,
}

impl Execution {
    /// `threads` threads, no per-match rows, no progress output, no time limit.
    pub fn quiet(threads: usize) -> Execution {
        Execution {
            threads,
            per_match: false,
            quiet: true,
            command_line: Vec::new(),
            time_limit: None,
            inputs: Default::default(),
        }
    }
}

/// What a run produced (also returned to tests).
#[derive(Debug)]
pub struct RunSummary {
    /// What was played (the plan's spec).
    pub spec: RunSpec,
    pub tally: Tally,
    /// Each seat's figures with their intervals, from the computation `seats.csv` is
    /// written with (the console prints these, never figures of its own).
    pub seats: Vec<SideFigures>,
    pub failures: Vec<Failure>,
    pub elapsed_seconds: f64,
    pub verdict: String,
    /// The length measure the game is counted in (`GameStats::length_unit`).
    pub length_unit: &'static str,
    pub stopped: Option<StopReport>,
    /// Set when a stopping rule's target was not reached before the maximum matches.
    pub unmet: Option<String>,
    /// Set when a stop signal or `--time-limit` paused the run: where and why (a checkpoint
    /// holds the rest).
    pub paused: Option<Paused>,
    /// What the rules changed from the game's defaults, if anything (said on stdout's first
    /// line, so a changed run never reads like a default one).
    pub changes: Option<String>,
    /// What decides a match: the strongest lever, and seat, skill and luck, with how each
    /// was chosen (`--explain`).
    pub decides: Vec<String>,
    /// The answer in one phrase (stdout's first line of the game).
    pub headline: String,
    /// The few short lines a person reads after the seats and the length.
    pub short: Vec<String>,
    /// The game's row in a table of games.
    pub glance: crate::session::run::results::Glance,
}

/// `ARENA_FAILPOINT=final:<step>:crash` kills the process at that step of the final write
/// (for the tests that prove every step resumable).
fn final_step(step: &str) -> anyhow::Result<()> {
    failpoint(&format!("final:{step}")).map_err(|e| anyhow::anyhow!("final write, {step}: {e}"))
}

/// Play `plan` (or its shard) on the current rayon pool and write its files into `out`.
pub fn execute<G: Game>(
    game: &G,
    plan: &Plan,
    exec: &Execution,
    out: &Path,
    shard: Option<Shard>,
    resume: bool,
) -> anyhow::Result<RunSummary> {
    let spec: &RunSpec = &plan.spec;
    let group = spec.seating.group_size(spec.players);
    // Only a fixed count is sure to end in a part of a deal: a stopping rule's run stops at
    // a check (the default experiment's too, whose cap the user never chose), and what it
    // played is said when it ends.
    let fixed_count = plan.stopping.is_none();
    if fixed_count
        && !spec.matches.is_multiple_of(group)
        && !exec.quiet
        && shard.is_none_or(|s| s.index == 0)
    {
        crate::session::voice::err(&format!(
            "note: {}: {} matches is not a multiple of {group} (one deal per {} group of {} players), so the last deal is played under only some seatings",
            game.name(),
            spec.matches,
            spec.seating.name(),
            spec.players
        ));
    }
    let (start, end) = match shard {
        Some(s) => s.range(spec.matches, group),
        None => (0, spec.matches),
    };
    let fingerprint = plan.fingerprint(exec.per_match);
    let metrics = game.metric_names(spec.players).len();
    let expected = Expected {
        plan: &fingerprint,
        shard,
        start,
        end,
        group,
        players: spec.players,
        metrics,
        per_match: exec.per_match,
    };
    if resume && out.join(MANIFEST).exists() {
        // A finished run given more matches (the caller found its plan changed).
        Checkpoint::reopen(out, &expected)?;
    }
    let loaded = if resume { Checkpoint::load(out, &expected)? } else { None };
    if let (Some(cp), false) = (&loaded, exec.quiet) {
        crate::session::voice::err(&format!(
            "resuming {} at match {} of {start}..{end}",
            game.name(),
            cp.next
        ));
    }
    let cp = loaded.unwrap_or_else(|| Checkpoint::fresh(&expected));
    let resumed = cp.elapsed_seconds > 0.0;
    let rows = open_rows(&cp, start, spec, out)?;
    let mut job = RunBlocks {
        game,
        spec,
        stopping: plan.stopping,
        status: StatusWriter::new(out, game.name(), end - start, cp.next - start),
        start,
        cp,
        rows,
        out,
    };
    job.progressed(job.cp.next)?;
    let course = Course {
        label: game.name().to_string(),
        start,
        next: job.cp.next,
        end,
        group,
        check_every: plan.stopping.map(|s| s.check_every),
        max_block: exec.per_match.then_some(MAX_ROWS_PER_BLOCK),
        threads: exec.threads,
        quiet: exec.quiet,
        time_limit: exec.time_limit,
        earlier_seconds: job.cp.elapsed_seconds,
        pausable: true,
        resumes_a_pause: false,
    };
    let ended = if job.cp.stopped.is_some() {
        // A final write that crashed after the stopping rule ended the run: write it again.
        Ended {
            ending: Ending::Stopped,
            next: job.cp.next,
            elapsed_seconds: course.earlier_seconds,
        }
    } else {
        drive(&mut job, &course)?
    };
    let RunBlocks { mut cp, rows, .. } = job;
    if let Ending::Paused(by) = ended.ending {
        return Ok(RunSummary {
            spec: spec.clone(),
            seats: cp.tally.seats.iter().take(cp.tally.players).map(SideFigures::of).collect(),
            tally: cp.tally,
            failures: cp.failures,
            elapsed_seconds: cp.elapsed_seconds,
            verdict: String::new(),
            length_unit: game.length_unit(),
            stopped: None,
            unmet: None,
            paused: Some(Paused { at: cp.next, by }),
            changes: None,
            decides: Vec::new(),
            headline: String::new(),
            short: Vec::new(),
            glance: Default::default(),
        });
    }
    // The cap is a sequential design's last look even where it is no check point (a cap
    // that is not a multiple of the looks' spacing, or below it): its verdict is asked there.
    if cp.stopped.is_none()
        && let Some(stopping) = plan.stopping.filter(|s| s.until_decided.is_some())
        && let Some(reason) = stopping.reason(&cp.tally, cp.next - start)
    {
        cp.stopped = Some(StoppedAt { at: cp.next, reason });
    }
    // Every match is played: save that, so a crash in the final write loses nothing.
    let mut rows = rows;
    save(&mut cp, rows.as_mut(), ended.elapsed_seconds, out)?;
    final_step("checkpoint")?;
    let finish = Finish { game, plan, exec, out, shard, start, end, group, resumed };
    finish.write(cp, rows, fingerprint)
}

/// The most matches in one block of a run that writes `matches.csv`: the rows of two blocks
/// (one being written, one being played) are all it holds, whatever the thread count.
const MAX_ROWS_PER_BLOCK: u64 = 1 << 15;

/// The per-match file, created or continued where the checkpoint left it.
fn open_rows(
    cp: &Checkpoint,
    start: u64,
    spec: &RunSpec,
    out: &Path,
) -> anyhow::Result<Option<RowWriter>> {
    let matches_path = out.join(MATCHES_CSV);
    let csv = match cp.matches_csv_bytes {
        None => return Ok(None),
        Some(_) if cp.next == start => MatchesCsv::create(&matches_path, spec.players)?,
        Some(bytes) => {
            if !partial_path(&matches_path).exists() && matches_path.exists() {
                // A crash after matches.csv was renamed into place (or a finished run being
                // extended): take it back.
                std::fs::rename(&matches_path, partial_path(&matches_path))
                    .map_err(|e| io_failure("renaming", &matches_path, e))?;
            }
            let crc = cp.matches_csv_crc32.unwrap_or_default();
            match MatchesCsv::resume(&matches_path, bytes, crc)? {
                Ok(w) => w,
                Err(why) => {
                    return Err(input(format!(
                        "{}: {why}; delete it and checkpoint.json to play this run from the start",
                        partial_path(&matches_path).display()
                    )));
                }
            }
        }
    };
    Ok(Some(RowWriter::new(csv)))
}

/// A run's blocks: the matches of its plan, added to its checkpoint, rows to matches.csv.
struct RunBlocks<'a, G: Game> {
    game: &'a G,
    spec: &'a RunSpec,
    stopping: Option<Stopping>,
    status: StatusWriter,
    start: u64,
    cp: Checkpoint,
    rows: Option<RowWriter>,
    out: &'a Path,
}

impl<G: Game> BlockJob for RunBlocks<'_, G> {
    fn play(&mut self, start: u64, end: u64) -> anyhow::Result<()> {
        let block = match &self.rows {
            Some(_) => {
                let text = RowText { players: self.spec.players, seed: self.spec.seed };
                play_block_rows(self.game, self.spec, start, end, &|r, out| text.write(r, out))
            }
            None => play_block(self.game, self.spec, start, end, false),
        };
        let cp = &mut self.cp;
        cp.tally.merge(&block.tally);
        cp.notable.merge(&block.notable);
        cp.failures.extend(block.failures);
        cp.next = end;
        if let Some(w) = self.rows.as_mut() {
            w.send(block.rows)?;
        }
        Ok(())
    }

    fn stops_at(&mut self, next: u64) -> bool {
        let played = next - self.start;
        let reason = self.stopping.and_then(|st| st.reason(&self.cp.tally, played));
        self.cp.stopped = reason.map(|reason| StoppedAt { at: next, reason });
        self.cp.stopped.is_some()
    }

    fn expected_end(&self, end: u64) -> ExpectedEnd {
        // Only an interval's width can be foreseen (an SPRT's stop depends on the path, a
        // verdict's on the true shares).
        let Some(Stopping { until_ci: Some(width), sprt: None, check_every, until_decided: None }) =
            self.stopping
        else {
            return ExpectedEnd { at: end, sooner_possible: self.stopping.is_some() };
        };
        let seat = &self.cp.tally.seats[0];
        let group = self.spec.seating.group_size(self.spec.players);
        let probe = (seat.win_shares(), seat.matches);
        let at = expected_stop(probe, self.spec.players, width, check_every, group).min(end);
        ExpectedEnd { at, sooner_possible: false }
    }

    fn progressed(&mut self, next: u64) -> anyhow::Result<()> {
        let stopping = self.stopping.as_ref().map(|r| (r, &self.cp.tally));
        self.status.running(next - self.start, stopping)
    }

    fn save(
        &mut self,
        next: u64,
        elapsed_seconds: f64,
        paused: Option<Pause>,
    ) -> anyhow::Result<()> {
        self.cp.paused_by = paused;
        save(&mut self.cp, self.rows.as_mut(), elapsed_seconds, self.out)?;
        if let Some(by) = paused {
            // The status file's message says why, for `arena status`.
            self.status.stopped(State::Paused, next - self.start, Some(by.words().into()))?;
        }
        Ok(())
    }
}

/// Save `cp` with the per-match file written and flushed to the length it records.
fn save(
    cp: &mut Checkpoint,
    rows: Option<&mut RowWriter>,
    elapsed_seconds: f64,
    out: &Path,
) -> anyhow::Result<()> {
    if let Some(w) = rows {
        let csv = w.wait()?;
        cp.matches_csv_bytes = Some(csv.flushed_len()?);
        cp.matches_csv_crc32 = Some(csv.crc32());
    }
    cp.elapsed_seconds = elapsed_seconds;
    cp.save(out)
}

/// What the final write needs besides the counts.
struct Finish<'a, G: Game> {
    game: &'a G,
    plan: &'a Plan,
    exec: &'a Execution,
    out: &'a Path,
    shard: Option<Shard>,
    start: u64,
    end: u64,
    group: u64,
    resumed: bool,
}

impl<G: Game> Finish<'_, G> {
    /// Write the result files, the notable matches, the per-match file, a shard's tally,
    /// the final state (what an extension continues from) and, last, the manifest.
    fn write(
        &self,
        cp: Checkpoint,
        rows: Option<RowWriter>,
        fingerprint: PlanFingerprint,
    ) -> anyhow::Result<RunSummary> {
        let (game, plan, out) = (self.game, self.plan, self.out);
        let spec = &plan.spec;
        let labels: Vec<String> = spec.lineup.iter().map(|b| b.label.clone()).collect();
        let metrics = game.metric_docs(spec.players);
        let changes =
            crate::core::rules::changes_phrase(&game.rules().params(), plan.rules_file.as_deref());
        let length_docs = game.length_docs(spec.players);
        // A stopping rule whose target the run never reached is said where the verdict is
        // read (verdict.txt, the page, stdout), not only in the manifest.
        let unmet = match (&plan.stopping, &cp.stopped) {
            (Some(rule), None) => Some(format!(
                "stopping rule not met: the maximum of {} matches was reached first ({})",
                self.end - self.start,
                crate::session::run::status_file::closeness(rule, &cp.tally, cp.next - self.start)
            )),
            _ => None,
        };
        let mut notes = Vec::new();
        // A shard of one is the whole run: nothing to caveat.
        if let Some(s) = self.shard.filter(|s| s.count > 1) {
            notes.push(format!(
                "This shard only (shard {}/{} of the run: {} of its {} matches, from match {}): the verdict above comes from this shard's matches; merge the shards with `arena merge` for the run's verdict.",
                s.index,
                s.count,
                self.end - self.start,
                spec.matches,
                self.start
            ));
        }
        if !spec.lineup.iter().all(|b| b.is_reproducible()) {
            // Said in the folder itself, not only in the manifest: these numbers depend on
            // the machine's speed, so the same seed will not give them again.
            notes.push(NOT_REPRODUCIBLE.to_string());
        }
        notes.extend(unmet.clone());
        let of = ResultsOf {
            labels: &labels,
            metrics: &metrics,
            length_docs: length_docs.as_deref(),
            group: self.group,
            seed: spec.seed,
            verdict: plan.verdict,
            changes: changes.as_deref(),
            levels: plan
                .stopping
                .and_then(|s| s.until_decided)
                .map_or(Levels::FIXED, |rule| rule.levels(cp.next - self.start, spec.players)),
            notes: &notes,
            options: &options_of(game, spec.players),
        };
        let written = write_results(out, &cp.tally, &cp.failures, &of)?;
        let (mut files, verdict) = (written.files, written.verdict);
        final_step("results")?;
        // The matches worth seeing, replayed from the plan (a few pages; see session::view).
        files.extend(write_notable(out, plan, &picks(&cp.notable, &cp.tally, &labels))?);
        let matches_digest: Option<FileDigest> = match rows {
            Some(w) => {
                w.finish()?.commit()?;
                files.push(MATCHES_CSV.into());
                final_step("matches")?;
                Some(digest(&out.join(MATCHES_CSV))?)
            }
            None => None,
        };
        if let Some(s) = self.shard {
            let st = ShardTally {
                plan: fingerprint.clone(),
                shard: s,
                tally: cp.tally.clone(),
                failures: cp.failures.clone(),
                labels: labels.clone(),
                metric_names: game.metric_names(spec.players),
                metric_docs: metrics.into_iter().map(|(_, doc)| doc).collect(),
                notable: cp.notable.clone(),
                group: self.group,
                seed: spec.seed,
                verdict: plan.verdict.resolved(),
                older_margin_pp: None,
                elapsed_seconds: cp.elapsed_seconds,
                matches_csv: matches_digest,
            };
            // Checksummed, as a sweep's tally and a ladder's state: a changed digit is refused
            // by the merge, never added in.
            write_atomic(&out.join(SHARD_TALLY), &crate::output::checked::checked_json(&st)?)?;
            files.push(SHARD_TALLY.into());
            final_step("tally")?;
        }
        crate::session::saved::save_final(out, &cp)?;
        files.push(FINAL_STATE.into());
        files.push(MANIFEST.into());
        let stopped = cp.stopped.clone().map(|s| StopReport {
            rule: plan.stopping.expect("a stopping point needs a stopping rule"),
            stopped_at: s.at,
            reason: s.reason,
        });
        let manifest = self.manifest(&cp, &verdict, stopped.as_ref(), matches_digest, files)?;
        write_atomic(&out.join(MANIFEST), &serde_json::to_vec_pretty(&manifest)?)?;
        final_step("manifest")?;
        // The manifest now says finished: the checkpoint and the status file are spent.
        for spent in [crate::session::saved::path::<Checkpoint>(out), out.join(STATUS_FILE)] {
            std::fs::remove_file(&spent).map_err(|e| io_failure("removing", &spent, e))?;
        }
        Ok(RunSummary {
            spec: spec.clone(),
            seats: cp.tally.seats.iter().take(cp.tally.players).map(SideFigures::of).collect(),
            tally: cp.tally,
            failures: cp.failures,
            elapsed_seconds: cp.elapsed_seconds,
            verdict,
            length_unit: game.length_unit(),
            stopped,
            unmet,
            paused: None,
            changes,
            decides: written.decides,
            headline: written.headline,
            short: written.short,
            glance: written.glance,
        })
    }

    fn manifest(
        &self,
        cp: &Checkpoint,
        verdict: &str,
        stopped: Option<&StopReport>,
        matches_csv: Option<FileDigest>,
        files: Vec<String>,
    ) -> anyhow::Result<Manifest> {
        let (spec, plan, exec) = (&self.plan.spec, self.plan, self.exec);
        let (tally, elapsed) = (&cp.tally, cp.elapsed_seconds);
        let played = tally.matches + cp.failures.len() as u64;
        let group = self.group;
        let stopping = match (stopped, plan.stopping) {
            (Some(s), _) => Some(serde_json::json!({
                "rule": s.rule, "stopped_at_match": s.stopped_at, "reason": s.reason})),
            (None, Some(rule)) => Some(serde_json::json!({"rule": rule, "stopped_at_match": null,
                "reason": "the maximum --matches was reached first"})),
            (None, None) => None,
        };
        Ok(Manifest {
            build: Build::this(&exec.command_line),
            game: self.game.name().to_string(),
            rules: self.game.rules().params().iter().map(Into::into).collect(),
            rules_file: plan.rules_file.as_ref().map(|p| p.display().to_string()),
            input_files: plan.inputs_read(&exec.inputs),
            players: spec.players,
            lineup: spec.lineup.clone(),
            matches: spec.matches,
            seed: spec.seed,
            seating: spec.seating,
            shard: self.shard.map(|s| {
                let (a, b) = s.range(spec.matches, group);
                serde_json::json!({"index": s.index, "count": s.count, "first_match": a, "end_match": b})
            }),
            resumed: self.resumed,
            threads: exec.threads,
            reproducible: spec.lineup.iter().all(|b| b.is_reproducible()),
            completed_matches: tally.matches,
            failed_matches: cp.failures.len() as u64,
            capped_matches: tally.capped,
            elapsed_seconds: elapsed,
            matches_per_second: played as f64 / elapsed.max(1e-9),
            verdict: verdict.to_string(),
            stopping,
            win_rate_interval: WIN_RATE_INTERVAL,
            metric_interval: METRIC_INTERVAL,
            quantile_method: "nearest-rank (inverse empirical CDF), exact from histograms",
            matches_csv,
            listing: Listing::of(self.out, files)?,
        })
    }
}

/// The second line of `verdict.txt` (and of the printed summary) when a bot had a
/// wall-clock budget.
pub const NOT_REPRODUCIBLE: &str = "Not reproducible: a bot has a wall-clock budget (seconds), so these numbers depend on this machine's speed and load; use an iterations budget to reproduce them.";

/// Where and why a stopping rule ended a run.
#[derive(Clone, Debug)]
pub struct StopReport {
    pub rule: Stopping,
    pub stopped_at: u64,
    pub reason: String,
}
