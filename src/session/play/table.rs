//! One match at a table where some seats are people: the state, the chance stream, the bots
//! of the other seats, and every step so far. It answers what a seat may see (its view of
//! the state, the log with what it may not know left out, its legal actions when it is to
//! move), takes a person's choice, lets the bots and the dice move one step at a time, gives
//! advice computed from the seat's own observation, and writes the match as a trace.
//!
//! The chance stream and the bots' streams are those of match 0 of `arena run --seed S`
//! (deal 0, fixed seating), so a bot plays here as it would in a run.

use serde_json::{Value, json};

use super::options::{Offer, offer};
use super::seat_view::{Advice, EndView, LogEntry, SeatView, TurnView};
use crate::bots::profile::parse_one;
use crate::bots::{Bot, BotSpec};
use crate::core::trace::{Drawn, Recording};
use crate::core::trace::{EventHead, Part, seen_step, unfold};
use crate::core::trace_record as line;
use crate::core::{CHANCE_STREAM, MatchLength, Rng, Seat, TraceGame, Turn, bot_stream, derive_rng};
use crate::output::csv_files::seating_text;
use crate::session::trace::{Recorder, StartHead, TraceStyle, end_record, start_record};

/// The stream of advice: asking for it never changes the match's own streams.
const ADVICE_STREAM: u64 = 0xad51ce;
/// The search whose visit shares advice shows.
pub const ADVICE_SEARCH: &str = "mcts-1k";

/// Who sits at a seat.
pub enum Sitter {
    /// Moves come from outside the table (a person, or a trace being replayed), under this
    /// name in the trace (`human` for a person).
    Person {
        label: String,
    },
    Bot {
        spec: BotSpec,
        bot: Bot,
    },
}

/// Why a person's move was not played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not a legal move now (a wrong index, not this seat's turn, a match over): HTTP 400.
    Illegal(String),
    /// The move was for an earlier step (a second click of the same move): HTTP 409.
    Stale(String),
}

impl Refusal {
    /// What is wrong, in words.
    pub fn message(&self) -> &str {
        match self {
            Refusal::Illegal(m) | Refusal::Stale(m) => m,
        }
    }
}

/// One step played: a decision, a move the rules made without asking (`forced`), or a
/// chance event.
struct Step<G: TraceGame> {
    part: Part<G>,
    legal: Vec<G::Action>,
    draws: Vec<Drawn>,
}

pub struct GameTable<G: TraceGame> {
    game: G,
    seed: u64,
    deal: u64,
    /// The seating a trace names (a replayed one keeps its own); none: seats in order.
    seating: Option<String>,
    sitters: Vec<Sitter>,
    state: G::State,
    start: G::State,
    chance: Rng,
    seat_rngs: Vec<Rng>,
    steps: Vec<Step<G>>,
    legal: Vec<G::Action>,
    /// The saved trace's records of the steps so far, kept so that saving after every step
    /// records that step only (recording every step again made a 740-step match quadratic).
    recorded: std::cell::RefCell<Recorded>,
}

/// Step records already made for [`GameTable::trace_lines`]: steps never change once played.
#[derive(Default)]
struct Recorded {
    /// One line per step, in order.
    lines: Vec<String>,
    /// The structured state after the last recorded step (`None`: nothing recorded yet).
    last_state: Option<Value>,
}

impl<G: TraceGame> GameTable<G> {
    /// The table of match 0 of `seed` (deal 0).
    pub fn new(game: G, seed: u64, sitters: Vec<Sitter>) -> Self {
        Self::dealt(game, seed, 0, sitters)
    }

    /// The table of a match on deal `deal` of `seed`: the chance stream of every match of
    /// that deal (a replayed trace's).
    pub fn dealt(game: G, seed: u64, deal: u64, sitters: Vec<Sitter>) -> Self {
        let players = sitters.len();
        let start = game.new_state(players);
        GameTable {
            deal,
            seating: None,
            chance: derive_rng(seed, deal, CHANCE_STREAM),
            seat_rngs: (0..players)
                .map(|s| derive_rng(seed, 0, bot_stream(Seat(s as u8))))
                .collect(),
            state: start.clone(),
            start,
            game,
            seed,
            sitters,
            steps: Vec::new(),
            legal: Vec::new(),
            recorded: Default::default(),
        }
    }

    /// Name the seating in the trace as `seating` (a replayed trace keeps its own).
    pub fn name_seating(&mut self, seating: String) {
        self.seating = Some(seating);
    }

    pub fn players(&self) -> usize {
        self.sitters.len()
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn game_name(&self) -> &'static str {
        self.game.name()
    }

    /// Steps played so far.
    pub fn step(&self) -> u64 {
        self.steps.len() as u64
    }

