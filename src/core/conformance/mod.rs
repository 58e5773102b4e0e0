//! The one conformance check every game's tests call (after OpenSpiel's random-simulation
//! test and board-game-rs's `board_test_main`).
//!
//! Random play over many seeds, asserting at every step: the game's invariants hold (cards
//! and dice conserved, via [`GameRules::check_invariants`]); a player to move always has a legal
//! action; applying an action (or a chance event) to a clone gives the same state as applying
//! it to the original; a determinized state offers the deciding seat the same legal actions;
//! `GameRules::legal_pick` gives the list's action for every index (the random bot's fast path);
//! `BotHooks::heuristics` gives `BotHooks::heuristic` of every seat bit for bit and no action ends
//! the match where `BotHooks::may_end_in_one` says none can (both in the observed matches); the
//! match ends within the turn cap with a well-formed outcome; the same seed replays the same
//! match (same actions, same final state); every metric the game emits has a description
//! (for `COLUMNS.md`); and, on the first [`TRACED_MATCHES`] matches, the trace's events
//! explain every score: their points sum to the outcome's scores (see [`trace_points`]); on the
//! first [`FORCED_CHECKED`] matches, every forced move a game reports inside a step (its
//! own step in traces, [`TraceGame::forced_moves`]) is its seat's only legal action and,
//! applied, ends where the step ended; and on the first [`STEP_STATE_CHECKED`] matches, the
//! state a traced step is compared with ([`TraceGame::step_state_json`]) leaves out only keys
//! unchanged since the start (checked on a sample of the states between steps and on the last,
//! not on those inside a step before a forced move); on the first [`OUTCOMES_CHECKED`]
//! matches, every chance event's listed outcomes ([`GameRules::chance_outcomes`]) have positive
//! probabilities summing to 1, and the sampled outcome is among them.
//!
//! Hidden information is checked through [`BotHooks::observe`], on every state of the first
//! [`OBSERVED_MATCHES`] matches and for every seat v (see [`observation`]): (A) what v
//! observes is unchanged by determinizing for v; (B) determinizing keeps the turn, the
//! standings and v's legal actions; (C) determinizing depends only on what v observes (no
//! peeking: two states v cannot tell apart determinize to the same state with the same
//! generator); (D) states v observes as equal have the same turn, standings and legal
//! actions (an observation that leaves out something public is caught here).

mod observation;
pub mod rule_space;
pub mod seat_view;
mod trace_points;

use std::hash::{Hash, Hasher};

use rand::RngExt;
use serde_json::Value;

use super::trace::{Drawn, Recording, TraceGame};
use super::{CHANCE_STREAM, Game, MAX_SEATS, Outcome, Rng, Seat, Turn, bot_stream, derive_rng};

/// What the check saw, for tests that want to assert more (e.g. that the cap is reachable).
#[derive(Clone, Debug, Default)]
pub struct ConformanceReport {
    pub matches: u64,
    pub capped: u64,
    pub max_decisions: u64,
    pub total_decisions: u64,
}

/// Matches whose every state gets the observation checks (they cost a determinization per
/// seat per step, so not all matches of a long check get them).
pub const OBSERVED_MATCHES: u64 = 1000;

/// Matches whose every step's trace events are summed against the outcome's scores (they
/// build JSON at every step). Not tied to `observed`, so that the rule-space check, which
/// observes only a rule set's first match, still checks the points of all its matches.
pub const TRACED_MATCHES: u64 = 1000;

/// Steps after which a match is declared endless: far beyond any game's real length.
const STEP_LIMIT: u64 = 5_000_000;

/// Play `matches` random matches of `game` with `players` seats from `seed`, checking every
/// step. Panics with the match index and step on the first violation.
pub fn check<G: TraceGame>(game: &G, players: usize, matches: u64, seed: u64) -> ConformanceReport {
    check_matches(game, players, seed, 0..matches, OBSERVED_MATCHES, OUTCOMES_CHECKED)
}

