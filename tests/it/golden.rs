//! Golden files: the complete output folder of a small fixed run of every game (the cases of
//! their own covering every bot kind and every seating; a game without one is played by the
//! standard case) and of the default experiment, committed under
//! `tests/golden/`, reproduced here byte for byte through the real binary.
//!
//! A change that alters any of these bytes changes results. If that is intended, regenerate
//! them in a commit of their own whose message says why:
//! `ARENA_BLESS_GOLDEN=1 cargo test --release --test it golden`.
//!
//! The manifest is compared without what legitimately differs between two runs of one plan:
//! timings (`elapsed_seconds`, `matches_per_second`), the git commit, the thread count, and
//! the output folder inside the recorded command line.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::arena;

/// One golden run: its folder name under tests/golden and the `arena run` arguments
/// (`--out`, `--quiet` and `--threads` are added). Every registered game has one: its own in
/// [`OWN_CASES`], or [`standard_case`].
pub(crate) struct Case {
    pub(crate) name: &'static str,
    threads: &'static str,
    pub(crate) args: &'static [&'static str],
}

const OWN_CASES: &[Case] = &[
    Case {
        name: "default-experiment",
        threads: "2",
        args: &["--matches", "600", "--seed", "5", "--per-match", "--skill-matches", "40"],
    },
    Case {
        name: "tictactoe",
        threads: "1",
        args: &[
            "--game",
            "tictactoe",
            "--bots",
            "mcts-100,greedy",
            "--matches",
            "100",
            "--seed",
            "11",
            "--per-match",
        ],
    },
    Case {
        name: "pig",
        threads: "2",
        args: &[
            "--game",
            "pig",
            "--bots",
            "greedy,mcts:iterations=60",
            "--seating",
            "permute",
            "--matches",
            "120",
            "--seed",
            "12",
            "--per-match",
            "--set",
            "target=60",
        ],
    },
    Case {
        name: "trice",
        threads: "2",
        args: &[
            "--game",
            "trice",
            "--bots",
            "greedy,mcts:iterations=40",
            "--matches",
            "60",
            "--seed",
            "13",
            "--per-match",
        ],
    },
    Case {
        name: "low-blow",
        threads: "2",
        args: &[
            "--game",
            "low-blow",
            "--players",
            "4",
            "--bots",
            "greedy:samples=4,random,mcts:iterations=20,random",
            "--matches",
            "24",
            "--seed",
            "14",
            "--per-match",
        ],
    },
    Case {
        name: "dardz",
        threads: "1",
        args: &[
            "--game",
            "dardz",
            "--players",
            "3",
            "--bots",
            "greedy:samples=4,mcts:iterations=20,random",
            "--matches",
            "18",
            "--seed",
            "15",
            "--per-match",
            "--set",
            "value_12=8",
        ],
    },
    Case {
        name: "pride-prejudice",
        threads: "2",
        args: &[
            "--game",
            "pride-prejudice",
            "--players",
            "3",
            "--bots",
            "greedy:samples=2,mcts:iterations=20,random",
            "--matches",
            "12",
            "--seed",
            "17",
            "--per-match",
        ],
    },
    Case {
        name: "dardz-fixed-8",
        threads: "2",
        args: &[
            "--game",
            "dardz",
            "--players",
            "8",
            "--seating",
            "fixed",
            "--matches",
            "200",
            "--seed",
            "16",
            "--per-match",
        ],
    },
    Case {
        name: "love-actually",
        threads: "2",
        args: &[
            "--game",
            "love-actually",
            "--players",
            "3",
            "--bots",
            "greedy:samples=4,mcts:iterations=20,random",
            "--matches",
            "30",
            "--seed",
            "18",
            "--per-match",
            "--set",
            "end_score=18",
        ],
    },
    Case {
        name: "low-blow-stopping",
        threads: "2",
        args: &[
            "--game",
            "low-blow",
            "--matches",
            "3000",
            "--until-ci",
            "0.2",
            "--check-every",
            "150",
            "--seed",
            "17",
        ],
    },
];

/// The case of a registered game that has none of its own: 40 matches of greedy against a
/// small MCTS with rotated seats, every match written.
fn standard_case(name: &'static str) -> Case {
    let args = vec![
        "--game",
        name,
        "--bots",
        "greedy:samples=4,mcts:iterations=20",
        "--matches",
        "40",
        "--seed",
        "19",
        "--per-match",
    ];
    Case { name, threads: "2", args: Box::leak(args.into_boxed_slice()) }
}

/// Every golden run: the cases of their own, then the standard case of each registered game
/// without one.
fn cases() -> Vec<Case> {
    let own = OWN_CASES.iter().map(|c| Case { name: c.name, threads: c.threads, args: c.args });
    let standard = arena::games::GAME_NAMES
        .iter()
        .filter(|name| !OWN_CASES.iter().any(|c| c.name == **name))
        .map(|name| standard_case(name));
    own.chain(standard).collect()
}

/// Manifest keys that differ between two runs of the same plan.
const VOLATILE: &[&str] = &["elapsed_seconds", "matches_per_second", "git_commit", "threads"];

