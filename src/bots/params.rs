//! Typed bot parameters: every key a bot kind accepts, its default, what it means, and the
//! check that turns the text of a profile or an inline `key=value` into a typed setting with a
//! clear error. [`BotConfig`] is what [`super::Bot::from_spec`] builds a bot from.

use std::collections::BTreeMap;

use super::profile::{BotError, BotKind};

/// One parameter of a bot kind, for validation, `arena bots` and the manifest.
#[derive(Clone, Copy, Debug)]
pub struct ParamDoc {
    pub key: &'static str,
    pub default: &'static str,
    pub doc: &'static str,
}

const GREEDY_PARAMS: &[ParamDoc] = &[
    ParamDoc {
        key: "samples",
        default: "64",
        doc: "whole number >= 1: samples per action; each draws a fresh determinization for the bot's seat and, after an action that leads to chance, a fresh chance outcome; the action's value is the mean",
    },
    ParamDoc {
        key: "guard",
        default: "true",
        doc: "true/false: also look at the next player's replies and treat an action after which that player can win at once as a loss",
    },
];

const MCTS_PARAMS: &[ParamDoc] = &[
    ParamDoc {
        key: "iterations",
        default: "1000",
        doc: "whole number >= 1: search iterations per decision (the reproducible budget)",
    },
    ParamDoc {
        key: "seconds",
        default: "0",
        doc: "number >= 0: if > 0, a wall-clock budget per decision that replaces `iterations`; results then depend on machine speed and the manifest says reproducible: false",
    },
    ParamDoc {
        key: "c",
        default: "0.7",
        doc: "number >= 0: UCB exploration constant, for rewards in [0, 1] (OpenSpiel's uct_c on its [-1, 1] returns is twice this)",
    },
    ParamDoc {
        key: "rollout",
        default: "random",
        doc: "random | greedy: the rollout policy; greedy plays the greedy bot's one-ply choice with probability greedy_prob, else a random action",
    },
    ParamDoc {
        key: "greedy_prob",
        default: "1",
        doc: "number in [0, 1]: with rollout = greedy, the probability of a greedy move at each rollout decision",
    },
    ParamDoc {
        key: "rollout_samples",
        default: "4",
        doc: "whole number >= 1: chance outcomes sampled per action by a greedy rollout move (actions without chance are evaluated once)",
    },
    ParamDoc {
        key: "depth",
        default: "20",
        doc: "whole number >= 0 or none: rollout decisions before the cut, where the game's heuristic is turned into rewards (softmax over seats); none = play rollouts to the end",
    },
    ParamDoc {
        key: "cut_scale",
        default: "2",
        doc: "number > 0: at a cut, seat s gets exp(k*h_s) / sum_j exp(k*h_j) with k = cut_scale and h the heuristic",
    },
    ParamDoc {
        key: "reward",
        default: "win",
        doc: "win | score: win = the seat's win share (1, 1/k for a k-way tie, 0; capped 0); score = 0.5 + 0.5*(own score - mean of the others)/(widest score spread seen in this search), capped 0",
    },
];

impl BotKind {
    /// Every parameter of this kind with its default.
    pub fn params(self) -> &'static [ParamDoc] {
        match self {
            BotKind::Random => &[],
            BotKind::Greedy => GREEDY_PARAMS,
            BotKind::Mcts => MCTS_PARAMS,
        }
    }
}

/// The greedy bot's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GreedyParams {
    pub samples: u32,
    pub guard: bool,
}

/// The rollout policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    Random,
    Greedy,
}

/// How a finished (or cut) rollout is turned into one reward per seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RewardMode {
    WinShare,
    Score,
}

/// The MCTS bot's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsParams {
    pub iterations: u32,
    /// Wall-clock budget per decision; `None` = use `iterations` (reproducible).
    pub seconds: Option<f64>,
    pub c: f64,
    pub rollout: Rollout,
    pub greedy_prob: f64,
    pub rollout_samples: u32,
    /// Rollout decisions before the heuristic cut; `None` = play to the end.
    pub depth: Option<u32>,
    pub cut_scale: f64,
    pub reward: RewardMode,
}

impl Default for MctsParams {
    fn default() -> Self {
        let defaults: BTreeMap<String, String> = BTreeMap::new();
        match config(BotKind::Mcts, "mcts", &defaults) {
            Ok(BotConfig::Mcts(p)) => p,
            _ => unreachable!("the documented defaults parse"),
        }
    }
}

