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

/// What the first signal prints: what happens now and what a second signal would do.
const FIRST: &[u8] = b"\narena: stop signal: pausing at the next checkpoint (a second signal stops at once and loses the matches played since the last checkpoint)\n";
/// What a second signal prints before the process ends.
const SECOND: &[u8] = b"\narena: second stop signal: stopped at once; matches since the last checkpoint are lost, and --resume continues from the last checkpoint (from the first match if none was saved)\n";

/// Write to stderr from a signal handler: one write(2) on descriptor 2, with no lock and no
/// allocation (`eprintln!` takes a lock the interrupted thread may hold).
fn say(text: &[u8]) {
    use std::io::Write;
    use std::os::fd::FromRawFd;
    // SAFETY: descriptor 2 stays open for the life of the process; ManuallyDrop keeps this
    // File from closing it.
    let mut stderr = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(2) });
    let _ = stderr.write(text);
}

/// Install the handlers (once per process). The first signal sets the stop flag and says
/// so; with the flag already set, the next one says so and ends the process at once.
pub fn install() -> std::io::Result<()> {
    install_saying(FIRST, SECOND)
}

/// [`install`], with `first` and `second` as what the first and the second signal print
/// (`arena play` stops rather than pauses, and keeps every step played).
pub fn install_saying(first: &'static [u8], second: &'static [u8]) -> std::io::Result<()> {
    let stop = flag();
    for signal in [SIGTERM, SIGINT] {
        // Registered first, so it sees the flag as it was before this signal's own handler.
        let seen = Arc::clone(stop);
        let action = move || {
            if seen.load(Ordering::SeqCst) {
                say(second);
                signal_hook::low_level::exit(128 + signal);
            }
            say(first);
        };
        // SAFETY: the action only reads an atomic, calls write(2) and _exit(2), which are
        // async-signal-safe.
        unsafe { signal_hook::low_level::register(signal, action) }?;
        signal_hook::flag::register(signal, Arc::clone(stop))?;
    }
    Ok(())
}

/// Whether a stop was asked for: the run pauses at the next block boundary.
pub fn stop_requested() -> bool {
    STOP.get().is_some_and(|f| f.load(Ordering::Relaxed))
}
