//! LOW BLOW's match state: a small `Copy` value (fixed arrays, one bitmask, small counters) so
//! that MCTS can clone it millions of times.
//!
//! Dice of one colour and value are interchangeable, so they are kept as counts: the board
//! holds (colour, value) per square; a player's hand is a count per colour (values do not
//! matter between turns, every turn starts by rolling); only the player on turn has values,
//! split into the dice set aside and the dice of the latest roll that were not set aside.
//!
//! Three small fields are *derived* from those two count tables (`rolled_mask`, `aside_mask`,
//! `aside_count`): every step keeps them in step with the tables, so that the hot path reads
//! one word where it would re-scan 24 bytes it has just written one of (a store-forwarding
//! stall). Being functions of the other fields they change no equality between states, and
//! `check_invariants` recomputes them at every step of the conformance check.

/// Players the arrays are sized for (the rulebook: 3 to 4).
pub const MAX_PLAYERS: usize = 4;
/// Largest `columns` parameter.
pub const MAX_COLUMNS: usize = 8;
/// Squares of the largest board; the occupancy mask is a `u32`.
pub const MAX_CELLS: usize = MAX_PLAYERS * MAX_COLUMNS;
/// Largest `rounds` parameter (per-round metrics are kept in fixed arrays).
pub const MAX_ROUNDS: usize = 9;
/// Largest `dice_per_player` parameter (all counts fit a `u8`).
pub const MAX_DICE_PER_PLAYER: usize = 12;

/// Colour names, one per seat: seat p's dice and home row have colour p.
pub const COLOUR_NAMES: [&str; MAX_PLAYERS] = ["red", "blue", "green", "yellow"];
/// One-letter colour tags for compact dice (`R4` is a red four).
pub const COLOUR_LETTERS: [char; MAX_PLAYERS] = ['R', 'B', 'G', 'Y'];

/// Where the player on turn is (LB-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The dice not set aside are about to be rolled (a chance turn).
    Roll,
    /// After a roll that is not the last: set dice aside one at a time, or be done.
    SetAside,
    /// One die must be placed: after the last roll, or once every die is set aside.
    Place,
    /// The match has ended (finished or capped).
    Over,
}

/// A die on the board: colour (its owner's seat) and value 1-6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Die {
    pub colour: u8,
    pub value: u8,
}

impl Die {
    /// Board encoding: 0 is an empty square, else colour * 8 + value (value is never 0).
    pub fn code(self) -> u8 {
        self.colour * 8 + self.value
    }
    pub fn from_code(code: u8) -> Option<Die> {
        (code != 0).then_some(Die { colour: code >> 3, value: code & 7 })
    }
}

impl std::fmt::Display for Die {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", COLOUR_LETTERS[self.colour as usize], self.value)
    }
}

/// Counts of the mover's dice by colour and value (`[colour][value - 1]`).
pub type DiceCounts = [[u8; 6]; MAX_PLAYERS];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LowBlowState {
    pub players: u8,
    /// Square `row * columns + column`; row p is seat p's home row. See [`Die::code`].
    pub board: [u8; MAX_CELLS],
    /// Bit i set when square i holds a die.
    pub occupied: u32,
    /// `hand[seat][colour]`: dice of that colour the seat holds (set aside or not).
    pub hand: [[u8; MAX_PLAYERS]; MAX_PLAYERS],
    /// The mover's dice set aside this turn.
    pub aside: DiceCounts,
    /// The mover's dice from the latest roll that are not set aside. Empty while a roll is
    /// pending: the dice to roll are `hand - aside`.
    pub rolled: DiceCounts,
    pub counters: [u16; MAX_PLAYERS],
    pub pot: u16,
    pub mover: u8,
    pub phase: Phase,
    /// Rolls made this turn.
    pub rolls: u8,
    /// The current round, 0-based; equals the completed rounds once the match is over.
    pub round: u8,
    /// Placements so far (one per turn): the unit of the turn cap.
    pub turns: u32,
    pub capped: bool,
    /// Row scores of completed rounds, summed (sum of the dice minus the own-colour discount).
    pub banked: [i32; MAX_PLAYERS],
    // Counters for metrics.
    /// `row_sum[round][seat]`: the plain sum of the dice in the seat's row at the round's end.
    pub row_sum: [[u8; MAX_PLAYERS]; MAX_ROUNDS],
    /// `own_dice[round][seat]`: dice of the seat's own colour in its row at the round's end.
    pub own_dice: [[u8; MAX_PLAYERS]; MAX_ROUNDS],
    /// Dice given to the left, per round.
    pub passed: [u16; MAX_ROUNDS],
    /// Dice placed per value: how often each of the six outcomes was played.
    pub plays: [u16; 6],
    /// Turns skipped because the player held no dice (LB-3).
    pub passes: u16,
    // Derived from `rolled` and `aside` (see the module's header and `sync_derived`).
    /// Bit [`die_bit`]`(colour, value)` set when `rolled[colour][value - 1] > 0`: the dice a
    /// set-aside may take, in the legal list's (colour, value) order.
    pub rolled_mask: u32,
    /// The same for `aside`.
    pub aside_mask: u32,
    /// `aside[colour]` summed: the mover's dice of each colour set aside this turn.
    pub aside_count: [u8; MAX_PLAYERS],
}

