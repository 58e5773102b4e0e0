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
    for (game, players) in crate::common::every_game(&[]) {
        let page = dir.path().join(format!("{game}.html"));
        let page_s = page.to_str().unwrap();
        let o = arena(&[
            "view",
            "--game",
            game,
            "--players",
            &players,
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
            &players,
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

fn picks(dir: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join("notable.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&text).unwrap()["picks"].clone()
}

#[test]
fn the_matches_worth_seeing_are_the_same_for_any_thread_count_and_shard_split() {
    let dir = tempfile::tempdir().unwrap();
    let plan = [
        "--game",
        "dardz",
        "--players",
        "4",
        "--bots",
        "random,greedy,random,random",
        "--matches",
        "400",
        "--seed",
        "11",
    ];
    let [one, two] = crate::common::run_on_1_and_2_threads(dir.path(), "notable", &plan);
    let (a, b) = (picks(&one), picks(&two));
    assert_eq!(a, b);
    let rules: Vec<&str> =
        a.as_array().unwrap().iter().map(|p| p["rule"].as_str().unwrap()).collect();
    for rule in ["longest", "shortest", "end", "comeback", "upset", "rare"] {
        assert!(rules.contains(&rule), "no `{rule}` pick: {rules:?}");
    }
    // Every pick has its page, a replay of that very match, and the report links it.
    let report = std::fs::read_to_string(two.join("report.html")).unwrap();
    assert!(report.contains("Matches worth seeing"));
    for p in a.as_array().unwrap() {
        let page = p["page"].as_str().unwrap();
        let html = std::fs::read_to_string(two.join(page)).unwrap();
        assert_self_contained(&html);
        // The page hands JavaScript its 64-bit numbers as strings (a JavaScript number holds
        // only 53 bits exactly).
        assert_eq!(embedded(&html)[0][0]["match"], p["match"].to_string());
        assert!(report.contains(&format!("href=\"{page}\"")), "{page}");
    }
    // Two shards merged pick the same matches as the whole run.
    let mut shards = Vec::new();
    for shard in ["0/2", "1/2"] {
        let out = dir.path().join(shard.replace('/', "of"));
        let mut args =
            vec!["run", "--quiet", "--no-report", "--shard", shard, "--out", out.to_str().unwrap()];
        args.extend(plan);
        assert!(arena(&args).status.success());
        shards.push(out);
    }
    let merged = dir.path().join("merged");
    let o = arena(&[
        "merge",
        "--no-report",
        "--out",
        merged.to_str().unwrap(),
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(picks(&merged), a);
}

/// Each game with rare events names them in its picks: Pride's romance on the
/// heart-and-diamond link (PP-7; about one match in nine with random bots).
#[test]
fn pride_picks_its_rare_event() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pride");
    let o = arena(&[
        "run",
        "--quiet",
        "--no-report",
        "--game",
        "pride-prejudice",
        "--matches",
        "300",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let picks = picks(&out);
    let rare: Vec<&serde_json::Value> =
        picks.as_array().unwrap().iter().filter(|p| p["rule"] == "rare").collect();
    assert!(
        rare.iter().any(|p| p["title"].as_str().unwrap().contains("PP-7")),
        "no Pride rare event: {picks}"
    );
}

#[test]
fn a_600_decision_pride_match_is_a_page_under_1_mb() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("p.html");
    // Match 23 of seven players, seed 7: 602 decisions.
    let o = arena(&[
        "view",
        "--game",
        "pride-prejudice",
        "--players",
        "7",
        "--seed",
        "7",
        "--match",
        "23",
        "--out",
        page.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let html = std::fs::read_to_string(&page).unwrap();
    let data = embedded(&html);
    let end = data[0].as_array().unwrap().last().unwrap().clone();
    assert_eq!(end["decisions"], 602);
    assert!(html.len() < 1_000_000, "{} bytes", html.len());
}

/// The policy of a written page (its `<meta>`), and the text of its one inline script.
fn policy_and_script(html: &str) -> (String, String) {
    let meta = html.split("http-equiv=\"Content-Security-Policy\" content=\"").nth(1).unwrap();
    let policy = meta.split('"').next().unwrap().replace("&#39;", "'");
    let script = html.rsplit("<script>").next().unwrap().split("</script>").next().unwrap();
    (policy, script.to_string())
}

/// A trace whose values are markup (TRICE's placements and die colours,
/// the end scores) becomes a page where they are data only, under a policy that lets no
/// script run but the page's own, named by its hash. (The browser check,
/// scripts/check-view-browser.sh, opens such pages and sees nothing run.)
#[test]
fn a_hostile_trace_is_data_in_a_page_that_runs_only_its_own_script() {
    use base64::Engine;
    use sha2::Digest;
    let tmp = tempfile::tempdir().unwrap();
    let o = arena(&["trace", "--game", "trice", "--seed", "3", "--match", "0", "--format", "json"]);
    let payload = "\"><img src=x onerror=alert(1)></script><script>alert(2)</script>";
    let hostile: Vec<String> = stdout(&o)
        .lines()
        .map(|line| {
            let mut r: serde_json::Value = serde_json::from_str(line).unwrap();
            if r["event"] == "start" {
                r["state_data"]["placements"] = payload.into();
                r["game"] = payload.into();
            }
            if r["event"] == "end" {
                r["scores"] = serde_json::json!([payload, payload]);
            }
            r.to_string().replace("\"white\"", &serde_json::Value::from(payload).to_string())
        })
        .collect();
    let trace = tmp.path().join("t.jsonl");
    std::fs::write(&trace, hostile.join("\n") + "\n").unwrap();
    let page = tmp.path().join("t.html");
    let o = arena(&["view", "--trace", trace.to_str().unwrap(), "--out", page.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("<img") && !html.contains("alert(2)</script>"), "markup left as markup");
    assert_eq!(html.matches("<script").count(), 2, "the trace's data block and the page's script");
    let (policy, script) = policy_and_script(&html);
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(&script));
    assert!(policy.contains(&format!("script-src 'sha256-{hash}'")), "{policy}");
    assert!(policy.starts_with("default-src 'none'"), "{policy}");
    for never in ["unsafe-eval", "http:", "https:", "script-src 'unsafe-inline'", "*"] {
        assert!(!policy.contains(never), "{never} in {policy}");
    }
}
