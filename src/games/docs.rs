//! The documents a game's folder and its registry line are enough to write: its rules page
//! (from the folder's `rules.md`, its "How to play" and its declared rule parameters), its
//! defaults file (`configs/<name>.toml`), and its rows in the README's table of games and in
//! the rules index. `tests/it/completeness.rs` holds the repository to them and, run with
//! `ARENA_BLESS_DOCS=1`, writes what is missing, so that adding a game touches its folder
//! and its registry line alone.

use std::fmt::Write;

use super::GameEntry;
use crate::core::rules::{Origin, ParamInfo};

/// The line that opens a game's "How to play" on its rules page.
pub fn how_to_play_opening(name: &str) -> String {
    format!(
        "<!-- how to play {name}: copied from src/games' how_to_play.md for this game, which the pages show too; `ARENA_BLESS_DOCS=1 cargo test --test it how_to_play` copies it again -->"
    )
}

/// The line that closes it.
pub fn how_to_play_closing(name: &str) -> String {
    format!("<!-- end of how to play {name} -->")
}

/// The players a game takes, as the tables write them: `2`, `3-4`.
fn players(game: &GameEntry) -> String {
    let seats = game.default_game().seats();
    if seats.start() == seats.end() {
        seats.start().to_string()
    } else {
        format!("{}-{}", seats.start(), seats.end())
    }
}

/// The path of its rules page from the repository's root.
pub fn rules_page_path(game: &GameEntry) -> String {
    format!("docs/rules/{}.md", game.name)
}

/// Whose value each origin is, as the rules pages and defaults files say it.
fn origin_words(origin: Origin) -> &'static str {
    match origin {
        Origin::Found => "the designer's rule",
        Origin::Default => "our reading where the rules are silent",
        Origin::Reference => "the reference game's standard rules",
        Origin::Engine => "a harness setting, not a rule",
    }
}

/// The declared parameters that a rules file sets by a key of their own (a table's cells
/// are set through their rows).
fn plain_params(game: &GameEntry) -> Vec<ParamInfo> {
    game.default_game().params().into_iter().filter(|p| !p.key.contains('.')).collect()
}

/// The rules page written from the folder's `rules.md`: its title, that text, the "How to
/// play" the pages show, and every rule parameter with its default, range and origin.
/// `None` for a game whose page is kept by hand.
pub fn rules_page(game: &GameEntry) -> Option<String> {
    if game.rules_page.trim().is_empty() {
        return None;
    }
    let mut page = format!("# {} (`{}`)\n\n", game.title, game.name);
    page += "<!-- written from the game's rules.md, how_to_play.md and declared rule parameters \
             (src/games/); `ARENA_BLESS_DOCS=1 cargo test --test it completeness` writes it \
             again -->\n\n";
    page += game.rules_page.trim();
    let _ = write!(
        page,
        "\n\nHow to play {}, as the pages say it:\n\n{}\n\n{}\n\n{}\n\n",
        game.title,
        how_to_play_opening(game.name),
        game.how_to_play.trim(),
        how_to_play_closing(game.name)
    );
    let params = plain_params(game);
    if params.is_empty() {
        page += "No rule parameters.\n\n";
    } else {
        page += "## Rule parameters\n\nA rules file or `--set key=value` changes them \
                 (`configs/";
        let _ = write!(page, "{}.toml` holds them at their defaults).\n\n", game.name);
        page += "| parameter | default | allowed | origin | meaning |\n|---|---:|---|---|---|\n";
        let cell =
            |text: &str| if text.is_empty() { "-".to_string() } else { text.replace('|', "\\|") };
        for p in &params {
            let _ = writeln!(
                page,
                "| `{}` | {} | {} | {} ({}) | {} |",
                p.key,
                cell(&p.default),
                cell(p.allowed),
                p.origin,
                origin_words(p.origin),
                cell(p.doc.trim().trim_end_matches('.'))
            );
        }
        page += "\n";
    }
    page += "Back to [the rules index](README.md).\n";
    Some(page)
}

/// A rules file that sets every parameter to its default, each with what it is, its range
/// and whose value it is.
pub fn defaults_file(game: &GameEntry) -> String {
    let mut file = format!(
        "# {} rules at their defaults (see {}).\n# Written from the game's declared \
         parameters; a designer's copy may change any value.\ngame = \"{}\"\n",
        game.title,
        rules_page_path(game),
        game.name
    );
    for p in plain_params(game) {
        let _ = write!(
            file,
            "\n# {}, {}: {} ({}).\n{} = {}\n",
            p.origin,
            origin_words(p.origin),
            p.doc.trim().trim_end_matches('.'),
            p.allowed,
            p.key,
            toml_value(&p.default)
        );
    }
    file
}

/// A default as a TOML value: a finite number or a boolean as it is shown, anything else a
/// TOML string (escaped as TOML escapes). A string parameter whose default reads as a number
/// would be written bare and refused at load: `the_defaults_file_loads_as_the_defaults_for_every_game`
/// catches that for every registered game.
fn toml_value(shown: &str) -> String {
    let bare = match toml::from_str::<toml::Table>(&format!("v = {shown}")) {
        Ok(t) => match t.get("v") {
            Some(toml::Value::Integer(_) | toml::Value::Boolean(_)) => true,
            Some(toml::Value::Float(f)) => f.is_finite(),
            _ => false,
        },
        Err(_) => false,
    };
    if bare { shown.to_string() } else { toml::Value::String(shown.to_string()).to_string() }
}

/// Its row in the README's table of games (name, game, players, rules page), for a game whose
/// page is written ([`rules_page`]); a page kept by hand has its rows kept by hand too.
pub fn readme_row(game: &GameEntry) -> String {
    let page = rules_page_path(game);
    format!("| `{}` | {} | {} | [{page}]({page}) |", game.name, game.title, players(game))
}

/// Its row in the rules index's table (game, rulebook, readings, page), for a game whose
/// page is written: where the rules come from and what they read is on the page.
pub fn index_row(game: &GameEntry) -> String {
    format!(
        "| {} | see its page | see its page | see its page | [{n}.md]({n}.md) |",
        game.title,
        n = game.name
    )
}

/// `text` with `row` added after the last row of the first table whose header starts with
/// `header` (a line beginning `| header`), or `None` when there is no such table.
pub fn with_row(text: &str, header: &str, row: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.starts_with(&format!("| {header}")))?;
    let end = start + lines[start..].iter().take_while(|l| l.starts_with('|')).count();
    let mut out: Vec<&str> = lines[..end].to_vec();
    out.push(row);
    out.extend(&lines[end..]);
    Some(out.join("\n") + if text.ends_with('\n') { "\n" } else { "" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_goes_after_the_last_row_of_its_table() {
        let text = "intro\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nafter\n";
        assert_eq!(
            with_row(text, "a", "| 3 | 4 |").unwrap(),
            "intro\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nafter\n"
        );
        assert_eq!(with_row(text, "z", "| 3 |"), None);
    }

    #[test]
    fn the_defaults_file_loads_as_the_defaults_for_every_game() {
        for game in super::super::GAMES {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("defaults.toml");
            std::fs::write(&path, defaults_file(game)).unwrap();
            let loaded = game.configure(Some(&path), &[]).unwrap_or_else(|e| panic!("{e}"));
            let written = defaults_file(game);
            for p in plain_params(game) {
                let line = format!("\n{} = ", p.key);
                assert!(written.contains(&line), "{}: no line for `{}`", game.name, p.key);
            }
            for p in loaded.params() {
                assert_eq!(p.value, p.default, "{}: {}", game.name, p.key);
            }
        }
    }
}
