//! `arena sweep` and experiment files through the binary: common random numbers (a card
//! value leaves every chance event the same), paired intervals narrower than independent
//! ones, the same bytes for any thread count and shard split, a known effect recovered
//! (Pig's target, solved exactly), each variant's folder equal to `arena run --set`, and
//! bad input refused before anything is written.

use crate::common::stderr;

use crate::common;

use std::collections::HashMap;
use std::path::Path;

use common::{arena, read};

fn sweep(out: &Path, args: &[&str]) {
    let mut full = vec!["sweep", "--quiet", "--out", out.to_str().unwrap()];
    full.extend(args);
    let o = arena(&full);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
}

/// A 4-player DARDZ sweep into `out` varying `vary`, its stdout.
fn dardz_sweep(out: &Path, vary: &str, matches: &str, extra: &[&str]) -> String {
    let mut args = vec!["sweep", "--game", "dardz", "--players", "4", "--vary", vary];
    args.extend(["--matches", matches, "--out", out.to_str().unwrap()]);
    args.extend(extra);
    let o = arena(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    String::from_utf8(o.stdout).unwrap()
}

/// A CSV file as rows of header -> cell.
pub(crate) fn rows(text: &str) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    reader
        .records()
        .map(|r| header.iter().cloned().zip(r.unwrap().iter().map(String::from)).collect())
        .collect()
}

fn num(row: &HashMap<String, String>, key: &str) -> f64 {
    row[key].parse().unwrap_or_else(|_| panic!("{key}: `{}`", row[key]))
}

