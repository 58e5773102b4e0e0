//! What a sweep's conclusion says about what it cannot conclude, through the binary: a
//! shard's conclusion is of its own matches only, and says so; a numeric rule's trend that
//! cannot be computed is said to be missing, with the reason.

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

/// A shard's conclusion (stdout and verdict.txt) and each of its variants' verdict.txt begin
/// by saying that they are of this shard's matches only and that the merge gives the
/// sweep's; the merge's own verdict says nothing of shards.
#[test]
fn a_shards_conclusion_says_it_is_of_the_shards_matches_only() {
    let tmp = tempfile::tempdir().unwrap();
    let shard = |i: &str| {
        let dir = tmp.path().join(format!("s{i}"));
        let o = arena(&[
            "sweep",
            "--game",
            "pig",
            "--vary",
            "target=50,60",
            "--matches",
            "200",
            "--shard",
            &format!("{i}/2"),
            "--no-report",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        (dir, stdout(&o))
    };
    let (s0, _) = shard("0");
    let (s1, printed) = shard("1");
    let said = "This shard only (shard 1/2 of the sweep: 100 of each variant's 200 matches, from match 100): every line below comes from this shard's matches; merge the shards with `arena merge` for the sweep's verdict.";
    let verdict = read(&s1, "verdict.txt");
    assert_eq!(verdict.lines().next(), Some(said), "{verdict}");
    // On stdout it is the conclusion's first line, right under the header.
    assert_eq!(printed.lines().nth(1).map(str::trim), Some(said), "{printed}");
    for variant in ["v000_baseline", "v001_target-50", "v002_target-60"] {
        let text = read(&s1.join(variant), "verdict.txt");
        assert!(
            text.starts_with("This shard only (shard 1/2 of the sweep: 100 of this variant's 200 matches, from match 100): the verdict below comes from this shard's matches; merge the shards with `arena merge` for the variant's verdict.\n"),
            "{variant}: {text}"
        );
    }
    let merged = tmp.path().join("merged");
    let o = arena(&[
        "merge",
        s0.to_str().unwrap(),
        s1.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    for dir in [merged.clone(), merged.join("v001_target-50")] {
        let text = read(&dir, "verdict.txt");
        assert!(!text.contains("shard"), "{}: {text}", dir.display());
    }
}
