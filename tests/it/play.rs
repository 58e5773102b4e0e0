//! `arena play` through the binary: the terminal mode with scripted input for
//! every game, bad flags, and `arena trace --trace` replaying a played match (the web server
//! is tests/it/play_server.rs).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::common::{arena, assert_refused, stdout};

/// Every registered game at its usual player count, Pride & Preju-Dice at 3 (its matches are
/// long).
fn games() -> Vec<(&'static str, String)> {
    crate::common::every_game(&[("pride-prejudice", 3)])
}

/// Run `arena play --text` with `answers` as its input.
fn play_text(args: &[&str], answers: impl AsRef<[u8]>) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arena"))
        .arg("play")
        .arg("--text")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let answers = answers.as_ref().to_vec();
    // Written from a thread: the program may stop reading (the match ends) before the end.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&answers);
    });
    let out = crate::common::wait_within(child, &format!("arena play --text {args:?}"));
    writer.join().unwrap();
    out
}

/// The records of a JSON trace file.
pub fn records(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The `snake_case` words of `text` (ids such as `counters_paid`), leaving out the lines
/// that name the saved file.
fn snake_case_ids(text: &str) -> std::collections::BTreeSet<&str> {
    text.lines()
        .filter(|l| !l.contains("saved in"))
        .flat_map(|l| l.split(|c: char| !c.is_ascii_alphanumeric() && c != '_'))
        .filter(|w| w.trim_matches('_').contains('_'))
        .collect()
}

#[test]
fn the_terminal_mode_plays_a_whole_match_of_every_game_from_scripted_input() {
    let dir = tempfile::tempdir().unwrap();
    for (game, players) in games() {
        let out = dir.path().join(format!("{game}.json"));
        let o = play_text(
            &[
                "--game",
                game,
                "--players",
                &players,
                "--bots",
                "random",
                "--seed",
                "11",
                "--out",
                out.to_str().unwrap(),
            ],
            "1\n".repeat(3000),
        );
        let text = stdout(&o);
        assert!(o.status.success(), "{game}: {text}\n{}", String::from_utf8_lossy(&o.stderr));
        let end_line = text
            .lines()
            .find(|l| l.starts_with("end: "))
            .unwrap_or_else(|| panic!("{game}: no end line in\n{text}"));
        let records = records(&out);
        let (start, end) = (&records[0], records.last().unwrap());
        assert_eq!(start["format"], 2);
        assert_eq!(start["bots"][0], "human", "{game}");
        assert_eq!(end["event"], "end", "{game}: the saved trace ends with the end record");
        assert!(
            end_line.contains(&format!("scores {}", end["scores"])),
            "{game}: {end_line} vs {}",
            end["scores"]
        );
        // Points are said in words, never as an event's id ("+10 (counters_paid)").
        let ids = snake_case_ids(&text);
        assert!(ids.is_empty(), "{game}: ids in the terminal's output: {ids:?}");
        if game == "low-blow" {
            assert!(text.contains(" points (paid "), "{game}: no counters paid in words");
            // A die's placements on an empty row are one line (LB-9: no rule reads a column).
            assert!(text.contains("on red's row, column 1, 2, 3, 4 or 5 ("), "{game}: {text}");
        }
        // Every choice of the person is the first legal action, as typed.
        let mine: Vec<&Value> = records.iter().filter(|r| r["bot"] == "human").collect();
        assert!(!mine.is_empty(), "{game}");
        assert!(mine.iter().all(|r| r["chosen"] == 0), "{game}");
        // The saved match replays in the viewer.
        let page = dir.path().join(format!("{game}.html"));
        let v = arena(&["view", "--trace", out.to_str().unwrap(), "--out", page.to_str().unwrap()]);
        assert!(v.status.success(), "{game}: {}", String::from_utf8_lossy(&v.stderr));
    }
}

#[test]
fn the_terminal_mode_answers_a_wrong_answer_gives_advice_and_stops_on_q() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.json");
    let o = play_text(
        &["--game", "tictactoe", "--seed", "2", "--out", out.to_str().unwrap()],
        "x\n10\n?\n5\nq\n",
    );
    assert!(o.status.success());
    let (text, err) = (stdout(&o), String::from_utf8_lossy(&o.stderr).to_string());
    assert!(err.contains("`x` is not a move: type a number from 1 to 9"), "{err}");
    assert!(err.contains("`10` is not a move"), "{err}");
    assert!(text.contains("advice (from what your seat knows): greedy plays"), "{text}");
    assert!(text.contains("of mcts-1k's visits"), "{text}");
    assert!(text.contains("X at row 2 column 2"), "{text}");
    assert!(text.contains("stopped at step 2 before the end"), "{text}");
    let records = records(&out);
    assert_eq!(records.len(), 4, "start, the person's move, the bot's reply, a stopped end");
    assert_eq!(records[1]["action"], "X at row 2 column 2");
    assert_eq!(records[3]["stopped"], true);
    assert_eq!(records[3]["winners"], serde_json::json!([]));
    // Stopped or not, the saved match replays in the viewer.
    let page = dir.path().join("t.html");
    let v = arena(&["view", "--trace", out.to_str().unwrap(), "--out", page.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
}

/// Stopping at the very first prompt, before any step: the closing words say the trace is
/// saved, and it is (a start and a stopped end, which replays).
#[test]
fn the_terminal_mode_saves_the_match_even_when_stopped_before_the_first_step() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pig.json");
    for answers in ["q\n", ""] {
        let _ = std::fs::remove_file(&out);
        let o =
            play_text(&["--game", "pig", "--seed", "3", "--out", out.to_str().unwrap()], answers);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(stdout(&o).contains("stopped at step 0"), "{}", stdout(&o));
        assert!(out.exists(), "input {answers:?}: the closing words name a file never written");
        let records = records(&out);
        assert_eq!(records.len(), 2, "a start and a stopped end");
        assert_eq!(records[1]["stopped"], true);
        let again = arena(&["trace", "--trace", out.to_str().unwrap(), "--format", "json"]);
        assert_eq!(stdout(&again), std::fs::read_to_string(&out).unwrap());
    }
}

#[test]
fn bad_play_flags_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let taken = dir.path().join("taken.json");
    std::fs::write(&taken, "x").unwrap();
    assert_refused(
        &arena(&["play", "--game", "pig", "--seat", "2", "--text"]),
        &["--seat 2", "seats 0 to 1"],
    );
    assert_refused(
        &arena(&["play", "--game", "pig", "--seat", "1", "--seat", "1", "--text"]),
        &["same seat twice"],
    );
    assert_refused(
        &arena(&["play", "--game", "dardz", "--players", "4", "--bots", "random,greedy", "--text"]),
        &["--bots random,greedy", "3 seats"],
    );
    assert_refused(
        &arena(&["play", "--game", "pig", "--out", taken.to_str().unwrap(), "--text"]),
        &["exists already"],
    );
    assert_refused(
        &arena(&["play", "--game", "pig", "--pace", "600000"]),
        &["--pace must be at most 60000"],
    );
    assert_refused(&arena(&["play", "--game", "chess"]), &["chess"]);
    // Every seat a person's: a misspelt bot is still refused, not ignored.
    assert_refused(
        &arena(&[
            "play", "--game", "pig", "--seat", "0", "--seat", "1", "--bots", "gredy", "--text",
        ]),
        &["--bots gredy"],
    );
}

