//! Property tests (proptest) for files arena reads, through the binary: random bytes,
//! truncations and random edits of a valid file never panic or hang, and either work
//! (exit 0) or give a one-line error naming the file (exit 2).
//! Cases per file: `CASES` (each case runs the binary once or twice).

use crate::common;
use common::arena;

use std::path::{Path, PathBuf};
use std::process::Output;

use proptest::prelude::*;

const CASES: u32 = 24;

/// Exit 0, or exit 2 with one line on stderr naming `file`; never a panic or an abort.
fn assert_clean(o: &Output, file: &str) -> Result<(), TestCaseError> {
    let err = String::from_utf8_lossy(&o.stderr);
    prop_assert!(!err.contains("panicked"), "panic: {}", err);
    match o.status.code() {
        Some(0) => Ok(()),
        Some(2) => {
            prop_assert_eq!(err.trim().lines().count(), 1, "not one line: {}", err);
            prop_assert!(err.contains(file), "`{}` not named: {}", file, err);
            Ok(())
        }
        other => Err(TestCaseError::fail(format!("exit {other:?}: {err}"))),
    }
}

/// A change to a valid file: cut it, flip a byte, or put random bytes in a place.
#[derive(Clone, Debug)]
enum Edit {
    Truncate(prop::sample::Index),
    Flip(prop::sample::Index, u8),
    Splice(prop::sample::Index, Vec<u8>),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<prop::sample::Index>().prop_map(Edit::Truncate),
        (any::<prop::sample::Index>(), 1u8..=255).prop_map(|(i, x)| Edit::Flip(i, x)),
        (any::<prop::sample::Index>(), prop::collection::vec(any::<u8>(), 1..12))
            .prop_map(|(i, b)| Edit::Splice(i, b)),
    ]
}

fn apply(bytes: &[u8], e: &Edit) -> Vec<u8> {
    let mut b = bytes.to_vec();
    match e {
        Edit::Truncate(i) => b.truncate(i.index(bytes.len().max(1))),
        Edit::Flip(i, x) => {
            let at = i.index(b.len());
            b[at] ^= x;
        }
        Edit::Splice(i, new) => {
            let at = i.index(b.len());
            let end = (at + new.len()).min(b.len());
            b.splice(at..end, new.iter().copied());
        }
    }
    b
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
        }
    }
}

/// A run paused after its first block, made once per test.
fn paused_run(tmp: &Path) -> PathBuf {
    let dir = tmp.join("paused");
    let o = arena(&[
        "run",
        "--quiet",
        "--game",
        "pig",
        "--matches",
        "2000",
        "--threads",
        "1",
        "--time-limit",
        "0",
        "--per-match",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(4));
    dir
}

proptest! {
    // The same cases on every run and machine (a failure in CI replays here), and no
    // regression files written into the source tree.
    #![proptest_config(ProptestConfig {
        cases: CASES,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xA4E4A),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn props_experiment_files_of_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("exp.toml");
        std::fs::write(&file, &bytes).unwrap();
        let out = tmp.path().join("out");
        let o = arena(&["run", "--quiet", "--experiment", file.to_str().unwrap(), "--matches", "20",
            "--game", "pig", "--out", out.to_str().unwrap()]);
        assert_clean(&o, "exp.toml")?;
    }

    #[test]
    fn props_experiment_file_edits(e in edit()) {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("exp.toml");
        let valid = b"game = \"pig\"\nmatches = 30\nseed = 4\nthreads = 1\n[set]\ntarget = 40\n";
        std::fs::write(&file, apply(valid, &e)).unwrap();
        let out = tmp.path().join("out");
        // An edit may leave a valid experiment of any size (an empty file is the default
        // experiment: every game): it is paused after its first blocks (exit 4), honoured.
        let args = ["run", "--quiet", "--experiment", file.to_str().unwrap(), "--out",
            out.to_str().unwrap()];
        let (code, _, err) =
            common::start(&args, &[("ARENA_FAILPOINT", "boundary:2:stop")]).finish();
        // A valid edit may name a game or key the message names instead of the file.
        prop_assert!(!err.contains("panicked"), "{}", err);
        prop_assert!(matches!(code, Some(0 | 2 | 4)), "{:?}: {}", code, err);
        prop_assert!(code == Some(4) || err.trim().lines().count() <= 1, "{}", err);
    }

    #[test]
    fn props_rules_files_of_random_edits(e in edit()) {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("rules.toml");
        std::fs::write(&file, apply(b"game = \"pig\"\ntarget = 60\n", &e)).unwrap();
        let out = tmp.path().join("out");
        let o = arena(&["run", "--quiet", "--game", "pig", "--rules", file.to_str().unwrap(),
            "--matches", "20", "--out", out.to_str().unwrap()]);
        assert_clean(&o, "rules.toml")?;
    }

    #[test]
    fn props_variants_file_edits(e in edit()) {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("variants.toml");
        let valid = b"[[variant]]\ntarget = 50\n\n[[variant]]\ntarget = 70\n";
        std::fs::write(&file, apply(valid, &e)).unwrap();
        let out = tmp.path().join("out");
        let o = arena(&["sweep", "--quiet", "--game", "pig", "--variants", file.to_str().unwrap(),
            "--matches", "20", "--out", out.to_str().unwrap()]);
        // A valid edit may be refused for its values, by key rather than by file.
        let err = String::from_utf8_lossy(&o.stderr);
        prop_assert!(!err.contains("panicked"), "{}", err);
        prop_assert!(matches!(o.status.code(), Some(0) | Some(2)), "{:?}: {}", o.status, err);
        prop_assert!(err.trim().lines().count() <= 1, "{}", err);
    }

}

