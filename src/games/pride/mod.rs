//! Pride & Preju-Dice (seed `003_cee8a448ee9bd664.txt`, RULINGS PP-1 to PP-26): a
//! roll-and-write for 1 to 8 players. Each round the starting player rolls 3 white, a red
//! and a blue die, plays 1 white + 1 coloured on its sheet and marks a third on the
//! chaperone track; the others, at the same time, play 2 of the dice it did not play and
//! mark one they left. Four suitors' puzzles feed hearts, diamonds, extra dice and fan
//! crosses into the romance tracks that link them; the game ends after the round in which a
//! sheet has a match on every link or a full Faux Pas track.
//!
//! The sheet is data ([`sheet`], `configs/pride-prejudice/sheet.toml`); the dice flow's
//! variants are rule parameters ([`rules`]): solo (PP-17) and everyone-at-once (PP-18).
//!
//! How the rules become steps (kept small so that random play means something and MCTS can
//! search): choose the two dice ([`PrideAction::Pick`]); place each die
//! ([`PrideAction::Place`]); each special action as its own step (romance track, fan box,
//! extra die or [`PrideAction::Skip`]); the chaperone number. A step with a single option is
//! taken without asking (see [`engine`]).
//!
//! Simultaneous choices (PP-11, PP-18) are taken one seat at a time in turn order, but a
//! seat's newer marks stay hidden from the others until the round ends (`observe`), and
//! `determinize` replays a hidden seat's turn with random choices from what was visible;
//! `determinize_lazy` (the bots') leaves a finished hidden turn for [`Phase::Reveal`] to
//! replay when the round ends, the first point where play depends on it.

mod checks;
mod determinize;
pub mod engine;
mod forced;
pub mod layout;
pub(crate) mod memo;
mod metric_docs;
mod metrics;
mod option_kinds;
pub mod picture;
pub mod rules;
pub mod score;
pub mod sheet;
pub mod state;
#[cfg(test)]
mod tests;
mod text;
mod trace;

use crate::core::{BotHooks, GameRules, GameStats, GameText};
use std::hash::{Hash, Hasher};

use forced::Watch;
use std::ops::RangeInclusive;

use crate::core::options::{KindSet, OptionKind};
use crate::core::rules::Rules;
use crate::core::{Chance, MAX_SEATS, Outcome, Rng, ScoreOrder, Seat, Turn as GameTurn, bits};

pub use engine::Turn;
pub use layout::Layout;
pub use rules::{AllAtOnce, PrideRules, SoloPick};
pub use state::{Ctx, Marks, Phase, PrideState, Step};

/// One decision of the player in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrideAction {
    /// Play these two dice (indices 0-4 of the roll: 0-2 white, 3 red, 4 blue).
    Pick(u8, u8),
    /// Place chosen die `slot` (0 or 1) in box `cell` of `puzzle`.
    Place { slot: u8, puzzle: u8, cell: u8 },
    /// Place the extra die as `number` in box `cell` of `puzzle` (PP-13).
    Extra { puzzle: u8, cell: u8, number: u8 },
    /// Do not use the extra die (PP-23: its use is optional).
    Skip,
    /// Cross the waiting heart or diamond on this link's track.
    Romance(u8),
    /// Cross this fan box.
    Fan(u8),
    /// Mark this number on the chaperone track.
    Chaperone(u8),
}

/// The game under one set of rules, with its sheet loaded.
#[derive(Clone, Debug)]
pub struct Pride(Box<Tables>);

#[derive(Clone, Debug)]
pub struct Tables {
    rules: PrideRules,
    layout: Layout,
    /// A blank sheet (every puzzle's first boxes ready).
    blank: Marks,
    /// The option kinds of this sheet and the indices `action_kinds` answers with.
    kinds: option_kinds::KindTable,
    /// The puzzles as the pages draw and the traces word them.
    views: [picture::PuzzleView; 4],
    /// The sheet as the pages draw it (`Pride::sheet_view_json`), built the first time a
    /// trace asks: it is the same on every step, and building it took most of a traced
    /// step (the replay pages of a run's notable matches).
    sheet_view: std::sync::OnceLock<serde_json::Value>,
}

