//! Experiment files (TOML, in `configs/experiments/`): everything `arena run` takes on the
//! command line, key by key (`game`, `players`, `bots`, `seed`, `seating`, `rules`, `set`,
//! `matches`, the stopping rule, the verdict's terms, `per_match`, `out`, `threads`), plus a sweep's `vary`, its
//! `[[variant]]` list, `baseline` and `max_variants`. A flag given on the command line
//! overrides its key; the result folder's `plan.json` (or a sweep's `sweep.json`) records
//! the resolved request, so any folder can be rerun exactly. Unknown keys are refused.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::core::flags;
use crate::runner::Seating;
use crate::session::input::input;
use crate::session::plan::StoppingFlags;
use crate::session::plan::request::RequestFlags;
use crate::session::sweep::variants_from_toml;
use crate::stats::verdict_flags::VerdictFlags;

/// An experiment file, as read. Its keys are its own fields and those of the flag groups it
/// flattens in, each declared once with its flag ([`VerdictFlags`]); serde cannot refuse
/// unknown keys beside a flattened group, so `unknown` gathers them and [`Self::read`]
/// refuses them.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct ExperimentFile {
    pub description: Option<String>,
    pub game: Option<String>,
    pub players: Option<usize>,
    pub bots: Option<String>,
    pub seed: Option<u64>,
    pub seating: Option<Seating>,
    pub rules: Option<PathBuf>,
    /// `key = value` rule settings (a table), as `--set` gives them.
    #[serde(default)]
    pub set: toml::Table,
    pub matches: Option<u64>,
    #[serde(flatten)]
    pub stopping: StoppingFlags,
    #[serde(flatten)]
    pub verdict: VerdictFlags,
    pub per_match: Option<bool>,
    pub out: Option<PathBuf>,
    pub threads: Option<usize>,
    /// A sweep: `KEY=VALUES` specs, as `--vary` takes them.
    #[serde(default)]
    pub vary: Vec<String>,
    /// A sweep's explicit variants (`[[variant]]` tables of `key = value`).
    pub variant: Option<toml::Value>,
    pub baseline: Option<String>,
    pub max_variants: Option<usize>,
    /// Every key none of the above takes (refused by [`Self::read`]). Last, so that the
    /// flattened groups above take their keys first.
    #[serde(flatten, skip_serializing)]
    unknown: BTreeMap<String, toml::Value>,
}

impl ExperimentFile {
    pub fn read(path: &Path) -> anyhow::Result<ExperimentFile> {
        let shown = path.display();
        let text = std::fs::read_to_string(path)
            .map_err(|e| input(format!("--experiment {shown}: {e}")))?;
        let file: ExperimentFile = toml::from_str(&text).map_err(|e| {
            // A flattened group's value reaches its type without its place in the text: the
            // group read alone (it takes its own keys and leaves the rest) finds it.
            let e = toml::from_str::<StoppingFlags>(&text)
                .err()
                .or_else(|| toml::from_str::<VerdictFlags>(&text).err())
                .unwrap_or(e);
            let place = place(&text, e.span());
            input(format!(
                "--experiment {shown}: {place}{}",
                e.message().lines().next().unwrap_or("").trim()
            ))
        })?;
        file.check(&shown.to_string(), &text)?;
        Ok(file)
    }

    /// Every key an experiment file may have, for the message that refuses another.
    fn keys() -> Vec<String> {
        let own = serde_json::to_value(ExperimentFile::default()).unwrap_or_default();
        let own = own.as_object().into_iter().flat_map(|m| m.keys().cloned());
        let mut keys: Vec<String> = own
            .chain(flags::fields::<StoppingFlags>())
            .chain(flags::fields::<VerdictFlags>())
            .collect();
        keys.sort();
        keys.dedup();
        keys
    }

    /// Values the flags would refuse are refused here too (a file is no back door).
    fn check(&self, shown: &str, text: &str) -> anyhow::Result<()> {
        if let Some(key) = self.unknown.keys().next() {
            let at = text.find(key.as_str()).map(|start| start..start + key.len());
            return Err(input(format!(
                "--experiment {shown}: {}unknown field `{key}`; the keys are {}",
                place(text, at),
                Self::keys().join(", ")
            )));
        }
        // A number the flags would refuse as not finite (`nan`, `inf`); through the groups'
        // JSON it would read as not given.
        let table: toml::Table = toml::from_str(text).unwrap_or_default();
        let mut odd = flags::non_finite_keys::<StoppingFlags>(&table);
        odd.extend(flags::non_finite_keys::<VerdictFlags>(&table));
        if let Some(key) = odd.first() {
            return Err(input(format!(
                "--experiment {shown}: `{key}` must be a finite number, got {}",
                table[key.as_str()]
            )));
        }
        let positive = [
            ("matches", self.matches),
            ("check_every", self.stopping.check_every),
            ("threads", self.threads.map(|t| t as u64)),
            ("max_variants", self.max_variants.map(|t| t as u64)),
            ("players", self.players.map(|t| t as u64)),
        ];
        for (key, value) in positive {
            if value == Some(0) {
                return Err(input(format!(
                    "--experiment {shown}: `{key}` must be a whole number of at least 1, got 0"
                )));
            }
        }
        Ok(())
    }

