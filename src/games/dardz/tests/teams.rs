//! Team DARDZ (DZ-6): teams of 2 at 4 or 6 players, partners opposite, one team score, 20
//! cards together, one Lucky Loser roll at 6 cards or fewer, both hands on the Bonus Roll;
//! and the conformance check over the team variant and the new parameters' other values.

use super::*;

fn teams() -> Dardz {
    game_with(|r| r.teams = true)
}

#[test]
fn dz6_teams_only_at_4_or_6_players_partners_sit_opposite() {
    let g = teams();
    assert!(g.check_players(4).is_ok() && g.check_players(6).is_ok());
    for players in [2, 3, 5, 7, 8] {
        let e = g.check_players(players).unwrap_err();
        assert!(e.contains("teams = true") && e.contains("4 or 6"), "{e}");
    }
    assert!(game().check_players(5).is_ok());
    assert!(game().check_players(9).unwrap_err().contains("2 to 8"));
    let s = g.new_state(6);
    assert_eq!((0..6).map(|i| g.partner(&s, i)).collect::<Vec<_>>(), vec![3, 4, 5, 0, 1, 2]);
    let s = g.new_state(4);
    assert_eq!(g.side_mask(&s, 1), 0b1010);
    assert_eq!(game().partner(&s, 1), 1);
}

#[test]
fn dz6_a_team_races_to_20_cards_together_and_shares_one_lucky_loser_roll() {
    let g = teams();
    let mut s = table(&g, 4);
    pile_filler(&mut s, 0, 12);
    pile_filler(&mut s, 2, 7);
    pile_filler(&mut s, 1, 3);
    pile_filler(&mut s, 3, 2);
    give(&mut s, 0, &[n(9), n(10), n(11)]);
    give(&mut s, 1, &[n(12), n(10), n(11)]);
    give(&mut s, 2, &[n(8), n(9), n(12)]);
    give(&mut s, 3, &[n(6), n(7), n(7)]);
    // Seat 0 alone has 12 cards: no round end in Team DARDZ.
    ok(&g, &s);
    roll(&g, &mut s, Stage::Roll2, &[3, 5]);
    g.apply(&mut s, Pick(8));
    assert_eq!(s.phase, Phase::RoundEnd);
    assert_eq!(s.win_mask, 0b0001, "team 0 (seats 0 and 2): 12 + 8 = 20");
    ok(&g, &s);
    let piles: Vec<i32> = (0..4).map(|i| s.pile_points(i, g.values())).collect();
    // Team 1 has 3 + 2 = 5 cards: one Lucky Loser roll, 2 x 5.
    let mut dice = script_dice(&[2, 5]);
    g.resolve_chance(&mut s, &mut dice);
    assert!(dice.is_spent());
    let team0 = 10 + piles[0] + piles[2];
    let team1 = piles[1] + piles[3] + 10;
    assert_eq!(s.scores[..4], [team0, team1, team0, team1]);
    assert_eq!(s.stats.lucky_loser_rolls, 1);
    assert_eq!(s.stats.round_wins[..4], [1, 0, 1, 0]);
    assert_eq!(s.stats.ways[Way::RoundBonus as usize], 10, "the bonus is the team's, once");
}

#[test]
fn dz6_both_hands_count_on_the_bonus_roll_and_clean_up_empties_both() {
    let g = teams();
    let mut s = table(&g, 4);
    give(&mut s, 0, &[n(3), n(9)]);
    give(&mut s, 1, &[n(8), n(1), n(1)]);
    give(&mut s, 2, &[n(8), n(11)]);
    give(&mut s, 3, &[n(2), n(2), n(4)]);
    roll(&g, &mut s, Stage::Bonus, &[3, 5]);
    // 3 from the roller's hand, 8 from the partner's; seat 1's 8 does not count.
    assert_eq!(legal(&g, &s), vec![Pick(3), Pick(8)]);
    g.apply(&mut s, Pick(8));
    assert_eq!(s.pile_len[..4], [0, 0, 1, 0]);
    assert_eq!(hand(&s, 1), vec![n(8), n(1), n(1)]);
    roll(&g, &mut s, Stage::Bonus, &[5, 6]);
    assert_eq!(s.event.scored, 0b0100, "the partner's 11, the only option");
    roll(&g, &mut s, Stage::Bonus, &[3, 6]);
    g.apply(&mut s, Pick(3));
    assert_eq!(s.scores[0], 0);
    roll(&g, &mut s, Stage::Bonus, &[4, 5]);
    // Both hands are empty: a clean-up for the team.
    assert_eq!((s.hands[0].len, s.hands[2].len), (0, 0));
    assert_eq!(s.scores[..4], [5, 0, 5, 0]);
    assert_eq!(s.stats.clean_ups, 1);
}

