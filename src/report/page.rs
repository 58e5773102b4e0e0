//! The HTML around the charts: one self-contained page (inline CSS and SVG, no script, no
//! external reference) that reads on a phone and prints cleanly.

use crate::report::charts::Chart;

const STYLE: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0 auto;max-width:980px;padding:12px 16px;color:#222;line-height:1.45;overflow-wrap:break-word}
h1{font-size:1.5em;margin:.4em 0}h2{font-size:1.2em;margin:1.4em 0 .4em;border-bottom:1px solid #ccc}
.verdict{background:#f3f6fb;border-left:4px solid #1f5fa8;padding:8px 12px;margin:8px 0}.verdict p{margin:3px 0}
.answer{font-weight:600}.verdict .answer{font-size:1.15em}
.warning{border-left:4px solid #c77700;background:#fdf6ec;padding:4px 12px;margin:8px 0;font-size:.95em}
figure{margin:10px 0;page-break-inside:avoid;break-inside:avoid}figcaption{font-size:.9em;color:#444}
svg{max-width:100%;height:auto;display:block}
table{border-collapse:collapse;font-size:.85em;margin:0}
.scroll{overflow-x:auto;max-width:100%;margin:6px 0;background:linear-gradient(to right,#fff 40%,rgba(255,255,255,0)) left/48px 100% no-repeat local,linear-gradient(to left,#fff 40%,rgba(255,255,255,0)) right/48px 100% no-repeat local,linear-gradient(to right,rgba(0,0,0,.28),rgba(0,0,0,0)) left/16px 100% no-repeat scroll,linear-gradient(to left,rgba(0,0,0,.28),rgba(0,0,0,0)) right/16px 100% no-repeat scroll}
.scroll-in{display:inline-block;min-width:100%;position:relative;vertical-align:top}
.cue{position:sticky;right:0;z-index:1;width:max-content;margin-left:auto;padding:0 4px;font-size:13px;height:20px;line-height:20px;color:#7a4a00;background:#fff}
.scroll-in::after{content:'';position:absolute;right:0;top:0;width:64px;height:20px;background:#fff;z-index:2}
@supports (animation-timeline:scroll()){.scroll-in::after{display:none}.cue{visibility:hidden;animation:cue-shows linear both;animation-timeline:scroll(nearest inline)}}
@keyframes cue-shows{0%,99%{visibility:visible}100%{visibility:hidden}}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right;white-space:nowrap}th{background:#f4f4f4;white-space:normal;vertical-align:bottom}
.notable td,.notable th{text-align:left;white-space:normal}.notable td:nth-child(2){white-space:nowrap}
td:first-child,th:first-child{text-align:left}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0}dt{font-weight:600}dd{margin:0}
code{background:#f4f4f4;padding:1px 4px;word-break:break-all}
.up{margin:4px 0 0;font-size:.9em}.question{margin:.2em 0 .3em;font-size:1.3em}#answer .figures{margin-top:4px}
details{margin:6px 0;border:1px solid #ddd;border-radius:4px;padding:0 10px}details[open]{padding-bottom:6px}
summary{cursor:pointer;padding:5px 0;font-weight:600;color:#1f5fa8}
.glossary{grid-template-columns:max-content 1fr;font-size:.95em}
td.words{white-space:normal;text-align:left;min-width:9em;max-width:30em}code.id{font-size:.85em;color:#555;word-break:normal;white-space:nowrap}
@media print{body{max-width:none}a{color:inherit;text-decoration:none}h2{page-break-after:avoid}.cue{display:none}details>*{display:block}}
";

pub use crate::report::html::esc;

/// `text` escaped, with each `` `span` `` arena's words put in backticks (a command, a file
/// pattern) shown as code, so no page shows a literal backtick where arena meant code. A
/// backtick without its pair stays as it is: it is the file's text, not arena's markup.
pub fn esc_code(text: &str) -> String {
    let parts: Vec<&str> = text.split('`').collect();
    if parts.len().is_multiple_of(2) {
        return esc(text);
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| if i % 2 == 1 { format!("<code>{}</code>", esc(p)) } else { esc(p) })
        .collect()
}

/// A number as the tables show it: up to four decimals, no trailing noise.
pub fn num(v: Option<f64>) -> String {
    match v {
        None => String::new(),
        Some(v) if v.fract() == 0.0 && v.abs() < 1e15 => fixed(v, 0),
        Some(v) if v.abs() >= 100.0 => fixed(v, 1),
        // p-values far below 1e-4 would print as 0.0000.
        Some(v) if v.abs() < 1e-4 => format!("{v:.1e}"),
        Some(v) => fixed(v, 4),
    }
}

/// `v` to `decimals` decimals, without the sign of a value that rounds to zero ("0.0", not
/// "-0.0": a person reads the minus as a direction the figure does not have).
pub fn fixed(v: f64, decimals: usize) -> String {
    let text = format!("{v:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => text,
    }
}

/// [`fixed`] with a `+` before a value above zero, for a difference whose direction is the
/// point ("+7.7 pp", "-2.7 pp", "0.0 pp").
pub fn signed(v: f64, decimals: usize) -> String {
    let text = fixed(v, decimals);
    if v > 0.0 && text.chars().any(|c| c.is_ascii_digit() && c != '0') {
        format!("+{text}")
    } else {
        text
    }
}

/// A number as a person reads it in the column `name`: a p-value as `< 0.001` or three
/// decimals, a mean or standard deviation to three significant figures, anything else as
/// [`num`] (the CSV keeps full precision).
pub fn cell_for(name: &str, v: f64) -> String {
    let p_like = name == "p" || name.starts_with("p_") || name.ends_with("_p");
    let spread = name.starts_with("mean")
        || name.ends_with("_mean")
        || name == "sd"
        || name.ends_with("_sd");
    if p_like && v.is_finite() {
        return if v < 0.001 { "< 0.001".into() } else { format!("{v:.3}") };
    }
    if spread && v.is_finite() && v != 0.0 && v.fract() != 0.0 {
        // Three significant figures, never in exponent form.
        let digits = (2 - v.abs().log10().floor() as i32).clamp(0, 6) as usize;
        return fixed(v, digits);
    }
    num(Some(v))
}

/// A CSV column's name in words for a heading (`decisive_win_rate` -> `decisive win rate`,
/// `ci_low` -> `95% low`, `diff_pp` -> `diff (percentage points)`: no abbreviation a
/// designer must look up); the name itself stays in the heading's tooltip.
pub fn heading_words(name: &str) -> String {
    name.replace("ci_low", "95% low")
        .replace("ci_high", "95% high")
        .replace("_pp", " (percentage points)")
        .replace('_', " ")
}

/// `table` (a whole `<table>` element) in a box that scrolls sideways when the table is
/// wider than the page, with a cue that it does: a shadow at the edge with more to see, and
/// a "scroll →" note over the right edge (above the table, so a long table's is seen first).
/// Both show only while the table overflows: the box's white covers (drawn at the ends of
/// the table, moving with it) hide the shadows at an end in view. The note, which sticks to
/// the box's right edge, is shown by the box's own scroll: a scroll-driven animation runs
/// only while the box has something to scroll, and hides the note at the far end. That is
/// exact for any overflow, however small; a browser without scroll-driven animations falls
/// back to a white block at the table's top right, which hides the note whenever that end
/// is in view (and, for an overflow under half the note's width, a little longer). No
/// script: the page has none.
pub fn scrolling(table: &str) -> String {
    format!(
        "<div class=\"scroll\"><div class=\"scroll-in\"><div class=\"cue\" aria-hidden=\"true\">scroll &rarr;</div>{table}</div></div>"
    )
}

/// A page under construction.
pub struct Page {
    body: String,
}

impl Page {
    pub fn new(title: &str) -> Page {
        Page { body: format!("<h1>{}</h1>\n", esc(title)) }
    }

    /// A page whose heading `title` comes under `nav` (HTML: links back to the pages it
    /// belongs to).
    pub fn under(nav: &str, title: &str) -> Page {
        Page { body: format!("<nav class=\"up\">{nav}</nav>\n<h1>{}</h1>\n", esc(title)) }
    }

    pub fn raw(&mut self, html: &str) {
        self.body.push_str(html);
        self.body.push('\n');
    }

    pub fn heading(&mut self, text: &str) {
        self.raw(&format!("<h2>{}</h2>", esc(text)));
    }

    /// A paragraph of text; a `` `span` `` in it is shown as code ([`esc_code`]).
    pub fn para(&mut self, text: &str) {
        self.raw(&format!("<p>{}</p>", esc_code(text)));
    }

    /// Opens a box the reader opens (`<details>`) with the `class` and `summary` given; what
    /// follows until [`Page::close_box`] is inside it. Settings and method go in one: the
    /// first screen is for the answer.
    pub fn open_box(&mut self, class: &str, summary: &str) {
        self.raw(&format!("<details class=\"{}\"><summary>{}</summary>", esc(class), esc(summary)));
    }

    pub fn close_box(&mut self) {
        self.raw("</details>");
    }

    /// A chart with an id, a caption, and its value axis mapping in `data-y-map`
    /// ("value pixel value pixel").
    pub fn chart(&mut self, id: &str, caption: &str, chart: &Chart) {
        let [(v0, p0), (v1, p1)] = chart.y_map;
        self.raw(&format!(
            "<figure class=\"chart\" id=\"{}\" data-y-map=\"{v0} {p0} {v1} {p1}\">{}<figcaption>{}</figcaption></figure>",
            esc(id),
            chart.svg,
            esc_code(caption)
        ));
    }

    /// A table of text cells (already formatted).
    pub fn table(&mut self, headers: &[&str], rows: &[Vec<String>]) {
        let heads: Vec<String> = headers.iter().map(|h| format!("<th>{}</th>", esc(h))).collect();
        self.table_with_heads(&heads, rows);
    }

    /// A table whose headings are CSV column names: shown in words, each name kept in its
    /// heading's tooltip so a reader can find the column in the file.
    pub fn table_of_columns(&mut self, names: &[&str], rows: &[Vec<String>]) {
        let heads: Vec<String> = names
            .iter()
            .map(|h| format!("<th title=\"{}\">{}</th>", esc(h), esc(&heading_words(h))))
            .collect();
        self.table_with_heads(&heads, rows);
    }

    /// [`Page::table_of_columns`] over cells that are whole `<td>` elements, already escaped.
    pub fn table_of_columns_html(&mut self, names: &[&str], rows: &[Vec<String>]) {
        let heads: Vec<String> = names
            .iter()
            .map(|h| format!("<th title=\"{}\">{}</th>", esc(h), esc(&heading_words(h))))
            .collect();
        self.table_html(&heads, rows);
    }

    /// `heads` (each a whole `<th>`, already escaped) over rows of text cells.
    fn table_with_heads(&mut self, heads: &[String], rows: &[Vec<String>]) {
        let rows: Vec<Vec<String>> = rows
            .iter()
            .map(|r| r.iter().map(|c| format!("<td>{}</td>", esc(c))).collect())
            .collect();
        self.table_html(heads, &rows);
    }

    /// `heads` (each a whole `<th>`) over rows of whole `<td>` elements, all escaped already.
    pub fn table_html(&mut self, heads: &[String], rows: &[Vec<String>]) {
        let mut t = format!("<table><tr>{}</tr>", heads.concat());
        for r in rows {
            t.push_str("<tr>");
            for c in r {
                t.push_str(c);
            }
            t.push_str("</tr>");
        }
        t.push_str("</table>");
        self.raw(&scrolling(&t));
    }

    /// Term/definition pairs (the header block).
    pub fn facts(&mut self, facts: &[(&str, String)]) {
        let mut t = String::from("<dl>");
        for (k, v) in facts {
            t.push_str(&format!("<dt>{}</dt><dd>{}</dd>", esc(k), esc(v)));
        }
        t.push_str("</dl>");
        self.raw(&t);
    }

    /// The whole document.
    pub fn finish(self, title: &str) -> String {
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n{}\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}</style></head>\n<body>\n{}</body></html>\n",
            crate::report::html::policy_meta(&crate::report::html::policy_without_script()),
            esc(title),
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_a_person_reads_them() {
        assert_eq!(cell_for("p_value", 5.865113e-18), "< 0.001");
        assert_eq!(cell_for("p_holm", 0.04213), "0.042");
        assert_eq!(cell_for("chi_square_p", 0.5), "0.500");
        assert_eq!(cell_for("mean", 40.9123), "40.9");
        assert_eq!(cell_for("mean_turns", 0.012345), "0.0123");
        assert_eq!(cell_for("sd", 1234.7), "1235");
        assert_eq!(cell_for("mean", 12.0), "12", "a whole mean stays whole");
        assert_eq!(cell_for("win_rate", 0.51234), "0.5123", "other columns keep num's form");
        assert_eq!(heading_words("decisive_ci_low"), "decisive 95% low");
        assert_eq!(heading_words("diff_pp"), "diff (percentage points)");
        // A figure that rounds to zero carries no sign.
        assert_eq!(fixed(-0.004, 1), "0.0");
        assert_eq!(fixed(-0.04, 1), "0.0");
        assert_eq!(fixed(-0.06, 1), "-0.1");
        assert_eq!(num(Some(-0.0)), "0");
    }

    #[test]
    fn code_in_backticks_is_shown_as_code_and_stays_escaped() {
        assert_eq!(esc_code("`arena ladder` adds rungs"), "<code>arena ladder</code> adds rungs");
        assert_eq!(esc_code("a `<b>` & `c*`"), "a <code>&lt;b&gt;</code> &amp; <code>c*</code>");
        // A lone backtick is the text's own: kept, escaped, nothing opened.
        assert_eq!(esc_code("it`s <x>"), "it`s &lt;x&gt;");
        let mut page = Page::new("t");
        page.para("need `arena ladder`.");
        page.chart(
            "c",
            "`p_*` in metrics.csv",
            &Chart { svg: String::new(), y_map: [(0.0, 0), (1.0, 1)] },
        );
        let html = page.finish("t");
        assert!(html.contains("<p>need <code>arena ladder</code>.</p>"), "{html}");
        assert!(html.contains("<figcaption><code>p_*</code> in metrics.csv</figcaption>"));
        assert!(!html.contains('`'), "{html}");
    }

    #[test]
    fn every_table_sits_in_a_scroll_box_with_its_cue() {
        let mut page = Page::new("t");
        page.table(&["a", "b"], &[vec!["1".into(), "<2>".into()]]);
        let html = page.finish("t");
        let boxed = "<div class=\"scroll\"><div class=\"scroll-in\"><div class=\"cue\" aria-hidden=\"true\">scroll &rarr;</div><table>";
        assert!(html.contains(boxed), "{html}");
        assert!(html.contains("&lt;2&gt;") && html.contains("</table></div></div>"));
        // The cue sticks to the box's right edge, and a block at the table's own right end
        // covers it (and the shadows' covers move with the table): CSS alone, no script.
        for rule in [
            ".cue{position:sticky;right:0;",
            ".scroll-in::after{",
            "no-repeat local",
            "animation-timeline:scroll(nearest inline)",
        ] {
            assert!(STYLE.contains(rule), "{rule}");
        }
        assert!(!html.contains("<script"));
    }
}
