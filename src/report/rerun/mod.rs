//! The lines a page prints for playing a folder's job again, so that a result can be shared:
//! the rerun line itself, complete (every choice that decided the result, from the folder's
//! record: [`words`]), naming the program `arena` and a new folder beside the job's own by a
//! relative name; the build that made it, since another version may give other numbers
//! ([`job::MadeBy`]); `arena rerun DIR`, which plays it and compares; and for a finished run
//! the line that plays more matches into the folder itself.

pub mod job;
pub mod words;

use std::path::Path;

pub use job::{Job, JobKind, MadeBy, folder_name};
pub use words::{job_words, with_out};

use crate::core::job_record::{CommandRecord, ManifestRecord, PlanRecord};
use crate::core::layout::PLAN_FILE;
use crate::report::page::esc;
use crate::report::read_record;

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

/// The value of `--flag VALUE` or `--flag=VALUE` in `words`, if given.
pub fn flag_value<'a>(words: &'a [String], flag: &str) -> Option<&'a str> {
    let eq = format!("{flag}=");
    words.iter().enumerate().find_map(|(i, w)| {
        if w == flag { words.get(i + 1).map(String::as_str) } else { w.strip_prefix(&eq) }
    })
}

/// The output folder a page's rerun line names: the job's folder's own name with
/// `-rerun`, beside it (a folder that holds files is refused, so never the folder itself).
pub fn rerun_folder(job: &Job) -> String {
    format!("{}-rerun", job.folder_name())
}

/// How the page of `dir` names the job it belongs to: "this run", "the sweep", ...
fn job_name(job: &Job, dir: &Path) -> &'static str {
    let own = job.root == dir;
    match job.kind {
        JobKind::Run => "this run",
        JobKind::Experiment if own => "this experiment",
        JobKind::Experiment => "the experiment",
        JobKind::Sweep => "the sweep",
        JobKind::Ladder => "this ladder",
        JobKind::Tune => "the tuning",
        JobKind::Merge => "this merge",
    }
}

/// The paragraphs of a settings box on rerunning the job `dir` belongs to, as HTML: the
/// rerun line, then the build it needs and `arena rerun`. When the folder's record cannot
/// say (an older or damaged folder), why not, and the command it was made with.
pub fn rerun_paragraphs(dir: &Path, recorded: &CommandRecord) -> String {
    let job = Job::of(dir);
    let line = job.as_ref().map_err(ToString::to_string).and_then(|job| {
        let words = job_words(job).map_err(|e| e.to_string())?;
        let made_by = job.made_by().map_err(|e| e.to_string())?;
        Ok((job, with_out(words, &rerun_folder(job)), made_by))
    });
    let (job, words, made_by) = match line {
        Ok(found) => found,
        Err(why) => {
            let typed = Some(&recorded.command_line)
                .filter(|w| !w.is_empty())
                .map(|w| format!(" It was made with <code>{}</code>.", esc(&shell_line(w))))
                .unwrap_or_default();
            return format!("<p>No rerun line: {}.{typed}</p>", esc(&why));
        }
    };
    let name = job.folder_name();
    let mut html = format!(
        "<p>Rerun {} exactly, into a new folder beside <code>{}</code> (run it in the folder that holds it): <code>{}</code></p>",
        job_name(job, dir),
        esc(&name),
        esc(&shell_line(&words))
    );
    let mut needs =
        format!("Made by {}: another version may give other numbers.", esc(&made_by.words()));
    let read = files_read(job, &words);
    if !read.is_empty() {
        let names: Vec<String> = read.iter().map(|f| format!("<code>{}</code>", esc(f))).collect();
        let (paths, them) = if read.len() == 1 { ("path", "it") } else { ("paths", "them") };
        needs.push_str(&format!(
            " It reads {} at the {paths} the job gave: send {them} along.",
            names.join(", ")
        ));
    }
    if job.kind == JobKind::Merge {
        needs.push_str(" It merges the shards' folders it names, which hold the plan.");
    }
    html.push_str(&format!(
        "<p>{needs} <code>arena rerun {}</code> plays it again from the folder's record and says whether every CSV file comes out the same, byte for byte.</p>",
        esc(&shell_word(&name))
    ));
    html
}

