//! A sweep as asked for ([`SweepRequest`]: a run request plus the rule values to vary) and
//! validated ([`Sweep`]: one [`Plan`] per variant and the baseline). `--vary key=4,6,8`,
//! `--vary key=2..12:2` (inclusive) and several `--vary` give their grid; an explicit list
//! of variants comes from a file. Every variant is built and validated (unknown parameter,
//! value out of range, empty range, too many variants, a variant that breaks a rules
//! check) before anything is written, with a one-line message naming the parameter.

pub mod answers;
pub mod checkpoint;
pub mod merge;
pub mod run;

use crate::core::GameStats;
use crate::stats::sweep_verdict::Said;
use crate::stats::verdict_flags::VerdictFlags;
use std::path::{Path, PathBuf};

use crate::core::rules::{file_game, parse_set};
use crate::session::input::input;
use crate::session::plan::fingerprint::PlanFingerprint;
use crate::session::plan::request::RunRequest;
use crate::session::plan::{MatchSpec, Plan, Shard, StoppingRequest};

/// The default cap on the number of variants a sweep may have.
pub const MAX_VARIANTS: usize = 1000;

/// A sweep as asked for (recorded in the sweep folder's `sweep.json`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SweepRequest {
    /// Everything else, as for `arena run` (the game is required).
    pub request: RunRequest,
    /// `key=values` specs; their grid is the list of variants.
    pub vary: Vec<String>,
    /// An explicit list of variants, each its `key=value` settings (instead of `vary`).
    pub variants: Vec<Vec<String>>,
    /// The variant the others are compared with, as `key=value[,key=value]`; `None`: the
    /// base rules (a variant of its own if no variant has them).
    pub baseline: Option<String>,
    pub max_variants: usize,
    /// The experiment or variants file the sweep was read from, `{path, sha256}` by what it
    /// is, as read when the sweep began (kept here so a resumed sweep records them too).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub inputs: std::collections::BTreeMap<String, crate::core::file_record::InputFile>,
}

/// One variant: its name and the settings it adds to the base rules.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Variant {
    /// `value_12=8` or `value_11=6,value_12=8`; `baseline` for the base rules.
    pub name: String,
    /// Its subfolder under the sweep folder.
    pub folder: String,
    pub sets: Vec<String>,
}

/// A validated sweep.
#[derive(Debug)]
pub struct Sweep {
    pub request: SweepRequest,
    pub variants: Vec<Variant>,
    pub plans: Vec<Plan>,
    pub baseline: usize,
    /// The varied keys, in order (the parameter columns of `sweep.csv`).
    pub keys: Vec<String>,
    pub out: Option<PathBuf>,
}

/// The values of one `--vary key=...`: a comma list of values and inclusive integer ranges
/// `A..B` or `A..B:STEP`.
pub fn parse_vary(spec: &str) -> anyhow::Result<(String, Vec<String>)> {
    let (key, list) = spec.split_once('=').ok_or_else(|| {
        input(format!(
            "--vary {spec}: expected KEY=VALUES (e.g. value_12=4,6,8 or value_11=2..12:2)"
        ))
    })?;
    let key = key.trim().to_string();
    let mut values = Vec::new();
    for item in list.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(input(format!("--vary {spec}: an empty value in the list")));
        }
        // A range starts with a number: `deep/a/../evil.toml` is a path (as in a variants
        // file), not a malformed range.
        let range = item.split_once("..").filter(|(from, _)| {
            let from = from.trim();
            !from.is_empty() && from.parse::<i64>().is_ok()
        });
        let Some((from, rest)) = range else {
            values.push(item.to_string());
            continue;
        };
        let (to, step) = rest.split_once(':').unwrap_or((rest, "1"));
        let bad = || {
            input(format!(
                "--vary {key}: range `{item}` must be whole numbers A..B or A..B:STEP with STEP >= 1"
            ))
        };
        let (a, b, s): (i64, i64, i64) = (
            from.trim().parse().map_err(|_| bad())?,
            to.trim().parse().map_err(|_| bad())?,
            step.trim().parse().map_err(|_| bad())?,
        );
        if s < 1 {
            return Err(bad());
        }
        if a > b {
            return Err(input(format!(
                "--vary {key}: range `{item}` is empty (from {a} up to {b}); write A..B with A <= B"
            )));
        }
        let mut v = a;
        while v <= b {
            values.push(v.to_string());
            if values.len() > 1_000_000 {
                return Err(input(format!("--vary {key}: range `{item}` has too many values")));
            }
            // Near i64::MAX the next value does not exist: the range ends here.
            let Some(next) = v.checked_add(s) else { break };
            v = next;
        }
    }
    Ok((key, values))
}

