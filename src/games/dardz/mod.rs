//! DARDZ (rulebook `004_0649fb09460fb6ea.txt`, RULINGS DZ-1 to DZ-15): dice + cards for 2 to
//! 8 players, or Team DARDZ (DZ-6, `teams`: 4 or 6 players in teams of 2, see [`sides`]). Each turn the roller rolls 1, 2 and 3 dice; every player holding the picked
//! number moves those cards from their face-up hand to their points pile; a third-roll pick
//! from the roller's own hand earns Bonus Rolls that can "clean 'em up". Rounds end when a
//! points pile reaches 10 cards; games end after the round in which someone reaches 150.
//!
//! Designers use this game to tune card point values, so every value is a rule parameter
//! ([`rules`]) and the metrics report, per card kind, how often it was scored, the points it
//! brought and how long it waited in a hand.
//!
//! How the rules become steps:
//! - Decisions, always the roller's: which number to pick on the second, third and Bonus
//!   rolls ([`DardzAction::Pick`] / [`DardzAction::Pass`]), which action card to play next
//!   when several kinds wait ([`DardzAction::Play`]), the Jackpot number
//!   ([`DardzAction::Guess`]). A decision with a single legal option is always applied
//!   without asking: a lone kind of action card is played, a Bonus Roll with one number in
//!   hand takes it, a roll whose numbers nobody holds passes.
//! - Chance: the deal, every roll (the stage's dice and the action cards' dice), the draws
//!   back to the hand size, and settling a round (round-win roll-off, Lucky Loser rolls).
//! - Everything else is automatic inside `apply` / `sample_chance`: every holder of a picked
//!   number scores it, 3-of-a-kind's +20, clean-ups, hands passing on a Clock, the round
//!   ending the moment a pile reaches 10 cards.
//!
//! Picks only offer numbers someone holds: taking a number nobody holds does exactly what
//! taking nothing does, so it would only repeat [`DardzAction::Pass`].
//!
//! Readings where the rulebook and RULINGS are silent (parameters where a designer might
//! want the other reading):
//! - Playing an action card draws a replacement, except on the Bonus Roll
//!   (`action_card_redraw`); the Clock draws whatever that parameter says (DZ-3), but not
//!   on the Bonus Roll either.
//! - After a Clock on the Bonus Roll the roller's hand passes left a card short (2 cards,
//!   no replacement), and only the roller draws back at the turn's end ("Make sure you have
//!   3 cards in your hand after your turn is finished"), so the next player can start a
//!   turn with 2 cards (about 0.7% of turns in random 4-player play).
//! - Picking nothing is always allowed on the second and third rolls (`pass_rule`).
//! - A tie for the highest final score is a shared win (`final_tie`, DZ-9).
//! - Cards drawn in the refill at the end of a turn are drawn after the turn: an action card
//!   among them waits for its holder's next turn.
//! - Draws go from the roller to the left ("no order to who draws first"; it only matters
//!   when the draw pile runs out).
//! - Clean 'em up means emptying the hand on the Bonus Roll, even if it started with fewer
//!   than 3 cards (an action card played before it, or an empty draw pile); a Bonus Roll
//!   that starts with an empty hand ends the turn.
//! - DZ-10's "no one can reach 10 cards" is checked whenever the draw pile is empty, with
//!   RULINGS' tight bound (`reach_bound`, see `Dardz::pile_target_reachable`): a Clock in a
//!   hand counts only the hands it can still pass, not every card.
//! - A turn cap reached at a round's end ends the match there, capped (G-2), instead of
//!   dealing a round nobody plays.

mod checks;
mod engine;
mod metric_docs;
mod option_kinds;
mod options;
mod page;
pub mod rules;
pub mod sides;
pub mod state;
#[cfg(test)]
mod tests;
mod text;
mod trace;
mod value_model;

use crate::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, KindSet, MAX_SEATS, OptionKind, Outcome, Rng,
    ScoreOrder, Seat, Turn,
};
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

use crate::core::rules::Rules;

pub use rules::{
    ActionCard, Card, DardzRules, FinalTie, KIND_KEYS, MAX_HAND, NUM_KINDS, NextStarter, PassRule,
    ReachBound, RollOffTie, RoundOneBoostBunk,
};
pub use state::{DardzState, Event, EventKind, Hand, NO_SEAT, Phase, Stage, Stats, WAY_KEYS, Way};

use options::nth_bit;

/// One decision of the roller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DardzAction {
    /// Take this number (1-12) from the dice: one die or the sum of two.
    Pick(u8),
    /// Take nothing (second and third roll only).
    Pass,
    /// Play this action card next, when several kinds wait (DZ-4).
    Play(ActionCard),
    /// Name this number (1-6) for the Jackpot.
    Guess(u8),
}

