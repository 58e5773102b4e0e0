//! TRICE's conformance runs, rule parameters and the rules file, the heuristic, metrics and
//! traces.

use super::*;

// ---- Conformance (the shared check) ----

fn timed_conformance(g: &Trice, matches: u64, seed: u64) -> conformance::ConformanceReport {
    let start = Instant::now();
    let report = conformance::check(g, 2, matches, seed);
    eprintln!(
        "trice conformance: {matches} matches in {:.1} s ({} capped, max {} decisions)",
        start.elapsed().as_secs_f64(),
        report.capped,
        report.max_decisions
    );
    report
}

crate::sampled! {
    fn conformance_random_play(matches = 100_000, sample = 20_000) {
        let report = timed_conformance(&game(), matches, 1);
        assert_eq!(report.matches, matches);
        // Every match has 12 gives and placements at most, and 3 decisions per swap turn.
        assert!(report.max_decisions <= 24 + 3 * 200);
    }
}

#[test]
fn conformance_variants() {
    timed_conformance(&game_with(&["rules_version=v0.2"]), 10_000, 2);
    let tight = timed_conformance(
        &game_with(&["swap_turn_cap=3", "repoint_allowed=false", "swap_back_allowed=false"]),
        10_000,
        3,
    );
    assert!(tight.capped > 0, "a cap of 3 swap turns is reached sometimes");
    // A 4x4 board with 18 dice: two stay in the pool.
    timed_conformance(&game_with(&["rows=4", "columns=4", "dice_per_colour=6"]), 10_000, 4);
    timed_conformance(&game_with(&["rows=1", "columns=6", "dice_per_colour=2"]), 10_000, 5);
}

// ---- Rule parameters and the rules file ----

#[test]
fn params_have_the_seeds_defaults_and_origins() {
    let r = TriceRules::default();
    let p = r.params();
    let keys: Vec<&str> = p.iter().map(|i| i.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "rows",
            "columns",
            "dice_per_colour",
            "rules_version",
            "repoint_allowed",
            "swap_back_allowed",
            "swap_turn_cap"
        ]
    );
    let origin = |k: &str| p.iter().find(|i| i.key == k).unwrap().origin;
    assert_eq!(origin("rows"), Origin::Found);
    assert_eq!(origin("rules_version"), Origin::Found);
    assert_eq!(origin("repoint_allowed"), Origin::Default);
    assert_eq!(origin("swap_turn_cap"), Origin::Engine);
    assert_eq!(p[3].value, "v0.3.1");
}

#[test]
fn params_set_like_dash_dash_set() {
    let mut r = TriceRules::default();
    r.set("rows", &toml::Value::Integer(4)).unwrap();
    r.set("columns", &toml::Value::Integer(5)).unwrap();
    r.set("dice_per_colour", &toml::Value::Integer(7)).unwrap();
    r.set("rules_version", &toml::Value::String("v0.2".into())).unwrap();
    r.set("swap_turn_cap", &toml::Value::Integer(50)).unwrap();
    assert_eq!((r.rows, r.columns, r.dice_per_colour, r.swap_turn_cap), (4, 5, 7, 50));
    assert_eq!(r.rules_version, RulesVersion::V02);
    assert!(r.validate().is_ok());
    let g = Trice::new(r);
    assert_eq!(g.geometry().cells(), 20);
    assert_eq!(g.turn_cap(), 70);
    // Out of range or of the wrong kind.
    let mut r = TriceRules::default();
    assert!(r.set("rows", &toml::Value::Integer(7)).is_err());
    assert!(r.set("swap_turn_cap", &toml::Value::Integer(0)).is_err());
    assert!(r.set("rules_version", &toml::Value::String("v1".into())).is_err());
    assert!(r.set("colours", &toml::Value::Integer(4)).is_err());
}

#[test]
fn validate_rejects_inconsistent_boards() {
    let check = |sets: &[&str]| {
        let mut r = TriceRules::default();
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        rules::apply_sets(&mut r, &sets).map(|_| ())
    };
    // Too few dice to fill a 4x4 board.
    let err = check(&["rows=4", "columns=4"]).unwrap_err().to_string();
    // Naming every parameter it depends on (the rule-space check found it naming only
    // dice_per_colour, not rows or columns).
    for key in ["cannot fill", "dice_per_colour", "rows 4", "columns 4"] {
        assert!(err.contains(key), "{err}");
    }
    // No line of three on a 2x2 board.
    let err = check(&["rows=2", "columns=2", "dice_per_colour=2"]).unwrap_err().to_string();
    assert!(err.contains("no line of three"), "{err}");
    assert!(check(&["rows=4", "columns=4", "dice_per_colour=6"]).is_ok());
    assert!(check(&["rows=1", "columns=3", "dice_per_colour=1"]).is_ok());
}

