//! A ladder folder's result files: `ladder.csv` (a row per rung: rating, the head-to-head
//! against the rung below, the first-player edge when every seat plays that rung),
//! `ladder_figures.csv` (the skill figures a designer quotes), `ladder_failures.csv` (matches
//! that panicked, with what replays them) and `verdict.txt` in plain words. Every figure
//! comes from the jobs' exact counts, so a merged set of shards writes the same bytes.

use std::fmt::Write as _;
use std::path::Path;

use crate::core::layout::{DECOMPOSITION_CSV, VERDICT_TXT};
use crate::output::csv_files::{f6, write_csv};
use crate::output::options_csv::write_decomposition;
use crate::output::write_atomic;
use crate::runner::ladder::{JobKind, JobState, LadderDesign};
use crate::stats::SideFigures;
use crate::stats::decomposition::{Decomposition, Measure, decompose};
use crate::stats::intervals::z_for;
use crate::stats::ladder::{Rating, Separation, ShareEstimate, chain_ratings, upset_share};

pub use crate::core::layout::LADDER_CSV;
pub use crate::core::layout::LADDER_FAILURES_CSV;
pub use crate::core::layout::LADDER_FIGURES_CSV;

use crate::core::columns::ladder::HEADER as LADDER_HEADER;
use crate::core::columns::ladder_failures::HEADER as FAILURES_HEADER;
use crate::core::columns::ladder_figures::HEADER as FIGURES_HEADER;

/// The computed ladder, ready to print or write.
pub struct LadderFigures {
    pub ratings: Vec<Option<Rating>>,
    /// Per step (rung r+1 over r).
    pub steps: Vec<Option<ShareEstimate>>,
    /// Per rung: seat 0's share and 95% interval with every seat played by that rung (a
    /// shared first place counts 1/k, as a win share does).
    pub seat0: Vec<Option<(f64, f64, f64)>>,
}

/// Compute the figures from the jobs' states (`states[j]` for `design.jobs()[j]`).
pub fn figures(design: &LadderDesign, states: &[JobState]) -> LadderFigures {
    let n = design.rungs.len();
    let step_state = |r: usize| &states[design.job_index(JobKind::Step(r))];
    let self_state = |r: usize| &states[design.job_index(JobKind::SelfPlay(r))];
    let h2h: Vec<_> = (0..n - 1).map(|r| step_state(r).h2h).collect();
    LadderFigures {
        ratings: chain_ratings(&h2h),
        steps: h2h.iter().map(|h| h.estimate(0.95)).collect(),
        seat0: (0..n)
            .map(|r| {
                let seat = SideFigures::of(&self_state(r).tally.seats[0]);
                (seat.matches > 0).then_some((seat.win_rate, seat.win_ci.0, seat.win_ci.1))
            })
            .collect(),
    }
}

/// A figure's cell: six decimals, or empty where it is undefined.
fn num(x: Option<f64>) -> String {
    x.map_or(String::new(), f6)
}

/// The mean upset share over the steps, with a normal-approximation 95% interval (steps are
/// independent); `None` if a step is unplayed.
pub fn mean_upset(f: &LadderFigures) -> Option<(f64, f64, f64)> {
    let steps: Vec<ShareEstimate> = f.steps.iter().copied().collect::<Option<_>>()?;
    if steps.is_empty() {
        return None;
    }
    let k = steps.len() as f64;
    let z = z_for(0.95);
    let (mut mean, mut var) = (0.0, 0.0);
    for e in &steps {
        let (u, lo, hi) = upset_share(e);
        mean += u / k;
        var += ((hi - lo) / (2.0 * z)).powi(2) / (k * k);
    }
    let half = z * var.sqrt();
    Some((mean, (mean - half).max(0.0), (mean + half).min(1.0)))
}

/// The rung with the highest rating (the first on ties).
fn best_rung(f: &LadderFigures) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (r, rating) in f.ratings.iter().enumerate() {
        let elo = rating.as_ref()?.elo;
        if best.is_none_or(|(_, b)| elo > b) {
            best = Some((r, elo));
        }
    }
    best.map(|(r, _)| r)
}