/// The game under one set of rules, with the per-kind tables precomputed. Boxed, so that
/// the registry's `AnyGame` stays small whatever the number of DARDZ parameters.
#[derive(Clone, Debug)]
pub struct Dardz(Box<Tables>);

#[derive(Clone, Debug)]
pub struct Tables {
    rules: DardzRules,
    values: [i32; NUM_KINDS],
    copies: [u8; NUM_KINDS],
    /// The draw pile's [`state::deck_ends`] at each deal.
    copy_ends: [u16; state::END_LANES],
    /// `copies` in byte lanes, for the invariant check.
    copy_lanes: [u64; 3],
    total: u16,
    /// The option kinds' indices under these rules (see [`option_kinds`]).
    kinds: option_kinds::KindIndex,
}

impl std::ops::Deref for Dardz {
    type Target = Tables;
    fn deref(&self) -> &Tables {
        &self.0
    }
}

/// Per-kind counts as byte lanes of three u64s: kinds 0-7, 8-15 and 16-18.
fn kind_lanes(counts: &[u8; NUM_KINDS]) -> [u64; 3] {
    const _: () = assert!(NUM_KINDS == 19, "the lanes hold 8 + 8 + 3 kinds");
    [
        u64::from_le_bytes(counts[0..8].try_into().expect("8 kinds")),
        u64::from_le_bytes(counts[8..16].try_into().expect("8 kinds")),
        counts[16] as u64 | (counts[17] as u64) << 8 | (counts[18] as u64) << 16,
    ]
}

/// One card of `card`'s kind, in its lane.
fn lane_one(card: Card) -> u64 {
    1 << ((card.index() & 7) * 8)
}

/// Kind `k`'s count in lanes.
fn lane_count(lanes: &[u64; 3], k: usize) -> u8 {
    (lanes[k >> 3] >> ((k & 7) * 8)) as u8
}

/// The sum of a u64's bytes (while it is below 256): multiplying by 0x0101...01 adds every
/// byte into the top one.
fn lane_sum(x: u64) -> u8 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

/// Bit `n` of a number mask.
const fn bit(n: u8) -> u16 {
    1 << n
}

impl Dardz {
    /// The game under `rules`; panics if they are inconsistent ([`Rules::validate`]).
    pub fn new(rules: DardzRules) -> Self {
        if let Err(e) = rules.validate() {
            panic!("DARDZ rules are inconsistent: {e}");
        }
        let copies = rules.copies();
        Self(Box::new(Tables {
            values: rules.values(),
            copy_lanes: kind_lanes(&copies),
            copy_ends: state::deck_ends(&copies),
            total: copies.iter().map(|&c| c as u16).sum(),
            kinds: option_kinds::KindIndex::new(&copies),
            copies,
            rules,
        }))
    }

    /// Points of each card kind, in kind order.
    pub fn values(&self) -> &[i32; NUM_KINDS] {
        &self.values
    }
}

impl GameRules for Dardz {
    type State = DardzState;
    type Action = DardzAction;
    type Rules = DardzRules;

