//! The play page's side of LOVE ACTUALLY: where each move is played on the picture
//! (`places.rs`), the words of moves and chance steps, and the drawing's card table, which
//! must equal the card data.

use serde_json::{Value, json};

use super::*;
use crate::core::trace::TraceGame;
use crate::core::{Seat, derive_rng};
use crate::games::love_actually::cards::{COLOURS, RELATIONSHIPS};
use crate::games::love_actually::places::{MENU_KINDS, MOVE_KINDS};

/// The picture's drawing, whose targets and card table these tests read.
const DRAWING: &str = include_str!("../draw.js");

/// Random matches, every state where a seat decides, with the legal actions.
fn decisions(g: &Love, players: usize, seed: u64) -> Vec<(LoveState, Vec<LoveAction>)> {
    let mut rng = derive_rng(seed, players as u64, 47);
    let mut s = g.new_state(players);
    let mut out = Vec::new();
    let mut legal = Vec::new();
    while g.turn(&s) != Turn::Over && s.turns < 200 {
        if g.turn(&s) == Turn::Chance {
            g.sample_chance(&mut s, &mut rng);
            continue;
        }
        g.legal_actions(&s, &mut legal);
        out.push((s.clone(), legal.clone()));
        let a = legal[rng.below(legal.len() as u32) as usize];
        g.apply(&mut s, a);
    }
    out
}

/// Whether the picture, as `viewer` sees `data` (its `seat_state_json`), has the part named
/// `target`: the drawing gives every card of a hand, the pile, the scored and claimed sets,
/// every hand, every track and the question board its target.
fn drawn(data: &Value, target: &str) -> bool {
    let names = |v: &Value| -> Vec<String> {
        v.as_array().into_iter().flatten().filter_map(|c| c.as_str().map(String::from)).collect()
    };
    let (place, rest) = target.split_once(':').unwrap_or((target, ""));
    match place {
        "pile" => names(&data["pile"]).iter().any(|c| c == rest),
        "set" => {
            let mut all = names(&data["scored"]);
            for a in data["aside"].as_array().into_iter().flatten() {
                all.extend(names(a));
            }
            all.iter().any(|c| c == rest)
        }
        "ask" => {
            let (by, value) = rest.split_once(':').unwrap_or((rest, ""));
            match by {
                "by" => ["name", "relationship", "colour"].contains(&value),
                "name" => game().deck.cards.iter().any(|c| c.name == value),
                "relationship" => RELATIONSHIPS.contains(&value),
                "colour" => COLOURS.contains(&value),
                _ => false,
            }
        }
        seat if seat.starts_with("seat") => {
            let Ok(w) = seat[4..].parse::<usize>() else { return false };
            let hand = &data["hands"][w];
            match rest.split_once(':') {
                None => rest == "hand" && hand.is_array(),
                Some(("card", name)) => {
                    hand.as_array().into_iter().flatten().any(|c| c["card"] == json!(name))
                }
                Some(("track", r)) => RELATIONSHIPS.contains(&r) && data["tracks"][w].is_array(),
                _ => false,
            }
        }
        _ => false,
    }
}

#[test]
fn every_move_has_a_kind_and_a_drawn_target_of_its_own_seat() {
    // Every move is played on the picture, on the mover's own part (its cards, its
    // tracks) or the part it is aimed at (another player's hand, a pile card, the question
    // board); only saying no, scoring nothing, keeping black cards (LA-12) and letting a
    // discard go (LA-9) are on the bar.
    let g = game();
    let bar = ["no card", "score nothing", "keep", "let go"];
    let mut kinds_seen = std::collections::BTreeSet::new();
    for players in 2..=5 {
        for seed in 0..6 {
            for (s, legal) in decisions(&g, players, seed) {
                let me = s.actor;
                let data = g.seat_state_json(&s, Seat(me));
                let mut by_target: std::collections::BTreeMap<String, Vec<&str>> =
                    Default::default();
                for &a in &legal {
                    let place = g.move_place(&s, a);
                    assert!(MOVE_KINDS.contains(&place.kind), "{a:?}: kind {}", place.kind);
                    kinds_seen.insert(place.kind);
                    if bar.contains(&place.kind) {
                        assert!(place.target.is_empty(), "{a:?} belongs on the bar");
                        continue;
                    }
                    let t = &place.target;
                    assert!(
                        drawn(&data, t),
                        "{a:?} in {:?}: {t} is not drawn for seat {me}",
                        s.phase
                    );
                    // A card or a track is the mover's own; a hand is the player aimed at.
                    if t.contains(":card:") || t.contains(":track:") {
                        assert!(t.starts_with(&format!("seat{me}:")), "{a:?}: {t} not seat {me}'s");
                    }
                    if t.ends_with(":hand") {
                        assert!(["ask", "choose player", "swap pair"].contains(&place.kind));
                    }
                    by_target.entry(t.clone()).or_default().push(place.kind);
                }
                for (t, kinds) in by_target {
                    let menu = kinds.iter().all(|k| MENU_KINDS.contains(k) && *k == kinds[0]);
                    assert!(
                        kinds.len() == 1 || menu,
                        "{t} is shared by {kinds:?} in {:?}",
                        s.phase
                    );
                }
            }
        }
    }
    // Random play reaches every kind but the rare ones an ability or a black card asks for.
    for kind in ["take top", "ask", "ask by", "ask for", "hand over", "score", "ability", "discard"]
    {
        assert!(kinds_seen.contains(kind), "no {kind} move in the random matches");
    }
}

