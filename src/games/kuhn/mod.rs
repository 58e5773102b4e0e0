//! Kuhn poker (REF-3, on its rules page): three cards (Jack, Queen, King), one dealt to each of two
//! players, an ante of 1 each and one betting round; OpenSpiel's `kuhn_poker` with its
//! defaults, so the two can be timed on identical work. A reference game with hidden
//! information and exact answers: the first player's value at the equilibrium is -1/18
//! (Kuhn 1950), and random play is computed exactly by enumeration (`core::exact`).
//!
//! The betting: the first player checks or bets; after a check the second checks (showdown)
//! or bets; facing a bet a player folds or calls (showdown). The higher card takes the pot
//! at a showdown; a fold gives it to the other player. A seat's score is its net chips.

use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

use rand::RngExt;
use serde_json::{Value, json};

use crate::core::trace::{Drawn, EndReason, EventHead, TraceGame, event, points_event};
use crate::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, KindSet, OptionKind, Outcome, Rng,
    ScoreOrder, Seat, Turn,
};

#[cfg(test)]
mod tests;

crate::rule_params! {
    /// Kuhn poker's parameters (OpenSpiel's game has only `players`: these are its fixed
    /// stakes).
    pub struct KuhnRules {
        /// Chips each player puts into the pot before the deal.
        ante: u32 = 1, Reference, "1 to 1000", |v: &u32| (1..=1000).contains(v);
        /// Chips a bet (and a call) adds to the pot.
        bet: u32 = 1, Reference, "1 to 1000", |v: &u32| (1..=1000).contains(v);
    }
}

/// The three cards, lowest first.
pub const CARD_NAMES: [&str; 3] = ["Jack", "Queen", "King"];
/// The cards as the pages and the text state show them.
const CARD_LETTERS: [&str; 3] = ["J", "Q", "K"];

/// The most decisions a match can take: check, bet, then fold or call.
const MOST_DECISIONS: u8 = 3;

#[derive(Clone, Debug)]
pub struct Kuhn {
    rules: KuhnRules,
}

impl Kuhn {
    pub fn new(rules: KuhnRules) -> Self {
        Self { rules }
    }
}

/// The four decisions. Two are legal at a time: check or bet with no bet to answer, fold
/// or call facing one (OpenSpiel's "pass" is check or fold, its "bet" is bet or call).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KuhnAction {
    Check,
    Bet,
    Fold,
    Call,
}

