//! What each of LOVE ACTUALLY's per-match counters counts, for the result folder's
//! COLUMNS.md, in `metric_names` order (the conformance check holds the two together).

use super::cards::RELATIONSHIPS;
use super::*;

impl Love {
    pub(super) fn metric_docs_text(&self, players: usize) -> Vec<(String, String)> {
        let names = self.metric_list(players);
        let mut docs = Vec::with_capacity(names.len());
        let mut options = 0..self.deck.options.len();
        let mut cards = self.deck.cards.iter();
        let mut card_abilities = self.deck.cards.iter();
        for name in names {
            let text = match name.as_str() {
                "points_sets" => "points per match, all seats: points from scored sets (LA-8)".into(),
                "points_tiles" => "points per match, all seats: points from bonus tiles (LA-20)".into(),
                "points_abilities" => {
                    "points per match, all seats: points from card abilities".into()
                }
                "actually_claims" => {
                    "count per match: \"Actually!\" claims of a discard that completed the claimant's set (LA-9)".into()
                }
                "co_claims" => {
                    "count per match: \"Actually!\" claims that completed Daisy and Bernard's shared set (LA-9, LA-29)".into()
                }
                "end_score" => "0/1 per match: ended by the points trigger (a seat reached `end_score`; LA-6)".into(),
                "end_last_tile" => "0/1 per match: ended by the trigger of the last bonus tile claimed".into(),
                "end_cap" => "0/1 per match: stopped by the turn cap (G-2)".into(),
                "turns" => "turns per match".into(),
                "reshuffles" => {
                    "count per match: discard pile reshuffled into the deck (LA-14)".into()
                }
                n if n.starts_with("set_") => {
                    let o = options.next().expect("one name per scoring option");
                    let opt = &self.deck.options[o];
                    format!(
                        "count per match: times this set was scored ({} points, +1 on the {} track)",
                        opt.points, RELATIONSHIPS[opt.rel as usize]
                    )
                }
                n if n.starts_with("scored_") => {
                    let card = cards.next().expect("one name per card");
                    format!("count per match: scored sets that included {}", card.name)
                }
                n if n.starts_with("ability_") => {
                    let card = card_abilities.next().expect("one name per card");
                    format!("count per match: uses of {}'s ability", card.name)
                }
                n if n.starts_with("asks_") && n.ends_with("_hit") => format!(
                    "count per match: Step 1 asks by {} that got a card (LA-7)",
                    &n["asks_".len()..n.len() - "_hit".len()]
                ),
                n if n.starts_with("asks_") => format!(
                    "count per match: Step 1 asks by {} (a discard ask: taking the top of the discard pile; LA-7)",
                    &n["asks_".len()..]
                ),
                n if n.starts_with("tile_") => format!(
                    "0/1 per match: the {} track's bonus tile was claimed (LA-20)",
                    &n["tile_".len()..]
                ),
                n if n.starts_with("tiles_seat") => format!(
                    "count per match: bonus tiles seat {} claimed (LA-20)",
                    &n["tiles_seat".len()..]
                ),
                other => unreachable!("metric `{other}` has no description"),
            };
            docs.push((name, text));
        }
        docs
    }
}

#[cfg(test)]
mod tests {

    use crate::core::GameRules;
    use crate::core::conformance::check_metric_docs;

    #[test]
    fn every_metric_is_described_at_every_player_count() {
        let game = super::Love::with_rules(Default::default());
        for players in game.seats() {
            check_metric_docs(&game, players);
        }
    }
}