/// `CASES` edits of `file`, each made to a fresh copy of the folder `base` (made once per
/// test); `run` gives the command's output for the copy, which must be clean naming one of
/// `names`.
fn edits_of_a_copy(
    tmp: &Path,
    base: &Path,
    file: &str,
    run: impl Fn(&Path) -> Output,
    names: &[&str],
) {
    let valid = std::fs::read(base.join(file)).unwrap();
    let case = std::cell::Cell::new(0);
    runner()
        .run(&edit(), |e| {
            case.set(case.get() + 1);
            let dir = tmp.join(format!("{file}-case{}", case.get()));
            copy_dir(base, &dir);
            std::fs::write(dir.join(file), apply(&valid, &e)).unwrap();
            assert_clean_naming(&run(&dir), names)
        })
        .unwrap();
}

/// `CASES` edits of the file `path` (named `file` in messages), each made in place; `run`
/// gives the command's output, which must be clean naming the file.
fn edits_in_place(path: &Path, file: &str, run: impl Fn() -> Output) {
    let valid = std::fs::read(path).unwrap();
    runner()
        .run(&edit(), |e| {
            std::fs::write(path, apply(&valid, &e)).unwrap();
            assert_clean(&run(), file)
        })
        .unwrap();
}

fn resume(dir: &Path) -> Output {
    arena(&["run", "--quiet", "--resume", dir.to_str().unwrap()])
}

#[test]
fn props_checkpoint_edits_are_refused_or_harmless() {
    let tmp = tempfile::tempdir().unwrap();
    let base = paused_run(tmp.path());
    edits_of_a_copy(tmp.path(), &base, "checkpoint.json", resume, &["checkpoint.json"]);
}

#[test]
fn props_plan_json_edits_before_resume() {
    let tmp = tempfile::tempdir().unwrap();
    let base = paused_run(tmp.path());
    // An edit may make plan.json and the checkpoint disagree: either file may be named.
    edits_of_a_copy(tmp.path(), &base, "plan.json", resume, &["plan.json", "checkpoint.json"]);
}

/// A finished run of 100 Pig matches (no report) in `tmp/run`.
fn finished_run(tmp: &Path) -> PathBuf {
    common::finished(tmp, "run", "run", &["--no-report", "--game", "pig", "--matches", "100"])
}

#[test]
fn props_report_of_edited_seats_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = finished_run(tmp.path());
    edits_in_place(&dir.join("seats.csv"), "seats.csv", || {
        arena(&["report", dir.to_str().unwrap()])
    });
}

#[test]
fn props_manifest_edits_for_status() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = finished_run(tmp.path());
    let status = || arena(&["status", dir.to_str().unwrap()]);
    edits_in_place(&dir.join("manifest.json"), "manifest.json", status);
}

#[test]
fn props_ladder_state_edits_before_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = common::shard_dirs(
        tmp.path(),
        &["ladder", "--game", "pig", "--bots", "random,greedy", "--max-matches", "100"],
    );
    edits_before_merge(tmp.path(), &shards, "ladder_state.json");
}

/// The fixed-seed configuration of the tests below, which make their valid file once and
/// then run `CASES` edits of it through a `TestRunner` of their own.
fn runner() -> proptest::test_runner::TestRunner {
    proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: CASES,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xA4E4B),
        failure_persistence: None,
        ..ProptestConfig::default()
    })
}

/// Run `args` with `edited` written over `file` (a copy of a valid file), and check the
/// outcome: exit 0, or one line (naming `names`, one of them) with exit 2.
fn assert_clean_naming(o: &Output, names: &[&str]) -> Result<(), TestCaseError> {
    let err = String::from_utf8_lossy(&o.stderr);
    prop_assert!(!err.contains("panicked"), "panic: {}", err);
    match o.status.code() {
        Some(0) => Ok(()),
        Some(2) => {
            prop_assert_eq!(err.trim().lines().count(), 1, "not one line: {}", err);
            prop_assert!(
                names.iter().any(|n| err.contains(n)),
                "none of {:?} named: {}",
                names,
                err
            );
            Ok(())
        }
        other => Err(TestCaseError::fail(format!("exit {other:?}: {err}"))),
    }
}

