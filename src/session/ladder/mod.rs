//! `arena ladder` as a library: validate a ladder request, claim its folder (`ladder.json`
//! first), play rounds (`runner::ladder`) through the block loop with a checkpoint
//! (`ladder_state.json`) every half minute and at a pause, resume, merge shards
//! (`merge.rs`), and write the result files
//! (`output::ladder_csv`). A shard plays every K-th job; because each job's result depends on
//! its own seed alone, merged shards give the same bytes as the whole ladder.

pub mod merge;
pub mod skill;

pub use merge::merge_ladder;

use crate::core::{GameRules, GameStats};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::bots::profile::parse_lineup;
use crate::games::{self, AnyGame};
use crate::output::ladder_csv::write_ladder_files;
use crate::output::manifest::{Build, CRATE_VERSION, Listing};
use crate::output::write_atomic;
use crate::runner::ladder::{JobState, LadderDesign, play_round};
use crate::session::blocks::{BlockJob, Course, Ending, Pause, drive};
use crate::session::folder::{FolderLock, claim_job_folder, read_job_request, timestamp};
use crate::session::input::input;
use crate::session::plan::Shard;
use crate::session::plan::fingerprint::LadderFingerprint;
use crate::session::saved::{self, SavedState};

/// What the folder's ladder is (written first, completed last).
pub use crate::core::layout::LADDER_FILE;

/// The largest match count a ladder flag accepts.
const MAX_LADDER_MATCHES: u64 = 1 << 48;
/// The checkpoint: every job's counts after the last round.
pub use crate::core::layout::LADDER_STATE;
/// The rungs when none are named.
pub const DEFAULT_RUNGS: &str = "random,greedy,strong,mcts-1k,mcts-10k";

/// Everything that decides a ladder's numbers, as asked for.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LadderRequest {
    pub game: String,
    pub players: Option<usize>,
    /// The rungs, weakest first, comma-separated bot profiles.
    pub bots: String,
    pub seed: u64,
    pub rules: Option<PathBuf>,
    pub sets: Vec<String>,
    pub batch: u64,
    pub max_matches: u64,
    /// At most this many matches per self-play (0: none); `None`: `max_matches`.
    #[serde(default)]
    pub self_play_matches: Option<u64>,
    pub precision: f64,
    pub shard: Option<Shard>,
}

/// A validated ladder.
#[derive(Debug)]
pub struct Ladder {
    pub request: LadderRequest,
    pub game: AnyGame,
    pub design: LadderDesign,
    pub out: Option<PathBuf>,
    resume: bool,
}

/// `ladder.json`.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct LadderFile {
    pub(super) request: LadderRequest,
    /// The rules file by content (`{path, sha256}`), when one was given.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    input_files: BTreeMap<String, crate::core::file_record::InputFile>,
    /// Every number-deciding value, resolved: a resumed or merged folder must match it.
    pub(super) fingerprint: LadderFingerprint,
    jobs: Vec<LadderJob>,
    pub(super) complete: bool,
    reproducible: bool,
    elapsed_seconds: f64,
    #[serde(flatten)]
    build: Build,
    /// Each result file and its size and CRC-32, once the ladder is complete (`arena report`
    /// refuses a file changed or cut since).
    #[serde(flatten)]
    listing: Listing,
}

/// One job of a ladder: its seed, the lineups it plays, whether this folder plays it.
#[derive(serde::Serialize, serde::Deserialize)]
struct LadderJob {
    job: String,
    seed: u64,
    lineups: Vec<Vec<String>>,
    in_this_folder: bool,
}

/// `ladder_state.json`: one entry per job, `None` for the jobs another shard plays.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct LadderState {
    pub(super) fingerprint: LadderFingerprint,
    pub(super) elapsed_seconds: f64,
    pub(super) jobs: Vec<Option<JobState>>,
    /// Saved because a stop signal or the time limit paused the ladder, not a periodic save
    /// of a ladder that may since have died: `arena status` says paused or stopped from it.
    #[serde(default)]
    pub(super) paused: bool,
    /// Why it paused, when it did (absent from an older arena's states).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) paused_by: Option<Pause>,
}

