//! DARDZ's invariants, heuristic and metrics, its rule parameters and the rules file, and
//! the shared conformance check.

use rand::RngExt;

use super::*;

// ----- invariants, heuristic, metrics ----------------------------------------------------

#[test]
fn invariants_catch_a_lost_card_and_a_negative_score() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(9), n(10), n(11)]);
    ok(&g, &s);
    let mut lost = s;
    lost.hands[0].remove_at(0);
    assert!(g.check_invariants(&lost).is_err());
    let mut negative = s;
    negative.scores[1] = -1;
    assert!(g.check_invariants(&negative).is_err());
    // A card of each part of the pile rows appearing from nowhere (kinds 0-7, 8-15, 16-18).
    for card in [n(2), n(11), ROLL_OFF] {
        let mut extra = s;
        extra.piles[1][card.index()] += 1;
        extra.pile_len[1] += 1;
        let err = g.check_invariants(&extra).unwrap_err();
        assert!(err.contains(card.label()), "{err}");
        let mut miscounted = s;
        take_from_deck(&mut miscounted, card);
        miscounted.piles[1][card.index()] += 1;
        assert!(g.check_invariants(&miscounted).unwrap_err().contains("pile holds"));
    }
}

#[test]
fn the_kept_pile_ends_name_every_position_and_the_check_catches_a_stale_one() {
    // `deck_ends` (a speed-up of the draw) names the same kind at every position as the
    // scan over the counts, through a whole pile drawn down with kinds emptied at both ends.
    let g = game();
    let mut s = table(&g, 2);
    let scan = |deck: &[u8; NUM_KINDS], r: u32| {
        let mut before = 0;
        for (kind, &n) in deck.iter().enumerate() {
            before += n as u32;
            if r < before {
                return kind;
            }
        }
        panic!("position {r} is past the pile");
    };
    let mut picks = crate::core::derive_rng(11, 0, 0);
    while s.deck_len > 0 {
        for r in 0..s.deck_len as u32 {
            assert_eq!(s.deck_kind_at(r), scan(&s.deck, r), "position {r}");
        }
        let r = picks.random_range(0..s.deck_len as u32);
        s.take_from_deck(scan(&s.deck, r));
        assert_eq!(s.deck_ends, state::deck_ends(&s.deck));
    }
    // A pile changed without its ends is caught.
    let mut stale = table(&g, 2);
    stale.deck[3] -= 1;
    stale.deck_len -= 1;
    stale.piles[0][3] += 1;
    stale.pile_len[0] += 1;
    let err = g.check_invariants(&stale).unwrap_err();
    assert!(err.contains("ends"), "{err}");
}

#[test]
fn a_pick_keeps_its_options_and_the_check_catches_stale_ones() {
    // The roll that asks for a pick keeps the numbers (and bit 0 for passing), which
    // `legal_actions` and `legal_pick` read instead of working them out again.
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(6), n(2), n(5)]);
    give(&mut s, 1, &[n(6), n(4), n(3)]);
    roll(&g, &mut s, Stage::Roll2, &[2, 4]);
    assert_eq!(s.phase, Phase::Pick);
    assert_eq!(s.options, g.pick_options(&s) | 1);
    assert_eq!(legal(&g, &s), vec![Pick(2), Pick(4), Pick(6), Pass]);
    ok(&g, &s);
    let mut stale = s;
    stale.options &= !bit(4);
    let err = g.check_invariants(&stale).unwrap_err();
    assert!(err.contains("stale"), "{err}");
    // Taken: the options go with the pick, whatever comes next.
    g.apply(&mut s, Pick(4));
    assert!(s.phase != Phase::Pick || s.options == g.pick_options(&s) | g.may_pass(&s) as u16);
    if s.phase != Phase::Pick {
        assert_eq!(s.options, 0);
        let mut kept = s;
        kept.options = bit(4);
        let err = g.check_invariants(&kept).unwrap_err();
        assert!(err.contains("outside a pick"), "{err}");
    }
}

#[test]
fn nth_bit_names_the_ith_set_bit_for_every_mask_and_index() {
    // The branch-free steps and the loop after them (`i` above 5) against a plain scan.
    for mask in 0..1u16 << 13 {
        let bits: Vec<u8> = (0..16).filter(|&b| mask & 1 << b != 0).collect();
        for (i, &b) in bits.iter().enumerate() {
            assert_eq!(nth_bit(mask, i), b, "mask {mask:#b}, i {i}");
        }
        // Past the last bit (`legal_pick` asks when the draw is Pass): 16, no bit.
        for i in bits.len()..=16 {
            assert_eq!(nth_bit(mask, i), 16, "mask {mask:#b}, i {i}");
        }
    }
}

