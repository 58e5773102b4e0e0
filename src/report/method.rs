//! "How this was decided": the box under a page's answer that holds the method (the tests'
//! names and levels, the verdict as `verdict.txt` words it) and a short glossary of the
//! statistics terms arena's files use. A page's first screen says its answer in plain
//! words; these terms belong here, one click away ([`first_term`] finds one that slipped
//! out, for the tests and the browser check).

use crate::report::page::{Page, esc, esc_code};

/// The statistics terms kept off a page's first screen, each with its plain meaning. The
/// browser check (scripts/view-browser/report.js) looks for the same list.
pub const GLOSSARY: &[(&str, &str)] = &[
    (
        "pp",
        "Percentage points: the difference between two percentages. A seat that wins 26% where 25% is fair wins 1 pp more (not 1% more).",
    ),
    (
        "TOST",
        "Two one-sided tests: how a seat is shown to be within the margin. Its share must be shown above fair minus the margin and below fair plus the margin; \"fair within ±1 pp\" means every seat passed both.",
    ),
    (
        "Holm",
        "A correction for testing several seats (or variants) at once, so that looking at all of them does not raise the chance of a false alarm above 5%: the strongest result is held to the strictest level, the next a little less strictly, and so on.",
    ),
    (
        "Clopper-Pearson",
        "An exact interval for a share counted from wins: it never claims more certainty than the counts allow. The verdict is decided on it: the range the answer gives for a seat's edge.",
    ),
    (
        "Bonferroni",
        "The simplest correction for several tests: each test gets the overall error allowance divided by the number of tests (5% over 4 seats is 1.25% each).",
    ),
    (
        "Pocock",
        "A way to look at the results several times while matches are still being played (--until-decided) without raising the false-alarm rate: every look is held to the same, stricter level.",
    ),
    (
        "Lan & DeMets",
        "The method (1983) that spreads the 5% error allowance over looks taken at any points, so that a run may stop as soon as its answer is decided.",
    ),
    (
        "Wilson",
        "An interval for a win share: the 95% ranges drawn on the charts and given in the tables. It stays honest for shares near 0% or 100%.",
    ),
    (
        "Elo",
        "A rating scale from chess: 100 points apart, the stronger side finishes ahead about 64% of the time against the weaker; 400 apart, about 91%.",
    ),
    (
        "omega squared (ω²)",
        "The share of the spread in results that one factor (seat, skill, luck) explains, corrected for chance: 0 explains nothing, 1 everything.",
    ),
];

/// The forms a term takes in text, as [`first_term`] looks for them.
const SPELLINGS: &[(&str, &str)] = &[
    ("pp", "pp"),
    ("TOST", "TOST"),
    ("Holm", "Holm"),
    ("Clopper-Pearson", "Clopper-Pearson"),
    ("Bonferroni", "Bonferroni"),
    ("Pocock", "Pocock"),
    ("Lan & DeMets", "Lan & DeMets"),
    ("Lan & DeMets", "Lan &amp; DeMets"),
    ("Lan & DeMets", "DeMets"),
    ("Wilson", "Wilson"),
    ("Elo", "Elo"),
    ("omega squared (ω²)", "omega squared"),
    ("omega squared (ω²)", "ω²"),
    ("omega squared (ω²)", "omega_squared"),
];

/// The first glossary term that `text` uses as a word of its own ("pp" in "+1.2 pp", not in
/// "apple"; "Elo" in "Elo, 95%", not in "Elon"), with where it is; `None` when it uses none.
pub fn first_term(text: &str) -> Option<(usize, &'static str)> {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    SPELLINGS
        .iter()
        .filter_map(|&(term, spelling)| {
            text.match_indices(spelling)
                .find(|&(at, _)| {
                    let before = text[..at].chars().next_back();
                    let after = text[at + spelling.len()..].chars().next();
                    // "omega_squared" is a column name: a word of its own with the underscore.
                    let inside = spelling.contains('_') || spelling.starts_with('ω');
                    inside || (!word(before) && !word(after))
                })
                .map(|(at, _)| (at, term))
        })
        .min_by_key(|&(at, _)| at)
}

