//! LOW BLOW as text, for `arena trace`: what an action or a chance event did, and the whole
//! state (the grid, the dice, the scores).

use super::state::total;
use super::*;

impl LowBlow {
    pub(super) fn describe_text(&self, s: &LowBlowState, a: LowBlowAction) -> String {
        let m = s.mover as usize;
        let who = Self::seat_name(m);
        match a {
            LowBlowAction::SetAside { colour, value } => {
                format!("{who} sets aside {}", Die { colour, value })
            }
            LowBlowAction::Done => format!(
                "{who} rolls {} dice again (roll {}/{})",
                total(&s.rolled),
                s.rolls + 1,
                self.rules.max_rolls
            ),
            LowBlowAction::Place { colour, value, cell } => {
                let die = Die { colour, value };
                let left = Self::seat_name(Self::left_of(s, m));
                let held = s.held(m) - 1;
                let ones = (0..s.players())
                    .map(|c| s.aside[c][0] as u32 + s.rolled[c][0] as u32)
                    .sum::<u32>()
                    - (value == 1) as u32;
                let r = &self.rules;
                let ones = match ones {
                    1 => "1 One".to_string(),
                    n => format!("{n} Ones"),
                };
                let effect = match value {
                    1 => format!(
                        "One: pays all {} counters to the pot, gives all {held} dice to {left}",
                        s.counters[m]
                    ),
                    2 => format!(
                        "Two: pays {} counters, gives {ones} to {left}",
                        r.two_pays.min(s.counters[m])
                    ),
                    3 => format!(
                        "Three: everyone pays up to {}, gives {ones} to {left}",
                        r.three_each_pays
                    ),
                    4 => format!(
                        "Four: takes {} from the pot, gives {ones} to {left}",
                        r.four_takes.min(s.pot)
                    ),
                    5 => format!(
                        "Five: takes {} from the pot, gives {ones} to {left}",
                        r.five_takes.min(s.pot)
                    ),
                    _ => format!(
                        "Six: {} takes the pot ({}), gives all {held} dice to {left}",
                        Self::seat_name(cell as usize / self.columns()),
                        s.pot
                    ),
                };
                format!("{who} places {die} on {} ({effect})", self.square_name(cell as usize))
            }
        }
    }

    pub(super) fn describe_chance_text(&self, s: &LowBlowState) -> String {
        format!(
            "{} rolls {} (roll {}/{}; set aside: {})",
            Self::seat_name(s.mover as usize),
            list_dice(&s.rolled, s.players()),
            s.rolls,
            self.rules.max_rolls,
            list_dice(&s.aside, s.players())
        )
    }

    pub(super) fn render_text(&self, s: &LowBlowState) -> String {
        let players = s.players();
        let columns = self.columns();
        let mut out = String::new();
        let status = match s.phase {
            Phase::Over if s.capped => "capped".to_string(),
            Phase::Over => "over".to_string(),
            Phase::Roll => format!("{} to roll", Self::seat_name(s.mover as usize)),
            Phase::SetAside => format!("{} setting aside", Self::seat_name(s.mover as usize)),
            Phase::Place => format!("{} to place", Self::seat_name(s.mover as usize)),
        };
        let _ = writeln!(
            out,
            "LOW BLOW round {}/{}, {} placements, pot {} | {status}",
            (s.round + 1).min(self.rules.rounds),
            self.rules.rounds,
            s.turns,
            s.pot
        );
        let _ = write!(out, "{:>8} |", "");
        for c in 1..=columns {
            let _ = write!(out, " {c:>2}");
        }
        let _ = writeln!(out, " | counters  dice held      banked");
        for (row, name) in COLOUR_NAMES.iter().enumerate().take(players) {
            let _ = write!(out, "{name:>8} |");
            for cell in row * columns..(row + 1) * columns {
                match s.die_at(cell) {
                    Some(d) => {
                        let _ = write!(out, " {d}");
                    }
                    None => out.push_str("  ."),
                }
            }
            let mut held = String::new();
            for (letter, &n) in COLOUR_LETTERS.iter().zip(&s.hand[row]).take(players) {
                if n > 0 {
                    let _ = write!(held, "{letter}x{n} ");
                }
            }
            let _ = writeln!(
                out,
                " | {:>8}  {:<13} {:>6}",
                s.counters[row],
                if held.is_empty() { "-" } else { held.trim_end() },
                s.banked[row]
            );
        }
        if matches!(s.phase, Phase::SetAside | Phase::Place) {
            let _ = writeln!(
                out,
                "{} after roll {}/{}: set aside {} | rolled {}",
                Self::seat_name(s.mover as usize),
                s.rolls,
                self.rules.max_rolls,
                list_dice(&s.aside, players),
                list_dice(&s.rolled, players)
            );
        }
        if s.phase == Phase::Over {
            let scores = self.scores(s);
            let _ = writeln!(out, "final scores (lowest wins): {:?}", &scores[..players]);
        }
        out
    }
}
