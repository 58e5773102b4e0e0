//! Rule parameters: every number a designer might change is a named, typed, checked
//! parameter with a default, loadable from a rules file (TOML) or `--set key=value`.
//!
//! Each parameter records where its default comes from ([`Origin`]): the designer's rulebook
//! or recovered material (FOUND), a choice of ours where the rules are silent (DEFAULT), or a
//! reference game's standard rules (REFERENCE). `arena games` prints that, so a designer never
//! mistakes our default for their rule.
//!
//! Games declare their rules with [`rule_params!`](crate::rule_params):
//! ```
//! arena::rule_params! {
//!     /// Rules of a tiny example.
//!     pub struct ExampleRules {
//!         /// Points needed to win.
//!         target: u32 = 100, Found, "1 to 10000", |v: &u32| (1..=10_000).contains(v);
//!     }
//! }
//! use arena::core::rules::Rules;
//! let mut rules = ExampleRules::default();
//! rules.set("target", &toml::Value::Integer(50)).unwrap();
//! assert_eq!(rules.target, 50);
//! assert!(rules.set("target", &toml::Value::Integer(0)).is_err());
//! assert!(rules.set("nope", &toml::Value::Integer(1)).is_err());
//! ```

pub mod table;

use std::fmt;
use std::path::Path;

pub use table::{Record, Table};

/// Where a parameter's default value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Origin {
    /// The designer's rule: the rulebook, or facts recovered from the designer's material.
    Found,
    /// Our choice where the rules are silent or garbled (RULINGS "DEFAULT").
    Default,
    /// Standard rules of a reference game (tic-tac-toe, Pig).
    Reference,
    /// An engine setting, not a rule (e.g. the turn cap's size).
    Engine,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Origin::Found => "FOUND",
            Origin::Default => "DEFAULT",
            Origin::Reference => "REFERENCE",
            Origin::Engine => "ENGINE",
        })
    }
}

/// One parameter as `arena games` and the manifest show it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ParamInfo {
    /// The key a rules file or `--set` uses (a table cell's key names its row and field).
    pub key: String,
    pub value: String,
    pub default: String,
    pub allowed: &'static str,
    pub origin: Origin,
    pub doc: String,
}

/// A value type a rule parameter can have.
pub trait ParamValue: Sized {
    /// What a rules file must hold, for error messages ("an integer", "true or false").
    const KIND: &'static str;
    fn from_toml(v: &toml::Value) -> Option<Self>;
    fn show(&self) -> String;
}

