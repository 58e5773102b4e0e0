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
        Some((at, _)) => {
            format!("{}... ({} characters)", visible(&text[..at]), text.chars().count())
        }
        None => visible(text),
    }
}

/// `text` with its control characters (a terminal's escape sequences, carriage returns)
/// written as escapes, so that a quoted value cannot rewrite the terminal's lines.
fn visible(text: &str) -> String {
    let shown = |c: char| {
        if c.is_control() && c != '\n' { c.escape_default().to_string() } else { c.to_string() }
    };
    text.chars().map(shown).collect()
}

/// The most characters of an error line: a message made of many short words is cut too.
const MESSAGE_AT_MOST: usize = 4_000;

/// `message` with every word (a run without whitespace) longer than twice
/// [`QUOTED_AT_MOST`] [`clipped`]: the last guard of the command line's error lines, so that
/// a huge value is never echoed whole whichever message quotes it, while a long path still
/// reads whole.
pub fn clip_long_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut word_start = None;
    for (at, c) in message.char_indices().chain(std::iter::once((message.len(), ' '))) {
        match (c.is_whitespace(), word_start) {
            (false, None) => word_start = Some(at),
            (true, Some(start)) => {
                let word = &message[start..at];
                if word.chars().nth(2 * QUOTED_AT_MOST).is_some() {
                    out.push_str(&clipped(word));
                } else {
                    out.push_str(&visible(word));
                }
                word_start = None;
            }
            _ => {}
        }
        if c.is_whitespace() && at < message.len() {
            out.push_str(&visible(&c.to_string()));
        }
    }
    match out.char_indices().nth(MESSAGE_AT_MOST) {
        Some((at, _)) => {
            let count = out.chars().count();
            format!("{}... (the message is cut: {count} characters)", &out[..at])
        }
        None => out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_word_is_clipped_and_the_rest_kept() {
        let huge = "y".repeat(100_000);
        let message = format!("error: --set target={huge}: must be a whole number\n  see x");
        let out = clip_long_words(&message);
        assert!(out.len() < 200, "{out}");
        assert!(out.starts_with("error: --set target=yyy"), "{out}");
        assert!(out.ends_with(" must be a whole number\n  see x"), "{out}");
        assert!(out.contains("... (100008 characters)"), "the word, its colon included: {out}");
        let path = format!("/{}", "p".repeat(150));
        assert_eq!(clip_long_words(&path), path, "a long path is kept whole");
        let forged = "bad value \u{1b}[2K\rarena: report written";
        assert_eq!(clip_long_words(forged), "bad value \\u{1b}[2K\\rarena: report written");
        let many = "a ".repeat(100_000);
        assert!(clip_long_words(&many).len() < 4_100, "many short words are cut too");
    }

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
