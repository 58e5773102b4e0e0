//! The engine's core vocabulary: the [`Game`] trait in its parts (a game implements each of
//! [`GameRules`], [`BotHooks`], [`GameStats`] and [`GameText`]; `Game` is all four), seats,
//! turns, outcomes, match lengths and the seeded random streams.
//!
//! A match is a pure function of (rules, players, bots, master seed, match index). The trait
//! is shaped after OpenSpiel's Game/State split: chance is its own turn
//! ([`Turn::Chance`]) sampled from a dedicated chance stream, legal actions come in a fixed
//! order, and every game has a turn cap (RULINGS G-2).
//!
//! ```
//! use arena::core::{derive_rng, GameRules, Seat, Turn};
//! use arena::games::pig::{Pig, PigRules};
//! use rand::RngExt;
//!
//! let game = Pig::new(PigRules::default());
//! let mut state = game.new_state(2);
//! let mut chance = derive_rng(42, 0, 0);
//! let mut legal = Vec::new();
//! while !matches!(game.turn(&state), Turn::Over) {
//!     match game.turn(&state) {
//!         Turn::Chance => game.sample_chance(&mut state, &mut chance),
//!         Turn::Player(_) => {
//!             game.legal_actions(&state, &mut legal);
//!             let pick = legal[chance.random_range(0..legal.len())];
//!             game.apply(&mut state, pick);
//!         }
//!         Turn::Over => unreachable!(),
//!     }
//! }
//! let outcome = game.outcome(&state);
//! assert!(outcome.rank(Seat(0)) == 0 || outcome.rank(Seat(1)) == 0);
//! ```

pub mod bits;
pub mod chance;
pub mod chance_outcomes;
pub mod columns;
pub mod conformance;
pub mod csv_cell;
pub mod exact;
pub mod file_record;
pub mod flags;
pub mod how_to_play;
pub mod job_record;
pub mod layout;
pub mod notable_record;
pub mod options;
pub mod rule_record;
pub mod rules;
pub mod suggest;
pub mod trace;
pub mod trace_record;
pub mod value_model;

use std::fmt::{self, Debug};

use rand::SeedableRng;

pub use chance::{Chance, ScriptedChance};
pub use chance_outcomes::ChanceOutcome;
pub use options::{KindSet, OptionKind};
pub use trace::{MovePlace, TraceGame};
pub use value_model::{MetricTotals, RateWords, ValueModel};

/// The one random generator type of the engine: every chance stream and bot stream is one,
/// seeded by `derive_rng`, so the same seed gives the same bytes.
pub type Rng = rand_pcg::Pcg64Mcg;

/// The largest player count any game supports (DARDZ: 8). Fixed arrays in outcomes and
/// tallies use it, so that no match allocates for its result.
pub const MAX_SEATS: usize = 8;

/// A seat at the table. Seat 0 moves first (RULINGS G-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A bot decision for this seat (also multi-step turns and out-of-turn decisions).
    Player(Seat),
    /// Dice, shuffles, draws: sampled from the chance stream, never by a bot.
    Chance,
    /// The match has ended (finished or capped).
    Over,
}

/// Whether a higher or a lower score ranks first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreOrder {
    HigherWins,
    LowerWins,
}

/// How a match ended: a score and a rank per seat (rank 0 is first; tied players share a
/// rank, RULINGS G-3), whether the turn cap stopped it (G-2), and its length in the game's own
/// units. Fixed-size so that producing one never allocates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    players: u8,
    scores: [i32; MAX_SEATS],
    ranks: [u8; MAX_SEATS],
    capped: bool,
    /// Turns as the game counts them (a player's turn, a placement, a swap turn...).
    pub turns: u32,
    /// Rounds played where the game has rounds, the one a turn cap stopped included (a round
    /// counts once a turn of it was played); 1 otherwise.
    pub rounds: u32,
}

