//! Stopping politely: on SIGTERM or SIGINT (what Slurm sends before preempting a job or at
//! its time limit, and what a closed terminal or Ctrl-C sends) a run finishes the block it is
//! playing, writes its checkpoint and exits with the pause code (4), so `--resume` continues
//! byte-identically. A second signal stops the process at once (exit code 130 for SIGINT,
//! 143 for SIGTERM, as a shell reports them). Only the command line installs the handlers;
//! library callers and tests run without them.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::consts::{SIGINT, SIGTERM};

static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();

fn flag() -> &'static Arc<AtomicBool> {
    STOP.get_or_init(|| Arc::new(AtomicBool::new(false)))
}

/// Install the handlers (once per process). The first signal sets the stop flag; with the
/// flag already set, the next one ends the process immediately.
pub fn install() -> std::io::Result<()> {
    let stop = flag();
    for signal in [SIGTERM, SIGINT] {
        // Registered first, so it sees the flag as it was before this signal's own handler.
        signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(stop))?;
        signal_hook::flag::register(signal, Arc::clone(stop))?;
    }
    Ok(())
}

/// Whether a stop was asked for: the run pauses at the next block boundary.
pub fn stop_requested() -> bool {
    STOP.get().is_some_and(|f| f.load(Ordering::Relaxed))
}
