//! Rounds, the end of the game, the variants' dice flows, scoring by hand, and hidden
//! simultaneous choices (PP-10, PP-11, PP-15 to PP-19, PP-21, PP-22). That the last
//! chooser's bots decide alike whatever the earlier choosers picked is in
//! `tests/it/pride_hidden.rs` (bots and games are sibling floors).

use std::hash::Hasher;

use super::*;
use crate::core::{Seat, derive_rng};

/// Apply the first legal action until `stop` holds.
fn play_first_until(g: &Pride, s: &mut PrideState, stop: impl Fn(&PrideState) -> bool) {
    while !stop(s) {
        let a = legal(g, s)[0];
        g.apply(s, a);
    }
}

fn observation(g: &Pride, s: &PrideState, seat: u8) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    g.observe(s, Seat(seat), &mut h);
    h.finish()
}

#[test]
fn a_full_faux_pas_track_ends_the_game_at_the_end_of_the_round_pp10_pp19() {
    let g = game();
    let mut s = table(&g, 3, [2, 3, 4, 5, 6], |s| {
        s.sheets[0].faux_pas = 6;
        s.sheets[0].score = score::recount(g.layout(), &s.sheets[0]);
    });
    play_first_until(&g, &mut s, |s| s.phase != Phase::Turn);
    assert_eq!(s.phase, Phase::Over);
    assert!(s.ended.faux_pas && !s.ended.matches);
    // Every player finished the round first (PP-19).
    for j in 0..3 {
        assert_eq!(s.sheets[j].chaperone.iter().sum::<u8>(), 1, "seat {j} played its round");
    }
    assert!(!g.outcome(&s).is_capped());
}

#[test]
fn a_match_on_every_link_ends_the_game_pp10() {
    let g = game();
    for (links, over) in [(4, true), (3, false)] {
        let mut s = table(&g, 2, [2, 3, 4, 5, 6], |s| {
            for k in 0..links {
                s.sheets[1].romance[k][k % 2] = 4;
            }
            s.sheets[1].score = score::recount(g.layout(), &s.sheets[1]);
        });
        play_first_until(&g, &mut s, |s| s.phase != Phase::Turn);
        assert_eq!(s.phase == Phase::Over, over, "{links} links matched");
        assert_eq!(s.ended.matches, over);
        if !over {
            // The player to the left starts the next round (G-4).
            assert_eq!((s.phase, s.starter), (Phase::Roll, 1));
        }
    }
}

#[test]
fn the_starting_player_passes_left_every_round() {
    let g = game();
    let mut s = g.new_state(3);
    let mut rng = derive_rng(5, 0, 0);
    let mut starters = Vec::new();
    while g.turn(&s) != crate::core::Turn::Over {
        if s.phase == Phase::Roll {
            g.sample_chance(&mut s, &mut rng);
            starters.push(s.starter);
        } else if s.phase == Phase::Reroll {
            g.sample_chance(&mut s, &mut rng);
        } else {
            let a = legal(&g, &s)[0];
            g.apply(&mut s, a);
        }
    }
    for (r, &st) in starters.iter().enumerate() {
        assert_eq!(st as usize, r % 3);
    }
    let mut m = vec![0; g.metric_names(3).len()];
    g.metrics(&s, &mut m);
    let names = g.metric_names(3);
    let started: i64 = (0..3)
        .map(|k| m[names.iter().position(|n| *n == format!("rounds_started_seat{k}")).unwrap()])
        .sum();
    assert_eq!(started, starters.len() as i64);
}

#[test]
fn each_score_part_of_a_filled_sheet_by_hand_pp21_pp22() {
    let g = game();
    let mut m = g.blank();
    let d = |n: &str| 1u32 << at(&g, DIAMOND, n);
    fill(&g, &mut m, DIAMOND, d("A:6") | d("A:5") | d("B:6"), 0); // 1 + 2 + 1
    fill(&g, &mut m, HEART, 0b011, 1); // "1", "2"
    fill(&g, &mut m, HEART, 0b111, 6); // the blank third box written 6 (b1, b2 stay)
    assert_eq!((m.written(0, 0), m.written(0, 1), m.written(0, 2)), (1, 2, 6));
    let row1: u32 = (1..=6).map(|c| 1u32 << at(&g, DANCE, &format!("c{c}r1"))).sum();
    fill(&g, &mut m, DANCE, row1 | 1 << at(&g, DANCE, "c1r2"), 0); // 6 x 1 + 2
    let f = |n: &str| 1u32 << at(&g, FLOWERS, n);
    fill(&g, &mut m, FLOWERS, f("white 1"), 5);
    fill(&g, &mut m, FLOWERS, f("white 1") | f("red 1"), 2);
    fill(&g, &mut m, FLOWERS, f("white 1") | f("red 1") | f("blue 1") | f("white 2"), 4);
    // fill rewrites every box it is given: set the column's numbers again.
    m.written[1] = 0;
    for (name, v) in [("white 1", 5u128), ("red 1", 2), ("blue 1", 4), ("white 2", 6)] {
        m.written[1] |= v << (4 * at(&g, FLOWERS, name) as u32);
    }
    m.romance[0][0] = 4; // heart track of link 0 complete
    m.romance[2][1] = 4; // diamond track of link 2 complete
    m.romance[1][0] = 3; // not complete
    m.faux_pas = 2;
    // Column 1 (5, 2, 4) scores 2 + 4; column 2 has only a white box.
    assert_eq!(score::parts(g.layout(), &m), [4, 1 + 2 + 6, 8, 6, 20, -10]);
    assert_eq!(score::recount(g.layout(), &m), 37);
}

