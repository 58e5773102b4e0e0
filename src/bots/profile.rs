//! Bot profiles: named bot settings in `bots/*.toml` (built into the binary, so it runs from
//! any folder), and the `--bots` syntax that names a profile per seat with optional inline
//! overrides: `name[:key=value]*`, seats separated by commas
//! (`--bots mcts:iterations=500:c=0.7,greedy`). Every value is checked here, before any match
//! is played, and a bad one is a one-line error naming the bot, the key and what is allowed.

use std::collections::BTreeMap;

use super::kind::{BotError, BotKind};
use super::params::{self, BotConfig, PreferConfig};

/// The built-in profiles: (name, the TOML text of `bots/<name>.toml`).
pub const BUILT_IN: &[(&str, &str)] = &[
    ("random", include_str!("../../bots/random.toml")),
    ("greedy", include_str!("../../bots/greedy.toml")),
    ("greedy-classic", include_str!("../../bots/greedy-classic.toml")),
    ("mcts", include_str!("../../bots/mcts.toml")),
    ("mcts-100", include_str!("../../bots/mcts-100.toml")),
    ("mcts-1k", include_str!("../../bots/mcts-1k.toml")),
    ("mcts-10k", include_str!("../../bots/mcts-10k.toml")),
    ("alphabeta", include_str!("../../bots/alphabeta.toml")),
    ("prefer", include_str!("../../bots/prefer.toml")),
    ("strong", include_str!("../../bots/strong.toml")),
];

/// The profile key whose tables change settings for one game: `[games.trice]`.
const GAMES_KEY: &str = "games";
/// The key naming a profile's (or one game's) kind of bot.
const KIND_KEY: &str = "kind";

/// One seat's bot as the user asked for it: a profile plus inline overrides.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BotSpec {
    /// What the user wrote for this seat (`mcts:iterations=500`), used as the bot's name in
    /// CSV files.
    pub label: String,
    pub profile: String,
    pub kind: BotKind,
    pub params: BTreeMap<String, String>,
    /// The profile's settings for particular games (`[games.trice]` in its file), by game
    /// name: each key replaces the one in `params` at that game, and a `kind` key plays that
    /// game with another kind of bot (from that kind's defaults). A run resolves them for its
    /// game ([`Self::for_game`]), so its manifest records the settings played with.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub games: BTreeMap<String, BTreeMap<String, String>>,
    /// The settings the user gave inline (`strong:iterations=500`): they hold at every game
    /// whose kind of bot has the key.
    #[serde(skip)]
    pub inline: BTreeMap<String, String>,
}

impl BotSpec {
    /// The typed settings (the spec was checked when it was parsed).
    pub fn config(&self) -> Result<BotConfig, BotError> {
        match self.kind {
            BotKind::Prefer => {
                let own = params::prefer_params(&self.profile, &self.params)?;
                // `prefer_params` checked the list.
                let kinds = params::kind_list(&own.always).unwrap_or_default();
                let base = self.base_spec()?.config()?;
                Ok(BotConfig::Prefer(PreferConfig { kinds, base: Box::new(base) }))
            }
            kind => params::config(kind, &self.profile, &self.params),
        }
    }

    /// The spec as it plays `game`: the profile's `[games.<game>]` settings (and kind) in
    /// `params`, then the inline settings that kind has.
    pub fn for_game(&self, game: &str) -> BotSpec {
        let mut spec = BotSpec { games: BTreeMap::new(), ..self.clone() };
        if let Ok(base) = self.base_spec() {
            // A probe records its base's settings as base.KEY: those it plays this game with
            // (where the base plays this game as another kind, its base.KEY keep the base
            // profile's own kind, which `base_spec` reads them as).
            let played = base.for_game(game);
            if played.kind == base.kind {
                for (key, value) in played.params {
                    spec.params.insert(format!("{BASE_PREFIX}{key}"), value);
                }
            }
            return spec;
        }
        let Some(own) = self.games.get(game) else { return spec };
        if let Some(kind) = own.get(KIND_KEY).and_then(|k| BotKind::parse(k))
            && kind != self.kind
        {
            spec.kind = kind;
            spec.params = kind.params().into_iter().map(|p| (p.key, p.default)).collect();
        }
        let keys = spec.kind.param_keys();
        for (key, value) in own.iter().chain(&self.inline) {
            if keys.contains(key) {
                spec.params.insert(key.clone(), value.clone());
            }
        }
        spec
    }

