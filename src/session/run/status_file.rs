//! A running game's `status.json`: refreshed (at most every few seconds, atomically) while
//! it plays, and marked paused, finished or failed when it stops, for `arena status` and for
//! people who did not start it; with how close its stopping rule is, in words.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::output::write_atomic;
use crate::session::plan::Stopping;
use crate::session::progress::MEASURE_SECONDS;
use crate::stats::Tally;
use crate::stats::intervals::wilson;
use crate::stats::sequential::Design;
use crate::stats::verdict::grouped;

/// The status file in a game's folder.
pub use crate::core::layout::STATUS_FILE;
/// Seconds between refreshes of a running game's status file.
const REFRESH: Duration = Duration::from_secs(2);

/// Where a game of a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Running,
    Paused,
    Finished,
    Failed,
}

/// What `status.json` holds.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Status {
    pub state: State,
    pub game: String,
    /// Matches played of this folder's range (a shard's range, or the whole plan).
    pub done: u64,
    pub planned: u64,
    /// Matches per second since this process started on the folder.
    pub rate: f64,
    pub eta_seconds: Option<f64>,
    /// How close a stopping rule is to stopping, in words.
    pub stopping: Option<String>,
    pub pid: u32,
    pub host: String,
    /// Seconds since the Unix epoch.
    pub updated: u64,
    pub message: Option<String>,
}

pub(crate) fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

pub(crate) fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_default()
}

/// Keeps one game's status file current while it runs.
pub struct StatusWriter {
    path: PathBuf,
    game: String,
    planned: u64,
    done_at_start: u64,
    started: Instant,
    last: Option<Instant>,
}

impl StatusWriter {
    pub fn new(dir: &Path, game: &str, planned: u64, done: u64) -> StatusWriter {
        StatusWriter {
            path: dir.join(STATUS_FILE),
            game: game.to_string(),
            planned,
            done_at_start: done,
            started: Instant::now(),
            last: None,
        }
    }

    fn status(
        &self,
        state: State,
        done: u64,
        stopping: Option<String>,
        message: Option<String>,
    ) -> Status {
        let seconds = self.started.elapsed().as_secs_f64();
        let rate = if seconds > 0.0 { (done - self.done_at_start) as f64 / seconds } else { 0.0 };
        let left = self.planned.saturating_sub(done);
        Status {
            state,
            game: self.game.clone(),
            done,
            planned: self.planned,
            rate,
            // Not from the first blocks' few matches, which time starting the threads: the
            // progress bar's own rule (MEASURE_SECONDS of play) before any time left.
            eta_seconds: (rate > 0.0 && state == State::Running && seconds >= MEASURE_SECONDS)
                .then(|| left as f64 / rate),
            stopping,
            pid: std::process::id(),
            host: host_name(),
            updated: now_secs(),
            message,
        }
    }

    /// Refresh while running (at most every few seconds).
    pub fn running(
        &mut self,
        done: u64,
        stopping: Option<(&Stopping, &Tally)>,
    ) -> anyhow::Result<()> {
        if self.last.is_some_and(|t| t.elapsed() < REFRESH) {
            return Ok(());
        }
        // The first write (before any block) does not start the clock, so the first block's
        // progress shows at once.
        if done > self.done_at_start || self.last.is_some() {
            self.last = Some(Instant::now());
        }
        let stopping = stopping.map(|(rule, tally)| closeness(rule, tally, done));
        self.write(&self.status(State::Running, done, stopping, None))
    }

    /// The game stopped: paused, finished or failed (with the error).
    pub fn stopped(&self, state: State, done: u64, message: Option<String>) -> anyhow::Result<()> {
        self.write(&self.status(state, done, None, message))
    }

    fn write(&self, status: &Status) -> anyhow::Result<()> {
        write_atomic(&self.path, &serde_json::to_vec_pretty(status)?)
    }
}

