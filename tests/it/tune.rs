//! `arena tune` through the binary: its search says when its steps were too small to mean
//! anything (a proposal from steps whose noise swamps the objective's change, a 2 worth 5,
//! a 1 and a 4 worth 1, from 2,000-match steps, would otherwise look as sound as any
//! other); a game without point values, or a value the game lacks, is refused; the proposal
//! keeps every rule it does not tune; and its rules file loads while its confirmation plays
//! fresh seeds.

use crate::common::{arena, assert_refused, read, stderr, stdout, unwrapped};
use crate::sweep::rows;

/// A small tuning of 3-player DARDZ with random bots and `objective`, its search of
/// `iterations` steps of `step_matches`; stdout (unwrapped) and the folder's verdict.txt.
fn tune(
    dir: &std::path::Path,
    objective: &str,
    iterations: &str,
    step_matches: &str,
) -> (String, String) {
    let out = dir.join(objective.replace([':', '='], "-"));
    let o = arena(&[
        "tune",
        "--game",
        "dardz",
        "--players",
        "3",
        "--bots",
        "random",
        "--matches",
        "1500",
        "--confirm-matches",
        "600",
        "--objective",
        objective,
        "--iterations",
        iterations,
        "--step-matches",
        step_matches,
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    (unwrapped(&stdout(&o)), read(&out, "verdict.txt"))
}

#[test]
fn tune_warns_when_its_steps_are_too_small_and_not_when_they_tell_the_values_apart() {
    let dir = tempfile::tempdir().unwrap();
    // Seat balance from 90-match steps: the seats' shares move by far less than their noise.
    let (text, verdict) = tune(dir.path(), "balance", "8", "90");
    let warning = "Warning: the search's steps were too small to tell the values apart: each step's objective moved by ";
    let line = text.lines().find(|l| l.trim_start().starts_with(warning)).unwrap_or_else(|| {
        panic!("no warning on stdout:\n{text}");
    });
    assert!(line.contains(" while its noise was about ") && line.contains(" pp; "), "{line}");
    assert!(
        line.contains(" matches per step") && line.contains(" would do (--step-matches)"),
        "{line}"
    );
    // Beside the objective's column, before the confirmation.
    let (at, confirmation) =
        (text.find(warning).unwrap(), text.find("confirmation on seed").unwrap());
    assert!(at < confirmation, "{text}");
    // verdict.txt says it first, with its method.
    assert!(verdict.starts_with(warning), "{verdict}");
    assert!(verdict.lines().next().unwrap().contains("each played as two halves"), "{verdict}");
    assert!(
        verdict.contains("Largest seat deviation"),
        "the confirmation's conclusion too: {verdict}"
    );

    // The mean length far from a target of 10 turns: every step's change stands well above
    // its noise, and nothing is said on stdout.
    let (text, verdict) = tune(dir.path(), "length=10", "4", "600");
    assert!(!text.contains("Warning"), "{text}");
    assert!(
        verdict.starts_with(
            "The search's steps told their values apart: each step's objective moved by about "
        ),
        "{verdict}"
    );
    assert!(
        verdict.lines().next().unwrap().contains(" turns while its noise was about "),
        "{verdict}"
    );
}

/// A game opts in to tuning through its value model; one without is refused in one line that
/// names the games that have one, and a share objective for a value the game lacks is refused
/// before any folder exists.
#[test]
fn tune_refuses_a_game_without_values_and_a_value_the_game_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t");
    let o = arena(&["tune", "--game", "pig", "--out", out.to_str().unwrap()]);
    assert_refused(&o, &["pig declares none", "games with values to tune: dardz"]);
    // Said before its rules are read: a `--set` of a key it lacks does not hide the reason.
    let o = arena(&["tune", "--game", "pig", "--set", "value_1=3", "--out", out.to_str().unwrap()]);
    assert_refused(&o, &["pig declares none"]);
    let o = arena(&["tune", "--objective", "share:13=0.1", "--out", out.to_str().unwrap()]);
    assert_refused(&o, &["share:13=0.1", "dardz has 12 tuned values (number 1 to 12), no 13"]);
    assert!(!out.exists(), "no folder for a refused tuning");
}

/// The proposal's rules file replaces only the tuned values: a designer's other settings,
/// even of a key that shares their prefix (`value_skull`), stay as the run had them, so that
/// `arena run --rules proposal.toml` plays the game that was measured.
#[test]
fn the_proposal_keeps_every_rule_it_does_not_tune() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t");
    let o = arena(&[
        "tune",
        "--players",
        "3",
        "--set",
        "value_skull=-3",
        "--set",
        "value_12=9",
        "--matches",
        "800",
        "--confirm-matches",
        "200",
        "--seed",
        "5",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let proposal = read(&out, "proposal.toml");
    assert!(proposal.contains("\nvalue_skull = -3\n"), "{proposal}");
    let twelves = proposal.lines().filter(|l| l.starts_with("value_12 =")).count();
    assert_eq!(twelves, 1, "the tuned value once, as proposed: {proposal}");
    let values: i64 = (1..=12)
        .map(|n| {
            let line = proposal.lines().find(|l| l.starts_with(&format!("value_{n} = "))).unwrap();
            line.rsplit(' ').next().unwrap().parse::<i64>().unwrap()
        })
        .sum();
    assert_eq!(values, 2 * 6 + 4 + 5 + 6 + 7 + 8 + 9, "the pool of the run's values: {proposal}");
}

#[test]
fn the_tuners_rules_file_loads_and_its_confirmation_uses_fresh_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tune");
    let o = arena(&[
        "tune",
        "--game",
        "dardz",
        "--players",
        "3",
        "--bots",
        "random",
        "--matches",
        "3000",
        "--confirm-matches",
        "2000",
        "--objective",
        "share:12=0.06",
        "--iterations",
        "3",
        "--step-matches",
        "500",
        "--seed",
        "5",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let manifest: serde_json::Value = serde_json::from_str(&read(&out, "tune.json")).unwrap();
    // Like every other folder's manifest, it names the build (it once lacked the commit and
    // the rand version).
    for key in ["git_commit", "rand_version", "crate_version"] {
        assert!(manifest[key].as_str().is_some_and(|v| !v.is_empty()), "{key} in tune.json");
    }
    let seeds = &manifest["seeds"];
    let search: Vec<u64> =
        seeds["search"].as_array().unwrap().iter().map(|s| s.as_u64().unwrap()).collect();
    let confirm = seeds["confirm"].as_u64().unwrap();
    assert_eq!(search, vec![5, 6, 7, 8], "the measurement's seed and one per SPSA step");
    assert!(!search.contains(&confirm), "confirmation seed {confirm} among {search:?}");
    // The confirmation folder itself records that seed.
    let confirm_sweep: serde_json::Value =
        serde_json::from_str(&read(&out.join("confirm"), "sweep.json")).unwrap();
    assert_eq!(confirm_sweep["request"]["seed"], confirm);
    let measure_sweep: serde_json::Value =
        serde_json::from_str(&read(&out.join("measure"), "sweep.json")).unwrap();
    assert_eq!(measure_sweep["request"]["seed"], 5);
    // Both proposals keep the pool (the twelve printed values total 52) and load as rules.
    let table = rows(&read(&out, "tune.csv"));
    for column in ["current_value", "proposed_value", "objective_value"] {
        let total: i64 = table.iter().map(|r| r[column].parse::<i64>().unwrap()).sum();
        assert_eq!(total, 52, "{column}");
    }
    for file in ["proposal.toml", "proposal-objective.toml"] {
        let run = dir.path().join(file);
        let rules = out.join(file);
        let o = arena(&[
            "run",
            "--players",
            "3",
            "--rules",
            rules.to_str().unwrap(),
            "--matches",
            "50",
            "--quiet",
            "--out",
            run.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        let m = read(&run, "manifest.json");
        let twelve = table[11]["proposed_value"].clone();
        if file == "proposal.toml" {
            assert!(m.contains(&format!("\"value\": \"{twelve}\"")), "{m}");
        }
    }
    // The paired effects of the confirmation are in its sweep_diff.csv.
    assert!(
        rows(&read(&out.join("confirm"), "sweep_diff.csv"))
            .iter()
            .any(|r| r["quantity"] == "turns")
    );
    // A confirmation seed the search used is refused before anything runs.
    let o = arena(&[
        "tune",
        "--game",
        "dardz",
        "--seed",
        "5",
        "--confirm-seed",
        "5",
        "--out",
        dir.path().join("never").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--confirm-seed 5 is one of the search's seeds"), "{}", stderr(&o));
    assert!(!dir.path().join("never").exists());
}
