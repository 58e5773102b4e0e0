//! How a running job tells a person how it is doing: its progress through the installed
//! [`voice`](crate::session::voice) (a bar on a terminal, a line a minute in a log: `cli`
//! draws it), and the words of the time left once the speed is measured.

use crate::session::voice::{self, Meter};
use crate::stats::verdict::grouped;

/// A progress display for one game's range of matches (nothing when quiet).
pub struct Progress {
    meter: Option<Box<dyn Meter>>,
}

/// Seconds of play a speed is measured over before the time left is foretold: the first
/// block's few matches mostly time starting the threads and warming the caches, and an
/// estimate from them was 5 to 20 times too long.
pub const MEASURE_SECONDS: f64 = 2.0;

/// The matches played and the seconds they took since the session started, until they
/// are enough to foretell the rest ([`MEASURE_SECONDS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SpeedProbe {
    pub matches: u64,
    pub seconds: f64,
}

impl SpeedProbe {
    /// Add a block of `matches` played in `seconds`; whether the speed is now measured.
    pub fn add(&mut self, matches: u64, seconds: f64) -> bool {
        self.matches += matches;
        self.seconds += seconds.max(0.0);
        self.seconds >= MEASURE_SECONDS
    }

    /// The seconds `left` more matches take at this speed.
    pub fn seconds_for(&self, left: u64) -> f64 {
        self.seconds / self.matches.max(1) as f64 * left as f64
    }
}

/// Where a job expects to stop ([`crate::session::blocks::BlockJob::expected_end`]), and
/// whether that is only a cap it may stop well before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpectedEnd {
    pub at: u64,
    pub sooner_possible: bool,
}

impl Progress {
    /// `total` matches, of which `done` are already played (a resumed run).
    pub fn new(total: u64, done: u64, label: &str, quiet: bool) -> Progress {
        Progress { meter: if quiet { None } else { voice::meter(total, done, label) } }
    }

    /// `done` of the total are played.
    pub fn set(&mut self, done: u64) {
        if let Some(m) = self.meter.as_mut() {
            m.set(done);
        }
    }

    /// Once the speed is measured (`measured`, [`MEASURE_SECONDS`] of play, or the first
    /// block if it took longer), with `left` matches expected still to play (`capped`: at
    /// most, the run may stop sooner; `bar_capped`: the display's total is a cap, as it is
    /// for any stopping rule, so its time left is "at most"): the display shows the time left
    /// from now on, and when the rest is expected to take more than a minute a line says so,
    /// so that a slow run (deep-search bots) is never a silent wait.
    pub fn estimate(&mut self, measured: &SpeedProbe, left: u64, capped: bool, bar_capped: bool) {
        let Some(m) = self.meter.as_mut() else { return };
        m.measured(bar_capped);
        if let Some(line) = estimate_line(measured, left, capped) {
            m.note(&line);
        }
    }

    pub fn finish(&mut self) {
        if let Some(m) = self.meter.as_mut() {
            m.finish();
        }
    }
}

/// Seconds beyond which a run's expected time is said before it is played.
const ESTIMATE_ABOVE_SECONDS: f64 = 60.0;

/// The estimate line, when the `left` matches are expected to take more than a minute at the
/// `measured` speed; `capped`: `left` runs to the run's cap, and its rule may stop it sooner.
fn estimate_line(measured: &SpeedProbe, left: u64, capped: bool) -> Option<String> {
    if measured.matches == 0 || measured.seconds <= 0.0 {
        return None;
    }
    let rest = measured.seconds_for(left);
    let speed = format!(
        "at the speed of the first {} ({:.1} s)",
        grouped(measured.matches),
        measured.seconds
    );
    (rest > ESTIMATE_ABOVE_SECONDS).then(|| {
        if capped {
            format!(
                "estimate: at most {} for the {} matches left to the cap, {speed}; the run stops as soon as its rule is met, often far sooner",
                duration_text(rest),
                grouped(left)
            )
        } else {
            format!(
                "estimate: about {} for the {} matches still to play, {speed}",
                duration_text(rest),
                grouped(left)
            )
        }
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
    fn a_run_longer_than_a_minute_is_estimated_and_a_short_one_is_not() {
        // 6 matches in 7.2 s, 294 left: 1.2 s each, about 353 s.
        let measured = SpeedProbe { matches: 6, seconds: 7.2 };
        let line = estimate_line(&measured, 294, false).unwrap();
        assert!(line.starts_with("estimate: about 6 min for the 294 matches"), "{line}");
        let quick = SpeedProbe { matches: 1000, seconds: 0.1 };
        assert_eq!(estimate_line(&quick, 100_000, false), None);
        assert_eq!(estimate_line(&SpeedProbe { matches: 0, seconds: 1.0 }, 10, false), None);
        assert_eq!(duration_text(7200.0), "2.0 h");
    }

    #[test]
    fn a_capped_run_is_estimated_as_at_most_its_cap() {
        // --until-decided to a cap of 10,000,000: the time to the cap is a bound, not a
        // forecast (a user read "25.7 h" for a run that decided after six minutes).
        let measured = SpeedProbe { matches: 200_000, seconds: 2.0 };
        let line = estimate_line(&measured, 9_800_000, true).unwrap();
        assert!(
            line.starts_with("estimate: at most 2 min for the 9,800,000 matches left to the cap"),
            "{line}"
        );
        assert!(line.contains("often far sooner"), "{line}");
    }

    #[test]
    fn the_speed_is_measured_over_two_seconds_not_the_first_block() {
        // A first block of 8 matches in a millisecond is not a measurement (thread start,
        // cold caches); blocks are added until two seconds of play.
        let mut probe = SpeedProbe::default();
        assert!(!probe.add(8, 0.001));
        assert!(!probe.add(64_000, 0.25));
        for _ in 0..6 {
            probe.add(256_000, 0.25);
        }
        assert!(probe.add(256_000, 0.25), "{probe:?}");
        assert_eq!(probe.matches, 8 + 64_000 + 7 * 256_000);
        // A single slow block (deep-search bots) is a measurement by itself.
        assert!(SpeedProbe::default().add(2, 30.0));
    }
}
