//! DARDZ's structured traces (docs/trace-format.md): hands, points piles, draw pile and
//! scores as data; every roll, pick, card moved to a pile, action card played (chosen or
//! automatic, DZ-4, DZ-13), Clock pass, draw, Roll-Off, and every score change with its seat
//! and points: 3-of-a-kind, clean-up, Jackpot, Boost 'em and Bunk 'em (after the floor at 0),
//! and at a round's end the round bonus, each points pile and Lucky Loser (DZ-15).
//!
//! Events are read from the states before and after a step (`Event` says what the engine
//! did automatically; the piles and scores say the rest). If a score ever changed in a way
//! these rules do not explain, a `score_unexplained` event carries the difference, so the
//! points of a seat's events always sum to its score and a test can insist there are none.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::core::trace::{
    Drawn, EndReason, EventHead, MovePlace, TraceGame, add_fields, event, points_event,
};

use super::*;

fn cards_json(cards: &[Card]) -> Vec<&'static str> {
    cards.iter().map(|c| c.label()).collect()
}

fn pile_cards(pile: &[u8; NUM_KINDS]) -> Vec<&'static str> {
    let mut cards = Vec::new();
    for (k, &n) in pile.iter().enumerate() {
        cards.extend(std::iter::repeat_n(Card(k as u8).label(), n as usize));
    }
    cards
}

fn seats_json(mask: u8) -> Vec<usize> {
    DardzState::seats_in(mask).collect()
}

fn phase_name(p: Phase) -> String {
    match p {
        Phase::ActionDice(card) => format!("action_dice:{}", card.label()),
        other => format!("{other:?}").to_lowercase(),
    }
}

fn action_labels(mask: u8) -> Vec<&'static str> {
    ActionCard::ALL.iter().filter(|a| mask & a.bit() != 0).map(|a| a.label()).collect()
}

fn is_triple(s: &DardzState) -> bool {
    s.ndice == 3 && s.dice[0] == s.dice[1] && s.dice[1] == s.dice[2]
}

/// How a side's pile step of `gained` points is credited to its partners, whose piles are
/// worth `values` (DZ-16): each its own pile's value, unless the floor at 0 cut the sum; then
/// the cut is taken from the negative piles, lowest seat first, as far as each reaches (the
/// cut is at most what the negative piles subtract, since the floor only lifts a sum below
/// the score to 0). The credits sum to `gained`.
fn pile_credits(values: &[i32], gained: i32) -> Vec<i32> {
    let mut credits = values.to_vec();
    let mut cut = gained - values.iter().sum::<i32>();
    for credit in credits.iter_mut().filter(|c| **c < 0) {
        let take = cut.min(-*credit);
        *credit += take;
        cut -= take;
    }
    debug_assert_eq!(cut, 0, "the floor lifts at most what the negative piles subtract");
    credits
}

impl Dardz {
    /// Cards that entered each points pile during the step (none across a deal).
    fn pile_events(before: &DardzState, after: &DardzState, out: &mut Vec<Value>) {
        for seat in 0..before.players() {
            let added: [u8; NUM_KINDS] =
                std::array::from_fn(|k| after.piles[seat][k].saturating_sub(before.piles[seat][k]));
            if added.iter().any(|&n| n > 0) {
                out.push(event(
                    "to_pile",
                    json!({"seat": seat, "cards": pile_cards(&added),
                    "pile_cards": after.pile_len[seat]}),
                ));
            }
        }
    }

    /// What the engine did on its own during the step, as recorded in `after.event`.
    fn automatic_events(after: &DardzState, out: &mut Vec<Value>) {
        let e = &after.event;
        if e.auto_played != 0 {
            out.push(event(
                "auto_play",
                json!({"seat": e.auto_seat, "cards": action_labels(e.auto_played)}),
            ));
        }
        if e.passed {
            out.push(event("hands_passed", json!({"direction": "left"})));
        }
        if e.auto_played_after_pass != 0 {
            out.push(event(
                "auto_play",
                json!({"seat": e.auto_seat, "cards": action_labels(e.auto_played_after_pass),
                    "after_pass": true}),
            ));
        }
        if e.ndrawn > 0 {
            let shown = (e.ndrawn as usize).min(e.drawn.len());
            for seat in 0..after.players() {
                let cards: Vec<&str> = e.drawn[..shown]
                    .iter()
                    .filter(|&&x| (x >> 5) as usize == seat)
                    .map(|&x| Card(x & 31).label())
                    .collect();
                if !cards.is_empty() {
                    out.push(event("draw", json!({"seat": seat, "cards": cards})));
                }
            }
            if shown < e.ndrawn as usize {
                out.push(event("draw_more", json!({"cards": e.ndrawn as usize - shown})));
            }
        }
    }

