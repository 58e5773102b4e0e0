//! One lifecycle for every long job (each kind had drifted its own way): `--time-limit`
//! pauses a sweep, a ladder and a tuning as it pauses a run (exit 4, and `--resume` finishes
//! to the bytes of an uninterrupted job; only the run honoured it before), and `--resume`
//! takes the same few flags for sweeps, ladders and tunings, refusing any other in the same
//! one line (a ladder's refusal was clap's, naming one conflicting flag).

use std::path::Path;

use crate::common::{arena, stderr, stdout};
use crate::pause_resume::assert_same_tree;

fn text_of(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{}: {e}", dir.join(name).display()))
}

#[test]
fn a_time_limit_pauses_a_sweep_and_resume_finishes_it_to_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, paused) = (tmp.path().join("whole"), tmp.path().join("paused"));
    let sweep = ["--game", "pig", "--vary", "target=50,100", "--matches", "4000", "--seed", "5"];
    let run = |out: &Path, extra: &[&str]| {
        let o = ["sweep", "--quiet", "--no-report", "--out", out.to_str().unwrap()];
        arena(&[&o[..], &sweep[..], extra].concat())
    };
    assert!(run(&whole, &[]).status.success());
    let o = run(&paused, &["--time-limit", "0"]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(!paused.join("manifest.json").exists());
    let dir = paused.to_str().unwrap();
    let o = arena(&["sweep", "--quiet", "--no-report", "--resume", dir, "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_same_tree(&whole, &paused);
}

#[test]
fn a_time_limit_pauses_a_ladder_after_a_round_and_resume_finishes_it() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, paused) = (tmp.path().join("whole"), tmp.path().join("paused"));
    let ladder = ["--game", "pig", "--bots", "random,greedy", "--max-matches", "400"];
    let run = |out: &Path, extra: &[&str]| {
        let o = ["ladder", "--quiet", "--no-report", "--out", out.to_str().unwrap()];
        arena(&[&o[..], &ladder[..], &["--batch", "100"], extra].concat())
    };
    assert!(run(&whole, &[]).status.success());
    let o = run(&paused, &["--time-limit", "0"]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    let status = stdout(&arena(&["status", paused.to_str().unwrap()]));
    assert!(status.contains("paused"), "{status}");
    let dir = paused.to_str().unwrap();
    let o = arena(&["ladder", "--quiet", "--no-report", "--resume", dir]);
    assert!(o.status.success(), "{}", stderr(&o));
    for file in ["ladder.csv", "ladder_figures.csv", "verdict.txt"] {
        assert_eq!(text_of(&whole, file), text_of(&paused, file), "{file}");
    }
}

#[test]
fn a_time_limit_pauses_a_tuning_and_resume_finishes_it() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, paused) = (tmp.path().join("whole"), tmp.path().join("paused"));
    let tune = ["--matches", "300", "--confirm-matches", "300"];
    let run = |out: &Path, extra: &[&str]| {
        let o = ["tune", "--quiet", "--out", out.to_str().unwrap()];
        arena(&[&o[..], &tune[..], extra].concat())
    };
    assert!(run(&whole, &[]).status.success(), "{}", stderr(&run(&whole, &[])));
    let o = run(&paused, &["--time-limit", "0"]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    let dir = paused.to_str().unwrap();
    let o = arena(&["tune", "--quiet", "--resume", dir]);
    assert!(o.status.success(), "{}", stderr(&o));
    for file in ["tune.csv", "proposal.toml"] {
        assert_eq!(text_of(&whole, file), text_of(&paused, file), "{file}");
    }
}

#[test]
fn resume_refuses_any_other_flag_in_the_same_line_for_sweeps_ladders_and_tunings() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("x");
    let d = dir.to_str().unwrap();
    for (command, file) in
        [("sweep", "sweep.json"), ("ladder", "ladder.json"), ("tune", "tune_request.json")]
    {
        let o = arena(&[command, "--resume", d, "--seed", "9"]);
        assert_eq!(o.status.code(), Some(2), "{command}: {}", stderr(&o));
        let err = stderr(&o);
        let said = format!(
            "--seed cannot be given with --resume (the work is read from its folder's {file}); allowed: --resume, --threads, --quiet"
        );
        assert!(err.contains(&said), "{command}: {err}");
        assert!(err.contains("--time-limit"), "{command}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{command}: {err}");
    }
}