#[test]
fn config_file_holds_exactly_the_defaults() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/trice.toml");
    // Start away from the defaults, to prove the file sets every value back.
    let mut r = TriceRules {
        rows: 5,
        rules_version: RulesVersion::V02,
        swap_turn_cap: 7,
        ..TriceRules::default()
    };
    rules::apply_file(&mut r, "trice", &path).unwrap();
    assert_eq!(r, TriceRules::default());
    // Every parameter appears in the file, once.
    let text = std::fs::read_to_string(&path).unwrap();
    for p in TriceRules::default().params() {
        let lines = text.lines().filter(|l| l.starts_with(&format!("{} =", p.key))).count();
        assert_eq!(lines, 1, "{} in configs/trice.toml", p.key);
    }
}

#[test]
fn registry_builds_trice() {
    let any = crate::games::build("trice", None, &["rules_version=v0.2".to_string()]).unwrap();
    assert_eq!(any.name(), "trice");
    assert!(crate::games::GAME_NAMES.contains(&"trice"));
    assert!(crate::games::build("trice", None, &["rows=4".to_string()]).is_err());
}

// ---- Heuristic ----

#[test]
fn heuristic_winning_placement_best_double_trice_worst() {
    let g = game();
    // Seat 0 holds O3: on c1 it wins (W1 P2 O3, ordered), on c3 it loses (O5 O4 O3, colour
    // and ordered), anywhere else nothing happens.
    let s = placing(&g, "W1 P2 .. .. / .. .. .. .. / O5 O4 .. ..", "O3");
    assert_eq!(g.turn(&s), Turn::Player(Seat(0)));
    let after = |a: TriceAction| {
        let mut t = s;
        g.apply(&mut t, a);
        t
    };
    let win = after(TriceAction::Place(sq(&g, "c1")));
    assert_eq!(win.ending, Ending::TricePlacement);
    assert_eq!(g.heuristic(&win, Seat(0)), 1.0);
    assert_eq!(g.heuristic(&win, Seat(1)), -1.0);
    let lose = after(TriceAction::Place(sq(&g, "c3")));
    assert_eq!(lose.ending, Ending::DoubleTricePlacement);
    assert_eq!(g.heuristic(&lose, Seat(0)), -1.0);
    assert_eq!(g.heuristic(&lose, Seat(1)), 1.0);
    // Every other placement lies strictly between.
    for a in legal(&g, &s) {
        let t = after(a);
        if t.phase != Phase::Over {
            let h = g.heuristic(&t, Seat(0));
            assert!(h > -1.0 && h < 1.0, "{a:?}: {h}");
        }
    }
    // Holding a winning die is worth almost a win before placing it.
    assert!(g.heuristic(&s, Seat(0)) >= 0.9);
    assert!(g.heuristic(&s, Seat(1)) <= -0.9);
}

#[test]
fn heuristic_handing_a_winning_die_is_bad() {
    let g = game();
    // Seat 1 gives seat 0 a die. W2 P2 on a1 b1: any 2 lets seat 0 win on c1; a W4 does not
    // (W2 P2 W4: nothing; and no other line is open).
    let mut s = g.new_state(2);
    s.board = board(&g, "W2 P2 .. .. / .. .. .. .. / .. .. .. ..");
    s.placements = 2;
    s.phase = Phase::Give;
    s.to_move = 1;
    s.pool[die("O2").pool_index()] = 4;
    s.pool[die("W4").pool_index()] = 3;
    s.pool[die("P6").pool_index()] = 3;
    g.check_invariants(&s).unwrap();
    let after = |d: &str| {
        let mut t = s;
        g.apply(&mut t, TriceAction::Give(die(d)));
        g.heuristic(&t, Seat(1))
    };
    assert!(after("O2") <= -0.9, "{}", after("O2"));
    assert!(after("W4") > -0.5, "{}", after("W4"));
    assert!(after("W4") > after("O2"));
    // A placement that leaves only winning dice for the opponent is bad for the placer.
    let mut t = s;
    t.phase = Phase::Place;
    t.to_move = 0;
    t.placements = 2;
    t.pool[die("O2").pool_index()] -= 1;
    t.held = die("O2").0;
    // Seat 0 holds O2: on c1 it wins at once, so that is the best.
    let place_h = |at: &str| {
        let mut u = t;
        g.apply(&mut u, TriceAction::Place(sq(&g, at)));
        g.heuristic(&u, Seat(0))
    };
    assert_eq!(place_h("c1"), 1.0);
    // Elsewhere, c1 stays open for the O2s seat 0 may have to hand over: one die kind in
    // three lets seat 1 win, which counts against the placer.
    assert!(place_h("a3") < 0.0);
}

