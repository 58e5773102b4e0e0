//! Every registered game has every piece a game must have, so that adding a game is one
//! module and one registry line and nothing else can be forgotten silently: this test walks
//! the registry and fails naming the game and the missing piece. The pieces:
//! - its title and its drawing for the replay and play pages (`TraceGame::TITLE`,
//!   `TraceGame::DRAWING`, the `draw.js` in its folder, which draws its picture, `DRAW`,
//!   under the game's name);
//! - its "How to play" (`TraceGame::HOW_TO_PLAY`, the `how_to_play.md` in its folder: the
//!   pages' panel, and the opening of its rules page, which `how_to_play.rs` checks);
//! - its rules page, reached from the rules index (`docs/rules/README.md`) and from the
//!   README's table of games; a game whose folder has a `rules.md` (`TraceGame::RULES_PAGE`)
//!   has its page written from it (`arena::games::docs::rules_page`), and it must be current;
//! - its defaults file (`configs/<name>.toml`, every rule parameter at its default), for a
//!   game that has rule parameters;
//! - its golden files (`tests/golden/<name>/`, from its case in `golden.rs`: its own, or
//!   the standard case every game without one is played by);
//! - its option kinds (the choices the option table asks about).
//!
//! With `ARENA_BLESS_DOCS=1` the test first writes what the folder and the registry line are
//! enough to write (`arena::games::docs`): the rules page from `rules.md`, and where missing
//! the defaults file and the two rows. The golden files are written by
//! `ARENA_BLESS_GOLDEN=1 cargo test --release --test it golden`.
//!
//! Conformance and seat-view checks need no piece of their own: `src/games/rule_space.rs`
//! and `tests/it/seat_view.rs` loop over the registry.

use std::path::Path;

use arena::games::{GAMES, GameEntry, docs};

/// The command that writes what a game's folder and registry line are enough to write.
const BLESS: &str = "`ARENA_BLESS_DOCS=1 cargo test --test it completeness`";

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The file `rel` of the repository as text, or what is missing.
fn text(rel: &str) -> Result<String, String> {
    std::fs::read_to_string(root().join(rel)).map_err(|e| format!("{rel}: {e}"))
}

/// How the game's drawing names a registry entry of `registry` for it: `DRAW.pig = ` or
/// `DRAW["low-blow"] = `.
fn assigns(drawing: &str, registry: &str, name: &str) -> Option<usize> {
    [format!("{registry}.{name} = "), format!("{registry}[\"{name}\"] = ")]
        .iter()
        .find_map(|form| drawing.find(form.as_str()))
}

/// The relative links `[..](target)` of a markdown line, without their `#anchor`.
fn links(line: &str) -> Vec<&str> {
    line.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(|target| target.split('#').next().unwrap_or(target))
        .filter(|target| !target.contains("://"))
        .collect()
}

/// Whether `line` has a link, relative to `dir`, to a page that exists and names the game
/// by its command-line name (`` `dardz` ``): its rules page, not any file.
fn links_to_its_page(line: &str, dir: &str, name: &str) -> bool {
    links(line).iter().any(|target| {
        let page = std::fs::read_to_string(root().join(dir).join(target)).unwrap_or_default();
        page.contains(&format!("`{name}`"))
    })
}