/// The rows of `ladder.csv`.
pub fn ladder_rows(
    design: &LadderDesign,
    states: &[JobState],
    f: &LadderFigures,
) -> Vec<Vec<String>> {
    let state_of = |k: JobKind| &states[design.job_index(k)];
    let fair = 1.0 / design.players as f64;
    let mut rows = Vec::new();
    for (r, bot) in design.rungs.iter().enumerate() {
        let rating = f.ratings[r];
        let selfp = state_of(JobKind::SelfPlay(r));
        let s0 = f.seat0[r];
        // Beside the share that counts draws as halves, the one the first-player verdict
        // judges: seat 0's share of the decisive matches (a sole winner), as `seats.csv`'s
        // `decisive_win_rate`, undefined (empty) when no self-play match was decisive.
        let t = &selfp.tally;
        let margin = crate::stats::verdict::DEFAULT_FAIR_WITHIN_PP;
        let judged = crate::stats::analysis::balance(t, &[], margin).seats.into_iter().next();
        let decisive = judged.filter(|b| b.decisive > 0);
        let mut row = vec![
            r.to_string(),
            bot.label.clone(),
            num(rating.map(|x| x.elo)),
            num(rating.map(|x| x.lo)),
            num(rating.map(|x| x.hi)),
            selfp.matches().to_string(),
            selfp.tally.capped.to_string(),
            num(s0.map(|x| x.0)),
            num(s0.map(|x| x.1)),
            num(s0.map(|x| x.2)),
            f6(fair),
            num(s0.map(|x| 100.0 * (x.0 - fair))),
            t.shared_first.to_string(),
            (t.matches - t.capped - t.shared_first).to_string(),
            num(decisive.as_ref().map(|b| b.decisive_rate)),
            num(decisive.as_ref().map(|b| b.decisive_ci.0)),
            num(decisive.as_ref().map(|b| b.decisive_ci.1)),
        ];
        if r == 0 {
            row.extend(std::iter::repeat_n(String::new(), 10));
        } else {
            let step = state_of(JobKind::Step(r - 1));
            let e = f.steps[r - 1];
            row.extend([
                design.rungs[r - 1].label.clone(),
                step.matches().to_string(),
                step.h2h.comparisons.to_string(),
                num(e.map(|e| e.share)),
                num(e.map(|e| e.lo)),
                num(e.map(|e| e.hi)),
                num(e.map(|e| e.design_effect)),
                e.map_or(String::new(), |e| Separation::of(&e).name().into()),
                num(e.map(|e| upset_share(&e).0)),
                step.stopped.clone().unwrap_or_default(),
            ]);
        }
        row.push(selfp.stopped.clone().unwrap_or_default());
        rows.push(row);
    }
    rows
}

/// The figure of `ladder_figures.csv` that holds the top step's head-to-head share (read
/// back by the default experiment's skill lines).
pub const TOP_STEP_SHARE: &str = "top_step_share";

/// The rows of `ladder_figures.csv`: the skill figures, each with its interval, n and method.
pub fn figure_rows(
    design: &LadderDesign,
    states: &[JobState],
    f: &LadderFigures,
) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let label = |r: usize| design.rungs[r].label.as_str();
    let steps_matches: u64 = design
        .jobs()
        .iter()
        .zip(states)
        .filter(|(k, _)| matches!(k, JobKind::Step(_)))
        .map(|(_, s)| s.matches())
        .sum();
    let mut line =
        |figure: &str, v: Option<(f64, f64, f64)>, n: u64, bots: String, method: &str| {
            let (a, b, c) = v.map_or((None, None, None), |(a, b, c)| (Some(a), Some(b), Some(c)));
            rows.push(vec![
                figure.to_string(),
                num(a),
                num(b),
                num(c),
                n.to_string(),
                bots,
                method.to_string(),
            ]);
        };
    let best = best_rung(f);
    line(
        "rating_spread_elo",
        best.and_then(|b| f.ratings[b].map(|r| (r.elo, r.lo, r.hi))),
        steps_matches,
        best.map_or(String::new(), |b| format!("{} over {}", label(b), label(0))),
        "Bradley-Terry on the chain of neighbouring pairings (Elo scale; delta-method 95% interval)",
    );
    line(
        "upset_share_mean",
        mean_upset(f),
        steps_matches,
        "neighbouring rungs".into(),
        "mean over steps of min(p; 1-p); normal-approximation 95% interval",
    );
    let top = design.rungs.len() - 1;
    line(
        TOP_STEP_SHARE,
        f.steps.last().copied().flatten().map(|e| (e.share, e.lo, e.hi)),
        states[design.job_index(JobKind::Step(top - 1))].matches(),
        format!("{} vs {}", label(top), label(top - 1)),
        "head-to-head share; Wilson 95% interval with design effect (Kish)",
    );
    rows
}

