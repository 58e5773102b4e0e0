//! LOVE ACTUALLY's per-match counters for metrics.csv and the heuristic greedy play and
//! MCTS cut-offs use.

use super::cards::{BLACK, RELATIONSHIPS};
use super::*;

/// A metric key from a card name: lower case, words joined by `_`.
fn key(name: &str) -> String {
    name.to_lowercase().split_whitespace().collect::<Vec<_>>().join("_")
}

impl Love {
    /// A scoring option's short name: its cards and points (`juliet_peter_2`), or
    /// `double_karen` for Karen's double.
    pub fn option_key(&self, o: usize) -> String {
        let opt = &self.deck.options[o];
        let names: Vec<String> =
            cards_of(opt.mask).map(|c| key(&self.deck.cards[c as usize].name)).collect();
        if opt.double {
            let owner = opt.printed_on.trailing_zeros() as usize;
            format!("double_{}", key(&self.deck.cards[owner].name))
        } else {
            format!("{}_{}_{}", names.join("_"), opt.points, RELATIONSHIPS[opt.rel as usize])
        }
    }

    pub(super) fn metric_list(&self, players: usize) -> Vec<String> {
        let mut names: Vec<String> =
            ["points_sets", "points_tiles", "points_abilities"].map(String::from).to_vec();
        for o in 0..self.deck.options.len() {
            names.push(format!("set_{}", self.option_key(o)));
        }
        for card in &self.deck.cards {
            names.push(format!("scored_{}", key(&card.name)));
        }
        for card in &self.deck.cards {
            names.push(format!("ability_{}", key(&card.name)));
        }
        for kind in ["name", "relationship", "colour", "discard"] {
            names.push(format!("asks_{kind}"));
            names.push(format!("asks_{kind}_hit"));
        }
        names.extend(["actually_claims", "co_claims"].map(String::from));
        for r in RELATIONSHIPS {
            names.push(format!("tile_{r}"));
        }
        for seat in 0..players {
            names.push(format!("tiles_seat{seat}"));
        }
        names.extend(
            ["end_score", "end_last_tile", "end_cap", "turns", "reshuffles"].map(String::from),
        );
        names
    }

    pub(super) fn fill_metrics(&self, s: &LoveState, out: &mut [i64]) {
        let st = &s.stats;
        let mut i = 0;
        let mut put = |v: i64| {
            out[i] = v;
            i += 1;
        };
        for src in 0..3 {
            put(st.points.iter().map(|p| p[src] as i64).sum());
        }
        let nopt = self.deck.options.len();
        for o in 0..nopt {
            put(st.option_scored[o] as i64);
        }
        for c in 0..self.deck.cards.len() {
            let opts = self.deck.options_of[c];
            put((0..nopt)
                .filter(|o| opts & (1 << o) != 0)
                .map(|o| st.option_scored[o] as i64)
                .sum());
        }
        for c in 0..self.deck.cards.len() {
            put(st.ability_uses[c] as i64);
        }
        for k in 0..4 {
            put(st.asks[k] as i64);
            put(st.ask_hits[k] as i64);
        }
        put(st.claims as i64);
        put(st.co_claims as i64);
        for r in 0..4 {
            put((s.tile_owner[r] != NONE) as i64);
        }
        for seat in 0..s.players {
            put(s.tile_owner.iter().filter(|&&o| o == seat).count() as i64);
        }
        put((s.end_kind == EndKind::Score) as i64);
        put((s.end_kind == EndKind::LastTile) as i64);
        put(s.capped as i64);
        put(s.turns as i64);
        put(st.reshuffles as i64);
    }

