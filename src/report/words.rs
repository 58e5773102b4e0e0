//! The games' internal ids in words, for the pages: a designer reads "points of a 12 card",
//! not `value_12`. Option kinds take the words `options.csv` records, metrics the first clause
//! of what the folder's `COLUMNS.md` says each counts, and rule parameters the first clause of
//! the game's own declaration (the doc comment `arena games` prints), since no file of a
//! folder records those. Where none says anything (an old folder, an unknown game), the id
//! with spaces for its underscores stands in. The id itself is shown only where a reader
//! needs it to type a command or find a row in a file: in code style, beside the words.

use std::collections::BTreeMap;
use std::path::Path;

use crate::core::columns as col;
use crate::core::layout::{COLUMNS_MD, OPTIONS_CSV};
use crate::report::page::esc;
use crate::report::table::Table;

/// The longest words a label takes before the id stands in (a sentence is no label).
const LONGEST: usize = 48;

/// What a folder's ids are in words.
#[derive(Default, Debug)]
pub struct Words {
    /// Option kinds, metrics and measures.
    map: BTreeMap<String, String>,
    /// Rule parameters, apart: an option kind may share its lever's id (DARDZ's `value_12`
    /// is both "pick 12 and add your 12s" and "points of a 12 card").
    rules: BTreeMap<String, String>,
}

impl Words {
    /// The words of the run folder `dir` of `game`: its option kinds, its metrics, the
    /// game's rule parameters and the length measures.
    pub fn of_run(dir: &Path, game: &str) -> Words {
        let mut w = Words::of_game(game);
        for (id, words) in LENGTH_WORDS {
            w.map.insert(id.to_string(), words.to_string());
        }
        w.add_metrics(dir);
        w.add_options(dir);
        w
    }

    /// The words of `game`'s rule parameters (none for a game this build does not know).
    pub fn of_game(game: &str) -> Words {
        let mut rules = BTreeMap::new();
        if let Ok(entry) = crate::games::entry(game) {
            for p in entry.default_game().params() {
                if let Some(words) = short(&p.doc) {
                    rules.insert(p.key, words);
                }
            }
        }
        Words { map: BTreeMap::new(), rules }
    }

    /// Metric rows of `COLUMNS.md` ("| `scored_1` | cards per match, all seats: 1s moved
    /// ... |"): the words after the unit, to the first aside.
    fn add_metrics(&mut self, dir: &Path) {
        // Not a file the page's figures come from: a missing or changed one only costs words.
        let Ok(text) = std::fs::read_to_string(dir.join(COLUMNS_MD)) else { return };
        let Some((_, section)) = text.split_once("## Game metrics") else { return };
        for line in section.lines().take_while(|l| !l.starts_with("## ")) {
            let cells: Vec<&str> = line.split(" | ").collect();
            let (Some(id), Some(what)) = (cells.first(), cells.get(1)) else { continue };
            let Some(id) = id.strip_prefix("| `").and_then(|s| s.strip_suffix('`')) else {
                continue;
            };
            let what = what.trim_end_matches(" |").trim();
            let what = what.split_once(": ").map_or(what, |(_, w)| w);
            if let Some(words) = short(what) {
                self.map.insert(id.to_string(), words);
            }
        }
    }

    /// The option kinds' words as `options.csv` records them (read through the checked
    /// table, as the option table itself is).
    fn add_options(&mut self, dir: &Path) {
        let Ok(Some(t)) = Table::read_optional(dir, OPTIONS_CSV) else { return };
        let (Some(kind), Some(words)) =
            (t.col(&[col::options::KIND]), t.col(&[col::options::WORDS]))
        else {
            return;
        };
        for r in &t.rows {
            let (id, w) = (t.text(r, kind), t.text(r, words));
            if !w.is_empty() {
                self.map.insert(id.to_string(), w.to_string());
            }
        }
    }

    /// Name `id` in `words` (figures a page makes of the game's, such as a seat's win share).
    pub fn insert(&mut self, id: &str, words: &str) {
        self.map.insert(id.to_string(), words.to_string());
    }

    /// The words of `id` (an option kind, metric or measure before a rule parameter), or the
    /// id spelled as words when nothing names it.
    pub fn of(&self, id: &str) -> String {
        self.map.get(id).or_else(|| self.rules.get(id)).cloned().unwrap_or_else(|| spelled(id))
    }

