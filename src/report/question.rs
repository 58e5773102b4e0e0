//! The question a page answers, in words, as its first line: "Is dardz with 4 players fair to
//! every seat, with random bots?". Read from what the folder's manifest records (game,
//! players, lineup, changed rules), so that a reader knows what was asked before the answer.

use crate::core::job_record::ManifestRecord;
use crate::core::rule_record::RulesPlayed;
use crate::report::words::Words;

/// The bots of a lineup in words: "random bots", "greedy and random bots" (each label once,
/// in seat order).
pub fn bots_phrase(labels: &[String]) -> String {
    let mut distinct: Vec<&str> = Vec::new();
    for l in labels {
        if !distinct.contains(&l.as_str()) {
            distinct.push(l);
        }
    }
    match distinct.as_slice() {
        [] => "bots".to_string(),
        [one] => format!("{one} bots"),
        [rest @ .., last] => format!("{} and {last} bots", rest.join(", ")),
    }
}

/// The rules a run changed from the defaults, in a few words, each rule by its `words`:
/// " (points of a 12 card = 6)", " (12 rules changed)", " (rules from FILE)"; empty when it
/// played the defaults.
fn changed_rules(played: &RulesPlayed, words: &Words) -> String {
    let changed: Vec<String> =
        played.changed().map(|r| format!("{} = {}", words.rule(&r.key), r.value)).collect();
    let mut parts = Vec::new();
    match changed.len() {
        0 => {}
        1 | 2 => parts.push(changed.join(", ")),
        n => parts.push(format!("{n} rules changed")),
    }
    if let Some(file) = &played.rules_file {
        parts.push(format!("rules from {file}"));
    }
    if parts.is_empty() { String::new() } else { format!(" ({})", parts.join("; ")) }
}

/// The question a run's page answers: whether the game is fair to every seat with these
/// bots (a solo game: how it scores).
pub fn run_question(manifest: &ManifestRecord, played: &RulesPlayed, words: &Words) -> String {
    let game = manifest.setting(|m| m.game.as_deref()).unwrap_or("");
    let players = manifest.setting(|m| m.players.as_ref()).copied();
    let labels = manifest.lineup_labels();
    let bots = bots_phrase(&labels);
    let rules = changed_rules(played, words);
    if players == Some(1) {
        let bot = labels.first().map_or("a", String::as_str);
        return format!("How does {game}{rules} score when the {bot} bot plays it alone?");
    }
    // A manifest without the count (damaged, or foreign) asks without it.
    let with = players.map_or(String::new(), |p| format!(" with {p} players"));
    format!("Is {game}{rules}{with} fair to every seat, with {bots}?")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The question of the manifest `m`, read as a page reads it.
    fn ask(m: &serde_json::Value, game: &str) -> String {
        let record: ManifestRecord = serde_json::from_value(m.clone()).unwrap();
        run_question(&record, &RulesPlayed::of(m), &Words::of_game(game))
    }

    #[test]
    fn a_run_asks_its_question_in_words() {
        let m = serde_json::json!({
            "game": "dardz", "players": 4,
            "lineup": [{"label": "random"}, {"label": "random"}, {"label": "random"}, {"label": "random"}],
            "rules": [{"key": "value_12", "value": "6", "default": "10"}, {"key": "value_1", "value": "2", "default": "2"}],
        });
        assert_eq!(
            ask(&m, "dardz"),
            "Is dardz (points of a 12 card = 6) with 4 players fair to every seat, with random bots?"
        );
        let labels: Vec<String> =
            ["greedy", "random", "greedy", "mcts-100"].map(String::from).into();
        assert_eq!(bots_phrase(&labels), "greedy, random and mcts-100 bots");
        // A sweep's variant keeps its settings in its plan.
        let variant = serde_json::json!({"plan": {"game": "pig", "players": 2, "lineup": [{"label": "greedy"}, {"label": "greedy"}]}});
        assert_eq!(
            ask(&variant, "dardz"),
            "Is pig with 2 players fair to every seat, with greedy bots?"
        );
        let solo = serde_json::json!({"game": "pride-prejudice", "players": 1, "lineup": [{"label": "greedy"}], "rules_file": "r.toml"});
        assert_eq!(
            ask(&solo, "dardz"),
            "How does pride-prejudice (rules from r.toml) score when the greedy bot plays it alone?"
        );
    }

    #[test]
    fn a_manifest_without_its_player_count_asks_without_one() {
        let m = serde_json::json!({"game": "pig", "lineup": [{"label": "random"}]});
        let q = ask(&m, "pig");
        assert_eq!(q, "Is pig fair to every seat, with random bots?");
    }
}
