//! The balance verdict as a page shows it: first the answer and its deciding figure in plain
//! words ([`plain`]: "Fair within 1 percentage point: ..."), then, in the page's "How this was
//! decided" box, the verdict in `verdict.txt`'s own words and its method, and the
//! random-play warning apart. `verdict.txt` says all of it in one run, jargon before the
//! answer; the page keeps its words (never rewritten, so page and file agree) and only cuts
//! them where they join.
//!
//! The answer is the structured one: [`crate::stats::analysis::answer`] of `seats.csv`'s
//! figures against the margin the verdict's method states. The text is cut only where it
//! opens with that answer's own words ([`Answer::opening`]) and holds the method of that
//! margin and seat count ([`crate::stats::verdict::method_text`]); a verdict that does not
//! (an older folder, a solo game, no decisive match) is shown whole, as it was. A run that
//! played until its verdict was decided is judged again at the levels of the look it
//! stopped at ([`levels_of`]), as its verdict was.

use std::path::Path;

use crate::core::job_record::ManifestRecord;
use crate::core::layout::MANIFEST;
use crate::report::method::first_term;
use crate::report::page::esc;
use crate::report::read_record;
use crate::report::table::Table;
use crate::stats::analysis::{RANDOM_PLAY_WARNING, SeatBalance, SeatEdge, answer_at, seat_edge};
use crate::stats::sequential::{Design, MAX_LOOKS};
use crate::stats::verdict::{Answer, Levels, method_text_at};

pub mod plain;

/// The levels the verdict of the run in `dir` (a `players`-seat game) was judged at: a
/// `--until-decided` run's at the look it stopped at (or its last, at the cap), read from
/// its manifest's stopping rule; else, or when that record is missing or out of range (a
/// hostile design of a billion looks is never computed), the fixed 5%.
pub fn levels_of(dir: &Path, players: usize) -> Levels {
    let Ok(manifest) = read_record::<ManifestRecord>(dir, MANIFEST) else { return Levels::FIXED };
    let Some(stopping) = manifest.stopping else { return Levels::FIXED };
    let Some(rule) = stopping.rule.until_decided else { return Levels::FIXED };
    let Ok(design) = serde_json::from_value::<Design>(rule.design) else { return Levels::FIXED };
    if design.every == 0 || design.cap == 0 || design.looks() > MAX_LOOKS {
        return Levels::FIXED;
    }
    let played = stopping.stopped_at_match.unwrap_or(design.cap).min(design.cap);
    design.levels(played, players)
}

/// A verdict cut into what a page shows in turn.
#[derive(Debug, Default)]
pub struct Shown {
    /// The answer in a few plain words, capitalised ("Unfair by more than ±1 pp"); `None`
    /// when the verdict could not be cut, and `figures` holds it whole.
    pub answer: Option<String>,
    /// The structured answer and the margin it was judged against, in pp.
    pub judged: Option<(Answer, f64)>,
    /// The seat figures the answer rests on.
    pub figures: String,
    /// The tests, margin and sample, with the bots that played.
    pub method: Option<String>,
    /// A mixed lineup's answer about its bots (`bots: ...`, the verdict's first line).
    pub bots: Option<String>,
    /// Whether the verdict carries the random-play warning (said apart, once a page).
    pub warning: bool,
    /// Any further lines (the rules changed from the defaults).
    pub rest: Vec<String>,
    /// The seat the answer speaks of, with its deciding interval.
    pub edge: Option<SeatEdge>,
    /// The matches played (`seats.csv`'s `matches`), when it says.
    pub matches: Option<u64>,
}

/// The margin a verdict's method states (`margin ±1 pp by TOST`), in pp.
fn stated_margin(text: &str) -> Option<f64> {
    let at = text.find("margin ±")? + "margin ±".len();
    let end = text[at..].find(" pp by TOST")? + at;
    text[at..end].parse::<f64>().ok().filter(|m| m.is_finite() && *m >= 0.0)
}

