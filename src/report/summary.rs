//! The default experiment's summary page: one row per game (seat 0's edge over a fair share
//! with its interval, game length, verdict) and a chart of the edges, each game linking to
//! its own page.

use std::path::{Path, PathBuf};

use crate::core::layout::{
    LADDER_CSV, LADDER_FIGURES_CSV, LENGTHS_CSV, MANIFEST, PLAN_FILE, SEATS_CSV, VERDICT_TXT,
};
use crate::report::charts::{self, Estimate, Guide};
use crate::report::page::{Page, cell_for, esc, num};
use crate::report::table::Table;
use crate::report::{ReportError, read_json};

pub fn render(dir: &Path, games: &[PathBuf]) -> Result<String, ReportError> {
    let title = "Default experiment: every game";
    let mut page = Page::new(title);
    if let Ok(plan) = read_json(dir, PLAN_FILE) {
        let r = &plan["request"];
        page.facts(&[
            ("seed", r["seed"].to_string()),
            ("matches per game", r["matches"].to_string()),
            ("seating", r["seating"].as_str().unwrap_or("").to_string()),
        ]);
    }
    let mut edges = Vec::new();
    let mut warned = false;
    // The margin every game's verdict was judged against (one run, one margin).
    let mut margins: Vec<Option<f64>> = Vec::new();
    let mut rows = String::from(
        "<table><tr><th>game</th><th>matches</th><th>seat 0 edge (pp)</th><th>95% interval</th><th>turns: median</th><th>mean</th><th style=\"text-align:left\">verdict</th></tr>",
    );
    for g in games {
        let name = g.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let manifest = read_json(g, MANIFEST)?;
        let seats = Table::read(g, SEATS_CSV)?;
        let (diff, lo, hi) = (
            seats.need(&["diff_pp"])?,
            seats.need(&["diff_ci_low_pp"])?,
            seats.need(&["diff_ci_high_pp"])?,
        );
        if seats.rows.is_empty() {
            return Err(ReportError::Input(format!("{}: no rows", seats.name)));
        }
        let (d, l, h) = (seats.num(0, diff)?, seats.num(0, lo)?, seats.num(0, hi)?);
        let lengths = Table::read(g, LENGTHS_CSV)?;
        let key = lengths.need(&["measure"])?;
        let (median, mean) = match lengths.find(key, "turns") {
            Some(r) => (
                lengths.num(r, lengths.need(&["p50"])?)?,
                lengths.num(r, lengths.need(&["mean"])?)?,
            ),
            None => (None, None),
        };
        let verdict = crate::report::recorded::read_text(g, VERDICT_TXT)?;
        // The answer first, then its figures and method; the random-play warning is said
        // once, under the table, not in every row.
        let levels = crate::report::verdict::levels_of(g, seats.rows.len());
        let shown = crate::report::verdict::shown(&verdict, &seats, &levels);
        warned |= shown.warning;
        margins.push(shown.judged.map(|(_, m)| m));
        rows.push_str(&format!(
            "<tr><td><a href=\"{0}/report.html\">{0}</a></td><td>{1}</td><td>{2}</td><td>[{3}, {4}]</td><td>{5}</td><td>{6}</td><td style=\"text-align:left;white-space:normal\">{7}</td></tr>",
            esc(&name),
            esc(&manifest["completed_matches"].to_string()),
            rounded(d, l, h),
            rounded(l, l, h),
            rounded(h, l, h),
            num(median),
            // A mean to three significant figures (lengths.csv keeps them all).
            mean.map_or_else(|| num(None), |m| cell_for("mean", m)),
            shown.cell()
        ));
        edges.push(Estimate {
            label: name,
            value: d.unwrap_or(f64::NAN),
            lo: l.unwrap_or(f64::NAN),
            hi: h.unwrap_or(f64::NAN),
        });
    }
    rows.push_str("</table>");
    let mut rows = crate::report::page::scrolling(&rows);
    if warned {
        rows.push_str(&format!(
            "<p class=\"warning\">Verdicts from random bots: {}.</p>",
            esc(crate::stats::analysis::RANDOM_PLAY_WARNING.trim_start_matches("; warning: "))
        ));
    }
    page.heading("Seat 0's edge over a fair share, per game");
    // The band only when every verdict states the same margin: it is theirs to draw.
    let margin = match margins.first() {
        Some(&Some(m)) if margins.iter().all(|x| *x == Some(m)) => Some(m),
        _ => None,
    };
    let guide = Guide { line: Some(0.0), band: margin.map(|m| (-m, m)) };
    let chart = charts::intervals(&edges, &guide, "pp over fair share")?;
    let band_words = margin
        .map(|m| format!(", the shaded band the verdicts' ±{m} pp margin"))
        .unwrap_or_default();
    page.chart(
        "seat0-edges",
        &format!("Seat 0's share of decisive matches minus a fair share, in percentage points, with 95% intervals; the red line is no edge{band_words}."),
        &chart,
    );
    page.raw(&rows);
    page.para("Each game's name links to its own page. Every number is read from the game folders' CSV files.");
    skill_section(&mut page, dir, games)?;
    Ok(page.finish(title))
}

