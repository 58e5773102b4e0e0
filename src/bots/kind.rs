//! The kinds of bot the engine implements, and the one error type for everything a `--bots`
//! text or a profile can get wrong.

/// The kinds of bot the engine implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    Random,
    Greedy,
    Mcts,
}

impl BotKind {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "random" => Some(Self::Random),
            "greedy" => Some(Self::Greedy),
            "mcts" => Some(Self::Mcts),
            _ => None,
        }
    }
}

/// A `--bots` problem; the message lists what is valid.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error("unknown bot `{name}`{hint}; valid bots: {valid}")]
    Unknown { name: String, hint: String, valid: String },
    #[error("bot `{bot}`: unknown parameter `{key}`; {allowed}")]
    UnknownParam { bot: String, key: String, allowed: String },
    #[error("bot `{bot}`: malformed parameter `{text}`; expected key=value")]
    Malformed { bot: String, text: String },
    #[error("--bots names {given} bots for {players} players; give one per seat or a single name")]
    Count { given: usize, players: usize },
    #[error("bot `{bot}`: parameter `{key}` must be {expected}, got `{value}`")]
    BadValue { bot: String, key: String, value: String, expected: String },
    #[error("bot profile {name}: {message}")]
    Profile { name: String, message: String },
}
