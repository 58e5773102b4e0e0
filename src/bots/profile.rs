//! Bot profiles: named bot settings in `bots/*.toml` (built into the binary, so it runs from
//! any folder), and the `--bots` syntax that names a profile per seat with optional inline
//! overrides: `name[:key=value]*`, seats separated by commas
//! (`--bots mcts:iterations=500:c=0.7,greedy`). Every value is checked here, before any match
//! is played, and a bad one is a one-line error naming the bot, the key and what is allowed.

use std::collections::BTreeMap;

use super::kind::{BotError, BotKind};
use super::params::{self, BotConfig};

/// The built-in profiles: (name, the TOML text of `bots/<name>.toml`).
pub const BUILT_IN: &[(&str, &str)] = &[
    ("random", include_str!("../../bots/random.toml")),
    ("greedy", include_str!("../../bots/greedy.toml")),
    ("greedy-classic", include_str!("../../bots/greedy-classic.toml")),
    ("mcts", include_str!("../../bots/mcts.toml")),
    ("mcts-100", include_str!("../../bots/mcts-100.toml")),
    ("mcts-1k", include_str!("../../bots/mcts-1k.toml")),
    ("mcts-10k", include_str!("../../bots/mcts-10k.toml")),
];

/// One seat's bot as the user asked for it: a profile plus inline overrides.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BotSpec {
    /// What the user wrote for this seat (`mcts:iterations=500`), used as the bot's name in
    /// CSV files.
    pub label: String,
    pub profile: String,
    pub kind: BotKind,
    pub params: BTreeMap<String, String>,
}

impl BotSpec {
    /// The typed settings (the spec was checked when it was parsed).
    pub fn config(&self) -> Result<BotConfig, BotError> {
        params::config(self.kind, &self.profile, &self.params)
    }
    /// False when this bot's choices depend on wall-clock time.
    pub fn is_reproducible(&self) -> bool {
        self.config().map(|c| c.is_reproducible()).unwrap_or(true)
    }
}

pub fn profile_names() -> Vec<&'static str> {
    BUILT_IN.iter().map(|(n, _)| *n).collect()
}

/// A profile's description and settings, for `arena bots`: the keys of `bots/<name>.toml`,
/// plus every other parameter of its kind with its default, so the listing shows each
/// profile's complete setting.
pub fn profile_table(name: &str) -> Result<toml::Table, BotError> {
    let text = BUILT_IN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t).ok_or_else(|| {
        let names = profile_names();
        let hint = crate::core::suggest::did_you_mean(name, names.iter().copied());
        BotError::Unknown { name: name.to_string(), hint, valid: names.join(", ") }
    })?;
    let mut table: toml::Table = toml::from_str(text)
        .map_err(|e| BotError::Profile { name: name.to_string(), message: e.to_string() })?;
    let kind_text = table.get("kind").and_then(|k| k.as_str()).unwrap_or(name);
    if let Some(kind) = BotKind::parse(kind_text) {
        for p in kind.params() {
            if !table.contains_key(&p.key) {
                table.insert(p.key.to_string(), default_value(&p.default));
            }
        }
    }
    Ok(table)
}

/// A documented default as the TOML value a profile would write for it.
fn default_value(text: &str) -> toml::Value {
    if let Ok(i) = text.parse::<i64>() {
        toml::Value::Integer(i)
    } else if let Ok(x) = text.parse::<f64>() {
        toml::Value::Float(x)
    } else if let Ok(b) = text.parse::<bool>() {
        toml::Value::Boolean(b)
    } else {
        toml::Value::String(text.to_string())
    }
}

/// Parse one seat's `name[:key=value]*`.
pub fn parse_one(text: &str) -> Result<BotSpec, BotError> {
    let mut parts = text.trim().split(':');
    let name = parts.next().unwrap_or_default().trim();
    let table = profile_table(name)?;
    let kind_text = table.get("kind").and_then(|k| k.as_str()).unwrap_or(name);
    let kind = BotKind::parse(kind_text).ok_or_else(|| BotError::Profile {
        name: name.to_string(),
        message: format!("unknown kind `{kind_text}`"),
    })?;
    let mut params = BTreeMap::new();
    for (key, value) in table.iter() {
        if key != "kind" && key != "description" {
            params.insert(key.clone(), value.to_string().trim_matches('"').to_string());
        }
    }
    let mut inline: Vec<&str> = Vec::new();
    for part in parts {
        let Some((key, value)) = part.split_once('=') else {
            return Err(BotError::Malformed { bot: name.to_string(), text: part.to_string() });
        };
        // A repeated parameter would silently keep the last value: refuse it instead.
        if inline.contains(&key.trim()) {
            return Err(BotError::Profile {
                name: name.to_string(),
                message: format!("parameter `{}` is given more than once", key.trim()),
            });
        }
        inline.push(key.trim());
        params.insert(key.trim().to_string(), value.trim().to_string());
    }
    for key in params.keys() {
        if !kind.param_keys().contains(key) {
            let allowed = if kind.param_keys().is_empty() {
                format!("`{name}` takes no parameters")
            } else {
                format!("valid: {}", kind.param_keys().join(", "))
            };
            return Err(BotError::UnknownParam {
                bot: name.to_string(),
                key: key.clone(),
                allowed,
            });
        }
    }
    // Every parameter with its effective value, so the manifest records the whole setting.
    for p in kind.params() {
        params.entry(p.key.to_string()).or_insert(p.default);
    }
    params::config(kind, name, &params)?;
    Ok(BotSpec { label: text.trim().to_string(), profile: name.to_string(), kind, params })
}

/// Parse `--bots`: one spec per seat, or a single spec that fills every seat. Each seat gets
/// its own bot instance either way.
pub fn parse_lineup(text: &str, players: usize) -> Result<Vec<BotSpec>, BotError> {
    let specs = text.split(',').map(parse_one).collect::<Result<Vec<_>, _>>()?;
    match specs.len() {
        1 => Ok(vec![specs[0].clone(); players]),
        n if n == players => Ok(specs),
        n => Err(BotError::Count { given: n, players }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lineup_fills_or_matches_seats() {
        assert_eq!(parse_lineup("random", 3).unwrap().len(), 3);
        assert_eq!(parse_lineup("random,random", 2).unwrap().len(), 2);
        assert!(matches!(parse_lineup("random,random", 3), Err(BotError::Count { .. })));
    }

    #[test]
    fn unknown_names_and_params_are_refused() {
        let e = parse_lineup("rando", 2).unwrap_err().to_string();
        assert!(e.contains("unknown bot `rando`") && e.contains("random"), "{e}");
        let e = parse_lineup("random:depth=3", 2).unwrap_err().to_string();
        assert!(e.contains("unknown parameter `depth`"), "{e}");
        let e = parse_lineup("random:depth", 2).unwrap_err().to_string();
        assert!(e.contains("expected key=value"), "{e}");
    }
}
