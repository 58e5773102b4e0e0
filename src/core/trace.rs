//! Structured traces: what a game adds to `arena trace --format json` beyond its text
//! (`docs/trace-format.md` describes every field). Only traces call this; the match loop
//! never does, so tracing costs the hot path nothing.
//!
//! A game implements [`TraceGame`]; every method has a default, so a new game traces (text
//! state, raw chance draws, no events) with an empty `impl TraceGame for MyGame {}` and
//! grows structured fields one method at a time. Events are derived from the states before
//! and after a step, so no game records anything extra while it plays.
//!
//! The one contract a checker relies on: every change of a seat's score appears as an event
//! with `seat` and `points`, so that for every seat the `points` of its events (from the
//! start record's `events` on) sum to its score in the end record.

use serde_json::{Value, json};

use super::{Chance, Game, ScriptedChance, Seat};

/// The version of the JSON trace format (the start record's `format`). Version 1 was the
/// text-only trace (`state`, `action`, `action_code`, `result`); 2 adds the structured
/// fields beside them.
pub const TRACE_FORMAT: u32 = 2;

/// One raw draw from the chance source, in the order the game asked for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// A die of `faces` faces showed `value`.
    Die { faces: u32, value: u32 },
    /// A uniform choice among `n` things gave `value` (0-based).
    Choice { n: u32, value: u32 },
    /// A card of this kind was drawn from a pile.
    Card { kind: usize },
}

impl Drawn {
    /// As a trace writes it: `{"die": 4, "faces": 6}`, `{"choice": 2, "of": 5}`,
    /// `{"card": 12}` (the game's `chance_json` names the kind).
    pub fn to_json(self) -> Value {
        match self {
            Drawn::Die { faces, value } => json!({"die": value, "faces": faces}),
            Drawn::Choice { n, value } => json!({"choice": value, "of": n}),
            Drawn::Card { kind } => json!({"card": kind}),
        }
    }
}

/// A chance source that gives `draws` again, in order: a recorded chance event replayed
/// (for [`TraceGame::forced_moves`], which works a step out again from the state before it).
pub fn replaying(draws: &[Drawn]) -> ScriptedChance {
    let (mut dice, mut choices, mut cards) = (Vec::new(), Vec::new(), Vec::new());
    for d in draws {
        match *d {
            Drawn::Die { value, .. } => dice.push(value),
            Drawn::Choice { value, .. } => choices.push(value),
            Drawn::Card { kind } => cards.push(kind),
        }
    }
    ScriptedChance::new().dice(dice).choices(choices).draws(cards)
}

/// A move the rules made for a seat inside one step, without asking it: the seat's only
/// option, which the engine takes at once (a bot is asked only when it has a real choice).
/// `before` is the state just before the move. Traces, the play log and the replay give
/// each such move a step of its own, with its mover, so that what it did and the points it
/// scored sit on its own line, shown only to the seats that may see that seat's moves.
#[derive(Clone, Debug, PartialEq)]
pub struct ForcedMove<S, A> {
    pub seat: Seat,
    pub action: A,
    pub before: S,
}

/// A chance source that logs every draw it passes on (for traces only).
pub struct Recording<'a, C: Chance> {
    pub inner: &'a mut C,
    pub log: &'a mut Vec<Drawn>,
}

impl<C: Chance> Chance for Recording<'_, C> {
    fn die(&mut self, faces: u32) -> u32 {
        let value = self.inner.die(faces);
        self.log.push(Drawn::Die { faces, value });
        value
    }
    fn die_wide(&mut self, faces: u32) -> u32 {
        let value = self.inner.die_wide(faces);
        self.log.push(Drawn::Die { faces, value });
        value
    }
    fn below(&mut self, n: u32) -> u32 {
        let value = self.inner.below(n);
        self.log.push(Drawn::Choice { n, value });
        value
    }
    fn draw(&mut self, counts: &[u8]) -> usize {
        let kind = self.inner.draw(counts);
        self.log.push(Drawn::Card { kind });
        kind
    }
    fn draw_sized(&mut self, counts: &[u8], total: u32) -> usize {
        let kind = self.inner.draw_sized(counts, total);
        self.log.push(Drawn::Card { kind });
        kind
    }
}

/// Why a match ended: a stable `code` for scripts (`target_reached`, `turn_cap`, ...) and a
/// sentence for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndReason {
    pub code: &'static str,
    pub text: String,
}

