//! The skill ladder (`arena ladder`): rungs in the known order on the reference games, the
//! same bytes for any thread count and for shards merged, pause and resume, and a coin-flip
//! game where skill cannot matter, whose ratings must overlap zero and whose verdict says so.

use arena::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, Outcome, ScoreOrder, Seat, Turn,
};
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;
use std::path::Path;
use std::process::Command;

use arena::bots::profile::parse_lineup;
use arena::output::ladder_csv::{figures, mean_upset, verdict};
use arena::runner::ladder::{JobState, LadderDesign, play_round};

fn arena(args: &[&str]) -> std::process::Output {
    crate::common::output_within(Command::new(env!("CARGO_BIN_EXE_arena")).args(args))
}

fn ladder(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["ladder", "--quiet", "--out", dir.to_str().unwrap()];
    args.extend(extra);
    arena(&args)
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `ladder.csv` as rows of named cells.
fn rows(dir: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let text = read(dir, "ladder.csv");
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let headers = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            headers.iter().map(String::from).zip(rec.iter().map(String::from)).collect()
        })
        .collect()
}

fn cell(row: &std::collections::HashMap<String, String>, key: &str) -> f64 {
    row[key].parse().unwrap_or_else(|_| panic!("{key} = `{}`", row[key]))
}

arena::sampled! {
    /// The top rung is mcts-10k: against mcts-1k every match is a draw. The sample's top rung
    /// is MCTS at 2,000 iterations, a fifth of the cost, which wins an odd match from mcts-1k
    /// (so its share is only required to be indistinguishable from 0.5).
    fn tictactoe_orders_the_rungs_and_finds_no_gain_at_the_top(top = 10, sample = 2) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("ttt");
    let top_bot =
        if top == 10 { "mcts-10k".to_string() } else { format!("mcts:iterations={top}000") };
    let bots = format!("random,greedy,mcts-1k,{top_bot}");
    // The sample stops each job at 400 matches instead of at a ±0.03 interval (about 1,100).
    let most = if top == 10 { "100000" } else { "400" };
    let args = ["--game", "tictactoe", "--bots", &bots, "--batch", "20", "--max-matches", most];
    let o = ladder(&dir, &args);
    let o2 = o.clone();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o2.stderr));
    let rows = rows(&dir);
    // random < greedy, separated: greedy's rating interval lies above 0.
    assert!(cell(&rows[1], "rating_lo") > 0.0, "{:?}", rows[1]);
    assert_eq!(rows[1]["separated"], "upper");
    // The top rung against mcts-1k: no difference (that mcts-10k draws every match against
    // mcts-1k is tests/it/bots.rs's tictactoe_mcts_10k_against_mcts_1k_draws_every_match).
    assert!(cell(&rows[3], "h2h_lo") < 0.5 && cell(&rows[3], "h2h_hi") > 0.5);
    assert_eq!(rows[3]["separated"], "no");
    let v = read(&dir, "verdict.txt");
    assert!(v.contains("no significant difference at the top"), "{v}");
    let page = read(&dir, "report.html");
    assert!(page.contains("Skill ladder: tictactoe") && page.matches("<svg").count() == 2);
    assert!(page.contains(&top_bot) && page.contains("rating_spread_elo"));
    assert!(v.contains(&format!("random < greedy < mcts-1k < {top_bot}")), "{v}");
    // Random self-play: the first player's known share is 0.585 + 0.127 / 2 = 0.649.
    let (lo, hi) = (cell(&rows[0], "seat0_lo"), cell(&rows[0], "seat0_hi"));
    assert!(lo < 0.649 && 0.649 < hi, "[{lo}, {hi}]");
    }
}