/// [`check`] over the match indices `indices` (as `arena trace --match` numbers them with
/// fixed seating), with the observation checks (every seat at every state, and `legal_pick`
/// at every index) only on matches below `observed`: they cost a determinization per seat
/// per step, which a batch of long matches under unusual rules cannot afford on every match;
/// and every chance event's listed outcomes checked only on matches below `outcomes` (a
/// listing plays the event up to [`crate::core::chance_outcomes::OUTCOME_LIMIT`] times).
pub fn check_matches<G: TraceGame>(
    game: &G,
    players: usize,
    seed: u64,
    indices: std::ops::Range<u64>,
    observed: u64,
    outcomes: u64,
) -> ConformanceReport {
    assert!(game.seats().contains(&players), "{} does not support {players} players", game.name());
    check_metric_docs(game, players);
    let mut report = ConformanceReport::default();
    let mut legal = Vec::new();
    let mut seen = observation::Seen::new(players);
    for index in indices {
        let observed = (index < observed).then_some(&mut seen);
        let (end, outcome, decisions, trail) =
            play_checked(game, players, seed, index, &mut legal, observed, index < outcomes);
        let (end_again, trail_again) = replay(game, players, seed, index, &mut legal);
        assert_eq!(
            outcome,
            game.outcome(&end_again),
            "match {index}: same seed, different outcome"
        );
        assert_eq!(trail, trail_again, "match {index}: same seed, different actions");
        assert!(end == end_again, "match {index}: same seed, different final state");
        report.matches += 1;
        report.capped += outcome.is_capped() as u64;
        report.total_decisions += decisions;
        report.max_decisions = report.max_decisions.max(decisions);
    }
    report
}

/// Every counter `metrics.csv` will carry has a description for `COLUMNS.md`: the names of
/// [`GameStats::metric_docs`] are those of [`GameStats::metric_names`], in order, each with text.
pub fn check_metric_docs<G: Game>(game: &G, players: usize) {
    let names = game.metric_names(players);
    let docs = game.metric_docs(players);
    let doc_names: Vec<&String> = docs.iter().map(|(n, _)| n).collect();
    assert_eq!(
        names.iter().collect::<Vec<_>>(),
        doc_names,
        "{} with {players} players: metric_docs must name every metric of metric_names, in order",
        game.name()
    );
    for (name, text) in &docs {
        assert!(!text.trim().is_empty(), "{}: metric `{name}` has no description", game.name());
    }
}

/// `BotHooks::heuristics` gives `BotHooks::heuristic` of every seat, bit for bit: MCTS's rollout cut
/// uses the one, greedy the other, and a cut must reward what the heuristic says.
fn heuristics_agree<G: Game>(game: &G, s: &G::State, players: usize) -> Result<(), String> {
    let mut all = [0.0; MAX_SEATS];
    game.heuristics(s, &mut all[..players]);
    for (p, &h) in all[..players].iter().enumerate() {
        let one = game.heuristic(s, Seat(p as u8));
        if h.to_bits() != one.to_bits() {
            return Err(format!("heuristics gives {h:?} for seat {p}, heuristic {one:?}"));
        }
    }
    Ok(())
}

/// [`BotHooks::may_end_in_one`] against trying every action, in `matches` random matches from
/// `seed`: panics where it says no action ends the match but one does. Returns how many
/// decisions it said "no" at and how many there were (a hook that never says no saves nothing).
pub fn check_may_end_in_one<G: Game>(
    game: &G,
    players: usize,
    matches: u64,
    seed: u64,
) -> (u64, u64) {
    let (mut no, mut decisions) = (0, 0);
    let mut legal = Vec::new();
    for index in 0..matches {
        let mut chance = derive_rng(seed, index, CHANCE_STREAM);
        let mut bot = derive_rng(seed, index, 1);
        let mut state = game.new_state(players);
        for step in 0..STEP_LIMIT {
            match game.turn(&state) {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut state, &mut chance),
                Turn::Player(_) => {
                    game.legal_actions(&state, &mut legal);
                    decisions += 1;
                    if !game.may_end_in_one(&state) {
                        no += 1;
                        if let Some(a) = ends_at_once(game, &state, &legal) {
                            panic!(
                                "{} match {index} (seed {seed}) step {step}: may_end_in_one says \
                                 no, but {a:?} ends the match\n{}",
                                game.name(),
                                game.render(&state)
                            );
                        }
                    }
                    game.apply(&mut state, legal[bot.random_range(0..legal.len())]);
                }
            }
        }
    }
    (no, decisions)
}

