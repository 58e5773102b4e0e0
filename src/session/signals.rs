//! Stopping politely: on SIGTERM or SIGINT (what Slurm sends before preempting a job or at
//! its time limit, and what a closed terminal or Ctrl-C sends) a run finishes the block it is
//! playing, writes its checkpoint and exits with the pause code (4), so `--resume` continues
//! byte-identically. A second signal stops the process at once (exit code 130 for SIGINT,
//! 143 for SIGTERM, as a shell reports them). Only the command line installs the handlers;
//! library callers and tests run without them.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

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
    for signal in [SIGTERM, SIGINT] {
        let stop = Arc::clone(flag());
        // One action sets the flag and says so: once the first signal's words are out, the
        // flag is set, so a second signal (on any thread) always stops at once.
        let action = move || {
            if stop.swap(true, Ordering::SeqCst) {
                say(second);
                signal_hook::low_level::exit(128 + signal);
            }
            say(first);
        };
        // SAFETY: the action only swaps an atomic, calls write(2) and _exit(2), which are
        // async-signal-safe.
        unsafe { signal_hook::low_level::register(signal, action) }?;
    }
    Ok(())
}

/// Whether a stop was asked for: the run pauses at the next block boundary.
pub fn stop_requested() -> bool {
    STOP.get().is_some_and(|f| f.load(Ordering::Relaxed))
}

/// Whether a long job (run, sweep, tune, ladder) should pause at this block boundary: a stop
/// signal arrived. Every job asks here once per boundary, never on a timer, so that the test
/// hook below can name a boundary by its number.
///
/// Tests only: `ARENA_FAILPOINT=boundary:N:stop` behaves at the N-th boundary (counted from 1)
/// as if SIGTERM had just arrived; `boundary:N:hold` waits there, after saying
/// `arena: held at boundary N` on stderr, until a real signal arrives (or the process is
/// killed); `boundary:N:hold-until-killed` waits there whatever arrives (a second signal
/// still ends the process). They put a signal, or a kill, at a chosen place rather than after
/// a guessed number of milliseconds, so a test's verdict does not depend on the machine's
/// speed.
pub fn stop_at_boundary() -> bool {
    static BOUNDARIES: AtomicU64 = AtomicU64::new(0);
    let n = BOUNDARIES.fetch_add(1, Ordering::SeqCst) + 1;
    match boundary_hook() {
        Some((at, BoundaryHook::Stop)) if n >= at => flag().store(true, Ordering::SeqCst),
        Some((at, BoundaryHook::Hold)) if n == at => hold(n, stop_requested),
        Some((at, BoundaryHook::HoldUntilKilled)) if n == at => hold(n, || false),
        _ => {}
    }
    stop_requested()
}

#[derive(Clone, Copy)]
enum BoundaryHook {
    Stop,
    Hold,
    HoldUntilKilled,
}

/// `ARENA_FAILPOINT=boundary:N:stop|hold|hold-until-killed`, read once.
fn boundary_hook() -> Option<(u64, BoundaryHook)> {
    static HOOK: OnceLock<Option<(u64, BoundaryHook)>> = OnceLock::new();
    *HOOK.get_or_init(|| {
        let text = std::env::var("ARENA_FAILPOINT").ok()?;
        let mut parts = text.split(':');
        let (Some("boundary"), Some(n), Some(kind), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        let kind = match kind {
            "stop" => BoundaryHook::Stop,
            "hold" => BoundaryHook::Hold,
            "hold-until-killed" => BoundaryHook::HoldUntilKilled,
            _ => return None,
        };
        Some((n.parse().ok().filter(|&n| n > 0)?, kind))
    })
}

/// Wait at boundary `n` until `released`; said on stderr first, so a test knows the moment
/// has come (an event to wait for, not a guess of time).
fn hold(n: u64, released: fn() -> bool) {
    crate::session::voice::err(&format!("arena: held at boundary {n}"));
    while !released() {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}
