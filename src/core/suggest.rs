//! "Did you mean": the closest of the valid names to a misspelt one, by Jaro-Winkler
//! similarity (the measure clap uses for its own suggestions, through the same `strsim`
//! crate), so a designer who types `trise` or `valu_12` is shown the name they meant.

/// How similar a candidate must be to count as meant (clap's own threshold).
const THRESHOLD: f64 = 0.8;

/// The most similar of `candidates` to `given`, if any is similar enough: by Jaro-Winkler,
/// or one edit away (a swapped pair, a missing letter), which Jaro-Winkler misses in short
/// words (`rnu` for `run`).
pub fn closest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let one_edit = |c: &str| given.chars().count() >= 3 && strsim::osa_distance(given, c) <= 1;
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(given, c), c))
        .filter(|(score, c)| *score >= THRESHOLD || one_edit(c))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// `"; did you mean `X`?"` for the closest candidate, or nothing.
pub fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(given, candidates).map(|c| format!("; did you mean `{c}`?")).unwrap_or_default()
}

/// The most characters of a user's value an error message quotes.
pub const QUOTED_AT_MOST: usize = 80;

/// `text` as an error message quotes it: whole when short, else its first
/// [`QUOTED_AT_MOST`] characters and `...` (a 100 kB flag value is not echoed whole).
pub fn clipped(text: &str) -> String {
    match text.char_indices().nth(QUOTED_AT_MOST) {
        Some((at, _)) => format!("{}... ({} characters)", &text[..at], text.chars().count()),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typo_finds_its_name_and_nonsense_finds_none() {
        let games = ["trice", "low-blow", "dardz", "pride-prejudice", "love-actually"];
        assert_eq!(closest("trise", games), Some("trice"));
        assert_eq!(closest("lowblow", games), Some("low-blow"));
        assert_eq!(closest("chess", games), None);
        assert_eq!(closest("rnu", ["run", "games", "bots", "trace"]), Some("run"));
        assert_eq!(closest("xyz", ["run", "games"]), None);
        assert_eq!(
            did_you_mean("valu_12", ["value_12", "target_score"]),
            "; did you mean `value_12`?"
        );
        assert_eq!(did_you_mean("zzz", ["value_12"]), "");
    }
}
