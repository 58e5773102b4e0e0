//! Traces: replay matches of a plan exactly (the same `Worker::play` the runner uses, so the
//! same plan, seed and index give the same match) and turn every step into a record, as
//! text or as one JSON object per line (`docs/trace-format.md`). The command line only
//! chooses the matches and writes the lines; [`from_folder`] rebuilds a plan from a result
//! folder's manifest.

pub mod from_folder;

use serde_json::Value;

use crate::core::rules::Rules;
use crate::core::trace::{Drawn, EventHead, Part, TRACE_FORMAT, TraceGame, unfold};
use crate::core::trace_record as line;
use crate::core::{MatchLength, Seat};
use crate::output::csv_files::seating_text;
use crate::runner::{MatchRecord, Observer, RunSpec, Worker};

/// How records are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceStyle {
    /// For people: one line per step with the state drawn below it.
    Text,
    /// One JSON object per line. Steps carry the top-level keys of the structured state
    /// that changed (`state_changes`), or the whole state when `full_states`.
    Json { full_states: bool },
}

/// Builds the records of one match and hands each finished line to `emit` (also used by
/// `arena play` to write a played match as a trace).
pub(crate) struct Recorder<'a, G: TraceGame> {
    game: &'a G,
    /// Who plays each seat (a bot's label, or `human`).
    bots: Vec<String>,
    style: TraceStyle,
    emit: &'a mut dyn FnMut(String),
    step: u64,
    /// The last structured state written, for `state_changes`.
    last_state: Value,
    events: Vec<Value>,
    /// The state after the latest step (the final state once the match is over).
    last: Option<G::State>,
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n")
}

/// An event as one text line: `kind key=value ...`.
fn event_text(e: &Value) -> String {
    let mut text = EventHead::of(e).kind.unwrap_or("event").to_string();
    if let Some(map) = e.as_object() {
        for (k, v) in map.iter().filter(|(k, _)| *k != "kind") {
            text.push_str(&format!(" {k}={v}"));
        }
    }
    text
}

impl<'a, G: TraceGame> Recorder<'a, G> {
    /// A recorder of the steps that follow a start record whose state data was `start_data`.
    pub(crate) fn new(
        game: &'a G,
        bots: Vec<String>,
        style: TraceStyle,
        start_data: Value,
        emit: &'a mut dyn FnMut(String),
    ) -> Self {
        Recorder {
            game,
            bots,
            style,
            emit,
            step: 0,
            last_state: start_data,
            events: Vec::new(),
            last: None,
        }
    }

    /// Go on numbering from `step` (the steps before it were recorded by an earlier
    /// recorder, whose [`Recorder::last_state`] this one was given as `start_data`).
    pub(crate) fn numbered_after(mut self, step: u64) -> Self {
        self.step = step;
        self
    }

    /// The structured state of the latest record (what the next step's changes are from).
    pub(crate) fn into_last_state(self) -> Value {
        self.last_state
    }

    fn bot(&self, seat: Seat) -> &str {
        &self.bots[seat.index()]
    }

    /// The text lines of the events, or the events and the state for JSON.
    fn finish_text(&mut self, head: String, after: &G::State) -> String {
        let mut text = head;
        for e in std::mem::take(&mut self.events).iter() {
            text.push_str(&format!("\n  = {}", event_text(e)));
        }
        text.push('\n');
        text.push_str(&indent(&self.game.render(after)));
        text
    }

    /// What a JSON step leaves: its events, and its state whole (`state_data`) or as the
    /// changes since the step before (`state_changes`).
    fn left_json(&mut self, after: &G::State) -> (Vec<Value>, Option<Value>, Option<Value>) {
        let events = std::mem::take(&mut self.events);
        let (state, whole, changed) = match self.style {
            TraceStyle::Json { full_states: true } => {
                let state = self.game.state_json(after);
                let whole = state.clone();
                (state, Some(whole), None)
            }
            _ => {
                // The keys the step state leaves out are the same at every step, so no
                // step's changes would hold them.
                let state = self.game.step_state_json(after);
                let changed = changes(&self.last_state, &state);
                (state, None, Some(changed))
            }
        };
        self.last_state = state;
        (events, whole, changed)
    }
}