    pub fn is_over(&self) -> bool {
        self.game.turn(&self.state) == Turn::Over
    }

    /// The person whose move the match waits for, if it waits for one.
    pub fn waiting_for(&self) -> Option<Seat> {
        match self.game.turn(&self.state) {
            Turn::Player(seat) if matches!(self.sitters[seat.index()], Sitter::Person { .. }) => {
                Some(seat)
            }
            _ => None,
        }
    }

    /// Who sits at each seat: `human` or the bot's label.
    pub fn labels(&self) -> Vec<String> {
        self.sitters
            .iter()
            .map(|s| match s {
                Sitter::Person { label } => label.clone(),
                Sitter::Bot { spec, .. } => spec.label.clone(),
            })
            .collect()
    }

    fn record(
        &mut self,
        before: G::State,
        mover: Option<Seat>,
        action: Option<G::Action>,
        draws: Vec<Drawn>,
    ) {
        let legal = if mover.is_some() { std::mem::take(&mut self.legal) } else { Vec::new() };
        // Each move the rules made inside the step gets a step of its own, with its mover.
        for part in unfold(&self.game, &before, mover, action, &draws, &self.state) {
            let legal = match part.action {
                Some(a) if part.forced => vec![a],
                _ => legal.clone(),
            };
            let draws = if part.mover.is_none() { draws.clone() } else { Vec::new() };
            self.steps.push(Step { part, legal, draws });
        }
    }

    /// Play one step that needs no person: a chance event or a bot's decision. False when
    /// the match is over or waits for a person.
    pub fn advance(&mut self) -> bool {
        match self.game.turn(&self.state) {
            Turn::Over => false,
            Turn::Chance => {
                let before = self.state.clone();
                let mut draws = Vec::new();
                let mut recording = Recording { inner: &mut self.chance, log: &mut draws };
                self.game.sample_chance(&mut self.state, &mut recording);
                self.record(before, None, None, draws);
                true
            }
            Turn::Player(seat) => {
                let Sitter::Bot { bot, .. } = &mut self.sitters[seat.index()] else { return false };
                self.game.legal_actions(&self.state, &mut self.legal);
                let rng = &mut self.seat_rngs[seat.index()];
                // A moment a test waits for, to signal while a bot thinks (`:say` only says).
                let _ = crate::output::failpoint("play:bot-decides");
                let action = bot.choose(&self.game, &self.state, seat, &self.legal, rng);
                let before = self.state.clone();
                self.game.apply(&mut self.state, action);
                self.record(before, Some(seat), Some(action), Vec::new());
                true
            }
        }
    }

    /// A person at `seat` chooses legal action number `choice`, seen at step `at_step`.
    pub fn play(&mut self, seat: Seat, choice: usize, at_step: u64) -> Result<(), Refusal> {
        if at_step != self.step() {
            return Err(Refusal::Stale(format!(
                "that move was for step {at_step}, and the match is at step {} now: it was played already or the page is out of date",
                self.step()
            )));
        }
        if self.waiting_for() != Some(seat) {
            return Err(Refusal::Illegal(format!("it is not seat {}'s move", seat.0)));
        }
        self.game.legal_actions(&self.state, &mut self.legal);
        let Some(&action) = self.legal.get(choice) else {
            return Err(Refusal::Illegal(format!(
                "move {choice} is not one of the {} legal moves (0 to {})",
                self.legal.len(),
                self.legal.len() - 1
            )));
        };
        let before = self.state.clone();
        self.game.apply(&mut self.state, action);
        self.record(before, Some(seat), Some(action), Vec::new());
        Ok(())
    }

    /// The log as `viewer` may read it: one entry per step, what it may not know replaced
    /// by a sentence saying that something happened.
    fn log_for(&self, viewer: Seat, from: usize) -> Vec<LogEntry> {
        self.steps
            .iter()
            .enumerate()
            .skip(from)
            .map(|(i, Step { part: st, .. })| {
                let seen = seen_step(&self.game, st, &self.state, viewer);
                let unseen = seen.is_none();
                let (text, mut events) = seen.unwrap_or_else(|| match st.mover {
                    Some(seat) => {
                        (format!("seat {} made a choice you cannot see yet", seat.0), vec![])
                    }
                    None => ("chance: something you cannot see".to_string(), vec![]),
                });
                // What each score event's points are for, in words: its `kind` is an id.
                for e in events.iter_mut() {
                    if EventHead::of(e).points.is_none() {
                        continue;
                    }
                    let words = json!(self.game.points_words(e));
                    if let Some(map) = e.as_object_mut() {
                        map.insert("points_for".into(), words);
                    }
                }
                LogEntry {
                    events,
                    // Whether a hidden step was the seat's only move is part of what is hidden.
                    forced: !unseen && st.forced,
                    seat: st.mover.map(|s| s.0),
                    step: i + 1,
                    text,
                    unseen,
                }
            })
            .collect()
    }

