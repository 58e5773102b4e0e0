//! What a result folder's manifest records of each file it wrote: its size and CRC-32. The
//! writers (output) record it and the report checks each file it reads against it; the value
//! type lives on the lowest floor so that both can use it.

use serde::{Deserialize, Serialize};

/// The manifest's key holding each file's [`FileRecord`], by file name.
pub const FILE_DIGESTS: &str = "file_digests";

/// The SHA-256 of an input's content, as lowercase hex: what a run records of each file it
/// read (a card or sheet file), so that a resume or a merge can tell the same content from
/// the same path with other content.
pub fn content_digest(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// A file a job read (a rules file, a card or sheet file a rule names, an experiment file),
/// as every record that lists its inputs writes it: where it was read and what it held. A
/// resume or a merge compares the content; the path is for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputFile {
    pub path: String,
    pub sha256: String,
}

/// Size and CRC-32 of one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRecord {
    pub bytes: u64,
    pub crc32: u32,
}

impl FileRecord {
    pub fn of(bytes: &[u8]) -> Self {
        Self { bytes: bytes.len() as u64, crc32: crc32fast::hash(bytes) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_tells_a_changed_byte_and_a_cut() {
        let whole = FileRecord::of(b"seat,wins\n0,12\n");
        assert_eq!(whole.bytes, 15);
        assert_ne!(whole, FileRecord::of(b"seat,wins\n0,13\n"), "same size, one digit changed");
        assert_ne!(whole, FileRecord::of(b"seat,wins\n"), "a line dropped");
        assert_eq!(whole, FileRecord::of(b"seat,wins\n0,12\n"));
    }
}