    /// A prefer bot's base as a spec of its own: the profile named by `base` with the
    /// `base.KEY` settings (an error for a bot of another kind).
    pub fn base_spec(&self) -> Result<BotSpec, BotError> {
        if self.kind != BotKind::Prefer {
            return Err(BotError::Profile {
                name: self.profile.clone(),
                message: "only a prefer bot has a base".to_string(),
            });
        }
        let name = self.params.get("base").map_or("random", |b| b.trim());
        let mut base = base_profile(&self.profile, name)?;
        for (key, value) in &self.params {
            if let Some(key) = key.strip_prefix(BASE_PREFIX) {
                base.params.insert(key.to_string(), value.clone());
            }
        }
        // What the user set as base.KEY holds at every game, as an inline setting does.
        for (key, value) in &self.inline {
            if let Some(key) = key.strip_prefix(BASE_PREFIX) {
                base.inline.insert(key.to_string(), value.clone());
            }
        }
        Ok(base)
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
        if key != "kind" && key != "description" && key != GAMES_KEY {
            params.insert(key.clone(), value.to_string().trim_matches('"').to_string());
        }
    }
    let games = game_tables(name, kind, &table)?;
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
    if kind == BotKind::Prefer {
        prefer_settings(name, &mut params)?;
    }
    for key in params.keys() {
        let base_key = kind == BotKind::Prefer && is_base_key(key);
        if !base_key && !kind.param_keys().contains(key) {
            let allowed = if kind == BotKind::Prefer {
                format!(
                    "valid: {} (the base is a profile name; its own parameters go as \
                     base.KEY=VALUE, e.g. prefer:always=centre:base=mcts:base.iterations=200)",
                    kind.param_keys().join(", ")
                )
            } else if kind.param_keys().is_empty() {
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
    let inline = inline.iter().map(|k| (k.to_string(), params[*k].clone())).collect();
    let spec = BotSpec {
        label: text.trim().to_string(),
        profile: name.to_string(),
        kind,
        params,
        games,
        inline,
    };
    spec.config()?;
    for game in spec.games.keys() {
        spec.for_game(game).config()?;
    }
    Ok(spec)
}

/// A profile's `[games.<name>]` tables: settings of its kind for one game each. Which game
/// names exist is the games' business (a test holds the built-in profiles to them).
fn game_tables(
    name: &str,
    kind: BotKind,
    table: &toml::Table,
) -> Result<BTreeMap<String, BTreeMap<String, String>>, BotError> {
    let mut games = BTreeMap::new();
    let Some(value) = table.get(GAMES_KEY) else { return Ok(games) };
    let refuse = |message: String| BotError::Profile { name: name.to_string(), message };
    let Some(by_game) = value.as_table() else {
        return Err(refuse(format!("`{GAMES_KEY}` must be a table of [{GAMES_KEY}.GAME] tables")));
    };
    if kind == BotKind::Prefer {
        return Err(refuse(format!("a prefer bot takes no [{GAMES_KEY}.GAME] settings")));
    }
    for (game, settings) in by_game {
        let Some(settings) = settings.as_table() else {
            return Err(refuse(format!("[{GAMES_KEY}.{game}] must be a table of settings")));
        };
        let game_kind = match settings.get(KIND_KEY) {
            None => kind,
            Some(k) => match k.as_str().and_then(BotKind::parse) {
                Some(BotKind::Prefer) | None => {
                    return Err(refuse(format!(
                        "[{GAMES_KEY}.{game}] kind must be random, greedy, mcts or alphabeta"
                    )));
                }
                Some(k) => k,
            },
        };
        let mut own = BTreeMap::new();
        for (key, value) in settings {
            if key != KIND_KEY && !game_kind.param_keys().contains(key) {
                return Err(BotError::UnknownParam {
                    bot: name.to_string(),
                    key: format!("{GAMES_KEY}.{game}.{key}"),
                    allowed: format!("valid: kind, {}", game_kind.param_keys().join(", ")),
                });
            }
            own.insert(key.clone(), value.to_string().trim_matches('"').to_string());
        }
        games.insert(game.clone(), own);
    }
    Ok(games)
}

/// How a prefer bot's `--bots` text names a parameter of its base: `base.iterations=200`.
const BASE_PREFIX: &str = "base.";

fn is_base_key(key: &str) -> bool {
    key.strip_prefix(BASE_PREFIX).is_some_and(|k| !k.is_empty())
}

/// The spec of the profile a prefer bot named `bot` plays as its base, with the profile's
/// own settings: a one-line error when `base` is not a profile, or is a prefer bot itself.
fn base_profile(bot: &str, base: &str) -> Result<BotSpec, BotError> {
    let kind_of = |name: &str| {
        let table = profile_table(name).ok()?;
        BotKind::parse(table.get("kind").and_then(|k| k.as_str()).unwrap_or(name))
    };
    let bases: Vec<&str> =
        profile_names().into_iter().filter(|n| kind_of(n) != Some(BotKind::Prefer)).collect();
    let refuse = |problem: String| BotError::Base {
        bot: bot.to_string(),
        base: base.to_string(),
        problem,
        valid: bases.join(", "),
    };
    match kind_of(base) {
        // Only a profile name: `base=mcts:iterations=200` arrives here as `mcts` and a key
        // `iterations` that the prefer bot refuses, naming the base.KEY form.
        None => {
            let hint = crate::core::suggest::did_you_mean(base, bases.iter().copied());
            Err(refuse(format!("is not a bot profile{hint}")))
        }
        Some(BotKind::Prefer) => Err(refuse(
            "is a prefer bot itself; a probe's base is the bot it plays otherwise".to_string(),
        )),
        Some(_) => parse_one(base),
    }
}

/// Check a prefer bot's settings before the generic checks: `always` present, `base` a
/// profile other than prefer, and each `base.KEY` a parameter of the base's kind; then
/// record every setting of the base (as `base.KEY`: the profile's, overridden by those
/// given) so the manifest holds the whole setting.
fn prefer_settings(name: &str, params: &mut BTreeMap<String, String>) -> Result<(), BotError> {
    if params.get("always").is_none_or(|a| a.trim().is_empty()) {
        return Err(BotError::Profile {
            name: name.to_string(),
            message: "name the option kinds to take: prefer:always=KIND[+KIND...][:base=PROFILE]"
                .to_string(),
        });
    }
    let base_name = params.get("base").map_or("random", |b| b.trim()).to_string();
    let mut base = base_profile(name, &base_name)?;
    let keys = base.kind.param_keys();
    let given: Vec<(String, String)> = params
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix(BASE_PREFIX)?.to_string(), v.clone())))
        .collect();
    for (key, value) in given {
        if !keys.contains(&key) {
            let allowed = if keys.is_empty() {
                format!("the base `{base_name}` takes no parameters")
            } else {
                format!("the base `{base_name}` takes base.KEY for KEY one of {}", keys.join(", "))
            };
            return Err(BotError::UnknownParam {
                bot: name.to_string(),
                key: format!("{BASE_PREFIX}{key}"),
                allowed,
            });
        }
        base.params.insert(key, value);
    }
    // Their values are checked with the whole spec's (`BotSpec::config`).
    for (key, value) in base.params {
        params.insert(format!("{BASE_PREFIX}{key}"), value);
    }
    Ok(())
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

