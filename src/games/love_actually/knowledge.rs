//! What a seat knows (LA-13) and the two functions built on it: `observe` and `determinize`.
//!
//! A seat v knows its own hand and its own pick (`pending`), every card it has seen in
//! another hand (`known[v]`: shown, exposed, given or taken, and the public row), and
//! everything public: the discard pile in order, the scored and claimed sets, hand sizes,
//! the deck's size, who has a pick waiting, scores, tracks, tiles and where the turn is.
//! Every other card is "unknown" to v: it is in some hand's unseen part, in another seat's
//! pick or in the deck.
//!
//! Both functions go through one canonical form: the state with v's unknown cards dealt in
//! card order into the unknown places (each other hand's unseen part, each other seat's
//! pick, then the deck) and every other seat's knowledge reduced to the public row. Two
//! states v cannot tell apart have the same canonical form, so `observe` (its hash) and
//! `determinize` (the same places filled from a random permutation of the same unknown
//! cards) depend on nothing v cannot see. Negative knowledge ("seat 2 had no red card") is
//! not used: a determinization may place a card where v could have ruled it out, which
//! loses a little skill and never peeks.

use std::hash::{Hash, Hasher};

use rand::RngExt;

use super::state::{PUBLIC, SEATS};
use super::*;
use crate::core::Rng;

impl Love {
    /// The canonical state for `v` and the cards unknown to it (ascending).
    fn canonical(&self, s: &LoveState, v: u8) -> (LoveState, [u8; 32], usize) {
        let mut c = s.clone();
        let v = v as usize;
        let mut unknown = s.deck;
        for w in 0..s.players() {
            if w == v {
                continue;
            }
            unknown |= s.hands[w] & !s.known[v][w];
            if s.pending[w] != NONE {
                unknown |= bit(s.pending[w]);
            }
        }
        for x in 0..SEATS {
            if x != v {
                c.known[x] = s.known[PUBLIC];
            }
        }
        let mut cards = [0u8; 32];
        let mut len = 0;
        for k in cards_of(unknown) {
            cards[len] = k;
            len += 1;
        }
        (c, cards, len)
    }

    /// Deal `cards` (in this order) into v's unknown places of canonical state `c`.
    fn fill(s: &LoveState, c: &mut LoveState, v: usize, cards: &[u8]) {
        let mut next = cards.iter().copied();
        for w in 0..s.players() {
            if w == v {
                continue;
            }
            let hidden = (s.hands[w] & !s.known[v][w]).count_ones();
            let mut hand = s.known[v][w];
            for _ in 0..hidden {
                hand |= bit(next.next().expect("an unknown card per unseen place"));
            }
            c.hands[w] = hand;
        }
        for w in 0..s.players() {
            if w != v && s.pending[w] != NONE {
                c.pending[w] = next.next().expect("an unknown card for the pick");
            }
        }
        c.deck = next.fold(0, |m, k| m | bit(k));
    }

    pub(super) fn observed(&self, s: &LoveState, v: u8, out: &mut impl Hasher) {
        let (mut c, cards, len) = self.canonical(s, v);
        Self::fill(s, &mut c, v as usize, &cards[..len]);
        c.hash(out);
    }

    pub(super) fn determinized(&self, s: &LoveState, v: u8, rng: &mut Rng) -> LoveState {
        let (mut c, mut cards, len) = self.canonical(s, v);
        // Fisher-Yates from the canonical order: the result depends only on what v knows
        // and on the generator.
        for i in (1..len).rev() {
            let j = rng.random_range(0..=i);
            cards.swap(i, j);
        }
        Self::fill(s, &mut c, v as usize, &cards[..len]);
        c
    }
}
