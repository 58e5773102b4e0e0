//! Results that survive faults and misuse, through the real binary: two runs into one
//! folder, a full disk, a crash at every step of the final write, `--resume` with another
//! plan or none, damaged checkpoints and damaged shards. Each test reproduces the fault
//! first, then checks that the run continues to exactly the bytes of an uninterrupted run
//! or is refused with one line naming the file and the key (exit code 2).

use crate::common::{assert_refused, stderr};

use crate::common;
use common::{arena, assert_same_results};

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const PLAN: [&str; 6] = ["--game", "pig", "--matches", "6000", "--seed", "21"];

fn arena_env(args: &[&str], env: &[(&str, &str)], cwd: Option<&Path>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arena"));
    cmd.args(args).envs(env.iter().copied());
    if let Some(dir) = cwd {
        cmd.current_dir(dir);
    }
    crate::common::output_within(&mut cmd)
}

fn run_into(out: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut args = vec!["run", "--quiet", "--per-match", "--out", out.to_str().unwrap()];
    args.extend(PLAN);
    args.extend(extra);
    arena_env(&args, env, None)
}

fn resume(dir: &Path, extra: &[&str], env: &[(&str, &str)]) -> Output {
    let mut args = vec!["run", "--quiet", "--resume", dir.to_str().unwrap()];
    args.extend(extra);
    arena_env(&args, env, None)
}

