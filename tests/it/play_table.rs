//! The play table's view of a match for a person's seat: what its log says of other seats'
//! hidden choices, during their round and after it; where each legal move is played on the
//! page's picture; the bots' pace set from the page.

use arena::bots::{Bot, profile::parse_one};
use arena::core::{GameRules, Seat};
use arena::games::pride::Pride;
use arena::session::play::{GameTable, Sitter};
use serde_json::Value;

use crate::play_server::Server;

fn pride_table(seed: u64) -> GameTable<Pride> {
    let game = Pride::with_rules(Default::default());
    let sitters = (0..4)
        .map(|seat| {
            if seat == 0 {
                Sitter::Person { label: "human".into() }
            } else {
                let spec = parse_one("random").unwrap();
                Sitter::Bot { bot: Bot::from_spec(&spec), spec }
            }
        })
        .collect();
    GameTable::new(game, seed, sitters)
}

/// Play seat 0's first legal move, or let the table move on.
fn step(table: &mut GameTable<Pride>) -> bool {
    if table.is_over() {
        return false;
    }
    if table.waiting_for() == Some(Seat(0)) {
        table.play(Seat(0), 0, table.step()).unwrap();
        true
    } else {
        table.advance()
    }
}

fn hidden_lines(view: &Value) -> usize {
    view["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["text"].as_str().unwrap().contains("cannot see yet"))
        .count()
}

#[test]
fn pride_hidden_turns_are_hidden_in_their_round_and_read_in_the_log_once_it_ends() {
    // The rules' reading: the others' turns "stay hidden until the round ends". Seat 0 reads
    // "made a choice you cannot see yet" during round 1, and every one of those lines in
    // its words once round 2 has begun (the log once kept the placeholder forever).
    let mut table = pride_table(5);
    let mut most_hidden = 0;
    while step(&mut table) {
        let view = serde_json::to_value(table.view(Seat(0))).unwrap();
        if view["state_data"]["round"].as_u64() != Some(1) {
            break;
        }
        most_hidden = most_hidden.max(hidden_lines(&view));
    }
    assert!(most_hidden > 0, "round 1 hid no other seat's choice from seat 0");
    let view = serde_json::to_value(table.view(Seat(0))).unwrap();
    assert_eq!(view["state_data"]["round"], 2);
    assert_eq!(hidden_lines(&view), 0, "round 1 is over but its log still hides choices");
}

#[test]
fn the_view_places_every_legal_move_and_the_page_sets_the_pace_within_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _out) = Server::tictactoe(dir.path());
    let view = server.my_turn(0);
    let (legal, moves) = (view["legal"].as_array().unwrap(), view["moves"].as_array().unwrap());
    assert_eq!(legal.len(), moves.len());
    for (text, m) in legal.iter().zip(moves) {
        // "X at row R column C" is played on square 3(R-1)+(C-1).
        let words: Vec<usize> =
            text.as_str().unwrap().split(' ').filter_map(|w| w.parse().ok()).collect();
        assert_eq!(m["kind"], "mark");
        assert_eq!(m["target"], format!("square{}", 3 * (words[0] - 1) + words[1] - 1), "{text}");
    }
    assert!(server.get("/seat/0").1.contains("data-pace=\"0\""));
    let (status, body) = server.post("/api/seat/0/pace", r#"{"ms":300}"#);
    assert_eq!((status, body.contains("300")), (200, true), "{body}");
    assert!(
        server.get("/seat/0").1.contains("data-pace=\"300\""),
        "a new page starts at the pace set"
    );
    for bad in [r#"{"ms":5001}"#, r#"{"ms":-1}"#, r#"{"ms":"fast"}"#, "{}", "not json"] {
        let (status, body) = server.post("/api/seat/0/pace", bad);
        assert_eq!(status, 400, "{bad}: {body}");
    }
    let (_, body) = server.post("/api/seat/0/pace", r#"{"ms":5001}"#);
    assert!(body.contains("from 0 to 5000"), "{body}");
}

/// A seed above 2^53 that a JavaScript number would round (read as a number, the page
/// showed 1796537081016307200).
const WIDE_SEED: u64 = 1_796_537_081_016_307_123;

#[test]
fn the_seed_a_page_is_handed_is_a_string_with_every_digit() {
    // The play API's view at the end of a match, and the replay page's embedded trace.
    let mut table = pride_table(WIDE_SEED);
    while step(&mut table) {}
    let view = serde_json::to_value(table.view(Seat(0))).unwrap();
    assert_eq!(view["seed"], Value::String(WIDE_SEED.to_string()));
    let plan = arena::session::plan::Plan::new(
        &arena::session::plan::MatchSpec {
            seed: WIDE_SEED,
            ..arena::session::plan::MatchSpec::new("pig")
        },
        1,
    )
    .unwrap();
    let page = arena::session::view::page(&[arena::session::view::match_records(&plan, 0)], "t");
    assert!(page.contains(&format!("\"seed\":\"{WIDE_SEED}\"")), "the page's seed is not a string");
}

#[test]
fn pride_forced_moves_are_steps_of_their_own_with_their_mover() {
    // A move with one option (a lone chaperone number, the only pair) is a step of its own:
    // without one, its points rode on the step before, another seat's. Every step of seat 0's
    // log has one mover, forced steps are marked, and a forced step another seat cannot see
    // yet shows that seat no events.
    let mut table = pride_table(11);
    while step(&mut table) {}
    let view = serde_json::to_value(table.view(Seat(0))).unwrap();
    let log = view["log"].as_array().unwrap();
    let forced: Vec<&Value> = log.iter().filter(|e| e["forced"] == true).collect();
    assert!(forced.len() > 10, "only {} forced steps in a whole match", forced.len());
    for e in forced {
        assert!(e["seat"].is_u64(), "a forced step without its mover: {e}");
    }
    // Mid-round, from seat 0's chair: another seat's hidden steps carry no events, and do
    // not say whether they were forced (that too is part of the hidden choice); some of them
    // were, as the log says once the round reveals them.
    let mut table = pride_table(11);
    let mut unseen_steps = std::collections::BTreeSet::new();
    while step(&mut table) {
        for e in serde_json::to_value(table.view(Seat(0))).unwrap()["log"].as_array().unwrap() {
            if e["unseen"] == true {
                assert!(e["text"].as_str().unwrap().contains("cannot see yet"), "{e}");
                assert_eq!((&e["events"], e.get("forced")), (&serde_json::json!([]), None), "{e}");
                unseen_steps.insert(e["step"].as_u64().unwrap());
            }
        }
    }
    let end = serde_json::to_value(table.view(Seat(0))).unwrap();
    let hidden_forced = end["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["forced"] == true && unseen_steps.contains(&e["step"].as_u64().unwrap()))
        .count();
    assert!(hidden_forced > 0, "no hidden forced move seen");
}

#[test]
fn a_move_offered_twice_in_the_same_words_is_listed_once_and_a_pair_from_either_die() {
    // Menus once listed "white 3 ... Dance Card column 3, row 3" twice (two white 3s),
    // and a pair was reachable only through its first die. The view marks every repeat
    // `same_as` the first, so the distinct words left are each listed once, and a pick's
    // `also` names its second die.
    let mut table = pride_table(3);
    let (mut repeats, mut picks) = (0, 0);
    while !table.is_over() {
        if table.waiting_for() == Some(Seat(0)) {
            let view = serde_json::to_value(table.view(Seat(0))).unwrap();
            let (legal, moves) =
                (view["legal"].as_array().unwrap(), view["moves"].as_array().unwrap());
            let mut listed = std::collections::BTreeSet::new();
            for (k, m) in moves.iter().enumerate() {
                match m["same_as"].as_u64() {
                    Some(j) => {
                        repeats += 1;
                        assert_eq!(legal[j as usize], legal[k]);
                    }
                    None => {
                        assert!(listed.insert(legal[k].as_str().unwrap()), "{} twice", legal[k])
                    }
                }
                if m["kind"] == "pick" {
                    picks += 1;
                    let also = m["also"][0].as_str().expect("a pick's second die");
                    assert!(
                        also.starts_with("seat0:die:") && also != m["target"].as_str().unwrap()
                    );
                }
            }
        }
        step(&mut table);
    }
    assert!(repeats > 0 && picks > 0, "{repeats} repeats, {picks} picks");
}
