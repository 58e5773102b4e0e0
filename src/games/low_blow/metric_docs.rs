//! What each of LOW BLOW's per-match counters (`metrics.csv`) counts, for the result folder's
//! `COLUMNS.md`. The order and the names follow `GameStats::metric_names` in `mod.rs` (the counters
//! themselves are `LowBlowState`'s metric fields), which the conformance check and the test
//! below hold them to.

use super::LowBlow;

/// The six die values as the metric names spell them.
const VALUE_WORDS: [&str; 6] = ["one", "two", "three", "four", "five", "six"];

/// What placing each value does (the rulebook's One to Six, LB-5, LB-6).
const VALUE_EFFECTS: [&str; 6] = [
    "all the placer's remaining dice go left and all their counters into the pot",
    "the Ones held go left; the placer pays `two_pays` counters into the pot",
    "the Ones held go left; every player pays `three_each_pays` counters into the pot",
    "the Ones held go left; the placer takes `four_takes` counters from the pot",
    "the Ones held go left; the placer takes `five_takes` counters from the pot",
    "the row's owner takes the pot; the placer's remaining dice go left",
];

impl LowBlow {
    /// `(name, description)` for every name of `metric_names(players)`, in its order.
    pub(super) fn metric_docs_text(&self, players: usize) -> Vec<(String, String)> {
        let rounds = self.rules.rounds as usize;
        let mut docs = Vec::new();
        let mut put = |name: String, text: String| docs.push((name, text));
        for p in 0..players {
            put(
                format!("counters_seat{p}"),
                format!(
                    "counters seat {p} held when the match ended (each lowers the final score; \
                     n counters are worth `counter_scoring` points, LB-1, LB-2)"
                ),
            );
        }
        put(
            "pot_end".into(),
            "counters left in the pot when the match ended (it carries over between rounds, \
             LB-7)"
                .into(),
        );
        for r in 1..=rounds {
            put(
                format!("dice_passed_round{r}"),
                format!(
                    "dice per match, all seats: dice given to the player on the left during \
                     round {r} (by Ones, by the Ones held when a Two to Five is placed, LB-5, \
                     and by the remaining dice on a One or a Six)"
                ),
            );
        }
        for (word, effect) in VALUE_WORDS.iter().zip(VALUE_EFFECTS) {
            put(
                format!("played_{word}"),
                format!(
                    "dice per match, all seats and rounds: dice placed showing {word} ({effect})"
                ),
            );
        }
        put(
            "passes".into(),
            "turns per match, all seats: turns skipped because the player held no dice (LB-3)"
                .into(),
        );
        for r in 1..=rounds {
            for p in 0..players {
                put(
                    format!("row_sum_round{r}_seat{p}"),
                    format!(
                        "pips: the plain sum of the dice in seat {p}'s home row when round {r} \
                         ended, before the own-colour discount (0 if a capped match never \
                         finished that round)"
                    ),
                );
            }
        }
        for r in 1..=rounds {
            for p in 0..players {
                put(
                    format!("own_dice_round{r}_seat{p}"),
                    format!(
                        "dice: dice of seat {p}'s own colour in its home row when round {r} \
                         ended (each takes `own_colour_discount` off the row score, LB-9; 0 if \
                         a capped match never finished that round)"
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
    use crate::core::rules::apply_sets;
    use crate::core::{GameRules, GameStats};
    use crate::games::low_blow::{LowBlow, LowBlowRules};

    #[test]
    fn every_metric_is_described_for_every_player_count_and_round_count() {
        for rounds in ["1", "3", "9"] {
            let mut rules = LowBlowRules::default();
            apply_sets(&mut rules, &[format!("rounds={rounds}")]).unwrap();
            let game = LowBlow::new(rules);
            for players in game.seats() {
                check_metric_docs(&game, players);
                let docs = game.metric_docs(players);
                assert!(docs.iter().all(|(_, text)| text.len() > 20), "{docs:?}");
            }
        }
    }
}
