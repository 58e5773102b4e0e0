//! The rerun line of a job, built from what its folder recorded the job resolved to, never
//! from the words that were typed: the typed line leaves out whatever it took from defaults
//! (the seed, the bots, the player count, the verdict's margin), which another version may
//! change, and names the sender's own program path and folders. Every choice that decides a
//! result is given as a flag; how fast it runs (`--threads`) and how loudly (`--quiet`) are
//! not, and the output folder is added by the caller ([`with_out`]).
//!
//! Where a job read a file (a rules file, a card file named by a rule), the line names it as
//! the job did: the file's content decided the result, so it must travel with the folder.

use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use crate::core::job_record::{BotLabel, ObjectiveRecord};
use crate::core::layout::{LADDER_FILE, MANIFEST, PLAN_FILE, SWEEP_FILE, TUNE_FILE, TUNE_REQUEST};
use crate::report::rerun::job::{Job, JobKind};
use crate::report::{ReportError, read_json, run_subfolders, run_subfolders_with};
use crate::stats::verdict_flags::VerdictFlags;

/// The default of `arena sweep --max-variants` (`session::MAX_VARIANTS`, which this floor
/// cannot name; a test in `session::sweep` holds the two equal). It only guards against a
/// mistyped grid, so the line gives it only when the sweep raised it.
pub const DEFAULT_MAX_VARIANTS: u64 = 1000;

/// The words that play `job` again (`arena <command> --flag value ...`), without `--out`.
pub fn job_words(job: &Job) -> Result<Vec<String>, ReportError> {
    let root = job.root.as_path();
    let words = match job.kind {
        JobKind::Run => run(root)?,
        JobKind::Experiment => experiment(root)?,
        JobKind::Sweep => sweep(root)?,
        JobKind::Ladder => ladder(root)?,
        JobKind::Tune => tune(root)?,
        JobKind::Merge => return merge(job),
    };
    Ok(words.0)
}

/// `words` sending the job's output to `out`.
pub fn with_out(mut words: Vec<String>, out: &str) -> Vec<String> {
    words.extend(["--out".to_string(), out.to_string()]);
    words
}

/// A command line being built, flag by flag.
struct Line(Vec<String>);

impl Line {
    fn new(command: &str) -> Line {
        Line(vec!["arena".to_string(), command.to_string()])
    }

    fn flag(&mut self, name: &str, value: impl ToString) {
        self.0.extend([name.to_string(), value.to_string()]);
    }

    fn switch(&mut self, name: &str) {
        self.0.push(name.to_string());
    }
}

/// One record file read, so that a missing or mistyped key names the file and the key.
struct Record {
    file: String,
    value: Value,
}

impl Record {
    fn read(dir: &Path, file: &str) -> Result<Record, ReportError> {
        Ok(Record { file: dir.join(file).display().to_string(), value: read_json(dir, file)? })
    }

    /// The value at `path` (`request.seed`), which may be null.
    fn at(&self, path: &str) -> &Value {
        path.split('.').fold(&self.value, |v, key| &v[key])
    }

    fn bad(&self, path: &str, what: &str) -> ReportError {
        ReportError::Input(format!("{}: `{path}` must be {what}", self.file))
    }

    fn text(&self, path: &str) -> Result<String, ReportError> {
        self.at(path).as_str().map(str::to_string).ok_or_else(|| self.bad(path, "a text"))
    }

    fn count(&self, path: &str) -> Result<u64, ReportError> {
        self.at(path).as_u64().ok_or_else(|| self.bad(path, "a whole number"))
    }

    fn number(&self, path: &str) -> Result<f64, ReportError> {
        self.at(path).as_f64().ok_or_else(|| self.bad(path, "a number"))
    }

    /// A key that may be absent or null: `None` then, else its value as `read` takes it.
    fn optional<T>(
        &self,
        path: &str,
        read: fn(&Record, &str) -> Result<T, ReportError>,
    ) -> Result<Option<T>, ReportError> {
        if self.at(path).is_null() { Ok(None) } else { read(self, path).map(Some) }
    }

