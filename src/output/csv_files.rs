//! The CSV files of a run. Every column is described in README.md's column dictionary;
//! numbers are printed with fixed precision so equal tallies give byte-identical files.

use std::path::Path;

use crate::arena::{Failure, MatchRecord};
use crate::bots::BotSpec;
use crate::output::atomic::AtomicFile;
use crate::stats::Tally;
use crate::stats::intervals::{normal_mean, wilson};
use crate::stats::tally::{LENGTH_MEASURES, SideTally};

/// The interval every win rate carries.
pub const WIN_RATE_INTERVAL: &str = "wilson95";
/// The interval every metric mean carries.
pub const METRIC_INTERVAL: &str = "normal95";
const CONFIDENCE: f64 = 0.95;

fn f6(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.6}")
    } else {
        String::new()
    }
}

fn side_fields(t: &SideTally) -> Vec<String> {
    let (lo, hi) = wilson(t.win_shares(), t.matches, CONFIDENCE);
    vec![
        t.matches.to_string(),
        t.wins.to_string(),
        t.draws.to_string(),
        t.capped.to_string(),
        f6(t.win_rate()),
        f6(lo),
        f6(hi),
        WIN_RATE_INTERVAL.to_string(),
        f6(t.mean_score()),
        f6(t.sd_score()),
    ]
}

const SIDE_HEADER: [&str; 10] = [
    "matches",
    "wins",
    "draws",
    "capped",
    "win_rate",
    "ci_low",
    "ci_high",
    "ci_method",
    "mean_score",
    "sd_score",
];

fn write_csv(path: &Path, header: &[&str], rows: Vec<Vec<String>>) -> anyhow::Result<()> {
    let mut file = AtomicFile::create(path)?;
    {
        let mut w = csv::Writer::from_writer(file.writer());
        w.write_record(header)?;
        for row in rows {
            w.write_record(&row)?;
        }
        w.flush()?;
    }
    file.commit()?;
    Ok(())
}

pub fn write_seats(path: &Path, tally: &Tally) -> anyhow::Result<()> {
    let mut header = vec!["seat"];
    header.extend(SIDE_HEADER);
    let rows = (0..tally.players)
        .map(|s| {
            let mut row = vec![s.to_string()];
            row.extend(side_fields(&tally.seats[s]));
            row
        })
        .collect();
    write_csv(path, &header, rows)
}

pub fn write_bots(path: &Path, tally: &Tally, lineup: &[BotSpec]) -> anyhow::Result<()> {
    let mut header = vec!["slot", "bot"];
    header.extend(SIDE_HEADER);
    let rows = lineup
        .iter()
        .enumerate()
        .map(|(slot, spec)| {
            let mut row = vec![slot.to_string(), spec.label.clone()];
            row.extend(side_fields(&tally.slots[slot]));
            row
        })
        .collect();
    write_csv(path, &header, rows)
}

pub fn write_lengths(path: &Path, tally: &Tally) -> anyhow::Result<()> {
    let header = [
        "measure", "matches", "mean", "sd", "min", "p5", "p25", "p50", "p75", "p95", "max",
    ];
    let opt = |v: Option<u32>| v.map(|v| v.to_string()).unwrap_or_default();
    let rows = LENGTH_MEASURES
        .iter()
        .zip(&tally.lengths)
        .map(|(name, h)| {
            let mut row = vec![
                name.to_string(),
                h.count().to_string(),
                f6(h.mean()),
                f6(h.sd()),
            ];
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
    let header = [
        "metric",
        "matches",
        "mean",
        "sd",
        "ci_low",
        "ci_high",
        "ci_method",
        "total",
        "min",
        "max",
    ];
    let n = tally.matches;
    let rows = names
        .iter()
        .zip(&tally.metrics)
        .map(|(name, m)| {
            let mean = m.sum as f64 / n as f64;
            let sd = if n > 1 {
                let n = n as i128;
                ((n * m.sum_sq - m.sum * m.sum) as f64 / (n * (n - 1)) as f64).sqrt()
            } else {
                f64::NAN
            };
            let (lo, hi) = normal_mean(mean, sd, n, CONFIDENCE);
            let range = |v: i64| if n > 0 { v.to_string() } else { String::new() };
            vec![
                name.clone(),
                n.to_string(),
                f6(mean),
                f6(sd),
                f6(lo),
                f6(hi),
                METRIC_INTERVAL.to_string(),
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
        .map(|f| {
            vec![
                f.index.to_string(),
                f.deal.to_string(),
                seed.to_string(),
                f.message.clone(),
            ]
        })
        .collect();
    write_csv(path, &["index", "deal", "seed", "message"], rows)
}

/// `matches.csv`, one row per match in index order, streamed block by block.
pub struct MatchesCsv {
    file: AtomicFile,
    players: usize,
    seed: u64,
}

impl MatchesCsv {
    pub fn create(path: &Path, players: usize, seed: u64) -> anyhow::Result<Self> {
        let mut file = AtomicFile::create(path)?;
        let mut header = vec![
            "index".to_string(),
            "seed".into(),
            "deal".into(),
            "seating".into(),
        ];
        header.push("capped".into());
        header.extend((0..players).map(|s| format!("score_{s}")));
        header.extend((0..players).map(|s| format!("rank_{s}")));
        header.extend(LENGTH_MEASURES.iter().map(|m| m.to_string()));
        let mut w = csv::Writer::from_writer(file.writer());
        w.write_record(&header)?;
        w.flush()?;
        drop(w);
        Ok(Self {
            file,
            players,
            seed,
        })
    }

    pub fn write(&mut self, records: &[MatchRecord]) -> anyhow::Result<()> {
        let mut w = csv::Writer::from_writer(self.file.writer());
        for r in records {
            let mut row = vec![
                r.index.to_string(),
                self.seed.to_string(),
                r.assignment.deal.to_string(),
                seating_text(&r.assignment.slot_of_seat[..self.players]),
                (r.outcome.is_capped() as u8).to_string(),
            ];
            row.extend(r.outcome.scores().iter().map(|s| s.to_string()));
            row.extend(r.outcome.ranks().iter().map(|s| s.to_string()));
            let l = &r.length;
            row.extend([l.decisions, l.chance_events, l.turns, l.rounds].map(|v| v.to_string()));
            w.write_record(&row)?;
        }
        w.flush()?;
        Ok(())
    }

    pub fn commit(self) -> anyhow::Result<()> {
        self.file.commit()?;
        Ok(())
    }
}

/// Slots per seat, as `matches.csv` writes them: "1-0" means slot 1 in seat 0, slot 0 in
/// seat 1.
pub fn seating_text(slots: &[u8]) -> String {
    slots
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join("-")
}
