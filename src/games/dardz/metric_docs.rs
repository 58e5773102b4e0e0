//! What each of DARDZ's per-match counters (`metrics.csv`) counts, for the result folder's
//! `COLUMNS.md`. Kept beside the game because the counters are (`GameStats::metrics` in `mod.rs`,
//! the `Stats` fields in `state.rs`, incremented in `engine.rs`); the order and the names
//! follow `GameStats::metric_names`, which the conformance check and the tests below hold them to.

use super::Dardz;
use super::rules::{Card, NUM_KINDS};
use super::state::WAY_KEYS;

/// The cards of this kind that reached a points pile, and how, in words.
fn how_scored(card: Card) -> String {
    match card.value_number() {
        Some(n) if card == Card::GOLDEN_7 => {
            format!("Golden 7s moved from hands to points piles (it scores on a picked {n}, DZ-1)")
        }
        Some(n) => format!(
            "{n}s moved from hands to points piles (every holder of a picked number scores \
             it{})",
            if n == 7 { "; Golden 7s are counted apart" } else { "" }
        ),
        None if card.key() == "roll_off" => {
            "Roll-Offs played (each goes to the points pile of the roll-off's winner, DZ-3)".into()
        }
        None => format!(
            "{} cards played (a played action card goes to its player's points pile, DZ-3)",
            card.label()
        ),
    }
}

/// What the "6 ways to score points" count; in `WAY_KEYS` order.
fn way_text(key: &str) -> &'static str {
    match key {
        "action_cards" => {
            "Jackpot, Boost 'em and Bunk 'em effects (the sum of the three effect_points_* \
             counters; Bunk 'em's are negative)"
        }
        "three_of_a_kind" => "3-of-a-kind on the third roll (`three_of_a_kind_points` each)",
        "clean_up" => "cleaning 'em up on the Bonus Roll (`clean_up_points` each, DZ-15)",
        "round_bonus" => "winning rounds (`round_bonus` to each round's winner, DZ-15)",
        "piles" => {
            "points piles added to scores when rounds were settled (card values; Skulls \
             negative, DZ-15)"
        }
        "lucky_loser" => "Lucky Loser rolls (the product of two dice, DZ-15)",
        other => unreachable!("no description for the way of scoring `{other}`"),
    }
}

impl Dardz {
    /// `(name, description)` for every name of `metric_names(players)`, in its order.
    pub(super) fn metric_docs_text(&self, players: usize) -> Vec<(String, String)> {
        let mut docs = Vec::new();
        let mut put = |name: String, text: String| docs.push((name, text));
        let kinds = (0..NUM_KINDS).map(|k| Card(k as u8));
        for card in kinds.clone() {
            put(
                format!("scored_{}", card.key()),
                format!("cards per match, all seats: {}", how_scored(card)),
            );
        }
        for card in kinds.clone() {
            put(
                format!("card_points_{}", card.key()),
                format!(
                    "points per match, all seats: what the {} cards in settled points piles \
                     were worth (cards × `value_{}`; the unsettled piles of a capped match's \
                     last round are left out; before the floor at 0)",
                    card.label(),
                    card.key()
                ),
            );
        }
        for card in kinds {
            put(
                format!("hand_turns_{}", card.key()),
                format!(
                    "turns per match, all seats: player turns the {} cards waited in hands \
                     before they were scored or played, summed over those cards (divide by \
                     scored_{} for the mean wait)",
                    card.label(),
                    card.key()
                ),
            );
        }
        for way in WAY_KEYS {
            put(
                format!("points_{way}"),
                format!(
                    "points per match, all seats: score changes from {} (as they changed \
                     scores, after the floor at 0)",
                    way_text(way)
                ),
            );
        }
        for (name, text) in [
            (
                "effect_points_jackpot",
                "points per match, all seats: `jackpot_points` gained by right Jackpot guesses",
            ),
            (
                "effect_points_boost_em",
                "points per match, all seats: points Boost 'em gave the players in last place \
                 (the sum of its two dice each)",
            ),
            (
                "effect_points_bunk_em",
                "points per match, all seats, zero or negative: points Bunk 'em took from the \
                 players in first place (the sum of its two dice each; a score stops at 0)",
            ),
            ("jackpot_hits", "count per match: Jackpots whose named number came up on the die"),
            (
                "rounds",
                "rounds per match: rounds dealt, including a round a capped match stopped in",
            ),
            (
                "rounds_no_winner",
                "rounds per match: rounds that ended with the draw pile empty and no one able \
                 to reach `cards_per_round` pile cards, so nobody got the round bonus (DZ-10)",
            ),
            (
                "rounds_deck_empty",
                "rounds per match: rounds settled with the draw pile empty (with or without a \
                 winner)",
            ),
            (
                "round_win_rolloffs",
                "rounds per match: rounds in which several players reached the most pile cards \
                 at once and a roll-off chose the winner (DZ-8)",
            ),
            (
                "lucky_loser_rolls",
                "count per match, all seats: Lucky Loser rolls (a player ending a round with \
                 at most `lucky_loser_max_cards` pile cards rolls two dice)",
            ),
            (
                "clean_ups",
                "count per match: Bonus Rolls that emptied the roller's hand (clean 'em up, \
                 DZ-15)",
            ),
            (
                "three_of_a_kind",
                "count per match: third rolls showing three of a kind (each worth \
                 `three_of_a_kind_points`)",
            ),
        ] {
            put(name.to_string(), text.to_string());
        }
        for seat in 0..players {
            put(
                format!("round_wins_seat{seat}"),
                format!(
                    "rounds per match: rounds seat {seat} won (the most pile cards, a tie \
                     settled by roll-off; each worth `round_bonus`)"
                ),
            );
        }
        // Team DARDZ (DZ-6): team k is seats k and k + players/2.
        if self.rules.teams {
            for k in 0..players / 2 {
                let partner = k + players / 2;
                put(
                    format!("team{k}_wins"),
                    format!(
                        "0/1 per match: team {k} (seats {k} and {partner}) finished first alone \
                         (its win share, with a Wilson interval)"
                    ),
                );
                put(
                    format!("team{k}_shared_wins"),
                    format!(
                        "0/1 per match: team {k} (seats {k} and {partner}) shared first place \
                         with another team (G-3)"
                    ),
                );
            }
        }
        docs
    }
}

#[cfg(test)]
mod tests {

    use crate::core::conformance::check_metric_docs;
    use crate::core::{GameRules, GameStats};
    use crate::games::dardz::{Dardz, DardzRules};

    #[test]
    fn every_metric_is_described_for_every_player_count() {
        let game = Dardz::new(DardzRules::default());
        for players in game.seats() {
            check_metric_docs(&game, players);
            let docs = game.metric_docs(players);
            assert_eq!(docs.len(), game.metric_names(players).len());
            assert!(docs.iter().all(|(_, text)| text.len() > 20), "{docs:?}");
        }
    }
}