/// The whole run, uninterrupted, to compare with.
fn whole(tmp: &Path) -> PathBuf {
    let dir = tmp.join("whole");
    let o = run_into(&dir, &[], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    dir
}

/// A run paused after its first block, with a checkpoint.
fn paused(tmp: &Path, name: &str) -> PathBuf {
    let dir = tmp.join(name);
    let o = run_into(&dir, &["--threads", "1", "--time-limit", "0"], &[]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(dir.join("checkpoint.json").exists());
    dir
}

#[test]
fn two_runs_never_share_a_folder_and_a_crashed_runs_lock_is_taken_over() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("busy");
    // Held after its first block, holding the lock, its plan written (what --resume reads).
    let first = crate::common::start_held(
        &["run", "--quiet", "--game", "pig", "--matches", "100000000", "--threads", "1"]
            .into_iter()
            .chain(["--out", out.to_str().unwrap()])
            .collect::<Vec<_>>(),
        1,
        "hold-until-killed",
    );
    let lock = out.join(".arena.lock");
    assert!(std::fs::read_to_string(&lock).is_ok_and(|t| t.contains("pid")));
    assert!(out.join("plan.json").exists());
    let second = arena(
        &["run", "--quiet", "--game", "pig", "--matches", "10", "--out"]
            .into_iter()
            .chain([out.to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert_refused(&second, &["in use by another arena run", &format!("pid {}", first.id())]);
    let busy_resume = resume(&out, &["--time-limit", "0"], &[]);
    assert_refused(&busy_resume, &["in use by another arena run"]);
    // kill -9: the lock dies with the process, and --resume takes the folder over.
    first.kill();
    let o = resume(&out, &["--time-limit", "0", "--threads", "1"], &[]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(out.join("checkpoint.json").exists());
    assert!(!lock.exists(), "the lock is released when the run ends");
}

#[test]
fn automatic_folders_started_together_are_different() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["run", "--quiet", "--game", "tictactoe", "--matches", "50"];
    let children: Vec<_> = (0..3)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_arena"))
                .args(args)
                .current_dir(tmp.path())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        assert!(crate::common::wait_within(c, "arena run").status.success());
    }
    let folders: Vec<_> = std::fs::read_dir(tmp.path().join("results")).unwrap().collect();
    assert_eq!(folders.len(), 3, "each run gets its own folder");
    for f in folders {
        assert!(f.unwrap().path().join("manifest.json").exists());
    }
}

#[test]
fn a_full_disk_keeps_a_folder_that_resumes_exactly() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = whole(tmp.path());
    // After a checkpoint: the disk fills on the next rows.
    let dir = paused(tmp.path(), "full");
    let full = [("ARENA_FAILPOINT", "matches-write:disk-full")];
    let o = resume(&dir, &[], &full);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("matches.csv.partial: disk full"), "{err}");
    assert!(err.contains(&format!("arena run --resume {}", dir.display())), "{err}");
    assert!(dir.join("checkpoint.json").exists() && dir.join("matches.csv.partial").exists());
    let o = resume(&dir, &["--threads", "2"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_results(&whole, &dir);
    // Before any checkpoint: the folder is kept and --resume plays it from the start.
    let early = tmp.path().join("early");
    let o = run_into(&early, &[], &full);
    assert!(stderr(&o).contains("disk full"), "{}", stderr(&o));
    assert!(early.join("plan.json").exists() && !early.join("manifest.json").exists());
    let o = resume(&early, &[], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_results(&whole, &early);
    // The checkpoint itself cannot be written: the older one stays.
    let dir = paused(tmp.path(), "full-checkpoint");
    let o = resume(&dir, &[], &[("ARENA_FAILPOINT", "write:checkpoint.json:disk-full")]);
    assert!(stderr(&o).contains("checkpoint.json.partial: disk full"), "{}", stderr(&o));
    let o = resume(&dir, &[], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_results(&whole, &dir);
}

#[test]
fn a_crash_at_every_step_of_the_final_write_resumes_exactly() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = whole(tmp.path());
    for step in ["checkpoint", "results", "matches", "manifest"] {
        let dir = tmp.path().join(step);
        let point = format!("final:{step}:crash");
        let o = run_into(&dir, &[], &[("ARENA_FAILPOINT", &point)]);
        assert!(!o.status.success(), "{step}: the injected crash did not happen");
        let o = resume(&dir, &[], &[]);
        assert!(o.status.success(), "{step}: {}", stderr(&o));
        assert!(!dir.join("checkpoint.json").exists(), "{step}");
        assert_same_results(&whole, &dir);
    }
    // A shard has one more step: its tally file.
    let shard = tmp.path().join("shard");
    let o = run_into(&shard, &["--shard", "0/1"], &[("ARENA_FAILPOINT", "final:tally:crash")]);
    assert!(!o.status.success());
    assert!(resume(&shard, &[], &[]).status.success());
    assert_same_results(&whole, &shard);
}

#[test]
fn resume_continues_exactly_the_folders_plan_and_refuses_another() {
    let tmp = tempfile::tempdir().unwrap();
    let done = tmp.path().join("done");
    let o = run_into(&done, &[], &[]);
    assert!(o.status.success());
    let o = resume(&done, &["--matches", "5000", "--seed", "9"], &[]);
    assert_refused(&o, &["--seed: the folder's run has 21, given 9", "--matches"]);
    let o = resume(&done, &["--game", "pig", "--matches", "6000"], &[]);
    assert!(o.status.success(), "agreeing flags are accepted: {}", stderr(&o));
    // `--resume DIR` alone on a paused single-game folder: that game, nothing else.
    let whole = whole(tmp.path());
    let dir = paused(tmp.path(), "alone");
    let o = resume(&dir, &[], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    // (`matches/` holds the replay pages of the matches worth seeing, not a game.)
    let subfolders = std::fs::read_dir(&dir).unwrap().filter(|e| {
        e.as_ref().unwrap().path().is_dir() && e.as_ref().unwrap().file_name() != "matches"
    });
    assert_eq!(subfolders.count(), 0, "no game subfolders beside the game's files");
    assert_same_results(&whole, &dir);
    // A folder that is not a run.
    let o = resume(tmp.path(), &[], &[]);
    assert_refused(&o, &["has no plan.json"]);
}

#[test]
fn a_default_experiment_resumed_with_other_flags_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("all");
    let o = arena(&[
        "run",
        "--quiet",
        "--matches",
        "60",
        "--seed",
        "3",
        "--skill-matches",
        "0",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = resume(&dir, &["--seed", "4"], &[]);
    assert_refused(&o, &["--seed: the folder's run has 3, given 4"]);
    let o = resume(&dir, &["--skill-matches", "400"], &[]);
    assert_refused(&o, &["--skill-matches: the folder's run has 0, given 400"]);
    let o = resume(&dir, &["--seed", "4"], &[]);
    assert_refused(&o, &["--seed: the folder's run has 3, given 4"]);
    let o = resume(&dir, &["--game", "pig"], &[]);
    assert_refused(&o, &["--game: the folder's run has (every game), given pig"]);
    let o = resume(&dir, &[], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).is_empty(), "quiet");
}

/// Edit the checkpoint's content and give it a fresh checksum, so that the checks behind
/// the checksum are tested too.
fn edit_checkpoint(dir: &Path, edit: impl Fn(&mut serde_json::Value)) {
    use arena::output::checked::{checked_content, checked_json};
    let path = dir.join("checkpoint.json");
    let bytes = std::fs::read(&path).unwrap();
    let mut cp: serde_json::Value =
        serde_json::from_slice(checked_content(&bytes).unwrap()).unwrap();
    edit(&mut cp);
    std::fs::write(&path, checked_json(&cp).unwrap()).unwrap();
}

#[test]
fn damaged_checkpoints_are_refused_naming_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = paused(tmp.path(), "cp");
    let cp = dir.join("checkpoint.json");
    let named = cp.display().to_string();
    let original = std::fs::read(&cp).unwrap();
    edit_checkpoint(&dir, |cp| cp["next"] = (cp["next"].as_u64().unwrap() + 1).into());
    assert_refused(&resume(&dir, &[], &[]), &[&named, "not at the start of a deal group"]);
    edit_checkpoint(&dir, |cp| cp["next"] = serde_json::json!(1u64 << 60));
    assert_refused(&resume(&dir, &[], &[]), &[&named, "outside this run's matches 0..6000"]);
    std::fs::write(&cp, &original).unwrap();
    edit_checkpoint(&dir, |cp| cp["next"] = (cp["next"].as_u64().unwrap() + 2).into());
    assert_refused(&resume(&dir, &[], &[]), &[&named, "were played before match"]);
    std::fs::write(&cp, [0x9f, 0x00, 0xff, 0x13, 0x37]).unwrap();
    assert_refused(&resume(&dir, &[], &[]), &[&named, "not a run checkpoint arena can read"]);
    // Unreadable: a folder where the file should be. The error names path and operation.
    std::fs::remove_file(&cp).unwrap();
    std::fs::create_dir(&cp).unwrap();
    let o = resume(&dir, &[], &[]);
    assert!(stderr(&o).contains(&format!("reading {named}")), "{}", stderr(&o));
    // The original, put back, still resumes.
    std::fs::remove_dir(&cp).unwrap();
    std::fs::write(&cp, &original).unwrap();
    assert!(resume(&dir, &[], &[]).status.success());
}

#[test]
fn merge_refuses_a_truncated_or_missing_matches_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let shards: Vec<PathBuf> = ["0/2", "1/2"]
        .iter()
        .map(|s| {
            let dir = tmp.path().join(s.replace('/', "of"));
            let o = run_into(&dir, &["--shard", s], &[]);
            assert!(o.status.success(), "{}", stderr(&o));
            dir
        })
        .collect();
    let merge = |name: &str| {
        let out = tmp.path().join(name);
        let o = arena(&[
            "merge",
            "--out",
            out.to_str().unwrap(),
            shards[0].to_str().unwrap(),
            shards[1].to_str().unwrap(),
        ]);
        (o, out)
    };
    let rows = shards[1].join("matches.csv");
    let text = std::fs::read_to_string(&rows).unwrap();
    std::fs::write(&rows, &text[..text.len() - 40]).unwrap();
    let (o, out) = merge("m1");
    assert_refused(&o, &["shard 1", "1of2", "truncated or altered"]);
    assert!(!out.exists(), "nothing written");
    std::fs::remove_file(&rows).unwrap();
    let (o, _) = merge("m2");
    assert_refused(&o, &["shard 1", "has no matches.csv"]);
    std::fs::write(&rows, &text).unwrap();
    let (o, out) = merge("m3");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_results(&whole(tmp.path()), &out);
}
