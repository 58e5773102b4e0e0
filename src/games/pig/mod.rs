//! Pig (RULINGS REF-2): roll a die as often as you dare; a 1 loses the turn total; first to
//! bank 100 wins. OpenSpiel's `pig` with its defaults, so the two can be timed on identical
//! work. Both actions are legal at every decision, except that once stopping would reach the
//! target, stopping is the only legal action.
//!
//! A reference game: the tests compute the exact random-play win probabilities by dynamic
//! programming over (banked scores, turn total).

use crate::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, KindSet, OptionKind, Outcome, ScoreOrder,
    Seat, Turn,
};
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

use serde_json::{Value, json};

use crate::core::trace::{Drawn, EndReason, EventHead, MovePlace, TraceGame, event, points_event};

crate::rule_params! {
    /// Pig's parameters (OpenSpiel's defaults).
    pub struct PigRules {
        /// Banked points that win.
        target: u32 = 100, Reference, "1 to 10000", |v: &u32| (1..=10_000).contains(v);
        /// Faces of the die; a 1 ends the turn with nothing.
        die_faces: u32 = 6, Reference, "2 to 100", |v: &u32| (2..=100).contains(v);
        /// Turns after which the match ends capped (OpenSpiel's horizon is 1000).
        turn_cap: u32 = 1000, Engine, "1 to 1000000", |v: &u32| (1..=1_000_000).contains(v);
    }
}

#[derive(Clone, Debug)]
pub struct Pig {
    rules: PigRules,
}

impl Pig {
    pub fn new(rules: PigRules) -> Self {
        Self { rules }
    }
}

/// The two decisions, in OpenSpiel's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigAction {
    Roll,
    Stop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PigState {
    pub banked: [u32; 2],
    pub turn_total: u32,
    pub to_move: u8,
    /// A roll was asked for and the die has not been rolled yet.
    pub rolling: bool,
    /// Completed turns.
    pub turns: u32,
    /// The last die rolled, for traces.
    pub last_roll: u8,
}

impl GameRules for Pig {
    type State = PigState;
    type Action = PigAction;
    type Rules = PigRules;

    fn with_rules(rules: PigRules) -> Self {
        Self::new(rules)
    }
    fn rules(&self) -> &PigRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "pig"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_state(&self, players: usize) -> PigState {
        assert_eq!(players, 2, "pig is for 2 players");
        PigState {
            banked: [0; 2],
            turn_total: 0,
            to_move: 0,
            rolling: false,
            turns: 0,
            last_roll: 0,
        }
    }
    fn turn(&self, s: &PigState) -> Turn {
        // Two separate reads, not one 8-byte read of `banked`: `apply` has just written one
        // 4-byte half, and a wider read of a fresh narrow write stalls the store buffer (perf
        // showed a fifth of a random match's time on that read).
        let target = self.rules.target;
        if s.banked[0] >= target || s.banked[1] >= target || s.turns >= self.rules.turn_cap {
            Turn::Over
        } else if s.rolling {
            Turn::Chance
        } else {
            Turn::Player(Seat(s.to_move))
        }
    }
    fn legal_actions(&self, s: &PigState, out: &mut Vec<PigAction>) {
        out.clear();
        if s.mover_banked() + s.turn_total < self.rules.target {
            out.push(PigAction::Roll);
        }
        out.push(PigAction::Stop);
    }
    fn legal_pick(
        &self,
        s: &PigState,
        _buf: &mut Vec<PigAction>,
        pick: impl FnOnce(usize) -> usize,
    ) -> PigAction {
        // The list is [Roll, Stop] or [Stop]; `pick` is asked either way (it draws).
        if s.mover_banked() + s.turn_total < self.rules.target {
            if pick(2) == 0 { PigAction::Roll } else { PigAction::Stop }
        } else {
            pick(1);
            PigAction::Stop
        }
    }
    fn apply(&self, s: &mut PigState, a: PigAction) {
        match a {
            PigAction::Roll => {
                debug_assert!(s.banked[s.to_move as usize] + s.turn_total < self.rules.target);
                s.rolling = true;
            }
            PigAction::Stop => {
                // Both seats' totals without indexing by the mover: an indexed array keeps
                // the state in memory instead of registers in the runner's loop.
                let first = (s.to_move == 0) as u32;
                s.banked[0] += s.turn_total * first;
                s.banked[1] += s.turn_total * (1 - first);
                end_turn(s);
            }
        }
    }
    fn sample_chance(&self, s: &mut PigState, chance: &mut impl Chance) {
        let face = chance.die(self.rules.die_faces);
        s.rolling = false;
        s.last_roll = face.min(255) as u8;
        if face == 1 {
            end_turn(s);
        } else {
            s.turn_total += face;
        }
    }
    fn outcome(&self, s: &PigState) -> Outcome {
        let scores = [s.banked[0] as i32, s.banked[1] as i32];
        if s.banked.iter().any(|&b| b >= self.rules.target) {
            Outcome::finished(&scores, ScoreOrder::HigherWins, s.turns, 1)
        } else {
            Outcome::capped(&scores, s.turns, 1)
        }
    }
    fn turn_cap(&self) -> u32 {
        self.rules.turn_cap
    }
    fn standings(&self, s: &PigState, out: &mut [i32]) -> Option<u32> {
        out[0] = s.banked[0] as i32;
        out[1] = s.banked[1] as i32;
        Some(s.turns)
    }
}