#[test]
fn the_drawing_gives_every_kind_of_target() {
    // The Rust side names targets that the drawing writes: each pattern appears in it.
    for part in [
        "\"pile:\"",
        "\"set:\"",
        "\":card:\"",
        "':hand\"",
        "\":track:\"",
        "data-target=\"ask:by:",
        "\"ask:name:\"",
        "data-target=\"ask:relationship:",
        "data-target=\"ask:colour:",
    ] {
        assert!(DRAWING.contains(part), "draw.js writes no {part}");
    }
}

/// The card data as the drawing's table holds it.
fn card_table(g: &Love) -> Vec<Value> {
    let name = |c: u32| g.deck.cards[c as usize].name.clone();
    (g.deck.cards.iter().enumerate())
        .map(|(c, card)| {
            let sets: Vec<Value> = (card.sets.iter())
                .map(|&(points, rel, partners)| {
                    json!({"points": points, "relationship": RELATIONSHIPS[rel as usize],
                        "partners": cards_of(partners).map(|p| name(p as u32)).collect::<Vec<_>>()})
                })
                .collect();
            json!({"name": card.name, "colour": COLOURS[card.colour as usize],
                "ability": g.ability_words(c).0, "sets": sets})
        })
        .collect()
}

#[test]
fn js_card_table_equals_the_card_data_la1_la2_la48() {
    // The page's hover texts come from LA_CARDS in draw.js: it must be the built-in
    // card data (LA-1, LA-2 sets, LA-48 colours) and the abilities' words, card for card.
    let want = card_table(&game());
    let start = DRAWING.find("var LA_CARDS = ").expect("the table") + "var LA_CARDS = ".len();
    let end = DRAWING.find("// END CARD TABLE").expect("its end");
    let text = DRAWING[start..end].trim().trim_end_matches(';');
    let got: Vec<Value> = serde_json::from_str(text).unwrap_or_default();
    let lines: Vec<String> = want.iter().map(|c| format!("  {c}")).collect();
    assert!(
        got == want,
        "LA_CARDS in draw.js differs from the card data; it should read:\n[\n{}\n]",
        lines.join(",\n")
    );
}

#[test]
fn sets_read_in_the_rulebooks_words_not_ids_la32() {
    let g = game();
    let o = opt(&g, &["Johanna", "Sam"], 2);
    assert_eq!(g.option_words(o as usize), "the Johanna-Sam romance set (2 points)");
    let double = g.deck.options.iter().position(|o| o.double).unwrap();
    assert_eq!(g.option_words(double), "both of Karen's sets at once (6 points + 2)");
    for o in 0..g.deck.options.len() {
        assert!(!g.option_words(o).contains('_'), "{}", g.option_words(o));
    }
}

#[test]
fn chance_steps_say_who_drew_how_many_never_which_la13() {
    // A draw is face down (LA-13): its words name the seat and the count only.
    let g = game();
    let mut s = g.new_state(3);
    let before = s.clone();
    draw(&g, &mut s, &[]);
    assert_eq!(g.describe_chance(&before, &s), "the deal: 4 cards to each player, face down");
    // Seat 0 asks seat 1 by name for a card it lacks: a miss, and seat 0 draws one.
    let missing = (0..27u8).find(|&c| s.hands[1] & bit(c) == 0).unwrap();
    for a in [LoveAction::Ask(1), LoveAction::Kind(AskKind::Name), LoveAction::Value(missing)] {
        act(&g, &mut s, a);
    }
    let said = g.describe(&s, LoveAction::No);
    assert_eq!(said, "seat 1 has no such card: seat 0 draws one");
    act(&g, &mut s, LoveAction::No);
    let before = s.clone();
    draw(&g, &mut s, &[]);
    let drawn = g.describe_chance(&before, &s);
    assert_eq!(drawn, "seat 0 draws 1 card from the deck");
    for c in 0..27u8 {
        assert!(!drawn.contains(g.name_of(c)), "{drawn} names a card");
    }
}

#[test]
fn every_description_reads_without_ids() {
    // No snake_case ids or Debug names in the move texts and chance texts of random matches.
    let g = game();
    for (s, legal) in decisions(&g, 4, 3) {
        for &a in &legal {
            let said = g.describe(&s, a);
            assert!(
                !said.contains('_') && !said.contains("Name") && !said.contains("Colour"),
                "{said}"
            );
        }
    }
    let mut s = g.new_state(4);
    let mut rng = derive_rng(5, 4, 1);
    while g.turn(&s) != Turn::Over && s.turns < 100 {
        if g.turn(&s) == Turn::Chance {
            let before = s.clone();
            g.sample_chance(&mut s, &mut rng);
            let said = g.describe_chance(&before, &s);
            assert!(said != "chance" && !said.contains('_'), "{said}");
        } else {
            let legal = legal(&g, &s);
            g.apply(&mut s, legal[rng.below(legal.len() as u32) as usize]);
        }
    }
}
