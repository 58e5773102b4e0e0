//! LOVE ACTUALLY: THE DICE HARD CARD GAME (seed `000_dc0e42bca7216369.txt`, RULINGS LA-1 to
//! LA-49), 2 to 5 players, 27 unique cards in hidden hands of 4. A turn: Step 1 take the
//! discard top or ask another player for a name, a relationship or a colour; Step 2 score at
//! most one set (points, +1 on its relationship track, one scored card's ability); Step 3
//! cleanup (scored cards to the pile, discard down to 4 never discarding black, draw to 4,
//! bonus tiles at 3 on a track). Any discard may be claimed by another player with
//! "Actually!". The end comes at 20 points or the last tile, then one more turn for everyone
//! else.
//!
//! The cards are data ([`cards`], `configs/love-actually/cards.toml`); the numbers are rule
//! parameters ([`rules`]). This is the arena's game with real hidden hands: the state records
//! what each seat knows (LA-13), [`BotHooks::determinize`] keeps exactly that and deals the rest
//! at random, and [`BotHooks::observe`] exposes exactly that (`knowledge.rs`).
//!
//! How the rules become steps: every choice is a decision of the seat the rules give it to
//! (LA-10), out-of-turn ones included (answering an ask, "Actually!", Natalie's exposes, the
//! picks of Harriet, Colin and Tony); the deal, draws, Mia's random discard and Harriet's
//! deal are chance; everything else is automatic.

mod abilities;
pub mod cards;
mod checks;
mod engine;
mod knowledge;
mod metric_docs;
mod metrics;
pub mod option_kinds;
pub mod places;
pub mod rules;
pub mod state;
#[cfg(test)]
mod tests;
mod text;
mod trace;

use crate::core::{
    BotHooks, Chance, GameRules, GameStats, GameText, Outcome, ScoreOrder, Seat, Turn,
};
use std::ops::RangeInclusive;
use std::sync::Arc;

use crate::core::rules::Rules;

pub use cards::{Ability, Deck, SetOption};
pub use rules::LoveRules;
pub use state::{AskCtx, AskKind, EndKind, LoveState, Phase, Resume};
use state::{NONE, bit, cards_of};

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoveAction {
    /// Step 1: take the discard pile's top card.
    TakeTop,
    /// Step 1: ask this seat.
    Ask(u8),
    /// What the ask names.
    Kind(AskKind),
    /// The name (a card), relationship or colour asked for.
    Value(u8),
    /// Hand over, give, expose, put in or discard (Harry) this card.
    Hand(u8),
    /// Nothing to hand over (an ask missed, Harry without a black card).
    No,
    /// Step 2: score this option.
    Score(u8),
    /// Step 2: score nothing.
    Skip,
    /// Use this scored card's ability.
    Ability(u8),
    /// Step 3: this scored card onto the pile next.
    Place(u8),
    /// Step 3: discard this card.
    Discard(u8),
    /// Step 3: only black cards are left to discard; keep them (LA-12).
    Keep,
    /// "Actually!": claim the discard for this option.
    Claim(u8),
    /// Let the discard go.
    Pass,
    /// The target seat of an ability.
    Choose(u8),
    /// Tony's two players.
    Pair(u8, u8),
    /// Joe, Billy: this track.
    Track(u8),
    /// Johanna, Sam, Daniel: this card from the pile.
    Take(u8),
}

/// The game under one set of rules and one card file.
#[derive(Clone, Debug)]
pub struct Love(Arc<Tables>);

#[derive(Clone, Debug)]
pub struct Tables {
    pub rules: LoveRules,
    pub deck: Deck,
    /// Names whose Step 1 ask loses Aurelia's bonus (the no_ask_bonus cards and their set
    /// partners: Jamie and Aurelia, LA-41).
    pub ask_loses_bonus: u32,
    /// Each scoring option's part of the greedy heuristic, precomputed (see
    /// [`metrics::HandTerm`]).
    pub hand_terms: Vec<metrics::HandTerm>,
    /// Each track length's part of the greedy heuristic, precomputed
    /// ([`metrics::track_terms`]).
    pub track_terms: [f64; 256],
    /// A hash of the tables `hand_value` reads (each option's cards and terms): its memo
    /// keeps it with each hand, so that no deck reads another's values.
    pub hand_fingerprint: u64,
}

impl std::ops::Deref for Love {
    type Target = Tables;
    fn deref(&self) -> &Tables {
        &self.0
    }
}