impl std::ops::Deref for Pride {
    type Target = Tables;
    fn deref(&self) -> &Tables {
        &self.0
    }
}

const ALL_DICE: u8 = 0b1_1111;

impl Pride {
    /// The game under `rules`; panics if they are inconsistent ([`Rules::validate`]).
    pub fn new(rules: PrideRules) -> Self {
        let layout = layout::load(&rules.sheet)
            .unwrap_or_else(|e| panic!("Pride & Preju-Dice rules are inconsistent: {e}"));
        let mut blank = Marks::default();
        for (p, pz) in layout.puzzles.iter().enumerate() {
            blank.ready[p] = pz.roots;
        }
        let kinds = option_kinds::KindTable::new(&layout);
        let views = picture::views(&layout);
        let sheet_view = std::sync::OnceLock::new();
        Self(Box::new(Tables { rules, layout, blank, kinds, views, sheet_view }))
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// A blank sheet.
    pub fn blank(&self) -> Marks {
        self.blank
    }

    /// The actor's turn, borrowed from the state.
    pub fn turn_in<'a>(&'a self, s: &'a mut PrideState) -> Turn<'a> {
        let a = s.actor();
        Turn { l: &self.layout, dice: &s.dice, m: &mut s.sheets[a], c: &mut s.ctx }
    }

    /// The turn `seat` starts with in this round (PP-11, PP-16, PP-18).
    fn fresh_ctx(&self, s: &PrideState, seat: usize) -> Ctx {
        let solo = s.players == 1;
        let first = s.all_at_once || s.position(seat) == 0;
        let white_and_coloured =
            if solo { self.rules.solo_first_pick == SoloPick::WhiteAndColoured } else { first };
        Ctx {
            seat: seat as u8,
            step: Step::Pick,
            candidates: if first || solo { ALL_DICE } else { s.pool },
            white_and_coloured,
            ..Ctx::default()
        }
    }

    fn begin_turn(&self, s: &mut PrideState, watch: &mut impl Watch) {
        s.ctx = self.fresh_ctx(s, s.actor());
        self.run_watching(s, watch);
    }

    /// Settle the turn; move on while turns end without a decision.
    fn run(&self, s: &mut PrideState) {
        self.run_watching(s, &mut ())
    }

    /// [`Pride::run`], showing `watch` every move it takes without asking.
    fn run_watching(&self, s: &mut PrideState, watch: &mut impl Watch) {
        loop {
            let solo = s.players == 1;
            watch.begin(s);
            self.turn_in(s).settle_watching(solo, |_, _| {}, |m, c, a| watch.forced(m, c, a));
            match s.ctx.step {
                Step::Done => {
                    if !self.end_turn(s) {
                        return;
                    }
                }
                Step::Reroll => {
                    s.phase = Phase::Reroll;
                    return;
                }
                _ => return,
            }
        }
    }

    /// The actor's turn is over; returns whether another turn began.
    fn end_turn(&self, s: &mut PrideState) -> bool {
        let a = s.actor();
        if s.pos == 0 && !s.all_at_once {
            // PP-16: the others choose from the dice the starting player did not play; its
            // turn is public.
            s.pool = ALL_DICE & !s.ctx.played;
            s.shown[a] = s.sheets[a];
        }
        s.pos += 1;
        if (s.pos as usize) < s.players() {
            s.ctx = self.fresh_ctx(s, s.actor());
            return true;
        }
        if s.unseen != 0 {
            // A lazy determinization: the turns it left unplayed are played first.
            s.ctx = Ctx::default();
            s.phase = Phase::Reveal;
            return false;
        }
        self.end_round(s);
        false
    }

    /// PP-19: the end is checked once everyone has finished the round.
    fn end_round(&self, s: &mut PrideState) {
        let n = s.players();
        s.shown = s.sheets;
        s.ctx = Ctx::default();
        for m in &s.sheets[..n] {
            s.ended.matches |= score::all_linked(&self.layout, m);
            s.ended.faux_pas |= m.faux_pas >= self.layout.faux_pas_len;
        }
        if s.ended.matches || s.ended.faux_pas {
            s.phase = Phase::Over;
        } else if s.round as u32 >= self.rules.turn_cap {
            s.capped = true;
            s.phase = Phase::Over;
        } else {
            // The player to the left starts the next round (G-4).
            s.starter = ((s.starter as usize + 1) % n) as u8;
            s.pos = 0;
            s.phase = Phase::Roll;
        }
    }

    /// Whether some action ends the mover's turn (what [`GameRules::apply`] does to the mover's
    /// sheet and turn, on copies).
    /// First without trying them: a turn ends with the chaperone number (PP-9), a choice
    /// whenever the dice left to the mover show two numbers, so a pick after which they do
    /// (for every pick possible) cannot end it.
    fn turn_may_end_in_one(&self, s: &PrideState) -> bool {
        let a = s.actor();
        memo::turn_ends(&self.layout, &s.sheets[a], &s.ctx, &s.dice, || self.turn_ends(s))
    }

    /// [`Pride::turn_may_end_in_one`] worked out.
    fn turn_ends(&self, s: &PrideState) -> bool {
        let a = s.actor();
        let (mut m, mut c) = (s.sheets[a], s.ctx);
        let t = Turn { l: &self.layout, dice: &s.dice, m: &mut m, c: &mut c };
        let chaperone_choice = |used: u8| {
            let left = s.ctx.candidates & !used;
            let numbers =
                (0..5).filter(|i| left & (1 << i) != 0).fold(0u8, |n, i| n | 1 << s.dice[i]);
            numbers & numbers.wrapping_sub(1) != 0
        };
        let certain_choice = match s.ctx.step {
            Step::Pick => engine::bits(t.picks())
                .all(|b| chaperone_choice(s.ctx.used | 1 << (b / 5) | 1 << (b % 5))),
            Step::Act => chaperone_choice(s.ctx.used),
            _ => false,
        };
        if certain_choice {
            return false;
        }
        let mut ends = false;
        t.each_option(|action| {
            if ends {
                return;
            }
            let (mut m, mut c) = (s.sheets[a], s.ctx);
            let mut t = Turn { l: &self.layout, dice: &s.dice, m: &mut m, c: &mut c };
            t.apply(action);
            t.settle(false);
            ends = t.c.step == Step::Done;
        });
        ends
    }

    /// [`GameRules::sample_chance`], showing `watch` every move it takes without asking.
    fn chance_watching(
        &self,
        s: &mut PrideState,
        chance: &mut impl Chance,
        watch: &mut impl Watch,
    ) {
        match s.phase {
            Phase::Roll => {
                s.round += 1;
                for d in s.dice.iter_mut() {
                    *d = chance.die(6) as u8;
                }
                s.pool = ALL_DICE;
                s.pos = 0;
                s.phase = Phase::Turn;
                self.begin_turn(s, watch);
            }
            Phase::Reveal => {
                // A lazy determinization's unplayed turns, in seat order as `determinize`
                // replays them.
                for j in 0..s.players() {
                    if s.unseen & (1 << j) != 0 {
                        self.replay(s, j, chance);
                    }
                }
                s.unseen = 0;
                self.end_round(s);
            }
            Phase::Reroll => {
                // PP-17, PP-26: re-roll the three dice not picked; then pick 2 of them.
                for i in 0..5 {
                    if s.ctx.used & (1 << i) == 0 {
                        s.dice[i] = chance.die(6) as u8;
                    }
                }
                let c = &mut s.ctx;
                c.pick = 1;
                c.candidates = ALL_DICE & !c.used;
                c.white_and_coloured = false;
                c.picks = 0;
                c.step = Step::Pick;
                s.phase = Phase::Turn;
                self.run_watching(s, watch);
            }
            other => panic!("no chance event in {other:?}"),
        }
    }
}

impl GameRules for Pride {
    type State = PrideState;
    type Action = PrideAction;
    type Rules = PrideRules;