    fn with_rules(rules: DardzRules) -> Self {
        Self::new(rules)
    }
    fn rules(&self) -> &DardzRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "dardz"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=8
    }
    fn default_players(&self) -> usize {
        4
    }

    /// 2 to 8 players; Team DARDZ (DZ-6) only at 4 or 6 (teams of 2).
    fn check_players(&self, players: usize) -> Result<(), String> {
        if !self.seats().contains(&players) {
            return Err(format!("dardz is for 2 to 8 players, not {players}"));
        }
        if self.rules.teams && players != 4 && players != 6 {
            return Err(format!(
                "teams = true (Team DARDZ, teams of 2) needs 4 or 6 players, not {players}"
            ));
        }
        Ok(())
    }

    fn new_state(&self, players: usize) -> DardzState {
        if let Err(e) = self.check_players(players) {
            panic!("{e}");
        }
        DardzState {
            players: players as u8,
            phase: Phase::Deal,
            stage: Stage::Done,
            roller: 0,
            starter: 0,
            round: 0,
            turns: 0,
            deck: self.copies,
            deck_len: self.total,
            deck_ends: self.copy_ends,
            hands: [Hand::default(); MAX_SEATS],
            piles: [[0; NUM_KINDS]; MAX_SEATS],
            pile_len: [0; MAX_SEATS],
            scores: [0; MAX_SEATS],
            dice: [0; 3],
            ndice: 0,
            guess: 0,
            options: 0,
            draw_mask: 0,
            clock_pending: false,
            round_over: false,
            win_mask: 0,
            round1_bonus_scored: false,
            capped: false,
            tiebreak: NO_SEAT,
            event: Event::default(),
            stats: Stats::default(),
        }
    }

    fn turn(&self, s: &DardzState) -> Turn {
        match s.phase {
            Phase::ChooseAction | Phase::Guess | Phase::Pick => Turn::Player(Seat(s.roller)),
            Phase::Over => Turn::Over,
            Phase::Deal | Phase::ActionDice(_) | Phase::Draw | Phase::Roll | Phase::RoundEnd => {
                Turn::Chance
            }
        }
    }

    fn legal_actions(&self, s: &DardzState, out: &mut Vec<DardzAction>) {
        out.clear();
        match s.phase {
            Phase::Pick => {
                // Kept by the roll that asked: the numbers, and bit 0 for passing.
                for n in 1..=12u8 {
                    if s.options & bit(n) != 0 {
                        out.push(DardzAction::Pick(n));
                    }
                }
                // "You're allowed to pick nothing on your 2nd and 3rd rolls" (`pass_rule`);
                // the Bonus Roll says "Choose either single die or the sum".
                if s.options & 1 != 0 {
                    out.push(DardzAction::Pass);
                }
            }
            Phase::ChooseAction => {
                let waiting = s.hands[s.roller as usize].actions();
                out.extend(
                    ActionCard::ALL
                        .iter()
                        .filter(|a| waiting & a.bit() != 0)
                        .map(|&a| DardzAction::Play(a)),
                );
            }
            Phase::Guess => out.extend((1..=6).map(DardzAction::Guess)),
            _ => {}
        }
    }

    /// A random bot's pick without building the list: the same `pick(len)` and the same
    /// action as `legal_actions` would give (numbers ascending, then Pass; action cards in
    /// [`ActionCard::ALL`] order; guesses 1 to 6). The conformance check compares the two.
    fn legal_pick(
        &self,
        s: &DardzState,
        _buf: &mut Vec<DardzAction>,
        pick: impl FnOnce(usize) -> usize,
    ) -> DardzAction {
        match s.phase {
            Phase::Pick => {
                // Kept by the roll that asked: the numbers, and bit 0 for passing (last).
                let options = s.options & !1;
                let numbers = options.count_ones() as usize;
                let i = pick(numbers + (s.options & 1) as usize);
                // Which of the two is a random bot's coin flip: chosen without a branch (the
                // number is worked out either way, and is never read for a pass).
                let number = DardzAction::Pick(nth_bit(options, i));
                std::hint::select_unpredictable(i < numbers, number, DardzAction::Pass)
            }
            Phase::ChooseAction => {
                let waiting = s.hands[s.roller as usize].actions() as u16;
                let i = pick(waiting.count_ones() as usize);
                DardzAction::Play(ActionCard::ALL[nth_bit(waiting, i) as usize])
            }
            Phase::Guess => DardzAction::Guess(pick(6) as u8 + 1),
            other => panic!("no decision at {other:?}"),
        }
    }

    fn apply(&self, s: &mut DardzState, a: DardzAction) {
        debug_assert!(
            self.is_legal(s, a),
            "illegal DARDZ action {a:?} in {:?}/{:?}",
            s.phase,
            s.stage
        );
        s.event = Event { seat: s.roller, ..Event::default() };
        // The kept options belong to the pick being decided: gone once it is (a later roll
        // that asks again keeps its own), so that equal states never differ by history.
        s.options = 0;
        match (s.phase, a) {
            (Phase::Pick, DardzAction::Pick(n)) => match s.stage {
                Stage::Roll2 => {
                    self.score_number(s, n, false);
                    s.stage = Stage::Roll3;
                }
                Stage::Roll3 => {
                    // A number from the roller's own hand earns the Bonus Roll; otherwise the
                    // holders score and the turn is over.
                    let own = s.hands[s.roller as usize].numbers() & bit(n) != 0;
                    self.score_number(s, n, false);
                    s.stage = if own { Stage::Bonus } else { Stage::EndTurn };
                }
                Stage::Bonus => {
                    self.bonus_pick(s, n);
                }
                other => panic!("no pick at {other:?}"),
            },
            (Phase::Pick, DardzAction::Pass) => {
                s.stage = match s.stage {
                    Stage::Roll2 => Stage::Roll3,
                    _ => Stage::EndTurn,
                };
            }
            (Phase::ChooseAction, DardzAction::Play(card)) => {
                if !self.begin_play(s, card) {
                    return;
                }
            }
            (Phase::Guess, DardzAction::Guess(n)) => {
                s.guess = n;
                s.phase = Phase::ActionDice(ActionCard::Jackpot);
                return;
            }
            (phase, a) => panic!("{a:?} does not fit {phase:?}"),
        }
        self.advance(s);
    }

    fn sample_chance(&self, s: &mut DardzState, chance: &mut impl Chance) {
        self.resolve_chance(s, chance);
    }

    fn outcome(&self, s: &DardzState) -> Outcome {
        let n = s.players();
        let scores = &s.scores[..n];
        let rounds = s.round as u32;
        if s.capped {
            return Outcome::capped(scores, s.turns, rounds);
        }
        let outcome = Outcome::finished(scores, ScoreOrder::HigherWins, s.turns, rounds);
        // `final_tie = roll_off`: the roll-off decides who wins the tie ("decide who wins the
        // game with a best-out-of-3 Roll-Off!", DZ-9); it scores no points, so the scores
        // stay as played and only the ranks change (both partners' in Team DARDZ).
        if s.tiebreak == NO_SEAT {
            return outcome;
        }
        let w = s.tiebreak as usize;
        outcome.with_tie_broken(&[Seat(w as u8), Seat(self.partner(s, w) as u8)])
    }

    fn turn_cap(&self) -> u32 {
        self.rules.turn_cap
    }

    /// Running standings for lead statistics: the scores as they stand (highest wins, DZ-9).
    fn standings(&self, s: &DardzState, out: &mut [i32]) -> Option<u32> {
        out.copy_from_slice(&s.scores[..out.len()]);
        Some(s.turns)
    }

    fn check_invariants(&self, s: &DardzState) -> Result<(), String> {
        self.invariants(s)
    }
}

