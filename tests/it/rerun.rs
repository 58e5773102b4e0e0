//! Sharing a result: the command lines a report prints work when pasted by someone else.
//! "Rerun ... exactly" is complete (every choice that decided the result, none left to a
//! default), names the program `arena` and a folder beside the job's by a relative name, and
//! plays the same job into it with byte-identical CSV files; "Play more matches into this
//! folder" extends the finished run, after which the rerun line plays the extended run.
//! `arena rerun DIR` plays a folder's job from its record and says whether it matches, and
//! a missing or damaged record is refused in one line. Each printed line runs through the
//! binary from the folder that holds the job's folder, as a reader pasting it would.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{assert_refused, files_under, output_within, stderr, stdout};

/// `arena ARGS` with `cwd` as the working folder.
fn arena_in(cwd: &Path, args: &[&str]) -> Output {
    output_within(Command::new(env!("CARGO_BIN_EXE_arena")).args(args).current_dir(cwd))
}

/// The text of the `<code>` that follows `label` on a page, with its HTML entities undone.
fn code_after(html: &str, label: &str) -> String {
    let at = html.find(label).unwrap_or_else(|| panic!("no `{label}` on the page"));
    let start = at + html[at..].find("<code>").expect("a command follows") + "<code>".len();
    let len = html[start..].find("</code>").expect("the command closes");
    unescape(&html[start..start + len])
}

/// The rerun line of the page `dir/report.html` (the `<code>` after "Rerun ... exactly"
/// and the folder's name).
fn rerun_line(dir: &Path) -> String {
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    let at = html.find("<p>Rerun ").unwrap_or_else(|| panic!("no rerun line in {}", dir.display()));
    let para = &html[at..at + html[at..].find("</p>").unwrap()];
    let last = para.rfind("<code>").unwrap() + "<code>".len();
    unescape(&para[last..para.rfind("</code>").unwrap()])
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Run a printed command line exactly as a shell would split it, its program `arena` being
/// the binary under test. arena's own command lines here hold no quoting, which is checked
/// rather than assumed.
fn run_printed(cwd: &Path, line: &str) -> Output {
    assert!(!line.contains(['\'', '"', '\\']), "the splitter here handles no quoting: {line}");
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "arena", "the line names the program, not a path to it: {line}");
    output_within(Command::new(env!("CARGO_BIN_EXE_arena")).args(&words[1..]).current_dir(cwd))
}

/// A line to share names no path of the machine that made it.
fn assert_no_absolute_path(line: &str, machine: &Path) {
    assert!(!line.contains(&*machine.to_string_lossy()), "names {}: {line}", machine.display());
    assert!(!line.split_whitespace().any(|w| w.starts_with('/')), "an absolute path: {line}");
}

