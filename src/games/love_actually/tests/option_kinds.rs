//! LOVE ACTUALLY's option kinds (`option_kinds.rs`): the declaration is well formed, the
//! constant indices name the kinds they say, actions get the kinds the rulings give them, and
//! every kind is met in random play.

use super::super::option_kinds::*;
use super::*;
use crate::core::options::{check_kinds, find_kind};
use crate::core::{KindSet, OptionKind};
use LoveAction::*;

fn kinds(g: &Love) -> Vec<OptionKind> {
    g.option_kinds(4)
}

fn ids(g: &Love, s: &LoveState, a: LoveAction) -> Vec<String> {
    let k = kinds(g);
    g.action_kinds(s, a).iter().map(|i| k[i].id.clone()).collect()
}

fn kind(g: &Love, id: &str) -> OptionKind {
    let k = kinds(g);
    k[find_kind(&k, "love-actually", id).unwrap_or_else(|| panic!("no kind {id}"))].clone()
}

#[test]
fn the_declaration_is_well_formed_and_the_same_for_the_same_rules() {
    let g = game();
    check_kinds(&kinds(&g)).unwrap();
    assert_eq!(kinds(&g), g.option_kinds(2), "the player count changes nothing");
    assert_eq!(kinds(&g), kinds(&game()));
    // 14 fixed kinds, 26 scoring options (25 sets and Karen's double, LA-32, LA-46), 27 cards.
    assert_eq!((g.deck.options.len(), g.deck.cards.len()), (26, 27));
    assert_eq!(kinds(&g).len(), FIXED + 26 + 27);
}

#[test]
fn the_indices_name_their_kinds() {
    let g = game();
    let k = kinds(&g);
    let fixed = [
        (TAKE_TOP, "take_top"),
        (ASK_NAME, "ask_name"),
        (ASK_RELATIONSHIP, "ask_relationship"),
        (ASK_COLOUR, "ask_colour"),
        (ASK_MISSING_CARD, "ask_missing_card"),
        (KEEP_SET, "keep_set"),
        (ACTUALLY, "actually"),
        (POTUS_STANDS_IN, "potus_stands_in"),
        (DISCARD_RED, "discard_red"),
        (DISCARD_RED + 1, "discard_blue"),
        (DISCARD_RED + 2, "discard_pink"),
        (TARGET_LEADER, "target_leader"),
        (SWAP_WITH_SELF, "swap_with_self"),
        (TRACK_TO_TILE, "track_to_tile"),
    ];
    for (i, id) in fixed {
        assert_eq!(k[i].id, id);
    }
    // LA-48: the colour order of the card data is the discard kinds' order.
    assert_eq!(&cards::COLOURS[..3], ["red", "blue", "pink"]);
    // The set kinds follow the options, the ability kinds the cards, named as the metrics.
    let names = g.metric_names(4);
    for o in 0..g.deck.options.len() {
        let id = &k[g.set_kind(o)].id;
        assert_eq!(*id, format!("set_{}", g.option_key(o)));
        assert!(names.contains(id), "{id} is a metrics column too");
    }
    for c in 0..g.deck.cards.len() as u8 {
        let id = &k[g.ability_kind(c)].id;
        assert!(names.contains(id), "{id} is a metrics column too");
        assert!(k[g.ability_kind(c)].words.contains(g.name_of(c)));
    }
    assert_eq!(k[g.ability_kind(g.card("USA Girls"))].id, "ability_usa_girls");
}

