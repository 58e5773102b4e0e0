//! Pride & Preju-Dice's structured traces: each sheet's score parts as data, and a points
//! event for every change of a seat's score, so that the events sum to the final scores.

use crate::core::{GameRules, Seat, TraceGame};
use serde_json::{Value, json};

use super::score::{self, PART_WORDS, PARTS};
use super::sheet::{FLOWERS, HEART};
use super::state::{Marks, Phase, PrideState, Step};
use super::{Pride, PrideAction};
use crate::core::trace::{
    Drawn, EndReason, EventHead, ForcedMove, MovePlace, add_fields, points_event,
};

impl TraceGame for Pride {
    const TITLE: &'static str = "Pride & Preju-Dice";
    const DRAWING: &'static str = include_str!("draw.js");
    const HOW_TO_PLAY: &'static str = include_str!("how_to_play.md");

    fn state_json(&self, s: &PrideState) -> Value {
        self.with_drawing(self.step_state_json(s))
    }

    /// The state without the sheet's drawing and its boxes' names (the same at every step).
    fn step_state_json(&self, s: &PrideState) -> Value {
        self.sheets_json(s, |j| &s.sheets[j], true)
    }

    /// What seat `viewer` sees (PP-11): its own sheet, every other sheet as the others last
    /// saw it (a choice made at the same time stays hidden until the round reveals it), and
    /// the dice chosen in a turn only when that turn is the viewer's or in the open.
    fn seat_state_json(&self, s: &PrideState, viewer: Seat) -> Value {
        let v = viewer.index();
        let open = s.phase != Phase::Turn || s.actor() == v || !s.hidden(s.actor());
        let state = self.sheets_json(s, |j| if j == v { &s.sheets[j] } else { s.visible(j) }, open);
        self.with_drawing(state)
    }

    /// The score part that changed, as the sheet names it (PP-2 to PP-5, PP-7, PP-10).
    fn points_words(&self, e: &Value) -> String {
        let kind = EventHead::of(e).kind.unwrap_or("");
        match PARTS.iter().position(|&p| p == kind) {
            Some(k) => PART_WORDS[k].to_string(),
            None => kind.replace('_', " "),
        }
    }

    fn seat_render(&self, s: &PrideState, viewer: Seat) -> String {
        self.render_for(s, Some(viewer.index()))
    }

    /// The others see a decision only when the seat in turn plays in the open.
    fn seat_sees_decision(
        &self,
        before: &PrideState,
        _action: PrideAction,
        _after: &PrideState,
        viewer: Seat,
    ) -> bool {
        let actor = before.actor();
        before.phase != Phase::Turn || actor == viewer.index() || !before.hidden(actor)
    }

    /// A hidden turn is revealed when its round ends (the rules' reading: the others' turns
    /// "stay hidden until the round ends"): from then on every seat may read it.
    fn seat_sees_decision_by(
        &self,
        before: &PrideState,
        action: PrideAction,
        after: &PrideState,
        now: &PrideState,
        viewer: Seat,
    ) -> bool {
        self.seat_sees_decision(before, action, after, viewer)
            || now.round != before.round
            || !now.hidden(before.actor())
    }

    /// Every change of a score part of a seat's sheet is a points event.
    fn trace_events(
        &self,
        before: &PrideState,
        _action: Option<PrideAction>,
        after: &PrideState,
        out: &mut Vec<Value>,
    ) {
        let l = &self.layout;
        for j in 0..after.players() {
            let (a, b) = (score::parts(l, &before.sheets[j]), score::parts(l, &after.sheets[j]));
            for (k, part) in PARTS.iter().enumerate() {
                if a[k] != b[k] {
                    out.push(points_event(part, j, b[k] - a[k], json!({})));
                }
            }
        }
    }

    /// Steps with one option, taken without asking (PP-12's forced placements, a lone
    /// chaperone number, the next seat's turn settled after the mover's): each its own step.
    fn forced_moves(
        &self,
        before: &PrideState,
        action: Option<PrideAction>,
        draws: &[Drawn],
    ) -> Vec<ForcedMove<PrideState, PrideAction>> {
        self.forced_in_step(before, action, draws)
    }

    /// A person's move on the picture ([`Pride::move_place_of`]).
    fn move_place(&self, s: &PrideState, a: PrideAction) -> MovePlace {
        self.move_place_of(s, a)
    }