macro_rules! integer_param {
    ($($t:ty),*) => {$(
        impl ParamValue for $t {
            const KIND: &'static str = "an integer";
            fn from_toml(v: &toml::Value) -> Option<Self> {
                v.as_integer().and_then(|i| <$t>::try_from(i).ok())
            }
            fn show(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
integer_param!(u8, u16, u32, u64, i32, i64, usize);

impl ParamValue for bool {
    const KIND: &'static str = "true or false";
    fn from_toml(v: &toml::Value) -> Option<Self> {
        v.as_bool()
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

impl ParamValue for f64 {
    const KIND: &'static str = "a number";
    fn from_toml(v: &toml::Value) -> Option<Self> {
        v.as_float().or_else(|| v.as_integer().map(|i| i as f64))
    }
    fn show(&self) -> String {
        self.to_string()
    }
}

/// Text, such as the path of a data file a game loads (LOVE ACTUALLY's `cards`, Pride &
/// Preju-Dice's `sheet`).
impl ParamValue for String {
    const KIND: &'static str = "a string";
    fn from_toml(v: &toml::Value) -> Option<Self> {
        v.as_str().map(str::to_string)
    }
    fn show(&self) -> String {
        self.clone()
    }
}

/// A whole number that may be switched off: `none` (e.g. a rollout depth without a cut).
impl ParamValue for Option<u32> {
    const KIND: &'static str = "a whole number or none";
    fn from_toml(v: &toml::Value) -> Option<Self> {
        match v {
            toml::Value::String(s) if s == "none" => Some(None),
            _ => v.as_integer().and_then(|i| u32::try_from(i).ok()).map(Some),
        }
    }
    fn show(&self) -> String {
        self.map_or_else(|| "none".to_string(), |v| v.to_string())
    }
}

/// Declares a string-valued parameter type with a fixed set of names.
///
/// `arena::param_enum!(CounterScoring { Triangular = "triangular", Linear = "linear" });`
#[macro_export]
macro_rules! param_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name { $($variant),+ }
        impl $crate::core::rules::ParamValue for $name {
            const KIND: &'static str = concat!("one of:" $(, " ", $text)+);
            fn from_toml(v: &toml::Value) -> Option<Self> {
                match v.as_str()? { $($text => Some($name::$variant),)+ _ => None }
            }
            fn show(&self) -> String {
                match self { $($name::$variant => $text.to_string(),)+ }
            }
        }
    };
}

/// A game's rules: named parameters with defaults, settable one key at a time.
pub trait Rules: Default + Clone + Send + Sync + fmt::Debug {
    /// Every parameter with its current value.
    fn params(&self) -> Vec<ParamInfo>;
    /// Set one parameter; the error says what is allowed.
    fn set(&mut self, key: &str, value: &toml::Value) -> Result<(), String>;
    /// Checks across parameters (e.g. a board big enough for its dice).
    fn validate(&self) -> Result<(), String> {
        Ok(())
    }
}

/// Declares a rules struct: for each field a doc comment, a type, a default, an [`Origin`]
/// variant, what is allowed (in words) and the check itself; optionally a `validate(r) {...}`
/// block for checks across parameters, returning `Result<(), String>`. Rule tables
/// ([`Table`]) come first, each as `@table /// doc` `name: Table<Record> = default;`: their
/// cells are listed and set like scalar parameters, with each row's own origin.
#[macro_export]
macro_rules! rule_params {
    (@validate $s:expr) => { Ok(()) };
    (@validate $s:expr, $r:ident $body:block) => {{
        let $r = $s;
        $body
    }};
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                @table
                $(#[doc = $tdoc:literal])*
                $tfield:ident : $tty:ty = $tdefault:expr;
            )*
            $(
                $(#[doc = $doc:literal])*
                $field:ident : $ty:ty = $default:expr, $origin:ident, $allowed:literal, $check:expr;
            )*
        }
        $(validate($r:ident) $body:block)?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name {
            $( $(#[doc = $tdoc])* pub $tfield: $tty, )*
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }
        impl Default for $name {
            fn default() -> Self {
                Self { $( $tfield: $tdefault, )* $( $field: $default, )* }
            }
        }
        impl $crate::core::rules::Rules for $name {
            fn params(&self) -> Vec<$crate::core::rules::ParamInfo> {
                // Tables first: their cells lead the list, as they lead the declaration.
                let mut params: Vec<$crate::core::rules::ParamInfo> = Vec::new();
                $( params.extend(self.$tfield.params()); )*
                params.extend([$(
                    $crate::core::rules::ParamInfo {
                        key: stringify!($field).to_string(),
                        value: $crate::core::rules::ParamValue::show(&self.$field),
                        default: {
                            let default: $ty = $default;
                            $crate::core::rules::ParamValue::show(&default)
                        },
                        allowed: $allowed,
                        origin: $crate::core::rules::Origin::$origin,
                        doc: [$($doc.trim()),*].join(" "),
                    },
                )*]);
                params
            }
            fn set(&mut self, key: &str, value: &toml::Value) -> Result<(), String> {
                $(
                    if let Some(result) = self.$tfield.try_set(key, value) {
                        return result;
                    }
                )*
                match key {
                    $(
                        stringify!($field) => {
                            let parsed = <$ty as $crate::core::rules::ParamValue>::from_toml(value).ok_or_else(|| {
                                format!(
                                    "`{}` must be {} ({}), got {}",
                                    key, <$ty as $crate::core::rules::ParamValue>::KIND, $allowed, value
                                )
                            })?;
                            let check: fn(&$ty) -> bool = $check;
                            if !check(&parsed) {
                                return Err(format!(
                                    "`{}` = {} is out of range: allowed {}",
                                    key, value, $allowed
                                ));
                            }
                            self.$field = parsed;
                            Ok(())
                        }
                    )*
                    _ => {
                        let _ = value;
                        // Keys as `arena games` writes them: a table's cells by their pattern
                        // (`value_1..value_12`), and every cell a candidate for "did you mean".
                        let keys: Vec<String> = vec![
                            $(self.$tfield.key_pattern(),)*
                            $(stringify!($field).to_string()),*
                        ];
                        let all: Vec<String> =
                            $crate::core::rules::Rules::params(self).into_iter().map(|p| p.key).collect();
                        Err(if keys.is_empty() {
                            format!("unknown rules key `{}`; this game has no rules parameters", key)
                        } else {
                            format!(
                                "unknown rules key `{}`{}; valid keys: {}",
                                key,
                                $crate::core::suggest::did_you_mean(key, all.iter().map(String::as_str)),
                                keys.join(", ")
                            )
                        })
                    }
                }
            }
            fn validate(&self) -> Result<(), String> {
                $crate::rule_params!(@validate self $(, $r $body)?)
            }
        }
    };
}

/// A rules-file or `--set` problem, naming where it came from.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error("cannot read rules file {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("rules file {path} is not valid TOML: {message}")]
    Syntax { path: String, message: String },
    #[error("rules file {path}: {message}")]
    Key { path: String, message: String },
    #[error("--set {arg}: {message}")]
    Set { arg: String, message: String },
    #[error("rules are inconsistent: {0}")]
    Invalid(String),
}

/// The game a rules file names with its optional `game = "name"` key.
pub fn file_game(path: &Path) -> Result<Option<String>, RulesError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|source| RulesError::Read { path: shown.clone(), source })?;
    let table: toml::Table = toml::from_str(&text)
        .map_err(|e| RulesError::Syntax { path: shown, message: syntax_message(&text, &e) })?;
    Ok(table.get("game").and_then(|g| g.as_str()).map(str::to_string))
}

/// Apply a rules file to `rules`. The file is flat `key = value` pairs; an optional
/// `game = "name"` key must name `game`.
pub fn apply_file<R: Rules>(rules: &mut R, game: &str, path: &Path) -> Result<(), RulesError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|source| RulesError::Read { path: shown.clone(), source })?;
    let table: toml::Table = toml::from_str(&text).map_err(|e| RulesError::Syntax {
        path: shown.clone(),
        message: syntax_message(&text, &e),
    })?;
    for (key, value) in &table {
        if key == "game" {
            if value.as_str() != Some(game) {
                return Err(RulesError::Key {
                    path: shown,
                    message: format!("`game` is {value}, but this run is for \"{game}\""),
                });
            }
            continue;
        }
        rules.set(key, value).map_err(|message| RulesError::Key {
            path: match key_line(&text, key) {
                Some(line) => format!("{shown}, line {line}"),
                None => shown.clone(),
            },
            message,
        })?;
    }
    Ok(())
}

/// The line of a rules file where `key` is set (`key = ...`, possibly quoted), for errors.
fn key_line(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            let line = line.trim_start();
            let rest = line
                .strip_prefix(key)
                .or_else(|| line.strip_prefix(&format!("\"{key}\"")))
                .or_else(|| line.strip_prefix(&format!("'{key}'")));
            rest.is_some_and(|r| r.trim_start().starts_with('='))
        })
        .map(|i| i + 1)
}

