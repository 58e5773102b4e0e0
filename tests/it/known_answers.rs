//! Known answers: random vs random tic-tac-toe and Pig, whose exact outcome probabilities are
//! computed here independently of the engine (tic-tac-toe by enumerating the game tree, Pig
//! by dynamic programming over banked scores and turn total). The simulated rates' 99.9%
//! Wilson intervals must contain them: this proves the game rules, the random bot, the
//! seeded runner and the tallies together. Kuhn poker's random-play answers come from the
//! generic exact evaluator (its rules tests derive them by hand too), and the intervals a
//! run reports in `seats.csv` must contain them.

use arena::bots::profile::parse_lineup;
use arena::core::Game;
use arena::games::pig::{Pig, PigRules};
use arena::games::tictactoe::{TicTacToe, TicTacToeRules};
use arena::runner::worker::play_block;
use arena::runner::{RunSpec, Seating};
use arena::stats::Tally;
use arena::stats::intervals::wilson;

/// Exact (first wins, second wins, draw) under uniformly random play, by full enumeration of
/// the tic-tac-toe game tree on a plain array board (no engine code involved).
fn tictactoe_exact(board: &mut [u8; 9], to_move: u8) -> (f64, f64, f64) {
    const LINES: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    let empty: Vec<usize> = (0..9).filter(|&c| board[c] == 0).collect();
    let mut total = (0.0, 0.0, 0.0);
    for &c in &empty {
        board[c] = to_move;
        let won = LINES.iter().any(|l| l.iter().all(|&x| board[x] == to_move));
        let p = if won {
            if to_move == 1 { (1.0, 0.0, 0.0) } else { (0.0, 1.0, 0.0) }
        } else if empty.len() == 1 {
            (0.0, 0.0, 1.0)
        } else {
            tictactoe_exact(board, 3 - to_move)
        };
        board[c] = 0;
        let w = 1.0 / empty.len() as f64;
        total = (total.0 + w * p.0, total.1 + w * p.1, total.2 + w * p.2);
    }
    total
}

/// Exact probability that the first player wins random-vs-random Pig to `target` with a
/// `faces`-sided die: at each decision roll or stop with probability 1/2 each, except that
/// stopping is forced once it reaches the target. W[i][j][t] is the chance that the player
/// to move, with i banked against j and turn total t, wins; solved by Gauss-Seidel value
/// iteration to a change below 1e-14.
fn pig_exact(target: usize, faces: usize) -> f64 {
    let idx = |i: usize, j: usize, t: usize| (i * target + j) * target + t;
    let mut w = vec![0.5f64; target * target * target];
    loop {
        let mut change = 0.0f64;
        for i in 0..target {
            for j in 0..target {
                for t in (0..target - i).rev() {
                    let opp_after_stop = if i + t >= target { 0.0 } else { w[idx(j, i + t, 0)] };
                    let stop = 1.0 - opp_after_stop;
                    let mut roll = (1.0 - w[idx(j, i, 0)]) / faces as f64;
                    for d in 2..=faces {
                        roll += if i + t + d >= target { 1.0 } else { w[idx(i, j, t + d)] }
                            / faces as f64;
                    }
                    let v = 0.5 * stop + 0.5 * roll;
                    change = change.max((v - w[idx(i, j, t)]).abs());
                    w[idx(i, j, t)] = v;
                }
            }
        }
        if change < 1e-14 {
            return w[idx(0, 0, 0)];
        }
    }
}

fn simulate<G: Game>(game: &G, matches: u64, seed: u64) -> Tally {
    let spec = RunSpec {
        players: 2,
        lineup: parse_lineup("random", 2).unwrap(),
        matches,
        seed,
        seating: Seating::Fixed,
    };
    let block = play_block(game, &spec, 0, matches, false);
    assert!(block.failures.is_empty());
    block.tally
}

fn assert_inside(label: &str, count: f64, n: u64, exact: f64) {
    let (lo, hi) = wilson(count, n, 0.999);
    assert!(
        lo <= exact && exact <= hi,
        "{label}: exact {exact:.5} outside the 99.9% interval [{lo:.5}, {hi:.5}] (n={n})"
    );
    eprintln!("{label}: simulated {:.5} [{lo:.5}, {hi:.5}], exact {exact:.5}", count / n as f64);
}

#[test]
fn tictactoe_random_play_matches_the_game_tree() {
    let (first, second, draw) = tictactoe_exact(&mut [0; 9], 1);
    // Sanity of the enumeration itself against the well-known values.
    assert!((first - 0.58492).abs() < 1e-5 && (second - 0.28810).abs() < 1e-5, "{first} {second}");
    assert!((first + second + draw - 1.0).abs() < 1e-12);
    let n = 300_000;
    let t = simulate(&TicTacToe::new(TicTacToeRules::default()), n, 11);
    assert_eq!(t.matches, n);
    assert_inside("tictactoe first player wins", t.seats[0].wins as f64, n, first);
    assert_inside("tictactoe second player wins", t.seats[1].wins as f64, n, second);
    assert_inside("tictactoe draws", t.seats[0].draws as f64, n, draw);
}

