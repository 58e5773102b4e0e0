//! Where dice and draws come from: every game's chance turn goes through [`Chance`], so the
//! engine's generator and a test's script drive exactly the same rule code.
//!
//! In a match the source is the chance stream ([`Rng`]); in a rule test it is a
//! [`ScriptedChance`] that says "the next dice are 6, 6, 1" or "the next card drawn is
//! kind 4", so a test sets up the position it needs instead of hunting for a seed:
//!
//! ```
//! use arena::core::chance::{Chance, ScriptedChance};
//! let mut script = ScriptedChance::new().dice([6, 6, 1]).draws([2]);
//! assert_eq!(script.die(6), 6);
//! assert_eq!(script.die(6), 6);
//! assert_eq!(script.die(6), 1);
//! assert_eq!(script.draw(&[1, 0, 3]), 2); // the pile holds kind 2, so the script may say so
//! assert!(script.is_spent());
//! ```
//!
//! The [`Rng`] implementation reproduces, draw for draw, how each game sampled before this
//! interface existed (each through the rand range it used), so no result changed when the
//! games moved onto it. It samples through [`range_u32`] and [`index_below`], which are rand's
//! own range sampling, value for value, always inlined.

use std::collections::VecDeque;

use rand::RngExt;

use super::Rng;

/// A source of dice, uniform choices and draws from a pile.
pub trait Chance {
    /// A die with `faces` faces: 1 to `faces` (faces >= 1).
    fn die(&mut self, faces: u32) -> u32;
    /// A die drawn through a `usize` range, as LOW BLOW has always rolled. The rand this
    /// project pins (0.10) samples a `usize` range that fits in 32 bits as a `u32` range, so
    /// the values equal [`Chance::die`]'s, and [`index_below`] reproduces that sampling; a
    /// rand that sampled `usize` ranges otherwise would fail
    /// `tests::inlined_ranges_draw_as_rand_does` rather than change LOW BLOW silently.
    fn die_wide(&mut self, faces: u32) -> u32;
    /// A uniform choice among `n` things: 0 to n - 1 (n >= 1).
    fn below(&mut self, n: u32) -> u32;
    /// A card from a pile holding `counts[k]` cards of kind k, every card equally likely:
    /// returns the kind (the pile must not be empty).
    fn draw(&mut self, counts: &[u8]) -> usize;
    /// [`Chance::draw`] from a pile whose size the game keeps anyway: the same card from the
    /// same stream, without adding up the counts (which also reads them wide right after the
    /// game wrote one of them narrow, a store-forwarding stall).
    fn draw_sized(&mut self, counts: &[u8], total: u32) -> usize {
        debug_assert_eq!(total, counts.iter().map(|&c| c as u32).sum::<u32>());
        self.draw(counts)
    }
    /// [`Chance::draw_sized`] for a game that can name the kind at a position of the pile
    /// laid out kind by kind faster than scanning the counts: `kind_at_position(r)` must
    /// return the kind of the card at position `r` (`0 <= r < total`). A generator draws the
    /// same position from the same stream as [`Chance::draw`] and asks for its kind, so the
    /// card is the same; a script ignores it and names its own kind, and the trace recorder
    /// (which keeps this default) draws through [`Chance::draw_sized`]: the same card.
    fn draw_located(
        &mut self,
        counts: &[u8],
        total: u32,
        kind_at_position: impl FnOnce(u32) -> usize,
    ) -> usize
    where
        Self: Sized,
    {
        let _ = kind_at_position;
        self.draw_sized(counts, total)
    }
}

/// The kind of the card at position `r` of a pile laid out kind by kind.
fn kind_at(counts: &[u8], mut r: u32) -> usize {
    // A scan with an early exit: one mispredicted exit per card costs less here than the
    // branch-free count, which the compiler vectorizes into wide reads of just-written bytes.
    for (kind, &n) in counts.iter().enumerate() {
        if r < n as u32 {
            return kind;
        }
        r -= n as u32;
    }
    unreachable!("drew past the end of the pile");
}

