//! `arena trace --trace FILE`: replay the choices a JSON trace records (a match played with
//! `arena play`, or any trace of `arena trace --format json`) against the game, with the
//! dice and draws of its seed and deal, and write it again, as text or JSON. Every step must
//! replay as recorded: the same action in words, the same chance result, the same end; a
//! step that does not is an error naming the file, the step and what differs (an edited
//! trace, or one written under other rules or by another version).

use std::path::Path;

use super::table::{GameTable, Sitter};
use crate::core::trace_record::{EndLine, StartLine, TraceLine};
use crate::core::{Seat, TraceGame};
use crate::games::entry;
use crate::session::input;
use crate::session::trace::TraceStyle;
use crate::session::view::all_matches_of_trace;

/// Replay every match of the trace file at `path`, handing each record of `style` to `emit`.
pub fn replay_trace(
    path: &Path,
    style: TraceStyle,
    emit: &mut dyn FnMut(String),
) -> anyhow::Result<()> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| input(format!("reading {name}: {e}")))?;
    // The file's shape first, in the viewer's words (a format this version reads; every
    // match a start, its steps and an end); then each line into the type that wrote it.
    all_matches_of_trace(&text, &name)?;
    let mut matches: Vec<Vec<TraceLine>> = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |what: String| input(format!("{name}: line {}: {what}", n + 1));
        let record =
            TraceLine::parse(line).map_err(|e| at(format!("not a record arena wrote: {e}")))?;
        match (record, matches.last_mut()) {
            (start @ TraceLine::Start(_), _) => matches.push(vec![start]),
            (step, Some(open)) => open.push(step),
            (_, None) => return Err(at("a record before any `start`".into())),
        }
    }
    for lines in &matches {
        replay_match(lines, &name, style, emit)?;
    }
    Ok(())
}

fn replay_match(
    lines: &[TraceLine],
    name: &str,
    style: TraceStyle,
    emit: &mut dyn FnMut(String),
) -> anyhow::Result<()> {
    let (Some(TraceLine::Start(start)), Some(TraceLine::End(end))) = (lines.first(), lines.last())
    else {
        return Err(input(format!("{name}: a match must open with `start` and close with `end`")));
    };
    let game_name = &start.game;
    let sets: Vec<String> = start.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let game = entry(game_name)
        .map_err(input)?
        .configure(None, &sets)
        .map_err(|e| input(format!("{name}: the trace's rules do not load: {e}")))?;
    let players = start.players;
    let seats = crate::with_game!(&game, g => crate::core::GameRules::seats(g));
    if !seats.contains(&usize::try_from(players).unwrap_or(usize::MAX)) {
        return Err(input(format!(
            "{name}: the start record says {players} players, but {game_name} is for {} to {} players",
            seats.start(),
            seats.end()
        )));
    }
    if start.bots.len() as u64 != players {
        return Err(input(format!(
            "{name}: the start record has no valid `bots`: {} labels for {players} players",
            start.bots.len()
        )));
    }
    let steps = &lines[1..lines.len() - 1];
    crate::with_game!(&game, g => replay_in(g.clone(), start, steps, end, name, style, emit))
}

fn replay_in<G: TraceGame>(
    game: G,
    head: &StartLine,
    steps: &[TraceLine],
    end: &EndLine,
    name: &str,
    style: TraceStyle,
    emit: &mut dyn FnMut(String),
) -> anyhow::Result<()> {
    let sitters = head.bots.iter().map(|l| Sitter::Person { label: l.clone() }).collect();
    let mut table = GameTable::dealt(game, head.seed, head.deal, sitters);
    if let Some(seating) = &head.seating {
        table.name_seating(seating.clone());
    }
    // The table's steps the trace's records have matched so far.
    let mut matched = 0u64;
    for line in steps {
        let step = match line {
            TraceLine::Decision(d) => d.step,
            TraceLine::Chance(c) => c.step,
            _ => matched + 1,
        };
        let wrong =
            |what: String| input(format!("{name}: match {}, step {step}: {what}", head.index));
        if let TraceLine::Decision(d) = line
            && d.forced
        {
            // A move the rules made without asking: the step before it played it already.
            matched += 1;
            return_if_differs(Some(&d.action), table.step_text(matched), "forced move", &wrong)?;
            continue;
        }
        // A trace written before forced moves had steps of their own lacks them: skip past.
        matched = table.step();
        let (recorded, key) = match line {
            TraceLine::Decision(d) => {
                let seat =
                    Some(d.seat).filter(|&s| s < table.players() as u64).ok_or_else(|| {
                        wrong(format!(
                            "seat {} is not a seat of this match of {} players",
                            d.seat,
                            table.players()
                        ))
                    })?;
                let chosen = d.chosen.ok_or_else(|| wrong("no `chosen`".into()))?;
                let choice = usize::try_from(chosen).unwrap_or(usize::MAX);
                table.play(Seat(seat as u8), choice, table.step()).map_err(|e| {
                    wrong(format!(
                        "the recorded choice {chosen} of seat {seat} does not replay: {}",
                        e.message()
                    ))
                })?;
                (d.action.as_str(), "action")
            }
            TraceLine::Chance(c) => {
                if !table.advance() {
                    return Err(wrong(
                        "a chance event where the game waits for a decision or is over".into(),
                    ));
                }
                (c.result.as_str(), "result")
            }
            TraceLine::Start(_) | TraceLine::End(_) => {
                return Err(wrong("a `start` or `end` inside a match".into()));
            }
        };
        matched += 1;
        return_if_differs(Some(recorded), table.step_text(matched), key, &wrong)?;
    }
    if end.stopped == table.is_over() {
        return Err(input(format!(
            "{name}: match {}: the trace's end says the match {} but replayed it {}",
            head.index,
            if end.stopped { "was stopped before its end" } else { "ended" },
            if table.is_over() { "ends there" } else { "goes on" }
        )));
    }
    if let Some(scores) = table.final_scores()
        && end.scores != serde_json::json!(scores)
    {
        return Err(input(format!(
            "{name}: match {}: the trace's final scores are {} but the replay's {scores:?}",
            head.index, end.scores
        )));
    }
    for line in table.trace_lines_as(head.index, style) {
        emit(line);
    }
    Ok(())
}

/// An error unless the replayed step (its words, and whether it was forced) is the record's:
/// `recorded` words, forced exactly when `key` is "forced move".
fn return_if_differs(
    recorded: Option<&str>,
    replayed: Option<(String, bool)>,
    key: &str,
    wrong: &dyn Fn(String) -> anyhow::Error,
) -> anyhow::Result<()> {
    let forced = key == "forced move";
    match replayed {
        Some((text, was_forced)) if was_forced == forced && recorded == Some(text.as_str()) => {
            Ok(())
        }
        Some((text, was_forced)) if was_forced == forced => Err(wrong(format!(
            "the trace's {key} is {}, but replaying it gives \"{text}\" (an edited trace, or other rules or version)",
            recorded.map_or("missing".to_string(), |r| format!("\"{r}\""))
        ))),
        _ => Err(wrong(format!(
            "the trace records a {key} here, but replaying it gives {} (an edited trace, or other rules or version)",
            if forced { "no move made without asking" } else { "a move made without asking" }
        ))),
    }
}
