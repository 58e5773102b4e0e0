//! The floors of the crate, read from the source: a module may use only modules on lower
//! floors (siblings on one floor stay apart, except in test files, where a bot's tests may
//! play a real game), and no two modules of one folder may use each other in a cycle.
//! ARCHITECTURE.md draws the same picture. Only `cli` writes to stdout and stderr: below
//! it, a session speaks through the voice `cli` installs (`session::voice`), and no module
//! prints.
//!
//! | floor | modules                  | may use                          |
//! |-------|--------------------------|----------------------------------|
//! | 0     | core                     | nothing else in the crate        |
//! | 1     | games, bots, stats       | core                             |
//! | 2     | runner                   | core, bots, stats                |
//! | 3     | output, report           | runner and below                 |
//! | 4     | session                  | output and below, games          |
//! | 5     | cli                      | everything                       |

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The floor of each top-level module.
const FLOORS: &[(&str, u32)] = &[
    ("core", 0),
    ("games", 1),
    ("bots", 1),
    ("stats", 1),
    ("runner", 2),
    ("output", 3),
    ("report", 3),
    ("session", 4),
    ("cli", 5),
];

/// Exported macros live at the crate root; they belong to the module that defines them.
const MACROS: &[(&str, &str)] = &[
    ("rule_params", "core"),
    ("param_enum", "core"),
    ("rule_record", "core"),
    ("with_game", "games"),
    ("game_registry", "games"),
    ("__match_any_game", "games"),
    ("__define_registry", "games"),
    ("sampled", "core"),
    ("outln", "output"),
    ("errln", "output"),
];

/// What writes to stdout or stderr.
const PRINTING: &[&str] = &[
    "println!",
    "eprintln!",
    "print!(",
    "eprint!(",
    "outln!",
    "errln!",
    "dbg!(",
    "stdout()",
    "stderr()",
    "from_raw_fd",
    "console::",
    "indicatif",
];

/// The places below `cli` that write to stdout or stderr themselves, and why: the console
/// itself (`output/console.rs`); a fault injection point, which says when it is reached so
/// a test knows the moment, below the floor of the voice (`output/io.rs`); and the signal
/// handler, which may take no lock and allocate nothing, so it writes its one line with
/// write(2) on descriptor 2 (`session/signals.rs`).
const PRINTS_ITSELF: &[&str] = &["output/console.rs", "output/io.rs", "session/signals.rs"];

/// Whether `path` is a module its parent declares for tests only (`#[cfg(test)] mod x;`).
fn test_only_module(path: &Path) -> bool {
    let Some(name) = path.file_stem().and_then(|n| n.to_str()) else { return false };
    let dir = path.parent().unwrap();
    let parents = [dir.join("mod.rs"), dir.with_extension("rs")];
    parents.iter().filter_map(|p| std::fs::read_to_string(p).ok()).any(|text| {
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        lines.windows(2).any(|w| {
            w[0] == "#[cfg(test)]"
                && (w[1] == format!("mod {name};") || w[1] == format!("pub mod {name};"))
        })
    })
}

/// `text` without its inline test module (`#[cfg(test)]` then `mod NAME {`, which by this
/// crate's habit ends the file). A `#[cfg(test)] mod NAME;` declaration cuts nothing: its
/// file is skipped as a test-only module, and the code after it is checked.
fn without_tests(text: &str) -> &str {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .scan(0, |at, line| {
            let start = *at;
            *at += line.len() + 1;
            Some((start, line))
        })
        .collect();
    for w in lines.windows(2) {
        let next = w[1].1.trim();
        let inline =
            (next.starts_with("mod ") || next.starts_with("pub mod ")) && next.ends_with('{');
        if w[0].1.trim() == "#[cfg(test)]" && inline {
            return &text[..w[0].0];
        }
    }
    text
}

fn floor(top: &str) -> Option<u32> {
    FLOORS.iter().find(|(m, _)| *m == top).map(|(_, f)| *f)
}

/// Every .rs file under src/ with its module path (`games::trice::board`).
fn modules() -> Vec<(Vec<String>, PathBuf)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files
        .into_iter()
        .filter_map(|path| {
            let rel = path.strip_prefix(&root).unwrap().with_extension("");
            let mut parts: Vec<String> =
                rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            if parts == ["lib"] || parts == ["main"] {
                return None;
            }
            Some((parts, path))
        })
        .collect()
}

/// The crate paths a file refers to: `crate::a::b`, `super::x`, and grouped
/// `use crate::{a, b::c}` forms, each resolved to an absolute list of segments.
fn references(module: &[String], text: &str) -> Vec<Vec<String>> {
    // `super` of a file `a/b.rs` (module a::b) is `a`; of `a/b/mod.rs` (module a::b) also `a`.
    let parent: Vec<String> = module[..module.len().saturating_sub(1)].to_vec();
    let mut out = Vec::new();
    let code: String = text
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !t.starts_with("//")
        })
        .collect::<Vec<_>>()
        .join("\n");
    let bytes = code.as_bytes();
    for (start, base) in [("crate::", Vec::new()), ("super::", parent.clone())] {
        let mut from = 0;
        while let Some(pos) = code[from..].find(start) {
            let at = from + pos;
            from = at + start.len();
            // `$crate::` is a macro's own path, not a dependency of this file.
            if at > 0
                && (bytes[at - 1] == b'$'
                    || bytes[at - 1].is_ascii_alphanumeric()
                    || bytes[at - 1] == b'_')
            {
                continue;
            }
            let rest = &code[from..];
            if let Some(group) = rest.strip_prefix('{') {
                let inner = &group[..group.find('}').unwrap_or(0)];
                for item in inner.split(',') {
                    let segs: Vec<String> = item
                        .trim()
                        .split("::")
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty() && s != "self")
                        .collect();
                    if !segs.is_empty() {
                        out.push(base.iter().cloned().chain(segs).collect());
                    }
                }
                continue;
            }
            let path: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let mut segs: Vec<String> = base.clone();
            segs.extend(path.split("::").filter(|s| !s.is_empty()).map(String::from));
            // `super::{a, b}` after a path prefix: `crate::x::{a, b}`.
            if path.ends_with("::") && rest[path.len()..].starts_with('{') {
                let group = &rest[path.len() + 1..];
                let inner = &group[..group.find('}').unwrap_or(0)];
                for item in inner.split(',') {
                    let first = item.trim().split("::").next().unwrap_or("").trim().to_string();
                    if !first.is_empty() && first != "self" {
                        let mut s = segs.clone();
                        s.push(first);
                        out.push(s);
                    }
                }
                if !segs.is_empty() {
                    out.push(segs);
                }
                continue;
            }
            if !segs.is_empty() {
                out.push(segs);
            }
        }
    }
    out
}