impl BotHooks for Dardz {
    /// A match is won only at a round's end, which is a chance step (its Lucky Loser
    /// rolls); a decision can end it only by reaching the turn cap (G-2).
    fn may_end_in_one(&self, s: &DardzState) -> bool {
        s.turns >= self.rules.turn_cap
    }

    /// The state keeps no hidden information: the draw pile is counts of the cards not yet
    /// drawn (its order does not exist until a chance event draws), hands are face up, and
    /// every card went into a points pile in view of everyone. The copy is exact.
    fn determinize(&self, s: &DardzState, _viewer: Seat, _rng: &mut Rng) -> DardzState {
        *s
    }

    /// Everything is in view (see `determinize`): hands face up, points piles, scores, the
    /// dice, and the pile's composition (what is not in view).
    fn observe(&self, s: &DardzState, _viewer: Seat, out: &mut impl Hasher) {
        s.hash(out);
    }

    /// What a side stands to bank, against the field: its score plus its points piles plus
    /// its share of the way to the round bonus, minus the mean of the average and the best
    /// other side's same figure (the rulebook's advice: "Don't let the player who's winning
    /// add cards"), over the target score. After a pick, the change is the points the mover
    /// banks minus what the pick hands the others. In Team DARDZ a side is a team (DZ-6).
    fn heuristic(&self, s: &DardzState, seat: Seat) -> f64 {
        if s.phase == Phase::Over && !s.capped {
            // A team's two seats share its first place: the team's share is twice a seat's.
            let side = if self.rules.teams { 2.0 } else { 1.0 };
            return 2.0 * side * self.outcome(s).win_share(seat) - 1.0;
        }
        self.against_field(s, seat.index(), |i| self.standing(s, i))
    }

    /// The same per seat, with each seat's standing worked out once (not once per seat that
    /// compares itself with it): MCTS's rollout cut asks for every seat.
    fn heuristics(&self, s: &DardzState, out: &mut [f64]) {
        if s.phase == Phase::Over && !s.capped {
            for (p, h) in out.iter_mut().enumerate() {
                *h = self.heuristic(s, Seat(p as u8));
            }
            return;
        }
        let mut standings = [0.0; MAX_SEATS];
        for (i, v) in standings.iter_mut().enumerate().take(s.players()) {
            *v = self.standing(s, i);
        }
        for (me, h) in out.iter_mut().enumerate() {
            *h = self.against_field(s, me, |i| standings[i]);
        }
    }
}