    /// DZ-15: the round bonus, each side's points piles (a score never below 0) and Lucky
    /// Loser. The steps are replayed on the sides' scores so that each event carries the
    /// change after the floor; in Team DARDZ a team's piles are applied as one sum (DZ-16)
    /// and each partner's pile is credited to that partner ([`pile_credits`]).
    fn settle_events(&self, before: &DardzState, after: &DardzState, out: &mut Vec<Value>) {
        let e = &after.event;
        let winner = (e.hit != 0).then(|| e.hit.trailing_zeros() as usize);
        let mut scores = before.scores;
        match winner {
            Some(w) => {
                let gained = (scores[w] + self.rules.round_bonus).max(0) - scores[w];
                scores[w] += gained;
                out.push(points_event(
                    "round_won",
                    w,
                    gained,
                    json!({"round": before.round, "rolloff": before.win_mask.count_ones() > 1}),
                ))
            }
            None => out.push(event("round_no_winner", json!({"round": before.round}))),
        }
        for rep in DardzState::seats_in(self.side_reps(before)) {
            let members: Vec<usize> = DardzState::seats_in(self.side_mask(before, rep)).collect();
            let values: Vec<i32> =
                members.iter().map(|&m| before.pile_points(m, &self.values)).collect();
            let start = scores[rep];
            let gained = (start + values.iter().sum::<i32>()).max(0) - start;
            scores[rep] += gained;
            for ((&seat, &value), points) in
                members.iter().zip(&values).zip(pile_credits(&values, gained))
            {
                out.push(points_event(
                    "pile_scored",
                    seat,
                    points,
                    json!({"round": before.round,
                    "cards": before.pile_len[seat], "value": value}),
                ));
            }
        }
        for seat in 0..before.players() {
            let l = e.lucky[seat];
            if l != 0 {
                let (a, b) = (l / 8, l % 8);
                out.push(points_event(
                    "lucky_loser",
                    seat,
                    (a * b) as i32,
                    json!({"dice": [a, b]}),
                ));
            }
        }
        if after.phase == Phase::Over {
            let tiebreak = (after.tiebreak != NO_SEAT).then_some(after.tiebreak);
            out.push(event(
                "game_over",
                json!({"round": before.round, "tiebreak_winner": tiebreak}),
            ));
        }
    }

    /// Score changes of a roll or a decision: 3-of-a-kind on the third roll, or a clean-up.
    fn roll_score_events(before: &DardzState, after: &DardzState, out: &mut Vec<Value>) {
        let roller = before.roller as usize;
        let gained = after.scores[roller] - before.scores[roller];
        if gained == 0 {
            return;
        }
        let triple =
            before.phase == Phase::Roll && before.stage == Stage::Roll3 && is_triple(after);
        let kind = if triple { "three_of_a_kind" } else { "clean_up" };
        out.push(points_event(kind, roller, gained, json!({})));
    }

    fn action_dice_events(
        &self,
        card: ActionCard,
        before: &DardzState,
        after: &DardzState,
        out: &mut Vec<Value>,
    ) {
        let e = &after.event;
        let roller = before.roller as usize;
        let [a, b] = e.dice;
        match card {
            ActionCard::Jackpot => {
                out.push(event(
                    "jackpot",
                    json!({"seat": roller, "named": before.guess, "die": a,
                    "hit": a == before.guess}),
                ));
                let gained = after.scores[roller] - before.scores[roller];
                if gained != 0 {
                    out.push(points_event("jackpot_points", roller, gained, json!({})));
                }
            }
            ActionCard::RollOff => out.push(event(
                "roll_off",
                json!({"seat": roller,
                "left": before.left(roller), "dice": [a, b], "winner": e.hit.trailing_zeros()}),
            )),
            _ => {
                let name = if card == ActionCard::BoostEm { "boost_em" } else { "bunk_em" };
                out.push(event(
                    name,
                    json!({"seat": roller, "dice": [a, b], "sum": a + b,
                    "hit": seats_json(e.hit)}),
                ));
                // A team's change once, on its lower seat (both partners are in `hit`).
                for seat in DardzState::seats_in(e.hit & self.side_reps(before)) {
                    let changed = after.scores[seat] - before.scores[seat];
                    out.push(points_event(&format!("{name}_points"), seat, changed, json!({})));
                }
            }
        }
    }
}

