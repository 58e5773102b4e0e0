//! How many more matches per variant would let a sweep's verdicts decide: each variant's
//! own (its tests at 5%, as its folder's verdict.txt) and the claim about all the variants
//! at once (each variant's tests at 5% split over the variants). Planned as a run's advice
//! is ([`crate::stats::more_matches`]): the count at which a verdict decides with a chance
//! of 80%, averaged over the true shares the matches so far allow, in matches (scaled from
//! decisive ones by the share of decisive matches so far).

use crate::stats::Tally;
use crate::stats::analysis::seat_balances;
use crate::stats::more_matches::{Advice, Continuation, advise_at};

/// The most matches per variant the advice looks at: ten times those played, or a million.
const AFFORDABLE_MATCHES: u64 = 1_000_000;

/// What more matches would do for one variant's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoreMatches {
    /// About this many more matches would decide it (a chance of 80%).
    About(u64),
    /// No affordable count decides it: an edge too close to the margin's edge.
    Unaffordable,
}

/// More matches into this variant (the sweep extended) that would let its verdict at level
/// `alpha` decide against `margin_pp`; `None` with no decisive match or a solo game.
pub fn more_to_decide(t: &Tally, margin_pp: f64, alpha: f64) -> Option<MoreMatches> {
    let seats = seat_balances(t);
    let first = seats.first()?;
    let (decisive, matches) = (first.decisive, t.matches);
    if decisive == 0 || t.players < 2 {
        return None;
    }
    let per_decisive = matches as f64 / decisive as f64;
    let cap = (matches.saturating_mul(10).max(AFFORDABLE_MATCHES) as f64 / per_decisive) as u64;
    let wins: Vec<u64> = seats.iter().map(|s| s.sole_wins).collect();
    let how = Continuation::Extend;
    Some(match advise_at(&wins, decisive, first.fair_share, margin_pp, cap, how, alpha)? {
        Advice::Total(needed) => {
            let total = (needed as f64 * per_decisive).ceil() as u64;
            MoreMatches::About(total.max(matches + 1) - matches)
        }
        Advice::Unaffordable(_) => MoreMatches::Unaffordable,
    })
}
