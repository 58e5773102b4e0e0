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

/// The widest line a person reads on stdout: 100 characters, or the terminal's width when
/// stdout is a narrower terminal (a pipe or a file gets 100, so captured output is the same
/// on every machine).
pub const MAX_LINE: usize = 100;

/// The width lines are wrapped to: [`MAX_LINE`], or less on a narrower terminal (never below
/// 40, where wrapping would leave a word a line).
pub fn line_width() -> usize {
    terminal_columns().map_or(MAX_LINE, |c| c.clamp(40, MAX_LINE))
}

/// The columns of the terminal stdout writes to; `None` when stdout is not a terminal.
fn terminal_columns() -> Option<usize> {
    // SAFETY: isatty and ioctl(TIOCGWINSZ) only read the descriptor's state into `size`, a
    // plain struct of integers owned here.
    unsafe {
        if libc::isatty(libc::STDOUT_FILENO) != 1 {
            return None;
        }
        let mut size: libc::winsize = std::mem::zeroed();
        if libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) != 0 || size.ws_col == 0 {
            return None;
        }
        Some(size.ws_col as usize)
    }
}

/// `line` cut at spaces into lines of at most `width` characters; each further line is
/// indented four spaces past the first's own indent, so that it reads as a continuation. A
/// word longer than the width (a folder path) stays whole on a line of its own.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    // A line that fits keeps its spacing (a table's columns).
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    let more = " ".repeat(indent + 4);
    let mut out: Vec<String> = Vec::new();
    let mut current = line[..indent].to_string();
    let mut empty = true;
    for word in line[indent..].split(' ').filter(|w| !w.is_empty()) {
        let len = current.chars().count() + usize::from(!empty) + word.chars().count();
        if !empty && len > width {
            out.push(std::mem::replace(&mut current, more.clone()));
            empty = true;
        }
        if !empty {
            current.push(' ');
        }
        current.push_str(word);
        empty = false;
    }
    out.push(current);
    out
}

/// Print `line` to stdout, wrapped to [`line_width`].
pub fn say(line: &str) {
    for part in wrap(line, line_width()) {
        print_out(format_args!("{part}\n"));
    }
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn long_lines_wrap_at_spaces_with_continuations_indented() {
        let line = "  seat edge: a small first-seat edge, +0.7 pp [+0.4, +0.9], inside the margin";
        let parts = wrap(line, 40);
        assert!(parts.iter().all(|p| p.chars().count() <= 40), "{parts:?}");
        assert_eq!(parts[0], "  seat edge: a small first-seat edge,");
        assert!(parts[1..].iter().all(|p| p.starts_with("      ") && !p.starts_with("       ")));
        assert_eq!(
            parts.join(" ").split_whitespace().collect::<Vec<_>>(),
            line.split_whitespace().collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_short_line_and_an_overlong_word_stay_whole() {
        assert_eq!(wrap("  ok", 40), vec!["  ok"]);
        let path = format!("-> {}", "x".repeat(60));
        assert_eq!(wrap(&path, 40), vec!["->".to_string(), format!("    {}", "x".repeat(60))]);
    }
}
