//! The page of one run folder. Its first screen: the question the run asked, the answer in
//! words with the figure that decides it, and the seats' win-share chart; then two boxes a
//! reader opens, the settings (what was run, the version, how to rerun and extend it) and
//! "How this was decided" (the verdict's own words, its method, a glossary); then the seats'
//! figures, game lengths, lead changes, the bots' results and ratings, what decides a match
//! and the game's own metrics, every number read from the folder's files.

use crate::core::job_record::ManifestRecord;
use std::collections::BTreeMap;
use std::path::Path;

use crate::core::columns as col;
use crate::core::layout::{
    DIFFERENCE_CSV, HISTOGRAMS_CSV, LENGTHS_CSV, MANIFEST, METRICS_CSV, RATINGS_CSV, SEATS_CSV,
    VERDICT_TXT,
};
use crate::core::rule_record::RulesPlayed;
use crate::report::charts::{self, Estimate, Guide};
use crate::report::page::{Page, esc, num};
use crate::report::table::{Table, table_of, table_with_words};
use crate::report::verdict::Shown;
use crate::report::verdict::plain;
use crate::report::words::{Words, spelled};
use crate::report::{ReportError, read_json};
use crate::report::{method, question, rerun};

/// The length measures drawn as histograms, in order, with their axis names.
const LENGTHS: &[(&str, &str)] = &[
    ("decisions", "bot decisions per match"),
    ("turns", "turns per match"),
    ("rounds", "rounds per match"),
];

/// The settings box: game, players, bots, seating, matches, seed, changed rules, version,
/// time, and the command line that reruns it (for a folder inside a job, one game of a
/// default experiment or one variant of a sweep, the job's); the caller closes the box (a
/// finished run adds the line that extends it).
fn header(
    page: &mut Page,
    dir: &Path,
    (record, played): (&ManifestRecord, &RulesPlayed),
    words: &Words,
) {
    page.open_box("settings", "Settings, version and how to rerun this");
    let text = |v: Option<&str>| v.unwrap_or_default().to_string();
    let count = |v: Option<&u64>| v.map_or_else(String::new, u64::to_string);
    let bots = record.lineup_labels();
    let changed: Vec<String> = played
        .changed()
        .map(|r| format!("{} = {} (default {})", words.rule(&r.key), r.value, r.default))
        .collect();
    let mut version = text(record.setting(|m| m.crate_version.as_deref()));
    if let Some(commit) = record.setting(|m| m.git_commit.as_deref()).filter(|c| !c.is_empty()) {
        version = format!("{version} ({commit})");
    }
    let elapsed = record.elapsed_seconds;
    let mut facts = vec![
        ("game", text(record.setting(|m| m.game.as_deref()))),
        ("players", count(record.setting(|m| m.players.as_ref()))),
        ("bots", bots.join(", ")),
        ("seating", text(record.setting(|m| m.seating.as_deref()))),
        (
            "matches",
            format!(
                "{} completed, {} capped, {} failed",
                count(record.setting(|m| m.completed_matches.as_ref())),
                count(record.setting(|m| m.capped_matches.as_ref())),
                count(record.setting(|m| m.failed_matches.as_ref()))
            ),
        ),
        ("seed", count(record.setting(|m| m.seed.as_ref()))),
        (
            "rules changed",
            if changed.is_empty() { "none (all defaults)".into() } else { changed.join("; ") },
        ),
    ];
    if let Some(file) = record.setting(|m| m.rules_file.as_deref()).filter(|f| !f.is_empty()) {
        facts.push(("rules file", file.to_string()));
    }
    facts.push(("version", version));
    if let Some(e) = elapsed {
        facts.push(("time taken", format!("{e:.1} s")));
    }
    page.facts(&facts);
    page.raw(&rerun::rerun_paragraphs(dir, &record.made));
}

