//! Extending a finished job: `arena run --resume DIR --matches N` (N larger than
//! the run's) plays only the new matches, and the folder ends byte for byte as a run of N
//! matches from the start, also when the extension is paused and resumed on the way; the
//! same for a tighter `--until-ci`. What cannot be extended is refused in one line.

use crate::common;

use std::path::Path;

use common::{arena, stderr, stdout};

fn run(out: &Path, args: &[&str]) -> std::process::Output {
    let mut full = vec!["run", "--quiet", "--no-report", "--out", out.to_str().unwrap()];
    full.extend(args);
    arena(&full)
}

/// Every file under `a` equals `b`'s, but the manifest (timings, the command line) and
/// `notable.json`'s page-writing time; the replay pages of the notable matches too.
fn assert_same_folder(a: &Path, b: &Path) {
    let (x, y) = (crate::common::files_under(a), crate::common::files_under(b));
    assert_eq!(x, y, "the files of {} and {}", a.display(), b.display());
    for f in &x {
        let (p, q) = (a.join(f), b.join(f));
        match f.file_name().unwrap().to_str().unwrap() {
            "manifest.json" => {
                let keep = |p: &Path| -> serde_json::Value {
                    let mut v: serde_json::Value =
                        serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
                    let m = v.as_object_mut().unwrap();
                    for varies in [
                        "elapsed_seconds",
                        "matches_per_second",
                        "command_line",
                        "resumed",
                        "threads",
                    ] {
                        m.remove(varies);
                    }
                    v
                };
                assert_eq!(keep(&p), keep(&q), "{} differs", f.display());
            }
            "notable.json" => {
                let picks = |p: &Path| {
                    let v: serde_json::Value =
                        serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
                    v["picks"].clone()
                };
                assert_eq!(picks(&p), picks(&q), "{} differs", f.display());
            }
            _ => assert!(
                std::fs::read(&p).unwrap() == std::fs::read(&q).unwrap(),
                "{} differs",
                f.display()
            ),
        }
    }
}

