//! LOW BLOW's structured traces (docs/trace-format.md): the board, hands, counters and pot
//! as data; each roll, set-aside and placement with what it did (dice passed left, counters
//! paid and taken), the seats that pass because they hold no dice (LB-3), and each round's
//! row scores (LB-9).
//!
//! A score is the banked row scores minus the counters' value (LB-1, LB-2: lowest wins), so
//! the counters handed out at the start are events too, worth minus their value, and every
//! later change of a seat's counters is worth the change of that value: the `points` of a
//! seat's events always sum to its final score.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::core::trace::{Drawn, EndReason, EventHead, MovePlace, TraceGame, event, points_event};

use super::*;

fn die_json(colour: usize, value: u8) -> Value {
    json!({"colour": COLOUR_NAMES[colour], "value": value})
}

fn dice_json(counts: &state::DiceCounts, players: usize) -> Vec<Value> {
    let mut dice = Vec::new();
    for (colour, by_value) in counts.iter().enumerate().take(players) {
        for (v, &n) in by_value.iter().enumerate() {
            dice.extend(std::iter::repeat_n(die_json(colour, v as u8 + 1), n as usize));
        }
    }
    dice
}

fn colour_counts(counts: &[u8], players: usize) -> Value {
    let map: serde_json::Map<String, Value> = (0..players)
        .filter(|&c| counts[c] > 0)
        .map(|c| (COLOUR_NAMES[c].to_string(), json!(counts[c])))
        .collect();
    Value::Object(map)
}

impl LowBlow {
    /// The points a change of a seat's counters from `was` to `now` is worth (LB-1): the
    /// score subtracts the counters' value, so gaining counters is worth minus their value.
    fn counter_points(&self, was: u16, now: u16) -> i32 {
        self.rules.counter_value(was) - self.rules.counter_value(now)
    }

    /// Counter changes of every seat, with the pot after them.
    fn counter_events(&self, before: &LowBlowState, after: &LowBlowState, out: &mut Vec<Value>) {
        for seat in 0..before.players() {
            let (was, now) = (before.counters[seat], after.counters[seat]);
            if was != now {
                let kind = if now < was { "counters_paid" } else { "counters_taken" };
                out.push(points_event(
                    kind,
                    seat,
                    self.counter_points(was, now),
                    json!({"change": now as i32 - was as i32, "counters": now, "pot": after.pot}),
                ));
            }
        }
    }

    /// The dice the mover gave to the left when placing `value` of `colour` (LB-5): on a One
    /// or a Six all remaining dice, otherwise the Ones still held.
    fn passed_dice(&self, s: &LowBlowState, colour: usize, value: u8) -> [u8; MAX_PLAYERS] {
        let m = s.mover as usize;
        let mut given = [0u8; MAX_PLAYERS];
        for (c, g) in given.iter_mut().enumerate().take(s.players()) {
            *g = match value {
                1 | 6 => s.hand[m][c] - (c == colour) as u8,
                _ => s.aside[c][0] + s.rolled[c][0],
            };
        }
        given
    }
}

impl TraceGame for LowBlow {
    const TITLE: &'static str = "LOW BLOW";
    const DRAWING: &'static str = include_str!("draw.js");
    const HOW_TO_PLAY: &'static str = include_str!("how_to_play.md");

    fn state_json(&self, s: &LowBlowState) -> Value {
        let n = s.players();
        let columns = self.columns();
        let rows: Vec<Vec<Value>> = (0..n)
            .map(|r| {
                (r * columns..(r + 1) * columns)
                    .map(|cell| {
                        s.die_at(cell).map_or(Value::Null, |d| die_json(d.colour as usize, d.value))
                    })
                    .collect()
            })
            .collect();
        let hands: Vec<Value> = (0..n).map(|p| colour_counts(&s.hand[p], n)).collect();
        // What each row would score if the round ended now (LB-9), and what each seat's
        // counters take off its score (LB-1): the pictures explain the score with them.
        let discount = self.rules.own_colour_discount as i32;
        let row_now: Vec<i32> = (0..n)
            .map(|r| {
                (r * columns..(r + 1) * columns)
                    .filter_map(|cell| s.die_at(cell))
                    .map(|d| d.value as i32 - discount * (d.colour as usize == r) as i32)
                    .sum()
            })
            .collect();
        let worth: Vec<i32> = (0..n).map(|p| self.rules.counter_value(s.counters[p])).collect();
        json!({"round": Self::round_number(s), "turn": s.turns,
            "mover": s.mover, "phase": format!("{:?}", s.phase).to_lowercase(), "rolls": s.rolls,
            "board": rows, "hands": hands, "aside": dice_json(&s.aside, n),
            "rolled": dice_json(&s.rolled, n), "counters": &s.counters[..n], "pot": s.pot,
            "banked": &s.banked[..n], "scores": &self.scores(s)[..n],
            "rounds_total": self.rules.rounds, "max_rolls": self.rules.max_rolls,
            "own_colour_discount": discount, "row_now": row_now, "counters_worth": worth})
    }