impl GameStats for Dardz {
    fn value_model(&self) -> Option<&'static dyn crate::core::ValueModel> {
        Some(&value_model::NumberValues)
    }
    fn metric_names(&self, players: usize) -> Vec<String> {
        let mut names = Vec::new();
        for key in KIND_KEYS {
            names.push(format!("scored_{key}"));
        }
        for key in KIND_KEYS {
            names.push(format!("card_points_{key}"));
        }
        for key in KIND_KEYS {
            names.push(format!("hand_turns_{key}"));
        }
        for way in WAY_KEYS {
            names.push(format!("points_{way}"));
        }
        for name in [
            "effect_points_jackpot",
            "effect_points_boost_em",
            "effect_points_bunk_em",
            "jackpot_hits",
            "rounds",
            "rounds_no_winner",
            "rounds_deck_empty",
            "round_win_rolloffs",
            "lucky_loser_rolls",
            "clean_ups",
            "three_of_a_kind",
        ] {
            names.push(name.to_string());
        }
        for seat in 0..players {
            names.push(format!("round_wins_seat{seat}"));
        }
        // Team DARDZ (DZ-6): team k is seats k and k + players/2. `teamK_wins` is 1 when
        // the team finished first alone, `teamK_shared_wins` when it shared first place with
        // another team (G-3); the team's win share is the first plus the second over the
        // number of teams sharing, i.e. twice either partner's `win_rate` in seats.csv.
        if self.rules.teams {
            for k in 0..players / 2 {
                names.push(format!("team{k}_wins"));
                names.push(format!("team{k}_shared_wins"));
            }
        }
        names
    }

    fn metric_docs(&self, players: usize) -> Vec<(String, String)> {
        self.metric_docs_text(players)
    }

    /// Per kind: cards scored, the points they brought in settled rounds (a capped match's
    /// unsettled piles are left out), turns they waited in hands. Then the six ways of
    /// scoring as they changed scores (after the floor at 0), action effects, round counts,
    /// and in Team DARDZ each team's first places.
    fn metrics(&self, s: &DardzState, out: &mut [i64]) {
        let n = s.players();
        let st = &s.stats;
        // Piles are added to scores when a round is settled (the round is over and its piles
        // stay until the next deal); a match capped mid-round has unsettled piles.
        let settled = s.phase == Phase::Deal || s.phase == Phase::Over && s.round_over;
        let mut i = 0;
        let mut put = |v: i64| {
            out[i] = v;
            i += 1;
        };
        for k in 0..NUM_KINDS {
            put(st.scored[k] as i64);
        }
        for k in 0..NUM_KINDS {
            let unsettled: i64 =
                if settled { 0 } else { s.piles[..n].iter().map(|p| p[k] as i64).sum() };
            put((st.scored[k] as i64 - unsettled) * self.values[k] as i64);
        }
        for k in 0..NUM_KINDS {
            put(st.hand_turns[k] as i64);
        }
        for w in st.ways {
            put(w as i64);
        }
        for v in [
            st.jackpot_points as i64,
            st.boost_points as i64,
            st.bunk_points as i64,
            st.jackpot_hits as i64,
            s.round as i64,
            st.rounds_no_winner as i64,
            st.rounds_deck_empty as i64,
            st.round_win_rolloffs as i64,
            st.lucky_loser_rolls as i64,
            st.clean_ups as i64,
            st.three_of_a_kind as i64,
        ] {
            put(v);
        }
        for seat in 0..n {
            put(st.round_wins[seat] as i64);
        }
        if self.rules.teams {
            let o = self.outcome(s);
            let first = o.first_place_count() / 2;
            for k in 0..n / 2 {
                let top = !o.is_capped() && o.rank(Seat(k as u8)) == 0;
                put((top && first == 1) as i64);
                put((top && first > 1) as i64);
            }
        }
    }

    /// Picks by the card they take (`value_12`, `golden_7`) or by what they do (`feed`,
    /// `feed_leader`, `pass`, `bonus_roll`, `fill_pile`), action cards by their kind; the
    /// same list for the same rules (see `option_kinds.rs`).
    fn option_kinds(&self, _players: usize) -> Vec<OptionKind> {
        self.declared_kinds()
    }

    /// A random match costs about 122,000 instructions and counting all its options 0.76 times
    /// that (callgrind, 4-player DARDZ and Love Actually and Pride, 3-player LOW BLOW): one
    /// deal in 10 keeps the counting under a tenth of a random match.
    fn option_sample_every(&self) -> u64 {
        10
    }
    fn action_kinds(&self, s: &DardzState, a: DardzAction) -> KindSet {
        self.kinds_of(s, a)
    }
}

impl GameText for Dardz {
    fn describe(&self, s: &DardzState, a: DardzAction) -> String {
        self.describe_text(s, a)
    }

    fn describe_chance(&self, before: &DardzState, after: &DardzState) -> String {
        self.describe_chance_text(before, after)
    }

    fn render(&self, s: &DardzState) -> String {
        self.render_text(s)
    }
}
