//! TRICE (seed 001, v0.3.1, rulings TR-1 to TR-8): two players fill a 3x4 card with 12 dice
//! of three colours, each placing the die the opponent picked for them from one shared pool.
//! Three dice in a line with exactly one of same colour, same value or ordered values make a
//! Trice and win; two conditions at once (a Double Trice) lose. A full board without a Trice
//! starts the swap phase: point at a die, the opponent swaps it with an orthogonal neighbour
//! and adds 1 to one of the two, and only then is the board checked.
//!
//! ```
//! use arena::core::{GameRules, GameText, Turn, derive_rng};
//! use arena::games::trice::{Trice, TriceRules};
//!
//! let game = Trice::new(TriceRules::default());
//! let mut state = game.new_state(2);
//! game.sample_chance(&mut state, &mut derive_rng(7, 0, 0)); // the one roll (TR-2)
//! let mut legal = Vec::new();
//! while let Turn::Player(_) = game.turn(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0]);
//! }
//! assert_eq!(game.turn(&state), Turn::Over);
//! println!("{}", game.render(&state));
//! ```
//!
//! Every decision is a bot decision, even when it has a single option (the last die in the
//! pool): decisions are never skipped, so traces and decision counts read the same for all
//! positions. Chance happens once, at the start: all dice are rolled into the pool and keep
//! their values (TR-2). The state keeps no hidden information, so `determinize` is a copy.

pub mod board;
mod checks;
mod metric_docs;
pub mod option_kinds;
pub mod rules;
pub mod state;
#[cfg(test)]
mod tests;
mod text;
mod trace;

use crate::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, Outcome, ScoreOrder, Seat, Turn, bits,
};
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

use crate::core::rules::Rules;

pub use board::{Geometry, LineKind, OpenLines, Verdict};
pub use rules::{MAX_CELLS, RulesVersion, TriceRules};
pub use state::{Die, EMPTY, Ending, Phase, TriceAction, TriceState};

use board::condition_words;
use state::{COLOUR_LETTERS, COLOURS, FACES};

/// The game under one set of rules, with its board geometry built once.
#[derive(Clone, Debug)]
pub struct Trice {
    rules: TriceRules,
    /// Boxed: the game is a variant of the registry's enum of games, which stays small.
    geo: Box<Geometry>,
    /// The squares grouped by the lines through them, for the option kinds.
    square_kinds: option_kinds::SquareKinds,
}

/// What the player about to choose can achieve with the choice in hand: a win now, only
/// losses, or neither. Drives the heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prospect {
    CanWin,
    MustLose,
    Open,
}

impl Prospect {
    /// Summarise options given as verdicts for the player choosing.
    fn of(verdicts: impl Iterator<Item = Verdict>) -> Self {
        let mut all_lose = true;
        for v in verdicts {
            match v {
                Verdict::Trice(_) => return Prospect::CanWin,
                Verdict::DoubleTrice(_) => {}
                Verdict::Nothing => all_lose = false,
            }
        }
        if all_lose { Prospect::MustLose } else { Prospect::Open }
    }
    /// The chooser's value for a choice made now.
    fn now(self) -> f64 {
        match self {
            Prospect::CanWin => 0.9,
            Prospect::MustLose => -0.9,
            Prospect::Open => 0.0,
        }
    }
}

/// The value, for a player handing the opponent one of several choices (a die to place, a
/// die to swap), of the opponent's prospects over those choices.
fn handing_value(prospects: impl Iterator<Item = Prospect>) -> f64 {
    let (mut total, mut winning) = (0u32, 0u32);
    for p in prospects {
        match p {
            // A choice that leaves the opponent nothing but losing moves.
            Prospect::MustLose => return 0.8,
            Prospect::CanWin => winning += 1,
            Prospect::Open => {}
        }
        total += 1;
    }
    if total > 0 && winning == total {
        -0.8
    } else if total == 0 {
        0.0
    } else {
        -0.3 * winning as f64 / total as f64
    }
}

