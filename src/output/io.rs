//! File-system errors that name what failed: every I/O error of a run says the operation and
//! the path ("writing results/x/seats.csv: disk full (No space left on device)"), so that a
//! designer reading an overnight log knows which file and what to do. Also the fault
//! injection points (`ARENA_FAILPOINT`) that the integration tests use to prove that every
//! crash point and a full disk leave a folder `--resume` can continue.

use std::path::Path;
use std::sync::OnceLock;

/// An I/O operation that failed, with its path.
#[derive(Debug, thiserror::Error)]
#[error("{operation} {path}: {reason}")]
pub struct IoFailure {
    pub operation: &'static str,
    pub path: String,
    pub reason: String,
    /// Whether the device (or a quota) is full: freeing space and resuming will work.
    pub disk_full: bool,
    /// Whether arena refused the file as given (a symbolic link it did not create): bad
    /// input to mend in the folder, not a fault of the run.
    pub refused: bool,
}

/// Refuse `path` for `operation`: what stands there is not arena's to write (a link it did
/// not create). The command line reports it as bad input (exit 2).
pub fn io_refusal(operation: &'static str, path: &Path, reason: &str) -> anyhow::Error {
    let (path, reason) = (path.display().to_string(), reason.to_string());
    IoFailure { operation, path, reason, disk_full: false, refused: true }.into()
}

/// Whether `e` (or a cause of it) is a refusal by [`io_refusal`].
pub fn is_refusal(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<IoFailure>().is_some_and(|f| f.refused))
}

/// Wrap `e`, which happened while `operation` (`"writing"`, `"reading"`, ...) `path`.
pub fn io_failure(operation: &'static str, path: &Path, e: std::io::Error) -> anyhow::Error {
    use std::io::ErrorKind;
    let disk_full = matches!(e.kind(), ErrorKind::StorageFull | ErrorKind::QuotaExceeded);
    let reason = if disk_full { format!("disk full ({e})") } else { e.to_string() };
    IoFailure { operation, path: path.display().to_string(), reason, disk_full, refused: false }
        .into()
}

/// The bytes of `path`, or `None` when there is no such file (a state file not yet written);
/// any other error names the path.
pub fn read_if_present(path: &Path) -> anyhow::Result<Option<Vec<u8>>> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io_failure("reading", path, e)),
    }
}

/// [`read_if_present`] for a file others may have replaced: anything but a regular file (a
/// FIFO would stall the reader forever, a device would never end) is refused naming it.
pub fn read_regular_if_present(path: &Path) -> anyhow::Result<Option<Vec<u8>>> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            Err(io_refusal("reading", path, "not a regular file (arena writes it as one)"))
        }
        _ => read_if_present(path),
    }
}

/// Whether `e` (or a cause of it) is a full disk.
pub fn is_disk_full(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<IoFailure>().is_some_and(|f| f.disk_full))
}

/// What an injected fault does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// The process dies on the spot, as with `kill -9` or a power cut.
    Crash,
    /// The write fails as on a full disk.
    DiskFull,
    /// The process says `arena: at NAME` on stderr and goes on: a moment a test can wait for.
    Say,
}

/// `ARENA_FAILPOINT=NAME:crash`, `NAME:disk-full` or `NAME:say` (read once). Only tests set
/// it; a run without it pays one comparison per fault point, and fault points sit at block
/// and file boundaries (and, in `arena play`, at a bot's decision or a refused request),
/// never per match of a run.
fn configured() -> Option<&'static (String, Fault)> {
    static FAULT: OnceLock<Option<(String, Fault)>> = OnceLock::new();
    FAULT
        .get_or_init(|| {
            let text = std::env::var("ARENA_FAILPOINT").ok()?;
            let (name, kind) = text.rsplit_once(':')?;
            let fault = match kind {
                "crash" => Fault::Crash,
                "disk-full" => Fault::DiskFull,
                "say" => Fault::Say,
                _ => return None,
            };
            Some((name.to_string(), fault))
        })
        .as_ref()
}

/// A fault injection point: does nothing unless `ARENA_FAILPOINT` names it.
pub fn failpoint(name: &str) -> std::io::Result<()> {
    match configured() {
        Some((n, Fault::Crash)) if n == name => std::process::abort(),
        Some((n, Fault::DiskFull)) if n == name => {
            Err(std::io::Error::from(std::io::ErrorKind::StorageFull))
        }
        Some((n, Fault::Say)) if n == name => {
            crate::errln!("arena: at {name}");
            Ok(())
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_disk_names_the_file_and_says_so() {
        let e = io_failure(
            "writing",
            Path::new("results/x/matches.csv.partial"),
            std::io::Error::from(std::io::ErrorKind::StorageFull),
        );
        let text = e.to_string();
        assert!(text.starts_with("writing results/x/matches.csv.partial: disk full"), "{text}");
        assert!(is_disk_full(&e));
        let other = io_failure("reading", Path::new("a"), std::io::Error::other("bad"));
        assert!(!is_disk_full(&other));
        assert_eq!(other.to_string(), "reading a: bad");
    }
}