    /// The words of the rule parameter `id`, or the id spelled as words.
    pub fn rule(&self, id: &str) -> String {
        self.rules.get(id).cloned().unwrap_or_else(|| spelled(id))
    }

    /// The words of `id` with the id after them in code style, as HTML: the words for the
    /// reader, the id for a command or a search of the CSV file.
    pub fn html(&self, id: &str) -> String {
        let words = self.of(id);
        if words == id {
            return esc(id);
        }
        format!("{} <code class=\"id\">{}</code>", esc(&words), esc(id))
    }

    /// `text` with each of `ids` in words, a rule parameter's first (`key=value` reads
    /// `words = value`). For text written for files (verdict.txt) and shown on a page.
    pub fn in_text(&self, text: &str, ids: &[&str]) -> String {
        let mut out = text.to_string();
        // Longest first, so that `value_1` never eats the start of `value_12`.
        let mut ids: Vec<&str> = ids.to_vec();
        ids.sort_by_key(|id| std::cmp::Reverse(id.len()));
        for id in ids {
            let words = self.rules.get(id).cloned().unwrap_or_else(|| self.of(id));
            out = replace_token(&out, id, &words);
        }
        out
    }
}

impl Words {
    /// `text` with every id this folder names in words, its rule parameters' too (those of
    /// more than one word: a plain word such as `pass` or `turns` is the same in prose).
    pub fn in_prose(&self, text: &str) -> String {
        let ids: Vec<&str> = self
            .map
            .keys()
            .chain(self.rules.keys())
            .map(String::as_str)
            .filter(|k| k.contains('_'))
            .collect();
        self.in_text(text, &ids)
    }
}

/// The length measures of `lengths.csv` (also the game-independent rows of `metrics.csv`
/// some games share), which COLUMNS.md describes in prose.
const LENGTH_WORDS: &[(&str, &str)] = &[
    ("chance_events", "chance events (dice rolls, shuffles, draws)"),
    ("lead_changes", "times the sole leader changed"),
    ("decided_percent", "% of turns played when the winner took the lead for good"),
];

/// `id` spelled as words: underscores as spaces, `seat0` as `seat 0` (`round_wins_seat0`
/// reads "round wins seat 0").
pub fn spelled(id: &str) -> String {
    let mut out = String::new();
    for (i, part) in id.split('_').filter(|p| !p.is_empty()).enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let digits = part.find(|c: char| c.is_ascii_digit()).unwrap_or(part.len());
        let (word, number) = part.split_at(digits);
        out.push_str(word);
        if !word.is_empty() && !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
            out.push(' ');
        }
        out.push_str(number);
    }
    if out.is_empty() { id.to_string() } else { out }
}

/// The label-sized words at the start of a declaration: up to the first aside, clause or
/// sentence end, after a ruling's tag ("LB-1: "); `None` when that is no label (a quotation,
/// a long sentence), so the spelled id stands in.
pub fn short(doc: &str) -> Option<String> {
    let plain = without_asides(doc);
    let mut s = plain.trim();
    // "LB-1: n counters ...", "Team DARDZ: cards in ...": a tag before the words.
    if let Some((tag, rest)) = s.split_once(": ")
        && (tag.contains('-') || tag.split(' ').count() <= 2)
    {
        s = rest;
    }
    let first = s.split(' ').next().unwrap_or("");
    // A quotation, or a ruling's id first ("DZ-10 with the draw pile empty: ..."), is no label.
    if s.starts_with(['"', '\'', '`']) || first.contains('-') && first.ends_with(char::is_numeric) {
        return None;
    }
    let end =
        ["; ", ". ", ":", ", "].iter().filter_map(|stop| s.find(stop)).min().unwrap_or(s.len());
    let s = s[..end].trim_end_matches(['.', ',']).trim();
    let count = s.chars().count();
    // One word ("Two: ...") says less than the id; "In the swap phase, ..." is half a clause.
    if count > LONGEST || s.split(' ').count() < 2 || s.contains('`') || s.starts_with("In ") {
        return None;
    }
    // "Points of a 12 card" mid-sentence reads "points of a 12 card"; "Boost 'em ..." and
    // "G7 ..." keep their capitals.
    let mut words = s.split(' ');
    let first = words.next().unwrap_or("");
    let second_lower =
        words.next().is_some_and(|w| w.starts_with(|c: char| c.is_ascii_lowercase()));
    let plain = first.chars().skip(1).all(|c| c.is_ascii_lowercase());
    if second_lower && plain {
        let mut c = s.chars();
        let head = c.next().map(|f| f.to_lowercase().collect::<String>()).unwrap_or_default();
        return Some(head + c.as_str());
    }
    Some(s.to_string())
}

