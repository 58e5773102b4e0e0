//! `arena status`: how far every job under a folder came, one line per game, for people who
//! did not start it. It reads only what a job writes (its request, its `status.json`, its
//! saved state, its manifest) and never writes or locks anything of a job. One decision
//! ([`Phase::of`]) says finished, running, paused or stopped for every kind, from the same
//! facts; a kind gives only those facts and its own words.

use std::path::{Path, PathBuf};

use crate::core::layout::{FolderKind, MANIFEST, REPORT_HTML, TUNE_FILE, TUNE_PAUSED};
use crate::output::io::read_regular_if_present;
use crate::output::io_failure;
use crate::output::manifest::OutcomeHead;
use crate::session::blocks::Pause;
use crate::session::folder::resume_line;
use crate::session::input::input;
use crate::session::ladder::LadderState;
use crate::session::plan::request::PLAN_FILE;
use crate::session::progress::duration_text;
use crate::session::run::checkpoint::Checkpoint;
use crate::session::run::status_file::{STATUS_FILE, State, Status, host_name, now_secs};
use crate::session::saved::{Saved, load, saved};
use crate::session::sweep::checkpoint::SweepCheckpoint;
use crate::session::tune::run::TuneState;

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

/// Where a job stands.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    Finished,
    Running,
    /// A pause saved its state; why, when recorded.
    Paused(Option<Pause>),
    /// Its process ended without a word (killed, crashed): it continues from its last save.
    Stopped,
}

/// What the one decision needs to know of a job, whatever its kind.
struct Facts {
    /// Its completion record is written (a manifest, `ladder.json` complete, `tune.json`).
    finished: bool,
    /// Its process still plays it (it holds the folder's lock, or says so from another host).
    running: bool,
    /// Its saved state, if any.
    saved: Option<Saved>,
    /// A pause the kind recorded beside its state (a run's status file, a tuning's state).
    pause: Option<Option<Pause>>,
}

impl Phase {
    fn of(f: &Facts) -> Phase {
        let pause = f.saved.and_then(|s| s.pause).or(f.pause);
        match (f.finished, f.running, pause) {
            (true, ..) => Phase::Finished,
            (false, true, _) => Phase::Running,
            (false, false, Some(by)) => Phase::Paused(by),
            (false, false, None) => Phase::Stopped,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Phase::Finished => "finished",
            Phase::Running => "running",
            Phase::Paused(_) => "paused",
            Phase::Stopped => "stopped",
        }
    }
}

/// "paused by its --time-limit", or "paused" when an older arena did not say why.
fn paused_words(by: Option<Pause>) -> &'static str {
    by.map_or("paused", Pause::words)
}

/// Whether a process holds the folder's lock: that, not a process ID (which the system may
/// have given to another process since), says a job still plays.
fn locked(dir: &Path) -> bool {
    crate::session::folder::refuse_if_in_use(dir).is_err()
}

/// "; report.html is missing …" for a finished folder without its page.
fn report_missing(dir: &Path) -> &'static str {
    if dir.join(REPORT_HTML).exists() {
        ""
    } else {
        "; report.html is missing (`arena report` writes it)"
    }
}

const ENDED: &str = "its process ended without a word (killed or crashed)";

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

/// A ladder folder: finished once `ladder.json` says complete.
fn ladder_status(dir: &Path) -> anyhow::Result<GameStatus> {
    let p = crate::session::ladder::progress(dir)?;
    let running = !p.complete && locked(dir);
    let saved = saved::<LadderState>(dir);
    let phase = Phase::of(&Facts { finished: p.complete, running, saved, pause: None });
    let open = if p.open.is_empty() { "none".to_string() } else { p.open.join("; ") };
    let mut detail = format!(
        "ladder; {} of {} jobs still open ({open}); {:.0} s of play so far",
        p.open.len(),
        p.jobs,
        saved.map_or(0.0, |s| s.elapsed_seconds)
    );
    let resume = format!("; continue with `{}`", resume_line(FolderKind::Ladder, dir));
    match phase {
        Phase::Finished if !p.sharded => detail.push_str(report_missing(dir)),
        Phase::Finished | Phase::Running => {}
        Phase::Paused(by) => detail += &format!("; {}{resume}", paused_words(by)),
        Phase::Stopped => detail += &format!("; {ENDED}{resume}"),
    }
    Ok(GameStatus {
        folder: dir.to_path_buf(),
        game: p.game,
        state: phase.word().into(),
        done: Some(p.matches),
        planned: None,
        detail,
    })
}

