//! What a finished sweep says of each variant on the console, computed here once from its
//! tallies (the printer only lays it out): seat 0's share, the mean length in the game's
//! unit, the verdict's brief answer against the margin, the matches that would tell an open
//! answer, and seat 0's paired difference from the baseline with what the pairing removed.

use crate::session::sweep::run::SweepResult;
use crate::stats::SHARE_UNIT;
use crate::stats::paired::PairedDiff;
use crate::stats::sweep_verdict::more::{MoreMatches, more_to_decide};
use crate::stats::tally::LENGTH_MEASURES;
use crate::stats::verdict::{ALPHA, Answer};

/// One variant's line of the sweep's console table.
#[derive(Clone, Debug)]
pub struct VariantAnswer {
    /// Seat 0's win share.
    pub seat0_share: f64,
    /// The mean length, in [`SweepAnswers::length_unit`].
    pub mean_length: f64,
    /// The verdict's answer in a few words (`fair within ±1 pp`).
    pub words: String,
    /// For an open answer: the matches that would tell it (at [`ALPHA`], a chance of 80%).
    pub more: Option<MoreMatches>,
    /// Seat 0's paired difference from the baseline; `None` for the baseline itself.
    pub against_baseline: Option<PairedDiff>,
}

/// Every variant's line, in the sweep's order, and the length unit they share.
#[derive(Clone, Debug)]
pub struct SweepAnswers {
    pub length_unit: &'static str,
    pub variants: Vec<VariantAnswer>,
}

impl SweepResult {
    /// The console's figures of every variant ([`VariantAnswer`]).
    pub fn answers(&self) -> SweepAnswers {
        let meta = &self.meta;
        let verdict = self.verdict;
        let length_unit = crate::games::build(&meta.game, None, &[]).map_or(
            "turns",
            |g| crate::with_game!(&g, x => crate::core::GameStats::length_unit(x)),
        );
        let index = LENGTH_MEASURES.iter().position(|m| *m == length_unit).unwrap_or(2);
        let variants = self
            .block
            .tallies
            .iter()
            .enumerate()
            .map(|(v, t)| {
                let balance = verdict.balance(t, &meta.labels);
                let answer = verdict.answer(&balance.seats);
                let open = matches!(answer, Answer::OpenEdge | Answer::NotEnough);
                VariantAnswer {
                    seat0_share: t.seats[0].win_rate(),
                    mean_length: t.lengths[index].mean(),
                    words: verdict.brief(answer),
                    more: if open { more_to_decide(t, verdict, ALPHA) } else { None },
                    against_baseline: (v != meta.baseline)
                        .then(|| self.block.paired.diff(v, 0, SHARE_UNIT as f64, 0.95)),
                }
            })
            .collect();
        SweepAnswers { length_unit, variants }
    }
}