    #[test]
    fn prefer_takes_kinds_joined_with_plus_and_a_random_base_by_default() {
        let spec = parse_one("prefer:always=dardz.jackpot+value_12").unwrap();
        assert_eq!(spec.kind, BotKind::Prefer);
        assert_eq!(spec.label, "prefer:always=dardz.jackpot+value_12");
        assert_eq!(spec.params["always"], "dardz.jackpot+value_12");
        assert_eq!(spec.params["base"], "random");
        let BotConfig::Prefer(config) = spec.config().unwrap() else { panic!("a prefer config") };
        assert_eq!(config.kinds, ["dardz.jackpot", "value_12"]);
        assert_eq!(*config.base, BotConfig::Random);
        assert!(spec.is_reproducible());
        // Commas still separate seats: the kinds' `+` does not.
        let lineup = parse_lineup("prefer:always=centre+corner:base=greedy,greedy", 2).unwrap();
        assert_eq!(lineup[0].label, "prefer:always=centre+corner:base=greedy");
        assert_eq!(lineup[1].label, "greedy");
    }

    #[test]
    fn prefer_plays_any_profile_as_its_base_with_its_parameters_recorded() {
        let spec = parse_one("prefer:always=centre:base=mcts-1k").unwrap();
        let BotConfig::Prefer(config) = spec.config().unwrap() else { panic!("a prefer config") };
        let BotConfig::Mcts(mcts) = *config.base else { panic!("an mcts base") };
        assert_eq!(mcts.iterations, 1000);
        // The manifest records the base's whole setting.
        assert_eq!(spec.params["base.iterations"], "1000");
        assert_eq!(spec.params["base.c"], "0.7");
        let spec = parse_one("prefer:always=centre:base=greedy-classic").unwrap();
        let BotConfig::Prefer(config) = spec.config().unwrap() else { panic!("a prefer config") };
        assert!(matches!(*config.base, BotConfig::Greedy(g) if !g.adaptive));
        // The base's own parameters go as base.KEY.
        let spec = parse_one("prefer:always=centre:base=mcts:base.iterations=200").unwrap();
        let BotConfig::Prefer(config) = spec.config().unwrap() else { panic!("a prefer config") };
        assert!(matches!(*config.base, BotConfig::Mcts(m) if m.iterations == 200));
        let timed = parse_one("prefer:always=centre:base=mcts:base.seconds=0.5").unwrap();
        assert!(!timed.is_reproducible(), "a base on the clock makes the probe so too");
    }