/// Edits of the sheet file (Pride & Preju-Dice) and the card file (Love Actually), given as
/// rule values: refused naming the file (or a key of it), or played.
#[test]
fn props_sheet_and_card_file_edits() {
    let root = env!("CARGO_MANIFEST_DIR");
    for (game, key, source) in [
        ("pride-prejudice", "sheet", "configs/pride-prejudice/sheet.toml"),
        ("love-actually", "cards", "configs/love-actually/cards.toml"),
    ] {
        let valid = std::fs::read(Path::new(root).join(source)).unwrap();
        runner()
            .run(&edit(), |e| {
                let tmp = tempfile::tempdir().unwrap();
                let file = tmp.path().join(format!("{key}.toml"));
                std::fs::write(&file, apply(&valid, &e)).unwrap();
                let set = format!("{key}={}", file.display());
                let out = tmp.path().join("out");
                let o = arena(&[
                    "run",
                    "--quiet",
                    "--no-report",
                    "--game",
                    game,
                    "--set",
                    &set,
                    "--matches",
                    "8",
                    "--out",
                    out.to_str().unwrap(),
                ]);
                assert_clean_naming(&o, &[&format!("{key}.toml"), key])
            })
            .unwrap();
    }
}

/// The result files `arena report` reads, edited in a folder whose manifest keeps no record
/// of them (as a folder from before the record): the CSV reader itself must refuse by name or
/// draw, never panic.
#[test]
fn props_report_of_edited_result_files_without_a_record() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    let o = arena(&[
        "run",
        "--quiet",
        "--no-report",
        "--game",
        "dardz",
        "--matches",
        "60",
        "--out",
        run.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let sweep = tmp.path().join("sweep");
    let o = arena(&[
        "sweep",
        "--quiet",
        "--no-report",
        "--game",
        "pig",
        "--vary",
        "target=50,60",
        "--matches",
        "40",
        "--out",
        sweep.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let ladder = tmp.path().join("ladder");
    let o = arena(&[
        "ladder",
        "--quiet",
        "--game",
        "tictactoe",
        "--bots",
        "random,greedy",
        "--max-matches",
        "100",
        "--out",
        ladder.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let files = [
        (&run, "lengths.csv"),
        (&run, "histograms.csv"),
        (&run, "metrics.csv"),
        (&run, "ratings.csv"),
        (&run, "difference.csv"),
        (&run, "verdict.txt"),
        (&sweep, "sweep.csv"),
        (&sweep, "sweep_diff.csv"),
        (&ladder, "ladder.csv"),
        (&ladder, "ladder_figures.csv"),
    ];
    for dir in [&run, &sweep, &ladder] {
        for name in ["manifest.json", "ladder.json"] {
            let path = dir.join(name);
            if let Ok(text) = std::fs::read_to_string(&path) {
                let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
                json.as_object_mut().unwrap().remove("file_digests");
                std::fs::write(&path, serde_json::to_vec_pretty(&json).unwrap()).unwrap();
            }
        }
    }
    for (dir, file) in files {
        let path = dir.join(file);
        let Ok(valid) = std::fs::read(&path) else { continue };
        runner()
            .run(&edit(), |e| {
                std::fs::write(&path, apply(&valid, &e)).unwrap();
                let o = arena(&["report", dir.to_str().unwrap()]);
                assert_clean(&o, file)
            })
            .unwrap();
        std::fs::write(&path, &valid).unwrap();
    }
}

/// A run shard's tally.json, edited before `arena merge`: refused naming it, or merged.
#[test]
fn props_shard_tally_edits_before_merge() {
    let tmp = tempfile::tempdir().unwrap();
    let shards = common::shard_dirs(tmp.path(), &["run", "--game", "pig", "--matches", "200"]);
    edits_before_merge(tmp.path(), &shards, "tally.json");
}

/// Edits of the second shard's `file`, each followed by `arena merge` of the two shards into a
/// new folder under `tmp`: refused naming the file, or merged.
fn edits_before_merge(tmp: &Path, shards: &[PathBuf], file: &str) {
    let path = shards[1].join(file);
    let valid = std::fs::read(&path).unwrap();
    let case = std::cell::Cell::new(0);
    runner()
        .run(&edit(), |e| {
            std::fs::write(&path, apply(&valid, &e)).unwrap();
            case.set(case.get() + 1);
            let merged = tmp.join(format!("merged-{file}-{}", case.get()));
            let (a, b) = (shards[0].to_str().unwrap(), shards[1].to_str().unwrap());
            let o = arena(&["merge", "--out", merged.to_str().unwrap(), a, b]);
            assert_clean(&o, file)
        })
        .unwrap();
}

/// A run folder's manifest.json, edited before `arena trace --from` replays a match of it.
#[test]
fn props_manifest_edits_before_trace_from() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let o = arena(&[
        "run",
        "--quiet",
        "--no-report",
        "--game",
        "trice",
        "--matches",
        "20",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let manifest = dir.join("manifest.json");
    let valid = std::fs::read(&manifest).unwrap();
    runner()
        .run(&edit(), |e| {
            std::fs::write(&manifest, apply(&valid, &e)).unwrap();
            let o = arena(&["trace", "--from", dir.to_str().unwrap(), "--match", "3"]);
            assert_clean(&o, "manifest.json")
        })
        .unwrap();
}

/// A paused sweep's sweep_checkpoint.json, edited before `--resume`: refused naming it, or
/// continued. A continued sweep pauses itself after its first block (exit 4: it honoured the
/// file and played), so a huge `end` written into the file is honoured without a time-out.
#[test]
fn props_sweep_checkpoint_edits_before_resume() {
    use crate::pause_resume::{SWEEP, pause_after_first_block};
    let tmp = tempfile::tempdir().unwrap();
    let base = tmp.path().join("paused");
    pause_after_first_block(
        &[&["sweep", "--out", base.to_str().unwrap()], &SWEEP[..], &["1"]].concat(),
    );
    let valid = std::fs::read(base.join("sweep_checkpoint.json")).unwrap();
    let case = std::cell::Cell::new(0);
    runner()
        .run(&edit(), |e| {
            case.set(case.get() + 1);
            let dir = tmp.path().join(format!("case{}", case.get()));
            copy_dir(&base, &dir);
            std::fs::write(dir.join("sweep_checkpoint.json"), apply(&valid, &e)).unwrap();
            let resume = ["sweep", "--quiet", "--resume", dir.to_str().unwrap()];
            let hook = [("ARENA_FAILPOINT", "boundary:2:stop")];
            let (code, _, err) = common::start(&resume, &hook).finish();
            prop_assert!(!err.contains("panicked"), "panic: {}", err);
            match code {
                Some(0 | 4) => Ok(()),
                Some(2) => {
                    prop_assert_eq!(err.trim().lines().count(), 1, "not one line: {}", err);
                    prop_assert!(err.contains("sweep_checkpoint.json"), "not named: {}", err);
                    Ok(())
                }
                other => Err(TestCaseError::fail(format!("exit {other:?}: {err}"))),
            }
        })
        .unwrap();
}

/// A paused run's status.json (what `arena status` reads while a run is under way), and a
/// sweep shard's sweep_tally.json before `arena merge`.
#[test]
fn props_status_json_and_sweep_tally_edits() {
    let tmp = tempfile::tempdir().unwrap();
    let base = paused_run(tmp.path());
    let status = base.join("status.json");
    let valid = std::fs::read(&status).unwrap();
    runner()
        .run(&edit(), |e| {
            std::fs::write(&status, apply(&valid, &e)).unwrap();
            let o = arena(&["status", base.to_str().unwrap()]);
            assert_clean(&o, "status.json")
        })
        .unwrap();

    let shards = common::shard_dirs(
        tmp.path(),
        &["sweep", "--game", "pig", "--vary", "target=50,60", "--matches", "100"],
    );
    edits_before_merge(tmp.path(), &shards, "sweep_tally.json");
}

/// A JSON trace file (`arena trace --format json`), edited before `arena view --trace` draws
/// it: refused in one line naming the file (exit 2, nothing written), or drawn.
#[test]
fn props_trace_file_edits_before_view() {
    let tmp = tempfile::tempdir().unwrap();
    let o = arena(&["trace", "--game", "pig", "--seed", "3", "--match", "1", "--format", "json"]);
    assert!(o.status.success());
    let valid = o.stdout;
    let file = tmp.path().join("match.jsonl");
    let case = std::cell::Cell::new(0);
    runner()
        .run(&edit(), |e| {
            std::fs::write(&file, apply(&valid, &e)).unwrap();
            case.set(case.get() + 1);
            let page = tmp.path().join(format!("page{}.html", case.get()));
            let o = arena(&[
                "view",
                "--trace",
                file.to_str().unwrap(),
                "--out",
                page.to_str().unwrap(),
            ]);
            if o.status.code() == Some(2) {
                prop_assert!(!page.exists(), "a refused trace leaves no page");
            }
            assert_clean(&o, "match.jsonl")
        })
        .unwrap();
}
