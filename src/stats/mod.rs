//! Statistics: mergeable integer tallies during a run, and the intervals and quantiles
//! computed once from the merged tally at the end.

pub mod decomposition;
pub mod histogram;
pub mod intervals;
pub mod moments;
pub mod more_matches;
pub mod options;
pub mod share;
pub mod side;
pub mod tally;

pub use histogram::Histogram;
pub use side::SideFigures;
pub use tally::{SHARE_UNIT, SideTally, Tally};
pub mod analysis;
pub mod hypothesis;
pub mod ladder;
pub mod paired;
pub mod ratings;
pub mod sequential;
pub mod step_noise;
pub mod sweep_verdict;
pub mod verdict;
pub mod verdict_flags;