/// The first of `legal` after which the match is over at once (no chance in between).
fn ends_at_once<G: Game>(game: &G, s: &G::State, legal: &[G::Action]) -> Option<G::Action> {
    legal.iter().copied().find(|&a| {
        let mut t = s.clone();
        game.apply(&mut t, a);
        matches!(game.turn(&t), Turn::Over)
    })
}

/// The trail hash after one more decision.
fn extend_trail<A: Hash>(trail: u64, seat: Seat, action: A) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (trail, seat.0, action).hash(&mut hasher);
    hasher.finish()
}

/// The same random match played again from the same streams, with no check on the way
/// (the first play checked every step): its final state and trail, which must equal the
/// first play's. A replay only shows whether the match is a function of its seed, and the
/// whole final state says so at least as strictly as the outcome.
fn replay<G: Game>(
    game: &G,
    players: usize,
    seed: u64,
    index: u64,
    legal: &mut Vec<G::Action>,
) -> (G::State, u64) {
    let mut chance = derive_rng(seed, index, CHANCE_STREAM);
    let mut bots: Vec<Rng> =
        (0..players).map(|p| derive_rng(seed, index, bot_stream(Seat(p as u8)))).collect();
    let mut state = game.new_state(players);
    let mut trail = TRAIL_START;
    for step in 0.. {
        assert!(step <= STEP_LIMIT, "{} match {index}: the replay does not end", game.name());
        match game.turn(&state) {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&mut state, &mut chance),
            Turn::Player(seat) => {
                game.legal_actions(&state, legal);
                assert!(
                    !legal.is_empty(),
                    "{} match {index}: the replay has no legal action",
                    game.name()
                );
                let action = legal[bots[seat.index()].random_range(0..legal.len())];
                game.apply(&mut state, action);
                trail = extend_trail(trail, seat, action);
            }
        }
    }
    (state, trail)
}

/// The trail hash of a match with no decision yet.
const TRAIL_START: u64 = 0xcbf2_9ce4_8422_2325;

/// Every legal action's option kinds are declared kinds, and the same in the seat's
/// determinized view (a probe bot decides from them, so they may not read hidden
/// information).
fn kinds_agree<G: Game>(
    game: &G,
    state: &G::State,
    view: &G::State,
    legal: &[G::Action],
    declared: usize,
) -> Result<(), String> {
    for &a in legal {
        let kinds = game.action_kinds(state, a);
        if kinds.highest().is_some_and(|k| k >= declared) {
            return Err(format!("{a:?} has option kind {kinds:?}; {declared} are declared"));
        }
        if game.action_kinds(view, a) != kinds {
            return Err(format!("{a:?}'s option kinds change when determinized: they peek"));
        }
    }
    Ok(())
}

