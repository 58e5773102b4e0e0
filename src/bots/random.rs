//! The random bot: a uniformly random legal action from the bot's own stream. It never looks
//! at the state, so it cannot peek at hidden information.

use crate::core::chance::index_below;
use crate::core::{Game, Rng};

#[derive(Clone, Debug, Default)]
pub struct RandomBot;

impl RandomBot {
    pub fn choose<A: Copy>(&mut self, legal: &[A], rng: &mut Rng) -> A {
        legal[index_below(rng, legal.len())]
    }

    /// The same choice as [`RandomBot::choose`] over `game.legal_actions(state)`, with the same
    /// draw from `rng`, through [`GameRules::legal_pick`]: games that can count and index their
    /// actions answer without building the list (`buf` is only used by those that cannot).
    pub fn pick<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        buf: &mut Vec<G::Action>,
        rng: &mut Rng,
    ) -> G::Action {
        game.legal_pick(state, buf, |n| index_below(rng, n))
    }
}