impl SavedState for LadderState {
    const FILE: &'static str = LADDER_STATE;
    const KIND: &'static str = "ladder";
    fn elapsed_seconds(&self) -> f64 {
        self.elapsed_seconds
    }
    fn pause(&self) -> Option<Option<Pause>> {
        self.paused.then_some(self.paused_by)
    }
    fn done(&self) -> (u64, Option<u64>) {
        let matches = self.jobs.iter().flatten().map(JobState::matches);
        (matches.fold(0, u64::saturating_add), None)
    }
}

/// How a ladder (or shard) ended.
#[derive(Debug)]
pub struct LadderResult {
    pub root: PathBuf,
    /// Why the ladder paused, when it did.
    pub paused: Option<Pause>,
    pub states: Vec<JobState>,
    pub elapsed_seconds: f64,
    pub failures: usize,
}

impl Ladder {
    pub fn new(request: LadderRequest, out: Option<PathBuf>) -> anyhow::Result<Ladder> {
        let entry = games::entry(&request.game).map_err(input)?;
        let game = entry.configure(request.rules.as_deref(), &request.sets).map_err(input)?;
        let players = request.players.unwrap_or_else(|| game.default_players());
        crate::with_game!(&game, g => g.check_players(players)).map_err(input)?;
        let count = request.bots.split(',').count();
        // Each rung as it plays this game, so ladder.json records the settings played with.
        let rungs: Vec<_> = parse_lineup(&request.bots, count)
            .map_err(input)?
            .iter()
            .map(|bot| bot.for_game(entry.name))
            .collect();
        for bot in &rungs {
            crate::with_game!(&game, g => crate::bots::check_prefer_kinds(bot, g, players))
                .map_err(input)?;
        }
        if rungs.len() < 2 {
            return Err(input(format!(
                "--bots: a ladder needs at least two rungs, weakest first (e.g. {DEFAULT_RUNGS}), got `{}`",
                request.bots
            )));
        }
        for (i, a) in rungs.iter().enumerate() {
            if rungs[..i].iter().any(|b| b.label == a.label) {
                return Err(input(format!("--bots: rung `{}` is named twice", a.label)));
            }
        }
        if request.batch == 0 {
            return Err(input("--batch must be at least 1"));
        }
        // Match indices are added and rounded up to multiples of the players and lineups:
        // counts beyond 2^48 (nine years of a million matches a second) are refused rather
        // than left to wrap.
        for (flag, count) in [
            ("--batch", Some(request.batch)),
            ("--max-matches", Some(request.max_matches)),
            ("--self-play-matches", request.self_play_matches),
        ] {
            if count.is_some_and(|n| n > MAX_LADDER_MATCHES) {
                return Err(input(format!(
                    "{flag} must be at most {MAX_LADDER_MATCHES} (2^48), got {}",
                    count.unwrap_or_default()
                )));
            }
        }
        if !(request.precision > 0.0 && request.precision <= 0.5) {
            return Err(input(format!(
                "--precision must be a half-width between 0 and 0.5, got {}",
                request.precision
            )));
        }
        let batch = request.batch.next_multiple_of(players as u64);
        if request.max_matches < batch {
            return Err(input(format!(
                "--max-matches ({}) must be at least one batch ({batch} matches)",
                request.max_matches
            )));
        }
        let design = LadderDesign {
            players,
            rungs,
            seed: request.seed,
            batch,
            max_matches: request.max_matches,
            self_play_max: request.self_play_matches.unwrap_or(request.max_matches),
            precision: request.precision,
            shard: request.shard.map(|s| (s.index, s.count)),
        };
        Ok(Ladder { request, game, design, out, resume: false })
    }