/// One checked random match; returns its final state, outcome, decision count and a hash
/// of its trail. Below [`TRACED_MATCHES`] the trace's points are summed too.
fn play_checked<G: TraceGame>(
    game: &G,
    players: usize,
    seed: u64,
    index: u64,
    legal: &mut Vec<G::Action>,
    mut observed: Option<&mut observation::Seen<G::State>>,
    outcomes_checked: bool,
) -> (G::State, Outcome, u64, u64) {
    let mut chance = derive_rng(seed, index, CHANCE_STREAM);
    let mut bots: Vec<Rng> =
        (0..players).map(|p| derive_rng(seed, index, bot_stream(Seat(p as u8)))).collect();
    let mut determinize_rng = derive_rng(seed, index, 1000);
    let mut state = game.new_state(players);
    let mut view_legal = Vec::new();
    let mut decisions = 0u64;
    let mut trail = TRAIL_START;
    let kinds = game.option_kinds(players);
    let declared = kinds.len();
    let fail = |step: u64, what: String| -> ! {
        panic!("{} match {index} (seed {seed}) step {step}: {what}", game.name())
    };
    if let Err(e) = super::options::check_kinds(&kinds) {
        fail(0, e);
    }
    let whole_start = (index < STEP_STATE_CHECKED).then(|| game.state_json(&state));
    let mut points = (index < TRACED_MATCHES)
        .then(|| trace_points::PointSums::start(game, &state).unwrap_or_else(|e| fail(0, e)));
    for step in 0.. {
        if step > STEP_LIMIT {
            fail(step, "no end after the step limit: the turn cap is not enforced".into());
        }
        if let Err(e) = game.check_invariants(&state) {
            fail(step, format!("invariant broken: {e}\n{}", game.render(&state)));
        }
        if let Some(start) = &whole_start
            && step % STEP_STATE_EVERY == 0
        {
            step_state_agrees(game, start, &state).unwrap_or_else(|e| fail(step, e));
        }
        if let Some(seen) = observed.as_deref_mut() {
            if let Err(e) = observation::check_state(game, &state, seen, &mut determinize_rng) {
                fail(step, format!("{e}\n{}", game.render(&state)));
            }
            if let Err(e) = heuristics_agree(game, &state, players) {
                fail(step, format!("{e}\n{}", game.render(&state)));
            }
        }
        match game.turn(&state) {
            Turn::Over => break,
            Turn::Chance => {
                let mut copy = state.clone();
                let mut copy_rng = chance.clone();
                if index < FORCED_CHECKED {
                    let mut draws = Vec::new();
                    let mut recording = Recording { inner: &mut chance, log: &mut draws };
                    game.sample_chance(&mut state, &mut recording);
                    forced_moves_agree(game, &copy, None, &draws, &state)
                        .unwrap_or_else(|e| fail(step, e));
                } else {
                    game.sample_chance(&mut state, &mut chance);
                }
                if let Some(p) = points.as_mut() {
                    p.step(game, &copy, None, &state).unwrap_or_else(|e| fail(step, e));
                }
                if outcomes_checked {
                    outcomes_agree(game, &copy, &state).unwrap_or_else(|e| fail(step, e));
                }
                game.sample_chance(&mut copy, &mut copy_rng);
                if copy != state {
                    fail(step, "chance on a clone differs from chance on the original".into());
                }
            }
            Turn::Player(seat) => {
                if seat.index() >= players {
                    fail(step, format!("{seat} to move in a {players}-player match"));
                }
                game.legal_actions(&state, legal);
                if legal.is_empty() {
                    fail(step, format!("no legal action for {seat}\n{}", game.render(&state)));
                }
                let view = game.determinize(&state, seat, &mut determinize_rng);
                if game.turn(&view) != Turn::Player(seat) {
                    fail(step, "determinizing changed whose turn it is".into());
                }
                game.legal_actions(&view, &mut view_legal);
                if view_legal != *legal {
                    fail(step, "determinizing changed the mover's legal actions".into());
                }
                if let Err(e) = kinds_agree(game, &state, &view, legal, declared) {
                    fail(step, e);
                }
                // `legal_pick` against the list: every index in the observed matches, and in
                // all matches the index the random bot draws below (from a copy of its stream).
                let drawn = bots[seat.index()].clone().random_range(0..legal.len());
                let all = observed.is_some();
                for k in (0..legal.len()).filter(|&k| all || k == drawn) {
                    let picked = game.legal_pick(&state, &mut view_legal, |n| {
                        if n != legal.len() {
                            fail(step, format!("legal_pick counts {n}, the list {}", legal.len()));
                        }
                        k
                    });
                    if picked != legal[k] {
                        fail(
                            step,
                            format!("legal_pick gives {picked:?} at {k}, not {:?}", legal[k]),
                        );
                    }
                }
                if all
                    && !game.may_end_in_one(&state)
                    && let Some(a) = ends_at_once(game, &state, legal)
                {
                    fail(step, format!("may_end_in_one says no, but {a:?} ends the match"));
                }
                let action = legal[bots[seat.index()].random_range(0..legal.len())];
                let mut copy = state.clone();
                if index < 64 {
                    // Descriptions format strings: check they do not panic, on a sample.
                    let _ = game.describe(&copy, action);
                }
                game.apply(&mut state, action);
                if index < FORCED_CHECKED {
                    forced_moves_agree(game, &copy, Some(action), &[], &state)
                        .unwrap_or_else(|e| fail(step, e));
                }
                if let Some(p) = points.as_mut() {
                    p.step(game, &copy, Some(action), &state).unwrap_or_else(|e| fail(step, e));
                }
                game.try_apply(&mut copy, action).unwrap_or_else(|e| {
                    fail(step, format!("try_apply refused a legal action: {e}"))
                });
                if copy != state {
                    fail(step, format!("apply on a clone differs for {action:?}"));
                }
                decisions += 1;
                trail = extend_trail(trail, seat, action);
            }
        }
    }
    let outcome = game.outcome(&state);
    if outcome.players() != players {
        fail(0, format!("outcome for {} seats", outcome.players()));
    }
    if outcome.turns > game.turn_cap() {
        fail(0, format!("{} turns exceed the cap {}", outcome.turns, game.turn_cap()));
    }
    if !outcome.is_capped() && outcome.first_place_count() == 0 {
        fail(0, "a finished match with nobody in first place".into());
    }
    if let Some(p) = &points {
        p.finish(game, &state, &outcome).unwrap_or_else(|e| fail(0, format!("trace: {e}")));
    }
    if let Some(start) = &whole_start {
        step_state_agrees(game, start, &state).unwrap_or_else(|e| fail(0, e));
    }
    let mut metrics = vec![0; game.metric_names(players).len()];
    game.metrics(&state, &mut metrics);
    if index < 64 {
        let _ = game.render(&state);
    }
    (state, outcome, decisions, trail)
}

