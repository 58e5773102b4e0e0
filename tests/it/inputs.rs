//! What a run read is recorded by its content, not its path (one record of inputs for
//! every command): a card file edited between a pause and its resume, or two shards run with the
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

/// The Love Actually card file in `dir` with one card's `take = 2` made `take = 1`: a small
/// edit that changes play, which a resume or a merge must not take for the same cards.
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

/// Two machines' copies of the same cards, in another folder and under another name:
/// `a/mycards.toml` and `b/cards-copy.toml`.
fn same_cards_twice() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    for (folder, name) in [("a", "mycards.toml"), ("b", "cards-copy.toml")] {
        std::fs::create_dir(tmp.path().join(folder)).unwrap();
        let to = tmp.path().join(folder).join(name);
        std::fs::copy("configs/love-actually/cards.toml", to).unwrap();
    }
    tmp
}

#[test]
fn shards_with_the_same_cards_under_other_names_merge_as_one_run() {
    let tmp = same_cards_twice();
    let play = |cards: &str, extra: &[&str]| {
        let set = format!("cards={cards}");
        let args = [&RUN[..4], &["--set", &set, "--matches", "200"], extra].concat();
        let o = arena_in(tmp.path(), &args, &[]);
        assert!(o.status.success(), "{}", stderr(&o));
    };
    play("a/mycards.toml", &["--shard", "0/2", "--out", "s0"]);
    play("b/cards-copy.toml", &["--shard", "1/2", "--out", "s1"]);
    play("a/mycards.toml", &["--out", "whole"]);
    // Once refused as "the content of the `cards` file ...: sha256 X -> sha256 X".
    let o = arena_in(tmp.path(), &["merge", "s0", "s1", "--out", "m"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    for csv in ["seats.csv", "balance.csv", "lengths.csv", "options.csv"] {
        let read = |dir: &str| std::fs::read(tmp.path().join(dir).join(csv)).unwrap();
        assert_eq!(read("m"), read("whole"), "{csv}: the merge is the whole run");
    }
    // Other content under another name is still refused, naming both digests.
    let edited = tmp.path().join("b/cards-copy.toml");
    let text = std::fs::read_to_string(&edited).unwrap();
    std::fs::write(&edited, text.replacen("take = 2", "take = 1", 1)).unwrap();
    std::fs::remove_dir_all(tmp.path().join("s1")).unwrap();
    play("b/cards-copy.toml", &["--shard", "1/2", "--out", "s1"]);
    let o = arena_in(tmp.path(), &["merge", "s0", "s1", "--out", "m2"], &[]);
    assert_refused(&o, &["the content of the `cards` file b/cards-copy.toml: sha256 "]);
}

#[test]
fn sweep_shards_with_the_same_cards_under_other_names_merge() {
    let tmp = same_cards_twice();
    let shard = |cards: &str, part: &str, out: &str| {
        let set = format!("cards={cards}");
        let args = ["sweep", "--quiet", "--game", "love-actually", "--set", &set, "--vary"];
        let rest = ["end_score=15,20", "--matches", "100", "--shard", part, "--out", out];
        let o = arena_in(tmp.path(), &[&args[..], &rest[..]].concat(), &[]);
        assert!(o.status.success(), "{}", stderr(&o));
    };
    shard("a/mycards.toml", "0/2", "s0");
    shard("b/cards-copy.toml", "1/2", "s1");
    let o = arena_in(tmp.path(), &["merge", "s0", "s1", "--out", "m"], &[]);
    assert!(o.status.success(), "the same cards under another name: {}", stderr(&o));
}

/// The SHA-256 of `path`, as `sha256sum` prints it.
fn sha256_of(path: &Path) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(std::fs::read(path).unwrap());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn every_kind_of_folder_records_the_files_it_read_by_content() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::copy("configs/love-actually/cards.toml", dir.join("mycards.toml")).unwrap();
    std::fs::copy("configs/pig.toml", dir.join("pig.toml")).unwrap();
    std::fs::write(
        dir.join("exp.toml"),
        "game = \"pig\"\nmatches = 200\nseed = 4\nrules = \"pig.toml\"\n",
    )
    .unwrap();
    let rules = sha256_of(&dir.join("pig.toml"));
    // A run from an experiment file: the experiment and the rules file it names.
    let o = arena_in(
        dir,
        &["run", "--quiet", "--no-report", "--experiment", "exp.toml", "--out", "r"],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let m = json(&dir.join("r/manifest.json"));
    assert_eq!(m["input_files"]["rules_file"]["sha256"], rules.as_str(), "{m}");
    assert_eq!(m["input_files"]["experiment"]["sha256"], sha256_of(&dir.join("exp.toml")).as_str());
    // A sweep: its rules file in the sweep's manifest.
    let sweep = ["sweep", "--quiet", "--no-report", "--game", "pig", "--rules", "pig.toml"];
    let args =
        [&sweep[..], &["--vary", "target=50,100", "--matches", "200", "--out", "s"]].concat();
    let o = arena_in(dir, &args, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let m = json(&dir.join("s/manifest.json"));
    assert_eq!(m["input_files"]["rules_file"]["sha256"], rules.as_str(), "{m}");
    // A ladder: its card file in the fingerprint (so an edit is refused on resume).
    let ladder = ["ladder", "--quiet", "--game", "love-actually", "--set", "cards=mycards.toml"];
    let args =
        [&ladder[..], &["--bots", "random,greedy", "--max-matches", "200", "--out", "l"]].concat();
    let o = arena_in(dir, &args, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let l = json(&dir.join("l/ladder.json"));
    let cards = sha256_of(&dir.join("mycards.toml"));
    assert_eq!(l["fingerprint"]["input_files"]["cards"]["sha256"], cards.as_str(), "{l}");
}