fn is_test_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "tests.rs")
        || path.components().any(|c| c.as_os_str() == "tests")
}

#[test]
fn no_module_uses_a_higher_floor_or_a_sibling_floor() {
    let mut violations = Vec::new();
    for (module, path) in modules() {
        let text = std::fs::read_to_string(&path).unwrap();
        let top = &module[0];
        let own = floor(top).unwrap_or_else(|| {
            panic!(
                "{}: top-level module {top} has no floor; add it to FLOORS and ARCHITECTURE.md",
                path.display()
            )
        });
        for reference in references(&module, &text) {
            let mut target = reference[0].as_str();
            if let Some((_, owner)) = MACROS.iter().find(|(m, _)| *m == target) {
                target = owner;
            }
            if target == top {
                continue;
            }
            let Some(theirs) = floor(target) else { continue };
            let sibling_ok = theirs == own && is_test_file(&path);
            if theirs > own || (theirs == own && !sibling_ok) {
                violations.push(format!(
                    "{} (floor {own}) uses {} (floor {theirs})",
                    path.display(),
                    reference.join("::")
                ));
            }
        }
    }
    violations.sort();
    violations.dedup();
    assert!(
        violations.is_empty(),
        "lower floors must not use higher ones:\n{}",
        violations.join("\n")
    );
}

#[test]
fn only_cli_writes_to_stdout_and_stderr() {
    let mut violations = Vec::new();
    for (module, path) in modules() {
        let shown = path.to_string_lossy().replace('\\', "/");
        if module[0] == "cli"
            || is_test_file(&path)
            || test_only_module(&path)
            || PRINTS_ITSELF.iter().any(|p| shown.ends_with(p))
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in without_tests(&text).lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if let Some(p) = PRINTING.iter().find(|p| code.contains(*p)) {
                violations.push(format!("{}:{}: {p}", path.display(), i + 1));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "below cli, say it through session::voice (or return it):\n{}",
        violations.join("\n")
    );
}

#[test]
fn no_import_cycle_between_modules_of_one_folder() {
    let mods = modules();
    let known: BTreeSet<Vec<String>> = mods.iter().map(|(m, _)| m.clone()).collect();
    // Edges between sibling modules only: a module and its own submodules or parent share one
    // implementation and may refer to each other.
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, path) in &mods {
        let text = std::fs::read_to_string(path).unwrap();
        for reference in references(module, &text) {
            // The deepest module named by the reference.
            let target = (1..=reference.len())
                .rev()
                .map(|n| reference[..n].to_vec())
                .find(|p| known.contains(p));
            let Some(target) = target else { continue };
            if target.starts_with(module) || module.starts_with(&target) {
                continue;
            }
            // Compare at the level where the two paths part: `a::x::..` vs `a::y::..` is x -> y.
            let common = module.iter().zip(&target).take_while(|(a, b)| a == b).count();
            let from = module[..=common.min(module.len() - 1)].to_vec();
            let to = target[..=common.min(target.len() - 1)].to_vec();
            if from != to {
                edges.entry(from).or_default().insert(to);
            }
        }
    }
    // Depth-first search for a cycle.
    fn visit(
        node: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, u8>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        match state.get(node) {
            Some(2) => return None,
            Some(1) => {
                let start = stack.iter().position(|n| n == node).unwrap();
                let mut cycle = stack[start..].to_vec();
                cycle.push(node.clone());
                return Some(cycle);
            }
            _ => {}
        }
        state.insert(node.clone(), 1);
        stack.push(node.clone());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, edges, state, stack) {
                return Some(c);
            }
        }
        stack.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    // The first cycle found is reported (the search stops there).
    let cycle = edges.keys().find_map(|node| visit(node, &edges, &mut state, &mut Vec::new()));
    if let Some(cycle) = cycle {
        let text: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
        panic!("module cycle: {}", text.join(" -> "));
    }
}

#[test]
fn the_floor_check_sees_a_violation_and_a_group_import() {
    let module = vec!["games".to_string(), "trice".to_string(), "board".to_string()];
    let refs = references(
        &module,
        "use super::state::{Die, EMPTY};\nuse crate::{cli::x, stats::Tally};\n// crate::session in a comment\nlet a = $crate::core::X;",
    );
    let joined: Vec<String> = refs.iter().map(|r| r.join("::")).collect();
    assert!(joined.contains(&"games::trice::state::Die".to_string()), "{joined:?}");
    assert!(joined.contains(&"cli::x".to_string()), "{joined:?}");
    assert!(joined.contains(&"stats::Tally".to_string()), "{joined:?}");
    assert!(
        !joined.iter().any(|j| j.starts_with("session") || j.starts_with("core")),
        "{joined:?}"
    );
}