impl TraceGame for Dardz {
    const TITLE: &'static str = "DARDZ";
    const DRAWING: &'static str = include_str!("draw.js");
    const HOW_TO_PLAY: &'static str = include_str!("how_to_play.md");

    fn state_json(&self, s: &DardzState) -> Value {
        let n = s.players();
        let hands: Vec<Vec<&str>> = (0..n).map(|p| cards_json(s.hands[p].cards())).collect();
        let piles: Vec<Value> = (0..n)
            .map(|p| {
                json!({"cards": pile_cards(&s.piles[p]), "count": s.pile_len[p],
                "value": s.pile_points(p, &self.values)})
            })
            .collect();
        let deck: serde_json::Map<String, Value> = (0..NUM_KINDS)
            .filter(|&k| s.deck[k] > 0)
            .map(|k| (Card(k as u8).label().to_string(), json!(s.deck[k])))
            .collect();
        let mut state = json!({"round": s.round, "turn": s.turns, "phase": phase_name(s.phase),
            "stage": format!("{:?}", s.stage).to_lowercase(), "roller": s.roller,
            "dice": &s.dice[..s.ndice as usize], "guess": s.guess, "draw_pile": s.deck_len,
            "deck": deck, "hands": hands, "piles": piles, "scores": &s.scores[..n],
            "round_over": s.round_over});
        if self.rules.teams {
            // Team DARDZ: the partners of each team, which share one score (DZ-6, DZ-16).
            let teams: Vec<[usize; 2]> =
                DardzState::seats_in(self.side_reps(s)).map(|i| [i, self.partner(s, i)]).collect();
            /// Team DARDZ's one further state field.
            #[derive(serde::Serialize)]
            struct Teams {
                teams: Vec<[usize; 2]>,
            }
            add_fields(&mut state, Teams { teams });
        }
        self.page_json(s, &mut state);
        state
    }

    /// The rulebook's names of what scores (DZ-15's round bonus, points pile and Lucky
    /// Loser, the Bonus Roll's 3-of-a-kind and clean-up, the Action Dice cards).
    fn points_words(&self, e: &Value) -> String {
        /// The round a points event names, as the events write it.
        #[derive(serde::Deserialize, Default)]
        #[serde(default)]
        struct Said {
            round: u64,
        }
        let round = Said::deserialize(e).unwrap_or_default().round;
        match EventHead::of(e).kind.unwrap_or("") {
            "round_won" => format!("won round {round}"),
            "pile_scored" => format!("the points pile of round {round}"),
            "lucky_loser" => "the Lucky Loser roll".to_string(),
            "three_of_a_kind" => "a 3-of-a-kind".to_string(),
            "clean_up" => "cleaned 'em up".to_string(),
            "jackpot_points" => "the Jackpot".to_string(),
            "boost_em_points" => "Boost 'em".to_string(),
            "bunk_em_points" => "Bunk 'em".to_string(),
            other => other.replace('_', " "),
        }
    }

    fn move_place(&self, s: &DardzState, a: DardzAction) -> MovePlace {
        self.place(s, a)
    }

    fn chance_json(&self, before: &DardzState, draws: &[Drawn], after: &DardzState) -> Value {
        let cards: Vec<&str> = draws
            .iter()
            .filter_map(|d| match d {
                Drawn::Card { kind } => Some(Card(*kind as u8).label()),
                _ => None,
            })
            .collect();
        let dice: Vec<u32> = draws
            .iter()
            .filter_map(|d| match d {
                Drawn::Die { value, .. } => Some(*value),
                _ => None,
            })
            .collect();
        let what = match before.phase {
            Phase::Deal => "deal",
            Phase::Draw => "draw",
            Phase::Roll => "roll",
            Phase::ActionDice(_) => "action_dice",
            Phase::RoundEnd => "round_end",
            _ => "chance",
        };
        // Dice beyond the ones the state keeps are roll-offs (first player, round win, final
        // tie, a tied Roll-Off card rerolled): they are in `dice`, in the order rolled.
        json!({"what": what, "cards": cards, "dice": dice, "first": after.roller})
    }

