//! `COLUMNS.md` must not drift from the writers: for a small run of every game
//! through the real binary, every header column of every CSV file in the folder, every key of
//! the manifest (and of a shard's tally.json) and every metric in `metrics.csv` is described
//! in the folder's dictionary, under that file, with non-empty text; and a shard's folder and
//! a merge carry the same dictionary.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use common::{arena, read};

/// The dictionary as written: for each `## \`file\`` section, the described names with their
/// row's text; metric descriptions under the key "metrics".
fn parse(text: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut sections: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut current = String::new();
    for line in text.lines() {
        if let Some(head) = line.strip_prefix("## ") {
            current = if head.starts_with("Game metrics") {
                "metrics".to_string()
            } else {
                head.trim_start_matches('`').split('`').next().unwrap().to_string()
            };
            sections.entry(current.clone()).or_default();
        } else if let Some(row) = line.strip_prefix("| `") {
            let (name, rest) = row.split_once("` |").expect("a row names its column");
            let text = rest.trim().trim_end_matches('|').trim().to_string();
            let old = sections.get_mut(&current).unwrap().insert(name.to_string(), text);
            assert!(old.is_none(), "`{name}` described twice under {current}");
        }
    }
    sections
}

fn csv_header(dir: &Path, file: &str) -> Vec<String> {
    let text = read(dir, file);
    let mut r = csv::Reader::from_reader(text.as_bytes());
    r.headers().unwrap().iter().map(String::from).collect()
}

fn json_keys(dir: &Path, file: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(&read(dir, file)).unwrap();
    v.as_object().unwrap().keys().cloned().collect()
}

/// Every CSV column, manifest key and metric of the folder `dir` is in its `COLUMNS.md`.
fn assert_described(dir: &Path) {
    let dict = parse(&read(dir, "COLUMNS.md"));
    let mut files: BTreeSet<String> = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        // report.html is a page drawn from these files, not data (tests/it/report.rs checks it);
        // matches/ holds the replay pages of the matches worth seeing: pages, not data.
        if !["report.html", "matches"].contains(&name.as_str()) {
            files.insert(name);
        }
    }
    for file in &files {
        let section = dict
            .get(file)
            .unwrap_or_else(|| panic!("{}: {file} has no section in COLUMNS.md", dir.display()));
        let names = if file.ends_with(".csv") {
            csv_header(dir, file)
        } else if file.ends_with(".json") {
            json_keys(dir, file)
        } else {
            continue;
        };
        for name in names {
            let text = section.get(&name).unwrap_or_else(|| {
                panic!("{}: column `{name}` of {file} is not in COLUMNS.md", dir.display())
            });
            assert!(!text.trim().is_empty(), "{}: `{name}` of {file} has no text", dir.display());
        }
    }
    // Sections for files that are not there are only the ones whose heading says when.
    let text = read(dir, "COLUMNS.md");
    for file in dict.keys().filter(|f| *f != "metrics" && !files.contains(*f)) {
        assert!(
            text.contains(&format!("## `{file}` (only in ")),
            "{}: COLUMNS.md describes {file}, which the folder lacks",
            dir.display()
        );
    }
    let metrics = &dict["metrics"];
    let metrics_csv = read(dir, "metrics.csv");
    let mut rows = csv::Reader::from_reader(metrics_csv.as_bytes());
    for row in rows.records() {
        let name = row.unwrap()[0].to_string();
        let text = metrics.get(&name).unwrap_or_else(|| {
            panic!("{}: metric `{name}` is not described in COLUMNS.md", dir.display())
        });
        assert!(text.len() > 10, "{}: metric `{name}`: `{text}`", dir.display());
    }
    let manifest: serde_json::Value = serde_json::from_str(&read(dir, "manifest.json")).unwrap();
    let listed = manifest["files"].as_array().unwrap();
    assert!(listed.iter().any(|f| f == "COLUMNS.md"), "the manifest lists COLUMNS.md");
}

