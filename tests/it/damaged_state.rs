//! State files carry a checksum of their content, so a changed
//! digit in a checkpoint, a ladder's state or a sweep's checkpoint or shard tally is refused
//! with the file named (exit 2) instead of flowing into the results; and the kept prefix of
//! `matches.csv.partial` is checked against the checkpoint before a resume appends to it.

use crate::common::{assert_refused, stderr};

use crate::common;
use common::arena;

use std::path::{Path, PathBuf};
use std::process::Output;

/// Change the first digit after the first `"key":` in `path` (9 becomes 0, others go up).
fn change_digit_after(path: &Path, key: &str) {
    let mut bytes = std::fs::read(path).unwrap();
    let needle = format!("\"{key}\":");
    let at = String::from_utf8_lossy(&bytes)
        .find(&needle)
        .unwrap_or_else(|| panic!("no {needle} in {}", path.display()));
    let d = at + bytes[at..].iter().position(u8::is_ascii_digit).unwrap();
    bytes[d] = if bytes[d] == b'9' { b'0' } else { bytes[d] + 1 };
    std::fs::write(path, bytes).unwrap();
}

const RUN: [&str; 8] = ["--game", "pig", "--matches", "6000", "--seed", "3", "--threads", "1"];

/// A run paused after its first block (`--time-limit 0`), with a checkpoint.
fn paused_run(dir: &Path, per_match: bool) {
    let mut args = vec!["run", "--quiet", "--time-limit", "0", "--out", dir.to_str().unwrap()];
    args.extend(RUN);
    if per_match {
        args.push("--per-match");
    }
    let o = arena(&args);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
}

fn resume(dir: &Path) -> Output {
    arena(&["run", "--quiet", "--resume", dir.to_str().unwrap()])
}

#[test]
fn a_checkpoint_with_a_changed_digit_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("cp");
    paused_run(&dir, false);
    let cp = dir.join("checkpoint.json");
    let original = std::fs::read(&cp).unwrap();
    change_digit_after(&cp, "wins");
    assert_refused(&resume(&dir), &[&cp.display().to_string(), "checksum"]);
    assert!(!dir.join("seats.csv").exists(), "nothing written from a damaged checkpoint");
    std::fs::write(&cp, original).unwrap();
    let o = resume(&dir);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_damaged_prefix_of_matches_csv_partial_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("pm");
    paused_run(&dir, true);
    let partial = dir.join("matches.csv.partial");
    let original = std::fs::read(&partial).unwrap();
    assert!(original.len() > 200, "the first block's rows are kept");
    // Overwrite a few bytes in the middle of the rows the checkpoint vouches for.
    let mut damaged = original.clone();
    let mid = damaged.len() / 2;
    damaged[mid..mid + 3].copy_from_slice(b"999");
    assert_ne!(damaged, original);
    std::fs::write(&partial, &damaged).unwrap();
    assert_refused(&resume(&dir), &[&partial.display().to_string(), "CRC-32"]);
    assert!(!dir.join("matches.csv").exists() && !dir.join("manifest.json").exists());
    // The undamaged file continues to the same bytes as a run never paused.
    std::fs::write(&partial, &original).unwrap();
    let o = resume(&dir);
    assert!(o.status.success(), "{}", stderr(&o));
    let whole = tmp.path().join("whole");
    let mut args = vec!["run", "--quiet", "--per-match", "--out", whole.to_str().unwrap()];
    args.extend(RUN);
    assert!(arena(&args).status.success());
    common::assert_same_results(&whole, &dir);
}

fn merge(tmp: &Path, name: &str, shards: &[PathBuf]) -> Output {
    let out = tmp.join(name);
    let mut args = vec!["merge", "--out", out.to_str().unwrap()];
    args.extend(shards.iter().map(|s| s.to_str().unwrap()));
    arena(&args)
}

#[test]
fn a_ladder_state_with_a_changed_digit_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let ladder = ["ladder", "--game", "pig", "--bots", "random,greedy", "--max-matches", "200"];
    let shards = common::shard_dirs(tmp.path(), &ladder);
    let state = shards[1].join("ladder_state.json");
    let original = std::fs::read(&state).unwrap();
    change_digit_after(&state, "matches");
    assert_refused(&merge(tmp.path(), "m1", &shards), &[&state.display().to_string(), "checksum"]);
    std::fs::write(&state, original).unwrap();
    let o = merge(tmp.path(), "m2", &shards);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_sweep_tally_with_a_changed_digit_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let sweep = ["sweep", "--game", "pig", "--vary", "target=50,60", "--matches", "400"];
    let shards = common::shard_dirs(tmp.path(), &sweep);
    let tally = shards[0].join("sweep_tally.json");
    let original = std::fs::read(&tally).unwrap();
    change_digit_after(&tally, "wins");
    assert_refused(&merge(tmp.path(), "m1", &shards), &[&tally.display().to_string(), "checksum"]);
    std::fs::write(&tally, original).unwrap();
    let o = merge(tmp.path(), "m2", &shards);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_run_shard_tally_with_a_changed_digit_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = common::shard_dirs(tmp.path(), &["run", "--game", "pig", "--matches", "400"]);
    let tally = shards[0].join("tally.json");
    let original = std::fs::read(&tally).unwrap();
    // Once written and read without a checksum: a changed count was merged in.
    change_digit_after(&tally, "wins");
    assert_refused(&merge(tmp.path(), "m1", &shards), &[&tally.display().to_string(), "checksum"]);
    // An older arena's tally (its content with no checksum) is refused in one line too.
    let wrapped: serde_json::Value = serde_json::from_slice(&original).unwrap();
    std::fs::write(&tally, serde_json::to_vec(&wrapped["content"]).unwrap()).unwrap();
    assert_refused(&merge(tmp.path(), "m3", &shards), &["an older arena wrote none"]);
    std::fs::write(&tally, original).unwrap();
    let o = merge(tmp.path(), "m2", &shards);
    assert!(o.status.success(), "{}", stderr(&o));
}
