//! Pride & Preju-Dice as people read it: actions, dice rolls and sheets, for traces.

use std::fmt::Write as _;

use super::picture::{SUITOR_WORDS, die_name, fan_words, is_diamond, link_words};
use super::score::{self, PART_WORDS};
use super::sheet::Icon;
use super::sheet::bits;
use super::state::{Phase, PrideState, Step};
use super::{Pride, PrideAction};

impl Pride {
    pub(crate) fn describe_text(&self, s: &PrideState, a: PrideAction) -> String {
        let seat = s.actor();
        let l = &self.layout;
        match a {
            PrideAction::Pick(i, j) => format!(
                "seat {seat} chooses the {} and the {}{}",
                die_name(s, i),
                die_name(s, j),
                self.forced_faux_pas_after_pick(s, i, j)
            ),
            PrideAction::Place { slot, puzzle, cell } => format!(
                "seat {seat} places the {} in {}",
                die_name(s, s.ctx.chosen[slot as usize]),
                self.box_words(puzzle, cell)
            ),
            PrideAction::Extra { puzzle, cell, number } => format!(
                "seat {seat} places its extra die as a {number} in {}",
                self.box_words(puzzle, cell)
            ),
            PrideAction::Skip => format!("seat {seat} does not use the extra die"),
            PrideAction::Romance(k) => {
                let diamond = s.ctx.top().is_some_and(is_diamond);
                let (kind, at) = if diamond { ("diamond", 1) } else { ("heart", 0) };
                let (k, m) = (k as usize, &s.sheets[seat]);
                let done = m.romance[k][at] + 1;
                let len = l.track_len[k][at];
                let full = if done >= len {
                    format!(": the track is complete, a match worth {} points", l.match_points)
                } else {
                    String::new()
                };
                format!(
                    "seat {seat} crosses a {kind} on the {} {kind} track ({done} of {len}){full}",
                    link_words(l, k)
                )
            }
            PrideAction::Fan(b) => {
                let f = l.fan[b as usize];
                let then = match f.icon {
                    Icon::Heart => ", then a heart on any romance track",
                    Icon::Diamond => ", then a diamond on any romance track",
                    Icon::Dice => ", then an extra die",
                    _ => "",
                };
                format!("seat {seat} crosses {}{then}", fan_words(l, b as usize))
            }
            PrideAction::Chaperone(v) => {
                let (r, m) = (v as usize - 1, &s.sheets[seat]);
                let crossed = m.chaperone[r];
                let what = if crossed >= l.chaperone_len[r] {
                    " (its row is full: no cross, no cost)".to_string()
                } else if l.chaperone_fp[r] & (1 << crossed) != 0 {
                    format!(
                        " (box {} of its row is an FP box: a Faux Pas cross, {} points)",
                        crossed + 1,
                        l.faux_pas_points
                    )
                } else {
                    format!(" (box {} of {} in its row)", crossed + 1, l.chaperone_len[r])
                };
                format!("seat {seat} marks a {v} on the chaperone track{what}")
            }
        }
    }

    /// What a pick forces later in the turn, said before it is chosen, so that no person
    /// loses 5 points without notice: when the dice it leaves show one number, the chaperone
    /// must take that number (PP-9, PP-16), and where that row's next box is an FP box the
    /// turn ends with a Faux Pas cross. Empty otherwise.
    fn forced_faux_pas_after_pick(&self, s: &PrideState, i: u8, j: u8) -> String {
        let (l, c, m) = (&self.layout, &s.ctx, &s.sheets[s.actor()]);
        // Solo, the first pick is followed by a re-roll, not the chaperone (PP-17).
        if s.players == 1 && c.pick == 0 {
            return String::new();
        }
        let left = c.candidates & !c.used & !(1 << i | 1 << j);
        let numbers = (0..5).filter(|d| left & (1 << d) != 0).fold(0u8, |n, d| n | 1 << s.dice[d]);
        if numbers == 0 || numbers & (numbers - 1) != 0 {
            return String::new();
        }
        let v = numbers.trailing_zeros() as usize;
        let crossed = m.chaperone[v - 1];
        let costs = crossed < l.chaperone_len[v - 1]
            && l.chaperone_fp[v - 1] & (1 << crossed) != 0
            && m.faux_pas < l.faux_pas_len;
        if !costs {
            return String::new();
        }
        format!(
            "; then the die left, a {v}, must be marked on the chaperone track, on its row's \
             FP box: a Faux Pas cross, {} points",
            l.faux_pas_points
        )
    }

    /// The roll (or, solo, the re-roll of the three dice not chosen, PP-17), read from the
    /// state after it.
    pub(crate) fn describe_chance_text(&self, _before: &PrideState, s: &PrideState) -> String {
        let names: Vec<String> = (0..5).map(|i| die_name(s, i)).collect();
        let rolled = format!("{} and {}", names[..4].join(", "), names[4]);
        // Solo, a roll leaves the first pick to make (or the re-roll to wait for); the
        // re-roll leaves the second pick, or a finished round.
        let reroll = s.ctx.pick == 1 || matches!(s.phase, Phase::Roll | Phase::Over);
        if s.players == 1 && reroll {
            return format!(
                "round {}: the three dice not chosen are rolled again; the dice show {rolled}",
                s.round
            );
        }
        format!("round {}: seat {} rolls {rolled}", s.round, s.starter)
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
            // The parts and puzzles in the sheet's words: `PARTS` and `SUITOR_KEYS` are ids.
            for (name, v) in PART_WORDS.iter().zip(parts) {
                let _ = write!(out, " {name} {v}");
            }
            let _ = writeln!(out);
            for (p, pz) in l.puzzles.iter().enumerate() {
                let marked: Vec<&str> = bits(m.marks[p]).map(|b| pz.names[b].as_str()).collect();
                let _ = writeln!(out, "  {}: {}", SUITOR_WORDS[p], marked.join(" "));
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
