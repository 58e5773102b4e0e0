//! The plan of a result folder, rebuilt from its `manifest.json` (game, players, lineup,
//! seed, seating and every rule parameter with its value), so that `arena trace --from DIR`
//! replays exactly the matches that run played. Flags given beside `--from` must agree with
//! the manifest; a conflict is bad input (exit code 2), never silently overridden.

use std::path::Path;

use serde_json::Value;

use crate::core::job_record::{ManifestRecord, read_record};
use crate::core::layout::MANIFEST;
use crate::runner::Seating;
use crate::session::input::input;
use crate::session::plan::request::RequestFlags;
use crate::session::plan::{MatchSpec, Plan};

fn seating_named(name: &str) -> Option<Seating> {
    match name {
        "rotate" => Some(Seating::Rotate),
        "permute" => Some(Seating::Permute),
        "fixed" => Some(Seating::Fixed),
        _ => None,
    }
}

/// `manifest.json` of a run (its fields at the top level) or of `arena merge` (under
/// `plan`, with the rules as `[key, value]` pairs).
struct Manifest {
    game: String,
    players: usize,
    lineup: Value,
    seed: u64,
    seating: Seating,
    rules: Vec<(String, String)>,
}

fn read_manifest(path: &Path) -> anyhow::Result<Manifest> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        input(format!("{}: {e} (--from needs the folder of an `arena run`)", path.display()))
    })?;
    let bad = |what: &str| input(format!("{}: {what}", path.display()));
    let whole: Value =
        serde_json::from_str(&text).map_err(|e| bad(&format!("not a run manifest: {e}")))?;
    if whole.get("variants").is_some() {
        return Err(sweep_folder(path));
    }
    let m = if whole.get("plan").is_some_and(Value::is_object) { &whole["plan"] } else { &whole };
    let field = |key: &str| m.get(key).ok_or_else(|| bad(&format!("no `{key}` in the manifest")));
    let game = field("game")?.as_str().ok_or_else(|| bad("`game` is not a name"))?.to_string();
    let players = field("players")?.as_u64().ok_or_else(|| bad("`players` is not a count"))?;
    let seed = field("seed")?.as_u64().ok_or_else(|| bad("`seed` is not a number"))?;
    let seating = field("seating")?
        .as_str()
        .and_then(seating_named)
        .ok_or_else(|| bad("`seating` is not rotate, permute or fixed"))?;
    let lineup = field("lineup")?.clone();
    let mut rules = Vec::new();
    for r in field("rules")?.as_array().ok_or_else(|| bad("`rules` is not a list"))? {
        let pair = match r {
            Value::Object(o) => (o.get("key"), o.get("value")),
            Value::Array(a) if a.len() == 2 => (a.first(), a.get(1)),
            _ => (None, None),
        };
        match pair {
            (Some(Value::String(k)), Some(Value::String(v))) => rules.push((k.clone(), v.clone())),
            _ => return Err(bad(&format!("a rule is not a key and a value: {r}"))),
        }
    }
    Ok(Manifest { game, players: players as usize, lineup, seed, seating, rules })
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
    let labels: Vec<&str> = m
        .lineup
        .as_array()
        .map(|a| a.iter().filter_map(|b| b["label"].as_str()).collect())
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
        sets: m.rules.iter().map(|(k, v)| format!("{k}={v}")).collect(),
    };
    let plan = Plan::new(&spec, 1).map_err(|e| input(format!("{shown}: {e}")))?;
    // The rebuilt plan must be the recorded one: the same value for every parameter and the
    // same bots (a profile changed since the run would make the trace a different match).
    if rule_values(&plan) != m.rules {
        return Err(input(format!(
            "{shown}: the rules of this version of arena differ from the manifest's ({} parameters recorded, {} known)",
            m.rules.len(),
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
            ours.iter().zip(&m.rules).find(|((_, a), (_, b))| a != b)
        {
            return Err(conflict("--set", format!("{key}={value}"), format!("{key} = {recorded}")));
        }
    }
    Ok(plan)
}
