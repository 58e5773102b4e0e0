//! TRICE's structured traces (docs/trace-format.md): the board and the pool as data, each
//! die handed, placed, pointed at, swapped and bumped, and the Trice or Double Trice that
//! decided the match with its line, conditions and the winner's +1 (the outcome's score).

use serde_json::{Value, json};

use crate::core::trace::{Drawn, EndReason, MovePlace, TraceGame, event, points_event};

use super::*;

fn die_json(code: u8) -> Value {
    if code == EMPTY {
        return Value::Null;
    }
    let d = Die(code);
    json!({"colour": state::COLOUR_NAMES[d.colour() as usize], "value": d.value()})
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Roll => "roll",
        Phase::Give => "give",
        Phase::Place => "place",
        Phase::Point => "point",
        Phase::Swap => "swap",
        Phase::Bump => "bump",
        Phase::Over => "over",
    }
}

impl Trice {
    fn square_json(&self, s: &TriceState, sq: u8) -> Value {
        json!({"square": sq, "name": self.geo.name(sq), "die": die_json(s.board[sq as usize])})
    }

    /// The deciding line as data: its name, squares and conditions (TR-4, TR-5).
    fn line_json(&self, s: &TriceState) -> Option<Value> {
        s.deciding_line.map(|l| {
            let squares = self.geo.lines[l as usize];
            json!({"name": self.geo.line_name(l as usize), "squares": squares,
                "conditions": board::condition_words(self.geo.line_mask(&s.board, l as usize))})
        })
    }

    /// The `data-target` of a square on the play page's picture (the `draw.js` beside this file draws the
    /// same): `square:c2`. Both seats play on the one board, so no seat prefix.
    pub(super) fn square_target(&self, sq: u8) -> String {
        format!("square:{}", self.geo.name(sq))
    }

    /// The `data-target` of a die in the pool (`pool:white-3`): dice alike are one choice
    /// (TR-2), so the picture draws each colour and value once. The pool is shared and only
    /// the seat to move picks from it, so no seat prefix either.
    pub(super) fn pool_target(die: Die) -> String {
        format!("pool:{}-{}", state::COLOUR_NAMES[die.colour() as usize], die.value())
    }

    fn pool_json(s: &TriceState) -> Vec<Value> {
        (0..s.pool.len())
            .flat_map(|i| {
                std::iter::repeat_n(die_json(Die::from_pool_index(i).0), s.pool[i] as usize)
            })
            .collect()
    }
}

impl TraceGame for Trice {
    const TITLE: &'static str = "TRICE";
    const DRAWING: &'static str = include_str!("draw.js");
    const HOW_TO_PLAY: &'static str = include_str!("how_to_play.md");

    fn state_json(&self, s: &TriceState) -> Value {
        let board: Vec<Value> =
            (0..self.squares()).map(|q| die_json(s.board[q as usize])).collect();
        json!({"rows": self.rules.rows, "columns": self.rules.columns, "board": board,
            "pool": Self::pool_json(s), "phase": phase_name(s.phase), "to_move": s.to_move,
            "held": die_json(s.held), "placements": s.placements, "swap_turns": s.swap_turns,
            "turn": s.turns(), "winner": s.winner, "scores": self.outcome(s).scores(),
            // What the picture marks: the pointed die while it waits for its swap, the two
            // swapped dice while one waits for its +1, the deciding line at the end.
            "pointed": (s.phase == Phase::Swap).then_some(s.pointed),
            "swapped": (s.phase == Phase::Bump).then_some(s.swapped),
            "line": self.line_json(s)})
    }

    fn chance_json(&self, _before: &TriceState, draws: &[Drawn], _after: &TriceState) -> Value {
        // TR-2: the dice are rolled colour by colour, `dice_per_colour` of each.
        let per = self.rules.dice_per_colour as usize;
        let dice: Vec<Value> = draws
            .iter()
            .enumerate()
            .filter_map(|(i, d)| match d {
                Drawn::Die { value, .. } => {
                    Some(json!({"colour": state::COLOUR_NAMES[i / per], "value": value}))
                }
                _ => None,
            })
            .collect();
        json!({ "dice": dice })
    }

