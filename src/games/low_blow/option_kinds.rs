//! LOW BLOW's option kinds: the choices a designer asks about ("does playing a Six win
//! games?", "is rolling again with one die kept worth it?", "should you place in your own
//! row?"), for the option table and `--bots prefer:`.
//!
//! Why these groups. A turn has three kinds of decision (LB-4): set a die of the roll aside,
//! be done and roll the rest, place a die. A raw placement is a die times a square (up to
//! 120 of them), far too fine to measure, so the kinds follow what the rulebook makes them
//! do:
//! - **The die placed, by value** (`place_one` ... `place_six`): each value is one of the
//!   rulebook's six outcomes (One: all your dice left and all your counters into the pot;
//!   Two to Five: counters; Six: the pot to the row's owner); the lever is the amount the
//!   outcome moves where a parameter sets it (`two_pays` ... `five_takes`).
//! - **Where it goes**: `own_row` or `opponent_row` (a row's dice add to its owner's
//!   score, and the lowest score wins, LB-2), `own_colour_home` (a die of your colour in
//!   your home row subtracts `own_colour_discount`, LB-9) and `six_own_row` (a Six in your
//!   own row takes the pot yourself: "even your own").
//! - **Dice kept when rolling again** (`keep_0` ... `keep_4`, `keep_5_plus`): Done after
//!   setting that many dice aside this turn (hands grow past 5 when dice are passed left,
//!   so 5 and more are one group); `keep_all` sets the last die aside and places without
//!   rolling again ("You can keep all the dice and proceed to play a die").
//! - **The die set aside, by value** (`set_aside_one` ... `set_aside_six`): what a player
//!   saves for the placement (a One held at a Two to Five goes left, LB-5).
//!
//! The list does not depend on the rules or the player count. The kinds are the variants of
//! [`Kind`] in declaration order, so an index is `Kind::X as usize` and `option_kinds` lists
//! [`Kind::ALL`]: the two cannot drift apart.
//!
//! `action_kinds` runs on every placement of the legal list (dice x squares) at every
//! decision of random play, so it is a match and a few integer operations: no loop, no
//! allocation.

use super::*;
use crate::core::{KindSet, OptionKind};

/// The option kinds, in declaration order (the discriminant is the index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    PlaceOne,
    PlaceTwo,
    PlaceThree,
    PlaceFour,
    PlaceFive,
    PlaceSix,
    OwnRow,
    OpponentRow,
    OwnColourHome,
    SixOwnRow,
    Keep0,
    Keep1,
    Keep2,
    Keep3,
    Keep4,
    Keep5Plus,
    KeepAll,
    SetAsideOne,
    SetAsideTwo,
    SetAsideThree,
    SetAsideFour,
    SetAsideFive,
    SetAsideSix,
}

impl Kind {
    pub const ALL: [Kind; 23] = [
        Kind::PlaceOne,
        Kind::PlaceTwo,
        Kind::PlaceThree,
        Kind::PlaceFour,
        Kind::PlaceFive,
        Kind::PlaceSix,
        Kind::OwnRow,
        Kind::OpponentRow,
        Kind::OwnColourHome,
        Kind::SixOwnRow,
        Kind::Keep0,
        Kind::Keep1,
        Kind::Keep2,
        Kind::Keep3,
        Kind::Keep4,
        Kind::Keep5Plus,
        Kind::KeepAll,
        Kind::SetAsideOne,
        Kind::SetAsideTwo,
        Kind::SetAsideThree,
        Kind::SetAsideFour,
        Kind::SetAsideFive,
        Kind::SetAsideSix,
    ];

