//! Issue 29, item 8: arena never writes through a symbolic link it did not create: a
//! planted `.report.html.tmp` link is removed, not followed; a linked
//! `matches.csv.partial` is refused by `--resume`.

use crate::common;
use common::arena;

use std::os::unix::fs::symlink;

#[test]
fn item8_report_does_not_write_through_a_planted_link() {
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
fn item8_resume_refuses_a_linked_matches_csv_partial() {
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
