//! `arena rerun DIR`: play a finished folder's job again from its own record and tell whether
//! the result is the same. [`prepare`] finds the job (a folder inside one, such as a game of
//! the default experiment, reruns the whole job), checks that it finished, and gives the
//! command line its page prints, sent to a new folder; the command line runs it as a reader
//! pasting it would; [`compare`] then holds every CSV file of the new folder to the old one's,
//! byte for byte.
//!
//! Only the CSV files are compared: they hold every number. The rest may differ between two
//! plays of one job by design: `manifest.json` and the other records (`plan.json`,
//! `ladder.json`, `tune.json`, checkpoints and final states) say when, how fast, on how many
//! threads and with which command line; `report.html` shows the time taken; `verdict.txt`
//! and the replay pages say the CSV files' numbers in words and pictures, and name the
//! rules file as the command line gave it.

use std::path::{Path, PathBuf};

use crate::core::job_record::{LadderRecord, PlanRecord};
use crate::core::layout::LADDER_FILE;
use crate::output::manifest::{CRATE_VERSION, GIT_COMMIT, RAND_VERSION};
use crate::report::rerun::{Job, JobKind, MadeBy, job_words, with_out};
use crate::report::{ReportError, read_record};
use crate::session::input::input;
use crate::session::plan::request::SCALE_VAR;

/// A finished job, ready to be played again into a new folder.
#[derive(Debug)]
pub struct Rerun {
    pub job: Job,
    /// The build the job's folder records.
    pub made_by: MadeBy,
    /// The command line that plays it into [`Rerun::out`] (`arena` first).
    pub words: Vec<String>,
    pub out: PathBuf,
}

fn refused(e: ReportError) -> anyhow::Error {
    input(e.to_string())
}

/// The rerun of the job `dir` belongs to, into `out` (default: a folder beside the job's own,
/// its name with `-rerun`). Bad input, one line naming the folder or the file and key: `dir`
/// missing, holding no record or a damaged one, an unfinished job, `out` the job's own
/// folder or one that holds files, or `ARENA_SCALE` set (it would play fewer matches than
/// the record says).
pub fn prepare(dir: &Path, out: Option<&Path>) -> anyhow::Result<Rerun> {
    if !dir.is_dir() {
        return Err(input(format!("arena rerun: {} is not a folder", dir.display())));
    }
    if std::env::var_os(SCALE_VAR).is_some() {
        return Err(input(format!(
            "arena rerun: {SCALE_VAR} is set, so the rerun would play fewer matches than {} records; unset it",
            dir.display()
        )));
    }
    let job = Job::of(dir).map_err(refused)?;
    finished(&job)?;
    let made_by = job.made_by().map_err(refused)?;
    let out = match out {
        Some(out) => out.to_path_buf(),
        // A job's folder named `.` (typed so, or a game named inside its experiment's
        // folder) has no name to change: `NAME-rerun` beside it is found from its real path,
        // else it would land inside the job.
        None => {
            let named = job.root.file_name().is_some_and(|n| n != "." && n != "..");
            let root = if named { job.root.clone() } else { absolute(&job.root) };
            root.with_file_name(format!("{}-rerun", job.folder_name()))
        }
    };
    if same_folder(&out, &job.root) {
        return Err(input(format!(
            "arena rerun --out {}: that is the folder being rerun; name a new one",
            out.display()
        )));
    }
    // Inside the job's folder the rerun's files would be compared as the job's own (and a
    // sweep or an experiment would list it as one of theirs); around it, the other way.
    let (out_at, root_at) = (absolute(&out), absolute(&job.root));
    if out_at.starts_with(&root_at) || root_at.starts_with(&out_at) {
        return Err(input(format!(
            "arena rerun --out {}: that folder is inside {} or holds it; name one beside it",
            out.display(),
            job.root.display()
        )));
    }
    // Said here rather than by the command it runs, whose advice (`--resume` that folder)
    // would not compare anything.
    if std::fs::read_dir(&out).is_ok_and(|mut entries| entries.next().is_some()) {
        return Err(input(format!(
            "arena rerun --out {}: that folder already holds files; remove it or name a new one",
            out.display()
        )));
    }
    let words = with_out(job_words(&job).map_err(refused)?, &out.display().to_string());
    Ok(Rerun { job, made_by, words, out })
}

