//! Printing to stdout and stderr that never panics. `println!` panics when the reader of a
//! pipe has gone (`arena sweep ... | head -1`), which used to kill a command after some of
//! its files were written and before the rest. Here a failed write (EPIPE, or any other
//! error) only stops further printing to that stream: the command carries on, writes every
//! file it was going to write, and exits with the code it would have had. Rust already
//! ignores SIGPIPE, so a closed pipe arrives as this error and never as a signal.

use std::fmt;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a write to stdout has failed: nothing more is printed there.
static STDOUT_GONE: AtomicBool = AtomicBool::new(false);
/// The same for stderr.
static STDERR_GONE: AtomicBool = AtomicBool::new(false);

fn write_to(gone: &AtomicBool, stream: &mut dyn Write, args: fmt::Arguments) {
    if gone.load(Ordering::Relaxed) {
        return;
    }
    // Flush at once so that a closed pipe is noticed here, not in a destructor at exit.
    if stream.write_fmt(args).and_then(|()| stream.flush()).is_err() {
        gone.store(true, Ordering::Relaxed);
    }
}

/// Print to stdout unless it has been closed (see the module comment).
pub fn print_out(args: fmt::Arguments) {
    write_to(&STDOUT_GONE, &mut std::io::stdout().lock(), args);
}

/// Print to stderr unless it has been closed.
pub fn print_err(args: fmt::Arguments) {
    write_to(&STDERR_GONE, &mut std::io::stderr().lock(), args);
}

/// Whether stdout has been found closed (a command may skip work done only for printing).
pub fn stdout_gone() -> bool {
    STDOUT_GONE.load(Ordering::Relaxed)
}

/// `print!` that stops quietly on a closed stdout.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::console::print_out(format_args!($($arg)*)) };
}

/// `println!` that stops quietly on a closed stdout.
#[macro_export]
macro_rules! outln {
    () => { $crate::output::console::print_out(format_args!("\n")) };
    ($($arg:tt)*) => {
        $crate::output::console::print_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` that stops quietly on a closed stderr.
#[macro_export]
macro_rules! errln {
    () => { $crate::output::console::print_err(format_args!("\n")) };
    ($($arg:tt)*) => {
        $crate::output::console::print_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}