/// `verdict.txt`: what the ladder says, in plain words, naming the bots and the matches.
pub fn verdict(
    game: &str,
    design: &LadderDesign,
    states: &[JobState],
    f: &LadderFigures,
) -> String {
    let label = |r: usize| design.rungs[r].label.as_str();
    let names: Vec<&str> = (0..design.rungs.len()).map(label).collect();
    let total: u64 = states.iter().map(JobState::matches).sum();
    // Split as the report's skill table and ladder.csv count them (head-to-head and
    // self-play matches), so the numbers a designer reads in both places agree.
    let head_to_head: u64 = design
        .jobs()
        .iter()
        .zip(states)
        .filter(|(k, _)| matches!(k, JobKind::Step(_)))
        .map(|(_, s)| s.matches())
        .sum();
    let mut out = format!(
        "Skill ladder on {game}, {} players, rungs from weakest: {} ({total} matches: {head_to_head} head to head, {} in self-play of {} rungs; seed {}).\n",
        design.players,
        names.join(" < "),
        total - head_to_head,
        names.len(),
        design.seed
    );
    let best = best_rung(f);
    match best.and_then(|b| f.ratings[b].map(|r| (b, r))) {
        Some((b, r)) if r.lo > 0.0 => {
            let _ = writeln!(
                out,
                "Skill matters: {} is rated {:+.0} Elo [{:+.0}, {:+.0}] above {}.",
                label(b),
                r.elo,
                r.lo,
                r.hi,
                label(0)
            );
        }
        Some(_) => {
            let _ = writeln!(
                out,
                "No measurable skill: no rung's 95% rating interval lies above {}'s (all overlap 0).",
                label(0)
            );
        }
        None => out.push_str("Some pairings have no matches yet: the ratings are undefined.\n"),
    }
    if let Some((u, lo, hi)) = mean_upset(f) {
        let _ = writeln!(
            out,
            "The weaker of two neighbouring rungs won {:.1}% [{:.1}, {:.1}] of their comparisons on average.",
            100.0 * u,
            100.0 * lo,
            100.0 * hi
        );
    }
    let top = design.rungs.len() - 1;
    if let Some(e) = f.steps[top - 1] {
        let said = match Separation::of(&e) {
            Separation::Upper => "more thinking still helps",
            Separation::Lower => "the stronger profile is worse here",
            Separation::Unseparated => "no significant difference at the top",
        };
        let _ = writeln!(
            out,
            "At the top, {} vs {}: {:.4} [{:.4}, {:.4}]: {said}.",
            label(top),
            label(top - 1),
            e.share,
            e.lo,
            e.hi
        );
    }
    for (r, s) in f.seat0.iter().enumerate() {
        if s.is_none() {
            continue;
        }
        let selfp = &states[design.job_index(JobKind::SelfPlay(r))];
        let t = &selfp.tally;
        let capped = match t.capped {
            0 => String::new(),
            c => format!(
                "; {c} of {} matches hit the turn cap (no winner), so this rung cannot always finish a game against itself",
                t.matches
            ),
        };
        // The same words as every other seat-balance verdict, against the default margin;
        // they judge every seat (another seat may be the one shown unfair), so the share
        // shown is the verdict's own seat's share of the decisive matches (a sole winner),
        // with the interval the answer was decided on, and how many matches were drawn and
        // so left out.
        let margin = crate::stats::verdict::DEFAULT_FAIR_WITHIN_PP;
        let balance = crate::stats::analysis::balance(t, &[], margin);
        let words = crate::stats::analysis::answer(&balance.seats, margin).words(margin);
        let levels = crate::stats::verdict::Levels::FIXED;
        let edge = crate::stats::analysis::seat_edge(&balance.seats, margin, &levels);
        let drawn = match t.shared_first {
            0 => String::new(),
            d => format!("; {d} drawn"),
        };
        let share = match edge {
            None => format!("no match of {} had a sole winner", t.matches),
            Some(e) => {
                let fair = 100.0 * e.fair_share;
                format!(
                    "seat {} wins {:.1}% [{:.1}, {:.1}] ({}, the deciding interval) of the {} decisive matches of {}",
                    e.seat,
                    fair + e.diff_pp,
                    fair + e.interval_pp.0,
                    fair + e.interval_pp.1,
                    e.interval_name(),
                    e.decisive,
                    t.matches
                )
            }
        };
        let _ = writeln!(
            out,
            "First-player edge with every seat played by {}: {share} (fair {:.1}%{drawn}); every seat: {words}{capped}.",
            label(r),
            100.0 / design.players as f64
        );
    }
    if !design.rungs.iter().all(|b| b.is_reproducible()) {
        out.push_str(
            "Not reproducible: a bot has a wall-clock budget (seconds), so these figures depend on this machine's speed and load.\n",
        );
    }
    out
}

