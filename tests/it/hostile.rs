//! Hostile values through the binary: what a user typed reaches a CSV cell as
//! text a spreadsheet will not run, and an error quotes at most about 80 characters of a
//! bad value.

use std::process::Command;

use crate::common::{assert_refused, output_within, read, stderr};

/// A sweep over a card file named `=cmd.toml` (a name a spreadsheet reads as a formula):
/// its `cards` cell is written `'=cmd.toml`, the report shows the name as typed, and the
/// figures' cells (negative numbers included) are untouched.
#[test]
fn a_value_that_looks_like_a_formula_reaches_the_csv_as_text() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::copy("configs/love-actually/cards.toml", tmp.path().join("=cmd.toml")).unwrap();
    let o = output_within(
        Command::new(env!("CARGO_BIN_EXE_arena"))
            .current_dir(tmp.path())
            .args(["sweep", "--quiet", "--game", "love-actually", "--vary", "cards==cmd.toml"])
            .args(["--matches", "10", "--out", "s"]),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let sweep = read(&tmp.path().join("s"), "sweep.csv");
    let mut rows = csv::Reader::from_reader(sweep.as_bytes());
    let headers = rows.headers().unwrap().clone();
    let cards = headers.iter().position(|h| h == "cards").unwrap();
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    assert_eq!(&rows[1][cards], "'=cmd.toml", "{sweep}");
    for row in &rows {
        for cell in row.iter() {
            let formula = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
            assert!(!formula || cell.parse::<f64>().is_ok(), "a formula cell: {cell:?}");
        }
    }
    let report = read(&tmp.path().join("s"), "report.html");
    assert!(report.contains("=cmd.toml") && !report.contains("'=cmd.toml"), "as typed");
}

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
