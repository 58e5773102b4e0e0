//! The `Game` trait in parts, by who calls them: the rules the runner needs ([`GameRules`]),
//! what bots need ([`BotHooks`]), what statistics need ([`GameStats`]) and what people
//! read ([`GameText`]); traces and pages are [`crate::core::TraceGame`]. A game implements
//! each part in its own `impl` block, so its file says which part a method belongs to;
//! [`Game`] is every part at once, which generic code names.

use std::fmt::Debug;
use std::hash::Hasher;
use std::ops::RangeInclusive;

use super::chance_outcomes::{self, ChanceOutcome};
use super::{
    Chance, IllegalAction, KindSet, OptionKind, Outcome, Rng, Seat, Turn, ValueModel, rules,
};

/// A game's rules: what the runner needs to play a match (its states, whose turn, the legal
/// actions, applying one, chance, the outcome). An immutable rules value; all match state
/// lives in [`GameRules::State`], a small value type that bots clone freely.
pub trait GameRules: Sync + Send + Clone + 'static {
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
    /// The default accepts [`GameRules::seats`].
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
    /// Action number `pick(count)` of what [`GameRules::legal_actions`] lists, where `count` is
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

/// What bots need beyond the rules: hidden information (determinizing and observing for a
/// seat) and how good a state looks.
pub trait BotHooks: GameRules {
    /// A state consistent with everything `viewer` knows, with all it cannot see resampled.
    /// Perfect-information games return a copy.
    fn determinize(&self, s: &Self::State, _viewer: Seat, _rng: &mut Rng) -> Self::State {
        s.clone()
    }
    /// [`BotHooks::determinize`] that may leave some of what `viewer` cannot see undrawn, for a
    /// chance event of the determinized state to draw when play first depends on it
    /// ([`BotHooks::deferred_chance`]). Play from it is distributed as from `determinize` (the
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
    /// Every seat's [`BotHooks::heuristic`] at once: `out[p]` for seat p, for `out.len()` seats.
    /// MCTS's rollout cut needs them all, and a game whose heuristic starts from a summary of
    /// every seat (LOW BLOW's expected scores) can compute that once. It must give exactly
    /// `heuristic` per seat, bit for bit (the conformance check asserts it at every step of
    /// the matches it observes).
    fn heuristics(&self, s: &Self::State, out: &mut [f64]) {
        for (p, h) in out.iter_mut().enumerate() {
            *h = self.heuristic(s, Seat(p as u8));
        }
    }
}

/// What the statistics need: the game's own counters, its length unit and the option kinds
/// a designer asks about.
pub trait GameStats: GameRules {
    /// Names of the game-specific per-match counters, for `metrics.csv`.
    fn metric_names(&self, _players: usize) -> Vec<String> {
        Vec::new()
    }
    /// What each counter of [`GameStats::metric_names`] counts, as `(name, description)` in the
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
    /// The kinds (indices into [`GameStats::option_kinds`]) that legal action `a` of the seat to
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
    /// The point values `arena tune` may tune and how hard each is to earn, for a game whose
    /// designer sets points by hand ([`ValueModel`]); `None` (the default) where the game has
    /// none to tune.
    fn value_model(&self) -> Option<&'static dyn ValueModel> {
        None
    }
}

/// What people read: a move, a chance event and a state in words (traces, the play table,
/// failures); the structured trace is [`crate::core::TraceGame`].
pub trait GameText: GameRules {
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
}

/// A whole game: its rules, bot hooks, statistics and text. Implemented for every type that
/// implements the four parts; generic code names this one.
pub trait Game: GameRules + BotHooks + GameStats + GameText {}

impl<T: GameRules + BotHooks + GameStats + GameText> Game for T {}
