//! The block loop every long job shares (a run, a sweep, a tuning's sweeps, a ladder, whose
//! block is one round): matches are played in blocks sized to take about a quarter second
//! (a first small block measures the speed for the estimate), a block never crosses a stopping rule's check point, a
//! checkpoint is saved every [`CHECKPOINT_SECONDS`], and at every boundary, in the same
//! order for every job, the job pauses with a checkpoint on a stop signal (SIGTERM, SIGINT)
//! or once `--time-limit` has passed. What a block plays, how it is added up, what a
//! checkpoint holds and when a stopping rule is met are the job's ([`BlockJob`]).
//!
//! Where the blocks fall never changes a result: tallies hold integer counts, and the
//! stopping rule is asked only at fixed match counts.

use std::time::Instant;

use crate::runner::pace::{BlockSizer, QuietPanics};
use crate::session::progress::{ExpectedEnd, Progress, SpeedProbe};
use crate::session::signals::stop_at_boundary;

/// Seconds between the checkpoints of a job that is not paused.
pub const CHECKPOINT_SECONDS: f64 = 30.0;

/// What one kind of job does with its blocks.
pub trait BlockJob {
    /// Play matches `start..end` (`start` begins a deal group) and add them to the job.
    fn play(&mut self, start: u64, end: u64) -> anyhow::Result<()>;
    /// Whether the job's stopping rule ends it at `next` (asked only at check points).
    fn stops_at(&mut self, _next: u64) -> bool {
        false
    }
    /// Where the job expects to stop, at most `end`: a stopping rule that can be foreseen
    /// (an interval's width) ends well before the maximum, and the estimate said before a
    /// long run must be of the matches that will be played, not of the maximum; one that
    /// cannot (a verdict's, an SPRT's) makes `end` a cap, and the estimate says so.
    fn expected_end(&self, end: u64) -> ExpectedEnd {
        ExpectedEnd { at: end, sooner_possible: false }
    }
    /// Say how far the job is (`status.json`), after a block that did not end it.
    fn progressed(&mut self, _next: u64) -> anyhow::Result<()> {
        Ok(())
    }
    /// Save a checkpoint at `next`; `paused`: the job pauses there, and why.
    fn save(
        &mut self,
        next: u64,
        elapsed_seconds: f64,
        paused: Option<Pause>,
    ) -> anyhow::Result<()>;
}

/// Why a job paused, kept with its checkpoint so that `arena status` says which: a person
/// who set `--time-limit` and one whose job a scheduler stopped resume for different reasons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pause {
    /// SIGTERM or SIGINT (Slurm's preemption, a closed terminal, Ctrl-C).
    Signal,
    /// The session's `--time-limit` passed.
    TimeLimit,
}

/// Where a job paused (the next match to play) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paused {
    pub at: u64,
    pub by: Pause,
}

impl Pause {
    /// "paused by a stop signal", "paused by its --time-limit".
    pub fn words(self) -> &'static str {
        match self {
            Pause::Signal => "paused by a stop signal",
            Pause::TimeLimit => "paused by its --time-limit",
        }
    }

    /// "stop signal", "--time-limit": the cause in the console's line.
    pub fn cause(self) -> &'static str {
        match self {
            Pause::Signal => "stop signal",
            Pause::TimeLimit => "--time-limit",
        }
    }
}

/// The matches a job plays and how it plays them.
pub struct Course {
    /// What the progress bar calls the job.
    pub label: String,
    /// The job's first match, the next one to play, and its end.
    pub start: u64,
    pub next: u64,
    pub end: u64,
    /// Matches per deal group: blocks are whole groups.
    pub group: u64,
    /// A stopping rule's check points (every this many matches), if it has one.
    pub check_every: Option<u64>,
    /// The most matches in one block, if the job holds something per match (its rows).
    pub max_block: Option<u64>,
    pub threads: usize,
    pub quiet: bool,
    /// Pause once this many seconds of this session have passed.
    pub time_limit: Option<f64>,
    /// Seconds spent in earlier sessions (a resumed job's clock goes on from there).
    pub earlier_seconds: f64,
    /// Whether the job can pause (it saves checkpoints); a job that cannot (a search's
    /// measurement, which writes nothing) plays to its end and leaves signals to its caller.
    pub pausable: bool,
    /// The job goes on from a checkpoint a pause saved: the loop saves it again, not paused,
    /// before its first block, so that `arena status` of a resumed job killed before its
    /// next save says stopped, not the pause it continued from. (A run says so in the
    /// `status.json` it writes as it starts.)
    pub resumes_a_pause: bool,
}

/// How the loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every match up to the end was played.
    Played,
    /// The stopping rule was met at `next`.
    Stopped,
    /// A stop signal or the time limit paused the job at `next` (its checkpoint is saved).
    Paused(Pause),
}