    /// The ladder the folder `dir` holds, to continue it.
    pub fn resume(dir: &Path) -> anyhow::Result<Ladder> {
        let file = read_ladder_file(dir)?;
        let mut ladder = Ladder::new(file.request.clone(), Some(dir.to_path_buf()))?;
        if !ladder.fingerprint().same_numbers(&file.fingerprint) {
            return Err(input(format!(
                "--resume {}: the ladder's plan has changed since it began (a rules file edited, or arena updated?)",
                dir.display()
            )));
        }
        ladder.resume = true;
        Ok(ladder)
    }

    /// Every resolved value that decides the numbers (not the shard: shards share it).
    pub fn fingerprint(&self) -> LadderFingerprint {
        let d = &self.design;
        LadderFingerprint {
            batch: d.batch,
            crate_version: CRATE_VERSION.to_string(),
            game: self.game.name().to_string(),
            // Card and sheet files by content (only when a rule names one, so a ladder of
            // built-in rules keeps its fingerprint): an edited file is refused on resume.
            input_files: crate::session::plan::rule_files(&self.game),
            max_matches: d.max_matches,
            players: d.players,
            precision: d.precision,
            rules: crate::session::plan::resolved_rules(&self.game),
            rungs: crate::session::plan::as_json(&d.rungs),
            seed: d.seed,
            self_play_max: d.self_play_max,
        }
    }

    fn ladder_file(&self, complete: bool, elapsed: f64, command_line: &[String]) -> LadderFile {
        let d = &self.design;
        let jobs = d
            .jobs()
            .into_iter()
            .enumerate()
            .map(|(j, k)| LadderJob {
                job: d.job_name(k),
                seed: d.job_seed(k),
                lineups: d
                    .lineups(k)
                    .iter()
                    .map(|l| l.iter().map(|&r| d.rungs[r].label.clone()).collect())
                    .collect(),
                in_this_folder: d.plays(j),
            })
            .collect();
        LadderFile {
            request: self.request.clone(),
            fingerprint: self.fingerprint(),
            jobs,
            complete,
            reproducible: d.rungs.iter().all(|b| b.is_reproducible()),
            elapsed_seconds: elapsed,
            build: Build::this(command_line),
            listing: Listing::default(),
            input_files: crate::session::plan::input_records(
                self.request.rules.iter().map(|p| ("rules_file".to_string(), p.clone())),
            ),
        }
    }

    fn claim(&self, command_line: &[String]) -> anyhow::Result<(PathBuf, FolderLock)> {
        if self.resume {
            let root = self.out.clone().expect("a resumed ladder has its folder");
            return Ok((root.clone(), FolderLock::acquire(&root)?));
        }
        let stem = format!("ladder-{}-{}", self.request.game, timestamp());
        let file = serde_json::to_vec_pretty(&self.ladder_file(false, 0.0, command_line))?;
        claim_job_folder(self.out.as_deref(), &stem, LADDER_FILE, &file)
    }
}

pub(super) fn read_ladder_file(dir: &Path) -> anyhow::Result<LadderFile> {
    read_job_request(dir, LADDER_FILE, "a ladder")
}

fn read_state(
    dir: &Path,
    fingerprint: &LadderFingerprint,
    jobs: usize,
) -> anyhow::Result<Option<LadderState>> {
    let Some(state) = saved::load::<LadderState>(dir)? else {
        return Ok(None);
    };
    if !state.fingerprint.same_numbers(fingerprint) || state.jobs.len() != jobs {
        let what = "written by another ladder (plan or job count differ)";
        return Err(saved::refusal::<LadderState>(dir, what));
    }
    Ok(Some(state))
}

