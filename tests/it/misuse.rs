//! Misuse a new user commits, through the real binary: a plan whose suggested command must
//! reproduce it, figures that are undefined, and the small
//! things: huge match counts, thousands of threads, a missing argument, repeated keys, and
//! `--shard` without `--game` when a rules file names the game.

use crate::common::stderr;

use crate::common;
use common::{arena, read};

fn refused(args: &[&str], expect: &str) {
    let o = arena(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: not one line: {err}");
    assert!(err.contains(expect), "{args:?}: `{expect}` not in: {err}");
}

/// Split a printed command line into words (the plan's quoting: single quotes only).
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            _ => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

#[test]
fn the_plans_suggested_command_reproduces_the_planned_experiment() {
    let tmp = tempfile::tempdir().unwrap();
    let rules = tmp.path().join("my rules.toml");
    std::fs::write(&rules, "game = \"dardz\"\nvalue_11 = 9\n").unwrap();
    let planned = [
        "--game",
        "dardz",
        "--players",
        "3",
        "--set",
        "value_12=4",
        "--bots",
        "greedy,random,greedy:samples=8",
        "--seating",
        "permute",
        "--seed",
        "5",
        "--rules",
        rules.to_str().unwrap(),
    ];
    let mut args = vec!["plan", "--ci", "0.2", "--pilot", "12", "--threads", "1"];
    args.extend(planned);
    let o = arena(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("run:")).expect("a run: line");
    let command = line.trim_start_matches("run:").split(" (or ").next().unwrap().trim();
    let mut words = shell_words(command);
    assert_eq!(&words[..2], ["arena", "run"]);
    for flag in ["--players", "--set", "--bots", "--seating", "--rules", "--seed", "--matches"] {
        assert!(words.iter().any(|w| w == flag), "{flag} missing from `{command}`");
    }
    // Run exactly what it suggests (fewer matches) and what was planned: same plan.
    let at = words.iter().position(|w| w == "--matches").unwrap();
    words[at + 1] = "12".into();
    let suggested = tmp.path().join("suggested");
    let mut run: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    run.extend(["--quiet", "--out", suggested.to_str().unwrap()]);
    assert!(arena(&run).status.success());
    let direct = tmp.path().join("direct");
    let mut run = vec!["run", "--matches", "12", "--quiet", "--out", direct.to_str().unwrap()];
    run.extend(planned);
    assert!(arena(&run).status.success());
    assert_eq!(read(&suggested, "plan.json"), read(&direct, "plan.json"));
    assert_eq!(read(&suggested, "seats.csv"), read(&direct, "seats.csv"));
}

#[test]
fn undefined_figures_are_empty_cells_not_numbers() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("draws");
    // Two strong tic-tac-toe players: every match is a draw, so no match has a sole winner.
    let args = ["run", "--game", "tictactoe", "--bots", "mcts-1k", "--matches", "20", "--quiet"];
    let o =
        arena(&args.iter().copied().chain(["--out", out.to_str().unwrap()]).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    let seats = read(&out, "seats.csv");
    let mut lines = seats.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    let cell = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(cell("decisive_matches"), "0");
    for undefined in ["decisive_win_rate", "decisive_ci_low", "diff_pp", "p_value", "p_holm"] {
        assert_eq!(cell(undefined), "", "{undefined} must be empty: {seats}");
    }
    assert_eq!(cell("win_rate"), "0.500000", "a shared win is still a defined share");
    let balance = read(&out, "balance.csv");
    assert!(balance.contains("all_seats_equal,0,,1,,"), "{balance}");
    assert!(!read(&out, "difference.csv").contains("-0.0"));
}

#[test]
fn small_misuses_get_clear_answers() {
    refused(
        &["run", "--game", "pig", "--matches", "1e20"],
        "--matches must be a whole number from 1 to 18446744073709551615, got `1e20`",
    );
    refused(&["merge"], "required arguments were not provided: --out <DIR>");
    refused(
        &["run", "--game", "pig", "--set", "target=50", "--set", "target=60"],
        "`target` is set more than once",
    );
    refused(
        &["run", "--game", "pig", "--bots", "mcts:c=1:c=2"],
        "parameter `c` is given more than once",
    );
    refused(
        &["run", "--shard", "0/2", "--matches", "10"],
        "--shard needs --game (or a --rules file that names its game)",
    );
    let tmp = tempfile::tempdir().unwrap();
    // --shard without --game, the game named by the rules file.
    let out = tmp.path().join("shard");
    let o = arena(&[
        "run",
        "--rules",
        "configs/dardz.toml",
        "--shard",
        "0/2",
        "--matches",
        "8",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(read(&out, "manifest.json").contains("\"game\": \"dardz\""));
    // Thousands of threads: capped with a note, and the run goes on at once.
    let out = tmp.path().join("threads");
    let o = arena(&[
        "run",
        "--game",
        "pig",
        "--matches",
        "100",
        "--threads",
        "10000",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    assert!(stderr(&o).contains("note: --threads 10000 capped at"), "{}", stderr(&o));
    // "on 1 thread", not "on 1 threads".
    let o = arena(&["plan", "--game", "pig", "--ci", "0.2", "--pilot", "20", "--threads", "1"]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("on 1 thread:"), "{text}");
}
