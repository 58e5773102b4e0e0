//! The bots with more than two players: Race, Pig for 2 to 4 players defined here, checks
//! that each seat's reward is its own (greedy and MCTS beat random in a 3- and a 4-player
//! race).

use crate::bots::{NoRules, play, share};
use arena::core::trace::{TraceGame, points_event};
use arena::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, Outcome, ScoreOrder, Seat, Turn,
};

use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

/// Pig for 2 to 4 players to 30 points: roll as often as you dare, a 1 loses the turn total.
#[derive(Clone, Debug)]
struct Race {
    rules: NoRules,
}

const RACE_TARGET: u32 = 30;

#[derive(Clone, Debug, PartialEq)]
struct RaceState {
    players: u8,
    banked: [u32; 4],
    turn_total: u32,
    to_move: u8,
    rolling: bool,
    turns: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum RaceAction {
    Roll,
    Stop,
}

impl GameRules for Race {
    type State = RaceState;
    type Action = RaceAction;
    type Rules = NoRules;
    fn with_rules(rules: NoRules) -> Self {
        Self { rules }
    }
    fn rules(&self) -> &NoRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "race"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=4
    }
    fn new_state(&self, players: usize) -> RaceState {
        RaceState {
            players: players as u8,
            banked: [0; 4],
            turn_total: 0,
            to_move: 0,
            rolling: false,
            turns: 0,
        }
    }
    fn turn(&self, s: &RaceState) -> Turn {
        if s.banked.iter().any(|&b| b >= RACE_TARGET) || s.turns >= 400 {
            Turn::Over
        } else if s.rolling {
            Turn::Chance
        } else {
            Turn::Player(Seat(s.to_move))
        }
    }
    fn legal_actions(&self, s: &RaceState, out: &mut Vec<RaceAction>) {
        out.clear();
        if s.banked[s.to_move as usize] + s.turn_total < RACE_TARGET {
            out.push(RaceAction::Roll);
        }
        out.push(RaceAction::Stop);
    }
    fn apply(&self, s: &mut RaceState, a: RaceAction) {
        match a {
            RaceAction::Roll => s.rolling = true,
            RaceAction::Stop => {
                s.banked[s.to_move as usize] += s.turn_total;
                race_next(s);
            }
        }
    }
    fn sample_chance(&self, s: &mut RaceState, chance: &mut impl Chance) {
        s.rolling = false;
        match chance.die(6) {
            1 => race_next(s),
            face => s.turn_total += face,
        }
    }
    fn outcome(&self, s: &RaceState) -> Outcome {
        let scores: Vec<i32> = s.banked[..s.players as usize].iter().map(|&b| b as i32).collect();
        if s.banked.iter().any(|&b| b >= RACE_TARGET) {
            Outcome::finished(&scores, ScoreOrder::HigherWins, s.turns, 1)
        } else {
            Outcome::capped(&scores, s.turns, 1)
        }
    }
    fn turn_cap(&self) -> u32 {
        400
    }
}

impl BotHooks for Race {
    fn heuristic(&self, s: &RaceState, seat: Seat) -> f64 {
        let points = |p: usize| {
            s.banked[p] as f64 + if p == s.to_move as usize { s.turn_total as f64 } else { 0.0 }
        };
        let best_other =
            (0..s.players as usize).filter(|&p| p != seat.index()).map(points).fold(0.0, f64::max);
        (points(seat.index()) - best_other) / RACE_TARGET as f64
    }
    /// Perfect information.
    fn observe(&self, s: &RaceState, _viewer: Seat, out: &mut impl Hasher) {
        (s.players, s.banked, s.turn_total, s.to_move, s.rolling, s.turns).hash(out);
    }
}

impl GameStats for Race {}

impl GameText for Race {
    fn describe(&self, _s: &RaceState, a: RaceAction) -> String {
        format!("{a:?}")
    }
    fn render(&self, s: &RaceState) -> String {
        format!("{s:?}")
    }
}

/// Each bank is the seat's score change (the conformance check sums the trace's points).
impl TraceGame for Race {
    fn trace_events(
        &self,
        before: &RaceState,
        action: Option<RaceAction>,
        _after: &RaceState,
        out: &mut Vec<serde_json::Value>,
    ) {
        if action == Some(RaceAction::Stop) {
            let seat = before.to_move as usize;
            out.push(points_event("bank", seat, before.turn_total as i32, serde_json::json!({})));
        }
    }
}

fn race_next(s: &mut RaceState) {
    s.turn_total = 0;
    s.to_move = (s.to_move + 1) % s.players;
    s.turns += 1;
}

#[test]
fn n_players_mcts_and_greedy_beat_random_in_a_3_and_4_player_race() {
    let race = Race { rules: NoRules {} };
    arena::core::conformance::check(&race, 3, 2000, 1);
    for (players, bots) in [
        (3, "mcts-100,random,random"),
        (3, "mcts-100:reward=score,random,random"),
        (3, "mcts-100:depth=none,random,random"),
        (4, "greedy,random,random,random"),
        (4, "mcts-100,random,random,random"),
    ] {
        let t = play(&race, players, bots, 300, 91);
        // Random would take 1/players; a seat-mixed search would do worse than random.
        let (_, lo, _) = share(&t, 0, &format!("race {players}p {bots}"));
        assert!(lo > 0.6, "{bots}: {lo}");
    }
}
