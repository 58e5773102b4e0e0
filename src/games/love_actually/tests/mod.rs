//! LOVE ACTUALLY tests: the card file, the conformance check, rule-by-rule tests citing
//! RULINGS LA-n (`steps.rs`), one test per card ability (`abilities.rs`) and the hidden-hand
//! honesty tests (`hidden.rs`). States are built directly; chance is scripted through
//! `core::ScriptedChance` (cards drawn by index, random picks by `choices`).

use super::*;
use crate::core::conformance;
use crate::core::{ScriptedChance, Turn};

mod abilities;
mod card_rulings;
mod hidden;
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

fn conformance_for(players: usize) {
    let report = conformance::check(&game(), players, 100_000, 0x10FE + players as u64);
    assert_eq!(report.capped, 0, "random matches end well within the cap");
}

#[test]
fn conformance_2_players_100k() {
    conformance_for(2);
}
#[test]
fn conformance_3_players_100k() {
    conformance_for(3);
}
#[test]
fn conformance_4_players_100k() {
    conformance_for(4);
}
#[test]
fn conformance_5_players_100k() {
    conformance_for(5);
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
