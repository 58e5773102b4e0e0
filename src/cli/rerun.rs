//! `arena rerun DIR`: play a finished folder's job again, exactly as the line its page prints
//! (run here in the same process, as if typed), and say in one line whether every CSV file
//! came out the same. Exit code 0 when it matches, 5 when it differs.

use std::path::PathBuf;

use clap::Args;

use crate::cli::Status;
use crate::report::rerun::{JobKind, shell_line};
use crate::session::rerun::{compare, prepare};

#[derive(Args, Debug)]
pub struct RerunArgs {
    /// A finished result folder: a run, the default experiment, a sweep, a ladder, a tuning
    /// or a merge (a folder inside one, such as one game, reruns the whole job).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// Where to play it (new or empty) [default: DIR-rerun, beside the job's folder].
    #[arg(long, value_name = "NEW")]
    pub out: Option<PathBuf>,
    /// Worker threads (default: all cores). Never changes any result, so a rerun on another
    /// count checks that too.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Only the line that says whether it matches (no progress, no summary of the rerun).
    #[arg(long)]
    pub quiet: bool,
}

pub fn rerun_command(args: RerunArgs) -> anyhow::Result<Status> {
    let rerun = prepare(&args.dir, args.out.as_deref())?;
    if let Some(warning) = rerun.other_build() {
        crate::errln!("warning: {warning}");
    }
    let mut words = rerun.words.clone();
    if !args.quiet {
        crate::outln!("rerunning {}: {}", rerun.job.root.display(), shell_line(&words));
    }
    // How fast and how loudly: never part of the line, which says only what decides results.
    // (A merge plays nothing and takes neither.)
    let merge = rerun.job.kind == JobKind::Merge;
    if let Some(threads) = args.threads.filter(|_| !merge) {
        words.extend(["--threads".to_string(), threads.to_string()]);
    }
    if args.quiet && !merge {
        words.push("--quiet".to_string());
    }
    let code = crate::cli::main_with_args(words);
    // The command has said why it stopped (bad input, an error, a pause): its code stands.
    if code != 0 && code != 3 {
        return Ok(Status::Exited(code));
    }
    let comparison = compare(&rerun.job.root, &rerun.out)?;
    crate::outln!("{}", comparison.line(&rerun.job.root, &rerun.out));
    Ok(match (comparison.matches(), code) {
        (false, _) => Status::Differs,
        (true, 3) => Status::HadFailures,
        (true, _) => Status::Ok,
    })
}
