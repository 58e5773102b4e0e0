//! Typed bot parameters, declared with the same [`rule_params!`](crate::rule_params)
//! mechanism as a game's rules: one line per key with its type, default, what is allowed and
//! the check, so a bot parameter is declared, documented (`arena bots`), validated and
//! overridden (`--bots mcts:c=1`) exactly as a rule is. Their origin is ENGINE: they are
//! settings of our bots, not of any designer's game. [`BotConfig`] is what
//! [`super::Bot::from_spec`] builds a bot from.

use std::collections::BTreeMap;

use crate::core::rules::{ParamInfo, Rules, parse_value};

use super::kind::{BotError, BotKind};

crate::param_enum!(
    /// The rollout policy.
    Rollout { Random = "random", Greedy = "greedy" }
);

crate::param_enum!(
    /// How a finished (or cut) rollout is turned into one reward per seat.
    RewardMode { WinShare = "win", Score = "score" }
);

crate::rule_params! {
    /// The greedy bot's settings.
    #[derive(Copy)]
    pub struct GreedyParams {
        /// Samples per action; each draws a fresh determinization for the bot's seat and,
        /// after an action that leads to chance, a fresh chance outcome; the action's value
        /// is the mean.
        samples: u32 = 64, Engine, "a whole number from 1 to 1000000", |v: &u32| (1..=1_000_000).contains(v);
        /// Also look at the next player's replies and treat an action after which that
        /// player can win at once as a loss.
        guard: bool = true, Engine, "true or false", |_| true;
        /// Stop sampling early: at min_samples samples, and at twice, four times ... that,
        /// drop each action whose paired difference to the leader (same determinizations and
        /// dice) is above zero by `z` standard errors, and stop once one action (or a set of
        /// exactly tied ones) is left. false = every action gets all `samples` (the
        /// `greedy-classic` profile).
        adaptive: bool = true, Engine, "true or false", |_| true;
        /// With adaptive = true, the standard errors that separate an action from the leader.
        z: f64 = 3.0, Engine, "a number from 0 to 100", |v: &f64| (0.0..=100.0).contains(v);
        /// With adaptive = true, the samples before the first test. Fewer is faster but can
        /// stop before a rare chance outcome shows (Pig at a turn total of 40: no 1 in 4 rolls
        /// has probability 0.48, and then rolling looks better than holding; 8 halves the
        /// chance and costs LOW BLOW and Pride 1.7x the time).
        min_samples: u32 = 4, Engine, "a whole number from 2 to 1000000", |v: &u32| (2..=1_000_000).contains(v);
        /// Draw what the seat cannot see only when play first depends on it (a game's lazy
        /// determinization: Pride & Preju-Dice replays the others' hidden turns at the round's
        /// end, not before every evaluation): the same odds, and samples that stay equal are
        /// evaluated once. false = draw it all for every sample (the `greedy-classic`
        /// profile, the earlier bot decision for decision).
        lazy: bool = true, Engine, "true or false", |_| true;
    }
}

crate::rule_params! {
    /// The MCTS bot's settings.
    #[derive(Copy)]
    pub struct MctsParams {
        /// Search iterations per decision (the reproducible budget).
        iterations: u32 = 1000, Engine, "a whole number from 1 to 4294967295", |v: &u32| *v >= 1;
        /// If > 0, a wall-clock budget per decision that replaces `iterations`; results then
        /// depend on machine speed and the manifest says reproducible: false.
        seconds: f64 = 0.0, Engine, "a number of seconds from 0 to 86400 (0 = off)", |v: &f64| (0.0..=86_400.0).contains(v);
        /// UCB exploration constant, for rewards in [0, 1] (OpenSpiel's uct_c on its
        /// [-1, 1] returns is twice this).
        c: f64 = 0.7, Engine, "a number >= 0", |v: &f64| (0.0..=1e6).contains(v);
        /// The rollout policy; greedy plays the greedy bot's one-ply choice with
        /// probability greedy_prob, else a random action.
        rollout: Rollout = Rollout::Random, Engine, "one of random, greedy", |_| true;
        /// With rollout = greedy, the probability of a greedy move at each rollout decision.
        greedy_prob: f64 = 1.0, Engine, "a number from 0 to 1", |v: &f64| (0.0..=1.0).contains(v);
        /// Chance outcomes sampled per action by a greedy rollout move (actions without
        /// chance are evaluated once).
        rollout_samples: u32 = 4, Engine, "a whole number from 1 to 1000000", |v: &u32| (1..=1_000_000).contains(v);
        /// Rollout decisions before the cut, where the game's heuristic is turned into
        /// rewards (softmax over seats); none = play rollouts to the end.
        depth: Option<u32> = Some(20), Engine, "a whole number >= 0, or none", |_| true;
        /// At a cut, seat s gets exp(k*h_s) / sum_j exp(k*h_j) with k = cut_scale and h
        /// the heuristic.
        cut_scale: f64 = 2.0, Engine, "a number > 0", |v: &f64| (1e-9..=1e6).contains(v);
        /// win = the seat's win share (1, 1/k for a k-way tie, 0; capped 0); score = 0.5 +
        /// 0.5*(own score - mean of the others)/(widest score spread seen in this search),
        /// capped 0.
        reward: RewardMode = RewardMode::WinShare, Engine, "one of win, score", |_| true;
    }
}

