//! The runner floor: seating, the parallel runner, and `run`, which plays a whole plan on a thread
//! pool block by block and streams per-match rows in index order.

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
