//! The plan of a result folder, rebuilt from its `manifest.json` (game, players, lineup,
//! seed, seating and every rule parameter with its value), so that `arena trace --from DIR`
//! replays exactly the matches that run played. Flags given beside `--from` must agree with
//! the manifest; a conflict is bad input (exit code 2), never silently overridden.

use std::path::Path;

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;

use crate::core::job_record::{BotLabel, ManifestRecord, at_key, read_record};
use crate::core::layout::MANIFEST;
use crate::runner::Seating;
use crate::session::input::input;
use crate::session::plan::request::RequestFlags;
use crate::session::plan::{MatchSpec, Plan};

/// `manifest.json` of a run (its fields at the top level) or of `arena merge` (under
/// `plan`, with the rules as `[key, value]` pairs): what a replay needs of it, read as the
/// run wrote it.
#[derive(Deserialize)]
struct Manifest {
    game: String,
    players: usize,
    /// Compared whole with the rebuilt plan's lineup; its labels are read as [`BotLabel`]s
    /// (one per player, or the replay is refused).
    lineup: Value,
    seed: u64,
    seating: Seating,
    rules: Vec<RecordedRule>,
}

/// One rule as a manifest records it: `{key, value, ...}` (a run's) or `[key, value]` (a
/// merge's plan).
#[derive(Deserialize)]
#[serde(untagged, expecting = "a rule's key and value, as {\"key\": K, \"value\": V} or [K, V]")]
enum RecordedRule {
    Named { key: String, value: String },
    Pair(String, String),
}

impl RecordedRule {
    fn pair(&self) -> (String, String) {
        match self {
            RecordedRule::Named { key, value } | RecordedRule::Pair(key, value) => {
                (key.clone(), value.clone())
            }
        }
    }
}

/// What says where a manifest keeps a run's fields: a merge's `plan`, or a sweep's
/// `variants` (not one run's).
#[derive(Default, Deserialize)]
#[serde(default)]
struct Outline {
    variants: Option<IgnoredAny>,
    plan: Option<Value>,
}

fn read_manifest(path: &Path) -> anyhow::Result<Manifest> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        input(format!("{}: {e} (--from needs the folder of an `arena run`)", path.display()))
    })?;
    let bad = |what: &str| input(format!("{}: {what}", path.display()));
    let whole: Value =
        serde_json::from_str(&text).map_err(|e| bad(&format!("not a run manifest: {e}")))?;
    if !whole.is_object() {
        return Err(bad("not a run manifest: a JSON object, which arena writes when a run ends"));
    }
    let outline = Outline::deserialize(&whole).unwrap_or_default();
    if outline.variants.is_some() {
        return Err(sweep_folder(path));
    }
    let fields = match outline.plan {
        Some(plan @ Value::Object(_)) => plan,
        _ => whole,
    };
    serde_path_to_error::deserialize(&fields)
        .map_err(|e| bad(&format!("not a run manifest: {}", at_key(e.path(), e.inner()))))
}

/// Every rule parameter's (key, value) of a plan's game.
fn rule_values(plan: &Plan) -> Vec<(String, String)> {
    plan.game.params().into_iter().map(|p| (p.key, p.value)).collect()
}

/// The plan of the run in `dir` (any match index may be traced), with `given` checked
/// against it.
/// A sweep's folder given where one run's folder is wanted: name its variants' folders.
fn sweep_folder(manifest: &Path) -> anyhow::Error {
    let dir = manifest.parent().unwrap_or(Path::new("."));
    let mut variants: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().join(MANIFEST).is_file())
        .map(|e| e.path().display().to_string())
        .collect();
    variants.sort();
    let named = match variants.as_slice() {
        [] => String::new(),
        [one] => format!(", such as {one}"),
        [one, two, ..] => format!(", such as {one} or {two}"),
    };
    input(format!(
        "{} is a sweep's folder: give the folder of one of its variants{named}",
        dir.display()
    ))
}

/// The matches a run folder holds, `first..end` (a shard's range, or the whole plan), from
/// its `manifest.json`; `None` where the manifest does not say.
pub fn matches_held(dir: &Path) -> Option<(u64, u64)> {
    read_record::<ManifestRecord>(dir, MANIFEST).ok()?.matches_held()
}

