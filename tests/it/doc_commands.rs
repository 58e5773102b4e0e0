//! Docs that cannot drift, part two: every command block the guide marks as runnable
//! (a fence opened with ```` ```sh runnable ````) runs as written against the built binary,
//! each block in a fresh folder with `arena` on the PATH, and must exit 0 (a block that
//! expects a refusal says so itself, `|| test $? -eq 2`). The blocks use small match counts,
//! so a reader can paste them too.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Every runnable block of a Markdown text, with the line it starts on.
fn runnable_blocks(text: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut open {
            None if trimmed.starts_with("```") => {
                let info = trimmed.trim_start_matches('`').trim();
                let words: Vec<&str> = info.split_whitespace().collect();
                open = Some((n + 1, String::new()));
                if words != ["sh", "runnable"] {
                    // An ordinary fence: remember it only to skip its lines.
                    open = Some((0, String::new()));
                }
            }
            Some(_) if trimmed.starts_with("```") => {
                let (start, body) = open.take().unwrap();
                if start > 0 {
                    blocks.push((start, body));
                }
            }
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
            None => {}
        }
    }
    blocks
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

#[test]
fn every_runnable_block_of_the_docs_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut files);
    files.sort();
    // `arena` on the PATH is the binary under test.
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_arena"), bin.path().join("arena")).unwrap();
    let path = format!("{}:{}", bin.path().display(), std::env::var("PATH").unwrap_or_default());
    let mut ran = 0;
    let mut failed = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (line, block) in runnable_blocks(&text) {
            let work = tempfile::tempdir().unwrap();
            let out = crate::common::output_within(
                Command::new("bash")
                    .args(["-e", "-o", "pipefail", "-c", &block])
                    .current_dir(work.path())
                    .env("PATH", &path),
            );
            ran += 1;
            if !out.status.success() {
                failed.push(format!(
                    "{}:{line}: {}\n{block}stderr: {}",
                    file.strip_prefix(root).unwrap().display(),
                    out.status,
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    }
    assert!(ran >= 10, "only {ran} runnable blocks found: the guide marks more");
    assert!(failed.is_empty(), "runnable blocks that failed:\n{}", failed.join("\n"));
}

#[test]
fn the_block_reader_takes_only_runnable_blocks() {
    let text = "intro\n```sh runnable\narena games\narena bots\n```\n```sh\narena run\n```\n\
                ```\nplain\n```\n```sh runnable\narena plan --game pig --ci 0.1\n```\n";
    let blocks = runnable_blocks(text);
    assert_eq!(
        blocks,
        [
            (2, "arena games\narena bots\n".to_string()),
            (12, "arena plan --game pig --ci 0.1\n".into())
        ]
    );
}
