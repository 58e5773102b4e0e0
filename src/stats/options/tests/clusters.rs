//! The clusters kept one by one: each side's list capped at `KEEP_UP_TO`, kept in a merged
//! tally exactly when the whole run has that few, and the same bytes for any split and merge
//! order; older tallies read as having none.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::Rng;
use crate::stats::options::clusters::KEEP_UP_TO;
use crate::stats::options::table::contrast;
use crate::stats::options::variance::Method;
use crate::stats::options::{KindTally, MatchSums};

/// `n` deal groups: taken only, passed over only, or both, about `taken_share` of them with
/// a take.
fn groups(seed: u64, n: u64, taken_share: f64) -> Vec<(u64, MatchSums)> {
    let mut rng = Rng::seed_from_u64(seed);
    (0..n)
        .map(|deal| {
            let taken = rng.random_bool(taken_share);
            let not = !taken || rng.random_bool(0.5);
            let side = |rng: &mut Rng, on: bool| {
                let w = if on { rng.random_range(1..5) * 4096 } else { 0 };
                (if w > 0 && rng.random_bool(0.5) { w * 840 } else { 0 }, w)
            };
            let ((ty, tw), (ny, nw)) = (side(&mut rng, taken), side(&mut rng, not));
            (deal * 3, MatchSums { ty, tw, ny, nw })
        })
        .collect()
}

fn tally(groups: &[(u64, MatchSums)]) -> KindTally {
    let mut t = KindTally::default();
    for &(deal, sums) in groups {
        t.matches += 1;
        t.add_group(deal, sums);
    }
    t
}

#[test]
fn any_split_and_merge_order_gives_the_whole() {
    // Below the cap on both sides, above it on the common side only, above it on both.
    for (seed, n, taken_share) in [(1, 300, 0.4), (2, 600, 0.1), (3, 1_500, 0.5)] {
        let all = groups(seed, n, taken_share);
        let whole = tally(&all);
        let kept = |count: u64| count <= KEEP_UP_TO;
        assert_eq!(whole.few.taken, kept(whole.taken_clusters));
        assert_eq!(whole.few.not_taken, kept(whole.not_taken_clusters));
        assert!(whole.few.clusters.is_sorted_by_key(|c| c.deal), "sorted");
        let mut rng = Rng::seed_from_u64(seed + 100);
        for parts in [2usize, 3, 7] {
            // Deal groups dealt to parts at random (a worker's piece, a shard, a resume).
            let mut pieces = vec![Vec::new(); parts];
            for &g in &all {
                pieces[rng.random_range(0..parts)].push(g);
            }
            let mut partial: Vec<KindTally> = pieces.iter().map(|p| tally(p)).collect();
            partial.shuffle(&mut rng);
            let mut merged = KindTally::default();
            for p in &partial {
                merged.merge(p);
            }
            assert_eq!(merged, whole, "seed {seed}, {parts} parts");
        }
        match (whole.few.taken, whole.few.not_taken) {
            (true, true) => assert_eq!(whole.few.clusters.len() as u64, n),
            (true, false) => assert_eq!(whole.few.clusters.len() as u64, whole.taken_clusters),
            _ => assert!(whole.few.clusters.is_empty(), "both sides dropped, nothing kept"),
        }
        let method = contrast(&whole).unwrap().method;
        let both_dropped = !whole.few.taken && !whole.few.not_taken;
        assert_eq!(method, Some(if both_dropped { Method::Cr1 } else { Method::Cr2 }));
    }
}

#[test]
fn a_tally_written_when_matches_were_the_clusters_reads_as_one() {
    let mut t = tally(&groups(4, 50, 0.5));
    let mut json = serde_json::to_value(&t).unwrap();
    let object = json.as_object_mut().unwrap();
    for added in ["clusters", "taken_clusters", "not_taken_clusters", "few"] {
        assert!(object.remove(added).is_some(), "{added}");
    }
    let old: KindTally = serde_json::from_value(json).unwrap();
    assert_eq!((old.clusters, old.few.taken, old.few.not_taken), (0, false, false));
    let c = contrast(&old).unwrap();
    assert_eq!(c.method, Some(Method::Cr1ByMatch));
    assert_eq!(c.df, 49.0, "matches - 1");
    // Merged with a new part, the list is gone and the new part's groups still count.
    t.merge(&old);
    assert!(!t.few.taken && !t.few.not_taken && t.few.clusters.is_empty());
    assert_eq!(contrast(&t).unwrap().method, Some(Method::Cr1));
}