impl Trice {
    /// The game under `rules`; panics if they are inconsistent ([`Rules::validate`]).
    pub fn new(rules: TriceRules) -> Self {
        if let Err(e) = rules.validate() {
            panic!("invalid TRICE rules: {e}");
        }
        let geo = Geometry::new(rules.rows, rules.columns);
        let square_kinds = option_kinds::SquareKinds::new(&geo);
        Self { rules, geo: Box::new(geo), square_kinds }
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    fn squares(&self) -> u8 {
        self.rules.rows * self.rules.columns
    }

    fn end(s: &mut TriceState, ending: Ending, winner: Option<u8>, line: Option<u8>) {
        s.phase = Phase::Over;
        s.ending = ending;
        s.winner = winner;
        s.deciding_line = line;
    }

    /// TR-5 after a move by `s.to_move` that changed the squares `changed`: the match ends
    /// on a Double Trice (mover loses) or a Trice (mover wins). Returns whether it ended.
    /// "After every move all 14 lines are checked": only the lines through the changed
    /// squares can have changed ([`board::Geometry::judge_changed`]), so only they are
    /// read; the verdict is the same (asserted in debug builds).
    fn settle(&self, s: &mut TriceState, changed: &[u8], trice: Ending, double: Ending) -> bool {
        let mover = s.to_move;
        let verdict = self.geo.judge_changed(&s.board, self.rules.rules_version, changed);
        debug_assert_eq!(verdict, self.geo.judge_all(&s.board, self.rules.rules_version));
        match verdict {
            Verdict::DoubleTrice(l) => Self::end(s, double, Some(1 - mover), Some(l)),
            Verdict::Trice(l) => Self::end(s, trice, Some(mover), Some(l)),
            Verdict::Nothing => return false,
        }
        true
    }

    /// TR-7 variants: may `sq` be pointed at now? Only a die the opponent can then swap:
    /// with `swap_back_allowed = false` a die whose only neighbour is the partner of the last
    /// swap (an end square of a one-row or one-column board) has no legal swap, and pointing
    /// at it would leave the swapper without a move. Some die is always pointable: the board
    /// has at least two neighbour pairs (a line of three), and the variants forbid one pair
    /// and one die of it.
    fn may_point(&self, s: &TriceState, sq: u8) -> bool {
        (self.rules.repoint_allowed || !s.swapped_before || sq != s.swapped[1])
            && (self.rules.swap_back_allowed
                || self.geo.neighbours[sq as usize].iter().any(|&q| self.may_swap(s, sq, q)))
    }

    /// TR-7 variants: may the pointed die be swapped with the die on `sq` now?
    fn may_swap(&self, s: &TriceState, pointed: u8, sq: u8) -> bool {
        self.rules.swap_back_allowed
            || !s.swapped_before
            || !((pointed == s.swapped[0] && sq == s.swapped[1])
                || (pointed == s.swapped[1] && sq == s.swapped[0]))
    }

    /// The verdict of placing `die` on the free square `sq`. Only lines through `sq` can
    /// change, and every other line was already checked clean. The heuristic reads the same
    /// from [`OpenLines`]; this is the reference it is tested against.
    #[cfg(test)]
    fn place_verdict(&self, board: &[u8; MAX_CELLS], sq: u8, die: Die) -> Verdict {
        let mut b = *board;
        b[sq as usize] = die.0;
        let through = &self.geo.lines_through[sq as usize];
        self.geo.judge(&b, self.rules.rules_version, through.iter().map(|&l| l as usize))
    }

    /// The placer's prospect with `die` in hand, from the board's open lines: the same as
    /// judging every empty square with the die on it ([`Self::place_verdict`]; a test holds
    /// the two equal), where a square's verdict is a Double Trice if any line through it
    /// makes one (v0.3.1), else a Trice if any line makes one.
    fn place_prospect(&self, open: &OpenLines, die: Die) -> Prospect {
        if open.free == 0 {
            // No square to place on: as `Prospect::of` of no verdicts.
            return Prospect::MustLose;
        }
        let (single, double) = open.placing(die);
        match self.rules.rules_version {
            RulesVersion::V031 if single & !double != 0 => Prospect::CanWin,
            RulesVersion::V031 if double == open.free => Prospect::MustLose,
            // v0.2: a two-condition line is nothing (TR-5).
            RulesVersion::V02 if single != 0 => Prospect::CanWin,
            _ => Prospect::Open,
        }
    }

    /// The verdict of swapping the dice on `p` and `q` and adding 1 to the one now on `bump`.
    fn swap_verdict(&self, board: &[u8; MAX_CELLS], p: u8, q: u8, bump: u8) -> Verdict {
        let mut b = *board;
        b.swap(p as usize, q as usize);
        b[bump as usize] = Die(b[bump as usize]).bumped().0;
        let through =
            self.geo.lines_through[p as usize].iter().chain(&self.geo.lines_through[q as usize]);
        self.geo.judge(&b, self.rules.rules_version, through.map(|&l| l as usize))
    }

    /// The swapper's prospect when the die on `pointed` is pointed at in `s`.
    fn swap_prospect(&self, s: &TriceState, pointed: u8) -> Prospect {
        let options = self.geo.neighbours[pointed as usize]
            .iter()
            .filter(|&&q| self.may_swap(s, pointed, q))
            .flat_map(|&q| [(q, pointed), (q, q)]);
        Prospect::of(options.map(|(q, bump)| self.swap_verdict(&s.board, pointed, q, bump)))
    }

    /// The heuristic's value for the seat deciding in `s` (not over).
    fn mover_value(&self, s: &TriceState) -> f64 {
        match s.phase {
            Phase::Roll | Phase::Over => 0.0,
            Phase::Place => {
                self.place_prospect(&OpenLines::of(&self.geo, &s.board), Die(s.held)).now()
            }
            Phase::Give => {
                let open = OpenLines::of(&self.geo, &s.board);
                handing_value(
                    (0..s.pool.len())
                        .filter(|&i| s.pool[i] > 0)
                        .map(|i| self.place_prospect(&open, Die::from_pool_index(i))),
                )
            }
            Phase::Point => handing_value(
                (0..self.squares())
                    .filter(|&sq| self.may_point(s, sq))
                    .map(|sq| self.swap_prospect(s, sq)),
            ),
            Phase::Swap => self.swap_prospect(s, s.pointed).now(),
            Phase::Bump => {
                let [p, q] = s.swapped;
                let undo = {
                    // The verdict functions swap themselves: hand them the board before the
                    // swap.
                    let mut b = s.board;
                    b.swap(p as usize, q as usize);
                    b
                };
                Prospect::of([p, q].into_iter().map(|bump| self.swap_verdict(&undo, p, q, bump)))
                    .now()
            }
        }
    }
}

impl GameRules for Trice {
    type State = TriceState;
    type Action = TriceAction;
    type Rules = TriceRules;