/// A structured event: `{"kind": kind}` plus `fields` (an object).
pub fn event(kind: &str, fields: Value) -> Value {
    let mut e = json!({ "kind": kind });
    if let (Some(map), Value::Object(extra)) = (e.as_object_mut(), fields) {
        map.extend(extra);
    }
    e
}

/// A score change: `{"kind": kind, "seat": seat, "points": points}` plus `fields`.
pub fn points_event(kind: &str, seat: usize, points: i32, fields: Value) -> Value {
    let mut e = event(kind, fields);
    if let Some(map) = e.as_object_mut() {
        map.insert("seat".into(), json!(seat));
        map.insert("points".into(), json!(points));
    }
    e
}

/// What every reader of an event relies on, read back as [`event`] and [`points_event`]
/// wrote it: its kind, and for a score change the seat and its points. (The rest of an
/// event is its game's, read only by that game's own trace code.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventHead<'a> {
    /// The event's id for scripts (`"round_won"`), if it has one.
    pub kind: Option<&'a str>,
    /// The seat whose score changed, and by how many points, for a score change.
    pub seat: Option<u64>,
    pub points: Option<i64>,
}

impl<'a> EventHead<'a> {
    /// The head of `event` (an event's JSON as a trace holds it).
    pub fn of(event: &'a Value) -> Self {
        let field = |key: &str| event.as_object().and_then(|map| map.get(key));
        EventHead {
            kind: field("kind").and_then(Value::as_str),
            seat: field("seat").and_then(Value::as_u64),
            points: field("points").and_then(Value::as_i64),
        }
    }
}

/// What the shared checks read of a game's state JSON (`TraceGame::state_json`, a step's
/// or a seat's view): every game's `scores`, one per seat, and a team game's `teams`, each
/// team's seats. (The rest of a state is its game's and its drawing's.)
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(default)]
pub struct StateHead {
    pub scores: Vec<i64>,
    pub teams: Option<Vec<Vec<usize>>>,
}

impl StateHead {
    /// The head of `state`; a state without one (or of another shape) reads as empty.
    pub fn of(state: &Value) -> StateHead {
        <StateHead as serde::Deserialize>::deserialize(state).unwrap_or_default()
    }
}

/// Where a person plays an action on the play page's picture (`arena play`), and what kind
/// of move it is. The page makes the picture's part whose `data-target` equals `target`
/// play the action (a menu when several actions share it); an empty `target`, or one the
/// picture does not draw, puts the action on the picture's bar of moves instead. A target
/// names the person's own part (`seat0:...`) wherever other seats have the same part, so
/// another seat's sheet never plays a move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MovePlace {
    /// The kind of move in a word or two ("place", "swap", "pass"): the browser check
    /// covers every kind, and the page groups moves by it.
    pub kind: &'static str,
    /// The `data-target` of the part of the picture that plays the move, or empty.
    pub target: String,
    /// Further parts that play the move too (a pair of dice: either die).
    pub also: Vec<String>,
}

impl MovePlace {
    pub fn at(kind: &'static str, target: impl Into<String>) -> Self {
        MovePlace { kind, target: target.into(), also: Vec::new() }
    }
    /// The move is played from `target` too.
    pub fn and_at(mut self, target: impl Into<String>) -> Self {
        self.also.push(target.into());
        self
    }
    /// A move with no part of its own on the picture (a pass, "roll again"): on the bar.
    pub fn bar(kind: &'static str) -> Self {
        MovePlace { kind, target: String::new(), also: Vec::new() }
    }
}

/// `state` (a JSON object, a game's `state_json`) with the fields of `more` (a struct)
/// added, replacing any of the same name: a state's further parts written as one type, not
/// key by key. A state that is not an object, or fields that are not a struct's, add
/// nothing (every caller passes an object and a struct).
pub fn add_fields(state: &mut Value, more: impl serde::Serialize) {
    if let (Value::Object(map), Ok(Value::Object(fields))) = (state, serde_json::to_value(more)) {
        map.extend(fields);
    }
}