    fn texts(&self, path: &str) -> Result<Vec<String>, ReportError> {
        let list = self.at(path);
        if list.is_null() {
            return Ok(Vec::new());
        }
        let bad = || self.bad(path, "a list of texts");
        list.as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|w| w.as_str().map(str::to_string).ok_or_else(bad))
            .collect()
    }

    /// `--bots` for the lineup at `path` (a manifest's `lineup`, a sweep variant's
    /// `plan.lineup`): each seat's label (what was typed for it, which is also its name in
    /// the CSV files), or one label when every seat has it.
    fn lineup(&self, path: &str) -> Result<String, ReportError> {
        let bad = || self.bad(path, "a list of bots with labels");
        let bots = Vec::<BotLabel>::deserialize(self.at(path)).map_err(|_| bad())?;
        let labels: Vec<&str> =
            bots.iter().map(|b| b.label.as_deref().ok_or_else(bad)).collect::<Result<_, _>>()?;
        one_or_each(&labels).ok_or_else(bad)
    }

    /// A `{index, count}` shard as `--shard` takes it.
    fn shard(&self, path: &str) -> Result<Option<String>, ReportError> {
        if self.at(path).is_null() {
            return Ok(None);
        }
        let (i, k) = (self.count(&format!("{path}.index"))?, self.count(&format!("{path}.count"))?);
        Ok(Some(format!("{i}/{k}")))
    }
}

/// One label when every one is the same, else all of them comma-separated.
fn one_or_each(labels: &[&str]) -> Option<String> {
    let first = labels.first()?;
    Some(if labels.iter().all(|l| l == first) { first.to_string() } else { labels.join(",") })
}

/// A number as a flag takes it: `1`, not `1.0`.
fn num(x: f64) -> String {
    format!("{x}")
}

/// The flags of a run's request every command shares: seed and seating, then the rules
/// (the rules file as the job named it, each `--set` as resolved with any experiment file's).
fn seed_and_rules(line: &mut Line, r: &Record, seating: bool) -> Result<(), ReportError> {
    line.flag("--seed", r.count("request.seed")?);
    if seating {
        line.flag("--seating", r.text("request.seating")?);
    }
    if let Some(rules) = r.optional("request.rules", Record::text)? {
        line.flag("--rules", rules);
    }
    for set in r.texts("request.sets")? {
        line.flag("--set", set);
    }
    Ok(())
}

/// The stopping rule, where one was asked for; `always_say_decided` gives `--until-decided`
/// on or off even when off (the default experiment, whose default is on).
fn stopping(line: &mut Line, r: &Record, always_say_decided: bool) -> Result<(), ReportError> {
    let mut any = false;
    if let Some(width) = r.optional("request.stopping.until_ci", Record::number)? {
        line.flag("--until-ci", num(width));
        any = true;
    }
    if let Some(sprt) = r.optional("request.stopping.sprt", Record::text)? {
        line.flag("--sprt", sprt);
        line.flag("--sprt-alpha", num(r.number("request.stopping.sprt_alpha")?));
        line.flag("--sprt-beta", num(r.number("request.stopping.sprt_beta")?));
        any = true;
    }
    // Absent from older plan files: off.
    let decided = r.at("request.stopping.until_decided").as_bool().unwrap_or(false);
    if decided || always_say_decided {
        line.0.push(format!("--until-decided={}", if decided { "on" } else { "off" }));
    }
    if any || decided {
        line.flag("--check-every", r.count("request.stopping.check_every")?);
    }
    Ok(())
}

/// The verdict's terms, each as given or as the default it was judged with: the request
/// holds the flag group as declared ([`VerdictFlags`]), and each of its flags is written.
fn verdict_terms(line: &mut Line, r: &Record) -> Result<(), ReportError> {
    let terms: VerdictFlags = serde_json::from_value(r.at("request").clone())
        .map_err(|e| ReportError::Input(format!("{}: `request`: {e}", r.file)))?;
    for (flag, value) in crate::core::flags::given(&terms.resolved()) {
        line.flag(&flag, value);
    }
    Ok(())
}