/// A folder name for a variant: its index and settings, shell-friendly.
fn folder_name(index: usize, name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| match c {
            '=' => '-',
            ',' => '_',
            c if c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.' => c,
            _ => 'x',
        })
        .collect();
    format!("v{index:03}_{clean}")
}

/// The key of a `key=value` setting.
fn set_key(set: &str) -> anyhow::Result<String> {
    Ok(parse_set(set).map_err(input)?.0)
}

/// Variants listed in a TOML file: `[[variant]]` tables of `key = value`.
pub fn read_variants_file(path: &Path) -> anyhow::Result<Vec<Vec<String>>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| input(format!("--variants {}: {e}", path.display())))?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| {
        input(format!("--variants {}: not valid TOML: {}", path.display(), e.message().trim()))
    })?;
    variants_from_toml(table.get("variant"), &path.display().to_string())
}

/// `[[variant]]` tables (or an inline array of tables) as lists of settings.
pub fn variants_from_toml(
    value: Option<&toml::Value>,
    origin: &str,
) -> anyhow::Result<Vec<Vec<String>>> {
    let Some(value) = value else {
        return Err(input(format!("{origin}: no [[variant]] tables")));
    };
    let list = value
        .as_array()
        .ok_or_else(|| input(format!("{origin}: `variant` must be a list of tables")))?;
    list.iter()
        .map(|v| {
            let t = v.as_table().ok_or_else(|| {
                input(format!("{origin}: each variant must be a table of key = value"))
            })?;
            Ok(t.iter().map(|(k, v)| format!("{k}={v}")).collect())
        })
        .collect()
}

