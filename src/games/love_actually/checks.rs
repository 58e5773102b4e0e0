//! LOVE ACTUALLY's invariants, checked after every step by the conformance check: every card
//! in exactly one place (a hand, the deck, the pile, the scored or claimed sets, a pick),
//! knowledge only of cards that are really there (LA-13), hands within reason.

use super::state::{PUBLIC, SEATS};
use super::*;

impl Love {
    pub(super) fn invariants(&self, s: &LoveState) -> Result<(), String> {
        let n = s.players();
        let mut seen = 0u32;
        let mut total = 0u32;
        let mut add = |mask: u32, what: &str| -> Result<(), String> {
            if seen & mask != 0 {
                return Err(format!("cards {:#x} are twice (again in {what})", seen & mask));
            }
            seen |= mask;
            total += mask.count_ones();
            Ok(())
        };
        for w in 0..SEATS {
            if w >= n && (s.hands[w] != 0 || s.aside[w] != 0 || s.pending[w] != NONE) {
                return Err(format!("seat {w} holds cards in a {n}-player match"));
            }
            add(s.hands[w], "a hand")?;
            add(s.aside[w], "a claimed set")?;
            if s.pending[w] != NONE {
                add(bit(s.pending[w]), "a pick")?;
            }
        }
        add(s.deck, "the deck")?;
        add(s.scored, "the scored cards")?;
        let mut pile = 0u32;
        for &c in &s.pile[..s.pile_len as usize] {
            if pile & bit(c) != 0 {
                return Err(format!("card {c} twice on the pile"));
            }
            pile |= bit(c);
        }
        add(pile, "the pile")?;
        if seen != self.deck.all || total as usize != self.deck.cards.len() {
            return Err(format!(
                "{total} cards in play, {} in the game (missing {:#x})",
                self.deck.cards.len(),
                self.deck.all & !seen
            ));
        }
        for v in 0..=PUBLIC {
            for w in 0..SEATS {
                if s.known[v][w] & !s.hands[w] != 0 {
                    return Err(format!("seat row {v} knows cards not in seat {w}'s hand"));
                }
                if s.known[PUBLIC][w] & !s.known[v][w] != 0 && v != w {
                    return Err(format!("row {v} misses public knowledge of seat {w}"));
                }
            }
        }
        let points: i32 =
            (0..n).map(|w| s.stats.points[w].iter().map(|&p| p as i32).sum::<i32>()).sum();
        if points != s.scores[..n].iter().sum::<i32>() {
            return Err(format!("scores {:?} but points by source add to {points}", s.scores));
        }
        Ok(())
    }
}