/// `arena run --game G`: the request in `plan.json`, with the player count and the bots it
/// resolved to from the manifest.
fn run(root: &Path) -> Result<Line, ReportError> {
    let plan = Record::read(root, PLAN_FILE)?;
    let manifest = Record::read(root, MANIFEST)?;
    let mut line = Line::new("run");
    line.flag("--game", manifest.text("game")?);
    line.flag("--players", manifest.count("players")?);
    line.flag("--bots", manifest.lineup("lineup")?);
    seed_and_rules(&mut line, &plan, true)?;
    line.flag("--matches", plan.count("request.matches")?);
    stopping(&mut line, &plan, false)?;
    if let Some(shard) = plan.shard("request.shard")? {
        line.flag("--shard", shard);
    }
    if plan.at("request.per_match").as_bool().unwrap_or(false) {
        line.switch("--per-match");
    }
    verdict_terms(&mut line, &plan)?;
    Ok(line)
}

/// The default experiment: every game at its usual player count; the bots when every game
/// played one and the same (its default, today random); the skill check's size.
fn experiment(root: &Path) -> Result<Line, ReportError> {
    let plan = Record::read(root, PLAN_FILE)?;
    let mut line = Line::new("run");
    if let Some(players) = plan.optional("request.players", Record::count)? {
        line.flag("--players", players);
    }
    match plan.optional("request.bots", Record::text)? {
        Some(bots) => line.flag("--bots", bots),
        None => {
            let lineups: Vec<String> = run_subfolders(root)
                .iter()
                .map(|game| Record::read(game, MANIFEST)?.lineup("lineup"))
                .collect::<Result<_, _>>()?;
            let each: Vec<&str> = lineups.iter().map(String::as_str).collect();
            if let Some(bots) = one_or_each(&each).filter(|b| !b.contains(',')) {
                line.flag("--bots", bots);
            }
        }
    }
    seed_and_rules(&mut line, &plan, true)?;
    line.flag("--matches", plan.count("request.matches")?);
    stopping(&mut line, &plan, true)?;
    if let Some(shard) = plan.shard("request.shard")? {
        line.flag("--shard", shard);
    }
    if plan.at("request.per_match").as_bool().unwrap_or(false) {
        line.switch("--per-match");
    }
    verdict_terms(&mut line, &plan)?;
    // The skill check's size: as given, else as its ladders played it (their cap).
    let skill = match plan.optional("request.skill_matches", Record::count)? {
        Some(n) => Some(n),
        None => match run_subfolders_with(&root.join("skill"), LADDER_FILE).first() {
            Some(ladder) => Some(Record::read(ladder, LADDER_FILE)?.count("request.max_matches")?),
            None => None,
        },
    };
    if let Some(n) = skill {
        line.flag("--skill-matches", n);
    }
    Ok(line)
}

/// The manifest of a sweep's first variant, whose `plan` holds the player count and bots
/// the sweep resolved to.
fn first_variant(sweep: &Path) -> Result<Record, ReportError> {
    let variant = run_subfolders(sweep).into_iter().next().ok_or_else(|| {
        ReportError::Input(format!("{}: no variant folder with a manifest.json", sweep.display()))
    })?;
    Record::read(&variant, MANIFEST)
}

