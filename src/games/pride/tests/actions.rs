//! Special actions (seed "SPECIAL ACTIONS", PP-6 to PP-9, PP-13, PP-14, PP-20, PP-23).

use super::*;
use crate::games::pride::state::Marks;

fn recount(g: &Pride, m: &mut Marks) {
    m.score = score::recount(g.layout(), m);
}

/// The starter has played the white 6 into Diamond A:6 (a heart icon) with the blue die.
fn heart_from_diamond(g: &Pride, prepare: impl FnOnce(&mut Marks)) -> PrideState {
    let mut s = table(g, 2, [6, 2, 2, 2, 5], |s| {
        prepare(&mut s.sheets[0]);
        recount(g, &mut s.sheets[0]);
    });
    g.apply(&mut s, PrideAction::Pick(0, 4));
    g.apply(&mut s, place(g, 0, DIAMOND, "A:6"));
    s
}

#[test]
fn a_heart_icon_goes_to_its_own_suitors_romance_tracks_pp6() {
    let g = game();
    let s = heart_from_diamond(&g, |_| {});
    // Diamond (top left) is on link 0 (with Heart) and link 3 (with Dance Card).
    assert_eq!(legal(&g, &s), vec![PrideAction::Romance(0), PrideAction::Romance(3)]);
}

#[test]
fn a_heart_goes_to_another_suitor_when_its_own_tracks_are_full_pp14() {
    let g = game();
    let s = heart_from_diamond(&g, |m| {
        m.romance[0][0] = 4;
        m.romance[3][0] = 4;
    });
    assert_eq!(legal(&g, &s), vec![PrideAction::Romance(1), PrideAction::Romance(2)]);
}

#[test]
fn a_completed_romance_track_gives_its_dice_box_pp7_pp13() {
    let g = game();
    let mut s = heart_from_diamond(&g, |m| m.romance[0][0] = 3);
    let before = s.sheets[0].score;
    g.apply(&mut s, PrideAction::Romance(0));
    assert_eq!(s.sheets[0].score - before, 10, "a match is 10 points");
    assert_eq!(s.ctx.top(), Some(super::super::state::EXTRA));
    assert_eq!(s.sheets[0].counters.extra_gained, 1);
}

/// Dance Card row 1 full but for `missing`; the starter plays a white of that column.
fn dance_row(g: &Pride, missing: &str, white: u8) -> PrideState {
    let mut s = table(g, 2, [white, 1, 1, 1, 1], |s| {
        let row1: u32 = (1..=6).map(|c| 1u32 << at(g, DANCE, &format!("c{c}r1"))).sum();
        fill(g, &mut s.sheets[0], DANCE, row1 & !(1 << at(g, DANCE, missing)), 1);
    });
    g.apply(&mut s, PrideAction::Pick(0, 3));
    g.apply(&mut s, place(g, 0, DANCE, missing));
    s
}

#[test]
fn a_complete_dance_card_row_crosses_the_fan_from_the_handle_pp4_pp8() {
    let g = game();
    let s = dance_row(&g, "c6r1", 6);
    // Each half starts at the box closest to the handle: boxes 0 and 7.
    assert_eq!(legal(&g, &s), vec![PrideAction::Fan(0), PrideAction::Fan(7)]);
}

#[test]
fn a_fan_half_unlocks_in_order_and_its_hearts_go_anywhere_pp8_pp20() {
    let g = game();
    let mut s = table(&g, 2, [6, 1, 1, 1, 1], |s| {
        let row1: u32 = (1..=5).map(|c| 1u32 << at(&g, DANCE, &format!("c{c}r1"))).sum();
        fill(&g, &mut s.sheets[0], DANCE, row1, 1);
        s.sheets[0].fan = 1; // half 1's central box at the handle
    });
    g.apply(&mut s, PrideAction::Pick(0, 3));
    g.apply(&mut s, place(&g, 0, DANCE, "c6r1"));
    // Half 1: the next central box (1) and the two outer icons central box 0 unlocked (3, 4);
    // half 2: its first central box (7).
    assert_eq!(
        legal(&g, &s),
        vec![PrideAction::Fan(1), PrideAction::Fan(3), PrideAction::Fan(4), PrideAction::Fan(7)]
    );
    g.apply(&mut s, PrideAction::Fan(3));
    // An outer heart: any suitor's heart track.
    assert_eq!(legal(&g, &s), (0..4).map(PrideAction::Romance).collect::<Vec<_>>());
}

