//! LOW BLOW's scoring (LB-1, LB-2, LB-9), the end of the match, rule parameters and the
//! rules file, metrics, the heuristic, traces and the conformance runs.

use super::*;

#[test]
fn lb9_row_score_is_the_sum_minus_one_per_own_colour_die() {
    // "Add up the dice in each home row individually ignoring dice color. Then you subtract
    // 1 point for each die within your home row in your color."
    let g = game();
    let board: &[&str] = &[". B6 B6 R1 G3", "B5 B1 R6 R6 G4", "G6 G6 G6 R6 B1"];
    let mut s = build(&g, 3, Some(board), 0, &["R6"], &[], &[]);
    place(&g, &mut s, "R6", 0);
    // Row 0: 6+6+6+1+3 = 22, two reds -> 20. Row 1: 22, two blues -> 20. Row 2: 25, three
    // greens -> 22 (the red six in it costs nothing).
    assert_eq!(s.banked[..3], [20, 20, 22]);
    let g2 = game_with(&["own_colour_discount=0"]);
    let mut s = build(&g2, 3, Some(board), 0, &["R6"], &[], &[]);
    place(&g2, &mut s, "R6", 0);
    assert_eq!(s.banked[..3], [22, 22, 25]);
}

// ---- Final scoring ----

#[test]
fn lb1_triangular_and_linear_counter_scoring() {
    // "One counter is worth -1 point the second counter is worth -2 points the third counter
    // is worth -3 points etc." (triangular, the default) vs "subtract the number of counters
    // you have" (linear).
    let tri = game();
    assert_eq!(tri.rules().counter_value(0), 0);
    assert_eq!(tri.rules().counter_value(1), 1);
    assert_eq!(tri.rules().counter_value(3), 6);
    assert_eq!(tri.rules().counter_value(10), 55);
    let lin = game_with(&["counter_scoring=linear"]);
    assert_eq!(lin.rules().counter_value(10), 10);
    let mut s = tri.new_state(3);
    s.phase = Phase::Over;
    s.round = 3;
    s.banked = [40, 30, 50, 0];
    s.counters = [4, 2, 6, 0];
    assert_eq!(tri.outcome(&s).scores(), &[40 - 10, 30 - 3, 50 - 21]);
    assert_eq!(lin.outcome(&s).scores(), &[40 - 4, 30 - 2, 50 - 6]);
}

#[test]
fn lb2_lowest_total_wins() {
    // "The player with the lowest score after 3 rounds is the winner."
    let g = game();
    let mut s = g.new_state(4);
    s.phase = Phase::Over;
    s.round = 3;
    s.turns = 60;
    s.plays = [0, 60, 0, 0, 0, 0];
    s.banked = [45, 60, 38, 52];
    s.counters = [10, 12, 0, 10];
    // Scores: 45-55 = -10, 60-78 = -18, 38, 52-55 = -3.
    let o = g.outcome(&s);
    assert_eq!(o.scores(), &[-10, -18, 38, -3]);
    assert_eq!(o.ranks(), &[1, 0, 3, 2]);
    assert_eq!(o.win_share(Seat(1)), 1.0);
    assert!(!o.is_capped());
    assert_eq!(o.rounds, 3);
}

#[test]
fn g3_ties_for_first_are_shared() {
    let g = game();
    let mut s = g.new_state(3);
    s.phase = Phase::Over;
    s.round = 3;
    s.banked = [40, 46, 40, 0];
    s.counters = [5, 6, 5, 0];
    // 40-15 = 25, 46-21 = 25, 40-15 = 25: a three-way tie.
    let o = g.outcome(&s);
    assert_eq!(o.ranks(), &[0, 0, 0]);
    assert!((o.win_share(Seat(2)) - 1.0 / 3.0).abs() < 1e-12);
    s.counters = [5, 5, 5, 0];
    let o = g.outcome(&s);
    assert_eq!(o.ranks(), &[0, 2, 0]);
    assert_eq!(o.win_share(Seat(0)), 0.5);
}

