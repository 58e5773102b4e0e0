//! Flag groups declared once. A group is one struct of optional fields that clap derives
//! its command-line flags from and serde derives its experiment-file keys from
//! (`stats::verdict_flags::VerdictFlags`, `--fair-within`, also recorded as it is in a
//! folder's request; `session::plan::StoppingFlags`, the stopping rule's flags). What every
//! command does with a group is done here, by field, through serde, so that the code that
//! moves a group about never names its flags: fill the flags not given from an experiment
//! file, name the flags that disagree with a folder's stored request, refuse the keys and
//! values it cannot take, and write the verdict's flags into a rerun's line (the stopping
//! rule's rerun flags are still written field by field in `report::rerun`). A group's
//! number is finite (checked where it enters, [`finite`] and [`non_finite_keys`]): these
//! helpers pass values through JSON, which has no NaN.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Each field of `group` that has a value, as its flag and the value in the flag's own
/// words, in declaration order: `("--fair-within", "1")`, `("--until-decided", "on")`.
pub fn given<T: Serialize>(group: &T) -> Vec<(String, String)> {
    let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(group) else {
        return Vec::new();
    };
    fields
        .into_iter()
        .filter(|(_, value)| !value.is_null())
        .map(|(key, value)| (flag_name(&key), shown(&value)))
        .collect()
}

/// The fields of a group as clap derived them (its flags without the dashes, with
/// underscores: `fair_within`), which are its keys in an experiment file too.
pub fn fields<T: clap::Args>() -> Vec<String> {
    let command = T::augment_args(clap::Command::new("group"));
    command.get_arguments().map(|arg| arg.get_id().as_str().to_string()).collect()
}

/// A command-line number of a flag group: a finite decimal (`nan` or `inf` would pass
/// through the group's JSON as "not given").
pub fn finite(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!("a finite number is needed, got `{text}`")),
    }
}

/// The keys of `table` (an experiment file as read) that are fields of the group `T` and
/// hold a number that is not finite.
pub fn non_finite_keys<T: clap::Args>(table: &toml::Table) -> Vec<String> {
    fields::<T>()
        .into_iter()
        .filter(|key| matches!(table.get(key), Some(toml::Value::Float(x)) if !x.is_finite()))
        .collect()
}

/// The command-line flag of a group's field: `fair_within` is `--fair-within`.
pub fn flag_name(field: &str) -> String {
    format!("--{}", field.replace('_', "-"))
}

/// A value as its flag takes it: text without quotes, a switch as `on` or `off`.
fn shown(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Bool(on) => if *on { "on" } else { "off" }.to_string(),
        // 1, not 1.0: a number as Rust shows it, as the flag was typed.
        serde_json::Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => u.to_string(),
            (None, Some(i), _) => i.to_string(),
            (None, None, Some(f)) => f.to_string(),
            _ => n.to_string(),
        },
        other => other.to_string(),
    }
}

/// `flags` with every field it leaves unset taken from `fallback` (an experiment file's
/// keys under the command line's flags: a flag given overrides its key).
pub fn filled<T: Serialize + DeserializeOwned + Clone>(flags: &T, fallback: &T) -> T {
    let (Ok(serde_json::Value::Object(mut mine)), Ok(serde_json::Value::Object(theirs))) =
        (serde_json::to_value(flags), serde_json::to_value(fallback))
    else {
        return flags.clone();
    };
    for (key, value) in theirs {
        let slot = mine.entry(key).or_insert(serde_json::Value::Null);
        if slot.is_null() {
            *slot = value;
        }
    }
    serde_json::from_value(serde_json::Value::Object(mine)).unwrap_or_else(|_| flags.clone())
}

/// Every flag `asked` gives that disagrees with `stored` (the group as a folder's request
/// resolved it, defaults included), as `--key: the folder's run has X, given Y`; `unset`
/// words a field `stored` leaves unset.
pub fn differences<T: Serialize>(asked: &T, stored: &T, unset: &str) -> Vec<String> {
    let stored = given(stored);
    given(asked)
        .into_iter()
        .filter_map(|(flag, value)| {
            let was = stored.iter().find(|(f, _)| *f == flag).map_or(unset, |(_, v)| v.as_str());
            (was != value).then(|| format!("{flag}: the folder's run has {was}, given {value}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Group {
        #[serde(skip_serializing_if = "Option::is_none")]
        fair_within: Option<f64>,
        until_decided: Option<bool>,
        sprt: Option<String>,
    }

    #[test]
    fn a_group_names_its_given_flags_in_their_own_words() {
        let g = Group { fair_within: Some(2.5), until_decided: Some(false), sprt: None };
        assert_eq!(
            given(&g),
            vec![("--fair-within".into(), "2.5".into()), ("--until-decided".into(), "off".into())]
        );
    }

    #[test]
    fn a_flag_given_overrides_the_files_key_and_fills_the_rest() {
        let flags = Group { fair_within: Some(2.0), ..Group::default() };
        let file =
            Group { fair_within: Some(3.0), sprt: Some("0.5,0.55".into()), ..Group::default() };
        let both = filled(&flags, &file);
        assert_eq!(both.fair_within, Some(2.0));
        assert_eq!(both.sprt.as_deref(), Some("0.5,0.55"));
        assert_eq!(both.until_decided, None);
    }

    #[test]
    fn only_flags_that_disagree_are_named() {
        let stored = Group { fair_within: None, until_decided: Some(true), sprt: None };
        let asked = Group { fair_within: Some(1.0), until_decided: Some(true), sprt: None };
        assert_eq!(
            differences(&asked, &stored, "(the default)"),
            vec!["--fair-within: the folder's run has (the default), given 1"]
        );
        assert!(differences(&Group::default(), &stored, "-").is_empty());
    }
}
