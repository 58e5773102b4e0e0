//! A run page's "Matches worth seeing": the matches the run picked (`notable.json`), each
//! linked to its replay page in `matches/`, with the rules that chose them.

use std::path::Path;

use crate::core::layout::NOTABLE_FILE;
use crate::core::notable_record::NotableRecord;
use crate::report::page::{Page, esc};
use crate::report::{ReportError, read_json};

/// The matches worth seeing (`notable.json`, written by the run with a replay page per
/// match in `matches/`): a table of links, with the rules that chose them. Absent from
/// runs made before arena chose them.
pub fn section(page: &mut Page, dir: &Path) -> Result<(), ReportError> {
    if !dir.join(NOTABLE_FILE).is_file() {
        return Ok(());
    }
    let n = read_json(dir, NOTABLE_FILE)?;
    let bad =
        |what: String| ReportError::Input(format!("{}: {what}", dir.join(NOTABLE_FILE).display()));
    let Ok(NotableRecord { picks, rules }) = serde_json::from_value::<NotableRecord>(n) else {
        return Err(bad(
            "not the matches a run picked (an object whose `picks` is a list, each with its match and page)"
                .into(),
        ));
    };
    page.heading("Matches worth seeing");
    page.para(&rules);
    if picks.is_empty() {
        page.para("No match was picked (no match finished).");
        return Ok(());
    }
    let mut rows = String::new();
    let mut missing = 0;
    for (k, p) in picks.iter().enumerate() {
        // A link comes only from arena's own naming, never from what the file says: a page
        // that promises no script and no outside reference links nothing else.
        let index = p.index;
        let href = notable_page(index);
        if p.page != href {
            return Err(bad(format!(
                "pick {} names the page {}, not arena's {href}",
                k + 1,
                crate::core::suggest::clipped(&p.page)
            )));
        }
        let replay = if dir.join(&href).is_file() {
            format!("<a href=\"{}\">match {index}</a>", esc(&href))
        } else {
            missing += 1;
            format!("match {index} (its page is missing)")
        };
        rows.push_str(&format!(
            "<tr><td>{}</td><td>{replay}</td><td>{}</td></tr>",
            esc(&p.title),
            esc(&p.why)
        ));
    }
    page.raw(&crate::report::page::scrolling(&format!(
        "<table class=\"notable\"><tr><th>what</th><th>replay</th><th>why</th></tr>{rows}</table>"
    )));
    if missing > 0 {
        page.para(&format!(
            "{missing} of these replay pages are missing from the folder's matches/ (`arena view --from` on this folder draws any match again)."
        ));
    }
    page.para(
        "Each replay is one offline page (arena view): step through the match with the arrow keys.",
    );
    Ok(())
}

/// A picked match's replay page, relative to the run folder: the name `arena run` gives it
/// (`session::view::notable` writes it; this floor may not use that one).
fn notable_page(index: u64) -> String {
    format!("matches/match-{index}.html")
}
