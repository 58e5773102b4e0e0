//! Docs that cannot drift: every relative link in every tracked Markdown file of the
//! repository points at a path that exists, and no Markdown file points outside the
//! repository (`../shared`, the material the project was built from, is not part of it).
//!
//! The files are those `git ls-files '*.md'` lists; without git (an unpacked archive) the tree
//! is walked instead, skipping `target/` and `.git/`. A link is `[text](path)`,
//! `[text](path#anchor)`, `![alt](path)` or a reference definition `[label]: path`, outside
//! fenced code blocks and inline code; web addresses (`http:`, `https:`, any `scheme://`),
//! `mailto:` and pure `#anchor` links are not checked, and anchors are not checked either,
//! only that the path exists relative to the linking file (or to the repository root for a
//! path starting with `/`). Standard library only.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root: the package's own folder.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every Markdown file of the repository, as paths relative to the root, sorted.
fn markdown_files() -> Vec<PathBuf> {
    let root = root();
    let listed = Command::new("git")
        .args(["ls-files", "-z", "--", "*.md"])
        .current_dir(&root)
        .output()
        .ok()
        .filter(|out| out.status.success() && !out.stdout.is_empty());
    let mut files: Vec<PathBuf> = match listed {
        Some(out) => {
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let names: Vec<PathBuf> = text
                .split('\0')
                .filter(|name| !name.is_empty())
                .map(PathBuf::from)
                // A tracked file deleted in the working tree is not there to check.
                .filter(|rel| root.join(rel).is_file())
                .collect();
            names
        }
        None => {
            let mut found = Vec::new();
            walk(&root, &root, &mut found);
            found
        }
    };
    files.sort();
    files
}

/// The `.md` files under `dir`, relative to `root`, skipping `target/` and `.git/`.
fn walk(root: &Path, dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && name != ".git" {
                walk(root, &path, found);
            }
        } else if path.extension().is_some_and(|ext| ext == "md")
            && let Ok(rel) = path.strip_prefix(root)
        {
            found.push(rel.to_path_buf());
        }
    }
}

/// The text of a Markdown file with fenced code blocks and inline code spans blanked out
/// (replaced by spaces, newlines kept, so line numbers stay right).
fn prose(text: &str) -> Vec<char> {
    // Fenced blocks: a line starting (after up to three spaces) with ``` or ~~~ opens a block
    // that a line starting with the same fence character closes.
    let mut out = String::with_capacity(text.len());
    let mut fence: Option<char> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        let marker = ['`', '~']
            .into_iter()
            .find(|&c| indent <= 3 && trimmed.starts_with(&c.to_string().repeat(3)));
        let inside = fence.is_some();
        match (fence, marker) {
            (None, Some(c)) => fence = Some(c),
            (Some(open), Some(c)) if open == c => fence = None,
            _ => {}
        }
        if inside || marker.is_some() {
            out.extend(line.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
        } else {
            out.push_str(line);
        }
    }
    // Inline code: a run of n backticks up to the next run of exactly n, within a paragraph.
    let mut chars: Vec<char> = out.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            i += 1;
            continue;
        }
        let n = run_length(&chars, i);
        let mut j = i + n;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '\n' && chars.get(j + 1) == Some(&'\n') {
                break;
            }
            if chars[j] == '`' {
                let m = run_length(&chars, j);
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                for c in &mut chars[i..end + n] {
                    if *c != '\n' {
                        *c = ' ';
                    }
                }
                i = end + n;
            }
            None => i += n,
        }
    }
    chars
}

/// How many backticks start at `at`.
fn run_length(chars: &[char], at: usize) -> usize {
    chars[at..].iter().take_while(|&&c| c == '`').count()
}

/// The link destinations of a file's prose, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let chars = prose(text);
    let line_of = |at: usize| 1 + chars[..at].iter().filter(|&&c| c == '\n').count();
    let mut found = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if c != '[' || (i > 0 && chars[i - 1] == '\\') {
            continue;
        }
        let Some(close) = closing_bracket(&chars, i) else {
            continue;
        };
        match chars.get(close + 1) {
            // An inline link or image: `[text](destination "title")`.
            Some('(') => {
                if let Some(dest) = destination(&chars, close + 2) {
                    found.push((line_of(i), dest));
                }
            }
            // A reference definition at the start of a line: `[label]: destination`.
            Some(':') if starts_line(&chars, i) => {
                let rest: String = chars[close + 2..].iter().take_while(|&&c| c != '\n').collect();
                if let Some(dest) = rest.split_whitespace().next() {
                    let dest = dest.trim_start_matches('<').trim_end_matches('>');
                    found.push((line_of(i), dest.to_string()));
                }
            }
            _ => {}
        }
    }
    found
}