    /// How good `s` looks for `seat`: its score, progress toward unclaimed tiles, the sets
    /// its hand completes or nearly completes, less half the best opponent's score.
    pub(super) fn value(&self, s: &LoveState, seat: u8) -> f64 {
        let w = seat as usize;
        let mut v = s.scores[w] as f64;
        for r in 0..4 {
            if s.tile_owner[r] == NONE {
                v += self.track_terms[s.tracks[w][r] as usize];
            }
        }
        let mut hand = s.hands[w] | s.aside[w];
        // An ask waiting for its answer: count the card the asked seat would hand over. On a
        // determinized state (the only kind greedy and MCTS value) this averages over the
        // hands the asker thinks possible, so greedy asks for what completes its sets.
        if s.phase == Phase::Respond {
            let asker = if s.ask_ctx == AskCtx::Step1 { s.current } else { s.scorer };
            if asker == seat {
                let h = s.hands[s.responder as usize];
                let m = if s.ask_ctx == AskCtx::Jamie {
                    h & !self.deck.colour_mask[s.ask_value as usize]
                } else {
                    self.matching(s.ask_kind, s.ask_value, h)
                };
                hand |= m & m.wrapping_neg();
            }
        }
        if s.phase == Phase::AskValue && s.actor == seat && s.ask_kind == AskKind::Name {
            // A name ask is the precise one: prefer it when the values tie.
            v += 0.05;
        }
        if matches!(s.phase, Phase::AskKind | Phase::AskValue) && s.actor == seat {
            // An ask may bring a card and costs nothing, so it beats taking a pile card that
            // improves nothing. Without this, two greedy players took each other's discard
            // for ever and every greedy-vs-greedy match hit the turn cap.
            v += 0.05;
        }
        let cap = self.rules.hand_size as u32;
        let own = s.hands[w];
        let excess = own.count_ones().saturating_sub(cap);
        let hand_value = if excess == 1 && s.phase != Phase::Respond {
            // A hand over its size is worth its best hand after the discard it must make
            // (never a black card, LA-12), not more: an extra card is not progress in itself.
            let black = self.deck.colour_mask[BLACK as usize];
            let mut best = f64::NEG_INFINITY;
            let mut left = own & !black;
            while left != 0 {
                let card = left & left.wrapping_neg();
                left &= left - 1;
                best = best.max(self.hand_value(hand & !card));
            }
            if best.is_finite() { best } else { self.hand_value(hand) }
        } else {
            self.hand_value(hand)
        };
        v += hand_value;
        let best_other =
            (0..s.players()).filter(|&x| x != w).map(|x| s.scores[x]).max().unwrap_or(0);
        v - 0.5 * best_other as f64
    }

    /// [`Love::hand_value_of`], from a per-thread memo when this hand was valued before: a
    /// greedy decision values the same few hands of its own again and again (sample after
    /// sample, only the others' hands are dealt anew). A slot keeps the hand and the
    /// tables' fingerprint, so the value is the function's own.
    pub(super) fn hand_value(&self, hand: u32) -> f64 {
        const SLOTS: usize = 256;
        thread_local! {
            static MEMO: std::cell::RefCell<[(u64, u32, f64); SLOTS]> =
                const { std::cell::RefCell::new([(0, 0, 0.0); SLOTS]) };
        }
        let key = self.hand_fingerprint;
        let slot = ((hand as u64 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize;
        MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            let (k, h, v) = memo[slot];
            // Fingerprint 0 marks an empty slot (a real one is 0 once in 2^64 tables).
            if k == key && h == hand && k != 0 {
                return v;
            }
            let v = self.hand_value_of(hand);
            memo[slot] = (key, hand, v);
            v
        })
    }

    /// What a hand (with the cards set aside) promises: its best complete set, and progress
    /// toward the others. Only the options that share a card with the hand add anything, so
    /// only those are visited (in option order, so the sum is the same to the bit).
    pub(super) fn hand_value_of(&self, hand: u32) -> f64 {
        let mut touched = 0u64;
        let mut cards = hand;
        while cards != 0 {
            touched |= self.deck.options_of[cards.trailing_zeros() as usize];
            cards &= cards - 1;
        }
        let mut best_complete = 0.0f64;
        let mut partial = 0.0;
        while touched != 0 {
            let t = &self.hand_terms[touched.trailing_zeros() as usize];
            touched &= touched - 1;
            let have = (hand & t.mask).count_ones();
            if have == t.need {
                best_complete = best_complete.max(t.complete);
            } else {
                partial += t.partial[have as usize];
            }
        }
        0.9 * best_complete + partial.min(4.0)
    }
}

/// Each track length's part of [`Love::value`] (a track toward a tile nobody owns yet):
/// 0.6 x the tile's points x the share of the threshold reached, worked out once per length
/// in the same order of operations as it once was per call, so values are unchanged.
pub fn track_terms(rules: &LoveRules) -> [f64; 256] {
    let thr = rules.tile_threshold as f64;
    std::array::from_fn(|len| track_term(rules, len as u8, thr))
}

/// One entry of [`track_terms`], as the heuristic once computed it.
fn track_term(rules: &LoveRules, len: u8, thr: f64) -> f64 {
    let t = (len as f64).min(thr);
    0.6 * rules.tile_points as f64 * t / thr
}

/// One scoring option's terms of [`Love::hand_value`]: a complete set is worth its points
/// plus 0.5; a set with `have` of its `need` cards adds 0.2 * points * (have / need)^2
/// (computed here in the same order of operations as it once was per call, so values are
/// unchanged).
#[derive(Clone, Debug)]
pub struct HandTerm {
    mask: u32,
    need: u32,
    complete: f64,
    partial: [f64; 33],
}

impl HandTerm {
    pub fn new(opt: &super::cards::SetOption) -> Self {
        let need = opt.mask.count_ones();
        let mut partial = [0.0; 33];
        for (have, p) in partial.iter_mut().enumerate().take(need as usize).skip(1) {
            let f = have as f64 / need as f64;
            *p = 0.2 * opt.points as f64 * f * f;
        }
        Self { mask: opt.mask, need, complete: opt.points as f64 + 0.5, partial }
    }
}