/// Every file under `dir`, by path relative to it, as the bytes the comparison uses.
fn folder_contents(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
            // report.html is a view of the files compared here and records the time taken
            // and the commit; tests/it/report.rs checks it against the CSV files instead.
            if rel.ends_with("report.html") {
                continue;
            }
            // The matches worth seeing are pages replayed from these results, and their
            // list records the time the pages took; tests/it/view.rs checks that the picks
            // are the same for any thread count.
            if rel.ends_with("notable.json") || rel.contains("matches/match-") {
                continue;
            }
            // A ladder's checkpoint (the skill check's) holds its working counts, not results:
            // ladder.csv, ladder_figures.csv and verdict.txt are compared instead.
            if rel.ends_with("ladder_state.json") {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            // Ladders (the default experiment's skill check) record times and the command
            // line in ladder.json as manifests do.
            let bytes = if rel.ends_with("manifest.json") || rel.ends_with("ladder.json") {
                stable_manifest(&bytes, dir)
            } else {
                bytes
            };
            files.insert(rel, bytes);
        }
    }
    files
}

/// The manifest without timings, commit and thread count, nor the digests of the match
/// pages, with the output folder in the command line replaced by `<OUT>`.
fn stable_manifest(bytes: &[u8], out: &Path) -> Vec<u8> {
    let mut m: serde_json::Value = serde_json::from_slice(bytes).expect("manifest is JSON");
    let obj = m.as_object_mut().expect("manifest is an object");
    for key in VOLATILE {
        obj.remove(*key);
    }
    // The digests of the files skipped above: the match pages embed the pages' own scripts
    // (a change of a drawing is not a change of results), and notable.json lists them.
    if let Some(serde_json::Value::Object(digests)) = obj.get_mut("file_digests") {
        digests.retain(|name, _| !name.starts_with("matches/") && name != "notable.json");
    }
    let out_text = out.to_string_lossy().to_string();
    if let Some(serde_json::Value::Array(args)) = obj.get_mut("command_line") {
        for (k, a) in args.iter_mut().enumerate() {
            if k == 0 {
                *a = serde_json::Value::String("arena".into());
            } else if a.as_str() == Some(out_text.as_str()) {
                *a = serde_json::Value::String("<OUT>".into());
            }
        }
        // Drop `--threads N`: the thread count never changes a result.
        let mut kept = Vec::new();
        let mut skip = false;
        for a in args.iter() {
            if skip {
                skip = false;
                continue;
            }
            if a.as_str() == Some("--threads") {
                skip = true;
                continue;
            }
            kept.push(a.clone());
        }
        *args = kept;
    }
    let mut text = serde_json::to_vec_pretty(&m).unwrap();
    text.push(b'\n');
    text
}

fn golden_dir(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(case)
}

fn run_case(case: &Case, out: &Path) {
    let mut args = vec!["run"];
    args.extend(case.args);
    args.extend(["--quiet", "--threads", case.threads, "--out", out.to_str().unwrap()]);
    let o = arena(&args);
    assert!(o.status.success(), "{}: {}", case.name, String::from_utf8_lossy(&o.stderr));
}

fn bless(case: &Case, got: &BTreeMap<String, Vec<u8>>) {
    let dir = golden_dir(case.name);
    let _ = std::fs::remove_dir_all(&dir);
    for (rel, bytes) in got {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

#[test]
fn every_golden_run_reproduces_byte_for_byte() {
    let blessing = std::env::var_os("ARENA_BLESS_GOLDEN").is_some();
    let tmp = tempfile::tempdir().unwrap();
    let mut problems = Vec::new();
    for case in &cases() {
        let out = tmp.path().join(case.name);
        run_case(case, &out);
        let got = folder_contents(&out);
        if blessing {
            bless(case, &got);
            continue;
        }
        let want_dir = golden_dir(case.name);
        assert!(want_dir.is_dir(), "no golden folder {}", want_dir.display());
        let want = folder_contents(&want_dir);
        let (got_names, want_names): (Vec<_>, Vec<_>) =
            (got.keys().collect(), want.keys().collect());
        if got_names != want_names {
            problems.push(format!("{}: files {got_names:?}, golden {want_names:?}", case.name));
            continue;
        }
        for (rel, bytes) in &got {
            if want[rel] != *bytes {
                problems.push(format!("{}/{rel} differs from the golden file", case.name));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "results changed (if intended, regenerate with ARENA_BLESS_GOLDEN=1 in a commit of its own that says why):\n{}",
        problems.join("\n")
    );
}

#[test]
fn golden_manifests_record_the_plan() {
    // The golden folders must hold a run's whole plan, not just its numbers. While they are
    // being written (ARENA_BLESS_GOLDEN, the test above, running beside this one) a new
    // game's folder may not exist yet: the next plain run checks them.
    if std::env::var_os("ARENA_BLESS_GOLDEN").is_some() {
        eprintln!(
            "golden_manifests_record_the_plan: skipped while ARENA_BLESS_GOLDEN writes the folders"
        );
        return;
    }
    for case in cases().iter().filter(|c| c.name != "default-experiment") {
        let path = golden_dir(case.name).join("manifest.json");
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (ARENA_BLESS_GOLDEN=1 writes it)", path.display()));
        let m: serde_json::Value = serde_json::from_str(&text).unwrap();
        for key in ["game", "rules", "lineup", "seed", "seating", "players", "matches"] {
            assert!(m.get(key).is_some(), "{}: manifest has no `{key}`", case.name);
        }
        for key in VOLATILE {
            assert!(m.get(*key).is_none(), "{}: `{key}` kept", case.name);
        }
    }
}