/// rand's `random_range(low..=high)` for `u32`, value for value and draw for draw (rand
/// 0.10's biased Canon method: one 32-bit draw times the range, whose high half is the
/// value; a second draw only when the low half lands in its last `range - 1` values), but
/// always inlined. rand's generic `random_range` was left out of line in hot loops (a random
/// tic-tac-toe move, MCTS rollouts), and the call cost the caller its generator's state in
/// registers. `tests::inlined_ranges_draw_as_rand_does` checks it against rand itself,
/// second draws included; the version of rand is pinned by `Cargo.lock`.
#[inline(always)]
pub fn range_u32<R: rand::Rng + ?Sized>(rng: &mut R, low: u32, high: u32) -> u32 {
    assert!(low <= high, "cannot sample empty range");
    let range = high.wrapping_sub(low).wrapping_add(1);
    if range == 0 {
        return rng.next_u32();
    }
    let wide = rng.next_u32() as u64 * range as u64;
    let (mut result, lo) = ((wide >> 32) as u32, wide as u32);
    if lo > range.wrapping_neg() {
        let new_hi = ((rng.next_u32() as u64 * range as u64) >> 32) as u32;
        result += lo.checked_add(new_hi).is_none() as u32;
    }
    low.wrapping_add(result)
}

/// rand's `random_range(0..n)` for `u32` (n >= 1), always inlined ([`range_u32`]).
#[inline(always)]
pub fn below_u32<R: rand::Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    assert!(n > 0, "cannot sample empty range");
    range_u32(rng, 0, n - 1)
}

/// rand's `random_range(0..n)` for `usize` (n >= 1), always inlined: rand samples a range
/// that fits in 32 bits as a `u32` range ([`range_u32`]), and hands the rest to rand.
#[inline(always)]
pub fn index_below<R: rand::Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    assert!(n > 0, "cannot sample empty range");
    // rand's own test, on the exclusive end: 2^32 itself already takes the u64 path.
    if n > u32::MAX as usize {
        return rng.random_range(0..n);
    }
    range_u32(rng, 0, (n - 1) as u32) as usize
}

impl Chance for Rng {
    fn die(&mut self, faces: u32) -> u32 {
        range_u32(self, 1, faces)
    }
    fn die_wide(&mut self, faces: u32) -> u32 {
        index_below(self, faces as usize) as u32 + 1
    }
    fn below(&mut self, n: u32) -> u32 {
        below_u32(self, n)
    }
    fn draw(&mut self, counts: &[u8]) -> usize {
        let total: u32 = counts.iter().map(|&c| c as u32).sum();
        kind_at(counts, below_u32(self, total))
    }
    fn draw_sized(&mut self, counts: &[u8], total: u32) -> usize {
        debug_assert_eq!(total, counts.iter().map(|&c| c as u32).sum::<u32>());
        kind_at(counts, below_u32(self, total))
    }
    fn draw_located(
        &mut self,
        counts: &[u8],
        total: u32,
        kind_at_position: impl FnOnce(u32) -> usize,
    ) -> usize {
        debug_assert_eq!(total, counts.iter().map(|&c| c as u32).sum::<u32>());
        let r = below_u32(self, total);
        let kind = kind_at_position(r);
        debug_assert_eq!(kind, kind_at(counts, r), "the game named another kind at {r}");
        kind
    }
}

/// Chance as a test writes it: queues of dice, choices and drawn kinds, consumed in order.
/// Asking for more than the script holds, or for a value the situation cannot produce (a
/// 7 on a six-sided die, a kind the pile does not hold), panics with what was asked.
#[derive(Clone, Debug, Default)]
pub struct ScriptedChance {
    dice: VecDeque<u32>,
    choices: VecDeque<u32>,
    draws: VecDeque<usize>,
    /// Once the scripted draws are used up, draw the first kind the pile holds (for deals
    /// whose exact cards a test does not care about).
    first_kind_after_draws: bool,
}