#[test]
fn dz6_boost_em_and_bunk_em_hit_a_team_once() {
    let g = teams();
    let mut s = table(&g, 4);
    s.round = 2;
    s.scores[..4].copy_from_slice(&[10, 3, 10, 3]);
    give(&mut s, 0, &[BOOST, n(9), n(12)]);
    g.advance(&mut s);
    g.resolve_chance(&mut s, &mut script_dice(&[2, 6]));
    assert_eq!(s.scores[..4], [10, 11, 10, 11]);
    assert_eq!((s.stats.boost_points, s.event.hit), (8, 0b1010));
    let mut t = table(&g, 4);
    t.round = 2;
    t.scores[..4].copy_from_slice(&[10, 30, 10, 30]);
    give(&mut t, 0, &[BUNK, n(9), n(12)]);
    g.advance(&mut t);
    g.resolve_chance(&mut t, &mut script_dice(&[6, 6]));
    assert_eq!(t.scores[..4], [10, 18, 10, 18]);
    assert_eq!(t.stats.bunk_points, -12);
}

#[test]
fn dz6_win_shares_per_team_outcome_metrics_and_final_roll_off() {
    let finish = |g: &Dardz, scores: [i32; 4], dice: &[u8]| {
        let mut s = table(g, 4);
        s.scores[..4].copy_from_slice(&scores);
        for seat in 0..4 {
            pile_filler(&mut s, seat, 4);
        }
        s.round_over = true;
        s.phase = Phase::RoundEnd;
        g.resolve_chance(&mut s, &mut script_dice(dice));
        s
    };
    let g = teams();
    let names = g.metric_names(4);
    let team = |m: &[i64], key: &str| m[names.iter().position(|n| n == key).unwrap()];
    // Team 1 wins: both partners share first place, so each seat's share is 1/2 and the
    // team's share is 1.
    let s = finish(&g, [100, 160, 100, 160], &[]);
    let o = g.outcome(&s);
    assert_eq!(o.ranks(), &[2, 0, 2, 0]);
    assert_eq!(o.win_share(Seat(1)) + o.win_share(Seat(3)), 1.0);
    let mut m = vec![0; names.len()];
    g.metrics(&s, &mut m);
    assert_eq!(
        ["team0_wins", "team0_shared_wins", "team1_wins", "team1_shared_wins"].map(|k| team(&m, k)),
        [0, 0, 1, 0]
    );
    assert_eq!(g.heuristic(&s, Seat(3)), 1.0);
    assert_eq!(g.heuristic(&s, Seat(0)), -1.0);
    // A tie between the teams: shared (G-3), or one roll-off between the teams (DZ-9).
    let s = finish(&g, [160; 4], &[]);
    g.metrics(&s, &mut m);
    assert_eq!(team(&m, "team0_shared_wins"), 1);
    assert_eq!(g.outcome(&s).win_share(Seat(2)), 0.25);
    let rolled = game_with(|r| {
        r.teams = true;
        r.final_tie = FinalTie::RollOff;
    });
    let s = finish(&rolled, [160; 4], &[2, 5]);
    assert_eq!(s.tiebreak, 1);
    assert_eq!(rolled.outcome(&s).ranks(), &[2, 0, 2, 0]);
    // The roll-off scores nothing (DZ-9): the team scores stay as played (DZ-16).
    assert_eq!(rolled.outcome(&s).scores(), &s.scores[..4]);
}

crate::sampled! {
    fn conformance_team_dardz_4_and_6_players(matches = 10_000, sample = 300) {
        let g = teams();
        for players in [4, 6] {
            let report = conformance::check(&g, players, matches, 0x7EA + players as u64);
            assert_eq!(report.capped, 0, "{players} players");
        }
        // A small deck: the draw pile runs out and DZ-10 is judged per team.
        let small = game_with(|r| {
            r.teams = true;
            r.copies_per_number = 2;
            r.next_starter = NextStarter::Rotate;
        });
        conformance::check(&small, 6, matches * 3 / 10, 0x7EB);
    }
}

crate::sampled! {
    fn conformance_with_the_new_parameters_other_values(matches = 5_000, sample = 200) {
        // DZ-8, DZ-10 and DZ-11's alternatives, with a small deck so the draw pile runs out.
        for (k, next) in [NextStarter::Seat0, NextStarter::Rotate].into_iter().enumerate() {
            let g = game_with(|r| {
                r.roll_off_tie = RollOffTie::PlayerKeeps;
                r.reach_bound = ReachBound::AnyClock;
                r.next_starter = next;
                r.copies_per_number = 3;
            });
            let report = conformance::check(&g, 5, matches, 0xD2 + k as u64);
            assert_eq!(report.capped, 0);
        }
    }
}