impl Outcome {
    /// A finished match; ranks follow from the scores (competition ranking: equal scores
    /// share the better rank).
    pub fn finished(scores: &[i32], order: ScoreOrder, turns: u32, rounds: u32) -> Self {
        let mut outcome = Self::blank(scores, turns, rounds);
        for seat in 0..scores.len() {
            let better = scores
                .iter()
                .filter(|&&other| match order {
                    ScoreOrder::HigherWins => other > scores[seat],
                    ScoreOrder::LowerWins => other < scores[seat],
                })
                .count();
            outcome.ranks[seat] = better as u8;
        }
        outcome
    }

    /// A match stopped by the turn cap: no winner (G-2). Every seat gets rank `players`
    /// (below last), so nobody is credited with a win or a shared first place.
    pub fn capped(scores: &[i32], turns: u32, rounds: u32) -> Self {
        let mut outcome = Self::blank(scores, turns, rounds);
        outcome.capped = true;
        for rank in outcome.ranks.iter_mut().take(scores.len()) {
            *rank = scores.len() as u8;
        }
        outcome
    }

    /// The tie for first place broken by something other than the scores (DARDZ's final
    /// roll-off, DZ-9): the seats in `winners` that share first place keep it, and the others
    /// that shared it rank just below them. The scores stay as they were played, so they
    /// still add up to what the match's events say. A capped outcome, or `winners` naming no
    /// first-placed seat, is returned unchanged.
    pub fn with_tie_broken(mut self, winners: &[Seat]) -> Self {
        let n = self.players();
        let kept = |s: usize| self.ranks[s] == 0 && winners.contains(&Seat(s as u8));
        let count = (0..n).filter(|&s| kept(s)).count();
        if self.capped || count == 0 {
            return self;
        }
        let below: Vec<usize> = (0..n).filter(|&s| self.ranks[s] == 0 && !kept(s)).collect();
        for s in below {
            self.ranks[s] = count as u8;
        }
        self
    }

    fn blank(scores: &[i32], turns: u32, rounds: u32) -> Self {
        assert!((1..=MAX_SEATS).contains(&scores.len()), "outcome for {} seats", scores.len());
        let mut fixed = [0; MAX_SEATS];
        fixed[..scores.len()].copy_from_slice(scores);
        Self {
            players: scores.len() as u8,
            scores: fixed,
            ranks: [0; MAX_SEATS],
            capped: false,
            turns,
            rounds,
        }
    }

    pub fn players(&self) -> usize {
        self.players as usize
    }
    pub fn is_capped(&self) -> bool {
        self.capped
    }
    pub fn score(&self, seat: Seat) -> i32 {
        self.scores[seat.index()]
    }
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players()]
    }
    pub fn rank(&self, seat: Seat) -> u8 {
        self.ranks[seat.index()]
    }
    pub fn ranks(&self) -> &[u8] {
        &self.ranks[..self.players()]
    }
    /// How many seats share first place (0 when capped).
    pub fn first_place_count(&self) -> usize {
        self.ranks().iter().filter(|&&r| r == 0).count()
    }
    /// This seat's share of the win: 1 for a sole winner, 1/k when k tie for first, 0
    /// otherwise (G-3).
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.rank(seat) == 0 { 1.0 / self.first_place_count() as f64 } else { 0.0 }
    }
}

/// Lengths of one match. `decisions` and `chance_events` are counted by the runner; `turns`
/// and `rounds` come from the game's [`Outcome`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchLength {
    pub decisions: u32,
    pub chance_events: u32,
    pub turns: u32,
    pub rounds: u32,
}

mod game;
pub use game::{BotHooks, Game, GameRules, GameStats, GameText};

/// An action that is not legal in the state it was offered for.
#[derive(Debug, thiserror::Error)]
#[error("illegal action: {0}")]
pub struct IllegalAction(pub String);

/// The chance stream.
pub const CHANCE_STREAM: u64 = 0;

