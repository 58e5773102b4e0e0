//! A sweep page's first screen: the question the sweep asked ("Which value of value_12 keeps
//! dardz with 4 players fair to every seat, with random bots?"), each variant's own answer in
//! words (read from its run folder's verdict, as its page shows it), and each variant's
//! largest seat deviation from a fair share with its interval (`sweep.csv`). The sweep's
//! conclusion across the variants, which names its tests, follows lower on the page; the
//! variants' verdicts in their own words are the method box's.

use std::path::Path;

use crate::core::columns as col;
use crate::core::job_record::{ManifestRecord, SweepRecord};
use crate::core::layout::{MANIFEST, SEATS_CSV, SWEEP_FILE, VERDICT_TXT};
use crate::report::ReportError;
use crate::report::page::esc;
use crate::report::question::bots_phrase;
use crate::report::table::Table;
use crate::report::verdict::plain::{self, and_list};
use crate::report::verdict::{Shown, levels_of, shown};
use crate::stats::sweep_verdict::printed_ends;
use crate::stats::verdict::Answer;

/// One variant's answer, when its folder holds a run that can be read.
pub struct Variant {
    pub name: String,
    pub shown: Shown,
}

/// Each variant's verdict as cut from its own folder (named by `sweep.csv`'s `folder`
/// column, and only a plain name inside the sweep's folder, `own` says which); a variant
/// whose folder is missing or unreadable is left out (its page is refused there).
pub fn variants(
    dir: &Path,
    t: &Table,
    names: &[String],
    own: impl Fn(&str) -> bool,
) -> Vec<Variant> {
    let Some(folder) = t.col(&[col::sweep::FOLDER]) else { return Vec::new() };
    let mut out = Vec::new();
    for (i, r) in t.rows.iter().enumerate() {
        let f = t.text(r, folder);
        if !own(f) {
            continue;
        }
        let v = dir.join(f);
        let (Ok(verdict), Ok(seats)) =
            (crate::report::recorded::read_text(&v, VERDICT_TXT), Table::read(&v, SEATS_CSV))
        else {
            continue;
        };
        let levels = levels_of(&v, seats.rows.len());
        out.push(Variant { name: names[i].clone(), shown: shown(&verdict, &seats, &levels) });
    }
    out
}

/// The question: which value of the varied rule (or which variant, when several rules vary
/// together) keeps the game fair, with the game, players and bots the sweep played.
pub fn question(dir: &Path, keys: &[String], first_variant: Option<&Path>) -> String {
    let request = crate::core::job_record::read_record::<SweepRecord>(dir, SWEEP_FILE)
        .map(|r| r.request)
        .unwrap_or_default();
    let (game, players) = (request.game, request.players);
    let bots = first_variant
        .and_then(|v| crate::report::read_record::<ManifestRecord>(v, MANIFEST).ok())
        .map(|m| bots_phrase(&m.lineup_labels()));
    let which = match keys {
        [one] => format!("Which value of {one}"),
        _ => "Which variant".to_string(),
    };
    let what = match (game, players) {
        (Some(g), Some(p)) => format!("{g} with {p} players"),
        (Some(g), None) => g,
        _ => "the game".to_string(),
    };
    let with = bots.map(|b| format!(", with {b}")).unwrap_or_default();
    format!("{which} keeps {what} fair to every seat{with}?")
}

/// The answer (which variants are shown fair, each on its own) and each variant's answer,
/// the variants grouped by it ("Not enough matches to tell: value_12=6 and value_12=8.");
/// `None` without any variant's verdict.
fn answers(variants: &[Variant]) -> Option<(String, String)> {
    if variants.is_empty() {
        return None;
    }
    let items: Vec<(&str, Option<Answer>)> =
        variants.iter().map(|v| (v.name.as_str(), v.shown.judged.map(|(a, _)| a))).collect();
    let fair: Vec<&str> = items
        .iter()
        .filter(|(_, a)| matches!(a, Some(Answer::Fair | Answer::SmallEdge)))
        .map(|(n, _)| *n)
        .collect();
    let answer = match fair.len() {
        0 => format!("None of the {} variants is shown fair yet.", variants.len()),
        n if n == variants.len() => "Every variant is shown fair, each on its own.".to_string(),
        _ => format!("Shown fair, each on its own: {}.", and_list(&fair)),
    };
    Some((answer, plain::grouped(&items)))
}