impl ScriptedChance {
    pub fn new() -> Self {
        Self::default()
    }
    /// The next dice rolled, in order (by [`Chance::die`] and [`Chance::die_wide`]).
    pub fn dice(mut self, faces: impl IntoIterator<Item = u32>) -> Self {
        self.dice.extend(faces);
        self
    }
    /// The next uniform choices, in order (by [`Chance::below`]).
    pub fn choices(mut self, picks: impl IntoIterator<Item = u32>) -> Self {
        self.choices.extend(picks);
        self
    }
    /// The kinds of the next cards drawn, in order: "the deck is in this order".
    pub fn draws(mut self, kinds: impl IntoIterator<Item = usize>) -> Self {
        self.draws.extend(kinds);
        self
    }
    /// After the scripted draws, every further draw takes the first kind the pile holds.
    pub fn then_first_kind(mut self) -> Self {
        self.first_kind_after_draws = true;
        self
    }
    /// Whether every scripted value was used (a test can assert it played what it set up).
    pub fn is_spent(&self) -> bool {
        self.dice.is_empty() && self.choices.is_empty() && self.draws.is_empty()
    }
}

impl Chance for ScriptedChance {
    fn die(&mut self, faces: u32) -> u32 {
        let v = self.dice.pop_front().unwrap_or_else(|| panic!("the script has no more dice"));
        assert!((1..=faces).contains(&v), "the script rolls {v} on a die of {faces} faces");
        v
    }
    fn die_wide(&mut self, faces: u32) -> u32 {
        self.die(faces)
    }
    fn below(&mut self, n: u32) -> u32 {
        let v =
            self.choices.pop_front().unwrap_or_else(|| panic!("the script has no more choices"));
        assert!(v < n, "the script chooses {v} of {n}");
        v
    }
    fn draw(&mut self, counts: &[u8]) -> usize {
        let k = match self.draws.pop_front() {
            Some(k) => k,
            None if self.first_kind_after_draws => {
                counts.iter().position(|&c| c > 0).expect("a draw from an empty pile")
            }
            None => panic!("the script has no more draws"),
        };
        assert!(
            counts.get(k).is_some_and(|&c| c > 0),
            "the script draws kind {k}, which the pile {counts:?} does not hold"
        );
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::derive_rng;
    use rand::Rng as _;

    #[test]
    fn rng_draws_match_the_samplers_games_used_before() {
        // The values each game drew before the interface existed, from the same stream.
        let (mut a, mut b) = (derive_rng(3, 4, 0), derive_rng(3, 4, 0));
        for _ in 0..1000 {
            assert_eq!(a.die(6), b.random_range(1..=6u8) as u32);
            assert_eq!(a.die_wide(6), b.random_range(0..6usize) as u32 + 1);
            assert_eq!(a.below(90), b.random_range(0..90u16) as u32);
        }
    }

    /// A generator that returns scripted 32-bit values (then a counter), to reach the
    /// second draw of rand's method, which a real stream takes about once in 2^32 / range.
    #[derive(Clone)]
    struct Scripted(Vec<u32>, u64);

    impl rand::TryRng for Scripted {
        type Error = std::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            self.1 += 1;
            Ok(if self.0.is_empty() { self.1 as u32 } else { self.0.remove(0) })
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            self.try_next_u32().map(|x| x as u64)
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
            dst.fill(0);
            Ok(())
        }
    }

