//! `report.html` through the binary: a small real run of every game gets a page with each of
//! its charts, the seat interval bars drawn where seats.csv says (read back from the SVG),
//! and no external reference; `--no-report` skips it; the default experiment gets a summary
//! linking each game's page; merges and a sweep folder (a hand-made fixture in the layout of
//! `arena sweep`) get theirs; bad folders are refused in one line naming the file (exit 2)
//! with no page written.

use crate::common;

use std::path::Path;

use common::{arena, read};

use crate::report_read::*;

fn run_ok(args: &[&str]) {
    let out = arena(args);
    assert!(out.status.success(), "arena {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn every_game_gets_a_page_with_its_charts_and_seat_bars_where_the_csv_says() {
    let tmp = tempfile::tempdir().unwrap();
    let cases: &[(&str, &[&str], &[&str])] = &[
        ("tictactoe", &[], &[]),
        ("pig", &[], &["length-lead_changes", "length-decided_percent"]),
        ("trice", &[], &["metric-ended"]),
        (
            "dardz",
            &["--players", "3", "--bots", "greedy:samples=2,random,random"],
            &[
                "metric-card_points",
                "metric-points",
                "metric-scored",
                "length-lead_changes",
                "length-decided_percent",
                "bot-shares",
                "bot-ratings",
            ],
        ),
        ("low-blow", &[], &["metric-played"]),
    ];
    for (game, extra, charts) in cases {
        let dir = tmp.path().join(game);
        let mut args =
            vec!["run", "--game", game, "--matches", "60", "--seed", "3", "--quiet", "--out"];
        args.push(dir.to_str().unwrap());
        args.extend(*extra);
        run_ok(&args);
        let html = read(&dir, "report.html");
        assert_self_contained(&html, game);
        assert_tables_boxed(&html, game);
        assert_axes_readable(&html, game);
        let mut ids = vec!["seat-shares", "length-decisions"];
        ids.extend(*charts);
        assert_charts(&html, &ids, game);
        // Turns and rounds: a chart, or a sentence when the measure is constant or the
        // same distribution as one drawn above (no chart of a constant, no chart twice).
        for (id, desc) in
            [("length-turns", "turns per match"), ("length-rounds", "rounds per match")]
        {
            if figure(&html, id).is_some() {
                assert_charts(&html, &[id], game);
            } else {
                assert!(
                    html.contains(&format!("{desc}: always"))
                        || html.contains(&format!("{desc}: the same as")),
                    "{game}: neither a chart nor a sentence for {desc}"
                );
            }
        }
        assert_verdict_answer_first(&html, &read(&dir, "verdict.txt"), game);
        if *game == "dardz" {
            // The option kinds, metrics and measures in words a reader knows, each id beside
            // its words in code only.
            assert!(
                html.contains("<td class=\"words\">pick 11 and add your 11s to your points pile <code class=\"id\">value_11</code></td>"),
                "dardz: the option table's first column in words"
            );
            assert!(html.contains("<code class=\"id\">card_points_golden_7</code>"), "a metric");
            let ids = ["value_11", "golden_7", "bunk_em", "card_points_12", "lead_changes"];
            assert_no_ids(&html, &ids, game);
        }
        let fair = 1.0 / seat_intervals(&dir).len() as f64;
        let f = figure(&html, "seat-shares").unwrap();
        assert_guide(f, fair, (fair - 0.01, fair + 0.01), game);
        assert!(html.contains("exactly, into a new folder beside <code>"), "{game}: command line");
        assert!(html.contains(&format!("<code>arena run --game {game} --players ")), "{game}");
        let bars = seat_bars(&html);
        let want = seat_intervals(&dir);
        assert_eq!(bars.len(), want.len(), "{game}: one interval bar per seat");
        let f = figure(&html, "seat-shares").unwrap();
        let map: Vec<f64> = f
            .split("data-y-map=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let px = ((map[2] - map[0]) / (map[3] - map[1])).abs();
        for (seat, ((lo, hi), (wlo, whi))) in bars.iter().zip(&want).enumerate() {
            assert!(
                (lo - wlo).abs() <= 1.5 * px && (hi - whi).abs() <= 1.5 * px,
                "{game} seat {seat}: bar [{lo}, {hi}] but seats.csv says [{wlo}, {whi}] (1 px = {px})"
            );
        }
    }
}

#[test]
fn no_report_skips_the_page_and_a_merge_gets_one() {
    let tmp = tempfile::tempdir().unwrap();
    let d = |n: &str| tmp.path().join(n).to_str().unwrap().to_string();
    run_ok(&[
        "run",
        "--game",
        "pig",
        "--matches",
        "40",
        "--quiet",
        "--no-report",
        "--out",
        &d("plain"),
    ]);
    assert!(!tmp.path().join("plain/report.html").exists());
    let shards =
        common::shard_dirs(tmp.path(), &["run", "--game", "pig", "--matches", "40", "--no-report"]);
    run_ok(&[
        "merge",
        "--out",
        &d("merged"),
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
    ]);
    let html = read(&tmp.path().join("merged"), "report.html");
    assert_charts(&html, &["seat-shares", "length-turns"], "merged");
    assert!(html.contains("40 completed"), "the merged page counts every shard's matches");
}

#[test]
fn the_default_experiment_gets_a_summary_linking_every_game() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("exp");
    let out = dir.to_str().unwrap();
    run_ok(&["run", "--matches", "24", "--skill-matches", "40", "--quiet", "--out", out]);
    let html = read(&dir, "report.html");
    assert_self_contained(&html, "summary");
    assert_charts(&html, &["seat0-edges"], "summary");
    assert_tables_boxed(&html, "summary");
    assert_axes_readable(&html, "summary");
    assert_guide(figure(&html, "seat0-edges").unwrap(), 0.0, (-1.0, 1.0), "summary");
    // Every game's verdict comes from random bots: their warning is said once, not per row.
    assert_eq!(html.matches("random bots play without strategy").count(), 1, "one warning");
    // Each game's mean length to three significant figures, as every page shows means.
    let games = html.split("<th style=\"text-align:left\">verdict</th>").nth(1).unwrap();
    let count = arena::games::GAMES.len();
    for row in games.split("</tr>").filter(|r| r.contains("<td>")).take(count) {
        let cells: Vec<&str> =
            row.split("<td>").skip(1).map(|c| c.split('<').next().unwrap()).collect();
        let mean = cells[5];
        let digits = mean.trim_start_matches(['0', '.']).chars().filter(char::is_ascii_digit);
        let whole = mean.split('.').next().unwrap().len();
        assert!(digits.count() <= 3.max(whole), "mean {mean} in {row}");
    }
    // Each game's verdict opens with its plain answer; the methods are in the "How this was
    // decided" box, under the first screen's answer and chart.
    assert_eq!(
        html.matches("<td style=\"text-align:left;white-space:normal\"><strong class=\"answer\">")
            .count(),
        count
    );
    let method = html.find("<details class=\"decided\" id=\"method\">").unwrap();
    assert!(html.find("id=\"answer\"").unwrap() < html.find("id=\"seat0-edges\"").unwrap());
    assert!(html.find("id=\"seat0-edges\"").unwrap() < method);
    assert_eq!(html[method..].matches("Method: exact binomial test").count(), count);
    // The skill check's table: every game's greedy-over-random rating, read from
    // its ladder, and a page per ladder.
    assert!(html.contains("How much does skill matter?"), "the skill section");
    assert!(html.contains("greedy over random (Elo, 95%)"), "the rating column");
    for game in ["tictactoe", "pig", "trice", "dardz", "low-blow", "love-actually"] {
        let ladder = read(&dir.join("skill").join(game), "ladder.csv");
        let greedy = ladder.lines().nth(2).unwrap_or_else(|| panic!("{game}: no greedy rung"));
        let elo: f64 = greedy.split(',').nth(2).unwrap().parse().unwrap();
        assert!(
            html.contains(&format!("<td>{game}</td><td>{elo:.0} [")),
            "{game}'s rating {elo:.0}"
        );
        // One figure per question, so the page never contradicts the verdict: seat 0's
        // share with greedy in every seat is
        // the share of the decisive matches, as the ladder's verdict and stdout give it,
        // never the one that counts a draw as half.
        let header: Vec<&str> = ladder.lines().next().unwrap().split(',').collect();
        let cell = |name: &str| -> Option<f64> {
            let i = header.iter().position(|h| *h == name).unwrap();
            greedy.split(',').nth(i).unwrap().parse().ok()
        };
        // Undefined (no decisive match: greedy draws every tic-tac-toe) is an empty cell.
        let decisive = match (
            cell("seat0_decisive_win_rate"),
            cell("seat0_decisive_ci_low"),
            cell("seat0_decisive_ci_high"),
        ) {
            (Some(x), Some(lo), Some(hi)) => format!("{x:.3} [{lo:.3}, {hi:.3}]"),
            _ => String::new(),
        };
        let row = html.split(&format!("<td>{game}</td><td>{elo:.0} [")).nth(1).unwrap();
        let row = &row[..row.find("</tr>").unwrap()];
        assert!(row.contains(&format!("<td>{decisive}</td>")), "{game}: {decisive} in {row}");
        let page = read(&dir.join("skill").join(game), "report.html");
        assert_self_contained(&page, game);
        assert!(
            html.contains(&format!("<a href=\"skill/{game}/report.html\">{game}</a>")),
            "links {game}'s ladder"
        );
    }
    // Every page of the experiment's folder (each game's and each skill ladder's)
    // is linked from the summary, and every link of the summary leads to a file there.
    let hrefs: Vec<&str> =
        html.split("href=\"").skip(1).map(|rest| &rest[..rest.find('"').unwrap()]).collect();
    for href in &hrefs {
        assert!(dir.join(href).is_file(), "the summary links {href}, which is not there");
    }
    let mut pages = Vec::new();
    for sub in [dir.clone(), dir.join("skill")] {
        for e in std::fs::read_dir(&sub).unwrap().flatten() {
            if e.path().join("report.html").is_file() {
                pages.push(e.path().join("report.html"));
            }
        }
    }
    assert!(pages.len() >= 14, "{pages:?}");
    for page in pages {
        let rel = page.strip_prefix(&dir).unwrap().to_str().unwrap().to_string();
        assert!(hrefs.contains(&rel.as_str()), "the summary does not link {rel}");
    }
    for game in ["tictactoe", "pig", "trice", "dardz", "low-blow"] {
        assert!(
            html.contains(&format!("<a href=\"{game}/report.html\">{game}</a>")),
            "summary links {game}"
        );
        let page = read(&dir.join(game), "report.html");
        assert!(page.contains("href=\"../report.html\""), "{game} links back");
        assert_charts(&page, &["seat-shares"], game);
    }
}

#[test]
fn a_sweep_folder_gets_each_figure_against_the_parameter_and_the_paired_differences() {
    let tmp = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sweep");
    for f in ["sweep.csv", "sweep_diff.csv"] {
        std::fs::copy(fixture.join(f), tmp.path().join(f)).unwrap();
    }
    // The game's name, for the varied parameter's words (the fixture's folder has no run).
    std::fs::write(tmp.path().join("manifest.json"), r#"{"game": "dardz"}"#).unwrap();
    run_ok(&["report", tmp.path().to_str().unwrap()]);
    let html = read(tmp.path(), "report.html");
    assert_self_contained(&html, "sweep");
    assert_charts(
        &html,
        &[
            "sweep-seats",
            "sweep-deviation",
            "sweep-turns",
            "sweep-diff-seat0_win",
            "sweep-diff-turns",
        ],
        "sweep",
    );
    // The varied parameter in words, its id in code where a command needs it.
    assert!(html.contains("Sweep of points of a 12 card: 5 variants"));
    assert!(html.contains("<dd>points of a 12 card = 8</dd>"), "the baseline is named");
    assert!(html.contains("<code>value_12</code>"), "the id for a command");
    assert_no_ids(&html, &["value_12", "seat0_win", "card_points_12"], "sweep");
    // A panel per seat (its own band, margin and caption): bands over each other read as mud.
    let seats = figure(&html, "sweep-seats").unwrap();
    assert_eq!(seats.matches("<polygon").count(), 3, "one band per seat, each in its panel");
    assert_eq!(seats.matches("fill=\"#E67E22\"").count(), 3, "each panel's margin");
    for s in ["seat 0 (moves first)", "seat 1", "seat 2"] {
        assert!(seats.contains(&format!(">\n{s}\n</text>")), "the panel {s}");
    }
    // The cards' shares of points have no interval in sweep.csv: a table (a row
    // per card, a column per variant), not a chart.
    assert!(figure(&html, "sweep-point-shares").is_none(), "no chart without intervals");
    assert_tables_boxed(&html, "sweep");
    assert_axes_readable(&html, "sweep");
    assert!(html.contains("<th>points of a 12 card = 8 (baseline)</th>"), "a column per variant");
    assert!(html.contains("<tr><td>12</td><td>"), "a row per card");
    // The largest deviation against the margin the sweep used (the default ±1 pp
    // without a sweep.json), from 0; the seats' shares against fair ± the margin.
    let third = 1.0 / 3.0;
    assert_guide(figure(&html, "sweep-deviation").unwrap(), 1.0, (0.0, 1.0), "deviation");
    assert_guide(
        figure(&html, "sweep-seats").unwrap(),
        third,
        (third - 0.01, third + 0.01),
        "seats",
    );
    std::fs::write(tmp.path().join("sweep.json"), r#"{"request": {"fair_within": 2.5}}"#).unwrap();
    run_ok(&["report", tmp.path().to_str().unwrap()]);
    let html = read(tmp.path(), "report.html");
    assert_guide(figure(&html, "sweep-deviation").unwrap(), 2.5, (0.0, 2.5), "deviation, ±2.5");
    assert!(html.contains("within the sweep&#39;s ±2.5 pp margin"), "the caption names it");
}

#[test]
fn bad_folders_are_refused_in_one_line_naming_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/dardz");
    let copy = |name: &str| {
        let dir = tmp.path().join(name);
        std::fs::create_dir(&dir).unwrap();
        for e in std::fs::read_dir(&golden).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
        // Without the manifest's record of each file (as a folder from before it), so that
        // the readers themselves meet the damage (the record is checked by
        // `report_checks_each_file_against_the_manifest_record`).
        let manifest = dir.join("manifest.json");
        let mut json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
        json.as_object_mut().unwrap().remove("file_digests");
        std::fs::write(&manifest, serde_json::to_vec_pretty(&json).unwrap()).unwrap();
        dir
    };
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let missing = copy("missing");
    std::fs::remove_file(missing.join("seats.csv")).unwrap();
    let ragged = copy("ragged");
    std::fs::write(ragged.join("lengths.csv"), "measure,matches,mean\ndecisions,18\n").unwrap();
    let text = copy("text");
    // Seat 0's win_rate (the sixth column) as a word.
    let seats: Vec<String> = read(&text, "seats.csv")
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let mut cells: Vec<&str> = line.split(',').collect();
            if i == 1 {
                cells[5] = "lots";
            }
            cells.join(",") + "\n"
        })
        .collect();
    let seats = seats.concat();
    std::fs::write(text.join("seats.csv"), seats).unwrap();
    for (dir, names) in [
        (&empty, "not a result folder"),
        (&missing, "seats.csv: missing"),
        (&ragged, "lengths.csv: malformed CSV"),
        (&text, "`lots` is not a number"),
    ] {
        let out = arena(&["report", dir.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", dir.display());
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(err.contains(names), "{}: `{err}` should say `{names}`", dir.display());
        assert!(!dir.join("report.html").exists(), "no half page in {}", dir.display());
    }
}

/// A CSV file cut short is refused by name, not rendered.
#[test]
fn report_refuses_truncated_files() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let o = arena(&[
        "run",
        "--quiet",
        "--game",
        "pig",
        "--matches",
        "300",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let lengths = dir.join("lengths.csv");
    let bytes = std::fs::read(&lengths).unwrap();
    std::fs::write(&lengths, &bytes[..bytes.len() - 3]).unwrap();
    let o = arena(&["report", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("lengths.csv") && err.contains("truncated"), "{err}");
    let sw = tmp.path().join("sweep");
    let o = arena(&[
        "sweep",
        "--quiet",
        "--game",
        "pig",
        "--vary",
        "target=50,60",
        "--matches",
        "100",
        "--out",
        sw.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let sweep_csv = sw.join("sweep.csv");
    let bytes = std::fs::read(&sweep_csv).unwrap();
    std::fs::write(&sweep_csv, &bytes[..bytes.len() - 3]).unwrap();
    let o = arena(&["report", sw.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("sweep.csv"));
}

/// Change `dir/file` with `edit`, then `arena report dir` must refuse it in one line naming
/// the file and what happened to it (checked against the manifest's record).
fn assert_report_refuses_edit(dir: &Path, file: &str, edit: impl Fn(&mut Vec<u8>), says: &str) {
    let path = dir.join(file);
    let original = std::fs::read(&path).unwrap();
    let mut bytes = original.clone();
    edit(&mut bytes);
    assert_ne!(bytes, original, "the edit changes {file}");
    std::fs::write(&path, &bytes).unwrap();
    let o = arena(&["report", dir.to_str().unwrap()]);
    common::assert_refused(&o, &[file, says]);
    std::fs::write(&path, &original).unwrap();
    let o = arena(&["report", dir.to_str().unwrap()]);
    assert!(o.status.success(), "the original {file} is accepted: {}", common::stderr(&o));
}

/// Bump the first ASCII digit after the header line (the size stays).
fn bump_a_digit(bytes: &mut [u8]) {
    let start = bytes.iter().position(|&b| b == b'\n').unwrap_or(0);
    let at = match bytes[start..].iter().position(u8::is_ascii_digit) {
        Some(i) => start + i,
        None => bytes.iter().position(u8::is_ascii_digit).unwrap(),
    };
    bytes[at] = if bytes[at] == b'9' { b'1' } else { bytes[at] + 1 };
}

/// Drop the last whole line (the file still ends with a newline, so only the record can tell).
fn drop_last_line(bytes: &mut Vec<u8>) {
    bytes.pop();
    let end = bytes.iter().rposition(|&b| b == b'\n').unwrap();
    bytes.truncate(end + 1);
}

/// Every file the report reads is checked against the size and CRC-32 its
/// folder's manifest (a ladder's ladder.json) recorded: a changed digit or a dropped line,
/// which leave a well-formed CSV, are refused by name instead of drawn.
#[test]
fn report_checks_each_file_against_the_manifest_record() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    run_ok(&[
        "run",
        "--quiet",
        "--game",
        "pig",
        "--matches",
        "300",
        "--out",
        run.to_str().unwrap(),
    ]);
    for file in ["seats.csv", "lengths.csv", "histograms.csv", "verdict.txt"] {
        assert_report_refuses_edit(&run, file, |b| bump_a_digit(b), "changed");
    }
    assert_report_refuses_edit(&run, "lengths.csv", drop_last_line, "cut short");
    assert_report_refuses_edit(
        &run,
        "seats.csv",
        |b| b.extend_from_slice(b"9,9,9\n"),
        "lengthened",
    );

    let sweep = tmp.path().join("sweep");
    let vary = ["--vary", "target=50,60", "--matches", "100", "--out", sweep.to_str().unwrap()];
    run_ok(&[&["sweep", "--quiet", "--game", "pig"], &vary[..]].concat());
    assert_report_refuses_edit(&sweep, "sweep.csv", drop_last_line, "cut short");
    assert_report_refuses_edit(
        &sweep.join("v001_target-50"),
        "seats.csv",
        |b| bump_a_digit(b),
        "changed",
    );

    let ladder = tmp.path().join("ladder");
    let rungs =
        ["--bots", "random,greedy", "--max-matches", "200", "--out", ladder.to_str().unwrap()];
    run_ok(&[&["ladder", "--quiet", "--game", "tictactoe"], &rungs[..]].concat());
    assert_report_refuses_edit(&ladder, "ladder.csv", |b| bump_a_digit(b), "changed");
    assert_report_refuses_edit(&ladder, "ladder_figures.csv", drop_last_line, "cut short");
}

/// No chart text below 12 px (plotters wrote 9.7 px by default).
#[test]
fn chart_text_is_at_least_12_px() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    run_ok(&[
        "run",
        "--quiet",
        "--game",
        "dardz",
        "--matches",
        "300",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let html = read(&dir, "report.html");
    let sizes: Vec<f64> = html
        .split("font-size=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().parse().unwrap())
        .collect();
    assert!(sizes.len() > 20, "charts with text: {}", sizes.len());
    assert!(sizes.iter().all(|&s| s >= 12.0), "sizes below 12 px: {sizes:?}");
}

/// A metric that is a length measure (Pride's `rounds`) is not charted a
/// second time among the game's metrics, beside unlike counts.
#[test]
fn a_length_measure_is_not_charted_again_among_the_metrics() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let out = dir.to_str().unwrap();
    run_ok(&["run", "--quiet", "--game", "pride-prejudice", "--matches", "60", "--out", out]);
    let html = read(&dir, "report.html");
    assert!(!html.contains("<figcaption>rounds: mean per match"), "rounds charted as a metric");
    assert!(
        html.contains("<figcaption>rounds started: mean per match"),
        "the other rounds_ metrics stay"
    );
}

/// A `manifest.json` of the wrong shape is refused by `arena report` in one
/// line naming it (it rendered a page with an empty header).
#[test]
fn a_manifest_of_the_wrong_shape_is_refused_by_report() {
    let tmp = tempfile::tempdir().unwrap();
    let dir =
        crate::common::finished(tmp.path(), "run", "run", &["--game", "pig", "--matches", "50"]);
    for shape in ["[1,2]", "\"pig\"", "3"] {
        std::fs::write(dir.join("manifest.json"), shape).unwrap();
        let o = arena(&["report", dir.to_str().unwrap()]);
        crate::common::assert_refused(&o, &["manifest.json", "not a run's manifest"]);
    }
}

/// The report links only pages of arena's own naming, checked when read: a
/// `notable.json` whose pick names another page, or of the wrong shape, is refused in one line
/// naming it; a picked match whose page is missing is shown without a link, and said, by
/// the report and by `arena status`.
#[test]
fn notable_links_are_arenas_own_and_missing_pages_are_said() {
    let tmp = tempfile::tempdir().unwrap();
    let dir =
        crate::common::finished(tmp.path(), "run", "run", &["--game", "pig", "--matches", "50"]);
    let valid = std::fs::read_to_string(dir.join("notable.json")).unwrap();
    let first = serde_json::from_str::<serde_json::Value>(&valid).unwrap()["picks"][0]["page"]
        .as_str()
        .unwrap()
        .to_string();
    for hostile in ["javascript:alert(document.cookie)", "https://evil.example/x.html"] {
        std::fs::write(dir.join("notable.json"), valid.replacen(&first, hostile, 1)).unwrap();
        let o = arena(&["report", dir.to_str().unwrap()]);
        crate::common::assert_refused(&o, &["notable.json", "not arena's matches/match-"]);
    }
    std::fs::write(dir.join("notable.json"), "[1,2]").unwrap();
    let o = arena(&["report", dir.to_str().unwrap()]);
    crate::common::assert_refused(&o, &["notable.json", "`picks` is a list"]);
    std::fs::write(dir.join("notable.json"), &valid).unwrap();
    std::fs::remove_dir_all(dir.join("matches")).unwrap();
    let o = arena(&["report", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(!html.contains("href=\"matches/"), "no link to a missing page");
    assert!(html.contains("its page is missing") && html.contains("replay pages are missing"));
    // And `arena status` says so too.
    let o = arena(&["status", dir.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    let picks = serde_json::from_str::<serde_json::Value>(&valid).unwrap()["picks"]
        .as_array()
        .unwrap()
        .len();
    assert!(out.contains(&format!("{picks} of notable.json's replay pages are missing")), "{out}");
}
