//! Hostile values through the binary (issue 43): an error quotes at most about 80
//! characters of a bad value.

use std::process::Command;

use crate::common::{assert_refused, output_within, stderr};

/// A 100 kB value is not echoed whole: the message quotes its start and says how long it
/// was, for a flag, a rule value and a game's name.
#[test]
fn an_error_quotes_at_most_80_characters_of_a_bad_value() {
    let huge = "x".repeat(100_000);
    for args in [
        vec!["run", "--game", huge.as_str(), "--out", "/nonexistent/x"],
        vec!["run", "--game", "pig", "--set", &format!("target={huge}"), "--out", "/nonexistent/x"],
        vec!["run", "--game", "pig", "--matches", huge.as_str(), "--out", "/nonexistent/x"],
        vec![
            "sweep",
            "--game",
            "pig",
            "--vary",
            &format!("target={huge}"),
            "--out",
            "/nonexistent/x",
        ],
        vec!["trace", "--game", "pig", "--bots", huge.as_str()],
    ] {
        let o = output_within(Command::new(env!("CARGO_BIN_EXE_arena")).args(&args));
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{}: {}", args[0], &err[..err.len().min(300)]);
        assert!(err.len() < 1_000, "{} {}: {} bytes of error", args[0], args[1], err.len());
    }
    assert_refused(
        &output_within(
            Command::new(env!("CARGO_BIN_EXE_arena")).args(["run", "--game", &huge, "--out", "/x"]),
        ),
        &["unknown game `xxxxxxxxxx", "... (100003 characters) valid games: tictactoe"],
    );
}
