//! Pride & Preju-Dice as people read it: actions, dice rolls and sheets, for traces.

use std::fmt::Write as _;

use super::score::{self, PARTS};
use super::sheet::bits;
use super::sheet::{COLOUR_KEYS, SUITOR_KEYS};
use super::state::{Phase, PrideState, Step, die_colour};
use super::{Pride, PrideAction};

fn die_name(s: &PrideState, i: u8) -> String {
    format!("{} {}", COLOUR_KEYS[die_colour(i as usize) as usize], s.dice[i as usize])
}

impl Pride {
    fn box_name(&self, puzzle: u8, cell: u8) -> String {
        let p = puzzle as usize;
        format!("{} {}", SUITOR_KEYS[p], self.layout.puzzles[p].names[cell as usize])
    }

    pub(crate) fn describe_text(&self, s: &PrideState, a: PrideAction) -> String {
        let seat = s.actor();
        match a {
            PrideAction::Pick(i, j) => {
                format!("seat {seat} plays {} and {}", die_name(s, i), die_name(s, j))
            }
            PrideAction::Place { slot, puzzle, cell } => format!(
                "seat {seat} places {} in {}",
                die_name(s, s.ctx.chosen[slot as usize]),
                self.box_name(puzzle, cell)
            ),
            PrideAction::Extra { puzzle, cell, number } => {
                format!("seat {seat} places an extra {number} in {}", self.box_name(puzzle, cell))
            }
            PrideAction::Skip => format!("seat {seat} does not use the extra die"),
            PrideAction::Romance(k) => {
                let [a, b] = self.layout.links[k as usize];
                let top = s.ctx.top().unwrap_or(0);
                let kind = if top == super::state::DIAMOND_ANY || (4..8).contains(&top) {
                    "diamond"
                } else {
                    "heart"
                };
                format!(
                    "seat {seat} crosses a {kind} on the {}-{} link",
                    SUITOR_KEYS[a as usize], SUITOR_KEYS[b as usize]
                )
            }
            PrideAction::Fan(b) => {
                let f = self.layout.fan[b as usize];
                let what =
                    if f.central { "central box".to_string() } else { f.icon.key().to_string() };
                format!("seat {seat} crosses fan box {b} (half {}, {what})", f.half + 1)
            }
            PrideAction::Chaperone(v) => format!("seat {seat} marks {v} on the chaperone track"),
        }
    }

    pub(crate) fn describe_chance_text(&self, s: &PrideState) -> String {
        let dice: Vec<String> = (0..5).map(|i| die_name(s, i)).collect();
        format!("round {}: dice {}", s.round, dice.join(", "))
    }

    pub(crate) fn render_text(&self, s: &PrideState) -> String {
        self.render_for(s, None)
    }

    /// The state as text, whole (`None`) or as seat v sees it (`Some(v)`, PP-11): the
    /// others' sheets as last shown, and the turn in progress only when it is in the open.
    pub(crate) fn render_for(&self, s: &PrideState, viewer: Option<usize>) -> String {
        let l = &self.layout;
        let open = match viewer {
            None => true,
            Some(v) => s.phase != Phase::Turn || s.actor() == v || !s.hidden(s.actor()),
        };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "round {} starter seat {} phase {:?} dice {:?} pool {:05b}",
            s.round, s.starter, s.phase, s.dice, s.pool
        );
        if s.phase == Phase::Turn && open {
            let c = &s.ctx;
            let _ = writeln!(
                out,
                "seat {} {:?} chosen {:?} waiting {:02b} actions {:?}",
                c.seat,
                c.step,
                if c.step == Step::Pick { [0, 0] } else { c.chosen },
                c.waiting,
                &c.stack[..c.depth as usize]
            );
        }
        for j in 0..s.players() {
            let m = match viewer {
                Some(v) if v != j => s.visible(j),
                _ => &s.sheets[j],
            };
            let parts = score::parts(l, m);
            let _ = write!(out, "seat {j}: {} =", score::total(l, m));
            for (name, v) in PARTS.iter().zip(parts) {
                let _ = write!(out, " {name} {v}");
            }
            let _ = writeln!(out);
            for (p, pz) in l.puzzles.iter().enumerate() {
                let marked: Vec<&str> = bits(m.marks[p]).map(|b| pz.names[b].as_str()).collect();
                let _ = writeln!(out, "  {}: {}", SUITOR_KEYS[p], marked.join(" "));
            }
            let tracks: Vec<String> = (0..l.nlinks as usize)
                .map(|k| format!("{}/{}", m.romance[k][0], m.romance[k][1]))
                .collect();
            let _ = writeln!(
                out,
                "  romance {} fan {:b} chaperone {:?} faux pas {}",
                tracks.join(" "),
                m.fan,
                m.chaperone,
                m.faux_pas
            );
        }
        out
    }
}
