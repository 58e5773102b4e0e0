//! Matching a node's children to the legal actions of the current determinization: a
//! cheap key per (seat, action) and a small hash table over the legal list, so that a node
//! whose children do not line up with the legal list (open-loop chance, resampled hidden
//! information) costs one probe per child instead of a scan of the list with the derived
//! `==` of an enum, whose branches mispredict.

use std::hash::{Hash, Hasher};

use super::NONE;

/// A cheap fingerprint of (seat, action): equal pairs have equal keys (the `Hash` contract),
/// so unequal keys prove the pairs differ with one integer compare. Equal keys are always
/// confirmed with `==`, so a collision costs time, never a different match.
#[inline]
pub(super) fn action_key<A: Hash>(seat: u8, action: &A) -> u64 {
    let mut h = KeyHasher(seat as u64);
    action.hash(&mut h);
    h.0
}

/// The hasher behind [`action_key`]: every write rotates the state and mixes in the value.
/// Actions are a discriminant and a few small fields, so this is nearly injective and costs
/// a few instructions.
struct KeyHasher(u64);

impl KeyHasher {
    #[inline]
    fn mix(&mut self, v: u64) {
        self.0 = self.0.rotate_left(8) ^ v;
    }
}

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.mix(b as u64);
        }
    }
    #[inline]
    fn write_u8(&mut self, v: u8) {
        self.mix(v as u64);
    }
    #[inline]
    fn write_u16(&mut self, v: u16) {
        self.mix(v as u64);
    }
    #[inline]
    fn write_u32(&mut self, v: u32) {
        self.mix(v as u64);
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.mix(v);
    }
    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.mix(v as u64);
    }
}

/// The bucket of `key` in a table of `1 << (64 - shift)` buckets (Fibonacci hashing: the
/// multiply spreads the low bits the keys differ in over the top bits kept).
#[inline]
fn bucket(key: u64, shift: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

/// The keys of one legal list for one mover and, once [`LegalKeys::index`] ran, an
/// open-addressing table from keys to legal positions. Cleared, not freed, between uses.
pub(super) struct LegalKeys {
    /// `action_key(mover, legal[j])` for every position `j`.
    pub keys: Vec<u64>,
    /// Legal positions by bucket, `NONE` for an empty bucket; a power-of-two length.
    table: Vec<u32>,
    shift: u32,
}

impl LegalKeys {
    pub fn new() -> Self {
        Self { keys: Vec::new(), table: Vec::new(), shift: 61 }
    }

    /// The keys of `legal` for `mover`.
    #[inline]
    pub fn set<A: Hash>(&mut self, mover: u8, legal: &[A]) {
        self.keys.clear();
        self.keys.extend(legal.iter().map(|a| action_key(mover, a)));
    }

    /// Build the table for the `legal` list the keys were set from (at most half full). A
    /// repeated action keeps its first position, the one a scan of the list finds.
    pub fn index<A: Eq>(&mut self, legal: &[A]) {
        let n = self.keys.len();
        let bits = (2 * n).next_power_of_two().trailing_zeros().max(3);
        self.shift = 64 - bits;
        self.table.clear();
        self.table.resize(1 << bits, NONE);
        let mask = (1usize << bits) - 1;
        for j in 0..n {
            let key = self.keys[j];
            let mut b = bucket(key, self.shift);
            loop {
                let i = self.table[b];
                if i == NONE {
                    self.table[b] = j as u32;
                    break;
                }
                let i = i as usize;
                if self.keys[i] == key && legal[i] == legal[j] {
                    break;
                }
                b = (b + 1) & mask;
            }
        }
    }

    /// The first position of `legal` holding `action` (whose key, with the mover, is
    /// `key`), from the table [`Self::index`] built for that list.
    #[inline]
    pub fn find<A: Eq>(&self, legal: &[A], key: u64, action: &A) -> Option<usize> {
        let mask = self.table.len() - 1;
        let mut b = bucket(key, self.shift);
        loop {
            let i = self.table[b];
            if i == NONE {
                return None;
            }
            let i = i as usize;
            if self.keys[i] == key && legal[i] == *action {
                return Some(i);
            }
            b = (b + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shaped like the games' actions: a derived `Hash` of a discriminant and small fields.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    enum Action {
        SetAside { colour: u8, value: u8 },
        Place { colour: u8, value: u8, cell: u8 },
    }

    #[test]
    fn equal_actions_have_equal_keys_and_the_seat_counts() {
        let a = Action::Place { colour: 1, value: 4, cell: 7 };
        assert_eq!(action_key(2, &a), action_key(2, &a));
        assert_ne!(action_key(1, &a), action_key(2, &a));
        let b = Action::SetAside { colour: 1, value: 4 };
        assert_ne!(action_key(2, &a), action_key(2, &b));
    }

    #[test]
    fn find_gives_the_first_position_like_a_scan() {
        // A list with a repeat (no shipped game has one, but the result must still be the
        // scan's), and enough entries to force collisions in a table of 8 buckets.
        let legal: Vec<u8> = vec![5, 9, 5, 200, 13, 0, 77];
        let mut lk = LegalKeys::new();
        lk.set(1, &legal);
        lk.index(&legal);
        for probe in [0u8, 5, 9, 13, 77, 200, 3, 255] {
            let want = legal.iter().position(|&a| a == probe);
            assert_eq!(lk.find(&legal, action_key(1, &probe), &probe), want, "action {probe}");
        }
        // Another mover's key finds nothing.
        assert_eq!(lk.find(&legal, action_key(0, &5u8), &5), None);
    }
}
