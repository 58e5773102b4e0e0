//! LOW BLOW (seed 002, RULINGS LB-1..LB-9): a dice game for 3 or 4 players over three rounds.
//!
//! Each player owns a row of a 5-column board and five dice of its colour. A turn: roll up to
//! three times, setting dice aside between rolls, then place one die on an empty square; its
//! value moves counters to or from the pot, gives dice to the left, or (a Six) the pot to the
//! row's owner. A full board ends the round; rows score their dice minus one per die of the
//! owner's colour; counters lower the score; lowest total wins (LB-2).
//!
//! Decisions, as the bots see them (each is `Turn::Player(mover)`):
//! - after a roll that is not the last: [`LowBlowAction::SetAside`] one die of that roll at a
//!   time, then [`LowBlowAction::Done`] to roll the rest again (one (colour, value) at a time
//!   keeps the lists small, rather than a subset out of 2^n);
//! - then [`LowBlowAction::Place`] a die on an empty square.
//!
//! Placing may use any die held: after the last roll every die of it may be set aside
//! (LB-4), so a set-aside step there would be a decision without consequence and is skipped;
//! placing before the last roll happens only when every die is set aside. Rolls are chance
//! turns; a player without dice passes automatically (LB-3).
//!
//! No hidden information (every die and counter is on the table): `determinize` copies.

mod actions;
mod checks;
mod estimate;
mod metric_docs;
mod option_kinds;
pub mod rules;
pub mod state;
#[cfg(test)]
mod tests;
mod text;
mod trace;

use crate::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, IllegalAction, KindSet, OptionKind, Outcome,
    ScoreOrder, Seat, Turn,
};
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

pub use rules::{CounterScoring, LowBlowRules, RoundStarter};
pub use state::{COLOUR_NAMES, Die, LowBlowState, Phase};

use state::{
    COLOUR_LETTERS, MAX_CELLS, MAX_PLAYERS, MAX_ROUNDS, ONES_BITS, die_bit, die_of_bit, list_dice,
};

#[derive(Clone, Debug)]
pub struct LowBlow {
    rules: LowBlowRules,
}

impl LowBlow {
    /// The round as the state text, the structured state and the outcome all name it
    /// (1-based): the round being played; once over, the rounds played, the one the cap
    /// stopped included, as every game counts them (`Outcome::rounds`). A round set up after
    /// the last full board but never played (no die on it yet) is not counted.
    pub(super) fn round_number(s: &LowBlowState) -> u32 {
        match s.phase {
            Phase::Over => s.round as u32 + (s.capped && s.occupied != 0) as u32,
            _ => s.round as u32 + 1,
        }
    }

    pub fn new(rules: LowBlowRules) -> Self {
        debug_assert!(
            crate::core::rules::Rules::validate(&rules).is_ok(),
            "LOW BLOW rules must be validated before use"
        );
        Self { rules }
    }

    fn columns(&self) -> usize {
        self.rules.columns as usize
    }

    /// Mask of the board's squares for this player count.
    fn full_mask(&self, players: usize) -> u32 {
        let cells = players * self.columns();
        if cells >= 32 { u32::MAX } else { (1u32 << cells) - 1 }
    }

    /// The seat on `seat`'s left: the next to play, since play goes clockwise.
    fn left_of(s: &LowBlowState, seat: usize) -> usize {
        (seat + 1) % s.players()
    }

    /// Start `seat`'s turn: nothing set aside, all dice to be rolled.
    fn begin_turn(s: &mut LowBlowState, seat: usize) {
        s.mover = seat as u8;
        s.phase = Phase::Roll;
        s.rolls = 0;
        s.clear_values();
    }

    /// Give `n` dice of `colour` from `from` to the seat on its left.
    fn pass_left(s: &mut LowBlowState, from: usize, colour: usize, n: u8) {
        if n == 0 {
            return;
        }
        let left = Self::left_of(s, from);
        s.hand[from][colour] -= n;
        s.hand[left][colour] += n;
        s.passed[s.round as usize] += n as u16;
    }

