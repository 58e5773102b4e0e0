//! `report.html` through the binary: a small real run of every game gets a page with each of
//! its charts, the seat interval bars drawn where seats.csv says (read back from the SVG),
//! and no external reference; `--no-report` skips it; the default experiment gets a summary
//! linking each game's page; merges and a sweep folder (a hand-made fixture in the layout of
//! `arena sweep`) get theirs; bad folders are refused in one line naming the file (exit 2)
//! with no page written.

use crate::common;

use std::path::Path;

use common::{arena, read};

/// The figure with `id` in `html` (its whole `<figure>` element).
fn figure<'a>(html: &'a str, id: &str) -> Option<&'a str> {
    let start = html.find(&format!("<figure class=\"chart\" id=\"{id}\""))?;
    let end = html[start..].find("</figure>")? + start;
    Some(&html[start..end])
}

/// A figure's value axis: (value, pixel) at two points, from its `data-y-map`.
fn y_map(f: &str) -> [f64; 4] {
    let at = f.find("data-y-map=\"").unwrap() + "data-y-map=\"".len();
    let map: Vec<f64> =
        f[at..at + f[at..].find('"').unwrap()].split(' ').map(|v| v.parse().unwrap()).collect();
    [map[0], map[1], map[2], map[3]]
}

/// A pixel row of a figure as a value of its axis, and one pixel in values.
fn value_at(f: &str, px: f64) -> f64 {
    let [v0, p0, v1, p1] = y_map(f);
    v0 + (px - p0) * (v1 - v0) / (p1 - p0)
}

fn one_px(f: &str) -> f64 {
    let [v0, p0, v1, p1] = y_map(f);
    ((v1 - v0) / (p1 - p0)).abs()
}

fn attr_num(tag: &str, name: &str) -> f64 {
    let at = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    tag[at..at + tag[at..].find('"').unwrap()].parse().unwrap()
}

/// The verdict's margin band of a figure (the rectangle in the margin colour), as values.
fn margin_band(f: &str) -> Option<(f64, f64)> {
    let rect = f
        .split("<rect")
        .skip(1)
        .find(|r| r[..r.find('>').unwrap()].contains("fill=\"#E67E22\""))?;
    let (y, h) = (attr_num(rect, "y"), attr_num(rect, "height"));
    let (a, b) = (value_at(f, y), value_at(f, y + h));
    Some((a.min(b), a.max(b)))
}

/// The values of a figure's horizontal red reference lines.
fn reference_lines(f: &str) -> Vec<f64> {
    f.split("<polyline")
        .skip(1)
        .filter(|l| l[..l.find('>').unwrap()].contains("stroke=\"#C0392B\""))
        .filter_map(|l| {
            let pts = l.split("points=\"").nth(1)?;
            let ys: Vec<f64> = pts[..pts.find('"')?]
                .split_whitespace()
                .map(|p| p.split_once(',').unwrap().1.parse().unwrap())
                .collect();
            (ys.len() == 2 && ys[0] == ys[1]).then(|| value_at(f, ys[0]))
        })
        .collect()
}

/// Issue 44: a chart that judges balance shows the fair line and the verdict's margin band
/// where they are, and its axis takes both in.
fn assert_guide(f: &str, line: f64, band: (f64, f64), what: &str) {
    let px = 1.5 * one_px(f);
    let (lo, hi) = margin_band(f).unwrap_or_else(|| panic!("{what}: no margin band"));
    assert!(
        (lo - band.0).abs() <= px && (hi - band.1).abs() <= px,
        "{what}: band [{lo}, {hi}], want {band:?}"
    );
    assert!(reference_lines(f).iter().any(|r| (r - line).abs() <= px), "{what}: no line at {line}");
    let [v0, _, v1, _] = y_map(f);
    assert!(v0 <= band.0.min(line) && v1 >= band.1.max(line), "{what}: axis [{v0}, {v1}]");
}

/// The page is self-contained: no script, no stylesheet or image fetched, no URL but the
/// SVG namespace.
fn assert_self_contained(html: &str, what: &str) {
    let cleaned = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    for bad in ["http://", "https://", "<script", "<link", "<img", "url(", "@import", "src="] {
        assert!(!cleaned.contains(bad), "{what}: the page contains `{bad}`");
    }
}

/// The `<text>` elements of a figure: (x, y, anchor, transform, text).
fn texts(f: &str) -> Vec<(f64, f64, String, String, String)> {
    let attr = |tag: &str, name: &str| -> String {
        tag.find(&format!(" {name}=\""))
            .map(|at| {
                let v = &tag[at + name.len() + 3..];
                v[..v.find('"').unwrap()].to_string()
            })
            .unwrap_or_default()
    };
    f.split("<text")
        .skip(1)
        .map(|rest| {
            let tag = &rest[..rest.find('>').unwrap()];
            let body = &rest[rest.find('>').unwrap() + 1..rest.find("</text>").unwrap()];
            (
                attr(tag, "x").parse().unwrap(),
                attr(tag, "y").parse().unwrap(),
                attr(tag, "text-anchor"),
                attr(tag, "transform"),
                body.trim().to_string(),
            )
        })
        .filter(|t| !t.4.is_empty())
        .collect()
}

