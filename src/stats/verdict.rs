//! The seat-balance verdict in a designer's words: not only whether the seats differ, but
//! whether the difference matters. A practical margin (the designer's, in percentage points
//! of the fair share: [`crate::stats::verdict_flags`]) turns the two questions into four
//! answers:
//!
//! - **fair within the margin**: every seat's share is shown to lie within the margin (an
//!   equivalence test: two one-sided exact binomial tests at 5% per seat, TOST, Schuirmann
//!   1987; all seats at once as an intersection-union test, which needs no adjustment);
//! - **a real but small edge**: significant, and shown to be inside the margin;
//! - **unfair by more than the margin**: the edge is shown to exceed the margin (a one-sided
//!   exact test at 5%, the lower end of the same 90% interval beyond the margin);
//! - **not enough matches to tell**, with how many more would decide, planned for a chance
//!   of 80% averaged over the true shares the matches so far allow
//!   ([`crate::stats::more_matches`]), or that no affordable count does.
//!
//! Whether a seat differs at all is the exact binomial test alone (Holm-adjusted over the
//! seats when there are more than two); the chi-square test stays in `balance.csv` but does not
//! speak in the verdict, so one verdict never says two things.

use crate::stats::intervals::clopper_pearson;

/// The default practical margin: one percentage point either side of the fair share.
pub const DEFAULT_FAIR_WITHIN_PP: f64 = 1.0;

/// The significance level of every test in the verdict.
pub const ALPHA: f64 = 0.05;

/// The verdict's answer, one of the four (plus "a real edge" the margin cannot yet place, and
/// nothing to test): the full verdict and every short form (a sweep's variant, a tune's
/// confirmation) use the same words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Every seat shown within fair ± margin, and no seat shown to differ.
    Fair,
    /// A seat shown to differ, and every seat shown within the margin.
    SmallEdge,
    /// A seat shown to differ by more than the margin.
    Unfair,
    /// A seat shown to differ, neither within nor beyond the margin yet.
    OpenEdge,
    /// No seat shown to differ, and not every seat shown within the margin.
    NotEnough,
    /// No decisive match, or one seat: nothing to test.
    Untestable,
}

impl Answer {
    /// Every answer, in the order the verdict's words list them.
    pub const ALL: [Answer; 6] = [
        Answer::Fair,
        Answer::SmallEdge,
        Answer::Unfair,
        Answer::OpenEdge,
        Answer::NotEnough,
        Answer::Untestable,
    ];

    /// The answer in the verdict's own words, short enough for a row of a table.
    pub fn words(self, margin_pp: f64) -> String {
        let margin = format!("±{margin_pp} pp");
        match self {
            Answer::Fair => format!("fair within {margin}"),
            Answer::SmallEdge => format!("a real but small edge (within {margin})"),
            Answer::Unfair => format!("unfair by more than {margin}"),
            Answer::OpenEdge => format!("a real edge, not yet shown within or beyond {margin}"),
            Answer::NotEnough => format!("not enough matches to tell (margin {margin})"),
            Answer::Untestable => "nothing to test".to_string(),
        }
    }

    /// The answer in a few words for a column of a table of games: at most 24 characters at
    /// a margin of one digit (±1 pp), 26 at one of three (±2.5 pp).
    pub fn brief(self, margin_pp: f64) -> String {
        let margin = format!("±{margin_pp} pp");
        match self {
            Answer::Fair => format!("fair within {margin}"),
            Answer::SmallEdge => format!("small edge, within {margin}"),
            Answer::Unfair => format!("unfair, beyond {margin}"),
            Answer::OpenEdge => "edge, not yet placed".to_string(),
            Answer::NotEnough => "not enough matches".to_string(),
            Answer::Untestable => "nothing to test".to_string(),
        }
    }