/// Per match of `arena trace --from DIR --matches 0..N --format json`: the draws of its
/// chance events in round 1 (up to and including the one that ends the round).
fn round1_draws(dir: &Path, n: u64) -> Vec<Vec<String>> {
    let range = format!("0..{n}");
    let o =
        arena(&["trace", "--from", dir.to_str().unwrap(), "--matches", &range, "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut matches: Vec<(Vec<String>, bool)> = Vec::new();
    for line in String::from_utf8(o.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        match v["event"].as_str() {
            Some("start") => matches.push((Vec::new(), false)),
            Some(_) => {
                let (draws, over) = matches.last_mut().unwrap();
                if *over {
                    continue;
                }
                if v["event"] == "chance" {
                    draws.push(v["draws"].to_string());
                }
                *over = v["events"].to_string().contains("\"round_over\"");
            }
            None => {}
        }
    }
    assert_eq!(matches.len() as u64, n);
    assert!(matches.iter().all(|(_, over)| *over), "every match ends its first round");
    matches.into_iter().map(|(d, _)| d).collect()
}

#[test]
#[allow(clippy::needless_range_loop)]
fn a_card_value_leaves_every_chance_event_the_same_where_the_rules_draw_the_same() {
    // Random bots choose among the same legal moves whatever the 12 is worth, and nothing in
    // DARDZ's first round depends on the scores, so each variant's match i sees the very same
    // deal, rolls and draws through round 1. (From round 2 the lowest score rolls first,
    // so card values can change who rolls and the streams part there.)
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s");
    sweep(
        &out,
        &["--game", "dardz", "--players", "4", "--vary", "value_12=4,16", "--matches", "40"],
    );
    let folders = ["v000_baseline", "v001_value_12-4", "v002_value_12-16"];
    let draws: Vec<_> = folders.iter().map(|f| round1_draws(&out.join(f), 40)).collect();
    let mut compared = 0;
    for m in 0..40 {
        for v in 1..3 {
            assert_eq!(draws[0][m], draws[v][m], "match {m}, {}", folders[v]);
            compared += draws[v][m].len();
        }
        assert!(draws[0][m].len() > 10, "match {m}: {} chance events", draws[0][m].len());
    }
    assert!(compared > 2000, "{compared}");
    // And the variants do play different games: the 12's points differ.
    let sweep_rows = rows(&read(&out, "sweep.csv"));
    assert_ne!(sweep_rows[1]["mean_card_points_12"], sweep_rows[2]["mean_card_points_12"]);
}

#[test]
fn paired_intervals_are_narrower_than_independent_ones_on_a_dardz_sweep() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s");
    sweep(
        &out,
        &["--game", "dardz", "--players", "4", "--vary", "value_12=6,14", "--matches", "4000"],
    );
    let diffs = rows(&read(&out, "sweep_diff.csv"));
    assert_eq!(diffs.len(), 2 * (4 + 1 + 78), "every variant but the baseline, every quantity");
    for r in diffs.iter().filter(|r| r["quantity"].starts_with("seat") || r["quantity"] == "turns")
    {
        let paired = num(r, "ci_high") - num(r, "ci_low");
        let independent = num(r, "independent_ci_high") - num(r, "independent_ci_low");
        assert!(paired < 0.8 * independent, "{r:?}");
        assert!(num(r, "variance_reduction") > 0.3, "{r:?}");
    }
    let sweep_rows = rows(&read(&out, "sweep.csv"));
    assert_eq!(sweep_rows.len(), 3);
    assert_eq!(sweep_rows[0]["value_12"], "10", "the baseline shows the printed value");
    let share = |r: &HashMap<String, String>| num(r, "points_share_12");
    assert!(share(&sweep_rows[1]) < share(&sweep_rows[0]));
    assert!(share(&sweep_rows[0]) < share(&sweep_rows[2]));
}

#[test]
fn sweep_files_are_the_same_bytes_on_1_and_2_threads_and_sharded_and_merged() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--game", "low-blow", "--vary", "counters_per_player=6,12", "--matches", "601"];
    let one = dir.path().join("one");
    let two = dir.path().join("two");
    sweep(&one, &[&args[..], &["--threads", "1"]].concat());
    sweep(&two, &[&args[..], &["--threads", "2"]].concat());
    let mut shards = Vec::new();
    for i in 0..3 {
        let d = dir.path().join(format!("shard{i}"));
        let shard = format!("{i}/3");
        sweep(&d, &[&args[..], &["--shard", &shard]].concat());
        shards.push(d);
    }
    let merged = dir.path().join("merged");
    let mut merge = vec!["merge", "--out", merged.to_str().unwrap()];
    // Any order of the shards.
    merge.extend(shards.iter().rev().map(|d| d.to_str().unwrap()));
    let o = arena(&merge);
    assert!(o.status.success(), "{}", stderr(&o));
    for file in ["sweep.csv", "sweep_diff.csv", "v001_counters_per_player-6/seats.csv"] {
        let whole = read(&one, file);
        assert_eq!(whole, read(&two, file), "{file}: 1 vs 2 threads");
        assert_eq!(whole, read(&merged, file), "{file}: whole vs merged shards");
    }
    assert!(read(&one, "sweep.csv").contains(",601,"));
}

