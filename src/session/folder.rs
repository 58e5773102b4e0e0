//! Result folders: a new run writes only into a folder that is new or empty and writable,
//! checked before any match is played; default folder names carry a UTC timestamp.

use std::path::Path;

use crate::session::input::input;

/// Prepare an output folder: it must be new or empty, and writable. Returns whether this
/// call created it (so a failure can remove it again).
pub fn prepare_out_dir(dir: &Path) -> anyhow::Result<bool> {
    let existed = dir.exists();
    if existed {
        if !dir.is_dir() {
            return Err(input(format!("output folder {} is a file", dir.display())));
        }
        let mut entries = std::fs::read_dir(dir)
            .map_err(|e| input(format!("cannot read output folder {}: {e}", dir.display())))?;
        if entries.next().is_some() {
            return Err(input(format!(
                "output folder {} already holds files; choose a new --out or empty it",
                dir.display()
            )));
        }
    } else {
        std::fs::create_dir_all(dir)
            .map_err(|e| input(format!("cannot create output folder {}: {e}", dir.display())))?;
    }
    let probe = dir.join(".arena-write-probe");
    if let Err(e) = std::fs::write(&probe, b"") {
        if !existed {
            let _ = std::fs::remove_dir(dir);
        }
        return Err(input(format!("output folder {} is not writable: {e}", dir.display())));
    }
    let _ = std::fs::remove_file(&probe);
    Ok(!existed)
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
        assert!(prepare_out_dir(&dir.path().join("new")).unwrap());
        std::fs::write(dir.path().join("new/x"), b"").unwrap();
        let err = prepare_out_dir(&dir.path().join("new")).unwrap_err();
        assert!(err.to_string().contains("already holds files"), "{err}");
    }
}
