//! Arena never writes through a symbolic link it did not create: a
//! planted `.report.html.tmp` link is removed, not followed; a linked
//! `matches.csv.partial` is refused by `--resume`.

use crate::common;
use common::arena;

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

#[test]
fn report_does_not_write_through_a_planted_link() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let o = arena(&[
        "run",
        "--quiet",
        "--game",
        "pig",
        "--matches",
        "200",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let victim = tmp.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    std::fs::remove_file(dir.join("report.html")).unwrap();
    symlink("../victim.txt", dir.join(".report.html.tmp")).unwrap();
    let o = arena(&["report", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    let meta = std::fs::symlink_metadata(dir.join("report.html")).unwrap();
    assert!(meta.file_type().is_file(), "report.html is a file of its own");
}

#[test]
fn resume_refuses_a_linked_matches_csv_partial() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let o = arena(&[
        "run",
        "--quiet",
        "--game",
        "pig",
        "--matches",
        "6000",
        "--per-match",
        "--threads",
        "1",
        "--time-limit",
        "0",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(4));
    let partial = dir.join("matches.csv.partial");
    let victim = tmp.path().join("victim.csv");
    std::fs::rename(&partial, &victim).unwrap();
    let before = std::fs::read(&victim).unwrap();
    symlink(&victim, &partial).unwrap();
    let o = arena(&["run", "--quiet", "--resume", dir.to_str().unwrap()]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("matches.csv.partial") && err.contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read(&victim).unwrap(), before, "the link's target is untouched");
}

/// A link planted in a result folder, the file (or a file inside the folder) it points to,
/// and what that file holds.
struct Planted {
    link: PathBuf,
    victim: PathBuf,
    content: Vec<u8>,
}

/// Every name arena writes in a finished `reference` folder that `folder` (paused or killed)
/// does not hold yet, its `.partial` companion, the lock file and the report's temporary file
/// become links to victims outside: files with known contents, folders holding one known file.
/// Returns each link with its victim and what the victim must still hold.
fn plant_links(reference: &Path, folder: &Path, victims: &Path) -> Vec<Planted> {
    let mut planted = Vec::new();
    let mut plant = |at: PathBuf, is_dir: bool| {
        let parent_is_a_folder =
            std::fs::symlink_metadata(at.parent().unwrap()).is_ok_and(|m| m.is_dir());
        if std::fs::symlink_metadata(&at).is_ok() || !parent_is_a_folder {
            return;
        }
        let victim = victims.join(format!("victim{}", planted.len()));
        if is_dir {
            std::fs::create_dir(&victim).unwrap();
            std::fs::write(victim.join("keep.txt"), "precious").unwrap();
            planted.push(Planted {
                link: at.clone(),
                victim: victim.join("keep.txt"),
                content: b"precious".to_vec(),
            });
        } else {
            let content = format!("precious {}", planted.len()).into_bytes();
            std::fs::write(&victim, &content).unwrap();
            planted.push(Planted { link: at.clone(), victim: victim.clone(), content });
        }
        symlink(&victim, &at).unwrap();
    };
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, bool)>) {
        for name in [".arena.lock", ".report.html.tmp"] {
            out.push((dir.strip_prefix(root).unwrap().join(name), false));
        }
        let mut entries: Vec<_> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for p in entries {
            let rel = p.strip_prefix(root).unwrap().to_path_buf();
            if p.is_dir() {
                out.push((rel, true));
                walk(root, &p, out);
            } else {
                let mut partial = rel.clone().into_os_string();
                partial.push(".partial");
                out.push((PathBuf::from(partial), false));
                out.push((rel, false));
            }
        }
    }
    let mut names = Vec::new();
    walk(reference, reference, &mut names);
    for (rel, is_dir) in names {
        plant(folder.join(rel), is_dir);
    }
    planted
}

/// Continue the folder with `resume` until it finishes: each refusal (exit 2, one line, no
/// panic) must name a planted link (refused as a link, or read as a damaged file), which is
/// then removed, so that every link is met in turn; no victim ever changes.
fn assert_no_write_through(resume: &[&str], planted: &[Planted]) {
    assert!(planted.len() > 10, "links were planted: {}", planted.len());
    for _ in 0..=planted.len() {
        let o = arena(resume);
        let err = common::stderr(&o);
        assert!(!err.contains("panicked"), "{err}");
        for Planted { victim, content, .. } in planted {
            let now = std::fs::read(victim).unwrap();
            assert_eq!(&now, content, "{} was written through a link", victim.display());
            let dir = victim.parent().unwrap();
            if victim.ends_with("keep.txt") {
                let files = std::fs::read_dir(dir).unwrap().count();
                assert_eq!(files, 1, "{} gained files", dir.display());
            }
        }
        if o.status.success() {
            return;
        }
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        let link = planted
            .iter()
            .map(|p| &p.link)
            .filter(|link| err.contains(&format!("{}:", link.display())))
            .find(|link| std::fs::symlink_metadata(link).is_ok())
            .unwrap_or_else(|| panic!("a refusal that names no planted link: {err}"));
        std::fs::remove_file(link).unwrap();
    }
    panic!("{resume:?} never finished");
}

/// A finished run and a run of the same flags paused at once (`--time-limit 0`), with links
/// planted in the paused one under every name the finished one holds; returns the temporary
/// folder (kept alive), the paused folder and the links.
fn paused_run_with_links(args: &[&str]) -> (tempfile::TempDir, PathBuf, Vec<Planted>) {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, dir, victims) =
        (tmp.path().join("whole"), tmp.path().join("run"), tmp.path().join("v"));
    std::fs::create_dir(&victims).unwrap();
    let o = arena(&[&["run", "--quiet", "--out", whole.to_str().unwrap()], args].concat());
    assert!(o.status.success(), "{}", common::stderr(&o));
    let paused = ["run", "--quiet", "--time-limit", "0", "--out", dir.to_str().unwrap()];
    let o = arena(&[&paused[..], args].concat());
    assert_eq!(o.status.code(), Some(4), "{}", common::stderr(&o));
    let planted = plant_links(&whole, &dir, &victims);
    (tmp, dir, planted)
}

