//! The runner floor: seating, the parallel runner (`worker`: a block of matches on a thread
//! pool, per-match rows in index order), a sweep's and a ladder's blocks, lead tracking and
//! the matches worth seeing.

pub mod ladder;
mod lead;
pub mod notable;
pub mod pace;
mod random_loop;
pub mod seating;
pub mod sweep;
pub mod worker;

pub use notable::{Notable, NotableRules};
pub use seating::{Assignment, Seating};
pub use worker::{BlockResult, Failure, MatchRecord, Observer, RunSpec, Silent, Worker};
