//! The strategy probe (`--bots prefer:always=KIND+KIND:base=PROFILE`): wherever an action of
//! one of the named option kinds is legal it takes one, trying the kinds in the order named
//! (the first kind that some legal action belongs to wins, and among several legal actions of
//! that kind its base bot chooses); everywhere else it plays as the base. So a designer can
//! ask "does a player who always takes the 12 beat three who play greedy?" head to head.
//!
//! **No peeking.** It decides from the legal actions, [`GameStats::action_kinds`] (which reads only
//! what the seat to move sees; the conformance check holds every game to that) and its base's
//! own decision, which is as honest as the base.
//!
//! **Kind names** are resolved against the game at the first decision (the `Bot` is not
//! generic over the game) and kept, per game type, for every later decision (a bot plays
//! one game under one set of rules: the runner gives each worker, and a sweep each variant,
//! bots of its own; a clone resolves afresh); a name the game
//! does not declare panics there with the same one-line message that [`check_prefer_kinds`]
//! gives, which a plan's validation calls first so that no match is ever played with it.

#[cfg(test)]
mod tests;

use crate::core::chance::index_below;
use crate::core::options::find_kind;
use crate::core::suggest::did_you_mean;
use crate::core::{Game, OptionKind, Rng, Seat, Turn, rng_from_seed};

use super::kind::{BotError, BotKind};
use super::params::BotConfig;
use super::profile::BotSpec;
use super::{Bot, Scratch};

/// A strategy probe: its kinds, as written, and its base bot.
#[derive(Clone, Debug)]
pub struct PreferBot {
    /// The `--bots` text, for messages.
    label: String,
    /// The option kinds to take, the first named first, as written (`dardz.jackpot`).
    kinds: Vec<String>,
    base: Box<Bot>,
    /// [`Memory`] of the game it plays.
    memory: Scratch,
}

/// What a probe keeps between decisions of one game type.
struct Memory<G: Game> {
    /// The index (in [`GameStats::option_kinds`]) of each named kind, in the order named.
    order: Vec<usize>,
    /// The legal actions of the kind taken at this decision.
    preferred: Vec<G::Action>,
}

impl PreferBot {
    pub fn new(kinds: Vec<String>, base: Bot) -> Self {
        let label = format!("prefer:always={}", kinds.join("+"));
        Self { label, kinds, base: Box::new(base), memory: Scratch::default() }
    }

    /// The same probe playing `base` where it takes no kind.
    #[must_use]
    pub fn with_base(mut self, base: Bot) -> Self {
        self.base = Box::new(base);
        self
    }

    /// The same bot, named as the user wrote it (for messages).
    #[must_use]
    pub fn labelled(mut self, label: &str) -> Self {
        self.label = label.to_string();
        self
    }

    /// The option kinds it takes, the first named first, as written.
    pub fn kinds(&self) -> &[String] {
        &self.kinds
    }

    /// The bot that plays everything else.
    pub fn base(&self) -> &Bot {
        &self.base
    }

    /// Pick one of `legal` (non-empty) for `seat` in `state`: the base's choice among the
    /// legal actions of the first named kind that has one, else among all of `legal`.
    pub fn choose<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut Rng,
    ) -> G::Action {
        let (label, kinds) = (&self.label, &self.kinds);
        let memory = self.memory.get(|| Memory::<G> {
            order: resolve_at(label, kinds, game, state, seat).unwrap_or_else(|e| panic!("{e}")),
            preferred: Vec::new(),
        });
        memory.preferred.clear();
        // The rank (position in the order named) of the kind taken so far.
        let mut best: Option<usize> = None;
        for &action in legal {
            let of = game.action_kinds(state, action);
            if of.is_empty() {
                continue;
            }
            let ranks = &memory.order[..best.map_or(memory.order.len(), |b| b + 1)];
            let Some(rank) = ranks.iter().position(|&k| of.contains(k)) else { continue };
            if best != Some(rank) {
                best = Some(rank);
                memory.preferred.clear();
            }
            memory.preferred.push(action);
        }
        let choices = if memory.preferred.is_empty() { legal } else { &memory.preferred };
        self.base.choose(game, state, seat, choices, rng)
    }
}

