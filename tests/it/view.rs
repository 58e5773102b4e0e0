//! `arena view` through the binary: the page stands alone (no network reference, no
//! external source), embeds the match's trace, reads trace files of `arena trace`, and
//! refuses bad input with one line and exit code 2.

use crate::common::{arena, assert_refused, stdout};

/// The JSON embedded in a page.
fn embedded(html: &str) -> serde_json::Value {
    let open = "<script id=\"arena-trace\" type=\"application/json\">";
    let start = html.find(open).expect("the trace element") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("the embedded trace is JSON")
}

fn assert_self_contained(html: &str) {
    let lower = html.to_lowercase();
    for bad in ["http://", "https://", " src=", "<link", "@import", "url(", "//cdn"] {
        assert!(!lower.contains(bad), "the page refers outside itself: `{bad}`");
    }
}

#[test]
fn a_page_per_game_stands_alone_and_embeds_the_whole_trace() {
    let dir = tempfile::tempdir().unwrap();
    for (game, players) in [
        ("tictactoe", "2"),
        ("pig", "2"),
        ("trice", "2"),
        ("low-blow", "3"),
        ("dardz", "4"),
        ("pride-prejudice", "4"),
        ("love-actually", "4"),
    ] {
        let page = dir.path().join(format!("{game}.html"));
        let page_s = page.to_str().unwrap();
        let o = arena(&[
            "view",
            "--game",
            game,
            "--players",
            players,
            "--seed",
            "5",
            "--match",
            "2",
            "--out",
            page_s,
        ]);
        assert!(o.status.success(), "{game}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(stdout(&o).contains("wrote"), "{}", stdout(&o));
        let html = std::fs::read_to_string(&page).unwrap();
        assert_self_contained(&html);
        // The same match as `arena trace`: the same end record and as many steps.
        let t = arena(&[
            "trace",
            "--game",
            game,
            "--players",
            players,
            "--seed",
            "5",
            "--match",
            "2",
            "--format",
            "json",
        ]);
        let lines: Vec<serde_json::Value> =
            stdout(&t).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let data = embedded(&html);
        let records = data[0].as_array().unwrap();
        assert_eq!(records.len(), lines.len(), "{game}");
        let (mine, theirs) = (records.last().unwrap(), lines.last().unwrap());
        assert_eq!(mine["event"], "end");
        for key in ["scores", "ranks", "winners", "reason", "decisions", "state_data"] {
            assert_eq!(mine[key], theirs[key], "{game}: {key}");
        }
        assert_eq!(records[0]["state_data"], lines[0]["state_data"], "{game}");
    }
}

#[test]
fn a_trace_file_and_a_result_folder_give_the_same_page() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    let o = arena(&[
        "run",
        "--game",
        "pig",
        "--matches",
        "20",
        "--seed",
        "3",
        "--quiet",
        "--no-report",
        "--out",
        run.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let a = dir.path().join("a.html");
    let o = arena(&[
        "view",
        "--from",
        run.to_str().unwrap(),
        "--matches",
        "4..7",
        "--out",
        a.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let t =
        arena(&["trace", "--from", run.to_str().unwrap(), "--matches", "4..7", "--format", "json"]);
    let file = dir.path().join("t.jsonl");
    std::fs::write(&file, &t.stdout).unwrap();
    let b = dir.path().join("b.html");
    let o = arena(&["view", "--trace", file.to_str().unwrap(), "--out", b.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (a, b) = (std::fs::read_to_string(a).unwrap(), std::fs::read_to_string(b).unwrap());
    assert_eq!(embedded(&a), embedded(&b));
    assert_eq!(embedded(&a).as_array().unwrap().len(), 3);
}

#[test]
fn bad_input_is_refused_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.html");
    let out = out.to_str().unwrap();
    assert_refused(&arena(&["view", "--game", "pig", "--out", out]), &["--match"]);
    assert_refused(&arena(&["view", "--match", "1", "--out", out]), &["--game"]);
    assert_refused(&arena(&["view", "--game", "nope", "--match", "1", "--out", out]), &["nope"]);
    assert_refused(
        &arena(&["view", "--game", "pig", "--matches", "0..51", "--out", out]),
        &["at most 50"],
    );
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"event\":\"start\",\"game\":\"pig\"}\n").unwrap();
    assert_refused(
        &arena(&["view", "--trace", bad.to_str().unwrap(), "--out", out]),
        &["bad.jsonl", "format"],
    );
    std::fs::write(&bad, "not json\n").unwrap();
    assert_refused(
        &arena(&["view", "--trace", bad.to_str().unwrap(), "--out", out]),
        &["line 1", "JSON"],
    );
    let missing = dir.path().join("missing.jsonl");
    assert_refused(
        &arena(&["view", "--trace", missing.to_str().unwrap(), "--out", out]),
        &["missing.jsonl"],
    );
    assert!(!std::path::Path::new(out).exists(), "nothing is written on bad input");
}
