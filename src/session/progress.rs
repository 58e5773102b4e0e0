//! How a running run tells a person how it is doing: a progress bar when stderr is a
//! terminal, and otherwise (nohup, a batch log, a cluster job) one plain line a minute with
//! matches done, rate and time left, so an overnight log is never silent.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Seconds between plain progress lines.
const LINE_EVERY: Duration = Duration::from_secs(60);

/// A progress display for one game's range of matches.
pub struct Progress {
    bar: ProgressBar,
    quiet: bool,
    /// For plain lines: the label, the range and when the last line was printed.
    plain: Option<PlainLines>,
}

struct PlainLines {
    label: String,
    total: u64,
    started: Instant,
    done_at_start: u64,
    last: Instant,
}

impl Progress {
    /// `total` matches, of which `done` are already played (a resumed run).
    pub fn new(total: u64, done: u64, label: &str, quiet: bool) -> Progress {
        if quiet {
            return Progress { bar: ProgressBar::hidden(), quiet, plain: None };
        }
        if !std::io::stderr().is_terminal() {
            let now = Instant::now();
            let plain = PlainLines {
                label: label.to_string(),
                total,
                started: now,
                done_at_start: done,
                last: now,
            };
            return Progress { bar: ProgressBar::hidden(), quiet, plain: Some(plain) };
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{prefix} [{bar:30}] {human_pos}/{human_len} matches, {per_sec}, ETA {eta}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar.set_prefix(label.to_string());
        bar.set_position(done);
        Progress { bar, quiet, plain: None }
    }

    /// `done` of the total are played.
    pub fn set(&mut self, done: u64) {
        self.bar.set_position(done);
        if let Some(p) = self.plain.as_mut()
            && p.last.elapsed() >= LINE_EVERY
        {
            p.last = Instant::now();
            crate::errln!("{}", p.line(done));
        }
    }

    /// After the first (probe) block of this session: `matches` took `seconds`, and `left`
    /// remain. When the rest is expected to take more than a minute, say so before it starts,
    /// so that a slow run (deep-search bots) is never a silent wait.
    pub fn estimate(&self, matches: u64, seconds: f64, left: u64) {
        if self.quiet {
            return;
        }
        if let Some(line) = estimate_line(matches, seconds, left) {
            if self.plain.is_some() {
                crate::errln!("{line}");
            } else {
                self.bar.suspend(|| crate::errln!("{line}"));
            }
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl PlainLines {
    fn line(&self, done: u64) -> String {
        let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
        let rate = (done - self.done_at_start) as f64 / seconds;
        let left = self.total.saturating_sub(done);
        let eta = if rate > 0.0 { duration_text(left as f64 / rate) } else { "unknown".into() };
        format!(
            "{}: {done} of {} matches ({:.1}%), {rate:.0} matches/s, about {eta} left",
            self.label,
            self.total,
            100.0 * done as f64 / self.total.max(1) as f64
        )
    }
}

/// Seconds beyond which a run's expected time is said before it is played.
const ESTIMATE_ABOVE_SECONDS: f64 = 60.0;

/// The estimate line, when the `left` matches are expected to take more than a minute at the
/// speed of the first `matches` (played in `seconds`).
fn estimate_line(matches: u64, seconds: f64, left: u64) -> Option<String> {
    if matches == 0 || seconds <= 0.0 {
        return None;
    }
    let rest = seconds / matches as f64 * left as f64;
    (rest > ESTIMATE_ABOVE_SECONDS).then(|| {
        format!(
            "estimate: about {} for the {left} matches still to play (the first {matches} took {seconds:.1} s; a rough figure, the progress shows the time left)",
            duration_text(rest)
        )
    })
}

/// A duration as a person reads it: 45 s, 12 min, 3.5 h.
pub fn duration_text(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 5400.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_line_says_done_rate_and_time_left() {
        let p = PlainLines {
            label: "pig".into(),
            total: 1000,
            started: Instant::now() - Duration::from_secs(10),
            done_at_start: 0,
            last: Instant::now(),
        };
        let line = p.line(500);
        assert!(line.starts_with("pig: 500 of 1000 matches (50.0%), "), "{line}");
        assert!(line.contains("matches/s, about 10 s left"), "{line}");
        assert_eq!(duration_text(7200.0), "2.0 h");
    }

    #[test]
    fn a_run_longer_than_a_minute_is_estimated_and_a_short_one_is_not() {
        // 6 matches in 7.2 s, 294 left: 1.2 s each, about 353 s.
        let line = estimate_line(6, 7.2, 294).unwrap();
        assert!(line.starts_with("estimate: about 6 min for the 294 matches"), "{line}");
        assert_eq!(estimate_line(1000, 0.1, 100_000), None);
        assert_eq!(estimate_line(0, 1.0, 10), None);
    }
}