    fn with_rules(rules: PrideRules) -> Self {
        if let Err(e) = rules.validate() {
            panic!("Pride & Preju-Dice rules are inconsistent: {e}");
        }
        Self::new(rules)
    }
    fn rules(&self) -> &PrideRules {
        &self.rules
    }
    fn name(&self) -> &'static str {
        "pride-prejudice"
    }
    fn seats(&self) -> RangeInclusive<usize> {
        1..=8
    }
    fn default_players(&self) -> usize {
        4
    }

    fn new_state(&self, players: usize) -> PrideState {
        assert!(self.seats().contains(&players), "Pride & Preju-Dice is for 1 to 8 players");
        let all_at_once = players > 1
            && match self.rules.all_at_once {
                AllAtOnce::FromSixPlayers => players >= 6,
                AllAtOnce::Always => true,
                AllAtOnce::Never => false,
            };
        PrideState {
            players: players as u8,
            round: 0,
            starter: 0,
            phase: Phase::Roll,
            all_at_once,
            pos: 0,
            dice: [1; 5],
            pool: ALL_DICE,
            ctx: Ctx::default(),
            sheets: [self.blank; MAX_SEATS],
            shown: [self.blank; MAX_SEATS],
            ended: Default::default(),
            capped: false,
            unseen: 0,
        }
    }