#[test]
fn a_resumed_run_writes_through_no_planted_link() {
    let args = ["--game", "pig", "--matches", "6000", "--per-match", "--threads", "1"];
    let (_tmp, dir, planted) = paused_run_with_links(&args);
    assert_no_write_through(&["run", "--quiet", "--resume", dir.to_str().unwrap()], &planted);
    let o = arena(&["report", dir.to_str().unwrap()]);
    assert!(!common::stderr(&o).contains("panicked"));
    assert_no_write_through(&["status", dir.to_str().unwrap()], &planted);
}

#[test]
fn a_resumed_experiment_writes_through_no_planted_link() {
    let args = ["--matches", "300", "--threads", "1", "--skill-matches", "0"];
    let (_tmp, dir, planted) = paused_run_with_links(&args);
    assert_no_write_through(&["run", "--quiet", "--resume", dir.to_str().unwrap()], &planted);
}

#[test]
fn a_resumed_sweep_writes_through_no_planted_link() {
    use crate::pause_resume::{SWEEP, kill_after_first_block};
    let tmp = tempfile::tempdir().unwrap();
    let (whole, dir, victims) =
        (tmp.path().join("whole"), tmp.path().join("sweep"), tmp.path().join("v"));
    std::fs::create_dir(&victims).unwrap();
    let o = arena(
        &[&["sweep", "--quiet", "--out", whole.to_str().unwrap()], &SWEEP[..], &["2"]].concat(),
    );
    assert!(o.status.success());
    kill_after_first_block(
        &[&["sweep", "--out", dir.to_str().unwrap()], &SWEEP[..], &["1"]].concat(),
    );
    let planted = plant_links(&whole, &dir, &victims);
    assert_no_write_through(&["sweep", "--quiet", "--resume", dir.to_str().unwrap()], &planted);
}

#[test]
fn a_resumed_ladder_writes_through_no_planted_link() {
    use crate::pause_resume::kill_after_first_block;
    let tmp = tempfile::tempdir().unwrap();
    let (whole, dir, victims) =
        (tmp.path().join("whole"), tmp.path().join("ladder"), tmp.path().join("v"));
    std::fs::create_dir(&victims).unwrap();
    let args = [
        "--game",
        "tictactoe",
        "--bots",
        "random,greedy,mcts:iterations=50",
        "--max-matches",
        "2000",
        "--seed",
        "3",
        "--threads",
        "1",
    ];
    let o = arena(&[&["ladder", "--quiet", "--out", whole.to_str().unwrap()], &args[..]].concat());
    assert!(o.status.success(), "{}", common::stderr(&o));
    kill_after_first_block(&[&["ladder", "--out", dir.to_str().unwrap()], &args[..]].concat());
    let planted = plant_links(&whole, &dir, &victims);
    assert_no_write_through(&["ladder", "--quiet", "--resume", dir.to_str().unwrap()], &planted);
}