fn run(out: &Path, args: &[&str]) {
    let mut full = vec!["run", "--quiet", "--per-match", "--seed", "3", "--out"];
    full.push(out.to_str().unwrap());
    full.extend(args);
    let o = arena(&full);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn every_column_and_metric_of_every_game_is_described() {
    let tmp = tempfile::tempdir().unwrap();
    let runs: &[(&str, &[&str])] = &[
        ("tictactoe", &["--game", "tictactoe", "--matches", "20"]),
        // Two bots with rotate seating: difference.csv is there.
        ("pig", &["--game", "pig", "--bots", "greedy,random", "--matches", "20"]),
        ("trice", &["--game", "trice", "--matches", "20"]),
        ("low-blow-3", &["--game", "low-blow", "--players", "3", "--matches", "12"]),
        ("low-blow-4", &["--game", "low-blow", "--players", "4", "--matches", "12"]),
        ("dardz-2", &["--game", "dardz", "--players", "2", "--matches", "6"]),
        // Fixed seating: the Elo columns are empty, and that is described.
        ("dardz-8", &["--game", "dardz", "--players", "8", "--seating", "fixed", "--matches", "4"]),
    ];
    for (name, args) in runs {
        let dir = tmp.path().join(name);
        run(&dir, args);
        assert_described(&dir);
    }
    assert!(tmp.path().join("pig/difference.csv").exists());
    let dict = read(&tmp.path().join("dardz-8"), "COLUMNS.md");
    assert!(dict.contains("`score_7`") && dict.contains("`round_wins_seat7`"));
    assert!(dict.contains("An **empty cell** means undefined or not estimable"));
}

#[test]
fn shards_and_their_merge_carry_the_same_dictionary() {
    let tmp = tempfile::tempdir().unwrap();
    let plan = ["--game", "low-blow", "--matches", "12"];
    let mut shards = Vec::new();
    for shard in ["0/2", "1/2"] {
        let dir = tmp.path().join(shard.replace('/', "of"));
        let mut args = plan.to_vec();
        args.extend(["--shard", shard]);
        run(&dir, &args);
        // tally.json's keys are described too.
        assert_described(&dir);
        shards.push(dir);
    }
    let merged = tmp.path().join("merged");
    let o = arena(&[
        "merge",
        "--out",
        merged.to_str().unwrap(),
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_described(&merged);
    let text = read(&merged, "COLUMNS.md");
    assert_eq!(text, read(&shards[0], "COLUMNS.md"));
    assert!(text.contains("| `own_dice_round3_seat2` |"), "the metrics reach a merge");
}

/// `lengths.csv`'s rows of one measure after the `measure` cell.
fn length_row(dir: &Path, measure: &str) -> Vec<f64> {
    let text = read(dir, "lengths.csv");
    let line = text.lines().find(|l| l.starts_with(&format!("{measure},"))).unwrap();
    line.split(',').skip(1).map(|x| x.parse().unwrap()).collect()
}

/// The text of `COLUMNS.md`'s `lengths.csv` section.
fn lengths_section(dir: &Path) -> String {
    let text = read(dir, "COLUMNS.md");
    let start = text.find("## `lengths.csv`").unwrap();
    let end = start + text[start..].find("\n| column |").unwrap();
    text[start..end].to_string()
}

/// Pride & Preju-Dice's `turns`, `rounds` and `chance_events` rows are identical (twice the
/// rounds for the chances in solo), and its dictionary says why beside them; a game whose
/// rows differ says nothing of the kind. The rows are checked too: if the rules stopped
/// making them equal, the words would be wrong.
#[test]
fn pride_says_why_its_length_rows_repeat_one_another() {
    let tmp = tempfile::tempdir().unwrap();
    let many = tmp.path().join("pride-3");
    run(&many, &["--game", "pride-prejudice", "--players", "3", "--matches", "30"]);
    let rounds = length_row(&many, "rounds");
    assert_eq!(length_row(&many, "turns"), rounds);
    assert_eq!(length_row(&many, "chance_events"), rounds);
    let said = lengths_section(&many);
    assert!(
        said.contains(
            "the rows `turns`, `rounds` and `chance_events` are the same count, by the rules"
        ) && said.contains("each round is one turn and has one chance event, that roll"),
        "{said}"
    );
    let solo = tmp.path().join("pride-1");
    run(&solo, &["--game", "pride-prejudice", "--players", "1", "--matches", "30"]);
    let rounds = length_row(&solo, "rounds");
    assert_eq!(length_row(&solo, "turns"), rounds);
    let chances = length_row(&solo, "chance_events");
    assert_eq!(chances[0], rounds[0], "as many matches");
    for (c, r) in chances[1..].iter().zip(&rounds[1..]) {
        assert!((c - 2.0 * r).abs() < 1e-6, "twice the rounds: {chances:?} {rounds:?}");
    }
    let said = lengths_section(&solo);
    assert!(said.contains("`chance_events` is twice that count"), "{said}");
    // A merge of shards and a sweep's variant folder say it as the run does.
    let mut shards = Vec::new();
    for shard in ["0/2", "1/2"] {
        let dir = tmp.path().join(shard.replace('/', "of"));
        let plan = ["--game", "pride-prejudice", "--players", "3", "--matches", "30"];
        run(&dir, &[&plan[..], &["--shard", shard]].concat());
        shards.push(dir.to_str().unwrap().to_string());
    }
    let merged = tmp.path().join("merged");
    let o = arena(&["merge", "--out", merged.to_str().unwrap(), &shards[0], &shards[1]]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(lengths_section(&merged), lengths_section(&many));
    let sweep = tmp.path().join("sweep");
    let o = arena(&[
        "sweep",
        "--game",
        "pride-prejudice",
        "--players",
        "3",
        "--vary",
        "turn_cap=100,200",
        "--matches",
        "6",
        "--quiet",
        "--no-report",
        "--out",
        sweep.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(lengths_section(&sweep.join("v000_turn_cap-100")), lengths_section(&many));
    let pig = tmp.path().join("pig");
    run(&pig, &["--game", "pig", "--matches", "20"]);
    assert!(!lengths_section(&pig).contains("the same count"), "{}", lengths_section(&pig));
}
