//! What a sweep's conclusion says about what it cannot conclude, through the binary: a
//! numeric rule's trend that cannot be computed is said to be missing, with the reason.

use crate::common::{arena, read, stderr, stdout};

/// A sweep of more variants than the paired covariances are kept for (24) gives no trend of
/// its numeric rule, and its conclusion says so, and why, on stdout and in verdict.txt.
#[test]
fn a_sweep_of_more_than_24_variants_says_why_it_gives_no_trend() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("many");
    let o = arena(&[
        "sweep",
        "--game",
        "pig",
        "--vary",
        "target=50..74",
        "--matches",
        "20",
        "--no-report",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = "No trend of target is given: this sweep has 26 variants (the baseline among them), and the paired covariances a trend needs are kept for at most 24";
    assert!(stdout(&o).contains(said), "{}", stdout(&o));
    let verdict = read(&dir, "verdict.txt");
    assert!(verdict.contains(said), "{verdict}");
    assert!(!verdict.contains("Each unit more of target"), "{verdict}");
}
