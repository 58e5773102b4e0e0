//! Files that appear under their final name only when complete: written to `NAME.partial`
//! and renamed on `commit`; dropped without a commit, the partial file is removed. A crash
//! or an error never leaves a half file that looks whole.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

pub struct AtomicFile {
    final_path: PathBuf,
    partial_path: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    pub fn create(path: &Path) -> std::io::Result<Self> {
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial_path = PathBuf::from(partial);
        let file = File::create(&partial_path)?;
        Ok(Self {
            final_path: path.to_path_buf(),
            partial_path,
            writer: Some(BufWriter::with_capacity(1 << 16, file)),
        })
    }

    /// Reopen the partial file an interrupted run left, cut back to `length` bytes (what the
    /// last checkpoint recorded), to append to it.
    pub fn resume(path: &Path, length: u64) -> std::io::Result<Self> {
        use std::io::{Seek, SeekFrom};
        let mut partial = path.as_os_str().to_owned();
        partial.push(".partial");
        let partial_path = PathBuf::from(partial);
        let mut file = std::fs::OpenOptions::new().write(true).open(&partial_path)?;
        if file.metadata()?.len() < length {
            return Err(std::io::Error::other(format!(
                "{} is shorter than its checkpoint says ({length} bytes)",
                partial_path.display()
            )));
        }
        file.set_len(length)?;
        file.seek(SeekFrom::End(0))?;
        Ok(Self {
            final_path: path.to_path_buf(),
            partial_path,
            writer: Some(BufWriter::with_capacity(1 << 16, file)),
        })
    }

    /// Flush what is buffered and return the partial file's length.
    pub fn flushed_len(&mut self) -> std::io::Result<u64> {
        let w = self.writer();
        w.flush()?;
        w.get_ref().sync_data()?;
        Ok(w.get_ref().metadata()?.len())
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
    pub fn commit(mut self) -> std::io::Result<()> {
        let writer = self.writer.take().expect("commit once");
        let file = writer.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        std::fs::rename(&self.partial_path, &self.final_path)
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = std::fs::remove_file(&self.partial_path);
        }
    }
}

/// Write a whole small file atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = AtomicFile::create(path)?;
    f.writer().write_all(bytes)?;
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