    /// Id, the rulebook's words, and the lever (a `LowBlowRules` parameter), if any.
    pub fn declaration(self) -> (&'static str, &'static str, Option<&'static str>) {
        match self {
            Kind::PlaceOne => (
                "place_one",
                "play a One: give ALL your remaining dice to the left and put ALL your counters \
                 into the pot",
                None,
            ),
            Kind::PlaceTwo => {
                ("place_two", "play a Two: put two counters into the pot", Some("two_pays"))
            }
            Kind::PlaceThree => (
                "place_three",
                "play a Three: all the players put one counter into the pot",
                Some("three_each_pays"),
            ),
            Kind::PlaceFour => {
                ("place_four", "play a Four: take one counter from the pot", Some("four_takes"))
            }
            Kind::PlaceFive => {
                ("place_five", "play a Five: take two counters from the pot", Some("five_takes"))
            }
            Kind::PlaceSix => (
                "place_six",
                "play a Six: the player whose row you played on takes all the counters in the \
                 pot; give all your remaining dice to the left",
                None,
            ),
            Kind::OwnRow => ("own_row", "place a die in your home row", None),
            Kind::OpponentRow => ("opponent_row", "place a die in another player's row", None),
            Kind::OwnColourHome => (
                "own_colour_home",
                "place a die of your colour in your home row (subtract 1 point for it)",
                Some("own_colour_discount"),
            ),
            Kind::SixOwnRow => {
                ("six_own_row", "play a Six in your own row and take the pot yourself", None)
            }
            Kind::Keep0 => ("keep_0", "roll all your dice again (none set aside)", None),
            Kind::Keep1 => ("keep_1", "roll again with 1 die set aside", None),
            Kind::Keep2 => ("keep_2", "roll again with 2 dice set aside", None),
            Kind::Keep3 => ("keep_3", "roll again with 3 dice set aside", None),
            Kind::Keep4 => ("keep_4", "roll again with 4 dice set aside", None),
            Kind::Keep5Plus => ("keep_5_plus", "roll again with 5 or more dice set aside", None),
            Kind::KeepAll => {
                ("keep_all", "keep all the dice and proceed to play a die (no more rolls)", None)
            }
            Kind::SetAsideOne => ("set_aside_one", "set aside a One", None),
            Kind::SetAsideTwo => ("set_aside_two", "set aside a Two", None),
            Kind::SetAsideThree => ("set_aside_three", "set aside a Three", None),
            Kind::SetAsideFour => ("set_aside_four", "set aside a Four", None),
            Kind::SetAsideFive => ("set_aside_five", "set aside a Five", None),
            Kind::SetAsideSix => ("set_aside_six", "set aside a Six", None),
        }
    }
}

/// Value `value` (1-6) as an offset 0-5 (a legal action's value is 1-6; anything else is
/// kept in range rather than shifting past the set).
#[inline]
fn offset(value: u8) -> usize {
    (value as usize).wrapping_sub(1).min(5)
}

impl LowBlow {
    /// [`Kind::ALL`] as the option table declares it.
    pub(super) fn declared_kinds() -> Vec<OptionKind> {
        Kind::ALL
            .iter()
            .map(|k| {
                let (id, words, lever) = k.declaration();
                let kind = OptionKind::new(id, words);
                kind.with_lever_if(lever)
            })
            .collect()
    }

    /// The kinds of legal action `a` of the mover (see the module's header).
    #[inline]
    pub(super) fn kinds_of(&self, s: &LowBlowState, a: LowBlowAction) -> KindSet {
        match a {
            LowBlowAction::SetAside { colour, value } => {
                let set = KindSet::one(Kind::SetAsideOne as usize + offset(value));
                // The last die of the roll: nothing is left to roll, so placing comes next.
                let rolled = s.rolled_mask;
                let last = rolled & rolled.wrapping_sub(1) == 0
                    && s.rolled[colour as usize & 3][offset(value)] == 1;
                if last { set.with(Kind::KeepAll as usize) } else { set }
            }
            LowBlowAction::Done => {
                let [a, b, c, d] = s.aside_count;
                let kept = (a as usize + b as usize + c as usize + d as usize).min(5);
                KindSet::one(Kind::Keep0 as usize + kept)
            }
            LowBlowAction::Place { colour, value, cell } => {
                let v = offset(value);
                let mover = s.mover;
                let own = cell as usize / self.columns() == mover as usize;
                let row = if own { Kind::OwnRow } else { Kind::OpponentRow };
                let mut set = KindSet::one(Kind::PlaceOne as usize + v).with(row as usize);
                if own && colour == mover {
                    set = set.with(Kind::OwnColourHome as usize);
                }
                if own && v == 5 {
                    set = set.with(Kind::SixOwnRow as usize);
                }
                set
            }
        }
    }
}