    fn chance_json(&self, before: &LowBlowState, draws: &[Drawn], _after: &LowBlowState) -> Value {
        // The dice roll colour by colour, in the order `sample_chance` rolls them.
        let m = before.mover as usize;
        let mut colours = Vec::new();
        for c in 0..before.players() {
            let aside: u8 = before.aside[c].iter().sum();
            colours.extend(std::iter::repeat_n(c, (before.hand[m][c] - aside) as usize));
        }
        let dice: Vec<Value> = draws
            .iter()
            .zip(colours)
            .filter_map(|(d, c)| match d {
                Drawn::Die { value, .. } => Some(die_json(c, *value as u8)),
                _ => None,
            })
            .collect();
        json!({ "dice": dice })
    }

    fn start_events(&self, s: &LowBlowState, out: &mut Vec<Value>) {
        for seat in 0..s.players() {
            let c = s.counters[seat];
            out.push(points_event(
                "counters_dealt",
                seat,
                -self.rules.counter_value(c),
                json!({"counters": c}),
            ));
        }
        out.push(event("pot", json!({"pot": s.pot})));
    }

    fn trace_events(
        &self,
        before: &LowBlowState,
        action: Option<LowBlowAction>,
        after: &LowBlowState,
        out: &mut Vec<Value>,
    ) {
        let m = before.mover as usize;
        let n = before.players();
        match action {
            None => out.push(event(
                "roll",
                json!({"seat": m, "roll": after.rolls, "dice": dice_json(&after.rolled, n)}),
            )),
            Some(LowBlowAction::SetAside { colour, value }) => {
                out.push(event(
                    "set_aside",
                    json!({"seat": m, "die": die_json(colour as usize, value)}),
                ));
            }
            Some(LowBlowAction::Done) => out.push(event("roll_again", json!({"seat": m}))),
            Some(LowBlowAction::Place { colour, value, cell }) => {
                let (c, cell) = (colour as usize, cell as usize);
                out.push(event(
                    "place",
                    json!({"seat": m, "die": die_json(c, value),
                    "row": cell / self.columns(), "column": cell % self.columns() + 1}),
                ));
                let given = self.passed_dice(before, c, value);
                if given.iter().any(|&g| g > 0) {
                    out.push(event("dice_passed", json!({"seat": m, "to": Self::left_of(before, m),
                        "dice": colour_counts(&given, n), "count": given.iter().map(|&g| g as u32).sum::<u32>()})));
                }
                self.counter_events(before, after, out);
                let ended = after.round > before.round || after.phase == Phase::Over;
                if after.round > before.round {
                    let r = before.round as usize;
                    for seat in 0..n {
                        out.push(points_event(
                            "row_scored",
                            seat,
                            after.banked[seat] - before.banked[seat],
                            json!({"round": r + 1, "sum": after.row_sum[r][seat],
                                "own_dice": after.own_dice[r][seat]}),
                        ));
                    }
                }
                if after.phase == Phase::Over {
                    let code = if after.capped { "capped" } else { "game_over" };
                    out.push(event(code, json!({"turn": after.turns})));
                } else if after.round > before.round {
                    out.push(event(
                        "round_start",
                        json!({"round": after.round + 1, "seat": after.mover}),
                    ));
                }
                if !ended || (after.round > before.round && after.phase != Phase::Over) {
                    // LB-3: seats between the mover and the next mover hold no dice and pass.
                    if !ended {
                        let mut next = Self::left_of(before, m);
                        while next != after.mover as usize {
                            out.push(event("pass", json!({"seat": next, "reason": "no dice"})));
                            next = Self::left_of(before, next);
                        }
                    }
                    out.push(event("turn", json!({"seat": after.mover, "turn": after.turns + 1})));
                }
            }
        }
    }

