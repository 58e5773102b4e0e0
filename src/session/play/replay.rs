//! `arena trace --trace FILE`: replay the choices a JSON trace records (a match played with
//! `arena play`, or any trace of `arena trace --format json`) against the game, with the
//! dice and draws of its seed and deal, and write it again, as text or JSON. Every step must
//! replay as recorded: the same action in words, the same chance result, the same end; a
//! step that does not is an error naming the file, the step and what differs (an edited
//! trace, or one written under other rules or by another version).

use std::path::Path;

use serde_json::Value;

use super::table::{GameTable, Sitter};
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
    for records in all_matches_of_trace(&text, &name)? {
        replay_match(&records, &name, style, emit)?;
    }
    Ok(())
}

fn replay_match(
    records: &[Value],
    name: &str,
    style: TraceStyle,
    emit: &mut dyn FnMut(String),
) -> anyhow::Result<()> {
    let start = &records[0];
    let field = |key: &str| input(format!("{name}: the start record has no valid `{key}`"));
    let game_name = start["game"].as_str().ok_or_else(|| field("game"))?;
    let sets: Vec<String> = start["rules"]
        .as_object()
        .ok_or_else(|| field("rules"))?
        .iter()
        .map(|(k, v)| format!("{k}={}", v.as_str().map_or_else(|| v.to_string(), str::to_string)))
        .collect();
    let game = entry(game_name)
        .map_err(input)?
        .configure(None, &sets)
        .map_err(|e| input(format!("{name}: the trace's rules do not load: {e}")))?;
    let players = start["players"].as_u64().ok_or_else(|| field("players"))?;
    let seats = crate::with_game!(&game, g => crate::core::GameRules::seats(g));
    if !seats.contains(&usize::try_from(players).unwrap_or(usize::MAX)) {
        return Err(input(format!(
            "{name}: the start record says {players} players, but {game_name} is for {} to {} players",
            seats.start(),
            seats.end()
        )));
    }
    let players = players as usize;
    let labels: Vec<String> = start["bots"]
        .as_array()
        .filter(|b| b.len() == players)
        .ok_or_else(|| field("bots"))?
        .iter()
        .map(|b| b.as_str().unwrap_or("?").to_string())
        .collect();
    let head = Head {
        index: start["match"].as_u64().ok_or_else(|| field("match"))?,
        seed: start["seed"].as_u64().ok_or_else(|| field("seed"))?,
        deal: start["deal"].as_u64().ok_or_else(|| field("deal"))?,
        seating: start["seating"].as_str().map(str::to_string),
        labels,
    };
    crate::with_game!(&game, g => replay_in(g.clone(), &head, records, name, style, emit))
}

struct Head {
    index: u64,
    seed: u64,
    deal: u64,
    seating: Option<String>,
    labels: Vec<String>,
}

fn replay_in<G: TraceGame>(
    game: G,
    head: &Head,
    records: &[Value],
    name: &str,
    style: TraceStyle,
    emit: &mut dyn FnMut(String),
) -> anyhow::Result<()> {
    let sitters = head.labels.iter().map(|l| Sitter::Person { label: l.clone() }).collect();
    let mut table = GameTable::dealt(game, head.seed, head.deal, sitters);
    if let Some(seating) = &head.seating {
        table.name_seating(seating.clone());
    }
    let steps = &records[1..records.len() - 1];
    // The table's steps the trace's records have matched so far.
    let mut matched = 0u64;
    for record in steps {
        let step = record["step"].as_u64().unwrap_or(matched + 1);
        let wrong =
            |what: String| input(format!("{name}: match {}, step {step}: {what}", head.index));
        if record["forced"] == true {
            // A move the rules made without asking: the step before it played it already.
            matched += 1;
            let recorded = record["action"].as_str();
            return_if_differs(recorded, table.step_text(matched), "forced move", &wrong)?;
            continue;
        }
        // A trace written before forced moves had steps of their own lacks them: skip past.
        matched = table.step();
        let (recorded, key) = match record["event"].as_str() {
            Some("decision") => {
                let seat = record["seat"]
                    .as_u64()
                    .filter(|&s| s < table.players() as u64)
                    .ok_or_else(|| {
                        wrong(format!(
                            "seat {} is not a seat of this match of {} players",
                            record["seat"],
                            table.players()
                        ))
                    })?;
                let chosen =
                    record["chosen"].as_u64().ok_or_else(|| wrong("no `chosen`".into()))?;
                table.play(Seat(seat as u8), chosen as usize, table.step()).map_err(|e| {
                    wrong(format!(
                        "the recorded choice {chosen} of seat {seat} does not replay: {}",
                        e.message()
                    ))
                })?;
                (record["action"].as_str(), "action")
            }
            _ => {
                if !table.advance() {
                    return Err(wrong(
                        "a chance event where the game waits for a decision or is over".into(),
                    ));
                }
                (record["result"].as_str(), "result")
            }
        };
        matched += 1;
        return_if_differs(recorded, table.step_text(matched), key, &wrong)?;
    }
    let end = &records[records.len() - 1];
    let stopped = end["stopped"] == true;
    if stopped == table.is_over() {
        return Err(input(format!(
            "{name}: match {}: the trace's end says the match {} but replayed it {}",
            head.index,
            if stopped { "was stopped before its end" } else { "ended" },
            if table.is_over() { "ends there" } else { "goes on" }
        )));
    }
    if let Some(scores) = table.final_scores()
        && end["scores"] != serde_json::json!(scores)
    {
        return Err(input(format!(
            "{name}: match {}: the trace's final scores are {} but the replay's {scores:?}",
            head.index, end["scores"]
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
