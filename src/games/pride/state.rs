//! Pride & Preju-Dice's match state: one [`Marks`] per player (what is written on its sheet),
//! the turn in progress ([`Ctx`]) and the round's dice. Fixed arrays only, so a state is a
//! plain copy.
//!
//! Simultaneous choices (PP-11, PP-18) are taken one seat at a time; `shown` keeps each sheet
//! as the others last saw it, and `observe`/`determinize` show a seat's newer marks to
//! nobody else until the round ends.

use std::hash::{Hash, Hasher};

use crate::core::MAX_SEATS;

use super::sheet::{MAX_LINKS, WHITE};

/// Per-seat counters for metrics (they are on the sheet's side: hidden like it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// Faux Pas crosses from FP boxes of the chaperone track (recorded or not, PP-22).
    pub fp_chaperone: u8,
    /// Faux Pas crosses from chosen dice that could not be played (PP-12).
    pub fp_dice: u8,
    /// Extra dice gained (dice icons, romance dice boxes, PP-13).
    pub extra_gained: u8,
    /// Extra dice not placed (no box, or the player passed, PP-13, PP-23).
    pub extra_unused: u8,
    /// Heart, diamond and fan crosses that found no place (PP-14, PP-20).
    pub icons_lost: u8,
}

/// What one player has written on its sheet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Marked boxes per puzzle (Diamond, Heart, Dance Card, Flowers).
    pub marks: [u32; 4],
    /// Boxes that may be marked next (unmarked, predecessor marked): kept for speed.
    pub ready: [u32; 4],
    /// Numbers written in the Heart (0) and Flowers (1) boxes, 4 bits per box.
    pub written: [u128; 2],
    /// Crossed symbols of each link's heart (0) and diamond (1) track.
    pub romance: [[u8; 2]; MAX_LINKS],
    /// Crossed fan boxes.
    pub fan: u32,
    /// Crosses in each chaperone row (die value 1-6).
    pub chaperone: [u8; 6],
    /// Recorded Faux Pas crosses (at most the track's length, PP-22).
    pub faux_pas: u8,
    /// The score as the scoring phase would count it now, kept up to date mark by mark
    /// (standings are read every turn; the invariant check recounts it).
    pub score: i32,
    pub counters: Counters,
}

/// Hashed as one block of bytes: the derived hash wrote each small array element by
/// element, and `observe` hashes every sheet at every step of the conformance check. `ready`
/// and `score` follow from the rest (the invariant check recounts them), so they are left
/// out; equal sheets still hash alike.
impl Hash for Marks {
    fn hash<H: Hasher>(&self, out: &mut H) {
        let mut b = [0u8; 4 * 4 + 2 * 16 + 2 * MAX_LINKS + 4 + 6 + 1 + 5];
        let mut at = 0;
        let mut put = |bytes: &[u8]| {
            b[at..at + bytes.len()].copy_from_slice(bytes);
            at += bytes.len();
        };
        self.marks.iter().for_each(|x| put(&x.to_le_bytes()));
        self.written.iter().for_each(|x| put(&x.to_le_bytes()));
        self.romance.iter().for_each(|x| put(x));
        put(&self.fan.to_le_bytes());
        put(&self.chaperone);
        put(&[self.faux_pas]);
        let c = &self.counters;
        put(&[c.fp_chaperone, c.fp_dice, c.extra_gained, c.extra_unused, c.icons_lost]);
        debug_assert_eq!(at, b.len(), "every byte of the block written");
        out.write(&b);
    }
}

impl Marks {
    /// The number written in box `b` of the Heart (`slot` 0) or Flowers (1).
    pub fn written(&self, slot: usize, b: usize) -> u8 {
        ((self.written[slot] >> (4 * b)) & 0xF) as u8
    }
}

/// Steps of a player's turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Step {
    /// Choosing the two dice to play.
    #[default]
    Pick,
    /// Placing the chosen dice and taking the special actions they start.
    Act,
    /// Solo: waiting for the re-roll of the three dice not picked (PP-17).
    Reroll,
    /// Choosing the chaperone number.
    Chaperone,
    /// The turn is over.
    Done,
}

/// A special action waiting to be taken (PP-23 keeps them on a stack: each is finished,
/// with everything it starts, before the next).
pub type Pending = u8;
/// A heart from suitor `s`'s puzzle: `HEART_FROM + s`; a diamond: `DIAMOND_FROM + s`.
pub const HEART_FROM: Pending = 0;
pub const DIAMOND_FROM: Pending = 4;
/// A heart or diamond from the fan: any suitor's track.
pub const HEART_ANY: Pending = 8;
pub const DIAMOND_ANY: Pending = 9;
pub const FAN: Pending = 10;
pub const EXTRA: Pending = 11;
/// Deep enough for every chain of actions a sheet with 32 extra dice can start.
pub const STACK: usize = 40;