    /// Whether this is a sweep (it varies something).
    pub fn is_sweep(&self) -> bool {
        !self.vary.is_empty() || self.variant.is_some()
    }

    /// The file's variants as lists of settings (empty when it has none).
    pub fn variants(&self, origin: &str) -> anyhow::Result<Vec<Vec<String>>> {
        match &self.variant {
            None => Ok(Vec::new()),
            Some(v) => variants_from_toml(Some(v), origin),
        }
    }

    /// Fill every flag not given on the command line from the file (flags override keys).
    /// `--set` adds to the file's settings, replacing a key the file also sets.
    pub fn fill(&self, flags: &mut RequestFlags) {
        fn or<T: Clone>(flag: &mut Option<T>, key: &Option<T>) {
            if flag.is_none() {
                *flag = key.clone();
            }
        }
        or(&mut flags.game, &self.game);
        or(&mut flags.players, &self.players);
        or(&mut flags.bots, &self.bots);
        or(&mut flags.seed, &self.seed);
        or(&mut flags.seating, &self.seating);
        or(&mut flags.rules, &self.rules);
        or(&mut flags.matches, &self.matches);
        flags.stopping = flags::filled(&flags.stopping, &self.stopping);
        flags.verdict = flags::filled(&flags.verdict, &self.verdict);
        flags.per_match |= self.per_match.unwrap_or(false);
        let given: Vec<String> = flags
            .sets
            .iter()
            .filter_map(|s| s.split_once('=').map(|(k, _)| k.trim().to_string()))
            .collect();
        let mut sets: Vec<String> = self
            .set
            .iter()
            .filter(|(k, _)| !given.contains(k))
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        sets.append(&mut flags.sets);
        flags.sets = sets;
    }
}

/// Where in `text` the byte range `span` is: its line, and the text it points at (the key,
/// for a duplicate), as an error's opening words; empty when it is not known.
fn place(text: &str, span: Option<std::ops::Range<usize>>) -> String {
    let Some(span) = span else { return String::new() };
    let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
    let pointed = text.get(span).unwrap_or("").trim();
    let pointed: String = pointed.lines().next().unwrap_or("").chars().take(60).collect();
    if pointed.is_empty() {
        format!("line {line}: ")
    } else {
        format!("line {line} (`{pointed}`): ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_override_keys_and_sets_merge() {
        let file: ExperimentFile = toml::from_str(
            "game = \"dardz\"\nplayers = 4\nseed = 9\nmatches = 500\n[set]\nvalue_12 = 8\ntarget_score = 100\n",
        )
        .unwrap();
        let mut flags = RequestFlags {
            seed: Some(3),
            sets: vec!["value_12=6".into()],
            ..RequestFlags::default()
        };
        file.fill(&mut flags);
        assert_eq!(flags.game.as_deref(), Some("dardz"));
        assert_eq!((flags.seed, flags.players, flags.matches), (Some(3), Some(4), Some(500)));
        assert_eq!(flags.sets, vec!["target_score=100", "value_12=6"]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "fair_within = 2\ngmae = \"pig\"").unwrap();
        let err = ExperimentFile::read(&path).unwrap_err().to_string();
        assert!(err.contains("line 2 (`gmae`): unknown field `gmae`; the keys are baseline, bots, check_every, description, fair_within, game, "), "{err}");
        // A value of a flag group is placed where it is, as any other key's is.
        std::fs::write(&path, "game = \"pig\"\n\nsprt = 5\n").unwrap();
        let err = ExperimentFile::read(&path).unwrap_err().to_string();
        assert!(err.contains("line 3 (`5`): invalid type"), "{err}");
        // A number no flag takes (not finite) is refused, not read as not given.
        std::fs::write(&path, "until_ci = nan\nfair_within = inf\n").unwrap();
        let err = ExperimentFile::read(&path).unwrap_err().to_string();
        assert!(err.contains("`until_ci` must be a finite number, got nan"), "{err}");
        std::fs::write(&path, "fair_within = 2").unwrap();
        assert_eq!(ExperimentFile::read(&path).unwrap().verdict.fair_within, Some(2.0));
    }

    #[test]
    fn every_shipped_experiment_file_reads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/experiments");
        let mut n = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let file = ExperimentFile::read(&path).unwrap_or_else(|e| panic!("{e}"));
            file.variants("x").unwrap();
            n += 1;
        }
        assert!(n >= 3);
    }
}
