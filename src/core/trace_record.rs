//! The lines of a JSON trace (`arena trace --format json`, the trace `arena play` keeps), each
//! one type that writes the line and reads it back: a match is a [`StartLine`], its
//! decisions and chance events in order ([`DecisionLine`], [`ChanceLine`]) and an
//! [`EndLine`]. Each type declares its fields in key order and is written straight to text,
//! so a line has the bytes traces have always had (keys sorted) without passing through a
//! JSON value, which would copy every step's state.
//!
//! What the game itself writes into a line (its events, its state, a chance's outcome) stays
//! JSON: its shape is the game's, and the pages that draw it read it. Reading is lenient
//! only about keys a replay does not use (each marked `default`), so that a trace an older
//! version wrote, or one trimmed of them by hand, still replays; a key it uses must be there
//! and of its type.

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// A line's `event` key, one type per kind: written as its name, and read only as its name.
macro_rules! event_name {
    ($name:ident, $text:literal) => {
        #[doc = concat!("The `event` of a line that is `", $text, "`.")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str($text)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                if text == $text {
                    Ok($name)
                } else {
                    Err(D::Error::custom(format!("`event` is `{text}`, not `{}`", $text)))
                }
            }
        }
    };
}

event_name!(Start, "start");
event_name!(Decision, "decision");
event_name!(Chance, "chance");
event_name!(End, "end");

/// Which match of which game, under which rules, played by whom, and where it starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StartLine {
    /// One bot label per seat.
    pub bots: Vec<String>,
    pub deal: u64,
    pub event: Start,
    /// What the start itself did (a roll-off, a first deal), as the game says it.
    #[serde(default)]
    pub events: Vec<Value>,
    /// The trace format ([`crate::core::trace::TRACE_FORMAT`]).
    #[serde(default)]
    pub format: u32,
    pub game: String,
    #[serde(rename = "match")]
    pub index: u64,
    pub players: u64,
    /// Every rule parameter, as `--set KEY=VALUE` takes it.
    pub rules: BTreeMap<String, String>,
    /// The seating as `matches.csv` writes it (absent from the oldest traces).
    #[serde(default)]
    pub seating: Option<String>,
    pub seed: u64,
    /// The start as the game renders it.
    #[serde(default)]
    pub state: String,
    #[serde(default)]
    pub state_data: Value,
}

/// Which match a start line begins, read without the rest of it (its states and events):
/// what a page's title and a file's name say.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct MatchName {
    pub game: String,
    #[serde(rename = "match")]
    pub index: u64,
    pub seed: u64,
}

impl MatchName {
    /// The name of the match whose start line is `start`, if it is one.
    pub fn of(start: &Value) -> Option<MatchName> {
        MatchName::deserialize(start).ok()
    }
}

/// One option a deciding seat had: its action's code and words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionLine {
    pub code: String,
    pub text: String,
}

/// A seat's decision, with what it left: the game's events, and its state whole
/// (`--full-states`) or as the top-level keys that changed since the step before.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionLine {
    /// The action in words, and its code.
    pub action: String,
    #[serde(default)]
    pub action_code: String,
    #[serde(default)]
    pub bot: String,
    /// The action's place among `legal`.
    pub chosen: Option<u64>,
    pub event: Decision,
    #[serde(default)]
    pub events: Vec<Value>,
    /// A move the rules made without asking (its only option).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
    #[serde(default)]
    pub legal: Vec<OptionLine>,
    pub seat: u64,
    #[serde(default)]
    pub state: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_changes: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_data: Option<Value>,
    pub step: u64,
}

/// A chance event: its result in words, its raw draws and the game's outcome, with what it
/// left (as a decision's).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChanceLine {
    #[serde(default)]
    pub draws: Vec<Value>,
    pub event: Chance,
    #[serde(default)]
    pub events: Vec<Value>,
    #[serde(default)]
    pub outcome: Value,
    pub result: String,
    #[serde(default)]
    pub state: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_changes: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_data: Option<Value>,
    pub step: u64,
}