/// A tuning folder: finished once `tune.json` is written; a pause saves the step it paused
/// in and why (its sweeps keep their own states).
fn tune_status(dir: &Path) -> GameStatus {
    let finished = dir.join(TUNE_FILE).exists();
    let running = !finished && locked(dir);
    let (step, by) = match load::<TuneState>(dir).ok().flatten() {
        Some(state) => (Some(state.step), Some(state.paused_by)),
        None => older_tune_note(dir),
    };
    let phase =
        Phase::of(&Facts { finished, running, saved: None, pause: step.as_ref().map(|_| by) });
    let resume = format!("continue with `{}`", resume_line(FolderKind::Tune, dir));
    let detail = match phase {
        Phase::Finished => {
            "see verdict.txt, tune.csv, proposal.toml and confirm/sweep_diff.csv".to_string()
        }
        Phase::Running => "measurement, search, then confirmation".to_string(),
        Phase::Paused(by) => {
            format!("{} in its {}; {resume}", paused_words(by), step.unwrap_or_default())
        }
        Phase::Stopped => format!("{ENDED}; {resume}"),
    };
    GameStatus {
        folder: dir.to_path_buf(),
        game: "tune".into(),
        state: phase.word().into(),
        done: None,
        planned: None,
        detail,
    }
}

/// The note an older arena left in a paused tuning (`tune_paused.txt`): the step, then why
/// (older still: the step alone).
fn older_tune_note(dir: &Path) -> (Option<String>, Option<Pause>) {
    let note = std::fs::read_to_string(dir.join(TUNE_PAUSED)).unwrap_or_default();
    let mut lines = note.lines().map(str::trim);
    let step = lines.next().map(str::to_string);
    (step, lines.next().and_then(|l| serde_json::from_str::<Pause>(l).ok()))
}

/// A sweep folder: finished once its own manifest is written (after every variant's files).
fn sweep_status(dir: &Path) -> anyhow::Result<GameStatus> {
    let variants = std::fs::read_dir(dir)
        .map_err(|e| io_failure("reading", dir, e))?
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .count();
    let finished = dir.join(MANIFEST).exists();
    let running = !finished && locked(dir);
    let saved = saved::<SweepCheckpoint>(dir);
    let phase = Phase::of(&Facts { finished, running, saved, pause: None });
    let resume = format!("continue with `{}`", resume_line(FolderKind::Sweep, dir));
    let detail = match phase {
        Phase::Finished => {
            // A manifest that does not read says only that it is not a shard's.
            let head = read_outcome(dir).ok().flatten().unwrap_or_default();
            let what = match head.shard {
                Some(s) => format!(
                    "shard {}/{} of a sweep of {variants} variants: its files hold this shard's matches only; combine every shard with `arena merge`",
                    s.index, s.count
                ),
                None => format!("{variants} variants; see sweep.csv and sweep_diff.csv"),
            };
            what + report_missing(dir)
        }
        Phase::Running => "a sweep writes its files at the end".to_string(),
        Phase::Paused(by) => format!("{}; {resume}", paused_words(by)),
        Phase::Stopped => {
            let from = if saved.is_some() { "its last checkpoint" } else { "its first match" };
            format!("{ENDED}; {resume} (from {from})")
        }
    };
    Ok(GameStatus {
        folder: dir.to_path_buf(),
        game: "sweep".into(),
        state: phase.word().into(),
        done: saved.map(|s| s.done),
        planned: saved.and_then(|s| s.planned),
        detail,
    })
}

/// A finished folder's manifest, read as its outcome; refused in one line when it is not one.
fn read_outcome(dir: &Path) -> anyhow::Result<Option<OutcomeHead>> {
    let path = dir.join(MANIFEST);
    let Some(bytes) = read_regular_if_present(&path)? else {
        return Ok(None);
    };
    let head = serde_json::from_slice(&bytes)
        .map_err(|e| input(format!("{}: not a manifest: {e}", path.display())))?;
    Ok(Some(head))
}

