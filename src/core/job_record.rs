//! What a folder's records say, read back typed by the code that reads a folder it did not
//! just write: the pages (`report`), a replay (`arena trace`), a folder's kind. The writers'
//! types (`session`'s plan and request, `output`'s manifest) hold runner and session types
//! that the floors reading them may not import, so each reader here declares the keys it
//! reads, with the type they are written with; a key a record lacks (an older arena, another
//! kind of folder) reads as absent, and a file that is not the record reads as an error
//! naming it.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Number, Value};

/// The record `file` in `dir`, or why it could not be read: `<path>: cannot read: ...` or
/// `<path>: malformed JSON: ...` (the key and what it should be, for a value of the wrong
/// type).
pub fn read_record<T: DeserializeOwned>(dir: &Path, file: &str) -> Result<T, String> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let malformed = |what: String| format!("{}: malformed JSON: {what}", path.display());
    let mut json = serde_json::Deserializer::from_str(&text);
    let record = serde_path_to_error::deserialize(&mut json)
        .map_err(|e| malformed(at_key(e.path(), e.inner())))?;
    // Nothing may follow the record (`{...} garbage`, two records run together).
    json.end().map_err(|e| malformed(e.to_string()))?;
    Ok(record)
}

/// What is wrong with a record, at the key path where it went wrong (`request.matches`:
/// ...), or as it is when that is the record itself.
pub fn at_key(path: &serde_path_to_error::Path, what: &impl std::fmt::Display) -> String {
    match path.to_string().as_str() {
        "." => what.to_string(),
        key => format!("`{key}`: {what}"),
    }
}

/// A run's request as `plan.json` (and a default experiment's) records it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct RequestRecord {
    /// Absent for the default experiment, which plays every game.
    pub game: Option<String>,
    pub seed: Option<Number>,
    pub seating: Option<String>,
    /// The matches asked for: a cap, under a stopping rule.
    pub matches: Option<u64>,
    pub stopping: StoppingAsked,
    /// Present for one shard of a run.
    pub shard: Option<Value>,
}

/// The stopping rule as a request asks for it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct StoppingAsked {
    pub until_decided: Option<bool>,
    pub until_ci: Option<f64>,
    pub sprt: Option<Value>,
}

impl StoppingAsked {
    /// Whether the request plays its count of matches whatever they show (no stopping rule).
    pub fn is_plain(&self) -> bool {
        self.until_ci.is_none() && self.sprt.is_none() && self.until_decided != Some(true)
    }
}

/// `plan.json`: the request it was planned from (absent in a file that is not a plan) and,
/// for the default experiment, each game's plan by the game's name.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct PlanRecord {
    pub request: Option<RequestRecord>,
    pub fingerprints: BTreeMap<String, Value>,
}

/// What a run's `manifest.json` says of its plan and outcome. A merge's manifest holds its
/// plan under `plan`: [`ManifestRecord::planned`] reads either.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct ManifestRecord {
    pub game: Option<String>,
    pub players: Option<u64>,
    pub lineup: Option<Vec<BotLabel>>,
    pub seating: Option<String>,
    pub seed: Option<u64>,
    pub matches: Option<u64>,
    pub completed_matches: Option<u64>,
    pub capped_matches: Option<u64>,
    pub failed_matches: Option<u64>,
    pub elapsed_seconds: Option<f64>,
    /// The rules file the run read, as it was named.
    pub rules_file: Option<String>,
    pub crate_version: Option<String>,
    pub git_commit: Option<String>,
    /// The stopping rule, where the run stopped and why.
    pub stopping: Option<StoppingOutcome>,
    /// For a shard: which part of the plan the folder holds.
    pub shard: Option<ShardRange>,
    /// A merge's plan (the shards' common plan).
    pub plan: Option<Box<ManifestRecord>>,
    /// What made the folder.
    #[serde(flatten)]
    pub made: CommandRecord,
}

impl ManifestRecord {
    /// The part that records the plan: a merge's `plan`, else the manifest itself.
    pub fn planned(&self) -> &ManifestRecord {
        self.plan.as_deref().unwrap_or(self)
    }

    /// A setting as the run recorded it: at the top of its manifest, or in its plan (a
    /// sweep's variant keeps the run's settings there, and a merge its shards' plan).
    pub fn setting<'a, T: ?Sized>(
        &'a self,
        get: impl Fn(&'a ManifestRecord) -> Option<&'a T>,
    ) -> Option<&'a T> {
        get(self).or_else(|| self.plan.as_deref().and_then(get))
    }

    /// The labels of the lineup, one per seat, in seat order.
    pub fn lineup_labels(&self) -> Vec<String> {
        let lineup = self.setting(|m| m.lineup.as_deref()).unwrap_or_default();
        lineup.iter().filter_map(|bot| bot.label.clone()).collect()
    }

    /// The matches the folder holds, `first..end`: a shard's range, or the whole plan.
    pub fn matches_held(&self) -> Option<(u64, u64)> {
        let m = self.planned();
        match m.shard {
            Some(ShardRange { first_match: Some(first), end_match: Some(end), .. }) => {
                Some((first, end))
            }
            _ => Some((0, m.matches?)),
        }
    }
}