/// Play (or continue) the ladder in its folder until every job has stopped or it pauses (a
/// stop signal, `--time-limit`; resumable with `--resume`). Its rounds are the block loop's
/// blocks (`blocks::drive`, one round each), so it pauses, saves every
/// [`CHECKPOINT_SECONDS`](crate::session::blocks::CHECKPOINT_SECONDS) and counts its
/// boundaries as a run and a sweep do.
pub fn run_ladder(
    ladder: &Ladder,
    threads: usize,
    quiet: bool,
    time_limit: Option<f64>,
    command_line: &[String],
) -> anyhow::Result<LadderResult> {
    let (root, _lock) = ladder.claim(command_line)?;
    let design = &ladder.design;
    let fingerprint = ladder.fingerprint();
    let jobs = design.jobs();
    let metric_count = crate::with_game!(&ladder.game, g => g.metric_names(design.players).len());
    let blank = || JobState::new(design.players, metric_count);
    let (states, earlier, was_paused) = match read_state(&root, &fingerprint, jobs.len())? {
        Some(saved) => {
            let states = saved.jobs.into_iter().map(|s| s.unwrap_or_else(blank)).collect();
            (states, saved.elapsed_seconds, saved.paused)
        }
        None => ((0..jobs.len()).map(|_| blank()).collect::<Vec<_>>(), 0.0, false),
    };
    let mut rounds = LadderRounds {
        ladder,
        root: &root,
        fingerprint,
        states,
        quiet,
        earlier,
        started: Instant::now(),
    };
    let course = Course {
        label: "ladder".into(),
        start: 0,
        next: rounds.rounds_played(),
        // No end is known: the ladder ends when every job's own rule has stopped it.
        end: u64::MAX,
        group: 1,
        check_every: Some(1),
        max_block: Some(1),
        threads,
        // No bar of matches (a round's count is not known before it is played): a line
        // a round instead, from `progressed`.
        quiet: true,
        time_limit,
        earlier_seconds: earlier,
        pausable: true,
        resumes_a_pause: was_paused,
    };
    let pool = crate::session::blocks::pool(threads)?;
    let ended = pool.install(|| drive(&mut rounds, &course))?;
    let paused = match ended.ending {
        Ending::Paused(by) => Some(by),
        Ending::Stopped => None,
        Ending::Played => anyhow::bail!(
            "{}: the ladder ran out of rounds with jobs still open (an edited {LADDER_STATE}?)",
            root.display()
        ),
    };
    if paused.is_none() {
        // The last round's line, which the loop does not ask for at a stopping point.
        rounds.progressed(ended.next)?;
        // The last state stays as the final one: a shard's merge reads its counts from it.
        rounds.save(ended.next, ended.elapsed_seconds, None)?;
        let states = &rounds.states;
        finish(ladder, &root, states, ended.elapsed_seconds, command_line)?;
    }
    let LadderRounds { states, .. } = rounds;
    let failures = failed_matches(&states);
    Ok(LadderResult { root, paused, states, elapsed_seconds: ended.elapsed_seconds, failures })
}

/// A ladder's rounds as the block loop sees them: a block of one "match" is one round, one
/// batch of every job still open.
struct LadderRounds<'a> {
    ladder: &'a Ladder,
    root: &'a Path,
    fingerprint: LadderFingerprint,
    states: Vec<JobState>,
    quiet: bool,
    /// Seconds of play in earlier sessions, and when this one began (for the round line).
    earlier: f64,
    started: Instant,
}

impl LadderRounds<'_> {
    /// The jobs this folder plays that have not stopped, by name.
    fn open_jobs(&self) -> Vec<String> {
        let d = &self.ladder.design;
        d.jobs()
            .iter()
            .enumerate()
            .filter(|(j, _)| d.plays(*j) && self.states[*j].stopped.is_none())
            .map(|(_, k)| d.job_name(*k))
            .collect()
    }

    /// Rounds played so far: every round moves each open job one batch on, so the job that
    /// has played longest has played in every round.
    fn rounds_played(&self) -> u64 {
        let batch = self.ladder.design.batch;
        self.states.iter().map(|s| s.next.div_ceil(batch)).max().unwrap_or(0)
    }
}

