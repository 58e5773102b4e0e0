//! JSON traces checked the way an auditing script would read them: from the structured fields
//! alone (docs/trace-format.md). Per game and player count, a range of matches is traced in
//! one process (`--matches A..B`), and for every match the points of each seat's events sum
//! to the end record's score, the structured state rebuilt from `state_changes` equals the
//! end record's, every decision names its choice among the legal actions, and every chance
//! event carries its raw draws. Then `--from DIR` replays a result folder's matches exactly.

use crate::common;
use common::{arena, assert_refused, read};

use serde_json::Value;

/// `arena trace ARGS --format json`, one parsed record per line.
fn trace_json(args: &[&str]) -> Vec<Value> {
    let mut full = vec!["trace"];
    full.extend(args);
    full.extend(["--format", "json"]);
    let o = arena(&full);
    assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Records split into matches (start .. end).
fn matches(records: &[Value]) -> Vec<&[Value]> {
    let mut out = Vec::new();
    let mut from = 0;
    for (i, r) in records.iter().enumerate() {
        if r["event"] == "end" {
            assert_eq!(records[from]["event"], "start");
            out.push(&records[from..=i]);
            from = i + 1;
        }
    }
    assert_eq!(from, records.len(), "records after the last end");
    out
}

/// Every check on one match's records; returns how many events carried points.
fn check_match(records: &[Value], players: usize) -> usize {
    let start = &records[0];
    let end = records.last().unwrap();
    assert_eq!(start["format"], 2);
    assert_eq!(start["players"], players);
    assert_eq!(end["match"], start["match"]);
    let mut sums = vec![0i64; players];
    let mut scored = 0;
    let mut state = start["state_data"].clone();
    assert!(state.is_object(), "structured state on the start record");
    let (mut decisions, mut chances) = (0u64, 0u64);
    for r in records {
        for e in r["events"].as_array().into_iter().flatten() {
            let kind = e["kind"].as_str().expect("every event has a kind");
            assert_ne!(kind, "score_unexplained", "{e}");
            if let Some(p) = e["points"].as_i64() {
                let seat = e["seat"].as_u64().expect("a score change names its seat") as usize;
                sums[seat] += p;
                scored += 1;
            }
        }
        match r["event"].as_str().unwrap() {
            "decision" => {
                let legal = r["legal"].as_array().unwrap();
                // A move the rules made without asking (the only legal one) is a step of its
                // own, with its mover and its one option; the end record counts only the
                // asked ones.
                if r["forced"] == true {
                    assert_eq!((legal.len(), r["chosen"].as_u64()), (1, Some(0)), "{r}");
                } else {
                    decisions += 1;
                }
                let chosen = r["chosen"].as_u64().unwrap() as usize;
                assert_eq!(legal[chosen]["code"], r["action_code"]);
                assert_eq!(legal[chosen]["text"], r["action"]);
            }
            "chance" => {
                chances += 1;
                assert!(r["draws"].is_array());
            }
            _ => {}
        }
        if let Some(changes) = r["state_changes"].as_object() {
            for (k, v) in changes {
                state[k] = v.clone();
            }
        }
    }
    let scores: Vec<i64> =
        end["scores"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    assert_eq!(sums, scores, "points of the events vs the end record, match {}", start["match"]);
    assert_eq!(state, end["state_data"], "state rebuilt from the changes");
    assert_eq!(end["state_data"]["scores"], end["scores"]);
    assert_eq!(end["decisions"], decisions);
    assert_eq!(end["chance_events"], chances);
    let ranks = end["ranks"].as_array().unwrap();
    let winners: Vec<usize> =
        (0..players).filter(|&s| players > 1 && end["capped"] == false && ranks[s] == 0).collect();
    assert_eq!(end["winners"], serde_json::json!(winners));
    assert!(end["reason"].as_str().is_some_and(|r| !r.is_empty()));
    scored
}

/// Trace `range` of a plan and check every match; returns the number of matches.
fn check_game(args: &[&str], players: usize, range: &str) -> usize {
    let mut full = args.to_vec();
    full.extend(["--matches", range]);
    let records = trace_json(&full);
    let ms = matches(&records);
    let scored: usize = ms.iter().map(|m| check_match(m, players)).sum();
    assert!(scored > 0, "{args:?}: no score events at all");
    ms.len()
}

/// Every registered game, at its usual player count (the tests below add each game's rule
/// variants): a new game is checked here as soon as it is registered.
#[test]
fn every_registered_games_trace_replays_from_structured_fields() {
    for (game, players) in crate::common::every_game(&[]) {
        let args = ["--game", game, "--players", &players, "--seed", "12"];
        assert_eq!(check_game(&args, players.parse().unwrap(), "0..3"), 3, "{game}");
    }
}

#[test]
fn tictactoe_trace_replays_from_structured_fields() {
    assert_eq!(check_game(&["--game", "tictactoe", "--seed", "3"], 2, "0..30"), 30);
}

#[test]
fn pig_trace_replays_from_structured_fields() {
    assert_eq!(
        check_game(&["--game", "pig", "--seed", "4", "--bots", "greedy,random"], 2, "10..20"),
        10
    );
    // A turn cap that stops matches: banked points still sum to the (capped) scores.
    assert_eq!(check_game(&["--game", "pig", "--set", "turn_cap=6"], 2, "0..6"), 6);
}

#[test]
fn trice_trace_replays_from_structured_fields() {
    assert_eq!(check_game(&["--game", "trice", "--seed", "5"], 2, "0..20"), 20);
    assert_eq!(check_game(&["--game", "trice", "--set", "rules_version=v0.2"], 2, "0..6"), 6);
}

#[test]
fn low_blow_trace_replays_from_structured_fields() {
    // LB-1: counters count for the score, triangular by default and linear as a variant.
    assert_eq!(check_game(&["--game", "low-blow", "--players", "3", "--seed", "6"], 3, "0..6"), 6);
    let linear = ["--game", "low-blow", "--players", "4", "--set", "counter_scoring=linear"];
    assert_eq!(check_game(&linear, 4, "0..4"), 4);
    let start = ["--game", "low-blow", "--players", "4", "--set", "starting_pot=7"];
    assert_eq!(check_game(&start, 4, "4..6"), 2);
}

#[test]
fn pride_prejudice_trace_replays_from_structured_fields() {
    // PP-21, PP-22: every score part's change is a points event; solo, 2, 4 and the 6+ flow.
    assert_eq!(check_game(&["--game", "pride-prejudice", "--players", "1"], 1, "0..3"), 3);
    assert_eq!(
        check_game(&["--game", "pride-prejudice", "--players", "2", "--seed", "3"], 2, "0..4"),
        4
    );
    assert_eq!(check_game(&["--game", "pride-prejudice", "--players", "6"], 6, "0..2"), 2);
}

#[test]
fn dardz_trace_replays_from_structured_fields() {
    assert_eq!(check_game(&["--game", "dardz", "--players", "2", "--seed", "7"], 2, "0..4"), 4);
    assert_eq!(check_game(&["--game", "dardz", "--players", "4"], 4, "0..4"), 4);
    // DZ-15: negative piles meet the floor at 0; DZ-9: a final tie by roll-off.
    let harsh = [
        "--game",
        "dardz",
        "--players",
        "8",
        "--set",
        "value_skull=-40",
        "--set",
        "value_1=-9",
        "--set",
        "final_tie=roll_off",
        "--set",
        "target_score=60",
    ];
    assert_eq!(check_game(&harsh, 8, "0..3"), 3);
    let records = trace_json(&["--game", "dardz", "--players", "3", "--matches", "0..3"]);
    let kinds: std::collections::BTreeSet<&str> = records
        .iter()
        .flat_map(|r| r["events"].as_array().into_iter().flatten())
        .filter_map(|e| e["kind"].as_str())
        .collect();
    for kind in ["round_won", "pile_scored", "to_pile", "draw", "roll", "turn", "auto_pick"] {
        assert!(kinds.contains(kind), "no {kind} event in 3 matches: {kinds:?}");
    }
}

#[test]
fn love_actually_trace_replays_from_structured_fields() {
    // Set points, bonus tiles and ability points (Harry, Aurelia) all carry seat and points.
    let two = ["--game", "love-actually", "--players", "2", "--seed", "9"];
    assert_eq!(check_game(&two, 2, "0..4"), 4);
    let five = [
        "--game",
        "love-actually",
        "--players",
        "5",
        "--bots",
        "greedy:samples=2,random,random,random,random",
    ];
    assert_eq!(check_game(&five, 5, "0..2"), 2);
}

#[test]
fn full_states_put_the_whole_state_on_every_step() {
    let records = trace_json(&["--game", "pig", "--match", "2", "--full-states"]);
    assert!(records[1..records.len() - 1].iter().all(|r| r["state_data"]["scores"].is_array()));
    assert!(records.iter().all(|r| r.get("state_changes").is_none()));
}

#[test]
fn a_range_traces_each_match_as_its_own_trace_would() {
    let range = trace_json(&["--game", "low-blow", "--seed", "8", "--matches", "3..6"]);
    let ms = matches(&range);
    assert_eq!(ms.len(), 3);
    for (k, m) in ms.iter().enumerate() {
        let index = (3 + k).to_string();
        let one = trace_json(&["--game", "low-blow", "--seed", "8", "--match", &index]);
        assert_eq!(m.to_vec(), one, "match {index}");
    }
}

/// A run folder of 3-player DARDZ with a non-default rule and mixed bots.
fn dardz_run(dir: &std::path::Path) -> std::path::PathBuf {
    let out = dir.join("run");
    let o = arena(&[
        "run",
        "--game",
        "dardz",
        "--players",
        "3",
        "--bots",
        "greedy:samples=2,random,random",
        "--set",
        "value_12=8",
        "--seed",
        "9",
        "--seating",
        "permute",
        "--matches",
        "12",
        "--per-match",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

#[test]
fn from_a_result_folder_replays_its_matches_exactly() {
    let tmp = tempfile::tempdir().unwrap();
    let out = dardz_run(tmp.path());
    let dir = out.to_str().unwrap();
    let records = trace_json(&["--from", dir, "--matches", "0..12"]);
    let ms = matches(&records);
    assert_eq!(ms.len(), 12);
    let csv = read(&out, "matches.csv");
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    for (m, line) in ms.iter().zip(csv.lines().skip(1)) {
        let row: Vec<&str> = line.split(',').collect();
        let end = m.last().unwrap();
        assert_eq!(end["match"].to_string(), row[col("index")]);
        for seat in 0..3 {
            assert_eq!(end["scores"][seat].to_string(), row[col(&format!("score_{seat}"))]);
        }
        assert_eq!(end["decisions"].to_string(), row[col("decisions")]);
        assert_eq!(end["chance_events"].to_string(), row[col("chance_events")]);
        assert_eq!(m[0]["seating"].as_str().unwrap(), row[col("seating")]);
        assert_eq!(m[0]["rules"]["value_12"], "8");
        check_match(m, 3);
    }
    // Flags that agree with the manifest are accepted and change nothing.
    let agreeing = trace_json(&[
        "--from",
        dir,
        "--matches",
        "0..12",
        "--game",
        "dardz",
        "--seed",
        "9",
        "--players",
        "3",
        "--seating",
        "permute",
        "--bots",
        "greedy:samples=2,random,random",
        "--set",
        "value_12=8",
    ]);
    assert_eq!(agreeing, records);
}

#[test]
fn from_refuses_conflicts_and_folders_without_a_manifest() {
    let tmp = tempfile::tempdir().unwrap();
    let out = dardz_run(tmp.path());
    let dir = out.to_str().unwrap();
    let refused = |args: &[&str], expect: &[&str]| {
        let mut full = vec!["trace"];
        full.extend(args);
        let o = arena(&full);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: not one line: {err}");
        assert!(o.stdout.is_empty(), "{args:?} printed a trace");
        for e in expect {
            assert!(err.contains(e), "{args:?}: `{e}` not in: {err}");
        }
    };
    refused(
        &["--from", dir, "--match", "1", "--seed", "10"],
        &["--seed 10", "manifest.json", "seed 9"],
    );
    refused(&["--from", dir, "--match", "1", "--game", "pig"], &["--game pig", "dardz"]);
    refused(&["--from", dir, "--match", "1", "--players", "4"], &["--players 4"]);
    refused(&["--from", dir, "--match", "1", "--seating", "rotate"], &["--seating"]);
    refused(&["--from", dir, "--match", "1", "--bots", "random"], &["--bots random"]);
    refused(
        &["--from", dir, "--match", "1", "--set", "value_12=9"],
        &["value_12=9", "value_12 = 8"],
    );
    refused(&["--from", dir, "--match", "1", "--rules", "x.toml"], &["--rules", "--from"]);
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let manifest = empty.join("manifest.json");
    refused(&["--from", empty.to_str().unwrap(), "--match", "0"], &[manifest.to_str().unwrap()]);
    std::fs::write(&manifest, "{not json").unwrap();
    refused(&["--from", empty.to_str().unwrap(), "--match", "0"], &["not a run manifest"]);
    refused(&["--from", dir], &["--match INDEX or --matches A..B"]);
    refused(&["--from", dir, "--matches", "5..5"], &["half-open"]);
    refused(&["--from", dir, "--matches", "0..2", "--match", "1"], &["--match"]);
    refused(&["--game", "pig", "--matches", "3"], &["half-open"]);
    refused(&["--matches", "0..3"], &["--game or --from"]);
}

#[test]
fn from_a_merged_folder_replays_the_whole_plan() {
    let tmp = tempfile::tempdir().unwrap();
    let common = ["--game", "low-blow", "--players", "4", "--seed", "11", "--matches", "8"];
    let mut shards = Vec::new();
    for shard in ["0/2", "1/2"] {
        let out = tmp.path().join(shard.replace('/', "-"));
        let mut args = vec!["run"];
        args.extend(common);
        args.extend(["--shard", shard, "--quiet", "--out", out.to_str().unwrap()]);
        let o = arena(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        shards.push(out);
    }
    let merged = tmp.path().join("merged");
    let o = arena(&[
        "merge",
        "--out",
        merged.to_str().unwrap(),
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let from = trace_json(&["--from", merged.to_str().unwrap(), "--matches", "5..7"]);
    let direct =
        trace_json(&["--game", "low-blow", "--players", "4", "--seed", "11", "--matches", "5..7"]);
    assert_eq!(from, direct);
}

#[test]
fn pig_text_trace_numbers_turns_as_its_turn_events_do() {
    // `= turn seat=1 turn=2` is followed by the state line `| turn 2` (it once said `turn 1`).
    let o = arena(&["trace", "--game", "pig", "--seed", "7", "--match", "42"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut checked = 0;
    for pair in lines.windows(2) {
        if let Some(n) =
            pair[0].trim().strip_prefix("= turn seat=").and_then(|r| r.split("turn=").nth(1))
        {
            assert!(
                pair[1].trim_end().ends_with(&format!("| turn {n}")),
                "{}\n{}",
                pair[0],
                pair[1]
            );
            checked += 1;
        }
    }
    assert!(checked > 2, "{text}");
    // The first state is turn 1.
    assert!(lines[1].trim_end().ends_with("| turn 1"), "{}", lines[1]);
}

/// `trace --from` given a sweep's folder names its variants' folders, and a
/// match the folder's run did not play (outside its plan, or its shard) is refused, saying
/// which matches the folder holds.
#[test]
fn trace_from_names_a_variant_folder_and_the_matches_a_folder_holds() {
    let tmp = tempfile::tempdir().unwrap();
    let sweep_args = ["--game", "pig", "--vary", "target=50,60", "--matches", "20"];
    let sweep = common::finished(tmp.path(), "sweep", "sweep", &sweep_args);
    let o = arena(&["trace", "--from", sweep.to_str().unwrap(), "--match", "3"]);
    assert_refused(&o, &["is a sweep's folder", "v000_baseline"]);
    let variant = sweep.join("v001_target-50");
    let o = arena(&["trace", "--from", variant.to_str().unwrap(), "--match", "3"]);
    assert!(o.status.success(), "a variant's folder is a run's: {}", common::stderr(&o));
    let o = arena(&["trace", "--from", variant.to_str().unwrap(), "--match", "99999999999"]);
    assert_refused(&o, &["match 99999999999 is not among", "(0..20)", "arena trace --game pig"]);
    let shard_args = ["--game", "pig", "--matches", "100", "--shard", "1/2"];
    let shard = common::finished(tmp.path(), "shard", "run", &shard_args);
    let o = arena(&["trace", "--from", shard.to_str().unwrap(), "--matches", "40..60"]);
    assert_refused(&o, &["matches 40..60 are not all among", "(50..100)"]);
}

#[test]
fn low_blow_names_the_capped_round_alike_in_text_structure_and_end() {
    // The step where the turn cap ends the match names one round everywhere: its text once
    // said "round 1/3 ... capped" while `state_changes.round` and the end's
    // `state_data.round` said 0 (the docs: `round` is 1-based), and the end record's
    // `rounds` said 1.
    let records = trace_json(&[
        "--game",
        "low-blow",
        "--players",
        "3",
        "--seed",
        "557",
        "--matches",
        "0..20",
        "--set",
        "turn_cap=14",
    ]);
    let mut capped = 0;
    for m in matches(&records) {
        let end = m.last().unwrap();
        if end["capped"] != true {
            continue;
        }
        capped += 1;
        let last = &m[m.len() - 2];
        let round = end["rounds"].as_u64().unwrap();
        assert_eq!(end["state_data"]["round"], round, "match {}", end["match"]);
        assert_eq!(
            last["state_changes"].get("round").unwrap_or(&end["state_data"]["round"]),
            round
        );
        let text = last["state"].as_str().unwrap();
        assert!(text.contains(&format!("round {round}/3")), "{text}");
    }
    assert!(capped >= 10, "only {capped} capped matches");
}