#[test]
fn each_variant_folder_is_what_arena_run_with_its_setting_writes() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("s");
    sweep(&s, &["--game", "trice", "--vary", "rules_version=v0.2", "--matches", "300"]);
    let run = dir.path().join("run");
    let o = arena(&[
        "run",
        "--game",
        "trice",
        "--set",
        "rules_version=v0.2",
        "--matches",
        "300",
        "--quiet",
        "--out",
        run.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    for file in ["seats.csv", "balance.csv", "metrics.csv", "lengths.csv", "pairing.csv"] {
        assert_eq!(read(&s.join("v001_rules_version-v0.2"), file), read(&run, file), "{file}");
    }
}

/// Exact probability that the first player wins random-vs-random Pig to `target` with a
/// six-sided die (roll or stop with probability 1/2, stop forced at the target): value
/// iteration as in tests/it/known_answers.rs.
fn pig_exact(target: usize) -> f64 {
    let faces = 6;
    let idx = |i: usize, j: usize, t: usize| (i * target + j) * target + t;
    let mut w = vec![0.5f64; target * target * target];
    loop {
        let mut change = 0.0f64;
        for i in 0..target {
            for j in 0..target {
                for t in (0..target - i).rev() {
                    let opp_after_stop = if i + t >= target { 0.0 } else { w[idx(j, i + t, 0)] };
                    let mut roll = (1.0 - w[idx(j, i, 0)]) / faces as f64;
                    for d in 2..=faces {
                        roll += if i + t + d >= target { 1.0 } else { w[idx(i, j, t + d)] }
                            / faces as f64;
                    }
                    let v = 0.5 * (1.0 - opp_after_stop) + 0.5 * roll;
                    change = change.max((v - w[idx(i, j, t)]).abs());
                    w[idx(i, j, t)] = v;
                }
            }
        }
        if change < 1e-14 {
            return w[idx(0, 0, 0)];
        }
    }
}

#[test]
fn a_sweep_of_pigs_target_recovers_the_exact_effect_inside_its_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s");
    sweep(
        &out,
        &[
            "--game",
            "pig",
            "--seating",
            "fixed",
            "--vary",
            "target=5,10,40",
            "--baseline",
            "target=40",
            "--matches",
            "60000",
        ],
    );
    let base = pig_exact(40);
    // The CSV's intervals are 95%; widened to 99.9% here so the check is not a coin flip.
    let widen = 3.290527 / 1.959964;
    for r in rows(&read(&out, "sweep_diff.csv")).iter().filter(|r| r["quantity"] == "seat0_win") {
        let target: usize = r["variant"].trim_start_matches("target=").parse().unwrap();
        let exact = pig_exact(target) - base;
        let (d, lo, hi) = (num(r, "difference"), num(r, "ci_low"), num(r, "ci_high"));
        let (lo, hi) = (d - (d - lo) * widen, d + (hi - d) * widen);
        assert!(lo <= exact && exact <= hi, "target {target}: exact {exact} outside [{lo}, {hi}]");
        assert!(exact.abs() > hi - lo, "target {target}: the effect is a real one");
        eprintln!("pig target {target}: paired {d:.5} [{lo:.5}, {hi:.5}], exact {exact:.5}");
    }
}

#[test]
fn bad_sweeps_are_refused_in_one_line_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("never");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--game", "dardz", "--vary", "value_13=4"],
            "`value_13` is not a rule parameter of dardz",
        ),
        (
            &["--game", "dardz", "--vary", "value_12=999"],
            "`value_12` = 999 is out of range: allowed -100 to 100",
        ),
        (&["--game", "dardz", "--vary", "value_11=12..2"], "range `12..2` is empty"),
        (
            &["--game", "dardz", "--vary", "value_1=1..40", "--vary", "value_2=1..40"],
            "1600 variants, more than --max-variants 1000",
        ),
        (
            &["--game", "pig", "--vary", "target=1..20", "--max-variants", "10"],
            "20 variants, more than --max-variants 10",
        ),
        (
            &["--game", "dardz", "--vary", "cards_per_round=2..12"],
            "lucky_loser_max_cards = 3 must be below cards_per_round = 2",
        ),
        (
            &["--game", "pig", "--vary", "target=10", "--baseline", "target=11"],
            "--baseline target=11: no variant",
        ),
        (&["--game", "pig"], "nothing to vary"),
        (&["--vary", "target=10"], "a sweep needs --game"),
    ];
    for (args, expect) in cases {
        let mut full = vec!["sweep", "--matches", "10", "--out", out.to_str().unwrap()];
        full.extend(*args);
        let o = arena(&full);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: not one line: {err}");
        assert!(err.contains(expect), "{args:?}: `{expect}` not in: {err}");
        assert!(!out.exists(), "{args:?} wrote {}", out.display());
    }
}

