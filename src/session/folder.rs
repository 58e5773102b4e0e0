//! Result folders and who owns them. A run writes only into a folder that is new or empty
//! (or, resuming, the folder of its own interrupted run), and holds an exclusive lock on
//! `.arena.lock` inside it for as long as it runs: a second run into the same folder is
//! refused at once, while a crashed run's lock dies with its process (the kernel releases
//! it), so `--resume` can take the folder over. Automatic folder names carry a UTC timestamp
//! and are claimed atomically, so two runs started in the same second never share one.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use crate::core::job_record::{LadderRecord, PlanRecord, read_record};
use crate::core::layout::{FolderKind, LADDER_FILE, MANIFEST, PLAN_FILE, REPORT_HTML, TUNE_FILE};
use crate::output::atomic::NOT_OURS;
use crate::output::{io_failure, io_refusal};
use crate::session::input::input;

/// The lock file inside a result folder.
pub const LOCK_FILE: &str = ".arena.lock";

/// Exclusive ownership of a result folder; released (and the lock file removed) on drop.
#[derive(Debug)]
pub struct FolderLock {
    file: Option<File>,
    path: PathBuf,
}

impl FolderLock {
    /// Take the folder `dir` (which must exist), or say who holds it.
    pub fn acquire(dir: &Path) -> anyhow::Result<FolderLock> {
        let path = dir.join(LOCK_FILE);
        // O_NOFOLLOW: a lock file planted as a link to a file elsewhere is refused (ELOOP),
        // never truncated and written through.
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .custom_flags(libc::O_NOFOLLOW)
            .open(&path)
            .map_err(|e| match e.raw_os_error() {
                Some(libc::ELOOP) => io_refusal("opening", &path, NOT_OURS),
                _ => io_failure("opening", &path, e),
            })?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(in_use(dir, &mut file)),
            Err(std::fs::TryLockError::Error(e)) => return Err(io_failure("locking", &path, e)),
        }
        // Who holds it, for the message a second run prints.
        let who = format!("pid {}, started {} UTC", std::process::id(), timestamp());
        file.set_len(0)
            .and_then(|()| file.write_all(who.as_bytes()))
            .map_err(|e| io_failure("writing", &path, e))?;
        Ok(FolderLock { file: Some(file), path })
    }
}

/// Refuse at once if another arena run holds `dir`, without taking or changing anything:
/// `--resume` asks this before reading the folder's files, which a run that is still
/// starting may not have written yet.
pub fn refuse_if_in_use(dir: &Path) -> anyhow::Result<()> {
    let probe =
        OpenOptions::new().read(true).custom_flags(libc::O_NOFOLLOW).open(dir.join(LOCK_FILE));
    let Ok(mut file) = probe else {
        return Ok(()); // no lock file: nobody holds the folder
    };
    match file.try_lock() {
        Err(std::fs::TryLockError::WouldBlock) => Err(in_use(dir, &mut file)),
        // Free (dropping the handle releases the probe's lock) or unlockable: `acquire`
        // decides later, with the error it names.
        _ => Ok(()),
    }
}

/// The error for a folder that another run holds, naming the holder from the lock file.
fn in_use(dir: &Path, lock_file: &mut File) -> anyhow::Error {
    let mut holder = String::new();
    let _ = lock_file.read_to_string(&mut holder);
    let holder = holder.trim();
    let then = match resume_advice(dir) {
        Some(command) => format!(", then `{command}`"),
        None => String::new(),
    };
    input(format!(
        "{} is in use by another arena run ({}); wait for it to finish or stop it{then}",
        dir.display(),
        if holder.is_empty() { "starting" } else { holder },
    ))
}

/// The command that continues the work in `dir`, from the kind of job its records say (a
/// merge is not continued: it is made again from its shards).
pub fn resume_advice(dir: &Path) -> Option<String> {
    let kind = FolderKind::of(dir).filter(|k| *k != FolderKind::Results)?;
    Some(resume_line(kind, dir))
}

/// The line that continues a job of `kind` in `dir`: `arena sweep --resume DIR`.
pub fn resume_line(kind: FolderKind, dir: &Path) -> String {
    format!("arena {} --resume {}", kind.command(), dir.display())
}