/// What `game` lacks, one line each.
fn missing(game: &GameEntry) -> Vec<String> {
    let name = game.name;
    let mut lacks = Vec::new();

    // The pages.
    if game.title.trim().is_empty() {
        lacks.push("a title (TraceGame::TITLE)".to_string());
    }
    if game.drawing.trim().is_empty() {
        lacks.push("a drawing (TraceGame::DRAWING, the draw.js in its folder)".to_string());
    } else if assigns(game.drawing, "DRAW", name).is_none() {
        lacks.push(format!("a picture: its drawing sets no DRAW[\"{name}\"]"));
    }
    if game.drawing.to_lowercase().contains("</script") {
        lacks.push("a drawing that can sit in a page's script (it holds `</script`)".to_string());
    }
    if let Err(why) = arena::core::how_to_play::parts(game.how_to_play) {
        lacks.push(format!(
            "a \"How to play\" (TraceGame::HOW_TO_PLAY, the how_to_play.md in its folder): {why}"
        ));
    }

    // The rules page, from the rules index and from the README's table.
    match text("docs/rules/README.md") {
        Err(e) => lacks.push(e),
        Ok(index) => {
            match index_row(&index, game) {
                None => lacks.push(format!(
                    "a row in docs/rules/README.md's table whose first cell names `{}` ({BLESS} adds it for a game with a rules.md)",
                    game.title
                )),
                Some(row) if !links_to_its_page(row, "docs/rules", name) => lacks.push(format!(
                    "a rules page: docs/rules/README.md's row for it links no page naming `{name}` ({row})"
                )),
                Some(_) => {}
            }
        }
    }
    match text("README.md") {
        Err(e) => lacks.push(e),
        Ok(readme) => {
            let row = readme.lines().find(|l| l.starts_with(&format!("| `{name}` |")));
            match row {
                None => lacks.push(format!(
                    "a row `| `{name}` | ...` in README.md's table of games ({BLESS} adds it for a game with a rules.md)"
                )),
                Some(row) if !links_to_its_page(row, "", name) => lacks.push(format!(
                    "a rules page: README.md's row for it links no page naming `{name}` ({row})"
                )),
                Some(_) => {}
            }
        }
    }

    // A rules page written from the folder's rules.md is the one it writes.
    if let Some(page) = docs::rules_page(game) {
        let path = docs::rules_page_path(game);
        if text(&path).as_deref() != Ok(page.as_str()) {
            lacks.push(format!(
                "{path} as its rules.md, how_to_play.md and parameters write it ({BLESS} writes it)"
            ));
        }
    }

    // The defaults file.
    let defaults = game.default_game();
    let params = defaults.params();
    let file = format!("configs/{name}.toml");
    if !params.is_empty() {
        match game.configure(Some(&root().join(&file)), &[]) {
            Err(e) => {
                lacks.push(format!("a defaults file {file} that loads ({BLESS} writes it): {e}"))
            }
            Ok(loaded) => {
                // Every parameter is in the file, so a designer reads every default there
                // (a table's cells are its rows, checked through their values below).
                let written = text(&file).unwrap_or_default();
                for p in params.iter().filter(|p| !p.key.contains('.')) {
                    let key = p.key.as_str();
                    if !written.lines().any(|l| l.trim_start().starts_with(&format!("{key} ="))) {
                        lacks
                            .push(format!("{file} naming `{key}` (at its default, {})", p.default));
                    }
                }
                for p in loaded.params() {
                    if p.value != p.default {
                        lacks.push(format!(
                            "{file} at its defaults: `{}` is {}, its default {}",
                            p.key, p.value, p.default
                        ));
                    }
                }
            }
        }
    }

    // The golden files (every registered game has a case: its own or the standard one).
    let golden = format!("tests/golden/{name}/manifest.json");
    if !root().join(&golden).is_file() {
        lacks.push(format!(
            "golden files ({golden}; `ARENA_BLESS_GOLDEN=1 cargo test --release --test it golden` writes them)"
        ));
    }

    // The option kinds.
    let players = defaults.default_players();
    let kinds = arena::with_game!(&defaults, g => arena::core::GameStats::option_kinds(g, players));
    if kinds.is_empty() {
        lacks.push(format!("option kinds (GameStats::option_kinds, at {players} players)"));
    }
    lacks
}

/// Write what `game` lacks of what its folder and registry line are enough to write
/// (`arena::games::docs`): where missing its defaults file, and for a game with a `rules.md`
/// its rules page (again, whatever is there) and where missing its rows in the README's table
/// and the rules index (a page kept by hand has its rows kept by hand).
fn write_missing(game: &GameEntry) {
    let name = game.name;
    let write = |rel: &str, content: String| {
        std::fs::write(root().join(rel), content).unwrap_or_else(|e| panic!("{rel}: {e}"));
    };
    let file = format!("configs/{name}.toml");
    if !root().join(&file).exists() && !game.default_game().params().is_empty() {
        write(&file, docs::defaults_file(game));
    }
    let Some(page) = docs::rules_page(game) else { return };
    write(&docs::rules_page_path(game), page);
    let readme = text("README.md").unwrap();
    if !readme.lines().any(|l| l.starts_with(&format!("| `{name}` |"))) {
        let grown = docs::with_row(&readme, "name | game |", &docs::readme_row(game));
        write("README.md", grown.expect("README.md has its table of games"));
    }
    let index = text("docs/rules/README.md").unwrap();
    if index_row(&index, game).is_none() {
        let grown = docs::with_row(&index, "game | rulebook |", &docs::index_row(game));
        write("docs/rules/README.md", grown.expect("docs/rules/README.md has its table"));
    }
}

