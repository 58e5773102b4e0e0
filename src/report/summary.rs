//! The default experiment's summary page. Its first screen: the question, every game's answer
//! in words, and the chart of seat 0's edge per game; then the settings (the cap on matches
//! and what each game played) and "How this was decided" in boxes a reader opens, the table
//! of every game (each linking to its own page), and the skill check.

use std::path::{Path, PathBuf};

use crate::core::columns as col;
use crate::core::job_record::{ManifestRecord, PlanRecord};
use crate::core::layout::{
    LADDER_CSV, LADDER_FIGURES_CSV, LENGTHS_CSV, MANIFEST, PLAN_FILE, SEATS_CSV, VERDICT_TXT,
};
use crate::report::charts::{self, Estimate, Guide};
use crate::report::page::{Page, cell_for, esc, num};
use crate::report::question::bots_phrase;
use crate::report::table::Table;
use crate::report::verdict::Shown;
use crate::report::verdict::plain::{self, and_list};
use crate::report::{ReportError, read_record};
use crate::stats::verdict::Answer;

/// One game's row: its folder name, the verdict as cut, and what its lineup was.
struct Game {
    name: String,
    shown: Shown,
    bots: String,
    played: u64,
}

pub fn render(dir: &Path, games: &[PathBuf]) -> Result<String, ReportError> {
    let title = "Default experiment: every game";
    let mut page = Page::new(title);
    let mut edges = Vec::new();
    let mut warned = false;
    // The margin every game's verdict was judged against (one run, one margin).
    let mut margins: Vec<Option<f64>> = Vec::new();
    let mut answers: Vec<Game> = Vec::new();
    let mut rows = String::from(
        "<table><tr><th>game</th><th>matches played</th><th>seat 0 edge (percentage points)</th><th>95% range</th><th>turns: median</th><th>mean</th><th style=\"text-align:left\">verdict</th></tr>",
    );
    for g in games {
        let name = g.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let outcome: ManifestRecord = read_record(g, MANIFEST)?;
        let seats = Table::read(g, SEATS_CSV)?;
        let (diff, lo, hi) = (
            seats.need(&[col::seats::DIFF_PP])?,
            seats.need(&[col::seats::DIFF_CI_LOW_PP])?,
            seats.need(&[col::seats::DIFF_CI_HIGH_PP])?,
        );
        if seats.rows.is_empty() {
            return Err(ReportError::Input(format!("{}: no rows", seats.name)));
        }
        let (d, l, h) = (seats.num(0, diff)?, seats.num(0, lo)?, seats.num(0, hi)?);
        let lengths = Table::read(g, LENGTHS_CSV)?;
        let key = lengths.need(&[col::lengths::MEASURE])?;
        let (median, mean) = match lengths.find(key, "turns") {
            Some(r) => (
                lengths.num(r, lengths.need(&[col::lengths::P50])?)?,
                lengths.num(r, lengths.need(&[col::lengths::MEAN])?)?,
            ),
            None => (None, None),
        };
        let verdict = crate::report::recorded::read_text(g, VERDICT_TXT)?;
        // The answer first, then its deciding figure; the method is the "How this was
        // decided" box's, and the random-play warning is said once, under the table.
        let levels = crate::report::verdict::levels_of(g, seats.rows.len());
        let shown = crate::report::verdict::shown(&verdict, &seats, &levels);
        warned |= shown.warning;
        margins.push(shown.judged.map(|(_, m)| m));
        rows.push_str(&format!(
            "<tr><td><a href=\"{0}/report.html\">{0}</a></td><td>{1}</td><td>{2}</td><td>[{3}, {4}]</td><td>{5}</td><td>{6}</td><td style=\"text-align:left;white-space:normal\">{7}</td></tr>",
            esc(&name),
            outcome.completed_matches.map_or_else(String::new, plain::count),
            rounded(d, l, h),
            rounded(l, l, h),
            rounded(h, l, h),
            num(median),
            // A mean to three significant figures (lengths.csv keeps them all).
            mean.map_or_else(|| num(None), |m| cell_for("mean", m)),
            shown.cell()
        ));
        edges.push(Estimate {
            label: name.clone(),
            value: d.unwrap_or(f64::NAN),
            lo: l.unwrap_or(f64::NAN),
            hi: h.unwrap_or(f64::NAN),
        });
        answers.push(Game {
            name,
            shown,
            bots: bots_phrase(&outcome.lineup_labels()),
            played: outcome.completed_matches.unwrap_or(0),
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
    // The band only when every verdict states the same margin: it is theirs to draw.
    let margin = match margins.first() {
        Some(&Some(m)) if margins.iter().all(|x| *x == Some(m)) => Some(m),
        _ => None,
    };
    page.raw(&answer_box(&answers, margin));
    page.heading("Seat 0's edge over a fair share, per game");
    let guide = Guide { line: Some(0.0), band: margin.map(|m| (-m, m)) };
    let chart = charts::intervals(&edges, &guide, "percentage points over fair")?;
    let band_words = margin
        .map(|m| format!(", the shaded band the margin of ±{}", plain::points(m)))
        .unwrap_or_default();
    page.chart(
        "seat0-edges",
        &format!("Seat 0's share of the matches with a sole winner minus a fair share, in percentage points, with its 95% range; the red line is no edge{band_words}."),
        &chart,
    );
    settings_box(&mut page, dir, &answers);
    let mut method = vec![
        "Each game's verdict in verdict.txt's words, and its method (each game's page says the same):".to_string(),
    ];
    for g in &answers {
        let words = g.shown.method_paragraphs();
        let words = if words.is_empty() { g.shown.figures.clone() } else { words.join(" ") };
        method.push(format!("{}: {words}", g.name));
    }
    method.push("The chart's and the table's ranges are 95% Wilson intervals of seat 0's share of the decisive matches, less the fair share (seats.csv: diff_ci_low_pp, diff_ci_high_pp).".into());
    crate::report::method::section(&mut page, &method);
    page.raw(&rows);
    page.para("Each game's name links to its own page. Every number is read from the game folders' CSV files.");
    skill_section(&mut page, dir, games)?;
    Ok(page.finish(title))
}

/// The first screen's question and answer: every game's answer in words, the games grouped
/// by it, in the element `#answer` the browser check finds.
fn answer_box(games: &[Game], margin: Option<f64>) -> String {
    let bots = match games.first() {
        Some(g) if games.iter().all(|o| o.bots == g.bots) => format!("with {}", g.bots),
        _ => "with the bots each game's row names".to_string(),
    };
    let question = format!("Is each game fair to every seat, {bots}?");
    let items: Vec<(&str, Option<Answer>)> =
        games.iter().map(|g| (g.name.as_str(), g.shown.judged.map(|(a, _)| a))).collect();
    let margin = margin
        .map(|m| {
            format!(
                " A game is fair when every seat is within {} of a fair share.",
                plain::points(m)
            )
        })
        .unwrap_or_default();
    format!(
        "<div class=\"verdict\" id=\"answer\"><p class=\"question\">{}</p><p class=\"answer\">{}</p><p class=\"figures\">{}{}</p></div>",
        esc(&question),
        esc(&headline(games)),
        esc(&plain::grouped(&items)),
        esc(&margin)
    )
}

/// The answer in one line: how many games are fair, and which are not.
fn headline(games: &[Game]) -> String {
    let count = |a: &[Answer]| {
        games.iter().filter(|g| g.shown.judged.is_some_and(|(x, _)| a.contains(&x))).count()
    };
    let fair = count(&[Answer::Fair, Answer::SmallEdge]);
    let unfair: Vec<&str> = games
        .iter()
        .filter(|g| g.shown.judged.is_some_and(|(x, _)| x == Answer::Unfair))
        .map(|g| g.name.as_str())
        .collect();
    let open = games.len() - fair - unfair.len();
    let mut parts = vec![format!("{fair} of {} games shown fair", games.len())];
    if !unfair.is_empty() {
        parts.push(format!("unfair: {}", and_list(&unfair)));
    }
    if open > 0 {
        parts.push(format!("{open} not yet decided"));
    }
    let mut line = parts.join("; ");
    line.push('.');
    crate::report::verdict::plain::capitalised(&line)
}

/// The settings box: the seed, the seating, and the matches: the cap the run asked for
/// (a cap, when each game stopped once its answer was decided) and what each game played;
/// then how to rerun the experiment.
fn settings_box(page: &mut Page, dir: &Path, games: &[Game]) {
    page.open_box("settings", "Settings, matches each game played, and how to rerun this");
    let played: Vec<String> =
        games.iter().map(|g| format!("{} {}", g.name, plain::count(g.played))).collect();
    let mut facts = Vec::new();
    if let Some(r) = read_record::<PlanRecord>(dir, PLAN_FILE).ok().and_then(|p| p.request) {
        let cap = r.matches.map_or_else(String::new, plain::count);
        let until_decided = r.stopping.until_decided.unwrap_or(false);
        facts.push(("seed", r.seed.map_or_else(String::new, |s| s.to_string())));
        facts.push((
            "matches per game",
            if until_decided {
                format!("up to {cap}: each game stops once its answer is decided")
            } else {
                cap
            },
        ));
        facts.push(("seating", r.seating.unwrap_or_default()));
    }
    facts.push(("matches played", played.join(", ")));
    page.facts(&facts);
    // The experiment has no manifest of its own: its games' record the command.
    page.raw(&crate::report::rerun::rerun_paragraphs(dir, &Default::default()));
    page.close_box();
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
        let rating = [
            at(&[col::ladder::RATING_ELO])?,
            at(&[col::ladder::RATING_LO])?,
            at(&[col::ladder::RATING_HI])?,
        ];
        let figures = Table::read(&ladder_dir, LADDER_FIGURES_CSV)?;
        let key = figures.need(&[col::ladder_figures::FIGURE])?;
        let upset = match figures.find(key, "upset_share_mean") {
            Some(r) => [
                figures.num(r, figures.need(&[col::ladder_figures::VALUE])?)?,
                figures.num(r, figures.need(&[col::ladder_figures::LO])?)?,
                figures.num(r, figures.need(&[col::ladder_figures::HI])?)?,
            ],
            None => [None; 3],
        };
        // The first-seat question is asked of the decisive matches everywhere (stdout, the
        // verdicts, seats.csv), never of a share that counts draws as halves.
        let seat0 = [
            at(&[col::ladder::SEAT0_DECISIVE_WIN_RATE])?,
            at(&[col::ladder::SEAT0_DECISIVE_CI_LOW])?,
            at(&[col::ladder::SEAT0_DECISIVE_CI_HIGH])?,
        ];
        let self_play = match (
            at(&[col::ladder::SELF_PLAY_DECISIVE_MATCHES])?,
            at(&[col::ladder::SELF_PLAY_MATCHES])?,
        ) {
            (Some(d), Some(n)) => format!("{d:.0} of {n:.0}"),
            _ => String::new(),
        };
        rows.push(vec![
            name.clone(),
            interval(rating, 0),
            interval(upset, 3),
            interval(seat0, 3),
            num(at(&[col::ladder::FAIR_SHARE])?),
            num(at(&[col::ladder::H2H_MATCHES])?),
            self_play,
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
            "seat 0's share of decisive matches, every seat greedy (95%)",
            "fair share",
            "head-to-head matches",
            "self-play matches decisive",
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