impl KuhnAction {
    /// The action's word, as the traces and the option kinds name it.
    pub fn word(self) -> &'static str {
        match self {
            KuhnAction::Check => "check",
            KuhnAction::Bet => "bet",
            KuhnAction::Fold => "fold",
            KuhnAction::Call => "call",
        }
    }
    /// Whether it puts chips in (a bet or a call).
    fn pays(self) -> bool {
        matches!(self, KuhnAction::Bet | KuhnAction::Call)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KuhnState {
    /// Each seat's card (0 Jack, 1 Queen, 2 King); meaningless until `dealt`.
    pub cards: [u8; 2],
    pub dealt: bool,
    /// The decisions so far, in order; the first `decisions` are made.
    pub history: [KuhnAction; MOST_DECISIONS as usize],
    pub decisions: u8,
    /// The betting is over: a fold, a call, or two checks. Kept, not worked out from the
    /// history at each step: the runner asks whose turn it is at every step of a match that
    /// is only a few steps long.
    pub over: bool,
    /// What each seat has put into the pot: its ante and its bets and calls.
    pub put: [u32; 2],
}

impl KuhnState {
    /// The seat to decide (meaningful while the match is on).
    pub fn to_move(&self) -> u8 {
        self.decisions % 2
    }
    /// The decisions made, in order.
    pub fn made(&self) -> &[KuhnAction] {
        &self.history[..self.decisions as usize]
    }
    /// Whether the last decision was a bet the mover must answer.
    fn facing_bet(&self) -> bool {
        self.decisions > 0 && self.history[self.decisions as usize - 1] == KuhnAction::Bet
    }
    /// Whether the betting is over: a fold, a call, or two checks.
    fn betting_over(&self) -> bool {
        self.over
    }
    /// Whether the match ended in a showdown (both cards shown), not a fold.
    pub fn showdown(&self) -> bool {
        self.over && self.history[self.decisions as usize - 1] != KuhnAction::Fold
    }
}

impl GameRules for Kuhn {
    type State = KuhnState;
    type Action = KuhnAction;
    type Rules = KuhnRules;

    fn with_rules(rules: KuhnRules) -> Self {
        Self::new(rules)
    }
    fn rules(&self) -> &KuhnRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "kuhn"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=2
    }
    fn new_state(&self, players: usize) -> KuhnState {
        assert_eq!(players, 2, "kuhn is for 2 players");
        KuhnState {
            cards: [0, 0],
            dealt: false,
            history: [KuhnAction::Check; MOST_DECISIONS as usize],
            decisions: 0,
            over: false,
            put: [self.rules.ante; 2],
        }
    }
    fn turn(&self, s: &KuhnState) -> Turn {
        if !s.dealt {
            Turn::Chance
        } else if s.betting_over() {
            Turn::Over
        } else {
            Turn::Player(Seat(s.to_move()))
        }
    }
    fn legal_actions(&self, s: &KuhnState, out: &mut Vec<KuhnAction>) {
        out.clear();
        if s.facing_bet() {
            out.extend([KuhnAction::Fold, KuhnAction::Call]);
        } else {
            out.extend([KuhnAction::Check, KuhnAction::Bet]);
        }
    }
    fn legal_pick(
        &self,
        s: &KuhnState,
        _buf: &mut Vec<KuhnAction>,
        pick: impl FnOnce(usize) -> usize,
    ) -> KuhnAction {
        // Always two actions, listed as `legal_actions` lists them.
        let second = pick(2) == 1;
        match (s.facing_bet(), second) {
            (false, false) => KuhnAction::Check,
            (false, true) => KuhnAction::Bet,
            (true, false) => KuhnAction::Fold,
            (true, true) => KuhnAction::Call,
        }
    }
    fn apply(&self, s: &mut KuhnState, a: KuhnAction) {
        debug_assert!(s.dealt && !s.betting_over());
        if a.pays() {
            s.put[(s.decisions & 1) as usize] += self.rules.bet;
        }
        // A fold or a call ends the betting, and so does a check after a check.
        s.over = matches!(a, KuhnAction::Fold | KuhnAction::Call)
            || (a == KuhnAction::Check && s.decisions == 1);
        s.history[s.decisions as usize] = a;
        s.decisions += 1;
    }
    /// The deal: seat 0's card from the three, then seat 1's from the two left (OpenSpiel's
    /// two chance nodes, as one chance turn).
    fn sample_chance(&self, s: &mut KuhnState, chance: &mut impl Chance) {
        let first = chance.below(3) as u8;
        let second = chance.below(2) as u8;
        s.cards = [first, if second >= first { second + 1 } else { second }];
        s.dealt = true;
    }
    fn outcome(&self, s: &KuhnState) -> Outcome {
        Outcome::finished(&self.net_chips(s), ScoreOrder::HigherWins, s.decisions as u32, 1)
    }
    /// A match ends after at most three decisions; no cap is ever reached.
    fn turn_cap(&self) -> u32 {
        MOST_DECISIONS as u32
    }
    // No running standings: before the pot is won the chips in front of a seat are only
    // what it put in, so who "leads" a hand means nothing, and the lead statistics cost a
    // random run 11.6% of its instructions (callgrind, `arena run --game kuhn --matches
    // 200000 --bots random --threads 1`: 433.7M with them, 383.2M without).
    fn check_invariants(&self, s: &KuhnState) -> Result<(), String> {
        if s.dealt && (s.cards[0] == s.cards[1] || s.cards.iter().any(|&c| c > 2)) {
            return Err(format!("dealt cards {:?}: two different cards of three", s.cards));
        }
        let mut put = [self.rules.ante; 2];
        for (i, a) in s.made().iter().enumerate() {
            put[i % 2] += if a.pays() { self.rules.bet } else { 0 };
        }
        if put != s.put {
            return Err(format!("{:?} in the pot, the betting {:?} puts {put:?}", s.put, s.made()));
        }
        let over = matches!(
            s.made(),
            [.., KuhnAction::Fold | KuhnAction::Call] | [KuhnAction::Check, KuhnAction::Check]
        );
        if over != s.over {
            return Err(format!(
                "the betting {:?} is {}over",
                s.made(),
                if s.over { "" } else { "not " }
            ));
        }
        let chips = self.net_chips(s);
        if chips[0] + chips[1] != if s.betting_over() { 0 } else { -(self.pot(s) as i32) } {
            return Err(format!("net chips {chips:?} do not account for the pot {}", self.pot(s)));
        }
        Ok(())
    }
}