/// Each seat's balance figures as `seats.csv` wrote them, enough to judge the answer again;
/// `None` when a column the answer needs is missing or empty (a solo game, an old folder).
fn seat_figures(t: &Table) -> Option<Vec<SeatBalance>> {
    use crate::core::columns::seats as c;
    let col = |n: &str| t.col(&[n]);
    let (seat, decisive, sole) = (col(c::SEAT)?, col(c::DECISIVE_MATCHES)?, col(c::SOLE_WINS)?);
    let (fair, diff, p_holm) = (col(c::FAIR_SHARE)?, col(c::DIFF_PP)?, col(c::P_HOLM)?);
    let num =
        |i: usize, c: Option<usize>| c.and_then(|c| t.num(i, c).ok().flatten()).unwrap_or(f64::NAN);
    (0..t.rows.len())
        .map(|i| {
            let count = |c: usize| t.text(&t.rows[i], c).parse::<u64>().ok();
            Some(SeatBalance {
                seat: count(seat)? as usize,
                win_rate: num(i, col(c::WIN_RATE)),
                ci: (num(i, col(c::CI_LOW)), num(i, col(c::CI_HIGH))),
                decisive: count(decisive)?,
                sole_wins: count(sole)?,
                decisive_rate: num(i, col(c::DECISIVE_WIN_RATE)),
                decisive_ci: (num(i, col(c::DECISIVE_CI_LOW)), num(i, col(c::DECISIVE_CI_HIGH))),
                fair_share: t.num(i, fair).ok()??,
                diff_pp: t.num(i, diff).ok()??,
                diff_ci_pp: (num(i, col(c::DIFF_CI_LOW_PP)), num(i, col(c::DIFF_CI_HIGH_PP))),
                p_value: num(i, col(c::P_VALUE)),
                p_holm: t.num(i, p_holm).ok()??,
            })
        })
        .collect()
}

/// The first letter in capitals.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}

/// Cut the seat line of a verdict (without `seats: ` and the warning) at the answer's
/// opening words and the method's parenthesis: (answer, margin, figures, method).
fn cut(
    line: &str,
    seats: &[SeatBalance],
    levels: &Levels,
) -> Option<(Answer, f64, String, String)> {
    let margin = stated_margin(line)?;
    let judged = answer_at(seats, margin, levels);
    let opening = format!("{}: ", judged.opening(margin));
    let figures_and_method = line.strip_prefix(&opening)?;
    // `(method; n = ...)`, then `, with bots ...` when the verdict names them.
    let method = method_text_at(seats.len(), margin, levels);
    let open = figures_and_method.find(&format!(" ({method}"))?;
    let figures = &figures_and_method[..open];
    let tail = &figures_and_method[open + 2..];
    let (method, lineup) = match tail.rfind("), with bots ") {
        Some(close) => (&tail[..close], Some(&tail[close + "), with bots ".len()..])),
        None => (tail.strip_suffix(')')?, None),
    };
    let method = match lineup {
        Some(bots) => format!("{method}; with bots {bots}"),
        None => method.to_string(),
    };
    Some((judged, margin, figures.to_string(), method))
}

/// The verdict `text` (verdict.txt) cut into its parts, judged again from `seats` at
/// `levels` ([`levels_of`] the run's folder).
pub fn shown(text: &str, seats: &Table, levels: &Levels) -> Shown {
    // Uncut, the verdict is shown whole, but its warning still apart, once.
    let whole = Shown {
        figures: text.replace(RANDOM_PLAY_WARNING, "").trim().to_string(),
        warning: text.contains(RANDOM_PLAY_WARNING),
        ..Shown::default()
    };
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(first) = lines.next() else { return whole };
    let (bots, seat_line) = match first.strip_prefix("bots: ") {
        Some(b) => match lines.next().and_then(|l| l.strip_prefix("seats: ")) {
            Some(s) => (Some(b.to_string()), s),
            None => return whole,
        },
        None => (None, first),
    };
    let warning = seat_line.ends_with(RANDOM_PLAY_WARNING);
    let seat_line = seat_line.strip_suffix(RANDOM_PLAY_WARNING).unwrap_or(seat_line);
    let Some(figures) = seat_figures(seats) else { return whole };
    let Some((judged, margin, cut_figures, method)) = cut(seat_line, &figures, levels) else {
        return whole;
    };
    let edge = seat_edge(&figures, margin, levels);
    let matches = seats
        .col(&[crate::core::columns::seats::MATCHES])
        .and_then(|c| seats.rows.first().and_then(|r| seats.text(r, c).parse::<u64>().ok()));
    let figures = cut_figures;
    Shown {
        answer: Some(capitalised(&judged.words(margin))),
        judged: Some((judged, margin)),
        figures,
        method: Some(method),
        bots,
        warning,
        rest: lines.map(str::to_string).collect(),
        edge,
        matches,
    }
}

/// The random-play warning as a sentence of its own.
pub fn warning_sentence() -> String {
    let w = RANDOM_PLAY_WARNING.trim_start_matches("; warning: ");
    format!("Warning: {w}.")
}

