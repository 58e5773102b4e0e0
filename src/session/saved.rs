//! A long job's saved state, one convention for every kind: a run's `checkpoint.json`, a
//! sweep's `sweep_checkpoint.json`, a ladder's `ladder_state.json` and a paused tuning's
//! `tune_state.json` are each one type ([`SavedState`]) written as JSON with a CRC-32 of its
//! content (`output::checked`), atomically, and read back into that same type, checksum first
//! (a changed digit in a count would otherwise be played on). A state that cannot be trusted
//! is refused in one line that names the file and says what to do. Each state says how far its
//! job came and whether, and why, a pause saved it, which is all `arena status` asks of it.

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::output::checked::{checked_content, checked_json};
use crate::output::write_atomic;
use crate::session::blocks::Pause;
use crate::session::input::input;

/// The state a kind of job saves in its folder to continue from.
pub trait SavedState: Serialize + DeserializeOwned {
    /// The file in the job's folder.
    const FILE: &'static str;
    /// The job's kind as a sentence names it: "run", "sweep", "ladder".
    const KIND: &'static str;
    /// Seconds of play in every session so far.
    fn elapsed_seconds(&self) -> f64;
    /// Whether a pause saved this state (not a periodic save of a job that may since have
    /// died), and why: `Some(None)` is a pause whose cause an older arena did not record.
    fn pause(&self) -> Option<Option<Pause>>;
    /// Matches played so far, and of how many when that is known.
    fn done(&self) -> (u64, Option<u64>);
}

/// A state a finished job keeps, for an extension to continue from (`arena run --resume DIR
/// --matches N`, the same for a sweep): the last checkpoint, at rest (no clock, which is the
/// manifest's, and no pause), in a file of its own, so that it is the same bytes for every
/// run of the plan.
pub trait FinalState: SavedState + Clone {
    /// The file in the finished job's folder.
    const FINAL_FILE: &'static str;
    /// The state as kept final.
    fn at_rest(&self) -> Self;
}

/// Keep `state` as the finished job's final state, with its checksum.
pub fn save_final<S: FinalState>(dir: &Path, state: &S) -> anyhow::Result<()> {
    write_atomic(&dir.join(S::FINAL_FILE), &checked_json(&state.at_rest())?)
}

/// The state the job in `dir` would grow from: a finished job's final state (its manifest is
/// written), or a paused or killed job's checkpoint; `None` when it has none (nothing played
/// yet; or, unless `must_exist`, a finished job that kept none). Refused in one line naming
/// the file when it cannot be read, or when a finished job an older arena wrote kept none
/// and `must_exist`. Read only: the kind checks the state against what it is to become.
pub fn to_grow_from<S: FinalState>(dir: &Path, must_exist: bool) -> anyhow::Result<Option<S>> {
    let (path, finished) = grow_path::<S>(dir);
    let kind = S::KIND;
    let refuse = |what: String| input(format!("{}: {what}", path.display()));
    let Some(bytes) = crate::output::read_if_present(&path)? else {
        if finished && must_exist {
            return Err(refuse(format!(
                "missing: the {kind} was finished by an arena that kept no final state, so it cannot be extended; start the larger {kind} afresh"
            )));
        }
        return Ok(None);
    };
    let what = if finished { "final state" } else { "checkpoint" };
    parse_as::<S>(&bytes, what).map(Some).map_err(|e| {
        refuse(format!("{e}; the {kind} cannot be extended: start the larger {kind} afresh"))
    })
}

/// The file [`to_grow_from`] reads in `dir`, and whether the job is finished (its manifest is
/// written): the final state, else the checkpoint. A kind's own refusals name it too.
pub fn grow_path<S: FinalState>(dir: &Path) -> (PathBuf, bool) {
    let finished = dir.join(crate::core::layout::MANIFEST).exists();
    (dir.join(if finished { S::FINAL_FILE } else { S::FILE }), finished)
}

/// The seconds the finished job in `dir` played in all, as its manifest records them (its
/// final state keeps no clock); `None` when it records none.
pub fn finished_seconds(dir: &Path) -> anyhow::Result<Option<f64>> {
    let manifest = dir.join(crate::core::layout::MANIFEST);
    let recorded: crate::core::job_record::ManifestRecord =
        crate::output::read_if_present(&manifest)?
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default();
    Ok(recorded.elapsed_seconds)
}

