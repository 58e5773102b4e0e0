//! Nothing: the benchmarks are `throughput.rs` and `mcts.rs` beside this file, run with
//! `cargo bench` (see `Cargo.toml` here for why they are a package of their own).
