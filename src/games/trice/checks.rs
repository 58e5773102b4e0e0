//! TRICE's invariants, checked after every step by the conformance check: dice conserved,
//! the board and the scores consistent with what was played.

use super::*;

impl Trice {
    pub(super) fn invariants(&self, s: &TriceState) -> Result<(), String> {
        let squares = self.squares();
        // Every square past the board is empty, every die code is valid.
        for (sq, &code) in s.board.iter().enumerate() {
            if code != EMPTY && (sq >= squares as usize || !Die::is_valid(code)) {
                return Err(format!("square {sq} holds code {code}"));
            }
        }
        // Conservation (TR-1): every die is on the board, in the pool or in hand, once.
        let mut per_colour = [0u32; COLOURS];
        for &code in s.board.iter().filter(|&&c| c != EMPTY) {
            per_colour[Die(code).colour() as usize] += 1;
        }
        for (i, &n) in s.pool.iter().enumerate() {
            per_colour[Die::from_pool_index(i).colour() as usize] += n as u32;
        }
        if s.held != EMPTY {
            if !Die::is_valid(s.held) {
                return Err(format!("held die code {}", s.held));
            }
            per_colour[Die(s.held).colour() as usize] += 1;
        }
        let expected = if s.phase == Phase::Roll { 0 } else { self.rules.dice_per_colour as u32 };
        if per_colour.iter().any(|&n| n != expected) {
            return Err(format!(
                "dice per colour (board + pool + hand) {per_colour:?}, expected {expected} each"
            ));
        }
        let on_board = s.board.iter().filter(|&&c| c != EMPTY).count();
        if on_board != s.placements as usize {
            return Err(format!("{on_board} dice on the board after {} placements", s.placements));
        }
        // Who decides follows from the placement count during placement (G-1, TR-2).
        let placer = s.placements % 2;
        let ok = match s.phase {
            Phase::Roll => s.placements == 0,
            Phase::Give => s.held == EMPTY && s.to_move == 1 - placer && s.placements < squares,
            Phase::Place => s.held != EMPTY && s.to_move == placer,
            Phase::Point | Phase::Swap | Phase::Bump => {
                s.placements == squares
                    && s.held == EMPTY
                    && self.rules.rules_version == RulesVersion::V031
                    && s.swap_turns < self.rules.swap_turn_cap
            }
            Phase::Over => s.ending != Ending::Playing,
        };
        if !ok {
            return Err(format!(
                "inconsistent {:?}: to_move {}, held {}, {} placements, {} swap turns",
                s.phase, s.to_move, s.held, s.placements, s.swap_turns
            ));
        }
        if s.phase != Phase::Over && s.ending != Ending::Playing {
            return Err(format!("ending {:?} while {:?}", s.ending, s.phase));
        }
        if s.phase == Phase::Swap && s.pointed >= squares {
            return Err(format!("pointed square {}", s.pointed));
        }
        // The pointed die must have a swap left (TR-7 variants on a one-row board).
        if s.phase == Phase::Swap
            && !self.geo.neighbours[s.pointed as usize]
                .iter()
                .any(|&q| self.may_swap(s, s.pointed, q))
        {
            return Err(format!("the die on {} has no legal swap", self.geo.name(s.pointed)));
        }
        if s.phase == Phase::Bump
            && (s.swapped[0] != s.pointed || !self.geo.adjacent(s.swapped[0], s.swapped[1]))
        {
            return Err(format!("swap {:?} is not orthogonal", s.swapped));
        }
        if s.swap_turns > self.rules.swap_turn_cap {
            return Err(format!("{} swap turns beyond the cap", s.swap_turns));
        }
        // A live board holds no Trice and no Double Trice: it would have ended the match.
        // Between a swap and its increment the board is not checked yet (TR-6).
        if s.phase != Phase::Over && s.phase != Phase::Bump {
            let verdict = self.geo.judge_all(&s.board, self.rules.rules_version);
            if verdict != Verdict::Nothing {
                return Err(format!("{verdict:?} on a live board"));
            }
        }
        // The recorded result matches the board and the mover (TR-5).
        if s.phase == Phase::Over {
            let mover = s.to_move;
            let verdict = self.geo.judge_all(&s.board, self.rules.rules_version);
            let ok = match s.ending {
                Ending::TricePlacement | Ending::TriceSwap => {
                    s.winner == Some(mover) && matches!(verdict, Verdict::Trice(_))
                }
                Ending::DoubleTricePlacement | Ending::DoubleTriceSwap => {
                    s.winner == Some(1 - mover) && matches!(verdict, Verdict::DoubleTrice(_))
                }
                Ending::FullBoardTie => {
                    s.winner.is_none() && verdict == Verdict::Nothing && s.placements == squares
                }
                Ending::Capped => {
                    s.winner.is_none()
                        && verdict == Verdict::Nothing
                        && s.swap_turns == self.rules.swap_turn_cap
                }
                Ending::Playing => false,
            };
            let placement_end =
                matches!(s.ending, Ending::TricePlacement | Ending::DoubleTricePlacement);
            if !ok || (placement_end && (s.swap_turns != 0 || mover != (s.placements - 1) % 2)) {
                return Err(format!(
                    "ending {:?} (winner {:?}, mover {mover}) but the board shows {verdict:?}",
                    s.ending, s.winner
                ));
            }
        }
        Ok(())
    }
}