/// Make the finished job in `dir` a paused one holding `state` (its final state, grown to a
/// larger plan): the checkpoint is saved first and the manifest removed next, so that a crash
/// anywhere leaves a folder `--resume` reopens or continues; then `stale` (pages and files of
/// the old counts, which the final write makes anew), whatever of it exists.
pub fn reopen<S: FinalState>(dir: &Path, state: &S, stale: &[PathBuf]) -> anyhow::Result<()> {
    save(dir, state)?;
    let manifest = dir.join(crate::core::layout::MANIFEST);
    if manifest.exists() {
        std::fs::remove_file(&manifest)
            .map_err(|e| crate::output::io_failure("removing", &manifest, e))?;
    }
    for path in stale {
        let _ =
            if path.is_dir() { std::fs::remove_dir_all(path) } else { std::fs::remove_file(path) };
    }
    Ok(())
}

/// What `arena status` reads from any job's saved state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Saved {
    pub done: u64,
    pub planned: Option<u64>,
    pub pause: Option<Option<Pause>>,
    pub elapsed_seconds: f64,
}

/// Where a job of kind `S` keeps its state in `dir`.
pub fn path<S: SavedState>(dir: &Path) -> PathBuf {
    dir.join(S::FILE)
}

/// Save `state` in `dir`, atomically, with its checksum.
pub fn save<S: SavedState>(dir: &Path, state: &S) -> anyhow::Result<()> {
    write_atomic(&path::<S>(dir), &checked_json(state)?)
}

/// The one refusal of a saved state: the file, what is wrong with it, and what to do.
pub fn refusal<S: SavedState>(dir: &Path, what: &str) -> anyhow::Error {
    let kind = S::KIND;
    input(format!(
        "{}: {what}; the {kind}'s checkpoint is damaged or from another {kind}: delete it to play the {kind} from the start",
        path::<S>(dir).display()
    ))
}

/// The state in `dir`, if there is one; refused by [`refusal`] when its checksum or its
/// content is not one arena wrote. The kind's own checks against its plan come after.
pub fn load<S: SavedState>(dir: &Path) -> anyhow::Result<Option<S>> {
    let Some(bytes) = crate::output::read_if_present(&path::<S>(dir))? else {
        return Ok(None);
    };
    parse::<S>(&bytes).map(Some).map_err(|e| refusal::<S>(dir, &e))
}

fn parse<S: SavedState>(bytes: &[u8]) -> Result<S, String> {
    parse_as(bytes, "checkpoint")
}

/// A state read back, checksum first; `what` names it in the refusal.
fn parse_as<S: SavedState>(bytes: &[u8], what: &str) -> Result<S, String> {
    let unreadable = |e: String| format!("not a {} {what} arena can read ({e})", S::KIND);
    let content = checked_content(bytes).map_err(unreadable)?;
    serde_json::from_slice(content).map_err(|e| unreadable(e.to_string()))
}

/// How far the job in `dir` came by its saved state, for `arena status` (read only: a state
/// that is absent or cannot be trusted says nothing, and the job is counted from its start).
pub fn saved<S: SavedState>(dir: &Path) -> Option<Saved> {
    let bytes = std::fs::read(path::<S>(dir)).ok()?;
    let state = parse::<S>(&bytes).ok()?;
    let (done, planned) = state.done();
    Some(Saved { done, planned, pause: state.pause(), elapsed_seconds: state.elapsed_seconds() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize, serde::Deserialize)]
    struct Count {
        n: u64,
    }

    impl SavedState for Count {
        const FILE: &'static str = "count.json";
        const KIND: &'static str = "count";
        fn elapsed_seconds(&self) -> f64 {
            1.5
        }
        fn pause(&self) -> Option<Option<Pause>> {
            Some(Some(Pause::TimeLimit))
        }
        fn done(&self) -> (u64, Option<u64>) {
            (self.n, None)
        }
    }

    #[test]
    fn a_state_reads_back_and_a_changed_digit_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        assert!(load::<Count>(dir.path()).unwrap().is_none());
        save(dir.path(), &Count { n: 12 }).unwrap();
        assert_eq!(load::<Count>(dir.path()).unwrap().unwrap().n, 12);
        let s = saved::<Count>(dir.path()).unwrap();
        assert_eq!((s.done, s.pause), (12, Some(Some(Pause::TimeLimit))));
        let file = dir.path().join("count.json");
        let text = std::fs::read_to_string(&file).unwrap().replace("12", "13");
        std::fs::write(&file, text).unwrap();
        let err = load::<Count>(dir.path()).err().unwrap().to_string();
        assert!(err.contains("count.json") && err.contains("checksum"), "{err}");
        assert!(err.contains("delete it to play the count from the start"), "{err}");
        assert!(saved::<Count>(dir.path()).is_none());
    }
}
