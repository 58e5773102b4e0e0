//! A job's fingerprint: every resolved value that decides its numbers, written into its
//! request file, its checkpoints, its final state and a shard's tally, and compared before
//! any of them is combined with another (a resume, an extension, a merge). One type per
//! kind of plan ([`PlanFingerprint`] for a run and each variant of a sweep,
//! [`LadderFingerprint`] for a ladder), read back as it was written, with the comparisons
//! every kind shares: by content, so that the same card file under another name or folder
//! (another machine's shard) is the same plan.
//!
//! The bytes are those of the untyped fingerprints earlier versions of arena wrote (fields in
//! key order; the lineup, the rungs and the stopping rule's SPRT and sequential design as the
//! JSON objects they were), so every folder an earlier arena wrote still resumes and merges.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::core::file_record::InputFile;
use crate::runner::Seating;

/// The fingerprint of one game's plan (a run, or one variant of a sweep).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanFingerprint {
    pub crate_version: String,
    pub game: String,
    /// Each file a rule names (a card or sheet file), by the rule's key; absent when none
    /// does, so that a run of built-in rules keeps the fingerprint it always had.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub input_files: BTreeMap<String, InputFile>,
    /// The bots, slot by slot, as their profiles resolve (compared whole).
    pub lineup: Value,
    pub matches: u64,
    pub per_match: bool,
    pub players: usize,
    /// Every rule parameter's resolved value, in the game's order.
    pub rules: Vec<(String, String)>,
    pub seating: Seating,
    pub seed: u64,
    pub stopping: Option<StoppingPrint>,
}

/// A stopping rule as a fingerprint holds it: the interval's target (an extension may
/// tighten it) and the spacing of the checks typed, the SPRT and the sequential design as
/// the JSON they were written as, compared whole.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoppingPrint {
    pub check_every: u64,
    pub sprt: Value,
    pub until_ci: Option<f64>,
    /// Absent when the rule is off, so runs without it keep their fingerprints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_decided: Option<Value>,
}

/// The fingerprint of a ladder: its rungs, its design and its rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderFingerprint {
    pub batch: u64,
    pub crate_version: String,
    pub game: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub input_files: BTreeMap<String, InputFile>,
    pub max_matches: u64,
    pub players: usize,
    pub precision: f64,
    pub rules: Vec<(String, String)>,
    pub rungs: Value,
    pub seed: u64,
    pub self_play_max: u64,
}

/// Serialize `value` with every object's keys in order (through `serde_json::Value`, whose
/// map is sorted), as a record that once held it as untyped JSON wrote it: for a field whose
/// type declares its fields in another order.
pub fn in_key_order<T: Serialize, S: serde::Serializer>(
    value: &T,
    s: S,
) -> Result<S::Ok, S::Error> {
    serde_json::to_value(value).map_err(serde::ser::Error::custom)?.serialize(s)
}

/// A rule's value as it decides numbers: a file a rule names by its content alone.
#[derive(Debug, PartialEq)]
enum Decides<'a> {
    Value(&'a str),
    File(&'a str),
}

/// The rules and input files of a fingerprint by content: each rule whose key names an
/// input file is that file's digest, each file its digest without its path.
type ByContent<'a> = (Vec<(&'a str, Decides<'a>)>, BTreeMap<&'a str, &'a str>);

fn by_content<'a>(
    rules: &'a [(String, String)],
    files: &'a BTreeMap<String, InputFile>,
) -> ByContent<'a> {
    let rules = rules
        .iter()
        .map(|(key, value)| {
            let decides = match files.get(key) {
                Some(file) => Decides::File(&file.sha256),
                None => Decides::Value(value),
            };
            (key.as_str(), decides)
        })
        .collect();
    let files = files.iter().map(|(key, file)| (key.as_str(), file.sha256.as_str())).collect();
    (rules, files)
}

impl PlanFingerprint {
    /// Everything but the rules and the input files (compared by content) and, for an
    /// extension, the match count and the interval's target.
    fn rest(&self, for_extension: bool) -> PlanFingerprint {
        let mut rest =
            PlanFingerprint { rules: Vec::new(), input_files: BTreeMap::new(), ..self.clone() };
        if for_extension {
            rest.matches = 0;
            if let Some(stopping) = rest.stopping.as_mut() {
                stopping.until_ci = None;
            }
        }
        rest
    }

