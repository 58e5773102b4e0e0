//! DARDZ's turn engine: drawing, scoring a picked number, bonus rolls and clean-ups, passing
//! hands on a Clock, resolving action cards and their dice, and settling a round (round-win
//! roll-off, Lucky Loser). `GameRules::apply` and `GameRules::sample_chance` in `mod.rs` drive it.

use super::*;

impl Dardz {
    // ----- small state operations -------------------------------------------------------

    pub(super) fn draw_card<C: Chance>(s: &mut DardzState, c: &mut C) -> Card {
        let kind = c.draw_located(&s.deck, s.deck_len as u32, |r| s.deck_kind_at(r));
        s.take_from_deck(kind);
        Card(kind as u8)
    }

    /// A card leaves a hand: count the turns it waited there.
    pub(super) fn note_wait(s: &mut DardzState, card: Card, since: u16) {
        s.stats.hand_turns[card.index()] += (s.turns as u16).wrapping_sub(since) as u32;
    }

    pub(super) fn to_pile(s: &mut DardzState, seat: usize, card: Card) {
        s.piles[seat][card.index()] += 1;
        s.pile_len[seat] += 1;
        s.stats.scored[card.index()] += 1;
    }

    /// Ask `seat` to draw back to the hand size (if short).
    pub(super) fn want_draw(&self, s: &mut DardzState, seat: usize) {
        if s.hands[seat].len < self.rules.hand_size {
            s.draw_mask |= 1 << seat;
        }
    }

    /// Every holder of number `n` (or only the roller's side, on the Bonus Roll: the roller,
    /// and in Team DARDZ the partner too, DZ-6) moves all those cards to their points pile at
    /// once; outside the Bonus Roll each draws back. Returns the seats that scored.
    pub(super) fn score_number(&self, s: &mut DardzState, n: u8, bonus: bool) -> u8 {
        let allowed = if bonus { self.side_mask(s, s.roller as usize) } else { u8::MAX };
        // The holders first (a bit per seat, no branch per seat), then only their hands.
        let mut holders = 0u8;
        for seat in 0..s.players() {
            holders |= (((s.hands[seat].numbers() & bit(n)) != 0) as u8) << seat;
        }
        holders &= allowed;
        let turns = s.turns as u16;
        let mut most = 0u8;
        for seat in DardzState::seats_in(holders) {
            let (hand, piles) = (&mut s.hands[seat], &mut s.piles[seat]);
            let (stats, mut moved) = (&mut s.stats, 0u8);
            hand.remove_number(bit(n), |card, since, taken| {
                // `note_wait` and `to_pile` for every card of the number, as arithmetic.
                stats.hand_turns[card.index()] += taken * turns.wrapping_sub(since) as u32;
                stats.scored[card.index()] += taken;
                piles[card.index()] += taken as u8;
                moved += taken as u8;
            });
            s.pile_len[seat] += moved;
            most = most.max(s.pile_len[seat]);
        }
        // Outside the Bonus Roll every holder draws back: each lost a card from a hand of
        // at most `hand_size` (`check_invariants`), so each is short (`want_draw` without
        // its test per seat).
        if !bonus {
            s.draw_mask |= holders;
        }
        // Only a pile that grew can have reached the pile size (the others were short, or
        // the round would be over: `check_invariants`), so the full check runs only then,
        // and always in Team DARDZ, where a partner's pile counts too (DZ-6).
        if most as u32 >= self.side_target() || self.rules.teams {
            self.check_round_won(s);
        }
        holders
    }

    /// A Bonus Roll pick: the roller (and in Team DARDZ the partner) scores `n` without
    /// drawing; emptying the hand, whatever its size (both hands in Team DARDZ), is a clean-up
    /// (+5, and the turn is over, DZ-15); otherwise the roller rolls again. Returns the seats
    /// that scored.
    pub(super) fn bonus_pick(&self, s: &mut DardzState, n: u8) -> u8 {
        let scored = self.score_number(s, n, true);
        let roller = s.roller as usize;
        if self.side_hand_len(s, roller) == 0 {
            self.add_score(s, roller, self.rules.clean_up_points, Way::CleanUp);
            s.stats.clean_ups += 1;
            s.stage = Stage::EndTurn;
        }
        scored
    }

    /// Every hand passes to the left (Clock): seat i's hand goes to seat i + 1.
    // Out of line: its rotation's buffer on the stack made every call of `advance`, where it
    // was inlined, set up a large frame and save every register.
    #[cold]
    #[inline(never)]
    pub(super) fn pass_hands(s: &mut DardzState) {
        let n = s.players();
        s.hands[..n].rotate_right(1);
    }

