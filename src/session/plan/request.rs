//! A run as asked for, kept in its folder: `plan.json` is written before the first match,
//! so that `arena run --resume DIR` continues exactly what the folder was started with
//! (one game or the default experiment, its seed, bots, rules, matches, stopping rule,
//! shard and per-match rows), and refuses, naming the keys, any flag that asks for
//! something else. It also records each game's plan fingerprint (every resolved rule
//! value), so an edited rules file cannot slip into a resumed run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::core::flags;
use crate::core::layout::{FolderKind, MANIFEST};
use crate::output::manifest::RecordHead;
use crate::output::{io_failure, write_atomic};
use crate::runner::Seating;
use crate::session::input::input;
use crate::session::plan::fingerprint::PlanFingerprint;
use crate::session::plan::{MatchSpec, Shard, StoppingFlags, StoppingRequest};
use crate::stats::verdict_flags::VerdictFlags;

/// The file in a run's folder that says what the run is.
pub use crate::core::layout::PLAN_FILE;
/// The resolved sweep, in a sweep's folder (written by `session::sweep::run`).
pub use crate::core::layout::SWEEP_FILE;

/// Everything that decides what a run plays (not how fast or how loudly).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunRequest {
    /// `None`: the default experiment (every game).
    pub game: Option<String>,
    pub players: Option<usize>,
    pub bots: Option<String>,
    pub seed: u64,
    pub seating: Seating,
    pub rules: Option<PathBuf>,
    pub sets: Vec<String>,
    pub matches: u64,
    pub stopping: StoppingRequest,
    pub shard: Option<Shard>,
    pub per_match: bool,
    /// `--skill-matches` as given (`None`: not given): the default experiment's skill check
    /// (`session::ladder::skill`), the most matches of each random-vs-greedy comparison per game.
    /// [`RunRequest::skill_matches`] resolves it.
    #[serde(default)]
    pub skill_matches: Option<u64>,
    /// The verdict's terms as given ([`VerdictFlags`]; a term not given is absent from
    /// plan.json).
    #[serde(flatten)]
    pub verdict: VerdictFlags,
}

/// The skill check's matches per comparison when `--skill-matches` is not given.
pub const DEFAULT_SKILL_MATCHES: u64 = 400;

impl RunRequest {
    /// The skill check's matches per comparison: 0 (none) for one game, whatever the game's
    /// source (`--game` or a rules file that names it); else as given, or the default.
    pub fn skill_matches(&self) -> u64 {
        match self.game {
            Some(_) => 0,
            None => self.skill_matches.unwrap_or(DEFAULT_SKILL_MATCHES),
        }
    }

    /// The verdict's terms, checked ([`VerdictFlags::checked`]).
    pub fn verdict(&self) -> anyhow::Result<VerdictFlags> {
        self.verdict.checked().map_err(input)
    }

    /// The match spec for `game` (the request's own game, or one game of the default
    /// experiment).
    pub fn spec_for(&self, game: &str) -> MatchSpec {
        MatchSpec {
            game: game.to_string(),
            players: self.players,
            bots: self.bots.clone(),
            seed: self.seed,
            seating: self.seating,
            rules: self.rules.clone(),
            sets: self.sets.clone(),
        }
    }
}

/// What a command line said, flag by flag (`None`, or empty: not given), to start a run or
/// to check against the one a folder holds.
#[derive(Clone, Debug, Default)]
pub struct RequestFlags {
    pub game: Option<String>,
    pub players: Option<usize>,
    pub bots: Option<String>,
    pub seed: Option<u64>,
    pub seating: Option<Seating>,
    pub rules: Option<PathBuf>,
    pub sets: Vec<String>,
    pub matches: Option<u64>,
    /// The stopping rule's flags; the default experiment turns `--until-decided` on when no
    /// other stopping rule is asked for (`cli::run`).
    pub stopping: StoppingFlags,
    pub shard: Option<Shard>,
    pub per_match: bool,
    pub skill_matches: Option<u64>,
    pub verdict: VerdictFlags,
}