/// Check that every option kind a prefer bot `spec` names is one `game` declares for
/// `players`: a one-line error naming the bot (as written), the kind, a near miss and the
/// valid kinds, or saying the game declares none. Other bots pass. What a plan's validation
/// calls for every seat, so that the probe's first decision never meets an unknown kind.
pub fn check_prefer_kinds<G: Game>(
    spec: &BotSpec,
    game: &G,
    players: usize,
) -> Result<(), BotError> {
    if spec.kind != BotKind::Prefer {
        return Ok(());
    }
    let BotConfig::Prefer(config) = spec.config()? else {
        unreachable!("a prefer spec has a prefer config")
    };
    resolve(&spec.label, game.name(), &game.option_kinds(players), &config.kinds).map(|_| ())
}

/// Each of `names`' index in `kinds` (the option kinds of `game`), or the one-line error for
/// the first name that is not there.
fn resolve(
    bot: &str,
    game: &str,
    kinds: &[OptionKind],
    names: &[String],
) -> Result<Vec<usize>, BotError> {
    names
        .iter()
        .map(|name| {
            if kinds.is_empty() {
                return Err(BotError::NoOptionKinds {
                    bot: bot.to_string(),
                    game: game.to_string(),
                    kind: name.clone(),
                });
            }
            find_kind(kinds, game, name).ok_or_else(|| {
                let id = name.strip_prefix(game).and_then(|r| r.strip_prefix('.')).unwrap_or(name);
                let ids = kinds.iter().map(|k| k.id.as_str());
                BotError::OptionKind {
                    bot: bot.to_string(),
                    game: game.to_string(),
                    kind: name.clone(),
                    hint: did_you_mean(id, ids.clone()),
                    valid: ids.collect::<Vec<_>>().join(", "),
                }
            })
        })
        .collect()
}

/// [`resolve`] at a decision of `seat` in `state`. The option kinds may depend on the player
/// count, which the `Game` trait does not give for a state: when the game declares the same
/// kinds for every count it supports (every game so far) that list is used; otherwise the
/// count comes from [`players_at`].
fn resolve_at<G: Game>(
    bot: &str,
    names: &[String],
    game: &G,
    state: &G::State,
    seat: Seat,
) -> Result<Vec<usize>, BotError> {
    let ids = |kinds: &[OptionKind]| kinds.iter().map(|k| k.id.clone()).collect::<Vec<_>>();
    let mut counts = game.seats();
    let first = game.option_kinds(counts.next().unwrap_or(0));
    let kinds = if counts.all(|p| ids(&game.option_kinds(p)) == ids(&first)) {
        first
    } else {
        game.option_kinds(players_at(game, state, seat))
    };
    resolve(bot, game.name(), &kinds, names)
}

/// The player count of the match `state` belongs to, from the outcome of one random playout
/// of `seat`'s determinization (as MCTS counts them). The playout draws from a stream of its
/// own, never the bot's, so a decision does not depend on whether this bot has played
/// before (which worker plays which match must not matter).
fn players_at<G: Game>(game: &G, state: &G::State, seat: Seat) -> usize {
    let mut rng = rng_from_seed(0);
    let mut d = game.determinize(state, seat, &mut rng);
    let mut legal = Vec::new();
    loop {
        match game.turn(&d) {
            Turn::Over => return game.outcome(&d).players(),
            Turn::Chance => game.sample_chance(&mut d, &mut rng),
            Turn::Player(_) => {
                game.legal_actions(&d, &mut legal);
                let a = legal[index_below(&mut rng, legal.len())];
                game.apply(&mut d, a);
            }
        }
    }
}