impl Kuhn {
    /// What each seat has put into the pot: its ante and its bets and calls.
    pub fn contributed(&self, s: &KuhnState) -> [u32; 2] {
        s.put
    }
    fn pot(&self, s: &KuhnState) -> u32 {
        self.contributed(s).iter().sum()
    }
    /// The seat that takes the pot, once the betting is over.
    pub fn pot_winner(&self, s: &KuhnState) -> Option<usize> {
        if !s.betting_over() {
            return None;
        }
        Some(if s.showdown() {
            usize::from(s.cards[1] > s.cards[0])
        } else {
            // The player who folded made the last decision; the other takes the pot.
            1 - (s.decisions as usize - 1) % 2
        })
    }
    /// Each seat's chips won or lost: what it put in, given back with the other's if it
    /// took the pot.
    fn net_chips(&self, s: &KuhnState) -> [i32; 2] {
        let put = self.contributed(s);
        let mut net = [-(put[0] as i32), -(put[1] as i32)];
        if let Some(w) = self.pot_winner(s) {
            net[w] += (put[0] + put[1]) as i32;
        }
        net
    }
    /// Whether `viewer` may see seat `holder`'s card in `s`: its own once dealt, the other's
    /// at a showdown.
    fn sees_card(&self, s: &KuhnState, viewer: usize, holder: usize) -> bool {
        s.dealt && (viewer == holder || s.showdown())
    }
}

impl BotHooks for Kuhn {
    /// The other card is one of the two the viewer does not hold, each as likely: the
    /// betting does not change that for a sampler that knows no strategy.
    fn determinize(&self, s: &KuhnState, viewer: Seat, rng: &mut Rng) -> KuhnState {
        let mut d = *s;
        let (me, other) = (viewer.index(), 1 - viewer.index());
        if s.dealt && !self.sees_card(s, me, other) {
            let k = rng.random_range(0..2u8);
            d.cards[other] = if k >= s.cards[me] { k + 1 } else { k };
        }
        d
    }
    /// Its own card, the betting (public), and the other card once a showdown shows it.
    fn observe(&self, s: &KuhnState, viewer: Seat, out: &mut impl Hasher) {
        let me = viewer.index();
        s.dealt.hash(out);
        s.made().hash(out);
        for holder in 0..2 {
            self.sees_card(s, me, holder).then_some(s.cards[holder]).hash(out);
        }
    }
    /// Read only on states determinized for the seat (as every bot does), where the other
    /// card is a guess. The chips the seat would win or lose at a showdown with the bet on the
    /// table called:
    /// the larger stake, won with the higher card, lost with the lower (once over, the net
    /// chips). With the bet counted as called, a bet with the higher card looks worth more
    /// than a check, so greedy bets its King rather than checking it.
    fn heuristic(&self, s: &KuhnState, seat: Seat) -> f64 {
        let me = seat.index();
        if !s.dealt {
            return 0.0;
        }
        if s.betting_over() {
            return self.net_chips(s)[me] as f64;
        }
        let stake = s.put[0].max(s.put[1]) as f64;
        if s.cards[me] > s.cards[1 - me] { stake } else { -stake }
    }
    fn may_end_in_one(&self, s: &KuhnState) -> bool {
        s.decisions > 0
    }
}

