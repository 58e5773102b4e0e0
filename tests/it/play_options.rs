//! The options a person chooses among at the play table: LOW BLOW's placements of
//! one die on one row, which differ only in a column no rule reads (LB-9), are one option
//! with the advice added up over its moves; placements that the rules score differently are
//! options apart; and a match played by options saves a trace that replays.

use arena::bots::{Bot, profile::parse_one};
use arena::core::{GameRules, Seat};
use arena::games::low_blow::LowBlow;
use arena::session::play::{GameTable, Sitter};
use serde_json::Value;

use crate::common::{arena, stdout};

fn low_blow_table(seed: u64) -> GameTable<LowBlow> {
    let sitters = (0..3)
        .map(|seat| {
            if seat == 0 {
                Sitter::Person { label: "human".into() }
            } else {
                let spec = parse_one("greedy").unwrap();
                Sitter::Bot { bot: Bot::from_spec(&spec), spec }
            }
        })
        .collect();
    GameTable::new(LowBlow::with_rules(Default::default()), seed, sitters)
}

/// A placement's words without its column ("..., column 3 (adds ..." less "column 3"):
/// what the rules count of it.
fn without_column(words: &str) -> String {
    let Some(at) = words.find(", column ") else { return words.to_string() };
    let rest = &words[at + ", column ".len()..];
    let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    format!("{}{}", &words[..at], &rest[digits..])
}

/// The options of a view: each one's words and its moves.
fn options(view: &Value) -> Vec<(String, Vec<usize>)> {
    let list = view["options"].as_array().expect("the view's options");
    list.iter()
        .map(|o| {
            let moves = o["moves"].as_array().unwrap();
            (
                o["text"].as_str().unwrap().to_string(),
                moves.iter().map(|k| k.as_u64().unwrap() as usize).collect(),
            )
        })
        .collect()
}

/// At a placement: the options partition the legal moves, each option's moves say the same
/// but for their column and its words name every column, and two options say different
/// things. Returns (legal moves, options).
fn check_placement_options(view: &Value) -> (usize, usize) {
    let legal: Vec<&str> =
        view["legal"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    let options = options(view);
    let mut all: Vec<usize> = options.iter().flat_map(|(_, ks)| ks.clone()).collect();
    all.sort_unstable();
    assert_eq!(all, (0..legal.len()).collect::<Vec<_>>(), "each legal move in one option");
    let mut said = std::collections::BTreeSet::new();
    for (text, ks) in &options {
        let rule_words = without_column(legal[ks[0]]);
        for &k in ks {
            assert_eq!(
                without_column(legal[k]),
                rule_words,
                "{} grouped with {}",
                legal[k],
                legal[ks[0]]
            );
        }
        if ks.len() > 1 {
            let columns: Vec<String> = ks
                .iter()
                .map(|&k| legal[k].split(", column ").nth(1).unwrap()[..1].to_string())
                .collect();
            let (last, first) = columns.split_last().unwrap();
            assert!(text.contains(&format!(", column {} or {last} (", first.join(", "))), "{text}");
        }
        // LB-9: placements the rules count differently (another die, another row) are apart.
        assert!(said.insert(rule_words), "two options say the same: {text}");
    }
    (legal.len(), options.len())
}

#[test]
fn lb9_a_dies_placements_on_one_row_are_one_option_with_the_advice_added_up_and_replay() {
    // One option per column, a placement would be 60-84 options, with the advice spread
    // 2-4% over them. Seat 0 plays a whole 3-player match, always its last option (so grouped
    // options of every kind are played, not only move 0), asking for advice at its first
    // placement; the saved trace replays byte for byte.
    let dir = tempfile::tempdir().unwrap();
    let mut table = low_blow_table(7);
    let (mut placements, mut collapsed, mut advised) = (0, 0, false);
    while !table.is_over() {
        if table.waiting_for() != Some(Seat(0)) {
            assert!(table.advance());
            continue;
        }
        let view = serde_json::to_value(table.view(Seat(0))).unwrap();
        let options = options(&view);
        if view["legal"][0].as_str().unwrap().contains(" places ") {
            let (legal, grouped) = check_placement_options(&view);
            placements += 1;
            collapsed += (grouped < legal) as u32;
            // Fewer options than moves exactly when a row has two empty squares or more.
            let rows = view["state_data"]["board"].as_array().unwrap();
            let room = rows
                .iter()
                .any(|r| r.as_array().unwrap().iter().filter(|c| c.is_null()).count() > 1);
            assert_eq!(grouped < legal, room, "{legal} moves, {grouped} options");
            if !advised {
                advised = true;
                let advice = serde_json::to_value(table.advice(Seat(0)).unwrap()).unwrap();
                let shares: Vec<f64> = advice["mcts_share"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_f64().unwrap())
                    .collect();
                let by_option: Vec<f64> = advice["option_share"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_f64().unwrap())
                    .collect();
                assert_eq!((shares.len(), by_option.len()), (legal, grouped));
                for ((_, ks), got) in options.iter().zip(&by_option) {
                    let sum: f64 = ks.iter().map(|&k| shares[k]).sum();
                    assert!(
                        (sum - got).abs() < 1e-9,
                        "an option's share {got} is not its moves' {sum}"
                    );
                }
                assert!((by_option.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                let greedy = advice["greedy"].as_u64().unwrap() as usize;
                let g = advice["greedy_option"].as_u64().unwrap() as usize;
                assert!(options[g].1.contains(&greedy), "greedy's option holds greedy's move");
            }
        }
        let choice = options.last().unwrap().1[0];
        table.play(Seat(0), choice, table.step()).unwrap();
    }
    assert!(advised, "no placement was advised on");
    assert!(
        placements >= 10 && collapsed >= placements / 2,
        "{collapsed} of {placements} placements collapsed"
    );
    let saved = dir.path().join("low-blow.json");
    std::fs::write(&saved, table.trace_lines().join("\n") + "\n").unwrap();
    let again = arena(&["trace", "--trace", saved.to_str().unwrap(), "--format", "json"]);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    assert_eq!(stdout(&again), std::fs::read_to_string(&saved).unwrap(), "the trace replays");
}
