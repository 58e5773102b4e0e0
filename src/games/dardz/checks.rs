//! DARDZ's invariants, checked after every step by the conformance check: every card in
//! exactly one place, hands and piles within their sizes, scores equal to what the piles
//! and bonuses add up to.

use super::*;

impl Dardz {
    pub(super) fn invariants(&self, s: &DardzState) -> Result<(), String> {
        let n = s.players();
        // Every card is in exactly one place: the draw pile, a hand, a points pile, or in
        // play (an action card between its play and its resolution).
        let in_play = match s.phase {
            Phase::Guess => Some(ActionCard::Jackpot.card()),
            Phase::ActionDice(card) => Some(card.card()),
            _ => None,
        };
        // One pass over hands and piles, counting every kind in byte lanes of three u64s
        // (kinds 0-7, 8-15, 16-18): this runs after every step of the conformance check, at
        // opt-level 1 in tests, so the counts stay in registers. No lane can carry: a lane
        // counts one kind, at most 20 copies.
        let mut total = kind_lanes(&s.deck);
        if let Some(card) = in_play {
            total[card.index() >> 3] += lane_one(card);
        }
        for seat in 0..MAX_SEATS {
            let h = &s.hands[seat];
            let row = kind_lanes(&s.piles[seat]);
            total[0] = total[0].wrapping_add(row[0]);
            total[1] = total[1].wrapping_add(row[1]);
            total[2] = total[2].wrapping_add(row[2]);
            let pile = lane_sum(row[0].wrapping_add(row[1]).wrapping_add(row[2]));
            for i in 0..h.len as usize {
                let card = h.cards[i];
                total[card.index() >> 3] = total[card.index() >> 3].wrapping_add(lane_one(card));
            }
            if pile != s.pile_len[seat] {
                return Err(format!(
                    "seat {seat}'s pile holds {pile}, counted {}",
                    s.pile_len[seat]
                ));
            }
            if h.len > self.rules.hand_size {
                return Err(format!("seat {seat} holds {} cards", h.len));
            }
            if (h.len as usize..MAX_HAND).any(|i| h.cards[i].0 != 0 || h.since[i] != 0) {
                return Err(format!("seat {seat}'s unused hand slots are not blank"));
            }
            if (h.numbers(), h.actions()) != h.masks_counted() {
                return Err(format!("seat {seat}'s hand masks do not match its cards"));
            }
            if seat >= n && (h.len != 0 || pile != 0 || s.scores[seat] != 0) {
                return Err(format!("seat {seat} is not at the table but has cards or points"));
            }
            if s.scores[seat] < 0 {
                return Err(format!("seat {seat} has a negative score"));
            }
        }
        if total != self.copy_lanes {
            let k = (0..NUM_KINDS)
                .find(|&k| lane_count(&total, k) != self.copies[k])
                .expect("a kind differs");
            return Err(format!(
                "{} cards of kind {}: {} placed ({} in the draw pile)",
                self.copies[k],
                Card(k as u8).label(),
                lane_count(&total, k),
                s.deck[k]
            ));
        }
        let deck: u16 = s.deck.iter().map(|&c| c as u16).sum();
        if deck != s.deck_len {
            return Err(format!("draw pile holds {deck}, counted {}", s.deck_len));
        }
        if s.deck_ends != state::deck_ends(&s.deck) {
            return Err("the draw pile's kept ends do not match its counts".into());
        }
        // `Dardz::offered` reads all three dice: those the last roll did not use must be 0.
        if s.dice[(s.ndice as usize).min(3)..].iter().any(|&d| d != 0) {
            return Err(format!("dice {:?} with {} rolled", s.dice, s.ndice));
        }
        if s.phase == Phase::Pick && s.stage.dice() != s.ndice as usize {
            return Err(format!("a pick on the {} with {} dice", s.stage.name(), s.ndice));
        }
        let roller = &s.hands[s.roller as usize];
        if s.phase == Phase::Pick && s.options != self.pick_options(s) | self.may_pass(s) as u16 {
            return Err(format!("a pick whose kept options {:#b} are stale", s.options));
        }
        if s.phase != Phase::Pick && s.options != 0 {
            return Err(format!("options {:#b} kept outside a pick", s.options));
        }
        match s.phase {
            Phase::Pick if self.pick_options(s) == 0 => {
                return Err("a pick with no number to take".into());
            }
            Phase::Pick if s.stage == Stage::Bonus && self.pick_options(s).count_ones() < 2 => {
                return Err("a Bonus Roll decision with a single option".into());
            }
            Phase::ChooseAction if roller.actions().count_ones() < 2 => {
                return Err("an action-card choice without two kinds waiting".into());
            }
            Phase::Roll if roller.actions() != 0 => {
                return Err("the roller rolls while holding an action card".into());
            }
            Phase::Over if !s.capped => {
                let best = s.scores[..n].iter().max().copied().unwrap_or(0);
                if best < self.rules.target_score {
                    return Err(format!("the game ended with a best score of {best}"));
                }
            }
            _ => {}
        }
        // Sides: seats, or teams whose two piles count together (DZ-6).
        let reps = self.side_reps(s);
        if s.round_over && s.win_mask != 0 {
            if s.win_mask & !reps != 0
                || DardzState::seats_in(s.win_mask)
                    .any(|i| self.side_pile(s, i) < self.side_target())
            {
                return Err("a round winner without a full pile".into());
            }
        } else if !s.round_over
            && s.phase != Phase::Deal
            && DardzState::seats_in(reps).any(|i| self.side_pile(s, i) >= self.side_target())
        {
            return Err("a full pile, but the round goes on".into());
        }
        if self.rules.teams
            && DardzState::seats_in(reps).any(|i| s.scores[i] != s.scores[self.partner(s, i)])
        {
            return Err("partners hold different scores in Team DARDZ".into());
        }
        if s.turns > self.rules.turn_cap {
            return Err(format!("{} turns exceed the cap", s.turns));
        }
        Ok(())
    }
}
