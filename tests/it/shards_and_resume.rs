//! One seed gives byte-identical CSV files whether a run is played whole, split into shards
//! and merged, or paused and resumed (on another thread count).

use crate::common;
use common::{arena, assert_same_results};

use std::path::{Path, PathBuf};
use std::process::Output;

fn run(out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["run", "--quiet", "--per-match", "--seed", "21", "--out"];
    args.push(out.to_str().unwrap());
    args.extend(extra);
    arena(&args)
}

#[test]
fn shards_merge_into_exactly_the_whole_run() {
    let tmp = tempfile::tempdir().unwrap();
    let plan = ["--game", "trice", "--matches", "3001"];
    let whole = tmp.path().join("whole");
    assert!(run(&whole, &plan).status.success());
    let mut dirs: Vec<PathBuf> = Vec::new();
    for shard in ["0/3", "1/3", "2/3"] {
        let dir = tmp.path().join(shard.replace('/', "of"));
        let mut args = plan.to_vec();
        args.extend(["--shard", shard, "--threads", "1"]);
        let o = run(&dir, &args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        dirs.push(dir);
    }
    let merged = tmp.path().join("merged");
    let mut args = vec!["merge", "--out", merged.to_str().unwrap()];
    // Shards may be given in any order.
    for d in dirs.iter().rev() {
        args.push(d.to_str().unwrap());
    }
    let o = arena(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_same_results(&whole, &merged);
    // The merged verdict prints as `arena run --explain` prints it: one `verdict:` line
    // per line of verdict.txt (wrapped to 100 characters).
    let out = crate::common::unwrapped(&String::from_utf8_lossy(&o.stdout));
    let verdict = std::fs::read_to_string(merged.join("verdict.txt")).unwrap();
    for line in verdict.lines() {
        assert!(out.contains(&format!("    verdict: {line}\n")), "{line}\n{out}");
    }
    // The merge's record covers the pages it replays after its manifest: the
    // same notable.json and pages as the whole run, each listed with its size and CRC.
    let manifest = |dir: &Path| -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap()
    };
    let (m, w) = (manifest(&merged), manifest(&whole));
    let pages: Vec<&String> = w["file_digests"]
        .as_object()
        .unwrap()
        .keys()
        .filter(|k| k.starts_with("matches/") || *k == "notable.json")
        .collect();
    assert!(pages.len() > 1, "{w}");
    for page in pages {
        assert_eq!(m["file_digests"][page], w["file_digests"][page], "{page}");
        assert!(m["files"].as_array().unwrap().iter().any(|f| f == page.as_str()), "{page}");
    }
}

#[test]
fn shards_judged_at_a_margin_merge_to_a_verdict_at_that_margin() {
    // Each shard records the verdict's terms it was judged with (tally.json), so the merge
    // judges as the whole run did: the same verdict.txt, at ±3 pp.
    let tmp = tempfile::tempdir().unwrap();
    let plan = ["--game", "pig", "--matches", "400", "--fair-within", "3"];
    let whole = tmp.path().join("whole");
    assert!(run(&whole, &plan).status.success());
    let mut args = vec!["merge".to_string(), "--out".into()];
    args.push(tmp.path().join("merged").display().to_string());
    for shard in ["0/2", "1/2"] {
        let dir = tmp.path().join(shard.replace('/', "of"));
        let mut shard_args = plan.to_vec();
        shard_args.extend(["--shard", shard]);
        assert!(run(&dir, &shard_args).status.success());
        args.push(dir.display().to_string());
    }
    let o = arena(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let verdict = |dir: &Path| std::fs::read_to_string(dir.join("verdict.txt")).unwrap();
    assert!(verdict(&whole).contains("±3 pp"), "{}", verdict(&whole));
    assert_eq!(verdict(&tmp.path().join("merged")), verdict(&whole));
}

#[test]
fn merge_refuses_a_missing_or_foreign_shard() {
    let tmp = tempfile::tempdir().unwrap();
    let a = tmp.path().join("a");
    let b = tmp.path().join("b");
    assert!(run(&a, &["--game", "pig", "--matches", "200", "--shard", "0/2"]).status.success());
    let o =
        arena(&["merge", "--out", tmp.path().join("m1").to_str().unwrap(), a.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("every shard exactly once"));
    let other = ["--game", "pig", "--matches", "200", "--shard", "1/2", "--set", "target=50"];
    assert!(run(&b, &other).status.success());
    let o = arena(&[
        "merge",
        "--out",
        tmp.path().join("m2").to_str().unwrap(),
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("different plan"));
    assert!(!tmp.path().join("m2").exists());
}

#[test]
fn a_paused_run_resumes_to_exactly_the_uninterrupted_result() {
    let tmp = tempfile::tempdir().unwrap();
    let plan = ["--game", "pig", "--matches", "30000"];
    let whole = tmp.path().join("whole");
    assert!(run(&whole, &plan).status.success());

    let paused = tmp.path().join("paused");
    let mut args = plan.to_vec();
    args.extend(["--threads", "1", "--time-limit", "0"]);
    let o = run(&paused, &args);
    assert_eq!(o.status.code(), Some(4), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(paused.join("checkpoint.json").exists());
    assert!(!paused.join("seats.csv").exists(), "no result file before the run is complete");
    assert!(!paused.join("matches.csv").exists());

    // A different plan may not continue it.
    let mut wrong = vec!["--game", "pig", "--matches", "29999", "--resume"];
    wrong.extend(["--threads", "2"]);
    let o = run(&paused, &wrong);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--matches: the folder's run has 30000, given 29999"), "{err}");

    let mut args = plan.to_vec();
    args.extend(["--threads", "2", "--resume"]);
    let o = run(&paused, &args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!paused.join("checkpoint.json").exists());
    assert_same_results(&whole, &paused);
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(paused.join("manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["resumed"], true);
}

#[test]
fn a_shard_of_a_run_says_its_verdict_is_of_the_shard_only() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("s1");
    let o = crate::common::arena(&[
        "run",
        "--game",
        "pig",
        "--matches",
        "200",
        "--shard",
        "1/2",
        "--quiet",
        "--no-report",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let verdict = crate::common::read(&out, "verdict.txt");
    assert!(
        verdict.contains(
            "This shard only (shard 1/2 of the run: 100 of its 200 matches, from match 100)"
        ),
        "{verdict}"
    );
}