#[test]
fn game_ends_after_the_third_round() {
    // "Game is over after the 3rd round's counters are scored."
    let g = game();
    let board: &[&str] = &[". R2 R2 R2 R2", "B2 B2 B2 B2 B2", "G2 G2 G2 G2 G2"];
    let mut s = build(&g, 3, Some(board), 0, &["R3"], &[], &[]);
    s.round = 2;
    s.turns += 30;
    s.plays[1] += 30;
    s.banked = [20, 20, 20, 0];
    place(&g, &mut s, "R3", 0);
    assert_eq!(g.turn(&s), Turn::Over);
    assert_eq!(s.round, 3);
    assert_eq!(s.die_at(0), Some(die("R3")), "the last board stays on show");
    assert!(g.render(&s).contains("red | R3 R2 R2 R2 R2"));
    let o = g.outcome(&s);
    assert_eq!((o.turns, o.rounds), (45, 3));
    g.check_invariants(&s).unwrap();
}

// ---- Rule parameters ----

#[test]
fn round_starter_parameter() {
    let board: &[&str] = &[". R2 R2 R2 R2", "B2 B2 B2 B2 B2", "G2 G2 G2 G2 G2"];
    for (starter, expected) in [("seat0", 0), ("rotate", 1), ("continue", 2)] {
        let g = game_with(&[&format!("round_starter={starter}")]);
        let mut s = build(&g, 3, Some(board), 1, &["R3"], &[], &[]);
        place(&g, &mut s, "R3", 0);
        assert_eq!(s.round, 1);
        assert_eq!(s.mover, expected, "{starter}");
    }
}

/// A 3-player match under `turn_cap = cap`, always taking the last action (Done while rolls
/// remain, then a placement), played to its end.
fn capped_match(cap: u32) -> Outcome {
    let g = game_with(&[format!("turn_cap={cap}").as_str()]);
    let mut s = g.new_state(3);
    let mut buf = Vec::new();
    let mut rng = crate::core::rng_from_seed(5);
    while g.turn(&s) != Turn::Over {
        match g.turn(&s) {
            Turn::Chance => g.sample_chance(&mut s, &mut rng),
            _ => {
                g.legal_actions(&s, &mut buf);
                g.apply(&mut s, *buf.last().unwrap());
            }
        }
        g.check_invariants(&s).unwrap();
    }
    g.outcome(&s)
}

#[test]
fn g2_turn_cap_ends_the_match_capped() {
    let o = capped_match(2);
    assert!(o.is_capped());
    assert_eq!(o.turns, 2);
    assert_eq!(o.first_place_count(), 0);
}

#[test]
fn g2_a_capped_match_counts_the_round_the_cap_stopped() {
    // `rounds` is the rounds played, the one in progress included, as in DARDZ: one
    // placement of round 1 is one round (it said 0, only completed rounds).
    let o = capped_match(1);
    assert_eq!((o.is_capped(), o.turns, o.rounds), (true, 1, 1));
    // 3 rows x 5 columns: the 15th placement fills round 1's board; round 2 is set up but
    // nobody places a die in it, so it is not counted. The 16th placement is in round 2.
    assert_eq!((capped_match(15).turns, capped_match(15).rounds), (15, 1));
    assert_eq!((capped_match(16).turns, capped_match(16).rounds), (16, 2));
}

#[test]
fn counts_and_rolls_parameters() {
    let g = game_with(&[
        "counters_per_player=4",
        "starting_pot=6",
        "dice_per_player=7",
        "columns=6",
        "max_rolls=1",
        "rounds=2",
    ]);
    let mut s = g.new_state(4);
    assert_eq!(s.counters, [4; 4]);
    assert_eq!(s.pot, 6);
    assert_eq!(s.hand[3], [0, 0, 0, 7]);
    roll(&g, &mut s, 3);
    assert_eq!(s.phase, Phase::Place, "one roll allowed: place at once");
    assert_eq!(legal(&g, &s).len() % 24, 0, "4 rows x 6 columns");
    let report = conformance::check(&g, 4, 300, 11);
    assert_eq!(report.capped, 0);
    // Every match: 2 rounds x 24 squares = 48 placements.
    let mut s = g.new_state(4);
    let mut rng = crate::core::rng_from_seed(1);
    let mut buf = Vec::new();
    while g.turn(&s) != Turn::Over {
        match g.turn(&s) {
            Turn::Chance => g.sample_chance(&mut s, &mut rng),
            _ => {
                g.legal_actions(&s, &mut buf);
                g.apply(&mut s, buf[0]);
            }
        }
    }
    assert_eq!((s.turns, s.round), (48, 2));
}

