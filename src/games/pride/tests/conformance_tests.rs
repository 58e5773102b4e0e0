//! The shared conformance check (random play, invariants, hidden-information honesty),
//! at 1, 2, 4 and 6 players, and the all-at-once variants.

use crate::core::conformance;
use crate::games::pride::{AllAtOnce, Pride, PrideRules};

fn conformance_for(g: &Pride, players: usize, matches: u64) {
    let start = std::time::Instant::now();
    let report = conformance::check(g, players, matches, 0x9D1CE + players as u64);
    eprintln!(
        "pride-prejudice conformance {players} players: {} matches, {} capped, mean {} decisions, {:.1} s",
        report.matches,
        report.capped,
        report.total_decisions / report.matches,
        start.elapsed().as_secs_f64()
    );
    assert_eq!(report.capped, 0, "random play should end within the turn cap");
}

/// 100,000 matches: many minutes even in a release build, so neither the default suite nor
/// CI runs it; CI runs the 3,000-match check below in release mode (its `long` half).
#[test]
#[ignore = "very long (an hour in release): cargo test --release -- --ignored _100k"]
fn conformance_1_player_100k() {
    conformance_for(&Pride::new(PrideRules::default()), 1, 100_000);
}

crate::sampled! {
    fn conformance_1_player(matches = 3_000, sample = 1500) {
        conformance_for(&Pride::new(PrideRules::default()), 1, matches);
    }
}

/// 100,000 matches: many minutes even in a release build, so neither the default suite nor
/// CI runs it; CI runs the 3,000-match check below in release mode (its `long` half).
#[test]
#[ignore = "very long (an hour in release): cargo test --release -- --ignored _100k"]
fn conformance_2_players_100k() {
    conformance_for(&Pride::new(PrideRules::default()), 2, 100_000);
}

crate::sampled! {
    fn conformance_2_players(matches = 3_000, sample = 1000) {
        conformance_for(&Pride::new(PrideRules::default()), 2, matches);
    }
}

/// 100,000 matches: many minutes even in a release build, so neither the default suite nor
/// CI runs it; CI runs the 3,000-match check below in release mode (its `long` half).
#[test]
#[ignore = "very long (an hour in release): cargo test --release -- --ignored _100k"]
fn conformance_4_players_100k() {
    conformance_for(&Pride::new(PrideRules::default()), 4, 100_000);
}

crate::sampled! {
    fn conformance_4_players(matches = 3_000, sample = 150) {
        conformance_for(&Pride::new(PrideRules::default()), 4, matches);
    }
}

/// 100,000 matches: many minutes even in a release build, so neither the default suite nor
/// CI runs it; CI runs the 3,000-match check below in release mode (its `long` half).
#[test]
#[ignore = "very long (an hour in release): cargo test --release -- --ignored _100k"]
fn conformance_6_players_100k() {
    conformance_for(&Pride::new(PrideRules::default()), 6, 100_000);
}

crate::sampled! {
    fn conformance_6_players(matches = 3_000, sample = 60) {
        conformance_for(&Pride::new(PrideRules::default()), 6, matches);
    }
}

crate::sampled! {
    fn conformance_variants(matches = 2_000, sample = 80) {
        let at_once =
            Pride::new(PrideRules { all_at_once: AllAtOnce::Always, ..Default::default() });
        conformance_for(&at_once, 3, matches);
        let never = Pride::new(PrideRules { all_at_once: AllAtOnce::Never, ..Default::default() });
        conformance_for(&never, 7, matches / 2);
    }
}