impl GameStats for Kuhn {
    /// A decision by the action taken and the card it is taken with: "bet with the Jack".
    fn option_kinds(&self, _players: usize) -> Vec<OptionKind> {
        let mut kinds = Vec::new();
        for a in [KuhnAction::Check, KuhnAction::Bet, KuhnAction::Fold, KuhnAction::Call] {
            for (card, name) in CARD_NAMES.iter().enumerate() {
                let id = format!("{}_{}", a.word(), CARD_LETTERS[card].to_lowercase());
                let kind = OptionKind::new(id, format!("{} with the {name}", a.word()));
                kinds.push(if a.pays() { kind.with_lever("bet") } else { kind });
            }
        }
        kinds
    }
    /// As tic-tac-toe's, a game of as short and cheap a match (a random Kuhn match costs the
    /// runner about 1,900 instructions in all, callgrind over 200,000 matches); the share of
    /// counting was not measured on its own.
    fn option_sample_every(&self) -> u64 {
        256
    }
    fn action_kinds(&self, s: &KuhnState, a: KuhnAction) -> KindSet {
        let card = s.cards[s.to_move() as usize] as usize;
        KindSet::one(action_index(a) * 3 + card)
    }
}

/// The action's place in the option kinds (check, bet, fold, call).
fn action_index(a: KuhnAction) -> usize {
    match a {
        KuhnAction::Check => 0,
        KuhnAction::Bet => 1,
        KuhnAction::Fold => 2,
        KuhnAction::Call => 3,
    }
}

impl GameText for Kuhn {
    fn describe(&self, _s: &KuhnState, a: KuhnAction) -> String {
        match a {
            KuhnAction::Check => "check".to_string(),
            KuhnAction::Bet => format!("bet {}", self.rules.bet),
            KuhnAction::Fold => "fold".to_string(),
            KuhnAction::Call => format!("call {}", self.rules.bet),
        }
    }
    fn describe_chance(&self, _before: &KuhnState, _after: &KuhnState) -> String {
        "one card is dealt to each player, face down".to_string()
    }
    fn render(&self, s: &KuhnState) -> String {
        self.render_for(s, None)
    }
}

impl Kuhn {
    /// The state in words, with the cards `viewer` may not see as `?` (every card for
    /// `None`).
    fn render_for(&self, s: &KuhnState, viewer: Option<usize>) -> String {
        let card = |p: usize| match viewer {
            Some(v) if !self.sees_card(s, v, p) => "?",
            _ if !s.dealt => "-",
            _ => CARD_LETTERS[s.cards[p] as usize],
        };
        let betting: Vec<&str> = s.made().iter().map(|a| a.word()).collect();
        let betting = if betting.is_empty() { "none yet".to_string() } else { betting.join(" ") };
        let head =
            format!("cards {}:{} | pot {} | betting {betting}", card(0), card(1), self.pot(s));
        match self.turn(s) {
            Turn::Over => {
                let net = self.net_chips(s);
                format!("{head} | over, net chips {}:{}", net[0], net[1])
            }
            Turn::Chance => format!("{head} | to deal"),
            Turn::Player(p) => format!("{head} | seat {} to act", p.0),
        }
    }
    /// The state as data, with the cards `viewer` may not see as `null`.
    fn json_for(&self, s: &KuhnState, viewer: Option<usize>) -> Value {
        let cards: Vec<Value> = (0..2)
            .map(|p| match viewer {
                _ if !s.dealt => Value::Null,
                Some(v) if !self.sees_card(s, v, p) => Value::Null,
                _ => json!(CARD_LETTERS[s.cards[p] as usize]),
            })
            .collect();
        let betting: Vec<&str> = s.made().iter().map(|a| a.word()).collect();
        json!({"cards": cards, "betting": betting, "contributed": self.contributed(s),
            "pot": self.pot(s), "to_move": s.to_move(), "scores": self.net_chips(s),
            "over": s.betting_over(), "showdown": s.showdown(), "ante": self.rules.ante,
            "bet": self.rules.bet})
    }
}

