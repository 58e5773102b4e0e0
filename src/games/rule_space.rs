//! The rule-space check over every registered game and every player count it supports
//! (`core::conformance::rule_space`): rule sets drawn from the declared ranges, each built
//! through the registry exactly as `--set` flags are (so a refusal is the loader's own
//! one-line error), then played through the conformance check.
//!
//! A small sample runs with every `cargo test`; the large batch (thousands of rule sets per
//! game) is ignored by default and runs in release:
//! `cargo test --release --lib -- --ignored rule_space`.

use crate::core::conformance::rule_space::{
    Failure, Verdict, domains, draw_rule_set, play_rule_set, refusal, rule_set_rng,
};
use crate::games::{GAMES, GameEntry};
use rand::RngExt;

/// What one game's batch did.
#[derive(Debug, Default)]
struct Summary {
    rule_sets: u64,
    refused: u64,
    played: u64,
    matches: u64,
    failures: Vec<Failure>,
}

/// `per_count` rule sets for each player count of `entry`'s game, `matches` matches each.
fn run_game(entry: &GameEntry, master: u64, per_count: u64, matches: u64) -> Summary {
    let default = entry.default_game();
    let params = default.params();
    let doms = domains(&params).unwrap_or_else(|e| panic!("{}: {e}", entry.name));
    let mut summary = Summary::default();
    for players in default.seats() {
        for index in 0..per_count {
            let mut rng = rule_set_rng(master, entry.name, players, index);
            let rules = draw_rule_set(&params, &doms, &mut rng);
            let seed = rng.random::<u64>();
            summary.rule_sets += 1;
            let verdict = match (entry.build)(None, &rules.sets()) {
                Err(e) => refusal(entry.name, players, &rules, e.to_string()),
                Ok(game) => {
                    crate::with_game!(&game, g => play_rule_set(g, players, &rules, matches, seed))
                }
            };
            match verdict {
                Ok(Verdict::Refused(_)) => summary.refused += 1,
                Ok(Verdict::Played(n)) => {
                    summary.played += 1;
                    summary.matches += n;
                }
                Err(f) => summary.failures.push(f),
            }
        }
    }
    summary
}

/// Run `name`'s batch and fail with every failing rule set, each with its replay command.
fn check_game(name: &str, master: u64, per_count: u64, matches: u64) {
    let entry = crate::games::entry(name).expect("a registered game");
    let s = run_game(entry, master, per_count, matches);
    eprintln!(
        "rule_space {name}: {} rule sets, {} refused at load, {} played ({} matches), {} failed",
        s.rule_sets,
        s.refused,
        s.played,
        s.matches,
        s.failures.len()
    );
    let text: Vec<String> = s.failures.iter().map(|f| f.to_string()).collect();
    assert!(s.failures.is_empty(), "{name}: {} rule sets failed:\n{}", text.len(), text.join("\n"));
    // A batch that refuses everything checks nothing: most draws must play.
    assert!(
        s.played * 2 >= s.rule_sets,
        "{name}: only {} of {} rule sets played",
        s.played,
        s.rule_sets
    );
}

/// The sample of every `cargo test`: a few rule sets per game and player count.
#[test]
fn rule_space_sample_every_game_and_player_count() {
    for entry in GAMES {
        check_game(entry.name, 0x28, 2, 2);
    }
}

/// The large batch of the games sized below.
macro_rules! large {
    ($($test:ident = $name:literal, $per_count:expr;)*) => {
        $(
            #[test]
            #[ignore = "the large rule-space batch: cargo test --release --lib -- --ignored rule_space"]
            fn $test() {
                check_game($name, 0x2800, $per_count, 4);
            }
        )*

        /// The games the large batch has a test for.
        const LARGE: &[&str] = &[$($name),*];
    };
}

/// Every registered game without a line below, at the standard size (a small game's batch
/// takes seconds): no game is checked by the small sample alone.
#[test]
#[ignore = "the large rule-space batch: cargo test --release --lib -- --ignored rule_space"]
fn rule_space_large_every_other_game() {
    for name in crate::games::GAME_NAMES.iter().filter(|g| !LARGE.contains(g)) {
        check_game(name, 0x2800, 1000, 4);
    }
}

// Games whose batch is sized to keep its test near a minute, each a test of its own so the
// test harness runs them side by side.
large! {
    rule_space_large_tictactoe = "tictactoe", 50;
    rule_space_large_pig = "pig", 3000;
    rule_space_large_trice = "trice", 3000;
    rule_space_large_low_blow = "low-blow", 1500;
    rule_space_large_dardz = "dardz", 430;
    rule_space_large_love_actually = "love-actually", 750;
    rule_space_large_pride = "pride-prejudice", 375;
}
