//! Pausing and resuming sweeps and tuning: SIGTERM/SIGINT pause `arena sweep` and
//! `arena tune` at a checkpoint (exit 4) with the command that continues them, `--resume`
//! finishes to the same bytes, and `arena status` and the "already holds files" message give
//! advice that works.

use crate::common;
use common::{Running, arena, start_held};

use std::path::Path;
use std::process::Output;

/// A sweep of three Pig variants; `--threads` and its value come last. Small enough to play
/// in a second or two through the test build, large enough for many blocks.
pub const SWEEP: [&str; 9] = [
    "--game",
    "pig",
    "--vary",
    "target=50,100,150",
    "--matches",
    "4000",
    "--seed",
    "3",
    "--threads",
];

/// `arena ARGS` held at its second block boundary (every job asks after each block that
/// does not end it, so two blocks are played by then), returned once it says so.
pub fn start_after_first_block(args: &[&str]) -> Running {
    start_held(args, 2, "hold")
}

/// `arena ARGS` killed (as by `kill -9`) at its second block boundary.
pub fn kill_after_first_block(args: &[&str]) {
    start_held(args, 2, "hold-until-killed").kill();
}

/// `arena ARGS` paused (as by SIGTERM) at its second block boundary: asserts the pause code.
pub fn pause_after_first_block(args: &[&str]) {
    let (code, _, err) = common::start(args, &[("ARENA_FAILPOINT", "boundary:2:stop")]).finish();
    assert_eq!(code, Some(4), "{args:?}: the pause code; {err}");
}

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

fn status(dir: &Path) -> String {
    let o = arena(&["status", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

/// Every file under `a` but the manifests and pages (which record times) equals `b`'s.
pub fn assert_same_tree(a: &Path, b: &Path) {
    let (x, y) = (common::files_under(a), common::files_under(b));
    assert_eq!(x, y, "the files of {} and {}", a.display(), b.display());
    for f in &x {
        let name = f.file_name().unwrap().to_str().unwrap();
        if name == "manifest.json" || name == "tune.json" || name.ends_with(".html") {
            continue;
        }
        assert!(
            std::fs::read(a.join(f)).unwrap() == std::fs::read(b.join(f)).unwrap(),
            "{} differs",
            f.display()
        );
    }
}

fn sweep_pauses_on(name: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, dir) = (tmp.path().join("whole"), tmp.path().join("paused"));
    let o = arena(
        &[&["sweep", "--quiet", "--out", whole.to_str().unwrap()], &SWEEP[..], &["2"]].concat(),
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let child = start_after_first_block(
        &[&["sweep", "--out", dir.to_str().unwrap()], &SWEEP[..], &["1"]].concat(),
    );
    child.signal(name);
    let (code, out, err) = child.finish();
    assert_eq!(code, Some(4), "{name}: the pause code; {err}");
    let resume = format!("arena sweep --resume {}", dir.display());
    assert!(out.contains(&resume), "{out}");
    assert!(!dir.join("sweep.csv").exists() && !dir.join("manifest.json").exists());
    let s = status(&dir);
    assert!(s.contains("(sweep): paused") && s.contains(&resume), "{s}");
    // A new sweep into the folder is refused with advice that works.
    let o = arena(&[&["sweep", "--out", dir.to_str().unwrap()], &SWEEP[..], &["1"]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains(&resume), "{}", text(&o.stderr));
    // Flags that --resume would ignore are refused.
    let o = arena(&["sweep", "--resume", dir.to_str().unwrap(), "--seed", "5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--seed cannot be given with --resume"));
    let o = arena(&["sweep", "--resume", dir.to_str().unwrap(), "--matches", "5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("a sweep can be extended, not shortened"));
    // Resumed, then killed before its next save: stopped, not the pause it continued from.
    kill_after_first_block(&["sweep", "--quiet", "--resume", dir.to_str().unwrap()]);
    let s = status(&dir);
    assert!(s.contains("(sweep): stopped") && s.contains(&resume), "{s}");
    let o = arena(&["sweep", "--quiet", "--resume", dir.to_str().unwrap(), "--threads", "2"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_same_tree(&whole, &dir);
    assert!(status(&dir).contains("(sweep): finished"), "{}", status(&dir));
}

#[test]
fn sweep_pauses_on_sigterm_and_resumes_to_the_same_bytes() {
    sweep_pauses_on("TERM");
}

#[test]
fn sweep_pauses_on_sigint_and_resumes_to_the_same_bytes() {
    sweep_pauses_on("INT");
}

#[test]
fn a_killed_sweep_is_stopped_not_paused_and_resumes_to_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, dir) = (tmp.path().join("whole"), tmp.path().join("killed"));
    let o = arena(
        &[&["sweep", "--quiet", "--out", whole.to_str().unwrap()], &SWEEP[..], &["2"]].concat(),
    );
    assert!(o.status.success());
    kill_after_first_block(
        &[&["sweep", "--out", dir.to_str().unwrap()], &SWEEP[..], &["1"]].concat(),
    );
    let s = status(&dir);
    assert!(s.contains("(sweep): stopped") && s.contains("arena sweep --resume"), "{s}");
    let o: Output = arena(&["sweep", "--quiet", "--resume", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_same_tree(&whole, &dir);
}

const TUNE: [&str; 18] = [
    "--game",
    "dardz",
    "--players",
    "3",
    "--bots",
    "random",
    "--matches",
    "3000",
    "--confirm-matches",
    "3000",
    "--objective",
    "share:12=0.06",
    "--iterations",
    "3",
    "--step-matches",
    "600",
    "--seed",
    "5",
];

#[test]
fn tune_pauses_on_sigterm_and_resumes_to_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, dir) = (tmp.path().join("whole"), tmp.path().join("paused"));
    let o = arena(&[&["tune", "--quiet", "--out", whole.to_str().unwrap()], &TUNE[..]].concat());
    assert!(o.status.success(), "{}", text(&o.stderr));
    // Held after the first block of the measurement (its first sweep).
    let child = start_after_first_block(
        &[&["tune", "--threads", "1", "--out", dir.to_str().unwrap()], &TUNE[..]].concat(),
    );
    assert!(dir.join("measure").join("sweep.json").exists(), "held in the measurement");
    child.signal("TERM");
    let (code, out, err) = child.finish();
    assert_eq!(code, Some(4), "the pause code; {err}");
    let resume = format!("arena tune --resume {}", dir.display());
    assert!(out.contains(&resume), "{out}");
    let s = status(&dir);
    assert!(s.contains("(tune): paused") && s.contains(&resume), "{s}");
    assert!(s.contains("paused by a stop signal in its measurement"), "{s}");
    let o = arena(&[&["tune", "--out", dir.to_str().unwrap()], &TUNE[..]].concat());
    assert!(text(&o.stderr).contains(&resume), "{}", text(&o.stderr));
    let o = arena(&["tune", "--quiet", "--resume", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_same_tree(&whole, &dir);
    assert!(status(&dir).contains("(tune): finished"), "{}", status(&dir));
}
