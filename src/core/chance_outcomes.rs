//! Every outcome of a chance event with its probability (OpenSpiel's `ChanceOutcomes`), found
//! by playing the game's own [`GameRules::sample_chance`] once per outcome: a source of chance
//! answers each draw (a die, a uniform choice, a card from a pile) with each of its possible
//! values in turn. Any game whose chance is made of those draws lists its outcomes without
//! code of its own, so exact algorithms (an exact evaluator, a sampler's frequencies held to
//! the truth) need nothing game-specific, and the list cannot drift from the sampler: it is
//! the sampler.

use super::GameRules;
use super::chance::Chance;

/// The most outcomes [`GameRules::chance_outcomes`] lists by default: more (a shuffled deck) is
/// no list an exact algorithm could walk, and the enumeration stops there.
pub const OUTCOME_LIMIT: usize = 4096;

/// The most draws one outcome may take. A chance event that draws again until something
/// happens (a reroll) has no end when every draw takes its first value; past this many
/// draws the enumeration gives up (`None`), and the event is finished on ordinary random
/// draws so that it ends.
pub const DRAW_LIMIT: usize = 1024;

/// One outcome of a chance event: the state it leads to and its probability. Two draw
/// sequences that lead to the same state (two dice in either order) are two outcomes.
#[derive(Clone, Debug)]
pub struct ChanceOutcome<S> {
    pub probability: f64,
    pub state: S,
}

/// Every outcome of the chance event at `s` (which must be a chance node), at most `limit`
/// of them: `None` when there are more. Their probabilities sum to 1.
pub fn enumerate<G: GameRules>(
    game: &G,
    s: &G::State,
    limit: usize,
) -> Option<Vec<ChanceOutcome<G::State>>> {
    let mut out = Vec::new();
    // Paths still to play: each the index of the value every draw takes, up to where it
    // differs from an outcome already listed (later draws take their first value).
    let mut pending: Vec<Vec<u32>> = vec![Vec::new()];
    while let Some(path) = pending.pop() {
        if out.len() + pending.len() >= limit {
            return None;
        }
        let mut state = s.clone();
        let mut chance = PathChance::on(&path);
        game.sample_chance(&mut state, &mut chance);
        if chance.taken.len() > DRAW_LIMIT {
            return None;
        }
        // The other values of every draw past the path, the deepest draw's next value on
        // top, so outcomes come in the order of their draws.
        for depth in path.len()..chance.taken.len() {
            for value in (1..chance.widths[depth]).rev() {
                let mut next = chance.taken[..depth].to_vec();
                next.push(value);
                pending.push(next);
            }
        }
        out.push(ChanceOutcome { probability: chance.p, state });
    }
    Some(out)
}

/// A source of chance that follows `path` (for each draw, the index of its value among the
/// draw's possible values) and, past its end, gives every draw its first value; it notes
/// each draw's index and how many values it had, and the probability of the whole sequence.
struct PathChance<'a> {
    path: &'a [u32],
    taken: Vec<u32>,
    widths: Vec<u32>,
    p: f64,
    /// Past [`DRAW_LIMIT`] draws: random values, so that the event ends.
    beyond: crate::core::Rng,
}

impl<'a> PathChance<'a> {
    fn on(path: &'a [u32]) -> Self {
        let beyond = crate::core::derive_rng(0, 0, 0);
        PathChance { path, taken: Vec::new(), widths: Vec::new(), p: 1.0, beyond }
    }

    /// The index of the next draw's value among its `width` possible values.
    fn next(&mut self, width: u32) -> u32 {
        assert!(width > 0, "a draw with no possible value");
        let depth = self.taken.len();
        if depth >= DRAW_LIMIT {
            self.taken.truncate(DRAW_LIMIT);
            self.taken.push(0); // marks the overflow
            return crate::core::chance::below_u32(&mut self.beyond, width);
        }
        let index = self.path.get(depth).copied().unwrap_or(0);
        debug_assert!(index < width, "a path beyond the draw's values");
        self.taken.push(index);
        self.widths.push(width);
        index
    }
}

impl Chance for PathChance<'_> {
    fn die(&mut self, faces: u32) -> u32 {
        self.p /= faces as f64;
        self.next(faces) + 1
    }
    fn die_wide(&mut self, faces: u32) -> u32 {
        self.die(faces)
    }
    fn below(&mut self, n: u32) -> u32 {
        self.p /= n as f64;
        self.next(n)
    }
    fn draw(&mut self, counts: &[u8]) -> usize {
        // The values are the kinds the pile holds, each as likely as its share of the cards.
        let held = counts.iter().filter(|&&c| c > 0).count() as u32;
        let index = self.next(held) as usize;
        let kind = counts.iter().enumerate().filter(|(_, c)| **c > 0).nth(index).unwrap().0;
        let total: u32 = counts.iter().map(|&c| c as u32).sum();
        self.p *= counts[kind] as f64 / total as f64;
        kind
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(path: &[u32]) -> PathChance<'_> {
        PathChance::on(path)
    }

    #[test]
    fn draws_take_the_paths_values_and_multiply_their_chances() {
        // A choice of 2, then a card from a pile of 2, 1 and 0 cards of three kinds.
        let mut first = on(&[1, 0]);
        assert_eq!((first.below(2), first.draw(&[2, 1, 0])), (1, 0));
        assert!((first.p - 0.5 * 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(first.widths, [2, 2], "the pile holds two kinds");
        // The second kind the pile holds is kind 2 when kind 1 has none.
        let mut second = on(&[1, 1]);
        second.below(2);
        assert_eq!(second.draw(&[2, 0, 1]), 2);
        assert!((second.p - 0.5 / 3.0).abs() < 1e-12);
        // Past the path every draw takes its first value; a die's first face is 1.
        let mut past = on(&[]);
        assert_eq!((past.die(6), past.die_wide(4)), (1, 1));
        assert_eq!((past.taken, past.widths), (vec![0, 0], vec![6, 4]));
        assert!((past.p - 1.0 / 24.0).abs() < 1e-12);
    }

    #[test]
    fn an_event_that_draws_until_it_stops_ends_and_lists_nothing() {
        // A reroll until a 6 never ends on first values alone.
        let mut chance = on(&[]);
        let mut rolls = 0;
        while chance.die(6) != 6 {
            rolls += 1;
            assert!(rolls < 1_000_000, "the draws past the limit must be random");
        }
        assert!(chance.taken.len() > DRAW_LIMIT, "the overflow is marked");
    }
}