#[test]
fn pig_random_play_matches_dynamic_programming() {
    let first = pig_exact(100, 6);
    assert!(first > 0.5 && first < 0.6, "first-player win chance {first}");
    let n = 200_000;
    let t = simulate(&Pig::new(PigRules::default()), n, 12);
    assert_eq!(t.capped, 0);
    assert_inside("pig first player wins", t.seats[0].wins as f64, n, first);
    assert_inside("pig second player wins", t.seats[1].wins as f64, n, 1.0 - first);
}

#[test]
fn pig_small_target_matches_dynamic_programming() {
    // A short game with a 3-sided die exercises the forced-stop rule far more often.
    let exact = pig_exact(10, 3);
    let rules = PigRules { target: 10, die_faces: 3, ..PigRules::default() };
    let n = 200_000;
    let t = simulate(&Pig::new(rules), n, 13);
    assert_inside("pig(10, d3) first player wins", t.seats[0].wins as f64, n, exact);
}

/// The engine's generic exact evaluator (`core::exact`), which any game can use through its
/// listed chance outcomes, gives the independent answers above: tic-tac-toe by walking its
/// tree, Pig by value iteration over the positions that matter (banked scores, turn total,
/// mover, whether a roll is pending).
#[test]
fn the_generic_exact_evaluator_agrees_with_the_independent_answers() {
    use arena::core::exact::{NotEnumerable, Uniform, expected, expected_by_key};
    let ttt = TicTacToe::new(TicTacToeRules::default());
    let e = expected(&ttt, 2, &Uniform, 1_000_000).unwrap();
    let (first, second, draw) = tictactoe_exact(&mut [0; 9], 1);
    assert!((e.shared_first - draw).abs() < 1e-12, "{e:?}");
    assert!((e.win_share[0] - (first + draw / 2.0)).abs() < 1e-12, "{e:?}");
    assert!((e.win_share[1] - (second + draw / 2.0)).abs() < 1e-12, "{e:?}");
    assert_eq!(expected(&ttt, 2, &Uniform, 1_000), Err(NotEnumerable::TooLarge(1_000)));

    for (target, faces) in [(10, 3), (40, 6)] {
        let rules =
            PigRules { target: target as u32, die_faces: faces as u32, ..PigRules::default() };
        let pig = Pig::new(rules);
        let position =
            |s: &arena::games::pig::PigState| (s.banked, s.turn_total, s.to_move, s.rolling);
        let e = expected_by_key(&pig, 2, &Uniform, position, 2_000_000, 1e-14).unwrap();
        let exact = pig_exact(target, faces);
        assert!((e.win_share[0] - exact).abs() < 1e-9, "pig({target}, d{faces}): {e:?} vs {exact}");
        assert!((e.win_share[0] + e.win_share[1] - 1.0).abs() < 1e-9, "{e:?}");
    }
}

/// Kuhn poker under random play (REF-3): seat 0's win share 9/16 and expected net chips +1/8
/// by enumeration, inside the intervals `arena run` reports for them (the win rate's Wilson
/// 95% interval and the mean score's), over 40,000 matches with fixed seats.
#[test]
fn kuhn_random_play_matches_enumeration_inside_the_reported_intervals() {
    use arena::core::exact::{Uniform, expected};
    use arena::games::kuhn::{Kuhn, KuhnRules};
    let e = expected(&Kuhn::new(KuhnRules::default()), 2, &Uniform, 1_000).unwrap();
    assert!((e.win_share[0] - 9.0 / 16.0).abs() < 1e-12 && (e.score[0] - 0.125).abs() < 1e-12);
    let out = tempfile::tempdir().unwrap();
    let folder = out.path().join("kuhn");
    let o = crate::common::arena(&[
        "run",
        "--game",
        "kuhn",
        "--bots",
        "random",
        "--seating",
        "fixed",
        "--matches",
        "40000",
        "--seed",
        "21",
        "--quiet",
        "--no-report",
        "--out",
        folder.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut seats = csv::Reader::from_path(folder.join("seats.csv")).unwrap();
    let head = seats.headers().unwrap().clone();
    let row = seats.records().next().unwrap().unwrap();
    let field = |name: &str| -> f64 {
        let at = head.iter().position(|h| h == name).unwrap_or_else(|| panic!("no {name}"));
        row[at].parse().unwrap()
    };
    assert_eq!(field("matches"), 40_000.0);
    for (what, low, high, exact) in [
        ("win rate", "ci_low", "ci_high", e.win_share[0]),
        ("mean net chips", "score_ci_low", "score_ci_high", e.score[0]),
    ] {
        let (lo, hi) = (field(low), field(high));
        assert!(lo <= exact && exact <= hi, "seat 0's {what}: exact {exact} outside [{lo}, {hi}]");
    }
}
