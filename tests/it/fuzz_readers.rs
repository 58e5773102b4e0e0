//! Fuzzing the readers of files other people send, in process so that thousands
//! of cases run in seconds: a trace for `arena view --trace` and `arena trace --trace`, and
//! a run folder's `notable.json` and `manifest.json` for `arena report`. Each case is a
//! random byte edit or a structural one (a value of a record replaced by markup, a string
//! where a number belongs, a list, an object). Properties: no panic; a refusal is bad input
//! naming the file; and what is accepted writes a page whose only script is arena's own,
//! whose data cannot close its element, and whose links are arena's own naming.

use std::path::Path;

use arena::session::play::replay::replay_trace;
use arena::session::trace::TraceStyle;
use arena::session::view::{matches_of_trace, page, title_of};
use proptest::prelude::*;
use serde_json::Value;

const MARKUP: &str = "\"'></script><img src=x onerror=alert(1)><!--";

/// A value put in place of another: markup, a huge or negative number, a list, an object.
fn replacement() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::from(MARKUP)),
        Just(Value::from(1e300)),
        Just(Value::from(-1)),
        Just(Value::from(u64::MAX)),
        Just(serde_json::json!([MARKUP, 7])),
        Just(serde_json::json!({ "colour": MARKUP, "value": MARKUP })),
        Just(Value::Null),
        "[ -~]{0,12}".prop_map(Value::from),
    ]
}

/// Every path to a value in `v` (object keys and list indices), up to `most` of them.
fn paths(v: &Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>, most: usize) {
    if out.len() >= most {
        return;
    }
    out.push(at.clone());
    let children: Vec<(String, &Value)> = match v {
        Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Value::Array(a) => a.iter().enumerate().map(|(i, v)| (i.to_string(), v)).collect(),
        _ => return,
    };
    for (k, child) in children {
        at.push(k);
        paths(child, at, out, most);
        at.pop();
    }
}

fn set(v: &mut Value, path: &[String], new: Value) {
    let Some((first, rest)) = path.split_first() else {
        *v = new;
        return;
    };
    let child = match v {
        Value::Object(m) => m.get_mut(first),
        Value::Array(a) => first.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
        _ => None,
    };
    if let Some(child) = child {
        set(child, rest, new);
    }
}

/// An edit of a JSON-lines or JSON text: a byte edit, or values replaced (records chosen
/// by `record`, a value in it by `place`).
#[derive(Clone, Debug)]
enum Edit {
    Cut(prop::sample::Index),
    Byte(prop::sample::Index, u8),
    Values(Vec<(prop::sample::Index, prop::sample::Index, Value)>),
    /// A field a record may not have had, set on a record: a step's whole state of the
    /// wrong shape, a `$patch` of its own.
    Field(prop::sample::Index, &'static str, Value),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        1 => any::<prop::sample::Index>().prop_map(Edit::Cut),
        1 => (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Byte(i, b)),
        4 => prop::collection::vec(
            (any::<prop::sample::Index>(), any::<prop::sample::Index>(), replacement()),
            1..6
        )
        .prop_map(Edit::Values),
        2 => (
            any::<prop::sample::Index>(),
            prop::sample::select(vec!["state_data", "state_changes", "legal", "events", "scores"]),
            prop_oneof![
                replacement(),
                Just(serde_json::json!({ "scores": { "$patch": { "4294967294": 0 } } })),
            ],
        )
            .prop_map(|(i, k, v)| Edit::Field(i, k, v)),
    ]
}

/// `text` (JSON lines, or one JSON document as one line) with `edit` made.
fn edited(text: &str, edit: &Edit) -> String {
    match edit {
        Edit::Cut(i) => {
            String::from_utf8_lossy(&text.as_bytes()[..i.index(text.len() + 1)]).to_string()
        }
        Edit::Byte(i, b) => {
            let mut bytes = text.as_bytes().to_vec();
            let at = i.index(bytes.len());
            bytes[at] = *b;
            String::from_utf8_lossy(&bytes).to_string()
        }
        Edit::Values(changes) => {
            let mut records: Vec<Value> =
                text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            for (record, place, new) in changes {
                let r = record.index(records.len());
                let mut all = Vec::new();
                paths(&records[r], &mut Vec::new(), &mut all, 4000);
                let path = &all[place.index(all.len())];
                // The record kinds and the format stay: the reader needs them to get further.
                if path.first().is_some_and(|k| k == "event" || k == "format") {
                    continue;
                }
                set(&mut records[r], path, new.clone());
            }
            records.iter().map(|r| r.to_string() + "\n").collect()
        }
        Edit::Field(record, key, value) => {
            let mut records: Vec<Value> =
                text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            let r = record.index(records.len());
            if let Some(map) = records[r].as_object_mut() {
                map.insert(key.to_string(), value.clone());
            }
            records.iter().map(|r| r.to_string() + "\n").collect()
        }
    }
}