    #[test]
    fn prefer_refuses_unknown_keys_naming_the_base_key_form() {
        // `base=mcts:iterations=200` would be ambiguous: the key is the prefer bot's.
        let e = parse_one("prefer:always=centre:base=mcts:iterations=200").unwrap_err();
        let e = e.to_string();
        assert!(e.starts_with("bot `prefer`: unknown parameter `iterations`"), "{e}");
        assert!(e.contains("always, base") && e.contains("base.iterations=200"), "{e}");
        let e = parse_one("prefer:always=centre:base=mcts:base.iteration=200").unwrap_err();
        let e = e.to_string();
        assert!(
            e.contains("unknown parameter `base.iteration`") && e.contains("iterations"),
            "{e}"
        );
        let e = parse_one("prefer:always=centre:base.samples=3").unwrap_err().to_string();
        assert!(e.contains("the base `random` takes no parameters"), "{e}");
        let e = parse_one("prefer:always=centre:base=mcts:base.c=-1").unwrap_err().to_string();
        assert!(e.contains("`c` must be"), "{e}");
        assert_eq!(e.lines().count(), 1);
    }

    #[test]
    fn prefer_refuses_a_prefer_base_an_unknown_base_and_bad_kind_lists() {
        let e = parse_one("prefer:always=centre:base=prefer").unwrap_err().to_string();
        assert!(e.contains("base `prefer` is a prefer bot itself"), "{e}");
        assert!(
            e.contains("valid bases: random, greedy") && !e.contains("mcts-10k, prefer"),
            "{e}"
        );
        let e = parse_one("prefer:always=centre:base=gredy").unwrap_err().to_string();
        assert!(e.contains("base `gredy` is not a bot profile; did you mean `greedy`?"), "{e}");
        let e = parse_one("prefer").unwrap_err().to_string();
        assert!(e.contains("prefer:always=KIND[+KIND...]"), "{e}");
        let e = parse_one("prefer:always=centre++corner").unwrap_err().to_string();
        assert!(e.contains("empty option kind name"), "{e}");
        let e = parse_one("prefer:always=centre+centre").unwrap_err().to_string();
        assert!(e.contains("`centre` is named twice"), "{e}");
        let e = parse_one("prefer:always=Centre").unwrap_err().to_string();
        assert!(e.contains("`Centre` is not an option kind name"), "{e}");
        // A kind that reads as another TOML value stays a name.
        let spec = parse_one("prefer:always=true+inf").unwrap();
        let BotConfig::Prefer(config) = spec.config().unwrap() else { panic!("a prefer config") };
        assert_eq!(config.kinds, ["true", "inf"]);
    }

