//! The page of a ladder folder. Its first screen: the question (does skill matter in this
//! game?), each rung against the one below and seat 0's share at each rung in plain words;
//! then the settings and "How this was decided" (the verdict in its own words, with the
//! rating's method) in boxes a reader opens; then the ratings with their intervals, the
//! first-player edge at each rung, the head-to-head steps and the skill figures, all read
//! from `ladder.csv`, `ladder_figures.csv`, `verdict.txt` and `ladder.json`. A skill check's
//! ladder (`skill/<game>/` of the default experiment) links back to the summary and to the
//! other games' ladders.

use std::path::Path;

use crate::core::columns as col;
use crate::core::job_record::LadderRecord;
use crate::core::layout::{LADDER_CSV, LADDER_FIGURES_CSV, LADDER_FILE, VERDICT_TXT};
use crate::report::charts::{Estimate, Guide, intervals};
use crate::report::page::{Page, esc, num};
use crate::report::table::Table;
use crate::report::verdict::plain::count;
use crate::report::words::Words;
use crate::report::{ReportError, read_record};
use crate::report::{method, rerun};

/// The cells of `t`'s column `name` in every row, as numbers (`None` for an empty cell).
fn column(t: &Table, name: &str) -> Result<Vec<Option<f64>>, ReportError> {
    let c = t.need(&[name])?;
    (0..t.rows.len()).map(|r| t.num(r, c)).collect()
}

