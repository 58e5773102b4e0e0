//! The board's geometry and the line test: which three squares form a line (TR-3), which
//! squares are orthogonal neighbours (TR-6), and what a line of three dice satisfies (TR-4)
//! and means (TR-5). Built once per rules value; states only hold dice.

use super::rules::{MAX_CELLS, MAX_SIDE, RulesVersion};
use super::state::{Die, EMPTY};

/// The three conditions of TR-4, as bits of a mask.
pub const SAME_COLOUR: u8 = 1;
pub const SAME_VALUE: u8 = 2;
pub const ORDERED: u8 = 4;

/// The direction a line runs in, for traces and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Row,
    Column,
    /// Down and to the right (`\`).
    Diagonal,
    /// Up and to the right (`/`).
    AntiDiagonal,
}

/// What a move did to the board (TR-5), with the line that decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Nothing,
    /// A line satisfying exactly one condition: the mover wins.
    Trice(u8),
    /// A line satisfying two conditions (v0.3.1): the mover loses.
    DoubleTrice(u8),
}

/// Which conditions three dice satisfy, in their positional order along the line (TR-4).
/// "Ordered" means consecutive values rising or falling along the line, so 2-3-4 and 4-3-2
/// count, 3-2-4 does not, and there is no wrap-around (5-6-1 does not). Same value and ordered
/// can never hold together, so the mask has at most two bits.
pub fn conditions(a: Die, b: Die, c: Die) -> u8 {
    let mut mask = 0;
    if a.colour() == b.colour() && b.colour() == c.colour() {
        mask |= SAME_COLOUR;
    }
    let (x, y, z) = (a.value(), b.value(), c.value());
    if x == y && y == z {
        mask |= SAME_VALUE;
    }
    if (y == x + 1 && z == y + 1) || (x == y + 1 && y == z + 1) {
        mask |= ORDERED;
    }
    mask
}

/// Words for a condition mask, for traces.
pub fn condition_words(mask: u8) -> String {
    let mut words = Vec::new();
    if mask & SAME_COLOUR != 0 {
        words.push("same colour");
    }
    if mask & SAME_VALUE != 0 {
        words.push("same value");
    }
    if mask & ORDERED != 0 {
        words.push("ordered");
    }
    if words.is_empty() { "no condition".to_string() } else { words.join(" and ") }
}

/// The squares of a rows x columns board, numbered row by row from the top left, and every
/// line and neighbourhood on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub rows: u8,
    pub columns: u8,
    /// Every line of three consecutive squares in a row, column or diagonal (TR-3), in the
    /// order rows, columns, `\` diagonals, `/` diagonals, squares in positional order.
    pub lines: Vec<[u8; 3]>,
    pub kinds: Vec<LineKind>,
    /// For each square, the indices of the lines through it.
    pub lines_through: Vec<Vec<u8>>,
    /// The same as sets (bit `i` for line `i`; a 6x6 board has 80 lines): the lines a move
    /// on some squares can change, judged in ascending order in one pass.
    pub through_set: Vec<u128>,
    /// For each square, its orthogonal neighbours in ascending order (TR-6: no diagonals).
    pub neighbours: Vec<Vec<u8>>,
}

impl Geometry {
    pub fn new(rows: u8, columns: u8) -> Self {
        assert!(
            (1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&columns),
            "board {rows}x{columns} outside 1..={MAX_SIDE}"
        );
        let (r, c) = (rows as i32, columns as i32);
        let at = |row: i32, col: i32| (row * c + col) as u8;
        let mut lines = Vec::new();
        let mut kinds = Vec::new();
        let steps = [
            (LineKind::Row, 0, 1),
            (LineKind::Column, 1, 0),
            (LineKind::Diagonal, 1, 1),
            (LineKind::AntiDiagonal, -1, 1),
        ];
        for (kind, dr, dc) in steps {
            for row in 0..r {
                for col in 0..c {
                    let (r2, c2) = (row + 2 * dr, col + 2 * dc);
                    // No wrap-around: all three squares must lie on the board.
                    if (0..r).contains(&r2) && (0..c).contains(&c2) {
                        lines.push([at(row, col), at(row + dr, col + dc), at(r2, c2)]);
                        kinds.push(kind);
                    }
                }
            }
        }
        let cells = (rows * columns) as usize;
        let mut lines_through = vec![Vec::new(); cells];
        for (i, line) in lines.iter().enumerate() {
            for &sq in line {
                lines_through[sq as usize].push(i as u8);
            }
        }
        // The sets below are 128 bits: a 6x6 board, the largest, has 80 lines.
        assert!(lines.len() <= 128, "{rows}x{columns} has {} lines", lines.len());
        let through_set = lines_through
            .iter()
            .map(|through| through.iter().fold(0u128, |set, &i| set | 1 << i))
            .collect();
        let neighbours = (0..r * c)
            .map(|sq| {
                let (row, col) = (sq / c, sq % c);
                let mut n = Vec::new();
                for (dr, dc) in [(-1, 0), (0, -1), (0, 1), (1, 0)] {
                    let (nr, nc) = (row + dr, col + dc);
                    if (0..r).contains(&nr) && (0..c).contains(&nc) {
                        n.push(at(nr, nc));
                    }
                }
                n
            })
            .collect();
        Self { rows, columns, lines, kinds, lines_through, through_set, neighbours }
    }

