//! Statistics end to end: interval coverage on a game with a known answer, the paired
//! design's variance reduction, and stopping rules that stop at the same match index for any
//! thread count.

use std::process::Command;

use arena::bots::profile::parse_lineup;
use arena::games::tictactoe::{TicTacToe, TicTacToeRules};
use arena::runner::worker::play_block;
use arena::runner::{RunSpec, Seating};
use arena::stats::analysis;
use arena::stats::intervals::wilson;

/// Seat 0's exact win share in random tic-tac-toe: P(X wins) + P(draw) / 2, from the known
/// game-tree values (tests/it/known_answers.rs derives them by enumeration).
const TICTACTOE_SEAT0_SHARE: f64 = 0.584_920_634_920_635 + 0.126_984_126_984_127 / 2.0;

fn spec(matches: u64, seed: u64, seating: Seating) -> RunSpec {
    RunSpec { players: 2, lineup: parse_lineup("random", 2).unwrap(), matches, seed, seating }
}

#[test]
fn wilson_intervals_cover_the_exact_first_seat_share_in_most_runs() {
    let game = TicTacToe::new(TicTacToeRules::default());
    let mut covered = 0;
    for seed in 0..20 {
        let block = play_block(&game, &spec(20_000, 1000 + seed, Seating::Fixed), 0, 20_000, false);
        let seat = &block.tally.seats[0];
        let (lo, hi) = wilson(seat.win_shares(), seat.matches, 0.95);
        covered += (lo <= TICTACTOE_SEAT0_SHARE && TICTACTOE_SEAT0_SHARE <= hi) as u32;
    }
    // With 95% coverage, 16 or more of 20 happens with probability 0.984.
    assert!(covered >= 16, "only {covered} of 20 intervals covered the exact share");
}

#[test]
fn paired_seating_removes_variance_where_seat_matters() {
    // In tic-tac-toe the first seat wins far more often; with rotation each deal group plays
    // both bots in both seats, so the seat effect cancels out of each bot's figures.
    let game = TicTacToe::new(TicTacToeRules::default());
    let block = play_block(&game, &spec(40_000, 5, Seating::Rotate), 0, 40_000, false);
    let labels = vec!["random".to_string(), "random".to_string()];
    let rows = analysis::pairing(&block.tally, &labels, 2);
    let bot = rows.iter().find(|r| r.figure.starts_with("slot 0")).unwrap();
    assert_eq!(bot.groups, 20_000);
    assert!(bot.reduction > 0.05, "variance reduction {}", bot.reduction);
    // Expected from the exact rates: 1 - mean within-seat variance / total variance ≈ 0.10.
    assert!(bot.reduction < 0.2, "variance reduction {}", bot.reduction);
}

fn stopped_at(args: &[&str], threads: &str) -> (u64, String) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("run");
    let mut full = vec!["run", "--quiet", "--threads", threads, "--out", out.to_str().unwrap()];
    full.extend(args);
    let o = crate::common::output_within(Command::new(env!("CARGO_BIN_EXE_arena")).args(&full));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    let seats = std::fs::read_to_string(out.join("seats.csv")).unwrap();
    (manifest["stopping"]["stopped_at_match"].as_u64().expect("stopped by the rule"), seats)
}

#[test]
fn until_ci_stops_at_the_same_index_for_any_thread_count() {
    let args = ["--game", "pig", "--until-ci", "0.03", "--check-every", "500", "--seed", "4"];
    let (one, seats_one) = stopped_at(&args, "1");
    let (two, seats_two) = stopped_at(&args, "2");
    assert_eq!(one, two);
    assert_eq!(seats_one, seats_two);
    assert_eq!(one % 500, 0);
    // A 0.03-wide Wilson interval near p = 0.5 needs about 4,300 matches.
    assert!((3_500..=5_500).contains(&one), "stopped at {one}");
}

#[test]
fn sprt_stops_at_the_same_index_for_any_thread_count() {
    // Tic-tac-toe's first seat takes 0.648 of the win share: H1 (0.6) is accepted quickly.
    let args =
        ["--game", "tictactoe", "--seating", "fixed", "--sprt", "0.5,0.6", "--check-every", "50"];
    let (one, seats_one) = stopped_at(&args, "1");
    let (two, seats_two) = stopped_at(&args, "2");
    assert_eq!(one, two);
    assert_eq!(seats_one, seats_two);
    assert!(one <= 1000, "stopped at {one}");
}

#[test]
fn plan_estimates_matches_and_time() {
    let o = crate::common::output_within(
        Command::new(env!("CARGO_BIN_EXE_arena"))
            .args(["plan", "--game", "pig", "--ci", "0.01", "--pilot", "1000"]),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    // (2 · 1.96 / 0.01)² · 0.25 = 38,415 at worst.
    assert!(text.contains("worst case p = 0.5: 38416 matches"), "{text}");
}

/// A head-to-head interval near the edge is cut at ±100 pp (greedy against random at Pig
/// once read "+99.0 pp [+97.0, +101.0]" on stdout and ci_high 1.0096 in difference.csv).
#[test]
fn a_head_to_head_interval_never_passes_100_pp() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("run");
    let o = crate::common::arena(&[
        "run",
        "--game",
        "pig",
        "--bots",
        "greedy,random",
        "--matches",
        "200",
        "--explain",
        "--no-report",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", crate::common::stderr(&o));
    let csv = crate::common::read(&dir, "difference.csv");
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let (d, lo, hi): (f64, f64, f64) =
        (row[4].parse().unwrap(), row[5].parse().unwrap(), row[6].parse().unwrap());
    assert!(d > 0.95 && lo <= d && hi <= 1.0, "{csv}");
    let out = crate::common::unwrapped(&crate::common::stdout(&o));
    assert!(out.contains("head to head greedy minus random") && !out.contains("+101."), "{out}");
}
