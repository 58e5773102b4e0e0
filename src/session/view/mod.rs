//! `arena view`: one self-contained HTML page that replays matches step by step. The page
//! embeds the JSON trace (`docs/trace-format.md`) and a small script (`viewer.js`, with
//! `viewer.css` and the page skeleton `viewer.html`, kept as readable files beside this one)
//! that draws every game from its `state_data` only, so any format-2 trace file can be
//! viewed and the page needs nothing but itself: no network, works from `file://`.

pub mod notable;

use serde_json::Value;

use crate::core::trace_record::MatchName;
use crate::report::html;
use crate::session::Plan;
use crate::session::input::input;
use crate::session::trace::{TraceStyle, trace_match};
use crate::with_game;

const SKELETON: &str = include_str!("viewer.html");
pub const STYLE: &str = include_str!("viewer.css");
/// The helpers and registries every game's drawing fills (`draw_common.js`).
const DRAW_COMMON: &str = include_str!("draw_common.js");

/// The drawings of every registered game (shared with the play page): the helpers and
/// registries, then each game's title, its "How to play" panel (its `how_to_play.md`) and its
/// own drawing ([`TraceGame::DRAWING`], the `draw.js` in its folder), in registry order.
/// Built from the registry, so a new game's page needs no line here.
///
/// [`TraceGame::DRAWING`]: crate::core::trace::TraceGame::DRAWING
pub fn draw_script() -> &'static str {
    static SCRIPT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let mut script = String::from(DRAW_COMMON);
        for game in crate::games::GAMES {
            let name = script_json(&game.name.into());
            // No title: the pages name the game by its command-line name.
            if !game.title.is_empty() {
                script += &format!("\nTITLES[{name}] = {};\n", script_json(&game.title.into()));
            }
            // A text that does not read leaves the panel's own words for a game without one
            // (the completeness test holds every registered game's text to its five parts).
            if let Ok(parts) = crate::core::how_to_play::parts(game.how_to_play) {
                let panel: serde_json::Map<String, Value> =
                    parts.into_iter().map(|(key, text)| (key.to_string(), text.into())).collect();
                script += &format!("RULES[{name}] = {};\n", script_json(&panel.into()));
            }
            script += game.drawing;
        }
        script
    });
    &SCRIPT
}
/// The replay page itself.
const SCRIPT: &str = include_str!("viewer.js");

/// The most matches one page holds (each is replayed in the browser's memory).
pub const MAX_MATCHES: usize = 50;

/// The most records one match of a trace may have (a turn cap ends every match long before).
const MAX_RECORDS: usize = 200_000;
/// The most keys of a state (every game has fewer than 30): the page copies the state at
/// each step, so a state of a million keys would stall it.
const MAX_STATE_KEYS: usize = 1_000;

/// Why a step's state is not one a page can replay, if it is not: a whole `state_data` or
/// the `state_changes` must be an object, within [`MAX_STATE_KEYS`], and a change never the
/// page's own `$patch` compaction (which this reader makes; a trace never holds one).
fn state_shape_refusal(record: &Value) -> Option<String> {
    for key in ["state_data", "state_changes"] {
        let Some(value) = record.get(key) else { continue };
        let Some(map) = value.as_object() else {
            return Some(format!("`{key}` is not an object"));
        };
        if map.len() > MAX_STATE_KEYS {
            return Some(format!("a `{key}` of more than {MAX_STATE_KEYS} keys"));
        }
        if key == "state_changes" && map.values().any(|v| v.get("$patch").is_some()) {
            return Some("a `$patch` in `state_changes` (not something a trace holds)".into());
        }
    }
    None
}

/// One match's records as the page embeds them: start, steps, end.
pub type MatchRecords = Vec<Value>;

/// A record without what the page never shows, to keep pages small: the state as text
/// (the page draws `state_data`), the raw draws (the `outcome` and `result` say them) and
/// the actions' debug codes (their texts are kept).
fn slim(mut record: Value) -> Value {
    if let Some(map) = record.as_object_mut() {
        map.remove("state");
        map.remove("draws");
        map.remove("action_code");
        if let Some(Value::Array(legal)) = map.get_mut("legal") {
            for option in legal.iter_mut() {
                let text = option.get("text").cloned().unwrap_or(Value::Null);
                *option = text;
            }
        }
    }
    record
}

