//! arena: a headless simulation harness and bot arena for tabletop games.
//!
//! Every match is a pure function of (rules, players, bots, master seed, match index); the
//! runner plays millions of them in parallel and merges integer tallies, so every number in
//! the output is identical for any thread count. See README.md for the tour and
//! ARCHITECTURE.md for the map of the code.

pub mod bots;
pub mod cli;
pub mod core;
pub mod games;
pub mod output;
pub mod report;
pub mod runner;
pub mod session;
pub mod stats;
