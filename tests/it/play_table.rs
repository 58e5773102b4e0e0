//! The play table's view of a match for a person's seat: what its log says of other seats'
//! hidden choices, during their round and after it.

use arena::bots::{Bot, profile::parse_one};
use arena::core::{Game, Seat};
use arena::games::pride::Pride;
use arena::session::play::{GameTable, Sitter};
use serde_json::Value;

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
    // its words once round 2 has begun (issue 47: the log kept the placeholder forever).
    let mut table = pride_table(5);
    let mut most_hidden = 0;
    while step(&mut table) {
        let view = table.view(Seat(0));
        if view["state_data"]["round"].as_u64() != Some(1) {
            break;
        }
        most_hidden = most_hidden.max(hidden_lines(&view));
    }
    assert!(most_hidden > 0, "round 1 hid no other seat's choice from seat 0");
    let view = table.view(Seat(0));
    assert_eq!(view["state_data"]["round"], 2);
    assert_eq!(hidden_lines(&view), 0, "round 1 is over but its log still hides choices");
}