#[test]
fn words_come_from_the_card_data_and_levers_are_parameters() {
    let g = game();
    let johanna_sam = kind(&g, "set_johanna_sam_2_romance");
    assert_eq!(johanna_sam.words, "score the Johanna-Sam romance (2 points)");
    assert_eq!(johanna_sam.lever, None, "a set's points are card data, not a parameter");
    let sam = kind(&g, "ability_sam");
    assert_eq!(sam.words, "play Sam (ability: take 1 card from the discard pile, shown)");
    assert!(
        kind(&g, "ability_daniel").words.contains("take 2 cards from the discard pile, face down")
    );
    assert!(kind(&g, "ability_karl").words.contains("+1 on the romance and professional tracks"));
    // LA-37, LA-41, LA-46: the abilities whose value is a rule parameter name it.
    assert_eq!(kind(&g, "ability_harry").lever.as_deref(), Some("discard_black_points"));
    assert_eq!(kind(&g, "ability_aurelia").lever.as_deref(), Some("no_ask_points"));
    assert_eq!(kind(&g, "ability_karen").lever.as_deref(), Some("double_bonus"));
    assert_eq!(kind(&g, "set_double_karen").lever.as_deref(), Some("double_bonus"));
    assert!(kind(&g, "set_double_karen").words.contains("8 points"), "4 + 2 + the +2");
    let params: Vec<String> = g.rules().params().iter().map(|p| p.key.clone()).collect();
    for k in kinds(&g) {
        if let Some(l) = &k.lever {
            assert!(params.contains(l), "{}: lever {l} is not a parameter", k.id);
        }
    }
    assert!(kind(&g, "ability_peter").words.contains("+1 on the friendship track)"));
    // The fixed kinds name the cards whose abilities ask their question.
    assert!(kind(&g, "potus_stands_in").words.starts_with("hand over POTUS instead"));
    assert!(
        kind(&g, "target_leader").words.contains("(Mia, Juliet, Mark, Jamie, Judy, John)"),
        "{}",
        kind(&g, "target_leader").words
    );
    assert!(kind(&g, "swap_with_self").words.contains("(Tony, "));
    assert!(kind(&g, "track_to_tile").words.contains("(Joe, Billy, "));
    // A changed parameter shows in the words.
    let g3 = game_with(|r| r.discard_black_points = 3);
    assert!(kind(&g3, "ability_harry").words.contains("+3 points"));
}

#[test]
fn la8_la15_la31_a_set_scored_then_a_cards_ability() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Peter", "Joe"]);
    s.phase = Phase::Step2;
    let jp = opt(&g, &["Juliet", "Peter"], 2);
    assert_eq!(legal(&g, &s), vec![Score(jp), Skip]);
    assert_eq!(ids(&g, &s, Score(jp)), ["set_juliet_peter_2_romance"]);
    // LA-15: "a complete set may be kept for later".
    assert_eq!(ids(&g, &s, Skip), ["keep_set"]);
    act(&g, &mut s, Score(jp));
    // LA-31: the scorer picks one card of the set for its ability.
    assert_eq!(ids(&g, &s, Ability(g.card("Juliet"))), ["ability_juliet"]);
    assert_eq!(ids(&g, &s, Ability(g.card("Peter"))), ["ability_peter"]);
    // Without a complete set, scoring nothing is no choice.
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Joe"]);
    s.phase = Phase::Step2;
    assert_eq!(legal(&g, &s), vec![Skip]);
    assert!(g.action_kinds(&s, Skip).is_empty());
}

#[test]
fn la46_karens_double_is_its_own_set_kind() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Harry", "Karen", "Bernard", "Daisy", "David"]);
    s.phase = Phase::Step2;
    let double = g.deck.options.iter().position(|o| o.double).unwrap() as u8;
    assert!(legal(&g, &s).contains(&Score(double)));
    assert_eq!(ids(&g, &s, Score(double)), ["set_double_karen"]);
}

#[test]
fn la9_an_actually_claim_is_the_set_and_actually() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Rufus", "Sarah", "Mia"]);
    s.phase = Phase::Discard;
    s.actor = 0;
    give(&g, &mut s, 1, &["Harry"]);
    act(&g, &mut s, Discard(g.card("Mia")));
    let hm = opt(&g, &["Harry", "Mia"], 2);
    assert_eq!(legal(&g, &s), vec![Claim(hm), Pass]);
    assert_eq!(ids(&g, &s, Claim(hm)), ["actually", "set_harry_mia_2_romance"]);
    assert!(g.action_kinds(&s, Pass).is_empty());
}