    /// Everything seat `viewer` may see now (see docs/guide/playing.md).
    pub fn view(&mut self, viewer: Seat) -> SeatView {
        self.view_from(viewer, 0)
    }

    /// [`GameTable::view`] with the log from step `log_from + 1` on (the terminal prints each
    /// entry once, so it asks only for new ones: the whole log at every step was quadratic).
    pub fn view_from(&mut self, viewer: Seat, log_from: usize) -> SeatView {
        let turn = match self.game.turn(&self.state) {
            Turn::Over => TurnView::Over,
            Turn::Chance => TurnView::Chance,
            Turn::Player(s) => TurnView::Player { seat: s.0 },
        };
        let yours = self.waiting_for() == Some(viewer);
        let offer = if yours {
            self.game.legal_actions(&self.state, &mut self.legal);
            offer(&self.game, &self.state, &self.legal)
        } else {
            Offer::default()
        };
        let over = self.is_over();
        SeatView {
            bots: self.labels(),
            // The seed decides every roll still to come, so it is shown only at the end.
            end: over.then(|| self.end_view()),
            game: self.game.name().to_string(),
            legal: offer.legal,
            log: self.log_for(viewer, log_from),
            moves: offer.moves,
            options: offer.options,
            players: self.players(),
            seat: viewer.0,
            seed: over.then(|| self.seed.to_string()),
            state_data: self.game.seat_state_json(&self.state, viewer),
            step: self.step(),
            text: self.text_for(viewer),
            turn,
            yours,
        }
    }

    /// The state as text for `viewer` ([`TraceGame::seat_render`]).
    pub fn text_for(&self, viewer: Seat) -> String {
        self.game.seat_render(&self.state, viewer)
    }

    /// The trace's end record, read back as the view's end (without the state).
    fn end_view(&self) -> EndView {
        let line = end_record(
            &self.game,
            &self.state,
            0,
            &self.length(),
            TraceStyle::Json { full_states: false },
        );
        serde_json::from_str(&line).expect("an end record is an EndView")
    }

    fn length(&self) -> MatchLength {
        // As a run counts them: moves the rules made without asking are neither.
        let decisions =
            self.steps.iter().filter(|s| s.part.mover.is_some() && !s.part.forced).count() as u32;
        let chance_events = self.steps.iter().filter(|s| s.part.mover.is_none()).count() as u32;
        MatchLength { decisions, chance_events, turns: 0, rounds: 0 }
    }

    /// For the person at `seat`, to move now: greedy's choice and the share of an MCTS
    /// search's visits per legal action, both from a state determinized for the seat (what
    /// it may know, the rest resampled), on a stream of their own; and both by the view's
    /// options (`greedy_option`, `option_share`: the shares of an option's moves added up).
    pub fn advice(&mut self, seat: Seat) -> Result<Advice, Refusal> {
        if self.waiting_for() != Some(seat) {
            return Err(Refusal::Illegal(format!(
                "advice is for the seat to move; seat {} is not",
                seat.0
            )));
        }
        let mut rng = derive_rng(self.seed ^ ADVICE_STREAM, self.step(), bot_stream(seat));
        let seen = self.game.determinize(&self.state, seat, &mut rng);
        let mut legal = Vec::new();
        self.game.legal_actions(&seen, &mut legal);
        let profile = |name: &str| Bot::from_spec(&parse_one(name).expect("a built-in profile"));
        let pick = profile("greedy").choose(&self.game, &seen, seat, &legal, &mut rng);
        let Bot::Mcts(mut mcts) = profile(ADVICE_SEARCH) else { unreachable!("an mcts profile") };
        let iterations = mcts.params.iterations;
        mcts.search(&self.game, &seen, seat, &legal, &mut rng);
        let visits = mcts.root_visits::<G>(&legal);
        let total: u32 = visits.iter().sum::<u32>().max(1);
        let shares: Vec<f64> = visits.iter().map(|&v| v as f64 / total as f64).collect();
        // The options are the view's, of the seat's own moves: each advised action is found
        // in the table's legal list by equality (the seat's moves are the same in any state
        // determinized for it).
        self.game.legal_actions(&self.state, &mut self.legal);
        let offered = offer(&self.game, &self.state, &self.legal);
        let option_of = |a: &G::Action| {
            self.legal.iter().position(|b| b == a).and_then(|k| offered.option_of(k))
        };
        let mut option_share = vec![0.0; offered.options.len()];
        for (a, share) in legal.iter().zip(&shares) {
            if let Some(o) = option_of(a) {
                option_share[o] += share;
            }
        }
        Ok(Advice {
            greedy: legal.iter().position(|&a| a == pick),
            greedy_option: option_of(&pick),
            iterations,
            legal: legal.iter().map(|&a| self.game.describe(&seen, a)).collect(),
            mcts_share: shares,
            option_share,
            search: ADVICE_SEARCH.to_string(),
            step: self.step(),
        })
    }