    fn content(&self) -> ByContent<'_> {
        by_content(&self.rules, &self.input_files)
    }

    /// Whether the two plans decide the same numbers: equal but for the names of the files
    /// their rules name.
    pub fn same_numbers(&self, other: &PlanFingerprint) -> bool {
        self == other
            || (self.rest(false) == other.rest(false) && self.content() == other.content())
    }

    /// Whether the plan `now` plays on where this one ended, so that a folder of this plan
    /// (paused or finished) continued under `now` holds what a run of `now` from the start
    /// would: every number-deciding value the same but more matches (`now`'s at least this
    /// plan's) or a tighter `--until-ci` target (a narrower interval is met no earlier than
    /// a wider one, so the wider target's stopping point is one the narrower rule also
    /// passed unmet).
    pub fn extended_by(&self, now: &PlanFingerprint) -> bool {
        let target = |p: &PlanFingerprint| p.stopping.as_ref().and_then(|s| s.until_ci);
        let (was_ci, now_ci) = (target(self), target(now));
        let tighter = was_ci == now_ci || matches!((was_ci, now_ci), (Some(x), Some(y)) if y <= x);
        self.matches <= now.matches
            && tighter
            && self.rest(true) == now.rest(true)
            && self.content() == now.content()
    }

    /// The values in which `now` differs from this plan (`matches: 100 -> 200`), for
    /// messages: a file a rule names is said once, by its content, with its path.
    pub fn differences(&self, now: &PlanFingerprint) -> Vec<String> {
        let json = |p: &PlanFingerprint| serde_json::to_value(p).unwrap_or_default();
        let (was_json, now_json) = (json(self), json(now));
        let mut out = Vec::new();
        let (Some(a), Some(b)) = (was_json.as_object(), now_json.as_object()) else {
            return out;
        };
        let files = || file_differences(&self.input_files, &now.input_files);
        for (key, was_value) in a {
            let now_value = b.get(key).unwrap_or(&Value::Null);
            match key.as_str() {
                _ if was_value == now_value => {}
                "input_files" => out.extend(files()),
                "rules" => out.extend(rule_differences(self.content().0, now.content().0)),
                _ => out.push(format!("{key}: {was_value} -> {now_value}")),
            }
        }
        // Files only the new plan names are said last.
        if self.input_files.is_empty() {
            out.extend(files());
        }
        out
    }
}

impl LadderFingerprint {
    /// Whether the two ladders decide the same numbers (as [`PlanFingerprint::same_numbers`]).
    pub fn same_numbers(&self, other: &LadderFingerprint) -> bool {
        let rest = |l: &LadderFingerprint| LadderFingerprint {
            rules: Vec::new(),
            input_files: BTreeMap::new(),
            ..l.clone()
        };
        self == other
            || (rest(self) == rest(other)
                && by_content(&self.rules, &self.input_files)
                    == by_content(&other.rules, &other.input_files))
    }
}

/// The rules whose values differ (`rules: ["value_12","8"] -> ["value_12","10"]`), and a
/// rule only one of the plans has (`rules: (none) -> ["pot","3"]`: a parameter a later build
/// added); a rule that names a file is said with the files, by content.
fn rule_differences(was: Vec<(&str, Decides)>, now: Vec<(&str, Decides)>) -> Vec<String> {
    let json = |(key, decides): &(&str, Decides)| match decides {
        Decides::Value(v) => Some(serde_json::json!([key, v]).to_string()),
        Decides::File(_) => None,
    };
    let none = || Some("(none)".to_string());
    let longest = was.len().max(now.len());
    (0..longest)
        .map(|i| (was.get(i), now.get(i)))
        .filter(|(x, y)| x != y)
        .filter_map(|(x, y)| {
            let said = |rule: Option<&(&str, Decides)>| rule.map_or_else(none, json);
            Some(format!("rules: {} -> {}", said(x)?, said(y)?))
        })
        .collect()
}

