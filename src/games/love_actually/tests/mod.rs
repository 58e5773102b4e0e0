//! LOVE ACTUALLY rule tests (each names its ruling) and the conformance checks.

use super::*;
use crate::core::conformance;

fn game() -> Love {
    Love::new(LoveRules::default())
}

#[test]
fn conformance_smoke() {
    for players in 2..=5 {
        conformance::check(&game(), players, 200, 7);
    }
}