/// The row of the rules index whose first cell names `game` (alone or in a list:
/// "tic-tac-toe, Pig").
fn index_row<'a>(index: &'a str, game: &GameEntry) -> Option<&'a str> {
    let title = game.title.to_lowercase();
    index.lines().find(|l| {
        let first = l.split('|').nth(1).unwrap_or("").to_lowercase();
        l.starts_with('|') && first.split(',').any(|g| g.trim() == title)
    })
}

#[test]
fn every_registered_game_has_every_piece() {
    if std::env::var_os("ARENA_BLESS_DOCS").is_some() {
        GAMES.iter().for_each(write_missing);
    }
    let lacking: Vec<String> = GAMES
        .iter()
        .flat_map(|g| missing(g).into_iter().map(move |m| format!("{}: {m}", g.name)))
        .collect();
    assert!(lacking.is_empty(), "games lacking a piece:\n{}", lacking.join("\n"));
}

/// The test has teeth: a game's entry with each piece taken away in turn is named for it.
#[test]
fn a_game_without_a_piece_is_named_for_it() {
    // It reads the files the test above writes under ARENA_BLESS_DOCS, at the same time.
    if std::env::var_os("ARENA_BLESS_DOCS").is_some() {
        eprintln!("a_game_without_a_piece_is_named_for_it: skipped while ARENA_BLESS_DOCS writes");
        return;
    }
    let dardz = *arena::games::entry("dardz").unwrap();
    assert!(missing(&dardz).is_empty(), "{:?}", missing(&dardz));
    let without = |entry: GameEntry, piece: &str| {
        let lacks = missing(&entry);
        assert!(lacks.iter().any(|m| m.contains(piece)), "`{piece}` not named: {lacks:?}");
    };
    without(GameEntry { title: "", ..dardz }, "a title");
    without(GameEntry { drawing: "", ..dardz }, "a drawing");
    without(GameEntry { how_to_play: "", ..dardz }, "How to play");
    let no_scoring = dardz.how_to_play.replace("**Scoring.**", "**Points.**");
    let no_scoring = Box::leak(no_scoring.into_boxed_str());
    without(GameEntry { how_to_play: no_scoring, ..dardz }, "**Scoring.**");
    let no_picture = dardz.drawing.replace("DRAW.dardz = ", "var unused = ");
    without(GameEntry { drawing: Box::leak(no_picture.into_boxed_str()), ..dardz }, "a picture");
    // A name the repository has no files for: no README row, no defaults file, no golden case.
    let stranger = GameEntry { name: "dardz-unfiled", ..dardz };
    for piece in ["README.md's table", "configs/dardz-unfiled.toml", "golden files"] {
        without(stranger, piece);
    }
    // A drawing that would end the page's script.
    let closing = Box::leak(format!("{}\n// </script>", dardz.drawing).into_boxed_str());
    without(GameEntry { drawing: closing, ..dardz }, "</script");
    // A rules.md the written page does not hold.
    let kuhn = *arena::games::entry("kuhn").unwrap();
    assert!(missing(&kuhn).is_empty(), "{:?}", missing(&kuhn));
    let edited = Box::leak(format!("{}\nOne more line.", kuhn.rules_page).into_boxed_str());
    without(GameEntry { rules_page: edited, ..kuhn }, "docs/rules/kuhn.md as its rules.md");
    // A title the rules index does not name.
    without(GameEntry { title: "Darts Unlisted", ..dardz }, "docs/rules/README.md");
}
