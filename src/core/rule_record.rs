//! The rules a job played, as its folder records them (`manifest.json`'s `rules`, one
//! [`RuleValue`] per parameter, and `rules_file`): one type that `output` writes and
//! `report` reads back, so that a page finds the changed rules without reading keys.

use serde::{Deserialize, Serialize};

use crate::core::rules::ParamInfo;

/// One rule parameter: its key, the value played, the game's default and its origin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleValue {
    pub key: String,
    pub value: String,
    pub default: String,
    /// FOUND, DEFAULT, REFERENCE or ENGINE (absent from the oldest manifests).
    #[serde(default)]
    pub origin: String,
}

impl From<&ParamInfo> for RuleValue {
    fn from(p: &ParamInfo) -> Self {
        Self {
            key: p.key.clone(),
            value: p.value.clone(),
            default: p.default.clone(),
            origin: p.origin.to_string(),
        }
    }
}

/// The part of a manifest that says which rules were played (the rest is not read here).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct RulesPlayed {
    #[serde(default)]
    pub rules: Vec<RuleValue>,
    /// The rules file the job read, as it was named.
    #[serde(default)]
    pub rules_file: Option<String>,
}

impl RulesPlayed {
    /// The rules of a manifest (none, when it records none or records them in another shape).
    pub fn of(manifest: &serde_json::Value) -> RulesPlayed {
        RulesPlayed::deserialize(manifest).unwrap_or_default()
    }

    /// The rules whose value is not the game's default, in the manifest's order.
    pub fn changed(&self) -> impl Iterator<Item = &RuleValue> {
        self.rules.iter().filter(|r| r.value != r.default)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_rules_off_their_default_are_changed_and_a_damaged_record_has_none() {
        let manifest = serde_json::json!({
            "rules": [
                {"key": "value_12", "value": "8", "default": "10", "origin": "FOUND"},
                {"key": "target", "value": "100", "default": "100", "origin": "FOUND"}
            ],
            "rules_file": "house.toml"
        });
        let played = RulesPlayed::of(&manifest);
        let changed: Vec<&str> = played.changed().map(|r| r.key.as_str()).collect();
        assert_eq!(changed, ["value_12"]);
        assert_eq!(played.rules_file.as_deref(), Some("house.toml"));
        let damaged = RulesPlayed::of(&serde_json::json!({"rules": "all of them"}));
        assert_eq!(damaged.changed().count(), 0);
    }
}
