//! The manifests every result folder ends with: the run's (`manifest.json`: the full plan,
//! every rule parameter, lineup, seed, seating, and how long it took), and the two parts every
//! folder kind's record shares ([`Build`]: the versions and the command; [`Listing`]: each
//! file and its digest), so that a sweep, a merge, a ladder and a tuning record them alike.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::bots::BotSpec;
use crate::core::file_record::FileRecord;
use crate::core::layout::{MANIFEST, MATCHES_CSV};
use crate::runner::Seating;

pub const CRATE_VERSION: &str = env!("CARGO_PKG_VERSION");
pub const GIT_COMMIT: &str = env!("ARENA_GIT_COMMIT");
pub const RAND_VERSION: &str = env!("ARENA_RAND_VERSION");

/// What made a folder: the tool, its versions (crate, git commit, rand: the same seed gives
/// other matches under another rand) and the command line. Every folder kind's record
/// starts with it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Build {
    #[serde(default = "tool_name")]
    pub tool: String,
    pub crate_version: String,
    pub git_commit: String,
    pub rand_version: String,
    pub command_line: Vec<String>,
}

fn tool_name() -> String {
    "arena".into()
}

impl Build {
    /// This build, running `command_line`.
    pub fn this(command_line: &[String]) -> Self {
        Self {
            tool: tool_name(),
            crate_version: CRATE_VERSION.into(),
            git_commit: GIT_COMMIT.into(),
            rand_version: RAND_VERSION.into(),
            command_line: command_line.to_vec(),
        }
    }
}

/// The part of any folder's record that says how the folder was made, read back as it was
/// written: the build (with the command line) and, for `arena merge`, the folders it merged.
#[derive(Clone, Debug, Deserialize)]
pub struct RecordHead {
    #[serde(flatten)]
    pub build: Build,
    /// A sweep's own manifest writes `null` here; a run's merge, the shard folders.
    #[serde(default)]
    pub merged_from: Option<Vec<String>>,
}

impl RecordHead {
    /// The head of the record `file` in `dir`; `None` when there is no such file or it is
    /// not a record arena wrote.
    pub fn read(dir: &Path, file: &str) -> Option<RecordHead> {
        serde_json::from_slice(&std::fs::read(dir.join(file)).ok()?).ok()
    }

    /// Whether `arena merge` wrote the record.
    pub fn is_merge(&self) -> bool {
        self.build.command_line.get(1).is_some_and(|c| c == "merge")
    }
}

/// What any finished job's manifest (a run's, a merge's, a sweep's) says of its outcome, read
/// back for `arena status`; a field a kind does not write is absent.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct OutcomeHead {
    pub game: Option<String>,
    /// A merge's manifest names its game inside its plan.
    pub plan: Option<PlanHead>,
    pub completed_matches: u64,
    pub failed_matches: u64,
    pub verdict: Option<String>,
    pub merged_from: Option<Vec<String>>,
    pub shard: Option<ShardHead>,
}

/// The game a merge's plan names.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PlanHead {
    #[serde(default)]
    pub game: Option<String>,
}

/// A shard as a manifest records it.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct ShardHead {
    pub index: u64,
    pub count: u64,
}

impl OutcomeHead {
    /// The game the manifest names, if any.
    pub fn game(&self) -> Option<&str> {
        self.game.as_deref().or(self.plan.as_ref().and_then(|p| p.game.as_deref()))
    }
}

/// The files a folder lists and the size and CRC-32 of each (folders, the manifest itself
/// and `matches.csv` aside), so that `arena report` refuses a file changed or cut after the
/// job instead of drawing it. Every folder kind's record ends with it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Listing {
    #[serde(default)]
    pub files: Vec<String>,
    #[serde(default)]
    pub file_digests: FileDigests,
}

impl Listing {
    /// `files` of `dir`, each regular one read back and recorded.
    pub fn of(dir: &Path, files: Vec<String>) -> anyhow::Result<Self> {
        Ok(Self { file_digests: file_digests(dir, &files)?, files })
    }
}

/// A folder's record: what made it, what the job says of itself, what it holds.
#[derive(Serialize)]
pub struct Record<'a, T: Serialize> {
    #[serde(flatten)]
    pub build: Build,
    #[serde(flatten)]
    pub body: &'a T,
    #[serde(flatten)]
    pub listing: Listing,
}