/// The first screen under the question: the verdict's answer in words with its deciding
/// figure, and the chart of the seats' win shares with their intervals and the fair-share
/// line. Returns the verdict as cut (for the method box) and, when the seats were charted,
/// their table to show below the boxes.
fn seats(
    page: &mut Page,
    dir: &Path,
    words: &Words,
) -> Result<(Shown, Option<Table>), ReportError> {
    // The verdict as written for the file, with the game's ids ("value_12=6") in words.
    let verdict = words.in_prose(&crate::report::recorded::read_text(dir, VERDICT_TXT)?);
    let t = Table::read(dir, SEATS_CSV)?;
    if t.rows.len() == 1 {
        // Solo (PP-15): no win share to chart; the score's distribution and the end reasons
        // are the statistics (the verdict says where they are).
        let levels = crate::report::verdict::levels_of(dir, 1);
        let shown = crate::report::verdict::shown(&verdict, &t, &levels);
        page.raw(&shown.html());
        page.raw(&shown.after_chart());
        page.heading("Solo game: the score");
        let cols = col::seats::SOLO_SHOWN;
        table_of(page, &t, &cols);
        return Ok((shown, None));
    }
    let seat = t.need(&[col::seats::SEAT])?;
    // The chart shows what the verdict judges: each seat's share of the decisive matches
    // (those with a sole winner), against the verdict's margin. A folder without those
    // columns, or without a decisive match, shows the win share over all matches.
    let judged = match (
        t.col(&[col::seats::DECISIVE_WIN_RATE]),
        t.col(&[col::seats::DECISIVE_CI_LOW]),
        t.col(&[col::seats::DECISIVE_CI_HIGH]),
    ) {
        (Some(r), Some(l), Some(h))
            if (0..t.rows.len()).all(|i| matches!(t.num(i, r), Ok(Some(_)))) =>
        {
            Some((r, l, h))
        }
        _ => None,
    };
    // The table below shows the win shares whichever is charted: a cell of them that is
    // not a number is refused (named by file, row and column), never shown as text.
    let win_rate = t.need(&[col::seats::WIN_RATE])?;
    for i in 0..t.rows.len() {
        t.need_num(i, win_rate)?;
        for c in [t.need(&[col::seats::CI_LOW])?, t.need(&[col::seats::CI_HIGH])?] {
            t.num(i, c)?;
        }
    }
    let (rate, lo, hi) = match judged {
        Some(cols) => cols,
        None => (
            t.need(&[col::seats::WIN_RATE])?,
            t.need(&[col::seats::CI_LOW])?,
            t.need(&[col::seats::CI_HIGH])?,
        ),
    };
    let fair = t.col(&[col::seats::FAIR_SHARE]);
    let mut points = Vec::new();
    let mut fair_share = None;
    for i in 0..t.rows.len() {
        points.push(Estimate {
            label: format!("seat {}", t.text(&t.rows[i], seat)),
            value: t.need_num(i, rate)?,
            lo: t.num(i, lo)?.unwrap_or(f64::NAN),
            hi: t.num(i, hi)?.unwrap_or(f64::NAN),
        });
        if let Some(f) = fair {
            fair_share = t.num(i, f)?;
        }
    }
    if points.is_empty() {
        return Err(ReportError::Input(format!("{}: no rows", t.name)));
    }
    let fair_share = fair_share.unwrap_or(1.0 / points.len() as f64);
    let levels = crate::report::verdict::levels_of(dir, t.rows.len());
    let shown = crate::report::verdict::shown(&verdict, &t, &levels);
    page.raw(&shown.html());
    let margin = shown.judged.map(|(_, m)| m);
    let guide = Guide {
        line: Some(fair_share),
        band: margin.map(|m| (fair_share - m / 100.0, fair_share + m / 100.0)),
    };
    // In plain words: the caption is on the first screen (the interval's name is the
    // method box's).
    let band_words = margin
        .map(|m| format!(", the shaded band the margin of ±{} around it", plain::points(m)))
        .unwrap_or_default();
    let caption = if judged.is_some() {
        format!(
            "Each seat's share of the matches with a sole winner (seat 0 moves first), which the answer judges, with its 95% range; the red line is a fair share of {:.1}%{band_words}.",
            100.0 * fair_share
        )
    } else {
        format!(
            "Win share per seat (seat 0 moves first) with its 95% range; the red line is a fair share of {:.1}%{band_words}.",
            100.0 * fair_share
        )
    };
    let y_desc = if judged.is_some() { "share of decisive matches" } else { "win share" };
    let chart = charts::intervals(&points, &guide, y_desc)?;
    page.chart("seat-shares", &caption, &chart);
    page.raw(&shown.after_chart());
    Ok((shown, Some(t)))
}