/// Rewrite, in place, each step's changed arrays of the same length as before as patches
/// `{"$patch": {"i": new element, ...}}` of the elements that changed, when that is
/// shorter: a Pride & Preju-Dice step changes one sheet of up to eight, and resending them
/// all would double a long match's page. The page's script applies the patches.
fn patch_arrays(records: &mut [Value]) {
    let Some(mut state) = records.first().and_then(|r| r.get("state_data")).cloned() else {
        return;
    };
    for record in records.iter_mut().skip(1) {
        if let Some(whole) = record.get("state_data") {
            state = whole.clone();
            continue;
        }
        let Some(Value::Object(changes)) = record.get_mut("state_changes") else { continue };
        let Some(state) = state.as_object_mut() else { continue };
        for (key, new) in changes.iter_mut() {
            let old = state.insert(key.clone(), new.clone());
            if let (Some(Value::Array(was)), Value::Array(now)) = (old, &*new)
                && was.len() == now.len()
            {
                let patch: serde_json::Map<String, Value> = now
                    .iter()
                    .enumerate()
                    .filter(|(i, v)| was[*i] != **v)
                    .map(|(i, v)| (i.to_string(), v.clone()))
                    .collect();
                let patch = serde_json::json!({ "$patch": patch });
                if json_len(&patch) < json_len(new) {
                    *new = patch;
                }
            }
        }
    }
}

/// The length of `value` written as compact JSON, counted without writing it.
fn json_len(value: &Value) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, value).expect("a JSON value can always be written");
    count.0
}

/// Replay match `index` of `plan` and return its records, as `arena trace --format json`
/// writes them.
pub fn match_records(plan: &Plan, index: u64) -> MatchRecords {
    let mut lines = Vec::new();
    let mut emit = |line: String| lines.push(line);
    let style = TraceStyle::Json { full_states: false };
    with_game!(&plan.game, g => trace_match(g, &plan.spec, index, style, &mut emit));
    let mut records: MatchRecords = lines
        .iter()
        .map(|l| slim(serde_json::from_str(l).expect("the trace writes JSON")))
        .collect();
    patch_arrays(&mut records);
    records
}

/// The matches of a trace file written by `arena trace --format json` (one JSON object per
/// line; one or more matches, each from its `start` to its `end`). `name` names the file
/// in errors. At most [`MAX_MATCHES`], the most one page shows: see [`all_matches_of_trace`]
/// for every match of the file.
pub fn matches_of_trace(text: &str, name: &str) -> anyhow::Result<Vec<MatchRecords>> {
    read_matches(text, name, Some(MAX_MATCHES))
}

/// Every match of a trace file, however many (`arena trace --trace` replays them one by one).
pub fn all_matches_of_trace(text: &str, name: &str) -> anyhow::Result<Vec<MatchRecords>> {
    read_matches(text, name, None)
}

fn read_matches(text: &str, name: &str, most: Option<usize>) -> anyhow::Result<Vec<MatchRecords>> {
    let mut matches: Vec<MatchRecords> = Vec::new();
    let mut open = false;
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |what: String| input(format!("{name}: line {}: {what}", n + 1));
        let record: Value = serde_json::from_str(line).map_err(|e| {
            at(format!("not JSON ({e}); give a trace written by `arena trace --format json`"))
        })?;
        let event = record.get("event").and_then(Value::as_str).unwrap_or("").to_string();
        match event.as_str() {
            "start" => {
                if open {
                    return Err(at("a `start` before the previous match's `end`".into()));
                }
                match record.get("format").and_then(Value::as_u64) {
                    Some(2) => {}
                    other => {
                        return Err(at(format!(
                            "trace format {} cannot be viewed; the viewer reads format 2 (`arena trace --format json` of this version)",
                            other.map_or("1 (no `format` field)".to_string(), |f| f.to_string())
                        )));
                    }
                }
                let Some(state) = record.get("state_data").and_then(Value::as_object) else {
                    return Err(at("the `start` record has no `state_data`".into()));
                };
                if state.len() > MAX_STATE_KEYS {
                    return Err(at(format!(
                        "a `state_data` of {} keys; a game's state has at most {MAX_STATE_KEYS}",
                        state.len()
                    )));
                }
                if most == Some(matches.len()) {
                    return Err(at(format!(
                        "more than {MAX_MATCHES} matches; one page shows at most {MAX_MATCHES}"
                    )));
                }
                matches.push(vec![slim(record)]);
                open = true;
            }
            "decision" | "chance" | "end" if open => {
                if let Some(why) = state_shape_refusal(&record) {
                    return Err(at(why));
                }
                let current = matches.last_mut().expect("open");
                if current.len() >= MAX_RECORDS {
                    return Err(at(format!("a match of more than {MAX_RECORDS} records")));
                }
                current.push(slim(record));
                open = event != "end";
            }
            "decision" | "chance" | "end" => {
                return Err(at(format!(
                    "a `{event}` record outside a match (no `start` before it)"
                )));
            }
            _ => {
                return Err(at(format!(
                    "`event` must be start, decision, chance or end, got {}",
                    record.get("event").map_or("nothing".to_string(), |v| v.to_string())
                )));
            }
        }
    }
    if open {
        return Err(input(format!(
            "{name}: the last match has no `end` record (a cut-off trace?)"
        )));
    }
    if matches.is_empty() {
        return Err(input(format!("{name}: no match in the file (no `start` record)")));
    }
    matches.iter_mut().for_each(|m| patch_arrays(m));
    Ok(matches)
}

