//! Sides, and DZ-10's reachability. In the standard game every seat plays for itself; in
//! Team DARDZ (DZ-6) partners sitting opposite (seat i and seat i + players/2, our default:
//! the rulebook only names the variant) form one side with one score, and their two points
//! piles race to `team_cards_per_round` together. Scores, the round's end, Lucky Loser and
//! the Bonus Roll ask about sides, so both games share one engine.

use super::*;

const ROLL_OFF: Card = ActionCard::RollOff.card();
const CLOCK: Card = ActionCard::Clock.card();

impl Dardz {
    /// What `seat`'s side stands to bank, for the heuristic: its score plus its points piles
    /// plus its share of the way to the round bonus.
    pub(super) fn standing(&self, s: &DardzState, seat: usize) -> f64 {
        let target = self.side_target() as f64;
        let partner = self.partner(s, seat);
        let mut piles = s.pile_points(seat, &self.values);
        if partner != seat {
            piles += s.pile_points(partner, &self.values);
        }
        s.scores[seat] as f64
            + piles as f64
            + self.rules.round_bonus as f64 * (self.side_pile(s, seat) as f64).min(target) / target
    }

    /// `me`'s standing against the field (the mean of the average and the best other side),
    /// over the target score, from each seat's `standing`.
    pub(super) fn against_field(
        &self,
        s: &DardzState,
        me: usize,
        standing: impl Fn(usize) -> f64,
    ) -> f64 {
        let mine = self.side_mask(s, me);
        let (mut sum, mut best, mut others) = (0.0, f64::MIN, 0);
        for i in DardzState::seats_in(self.side_reps(s) & !mine) {
            let v = standing(i);
            sum += v;
            best = best.max(v);
            others += 1;
        }
        let field = 0.5 * (sum / others as f64 + best);
        ((standing(me) - field) / self.rules.target_score as f64).clamp(-1.0, 1.0)
    }

    /// `seat`'s partner in Team DARDZ (the seat opposite), or `seat` itself.
    pub fn partner(&self, s: &DardzState, seat: usize) -> usize {
        if self.rules.teams { (seat + s.players() / 2) % s.players() } else { seat }
    }

    /// The seats of `seat`'s side, as a bitmask.
    pub fn side_mask(&self, s: &DardzState, seat: usize) -> u8 {
        1 << seat | 1 << self.partner(s, seat)
    }

    /// One seat per side, as a bitmask: every seat, or in Team DARDZ the seats below
    /// `players / 2` (each team's lowest seat).
    pub fn side_reps(&self, s: &DardzState) -> u8 {
        let sides = if self.rules.teams { s.players() / 2 } else { s.players() };
        ((1u16 << sides) - 1) as u8
    }

    /// Cards in the points piles of `seat`'s side.
    pub fn side_pile(&self, s: &DardzState, seat: usize) -> u32 {
        let partner = self.partner(s, seat);
        let own = s.pile_len[seat] as u32;
        if partner == seat { own } else { own + s.pile_len[partner] as u32 }
    }

    /// The points of the piles of `seat`'s side (DZ-16: a team's two piles, added).
    pub fn side_pile_points(&self, s: &DardzState, seat: usize) -> i32 {
        let partner = self.partner(s, seat);
        let own = s.pile_points(seat, &self.values);
        if partner == seat { own } else { own + s.pile_points(partner, &self.values) }
    }

    /// Pile cards that end the round: `cards_per_round`, or `team_cards_per_round` (DZ-6).
    pub fn side_target(&self) -> u32 {
        if self.rules.teams {
            self.rules.team_cards_per_round as u32
        } else {
            self.rules.cards_per_round as u32
        }
    }

    /// The most pile cards with which a side rolls the Lucky Loser roll.
    pub fn side_lucky_max(&self) -> u32 {
        if self.rules.teams {
            self.rules.team_lucky_loser_max_cards as u32
        } else {
            self.rules.lucky_loser_max_cards as u32
        }
    }

    /// The numbers `seat`'s side holds: its own hand, and in Team DARDZ its partner's (both
    /// hands count on the Bonus Roll, DZ-6).
    pub fn side_numbers(&self, s: &DardzState, seat: usize) -> u16 {
        s.hands[seat].numbers() | s.hands[self.partner(s, seat)].numbers()
    }