#[test]
fn outcome_amounts_parameters() {
    let g = game_with(&["two_pays=3", "three_each_pays=2", "four_takes=4", "five_takes=0"]);
    let mut s = build(&g, 3, None, 0, &["R2", "R3"], &[], &[]);
    place(&g, &mut s, "R2", 0);
    assert_eq!((s.counters[0], s.pot), (7, 3));
    let mut s = build(&g, 3, None, 0, &["R3", "R4"], &[], &[]);
    place(&g, &mut s, "R3", 0);
    assert_eq!((s.counters, s.pot), ([8, 8, 8, 0], 6));
    let mut s = build(&g, 3, None, 0, &["R4", "R4"], &[], &[]);
    s.counters = [5, 10, 10, 0];
    s.pot = 5;
    place(&g, &mut s, "R4", 0);
    assert_eq!((s.counters[0], s.pot), (9, 1));
    let mut s = build(&g, 3, None, 0, &["R5", "R4"], &[], &[]);
    s.counters = [5, 10, 10, 0];
    s.pot = 5;
    place(&g, &mut s, "R5", 0);
    assert_eq!((s.counters[0], s.pot), (5, 5));
}

#[test]
fn set_checks_keys_ranges_and_validate_rejects_unfillable_boards() {
    let mut r = LowBlowRules::default();
    r.set("counter_scoring", &toml::Value::String("linear".into())).unwrap();
    assert_eq!(r.counter_scoring, CounterScoring::Linear);
    r.set("rounds", &toml::Value::Integer(5)).unwrap();
    assert_eq!(r.rounds, 5);
    assert!(r.set("rounds", &toml::Value::Integer(10)).is_err());
    assert!(r.set("columns", &toml::Value::Integer(9)).is_err());
    assert!(r.set("dice_per_player", &toml::Value::Integer(0)).is_err());
    assert!(r.set("round_starter", &toml::Value::String("oldest".into())).is_err());
    assert!(r.set("colour", &toml::Value::Integer(1)).is_err());
    assert!(r.validate().is_ok());
    // Six columns with five dice each: the board could never fill.
    let err = apply_sets(&mut LowBlowRules::default(), &["columns=6".to_string()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("columns = 6"), "{err}");
    // Fine once there are dice enough.
    apply_sets(
        &mut LowBlowRules::default(),
        &["columns=6".to_string(), "dice_per_player=6".to_string()],
    )
    .unwrap();
    // The registry builds the game by name with the same checks.
    assert!(crate::games::build("low-blow", None, &["columns=6".to_string()]).is_err());
    let built = crate::games::build("low-blow", None, &["rounds=2".to_string()]).unwrap();
    assert_eq!(built.name(), "low-blow");
}

#[test]
fn params_mark_found_and_default_origins() {
    use crate::core::rules::Origin;
    let params = LowBlowRules::default().params();
    let origin = |key: &str| params.iter().find(|p| p.key == key).unwrap().origin;
    assert_eq!(origin("counter_scoring"), Origin::Default);
    assert_eq!(origin("round_starter"), Origin::Default);
    assert_eq!(origin("columns"), Origin::Found);
    assert_eq!(origin("counters_per_player"), Origin::Found);
    assert_eq!(origin("turn_cap"), Origin::Engine);
}

#[test]
fn config_file_holds_exactly_the_defaults() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/low-blow.toml");
    let mut from_file = LowBlowRules::default();
    // Start from changed values so that a key missing from the file is noticed.
    for p in from_file.params() {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{} =", p.key))),
            "configs/low-blow.toml lacks `{}`",
            p.key
        );
    }
    from_file.set("rounds", &toml::Value::Integer(7)).unwrap();
    apply_file(&mut from_file, "low-blow", &path).unwrap();
    assert_eq!(from_file, LowBlowRules::default());
    let shown: Vec<(String, String)> =
        from_file.params().into_iter().map(|p| (p.value, p.default)).collect();
    assert!(shown.iter().all(|(v, d)| v == d));
}

// ---- Engine contract: metrics, heuristic, traces ----