/// A mixed lineup's answer about its bots without its method: the verdict's `bots:` line
/// up to ` (Wilson 95%, n = ...)`, and that method; `None` when the line is of other words.
fn bots_cut(bots: &str) -> Option<(&str, &str)> {
    let at = bots.find(" (Wilson ")?;
    Some((&bots[..at], &bots[at + 2..]))
}

impl Shown {
    /// The answer in plain words, then its deciding figure (and what more matches would
    /// do); `None` when the verdict could not be cut.
    pub fn plain(&self) -> Option<(String, String)> {
        let ((answer, margin), edge) = (self.judged?, self.edge.as_ref()?);
        let mut figure = plain::figure_sentence(answer, edge, self.matches);
        if matches!(answer, Answer::OpenEdge | Answer::NotEnough)
            && let Some(more) = plain::more_matches(&self.figures)
        {
            figure.push(' ');
            figure.push_str(&more);
        }
        Some((plain::answer_sentence(answer, margin, edge), figure))
    }

    /// The verdict as a run page's first screen shows it, under the question (the page's
    /// heading): the answer and its deciding figure in plain words, in the element
    /// `#answer` (which the browser check finds), and a mixed lineup's answer about its bots.
    /// The verdict's own words and method are [`Shown::method_paragraphs`]; the warning and
    /// any further lines are [`Shown::after_chart`].
    pub fn html(&self) -> String {
        let mut out = String::from("<div class=\"verdict\" id=\"answer\">");
        match self.plain() {
            Some((answer, figure)) => out.push_str(&format!(
                "<p class=\"answer\">{}</p><p class=\"figures\">{}</p>",
                esc(&answer),
                esc(&figure)
            )),
            None => out.push_str(&format!("<p class=\"figures\">{}</p>", esc(&self.figures))),
        }
        if let Some(bots) = &self.bots {
            let text = bots_cut(bots).map_or(bots.as_str(), |(plain, _)| plain);
            out.push_str(&format!("<p class=\"bots\"><strong>Bots:</strong> {}.</p>", esc(text)));
        }
        out.push_str("</div>");
        out
    }

    /// What follows the answer's chart: the random-play warning and the verdict's further
    /// lines that are plain words (one that names a test, such as the stopping rule's, is the
    /// method box's: [`Shown::method_paragraphs`]).
    pub fn after_chart(&self) -> String {
        let mut out = String::new();
        if self.warning {
            out.push_str(&format!("<p class=\"warning\">{}</p>", esc(&warning_sentence())));
        }
        for line in self.rest.iter().filter(|l| first_term(l).is_none()) {
            out.push_str(&format!("<p>{}</p>", esc(line)));
        }
        out
    }

    /// What the "How this was decided" box says of this verdict: its own words (as
    /// verdict.txt has them, without the warning the page says apart) and its method.
    pub fn method_paragraphs(&self) -> Vec<String> {
        let mut out = Vec::new();
        let Some((judged, margin)) = self.judged else { return out };
        out.push(format!(
            "The verdict in verdict.txt's words: {}: {}.",
            judged.opening(margin),
            self.figures
        ));
        if let Some(m) = &self.method {
            out.push(format!("Method: {m}."));
        }
        if let Some(bots) = &self.bots {
            match bots_cut(bots) {
                Some((_, method)) => out.push(format!("The bots' win shares: {method}.")),
                None => out.push(format!("Bots: {bots}.")),
            }
        }
        out.extend(self.rest.iter().filter(|l| first_term(l).is_some()).cloned());
        out
    }

    /// The verdict in a table's cell (the summary): the answer in a few words and the
    /// deciding figure; the method is the page's "How this was decided", the warning the
    /// page's to say once.
    pub fn cell(&self) -> String {
        let (Some((answer, _)), Some(edge)) = (self.judged, &self.edge) else {
            return esc(&self.figures);
        };
        let mut out =
            format!("<strong class=\"answer\">{}</strong><br>", esc(plain::label(answer)));
        out.push_str(&esc(&plain::figure_sentence(answer, edge, None)));
        if let Some(bots) = &self.bots {
            let text = bots_cut(bots).map_or(bots.as_str(), |(plain, _)| plain);
            out.push_str(&format!("<br>Bots: {}", esc(text)));
        }
        for line in self.rest.iter().filter(|l| first_term(l).is_none()) {
            out.push_str(&format!("<br>{}", esc(line)));
        }
        out
    }
}

#[cfg(test)]
mod tests;