#[test]
fn la7_la23_step_1_take_the_top_or_ask_by_name_relationship_colour() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Tony", "Rufus", "Sarah"]);
    give(&g, &mut s, 1, &["Peter", "Harry", "Mia", "Jamie"]);
    pile(&g, &mut s, &["Joe"]);
    assert_eq!(legal(&g, &s), vec![TakeTop, Ask(1)]);
    assert_eq!(ids(&g, &s, TakeTop), ["take_top"]);
    assert!(g.action_kinds(&s, Ask(1)).is_empty());
    act(&g, &mut s, Ask(1));
    assert_eq!(ids(&g, &s, Kind(AskKind::Name)), ["ask_name"]);
    assert_eq!(ids(&g, &s, Kind(AskKind::Relationship)), ["ask_relationship"]);
    assert_eq!(ids(&g, &s, Kind(AskKind::Colour)), ["ask_colour"]);
    act(&g, &mut s, Kind(AskKind::Name));
    // Peter completes Juliet-Peter, Karl completes Karl-Sarah; Joe completes nothing, and
    // Juliet is already in hand.
    assert_eq!(ids(&g, &s, Value(g.card("Peter"))), ["ask_missing_card"]);
    assert_eq!(ids(&g, &s, Value(g.card("Karl"))), ["ask_missing_card"]);
    assert!(g.action_kinds(&s, Value(g.card("Joe"))).is_empty());
    assert!(g.action_kinds(&s, Value(g.card("Juliet"))).is_empty());
    // A colour ask has no missing card.
    let mut c = table(&g, 2);
    give(&g, &mut c, 0, &["Juliet"]);
    act(&g, &mut c, Ask(1));
    act(&g, &mut c, Kind(AskKind::Colour));
    assert!((0..4).all(|v| g.action_kinds(&c, Value(v)).is_empty()));
}

#[test]
fn la36_handing_over_potus_for_natalie_is_a_stand_in() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 1, &["POTUS", "Natalie"]);
    act(&g, &mut s, Ask(1));
    act(&g, &mut s, Kind(AskKind::Name));
    act(&g, &mut s, Value(g.card("Natalie")));
    assert_eq!(legal(&g, &s), vec![Hand(g.card("POTUS")), Hand(g.card("Natalie"))]);
    assert_eq!(ids(&g, &s, Hand(g.card("POTUS"))), ["potus_stands_in"]);
    assert!(g.action_kinds(&s, Hand(g.card("Natalie"))).is_empty());
}

#[test]
fn la12_la30_step_3_discards_by_colour_never_black() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Juliet", "Jamie", "Tony", "Rufus", "POTUS"]);
    s.phase = Phase::Discard;
    s.actor = 0;
    assert_eq!(legal(&g, &s).len(), 3, "black cards are never discarded");
    assert_eq!(ids(&g, &s, Discard(g.card("Juliet"))), ["discard_red"]);
    assert_eq!(ids(&g, &s, Discard(g.card("Jamie"))), ["discard_blue"]);
    assert_eq!(ids(&g, &s, Discard(g.card("Tony"))), ["discard_pink"]);
}

#[test]
fn la38_mia_aimed_at_the_leading_opponent() {
    let g = game();
    let mut s = table(&g, 4);
    give(&g, &mut s, 0, &["Harry", "Mia"]);
    s.scores = [9, 4, 7, 7, 0];
    for w in 0..4 {
        s.stats.points[w][0] = s.scores[w] as i16;
    }
    score_and_use(&g, &mut s, &["Harry", "Mia"], 2, "Mia");
    assert_eq!(legal(&g, &s), vec![Choose(1), Choose(2), Choose(3)]);
    // Seat 0's own score does not count; seats 2 and 3 share the lead of the others.
    assert!(g.action_kinds(&s, Choose(1)).is_empty());
    assert_eq!(ids(&g, &s, Choose(2)), ["target_leader"]);
    assert_eq!(ids(&g, &s, Choose(3)), ["target_leader"]);
}

