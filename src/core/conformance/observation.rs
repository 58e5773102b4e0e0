//! The observation checks of the conformance check: what a seat may know
//! ([`BotHooks::observe`]) against what determinizing for that seat does
//! ([`BotHooks::determinize`]). A bot decides from determinized states only, so these checks are
//! what makes "no bot peeks" true for every game, not just for the games someone wrote a
//! no-peeking test for.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use crate::core::{Game, MAX_SEATS, Rng, Seat, Turn, determinize_as};

/// States remembered per seat for checks (C) and (D): enough for many collisions of equal
/// observations, bounded so that a long check does not grow without end.
const REMEMBERED_PER_SEAT: usize = 4096;

/// What every state with the same observation must agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Public {
    turn: Turn,
    /// A hash of the running standings (and the completed-turn count they come with).
    standings: u64,
    /// A hash of the legal actions, when the seat is to move.
    legal: Option<u64>,
}

/// The observations seen so far, per seat: the public facts and the first state seen with
/// each observation.
pub struct Seen<S> {
    players: usize,
    per_seat: Vec<HashMap<u64, (Public, S)>>,
}

impl<S: Clone> Seen<S> {
    pub fn new(players: usize) -> Self {
        Self { players, per_seat: (0..players).map(|_| HashMap::new()).collect() }
    }
}

/// The hash of what `viewer` observes in `s`.
pub fn observation<G: Game>(game: &G, s: &G::State, viewer: Seat) -> u64 {
    OBSERVED.with_borrow_mut(|bytes| {
        bytes.clear();
        game.observe(s, viewer, &mut Collect(bytes));
        let mut h = DefaultHasher::new();
        h.write(bytes);
        h.finish()
    })
}

thread_local! {
    /// The bytes of the observation being hashed, kept between calls (no allocation per
    /// state and seat).
    static OBSERVED: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A `Hasher` that only collects what is written, to be hashed in one call: `observe` writes
/// a field at a time, and SipHash's cost per write was two thirds of a conformance run (the
/// same bytes in one write give the same hash, SipHash being a hash of the byte stream).
struct Collect<'a>(&'a mut Vec<u8>);

impl Hasher for Collect<'_> {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
    fn finish(&self) -> u64 {
        unreachable!("observation() hashes the collected bytes itself")
    }
}

fn public<G: Game>(game: &G, s: &G::State, viewer: Seat, players: usize) -> Public {
    let turn = game.turn(s);
    let mut standings = [0i32; MAX_SEATS];
    let turns = game.standings(s, &mut standings[..players]);
    let mut h = DefaultHasher::new();
    (turns, standings).hash(&mut h);
    let legal = (turn == Turn::Player(viewer)).then(|| {
        let mut actions = Vec::new();
        game.legal_actions(s, &mut actions);
        let mut h = DefaultHasher::new();
        actions.hash(&mut h);
        h.finish()
    });
    Public { turn, standings: h.finish(), legal }
}

/// The two ways a bot may determinize: everything drawn at once, or lazily.
const KINDS: [(&str, bool); 2] = [("determinizing", false), ("lazily determinizing", true)];

/// Checks (A) to (D) on state `s` for every seat, for both kinds of determinization; the
/// error names the check, the kind and the seat.
pub fn check_state<G: Game>(
    game: &G,
    s: &G::State,
    seen: &mut Seen<G::State>,
    rng: &mut Rng,
) -> Result<(), String> {
    for v in 0..seen.players {
        let seat = Seat(v as u8);
        let watched = observation(game, s, seat);
        let facts = public(game, s, seat, seen.players);
        let earlier = match seen.per_seat[v].get(&watched) {
            Some((earlier_facts, earlier)) => {
                if *earlier_facts != facts {
                    return Err(format!(
                        "(D) {seat} observes two states alike that differ in the turn, the standings or its legal actions: the observation leaves out something public\nearlier: {earlier:?}"
                    ));
                }
                Some(earlier)
            }
            None => None,
        };
        for (doing, lazy) in KINDS {
            // The lazy kind is checked where it gives another state than the full one on the
            // same stream (everywhere in a game without one, they are the same function).
            if lazy && {
                let probe = rng.clone();
                determinize_as(game, s, seat, true, &mut probe.clone())
                    == determinize_as(game, s, seat, false, &mut probe.clone())
            } {
                continue;
            }
            let other = determinize_as(game, s, seat, lazy, rng);
            if observation(game, &other, seat) != watched {
                return Err(format!("(A) {doing} for {seat} changed what {seat} observes"));
            }
            if public(game, &other, seat, seen.players) != facts {
                return Err(format!(
                    "(B) {doing} for {seat} changed the turn, the standings or {seat}'s legal actions"
                ));
            }
            if let Err(e) = game.check_invariants(&other) {
                return Err(format!("(B) {doing} for {seat} broke an invariant: {e}"));
            }

            // (C): a state `seat` cannot tell from `s` must determinize exactly as `s` does.
            // Two such states: a resample (`other`), and an earlier state with the same
            // observation.
            let probe = rng.clone();
            let from_s = determinize_as(game, s, seat, lazy, &mut probe.clone());
            if determinize_as(game, &other, seat, lazy, &mut probe.clone()) != from_s {
                return Err(format!(
                    "(C) {doing} for {seat} depends on what {seat} cannot see (two resamples of one observation determinize differently)"
                ));
            }
            if let Some(earlier) = earlier
                && determinize_as(game, earlier, seat, lazy, &mut probe.clone()) != from_s
            {
                return Err(format!(
                    "(C) {doing} for {seat} depends on what {seat} cannot see (two states it observes alike determinize differently)\nearlier: {earlier:?}"
                ));
            }
        }
        let first_seen = earlier.is_none();
        let remembered = &mut seen.per_seat[v];
        if first_seen && remembered.len() < REMEMBERED_PER_SEAT {
            remembered.insert(watched, (facts, s.clone()));
        }
    }
    Ok(())
}
