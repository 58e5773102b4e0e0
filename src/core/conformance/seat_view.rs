//! The seat-view checks: what a person playing a seat is shown depends on nothing that seat
//! cannot know. [`check_seat_views`] holds the state ([`TraceGame::seat_state_json`] and
//! [`TraceGame::seat_render`]) to it; [`check_seat_logs`] the play log's words and events.
//!
//! The state: For every step of seeded random matches and
//! every seat v, the view of the true state must equal the view of states determinized for
//! v (everything v cannot see resampled, [`BotHooks::determinize`] and
//! [`BotHooks::determinize_lazy`]). A view that printed an
//! unseen card, a hidden choice or a card's place among unseen ones would differ.

use rand::RngExt;

use serde_json::Value;

use crate::core::trace::{EventHead, Part, Recording, StateHead, seen_step, unfold};
use crate::core::{Seat, TraceGame, Turn, determinize_as};

/// What the check looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatViewReport {
    pub states: u64,
    /// Views compared (states x seats x determinizations).
    pub comparisons: u64,
}

/// Play `matches` random matches of `players` from `seed` and compare, at every state and
/// for every seat, its view of the state with its view of `DETERMINIZATIONS` states
/// determinized for it. The first difference is the error, naming the match, step and seat.
pub fn check_seat_views<G: TraceGame>(
    game: &G,
    players: usize,
    matches: u64,
    seed: u64,
) -> Result<SeatViewReport, String> {
    const DETERMINIZATIONS: u64 = 2;
    let mut report = SeatViewReport::default();
    let mut legal = Vec::new();
    for m in 0..matches {
        let mut rng = crate::core::derive_rng(seed, m, 0);
        let mut state = game.new_state(players);
        let mut step = 0u64;
        loop {
            report.states += 1;
            for v in 0..players {
                let viewer = Seat(v as u8);
                let view = game.seat_state_json(&state, viewer);
                let text = game.seat_render(&state, viewer);
                for k in 0..DETERMINIZATIONS {
                    let mut d_rng = crate::core::derive_rng(seed ^ 0x5ea7, m * 1_000_003 + step, k);
                    // One determinization of each kind: all drawn, and lazy (greedy's).
                    let other = determinize_as(game, &state, viewer, k % 2 == 1, &mut d_rng);
                    report.comparisons += 1;
                    let seen = game.seat_state_json(&other, viewer);
                    let seen_text = game.seat_render(&other, viewer);
                    if seen_text != text {
                        return Err(format!(
                            "{}: match {m}, step {step}: seat {v}'s text changes when what it \
                             cannot see is resampled:\n{text}\n  resampled:\n{seen_text}",
                            game.name()
                        ));
                    }
                    if seen != view {
                        return Err(format!(
                            "{}: match {m}, step {step}: seat {v}'s view changes when what it \
                             cannot see is resampled:\n  true state: {view}\n  resampled:  {seen}",
                            game.name()
                        ));
                    }
                }
            }
            match game.turn(&state) {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut state, &mut rng),
                Turn::Player(_) => {
                    game.legal_actions(&state, &mut legal);
                    let a = legal[rng.random_range(0..legal.len())];
                    game.apply(&mut state, a);
                }
            }
            step += 1;
        }
    }
    Ok(report)
}

/// What [`check_seat_logs`] looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatLogReport {
    /// Steps of the log (decisions, forced moves and chance events).
    pub steps: u64,
    /// Steps of another seat whose events a seat was shown (at the time or once revealed).
    pub shown_to_others: u64,
    /// Comparisons of a seat's summed events with the scores it is shown.
    pub comparisons: u64,
}