/// The varied keys and each variant's settings: the listed variants, or the grid of every
/// `--vary` axis (refused past `--max-variants` before it is built). `check_key` refuses a
/// key that is not one of the game's rule parameters, saying where it was given.
fn variant_lists(
    request: &SweepRequest,
    check_key: &dyn Fn(&str, &str) -> anyhow::Result<()>,
) -> anyhow::Result<(Vec<String>, Vec<Vec<String>>)> {
    let mut keys: Vec<String> = Vec::new();
    let lists: Vec<Vec<String>> = if !request.variants.is_empty() {
        if !request.vary.is_empty() {
            return Err(input("give either --vary or a list of variants, not both"));
        }
        for list in &request.variants {
            for set in list {
                let key = set_key(set)?;
                check_key(&key, &format!("variant {}", list.join(",")))?;
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
        }
        request.variants.clone()
    } else {
        if request.vary.is_empty() {
            return Err(input(
                "a sweep needs --vary KEY=VALUES (or a list of variants): nothing to vary",
            ));
        }
        let mut grid: Vec<Vec<String>> = vec![Vec::new()];
        let mut count: usize = 1;
        let mut axes = Vec::new();
        for spec in &request.vary {
            let (key, values) = parse_vary(spec)?;
            check_key(&key, &format!("--vary {spec}"))?;
            if keys.contains(&key) {
                return Err(input(format!("--vary {key} is given twice; give each key once")));
            }
            count = count.saturating_mul(values.len());
            keys.push(key.clone());
            axes.push((key, values));
        }
        if count > request.max_variants {
            return Err(input(format!(
                "--vary gives {count} variants, more than --max-variants {} allows",
                request.max_variants
            )));
        }
        for (key, values) in &axes {
            grid = grid
                .iter()
                .flat_map(|g| {
                    values.iter().map(move |v| {
                        let mut g = g.clone();
                        g.push(format!("{key}={v}"));
                        g
                    })
                })
                .collect();
        }
        grid
    };
    Ok((keys, lists))
}

impl Sweep {
    /// Validate `request` into a plan per variant; nothing is written.
    pub fn new(mut request: SweepRequest, out: Option<PathBuf>) -> anyhow::Result<Sweep> {
        // A rules file that names its game (`game = "dardz"`) says which game is meant.
        if request.request.game.is_none()
            && let Some(file) = &request.request.rules
        {
            request.request.game = file_game(file).map_err(input)?;
        }
        let base = &request.request;
        let Some(game) = base.game.clone() else {
            return Err(input("a sweep needs --game (or a --rules file that names its game)"));
        };
        base.verdict()?;
        // Every stopping setting, from a flag or an experiment file, is refused by name.
        let none = StoppingRequest::default().as_flags();
        let asked = crate::core::flags::differences(&base.stopping.as_flags(), &none, "(none)");
        if !asked.is_empty() {
            let named: Vec<&str> = asked.iter().filter_map(|d| d.split(':').next()).collect();
            return Err(input(format!(
                "a sweep plays a fixed --matches per variant: {} (a stopping setting) is for arena run",
                named.join(", ")
            )));
        }
        let base_plan = Plan::new(&base.spec_for(&game), base.matches)?;
        let known: Vec<String> = base_plan.game.params().iter().map(|p| p.key.clone()).collect();
        let check_key = |key: &str, what: &str| -> anyhow::Result<()> {
            if known.iter().any(|k| k == key) {
                return Ok(());
            }
            Err(input(format!(
                "{what}: `{key}` is not a rule parameter of {game}; its parameters: {} (see `arena games`)",
                known.join(", ")
            )))
        };
        // The variants as lists of settings, with their keys.
        let (keys, lists) = variant_lists(&request, &check_key)?;
        if lists.len() > request.max_variants {
            return Err(input(format!(
                "{} variants, more than --max-variants {} allows",
                lists.len(),
                request.max_variants
            )));
        }
        // The base settings with the varied keys left to each variant; the base's own
        // values of the varied keys (if it sets any) make the default baseline.
        let (mut base_sets, mut base_varied) = (Vec::new(), Vec::new());
        for set in &base.sets {
            if keys.contains(&set_key(set)?) {
                base_varied.push(set.clone());
            } else {
                base_sets.push(set.clone());
            }
        }
        let plan_for = |sets: &[String]| -> anyhow::Result<Plan> {
            let mut spec: MatchSpec = base.spec_for(&game);
            spec.sets = base_sets.iter().chain(sets).cloned().collect();
            Plan::new(&spec, base.matches).map_err(|e| {
                input(format!(
                    "variant {}: {e:#}",
                    if sets.is_empty() { "baseline".to_string() } else { sets.join(",") }
                ))
            })
        };
        let mut variants = Vec::new();
        let mut plans = Vec::new();
        for sets in &lists {
            let name = if sets.is_empty() { "baseline".to_string() } else { sets.join(",") };
            plans.push(plan_for(sets)?);
            variants.push(Variant { name, folder: String::new(), sets: sets.clone() });
        }
        let values =
            |p: &Plan| -> Vec<String> { p.game.params().into_iter().map(|i| i.value).collect() };
        let baseline_plan = match &request.baseline {
            Some(text) => {
                let sets: Vec<String> = text.split(',').map(|s| s.trim().to_string()).collect();
                for set in &sets {
                    let key = set_key(set)?;
                    check_key(&key, &format!("--baseline {text}"))?;
                }
                plan_for(&sets)?
            }
            None => plan_for(&base_varied)?,
        };
        let wanted = values(&baseline_plan);
        let baseline = match plans.iter().position(|p| values(p) == wanted) {
            Some(i) => i,
            None if request.baseline.is_some() => {
                return Err(input(format!(
                    "--baseline {}: no variant of the sweep has those rules; name one of its variants",
                    request.baseline.as_deref().unwrap_or("")
                )));
            }
            None => {
                plans.insert(0, baseline_plan);
                variants.insert(
                    0,
                    Variant { name: "baseline".into(), folder: String::new(), sets: base_varied },
                );
                0
            }
        };
        for (i, v) in variants.iter_mut().enumerate() {
            v.folder = folder_name(i, &v.name);
        }
        comparable(&variants, &plans)?;
        Ok(Sweep { request, variants, plans, baseline, keys, out })
    }

    /// Each variant's value of each varied key (resolved: the baseline shows the default).
    pub fn key_values(&self) -> Vec<Vec<String>> {
        self.plans
            .iter()
            .map(|p| {
                let params = p.game.params();
                self.keys
                    .iter()
                    .map(|k| {
                        params
                            .iter()
                            .find(|i| &i.key == k)
                            .map_or(String::new(), |i| i.value.clone())
                    })
                    .collect()
            })
            .collect()
    }
}

/// Everything needed to write a sweep's files from its tallies.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SweepMeta {
    pub game: String,
    pub players: usize,
    pub labels: Vec<String>,
    pub metric_names: Vec<String>,
    /// What each metric counts, in `metric_names` order (for each variant's COLUMNS.md).
    #[serde(default)]
    pub metric_docs: Vec<(String, String)>,
    pub group: u64,
    pub seed: u64,
    pub matches: u64,
    pub keys: Vec<String>,
    pub variants: Vec<Variant>,
    /// Each variant's value of each key.
    pub values: Vec<Vec<String>>,
    /// Each variant's plan fingerprint (every rule value).
    pub plans: Vec<PlanFingerprint>,
    pub baseline: usize,
}

