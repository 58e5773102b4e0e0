//! One text per game's "How to play": the `how_to_play.md` in the game's folder is the pages'
//! panel (built from it) and the opening of the game's rules page, where it stands between two
//! markers that name the game. This test holds every registered game's rules page to that
//! text, word for word, and names the page and the game where they differ. After editing a
//! game's `how_to_play.md`, `ARENA_BLESS_DOCS=1 cargo test --test it how_to_play` copies it
//! into the rules page.

use std::path::{Path, PathBuf};

use arena::games::{GAMES, GameEntry, docs};

/// The marker that opens a game's "How to play" on its rules page.
fn opening(name: &str) -> String {
    docs::how_to_play_opening(name)
}

/// The marker that closes it.
fn closing(name: &str) -> String {
    docs::how_to_play_closing(name)
}

/// The rules page of `game`: the page its row of `docs/rules/README.md` links.
fn rules_page(game: &GameEntry) -> PathBuf {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules");
    let index = std::fs::read_to_string(rules.join("README.md")).unwrap();
    let title = game.title.to_lowercase();
    let row = index
        .lines()
        .find(|l| {
            let first = l.split('|').nth(1).unwrap_or("").to_lowercase();
            l.starts_with('|') && first.split(',').any(|g| g.trim() == title)
        })
        .unwrap_or_else(|| panic!("{}: no row in docs/rules/README.md", game.name));
    let link = row.split("](").nth(1).and_then(|r| r.split(')').next()).unwrap_or("");
    rules.join(link.split('#').next().unwrap_or(link))
}

/// Where the text between the game's markers on `page` lies, or why there is none.
fn between(page: &str, name: &str) -> Result<std::ops::Range<usize>, String> {
    let (open, close) = (opening(name), closing(name));
    let start = page.find(&open).ok_or_else(|| format!("no line `{open}`"))? + open.len();
    let end = page[start..].find(&close).ok_or_else(|| format!("no line `{close}`"))? + start;
    Ok(start..end)
}

/// The text between the game's markers on `page`, or why there is none.
fn copied(page: &str, name: &str) -> Result<String, String> {
    Ok(page[between(page, name)?].trim().to_string())
}

/// `page` with `text` between the game's markers (a blank line on either side, so every
/// Markdown reader takes the markers as lines of their own).
fn with_copy(page: &str, name: &str, text: &str) -> Result<String, String> {
    let at = between(page, name)?;
    Ok(format!("{}\n\n{text}\n\n{}", &page[..at.start], &page[at.end..]))
}

#[test]
fn every_games_rules_page_opens_with_its_how_to_play() {
    let bless = std::env::var_os("ARENA_BLESS_DOCS").is_some();
    let mut differ = Vec::new();
    for game in GAMES {
        let path = rules_page(game);
        let page = std::fs::read_to_string(&path).unwrap();
        let text = game.how_to_play.trim();
        match copied(&page, game.name) {
            Ok(copy) if copy == text => {}
            Ok(_) if bless => {
                std::fs::write(&path, with_copy(&page, game.name, text).unwrap()).unwrap();
            }
            Ok(_) => differ.push(format!(
                "{}: the \"How to play\" of {} differs from its how_to_play.md",
                path.display(),
                game.name
            )),
            Err(why) => differ.push(format!("{}: {why}", path.display())),
        }
    }
    assert!(
        differ.is_empty(),
        "{}\n(`ARENA_BLESS_DOCS=1 cargo test --test it how_to_play` copies the texts)",
        differ.join("\n")
    );
}

#[test]
fn a_changed_copy_is_found() {
    let text = arena::games::entry("pig").unwrap().how_to_play.trim();
    let page = format!("# Pig\n\n{}\n{text}\n{}\n\nMore.\n", opening("pig"), closing("pig"));
    assert_eq!(copied(&page, "pig").unwrap(), text);
    let edited = page.replacen("the target score", "the target", 1);
    assert_ne!(copied(&edited, "pig").unwrap(), text);
    assert!(copied(&page.replace(&closing("pig"), ""), "pig").is_err());
    assert!(copied(&page, "dardz").is_err(), "another game's markers");
    // Copying puts the text between the markers, whatever was there (nothing, or the same
    // words elsewhere on the page too).
    let empty = format!("{text}\n\n{}\n{}\n", opening("pig"), closing("pig"));
    let filled = with_copy(&empty, "pig", text).unwrap();
    assert_eq!(copied(&filled, "pig").unwrap(), text);
    assert!(filled.starts_with(text), "the text before the markers stays");
}
