//! Tic-tac-toe (RULINGS REF-1): standard 3x3 rules, two players, X (seat 0) first.
//!
//! A reference game: its random-play answers are computed exactly in the tests by
//! enumerating the game tree, which proves the engine, the random bot and the statistics.

use crate::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, KindSet, OptionKind, Outcome, ScoreOrder,
    Seat, Turn,
};
use std::ops::RangeInclusive;

use std::hash::{Hash, Hasher};

use serde_json::{Value, json};

use crate::core::trace::{EndReason, MovePlace, TraceGame, event, points_event};

crate::rule_params! {
    /// Tic-tac-toe has no parameters: the standard game is the reference.
    pub struct TicTacToeRules {}
}

/// The eight winning lines of the 3x3 board, cells numbered 0-8 row by row.
const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// The same lines as bit masks over cells 0-8.
const LINE_MASKS: [u16; 8] = {
    let mut masks = [0u16; 8];
    let mut i = 0;
    while i < 8 {
        masks[i] = (1 << LINES[i][0]) | (1 << LINES[i][1]) | (1 << LINES[i][2]);
        i += 1;
    }
    masks
};

/// A table starting a cache line of its own, so that where it falls does not move with
/// unrelated constants. A random match is about 150 ns, short enough that layout shows:
/// builds differing only in a panic message's text measured 5.7M to 6.7M matches/s; with
/// both tables aligned, four such builds measured 6.4M to 6.7M (code placement still moves).
#[repr(C, align(64))]
struct Aligned<T>(T);

/// Whether a set of marks holds a whole line.
/// Bit `m` is set when the 9-cell mark set `m` completes a line: one lookup per move
/// instead of eight mask tests.
const WINNING: Aligned<[u64; 8]> = Aligned({
    let mut table = [0u64; 8];
    let mut marks = 0;
    while marks < 512 {
        let mut i = 0;
        while i < 8 {
            if marks & LINE_MASKS[i] == LINE_MASKS[i] {
                table[marks as usize >> 6] |= 1 << (marks & 63);
            }
            i += 1;
        }
        marks += 1;
    }
    table
});

/// `NTH_CELL[cells][k]`: the k-th set bit (lowest first) of the 9-bit set `cells`, or 0
/// past its last. A random move picks its cell here rather than by clearing k low bits in
/// a loop whose length is the random draw (a mispredicted exit at nearly every move).
const NTH_CELL: Aligned<[[u8; 9]; 512]> = Aligned({
    let mut table = [[0u8; 9]; 512];
    let mut cells = 0;
    while cells < 512 {
        let (mut cell, mut k) = (0, 0);
        while cell < 9 {
            if cells >> cell & 1 == 1 {
                table[cells][k] = cell as u8;
                k += 1;
            }
            cell += 1;
        }
        cells += 1;
    }
    table
});

fn completes_line(marks: u16) -> bool {
    WINNING.0[marks as usize >> 6] >> (marks & 63) & 1 == 1
}

#[derive(Clone, Debug)]
pub struct TicTacToe {
    rules: TicTacToeRules,
}

/// Each seat's marks as a 9-bit set (bit c = cell c): a move is one OR, the legal moves one
/// complement, a win one mask test per line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToeState {
    pub marks: [u16; 2],
    pub moves: u8,
    /// The seat that completed a line, if any.
    pub winner: Option<u8>,
}

impl TicTacToeState {
    pub fn to_move(&self) -> Seat {
        Seat(self.moves % 2)
    }
    /// 0 for an empty cell, 1 for X (seat 0), 2 for O (seat 1).
    pub fn cell(&self, c: usize) -> u8 {
        if self.marks[0] >> c & 1 == 1 {
            1
        } else if self.marks[1] >> c & 1 == 1 {
            2
        } else {
            0
        }
    }
    fn empty(&self) -> u16 {
        !(self.marks[0] | self.marks[1]) & 0x1ff
    }
}

/// The option kinds: each square by name (index = cell), then the corners and the edges as
/// groups (the centre is one square), the classic question of where to open.
const SQUARES: [(&str, &str); 9] = [
    ("top_left", "top-left"),
    ("top", "top-middle"),
    ("top_right", "top-right"),
    ("left", "middle-left"),
    ("centre", "centre"),
    ("right", "middle-right"),
    ("bottom_left", "bottom-left"),
    ("bottom", "bottom-middle"),
    ("bottom_right", "bottom-right"),
];
const CORNER: usize = 9;
const EDGE: usize = 10;