/// JSON safe inside a `<script>` element: `<` only ever appears inside JSON strings, where
/// `\u003c` means the same, so `</script>` and `<!--` cannot end or confuse the element.
fn script_json(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

/// A start record as the page's script reads it: its 64-bit numbers (seed, deal, match) as
/// strings, since JavaScript reads a number as a double and a seed above 2^53 would lose its
/// last digits (a copied seed would replay another match).
fn wide_numbers_as_strings(mut start: Value) -> Value {
    for key in ["seed", "deal", "match"] {
        if let Some(n) = start.get(key).and_then(Value::as_u64) {
            start[key] = Value::String(n.to_string());
        }
    }
    start
}

/// The page of `matches` (at least one), titled `title`.
pub fn page(matches: &[MatchRecords], title: &str) -> String {
    let data = Value::Array(
        matches
            .iter()
            .map(|m| {
                let mut records = m.clone();
                if let Some(start) = records.first_mut() {
                    *start = wide_numbers_as_strings(start.take());
                }
                Value::Array(records)
            })
            .collect(),
    );
    let script = format!("\n{}\n{SCRIPT}\n", draw_script());
    let policy = html::policy_with_script(&script, false);
    html::fill(
        SKELETON,
        &[
            ("POLICY", &html::policy_meta(&policy)),
            ("TITLE", &html::esc(title)),
            ("STYLE", STYLE),
            ("SCRIPT", &script),
            ("TRACE", &script_json(&data)),
        ],
    )
}

/// A title for a page of these matches: the game and the match indices.
pub fn title_of(matches: &[MatchRecords]) -> String {
    let names: Vec<Option<MatchName>> = matches.iter().map(|m| MatchName::of(&m[0])).collect();
    let first = names[0].as_ref();
    let game = first.map_or("match", |n| n.game.as_str());
    let shown = |n: Option<u64>| n.map_or("?".to_string(), |n| n.to_string());
    let indices: Vec<String> = names.iter().map(|n| shown(n.as_ref().map(|n| n.index))).collect();
    let word = if indices.len() == 1 { "match" } else { "matches" };
    format!("{game} {word} {} (seed {})", indices.join(", "), shown(first.map(|n| n.seed)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_file_is_read_match_by_match_and_checked() {
        let good = "{\"event\":\"start\",\"format\":2,\"game\":\"pig\",\"match\":3,\"seed\":1,\"state_data\":{}}\n\
                    {\"event\":\"decision\",\"step\":1,\"legal\":[{\"code\":\"Roll\",\"text\":\"roll\"}]}\n\
                    {\"event\":\"end\",\"scores\":[0,1]}\n";
        let m = matches_of_trace(good, "t.jsonl").unwrap();
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].len(), 3);
        assert_eq!(m[0][1]["legal"][0], "roll");
        for (bad, says) in [
            ("", "no match"),
            ("nope", "not JSON"),
            ("{\"event\":\"start\",\"game\":\"pig\"}", "format 1"),
            ("{\"event\":\"end\"}", "outside a match"),
            (&good[..good.rfind("{\"event\":\"end\"").unwrap()], "no `end`"),
        ] {
            let e = matches_of_trace(bad, "t.jsonl").unwrap_err();
            assert!(crate::session::is_input_error(&e));
            assert!(e.to_string().contains(says), "{bad:?}: {e}");
            assert!(e.to_string().starts_with("t.jsonl"), "{e}");
        }
    }

    #[test]
    fn a_step_state_of_the_wrong_shape_is_refused_not_a_panic() {
        let start = "{\"event\":\"start\",\"format\":2,\"game\":\"pig\",\"match\":3,\"seed\":1,\"state_data\":{\"x\":[1,2]}}\n";
        for (step, says) in [
            ("{\"event\":\"chance\",\"state_data\":1}", "`state_data` is not an object"),
            ("{\"event\":\"chance\",\"state_changes\":[1]}", "`state_changes` is not an object"),
            (
                "{\"event\":\"chance\",\"state_changes\":{\"x\":{\"$patch\":{\"4294967294\":0}}}}",
                "`$patch`",
            ),
        ] {
            let text = format!(
                "{start}{step}\n{{\"event\":\"chance\",\"state_changes\":{{\"x\":1}}}}\n{{\"event\":\"end\"}}\n"
            );
            let e = matches_of_trace(&text, "t.jsonl").unwrap_err();
            assert!(e.to_string().contains(says), "{e}");
        }
    }

    #[test]
    fn embedded_json_cannot_close_the_script() {
        let v = serde_json::json!({"text": "</script><!-- x"});
        let s = script_json(&v);
        assert!(!s.contains('<'));
        assert_eq!(serde_json::from_str::<Value>(&s).unwrap(), v);
    }
}