/// A played match replays with `arena trace --trace` (the recorded choices
/// against the dice of its seed) byte for byte, and so does any JSON trace of every game;
/// a trace whose choice was edited is refused, naming the step.
#[test]
fn traces_replay_byte_for_byte_and_an_edited_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let played = dir.path().join("played.json");
    let o = play_text(
        &[
            "--game",
            "pride-prejudice",
            "--players",
            "3",
            "--seed",
            "5",
            "--out",
            played.to_str().unwrap(),
        ],
        "1\n".repeat(600),
    );
    assert!(o.status.success());
    let replayed = arena(&["trace", "--trace", played.to_str().unwrap(), "--format", "json"]);
    assert!(replayed.status.success(), "{}", String::from_utf8_lossy(&replayed.stderr));
    assert_eq!(
        stdout(&replayed),
        std::fs::read_to_string(&played).unwrap(),
        "the played match replays byte for byte"
    );
    for (game, players) in games() {
        let traced = arena(&[
            "trace",
            "--game",
            game,
            "--players",
            &players,
            "--bots",
            "greedy",
            "--seed",
            "3",
            "--matches",
            "0..2",
            "--format",
            "json",
        ]);
        let file = dir.path().join(format!("{game}.json"));
        std::fs::write(&file, &traced.stdout).unwrap();
        let again = arena(&["trace", "--trace", file.to_str().unwrap(), "--format", "json"]);
        assert_eq!(stdout(&again), stdout(&traced), "{game}: the replayed trace differs");
    }
    let text = std::fs::read_to_string(&played).unwrap();
    let first_choice = text.find("\"chosen\":0").unwrap();
    let edited = dir.path().join("edited.json");
    std::fs::write(
        &edited,
        format!("{}\"chosen\":1{}", &text[..first_choice], &text[first_choice + 10..]),
    )
    .unwrap();
    assert_refused(
        &arena(&["trace", "--trace", edited.to_str().unwrap()]),
        &["edited.json", "step 2", "replaying it gives"],
    );
}