    /// The counters dealt, paid and taken (LB-1: they lower a score, so paying raises it)
    /// and the rows scored (LB-9), as a player says them.
    fn points_words(&self, e: &Value) -> String {
        /// The fields of a points event its words read, as the events write them.
        #[derive(serde::Deserialize, Default)]
        #[serde(default)]
        struct Said {
            counters: i64,
            change: i64,
            round: u64,
        }
        let said = Said::deserialize(e).unwrap_or_default();
        let counters = |n: i64| super::text::count(n.unsigned_abs() as u32, "counter");
        match EventHead::of(e).kind.unwrap_or("") {
            "counters_dealt" => format!("{} dealt at the start", counters(said.counters)),
            "counters_paid" => format!("paid {} into the pot", counters(said.change)),
            "counters_taken" => format!("took {} from the pot", counters(said.change)),
            "row_scored" => format!("row scored at the end of round {}", said.round),
            other => other.replace('_', " "),
        }
    }

    /// Two placements of one die (colour and value) on one row are one choice, whatever
    /// empty columns they take, because nothing in the rules reads a column: a row scores
    /// the sum of its dice less the own-colour discount (LB-9), a Six gives the pot to the
    /// row's owner, a number's effect (LB-5, LB-6) is the same wherever it lands, and the
    /// board fills (LB-3) after as many placements either way; there is no adjacency and no
    /// column scoring. The two results differ only in the order of that row's squares, and
    /// reordering a row's squares is a symmetry of the game (every later move, score and
    /// ending matches one for one), so only the die's column tells them apart. Another die
    /// or another row is another choice (its value, the own colour and the row's owner
    /// count), and the words say how. The tests check, on random states, that two
    /// placements are one choice exactly when their results are equal once each row's dice
    /// are sorted.
    fn same_choice(&self, _s: &LowBlowState, a: LowBlowAction, b: LowBlowAction) -> bool {
        let columns = self.columns() as u8;
        match (a, b) {
            (
                LowBlowAction::Place { colour, value, cell },
                LowBlowAction::Place { colour: c, value: v, cell: x },
            ) => (colour, value, cell / columns) == (c, v, x / columns),
            _ => a == b,
        }
    }

    fn describe_choice(&self, s: &LowBlowState, moves: &[LowBlowAction]) -> String {
        self.describe_choice_text(s, moves)
    }

    /// Where a person plays `a` on the picture (`draw.js` in this folder draws these targets):
    /// a die to set aside is that die of the roll, named by the mover; a die to place goes on
    /// its square, named by the row's owner since the move is aimed at that seat's row (the
    /// dice that may go there share the square's menu); rolling again has no place.
    fn move_place(&self, s: &LowBlowState, a: LowBlowAction) -> MovePlace {
        match a {
            LowBlowAction::SetAside { colour, value } => MovePlace::at(
                "set aside",
                format!("seat{}:roll:{}-{value}", s.mover, COLOUR_NAMES[colour as usize]),
            ),
            LowBlowAction::Done => MovePlace::bar("roll again"),
            LowBlowAction::Place { cell, .. } => {
                let (row, column) =
                    (cell as usize / self.columns(), cell as usize % self.columns());
                MovePlace::at("place", format!("seat{row}:row:column{}", column + 1))
            }
        }
    }

    fn end_reason(&self, s: &LowBlowState) -> EndReason {
        if s.capped {
            return EndReason {
                code: "turn_cap",
                text: format!(
                    "the match was stopped after {} dice placed (the simulator's turn cap)",
                    self.rules.turn_cap
                ),
            };
        }
        EndReason {
            code: "rounds_played",
            text: format!(
                "all {} rounds played: the lowest score wins (counters lower a score, so the \
                 winner is usually far below zero)",
                s.round
            ),
        }
    }
}
