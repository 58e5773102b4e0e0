//! The reward vector an iteration backs up: win shares or normalised scores of a finished
//! match, or a softmax of the game's heuristic where a rollout is cut.

use super::Search;
use crate::bots::params::RewardMode;
use crate::core::{Game, Seat};

impl<G: Game> Search<G> {
    /// Rewards of a finished match.
    pub(super) fn terminal_rewards(&mut self, game: &G, d: &G::State, mode: RewardMode) {
        let outcome = game.outcome(d);
        let n = outcome.players();
        self.players = n;
        let r = &mut self.rewards;
        if outcome.is_capped() {
            r[..n].fill(0.0);
            return;
        }
        match mode {
            RewardMode::WinShare => {
                for (s, reward) in r.iter_mut().enumerate().take(n) {
                    *reward = outcome.win_share(Seat(s as u8));
                }
            }
            RewardMode::Score => {
                if n < 2 {
                    r[0] = outcome.win_share(Seat(0));
                    return;
                }
                // Which way scores count: compare a first-placed seat with a seat behind it.
                let scores = outcome.scores();
                let ranks = outcome.ranks();
                let mut sign = 1.0;
                'find: for a in 0..n {
                    for b in 0..n {
                        if ranks[a] == 0 && ranks[b] > 0 && scores[a] != scores[b] {
                            sign = if scores[a] > scores[b] { 1.0 } else { -1.0 };
                            break 'find;
                        }
                    }
                }
                let v = |s: usize| sign * scores[s] as f64;
                let (mut lo, mut hi, mut sum) = (f64::INFINITY, f64::NEG_INFINITY, 0.0);
                for s in 0..n {
                    lo = lo.min(v(s));
                    hi = hi.max(v(s));
                    sum += v(s);
                }
                self.spread = self.spread.max(hi - lo);
                for (s, reward) in r.iter_mut().enumerate().take(n) {
                    *reward = if self.spread > 0.0 {
                        let others = (sum - v(s)) / (n - 1) as f64;
                        0.5 + 0.5 * (v(s) - others) / self.spread
                    } else {
                        0.5
                    };
                }
            }
        }
    }

    /// Rewards at a rollout cut: a softmax of the seats' heuristics, so they sum to 1 like
    /// win shares (for two players with opposite heuristics, a logistic of the difference).
    pub(super) fn cut_rewards(&mut self, game: &G, d: &G::State, scale: f64) {
        let n = self.players.max(1);
        let r = &mut self.rewards;
        // Every seat's heuristic in one call (`BotHooks::heuristics`: the same values as one
        // `heuristic` per seat, computed once where a game shares the work between seats).
        game.heuristics(d, &mut r[..n]);
        let mut top = f64::NEG_INFINITY;
        for reward in r.iter_mut().take(n) {
            let h = *reward;
            *reward = if h.is_nan() { 0.0 } else { scale * h };
            top = top.max(*reward);
        }
        let mut total = 0.0;
        for reward in r.iter_mut().take(n) {
            *reward = (*reward - top).exp();
            total += *reward;
        }
        for reward in r.iter_mut().take(n) {
            *reward /= total;
        }
    }
}
