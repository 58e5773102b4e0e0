//! The CSV files of a run. Every column is described in README.md's column dictionary;
//! numbers are printed with fixed precision so equal tallies give byte-identical files.

use std::path::Path;

use crate::core::layout::{
    BALANCE_CSV, BOTS_CSV, DIFFERENCE_CSV, FAILURES_CSV, HISTOGRAMS_CSV, LENGTHS_CSV, METRICS_CSV,
    PAIRING_CSV, RATINGS_CSV, SEATS_CSV, SHAPE_CSV,
};
use crate::output::atomic::AtomicFile;
use crate::output::io::io_failure;
use crate::runner::Failure;
use crate::stats::SideFigures;
use crate::stats::analysis::{Balance, Difference, Pairing, Rating, ShapeFigure};
use crate::stats::intervals::{normal_mean, wilson};
use crate::stats::moments::sample_sd;
use crate::stats::tally::{LENGTH_MEASURES, SideTally};
use crate::stats::{Histogram, Tally};

/// The interval every win rate carries.
pub const WIN_RATE_INTERVAL: &str = "wilson95";
/// The interval every metric mean carries.
pub const METRIC_INTERVAL: &str = "normal95";
const CONFIDENCE: f64 = 0.95;

/// Six decimals; an empty cell where the figure is undefined (0/0, no data). Adding 0.0 turns
/// a negative zero into zero, so no cell reads "-0.000000".
pub(crate) fn f6(x: f64) -> String {
    if x.is_finite() { format!("{:.6}", x + 0.0) } else { String::new() }
}

/// Elo points, one decimal; empty where not estimable.
fn f1(x: f64) -> String {
    if x.is_finite() { format!("{:.1}", x + 0.0) } else { String::new() }
}

/// A side's columns; `solo` (one player, PP-15) leaves every win figure empty: a solo game
/// has no winner, only a score.
fn side_fields(t: &SideTally, solo: bool) -> Vec<String> {
    let f = SideFigures::of(t);
    let win = |x: String| if solo { String::new() } else { x };
    vec![
        t.matches.to_string(),
        win(t.wins.to_string()),
        win(t.draws.to_string()),
        t.capped.to_string(),
        win(f6(f.win_rate)),
        win(f6(f.win_ci.0)),
        win(f6(f.win_ci.1)),
        win(WIN_RATE_INTERVAL.to_string()),
        f6(f.mean_score),
        f6(f.sd_score),
        f6(f.score_ci.0),
        f6(f.score_ci.1),
    ]
}

/// A CSV writer's error, as an I/O error on `path` (it only ever fails on I/O here).
fn csv_failure(path: &Path, e: impl Into<csv::Error>) -> anyhow::Error {
    let e: csv::Error = e.into();
    let io = match e.into_kind() {
        csv::ErrorKind::Io(io) => io,
        other => std::io::Error::other(format!("{other:?}")),
    };
    io_failure("writing", path, io)
}

/// The header of `file`, as the folder's column dictionary names its columns in order
/// (`columns::header`): a column is named once, beside its unit and meaning.
fn columns_of(file: &str) -> Vec<String> {
    crate::output::columns::header(file, 0)
}

pub(crate) fn write_csv(
    path: &Path,
    header: &[impl AsRef<str>],
    rows: Vec<Vec<String>>,
) -> anyhow::Result<()> {
    let mut file = AtomicFile::create(path)?;
    let partial = file.path().to_path_buf();
    {
        let mut w = csv::Writer::from_writer(file.writer());
        w.write_record(header.iter().map(AsRef::as_ref)).map_err(|e| csv_failure(&partial, e))?;
        for row in rows {
            // Text a user typed may sit in any cell (labels, rule values, file names).
            let cells = row.iter().map(|c| crate::core::csv_cell::neutralised(c).into_owned());
            w.write_record(cells).map_err(|e| csv_failure(&partial, e))?;
        }
        w.flush().map_err(|e| csv_failure(&partial, e))?;
    }
    file.commit()
}