    /// Start `seat`'s turn, unless the turn cap is reached (G-2).
    pub(super) fn start_turn(&self, s: &mut DardzState, seat: usize) -> bool {
        if s.turns >= self.rules.turn_cap {
            s.phase = Phase::Over;
            s.capped = true;
            return false;
        }
        s.turns += 1;
        s.roller = seat as u8;
        s.stage = Stage::Roll1;
        true
    }

    /// Take the roller's `card` out of their hand and start playing it. Returns true when it
    /// resolved at once (Skull, Clock), false when a decision or chance event comes first.
    pub(super) fn begin_play(&self, s: &mut DardzState, card: ActionCard) -> bool {
        let roller = s.roller as usize;
        let slot = s.hands[roller]
            .cards()
            .iter()
            .position(|&c| c == card.card())
            .expect("the roller holds the played card");
        let (_, since) = s.hands[roller].remove_at(slot);
        Self::note_wait(s, card.card(), since);
        // A replacement is drawn, except on the Bonus Roll ("play it first but still don't
        // draw a new card"); the Clock always draws (DZ-3).
        if s.stage != Stage::Bonus && (card == ActionCard::Clock || self.rules.action_card_redraw) {
            self.want_draw(s, roller);
        }
        match card {
            ActionCard::Skull => {
                Self::to_pile(s, roller, card.card());
                self.check_round_won(s);
                true
            }
            ActionCard::Clock => {
                Self::to_pile(s, roller, card.card());
                self.check_round_won(s);
                // The hands pass once the Clock's draw is done (`advance`).
                s.clock_pending = true;
                true
            }
            ActionCard::Jackpot => {
                s.phase = Phase::Guess;
                false
            }
            ActionCard::RollOff | ActionCard::BoostEm | ActionCard::BunkEm => {
                s.phase = Phase::ActionDice(card);
                false
            }
        }
    }

    /// Carry on until the next decision or chance event: the round's end, pending draws, a
    /// Clock's pass, the roller's action cards, then the turn's next roll or the next turn.
    #[inline]
    pub(super) fn advance(&self, s: &mut DardzState) {
        // The most frequent next event, after nearly every score: holders draw back. Decided
        // here, inlined into each caller, as the first pass of `advance_on` would decide it.
        if !s.round_over && s.draw_mask != 0 && s.deck_len > 0 {
            s.phase = Phase::Draw;
            return;
        }
        self.advance_on(s);
    }

    /// [`Dardz::advance`] past its first test.
    #[inline(never)]
    fn advance_on(&self, s: &mut DardzState) {
        loop {
            if s.round_over {
                s.phase = Phase::RoundEnd;
                return;
            }
            if s.draw_mask != 0 {
                if s.deck_len > 0 {
                    s.phase = Phase::Draw;
                    return;
                }
                // DZ-10: an empty draw pile; play on without drawing.
                s.draw_mask = 0;
            }
            if s.clock_pending {
                s.clock_pending = false;
                Self::pass_hands(s);
                s.event.passed = true;
                continue;
            }
            if s.deck_len == 0 && !self.pile_target_reachable(s) {
                // DZ-10: nobody can reach the pile size; the round ends without a winner.
                s.round_over = true;
                s.win_mask = 0;
                continue;
            }
            let roller = s.roller as usize;
            if s.stage.plays_actions() {
                let waiting = s.hands[roller].actions();
                if waiting != 0 {
                    // One kind waiting (`waiting` is not 0): no popcount, which the base
                    // x86-64 target computes in software.
                    if waiting & (waiting - 1) == 0 {
                        let card = ActionCard::ALL[waiting.trailing_zeros() as usize];
                        if s.event.passed {
                            s.event.auto_played_after_pass |= waiting;
                        } else {
                            s.event.auto_played |= waiting;
                        }
                        s.event.auto_seat = roller as u8;
                        if self.begin_play(s, card) {
                            continue;
                        }
                        return;
                    }
                    s.phase = Phase::ChooseAction;
                    return;
                }
            }
            // Tests in order of frequency rather than a jump on the stage (a jump table that
            // sends four of six stages to the same place mispredicts more).
            if s.stage.plays_actions() {
                // A Bonus Roll with an empty hand (the third roll took the whole hand and the
                // draw pile is empty) cannot take anything: no clean-up, the turn is over
                // (DZ-15; in Team DARDZ both hands, DZ-6).
                if s.stage == Stage::Bonus && self.side_hand_len(s, roller) == 0 {
                    s.stage = Stage::EndTurn;
                    continue;
                }
                s.phase = Phase::Roll;
                return;
            }
            if s.stage == Stage::EndTurn {
                // "Make sure you have 3 cards in your hand after your turn is finished."
                self.want_draw(s, roller);
                s.stage = Stage::Done;
            } else if !self.start_turn(s, s.left(roller)) {
                return;
            }
        }
    }