/// Matches whose every step's forced moves are checked ([`forced_moves_agree`]).
pub const FORCED_CHECKED: u64 = 200;

/// Matches whose every chance event's listed outcomes are checked ([`outcomes_agree`]): a
/// listing plays the event once per outcome, up to thousands of times.
pub const OUTCOMES_CHECKED: u64 = 10;

/// [`GameRules::chance_outcomes`] of the chance node `before`, where the game's sampler led to
/// `after`: when the game lists them, every probability is positive, they sum to 1 and
/// `after` is one of the outcomes.
fn outcomes_agree<G: Game>(game: &G, before: &G::State, after: &G::State) -> Result<(), String> {
    let Some(outcomes) = game.chance_outcomes(before) else { return Ok(()) };
    if let Some(o) = outcomes.iter().find(|o| o.probability.is_nan() || o.probability <= 0.0) {
        return Err(format!("a chance outcome has probability {}", o.probability));
    }
    let total: f64 = outcomes.iter().map(|o| o.probability).sum();
    if (total - 1.0).abs() > 1e-9 {
        return Err(format!("the {} chance outcomes sum to {total}, not 1", outcomes.len()));
    }
    if !outcomes.iter().any(|o| o.state == *after) {
        return Err(format!("the sampled chance outcome is none of the {} listed", outcomes.len()));
    }
    Ok(())
}

