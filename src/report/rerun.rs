//! The command lines a page prints for playing a folder's job again. The recorded command
//! line cannot be pasted back as it is: its `--out` names the folder it made, and a folder
//! that holds files is refused. So the rerun line sends the same job to a sibling folder
//! (`--out DIR-rerun`), which plays the same matches to the same bytes, and a finished
//! run's page adds the separate line that plays more matches into the folder itself.

use std::path::Path;

use crate::core::layout::PLAN_FILE;
use crate::report::page::esc;
use crate::report::read_json;

/// A shell word, quoted when it needs to be, so the command line can be pasted back.
pub fn shell_word(w: &str) -> String {
    if !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=,@+%".contains(c)) {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', "'\\''"))
    }
}

/// Words joined into one line a shell reads back as the same words.
pub fn shell_line(words: &[String]) -> String {
    words.iter().map(|w| shell_word(w)).collect::<Vec<_>>().join(" ")
}

/// The words of a JSON array of strings (a recorded `command_line`).
pub fn recorded_words(v: &serde_json::Value) -> Option<Vec<String>> {
    v.as_array()?.iter().map(|w| w.as_str().map(str::to_string)).collect()
}

/// The value of `--flag VALUE` or `--flag=VALUE` in `words`, if given.
pub fn flag_value<'a>(words: &'a [String], flag: &str) -> Option<&'a str> {
    let eq = format!("{flag}=");
    words.iter().enumerate().find_map(|(i, w)| {
        if w == flag { words.get(i + 1).map(String::as_str) } else { w.strip_prefix(&eq) }
    })
}

/// `command_line` made to play its job again into a new folder: its `--out DIR` becomes
/// `--out DIR-rerun`; without `--out` it is unchanged, since the job then claims a fresh
/// timestamped folder under `results/`, unless an experiment file may name the folder
/// (then `--out results/<file stem>-rerun`). `None` for a command that continued a folder
/// (`--resume`): it holds only the flags that may change on resume, not the job's own.
pub fn rerun_words(command_line: &[String]) -> Option<Vec<String>> {
    let resumed = command_line.iter().any(|w| w == "--resume" || w.starts_with("--resume="));
    if resumed {
        return None;
    }
    let mut words = command_line.to_vec();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "--out" && i + 1 < words.len() {
            words[i + 1] = format!("{}-rerun", words[i + 1]);
            i += 1;
        } else if let Some(dir) = words[i].strip_prefix("--out=") {
            words[i] = format!("--out={dir}-rerun");
        }
        i += 1;
    }
    // An experiment file may name the folder itself (`out = ...`), which the rerun would
    // find taken: a flag overrides the file's key, so give it a folder of its own.
    let has_out = words.iter().any(|w| w == "--out" || w.starts_with("--out="));
    if !has_out && let Some(file) = flag_value(&words, "--experiment") {
        let stem = std::path::Path::new(file)
            .file_stem()
            .map_or("experiment".into(), |s| s.to_string_lossy());
        words.extend(["--out".to_string(), format!("results/{stem}-rerun")]);
    }
    Some(words)
}

/// The paragraph that says how to rerun the recorded `command_line` (`what` names the
/// job: "this run", "the sweep"), as HTML: the line itself, or for a continued job why
/// there is none.
pub fn rerun_paragraph(command_line: &[String], what: &str) -> String {
    match rerun_words(command_line) {
        Some(words) => format!(
            "<p>Rerun {what} exactly, into a new folder: <code>{}</code></p>",
            esc(&shell_line(&words))
        ),
        None => format!(
            "<p>{} was last continued with <code>{}</code>; plan.json in its folder records the request it was started with.</p>",
            esc(&capitalised(what)),
            esc(&shell_line(command_line))
        ),
    }
}

/// For a finished single run (its own `plan.json`, no shard, no stopping rule), the
/// paragraph with the line that plays more matches into its folder: `--resume DIR --matches
/// N` with N above the run's count plays only the new matches. A shard is refused an
/// extension (its range of matches depends on the whole run's total), and a stopping rule's
/// count is a ceiling, so neither gets the line.
pub fn extend_paragraph(dir: &Path, manifest: &serde_json::Value) -> Option<String> {
    let plan = read_json(dir, PLAN_FILE).ok()?;
    let request = &plan["request"];
    let stopping = &request["stopping"];
    let plain = stopping["until_ci"].is_null()
        && stopping["sprt"].is_null()
        && !stopping["until_decided"].as_bool().unwrap_or(false);
    let matches = request["matches"].as_u64()?;
    if !request["shard"].is_null() || !manifest["shard"].is_null() || !plain {
        return None;
    }
    let words = recorded_words(&manifest["command_line"])?;
    // The folder as the recorded command named it, else as this report was asked for.
    let folder = flag_value(&words, "--out")
        .or_else(|| flag_value(&words, "--resume"))
        .map_or_else(|| dir.display().to_string(), str::to_string);
    let program = words.first().map_or("arena", String::as_str);
    let line: Vec<String> = [program, "run", "--resume", &folder, "--matches"]
        .iter()
        .map(|w| w.to_string())
        .chain([(matches * 2).to_string()])
        .collect();
    Some(format!(
        "<p>Play more matches into this folder (any count above {matches}; only the new matches are played): <code>{}</code></p>",
        esc(&shell_line(&line))
    ))
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn the_rerun_goes_to_a_new_folder() {
        let w = rerun_words(&words("arena run --game pig --out results/pig --seed 7")).unwrap();
        assert_eq!(w.join(" "), "arena run --game pig --out results/pig-rerun --seed 7");
        let w = rerun_words(&words("arena sweep --out=s --vary target=50,100")).unwrap();
        assert_eq!(w.join(" "), "arena sweep --out=s-rerun --vary target=50,100");
        // Without --out a new timestamped folder is claimed: nothing to change.
        let w = rerun_words(&words("arena run --game pig")).unwrap();
        assert_eq!(w.join(" "), "arena run --game pig");
        // A merge's own folder gets the new name, the shards it reads keep theirs.
        let w = rerun_words(&words("arena merge --out m a b")).unwrap();
        assert_eq!(w.join(" "), "arena merge --out m-rerun a b");
    }

    #[test]
    fn a_continued_job_has_no_rerun_line() {
        assert_eq!(rerun_words(&words("arena run --resume results/pig --matches 400")), None);
        // An experiment file may name its folder: the rerun gets one of its own.
        let w = rerun_words(&words("arena run --experiment exp/night.toml")).unwrap();
        assert_eq!(w[w.len() - 2..], ["--out", "results/night-rerun"]);
        assert_eq!(rerun_words(&words("arena ladder --resume=l")), None);
        let p = rerun_paragraph(&words("arena run --resume r"), "this run");
        assert!(p.starts_with("<p>This run was last continued with <code>arena run --resume r"));
    }

    #[test]
    fn words_that_need_quotes_are_quoted() {
        let line = shell_line(&words("arena run --set name=it's"));
        assert_eq!(line, "arena run --set 'name=it'\\''s'");
        assert_eq!(flag_value(&words("a --out x"), "--out"), Some("x"));
        assert_eq!(flag_value(&words("a --out=y"), "--out"), Some("y"));
        assert_eq!(flag_value(&words("a --outx y"), "--out"), None);
    }
}