impl Love {
    /// The game under `rules`; panics if they are inconsistent ([`Rules::validate`]).
    pub fn new(rules: LoveRules) -> Self {
        if let Err(e) = rules.validate() {
            panic!("LOVE ACTUALLY rules are inconsistent: {e}");
        }
        let deck = cards::load(&rules.cards).expect("validated");
        let mut ask_loses_bonus = 0;
        for (c, card) in deck.cards.iter().enumerate() {
            if card.ability == Ability::NoAskBonus {
                ask_loses_bonus |= 1 << c;
                for &(_, _, partners) in &card.sets {
                    ask_loses_bonus |= partners;
                }
            }
        }
        let hand_terms: Vec<metrics::HandTerm> =
            deck.options.iter().map(metrics::HandTerm::new).collect();
        // Written out and hashed (`DefaultHasher::new` has fixed keys: the same every run).
        let mut h = std::hash::DefaultHasher::new();
        std::hash::Hash::hash(&format!("{:?}{hand_terms:?}", deck.options_of), &mut h);
        let hand_fingerprint = std::hash::Hasher::finish(&h);
        let track_terms = metrics::track_terms(&rules);
        Love(Arc::new(Tables {
            rules,
            deck,
            ask_loses_bonus,
            hand_terms,
            hand_fingerprint,
            track_terms,
        }))
    }

    /// The card number of `name`.
    pub fn card(&self, name: &str) -> u8 {
        self.deck
            .cards
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("no card {name}")) as u8
    }

    /// Whether `a` is among the legal actions (for the debug check).
    fn is_legal(&self, s: &LoveState, a: LoveAction) -> bool {
        let mut out = Vec::new();
        self.legal_actions(s, &mut out);
        out.contains(&a)
    }
}

impl GameRules for Love {
    type State = LoveState;
    type Action = LoveAction;
    type Rules = LoveRules;

