//! The engine's core vocabulary: the [`Game`] trait every game implements, seats, turns,
//! outcomes, match lengths and the seeded random streams.
//!
//! A match is a pure function of (rules, players, bots, master seed, match index). The trait
//! is shaped after OpenSpiel's Game/State split: chance is its own turn
//! ([`Turn::Chance`]) sampled from a dedicated chance stream, legal actions come in a fixed
//! order, and every game has a turn cap (RULINGS G-2).
//!
//! ```
//! use arena::core::{derive_rng, Game, Turn, Seat};
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
pub mod conformance;
pub mod csv_cell;
pub mod file_record;
pub mod layout;
pub mod options;
pub mod rules;
pub mod suggest;
pub mod trace;

use std::fmt::{self, Debug};
use std::hash::Hasher;
use std::ops::RangeInclusive;

use rand::SeedableRng;

pub use chance::{Chance, ScriptedChance};
pub use chance_outcomes::ChanceOutcome;
pub use options::{KindSet, OptionKind};
pub use trace::{MovePlace, TraceGame};

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

/// A game: an immutable rules value. All match state lives in [`Game::State`], a small value
/// type that bots clone freely.
pub trait Game: Sync + Send + Clone + 'static {
    type State: Clone + Send + Sync + Debug + PartialEq;
    type Action: Copy + Eq + std::hash::Hash + Debug + Send + Sync;
    /// The rule parameters (see [`rules`]).
    type Rules: rules::Rules;

    /// The game under these rules (already validated).
    fn with_rules(rules: Self::Rules) -> Self;
    fn rules(&self) -> &Self::Rules;

    /// The command-line name (`tictactoe`, `pig`, `trice`, ...).
    fn name(&self) -> &'static str;
    /// Supported player counts.
    fn seats(&self) -> RangeInclusive<usize>;
    /// The player count a default experiment uses.
    fn default_players(&self) -> usize {
        *self.seats().start()
    }
    /// Whether these rules can be played by `players`; the one-line error says what is
    /// allowed (and names the rule parameter when one restricts it, e.g. a team variant).
    /// The default accepts [`Game::seats`].
    fn check_players(&self, players: usize) -> Result<(), String> {
        let seats = self.seats();
        if seats.contains(&players) {
            Ok(())
        } else {
            Err(format!(
                "{} is for {} to {} players, not {players}",
                self.name(),
                seats.start(),
                seats.end()
            ))
        }
    }
    /// The state before any chance event.
    fn new_state(&self, players: usize) -> Self::State;
    fn turn(&self, s: &Self::State) -> Turn;
    /// Legal actions for the seat to move, in a fixed order. Implementations clear `out`
    /// first; it is the caller's buffer so that the hot loop never allocates.
    fn legal_actions(&self, s: &Self::State, out: &mut Vec<Self::Action>);
    /// Action number `pick(count)` of what [`Game::legal_actions`] lists, where `count` is
    /// the list's length: how a random bot chooses (`pick` draws the index). A game may
    /// override it to count and index its actions without building the list (LOW BLOW's
    /// placements are dice x squares); it must give exactly `legal[pick(legal.len())]`, which
    /// the conformance check asserts for every index of every decision it plays. `buf` is
    /// the caller's buffer for the default, which builds the list.
    fn legal_pick(
        &self,
        s: &Self::State,
        buf: &mut Vec<Self::Action>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Self::Action {
        self.legal_actions(s, buf);
        buf[pick(buf.len())]
    }
    /// Apply a legal action. Deterministic; legality is only `debug_assert!`ed.
    fn apply(&self, s: &mut Self::State, a: Self::Action);
    /// Resolve a chance turn (dice, shuffles, draws) from the chance source: the chance
    /// stream in a match, a [`ScriptedChance`] in a rule test. Every random draw of a game
    /// goes through `chance`, never around it.
    fn sample_chance(&self, s: &mut Self::State, chance: &mut impl Chance);
    /// Every outcome of the chance turn of `s` with its probability, for exact algorithms
    /// (OpenSpiel's `ChanceOutcomes`); `None` when there are more than
    /// [`chance_outcomes::OUTCOME_LIMIT`] (a shuffle). The default plays `sample_chance` once
    /// per outcome ([`chance_outcomes::enumerate`]), so it is the sampler's own list; a game
    /// overrides it only to list faster. The conformance check holds it to the sampler.
    fn chance_outcomes(&self, s: &Self::State) -> Option<Vec<ChanceOutcome<Self::State>>> {
        chance_outcomes::enumerate(self, s, chance_outcomes::OUTCOME_LIMIT)
    }
    /// The result; meaningful once `turn` is [`Turn::Over`].
    fn outcome(&self, s: &Self::State) -> Outcome;
    /// The largest value `Outcome::turns` may reach (RULINGS G-2, checked by conformance).
    fn turn_cap(&self) -> u32;

    /// A state consistent with everything `viewer` knows, with all it cannot see resampled.
    /// Perfect-information games return a copy.
    fn determinize(&self, s: &Self::State, _viewer: Seat, _rng: &mut Rng) -> Self::State {
        s.clone()
    }
    /// [`Game::determinize`] that may leave some of what `viewer` cannot see undrawn, for a
    /// chance event of the determinized state to draw when play first depends on it
    /// ([`Game::deferred_chance`]). Play from it is distributed as from `determinize` (the
    /// same random process, run later), and a bot that looks one step ahead and never reaches
    /// that point draws nothing, so its samples of one decision are then equal states (greedy
    /// evaluates equal samples without chance once). But until the event, what is undrawn
    /// stays as the viewer last saw it: the heuristic of the viewer's own seat is the same as
    /// in `determinize`'s states (it may read only what the viewer knows), another seat's may
    /// not be. So greedy, which values only its own seat, uses it (unless `lazy = false`);
    /// MCTS, whose cut-off rollouts value every seat, uses `determinize`. The event exists
    /// only in determinized states, never in a match. The conformance check holds it to the
    /// same rules as `determinize` (nothing `viewer` sees changes, and it depends on nothing
    /// `viewer` cannot see). The default is `determinize`.
    fn determinize_lazy(&self, s: &Self::State, viewer: Seat, rng: &mut Rng) -> Self::State {
        self.determinize(s, viewer, rng)
    }
    /// Whether the chance turn of `s` is the one a lazy determinization deferred (drawing
    /// what was left undrawn, not a new event of the game): greedy's guard resolves it to see
    /// whether a reply ends the match, as it would see in `determinize`'s states. The default
    /// is `false` (no game but one with a lazy determinization has such a turn).
    fn deferred_chance(&self, _s: &Self::State) -> bool {
        false
    }
    /// Feed `out` everything `viewer` may know in `s`, and nothing else: two states that
    /// `viewer` cannot tell apart must feed the same values. "Visible" means:
    /// - public randomness (dice on the table, face-up cards, the composition of a pile as
    ///   far as it follows from what is face up) and every score: visible to all;
    /// - a hidden hand: to its owner, and to those it was shown to; what a seat once saw it
    ///   keeps knowing (perfect recall) until the card moves out of sight again;
    /// - a simultaneous choice: to its chooser only, until the round reveals it;
    /// - the order of a shuffled pile: to nobody.
    ///
    /// The conformance check proves, for every game and seat, that
    /// `observe(determinize(s, v), v) == observe(s, v)`, that determinizing depends on nothing
    /// else, and that states with equal observations offer the seat the same turn, standings
    /// and legal actions. Only checks and tests call this, never the match loop.
    fn observe(&self, s: &Self::State, viewer: Seat, out: &mut impl Hasher);
    /// How good `s` looks for `seat`, for greedy play and cut-off rollouts; higher is better.
    fn heuristic(&self, s: &Self::State, seat: Seat) -> f64;
    /// Whether some legal action of the player to move in `s` could end the match at once
    /// (the turn is [`Turn::Over`] straight after `apply`, before any chance). `false` is a
    /// promise: greedy's guard then skips trying every reply of that player (a scan that was
    /// a quarter of its time in LOW BLOW and LOVE ACTUALLY), so a wrong `false` would change
    /// its decisions. `true` only means "try them". The conformance check applies every legal
    /// action wherever a game says `false` (in its observed matches). The default is `true`.
    fn may_end_in_one(&self, _s: &Self::State) -> bool {
        true
    }
    /// Every seat's [`Game::heuristic`] at once: `out[p]` for seat p, for `out.len()` seats.
    /// MCTS's rollout cut needs them all, and a game whose heuristic starts from a summary of
    /// every seat (LOW BLOW's expected scores) can compute that once. It must give exactly
    /// `heuristic` per seat, bit for bit (the conformance check asserts it at every step of
    /// the matches it observes).
    fn heuristics(&self, s: &Self::State, out: &mut [f64]) {
        for (p, h) in out.iter_mut().enumerate() {
            *h = self.heuristic(s, Seat(p as u8));
        }
    }
    /// Names of the game-specific per-match counters, for `metrics.csv`.
    fn metric_names(&self, _players: usize) -> Vec<String> {
        Vec::new()
    }
    /// What each counter of [`Game::metric_names`] counts, as `(name, description)` in the
    /// same order, for the result folder's `COLUMNS.md`: what is counted, whether per seat or
    /// over all seats, and in which unit. The default matches the default `metric_names`
    /// (none); the conformance check fails a game whose names and descriptions disagree, so
    /// no counter reaches `metrics.csv` unexplained.
    fn metric_docs(&self, _players: usize) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The unit a designer counts this game's length in, one of the length measures
    /// (`turns` or `rounds`): rounds where the rulebook plays in rounds everyone takes part
    /// in (LOW BLOW, Pride & Preju-Dice), turns otherwise.
    fn length_unit(&self) -> &'static str {
        "turns"
    }
    /// What this game's rows of `lengths.csv` count where the general meanings in
    /// `COLUMNS.md` would leave a reader wondering (rows that are always the same count, and
    /// why), for the folder's `COLUMNS.md`; `None` where the general meanings say it all.
    fn length_docs(&self, _players: usize) -> Option<String> {
        None
    }
    /// Fill the per-match counters of a finished match (`out` is zeroed, one per name).
    fn metrics(&self, _s: &Self::State, _out: &mut [i64]) {}
    /// The option kinds a designer may ask about (see [`options`]), in the rulebook's
    /// words: what the option table measures and `--bots prefer:` takes. Empty when the game
    /// declares none.
    fn option_kinds(&self, _players: usize) -> Vec<OptionKind> {
        Vec::new()
    }
    /// The kinds (indices into [`Game::option_kinds`]) that legal action `a` of the seat to
    /// move in `s` belongs to. It may read only what that seat sees (the conformance check
    /// asks the same of a determinized state), as a strategy probe decides from it.
    fn action_kinds(&self, _s: &Self::State, _a: Self::Action) -> KindSet {
        KindSet::EMPTY
    }
    /// One deal in this many has its options and its seat/skill/luck counted (the option
    /// table and the decomposition; every other figure counts every match). Counting a
    /// decision classifies every legal action, which in a game whose random match costs a few
    /// thousand instructions would cost more than the match; each game sets this so that
    /// counting adds at most a tenth to a random match (measured with callgrind). Whole deals
    /// are sampled, by index, so the sample is the same for any thread count or shard split.
    fn option_sample_every(&self) -> u64 {
        1
    }
    /// A person-readable description of action `a` taken in state `s`.
    fn describe(&self, s: &Self::State, a: Self::Action) -> String;
    /// A short description of the chance event that led from `before` to `after` (for
    /// traces, the play log and the replay), from the two states alone: no game keeps a
    /// note of its last chance event in its state for it.
    fn describe_chance(&self, _before: &Self::State, _after: &Self::State) -> String {
        "chance".to_string()
    }
    /// The state as a person reads it (board grid, hands, scores), for traces.
    fn render(&self, s: &Self::State) -> String;
    /// Running standings, for lead statistics: fill `out` (one value per seat, higher is
    /// better: negate where the lowest score wins) and return the number of completed turns;
    /// `None` for games without a running score.
    fn standings(&self, _s: &Self::State, _out: &mut [i32]) -> Option<u32> {
        None
    }
    /// Conservation of cards and dice and other invariants; checked after every step by the
    /// conformance check.
    fn check_invariants(&self, _s: &Self::State) -> Result<(), String> {
        Ok(())
    }

    /// The checked way in, for replays and user input.
    fn try_apply(&self, s: &mut Self::State, a: Self::Action) -> Result<(), IllegalAction> {
        let Turn::Player(seat) = self.turn(s) else {
            return Err(IllegalAction(format!("{a:?}: it is not a player's turn")));
        };
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        if !legal.contains(&a) {
            return Err(IllegalAction(format!("{a:?} is not legal for {seat}; legal: {legal:?}")));
        }
        self.apply(s, a);
        Ok(())
    }
}

/// An action that is not legal in the state it was offered for.
#[derive(Debug, thiserror::Error)]
#[error("illegal action: {0}")]
pub struct IllegalAction(pub String);

/// The chance stream.
pub const CHANCE_STREAM: u64 = 0;

/// `game`'s determinization of `s` for `viewer`: [`Game::determinize_lazy`] when `lazy`,
/// else [`Game::determinize`] (what greedy's `lazy` parameter and the conformance check
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
