//! What each of TRICE's per-match counters (`metrics.csv`) counts, for the result folder's
//! `COLUMNS.md`. The order and the names follow `GameStats::metric_names` in `mod.rs`, which the
//! conformance check and the test below hold them to.

use super::Trice;

/// The 0/1 indicators first (one per way a match ends; exactly one is 1), then the counts.
const DOCS: [(&str, &str); 9] = [
    ("ended_trice_placement", "0/1 per match: a placement made a Trice and the placer won (TR-5)"),
    (
        "ended_double_trice_placement",
        "0/1 per match: a placement made a Double Trice and the placer lost (TR-5)",
    ),
    ("ended_trice_swap", "0/1 per match: a swap turn made a Trice and the swapper won (TR-6)"),
    (
        "ended_double_trice_swap",
        "0/1 per match: a swap turn made a Double Trice and the swapper lost (TR-6)",
    ),
    (
        "ended_full_board_tie",
        "0/1 per match: the board filled without a Trice and the match was a tie (rules \
         v0.2 only; v0.3.1 goes on to the swap phase)",
    ),
    (
        "ended_capped",
        "0/1 per match: the swap-turn cap `swap_turn_cap` stopped the match with no winner \
         (TR-8, G-2)",
    ),
    ("end_turn", "turns: the turn in which the match ended (placements plus swap turns)"),
    (
        "reached_swap_phase",
        "0/1 per match: the board filled without a Trice and at least one swap turn was played \
         (TR-6)",
    ),
    ("swap_turns", "turns: swap turns played, including one that ended the match (TR-6)"),
];

impl Trice {
    /// `(name, description)` for every name of `metric_names`, in its order (TRICE is for two
    /// players, so nothing depends on the player count).
    pub(super) fn metric_docs_text(&self, _players: usize) -> Vec<(String, String)> {
        DOCS.iter().map(|(n, d)| (n.to_string(), d.to_string())).collect()
    }
}

#[cfg(test)]
mod tests {

    use crate::core::conformance::check_metric_docs;
    use crate::core::{GameRules, GameStats};
    use crate::games::trice::{Trice, TriceRules};

    #[test]
    fn every_metric_is_described_for_every_player_count() {
        let game = Trice::new(TriceRules::default());
        for players in game.seats() {
            check_metric_docs(&game, players);
            assert_eq!(game.metric_docs(players).len(), 9);
        }
    }
}
