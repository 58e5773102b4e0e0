//! The real binary: determinism across thread counts, trace reproducing a run's match, and
//! every kind of bad input giving a one-line error, exit code 2 and no output files.

use crate::common;
use common::{arena, assert_same_results, read, run_on_1_and_2_threads};

#[test]
fn same_seed_gives_byte_identical_csv_for_any_thread_count() {
    let tmp = tempfile::tempdir().unwrap();
    // Every game; match counts keep each run under a second, and are not multiples of the
    // deal group so incomplete groups are exercised too.
    let counts = [
        ("pig", "20001"),
        ("tictactoe", "20001"),
        ("trice", "5001"),
        ("low-blow", "601"),
        ("love-actually", "2001"),
    ];
    for game in arena::games::GAME_NAMES.iter().copied() {
        let matches = counts.iter().find(|(g, _)| *g == game).map_or("1001", |(_, m)| m);
        let outputs = run_on_1_and_2_threads(
            tmp.path(),
            game,
            &["--game", game, "--matches", matches, "--seed", "99"],
        );
        assert_same_results(&outputs[0], &outputs[1]);
        let manifest: serde_json::Value =
            serde_json::from_str(&read(&outputs[0], "manifest.json")).unwrap();
        let n: u64 = matches.parse().unwrap();
        assert_eq!(manifest["seed"], 99);
        assert_eq!(manifest["matches"], n);
        assert_eq!(manifest["completed_matches"], n);
        assert!(manifest["rand_version"].as_str().unwrap().starts_with("0.10"));
        let rows = read(&outputs[0], "matches.csv").lines().count() as u64;
        assert_eq!(rows, n + 1, "header + one row per match");
    }
}

