//! Dice placement rules (seed "DICE PLACEMENT RULES"), colour gates (PP-24) and the
//! must-play rule (PP-12, PP-16, PP-25).

use super::*;

fn places(s: &PrideState) -> Vec<(u8, usize, u8)> {
    legal(&game(), s)
        .into_iter()
        .filter_map(|a| match a {
            PrideAction::Place { slot, puzzle, cell } => Some((slot, puzzle as usize, cell)),
            _ => None,
        })
        .collect()
}

fn picked(g: &Pride, s: &mut PrideState, i: u8, j: u8) {
    assert!(legal(g, s).contains(&PrideAction::Pick(i, j)), "{:?}", legal(g, s));
    g.apply(s, PrideAction::Pick(i, j));
}

#[test]
fn diamond_needs_a_blue_chosen_die_and_takes_the_white_number_pp24() {
    let g = game();
    // White 6 with the red die: no Diamond (seed: "only ... if one of your chosen dice is BLUE").
    let mut s = table(&g, 2, [6, 2, 2, 2, 5], |_| {});
    picked(&g, &mut s, 0, 3);
    assert!(places(&s).iter().all(|&(_, p, _)| p != DIAMOND), "{:?}", places(&s));
    // White 6 with the blue 5: the white 6 may go on either Diamond track's top box.
    let mut s = table(&g, 2, [6, 2, 2, 2, 5], |_| {});
    picked(&g, &mut s, 0, 4);
    let d: Vec<_> = places(&s).into_iter().filter(|&(_, p, _)| p == DIAMOND).collect();
    assert_eq!(d, vec![(0, DIAMOND, at(&g, DIAMOND, "A:6")), (0, DIAMOND, at(&g, DIAMOND, "B:6"))]);
}

#[test]
fn heart_needs_a_red_chosen_die_pp24() {
    let g = game();
    let mut s = table(&g, 2, [1, 3, 3, 2, 4], |_| {});
    picked(&g, &mut s, 0, 4);
    assert!(places(&s).iter().all(|&(_, p, _)| p != HEART));
    let mut s = table(&g, 2, [1, 3, 3, 2, 4], |_| {});
    picked(&g, &mut s, 0, 3);
    assert!(
        places(&s).contains(&(0, HEART, at(&g, HEART, "b1"))),
        "the white 1 takes the Heart's first box"
    );
}

#[test]
fn diamond_topmost_empty_box_of_a_track_no_gaps() {
    let g = game();
    let a6 = 1 << at(&g, DIAMOND, "A:6");
    let mut s = table(&g, 2, [5, 4, 4, 4, 6], |s| fill(&g, &mut s.sheets[0], DIAMOND, a6, 0));
    picked(&g, &mut s, 0, 4);
    let d: Vec<_> = places(&s).into_iter().filter(|&(_, p, _)| p == DIAMOND).collect();
    // The 5 goes under the crossed 6 of track A, never to B's row 5 (a gap); the blue 6 to B.
    assert_eq!(d, vec![(0, DIAMOND, at(&g, DIAMOND, "A:5")), (1, DIAMOND, at(&g, DIAMOND, "B:6"))]);
    // A 4 has no Diamond box yet.
    let mut s = table(&g, 2, [4, 4, 4, 4, 4], |s| fill(&g, &mut s.sheets[0], DIAMOND, a6, 0));
    picked(&g, &mut s, 0, 4);
    assert!(places(&s).iter().all(|&(_, p, _)| p != DIAMOND));
}

#[test]
fn diamond_track_a_branches_after_row_4_pp2() {
    let g = game();
    let top = [at(&g, DIAMOND, "A:6"), at(&g, DIAMOND, "A:5"), at(&g, DIAMOND, "A:4")];
    let mask = top.iter().fold(0, |m, &b| m | 1 << b);
    let mut s = table(&g, 2, [3, 1, 1, 1, 1], |s| fill(&g, &mut s.sheets[0], DIAMOND, mask, 0));
    picked(&g, &mut s, 0, 4);
    let d: Vec<_> = places(&s).into_iter().filter(|&(_, p, _)| p == DIAMOND).map(|x| x.2).collect();
    let names = &g.layout().puzzles[DIAMOND].names;
    let d: Vec<&str> = d.iter().map(|&b| names[b as usize].as_str()).collect();
    assert_eq!(d, vec!["A1:3", "A2:3"]);
}