    /// The words the full balance verdict opens with, up to its first colon: what a page
    /// finds to tell the answer from the figures that follow (nothing to test is said as
    /// not enough matches).
    pub fn opening(self, margin_pp: f64) -> String {
        let margin = format!("±{margin_pp} pp");
        match self {
            Answer::Unfair => format!("unfair by more than the {margin} margin"),
            Answer::SmallEdge => "a real but small edge".to_string(),
            Answer::OpenEdge => {
                format!("a real edge, not yet shown to be within or beyond the {margin} margin")
            }
            Answer::Fair => format!("fair within {margin}"),
            Answer::NotEnough | Answer::Untestable => {
                format!("not enough matches to tell whether the seats are fair within {margin}")
            }
        }
    }
}

/// What the margin says about one seat's share of decisive matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relevance {
    /// Its 90% exact interval lies inside fair ± margin (TOST at 5%).
    Within,
    /// Its 90% exact interval lies wholly beyond fair ± margin (one-sided test at 5%).
    Beyond,
    /// Neither yet.
    Open,
}

/// The levels the verdict's tests are judged at: a fixed design's 5% (a 90% interval for
/// the margin, 5% for the Holm-adjusted difference), or, for a run that stopped when the
/// answer was decided (`--until-decided`), the nominal levels of a group-sequential design
/// at the look it stopped at ([`crate::stats::sequential`]), which keep both error rates at
/// 5% over all the looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Levels {
    /// The one-sided level of each margin test (TOST): the interval is 1 − 2·this.
    pub margin: f64,
    /// The one-sided level of each seat's test that its share lies beyond the margin. An
    /// "unfair" answer claims that some seat is beyond, so its error is the seats' summed
    /// (Bonferroni; with two seats one test, each seat's share mirroring the other's).
    /// `None`: the fixed design's 5% split so ([`Levels::beyond_for`]).
    pub beyond: Option<f64>,
    /// The level the top seat's Holm-adjusted p-value is compared with.
    pub difference: f64,
    /// The look these levels belong to, when the design is sequential.
    pub look: Option<Look>,
    /// Whether the run was played until decided (`--until-decided`), one look or many: it
    /// cannot grow (its looks' levels were planned to its cap), so what more matches would
    /// do is said as a new run's.
    pub until_decided: bool,
}

/// One look of a group-sequential design: the `index`-th (from 1) of `of` planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub index: u64,
    pub of: u64,
}

impl Levels {
    /// The fixed design: every test at 5%.
    pub const FIXED: Levels =
        Levels { margin: ALPHA, beyond: None, difference: ALPHA, look: None, until_decided: false };

    /// The level of each seat's "beyond the margin" test among `seats` seats.
    pub fn beyond_for(&self, seats: usize) -> f64 {
        self.beyond.unwrap_or(self.margin / tests(seats))
    }
}

/// How many tests a claim about "some seat" makes over `seats` seats: with two seats one
/// (seat 1's share of decisive matches is one minus seat 0's), else one per seat.
pub fn tests(seats: usize) -> f64 {
    if seats == 2 { 1.0 } else { seats.max(1) as f64 }
}

/// One seat's share of decisive matches measured against the margin, at the fixed levels
/// of a verdict over `seats` seats.
pub fn relevance(
    sole_wins: u64,
    decisive: u64,
    fair: f64,
    margin_pp: f64,
    seats: usize,
) -> Relevance {
    let levels = Levels::FIXED;
    relevance_at(sole_wins, decisive, fair, margin_pp, (levels.margin, levels.beyond_for(seats)))
}

/// [`relevance`] with each one-sided margin test at `within` and each beyond test at
/// `beyond` (the levels' `(margin, beyond_for(seats))`).
pub fn relevance_at(
    sole_wins: u64,
    decisive: u64,
    fair: f64,
    margin_pp: f64,
    (within, beyond): (f64, f64),
) -> Relevance {
    if decisive == 0 {
        return Relevance::Open;
    }
    let m = margin_pp / 100.0;
    let (lo, hi) = clopper_pearson(sole_wins, decisive, 1.0 - 2.0 * within);
    if lo >= fair - m && hi <= fair + m {
        return Relevance::Within;
    }
    let (lo, hi) = clopper_pearson(sole_wins, decisive, 1.0 - 2.0 * beyond);
    if lo > fair + m || hi < fair - m { Relevance::Beyond } else { Relevance::Open }
}