impl BotHooks for Pig {
    /// Perfect information: banked points, the turn total and the last roll are public.
    fn observe(&self, s: &PigState, _viewer: Seat, out: &mut impl Hasher) {
        s.hash(out);
    }
    fn heuristic(&self, s: &PigState, seat: Seat) -> f64 {
        let mine = |p: usize| {
            s.banked[p] as f64 + if s.to_move as usize == p { s.turn_total as f64 } else { 0.0 }
        };
        let me = seat.index();
        (mine(me) - mine(1 - me)) / self.rules.target as f64
    }
}

impl GameStats for Pig {
    fn option_kinds(&self, _players: usize) -> Vec<OptionKind> {
        HOLD_BANDS
            .iter()
            .map(|&(low, high)| {
                let (id, words) = match high {
                    _ if low == 0 => {
                        ("hold_0".to_string(), "stop with a turn total of 0".to_string())
                    }
                    u32::MAX => (
                        format!("hold_{low}_plus"),
                        format!("stop with a turn total of {low} or more"),
                    ),
                    _ => (
                        format!("hold_{low}_{high}"),
                        format!("stop with a turn total of {low} to {high}"),
                    ),
                };
                OptionKind::new(id, words)
            })
            .collect()
    }
    /// A random match costs about 12,500 instructions and counting all its options 2.7 times
    /// that (callgrind, 4-player DARDZ and Love Actually and Pride, 3-player LOW BLOW): one
    /// deal in 96 keeps the counting under a tenth of a random match.
    fn option_sample_every(&self) -> u64 {
        96
    }
    fn action_kinds(&self, s: &PigState, a: PigAction) -> KindSet {
        match a {
            PigAction::Roll => KindSet::EMPTY,
            PigAction::Stop => KindSet::one(hold_band(s.turn_total)),
        }
    }
}

impl GameText for Pig {
    fn describe(&self, s: &PigState, a: PigAction) -> String {
        match a {
            PigAction::Roll => format!("roll (turn total {})", s.turn_total),
            PigAction::Stop => format!("stop and bank {}", s.turn_total),
        }
    }
    fn describe_chance(&self, _before: &PigState, s: &PigState) -> String {
        format!("die shows {}", s.last_roll)
    }
    /// The turn being played, counted from 1 as the `turn` event numbers it (`turns` counts
    /// the turns completed).
    fn render(&self, s: &PigState) -> String {
        if self.turn(s) == Turn::Over {
            return format!(
                "banked {}:{} | over after {} turns",
                s.banked[0], s.banked[1], s.turns
            );
        }
        format!(
            "banked {}:{} | seat {} to move, turn total {} | turn {}",
            s.banked[0],
            s.banked[1],
            s.to_move,
            s.turn_total,
            s.turns + 1
        )
    }
}

/// Structured traces (docs/trace-format.md): every die, every bank (the only way a score
/// changes: its points sum to the final scores), every bust.
impl TraceGame for Pig {
    const TITLE: &'static str = "Pig";
    const DRAWING: &'static str = include_str!("draw.js");
    const HOW_TO_PLAY: &'static str = include_str!("how_to_play.md");