/// The structured side of a game's traces. See the module documentation for the contract.
pub trait TraceGame: Game {
    /// The game's name as its rulebook writes it ("LOW BLOW", "Pride & Preju-Dice"): the
    /// pages' titles. Empty: the pages use the command-line name (`tests/it/completeness.rs`
    /// holds every registered game to giving one).
    const TITLE: &'static str = "";
    /// The game's drawing on the replay and play pages: a script, kept as `draw.js` in the
    /// game's folder, that fills the registries `session/view/draw_common.js` declares, under
    /// the game's name (its picture, its events in words, and what its picture carries from
    /// earlier states; its "How to play" panel is [`TraceGame::HOW_TO_PLAY`]). Empty: no drawing (the completeness test holds
    /// every registered game to one).
    const DRAWING: &'static str = "";
    /// The game's "How to play" (`how_to_play.md` in its folder, read by
    /// [`core::how_to_play`](crate::core::how_to_play)): the pages' panel and the opening of
    /// its rules page. Empty: none (the completeness test holds every registered game to one).
    const HOW_TO_PLAY: &'static str = "";
    /// The text of the game's rules page (`rules.md` in its folder): what the rules are as
    /// implemented, where they come from, what is known of them. `docs/rules/<name>.md` is
    /// written from it, with the "How to play" and the rule parameters added
    /// (`games::docs::rules_page`). Empty: a page kept by hand in `docs/rules/`.
    const RULES_PAGE: &'static str = "";
    /// The state as JSON data (scores, hands, board, piles, pot, round, turn); `null` when
    /// the game gives only its text.
    fn state_json(&self, _s: &Self::State) -> Value {
        Value::Null
    }
    /// [`TraceGame::state_json`] less its keys that hold the same value in every state of
    /// the game under these rules (a sheet's drawing, its boxes' names): what a step's record
    /// is compared with the last to write its `state_changes`, where such keys never appear
    /// anyway. Whole states (`start` and `end` records, `--full-states`) keep them. Building
    /// and comparing them at every step was most of the cost of writing a replay page.
    /// The default is the whole state; the conformance check holds the keys left out to
    /// being the same at every step.
    fn step_state_json(&self, s: &Self::State) -> Value {
        self.state_json(s)
    }
    /// What a chance event produced, as data, given the raw draws in order (every die, every
    /// card kind). The default lists the draws.
    fn chance_json(&self, _before: &Self::State, draws: &[Drawn], _after: &Self::State) -> Value {
        json!({ "draws": draws.iter().map(|d| d.to_json()).collect::<Vec<_>>() })
    }
    /// Events of the setup (before any step), e.g. counters handed out that count for the
    /// score.
    fn start_events(&self, _s: &Self::State, _out: &mut Vec<Value>) {}
    /// Every change from `before` to `after` (one decision, `action`, or one chance event,
    /// `None`) as events: what the action or the dice did and everything that followed
    /// without a decision (passes, automatic plays, scoring, round ends). Score changes carry
    /// `seat` and `points`.
    fn trace_events(
        &self,
        _before: &Self::State,
        _action: Option<Self::Action>,
        _after: &Self::State,
        _out: &mut Vec<Value>,
    ) {
    }
    /// What `viewer` may see of `s` (for a person playing that seat, `arena play`): the
    /// [`TraceGame::state_json`] data with everything hidden from `viewer` blanked (`null`
    /// for a card it cannot see, a sheet as the others last saw it). The default, the whole
    /// state, is right for games where everything is in view. The contract, checked for
    /// every game and seat: `seat_state_json(determinize(s, v), v) == seat_state_json(s, v)`,
    /// so it depends on nothing `viewer` cannot know.
    fn seat_state_json(&self, s: &Self::State, _viewer: Seat) -> Value {
        self.state_json(s)
    }
    /// The state as text for a person playing `viewer` (`arena play --text`), with the same
    /// contract as [`TraceGame::seat_state_json`]. The default, the whole state's
    /// [`GameText::render`], is right for games where everything is in view.
    fn seat_render(&self, s: &Self::State, _viewer: Seat) -> String {
        self.render(s)
    }
    /// Whether `viewer` may learn which action the seat to move in `before` took (leading to
    /// `after`; its
    /// description and the events it caused). False for a choice kept secret (a
    /// simultaneous choice until the round reveals it, a card passed out of sight).
    fn seat_sees_decision(
        &self,
        _before: &Self::State,
        _action: Self::Action,
        _after: &Self::State,
        _viewer: Seat,
    ) -> bool {
        true
    }
    /// Whether `viewer` may learn, in state `now` (later in the same match), the decision
    /// `action` taken in `before`: a simultaneous choice hidden at the time is revealed once
    /// the round shows it. The default: as at the time ([`TraceGame::seat_sees_decision`]).
    fn seat_sees_decision_by(
        &self,
        before: &Self::State,
        action: Self::Action,
        after: &Self::State,
        _now: &Self::State,
        viewer: Seat,
    ) -> bool {
        self.seat_sees_decision(before, action, after, viewer)
    }
    /// Whether `viewer` may read what a chance event produced (its description and events);
    /// false where it put cards out of the viewer's sight.
    fn seat_sees_chance(&self, _before: &Self::State, _after: &Self::State, _viewer: Seat) -> bool {
        true
    }
    /// What the points of a score event (one with `seat` and `points`) were scored for, in a
    /// player's words ("paid 2 counters into the pot", "the Diamond"): the terminal's log
    /// (`arena play --text`) prints it beside the points, where the event's `kind` is an id
    /// for scripts. The default, the kind with spaces for underscores, is for kinds that are
    /// already a word (`win`); a game whose kinds are not overrides it.
    fn points_words(&self, event: &Value) -> String {
        EventHead::of(event).kind.unwrap_or("points").replace('_', " ")
    }
    /// Whether `a` and `b`, both legal in `s`, are one choice for a player although their
    /// words differ: they differ only in where on the table the move is made, and nothing the
    /// rules count, nor anything a seat may see afterwards but that place, tells their results
    /// apart (a LOW BLOW die on either of two empty squares of one row: a row scores its dice
    /// whatever their columns). It must be an equivalence (reflexive, symmetric, transitive).
    /// `arena play` offers such moves as one option (the view's `options`), played as its
    /// first move, and adds up the advice over them. It reads only what the mover may know.
    /// The default: no two moves are.
    fn same_choice(&self, _s: &Self::State, _a: Self::Action, _b: Self::Action) -> bool {
        false
    }
    /// The words of one option made of several moves (legal in `s`, in the legal list's
    /// order, each the first's [`TraceGame::same_choice`] or of the same words): they must
    /// name every place the option stands for. The default, the first move's words, is right
    /// for a game whose only such moves have the same words.
    fn describe_choice(&self, s: &Self::State, moves: &[Self::Action]) -> String {
        self.describe(s, moves[0])
    }
    /// Where a person plays `a`, legal in `s`, on the play page's picture ([`MovePlace`]).
    /// It reads only what the mover may know (it is asked only of the mover's own moves).
    /// The default puts every move on the bar.
    fn move_place(&self, _s: &Self::State, _a: Self::Action) -> MovePlace {
        MovePlace::bar("move")
    }
    /// The moves the rules made without asking inside the step from `before` by `action` (a
    /// decision), or by the chance event whose raw draws were `draws` (`action` `None`), in
    /// the order they were made ([`ForcedMove`]). Each forced move's `before` is a state in
    /// which its seat is to move and its action is the only legal one; what follows it up to
    /// the next forced move (or the step's end) is that move's doing. The default: none, for
    /// games that ask for every move. Checked for every game by the conformance check.
    fn forced_moves(
        &self,
        _before: &Self::State,
        _action: Option<Self::Action>,
        _draws: &[Drawn],
    ) -> Vec<ForcedMove<Self::State, Self::Action>> {
        Vec::new()
    }
    /// Why the match in `s` (over) ended. Its text is a player's: in the rules' words, without
    /// ruling ids (the `code` and the rules pages carry those).
    fn end_reason(&self, s: &Self::State) -> EndReason {
        if self.outcome(s).is_capped() {
            EndReason { code: "turn_cap", text: "the turn cap ended the match".into() }
        } else {
            EndReason { code: "finished", text: "the game ended by its rules".into() }
        }
    }
}

