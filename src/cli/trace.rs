//! `arena trace`: replay one match of a run exactly (same plan, seed and index give the same
//! match, through the same `Worker::play` the runner uses) and print every decision and
//! chance event with the state after it.

use std::io::Write;

use serde_json::json;

use crate::arena::{Observer, RunSpec, Worker};
use crate::cli::{Format, TraceArgs};
use crate::core::{Game, Seat};
use crate::output::csv_files::seating_text;
use crate::session::{Plan, input};
use crate::with_game;

struct Printer<'a, G: Game, W: Write> {
    game: &'a G,
    spec: &'a RunSpec,
    slot_of_seat: [u8; crate::core::MAX_SEATS],
    format: Format,
    out: W,
    step: u64,
    error: Option<std::io::Error>,
}

impl<G: Game, W: Write> Printer<'_, G, W> {
    fn emit(&mut self, text: String) {
        if self.error.is_none()
            && let Err(e) = writeln!(self.out, "{text}")
        {
            self.error = Some(e);
        }
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n")
}

impl<G: Game, W: Write> Observer<G> for Printer<'_, G, W> {
    fn decision(&mut self, before: &G::State, seat: Seat, action: G::Action, after: &G::State) {
        self.step += 1;
        let bot = &self.spec.lineup[self.slot_of_seat[seat.index()] as usize].label;
        let what = self.game.describe(before, action);
        let state = self.game.render(after);
        let line = match self.format {
            Format::Text => {
                format!("[{}] seat {} ({bot}): {what}\n{}", self.step, seat.0, indent(&state))
            }
            Format::Json => {
                json!({"event": "decision", "step": self.step, "seat": seat.0, "bot": bot,
                "action": what, "action_code": format!("{action:?}"), "state": state})
                .to_string()
            }
        };
        self.emit(line);
    }

    fn chance(&mut self, after: &G::State) {
        self.step += 1;
        let what = self.game.describe_chance(after);
        let state = self.game.render(after);
        let line = match self.format {
            Format::Text => format!("[{}] chance: {what}\n{}", self.step, indent(&state)),
            Format::Json => {
                json!({"event": "chance", "step": self.step, "result": what, "state": state})
                    .to_string()
            }
        };
        self.emit(line);
    }
}

pub fn trace_command(args: TraceArgs) -> anyhow::Result<()> {
    let m = &args.matches_of;
    let Some(name) = &m.game else {
        return Err(input("trace needs --game"));
    };
    // The plan's match count only bounds which index may be asked for: any index is valid.
    let plan = Plan::new(&m.spec_for(name), args.match_index.saturating_add(1))?;
    let stdout = std::io::stdout().lock();
    with_game!(&plan.game, g => trace_one(g, &plan.spec, args.match_index, args.format, stdout))
}

/// Replay match `index` of `spec`, writing the trace to `out`.
pub fn trace_one<G: Game, W: Write>(
    game: &G,
    spec: &RunSpec,
    index: u64,
    format: Format,
    out: W,
) -> anyhow::Result<()> {
    let assignment = spec.seating.assign(spec.players, index);
    let mut printer = Printer {
        game,
        spec,
        slot_of_seat: assignment.slot_of_seat,
        format,
        out,
        step: 0,
        error: None,
    };
    let seating = seating_text(&assignment.slot_of_seat[..spec.players]);
    let bots: Vec<&str> = (0..spec.players)
        .map(|s| spec.lineup[assignment.slot_of_seat[s] as usize].label.as_str())
        .collect();
    let start = game.render(&game.new_state(spec.players));
    printer.emit(match format {
        Format::Text => format!(
            "{} match {index} (seed {}, deal {}, seating {seating}: {})\n{}",
            game.name(),
            spec.seed,
            assignment.deal,
            bots.join(", "),
            indent(&start)
        ),
        Format::Json => {
            json!({"event": "start", "game": game.name(), "match": index, "seed": spec.seed,
            "deal": assignment.deal, "seating": seating, "bots": bots, "state": start})
            .to_string()
        }
    });
    let mut worker = Worker::new(game, spec);
    let record = worker.play(game, spec, index, &mut printer);
    let o = &record.outcome;
    let l = &record.length;
    printer.emit(match format {
        Format::Text => format!(
            "end: scores {:?}, ranks {:?}{}; {} decisions, {} chance events, {} turns, {} rounds",
            o.scores(),
            o.ranks(),
            if o.is_capped() { ", capped (no winner)" } else { "" },
            l.decisions,
            l.chance_events,
            l.turns,
            l.rounds
        ),
        Format::Json => json!({"event": "end", "scores": o.scores(), "ranks": o.ranks(),
            "capped": o.is_capped(), "decisions": l.decisions, "chance_events": l.chance_events,
            "turns": l.turns, "rounds": l.rounds})
        .to_string(),
    });
    match printer.error {
        // A closed pipe (`arena trace ... | head`) is not an error worth reporting.
        Some(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