#[test]
fn heart_labels_blank_boxes_and_two_number_boxes_pp3_pp21() {
    let g = game();
    let first_two = (1 << at(&g, HEART, "b1")) | (1 << at(&g, HEART, "b2"));
    // b3 is blank: any number, and the number is written.
    let mut s = table(&g, 2, [5, 1, 1, 5, 1], |s| fill(&g, &mut s.sheets[0], HEART, first_two, 1));
    picked(&g, &mut s, 0, 3);
    assert!(places(&s).contains(&(1, HEART, at(&g, HEART, "b3"))));
    g.apply(&mut s, place(&g, 1, HEART, "b3"));
    assert_eq!(s.sheets[0].written(0, 2), 5);
    assert_eq!(score::parts(g.layout(), &s.sheets[0])[1], 1 + 2 + 5);
    // b4 is "3": a 4 does not fit; b5 is "2/4": after b4, a 4 fits and scores 4.
    let upto3 = first_two | 1 << 2;
    let mut s = table(&g, 2, [4, 1, 1, 4, 1], |s| fill(&g, &mut s.sheets[0], HEART, upto3, 6));
    picked(&g, &mut s, 0, 3);
    assert!(places(&s).iter().all(|&(_, p, _)| p != HEART), "a 4 cannot take the 3 box");
    let upto4 = upto3 | 1 << 3;
    let mut s = table(&g, 2, [4, 1, 1, 4, 1], |s| fill(&g, &mut s.sheets[0], HEART, upto4, 6));
    picked(&g, &mut s, 0, 3);
    g.apply(&mut s, place(&g, 0, HEART, "b5"));
    assert_eq!(s.sheets[0].written(0, 4), 4, "PP-21: the two-number box scores the die's number");
}

#[test]
fn dance_card_bottommost_empty_box_of_the_die_column_pp4() {
    let g = game();
    let c3r1 = 1 << at(&g, DANCE, "c3r1");
    let mut s = table(&g, 2, [3, 1, 1, 1, 1], |s| fill(&g, &mut s.sheets[0], DANCE, c3r1, 0));
    picked(&g, &mut s, 0, 3);
    let d: Vec<_> =
        places(&s).into_iter().filter(|&(slot, p, _)| p == DANCE && slot == 0).collect();
    assert_eq!(d, vec![(0, DANCE, at(&g, DANCE, "c3r2"))]);
}

#[test]
fn flowers_leftmost_box_of_the_die_colour_row_pp5() {
    let g = game();
    let w1 = 1 << at(&g, FLOWERS, "white 1");
    let mut s = table(&g, 2, [2, 2, 2, 4, 1], |s| fill(&g, &mut s.sheets[0], FLOWERS, w1, 3));
    picked(&g, &mut s, 0, 3);
    let f: Vec<_> = places(&s).into_iter().filter(|&(_, p, _)| p == FLOWERS).collect();
    assert_eq!(
        f,
        vec![(0, FLOWERS, at(&g, FLOWERS, "white 2")), (1, FLOWERS, at(&g, FLOWERS, "red 1"))]
    );
    g.apply(&mut s, place(&g, 1, FLOWERS, "red 1"));
    assert_eq!(
        s.sheets[0].written(1, at(&g, FLOWERS, "red 1") as usize),
        4,
        "the number is written"
    );
}

#[test]
fn must_play_when_only_one_die_can_be_played_pp12_pp16() {
    let g = game();
    // Everything full but Dance Card columns 5 and 6 (so that no row completes): of 6, 1,
    // 1, 1, 1 only the 6 can be played.
    let mut s = table(&g, 2, [6, 1, 1, 1, 1], |s| {
        for p in PUZZLES {
            let mut boxes = all(&g, p);
            if p == DANCE {
                for r in 1..=4 {
                    boxes &= !(1 << at(&g, DANCE, &format!("c5r{r}")));
                    boxes &= !(1 << at(&g, DANCE, &format!("c6r{r}")));
                }
            }
            fill(&g, &mut s.sheets[0], p, boxes, 1);
        }
    });
    // Only pairs with the 6 are offered: they play 1 die, the others none.
    assert_eq!(legal(&g, &s), vec![PrideAction::Pick(0, 3), PrideAction::Pick(0, 4)]);
    g.apply(&mut s, PrideAction::Pick(0, 3));
    // The 6 was placed (a single option), the red 1 is a Faux Pas cross, the chaperone took
    // the only number left (1): the starter's turn is over.
    let m = &s.sheets[0];
    assert_ne!(m.marks[DANCE] & (1 << at(&g, DANCE, "c6r1")), 0);
    assert_eq!((m.faux_pas, m.counters.fp_dice), (1, 1));
    assert_eq!(m.chaperone[0], 1);
    // PP-16: the others choose from the 4 dice the starting player did not play.
    assert_eq!(s.actor(), 1);
    assert_eq!(s.pool, 0b1_1110);
    assert_eq!(s.ctx.candidates, 0b1_1110);
    assert!(!s.ctx.white_and_coloured);
}

#[test]
fn a_waiting_die_keeps_its_last_box_pp25() {
    let g = game();
    // Flowers' red and blue rows and Dance Card column 1 are full: a red 1 fits only the
    // Heart's first box; a white 1 fits there or in the white Flowers row.
    let mut s = table(&g, 2, [1, 5, 5, 1, 5], |s| {
        let pz = &g.layout().puzzles[FLOWERS];
        let white = pz.accept_col[0];
        fill(&g, &mut s.sheets[0], FLOWERS, pz.all() & !white, 3);
        let c1: u32 = (1..=4).map(|r| 1u32 << at(&g, DANCE, &format!("c1r{r}"))).sum();
        fill(&g, &mut s.sheets[0], DANCE, c1, 1);
    });
    picked(&g, &mut s, 0, 3);
    assert_eq!(
        places(&s),
        vec![(0, FLOWERS, at(&g, FLOWERS, "white 1")), (1, HEART, at(&g, HEART, "b1"))],
        "the white 1 may not take the red 1's only box"
    );
}