#[test]
fn heuristic_in_the_swap_phase() {
    let g = game();
    let mut s = pointing(&g, CLEAN, 1);
    play(&g, &mut s, TriceAction::Point(sq(&g, "a1")));
    // Seat 0 to swap a1: with a2 then bump a2 wins, so seat 0's prospect is a win.
    assert!(g.heuristic(&s, Seat(0)) >= 0.9);
    play(&g, &mut s, TriceAction::Swap(sq(&g, "a2")));
    assert!(g.heuristic(&s, Seat(0)) >= 0.9);
    let mut win = s;
    g.apply(&mut win, TriceAction::Bump(sq(&g, "a2")));
    let mut lose = s;
    g.apply(&mut lose, TriceAction::Bump(sq(&g, "a1")));
    assert_eq!(g.heuristic(&win, Seat(0)), 1.0);
    assert_eq!(g.heuristic(&lose, Seat(0)), -1.0);
    // Seat 1 pointing at a1 hands seat 0 a win: as the pointer, that looks bad.
    let p = pointing(&g, CLEAN, 1);
    let mut t = p;
    g.apply(&mut t, TriceAction::Point(sq(&g, "a1")));
    assert!(g.heuristic(&t, Seat(1)) <= -0.9);
}

// ---- Metrics, traces, invariants ----

#[test]
fn metrics_record_how_and_when_it_ended() {
    let g = game();
    let names = g.metric_names(2);
    let get = |s: &TriceState, name: &str| {
        let mut out = vec![0; names.len()];
        g.metrics(s, &mut out);
        out[names.iter().position(|n| n == name).unwrap()]
    };
    let s = place(&g, "W2 P2 .. .. / .. .. .. .. / .. .. .. ..", "O2", "c1");
    assert_eq!(get(&s, "ended_trice_placement"), 1);
    assert_eq!(get(&s, "ended_double_trice_placement"), 0);
    assert_eq!(get(&s, "end_turn"), 3);
    assert_eq!(get(&s, "reached_swap_phase"), 0);
    let s = place(&g, "P5 P5 .. .. / .. .. .. .. / .. .. .. ..", "P5", "c1");
    assert_eq!(get(&s, "ended_double_trice_placement"), 1);
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "c1", "c2", "c2");
    swap_turn(&g, &mut s, "a1", "a2", "a2");
    assert_eq!(s.ending, Ending::TriceSwap);
    assert_eq!(get(&s, "ended_trice_swap"), 1);
    assert_eq!(get(&s, "swap_turns"), 2);
    assert_eq!(get(&s, "end_turn"), 14);
    assert_eq!(get(&s, "reached_swap_phase"), 1);
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "a1", "a2", "a1");
    assert_eq!(get(&s, "ended_double_trice_swap"), 1);
    let g = game_with(&["swap_turn_cap=1"]);
    let mut s = pointing(&g, CLEAN, 1);
    swap_turn(&g, &mut s, "c1", "c2", "c2");
    assert_eq!(get(&s, "ended_capped"), 1);
    // Exactly one "ended_" indicator is set.
    let mut out = vec![0; names.len()];
    g.metrics(&s, &mut out);
    let ended: i64 =
        names.iter().zip(&out).filter(|(n, _)| n.starts_with("ended_")).map(|(_, v)| v).sum();
    assert_eq!(ended, 1);
}

