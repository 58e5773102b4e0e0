//! The pages' first screens, on the golden folders (complete runs, a default experiment with
//! its skill check) and the sweep fixture: each page's answer (`#answer`) comes before the
//! boxes a reader opens, no statistics term of the glossary comes before the first box, a
//! run page's seat chart comes before it too, and no page shows a literal backtick.

use std::path::{Path, PathBuf};

use crate::report::method::{before_first_box, first_term, visible_text};
use crate::report::{ladder, run_page, summary, sweep};

fn golden(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(sub)
}

/// The checks every page passes: its answer first, then the settings box, and nothing
/// before the first box names a glossary term.
fn first_screen_is_plain(html: &str, what: &str) {
    let answer = html.find("id=\"answer\"").unwrap_or_else(|| panic!("{what}: no #answer"));
    let first_box = html.find("<details").unwrap_or_else(|| panic!("{what}: no box"));
    let settings = html.find("<details class=\"settings\"").expect("a settings box");
    let method = html.find("<details class=\"decided\" id=\"method\"").expect("a method box");
    assert!(answer < first_box && first_box <= settings && settings < method, "{what}");
    let first = visible_text(before_first_box(html));
    assert_eq!(first_term(&first), None, "{what}: a statistics term before the first box");
    assert!(!visible_text(html).contains('`'), "{what}: a literal backtick");
}

#[test]
fn a_run_page_opens_with_its_question_answer_and_chart() {
    for game in ["dardz", "tictactoe", "low-blow", "trice", "love-actually"] {
        let html = run_page::render(&golden(game), None).unwrap();
        first_screen_is_plain(&html, game);
        let h1 = &html[html.find("<h1>").unwrap()..html.find("</h1>").unwrap()];
        assert!(h1.starts_with(&format!("<h1>Is {game}")) && h1.ends_with('?'), "{game}: {h1}");
        let chart = html.find("id=\"seat-shares\"").unwrap();
        assert!(chart < html.find("<details").unwrap(), "{game}: the chart on the first screen");
        // The version and the rerun command are in the settings box, not above the answer.
        let settings = html.find("<details class=\"settings\"").unwrap();
        assert!(html.find("Rerun this run exactly").unwrap() > settings, "{game}");
        assert!(html.find("<dt>version</dt>").unwrap() > settings, "{game}");
        // The method keeps its terms, in the box.
        let method = &html[html.find("id=\"method\"").unwrap()..];
        assert!(method.contains("Method: exact binomial test"), "{game}");
        assert!(method.contains("TOST"), "{game}");
        assert!(method.contains("<dt>Clopper-Pearson</dt>"), "{game}");
    }
}

#[test]
fn the_summary_opens_with_every_games_answer_and_says_what_each_played() {
    let dir = golden("default-experiment");
    let games: Vec<PathBuf> =
        ["dardz", "love-actually", "low-blow", "pig"].iter().map(|g| dir.join(g)).collect();
    let html = summary::render(&dir, &games).unwrap();
    first_screen_is_plain(&html, "summary");
    let answer = &html[html.find("id=\"answer\"").unwrap()..];
    assert!(answer.starts_with("id=\"answer\"><p class=\"question\">Is each game fair to every seat, with random bots?</p>"), "{answer}");
    // The cap, not a count every game played: the run stops a game once it is decided.
    assert!(html.contains("<dt>matches per game</dt><dd>up to 600: each game stops once its answer is decided</dd>"), "{html}");
    assert!(html.contains(
        "<dt>matches played</dt><dd>dardz 600, love-actually 600, low-blow 600, pig 600</dd>"
    ));
    assert!(html.contains("<th>matches played</th>"));
    // `arena ladder` in the skill section's words is code, not backticks.
    assert!(html.contains("<code>arena ladder</code>"), "the skill section's command");
}

#[test]
fn a_skill_page_links_back_and_to_the_other_ladders() {
    let dir = golden("default-experiment/skill/dardz");
    let others = vec!["pig".to_string(), "trice".to_string()];
    let html = ladder::render(&dir, Some(&others)).unwrap();
    first_screen_is_plain(&html, "skill ladder");
    let nav = &html[html.find("<nav class=\"up\">").unwrap()..html.find("</nav>").unwrap()];
    assert!(nav.contains("<a href=\"../../report.html\">&larr; back to the summary</a>"), "{nav}");
    assert!(nav.contains(
        "<a href=\"../pig/report.html\">pig</a>, <a href=\"../trice/report.html\">trice</a>"
    ));
    assert!(html.contains("Rerun the experiment exactly"), "the experiment's command");
    // The rating's name is the method box's; its chart says it in words.
    assert!(html.contains("Skill matters: greedy beats random."), "{html}");
    let standalone = ladder::render(&dir, None).unwrap();
    // Reported alone, a skill check's ladder still names the command that played it.
    assert!(!standalone.contains("<nav") && standalone.contains("Rerun the experiment exactly"));
}

#[test]
fn a_ladder_of_no_rung_is_refused_in_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    let from = golden("default-experiment/skill/dardz");
    for entry in std::fs::read_dir(&from).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, tmp.path().join(path.file_name().unwrap())).unwrap();
    }
    let ladder_csv = tmp.path().join("ladder.csv");
    let header = std::fs::read_to_string(&ladder_csv).unwrap().lines().next().unwrap().to_string();
    std::fs::write(&ladder_csv, format!("{header}\n")).unwrap();
    // The folder's record of its files would refuse the changed file first: without it (an
    // older folder), the page itself must refuse, not index a missing rung.
    let mut ladder: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("ladder.json")).unwrap())
            .unwrap();
    if let Some(o) = ladder.as_object_mut() {
        o.retain(|k, _| k != "files" && k != "file_digests");
    }
    std::fs::write(tmp.path().join("ladder.json"), ladder.to_string()).unwrap();
    let e = ladder::render(tmp.path(), None).unwrap_err().to_string();
    assert!(e.contains("no rung") && !e.contains('\n'), "{e}");
}

#[test]
fn a_sweep_page_opens_with_its_question() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sweep");
    let html = sweep::render(&dir).unwrap();
    first_screen_is_plain(&html, "sweep");
    assert!(
        html.contains(
            "<p class=\"question\">Which value of “value 12” keeps the game fair to every seat?</p>"
        ),
        "{html}"
    );
    assert!(html.contains("The largest gap between a seat&#39;s share and a fair share, in percentage points: value 12 = 4 "), "{html}");
}