/// The seats' figures under the boxes: the table of `seats.csv`'s main columns.
fn seat_table(page: &mut Page, t: &Table) {
    page.heading("Who wins: seat win shares");
    table_of(page, t, &col::seats::SHOWN);
}

/// The method box of a run's page: the verdict's own words and method, what the seat
/// chart's ranges are (`ci_method`: seats.csv's name of them), and the glossary.
fn method_box(page: &mut Page, shown: &Shown, seats: Option<&Table>) {
    let mut paragraphs = shown.method_paragraphs();
    if shown.judged.is_none() {
        paragraphs.push(format!("The verdict, as verdict.txt says it: {}", shown.figures));
    }
    if let Some(t) = seats {
        let judged = t.col(&[col::seats::DECISIVE_CI_LOW]).is_some();
        let named = t
            .col(&[col::seats::CI_METHOD])
            .and_then(|c| t.rows.first().map(|r| t.text(r, c).to_string()))
            .filter(|m| !m.is_empty());
        paragraphs.push(match (judged, named) {
            (true, _) => "The seat chart's ranges are 95% Wilson intervals of each seat's share of the decisive matches (seats.csv: decisive_ci_low, decisive_ci_high).".into(),
            (false, Some(m)) => format!("The seat chart's ranges are 95% intervals ({m}, seats.csv's ci_method)."),
            (false, None) => "The seat chart's ranges are 95% intervals.".into(),
        });
    }
    method::section(page, &paragraphs);
}

/// The exact distribution of `measure` from histograms.csv.
fn bins_of(hist: &Table, measure: &str) -> Result<Vec<(f64, f64)>, ReportError> {
    let (m, v, c) = (
        hist.need(&[col::histograms::MEASURE])?,
        hist.need(&[col::histograms::VALUE])?,
        hist.need(&[col::histograms::COUNT])?,
    );
    let mut bins = Vec::new();
    for i in 0..hist.rows.len() {
        if hist.text(&hist.rows[i], m) == measure {
            bins.push((hist.need_num(i, v)?, hist.need_num(i, c)?));
        }
    }
    Ok(bins)
}

/// A histogram of one length measure with its quartiles and median from lengths.csv.
fn length_chart(
    page: &mut Page,
    lengths: &Table,
    hist: &Table,
    measure: &str,
    desc: &str,
) -> Result<bool, ReportError> {
    let key = lengths.need(&[col::lengths::MEASURE])?;
    let Some(row) = lengths.find(key, measure) else { return Ok(false) };
    let bins = bins_of(hist, measure)?;
    if bins.is_empty() {
        return Ok(false);
    }
    // A chart of a constant shows nothing a sentence does not (Love Actually's one round).
    if let [(value, _)] = bins[..] {
        page.para(&format!(
            "{desc}: always {} (no chart: every match the same).",
            num(Some(value))
        ));
        return Ok(true);
    }
    let mut quantiles = Vec::new();
    for q in [
        col::lengths::P5,
        col::lengths::P25,
        col::lengths::P50,
        col::lengths::P75,
        col::lengths::P95,
    ] {
        if let Some(c) = lengths.col(&[q])
            && let Some(v) = lengths.num(row, c)?
        {
            quantiles.push((q, v));
        }
    }
    let mean =
        lengths.col(&[col::lengths::MEAN]).map(|c| lengths.num(row, c)).transpose()?.flatten();
    let text: Vec<String> =
        quantiles.iter().map(|(q, v)| format!("{q} {}", num(Some(*v)))).collect();
    let chart = charts::histogram(&bins, &quantiles, desc)?;
    page.chart(
        &format!("length-{measure}"),
        &format!(
            "{desc}: mean {}; red lines at {} (the median thicker).",
            num(mean),
            text.join(", ")
        ),
        &chart,
    );
    Ok(true)
}