/// The environment variable that scales every match count of `arena run` and `arena sweep`
/// (and `arena bench`'s seconds) by a factor between 0 and 1, so that the README's tour, or a
/// new experiment file, can be tried end to end in seconds. A scaled run says so on stderr,
/// and its manifest holds the matches it played: its figures are a quick pass, not answers.
pub const SCALE_VAR: &str = "ARENA_SCALE";

/// The factor of [`SCALE_VAR`], `None` when it is unset; an error names what is allowed.
pub fn match_scale() -> anyhow::Result<Option<f64>> {
    let Some(raw) = std::env::var_os(SCALE_VAR) else { return Ok(None) };
    let text = raw.to_string_lossy();
    match text.trim().parse::<f64>() {
        Ok(f) if f > 0.0 && f <= 1.0 => Ok(Some(f)),
        _ => Err(crate::session::input::input(format!(
            "{SCALE_VAR} must be a number above 0 and at most 1 (e.g. 0.001), got `{text}`"
        ))),
    }
}

/// `matches` under [`SCALE_VAR`] (at least one match), with a note when it changes.
pub fn scaled_matches(matches: u64) -> u64 {
    let Ok(Some(f)) = match_scale() else { return matches };
    let scaled = ((matches as f64 * f).ceil() as u64).clamp(1, matches);
    if scaled != matches {
        crate::session::voice::err(&format!(
            "note: {SCALE_VAR}={f} plays {scaled} of {matches} matches: a quick pass, not an answer"
        ));
    }
    scaled
}

/// The default seed when `--seed` is not given.
pub const DEFAULT_SEED: u64 = 1;

impl RequestFlags {
    /// A new run's request; `matches` is the count already resolved (with its default).
    pub fn request(&self, matches: u64) -> RunRequest {
        RunRequest {
            game: self.game.clone(),
            players: self.players,
            bots: self.bots.clone(),
            seed: self.seed.unwrap_or(DEFAULT_SEED),
            seating: self.seating.unwrap_or(Seating::Rotate),
            rules: self.rules.clone(),
            sets: self.sets.clone(),
            matches: scaled_matches(matches),
            stopping: self.stopping.request(),
            shard: self.shard,
            per_match: self.per_match,
            skill_matches: self.skill_matches.map(scaled_matches),
            verdict: self.verdict,
        }
    }

    /// `stored` with what these flags add to it: more `--matches`, or a tighter
    /// `--until-ci`, extend a run (anything else is left for [`Self::differences`] to name).
    pub fn extension_of(&self, stored: &RunRequest) -> RunRequest {
        let mut asked = stored.clone();
        if let Some(m) = self.matches.filter(|&m| m > stored.matches) {
            asked.matches = m;
        }
        if let (Some(w), Some(was)) = (self.stopping.until_ci, stored.stopping.until_ci)
            && w < was
        {
            asked.stopping.until_ci = Some(w);
        }
        asked
    }

    /// Every flag given here that asks for something other than `stored`, as
    /// `key: folder X, given Y`.
    pub fn differences(&self, stored: &RunRequest) -> Vec<String> {
        let mut out = Vec::new();
        let check = |out: &mut Vec<String>, key: &str, given: Option<String>, was: String| {
            if let Some(given) = given
                && given != was
            {
                out.push(format!("{key}: the folder's run has {was}, given {given}"));
            }
        };
        check(
            &mut out,
            "--game",
            self.game.clone(),
            stored.game.clone().unwrap_or_else(|| "(every game)".into()),
        );
        check(
            &mut out,
            "--players",
            self.players.map(|p| p.to_string()),
            stored.players.map_or("(the game's usual count)".into(), |p| p.to_string()),
        );
        check(
            &mut out,
            "--bots",
            self.bots.clone(),
            stored.bots.clone().unwrap_or_else(|| "(the defaults)".into()),
        );
        check(&mut out, "--seed", self.seed.map(|s| s.to_string()), stored.seed.to_string());
        check(
            &mut out,
            "--seating",
            self.seating.map(|s| s.name().into()),
            stored.seating.name().into(),
        );
        check(
            &mut out,
            "--rules",
            self.rules.as_ref().map(|p| p.display().to_string()),
            stored.rules.as_ref().map_or("(none)".into(), |p| p.display().to_string()),
        );
        if !self.sets.is_empty() {
            check(&mut out, "--set", Some(self.sets.join(" ")), stored.sets.join(" "));
        }
        check(
            &mut out,
            "--matches",
            self.matches.map(|m| m.to_string()),
            stored.matches.to_string(),
        );
        out.extend(flags::differences(&self.stopping, &stored.stopping.as_flags(), "(none)"));
        let shard = |s: Shard| format!("{}/{}", s.index, s.count);
        check(
            &mut out,
            "--shard",
            self.shard.map(shard),
            stored.shard.map_or("(none)".into(), shard),
        );
        check(
            &mut out,
            "--per-match",
            self.per_match.then(|| "on".to_string()),
            if stored.per_match { "on" } else { "off" }.to_string(),
        );
        out.extend(flags::differences(&self.verdict, &stored.verdict, "(the default)"));
        check(
            &mut out,
            "--skill-matches",
            self.skill_matches.map(|m| m.to_string()),
            stored.skill_matches().to_string(),
        );
        out
    }
}

