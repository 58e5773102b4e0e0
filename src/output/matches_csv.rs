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
    /// CRC-32 of every byte written so far, for the checkpoint: a resume checks the kept
    /// prefix of `matches.csv.partial` against it before appending.
    hasher: crc32fast::Hasher,
}

/// Passes bytes on to the file and adds them to the running CRC.
struct Hashing<'a, W: std::io::Write> {
    inner: &'a mut W,
    hasher: &'a mut crc32fast::Hasher,
}

impl<W: std::io::Write> std::io::Write for Hashing<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
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
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(line.as_bytes());
        Ok(Self { file, players, seed, hasher })
    }

    /// Append the rows of a block. `ARENA_FAILPOINT=matches-write:disk-full` fails it as a
    /// full disk would (for tests).
    pub fn write(&mut self, records: &[MatchRecord]) -> anyhow::Result<()> {
        let partial = self.file.path().to_path_buf();
        let fail = |e| io_failure("writing", &partial, e);
        failpoint("matches-write").map_err(fail)?;
        let hashing = Hashing { inner: self.file.writer(), hasher: &mut self.hasher };
        let mut w = csv::Writer::from_writer(hashing);
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

    /// Continue an interrupted run's file from the length its checkpoint recorded, once its
    /// first `length` bytes are found to have the checkpoint's CRC-32 (`crc32`): damage
    /// there would otherwise become part of matches.csv. `Err(message)` inside the result
    /// names the mismatch for the caller's one-line refusal.
    pub fn resume(
        path: &Path,
        players: usize,
        seed: u64,
        length: u64,
        crc32: u32,
    ) -> anyhow::Result<Result<Self, String>> {
        let partial = crate::output::partial_path(path);
        let fail = |e| io_failure("reading", &partial, e);
        let file = std::fs::File::open(&partial).map_err(fail)?;
        let mut hasher = crc32fast::Hasher::new();
        let mut kept = 0u64;
        let mut reader = std::io::BufReader::new(file.take(length));
        let mut buf = vec![0u8; 1 << 16];
        loop {
            let n = reader.read(&mut buf).map_err(fail)?;
            if n == 0 {
                break;
            }
            hasher.update(&buf[..n]);
            kept += n as u64;
        }
        if kept == length && hasher.clone().finalize() != crc32 {
            return Ok(Err(format!(
                "its first {length} bytes (the matches before the checkpoint) do not match the checkpoint's CRC-32: the file was changed or damaged"
            )));
        }
        // A shorter file is refused by AtomicFile::resume, naming both lengths.
        let file = AtomicFile::resume(path, length)?.keep_on_drop();
        Ok(Ok(Self { file, players, seed, hasher }))
    }

    pub fn flushed_len(&mut self) -> anyhow::Result<u64> {
        self.file.flushed_len()
    }

    /// CRC-32 of every byte written (the flushed length's bytes after [`Self::flushed_len`]).
    pub fn crc32(&self) -> u32 {
        self.hasher.clone().finalize()
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
