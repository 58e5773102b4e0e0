//! Helpers shared by the integration tests that drive the real binary.
// Not every helper is used by every build of the tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Run the `arena` binary built for this test run.
pub fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arena")).args(args).output().expect("run arena")
}

/// A run folder's file as text.
pub fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Every file a run writes from its results (the manifest records times, so it differs).
pub const RESULT_FILES: [&str; 14] = [
    "seats.csv",
    "balance.csv",
    "bots.csv",
    "ratings.csv",
    "difference.csv",
    "pairing.csv",
    "shape.csv",
    "lengths.csv",
    "histograms.csv",
    "metrics.csv",
    "failures.csv",
    "matches.csv",
    "verdict.txt",
    "COLUMNS.md",
];

/// The two run folders hold byte-identical result files. difference.csv exists only for
/// two-bot lineups with paired seating; every other file must be there.
pub fn assert_same_results(a: &Path, b: &Path) {
    for file in RESULT_FILES {
        let (x, y) = (a.join(file), b.join(file));
        assert_eq!(x.exists(), y.exists(), "{file} in one of {} and {}", a.display(), b.display());
        assert!(x.exists() || file == "difference.csv", "no {file} in {}", a.display());
        if x.exists() {
            assert_eq!(
                std::fs::read(&x).unwrap(),
                std::fs::read(&y).unwrap(),
                "{file} differs between {} and {}",
                a.display(),
                b.display()
            );
        }
    }
}

/// `arena run ARGS --per-match --quiet` on 1 and on 2 threads, into `dir/TAG-1` and
/// `dir/TAG-2`; both must succeed.
pub fn run_on_1_and_2_threads(dir: &Path, tag: &str, args: &[&str]) -> [PathBuf; 2] {
    ["1", "2"].map(|threads| {
        let out = dir.join(format!("{tag}-{threads}"));
        let mut full = vec!["run"];
        full.extend(args);
        full.extend(["--threads", threads, "--per-match", "--quiet", "--out"]);
        full.push(out.to_str().unwrap());
        let o = arena(&full);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        out
    })
}

/// A command's stderr as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A command's stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Bad input's contract: exit code 2, one line on stderr containing every `expect`, no panic.
pub fn assert_refused(o: &Output, expect: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "not one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for e in expect {
        assert!(err.contains(e), "`{e}` not in: {err}");
    }
}

/// The two shard folders of `command` (`--shard 0/2` and `1/2`, quiet) under `tmp`, each
/// asserted to finish.
pub fn shard_dirs(tmp: &Path, command: &[&str]) -> Vec<PathBuf> {
    (0..2)
        .map(|i| {
            let dir = tmp.join(format!("shard{i}"));
            let shard = format!("{i}/2");
            let mut args = command.to_vec();
            args.extend(["--quiet", "--shard", &shard, "--out", dir.to_str().unwrap()]);
            let o = arena(&args);
            assert!(o.status.success(), "{}", stderr(&o));
            dir
        })
        .collect()
}
