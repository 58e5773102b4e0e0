//! How many more matches per variant would let a sweep's verdicts decide: each variant's
//! own (its tests at 5%, as its folder's verdict.txt) and the claim about all the variants
//! at once (each variant's tests at 5% split over the variants). Planned as a run's advice
//! is ([`crate::stats::more_matches`]): the count at which a verdict decides with a chance
//! of 80%, averaged over the true shares the matches so far allow, in matches (scaled from
//! decisive ones by the share of decisive matches so far).

use crate::stats::Tally;
use crate::stats::analysis::seat_balances;
use crate::stats::more_matches::{Advice, Continuation, advise_in_matches};
use crate::stats::verdict_flags::VerdictFlags;

/// What more matches would do for one variant's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoreMatches {
    /// About this many more matches would decide it (a chance of 80%).
    About(u64),
    /// No affordable count decides it: an edge too close to the margin's edge.
    Unaffordable,
}

/// More matches into this variant (the sweep extended) that would let its verdict at level
/// `alpha` decide against the verdict's margin; `None` with no decisive match or a solo game.
pub fn more_to_decide(t: &Tally, verdict: VerdictFlags, alpha: f64) -> Option<MoreMatches> {
    let margin_pp = verdict.margin_pp();
    let seats = seat_balances(t);
    let first = seats.first()?;
    if t.players < 2 {
        return None;
    }
    let wins: Vec<u64> = seats.iter().map(|s| s.sole_wins).collect();
    let counts = (first.decisive, t.matches);
    let how = Continuation::Extend;
    Some(match advise_in_matches(&wins, counts, first.fair_share, margin_pp, how, alpha)? {
        Advice::Total(total) => MoreMatches::About(total - t.matches),
        Advice::Unaffordable(_) => MoreMatches::Unaffordable,
    })
}
