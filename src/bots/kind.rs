//! The kinds of bot the engine implements, and the one error type for everything a `--bots`
//! text or a profile can get wrong.

/// The kinds of bot the engine implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    Random,
    Greedy,
    Mcts,
    /// Minimax with alpha-beta pruning and iterative deepening ([`crate::bots::alphabeta`]).
    AlphaBeta,
    /// The strategy probe: takes the named option kinds whenever one is legal, otherwise plays
    /// as its base profile (`bots/prefer.toml`, [`crate::bots::prefer`]).
    Prefer,
}

impl BotKind {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "random" => Some(Self::Random),
            "greedy" => Some(Self::Greedy),
            "mcts" => Some(Self::Mcts),
            "alphabeta" => Some(Self::AlphaBeta),
            "prefer" => Some(Self::Prefer),
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
    /// A prefer bot's `base` that cannot be its base (not a profile, or a prefer bot itself).
    #[error("bot `{bot}`: base `{base}` {problem}; valid bases: {valid}")]
    Base { bot: String, base: String, problem: String, valid: String },
    /// A prefer bot names an option kind the game does not declare.
    #[error("bot `{bot}`: {game} has no option kind `{kind}`{hint}; valid kinds: {valid}")]
    OptionKind { bot: String, game: String, kind: String, hint: String, valid: String },
    /// A prefer bot at a game that declares no option kinds.
    #[error("bot `{bot}`: {game} declares no option kinds, so there is no `{kind}` to prefer")]
    NoOptionKinds { bot: String, game: String, kind: String },
}
