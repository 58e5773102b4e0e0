//! Scoring (the seed's SCORING PHASE, PP-21, PP-22) and the greedy heuristic's estimate of
//! a sheet.

use super::layout::Layout;
use super::sheet::bits;
use super::sheet::{FLOWERS, HEART, Icon};
use super::state::{DIAMOND_ANY, DIAMOND_FROM, EXTRA, FAN, HEART_ANY, Marks};

/// The six parts of the scoring table, in order.
pub const PARTS: [&str; 6] = ["diamond", "heart", "dance_card", "flowers", "romance", "faux_pas"];
/// The same parts as a player reads them (the puzzles by their suitors' names, PP-1; the
/// completed romance tracks are matches, PP-7), where `PARTS` are ids for files and scripts.
pub const PART_WORDS: [&str; 6] =
    ["Diamond", "Heart", "Dance Card", "Flowers", "matches", "Faux Pas"];

/// Completed romance tracks (matches), and the links with at least one.
pub fn matches(l: &Layout, m: &Marks) -> (u32, u8) {
    let (mut n, mut links) = (0, 0u8);
    for k in 0..l.nlinks as usize {
        for kind in 0..2 {
            if m.romance[k][kind] >= l.track_len[k][kind] {
                n += 1;
                links |= 1 << k;
            }
        }
    }
    (n, links)
}

/// PP-10: every link has a match.
pub fn all_linked(l: &Layout, m: &Marks) -> bool {
    matches(l, m).1.count_ones() == l.nlinks as u32
}

/// Points of one puzzle: fixed points per marked box (Diamond and Dance Card rows), the
/// written numbers (Heart, PP-21), complete columns' two lowest numbers (Flowers).
fn puzzle_points(l: &Layout, m: &Marks, p: usize) -> i32 {
    let pz = &l.puzzles[p];
    let marks = m.marks[p];
    let mut total: i32 = pz.groups[..pz.ngroups as usize]
        .iter()
        .map(|&(mask, pts)| (marks & mask).count_ones() as i32 * pts)
        .sum();
    let slot = if p == HEART { 0 } else { 1 };
    if pz.ncolumns > 0 {
        for &col in &pz.columns[..pz.ncolumns as usize] {
            if marks & col == col {
                let mut v = [u8::MAX; 3];
                for (i, b) in bits(col).enumerate() {
                    v[i] = m.written(slot, b);
                }
                v.sort_unstable();
                total += v[0] as i32 + v[1] as i32;
            }
        }
    } else if pz.written {
        total += bits(marks).map(|b| m.written(slot, b) as i32).sum::<i32>();
    }
    debug_assert!(pz.ncolumns == 0 || p == FLOWERS);
    total
}

/// The scoring table: the four puzzles, the matches, the Faux Pas track.
pub fn parts(l: &Layout, m: &Marks) -> [i32; 6] {
    [
        puzzle_points(l, m, 0),
        puzzle_points(l, m, 1),
        puzzle_points(l, m, 2),
        puzzle_points(l, m, 3),
        matches(l, m).0 as i32 * l.match_points,
        m.faux_pas as i32 * l.faux_pas_points,
    ]
}

/// The total score (kept in the sheet as it is marked).
pub fn total(_l: &Layout, m: &Marks) -> i32 {
    m.score
}

/// The total counted from scratch, part by part (the invariant check compares).
pub fn recount(l: &Layout, m: &Marks) -> i32 {
    parts(l, m).iter().sum()
}

/// Points that marking box `x` of puzzle `p` (already written in `m`) adds: its fixed
/// points, its number on the Heart, a Flowers column it completes.
pub fn mark_points(l: &Layout, m: &Marks, p: usize, x: usize) -> i32 {
    let pz = &l.puzzles[p];
    let slot = if p == HEART { 0 } else { 1 };
    let mut pts = pz.points[x];
    if pz.ncolumns > 0 {
        let marks = m.marks[p];
        if let Some(&col) = pz.columns[..pz.ncolumns as usize].iter().find(|&&c| c & (1 << x) != 0)
            && marks & col == col
        {
            let mut v = [u8::MAX; 3];
            for (i, b) in bits(col).enumerate() {
                v[i] = m.written(slot, b);
            }
            v.sort_unstable();
            pts += v[0] as i32 + v[1] as i32;
        }
    } else if pz.written {
        pts += m.written(slot, x) as i32;
    }
    pts
}

/// What an icon is worth to the greedy estimate: a romance symbol is a share of a match, a
/// fan cross a little less, an extra die about a box.
pub fn icon_value(l: &Layout, icon: Icon) -> f64 {
    let mp = l.match_points as f64;
    match icon {
        Icon::None => 0.0,
        Icon::Heart | Icon::Diamond => 0.3 * mp,
        Icon::Fan => 0.25 * mp,
        Icon::Dice => 4.0,
    }
}

/// A sheet's worth beyond its score: progress toward matches (a link's first match counts
/// double, it brings the game end closer) and the actions still waiting on `stack`.
pub fn estimate(l: &Layout, m: &Marks, stack: &[u8]) -> f64 {
    let mut v = total(l, m) as f64;
    let mp = l.match_points as f64;
    for k in 0..l.nlinks as usize {
        let mut best: f64 = 0.0;
        for kind in 0..2 {
            let have = m.romance[k][kind];
            if have < l.track_len[k][kind] {
                let t = &l.romance_terms[k][kind][have as usize];
                best = best.max(t.share);
                v += t.progress;
            }
        }
        if matches_link(l, m, k) {
            v += 0.5 * mp;
        } else {
            v += 0.3 * mp * best;
        }
    }
    for &p in stack {
        v += match p {
            EXTRA => icon_value(l, Icon::Dice),
            FAN => icon_value(l, Icon::Fan),
            HEART_ANY | DIAMOND_ANY => icon_value(l, Icon::Heart),
            _ if p < DIAMOND_FROM + 4 => icon_value(l, Icon::Heart),
            _ => 0.0,
        };
    }
    // Faux Pas crosses close to a full track also end the game: each is already -5.
    v
}

fn matches_link(l: &Layout, m: &Marks, k: usize) -> bool {
    (0..2).any(|kind| m.romance[k][kind] >= l.track_len[k][kind])
}
