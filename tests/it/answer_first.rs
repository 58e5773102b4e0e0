//! stdout says the answer first: a run's lines are at most 100 characters, and each game's
//! first line is its answer with the figure that decides it, before any method.

use crate::common::arena;

/// The words a game's answer opens with (`headline` in the verdict's words module).
const OPENINGS: [&str; 7] = [
    "unfair: a ",
    "a small ",
    "a real ",
    "fair within ",
    "not enough matches to tell",
    "no match had a sole winner",
    "solo, mean score",
];

/// The method's words, which belong to `--explain` and verdict.txt, not to the default lines.
const METHOD: [&str; 8] =
    ["Clopper-Pearson", "Holm", "TOST", "Bonferroni", "Pocock", "Lan & DeMets", "Wilson", "look "];

#[test]
fn the_default_experiment_prints_each_answer_first_in_lines_of_100_characters() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let out = dir.join("run");
    let o = arena(&[
        "run",
        "--matches",
        "20000",
        "--skill-matches",
        "40",
        "--no-report",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8(o.stdout).unwrap();
    for line in stdout.lines() {
        assert!(
            line.chars().count() <= 100,
            "a line of {} characters: {line}",
            line.chars().count()
        );
        for word in METHOD {
            assert!(!line.contains(word), "the method ({word}) in a default line: {line}");
        }
    }
    // The default experiment warns about nothing it chose itself (stderr may carry a time
    // estimate on a slow machine, never a note).
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!stderr.contains("note:") && !stderr.contains("warning"), "{stderr}");
    // Each game's first line (with its wrapped continuation) names it and gives its answer.
    let lines: Vec<&str> = stdout.lines().collect();
    let mut answered = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((game, rest)) = line.split_once(", ") else { continue };
        if line.starts_with(' ') || !rest.contains(" players, random bots: ") {
            continue;
        }
        let mut whole = line.to_string();
        for more in lines[i + 1..].iter().take_while(|l| l.starts_with("    ")) {
            whole.push(' ');
            whole.push_str(more.trim());
        }
        let answer = whole.split_once(" bots: ").unwrap().1;
        assert!(OPENINGS.iter().any(|o| answer.starts_with(o)), "not an answer: {whole}");
        assert!(answer.contains(" pp ["), "no deciding figure with its interval: {whole}");
        answered.push(game.to_string());
    }
    assert!(lines[0].starts_with("tictactoe, 2 players, random bots: "), "{}", lines[0]);
    let games = arena::games::GAME_NAMES;
    assert_eq!(answered, games, "{stdout}");
    // One table of every game ends the runs, before the skill check.
    let table = lines.iter().position(|l| l.starts_with("game ")).expect("a table of games");
    let skill = lines.iter().position(|l| l.starts_with("skill check")).expect("the skill check");
    assert!(table < skill);
    for game in games {
        assert!(
            lines[table..skill].iter().any(|l| l.starts_with(&format!("{game} "))),
            "{game} has no row in the table"
        );
    }
    // The skill check says in two lines per game whether skill matters and whether skilled
    // play changes the first-seat answer.
    for game in games {
        let at =
            lines[skill..].iter().position(|l| l.starts_with(&format!("{game}: skill"))).unwrap();
        // The line after its answer's wrapped continuation, if any.
        let next = lines[skill + at + 1..].iter().find(|l| !l.starts_with("    ")).unwrap();
        assert!(next.starts_with("  with greedy in every seat: "), "{game}");
    }
    // --explain prints the method too.
    let o = arena(&[
        "run",
        "--game",
        "pig",
        "--matches",
        "2000",
        "--explain",
        "--no-report",
        "--out",
        dir.join("pig").to_str().unwrap(),
    ]);
    let explained = String::from_utf8(o.stdout).unwrap();
    assert!(explained.lines().next().unwrap().starts_with("pig, 2 players, random bots: "));
    assert!(
        explained.contains("Clopper-Pearson") && explained.contains("Wilson 95%"),
        "{explained}"
    );
    assert!(explained.lines().all(|l| l.chars().count() <= 100));
}

/// A sweep answers first too: its first line names the sweep and gives the conclusion's first
/// finding in plain words; no line is over 100 characters; the methods are `--explain`'s.
#[test]
fn a_sweep_prints_its_answer_first_and_its_methods_only_when_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |name: &str, extra: &[&str]| {
        let out = tmp.path().join(name);
        let mut args = vec!["sweep", "--game", "dardz", "--players", "4", "--vary"];
        args.extend(["value_12=6,10,14", "--matches", "2000", "--no-report", "--out"]);
        args.push(out.to_str().unwrap());
        args.extend(extra);
        let o = arena(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let plain = run("plain", &[]);
    assert!(plain.starts_with("dardz sweep, 4 players, bots random: "), "{plain}");
    for line in plain.lines() {
        assert!(line.chars().count() <= 100, "{line}");
        for word in METHOD {
            assert!(!line.contains(word), "the method ({word}) in a default line: {line}");
        }
    }
    let explained = run("explained", &["--explain"]);
    assert!(explained.lines().all(|l| l.chars().count() <= 100), "{explained}");
    assert!(explained.contains("Holm") && explained.contains("Bonferroni"), "{explained}");
}