/// Write `body` as `dir/name`, between this build's [`Build`] and the [`Listing`] of `files`.
pub fn write_record<T: Serialize>(
    dir: &Path,
    name: &str,
    command_line: &[String],
    body: &T,
    files: Vec<String>,
) -> anyhow::Result<()> {
    let record =
        Record { build: Build::this(command_line), body, listing: Listing::of(dir, files)? };
    crate::output::write_atomic(&dir.join(name), &serde_json::to_vec_pretty(&record)?)
}

/// A rule parameter as a manifest records it (declared in core, where `report` reads it).
pub use crate::core::rule_record::RuleValue;

#[derive(Serialize)]
pub struct Manifest {
    #[serde(flatten)]
    pub build: Build,
    pub game: String,
    pub rules: Vec<RuleValue>,
    pub rules_file: Option<String>,
    /// Each file a rule names (a card or sheet file) with the SHA-256 of what was read,
    /// by rule key; absent when no rule names a file.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub input_files: BTreeMap<String, crate::core::file_record::InputFile>,
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
    #[serde(flatten)]
    pub listing: Listing,
}

/// File name to record, in name order.
pub type FileDigests = BTreeMap<String, FileRecord>;

/// Add `names` (files written after the manifest, such as a merge's replay pages, which
/// are replayed from the plan the manifest records) to the manifest in `dir`: its `files`
/// and `file_digests`.
pub fn record_more(dir: &Path, names: &[String]) -> anyhow::Result<()> {
    let path = dir.join(MANIFEST);
    let bytes = std::fs::read(&path).map_err(|e| crate::output::io_failure("reading", &path, e))?;
    let mut manifest: ListedManifest = serde_json::from_slice(&bytes).map_err(|e| {
        anyhow::anyhow!("{}: not a manifest with its file list: {e}", path.display())
    })?;
    manifest.file_digests.extend(file_digests(dir, names)?);
    manifest.files.extend(names.iter().cloned());
    // Through a JSON value, whose keys are sorted, as they were when record_more indexed
    // the JSON itself (a flattened struct would write its own fields first).
    let sorted = serde_json::to_value(&manifest)?;
    crate::output::write_atomic(&path, &serde_json::to_vec_pretty(&sorted)?)
}

/// A written manifest as [`record_more`] adds to it: its file list and digests, and the
/// rest kept as it was.
#[derive(Serialize, Deserialize)]
struct ListedManifest {
    files: Vec<String>,
    file_digests: FileDigests,
    #[serde(flatten)]
    rest: serde_json::Map<String, serde_json::Value>,
}

/// Read back each regular file among `names` in `dir` (just written and renamed into place)
/// and record it; folders, `manifest.json` and `matches.csv` (recorded on its own, with its
/// row count, and possibly large) are left out.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Body {
        game: &'static str,
    }

    #[test]
    fn a_record_names_the_build_then_the_body_then_each_file_with_its_digest() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        std::fs::write(dir.join("a.csv"), b"x\n1\n").unwrap();
        let files = vec!["a.csv".to_string(), MANIFEST.to_string()];
        write_record(
            dir,
            MANIFEST,
            &["arena".into(), "sweep".into()],
            &Body { game: "pig" },
            files,
        )
        .unwrap();
        let text = std::fs::read_to_string(dir.join(MANIFEST)).unwrap();
        let keys: Vec<usize> =
            ["\"tool\"", "\"git_commit\"", "\"command_line\"", "\"game\"", "\"files\""]
                .iter()
                .map(|k| text.find(k).unwrap_or_else(|| panic!("{k} missing from {text}")))
                .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "build, body, listing in order: {text}");
        let record: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(record["rand_version"], RAND_VERSION);
        assert_eq!(
            record["file_digests"]["a.csv"],
            serde_json::to_value(FileRecord::of(b"x\n1\n")).unwrap()
        );
        // The manifest cannot digest itself; it is listed but not recorded.
        assert!(record["file_digests"].get(MANIFEST).is_none());
        let listing: Listing = serde_json::from_str(&text).unwrap();
        assert_eq!(listing.files, ["a.csv", MANIFEST]);
    }
}