fn runner(cases: u32) -> proptest::test_runner::TestRunner {
    proptest::test_runner::TestRunner::new(ProptestConfig {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x43),
        failure_persistence: None,
        ..ProptestConfig::default()
    })
}

/// A page `arena view` wrote: one data element and one script, the script named by its
/// hash in the policy, no element or handler from the data.
fn assert_safe_page(html: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(html.matches("<script").count(), 2);
    prop_assert_eq!(html.matches("</script>").count(), 2);
    prop_assert!(!html.contains("<img") && !html.contains("<!--"), "markup from the data");
    prop_assert!(html.contains("script-src &#39;sha256-"), "no script policy");
    Ok(())
}

#[test]
fn fuzz_trace_files_for_view_and_trace_replay() {
    let tmp = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for (game, players) in [("trice", "2"), ("love-actually", "4"), ("pride-prejudice", "3")] {
        let o = crate::common::arena(&[
            "trace",
            "--game",
            game,
            "--players",
            players,
            "--seed",
            "5",
            "--match",
            "1",
            "--format",
            "json",
        ]);
        assert!(o.status.success());
        text.push_str(&String::from_utf8(o.stdout).unwrap());
    }
    let file = tmp.path().join("t.jsonl");
    let name = "t.jsonl";
    let case = std::cell::Cell::new(0u32);
    runner(300)
        .run(&edit(), |e| {
            case.set(case.get() + 1);
            let hostile = edited(&text, &e);
            // arena view --trace: refused as bad input naming the file, or a safe page.
            match matches_of_trace(&hostile, name) {
                Ok(matches) => assert_safe_page(&page(&matches, &title_of(&matches)))?,
                Err(err) => {
                    prop_assert!(arena::session::is_input_error(&err), "{}", err);
                    prop_assert!(err.to_string().starts_with(name), "{}", err);
                }
            }
            // arena trace --trace: every step replayed or the file named; never a panic.
            // (A replay checks each step, so most edits are refused; a few cases suffice.)
            if case.get().is_multiple_of(8) {
                std::fs::write(&file, &hostile).unwrap();
                let mut sink = |_: String| {};
                if let Err(err) = replay_trace(&file, TraceStyle::Text, &mut sink) {
                    prop_assert!(arena::session::is_input_error(&err), "{}", err);
                    prop_assert!(err.to_string().contains(name), "{}", err);
                }
            }
            Ok(())
        })
        .unwrap();
}

/// Every link of a report page: arena's own naming only.
fn assert_own_links(html: &str) -> Result<(), TestCaseError> {
    for link in html.split("href=\"").skip(1).map(|rest| rest.split('"').next().unwrap()) {
        let own = link.strip_prefix("matches/match-").and_then(|l| l.strip_suffix(".html"));
        prop_assert!(own.is_some_and(|n| n.parse::<u64>().is_ok()), "a link to {}", link);
    }
    prop_assert!(!html.contains("<script") && !html.contains("<img"));
    Ok(())
}

fn fuzz_report_file(dir: &Path, file: &str, cases: u32) {
    let valid = std::fs::read_to_string(dir.join(file)).unwrap();
    // One line of JSON, so that the value edits see one record.
    let valid = serde_json::from_str::<Value>(&valid).unwrap().to_string();
    runner(cases)
        .run(&edit(), |e| {
            std::fs::write(dir.join(file), edited(&valid, &e)).unwrap();
            match arena::report::write(dir) {
                Ok(_) => {
                    assert_own_links(&std::fs::read_to_string(dir.join("report.html")).unwrap())
                }
                Err(arena::report::ReportError::Input(m)) => {
                    prop_assert!(m.contains(file) || m.contains("manifest.json"), "{}", m);
                    Ok(())
                }
                Err(other) => Err(TestCaseError::fail(format!("not bad input: {other}"))),
            }
        })
        .unwrap();
    std::fs::write(dir.join(file), valid).unwrap();
}

#[test]
fn fuzz_notable_and_manifest_for_the_report() {
    let tmp = tempfile::tempdir().unwrap();
    let dir =
        crate::common::finished(tmp.path(), "run", "run", &["--game", "pig", "--matches", "60"]);
    fuzz_report_file(&dir, "notable.json", 300);
    fuzz_report_file(&dir, "manifest.json", 150);
}