    fn with_rules(rules: TriceRules) -> Self {
        Self::new(rules)
    }
    fn rules(&self) -> &TriceRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "trice"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=2
    }

    fn new_state(&self, players: usize) -> TriceState {
        assert_eq!(players, 2, "TRICE is for 2 players");
        TriceState {
            board: [EMPTY; MAX_CELLS],
            pool: [0; COLOURS * FACES as usize],
            phase: Phase::Roll,
            to_move: 0,
            held: 0,
            pointed: 0,
            swapped: [0; 2],
            swapped_before: false,
            placements: 0,
            swap_turns: 0,
            ending: Ending::Playing,
            winner: None,
            deciding_line: None,
        }
    }

    fn turn(&self, s: &TriceState) -> Turn {
        match s.phase {
            Phase::Roll => Turn::Chance,
            Phase::Over => Turn::Over,
            _ => Turn::Player(Seat(s.to_move)),
        }
    }

    fn legal_actions(&self, s: &TriceState, out: &mut Vec<TriceAction>) {
        out.clear();
        match s.phase {
            Phase::Roll | Phase::Over => {}
            Phase::Give => out.extend(
                (0..s.pool.len())
                    .filter(|&i| s.pool[i] > 0)
                    .map(|i| TriceAction::Give(Die::from_pool_index(i))),
            ),
            Phase::Place => out.extend(
                (0..self.squares())
                    .filter(|&sq| s.board[sq as usize] == EMPTY)
                    .map(TriceAction::Place),
            ),
            Phase::Point => out.extend(
                (0..self.squares()).filter(|&sq| self.may_point(s, sq)).map(TriceAction::Point),
            ),
            Phase::Swap => out.extend(
                self.geo.neighbours[s.pointed as usize]
                    .iter()
                    .filter(|&&q| self.may_swap(s, s.pointed, q))
                    .map(|&q| TriceAction::Swap(q)),
            ),
            Phase::Bump => {
                let [p, q] = s.swapped;
                out.push(TriceAction::Bump(p.min(q)));
                out.push(TriceAction::Bump(p.max(q)));
            }
        }
    }