/// `path` made absolute through its nearest existing ancestor (the rest as named), so that a
/// folder not made yet can be placed against another.
fn absolute(path: &Path) -> std::path::PathBuf {
    let mut rest = Vec::new();
    let mut at = path.to_path_buf();
    loop {
        if let Ok(real) = at.canonicalize() {
            return rest.iter().rev().fold(real, |p, part| p.join(part));
        }
        match (at.file_name().map(|n| n.to_os_string()), at.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name);
                at = if parent.as_os_str().is_empty() { ".".into() } else { parent.to_path_buf() };
            }
            _ => return path.to_path_buf(),
        }
    }
}

fn same_folder(a: &Path, b: &Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// Refuse a job that has not finished: its record is written last (the default experiment's
/// games each have one, and its skill check's ladders say whether they are complete).
fn finished(job: &Job) -> anyhow::Result<()> {
    let root = job.root.display();
    let unfinished = |what: &str| {
        input(format!(
            "arena rerun: {root} holds a job that has not finished ({what}); finish it with `--resume`, then rerun it"
        ))
    };
    if job.kind == JobKind::Experiment {
        let plan: PlanRecord =
            read_record(&job.root, crate::core::layout::PLAN_FILE).map_err(refused)?;
        let games: Vec<String> = plan.fingerprints.into_keys().collect();
        if let Some(game) = games.iter().find(|g| !job.root.join(g).join("manifest.json").is_file())
        {
            return Err(unfinished(&format!("{game} has no manifest.json")));
        }
        for ladder in crate::report::run_subfolders_with(&job.root.join("skill"), LADDER_FILE) {
            let file: LadderRecord = read_record(&ladder, LADDER_FILE).map_err(refused)?;
            if !file.complete {
                return Err(unfinished(&format!("the skill check of {}", ladder.display())));
            }
        }
        return Ok(());
    }
    match job.record_file() {
        Ok(_) => Ok(()),
        Err(ReportError::Input(why)) => Err(unfinished(&why)),
        Err(e) => Err(refused(e)),
    }
}

impl Rerun {
    /// A warning when the folder was made by another build than this one, which may give
    /// other numbers for the same line.
    pub fn other_build(&self) -> Option<String> {
        let this = MadeBy {
            crate_version: CRATE_VERSION.into(),
            git_commit: GIT_COMMIT.into(),
            rand_version: RAND_VERSION.into(),
        };
        (self.made_by != this).then(|| {
            format!(
                "{} was made by {}, and this is {}: another version may give other numbers",
                self.job.root.display(),
                self.made_by.words(),
                this.words()
            )
        })
    }
}

/// What a rerun's CSV files are beside the original's, by path inside the job's folder.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Byte for byte the same.
    pub identical: Vec<String>,
    pub differ: Vec<String>,
    /// In the original folder only.
    pub missing: Vec<String>,
    /// In the rerun's folder only.
    pub extra: Vec<String>,
}

impl Comparison {
    pub fn matches(&self) -> bool {
        self.differ.is_empty() && self.missing.is_empty() && self.extra.is_empty()
    }

    /// The one line that says it: "matches DIR: 14 CSV files byte-identical" or "differs
    /// from DIR: seats.csv, lengths.csv differ; ...".
    pub fn line(&self, original: &Path, rerun: &Path) -> String {
        let (original, rerun) = (original.display(), rerun.display());
        if self.matches() {
            let n = self.identical.len();
            return format!(
                "matches {original}: {n} CSV file{} byte-identical in {rerun}",
                if n == 1 { "" } else { "s" }
            );
        }
        let mut parts = Vec::new();
        if !self.differ.is_empty() {
            parts.push(format!("{} differ", self.differ.join(", ")));
        }
        if !self.missing.is_empty() {
            parts.push(format!("{} missing from {rerun}", self.missing.join(", ")));
        }
        if !self.extra.is_empty() {
            parts.push(format!("{} only in {rerun}", self.extra.join(", ")));
        }
        let n = self.identical.len();
        format!(
            "differs from {original}: {} ({n} other CSV file{} byte-identical)",
            parts.join("; "),
            if n == 1 { "" } else { "s" }
        )
    }
}

