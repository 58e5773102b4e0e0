//! The loop of a match between random bots with nobody watching, the bulk of studies and
//! benches, and what it does at a decision besides playing it: count the decision's options
//! (a counted deal) or nothing (every other deal), chosen by type so that an uncounted
//! match runs exactly the loop without counting.

use crate::bots::random::RandomBot;
use crate::core::{Game, MAX_SEATS, MatchLength, Rng, Seat, Turn};
use crate::runner::lead::LeadTracker;
use crate::runner::seating::Assignment;
use crate::stats::options::MatchOptions;

/// Not a seat (seats are below `MAX_SEATS`): the last mover before the first decision.
const NO_SEAT: u8 = u8::MAX;

/// What [`play_random`] does at a decision besides playing it: count its options, or (for
/// the matches that are not counted) nothing. A type, not a flag, so that the loop of an
/// uncounted match compiles to exactly the loop without counting.
pub(crate) trait DecisionHook<G: Game> {
    /// Whether the hook needs the legal list (then the action is drawn from it, which is the
    /// same draw as `GameRules::legal_pick`'s).
    const NEEDS_LIST: bool;
    fn decision(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        action: G::Action,
        seat: Seat,
    );
}

pub(crate) struct NotCounting;
impl<G: Game> DecisionHook<G> for NotCounting {
    const NEEDS_LIST: bool = false;
    #[inline(always)]
    fn decision(&mut self, _: &G, _: &G::State, _: &[G::Action], _: G::Action, _: Seat) {}
}

/// What [`play_random`] needs to count options.
pub(crate) struct Counting<'a> {
    pub(crate) options: &'a mut MatchOptions,
    pub(crate) group_of_slot: &'a [u8; MAX_SEATS],
    pub(crate) assignment: &'a Assignment,
}

impl<G: Game> DecisionHook<G> for Counting<'_> {
    const NEEDS_LIST: bool = true;
    fn decision(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        action: G::Action,
        seat: Seat,
    ) {
        let slot = self.assignment.slot_of_seat[seat.index() % MAX_SEATS];
        let group = self.group_of_slot[slot as usize % MAX_SEATS] as usize;
        self.options.decision(game, state, legal, action, seat, group, true);
    }
}

/// [`play_random`] counting options (the counted deals, one in the game's
/// `option_sample_every`), kept out of line and marked cold: inlined beside the uncounted loop
/// in `Worker::play`, it changed that loop's register allocation, and Pig's own steps there
/// took 11% more instructions (as callgrind counts them, scripts/instructions.sh).
#[inline(never)]
#[cold]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_random_counting<G: Game>(
    game: &G,
    players: usize,
    state: &mut G::State,
    chance: &mut Rng,
    seat_rngs: &mut [Rng; MAX_SEATS],
    legal: &mut Vec<G::Action>,
    length: &mut MatchLength,
    lead: &mut LeadTracker,
    counting: &mut Counting<'_>,
) {
    play_random(game, players, state, chance, seat_rngs, legal, length, lead, counting)
}

/// The loop of a match between random bots with nobody watching: the same steps, draws and
/// lead observations as [`Worker::play_any`] (so the same results), without what only other
/// bots or observers need. Random play is the bulk of studies and benches, and per step
/// this loop does little more than the game itself: no bot dispatch, counters and the last
/// mover in registers, no bounds checks on the seat streams.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_random<G: Game, H: DecisionHook<G>>(
    game: &G,
    players: usize,
    state: &mut G::State,
    chance: &mut Rng,
    seat_rngs: &mut [Rng; MAX_SEATS],
    legal: &mut Vec<G::Action>,
    length: &mut MatchLength,
    lead: &mut LeadTracker,
    hook: &mut H,
) {
    let mut standings = [0i32; MAX_SEATS];
    let standings = &mut standings[..players];
    let (mut decisions, mut chance_events) = (0u32, 0u32);
    // No seat is `NO_SEAT`, so the first decision reads the standings, as in `play_any`.
    let mut last_mover = NO_SEAT;
    // The mover's stream, in a local while the seat keeps moving (one turn is often many
    // decisions): indexing the seats' streams at every decision keeps the generator's state in
    // memory, a load and a store on its multiply chain. Put back when the seat changes.
    let mut rng = seat_rngs[0].clone();
    loop {
        match game.turn(state) {
            Turn::Over => {
                if let Some(turn) = game.standings(state, standings) {
                    lead.observe(turn, standings);
                }
                // The streams end as `play_any` leaves them (nothing reads them after a
                // match today; this keeps it so if something ever does).
                if last_mover != NO_SEAT {
                    seat_rngs[last_mover as usize % MAX_SEATS] = rng;
                }
                break;
            }
            Turn::Chance => {
                chance_events += 1;
                game.sample_chance(state, chance);
            }
            Turn::Player(seat) => {
                // Standings are read where a turn can have ended: when the seat to move
                // changes, and at the end.
                if last_mover != seat.0 {
                    // Seats are below MAX_SEATS: the remainder only spares the bounds check.
                    if last_mover != NO_SEAT {
                        seat_rngs[last_mover as usize % MAX_SEATS] = rng.clone();
                    }
                    rng = seat_rngs[seat.index() % MAX_SEATS].clone();
                    last_mover = seat.0;
                    if let Some(turn) = game.standings(state, standings) {
                        lead.observe(turn, standings);
                    }
                }
                let action = if H::NEEDS_LIST {
                    // The list is needed to count each kind's legal actions; the same draw
                    // from the same list gives `pick`'s action.
                    game.legal_actions(state, legal);
                    let action = RandomBot.choose(legal, &mut rng);
                    hook.decision(game, state, legal, action, seat);
                    action
                } else {
                    RandomBot.pick(game, state, legal, &mut rng)
                };
                decisions += 1;
                game.apply(state, action);
            }
        }
    }
    length.decisions = decisions;
    length.chance_events = chance_events;
}