    /// Cards in the hands of `seat`'s side.
    pub fn side_hand_len(&self, s: &DardzState, seat: usize) -> u32 {
        let partner = self.partner(s, seat);
        let own = s.hands[seat].len as u32;
        if partner == seat { own } else { own + s.hands[partner].len as u32 }
    }

    /// Change `seat`'s side's score, never below 0 ("You can't go below zero points");
    /// returns the change that happened and records it, once per side, under its way of
    /// scoring. In Team DARDZ both partners hold the team's one score.
    pub(super) fn add_score(&self, s: &mut DardzState, seat: usize, delta: i32, way: Way) -> i32 {
        let old = s.scores[seat];
        let new = (old + delta).max(0);
        s.scores[seat] = new;
        let partner = self.partner(s, seat);
        s.scores[partner] = new;
        s.stats.ways[way as usize] += new - old;
        new - old
    }

    /// "When any player gets 10 cards in their points pile the round is immediately over"
    /// (in Team DARDZ, a team's two piles 20 cards). Several at once: the most cards wins;
    /// a tie is settled by a roll-off at the round end.
    pub(super) fn check_round_won(&self, s: &mut DardzState) {
        if s.round_over {
            return;
        }
        if !self.rules.teams {
            // Every seat its own side: the piles' lengths alone (runs after every score).
            let piles = &s.pile_len[..s.players()];
            let most = piles.iter().copied().max().unwrap_or(0) as u32;
            if most >= self.side_target() {
                s.round_over = true;
                s.win_mask = piles
                    .iter()
                    .enumerate()
                    .fold(0, |m, (i, &p)| m | (((p as u32 == most) as u8) << i));
            }
            return;
        }
        let reps = self.side_reps(s);
        let most = DardzState::seats_in(reps).map(|i| self.side_pile(s, i)).max().unwrap_or(0);
        if most >= self.side_target() {
            s.round_over = true;
            s.win_mask = DardzState::seats_in(reps)
                .filter(|&i| self.side_pile(s, i) == most)
                .fold(0, |m, i| m | 1 << i);
        }
    }

    /// DZ-10: with the draw pile empty, can some side still reach its pile size? Its piles
    /// plus the most cards it can still gain. `reach_bound = tight` (RULINGS): a seat can gain
    /// only its own hand; with c Clocks in hands (each passes every hand one seat left,
    /// once), the hands of the c seats to its right; a Roll-Off that is at, or can still be
    /// passed to, the seat on its right (who plays it against this seat, G-4); and the card
    /// in play if it can go to this seat. A team gains what either partner can, each card
    /// once. `any_clock`: while a Clock is in any hand every card in every hand counts.
    pub fn pile_target_reachable(&self, s: &DardzState) -> bool {
        let n = s.players();
        let hands = &s.hands[..n];
        let clocks: usize = hands.iter().map(|h| h.count(CLOCK)).sum();
        let any_clock_total = (self.rules.reach_bound == ReachBound::AnyClock && clocks > 0)
            .then(|| hands.iter().map(|h| h.len as u32).sum::<u32>());
        // Passes beyond n - 1 bring nothing new.
        let c = clocks.min(n - 1);
        let roller = s.roller as usize;
        let in_play: u8 = match s.phase {
            Phase::Guess => 1 << roller,
            Phase::ActionDice(ActionCard::RollOff) => 1 << roller | 1 << s.left(roller),
            Phase::ActionDice(_) => 1 << roller,
            _ => 0,
        };
        DardzState::seats_in(self.side_reps(s)).any(|i| {
            let members = self.side_mask(s, i);
            let gain = match any_clock_total {
                Some(total) => total,
                None => {
                    let (mut hand_seats, mut roll_off_seats) = (0u8, 0u8);
                    for m in DardzState::seats_in(members) {
                        for d in 0..=c {
                            hand_seats |= 1 << ((m + n - d) % n);
                        }
                        if c + 1 < n {
                            roll_off_seats |= 1 << ((m + n - c - 1) % n);
                        }
                    }
                    roll_off_seats &= !hand_seats;
                    let held: u32 =
                        DardzState::seats_in(hand_seats).map(|j| hands[j].len as u32).sum();
                    let roll_offs: u32 = DardzState::seats_in(roll_off_seats)
                        .map(|j| hands[j].count(ROLL_OFF) as u32)
                        .sum();
                    held + roll_offs
                }
            };
            let play = (in_play & members != 0) as u32;
            self.side_pile(s, i) + gain + play >= self.side_target()
        })
    }
}