/// Every CSV file under `dir`, by relative path, with its bytes.
fn csvs(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    files_under(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .map(|p| (p.clone(), std::fs::read(dir.join(&p)).unwrap()))
        .collect()
}

fn assert_same_csvs(a: &Path, b: &Path) {
    let (x, y) = (csvs(a), csvs(b));
    assert!(x.len() >= 3, "{} holds too few CSV files to compare: {x:?}", a.display());
    let names = |v: &[(PathBuf, Vec<u8>)]| v.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>();
    assert_eq!(names(&x), names(&y), "the same CSV files in {} and {}", a.display(), b.display());
    for ((name, want), (_, got)) in x.iter().zip(&y) {
        assert!(
            want == got,
            "{} differs between {} and {}",
            name.display(),
            a.display(),
            b.display()
        );
    }
}

#[test]
fn a_runs_printed_rerun_and_extend_lines_work_as_printed() {
    let cwd = tempfile::tempdir().unwrap();
    let cwd = cwd.path();
    let results = cwd.join("results");
    // Started by its absolute path, with a seed, bots and a rule of its own; the player count,
    // seating and the verdict's margin left to their defaults.
    let first = [
        "run",
        "--game",
        "pig",
        "--bots",
        "greedy,random",
        "--set",
        "target=60",
        "--matches",
        "200",
        "--seed",
        "3",
        "--out",
        "results/pig",
    ];
    let o = arena_in(cwd, &[&first[..], &["--quiet"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(results.join("pig/report.html")).unwrap();

    let rerun = rerun_line(&results.join("pig"));
    assert_eq!(
        rerun,
        "arena run --game pig --players 2 --bots greedy,random --seed 3 --seating rotate \
         --set target=60 --matches 200 --fair-within 1 --out pig-rerun"
    );
    assert_no_absolute_path(&rerun, cwd);
    assert!(html.contains("Made by arena "), "the build it needs");
    assert!(html.contains("another version may give other numbers"));
    // Pasted in the folder that holds the run's folder, as someone it was sent to would.
    let o = run_printed(&results, &rerun);
    assert!(o.status.success(), "{rerun}: {}", stderr(&o));
    assert_same_csvs(&results.join("pig"), &results.join("pig-rerun"));

    // The original command into its finished folder: refused, with a way forward that plays
    // something, never a `--resume` that finds nothing left to do.
    let o = arena_in(cwd, &first);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("already holds the files of a finished run"), "{err}");
    assert!(err.contains("arena run --resume results/pig --matches N"), "{err}");
    assert!(!err.contains("continue its work"), "{err}");

    let extend = code_after(&html, "Play more matches into this folder");
    assert_eq!(extend, "arena run --resume pig --matches 400");
    let o = run_printed(&results, &extend);
    assert!(o.status.success(), "{extend}: {}", stderr(&o));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(results.join("pig/manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["completed_matches"].as_u64(), Some(400), "{manifest}");
    // The continued run's record says the whole job, so its page reruns it: 400 matches
    // from the start, the same bytes as the run extended to them.
    let rerun = rerun_line(&results.join("pig"));
    assert!(rerun.contains("--seed 3 ") && rerun.contains("--matches 400 "), "{rerun}");
    let rerun = rerun.replace("--out pig-rerun", "--out pig-400");
    let o = run_printed(&results, &rerun);
    assert!(o.status.success(), "{rerun}: {}", stderr(&o));
    assert_same_csvs(&results.join("pig"), &results.join("pig-400"));
}

#[test]
fn a_sweeps_printed_rerun_line_works_as_printed() {
    let cwd = tempfile::tempdir().unwrap();
    let cwd = cwd.path();
    // A list of variants, the form a variants or experiment file gives: the line lists them.
    let args = [
        "sweep",
        "--game",
        "pig",
        "--variant",
        "target=30",
        "--variant",
        "target=60,die_faces=5",
        "--matches",
        "200",
        "--seed",
        "4",
        "--out",
        "sw",
        "--quiet",
    ];
    let o = arena_in(cwd, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let rerun = rerun_line(&cwd.join("sw"));
    assert_eq!(
        rerun,
        "arena sweep --game pig --players 2 --bots random --seed 4 --seating rotate \
         --matches 200 --variant target=30 --variant target=60,die_faces=5 --fair-within 1 \
         --out sw-rerun"
    );
    let o = run_printed(cwd, &rerun);
    assert!(o.status.success(), "{rerun}: {}", stderr(&o));
    assert_same_csvs(&cwd.join("sw"), &cwd.join("sw-rerun"));
    // Each variant's page offers the same line: the variant is played by the whole sweep.
    let variant = files_under(&cwd.join("sw"))
        .into_iter()
        .find(|p| p.components().count() == 2 && p.ends_with("report.html"))
        .expect("a variant page");
    assert_eq!(rerun_line(&cwd.join("sw").join(variant.parent().unwrap())), rerun);
}

#[test]
fn arena_rerun_says_whether_a_folder_matches() {
    let cwd = tempfile::tempdir().unwrap();
    let cwd = cwd.path();
    let args = [
        "run",
        "--game",
        "low-blow",
        "--players",
        "3",
        "--luck",
        "--matches",
        "300",
        "--seed",
        "11",
        "--threads",
        "2",
        "--out",
        "c-luck",
        "--quiet",
    ];
    let o = arena_in(cwd, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    // --luck is recorded as the bots it chose.
    assert!(rerun_line(&cwd.join("c-luck")).contains("--bots greedy,random,greedy "));

    // On another thread count, into the default folder beside it.
    let o = arena_in(cwd, &["rerun", "c-luck", "--threads", "1", "--quiet"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let n = csvs(&cwd.join("c-luck")).len();
    assert_eq!(out, format!("matches c-luck: {n} CSV files byte-identical in c-luck-rerun\n"));
    assert_same_csvs(&cwd.join("c-luck"), &cwd.join("c-luck-rerun"));

    // Named as `.` from inside the job's folder: the default folder is still beside it, never
    // inside it (there it was compared as the job's own files: "differs", exit code 5).
    let o = arena_in(&cwd.join("c-luck"), &["rerun", ".", "--out", "../from-inside", "--quiet"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    std::fs::remove_dir_all(cwd.join("c-luck-rerun")).unwrap();
    let o = arena_in(&cwd.join("c-luck"), &["rerun", ".", "--quiet"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        cwd.join("c-luck-rerun/seats.csv").is_file() && !cwd.join("c-luck/c-luck-rerun").exists()
    );
    let o = arena_in(&cwd.join("c-luck"), &["rerun", ".", "--out", "inside"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("is inside"), "{}", stderr(&o));

    // Without --quiet it first says the line it plays, the one the page prints.
    let o = arena_in(cwd, &["rerun", "c-luck", "--out", "again"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let line = rerun_line(&cwd.join("c-luck")).replace("c-luck-rerun", "again");
    assert!(stdout(&o).starts_with(&format!("rerunning c-luck: {line}\n")), "{}", stdout(&o));

    // A seats.csv edited after the run: the rerun says which file differs, exit code 5.
    let seats = cwd.join("c-luck/seats.csv");
    let edited = std::fs::read_to_string(&seats).unwrap().replacen(",0.", ",1.", 1);
    std::fs::write(&seats, edited).unwrap();
    let o = arena_in(cwd, &["rerun", "c-luck", "--out", "edited", "--quiet"]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("differs from c-luck: seats.csv differ ("), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");

    // Made by another build: said, and the rerun still compares.
    let manifest = cwd.join("c-luck/manifest.json");
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    m["git_commit"] = "0123456789abcdef0123456789abcdef01234567".into();
    std::fs::write(&manifest, m.to_string()).unwrap();
    let o = arena_in(cwd, &["rerun", "c-luck", "--out", "other-build", "--quiet"]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("warning: c-luck was made by arena "), "{err}");
    assert!(err.contains("(commit 0123456789ab, rand "), "{err}");
    assert!(err.contains("another version may give other numbers"), "{err}");
}

#[test]
fn arena_rerun_refuses_a_missing_or_damaged_record_in_one_line() {
    let cwd = tempfile::tempdir().unwrap();
    let cwd = cwd.path();
    let o = arena_in(cwd, &["rerun", "nowhere"]);
    assert_refused(&o, &["nowhere is not a folder"]);
    std::fs::create_dir(cwd.join("empty")).unwrap();
    let o = arena_in(cwd, &["rerun", "empty"]);
    assert_refused(&o, &["empty: no record of a job to rerun"]);

    let o = arena_in(cwd, &["run", "--game", "pig", "--matches", "100", "--out", "r", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (manifest, plan) = (cwd.join("r/manifest.json"), cwd.join("r/plan.json"));
    let (kept_manifest, kept_plan) =
        (std::fs::read(&manifest).unwrap(), std::fs::read(&plan).unwrap());
    std::fs::write(&manifest, "{ not json").unwrap();
    let o = arena_in(cwd, &["rerun", "r"]);
    assert_refused(&o, &["r/manifest.json: malformed JSON"]);
    std::fs::remove_file(&manifest).unwrap();
    let o = arena_in(cwd, &["rerun", "r"]);
    assert_refused(&o, &["r/manifest.json: missing", "has not finished"]);
    std::fs::write(&manifest, &kept_manifest).unwrap();
    let damaged = String::from_utf8(kept_plan.clone()).unwrap();
    std::fs::write(&plan, damaged.replacen("\"seed\": 1", "\"seed\": \"one\"", 1)).unwrap();
    let o = arena_in(cwd, &["rerun", "r"]);
    assert_refused(&o, &["r/plan.json: `request.seed` must be a whole number"]);
    // Nothing was played into the default folder.
    assert!(!cwd.join("r-rerun").exists());
    // A folder to play into that holds files, or the folder itself.
    std::fs::write(&plan, &kept_plan).unwrap();
    std::fs::create_dir(cwd.join("r-rerun")).unwrap();
    std::fs::write(cwd.join("r-rerun/notes.txt"), "mine").unwrap();
    let o = arena_in(cwd, &["rerun", "r"]);
    assert_refused(&o, &["--out r-rerun: that folder already holds files"]);
    let o = arena_in(cwd, &["rerun", "r", "--out", "r"]);
    assert_refused(&o, &["--out r: that is the folder being rerun"]);
}

#[test]
fn every_kind_of_job_reruns_from_its_record() {
    let cwd = tempfile::tempdir().unwrap();
    let cwd = cwd.path();
    let jobs: [(&str, Vec<&str>); 4] = [
        // The default experiment, small: every game, then its skill check.
        ("exp", vec!["run", "--matches", "60", "--skill-matches", "40", "--seed", "2"]),
        ("lad", vec!["ladder", "--game", "pig", "--bots", "random,greedy", "--max-matches", "100"]),
        (
            "tu",
            vec![
                "tune",
                "--game",
                "dardz",
                "--players",
                "3",
                "--matches",
                "150",
                "--confirm-matches",
                "150",
            ],
        ),
        ("shard", vec!["run", "--game", "trice", "--matches", "120", "--shard", "1/2"]),
    ];
    for (name, args) in jobs {
        let o = arena_in(cwd, &[&args[..], &["--quiet", "--out", name]].concat());
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let o = arena_in(cwd, &["rerun", name, "--quiet", "--threads", "1"]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}{}", stdout(&o), stderr(&o));
        let said = stdout(&o);
        assert!(said.starts_with(&format!("matches {name}: ")), "{name}: {said}");
        assert_same_csvs(&cwd.join(name), &cwd.join(format!("{name}-rerun")));
    }
    // Every page of the experiment, a game's or its skill check's, gives the experiment's line.
    let line = rerun_line(&cwd.join("exp"));
    assert!(
        line.starts_with("arena run --bots random --seed 2 --seating rotate --matches 60 "),
        "{line}"
    );
    assert!(line.ends_with(" --skill-matches 40 --out exp-rerun"), "{line}");
    assert_eq!(rerun_line(&cwd.join("exp/pig")), line);
    assert_eq!(rerun_line(&cwd.join("exp/skill/pig")), line);
    assert_no_absolute_path(&line, cwd);
    let line = rerun_line(&cwd.join("lad"));
    assert!(
        line.starts_with("arena ladder --game pig --players 2 --bots random,greedy "),
        "{line}"
    );
    assert!(rerun_line(&cwd.join("shard")).contains(" --shard 1/2 "));
}
