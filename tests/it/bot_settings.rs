//! Bots as a run uses them: the same choice whatever a bot decided before, the same CSV on
//! any thread count, a match replayed exactly, a wall-clock budget marked not reproducible
//! and an iteration budget exact; profiles and inline parameters, their refusals, and
//! `arena bots` and `arena bench` of bots. (Their strength and their honesty with hidden
//! information are in `bots.rs`.)

use crate::bots::{pig, ttt};
use crate::common::{
    arena, assert_refused, assert_same_results, read, run_on_1_and_2_threads, stderr, stdout,
};
use arena::bots::profile::{parse_lineup, parse_one};
use arena::bots::{Bot, BotConfig, MctsParams};
use arena::core::{GameRules, Seat, derive_rng};
use arena::games::tictactoe::TicTacToe;

// ---------------------------------------------------------------------------------------
// Determinism and reuse
// ---------------------------------------------------------------------------------------

#[test]
fn a_bot_decides_the_same_whatever_it_decided_before() {
    // Bots live across matches in a worker; their reused memory must not leak into choices
    // (or results would depend on which matches a thread happened to play).
    let g = pig();
    let mut probe = g.new_state(2);
    probe.banked = [40, 70];
    probe.turn_total = 12;
    let mut legal = Vec::new();
    g.legal_actions(&probe, &mut legal);
    for spec in ["mcts-100", "mcts:iterations=200:rollout=greedy", "greedy"] {
        let fresh = {
            let mut bot = Bot::from_spec(&parse_one(spec).unwrap());
            bot.choose(&g, &probe, Seat(0), &legal, &mut derive_rng(3, 3, 3))
        };
        let mut used = Bot::from_spec(&parse_one(spec).unwrap());
        let mut other = g.new_state(2);
        for t in 0..30 {
            other.turn_total = t;
            used.choose(&g, &other, Seat(0), &legal, &mut derive_rng(9, t as u64, 1));
        }
        for _ in 0..3 {
            assert_eq!(
                used.choose(&g, &probe, Seat(0), &legal, &mut derive_rng(3, 3, 3)),
                fresh,
                "{spec}"
            );
        }
    }
}

#[test]
fn same_seed_gives_identical_csv_with_mcts_bots_on_1_and_2_threads() {
    let tmp = tempfile::tempdir().unwrap();
    for (game, bots, matches) in [
        ("pig", "mcts-100,greedy", "40"),
        ("tictactoe", "mcts-100,mcts:iterations=50:rollout=greedy", "41"),
        ("trice", "mcts-100,greedy", "40"),
        ("love-actually", "mcts-100,greedy,random,random", "8"),
    ] {
        let outs = run_on_1_and_2_threads(
            tmp.path(),
            game,
            &["--game", game, "--bots", bots, "--matches", matches, "--seed", "5"],
        );
        assert_same_results(&outs[0], &outs[1]);
        let manifest: serde_json::Value =
            serde_json::from_str(&read(&outs[0], "manifest.json")).unwrap();
        assert_eq!(manifest["reproducible"], true);
        // The manifest records every parameter's effective value.
        assert_eq!(manifest["lineup"][0]["params"]["iterations"], "100");
        assert_eq!(manifest["lineup"][0]["params"]["c"], "0.7");
    }
}