#[test]
fn pig_greedy_and_mcts_climb_above_random() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("pig");
    let o = ladder(
        &dir,
        &["--game", "pig", "--bots", "random,greedy,mcts-100", "--max-matches", "600"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = rows(&dir);
    assert!(cell(&rows[1], "rating_lo") > 0.0, "greedy above random: {:?}", rows[1]);
    assert!(cell(&rows[2], "rating_lo") > 0.0, "mcts-100 above random: {:?}", rows[2]);
    let figures = read(&dir, "ladder_figures.csv");
    assert!(figures.contains("rating_spread_elo,"), "{figures}");
}

#[test]
fn same_bytes_for_any_thread_count_and_for_merged_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let base = [
        "--game",
        "pig",
        "--bots",
        "random,greedy,mcts:iterations=30",
        "--max-matches",
        "200",
        "--seed",
        "5",
    ];
    let one = tmp.path().join("one");
    let two = tmp.path().join("two");
    assert!(ladder(&one, &[&base[..], &["--threads", "1"]].concat()).status.success());
    assert!(ladder(&two, &[&base[..], &["--threads", "2"]].concat()).status.success());
    let mut shards = Vec::new();
    for i in 0..3 {
        let s = tmp.path().join(format!("shard{i}"));
        let shard = format!("{i}/3");
        let o = ladder(&s, &[&base[..], &["--shard", &shard]].concat());
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(!s.join("ladder.csv").exists(), "a shard writes no result files");
        shards.push(s);
    }
    let merged = tmp.path().join("merged");
    let mut args = vec!["merge", "--out", merged.to_str().unwrap()];
    args.extend(shards.iter().map(|s| s.to_str().unwrap()));
    let o = arena(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for name in ["ladder.csv", "ladder_figures.csv", "ladder_failures.csv", "verdict.txt"] {
        assert_eq!(read(&one, name), read(&two, name), "{name}: 1 vs 2 threads");
        assert_eq!(read(&one, name), read(&merged, name), "{name}: whole vs merged");
    }
    // A missing shard is refused by name.
    let o = arena(&[
        "merge",
        "--out",
        tmp.path().join("m2").to_str().unwrap(),
        shards[0].to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("shard 1/3 is missing"));
}

#[test]
fn bad_ladders_are_refused_in_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    for (args, expect) in [
        (vec!["--game", "pig", "--bots", "random"], "at least two rungs"),
        (vec!["--game", "pig", "--bots", "random,random"], "named twice"),
        (vec!["--game", "pig", "--bots", "random,nobot"], "unknown bot `nobot`"),
        (vec!["--game", "pig", "--precision", "0"], "--precision"),
        (vec!["--game", "pig", "--max-matches", "10"], "--max-matches"),
    ] {
        let o = ladder(&tmp.path().join("x"), &args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(expect), "{args:?}: {err}");
    }
    let o = arena(&["ladder", "--resume", tmp.path().join("none").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
}

arena::sampled! {
    /// With MCTS at 200 iterations a decision (the sample: 50).
    fn a_ladder_paused_by_a_signal_resumes_to_the_same_bytes(iterations = 200, sample = 50) {
    let tmp = tempfile::tempdir().unwrap();
    let bots = format!("random,mcts:iterations={iterations}");
    let args = [
        "--game",
        "pig",
        "--bots",
        &bots,
        "--max-matches",
        "600",
        "--batch",
        "20",
        "--precision",
        "0.01",
        "--threads",
        "1",
    ];
    let whole = tmp.path().join("whole");
    assert!(ladder(&whole, &args).status.success());
    let part = tmp.path().join("part");
    // Held after the first round (its rounds are the block loop's blocks), then SIGTERM
    // (what Slurm sends): pause with a checkpoint, exit 4.
    let child = crate::common::start_held(
        &[&["ladder", "--quiet", "--out", part.to_str().unwrap()], &args[..]].concat(),
        2,
        "hold",
    );
    assert!(!part.join("ladder_state.json").exists(), "saved every half minute, not each round");
    child.signal("TERM");
    let (code, _, err) = child.finish();
    assert_eq!(code, Some(4), "paused by the signal: {err}");
    assert!(part.join("ladder_state.json").exists(), "the pause's checkpoint");
    assert!(!part.join("ladder.csv").exists(), "a paused ladder writes no results");
    let status = arena(&["status", part.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&status.stdout);
    assert!(said.contains("(pig): paused") && said.contains("arena ladder --resume"), "{said}");
    let o = arena(&["ladder", "--quiet", "--resume", part.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for name in ["ladder.csv", "ladder_figures.csv", "verdict.txt"] {
        assert_eq!(read(&whole, name), read(&part, name), "{name}");
    }
    let status = arena(&["status", part.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&status.stdout).contains("(pig): finished"));
    // A damaged checkpoint is refused by name.
    std::fs::write(part.join("ladder_state.json"), "{").unwrap();
    let o = arena(&["ladder", "--resume", part.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("ladder_state.json"));
    }
}

arena::rule_params! {
    /// No parameters.
    pub struct CoinRules {}
}

/// Each player picks heads or tails (it changes nothing), then a fair coin names the winner.
#[derive(Clone, Debug)]
struct CoinFlip(CoinRules);

#[derive(Clone, Debug, PartialEq, Hash)]
struct CoinState {
    picks: u8,
    coin: Option<u8>,
}

impl GameRules for CoinFlip {
    type State = CoinState;
    type Action = u8;
    type Rules = CoinRules;
    fn with_rules(r: CoinRules) -> Self {
        CoinFlip(r)
    }
    fn rules(&self) -> &CoinRules {
        &self.0
    }
    fn name(&self) -> &'static str {
        "coin-flip"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_state(&self, _: usize) -> CoinState {
        CoinState { picks: 0, coin: None }
    }
    fn turn(&self, s: &CoinState) -> Turn {
        match (s.picks, s.coin) {
            (p, _) if p < 2 => Turn::Player(Seat(p)),
            (_, None) => Turn::Chance,
            _ => Turn::Over,
        }
    }
    fn legal_actions(&self, _: &CoinState, out: &mut Vec<u8>) {
        out.clear();
        out.extend([0, 1]);
    }
    fn apply(&self, s: &mut CoinState, _: u8) {
        s.picks += 1;
    }
    fn sample_chance(&self, s: &mut CoinState, chance: &mut impl Chance) {
        s.coin = Some(chance.die(2) as u8 - 1);
    }
    fn outcome(&self, s: &CoinState) -> Outcome {
        let c = i32::from(s.coin.unwrap());
        Outcome::finished(&[c, 1 - c], ScoreOrder::HigherWins, 2, 1)
    }
    fn turn_cap(&self) -> u32 {
        2
    }
}

impl BotHooks for CoinFlip {
    fn heuristic(&self, _: &CoinState, _: Seat) -> f64 {
        0.0
    }
    fn observe(&self, s: &CoinState, _: Seat, out: &mut impl Hasher) {
        s.hash(out);
    }
}

impl GameStats for CoinFlip {}

impl GameText for CoinFlip {
    fn describe(&self, _: &CoinState, a: u8) -> String {
        a.to_string()
    }
    fn render(&self, s: &CoinState) -> String {
        format!("{s:?}")
    }
}

#[test]
fn a_game_of_pure_luck_shows_no_skill() {
    let rungs = parse_lineup("random,greedy,mcts-100", 3).unwrap();
    let design = LadderDesign {
        players: 2,
        rungs,
        seed: 11,
        batch: 200,
        max_matches: 2000,
        self_play_max: 2000,
        precision: 0.02,
        shard: None,
    };
    let mut states: Vec<JobState> = design.jobs().iter().map(|_| JobState::new(2, 0)).collect();
    while play_round(&CoinFlip(CoinRules {}), &design, &mut states) > 0 {}
    let f = figures(&design, &states);
    for (r, rating) in f.ratings.iter().enumerate() {
        let rating = rating.unwrap();
        assert!(rating.lo <= 0.0 && 0.0 <= rating.hi, "rung {r}: {rating:?}");
    }
    let (upset, lo, hi) = mean_upset(&f).unwrap();
    assert!(lo <= 0.5 && upset > 0.4 && hi >= 0.45, "upsets {upset} [{lo}, {hi}]");
    let v = verdict("coin-flip", &design, &states, &f);
    assert!(v.contains("No measurable skill"), "{v}");
    assert!(v.contains("no significant difference at the top"), "{v}");
}

#[test]
fn a_wall_clock_budget_is_reported_as_not_reproducible() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    let o = arena(&[
        "run",
        "--quiet",
        "--no-report",
        "--game",
        "tictactoe",
        "--bots",
        "mcts:seconds=0.001,random",
        "--matches",
        "10",
        "--out",
        run.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The verdict (a bots line and a seats line, for two different bots), then the warning.
    assert!(read(&run, "verdict.txt").lines().last().unwrap().starts_with("Not reproducible"));
    assert!(read(&run, "manifest.json").contains("\"reproducible\": false"));
    let lad = tmp.path().join("ladder");
    let o = ladder(
        &lad,
        &[
            "--game",
            "tictactoe",
            "--bots",
            "random,mcts:seconds=0.001",
            "--max-matches",
            "20",
            "--batch",
            "10",
            "--self-play-matches",
            "0",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(read(&lad, "verdict.txt").contains("Not reproducible"));
    assert!(read(&lad, "ladder.json").contains("\"reproducible\": false"));
    // An iterations budget stays reproducible, and is the default.
    let o = ladder(
        &tmp.path().join("it"),
        &[
            "--game",
            "tictactoe",
            "--bots",
            "random,mcts-100",
            "--max-matches",
            "20",
            "--batch",
            "10",
            "--self-play-matches",
            "0",
        ],
    );
    assert!(o.status.success());
    assert!(read(&tmp.path().join("it"), "ladder.json").contains("\"reproducible\": true"));
}

/// The skill check's first-player line shows the share its verdict judges: seat 0's share
/// of the decisive matches, with how many were decisive and how many drawn (tic-tac-toe
/// between greedy players is mostly draws; a share that counted draws as halves would sit
/// near 50% while the verdict judged the few decisive matches).
#[test]
fn the_first_player_line_shows_the_decisive_share_it_judges_and_the_draws() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("ttt");
    let args =
        ["--game", "tictactoe", "--bots", "random,greedy", "--batch", "20", "--max-matches", "200"];
    let o = ladder(&dir, &args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = read(&dir, "verdict.txt");
    let lines: Vec<&str> = v.lines().filter(|l| l.starts_with("First-player edge")).collect();
    assert_eq!(lines.len(), 2, "{v}");
    for line in lines {
        // "... seat 0 wins 63.2% [..., ...] (Wilson 95%) of the 150 decisive matches of 200 (fair 50.0%; 50 drawn); ..."
        let share: f64 =
            line.split("seat 0 wins ").nth(1).unwrap().split('%').next().unwrap().parse().unwrap();
        let (decisive, rest) = line.split_once(" decisive matches of ").unwrap();
        let decisive: u64 = decisive.rsplit(' ').next().unwrap().parse().unwrap();
        let matches: u64 = rest.split(' ').next().unwrap().parse().unwrap();
        let drawn: u64 = line
            .split("; ")
            .find_map(|p| p.strip_suffix(" drawn)"))
            .map_or(0, |d| d.parse().unwrap());
        assert_eq!(decisive + drawn, matches, "every match is decisive or drawn: {line}");
        let wins = share / 100.0 * decisive as f64;
        assert!(
            (wins - wins.round()).abs() < 0.06 * decisive as f64 / 100.0 + 0.05,
            "a share of the decisive matches: {line}"
        );
        assert!(line.contains("(fair 50.0%"), "{line}");
    }
    assert!(
        v.contains("played by greedy")
            && v.lines().any(|l| l.contains("played by greedy") && l.contains(" drawn)")),
        "greedy draws: {v}"
    );
    // ladder.csv holds the judged share beside `seat0_share` (draws as halves), with the
    // draws and decisive matches it comes from: the same figures as the verdict's line.
    let first: Vec<&str> = v.lines().filter(|l| l.starts_with("First-player edge")).collect();
    for (row, line) in rows(&dir).iter().zip(first) {
        let (matches, draws, decisive) = (
            cell(row, "self_play_matches"),
            cell(row, "self_play_draws"),
            cell(row, "self_play_decisive_matches"),
        );
        assert_eq!(decisive + draws + cell(row, "self_play_capped"), matches, "{row:?}");
        let rate = cell(row, "seat0_decisive_win_rate");
        // The line names the verdict's seat with the interval the verdict was decided on, so
        // that the two agree; ladder.csv keeps seat 0's share with its descriptive Wilson
        // interval.
        let said =
            format!("the deciding interval) of the {decisive} decisive matches of {matches}");
        assert!(line.contains(&said), "{said}\n{line}");
        let wilson = format!(
            "[{:.1}, {:.1}]",
            100.0 * cell(row, "seat0_decisive_ci_low"),
            100.0 * cell(row, "seat0_decisive_ci_high")
        );
        assert!(!line.contains(&wilson) && !line.contains("Wilson"), "{wilson}\n{line}");
        if line.contains(": seat 0 wins") {
            assert!(line.contains(&format!("seat 0 wins {:.1}% [", 100.0 * rate)), "{line}");
        }
        // The draws-as-halves share: seat 0's sole wins plus half of each drawn match.
        let halves = (rate * decisive + draws / 2.0) / matches;
        assert!((cell(row, "seat0_share") - halves).abs() < 1e-6, "{row:?}");
    }
}

/// A rung whose self-play has no decisive match (Pig capped after one turn) has no judged
/// share: its cells are empty, not a number, and its counts say why.
#[test]
fn a_self_play_with_no_decisive_match_leaves_the_judged_share_empty() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("capped");
    let args = ["--game", "pig", "--bots", "random,greedy", "--set", "turn_cap=1"];
    let o = ladder(&dir, &[&args[..], &["--batch", "20", "--max-matches", "40"]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for row in rows(&dir) {
        assert_eq!(row["self_play_decisive_matches"], "0", "{row:?}");
        assert_eq!(row["self_play_capped"], row["self_play_matches"], "{row:?}");
        for key in ["seat0_decisive_win_rate", "seat0_decisive_ci_low", "seat0_decisive_ci_high"] {
            assert_eq!(row[key], "", "{key}: {row:?}");
        }
    }
}
