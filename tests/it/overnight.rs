//! Overnight and cluster runs through the real binary: SIGTERM (Slurm's preemption, a
//! closed terminal) pauses a run with a checkpoint and `--resume` finishes it byte for byte;
//! `kill -9` at arbitrary moments never leaves a wrong result; `arena status` tells running,
//! paused, stopped, failed and finished runs apart.

use crate::common;
use common::{arena, assert_same_results};

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const PLAN: [&str; 6] = ["--game", "pig", "--matches", "600000", "--seed", "8"];

fn start(out: &Path, env: &[(&str, &str)]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(["run", "--quiet", "--per-match", "--threads", "1", "--out", out.to_str().unwrap()])
        .args(PLAN)
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn resume(dir: &Path) -> Output {
    arena(&["run", "--quiet", "--resume", dir.to_str().unwrap()])
}

fn status(dir: &Path) -> String {
    let o = arena(&["status", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// Wait until the run's status file shows some matches played.
fn wait_until_playing(dir: &Path) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        let text = std::fs::read_to_string(dir.join("status.json")).unwrap_or_default();
        if let Ok(s) = serde_json::from_str::<serde_json::Value>(&text)
            && s["done"].as_u64().unwrap_or(0) > 0
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("{} never reported progress", dir.display());
}

fn signal(child: &Child, name: &str) {
    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-s", name, &pid]).status().unwrap().success());
}

fn whole(tmp: &Path) -> PathBuf {
    let dir = tmp.join("whole");
    let mut args = vec!["run", "--quiet", "--per-match", "--out", dir.to_str().unwrap()];
    args.extend(PLAN);
    assert!(arena(&args).status.success());
    dir
}

#[test]
fn sigterm_pauses_with_a_checkpoint_and_resume_is_byte_identical() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = whole(tmp.path());
    let dir = tmp.path().join("term");
    let mut child = start(&dir, &[]);
    wait_until_playing(&dir);
    assert!(status(&dir).contains("(pig): running"), "{}", status(&dir));
    signal(&child, "TERM");
    assert_eq!(child.wait().unwrap().code(), Some(4), "the pause code");
    assert!(dir.join("checkpoint.json").exists());
    assert!(!dir.join("seats.csv").exists() && !dir.join("manifest.json").exists());
    assert!(status(&dir).contains("(pig): paused"), "{}", status(&dir));
    let o = resume(&dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_same_results(&whole, &dir);
    assert!(status(&dir).contains("(pig): finished, 600000 of 600000 matches"));
    assert!(!dir.join("status.json").exists(), "a finished run keeps no status file");
}

arena::sampled! {
    /// Kill at `moments` moments (after 300 ms, then after 1200 ms) and, in the long run, once
    /// in each step of the final write.
    fn kill_9_at_any_moment_then_resume_gives_the_same_result(moments = 2, sample = 1) {
    let tmp = tempfile::tempdir().unwrap();
    let whole = whole(tmp.path());
    for (k, delay) in [300u64, 1200].into_iter().take(moments as usize).enumerate() {
        let dir = tmp.path().join(format!("kill-{k}"));
        let mut child = start(&dir, &[]);
        wait_until_playing(&dir);
        std::thread::sleep(Duration::from_millis(delay));
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(status(&dir).contains("(pig): stopped"), "{}", status(&dir));
        // Never a result file that looks complete without its manifest (written last).
        assert!(!dir.join("manifest.json").exists());
        let o = resume(&dir);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_same_results(&whole, &dir);
    }
    // A crash in each step of the final write (faults.rs covers these with a shorter run).
    let steps = if moments > 1 { &["checkpoint", "results", "matches", "manifest"][..] } else { &[] };
    for step in steps {
        let dir = tmp.path().join(format!("final-{step}"));
        let point = format!("final:{step}:crash");
        let mut child = start(&dir, &[("ARENA_FAILPOINT", &point)]);
        assert!(!child.wait().unwrap().success(), "{step}");
        assert!(resume(&dir).status.success(), "{step}");
        assert_same_results(&whole, &dir);
    }
    }
}

#[test]
fn status_tells_failed_runs_and_refuses_what_is_not_a_run() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("failed");
    let mut child = start(&dir, &[("ARENA_FAILPOINT", "matches-write:disk-full")]);
    assert_eq!(child.wait().unwrap().code(), Some(1));
    let text = status(&dir);
    assert!(text.contains("(pig): failed") && text.contains("disk full"), "{text}");
    let o = arena(&["status", tmp.path().join("nothing").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let o = arena(&["status", tmp.path().to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "a folder of runs: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    // A sweep's folder, alone and inside a folder of runs.
    let sweep = tmp.path().join("sweep");
    let o = arena(&[
        "sweep",
        "--game",
        "pig",
        "--vary",
        "target=50,100",
        "--matches",
        "100",
        "--quiet",
        "--out",
        sweep.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(status(&sweep).contains("(sweep): finished, 2 variants"), "{}", status(&sweep));
    assert!(status(tmp.path()).contains("(sweep): finished"));
    let empty = tempfile::tempdir().unwrap();
    let o = arena(&["status", empty.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("is not an arena run folder"));
}