    fn trace_events(
        &self,
        before: &DardzState,
        action: Option<DardzAction>,
        after: &DardzState,
        out: &mut Vec<Value>,
    ) {
        let from = out.len();
        let roller = before.roller as usize;
        match action {
            Some(DardzAction::Pick(n)) => out.push(event(
                "pick",
                json!({"seat": roller,
                "stage": before.stage.name(), "number": n}),
            )),
            Some(DardzAction::Pass) => out.push(event(
                "pick_nothing",
                json!({"seat": roller,
                "stage": before.stage.name()}),
            )),
            Some(DardzAction::Play(card)) => {
                out.push(event("play", json!({"seat": roller, "card": card.label()})))
            }
            Some(DardzAction::Guess(n)) => {
                out.push(event("guess", json!({"seat": roller, "number": n})))
            }
            None => match before.phase {
                Phase::Deal => {
                    let hands: Vec<Vec<&str>> =
                        (0..after.players()).map(|p| cards_json(after.hands[p].cards())).collect();
                    out.push(event(
                        "deal",
                        json!({"round": after.round, "first": after.roller,
                        "rolloff": after.event.rolloff, "hands": hands}),
                    ));
                }
                Phase::Roll => {
                    out.push(event(
                        "roll",
                        json!({"seat": roller, "stage": before.stage.name(),
                        "dice": &after.dice[..after.ndice as usize]}),
                    ));
                    if after.event.auto_pick != 0 {
                        out.push(event(
                            "auto_pick",
                            json!({"number": after.event.auto_pick,
                            "seats": seats_json(after.event.scored)}),
                        ));
                    }
                }
                Phase::ActionDice(card) => self.action_dice_events(card, before, after, out),
                Phase::RoundEnd => self.settle_events(before, after, out),
                _ => {}
            },
        }
        if before.phase != Phase::Deal {
            Self::pile_events(before, after, out);
        }
        if matches!(before.phase, Phase::Roll | Phase::Pick) {
            Self::roll_score_events(before, after, out);
        }
        Self::automatic_events(after, out);
        if after.round_over && !before.round_over {
            out.push(event(
                "round_over",
                json!({"round": after.round,
                "reached": seats_json(after.win_mask), "draw_pile": after.deck_len}),
            ));
        }
        if after.turns > before.turns {
            out.push(event("turn", json!({"seat": after.roller, "turn": after.turns})));
        }
        if after.capped && !before.capped {
            out.push(event("capped", json!({"turn": after.turns})));
        }
        // Every score change must be explained above; anything left is reported as such.
        // A side's change once: in Team DARDZ both partners hold the team's score, and each
        // change is credited to one of them (DZ-16), so the partners' events explain it
        // together.
        for rep in DardzState::seats_in(self.side_reps(before)) {
            let side = self.side_mask(before, rep);
            let explained: i64 = out[from..]
                .iter()
                .map(EventHead::of)
                .filter(|e| e.seat.is_some_and(|seat| side >> seat & 1 == 1))
                .filter_map(|e| e.points)
                .sum();
            let change = (after.scores[rep] - before.scores[rep]) as i64;
            if change != explained {
                out.push(points_event(
                    "score_unexplained",
                    rep,
                    (change - explained) as i32,
                    json!({}),
                ));
            }
        }
    }

    fn end_reason(&self, s: &DardzState) -> EndReason {
        if s.capped {
            return EndReason {
                code: "turn_cap",
                text: format!("the turn cap ({} turns) ended the match", self.rules.turn_cap),
            };
        }
        let n = s.players();
        let best = *s.scores[..n].iter().max().expect("players");
        let top: Vec<usize> = (0..n).filter(|&p| s.scores[p] == best).collect();
        let tie = match (top.len(), s.tiebreak) {
            (1, _) => String::new(),
            (_, NO_SEAT) => ", a shared win".to_string(),
            (_, w) => format!(", seat {w} won the tie roll-off"),
        };
        EndReason {
            code: "target_reached",
            text: format!(
                "round {} ended with {} at {best} (target {}){tie}",
                s.round,
                Self::seats_text(top.iter().fold(0u8, |m, &p| m | 1 << p)),
                self.rules.target_score
            ),
        }
    }
}