/// `plan.json`: the request and each game's plan fingerprint.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlanFile {
    pub request: RunRequest,
    /// The experiment file the run was read from, `{path, sha256}` as read when it began
    /// (kept here so that a resumed or extended run records it too).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub inputs: BTreeMap<String, crate::core::file_record::InputFile>,
    /// Per game (its folder's name, or "" for a single-game run): every number-deciding
    /// part of its plan.
    pub fingerprints: BTreeMap<String, PlanFingerprint>,
}

impl PlanFile {
    pub fn write(&self, dir: &Path) -> anyhow::Result<()> {
        write_atomic(&dir.join(PLAN_FILE), &serde_json::to_vec_pretty(self)?)
    }

    /// The plan file of the run folder `dir`.
    pub fn read(dir: &Path) -> anyhow::Result<PlanFile> {
        let path = dir.join(PLAN_FILE);
        if !dir.is_dir() {
            return Err(input(format!("--resume: {} is not a folder", dir.display())));
        }
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if FolderKind::of(dir) == Some(FolderKind::Results)
                    && let Some(head) = RecordHead::read(dir, MANIFEST)
                    && head.is_merge()
                {
                    let shards = head.merged_from.unwrap_or_default();
                    return Err(input(merged_folder(dir, &shards)));
                }
                return Err(input(format!(
                    "--resume: {} has no {PLAN_FILE}, so it is not the folder of an arena run (or an older arena made it; rerun it)",
                    dir.display()
                )));
            }
            Err(e) => return Err(io_failure("reading", &path, e)),
        };
        serde_json::from_slice(&bytes)
            .map_err(|e| input(format!("{}: not a plan file arena can read: {e}", path.display())))
    }
}

/// Why the folder of `arena merge` cannot be resumed or extended: it holds the shards'
/// combined tallies, not a run's state, and a shard's range of matches depends on the run's
/// total, so a larger run is new shards merged again.
fn merged_folder(dir: &Path, shards: &[String]) -> String {
    let from = match shards.len() {
        0 => String::new(),
        n => format!(" of {n} shards ({})", shards.join(", ")),
    };
    format!(
        "--resume: {} is a merge{from} made by `arena merge`, and a merge cannot be resumed or extended: run each shard of the larger plan afresh (`arena run ... --matches N --shard I/K`) and merge them again",
        dir.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_flags_that_differ_are_named() {
        let stored = RequestFlags { game: Some("pig".into()), ..Default::default() }.request(2000);
        let same =
            RequestFlags { game: Some("pig".into()), matches: Some(2000), ..Default::default() };
        assert!(same.differences(&stored).is_empty());
        let other = RequestFlags { matches: Some(5000), seed: Some(9), ..Default::default() };
        let diff = other.differences(&stored);
        assert_eq!(diff.len(), 2, "{diff:?}");
        assert!(diff[0].starts_with("--seed: the folder's run has 1, given 9"), "{diff:?}");
        assert!(diff[1].starts_with("--matches"), "{diff:?}");
    }
}
