//! The seat-balance verdict in words: which of the verdict's answers the seats give
//! ([`answer`], at the fixed levels or a sequential design's, [`answer_at`]), and the
//! sentence that says it with its figures, its method and what more matches would do.

use super::SeatBalance;
use crate::stats::intervals::clopper_pearson;
use crate::stats::more_matches::{self, Advice, Continuation};
use crate::stats::verdict::{self, ALPHA, Answer, Levels, Relevance};

fn ordinal(n: usize) -> &'static str {
    ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
        .get(n - 1)
        .copied()
        .unwrap_or("next")
}

fn p_text(p: f64) -> String {
    if p < 0.001 { "p < 0.001".into() } else { format!("p = {p:.3}") }
}

/// Whether a lineup label names the random bot: the profile is the label's text before its
/// first inline override (`random`, `random:key=value`), and only the `random` profile is of
/// the random kind.
fn is_random(label: &str) -> bool {
    label.split(':').next() == Some("random")
}

/// Which bots produced the verdict: a seat's advantage is a property of the game under
/// particular play, and random play can hide or even reverse one that stronger play shows
/// (LOW BLOW's seat 0 measured -0.9 pp with random bots and +7.6 pp with greedy ones, 100,000
/// matches each, seed 1).
/// The warning a verdict from random play carries (a page that shows several such verdicts
/// says it once).
pub const RANDOM_PLAY_WARNING: &str = "; warning: random bots play without strategy, and a balance answer from random play can change with stronger play (check it with greedy or mcts bots)";

pub(super) fn lineup_note(labels: &[String]) -> String {
    if labels.is_empty() {
        return String::new();
    }
    let mut note = format!(", with bots {}", labels.join(","));
    if labels.iter().any(|l| is_random(l)) {
        note.push_str(RANDOM_PLAY_WARNING);
    }
    note
}

/// The seat with the strongest evidence; among equal p-values (two seats always tie) the
/// largest difference, favoured seats first.
fn top_seat(seats: &[SeatBalance]) -> Option<&SeatBalance> {
    let best_p = seats.iter().map(|s| s.p_holm).fold(f64::INFINITY, f64::min);
    let size = |s: &SeatBalance| (s.diff_pp.abs() * 1e6).round();
    seats
        .iter()
        .filter(|s| s.p_holm <= best_p * (1.0 + 1e-9) + 1e-300)
        .max_by(|a, b| size(a).total_cmp(&size(b)).then(a.diff_pp.total_cmp(&b.diff_pp)))
}

/// The seat a verdict speaks of, with the interval its answer was decided on: the exact
/// (Clopper-Pearson) interval of the seat's share of decisive matches at the level of the
/// test that decided: the "beyond the margin" test's for an unfair answer, else the margin
/// test's (TOST). A verdict prints this one beside its answer, so that a seat said to be
/// "fair within ±1 pp" never shows an interval crossing the margin; the descriptive 95%
/// Wilson interval is `seats.csv`'s, labelled there.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatEdge {
    pub seat: usize,
    /// The seat's share of decisive matches minus the fair share, in pp.
    pub diff_pp: f64,
    /// The deciding interval of that difference, in pp.
    pub interval_pp: (f64, f64),
    /// Its two-sided confidence, in percent (90 at the fixed levels).
    pub confidence_percent: f64,
    pub fair_share: f64,
    /// Decisive matches: the n of the share.
    pub decisive: u64,
}

impl SeatEdge {
    /// "90% Clopper-Pearson" ("97.5%" for a split level, two decimals at a sequential
    /// look), with no more digits than the level has.
    pub fn interval_name(&self) -> String {
        let c = self.confidence_percent;
        let digits = (0..2).find(|&d| {
            let scale = 10f64.powi(d);
            ((c * scale).round() - c * scale).abs() < 1e-6
        });
        format!("{:.*}% Clopper-Pearson", digits.unwrap_or(2) as usize, c)
    }
}

/// The verdict's seat (the one [`top_seat`] names) with its deciding interval; `None` when
/// there is nothing to test (one seat, no decisive match).
pub fn seat_edge(seats: &[SeatBalance], margin_pp: f64, levels: &Levels) -> Option<SeatEdge> {
    seat_edge_of(seats, top_seat(seats)?.seat, margin_pp, levels)
}

