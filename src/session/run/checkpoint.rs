//! Checkpoints: a run's progress, saved atomically every half minute, at a pause, and once
//! more when all matches are played (before the final files are written), so that a run
//! killed at any moment, even halfway through writing its results, continues with
//! `--resume` to exactly the bytes of an uninterrupted run. A checkpoint is checked against
//! the plan before it is trusted: a damaged or edited one is refused, naming the file. The
//! file carries a CRC-32 of its content (`output::checked`), checked before anything else.

use std::path::Path;

use crate::core::layout::{MATCHES_CSV, MATCHES_DIR, NOTABLE_FILE, REPORT_HTML};
use crate::runner::{Failure, Notable};
use crate::session::blocks::Pause;
use crate::session::input::input;
use crate::session::plan::Shard;
use crate::session::plan::fingerprint::PlanFingerprint;
use crate::session::saved::{self, FinalState, SavedState};
use crate::stats::Tally;

/// The checkpoint an interrupted run leaves in its folder.
pub use crate::core::layout::{CHECKPOINT, FINAL_STATE};

/// Where a stopping rule ended the run (kept so a resumed final write says the same).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StoppedAt {
    pub at: u64,
    pub reason: String,
}

/// A run's progress.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Checkpoint {
    pub plan: PlanFingerprint,
    pub shard: Option<Shard>,
    /// The next match to play; the end of the range once every match is played.
    pub next: u64,
    pub tally: Tally,
    pub failures: Vec<Failure>,
    /// Bytes of `matches.csv.partial` that belong to the matches before `next`.
    pub matches_csv_bytes: Option<u64>,
    /// CRC-32 of those bytes, checked before the file is continued.
    #[serde(default)]
    pub matches_csv_crc32: Option<u32>,
    pub elapsed_seconds: f64,
    /// Set when a stopping rule ended the run at `next`.
    #[serde(default)]
    pub stopped: Option<StoppedAt>,
    /// The matches worth seeing so far (a resumed run picks the same ones).
    #[serde(default)]
    pub notable: Notable,
    /// Saved because a stop signal or the time limit paused the run, and why (absent from
    /// periodic saves, final states and an older arena's checkpoints).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused_by: Option<Pause>,
}

impl FinalState for Checkpoint {
    const FINAL_FILE: &'static str = FINAL_STATE;
    fn at_rest(&self) -> Self {
        Checkpoint { elapsed_seconds: 0.0, paused_by: None, ..self.clone() }
    }
}

impl SavedState for Checkpoint {
    const FILE: &'static str = CHECKPOINT;
    const KIND: &'static str = "run";
    fn elapsed_seconds(&self) -> f64 {
        self.elapsed_seconds
    }
    fn pause(&self) -> Option<Option<Pause>> {
        self.paused_by.map(Some)
    }
    fn done(&self) -> (u64, Option<u64>) {
        (self.tally.matches.saturating_add(self.failures.len() as u64), None)
    }
}

/// What a checkpoint must agree with.
pub struct Expected<'a> {
    pub plan: &'a PlanFingerprint,
    pub shard: Option<Shard>,
    pub start: u64,
    pub end: u64,
    pub group: u64,
    pub players: usize,
    pub metrics: usize,
    pub per_match: bool,
}

impl Checkpoint {
    pub fn save(&self, dir: &Path) -> anyhow::Result<()> {
        saved::save(dir, self)
    }

    /// The checkpoint in `dir`, if there is one, checked against `expected`.
    pub fn load(dir: &Path, expected: &Expected) -> anyhow::Result<Option<Checkpoint>> {
        let Some(mut cp) = saved::load::<Checkpoint>(dir)? else {
            return Ok(None);
        };
        let refuse = |what: String| saved::refusal::<Checkpoint>(dir, &what);
        cp.paused_by = None; // Resumed: no longer paused.
        if !cp.plan.same_numbers(expected.plan) && cp.plan.extended_by(expected.plan) {
            // A paused run given more matches (or a tighter target) plays on; one its old
            // target stopped asks the new target there first (`blocks::drive`).
            cp.plan = expected.plan.clone();
            cp.stopped = None;
        }
        if !cp.plan.same_numbers(expected.plan) {
            let diff = cp.plan.differences(expected.plan);
            return Err(refuse(format!("written by a different plan ({})", diff.join("; "))));
        }
        if cp.shard != expected.shard {
            return Err(refuse(format!(
                "written for shard {:?}, this run is shard {:?}",
                cp.shard, expected.shard
            )));
        }
        cp.check(expected).map_err(refuse)?;
        Ok(Some(cp))
    }

    /// The progress of a run about to play its first match.
    pub fn fresh(e: &Expected) -> Checkpoint {
        Checkpoint {
            plan: e.plan.clone(),
            shard: e.shard,
            next: e.start,
            tally: Tally::new(e.players, e.metrics),
            failures: Vec::new(),
            matches_csv_bytes: e.per_match.then_some(0),
            matches_csv_crc32: e.per_match.then_some(0),
            elapsed_seconds: 0.0,
            stopped: None,
            notable: Notable::default(),
            paused_by: None,
        }
    }

    /// Whether the finished run in `dir` was a run of another plan than `plan` (its final
    /// state says so): a resume is then an extension for [`Checkpoint::reopen`] to check.
    pub fn finished_under_another_plan(dir: &Path, plan: &PlanFingerprint) -> bool {
        // A final state that cannot be read is not taken for this plan's: the run is then
        // reopened, which refuses it in one line naming the file.
        match saved::to_grow_from::<Checkpoint>(dir, false) {
            Ok(kept) => kept.is_some_and(|was| !was.plan.same_numbers(plan)),
            Err(_) => true,
        }
    }

