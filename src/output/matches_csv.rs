//! `matches.csv`: one row per completed match in index order, streamed block by block into
//! `matches.csv.partial`, which survives errors and crashes so that a checkpoint can continue
//! it; and its digest (rows, bytes, CRC-32), recorded in the manifest and a shard's tally so
//! that `arena merge` can refuse a truncated or altered file.

use std::io::Read;
use std::path::Path;

use crate::arena::MatchRecord;
use crate::output::atomic::AtomicFile;
use crate::output::csv_files::seating_text;
use crate::output::io::{failpoint, io_failure};
use crate::stats::tally::LENGTH_MEASURES;

/// The writer of `matches.csv`.
pub struct MatchesCsv {
    file: AtomicFile,
    players: usize,
    seed: u64,
}

impl MatchesCsv {
    pub fn create(path: &Path, players: usize, seed: u64) -> anyhow::Result<Self> {
        let mut file = AtomicFile::create(path)?.keep_on_drop();
        let mut header = vec!["index".to_string(), "seed".into(), "deal".into(), "seating".into()];
        header.push("capped".into());
        header.extend((0..players).map(|s| format!("score_{s}")));
        header.extend((0..players).map(|s| format!("rank_{s}")));
        header.extend(LENGTH_MEASURES.iter().map(|m| m.to_string()));
        let line = header.join(",") + "\n";
        let partial = file.path().to_path_buf();
        std::io::Write::write_all(file.writer(), line.as_bytes())
            .map_err(|e| io_failure("writing", &partial, e))?;
        Ok(Self { file, players, seed })
    }

    /// Append the rows of a block. `ARENA_FAILPOINT=matches-write:disk-full` fails it as a
    /// full disk would (for tests).
    pub fn write(&mut self, records: &[MatchRecord]) -> anyhow::Result<()> {
        let partial = self.file.path().to_path_buf();
        let fail = |e| io_failure("writing", &partial, e);
        failpoint("matches-write").map_err(fail)?;
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
            w.write_record(&row).map_err(|e| fail(csv_io(e)))?;
        }
        w.flush().map_err(fail)?;
        Ok(())
    }

    /// Continue an interrupted run's file from the length its checkpoint recorded.
    pub fn resume(path: &Path, players: usize, seed: u64, length: u64) -> anyhow::Result<Self> {
        Ok(Self { file: AtomicFile::resume(path, length)?.keep_on_drop(), players, seed })
    }

    pub fn flushed_len(&mut self) -> anyhow::Result<u64> {
        self.file.flushed_len()
    }

    pub fn commit(self) -> anyhow::Result<()> {
        self.file.commit()
    }
}

fn csv_io(e: csv::Error) -> std::io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(io) => io,
        other => std::io::Error::other(format!("{other:?}")),
    }
}

/// What a `matches.csv` holds: data rows (after the header), bytes and CRC-32 of the bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileDigest {
    pub rows: u64,
    pub bytes: u64,
    pub crc32: u32,
}

/// Read `path` once and digest it.
pub fn digest(path: &Path) -> anyhow::Result<FileDigest> {
    let fail = |e| io_failure("reading", path, e);
    let mut file = std::fs::File::open(path).map_err(fail)?;
    let mut hasher = crc32fast::Hasher::new();
    let (mut lines, mut bytes) = (0u64, 0u64);
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buf).map_err(fail)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        lines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
        bytes += n as u64;
    }
    Ok(FileDigest { rows: lines.saturating_sub(1), bytes, crc32: hasher.finalize() })
}