#[test]
fn heuristic_prefers_banking_over_handing_points_to_others() {
    let g = game();
    let mut s = table(&g, 2);
    give(&mut s, 0, &[n(6), n(2), n(5)]);
    give(&mut s, 1, &[n(6), n(4), n(3)]);
    roll(&g, &mut s, Stage::Roll2, &[2, 4]);
    let value = |a| {
        let mut t = s;
        g.apply(&mut t, a);
        g.heuristic(&t, Seat(0))
    };
    // 6 (the sum) banks 2 for seat 0 but hands seat 1 the same; 2 banks 2; 4 hands seat 1 2.
    assert!(value(Pick(2)) > value(Pass));
    assert!(value(Pass) > value(Pick(4)));
    assert!(value(Pick(6)) > value(Pick(4)));
    let h = g.heuristic(&s, Seat(0));
    assert!((-1.0..=1.0).contains(&h));
}

#[test]
fn metrics_have_one_value_per_name_and_count_what_happened() {
    let g = game();
    let names = g.metric_names(4);
    assert_eq!(names.len(), 3 * NUM_KINDS + 6 + 11 + 4);
    assert!(names.contains(&"scored_golden_7".to_string()));
    assert!(names.contains(&"round_wins_seat3".to_string()));
    let mut rng = crate::core::rng_from_seed(5);
    let mut s = g.new_state(4);
    let mut legal = Vec::new();
    while g.turn(&s) != Turn::Over {
        match g.turn(&s) {
            Turn::Chance => g.sample_chance(&mut s, &mut rng),
            _ => {
                g.legal_actions(&s, &mut legal);
                g.apply(&mut s, legal[0]);
            }
        }
    }
    let mut out = vec![0; names.len()];
    g.metrics(&s, &mut out);
    let get = |key: &str| out[names.iter().position(|n| n == key).unwrap()];
    let rounds = get("rounds");
    assert_eq!(rounds, s.round as i64);
    let wins: i64 = (0..4).map(|i| get(&format!("round_wins_seat{i}"))).sum();
    assert_eq!(wins + get("rounds_no_winner"), rounds);
    // The six ways add up to the final scores.
    let ways: i64 = WAY_KEYS.iter().map(|w| get(&format!("points_{w}"))).sum();
    assert_eq!(ways, s.scores[..4].iter().map(|&x| x as i64).sum::<i64>());
    // Card points add up to the piles' way, before the floor at 0 (no pile was negative
    // enough here to touch it, or the sum is at least the floored figure).
    let cards: i64 = KIND_KEYS.iter().map(|k| get(&format!("card_points_{k}"))).sum();
    assert!(cards <= get("points_piles"));
    let scored: i64 = KIND_KEYS.iter().map(|k| get(&format!("scored_{k}"))).sum();
    assert!(scored >= 10 * (rounds - get("rounds_no_winner")));
}

#[test]
fn hand_turns_metric_counts_turns_from_entering_a_hand_to_being_scored() {
    let g = game();
    let mut s = table(&g, 2);
    s.turns = 5;
    give(&mut s, 0, &[n(6), n(9), n(12)]); // entered on turn 5
    give(&mut s, 1, &[n(1), n(2), n(3)]);
    s.turns = 9;
    // The first roll is one six-sided die (the script refuses an 8 there, as the dice would).
    roll(&g, &mut s, Stage::Roll1, &[6]);
    assert_eq!(s.stats.hand_turns[n(6).index()], 4);
    assert_eq!(s.stats.scored[n(6).index()], 1);
    // Dealt cards enter on the round's first turn.
    let mut d = g.new_state(2);
    d.turns = 20;
    g.resolve_chance(&mut d, &mut script(&[], &[]));
    assert_eq!(d.hands[0].since[0], 21);
}

#[test]
fn determinize_is_an_exact_copy_because_nothing_is_hidden() {
    let g = game();
    let mut s = g.new_state(3);
    g.sample_chance(&mut s, &mut crate::core::rng_from_seed(3));
    let view = g.determinize(&s, Seat(1), &mut crate::core::rng_from_seed(4));
    assert_eq!(view, s);
}

#[test]
fn trace_text_shows_hands_piles_scores_and_the_options_offered() {
    let g = game();
    let mut s = table(&g, 2);
    s.scores[..2].copy_from_slice(&[17, 4]);
    give(&mut s, 0, &[n(3), n(8), Card::GOLDEN_7]);
    give(&mut s, 1, &[n(5), n(6), SKULL]);
    pile(&mut s, 1, &[n(12), BUNK]);
    roll(&g, &mut s, Stage::Roll2, &[3, 5]);
    let chance = g.describe_chance(&s, &s);
    assert!(chance.contains("second roll: 3 5"), "{chance}");
    assert!(chance.contains("options 3, 5, 8 or nothing"), "{chance}");
    let board = g.render(&s);
    for needle in ["3 8 G7", "5 6 Skull", "12 Bunk'em", "+15", "17", "options 3, 5, 8"] {
        assert!(board.contains(needle), "{needle} missing from\n{board}");
    }
    let said = g.describe(&s, Pick(5));
    assert!(said.contains("picks 5") && said.contains("seat 1 scores 1"), "{said}");
}