/// [`seat_edge`] for any one `seat` (the first, for a table of games): its edge with the
/// interval at the level of the test that decided the verdict. `None` when there is nothing
/// to test or no such seat.
pub fn seat_edge_of(
    seats: &[SeatBalance],
    seat: usize,
    margin_pp: f64,
    levels: &Levels,
) -> Option<SeatEdge> {
    let top = seats.iter().find(|s| s.seat == seat)?;
    if seats.len() < 2 || top.decisive == 0 {
        return None;
    }
    let one_sided = match answer_at(seats, margin_pp, levels) {
        Answer::Unfair => levels.beyond_for(seats.len()),
        _ => levels.margin,
    };
    let confidence = 1.0 - 2.0 * one_sided;
    let (lo, hi) = clopper_pearson(top.sole_wins, top.decisive, confidence);
    let fair = top.fair_share;
    Some(SeatEdge {
        seat: top.seat,
        diff_pp: top.diff_pp,
        interval_pp: (100.0 * (lo - fair), 100.0 * (hi - fair)),
        confidence_percent: 100.0 * confidence,
        fair_share: fair,
        decisive: top.decisive,
    })
}

/// The balance answer in one short phrase, for the first line a person reads: the answer in
/// words with the one figure that decides it, the verdict's seat's edge and its deciding
/// interval ([`seat_edge`]), against the margin ("a small first-seat edge, +0.7 pp [+0.4,
/// +0.9], inside the ±1 pp margin"). The tests and levels behind it are the full verdict's
/// (`verdict.txt`, `--explain`): this phrase names none of them.
pub fn headline(seats: &[SeatBalance], margin_pp: f64, levels: &Levels) -> String {
    if seats.len() < 2 {
        return "one seat: no seats to compare".into();
    }
    let Some(e) = seat_edge(seats, margin_pp, levels) else {
        return "no match had a sole winner: nothing to test".into();
    };
    let figure = edge_figure(&e);
    let gap = if e.diff_pp >= 0.0 { "edge" } else { "shortfall" };
    let who = format!("{}-seat {gap}", ordinal(e.seat + 1));
    let margin = format!("±{margin_pp} pp");
    match answer_at(seats, margin_pp, levels) {
        Answer::Unfair => format!("unfair: a {who} of {figure}, beyond the {margin} margin"),
        Answer::SmallEdge => format!("a small {who}, {figure}, inside the {margin} margin"),
        Answer::OpenEdge => {
            format!("a real {who}, {figure}, not yet placed inside or beyond {margin}")
        }
        Answer::Fair => {
            format!("fair within {margin} (largest gap: {} seat, {figure})", ordinal(e.seat + 1))
        }
        Answer::NotEnough | Answer::Untestable => format!(
            "not enough matches to tell within {margin} (largest gap: {} seat, {figure})",
            ordinal(e.seat + 1)
        ),
    }
}

/// A seat's edge with its interval, in pp with one decimal and a sign ("+0.7 pp [+0.4,
/// +0.9]"); a figure that rounds to zero has no direction ("0.0", never "-0.0").
pub fn edge_figure(e: &SeatEdge) -> String {
    let signed = |v: f64| {
        let text = format!("{v:+.1}");
        if text[1..] == *"0.0" { "0.0".to_string() } else { text }
    };
    let (lo, hi) = e.interval_pp;
    format!("{} pp [{}, {}]", signed(e.diff_pp), signed(lo), signed(hi))
}

/// Which of the verdict's answers the seats give against a margin of `margin_pp`.
pub fn answer(seats: &[SeatBalance], margin_pp: f64) -> Answer {
    answer_at(seats, margin_pp, &Levels::FIXED)
}

/// [`answer`] with the tests at `levels`.
pub fn answer_at(seats: &[SeatBalance], margin_pp: f64, levels: &Levels) -> Answer {
    let Some(top) = top_seat(seats) else { return Answer::Untestable };
    if seats.len() < 2 || top.decisive == 0 {
        return Answer::Untestable;
    }
    let relevance = |s: &SeatBalance| {
        let at = (levels.margin, levels.beyond_for(seats.len()));
        verdict::relevance_at(s.sole_wins, s.decisive, s.fair_share, margin_pp, at)
    };
    let all_within = seats.iter().all(|s| relevance(s) == Relevance::Within);
    match (top.p_holm < levels.difference, relevance(top) == Relevance::Beyond, all_within) {
        (true, true, _) => Answer::Unfair,
        (true, false, true) => Answer::SmallEdge,
        (true, false, false) => Answer::OpenEdge,
        (false, _, true) => Answer::Fair,
        (false, _, false) => Answer::NotEnough,
    }
}

