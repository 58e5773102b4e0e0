//! `--until-decided` through the binary: a run stops at the first look whose balance verdict
//! is decided, at the same match for any thread count, and its verdict names the
//! group-sequential design and the look; the default experiment uses it; what cannot work
//! with it is refused. Its error rates are checked by simulation in the library
//! (`stats::analysis::sequential_tests`).

use crate::common::{arena, assert_refused, assert_same_results, read, run_on_1_and_2_threads};

fn json(dir: &std::path::Path, file: &str) -> serde_json::Value {
    serde_json::from_str(&read(dir, file)).unwrap()
}

#[test]
fn a_decided_verdict_stops_the_run_at_the_same_match_on_any_thread_count() {
    // Tic-tac-toe's first seat wins far more than half the decisive matches of random play:
    // "unfair" is decided within a few looks of 200 matches, long before the cap.
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "--game",
        "tictactoe",
        "--seating",
        "fixed",
        "--until-decided",
        "--check-every",
        "200",
        "--matches",
        "20000",
        "--seed",
        "3",
    ];
    let [one, two] = run_on_1_and_2_threads(tmp.path(), "td", &args);
    assert_same_results(&one, &two);
    let manifest = json(&one, "manifest.json");
    let stopped = manifest["stopping"]["stopped_at_match"].as_u64().expect("stopped by the rule");
    assert!(stopped < 20_000 && stopped.is_multiple_of(200), "{stopped}");
    let reason = manifest["stopping"]["reason"].as_str().unwrap();
    let look = stopped / 200;
    assert!(
        reason.contains(&format!("decided at look {look} of 100: unfair by more than ±1 pp")),
        "{reason}"
    );
    // Its cap was its plan: no more matches afterwards.
    let o = arena(&["run", "--resume", one.to_str().unwrap(), "--matches", "40000"]);
    assert_refused(&o, &["--matches cannot grow for a run with --until-decided", "20000"]);
    let verdict = read(&one, "verdict.txt");
    assert!(verdict.starts_with("unfair by more than the ±1 pp margin"), "{verdict}");
    assert!(verdict.contains(&format!("group-sequential: look {look} of 100")), "{verdict}");
    assert!(verdict.contains("Pocock-type alpha spending (Lan & DeMets 1983)"), "{verdict}");
    // The page judges the answer again at the same look's levels, and says it first, in
    // plain words; the look is the method box's.
    let page = read(&one, "report.html");
    assert!(page.contains("<p class=\"answer\">Unfair: seat "), "the answer box");
    let method = &page[page.find("id=\"method\"").unwrap()..];
    assert!(method.contains(&format!("group-sequential: look {look} of 100")), "the method box");
}

#[test]
fn the_default_experiment_plays_until_decided_unless_told_otherwise() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, extra) in [("on", None), ("off", Some("--until-decided=off"))] {
        let out = tmp.path().join(name);
        let mut args = vec!["run", "--quiet", "--matches", "300", "--skill-matches", "0"];
        args.extend(extra);
        args.extend(["--out", out.to_str().unwrap()]);
        let o = arena(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let stopping = &json(&out, "plan.json")["request"]["stopping"];
        assert_eq!(stopping["until_decided"].as_bool(), extra.is_none().then_some(true), "{name}");
        // 300 matches are one look, at the cap: tic-tac-toe's first seat is decided there.
        let manifest = json(&out.join("tictactoe"), "manifest.json");
        let at = manifest["stopping"]["stopped_at_match"].as_u64();
        assert_eq!(at, extra.is_none().then_some(300), "{name}: {}", manifest["stopping"]);
        // Pig is not decided in 300 matches. Played until decided, even in one look, the run
        // cannot grow, and its advice says so; played in full, more matches extend it.
        let pig = read(&out.join("pig"), "verdict.txt");
        let (said, unsaid) = (" a new run of ", " more matches would tell ");
        let (said, unsaid) = if extra.is_none() { (said, unsaid) } else { (unsaid, said) };
        assert!(pig.contains(said) && !pig.contains(unsaid), "{name}: {pig}");
    }
}

#[test]
fn what_cannot_work_with_until_decided_is_refused() {
    // A thousand looks at most: 100,000 matches need at least 100 between looks.
    let o = arena(&[
        "run",
        "--game",
        "pig",
        "--until-decided",
        "--matches",
        "100000",
        "--check-every",
        "10",
    ]);
    assert_refused(&o, &["--until-decided", "--check-every must be at least 100", "got 10"]);
    let o = arena(&["run", "--game", "pride-prejudice", "--players", "1", "--until-decided"]);
    assert_refused(&o, &["--until-decided needs 2 or more players", "pride-prejudice"]);
    let o = arena(&["run", "--game", "pig", "--until-decided", "--shard", "0/2"]);
    assert_refused(&o, &["--shard", "--until-decided"]);
    let o = arena(&["run", "--game", "pig", "--until-decided=maybe"]);
    assert_eq!(o.status.code(), Some(2));
    let o = arena(&["sweep", "--game", "pig", "--vary", "target=50,60", "--until-decided"]);
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_run_that_reaches_its_cap_says_so_and_keeps_the_changed_rules() {
    // Two looks of 200 matches cannot decide a 4-seat DARDZ within ±1 pp: the cap is reached.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("capped");
    let o = arena(&[
        "run",
        "--game",
        "dardz",
        "--players",
        "4",
        "--set",
        "value_12=8",
        "--until-decided",
        "--check-every",
        "200",
        "--matches",
        "400",
        "--quiet",
        "--no-report",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let verdict = read(&out, "verdict.txt");
    let lines: Vec<&str> = verdict.lines().collect();
    assert!(lines[0].contains("group-sequential: look 2 of 2"), "{verdict}");
    // Its cap was its plan: the advice is a new run, planned as one, not more matches.
    assert!(lines[0].contains("; this run cannot grow: a new run of "), "{verdict}");
    assert!(lines[0].contains(" matches (--until-decided=off) would tell whether"), "{verdict}");
    assert!(!lines[0].contains("more matches would tell"), "{verdict}");
    assert!(lines[1].starts_with("stopping rule not met: the maximum of 400 matches"), "{verdict}");
    assert!(lines[1].contains("the balance verdict at look 2 of 2"), "{verdict}");
    assert_eq!(lines[2], "Rules changed from the defaults: value_12=8 (default 10).", "{verdict}");
}

#[test]
fn a_paused_run_resumes_to_the_same_stop_and_files() {
    // Trice at seed 1 decides "a real but small edge" at its eighth look of ten.
    let tmp = tempfile::tempdir().unwrap();
    let (whole, paused) = (tmp.path().join("whole"), tmp.path().join("paused"));
    let args = [
        "run",
        "--game",
        "trice",
        "--until-decided",
        "--matches",
        "100000",
        "--per-match",
        "--quiet",
        "--out",
    ];
    let o = arena(&[&args[..], &[whole.to_str().unwrap()]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = crate::common::output_within(
        std::process::Command::new(env!("CARGO_BIN_EXE_arena"))
            .args([&args[..], &[paused.to_str().unwrap()]].concat())
            .env("ARENA_FAILPOINT", "boundary:3:stop"),
    );
    assert_eq!(o.status.code(), Some(4), "{}", String::from_utf8_lossy(&o.stderr));
    let o = arena(&["run", "--quiet", "--resume", paused.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_same_results(&whole, &paused);
    let stopped = json(&whole, "manifest.json")["stopping"]["stopped_at_match"].as_u64();
    assert_eq!(stopped, Some(80_000));
}