/// Matches whose states' step states are checked against their whole states
/// ([`step_state_agrees`]), at every [`STEP_STATE_EVERY`]-th step and at the end: building
/// Pride's whole state three times at every step of the rule-space check's thousands of
/// matches took CI ten minutes. A key left out that changes stays changed at later steps, so
/// a sample of the steps catches it.
pub const STEP_STATE_CHECKED: u64 = 2;
const STEP_STATE_EVERY: u64 = 32;

/// What a step's trace record is built from ([`TraceGame::step_state_json`]) is the whole
/// state ([`TraceGame::state_json`]) less keys whose value is the same as in `start`, the
/// whole state before any step: a key left out that changed would never reach a trace's
/// `state_changes`, and a page would draw it stale.
fn step_state_agrees<G: TraceGame>(game: &G, start: &Value, s: &G::State) -> Result<(), String> {
    let (whole, step) = (game.state_json(s), game.step_state_json(s));
    let (Some(whole_map), Some(step_map)) = (whole.as_object(), step.as_object()) else {
        return if whole == step {
            Ok(())
        } else {
            Err("step_state_json is not an object, and differs from state_json".into())
        };
    };
    if let Some(extra) = step_map.keys().find(|k| !whole_map.contains_key(*k)) {
        return Err(format!("step_state_json has `{extra}`, which state_json lacks"));
    }
    for (key, value) in whole_map {
        match step_map.get(key) {
            Some(v) if v != value => {
                return Err(format!("step_state_json's `{key}` differs from state_json's"));
            }
            Some(_) => {}
            None if start.get(key) != Some(value) => {
                return Err(format!(
                    "step_state_json leaves out `{key}`, which changed since the start"
                ));
            }
            None => {}
        }
    }
    Ok(())
}

/// The forced moves a game reports inside the step from `before` (by `action`, or by the
/// chance event of `draws`) to `after` are what they claim ([`TraceGame::forced_moves`]): in
/// the state before each, its seat is to move and its action is the only legal one, and
/// applying it there ends where the step ended (the rest of the step is its doing).
fn forced_moves_agree<G: TraceGame>(
    game: &G,
    before: &G::State,
    action: Option<G::Action>,
    draws: &[Drawn],
    after: &G::State,
) -> Result<(), String> {
    let mut legal = Vec::new();
    for (k, f) in game.forced_moves(before, action, draws).into_iter().enumerate() {
        if game.turn(&f.before) != Turn::Player(f.seat) {
            return Err(format!(
                "forced move {k} ({:?}): {} is not to move before it",
                f.action, f.seat
            ));
        }
        game.legal_actions(&f.before, &mut legal);
        if legal != [f.action] {
            return Err(format!(
                "forced move {k} ({:?}) is not the only legal action: {legal:?}",
                f.action
            ));
        }
        let mut rest = f.before.clone();
        game.apply(&mut rest, f.action);
        if rest != *after {
            return Err(format!(
                "forced move {k} ({:?}) applied does not end where the step did",
                f.action
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

/// A check in two sizes: `NAME::sample` plays `sample` matches in the default `cargo test`,
/// and `NAME::long` (ignored there) the full count, which CI runs in release mode with
/// `cargo test --release -- --ignored ::long`. The body sees the count as `$n: u64`, so the
/// same assertions guard both sizes and no check disappears from the quick loop.
///
/// ```ignore
/// crate::sampled! {
///     /// Random DARDZ at 4 players ends within the cap.
///     fn conformance_4_players(matches = 100_000, sample = 5_000) {
///         conformance_for(4, matches);
///     }
/// }
/// ```
// Exported (hidden) so that the integration tests use the same two sizes as the unit tests.
#[doc(hidden)]
#[macro_export]
macro_rules! sampled {
    ($(#[$meta:meta])* fn $name:ident($n:ident = $full:expr, sample = $sample:expr) $body:block) => {
        $(#[$meta])*
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            fn check($n: u64) $body

            #[test]
            fn sample() {
                check($sample);
            }

            #[test]
            #[ignore = "long: cargo test --release -- --ignored ::long"]
            fn long() {
                check($full);
            }
        }
    };
}
