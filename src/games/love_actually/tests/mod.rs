//! LOVE ACTUALLY tests: the card file and the conformance check (here), rule-by-rule tests
//! citing RULINGS LA-n (`steps.rs`, `turn_rulings.rs`, `card_rulings.rs`), one test per
//! card ability (`abilities.rs`), the hidden-hand honesty tests (`hidden.rs`; the bots'
//! no-peeking tests are `tests/it/love_actually_no_peeking.rs`) and the option kinds
//! (`option_kinds.rs`). States are built directly; chance is scripted through
//! `core::ScriptedChance` (cards drawn by index, random picks by `choices`).
//!
//! # Inventory: every ruling and every card, and the tests that check it
//!
//! Files: `m` = this file, `s` = steps, `t` = turn_rulings, `c` = card_rulings,
//! `a` = abilities, `h` = hidden. Every conformance run also exercises all of them.
//!
//! | ruling | what | dedicated test(s) |
//! |---|---|---|
//! | LA-1 | the lost sets | m `default_card_file_has_27_cards_la1_la2_la48`, c `la1_la2_every_set_of_the_default_card_file_with_points_and_relationship` |
//! | LA-2 | relationships of the surviving sets | c `la1_la2_every_set_...` |
//! | LA-3 | two black cards, 25 coloured | m `default_card_file_...`, c `la48_colours_by_storyline` |
//! | LA-4 | a tile per relationship, +3 at 3 | s `la20_a_bonus_tile_is_claimed_once_in_the_owners_step_3` |
//! | LA-5 | counters uncapped | t `la5_score_and_relationship_tracks_are_uncapped` |
//! | LA-6 | end triggers, one more turn each | s `la21_la24_...`, s `la49_...` (LA-21 refines it) |
//! | LA-7 | asks: name, relationship, colour, discard top | s `la7_name_ask_succeeds_...`, `la7_name_ask_fails_...`, `la7_la28_...`, `la7_la27_...`, `la7_la15_...` |
//! | LA-8 | one set: points, track, one ability | s `la8_a_set_scores_its_points_and_one_on_its_track_then_one_ability` |
//! | LA-9 | "Actually!", turn order, Daisy/Bernard | s `la9_actually_claim_...`, `la9_two_claimants_...`, `la9_la29_...`; t `la9_when_the_first_claimant_...` |
//! | LA-10 | choices are the deciding player's | t `la10_the_asked_player_chooses_...`, `la10_simultaneous_picks_...`, `la10_la13_a_face_down_pick_...` |
//! | LA-11 | David, POTUS, Juliet, Aurelia | a `david_...`, `juliet_...`, `aurelia_...`; s `la36_...` |
//! | LA-12 | black cards never discarded in Step 3 | s `la12_black_cards_are_never_discarded_in_step_3` |
//! | LA-13 | knowledge; `determinize` keeps it | h `la13_a_card_seen_stays_...`, `observe_differs_...`; t `la13_a_card_handed_over_face_down_...` |
//! | LA-14 | reshuffle; both empty skips | s `la14_la33_...`; t `la14_with_deck_and_pile_both_empty_...` |
//! | LA-15 | empty pile must ask; scoring optional | s `la7_la15_...`, `la8_...` (Skip); c `la32_...` (several sets) |
//! | LA-16 | track points of Peter, Karl, Joe, Billy | a `peter_...`, `karl_...`, `joe_...`, `billy_...` |
//! | LA-17 | refill after David/Jamie; do what they can | a `david_...`, `jamie_...`, `natalie_...`; c `la17_abilities_short_of_cards_...` |
//! | LA-18 | Tony's pair; Mia/Harry discards open "Actually!" | a `tony_...`, `harry_...`, `mia_...`; t `la22_la25_...` (black card passed) |
//! | LA-19 | pile face up; Daniel face down | a `johanna_...`, `sam_...`, `daniel_...` |
//! | LA-20 | tiles only in own Step 3 | s `la20_...` |
//! | LA-21 | turn finishes, the others play once more | s `la21_la24_...` |
//! | LA-22 | claim outside the turn; ability in full | s `la9_actually_claim_...`; a `mia_...`; t `la22_la25_...`; c `la22_aurelias_bonus_...` |
//! | LA-23 | Step 1 is three choices | t `la23_step_1_is_three_choices_player_then_kind_then_value` |
//! | LA-24 | extra turns from the next seat | s `la21_la24_...` |
//! | LA-25 | a claimer's draws | s `la9_actually_claim_...`; t `la25_la26_...`, `la22_la25_...` |
//! | LA-26 | a claimed set waits for the next Step 3 | t `la25_la26_a_claimer_draws_only_...` |
//! | LA-27 | askable colours include black | s `la7_la27_...`; c `la27_jamie_asking_for_black_...` |
//! | LA-28 | relationship asks count printed sets | s `la7_la28_...` |
//! | LA-29 | co-score only for the pair | s `la9_la29_...`; a `daisy_...`, `bernard_...`; c `la29_...`, `la46_..._by_an_actually_claim` |
//! | LA-30 | Step 3 order | t `la30_step_3_places_scored_cards_then_discards_...` |
//! | LA-31 | an ability must be picked; blank does nothing | a `potus_..._la31`, `rufus_...`, `sarah_...`, `harry_...`; s `la8_...` |
//! | LA-32 | options are distinct (cards, points, relationship) | m `default_card_file_...`; c `la32_joe_billy_are_two_options_...` |
//! | LA-33 | reshuffle only when a draw finds the deck empty | s `la14_la33_...` |
//! | LA-34 | hand limit only in own Step 3 | t `la34_the_4_card_limit_is_enforced_only_...` |
//! | LA-35 | late claims start no new end | t `la35_a_claim_after_the_trigger_...` |
//! | LA-36 | POTUS for David or Natalie | s `la36_potus_may_be_handed_over_for_david_or_natalie` |
//! | LA-37 | Harry's black card | a `harry_discards_a_black_card_for_2_and_opens_actually_la37` |
//! | LA-38 | Mia's random discard | a `mia_..._la38`; s `la9_actually_claim_...` (empty hand) |
//! | LA-39 | Juliet's lock: next Step 1, later replaces | a `juliet_..._la11_la39`; c `la39_a_later_juliet_lock_...` |
//! | LA-40 | David's and Jamie's values | c `la40_davids_ask_may_name_any_card_...` |
//! | LA-41 | Aurelia lost only by a Step 1 ask | a `aurelia_..._la41` |
//! | LA-42 | taking from the pile keeps its order | a `johanna_...`, `sam_...`; c `la42_taking_from_the_pile_...` |
//! | LA-43 | Colin | a `colin_..._la43`; t `la22_la25_...` |
//! | LA-44 | Tony needs two holders | a `tony_..._la18_la44`; c `la44_tony_does_nothing_...` |
//! | LA-45 | Harriet's and USA Girls' shuffle | a `harriet_..._la45`, `usa_girls_..._la45` |
//! | LA-46 | Karen's double | s `la46_...`; a `karen_...`; c `la46_..._by_an_actually_claim` |
//! | LA-47 | a giver draws only up to 4 | t `la47_a_player_who_hands_over_a_card_draws_only_up_to_4`; s `la7_name_ask_succeeds_...` |
//! | LA-48 | colours by storyline | c `la48_colours_by_storyline`; m `default_card_file_...` |
//! | LA-49 | last tile and 20 at once | s `la49_a_gain_claiming_the_last_tile_and_reaching_20_...` |
//!
//! The 27 cards, one test each in `abilities.rs` named after the card: POTUS
//! (`potus_ability_does_nothing_when_chosen_la31`; its pass: s `la36_...`), Rufus
//! (`rufus_is_black_...`), Harry, Daisy, Bernard, Karen, Mia, David, Natalie, Johanna, Sam,
//! Daniel, Juliet, Peter, Mark, Jamie, Aurelia, Sarah (`sarah_has_no_ability`), Karl, Judy,
//! John, Harriet, Colin, Tony, USA Girls, Joe, Billy (each `<card>_...`).
//!
//! The rulings most at risk, each with its test: asks that succeed and fail for each kind (s
//! `la7_*`); a hand-over that refills (s `la7_name_ask_succeeds_...`, t `la47_...`); a set scored
//! with points and track (s `la8_...`); Karen's double (s `la46_...`, a `karen_...`); a claim, two
//! claimants in turn order, Daisy/Bernard both scoring (s `la9_*`, t `la9_when_the_first_...`);
//! black cards never discarded (s `la12_...`); the reshuffle (s `la14_la33_...`); a tile claimed
//! once (s `la20_...`); the end giving each other player one more turn (s `la21_la24_...`);
//! conformance at 2-5 players (`conformance_*_100k` here); no peeking
//! (`tests/it/love_actually_no_peeking.rs`, h `la13_...`); 1 vs 2 threads byte-identical
//! (`tests/it/cli.rs` `same_seed_gives_byte_identical_csv_for_any_thread_count`,
//! `tests/it/bot_settings.rs` `same_seed_gives_identical_csv_with_mcts_bots_on_1_and_2_threads`).

