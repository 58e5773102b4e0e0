//! What `arena run` prints: for each game the answer first, in one line with the figure that
//! decides it and its deciding interval, then a few short lines (the seats' shares, the
//! length, what decides a match, where the files are); a run of several games ends with one
//! table of every game's answer. How each answer was decided (the tests, their levels, the
//! caveats: `verdict.txt`'s words) is printed only with `--explain`. Every line is wrapped
//! to at most 100 characters, or the terminal's width when that is narrower.

use std::path::Path;

use crate::output::console::say;
use crate::session::{GameRun, RunSummary};
use crate::stats::Tally;
use crate::stats::tally::LENGTH_MEASURES;
use crate::stats::verdict::{DEFAULT_FAIR_WITHIN_PP, grouped};

/// How much `arena run` says about each game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Detail {
    /// `--explain`: the method, every seat's interval and the caveats too.
    pub explain: bool,
}

/// One game's lines as it finishes.
pub fn print_game(done: &GameRun, detail: Detail) {
    match &done.summary {
        None => say(&format!("{}: already complete in {}", done.game, done.out.display())),
        Some(s) if s.paused.is_some() => {}
        Some(s) => print_summary(done.game, s, &done.out, detail),
    }
}

/// "random bots", or the lineup when the seats' bots differ.
fn bots_phrase(s: &RunSummary) -> String {
    let labels: Vec<&str> = s.spec.lineup.iter().map(|b| b.label.as_str()).collect();
    match labels.first() {
        Some(first) if labels.iter().all(|l| l == first) => format!("{first} bots"),
        _ => format!("bots {}", labels.join(",")),
    }
}

fn players_phrase(players: usize) -> String {
    if players == 1 { "1 player".into() } else { format!("{players} players") }
}

/// The first line of a game: what was asked of which game, and the answer.
fn answer_line(game: &str, s: &RunSummary) -> String {
    let changed = s.changes.as_ref().map_or(String::new(), |c| format!(" [{c}]"));
    let answer = if s.spec.players == 1 {
        // Solo (PP-15): the score, never a win share.
        let f = &s.seats[0];
        let (lo, hi) = f.score_ci;
        format!("solo, mean score {:.2} [{lo:.2}, {hi:.2}]; no seats to compare", f.mean_score)
    } else {
        s.headline.clone()
    };
    format!("{game}{changed}, {}, {}: {answer}", players_phrase(s.spec.players), bots_phrase(s))
}

/// Each seat's win share in one line, first seat first.
fn seats_line(s: &RunSummary) -> Option<String> {
    let players = s.spec.players;
    if players < 2 {
        return None;
    }
    let shares: Vec<String> =
        s.seats.iter().map(|f| format!("{:.1}%", 100.0 * f.win_rate)).collect();
    Some(format!(
        "seats, first to last: {} of all matches (fair {:.1}%; draws shared)",
        shares.join(", "),
        100.0 / players as f64
    ))
}

/// How long a match lasts, in the game's own unit: the median and the range of the middle
/// 90% of matches; `explain` adds the sample.
fn length_line(tally: &Tally, unit: &str, explain: bool) -> Option<String> {
    let index = LENGTH_MEASURES.iter().position(|m| *m == unit)?;
    let h = &tally.lengths[index];
    let (median, p5, p95) = (h.quantile(0.5)?, h.quantile(0.05)?, h.quantile(0.95)?);
    Some(if explain {
        format!("length: median {median} {unit}, 5-95% range {p5}-{p95} {unit} (n = {})", h.count())
    } else {
        format!("length: median {median} {unit}; 9 matches in 10 take {p5} to {p95}")
    })
}

/// How the run ended, in words: the matches, the time, why it stopped, where its files are.
fn end_line(s: &RunSummary, out: &Path) -> String {
    let played = s.tally.matches + s.failures.len() as u64;
    let why = match (&s.stopped, &s.unmet) {
        (Some(stop), _) if stop.rule.until_decided.is_some() => ", stopped once decided",
        (Some(_), _) => ", stopped when its rule was met",
        (None, Some(_)) => ", the cap, reached before the stopping rule was met",
        (None, None) => "",
    };
    format!("{} matches{why}, {:.1} s -> {}", grouped(played), s.elapsed_seconds, out.display())
}

fn print_summary(game: &str, s: &RunSummary, out: &Path, detail: Detail) {
    say(&answer_line(game, s));
    let mut lines: Vec<String> = Vec::new();
    lines.extend(seats_line(s));
    lines.extend(length_line(&s.tally, s.length_unit, false));
    lines.extend(s.short.iter().cloned());
    lines.push(end_line(s, out));
    if !s.spec.lineup.iter().all(|b| b.is_reproducible()) {
        lines.push(crate::session::run::execute::NOT_REPRODUCIBLE.to_string());
    }
    if !s.failures.is_empty() {
        lines.push(format!(
            "{} matches panicked; see {}/failures.csv and replay one with `arena trace --match INDEX`",
            s.failures.len(),
            out.display()
        ));
    }
    for line in &lines {
        say(&format!("  {line}"));
    }
    if detail.explain {
        print_explained(s);
    }
}