/// The bit of a (colour, value) cell in [`LowBlowState::rolled_mask`]: `colour * 6 + value -
/// 1`, so that increasing bits are the legal list's die order.
#[inline]
pub fn die_bit(colour: usize, value_index: usize) -> u32 {
    1 << (colour * 6 + value_index)
}

/// The (colour, value 1-6) of bit `bit` of a die mask: the inverse of [`die_bit`].
#[inline]
pub fn die_of_bit(bit: u32) -> (u8, u8) {
    ((bit / 6) as u8, (bit % 6) as u8 + 1)
}

// A die mask holds 6 values per colour in a u32, and `ONES_BITS` names exactly 4 colours.
const _: () = assert!(MAX_PLAYERS * 6 <= 32 && MAX_PLAYERS == 4);

/// The bits of every colour's One (value index 0) in a die mask.
pub const ONES_BITS: u32 = 1 | 1 << 6 | 1 << 12 | 1 << 18;

/// The mask of a count table's non-empty cells (see [`die_bit`]).
pub fn mask_of(counts: &DiceCounts) -> u32 {
    let mut mask = 0;
    for (colour, by_value) in counts.iter().enumerate() {
        for (v, &n) in by_value.iter().enumerate() {
            if n > 0 {
                mask |= die_bit(colour, v);
            }
        }
    }
    mask
}

impl LowBlowState {
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// Dice `seat` holds, all colours.
    pub fn held(&self, seat: usize) -> u32 {
        let h = self.hand[seat];
        h[0] as u32 + h[1] as u32 + h[2] as u32 + h[3] as u32
    }

    /// The mover's dice of this colour and value (set aside or in the latest roll).
    pub fn mover_has(&self, colour: usize, value: u8) -> u8 {
        self.aside[colour][value as usize - 1] + self.rolled[colour][value as usize - 1]
    }

    /// Dice on the board.
    pub fn placed(&self) -> u32 {
        self.occupied.count_ones()
    }

    pub fn die_at(&self, cell: usize) -> Option<Die> {
        Die::from_code(self.board[cell])
    }

    /// The derived fields as `rolled` and `aside` say they must be: for states built or
    /// edited field by field (tests), and for the invariant check that compares them.
    pub fn sync_derived(&mut self) {
        self.rolled_mask = mask_of(&self.rolled);
        self.aside_mask = mask_of(&self.aside);
        for (count, by_value) in self.aside_count.iter_mut().zip(&self.aside) {
            *count = by_value.iter().sum();
        }
    }

    /// Empty the mover's dice with values (both tables and what is derived from them).
    pub fn clear_values(&mut self) {
        self.aside = Default::default();
        self.rolled = Default::default();
        self.rolled_mask = 0;
        self.aside_mask = 0;
        self.aside_count = [0; MAX_PLAYERS];
    }
}

/// Total of a count table.
pub fn total(counts: &DiceCounts) -> u32 {
    // Plain loops: `flatten` is slow in the dev profile the tests run in.
    let mut sum = 0;
    for by_value in counts {
        for &n in by_value {
            sum += n as u32;
        }
    }
    sum
}

/// The dice of a count table, in (colour, value) order, as `R1 R4 B6`.
pub fn list_dice(counts: &DiceCounts, players: usize) -> String {
    let mut out = String::new();
    for (colour, by_value) in counts.iter().enumerate().take(players) {
        for (v, &n) in by_value.iter().enumerate() {
            for _ in 0..n {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(&Die { colour: colour as u8, value: v as u8 + 1 }.to_string());
            }
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}