/// `doc` without its asides in brackets (a chart's label has no room for them), after a space ("Points of a (plain) 7 card (DZ-2)."
/// reads "Points of a 7 card."); a bracket inside a word (`-n(n+1)`) stays.
pub fn without_asides(doc: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in doc.chars() {
        match c {
            '(' if depth > 0 || out.ends_with(' ') => {
                if depth == 0 {
                    out.pop();
                }
                depth += 1;
            }
            ')' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// `text` with every whole-token `id` (not inside a longer name such as `value_12` in
/// `value_123` or `v000_value_12`) replaced by `words`, and `id=` by `words = `.
fn replace_token(text: &str, id: &str, words: &str) -> String {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(id) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + id.len()..].chars().next();
        out.push_str(&rest[..at]);
        if before.is_some_and(is_name) || after.is_some_and(is_name) {
            out.push_str(id);
        } else if after == Some('=') {
            out.push_str(words);
            out.push_str(" = ");
            rest = &rest[at + id.len() + 1..];
            continue;
        } else {
            out.push_str(words);
        }
        rest = &rest[at + id.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_declaration_gives_its_first_words() {
        assert_eq!(
            short("Points of a 12 card (DZ-2, card image).").as_deref(),
            Some("points of a 12 card")
        );
        assert_eq!(short("Banked points that win.").as_deref(), Some("banked points that win"));
        assert_eq!(
            short("LB-1: n counters are worth -n(n+1)/2 (triangular) or -n (linear).").as_deref(),
            Some("n counters are worth -n(n+1)/2 or -n")
        );
        assert_eq!(short("\"Players get 5 dice ...\""), None, "a quotation is no label");
        assert_eq!(
            short("Points of a (plain) 7 card (DZ-2).").as_deref(),
            Some("points of a 7 card")
        );
        assert_eq!(short("Two: \"you also put two counters into the pot\"."), None, "one word");
        assert_eq!(short(&"a word ".repeat(20)), None, "a sentence is no label");
        assert_eq!(
            short("Boost 'em / Bunk 'em in round 1 (DZ-3): ...").as_deref(),
            Some("Boost 'em / Bunk 'em in round 1")
        );
    }

    #[test]
    fn an_unnamed_id_is_spelled_as_words() {
        assert_eq!(spelled("round_wins_seat0"), "round wins seat 0");
        assert_eq!(spelled("golden_7"), "golden 7");
        assert_eq!(spelled("round1_boost_bunk"), "round 1 boost bunk");
        assert_eq!(spelled("turns"), "turns");
    }

    #[test]
    fn ids_in_a_text_read_as_words_but_longer_names_stay() {
        let mut w = Words::default();
        w.rules.insert("value_12".into(), "points of a 12 card".into());
        w.rules.insert("value_1".into(), "points of a 1 card".into());
        let text = "value_12=6 beats value_12=10; each unit more of value_12; v000_value_12-6 \
                    and value_123 stay; value_1=2";
        assert_eq!(
            w.in_text(text, &["value_1", "value_12"]),
            "points of a 12 card = 6 beats points of a 12 card = 10; each unit more of points \
             of a 12 card; v000_value_12-6 and value_123 stay; points of a 1 card = 2"
        );
        assert_eq!(w.html("value_12"), "points of a 12 card <code class=\"id\">value_12</code>");
        assert_eq!(w.html("turns"), "turns", "a plain word is its own words");
        // DARDZ's `value_12` is an option kind and the rule parameter that is its lever.
        w.rules.insert("value_12".into(), "points of a 12 card".into());
        w.map.insert("value_12".into(), "pick 12 and add your 12s".into());
        assert_eq!(w.of("value_12"), "pick 12 and add your 12s");
        assert_eq!(w.rule("value_12"), "points of a 12 card");
        assert_eq!(
            w.in_prose("Rules changed: value_12=6."),
            "Rules changed: points of a 12 card = 6."
        );
    }

    #[test]
    fn a_games_rule_parameters_have_words() {
        let w = Words::of_game("dardz");
        assert_eq!(w.rule("value_12"), "points of a 12 card");
        assert_eq!(w.rule("no_such_key"), "no such key");
        assert_eq!(Words::of_game("no-such-game").of("value_12"), "value 12");
    }
}