#[test]
fn la18_la44_tony_swapping_with_himself() {
    let g = game();
    let mut s = table(&g, 3);
    give(&g, &mut s, 0, &["Colin", "Tony", "Joe"]);
    give(&g, &mut s, 1, &["Karen"]);
    give(&g, &mut s, 2, &["Judy", "John"]);
    score_and_use(&g, &mut s, &["Colin", "Tony"], 2, "Tony");
    assert_eq!(legal(&g, &s), vec![Pair(0, 1), Pair(0, 2), Pair(1, 2)]);
    assert_eq!(ids(&g, &s, Pair(0, 1)), ["swap_with_self"]);
    assert_eq!(ids(&g, &s, Pair(0, 2)), ["swap_with_self"]);
    assert!(g.action_kinds(&s, Pair(1, 2)).is_empty());
}

#[test]
fn la4_la16_joes_track_that_reaches_its_tile() {
    let g = game();
    let mut s = table(&g, 2);
    give(&g, &mut s, 0, &["Joe", "Billy"]);
    // Romance at 2 (the +1 reaches the tile of 3), friendship at 2 but its tile is taken,
    // family at 3 already (its tile comes anyway in Step 3).
    s.tracks[0] = [2, 2, 0, 3];
    s.tile_owner[1] = 1;
    score_and_use(&g, &mut s, &["Joe", "Billy"], 2, "Joe");
    assert_eq!(s.tracks[0][2], 1, "the Professional set moved its own track");
    assert_eq!(ids(&g, &s, Track(0)), ["track_to_tile"]);
    for r in 1..4 {
        assert!(g.action_kinds(&s, Track(r)).is_empty(), "track {r}");
    }
}

/// The kinds legal at least once over `matches` random matches.
fn kinds_met(g: &Love, players: usize, matches: u64, seed: u64) -> KindSet {
    crate::core::options::kinds_reached(g, players, matches, seed)
}

#[test]
fn every_kind_is_legal_in_a_few_hundred_random_matches() {
    let g = game();
    let double = g.set_kind(g.deck.options.iter().position(|o| o.double).unwrap());
    let met = kinds_met(&g, g.default_players(), 400, 21);
    let missing: Vec<String> = kinds(&g)
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| !met.contains(i) && i != double)
        .map(|(_, k)| k.id)
        .collect();
    assert!(missing.is_empty(), "never legal: {missing:?}");
    // Karen's double (LA-46) needs all five of Harry, Karen, Bernard, Daisy and David in one
    // hand of 5 (or 4 and the discard): random play meets it in about one match in 600, so
    // it gets more matches (still well under a second).
    assert!(kinds_met(&g, g.default_players(), 6_000, 22).contains(double));
}

#[test]
fn card_names_of_any_spelling_give_valid_unique_ids() {
    assert_eq!(id_part("U.S.A. Girls!"), "u_s_a_girls");
    assert_eq!(id_part("  "), "card");
    // "JOE" and "Joe" are two cards (names are case-sensitive) but read the same as ids.
    let text = cards::DEFAULT_CARDS.replace("USA Girls", "U.S.A. Girls").replace("Billy", "JOE");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cards.toml");
    std::fs::write(&path, text).unwrap();
    let g = game_with(|r| r.cards = path.display().to_string());
    let k = kinds(&g);
    check_kinds(&k).unwrap();
    assert_eq!(k[g.ability_kind(g.card("U.S.A. Girls"))].id, "ability_u_s_a_girls");
    assert_eq!(k[g.ability_kind(g.card("Joe"))].id, "ability_joe");
    assert!(k[g.ability_kind(g.card("JOE"))].id.starts_with("ability_joe_"));
}
