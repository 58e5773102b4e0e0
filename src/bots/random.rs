//! The random bot: a uniformly random legal action from the bot's own stream. It never looks
//! at the state, so it cannot peek at hidden information.

use rand::RngExt;

use crate::core::Rng;

#[derive(Clone, Debug, Default)]
pub struct RandomBot;

impl RandomBot {
    pub fn choose<A: Copy>(&mut self, legal: &[A], rng: &mut Rng) -> A {
        legal[rng.random_range(0..legal.len())]
    }
}
