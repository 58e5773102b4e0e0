//! TRICE as text, for `arena trace` and the pages: what an action or a chance event did, the
//! whole state (the board, the dice in hand, the scores), the pool and why a match ended.

use super::*;

impl Trice {
    /// The action in the rulebook's words: dice by colour and value (`an orange 2`), squares
    /// by the column letter and row number the picture draws on its edges (`c1`).
    pub(super) fn describe_text(&self, s: &TriceState, a: TriceAction) -> String {
        let (me, other) = (s.to_move, 1 - s.to_move);
        let text = match a {
            TriceAction::Give(die) => {
                format!(
                    "seat {me} picks {} from the pool for seat {other} to place",
                    die.with_article()
                )
            }
            TriceAction::Place(sq) => {
                format!("seat {me} places the {} on {}", Die(s.held).long(), self.geo.name(sq))
            }
            TriceAction::Point(sq) => format!(
                "seat {me} points at the {}: seat {other} must swap it with a neighbour",
                self.die_on(s, sq)
            ),
            TriceAction::Swap(q) => format!(
                "seat {me} swaps the {} with the {}",
                self.die_on(s, s.pointed),
                self.die_on(s, q)
            ),
            TriceAction::Bump(sq) => {
                // TR-6: adding 1 to a 6 gives a 1, so the new value is said.
                let die = Die(s.board[sq as usize]);
                format!(
                    "seat {me} adds 1 to the {}, making it {}",
                    self.die_on(s, sq),
                    die.bumped().with_article()
                )
            }
        };
        let mut after = *s;
        self.apply(&mut after, a);
        if after.phase == Phase::Over {
            format!("{text}: {}", self.ending_words(&after))
        } else if after.phase == Phase::Point && s.phase == Phase::Place {
            format!("{text}: the board is full, the swap phase begins")
        } else {
            text
        }
    }

    /// The one roll (TR-2): every die of the pool, colour by colour.
    pub(super) fn describe_chance_text(&self, _before: &TriceState, s: &TriceState) -> String {
        format!("rolled the {} dice into the pool: {}", s.pool_size(), self.pool_long_words(s))
    }

    pub(super) fn render_text(&self, s: &TriceState) -> String {
        let geo = &self.geo;
        // Marked squares: the pointed die, the two swapped dice, or the deciding line.
        let mut marked = [false; MAX_CELLS];
        match s.phase {
            Phase::Swap => marked[s.pointed as usize] = true,
            Phase::Bump => s.swapped.iter().for_each(|&q| marked[q as usize] = true),
            Phase::Over => {
                if let Some(l) = s.deciding_line {
                    geo.lines[l as usize].iter().for_each(|&q| marked[q as usize] = true);
                }
            }
            _ => {}
        }
        let mut text = String::from("  ");
        for c in 0..geo.columns {
            text.push_str(&format!(" {}  ", (b'a' + c) as char));
        }
        text.truncate(text.trim_end().len());
        text.push('\n');
        for r in 0..geo.rows {
            text.push_str(&format!("{:>2}", r + 1));
            for c in 0..geo.columns {
                let sq = (r * geo.columns + c) as usize;
                let cell = match s.board[sq] {
                    EMPTY => " . ".to_string(),
                    d => format!(" {}", Die(d).short()),
                };
                text.push_str(&cell);
                text.push(if marked[sq] { '*' } else { ' ' });
            }
            text.truncate(text.trim_end().len());
            text.push('\n');
        }
        text.push_str(&format!("pool: {}\n", self.pool_words(s)));
        let (me, other) = (s.to_move, 1 - s.to_move);
        let swap_turn = s.swap_turns + 1;
        text.push_str(&match s.phase {
            Phase::Roll => "the dice are not rolled yet".to_string(),
            Phase::Give => format!(
                "seat {me} picks a die for seat {other} (placement {} of {})",
                s.placements + 1,
                self.squares()
            ),
            Phase::Place => format!(
                "seat {me} places the {} (placement {} of {})",
                Die(s.held).long(),
                s.placements + 1,
                self.squares()
            ),
            Phase::Point => {
                format!("swap turn {swap_turn}: seat {me} points at a die for seat {other}")
            }
            Phase::Swap => format!(
                "swap turn {swap_turn}: seat {me} swaps the {} with a neighbour",
                self.die_on(s, s.pointed)
            ),
            Phase::Bump => format!(
                "swap turn {swap_turn}: seat {me} adds 1 to the {} or the {}",
                self.die_on(s, s.swapped[0]),
                self.die_on(s, s.swapped[1])
            ),
            Phase::Over => format!("over after {} turns: {}", s.turns(), self.ending_words(s)),
        });
        text
    }

    /// Why the match ended, in words, for traces and the pages: the line by its squares, what
    /// it has in common (TR-4), and who won.
    pub(super) fn ending_words(&self, s: &TriceState) -> String {
        let line = |l: Option<u8>| match l {
            Some(l) => {
                let mask = self.geo.line_mask(&s.board, l as usize);
                format!("the line {} ({})", self.geo.line_name(l as usize), condition_words(mask))
            }
            None => String::new(),
        };
        let winner = s.winner.unwrap_or(0);
        match s.ending {
            Ending::Playing => "the match is still on".to_string(),
            Ending::TricePlacement | Ending::TriceSwap => {
                format!("a Trice on {}: seat {winner} made it and wins", line(s.deciding_line))
            }
            // TR-5: two conditions at once lose for the player who made the line.
            Ending::DoubleTricePlacement | Ending::DoubleTriceSwap => format!(
                "a Double Trice on {}: seat {} made it and loses, so seat {winner} wins",
                line(s.deciding_line),
                1 - winner
            ),
            Ending::FullBoardTie => {
                "the board is full without a Trice: a tie (the v0.2 rules)".to_string()
            }
            Ending::Capped => format!(
                "{} swap turns without a Trice: the match stops with no winner (the turn cap)",
                self.rules.swap_turn_cap
            ),
        }
    }

    /// The pool in words, `white 1, 3, 3; purple 2; orange none`.
    pub(super) fn pool_long_words(&self, s: &TriceState) -> String {
        (0..COLOURS)
            .map(|c| {
                let values: Vec<String> = (1..=FACES)
                    .flat_map(|v| {
                        let n = s.pool[Die::new(c as u8, v).pool_index()] as usize;
                        std::iter::repeat_n(v.to_string(), n)
                    })
                    .collect();
                let values = if values.is_empty() { "none".to_string() } else { values.join(", ") };
                format!("{} {values}", state::COLOUR_NAMES[c])
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The pool as `W 1 3 3 | P 2 | O -`.
    pub(super) fn pool_words(&self, s: &TriceState) -> String {
        (0..COLOURS)
            .map(|c| {
                let mut values = String::new();
                for v in 1..=FACES {
                    let n = s.pool[Die::new(c as u8, v).pool_index()];
                    for _ in 0..n {
                        values.push(' ');
                        values.push((b'0' + v) as char);
                    }
                }
                if values.is_empty() {
                    values.push_str(" -");
                }
                format!("{}{values}", COLOUR_LETTERS[c])
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// A die on the board in words: `white 3 on c2`.
    pub(super) fn die_on(&self, s: &TriceState, sq: u8) -> String {
        format!("{} on {}", Die(s.board[sq as usize]).long(), self.geo.name(sq))
    }
}
