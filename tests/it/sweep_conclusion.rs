//! What a sweep's conclusion says about what it cannot conclude, through the binary: a
//! shard's conclusion is of its own matches only, and says so; a numeric rule's trend that
//! cannot be computed is said to be missing, with the reason; fairness is judged by the
//! variants' distance from fair, claims about several variants hold for them all at once,
//! and the trend's bound is not set against the margin.

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
    let printed = crate::common::unwrapped(&stdout(&o));
    assert!(printed.contains(said), "{printed}");
    let verdict = read(&dir, "verdict.txt");
    assert!(verdict.contains(said), "{verdict}");
    assert!(!verdict.contains("Each unit more of target"), "{verdict}");
    // Nor the paired comparison of fairness, whose counts are kept as sparingly.
    let said = "No variant is compared with the baseline for fairness: this sweep has 26 variants (the baseline among them), and the paired counts it needs are kept for at most 24";
    assert!(verdict.starts_with(said), "{verdict}");
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
    // On stdout it is the conclusion's first line, in the sweep's first line.
    let printed = crate::common::unwrapped(&printed);
    let first = printed.lines().next().unwrap();
    assert!(first.ends_with(&format!("bots random: {said}")), "{printed}");
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

/// A sweep whose conclusion once misled (DARDZ, 4 random bots, the 12 worth 4 to 12, 20,000
/// matches): its conclusion answers "which value is fairer" from each variant's largest
/// seat deviation against the baseline's, names no variant fair that is not so with the
/// others at once, and says what the trend's bound is. Before, it said "No variant is
/// measurably fairer or less fair" of a test of changes in win share, "Shown within ±1 pp
/// for every seat: value_12=4 and value_12=12" unadjusted over the five variants, and "the
/// linear trend moves no seat's share by more than 1.0 pp ..., inside ±1 pp" of a change.
#[test]
fn a_sweeps_conclusion_says_what_it_tested() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("dardz");
    let o = arena(&[
        "sweep",
        "--game",
        "dardz",
        "--players",
        "4",
        "--vary",
        "value_12=4,6,8,10,12",
        "--matches",
        "20000",
        "--no-report",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let verdict = read(&dir, "verdict.txt");
    let lines: Vec<&str> = verdict.lines().collect();
    assert!(
        lines[0].starts_with(
            "No variant is shown fairer or less fair than value_12=10 (baseline): differences under 0.4 pp cannot be told at this n; each minus value_12=10 (baseline), in pp: value_12=4 -0.3 [-0.9, +0.4]"
        ),
        "{verdict}"
    );
    assert!(lines[0].contains("paired bootstrap over 64 buckets of deal groups"), "{verdict}");
    assert!(
        lines[1].starts_with(
            "No seat's win share in any variant differs from value_12=10 (baseline)'s beyond chance"
        ),
        "{verdict}"
    );
    assert!(
        lines[2].starts_with("No variant is shown within ±1 pp for every seat, all 5 variants at once; each alone (its own verdict at 5%, not adjusted over the variants), within ±1 pp: value_12=4 and value_12=12"),
        "{verdict}"
    );
    let trend = lines.iter().find(|l| l.starts_with("No measurable linear trend")).unwrap();
    assert!(
        trend.contains("from value_12=4 to 12 the straight-line trend changes no seat's share by more than 1.0 pp (95%, every seat at once; a change along the line, not a distance from fair)"),
        "{verdict}"
    );
    for old in ["measurably fairer", "Shown within ±1 pp for every seat: ", "inside ±1 pp"] {
        assert!(!verdict.contains(old), "{old}: {verdict}");
    }
    // stdout leads with it, in its plain words (the method is --explain's).
    let printed = crate::common::unwrapped(&stdout(&o));
    let plain = "No variant is shown fairer or less fair than value_12=10 (baseline): differences under 0.4 pp cannot be told at this n.";
    assert!(printed.lines().next().unwrap().ends_with(plain), "{printed}");
}
