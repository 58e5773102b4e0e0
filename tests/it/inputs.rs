//! What a run read is recorded by its content, not its path (issue 42, "one record of
//! inputs"): a card file edited between a pause and its resume, or two shards run with the
//! same path but other contents, are refused naming the file and both digests; a resume
//! from another directory, where the path names no file, is refused too.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{assert_refused, output_within, stderr};

fn arena_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    output_within(
        Command::new(env!("CARGO_BIN_EXE_arena"))
            .current_dir(dir)
            .args(args)
            .envs(env.iter().copied()),
    )
}

/// The Love Actually card file in `dir` with one card's `take = 2` made `take = 1` (the
/// issue's edit).
fn edit_a_card(dir: &Path) {
    let path = dir.join("mycards.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("take = 2"));
    std::fs::write(&path, text.replacen("take = 2", "take = 1", 1)).unwrap();
}

const RUN: [&str; 8] = [
    "run",
    "--quiet",
    "--game",
    "love-actually",
    "--set",
    "cards=mycards.toml",
    "--matches",
    "3000",
];

#[test]
fn an_edited_card_file_is_refused_on_resume_naming_both_digests() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::copy("configs/love-actually/cards.toml", tmp.path().join("mycards.toml")).unwrap();
    let o = arena_in(
        tmp.path(),
        &[&RUN[..], &["--out", "r"]].concat(),
        &[("ARENA_FAILPOINT", "boundary:2:stop")],
    );
    assert_eq!(o.status.code(), Some(4), "paused: {}", stderr(&o));
    let plan = std::fs::read_to_string(tmp.path().join("r/plan.json")).unwrap();
    assert!(plan.contains("\"input_files\"") && plan.contains("\"sha256\""), "{plan}");
    edit_a_card(tmp.path());
    let o = arena_in(tmp.path(), &["run", "--quiet", "--resume", "r"], &[]);
    assert_refused(&o, &["the content of the `cards` file mycards.toml: sha256 ", " -> sha256 "]);
    // From another directory the path names no file: refused, not run on other content.
    let elsewhere = tmp.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let o = arena_in(&elsewhere, &["run", "--quiet", "--resume", "../r"], &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!tmp.path().join("r/manifest.json").exists(), "the run was not finished");
}

#[test]
fn shards_of_the_same_path_with_other_contents_are_not_merged() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::copy("configs/love-actually/cards.toml", tmp.path().join("mycards.toml")).unwrap();
    let shard = |i: &str| {
        let (part, out) = (format!("{i}/2"), format!("s{i}"));
        let args = [&RUN[..6], &["--matches", "200", "--shard", &part, "--out", &out]].concat();
        let o = arena_in(tmp.path(), &args, &[]);
        assert!(o.status.success(), "{}", stderr(&o));
    };
    shard("0");
    edit_a_card(tmp.path());
    shard("1");
    let manifest = std::fs::read_to_string(tmp.path().join("s1/manifest.json")).unwrap();
    assert!(manifest.contains("\"input_files\""), "the manifest records the content read");
    let o = arena_in(tmp.path(), &["merge", "s0", "s1", "--out", "m"], &[]);
    assert_refused(
        &o,
        &[
            "s1 holds a shard of a different plan than s0",
            "the content of the `cards` file mycards.toml: sha256 ",
        ],
    );
    assert!(!tmp.path().join("m").exists(), "nothing merged");
}