#[test]
fn six_players_all_choose_from_the_same_roll_at_once_pp18() {
    let g = game();
    let mut s = table(&g, 6, [1, 2, 3, 4, 5], |_| {});
    assert!(s.all_at_once);
    for seat in 0..6 {
        assert_eq!(s.actor(), seat);
        assert_eq!((s.ctx.candidates, s.ctx.white_and_coloured), (0b1_1111, true));
        assert!(
            legal(&g, &s).iter().all(|a| matches!(a, PrideAction::Pick(i, j) if *i < 3 && *j >= 3))
        );
        play_first_until(&g, &mut s, |s| s.actor() != seat || s.phase != Phase::Turn);
        // Each chose 1 white + 1 coloured and marked one of the other 3 on the chaperone.
        assert_eq!(s.sheets[seat].chaperone.iter().sum::<u8>(), 1);
    }
    // The variant is a parameter: `always` at 2 players, `never` at 6.
    let g2 = game_with(|r| r.all_at_once = AllAtOnce::Always);
    assert!(g2.new_state(2).all_at_once);
    let g6 = game_with(|r| r.all_at_once = AllAtOnce::Never);
    assert!(!g6.new_state(6).all_at_once);
}

#[test]
fn solo_plays_two_rerolls_three_plays_two_and_chaperones_the_last_pp17() {
    let g = game();
    let mut s = table(&g, 1, [1, 2, 3, 4, 5], |_| {});
    // Any two of the five (two whites included) under the default reading.
    assert!(legal(&g, &s).contains(&PrideAction::Pick(0, 1)));
    g.apply(&mut s, PrideAction::Pick(0, 1));
    play_first_until(&g, &mut s, |s| s.phase != Phase::Turn);
    assert_eq!(s.phase, Phase::Reroll);
    assert_eq!(s.sheets[0].chaperone, [0; 6], "no chaperone mark after the first pick");
    // PP-26: only the three dice not picked are rolled again.
    g.sample_chance(&mut s, &mut ScriptedChance::new().dice([6, 6, 5]));
    assert_eq!(s.dice, [1, 2, 6, 6, 5]);
    assert_eq!(s.ctx.candidates, 0b1_1100);
    let picks = legal(&g, &s);
    assert!(picks.iter().all(|a| matches!(a, PrideAction::Pick(i, j) if *i >= 2 && *j >= 2)));
    g.apply(&mut s, PrideAction::Pick(2, 3));
    play_first_until(&g, &mut s, |s| s.phase != Phase::Turn);
    // The last die (5) went to the chaperone track; the next round begins.
    assert_eq!(s.sheets[0].chaperone, [0, 0, 0, 0, 1, 0]);
    assert_eq!(s.phase, Phase::Roll);
    // The other reading: the first pick is 1 white + 1 coloured.
    let g = game_with(|r| r.solo_first_pick = SoloPick::WhiteAndColoured);
    let s = table(&g, 1, [1, 2, 3, 4, 5], |_| {});
    assert!(!legal(&g, &s).contains(&PrideAction::Pick(0, 1)));
}

/// A 3-player round where seat 0 (starter) played, and seat 1 played its turn with the
/// `which`-th option at every step; seat 2 is to choose.
fn last_chooser(g: &Pride, which: usize) -> PrideState {
    let mut s = table(g, 3, [1, 2, 3, 4, 5], |_| {});
    play_first_until(g, &mut s, |s| s.actor() != 0);
    while s.actor() == 1 {
        let options = legal(g, &s);
        let a = options[which.min(options.len() - 1)];
        g.apply(&mut s, a);
    }
    s
}

#[test]
fn earlier_choices_of_the_round_stay_hidden_until_everyone_has_chosen_pp11() {
    let g = game();
    let (a, b) = (last_chooser(&g, 0), last_chooser(&g, 1));
    assert_ne!(a.sheets[1], b.sheets[1], "seat 1 played two different turns");
    assert_eq!(observation(&g, &a, 2), observation(&g, &b, 2), "seat 2 cannot tell them apart");
    assert_eq!(observation(&g, &a, 0), observation(&g, &b, 0), "nor can the starting player");
    assert_ne!(observation(&g, &a, 1), observation(&g, &b, 1), "seat 1 knows its own sheet");
    // The starting player's turn is public: the others know which dice are left.
    assert_eq!(a.pool, b.pool);
    // Once the round is over, every sheet is shown.
    let (mut a2, mut b2) = (a, b);
    play_first_until(&g, &mut a2, |s| s.phase != Phase::Turn);
    play_first_until(&g, &mut b2, |s| s.phase != Phase::Turn);
    assert_ne!(observation(&g, &a2, 2), observation(&g, &b2, 2));
}

#[test]
fn trace_format_documents_pride_end_reasons_events_and_state_pp10() {
    // docs/trace-format.md once listed none of Pride's end reasons (PP-10, PP-19), points
    // events or state fields, so a trace's reader could not look them up.
    let doc = include_str!("../../../../docs/trace-format.md");
    let codes = ["`faux_pas`", "`matches`", "`matches_and_faux_pas`"];
    let fields = ["`sheets`", "`parts`", "`chaperone`", "`pool`", "`starter`"];
    for word in
        codes.iter().chain(&fields).chain(&["`dance_card`", "`romance`", "Pride & Preju-Dice"])
    {
        assert!(doc.contains(word), "docs/trace-format.md does not mention {word}");
    }
}