/// `arena sweep`: the request in `sweep.json`; its variants as `--vary` specs, or listed
/// one `--variant` each when they came from a list (a variants or experiment file).
fn sweep(root: &Path) -> Result<Line, ReportError> {
    let file = Record::read(root, SWEEP_FILE)?;
    let variant = first_variant(root)?;
    let mut line = Line::new("sweep");
    line.flag("--game", file.text("request.game")?);
    line.flag("--players", variant.count("plan.players")?);
    line.flag("--bots", variant.lineup("plan.lineup")?);
    seed_and_rules(&mut line, &file, true)?;
    line.flag("--matches", file.count("request.matches")?);
    for spec in file.texts("vary")? {
        line.flag("--vary", spec);
    }
    if file.texts("vary")?.is_empty() {
        let bad = || file.bad("variants", "a list of lists of key=value texts");
        for settings in file.at("variants").as_array().ok_or_else(bad)? {
            let list: Vec<&str> = settings
                .as_array()
                .ok_or_else(bad)?
                .iter()
                .map(|s| s.as_str().ok_or_else(bad))
                .collect::<Result<_, _>>()?;
            line.flag("--variant", list.join(","));
        }
    }
    if let Some(baseline) = file.optional("baseline", Record::text)? {
        line.flag("--baseline", baseline);
    }
    let max = file.count("max_variants")?;
    if max != DEFAULT_MAX_VARIANTS {
        line.flag("--max-variants", max);
    }
    if let Some(shard) = file.shard("request.shard")? {
        line.flag("--shard", shard);
    }
    verdict_terms(&mut line, &file)?;
    Ok(line)
}

/// `arena ladder`: the request in `ladder.json`, with the player count and the self-play
/// size it resolved to.
fn ladder(root: &Path) -> Result<Line, ReportError> {
    let file = Record::read(root, LADDER_FILE)?;
    let mut line = Line::new("ladder");
    line.flag("--game", file.text("request.game")?);
    line.flag("--players", file.count("fingerprint.players")?);
    line.flag("--bots", file.text("request.bots")?);
    seed_and_rules(&mut line, &file, false)?;
    line.flag("--batch", file.count("request.batch")?);
    line.flag("--max-matches", file.count("request.max_matches")?);
    line.flag("--self-play-matches", file.count("fingerprint.self_play_max")?);
    line.flag("--precision", num(file.number("request.precision")?));
    if let Some(shard) = file.shard("request.shard")? {
        line.flag("--shard", shard);
    }
    Ok(line)
}

/// `arena tune`: the request in `tune_request.json`, with the confirmation's seed as
/// `tune.json` resolved it and the players and bots its measurement's sweep played.
fn tune(root: &Path) -> Result<Line, ReportError> {
    let file = Record::read(root, TUNE_REQUEST)?;
    let done = Record::read(root, TUNE_FILE)?;
    let measured = first_variant(&root.join("measure"))?;
    let mut line = Line::new("tune");
    line.flag("--game", file.text("request.game")?);
    line.flag("--players", measured.count("plan.players")?);
    line.flag("--bots", measured.lineup("plan.lineup")?);
    seed_and_rules(&mut line, &file, true)?;
    line.flag("--matches", file.count("request.matches")?);
    line.flag("--confirm-matches", file.count("confirm_matches")?);
    line.flag("--confirm-seed", done.count("seeds.confirm")?);
    let bounds = file.at("bounds");
    match (bounds[0].as_i64(), bounds[1].as_i64()) {
        (Some(lo), Some(hi)) => line.flag("--bounds", format!("{lo}..{hi}")),
        _ => return Err(file.bad("bounds", "two whole numbers [LO, HI]")),
    }
    if let Some(pool) = file.at("pool").as_i64() {
        line.flag("--pool", pool);
    }
    if !file.at("objective").is_null() {
        line.flag("--objective", objective(&file)?);
        line.flag("--iterations", file.count("iterations")?);
        line.flag("--step-matches", file.count("step_matches")?);
    }
    Ok(line)
}

/// A recorded objective (`"Balance"`, `{"Length": 60.0}`, `{"Share": {"number": 12, "share":
/// 0.08}}`) as `--objective` takes it.
fn objective(file: &Record) -> Result<String, ReportError> {
    let bad = || file.bad("objective", "Balance, {\"Length\": TURNS} or {\"Share\": {...}}");
    Ok(match ObjectiveRecord::deserialize(file.at("objective")).map_err(|_| bad())? {
        ObjectiveRecord::Balance => "balance".into(),
        ObjectiveRecord::Length(turns) => format!("length={}", num(turns)),
        ObjectiveRecord::Share { number, share } => format!("share:{number}={}", num(share)),
    })
}

