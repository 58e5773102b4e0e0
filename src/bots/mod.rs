//! Bots: pluggable strategies behind one enum, so that the match loop dispatches statically
//! (no `Box<dyn>` per move). A bot sees the state, its seat, the legal actions and its own
//! random stream; it never touches the chance stream.
//!
//! - [`random`]: a uniformly random legal action.
//! - [`greedy`]: one-ply look-ahead on the game's heuristic, averaged over sampled
//!   determinizations and chance outcomes.
//! - [`mcts`]: information-set Monte Carlo tree search (open loop for chance, determinized
//!   per iteration for hidden information, a reward per seat for 2 to 8 players).
//! - [`alphabeta`]: minimax with alpha-beta pruning and iterative deepening on the game's
//!   heuristic, for perfect information between chance events (TRICE).
//! - [`prefer`]: the strategy probe: takes the named option kinds wherever one is legal,
//!   otherwise plays as its base bot.
//!
//! **No peeking.** The runner hands a bot the true state. Greedy and MCTS only ever read
//! `game.determinize(state, seat, rng)` copies of it (plus the legal actions, which are the
//! seat's own options), so two states that differ only in what the seat cannot see give the
//! same choice for the same bot stream (`tests/it/bots.rs` checks this).
//!
//! **Determinism.** A choice depends only on (the state as the seat sees it, the bot's
//! stream), unless an MCTS `seconds` budget is set, which the manifest then flags.
//!
//! ```
//! use arena::bots::{Bot, profile::parse_one};
//! use arena::core::{derive_rng, GameRules, Seat};
//! use arena::games::tictactoe::{TicTacToe, TicTacToeRules};
//!
//! let game = TicTacToe::new(TicTacToeRules::default());
//! // X on 0 and 1; O to move must block on 2.
//! let mut state = game.new_state(2);
//! for cell in [0, 4, 1] {
//!     game.apply(&mut state, cell);
//! }
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! let mut bot = Bot::from_spec(&parse_one("mcts:iterations=2000").unwrap());
//! let pick = bot.choose(&game, &state, Seat(1), &legal, &mut derive_rng(1, 0, 2));
//! assert_eq!(pick, 2);
//! ```

pub mod alphabeta;
pub mod greedy;
pub mod kind;
pub mod mcts;
pub mod params;
pub mod prefer;
pub mod profile;
pub mod random;

use std::any::Any;
use std::fmt;

use crate::core::{Game, Rng, Seat};
pub use kind::{BotError, BotKind};
pub use params::{BotConfig, GreedyParams, MctsParams, PreferConfig, RewardMode, Rollout};
pub use prefer::check_prefer_kinds;
pub use profile::BotSpec;

/// One bot instance. Each seat gets its own, so two seats with the same profile are
/// independent.
#[derive(Clone, Debug)]
pub enum Bot {
    Random(random::RandomBot),
    Greedy(greedy::GreedyBot),
    Mcts(mcts::MctsBot),
    AlphaBeta(alphabeta::AlphaBetaBot),
    Prefer(prefer::PreferBot),
    /// A profile with settings for particular games (`[games.trice]`): the bot for the game
    /// played, else the profile's own.
    ByGame(ByGame),
}

/// One bot per game a profile names, and the profile's own bot for every other game.
#[derive(Clone, Debug)]
pub struct ByGame {
    default: Box<Bot>,
    games: Vec<(String, Bot)>,
}

impl Bot {
    /// The bot a (validated) spec describes. Panics on a spec that `profile::parse_one` did
    /// not produce and that does not validate.
    pub fn from_spec(spec: &BotSpec) -> Self {
        let invalid = |e: BotError| -> ! { panic!("bot spec not validated: {e}") };
        if !spec.games.is_empty() {
            let games = spec.games.keys().map(|g| (g.clone(), Self::one(&spec.for_game(g))));
            let default =
                Box::new(Self::one(&BotSpec { games: Default::default(), ..spec.clone() }));
            return Bot::ByGame(ByGame { default, games: games.collect() });
        }
        let config = spec.config().unwrap_or_else(|e| invalid(e));
        match Self::from_config(config) {
            // Its messages name it as the user wrote it; its base is built from its spec, so
            // a base profile's settings for particular games hold too.
            Bot::Prefer(bot) => {
                let base = spec.base_spec().unwrap_or_else(|e| invalid(e));
                Bot::Prefer(bot.with_base(Bot::from_spec(&base)).labelled(&spec.label))
            }
            bot => bot,
        }
    }

    /// [`Self::from_spec`] for a spec without game tables.
    fn one(spec: &BotSpec) -> Self {
        debug_assert!(spec.games.is_empty());
        Self::from_spec(spec)
    }

    pub fn from_config(config: BotConfig) -> Self {
        match config {
            BotConfig::Random => Bot::Random(random::RandomBot),
            BotConfig::Greedy(p) => Bot::Greedy(greedy::GreedyBot::new(p)),
            BotConfig::Mcts(p) => Bot::Mcts(mcts::MctsBot::new(p)),
            BotConfig::AlphaBeta(p) => Bot::AlphaBeta(alphabeta::AlphaBetaBot::new(p)),
            BotConfig::Prefer(p) => {
                Bot::Prefer(prefer::PreferBot::new(p.kinds, Bot::from_config(*p.base)))
            }
        }
    }

    /// Pick one of `legal` (non-empty) for `seat` in `state`. `state` is the true state:
    /// bots that look at it do so only through `game.determinize(state, seat, rng)`.
    pub fn choose<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut Rng,
    ) -> G::Action {
        match self {
            Bot::Random(bot) => bot.choose(legal, rng),
            Bot::Greedy(bot) => bot.choose(game, state, seat, legal, rng),
            Bot::Mcts(bot) => bot.choose(game, state, seat, legal, rng),
            Bot::AlphaBeta(bot) => bot.choose(game, state, seat, legal, rng),
            Bot::Prefer(bot) => bot.choose(game, state, seat, legal, rng),
            Bot::ByGame(bot) => {
                let name = game.name();
                let own = bot.games.iter_mut().find(|(g, _)| g == name).map(|(_, b)| b);
                own.unwrap_or(&mut bot.default).choose(game, state, seat, legal, rng)
            }
        }
    }
}

/// A bot's reusable working memory (search tree, buffers), typed by the game it is used
/// with. [`Bot`] is not generic over the game (the runner holds `Vec<Bot>`), so the memory is
/// kept type-erased and recovered with one `downcast_mut` per decision (a type-id compare);
/// it is allocated on the first decision and reused for every later one. Cloning a bot gives
/// it fresh, empty memory.
#[derive(Default)]
pub struct Scratch(Option<Box<dyn Any + Send + Sync>>);

impl Scratch {
    /// The memory as a `T`, made with `make` on first use (or if it held another type).
    pub fn get<T: Any + Send + Sync>(&mut self, make: impl FnOnce() -> T) -> &mut T {
        if !self.0.as_ref().is_some_and(|b| b.is::<T>()) {
            self.0 = Some(Box::new(make()));
        }
        self.0.as_mut().and_then(|b| b.downcast_mut::<T>()).expect("just stored")
    }
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch(None)
    }
}

impl fmt::Debug for Scratch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() { "Scratch(in use)" } else { "Scratch(empty)" })
    }
}