    fn with_rules(rules: LoveRules) -> Self {
        Self::new(rules)
    }
    fn rules(&self) -> &LoveRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "love-actually"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        2..=5
    }
    fn default_players(&self) -> usize {
        4
    }

    fn new_state(&self, players: usize) -> LoveState {
        assert!(self.seats().contains(&players), "LOVE ACTUALLY is for 2 to 5 players");
        LoveState {
            players: players as u8,
            deck: self.deck.all,
            pending: [NONE; state::SEATS],
            tile_owner: [NONE; 4],
            lock: [NONE; state::SEATS],
            ender: NONE,
            window_card: NONE,
            discarder: NONE,
            responder: NONE,
            ability_card: NONE,
            ask_target: NONE,
            ..LoveState::default()
        }
    }

    fn turn(&self, s: &LoveState) -> Turn {
        match s.phase {
            Phase::Over => Turn::Over,
            Phase::Deal | Phase::Draw | Phase::MiaRandom | Phase::ShuffleDeal => Turn::Chance,
            _ => Turn::Player(Seat(s.actor)),
        }
    }

    fn legal_actions(&self, s: &LoveState, out: &mut Vec<LoveAction>) {
        use LoveAction as A;
        out.clear();
        let hand = |w: u8| s.hands[w as usize];
        let black = self.deck.colour_mask[cards::BLACK as usize];
        match s.phase {
            Phase::Step1 => {
                if s.pile_len > 0 {
                    out.push(A::TakeTop);
                }
                let lock = s.lock[s.current as usize];
                for t in 0..s.players {
                    if t != s.current && (lock == NONE || lock == s.current || lock == t) {
                        out.push(A::Ask(t));
                    }
                }
            }
            Phase::AskKind => {
                out.extend([AskKind::Name, AskKind::Relationship, AskKind::Colour].map(A::Kind))
            }
            Phase::AskValue => {
                let n = match s.ask_kind {
                    AskKind::Name => self.deck.cards.len() as u8,
                    _ => 4,
                };
                out.extend((0..n).map(A::Value));
            }
            Phase::Respond => {
                let h = hand(s.responder);
                let (matching, extra) = if s.ask_ctx == AskCtx::Jamie {
                    (h & !self.deck.colour_mask[s.ask_value as usize], 0)
                } else {
                    (
                        self.matching(s.ask_kind, s.ask_value, h),
                        self.stand_ins(s.ask_kind, s.ask_value, h),
                    )
                };
                out.extend(cards_of(matching | extra).map(A::Hand));
                if matching == 0 {
                    out.push(A::No);
                }
            }
            Phase::Step2 => {
                let mut completed = self.completed_options(hand(s.current));
                while completed != 0 {
                    out.push(A::Score(completed.trailing_zeros() as u8));
                    completed &= completed - 1;
                }
                out.push(A::Skip);
            }
            Phase::ChooseAbility => out.extend(cards_of(s.set_cards).map(A::Ability)),
            Phase::HarryBlack => {
                let b = hand(s.scorer) & black;
                out.extend(cards_of(b).map(A::Hand));
                if b == 0 {
                    out.push(A::No);
                }
            }
            Phase::ChooseSeat => {
                out.extend((0..s.players).filter(|&t| t != s.scorer).map(A::Choose))
            }
            Phase::MiaGive => out.extend(cards_of(hand(s.scorer)).map(A::Hand)),
            Phase::Expose | Phase::Contribute => {
                out.extend(cards_of(hand(s.responder)).map(A::Hand))
            }
            Phase::TakePile => {
                out.extend(cards_of(s.pile_mask()).map(A::Take));
            }
            Phase::TonyPair => {
                let holders = Self::swap_pairs(s);
                for a in 0..s.players {
                    for b in a + 1..s.players {
                        if holders & (1 << a) != 0 && holders & (1 << b) != 0 {
                            out.push(A::Pair(a, b));
                        }
                    }
                }
            }
            Phase::ChooseTrack => out.extend((0..4).map(A::Track)),
            Phase::Place => out.extend(cards_of(s.scored).map(A::Place)),
            Phase::Discard => {
                let d = hand(s.current) & !black;
                out.extend(cards_of(d).map(A::Discard));
                if d == 0 {
                    out.push(A::Keep);
                }
            }
            Phase::Window => {
                let h = hand(s.responder);
                let c = s.window_card;
                let mut claimable =
                    self.completed_among(h | bit(c), self.deck.options_of[c as usize]);
                while claimable != 0 {
                    out.push(A::Claim(claimable.trailing_zeros() as u8));
                    claimable &= claimable - 1;
                }
                out.push(A::Pass);
            }
            Phase::Deal | Phase::Draw | Phase::MiaRandom | Phase::ShuffleDeal | Phase::Over => {}
        }
    }

    fn apply(&self, s: &mut LoveState, a: LoveAction) {
        use LoveAction as A;
        debug_assert!(self.is_legal(s, a), "illegal {a:?} in {:?}", s.phase);
        match (s.phase, a) {
            (Phase::Step1, A::TakeTop) => {
                let c = s.top().expect("a pile to take from");
                s.pile_len -= 1;
                Self::put_in_hand(s, s.current, c, 0, true);
                s.stats.asks[3] += 1;
                s.stats.ask_hits[3] += 1;
                self.end_step1(s);
                self.resume(s, Resume::Step2);
            }
            (Phase::Step1, A::Ask(t)) => {
                s.ask_target = t;
                s.ask_ctx = AskCtx::Step1;
                s.phase = Phase::AskKind;
            }
            (Phase::AskKind, A::Kind(k)) => {
                s.ask_kind = k;
                s.phase = Phase::AskValue;
            }
            (Phase::AskValue, A::Value(v)) => {
                s.ask_value = v;
                let r = match s.ask_ctx {
                    AskCtx::Step1 => {
                        s.stats.asks[s.ask_kind as usize] += 1;
                        if s.ask_kind == AskKind::Name && self.ask_loses_bonus & bit(v) != 0 {
                            s.asked_jamie_aurelia = true;
                        }
                        s.ask_target
                    }
                    AskCtx::David => s.next(s.scorer),
                    AskCtx::Jamie => s.ask_target,
                };
                s.responder = r;
                s.actor = r;
                s.phase = Phase::Respond;
            }
            (Phase::Respond, A::Hand(c)) => self.respond(s, Some(c)),
            (Phase::Respond, A::No) => self.respond(s, None),
            (Phase::Step2, A::Score(o)) => {
                s.after_ability = Resume::Step3;
                self.score_set(s, s.current, o as usize, None);
            }
            (Phase::Step2, A::Skip) => self.begin_step3(s),
            (Phase::ChooseAbility, A::Ability(c)) => self.start_ability(s, c),
            (Phase::HarryBlack, A::Hand(c)) => self.harry(s, Some(c)),
            (Phase::HarryBlack, A::No) => self.harry(s, None),
            (Phase::ChooseSeat, A::Choose(t)) => self.chose_seat(s, t),
            (Phase::MiaGive, A::Hand(c)) => Self::mia_give(s, c),
            (Phase::Expose, A::Hand(c)) => self.expose(s, c),
            (Phase::TakePile, A::Take(c)) => self.take_pile(s, c),
            (Phase::TonyPair, A::Pair(x, y)) => {
                s.pair = [x, y];
                self.start_contribute(s);
            }
            (Phase::Contribute, A::Hand(c)) => self.contribute(s, c),
            (Phase::ChooseTrack, A::Track(r)) => self.track(s, r),
            (Phase::Place, A::Place(c)) => {
                s.scored &= !bit(c);
                Self::push_pile(s, c);
                self.place_loop(s);
            }
            (Phase::Discard, A::Discard(c)) => {
                let w = s.current;
                Self::take_from_hand(s, w, c);
                Self::push_pile(s, c);
                s.after_ability = Resume::DiscardLoop;
                self.open_window(s, w, c);
            }
            (Phase::Discard, A::Keep) => {
                self.draw_up(s, s.current, self.rules.hand_size as u32, Resume::Tiles)
            }
            (Phase::Window, A::Claim(o)) => self.claim(s, o as usize),
            (Phase::Window, A::Pass) => self.next_in_window(s),
            (phase, a) => panic!("{a:?} does not fit {phase:?}"),
        }
    }

    fn sample_chance(&self, s: &mut LoveState, chance: &mut impl Chance) {
        match s.phase {
            Phase::Deal => self.deal(s, chance),
            Phase::Draw => self.resolve_draw(s, chance),
            Phase::MiaRandom => self.mia_random(s, chance),
            Phase::ShuffleDeal => self.shuffle_deal(s, chance),
            other => panic!("no chance at {other:?}"),
        }
    }

    fn outcome(&self, s: &LoveState) -> Outcome {
        let n = s.players();
        if s.capped {
            Outcome::capped(&s.scores[..n], s.turns, 1)
        } else {
            Outcome::finished(&s.scores[..n], ScoreOrder::HigherWins, s.turns, 1)
        }
    }

    fn turn_cap(&self) -> u32 {
        self.rules.turn_cap
    }

    /// Running standings for lead statistics: the scores (highest wins).
    fn standings(&self, s: &LoveState, out: &mut [i32]) -> Option<u32> {
        out.copy_from_slice(&s.scores[..out.len()]);
        Some(s.turns)
    }

    fn check_invariants(&self, s: &LoveState) -> Result<(), String> {
        self.invariants(s)
    }
}