    /// Pay up to `n` counters into the pot (LB-6: pay what you have).
    fn pay(s: &mut LowBlowState, seat: usize, n: u16) {
        let paid = n.min(s.counters[seat]);
        s.counters[seat] -= paid;
        s.pot += paid;
    }

    /// Take up to `n` counters from the pot (LB-6: "provided there are some to take").
    fn take(s: &mut LowBlowState, seat: usize, n: u16) {
        let taken = n.min(s.pot);
        s.pot -= taken;
        s.counters[seat] += taken;
    }

    /// After a placement: end the round if the board is full, else the next player with
    /// dice moves (LB-3), unless the turn cap stops the match (G-2).
    fn finish_turn(&self, s: &mut LowBlowState) {
        let round_over = s.occupied == self.full_mask(s.players());
        if round_over {
            // Scores the round and starts the next one (or ends the match).
            self.end_round(s);
            if s.phase == Phase::Over {
                return;
            }
        }
        if s.turns >= self.rules.turn_cap {
            s.capped = true;
            s.phase = Phase::Over;
            return;
        }
        if !round_over {
            // The board is not full, so some dice are in hands (validate: dice >= squares).
            let mut next = Self::left_of(s, s.mover as usize);
            while s.held(next) == 0 {
                s.passes += 1;
                next = Self::left_of(s, next);
            }
            Self::begin_turn(s, next);
        }
    }

    /// Score the full board (LB-9), return every die to its owner and keep the pot (LB-7);
    /// start the next round or end the match.
    fn end_round(&self, s: &mut LowBlowState) {
        let players = s.players();
        let columns = self.columns();
        let round = s.round as usize;
        for row in 0..players {
            let (mut sum, mut own) = (0u8, 0u8);
            for cell in row * columns..(row + 1) * columns {
                let die = s.die_at(cell).expect("a full board");
                sum += die.value;
                own += (die.colour as usize == row) as u8;
            }
            s.row_sum[round][row] = sum;
            s.own_dice[round][row] = own;
            s.banked[row] += sum as i32 - (own as i32) * self.rules.own_colour_discount as i32;
        }
        s.round += 1;
        if s.round >= self.rules.rounds {
            // The last board stays on show for traces; nothing is played after it.
            s.phase = Phase::Over;
            return;
        }
        s.board = [0; MAX_CELLS];
        s.occupied = 0;
        let dice = self.rules.dice_per_player;
        for (seat, hand) in s.hand.iter_mut().enumerate().take(players) {
            *hand = [0; MAX_PLAYERS];
            hand[seat] = dice;
        }
        let starter = match self.rules.round_starter {
            RoundStarter::Seat0 => 0,
            RoundStarter::Rotate => s.round as usize % players,
            RoundStarter::Continue => Self::left_of(s, s.mover as usize),
        };
        Self::begin_turn(s, starter);
    }

    /// Final (or running) scores: banked row scores minus what the counters are worth.
    pub fn scores(&self, s: &LowBlowState) -> [i32; MAX_PLAYERS] {
        let mut scores = [0; MAX_PLAYERS];
        for (seat, score) in scores.iter_mut().enumerate().take(s.players()) {
            *score = s.banked[seat] - self.rules.counter_value(s.counters[seat]);
        }
        scores
    }

    fn seat_name(seat: usize) -> String {
        format!("seat {seat} ({})", COLOUR_NAMES[seat])
    }
}

/// A bot decision (LB-4). Colours are seats (0 red, 1 blue, 2 green, 3 yellow); values 1-6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LowBlowAction {
    /// Set aside one die of the latest roll with this colour and value; it is not rolled
    /// again this turn.
    SetAside { colour: u8, value: u8 },
    /// Done setting aside: roll the dice not set aside again.
    Done,
    /// Place a held die with this colour and value on the empty square `cell`
    /// (`row * columns + column`, row p being seat p's home row). Ends the turn.
    Place { colour: u8, value: u8, cell: u8 },
}

