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
        let deal = match_index / group;
        let k = match_index % group;
        let mut slot_of_seat = [0u8; MAX_SEATS];
        match self {
            Seating::Fixed => {
                for (s, slot) in slot_of_seat.iter_mut().enumerate().take(players) {
                    *slot = s as u8;
                }
            }
            Seating::Rotate => {
                for (s, slot) in slot_of_seat.iter_mut().enumerate().take(players) {
                    *slot = ((s as u64 + k) % players as u64) as u8;
                }
            }
            Seating::Permute => {
                // The k-th permutation in lexicographic order (factorial number system).
                let mut pool: Vec<u8> = (0..players as u8).collect();
                let mut rest = k;
                for (s, slot) in slot_of_seat.iter_mut().enumerate().take(players) {
                    let f: u64 = (1..(players - s) as u64).product();
                    let pick = (rest / f) as usize;
                    rest %= f;
                    *slot = pool.remove(pick);
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
}
