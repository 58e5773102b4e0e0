//! Which job a result folder belongs to, and which build made it. A folder inside a job (a
//! game of the default experiment, its skill check's ladder, a sweep's variant, a tuning's
//! sweep) was played by the whole job, so it is rerun by rerunning the job: [`Job::of`] walks
//! up to the folder whose record (`plan.json`, `sweep.json`, `ladder.json`,
//! `tune_request.json`) says what the job resolved to.

use std::path::{Path, PathBuf};

use crate::core::job_record::{CommandRecord, PlanRecord};
use crate::core::layout::{FolderKind, LADDER_FILE, MANIFEST, PLAN_FILE, TUNE_FILE};
use crate::report::{ReportError, read_record, run_subfolders};

/// The command a job was played by, as its record says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// `arena run --game G`: one game (a shard too).
    Run,
    /// `arena run` without a game: every game, then the skill check.
    Experiment,
    Sweep,
    Ladder,
    Tune,
    /// `arena merge`: shards' folders combined; its record names the shards, not the plan.
    Merge,
}

/// A job: what played it and its own folder (the root of every folder it wrote).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub kind: JobKind,
    pub root: PathBuf,
}

/// The build a folder records having been made by (`Build` in its manifest or record).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(default)]
pub struct MadeBy {
    pub crate_version: String,
    pub git_commit: String,
    pub rand_version: String,
}

impl MadeBy {
    /// "arena 0.1.0 (commit eaafbc27d2ad, rand 0.10.3)", the commit cut to 12 hex digits (as
    /// `git` takes it) and its "-dirty" mark said in words; empty fields are ones the folder
    /// does not record.
    pub fn words(&self) -> String {
        if self.crate_version.is_empty() {
            return "an arena whose version the folder does not record".to_string();
        }
        let commit = match self.git_commit.strip_suffix("-dirty") {
            Some(c) => format!("commit {} with uncommitted changes", short(c)),
            None if self.git_commit == "unknown" || self.git_commit.is_empty() => {
                "commit unknown".to_string()
            }
            None => format!("commit {}", short(&self.git_commit)),
        };
        let rand = if self.rand_version.is_empty() { "unknown" } else { &self.rand_version };
        format!("arena {} ({commit}, rand {rand})", self.crate_version)
    }
}

fn short(commit: &str) -> &str {
    commit.get(..12).unwrap_or(commit)
}

impl Job {
    /// The job that wrote `dir`; an input error, naming the folder, when `dir` holds no
    /// record of one.
    pub fn of(dir: &Path) -> Result<Job, ReportError> {
        let has = |d: &Path, file: &str| d.join(file).is_file();
        let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let job = |kind: JobKind, root: &Path| Job { kind, root: root.to_path_buf() };
        match FolderKind::of(dir) {
            Some(FolderKind::Tune) => return Ok(job(JobKind::Tune, dir)),
            // A tuning's measurement and confirmation are sweeps of its own.
            Some(FolderKind::Sweep) if FolderKind::of(parent) == Some(FolderKind::Tune) => {
                return Ok(job(JobKind::Tune, parent));
            }
            Some(FolderKind::Sweep) => {
                return Ok(job(merged_or(dir, MANIFEST, JobKind::Sweep), dir));
            }
            Some(FolderKind::Ladder) => {
                // The default experiment's skill check: `<experiment>/skill/<game>/`.
                let experiment = parent.parent().filter(|_| parent.ends_with("skill"));
                if let Some(root) = experiment.filter(|r| is_experiment(r)) {
                    return Ok(job(JobKind::Experiment, root));
                }
                return Ok(job(merged_or(dir, LADDER_FILE, JobKind::Ladder), dir));
            }
            Some(FolderKind::Run) => {
                let kind = if is_experiment(dir) { JobKind::Experiment } else { JobKind::Run };
                return Ok(job(kind, dir));
            }
            // A sweep's variant and a default experiment's game have results but no record
            // of their own: the job is their parent's.
            _ if FolderKind::of(parent) == Some(FolderKind::Sweep) && has(dir, MANIFEST) => {
                return Job::of(parent);
            }
            _ if is_experiment(parent) && has(dir, MANIFEST) => {
                return Ok(job(JobKind::Experiment, parent));
            }
            Some(FolderKind::Results)
                if merged_or(dir, MANIFEST, JobKind::Run) == JobKind::Merge =>
            {
                return Ok(job(JobKind::Merge, dir));
            }
            _ => {}
        }
        Err(ReportError::Input(format!(
            "{}: no record of a job to rerun (plan.json, sweep.json, ladder.json or tune_request.json, or a merge's manifest.json)",
            dir.display()
        )))
    }