    pub fn cells(&self) -> usize {
        self.rows as usize * self.columns as usize
    }

    /// A square's name: column letter and row number, `a1` at the top left.
    pub fn name(&self, sq: u8) -> String {
        let (row, col) = (sq / self.columns, sq % self.columns);
        format!("{}{}", (b'a' + col) as char, row + 1)
    }

    pub fn adjacent(&self, a: u8, b: u8) -> bool {
        self.neighbours[a as usize].contains(&b)
    }

    /// The condition mask of line `i` on `board`, 0 while any of its squares is empty.
    #[inline]
    pub fn line_mask(&self, board: &[u8; MAX_CELLS], i: usize) -> u8 {
        let [a, b, c] = self.lines[i];
        let (a, b, c) = (board[a as usize], board[b as usize], board[c as usize]);
        if a == EMPTY || b == EMPTY || c == EMPTY { 0 } else { conditions(Die(a), Die(b), Die(c)) }
    }

    /// TR-5 over the given lines: under v0.3.1 any Double Trice beats any Trice; under v0.2 a
    /// two-condition line is nothing and only a one-condition line counts.
    #[inline]
    pub fn judge(
        &self,
        board: &[u8; MAX_CELLS],
        version: RulesVersion,
        lines: impl Iterator<Item = usize>,
    ) -> Verdict {
        let mut verdict = Verdict::Nothing;
        for i in lines {
            match self.line_mask(board, i).count_ones() {
                0 => {}
                1 => {
                    if verdict == Verdict::Nothing {
                        verdict = Verdict::Trice(i as u8);
                    }
                }
                _ => {
                    if version == RulesVersion::V031 {
                        return Verdict::DoubleTrice(i as u8);
                    }
                }
            }
        }
        verdict
    }

    /// TR-5 over all lines of the board ("after every move all 14 lines are checked").
    pub fn judge_all(&self, board: &[u8; MAX_CELLS], version: RulesVersion) -> Verdict {
        self.judge(board, version, 0..self.lines.len())
    }

    /// TR-5 after a move that changed only the squares of `changed` (a set of squares):
    /// the same verdict as [`Geometry::judge_all`] on a board reached by play, judging only
    /// the lines through those squares. Every other line is as it was after the last move,
    /// when it was judged and made no verdict (the match would have ended), so it makes none
    /// now; the lines are judged in ascending order, so the deciding line is the one
    /// `judge_all` names.
    pub fn judge_changed(
        &self,
        board: &[u8; MAX_CELLS],
        version: RulesVersion,
        changed: &[u8],
    ) -> Verdict {
        let mut lines = changed.iter().fold(0u128, |set, &sq| set | self.through_set[sq as usize]);
        self.judge(
            board,
            version,
            std::iter::from_fn(move || {
                (lines != 0).then(|| {
                    let i = lines.trailing_zeros() as usize;
                    lines &= lines - 1;
                    i
                })
            }),
        )
    }

    /// The squares of line `i` by name, `a1-b1-c1`.
    pub fn line_name(&self, i: usize) -> String {
        let [a, b, c] = self.lines[i];
        format!("{}-{}-{}", self.name(a), self.name(b), self.name(c))
    }
}

/// The most lines a board can have (every square starts at most four lines).
const MAX_LINES: usize = 4 * MAX_CELLS;

/// The lines one die short of complete on a board (two squares filled, one empty), found
/// once per position: placing a die can only complete these, so what placing each die of a
/// pool would do is a pass over a few lines instead of judging every line through every
/// empty square once per die (the heuristic's main cost in a search).
pub struct OpenLines {
    count: usize,
    /// The empty square, and the line's dice in positional order with `EMPTY` on it.
    lines: [(u8, [u8; 3]); MAX_LINES],
    /// The empty squares, as bits.
    pub free: u64,
}

impl OpenLines {
    pub fn of(geo: &Geometry, board: &[u8; MAX_CELLS]) -> Self {
        let mut open = OpenLines { count: 0, lines: [(0, [EMPTY; 3]); MAX_LINES], free: 0 };
        for (sq, &die) in board.iter().enumerate().take(geo.cells()) {
            if die == EMPTY {
                open.free |= 1 << sq;
            }
        }
        for line in &geo.lines {
            let dice = line.map(|sq| board[sq as usize]);
            let mut empty = line.iter().zip(dice).filter(|&(_, d)| d == EMPTY).map(|(&sq, _)| sq);
            if let (Some(sq), None) = (empty.next(), empty.next()) {
                open.lines[open.count] = (sq, dice);
                open.count += 1;
            }
        }
        open
    }

    /// The squares where placing `die` makes a line of exactly one condition, and those
    /// where it makes a line of two (TR-4), as bits.
    pub fn placing(&self, die: Die) -> (u64, u64) {
        let (mut single, mut double) = (0u64, 0u64);
        for &(sq, dice) in &self.lines[..self.count] {
            let [a, b, c] = dice.map(|d| if d == EMPTY { die } else { Die(d) });
            match conditions(a, b, c).count_ones() {
                0 => {}
                1 => single |= 1 << sq,
                _ => double |= 1 << sq,
            }
        }
        (single, double)
    }
}
