//! Rule repros, through the real binary: each command that once crashed or broke a ruling,
//! and what it must show now (RULINGS TR-7, DZ-10, DZ-11 with G-2, DZ-6).

use crate::common;
use common::arena;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `arena trace --format json` events, one per line.
fn json_trace(args: &[&str]) -> Vec<serde_json::Value> {
    let o = arena(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    text(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON event a line"))
        .collect()
}

/// Seat scores from a rendered DARDZ state (`>    0    26 | ...` rows).
fn dardz_scores(state: &str) -> Vec<i32> {
    state
        .lines()
        .filter_map(|line| {
            let mut words = line.trim_start_matches('>').split_whitespace();
            let seat = words.next()?.parse::<usize>().ok()?;
            let score = words.next()?.parse::<i32>().ok()?;
            (words.next()? == "|").then_some((seat, score))
        })
        .map(|(_, score)| score)
        .collect()
}

#[test]
fn tr7_trice_one_row_without_swap_back_never_panics() {
    let sets = [
        "--set",
        "rows=1",
        "--set",
        "columns=3",
        "--set",
        "dice_per_colour=1",
        "--set",
        "swap_back_allowed=false",
    ];
    let mut args = vec!["trace", "--game", "trice", "--seed", "71", "--match", "0"];
    args.extend(sets);
    let o = arena(&args);
    let err = text(&o.stderr);
    assert!(o.status.success() && !err.contains("panicked"), "{err}");
    let out = text(&o.stdout);
    assert!(out.lines().last().unwrap().starts_with("end:"), "{out}");
    // Many matches, both TR-7 variants: exit 0 means no match panicked (3 would).
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let mut run = vec![
        "run",
        "--game",
        "trice",
        "--matches",
        "3000",
        "--seed",
        "71",
        "--quiet",
        "--set",
        "repoint_allowed=false",
        "--out",
        dir.to_str().unwrap(),
    ];
    run.extend(sets);
    let o = arena(&run);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

/// The turn at which DARDZ's round 2 ends in the DZ-10 reproduction below, under `extra`
/// sets.
fn dz10_round_2_end(extra: &[&str]) -> (u64, String) {
    let mut args = vec![
        "trace",
        "--game",
        "dardz",
        "--players",
        "8",
        "--bots",
        "random",
        "--seed",
        "19",
        "--match",
        "0",
        "--set",
        "cards_per_round=20",
        "--format",
        "json",
    ];
    args.extend(extra);
    let events = json_trace(&args);
    let end = events
        .iter()
        .position(|e| {
            e["result"].as_str().is_some_and(|r| r.starts_with("round 2 over: nobody could reach"))
        })
        .expect("round 2 ends without a winner");
    // The state just before settling: the round is over, the draw pile empty.
    let before = events[end - 1]["state"].as_str().unwrap().to_string();
    assert!(before.contains("draw pile 0 cards") && before.contains("the round is over"));
    let turn = before.split(" · turn ").nth(1).unwrap().split(' ').next().unwrap();
    (turn.parse().unwrap(), before)
}

#[test]
fn dz10_round_ends_once_no_seat_can_gain_enough_even_with_a_clock_in_a_hand() {
    // RULINGS DZ-10 (tight): at turn 35 the best seats (16 pile cards) can gain only their own
    // hand and the one hand the single Clock (in seat 4's hand) can pass them: 19 < 20.
    let (turn, state) = dz10_round_2_end(&[]);
    assert_eq!(turn, 35, "{state}");
    assert!(state.contains("| 11 Clock"), "the Clock is still in seat 4's hand:\n{state}");
    // The old loose bound (every card in every hand while a Clock is held) played on until
    // the Clock was played five turns later.
    let (loose, _) = dz10_round_2_end(&["--set", "reach_bound=any_clock"]);
    assert_eq!(loose, 40);
}

#[test]
fn dz11_g2_trace_names_the_real_starter_and_a_capped_match_deals_no_new_round() {
    let events = json_trace(&[
        "trace",
        "--game",
        "dardz",
        "--players",
        "4",
        "--seed",
        "1025",
        "--match",
        "25",
        "--set",
        "turn_cap=12",
        "--format",
        "json",
    ]);
    let mut checked = 0;
    for pair in events.windows(2) {
        let result = pair[1]["result"].as_str().unwrap_or("");
        if let Some(rest) = result.split("; seat ").nth(1).filter(|_| result.contains(" dealt;")) {
            let seat: usize = rest.split(' ').next().unwrap().parse().unwrap();
            if result.contains("(lowest score") {
                // DZ-11: the starter has the lowest score of the state before the deal.
                let scores = dardz_scores(pair[0]["state"].as_str().unwrap());
                assert_eq!(scores[seat], *scores.iter().min().unwrap(), "{result}: {scores:?}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 1, "round 2 is dealt, round 3 is not");
    let settled = events
        .iter()
        .filter_map(|e| e["result"].as_str())
        .find(|r| r.starts_with("round 2 over"))
        .unwrap();
    assert!(settled.ends_with("the turn cap ends the match before the next round"), "{settled}");
    let end = events.last().unwrap();
    assert_eq!((end["capped"].as_bool(), end["rounds"].as_u64()), (Some(true), Some(2)));
}

#[test]
fn dz6_team_dardz_refuses_other_player_counts_with_a_one_line_error() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("teams5");
    let o = arena(&[
        "run",
        "--game",
        "dardz",
        "--players",
        "5",
        "--set",
        "teams=true",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("teams = true") && err.contains("4 or 6 players"), "{err}");
    assert!(!out.exists());
    // At 6 players it plays.
    let out = tmp.path().join("teams6");
    let o = arena(&[
        "run",
        "--game",
        "dardz",
        "--players",
        "6",
        "--set",
        "teams=true",
        "--matches",
        "60",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let metrics = std::fs::read_to_string(out.join("metrics.csv")).unwrap();
    assert!(metrics.contains("team2_wins"), "{metrics}");
}

#[test]
fn pp15_a_solo_pride_run_reports_the_score_and_no_win_share() {
    // `arena run --game pride-prejudice --players 1 --matches 300` once wrote
    // win_rate 1.0, sole_winner_share 1.0, "seat 0: win share 1.0000" and `winners: [0]`.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("solo");
    let args = ["run", "--game", "pride-prejudice", "--players", "1", "--matches", "300", "--out"];
    let mut run = args.to_vec();
    run.push(dir.to_str().unwrap());
    let o = arena(&run);
    let stdout = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!stdout.contains("win share 1") && stdout.contains(": solo, mean score "), "{stdout}");
    let csv = |name: &str| -> Vec<std::collections::HashMap<String, String>> {
        let mut r = csv::Reader::from_path(dir.join(name)).unwrap();
        let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
        r.records()
            .map(|row| {
                header.iter().cloned().zip(row.unwrap().iter().map(str::to_string)).collect()
            })
            .collect()
    };
    let seat = &csv("seats.csv")[0];
    for column in ["wins", "win_rate", "ci_low", "decisive_win_rate", "diff_pp", "p_value"] {
        assert_eq!(seat[column], "", "seats.csv {column}");
    }
    assert!(seat["mean_score"].parse::<f64>().unwrap() > 0.0);
    for row in csv("shape.csv") {
        if row["figure"] != "capped_share" {
            assert_eq!(row["value"], "", "shape.csv {}", row["figure"]);
        }
    }
    assert_eq!(csv("ratings.csv")[0]["win_rate"], "");
    assert_eq!(csv("bots.csv")[0]["win_rate"], "");
    let verdict = std::fs::read_to_string(dir.join("verdict.txt")).unwrap();
    assert!(verdict.starts_with("solo game (1 player, n = 300") && verdict.contains("PP-15"));
    let report = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(report.contains("Solo game: the score") && !report.contains("seat win shares"));
    // A solo seat's win share is always 100, so it tells nothing of an option: weighed by
    // it, options.csv had `win_taken_percent` and `win_not_taken_percent` at 100 on every
    // row. Neither options.csv nor the page speaks of the taker's win share; a solo option
    // is judged by the final score.
    let options = csv("options.csv");
    assert!(!options.is_empty() && !options[0].contains_key("win_taken_percent"));
    let scored = options.iter().filter(|r| !r["score_taken"].is_empty()).count();
    assert!(scored > 0, "no option row with a score");
    for r in options.iter().filter(|r| !r["score_taken"].is_empty()) {
        let (t, n) =
            (r["score_taken"].parse::<f64>().unwrap(), r["score_not_taken"].parse::<f64>());
        assert!(t > 20.0 && t < 400.0 && n.is_ok(), "{r:?}");
        assert_eq!(r["mark"], "", "a solo row marked against a win-share margin");
    }
    assert!(!report.contains("taker's win share") && report.contains("final score"));
    let columns = std::fs::read_to_string(dir.join("COLUMNS.md")).unwrap();
    assert!(columns.contains("`difference_points`") && !columns.contains("`win_taken_percent`"));
    let trace = [
        "trace",
        "--game",
        "pride-prejudice",
        "--players",
        "1",
        "--match",
        "0",
        "--format",
        "json",
    ];
    let end = json_trace(&trace).pop().unwrap();
    assert_eq!(
        (end["event"].as_str(), end["winners"].clone()),
        (Some("end"), serde_json::json!([]))
    );
}

#[test]
fn pp15_a_solo_run_writes_no_number_for_decided_percent() {
    // PP-15: a solo game has no winner, so "when the winner took the lead for good" is
    // undefined: lengths.csv gives its row empty cells (it gave 8.1 on average), the
    // histograms hold no value and the report draws no chart of it.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("solo");
    let args = ["run", "--game", "pride-prejudice", "--players", "1", "--matches", "40"];
    let mut run = args.to_vec();
    run.extend(["--seed", "3", "--out", dir.to_str().unwrap()]);
    let o = arena(&run);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!text(&o.stdout).contains("decided"), "{}", text(&o.stdout));
    let lengths = std::fs::read_to_string(dir.join("lengths.csv")).unwrap();
    let row = lengths.lines().find(|l| l.starts_with("decided_percent,")).expect(&lengths);
    assert_eq!(row, "decided_percent,0,,,,,,,,,", "{lengths}");
    assert!(lengths.lines().any(|l| l.starts_with("lead_changes,40,")), "{lengths}");
    let histograms = std::fs::read_to_string(dir.join("histograms.csv")).unwrap();
    assert!(!histograms.contains("decided_percent"), "{histograms}");
    let report = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(!report.contains("length-decided_percent"));
}

#[test]
fn g2_rounds_of_a_capped_match_count_the_round_in_progress_in_every_game() {
    // `rounds` (rounds played where the game has them): a match the turn cap stops in its
    // first turn has played one round, in DARDZ and in LOW BLOW alike (LOW BLOW said 0).
    for game in ["dardz", "low-blow"] {
        let args = ["trace", "--game", game, "--players", "4", "--set", "turn_cap=1"];
        let mut trace = args.to_vec();
        trace.extend(["--match", "0", "--format", "json"]);
        let end = json_trace(&trace).pop().unwrap();
        assert_eq!(end["capped"], true, "{game}");
        assert_eq!((end["turns"].as_u64(), end["rounds"].as_u64()), (Some(1), Some(1)), "{game}");
    }
}

#[test]
fn dz6_team_cards_per_round_can_be_set_with_teams_off() {
    // The team race's pile size (DZ-6) is not read without teams, so it is not checked
    // against the team Lucky Loser bound then; with teams on it is.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let args = ["run", "--game", "dardz", "--players", "4", "--matches", "4", "--quiet"];
    let mut run = args.to_vec();
    run.extend(["--set", "team_cards_per_round=2", "--out", dir.to_str().unwrap()]);
    let o = arena(&run);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let mut teams = run.clone();
    teams.extend(["--set", "teams=true"]);
    let last = teams.iter().position(|a| *a == dir.to_str().unwrap()).unwrap();
    let other = tmp.path().join("teams");
    teams[last] = other.to_str().unwrap();
    let o = arena(&teams);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("team_lucky_loser_max_cards = 6 must be below"));
}