impl GameRules for LowBlow {
    type State = LowBlowState;
    type Action = LowBlowAction;
    type Rules = LowBlowRules;

    fn with_rules(rules: LowBlowRules) -> Self {
        Self::new(rules)
    }
    fn rules(&self) -> &LowBlowRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "low-blow"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        3..=4
    }

    fn new_state(&self, players: usize) -> LowBlowState {
        assert!(self.seats().contains(&players), "LOW BLOW is for 3 or 4 players, not {players}");
        let mut hand = [[0; MAX_PLAYERS]; MAX_PLAYERS];
        let mut counters = [0; MAX_PLAYERS];
        for seat in 0..players {
            hand[seat][seat] = self.rules.dice_per_player;
            counters[seat] = self.rules.counters_per_player;
        }
        let mut s = LowBlowState {
            players: players as u8,
            board: [0; MAX_CELLS],
            occupied: 0,
            hand,
            aside: Default::default(),
            rolled: Default::default(),
            counters,
            pot: self.rules.starting_pot,
            mover: 0,
            phase: Phase::Roll,
            rolls: 0,
            round: 0,
            turns: 0,
            capped: false,
            banked: [0; MAX_PLAYERS],
            row_sum: [[0; MAX_PLAYERS]; MAX_ROUNDS],
            own_dice: [[0; MAX_PLAYERS]; MAX_ROUNDS],
            passed: [0; MAX_ROUNDS],
            plays: [0; 6],
            passes: 0,
            rolled_mask: 0,
            aside_mask: 0,
            aside_count: [0; MAX_PLAYERS],
        };
        // G-1 / LB-8: seat 0 starts the first round under every starter rule.
        Self::begin_turn(&mut s, 0);
        s
    }

    fn turn(&self, s: &LowBlowState) -> Turn {
        match s.phase {
            Phase::Over => Turn::Over,
            Phase::Roll => Turn::Chance,
            Phase::SetAside | Phase::Place => Turn::Player(Seat(s.mover)),
        }
    }

    fn legal_actions(&self, s: &LowBlowState, out: &mut Vec<LowBlowAction>) {
        out.clear();
        let players = s.players();
        // The distinct dice, in (colour, value) order, are the set bits of the derived masks
        // in increasing order (only colours the mover holds have dice with values).
        match s.phase {
            Phase::SetAside => {
                let mut dice = s.rolled_mask;
                while dice != 0 {
                    let (colour, value) = die_of_bit(dice.trailing_zeros());
                    out.push(LowBlowAction::SetAside { colour, value });
                    dice &= dice - 1;
                }
                out.push(LowBlowAction::Done);
            }
            Phase::Place => {
                // The empty squares once, then one run of them per distinct die held: this
                // list is the longest the game builds (dice x squares), so keep it cheap.
                let mut cells = [0u8; MAX_CELLS];
                let mut n = 0;
                let mut squares = !s.occupied & self.full_mask(players);
                while squares != 0 {
                    cells[n] = squares.trailing_zeros() as u8;
                    n += 1;
                    squares &= squares - 1;
                }
                let cells = &cells[..n];
                let mut dice = s.rolled_mask | s.aside_mask;
                while dice != 0 {
                    let (colour, value) = die_of_bit(dice.trailing_zeros());
                    out.extend(cells.iter().map(|&cell| LowBlowAction::Place {
                        colour,
                        value,
                        cell,
                    }));
                    dice &= dice - 1;
                }
            }
            Phase::Roll | Phase::Over => {}
        }
    }

    /// Counted and indexed without the list (see `actions.rs`).
    fn legal_pick(
        &self,
        s: &LowBlowState,
        buf: &mut Vec<LowBlowAction>,
        pick: impl FnOnce(usize) -> usize,
    ) -> LowBlowAction {
        self.pick_without_list(s, buf, pick)
    }

    /// Checked directly rather than by searching the legal list (the default): the same
    /// answer (a test compares them on every action of random states), without building a
    /// list of up to dice x squares placements.
    fn try_apply(&self, s: &mut LowBlowState, a: LowBlowAction) -> Result<(), IllegalAction> {
        if !self.is_legal(s, a) {
            let mut legal = Vec::new();
            self.legal_actions(s, &mut legal);
            return Err(IllegalAction(format!(
                "{a:?} is not legal for {} in phase {:?}; legal: {legal:?}",
                Self::seat_name(s.mover as usize),
                s.phase
            )));
        }
        self.apply(s, a);
        Ok(())
    }

    fn apply(&self, s: &mut LowBlowState, a: LowBlowAction) {
        match a {
            LowBlowAction::SetAside { colour, value } => {
                let (c, v) = (colour as usize, value as usize - 1);
                debug_assert!(s.phase == Phase::SetAside && s.rolled[c][v] > 0);
                let bit = die_bit(c, v);
                let left = s.rolled[c][v] - 1;
                s.rolled[c][v] = left;
                // Without a branch: whether the cell empties is as random as the dice.
                s.rolled_mask &= !(bit * (left == 0) as u32);
                s.aside[c][v] += 1;
                s.aside_mask |= bit;
                s.aside_count[c] += 1;
                // With nothing left to roll the turn goes straight to placing.
                if s.rolled_mask == 0 {
                    s.phase = Phase::Place;
                }
            }
            LowBlowAction::Done => {
                debug_assert!(s.phase == Phase::SetAside);
                // The dice not set aside go back to be rolled; they have no value until then.
                s.rolled = Default::default();
                s.rolled_mask = 0;
                s.phase = Phase::Roll;
            }
            LowBlowAction::Place { colour, value, cell } => {
                self.place(s, colour as usize, value, cell as usize)
            }
        }
    }

    fn sample_chance(&self, s: &mut LowBlowState, chance: &mut impl Chance) {
        debug_assert_eq!(s.phase, Phase::Roll);
        let m = s.mover as usize;
        // `rolled` is empty while a roll is pending: the dice to roll are `hand - aside`.
        for colour in 0..s.players() {
            for _ in 0..s.hand[m][colour] - s.aside_count[colour] {
                let face = chance.die_wide(6) as usize;
                s.rolled[colour][face - 1] += 1;
                s.rolled_mask |= die_bit(colour, face - 1);
            }
        }
        s.rolls += 1;
        s.phase = if s.rolls >= self.rules.max_rolls {
            // LB-4: after the last roll one die must be placed.
            Phase::Place
        } else {
            Phase::SetAside
        };
    }

    fn outcome(&self, s: &LowBlowState) -> Outcome {
        let scores = self.scores(s);
        let scores = &scores[..s.players()];
        if s.capped {
            Outcome::capped(scores, s.turns, Self::round_number(s))
        } else {
            // LB-2: lowest total wins; ties for first are shared by Outcome (G-3).
            Outcome::finished(scores, ScoreOrder::LowerWins, s.turns, s.round as u32)
        }
    }

    fn turn_cap(&self) -> u32 {
        self.rules.turn_cap
    }

    /// Running standings for lead statistics: the score as it stands (banked rounds minus the
    /// counters' worth), negated because the lowest total wins (LB-2).
    fn standings(&self, s: &LowBlowState, out: &mut [i32]) -> Option<u32> {
        let scores = self.scores(s);
        for (o, score) in out.iter_mut().zip(scores) {
            *o = -score;
        }
        Some(s.turns)
    }

    fn check_invariants(&self, s: &LowBlowState) -> Result<(), String> {
        self.invariants(s)
    }
}

