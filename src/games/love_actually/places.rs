//! Where each LOVE ACTUALLY move is played on the play page's picture
//! ([`TraceGame::move_place`](crate::core::trace::TraceGame::move_place)), and the
//! `data-target` names the drawing (`draw.js` in this folder) gives its parts.
//!
//! Every card is unique in the deck, so a card's target names its place and the card:
//! `seat2:card:Harry` (in seat 2's hand), `pile:Harry` (on the discard pile), `set:Harry` (a
//! scored or claimed set waiting for its ability or the pile). A move aimed at another
//! player is played on that player's hand (`seat2:hand`); the question board names what an
//! ask can be for (`ask:by:name`, `ask:name:Harry`, `ask:relationship:romance`,
//! `ask:colour:red`); a track is `seat2:track:romance`. Only saying no, scoring nothing,
//! keeping black cards and letting a discard go have no place: they go on the bar.

use crate::core::trace::MovePlace;

use super::cards::{COLOURS, RELATIONSHIPS};
use super::*;

/// Every kind of move, as the page and the browser check group them.
pub const MOVE_KINDS: [&str; 22] = [
    "take top",
    "ask",
    "ask by",
    "ask for",
    "hand over",
    "no card",
    "score",
    "score nothing",
    "ability",
    "discard black",
    "choose player",
    "give",
    "show",
    "put in",
    "take",
    "swap pair",
    "track",
    "to pile",
    "discard",
    "keep",
    "actually",
    "let go",
];

/// The kinds whose moves may share one part of the picture (the page opens a menu there):
/// the sets a card completes (scored or claimed with the same card) and Tony's pairs, put
/// on the first seat of the pair.
pub const MENU_KINDS: [&str; 3] = ["score", "actually", "swap pair"];

/// The word an ask's kind has in targets.
pub fn ask_word(k: AskKind) -> &'static str {
    match k {
        AskKind::Name => "name",
        AskKind::Relationship => "relationship",
        AskKind::Colour => "colour",
    }
}

impl Love {
    fn card_at(&self, seat: u8, c: u8) -> String {
        format!("seat{seat}:card:{}", self.name_of(c))
    }

    fn pile_at(&self, c: u8) -> String {
        format!("pile:{}", self.name_of(c))
    }

    pub(super) fn place_of(&self, s: &LoveState, a: LoveAction) -> MovePlace {
        use LoveAction as A;
        let me = s.actor;
        let hand_at = |t: u8| format!("seat{t}:hand");
        let mine = |kind, c| MovePlace::at(kind, self.card_at(me, c));
        match a {
            A::TakeTop => match s.top() {
                Some(c) => MovePlace::at("take top", self.pile_at(c)),
                None => MovePlace::bar("take top"),
            },
            A::Ask(t) => MovePlace::at("ask", hand_at(t)),
            A::Kind(k) => MovePlace::at("ask by", format!("ask:by:{}", ask_word(k))),
            A::Value(v) => {
                let value = match s.ask_kind {
                    AskKind::Name => self.name_of(v),
                    AskKind::Relationship => RELATIONSHIPS[v as usize],
                    AskKind::Colour => COLOURS[v as usize],
                };
                MovePlace::at("ask for", format!("ask:{}:{value}", ask_word(s.ask_kind)))
            }
            A::Hand(c) => match s.phase {
                Phase::HarryBlack => mine("discard black", c),
                Phase::MiaGive => mine("give", c),
                Phase::Expose => mine("show", c),
                Phase::Contribute => mine("put in", c),
                _ => mine("hand over", c),
            },
            A::No => MovePlace::bar("no card"),
            // A set is played on the card it is printed on (Karen's double on Karen): the
            // sets of one card share it, as a menu.
            A::Score(o) => {
                let opt = &self.deck.options[o as usize];
                mine("score", (opt.printed_on & opt.mask).trailing_zeros() as u8)
            }
            A::Skip => MovePlace::bar("score nothing"),
            A::Ability(c) => MovePlace::at("ability", format!("set:{}", self.name_of(c))),
            A::Choose(t) => MovePlace::at("choose player", hand_at(t)),
            A::Take(c) => MovePlace::at("take", self.pile_at(c)),
            A::Pair(x, _) => MovePlace::at("swap pair", hand_at(x)),
            A::Track(r) => {
                MovePlace::at("track", format!("seat{me}:track:{}", RELATIONSHIPS[r as usize]))
            }
            A::Place(c) => MovePlace::at("to pile", format!("set:{}", self.name_of(c))),
            A::Discard(c) => mine("discard", c),
            A::Keep => MovePlace::bar("keep"),
            // The discard under "Actually!" is the pile's top card (LA-9).
            A::Claim(_) => MovePlace::at("actually", self.pile_at(s.window_card)),
            A::Pass => MovePlace::bar("let go"),
        }
    }
}