use super::*;
use crate::core::{ScriptedChance, Turn, conformance};

mod abilities;
mod card_rulings;
mod heuristic;
mod hidden;
mod option_kinds;
mod places;
mod steps;
mod turn_rulings;

fn game() -> Love {
    Love::new(LoveRules::default())
}

fn game_with(change: impl FnOnce(&mut LoveRules)) -> Love {
    let mut rules = LoveRules::default();
    change(&mut rules);
    Love::new(rules)
}

/// Seat 0's Step 1 of turn 1, every card in the deck (place cards with [`give`], [`pile`]).
fn table(g: &Love, players: usize) -> LoveState {
    let mut s = g.new_state(players);
    s.phase = Phase::Step1;
    s.turns = 1;
    s.current = 0;
    s.actor = 0;
    s
}

fn give(g: &Love, s: &mut LoveState, seat: u8, names: &[&str]) {
    for n in names {
        let c = g.card(n);
        assert!(s.deck & bit(c) != 0, "{n} is not in the deck");
        s.deck &= !bit(c);
        s.hands[seat as usize] |= bit(c);
    }
}

fn pile(g: &Love, s: &mut LoveState, names: &[&str]) {
    for n in names {
        let c = g.card(n);
        s.deck &= !bit(c);
        Love::push_pile(s, c);
    }
}