/// The turn in progress (one player's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ctx {
    pub seat: u8,
    pub step: Step,
    /// Solo: 0 for the first pick, 1 for the pick after the re-roll (PP-17).
    pub pick: u8,
    /// Dice (indices 0-4) this pick may choose from, and whether it must be 1 white + 1
    /// coloured.
    pub candidates: u8,
    pub white_and_coloured: bool,
    /// The pairs this pick may choose (bit `5 * i + j` for dice `i < j`), worked out once
    /// by [`super::engine::Turn::settle`] when the pick falls due and read by every later
    /// listing of the options (random play listed them twice per pick); 0 until then.
    pub picks: u32,
    /// The chosen dice (indices into the roll).
    pub chosen: [u8; 2],
    /// Chosen dice (slots 0, 1) not yet placed or given up.
    pub waiting: u8,
    /// Colours (bit per colour) of the chosen dice: the gates they open (PP-24).
    pub gates: u8,
    /// Dice this turn actually placed (for the dice left to the others, PP-16).
    pub played: u8,
    /// Dice this turn chose, over both solo picks.
    pub used: u8,
    pub stack: [Pending; STACK],
    pub depth: u8,
}

impl Default for Ctx {
    fn default() -> Self {
        Ctx {
            seat: 0,
            step: Step::Done,
            pick: 0,
            candidates: 0,
            white_and_coloured: false,
            picks: 0,
            chosen: [0; 2],
            waiting: 0,
            gates: 0,
            played: 0,
            used: 0,
            stack: [0; STACK],
            depth: 0,
        }
    }
}

impl Ctx {
    pub fn push(&mut self, p: Pending) {
        assert!((self.depth as usize) < STACK, "special actions nested too deep");
        self.stack[self.depth as usize] = p;
        self.depth += 1;
    }
    pub fn top(&self) -> Option<Pending> {
        (self.depth > 0).then(|| self.stack[self.depth as usize - 1])
    }
}

/// Where the match is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The starting player rolls the five dice.
    #[default]
    Roll,
    /// A player's turn ([`Ctx`]).
    Turn,
    /// Solo: re-rolling the three dice not picked (PP-17).
    Reroll,
    /// Only in a lazy determinization ([`PrideState::unseen`]): the round is over, and the
    /// turns the determinization left unplayed are replayed by chance before the round's end
    /// is checked. A match itself never passes through it.
    Reveal,
    Over,
}

/// Which end condition fired (PP-10, PP-19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ended {
    pub matches: bool,
    pub faux_pas: bool,
}

/// The match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PrideState {
    pub players: u8,
    /// Rounds begun (1 in the first round).
    pub round: u16,
    /// This round's starting player (passes left every round, G-4).
    pub starter: u8,
    pub phase: Phase,
    /// Everyone picks from the same roll at once this match (PP-18).
    pub all_at_once: bool,
    /// Position of the player in turn (0 = the starter) in this round.
    pub pos: u8,
    /// The five dice: 3 white, red, blue ([`die_colour`]).
    pub dice: [u8; 5],
    /// Dice the starting player did not play: what the others choose from (PP-16).
    pub pool: u8,
    pub ctx: Ctx,
    pub sheets: [Marks; MAX_SEATS],
    /// Each sheet as the other players last saw it (at the end of the last round, or of the
    /// starting player's public turn).
    pub shown: [Marks; MAX_SEATS],
    pub ended: Ended,
    pub capped: bool,
    /// Seats whose turn of this round a lazy determinization left unplayed (bit per seat):
    /// their sheets are as last shown until [`Phase::Reveal`] replays the turns with random
    /// choices. Always 0 in a match's own state.
    pub unseen: u8,
}

impl PrideState {
    pub fn players(&self) -> usize {
        self.players as usize
    }
    /// The player in turn.
    pub fn actor(&self) -> usize {
        // `starter + pos` is below twice the players (`pos` never passes them): one
        // subtraction instead of a division, which the hot loop asked for at every step.
        Self::wrap(self.starter as usize + self.pos as usize, self.players())
    }
    /// Position of `seat` in this round's order.
    pub fn position(&self, seat: usize) -> usize {
        Self::wrap(seat + self.players() - self.starter as usize, self.players())
    }
    /// `x % n` for `x < 2n`.
    #[inline(always)]
    fn wrap(x: usize, n: usize) -> usize {
        debug_assert!(x < 2 * n, "{x} is not below twice {n}");
        if x >= n { x - n } else { x }
    }
    /// Whether `seat`'s sheet holds marks the others may not see yet: it chose (or is
    /// choosing) at the same time as others this round. The starting player's turn is
    /// public in the standard game; solo has nobody to hide from.
    pub fn hidden(&self, seat: usize) -> bool {
        if self.players == 1 || self.phase != Phase::Turn {
            return false;
        }
        let p = self.position(seat);
        p <= self.pos as usize && (self.all_at_once || p > 0)
    }
    /// A sheet as everyone may see it.
    pub fn visible(&self, seat: usize) -> &Marks {
        if self.hidden(seat) { &self.shown[seat] } else { &self.sheets[seat] }
    }
}

/// Colour of die `i`: 0-2 white, 3 red, 4 blue.
pub const fn die_colour(i: usize) -> u8 {
    use super::sheet::{BLUE, RED};
    // A table, not a match: the engine asks for a die's colour thousands of times a match.
    // Dice are 0-4; the rest of the table keeps the old answer (blue) for 5-7.
    const COLOUR: [u8; 8] = [WHITE, WHITE, WHITE, RED, BLUE, BLUE, BLUE, BLUE];
    COLOUR[i & 7]
}
