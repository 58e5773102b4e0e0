//! The page of a sweep folder: each headline figure of `sweep.csv` (seat win shares, the
//! largest seat deviation, mean turns) against the varied parameter with its interval band
//! and the baseline marked, each card's share of points as a table (sweep.csv gives them no
//! interval), then the paired differences of `sweep_diff.csv`. Columns are read by name with fallbacks, since the sweep files are
//! young: `variant`/`name`, `folder`, the varied keys between `folder` and `matches`,
//! `seatN_win`/`seatN_win_rate` with `seatN_ci_low`/`seatN_ci_high`, `max_seat_deviation_pp`,
//! `turns_mean` with `turns_ci_low`/`turns_ci_high`, `points_share_*`; and in
//! `sweep_diff.csv` `variant`, `baseline`, `quantity`, `difference`, `ci_low`, `ci_high`.

use std::path::Path;

use crate::core::columns as col;
use crate::core::job_record::{CommandRecord, ManifestRecord};
use crate::core::layout::{MANIFEST, SWEEP_CSV, SWEEP_DIFF_CSV, SWEEP_FILE, VERDICT_TXT};
use crate::report::ReportError;
use crate::report::charts::{self, Guide, Line};
use crate::report::page::{Page, cell_for, esc, heading_words};
use crate::report::table::Table;
use crate::report::table::table_with_words;
use crate::report::verdict::plain;
use crate::report::words::{Words, spelled};
use crate::report::{rerun, sweep_answer};
use crate::stats::verdict_flags::VerdictFlags;

