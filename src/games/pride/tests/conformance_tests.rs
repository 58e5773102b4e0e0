//! The shared conformance check (random play, invariants, hidden-information honesty),
//! 100,000 random matches per player count the issue names.

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

/// The 100,000 matches: minutes even in a release build (measured in the README's
/// "Tests"); CI runs the 3,000-match test below. `cargo test --release -- --ignored pride`.
#[test]
#[ignore = "long: cargo test --release -- --ignored pride"]
fn conformance_1_player_100k() {
    conformance_for(&Pride::new(PrideRules::default()), 1, 100_000);
}

#[test]
fn conformance_1_player_3k() {
    conformance_for(&Pride::new(PrideRules::default()), 1, 3_000);
}

/// The 100,000 matches: minutes even in a release build (measured in the README's
/// "Tests"); CI runs the 3,000-match test below. `cargo test --release -- --ignored pride`.
#[test]
#[ignore = "long: cargo test --release -- --ignored pride"]
fn conformance_2_players_100k() {
    conformance_for(&Pride::new(PrideRules::default()), 2, 100_000);
}

#[test]
fn conformance_2_players_3k() {
    conformance_for(&Pride::new(PrideRules::default()), 2, 3_000);
}

/// The 100,000 matches: minutes even in a release build (measured in the README's
/// "Tests"); CI runs the 3,000-match test below. `cargo test --release -- --ignored pride`.
#[test]
#[ignore = "long: cargo test --release -- --ignored pride"]
fn conformance_4_players_100k() {
    conformance_for(&Pride::new(PrideRules::default()), 4, 100_000);
}

#[test]
fn conformance_4_players_3k() {
    conformance_for(&Pride::new(PrideRules::default()), 4, 3_000);
}

/// The 100,000 matches: minutes even in a release build (measured in the README's
/// "Tests"); CI runs the 3,000-match test below. `cargo test --release -- --ignored pride`.
#[test]
#[ignore = "long: cargo test --release -- --ignored pride"]
fn conformance_6_players_100k() {
    conformance_for(&Pride::new(PrideRules::default()), 6, 100_000);
}

#[test]
fn conformance_6_players_3k() {
    conformance_for(&Pride::new(PrideRules::default()), 6, 3_000);
}

#[test]
fn conformance_variants() {
    let at_once = Pride::new(PrideRules { all_at_once: AllAtOnce::Always, ..Default::default() });
    conformance_for(&at_once, 3, 2_000);
    let never = Pride::new(PrideRules { all_at_once: AllAtOnce::Never, ..Default::default() });
    conformance_for(&never, 7, 1_000);
}