/// Mark the game in `dir` failed with `message`, keeping what its status file last said.
pub fn mark_failed(dir: &Path, game: &str, message: &str) {
    let path = dir.join(STATUS_FILE);
    let mut status = std::fs::read(&path)
        .ok()
        .and_then(|b| serde_json::from_slice::<Status>(&b).ok())
        .unwrap_or_else(|| StatusWriter::new(dir, game, 0, 0).status(State::Failed, 0, None, None));
    status.state = State::Failed;
    status.eta_seconds = None;
    status.updated = now_secs();
    status.message = Some(message.to_string());
    // Best effort: the folder may be unwritable, which is often why the run failed.
    if let Ok(bytes) = serde_json::to_vec_pretty(&status) {
        let _ = write_atomic(&path, &bytes);
    }
}

/// How close a stopping rule is after `played` matches: the current width against the
/// target, the verdict as a sequential design judges it, or the SPRT's log-likelihood ratio
/// against its bounds.
pub fn closeness(rule: &Stopping, tally: &Tally, played: u64) -> String {
    let seat = &tally.seats[0];
    let mut parts = Vec::new();
    if let Some(width) = rule.until_ci {
        let (lo, hi) = wilson(seat.win_shares(), seat.matches, 0.95);
        parts.push(format!("seat 0's interval is {:.4} wide, stops at {width}", hi - lo));
    }
    if let Some(rule) = rule.until_decided {
        let (answer, levels) = rule.answer(tally, played);
        let words = answer.words(rule.margin_pp);
        parts.push(match levels.look {
            Some(_) => verdict_at_looks(&words, rule.design, played),
            None => format!("the balance verdict: {words}"),
        });
    }
    if let Some(sprt) = rule.sprt {
        let (lower, upper) = sprt.bounds();
        parts.push(format!(
            "SPRT log-likelihood ratio {:.2}, stops below {lower:.2} or above {upper:.2}",
            sprt.llr(seat.win_shares(), seat.matches)
        ));
    }
    parts.join("; ")
}

/// The verdict after `played` matches of a sequential design, said so that it cannot be
/// read as a look that has not happened: at a look, that look's answer; between two, the
/// answer the matches so far would give, the last look taken and the next one.
fn verdict_at_looks(words: &str, design: Design, played: u64) -> String {
    let every = design.every.max(1);
    let (looks, cap) = (design.looks(), design.cap);
    let match_of = |look: u64| grouped(look.saturating_mul(every).min(cap));
    let taken = if played >= cap { looks } else { (played / every).min(looks) };
    if played > 0 && (played.is_multiple_of(every) || played >= cap) {
        return format!(
            "the balance verdict at look {taken} of {looks} (match {}): {words}",
            match_of(taken)
        );
    }
    let last = match taken {
        0 => "no look taken yet".to_string(),
        k => format!("last look {k} of {looks} at match {}", match_of(k)),
    };
    let next = taken + 1;
    format!(
        "the balance verdict so far, between looks: {words} ({last}; the next, look {next}, at match {})",
        match_of(next)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_looks_the_status_names_the_last_look_taken_and_the_next() {
        // A user read "look 7 of 1000 at match 70000" at match 66,584 as a look taken.
        let design = Design { every: 10_000, cap: 10_000_000 };
        let between = verdict_at_looks("fair", design, 66_584);
        assert_eq!(
            between,
            "the balance verdict so far, between looks: fair (last look 6 of 1000 at match \
             60,000; the next, look 7, at match 70,000)"
        );
        let before_any = verdict_at_looks("fair", Design { every: 4_000, cap: 60_000 }, 1_284);
        assert!(before_any.contains("(no look taken yet; the next, look 1, at match 4,000)"));
        let at = verdict_at_looks("fair", design, 70_000);
        assert_eq!(at, "the balance verdict at look 7 of 1000 (match 70,000): fair");
        // The last look is at the cap, even when the cap is not a multiple of the spacing.
        let last = verdict_at_looks("fair", Design { every: 3_000, cap: 10_000 }, 10_000);
        assert_eq!(last, "the balance verdict at look 4 of 4 (match 10,000): fair");
    }
}