    /// A give, a placement or a point (all but a few of a match's decisions) is indexed in
    /// the set of its options (pool entries or squares, ascending as `legal_actions` lists
    /// them) without building the list; a swap or a bump (at most four options) lists.
    fn legal_pick(
        &self,
        s: &TriceState,
        buf: &mut Vec<TriceAction>,
        pick: impl FnOnce(usize) -> usize,
    ) -> TriceAction {
        let squares = self.squares() as usize;
        let set = match s.phase {
            Phase::Give => bits::set_of(s.pool.len(), |i| s.pool[i] > 0),
            Phase::Place => bits::set_of(squares, |sq| s.board[sq] == EMPTY),
            Phase::Point => bits::set_of(squares, |sq| self.may_point(s, sq as u8)),
            _ => {
                self.legal_actions(s, buf);
                return buf[pick(buf.len())];
            }
        };
        let i = bits::nth_member(set, pick(set.count_ones() as usize)) as usize;
        match s.phase {
            Phase::Give => TriceAction::Give(Die::from_pool_index(i)),
            Phase::Place => TriceAction::Place(i as u8),
            _ => TriceAction::Point(i as u8),
        }
    }

    fn apply(&self, s: &mut TriceState, a: TriceAction) {
        match a {
            TriceAction::Give(die) => {
                debug_assert!(s.phase == Phase::Give && s.pool[die.pool_index()] > 0);
                s.pool[die.pool_index()] -= 1;
                s.held = die.0;
                s.phase = Phase::Place;
                s.to_move = 1 - s.to_move;
            }
            TriceAction::Place(sq) => {
                debug_assert!(s.phase == Phase::Place && s.board[sq as usize] == EMPTY);
                debug_assert!(sq < self.squares());
                s.board[sq as usize] = s.held;
                s.held = 0;
                s.placements += 1;
                if self.settle(s, &[sq], Ending::TricePlacement, Ending::DoubleTricePlacement) {
                    return;
                }
                if s.placements < self.squares() {
                    // The placer picks the next die for the opponent.
                    s.phase = Phase::Give;
                } else if self.rules.rules_version == RulesVersion::V02 {
                    Self::end(s, Ending::FullBoardTie, None, None);
                } else {
                    // TR-6: the placer of the last die points first.
                    s.phase = Phase::Point;
                }
            }
            TriceAction::Point(sq) => {
                debug_assert!(s.phase == Phase::Point && self.may_point(s, sq));
                s.pointed = sq;
                s.phase = Phase::Swap;
                s.to_move = 1 - s.to_move;
            }
            TriceAction::Swap(q) => {
                debug_assert!(s.phase == Phase::Swap && self.geo.adjacent(s.pointed, q));
                debug_assert!(self.may_swap(s, s.pointed, q));
                s.board.swap(s.pointed as usize, q as usize);
                s.swapped = [s.pointed, q];
                s.swapped_before = true;
                // TR-6: no check yet; the board is checked only after the increment.
                s.phase = Phase::Bump;
            }
            TriceAction::Bump(sq) => {
                debug_assert!(s.phase == Phase::Bump && s.swapped.contains(&sq));
                s.board[sq as usize] = Die(s.board[sq as usize]).bumped().0;
                s.swap_turns += 1;
                // The swap moved the dice on both squares; the bump changed one of them.
                let swapped = s.swapped;
                if self.settle(s, &swapped, Ending::TriceSwap, Ending::DoubleTriceSwap) {
                    return;
                }
                if s.swap_turns >= self.rules.swap_turn_cap {
                    // TR-8 / G-2: the cap ends the match without a winner.
                    Self::end(s, Ending::Capped, None, None);
                } else {
                    // No Trice: the swapper points at a die for the opponent.
                    s.phase = Phase::Point;
                }
            }
        }
    }

