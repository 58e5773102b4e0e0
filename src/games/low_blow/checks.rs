//! LOW BLOW's invariants, checked after every step by the conformance check: dice
//! conserved, the grid and the scores consistent with what was played.

use super::state::total;
use super::*;

impl LowBlow {
    pub(super) fn invariants(&self, s: &LowBlowState) -> Result<(), String> {
        let players = s.players();
        let columns = self.columns();
        let full = self.full_mask(players);
        // Board: the mask matches the squares, dice are well-formed, nothing off the board.
        let mut on_board = [0u32; MAX_PLAYERS];
        if s.occupied & !full != 0 {
            return Err(format!("occupied mask {:#x} beyond the board", s.occupied));
        }
        let cells = players * columns;
        if s.board[cells..].iter().any(|&code| code != 0) {
            return Err("a die beyond the board".into());
        }
        for (cell, &code) in s.board[..cells].iter().enumerate() {
            let marked = s.occupied >> cell & 1 == 1;
            if code == 0 {
                if marked {
                    return Err(format!("square {cell} marked but empty"));
                }
                continue;
            }
            let (colour, value) = ((code >> 3) as usize, code & 7);
            if !marked || colour >= players || !(1..=6).contains(&value) {
                return Err(format!("square {cell} holds a bad or unmarked die {code:#x}"));
            }
            on_board[colour] += 1;
        }
        // Conservation: every die of every colour is on the board or in exactly one hand.
        for colour in 0..MAX_PLAYERS {
            let in_hands: u32 = (0..MAX_PLAYERS).map(|p| s.hand[p][colour] as u32).sum();
            let expected = if colour < players { self.rules.dice_per_player as u32 } else { 0 };
            if on_board[colour] + in_hands != expected {
                return Err(format!(
                    "{} dice: {} on the board + {in_hands} in hands != {expected}",
                    COLOUR_LETTERS[colour], on_board[colour]
                ));
            }
        }
        for p in players..MAX_PLAYERS {
            if s.hand[p] != [0; MAX_PLAYERS] || s.counters[p] != 0 {
                return Err(format!("seat {p} does not play but holds something"));
            }
        }
        // Counters: conserved between the players and the pot.
        let counters: u32 = s.counters.iter().map(|&c| c as u32).sum::<u32>() + s.pot as u32;
        let expected =
            players as u32 * self.rules.counters_per_player as u32 + self.rules.starting_pot as u32;
        if counters != expected {
            return Err(format!("{counters} counters, expected {expected}"));
        }
        // The mover's dice with values are dice the mover holds.
        let m = s.mover as usize;
        if m >= players {
            return Err(format!("mover {m} out of range"));
        }
        for (colour, letter) in COLOUR_LETTERS.iter().enumerate() {
            let valued: u32 =
                (0..6).map(|v| s.aside[colour][v] as u32 + s.rolled[colour][v] as u32).sum();
            let held = s.hand[m][colour] as u32;
            if valued > held {
                return Err(format!(
                    "mover has {valued} {letter} dice with values but holds {held}"
                ));
            }
            if s.phase == Phase::Place && valued != held {
                return Err(format!("placing with unrolled {letter} dice"));
            }
        }
        // The derived fields are what the count tables say.
        let mut synced = *s;
        synced.sync_derived();
        if (s.rolled_mask, s.aside_mask, s.aside_count)
            != (synced.rolled_mask, synced.aside_mask, synced.aside_count)
        {
            return Err(format!(
                "derived fields out of step: masks {:#x}/{:#x}, aside counts {:?}; the tables \
                 say {:#x}/{:#x}, {:?}",
                s.rolled_mask,
                s.aside_mask,
                s.aside_count,
                synced.rolled_mask,
                synced.aside_mask,
                synced.aside_count
            ));
        }
        let (aside, rolled) = (total(&s.aside), total(&s.rolled));
        match s.phase {
            Phase::Roll if rolled != 0 || aside >= s.held(m) => {
                return Err("a roll is pending with nothing to roll".into());
            }
            Phase::SetAside if rolled == 0 || s.rolls >= self.rules.max_rolls => {
                return Err("setting aside without dice or after the last roll".into());
            }
            Phase::Over if aside + rolled != 0 => {
                return Err("dice with values after the end".into());
            }
            _ => {}
        }
        if s.phase != Phase::Over {
            if s.held(m) == 0 {
                return Err(format!("{} is on turn without dice", Self::seat_name(m)));
            }
            if s.occupied == full {
                return Err("the board is full but the round goes on".into());
            }
            if s.round >= self.rules.rounds {
                return Err("play after the last round".into());
            }
        }
        if s.rolls > self.rules.max_rolls {
            return Err(format!("{} rolls", s.rolls));
        }
        // Every placement is one of the six outcomes.
        let plays: u32 = s.plays.iter().map(|&n| n as u32).sum();
        let finished = s.phase == Phase::Over && !s.capped;
        if finished && (s.occupied != full || s.round != self.rules.rounds) {
            return Err("finished without a full board in the last round".into());
        }
        // A finished match keeps its last board on show; it is counted in `round` already.
        let this_round = if finished { 0 } else { s.placed() };
        let placed_before = s.round as u32 * (players * columns) as u32;
        if plays != s.turns || s.turns != placed_before + this_round {
            return Err(format!(
                "{} placements, {plays} outcomes, {} dice on the board in round {}",
                s.turns,
                s.placed(),
                s.round
            ));
        }
        if s.turns > self.rules.turn_cap {
            return Err(format!("{} placements beyond the cap", s.turns));
        }
        Ok(())
    }
}
