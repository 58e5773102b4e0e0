//! `arena play --text`: the table in the terminal, for people on SSH and for scripts. Every
//! step is one line of the log as the person's seat may read it; at a person's move the
//! state is printed as that seat sees it, with its options numbered from 1 (the legal
//! actions, those that are one choice for the rules on one line: `options.rs`). A number
//! plays it, `?` asks what a bot would do, `q` (or the end of input) stops; the trace is
//! saved after every step, so nothing played is lost however the program ends.

use std::io::BufRead;
use std::path::Path;
use std::time::Duration;

use serde_json::Value;

use crate::core::Seat;
use crate::session::play::{Table, closing_words, save_trace};
use crate::{errln, outln};

/// What the terminal has printed of the log: how many entries, and which of those said
/// then that another seat's choice could not be seen yet (printed again once revealed).
#[derive(Default)]
struct Printed {
    count: usize,
    hidden: std::collections::BTreeSet<usize>,
}

/// One log entry as a line: its step, its mover (or chance), its words and its points,
/// each with what it was scored for in words (`points_for`; the event's `kind` is an id).
fn log_line(entry: &Value, bots: &[Value]) -> String {
    let who = match entry["seat"].as_u64() {
        Some(s) => {
            format!("seat {s} ({})", bots.get(s as usize).and_then(Value::as_str).unwrap_or("?"))
        }
        None => "chance".to_string(),
    };
    let only = if entry["forced"] == true { " (only move)" } else { "" };
    let mut line =
        format!("[{}] {who}{only}: {}", entry["step"], entry["text"].as_str().unwrap_or(""));
    for e in entry["events"].as_array().map(Vec::as_slice).unwrap_or_default() {
        if let (Some(seat), Some(points)) = (e["seat"].as_u64(), e["points"].as_i64()) {
            let unit = if points.abs() == 1 { "point" } else { "points" };
            line.push_str(&format!(" · seat {seat} {points:+} {unit}"));
            if let Some(why) = e["points_for"].as_str() {
                line.push_str(&format!(" ({why})"));
            }
        }
    }
    line
}

/// Print what `viewer` has not read yet: the new log entries, and the entries printed hidden
/// that the table has since revealed (a Pride & Preju-Dice round's secret turns once the
/// round ends), marked as such.
fn print_log(table: &mut dyn Table, viewer: Seat, printed: &mut Printed) {
    let from = printed.hidden.first().copied().unwrap_or(printed.count).min(printed.count);
    let view = table.view_from(viewer, from);
    let log = view["log"].as_array().map(Vec::as_slice).unwrap_or_default();
    let bots = view["bots"].as_array().cloned().unwrap_or_default();
    for (i, entry) in (from..).zip(log) {
        let hidden = entry["text"].as_str().is_some_and(|t| t.contains("cannot see yet"));
        if i < printed.count {
            if printed.hidden.contains(&i) && !hidden {
                printed.hidden.remove(&i);
                outln!("(revealed) {}", log_line(entry, &bots));
            }
            continue;
        }
        if hidden {
            printed.hidden.insert(i);
        }
        outln!("{}", log_line(entry, &bots));
    }
    printed.count = printed.count.max(from + log.len());
}

/// The options of a view (see `options.rs`): each one's words and its moves (indices into
/// the legal list, the first being the one played).
fn options_of(view: &Value) -> Vec<(String, Vec<usize>)> {
    let options = view["options"].as_array().map(Vec::as_slice).unwrap_or_default();
    options
        .iter()
        .map(|o| {
            let moves = o["moves"].as_array().map(Vec::as_slice).unwrap_or_default();
            let moves = moves.iter().filter_map(Value::as_u64).map(|k| k as usize).collect();
            (o["text"].as_str().unwrap_or("").to_string(), moves)
        })
        .collect()
}

/// The state as `seat` sees it and its options, numbered from 1: moves that are one choice
/// for the rules are one line (a LOW BLOW die on any empty square of one row).
fn print_move(view: &Value, seat: Seat) {
    outln!("--- your move (seat {}), step {} ---", seat.0, view["step"]);
    for line in view["text"].as_str().unwrap_or("").lines() {
        outln!("    {line}");
    }
    let options = options_of(view);
    for (k, (text, _)) in options.iter().enumerate() {
        outln!("  {}. {text}", k + 1);
    }
    // Said once where an option names several places (not for equal dice, which read alike).
    let legal = view["legal"].as_array().map(Vec::as_slice).unwrap_or_default();
    let several =
        options.iter().any(|(_, ks)| ks.iter().any(|&k| legal.get(k) != legal.get(ks[0])));
    if several {
        outln!(
            "  (a line naming several places is one choice: the rules count nothing that tells \
             them apart; it is played on the first)"
        );
    }
}

/// Search shares closer than this (in share of the visits) do not tell moves apart (as the
/// page says it).
const CANNOT_TELL: f64 = 0.05;

/// The advice by option: greedy's option and the search's share of each (its moves' shares
/// added up, so that 60 placements alike do not read as 60 thin preferences).
fn print_advice(advice: &Value) {
    let greedy = advice["greedy_option"].as_u64().map(|k| k + 1);
    let search = advice["search"].as_str().unwrap_or("mcts");
    outln!(
        "advice (from what your seat knows): greedy plays {}",
        greedy.map_or("-".into(), |k| k.to_string())
    );
    let shares: Vec<f64> = advice["option_share"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|s| s.as_f64().unwrap_or(0.0))
        .collect();
    for (k, share) in shares.iter().enumerate() {
        outln!("  {}. {:>5.1}% of {search}'s visits", k + 1, share * 100.0);
    }
    // How far to trust each, as the page says it.
    outln!(
        "  greedy tries each move and judges the position just after it by the game's rule of \
         thumb (one step ahead); {search} plays {} simulated continuations from one guess of \
         what you cannot see: a larger share is the move it found best (a line's share adds up \
         its places).",
        advice["iterations"]
    );
    let (most, least) = shares.iter().fold((0.0f64, 1.0f64), |(hi, lo), &x| (hi.max(x), lo.min(x)));
    if shares.len() > 1 && most - least < CANNOT_TELL {
        outln!(
            "  {search} cannot tell these moves apart: its shares are within {:.0} points of \
             each other",
            100.0 * CANNOT_TELL
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
    let first_person =
        table.labels().iter().position(|l| l == crate::session::play::PERSON).unwrap_or(0);
    let viewer = Seat(first_person as u8);
    let mut printed = Printed::default();
    // Saved before anything is played, so stopping at the first prompt leaves a trace too.
    save_trace(table, out)?;
    loop {
        while table.advance() {
            save_trace(table, out)?;
            print_log(table, viewer, &mut printed);
            if !pace.is_zero() {
                std::thread::sleep(pace);
            }
        }
        let Some(seat) = table.waiting_for() else { break };
        print_log(table, seat, &mut printed);
        let view = table.view_from(seat, printed.count);
        print_move(&view, seat);
        let options = options_of(&view);
        let count = options.len();
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
            // An option plays its first move (a legal action: the trace records it as one).
            let choice = match answer.parse::<usize>() {
                Ok(k) if (1..=count).contains(&k) && !options[k - 1].1.is_empty() => {
                    options[k - 1].1[0]
                }
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
    print_log(table, viewer, &mut printed);
    outln!("{}", closing_words(table, out));
    Ok(())
}