/// The glossary as a definition list.
pub fn glossary_html() -> String {
    let mut out = String::from("<dl class=\"glossary\">");
    for (term, meaning) in GLOSSARY {
        out.push_str(&format!("<dt>{}</dt><dd>{}</dd>", esc(term), esc(meaning)));
    }
    out.push_str("</dl>");
    out
}

/// The "How this was decided" box: each of `paragraphs` (text; a `` `span` `` is shown as
/// code), then the glossary. Its id, `method`, is what the tests and the browser check find.
pub fn section(page: &mut Page, paragraphs: &[String]) {
    page.raw("<details class=\"decided\" id=\"method\"><summary>How this was decided</summary>");
    for p in paragraphs {
        page.raw(&format!("<p>{}</p>", esc_code(p)));
    }
    page.raw("<p>The statistics terms these use, in plain words:</p>");
    page.raw(&glossary_html());
    page.close_box();
}

/// The part of a page a reader sees before opening anything or scrolling far: the HTML up to
/// its first box (`<details>`). The tests check that it uses no glossary term.
pub fn before_first_box(html: &str) -> &str {
    let body = html.find("<body>").map_or(html, |at| &html[at..]);
    body.find("<details").map_or(body, |at| &body[..at])
}

/// The text of `html` without its tags and inline drawings' markup (the text of an SVG's
/// labels stays), its entities as written: what [`first_term`] reads.
pub fn visible_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_found_as_words_only() {
        assert_eq!(first_term("wins 1.2 pp more"), Some((9, "pp")));
        assert_eq!(first_term("an apple, happy, ppm, pp_diff"), None);
        assert_eq!(first_term("(Elo, 95%)").map(|t| t.1), Some("Elo"));
        assert_eq!(first_term("Elon and below"), None);
        assert_eq!(first_term("Holm-adjusted").map(|t| t.1), Some("Holm"));
        assert_eq!(first_term("Pocock-type (Lan &amp; DeMets 1983)").map(|t| t.1), Some("Pocock"));
        assert_eq!(first_term("spending (Lan & DeMets)").map(|t| t.1), Some("Lan & DeMets"));
        assert_eq!(first_term("ω² of seat").map(|t| t.1), Some("omega squared (ω²)"));
        assert_eq!(first_term("Whose turn; percentage points"), None);
    }

    #[test]
    fn the_glossary_explains_exactly_the_listed_terms() {
        let listed = [
            "pp",
            "TOST",
            "Holm",
            "Clopper-Pearson",
            "Bonferroni",
            "Pocock",
            "Lan & DeMets",
            "Wilson",
            "Elo",
            "omega squared (ω²)",
        ];
        let terms: Vec<&str> = GLOSSARY.iter().map(|g| g.0).collect();
        assert_eq!(terms, listed);
        for (term, _) in SPELLINGS {
            assert!(listed.contains(term), "{term}");
        }
        // One or two sentences each, every term found by its own name.
        for (term, meaning) in GLOSSARY {
            let sentences = meaning.matches(". ").count() + 1;
            assert!(sentences <= 3 && meaning.len() < 260, "{term}: {meaning}");
            assert_eq!(first_term(&format!("({term})")).map(|t| t.1), Some(*term));
        }
    }

    #[test]
    fn the_browser_check_looks_for_the_same_terms() {
        let js = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("scripts/view-browser/first-screen.js"),
        )
        .unwrap();
        for (term, _) in GLOSSARY {
            let name = term.split(" (").next().unwrap();
            assert!(js.contains(&format!("[\"{name}\", ")), "first-screen.js lacks {name}");
        }
    }

    #[test]
    fn the_section_is_a_closed_box_after_the_first_screen() {
        let mut page = Page::new("t");
        page.para("Fair: no seat wins more than 1 percentage point over a fair share.");
        section(&mut page, &["margin ±1 pp by TOST; `arena run --explain`".to_string()]);
        let html = page.finish("t");
        let first = before_first_box(&html);
        assert_eq!(first_term(&visible_text(first)), None, "{first}");
        assert!(html.contains("<details class=\"decided\" id=\"method\"><summary>How this"));
        assert!(html.contains("<code>arena run --explain</code>"));
        assert!(first_term(&visible_text(&html)).is_some(), "the method keeps its terms");
    }
}