/// The kind of job (`run`, `run shard`, `sweep`, `ladder`, `tune`) whose finished results `dir` holds,
/// from the file each writes last. A default experiment's folder has no manifest of its
/// own: its report, written once every game and the skill check are done, marks it finished
/// (one run with `--no-report` then reads as unfinished, and gets the `--resume` advice,
/// which does no harm there).
fn finished_job(dir: &Path) -> Option<&'static str> {
    let has = |file: &str| dir.join(file).is_file();
    match FolderKind::of(dir)? {
        FolderKind::Tune => return has(TUNE_FILE).then_some("tune"),
        FolderKind::Sweep => return has(MANIFEST).then_some("sweep"),
        FolderKind::Ladder => {
            let file: LadderRecord = read_record(dir, LADDER_FILE).ok()?;
            return file.complete.then_some("ladder");
        }
        FolderKind::Results => return None,
        FolderKind::Run if !(has(MANIFEST) || has(REPORT_HTML)) => return None,
        FolderKind::Run => {}
    }
    // A shard cannot be extended (its range of matches depends on the run's total).
    let plan: PlanRecord = read_record(dir, PLAN_FILE).ok()?;
    let shard = plan.request.and_then(|r| r.shard).is_some_and(|s| !s.is_null());
    Some(if shard { "run shard" } else { "run" })
}

impl Drop for FolderLock {
    fn drop(&mut self) {
        // Remove the file while still holding the lock, so that nobody can lock the old
        // file after a newcomer created a fresh one.
        let _ = std::fs::remove_file(&self.path);
        drop(self.file.take());
    }
}

/// Prepare a new run's folder: create it if needed and lock it; it must then hold nothing
/// but the lock. Returns the lock and whether this call created the folder.
pub fn prepare_out_dir(dir: &Path) -> anyhow::Result<(FolderLock, bool)> {
    let existed = dir.exists();
    if existed && !dir.is_dir() {
        return Err(input(format!("output folder {} is a file", dir.display())));
    }
    if !existed {
        std::fs::create_dir_all(dir)
            .map_err(|e| input(format!("cannot create output folder {}: {e}", dir.display())))?;
    }
    let lock = FolderLock::acquire(dir).inspect_err(|_| {
        if !existed {
            let _ = std::fs::remove_dir(dir);
        }
    })?;
    let entries = std::fs::read_dir(dir)
        .map_err(|e| input(format!("cannot read output folder {}: {e}", dir.display())))?;
    let others = entries.filter_map(Result::ok).any(|e| e.file_name() != LOCK_FILE);
    if others {
        // `--resume` of a finished job has nothing left to do, so a finished folder gets
        // the ways forward that do something: a new folder, or more matches where the
        // command can add them.
        let (what, then) = match (finished_job(dir), resume_advice(dir)) {
            (Some(kind @ ("run" | "sweep")), Some(command)) => (
                format!("the files of a finished {kind}"),
                format!(
                    ", or play more matches into it with `{command} --matches N`, N above the matches it played"
                ),
            ),
            (Some(kind), _) => (format!("the files of a finished {kind}"), String::new()),
            (None, Some(command)) => {
                ("files".to_string(), format!(", or continue its work with `{command}`"))
            }
            (None, None) => ("files".to_string(), String::new()),
        };
        return Err(input(format!(
            "output folder {} already holds {what}; choose a new --out or empty it{then}",
            dir.display(),
        )));
    }
    Ok((lock, !existed))
}

/// Claim a new job's folder, `out` (new or empty) or a fresh `results/<stem>`, locked, with
/// its request file `file` (`bytes`) written before anything else, so that the folder says
/// from the start what it holds and how `--resume` continues it. A folder this claimed is
/// removed again when the request cannot be written.
pub fn claim_job_folder(
    out: Option<&Path>,
    stem: &str,
    file: &str,
    bytes: &[u8],
) -> anyhow::Result<(PathBuf, FolderLock)> {
    let root = match out {
        Some(dir) => dir.to_path_buf(),
        None => claim_new_dir(Path::new("results"), stem)?,
    };
    let (lock, created) = prepare_out_dir(&root)?;
    if let Err(e) = crate::output::write_atomic(&root.join(file), bytes) {
        drop(lock);
        if created || out.is_none() {
            let _ = std::fs::remove_dir_all(&root);
        }
        return Err(e);
    }
    Ok((root, lock))
}

/// The request file `file` of the job folder `dir`, to continue it: refused in one line
/// when another process holds the folder, when it has no such file (`what` names the kind
/// of folder it is not) or one arena cannot read.
pub fn read_job_request<T: serde::de::DeserializeOwned>(
    dir: &Path,
    file: &str,
    what: &str,
) -> anyhow::Result<T> {
    refuse_if_in_use(dir)?;
    let path = dir.join(file);
    let bytes = std::fs::read(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            input(format!("{} has no {file}: it is not {what} folder", dir.display()))
        } else {
            io_failure("reading", &path, e)
        }
    })?;
    serde_json::from_slice(&bytes)
        .map_err(|e| input(format!("{}: not a file arena can read: {e}", path.display())))
}