/// A recorded number as it was written; empty where the record has none.
fn shown(n: &Option<serde_json::Number>) -> String {
    n.as_ref().map_or_else(String::new, ToString::to_string)
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

/// Each rung against the one below, in words ("Against random, greedy finishes ahead in 93%
/// of their head-to-head comparisons (between 86% and 97%): clearly better."), and the
/// answer they give: whether skill shows.
fn steps(t: &Table) -> Result<(String, String), ReportError> {
    let (bot, vs) = (t.need(&[col::ladder::BOT])?, t.need(&[col::ladder::VS_BOT])?);
    let (share, lo, hi) = (
        t.need(&[col::ladder::H2H_SHARE])?,
        t.need(&[col::ladder::H2H_LO])?,
        t.need(&[col::ladder::H2H_HI])?,
    );
    let sep = t.need(&[col::ladder::SEPARATED])?;
    let mut parts = Vec::new();
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    let mut shown = 0;
    for i in 1..t.rows.len() {
        let r = &t.rows[i];
        let (Some(x), Some(l), Some(h)) = (t.num(i, share)?, t.num(i, lo)?, t.num(i, hi)?) else {
            continue;
        };
        let how = match t.text(r, sep) {
            "upper" => {
                shown += 1;
                "clearly better"
            }
            "lower" => "clearly worse",
            _ => "not told apart",
        };
        parts.push(format!(
            "Against {}, {} finishes ahead in {:.0}% of their head-to-head comparisons (between {:.0}% and {:.0}%): {how}.",
            t.text(r, vs),
            t.text(r, bot),
            100.0 * x,
            100.0 * l,
            100.0 * h
        ));
        pairs.push((t.text(r, bot), t.text(r, vs)));
    }
    let answer = match (shown, pairs.as_slice()) {
        (_, []) => "No rung played the one below it.".to_string(),
        (0, _) => "No measurable skill at these matches: no rung is shown to beat the one below."
            .to_string(),
        (1, [(upper, lower)]) => format!("Skill matters: {upper} beats {lower}."),
        (n, all) if n == all.len() => "Skill matters: every rung beats the one below it.".into(),
        _ => "Skill matters, up to a point: not every rung beats the one below it.".to_string(),
    };
    Ok((answer, format!("{} A tie counts half.", parts.join(" "))))
}

/// Seat 0's share at each rung, every seat played by that rung: whether the first seat's
/// edge changes with skill, in words; `None` without the columns.
fn first_seat(t: &Table, bots: &[String]) -> Result<Option<String>, ReportError> {
    let (Some(rate), Some(decisive), Some(fair)) = (
        t.col(&[col::ladder::SEAT0_DECISIVE_WIN_RATE]),
        t.col(&[col::ladder::SELF_PLAY_DECISIVE_MATCHES]),
        t.col(&[col::ladder::FAIR_SHARE]),
    ) else {
        return Ok(None);
    };
    let mut parts = Vec::new();
    for (i, b) in bots.iter().enumerate() {
        if let (Some(x), Some(n)) = (t.num(i, rate)?, t.num(i, decisive)?) {
            parts.push(format!("{b} {:.1}% (of {} matches)", 100.0 * x, count(n as u64)));
        }
    }
    if parts.is_empty() {
        return Ok(None);
    }
    let Some(f) = t.num(0, fair)? else { return Ok(None) };
    Ok(Some(format!(
        "With every seat played by the same bot, seat 0 (the first to move) wins, of the matches with a sole winner: {}; a fair share is {:.1}%.",
        parts.join(", "),
        100.0 * f
    )))
}

/// `dir`'s page; `others` names the other games' ladders when this one is a default
/// experiment's skill check (`skill/<game>/`): the page then links back to the summary
/// and to them.
pub fn render(dir: &Path, others: Option<&[String]>) -> Result<String, ReportError> {
    let t = Table::read(dir, LADDER_CSV)?;
    let figures = Table::read(dir, LADDER_FIGURES_CSV)?;
    let file: LadderRecord = read_record(dir, LADDER_FILE)?;
    let verdict = if dir.join(VERDICT_TXT).exists() {
        crate::report::recorded::read_text(dir, VERDICT_TXT)?
    } else {
        String::new()
    };
    let bot_col = t.need(&[col::ladder::BOT])?;
    let bots: Vec<String> = t.rows.iter().map(|r| t.text(r, bot_col).to_string()).collect();
    // A ladder of no rung (a damaged or foreign ladder.csv) has nothing to show: said in one
    // line, never a page that indexes its first rung.
    if bots.is_empty() {
        return Err(ReportError::Input(format!("{}: no rung (a ladder has at least one)", t.name)));
    }
    let request = &file.request;
    let game = request.game.as_deref().unwrap_or("?");
    let title = format!("Skill ladder: {game}");
    let mut page = match others {
        Some(others) => {
            let links: Vec<String> = others
                .iter()
                .map(|g| format!("<a href=\"../{0}/report.html\">{0}</a>", esc(g)))
                .collect();
            let nav = format!(
                "<a href=\"../../report.html\">&larr; back to the summary</a> &middot; the other games' skill ladders: {}",
                links.join(", ")
            );
            Page::under(&nav, &title)
        }
        None => Page::new(&title),
    };
    let players = file.fingerprint.players.map_or(String::new(), |p| p.to_string());
    let question = format!(
        "Does skill matter in {game}{}? Bots from weakest to strongest: {}.",
        if players.is_empty() { String::new() } else { format!(" with {players} players") },
        bots.join(", ")
    );
    let (answer, figures_words) = steps(&t)?;
    let mut first = format!(
        "<div class=\"verdict\" id=\"answer\"><p class=\"question\">{}</p><p class=\"answer\">{}</p><p class=\"figures\">{}</p>",
        esc(&question),
        esc(&answer),
        esc(&figures_words)
    );
    if let Some(seat) = first_seat(&t, &bots)? {
        first.push_str(&format!("<p class=\"figures\">{}</p>", esc(&seat)));
    }
    first.push_str("</div>");
    page.raw(&first);
    page.open_box("settings", "Settings, version and how to rerun this");
    page.facts(&[
        ("game", game.to_string()),
        ("players", players),
        ("rungs, weakest first", bots.join(" < ")),
        ("seed", shown(&request.seed)),
        (
            "per pairing",
            format!(
                "batches of {}, at most {} matches, or until separated or within ±{}",
                shown(&file.fingerprint.batch),
                shown(&request.max_matches),
                shown(&request.precision)
            ),
        ),
        ("time taken", format!("{:.1} s", file.elapsed_seconds.unwrap_or(0.0))),
        ("version", file.crate_version.clone().unwrap_or_default()),
    ]);
    page.raw(&rerun::rerun_paragraphs(dir, &file.made));
    page.close_box();
    let mut paragraphs: Vec<String> =
        vec!["The ladder's verdict, in verdict.txt's words:".to_string()];
    paragraphs.extend(verdict.lines().filter(|l| !l.trim().is_empty()).map(str::to_string));
    paragraphs.push(format!(
        "The ratings are Elo ratings, {} = 0, from Bradley-Terry on the chain of neighbouring pairings; the head-to-head ranges are 95% Wilson intervals with the design effect of shared deals, seat 0's shares 95% Wilson intervals.",
        bots[0]
    ));
    method::section(&mut page, &paragraphs);

    page.heading("Ratings");
    let rating = estimates(
        &bots,
        &column(&t, col::ladder::RATING_ELO)?,
        &column(&t, col::ladder::RATING_LO)?,
        &column(&t, col::ladder::RATING_HI)?,
    );
    page.chart(
        "ratings",
        &format!(
            "Each bot's rating over {} (0), with its 95% range: 100 rating points apart, the stronger finishes ahead about 64% of the time.",
            bots[0]
        ),
        &intervals(&rating, &Guide::line(0.0), "rating over the weakest")?,
    );

    page.heading("First-player edge at each rung");
    // The share the verdicts and stdout judge: of the decisive matches (a sole winner), not
    // the one that counts a draw as half (ladder.csv's seat0_share).
    let seat0 = estimates(
        &bots,
        &column(&t, col::ladder::SEAT0_DECISIVE_WIN_RATE)?,
        &column(&t, col::ladder::SEAT0_DECISIVE_CI_LOW)?,
        &column(&t, col::ladder::SEAT0_DECISIVE_CI_HIGH)?,
    );
    let fair = column(&t, col::ladder::FAIR_SHARE)?.first().copied().flatten();
    page.chart(
        "seat0",
        "seat 0's share of the decisive matches (a sole winner) with every seat played by that rung, with its 95% range; the line is the fair share",
        &intervals(&seat0, &Guide { line: fair, band: None }, "seat 0 share")?,
    );

    page.heading("Each rung against the one below");
    let cols = [
        col::ladder::BOT,
        col::ladder::VS_BOT,
        col::ladder::H2H_MATCHES,
        col::ladder::H2H_SHARE,
        col::ladder::H2H_LO,
        col::ladder::H2H_HI,
        col::ladder::SEPARATED,
        col::ladder::UPSET_SHARE,
        col::ladder::H2H_STOPPED,
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