#[test]
fn render_and_describe_read_like_the_table() {
    let g = game();
    let mut s = g.new_state(2);
    g.sample_chance(&mut s, &mut crate::core::rng_from_seed(1));
    let rolled = g.describe_chance(&s, &s);
    assert!(rolled.starts_with("rolled the 12 dice into the pool: white "), "{rolled}");
    assert!(rolled.contains("; purple ") && rolled.contains("; orange "), "{rolled}");
    let mut give = g.new_state(2);
    give.pool = rest_of_pool(&g, &[EMPTY; MAX_CELLS], None);
    give.phase = Phase::Give;
    give.to_move = 1;
    assert_eq!(
        g.describe(&give, TriceAction::Give(die("O1"))),
        "seat 1 picks an orange 1 from the pool for seat 0 to place"
    );
    let s = placing(&g, "W2 P2 .. .. / .. .. .. .. / .. .. .. ..", "O2");
    let text = g.render(&s);
    assert!(text.contains("   a   b   c   d"), "{text}");
    assert!(text.contains(" 1 W2  P2  .   .\n"), "{text}");
    assert!(text.contains("pool: W 1 1 1 | P 1 1 1 | O 1 1 1"), "{text}");
    assert!(text.contains("seat 0 places the orange 2"), "{text}");
    let d = g.describe(&s, TriceAction::Place(sq(&g, "c1")));
    assert_eq!(
        d,
        "seat 0 places the orange 2 on c1: a Trice on the line a1-b1-c1 (same value): \
         seat 0 made it and wins"
    );
    let mut t = s;
    g.apply(&mut t, TriceAction::Place(sq(&g, "c1")));
    assert!(g.render(&t).contains("W2* P2* O2*"), "{}", g.render(&t));
    let p = pointing(&g, CLEAN, 1);
    assert_eq!(
        g.describe(&p, TriceAction::Point(sq(&g, "a1"))),
        "seat 1 points at the white 6 on a1: seat 0 must swap it with a neighbour"
    );
}

#[test]
fn invariants_catch_lost_dice_and_live_trices() {
    let g = game();
    let mut s = placing(&g, "W2 P2 .. .. / .. .. .. .. / .. .. .. ..", "O2");
    assert!(g.check_invariants(&s).is_ok());
    let mut lost = s;
    lost.pool[die("W1").pool_index()] -= 1;
    assert!(g.check_invariants(&lost).is_err());
    let mut extra = s;
    extra.board[5] = die("W4").0;
    assert!(g.check_invariants(&extra).is_err());
    // A Trice left on the board of a live match.
    s.board[2] = die("O2").0;
    s.held = EMPTY;
    s.placements = 3;
    s.phase = Phase::Give;
    s.to_move = 0;
    assert!(g.check_invariants(&s).is_err());
}

#[test]
fn determinize_is_a_copy_no_hidden_information() {
    let g = game();
    let s = pointing(&g, CLEAN, 1);
    let mut rng = crate::core::rng_from_seed(5);
    assert_eq!(g.determinize(&s, Seat(0), &mut rng), s);
}

/// TR-4/TR-5: the heuristic's placing prospect, read from the board's open lines, equals
/// judging every empty square with the die on it, for every die, on every position of random
/// matches under both rule versions and two board sizes.
#[test]
fn open_lines_give_the_judged_placing_prospect() {
    use crate::core::{Rng, Turn};
    use rand::RngExt;
    let mut compared = 0u32;
    for sets in
        [&[][..], &["rules_version=v0.2"][..], &["rows=4", "columns=4", "dice_per_colour=6"][..]]
    {
        let g = game_with(sets);
        for seed in 0..40u64 {
            let mut rng = Rng::new(seed as u128 + 1);
            let mut s = g.new_state(2);
            let mut legal = Vec::new();
            loop {
                match g.turn(&s) {
                    Turn::Over => break,
                    Turn::Chance => g.sample_chance(&mut s, &mut rng),
                    Turn::Player(_) => {
                        let open = OpenLines::of(&g.geo, &s.board);
                        for i in 0..s.pool.len() {
                            let die = Die::from_pool_index(i);
                            let free = (0..g.squares()).filter(|&sq| s.board[sq as usize] == EMPTY);
                            let judged =
                                Prospect::of(free.map(|sq| g.place_verdict(&s.board, sq, die)));
                            assert_eq!(g.place_prospect(&open, die), judged, "{sets:?} {s:?}");
                            compared += 1;
                        }
                        g.legal_actions(&s, &mut legal);
                        let a = legal[rng.random_range(0..legal.len())];
                        g.apply(&mut s, a);
                    }
                }
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
}