/// Resolve the icon actions a placement started (the first option each time), until the
/// seat's turn is back at its chosen dice or past them.
fn take_actions(g: &Pride, s: &mut PrideState) {
    while s.ctx.seat == 0 && s.ctx.depth > 0 {
        let first = legal(g, s)[0];
        g.apply(s, first);
    }
}

#[test]
fn a_pair_counted_as_2_stays_placeable_pp27() {
    // Found in a trace (`--players 2 --seed 11 --match 3`, steps 168-170): white 2 + red 5
    // with a playable count of 2. The red 5 may go to Heart b6, which opens b7 (blank) for
    // the white 2, or to the Dance Card's c5r2, after which the white 2 has no box: that
    // placement is not allowed, so the red 5 has one option and both dice are placed.
    let g = game();
    let mut s = table(&g, 2, [2, 4, 4, 5, 6], |s| {
        let m = &mut s.sheets[0];
        fill(&g, m, FLOWERS, all(&g, FLOWERS), 3);
        let heart: u32 = (1..=5).map(|b| 1u32 << at(&g, HEART, &format!("b{b}"))).sum();
        fill(&g, m, HEART, heart, 1);
        let mut dance: u32 = (1..=4).map(|r| 1u32 << at(&g, DANCE, &format!("c2r{r}"))).sum();
        dance |= 1 << at(&g, DANCE, "c5r1");
        fill(&g, m, DANCE, dance, 0);
    });
    picked(&g, &mut s, 0, 3);
    // b6's heart icon goes to a romance track first (a choice); then the white 2 is placed.
    assert_eq!(s.ctx.waiting, 0b01, "the red 5 was placed at once, its only option");
    take_actions(&g, &mut s);
    let m = &s.sheets[0];
    assert_ne!(m.marks[HEART] & (1 << at(&g, HEART, "b6")), 0, "the red 5 took b6");
    assert_ne!(m.marks[HEART] & (1 << at(&g, HEART, "b7")), 0, "the white 2 took b7");
    assert_eq!(m.marks[DANCE] & (1 << at(&g, DANCE, "c5r2")), 0);
    assert_eq!((m.faux_pas, m.counters.fp_dice), (0, 0));
}

#[test]
fn two_dice_with_the_same_one_box_either_may_take_it_pp28() {
    let g = game();
    // Only the Heart's first box takes a 1 (Flowers and Dance Card column 1 full): the
    // white 1 and the red 1 both need it, a playable count of 1. Either may be placed; the
    // other is a Faux Pas cross.
    let setup = |s: &mut PrideState| {
        fill(&g, &mut s.sheets[0], FLOWERS, all(&g, FLOWERS), 3);
        let c1: u32 = (1..=4).map(|r| 1u32 << at(&g, DANCE, &format!("c1r{r}"))).sum();
        fill(&g, &mut s.sheets[0], DANCE, c1, 1);
    };
    let mut s = table(&g, 2, [1, 1, 1, 1, 1], setup);
    picked(&g, &mut s, 0, 3);
    let b1 = at(&g, HEART, "b1");
    assert_eq!(places(&s), vec![(0, HEART, b1), (1, HEART, b1)]);
    for slot in 0..2 {
        let mut t = s;
        g.apply(&mut t, place(&g, slot, HEART, "b1"));
        take_actions(&g, &mut t);
        let m = &t.sheets[0];
        assert_ne!(m.marks[HEART] & (1 << b1), 0);
        assert_eq!((m.faux_pas, m.counters.fp_dice), (1, 1), "slot {slot} placed, the other not");
    }
}

/// PP-24 and the boxes' numbers and colours: the layout's tables of the boxes a die fits and
/// of the gates a pair of dice opens, which the engine reads instead of each puzzle's masks,
/// say exactly what the puzzles' masks and gates say, for every die and every set of colours.
#[test]
fn the_fits_and_gate_tables_are_the_puzzles_masks_and_gates_pp24() {
    let g = game();
    let l = g.layout();
    for (p, pz) in l.puzzles.iter().enumerate() {
        for num in 1..=6u8 {
            for col in 0..3u8 {
                for gates in 0..8u8 {
                    let open = pz.gate.is_none_or(|gate| gates & (1 << gate) != 0);
                    let by_masks = if open {
                        pz.accept_num[num as usize] & pz.accept_col[col as usize]
                    } else {
                        0
                    };
                    let die = engine::Die { num, col };
                    assert_eq!(
                        engine::accept(l, p, die, gates),
                        by_masks,
                        "{p} {num} {col} {gates}"
                    );
                }
            }
        }
    }
    // The gates are real: some die fits some puzzle only with its gate's colour chosen.
    assert!(l.puzzles.iter().any(|pz| pz.gate.is_some()));
}
