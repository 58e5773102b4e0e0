//! The two files at the top of a sweep folder: `sweep.csv`, one row per variant (its rule
//! values, seat win shares with Wilson intervals, the balance test, the largest seat
//! deviation, mean length with its interval, and every game metric's mean, plus each card
//! kind's share of all points for games that report `card_points_*` and `points_*`), and
//! `sweep_diff.csv`, each variant against the baseline on every paired quantity, with the
//! paired interval, the interval independent dice would have given, and the variance the
//! pairing removed. Both are computed from integer tallies only, so equal tallies give equal
//! bytes.

use std::path::Path;

use crate::core::columns::sweep as col;
use crate::output::csv_files::{WIN_RATE_INTERVAL, f6, write_csv};
use crate::stats::SideFigures;
use crate::stats::intervals::normal_mean;
use crate::stats::paired::PairedSums;
use crate::stats::sweep_verdict::largest_deviation;
use crate::stats::verdict::DEFAULT_FAIR_WITHIN_PP;
use crate::stats::{SHARE_UNIT, Tally, analysis};

const CONFIDENCE: f64 = 0.95;

/// The interval every difference in `sweep_diff.csv` carries.
pub const PAIRED_INTERVAL: &str = "paired_normal95";

/// One variant's identity, as the sweep files show it.
pub struct VariantRow<'a> {
    pub name: &'a str,
    pub folder: &'a str,
    /// Its value of each varied key.
    pub values: &'a [String],
}

/// Each `card_points_X` metric's share of all points (the sum of the `points_*` metrics):
/// (column name, index of card_points_X), and the indices of the `points_*` metrics.
fn point_shares(metric_names: &[String]) -> (Vec<(String, usize)>, Vec<usize>) {
    let ways: Vec<usize> = metric_names
        .iter()
        .enumerate()
        .filter(|(_, n)| n.starts_with("points_"))
        .map(|(i, _)| i)
        .collect();
    if ways.is_empty() {
        return (Vec::new(), ways);
    }
    let shares = metric_names
        .iter()
        .enumerate()
        .filter_map(|(i, n)| {
            n.strip_prefix("card_points_").map(|k| (format!("points_share_{k}"), i))
        })
        .collect();
    (shares, ways)
}

/// `sweep.csv`.
pub fn write_sweep(
    path: &Path,
    keys: &[String],
    variants: &[VariantRow],
    tallies: &[Tally],
    metric_names: &[String],
    labels: &[String],
) -> anyhow::Result<()> {
    let players = tallies.first().map_or(0, |t| t.players);
    let mut header: Vec<String> = vec![col::VARIANT.into(), col::FOLDER.into()];
    header.extend(keys.iter().cloned());
    header.extend([col::MATCHES, col::CAPPED].map(String::from));
    for s in 0..players {
        header.extend([col::seat_win(s), col::seat_ci_low(s), col::seat_ci_high(s)]);
    }
    header.extend(col::FIGURES.map(String::from));
    let (shares, ways) = point_shares(metric_names);
    header.extend(shares.iter().map(|(n, _)| n.clone()));
    header.extend(metric_names.iter().map(|n| col::mean_of(n)));
    let rows = variants
        .iter()
        .zip(tallies)
        .map(|(v, t)| {
            let mut row: Vec<String> = vec![v.name.to_string(), v.folder.to_string()];
            row.extend(v.values.iter().cloned());
            row.extend([t.matches.to_string(), t.capped.to_string()]);
            for s in 0..players {
                let f = SideFigures::of(&t.seats[s]);
                row.extend([f6(f.win_rate), f6(f.win_ci.0), f6(f.win_ci.1)]);
            }
            // Only the test's figures are written here; the margin changes only the verdict.
            let balance = analysis::balance(t, labels, DEFAULT_FAIR_WITHIN_PP);
            let (chi, df, p) = balance.chi_square;
            let deviation = largest_deviation(t);
            let turns = &t.lengths[2];
            let (tlo, thi) = normal_mean(turns.mean(), turns.sd(), turns.count(), CONFIDENCE);
            row.extend([
                WIN_RATE_INTERVAL.to_string(),
                f6(chi),
                df.to_string(),
                f6(p),
                f6(deviation.pp),
                f6(deviation.low),
                f6(deviation.high),
                f6(turns.mean()),
                f6(tlo),
                f6(thi),
            ]);
            let total: i128 = ways.iter().map(|&i| t.metrics[i].sum).sum();
            for (_, i) in &shares {
                row.push(f6(t.metrics[*i].sum as f64 / total as f64));
            }
            for m in &t.metrics {
                row.push(f6(m.sum as f64 / t.matches as f64));
            }
            row
        })
        .collect();
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    write_csv(path, &header, rows)
}

/// `sweep_diff.csv`: every variant but the baseline, every paired quantity.
pub fn write_sweep_diff(
    path: &Path,
    variants: &[VariantRow],
    paired: &PairedSums,
    players: usize,
) -> anyhow::Result<()> {
    let header = crate::core::columns::sweep_diff::HEADER;
    let b = paired.baseline;
    let mut rows = Vec::new();
    for (v, variant) in variants.iter().enumerate() {
        if v == b {
            continue;
        }
        for (q, quantity) in paired.quantities.iter().enumerate() {
            // Seats' win shares are counted in 1/840 units.
            let scale = if q < players { SHARE_UNIT as f64 } else { 1.0 };
            let d = paired.diff(v, q, scale, CONFIDENCE);
            rows.push(vec![
                variant.name.to_string(),
                variants[b].name.to_string(),
                quantity.clone(),
                paired.matches.to_string(),
                f6(paired.mean(v, q, scale)),
                f6(paired.mean(b, q, scale)),
                f6(d.diff),
                f6(d.ci.0),
                f6(d.ci.1),
                PAIRED_INTERVAL.to_string(),
                f6(d.diff - d.independent_half),
                f6(d.diff + d.independent_half),
                f6(d.reduction),
            ]);
        }
    }
    write_csv(path, &header, rows)
}