fn run_status(dir: &Path) -> anyhow::Result<Vec<GameStatus>> {
    let plan = crate::session::plan::request::PlanFile::read(dir)?;
    let locked = locked(dir);
    let mut games = Vec::new();
    for (sub, fingerprint) in &plan.fingerprints {
        let folder = if sub.is_empty() { dir.to_path_buf() } else { dir.join(sub) };
        let name = fingerprint.game.clone();
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

/// One game's status in `folder`: finished once its manifest is written; else what its
/// status file says, held to its folder's lock; `locked` says whether the run's process
/// holds its folder (`None` for a folder no process runs, a merge).
fn game_status(folder: &Path, game: String, locked: Option<bool>) -> anyhow::Result<GameStatus> {
    let mut st = GameStatus {
        folder: folder.to_path_buf(),
        game,
        state: String::new(),
        done: None,
        planned: None,
        detail: String::new(),
    };
    if let Some(m) = read_outcome(folder)? {
        let done = m.completed_matches + m.failed_matches;
        let mut detail = m.verdict.clone().unwrap_or_default();
        if let Some(from) = &m.merged_from {
            detail = format!("merged from {} shards; {detail}", from.len());
        }
        detail += report_missing(folder);
        let missing = crate::session::view::notable::missing_pages(folder);
        if missing > 0 {
            detail += &format!(
                "; {missing} of notable.json's replay pages are missing from matches/ (`arena view --from` draws any match again)"
            );
        }
        if let Some(name) = m.game() {
            st.game = name.to_string();
        }
        (st.state, st.detail, st.done, st.planned) =
            ("finished".into(), detail, Some(done), Some(done));
        return Ok(st);
    }
    let saved = saved::<Checkpoint>(folder);
    let path = folder.join(STATUS_FILE);
    let Some(bytes) = read_regular_if_present(&path)? else {
        let detail = if saved.is_some() || folder.join(crate::session::CHECKPOINT).exists() {
            "a checkpoint but no status file"
        } else {
            "nothing played yet"
        };
        (st.state, st.detail) = ("not started".into(), detail.into());
        return Ok(st);
    };
    let s: Status = serde_json::from_slice(&bytes)
        .map_err(|e| input(format!("{}: not a status file: {e}", path.display())))?;
    (st.done, st.planned) = (Some(s.done), Some(s.planned));
    if s.state == State::Failed {
        (st.state, st.detail) = ("failed".into(), s.message.unwrap_or_default());
        return Ok(st);
    }
    // On this machine the folder's lock says whether the process still plays; a status
    // written on another machine (a shared file system) can only be taken at its word.
    let gone = s.host == host_name() && locked == Some(false);
    // The status file is rewritten at every change (a resumed run says running again while
    // its checkpoint is still the pause's): it says whether the run paused, and the
    // checkpoint says why (an older arena's checkpoint does not; its status file's words do).
    let pause = (s.state == State::Paused).then(|| saved.and_then(|s| s.pause).flatten());
    let facts = Facts {
        finished: s.state == State::Finished,
        running: s.state == State::Running && !gone,
        saved: saved.map(|s| Saved { pause: None, ..s }),
        pause,
    };
    let phase = Phase::of(&facts);
    let resume = "continue with `arena run --resume`";
    st.state = phase.word().into();
    st.detail = match phase {
        Phase::Finished => String::new(),
        Phase::Running => running_words(&s),
        Phase::Paused(by) => {
            let why = by.map(|b| b.words().to_string()).or(s.message);
            why.map_or(resume.into(), |why| format!("{why}; {resume}"))
        }
        Phase::Stopped => {
            // What a resume continues from is the checkpoint, not the last status refresh.
            st.done = Some(saved.map_or(0, |s| s.done));
            let from = match saved {
                Some(s) => format!("its checkpoint holds {} matches", s.done),
                None => "no checkpoint: a resume starts from its first match".into(),
            };
            format!(
                "process {} ended without a word (killed, crashed or a second stop signal); {from}; {resume}",
                s.pid
            )
        }
    };
    Ok(st)
}

/// A running game's rate, time left, stopping rule and host.
fn running_words(s: &Status) -> String {
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
    let age = now_secs().saturating_sub(s.updated);
    if age > 120 {
        d += &format!("; no news for {}", duration_text(age as f64));
    }
    format!("{d} (pid {} on {})", s.pid, s.host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paused_tuning_says_where_and_why_from_its_state_or_an_older_note() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let state = TuneState {
            step: "confirmation".into(),
            paused_by: Pause::TimeLimit,
            elapsed_seconds: 12.5,
        };
        crate::session::saved::save(dir, &state).unwrap();
        let s = tune_status(dir);
        assert_eq!(s.state, "paused");
        assert!(
            s.detail.contains("paused by its --time-limit in its confirmation"),
            "{}",
            s.detail
        );
        std::fs::remove_file(dir.join(crate::core::layout::TUNE_STATE)).unwrap();
        assert_eq!(tune_status(dir).state, "stopped");
        std::fs::write(dir.join(TUNE_PAUSED), "measurement\n\"signal\"\n").unwrap();
        let s = tune_status(dir);
        assert!(s.detail.contains("paused by a stop signal in its measurement"), "{}", s.detail);
    }
}