/// The rows of `ladder_failures.csv`: every match that panicked, with the job's seed and
/// lineup that replay it (`arena trace --game G --players N --bots BOTS --seed SEED --match
/// MATCH`).
pub fn failure_rows(design: &LadderDesign, states: &[JobState]) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for (kind, state) in design.jobs().into_iter().zip(states) {
        for f in &state.failures {
            rows.push(vec![
                design.job_name(kind),
                f.bots.clone(),
                design.job_seed(kind).to_string(),
                f.index.to_string(),
                f.deal.to_string(),
                f.message.clone(),
            ]);
        }
    }
    rows
}

/// Write the four files into `dir`; returns their names.
pub fn write_ladder_files(
    dir: &Path,
    game: &str,
    design: &LadderDesign,
    states: &[JobState],
) -> anyhow::Result<Vec<String>> {
    let f = figures(design, states);
    write_csv(&dir.join(LADDER_CSV), &LADDER_HEADER, ladder_rows(design, states, &f))?;
    write_csv(&dir.join(LADDER_FIGURES_CSV), &FIGURES_HEADER, figure_rows(design, states, &f))?;
    write_csv(&dir.join(LADDER_FAILURES_CSV), &FAILURES_HEADER, failure_rows(design, states))?;
    write_atomic(&dir.join(VERDICT_TXT), verdict(game, design, states, &f).as_bytes())?;
    write_decomposition(&dir.join(DECOMPOSITION_CSV), &step_decompositions(design, states))?;
    Ok([LADDER_CSV, LADDER_FIGURES_CSV, LADDER_FAILURES_CSV, VERDICT_TXT, DECOMPOSITION_CSV]
        .map(String::from)
        .to_vec())
}

/// Seat, skill and luck of each step (two rungs, rotated seats on shared deals): the win
/// share's and the score's, where defined.
fn step_decompositions(
    design: &LadderDesign,
    states: &[JobState],
) -> Vec<(Decomposition, Vec<String>)> {
    let mut rows = Vec::new();
    for (j, kind) in design.jobs().into_iter().enumerate() {
        let (JobKind::Step(r), Some(state)) = (kind, states.get(j)) else { continue };
        let bots = crate::stats::options::bot_groups(&[
            design.rungs[r].label.clone(),
            design.rungs[r + 1].label.clone(),
        ]);
        for measure in [Measure::Win, Measure::Score] {
            let t = &state.tally;
            if let Some(d) = decompose(&t.decomposition, measure, design.players, bots.len()) {
                rows.push((d, bots.clone()));
            }
        }
    }
    rows
}