/// The top-level keys of `now` whose values differ from `was` (all of `now` when either is
/// not an object).
fn changes(was: &Value, now: &Value) -> Value {
    match (was.as_object(), now.as_object()) {
        (Some(w), Some(n)) => Value::Object(
            n.iter()
                .filter(|(k, v)| w.get(*k) != Some(*v))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        _ => now.clone(),
    }
}

impl<G: TraceGame> Recorder<'_, G> {
    /// Record one step (already unfolded): a decision or a chance event with its raw draws.
    pub(crate) fn part(&mut self, part: &Part<G>, legal: &[G::Action], draws: &[Drawn]) {
        match (part.mover, part.action) {
            (Some(seat), Some(action)) => self.decision_step(part, seat, action, legal),
            _ => self.chance_step(part, draws),
        }
    }

    /// A decision `part`: `seat` took `action` among `legal` (its one move when forced).
    fn decision_step(
        &mut self,
        part: &Part<G>,
        seat: Seat,
        action: G::Action,
        legal: &[G::Action],
    ) {
        let (before, after, forced) = (&part.before, &part.after, part.forced);
        self.step += 1;
        let what = self.game.describe(before, action);
        self.game.trace_events(before, Some(action), after, &mut self.events);
        // A forced move's only option is the move itself.
        let only = [action];
        let legal = if forced { &only[..] } else { legal };
        let line = match self.style {
            TraceStyle::Text => {
                let how = if forced { ", its only move" } else { "" };
                let head =
                    format!("[{}] seat {} ({}{how}): {what}", self.step, seat.0, self.bot(seat));
                self.finish_text(head, after)
            }
            TraceStyle::Json { .. } => {
                let chosen = legal.iter().position(|&a| a == action).map(|k| k as u64);
                let legal = legal
                    .iter()
                    .map(|&a| line::OptionLine {
                        code: format!("{a:?}"),
                        text: self.game.describe(before, a),
                    })
                    .collect();
                let bot = self.bot(seat).to_string();
                let (events, state_data, state_changes) = self.left_json(after);
                line::to_line(&line::DecisionLine {
                    action: what,
                    action_code: format!("{action:?}"),
                    bot,
                    chosen,
                    event: line::Decision,
                    events,
                    forced,
                    legal,
                    seat: u64::from(seat.0),
                    state: self.game.render(after),
                    state_changes,
                    state_data,
                    step: self.step,
                })
            }
        };
        (self.emit)(line);
        self.last = Some(after.clone());
    }

    /// A chance `part`, whose raw draws were `draws`.
    fn chance_step(&mut self, part: &Part<G>, draws: &[Drawn]) {
        let (before, after) = (&part.before, &part.after);
        self.step += 1;
        let what = self.game.describe_chance(before, after);
        self.game.trace_events(before, None, after, &mut self.events);
        let line = match self.style {
            TraceStyle::Text => {
                let head = format!("[{}] chance: {what}", self.step);
                self.finish_text(head, after)
            }
            TraceStyle::Json { .. } => {
                let outcome = self.game.chance_json(before, draws, after);
                let (events, state_data, state_changes) = self.left_json(after);
                line::to_line(&line::ChanceLine {
                    draws: draws.iter().map(|d| d.to_json()).collect(),
                    event: line::Chance,
                    events,
                    outcome,
                    result: what,
                    state: self.game.render(after),
                    state_changes,
                    state_data,
                    step: self.step,
                })
            }
        };
        (self.emit)(line);
        self.last = Some(after.clone());
    }
}

/// A played match's steps, each unfolded into the moves it is made of ([`unfold`]).
impl<G: TraceGame> Observer<G> for Recorder<'_, G> {
    fn decision(
        &mut self,
        before: &G::State,
        seat: Seat,
        legal: &[G::Action],
        action: G::Action,
        after: &G::State,
    ) {
        for part in unfold(self.game, before, Some(seat), Some(action), &[], after) {
            self.part(&part, legal, &[]);
        }
    }

    fn chance(&mut self, before: &G::State, draws: &[Drawn], after: &G::State) {
        for part in unfold(self.game, before, None, None, draws, after) {
            self.part(&part, &[], draws);
        }
    }
}

/// What a start record says about where its match comes from.
pub(crate) struct StartHead<'a> {
    pub index: u64,
    pub seed: u64,
    pub deal: u64,
    /// The seating as `matches.csv` writes it.
    pub seating: &'a str,
}

/// The start record of a match from state `start` played by `bots` (one label per seat).
pub(crate) fn start_record<G: TraceGame>(
    game: &G,
    start: &G::State,
    head: &StartHead,
    bots: &[String],
    style: TraceStyle,
) -> String {
    let mut events = Vec::new();
    game.start_events(start, &mut events);
    let players = bots.len();
    match style {
        TraceStyle::Text => {
            let mut text = format!(
                "{} match {} (seed {}, deal {}, seating {}: {})",
                game.name(),
                head.index,
                head.seed,
                head.deal,
                head.seating,
                bots.join(", "),
            );
            for e in &events {
                text.push_str(&format!("\n  = {}", event_text(e)));
            }
            format!("{text}\n{}", indent(&game.render(start)))
        }
        TraceStyle::Json { .. } => line::to_line(&line::StartLine {
            bots: bots.to_vec(),
            deal: head.deal,
            event: line::Start,
            events,
            format: TRACE_FORMAT,
            game: game.name().to_string(),
            index: head.index,
            players: players as u64,
            rules: game.rules().params().into_iter().map(|p| (p.key, p.value)).collect(),
            seating: Some(head.seating.to_string()),
            seed: head.seed,
            state: game.render(start),
            state_data: game.state_json(start),
        }),
    }
}

