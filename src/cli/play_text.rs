//! `arena play --text`: the table in the terminal, for people on SSH and for scripts. Every
//! step is one line of the log as the person's seat may read it; at a person's move the
//! state is printed as that seat sees it, with its options numbered from 1 (the legal
//! actions, those that are one choice for the rules on one line: `options.rs`). A number
//! plays it, `?` asks what a bot would do, `q` (or the end of input) stops; the trace is
//! saved after every step, so nothing played is lost however the program ends.

use std::io::BufRead;
use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use crate::core::Seat;
use crate::session::play::seat_view::LogEntry;
use crate::session::play::{Advice, SeatView, Table, closing_words, save_trace};
use crate::{errln, outln};

/// What the terminal has printed of the log: how many entries, and which of those said
/// then that another seat's choice could not be seen yet (printed again once revealed).
#[derive(Default)]
struct Printed {
    count: usize,
    hidden: std::collections::BTreeSet<usize>,
}

/// A log event that scores: the seat, its points and what they are for in words (the
/// event's `kind` is an id). Events of other shapes are not points.
#[derive(serde::Deserialize)]
struct Points {
    seat: u64,
    points: i64,
    points_for: Option<String>,
}

/// One log entry as a line: its step, its mover (or chance), its words and its points,
/// each with what it was scored for.
fn log_line(entry: &LogEntry, bots: &[String]) -> String {
    let who = match entry.seat {
        Some(s) => format!("seat {s} ({})", bots.get(s as usize).map_or("?", String::as_str)),
        None => "chance".to_string(),
    };
    let only = if entry.forced { " (only move)" } else { "" };
    let mut line = format!("[{}] {who}{only}: {}", entry.step, entry.text);
    let points = entry.events.iter().filter_map(|e| Points::deserialize(e).ok());
    for Points { seat, points, points_for } in points {
        let unit = if points.abs() == 1 { "point" } else { "points" };
        line.push_str(&format!(" · seat {seat} {points:+} {unit}"));
        if let Some(why) = points_for {
            line.push_str(&format!(" ({why})"));
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
    for (i, entry) in (from..).zip(&view.log) {
        // Another seat's choice it cannot see yet (reprinted once revealed); chance it
        // cannot see is said once.
        let hidden = entry.unseen && entry.seat.is_some();
        if i < printed.count {
            if printed.hidden.contains(&i) && !hidden {
                printed.hidden.remove(&i);
                outln!("(revealed) {}", log_line(entry, &view.bots));
            }
            continue;
        }
        if hidden {
            printed.hidden.insert(i);
        }
        outln!("{}", log_line(entry, &view.bots));
    }
    printed.count = printed.count.max(from + view.log.len());
}

/// The state as `seat` sees it and its options, numbered from 1: moves that are one choice
/// for the rules are one line (a LOW BLOW die on any empty square of one row).
fn print_move(view: &SeatView, seat: Seat) {
    outln!("--- your move (seat {}), step {} ---", seat.0, view.step);
    for line in view.text.lines() {
        outln!("    {line}");
    }
    for (k, option) in view.options.iter().enumerate() {
        outln!("  {}. {}", k + 1, option.text);
    }
    // Said once where an option names several places (not for equal dice, which read alike).
    let legal = &view.legal;
    let several =
        view.options.iter().any(|o| o.moves.iter().any(|&k| legal.get(k) != legal.get(o.moves[0])));
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
fn print_advice(advice: &Advice) {
    let greedy = advice.greedy_option.map(|k| k + 1);
    let search = &advice.search;
    outln!(
        "advice (from what your seat knows): greedy plays {}",
        greedy.map_or("-".into(), |k| k.to_string())
    );
    let shares = &advice.option_share;
    for (k, share) in shares.iter().enumerate() {
        outln!("  {}. {:>5.1}% of {search}'s visits", k + 1, share * 100.0);
    }
    // How far to trust each, as the page says it.
    outln!(
        "  greedy tries each move and judges the position just after it by the game's rule of \
         thumb (one step ahead); {search} plays {} simulated continuations from one guess of \
         what you cannot see: a larger share is the move it found best (a line's share adds up \
         its places).",
        advice.iterations
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
        let count = view.options.len();
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
                Ok(k) if (1..=count).contains(&k) && !view.options[k - 1].moves.is_empty() => {
                    view.options[k - 1].moves[0]
                }
                _ => {
                    errln!("`{answer}` is not a move: type a number from 1 to {count}, ? or q");
                    continue;
                }
            };
            match table.play(seat, choice, view.step) {
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