#[test]
fn a_different_seed_gives_different_results() {
    let tmp = tempfile::tempdir().unwrap();
    let mut seats = Vec::new();
    for seed in ["1", "2"] {
        let out = tmp.path().join(seed);
        let o = arena(&[
            "run",
            "--game",
            "pig",
            "--matches",
            "2000",
            "--seed",
            seed,
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success());
        seats.push(read(&out, "seats.csv"));
    }
    assert_ne!(seats[0], seats[1]);
}

#[test]
fn trace_reproduces_the_match_a_per_match_row_describes() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let o = arena(&[
        "run",
        "--game",
        "pig",
        "--matches",
        "40",
        "--seed",
        "5",
        "--per-match",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let csv = read(&out, "matches.csv");
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    for index in [0usize, 17, 39] {
        let row: Vec<&str> = csv.lines().nth(index + 1).unwrap().split(',').collect();
        let t = arena(&[
            "trace",
            "--game",
            "pig",
            "--seed",
            "5",
            "--match",
            &index.to_string(),
            "--format",
            "json",
        ]);
        assert!(t.status.success());
        let text = String::from_utf8(t.stdout).unwrap();
        let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(end["event"], "end");
        let scores: Vec<String> =
            end["scores"].as_array().unwrap().iter().map(|v| v.to_string()).collect();
        assert_eq!(scores, vec![row[col("score_0")], row[col("score_1")]], "match {index}");
        assert_eq!(end["decisions"].to_string(), row[col("decisions")]);
        assert_eq!(end["chance_events"].to_string(), row[col("chance_events")]);
        let start: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(start["seating"].as_str().unwrap(), row[col("seating")]);
        let steps = text.lines().filter(|l| l.contains("\"decision\"")).count();
        assert_eq!(steps.to_string(), row[col("decisions")]);
    }
    let text = arena(&["trace", "--game", "tictactoe", "--match", "3"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("seat 0 (random): X at row"), "{text}");
}

/// Each bad input: exit code 2, a single line on stderr naming the problem, nothing written.
fn assert_refused(args: &[&str], expect: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut full: Vec<&str> = args.to_vec();
    let out_s = out.to_str().unwrap().to_string();
    if args[0] == "run" && !args.contains(&"--out") {
        full.extend(["--out", &out_s]);
    }
    let o = arena(&full);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: not one line: {err}");
    for e in expect {
        assert!(err.contains(e), "{args:?}: `{e}` not in: {err}");
    }
    assert!(!out.exists(), "{args:?} left output behind");
    assert!(o.stdout.is_empty(), "{args:?} printed results");
}

#[test]
fn bad_input_is_refused_cleanly() {
    assert_refused(&["run", "--game", "chess"], &["unknown game `chess`", "tictactoe, pig"]);
    assert_refused(
        &["run", "--game", "pig", "--bots", "alphazero"],
        &["unknown bot `alphazero`", "random"],
    );
    assert_refused(
        &["run", "--game", "pig", "--players", "3"],
        &["pig is for 2 to 2 players, not 3"],
    );
    assert_refused(
        &["run", "--game", "pig", "--matches", "0"],
        &["--matches must be a whole number from 1 to"],
    );
    assert_refused(
        &["run", "--game", "pig", "--matches", "-5"],
        &["--matches must be a whole number from 1 to"],
    );
    assert_refused(&["run", "--game", "pig", "--matches", "many"], &["whole number"]);
    assert_refused(&["run", "--game", "pig", "--set", "target"], &["--set target", "key=value"]);
    assert_refused(
        &["run", "--game", "pig", "--set", "speed=3"],
        &["unknown rules key `speed`", "target, die_faces, turn_cap"],
    );
    assert_refused(&["run", "--game", "pig", "--set", "target=0"], &["`target`", "1 to 10000"]);
    assert_refused(
        &["run", "--game", "pig", "--bots", "random,random,random"],
        &["3 bots for 2 players"],
    );
    assert_refused(&["run", "--game", "pig", "--threads", "0"], &["--threads must be at least 1"]);
    assert_refused(&["run", "--game", "pig", "--seating", "shuffle"], &["shuffle"]);
    assert_refused(&["run", "--set", "target=5"], &["need --game"]);
    assert_refused(&["run", "--game", "pig", "--sprt", "0.5"], &["--sprt needs two win shares"]);
    assert_refused(&["run", "--game", "pig", "--sprt", "0.5,1.5"], &["strictly between 0 and 1"]);
    assert_refused(&["run", "--game", "pig", "--until-ci", "0"], &["--until-ci must be a width"]);
    assert_refused(&["plan", "--game", "pig", "--ci", "2"], &["--ci must be a width"]);
    assert_refused(
        &["trace", "--game", "pig", "--match", "1", "--bots", "nobody"],
        &["unknown bot `nobody`"],
    );

    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.toml");
    std::fs::write(&bad, "target = 50\ndie_faces = = 6\n").unwrap();
    assert_refused(
        &["run", "--game", "pig", "--rules", bad.to_str().unwrap()],
        &["bad.toml", "line 2", "not valid TOML"],
    );
    std::fs::write(&bad, "target = 50\nspeed = 2\n").unwrap();
    assert_refused(
        &["run", "--game", "pig", "--rules", bad.to_str().unwrap()],
        &["bad.toml", "unknown rules key `speed`"],
    );
    assert_refused(
        &["run", "--game", "pig", "--rules", "/nonexistent/rules.toml"],
        &["cannot read rules file /nonexistent/rules.toml"],
    );
}

#[test]
fn errors_name_parameters_as_arena_games_does_and_suggest_what_was_meant() {
    // Errors in the designer's words (value_12, not card_values.12.points), the
    // allowed range, "did you mean" for parameters, subcommands and enum-flag values.
    assert_refused(
        &["run", "--game", "dardz", "--set", "valu_12=8"],
        &["unknown rules key `valu_12`", "did you mean `value_12`?", "value_1..value_12"],
    );
    assert_refused(
        &["run", "--game", "dardz", "--set", "value_12=eight"],
        &["`value_12` must be an integer (-100 to 100), got \"eight\""],
    );
    assert_refused(&["rnu", "--game", "pig"], &["did you mean `run`?"]);
    assert_refused(&["run", "--game", "pig", "--seating", "rotat"], &["did you mean `rotate`?"]);
    assert_refused(
        &["tune", "--game", "dardz", "--objective", "balanc"],
        &["did you mean `balance`?"],
    );
    let tmp = tempfile::tempdir().unwrap();
    let rules = tmp.path().join("dz.toml");
    std::fs::write(&rules, "hand_size = 3\naction_card_redraw = true\n").unwrap();
    // A rules file for DARDZ given to TRICE says which game it is for, with file and line.
    assert_refused(
        &["run", "--game", "trice", "--rules", rules.to_str().unwrap()],
        &["dz.toml, line 2", "this rules file is for dardz, not trice", "--game dardz"],
    );
    std::fs::write(&rules, "value_12 = 8\nspeed = 3\n").unwrap();
    assert_refused(
        &["run", "--game", "dardz", "--rules", rules.to_str().unwrap()],
        &["dz.toml, line 2", "unknown rules key `speed`"],
    );
}

#[test]
fn unwritable_or_used_output_folder_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("plain-file");
    std::fs::write(&file, "x").unwrap();
    let inside = file.join("out");
    let o = arena(&["run", "--game", "pig", "--matches", "10", "--out", inside.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot create output folder"));

    let used = tmp.path().join("used");
    std::fs::create_dir(&used).unwrap();
    std::fs::write(used.join("seats.csv"), "old").unwrap();
    let o = arena(&["run", "--game", "pig", "--matches", "10", "--out", used.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("already holds files"));
    assert_eq!(std::fs::read_to_string(used.join("seats.csv")).unwrap(), "old");
}

#[test]
fn default_experiment_runs_every_game() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("all");
    let o = arena(&[
        "run",
        "--matches",
        "300",
        "--skill-matches",
        "40",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    for game in arena::games::GAME_NAMES {
        assert!(out.join(game).join("seats.csv").exists(), "{game}");
        assert!(out.join(game).join("manifest.json").exists(), "{game}");
        // The skill check: a finished random-vs-greedy ladder per game, quoted in
        // the summary with the bots that produced it.
        let ladder = out.join("skill").join(game);
        let verdict = std::fs::read_to_string(ladder.join("verdict.txt")).unwrap();
        assert!(verdict.contains("rungs from weakest: random < greedy"), "{game}: {verdict}");
        assert!(stdout.contains(&format!("\n{game}: skill ")), "{game} in the summary");
    }
    assert!(stdout.contains("  with greedy in every seat: "), "{stdout}");
}

#[test]
fn a_skill_check_is_for_the_default_experiment_only() {
    let o = arena(&["run", "--game", "pig", "--skill-matches", "400"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--skill-matches is for the default experiment")
            && err.contains("arena ladder"),
        "{err}"
    );
    let o = arena(&["run", "--skill-matches", "5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("at least 40"));
}

#[test]
fn games_and_bots_list_what_exists() {
    let g = String::from_utf8(arena(&["games"]).stdout).unwrap();
    assert!(g.contains("pig") && g.contains("target") && g.contains("REFERENCE"), "{g}");
    let b = String::from_utf8(arena(&["bots"]).stdout).unwrap();
    assert!(b.contains("random"), "{b}");
}

/// A run of changed rules never reads like a default one: stdout's first line, the last line
/// of verdict.txt, the default folder's name and the page's title name what changed (and
/// the rules file); a default run says nothing of the kind.
#[test]
fn a_run_of_changed_rules_names_them_everywhere_a_designer_looks() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("short.toml"), "game = \"pig\"\ntarget = 30\n").unwrap();
    let run = |args: &[&str]| {
        let o = common::output_within(
            std::process::Command::new(env!("CARGO_BIN_EXE_arena"))
                .current_dir(tmp.path())
                .args(args),
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let text = run(&[
        "run",
        "--game",
        "dardz",
        "--players",
        "3",
        "--set",
        "value_12=8",
        "--matches",
        "60",
        "--explain",
    ]);
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("dardz [value_12=8 (default 10)], 3 players, random bots: "),
        "{first}"
    );
    let end = text.lines().find(|l| l.starts_with("  60 matches")).expect(&text);
    let folder = end.rsplit("-> ").next().unwrap();
    assert!(folder.starts_with("results/dardz-value_12=8-"), "{folder}");
    // Shares as a person reads them: percent with one decimal, n named.
    let seat = text.lines().find(|l| l.trim_start().starts_with("seat 0: win share ")).unwrap();
    assert!(seat.contains("% [") && seat.ends_with("(Wilson 95%, n = 60)"), "{seat}");
    let dir = tmp.path().join(folder);
    assert_eq!(
        read(&dir, "verdict.txt").lines().last().unwrap(),
        "Rules changed from the defaults: value_12=8 (default 10)."
    );
    // The page's title names the changed rule in words, not by its id.
    assert!(
        read(&dir, "report.html").contains("<title>dardz [points of a 12 card = 8]: 60 matches")
    );
    // A rules file is named too, by its path as given.
    let text = run(&["run", "--rules", "short.toml", "--matches", "40"]);
    let first = text.lines().next().unwrap();
    let named = "pig [target=30 (default 100); rules file short.toml], 2 players, random bots: ";
    assert!(first.starts_with(named), "{first}");
    let end = text.lines().find(|l| l.starts_with("  40 matches")).expect(&text);
    assert!(end.contains("-> results/pig-target=30-short-"), "{end}");
    // The game as it ships: no such words anywhere.
    let text = run(&["run", "--game", "pig", "--matches", "40"]);
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("pig, 2 players, random bots: "), "{first}");
    let end = text.lines().find(|l| l.starts_with("  40 matches")).expect(&text);
    let dir = tmp.path().join(end.rsplit("-> ").next().unwrap());
    assert!(!read(&dir, "verdict.txt").contains("Rules changed"));
}
