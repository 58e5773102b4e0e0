//! Option kinds (`option_kinds.rs`): which kinds the rulebook's choices belong to, that the
//! declaration is well formed and every kind is reachable, and that a kind never reads what
//! the mover cannot see (PP-11: the others' simultaneous turns stay hidden).

use std::collections::BTreeSet;

use rand::RngExt;

use super::*;
use crate::core::options::{KindSet, check_kinds};
use crate::core::{Rng, Turn, derive_rng};

/// The ids of the kinds in `set`, sorted.
fn ids(g: &Pride, set: KindSet) -> Vec<String> {
    let kinds = g.option_kinds(4);
    let mut v: Vec<String> = set.iter().map(|k| kinds[k].id.clone()).collect();
    v.sort();
    v
}

/// The ids of action `a`'s kinds in `s`.
fn kinds(g: &Pride, s: &PrideState, a: PrideAction) -> Vec<String> {
    ids(g, g.action_kinds(s, a))
}

fn expect(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn the_declaration_is_well_formed_and_the_same_for_every_player_count() {
    let g = game();
    let kinds = g.option_kinds(4);
    check_kinds(&kinds).unwrap();
    assert!((8..=60).contains(&kinds.len()), "{} kinds", kinds.len());
    for players in g.seats() {
        assert_eq!(g.option_kinds(players), kinds, "{players} players");
    }
    // No rule parameter sets a point value: they are all in the sheet file.
    assert!(kinds.iter().all(|k| k.lever.is_none()));
    // The default sheet: 4 picks by colour, 6 by number, 4 puzzles, 6 Diamond rows, 3 Heart
    // labels, 4 Dance Card rows, 3 Flowers rows, 4 box icons, a Dance Card row, 2 extra-die
    // choices, 8 romance tracks and a match, 3 fan boxes, 3 chaperone costs.
    assert_eq!(kinds.len(), 4 + 6 + 4 + 6 + 3 + 4 + 3 + 4 + 1 + 2 + 8 + 1 + 3 + 3);
}

/// Every index the classifier answers with names the kind its field is for.
#[test]
fn the_classifiers_indices_agree_with_the_ids() {
    let g = game();
    let t = &g.kinds;
    let kinds = g.option_kinds(4);
    let id = |i: usize| kinds[i].id.as_str();
    let colours = ["pick_two_white", "pick_white_red", "pick_white_blue", "pick_red_blue"];
    for (i, want) in t.pick_colours.iter().zip(colours) {
        assert_eq!(id(*i), want);
    }
    for v in 1..=6 {
        assert_eq!(id(t.pick_number[v]), format!("pick_{v}"));
    }
    assert_eq!(id(t.row_done), "complete_dance_card_row");
    assert_eq!(id(t.extra_used), "extra_die_used");
    assert_eq!(id(t.extra_passed), "extra_die_passed");
    assert_eq!(id(t.track_done), "complete_romance_track");
    assert_eq!(id(t.tracks[0][0]), "hearts_diamond_heart");
    assert_eq!(id(t.tracks[3][1]), "diamonds_dance_card_diamond");
    assert_eq!(id(t.chaperone_free), "chaperone_free_box");
    assert_eq!(id(t.chaperone_faux_pas), "chaperone_faux_pas");
    assert_eq!(id(t.chaperone_full), "chaperone_full_row");
    // Every box belongs to its puzzle and to exactly one scoring class of it.
    let l = g.layout();
    for (p, prefix) in [(DIAMOND, "diamond_row_"), (HEART, "heart_"), (DANCE, "dance_card_row_")]
        .into_iter()
        .chain([(FLOWERS, "flowers_")])
    {
        for x in bits(l.puzzles[p].all()) {
            let set = ids(&g, t.boxes[p][x]);
            assert!(set.contains(&format!("mark_{}", super::super::sheet::SUITOR_KEYS[p])));
            assert_eq!(set.iter().filter(|k| k.starts_with(prefix)).count(), 1, "{p} {x}");
        }
    }
}

/// PP-11, PP-24: the starting player plays 1 white and 1 coloured die; a pick is its colour
/// pair and the numbers its dice show.
#[test]
fn a_pick_is_its_colour_pair_and_its_numbers_pp11_pp24() {
    let g = game();
    let mut s = table(&g, 2, [6, 2, 2, 2, 5], |_| {});
    let options = legal(&g, &s);
    assert!(
        options.contains(&PrideAction::Pick(0, 4)) && options.contains(&PrideAction::Pick(1, 3))
    );
    assert_eq!(
        kinds(&g, &s, PrideAction::Pick(0, 4)),
        expect(&["pick_white_blue", "pick_6", "pick_5"])
    );
    assert_eq!(kinds(&g, &s, PrideAction::Pick(1, 3)), expect(&["pick_white_red", "pick_2"]));
    // PP-16: the next player chooses 2 of the 3 dice the starter did not play.
    g.apply(&mut s, PrideAction::Pick(0, 4));
    while s.actor() == 0 {
        let a = legal(&g, &s)[0];
        g.apply(&mut s, a);
    }
    assert!(legal(&g, &s).contains(&PrideAction::Pick(1, 2)));
    assert_eq!(kinds(&g, &s, PrideAction::Pick(1, 2)), expect(&["pick_two_white", "pick_2"]));
}

/// PP-17: solo, any two of the five dice, so the red and the blue together.
#[test]
fn solo_may_play_the_red_and_the_blue_die_pp17() {
    let g = game();
    let s = table(&g, 1, [1, 2, 3, 4, 5], |_| {});
    assert!(legal(&g, &s).contains(&PrideAction::Pick(3, 4)));
    assert_eq!(
        kinds(&g, &s, PrideAction::Pick(3, 4)),
        expect(&["pick_red_blue", "pick_4", "pick_5"])
    );
}

/// PP-2, PP-26: Diamond A:6 is row 6 (1 point) and carries a heart; PP-7: the heart goes to
/// one of the Diamond's two links, the one at 3 of 4 completes it (a match).
#[test]
fn a_diamond_box_is_its_row_and_icon_and_a_heart_its_track_pp2_pp7() {
    let g = game();
    let mut s = table(&g, 2, [6, 2, 2, 2, 5], |s| s.sheets[0].romance[0][0] = 3);
    g.apply(&mut s, PrideAction::Pick(0, 4));
    let a6 = place(&g, 0, DIAMOND, "A:6");
    assert!(legal(&g, &s).contains(&a6));
    assert_eq!(kinds(&g, &s, a6), expect(&["mark_diamond", "diamond_row_6", "box_heart_icon"]));
    g.apply(&mut s, a6);
    assert_eq!(legal(&g, &s), vec![PrideAction::Romance(0), PrideAction::Romance(3)]);
    assert_eq!(
        kinds(&g, &s, PrideAction::Romance(0)),
        expect(&["hearts_diamond_heart", "complete_romance_track"])
    );
    assert_eq!(kinds(&g, &s, PrideAction::Romance(3)), expect(&["hearts_dance_card_diamond"]));
    // The match's dice box (PP-7, PP-13): an extra die, placed or passed.
    g.apply(&mut s, PrideAction::Romance(0));
    let options = legal(&g, &s);
    assert_eq!(options.last(), Some(&PrideAction::Skip));
    assert_eq!(kinds(&g, &s, PrideAction::Skip), expect(&["extra_die_passed"]));
    let extra = PrideAction::Extra { puzzle: HEART as u8, cell: at(&g, HEART, "b1"), number: 1 };
    assert!(options.contains(&extra));
    assert_eq!(
        kinds(&g, &s, extra),
        expect(&["mark_heart", "heart_one_number", "box_heart_icon", "extra_die_used"])
    );
}

/// PP-2, PP-26: Diamond A:5 (row 5) carries a diamond, which goes to a diamond track.
#[test]
fn a_diamond_icon_crosses_a_diamond_track_pp6_pp7() {
    let g = game();
    let mut s = table(&g, 2, [5, 2, 2, 2, 3], |s| {
        fill(&g, &mut s.sheets[0], DIAMOND, 1 << at(&g, DIAMOND, "A:6"), 6)
    });
    g.apply(&mut s, PrideAction::Pick(0, 4));
    let a5 = place(&g, 0, DIAMOND, "A:5");
    assert_eq!(kinds(&g, &s, a5), expect(&["mark_diamond", "diamond_row_5", "box_diamond_icon"]));
    g.apply(&mut s, a5);
    assert_eq!(legal(&g, &s), vec![PrideAction::Romance(0), PrideAction::Romance(3)]);
    assert_eq!(kinds(&g, &s, PrideAction::Romance(0)), expect(&["diamonds_diamond_heart"]));
    assert_eq!(kinds(&g, &s, PrideAction::Romance(3)), expect(&["diamonds_dance_card_diamond"]));
}

/// PP-3, PP-21: Heart boxes by label: one number ("1"), two numbers ("2/4"), blank.
#[test]
fn heart_boxes_are_one_number_two_numbers_or_blank_pp3_pp21() {
    let g = game();
    let t = &g.kinds;
    let of = |name: &str| ids(&g, t.boxes[HEART][at(&g, HEART, name) as usize]);
    assert_eq!(of("b1"), expect(&["mark_heart", "heart_one_number", "box_heart_icon"]));
    assert_eq!(of("b3"), expect(&["mark_heart", "heart_blank", "box_diamond_icon"]));
    assert_eq!(of("b4"), expect(&["mark_heart", "heart_one_number", "box_dice_icon"]));
    assert_eq!(of("b5"), expect(&["mark_heart", "heart_two_numbers"]));
    assert_eq!(of("b12"), expect(&["mark_heart", "heart_two_numbers", "box_fan_icon"]));
}

/// PP-5: Flowers boxes by row colour; PP-4: Dance Card boxes by row.
#[test]
fn flowers_and_dance_card_boxes_are_their_rows_pp4_pp5() {
    let g = game();
    let t = &g.kinds;
    let of = |p: usize, name: &str| ids(&g, t.boxes[p][at(&g, p, name) as usize]);
    assert_eq!(of(FLOWERS, "red 1"), expect(&["mark_flowers", "flowers_red", "box_heart_icon"]));
    assert_eq!(of(FLOWERS, "blue 2"), expect(&["mark_flowers", "flowers_blue", "box_fan_icon"]));
    assert_eq!(of(FLOWERS, "white 2"), expect(&["mark_flowers", "flowers_white"]));
    assert_eq!(
        of(DANCE, "c1r2"),
        expect(&["mark_dance_card", "dance_card_row_2", "box_dice_icon"])
    );
    assert_eq!(of(DANCE, "c6r4"), expect(&["mark_dance_card", "dance_card_row_4"]));
}

/// PP-4: the mark completing a Dance Card row is also "complete a Dance Card row"; its fan
/// bonus (PP-8, PP-20) starts at a central box, whose crossing unlocks outer icons.
#[test]
fn completing_a_dance_card_row_and_the_fan_pp4_pp8_pp20() {
    let g = game();
    let mut s = table(&g, 2, [6, 1, 1, 1, 1], |s| {
        let row1: u32 = (1..=5).map(|c| 1u32 << at(&g, DANCE, &format!("c{c}r1"))).sum();
        fill(&g, &mut s.sheets[0], DANCE, row1, 1);
        s.sheets[0].fan = 1; // half 1's central box at the handle
    });
    g.apply(&mut s, PrideAction::Pick(0, 3));
    let c6 = place(&g, 0, DANCE, "c6r1");
    assert_eq!(
        kinds(&g, &s, c6),
        expect(&["mark_dance_card", "dance_card_row_1", "complete_dance_card_row"])
    );
    // Not every Dance Card mark completes a row.
    let c1r2 = PrideAction::Place { slot: 0, puzzle: DANCE as u8, cell: at(&g, DANCE, "c1r2") };
    assert!(!kinds(&g, &s, c1r2).contains(&"complete_dance_card_row".to_string()));
    g.apply(&mut s, c6);
    assert_eq!(
        legal(&g, &s),
        vec![PrideAction::Fan(1), PrideAction::Fan(3), PrideAction::Fan(4), PrideAction::Fan(7)]
    );
    assert_eq!(kinds(&g, &s, PrideAction::Fan(1)), expect(&["fan_central"]));
    assert_eq!(kinds(&g, &s, PrideAction::Fan(7)), expect(&["fan_central"]));
    assert_eq!(kinds(&g, &s, PrideAction::Fan(3)), expect(&["fan_heart"]));
    assert_eq!(kinds(&g, &s, PrideAction::Fan(4)), expect(&["fan_diamond"]));
}

/// PP-9: the chaperone number by its cost: a free box, the FP box (a Faux Pas cross), or a
/// full row (nothing); the kinds agree with what marking it does.
#[test]
fn the_chaperone_number_is_its_cost_pp9() {
    let g = game();
    let mut s = table(&g, 2, [1, 2, 3, 4, 5], |s| {
        // Rows of 2 and 3 have 3 and 4 crosses: the next 2 is the FP box, a 3 costs nothing.
        s.sheets[0].chaperone[1] = 3;
        s.sheets[0].chaperone[2] = 4;
    });
    g.apply(&mut s, PrideAction::Pick(0, 4));
    while s.ctx.step != Step::Chaperone {
        let a = legal(&g, &s)[0];
        g.apply(&mut s, a);
    }
    assert_eq!(
        legal(&g, &s),
        vec![PrideAction::Chaperone(2), PrideAction::Chaperone(3), PrideAction::Chaperone(4)]
    );
    assert_eq!(kinds(&g, &s, PrideAction::Chaperone(2)), expect(&["chaperone_faux_pas"]));
    assert_eq!(kinds(&g, &s, PrideAction::Chaperone(3)), expect(&["chaperone_full_row"]));
    assert_eq!(kinds(&g, &s, PrideAction::Chaperone(4)), expect(&["chaperone_free_box"]));
    for (v, crosses) in [(2, 1), (3, 0), (4, 0)] {
        let mut t = s;
        let before = t.sheets[0].faux_pas;
        g.apply(&mut t, PrideAction::Chaperone(v));
        assert_eq!(t.sheets[0].faux_pas - before, crosses, "chaperone {v}");
    }
}

/// Random play: every legal action's kinds, the union over `matches` matches (stopping once
/// every declared kind was seen), and at every decision the same kinds in the mover's
/// determinized views (eager and lazy): a kind reads only what the mover sees (PP-11).
fn random_play(g: &Pride, players: usize, matches: u64) -> KindSet {
    let declared = g.option_kinds(players).len();
    let (mut seen, mut legal) = (KindSet::EMPTY, Vec::new());
    for index in 0..matches {
        let mut rng: Rng = derive_rng(0x0C1D, index, players as u64);
        let mut s = g.new_state(players);
        loop {
            match g.turn(&s) {
                Turn::Over => break,
                Turn::Chance => g.sample_chance(&mut s, &mut rng),
                Turn::Player(seat) => {
                    g.legal_actions(&s, &mut legal);
                    let eager = g.determinize(&s, seat, &mut rng);
                    let views = [eager, g.determinize_lazy(&s, seat, &mut rng)];
                    for &a in &legal {
                        let k = g.action_kinds(&s, a);
                        assert!(k.highest().is_none_or(|i| i < declared), "{a:?}: {k:?}");
                        for v in &views {
                            assert_eq!(g.action_kinds(v, a), k, "{a:?} peeks");
                        }
                        seen = seen.union(k);
                    }
                    let a = legal[rng.random_range(0..legal.len())];
                    g.apply(&mut s, a);
                }
            }
        }
        if seen.len() == declared {
            break;
        }
    }
    seen
}

fn unseen(g: &Pride, players: usize, seen: KindSet) -> BTreeSet<String> {
    let kinds = g.option_kinds(players);
    (0..kinds.len()).filter(|&k| !seen.contains(k)).map(|k| kinds[k].id.clone()).collect()
}

/// Every declared kind is legal somewhere in a few hundred random matches at the default
/// player count (4) under the default rules, and the kinds never peek.
#[test]
fn every_kind_is_reachable_at_the_default_player_count() {
    let g = game();
    let players = g.default_players();
    let seen = random_play(&g, players, 300);
    assert_eq!(unseen(&g, players, seen), BTreeSet::new());
}

/// PP-18: everyone's choice is hidden until the round ends; the kinds still read only the
/// mover's own sheet and turn.
#[test]
fn kinds_do_not_peek_when_everyone_chooses_at_once_pp18() {
    let g = game_with(|r| r.all_at_once = AllAtOnce::Always);
    random_play(&g, 3, 20);
}
