//! The default experiment's summary page: one row per game (seat 0's edge over a fair share
//! with its interval, game length, verdict) and a chart of the edges, each game linking to
//! its own page.

use std::path::{Path, PathBuf};

use crate::report::charts::{self, Estimate};
use crate::report::page::{Page, esc, num};
use crate::report::table::Table;
use crate::report::{ReportError, read_json};

pub fn render(dir: &Path, games: &[PathBuf]) -> Result<String, ReportError> {
    let title = "Default experiment: every game";
    let mut page = Page::new(title);
    if let Ok(plan) = read_json(dir, "plan.json") {
        let r = &plan["request"];
        page.facts(&[
            ("seed", r["seed"].to_string()),
            ("matches per game", r["matches"].to_string()),
            ("seating", r["seating"].as_str().unwrap_or("").to_string()),
        ]);
    }
    let mut edges = Vec::new();
    let mut rows = String::from(
        "<table><tr><th>game</th><th>matches</th><th>seat 0 edge (pp)</th><th>95% interval</th><th>turns: median</th><th>mean</th><th style=\"text-align:left\">verdict</th></tr>",
    );
    for g in games {
        let name = g.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let manifest = read_json(g, "manifest.json")?;
        let seats = Table::read(g, "seats.csv")?;
        let (diff, lo, hi) = (
            seats.need(&["diff_pp"])?,
            seats.need(&["diff_ci_low_pp"])?,
            seats.need(&["diff_ci_high_pp"])?,
        );
        if seats.rows.is_empty() {
            return Err(ReportError::Input(format!("{}: no rows", seats.name)));
        }
        let (d, l, h) = (seats.num(0, diff)?, seats.num(0, lo)?, seats.num(0, hi)?);
        let lengths = Table::read(g, "lengths.csv")?;
        let key = lengths.need(&["measure"])?;
        let (median, mean) = match lengths.find(key, "turns") {
            Some(r) => (
                lengths.num(r, lengths.need(&["p50"])?)?,
                lengths.num(r, lengths.need(&["mean"])?)?,
            ),
            None => (None, None),
        };
        let verdict_path = g.join("verdict.txt");
        let verdict = std::fs::read_to_string(&verdict_path)
            .map_err(|_| ReportError::Input(format!("{}: missing", verdict_path.display())))?;
        rows.push_str(&format!(
            "<tr><td><a href=\"{0}/report.html\">{0}</a></td><td>{1}</td><td>{2}</td><td>[{3}, {4}]</td><td>{5}</td><td>{6}</td><td style=\"text-align:left;white-space:normal\">{7}</td></tr>",
            esc(&name),
            esc(&manifest["completed_matches"].to_string()),
            num(d),
            num(l),
            num(h),
            num(median),
            num(mean),
            esc(verdict.trim())
        ));
        edges.push(Estimate {
            label: name,
            value: d.unwrap_or(f64::NAN),
            lo: l.unwrap_or(f64::NAN),
            hi: h.unwrap_or(f64::NAN),
        });
    }
    rows.push_str("</table>");
    page.heading("Seat 0's edge over a fair share, per game");
    let chart = charts::intervals(&edges, Some(0.0), "pp over fair share")?;
    page.chart(
        "seat0-edges",
        "Seat 0's share of decisive matches minus a fair share, in percentage points, with 95% intervals; the red line is no edge.",
        &chart,
    );
    page.raw(&rows);
    page.para("Each game's name links to its own page. Every number is read from the game folders' CSV files.");
    Ok(page.finish(title))
}