pub fn write_seats(path: &Path, tally: &Tally, balance: &Balance) -> anyhow::Result<()> {
    let header = columns_of(SEATS_CSV);
    let rows = balance
        .seats
        .iter()
        .map(|b| {
            let mut row = vec![b.seat.to_string()];
            let solo = tally.players == 1;
            let count = |x: u64| if solo { String::new() } else { x.to_string() };
            row.extend(side_fields(&tally.seats[b.seat], solo));
            row.extend([
                count(b.decisive),
                count(b.sole_wins),
                f6(b.decisive_rate),
                f6(b.decisive_ci.0),
                f6(b.decisive_ci.1),
                f6(b.fair_share),
                f6(b.diff_pp),
                f6(b.diff_ci_pp.0),
                f6(b.diff_ci_pp.1),
                e6(b.p_value),
                e6(b.p_holm),
                if solo {
                    "none: a solo game has no winner (PP-15)"
                } else if tally.players == 2 {
                    "exact binomial two-sided, sole wins of decisive matches vs 1/players"
                } else {
                    "exact binomial two-sided, sole wins of decisive matches vs 1/players; Holm"
                }
                .to_string(),
            ]);
            row
        })
        .collect();
    write_csv(path, &header, rows)
}

/// p-values span many orders of magnitude: print them in scientific notation. Below 1e-300
/// double precision no longer holds them, so they print as 0, a bound the columns' dictionary
/// explains beside each p-value column: a text bound such as `<1e-300` would turn a numeric
/// column into text for every program that reads it.
fn e6(x: f64) -> String {
    if !x.is_finite() {
        String::new()
    } else if x < 1e-300 {
        "0".to_string()
    } else {
        format!("{x:.6e}")
    }
}

/// `balance.csv`: the test that all seats are equal (the per-seat tests are in seats.csv).
pub fn write_balance(path: &Path, tally: &Tally, balance: &Balance) -> anyhow::Result<()> {
    let (statistic, df, p) = balance.chi_square;
    let decisive = tally.matches - tally.capped - tally.shared_first;
    // Solo (PP-15): nothing to compare, so no sample size either.
    let n = if tally.players == 1 { String::new() } else { decisive.to_string() };
    let rows = vec![vec![
        "all_seats_equal".to_string(),
        n,
        f6(statistic),
        df.to_string(),
        e6(p),
        "Pearson chi-square on sole wins of decisive matches vs equal shares".to_string(),
    ]];
    write_csv(path, &columns_of(BALANCE_CSV), rows)
}

pub fn write_pairing(path: &Path, rows: &[Pairing]) -> anyhow::Result<()> {
    let header = columns_of(PAIRING_CSV);
    let rows = rows
        .iter()
        .map(|p| {
            vec![
                p.figure.clone(),
                p.groups.to_string(),
                p.group_size.to_string(),
                e6(p.var_independent),
                e6(p.var_paired),
                f6(p.reduction),
            ]
        })
        .collect();
    write_csv(path, &header, rows)
}

pub fn write_ratings(path: &Path, rows: &[Rating]) -> anyhow::Result<()> {
    let header = columns_of(RATINGS_CSV);
    let rows = rows
        .iter()
        .map(|r| {
            vec![
                r.slot.to_string(),
                r.label.clone(),
                f6(r.win_rate),
                f6(r.ci.0),
                f6(r.ci.1),
                f1(r.elo),
                f1(r.elo_ci.0),
                f1(r.elo_ci.1),
                r.method.to_string(),
            ]
        })
        .collect();
    write_csv(path, &header, rows)
}

pub fn write_difference(path: &Path, d: &Difference) -> anyhow::Result<()> {
    let header = columns_of(DIFFERENCE_CSV);
    let row = vec![
        d.labels.0.clone(),
        d.labels.1.clone(),
        f6(d.shares.0),
        f6(d.shares.1),
        f6(d.difference),
        f6(d.ci.0),
        f6(d.ci.1),
        d.ci_method.to_string(),
        f1(d.elo),
        f1(d.elo_ci.0),
        f1(d.elo_ci.1),
        d.comparisons.to_string(),
    ];
    write_csv(path, &header, vec![row])
}

pub fn write_shape(path: &Path, rows: &[ShapeFigure], matches: u64) -> anyhow::Result<()> {
    let header = columns_of(SHAPE_CSV);
    let rows = rows
        .iter()
        .map(|f| {
            vec![
                f.figure.to_string(),
                matches.to_string(),
                f6(f.value),
                f6(f.ci.0),
                f6(f.ci.1),
                f.method.to_string(),
                f.ludii.to_string(),
            ]
        })
        .collect();
    write_csv(path, &header, rows)
}

