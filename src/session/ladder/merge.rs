//! `arena merge` of a ladder's shards: each finished shard's `ladder.json` and final state
//! gathered as every kind's shards are (`session::shards`), each job's counts taken from
//! the one shard that plays it, and the files the whole ladder writes written once.

use std::path::{Path, PathBuf};

use super::{
    LADDER_STATE, Ladder, LadderFile, LadderRequest, LadderResult, LadderState, failed_matches,
    finish, read_ladder_file,
};
use crate::runner::ladder::JobState;
use crate::session::folder::prepare_out_dir;
use crate::session::input::input;
use crate::session::plan::Shard;
use crate::session::saved;
use crate::session::shards::{ShardRecord, gather};

/// A finished shard of a ladder, as `arena merge` reads it: its record and its final state.
struct LadderShard {
    file: LadderFile,
    state: LadderState,
}

impl ShardRecord for LadderShard {
    const KIND: &'static str = "ladder";
    fn read(dir: &Path) -> anyhow::Result<Self> {
        let file = read_ladder_file(dir)?;
        if !file.complete {
            return Err(input(format!(
                "{}: this shard has not finished; `{}` first",
                dir.display(),
                crate::session::folder::resume_line(crate::core::layout::FolderKind::Ladder, dir)
            )));
        }
        let state = saved::load::<LadderState>(dir)?
            .ok_or_else(|| input(format!("{}: no {LADDER_STATE}", dir.display())))?;
        Ok(LadderShard { file, state })
    }
    fn shard(&self) -> Option<Shard> {
        self.file.request.shard
    }
    fn differs_from(&self, first: &Self) -> Option<String> {
        let same = first.file.fingerprint.same_numbers(&self.file.fingerprint)
            && self.file.fingerprint.same_numbers(&self.state.fingerprint);
        (!same).then(|| "its ladder.json or its state differs".into())
    }
    fn elapsed_seconds(&self) -> f64 {
        self.state.elapsed_seconds
    }
}

/// Combine the complete shards of one ladder into `out` (new or empty), writing the files the
/// whole ladder would have written.
pub fn merge_ladder(
    shards: &[PathBuf],
    out: &Path,
    command_line: &[String],
) -> anyhow::Result<LadderResult> {
    let gathered = gather::<LadderShard>(shards)?;
    let (first_dir, first) = &gathered.records[0];
    let whole = Ladder::new(
        LadderRequest { shard: None, ..first.file.request.clone() },
        Some(out.to_path_buf()),
    )?;
    let fingerprint = whole.fingerprint();
    if !first.file.fingerprint.same_numbers(&fingerprint) {
        return Err(input(format!(
            "{}: the ladder's plan has changed since it was played (a rules file edited, or arena updated?)",
            first_dir.display()
        )));
    }
    let jobs = whole.design.jobs().len();
    let mut states: Vec<Option<JobState>> = vec![None; jobs];
    for (dir, shard) in &gathered.records {
        if shard.state.jobs.len() != jobs {
            return Err(input(format!(
                "{}: its {LADDER_STATE} does not hold this ladder's {jobs} jobs; rerun that shard",
                dir.display()
            )));
        }
        for (j, s) in shard.state.jobs.iter().enumerate() {
            if let Some(s) = s {
                states[j] = Some(s.clone());
            }
        }
    }
    let elapsed = gathered.elapsed_seconds;
    // Each shard's state holds the jobs it plays: an edited one may have dropped one.
    let states = (states.into_iter().enumerate())
        .map(|(j, s)| {
            let job = whole.design.job_name(whole.design.jobs()[j]);
            s.ok_or_else(|| {
                let dirs: Vec<String> = shards.iter().map(|d| d.display().to_string()).collect();
                let dirs = dirs.join(", ");
                input(format!("no {LADDER_STATE} of the shards ({dirs}) holds the job `{job}`"))
            })
        })
        .collect::<anyhow::Result<Vec<JobState>>>()?;
    let (lock, _) = prepare_out_dir(out)?;
    let state = LadderState {
        fingerprint,
        elapsed_seconds: elapsed,
        jobs: states.iter().cloned().map(Some).collect(),
        paused: false,
        paused_by: None,
    };
    saved::save(out, &state)?;
    finish(&whole, out, &states, elapsed, command_line)?;
    drop(lock);
    let failures = failed_matches(&states);
    Ok(LadderResult {
        root: out.to_path_buf(),
        paused: None,
        states,
        elapsed_seconds: elapsed,
        failures,
    })
}