/// A bot of a recorded lineup, by its label (what was typed for it, which is also its name
/// in the CSV files; the rest of its profile is not read here).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct BotLabel {
    pub label: Option<String>,
}

/// A tuning's objective as its request records it (the tuning's own type, written by serde:
/// `"Balance"`, `{"Length": 60.0}`, `{"Share": {"number": 12, "share": 0.08}}`).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub enum ObjectiveRecord {
    Balance,
    Length(f64),
    Share { number: u64, share: f64 },
}

/// A shard's range of matches as its manifest records it.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(default)]
pub struct ShardRange {
    /// Which shard, of how many (a run's and a sweep's shard record both).
    pub index: Option<u64>,
    pub count: Option<u64>,
    pub first_match: Option<u64>,
    pub end_match: Option<u64>,
}

/// The stopping rule a manifest records, and where the run stopped.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct StoppingOutcome {
    pub rule: StoppingRuleRecord,
    pub stopped_at_match: Option<u64>,
}

/// The rule itself; `until_decided`'s design is read by `stats`, which declares it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct StoppingRuleRecord {
    pub until_decided: Option<UntilDecidedRecord>,
}

/// `--until-decided`'s sequential design, as written (`stats::sequential::Design`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct UntilDecidedRecord {
    pub design: Value,
}

/// What any record (a manifest, `ladder.json`, a tuning's record) says made the folder: the
/// command line, and each file a rule named with the path it was read from (by rule key).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct CommandRecord {
    pub command_line: Vec<String>,
    pub input_files: BTreeMap<String, InputFileRecord>,
}

/// A file a rule named, as a record lists it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct InputFileRecord {
    pub path: Option<String>,
}

impl CommandRecord {
    /// Whether `arena merge` wrote the record.
    pub fn is_merge(&self) -> bool {
        self.command_line.get(1).is_some_and(|c| c == "merge")
    }
}

/// `sweep.json`'s request, as far as a page names the sweep.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct SweepRecord {
    pub request: SweepAsked,
}

/// The game and players a sweep played.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct SweepAsked {
    pub game: Option<String>,
    pub players: Option<u64>,
}

/// `ladder.json`: what a ladder asked for, how it ran, and whether it finished.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct LadderRecord {
    pub request: LadderAsked,
    pub fingerprint: LadderPlayed,
    pub elapsed_seconds: Option<f64>,
    pub crate_version: Option<String>,
    pub complete: bool,
    /// What made the folder.
    #[serde(flatten)]
    pub made: CommandRecord,
}

/// A ladder's request: its game, seed and each pairing's stopping terms.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct LadderAsked {
    pub game: Option<String>,
    pub seed: Option<Number>,
    pub max_matches: Option<Number>,
    pub precision: Option<Number>,
}

/// How a ladder played: its players and batch size.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct LadderPlayed {
    pub players: Option<u64>,
    pub batch: Option<Number>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_merge_manifest_is_read_through_its_plan_and_a_shard_by_its_range() {
        let merged: ManifestRecord =
            serde_json::from_str(r#"{"plan": {"game": "pig", "matches": 40}}"#).unwrap();
        assert_eq!(merged.planned().game.as_deref(), Some("pig"));
        assert_eq!(merged.matches_held(), Some((0, 40)));
        let shard: ManifestRecord = serde_json::from_str(
            r#"{"game": "pig", "matches": 40, "shard": {"first_match": 10, "end_match": 20}}"#,
        )
        .unwrap();
        assert_eq!(shard.matches_held(), Some((10, 20)));
        assert_eq!(ManifestRecord::default().matches_held(), None);
    }

    #[test]
    fn a_request_without_a_stopping_rule_is_plain_and_a_wrong_type_names_its_key() {
        let plan: PlanRecord =
            serde_json::from_str(r#"{"request": {"matches": 9, "stopping": {}}}"#).unwrap();
        assert!(plan.request.unwrap().stopping.is_plain());
        let decided: StoppingAsked = serde_json::from_str(r#"{"until_decided": true}"#).unwrap();
        assert!(!decided.is_plain());
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("plan.json"), r#"{"request": {"matches": "x"}}"#).unwrap();
        let err = read_record::<PlanRecord>(tmp.path(), "plan.json").unwrap_err();
        let named = "plan.json: malformed JSON: `request.matches`: invalid type: string";
        assert!(err.contains(named), "{err}");
        std::fs::write(tmp.path().join("plan.json"), r#"{"request": {}} {"request": {}}"#).unwrap();
        let err = read_record::<PlanRecord>(tmp.path(), "plan.json").unwrap_err();
        assert!(err.contains("plan.json: malformed JSON: trailing characters"), "{err}");
        let missing = read_record::<PlanRecord>(tmp.path(), "none.json").unwrap_err();
        assert!(missing.contains("none.json: cannot read"), "{missing}");
    }
}
