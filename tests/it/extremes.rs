//! Extremes and edge cases: sweep shards say they are shards; an unmet `--until-ci` target
//! is said; a file is no back door for values the flags refuse; extreme numbers are refused
//! or honoured, never an abort or a silent empty run; messages name the right flag, key
//! and line.

use crate::common::{assert_refused, stderr, stdout};

use crate::common;
use common::{arena, read};

#[test]
fn a_sweep_shard_says_it_is_a_shard_on_stdout_in_status_and_report() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("s0");
    let o = arena(&[
        "sweep",
        "--game",
        "pig",
        "--vary",
        "target=50,60",
        "--matches",
        "200",
        "--shard",
        "0/2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("shard 0/2") && stdout(&o).contains("arena merge"),
        "{}",
        stdout(&o)
    );
    let s = stdout(&arena(&["status", dir.to_str().unwrap()]));
    assert!(s.contains("shard 0/2 of a sweep") && s.contains("arena merge"), "{s}");
    let page = read(&dir, "report.html");
    assert!(page.contains("Shard 0/2 of a sweep"), "the report says so");
}

#[test]
fn an_unmet_until_ci_target_is_said_on_stdout_in_verdict_and_report() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("ci");
    let o = arena(&[
        "run",
        "--game",
        "pig",
        "--until-ci",
        "0.001",
        "--matches",
        "2000",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = "stopping rule not met: the maximum of 2000 matches was reached first";
    let short = "2,000 matches, the cap, reached before the stopping rule was met";
    assert!(stdout(&o).contains(short), "{}", stdout(&o));
    assert!(read(&dir, "verdict.txt").contains(said));
    assert!(read(&dir, "report.html").contains(said));
}

#[test]
fn matches_0_in_an_experiment_file_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("e.toml");
    std::fs::write(&file, "game = \"pig\"\nmatches = 0\n").unwrap();
    let out = tmp.path().join("out");
    let o = arena(&["run", "--experiment", file.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_refused(&o, &["e.toml", "`matches`", "at least 1"]);
    assert!(!out.exists(), "nothing written");
}

#[test]
fn a_huge_check_every_is_refused_not_an_abort() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o = arena(&[
        "run",
        "--game",
        "pig",
        "--until-ci",
        "0.5",
        "--check-every",
        "18446744073709551615",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_refused(&o, &["--check-every must be from 1 to"]);
}

#[test]
fn a_shard_of_u64_max_matches_plays_its_own_half() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o = arena(&[
        "run",
        "--quiet",
        "--game",
        "pig",
        "--matches",
        "18446744073709551615",
        "--shard",
        "1/2",
        "--time-limit",
        "0",
        "--threads",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    // It starts playing its half (and pauses at once), rather than finishing with 0 matches.
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    let s = stdout(&arena(&["status", out.to_str().unwrap()]));
    assert!(s.contains("of 9223372036854775807 matches") && s.contains("paused"), "{s}");
}

#[test]
fn a_vary_range_at_the_top_of_i64_is_refused_without_overflowing() {
    let o = arena(&[
        "sweep",
        "--game",
        "pig",
        "--vary",
        "target=9223372036854775806..9223372036854775807:5",
        "--matches",
        "10",
        "--out",
        "/nonexistent/never",
    ]);
    assert_refused(&o, &["target"]);
}

#[test]
fn tune_names_the_flag_it_refuses() {
    let o = arena(&["tune", "--step-matches", "0", "--out", "/nonexistent/never"]);
    assert_refused(&o, &["--step-matches must be"]);
    let o = arena(&["tune", "--confirm-matches", "0", "--out", "/nonexistent/never"]);
    assert_refused(&o, &["--confirm-matches must be"]);
}

#[test]
fn a_vary_value_with_dots_is_a_value_not_a_range() {
    let o = arena(&[
        "sweep",
        "--game",
        "love-actually",
        "--vary",
        "cards=deep/a/../evil.toml",
        "--matches",
        "10",
        "--out",
        "/nonexistent/never",
    ]);
    // Read as a card file path, as a variants file reads it: the file is what is missing.
    assert_refused(&o, &["deep/a/../evil.toml", "cannot read"]);
    assert!(!stderr(&o).contains("must be whole numbers A..B"), "{}", stderr(&o));
}

#[test]
fn a_duplicate_key_in_an_experiment_file_names_the_key_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("e.toml");
    std::fs::write(&file, "game = \"pig\"\nmatches = 5\nmatches = 6\n").unwrap();
    let o = arena(&["run", "--experiment", file.to_str().unwrap(), "--out", "/nonexistent/x"]);
    assert_refused(&o, &["e.toml", "line 3", "matches", "duplicate key"]);
}

#[test]
fn vary_values_050_and_plus_50_play_alike_and_a_reversed_sprt_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("zero"), tmp.path().join("plus"));
    for (dir, value) in [(&a, "target=050"), (&b, "target=+50")] {
        let o = arena(&[
            "sweep",
            "--quiet",
            "--game",
            "pig",
            "--vary",
            value,
            "--matches",
            "50",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{value}: {}", stderr(&o));
    }
    // Both play target 50: the same seats.csv as each other.
    let (x, y) = (a.join("v001_target-050/seats.csv"), b.join("v001_target-x50/seats.csv"));
    assert_eq!(std::fs::read(&x).unwrap(), std::fs::read(&y).unwrap());
    let o = arena(&["run", "--game", "pig", "--sprt", "0.52,0.5", "--out", "/nonexistent/x"]);
    assert_refused(&o, &["--sprt", "P0 < P1"]);
}

#[test]
fn a_repeat_among_ten_thousand_variants_is_found_and_named() {
    // 10,000 distinct variants and one repeat at the end: the repeat is found and named. (The
    // check is one map of each variant's values, linear; the pairwise check it replaced took
    // about 25 s here. How long this takes is a speed, shown by the per-test times of
    // scripts/measure-tests.sh, not a verdict: no duration is asserted.)
    let o = arena(&[
        "sweep",
        "--game",
        "pig",
        "--vary",
        "target=1..10000,10000",
        "--max-variants",
        "20000",
        "--matches",
        "1",
        "--out",
        "/nonexistent/never",
    ]);
    assert_refused(&o, &["target=10000 and target=10000 have the same rules"]);
}

#[test]
fn a_pilot_or_a_bench_that_could_not_end_is_refused_not_started() {
    // A pilot is one block with no checkpoint: 2^32 matches would run for hours unstoppably.
    let o = arena(&["plan", "--game", "pig", "--ci", "0.05", "--pilot", "4294967296"]);
    assert_refused(&o, &["--pilot must be between 10 and 10000000", "4294967296"]);
    // bench started one thread per --threads (2^32 of them) before measuring anything.
    let o = arena(&["bench", "--game", "pig", "--seconds", "0.05", "--threads", "4294967296"]);
    assert_refused(&o, &["--threads must be between 1 and", "4294967296"]);
}