    /// The match so far as a JSON trace (format 2, `docs/trace-format.md`): one line per
    /// record, with the people's choices; an end record once the match is over. Only the
    /// steps played since the last call are recorded (see `recorded`).
    pub fn trace_lines(&self) -> Vec<String> {
        let style = TraceStyle::Json { full_states: false };
        let mut recorded = self.recorded.borrow_mut();
        let done = recorded.lines.len();
        let from = recorded.last_state.take().unwrap_or_else(|| self.game.state_json(&self.start));
        let mut new_lines = Vec::new();
        let last_state =
            self.record_steps(&self.steps[done..], style, from, done as u64, &mut |line| {
                new_lines.push(line)
            });
        recorded.lines.extend(new_lines);
        recorded.last_state = Some(last_state);
        let mut lines = vec![self.start_line(0, style)];
        lines.extend(recorded.lines.iter().cloned());
        lines.push(self.end_line(0, style));
        lines
    }

    /// The match so far as records of `style`, numbered as match `index`.
    pub fn trace_lines_as(&self, index: u64, style: TraceStyle) -> Vec<String> {
        let mut lines = vec![self.start_line(index, style)];
        let start_data = self.game.state_json(&self.start);
        self.record_steps(&self.steps, style, start_data, 0, &mut |line| lines.push(line));
        lines.push(self.end_line(index, style));
        lines
    }

    /// The start record of the trace.
    fn start_line(&self, index: u64, style: TraceStyle) -> String {
        let slots: Vec<u8> = (0..self.players() as u8).collect();
        let seating = self.seating.clone().unwrap_or_else(|| seating_text(&slots));
        let head = StartHead { index, seed: self.seed, deal: self.deal, seating: &seating };
        start_record(&self.game, &self.start, &head, &self.labels(), style)
    }

    /// Record `steps`, numbered after `first`, the state before them being `from`; returns
    /// the structured state after them.
    fn record_steps(
        &self,
        steps: &[Step<G>],
        style: TraceStyle,
        from: Value,
        first: u64,
        emit: &mut dyn FnMut(String),
    ) -> Value {
        let mut recorder =
            Recorder::new(&self.game, self.labels(), style, from, emit).numbered_after(first);
        for st in steps {
            recorder.part(&st.part, &st.legal, &st.draws);
        }
        recorder.into_last_state()
    }

    /// The end record, or what says the match stopped before its end.
    fn end_line(&self, index: u64, style: TraceStyle) -> String {
        if self.is_over() {
            end_record(&self.game, &self.state, index, &self.length(), style)
        } else if style == TraceStyle::Text {
            format!("end: stopped at step {} before the end of the match", self.step())
        } else {
            self.stopped_record(index)
        }
    }

    /// What step `step` (1-based) did, in words (its action, or its chance event), as the
    /// trace says, and whether it was a move the rules made without asking.
    pub fn step_text(&self, step: u64) -> Option<(String, bool)> {
        let st = &self.steps.get(usize::try_from(step).ok()?.checked_sub(1)?)?.part;
        let text = match st.action {
            Some(a) => self.game.describe(&st.before, a),
            None => self.game.describe_chance(&st.before, &st.after),
        };
        Some((text, st.forced))
    }

    /// The final scores, once the match is over.
    pub fn final_scores(&self) -> Option<Vec<i32>> {
        self.is_over().then(|| self.game.outcome(&self.state).scores().to_vec())
    }

    /// The end record of a match stopped before its end (Ctrl-C, `q`): `stopped` and its
    /// reason say so, no seat is ranked or wins, and the scores are the running ones where
    /// the game keeps them, so the trace still replays to where it stopped.
    fn stopped_record(&self, index: u64) -> String {
        let data = self.game.state_json(&self.state);
        let length = self.length();
        line::to_line(&line::EndLine {
            capped: false,
            chance_events: length.chance_events,
            decisions: length.decisions,
            event: line::End,
            index,
            ranks: Vec::new(),
            reason: "stopped".into(),
            reason_text: format!(
                "stopped at step {} before the end of the match (arena play)",
                self.step()
            ),
            rounds: None,
            scores: data.get("scores").cloned().unwrap_or(json!([])),
            state_data: data,
            stopped: true,
            turns: None,
            winners: Vec::new(),
        })
    }
}