/// `--explain`: how the answer was decided, as `verdict.txt` says it, and the figures with
/// their methods.
fn print_explained(s: &RunSummary) {
    say("  how this was decided:");
    print_verdict(&s.verdict);
    if s.spec.players > 1 {
        for (seat, f) in s.seats.iter().enumerate() {
            let (lo, hi) = f.win_ci;
            // In percent with one decimal, as a person reads a share (seats.csv keeps the
            // full precision); a draw counts as a share of a win.
            say(&format!(
                "    seat {seat}: win share {:.1}% [{:.1}, {:.1}] (Wilson 95%, n = {})",
                100.0 * f.win_rate,
                100.0 * lo,
                100.0 * hi,
                f.matches
            ));
        }
    } else {
        let f = &s.seats[0];
        say(&format!("    solo: mean score, normal 95%, sd {:.2}, n = {}", f.sd_score, f.matches));
    }
    if let Some(line) = length_line(&s.tally, s.length_unit, true) {
        say(&format!("    {line}"));
    }
    for line in &s.decides {
        say(&format!("    {line}"));
    }
    say(&format!("    capped {}, failed {}", s.tally.capped, s.failures.len()));
    if let Some(stop) = &s.stopped {
        say(&format!("    stopped after {} matches: {}", stop.stopped_at, stop.reason));
    }
    if let Some(unmet) = &s.unmet {
        say(&format!("    {unmet}"));
    }
}

/// The verdict, one `verdict:` line per line of `verdict.txt`, wrapped: the full words with
/// the tests and levels, the same after `run --explain` and `merge`.
pub fn print_verdict(verdict: &str) {
    for line in verdict.lines() {
        say(&format!("    verdict: {line}"));
    }
}

/// The table that ends a run of several games: one row per game (its answer, the first
/// seat's edge with its deciding interval, the median length, the matches played) and under
/// it what decides a match, in the game's words.
pub fn print_table(games: &[GameRun]) {
    let rows: Vec<(&GameRun, &RunSummary)> = games
        .iter()
        .filter_map(|g| Some((g, g.summary.as_ref().filter(|s| s.paused.is_none())?)))
        .collect();
    if rows.len() < 2 {
        return;
    }
    say("");
    say(&format!(
        "{:<15} {:>2} {:<7} {:<26} {:<23} {:>6} {:>7}",
        "game", "pl", "bots", "answer", "first seat, interval", "length", "matches"
    ));
    for (g, s) in rows {
        let labels: Vec<&str> = s.spec.lineup.iter().map(|b| b.label.as_str()).collect();
        let bots = match labels.first() {
            Some(first) if labels.iter().all(|l| l == first) => first.to_string(),
            _ => "mixed".to_string(),
        };
        let index = LENGTH_MEASURES.iter().position(|m| *m == s.length_unit);
        let median = index
            .and_then(|i| s.tally.lengths[i].quantile(0.5))
            .map_or(String::new(), |m| m.to_string());
        say(&format!(
            "{:<15} {:>2} {:<7} {:<26} {:<23} {:>6} {:>7}",
            g.game,
            s.spec.players,
            bots,
            s.glance.answer.map_or(String::new(), |(a, margin)| a.brief(margin)),
            s.glance.first_seat,
            median,
            short_count(s.tally.matches + s.failures.len() as u64)
        ));
        if let Some(lever) = &s.glance.lever {
            say(&format!("    what decides a match most: {lever}"));
        }
    }
    say(
        "  (first seat: its edge over a fair share, its interval at the level of the answer's test;",
    );
    say("  length: the median, in each game's unit; --explain or verdict.txt: the method)");
}

/// A count in at most 7 characters: 350070 as "350,070", 12000000 as "12.0M".
fn short_count(n: u64) -> String {
    if n < 1_000_000 { grouped(n) } else { format!("{:.1}M", n as f64 / 1e6) }
}

/// The skill check: per game, whether skill matters and whether the first-seat answer
/// changes when every seat plays greedy, against the game's random run in `games`;
/// `--explain` adds the ladder's verdict lines with their methods.
pub fn print_skill(skill: &[(String, std::path::PathBuf)], games: &[GameRun], detail: Detail) {
    if skill.is_empty() {
        return;
    }
    say("");
    say("skill check: greedy against random in every game (`arena ladder` adds MCTS players):");
    for (game, dir) in skill {
        let random = games
            .iter()
            .find(|g| g.game == game.as_str())
            .and_then(|g| g.summary.as_ref())
            .and_then(|s| s.glance.answer)
            // The skill check judges against the default margin: another one's answer
            // cannot be set beside it.
            .filter(|(_, margin)| *margin == DEFAULT_FAIR_WITHIN_PP)
            .map(|(a, _)| a);
        let lines = crate::session::ladder::skill::skill_glance(dir, random);
        let mut lines = lines.into_iter();
        say(&format!("{game}: {}", lines.next().unwrap_or_default()));
        for line in lines {
            say(&format!("  {line}"));
        }
        if detail.explain {
            say(&format!("  how this was decided ({}):", dir.display()));
            let verdict = std::fs::read_to_string(dir.join(crate::core::layout::VERDICT_TXT))
                .unwrap_or_default();
            for line in verdict.lines() {
                say(&format!("    {line}"));
            }
            for line in crate::session::ladder::skill::skill_lines(dir) {
                say(&format!("    {line}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_fit_the_table_column() {
        for (n, text) in [(10_000, "10,000"), (350_070, "350,070"), (12_000_000, "12.0M")] {
            assert_eq!(short_count(n), text);
            assert!(text.len() <= 7);
        }
    }
}
