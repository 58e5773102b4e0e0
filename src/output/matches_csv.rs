//! `matches.csv`: one row per completed match in index order, streamed block by block into
//! `matches.csv.partial`, which survives errors and crashes so that a checkpoint can continue
//! it; and its digest (rows, bytes, CRC-32), recorded in the manifest and a shard's tally so
//! that `arena merge` can refuse a truncated or altered file.

use std::io::Read;
use std::path::Path;

use crate::core::layout::MATCHES_CSV;
use crate::output::atomic::AtomicFile;
use crate::output::io::{failpoint, io_failure};
use crate::runner::MatchRecord;
use crate::runner::worker::{RowChunk, panic_message};

/// The writer of `matches.csv`.
pub struct MatchesCsv {
    file: AtomicFile,
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
    pub fn create(path: &Path, players: usize) -> anyhow::Result<Self> {
        let mut file = AtomicFile::create(path)?.keep_on_drop();
        let header = crate::output::columns::header(MATCHES_CSV, players);
        let line = header.join(",") + "\n";
        let partial = file.path().to_path_buf();
        std::io::Write::write_all(file.writer(), line.as_bytes())
            .map_err(|e| io_failure("writing", &partial, e))?;
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(line.as_bytes());
        Ok(Self { file, hasher })
    }

    /// Append a block's rows, formatted by [`RowText`] on the workers.
    /// `ARENA_FAILPOINT=matches-write:disk-full` fails it as a full disk would (for tests).
    pub fn write_rows(&mut self, chunks: &[RowChunk]) -> anyhow::Result<()> {
        let partial = self.file.path().to_path_buf();
        let fail = |e| io_failure("writing", &partial, e);
        failpoint("matches-write").map_err(fail)?;
        let mut hashing = Hashing { inner: self.file.writer(), hasher: &mut self.hasher };
        for chunk in chunks {
            std::io::Write::write_all(&mut hashing, &chunk.bytes).map_err(fail)?;
        }
        std::io::Write::flush(&mut hashing).map_err(fail)?;
        Ok(())
    }

    /// Continue an interrupted run's file from the length its checkpoint recorded, once its
    /// first `length` bytes are found to have the checkpoint's CRC-32 (`crc32`): damage
    /// there would otherwise become part of matches.csv. `Err(message)` inside the result
    /// names the mismatch for the caller's one-line refusal.
    pub fn resume(path: &Path, length: u64, crc32: u32) -> anyhow::Result<Result<Self, String>> {
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
        Ok(Ok(Self { file, hasher }))
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

/// One match's row of `matches.csv`, written where the match was played. Every field is a
/// number or a seating (`1-0`), so none needs quoting: the text is what a CSV writer gives.
#[derive(Clone, Copy, Debug)]
pub struct RowText {
    pub players: usize,
    pub seed: u64,
}

impl RowText {
    pub fn write(&self, r: &MatchRecord, out: &mut Vec<u8>) {
        // itoa, not `write!`: formatting is most of the cost of a row, and the rows of a
        // fast game are written as fast as the matches are played.
        let mut digits = itoa::Buffer::new();
        let mut field = |out: &mut Vec<u8>, sep: u8, v: i64| {
            out.push(sep);
            out.extend_from_slice(digits.format(v).as_bytes());
        };
        for (sep, v) in [("", r.index), (",", self.seed), (",", r.assignment.deal)] {
            out.extend_from_slice(sep.as_bytes());
            out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
        }
        for (i, &slot) in r.assignment.slot_of_seat[..self.players].iter().enumerate() {
            field(out, if i == 0 { b',' } else { b'-' }, slot as i64);
        }
        field(out, b',', r.outcome.is_capped() as i64);
        for &v in r.outcome.scores() {
            field(out, b',', v as i64);
        }
        for &v in r.outcome.ranks() {
            field(out, b',', v as i64);
        }
        let l = &r.length;
        for v in [l.decisions, l.chance_events, l.turns, l.rounds] {
            field(out, b',', v as i64);
        }
        out.push(b'\n');
    }
}

/// `matches.csv` written on a thread of its own, so that the pool plays block k+1 while
/// block k's rows go to the file; at most one block waits to be written, so the memory held
/// for rows is two blocks' text whatever the thread count.
pub struct RowWriter {
    idle: Option<MatchesCsv>,
    busy: Option<std::thread::JoinHandle<anyhow::Result<MatchesCsv>>>,
}

impl RowWriter {
    pub fn new(csv: MatchesCsv) -> Self {
        Self { idle: Some(csv), busy: None }
    }

    /// Hand a block's rows to the writing thread (after the previous block's are written).
    pub fn send(&mut self, chunks: Vec<RowChunk>) -> anyhow::Result<()> {
        self.wait()?;
        let mut csv = self.idle.take().expect("the writer is idle after wait");
        let thread = std::thread::Builder::new().name(MATCHES_CSV.into());
        let busy = thread
            .spawn(move || csv.write_rows(&chunks).map(|()| csv))
            .map_err(|e| anyhow::anyhow!("cannot start the thread that writes matches.csv: {e}"))?;
        self.busy = Some(busy);
        Ok(())
    }

    /// Every row sent so far written: the file, to read its length or commit it.
    pub fn wait(&mut self) -> anyhow::Result<&mut MatchesCsv> {
        if let Some(busy) = self.busy.take() {
            let csv = busy
                .join()
                .map_err(|p| anyhow::anyhow!("writing matches.csv: {}", panic_message(p)))??;
            self.idle = Some(csv);
        }
        Ok(self.idle.as_mut().expect("a writer holds its file unless it failed"))
    }

    /// Every row written; the file itself, to commit.
    pub fn finish(mut self) -> anyhow::Result<MatchesCsv> {
        self.wait()?;
        Ok(self.idle.take().expect("the writer is idle after wait"))
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
