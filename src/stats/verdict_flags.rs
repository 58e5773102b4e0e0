//! What the balance verdict is judged against, as a designer asks for it. Declared once:
//! clap derives the flag of `arena run` and `arena sweep` from [`VerdictFlags`], serde its
//! experiment-file key and its place in a folder's request (`plan.json`, `sweep.json`, a
//! shard's `tally.json`), and each command carries the group whole from the flag to the
//! verdict, which it judges through the group's methods ([`VerdictFlags::balance_at`],
//! [`VerdictFlags::answer_at`], ...), never through a bare margin. A new verdict flag is a
//! field here, its use in these methods and in the verdict's tests; `core::flags` fills it
//! from an experiment file, names it when a resume disagrees and writes it into a rerun's
//! command line.

use crate::stats::Tally;
use crate::stats::analysis::{self, Balance, SeatBalance, SeatEdge};
use crate::stats::verdict::{Answer, DEFAULT_FAIR_WITHIN_PP, Levels};

/// The verdict's terms as given (`None`: the default, and no key in the folder's request).
#[derive(
    clap::Args, Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize,
)]
pub struct VerdictFlags {
    /// The practical margin of the balance verdict (each variant's, in a sweep), in
    /// percentage points of the fair share [default: 1]: a seat within it is fair enough, an
    /// edge beyond it matters.
    #[arg(long, value_name = "PP", value_parser = crate::core::flags::finite)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair_within: Option<f64>,
}

impl VerdictFlags {
    /// The practical margin in percentage points: as given, or the default.
    pub fn margin_pp(&self) -> f64 {
        self.fair_within.unwrap_or(DEFAULT_FAIR_WITHIN_PP)
    }

    /// These terms, or why they cannot judge a verdict: a margin is a number of percentage
    /// points from 0 to 50.
    pub fn checked(self) -> Result<Self, String> {
        let margin = self.margin_pp();
        if !(margin.is_finite() && (0.0..=50.0).contains(&margin)) {
            return Err(format!(
                "--fair-within must be a margin in percentage points from 0 to 50 (e.g. 1 for \
                 ±1 pp), got {margin}"
            ));
        }
        Ok(self)
    }

    /// Every term with its default filled in, so that a rerun's command line pins the
    /// verdict even if a default changes.
    pub fn resolved(self) -> Self {
        VerdictFlags { fair_within: Some(self.margin_pp()) }
    }

    // The verdict judged by these terms. Every command judges through these, so a new term
    // reaches each verdict from here, not through each caller.

    /// The balance figures of a tally played by the lineup `labels` ([`analysis::balance`]).
    pub fn balance(&self, t: &Tally, labels: &[String]) -> Balance {
        analysis::balance(t, labels, self.margin_pp())
    }

    /// [`Self::balance`] with the verdict's tests at `levels` (a sequential design's look).
    pub fn balance_at(&self, t: &Tally, labels: &[String], levels: &Levels) -> Balance {
        analysis::balance_at(t, labels, self.margin_pp(), levels)
    }

    /// The verdict's answer for these seats ([`analysis::answer`]).
    pub fn answer(&self, seats: &[SeatBalance]) -> Answer {
        analysis::answer(seats, self.margin_pp())
    }

    /// [`Self::answer`] with the tests at `levels`.
    pub fn answer_at(&self, seats: &[SeatBalance], levels: &Levels) -> Answer {
        analysis::answer_at(seats, self.margin_pp(), levels)
    }

    /// The seats' answer in one phrase ([`analysis::headline`]).
    pub fn headline(&self, seats: &[SeatBalance], levels: &Levels) -> String {
        analysis::headline(seats, self.margin_pp(), levels)
    }

    /// One seat's edge as the verdict judges it ([`analysis::seat_edge_of`]).
    pub fn seat_edge_of(
        &self,
        seats: &[SeatBalance],
        seat: usize,
        levels: &Levels,
    ) -> Option<SeatEdge> {
        analysis::seat_edge_of(seats, seat, self.margin_pp(), levels)
    }

    /// The answer in the words of a one-line verdict ([`Answer::words`]).
    pub fn words(&self, answer: Answer) -> String {
        answer.words(self.margin_pp())
    }

    /// The answer in a variant's short words ([`Answer::brief`]).
    pub fn brief(&self, answer: Answer) -> String {
        answer.brief(self.margin_pp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_margin_outside_0_to_50_pp_is_refused_and_none_is_the_default() {
        assert_eq!(VerdictFlags::default().margin_pp(), DEFAULT_FAIR_WITHIN_PP);
        for bad in [-1.0, 50.5, f64::NAN, f64::INFINITY] {
            let err = VerdictFlags { fair_within: Some(bad) }.checked().unwrap_err();
            assert!(err.starts_with("--fair-within must be a margin"), "{err}");
        }
        assert!(VerdictFlags { fair_within: Some(2.5) }.checked().is_ok());
    }

    #[test]
    fn resolved_terms_are_written_whole() {
        let written = serde_json::to_string(&VerdictFlags::default().resolved()).unwrap();
        assert_eq!(written, r#"{"fair_within":1.0}"#);
    }
}
