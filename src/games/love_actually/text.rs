//! LOVE ACTUALLY for people: actions and states as traces print them.

use std::fmt::Write as _;

use super::cards::{COLOURS, RELATIONSHIPS};
use super::state::SEATS;
use super::*;

impl Love {
    /// A card's name.
    pub fn name_of(&self, c: u8) -> &str {
        &self.deck.cards[c as usize].name
    }

    fn names(&self, mask: u32) -> String {
        let v: Vec<&str> = cards_of(mask).map(|c| self.name_of(c)).collect();
        if v.is_empty() { "-".to_string() } else { v.join(", ") }
    }

    fn hand_text(&self, s: &LoveState, w: usize, viewer: Option<usize>) -> String {
        match viewer {
            Some(v) if v != w => {
                let seen = s.hands[w] & (s.known[v][w] | s.known[super::state::PUBLIC][w]);
                let mut parts: Vec<&str> = cards_of(seen).map(|c| self.name_of(c)).collect();
                parts.extend((0..(s.hands[w] & !seen).count_ones()).map(|_| "?"));
                if parts.is_empty() { "-".to_string() } else { parts.join(", ") }
            }
            _ => self.names(s.hands[w]),
        }
    }

    fn value_text(&self, kind: AskKind, v: u8) -> String {
        match kind {
            AskKind::Name => self.name_of(v).to_string(),
            AskKind::Relationship => RELATIONSHIPS[v as usize].to_string(),
            AskKind::Colour => COLOURS[v as usize].to_string(),
        }
    }

    pub(super) fn describe_text(&self, s: &LoveState, a: LoveAction) -> String {
        use LoveAction as A;
        let who = s.actor;
        match a {
            A::TakeTop => format!("seat {who} takes the discard top"),
            A::Ask(t) => format!("seat {who} asks seat {t}"),
            A::Kind(k) => format!("seat {who} asks by {k:?}"),
            A::Value(v) => format!("seat {who} names {}", self.value_text(s.ask_kind, v)),
            A::Hand(c) => format!("seat {who} hands over / puts in {}", self.name_of(c)),
            A::No => format!("seat {who} has nothing to hand over"),
            A::Score(o) => format!("seat {who} scores {}", self.option_key(o as usize)),
            A::Skip => format!("seat {who} scores nothing"),
            A::Ability(c) => format!("seat {who} uses {}'s ability", self.name_of(c)),
            A::Place(c) => format!("seat {who} puts {} on the pile", self.name_of(c)),
            A::Discard(c) => format!("seat {who} discards {}", self.name_of(c)),
            A::Keep => format!("seat {who} keeps its black cards"),
            A::Claim(o) => {
                format!("seat {who}: \"Actually!\" for {}", self.option_key(o as usize))
            }
            A::Pass => format!("seat {who} lets it go"),
            A::Choose(t) => format!("seat {who} chooses seat {t}"),
            A::Pair(x, y) => format!("seat {who} has seats {x} and {y} swap"),
            A::Track(r) => format!("seat {who} moves its {} track", RELATIONSHIPS[r as usize]),
            A::Take(c) => format!("seat {who} takes {} from the pile", self.name_of(c)),
        }
    }

    pub(super) fn render_text(&self, s: &LoveState) -> String {
        self.render_for(s, None)
    }

    /// The state as text, whole (`None`) or as seat v sees it (`Some(v)`, LA-13): in
    /// another hand, the cards v knows and a `?` for each other card.
    pub(super) fn render_for(&self, s: &LoveState, viewer: Option<usize>) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "turn {} (seat {}), {:?}, deck {}, pile [{}]",
            s.turns,
            s.current,
            s.phase,
            s.deck.count_ones(),
            s.pile[..s.pile_len as usize]
                .iter()
                .map(|&c| self.name_of(c))
                .collect::<Vec<_>>()
                .join(", ")
        );
        for w in 0..s.players().min(SEATS) {
            let _ = writeln!(
                out,
                "seat {w}: {} points, tracks {:?}, hand [{}], aside [{}]",
                s.scores[w],
                s.tracks[w],
                self.hand_text(s, w, viewer),
                self.names(s.aside[w])
            );
        }
        if s.scored != 0 {
            let _ = writeln!(out, "scored: [{}]", self.names(s.scored));
        }
        out
    }
}