/// Compare every CSV file under `original` with the one at the same path under `rerun`.
pub fn compare(original: &Path, rerun: &Path) -> anyhow::Result<Comparison> {
    let (before, after) = (csv_files(original)?, csv_files(rerun)?);
    let mut c = Comparison::default();
    for name in &before {
        if !after.contains(name) {
            c.missing.push(name.clone());
            continue;
        }
        let read = |dir: &Path| {
            let path = dir.join(name);
            std::fs::read(&path).map_err(|e| crate::output::io_failure("reading", &path, e))
        };
        if read(original)? == read(rerun)? {
            c.identical.push(name.clone());
        } else {
            c.differ.push(name.clone());
        }
    }
    c.extra = after.into_iter().filter(|n| !before.contains(n)).collect();
    Ok(c)
}

/// The CSV files under `root`, by path inside it (`/`-separated), sorted; hidden entries
/// (a lock, a temporary file) are left out.
fn csv_files(root: &Path) -> anyhow::Result<Vec<String>> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) -> anyhow::Result<()> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| crate::output::io_failure("listing", dir, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| crate::output::io_failure("listing", dir, e))?;
            let path = entry.path();
            if entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            // Not through a link: a result folder holds none, and one would be compared twice.
            let kind =
                entry.file_type().map_err(|e| crate::output::io_failure("reading", &path, e))?;
            if kind.is_dir() {
                walk(root, &path, out)?;
            } else if kind.is_file() && path.extension().is_some_and(|e| e == "csv") {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                let parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("/"));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(root, root, &mut out)?;
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparison_names_each_file_that_differs() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        for (dir, seats) in [(a.path(), "1\n"), (b.path(), "2\n")] {
            std::fs::create_dir(dir.join("pig")).unwrap();
            std::fs::write(dir.join("pig/seats.csv"), seats).unwrap();
            std::fs::write(dir.join("bots.csv"), "same\n").unwrap();
            std::fs::write(dir.join("manifest.json"), seats).unwrap();
        }
        std::fs::write(a.path().join("lengths.csv"), "x\n").unwrap();
        let c = compare(a.path(), b.path()).unwrap();
        assert_eq!(c.identical, ["bots.csv"]);
        assert_eq!(c.differ, ["pig/seats.csv"]);
        assert_eq!(c.missing, ["lengths.csv"]);
        assert!(!c.matches());
        let line = c.line(Path::new("old"), Path::new("new"));
        assert_eq!(
            line,
            "differs from old: pig/seats.csv differ; lengths.csv missing from new (1 other CSV file byte-identical)"
        );
        let same = compare(a.path(), a.path()).unwrap();
        assert!(same.matches());
        assert_eq!(
            same.line(Path::new("old"), Path::new("new")),
            "matches old: 3 CSV files byte-identical in new"
        );
    }

    #[test]
    fn a_folder_without_a_finished_job_is_refused_in_one_line() {
        let tmp = tempfile::tempdir().unwrap();
        let err = prepare(&tmp.path().join("none"), None).unwrap_err().to_string();
        assert!(err.contains("is not a folder"), "{err}");
        let err = prepare(tmp.path(), None).unwrap_err().to_string();
        assert!(err.contains("no record of a job to rerun"), "{err}");
        // A run that has not written its manifest yet.
        std::fs::write(tmp.path().join("plan.json"), r#"{"request": {"game": "pig"}}"#).unwrap();
        let err = prepare(tmp.path(), None).unwrap_err().to_string();
        assert!(err.contains("has not finished"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