/// `arena merge`: its record names the shards' folders, which hold the plan, so the line is
/// the recorded one with this program's name and without its `--out` (the caller adds one).
fn merge(job: &Job) -> Result<Vec<String>, ReportError> {
    let path = job.record_file()?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let file = path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let record = Record::read(dir, &file)?;
    let words = record.texts("command_line")?;
    let mut out = vec!["arena".to_string()];
    let mut rest = words.iter().skip(1);
    while let Some(w) = rest.next() {
        if w == "--out" {
            rest.next();
        } else if !w.starts_with("--out=") && w != "--quiet" && w != "--no-report" {
            out.push(w.clone());
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn golden(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name)
    }

    fn line_of(name: &str) -> String {
        job_words(&Job::of(&golden(name)).unwrap()).unwrap().join(" ")
    }

    #[test]
    fn a_runs_line_gives_every_choice_it_resolved() {
        // Typed: --players 3 --bots greedy:samples=4,mcts:iterations=20,random --matches 18
        // --seed 15 --per-match --set value_12=8 (seating and margin by default).
        assert_eq!(
            line_of("dardz"),
            "arena run --game dardz --players 3 --bots greedy:samples=4,mcts:iterations=20,random \
             --seed 15 --seating rotate --set value_12=8 --matches 18 --per-match --fair-within 1"
        );
    }

    #[test]
    fn the_default_experiments_line_says_its_stopping_rule_and_skill_check() {
        let line = line_of("default-experiment");
        assert_eq!(
            line,
            "arena run --bots random --seed 5 --seating rotate --matches 600 \
             --until-decided=on --check-every 10000 --per-match --fair-within 1 \
             --skill-matches 40"
        );
    }

    #[test]
    fn a_merge_keeps_its_shards_and_drops_its_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let record = serde_json::json!({
            "command_line": ["/opt/x/arena", "merge", "--out", "/home/me/m", "s0", "s1", "--quiet"]
        });
        std::fs::write(tmp.path().join(MANIFEST), record.to_string()).unwrap();
        let job = Job { kind: JobKind::Merge, root: tmp.path().to_path_buf() };
        assert_eq!(job_words(&job).unwrap().join(" "), "arena merge s0 s1");
        let out = with_out(job_words(&job).unwrap(), "m-rerun");
        assert_eq!(out[out.len() - 2..], ["--out", "m-rerun"]);
    }

    #[test]
    fn a_damaged_record_names_its_file_and_key() {
        let tmp = tempfile::tempdir().unwrap();
        for file in [PLAN_FILE, MANIFEST] {
            std::fs::copy(golden("pig").join(file), tmp.path().join(file)).unwrap();
        }
        let plan = std::fs::read_to_string(tmp.path().join(PLAN_FILE)).unwrap();
        let mut v: Value = serde_json::from_str(&plan).unwrap();
        v["request"]["seed"] = Value::String("seven".into());
        std::fs::write(tmp.path().join(PLAN_FILE), v.to_string()).unwrap();
        let job = Job { kind: JobKind::Run, root: tmp.path().to_path_buf() };
        let err = job_words(&job).unwrap_err().to_string();
        assert!(err.contains("plan.json: `request.seed` must be a whole number"), "{err}");
    }

    #[test]
    fn an_objective_reads_back_as_typed() {
        let record =
            |o: Value| Record { file: "t".into(), value: serde_json::json!({ "objective": o }) };
        assert_eq!(objective(&record(serde_json::json!("Balance"))).unwrap(), "balance");
        assert_eq!(objective(&record(serde_json::json!({"Length": 60.0}))).unwrap(), "length=60");
        let share = serde_json::json!({"Share": {"number": 12, "share": 0.08}});
        assert_eq!(objective(&record(share)).unwrap(), "share:12=0.08");
    }
}