/// A random match to the end; returns the final state.
pub(super) fn random_match(g: &LowBlow, players: usize, seed: u64) -> LowBlowState {
    let mut s = g.new_state(players);
    let mut rng = crate::core::rng_from_seed(seed);
    let mut buf = Vec::new();
    while g.turn(&s) != Turn::Over {
        match g.turn(&s) {
            Turn::Chance => g.sample_chance(&mut s, &mut rng),
            _ => {
                g.legal_actions(&s, &mut buf);
                let pick = rand::RngExt::random_range(&mut rng, 0..buf.len());
                g.apply(&mut s, buf[pick]);
            }
        }
    }
    s
}

#[test]
fn metrics_match_their_names_and_the_match() {
    let g = game();
    for players in [3, 4] {
        let s = random_match(&g, players, 9);
        let names = g.metric_names(players);
        let mut out = vec![0; names.len()];
        g.metrics(&s, &mut out);
        let get = |n: &str| out[names.iter().position(|x| x == n).unwrap()];
        let played: i64 = ["one", "two", "three", "four", "five", "six"]
            .iter()
            .map(|v| get(&format!("played_{v}")))
            .sum();
        assert_eq!(played, (3 * 5 * players) as i64);
        let counters: i64 = (0..players).map(|p| get(&format!("counters_seat{p}"))).sum();
        assert_eq!(counters + get("pot_end"), 10 * players as i64);
        // Row sums agree with the banked scores.
        for p in 0..players {
            let sums: i64 = (1..=3).map(|r| get(&format!("row_sum_round{r}_seat{p}"))).sum();
            let own: i64 = (1..=3).map(|r| get(&format!("own_dice_round{r}_seat{p}"))).sum();
            assert_eq!(sums - own, s.banked[p] as i64);
            assert!((5..=30).contains(&get(&format!("row_sum_round1_seat{p}"))));
        }
        assert_eq!(names.len(), players + 1 + 3 + 6 + 1 + 2 * 3 * players);
    }
}

#[test]
fn heuristic_follows_expected_final_score() {
    let g = game();
    let mut s = build(&g, 3, None, 0, &["R5", "R3"], &[], &[(1, 1, 5)]);
    s.counters = [10, 8, 7, 0];
    s.pot = 5;
    let before = g.heuristic(&s, Seat(0));
    let mut after = s;
    place(&g, &mut after, "R5", 3); // takes 2 counters, on row 0
    assert!(g.heuristic(&after, Seat(0)) > before, "taking counters helps the mover");
    assert!(g.heuristic(&after, Seat(1)) < g.heuristic(&s, Seat(1)));
    let mut low = s;
    place(&g, &mut low, "R3", 3); // everyone pays one: the mover loses the most
    assert!(g.heuristic(&after, Seat(0)) > g.heuristic(&low, Seat(0)));
    // In range, and the winner of a finished match sees the best value.
    let end = random_match(&g, 4, 3);
    let o = g.outcome(&end);
    let h: Vec<f64> = (0..4).map(|p| g.heuristic(&end, Seat(p))).collect();
    assert!(h.iter().all(|v| (-1.0..=1.0).contains(v)));
    let best = (0..4).max_by(|&a, &b| h[a].total_cmp(&h[b])).unwrap();
    assert_eq!(o.rank(Seat(best as u8)), 0);
}

#[test]
fn heuristics_of_all_seats_equal_the_per_seat_heuristic_bit_for_bit() {
    // MCTS's rollout cut takes every seat's heuristic from `heuristics` (expected scores
    // computed once), greedy from `heuristic`: the same bits on every state of random
    // matches, at 3 and 4 players, under the default scoring (LB-1 triangular, LB-9 discount)
    // and under linear counters without the own-colour discount.
    for g in [game(), game_with(&["counter_scoring=linear", "own_colour_discount=0"])] {
        for players in [3, 4] {
            for seed in 0..40 {
                let mut s = g.new_state(players);
                let mut rng = crate::core::rng_from_seed(seed);
                let mut buf = Vec::new();
                let mut states = 0;
                loop {
                    let mut all = [f64::NAN; MAX_PLAYERS];
                    g.heuristics(&s, &mut all[..players]);
                    for (p, h) in all[..players].iter().enumerate() {
                        let one = g.heuristic(&s, Seat(p as u8));
                        assert_eq!(h.to_bits(), one.to_bits(), "seat {p}, state {s:?}");
                    }
                    states += 1;
                    match g.turn(&s) {
                        Turn::Over => break,
                        Turn::Chance => g.sample_chance(&mut s, &mut rng),
                        Turn::Player(_) => {
                            g.legal_actions(&s, &mut buf);
                            let pick = rand::RngExt::random_range(&mut rng, 0..buf.len());
                            g.apply(&mut s, buf[pick]);
                        }
                    }
                }
                assert!(states > 100, "a whole match, {states} states");
            }
        }
    }
}