/// How the match ended (or where `arena play` stopped it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndLine {
    #[serde(default)]
    pub capped: bool,
    #[serde(default)]
    pub chance_events: u32,
    #[serde(default)]
    pub decisions: u32,
    pub event: End,
    #[serde(rename = "match")]
    pub index: u64,
    #[serde(default)]
    pub ranks: Vec<u8>,
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub reason_text: String,
    /// Absent from a stopped match's end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    pub scores: Value,
    #[serde(default)]
    pub state_data: Value,
    /// Stopped before its end (Ctrl-C, `q` in `arena play`): no seat ranked or winning.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
    #[serde(default)]
    pub winners: Vec<usize>,
}

/// One line of a JSON trace, by its `event`.
#[derive(Clone, Debug, PartialEq)]
pub enum TraceLine {
    Start(StartLine),
    Decision(DecisionLine),
    Chance(ChanceLine),
    End(EndLine),
}

/// A line as text (no newline): any of the line types.
pub fn to_line<T: Serialize>(line: &T) -> String {
    // These types hold only strings, numbers and JSON values: nothing that cannot be written.
    serde_json::to_string(line).unwrap_or_default()
}

impl TraceLine {
    /// A line read back into the type that wrote it, or why it is not one arena wrote.
    pub fn parse(text: &str) -> Result<TraceLine, String> {
        /// The key that says which type a line is.
        #[derive(Deserialize)]
        struct Kind {
            event: String,
        }
        let value: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let kind = Kind::deserialize(&value).map_err(|e| e.to_string())?;
        let line = match kind.event.as_str() {
            "start" => StartLine::deserialize(value).map(TraceLine::Start),
            "decision" => DecisionLine::deserialize(value).map(TraceLine::Decision),
            "chance" => ChanceLine::deserialize(value).map(TraceLine::Chance),
            "end" => EndLine::deserialize(value).map(TraceLine::End),
            other => {
                return Err(format!("`event` is `{other}`, not start, decision, chance or end"));
            }
        };
        line.map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_line_reads_back_as_written_with_its_keys_sorted() {
        let end = EndLine {
            capped: false,
            chance_events: 2,
            decisions: 7,
            event: End,
            index: 3,
            ranks: vec![1, 0],
            reason: "target".into(),
            reason_text: "seat 1 reached 5".into(),
            rounds: Some(2),
            scores: json!([2, 5]),
            state_data: json!({"b": 1, "a": 2}),
            stopped: false,
            turns: Some(4),
            winners: vec![1],
        };
        let line = to_line(&end);
        // The bytes of the same record written as a JSON value (keys sorted).
        let as_value = serde_json::to_value(&end).unwrap().to_string();
        assert_eq!(line, as_value);
        assert!(!line.contains("stopped"), "{line}");
        assert_eq!(TraceLine::parse(&line).unwrap(), TraceLine::End(end));
        let odd = r#"{"event": "decision", "step": 1}"#;
        assert!(TraceLine::parse(odd).unwrap_err().contains("missing field"));
        let other = r#"{"event": "nap"}"#;
        assert!(TraceLine::parse(other).unwrap_err().contains("`nap`"));
    }

    #[test]
    fn every_line_type_declares_its_keys_in_order() {
        let decision = DecisionLine {
            action: "roll".into(),
            action_code: "Roll".into(),
            bot: "random".into(),
            chosen: Some(0),
            event: Decision,
            events: vec![json!({"kind": "x"})],
            forced: true,
            legal: vec![OptionLine { code: "Roll".into(), text: "roll".into() }],
            seat: 1,
            state: "s".into(),
            state_changes: Some(json!({"turn": 2})),
            state_data: Some(json!({})),
            step: 4,
        };
        assert_eq!(to_line(&decision), serde_json::to_value(&decision).unwrap().to_string());
        let chance = ChanceLine {
            draws: vec![json!({"die": 3, "faces": 6})],
            event: Chance,
            events: vec![],
            outcome: json!(null),
            result: "3".into(),
            state: "s".into(),
            state_changes: None,
            state_data: Some(json!({})),
            step: 5,
        };
        assert_eq!(to_line(&chance), serde_json::to_value(&chance).unwrap().to_string());
        let start = StartLine {
            bots: vec!["a".into()],
            deal: 0,
            event: Start,
            events: vec![],
            format: 2,
            game: "pig".into(),
            index: 0,
            players: 1,
            rules: BTreeMap::from([("target".into(), "100".into())]),
            seating: Some("0".into()),
            seed: 1,
            state: "s".into(),
            state_data: json!({}),
        };
        assert_eq!(to_line(&start), serde_json::to_value(&start).unwrap().to_string());
    }
}
