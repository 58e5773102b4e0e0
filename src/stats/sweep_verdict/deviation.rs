//! A sweep variant's largest seat deviation from the fair share, with the interval its own
//! balance verdict decides on, and how that interval is printed so that its ends never
//! cross the margin the verdict judges.

use crate::stats::Tally;
use crate::stats::intervals::clopper_pearson;
use crate::stats::verdict::Levels;

/// The largest seat deviation of a variant, in pp, with the interval its own verdict
/// decides on ([`largest_deviation`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Deviation {
    pub pp: f64,
    pub low: f64,
    pub high: f64,
}

/// `tally`'s largest seat deviation from the fair share of decisive matches (NaN when no
/// match was decisive), with the interval of the variant's verdict at the fixed levels.
///
/// Why these ends: "within ±m for every seat" is decided seat by seat on each seat's 90%
/// Clopper-Pearson interval (TOST, an intersection-union test that needs no adjustment over
/// the seats), so the largest distance from the fair share to any end of those intervals is
/// at most m exactly when the verdict says within. It is also a 95% upper bound on the true
/// largest deviation: that maximum belongs to one seat, which exceeds the bound only if the
/// true share lies beyond its interval's far end, a 5% event. The lower end claims that
/// *some* seat is at least that far from fair, so, as the verdict's "beyond the margin"
/// test, it takes each seat's interval at 5% split over the seats (Bonferroni). Each end a
/// 95% one-sided bound, the interval is a 90% one. (It was each seat's Wilson interval at
/// 1 − 5%/seats, wider than the test's: a sweep printed "within ±1 pp" beside [0.0, 1.3].)
pub fn largest_deviation(t: &Tally) -> Deviation {
    let players = t.players;
    let decisive = t.matches - t.capped - t.shared_first;
    if players < 2 || decisive == 0 {
        return Deviation { pp: f64::NAN, low: f64::NAN, high: f64::NAN };
    }
    let fair = 1.0 / players as f64;
    let levels = Levels::FIXED;
    let (within, beyond) = (1.0 - 2.0 * levels.margin, 1.0 - 2.0 * levels.beyond_for(players));
    let (mut pp, mut low, mut high) = (0.0f64, 0.0f64, 0.0f64);
    for side in &t.seats[..players] {
        let share = side.wins as f64 / decisive as f64;
        pp = pp.max((share - fair).abs());
        // The margin test's interval: its farthest point from the fair share.
        let (lo, hi) = clopper_pearson(side.wins, decisive, within);
        high = high.max((lo - fair).abs().max((hi - fair).abs()));
        // The beyond test's interval: its nearest point (0 when it holds the fair share).
        let (lo, hi) = clopper_pearson(side.wins, decisive, beyond);
        let near =
            if lo <= fair && fair <= hi { 0.0 } else { (lo - fair).abs().min((hi - fair).abs()) };
        low = low.max(near);
    }
    Deviation { pp: 100.0 * pp, low: 100.0 * low, high: 100.0 * high }
}

/// A deviation's interval as printed, to 0.1 pp, each end on the same side of the margin
/// as its true value: rounded to the nearest tenth, except where that would cross the margin
/// (an upper end of 1.04 prints 1.1, never 1.0 beside "not shown within ±1 pp"; a lower end
/// of 1.03 prints 1.1 beside "unfair by more than ±1 pp").
pub fn printed_ends(low: f64, high: f64, margin_pp: f64) -> (f64, f64) {
    let end = |v: f64| {
        let r = (10.0 * v).round() / 10.0;
        if v > margin_pp && r <= margin_pp {
            ((10.0 * margin_pp + 1e-9).floor() + 1.0) / 10.0
        } else if v <= margin_pp && r > margin_pp {
            (10.0 * margin_pp + 1e-9).floor() / 10.0
        } else {
            r
        }
    };
    (end(low), end(high))
}

/// [`printed_ends`] as the conclusion prints them: `[0.0, 0.9]`.
pub fn deviation_interval_text(d: &Deviation, margin_pp: f64) -> String {
    let (low, high) = printed_ends(d.low, d.high, margin_pp);
    format!("[{low:.1}, {high:.1}]")
}