impl BotHooks for Love {
    /// The match ends only when a turn ends: after the end was triggered, once nobody is
    /// owed a last turn (LA-24; a trigger itself always leaves the others one more turn), or
    /// at the turn cap (G-2).
    fn may_end_in_one(&self, s: &LoveState) -> bool {
        s.ender != NONE || s.turns >= self.rules.turn_cap
    }

    fn determinize(&self, s: &LoveState, viewer: Seat, rng: &mut crate::core::Rng) -> LoveState {
        self.determinized(s, viewer.0, rng)
    }

    fn observe(&self, s: &LoveState, viewer: Seat, out: &mut impl std::hash::Hasher) {
        self.observed(s, viewer.0, out)
    }

    fn heuristic(&self, s: &LoveState, seat: Seat) -> f64 {
        self.value(s, seat.0)
    }
}

impl GameStats for Love {
    fn metric_names(&self, players: usize) -> Vec<String> {
        self.metric_list(players)
    }

    fn metrics(&self, s: &LoveState, out: &mut [i64]) {
        self.fill_metrics(s, out)
    }

    fn metric_docs(&self, players: usize) -> Vec<(String, String)> {
        self.metric_docs_text(players)
    }

    /// One kind per set and per card's ability, and the other questions of a turn
    /// (`option_kinds.rs`).
    fn option_kinds(&self, _players: usize) -> Vec<crate::core::OptionKind> {
        self.kind_list()
    }

    /// A random match costs about 252,000 instructions and counting all its options 1.3 times
    /// that (callgrind, 4-player DARDZ and Love Actually and Pride, 3-player LOW BLOW): one
    /// deal in 24 keeps the counting under a tenth of a random match.
    fn option_sample_every(&self) -> u64 {
        24
    }
    fn action_kinds(&self, s: &LoveState, a: LoveAction) -> crate::core::KindSet {
        self.kinds_of(s, a)
    }
}

impl GameText for Love {
    fn describe(&self, s: &LoveState, a: LoveAction) -> String {
        self.describe_text(s, a)
    }

    fn describe_chance(&self, before: &LoveState, after: &LoveState) -> String {
        self.describe_chance_text(before, after)
    }

    fn render(&self, s: &LoveState) -> String {
        self.render_text(s)
    }
}