/// A trace whose start names a player count the game does not take, or a decision by a seat
/// the match does not have: one line naming the file and the value, exit code 2, no panic.
#[test]
fn a_trace_with_an_impossible_player_count_or_seat_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let traced = arena(&[
        "trace", "--game", "pig", "--bots", "random", "--seed", "3", "--match", "0", "--format",
        "json",
    ]);
    let records: Vec<Value> =
        stdout(&traced).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let write = |name: &str, records: &[Value]| {
        let path = dir.path().join(name);
        let text: Vec<String> = records.iter().map(Value::to_string).collect();
        std::fs::write(&path, text.join("\n") + "\n").unwrap();
        path
    };
    for players in [0, 9] {
        let mut edited = records.clone();
        edited[0]["players"] = players.into();
        edited[0]["bots"] = Value::Array(vec!["random".into(); players]);
        let path = write("players.json", &edited);
        assert_refused(
            &arena(&["trace", "--trace", path.to_str().unwrap()]),
            &["players.json", &format!("{players} players"), "pig is for 2"],
        );
    }
    let mut edited = records.clone();
    let first = edited.iter().position(|r| r["event"] == "decision").unwrap();
    edited[first]["seat"] = 300.into();
    let path = write("seat.json", &edited);
    assert_refused(
        &arena(&["trace", "--trace", path.to_str().unwrap()]),
        &["seat.json", "seat 300", "2 players"],
    );
}

/// `arena trace --trace` reads a trace of any number of matches (it refused
/// more than 50 with the view page's limit, which is the page's, not the replay's); the
/// page still shows at most 50.
#[test]
fn trace_trace_replays_more_matches_than_one_page_shows() {
    let dir = tempfile::tempdir().unwrap();
    let traced = arena(&[
        "trace",
        "--game",
        "tictactoe",
        "--seed",
        "6",
        "--matches",
        "0..60",
        "--format",
        "json",
    ]);
    assert!(traced.status.success(), "{}", String::from_utf8_lossy(&traced.stderr));
    let file = dir.path().join("sixty.json");
    std::fs::write(&file, &traced.stdout).unwrap();
    let again = arena(&["trace", "--trace", file.to_str().unwrap(), "--format", "json"]);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    assert_eq!(stdout(&again), stdout(&traced), "60 matches replayed byte for byte");
    let page = dir.path().join("sixty.html");
    let o = arena(&["view", "--trace", file.to_str().unwrap(), "--out", page.to_str().unwrap()]);
    assert_refused(&o, &["sixty.json", "one page shows at most 50"]);
}

/// A line that is not text (invalid UTF-8) on `arena play --text`'s input is
/// refused and asked again, like any other wrong answer; it ended the match (exit 1).
#[test]
fn the_terminal_mode_refuses_a_line_that_is_not_text_and_asks_again() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.json");
    let args = ["--game", "tictactoe", "--seed", "2", "--out", out.to_str().unwrap()];
    let o = play_text(&args, b"\xff\xfe\n5\nq\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("is not text"), "{err}");
    assert!(stdout(&o).contains("X at row 2 column 2"), "the next line was played: {}", stdout(&o));
}

#[test]
fn the_terminal_reprints_a_revealed_turn_and_says_how_far_to_trust_the_advice() {
    // `arena play --text` prints a hidden Pride & Preju-Dice turn again once its round
    // reveals it (the person saw only that it was hidden), and its advice has the words the
    // page gives on how far to trust each bot. Seat 0 plays 4-player Pride, asking for
    // advice at its first move.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pride.json");
    let mut answers = String::from("?\n");
    answers.push_str(&"1\n".repeat(400));
    let args = ["--game", "pride-prejudice", "--players", "4", "--bots", "random", "--seed", "5"];
    let mut all = args.to_vec();
    all.extend(["--out", out.to_str().unwrap()]);
    let o = play_text(&all, answers);
    let text = stdout(&o);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let hidden = text.lines().filter(|l| l.contains("cannot see yet")).count();
    let revealed = text.lines().filter(|l| l.starts_with("(revealed) [")).count();
    assert!(hidden > 0 && revealed == hidden, "{hidden} hidden lines, {revealed} revealed");
    assert!(text.contains("simulated continuations") && text.contains("one step ahead"), "{text}");
    // Forced moves are their own lines, marked.
    assert!(text.contains("(only move): "), "no forced move marked");
}
