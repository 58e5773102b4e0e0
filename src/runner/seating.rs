//! Seating: which lineup slot (bot) sits in which seat for each match, and which deal
//! (chance seed) the match plays. With `rotate` (the default) consecutive groups of n matches
//! share one deal with the lineup rotated through the seats, so that the seat effect and the
//! bots' strength separate cleanly and the paired design lowers variance; `permute` plays
//! all n! seatings of each deal; `fixed` plays slot i in seat i with a fresh deal each match.

use crate::core::MAX_SEATS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seating {
    Rotate,
    Permute,
    Fixed,
}

/// One match's deal and seating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assignment {
    /// The chance stream's index: matches with the same deal see the same dice and cards.
    pub deal: u64,
    /// `slot_of_seat[s]`: the lineup slot that plays seat s.
    pub slot_of_seat: [u8; MAX_SEATS],
}

impl Seating {
    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Seating::Rotate => "rotate",
            Seating::Permute => "permute",
            Seating::Fixed => "fixed",
        }
    }

    /// Matches per deal.
    pub fn group_size(self, players: usize) -> u64 {
        match self {
            Seating::Rotate => players as u64,
            Seating::Permute => (1..=players as u64).product(),
            Seating::Fixed => 1,
        }
    }

    pub fn assign(self, players: usize, match_index: u64) -> Assignment {
        let group = self.group_size(players);
        // A 64-bit division takes tens of cycles, a noticeable part of a tic-tac-toe match;
        // groups of 1, 2, 4 and 8 (fixed seats, rotations of 2, 4 and 8) need only a shift.
        let (deal, k) = if group.is_power_of_two() {
            (match_index >> group.trailing_zeros(), match_index & (group - 1))
        } else {
            (match_index / group, match_index % group)
        };
        let mut slot_of_seat = [0u8; MAX_SEATS];
        match self {
            Seating::Fixed => {
                for (s, slot) in slot_of_seat.iter_mut().enumerate().take(players) {
                    *slot = s as u8;
                }
            }
            Seating::Rotate => {
                // (s + k) mod players, counted up without a division per seat (k < players).
                let mut slot = k as usize;
                for seat_slot in slot_of_seat.iter_mut().take(players) {
                    *seat_slot = slot as u8;
                    slot += 1;
                    if slot == players {
                        slot = 0;
                    }
                }
            }
            Seating::Permute => {
                // The k-th permutation in lexicographic order (factorial number system); the
                // pool of unplaced slots is a fixed array, so no match allocates.
                let mut pool = [0u8; MAX_SEATS];
                for (i, p) in pool.iter_mut().enumerate() {
                    *p = i as u8;
                }
                let mut left = players;
                let mut rest = k;
                for (s, slot) in slot_of_seat.iter_mut().enumerate().take(players) {
                    let f: u64 = (1..(players - s) as u64).product();
                    let pick = (rest / f) as usize;
                    rest %= f;
                    *slot = pool[pick];
                    pool.copy_within(pick + 1..left, pick);
                    left -= 1;
                }
            }
        }
        Assignment { deal, slot_of_seat }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_and_position_in_group_are_the_quotient_and_remainder() {
        // Against a reference that divides: the deal, and the seats of the k-th match of
        // the group (a rotation by k; the k-th permutation in lexicographic order).
        for seating in [Seating::Fixed, Seating::Rotate, Seating::Permute] {
            for players in 1..=MAX_SEATS {
                let group = seating.group_size(players);
                let indices = (0..300).chain([group * 3 + group - 1, u64::MAX - 7, u64::MAX]);
                for index in indices {
                    let a = seating.assign(players, index);
                    let (deal, k) = (index / group, index % group);
                    assert_eq!(a.deal, deal, "{seating:?} {players} {index}");
                    let mut pool: Vec<u8> = (0..players as u8).collect();
                    let expected: Vec<u8> = match seating {
                        Seating::Fixed => pool,
                        Seating::Rotate => {
                            (0..players).map(|s| ((s as u64 + k) % group) as u8).collect()
                        }
                        Seating::Permute => {
                            let mut rest = k;
                            (0..players)
                                .map(|s| {
                                    let f: u64 = (1..(players - s) as u64).product();
                                    let pick = (rest / f) as usize;
                                    rest %= f;
                                    pool.remove(pick)
                                })
                                .collect()
                        }
                    };
                    assert_eq!(
                        &a.slot_of_seat[..players],
                        &expected[..],
                        "{seating:?} {players} {index}"
                    );
                }
            }
        }
    }

    #[test]
    fn rotate_puts_every_slot_in_every_seat_per_deal() {
        for i in 0..3 {
            let a = Seating::Rotate.assign(3, 6 + i);
            assert_eq!(a.deal, 2);
            assert_eq!(a.slot_of_seat[0], i as u8);
        }
        assert_eq!(&Seating::Rotate.assign(3, 1).slot_of_seat[..3], &[1, 2, 0]);
    }

    #[test]
    fn permute_covers_all_orders_once() {
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..24 {
            let a = Seating::Permute.assign(4, i);
            assert_eq!(a.deal, 0);
            seen.insert(a.slot_of_seat[..4].to_vec());
        }
        assert_eq!(seen.len(), 24);
        assert_eq!(Seating::Permute.assign(4, 24).deal, 1);
    }

    #[test]
    fn seatings_are_the_lexicographic_and_rotated_orders() {
        // The orders every earlier result was played in: rotate puts slot (s + k) mod n in
        // seat s; permute takes the k-th permutation in lexicographic order (here by a plain
        // Vec-based reference, as the code once was).
        for n in 1..=6usize {
            for k in 0..n as u64 {
                let a = Seating::Rotate.assign(n, 3 * n as u64 + k);
                let want: Vec<u8> = (0..n).map(|s| ((s as u64 + k) % n as u64) as u8).collect();
                assert_eq!(&a.slot_of_seat[..n], &want[..]);
            }
            let group = Seating::Permute.group_size(n);
            for k in 0..group {
                let mut pool: Vec<u8> = (0..n as u8).collect();
                let mut rest = k;
                let mut want = Vec::new();
                for s in 0..n {
                    let f: u64 = (1..(n - s) as u64).product();
                    want.push(pool.remove((rest / f) as usize));
                    rest %= f;
                }
                assert_eq!(&Seating::Permute.assign(n, group + k).slot_of_seat[..n], &want[..]);
            }
        }
    }
}
