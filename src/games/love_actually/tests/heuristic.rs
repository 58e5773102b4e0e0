//! The heuristic's precomputed track terms against the formula they replace.

use super::*;

#[test]
fn track_terms_equal_the_formula_to_the_bit() {
    for tile_points in [0, 1, 3, 7, 100] {
        for tile_threshold in [1, 2, 3, 7, 50] {
            let g = game_with(|r| {
                r.tile_points = tile_points;
                r.tile_threshold = tile_threshold;
            });
            let thr = tile_threshold as f64;
            for len in 0..=255u8 {
                let t = (len as f64).min(thr);
                let formula = 0.6 * tile_points as f64 * t / thr;
                assert_eq!(
                    g.track_terms[len as usize].to_bits(),
                    formula.to_bits(),
                    "points {tile_points}, threshold {tile_threshold}, length {len}"
                );
            }
        }
    }
}