impl SweepMeta {
    /// A variant's rules in the sweep's own words, every varied key with its value
    /// (`value_12=10`), so that the baseline reads as its values, not as "baseline".
    pub fn settings(&self, v: usize) -> String {
        let pairs: Vec<String> =
            self.keys.iter().zip(&self.values[v]).map(|(k, x)| format!("{k}={x}")).collect();
        if pairs.is_empty() { self.variants[v].name.clone() } else { pairs.join(",") }
    }

    /// The conclusion across the variants (first on stdout, `verdict.txt`, the top of the
    /// sweep page): see [`crate::stats::sweep_verdict`]. A shard's begins by saying that it
    /// is of the shard's matches only ([`Self::shard_line`]).
    pub fn conclusion(
        &self,
        block: &crate::runner::sweep::SweepBlock,
        verdict: VerdictFlags,
        shard: Option<Shard>,
    ) -> Vec<String> {
        self.conclusion_said(block, verdict, shard).into_iter().map(|s| s.whole).collect()
    }

    /// [`Self::conclusion`], each line also in its plain form (without its methods), for
    /// stdout's default lines.
    pub fn conclusion_said(
        &self,
        block: &crate::runner::sweep::SweepBlock,
        verdict: VerdictFlags,
        shard: Option<Shard>,
    ) -> Vec<Said> {
        let names: Vec<String> = (0..self.variants.len())
            .map(|v| {
                let name = self.settings(v);
                if v == self.baseline { format!("{name} (baseline)") } else { name }
            })
            .collect();
        let mut lines: Vec<Said> = shard
            .map(|s| {
                let line = self.shard_line(s, false);
                Said { whole: line.clone(), plain: line }
            })
            .into_iter()
            .collect();
        lines.extend(self.conclusion_naming_said(block, verdict, &names));
        lines
    }

