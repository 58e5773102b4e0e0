//! What a session says while it works (a note, a progress line, the address of a table) goes
//! through the one [`Voice`] that `cli` installs when the program starts: only `cli` writes
//! to stdout and stderr, and the floors test holds the session to that (no print macro
//! here). A session with no voice installed (a unit test, a library caller) says nothing.
//! Everything a session concludes it returns; this is only for what must be said before a
//! long job ends.

use std::sync::OnceLock;

/// Where a session's words go.
pub trait Voice: Send + Sync {
    /// A line for stdout (what the command answers: a table's address).
    fn out(&self, line: &str);
    /// A line for stderr (notes, progress, warnings).
    fn err(&self, line: &str);
    /// A progress display for `total` matches of which `done` are played, named `label`.
    fn meter(&self, total: u64, done: u64, label: &str) -> Box<dyn Meter>;
}

/// One job's progress display.
pub trait Meter: Send {
    /// `done` of the total are played.
    fn set(&mut self, done: u64);
    /// The speed is measured: from now on the display may say the time left (`at_most`:
    /// the total is a cap the job may stop well before).
    fn measured(&mut self, at_most: bool);
    /// A line said beside the display (an estimate), without breaking it.
    fn note(&mut self, line: &str);
    fn finish(&mut self);
}

static VOICE: OnceLock<Box<dyn Voice>> = OnceLock::new();

/// Install the program's voice (once; `cli` does it before any session starts).
pub fn install(voice: Box<dyn Voice>) {
    let _ = VOICE.set(voice);
}

/// Say `line` on stdout, if a voice is installed.
pub fn out(line: &str) {
    if let Some(v) = VOICE.get() {
        v.out(line);
    }
}

/// Say `line` on stderr, if a voice is installed.
pub fn err(line: &str) {
    if let Some(v) = VOICE.get() {
        v.err(line);
    }
}

/// A progress display from the installed voice; none without one.
pub fn meter(total: u64, done: u64, label: &str) -> Option<Box<dyn Meter>> {
    VOICE.get().map(|v| v.meter(total, done, label))
}