/// The `]` closing the `[` at `open` (brackets nest; a blank line ends the search).
fn closing_bracket(chars: &[char], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            '\n' if chars.get(i + 1) == Some(&'\n') => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether the `[` at `at` starts its line (after up to three spaces).
fn starts_line(chars: &[char], at: usize) -> bool {
    let before = chars[..at].iter().rev().take_while(|&&c| c != '\n');
    let mut spaces = 0;
    for &c in before {
        if c != ' ' {
            return false;
        }
        spaces += 1;
    }
    spaces <= 3
}

/// The destination of an inline link whose `(` is just before `start`: `<...>`, or up to
/// white space or the `)` that balances it.
fn destination(chars: &[char], start: usize) -> Option<String> {
    let mut i = start;
    while chars.get(i).is_some_and(|c| *c == ' ' || *c == '\n') {
        i += 1;
    }
    if chars.get(i) == Some(&'<') {
        let end = chars[i + 1..].iter().position(|&c| c == '>' || c == '\n')?;
        return Some(chars[i + 1..i + 1 + end].iter().collect());
    }
    let mut depth = 0usize;
    let mut dest = String::new();
    while let Some(&c) = chars.get(i) {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => break,
            ')' => depth -= 1,
            c if c.is_whitespace() => break,
            _ => {}
        }
        dest.push(c);
        i += 1;
    }
    Some(dest)
}

/// The path a destination names, or `None` for what this test does not check: web
/// addresses, other schemes, `mailto:` and pure anchors.
fn local_path(dest: &str) -> Option<String> {
    let lower = dest.to_ascii_lowercase();
    if dest.is_empty()
        || dest.starts_with('#')
        || lower.starts_with("mailto:")
        || dest.contains("://")
    {
        return None;
    }
    let path = dest.split(['#', '?']).next().unwrap_or("");
    if path.is_empty() {
        return None;
    }
    Some(path.replace("%20", " "))
}

#[test]
fn every_relative_markdown_link_points_at_an_existing_path() {
    let root = root();
    let files = markdown_files();
    assert!(!files.is_empty(), "no Markdown files found under {}", root.display());
    let mut broken = Vec::new();
    let mut checked = 0;
    for rel in &files {
        let text = std::fs::read_to_string(root.join(rel))
            .unwrap_or_else(|e| panic!("reading {}: {e}", rel.display()));
        let dir = rel.parent().unwrap_or(Path::new(""));
        for (line, dest) in links(&text) {
            let Some(path) = local_path(&dest) else {
                continue;
            };
            checked += 1;
            let target = match path.strip_prefix('/') {
                Some(from_root) => root.join(from_root),
                None => root.join(dir).join(&path),
            };
            if !target.exists() {
                broken.push(format!(
                    "{}:{line}: ({dest}) -> {} does not exist",
                    rel.display(),
                    target.display()
                ));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} of {checked} relative links in {} Markdown files point at nothing:\n{}",
        broken.len(),
        files.len(),
        broken.join("\n")
    );
}

#[test]
fn no_markdown_file_points_outside_the_repository() {
    let root = root();
    let mut offenders = Vec::new();
    for rel in markdown_files() {
        let text = std::fs::read_to_string(root.join(&rel))
            .unwrap_or_else(|e| panic!("reading {}: {e}", rel.display()));
        for (n, line) in text.lines().enumerate() {
            if line.contains("../shared") {
                offenders.push(format!("{}:{}: {}", rel.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "Markdown files refer to ../shared, which is outside the repository (say it in the \
         repository's own docs instead, e.g. docs/rules/):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_link_reader_finds_links_and_skips_code() {
    let text = "See [the guide](docs/guide/README.md#top) and ![a picture](img.png \"title\").\n\
                `[not](a-link.md)` and\n\
                ```\n[not](in-a-fence.md)\n```\n\
                [web](https://example.com) [anchor](#here) [mail](mailto:a@b.c)\n\
                [ref]: ref/target.md\n\
                [nested [brackets]](nested.md) [parens](file_(1).md)\n";
    let found: Vec<String> = links(text).into_iter().map(|(_, d)| d).collect();
    assert_eq!(
        found,
        [
            "docs/guide/README.md#top",
            "img.png",
            "https://example.com",
            "#here",
            "mailto:a@b.c",
            "ref/target.md",
            "nested.md",
            "file_(1).md",
        ]
    );
    let local: Vec<String> = found.iter().filter_map(|d| local_path(d)).collect();
    assert_eq!(
        local,
        ["docs/guide/README.md", "img.png", "ref/target.md", "nested.md", "file_(1).md"]
    );
}