crate::rule_params! {
    /// The alpha-beta bot's settings.
    #[derive(Copy)]
    pub struct AlphaBetaParams {
        /// Positions made per decision (per world), over every depth tried: the reproducible
        /// budget. The deepest search that finishes within it decides.
        nodes: u32 = 2000, Engine, "a whole number from 1 to 4294967295", |v: &u32| *v >= 1;
        /// The deepest search tried, in plies (decisions, whoever makes them).
        max_depth: u32 = 64, Engine, "a whole number from 1 to 1000", |v: &u32| (1..=1000).contains(v);
        /// Determinizations searched per decision, their root values summed: 1 in a game of
        /// perfect information (each is the same copy); more where something is hidden.
        worlds: u32 = 1, Engine, "a whole number from 1 to 1000", |v: &u32| (1..=1000).contains(v);
    }
}

crate::rule_params! {
    /// The strategy probe's settings (`bots/prefer.toml`): which option kinds it takes and
    /// the profile that plays everything else.
    pub struct PreferParams {
        /// The option kinds to take whenever one is legal, joined with `+` (commas separate
        /// the seats of --bots), the first named first: `hold_20_29+hold_30_plus`,
        /// `dardz.jackpot+value_12`. Which kinds exist depends on the game; they are checked
        /// against it before anything is played.
        always: String = String::new(), Engine, "option kind names joined with + (each a-z, 0-9 and _, with or without the game's name and a dot before it; each named once)", |v: &String| kind_list(v).is_ok();
        /// The profile that plays every decision where none of the kinds is legal, and chooses
        /// among several legal actions of the kind taken. Its own parameters go as
        /// base.KEY=VALUE (`base=mcts:base.iterations=200`).
        base: String = "random".to_string(), Engine, "a bot profile other than prefer", |v: &String| !v.trim().is_empty();
    }
}

/// The option kind names of a prefer bot's `always` (`dardz.jackpot+value_12`), in the order
/// given; `Err` says what is wrong (an empty name, a malformed one, one named twice). Whether
/// the game has them is checked against the game ([`crate::bots::prefer::check_prefer_kinds`]).
pub fn kind_list(text: &str) -> Result<Vec<String>, String> {
    let mut kinds: Vec<String> = Vec::new();
    for name in text.split('+').map(str::trim) {
        if name.is_empty() {
            return Err("an empty option kind name".to_string());
        }
        let id = name.rsplit_once('.').map_or(name, |(_, id)| id);
        let prefix_ok = name.split_once('.').is_none_or(|(game, rest)| {
            !game.is_empty()
                && !rest.contains('.')
                && game
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_-".contains(c))
        });
        let id_ok = id.starts_with(|c: char| c.is_ascii_lowercase())
            && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !(prefix_ok && id_ok) {
            return Err(format!("`{name}` is not an option kind name"));
        }
        if kinds.iter().any(|k| k == name) {
            return Err(format!("`{name}` is named twice"));
        }
        kinds.push(name.to_string());
    }
    Ok(kinds)
}

impl MctsParams {
    /// The wall-clock budget per decision, when one replaces the iteration count.
    pub fn time_budget(&self) -> Option<f64> {
        (self.seconds > 0.0).then_some(self.seconds)
    }
}

impl BotKind {
    /// Every parameter of this kind with its default (none for random).
    pub fn params(self) -> Vec<ParamInfo> {
        match self {
            BotKind::Random => Vec::new(),
            BotKind::Greedy => GreedyParams::default().params(),
            BotKind::Mcts => MctsParams::default().params(),
            BotKind::AlphaBeta => AlphaBetaParams::default().params(),
            BotKind::Prefer => PreferParams::default().params(),
        }
    }

    /// The keys this kind accepts.
    pub fn param_keys(self) -> Vec<String> {
        self.params().into_iter().map(|p| p.key).collect()
    }
}

/// A bot kind with its typed settings.
#[derive(Clone, Debug, PartialEq)]
pub enum BotConfig {
    Random,
    Greedy(GreedyParams),
    Mcts(MctsParams),
    AlphaBeta(AlphaBetaParams),
    Prefer(PreferConfig),
}