/// Where the loop ended, how, and the seconds spent in every session so far.
#[derive(Clone, Copy, Debug)]
pub struct Ended {
    pub ending: Ending,
    pub next: u64,
    pub elapsed_seconds: f64,
}

impl Course {
    /// The check point at or after `next`: the largest multiple of the group when rounding
    /// up would pass 2^64 - 1.
    fn chunk(&self) -> Option<u64> {
        let group = self.group;
        self.check_every
            .map(|c| c.div_ceil(group).checked_mul(group).unwrap_or(u64::MAX / group * group))
    }
}

/// When a job pauses: at a boundary (after a block; a ladder's block is a round), on a
/// stop signal or once its time limit has passed. Asked once per boundary.
struct PauseClock {
    started: Instant,
    time_limit: Option<f64>,
}

impl PauseClock {
    /// A clock started now, for a session of at most `time_limit` seconds.
    fn new(time_limit: Option<f64>) -> Self {
        PauseClock { started: Instant::now(), time_limit }
    }

    /// Whether the job pauses at this boundary, and why. The signal is asked first and
    /// always, so the test hook (`ARENA_FAILPOINT=boundary:N:...`) counts boundaries exactly.
    fn pause_here(&self) -> Option<Pause> {
        if stop_at_boundary() {
            return Some(Pause::Signal);
        }
        let late = self.time_limit.is_some_and(|t| self.started.elapsed().as_secs_f64() >= t);
        late.then_some(Pause::TimeLimit)
    }
}

/// The pool of `threads` workers a job's blocks are played on (every kind builds its own,
/// so that `--threads` holds for it whatever rayon's global pool is).
pub fn pool(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start {threads} threads: {e}"))
}

/// Play `course` with `job` from `course.next` to its end, a stopping point or a pause.
pub fn drive(job: &mut impl BlockJob, course: &Course) -> anyhow::Result<Ended> {
    let (start, end) = (course.start, course.end);
    let mut next = course.next;
    let chunk = course.chunk();
    let started = Instant::now();
    let clock = PauseClock::new(course.time_limit);
    let elapsed = || course.earlier_seconds + started.elapsed().as_secs_f64();
    let ended = |ending, next| Ended { ending, next, elapsed_seconds: elapsed() };
    // A job continued at a check point asks there first: an extended run whose old target
    // was met here may meet the new one here too, as a run of the new target from the start
    // would have.
    let at_check = |next: u64| chunk.is_some_and(|c| next.is_multiple_of(c));
    if next > start && next < end && at_check(next) && job.stops_at(next) {
        return Ok(ended(Ending::Stopped, next));
    }
    if course.resumes_a_pause {
        job.save(next, course.earlier_seconds, None)?;
    }
    let mut progress = Progress::new(end - start, next - start, &course.label, course.quiet);
    let _quiet = QuietPanics::install();
    let mut sizer = BlockSizer::new(course.threads, course.group, 0.25);
    let mut last_checkpoint = Instant::now();
    // The first small block and the speed measured until it means something serve the
    // estimate, which a quiet job does not print.
    let mut first_block = !course.quiet;
    let mut speed = (!course.quiet).then(SpeedProbe::default);
    while next < end {
        let size = if first_block { sizer.probe(course.threads) } else { sizer.next() };
        first_block = false;
        let size = course.max_block.map_or(size, |m| size.min(m.max(course.group)));
        let mut block_end = (next + size).min(end);
        if let Some(c) = chunk {
            // Never cross a check point: the stopping index must not depend on timing.
            block_end = block_end.min((next / c + 1) * c);
        }
        let block_started = Instant::now();
        job.play(next, block_end)?;
        if let Some(probe) = speed.as_mut()
            && probe.add(block_end - next, block_started.elapsed().as_secs_f64())
        {
            let expected = job.expected_end(end);
            let left = expected.at.clamp(block_end, end) - block_end;
            // The bar runs to `end`: a cap whenever the job may stop before it, foreseen or not.
            let bar_capped = expected.sooner_possible || expected.at < end;
            progress.estimate(probe, left, expected.sooner_possible, bar_capped);
            speed = None;
        }
        sizer.observe(block_end - next, block_started);
        next = block_end;
        progress.set(next - start);
        if at_check(next) && job.stops_at(next) {
            progress.finish();
            return Ok(ended(Ending::Stopped, next));
        }
        if next == end {
            break;
        }
        job.progressed(next)?;
        if !course.pausable {
            continue;
        }
        // A time limit, or SIGTERM/SIGINT (Slurm's preemption, a closed terminal).
        let pause = clock.pause_here();
        if pause.is_some() || last_checkpoint.elapsed().as_secs_f64() >= CHECKPOINT_SECONDS {
            job.save(next, elapsed(), pause)?;
            last_checkpoint = Instant::now();
            if let Some(by) = pause {
                progress.finish();
                return Ok(ended(Ending::Paused(by), next));
            }
        }
    }
    progress.finish();
    Ok(ended(Ending::Played, next))
}