/// Every histogram the tally keeps, by name, in CSV order.
fn histograms(tally: &Tally) -> Vec<(&'static str, &Histogram)> {
    let mut all: Vec<(&'static str, &Histogram)> =
        LENGTH_MEASURES.iter().copied().zip(tally.lengths.iter()).collect();
    all.push(("margin", &tally.margins));
    all.push(("lead_changes", &tally.lead_changes));
    all.push(("decided_percent", &tally.decided_percent));
    all
}

pub fn write_histograms(path: &Path, tally: &Tally) -> anyhow::Result<()> {
    let mut rows = Vec::new();
    for (name, h) in histograms(tally) {
        for (value, count) in h.iter() {
            rows.push(vec![name.to_string(), value.to_string(), count.to_string()]);
        }
    }
    write_csv(path, &columns_of(HISTOGRAMS_CSV), rows)
}

pub fn write_bots(path: &Path, tally: &Tally, labels: &[String]) -> anyhow::Result<()> {
    let header = columns_of(BOTS_CSV);
    let rows = labels
        .iter()
        .enumerate()
        .map(|(slot, label)| {
            let mut row = vec![slot.to_string(), label.clone()];
            row.extend(side_fields(&tally.slots[slot], tally.players == 1));
            row
        })
        .collect();
    write_csv(path, &header, rows)
}

pub fn write_lengths(path: &Path, tally: &Tally) -> anyhow::Result<()> {
    let header = columns_of(LENGTHS_CSV);
    let opt = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
    // `decided_percent` belongs with `lead_changes`: where no match had a sole winner (a
    // solo game never has one, PP-15) it is undefined, so its row is there with empty cells
    // rather than missing, and never a number.
    let leads = tally.lead_changes.count() > 0;
    let rows = histograms(tally)
        .into_iter()
        .filter(|(name, h)| h.count() > 0 || (leads && *name == "decided_percent"))
        .map(|(name, h)| {
            let mut row = vec![name.to_string(), h.count().to_string(), f6(h.mean()), f6(h.sd())];
            row.push(opt(h.min()));
            for p in [0.05, 0.25, 0.5, 0.75, 0.95] {
                row.push(opt(h.quantile(p)));
            }
            row.push(opt(h.max()));
            row
        })
        .collect();
    write_csv(path, &header, rows)
}

pub fn write_metrics(path: &Path, tally: &Tally, names: &[String]) -> anyhow::Result<()> {
    let header = columns_of(METRICS_CSV);
    let n = tally.matches;
    let rows = names
        .iter()
        .zip(&tally.metrics)
        .map(|(name, m)| {
            let mean = m.sum as f64 / n as f64;
            let sd = sample_sd(n, m.sum, m.sum_sq);
            // A 0/1 indicator's mean is a proportion: the Wilson interval keeps its coverage
            // near 0 and 1, where the normal one collapses to a point.
            let indicator = n > 0 && m.min >= 0 && m.max <= 1;
            let ((lo, hi), method) = if indicator {
                (wilson(m.sum as f64, n, CONFIDENCE), WIN_RATE_INTERVAL)
            } else {
                (normal_mean(mean, sd, n, CONFIDENCE), METRIC_INTERVAL)
            };
            let range = |v: i64| if n > 0 { v.to_string() } else { String::new() };
            vec![
                name.clone(),
                n.to_string(),
                f6(mean),
                f6(sd),
                f6(lo),
                f6(hi),
                method.to_string(),
                m.sum.to_string(),
                range(m.min),
                range(m.max),
            ]
        })
        .collect();
    write_csv(path, &header, rows)
}

pub fn write_failures(path: &Path, seed: u64, failures: &[Failure]) -> anyhow::Result<()> {
    let rows = failures
        .iter()
        .map(|f| vec![f.index.to_string(), f.deal.to_string(), seed.to_string(), f.message.clone()])
        .collect();
    write_csv(path, &columns_of(FAILURES_CSV), rows)
}

/// Slots per seat, as `matches.csv` writes them: "1-0" means slot 1 in seat 0, slot 0 in
/// seat 1.
pub fn seating_text(slots: &[u8]) -> String {
    slots.iter().map(|s| s.to_string()).collect::<Vec<_>>().join("-")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_p_value_past_double_precision_is_the_bound_0_and_an_undefined_one_empty() {
        assert_eq!(super::e6(1e-320), "0");
        assert_eq!(super::e6(2.5e-12), "2.500000e-12");
        assert_eq!(super::e6(f64::NAN), "");
    }
}