/// `game`'s determinization of `s` for `viewer`: [`BotHooks::determinize_lazy`] when `lazy`,
/// else [`BotHooks::determinize`] (what greedy's `lazy` parameter and the conformance check
/// choose between).
pub fn determinize_as<G: Game>(
    game: &G,
    s: &G::State,
    viewer: Seat,
    lazy: bool,
    rng: &mut Rng,
) -> G::State {
    if lazy { game.determinize_lazy(s, viewer, rng) } else { game.determinize(s, viewer, rng) }
}

/// The stream of the bot sitting in `seat`.
pub fn bot_stream(seat: Seat) -> u64 {
    1 + seat.0 as u64
}

/// SplitMix64's finaliser: a bijective hash with full avalanche.
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator for (master seed, index, stream). Seeds are chained SplitMix64 hashes fed
/// to `Pcg64Mcg::new`; PCG stream ids are avoided because streams of one seed can be
/// correlated. Stream 0 is chance ([`CHANCE_STREAM`]), stream 1+seat that seat's bot.
pub fn derive_rng(master_seed: u64, index: u64, stream: u64) -> Rng {
    let a = splitmix64(master_seed ^ splitmix64(index ^ splitmix64(stream)));
    let b = splitmix64(a ^ 0xD1B5_4A32_D192_ED03);
    // Pcg64Mcg needs an odd state; the low bit is forced by `new` itself.
    Rng::new(((a as u128) << 64) | b as u128)
}

/// A generator from a plain seed, for tools and tests that need one stream.
pub fn rng_from_seed(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn streams_differ_and_repeat() {
        let mut a = derive_rng(7, 3, 0);
        let mut b = derive_rng(7, 3, 1);
        let mut c = derive_rng(7, 4, 0);
        let mut a2 = derive_rng(7, 3, 0);
        let xa = a.next_u64();
        assert_eq!(xa, a2.next_u64());
        assert_ne!(xa, b.next_u64());
        assert_ne!(xa, c.next_u64());
    }

    #[test]
    fn ranks_share_ties_g3() {
        let o = Outcome::finished(&[5, 9, 9], ScoreOrder::HigherWins, 10, 1);
        assert_eq!(o.ranks(), &[2, 0, 0]);
        assert_eq!(o.win_share(Seat(1)), 0.5);
        assert_eq!(o.win_share(Seat(0)), 0.0);
        let low = Outcome::finished(&[5, 9, 9], ScoreOrder::LowerWins, 10, 1);
        assert_eq!(low.ranks(), &[0, 1, 1]);
    }

    #[test]
    fn a_broken_tie_reranks_without_touching_the_scores_dz9() {
        // Four seats, two tied on top: the roll-off winner alone is first, the loser second.
        let o = Outcome::finished(&[7, 30, 30, 2], ScoreOrder::HigherWins, 10, 3)
            .with_tie_broken(&[Seat(2)]);
        assert_eq!(o.scores(), &[7, 30, 30, 2]);
        assert_eq!(o.ranks(), &[2, 1, 0, 3]);
        assert_eq!(o.win_share(Seat(2)), 1.0);
        // A team's two seats keep first place together.
        let team = Outcome::finished(&[9, 9, 9, 9], ScoreOrder::HigherWins, 10, 3)
            .with_tie_broken(&[Seat(1), Seat(3)]);
        assert_eq!(team.ranks(), &[2, 0, 2, 0]);
        // Naming a seat that is not first, or a capped match, changes nothing.
        let plain = Outcome::finished(&[7, 30, 30, 2], ScoreOrder::HigherWins, 10, 3);
        assert_eq!(plain.with_tie_broken(&[Seat(0)]), plain);
        let capped = Outcome::capped(&[7, 7], 10, 3);
        assert_eq!(capped.with_tie_broken(&[Seat(0)]), capped);
    }

    #[test]
    fn capped_has_no_winner_g2() {
        let o = Outcome::capped(&[5, 9], 200, 1);
        assert!(o.is_capped());
        assert_eq!(o.first_place_count(), 0);
        assert_eq!(o.win_share(Seat(1)), 0.0);
    }
}