fn lengths(page: &mut Page, dir: &Path, words: &Words) -> Result<(), ReportError> {
    let lengths = Table::read(dir, LENGTHS_CSV)?;
    let hist = Table::read(dir, HISTOGRAMS_CSV)?;
    page.heading("How long games are");
    let mut drawn: Vec<(&str, Vec<(f64, f64)>)> = Vec::new();
    for (measure, desc) in LENGTHS {
        // A measure with the very distribution of one already drawn (Pride's turns and
        // rounds) is named, not drawn twice.
        let bins = bins_of(&hist, measure)?;
        if let Some((same, _)) = drawn.iter().find(|(_, b)| !bins.is_empty() && *b == bins) {
            page.para(&format!("{desc}: the same as {same} per match in this game."));
            continue;
        }
        length_chart(page, &lengths, &hist, measure, desc)?;
        drawn.push((measure, bins));
    }
    table_with_words(page, &lengths, &col::lengths::SHOWN, &[col::lengths::MEASURE], &|id| {
        words.html(id)
    });
    page.heading("Lead changes and when the winner took the lead for good");
    let a = length_chart(page, &lengths, &hist, "lead_changes", "times the sole leader changed")?;
    let b = length_chart(
        page,
        &lengths,
        &hist,
        "decided_percent",
        "% of turns played when the winner took the lead for good",
    )?;
    if !a && !b {
        page.para("This game reports no running score, so it has no lead changes to show.");
    }
    Ok(())
}

/// Per-bot results and ratings, when the lineup has different bots.
fn bots(page: &mut Page, dir: &Path) -> Result<(), ReportError> {
    let Some(ratings) = Table::read_optional(dir, RATINGS_CSV)? else { return Ok(()) };
    let bot = ratings.need(&[col::ratings::BOT])?;
    let mut labels: Vec<&str> = ratings.rows.iter().map(|r| ratings.text(r, bot)).collect();
    labels.sort_unstable();
    labels.dedup();
    if labels.len() < 2 {
        return Ok(());
    }
    page.heading("Bots: results and ratings");
    let (rate, lo, hi) = (
        ratings.need(&[col::ratings::WIN_RATE])?,
        ratings.need(&[col::ratings::CI_LOW])?,
        ratings.need(&[col::ratings::CI_HIGH])?,
    );
    let slot = ratings.need(&[col::ratings::SLOT])?;
    let mut shares = Vec::new();
    let mut elos = Vec::new();
    let (elo, elo_lo, elo_hi) = (
        ratings.col(&[col::ratings::ELO]),
        ratings.col(&[col::ratings::ELO_CI_LOW]),
        ratings.col(&[col::ratings::ELO_CI_HIGH]),
    );
    for i in 0..ratings.rows.len() {
        let label = format!(
            "{} {}",
            ratings.text(&ratings.rows[i], slot),
            ratings.text(&ratings.rows[i], bot)
        );
        shares.push(Estimate {
            label: label.clone(),
            value: ratings.need_num(i, rate)?,
            lo: ratings.num(i, lo)?.unwrap_or(f64::NAN),
            hi: ratings.num(i, hi)?.unwrap_or(f64::NAN),
        });
        if let (Some(e), Some(l), Some(h)) = (elo, elo_lo, elo_hi)
            && let Some(v) = ratings.num(i, e)?
        {
            elos.push(Estimate {
                label,
                value: v,
                lo: ratings.num(i, l)?.unwrap_or(f64::NAN),
                hi: ratings.num(i, h)?.unwrap_or(f64::NAN),
            });
        }
    }
    let chart = charts::intervals(&shares, &Guide::default(), "win share")?;
    page.chart(
        "bot-shares",
        "Win share per lineup slot over all seats it played, with 95% intervals.",
        &chart,
    );
    if !elos.is_empty() {
        let chart = charts::intervals(&elos, &Guide::line(0.0), "Elo vs slot 0")?;
        page.chart(
            "bot-ratings",
            "Rating relative to slot 0 with 95% intervals (ratings.csv names the method).",
            &chart,
        );
    }
    table_of(page, &ratings, &col::ratings::SHOWN);
    if let Some(d) = Table::read_optional(dir, DIFFERENCE_CSV)? {
        page.para("Head to head (difference.csv):");
        table_of(page, &d, &col::difference::SHOWN);
    }
    Ok(())
}

