//! How a run is doing, for `arena status` and for people who did not start it: a running
//! game refreshes `status.json` in its folder (at most every few seconds, atomically), and
//! marks it paused, finished or failed when it stops. `read` turns a folder (one run, the
//! default experiment, or a folder of shard or sweep folders) into one line per game,
//! reading only `plan.json`, `status.json`, the checkpoint and the manifest: it never writes
//! or locks anything of a run.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::core::layout::{
    FolderKind, MANIFEST, REPORT_HTML, SWEEP_CHECKPOINT, TUNE_FILE, TUNE_PAUSED,
};
use crate::output::io::read_regular_if_present;
use crate::output::{io_failure, write_atomic};
use crate::session::blocks::Pause;
use crate::session::input::input;
use crate::session::plan::Stopping;
use crate::session::plan::request::PLAN_FILE;
use crate::session::progress::{MEASURE_SECONDS, duration_text};
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

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

fn host_name() -> String {
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

/// One game's line in `arena status`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStatus {
    pub folder: PathBuf,
    pub game: String,
    /// running, paused, finished, failed, stopped (the process is gone), not started.
    pub state: String,
    pub done: Option<u64>,
    pub planned: Option<u64>,
    pub detail: String,
}

/// The status of every game under `dir`.
pub fn read(dir: &Path) -> anyhow::Result<Vec<GameStatus>> {
    if !dir.is_dir() {
        return Err(input(format!("{} is not a folder", dir.display())));
    }
    match FolderKind::of(dir) {
        Some(FolderKind::Sweep) => return Ok(vec![sweep_status(dir)?]),
        Some(FolderKind::Tune) => return Ok(vec![tune_status(dir)]),
        Some(FolderKind::Ladder) => return Ok(vec![ladder_status(dir)?]),
        Some(FolderKind::Run) => return run_status(dir),
        // A merge of run shards holds no plan.json, only its results and manifest.
        Some(FolderKind::Results) => {
            let mut st = game_status(dir, String::new(), None)?;
            if st.game.is_empty() {
                st.game = "merged run".into();
            }
            return Ok(vec![st]);
        }
        None => {}
    }
    // A folder of jobs: shards, sweep variants, or experiments side by side.
    let mut runs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io_failure("reading", dir, e))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| FolderKind::of(p).is_some())
        .collect();
    runs.sort();
    if runs.is_empty() {
        return Err(input(format!(
            "{} is not an arena run folder (no {PLAN_FILE} in it or in its subfolders)",
            dir.display()
        )));
    }
    let mut all = Vec::new();
    for run in runs {
        all.extend(read(&run)?);
    }
    Ok(all)
}

/// A ladder folder: finished once `ladder.json` says complete; running while another process
/// holds its lock; else paused (or stopped) after its last saved round.
fn ladder_status(dir: &Path) -> anyhow::Result<GameStatus> {
    let p = crate::session::ladder::progress(dir)?;
    let running = crate::session::folder::refuse_if_in_use(dir).is_err();
    // Paused only when a pause (a stop signal, the time limit) saved the state; a ladder
    // whose process died after a round (kill -9, a crash) is stopped.
    let state = match (p.complete, running, p.started) {
        (true, ..) => "finished",
        (false, true, _) => "running",
        (false, false, true) if p.paused.is_some() => "paused",
        (false, false, _) => "stopped",
    };
    let open = if p.open.is_empty() { "none".to_string() } else { p.open.join("; ") };
    let mut detail = format!(
        "ladder; {} of {} jobs still open ({open}); {:.0} s of play so far",
        p.open.len(),
        p.jobs,
        p.elapsed_seconds
    );
    if let (false, false, Some(Some(by))) = (p.complete, running, p.paused) {
        detail.push_str(&format!("; {}", by.words()));
    }
    if state == "stopped" {
        detail.push_str("; its process ended without a word (killed or crashed)");
    }
    if state == "finished" && !dir.join(REPORT_HTML).exists() && !p.sharded {
        detail.push_str("; report.html is missing (`arena report` writes it)");
    }
    if state != "finished" && state != "running" {
        detail.push_str(&format!("; continue with `arena ladder --resume {}`", dir.display()));
    }
    Ok(GameStatus {
        folder: dir.to_path_buf(),
        game: p.game,
        state: state.into(),
        done: Some(p.matches),
        planned: None,
        detail,
    })
}

