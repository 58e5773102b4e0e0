//! What each of Pride & Preju-Dice's per-match counters counts, for the result folder's
//! COLUMNS.md, in `metric_names` order (the conformance check holds the two together). All
//! are sums over the players of one match. And why its rows of `lengths.csv` read alike.

use super::Pride;

impl Pride {
    /// Why `lengths.csv`'s rows `turns`, `rounds` and `chance_events` repeat one another: a
    /// reader who sees three equal rows takes them for a bug unless told that the rules make
    /// them equal (tests/it/columns.rs checks the claim against the rows).
    pub(super) fn length_docs_text(&self, players: usize) -> String {
        if players == 1 {
            "In solo Pride & Preju-Dice the rows `turns` and `rounds` are the same count, by the \
             rules (the game's turn is the round), and `chance_events` is twice that count: each \
             round rolls the five dice, then rolls again the three not picked (PP-17)."
                .into()
        } else {
            "In Pride & Preju-Dice the rows `turns`, `rounds` and `chance_events` are the same \
             count, by the rules: the game's turn is the round, in which every player plays from \
             one roll of the five dice (the starting player first, the others at the same time \
             from the dice it left: PP-11, PP-16; everyone from all five under PP-18), so each \
             round is one turn and has one chance event, that roll."
                .into()
        }
    }

    pub(super) fn metric_docs_text(&self, players: usize) -> Vec<(String, String)> {
        self.metric_list(players)
            .into_iter()
            .map(|name| {
                let text = match name.as_str() {
                    "matches_total" => "count per match, all players: romance tracks completed (heart and diamond, every link; PP-7)".into(),
                    "faux_pas_chaperone" => "count per match, all players: Faux Pas crosses from the chaperone track's FP boxes (PP-9, PP-22)".into(),
                    "faux_pas_dice" => "count per match, all players: Faux Pas crosses for chosen dice that could not be played (PP-12)".into(),
                    "end_matches" => "0/1 per match: the game ended because a player made a match on every link (PP-19)".into(),
                    "end_faux_pas" => "0/1 per match: the game ended because a player filled the Faux Pas track (PP-19)".into(),
                    "rounds" => "rounds per match".into(),
                    "dice_unplayed" => "count per match, all players: chosen dice that could not be placed (each a Faux Pas, PP-12)".into(),
                    "extra_dice_gained" => "count per match, all players: extra dice gained from dice icons and completed romance tracks (PP-13)".into(),
                    "extra_dice_unused" => "count per match, all players: extra dice not placed (no box for them, or passed; PP-13, PP-23)".into(),
                    "icons_lost" => "count per match, all players: heart, diamond and fan crosses that found no place (PP-14, PP-20)".into(),
                    n if n.starts_with("points_") => format!(
                        "points per match, all players: final score from the {} part (PP-21, PP-22)",
                        n["points_".len()..].replace('_', " ")
                    ),
                    n if n.starts_with("matches_link") => format!(
                        "count per match, all players: romance tracks completed on link {} (heart and diamond; PP-7)",
                        &n["matches_link".len()..]
                    ),
                    n if n.starts_with("rounds_started_seat") => format!(
                        "rounds per match that seat {} started (the start passes left every round)",
                        &n["rounds_started_seat".len()..]
                    ),
                    other => unreachable!("metric `{other}` has no description"),
                };
                (name, text)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {

    use crate::core::GameRules;
    use crate::core::conformance::check_metric_docs;

    #[test]
    fn every_metric_is_described_at_every_player_count() {
        let game = super::Pride::new(Default::default());
        for players in game.seats() {
            check_metric_docs(&game, players);
        }
    }
}