/// The longest common prefix of `names` that ends at an underscore (`card_points_`), or the
/// empty string.
fn common_prefix<'a>(names: &[&'a str]) -> &'a str {
    let first = names[0];
    let mut len = first.len();
    for n in &names[1..] {
        len = len.min(first.bytes().zip(n.bytes()).take_while(|(a, b)| a == b).count());
    }
    match first[..len].rfind('_') {
        Some(u) => &first[..=u],
        None => "",
    }
}

/// Names what a group of metrics shows, for the games whose metrics are known.
fn group_title(prefix: &str) -> String {
    match prefix {
        "card_points" => "points by card".into(),
        "points" => "points by way of scoring".into(),
        "scored" => "cards scored per match".into(),
        "played" => "outcomes One to Six played per match".into(),
        "ended" => "how games end (share of matches)".into(),
        p => p.replace('_', " "),
    }
}

/// The game's own metrics, grouped by the first word of their names (`card_points_7` is in
/// `card`, `ended_trice_swap` in `ended`) and labelled after the group's common prefix; a
/// group of two or more is a chart, and the table below lists them all.
fn metrics(page: &mut Page, dir: &Path, words: &Words) -> Result<(), ReportError> {
    let t = Table::read(dir, METRICS_CSV)?;
    page.heading("The game's own metrics");
    if t.rows.is_empty() {
        page.para("This game reports no metrics of its own.");
        return Ok(());
    }
    let (name, mean) = (t.need(&[col::metrics::METRIC])?, t.need(&[col::metrics::MEAN])?);
    let (lo, hi) = (t.col(&[col::metrics::CI_LOW]), t.col(&[col::metrics::CI_HIGH]));
    let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut order: Vec<&str> = Vec::new();
    for (i, r) in t.rows.iter().enumerate() {
        let n = t.text(r, name);
        // A metric that is a length measure (Pride's `rounds`) is drawn under "How long games
        // are" already; charted again here it would stand beside unlike counts.
        if LENGTHS.iter().any(|(measure, _)| *measure == n) {
            continue;
        }
        let word = n.split('_').next().unwrap_or(n);
        if !groups.contains_key(word) {
            order.push(word);
        }
        groups.entry(word).or_default().push(i);
    }
    for word in &order {
        let rows = &groups[word];
        if rows.len() < 2 {
            continue;
        }
        let names: Vec<&str> = rows.iter().map(|&i| t.text(&t.rows[i], name)).collect();
        let prefix = common_prefix(&names);
        let mut points = Vec::new();
        for (&i, label) in rows.iter().zip(&names) {
            points.push(Estimate {
                // The part after the group's prefix (`golden_7`, `round1_seat0`), in words.
                label: spelled(&label[prefix.len()..]),
                value: t.need_num(i, mean)?,
                lo: lo.map(|c| t.num(i, c)).transpose()?.flatten().unwrap_or(f64::NAN),
                hi: hi.map(|c| t.num(i, c)).transpose()?.flatten().unwrap_or(f64::NAN),
            });
        }
        // `rounds`, `rounds_no_winner`: no shared prefix ends at an underscore; use the word.
        let stem = if prefix.is_empty() { word } else { prefix.trim_end_matches('_') };
        let chart = charts::intervals(&points, &Guide::default(), "mean per match")?;
        page.chart(
            &format!("metric-{stem}"),
            &format!(
                "{}: mean per match with 95% intervals (the table below gives each one's words and its name in metrics.csv; COLUMNS.md says what each counts).",
                group_title(stem)
            ),
            &chart,
        );
    }

    table_with_words(page, &t, &col::metrics::SHOWN, &[col::metrics::METRIC], &|id| words.html(id));
    Ok(())
}