/// Claim a new folder `<parent>/<stem>`, or `<stem>-2`, `<stem>-3`, ... if that exists:
/// `create_dir` either creates the folder or fails, so two runs never claim the same one.
pub fn claim_new_dir(parent: &Path, stem: &str) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(parent).map_err(|e| io_failure("creating", parent, e))?;
    for n in 1u32.. {
        let name = if n == 1 { stem.to_string() } else { format!("{stem}-{n}") };
        let dir = parent.join(name);
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io_failure("creating", &dir, e)),
        }
    }
    unreachable!("a free folder name exists")
}

/// UTC timestamp for default folder names: 20261122-031500.
pub fn timestamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}{m:02}{d:02}-{:02}{:02}{:02}", rest / 3600, rest % 3600 / 60, rest % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamp_shape() {
        let t = timestamp();
        assert_eq!(t.len(), 15);
        assert!(t.starts_with("20"));
    }

    #[test]
    fn a_folder_with_files_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (lock, created) = prepare_out_dir(&dir.path().join("new")).unwrap();
        assert!(created);
        drop(lock);
        std::fs::write(dir.path().join("new/x"), b"").unwrap();
        let err = prepare_out_dir(&dir.path().join("new")).unwrap_err();
        assert!(err.to_string().contains("already holds files"), "{err}");
    }

    #[test]
    fn a_finished_folder_is_not_sent_to_a_resume_with_nothing_to_do() {
        let dir = tempfile::tempdir().unwrap();
        let refusal = |files: &[(&str, &str)]| {
            let d = tempfile::tempdir_in(dir.path()).unwrap().keep();
            for (name, text) in files {
                std::fs::write(d.join(name), text).unwrap();
            }
            prepare_out_dir(&d).unwrap_err().to_string()
        };
        let plan = r#"{"request": {"shard": null}}"#;
        let err = refusal(&[(PLAN_FILE, plan)]);
        assert!(err.contains("holds files;") && err.contains("continue its work with"), "{err}");
        let err = refusal(&[(PLAN_FILE, plan), (MANIFEST, "{}")]);
        assert!(err.contains("of a finished run;"), "{err}");
        assert!(err.contains("--resume") && err.contains("--matches N`"), "{err}");
        let shard = r#"{"request": {"shard": {"index": 0, "count": 2}}}"#;
        let err = refusal(&[(PLAN_FILE, shard), (MANIFEST, "{}")]);
        assert!(err.contains("of a finished run shard;") && !err.contains("--resume"), "{err}");
        let err = refusal(&[(LADDER_FILE, r#"{"complete": true}"#)]);
        assert!(err.contains("of a finished ladder;") && !err.contains("--resume"), "{err}");
        let err = refusal(&[(LADDER_FILE, r#"{"complete": false}"#)]);
        assert!(err.contains("arena ladder --resume"), "{err}");
    }

    #[test]
    fn a_locked_folder_is_refused_until_released() {
        let dir = tempfile::tempdir().unwrap();
        let first = FolderLock::acquire(dir.path()).unwrap();
        let err = FolderLock::acquire(dir.path()).unwrap_err();
        assert!(err.to_string().contains("in use by another arena run (pid"), "{err}");
        drop(first);
        assert!(!dir.path().join(LOCK_FILE).exists());
        FolderLock::acquire(dir.path()).unwrap();
    }

    #[test]
    fn the_probe_refuses_a_held_folder_and_leaves_a_free_one_untouched() {
        let dir = tempfile::tempdir().unwrap();
        refuse_if_in_use(dir.path()).unwrap(); // no lock file at all
        let held = FolderLock::acquire(dir.path()).unwrap();
        let err = refuse_if_in_use(dir.path()).unwrap_err();
        assert!(err.to_string().contains("in use by another arena run (pid"), "{err}");
        drop(held);
        std::fs::write(dir.path().join(LOCK_FILE), "pid 1").unwrap(); // a crashed run's
        refuse_if_in_use(dir.path()).unwrap();
        FolderLock::acquire(dir.path()).unwrap();
    }

    #[test]
    fn claimed_names_never_repeat() {
        let dir = tempfile::tempdir().unwrap();
        let a = claim_new_dir(dir.path(), "t").unwrap();
        let b = claim_new_dir(dir.path(), "t").unwrap();
        assert_eq!(a.file_name().unwrap(), "t");
        assert_eq!(b.file_name().unwrap(), "t-2");
    }
}
