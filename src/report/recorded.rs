//! The record a result folder keeps of each file it wrote (size and CRC-32, under
//! `file_digests` in `manifest.json`, or in `ladder.json` for a ladder). The report checks
//! every file it reads against it, so a file changed or cut after the run is refused with its
//! name instead of drawn (a `lengths.csv` cut by three bytes drew a maximum of 1, not 100).
//! Folders written before the record existed have none, and their files are read as they are.

use std::collections::BTreeMap;
use std::path::Path;

use crate::core::file_record::FileRecord;
use crate::core::layout::{LADDER_FILE, MANIFEST};
use crate::report::ReportError;

/// The part of a manifest (or ladder.json) that records its files (`core::file_record::FILE_DIGESTS`, the key serde names below). Each
/// file's record is read on its own, so that one damaged record leaves the others checked.
#[derive(serde::Deserialize)]
struct Recorded {
    #[serde(rename = "file_digests")]
    digests: Option<BTreeMap<String, serde_json::Value>>,
}

/// The record of `file` in `dir`'s manifest (or ladder.json), if one is kept.
fn record_of(dir: &Path, file: &str) -> Option<(String, FileRecord)> {
    [MANIFEST, LADDER_FILE].iter().find_map(|name| {
        let text = std::fs::read_to_string(dir.join(name)).ok()?;
        let mut recorded: Recorded = serde_json::from_str(&text).ok()?;
        let record = recorded.digests.as_mut()?.remove(file)?;
        Some((name.to_string(), serde_json::from_value(record).ok()?))
    })
}

/// Refuse `bytes`, read from `dir/file`, unless they are what the folder's record says.
pub fn check(dir: &Path, file: &str, bytes: &[u8]) -> Result<(), ReportError> {
    let Some((manifest, recorded)) = record_of(dir, file) else { return Ok(()) };
    let found = FileRecord::of(bytes);
    if found == recorded {
        return Ok(());
    }
    let what = if found.bytes < recorded.bytes {
        "cut short (truncated)"
    } else if found.bytes > recorded.bytes {
        "lengthened"
    } else {
        "changed"
    };
    Err(ReportError::Input(format!(
        "{}: {} bytes with CRC-32 {:08x}, but {manifest} recorded {} bytes with CRC-32 {:08x}: the file was {what} after the run wrote it; rerun or resume the command that wrote it",
        dir.join(file).display(),
        found.bytes,
        found.crc32,
        recorded.bytes,
        recorded.crc32,
    )))
}

/// Read `dir/file` as text, checked against the record; a missing file is `missing`.
pub fn read_text(dir: &Path, file: &str) -> Result<String, ReportError> {
    let path = dir.join(file);
    let bytes = std::fs::read(&path).map_err(|_| {
        ReportError::Input(format!("{}: missing (not a complete result folder)", path.display()))
    })?;
    check(dir, file, &bytes)?;
    String::from_utf8(bytes)
        .map_err(|_| ReportError::Input(format!("{}: not UTF-8 text", path.display())))
}