    fn trace_events(
        &self,
        before: &TriceState,
        _action: Option<TriceAction>,
        after: &TriceState,
        out: &mut Vec<Value>,
    ) {
        let me = before.to_move;
        match before.phase {
            Phase::Roll => out.push(event("pool_rolled", json!({"pool": Self::pool_json(after)}))),
            Phase::Give => out.push(event(
                "give",
                json!({"seat": me, "to": 1 - me, "die": die_json(after.held)}),
            )),
            Phase::Place => {
                let sq = (0..self.squares())
                    .find(|&q| before.board[q as usize] != after.board[q as usize]);
                let sq = sq.expect("a placement fills a square");
                out.push(event("place", json!({"seat": me, "at": self.square_json(after, sq)})));
                if after.phase == Phase::Point || after.ending == Ending::FullBoardTie {
                    out.push(event("board_full", json!({})));
                }
            }
            Phase::Point => out.push(event(
                "point",
                json!({"seat": me, "for": 1 - me, "at": self.square_json(after, after.pointed)}),
            )),
            Phase::Swap => {
                let [a, b] = after.swapped;
                out.push(event(
                    "swap",
                    json!({"seat": me, "from": self.square_json(before, a),
                    "with": self.square_json(before, b)}),
                ));
            }
            Phase::Bump => {
                let sq = after
                    .swapped
                    .into_iter()
                    .find(|&q| before.board[q as usize] != after.board[q as usize]);
                let sq = sq.expect("a bump changes one of the swapped dice");
                out.push(event(
                    "bump",
                    json!({"seat": me, "at": self.square_json(after, sq),
                    "swap_turn": after.swap_turns}),
                ));
            }
            Phase::Over => {}
        }
        if before.phase == Phase::Over || after.phase != Phase::Over {
            return;
        }
        let line = self.line_json(after);
        match after.ending {
            Ending::TricePlacement | Ending::TriceSwap => {
                out.push(event("trice", json!({"seat": me, "line": line})));
            }
            Ending::DoubleTricePlacement | Ending::DoubleTriceSwap => {
                out.push(event("double_trice", json!({"seat": me, "line": line})));
            }
            Ending::FullBoardTie => out.push(event("tie", json!({}))),
            Ending::Capped => out.push(event("capped", json!({"swap_turns": after.swap_turns}))),
            Ending::Playing => {}
        }
        if let Some(w) = after.winner {
            out.push(points_event("win", w as usize, 1, json!({})));
        }
    }

    /// Every move has its place on the picture: a die to give is its die in the pool, every
    /// other move the square it names (the free square to place on, the die to point at, the
    /// neighbour to swap with, the swapped die to add 1 to). None goes to the bar.
    fn move_place(&self, _s: &TriceState, a: TriceAction) -> MovePlace {
        match a {
            TriceAction::Give(die) => MovePlace::at("give", Self::pool_target(die)),
            TriceAction::Place(sq) => MovePlace::at("place", self.square_target(sq)),
            TriceAction::Point(sq) => MovePlace::at("point", self.square_target(sq)),
            TriceAction::Swap(sq) => MovePlace::at("swap", self.square_target(sq)),
            TriceAction::Bump(sq) => MovePlace::at("add", self.square_target(sq)),
        }
    }

    fn end_reason(&self, s: &TriceState) -> EndReason {
        let code = match s.ending {
            Ending::TricePlacement => "trice_placement",
            Ending::DoubleTricePlacement => "double_trice_placement",
            Ending::TriceSwap => "trice_swap",
            Ending::DoubleTriceSwap => "double_trice_swap",
            Ending::FullBoardTie => "full_board_tie",
            Ending::Capped => "turn_cap",
            Ending::Playing => "playing",
        };
        EndReason { code, text: self.ending_words(s) }
    }
}