// ----- rules parameters and the rules file -----------------------------------------------

#[test]
fn card_values_are_one_table_settable_by_cell_row_or_file() {
    // DZ-2/DZ-7: the card values are one table; its cells keep their `value_N` names.
    let by_short = DardzRules { ..Default::default() };
    let mut a = by_short.clone();
    rules::apply_sets(&mut a, &["value_12=8".into()]).unwrap();
    let mut b = by_short.clone();
    rules::apply_sets(&mut b, &["card_values.12=8".into()]).unwrap();
    let mut c = by_short;
    rules::apply_sets(&mut c, &["card_values.12.points=8".into()]).unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(Dardz::new(a).values()[n(12).index()], 8);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("values.toml");
    std::fs::write(
        &path,
        "[[card_values]]\ncard = 12\npoints = 9\n[[card_values]]\ncard = \"skull\"\npoints = -8\n",
    )
    .unwrap();
    let mut r = DardzRules::default();
    rules::apply_file(&mut r, "dardz", &path).unwrap();
    let game = Dardz::new(r);
    let values = game.values();
    assert_eq!((values[n(12).index()], values[13]), (9, -8)); // kind 13: the Skull

    std::fs::write(&path, "[[card_values]]\ncard = 13\npoints = 1\n").unwrap();
    let err =
        rules::apply_file(&mut DardzRules::default(), "dardz", &path).unwrap_err().to_string();
    assert!(err.contains("values.toml") && err.contains("`card_values` has no row `13`"), "{err}");
    let err = rules::apply_sets(&mut DardzRules::default(), &["value_7=101".into()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("`value_7`") && err.contains("-100 to 100"), "{err}");
}

#[test]
fn rule_parameters_set_and_change_play() {
    let mut rules = DardzRules::default();
    rules.set("value_12", &toml::Value::Integer(25)).unwrap();
    rules.set("hand_size", &toml::Value::Integer(4)).unwrap();
    rules.set("round1_boost_bunk", &toml::Value::String("never".into())).unwrap();
    assert!(rules.set("hand_size", &toml::Value::Integer(7)).is_err());
    assert!(rules.set("value_13", &toml::Value::Integer(1)).is_err());
    let g = Dardz::new(rules);
    assert_eq!(g.values()[n(12).index()], 25);
    let mut s = g.new_state(2);
    g.resolve_chance(&mut s, &mut script(&[], &[]));
    assert_eq!(s.hands[0].len, 4);
    // Copies per card kind change the deck.
    let g = game_with(|r| {
        r.copies_skull = 0;
        r.copies_per_number = 4;
        r.golden_sevens = 2;
    });
    assert_eq!(g.rules().total_cards(), 48 + 15);
    assert_eq!(g.rules().copies()[n(7).index()], 2);
}

#[test]
fn dz2_dz7_default_card_values_and_their_origins() {
    // DZ-2 FOUND (card images) and DZ-7 DEFAULT (our values where the cards are not
    // readable). Pinned here as well as in rules.rs and configs/dardz.toml, so that changing
    // a default in both of those still fails a test.
    use crate::core::rules::Origin::{Default as D, Found as F};
    let table: [(Card, i32, crate::core::rules::Origin); NUM_KINDS] = [
        (n(1), 2, D),
        (n(2), 2, F),
        (n(3), 2, D),
        (n(4), 2, D),
        (n(5), 2, D),
        (n(6), 2, D),
        (n(7), 4, F),
        (n(8), 5, F),
        (n(9), 6, D),
        (n(10), 7, F),
        (n(11), 8, D),
        (n(12), 10, F),
        (Card::GOLDEN_7, 10, F),
        (SKULL, -5, F),
        (CLOCK, 5, D),
        (JACKPOT, 5, D),
        (ROLL_OFF, 5, F),
        (BOOST, 5, D),
        (BUNK, 5, D),
    ];
    let rules = DardzRules::default();
    let params = rules.params();
    let g = game();
    for (card, value, origin) in table {
        let key = format!("value_{}", card.key());
        let p =
            params.iter().find(|p| p.key == key).unwrap_or_else(|| panic!("no parameter {key}"));
        assert_eq!(p.default, value.to_string(), "{key}'s default");
        assert_eq!(p.value, value.to_string(), "{key}'s value in the default rules");
        assert_eq!(p.origin, origin, "{key}'s origin");
        assert_eq!(g.values()[card.index()], value, "{key} as the game scores it");
    }
    // The table covers every card kind once, and there is no other card-value parameter.
    let kinds: std::collections::BTreeSet<Card> = table.iter().map(|t| t.0).collect();
    assert_eq!(kinds.len(), NUM_KINDS);
    let value_params = params.iter().filter(|p| p.key.starts_with("value_")).count();
    assert_eq!(value_params, NUM_KINDS);
}

#[test]
fn validate_rejects_inconsistent_rules() {
    let rules = rules_with(|r| r.golden_sevens = 7);
    assert!(rules.validate().unwrap_err().contains("golden_sevens"));
    let rules = rules_with(|r| r.lucky_loser_max_cards = 10);
    assert!(rules.validate().unwrap_err().contains("lucky_loser_max_cards"));
    let mut rules = rules_with(|r| r.copies_per_number = 1);
    for key in ["skull", "clock", "jackpot", "roll_off", "boost_em", "bunk_em"] {
        rules.set(&format!("copies_{key}"), &toml::Value::Integer(0)).unwrap();
    }
    // The refusal names the parameters that make the deck and the hands (the rule-space
    // check found it naming none).
    let err = rules.validate().unwrap_err();
    for key in ["deck", "copies_per_number", "copies_bunk_em", "hand_size"] {
        assert!(err.contains(key), "{err}");
    }
    assert!(DardzRules::default().validate().is_ok());
}

#[test]
fn config_file_holds_exactly_the_defaults() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/dardz.toml");
    let mut rules = DardzRules::default();
    apply_file(&mut rules, "dardz", &path).unwrap();
    assert_eq!(rules, DardzRules::default());
    let text = std::fs::read_to_string(&path).unwrap();
    for p in DardzRules::default().params() {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{} =", p.key)))
            .unwrap_or_else(|| panic!("{} missing from configs/dardz.toml", p.key));
        assert!(line.contains('#'), "{} has no comment saying where it comes from", p.key);
        let origin = p.origin.to_string();
        assert!(line.contains(&origin), "{}: the comment should say {origin}", p.key);
    }
}

