//! No response of `arena play`'s web server, over a whole Love Actually match, tells the
//! person's seat a card it may not know (LA-13): every page, advice, move answer and log
//! line is searched for the names of the cards hidden from it at that step.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::play::records;
use crate::play_server::Server;

/// The names of the cards in `state` (a full Love Actually state_data) that `seat` cannot
/// see: in another hand, not public and not known to it.
fn hidden_cards(state: &Value, seat: u64) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (w, hand) in state["hands"].as_array().unwrap().iter().enumerate() {
        if w as u64 == seat {
            continue;
        }
        for card in hand.as_array().unwrap() {
            let seen: Vec<u64> =
                card["seen_by"].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
            if !seen.contains(&seat) {
                out.insert(card["card"].as_str().unwrap().to_string());
            }
        }
    }
    out
}

/// The full states of a trace, one per step (the start's, then each step's changes).
fn states(records: &[Value]) -> Vec<Value> {
    let mut state = records[0]["state_data"].clone();
    let mut out = vec![state.clone()];
    for r in &records[1..] {
        if r["event"] == "end" {
            break;
        }
        for (k, v) in r["state_changes"].as_object().unwrap() {
            state[k] = v.clone();
        }
        out.push(state.clone());
    }
    out
}

/// No response of the server to seat 0, in a whole Love Actually match,
/// names a card hidden from seat 0 that seat 0 has not seen before (LA-13). The person's
/// own legal actions (and their options, the same words) are left out of the search (an ask by name lists every card of the
/// deck, by rule; that they depend only on what the seat knows is the conformance check's:
/// equal observations give equal legal actions), and so are asks by name in the log (a
/// question every seat hears, which says nothing of where the card is).
#[test]
fn no_response_names_a_card_hidden_from_the_seat() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("love.json");
    let server = Server::start(&[
        "--game",
        "love-actually",
        "--bots",
        "random",
        "--seed",
        "21",
        "--pace",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    let mut responses: Vec<(u64, String)> = Vec::new();
    // The page itself is the same at every step: its built-in script names every card (the
    // card table behind the hover texts) and holds nothing of the match, which it asks for.
    let mut pages: BTreeSet<String> = BTreeSet::new();
    fn keep(responses: &mut Vec<(u64, String)>, body: String) -> Value {
        let v: Value = serde_json::from_str(&body).unwrap();
        responses.push((v["step"].as_u64().unwrap(), body));
        v
    }
    loop {
        let v = server.my_turn(0);
        keep(&mut responses, v.to_string());
        if v.get("end").is_some() {
            break;
        }
        let step = v["step"].as_u64().unwrap();
        pages.insert(server.get("/seat/0").1);
        let (status, advice) = server.post("/api/seat/0/advice", "");
        assert_eq!(status, 200);
        responses.push((step, advice));
        let (status, body) =
            server.post("/api/seat/0/move", &format!(r#"{{"step":{step},"choice":0}}"#));
        assert_eq!(status, 200, "{body}");
        keep(&mut responses, body);
    }
    assert!(server.interrupt().success());
    assert_eq!(pages.len(), 1, "the page changed during the match: it holds something of it");
    let records = records(&out);
    let states = states(&records);
    let mut seen_before: BTreeSet<String> = BTreeSet::new();
    let all_names: BTreeSet<String> = states
        .iter()
        .flat_map(|s| {
            s["hands"].as_array().unwrap().iter().flat_map(|h| {
                h.as_array().unwrap().iter().map(|c| c["card"].as_str().unwrap().to_string())
            })
        })
        .collect();
    let (mut searched, mut checked) = (0, 0);
    for (step, body) in &responses {
        let mut searchable: Value =
            serde_json::from_str(body).unwrap_or(Value::String(body.clone()));
        if let Some(map) = searchable.as_object_mut() {
            map.remove("legal");
            map.remove("moves");
            // The options are the legal moves' words again, the moves that are one choice
            // grouped as one option.
            map.remove("options");
            // An ask names a card aloud (LA-7: an ask is made to another player, at the table); it says
            // nothing of where that card is.
            if let Some(Value::Array(log)) = map.get_mut("log") {
                log.retain(|e| !e["text"].as_str().unwrap_or("").contains(" names "));
            }
        }
        let text = searchable.to_string();
        let secret: BTreeSet<String> =
            hidden_cards(&states[*step as usize], 0).difference(&seen_before).cloned().collect();
        for name in &secret {
            checked += 1;
            assert!(
                !text.contains(&format!("\"{name}\"")) && !text.contains(&format!(" {name}")),
                "step {step}: a response names {name}, hidden from seat 0:\n{text}"
            );
        }
        searched += 1;
        seen_before.extend(all_names.iter().filter(|n| text.contains(n.as_str())).cloned());
    }
    assert!(
        searched > 20 && checked > 100,
        "searched {searched} responses, checked {checked} hidden cards"
    );
    println!(
        "hidden-information search: {searched} responses searched, {checked} hidden cards checked"
    );
}