pub(super) fn verdict(
    seats: &[SeatBalance],
    matches: u64,
    margin_pp: f64,
    levels: &Levels,
) -> String {
    let n = seats.len();
    if n < 2 {
        return format!("one seat only (n = {matches})");
    }
    let decisive = seats[0].decisive;
    if decisive == 0 {
        return format!("no match had a sole winner (n = {matches}): nothing to test");
    }
    let (Some(top), Some(shown)) = (top_seat(seats), seat_edge(seats, margin_pp, levels)) else {
        return "no seats".into();
    };
    let (lo, hi) = shown.interval_pp;
    let fair = 100.0 * top.fair_share;
    // The interval the answer was decided on, named, so that it never contradicts it.
    let edge = format!(
        "seat {}, the {} to move, wins {:.1} pp {} than a fair share of {fair:.1}% [{lo:.1}, {hi:.1}] ({}, the deciding interval), {}",
        top.seat,
        ordinal(top.seat + 1),
        top.diff_pp.abs(),
        if top.diff_pp >= 0.0 { "more" } else { "less" },
        shown.interval_name(),
        p_text(top.p_holm),
    );
    let sample = if decisive == matches {
        format!("n = {matches}")
    } else {
        format!("n = {decisive} decisive of {matches} matches")
    };
    let tail = format!("({}; {sample})", verdict::method_text_at(n, margin_pp, levels));
    // The matches at which the verdict decides with a chance of 80%, averaged over the true
    // shares the matches so far allow, scaled from decisive matches; past the cap, what the
    // data can decide now. A run played until decided cannot grow (its looks' levels were
    // planned to its cap): its advice is a new run, planned as one.
    let how = if levels.until_decided { Continuation::Fresh } else { Continuation::Extend };
    let cap = more_matches::affordable(matches);
    let sole_wins: Vec<u64> = seats.iter().map(|s| s.sole_wins).collect();
    let counts = (decisive, matches);
    let fair = top.fair_share;
    let advice = more_matches::advise_in_matches(&sole_wins, counts, fair, margin_pp, how, ALPHA);
    let more_text = |what: &str| match advice {
        Some(Advice::Total(total)) => {
            let chance = format!(
                "a chance of {:.0}%, averaged over the true shares the matches so far allow",
                100.0 * more_matches::POWER
            );
            match how {
                Continuation::Extend => format!(
                    "about {} more matches would tell {what} ({chance})",
                    verdict::round_count(total - matches),
                ),
                Continuation::Fresh => format!(
                    "this run cannot grow: a new run of {} matches (--until-decided=off) would tell {what} ({chance})",
                    verdict::round_count(total),
                ),
            }
        }
        Some(Advice::Unaffordable(s)) => {
            // Rounded outward: the data decide no narrower "within" margin and no wider
            // "beyond" one than the figures say.
            let beyond = s
                .beyond_pp
                .map(|b| (10.0 * b).floor() / 10.0)
                .filter(|&b| b > 0.0)
                .map(|b| format!(", or a seat beyond ±{b:.1} pp"))
                .unwrap_or_default();
            format!(
                "seat {}'s edge ({:+.2} pp) lies within {:.2} pp of the margin: no affordable number of matches (up to {}) tells {what}; at this n the data can decide a margin of ±{:.1} pp (every seat within){beyond}",
                s.seat,
                s.edge_pp,
                s.from_margin_pp,
                verdict::round_count(cap),
                (10.0 * s.within_pp).ceil() / 10.0,
            )
        }
        None => format!("more matches would tell {what}"),
    };
    let margin = format!("±{margin_pp} pp");
    let answer = answer_at(seats, margin_pp, levels);
    let opening = answer.opening(margin_pp);
    match answer {
        Answer::Unfair => format!("{opening}: {edge} {tail}"),
        Answer::SmallEdge => {
            format!("{opening}: {edge}; significant, but within the {margin} margin {tail}")
        }
        Answer::OpenEdge => format!("{opening}: {edge}; {} {tail}", more_text("which")),
        Answer::Fair => format!(
            "{opening}: no seat's share of decisive matches is more than {margin_pp} pp from a fair {fair:.1}% (largest: {edge}) {tail}"
        ),
        Answer::NotEnough | Answer::Untestable => {
            format!("{opening}: {edge}; {} {tail}", more_text("whether every seat is within it"))
        }
    }
}