    /// Its one score event: stopping adds the turn total to the score.
    fn points_words(&self, e: &Value) -> String {
        match EventHead::of(e).kind.unwrap_or("") {
            "bank" => "banked the turn total".to_string(),
            other => other.replace('_', " "),
        }
    }
    /// Rolling is played on the mover's die, stopping on its turn total.
    fn move_place(&self, s: &PigState, a: PigAction) -> MovePlace {
        let seat = s.to_move;
        match a {
            PigAction::Roll => MovePlace::at("roll", format!("seat{seat}:roll")),
            PigAction::Stop => MovePlace::at("bank", format!("seat{seat}:bank")),
        }
    }
    fn state_json(&self, s: &PigState) -> Value {
        json!({"scores": s.banked, "to_move": s.to_move, "turn_total": s.turn_total,
            "turn": s.turns + 1, "rolling": s.rolling, "last_roll": s.last_roll,
            "target": self.rules.target})
    }
    fn chance_json(&self, _before: &PigState, _draws: &[Drawn], after: &PigState) -> Value {
        json!({"die": after.last_roll})
    }
    fn trace_events(
        &self,
        before: &PigState,
        _action: Option<PigAction>,
        after: &PigState,
        out: &mut Vec<Value>,
    ) {
        let seat = before.to_move as usize;
        if before.rolling {
            let die = after.last_roll;
            if die == 1 {
                out.push(event("bust", json!({"seat": seat, "die": 1, "lost": before.turn_total})));
            } else {
                out.push(event(
                    "roll",
                    json!({"seat": seat, "die": die,
                    "turn_total": after.turn_total}),
                ));
            }
        } else if after.rolling {
            out.push(event("roll_asked", json!({"seat": seat})));
        }
        let banked = after.banked[seat] as i32 - before.banked[seat] as i32;
        if after.turns > before.turns && !before.rolling {
            out.push(points_event("bank", seat, banked, json!({"total": after.banked[seat]})));
        }
        if after.turns > before.turns && self.turn(after) != Turn::Over {
            out.push(event("turn", json!({"seat": after.to_move, "turn": after.turns + 1})));
        }
    }
    fn end_reason(&self, s: &PigState) -> EndReason {
        match (0..2).find(|&p| s.banked[p] >= self.rules.target) {
            Some(p) => EndReason {
                code: "target_reached",
                text: format!("seat {p} banked {} (target {})", s.banked[p], self.rules.target),
            },
            None => EndReason {
                code: "turn_cap",
                text: format!("the turn cap ({}) ended the match", self.rules.turn_cap),
            },
        }
    }
}

impl PigState {
    /// The mover's banked total, chosen rather than indexed (see `apply`).
    fn mover_banked(&self) -> u32 {
        if self.to_move == 0 { self.banked[0] } else { self.banked[1] }
    }
}

/// The option kinds: stopping, by the turn total banked. Rolling is the one other action, so
/// each band's effect is also rolling's, with the sign turned; bands of ten show where
/// stopping starts to pay (Neller and Presser's optimal play holds at about 20 to 25).
const HOLD_BANDS: [(u32, u32); 5] = [(0, 0), (1, 9), (10, 19), (20, 29), (30, u32::MAX)];

/// The index in [`HOLD_BANDS`] of a turn total.
fn hold_band(turn_total: u32) -> usize {
    match turn_total {
        0 => 0,
        1..=9 => 1,
        10..=19 => 2,
        20..=29 => 3,
        _ => 4,
    }
}