    // ----- chance events -----------------------------------------------------------------

    /// Resolve the pending chance event with dice and draws from `c`.
    pub fn resolve_chance<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        s.event = Event { seat: s.roller, ..Event::default() };
        // One dispatch on the phase (each is a hard-to-predict jump).
        match s.phase {
            Phase::Deal => {
                s.event.kind = EventKind::Dealt;
                self.deal(s, c)
            }
            Phase::ActionDice(card) => {
                s.event.kind = EventKind::ActionDice(card);
                self.action_dice(s, card, c)
            }
            Phase::Draw => {
                s.event.kind = EventKind::Drew;
                self.draw(s, c)
            }
            Phase::Roll => {
                s.event.kind = EventKind::Rolled(s.stage);
                self.roll(s, c)
            }
            Phase::RoundEnd => {
                s.event.kind = EventKind::Settled;
                self.settle(s, c)
            }
            other => panic!("{other:?} is not a chance event"),
        }
    }

    /// A roll-off with one die among `mask`; players tied for highest roll again (DZ-8: a
    /// roll-off among several players must name one of them, whatever `roll_off_tie`).
    pub(super) fn roll_off<C: Chance>(c: &mut C, mut mask: u8) -> usize {
        while !mask.is_power_of_two() {
            let mut best = 0;
            let mut best_mask = 0;
            for seat in DardzState::seats_in(mask) {
                let d = c.die(6) as u8;
                if d > best {
                    best = d;
                    best_mask = 1 << seat;
                } else if d == best {
                    best_mask |= 1 << seat;
                }
            }
            mask = best_mask;
        }
        mask.trailing_zeros() as usize
    }

    /// Shuffle all the cards, pick the first player (round 1: seat 0, G-1; later by
    /// `next_starter`, DZ-11: the lowest score with ties by roll-off, seat 0, or the seat
    /// left of the last round's first player) and deal the hands.
    pub(super) fn deal<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        let n = s.players();
        s.round += 1;
        // The full pile, its size and ends precomputed with `set_deck`'s formulas.
        s.deck = self.copies;
        s.deck_len = self.total;
        s.deck_ends = self.copy_ends;
        s.hands = [Hand::default(); MAX_SEATS];
        s.piles = [[0; NUM_KINDS]; MAX_SEATS];
        s.pile_len = [0; MAX_SEATS];
        s.draw_mask = 0;
        s.clock_pending = false;
        s.round_over = false;
        s.win_mask = 0;
        let first = if s.round == 1 {
            0
        } else {
            match self.rules.next_starter {
                NextStarter::LowestScore => {
                    let low = *s.scores[..n].iter().min().expect("players");
                    let mask = (0..n).filter(|&i| s.scores[i] == low).fold(0u8, |m, i| m | 1 << i);
                    s.event.rolloff = !mask.is_power_of_two();
                    Self::roll_off(c, mask)
                }
                NextStarter::Seat0 => 0,
                NextStarter::Rotate => s.left(s.starter as usize),
            }
        };
        s.starter = first as u8;
        // Dealt cards count as entering the hand on the round's first turn.
        let since = s.turns.wrapping_add(1) as u16;
        for k in 0..n {
            let seat = (first + k) % n;
            for _ in 0..self.rules.hand_size {
                if s.deck_len > 0 {
                    let card = Self::draw_card(s, c);
                    s.hands[seat].push(card, since);
                }
            }
        }
        if self.start_turn(s, first) {
            self.advance(s);
        }
    }

    /// Draw back to the hand size: the roller first, then to the left ("There's no order to
    /// who draws a new card first"; the order only matters when the pile runs out).
    pub(super) fn draw<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        let (n, roller) = (s.players(), s.roller as usize);
        // The drawing seats rotated so that bit k is the seat k places left of the roller:
        // set bits only, in drawing order, and each seat's count known before its loop.
        let mask = s.draw_mask as u16;
        let mut order = ((mask >> roller) | (mask << (n - roller))) & ((1 << n) - 1);
        let since = s.turns as u16;
        while order != 0 {
            let k = order.trailing_zeros() as usize;
            order &= order - 1;
            let seat = if roller + k >= n { roller + k - n } else { roller + k };
            let short = self.rules.hand_size.saturating_sub(s.hands[seat].len);
            for _ in 0..(short as u16).min(s.deck_len) {
                let card = Self::draw_card(s, c);
                s.hands[seat].push(card, since);
                s.event.record_draw(seat, card);
            }
        }
        s.draw_mask = 0;
        self.advance(s);
    }

    /// The stage's roll and what it makes automatic.
    pub(super) fn roll<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        // The dice inside the one jump on the stage (in order, the unused ones 0): a loop
        // over three dice tested "is this die rolled?" on the stage twice more per roll.
        match s.stage {
            Stage::Roll1 => {
                s.dice = [c.die(6) as u8, 0, 0];
                s.ndice = 1;
                // "There's no choice on the first roll."
                let n = s.dice[0];
                s.event.scored = self.score_number(s, n, false);
                s.event.auto_pick = n;
                s.stage = Stage::Roll2;
            }
            Stage::Roll2 => {
                let a = c.die(6) as u8;
                s.dice = [a, c.die(6) as u8, 0];
                s.ndice = 2;
                if self.ask_pick(s) {
                    return;
                }
                s.stage = Stage::Roll3;
            }
            Stage::Roll3 => {
                let a = c.die(6) as u8;
                let b = c.die(6) as u8;
                s.dice = [a, b, c.die(6) as u8];
                s.ndice = 3;
                if s.dice[0] == s.dice[1] && s.dice[1] == s.dice[2] {
                    // "If you roll 3-of-a-kind you instantly get +20 points"; the dice still
                    // act as the third roll.
                    let roller = s.roller as usize;
                    let gained = self.add_score(
                        s,
                        roller,
                        self.rules.three_of_a_kind_points,
                        Way::ThreeOfAKind,
                    );
                    s.stats.three_of_a_kind += 1;
                    if s.round == 1 && gained > 0 {
                        s.round1_bonus_scored = true;
                    }
                }
                if self.ask_pick(s) {
                    return;
                }
                s.stage = Stage::EndTurn;
            }
            Stage::Bonus => {
                let a = c.die(6) as u8;
                s.dice = [a, c.die(6) as u8, 0];
                s.ndice = 2;
                let options = self.pick_options(s);
                // None, one or several numbers, without a popcount (done in software).
                if options == 0 {
                    // "If you don't roll a number in hand ... your turn is over."
                    s.stage = Stage::EndTurn;
                } else if options & (options - 1) == 0 {
                    let n = options.trailing_zeros() as u8;
                    s.event.auto_pick = n;
                    s.event.scored = self.bonus_pick(s, n);
                } else {
                    // The Bonus Roll never passes (`may_pass`).
                    self.ask(s, options);
                    return;
                }
            }
            Stage::EndTurn | Stage::Done => unreachable!("no roll after the turn"),
        }
        self.advance(s);
    }

    /// If the roller has a number to take on this roll, ask them ([`Dardz::ask`]); returns
    /// whether it asked.
    fn ask_pick(&self, s: &mut DardzState) -> bool {
        let options = self.pick_options(s);
        if options != 0 {
            self.ask(s, options);
        }
        options != 0
    }

    /// Ask the roller to pick among `options` (this roll's `pick_options`, not 0), keeping
    /// them, and whether they may pass, for the decision (`s.options`).
    fn ask(&self, s: &mut DardzState, options: u16) {
        s.options = options | self.may_pass(s) as u16;
        s.phase = Phase::Pick;
    }

    /// The dice of a Jackpot, Roll-Off, Boost 'em or Bunk 'em, and the card's effect.
    pub(super) fn action_dice<C: Chance>(&self, s: &mut DardzState, card: ActionCard, c: &mut C) {
        let roller = s.roller as usize;
        let n = s.players();
        match card {
            ActionCard::Jackpot => {
                let d = c.die(6) as u8;
                s.event.dice = [d, 0];
                if d == s.guess {
                    let gained =
                        self.add_score(s, roller, self.rules.jackpot_points, Way::ActionCards);
                    s.stats.jackpot_points += gained;
                    s.stats.jackpot_hits += 1;
                    if s.round == 1 && gained > 0 {
                        s.round1_bonus_scored = true;
                    }
                }
                Self::to_pile(s, roller, card.card());
            }
            ActionCard::RollOff => {
                // You and the player on your left (G-4); a tie is rolled again, or with
                // `roll_off_tie = player_keeps` the card stays with its player (DZ-8).
                let left = s.left(roller);
                let (mine, theirs) = loop {
                    let (a, b) = (c.die(6) as u8, c.die(6) as u8);
                    if a != b || self.rules.roll_off_tie == RollOffTie::PlayerKeeps {
                        break (a, b);
                    }
                };
                s.event.dice = [mine, theirs];
                let winner = if mine >= theirs { roller } else { left };
                s.event.hit = 1 << winner;
                Self::to_pile(s, winner, card.card());
            }
            ActionCard::BoostEm | ActionCard::BunkEm => {
                let (a, b) = (c.die(6) as u8, c.die(6) as u8);
                s.event.dice = [a, b];
                let sum = (a + b) as i32;
                let scores = &s.scores[..n];
                let (low, high) = (
                    *scores.iter().min().expect("players"),
                    *scores.iter().max().expect("players"),
                );
                // Nobody is in last or first place when all are tied. In Team DARDZ the places
                // are the teams' (both partners hold the team score): each team once.
                if self.boost_bunk_live(s) && low != high {
                    let (target, delta) =
                        if card == ActionCard::BoostEm { (low, sum) } else { (high, -sum) };
                    let hit =
                        (0..n).filter(|&i| s.scores[i] == target).fold(0u8, |m, i| m | 1 << i);
                    s.event.hit = hit;
                    for seat in DardzState::seats_in(hit & self.side_reps(s)) {
                        let changed = self.add_score(s, seat, delta, Way::ActionCards);
                        if card == ActionCard::BoostEm {
                            s.stats.boost_points += changed;
                        } else {
                            s.stats.bunk_points += changed;
                        }
                    }
                }
                Self::to_pile(s, roller, card.card());
            }
            ActionCard::Skull | ActionCard::Clock => unreachable!("no dice for {card:?}"),
        }
        // The card is resolved and in a pile: no longer in play, so DZ-10's reachability
        // (`pile_target_reachable` reads the phase) must not count it again for a seat it
        // could have gone to. `advance` sets the next phase before it returns.
        s.phase = Phase::Roll;
        self.check_round_won(s);
        self.advance(s);
    }

    /// The round is over, settled in the seed's order (DZ-15): +10 to its winner (a tie on the
    /// most cards by roll-off), every pile added to its score, Lucky Loser rolls, each step
    /// floored at 0; then the game ends, the turn cap ends it (G-2: no round is dealt that
    /// could not be played), or the next round is dealt.
    pub(super) fn settle<C: Chance>(&self, s: &mut DardzState, c: &mut C) {
        let n = s.players();
        let winner = match s.win_mask.count_ones() {
            0 => None,
            1 => Some(s.win_mask.trailing_zeros() as usize),
            _ => {
                s.event.rolloff = true;
                s.stats.round_win_rolloffs += 1;
                Some(Self::roll_off(c, s.win_mask))
            }
        };
        match winner {
            Some(w) => {
                self.add_score(s, w, self.rules.round_bonus, Way::RoundBonus);
                let side = self.side_mask(s, w);
                for seat in DardzState::seats_in(side) {
                    s.stats.round_wins[seat] += 1;
                }
                s.event.hit = side;
            }
            None => s.stats.rounds_no_winner += 1,
        }
        if s.deck_len == 0 {
            s.stats.rounds_deck_empty += 1;
        }
        // Each side's piles in one step (DZ-16: a team adds its partners' piles first and
        // floors the sum once, so the result never depends on which partner sits lower).
        for seat in DardzState::seats_in(self.side_reps(s)) {
            let points = self.side_pile_points(s, seat);
            self.add_score(s, seat, points, Way::Piles);
        }
        // One Lucky Loser roll per side (a team shares one, DZ-6).
        for seat in DardzState::seats_in(self.side_reps(s)) {
            if self.side_pile(s, seat) <= self.side_lucky_max() {
                let (a, b) = (c.die(6) as u8, c.die(6) as u8);
                self.add_score(s, seat, (a * b) as i32, Way::LuckyLoser);
                s.stats.lucky_loser_rolls += 1;
                s.event.lucky[seat] = 8 * a + b;
            }
        }
        let best = *s.scores[..n].iter().max().expect("players");
        if best >= self.rules.target_score {
            // "You can't win the game in the middle of a round": only here.
            let top = DardzState::seats_in(self.side_reps(s))
                .filter(|&i| s.scores[i] == best)
                .fold(0u8, |m, i| m | 1 << i);
            if self.rules.final_tie == FinalTie::RollOff && !top.is_power_of_two() {
                s.event.rolloff = true;
                s.tiebreak = Self::roll_off(c, top) as u8;
            }
            s.phase = Phase::Over;
        } else if s.turns >= self.rules.turn_cap {
            // G-2: no turn is left for another round; the match ends capped here rather than
            // dealing a round nobody plays (which also named a starter that never rolled).
            s.phase = Phase::Over;
            s.capped = true;
        } else {
            s.phase = Phase::Deal;
        }
    }
}