/// The end record of match `index`, over in state `last`, with the counted `length`
/// (decisions and chance events; turns and rounds come from the outcome).
pub(crate) fn end_record<G: TraceGame>(
    game: &G,
    last: &G::State,
    index: u64,
    length: &MatchLength,
    style: TraceStyle,
) -> String {
    let o = game.outcome(last);
    let reason = game.end_reason(last);
    // A solo game has no winner (PP-15): its end names none.
    let solo = o.players() == 1;
    let winners: Vec<usize> = (0..o.players())
        .filter(|&s| !solo && !o.is_capped() && o.rank(Seat(s as u8)) == 0)
        .collect();
    match style {
        TraceStyle::Text => format!(
            "end: scores {:?}, ranks {:?}{}; {} decisions, {} chance events, {} turns, {} rounds; {}",
            o.scores(),
            o.ranks(),
            if o.is_capped() { ", capped (no winner)" } else { "" },
            length.decisions,
            length.chance_events,
            o.turns,
            o.rounds,
            reason.text
        ),
        TraceStyle::Json { .. } => line::to_line(&line::EndLine {
            capped: o.is_capped(),
            chance_events: length.chance_events,
            decisions: length.decisions,
            event: line::End,
            index,
            ranks: o.ranks().to_vec(),
            reason: reason.code.to_string(),
            reason_text: reason.text,
            rounds: Some(o.rounds),
            scores: o.scores().into(),
            state_data: game.state_json(last),
            stopped: false,
            turns: Some(o.turns),
            winners,
        }),
    }
}

/// Replay match `index` of `spec` and hand every record, as one line of text or JSON, to
/// `emit` (start, each step, end). Returns the match's record, as the runner would have.
pub fn trace_match<G: TraceGame>(
    game: &G,
    spec: &RunSpec,
    index: u64,
    style: TraceStyle,
    emit: &mut dyn FnMut(String),
) -> MatchRecord {
    let assignment = spec.seating.assign(spec.players, index);
    let seating = seating_text(&assignment.slot_of_seat[..spec.players]);
    let bots: Vec<String> = (0..spec.players)
        .map(|s| spec.lineup[assignment.slot_of_seat[s] as usize].label.clone())
        .collect();
    let start = game.new_state(spec.players);
    let head = StartHead { index, seed: spec.seed, deal: assignment.deal, seating: &seating };
    emit(start_record(game, &start, &head, &bots, style));
    let mut recorder = Recorder::new(game, bots, style, game.state_json(&start), &mut *emit);
    let mut worker = Worker::new(game, spec);
    let record = worker.play(game, spec, index, &mut recorder);
    let last = recorder.last.take().unwrap_or(start);
    emit(end_record(game, &last, index, &record.length, style));
    record
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::session::plan::{MatchSpec, Plan};
    use crate::with_game;

    /// The JSON records of matches `0..n` of `game` with random bots.
    fn records(game: &str, players: usize, n: u64, sets: &[&str]) -> Vec<Value> {
        let spec = MatchSpec {
            players: Some(players),
            sets: sets.iter().map(|s| s.to_string()).collect(),
            ..MatchSpec::new(game)
        };
        let plan = Plan::new(&spec, n).unwrap();
        let mut lines = Vec::new();
        let mut emit = |line: String| lines.push(line);
        for index in 0..n {
            let style = TraceStyle::Json { full_states: false };
            with_game!(&plan.game, g => trace_match(g, &plan.spec, index, style, &mut emit));
        }
        lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    fn kinds(records: &[Value]) -> BTreeSet<String> {
        records
            .iter()
            .flat_map(|r| r["events"].as_array().into_iter().flatten())
            .map(|e| e["kind"].as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn dardz_traces_every_automatic_event() {
        // DZ-4/DZ-13 automatic plays, DZ-12 Clock passes, DZ-15 round-end scoring and the
        // clean-up bonus, DZ-3 Jackpot, Boost 'em, Bunk 'em and Roll-Off, DZ-14 draws.
        let recs = records("dardz", 4, 40, &[]);
        let seen = kinds(&recs);
        for kind in [
            "auto_play",
            "hands_passed",
            "round_won",
            "pile_scored",
            "lucky_loser",
            "clean_up",
            "three_of_a_kind",
            "jackpot",
            "roll_off",
            "boost_em",
            "bunk_em",
            "draw",
            "round_over",
            "game_over",
        ] {
            assert!(seen.contains(kind), "no `{kind}` in 40 matches: {seen:?}");
        }
        assert!(!seen.contains("score_unexplained"));
        // DZ-11: the first player of a later round is the lowest score, ties by a roll-off
        // whose dice are among the deal's raw draws.
        let rolloff_deal = recs
            .iter()
            .find(|r| r["outcome"]["what"] == "deal" && r["events"][0]["rolloff"] == true);
        let deal = rolloff_deal.expect("a tied lowest score in 40 matches");
        assert!(deal["draws"].as_array().unwrap().iter().any(|d| d.get("die").is_some()));
    }

    #[test]
    fn low_blow_traces_passes_and_round_scoring() {
        // LB-3: a seat without dice passes; LB-9: row scores at each round's end; LB-1: the
        // counters count.
        let seen = kinds(&records("low-blow", 4, 6, &[]));
        for kind in ["pass", "row_scored", "counters_paid", "counters_taken", "dice_passed"] {
            assert!(seen.contains(kind), "no `{kind}`: {seen:?}");
        }
    }
}
