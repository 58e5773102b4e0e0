//! `report.html`: one self-contained page per result folder (a run, a shard merge, a sweep,
//! or the default experiment's summary with a page per game), built only from the folder's
//! CSV files, `verdict.txt`, `manifest.json` and `plan.json`, so it works on old runs and
//! never re-plays a match. Floor 3 beside `output`: it uses neither `session` nor `cli`.

pub mod charts;
pub mod decides;
pub mod html;
pub mod ladder;
pub mod method;
pub mod notable;
pub mod page;
pub mod question;
pub mod recorded;
pub mod rerun;
pub mod run_page;
pub mod summary;
pub mod sweep;
pub mod sweep_answer;
pub mod table;
pub mod verdict;
pub mod words;

use crate::core::layout::{LADDER_CSV, MANIFEST, REPORT_HTML, SWEEP_CSV};
use std::path::{Path, PathBuf};

/// Why a report could not be written. `Input` is a folder that is not a (complete) result
/// folder or a missing or malformed file: one line naming the file, exit code 2 at the
/// command line.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("{0}")]
    Input(String),
    #[error("drawing a chart: {0}")]
    Chart(String),
    #[error("{0}")]
    Io(String),
}

/// What kind of folder a report was written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Run,
    Sweep,
    Experiment,
    Ladder,
}

/// The pages written: the folder's own `report.html` first, then any per-game or
/// per-variant pages it links to.
#[derive(Debug)]
pub struct Written {
    pub kind: Kind,
    pub pages: Vec<PathBuf>,
}

/// The folders inside `dir` that are complete runs (hold a `manifest.json`), sorted.
pub(crate) fn run_subfolders(dir: &Path) -> Vec<PathBuf> {
    run_subfolders_with(dir, MANIFEST)
}

/// The subfolders of `dir` that hold `file`, sorted (none if `dir` does not exist).
pub(crate) fn run_subfolders_with(dir: &Path, file: &str) -> Vec<PathBuf> {
    let mut subs: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && p.join(file).is_file())
        .collect();
    subs.sort();
    subs
}

/// The record `file` in `dir`, read as its type (`core::job_record`); a page's input error
/// naming the file otherwise.
pub(crate) fn read_record<T: serde::de::DeserializeOwned>(
    dir: &Path,
    file: &str,
) -> Result<T, ReportError> {
    crate::core::job_record::read_record(dir, file).map_err(ReportError::Input)
}

/// Read `dir/file` as JSON; missing or malformed is an input error naming it.
pub(crate) fn read_json(dir: &Path, file: &str) -> Result<serde_json::Value, ReportError> {
    read_record(dir, file)
}

/// Write `dir/report.html` whole or not at all (a temporary file renamed into place).
fn save(dir: &Path, html: &str) -> Result<PathBuf, ReportError> {
    let path = dir.join(REPORT_HTML);
    let tmp = dir.join(".report.html.tmp");
    // Never through a link: a planted `.report.html.tmp -> elsewhere` is removed, not
    // followed (create_fresh), and the rename replaces a linked report.html itself.
    // (The same steps as output::atomic::create_fresh, which this floor may not use.)
    match std::fs::remove_file(&tmp) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(ReportError::Io(format!("removing {}: {e}", tmp.display()))),
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(|e| ReportError::Io(format!("creating {}: {e}", tmp.display())))?;
    std::io::Write::write_all(&mut file, html.as_bytes())
        .and_then(|_| std::fs::rename(&tmp, &path))
        .map_err(|e| ReportError::Io(format!("writing {}: {e}", path.display())))?;
    Ok(path)
}

/// Build every page first and write them only when all built, so bad input never leaves a
/// half report.
fn save_all(pages: Vec<(PathBuf, String)>) -> Result<Vec<PathBuf>, ReportError> {
    pages.iter().map(|(dir, html)| save(dir, html)).collect()
}

/// Write the report of the result folder `dir`: a sweep (`sweep.csv` at the top), a run
/// (`manifest.json`), a ladder (`ladder.csv`), or the default experiment (game folders with
/// manifests).
pub fn write(dir: &Path) -> Result<Written, ReportError> {
    if !dir.is_dir() {
        return Err(ReportError::Input(format!("{}: not a folder", dir.display())));
    }
    if dir.join(LADDER_CSV).is_file() {
        let html = ladder::render(dir, None)?;
        return Ok(Written {
            kind: Kind::Ladder,
            pages: save_all(vec![(dir.to_path_buf(), html)])?,
        });
    }
    if dir.join(SWEEP_CSV).is_file() {
        let variants = run_subfolders(dir);
        let mut pages = vec![(dir.to_path_buf(), sweep::render(dir)?)];
        for v in variants {
            let html = run_page::render(&v, Some("../report.html"))?;
            pages.push((v, html));
        }
        return Ok(Written { kind: Kind::Sweep, pages: save_all(pages)? });
    }
    if dir.join(MANIFEST).is_file() {
        let html = run_page::render(dir, None)?;
        return Ok(Written { kind: Kind::Run, pages: save_all(vec![(dir.to_path_buf(), html)])? });
    }
    let games = run_subfolders(dir);
    if games.is_empty() {
        return Err(ReportError::Input(format!(
            "{}: not a result folder (no manifest.json, no sweep.csv, no game folders with a manifest.json)",
            dir.display()
        )));
    }
    let mut pages = vec![(dir.to_path_buf(), summary::render(dir, &games)?)];
    for g in games {
        let html = run_page::render(&g, Some("../report.html"))?;
        pages.push((g, html));
    }
    // The default experiment's skill check: a ladder folder per game, each page linking
    // back to the summary and to the others.
    let ladders = run_subfolders_with(&dir.join("skill"), LADDER_CSV);
    let name = |p: &Path| p.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
    for ladder_dir in &ladders {
        let others: Vec<String> =
            ladders.iter().filter(|o| *o != ladder_dir).map(|o| name(o)).collect();
        let html = ladder::render(ladder_dir, Some(&others))?;
        pages.push((ladder_dir.clone(), html));
    }
    Ok(Written { kind: Kind::Experiment, pages: save_all(pages)? })
}

#[cfg(test)]
mod tests;