/// The input files (by rule key) whose content differs: the file and both digests.
fn file_differences(
    was: &BTreeMap<String, InputFile>,
    now: &BTreeMap<String, InputFile>,
) -> Vec<String> {
    let keys: std::collections::BTreeSet<&String> = was.keys().chain(now.keys()).collect();
    let digest = |files: &BTreeMap<String, InputFile>, key: &str| {
        files.get(key).map_or("none (no such file)".to_string(), |f| format!("sha256 {}", f.sha256))
    };
    keys.into_iter()
        .filter(|key| digest(was, key) != digest(now, key))
        .map(|key| {
            let path = now.get(key).or(was.get(key)).map_or("?", |f| f.path.as_str());
            format!(
                "the content of the `{key}` file {path}: {} -> {}",
                digest(was, key),
                digest(now, key)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(rules: &[(&str, &str)]) -> PlanFingerprint {
        PlanFingerprint {
            crate_version: "0.1.0".into(),
            game: "dardz".into(),
            input_files: BTreeMap::new(),
            lineup: serde_json::json!([{"kind": "random"}]),
            matches: 100,
            per_match: false,
            players: 4,
            rules: rules.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            seating: Seating::Rotate,
            seed: 1,
            stopping: None,
        }
    }

    fn cards(path: &str, sha256: &str) -> BTreeMap<String, InputFile> {
        let file = InputFile { path: path.into(), sha256: sha256.into() };
        BTreeMap::from([("cards".to_string(), file)])
    }

    #[test]
    fn differences_name_the_rule_and_the_value() {
        let was = print(&[("value_12", "8"), ("turn_cap", "500")]);
        let mut now = print(&[("value_12", "10"), ("turn_cap", "500")]);
        now.matches = 200;
        assert_eq!(
            was.differences(&now),
            vec!["matches: 100 -> 200", r#"rules: ["value_12","8"] -> ["value_12","10"]"#]
        );
    }

    #[test]
    fn the_same_cards_under_another_name_are_the_same_plan_and_other_content_is_not() {
        let mut here = print(&[("cards", "/a/cards.csv")]);
        here.input_files = cards("/a/cards.csv", "abc");
        let mut there = print(&[("cards", "/b/mine.csv")]);
        there.input_files = cards("/b/mine.csv", "abc");
        assert_ne!(here, there);
        assert!(here.same_numbers(&there) && here.extended_by(&there));
        assert!(here.differences(&there).is_empty(), "{:?}", here.differences(&there));
        there.input_files = cards("/b/mine.csv", "def");
        assert!(!here.same_numbers(&there));
        assert_eq!(
            here.differences(&there),
            vec!["the content of the `cards` file /b/mine.csv: sha256 abc -> sha256 def"]
        );
    }

    #[test]
    fn more_matches_or_a_tighter_interval_extend_a_plan_and_nothing_else_does() {
        let with_ci = |matches, until_ci| PlanFingerprint {
            matches,
            stopping: Some(StoppingPrint {
                check_every: 100,
                sprt: Value::Null,
                until_ci,
                until_decided: None,
            }),
            ..print(&[])
        };
        let was = with_ci(1000, Some(0.02));
        assert!(was.extended_by(&with_ci(2000, Some(0.02))));
        assert!(was.extended_by(&with_ci(1000, Some(0.01))));
        assert!(!was.extended_by(&with_ci(500, Some(0.02))), "fewer matches");
        assert!(!was.extended_by(&with_ci(2000, Some(0.03))), "a wider target");
        assert!(!was.extended_by(&with_ci(2000, None)), "the target dropped");
        assert!(!was.extended_by(&PlanFingerprint { seed: 2, ..with_ci(2000, Some(0.02)) }));
        assert!(print(&[]).extended_by(&PlanFingerprint { matches: 300, ..print(&[]) }));
        assert!(!print(&[]).extended_by(&with_ci(300, Some(0.02))), "a stopping rule added");
    }

    #[test]
    fn a_rule_only_one_plan_has_is_named() {
        let was = print(&[("value_12", "8")]);
        let now = print(&[("value_12", "8"), ("pot", "3")]);
        assert!(!was.same_numbers(&now));
        assert_eq!(was.differences(&now), vec![r#"rules: (none) -> ["pot","3"]"#]);
    }

    /// The bytes earlier versions wrote (keys in order, `null` where a rule is off, absent
    /// where a part was added later), written and read back exactly.
    #[test]
    fn fingerprints_are_the_bytes_earlier_versions_wrote() {
        let mut plan = print(&[("cards", "/a/cards.csv")]);
        plan.input_files = cards("/a/cards.csv", "abc");
        plan.stopping = Some(StoppingPrint {
            check_every: 150,
            sprt: serde_json::json!({"p1": 0.55, "p0": 0.5}),
            until_ci: None,
            until_decided: Some(serde_json::json!({"margin_pp": 1.0})),
        });
        let text = r#"{"crate_version":"0.1.0","game":"dardz","input_files":{"cards":{"path":"/a/cards.csv","sha256":"abc"}},"lineup":[{"kind":"random"}],"matches":100,"per_match":false,"players":4,"rules":[["cards","/a/cards.csv"]],"seating":"rotate","seed":1,"stopping":{"check_every":150,"sprt":{"p0":0.5,"p1":0.55},"until_ci":null,"until_decided":{"margin_pp":1.0}}}"#;
        assert_eq!(serde_json::to_string(&plan).unwrap(), text);
        assert_eq!(serde_json::from_str::<PlanFingerprint>(text).unwrap(), plan);
        let plain = r#"{"crate_version":"0.1.0","game":"dardz","lineup":[{"kind":"random"}],"matches":100,"per_match":false,"players":4,"rules":[],"seating":"rotate","seed":1,"stopping":null}"#;
        assert_eq!(serde_json::to_string(&print(&[])).unwrap(), plain);

        let ladder = LadderFingerprint {
            batch: 100,
            crate_version: "0.1.0".into(),
            game: "tictactoe".into(),
            input_files: BTreeMap::new(),
            max_matches: 400,
            players: 2,
            precision: 0.03,
            rules: Vec::new(),
            rungs: serde_json::json!([{"label": "random", "kind": "random"}]),
            seed: 1,
            self_play_max: 400,
        };
        let text = r#"{"batch":100,"crate_version":"0.1.0","game":"tictactoe","max_matches":400,"players":2,"precision":0.03,"rules":[],"rungs":[{"kind":"random","label":"random"}],"seed":1,"self_play_max":400}"#;
        assert_eq!(serde_json::to_string(&ladder).unwrap(), text);
        assert_eq!(serde_json::from_str::<LadderFingerprint>(text).unwrap(), ladder);
    }
}