/// The skill check (`skill/<game>/`, a random-vs-greedy ladder per game): greedy's rating
/// over random, random's upset share, and seat 0's share when every seat plays greedy, each
/// with its interval and n, read from the ladders' CSV files.
fn skill_section(page: &mut Page, dir: &Path, games: &[PathBuf]) -> Result<(), ReportError> {
    let mut rows = Vec::new();
    for g in games {
        let name = g.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let ladder_dir = dir.join("skill").join(&name);
        let Some(ladder) = Table::read_optional(&ladder_dir, LADDER_CSV)? else {
            continue;
        };
        let Some(top) = ladder.rows.len().checked_sub(1) else {
            return Err(ReportError::Input(format!("{}: no rows", ladder.name)));
        };
        let at = |cols: &[&str]| -> Result<Option<f64>, ReportError> {
            ladder.num(top, ladder.need(cols)?)
        };
        let interval = |v: [Option<f64>; 3], digits: usize| match v {
            [Some(x), Some(lo), Some(hi)] => format!("{x:.digits$} [{lo:.digits$}, {hi:.digits$}]"),
            _ => String::new(),
        };
        let rating = [at(&["rating_elo"])?, at(&["rating_lo"])?, at(&["rating_hi"])?];
        let figures = Table::read(&ladder_dir, LADDER_FIGURES_CSV)?;
        let key = figures.need(&["figure"])?;
        let upset = match figures.find(key, "upset_share_mean") {
            Some(r) => [
                figures.num(r, figures.need(&["value"])?)?,
                figures.num(r, figures.need(&["lo"])?)?,
                figures.num(r, figures.need(&["hi"])?)?,
            ],
            None => [None; 3],
        };
        let seat0 = [at(&["seat0_share"])?, at(&["seat0_lo"])?, at(&["seat0_hi"])?];
        rows.push(vec![
            name.clone(),
            interval(rating, 0),
            interval(upset, 3),
            interval(seat0, 3),
            num(at(&["fair_share"])?),
            num(at(&["h2h_matches"])?),
            num(at(&["self_play_matches"])?),
        ]);
    }
    if rows.is_empty() {
        return Ok(());
    }
    page.heading("How much does skill matter? Greedy against random, per game");
    page.table(
        &[
            "game",
            "greedy over random (Elo, 95%)",
            "random wins against greedy (share, 95%)",
            "seat 0 share, every seat greedy (95%)",
            "fair share",
            "head-to-head matches",
            "self-play matches",
        ],
        &rows,
    );
    // Each ladder's page, linked (the names are the game folders', escaped).
    let links: Vec<String> = rows
        .iter()
        .map(|r| format!("<a href=\"skill/{0}/report.html\">{0}</a>", esc(&r[0])))
        .collect();
    page.raw(&format!(
        "<p>Each game's skill ladder has a page of its own: {}.</p>",
        links.join(", ")
    ));
    page.para("The skill check: a two-rung ladder (random, greedy) per game, seats rotated on shared deals. Ratings are Bradley-Terry on the Elo scale with delta-method intervals; shares have Wilson intervals with the design effect of paired deals (README, \"Skill ladder\"). MCTS rungs, and whether more thinking still helps, need `arena ladder`.");
    Ok(())
}

/// `v`, one of an estimate and its interval `[lo, hi]`, with the decimals the interval
/// supports (as the run pages' tables show them); without an interval, [`num`]'s form.
fn rounded(v: Option<f64>, lo: Option<f64>, hi: Option<f64>) -> String {
    let decimals = lo.zip(hi).and_then(|(lo, hi)| crate::report::table::interval_decimals(lo, hi));
    match (v, decimals) {
        (Some(v), Some(d)) => crate::report::page::fixed(v, d),
        _ => num(v),
    }
}