impl TicTacToe {
    pub fn new(rules: TicTacToeRules) -> Self {
        Self { rules }
    }
}

impl GameRules for TicTacToe {
    type State = TicTacToeState;
    /// The cell to mark, 0-8 row by row.
    type Action = u8;
    type Rules = TicTacToeRules;

    fn with_rules(rules: TicTacToeRules) -> Self {
        Self::new(rules)
    }
    fn rules(&self) -> &TicTacToeRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "tictactoe"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_state(&self, players: usize) -> TicTacToeState {
        assert_eq!(players, 2, "tic-tac-toe is for 2 players");
        TicTacToeState { marks: [0; 2], moves: 0, winner: None }
    }
    fn turn(&self, s: &TicTacToeState) -> Turn {
        if s.winner.is_some() || s.moves == 9 { Turn::Over } else { Turn::Player(s.to_move()) }
    }
    fn legal_actions(&self, s: &TicTacToeState, out: &mut Vec<u8>) {
        out.clear();
        let mut empty = s.empty();
        while empty != 0 {
            out.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
    }
    fn legal_pick(
        &self,
        s: &TicTacToeState,
        _buf: &mut Vec<u8>,
        pick: impl FnOnce(usize) -> usize,
    ) -> u8 {
        // The list is the empty cells in increasing order: the k-th set bit of `empty`.
        // Every move fills one cell, so 9 - moves cells are empty (no popcount needed).
        NTH_CELL.0[s.empty() as usize][pick(9 - s.moves as usize)]
    }
    fn apply(&self, s: &mut TicTacToeState, cell: u8) {
        debug_assert!(s.empty() >> cell & 1 == 1 && s.winner.is_none());
        let seat = s.to_move().0;
        // Both seats' marks written with constant indices, the mover's chosen by a select:
        // indexing the marks by the seat kept the board in memory, a store and a reload on
        // the chain from one move to the next.
        let bit = 1 << cell;
        let [x, o] = s.marks;
        let (x, o) = if seat == 0 { (x | bit, o) } else { (x, o | bit) };
        s.marks = [x, o];
        s.moves += 1;
        // Only the mover can have completed a line.
        if completes_line(if seat == 0 { x } else { o }) {
            s.winner = Some(seat);
        }
    }
    fn sample_chance(&self, _s: &mut TicTacToeState, _chance: &mut impl Chance) {
        unreachable!("tic-tac-toe has no chance events")
    }
    fn outcome(&self, s: &TicTacToeState) -> Outcome {
        let mut scores = [0; 2];
        if let Some(w) = s.winner {
            scores[w as usize] = 1;
        }
        Outcome::finished(&scores, ScoreOrder::HigherWins, s.moves as u32, 1)
    }
    fn turn_cap(&self) -> u32 {
        9
    }
    fn check_invariants(&self, s: &TicTacToeState) -> Result<(), String> {
        if s.marks[0] & s.marks[1] != 0 || (s.marks[0] | s.marks[1]) >> 9 != 0 {
            return Err(format!("overlapping or off-board marks {:?}", s.marks));
        }
        let x = s.marks[0].count_ones() as usize;
        let o = s.marks[1].count_ones() as usize;
        if x + o != s.moves as usize || x < o || x > o + 1 {
            return Err(format!("{x} X and {o} O after {} moves", s.moves));
        }
        Ok(())
    }
}

impl BotHooks for TicTacToe {
    /// Perfect information: every seat sees the whole board.
    fn observe(&self, s: &TicTacToeState, _viewer: Seat, out: &mut impl Hasher) {
        s.hash(out);
    }
    fn heuristic(&self, s: &TicTacToeState, seat: Seat) -> f64 {
        let me = seat.0 + 1;
        match s.winner {
            Some(w) if w == seat.0 => return 1.0,
            Some(_) => return -1.0,
            None => {}
        }
        // Lines still open to me minus lines still open to the opponent, scaled into (-1, 1).
        let open = |who: u8| {
            LINES.iter().filter(|l| l.iter().all(|&c| s.cell(c) == 0 || s.cell(c) == who)).count()
                as f64
        };
        (open(me) - open(3 - me)) / 9.0
    }
}

impl GameStats for TicTacToe {
    fn option_kinds(&self, _players: usize) -> Vec<OptionKind> {
        let mut kinds: Vec<OptionKind> = SQUARES
            .iter()
            .map(|&(id, words)| OptionKind::new(id, format!("mark the {words} square")))
            .collect();
        kinds.push(OptionKind::new("corner", "mark a corner"));
        kinds.push(OptionKind::new("edge", "mark an edge square (not a corner, not the centre)"));
        kinds
    }
    /// A random match costs about 1,800 instructions and counting all its options 6.9 times
    /// that (callgrind, 4-player DARDZ and Love Actually and Pride, 3-player LOW BLOW): one
    /// deal in 256 keeps the counting under a tenth of a random match.
    fn option_sample_every(&self) -> u64 {
        256
    }
    fn action_kinds(&self, _s: &TicTacToeState, cell: u8) -> KindSet {
        let shape = match cell {
            4 => return KindSet::one(4),
            0 | 2 | 6 | 8 => CORNER,
            _ => EDGE,
        };
        KindSet::one(cell as usize % 9).with(shape)
    }
}

impl GameText for TicTacToe {
    fn describe(&self, s: &TicTacToeState, cell: u8) -> String {
        let mark = if s.to_move().0 == 0 { 'X' } else { 'O' };
        format!("{mark} at row {} column {}", cell / 3 + 1, cell % 3 + 1)
    }
    fn render(&self, s: &TicTacToeState) -> String {
        let glyph = |m: u8| match m {
            1 => 'X',
            2 => 'O',
            _ => '.',
        };
        (0..3)
            .map(|r| (0..3).map(|c| glyph(s.cell(r * 3 + c))).collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Structured traces (docs/trace-format.md): the board as data, each mark, and the win
/// (+1, the outcome's score) or the draw.
impl TraceGame for TicTacToe {
    const TITLE: &'static str = "tic-tac-toe";
    const DRAWING: &'static str = include_str!("draw.js");
    const HOW_TO_PLAY: &'static str = include_str!("how_to_play.md");

    /// A mark is played on its square (`square<0-8>`, row by row).
    fn move_place(&self, _s: &TicTacToeState, cell: u8) -> MovePlace {
        MovePlace::at("mark", format!("square{cell}"))
    }
    fn state_json(&self, s: &TicTacToeState) -> Value {
        let cells: Vec<Value> = (0..9)
            .map(|c| [Value::Null, json!("X"), json!("O")][s.cell(c) as usize].clone())
            .collect();
        json!({"board": cells, "moves": s.moves, "to_move": s.to_move().0, "winner": s.winner,
            "scores": self.outcome(s).scores()})
    }
    fn trace_events(
        &self,
        before: &TicTacToeState,
        _action: Option<u8>,
        after: &TicTacToeState,
        out: &mut Vec<Value>,
    ) {
        let seat = before.to_move().0;
        let cell = (after.marks[seat as usize] & !before.marks[seat as usize]).trailing_zeros();
        out.push(event(
            "mark",
            json!({"seat": seat, "cell": cell, "row": cell / 3 + 1,
            "column": cell % 3 + 1}),
        ));
        if let (None, Some(w)) = (before.winner, after.winner) {
            let line = LINES.iter().find(|l| l.iter().all(|&c| after.cell(c) == w + 1));
            out.push(points_event("win", w as usize, 1, json!({"line": line})));
        } else if after.moves == 9 && after.winner.is_none() {
            out.push(event("draw", json!({})));
        }
    }
    fn end_reason(&self, s: &TicTacToeState) -> EndReason {
        match s.winner {
            Some(w) => EndReason {
                code: "three_in_a_row",
                text: format!("seat {w} completed a line of three"),
            },
            None => EndReason { code: "board_full", text: "the board is full: a draw".into() },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::conformance;

    #[test]
    fn nth_cell_is_the_kth_empty_cell_in_increasing_order() {
        for (cells, nth) in NTH_CELL.0.iter().enumerate() {
            let listed: Vec<u8> = (0..9u8).filter(|&c| cells >> c & 1 == 1).collect();
            for (k, &cell) in listed.iter().enumerate() {
                assert_eq!(nth[k], cell, "cells {cells:09b}, k {k}");
            }
        }
    }

    #[test]
    fn no_metric_goes_undescribed() {
        // Tic-tac-toe keeps no game-specific counters (who won and how long it took are in
        // seats.csv and lengths.csv), so both `metric_names` and `metric_docs` stay empty.
        let g = TicTacToe::new(TicTacToeRules::default());
        for players in g.seats() {
            conformance::check_metric_docs(&g, players);
            assert!(g.metric_docs(players).is_empty());
        }
    }

    fn play(cells: &[u8]) -> TicTacToeState {
        let g = TicTacToe::new(TicTacToeRules::default());
        let mut s = g.new_state(2);
        for &c in cells {
            g.try_apply(&mut s, c).unwrap();
        }
        s
    }

    #[test]
    fn ref1_no_chance_ever_an_empty_script_plays_a_whole_match() {
        // Tic-tac-toe has no dice: a match driven by a script with no values at all never
        // asks it for one (every other game's scripted tests script their dice).
        let g = TicTacToe::new(TicTacToeRules::default());
        let mut s = g.new_state(2);
        let mut script = crate::core::ScriptedChance::new();
        let mut legal = Vec::new();
        while g.turn(&s) != Turn::Over {
            if g.turn(&s) == Turn::Chance {
                g.sample_chance(&mut s, &mut script);
            }
            g.legal_actions(&s, &mut legal);
            g.apply(&mut s, legal[0]);
        }
        // First legal cell every time: X takes 0, 2, 4 and 6, completing the 2-4-6 diagonal.
        assert_eq!(g.outcome(&s).ranks(), &[0, 1]);
    }

    #[test]
    fn conformance_10k() {
        let g = TicTacToe::new(TicTacToeRules::default());
        let report = conformance::check(&g, 2, 10_000, 1);
        assert_eq!(report.capped, 0);
        assert!(report.max_decisions <= 9);
    }

    #[test]
    fn ref1_rows_columns_diagonals_win() {
        let g = TicTacToe::new(TicTacToeRules::default());
        // X: 0,1,2 (row) while O plays 3,4.
        let s = play(&[0, 3, 1, 4, 2]);
        assert_eq!(g.turn(&s), Turn::Over);
        assert_eq!(g.outcome(&s).ranks(), &[0, 1]);
        // O wins the anti-diagonal 2,4,6.
        let s = play(&[0, 2, 1, 4, 8, 6]);
        assert_eq!(g.outcome(&s).ranks(), &[1, 0]);
        // X wins column 1,4,7.
        let s = play(&[1, 0, 4, 2, 7]);
        assert_eq!(s.winner, Some(0));
    }

    #[test]
    fn ref1_full_board_is_a_shared_draw() {
        let g = TicTacToe::new(TicTacToeRules::default());
        let s = play(&[0, 1, 2, 4, 3, 5, 7, 6, 8]);
        assert_eq!(g.turn(&s), Turn::Over);
        let o = g.outcome(&s);
        assert_eq!(o.ranks(), &[0, 0]);
        assert_eq!(o.win_share(Seat(0)), 0.5);
    }

    #[test]
    fn ref1_each_square_is_its_own_kind_and_a_corner_or_edge() {
        let game = TicTacToe::new(TicTacToeRules::default());
        let kinds = game.option_kinds(2);
        crate::core::options::check_kinds(&kinds).unwrap();
        let s = game.new_state(2);
        let ids = |cell: u8| -> Vec<&str> {
            game.action_kinds(&s, cell).iter().map(|k| kinds[k].id.as_str()).collect()
        };
        assert_eq!(ids(0), ["top_left", "corner"]);
        assert_eq!(ids(1), ["top", "edge"]);
        assert_eq!(ids(4), ["centre"]);
        assert_eq!(ids(8), ["bottom_right", "corner"]);
        assert_eq!(ids(5), ["right", "edge"]);
    }

    #[test]
    fn occupied_cell_is_refused() {
        let g = TicTacToe::new(TicTacToeRules::default());
        let mut s = play(&[4]);
        assert!(g.try_apply(&mut s, 4).is_err());
    }
}