    #[test]
    fn strong_plays_each_game_with_its_own_settings_and_inline_ones_everywhere() {
        let spec = parse_one("strong").unwrap();
        assert_eq!(spec.kind, BotKind::Mcts);
        let trice = spec.for_game("trice");
        assert_eq!(trice.kind, BotKind::AlphaBeta);
        assert!(matches!(trice.config().unwrap(), BotConfig::AlphaBeta(p) if p.nodes == 550));
        assert!(!trice.params.contains_key("iterations"), "{:?}", trice.params);
        let dardz = spec.for_game("dardz");
        assert!(matches!(dardz.config().unwrap(), BotConfig::Mcts(p) if p.iterations == 360));
        assert_eq!(dardz.params["depth"], "0");
        // A game the profile does not name plays the profile's own settings.
        let other = spec.for_game("pig");
        assert_eq!(other.params, spec.params);
        assert!(other.games.is_empty() && dardz.games.is_empty());
        // An inline setting holds at every game whose kind has it.
        let spec = parse_one("strong:iterations=77").unwrap();
        assert!(
            matches!(spec.for_game("dardz").config().unwrap(), BotConfig::Mcts(p) if p.iterations == 77)
        );
        assert!(
            matches!(spec.for_game("love-actually").config().unwrap(), BotConfig::Mcts(p) if p.iterations == 77 && p.cut_scale == 1.0)
        );
        assert_eq!(spec.for_game("trice").kind, BotKind::AlphaBeta);
        // The manifest records the resolved settings, not the tables.
        let json = serde_json::to_string(&parse_one("strong").unwrap().for_game("dardz")).unwrap();
        assert!(!json.contains("games") && json.contains(r#""iterations":"360""#), "{json}");
    }

    #[test]
    fn game_tables_are_checked_like_the_profile() {
        let table = |text: &str| toml::from_str::<toml::Table>(text).unwrap();
        let e = game_tables("p", BotKind::Mcts, &table("[games.trice]\nnodes = 5"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("unknown parameter `games.trice.nodes`") && e.contains("iterations"),
            "{e}"
        );
        let ok = game_tables(
            "p",
            BotKind::Mcts,
            &table("[games.trice]\nkind = \"alphabeta\"\nnodes = 5"),
        );
        assert_eq!(ok.unwrap()["trice"]["nodes"], "5");
        let e = game_tables("p", BotKind::Mcts, &table("[games.trice]\nkind = \"prefer\""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("kind must be random, greedy, mcts or alphabeta"), "{e}");
        let e = game_tables("p", BotKind::Mcts, &table("games = 3")).unwrap_err().to_string();
        assert!(e.contains("must be a table"), "{e}");
    }

    #[test]
    fn the_prefer_profile_is_listed_with_its_settings() {
        let table = profile_table("prefer").unwrap();
        assert_eq!(table["kind"].as_str(), Some("prefer"));
        assert_eq!(table["base"].as_str(), Some("random"));
        assert!(table.contains_key("always"));
        assert!(table["description"].as_str().unwrap().contains("always=KIND+KIND"));
    }
}