    /// Make the finished run in `dir` a run paused at its last match under the plan
    /// `expected` asks for (more matches, or a tighter target), so that playing on gives
    /// the folder a run of that plan from the start would have written. The checkpoint is
    /// written first and the manifest removed next: a crash anywhere leaves a folder that
    /// `--resume` reopens or continues. Refused, naming the file, when the plans differ in
    /// anything else or the run's last deal group was cut short.
    pub fn reopen(dir: &Path, expected: &Expected) -> anyhow::Result<()> {
        let Some(mut cp) =
            Checkpoint::extensible(dir, expected.plan, expected.start, expected.group)?
        else {
            return Ok(());
        };
        let path = dir.join(FINAL_STATE);
        let refuse = |what: String| input(format!("{}: {what}", path.display()));
        cp.plan = expected.plan.clone();
        cp.stopped = None;
        cp.paused_by = None;
        // Above zero: a run with seconds is a resumed one (its manifest says so).
        cp.elapsed_seconds = saved::finished_seconds(dir)?.unwrap_or(0.0).max(1e-9);
        cp.check(expected).map_err(refuse)?;
        // Pages of the old picks; the final write makes the new ones.
        let stale = [NOTABLE_FILE, REPORT_HTML, MATCHES_DIR].map(|f| dir.join(f));
        saved::reopen(dir, &cp, &stale)
    }

    /// The state the run in `dir` would go on from under the plan `plan` (its fingerprint;
    /// its matches from `start`, in deal groups of `group`): a finished run's final state
    /// (and its `matches.csv`, checked against it), or a paused run's checkpoint (`None`
    /// when it has none). Refused in one line naming the file when `plan` does not extend
    /// the run's plan or the run's last deal group was cut short. Read only: asked before
    /// `plan.json` or anything else in the folder changes, so a refused extension changes
    /// nothing.
    pub fn extensible(
        dir: &Path,
        plan: &PlanFingerprint,
        start: u64,
        group: u64,
    ) -> anyhow::Result<Option<Checkpoint>> {
        let (path, finished) = saved::grow_path::<Checkpoint>(dir);
        let refuse = |what: String| input(format!("{}: {what}", path.display()));
        // Nothing played yet: the larger plan starts from its start.
        let Some(cp) = saved::to_grow_from::<Checkpoint>(dir, true)? else {
            return Ok(None);
        };
        if !cp.plan.extended_by(plan) {
            let diff = cp.plan.differences(plan);
            return Err(refuse(format!(
                "the run cannot be extended to this plan: only more --matches or a tighter --until-ci continue a run ({})",
                diff.join("; ")
            )));
        }
        if cp.stopped.is_none() && !(cp.next - start).is_multiple_of(group) {
            return Err(refuse(format!(
                "the run's {} matches end inside a deal group of {group} (its last deal was played under only some seatings), so more matches would not give what one larger run gives; run the larger plan afresh",
                cp.next - start
            )));
        }
        if let (true, Some(bytes), Some(crc)) =
            (finished, cp.matches_csv_bytes, cp.matches_csv_crc32)
        {
            let rows = dir.join(MATCHES_CSV);
            let found = crate::output::matches_csv::digest(&rows)?;
            if (found.bytes, found.crc32) != (bytes, crc) {
                return Err(input(format!(
                    "{}: {} bytes with CRC-32 {:08x}, but {FINAL_STATE} recorded {bytes} bytes with CRC-32 {crc:08x}: the file was changed after the run wrote it, so the run cannot be extended; run the larger plan afresh",
                    rows.display(),
                    found.bytes,
                    found.crc32
                )));
            }
        }
        Ok(Some(cp))
    }

    /// The counts inside agree with the plan and with each other.
    fn check(&self, e: &Expected) -> Result<(), String> {
        let next = self.next;
        if next < e.start || next > e.end {
            return Err(format!(
                "next match {next} is outside this run's matches {}..{}",
                e.start, e.end
            ));
        }
        if next != e.end && !(next - e.start).is_multiple_of(e.group) {
            return Err(format!(
                "next match {next} is not at the start of a deal group of {} matches",
                e.group
            ));
        }
        let t = &self.tally;
        if t.players != e.players || t.metrics.len() != e.metrics {
            return Err(format!(
                "its tally is for {} players and {} metrics, the plan has {} and {}",
                t.players,
                t.metrics.len(),
                e.players,
                e.metrics
            ));
        }
        let played = next - e.start;
        if t.matches + self.failures.len() as u64 != played {
            return Err(format!(
                "its tally counts {} matches and {} failures, but {played} were played before match {next}",
                t.matches,
                self.failures.len()
            ));
        }
        if t.seats[..e.players].iter().any(|s| s.matches != t.matches) {
            return Err("its seats' match counts disagree with its total".into());
        }
        if let Some(f) = self.failures.iter().find(|f| f.index < e.start || f.index >= next) {
            return Err(format!(
                "it lists a failure at match {} outside {}..{next}",
                f.index, e.start
            ));
        }
        if self.matches_csv_bytes.is_some() != self.matches_csv_crc32.is_some() {
            return Err("it records the length of matches.csv.partial without its CRC-32".into());
        }
        if self.matches_csv_bytes.is_some() != e.per_match {
            return Err("it disagrees with the plan on whether matches.csv is written".into());
        }
        if self.stopped.as_ref().is_some_and(|s| s.at != next) {
            return Err("its stopping point is not its next match".into());
        }
        Ok(())
    }
}
