//! The default experiment's skill check: after the random runs, a two-rung ladder (random,
//! greedy) per game in `skill/<game>/`, so that the morning summary says whether a simple
//! heuristic beats random play, by how much, and what the first-player edge is when every
//! seat plays that heuristic. Only the cheap rungs: MCTS rungs take minutes per game, which
//! `arena ladder` spends on request. Each ladder is an ordinary ladder folder (resumable,
//! byte-identical for any thread count), so `arena report` and `arena status` read it too.

use std::path::{Path, PathBuf};

use crate::session::input::input;
use crate::session::ladder::{LADDER_FILE, Ladder, LadderRequest, progress, run_ladder};
use crate::session::plan::request::RunRequest;
use crate::stats::verdict::Answer;

/// The subfolder of the experiment's folder that holds one skill ladder per game.
pub const SKILL_DIR: &str = "skill";
/// The rungs: the baseline and the one-ply heuristic every game has.
pub const SKILL_RUNGS: &str = "random,greedy";
/// The smallest useful `--skill-matches` (two rounds of a comparison).
pub const MIN_SKILL_MATCHES: u64 = 40;

/// Refuse a skill check that cannot run: on one game (that is `arena ladder`'s job), or
/// too small to say anything.
pub fn check_request(request: &RunRequest) -> anyhow::Result<()> {
    if request.game.is_some() && request.skill_matches.is_some_and(|m| m > 0) {
        return Err(input(
            "--skill-matches is for the default experiment (every game); for one game use `arena ladder --game G --bots random,greedy`",
        ));
    }
    let matches = request.skill_matches();
    if matches > 0 && matches < MIN_SKILL_MATCHES {
        return Err(input(format!(
            "--skill-matches must be 0 (no skill check) or at least {MIN_SKILL_MATCHES}, got {matches}"
        )));
    }
    Ok(())
}

/// The ladder of `game`'s skill check: the experiment's seed, the game's usual players and
/// rules; at most `skill_matches` per head-to-head and half that per self-play.
pub fn skill_request(request: &RunRequest, game: &str) -> LadderRequest {
    LadderRequest {
        game: game.to_string(),
        players: None,
        bots: SKILL_RUNGS.to_string(),
        seed: request.seed,
        rules: None,
        sets: Vec::new(),
        batch: 20,
        max_matches: request.skill_matches(),
        self_play_matches: Some(request.skill_matches() / 2),
        precision: 0.04,
        shard: None,
    }
}

/// `game`'s skill folder under the experiment's folder `root`.
pub fn skill_dir(root: &Path, game: &str) -> PathBuf {
    root.join(SKILL_DIR).join(game)
}

/// Play (or finish) the skill check of every game in `games`, in order, skipping those a
/// resumed experiment finds complete. Returns the finished folders, or `None` when a stop
/// signal paused one (its checkpoint is kept; `--resume` finishes it).
pub fn run_skill_checks(
    request: &RunRequest,
    games: &[&str],
    root: &Path,
    threads: usize,
    command_line: &[String],
) -> anyhow::Result<Option<Vec<(String, PathBuf)>>> {
    let mut done = Vec::new();
    for &game in games {
        let dir = skill_dir(root, game);
        let started = dir.join(LADDER_FILE).is_file();
        if started && progress(&dir)?.complete {
            done.push((game.to_string(), dir));
            continue;
        }
        let ladder = if started {
            Ladder::resume(&dir)?
        } else {
            Ladder::new(skill_request(request, game), Some(dir.clone()))?
        };
        let result = run_ladder(&ladder, threads, true, None, command_line)?;
        if result.paused.is_some() {
            return Ok(None);
        }
        done.push((game.to_string(), dir));
    }
    Ok(Some(done))
}

/// The skill check's skill and luck in head-to-head shares, read back from the ladder
/// folder's `ladder_figures.csv` (its `top_step_share`: the stronger rung's share of the
/// comparisons with the weaker, Wilson 95% with the deal groups' design effect): how much
/// more often greedy finishes ahead than the 50% of equal play, and how often random still
/// does, set against the share of comparisons a coin flip would have to decide (2 × the
/// upset rate) in a game greedy otherwise always wins. Empty when the file or its row is
/// missing or damaged.
pub fn skill_lines(dir: &Path) -> Vec<String> {
    let Some(TopStep { share: p, lo, hi, upper, lower, matches }) = top_step(dir) else {
        return Vec::new();
    };
    let pct = |x: f64| 100.0 * x;
    let coin = |u: f64| (200.0 * u).min(100.0);
    vec![
        format!(
            "skill: {upper} finishes ahead of {lower} in {:.1}% [{:.1}, {:.1}] of their comparisons, {:+.1} pp over the 50% of equal play",
            pct(p),
            pct(lo),
            pct(hi),
            pct(p) - 50.0
        ),
        format!(
            "luck: {lower} still finishes ahead in {:.1}% [{:.1}, {:.1}]: as often as if a coin flip decided {:.1}% [{:.1}, {:.1}] of comparisons {upper} would otherwise win (n = {matches} matches; Wilson 95% with the deal groups' design effect)",
            pct(1.0 - p),
            pct(1.0 - hi),
            pct(1.0 - lo),
            coin(1.0 - p),
            coin(1.0 - hi),
            coin(1.0 - lo)
        ),
    ]
}

/// The ladder's top step as `ladder_figures.csv` writes it: the stronger rung's share of its
/// comparisons with the weaker, with its interval, the two bots and the matches.
struct TopStep {
    share: f64,
    lo: f64,
    hi: f64,
    upper: String,
    lower: String,
    matches: String,
}

