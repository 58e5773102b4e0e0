//! The shared conformance check (random play, invariants, hidden-information honesty).

use crate::core::conformance;
use crate::games::pride::{Pride, PrideRules};

#[test]
fn conformance_small() {
    let g = Pride::new(PrideRules::default());
    for players in [1, 2, 4, 6] {
        let r = conformance::check(&g, players, 300, 11);
        assert_eq!(r.capped, 0);
    }
}
