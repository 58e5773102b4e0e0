//! The run manifest (`manifest.json`): everything needed to reproduce and judge a run — the
//! full plan (game, every rule parameter, lineup, seed, seating), the versions (crate, rand,
//! git commit), and how long it took.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use crate::arena::Seating;
use crate::bots::BotSpec;
use crate::core::file_record::FileRecord;
use crate::core::layout::{MANIFEST, MATCHES_CSV};
use crate::core::rules::ParamInfo;

pub const CRATE_VERSION: &str = env!("CARGO_PKG_VERSION");
pub const GIT_COMMIT: &str = env!("ARENA_GIT_COMMIT");
pub const RAND_VERSION: &str = env!("ARENA_RAND_VERSION");

#[derive(Serialize)]
pub struct RuleValue {
    pub key: String,
    pub value: String,
    pub default: String,
    pub origin: String,
}

impl From<&ParamInfo> for RuleValue {
    fn from(p: &ParamInfo) -> Self {
        Self {
            key: p.key.clone(),
            value: p.value.clone(),
            default: p.default.clone(),
            origin: p.origin.to_string(),
        }
    }
}

#[derive(Serialize)]
pub struct Manifest {
    pub tool: &'static str,
    pub crate_version: &'static str,
    pub git_commit: &'static str,
    pub rand_version: &'static str,
    pub command_line: Vec<String>,
    pub game: String,
    pub rules: Vec<RuleValue>,
    pub rules_file: Option<String>,
    /// Each file a rule names (a card or sheet file) with the SHA-256 of what was read,
    /// by rule key; absent when no rule names a file.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub input_files: BTreeMap<String, serde_json::Value>,
    pub players: usize,
    pub lineup: Vec<BotSpec>,
    pub matches: u64,
    pub seed: u64,
    pub seating: Seating,
    /// For a shard: which part of the plan this folder holds.
    pub shard: Option<serde_json::Value>,
    /// Whether the run went on from a checkpoint of an interrupted run.
    pub resumed: bool,
    pub threads: usize,
    /// Whether every figure is reproducible from (seed, plan): false only if a wall-clock
    /// budget was used by a bot.
    pub reproducible: bool,
    pub completed_matches: u64,
    pub failed_matches: u64,
    pub capped_matches: u64,
    pub elapsed_seconds: f64,
    pub matches_per_second: f64,
    /// The one-line balance verdict (also in verdict.txt).
    pub verdict: String,
    /// The stopping rule, where the run stopped and why (absent without a rule).
    pub stopping: Option<serde_json::Value>,
    pub win_rate_interval: &'static str,
    pub metric_interval: &'static str,
    pub quantile_method: &'static str,
    /// Rows, bytes and CRC-32 of matches.csv, when written (checked by `arena merge`).
    pub matches_csv: Option<crate::output::matches_csv::FileDigest>,
    pub files: Vec<String>,
    /// Size and CRC-32 of each file listed (folders and the manifest itself aside), so that
    /// `arena report` refuses a file changed or cut after the run instead of drawing it.
    pub file_digests: FileDigests,
}

/// File name to record, in name order.
pub type FileDigests = BTreeMap<String, FileRecord>;

/// Read back each regular file among `names` in `dir` (just written and renamed into place)
/// and record it; folders, `manifest.json` and `matches.csv` (recorded on its own, with its
/// row count, and possibly large) are left out.
/// Add `names` (files written after the manifest, such as a merge's replay pages, which
/// are replayed from the plan the manifest records) to the manifest in `dir`: its `files`
/// and `file_digests`.
pub fn record_more(dir: &Path, names: &[String]) -> anyhow::Result<()> {
    let path = dir.join(MANIFEST);
    let bytes = std::fs::read(&path).map_err(|e| crate::output::io_failure("reading", &path, e))?;
    let mut manifest: serde_json::Value = serde_json::from_slice(&bytes)?;
    let digests = file_digests(dir, names)?;
    if let Some(recorded) = manifest["file_digests"].as_object_mut() {
        for (name, record) in digests {
            recorded.insert(name, serde_json::to_value(record)?);
        }
    }
    if let Some(files) = manifest["files"].as_array_mut() {
        files.extend(names.iter().map(|n| serde_json::Value::String(n.clone())));
    }
    crate::output::write_atomic(&path, &serde_json::to_vec_pretty(&manifest)?)
}

pub fn file_digests(dir: &Path, names: &[String]) -> anyhow::Result<FileDigests> {
    let mut out = FileDigests::new();
    for name in names {
        let path = dir.join(name);
        if name == MANIFEST || name == MATCHES_CSV || !path.is_file() {
            continue;
        }
        let bytes =
            std::fs::read(&path).map_err(|e| crate::output::io_failure("reading", &path, e))?;
        out.insert(name.clone(), FileRecord::of(&bytes));
    }
    Ok(out)
}
