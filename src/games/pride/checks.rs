//! Pride & Preju-Dice's invariants, checked after every step by the conformance check:
//! every sheet is one the rules can produce (marks in order, ready boxes consistent,
//! written numbers allowed by their boxes, tracks within their lengths).

use super::Pride;
use super::engine::Turn;
use super::sheet::bits;
use super::sheet::{FLOWERS, HEART};
use super::state::{Marks, Phase, PrideState, STACK, Step};
use crate::core::MAX_SEATS;

impl Pride {
    pub(crate) fn invariants(&self, s: &PrideState) -> Result<(), String> {
        let n = s.players();
        if s.starter as usize >= n || s.pos as usize > n {
            return Err(format!("starter {} / position {} out of range", s.starter, s.pos));
        }
        if s.phase == Phase::Turn && s.ctx.seat as usize != s.actor() {
            return Err(format!("turn of seat {} but seat {} acts", s.ctx.seat, s.actor()));
        }
        // A lazy determinization's unplayed turns: finished hidden turns of this round, sheets
        // as last shown, and only until the round's end replays them.
        if s.unseen != 0 {
            if s.phase != Phase::Turn && s.phase != Phase::Reveal {
                return Err(format!("unplayed turns {:#b} in {:?}", s.unseen, s.phase));
            }
            for j in (0..MAX_SEATS).filter(|&j| s.unseen & (1 << j) != 0) {
                let finished =
                    j < n && (s.phase == Phase::Reveal || s.position(j) < s.pos as usize);
                if !finished || (s.phase == Phase::Turn && !s.hidden(j)) {
                    return Err(format!(
                        "seat {j}'s turn left unplayed but it is not a finished hidden turn"
                    ));
                }
                if s.sheets[j] != s.shown[j] {
                    return Err(format!("seat {j}'s turn left unplayed but its sheet changed"));
                }
            }
        } else if s.phase == Phase::Reveal {
            return Err("a reveal with no turn left unplayed".into());
        }
        if s.ctx.depth as usize > STACK {
            return Err("special-action stack overflow".into());
        }
        if s.dice.iter().any(|&d| !(1..=6).contains(&d)) {
            return Err(format!("dice {:?}", s.dice));
        }
        if s.phase == Phase::Turn && s.ctx.step == Step::Pick && s.ctx.picks != 0 {
            let (mut m, mut c) = (s.sheets[s.actor()], s.ctx);
            let t = Turn { l: &self.layout, dice: &s.dice, m: &mut m, c: &mut c };
            if t.pick_set() != s.ctx.picks {
                return Err(format!("kept pairs {:#x} but the pick allows others", s.ctx.picks));
            }
        }
        for j in 0..n {
            self.sheet_ok(&s.sheets[j]).map_err(|e| format!("seat {j}: {e}"))?;
            // A shown sheet equal to the sheet passes or fails with it: checked once.
            if s.shown[j] != s.sheets[j] {
                self.sheet_ok(&s.shown[j]).map_err(|e| format!("seat {j} (shown): {e}"))?;
            }
        }
        Ok(())
    }

    fn sheet_ok(&self, m: &Marks) -> Result<(), String> {
        let l = &self.layout;
        for (p, pz) in l.puzzles.iter().enumerate() {
            let marks = m.marks[p];
            if marks & !pz.all() != 0 {
                return Err(format!("puzzle {p}: marks outside the puzzle"));
            }
            // No gaps: every marked box's predecessor is marked (roots have none).
            let mut reachable = pz.roots;
            for b in bits(marks) {
                reachable |= pz.children[b];
            }
            let ready = reachable & !marks;
            if marks & !reachable != 0 {
                return Err(format!("puzzle {p}: a box marked with a gap before it"));
            }
            if ready != m.ready[p] {
                return Err(format!(
                    "puzzle {p}: ready boxes {:#x}, expected {ready:#x}",
                    m.ready[p]
                ));
            }
            if pz.written {
                let slot = if p == HEART { 0 } else { 1 };
                debug_assert!(p == HEART || p == FLOWERS);
                for b in 0..pz.n as usize {
                    let v = m.written(slot, b);
                    let marked = marks & (1 << b) != 0;
                    if marked != (v != 0) || marked && pz.accept_num[v as usize] & (1 << b) == 0 {
                        return Err(format!("puzzle {p} box {b}: number {v} (marked: {marked})"));
                    }
                }
            }
        }
        for k in 0..l.nlinks as usize {
            for kind in 0..2 {
                if m.romance[k][kind] > l.track_len[k][kind] {
                    return Err(format!("link {k} track {kind} over its length"));
                }
            }
        }
        let fan_all = if l.fan.len() >= 32 { u32::MAX } else { (1u32 << l.fan.len()) - 1 };
        if m.fan & !fan_all != 0 {
            return Err("fan crosses outside the fan".into());
        }
        for (r, &c) in m.chaperone.iter().enumerate() {
            if c > l.chaperone_len[r] {
                return Err(format!("chaperone row {} over its length", r + 1));
            }
        }
        if m.score != super::score::recount(l, m) {
            return Err(format!(
                "kept score {} but the sheet counts {}",
                m.score,
                super::score::recount(l, m)
            ));
        }
        if m.faux_pas > l.faux_pas_len {
            return Err("Faux Pas track over its length (PP-22)".into());
        }
        Ok(())
    }
}
