//! Helpers shared by the integration tests that drive the real binary.

use std::process::{Command, Output};

/// Run the `arena` binary built for this test run.
pub fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arena")).args(args).output().expect("run arena")
}
