//! The seat-view check: what a person playing a seat is shown ([`TraceGame::seat_state_json`]
//! and [`TraceGame::seat_render`])
//! depends on nothing that seat cannot know. For every step of seeded random matches and
//! every seat v, the view of the true state must equal the view of states determinized for
//! v (everything v cannot see resampled, [`Game::determinize`] and
//! [`Game::determinize_lazy`]). A view that printed an
//! unseen card, a hidden choice or a card's place among unseen ones would differ.

use rand::RngExt;

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
