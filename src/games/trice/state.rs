//! TRICE's value types: a die, the match state and the decisions. The state is a few dozen
//! bytes of fixed arrays (board squares and pool counts), so MCTS can clone it freely.

use super::rules::MAX_CELLS;

/// Dice colours (TR-1), in the order the pool and the legal actions list them.
pub const COLOURS: usize = 3;
pub const COLOUR_NAMES: [&str; COLOURS] = ["white", "purple", "orange"];
pub const COLOUR_LETTERS: [char; COLOURS] = ['W', 'P', 'O'];
/// Faces of a die; incrementing a 6 gives 1 (TR-6).
pub const FACES: u8 = 6;

/// An empty square.
pub const EMPTY: u8 = 0;

/// A die: colour (0 white, 1 purple, 2 orange) in bits 3-4, value 1-6 in bits 0-2. Never 0,
/// so a board square holds a die or [`EMPTY`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Die(pub u8);

impl Die {
    pub fn new(colour: u8, value: u8) -> Self {
        debug_assert!((colour as usize) < COLOURS && (1..=FACES).contains(&value));
        Die(colour << 3 | value)
    }
    pub fn colour(self) -> u8 {
        self.0 >> 3
    }
    pub fn value(self) -> u8 {
        self.0 & 7
    }
    /// The die with one more pip; a 6 becomes a 1 (TR-6).
    pub fn bumped(self) -> Self {
        Die::new(self.colour(), self.value() % FACES + 1)
    }
    /// Index of this die's (colour, value) in [`TriceState::pool`].
    pub fn pool_index(self) -> usize {
        self.colour() as usize * FACES as usize + self.value() as usize - 1
    }
    pub fn from_pool_index(i: usize) -> Self {
        Die::new((i / FACES as usize) as u8, (i % FACES as usize) as u8 + 1)
    }
    /// Short form for grids: `W3`.
    pub fn short(self) -> String {
        format!("{}{}", COLOUR_LETTERS[self.colour() as usize], self.value())
    }
    /// Long form for traces: `white 3`.
    pub fn long(self) -> String {
        format!("{} {}", COLOUR_NAMES[self.colour() as usize], self.value())
    }
    /// With its article, for traces: `a white 3`, `an orange 5`.
    pub fn with_article(self) -> String {
        let article = if self.colour() == 2 { "an" } else { "a" };
        format!("{article} {}", self.long())
    }
    /// A valid die code: a known colour and a value 1-6.
    pub fn is_valid(code: u8) -> bool {
        (code >> 3) < COLOURS as u8 && (1..=FACES).contains(&(code & 7))
    }
}

/// Where the match is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The 12 dice are yet to be rolled into the pool (the one chance event, TR-2).
    Roll,
    /// `to_move` picks a die from the pool for the opponent to place (TR-2).
    Give,
    /// `to_move` places the die in [`TriceState::held`] on a free square.
    Place,
    /// Board full (TR-6): `to_move` points at a die for the opponent to swap.
    Point,
    /// `to_move` swaps the die at [`TriceState::pointed`] with an orthogonal neighbour.
    Swap,
    /// `to_move` adds 1 to one of the two dice in [`TriceState::swapped`]; then the board is
    /// checked.
    Bump,
    Over,
}

/// How the match ended (for outcomes and `metrics.csv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    Playing,
    /// A Trice made by a placement: the placer won.
    TricePlacement,
    /// A Double Trice made by a placement: the placer lost.
    DoubleTricePlacement,
    /// A Trice made by a swap turn: the swapper won.
    TriceSwap,
    /// A Double Trice made by a swap turn: the swapper lost.
    DoubleTriceSwap,
    /// v0.2 only: the last die was placed without a Trice.
    FullBoardTie,
    /// The swap-phase cap (TR-8) stopped the match: no winner.
    Capped,
}

/// One decision. Squares are numbered row by row from the top left (`a1` = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TriceAction {
    /// Hand the opponent a die of this colour and value from the pool (dice alike in both are
    /// one choice).
    Give(Die),
    /// Place the handed die on this free square.
    Place(u8),
    /// Point at the die on this square for the opponent to swap.
    Point(u8),
    /// Swap the pointed die with the die on this orthogonally adjacent square.
    Swap(u8),
    /// Add 1 to the die now on this square (one of the two just swapped).
    Bump(u8),
}

/// A TRICE match in progress. No hidden information: the pool is open and every die's value
/// is fixed by the one roll, so the pool is kept as counts per (colour, value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TriceState {
    /// Each square: [`EMPTY`] or a [`Die`] code. Squares past the board's size stay empty.
    pub board: [u8; MAX_CELLS],
    /// Unplaced dice, counted by [`Die::pool_index`].
    pub pool: [u8; COLOURS * FACES as usize],
    pub phase: Phase,
    /// The seat deciding now (and, once over, the seat that made the last move).
    pub to_move: u8,
    /// The die handed to the placer (phase Place), else 0.
    pub held: u8,
    /// The pointed square (phases Swap and Bump).
    pub pointed: u8,
    /// The two squares of the swap in progress (phase Bump); after a swap turn, the two
    /// squares of the last swap, with the pointed die now on `swapped[1]` (for TR-7).
    pub swapped: [u8; 2],
    /// Whether `swapped` holds a previous swap turn (TR-7 variants).
    pub swapped_before: bool,
    /// Dice placed so far.
    pub placements: u8,
    /// Swap turns completed (including one that ended the match).
    pub swap_turns: u32,
    pub ending: Ending,
    /// The winning seat, when the match ended with one.
    pub winner: Option<u8>,
    /// The line that decided the match (Trice or Double Trice), for traces.
    pub deciding_line: Option<u8>,
}

impl TriceState {
    /// Turns as `Outcome::turns` counts them: placements plus swap turns.
    pub fn turns(&self) -> u32 {
        self.placements as u32 + self.swap_turns
    }
    /// Dice left in the pool.
    pub fn pool_size(&self) -> u32 {
        self.pool.iter().map(|&n| n as u32).sum()
    }
}