/// A count a person reads: two significant digits ("40,000", "1,300,000").
pub fn round_count(n: u64) -> String {
    let mut scale = 1u64;
    while n / scale >= 100 {
        scale *= 10;
    }
    grouped(n.div_ceil(scale) * scale)
}

/// `n` exactly, with a comma between groups of three digits ("350,070").
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The method line every balance verdict ends with, so the reader knows which test decided.
pub fn method_text(seats: usize, margin_pp: f64) -> String {
    method_text_at(seats, margin_pp, &Levels::FIXED)
}

/// [`method_text`] at `levels`: a sequential design names itself and its look.
pub fn method_text_at(seats: usize, margin_pp: f64, levels: &Levels) -> String {
    let test = if seats == 2 {
        "exact binomial test".to_string()
    } else {
        format!("exact binomial tests, Holm-adjusted over {seats} seats")
    };
    let within = 100.0 * (1.0 - 2.0 * levels.margin);
    let interval = match levels.look {
        None => format!("{within:.0}% Clopper-Pearson"),
        Some(_) => format!("{within:.2}% Clopper-Pearson"),
    };
    // Beyond the margin is claimed of some seat: its test is split over the seats.
    let beyond = if seats > 2 {
        format!(
            ", beyond it per seat at {:.2}% one-sided (Bonferroni)",
            100.0 * levels.beyond_for(seats)
        )
    } else {
        String::new()
    };
    match levels.look {
        None => format!("{test}; margin ±{margin_pp} pp by TOST, {interval}{beyond}"),
        Some(look) => format!(
            "{test}; margin ±{margin_pp} pp by TOST, {interval}{beyond}; group-sequential: look {} of {}, Pocock-type alpha spending (Lan & DeMets 1983), each test at its nominal level for this look so that 5% holds over every look",
            look.index, look.of
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tight_interval_inside_the_margin_is_within() {
        // 50.2% of 1,000,000: the 90% interval is about ±0.08 pp, well inside ±1 pp.
        assert_eq!(relevance(502_000, 1_000_000, 0.5, 1.0, 2), Relevance::Within);
    }

    #[test]
    fn a_tight_interval_beyond_the_margin_is_beyond() {
        assert_eq!(relevance(530_000, 1_000_000, 0.5, 1.0, 2), Relevance::Beyond);
        assert_eq!(relevance(470_000, 1_000_000, 0.5, 1.0, 2), Relevance::Beyond);
    }

    #[test]
    fn a_wide_interval_is_open() {
        // 52% of 1,000: ±2.6 pp, reaching both inside and beyond a ±1 pp margin.
        assert_eq!(relevance(520, 1_000, 0.5, 1.0, 2), Relevance::Open);
        assert_eq!(relevance(0, 0, 0.5, 1.0, 2), Relevance::Open);
    }

    #[test]
    fn the_margin_edge_is_inclusive_only_inside() {
        // A margin of 0 can never be shown "within"; any real edge is then beyond.
        assert_eq!(relevance(500_000, 1_000_000, 0.5, 0.0, 2), Relevance::Open);
        assert_eq!(relevance(510_000, 1_000_000, 0.5, 0.0, 2), Relevance::Beyond);
    }

    #[test]
    fn a_claim_of_some_seat_beyond_the_margin_is_split_over_the_seats() {
        // 26.6% of 20,000 against a fair 25% and a ±1 pp margin: the one-sided 5% bound
        // (about 26.08%) lies beyond 26%, the bound at 5%/4 (about 26.0%) does not quite.
        assert_eq!(relevance(5_320, 20_000, 0.25, 1.0, 2), Relevance::Beyond);
        assert_eq!(relevance(5_320, 20_000, 0.25, 1.0, 4), Relevance::Open);
        assert!((Levels::FIXED.beyond_for(4) - 0.0125).abs() < 1e-12);
        assert_eq!(Levels::FIXED.beyond_for(2), 0.05);
    }

    #[test]
    fn counts_are_rounded_up_to_two_significant_digits() {
        assert_eq!(round_count(27_055), "28,000");
        assert_eq!(round_count(99), "99");
        assert_eq!(round_count(1_234_567), "1,300,000");
        assert_eq!(round_count(100), "100");
    }
}
