//! The Team DARDZ rulings: DZ-16 (a team's piles applied to its one score in one
//! step, and every change of a team's score credited to one of its seats, so traces explain
//! it) and DZ-17 (only the roller's own hand starts a Bonus Roll; then both hands count).

use rand::RngExt;
use serde_json::Value;

use super::*;
use crate::core::trace::TraceGame;
use crate::core::{CHANCE_STREAM, derive_rng};

fn teams() -> Dardz {
    game_with(|r| {
        r.teams = true;
        // No Lucky Loser roll, so a round's end is the piles alone.
        r.team_lucky_loser_max_cards = 0;
    })
}

/// Seats 0 and 2 (team 0) at score 0 with piles worth `a` and `b`, team 1 at 0 with one
/// 6 (+2) in seat 1's pile; the round is over without a winner. Returns the scores after it
/// is settled.
fn settle_team_piles(g: &Dardz, a: &[Card], b: &[Card]) -> Vec<i32> {
    let mut s = table(g, 4);
    pile(&mut s, 0, a);
    pile(&mut s, 2, b);
    pile(&mut s, 1, &[n(6)]);
    s.round_over = true;
    s.win_mask = 0;
    s.phase = Phase::RoundEnd;
    g.resolve_chance(&mut s, &mut script_dice(&[]));
    s.scores[..4].to_vec()
}

#[test]
fn dz16_a_teams_piles_are_added_first_and_floored_once() {
    // Found in a trace (`--seed 41 --match 178 --set teams=true`, step 90): team at 0,
    // piles -1 and +20. Seat by seat with a floor after each gave 0 then 20; DZ-16: 19.
    let g = teams();
    let minus_one = [SKULL, n(1), n(3)]; // -5 + 2 + 2
    let twenty = [n(12), n(12)];
    assert_eq!(settle_team_piles(&g, &minus_one, &twenty), [19, 2, 19, 2]);
    // The same piles with the partners swapped: the result does not depend on the seats.
    assert_eq!(settle_team_piles(&g, &twenty, &minus_one), [19, 2, 19, 2]);
    // A sum below 0 is floored once, at 0.
    assert_eq!(settle_team_piles(&g, &[SKULL, SKULL], &[n(12)]), [0, 2, 0, 2]);
}

#[test]
fn dz17_only_the_rollers_own_hand_starts_a_bonus_roll() {
    let g = teams();
    let mut s = table(&g, 4);
    give(&mut s, 0, &[n(3), n(9), n(10)]);
    give(&mut s, 2, &[n(8), n(11), n(12)]);
    give(&mut s, 1, &[n(1), n(1), n(2)]);
    give(&mut s, 3, &[n(2), n(4), n(4)]);
    // The third roll offers 8 (the partner's card only): picking it scores it for the
    // partner, and the turn ends as a miss, without a Bonus Roll.
    roll(&g, &mut s, Stage::Roll3, &[2, 6, 1]);
    assert!(legal(&g, &s).contains(&Pick(8)));
    g.apply(&mut s, Pick(8));
    assert_eq!(s.pile_len[..4], [0, 0, 1, 0]);
    assert_eq!((s.stage, s.phase), (Stage::EndTurn, Phase::Draw), "no Bonus Roll");
    // A third-roll pick from the roller's own hand starts it; then the partner's cards count.
    let mut t = table(&g, 4);
    give(&mut t, 0, &[n(3), n(9), n(10)]);
    give(&mut t, 2, &[n(8), n(11), n(12)]);
    give(&mut t, 1, &[n(1), n(1), n(2)]);
    give(&mut t, 3, &[n(2), n(4), n(4)]);
    roll(&g, &mut t, Stage::Roll3, &[4, 5, 1]);
    g.apply(&mut t, Pick(9));
    assert_eq!(t.stage, Stage::Bonus);
    t.phase = Phase::Roll;
    g.resolve_chance(&mut t, &mut script_dice(&[5, 6]));
    assert_eq!(t.event.scored, 0b0100, "the partner's 11 counts on the Bonus Roll");
}

/// Random team matches traced step by step as `arena trace` does: the events of every
/// step, and each team's score in the end.
fn traced_team_match(g: &Dardz, players: usize, seed: u64) -> (Vec<Value>, DardzState) {
    let mut chance = derive_rng(seed, 0, CHANCE_STREAM);
    let mut rng = derive_rng(seed, 0, 99);
    let mut s = g.new_state(players);
    let mut events = Vec::new();
    let mut actions = Vec::new();
    loop {
        let before = s;
        let action = match g.turn(&s) {
            Turn::Over => break,
            Turn::Chance => {
                g.sample_chance(&mut s, &mut chance);
                None
            }
            Turn::Player(_) => {
                g.legal_actions(&s, &mut actions);
                let a = actions[rng.random_range(0..actions.len())];
                g.apply(&mut s, a);
                Some(a)
            }
        };
        g.trace_events(&before, action, &s, &mut events);
    }
    (events, s)
}