fn has(g: &Love, s: &LoveState, seat: u8, name: &str) -> bool {
    s.hands[seat as usize] & bit(g.card(name)) != 0
}

fn legal(g: &Love, s: &LoveState) -> Vec<LoveAction> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out
}

/// Apply a legal action (checked) and the invariants after it.
fn act(g: &Love, s: &mut LoveState, a: LoveAction) {
    g.try_apply(s, a).unwrap_or_else(|e| panic!("{e}\n{}", g.render(s)));
    g.check_invariants(s).unwrap_or_else(|e| panic!("{e}\n{}", g.render(s)));
}

/// Resolve a chance step drawing these cards first (then the first cards of the deck).
fn draw(g: &Love, s: &mut LoveState, names: &[&str]) {
    assert_eq!(g.turn(s), Turn::Chance, "{:?}", s.phase);
    let mut script =
        ScriptedChance::new().draws(names.iter().map(|n| g.card(n) as usize)).then_first_kind();
    g.sample_chance(s, &mut script);
    g.check_invariants(s).unwrap();
}

/// Resolve a chance step with these uniform picks.
fn pick(g: &Love, s: &mut LoveState, choices: &[u32]) {
    let mut script = ScriptedChance::new().choices(choices.iter().copied()).then_first_kind();
    g.sample_chance(s, &mut script);
    g.check_invariants(s).unwrap();
}

/// The option made of exactly these cards with these points.
fn opt(g: &Love, names: &[&str], points: i32) -> u8 {
    let mask = names.iter().fold(0, |m, n| m | bit(g.card(n)));
    g.deck
        .options
        .iter()
        .position(|o| o.mask == mask && o.points == points && !o.double)
        .unwrap_or_else(|| panic!("no set {names:?} for {points}")) as u8
}

/// Seat 0 scores `set` for `points` in Step 2 and picks `ability`'s card.
fn score_and_use(g: &Love, s: &mut LoveState, set: &[&str], points: i32, ability: &str) {
    s.phase = Phase::Step2;
    s.actor = s.current;
    act(g, s, LoveAction::Score(opt(g, set, points)));
    act(g, s, LoveAction::Ability(g.card(ability)));
}

// ----- the card file ---------------------------------------------------------------------

#[test]
fn default_card_file_has_27_cards_la1_la2_la48() {
    let g = game();
    assert_eq!(g.deck.cards.len(), 27);
    let count = |colour: u8| g.deck.colour_mask[colour as usize].count_ones();
    assert_eq!((count(0), count(1), count(2), count(3)), (8, 8, 9, 2));
    // LA-1: Harry's 4-point Family set with Karen, Bernard and Daisy; LA-2: Sarah's 3-set.
    let o = g.deck.options[opt(&g, &["Harry", "Karen", "Bernard", "Daisy"], 4) as usize];
    assert_eq!((o.rel, o.printed_on.count_ones()), (3, 2));
    let o = g.deck.options[opt(&g, &["Sarah", "Karl", "Harry"], 3) as usize];
    assert_eq!(o.rel, 2, "Professional");
    // LA-32: Joe-Billy is two options, a set printed on both cards is one.
    let jb = g.deck.options.iter().filter(|o| o.mask == bit(g.card("Joe")) | bit(g.card("Billy")));
    assert_eq!(jb.count(), 2);
    assert_eq!(g.deck.options.iter().filter(|o| o.double).count(), 1);
}