    fn sample_chance(&self, s: &mut TriceState, chance: &mut impl Chance) {
        debug_assert!(s.phase == Phase::Roll);
        // TR-2: every die is rolled once, into one shared pool, and keeps its value.
        for colour in 0..COLOURS as u8 {
            for _ in 0..self.rules.dice_per_colour {
                let value = chance.die(FACES as u32) as u8;
                s.pool[Die::new(colour, value).pool_index()] += 1;
            }
        }
        s.phase = Phase::Give;
        // G-1: seat 0 places first, so seat 1 picks the first die for seat 0 (TR-2).
        s.to_move = 1;
    }

    fn outcome(&self, s: &TriceState) -> Outcome {
        let turns = s.turns();
        match (s.ending, s.winner) {
            (Ending::Capped | Ending::Playing, _) => Outcome::capped(&[0, 0], turns, 1),
            (_, Some(w)) => {
                let mut scores = [0; 2];
                scores[w as usize] = 1;
                Outcome::finished(&scores, ScoreOrder::HigherWins, turns, 1)
            }
            (_, None) => Outcome::finished(&[0, 0], ScoreOrder::HigherWins, turns, 1),
        }
    }

    fn turn_cap(&self) -> u32 {
        self.squares() as u32 + self.rules.swap_turn_cap
    }

    fn check_invariants(&self, s: &TriceState) -> Result<(), String> {
        self.invariants(s)
    }
}

impl BotHooks for Trice {
    /// Perfect information: the pool, the board and whose turn it is are open to both.
    fn observe(&self, s: &TriceState, _viewer: Seat, out: &mut impl Hasher) {
        s.hash(out);
    }

    // No hidden information (the pool is open, values are fixed by the one roll): the
    // default `determinize`, a copy, is exact.

    fn heuristic(&self, s: &TriceState, seat: Seat) -> f64 {
        if s.phase == Phase::Over {
            return match s.winner {
                Some(w) if w == seat.0 => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
        }
        let v = self.mover_value(s);
        if seat.0 == s.to_move { v } else { -v }
    }
}

impl GameStats for Trice {
    fn metric_names(&self, _players: usize) -> Vec<String> {
        [
            "ended_trice_placement",
            "ended_double_trice_placement",
            "ended_trice_swap",
            "ended_double_trice_swap",
            "ended_full_board_tie",
            "ended_capped",
            "end_turn",
            "reached_swap_phase",
            "swap_turns",
        ]
        .iter()
        .map(|n| n.to_string())
        .collect()
    }

    fn metric_docs(&self, players: usize) -> Vec<(String, String)> {
        self.metric_docs_text(players)
    }

    fn metrics(&self, s: &TriceState, out: &mut [i64]) {
        let ended = match s.ending {
            Ending::TricePlacement => Some(0),
            Ending::DoubleTricePlacement => Some(1),
            Ending::TriceSwap => Some(2),
            Ending::DoubleTriceSwap => Some(3),
            Ending::FullBoardTie => Some(4),
            Ending::Capped => Some(5),
            Ending::Playing => None,
        };
        if let Some(i) = ended {
            out[i] = 1;
        }
        out[6] = s.turns() as i64;
        out[7] = (s.swap_turns > 0) as i64;
        out[8] = s.swap_turns as i64;
    }

    /// Giving by value, placing and pointing by the square's kind, the swap phase's
    /// directions, repeats and increments (`option_kinds.rs`).
    fn option_kinds(&self, _players: usize) -> Vec<crate::core::OptionKind> {
        self.kind_list()
    }

    /// One deal in 16: chosen when a random match cost about 20,000 instructions and counting
    /// all its options 0.97 times that, to keep the counting under a tenth of a random match.
    /// Matches got cheaper (10,942 instructions) and counting did not, so it is about a
    /// ninth now; the rate stays, as fewer counted deals would widen the option table's
    /// intervals (a change of results).
    fn option_sample_every(&self) -> u64 {
        16
    }
    fn action_kinds(&self, s: &TriceState, a: TriceAction) -> crate::core::KindSet {
        self.kinds_of(s, a)
    }
}

impl GameText for Trice {
    fn describe(&self, s: &TriceState, a: TriceAction) -> String {
        self.describe_text(s, a)
    }

    fn describe_chance(&self, before: &TriceState, after: &TriceState) -> String {
        self.describe_chance_text(before, after)
    }

    fn render(&self, s: &TriceState) -> String {
        self.render_text(s)
    }
}