/// [`TopStep`] read back from `dir`; `None` when the file or its row is missing or damaged.
fn top_step(dir: &Path) -> Option<TopStep> {
    use crate::report::table::Table;
    let t = Table::read(dir, crate::core::layout::LADDER_FIGURES_CSV).ok()?;
    use crate::core::columns::ladder_figures as col;
    let figure = t.need(&[col::FIGURE]).ok()?;
    let i = t
        .rows
        .iter()
        .position(|r| t.text(r, figure) == crate::output::ladder_csv::TOP_STEP_SHARE)?;
    let num = |c: &str| t.num(i, t.need(&[c]).ok()?).ok().flatten();
    let (share, lo, hi) = (num(col::VALUE)?, num(col::LO)?, num(col::HI)?);
    let bots = t.text(&t.rows[i], t.need(&[col::BOTS]).ok()?);
    let (upper, lower) = bots.split_once(" vs ")?;
    let matches = t.text(&t.rows[i], t.need(&[col::MATCHES]).ok()?).to_string();
    Some(TopStep { share, lo, hi, upper: upper.into(), lower: lower.into(), matches })
}

/// What the skill check says a designer needs, in two lines: whether skill matters here (the
/// head-to-head share of `skill_lines`, without its method), and whether the first-seat
/// answer changes when every seat plays greedy, set against `random_answer`, the answer of
/// the game's random run (read from the ladder's verdict, judged against the default
/// margin). Empty when the ladder's files are missing or damaged.
pub fn skill_glance(dir: &Path, random_answer: Option<Answer>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(TopStep { share, lo, hi, upper, lower, matches }) = top_step(dir) {
        // "Matters" only where the interval lies wholly above the 50% of equal play.
        let matters = if lo > 0.5 { "skill matters" } else { "skill is not shown to matter" };
        out.push(format!(
            "{matters}, {upper} finishes ahead of {lower} in {:.1}% [{:.1}, {:.1}] ({matches} matches)",
            100.0 * share,
            100.0 * lo,
            100.0 * hi
        ));
    }
    if let Some((greedy, matches)) = greedy_seat_answer(dir) {
        let margin = crate::stats::verdict::DEFAULT_FAIR_WITHIN_PP;
        let brief = greedy.brief(margin);
        out.push(match random_answer {
            _ if matches!(greedy, Answer::NotEnough | Answer::Untestable) => format!(
                "with greedy in every seat: {matches} matches are too few to tell whether the first-seat answer changes"
            ),
            // Both answers side by side, never "the same": an edge of the same size can
            // change seats or sign with skilled play (LOW BLOW's seat 0: -0.9 pp random,
            // +7.6 pp greedy), which the answers' words alone do not show.
            Some(r) => format!(
                "with greedy in every seat: {brief} ({matches} matches); random play: {}",
                r.brief(margin)
            ),
            None => format!("with greedy in every seat: {brief} ({matches} matches)"),
        });
    }
    out
}

/// The answer the skill ladder's greedy self-play gives for the seats, and the matches it
/// rests on, read back from the ladder's `verdict.txt` ("First-player edge with every seat
/// played by greedy: ... of N; every seat: <answer words>.", against the default margin).
fn greedy_seat_answer(dir: &Path) -> Option<(Answer, u64)> {
    let text = std::fs::read_to_string(dir.join(crate::core::layout::VERDICT_TXT)).ok()?;
    let line = text
        .lines()
        .find(|l| l.starts_with("First-player edge with every seat played by greedy:"))?;
    let (figures, words) = line.rsplit_once("; every seat: ")?;
    let margin = crate::stats::verdict::DEFAULT_FAIR_WITHIN_PP;
    let answer = Answer::ALL.into_iter().find(|a| words.starts_with(&a.words(margin)))?;
    let matches = figures
        .split(" of ")
        .filter_map(|part| part.split([' ', ')', ';']).next()?.parse::<u64>().ok())
        .last()?;
    Some((answer, matches))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::plan::request::RequestFlags;

    #[test]
    fn only_the_default_experiment_has_a_skill_check() {
        let every = RequestFlags::default().request(100);
        assert_eq!(every.skill_matches(), crate::session::plan::request::DEFAULT_SKILL_MATCHES);
        assert!(check_request(&every).is_ok());
        let one = RequestFlags { game: Some("pig".into()), ..Default::default() }.request(100);
        assert_eq!(one.skill_matches(), 0);
        assert!(check_request(&one).is_ok());
        // A rules file that names its game makes a one-game run after the flags are read:
        // an unset --skill-matches must not then count as asked for.
        let named_by_file = RunRequest { game: Some("dardz".into()), ..every.clone() };
        assert!(check_request(&named_by_file).is_ok());
        assert_eq!(named_by_file.skill_matches(), 0);
        let asked = RequestFlags {
            game: Some("pig".into()),
            skill_matches: Some(400),
            ..Default::default()
        };
        let e = check_request(&asked.request(100)).unwrap_err().to_string();
        assert!(e.contains("arena ladder"), "{e}");
        let tiny = RequestFlags { skill_matches: Some(10), ..Default::default() };
        let e = check_request(&tiny.request(100)).unwrap_err().to_string();
        assert!(e.contains("at least 40"), "{e}");
        let r = skill_request(&every, "dardz");
        assert_eq!(
            (r.bots.as_str(), r.max_matches, r.self_play_matches),
            (SKILL_RUNGS, 400, Some(200))
        );
    }
}