#[test]
fn trace_replays_a_match_with_mcts_bots_exactly() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let common = ["--game", "pig", "--bots", "mcts-100,greedy", "--seed", "5"];
    let mut args = vec!["run"];
    args.extend(common);
    args.extend(["--matches", "6", "--per-match", "--quiet", "--out"]);
    args.push(out.to_str().unwrap());
    let o = arena(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let row: Vec<String> =
        read(&out, "matches.csv").lines().nth(4).unwrap().split(',').map(String::from).collect();
    assert_eq!(row[0], "3");
    let mut args = vec!["trace"];
    args.extend(common);
    args.extend(["--match", "3", "--format", "json"]);
    let o = arena(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    let end: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(end["event"], "end");
    // index,seed,deal,seating,capped,score_0,score_1,rank_0,rank_1,decisions,chance_events,...
    assert_eq!(end["scores"][0].to_string(), row[5]);
    assert_eq!(end["scores"][1].to_string(), row[6]);
    assert_eq!(end["decisions"].to_string(), row[9]);
    assert_eq!(end["chance_events"].to_string(), row[10]);
}

#[test]
fn a_wall_clock_budget_is_marked_not_reproducible() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("clock");
    let o = arena(&[
        "run",
        "--game",
        "tictactoe",
        "--bots",
        "mcts:seconds=0.001,random",
        "--matches",
        "4",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let manifest: serde_json::Value = serde_json::from_str(&read(&out, "manifest.json")).unwrap();
    assert_eq!(manifest["reproducible"], false);
    assert!(!parse_one("mcts:seconds=0.5").unwrap().config().unwrap().is_reproducible());
    assert!(parse_one("mcts-10k").unwrap().is_reproducible());
}

#[test]
fn an_iteration_budget_is_exact_and_the_tree_is_reused() {
    let g = ttt();
    let s = g.new_state(2);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let BotConfig::Mcts(p) = parse_one("mcts:iterations=777").unwrap().config().unwrap() else {
        panic!()
    };
    let mut bot = arena::bots::mcts::MctsBot::new(p);
    bot.search(&g, &s, Seat(0), &legal, &mut derive_rng(1, 1, 1));
    let info = bot.last_search::<TicTacToe>();
    assert_eq!(info.iterations, 777);
    assert!(info.nodes > 777, "{info:?}");
    assert_eq!(MctsParams::default().iterations, 1000);
}

// ---------------------------------------------------------------------------------------
// Profiles and parameters
// ---------------------------------------------------------------------------------------

#[test]
fn inline_parameters_and_independent_seats() {
    let lineup = parse_lineup("mcts:iterations=500:c=0.7,greedy", 2).unwrap();
    assert_eq!(lineup[0].label, "mcts:iterations=500:c=0.7");
    assert_eq!(lineup[0].params["iterations"], "500");
    assert_eq!(lineup[0].params["c"], "0.7");
    assert_eq!(lineup[1].profile, "greedy");
    let BotConfig::Mcts(p) = lineup[0].config().unwrap() else { panic!() };
    assert_eq!((p.iterations, p.c), (500, 0.7));
    // One name for every seat: one spec per seat, each becoming its own bot.
    let both = parse_lineup("mcts-1k", 2).unwrap();
    assert_eq!(both.len(), 2);
    for name in ["greedy", "mcts", "mcts-100", "mcts-1k", "mcts-10k"] {
        parse_one(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let BotConfig::Mcts(p) = parse_one("mcts-10k").unwrap().config().unwrap() else { panic!() };
    assert_eq!(p.iterations, 10_000);
}

#[test]
fn bad_parameters_are_clear_errors() {
    let cases = [
        ("mcts:depht=3", "unknown parameter `depht`"),
        ("mcts:iterations=-5", "parameter `iterations` must be a whole number"),
        ("mcts:iterations=0", "parameter `iterations` must be a whole number"),
        ("mcts:c=abc", "parameter `c` must be a number >= 0, got `abc`"),
        ("mcts:c=-1", "parameter `c` must be a number >= 0"),
        ("mcts:c=NaN", "parameter `c` must be a number >= 0"),
        ("mcts:rollout=smart", "one of random, greedy"),
        ("mcts:reward=points", "one of win, score"),
        ("mcts:greedy_prob=1.5", "from 0 to 1"),
        ("mcts:depth=-1", "or none"),
        ("greedy:samples=0", "parameter `samples`"),
        ("greedy:guard=maybe", "true or false"),
        ("mcts:iterations", "expected key=value"),
    ];
    for (text, message) in cases {
        let e = parse_lineup(text, 2).unwrap_err().to_string();
        assert!(e.contains(message), "{text}: {e}");
    }
    // Through the binary: one line, exit code 2, nothing written.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("bad");
    let o = arena(&[
        "run",
        "--game",
        "pig",
        "--bots",
        "mcts:c=abc,greedy",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("`c` must be a number"), "{err}");
    assert!(!out.exists());
}

#[test]
fn arena_bots_lists_profiles_with_parameters() {
    let o = arena(&["bots"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    for needle in [
        "random",
        "greedy",
        "mcts-100",
        "mcts-1k",
        "mcts-10k",
        "iterations = 10000",
        "samples = 64",
        "depth",
        "reward",
    ] {
        assert!(text.contains(needle), "`arena bots` lacks {needle}:\n{text}");
    }
}

#[test]
fn bench_mcts_prints_one_json_line_per_budget() {
    let o = arena(&[
        "bench",
        "--mcts",
        "--game",
        "tictactoe",
        "--iterations",
        "200",
        "--seconds",
        "0.2",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 1, "{text}");
    let row = &lines[0];
    assert_eq!(row["game"], "tictactoe");
    assert_eq!(row["bot"], "mcts");
    assert_eq!(row["iterations"], 200);
    assert!(row["decisions"].as_u64().unwrap() >= 1);
    assert!(row["seconds"].as_f64().unwrap() > 0.0);
    assert!(row["iterations_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn bench_times_the_matches_of_the_bots_it_is_given() {
    let o = arena(&[
        "bench",
        "--game",
        "pig",
        "--bots",
        "greedy",
        "--threads",
        "1",
        "--seconds",
        "0.2",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let row: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!((row["game"].as_str(), row["bots"].as_str()), (Some("pig"), Some("greedy")));
    assert!(row["matches"].as_u64().unwrap() >= 1, "{text}");
    // --bots names what `arena run` plays; --mcts times one search of --bot instead.
    let o = arena(&["bench", "--mcts", "--bots", "greedy", "--game", "pig"]);
    assert_refused(&o, &["--bots does not apply"]);
    let o = arena(&["bench", "--bots", "nosuch", "--game", "pig"]);
    assert_refused(&o, &["unknown bot `nosuch`"]);
}