/// A tuning folder: finished once `tune.json` is written; running while another process
/// holds its lock; paused when a pause (a stop signal, the time limit) left its marker, said
/// with its cause; else stopped (died).
fn tune_status(dir: &Path) -> GameStatus {
    let finished = dir.join(TUNE_FILE).exists();
    let running = !finished && crate::session::folder::refuse_if_in_use(dir).is_err();
    let marker = std::fs::read_to_string(dir.join(TUNE_PAUSED));
    let resume = format!("continue with `arena tune --resume {}`", dir.display());
    let (state, detail) = if finished {
        (
            "finished",
            "see verdict.txt, tune.csv, proposal.toml and confirm/sweep_diff.csv".to_string(),
        )
    } else if running {
        ("running", "measurement, search, then confirmation".to_string())
    } else if let Ok(marker) = marker {
        // The step, then why (an older arena wrote the step alone, on a stop signal or the
        // time limit alike).
        let mut lines = marker.lines().map(str::trim);
        let step = lines.next().unwrap_or_default();
        let by = lines.next().and_then(|l| serde_json::from_str::<Pause>(l).ok());
        let words = by.map_or("paused", Pause::words);
        ("paused", format!("{words} in its {step}; {resume}"))
    } else {
        ("stopped", format!("its process ended without a word (killed or crashed); {resume}"))
    };
    GameStatus {
        folder: dir.to_path_buf(),
        game: "tune".into(),
        state: state.into(),
        done: None,
        planned: None,
        detail,
    }
}

/// The fields of a sweep's checkpoint (`session::sweep::checkpoint::SweepCheckpoint`,
/// which this floor's status may not import: the sweep writes status files) that say how
/// far it is and whether, and why, it paused.
#[derive(serde::Deserialize)]
struct SweepProgress {
    start: u64,
    next: u64,
    end: u64,
    #[serde(default)]
    paused: bool,
    #[serde(default)]
    paused_by: Option<Pause>,
}

/// A sweep checkpoint's progress (done, planned), whether a pause saved it, and why.
fn sweep_progress(dir: &Path) -> Option<(u64, u64, bool, Option<Pause>)> {
    let bytes = std::fs::read(dir.join(SWEEP_CHECKPOINT)).ok()?;
    let content = crate::output::checked::checked_content(&bytes).ok()?;
    let cp: SweepProgress = serde_json::from_slice(content).ok()?;
    let (done, planned) = (cp.next.checked_sub(cp.start)?, cp.end.checked_sub(cp.start)?);
    Some((done, planned, cp.paused, cp.paused_by))
}

/// `I/K` when the sweep folder is a shard (its manifest records the shard).
fn sweep_shard(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join(MANIFEST)).ok()?;
    let m: serde_json::Value = serde_json::from_str(&text).ok()?;
    let s = m.get("shard")?;
    Some(format!("{}/{}", s.get("index")?.as_u64()?, s.get("count")?.as_u64()?))
}

/// A sweep folder: finished once its own manifest is written (after every variant's
/// files); running while another process holds its lock; paused when a pause (a stop
/// signal, the time limit) saved a checkpoint, said with its cause; stopped when its process
/// died (a periodic checkpoint, or none).
fn sweep_status(dir: &Path) -> anyhow::Result<GameStatus> {
    let variants: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io_failure("reading", dir, e))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    let finished = dir.join(MANIFEST).exists();
    let running = !finished && crate::session::folder::refuse_if_in_use(dir).is_err();
    let progress = sweep_progress(dir);
    let (done, planned) = match progress {
        Some((done, planned, ..)) => (Some(done), Some(planned)),
        None => (None, None),
    };
    let resume = format!("continue with `arena sweep --resume {}`", dir.display());
    let (state, detail) = if finished {
        let mut d = format!("{} variants; see sweep.csv and sweep_diff.csv", variants.len());
        if let Some(shard) = sweep_shard(dir) {
            d = format!(
                "shard {shard} of a sweep of {} variants: its files hold this shard's matches only; combine every shard with `arena merge`",
                variants.len()
            );
        }
        if !dir.join(REPORT_HTML).exists() {
            d += "; report.html is missing (`arena report` writes it)";
        }
        ("finished", d)
    } else if running {
        ("running", "a sweep writes its files at the end".to_string())
    } else if let Some((_, _, true, by)) = progress {
        ("paused", format!("{}; {resume}", by.map_or("paused", Pause::words)))
    } else {
        let saved = if progress.is_some() { "its last checkpoint" } else { "its first match" };
        (
            "stopped",
            format!(
                "its process ended without a word (killed or crashed); {resume} (from {saved})"
            ),
        )
    };
    Ok(GameStatus {
        folder: dir.to_path_buf(),
        game: "sweep".into(),
        state: state.into(),
        done,
        planned,
        detail,
    })
}

/// Matches (and failed matches) a run's checkpoint holds, if it has a readable one.
fn checkpoint_done(folder: &Path) -> Option<u64> {
    let bytes = std::fs::read(folder.join(crate::session::CHECKPOINT)).ok()?;
    let content = crate::output::checked::checked_content(&bytes).ok()?;
    let cp: serde_json::Value = serde_json::from_slice(content).ok()?;
    let failures = cp["failures"].as_array().map_or(0, |f| f.len() as u64);
    Some(cp["tally"]["matches"].as_u64()? + failures)
}

