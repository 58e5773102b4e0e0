//! LOW BLOW's rule parameters: every number of the rulebook a designer might change, and every
//! choice we made where the rulebook and RULINGS are silent, each marked with its origin.

use super::state::{MAX_COLUMNS, MAX_DICE_PER_PLAYER, MAX_ROUNDS};

crate::param_enum!(
    /// What a player's counters are worth at the end (LB-1): the rulebook says both
    /// "the first counter is worth -1, the second -2, the third -3" and "subtract the number
    /// of counters".
    CounterScoring {
        Triangular = "triangular",
        Linear = "linear"
    }
);

crate::param_enum!(
    /// Who starts each round. The rulebook: "The youngest player once again starts the next
    /// round" (LB-8: seat 0, G-1). `rotate` starts round r with seat r mod players;
    /// `continue` goes on clockwise from the player who filled the board.
    RoundStarter {
        Seat0 = "seat0",
        Rotate = "rotate",
        Continue = "continue"
    }
);

crate::rule_params! {
    /// LOW BLOW's parameters (seed 002, RULINGS LB-1..LB-9), with a cross-parameter check.
    pub struct LowBlowRules {
        /// LB-1: n counters are worth -n(n+1)/2 (triangular) or -n (linear).
        counter_scoring: CounterScoring = CounterScoring::Triangular, Default,
            "triangular or linear", |_| true;
        /// "Players get 5 dice ... and 10 counters apiece at the start of the game."
        counters_per_player: u16 = 10, Found, "0 to 100", |v: &u16| *v <= 100;
        /// LB-7: the pot starts empty.
        starting_pot: u16 = 0, Default, "0 to 1000", |v: &u16| *v <= 1000;
        /// "Players get 5 dice (all 5 the same color, matching their 'Home' row)."
        dice_per_player: u8 = 5, Found, "1 to 12, at least `columns`",
            |v: &u8| (1..=MAX_DICE_PER_PLAYER as u8).contains(v);
        /// "For a 3 player game the board is a 5x3 grid"; one home row per player (LB-9).
        columns: u8 = 5, Found, "1 to 8, at most `dice_per_player`",
            |v: &u8| (1..=MAX_COLUMNS as u8).contains(v);
        /// "The game is played in 3 rounds."
        rounds: u8 = 3, Found, "1 to 9", |v: &u8| (1..=MAX_ROUNDS as u8).contains(v);
        /// "You get a maximum of three rolls per turn" (LB-4).
        max_rolls: u8 = 3, Found, "1 to 10", |v: &u8| (1..=10).contains(v);
        /// Two: "you also put two counters into the pot".
        two_pays: u16 = 2, Found, "0 to 100", |v: &u16| *v <= 100;
        /// Three: "all the players put one counter into the pot".
        three_each_pays: u16 = 1, Found, "0 to 100", |v: &u16| *v <= 100;
        /// Four: "you take one counter from the pot".
        four_takes: u16 = 1, Found, "0 to 100", |v: &u16| *v <= 100;
        /// Five: "you take two counters from the pot".
        five_takes: u16 = 2, Found, "0 to 100", |v: &u16| *v <= 100;
        /// "Subtract 1 point for each die within your home row in your color" (LB-9).
        own_colour_discount: u8 = 1, Found, "0 to 6", |v: &u8| *v <= 6;
        /// LB-8: the youngest (seat 0) starts every round.
        round_starter: RoundStarter = RoundStarter::Seat0, Default,
            "seat0, rotate or continue", |_| true;
        /// G-2: placements after which the match ends capped. Every turn places one die, so
        /// the default rules end after rounds x players x columns placements (45 or 60) and
        /// never reach it.
        turn_cap: u32 = 1000, Engine, "1 to 1000000", |v: &u32| (1..=1_000_000).contains(v);
    }
    // The board must be fillable: each player's row has `columns` squares and the players
    // hold `dice_per_player` dice each, so a round ends (LB-3) only if columns <= dice.
    validate(r) {
        if r.columns > r.dice_per_player {
            return Err(format!(
                "columns = {} needs at least as many dice per player (dice_per_player = {}): \
                 with fewer dice than squares the board never fills and a round never ends",
                r.columns, r.dice_per_player
            ));
        }
        Ok(())
    }
}

impl LowBlowRules {
    /// What `n` counters subtract from a final score (LB-1).
    pub fn counter_value(&self, n: u16) -> i32 {
        let n = n as i32;
        match self.counter_scoring {
            CounterScoring::Triangular => n * (n + 1) / 2,
            CounterScoring::Linear => n,
        }
    }
}