// ----- the shared conformance check ------------------------------------------------------

fn conformance_for(players: usize, matches: u64) {
    let g = game();
    let start = std::time::Instant::now();
    let report = conformance::check(&g, players, matches, 0xDA4D2 + players as u64);
    eprintln!(
        "dardz conformance {players} players: {} matches, {} capped, mean {} decisions, {:.1} s",
        report.matches,
        report.capped,
        report.total_decisions / report.matches,
        start.elapsed().as_secs_f64()
    );
    assert_eq!(report.capped, 0, "random DARDZ should end within the turn cap");
}

crate::sampled! {
    fn conformance_2_players(matches = 100_000, sample = 1_500) {
        conformance_for(2, matches);
    }
}

crate::sampled! {
    fn conformance_4_players(matches = 100_000, sample = 800) {
        conformance_for(4, matches);
    }
}

crate::sampled! {
    fn conformance_8_players(matches = 100_000, sample = 400) {
        conformance_for(8, matches);
    }
}

crate::sampled! {
    fn conformance_with_other_rules_and_a_small_deck(matches = 5_000, sample = 250) {
        // The parameters' less travelled paths: no passing with an own match, final roll-offs,
        // bigger hands and smaller piles, no replacement draws, Boost/Bunk live in round 1.
        let varied = game_with(|r| {
            r.pass_rule = PassRule::OnlyWithoutOwnMatch;
            r.final_tie = FinalTie::RollOff;
            r.hand_size = 5;
            r.cards_per_round = 6;
            r.lucky_loser_max_cards = 2;
            r.round1_boost_bunk = RoundOneBoostBunk::Always;
            r.action_card_redraw = false;
            r.copies_clock = 6;
            r.set("card_values.skull.points", &toml::Value::Integer(-30)).unwrap();
            r.target_score = 80;
        });
        let report = conformance::check(&varied, 3, matches, 11);
        assert_eq!(report.capped, 0);
        // Two of each number: the draw pile runs out and DZ-10 ends rounds without a winner.
        let small = game_with(|r| r.copies_per_number = 2);
        let report = conformance::check(&small, 6, matches, 12);
        assert_eq!(report.capped, 0);
        let mut rng = crate::core::rng_from_seed(13);
        let (mut no_winner, mut empty) = (0, 0);
        let mut legal = Vec::new();
        for _ in 0..200 {
            let mut s = small.new_state(6);
            while small.turn(&s) != Turn::Over {
                if small.turn(&s) == Turn::Chance {
                    small.sample_chance(&mut s, &mut rng);
                } else {
                    small.legal_actions(&s, &mut legal);
                    small.apply(&mut s, legal[legal.len() - 1]);
                }
            }
            no_winner += s.stats.rounds_no_winner;
            empty += s.stats.rounds_deck_empty;
        }
        assert!(no_winner > 0 && empty >= no_winner, "{no_winner} {empty}");
    }
}