#[test]
fn the_marks_own_icon_comes_before_the_row_bonus_pp23() {
    let g = game();
    // c2r1 carries a heart and completes row 1.
    let mut s = dance_row(&g, "c2r1", 2);
    // Dance Card (bottom left) is on link 2 (with Flowers) and link 3 (with Diamond).
    assert_eq!(legal(&g, &s), vec![PrideAction::Romance(2), PrideAction::Romance(3)]);
    g.apply(&mut s, PrideAction::Romance(2));
    assert_eq!(legal(&g, &s), vec![PrideAction::Fan(0), PrideAction::Fan(7)]);
}

#[test]
fn a_dice_icon_gives_an_extra_die_of_any_colour_and_number_pp13_pp24() {
    let g = game();
    let w13: u32 = (1..=3).map(|b| 1u32 << at(&g, FLOWERS, &format!("white {b}"))).sum();
    let mut s = table(&g, 2, [4, 2, 2, 2, 3], |s| fill(&g, &mut s.sheets[0], FLOWERS, w13, 5));
    g.apply(&mut s, PrideAction::Pick(0, 3));
    g.apply(&mut s, place(&g, 0, FLOWERS, "white 4"));
    let options = legal(&g, &s);
    // No blue die was chosen, yet the extra die may be blue and take the Diamond's top.
    let extra = |p: usize, name: &str, number: u8| PrideAction::Extra {
        puzzle: p as u8,
        cell: at(&g, p, name),
        number,
    };
    assert!(options.contains(&extra(DIAMOND, "A:6", 6)));
    for v in 1..=6 {
        assert!(options.contains(&extra(FLOWERS, "white 5", v)), "any number in a Flowers box");
        assert!(options.contains(&extra(HEART, "b1", 1)));
    }
    assert!(!options.contains(&extra(HEART, "b1", 2)), "the Heart's first box is a 1");
    assert_eq!(options.last(), Some(&PrideAction::Skip), "using it is optional (PP-23)");
    g.apply(&mut s, PrideAction::Skip);
    assert_eq!(s.sheets[0].counters.extra_unused, 1);
    assert_eq!(s.sheets[0].counters.extra_gained, 1);
}

#[test]
fn an_fp_box_costs_a_faux_pas_cross_and_a_full_row_nothing_pp9() {
    let g = game();
    for (before, crosses) in [(3, 1), (4, 0)] {
        let mut s = table(&g, 2, [3, 3, 3, 3, 3], |s| s.sheets[0].chaperone[2] = before);
        while s.actor() == 0 {
            let a = legal(&g, &s)[0];
            g.apply(&mut s, a);
        }
        let m = &s.sheets[0];
        assert_eq!(m.chaperone[2], 4);
        assert_eq!((m.faux_pas, m.counters.fp_chaperone), (crosses, crosses));
    }
}

#[test]
fn faux_pas_crosses_past_a_full_track_are_not_recorded_pp22() {
    let g = game();
    let mut s = table(&g, 2, [3, 3, 3, 3, 3], |s| {
        s.sheets[0].chaperone[2] = 3;
        s.sheets[0].faux_pas = 6;
        recount(&g, &mut s.sheets[0]);
    });
    while s.actor() == 0 {
        let a = legal(&g, &s)[0];
        g.apply(&mut s, a);
    }
    assert_eq!(s.sheets[0].faux_pas, 6);
    assert_eq!(s.sheets[0].counters.fp_chaperone, 1);
    assert_eq!(score::parts(g.layout(), &s.sheets[0])[5], -30);
}