impl BlockJob for LadderRounds<'_> {
    fn play(&mut self, _round: u64, _next: u64) -> anyhow::Result<()> {
        let (game, design) = (&self.ladder.game, &self.ladder.design);
        crate::with_game!(game, g => play_round(g, design, &mut self.states));
        Ok(())
    }

    fn stops_at(&mut self, _round: u64) -> bool {
        self.open_jobs().is_empty()
    }

    fn progressed(&mut self, round: u64) -> anyhow::Result<()> {
        if !self.quiet {
            let open = self.open_jobs();
            let total: u64 = self.states.iter().map(JobState::matches).sum();
            crate::session::voice::err(&format!(
                "round {round}: {total} matches in {:.0} s; still open: {}",
                self.earlier + self.started.elapsed().as_secs_f64(),
                if open.is_empty() { "none".to_string() } else { open.join("; ") }
            ));
        }
        Ok(())
    }

    fn save(&mut self, _round: u64, elapsed: f64, paused: Option<Pause>) -> anyhow::Result<()> {
        let design = &self.ladder.design;
        let kept = self.states.iter().enumerate().map(|(j, s)| design.plays(j).then(|| s.clone()));
        let state = LadderState {
            fingerprint: self.fingerprint.clone(),
            elapsed_seconds: elapsed,
            jobs: kept.collect(),
            paused: paused.is_some(),
            paused_by: paused,
        };
        saved::save(self.root, &state)
    }
}

/// Matches that panicked, over every job.
pub(super) fn failed_matches(states: &[JobState]) -> usize {
    states.iter().map(|s| s.failures.len()).sum()
}

/// Write the result files (whole ladders only; a shard keeps its checkpoint for `merge`),
/// then `ladder.json` marked complete, last.
pub(super) fn finish(
    ladder: &Ladder,
    root: &Path,
    states: &[JobState],
    elapsed: f64,
    command_line: &[String],
) -> anyhow::Result<()> {
    let mut file = ladder.ladder_file(true, elapsed, command_line);
    if ladder.design.shard.is_none() {
        let names = write_ladder_files(root, ladder.game.name(), &ladder.design, states)?;
        file.listing = Listing::of(root, names)?;
    }
    write_atomic(&root.join(LADDER_FILE), &serde_json::to_vec_pretty(&file)?)
}

/// How far a ladder folder has come, for `arena status` (read only).
#[derive(Debug)]
pub struct LadderProgress {
    pub game: String,
    pub complete: bool,
    /// A shard of a ladder (it writes no results or report until merged).
    pub sharded: bool,
    pub matches: u64,
    /// The jobs this folder plays, and those of them still open, by name.
    pub jobs: usize,
    pub open: Vec<String>,
}

pub fn progress(dir: &Path) -> anyhow::Result<LadderProgress> {
    let file = read_ladder_file(dir)?;
    let ladder = Ladder::new(file.request.clone(), Some(dir.to_path_buf()))?;
    let d = &ladder.design;
    let jobs = d.jobs();
    let state = read_state(dir, &file.fingerprint, jobs.len())?;
    let mut progress = LadderProgress {
        game: file.request.game.clone(),
        complete: file.complete,
        sharded: d.shard.is_some(),
        matches: 0,
        jobs: (0..jobs.len()).filter(|&j| d.plays(j)).count(),
        open: Vec::new(),
    };
    for (j, kind) in jobs.iter().enumerate().filter(|(j, _)| d.plays(*j)) {
        let job = state.as_ref().and_then(|s| s.jobs[j].as_ref());
        progress.matches += job.map_or(0, JobState::matches);
        if job.is_none_or(|s| s.stopped.is_none()) {
            progress.open.push(d.job_name(*kind));
        }
    }
    Ok(progress)
}
