//! The lines of a JSON trace (`arena trace --format json`, the trace `arena play` keeps), each
//! one type that writes the line and reads it back: a match is a [`TraceLine::Start`], its
//! decisions and chance events in order, and a [`TraceLine::End`]. A line is written through
//! a JSON value, so its keys come out sorted, the bytes traces have always had.
//!
//! What the game itself writes into a line (its events, its state, a chance's outcome) stays
//! JSON: its shape is the game's, and the pages that draw it read it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One line of a JSON trace, by its `event`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TraceLine {
    Start(StartLine),
    Decision(DecisionLine),
    Chance(ChanceLine),
    End(EndLine),
}

/// Which match of which game, under which rules, played by whom, and where it starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StartLine {
    /// The trace format ([`crate::core::trace::TRACE_FORMAT`]).
    pub format: u32,
    pub game: String,
    #[serde(rename = "match")]
    pub index: u64,
    pub seed: u64,
    pub deal: u64,
    /// The seating as `matches.csv` writes it.
    #[serde(default)]
    pub seating: Option<String>,
    /// One bot label per seat.
    pub bots: Vec<String>,
    pub players: u64,
    /// Every rule parameter, as `--set KEY=VALUE` takes it.
    pub rules: BTreeMap<String, String>,
    /// The start as the game renders it.
    pub state: String,
    pub events: Vec<Value>,
    pub state_data: Value,
}

/// One option a deciding seat had: its action's code and words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionLine {
    pub code: String,
    pub text: String,
}

/// A seat's decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionLine {
    pub step: u64,
    pub seat: u64,
    pub bot: String,
    /// The action in words, and its code.
    pub action: String,
    pub action_code: String,
    pub state: String,
    pub legal: Vec<OptionLine>,
    /// The action's place among `legal`.
    pub chosen: Option<u64>,
    /// A move the rules made without asking (its only option).
    #[serde(default, skip_serializing_if = "is_false")]
    pub forced: bool,
    #[serde(flatten)]
    pub after: After,
}

/// A chance event: its result in words, its raw draws and the game's outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChanceLine {
    pub step: u64,
    pub result: String,
    pub state: String,
    pub draws: Vec<Value>,
    pub outcome: Value,
    #[serde(flatten)]
    pub after: After,
}

/// What a step leaves: the game's events, and its state whole or as the changes since the
/// step before.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct After {
    #[serde(default)]
    pub events: Vec<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_data: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_changes: Option<Value>,
}

/// How the match ended (or where `arena play` stopped it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndLine {
    #[serde(rename = "match")]
    pub index: u64,
    /// Stopped before its end (Ctrl-C, `q` in `arena play`): no seat ranked or winning.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stopped: bool,
    pub scores: Value,
    pub ranks: Vec<u8>,
    pub winners: Vec<usize>,
    pub capped: bool,
    pub reason: String,
    pub reason_text: String,
    pub decisions: u32,
    pub chance_events: u32,
    /// Absent from a stopped match's end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    pub state_data: Value,
}

fn is_false(b: &bool) -> bool {
    !b
}

impl TraceLine {
    /// The line as the trace holds it (keys sorted, no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_value(self).map(|v| v.to_string()).unwrap_or_default()
    }

    /// A line read back, or why it is not one arena wrote.
    pub fn from_value(value: &Value) -> Result<TraceLine, String> {
        TraceLine::deserialize(value).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_line_reads_back_as_written_with_its_keys_sorted() {
        let end = TraceLine::End(EndLine {
            index: 3,
            stopped: false,
            scores: json!([2, 5]),
            ranks: vec![1, 0],
            winners: vec![1],
            capped: false,
            reason: "target".into(),
            reason_text: "seat 1 reached 5".into(),
            decisions: 7,
            chance_events: 2,
            turns: Some(4),
            rounds: Some(2),
            state_data: json!({}),
        });
        let line = end.to_line();
        assert!(line.starts_with(r#"{"capped":false,"chance_events":2,"decisions":7,"#), "{line}");
        assert!(!line.contains("stopped"), "{line}");
        let back = TraceLine::from_value(&serde_json::from_str(&line).unwrap()).unwrap();
        assert_eq!(back, end);
        let odd = json!({"event": "decision", "step": 1});
        assert!(TraceLine::from_value(&odd).unwrap_err().contains("missing field"));
    }
}
