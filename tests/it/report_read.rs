//! Reading a report page back, for the report tests (tests/it/report.rs): its figures and
//! their value axes, interval bars, margin bands, reference lines and labels read from the
//! SVG, its tables' scroll boxes, and its verdict, each with the assertion that checks it.

use std::path::Path;

/// The figure with `id` in `html` (its whole `<figure>` element).
pub(crate) fn figure<'a>(html: &'a str, id: &str) -> Option<&'a str> {
    let start = html.find(&format!("<figure class=\"chart\" id=\"{id}\""))?;
    let end = html[start..].find("</figure>")? + start;
    Some(&html[start..end])
}

/// A figure's value axis: (value, pixel) at two points, from its `data-y-map`.
pub(crate) fn y_map(f: &str) -> [f64; 4] {
    let at = f.find("data-y-map=\"").unwrap() + "data-y-map=\"".len();
    let map: Vec<f64> =
        f[at..at + f[at..].find('"').unwrap()].split(' ').map(|v| v.parse().unwrap()).collect();
    [map[0], map[1], map[2], map[3]]
}

/// A pixel row of a figure as a value of its axis, and one pixel in values.
pub(crate) fn value_at(f: &str, px: f64) -> f64 {
    let [v0, p0, v1, p1] = y_map(f);
    v0 + (px - p0) * (v1 - v0) / (p1 - p0)
}

pub(crate) fn one_px(f: &str) -> f64 {
    let [v0, p0, v1, p1] = y_map(f);
    ((v1 - v0) / (p1 - p0)).abs()
}

pub(crate) fn attr_num(tag: &str, name: &str) -> f64 {
    let at = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    tag[at..at + tag[at..].find('"').unwrap()].parse().unwrap()
}

/// The verdict's margin band of a figure (the rectangle in the margin colour), as values.
pub(crate) fn margin_band(f: &str) -> Option<(f64, f64)> {
    let rect = f
        .split("<rect")
        .skip(1)
        .find(|r| r[..r.find('>').unwrap()].contains("fill=\"#E67E22\""))?;
    let (y, h) = (attr_num(rect, "y"), attr_num(rect, "height"));
    let (a, b) = (value_at(f, y), value_at(f, y + h));
    Some((a.min(b), a.max(b)))
}

