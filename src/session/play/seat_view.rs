//! What one seat may see at the table, as one type per record: the page reads them as JSON
//! (the server writes them), the terminal reads them typed, and tests read either. Fields
//! are declared in key order so that the JSON is the same bytes the page was first written
//! against (see docs/guide/playing.md).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Everything seat `seat` may see now ([`crate::session::play::GameTable::view`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatView {
    /// The lineup's labels, one per seat (`human` for a person).
    pub bots: Vec<String>,
    /// How the match ended, once it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndView>,
    pub game: String,
    /// Each legal move's words, when the seat is to move (else empty).
    pub legal: Vec<String>,
    /// The log from the entry asked for on, as the seat may read it.
    pub log: Vec<LogEntry>,
    /// Each legal move's place on the picture (the game's drawing reads them).
    pub moves: Vec<MoveView>,
    /// The legal moves grouped into the choices the rules tell apart.
    pub options: Vec<OptionView>,
    pub players: usize,
    pub seat: u8,
    /// The match's seed, once it is over (before, it would tell the rolls to come). A
    /// string: a 64-bit number read by JavaScript as a double loses its last digits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The game's state as the seat may know it (the drawing's input).
    pub state_data: Value,
    pub step: u64,
    /// The state as text for the seat.
    pub text: String,
    pub turn: TurnView,
    /// Whether the table waits for this seat.
    pub yours: bool,
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TurnView {
    Over,
    Chance,
    Player { seat: u8 },
}

/// One step of the log as a seat may read it: what it may not know is replaced by a sentence
/// saying that something happened.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LogEntry {
    /// The step's events the seat may see (scores carry `points_for`, their reason in words).
    pub events: Vec<Value>,
    /// The mover's only move (said only of a step the seat may see).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
    /// The mover, or none for chance.
    pub seat: Option<u8>,
    /// The step's number, from 1.
    pub step: usize,
    pub text: String,
    /// Hidden from this seat for now (another seat's secret choice, or chance it cannot see).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unseen: bool,
}

/// Where one legal move is played on the picture ([`crate::core::MovePlace`]), and the
/// earlier move it is the same as (same words, a result drawn alike), if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    /// Further parts of the picture that play the move too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_as: Option<usize>,
    pub target: String,
}

/// One option offered to the seat to move: the legal moves it stands for (indices into the
/// legal list, ascending; the first is the one played) and its words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionView {
    pub moves: Vec<usize>,
    pub text: String,
}

/// The end of the match: the trace's end record without the state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EndView {
    pub capped: bool,
    pub chance_events: u32,
    pub decisions: u32,
    pub event: String,
    #[serde(rename = "match")]
    pub index: u64,
    pub ranks: Vec<u8>,
    pub reason: String,
    pub reason_text: String,
    pub rounds: u32,
    pub scores: Vec<i32>,
    pub turns: u32,
    pub winners: Vec<usize>,
}

/// For the seat to move, what the bots would do, from a state determinized for it
/// ([`crate::session::play::GameTable::advice`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Advice {
    /// Greedy's choice, as an index into `legal`.
    pub greedy: Option<usize>,
    /// The option of greedy's choice.
    pub greedy_option: Option<usize>,
    /// The search's iterations.
    pub iterations: u32,
    /// Each legal move's words, in the determinized state.
    pub legal: Vec<String>,
    /// The search's share of visits per legal move.
    pub mcts_share: Vec<f64>,
    /// The shares per option (its moves' shares added up).
    pub option_share: Vec<f64>,
    /// The search's profile name.
    pub search: String,
    pub step: u64,
}