/// Each variant's largest seat deviation from a fair share with its interval (an older
/// `sweep.csv` gives none: the figure alone), from `sweep.csv`; `None` when it has none.
fn deviations(t: &Table, names: &[String], margin_pp: f64) -> Result<Option<String>, ReportError> {
    let Some(v) = t.col(&[col::sweep::MAX_SEAT_DEVIATION_PP]) else { return Ok(None) };
    let (lo, hi) = (
        t.col(&[col::sweep::MAX_SEAT_DEVIATION_CI_LOW]),
        t.col(&[col::sweep::MAX_SEAT_DEVIATION_CI_HIGH]),
    );
    let mut parts = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let Some(x) = t.num(i, v)? else { continue };
        let bound = |c: Option<usize>| c.map(|c| t.num(i, c)).transpose().map(Option::flatten);
        match (bound(lo)?, bound(hi)?) {
            (Some(l), Some(h)) => {
                let (l, h) = printed_ends(l, h, margin_pp);
                parts.push(format!("{name} {x:.1} ({l:.1} to {h:.1})"))
            }
            _ => parts.push(format!("{name} {x:.1}")),
        }
    }
    if parts.is_empty() {
        return Ok(None);
    }
    // The range is named only where one is shown (an older sweep.csv has none).
    let range = if lo.is_some() && hi.is_some() {
        format!(
            ", with the 90% range its variant's answer was decided on (shown fair only where it ends at {margin_pp} or below)"
        )
    } else {
        String::new()
    };
    Ok(Some(format!(
        "The largest gap between a seat's share and a fair share, in percentage points{range}: {}.",
        parts.join(", ")
    )))
}

/// The answer box (`#answer`, which the browser check finds): the question, the variants'
/// answers, their deviations, and the margin they were judged against.
pub fn answer_box(
    question: &str,
    variants: &[Variant],
    t: &Table,
    names: &[String],
    margin_pp: f64,
) -> Result<String, ReportError> {
    let mut out =
        format!("<div class=\"verdict\" id=\"answer\"><p class=\"question\">{}</p>", esc(question));
    let margin = format!(
        "A variant is fair when every seat is within {} of a fair share.",
        plain::points(margin_pp)
    );
    match answers(variants) {
        Some((answer, each)) => out.push_str(&format!(
            "<p class=\"answer\">{}</p><p class=\"figures\">{} {}</p>",
            esc(&answer),
            esc(&each),
            esc(&margin)
        )),
        None => out.push_str(&format!("<p class=\"figures\">{}</p>", esc(&margin))),
    }
    if let Some(d) = deviations(t, names, margin_pp)? {
        out.push_str(&format!("<p class=\"figures\">{}</p>", esc(&d)));
    }
    out.push_str("</div>");
    Ok(out)
}

/// What the method box says of the variants: each one's verdict in its own words.
pub fn method_paragraphs(variants: &[Variant]) -> Vec<String> {
    let mut out = vec![
        "The sweep's conclusion, under the seat chart, names its tests across the variants. Each variant's own verdict, in verdict.txt's words:".to_string(),
    ];
    for v in variants {
        let words = v.shown.method_paragraphs();
        let words = if words.is_empty() { v.shown.figures.clone() } else { words.join(" ") };
        out.push(format!("{}: {words}", v.name));
    }
    out.push("The largest seat deviation's interval is its variant's own verdict's, 90%, all its seats at once: its upper end, from every seat's 90% Clopper-Pearson interval (the margin test, TOST), is within the margin exactly when that verdict shows every seat within it; its lower end is from every seat's interval at the beyond-the-margin test's level (5% split over the seats). Each end is a 95% bound.".into());
    out
}