/// Whether states `x` and `y`, reached by two moves of the same words, are the same move's
/// result as a person can tell: equal, or alike in whose turn it is, the scores and the words
/// of every move that follows (two equal dice: the same move, whichever die is taken). The
/// play page lists such moves once (`same_as`), and the move-words check
/// (`tests/it/move_words.rs`) holds every game's words to it.
pub fn alike<G: TraceGame>(game: &G, x: &G::State, y: &G::State) -> bool {
    if x == y {
        return true;
    }
    if game.turn(x) != game.turn(y)
        || StateHead::of(&game.step_state_json(x)).scores
            != StateHead::of(&game.step_state_json(y)).scores
    {
        return false;
    }
    let words = |s: &G::State| {
        let mut legal = Vec::new();
        if matches!(game.turn(s), super::Turn::Player(_)) {
            game.legal_actions(s, &mut legal);
        }
        let mut texts: Vec<String> = legal.iter().map(|&a| game.describe(s, a)).collect();
        texts.sort();
        texts
    };
    words(x) == words(y)
}

/// One step as traces, the play log and the replay show it: a decision (asked for, or a
/// move the rules made without asking, `forced`) or a chance event (`mover` `None`).
pub struct Part<G: Game> {
    pub before: G::State,
    pub after: G::State,
    pub mover: Option<Seat>,
    pub action: Option<G::Action>,
    pub forced: bool,
}