/// The files the job read whose content decided its result: the rules file, and any file a
/// rule names (a card list), as its record lists them (`input_files`).
fn files_read(job: &Job, words: &[String]) -> Vec<String> {
    let mut files: Vec<String> =
        flag_value(words, "--rules").map(str::to_string).into_iter().collect();
    let record = job.record_file().ok().and_then(|path| {
        let dir = path.parent()?.to_path_buf();
        read_record::<CommandRecord>(&dir, &path.file_name()?.to_string_lossy()).ok()
    });
    if let Some(record) = record {
        files.extend(record.input_files.into_values().filter_map(|f| f.path));
    }
    // The rules file may be both typed and recorded as an input: named once.
    let mut seen = std::collections::HashSet::new();
    files.retain(|f| seen.insert(f.clone()));
    files
}

/// For a finished single run (its own `plan.json`, no shard, no stopping rule), the
/// paragraph with the line that plays more matches into its folder: `--resume DIR --matches
/// N` with N above the run's count plays only the new matches. A shard is refused an
/// extension (its range of matches depends on the whole run's total), and a stopping rule's
/// count is a ceiling, so neither gets the line.
pub fn extend_paragraph(dir: &Path, manifest: &ManifestRecord) -> Option<String> {
    let request = read_record::<PlanRecord>(dir, PLAN_FILE).ok()?.request?;
    let matches = request.matches?;
    if request.shard.is_some() || manifest.shard.is_some() || !request.stopping.is_plain() {
        return None;
    }
    // Run in the folder that holds it, as the rerun line is: no path of the machine that
    // made it.
    let folder = folder_name(dir);
    let line: Vec<String> = ["arena", "run", "--resume", &folder, "--matches"]
        .iter()
        .map(|w| w.to_string())
        .chain([(matches * 2).to_string()])
        .collect();
    Some(format!(
        "<p>Play more matches into this folder (any count above {matches}; only the new matches are played): <code>{}</code></p>",
        esc(&shell_line(&line))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    fn golden(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name)
    }

    #[test]
    fn a_page_says_the_whole_line_the_build_and_arena_rerun() {
        let dir = golden("dardz");
        let manifest = read_record(&dir, "manifest.json").unwrap();
        let html = rerun_paragraphs(&dir, &manifest);
        assert!(
            html.starts_with(
                "<p>Rerun this run exactly, into a new folder beside <code>dardz</code>"
            ),
            "{html}"
        );
        assert!(html.contains("<code>arena run --game dardz --players 3 "), "{html}");
        assert!(html.contains("--fair-within 1 --out dardz-rerun</code>"), "{html}");
        assert!(html.contains("Made by arena "), "{html}");
        assert!(html.contains("another version may give other numbers"), "{html}");
        assert!(html.contains("<code>arena rerun dardz</code>"), "{html}");
        // A game of the default experiment is rerun by the experiment.
        let game = golden("default-experiment").join("pig");
        let manifest = read_record(&game, "manifest.json").unwrap();
        let html = rerun_paragraphs(&game, &manifest);
        assert!(html.starts_with("<p>Rerun the experiment exactly"), "{html}");
        assert!(html.contains("--out default-experiment-rerun</code>"), "{html}");
    }

    #[test]
    fn a_folder_without_a_record_says_why_there_is_no_line() {
        let tmp = tempfile::tempdir().unwrap();
        let recorded = CommandRecord {
            command_line: ["/opt/bin/arena", "run", "--game", "pig"].map(String::from).to_vec(),
            ..CommandRecord::default()
        };
        let html = rerun_paragraphs(tmp.path(), &recorded);
        assert!(html.starts_with("<p>No rerun line: "), "{html}");
        assert!(html.contains("no record of a job to rerun"), "{html}");
        assert!(
            html.contains("It was made with <code>/opt/bin/arena run --game pig</code>"),
            "{html}"
        );
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
