//! TRICE's option kinds: the choices a designer asks about ("is the centre square worth
//! taking?", "should I hand over a 1 or a 6?", "does swapping back win?"), for the option
//! table and the `prefer:` probe bots.
//!
//! How the choices are grouped, and why:
//! - **Giving a die** (TR-2) by its value, `give_1` to `give_6`: the three colours are
//!   interchangeable under the rules (4 dice each), the values are not (1 and 6 end the
//!   ordered runs, TR-4, and a 6 wraps to 1 in the swap phase, TR-6).
//! - **Placing a die** and **pointing at a die** (TR-6) by the kind of square, where a
//!   square's kind is the number of lines of three through it (TR-3): on the 3 x 4 card the
//!   middle squares of the short sides (a2, d2) lie on 2 lines, the corners on 3, the middle
//!   squares of the long sides on 4 and the two centre squares (b2, c2) on 5. That number is
//!   what makes a square strong or dangerous, and it follows the board's `rows` and
//!   `columns`, so the kinds are built from the geometry (one per count that occurs).
//! - **Swapping** (TR-6) by direction (along the row or the column) and the TR-7 repeats:
//!   pointing at the die pointed at last turn (`repoint`, lever `repoint_allowed`) and swapping
//!   the same two dice back (`swap_back`, lever `swap_back_allowed`).
//! - **Adding 1** (TR-6) to the die that was pointed at or to the one it was swapped with, and
//!   adding 1 to a 6 (which makes it a 1).
//!
//! The fixed kinds come first, at the `const` indices below; then one placement kind per
//! square kind, then one pointing kind per square kind. [`SquareKinds`] is built once with
//! the game, so classifying an action is a `match` and an array lookup.

use crate::core::{KindSet, OptionKind};

use super::board::Geometry;
use super::rules::MAX_CELLS;
use super::state::{Die, FACES, TriceAction, TriceState};
use super::{Phase, Trice};

/// `give_1` .. `give_6`: hand the opponent a die of value v at `GIVE_1 + v - 1`.
pub const GIVE_1: usize = 0;
pub const REPOINT: usize = 6;
pub const SWAP_IN_ROW: usize = 7;
pub const SWAP_IN_COLUMN: usize = 8;
pub const SWAP_BACK: usize = 9;
pub const BUMP_POINTED: usize = 10;
pub const BUMP_PARTNER: usize = 11;
pub const BUMP_SIX: usize = 12;
/// The number of fixed kinds; the square kinds follow.
pub const FIXED: usize = 13;

/// The fixed kinds after the six `give_v`, in index order from [`REPOINT`]: id, words, lever.
const SWAP_PHASE_KINDS: [(&str, &str, Option<&str>); FIXED - 6] = [
    (
        "repoint",
        "point at the die that was pointed at in the previous swap turn (TR-7)",
        Some("repoint_allowed"),
    ),
    ("swap_in_row", "swap the pointed die with its neighbour in the same row", None),
    ("swap_in_column", "swap the pointed die with its neighbour in the same column", None),
    (
        "swap_back",
        "swap back the two dice swapped in the previous swap turn (TR-7)",
        Some("swap_back_allowed"),
    ),
    ("bump_pointed", "add 1 to the die that was pointed at", None),
    ("bump_partner", "add 1 to the die it was swapped with", None),
    ("bump_six", "add 1 to a 6, making it a 1", None),
];

/// The board's squares grouped by how many lines of three run through each (TR-3).
#[derive(Clone, Debug)]
pub struct SquareKinds {
    /// Each square's group: an index into `lines`.
    group: [u8; MAX_CELLS],
    /// The distinct line counts, ascending; group g is the squares on `lines[g]` lines.
    lines: Vec<u8>,
    /// Each group's squares by name, for the kinds' words.
    names: Vec<Vec<String>>,
}

