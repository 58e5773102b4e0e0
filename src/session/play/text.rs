//! `arena play --text`: the table in the terminal, for people on SSH and for scripts. Every
//! step is one line of the log as the person's seat may read it; at a person's move the
//! state is printed as that seat sees it, with the legal actions numbered from 1. A number
//! plays it, `?` asks what a bot would do, `q` (or the end of input) stops; the trace is
//! saved after every step, so nothing played is lost however the program ends.

use std::io::BufRead;
use std::path::Path;
use std::time::Duration;

use serde_json::Value;

use super::{Table, closing_words, save_trace};
use crate::core::Seat;
use crate::{errln, outln};

/// Print the log entries of `view`, which holds those from entry `printed` on (`view_from`).
fn print_log(view: &Value, printed: &mut usize) {
    let log = view["log"].as_array().map(Vec::as_slice).unwrap_or_default();
    let bots = view["bots"].as_array().cloned().unwrap_or_default();
    for entry in log {
        let who = match entry["seat"].as_u64() {
            Some(s) => format!(
                "seat {s} ({})",
                bots.get(s as usize).and_then(Value::as_str).unwrap_or("?")
            ),
            None => "chance".to_string(),
        };
        let mut line =
            format!("[{}] {who}: {}", entry["step"], entry["text"].as_str().unwrap_or(""));
        for e in entry["events"].as_array().map(Vec::as_slice).unwrap_or_default() {
            if let (Some(seat), Some(points)) = (e["seat"].as_u64(), e["points"].as_i64()) {
                line.push_str(&format!(
                    " · seat {seat} {points:+} ({})",
                    e["kind"].as_str().unwrap_or("points")
                ));
            }
        }
        outln!("{line}");
    }
    *printed += log.len();
}

fn print_move(view: &Value, seat: Seat) {
    outln!("--- your move (seat {}), step {} ---", seat.0, view["step"]);
    for line in view["text"].as_str().unwrap_or("").lines() {
        outln!("    {line}");
    }
    for (k, a) in view["legal"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate()
    {
        outln!("  {}. {}", k + 1, a.as_str().unwrap_or(""));
    }
}

fn print_advice(advice: &Value) {
    let greedy = advice["greedy"].as_u64().map(|k| k + 1);
    outln!(
        "advice (from what your seat knows): greedy plays {}",
        greedy.map_or("-".into(), |k| k.to_string())
    );
    let shares = advice["mcts_share"].as_array().cloned().unwrap_or_default();
    for (k, share) in shares.iter().enumerate() {
        outln!(
            "  {}. {:>5.1}% of {}'s visits",
            k + 1,
            share.as_f64().unwrap_or(0.0) * 100.0,
            advice["search"].as_str().unwrap_or("mcts")
        );
    }
}

/// Play the match of `table` in the terminal, reading the people's choices from `input`,
/// with `pace` between the bots' steps. Returns when the match ends or input stops.
/// `echo` repeats each answer after its prompt (for input that is not a terminal, so the
/// output reads as a session).
pub fn play_text(
    table: &mut dyn Table,
    input: &mut dyn BufRead,
    pace: Duration,
    echo: bool,
    out: &Path,
) -> anyhow::Result<()> {
    // The log is printed as the first person's seat may read it.
    let first_person = table.labels().iter().position(|l| l == super::PERSON).unwrap_or(0);
    let viewer = Seat(first_person as u8);
    let mut printed = 0;
    // Saved before anything is played, so stopping at the first prompt leaves a trace too.
    save_trace(table, out)?;
    loop {
        while table.advance() {
            save_trace(table, out)?;
            print_log(&table.view_from(viewer, printed), &mut printed);
            if !pace.is_zero() {
                std::thread::sleep(pace);
            }
        }
        let Some(seat) = table.waiting_for() else { break };
        let view = table.view_from(seat, printed);
        print_log(&view, &mut printed);
        print_move(&view, seat);
        let count = view["legal"].as_array().map_or(0, Vec::len);
        loop {
            crate::output::console::print_out(format_args!(
                "choose 1-{count} (? advice, q stop): "
            ));
            // Read as bytes: a line that is not UTF-8 is a wrong answer, asked again, not an
            // error that ends the match.
            let mut bytes = Vec::new();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                outln!();
                outln!("{}", closing_words(table, out));
                return Ok(());
            }
            let Ok(line) = String::from_utf8(bytes) else {
                if echo {
                    outln!("(not text)");
                }
                errln!("that line is not text (UTF-8): type a number from 1 to {count}, ? or q");
                continue;
            };
            let answer = line.trim();
            if echo {
                outln!("{answer}");
            }
            if answer == "q" {
                outln!("{}", closing_words(table, out));
                return Ok(());
            }
            if answer == "?" {
                match table.advice(seat) {
                    Ok(advice) => print_advice(&advice),
                    Err(e) => errln!("{}", e.message()),
                }
                continue;
            }
            let choice = match answer.parse::<usize>() {
                Ok(k) if (1..=count).contains(&k) => k - 1,
                _ => {
                    errln!("`{answer}` is not a move: type a number from 1 to {count}, ? or q");
                    continue;
                }
            };
            match table.play(seat, choice, view["step"].as_u64().unwrap_or(0)) {
                Ok(()) => break,
                Err(e) => errln!("{}", e.message()),
            }
        }
        save_trace(table, out)?;
    }
    save_trace(table, out)?;
    print_log(&table.view_from(viewer, printed), &mut printed);
    outln!("{}", closing_words(table, out));
    Ok(())
}
