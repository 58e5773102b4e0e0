//! DARDZ on the play and replay pages: where each move is played on the picture
//! ([`MovePlace`]) and the state fields the picture needs beyond the board itself (the
//! numbers a pick offers, the dice an action card rolled, the Lucky Loser's dice, the card
//! values for hover texts).
//!
//! Every decision is the roller's, so every target starts with the roller's seat: another
//! seat's identical card never plays a move.

use serde_json::{Value, json};

use crate::core::trace::{MovePlace, add_fields};

use super::*;

impl Dardz {
    /// Where `a` is played: a number picked from the roll is its chip beside the dice (the
    /// person thinks "I take this number", and may take a number only others hold, so the
    /// chip, not a card of their hand, is the part to click); an action card played next is
    /// that card in the roller's hand; a number named for the Jackpot is one of six dice
    /// drawn beside the Jackpot in play. Picking nothing has no part of its own: the bar.
    pub(super) fn place(&self, s: &DardzState, a: DardzAction) -> MovePlace {
        let seat = s.roller;
        match a {
            DardzAction::Pick(n) => MovePlace::at("take", format!("seat{seat}:take:{n}")),
            DardzAction::Pass => MovePlace::bar("pass"),
            DardzAction::Play(card) => {
                MovePlace::at("play", format!("seat{seat}:card:{}", card.card().key()))
            }
            DardzAction::Guess(n) => MovePlace::at("name", format!("seat{seat}:jackpot:{n}")),
        }
    }

    /// The fields of `state_json` that the pages draw beyond the table itself.
    pub(super) fn page_json(&self, s: &DardzState, state: &mut Value) {
        // The numbers the pending pick offers (kept by the roll that asked), and whether
        // picking nothing is allowed.
        let picking = s.phase == Phase::Pick;
        let options: Vec<u8> =
            (1..=12u8).filter(|&n| picking && s.options & (1 << n) != 0).collect();
        let may_pick_nothing = picking && s.options & 1 != 0;
        let lucky_loser: Vec<LuckyDice> = (0..s.players())
            .filter(|&p| s.event.kind == EventKind::Settled && s.event.lucky[p] != 0)
            .map(|p| {
                let l = s.event.lucky[p];
                LuckyDice { seat: p, dice: [l / 8, l % 8] }
            })
            .collect();
        // The numbers hover texts quote: rule parameters, so a tuned game says its own.
        let table = PageTable {
            card_points: (0..NUM_KINDS).map(|k| (Card(k as u8).label(), self.values[k])).collect(),
            hand_size: self.rules.hand_size,
            pile_size: self.side_target(),
            target: self.rules.target_score,
            round_bonus: self.rules.round_bonus,
            jackpot_points: self.rules.jackpot_points,
            three_of_a_kind: self.rules.three_of_a_kind_points,
            clean_up: self.rules.clean_up_points,
            lucky_loser_max: self.side_lucky_max(),
            round1_boost_bunk: match self.rules.round1_boost_bunk {
                RoundOneBoostBunk::AfterJackpotOrTriple => "after_jackpot_or_triple",
                RoundOneBoostBunk::Never => "never",
                RoundOneBoostBunk::Always => "always",
            },
        };
        let card_roll = self.card_roll_json(s);
        add_fields(state, PageFields { options, may_pick_nothing, card_roll, lucky_loser, table });
    }

    /// The dice an action card rolled in the step that led to `s` (the state's `dice` keep
    /// the turn's own roll, which the card's roll does not change), or `null`.
    fn card_roll_json(&self, s: &DardzState) -> Value {
        let e = &s.event;
        let EventKind::ActionDice(card) = e.kind else { return Value::Null };
        let [a, b] = e.dice;
        let seat = e.seat as usize;
        let label = card.label();
        match card {
            ActionCard::Jackpot => json!({"card": label, "seat": seat, "dice": [a],
                "named": s.guess, "hit": a == s.guess}),
            ActionCard::RollOff => json!({"card": label, "seat": seat, "left": s.left(seat),
                "dice": [a, b], "winner": e.hit.trailing_zeros()}),
            _ => json!({"card": label, "seat": seat, "dice": [a, b], "sum": a + b,
                "hit": DardzState::seats_in(e.hit).collect::<Vec<_>>()}),
        }
    }
}

/// The fields a DARDZ state gains on the pages (see [`Dardz::page_json`]), built as types
/// and turned into JSON once.
#[derive(serde::Serialize)]
struct PageFields {
    options: Vec<u8>,
    may_pick_nothing: bool,
    card_roll: Value,
    lucky_loser: Vec<LuckyDice>,
    table: PageTable,
}

/// A seat's Lucky Loser dice.
#[derive(serde::Serialize)]
struct LuckyDice {
    seat: usize,
    dice: [u8; 2],
}

/// The numbers the hover texts quote.
#[derive(serde::Serialize)]
struct PageTable {
    card_points: std::collections::BTreeMap<&'static str, i32>,
    hand_size: u8,
    pile_size: u32,
    target: i32,
    round_bonus: i32,
    jackpot_points: i32,
    three_of_a_kind: i32,
    clean_up: i32,
    lucky_loser_max: u32,
    round1_boost_bunk: &'static str,
}
