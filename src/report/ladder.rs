//! The page of a ladder folder: what was played and how to rerun it, the verdict, the
//! ratings with their intervals, the first-player edge at each rung, the head-to-head steps
//! and the skill figures, all read from `ladder.csv`, `ladder_figures.csv`, `verdict.txt` and
//! `ladder.json`.

use std::path::Path;

use crate::core::layout::{LADDER_CSV, LADDER_FIGURES_CSV, LADDER_FILE, VERDICT_TXT};
use crate::report::charts::{Estimate, Guide, intervals};
use crate::report::page::{Page, esc, num};
use crate::report::rerun;
use crate::report::table::Table;
use crate::report::words::Words;
use crate::report::{ReportError, read_json};

/// The cells of `t`'s column `name` in every row, as numbers (`None` for an empty cell).
fn column(t: &Table, name: &str) -> Result<Vec<Option<f64>>, ReportError> {
    let c = t.need(&[name])?;
    (0..t.rows.len()).map(|r| t.num(r, c)).collect()
}

fn estimates(
    labels: &[String],
    v: &[Option<f64>],
    lo: &[Option<f64>],
    hi: &[Option<f64>],
) -> Vec<Estimate> {
    let nan = |x: Option<f64>| x.unwrap_or(f64::NAN);
    (0..labels.len())
        .map(|i| Estimate {
            label: labels[i].clone(),
            value: nan(v[i]),
            lo: nan(lo[i]),
            hi: nan(hi[i]),
        })
        .collect()
}

pub fn render(dir: &Path) -> Result<String, ReportError> {
    let t = Table::read(dir, LADDER_CSV)?;
    let figures = Table::read(dir, LADDER_FIGURES_CSV)?;
    let file = read_json(dir, LADDER_FILE)?;
    let verdict = if dir.join(VERDICT_TXT).exists() {
        crate::report::recorded::read_text(dir, VERDICT_TXT)?
    } else {
        String::new()
    };
    let bot_col = t.need(&["bot"])?;
    let bots: Vec<String> = t.rows.iter().map(|r| t.text(r, bot_col).to_string()).collect();
    let request = &file["request"];
    let game = request["game"].as_str().unwrap_or("?");
    let title = format!("Skill ladder: {game}");
    let mut page = Page::new(&title);
    let players = file["fingerprint"]["players"].as_u64().map_or(String::new(), |p| p.to_string());
    page.facts(&[
        ("game", game.to_string()),
        ("players", players),
        ("rungs, weakest first", bots.join(" < ")),
        ("seed", request["seed"].to_string()),
        (
            "per pairing",
            format!(
                "batches of {}, at most {} matches, or until separated or within ±{}",
                file["fingerprint"]["batch"], request["max_matches"], request["precision"]
            ),
        ),
        ("time taken", format!("{:.1} s", file["elapsed_seconds"].as_f64().unwrap_or(0.0))),
        ("version", file["crate_version"].as_str().unwrap_or("").to_string()),
    ]);
    if let Some(words) = rerun::recorded_words(&file["command_line"]) {
        page.raw(&rerun::rerun_paragraph(&words, "this ladder"));
    }
    for line in verdict.lines() {
        page.para(line);
    }

    page.heading("Ratings");
    let rating = estimates(
        &bots,
        &column(&t, "rating_elo")?,
        &column(&t, "rating_lo")?,
        &column(&t, "rating_hi")?,
    );
    page.chart(
        "ratings",
        &format!("Elo rating with 95% interval, {} = 0 (Bradley-Terry on the chain of neighbouring pairings)", bots[0]),
        &intervals(&rating, &Guide::line(0.0), "Elo")?,
    );

    page.heading("First-player edge at each rung");
    let seat0 = estimates(
        &bots,
        &column(&t, "seat0_share")?,
        &column(&t, "seat0_lo")?,
        &column(&t, "seat0_hi")?,
    );
    let fair = column(&t, "fair_share")?.first().copied().flatten();
    page.chart(
        "seat0",
        "seat 0's win share with every seat played by that rung (Wilson 95%); the line is the fair share",
        &intervals(&seat0, &Guide { line: fair, band: None }, "seat 0 share")?,
    );

    page.heading("Each rung against the one below");
    let cols = [
        "bot",
        "vs_bot",
        "h2h_matches",
        "h2h_share",
        "h2h_lo",
        "h2h_hi",
        "separated",
        "upset_share",
        "h2h_stopped",
    ];
    let idx: Vec<usize> = cols.iter().map(|c| t.need(&[c])).collect::<Result<_, _>>()?;
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .skip(1)
        .map(|r| {
            idx.iter()
                .map(|&c| match t.text(r, c).parse::<f64>() {
                    Ok(v) if !t.headers[c].ends_with("matches") => num(Some(v)),
                    _ => t.text(r, c).to_string(),
                })
                .collect()
        })
        .collect();
    page.table(
        &[
            "rung",
            "below",
            "matches",
            "share",
            "95% low",
            "95% high",
            "separated",
            "upsets",
            "stopped",
        ],
        &rows,
    );

    page.heading("Skill figures");
    // The figures by their words first; ladder_figures.csv's names after them, in code.
    let mut words = Words::default();
    for (id, w) in FIGURE_WORDS {
        words.insert(id, w);
    }
    let rows: Vec<Vec<String>> = figures
        .rows
        .iter()
        .map(|r| {
            r.iter()
                .enumerate()
                .map(|(c, cell)| match cell.parse::<f64>() {
                    _ if c == 0 => format!("<td class=\"words\">{}</td>", words.html(cell)),
                    Ok(v) => format!("<td>{}</td>", esc(&num(Some(v)))),
                    Err(_) => format!("<td>{}</td>", esc(cell)),
                })
                .collect()
        })
        .collect();
    let headers: Vec<String> =
        figures.headers.iter().map(|h| format!("<th>{}</th>", esc(h))).collect();
    page.table_html(&headers, &rows);
    Ok(page.finish(&title))
}

/// The skill figures of `ladder_figures.csv` in words.
const FIGURE_WORDS: [(&str, &str); 3] = [
    ("rating_spread_elo", "rating gap from the weakest bot to the strongest"),
    ("upset_share_mean", "how often the weaker of two neighbouring bots wins"),
    ("top_step_share", "the strongest bot's win share against the next"),
];
