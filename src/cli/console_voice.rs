//! The program's one voice ([`crate::session::voice`]): a session's notes and progress on
//! stderr and its answers on stdout, through `output::console`, which stops quietly on a
//! closed pipe. Progress is a bar when stderr is a terminal, and otherwise (nohup, a batch
//! log, a cluster job) one plain line a minute with matches done, rate and time left, so an
//! overnight log is never silent.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::session::duration_text;
use crate::session::voice::{Meter, Voice};

/// Seconds between plain progress lines.
const LINE_EVERY: Duration = Duration::from_secs(60);

/// The bar until the speed is measured: no time left, which would be a guess.
const MEASURING_TEMPLATE: &str =
    "{prefix} [{bar:30}] {human_pos}/{human_len} matches, {per_sec}, measuring the speed";
const MEASURED_TEMPLATE: &str =
    "{prefix} [{bar:30}] {human_pos}/{human_len} matches, {per_sec}, about {eta} left";
const CAPPED_TEMPLATE: &str =
    "{prefix} [{bar:30}] {human_pos}/{human_len} matches, {per_sec}, at most {eta} left";

/// stdout and stderr.
pub struct ConsoleVoice;

impl Voice for ConsoleVoice {
    fn out(&self, line: &str) {
        crate::outln!("{line}");
    }

    fn err(&self, line: &str) {
        crate::errln!("{line}");
    }

    fn meter(&self, total: u64, done: u64, label: &str) -> Box<dyn Meter> {
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(bar_style(MEASURING_TEMPLATE));
            bar.set_prefix(label.to_string());
            bar.set_position(done);
            return Box::new(Bar(bar));
        }
        let now = Instant::now();
        Box::new(PlainLines {
            label: label.to_string(),
            total,
            started: now,
            done_at_start: done,
            last: now,
            measured: false,
            capped: false,
        })
    }
}

fn bar_style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).expect("valid template").progress_chars("=> ")
}

/// A terminal's bar.
struct Bar(ProgressBar);

impl Meter for Bar {
    fn set(&mut self, done: u64) {
        self.0.set_position(done);
    }

    fn measured(&mut self, at_most: bool) {
        self.0.set_style(bar_style(if at_most { CAPPED_TEMPLATE } else { MEASURED_TEMPLATE }));
    }

    fn note(&mut self, line: &str) {
        self.0.suspend(|| crate::errln!("{line}"));
    }

    fn finish(&mut self) {
        self.0.finish_and_clear();
    }
}

/// A log's line a minute.
struct PlainLines {
    label: String,
    total: u64,
    started: Instant,
    done_at_start: u64,
    last: Instant,
    /// Whether the speed has been measured long enough to foretell the time left, and
    /// whether the total is only a cap (the run may stop sooner).
    measured: bool,
    capped: bool,
}

impl PlainLines {
    fn line(&self, done: u64) -> String {
        let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
        let rate = (done - self.done_at_start) as f64 / seconds;
        let left = self.total.saturating_sub(done);
        let eta = match (self.measured && rate > 0.0, self.capped) {
            (false, _) => "the speed still being measured".to_string(),
            (true, false) => format!("about {} left", duration_text(left as f64 / rate)),
            (true, true) => format!("at most {} left", duration_text(left as f64 / rate)),
        };
        format!(
            "{}: {done} of {} matches ({:.1}%), {rate:.0} matches/s, {eta}",
            self.label,
            self.total,
            100.0 * done as f64 / self.total.max(1) as f64
        )
    }
}

impl Meter for PlainLines {
    fn set(&mut self, done: u64) {
        if self.last.elapsed() >= LINE_EVERY {
            self.last = Instant::now();
            crate::errln!("{}", self.line(done));
        }
    }

    fn measured(&mut self, at_most: bool) {
        self.measured = true;
        self.capped = at_most;
    }

    fn note(&mut self, line: &str) {
        crate::errln!("{line}");
    }

    fn finish(&mut self) {}
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
            measured: true,
            capped: false,
        };
        let line = p.line(500);
        assert!(line.starts_with("pig: 500 of 1000 matches (50.0%), "), "{line}");
        assert!(line.contains("matches/s, about 10 s left"), "{line}");
    }

    #[test]
    fn a_plain_line_says_the_speed_is_measured_before_it_gives_time_left() {
        let mut p = PlainLines {
            label: "dardz".into(),
            total: 1000,
            started: Instant::now() - Duration::from_secs(10),
            done_at_start: 0,
            last: Instant::now(),
            measured: false,
            capped: false,
        };
        assert!(p.line(500).ends_with("the speed still being measured"), "{}", p.line(500));
        p.measured(true);
        assert!(p.line(500).contains("at most 10 s left"), "{}", p.line(500));
    }
}