fn run_status(dir: &Path) -> anyhow::Result<Vec<GameStatus>> {
    let plan = crate::session::plan::request::PlanFile::read(dir)?;
    // The run's process holds the folder's lock while it plays: that, not a process ID
    // (which the system may have given to another process since), says it is running.
    let locked = crate::session::folder::refuse_if_in_use(dir).is_err();
    let mut games = Vec::new();
    for sub in plan.fingerprints.keys() {
        let folder = if sub.is_empty() { dir.to_path_buf() } else { dir.join(sub) };
        let name = plan.fingerprints[sub]["game"].as_str().unwrap_or(sub).to_string();
        let mut st = game_status(&folder, name, Some(locked))?;
        if let Some(shard) = &plan.request.shard {
            st.detail = format!(
                "shard {}/{} of a run: its files hold this shard's matches only; combine every shard with `arena merge`; {}",
                shard.index, shard.count, st.detail
            );
        }
        games.push(st);
    }
    Ok(games)
}

/// One game's status in `folder`; `locked` says whether the run's process holds its
/// folder (`None` for a folder no process runs, a merge).
fn game_status(folder: &Path, game: String, locked: Option<bool>) -> anyhow::Result<GameStatus> {
    let blank = |state: &str, detail: String| GameStatus {
        folder: folder.to_path_buf(),
        game: game.clone(),
        state: state.into(),
        done: None,
        planned: None,
        detail,
    };
    let manifest = folder.join(MANIFEST);
    if let Some(bytes) = read_regular_if_present(&manifest)? {
        let m: serde_json::Value = serde_json::from_slice(&bytes)
            .map_err(|e| input(format!("{}: not a manifest: {e}", manifest.display())))?;
        let done = m["completed_matches"].as_u64().unwrap_or(0)
            + m["failed_matches"].as_u64().unwrap_or(0);
        let mut detail = m["verdict"].as_str().unwrap_or("").to_string();
        if let Some(from) = m["merged_from"].as_array() {
            detail = format!("merged from {} shards; {detail}", from.len());
        }
        if !folder.join(REPORT_HTML).exists() {
            detail += "; report.html is missing (`arena report` writes it)";
        }
        let missing = crate::session::view::notable::missing_pages(folder);
        if missing > 0 {
            detail += &format!(
                "; {missing} of notable.json's replay pages are missing from matches/ (`arena view --from` draws any match again)"
            );
        }
        let mut st = blank("finished", detail);
        if let Some(name) = m["game"].as_str().or(m["plan"]["game"].as_str()) {
            st.game = name.to_string();
        }
        st.done = Some(done);
        st.planned = Some(done);
        return Ok(st);
    }
    let path = folder.join(STATUS_FILE);
    let Some(bytes) = read_regular_if_present(&path)? else {
        let detail = if folder.join(crate::session::CHECKPOINT).exists() {
            "a checkpoint but no status file"
        } else {
            "nothing played yet"
        };
        return Ok(blank("not started", detail.into()));
    };
    let s: Status = serde_json::from_slice(&bytes)
        .map_err(|e| input(format!("{}: not a status file: {e}", path.display())))?;
    let mut st = blank("", String::new());
    st.done = Some(s.done);
    st.planned = Some(s.planned);
    let age = now_secs().saturating_sub(s.updated);
    // On this machine the folder's lock says whether the process still plays; a status
    // written on another machine (a shared file system) can only be taken at its word.
    let gone = s.host == host_name() && locked == Some(false);
    (st.state, st.detail) = match s.state {
        State::Running if gone => {
            // What a resume continues from is the checkpoint, not the last status refresh.
            let saved = checkpoint_done(folder);
            st.done = Some(saved.unwrap_or(0));
            let from = match saved {
                Some(n) => format!("its checkpoint holds {n} matches"),
                None => "no checkpoint: a resume starts from its first match".into(),
            };
            (
                "stopped".into(),
                format!(
                    "process {} ended without a word (killed, crashed or a second stop signal); {from}; continue with `arena run --resume`",
                    s.pid
                ),
            )
        }
        State::Running => {
            let mut d = format!("{:.0} matches/s", s.rate);
            // With a stopping rule the planned count is a cap the run may stop well before.
            match (s.eta_seconds, s.stopping.is_some()) {
                (Some(eta), false) => d += &format!(", about {} left", duration_text(eta)),
                (Some(eta), true) => d += &format!(", at most {} left", duration_text(eta)),
                (None, _) => {}
            }
            if let Some(stopping) = &s.stopping {
                d += &format!("; {stopping}");
            }
            if age > 120 {
                d += &format!("; no news for {}", duration_text(age as f64));
            }
            ("running".into(), format!("{d} (pid {} on {})", s.pid, s.host))
        }
        State::Paused => {
            // An older arena wrote no reason.
            let resume = "continue with `arena run --resume`";
            ("paused".into(), s.message.map_or(resume.into(), |by| format!("{by}; {resume}")))
        }
        State::Failed => ("failed".into(), s.message.unwrap_or_default()),
        State::Finished => ("finished".into(), String::new()),
    };
    Ok(st)
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