#[test]
fn a_self_contradicting_card_file_is_refused_with_one_line_naming_file_and_card() {
    let base = cards::DEFAULT_CARDS;
    let cases = [
        (
            base.replacen("partners = [\"Sam\"]", "partners = [\"Samm\"]", 1),
            "Johanna",
            "not a card",
        ),
        (base.replacen("colour = \"pink\"", "colour = \"green\"", 1), "Johanna", "colour"),
        (
            base.replacen("relationship = \"romance\"", "relationship = \"love\"", 1),
            "Harry",
            "relationship",
        ),
        (base.replacen("name = \"Rufus\"", "name = \"POTUS\"", 1), "POTUS", "duplicate"),
        (base.replacen("partners = [\"Harry\"]", "partners = []", 1), "Rufus", "partners"),
        (base.replacen("ability = \"none\"", "ability = \"fly\"", 1), "Rufus", "unknown ability"),
    ];
    for (text, card, what) in cases {
        let err = cards::parse("my.toml", &text).unwrap_err();
        assert!(!err.contains('\n'), "{err}");
        assert!(err.contains("my.toml") && err.contains(card) && err.contains(what), "{err}");
    }
    // Through the rules: a card file path, refused as an inconsistent rules error (exit 2).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    std::fs::write(&path, cases_first()).unwrap();
    let mut rules = LoveRules::default();
    let set = format!("cards={}", path.display());
    let err = crate::core::rules::apply_sets(&mut rules, &[set]).unwrap_err().to_string();
    assert!(err.contains("bad.toml") && err.contains("Johanna"), "{err}");
}

fn cases_first() -> String {
    cards::DEFAULT_CARDS.replacen("partners = [\"Sam\"]", "partners = [\"Samm\"]", 1)
}

#[test]
fn a_designer_changes_points_and_colour_in_the_file() {
    let text = cards::DEFAULT_CARDS
        .replacen(
            "points = 2\nrelationship = \"romance\"\npartners = [\"Sam\"]",
            "points = 7\nrelationship = \"romance\"\npartners = [\"Sam\"]",
            1,
        )
        .replacen(
            "name = \"Johanna\"\ncolour = \"pink\"",
            "name = \"Johanna\"\ncolour = \"blue\"",
            1,
        );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cards.toml");
    std::fs::write(&path, text).unwrap();
    let g = game_with(|r| r.cards = path.display().to_string());
    assert_eq!(g.deck.options[opt(&g, &["Johanna", "Sam"], 7) as usize].points, 7);
    assert!(g.deck.colour_mask[1] & bit(g.card("Johanna")) != 0);
}

// ----- conformance -----------------------------------------------------------------------

fn conformance_for(players: usize, matches: u64) {
    let report = conformance::check(&game(), players, matches, 0x10FE + players as u64);
    assert_eq!(report.capped, 0, "random matches end well within the cap");
}

crate::sampled! {
    fn conformance_2_players(matches = 100_000, sample = 1_000) {
        conformance_for(2, matches);
    }
}
crate::sampled! {
    fn conformance_3_players(matches = 100_000, sample = 700) {
        conformance_for(3, matches);
    }
}
crate::sampled! {
    fn conformance_4_players(matches = 100_000, sample = 500) {
        conformance_for(4, matches);
    }
}
crate::sampled! {
    fn conformance_5_players(matches = 100_000, sample = 400) {
        conformance_for(5, matches);
    }
}

#[test]
fn conformance_with_small_hands_and_a_low_cap() {
    // hand_size 1 makes "only black cards left" (LA-12) common; a cap of 30 turns hits G-2.
    let g = game_with(|r| {
        r.hand_size = 1;
        r.turn_cap = 30;
    });
    let report = conformance::check(&g, 3, 2_000, 5);
    assert!(report.capped > 0);
}

/// The per-thread memo of greedy's hand values (kept for speed) gives the function's own value,
/// to the bit, for hands met again after others took their slots.
#[test]
fn hand_value_memo_gives_the_functions_values() {
    let g = game();
    assert_ne!(g.hand_fingerprint, 0);
    let mut rng = crate::core::rng_from_seed(34);
    let hands: Vec<u32> = (0..2000).map(|_| rand::Rng::next_u32(&mut rng) & 0x07FF_FFFF).collect();
    for _ in 0..2 {
        for &hand in &hands {
            assert_eq!(g.hand_value(hand).to_bits(), g.hand_value_of(hand).to_bits());
        }
    }
}
