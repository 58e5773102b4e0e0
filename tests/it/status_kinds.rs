//! `arena status` the same for every kind of folder (each kind had drifted its own way): a
//! run is "running" while its process holds the folder's lock, not while some process has
//! its old PID; a parent folder lists every kind (a finished ladder included); a run shard
//! is labelled as a shard; a status file that is not a regular file is refused, not read.

use std::path::Path;

use crate::common::{self, arena, stderr};

fn status(dir: &Path) -> String {
    let o = arena(&["status", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A run paused at its second block (exit 4), its folder left as a paused run leaves it.
fn paused_run(dir: &Path) {
    let args = ["run", "--quiet", "--game", "pig", "--matches", "100000", "--out"];
    let o = common::output_within(
        std::process::Command::new(env!("CARGO_BIN_EXE_arena"))
            .args(args)
            .arg(dir)
            .env("ARENA_FAILPOINT", "boundary:2:stop"),
    );
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
}

/// The status file of a run whose process died by kill -9, with its PID now another
/// process's (this test's own, alive): "stopped", since nobody holds the folder's lock.
#[test]
fn a_dead_run_whose_pid_was_reused_is_stopped_not_running() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    paused_run(&dir);
    let path = dir.join("status.json");
    let mut st: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    st["state"] = "running".into();
    st["pid"] = std::process::id().into();
    std::fs::write(&path, st.to_string()).unwrap();
    let s = status(&dir);
    assert!(s.contains(": stopped") && s.contains("ended without a word"), "{s}");
    assert!(!s.contains("running"), "{s}");
}

#[test]
fn a_parent_folder_lists_every_kind_and_a_run_shard_says_it_is_one() {
    let tmp = tempfile::tempdir().unwrap();
    let parent = tmp.path();
    let ladder = parent.join("ladder");
    let o = arena(
        &["ladder", "--quiet", "--game", "pig", "--bots", "random,greedy"]
            .into_iter()
            .chain(["--max-matches", "200", "--out", ladder.to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let shard = parent.join("shard");
    let o = arena(
        &["run", "--quiet", "--game", "pig", "--matches", "100", "--shard", "0/2"]
            .into_iter()
            .chain(["--out", shard.to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let s = status(parent);
    assert!(s.contains("ladder (pig): finished"), "the finished ladder is listed: {s}");
    assert!(s.contains("shard (pig): finished") && s.contains("shard 0/2 of a run"), "{s}");
}

#[test]
fn a_status_file_that_is_a_fifo_is_refused_not_read() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("r");
    paused_run(&dir);
    let path = dir.join("status.json");
    std::fs::remove_file(&path).unwrap();
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let o = arena(&["status", dir.to_str().unwrap()]);
    common::assert_refused(&o, &["status.json", "not a regular file"]);
}