#[test]
fn experiment_files_run_with_flags_overriding_their_keys() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.toml");
    std::fs::write(
        &file,
        "game = \"pig\"\nseed = 9\nmatches = 700\nseating = \"fixed\"\n[set]\ntarget = 30\n",
    )
    .unwrap();
    let out = dir.path().join("run");
    let o = arena(&[
        "run",
        "--experiment",
        file.to_str().unwrap(),
        "--matches",
        "500",
        "--set",
        "die_faces=4",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let plan: serde_json::Value = serde_json::from_str(&read(&out, "plan.json")).unwrap();
    let request = &plan["request"];
    assert_eq!(request["matches"], 500, "the flag overrides the key");
    assert_eq!(request["seed"], 9);
    assert_eq!(request["seating"], "fixed");
    assert_eq!(request["sets"], serde_json::json!(["target=30", "die_faces=4"]));
    // The recorded request reruns it: --resume of a complete folder finds nothing to do.
    let o = arena(&["run", "--resume", out.to_str().unwrap(), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));

    // A file that varies something is a sweep, through `arena run` too.
    let sweep_file = dir.path().join("s.toml");
    std::fs::write(
        &sweep_file,
        "game = \"pig\"\nmatches = 200\n[[variant]]\ntarget = 20\n[[variant]]\ntarget = 50\n",
    )
    .unwrap();
    let s = dir.path().join("sweep");
    let o = arena(&[
        "run",
        "--experiment",
        sweep_file.to_str().unwrap(),
        "--quiet",
        "--out",
        s.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let recorded: serde_json::Value = serde_json::from_str(&read(&s, "sweep.json")).unwrap();
    assert_eq!(recorded["variants"], serde_json::json!([["target=20"], ["target=50"]]));
    assert_eq!(rows(&read(&s, "sweep.csv")).len(), 3, "two variants and the baseline");
    // A sweep has no stopping rule: every stopping flag is refused by name, not ignored.
    let o = arena(&["run", "--experiment", sweep_file.to_str().unwrap(), "--check-every", "50"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a sweep takes no --check-every"), "{}", stderr(&o));
    // So is one in the file: it would have been recorded in sweep.json and done nothing.
    let stopping_file = dir.path().join("stop.toml");
    let text = std::fs::read_to_string(&sweep_file).unwrap();
    std::fs::write(&stopping_file, format!("check_every = 500\n{text}")).unwrap();
    let o = arena(&["sweep", "--experiment", stopping_file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--check-every (a stopping setting) is for arena run"),
        "{}",
        stderr(&o)
    );

    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "gmae = \"pig\"\n").unwrap();
    let o = arena(&[
        "run",
        "--experiment",
        bad.to_str().unwrap(),
        "--out",
        dir.path().join("x").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown field `gmae`"), "{}", stderr(&o));
    assert!(!dir.path().join("x").exists());
}

#[test]
fn a_sweep_row_names_its_baseline_by_value_and_answers_in_the_verdict_words() {
    // Not "baseline ...; baseline" but value_12=10, and each variant's
    // seat balance in the verdict's own words against the margin.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sw");
    let text = dardz_sweep(&out, "value_12=8,10", "400", &["--no-report"]);
    assert!(text.contains("4 players, bots random:"), "{text}");
    assert!(text.contains("value_12=10 (baseline)"), "{text}");
    assert!(text.contains("seat 0 vs baseline"), "{text}");
    assert!(!text.contains("; baseline"), "{text}");
    let words = [
        "fair within ±1 pp",
        "small edge, within ±1 pp",
        "unfair, beyond ±1 pp",
        "edge, not yet placed",
        "not enough matches",
    ];
    // The table's rows: a variant, then its seat 0 share.
    let rows: Vec<&str> =
        text.lines().filter(|l| l.starts_with("    value_12=") && l.contains("%  ")).collect();
    assert_eq!(rows.len(), 2, "{text}");
    for row in &rows {
        assert!(words.iter().any(|w| row.contains(w)), "{row}");
    }
    // An open answer says how many more matches would tell it, the count of the
    // variant's own verdict.txt.
    let open: Vec<&str> =
        rows.iter().filter(|r| r.contains("not enough matches")).copied().collect();
    assert!(!open.is_empty(), "400 matches decide nothing: {text}");
    let flat = crate::common::unwrapped(&text);
    let line = flat
        .lines()
        .find(|l| l.starts_with("  more matches that would tell each open answer"))
        .unwrap_or_else(|| panic!("{text}"));
    let verdict = std::fs::read_to_string(out.join("v000_value_12-8").join("verdict.txt")).unwrap();
    let (_, after) = verdict.split_once("; about ").expect("the variant's advice");
    let count = after.split(' ').next().unwrap();
    assert!(line.contains(&format!("value_12=8 about {count}")), "{line} / {verdict}");
}

/// A rule that changes which counters a game keeps (LOW BLOW's `rounds` adds per-round
/// counters) makes variants a sweep cannot pair: refused in one line before anything is
/// written (it aborted mid-sweep with no message, exit 134).
#[test]
fn variants_that_keep_other_counters_are_refused_in_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("s");
    let o = crate::common::arena(&[
        "sweep",
        "--game",
        "low-blow",
        "--vary",
        "rounds=3,4",
        "--matches",
        "30",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", crate::common::stderr(&o));
    let err = crate::common::stderr(&o);
    assert!(err.contains("keeps other counters"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!out.exists(), "nothing written");
}

/// The question a sweep answers (which value is fairest?) is answered first: the conclusion
/// across the variants leads stdout, is `verdict.txt` and heads the sweep page; a numeric
/// rule gets its trend; `sweep.csv`'s largest deviation carries its interval.
#[test]
fn a_sweep_concludes_across_its_variants_first_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sw");
    let text = dardz_sweep(&out, "value_12=4,8,12", "4000", &["--explain"]);
    let text = crate::common::unwrapped(&text);
    let lines: Vec<&str> = text.lines().collect();
    // Fairness first, asked of fairness: each variant's largest seat deviation against the
    // baseline's on the same deals; then which seats' shares changed. The first line names
    // the sweep and answers; --explain says how each line was decided.
    let first = lines[0].split_once("bots random: ").expect(&text).1;
    assert!(
        first.starts_with("No variant is shown fairer or less fair than value_12=10 (baseline)")
            || first.starts_with("Fairer than value_12=10 (baseline)")
            || first.starts_with("Less fair than value_12=10 (baseline)"),
        "{text}"
    );
    let how = lines.iter().position(|l| l.trim() == "how this was decided:").expect(&text);
    let explained: Vec<&str> = lines[how + 1..].iter().map(|l| l.trim_start()).collect();
    assert!(
        explained[0].contains("95% simultaneous over 3 variants; n = 4000 paired matches"),
        "{text}"
    );
    assert!(
        explained[1].contains("Holm over 3 variants × 4 seats; n = 4000 paired matches"),
        "{text}"
    );
    // A higher 12 shortens a DARDZ game (the card scores more, so the target comes sooner).
    assert!(
        lines.iter().any(|l| l.contains("Each unit more of value_12 shortens a game by")),
        "{text}"
    );
    let verdict = read(&out, "verdict.txt");
    let printed: Vec<&str> = explained[..verdict.lines().count()].to_vec();
    assert_eq!(
        verdict.lines().collect::<Vec<_>>(),
        printed,
        "verdict.txt is what stdout concludes"
    );
    // The page opens with the question and each variant's answer in plain words (a reader
    // looks for the answer first); the conclusion, in the words of its tests, follows the
    // seat chart.
    let page = read(&out, "report.html");
    let (answer, seats, conclusion) = (
        page.find("id=\"answer\"").unwrap(),
        page.find("Seat win shares").unwrap(),
        page.find("Conclusion</h2>").unwrap(),
    );
    assert!(answer < seats && seats < conclusion, "the answer heads the page");
    assert!(page[answer..].starts_with("id=\"answer\"><p class=\"question\">Which value of “points of a 12 card” keeps dardz with 4 players fair to every seat, with random bots?</p>"));
    for r in rows(&read(&out, "sweep.csv")) {
        let (lo, pp, hi) = (
            num(&r, "max_seat_deviation_ci_low"),
            num(&r, "max_seat_deviation_pp"),
            num(&r, "max_seat_deviation_ci_high"),
        );
        assert!(0.0 <= lo && lo <= pp && pp <= hi, "{r:?}");
    }
}