/// The steps that one decision (`mover` and `action`) or one chance event (its raw
/// `draws`) from `before` to `after` is made of: itself, then each forced move the rules
/// made within it ([`TraceGame::forced_moves`]), each up to the next.
pub fn unfold<G: TraceGame>(
    game: &G,
    before: &G::State,
    mover: Option<Seat>,
    action: Option<G::Action>,
    draws: &[Drawn],
    after: &G::State,
) -> Vec<Part<G>> {
    let forced = game.forced_moves(before, action, draws);
    let mut parts = Vec::with_capacity(forced.len() + 1);
    let mut head =
        Part { before: before.clone(), after: after.clone(), mover, action, forced: false };
    for ForcedMove { seat, action, before } in forced {
        head.after = before.clone();
        parts.push(head);
        head = Part {
            before,
            after: after.clone(),
            mover: Some(seat),
            action: Some(action),
            forced: true,
        };
    }
    parts.push(head);
    parts
}

/// A step as the play log shows it to `viewer` when the match is at `now`: its words and
/// its events ([`TraceGame::trace_events`]), or `None` where `viewer` may not know it (yet):
/// the log then says only that something happened. The seat-log check
/// (`conformance::seat_view::check_seat_logs`) holds this to what the viewer observes.
pub fn seen_step<G: TraceGame>(
    game: &G,
    part: &Part<G>,
    now: &G::State,
    viewer: Seat,
) -> Option<(String, Vec<Value>)> {
    let text = match part.action {
        Some(a) => game
            .seat_sees_decision_by(&part.before, a, &part.after, now, viewer)
            .then(|| game.describe(&part.before, a)),
        None => game
            .seat_sees_chance(&part.before, &part.after, viewer)
            .then(|| game.describe_chance(&part.before, &part.after)),
    }?;
    let mut events = Vec::new();
    game.trace_events(&part.before, part.action, &part.after, &mut events);
    Some((text, events))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{ScriptedChance, derive_rng};

    #[test]
    fn recording_passes_every_draw_through_unchanged_and_logs_it() {
        // Traces must replay the very match a run played: the recorder may not change a draw.
        let (mut plain, mut inner) = (derive_rng(3, 1, 0), derive_rng(3, 1, 0));
        let mut log = Vec::new();
        let mut rec = Recording { inner: &mut inner, log: &mut log };
        let pile = [0u8, 4, 0, 2];
        let got = (rec.die(6), rec.die_wide(6), rec.below(5), rec.draw(&pile));
        let want = (plain.die(6), plain.die_wide(6), plain.below(5), plain.draw(&pile));
        assert_eq!(got, want);
        assert_eq!(log.len(), 4);
        assert_eq!(log[0], Drawn::Die { faces: 6, value: want.0 });
        assert_eq!(log[3], Drawn::Card { kind: want.3 });
        let mut script = ScriptedChance::new().dice([4]).draws([1]);
        let mut log = Vec::new();
        let mut rec = Recording { inner: &mut script, log: &mut log };
        assert_eq!((rec.die(6), rec.draw(&pile)), (4, 1));
        let json: Vec<Value> = log.iter().map(|d| d.to_json()).collect();
        assert_eq!(json, vec![json!({"die": 4, "faces": 6}), json!({"card": 1})]);
    }

    #[test]
    fn events_carry_their_kind_and_points() {
        let e = points_event("bank", 1, 7, json!({"total": 30}));
        assert_eq!(e, json!({"kind": "bank", "seat": 1, "points": 7, "total": 30}));
        assert_eq!(event("draw", json!({})), json!({"kind": "draw"}));
        let head = EventHead { kind: Some("bank"), seat: Some(1), points: Some(7) };
        assert_eq!(EventHead::of(&e), head);
        let drawn = event("draw", json!({"seat": 2}));
        let drawn = EventHead::of(&drawn);
        assert_eq!((drawn.kind, drawn.seat, drawn.points), (Some("draw"), Some(2), None));
        let none = EventHead { kind: None, seat: None, points: None };
        assert_eq!(EventHead::of(&json!([1, 2])), none);
    }
}