    /// The first line of what a shard concludes (its `verdict.txt` and stdout), and of each
    /// of its variants' `verdict.txt`: every figure there is of this shard's matches only,
    /// which a folder read alone would not tell from the sweep's.
    pub fn shard_line(&self, shard: Shard, variant: bool) -> String {
        let (start, end) = shard.range(self.matches, self.group);
        let (whose, what, whole) = if variant {
            ("this variant's", "the verdict below comes", "the variant's")
        } else {
            ("each variant's", "every line below comes", "the sweep's")
        };
        format!(
            "This shard only (shard {}/{} of the sweep: {} of {whose} {} matches, from match {start}): {what} from this shard's matches; merge the shards with `arena merge` for {whole} verdict.",
            shard.index,
            shard.count,
            end - start,
            self.matches
        )
    }

    /// The conclusion with the variants called `names` (a tuning's "current", "proposal"),
    /// each line in both its forms.
    pub fn conclusion_naming_said(
        &self,
        block: &crate::runner::sweep::SweepBlock,
        verdict: VerdictFlags,
        names: &[String],
    ) -> Vec<Said> {
        // A trend needs one varied rule whose every value is a number.
        let numeric = match self.keys.as_slice() {
            [key] => self
                .values
                .iter()
                .map(|v| v.first().and_then(|x| x.trim().parse::<f64>().ok()))
                .collect::<Option<Vec<f64>>>()
                .map(|values| (key.as_str(), values)),
            _ => None,
        };
        crate::stats::sweep_verdict::conclude_said(&crate::stats::sweep_verdict::SweepFacts {
            tallies: &block.tallies,
            paired: &block.paired,
            names,
            labels: &self.labels,
            verdict,
            numeric,
        })
    }
}

/// Refuse variants a sweep cannot compare: variants are compared counter by counter (paired
/// per match), so a rule that changes which counters the game keeps (LOW BLOW's `rounds`
/// adds per-round counters) makes variants that would otherwise fail mid-sweep; and a
/// variant list that repeats itself gives rows that cannot be told apart.
fn comparable(variants: &[Variant], plans: &[Plan]) -> anyhow::Result<()> {
    let counters = |p: &Plan| crate::with_game!(&p.game, g => g.metric_names(p.spec.players));
    let first = counters(&plans[0]);
    if let Some(i) = plans.iter().position(|p| counters(p) != first) {
        return Err(input(format!(
            "variant {} keeps other counters than variant {} (their metrics differ, as when a rule changes the number of rounds), so a sweep cannot compare them; run each as its own `arena run`",
            variants[i].name, variants[0].name
        )));
    }
    // Each variant's values once, into a map (comparing every pair, recomputing values,
    // took minutes for 10,000 variants).
    let values =
        |p: &Plan| -> Vec<String> { p.game.params().into_iter().map(|i| i.value).collect() };
    let mut seen = std::collections::HashMap::with_capacity(plans.len());
    for (i, plan) in plans.iter().enumerate() {
        if let Some(j) = seen.insert(values(plan), i) {
            return Err(input(format!(
                "variants {} and {} have the same rules; give each variant once",
                variants[j].name, variants[i].name
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vary_lists_and_inclusive_ranges() {
        assert_eq!(parse_vary("value_12=4,6").unwrap().1, vec!["4", "6"]);
        assert_eq!(parse_vary("value_11=2..12:2").unwrap().1, vec!["2", "4", "6", "8", "10", "12"]);
        assert_eq!(parse_vary("k=1..3,7").unwrap().1, vec!["1", "2", "3", "7"]);
        let err = parse_vary("value_11=12..2").unwrap_err().to_string();
        assert!(err.contains("empty"), "{err}");
        assert!(parse_vary("k=1..5:0").is_err());
        assert!(parse_vary("k").is_err());
        assert!(parse_vary("k=1,,2").is_err());
    }

    #[test]
    fn the_rerun_lines_default_guard_is_the_sweeps() {
        // A page's rerun line gives --max-variants only when the sweep raised it; the page
        // (floor 3) cannot name this floor's constant, so it keeps its own copy.
        assert_eq!(crate::report::rerun::words::DEFAULT_MAX_VARIANTS, MAX_VARIANTS as u64);
    }
}