impl BotHooks for LowBlow {
    /// Only a placement ends the match: on the last square of the last round (LB-9), or the
    /// one that reaches the turn cap (G-2). Setting aside or rolling again never does.
    fn may_end_in_one(&self, s: &LowBlowState) -> bool {
        let empty = !s.occupied & self.full_mask(s.players());
        s.phase == Phase::Place
            && (empty & empty.wrapping_sub(1) == 0 && s.round + 1 >= self.rules.rounds
                || s.turns + 1 >= self.rules.turn_cap)
    }

    /// Perfect information: the board, every player's dice and counters, the pot and the
    /// dice just rolled are all on the table.
    fn observe(&self, s: &LowBlowState, _viewer: Seat, out: &mut impl Hasher) {
        s.hash(out);
    }

    /// The others' mean expected final score minus `seat`'s (lower is better, LB-2),
    /// squashed by tanh into (-1, 1): greedy compares the change in its score relative to
    /// the others (see `estimate.rs`).
    fn heuristic(&self, s: &LowBlowState, seat: Seat) -> f64 {
        Self::relative(&self.expected_scores(s), s.players(), seat.index())
    }

    /// The expected scores once for every seat, where `heuristic` per seat would compute
    /// them for each (an MCTS rollout cut wants all seats).
    fn heuristics(&self, s: &LowBlowState, out: &mut [f64]) {
        let est = self.expected_scores(s);
        for (me, h) in out.iter_mut().enumerate() {
            *h = Self::relative(&est, s.players(), me);
        }
    }
}