/// The log's half of the seat-view check: the events a seat is shown explain exactly the
/// scores it is shown, no more. Every step of `matches` random matches is unfolded as the
/// play log shows it ([`unfold`]: a forced move is its own step, with its mover); after each
/// step, for every seat v, the points of the events of every step v may read by then
/// ([`seen_step`], the start's events included) are summed per seat and must equal the
/// `scores` of v's view ([`TraceGame::seat_state_json`]). A step that shows v points v's view
/// does not show yet (another seat's secret choice, or points carried on the wrong step)
/// breaks the sum. Games whose view has no `scores` list are not checked (the report says
/// how many comparisons were made). And the words of every decision another seat reads at
/// the time are the same in a state determinized for that seat ([`words_seen_alike`]).
pub fn check_seat_logs<G: TraceGame>(
    game: &G,
    players: usize,
    matches: u64,
    seed: u64,
) -> Result<SeatLogReport, String> {
    let mut report = SeatLogReport::default();
    let mut legal = Vec::new();
    for m in 0..matches {
        let mut rng = crate::core::derive_rng(seed, m, 0);
        let mut state = game.new_state(players);
        let mut start = Vec::new();
        game.start_events(&state, &mut start);
        let start_points = points_by_seat(&start, players);
        // Per viewer: points summed over the steps it has read, and the steps it may not yet.
        let mut read: Vec<Vec<i64>> = vec![start_points; players];
        let mut unread: Vec<Vec<usize>> = vec![Vec::new(); players];
        let mut parts: Vec<Part<G>> = Vec::new();
        loop {
            for v in 0..players {
                let viewer = Seat(v as u8);
                let mut still = Vec::new();
                for &i in &unread[v] {
                    match seen_step(game, &parts[i], &state, viewer) {
                        Some((_, events)) => {
                            if parts[i].mover.is_some_and(|s| s != viewer) {
                                report.shown_to_others += 1;
                            }
                            for (j, p) in points_by_seat(&events, players).into_iter().enumerate() {
                                read[v][j] += p;
                            }
                        }
                        None => still.push(i),
                    }
                }
                unread[v] = still;
                let view = game.seat_state_json(&state, viewer);
                let Some(scores) = scores_of(&view, players) else { continue };
                report.comparisons += 1;
                if scores != read[v] {
                    let last =
                        parts.last().map_or("the start".to_string(), |p| step_words(game, p));
                    return Err(format!(
                        "{}: match {m}, step {}: seat {v} is shown events worth {:?} but scores {:?} \
                         (the last step: {last})",
                        game.name(),
                        parts.len(),
                        read[v],
                        scores
                    ));
                }
            }
            let before = state.clone();
            let (mover, action, draws) = match game.turn(&state) {
                Turn::Over => break,
                Turn::Chance => {
                    let mut draws = Vec::new();
                    let mut recording = Recording { inner: &mut rng, log: &mut draws };
                    game.sample_chance(&mut state, &mut recording);
                    (None, None, draws)
                }
                Turn::Player(seat) => {
                    game.legal_actions(&state, &mut legal);
                    let a = legal[rng.random_range(0..legal.len())];
                    game.apply(&mut state, a);
                    (Some(seat), Some(a), Vec::new())
                }
            };
            for part in unfold(game, &before, mover, action, &draws, &state) {
                words_seen_alike(game, &part, players, &mut rng, &mut legal).map_err(|e| {
                    format!("{}: match {m}, step {}: {e}", game.name(), parts.len() + 1)
                })?;
                unread.iter_mut().for_each(|u| u.push(parts.len()));
                parts.push(part);
            }
            report.steps = report.steps.max(parts.len() as u64);
        }
    }
    Ok(report)
}

/// The words of a decision another seat reads at the time it is made depend only on what
/// that seat knows: they are the same in a state determinized for it (everything it cannot
/// see resampled), wherever the move is legal there too.
fn words_seen_alike<G: TraceGame>(
    game: &G,
    part: &Part<G>,
    players: usize,
    rng: &mut crate::core::Rng,
    legal: &mut Vec<G::Action>,
) -> Result<(), String> {
    let (Some(mover), Some(action)) = (part.mover, part.action) else { return Ok(()) };
    let said = game.describe(&part.before, action);
    for v in (0..players).map(|v| Seat(v as u8)).filter(|&v| v != mover) {
        if seen_step(game, part, &part.after, v).is_none() {
            continue;
        }
        let other = game.determinize(&part.before, v, rng);
        if game.turn(&other) != Turn::Player(mover) {
            continue;
        }
        game.legal_actions(&other, legal);
        if !legal.contains(&action) {
            continue;
        }
        let resampled = game.describe(&other, action);
        if resampled != said {
            return Err(format!(
                "seat {} reads \"{said}\", which changes to \"{resampled}\" when what it cannot \
                 see is resampled",
                v.0
            ));
        }
    }
    Ok(())
}

/// The points of `events` per seat.
fn points_by_seat(events: &[Value], players: usize) -> Vec<i64> {
    let mut sums = vec![0i64; players];
    for e in events {
        if let EventHead { seat: Some(seat), points: Some(points), .. } = EventHead::of(e)
            && (seat as usize) < players
        {
            sums[seat as usize] += points;
        }
    }
    sums
}

/// The `scores` list of a view, when it has one for every seat.
fn scores_of(view: &Value, players: usize) -> Option<Vec<i64>> {
    let scores = StateHead::of(view).scores;
    (scores.len() == players).then_some(scores)
}

/// A step in words, for an error message.
fn step_words<G: TraceGame>(game: &G, p: &Part<G>) -> String {
    match (p.mover, p.action) {
        (Some(seat), Some(a)) => format!(
            "seat {}{}: {}",
            seat.0,
            if p.forced { " (forced)" } else { "" },
            game.describe(&p.before, a)
        ),
        _ => format!("chance: {}", game.describe_chance(&p.before, &p.after)),
    }
}