    /// The build that made the job, from the file that records it: `Err` naming the file
    /// when the job has not finished (that file is written last) or the file is not JSON.
    pub fn made_by(&self) -> Result<MadeBy, ReportError> {
        let record = self.record_file()?;
        let (dir, file) = (record.parent().unwrap_or(Path::new(".")), name_of(&record));
        // An older (or a normalised golden) record may leave a part out: said, not refused.
        read_record::<MadeBy>(dir, &file)
    }

    /// The file written when the job finished, which records the build and the command:
    /// a game's manifest for the default experiment, else the job's own.
    pub fn record_file(&self) -> Result<PathBuf, ReportError> {
        let own = |file: &str| self.root.join(file);
        let path = match self.kind {
            JobKind::Run | JobKind::Sweep => own(MANIFEST),
            JobKind::Ladder => own(LADDER_FILE),
            JobKind::Tune => own(TUNE_FILE),
            JobKind::Merge if self.root.join(LADDER_FILE).is_file() => own(LADDER_FILE),
            JobKind::Merge => own(MANIFEST),
            JobKind::Experiment => match run_subfolders(&self.root).first() {
                Some(game) => game.join(MANIFEST),
                None => own(MANIFEST),
            },
        };
        if path.is_file() {
            Ok(path)
        } else {
            Err(ReportError::Input(format!(
                "{}: missing, written when the job finishes",
                path.display()
            )))
        }
    }

    /// The job's folder's own name (`c-luck` of `/home/me/results/c-luck`), which the rerun
    /// line names so that it holds no path of the machine that made it.
    pub fn folder_name(&self) -> String {
        folder_name(&self.root)
    }
}

/// The last part of `dir`'s name, resolving `.` and `..` when it has none of its own.
pub fn folder_name(dir: &Path) -> String {
    let named = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    named(dir)
        .filter(|n| n != "." && n != "..")
        .or_else(|| dir.canonicalize().ok().and_then(|p| named(&p)))
        .unwrap_or_else(|| "results".to_string())
}

fn name_of(path: &Path) -> String {
    path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

/// Whether `dir` holds the default experiment: its `plan.json` asks for no one game.
fn is_experiment(dir: &Path) -> bool {
    read_record::<PlanRecord>(dir, PLAN_FILE)
        .is_ok_and(|p| p.request.is_some_and(|r| r.game.is_none()))
}

/// `Merge` when the record `file` in `dir` was written by `arena merge`, else `kind`.
fn merged_or(dir: &Path, file: &str, kind: JobKind) -> JobKind {
    let merged = read_record::<CommandRecord>(dir, file).is_ok_and(|r| r.is_merge());
    if merged { JobKind::Merge } else { kind }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn golden(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name)
    }

    #[test]
    fn a_folder_inside_a_job_is_rerun_by_the_whole_job() {
        let run = Job::of(&golden("pig")).unwrap();
        assert_eq!(run, Job { kind: JobKind::Run, root: golden("pig") });
        let experiment = golden("default-experiment");
        let game = Job::of(&experiment.join("dardz")).unwrap();
        assert_eq!(game, Job { kind: JobKind::Experiment, root: experiment.clone() });
        assert_eq!(Job::of(&experiment).unwrap().kind, JobKind::Experiment);
        assert_eq!(game.folder_name(), "default-experiment");
        let err = Job::of(&golden("")).unwrap_err().to_string();
        assert!(err.contains("no record of a job to rerun"), "{err}");
    }

    #[test]
    fn the_build_is_said_in_words() {
        let made = |commit: &str| MadeBy {
            crate_version: "0.1.0".into(),
            git_commit: commit.into(),
            rand_version: "0.10.3".into(),
        };
        let clean = made("eaafbc27d2ad41119264cf3cb6d062110f5fd138").words();
        assert_eq!(clean, "arena 0.1.0 (commit eaafbc27d2ad, rand 0.10.3)");
        let dirty = made("eaafbc27d2ad41119264cf3cb6d062110f5fd138-dirty").words();
        assert!(dirty.contains("commit eaafbc27d2ad with uncommitted changes"), "{dirty}");
        assert!(made("unknown").words().contains("commit unknown"));
        let none = MadeBy { crate_version: String::new(), ..made("") };
        assert_eq!(none.words(), "an arena whose version the folder does not record");
    }
}
