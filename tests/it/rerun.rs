//! The command lines a report prints work when pasted: "Rerun ... exactly" plays the same
//! job into a new folder with byte-identical results, "Play more matches into this folder"
//! extends the finished run, and running the original command into its finished folder
//! again is refused with advice that does something (not a `--resume` with nothing to do).
//! Each runs through the binary from the folder the first run was started in, as a reader
//! pasting from the page would.

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
    html[start..start + len]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Run a printed command line exactly as a shell would split it. arena's own command lines
/// here hold no quoting, which is checked rather than assumed.
fn run_printed(cwd: &Path, line: &str) -> Output {
    assert!(!line.contains(['\'', '"', '\\']), "the splitter here handles no quoting: {line}");
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], env!("CARGO_BIN_EXE_arena"), "the line names the program it ran as");
    output_within(Command::new(words[0]).args(&words[1..]).current_dir(cwd))
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
    let first = ["run", "--game", "pig", "--matches", "200", "--seed", "3", "--out", "results/pig"];
    let o = arena_in(cwd, &[&first[..], &["--quiet"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(cwd.join("results/pig/report.html")).unwrap();

    let rerun = code_after(&html, "Rerun this run exactly, into a new folder:");
    assert!(rerun.contains("--out results/pig-rerun"), "{rerun}");
    let o = run_printed(cwd, &rerun);
    assert!(o.status.success(), "{rerun}: {}", stderr(&o));
    assert_same_csvs(&cwd.join("results/pig"), &cwd.join("results/pig-rerun"));

    // The original command into its finished folder: refused, with a way forward that plays
    // something, never a `--resume` that finds nothing left to do.
    let o = arena_in(cwd, &first);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("already holds the files of a finished run"), "{err}");
    assert!(err.contains("arena run --resume results/pig --matches N"), "{err}");
    assert!(!err.contains("continue its work"), "{err}");

    let extend = code_after(&html, "Play more matches into this folder");
    assert!(extend.ends_with("run --resume results/pig --matches 400"), "{extend}");
    let o = run_printed(cwd, &extend);
    assert!(o.status.success(), "{extend}: {}", stderr(&o));
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(cwd.join("results/pig/manifest.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(manifest["completed_matches"].as_u64(), Some(400), "{manifest}");
    // The extended folder's page cannot offer its continuation as a rerun.
    let html = std::fs::read_to_string(cwd.join("results/pig/report.html")).unwrap();
    assert!(!html.contains("Rerun this run exactly"), "a continued run has no rerun line");
    assert!(html.contains("This run was last continued with"), "it says why");
}

#[test]
fn a_sweeps_printed_rerun_line_works_as_printed() {
    let cwd = tempfile::tempdir().unwrap();
    let cwd = cwd.path();
    let args = [
        "sweep",
        "--game",
        "pig",
        "--vary",
        "target=30,60",
        "--matches",
        "200",
        "--out",
        "sw",
        "--quiet",
    ];
    let o = arena_in(cwd, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let html = std::fs::read_to_string(cwd.join("sw/report.html")).unwrap();
    let rerun = code_after(&html, "Rerun the sweep exactly, into a new folder:");
    assert!(rerun.contains("--out sw-rerun"), "{rerun}");
    let o = run_printed(cwd, &rerun);
    assert!(o.status.success(), "{rerun}: {}", stderr(&o));
    assert_same_csvs(&cwd.join("sw"), &cwd.join("sw-rerun"));
    // Each variant's page offers the same line: the variant is played by the whole sweep.
    let variant = files_under(&cwd.join("sw"))
        .into_iter()
        .find(|p| p.components().count() == 2 && p.ends_with("report.html"))
        .expect("a variant page");
    let page = std::fs::read_to_string(cwd.join("sw").join(variant)).unwrap();
    assert_eq!(code_after(&page, "Rerun the sweep exactly"), rerun);
}
