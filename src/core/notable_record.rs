//! `notable.json`, the matches worth seeing of a finished run: one type that the run writes
//! and the report and `arena status` read back. Each pick names its match, the rule that
//! chose it, why, in words, and its replay page in the folder.

use serde::{Deserialize, Serialize};

/// The run's picks, with the rules that chose them in words. Fields are declared in key
/// order, the order `notable.json` has always had.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NotableRecord {
    pub picks: Vec<Pick>,
    /// The rules as the report states them.
    pub rules: String,
}

/// One match worth seeing (fields in key order, as [`NotableRecord`]'s).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pick {
    #[serde(rename = "match")]
    pub index: u64,
    /// The replay page, relative to the run folder.
    pub page: String,
    /// The rule's short name (`longest`, `comeback`, ...).
    pub rule: String,
    /// What the match is, in words.
    pub title: String,
    /// The figure that chose it, in words.
    pub why: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_written_in_key_order_and_read_back_whole() {
        let record = NotableRecord {
            picks: vec![Pick {
                index: 7,
                page: "matches/match-7.html".into(),
                rule: "longest".into(),
                title: "The longest match".into(),
                why: "40 decisions".into(),
            }],
            rules: "Chosen while the run played".into(),
        };
        let text = serde_json::to_string(&record).unwrap();
        // The bytes a `json!` map (sorted keys) wrote before the type existed.
        let sorted = serde_json::to_string(&serde_json::to_value(&record).unwrap()).unwrap();
        assert_eq!(text, sorted);
        assert_eq!(serde_json::from_str::<NotableRecord>(&text).unwrap(), record);
    }
}
