//! The run engine, as a library floor above the arena, the statistics and the output files:
//! validating what to play ([`MatchSpec`] → [`Plan`]), executing it with checkpoints,
//! resuming, sharding, merging, and writing a run's result folder, behind a small API that
//! returns one [`RunResult`]. The command line only parses arguments, calls this and prints;
//! benches, tests and every command (run, merge, plan, bench, trace) use it the same way.
//!
//! ```no_run
//! use arena::session::{Execution, Experiment, RequestFlags, run};
//! let flags = RequestFlags {
//!     game: Some("pig".into()),
//!     bots: Some("greedy,random".into()),
//!     ..RequestFlags::default()
//! };
//! let experiment = Experiment::new(flags.request(10_000), Some("results/pig".into()))?;
//! let result = run(&experiment, &Execution::quiet(2), |_| {})?;
//! println!("{:?}", result.end);
//! # Ok::<(), anyhow::Error>(())
//! ```

// What a command does, one folder each (a folder's mod.rs holds its request and design).
pub mod ladder;
pub mod plan;
pub mod play;
pub mod run;
pub mod sweep;
pub mod trace;
pub mod tune;
pub mod view;

// Commands small enough for one file.
pub mod bench;
pub mod blocks;
pub mod rerun;
pub mod saved;
pub mod shards;
pub mod status;

// What every command shares: input errors, result folders and their locks, stop signals,
// progress, experiment files.
pub mod experiment_file;
pub mod folder;
pub mod input;
pub mod progress;
pub mod signals;
pub mod voice;

pub use experiment_file::ExperimentFile;
pub use folder::{FolderLock, LOCK_FILE, claim_new_dir, prepare_out_dir, timestamp};
pub use input::{InputError, input, is_input_error};
pub use plan::pilot::{Pilot, matches_for_width, pilot};
pub use plan::request::{
    DEFAULT_SEED, PLAN_FILE, PlanFile, RequestFlags, RunRequest, SCALE_VAR, match_scale,
};
pub use plan::{
    MatchSpec, Plan, Shard, Stopping, StoppingFlags, StoppingRequest, input_records, parse_matches,
    parse_threads, thread_cap,
};
pub use progress::duration_text;
pub use run::execute::{CHECKPOINT, Execution, RunSummary, StopReport, execute};
pub use run::experiment::{Experiment, GameRun, RunEnd, RunResult, run};
pub use run::results::{MergeResult, SHARD_TALLY, ShardTally, merge, write_results};
pub use sweep::merge::merge_sweep;
pub use sweep::run::{SWEEP_FILE, SWEEP_TALLY, SweepResult, run_sweep};
pub use sweep::{MAX_VARIANTS, Sweep, SweepRequest, Variant};