/// Issue 44: in every chart of the page, no axis repeats a tick label (the value axis's
/// labels, right-aligned in one column, and the other axis's, in one row, each read once);
/// and in the charts of estimates by category, every category label lies below the plot,
/// where no point is.
fn assert_axes_readable(html: &str, what: &str) {
    for f in html.split("<figure class=\"chart\"").skip(1) {
        let f = &f[..f.find("</figure>").unwrap()];
        let id = f.split("id=\"").nth(1).unwrap().split('"').next().unwrap();
        let mut groups: std::collections::BTreeMap<(bool, i64), Vec<String>> = Default::default();
        for (x, y, anchor, transform, text) in texts(f) {
            if !transform.is_empty() {
                continue;
            }
            let key = if anchor == "end" { (true, x as i64) } else { (false, y as i64) };
            groups.entry(key).or_default().push(text);
        }
        for labels in groups.values() {
            let mut unique = labels.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(
                unique.len(),
                labels.len(),
                "{what}: chart {id} repeats a label: {labels:?}"
            );
        }
        let categories = ["seat-shares", "metric-", "bot-", "seat0-edges"];
        if categories.iter().any(|c| id.starts_with(c)) {
            let axis = y_map(f)[1];
            for (_, y, anchor, transform, text) in texts(f) {
                if anchor != "end" && !transform.starts_with("rotate(270") {
                    assert!(y > axis, "{what}: chart {id}: label {text} inside the plot");
                }
                // A turned label starts at y and runs down, away from the plot.
                if transform.starts_with("rotate(90") {
                    assert_eq!(anchor, "start", "{what}: chart {id}: {text} reaches up");
                }
            }
        }
    }
}

/// Issue 44: every table of the page sits in a box that scrolls sideways with a "scroll →"
/// cue (shown by the page's CSS only while the table is wider than the box).
fn assert_tables_boxed(html: &str, what: &str) {
    let boxed = "<div class=\"scroll\"><div class=\"scroll-in\"><div class=\"cue\" aria-hidden=\"true\">scroll &rarr;</div><table";
    let tables = html.matches("<table").count();
    assert!(tables > 0, "{what}: no table");
    assert_eq!(html.matches(boxed).count(), tables, "{what}: a table outside a scroll box");
}

/// Every chart of the page has a non-empty SVG.
fn assert_charts(html: &str, ids: &[&str], what: &str) {
    for id in ids {
        let f = figure(html, id).unwrap_or_else(|| panic!("{what}: no chart `{id}`"));
        // 720 wide; taller when its labels or legend need the room.
        assert!(f.contains("<svg width=\"720\" height=\""), "{what}: chart `{id}` has no SVG");
        assert!(
            f.matches("<polyline").count() + f.matches("<rect").count() > 5,
            "{what}: `{id}` is empty"
        );
    }
}

/// The seat interval bars of the page, read back from the SVG: the vertical bars in the
/// interval colour, left to right, mapped through the chart's `data-y-map` to values.
fn seat_bars(html: &str) -> Vec<(f64, f64)> {
    let f = figure(html, "seat-shares").expect("seat chart");
    let map_at = f.find("data-y-map=\"").unwrap() + "data-y-map=\"".len();
    let map: Vec<f64> = f[map_at..f[map_at..].find('"').unwrap() + map_at]
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    let (v0, p0, v1, p1) = (map[0], map[1], map[2], map[3]);
    let value = |px: f64| v0 + (px - p0) * (v1 - v0) / (p1 - p0);
    let mut bars = Vec::new();
    for line in f.split("<polyline").skip(1) {
        if !line.contains("stroke=\"#1F5FA8\"") {
            continue;
        }
        let pts = line.split("points=\"").nth(1).unwrap();
        let pts: Vec<(f64, f64)> = pts[..pts.find('"').unwrap()]
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        if pts.len() == 2 && pts[0].0 == pts[1].0 {
            let (a, b) = (value(pts[0].1), value(pts[1].1));
            bars.push((pts[0].0, a.min(b), a.max(b)));
        }
    }
    bars.sort_by(|a, b| a.0.total_cmp(&b.0));
    bars.into_iter().map(|(_, lo, hi)| (lo, hi)).collect()
}