#[test]
fn dz16_team_traces_explain_every_change_of_a_teams_score() {
    // Found in a trace (`--players 4 --set teams=true --match 0`, step 74): the partner's
    // share of every change was `score_unexplained`. Each change is now credited once, to a
    // seat of the team, so the points of both partners' events sum to the team's score.
    let g = game_with(|r| r.teams = true);
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 1..=30 {
        let players = if seed % 3 == 0 { 6 } else { 4 };
        let (events, end) = traced_team_match(&g, players, seed);
        let mut team_points = [0i64; MAX_SEATS];
        for e in &events {
            let kind = e["kind"].as_str().unwrap();
            assert_ne!(kind, "score_unexplained", "{players} players, seed {seed}: {e}");
            if let Some(points) = e["points"].as_i64() {
                kinds.insert(kind.to_string());
                let seat = e["seat"].as_u64().unwrap() as usize;
                team_points[seat % (players / 2)] += points;
            }
        }
        for (team, &points) in team_points.iter().enumerate().take(players / 2) {
            assert_eq!(points, end.scores[team] as i64, "team {team}, seed {seed}");
        }
    }
    for kind in [
        "round_won",
        "pile_scored",
        "lucky_loser",
        "three_of_a_kind",
        "clean_up",
        "jackpot_points",
        "boost_em_points",
    ] {
        assert!(kinds.contains(kind), "no `{kind}` in the traced matches: {kinds:?}");
    }
}

#[test]
fn dz16_a_floored_team_pile_step_is_credited_to_the_negative_pile() {
    let g = teams();
    let mut s = table(&g, 4);
    s.scores[..4].copy_from_slice(&[3, 0, 3, 0]);
    pile(&mut s, 0, &[n(12)]);
    pile(&mut s, 2, &[SKULL, SKULL, SKULL]);
    pile(&mut s, 1, &[n(6)]);
    s.round_over = true;
    s.phase = Phase::RoundEnd;
    let before = s;
    g.resolve_chance(&mut s, &mut script_dice(&[]));
    assert_eq!(s.scores[..4], [0, 2, 0, 2], "3 + 10 - 15 floored at 0");
    let mut events = Vec::new();
    g.trace_events(&before, None, &s, &mut events);
    let piles: Vec<(u64, i64, i64)> = events
        .iter()
        .filter(|e| e["kind"] == "pile_scored")
        .map(|e| {
            (
                e["seat"].as_u64().unwrap(),
                e["points"].as_i64().unwrap(),
                e["value"].as_i64().unwrap(),
            )
        })
        .collect();
    // Seat 0's +10 in full; seat 2's -15 only as far as the floor lets it go: -13.
    assert_eq!(piles, [(0, 10, 10), (2, -13, -15), (1, 2, 2), (3, 0, 0)]);
    assert_eq!(state_teams(&g, &s), serde_json::json!([[0, 2], [1, 3]]));
}

fn state_teams(g: &Dardz, s: &DardzState) -> Value {
    g.state_json(s)["teams"].clone()
}

#[test]
fn dz6_team_pile_size_is_checked_only_with_teams_on() {
    // DZ-6's team race ("race to 20 cards together") is read only in Team DARDZ, so setting
    // it without teams must load: the Lucky Loser bound checked is the one in force.
    let set = |sets: &[&str]| {
        let mut r = DardzRules::default();
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        rules::apply_sets(&mut r, &sets).map(|()| r)
    };
    let r = set(&["team_cards_per_round=2"]).expect("teams off: the team pile size is not read");
    assert_eq!(r.team_cards_per_round, 2);
    // It changes nothing while teams are off: a round still ends at `cards_per_round`.
    assert_eq!(Dardz::with_rules(r).side_target(), 10);
    // With teams on, the same setting is checked against the team Lucky Loser bound.
    let err = set(&["teams=true", "team_cards_per_round=2"]).unwrap_err().to_string();
    assert!(err.contains("team_lucky_loser_max_cards = 6 must be below team_cards_per_round = 2"));
    assert!(set(&["teams=true", "team_cards_per_round=2", "team_lucky_loser_max_cards=1"]).is_ok());
    // And the other way round: with teams on, `cards_per_round` is not read nor checked;
    // with teams off it is.
    assert!(set(&["teams=true", "cards_per_round=2"]).is_ok());
    let err = set(&["cards_per_round=2"]).unwrap_err().to_string();
    assert!(err.contains("lucky_loser_max_cards = 3 must be below cards_per_round = 2"), "{err}");
}
