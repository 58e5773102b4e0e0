//! LOVE ACTUALLY's structured traces (docs/trace-format.md): scores, tracks, tiles, the pile
//! and hand sizes as data, and every score change as an event with its seat and points,
//! derived from the states before and after a step.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::core::Seat;
use crate::core::trace::{EndReason, EventHead, MovePlace, TraceGame, add_fields, points_event};

use super::cards::{COLOURS, RELATIONSHIPS};
use super::state::PUBLIC;
use super::*;

impl TraceGame for Love {
    const TITLE: &'static str = "Love Actually";
    const DRAWING: &'static str = include_str!("draw.js");
    const HOW_TO_PLAY: &'static str = include_str!("how_to_play.md");

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
            // Public, for the picture: this turn's scored cards waiting for the pile (LA-30),
            // the discard open to "Actually!" (LA-9) and what is being decided, in words.
            "scored": cards_of(s.scored).map(|c| self.name_of(c)).collect::<Vec<_>>(),
            "window": (s.phase == Phase::Window).then(|| self.name_of(s.window_card)),
            "doing": self.doing_text(s),
        })
    }

    /// What seat `viewer` sees (LA-13): its own hand, every card it knows in another hand
    /// and the public ones; the rest of a hand is `null` cards after the known ones (in card
    /// order they would tell where an unseen card falls). Who else knows a card is said
    /// only where it is public (`seen_by` every other seat): what others were shown is not
    /// the viewer's to know.
    fn seat_state_json(&self, s: &LoveState, viewer: Seat) -> Value {
        let v = viewer.index();
        let mut data = self.state_json(s);
        let hands: Vec<Value> = (0..s.players())
            .map(|w| {
                let public = s.known[PUBLIC][w];
                let seen = if w == v { s.hands[w] } else { s.hands[w] & (s.known[v][w] | public) };
                let mut cards: Vec<Value> = cards_of(seen)
                    .map(|c| {
                        let others: Vec<usize> = if public & bit(c) != 0 {
                            (0..s.players()).filter(|&x| x != w).collect()
                        } else {
                            Vec::new()
                        };
                        let colour = COLOURS[self.deck.cards[c as usize].colour as usize];
                        json!({"card": self.name_of(c), "colour": colour, "seen_by": others})
                    })
                    .collect();
                let unseen = (s.hands[w] & !seen).count_ones();
                cards.extend(
                    (0..unseen).map(|_| json!({"card": null, "colour": null, "seen_by": []})),
                );
                Value::Array(cards)
            })
            .collect();
        /// The hands as this seat may see them, in place of the whole state's.
        #[derive(serde::Serialize)]
        struct SeenHands {
            hands: Vec<Value>,
        }
        add_fields(&mut data, SeenHands { hands });
        data
    }

    fn seat_render(&self, s: &LoveState, viewer: Seat) -> String {
        self.render_for(s, Some(viewer.index()))
    }

    /// A decision naming a card is seen by the others only when that card is in their
    /// sight afterwards (on the pile, scored, set aside, public or known in a hand): a card
    /// handed, given or picked out of sight stays secret (LA-10, LA-13).
    fn seat_sees_decision(
        &self,
        before: &LoveState,
        action: LoveAction,
        after: &LoveState,
        viewer: Seat,
    ) -> bool {
        use LoveAction as A;
        let v = viewer.index();
        if before.actor as usize == v {
            return true;
        }
        let card = match action {
            A::Hand(c) | A::Ability(c) | A::Place(c) | A::Discard(c) | A::Take(c) => c,
            _ => return true,
        };
        let mut in_sight = after.hands[v] | after.scored;
        for w in 0..after.players() {
            in_sight |= after.hands[w] & (after.known[v][w] | after.known[PUBLIC][w]);
            in_sight |= after.aside[w];
        }
        for &c in &after.pile[..after.pile_len as usize] {
            in_sight |= bit(c);
        }
        in_sight & bit(card) != 0
    }

    /// Each score change, with what earned it in the rulebook's words: the set (`set`), the
    /// bonus tiles' relationships (`tiles`) or the card whose ability paid (`card`).
    fn trace_events(
        &self,
        before: &LoveState,
        _action: Option<LoveAction>,
        after: &LoveState,
        out: &mut Vec<Value>,
    ) {
        // The sets scored in this step (a claim and its Daisy/Bernard co-score are one).
        let sets: Vec<String> = (0..self.deck.options.len())
            .filter(|&o| after.stats.option_scored[o] != before.stats.option_scored[o])
            .map(|o| self.option_name(o))
            .collect();
        for w in 0..after.players() {
            let names = ["set_points", "bonus_tile", "ability_points"];
            for (src, kind) in names.iter().enumerate() {
                let gained = after.stats.points[w][src] as i32 - before.stats.points[w][src] as i32;
                if gained == 0 {
                    continue;
                }
                let why = match src {
                    0 => json!({"set": sets.join(" and ")}),
                    1 => json!({"tiles": (0..4)
                        .filter(|&r| after.tile_owner[r] == w as u8 && before.tile_owner[r] != w as u8)
                        .map(|r| RELATIONSHIPS[r])
                        .collect::<Vec<_>>()}),
                    _ => json!({"card": self.name_of(after.ability_card)}),
                };
                out.push(points_event(kind, w, gained, why));
            }
        }
    }

    /// A set scored (LA-9), a bonus tile (LA-4) or a card's ability (LA-22, LA-41), named
    /// as the event names them.
    fn points_words(&self, e: &Value) -> String {
        /// The fields of a points event its words read, as the events write them.
        #[derive(serde::Deserialize, Default)]
        #[serde(default)]
        struct Said {
            set: Option<String>,
            card: Option<String>,
            tiles: Vec<String>,
        }
        let said = Said::deserialize(e).unwrap_or_default();
        match EventHead::of(e).kind.unwrap_or("") {
            "set_points" => format!("for {}", said.set.as_deref().unwrap_or("a set")),
            "bonus_tile" => {
                let s = if said.tiles.len() > 1 { "s" } else { "" };
                format!("the {} bonus tile{s}", said.tiles.join(" and "))
            }
            "ability_points" => format!("{}'s ability", said.card.as_deref().unwrap_or("a card")),
            other => other.replace('_', " "),
        }
    }

    fn move_place(&self, s: &LoveState, a: LoveAction) -> MovePlace {
        self.place_of(s, a)
    }

    fn end_reason(&self, s: &LoveState) -> EndReason {
        match s.end_kind {
            _ if s.capped => {
                EndReason { code: "turn_cap", text: "the turn cap ended the match".into() }
            }
            EndKind::LastTile => EndReason {
                code: "last_tile",
                text: format!(
                    "seat {} claimed the last bonus tile, and every other player then played one more turn",
                    s.ender
                ),
            },
            _ => EndReason {
                code: "end_score",
                text: format!(
                    "seat {} reached {} points, and every other player then played one more turn",
                    s.ender, self.rules.end_score
                ),
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