/// seats.csv's interval per seat that the chart draws: of the share of decisive matches,
/// which the verdict judges (issue 44), or of the win share where a seat has none.
fn seat_intervals(dir: &Path) -> Vec<(f64, f64)> {
    let mut r = csv::Reader::from_path(dir.join("seats.csv")).unwrap();
    let h = r.headers().unwrap().clone();
    let col = |n: &str| h.iter().position(|c| c == n).unwrap();
    let rows: Vec<csv::StringRecord> = r.records().map(|row| row.unwrap()).collect();
    let decisive = rows.iter().all(|row| !row[col("decisive_win_rate")].is_empty());
    let (lo, hi) = if decisive {
        (col("decisive_ci_low"), col("decisive_ci_high"))
    } else {
        (col("ci_low"), col("ci_high"))
    };
    rows.iter().map(|row| (row[lo].parse().unwrap(), row[hi].parse().unwrap())).collect()
}

/// Text as the page escapes it.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('\'', "&#39;")
}

/// Issue 44: the seat verdict on a run page opens with its plain answer, above the chart;
/// then the verdict's own figures, then its method in a smaller line; the random-play
/// warning apart and once. Nothing of verdict.txt's seat line is lost.
fn assert_verdict_answer_first(html: &str, verdict: &str, what: &str) {
    let seat_line = verdict.lines().find(|l| !l.starts_with("bots: ")).unwrap();
    let seat_line = seat_line.trim_start_matches("seats: ");
    let (_, after) = seat_line.split_once(": ").unwrap();
    let (figures, method) = after.split_once(" (exact binomial").unwrap();
    let at = |needle: &str| {
        html.find(needle).unwrap_or_else(|| panic!("{what}: no `{needle}` on the page"))
    };
    let answer = at("<div class=\"verdict\"><p class=\"answer\">");
    let answer_text = &html[answer..][..html[answer..].find("</p>").unwrap()];
    assert!(
        ["Fair within", "A real", "Unfair by more than", "Not enough matches to tell"]
            .iter()
            .any(|a| answer_text.contains(a)),
        "{what}: {answer_text}"
    );
    let figures_at = at(&format!("<p class=\"figures\">{}</p>", escaped(figures)));
    let method_at = at(&format!("<p class=\"method\">Method: exact binomial{}", {
        let m = method.split("), with bots").next().unwrap();
        escaped(m.trim_end_matches(')'))
    }));
    assert!(answer < figures_at && figures_at < method_at, "{what}: answer, figures, method");
    assert!(method_at < at("id=\"seat-shares\""), "{what}: the verdict is above the chart");
    let warned = verdict.contains("random bots play without strategy");
    let count = html.matches("random bots play without strategy").count();
    assert_eq!(count, usize::from(warned), "{what}: the warning once, or not at all");
}

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
        let fair = 1.0 / seat_intervals(&dir).len() as f64;
        let f = figure(&html, "seat-shares").unwrap();
        assert_guide(f, fair, (fair - 0.01, fair + 0.01), game);
        assert!(html.contains("exactly, into a new folder: <code>"), "{game}: command line");
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
    // Each game's verdict opens with its plain answer, its method smaller.
    assert_eq!(
        html.matches("<td style=\"text-align:left;white-space:normal\"><strong class=\"answer\">")
            .count(),
        7
    );
    assert_eq!(html.matches("<br><span class=\"method\">exact binomial test").count(), 7);
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
        let page = read(&dir.join("skill").join(game), "report.html");
        assert_self_contained(&page, game);
        assert!(
            html.contains(&format!("<a href=\"skill/{game}/report.html\">{game}</a>")),
            "links {game}'s ladder"
        );
    }
    // Issue 44: every page of the experiment's folder (each game's and each skill ladder's)
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
    assert!(html.contains("Sweep of value_12: 5 variants"));
    assert!(html.contains("value_12=8 (value_12 = 8)"), "the baseline is named");
    // Issue 44: the cards' shares of points have no interval in sweep.csv: a table (a row
    // per card, a column per variant), not a chart.
    assert!(figure(&html, "sweep-point-shares").is_none(), "no chart without intervals");
    assert_tables_boxed(&html, "sweep");
    assert_axes_readable(&html, "sweep");
    assert!(html.contains("<th>value_12 = 8 (baseline)</th>"), "a column per variant");
    assert!(html.contains("<tr><td>12</td><td>"), "a row per card");
    // Issue 44: the largest deviation against the margin the sweep used (the default ±1 pp
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
        // the readers themselves meet the damage (item9_report_checks_each_file_against_the_
        // manifest_record covers the record).
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
    let seats = read(&text, "seats.csv").replacen("0.444444", "lots", 1);
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
fn item9_report_refuses_truncated_files() {
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
fn item9_report_checks_each_file_against_the_manifest_record() {
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