/// A one-line figure: chart id, label, and the column names of its value, band low and
/// band high (each with fallbacks).
type Single<'a> = (&'a str, &'a str, &'a [&'a str], &'a [&'a str], &'a [&'a str]);

/// The varied keys: the columns between `folder` (or `variant`) and `matches`.
fn key_columns(t: &Table) -> Vec<usize> {
    let start = t
        .col(&[col::sweep::FOLDER])
        .or_else(|| t.col(&[col::sweep::VARIANT, col::sweep::hand_made::NAME]))
        .map_or(0, |i| i + 1);
    let end = t.col(&[col::sweep::MATCHES]).unwrap_or(start);
    if end > start {
        return (start..end).collect();
    }
    t.col(&[col::sweep::hand_made::PARAMETER, col::sweep::hand_made::VALUE]).into_iter().collect()
}

/// A figure with its band, one value per variant, if the columns exist.
fn line(
    t: &Table,
    label: &str,
    xs: &[f64],
    value: &[&str],
    lo: &[&str],
    hi: &[&str],
) -> Result<Option<Line>, ReportError> {
    let Some(v) = t.col(value) else { return Ok(None) };
    let (l, h) = (t.col(lo), t.col(hi));
    let mut points = Vec::new();
    for (i, &x) in xs.iter().enumerate() {
        let Some(y) = t.num(i, v)? else { continue };
        let band = |c: Option<usize>| -> Result<f64, ReportError> {
            Ok(c.map(|c| t.num(i, c)).transpose()?.flatten().unwrap_or(f64::NAN))
        };
        points.push((x, y, band(l)?, band(h)?));
    }
    Ok(Some(Line { label: label.to_string(), points }))
}

/// The margin the sweep's verdicts were judged against, in pp: the verdict's terms in the
/// request sweep.json records (the default when absent, as in a folder without one, or
/// when they do not judge).
fn margin_of(dir: &Path) -> f64 {
    /// The part of `sweep.json` that says how its verdicts were judged.
    #[derive(serde::Deserialize)]
    struct SweepTerms {
        request: VerdictFlags,
    }
    std::fs::read_to_string(dir.join(SWEEP_FILE))
        .ok()
        .and_then(|text| serde_json::from_str::<SweepTerms>(&text).ok())
        .and_then(|file| file.request.checked().ok())
        .unwrap_or_default()
        .margin_pp()
}

/// The game the sweep's manifest records (empty without one: the ids stand as words).
fn recorded_game(dir: &Path) -> String {
    crate::report::read_record::<ManifestRecord>(dir, MANIFEST)
        .ok()
        .and_then(|m| m.game)
        .unwrap_or_default()
}

/// `I/K` when the sweep folder is a shard (its manifest records the shard).
fn shard_of(dir: &Path) -> Option<String> {
    let shard = crate::report::read_record::<ManifestRecord>(dir, MANIFEST).ok()?.shard?;
    Some(format!("{}/{}", shard.index?, shard.count?))
}

pub fn render(dir: &Path) -> Result<String, ReportError> {
    let t = Table::read(dir, SWEEP_CSV)?;
    if t.rows.is_empty() {
        return Err(ReportError::Input(format!("{}: no variants", t.name)));
    }
    let diff = Table::read_optional(dir, SWEEP_DIFF_CSV)?;
    let name_col = t.need(&[col::sweep::VARIANT, col::sweep::hand_made::NAME])?;
    let keys = key_columns(&t);
    let Some(&key) = keys.first() else {
        return Err(ReportError::Input(format!(
            "{}: no varied parameter (expected its columns between `folder` and `matches`)",
            t.name
        )));
    };
    let key_id = t.headers[key].clone();
    // The varied parameter in words (the game's declaration), its id where a command needs it.
    let game = recorded_game(dir);
    // The metrics' words from a variant's own folder (its COLUMNS.md), the seats' here.
    let mut words = crate::report::run_subfolders(dir)
        .first()
        .map_or_else(|| Words::of_game(&game), |v| Words::of_run(v, &game));
    for s in 0..8 {
        let seat = if s == 0 { "seat 0 (moves first)".to_string() } else { format!("seat {s}") };
        words.insert(&col::sweep::seat_win(s), &format!("{seat}'s win share"));
    }
    words.insert(col::sweep::TURNS_MEAN, "mean turns per match");
    let key_name = words.rule(&key_id);
    // The x axis: the first varied key's values when all are numbers, else the variant order.
    let texts: Vec<String> = t.rows.iter().map(|r| t.text(r, key).to_string()).collect();
    let numeric: Option<Vec<f64>> = texts.iter().map(|s| s.parse::<f64>().ok()).collect();
    let xs: Vec<f64> =
        numeric.clone().unwrap_or_else(|| (0..texts.len()).map(|i| i as f64).collect());
    let x_labels: Vec<(f64, String)> = xs.iter().copied().zip(texts.iter().cloned()).collect();
    let names: Vec<String> = t.rows.iter().map(|r| t.text(r, name_col).to_string()).collect();
    let key_ids: Vec<&str> = keys.iter().map(|&k| t.headers[k].as_str()).collect();
    // A variant's name (`value_12=6`) as a reader reads it: "points of a 12 card = 6".
    let shown_names: Vec<String> = names.iter().map(|n| words.in_text(n, &key_ids)).collect();
    // The baseline: named by sweep_diff.csv, or flagged in sweep.csv, or the first variant.
    let baseline_name = diff
        .as_ref()
        .and_then(|d| {
            d.col(&[col::sweep_diff::BASELINE])
                .and_then(|c| d.rows.first().map(|r| d.text(r, c).to_string()))
        })
        .or_else(|| {
            let c =
                t.col(&[col::sweep::hand_made::BASELINE, col::sweep::hand_made::IS_BASELINE])?;
            t.rows
                .iter()
                .position(|r| matches!(t.text(r, c), "1" | "true" | "yes"))
                .map(|i| names[i].clone())
        })
        .unwrap_or_else(|| names[0].clone());
    let baseline_index = names.iter().position(|n| *n == baseline_name);
    let baseline_x = baseline_index.map(|i| xs[i]);

    // A shard holds only its part of every variant's matches: say so wherever it shows.
    let shard = shard_of(dir);
    let title = match &shard {
        Some(s) => format!("Shard {s} of a sweep of {key_name}: {} variants", t.rows.len()),
        None => format!("Sweep of {key_name}: {} variants", t.rows.len()),
    };
    let mut page = Page::new(&title);
    if let Some(s) = &shard {
        page.para(&format!(
            "This folder is shard {s} of a sweep: its figures come from this shard's matches only. Combine every shard with `arena merge` for the sweep's results."
        ));
    }
    // The first screen: the question and each variant's answer in words; settings and
    // method in boxes under it.
    let margin = margin_of(dir);
    let own = |f: &str| is_own_folder_name(f) && dir.join(f).join(MANIFEST).is_file();
    let variants = sweep_answer::variants(dir, &t, &shown_names, own);
    let key_names: Vec<String> = key_ids.iter().map(|k| words.rule(k)).collect();
    let first_variant = t
        .col(&[col::sweep::FOLDER])
        .and_then(|c| t.rows.iter().map(|r| t.text(r, c)).find(|f| own(f)))
        .map(|f| dir.join(f));
    // The rule's words in quotes: "Which value of “points of a 12 card” keeps ...".
    let quoted: Vec<String> = key_names.iter().map(|k| format!("“{k}”")).collect();
    let question = sweep_answer::question(dir, &quoted, first_variant.as_deref());
    page.raw(&sweep_answer::answer_box(&question, &variants, &t, &shown_names, margin)?);
    page.open_box("settings", "Settings, version and how to rerun this");
    let mut facts = vec![
        ("varied", key_names.join(", ")),
        ("values", texts.join(", ")),
        ("baseline", baseline_index.map_or(baseline_name.clone(), |i| shown_names[i].clone())),
    ];
    if let Some(m) = t.col(&[col::sweep::MATCHES]) {
        facts.push(("matches per variant", t.text(&t.rows[0], m).to_string()));
    }
    page.facts(&facts);
    // The ids a command or sweep.csv uses, in code style under the words.
    let ids: Vec<String> = key_ids.iter().map(|k| format!("<code>{}</code>", esc(k))).collect();
    page.raw(&format!(
        "<p class=\"method\">In a command and in sweep.csv the varied parameter is {}.</p>",
        ids.join(", ")
    ));
    let made = crate::report::read_record::<CommandRecord>(dir, MANIFEST).unwrap_or_default();
    page.raw(&rerun::rerun_paragraphs(dir, &made));
    page.close_box();
    crate::report::method::section(&mut page, &sweep_answer::method_paragraphs(&variants));

    // Seat win shares.
    let mut seats = Vec::new();
    for s in 0.. {
        let (w, w2) = (format!("seat{s}_win"), format!("seat{s}_win_rate"));
        let (l, l2) = (format!("seat{s}_ci_low"), format!("seat{s}_win_ci_low"));
        let (h, h2) = (format!("seat{s}_ci_high"), format!("seat{s}_win_ci_high"));
        let label = if s == 0 { "seat 0 (moves first)".to_string() } else { format!("seat {s}") };
        match line(&t, &label, &xs, &[&w, &w2], &[&l, &l2], &[&h, &h2])? {
            Some(l) => seats.push(l),
            None => break,
        }
    }
    let caption_base = "the grey vertical line marks the baseline";
    // Charts that judge balance draw the margin the sweep's verdicts used.
    if !seats.is_empty() {
        let fair = 1.0 / seats.len() as f64;
        page.heading("Seat win shares");
        let guide = Guide::line_and_band(fair, (fair - margin / 100.0, fair + margin / 100.0));
        let chart = charts::panels(&seats, &x_labels, baseline_x, &guide, "win share")?;
        page.chart(
            "sweep-seats",
            &format!("One panel per seat, all on one scale: its win share against {key_name}, the blue band its 95% interval; the red line is a fair share of {:.1}%, the orange band the margin of ±{} around it (the answers judge shares of the matches with a sole winner), {caption_base}.", 100.0 * fair, plain::points(margin)),
            &chart,
        );
    }
    // The conclusion across the variants, in verdict.txt's words (which name its tests):
    // under the first chart, past the first screen.
    if dir.join(VERDICT_TXT).exists() {
        page.heading("Conclusion");
        for line in crate::report::recorded::read_text(dir, VERDICT_TXT)?.lines() {
            page.para(&words.in_text(line, &key_ids));
        }
    }
    let singles: [(Single, Guide, String); 2] = [
        (
            (
                "sweep-deviation",
                "largest seat deviation from a fair share (pp)",
                &[col::sweep::MAX_SEAT_DEVIATION_PP],
                &[col::sweep::MAX_SEAT_DEVIATION_CI_LOW],
                &[col::sweep::MAX_SEAT_DEVIATION_CI_HIGH],
            ),
            // From no deviation up to the margin is fair; the red line is the margin.
            Guide::line_and_band(margin, (0.0, margin)),
            format!(
                " (with the 90% range its variant's verdict was decided on); the shaded band, 0 to {margin} pp, is within the sweep's ±{margin} pp margin, the red line its edge"
            ),
        ),
        (
            (
                "sweep-turns",
                "mean turns per match",
                &[col::sweep::TURNS_MEAN, col::sweep::hand_made::MEAN_TURNS],
                &[col::sweep::TURNS_CI_LOW],
                &[col::sweep::TURNS_CI_HIGH],
            ),
            Guide::default(),
            " (with its 95% band where sweep.csv gives one)".to_string(),
        ),
    ];
    for ((id, label, v, l, h), guide, guide_words) in singles {
        if let Some(line) = line(&t, label, &xs, v, l, h)? {
            page.heading(label);
            let chart = charts::bands(&[line], &x_labels, baseline_x, &guide, label)?;
            page.chart(
                id,
                &format!("{label} against {key_name}{guide_words}; {caption_base}."),
                &chart,
            );
        }
    }
    point_shares(&mut page, &t, &texts, baseline_index, &key_name)?;

    if let Some(d) = &diff {
        let variants = Variants {
            names: &names,
            shown: &shown_names,
            xs: &xs,
            x_labels: &x_labels,
            baseline_x,
            key_name: &key_name,
        };
        differences(&mut page, d, &variants, &words)?;
    }

    // The per-variant table with links to each variant's own page.
    page.heading("Variants");
    let folder = t.col(&[col::sweep::FOLDER]);
    let mut table = String::from("<table><tr><th>variant</th>");
    for &k in &keys {
        let k = &t.headers[k];
        table.push_str(&format!("<th title=\"{}\">{}</th>", esc(k), esc(&words.rule(k))));
    }
    let extra: Vec<usize> = t
        .headers
        .iter()
        .enumerate()
        .filter(|(_, h)| {
            h.ends_with("_win")
                || h.as_str() == col::sweep::MAX_SEAT_DEVIATION_PP
                || h.as_str() == col::sweep::TURNS_MEAN
                || h.as_str() == col::sweep::CHI_SQUARE_P
        })
        .map(|(i, _)| i)
        .collect();
    for &c in &extra {
        // In words, so that the headings wrap; the CSV name stays in the tooltip.
        let name = &t.headers[c];
        table.push_str(&format!("<th title=\"{}\">{}</th>", esc(name), esc(&heading_words(name))));
    }
    table.push_str("</tr>");
    for (i, r) in t.rows.iter().enumerate() {
        let name = esc(&shown_names[i]);
        let link = folder
            .map(|c| t.text(r, c))
            .filter(|f| is_own_folder_name(f) && dir.join(f).join(MANIFEST).is_file())
            .map_or(name.clone(), |f| format!("<a href=\"{}/report.html\">{name}</a>", esc(f)));
        table.push_str(&format!("<tr><td>{link}</td>"));
        for &k in &keys {
            table.push_str(&format!("<td>{}</td>", esc(t.text(r, k))));
        }
        for &c in &extra {
            let cell = t.num(i, c)?.map_or(String::new(), |v| cell_for(&t.headers[c], v));
            table.push_str(&format!("<td>{}</td>", esc(&cell)));
        }
        table.push_str("</tr>");
    }
    table.push_str("</table>");
    page.raw(&crate::report::page::scrolling(&table));
    page.para(
        "Every number on this page is read from sweep.csv and sweep_diff.csv in this folder.",
    );
    Ok(page.finish(&title))
}

/// Each card's share of all points (`points_share_*`), a row per card and a column per
/// variant. sweep.csv gives no interval for a share, so the shares are a table, not a chart:
/// a chart draws no estimate without its interval (and nineteen lines of six colours could
/// not be told apart).
fn point_shares(
    page: &mut Page,
    t: &Table,
    texts: &[String],
    baseline_index: Option<usize>,
    key_name: &str,
) -> Result<(), ReportError> {
    let cols: Vec<usize> =
        (0..t.headers.len()).filter(|&c| t.headers[c].starts_with("points_share_")).collect();
    if cols.is_empty() {
        return Ok(());
    }
    page.heading("Each card's share of all points");
    let mut headers = vec!["card".to_string()];
    headers.extend(texts.iter().enumerate().map(|(i, v)| {
        let base = if Some(i) == baseline_index { " (baseline)" } else { "" };
        format!("{key_name} = {v}{base}")
    }));
    let mut rows = Vec::new();
    for &c in &cols {
        let mut row = vec![spelled(t.headers[c].trim_start_matches("points_share_"))];
        for i in 0..t.rows.len() {
            row.push(t.num(i, c)?.map_or(String::new(), |v| format!("{:.1}%", 100.0 * v)));
        }
        rows.push(row);
    }
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    page.table(&headers, &rows);
    page.para(&format!(
        "Each card's share of all points scored, in percent, at each value of {key_name} (sweep.csv gives no interval for them: a table, not a chart)."
    ));
    Ok(())
}

/// The variants as the differences' charts and table place and name them.
struct Variants<'a> {
    /// As sweep.csv names them (`value_12=6`), and as the page shows them, in words.
    names: &'a [String],
    shown: &'a [String],
    xs: &'a [f64],
    x_labels: &'a [(f64, String)],
    baseline_x: Option<f64>,
    /// The varied parameter in words.
    key_name: &'a str,
}

/// The paired differences against the baseline: a chart per quantity (the seats' win shares
/// and turns first), and the whole file as a table, each quantity and variant in words.
fn differences(page: &mut Page, d: &Table, v: &Variants, words: &Words) -> Result<(), ReportError> {
    let (variant, quantity) =
        (d.need(&[col::sweep_diff::VARIANT])?, d.need(&[col::sweep_diff::QUANTITY])?);
    let (value, lo, hi) = (
        d.need(&[col::sweep_diff::DIFFERENCE, col::sweep_diff::HAND_MADE_DIFF])?,
        d.need(&[col::sweep_diff::CI_LOW])?,
        d.need(&[col::sweep_diff::CI_HIGH])?,
    );
    page.heading("Paired differences against the baseline");
    let mut quantities: Vec<String> = Vec::new();
    for r in &d.rows {
        let q = d.text(r, quantity).to_string();
        if !quantities.contains(&q) {
            quantities.push(q);
        }
    }
    for q in quantities.iter().filter(|q| q.starts_with("seat") || q.starts_with("turns")).take(8) {
        let mut points = Vec::new();
        for i in 0..d.rows.len() {
            if d.text(&d.rows[i], quantity) != q {
                continue;
            }
            let name = d.text(&d.rows[i], variant);
            let Some(x) = v.names.iter().position(|n| n == name).map(|p| v.xs[p]) else {
                continue;
            };
            points.push((
                x,
                d.need_num(i, value)?,
                d.num(i, lo)?.unwrap_or(f64::NAN),
                d.num(i, hi)?.unwrap_or(f64::NAN),
            ));
        }
        if let Some(b) = v.baseline_x {
            points.push((b, 0.0, 0.0, 0.0));
        }
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        let what = words.of(q);
        let lines = [Line { label: what.clone(), points }];
        let chart = charts::bands(
            &lines,
            v.x_labels,
            v.baseline_x,
            &Guide::line(0.0),
            "variant minus baseline",
        )?;
        page.chart(
            &format!("sweep-diff-{q}"),
            &format!(
                "{what}: each variant minus the baseline against {}, with its paired 95% interval (the baseline is 0 by definition).",
                v.key_name
            ),
            &chart,
        );
    }
    // The variants by their names in words, as everywhere on the page.
    let mut shown =
        Table { name: d.name.clone(), headers: d.headers.clone(), rows: d.rows.clone() };
    let baseline = d.col(&[col::sweep_diff::BASELINE]);
    for r in &mut shown.rows {
        for c in [Some(variant), baseline].into_iter().flatten() {
            if let Some(i) = v.names.iter().position(|n| *n == r[c]) {
                r[c] = v.shown[i].clone();
            }
        }
    }
    let cols = [
        col::sweep_diff::VARIANT,
        col::sweep_diff::QUANTITY,
        col::sweep_diff::VARIANT_MEAN,
        col::sweep_diff::BASELINE_MEAN,
        col::sweep_diff::DIFFERENCE,
        col::sweep_diff::CI_LOW,
        col::sweep_diff::CI_HIGH,
        col::sweep_diff::INDEPENDENT_CI_LOW,
        col::sweep_diff::INDEPENDENT_CI_HIGH,
        col::sweep_diff::VARIANCE_REDUCTION,
    ];
    let ids = [col::sweep_diff::VARIANT, col::sweep_diff::QUANTITY];
    table_with_words(page, &shown, &cols, &ids, &|id| words.html(id));
    Ok(())
}

/// Whether `name`, read from a CSV cell, can be a variant folder arena made: one plain
/// name inside the sweep's folder. A link comes only from arena's own naming: never a
/// path elsewhere (`../x`, `/etc`), and never a URL (`javascript:...`, `https://...`).
fn is_own_folder_name(name: &str) -> bool {
    let mut parts = std::path::Path::new(name).components();
    matches!(parts.next(), Some(std::path::Component::Normal(_)))
        && parts.next().is_none()
        && !name.starts_with('.')
        && !name.contains([':', '\\', '/', '?', '#', '%'])
}
