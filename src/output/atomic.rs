//! Files that appear under their final name only when complete: written to `NAME.partial`
//! and renamed on `commit`; dropped without a commit, the partial file is removed (unless it
//! is kept for a checkpoint that refers to it). A crash or an error never leaves a half file
//! that looks whole, and every error names the file and the operation.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::output::io::{failpoint, io_failure, io_refusal};

pub struct AtomicFile {
    final_path: PathBuf,
    partial_path: PathBuf,
    writer: Option<BufWriter<File>>,
    /// Leave the partial file when dropped without a commit (a checkpoint may refer to it).
    keep_on_drop: bool,
}

/// Create `path` as a new file of arena's own: whatever stands under that name (a partial
/// file an earlier run left, or a symbolic link someone planted) is removed first, not
/// followed, and the file is created exclusively (`O_EXCL` never follows a link), so arena
/// never writes through a link it did not create.
pub fn create_fresh(path: &Path) -> anyhow::Result<File> {
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io_failure("removing", path, e)),
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| io_failure("creating", path, e))
}

/// Why a link is refused, for every file and folder arena would write through one.
pub const NOT_OURS: &str =
    "it is a symbolic link, which arena did not create; arena writes only through files of its own";

/// Refuse a file that is a symbolic link (a file arena continues must be its own).
pub fn refuse_link(path: &Path) -> anyhow::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => Err(io_refusal("using", path, NOT_OURS)),
        _ => Ok(()),
    }
}

/// Create the folder `path` inside a result folder, or accept it if it is already a folder
/// of arena's own; a symbolic link standing under that name (to a folder elsewhere) is
/// refused, not followed, so arena never writes a result into a folder it did not create.
pub fn create_own_folder(path: &Path) -> anyhow::Result<()> {
    refuse_link(path)?;
    std::fs::create_dir_all(path).map_err(|e| io_failure("creating", path, e))
}

/// `NAME.partial` beside `path`.
pub fn partial_path(path: &Path) -> PathBuf {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    PathBuf::from(partial)
}

impl AtomicFile {
    pub fn create(path: &Path) -> anyhow::Result<Self> {
        let partial_path = partial_path(path);
        let file = create_fresh(&partial_path)?;
        Ok(Self {
            final_path: path.to_path_buf(),
            partial_path,
            writer: Some(BufWriter::with_capacity(1 << 16, file)),
            keep_on_drop: false,
        })
    }

    /// Reopen the partial file an interrupted run left, cut back to `length` bytes (what the
    /// last checkpoint recorded), to append to it.
    pub fn resume(path: &Path, length: u64) -> anyhow::Result<Self> {
        use std::io::{Seek, SeekFrom};
        let partial_path = partial_path(path);
        let fail = |e| io_failure("reopening", &partial_path, e);
        refuse_link(&partial_path)?;
        let mut file = std::fs::OpenOptions::new().write(true).open(&partial_path).map_err(fail)?;
        let len = file.metadata().map_err(fail)?.len();
        if len < length {
            return Err(io_failure(
                "reopening",
                &partial_path,
                std::io::Error::other(format!(
                    "it holds {len} bytes, fewer than the {length} its checkpoint recorded"
                )),
            ));
        }
        file.set_len(length).map_err(fail)?;
        file.seek(SeekFrom::End(0)).map_err(fail)?;
        Ok(Self {
            final_path: path.to_path_buf(),
            partial_path,
            writer: Some(BufWriter::with_capacity(1 << 16, file)),
            keep_on_drop: false,
        })
    }

    /// Keep the partial file if this is dropped without a commit: a checkpoint records its
    /// length, and `--resume` continues it.
    pub fn keep_on_drop(mut self) -> Self {
        self.keep_on_drop = true;
        self
    }

    /// The partial file's path (for error messages).
    pub fn path(&self) -> &Path {
        &self.partial_path
    }

    /// Flush what is buffered and return the partial file's length.
    pub fn flushed_len(&mut self) -> anyhow::Result<u64> {
        let path = self.partial_path.clone();
        let fail = |e| io_failure("writing", &path, e);
        let w = self.writer();
        w.flush().map_err(fail)?;
        w.get_ref().sync_data().map_err(fail)?;
        Ok(w.get_ref().metadata().map_err(fail)?.len())
    }

    /// Stop writing but keep the partial file (a checkpoint refers to it).
    pub fn keep_partial(mut self) {
        if let Some(mut w) = self.writer.take() {
            let _ = w.flush();
        }
    }

    pub fn writer(&mut self) -> &mut BufWriter<File> {
        self.writer.as_mut().expect("not committed yet")
    }

    /// Flush, sync and rename to the final name.
    pub fn commit(mut self) -> anyhow::Result<()> {
        let writer = self.writer.as_mut().expect("commit once");
        let fail = |e| io_failure("writing", &self.partial_path, e);
        writer.flush().map_err(fail)?;
        writer.get_ref().sync_all().map_err(fail)?;
        self.writer = None;
        std::fs::rename(&self.partial_path, &self.final_path)
            .map_err(|e| io_failure("renaming", &self.partial_path, e))
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(mut w) = self.writer.take() {
            if self.keep_on_drop {
                let _ = w.flush();
            } else {
                let _ = std::fs::remove_file(&self.partial_path);
            }
        }
    }
}

/// Write a whole small file atomically. `ARENA_FAILPOINT=write:<file name>:disk-full` makes
/// it fail as on a full disk (for tests).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let mut f = AtomicFile::create(path)?;
    let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    failpoint(&format!("write:{name}"))
        .and_then(|()| f.writer().write_all(bytes))
        .map_err(|e| io_failure("writing", &f.partial_path, e))?;
    f.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resume_cuts_back_to_the_checkpoint_and_appends() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.csv");
        let mut f = AtomicFile::create(&path).unwrap();
        f.writer().write_all(b"header\nrow1\n").unwrap();
        let at = f.flushed_len().unwrap();
        f.writer().write_all(b"row2-not-checkpointed\n").unwrap();
        f.keep_partial();
        let mut f = AtomicFile::resume(&path, at).unwrap();
        f.writer().write_all(b"row2\n").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "header\nrow1\nrow2\n");
    }

    #[test]
    fn uncommitted_file_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.csv");
        {
            let mut f = AtomicFile::create(&path).unwrap();
            f.writer().write_all(b"half").unwrap();
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        let mut f = AtomicFile::create(&path).unwrap();
        f.writer().write_all(b"whole").unwrap();
        assert!(!path.exists());
        f.commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
    }
}
