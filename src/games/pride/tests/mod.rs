//! Pride & Preju-Dice tests: each names the rule (seed words or RULINGS ID) it checks and
//! builds the position it needs directly; dice come from a scripted chance source through
//! the same code the matches run.

mod actions;
mod conformance_tests;
mod flow;
mod lazy;
mod option_kinds;
mod picture;
mod placement;
mod sheet_file;

use super::score;
use super::sheet::bits;
use super::sheet::{DANCE, DIAMOND, FLOWERS, HEART};
use super::*;
use crate::core::ScriptedChance;

pub fn game() -> Pride {
    Pride::new(PrideRules::default())
}

pub fn game_with(change: impl FnOnce(&mut PrideRules)) -> Pride {
    let mut rules = PrideRules::default();
    change(&mut rules);
    Pride::new(rules)
}

/// A match of `players` whose first round's roll is `dice` (3 white, red, blue), with the
/// starting player (seat 0) to choose, after `prepare` wrote on the sheets.
pub fn table(
    g: &Pride,
    players: usize,
    dice: [u8; 5],
    prepare: impl FnOnce(&mut PrideState),
) -> PrideState {
    let mut s = g.new_state(players);
    prepare(&mut s);
    s.shown = s.sheets;
    g.sample_chance(&mut s, &mut ScriptedChance::new().dice(dice.map(|d| d as u32)));
    s
}

/// Mark `boxes` of puzzle `p` on a sheet, writing `value` (or the box's lowest number when
/// it does not take `value`), keeping the ready boxes and the score right.
pub fn fill(g: &Pride, m: &mut Marks, p: usize, boxes: u32, value: u8) {
    let pz = &g.layout().puzzles[p];
    let slot = if p == HEART { 0 } else { 1 };
    for b in bits(boxes) {
        m.marks[p] |= 1 << b;
        if pz.written {
            let v = if pz.accept_num[value as usize] & (1 << b) != 0 {
                value
            } else {
                (1..=6).find(|&v| pz.accept_num[v] & (1 << b) != 0).unwrap() as u8
            };
            m.written[slot] &= !(0xF << (4 * b));
            m.written[slot] |= (v as u128) << (4 * b);
        }
    }
    let marks = m.marks[p];
    let mut ready = pz.roots & !marks;
    for b in bits(marks) {
        ready |= pz.children[b] & !marks;
    }
    m.ready[p] = ready;
    m.score = score::recount(g.layout(), m);
}

/// The legal actions now.
pub fn legal(g: &Pride, s: &PrideState) -> Vec<PrideAction> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out
}

/// Every box of puzzle `p`.
pub fn all(g: &Pride, p: usize) -> u32 {
    g.layout().puzzles[p].all()
}

/// The box named `name` in puzzle `p` (`A:6`, `b1`, `c2r1`, `white 1`).
pub fn at(g: &Pride, p: usize, name: &str) -> u8 {
    g.layout().puzzles[p]
        .names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no box {name}")) as u8
}

pub fn place(g: &Pride, slot: u8, p: usize, name: &str) -> PrideAction {
    PrideAction::Place { slot, puzzle: p as u8, cell: at(g, p, name) }
}

pub const PUZZLES: [usize; 4] = [DIAMOND, HEART, DANCE, FLOWERS];