/// Structured traces (docs/trace-format.md): the antes, each bet and call (the chips a
/// seat puts in), and the pot to its winner; the cards are named only at a showdown.
impl TraceGame for Kuhn {
    const TITLE: &'static str = "Kuhn poker";
    const DRAWING: &'static str = include_str!("draw.js");
    const HOW_TO_PLAY: &'static str = include_str!("how_to_play.md");
    const RULES_PAGE: &'static str = include_str!("rules.md");

    fn points_words(&self, e: &Value) -> String {
        match EventHead::of(e).kind.unwrap_or("") {
            "ante" => "put the ante into the pot".to_string(),
            "bet" => "bet into the pot".to_string(),
            "call" => "called the bet".to_string(),
            "pot" => "took the pot".to_string(),
            other => other.replace('_', " "),
        }
    }
    fn state_json(&self, s: &KuhnState) -> Value {
        self.json_for(s, None)
    }
    fn seat_state_json(&self, s: &KuhnState, viewer: Seat) -> Value {
        self.json_for(s, Some(viewer.index()))
    }
    fn seat_render(&self, s: &KuhnState, viewer: Seat) -> String {
        self.render_for(s, Some(viewer.index()))
    }
    /// The deal names no card: each player sees its own in the state.
    fn chance_json(&self, _before: &KuhnState, _draws: &[Drawn], _after: &KuhnState) -> Value {
        json!({"dealt": 2})
    }
    fn start_events(&self, _s: &KuhnState, out: &mut Vec<Value>) {
        for seat in 0..2 {
            out.push(points_event("ante", seat, -(self.rules.ante as i32), json!({})));
        }
    }
    fn trace_events(
        &self,
        before: &KuhnState,
        action: Option<KuhnAction>,
        after: &KuhnState,
        out: &mut Vec<Value>,
    ) {
        let Some(a) = action else {
            out.push(event("deal", json!({})));
            return;
        };
        let seat = before.to_move() as usize;
        if a.pays() {
            out.push(points_event(a.word(), seat, -(self.rules.bet as i32), json!({})));
        } else {
            out.push(event(a.word(), json!({"seat": seat})));
        }
        let Some(winner) = self.pot_winner(after) else { return };
        if after.showdown() {
            let shown: Vec<&str> = after.cards.iter().map(|&c| CARD_LETTERS[c as usize]).collect();
            out.push(event("showdown", json!({"cards": shown})));
        }
        let pot = self.pot(after) as i32;
        out.push(points_event("pot", winner, pot, json!({"showdown": after.showdown()})));
    }
    fn end_reason(&self, s: &KuhnState) -> EndReason {
        let winner = self.pot_winner(s).unwrap_or(0);
        if s.showdown() {
            let card = |p: usize| CARD_NAMES[s.cards[p] as usize];
            EndReason {
                code: "showdown",
                text: format!(
                    "showdown: seat {winner}'s {} beats seat {}'s {}",
                    card(winner),
                    1 - winner,
                    card(1 - winner)
                ),
            }
        } else {
            EndReason {
                code: "fold",
                text: format!("seat {} folded; seat {winner} takes the pot", 1 - winner),
            }
        }
    }
}
