//! How the runner paces its work: the size of a block (about a quarter second of play,
//! [`BlockSizer`]), the pieces a block is split into for the threads ([`piece_groups`]), and
//! the quiet panic hook while matches run ([`QuietPanics`]) with the text of a caught panic
//! ([`panic_message`]). None of it changes a result: block boundaries and pieces only decide
//! when and where matches are played.

use std::time::Instant;

/// Silence the default panic printout while matches run (failures are recorded and reported
/// instead), restoring it afterwards.
type PanicHook = Box<dyn Fn(&std::panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

pub struct QuietPanics {
    previous: Option<PanicHook>,
}

impl QuietPanics {
    pub fn install() -> Self {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        Self { previous: Some(previous) }
    }
}

impl Drop for QuietPanics {
    fn drop(&mut self) {
        // Setting a hook while a panic unwinds aborts the process without a word: a panic
        // outside a match (a bug) would then lose its message. Leave the quiet hook then.
        if std::thread::panicking() {
            return;
        }
        if let Some(previous) = self.previous.take() {
            std::panic::set_hook(previous);
        }
    }
}

/// The fewest deal groups of `group` matches one worker takes from a block of `groups` at a
/// time: about `cheap` matches (64 for a run), so that splitting the work costs nothing even
/// for random play, but smaller, down to one group, when the block is small, so that every
/// thread gets some (up to four pieces each). Deep-search bots play blocks of a few dozen
/// matches; with 64-match pieces one thread played them all while the others waited (mcts-1k
/// ran as fast on two threads as on one). How a block is split never changes a result.
pub fn piece_groups(groups: usize, group: u64, threads: usize, cheap: usize) -> usize {
    let cheap = (cheap / group as usize).max(1);
    let spread = (groups / (4 * threads.max(1))).max(1);
    cheap.min(spread)
}

/// Chooses block sizes so each block takes about `target_seconds`: small enough for a lively
/// progress bar and flat memory, large enough that per-block overhead is negligible. Block
/// boundaries never change any result.
pub struct BlockSizer {
    size: u64,
    group: u64,
    target_seconds: f64,
}

impl BlockSizer {
    pub fn new(threads: usize, group: u64, target_seconds: f64) -> Self {
        Self { size: 64 * threads as u64, group, target_seconds }
    }
    /// The size of a first, small block that measures the speed before any estimate: one
    /// deal group per thread, so every thread plays and the block ends in seconds even for
    /// deep-search bots (the usual first block of 64 matches per thread can take minutes).
    pub fn probe(&self, threads: usize) -> u64 {
        (threads as u64).max(1) * self.group
    }
    /// The next block's size: a whole number of deal groups.
    pub fn next(&self) -> u64 {
        self.size.div_ceil(self.group) * self.group
    }
    /// Adjust after a block of `matches` took `started.elapsed()`.
    pub fn observe(&mut self, matches: u64, started: Instant) {
        let secs = started.elapsed().as_secs_f64().max(1e-6);
        let ideal = (matches as f64 * self.target_seconds / secs) as u64;
        // Grow at most 4x per block so one fast block cannot make the next one huge.
        self.size = ideal.clamp(64, (self.size * 4).min(1 << 20));
    }
}

/// The text of a panic's payload (what a failure records).
pub fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-text payload".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_blocks_are_split_for_every_thread_and_large_ones_in_64_match_pieces() {
        // mcts-1k's block of 64 LOW BLOW matches (deal groups of 3) on 2 threads: pieces of
        // 2 groups, not all 21 groups in one piece.
        assert_eq!(piece_groups(22, 3, 2, 64), 2);
        // Random play's block of 100,000 two-player matches: 32 groups (64 matches).
        assert_eq!(piece_groups(50_000, 2, 2, 64), 32);
        // Groups larger than 64 matches, a block smaller than the threads: one group.
        assert_eq!(piece_groups(100, 128, 8, 64), 1);
        assert_eq!(piece_groups(1, 4, 16, 64), 1);
    }
}