    /// PP-10 in the rulebook's words, naming the sheets that ended the game.
    fn end_reason(&self, s: &PrideState) -> EndReason {
        if self.outcome(s).is_capped() {
            return EndReason { code: "turn_cap", text: "the turn cap ended the match".into() };
        }
        let l = &self.layout;
        let seats = |f: &dyn Fn(&Marks) -> bool| {
            let who: Vec<String> =
                (0..s.players()).filter(|&j| f(&s.sheets[j])).map(|j| j.to_string()).collect();
            match who.len() {
                1 => format!("seat {}", who[0]),
                _ => format!("seats {}", who.join(" and ")),
            }
        };
        let matched = format!(
            "{} matched every pair of neighbouring suitors (a completed romance track on each of the {} links)",
            seats(&|m| score::all_linked(l, m)),
            l.nlinks
        );
        let faux = format!(
            "{} filled the Faux Pas track ({} crosses)",
            seats(&|m| m.faux_pas >= l.faux_pas_len),
            l.faux_pas_len
        );
        match (s.ended.matches, s.ended.faux_pas) {
            (true, true) => EndReason {
                code: "matches_and_faux_pas",
                text: format!("{matched}, and {faux}, so the game ended with that round"),
            },
            (true, false) => EndReason {
                code: "matches",
                text: format!("{matched}, so the game ended with that round"),
            },
            _ => EndReason {
                code: "faux_pas",
                text: format!("{faux}, so the game ended with that round"),
            },
        }
    }
}

impl Pride {
    /// The state as data with seat j's sheet taken from `sheet(j)`, and the dice chosen in
    /// the turn in progress only when `open_turn`.
    fn sheets_json<'a>(
        &self,
        s: &'a PrideState,
        sheet: impl Fn(usize) -> &'a Marks,
        open_turn: bool,
    ) -> Value {
        let l = &self.layout;
        let sheets: Vec<Value> = (0..s.players())
            .map(|j| {
                let m = sheet(j);
                let parts = score::parts(l, m);
                let written: Vec<Vec<u8>> = [HEART, FLOWERS]
                    .iter()
                    .enumerate()
                    .map(|(slot, &p)| (0..l.puzzles[p].n as usize).map(|b| m.written(slot, b)).collect())
                    .collect();
                json!({
                    "score": score::total(l, m),
                    "parts": PARTS.iter().zip(parts).map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
                    "marks": m.marks,
                    "romance": m.romance[..l.nlinks as usize].to_vec(),
                    "fan": m.fan,
                    // The numbers written in the Heart and Flowers boxes (0: none), what a
                    // marked box of theirs shows and scores (PP-5, PP-21).
                    "written": written,
                    "chaperone": m.chaperone,
                    "faux_pas": m.faux_pas,
                })
            })
            .collect();
        let scores: Vec<i32> = (0..s.players()).map(|j| score::total(l, sheet(j))).collect();
        json!({
            "scores": scores,
            "round": s.round,
            "starter": s.starter,
            "dice": s.dice,
            "pool": s.pool,
            "sheets": sheets,
            // The seat in turn and the dice (indices into `dice`) it chose, once chosen.
            // `waiting`: the chosen dice (bit per slot) not yet placed.
            "choosing": (open_turn && s.phase == Phase::Turn && s.ctx.step != Step::Pick)
                .then(|| json!({"seat": s.ctx.seat, "chosen": s.ctx.chosen, "waiting": s.ctx.waiting})),
            // The seat in turn, in a turn (public: the order of play is).
            "to_move": (s.phase == Phase::Turn).then(|| s.actor()),
            // What the seat in turn is doing, in words, when the turn is in the open.
            "task": (s.phase == Phase::Turn).then(|| if open_turn {
                self.task_words(s)
            } else {
                format!("seat {} takes its turn out of sight (shown when the round ends)", s.actor())
            }),
        })
    }

    /// `state` with what never changes added: the boxes of each puzzle by name, in the
    /// order of `marks`' bits (what a viewer needs to draw a sheet), and the sheet as the
    /// pages draw it (every box's place, label and hover text, the links, the fan, the
    /// chaperone and Faux Pas tracks). The same on every step, so only whole states carry
    /// them ([`TraceGame::step_state_json`]).
    fn with_drawing(&self, mut state: Value) -> Value {
        /// What a whole state adds for the pages.
        #[derive(serde::Serialize)]
        struct Drawing<'a> {
            boxes: Vec<&'a Vec<String>>,
            sheet: Value,
        }
        let boxes = self.layout.puzzles.iter().map(|p| &p.names).collect();
        add_fields(&mut state, Drawing { boxes, sheet: self.sheet_view_json() });
        state
    }
}
