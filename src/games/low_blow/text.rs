//! LOW BLOW as text, for `arena trace`: what an action or a chance event did, and the whole
//! state (the grid, the dice, the scores).

use super::state::total;
use super::*;

/// "1 counter", "2 counters".
pub(super) fn count(n: u32, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// "1 die", "3 dice".
fn dice(n: u32) -> String {
    if n == 1 { "1 die".to_string() } else { format!("{n} dice") }
}

/// A die as the rulebook says it: "red 6".
pub(super) fn die_words(d: Die) -> String {
    format!("{} {}", COLOUR_NAMES[d.colour as usize], d.value)
}

/// Dice by colour and value in words ("red 1, red 3, blue 5"), or "none".
fn dice_words(counts: &state::DiceCounts, players: usize) -> String {
    let mut words = Vec::new();
    for (colour, by_value) in counts.iter().enumerate().take(players) {
        for (v, &n) in by_value.iter().enumerate() {
            let d = Die { colour: colour as u8, value: v as u8 + 1 };
            words.extend(std::iter::repeat_n(die_words(d), n as usize));
        }
    }
    if words.is_empty() { "none".to_string() } else { words.join(", ") }
}

impl LowBlow {
    pub(super) fn describe_text(&self, s: &LowBlowState, a: LowBlowAction) -> String {
        let m = s.mover as usize;
        let who = Self::seat_name(m);
        match a {
            LowBlowAction::SetAside { colour, value } => {
                format!(
                    "{who} sets aside {} (not rolled again this turn)",
                    die_words(Die { colour, value })
                )
            }
            LowBlowAction::Done => {
                let again = total(&s.rolled);
                let dice = if total(&s.aside) == 0 {
                    format!("all {}", dice(again))
                } else {
                    format!("the other {}", dice(again))
                };
                format!(
                    "{who} rolls {dice} again (roll {} of {})",
                    s.rolls + 1,
                    self.rules.max_rolls
                )
            }
            LowBlowAction::Place { colour, value, cell } => {
                let (row, column) =
                    (cell as usize / self.columns(), cell as usize % self.columns());
                let place = format!("column {}", column + 1);
                self.place_text(s, Die { colour, value }, row, &place)
            }
        }
    }

    /// The words of placing `die` on `row`'s row at `place` ("column 3", or several columns
    /// for one option of `describe_choice_text`): the row, the die's value on it, and its
    /// number's effect, none of which depends on the column.
    fn place_text(&self, s: &LowBlowState, die: Die, row: usize, place: &str) -> String {
        let (colour, value) = (die.colour, die.value);
        let m = s.mover as usize;
        let who = Self::seat_name(m);
        let owner = COLOUR_NAMES[row];
        let left = COLOUR_NAMES[Self::left_of(s, m)];
        let held = s.held(m) - 1;
        let ones =
            (0..s.players()).map(|c| s.aside[c][0] as u32 + s.rolled[c][0] as u32).sum::<u32>()
                - (value == 1) as u32;
        let r = &self.rules;
        // LB-5: on a Two to Five the Ones still held go to the left.
        let ones = match ones {
            0 => String::new(),
            1 => format!("; gives its One to {left}"),
            n => format!("; gives its {n} Ones to {left}"),
        };
        // LB-1 to LB-9 in the rulebook's words: the die's value on the row, then its
        // number's effect, as it will happen (LB-6: what one has, what the pot holds).
        let all_dice = match held {
            0 => "has no other dice to give".to_string(),
            1 => format!("gives its last die to {left}"),
            n => format!("gives all {} left to {left}", dice(n)),
        };
        let takes = |n: u16| match (n.min(s.pot), s.pot) {
            (_, 0) => "takes nothing, the pot is empty".to_string(),
            (t, _) => format!("takes {} from the pot", count(t as u32, "counter")),
        };
        let effect = match value {
            1 if s.counters[m] == 0 => {
                format!("One: has no counters to pay and {all_dice}")
            }
            1 => format!(
                "One: pays all {} into the pot and {all_dice}",
                count(s.counters[m] as u32, "counter")
            ),
            2 if s.counters[m] == 0 => {
                format!("Two: pays nothing, having no counters{ones}")
            }
            2 => format!(
                "Two: pays {} into the pot{ones}",
                count(r.two_pays.min(s.counters[m]) as u32, "counter")
            ),
            3 => format!(
                "Three: every player pays {} into the pot{ones}",
                count(r.three_each_pays as u32, "counter")
            ),
            4 => format!("Four: {}{ones}", takes(r.four_takes)),
            5 => format!("Five: {}{ones}", takes(r.five_takes)),
            _ => format!(
                "Six: {owner} takes the pot ({}) and {} {all_dice}",
                count(s.pot as u32, "counter"),
                COLOUR_NAMES[m]
            ),
        };
        let d = r.own_colour_discount;
        let adds = if colour as usize == row && d > 0 {
            format!(
                "adds {} to {owner}'s row ({value}, less {d} for {owner}'s own colour)",
                value as i32 - d as i32
            )
        } else {
            format!("adds {value} to {owner}'s row")
        };
        format!("{who} places {} on {owner}'s row, {place} ({adds}. {effect})", die_words(die))
    }

    /// One option of several placements of one die on one row ([`LowBlow::same_choice`]):
    /// its columns named ("column 1, 3 or 5"), the effect said once.
    pub(super) fn describe_choice_text(&self, s: &LowBlowState, moves: &[LowBlowAction]) -> String {
        let columns: Vec<String> = moves
            .iter()
            .filter_map(|a| match a {
                LowBlowAction::Place { cell, .. } => {
                    Some((*cell as usize % self.columns() + 1).to_string())
                }
                _ => None,
            })
            .collect();
        match (moves[0], columns.split_last()) {
            (LowBlowAction::Place { colour, value, cell }, Some((last, first)))
                if !first.is_empty() =>
            {
                let place = format!("column {} or {last}", first.join(", "));
                self.place_text(s, Die { colour, value }, cell as usize / self.columns(), &place)
            }
            (a, _) => self.describe_text(s, a),
        }
    }

    pub(super) fn describe_chance_text(&self, _before: &LowBlowState, s: &LowBlowState) -> String {
        let aside = match total(&s.aside) {
            0 => String::new(),
            _ => format!("; set aside: {}", dice_words(&s.aside, s.players())),
        };
        let last =
            if s.rolls >= self.rules.max_rolls { ", the last; now a die is placed" } else { "" };
        format!(
            "{} rolls {} (roll {} of {}{last}{aside})",
            Self::seat_name(s.mover as usize),
            dice_words(&s.rolled, s.players()),
            s.rolls,
            self.rules.max_rolls,
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
        // This round's placements: each fills one square, and the board is cleared when a
        // round ends (LB-3), so the squares filled are what the round has placed (the match's
        // total, `turns`, ran on across rounds and read as this board's on an empty one).
        let _ = writeln!(
            out,
            "LOW BLOW round {}/{}, {} of {} squares filled, pot {} | {status}",
            Self::round_number(s),
            self.rules.rounds,
            s.placed(),
            players * columns,
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