pub fn plan_from_folder(dir: &Path, given: &RequestFlags) -> anyhow::Result<Plan> {
    let path = dir.join(MANIFEST);
    let m = read_manifest(&path)?;
    let rules: Vec<(String, String)> = m.rules.iter().map(RecordedRule::pair).collect();
    let shown = path.display();
    let conflict = |flag: &str, mine: String, theirs: String| {
        input(format!(
            "{flag} {mine} disagrees with {shown} ({theirs}); leave it out or make it agree"
        ))
    };
    if let Some(game) = &given.game
        && *game != m.game
    {
        return Err(conflict("--game", game.clone(), m.game.clone()));
    }
    if let Some(p) = given.players
        && p != m.players
    {
        return Err(conflict("--players", p.to_string(), format!("{} players", m.players)));
    }
    if let Some(seed) = given.seed
        && seed != m.seed
    {
        return Err(conflict("--seed", seed.to_string(), format!("seed {}", m.seed)));
    }
    if let Some(seating) = given.seating
        && seating != m.seating
    {
        let name = |s: Seating| serde_json::to_value(s).map(|v| v.to_string()).unwrap_or_default();
        return Err(conflict("--seating", name(seating), format!("seating {}", name(m.seating))));
    }
    if given.rules.is_some() {
        return Err(input(format!(
            "--rules cannot be combined with --from: {shown} holds every rule parameter"
        )));
    }
    let labels: Vec<String> = Vec::<BotLabel>::deserialize(&m.lineup)
        .map(|bots| bots.into_iter().filter_map(|b| b.label).collect())
        .unwrap_or_default();
    if labels.len() != m.players {
        return Err(input(format!("{shown}: `lineup` does not name one bot per player")));
    }
    let spec = MatchSpec {
        game: m.game.clone(),
        players: Some(m.players),
        bots: Some(labels.join(",")),
        seed: m.seed,
        seating: m.seating,
        rules: None,
        sets: rules.iter().map(|(k, v)| format!("{k}={v}")).collect(),
    };
    let plan = Plan::new(&spec, 1).map_err(|e| input(format!("{shown}: {e}")))?;
    // The rebuilt plan must be the recorded one: the same value for every parameter and the
    // same bots (a profile changed since the run would make the trace a different match).
    if rule_values(&plan) != rules {
        return Err(input(format!(
            "{shown}: the rules of this version of arena differ from the manifest's ({} parameters recorded, {} known)",
            rules.len(),
            plan.game.params().len()
        )));
    }
    if serde_json::to_value(&plan.spec.lineup)? != m.lineup {
        return Err(input(format!(
            "{shown}: the bot profiles of this version of arena differ from the manifest's lineup"
        )));
    }
    if let Some(bots) = &given.bots {
        let mine = MatchSpec { bots: Some(bots.clone()), ..spec.clone() };
        let theirs = &plan.spec.lineup;
        match Plan::new(&mine, 1) {
            Ok(p) if p.spec.lineup == *theirs => {}
            Ok(_) => return Err(conflict("--bots", bots.clone(), labels.join(","))),
            Err(e) => return Err(e),
        }
    }
    if !given.sets.is_empty() {
        // The given values in place of the recorded ones (a key may be set only once).
        let key =
            |set: &String| set.split_once('=').map_or(set.clone(), |(k, _)| k.trim().to_string());
        let given_keys: Vec<String> = given.sets.iter().map(key).collect();
        let mut sets: Vec<String> =
            spec.sets.iter().filter(|s| !given_keys.contains(&key(s))).cloned().collect();
        sets.extend(given.sets.iter().cloned());
        let mine = Plan::new(&MatchSpec { sets, ..spec.clone() }, 1)?;
        let ours = rule_values(&mine);
        if let Some(((key, value), (_, recorded))) =
            ours.iter().zip(&rules).find(|((_, a), (_, b))| a != b)
        {
            return Err(conflict("--set", format!("{key}={value}"), format!("{key} = {recorded}")));
        }
    }
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest_in(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(MANIFEST);
        std::fs::write(&path, text).unwrap();
        (tmp, path)
    }

    #[test]
    fn a_manifest_reads_its_rules_in_either_shape_and_a_wrong_field_is_named() {
        let run = r#"{"game": "pig", "players": 2, "seed": 7, "seating": "rotate",
            "lineup": [{"label": "random"}, {"label": "greedy"}],
            "rules": [{"key": "target", "value": "100", "default": "100"}]}"#;
        let (_tmp, path) = manifest_in(run);
        let m = read_manifest(&path).unwrap();
        assert_eq!((m.game.as_str(), m.players, m.seed, m.seating), ("pig", 2, 7, Seating::Rotate));
        assert_eq!(
            m.rules.iter().map(RecordedRule::pair).collect::<Vec<_>>(),
            [("target".into(), "100".into())]
        );
        // A merge keeps the plan under `plan`, its rules as pairs.
        let merged = r#"{"plan": {"game": "pig", "players": 2, "seed": 7, "seating": "fixed",
            "lineup": [], "rules": [["target", "90"]]}, "merged_from": ["a", "b"]}"#;
        let (_tmp, path) = manifest_in(merged);
        let m = read_manifest(&path).unwrap();
        assert_eq!(
            m.rules.iter().map(RecordedRule::pair).collect::<Vec<_>>(),
            [("target".into(), "90".into())]
        );
        let wrong = run.replace("\"rotate\"", "\"sideways\"");
        let (_tmp, path) = manifest_in(&wrong);
        let err = read_manifest(&path).err().unwrap().to_string();
        assert!(err.contains("not a run manifest: `seating`: unknown variant `sideways`"), "{err}");
        let missing = run.replace("\"seed\": 7,", "");
        let (_tmp, path) = manifest_in(&missing);
        let err = read_manifest(&path).err().unwrap().to_string();
        assert!(err.ends_with("manifest.json: not a run manifest: missing field `seed`"), "{err}");
        let bad_rule = run.replace(r#"{"key": "target", "value": "100", "default": "100"}"#, "7");
        let (_tmp, path) = manifest_in(&bad_rule);
        let err = read_manifest(&path).err().unwrap().to_string();
        assert!(err.contains("`rules[0]`: a rule's key and value, as"), "{err}");
        let (_tmp, path) = manifest_in("[0, 1]");
        let err = read_manifest(&path).err().unwrap().to_string();
        assert!(err.contains("not a run manifest: a JSON object"), "{err}");
        let (_tmp, path) = manifest_in(r#"{"variants": []}"#);
        let err = read_manifest(&path).err().unwrap().to_string();
        assert!(err.contains("is a sweep's folder"), "{err}");
    }
}