impl SquareKinds {
    pub fn new(geo: &Geometry) -> Self {
        let cells = geo.cells();
        let count = |sq: usize| geo.lines_through[sq].len() as u8;
        let mut lines: Vec<u8> = (0..cells).map(count).collect();
        lines.sort_unstable();
        lines.dedup();
        let mut group = [0u8; MAX_CELLS];
        let mut names = vec![Vec::new(); lines.len()];
        for (sq, slot) in group.iter_mut().enumerate().take(cells) {
            let g = lines.iter().position(|&n| n == count(sq)).expect("listed above");
            *slot = g as u8;
            names[g].push(geo.name(sq as u8));
        }
        Self { group, lines, names }
    }

    /// The number of square kinds.
    pub fn count(&self) -> usize {
        self.lines.len()
    }

    /// The square kind of square `sq`.
    pub fn of(&self, sq: u8) -> usize {
        self.group[sq as usize] as usize
    }

    /// How many lines run through each square of kind `g`.
    pub fn lines(&self, g: usize) -> u8 {
        self.lines[g]
    }
}

impl Trice {
    /// The index of the kind "place the die on a square of kind `g`".
    pub fn place_kind(&self, g: usize) -> usize {
        FIXED + g
    }

    /// The index of the kind "point at a die on a square of kind `g`".
    pub fn point_kind(&self, g: usize) -> usize {
        FIXED + self.square_kinds.count() + g
    }

    pub(super) fn kind_list(&self) -> Vec<OptionKind> {
        let mut kinds: Vec<OptionKind> = (1..=FACES)
            .map(|v| {
                OptionKind::new(
                    format!("give_{v}"),
                    format!("pick a die showing {v} for the opponent to place (TR-2)"),
                )
            })
            .collect();
        for (id, words, lever) in SWAP_PHASE_KINDS {
            let kind = OptionKind::new(id, words);
            kinds.push(kind.with_lever_if(lever));
        }
        let sq = &self.square_kinds;
        for g in 0..sq.count() {
            kinds.push(OptionKind::new(
                format!("place_{}_lines", sq.lines(g)),
                format!(
                    "place the die on a square {} lines run through ({})",
                    sq.lines(g),
                    sq.names[g].join(", ")
                ),
            ));
        }
        for g in 0..sq.count() {
            kinds.push(OptionKind::new(
                format!("point_{}_lines", sq.lines(g)),
                format!(
                    "point at a die on a square {} lines run through ({}) (TR-6)",
                    sq.lines(g),
                    sq.names[g].join(", ")
                ),
            ));
        }
        kinds
    }

    pub(super) fn kinds_of(&self, s: &TriceState, a: TriceAction) -> KindSet {
        match a {
            TriceAction::Give(die) => KindSet::one(GIVE_1 + die.value() as usize - 1),
            TriceAction::Place(sq) => KindSet::one(self.place_kind(self.square_kinds.of(sq))),
            TriceAction::Point(sq) => {
                let kinds = KindSet::one(self.point_kind(self.square_kinds.of(sq)));
                // After a swap turn the pointed die sits on `swapped[1]` (TR-7).
                if s.phase == Phase::Point && s.swapped_before && sq == s.swapped[1] {
                    kinds.with(REPOINT)
                } else {
                    kinds
                }
            }
            TriceAction::Swap(q) => {
                let p = s.pointed;
                let columns = self.geo.columns;
                let mut kinds = KindSet::one(if p / columns == q / columns {
                    SWAP_IN_ROW
                } else {
                    SWAP_IN_COLUMN
                });
                let [x, y] = s.swapped;
                if s.swapped_before && ((p == x && q == y) || (p == y && q == x)) {
                    kinds = kinds.with(SWAP_BACK);
                }
                kinds
            }
            TriceAction::Bump(sq) => {
                // The swap put the pointed die on `swapped[1]`.
                let mut kinds =
                    KindSet::one(if sq == s.swapped[1] { BUMP_POINTED } else { BUMP_PARTNER });
                if Die(s.board[sq as usize]).value() == FACES {
                    kinds = kinds.with(BUMP_SIX);
                }
                kinds
            }
        }
    }
}
