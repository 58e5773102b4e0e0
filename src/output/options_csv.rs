//! `options.csv` (the option table) and `decomposition.csv` (seat, skill and luck): what
//! decides a match, written with fixed precision so equal tallies give equal bytes, and an
//! empty cell wherever a figure is undefined.

use std::path::Path;

use crate::core::layout::{DECOMPOSITION_CSV, OPTIONS_CSV};
use crate::output::columns::header;
use crate::output::csv_files::{f6, write_csv};
use crate::stats::decomposition::{Decomposition, Estimate};
use crate::stats::options::table::OptionRow;

/// The interval method of the decomposition's shares.
pub const DECOMPOSITION_INTERVAL: &str = "bootstrap95 over 64 buckets of deals, 2000 resamples";

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
            row.push(DECOMPOSITION_INTERVAL.to_string());
            row
        })
        .collect();
    write_csv(path, &header(DECOMPOSITION_CSV, 0), body)
}