fn end_turn(s: &mut PigState) {
    s.turn_total = 0;
    s.to_move = 1 - s.to_move;
    s.turns += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{ScriptedChance, conformance};

    #[test]
    fn conformance_10k() {
        let g = Pig::new(PigRules::default());
        let report = conformance::check(&g, 2, 10_000, 2);
        assert_eq!(report.capped, 0, "random Pig should end well within 1000 turns");
    }

    #[test]
    fn no_metric_goes_undescribed() {
        // Pig keeps no game-specific counters (its lengths and margins are in lengths.csv),
        // so it leaves both `metric_names` and `metric_docs` at their empty defaults.
        let g = Pig::new(PigRules::default());
        for players in g.seats() {
            conformance::check_metric_docs(&g, players);
            assert!(g.metric_docs(players).is_empty());
        }
    }

    #[test]
    fn the_text_state_numbers_turns_as_the_turn_events_do() {
        // The trace once said "turn seat=1 turn=2" and then "turn 1".
        let g = Pig::new(PigRules::default());
        let mut s = g.new_state(2);
        assert!(g.render(&s).ends_with("| turn 1"), "{}", g.render(&s));
        g.apply(&mut s, PigAction::Stop);
        let mut events = Vec::new();
        g.trace_events(&g.new_state(2), Some(PigAction::Stop), &s, &mut events);
        let numbered = events.iter().find(|e| e["kind"] == "turn").expect("a turn event");
        assert_eq!(numbered["turn"], 2);
        assert!(g.render(&s).ends_with("| turn 2"), "{}", g.render(&s));
    }

    #[test]
    fn ref2_one_loses_turn_total_and_passes() {
        let g = Pig::new(PigRules::default());
        let mut s = g.new_state(2);
        s.turn_total = 17;
        g.apply(&mut s, PigAction::Roll);
        assert_eq!(g.turn(&s), Turn::Chance);
        // The next die is a 1: the turn total is lost and the turn passes.
        let mut one = s;
        g.sample_chance(&mut one, &mut ScriptedChance::new().dice([1]));
        assert_eq!((one.turn_total, one.to_move, one.banked[0]), (0, 1, 0));
        // The next die is a 4: it adds to the turn total and the same player goes on.
        let mut four = s;
        g.sample_chance(&mut four, &mut ScriptedChance::new().dice([4]));
        assert_eq!((four.turn_total, four.to_move, four.last_roll), (21, 0, 4));
        // Pig's die has `die_faces` faces: a script cannot roll 7 on the standard six.
        let seven = std::panic::catch_unwind(|| {
            let mut t = s;
            g.sample_chance(&mut t, &mut ScriptedChance::new().dice([7]));
        });
        assert!(seven.is_err());
    }

    #[test]
    fn a_roll_lists_each_face_at_one_in_die_faces() {
        for faces in [6, 4] {
            let g = Pig::new(PigRules { die_faces: faces, ..PigRules::default() });
            let mut s = g.new_state(2);
            g.apply(&mut s, PigAction::Roll);
            let outcomes = g.chance_outcomes(&s).expect("a die's faces fit the limit");
            assert_eq!(outcomes.len(), faces as usize);
            for (face, o) in (1..=faces).zip(&outcomes) {
                assert!((o.probability - 1.0 / faces as f64).abs() < 1e-12);
                let mut scripted = s;
                g.sample_chance(&mut scripted, &mut ScriptedChance::new().dice([face]));
                assert_eq!(o.state, scripted, "face {face} of {faces}");
            }
        }
    }

    /// An exact answer from the listed outcomes alone (no Pig-specific arithmetic): the
    /// chance that a player who rolls twice still holds the turn is ((faces - 1) / faces)^2,
    /// a 1 on either roll ending it (REF-2).
    #[test]
    fn ref2_two_rolls_keep_the_turn_with_the_chance_no_one_shows() {
        for faces in [6u32, 4] {
            let g = Pig::new(PigRules { die_faces: faces, ..PigRules::default() });
            let mut kept = 0.0;
            let mut start = g.new_state(2);
            g.apply(&mut start, PigAction::Roll);
            for first in g.chance_outcomes(&start).unwrap() {
                if first.state.to_move != 0 {
                    continue;
                }
                let mut again = first.state;
                g.apply(&mut again, PigAction::Roll);
                for second in g.chance_outcomes(&again).unwrap() {
                    if second.state.to_move == 0 {
                        kept += first.probability * second.probability;
                    }
                }
            }
            let exact = ((faces - 1) as f64 / faces as f64).powi(2);
            assert!((kept - exact).abs() < 1e-12, "{faces} faces: {kept} against {exact}");
        }
    }

    #[test]
    fn ref2_stopping_is_classed_by_the_turn_total_it_banks() {
        let game = Pig::new(PigRules::default());
        let kinds = game.option_kinds(2);
        crate::core::options::check_kinds(&kinds).unwrap();
        let mut s = game.new_state(2);
        for (total, id) in [
            (0, "hold_0"),
            (9, "hold_1_9"),
            (10, "hold_10_19"),
            (29, "hold_20_29"),
            (30, "hold_30_plus"),
            (99, "hold_30_plus"),
        ] {
            s.turn_total = total;
            let k: Vec<usize> = game.action_kinds(&s, PigAction::Stop).iter().collect();
            assert_eq!(k.len(), 1);
            assert_eq!(kinds[k[0]].id, id, "turn total {total}");
            assert!(game.action_kinds(&s, PigAction::Roll).is_empty(), "rolling is the complement");
        }
    }

    #[test]
    fn ref2_stop_banks_and_only_stop_at_target() {
        let g = Pig::new(PigRules::default());
        let mut s = g.new_state(2);
        s.banked[0] = 90;
        s.turn_total = 6;
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        assert_eq!(legal, vec![PigAction::Roll, PigAction::Stop]);
        s.turn_total = 10;
        g.legal_actions(&s, &mut legal);
        assert_eq!(legal, vec![PigAction::Stop]);
        g.apply(&mut s, PigAction::Stop);
        assert_eq!(g.turn(&s), Turn::Over);
        assert_eq!(g.outcome(&s).ranks(), &[0, 1]);
    }

    #[test]
    fn configs_file_holds_exactly_the_defaults() {
        let mut rules = PigRules { target: 1, die_faces: 2, turn_cap: 1 };
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/pig.toml");
        crate::core::rules::apply_file(&mut rules, "pig", &path).unwrap();
        assert_eq!(rules, PigRules::default());
    }

    #[test]
    fn g2_turn_cap_ends_capped() {
        let g = Pig::new(PigRules { turn_cap: 4, ..PigRules::default() });
        let mut s = g.new_state(2);
        for _ in 0..4 {
            g.apply(&mut s, PigAction::Stop);
        }
        assert_eq!(g.turn(&s), Turn::Over);
        assert!(g.outcome(&s).is_capped());
    }
}
