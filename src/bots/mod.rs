//! Bots: pluggable strategies behind one enum, so that the match loop dispatches statically
//! (no `Box<dyn>` per move). A bot sees the state, its seat, the legal actions and its own
//! random stream; it never touches the chance stream.

pub mod profile;
pub mod random;

use crate::core::{Game, Rng, Seat};
pub use profile::{BotError, BotKind, BotSpec};

/// One bot instance. Each seat gets its own, so two seats with the same profile are
/// independent.
#[derive(Clone, Debug)]
pub enum Bot {
    Random(random::RandomBot),
}

impl Bot {
    pub fn from_spec(spec: &BotSpec) -> Self {
        match spec.kind {
            BotKind::Random => Bot::Random(random::RandomBot),
        }
    }

    /// Pick one of `legal` (non-empty) for `seat` in `state`.
    pub fn choose<G: Game>(
        &mut self,
        _game: &G,
        _state: &G::State,
        _seat: Seat,
        legal: &[G::Action],
        rng: &mut Rng,
    ) -> G::Action {
        match self {
            Bot::Random(bot) => bot.choose(legal, rng),
        }
    }
}
