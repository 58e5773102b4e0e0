//! A closed stdout (`arena ... | head -1`) ends every command quietly, with
//! the exit code it would have had and every file it writes complete; nothing panics.

use std::path::Path;
use std::process::{Command, Stdio};

/// Run arena with a stdout pipe whose reader is closed before arena writes a byte, and return
/// the exit code and stderr.
fn with_closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arena");
    drop(child.stdout.take());
    let o = crate::common::wait_within(child, &format!("arena {args:?}"));
    (o.status.code(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn quiet_success(args: &[&str]) {
    let (code, err) = with_closed_stdout(args);
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert_eq!(code, Some(0), "{args:?}: {err}");
}

fn has(dir: &Path, files: &[&str]) {
    for f in files {
        assert!(dir.join(f).is_file(), "{} lacks {f}", dir.display());
    }
}

#[test]
fn closed_stdout_ends_every_command_quietly_with_its_files_complete() {
    let tmp = tempfile::tempdir().unwrap();
    let p = |name: &str| tmp.path().join(name).to_str().unwrap().to_string();
    let (sw, run, s0, s1, merged, lad, tune) =
        (p("sw"), p("run"), p("s0"), p("s1"), p("merged"), p("lad"), p("tune"));
    quiet_success(&[
        "sweep",
        "--game",
        "pig",
        "--vary",
        "target=50,60",
        "--matches",
        "100",
        "--out",
        &sw,
    ]);
    has(Path::new(&sw), &["sweep.csv", "sweep_diff.csv", "manifest.json", "report.html"]);
    for (out, shard) in [(&run, None), (&s0, Some("0/2")), (&s1, Some("1/2"))] {
        let mut args = vec!["run", "--game", "pig", "--matches", "200", "--out", out.as_str()];
        if let Some(s) = shard {
            args.extend(["--shard", s]);
        }
        quiet_success(&args);
    }
    has(Path::new(&run), &["seats.csv", "manifest.json", "report.html", "verdict.txt"]);
    quiet_success(&["merge", "--out", &merged, &s0, &s1]);
    has(Path::new(&merged), &["seats.csv", "manifest.json", "report.html"]);
    quiet_success(&[
        "ladder",
        "--game",
        "pig",
        "--bots",
        "random,greedy",
        "--max-matches",
        "200",
        "--out",
        &lad,
    ]);
    has(Path::new(&lad), &["ladder.csv", "verdict.txt", "report.html"]);
    quiet_success(&[
        "tune",
        "--game",
        "dardz",
        "--players",
        "3",
        "--bots",
        "random",
        "--matches",
        "200",
        "--confirm-matches",
        "200",
        "--seed",
        "5",
        "--out",
        &tune,
    ]);
    assert!(Path::new(&tune).join("confirm").join("sweep.csv").is_file());
    quiet_success(&["report", &run]);
    quiet_success(&["status", &run]);
    quiet_success(&["plan", "--game", "pig", "--ci", "0.2", "--pilot", "20", "--threads", "1"]);
    quiet_success(&["games"]);
    quiet_success(&["bots"]);
    quiet_success(&["trace", "--game", "pig", "--seed", "7", "--match", "3"]);
    quiet_success(&["bench", "--seconds", "0.1", "--game", "pig"]);
}

#[test]
fn bad_input_with_a_closed_stdout_exits_2_without_a_panic() {
    // Bad input still exits 2 with stdout closed (its message goes to stderr).
    let (code, err) = with_closed_stdout(&["run", "--game", "nosuchgame"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