fn syntax_message(text: &str, e: &toml::de::Error) -> String {
    let first = e.message().lines().next().unwrap_or("syntax error").to_string();
    match e.span() {
        Some(span) => {
            let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
            format!("line {line}: {first}")
        }
        None => first,
    }
}

/// Parse one `--set key=value`; the value as [`parse_value`] reads it.
pub fn parse_set(arg: &str) -> Result<(String, toml::Value), RulesError> {
    let Some((key, raw)) = arg.split_once('=') else {
        return Err(RulesError::Set {
            arg: arg.to_string(),
            message: "expected key=value".to_string(),
        });
    };
    let key = key.trim();
    let raw = raw.trim();
    if key.is_empty() || raw.is_empty() {
        return Err(RulesError::Set {
            arg: arg.to_string(),
            message: "expected key=value with a non-empty key and value".to_string(),
        });
    }
    Ok((key.to_string(), parse_value(raw)))
}

/// A parameter's text as the value a rules file would hold: read as TOML (`3`, `0.7`,
/// `true`, `"x"`); a bare word that is not valid TOML is taken as a string, so
/// `--set scoring=linear` and `--bots mcts:rollout=greedy` work unquoted.
pub fn parse_value(raw: &str) -> toml::Value {
    let raw = raw.trim();
    match toml::from_str::<toml::Table>(&format!("v = {raw}")) {
        Ok(mut t) => t.remove("v").expect("parsed key"),
        // TOML refuses leading zeros (`050`) but takes a sign (`+50`); on the command line
        // both are plainly the number, so a decimal integer is read as one either way.
        Err(_) => match raw.parse::<i64>() {
            Ok(n) if raw.bytes().all(|b| b.is_ascii_digit() || b == b'+' || b == b'-') => {
                toml::Value::Integer(n)
            }
            _ => toml::Value::String(raw.to_string()),
        },
    }
}

