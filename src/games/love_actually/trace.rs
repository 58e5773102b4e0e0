//! LOVE ACTUALLY's structured traces (docs/trace-format.md): scores, tracks, tiles, the pile
//! and hand sizes as data, and every score change as an event with its seat and points,
//! derived from the states before and after a step.

use serde_json::{Value, json};

use crate::core::trace::{EndReason, TraceGame, points_event};

use super::cards::COLOURS;
use super::state::PUBLIC;
use super::*;

impl TraceGame for Love {
    fn state_json(&self, s: &LoveState) -> Value {
        json!({
            "turn": s.turns,
            "current": s.current,
            "scores": &s.scores[..s.players()],
            "tracks": &s.tracks[..s.players()],
            "tiles": s.tile_owner.iter().map(|&o| (o != NONE).then_some(o)).collect::<Vec<_>>(),
            "hand_sizes": (0..s.players).map(|w| s.hand_len(w)).collect::<Vec<_>>(),
            "deck": s.deck.count_ones(),
            "pile": s.pile[..s.pile_len as usize].iter().map(|&c| self.name_of(c)).collect::<Vec<_>>(),
            // A replay is omniscient: every hand, each card with the other seats that know
            // it (LA-13: shown, exposed, given or taken, or public), and the colours for
            // drawing the cards.
            "hands": (0..s.players()).map(|w| self.hand_json(s, w)).collect::<Vec<_>>(),
            "aside": (0..s.players()).map(|w| cards_of(s.aside[w]).map(|c| self.name_of(c)).collect::<Vec<_>>()).collect::<Vec<_>>(),
        })
    }

    fn trace_events(
        &self,
        before: &LoveState,
        _action: Option<LoveAction>,
        after: &LoveState,
        out: &mut Vec<Value>,
    ) {
        for w in 0..after.players() {
            let names = ["set_points", "bonus_tile", "ability_points"];
            for (src, kind) in names.iter().enumerate() {
                let gained = after.stats.points[w][src] as i32 - before.stats.points[w][src] as i32;
                if gained != 0 {
                    out.push(points_event(kind, w, gained, json!({})));
                }
            }
        }
    }

    fn end_reason(&self, s: &LoveState) -> EndReason {
        match s.end_kind {
            _ if s.capped => {
                EndReason { code: "turn_cap", text: "the turn cap ended the match (G-2)".into() }
            }
            EndKind::LastTile => EndReason {
                code: "last_tile",
                text: format!("seat {} claimed the last bonus tile (LA-6)", s.ender),
            },
            _ => EndReason {
                code: "end_score",
                text: format!("seat {} reached {} points (LA-6)", s.ender, self.rules.end_score),
            },
        }
    }
}

impl Love {
    /// Seat `w`'s hand: `{"card", "colour", "seen_by"}` per card, in card order.
    fn hand_json(&self, s: &LoveState, w: usize) -> Vec<Value> {
        cards_of(s.hands[w])
            .map(|c| {
                let seen: Vec<usize> = (0..s.players())
                    .filter(|&v| v != w && (s.known[v][w] | s.known[PUBLIC][w]) & bit(c) != 0)
                    .collect();
                let colour = COLOURS[self.deck.cards[c as usize].colour as usize];
                json!({"card": self.name_of(c), "colour": colour, "seen_by": seen})
            })
            .collect()
    }
}
