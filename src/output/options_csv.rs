//! `options.csv` (the option table), `skill_luck.csv` (seat, skill and luck in win shares)
//! and `decomposition.csv` (shares of variance): what
//! decides a match, written with fixed precision so equal tallies give equal bytes, and an
//! empty cell wherever a figure is undefined.

use std::path::Path;

use crate::core::layout::{DECOMPOSITION_CSV, OPTIONS_CSV, SKILL_LUCK_CSV};
use crate::output::columns::header;
use crate::output::csv_files::{f6, write_csv};
use crate::stats::analysis::SkillLuck;
use crate::stats::analysis::skill_luck::{COIN_FLIP_METHOD, ELO_METHOD, SHARE_METHOD, figure};
use crate::stats::decomposition::{Decomposition, Estimate};
use crate::stats::options::table::OptionRow;

fn pct(x: f64) -> String {
    f6(100.0 * x)
}

/// One row per (bot, kind) that was ever legal; `commands[i]` tests row i when it is marked.
/// In a solo game (`players` 1) the effect is on the final score, in points (PP-15: no
/// winner), under the score columns of the dictionary.
pub fn write_options(
    path: &Path,
    rows: &[OptionRow],
    commands: &[Option<String>],
    players: usize,
) -> anyhow::Result<()> {
    let effect: fn(f64) -> String = if players == 1 { f6 } else { pct };
    let body = rows
        .iter()
        .zip(commands)
        .map(|(r, command)| {
            let c = r.contrast;
            let share = |n: f64| if r.legal > 0 { pct(n / r.legal as f64) } else { String::new() };
            let or_empty = |f: &dyn Fn(&crate::stats::options::table::Contrast) -> f64| {
                c.as_ref().map_or(String::new(), |c| effect(f(c)))
            };
            vec![
                r.bot.clone(),
                r.evidence.name().to_string(),
                r.kind.id.clone(),
                r.kind.words.clone(),
                r.legal.to_string(),
                r.taken.to_string(),
                r.forced.to_string(),
                share(r.taken as f64),
                share(r.random_takes),
                r.preference().map_or(String::new(), f6),
                r.matches.to_string(),
                r.clusters_taken.to_string(),
                r.clusters_not_taken.to_string(),
                or_empty(&|c| c.when_taken),
                or_empty(&|c| c.when_not),
                or_empty(&|c| c.difference),
                or_empty(&|c| c.low),
                or_empty(&|c| c.high),
                c.and_then(|c| c.method).map_or(String::new(), |m| m.name().to_string()),
                r.p_holm.map_or(String::new(), f6),
                r.mark.map_or(String::new(), |m| m.name().to_string()),
                command.clone().unwrap_or_default(),
            ]
        })
        .collect();
    write_csv(path, &header(OPTIONS_CSV, players), body)
}

fn estimate_cells(e: Option<&Estimate>) -> [String; 3] {
    match e {
        Some(e) => [pct(e.value), pct(e.low), pct(e.high)],
        None => Default::default(),
    }
}

/// One row per measure (win share, score) that is defined, each with the distinct bots whose
/// skill it measures (a ladder writes one pair of rows per step).
pub fn write_decomposition(
    path: &Path,
    rows: &[(Decomposition, Vec<String>)],
) -> anyhow::Result<()> {
    let body = rows
        .iter()
        .map(|(d, bots)| {
            let mut row = vec![d.measure.name().to_string(), bots.join(" "), d.matches.to_string()];
            row.extend(estimate_cells(Some(&d.seat)));
            row.extend(estimate_cells(d.skill.as_ref()));
            row.extend(estimate_cells(Some(&d.luck)));
            row.push(d.ci_method.to_string());
            row
        })
        .collect();
    write_csv(path, &header(DECOMPOSITION_CSV, 0), body)
}

/// `skill_luck.csv`: seat, skill and luck on the win-share scale, one group of rows per
/// `(figures, bots)` (a run writes one, a ladder one per step), each figure with its
/// interval, n and method; rows whose figure is undefined are left out.
pub fn write_skill_luck(path: &Path, groups: &[SkillLuck]) -> anyhow::Result<()> {
    let mut body: Vec<Vec<String>> = Vec::new();
    for f in groups {
        let bots = format!("{} {}", f.stronger, f.weaker);
        let mut row = |figure: &str,
                       seat: Option<usize>,
                       v: (f64, f64, f64),
                       unit: &str,
                       n: u64,
                       method: &str| {
            body.push(vec![
                bots.clone(),
                figure.to_string(),
                seat.map_or(String::new(), |s| s.to_string()),
                f6(v.0),
                f6(v.1),
                f6(v.2),
                unit.to_string(),
                n.to_string(),
                method.to_string(),
            ]);
        };
        if let Some(e) = &f.seat {
            let method =
                format!("{}, the interval the balance verdict was decided on", e.interval_name());
            row(
                figure::SEAT_EDGE,
                Some(e.seat),
                (e.diff_pp, e.interval_pp.0, e.interval_pp.1),
                "pp",
                e.decisive,
                &method,
            );
        }
        let fair = f.fair();
        let (s, u) = (&f.skill, &f.upset);
        row(
            figure::SKILL_SHARE,
            None,
            (100.0 * s.share, 100.0 * s.lo, 100.0 * s.hi),
            "percent",
            s.seat_matches,
            SHARE_METHOD,
        );
        let edge = |x: f64| 100.0 * (x - fair);
        row(
            figure::SKILL_EDGE,
            None,
            (edge(s.share), edge(s.lo), edge(s.hi)),
            "pp",
            s.seat_matches,
            SHARE_METHOD,
        );
        if let Some(g) = f.elo {
            row(figure::SKILL_ELO, None, (g.elo, g.lo, g.hi), "elo", f.matches, ELO_METHOD);
        }
        row(
            figure::UPSET_SHARE,
            None,
            (100.0 * u.share, 100.0 * u.lo, 100.0 * u.hi),
            "percent",
            u.seat_matches,
            SHARE_METHOD,
        );
        let (q, lo, hi) = f.coin_flip();
        row(
            figure::COIN_FLIP_SHARE,
            None,
            (100.0 * q, 100.0 * lo, 100.0 * hi),
            "percent",
            u.seat_matches,
            COIN_FLIP_METHOD,
        );
    }
    write_csv(path, &header(SKILL_LUCK_CSV, 0), body)
}