/// Apply `--set` arguments after any rules file, then validate the whole.
pub fn apply_sets<R: Rules>(rules: &mut R, sets: &[String]) -> Result<(), RulesError> {
    let mut seen: Vec<String> = Vec::new();
    for arg in sets {
        let (key, value) = parse_set(arg)?;
        // A repeated key would silently keep the last value: refuse it instead.
        if seen.contains(&key) {
            return Err(RulesError::Set {
                arg: arg.clone(),
                message: format!("`{key}` is set more than once; give each parameter once"),
            });
        }
        seen.push(key.clone());
        rules.set(&key, &value).map_err(|message| RulesError::Set { arg: arg.clone(), message })?;
    }
    rules.validate().map_err(RulesError::Invalid)
}

/// The rules a run used that are not the defaults, as a designer names them (`value_12=8`),
/// in the game's parameter order.
pub fn changed_from_defaults(params: &[ParamInfo]) -> Vec<String> {
    params
        .iter()
        .filter(|p| p.value != p.default)
        .map(|p| format!("{}={}", p.key, p.value))
        .collect()
}

/// What a run changed from the game's defaults, in one phrase (`value_12=8 (default 10);
/// rules file my.toml`), or `None` for the game as it ships: said on stdout's first line, in
/// `verdict.txt`, in the default folder name and in the page title, so that a changed run
/// never reads like a default one.
pub fn changes_phrase(
    params: &[ParamInfo],
    rules_file: Option<&std::path::Path>,
) -> Option<String> {
    let mut parts: Vec<String> = params
        .iter()
        .filter(|p| p.value != p.default)
        .map(|p| format!("{}={} (default {})", p.key, p.value, p.default))
        .collect();
    if let Some(file) = rules_file {
        parts.push(format!("rules file {}", file.display()));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::param_enum!(Scoring {
        Triangular = "triangular",
        Linear = "linear"
    });

    crate::rule_params! {
        /// Test rules.
        pub struct TestRules {
            /// A count.
            count: u32 = 3, Found, "1 to 9", |v: &u32| (1..=9).contains(v);
            /// A switch.
            variant: bool = false, Default, "true or false", |_| true;
            /// A mode.
            scoring: Scoring = Scoring::Triangular, Default, "triangular or linear", |_| true;
        }
        validate(r) {
            if r.variant && r.count > 5 {
                return Err(format!("variant needs count <= 5, got {}", r.count));
            }
            Ok(())
        }
    }

    #[test]
    fn validate_block_checks_across_parameters() {
        let mut r = TestRules::default();
        apply_sets(&mut r, &["count=7".into()]).unwrap();
        let err = apply_sets(&mut r, &["variant=true".into()]).unwrap_err().to_string();
        assert!(err.contains("variant needs count <= 5, got 7"), "{err}");
    }

    #[test]
    fn set_checks_type_range_and_key() {
        let mut r = TestRules::default();
        apply_sets(&mut r, &["count=5".into(), "variant=true".into(), "scoring=linear".into()])
            .unwrap();
        assert_eq!((r.count, r.variant, r.scoring), (5, true, Scoring::Linear));
        let err = apply_sets(&mut r, &["count=10".into()]).unwrap_err().to_string();
        assert!(err.contains("1 to 9"), "{err}");
        let err =
            apply_sets(&mut r, &["count=4".into(), "count=5".into()]).unwrap_err().to_string();
        assert!(err.contains("`count` is set more than once"), "{err}");
        let err = apply_sets(&mut r, &["bogus=1".into()]).unwrap_err().to_string();
        assert!(err.contains("valid keys: count, variant, scoring"), "{err}");
        let err = apply_sets(&mut r, &["count".into()]).unwrap_err().to_string();
        assert!(err.contains("key=value"), "{err}");
        let err = apply_sets(&mut r, &["scoring=cubic".into()]).unwrap_err().to_string();
        assert!(err.contains("one of: triangular linear"), "{err}");
    }

    #[test]
    fn params_show_default_and_origin() {
        let r = TestRules { count: 7, ..Default::default() };
        let p = r.params();
        assert_eq!(p[0].key, "count");
        assert_eq!(p[0].value, "7");
        assert_eq!(p[0].default, "3");
        assert_eq!(p[0].origin, Origin::Found);
        assert_eq!(p[2].value, "triangular");
    }

    #[test]
    fn file_errors_name_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.toml");
        std::fs::write(&path, "count = 4\nvariant = = true\n").unwrap();
        let err = apply_file(&mut TestRules::default(), "x", &path).unwrap_err().to_string();
        assert!(err.contains("bad.toml") && err.contains("line 2"), "{err}");
        std::fs::write(&path, "count = 4\nspeed = 2\n").unwrap();
        let err = apply_file(&mut TestRules::default(), "x", &path).unwrap_err().to_string();
        assert!(err.contains("bad.toml") && err.contains("unknown rules key `speed`"), "{err}");
    }
}
