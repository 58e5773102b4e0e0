//! Overnight and cluster runs through the real binary: SIGTERM (Slurm's preemption, a
//! closed terminal) pauses a run with a checkpoint and `--resume` finishes it byte for byte;
//! `kill -9` at arbitrary moments never leaves a wrong result; `arena status` tells running,
//! paused, stopped, failed and finished runs apart.

use crate::common;
use common::{Running, arena, assert_same_results, start_held};

use std::path::{Path, PathBuf};

/// Enough matches for many blocks (a quiet run's blocks are 64 matches a thread at first), so
/// that every boundary a test holds at lies inside the run.
const PLAN: [&str; 6] = ["--game", "pig", "--matches", "20000", "--seed", "8"];

/// `arena run PLAN` on one thread into `out`, per match.
fn run_args(out: &Path) -> Vec<&str> {
    let mut args = vec!["run", "--quiet", "--per-match", "--threads", "1", "--out"];
    args.push(out.to_str().unwrap());
    args.extend(PLAN);
    args
}

/// [`run_args`] held at block boundary `n`.
fn start_at(out: &Path, n: u64, kind: &str) -> Running {
    start_held(&run_args(out), n, kind)
}

/// [`run_args`] with `ARENA_FAILPOINT` set to `hook`, to its end: (exit code, stderr).
fn run_with(out: &Path, hook: &str) -> (Option<i32>, String) {
    let (code, _, err) = common::start(&run_args(out), &[("ARENA_FAILPOINT", hook)]).finish();
    (code, err)
}

fn resume(dir: &Path) -> std::process::Output {
    arena(&["run", "--quiet", "--resume", dir.to_str().unwrap()])
}

/// `--resume DIR` held at boundary `n` of the resumed process.
fn resume_at(dir: &Path, n: u64) -> Running {
    start_held(&["run", "--quiet", "--resume", dir.to_str().unwrap()], n, "hold")
}

fn status(dir: &Path) -> String {
    let o = arena(&["status", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
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
    // Held after its first block: running, some matches played, many left.
    let child = start_at(&dir, 1, "hold");
    assert!(status(&dir).contains("(pig): running"), "{}", status(&dir));
    child.signal("TERM");
    let (code, _, err) = child.finish();
    assert_eq!(code, Some(4), "the pause code: {err}");
    assert!(dir.join("checkpoint.json").exists());
    assert!(!dir.join("seats.csv").exists() && !dir.join("manifest.json").exists());
    assert!(status(&dir).contains("(pig): paused"), "{}", status(&dir));
    let o = resume(&dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_same_results(&whole, &dir);
    assert!(status(&dir).contains("(pig): finished, 20000 of 20000 matches"));
    assert!(!dir.join("status.json").exists(), "a finished run keeps no status file");
}

/// Where `kill -9` lands: held at a block boundary of a fresh run (nothing saved yet), or of a
/// resumed run whose checkpoint is older than the rows already appended to
/// `matches.csv.partial` (the rows past the checkpoint must be cut on resume).
/// (Blocks grow at most fourfold, so 20,000 matches hold at least five boundaries.)
const MOMENTS: [Moment; 3] = [
    Moment { paused_at: Some(2), killed_at: 3 },
    Moment { paused_at: None, killed_at: 1 },
    Moment { paused_at: None, killed_at: 4 },
];

struct Moment {
    /// Paused (as by SIGTERM) at this boundary first, then resumed.
    paused_at: Option<u64>,
    /// Killed at this boundary of the last process.
    killed_at: u64,
}

arena::sampled! {
    /// `kill -9` at the first `moments` of [`MOMENTS`] (the sample: a resumed run killed past
    /// its checkpoint, and a fresh one with nothing saved) and in as many steps of the final
    /// write (all four in the long check); each resumed to the bytes of an uninterrupted run.
    fn kill_9_at_any_moment_then_resume_gives_the_same_result(moments = 4, sample = 2) {
    let tmp = tempfile::tempdir().unwrap();
    let whole = whole(tmp.path());
    for (k, moment) in MOMENTS.iter().take(moments as usize).enumerate() {
        let dir = tmp.path().join(format!("kill-{k}"));
        let child = match moment.paused_at {
            None => start_at(&dir, moment.killed_at, "hold-until-killed"),
            Some(p) => {
                let (code, err) = run_with(&dir, &format!("boundary:{p}:stop"));
                assert_eq!(code, Some(4), "paused at boundary {p}: {err}");
                resume_at(&dir, moment.killed_at)
            }
        };
        child.kill();
        let said = status(&dir);
        assert!(said.contains("(pig): stopped"), "{said}");
        // Status counts what a resume continues from: the checkpoint, or nothing.
        if moment.paused_at.is_some() {
            assert!(said.contains("its checkpoint holds"), "{said}");
        } else {
            assert!(said.contains("no checkpoint"), "{said}");
        }
        // Never a result file that looks complete without its manifest (written last).
        assert!(!dir.join("manifest.json").exists());
        let o = resume(&dir);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_same_results(&whole, &dir);
    }
    // A crash in each step of the final write (faults.rs covers these with a shorter run).
    for step in ["checkpoint", "results", "matches", "manifest"].iter().take(moments as usize) {
        let dir = tmp.path().join(format!("final-{step}"));
        let point = format!("final:{step}:crash");
        let (code, _) = run_with(&dir, &point);
        assert_ne!(code, Some(0), "{step}");
        assert!(resume(&dir).status.success(), "{step}");
        assert_same_results(&whole, &dir);
    }
    }
}

#[test]
fn status_tells_failed_runs_and_refuses_what_is_not_a_run() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("failed");
    let (code, _) = run_with(&dir, "matches-write:disk-full");
    assert_eq!(code, Some(1));
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
