//! Checkpoints: a run's progress, saved atomically every half minute, at a pause, and once
//! more when all matches are played (before the final files are written), so that a run
//! killed at any moment, even halfway through writing its results, continues with
//! `--resume` to exactly the bytes of an uninterrupted run. A checkpoint is checked against
//! the plan before it is trusted: a damaged or edited one is refused, naming the file. The
//! file carries a CRC-32 of its content (`output::checked`), checked before anything else.

use std::path::{Path, PathBuf};

use crate::arena::{Failure, Notable};
use crate::output::checked::{checked_content, checked_json};
use crate::output::write_atomic;
use crate::session::input::input;
use crate::session::plan::Shard;
use crate::session::plan::request::fingerprint_differences;
use crate::stats::Tally;

/// The checkpoint an interrupted run leaves in its folder.
pub const CHECKPOINT: &str = "checkpoint.json";

/// Where a stopping rule ended the run (kept so a resumed final write says the same).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StoppedAt {
    pub at: u64,
    pub reason: String,
}

/// A run's progress.
#[derive(Clone, serde::Serialize, serde::Deserialize)]
pub struct Checkpoint {
    pub plan: serde_json::Value,
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
}

/// What a checkpoint must agree with.
pub struct Expected<'a> {
    pub plan: &'a serde_json::Value,
    pub shard: Option<Shard>,
    pub start: u64,
    pub end: u64,
    pub group: u64,
    pub players: usize,
    pub metrics: usize,
    pub per_match: bool,
}

impl Checkpoint {
    pub fn path(dir: &Path) -> PathBuf {
        dir.join(CHECKPOINT)
    }

    pub fn save(&self, dir: &Path) -> anyhow::Result<()> {
        write_atomic(&Checkpoint::path(dir), &checked_json(self)?)
    }

    /// The checkpoint in `dir`, if there is one, checked against `expected`.
    pub fn load(dir: &Path, expected: &Expected) -> anyhow::Result<Option<Checkpoint>> {
        let path = Checkpoint::path(dir);
        let Some(bytes) = crate::output::read_if_present(&path)? else {
            return Ok(None);
        };
        let refuse = |what: String| {
            input(format!(
                "{}: {what}; the checkpoint is damaged or from another run: delete it to play this run from the start",
                path.display()
            ))
        };
        // The checksum first: a changed digit in a count would pass every check below.
        let content = checked_content(&bytes)
            .map_err(|e| refuse(format!("not a checkpoint arena can read ({e})")))?;
        let cp: Checkpoint = serde_json::from_slice(content)
            .map_err(|e| refuse(format!("not a checkpoint arena can read ({e})")))?;
        if cp.plan != *expected.plan {
            let diff = fingerprint_differences(&cp.plan, expected.plan);
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