impl GameStats for LowBlow {
    fn length_unit(&self) -> &'static str {
        "rounds"
    }

    fn metric_names(&self, players: usize) -> Vec<String> {
        let rounds = self.rules.rounds as usize;
        let mut names = Vec::new();
        names.extend((0..players).map(|p| format!("counters_seat{p}")));
        names.push("pot_end".to_string());
        names.extend((1..=rounds).map(|r| format!("dice_passed_round{r}")));
        names.extend(["one", "two", "three", "four", "five", "six"].map(|v| format!("played_{v}")));
        names.push("passes".to_string());
        for what in ["row_sum", "own_dice"] {
            for r in 1..=rounds {
                names.extend((0..players).map(|p| format!("{what}_round{r}_seat{p}")));
            }
        }
        names
    }

    fn metric_docs(&self, players: usize) -> Vec<(String, String)> {
        self.metric_docs_text(players)
    }

    fn metrics(&self, s: &LowBlowState, out: &mut [i64]) {
        let players = s.players();
        let rounds = self.rules.rounds as usize;
        let mut i = 0;
        let mut put = |v: i64| {
            out[i] = v;
            i += 1;
        };
        for p in 0..players {
            put(s.counters[p] as i64);
        }
        put(s.pot as i64);
        for r in 0..rounds {
            put(s.passed[r] as i64);
        }
        for v in 0..6 {
            put(s.plays[v] as i64);
        }
        put(s.passes as i64);
        for r in 0..rounds {
            for p in 0..players {
                put(s.row_sum[r][p] as i64);
            }
        }
        for r in 0..rounds {
            for p in 0..players {
                put(s.own_dice[r][p] as i64);
            }
        }
    }

    /// The die placed (by value, by row), the dice kept when rolling again, the die set
    /// aside (see `option_kinds.rs`); the same list whatever the rules.
    fn option_kinds(&self, _players: usize) -> Vec<OptionKind> {
        Self::declared_kinds()
    }

    /// A random match costs about 76,000 instructions and counting all its options 4.6 times
    /// that (callgrind, 4-player DARDZ and Love Actually and Pride, 3-player LOW BLOW): one
    /// deal in 64 keeps the counting under a tenth of a random match.
    fn option_sample_every(&self) -> u64 {
        64
    }
    fn action_kinds(&self, s: &LowBlowState, a: LowBlowAction) -> KindSet {
        self.kinds_of(s, a)
    }
}

impl GameText for LowBlow {
    fn describe(&self, s: &LowBlowState, a: LowBlowAction) -> String {
        self.describe_text(s, a)
    }

    fn describe_chance(&self, before: &LowBlowState, after: &LowBlowState) -> String {
        self.describe_chance_text(before, after)
    }

    fn render(&self, s: &LowBlowState) -> String {
        self.render_text(s)
    }
}
