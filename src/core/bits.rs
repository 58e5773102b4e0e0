//! Sets of small indices as bits of a word, for the games that index a random bot's pick
//! in the set of its options instead of listing them (`GameRules::legal_pick`): the options of
//! a decision are often "these squares", "these cards in hand", "these pool entries".

/// The members of `0..n` (`n` at most 64) that pass `member`, as a set of bits.
#[inline(always)]
pub fn set_of(n: usize, member: impl Fn(usize) -> bool) -> u64 {
    debug_assert!(n <= 64, "{n} members do not fit a 64-bit set");
    (0..n).fold(0u64, |set, i| set | (member(i) as u64) << i)
}

/// The `i`-th member of `set` in ascending order (0: the lowest), for `i` below its size:
/// the same as the `i`-th of the members listed in ascending order.
#[inline(always)]
pub fn nth_member(mut set: u64, i: usize) -> u32 {
    debug_assert!(i < set.count_ones() as usize, "member {i} of a set of {}", set.count_ones());
    for _ in 0..i {
        set &= set - 1;
    }
    set.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_member_is_the_ith_of_the_members_in_ascending_order() {
        for set in [1u64, 0b1011_0110, u64::MAX, 1 << 63 | 1, 0x00F0_0F00_F00F_0FF0] {
            let members: Vec<u32> = (0..64).filter(|&b| set & (1 << b) != 0).collect();
            for (i, &m) in members.iter().enumerate() {
                assert_eq!(nth_member(set, i), m, "set {set:#x}, member {i}");
            }
        }
    }

    #[test]
    fn set_of_holds_exactly_the_members_that_pass() {
        assert_eq!(set_of(10, |i| i % 3 == 0), 0b10_0100_1001);
        assert_eq!(set_of(64, |_| true), u64::MAX);
        assert_eq!(set_of(0, |_| true), 0);
    }
}