/// A strategy probe's settings: the option kinds it takes and its base bot's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct PreferConfig {
    /// The option kinds to take, the first named first, as written (`dardz.jackpot`,
    /// `value_12`): resolved against the game at the bot's first decision.
    pub kinds: Vec<String>,
    /// The bot that plays everything else (never a prefer bot).
    pub base: Box<BotConfig>,
}

impl BotConfig {
    /// False when results depend on wall-clock time (an MCTS `seconds` budget, also as a
    /// prefer bot's base).
    pub fn is_reproducible(&self) -> bool {
        match self {
            BotConfig::Mcts(p) => p.time_budget().is_none(),
            BotConfig::Prefer(p) => p.base.is_reproducible(),
            BotConfig::Random | BotConfig::Greedy(_) | BotConfig::AlphaBeta(_) => true,
        }
    }
}

/// Start from the defaults of `R` and set each of `params`; a bad value is a one-line error
/// naming the bot, the key, the value and what is allowed.
fn typed<R: Rules>(bot: &str, params: &BTreeMap<String, String>) -> Result<R, BotError> {
    let mut typed = R::default();
    for (key, text) in params {
        if typed.set(key, &parse_value(text)).is_err() {
            let expected = typed
                .params()
                .into_iter()
                .find(|p| &p.key == key)
                .map_or("a known parameter", |p| p.allowed);
            return Err(BotError::BadValue {
                bot: bot.to_string(),
                key: key.clone(),
                value: text.clone(),
                expected: expected.to_string(),
            });
        }
    }
    Ok(typed)
}

/// Check and type the parameters of a bot named `bot` of `kind`. Keys must already be known
/// to the kind (checked by the profile parser); missing keys take their defaults. A prefer
/// bot's settings include its base profile's, which only the profiles know: its
/// [`BotConfig`] comes from [`super::BotSpec::config`], and here it is refused.
pub fn config(
    kind: BotKind,
    bot: &str,
    params: &BTreeMap<String, String>,
) -> Result<BotConfig, BotError> {
    Ok(match kind {
        BotKind::Random => BotConfig::Random,
        BotKind::Greedy => BotConfig::Greedy(typed(bot, params)?),
        BotKind::Mcts => BotConfig::Mcts(typed(bot, params)?),
        BotKind::AlphaBeta => BotConfig::AlphaBeta(typed(bot, params)?),
        BotKind::Prefer => {
            return Err(BotError::Profile {
                name: bot.to_string(),
                message: "a prefer bot's settings include its base profile's: build them from \
                          its BotSpec"
                    .to_string(),
            });
        }
    })
}

/// A prefer bot's own two settings, `always` and `base` (its base's `base.KEY` entries are
/// the base's business). Values are taken as text, as written: a kind named `true` or `inf`
/// stays a name.
pub fn prefer_params(
    bot: &str,
    params: &BTreeMap<String, String>,
) -> Result<PreferParams, BotError> {
    let mut typed = PreferParams::default();
    for p in PreferParams::default().params() {
        let Some(text) = params.get(&p.key) else { continue };
        if typed.set(&p.key, &toml::Value::String(text.trim().to_string())).is_err() {
            let expected = match kind_list(text) {
                Err(why) if p.key == "always" => format!("option kind names joined with + ({why})"),
                _ => p.allowed.to_string(),
            };
            return Err(BotError::BadValue {
                bot: bot.to_string(),
                key: p.key.clone(),
                value: text.clone(),
                expected,
            });
        }
    }
    Ok(typed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn values_are_typed_and_checked_like_rules() {
        let BotConfig::Mcts(p) =
            config(BotKind::Mcts, "mcts", &text(&[("depth", "none"), ("c", "1")])).unwrap()
        else {
            panic!("an mcts config")
        };
        assert_eq!((p.depth, p.c, p.iterations), (None, 1.0, 1000));
        let err = config(BotKind::Mcts, "mcts", &text(&[("greedy_prob", "2")])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "bot `mcts`: parameter `greedy_prob` must be a number from 0 to 1, got `2`"
        );
        let err = config(BotKind::Greedy, "g", &text(&[("guard", "maybe")])).unwrap_err();
        assert!(err.to_string().contains("must be true or false"), "{err}");
    }

    #[test]
    fn every_bot_parameter_is_an_engine_setting_with_a_doc() {
        for kind in [BotKind::Greedy, BotKind::Mcts, BotKind::Prefer] {
            for p in kind.params() {
                assert_eq!(p.origin, crate::core::rules::Origin::Engine, "{}", p.key);
                assert!(!p.doc.is_empty(), "{}", p.key);
            }
        }
        assert_eq!(MctsParams::default().time_budget(), None);
    }
}