    fn turn(&self, s: &PrideState) -> GameTurn {
        match s.phase {
            Phase::Roll | Phase::Reroll | Phase::Reveal => GameTurn::Chance,
            Phase::Turn => GameTurn::Player(Seat(s.actor() as u8)),
            Phase::Over => GameTurn::Over,
        }
    }

    fn legal_actions(&self, s: &PrideState, out: &mut Vec<PrideAction>) {
        out.clear();
        if s.phase != Phase::Turn {
            return;
        }
        let (mut m, mut c) = (s.sheets[s.actor()], s.ctx);
        let t = Turn { l: &self.layout, dice: &s.dice, m: &mut m, c: &mut c };
        t.each_option(|a| out.push(a));
    }

    /// A pick (the first decision of every turn) is the `pick`-th of the pairs `settle`
    /// worked out when it fell due, counted and indexed in the bit set without listing
    /// them; any other decision lists its options.
    fn legal_pick(
        &self,
        s: &PrideState,
        buf: &mut Vec<PrideAction>,
        pick: impl FnOnce(usize) -> usize,
    ) -> PrideAction {
        let picks = s.ctx.picks;
        if s.phase == Phase::Turn && s.ctx.step == Step::Pick && picks != 0 {
            let i = pick(picks.count_ones() as usize);
            let b = bits::nth_member(picks.into(), i) as u8;
            return PrideAction::Pick(b / 5, b % 5);
        }
        self.legal_actions(s, buf);
        buf[pick(buf.len())]
    }

    fn apply(&self, s: &mut PrideState, a: PrideAction) {
        debug_assert!(s.phase == Phase::Turn, "no decision in {:?}", s.phase);
        self.turn_in(s).apply(a);
        self.run(s);
    }

    fn sample_chance(&self, s: &mut PrideState, chance: &mut impl Chance) {
        self.chance_watching(s, chance, &mut ())
    }

    fn outcome(&self, s: &PrideState) -> Outcome {
        let n = s.players();
        let mut scores = [0i32; MAX_SEATS];
        for (score, m) in scores.iter_mut().zip(&s.sheets[..n]) {
            *score = score::total(&self.layout, m);
        }
        let rounds = s.round as u32;
        if s.capped {
            Outcome::capped(&scores[..n], rounds, rounds)
        } else {
            // PP-15: ties for the highest total share the win (G-3).
            Outcome::finished(&scores[..n], ScoreOrder::HigherWins, rounds, rounds)
        }
    }

    fn turn_cap(&self) -> u32 {
        self.rules.turn_cap
    }

    /// Running standings: each sheet's score as everyone can see it.
    fn standings(&self, s: &PrideState, out: &mut [i32]) -> Option<u32> {
        for (j, o) in out.iter_mut().enumerate() {
            *o = score::total(&self.layout, s.visible(j));
        }
        Some(s.round as u32)
    }

    fn check_invariants(&self, s: &PrideState) -> Result<(), String> {
        self.invariants(s)
    }
}

