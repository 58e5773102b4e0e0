//! The lazy determinization (what bots use, [`BotHooks::determinize_lazy`]): the others' hidden
//! turns of this round (PP-11; everyone at once from six players, PP-18; after the starting
//! player's public turn otherwise, PP-16) are left unplayed until the round ends, where a
//! chance event ([`Phase::Reveal`]) replays them. These tests hold it to the eager
//! `determinize`: the same replays, run later, on the same stream.

use rand::RngExt;

use super::*;
use crate::core::derive_rng;

/// A first round of `players` played with random choices (seed `seed`) until the player at
/// position `pos` is to choose.
fn at_position(g: &Pride, players: usize, pos: u8, seed: u64) -> PrideState {
    let mut s = g.new_state(players);
    let mut rng = derive_rng(seed, 0, 0);
    let mut legal = Vec::new();
    while !(s.phase == Phase::Turn && s.pos == pos) {
        match g.turn(&s) {
            GameTurn::Chance => g.sample_chance(&mut s, &mut rng),
            GameTurn::Player(_) => {
                g.legal_actions(&s, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                g.apply(&mut s, a);
            }
            GameTurn::Over => panic!("the match ended in its first round"),
        }
    }
    s
}

/// Determinize `s` for its actor both ways on the same stream, finish the actor's turn with
/// its first option at every step in both, and reveal the lazy one: they must be one state.
/// Returns the seats the lazy one left unplayed.
fn lazy_equals_eager_after_the_reveal(g: &Pride, s: &PrideState, seed: u64) -> u8 {
    let viewer = Seat(s.actor() as u8);
    let stream = derive_rng(seed, 1, 1);
    let mut lazy = g.determinize_lazy(s, viewer, &mut stream.clone());
    let mut eager = g.determinize(s, viewer, &mut stream.clone());
    let unseen = lazy.unseen;
    for j in 0..s.players() {
        if unseen & (1 << j) != 0 {
            assert_eq!(
                lazy.sheets[j], s.shown[j],
                "seat {j}: an unplayed turn shows its old sheet"
            );
        } else {
            assert_eq!(lazy.sheets[j], eager.sheets[j], "seat {j}: nothing to replay");
        }
    }
    assert_eq!(g.check_invariants(&lazy), Ok(()));
    let mut legal = Vec::new();
    while lazy.phase == Phase::Turn && lazy.actor() == viewer.index() {
        g.legal_actions(&lazy, &mut legal);
        let a = legal[0];
        g.apply(&mut lazy, a);
        g.apply(&mut eager, a);
    }
    if unseen != 0 {
        // The round is over: the unplayed turns are chance's to replay, then the round ends.
        assert_eq!((lazy.phase, g.turn(&lazy)), (Phase::Reveal, GameTurn::Chance));
        assert_eq!(g.check_invariants(&lazy), Ok(()));
        g.sample_chance(&mut lazy, &mut stream.clone());
    }
    assert_eq!(lazy, eager, "the reveal replays as determinize does");
    unseen
}

/// For seeds 0-5: the last chooser of a first round of `players`, determinized both ways;
/// the seats left unplayed must be those at `positions` of the round.
fn last_chooser_leaves(players: usize, positions: std::ops::Range<usize>) {
    let g = game();
    for seed in 0..6 {
        let s = at_position(&g, players, players as u8 - 1, seed);
        let unseen = lazy_equals_eager_after_the_reveal(&g, &s, seed);
        let expected: u8 =
            positions.clone().map(|p| 1 << ((s.starter as usize + p) % players)).sum();
        assert_eq!(unseen, expected, "{players} players, seed {seed}");
    }
}

#[test]
fn pp18_six_players_leave_every_earlier_hidden_turn_to_the_reveal() {
    // Everyone chose at once (PP-18): the five earlier seats, the starter included.
    last_chooser_leaves(6, 0..5);
}

#[test]
fn pp16_four_players_keep_the_starters_public_turn_and_leave_the_others() {
    // The starter's turn is public (PP-16): only positions 1 and 2 are left unplayed.
    last_chooser_leaves(4, 1..3);
}

#[test]
fn pp11_a_lazy_view_before_the_last_turn_draws_nothing_and_reveals_at_the_round_end() {
    let g = game();
    let s = at_position(&g, 4, 2, 3);
    let viewer = Seat(s.actor() as u8);
    let mut stream = derive_rng(3, 1, 1);
    let before = stream.clone();
    let lazy = g.determinize_lazy(&s, viewer, &mut stream);
    assert_eq!(stream, before, "nothing drawn: one view serves every sample");
    assert_eq!(lazy, g.determinize_lazy(&s, viewer, &mut stream), "the same view every time");
    // Position 1's turn is left; the viewer's (position 2) is its own and position 3 is to
    // come: the round ends through the reveal.
    assert_eq!(lazy.unseen.count_ones(), 1);
    let mut t = lazy;
    let mut rng = derive_rng(3, 2, 2);
    let mut legal = Vec::new();
    let mut revealed = false;
    while t.round == 1 && t.phase != Phase::Over {
        match g.turn(&t) {
            GameTurn::Chance => {
                revealed |= t.phase == Phase::Reveal;
                g.sample_chance(&mut t, &mut rng);
            }
            GameTurn::Player(_) => {
                g.legal_actions(&t, &mut legal);
                g.apply(&mut t, legal[0]);
            }
            GameTurn::Over => break,
        }
        assert_eq!(g.check_invariants(&t), Ok(()));
    }
    assert!(revealed, "the round's end went through the reveal");
    assert_eq!(t.unseen, 0);
}