    #[test]
    fn inlined_ranges_draw_as_rand_does() {
        // From real streams: every small range and some wide ones, value and stream position.
        let ends = (1..=300u32).chain([1 << 16, (1 << 31) + 1, u32::MAX - 1, u32::MAX]);
        for (i, n) in ends.enumerate() {
            let (mut a, mut b) = (derive_rng(9, i as u64, 0), derive_rng(9, i as u64, 0));
            for _ in 0..200 {
                assert_eq!(below_u32(&mut a, n), b.random_range(0..n), "0..{n}");
                assert_eq!(index_below(&mut a, n as usize), b.random_range(0..n as usize));
                assert_eq!(range_u32(&mut a, 3, n.max(3)), b.random_range(3..=n.max(3)));
                assert_eq!(range_u32(&mut a, 0, u32::MAX), b.random_range(0..=u32::MAX));
            }
            assert_eq!(a.next_u64(), b.next_u64(), "the streams moved alike for {n}");
        }
        // Around 2^32, where rand moves a `usize` range to 64-bit sampling.
        for (i, huge) in [u32::MAX as usize, 1 << 32, (1 << 32) + 1, u32::MAX as usize + 7, 1 << 33]
            .into_iter()
            .enumerate()
        {
            let (mut a, mut b) = (derive_rng(9, i as u64, 1), derive_rng(9, i as u64, 1));
            for _ in 0..20 {
                assert_eq!(index_below(&mut a, huge), b.random_range(0..huge), "0..{huge}");
            }
        }
        // The second draw: first values x = floor(m * 2^32 / range), whose product with the
        // range lands in its last `range - 1` low values unless the range divides m * 2^32,
        // and u32::MAX, whose low half is exactly the bound (no second draw); then a second
        // value that does or does not carry into the result.
        for range in [3u32, 5, 6, 7, 90, 1000] {
            let firsts = (1..range.min(20) as u64).map(|m| ((m << 32) / range as u64) as u32);
            for x in firsts.chain([u32::MAX]) {
                for second in [0, 1, u32::MAX / 2, u32::MAX - 1, u32::MAX] {
                    let script = Scripted(vec![x, second], 0);
                    let (mut a, mut b) = (script.clone(), script);
                    assert_eq!(
                        below_u32(&mut a, range),
                        b.random_range(0..range),
                        "range {range}, first {x}, second {second}"
                    );
                    assert_eq!(a.next_u32(), b.next_u32(), "both took the second draw or not");
                }
            }
        }
    }

    #[test]
    fn draws_are_proportional_to_counts() {
        let mut rng = derive_rng(1, 2, 0);
        let counts = [1u8, 0, 3];
        let mut seen = [0u32; 3];
        for _ in 0..40_000 {
            seen[rng.draw(&counts)] += 1;
        }
        assert_eq!(seen[1], 0);
        assert!((9_000..11_000).contains(&seen[0]), "{seen:?}");
    }

    #[test]
    fn sized_and_located_draws_are_the_same_card_as_a_counted_one() {
        // `draw_sized` and `draw_located` are speed-ups only: from the same stream they must
        // name the same kinds, whatever the pile (empty kinds at either end, one card left);
        // a located draw has its kind named by the caller, and a script names its own.
        for seed in [5, 7] {
            let mut streams = [0; 3].map(|_| derive_rng(seed, seed + 1, 0));
            let [counted, sized, located] = &mut streams;
            let mut counts = [0u8, 6, 5, 0, 6, 1, 3, 0];
            while counts.iter().any(|&c| c > 0) {
                let total = counts.iter().map(|&c| c as u32).sum();
                let kind = counted.draw(&counts);
                assert_eq!(sized.draw_sized(&counts, total), kind);
                assert_eq!(located.draw_located(&counts, total, |r| kind_at(&counts, r)), kind);
                counts[kind] -= 1;
            }
        }
        let mut script = ScriptedChance::new().draws([2]);
        assert_eq!(script.draw_located(&[1, 0, 3], 4, |_| 0), 2);
    }

    #[test]
    #[should_panic(expected = "does not hold")]
    fn a_script_cannot_draw_what_is_not_there() {
        ScriptedChance::new().draws([1]).draw(&[2, 0]);
    }

    #[test]
    #[should_panic(expected = "no more dice")]
    fn a_spent_script_says_so() {
        ScriptedChance::new().die(6);
    }
}