/// A bot kind with its typed settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BotConfig {
    Random,
    Greedy(GreedyParams),
    Mcts(MctsParams),
}

impl BotConfig {
    /// False when results depend on wall-clock time (an MCTS `seconds` budget).
    pub fn is_reproducible(&self) -> bool {
        !matches!(self, BotConfig::Mcts(p) if p.seconds.is_some())
    }
}

/// Reads values for one bot, falling back to the documented defaults.
struct Reader<'a> {
    bot: &'a str,
    kind: BotKind,
    params: &'a BTreeMap<String, String>,
}

impl Reader<'_> {
    fn text(&self, key: &str) -> &str {
        match self.params.get(key) {
            Some(v) => v.as_str(),
            None => {
                self.kind.params().iter().find(|p| p.key == key).expect("a documented key").default
            }
        }
    }
    fn bad(&self, key: &str, expected: &str) -> BotError {
        BotError::BadValue {
            bot: self.bot.to_string(),
            key: key.to_string(),
            value: self.text(key).to_string(),
            expected: expected.to_string(),
        }
    }
    fn whole(&self, key: &str, min: u64, max: u64) -> Result<u64, BotError> {
        let expected = format!("a whole number from {min} to {max}");
        let text = self.text(key).trim().replace('_', "");
        match text.parse::<i128>() {
            Ok(n) if n >= min as i128 && n <= max as i128 => Ok(n as u64),
            _ => Err(self.bad(key, &expected)),
        }
    }
    fn number(&self, key: &str, min: f64, max: f64, expected: &str) -> Result<f64, BotError> {
        match self.text(key).trim().parse::<f64>() {
            Ok(x) if x.is_finite() && x >= min && x <= max => Ok(x),
            _ => Err(self.bad(key, expected)),
        }
    }
    fn boolean(&self, key: &str) -> Result<bool, BotError> {
        match self.text(key).trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(self.bad(key, "true or false")),
        }
    }
    fn choice<T: Copy>(&self, key: &str, options: &[(&str, T)]) -> Result<T, BotError> {
        let text = self.text(key).trim();
        options.iter().find(|(name, _)| *name == text).map(|(_, v)| *v).ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            self.bad(key, &format!("one of {}", names.join(", ")))
        })
    }
}

/// Check and type the parameters of a bot named `bot` of `kind`. Keys must already be known
/// to the kind (checked by the profile parser); missing keys take their defaults.
pub fn config(
    kind: BotKind,
    bot: &str,
    params: &BTreeMap<String, String>,
) -> Result<BotConfig, BotError> {
    let r = Reader { bot, kind, params };
    Ok(match kind {
        BotKind::Random => BotConfig::Random,
        BotKind::Greedy => BotConfig::Greedy(GreedyParams {
            samples: r.whole("samples", 1, 1_000_000)? as u32,
            guard: r.boolean("guard")?,
        }),
        BotKind::Mcts => {
            let seconds = r.number(
                "seconds",
                0.0,
                86_400.0,
                "a number of seconds from 0 to 86400 (0 = off)",
            )?;
            let depth = if r.text("depth").trim() == "none" {
                None
            } else {
                Some(
                    r.whole("depth", 0, u32::MAX as u64)
                        .map_err(|_| r.bad("depth", "a whole number >= 0, or none"))?
                        as u32,
                )
            };
            BotConfig::Mcts(MctsParams {
                iterations: r.whole("iterations", 1, u32::MAX as u64)? as u32,
                seconds: (seconds > 0.0).then_some(seconds),
                c: r.number("c", 0.0, 1e6, "a number >= 0")?,
                rollout: r.choice(
                    "rollout",
                    &[("random", Rollout::Random), ("greedy", Rollout::Greedy)],
                )?,
                greedy_prob: r.number("greedy_prob", 0.0, 1.0, "a number from 0 to 1")?,
                rollout_samples: r.whole("rollout_samples", 1, 1_000_000)? as u32,
                depth,
                cut_scale: r.number("cut_scale", 1e-9, 1e6, "a number > 0")?,
                reward: r.choice(
                    "reward",
                    &[("win", RewardMode::WinShare), ("score", RewardMode::Score)],
                )?,
            })
        }
    })
}
