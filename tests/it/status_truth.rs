//! What a second stop signal does is said, and `arena status`
//! tells the truth afterwards; a ladder killed with kill -9 is stopped, not paused; merged
//! run folders have a status; a finished folder whose report.html is missing says so, and
//! `--resume` writes it; a job paused by its `--time-limit` is said to be, not by a signal.

use crate::common;
use common::arena;

use std::path::Path;

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

fn status(dir: &Path) -> String {
    let o = arena(&["status", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn a_second_signal_says_what_it_does_and_status_tells_the_truth() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("twice");
    // Held after its first block whatever signal arrives, so the second signal finds it still
    // running (a run left alone would pause at once after the first).
    let mut child = common::start_held(
        &["run", "--quiet", "--game", "pig", "--matches", "100000000", "--threads", "1"]
            .into_iter()
            .chain(["--out", dir.to_str().unwrap()])
            .collect::<Vec<_>>(),
        1,
        "hold-until-killed",
    );
    child.signal("INT");
    // The first signal says what it does, and what a second one would do.
    let first = child.wait_for_line("pausing at the next checkpoint");
    assert!(first.contains("a second signal stops at once"), "{first}");
    child.signal("INT");
    let (code, _, err) = child.finish();
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("second stop signal: stopped at once"), "{err}");
    // Status counts what a resume continues from: the checkpoint (none was saved: the run
    // was stopped before its first), not the last progress refresh.
    assert!(!dir.join("checkpoint.json").exists());
    let s = status(&dir);
    assert!(s.contains("(pig): stopped"), "{s}");
    assert!(s.contains("0 of 100000000") && s.contains("no checkpoint"), "{s}");
}

#[test]
fn a_ladder_killed_with_kill_9_is_stopped_not_paused() {
    use arena::output::checked::{checked_content, checked_json};
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("lad");
    let args = [
        "ladder",
        "--quiet",
        "--game",
        "pig",
        "--bots",
        "random,mcts:iterations=200",
        "--max-matches",
        "100000",
        "--batch",
        "20",
        "--precision",
        "0.001",
        "--threads",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ];
    // Killed after its first round, before its first half-minute save: nothing saved.
    crate::pause_resume::kill_after_first_block(&args);
    assert!(!dir.join("ladder_state.json").exists(), "saved on the run's cadence, not each round");
    let s = status(&dir);
    assert!(s.contains("(pig): stopped") && s.contains("arena ladder --resume"), "{s}");
    // A state a periodic save left (not a pause's) before the process died is stopped too.
    let resume = ["ladder", "--quiet", "--resume", dir.to_str().unwrap()];
    crate::pause_resume::pause_after_first_block(&resume);
    let s = status(&dir);
    assert!(s.contains("(pig): paused"), "{s}");
    // Resumed, then killed before its next save: stopped, not the pause it continued from.
    crate::pause_resume::kill_after_first_block(&resume);
    let s = status(&dir);
    assert!(s.contains("(pig): stopped") && s.contains("arena ladder --resume"), "{s}");
    crate::pause_resume::pause_after_first_block(&resume);
    let path = dir.join("ladder_state.json");
    let bytes = std::fs::read(&path).unwrap();
    let mut state: serde_json::Value =
        serde_json::from_slice(checked_content(&bytes).unwrap()).unwrap();
    state["paused"] = false.into();
    state.as_object_mut().unwrap().remove("paused_by");
    std::fs::write(&path, checked_json(&state).unwrap()).unwrap();
    let s = status(&dir);
    assert!(s.contains("(pig): stopped") && s.contains("arena ladder --resume"), "{s}");
}

#[test]
fn status_reads_a_merged_run_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = common::shard_dirs(tmp.path(), &["run", "--game", "pig", "--matches", "400"]);
    let merged = tmp.path().join("merged");
    let o = arena(&[
        "merge",
        "--out",
        merged.to_str().unwrap(),
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let s = status(&merged);
    assert!(
        s.contains("(pig): finished, 400 of 400 matches") && s.contains("merged from 2"),
        "{s}"
    );
}

#[test]
fn a_finished_folder_without_its_report_says_so_and_resume_writes_it() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let o = arena(&[
        "run",
        "--quiet",
        "--game",
        "pig",
        "--matches",
        "400",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    // Killed between writing the page and renaming it into place.
    std::fs::rename(dir.join("report.html"), dir.join(".report.html.tmp")).unwrap();
    let s = status(&dir);
    assert!(s.contains("finished") && s.contains("report.html is missing"), "{s}");
    let o = arena(&["run", "--quiet", "--resume", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(dir.join("report.html").is_file());
    assert!(!status(&dir).contains("missing"));
    // The same for a sweep and a ladder.
    let sw = tmp.path().join("sweep");
    let o = arena(&[
        "sweep",
        "--quiet",
        "--game",
        "pig",
        "--vary",
        "target=50,60",
        "--matches",
        "200",
        "--out",
        sw.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    std::fs::remove_file(sw.join("report.html")).unwrap();
    assert!(status(&sw).contains("report.html is missing"), "{}", status(&sw));
    let o = arena(&["sweep", "--quiet", "--resume", sw.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(sw.join("report.html").is_file());
    let lad = tmp.path().join("ladder");
    let o = arena(&[
        "ladder",
        "--quiet",
        "--game",
        "pig",
        "--bots",
        "random,greedy",
        "--max-matches",
        "200",
        "--out",
        lad.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    std::fs::remove_file(lad.join("report.html")).unwrap();
    assert!(status(&lad).contains("report.html is missing"), "{}", status(&lad));
    let o = arena(&["ladder", "--quiet", "--resume", lad.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(lad.join("report.html").is_file());
}

#[test]
fn status_says_a_time_limit_paused_the_job_not_a_signal() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = |name: &str| tmp.path().join(name).to_str().unwrap().to_string();
    let (run, sweep, tune) = (folder("run"), folder("sweep"), folder("tune"));
    let ladder = folder("ladder");
    let jobs: [(&str, Vec<&str>); 4] = [
        ("run", vec!["run", "--game", "pig", "--matches", "1000000", "--out", &run]),
        (
            "sweep",
            vec!["sweep", "--game", "pig", "--vary", "target=50,60", "--matches", "1000000"]
                .into_iter()
                .chain(["--out", &sweep])
                .collect(),
        ),
        (
            "tune",
            vec!["tune", "--game", "dardz", "--players", "3", "--bots", "random"]
                .into_iter()
                .chain(["--matches", "100000", "--confirm-matches", "3000", "--out", &tune])
                .collect(),
        ),
        (
            "ladder",
            vec!["ladder", "--game", "pig", "--bots", "random,greedy", "--max-matches"]
                .into_iter()
                .chain(["1000000", "--out", &ladder])
                .collect(),
        ),
    ];
    for (kind, args) in jobs {
        let args = [&args[..], &["--quiet", "--threads", "1", "--time-limit", "0"]].concat();
        let o = arena(&args);
        assert_eq!(o.status.code(), Some(4), "{kind} paused: {}", text(&o.stderr));
        let dir = Path::new(args[args.iter().position(|a| *a == "--out").unwrap() + 1]);
        let s = status(dir);
        // A tuning's status once said "paused by a stop signal" whatever paused it.
        assert!(s.contains("paused by its --time-limit"), "{kind}: {s}");
        assert!(!s.contains("stop signal"), "{kind}: {s}");
        assert!(s.contains(&format!("arena {kind} --resume")), "{kind}: {s}");
    }
}