/// The values of a figure's horizontal red reference lines.
pub(crate) fn reference_lines(f: &str) -> Vec<f64> {
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

/// A chart that judges balance shows the fair line and the verdict's margin band where they
/// are, and its axis takes both in.
pub(crate) fn assert_guide(f: &str, line: f64, band: (f64, f64), what: &str) {
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
pub(crate) fn assert_self_contained(html: &str, what: &str) {
    let cleaned = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    for bad in ["http://", "https://", "<script", "<link", "<img", "url(", "@import", "src="] {
        assert!(!cleaned.contains(bad), "{what}: the page contains `{bad}`");
    }
}

/// The `<text>` elements of a figure: (x, y, anchor, transform, text).
pub(crate) fn texts(f: &str) -> Vec<(f64, f64, String, String, String)> {
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

/// In every chart of the page, no axis repeats a tick label (the value axis's labels,
/// right-aligned in one column, and the other axis's, in one row, each read once); and in the
/// charts of estimates by category, every category label lies below the plot, where no point
/// is.
pub(crate) fn assert_axes_readable(html: &str, what: &str) {
    for f in html.split("<figure class=\"chart\"").skip(1) {
        let f = &f[..f.find("</figure>").unwrap()];
        let id = f.split("id=\"").nth(1).unwrap().split('"').next().unwrap();
        let mut groups: std::collections::BTreeMap<(bool, i64, i64), Vec<String>> =
            Default::default();
        // Small multiples (a sweep's seats, two panels to a row): each panel's axis apart.
        // (720 wide, 230 high a panel.)
        let panels = id == "sweep-seats";
        let panel = |x: f64| if panels { (x / 360.0) as i64 } else { 0 };
        let panel_row = |y: f64| if panels { (y / 230.0) as i64 } else { 0 };
        for (x, y, anchor, transform, text) in texts(f) {
            if !transform.is_empty() {
                continue;
            }
            let key = if anchor == "end" {
                (true, x as i64, panel_row(y))
            } else {
                (false, y as i64, panel(x))
            };
            groups.entry(key).or_default().push(text);
        }
        // A chart of rows (the option table's) wraps its labels in words onto two lines, so
        // a second line ("points pile") may read the same as another's: those are no ticks.
        let rows_chart = id == "option-effects";
        for ((end, _, _), labels) in &groups {
            if rows_chart && *end {
                continue;
            }
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

/// Every table of the page sits in a box that scrolls sideways with a "scroll →" cue (shown
/// by the page's CSS only while the table is wider than the box).
pub(crate) fn assert_tables_boxed(html: &str, what: &str) {
    let boxed = "<div class=\"scroll\"><div class=\"scroll-in\"><div class=\"cue\" aria-hidden=\"true\">scroll &rarr;</div><table";
    let tables = html.matches("<table").count();
    assert!(tables > 0, "{what}: no table");
    assert_eq!(html.matches(boxed).count(), tables, "{what}: a table outside a scroll box");
}

/// Every chart of the page has a non-empty SVG.
pub(crate) fn assert_charts(html: &str, ids: &[&str], what: &str) {
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
pub(crate) fn seat_bars(html: &str) -> Vec<(f64, f64)> {
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
/// which the verdict judges, or of the win share where a seat has none.
pub(crate) fn seat_intervals(dir: &Path) -> Vec<(f64, f64)> {
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
pub(crate) fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('\'', "&#39;")
}

/// The seat verdict on a run page opens with its answer in plain words, above the chart and
/// the boxes a reader opens; the verdict's own figures, then its method, are in the "How this
/// was decided" box; the random-play warning apart and once. Nothing of verdict.txt's seat
/// line is lost.
pub(crate) fn assert_verdict_answer_first(html: &str, verdict: &str, what: &str) {
    let seat_line = verdict.lines().find(|l| !l.starts_with("bots: ")).unwrap();
    let seat_line = seat_line.trim_start_matches("seats: ");
    let (_, after) = seat_line.split_once(": ").unwrap();
    let (figures, method) = after.split_once(" (exact binomial").unwrap();
    let at = |needle: &str| {
        html.find(needle).unwrap_or_else(|| panic!("{what}: no `{needle}` on the page"))
    };
    let answer = at("<div class=\"verdict\" id=\"answer\"><p class=\"answer\">");
    let answer_text = &html[answer..][..html[answer..].find("</p>").unwrap()];
    assert!(
        ["Fair", "Unfair", "Not yet clear", "Not enough matches to tell"]
            .iter()
            .any(|a| answer_text.contains(&format!("\">{a}"))),
        "{what}: {answer_text}"
    );
    assert!(!answer_text.contains(" pp"), "{what}: the answer in plain words: {answer_text}");
    let first_box = at("<details");
    assert!(answer < at("id=\"seat-shares\"") && at("id=\"seat-shares\"") < first_box, "{what}");
    let method_box = at("<details class=\"decided\" id=\"method\">");
    let figures_at = at(&format!("{}.</p>", escaped(figures)));
    let method_at = at(&format!("<p>Method: exact binomial{}", {
        let m = method.split("), with bots").next().unwrap();
        escaped(m.trim_end_matches(')'))
    }));
    assert!(
        method_box < figures_at && figures_at < method_at,
        "{what}: figures, then method, in the box"
    );
    let warned = verdict.contains("random bots play without strategy");
    let count = html.matches("random bots play without strategy").count();
    assert_eq!(count, usize::from(warned), "{what}: the warning once, or not at all");
}

/// The text a reader sees on a page outside code: every `<code>` element, tag and attribute
/// dropped (a heading's tooltip or a chart's id is no text on the page).
pub(crate) fn text_outside_code(html: &str) -> String {
    let mut text = String::new();
    let mut rest = html;
    while let Some(at) = rest.find("<code") {
        text.push_str(&rest[..at]);
        rest = rest[at..].split_once("</code>").map_or("", |(_, after)| after);
    }
    text.push_str(rest);
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// None of `ids` shows on the page outside code, where a reader would meet an id in place
/// of words (each a whole name, not part of a longer one such as a folder's
/// `v000_value_12-6`).
pub(crate) fn assert_no_ids(html: &str, ids: &[&str], what: &str) {
    let text = text_outside_code(html);
    let body = text.split_once("</title>").map_or(text.as_str(), |(_, b)| b);
    for id in ids {
        let found = body.match_indices(id).find(|(at, _)| {
            let name = |c: char| c.is_ascii_alphanumeric() || c == '_';
            !body[..*at].ends_with(name) && !body[at + id.len()..].starts_with(name)
        });
        if let Some((at, _)) = found {
            let from = body[..at].char_indices().rev().nth(60).map_or(0, |(i, _)| i);
            panic!(
                "{what}: the id {id} outside code: …{}…",
                &body[from..(at + 80).min(body.len())]
            );
        }
    }
}