impl BotHooks for Pride {
    /// The end is checked, and the turn cap applied, only when a round ends (PP-19, G-2),
    /// so one action can end the match only if it ends the mover's turn and every later
    /// player's turn then passes without a decision (steps with one option are taken without
    /// asking). "No" when the next player's turn starts with a choice (that turn does not
    /// depend on the mover's action once the dice the others share are fixed, after the
    /// starting player's turn, PP-16), or when no action ends the mover's turn.
    fn may_end_in_one(&self, s: &PrideState) -> bool {
        if s.phase != Phase::Turn || s.players == 1 {
            return true;
        }
        let next = s.pos as usize + 1;
        if next < s.players() && (s.pos > 0 || s.all_at_once) {
            let seat = (s.starter as usize + next) % s.players();
            let (mut c, mut m) = (self.fresh_ctx(s, seat), s.sheets[seat]);
            let mut t = Turn { l: &self.layout, dice: &s.dice, m: &mut m, c: &mut c };
            t.settle(false);
            return t.c.step == Step::Done && self.turn_may_end_in_one(s);
        }
        self.turn_may_end_in_one(s)
    }

    /// Sheets the viewer cannot see yet (choices made at the same time this round) are
    /// replayed with random choices from what it saw; the turn of a hidden player in
    /// progress restarts from its beginning.
    fn determinize(&self, s: &PrideState, viewer: Seat, rng: &mut Rng) -> PrideState {
        self.determinized(s, viewer, |t, j| self.replay(t, j, rng))
    }

    /// As [`BotHooks::determinize`], but a hidden seat's finished turn is left unplayed (its
    /// sheet as last shown, [`PrideState::unseen`]) until the round ends, where
    /// [`Phase::Reveal`] replays it by chance: the viewer's heuristic reads the others'
    /// sheets only as shown, so its look-ahead inside the round never needs those turns.
    fn determinize_lazy(&self, s: &PrideState, viewer: Seat, _rng: &mut Rng) -> PrideState {
        self.determinized(s, viewer, |t, j| t.unseen |= 1 << j)
    }

    fn deferred_chance(&self, s: &PrideState) -> bool {
        s.phase == Phase::Reveal
    }

    /// The roll, the round, every sheet as the others last saw it, the viewer's own sheet,
    /// and the turn in progress when it is the viewer's or public.
    fn observe(&self, s: &PrideState, viewer: Seat, out: &mut impl Hasher) {
        let v = viewer.index();
        (s.players, s.round, s.starter, s.phase, s.all_at_once, s.pos, s.dice, s.pool).hash(out);
        (s.ended, s.capped).hash(out);
        for j in 0..s.players() {
            s.visible(j).hash(out);
        }
        s.sheets[v].hash(out);
        if s.phase != Phase::Turn || s.actor() == v || !s.hidden(s.actor()) {
            s.ctx.hash(out);
        }
    }

    fn heuristic(&self, s: &PrideState, seat: Seat) -> f64 {
        self.estimate(s, seat)
    }
}

impl GameStats for Pride {
    fn length_unit(&self) -> &'static str {
        "rounds"
    }
    fn length_docs(&self, players: usize) -> Option<String> {
        Some(self.length_docs_text(players))
    }

    fn metric_names(&self, players: usize) -> Vec<String> {
        self.metric_list(players)
    }

    fn metrics(&self, s: &PrideState, out: &mut [i64]) {
        self.fill_metrics(s, out)
    }

    fn metric_docs(&self, players: usize) -> Vec<(String, String)> {
        self.metric_docs_text(players)
    }

    /// The sheet's option kinds ([`option_kinds`]): the same for every player count.
    fn option_kinds(&self, _players: usize) -> Vec<OptionKind> {
        self.kinds.list().to_vec()
    }

    /// Reads only the roll, the mover's own sheet and its turn, all of which it sees.
    /// A random match costs about 390,000 instructions and counting all its options 1.0 times
    /// that (callgrind, 4-player DARDZ and Love Actually and Pride, 3-player LOW BLOW): one
    /// deal in 14 keeps the counting under a tenth of a random match.
    fn option_sample_every(&self) -> u64 {
        14
    }
    fn action_kinds(&self, s: &PrideState, a: PrideAction) -> KindSet {
        self.kinds_of(s, a)
    }
}

impl GameText for Pride {
    fn describe(&self, s: &PrideState, a: PrideAction) -> String {
        self.describe_text(s, a)
    }

    fn describe_chance(&self, before: &PrideState, after: &PrideState) -> String {
        self.describe_chance_text(before, after)
    }

    fn render(&self, s: &PrideState) -> String {
        self.render_text(s)
    }
}
