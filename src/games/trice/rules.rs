//! TRICE's rule parameters: the seed's board and dice (TR-1), its rules version (v0.3.1, or
//! the earlier v0.2 where a full board is a tie), the swap-phase options left open by the
//! rulebook (TR-7) and the swap-phase cap (TR-8, G-2).

/// The largest board side, so that a state holds the board in a fixed array.
pub const MAX_SIDE: u8 = 6;
/// Cells of the largest board: the size of every board array, so states never allocate.
pub const MAX_CELLS: usize = (MAX_SIDE as usize) * (MAX_SIDE as usize);

crate::param_enum!(
    /// Which edition of the rulebook decides what a full board and a two-condition line mean.
    /// `V031` is the seed (v0.3.1): a two-condition line is a Double Trice and loses, a full
    /// board starts the swap phase (TR-5, TR-6). `V02` is the author's earlier v0.2.0: a line
    /// with two conditions is simply not a Trice, and placing the last die without a Trice
    /// ends the game in a tie (RULINGS, after TR-8).
    RulesVersion {
        V031 = "v0.3.1",
        V02 = "v0.2"
    }
);

crate::rule_params! {
    /// TRICE's parameters, as `arena games` lists them.
    pub struct TriceRules {
        /// Board rows (TR-1: the card is 3 rows x 4 columns).
        rows: u8 = 3, Found, "1 to 6", |v: &u8| (1..=MAX_SIDE).contains(v);
        /// Board columns (TR-1).
        columns: u8 = 4, Found, "1 to 6", |v: &u8| (1..=MAX_SIDE).contains(v);
        /// Dice of each of the three colours, white, purple and orange (TR-1: 4 each, so the
        /// pool runs out exactly when the board is full). More dice than squares is allowed:
        /// the surplus stays in the pool, unused once the board is full.
        dice_per_colour: u8 = 4, Found, "1 to 12, and 3 x this >= rows x columns", |v: &u8| (1..=12).contains(v);
        /// Rules edition: "v0.3.1" (the seed: Double Trice loses, swap phase) or "v0.2"
        /// (two conditions are no Trice; a full board without a Trice is a tie).
        rules_version: RulesVersion = RulesVersion::V031, Found, "v0.3.1 or v0.2", |_| true;
        /// In the swap phase, may a player point at the die that was pointed at in the
        /// previous swap turn (TR-7: yes)?
        repoint_allowed: bool = true, Default, "true or false", |_| true;
        /// In the swap phase, may the swapper swap the same two dice that were swapped in the
        /// previous swap turn, putting them back (TR-7: yes)? When not, the pointer may only
        /// point at a die that still has a neighbour to swap with (on a one-row board an end
        /// die can have none).
        swap_back_allowed: bool = true, Default, "true or false", |_| true;
        /// Swap turns after which the match ends capped, a draw counted apart (TR-8, G-2).
        swap_turn_cap: u32 = 200, Engine, "1 to 100000", |v: &u32| (1..=100_000).contains(v);
    }
    // A board needs a line of three, and enough dice to fill it.
    validate(r) {
        let squares = r.rows as u32 * r.columns as u32;
        if r.rows.max(r.columns) < 3 {
            return Err(format!(
                "a {}x{} board has no line of three: rows or columns must be at least 3",
                r.rows, r.columns
            ));
        }
        let dice = 3 * r.dice_per_colour as u32;
        if dice < squares {
            return Err(format!(
                "{dice} dice (3 x dice_per_colour {}) cannot fill the {squares} squares of a \
                 board of rows {} x columns {}; the rulebook has no rule for an empty pool on \
                 an open board",
                r.dice_per_colour, r.rows, r.columns
            ));
        }
        Ok(())
    }
}
