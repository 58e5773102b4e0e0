//! DARDZ's number-card values as `arena tune` tunes them. The rulebook: "the point value of
//! each number card is roughly based on the probability of rolling that number"; so how hard
//! a number is to score is measured per turn a card of it sits in a hand (`scored_N` over
//! `hand_turns_N`, counted by the game's own metrics), and its share of points is its card
//! points (`card_points_N`) over every way of scoring (`points_*`).

use crate::core::{MetricTotals, RateWords, ValueModel};

/// The twelve number cards (`value_1` .. `value_12`).
pub const NUMBERS: usize = 12;

/// DARDZ's tunable values: the twelve number cards' points.
pub struct NumberValues;

impl ValueModel for NumberValues {
    fn keys(&self) -> Vec<String> {
        (1..=NUMBERS).map(|n| format!("value_{n}")).collect()
    }

    fn item(&self) -> &'static str {
        "number"
    }

    fn earn_rate(&self, totals: MetricTotals) -> Result<Vec<f64>, String> {
        (1..=NUMBERS)
            .map(|n| {
                let scored = totals.get(&format!("scored_{n}"));
                let turns = totals.get(&format!("hand_turns_{n}"));
                if scored == 0 || turns == 0 {
                    return Err(format!(
                        "the {n} was never scored in the measurement; play more --matches"
                    ));
                }
                Ok(scored as f64 / turns as f64)
            })
            .collect()
    }

    fn rate_words(&self) -> RateWords {
        RateWords {
            sentence: "each number is scored per turn in a hand",
            heading: "scored/hand-turn",
            column: "scored_per_hand_turn",
        }
    }

    fn point_share(&self, totals: MetricTotals, i: usize) -> f64 {
        let card = totals.get(&format!("card_points_{}", i + 1));
        card as f64 / totals.sum_prefixed("points_") as f64
    }

    fn principle(&self) -> &'static str {
        "value_N proportional to 1 / (scored_N / hand_turns_N), apportioned to the pool by largest remainders within the bounds"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::GameStats;
    use crate::core::rules::Rules;
    use crate::games::dardz::{Dardz, DardzRules};

    /// Every key the model tunes is an integer rule parameter of DARDZ, and every counter it
    /// reads is one the game counts: a renamed metric would otherwise read as 0 and make a
    /// number look never scored.
    #[test]
    fn the_model_reads_parameters_and_counters_dardz_has() {
        let game = Dardz::new(DardzRules::default());
        let model = game.value_model().expect("DARDZ is tunable");
        let params = DardzRules::default().params();
        for key in model.keys() {
            let p = params.iter().find(|p| p.key == key).unwrap_or_else(|| panic!("{key}"));
            assert!(p.value.parse::<i64>().is_ok(), "{key} = {}", p.value);
        }
        let names = game.metric_names(4);
        for n in 1..=NUMBERS {
            for counter in ["scored", "hand_turns", "card_points"] {
                let name = format!("{counter}_{n}");
                assert!(names.contains(&name), "{name}");
            }
        }
        assert!(names.iter().any(|n| n.starts_with("points_")));
    }

    #[test]
    fn earn_rates_and_shares_come_from_the_counters() {
        let mut names = Vec::new();
        let mut sums = Vec::new();
        for n in 1..=NUMBERS {
            names.extend([format!("scored_{n}"), format!("hand_turns_{n}")]);
            sums.extend([n as i128, 4 * n as i128]);
            names.push(format!("card_points_{n}"));
            sums.push(if n == 12 { 30 } else { 0 });
        }
        names.extend(["points_cards".to_string(), "points_effects".to_string()]);
        sums.extend([80, 20]);
        let totals = MetricTotals::new(&names, &sums);
        let rates = NumberValues.earn_rate(totals).unwrap();
        assert!(rates.iter().all(|&r| r == 0.25), "{rates:?}");
        assert_eq!(NumberValues.point_share(totals, 11), 0.3);
        sums[0] = 0;
        let never = NumberValues.earn_rate(MetricTotals::new(&names, &sums)).unwrap_err();
        assert!(never.starts_with("the 1 was never scored"), "{never}");
    }
}
