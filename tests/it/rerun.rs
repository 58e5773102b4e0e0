//! Sharing a result: the command lines a report prints work when pasted by someone else.
//! "Rerun ... exactly" is complete (every choice that decided the result, none left to a
//! default), names the program `arena` and a folder beside the job's by a relative name, and
//! plays the same job into it with byte-identical CSV files; "Play more matches into this
//! folder" extends the finished run, after which the rerun line plays the extended run.
//! Each printed line runs through the
//! binary from the folder that holds the job's folder, as a reader pasting it would.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{files_under, output_within, stderr};

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