#[test]
fn a_run_of_10000_extended_to_30000_with_a_pause_on_the_way_equals_a_run_of_30000() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, grown) = (tmp.path().join("whole"), tmp.path().join("grown"));
    let plan = ["--game", "pig", "--seed", "8", "--per-match", "--threads", "2"];
    let o = run(&whole, &[&plan[..], &["--matches", "30000"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&grown, &[&plan[..], &["--matches", "10000"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(grown.join("final_state.json").is_file());
    // The extension pauses after its first block (as a time limit or a signal would)...
    let dir = grown.to_str().unwrap();
    let o = arena(&["run", "--quiet", "--resume", dir, "--matches", "30000", "--time-limit", "0"]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(!grown.join("manifest.json").exists(), "a paused extension is not finished");
    let status = stdout(&arena(&["status", dir]));
    assert!(status.contains("paused"), "{status}");
    // ...and `--resume` alone finishes it: plan.json now asks for 30,000.
    let o = arena(&["run", "--quiet", "--no-report", "--resume", dir, "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_folder(&whole, &grown);
    let rows = std::fs::read_to_string(grown.join("matches.csv")).unwrap().lines().count();
    assert_eq!(rows, 30_001, "a header and 30,000 rows");
    // Asking again for what the folder holds plays nothing and changes nothing.
    let before = std::fs::read(grown.join("final_state.json")).unwrap();
    let o = arena(&["run", "--resume", dir, "--matches", "30000", "--no-report"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("already complete"), "{}", stdout(&o));
    assert_eq!(before, std::fs::read(grown.join("final_state.json")).unwrap());
}

/// A Pig sweep of two targets, `matches` per variant, into `out`.
fn sweep(out: &Path, matches: &str) -> std::process::Output {
    let out = out.to_str().unwrap();
    let args = ["--game", "pig", "--vary", "target=50,100", "--seed", "3", "--matches"];
    arena(&[&["sweep", "--quiet", "--no-report", "--out", out], &args[..], &[matches]].concat())
}

#[test]
fn a_sweep_of_1000_per_variant_extended_to_3000_with_a_pause_on_the_way_equals_a_sweep_of_3000() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, grown) = (tmp.path().join("whole"), tmp.path().join("grown"));
    let o = sweep(&whole, "3000");
    assert!(o.status.success(), "{}", stderr(&o));
    let o = sweep(&grown, "1000");
    assert!(o.status.success(), "{}", stderr(&o));
    let dir = grown.to_str().unwrap();
    let o = arena(&["sweep", "--quiet", "--resume", dir, "--matches", "3000", "--time-limit", "0"]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(!grown.join("manifest.json").exists(), "a paused extension is not finished");
    let o = arena(&["sweep", "--quiet", "--no-report", "--resume", dir, "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_folder(&whole, &grown);
    // Fewer matches is refused, and so is a shard.
    let o = arena(&["sweep", "--resume", dir, "--matches", "2000"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a sweep can be extended, not shortened"), "{}", stderr(&o));
}

#[test]
fn a_tighter_until_ci_target_continues_where_the_wider_one_stopped() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, grown) = (tmp.path().join("whole"), tmp.path().join("grown"));
    let plan = ["--game", "trice", "--seed", "2", "--check-every", "1000", "--matches", "200000"];
    let o = run(&whole, &[&plan[..], &["--until-ci", "0.03"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&grown, &[&plan[..], &["--until-ci", "0.06"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let stopped = |dir: &Path| {
        let m: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
        m["stopping"]["stopped_at_match"].as_u64().unwrap()
    };
    let (wide, narrow) = (stopped(&grown), stopped(&whole));
    assert!(wide < narrow, "the wider target stops first: {wide} and {narrow}");
    let dir = grown.to_str().unwrap();
    let o = arena(&["run", "--quiet", "--no-report", "--resume", dir, "--until-ci", "0.03"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stopped(&grown), narrow);
    assert_same_folder(&whole, &grown);
}

#[test]
fn what_cannot_be_extended_is_refused_in_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    let d = dir.to_str().unwrap();
    let o = run(&dir, &["--game", "low-blow", "--matches", "1001", "--seed", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Fewer matches, or another seed, is another run, not an extension.
    for (flag, value, said) in [
        ("--matches", "900", "--matches: the folder's run has 1001, given 900"),
        ("--seed", "2", "--seed: the folder's run has 1, given 2"),
    ] {
        let o = arena(&["run", "--resume", d, flag, value]);
        assert_eq!(o.status.code(), Some(2), "{flag}");
        assert!(stderr(&o).contains(said), "{}", stderr(&o));
        assert_eq!(stderr(&o).trim().lines().count(), 1, "{}", stderr(&o));
    }
    // LOW BLOW's players deal in groups (one match per seating): 1001 matches cut the last
    // group short, which a run of 2000 plays whole, so the run cannot grow into one.
    let plan_before = std::fs::read(dir.join("plan.json")).unwrap();
    let o = arena(&["run", "--resume", d, "--matches", "2000"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(plan_before, std::fs::read(dir.join("plan.json")).unwrap(), "plan.json kept");
    let err = stderr(&o);
    assert!(err.contains("final_state.json") && err.contains("inside a deal group"), "{err}");
    assert!(dir.join("manifest.json").exists(), "a refused extension leaves the run finished");
    // A finished run whose final state is gone (an older arena made it) says so.
    let pig = tmp.path().join("p");
    let o = run(&pig, &["--game", "pig", "--matches", "1000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_file(pig.join("final_state.json")).unwrap();
    let o = arena(&["run", "--resume", pig.to_str().unwrap(), "--matches", "2000"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("kept no final state"), "{}", stderr(&o));
    // A shard's range depends on the run's total: it cannot grow.
    let shard = tmp.path().join("s");
    let o = run(&shard, &["--game", "pig", "--matches", "1000", "--shard", "0/2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = arena(&["run", "--resume", shard.to_str().unwrap(), "--matches", "2000"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("a shard cannot be extended"), "{}", stderr(&o));
}

#[test]
fn extending_a_merged_folder_says_it_is_a_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let shard = |i: &str| {
        let out = tmp.path().join(format!("s{i}"));
        let part = format!("{i}/2");
        let o = run(&out, &["--game", "pig", "--matches", "1000", "--shard", &part]);
        assert!(o.status.success(), "{}", stderr(&o));
        out
    };
    let (s0, s1, merged) = (shard("0"), shard("1"), tmp.path().join("mg"));
    let paths = [&s0, &s1, &merged].map(|p| p.to_str().unwrap().to_string());
    let o = arena(&["merge", &paths[0], &paths[1], "--out", &paths[2]]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = arena(&["run", "--resume", &paths[2], "--matches", "2000"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    // Once said as "mg has no plan.json, so it is not the folder of an arena run".
    assert!(!err.contains("not the folder of an arena run"), "{err}");
    let said = format!("{} is a merge of 2 shards ({}, {})", paths[2], paths[0], paths[1]);
    assert!(err.contains(&said) && err.contains("cannot be resumed or extended"), "{err}");
    assert!(err.contains("--shard I/K") && err.contains("merge them again"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn a_verdict_that_asks_for_more_matches_prints_the_command_that_plays_them() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("t");
    let o = arena(&[
        "run",
        "--game",
        "trice",
        "--matches",
        "2000",
        "--seed",
        "1",
        "--no-report",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let verdict = std::fs::read_to_string(dir.join("verdict.txt")).unwrap();
    assert!(verdict.contains("about 130,000 more matches would tell"), "{verdict}");
    let command = format!(
        "to play the matches the verdict asks for: arena run --resume {} --matches 132000",
        dir.display()
    );
    assert!(out.contains(&command), "{out}");
}

/// `arena ARGS` with `env` set.
fn arena_env(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    crate::common::output_within(
        std::process::Command::new(env!("CARGO_BIN_EXE_arena"))
            .args(args)
            .envs(env.iter().copied()),
    )
}

/// `arena run --resume DIR FLAG VALUE`, quietly and without a report.
fn resume_with(dir: &Path, flag: &str, value: &str) -> std::process::Output {
    arena(&["run", "--quiet", "--no-report", "--resume", dir.to_str().unwrap(), flag, value])
}

/// Review findings: an extension after a crash in the final write (a run whose state is
/// still a checkpoint) is checked before plan.json changes, and a stopped checkpoint grows
/// under a tighter target; the pages of earlier picks do not stay behind.
#[test]
fn an_extension_after_a_crash_in_the_final_write_is_checked_first_and_leaves_no_stale_pages() {
    let tmp = tempfile::tempdir().unwrap();
    let p = |name: &str| tmp.path().join(name);
    let crash = |step: &str, out: &Path, args: &[&str]| {
        let hook = format!("final:{step}:crash");
        let mut full = vec!["run", "--quiet", "--no-report", "--out", out.to_str().unwrap()];
        full.extend(args);
        let o = arena_env(&full, &[("ARENA_FAILPOINT", hook.as_str())]);
        assert!(!o.status.success(), "the crash hook fired");
    };
    // 1,001 LOW BLOW matches end inside a deal group: the extension is refused and the
    // folder still resumes as it was.
    crash("checkpoint", &p("a"), &["--game", "low-blow", "--matches", "1001", "--per-match"]);
    let plan = std::fs::read(p("a/plan.json")).unwrap();
    let a = p("a");
    let o = arena(&["run", "--resume", a.to_str().unwrap(), "--matches", "2000"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("inside a deal group"), "{}", stderr(&o));
    assert_eq!(plan, std::fs::read(p("a/plan.json")).unwrap(), "plan.json unchanged");
    let o = arena(&["run", "--quiet", "--no-report", "--resume", a.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A run its wider target stopped, crashed before its results: a tighter target grows it.
    let target = ["--game", "trice", "--check-every", "500", "--matches", "100000", "--seed", "2"];
    crash("results", &p("st"), &[&target[..], &["--until-ci", "0.08"]].concat());
    let st = p("st");
    let o = resume_with(&st, "--until-ci", "0.04");
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&p("st-whole"), &[&target[..], &["--until-ci", "0.04"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_folder(&p("st-whole"), &st);
    // A crash after the pages of 2,000 matches were written, then 4,000: the pages are
    // those of the picks of 4,000, as a run of 4,000 has them.
    let pig = ["--game", "pig", "--per-match", "--seed", "6"];
    crash("matches", &p("c"), &[&pig[..], &["--matches", "2000"]].concat());
    let c = p("c");
    let o = resume_with(&c, "--matches", "4000");
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&p("c-whole"), &[&pig[..], &["--matches", "4000"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_folder(&p("c-whole"), &c);
}

#[test]
fn a_finished_runs_changed_matches_csv_is_refused_before_the_folder_changes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("m");
    let o = run(&dir, &["--game", "pig", "--matches", "2000", "--per-match"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = dir.join("matches.csv");
    let mut bytes = std::fs::read(&rows).unwrap();
    let at = bytes.len() / 2;
    bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
    std::fs::write(&rows, bytes).unwrap();
    let o = arena(&["run", "--resume", dir.to_str().unwrap(), "--matches", "4000"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("matches.csv") && stderr(&o).contains("changed"), "{}", stderr(&o));
    assert!(dir.join("manifest.json").exists() && dir.join("notable.json").exists());
}

#[test]
fn a_sweep_whose_extension_failed_after_checking_is_adopted_by_the_next_resume() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, grown) = (tmp.path().join("whole"), tmp.path().join("grown"));
    assert!(sweep(&whole, "3000").status.success());
    assert!(sweep(&grown, "1000").status.success());
    let dir = grown.to_str().unwrap();
    let full = [("ARENA_FAILPOINT", "write:sweep_checkpoint.json:disk-full")];
    let o = arena_env(&["sweep", "--quiet", "--resume", dir, "--matches", "3000"], &full);
    assert!(!o.status.success(), "the disk-full hook fired");
    // sweep.json already asks for 3,000: `--resume` alone adopts the 1,000 and plays on.
    let o = arena(&["sweep", "--quiet", "--no-report", "--resume", dir]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_folder(&whole, &grown);
}

#[test]
fn a_resumed_run_and_sweep_record_their_experiment_and_variants_files() {
    let tmp = tempfile::tempdir().unwrap();
    let exp = tmp.path().join("e.toml");
    std::fs::write(&exp, "game = \"pig\"\nmatches = 3000\nseed = 4\n").unwrap();
    let variants = tmp.path().join("v.toml");
    std::fs::write(&variants, "[[variant]]\ntarget = 50\n\n[[variant]]\ntarget = 100\n").unwrap();
    let (r, s) = (tmp.path().join("r"), tmp.path().join("s"));
    let hook = [("ARENA_FAILPOINT", "boundary:1:stop")];
    let args = ["run", "--quiet", "--no-report", "--experiment", exp.to_str().unwrap(), "--out"];
    let o = arena_env(&[&args[..], &[r.to_str().unwrap()]].concat(), &hook);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    let o = arena(&["run", "--quiet", "--no-report", "--resume", r.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let m: serde_json::Value =
        serde_json::from_slice(&std::fs::read(r.join("manifest.json")).unwrap()).unwrap();
    assert!(m["input_files"]["experiment"]["sha256"].is_string(), "{m}");
    let sweep = ["sweep", "--quiet", "--no-report", "--game", "pig", "--matches", "3000"];
    let v = ["--variants", variants.to_str().unwrap(), "--out", s.to_str().unwrap()];
    let o = arena_env(&[&sweep[..], &v[..]].concat(), &hook);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    let o = arena(&["sweep", "--quiet", "--no-report", "--resume", s.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let m: serde_json::Value =
        serde_json::from_slice(&std::fs::read(s.join("manifest.json")).unwrap()).unwrap();
    assert!(m["input_files"]["variants"]["sha256"].is_string(), "{m}");
}