#[test]
fn traces_describe_and_render() {
    let g = game();
    let mut s = g.new_state(3);
    roll(&g, &mut s, 4);
    let c = g.describe_chance(&s, &s);
    assert!(c.starts_with("seat 0 (red) rolls red "), "{c}");
    assert!(c.ends_with("(roll 1 of 3)"), "{c}");
    let s = build(&g, 3, None, 0, &["R6", "B1"], &[], &[]);
    let d = g.describe(&s, LowBlowAction::Place { colour: 0, value: 6, cell: 0 });
    // LB-9: a die of the row owner's colour counts 1 less on its row.
    assert!(d.contains("places red 6 on red's row, column 1 (adds 5 to red's row"), "{d}");
    // "Six - ... the player whose row you played on (even your own) gets to take all the
    // counters in the pot ... ALL the remaining dice you give to the player on your left".
    assert!(
        d.contains("Six: red takes the pot (0 counters) and red gives its last die to blue"),
        "{d}"
    );
    let r = g.render(&s);
    assert!(r.contains("red |  .  . G2 G2 G2 |"), "{r}");
    assert!(r.contains("set aside R6 B1"), "{r}");
    assert_eq!(r.lines().count(), 6, "{r}");
}

#[test]
fn determinize_is_a_copy_no_hidden_information() {
    let g = game();
    let s = random_match(&g, 3, 1);
    let mut rng = crate::core::rng_from_seed(0);
    assert_eq!(g.determinize(&s, Seat(1), &mut rng), s);
}

// ---- Shared conformance check (dice and counters conserved at every step) ----

crate::sampled! {
    fn conformance_3_players(matches = 100_000, sample = 1_500) {
        let report = conformance::check(&game(), 3, matches, 3);
        assert_eq!(report.capped, 0);
        assert_eq!(report.matches, matches);
    }
}

crate::sampled! {
    fn conformance_4_players(matches = 100_000, sample = 1_000) {
        let report = conformance::check(&game(), 4, matches, 4);
        assert_eq!(report.capped, 0);
    }
}

#[test]
fn try_apply_agrees_with_legal_actions_on_every_action() {
    // `try_apply` checks legality directly; it must accept exactly the listed actions.
    let g = game();
    let mut universe = vec![LowBlowAction::Done];
    for colour in 0..5u8 {
        for value in 0..=7u8 {
            universe.push(LowBlowAction::SetAside { colour, value });
            for cell in 0..=32u8 {
                universe.push(LowBlowAction::Place { colour, value, cell });
            }
        }
    }
    let mut rng = crate::core::rng_from_seed(77);
    let mut buf = Vec::new();
    for players in [3, 4] {
        for _ in 0..20 {
            let mut s = g.new_state(players);
            while g.turn(&s) != Turn::Over {
                if g.turn(&s) == Turn::Chance {
                    g.sample_chance(&mut s, &mut rng);
                    continue;
                }
                g.legal_actions(&s, &mut buf);
                for &a in &universe {
                    if a != LowBlowAction::Done
                        && !matches!(a, LowBlowAction::SetAside { value: 1..=6, .. })
                        && !matches!(a, LowBlowAction::Place { value: 1..=6, .. })
                    {
                        // Values outside 1-6 must be refused without panicking.
                        assert!(!g.is_legal(&s, a));
                        continue;
                    }
                    assert_eq!(g.is_legal(&s, a), buf.contains(&a), "{a:?}\n{}", g.render(&s));
                }
                let pick = rand::RngExt::random_range(&mut rng, 0..buf.len());
                g.apply(&mut s, buf[pick]);
            }
            for &a in &universe[..3] {
                assert!(g.try_apply(&mut s, a).is_err(), "nothing is legal at the end");
            }
        }
    }
}