/// What the page above a run's folder is: a sweep's variant is under the sweep's page, a
/// default experiment's game under its summary.
fn up_name(dir: &Path) -> &'static str {
    let parent_is_sweep =
        dir.parent().is_some_and(|p| p.join(crate::core::layout::SWEEP_CSV).is_file());
    if parent_is_sweep { "sweep" } else { "summary" }
}

/// The page of the run folder `dir`; `up` links back to a summary or sweep page.
pub fn render(dir: &Path, up: Option<&str>) -> Result<String, ReportError> {
    let manifest = read_json(dir, MANIFEST)?;
    // Of the wrong shape (`[1,2]`, a string) every field would read as missing: an empty
    // header on a page that looks complete.
    if !manifest.is_object() {
        return Err(ReportError::Input(format!(
            "{}: not a run's manifest (a JSON object, which arena writes when a run ends)",
            dir.join(MANIFEST).display()
        )));
    }
    let record: ManifestRecord = serde_path_to_error::deserialize(&manifest).map_err(|e| {
        let what = crate::core::job_record::at_key(e.path(), e.inner());
        ReportError::Input(format!("{}: malformed JSON: {what}", dir.join(MANIFEST).display()))
    })?;
    let game = record.setting(|m| m.game.as_deref()).unwrap_or_default().to_string();
    let words = Words::of_run(dir, &game);
    // A run of changed rules says so in its title, as on stdout and in its folder's name.
    let played = RulesPlayed::of(&manifest);
    let mut changed: Vec<String> =
        played.changed().map(|r| format!("{} = {}", words.rule(&r.key), r.value)).collect();
    if let Some(file) = &played.rules_file {
        changed.push(format!("rules file {file}"));
    }
    let changed =
        if changed.is_empty() { String::new() } else { format!(" [{}]", changed.join("; ")) };
    let completed = record.completed_matches.map_or_else(String::new, |n| n.to_string());
    let title = format!("{game}{changed}: {completed} matches");
    // The page opens with the question the run asked; the title (the browser's tab, the
    // settings box) names the folder's run.
    let question = question::run_question(&record, &played, &words);
    let mut page = match up {
        Some(up) => Page::under(
            &format!("<a href=\"{}\">&larr; back to the {}</a>", esc(up), up_name(dir)),
            &question,
        ),
        None => Page::new(&question),
    };
    let (shown, seat_figures) = seats(&mut page, dir, &words)?;
    header(&mut page, dir, (&record, &played), &words);
    if up.is_none()
        && let Some(extend) = rerun::extend_paragraph(dir, &record)
    {
        page.raw(&extend);
    }
    page.close_box();
    method_box(&mut page, &shown, seat_figures.as_ref());
    if let Some(t) = &seat_figures {
        seat_table(&mut page, t);
    }
    lengths(&mut page, dir, &words)?;
    bots(&mut page, dir)?;
    crate::report::decides::section(&mut page, dir, &words)?;
    metrics(&mut page, dir, &words)?;
    crate::report::notable::section(&mut page, dir)?;
    page.para(
        "Every number on this page is read from the CSV files, verdict.txt and manifest.json in this folder; COLUMNS.md there says what each column means.",
    );
    Ok(page.finish(&title))
}
