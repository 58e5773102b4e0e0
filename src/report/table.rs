//! A result folder's CSV files read by column NAME, so the report keeps working when a
//! writer adds or reorders columns (and on old runs and merged shards). Every error names the
//! file (and the column or row) in one line. [`table_of`] shows named columns of one as a
//! page's table, each estimate rounded to what its interval supports.

use std::path::Path;

use crate::report::ReportError;
use crate::report::page::{Page, cell_for, esc};

/// One CSV file held whole: its header and rows of text cells.
pub struct Table {
    /// The file's name as the errors show it.
    pub name: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Read `dir/file`; a missing file or a malformed row is an input error naming the file.
    pub fn read(dir: &Path, file: &str) -> Result<Table, ReportError> {
        let path = dir.join(file);
        let name = path.display().to_string();
        if !path.is_file() {
            return Err(ReportError::Input(format!(
                "{name}: missing (not a complete result folder)"
            )));
        }
        let bytes = std::fs::read(&path)
            .map_err(|e| ReportError::Input(format!("{name}: cannot read: {e}")))?;
        crate::report::recorded::check(dir, file, &bytes)?;
        // arena ends every CSV file with a newline: a file that stops inside a line was cut
        // short (a copy, a full disk), and its last row would be drawn wrong (a maximum of 1
        // instead of 100), so it is refused rather than rendered.
        if !bytes.is_empty() && !bytes.ends_with(b"\n") {
            return Err(ReportError::Input(format!(
                "{name}: ends inside a line, so the file is truncated (arena's CSV files end with a newline); rerun or resume the command that wrote it"
            )));
        }
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(false)
            .from_reader(bytes.as_slice());
        let headers: Vec<String> = reader
            .headers()
            .map_err(|e| ReportError::Input(format!("{name}: malformed CSV header: {e}")))?
            .iter()
            .map(|h| h.trim().to_string())
            .collect();
        if headers.iter().all(String::is_empty) {
            return Err(ReportError::Input(format!("{name}: empty file (no CSV header)")));
        }
        let mut rows = Vec::new();
        for record in reader.records() {
            let record =
                record.map_err(|e| ReportError::Input(format!("{name}: malformed CSV: {e}")))?;
            // The text as typed, without the `'` that keeps spreadsheets from running it.
            let cell = |c: &str| crate::core::csv_cell::read_back(c.trim()).to_string();
            rows.push(record.iter().map(cell).collect());
        }
        Ok(Table { name, headers, rows })
    }

    /// Read `dir/file` if it exists (optional files such as `difference.csv`).
    pub fn read_optional(dir: &Path, file: &str) -> Result<Option<Table>, ReportError> {
        if dir.join(file).is_file() { Table::read(dir, file).map(Some) } else { Ok(None) }
    }

    /// The index of the first of `names` that is a column (tolerant fallbacks).
    pub fn col(&self, names: &[&str]) -> Option<usize> {
        names.iter().find_map(|n| self.headers.iter().position(|h| h == n))
    }

    /// Like [`Table::col`], but a missing column is an error naming the file.
    pub fn need(&self, names: &[&str]) -> Result<usize, ReportError> {
        self.col(names).ok_or_else(|| {
            ReportError::Input(format!("{}: no column `{}`", self.name, names.join("` or `")))
        })
    }

    /// The text of a cell.
    pub fn text<'a>(&'a self, row: &'a [String], col: usize) -> &'a str {
        row.get(col).map_or("", String::as_str)
    }

    /// A numeric cell: `None` when empty (undefined, as the dictionary says), an error naming
    /// the file, row and column when it is not a number.
    pub fn num(&self, row_index: usize, col: usize) -> Result<Option<f64>, ReportError> {
        let cell = self.text(&self.rows[row_index], col);
        if cell.is_empty() {
            return Ok(None);
        }
        cell.parse::<f64>().map(Some).map_err(|_| {
            ReportError::Input(format!(
                "{}: row {} column `{}`: `{cell}` is not a number",
                self.name,
                row_index + 2,
                self.headers[col]
            ))
        })
    }

    /// A numeric cell that must be present.
    pub fn need_num(&self, row_index: usize, col: usize) -> Result<f64, ReportError> {
        self.num(row_index, col)?.ok_or_else(|| {
            ReportError::Input(format!(
                "{}: row {} column `{}` is empty",
                self.name,
                row_index + 2,
                self.headers[col]
            ))
        })
    }

    /// The row whose column `key` holds `value`.
    pub fn find(&self, key: usize, value: &str) -> Option<usize> {
        self.rows.iter().position(|r| self.text(r, key) == value)
    }
}

/// A table of the named columns that exist in `t`. An estimate shown beside its interval
/// (a `..ci_low..` column followed by its `..ci_high..`, the estimate just before them) is
/// rounded to what the interval supports ("0.50 [0.47, 0.53]", not "0.5012 [0.4713,
/// 0.5309]"); other numbers keep [`num`]'s form.
pub(crate) fn table_of(page: &mut Page, t: &Table, cols: &[&str]) {
    table_with_words(page, t, cols, &[], &|id| esc(id));
}

/// [`table_of`] whose columns `ids` hold internal ids (an option kind, a metric): each cell
/// is `words` of it (`report::words::Words::html`: its words first, the id after them in code
/// style), in a column that wraps.
pub(crate) fn table_with_words(
    page: &mut Page,
    t: &Table,
    cols: &[&str],
    ids: &[&str],
    words: &dyn Fn(&str) -> String,
) {
    let present: Vec<(&str, usize)> =
        cols.iter().filter_map(|c| t.col(&[c]).map(|i| (*c, i))).collect();
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| {
            let value = |k: usize| t.text(r, present[k].1).parse::<f64>().ok();
            let mut cells: Vec<String> = present
                .iter()
                .map(|(name, i)| {
                    let cell = t.text(r, *i);
                    cell.parse::<f64>().map_or(cell.to_string(), |v| cell_for(name, v))
                })
                .collect();
            for k in 1..present.len().saturating_sub(1) {
                let (low, high) = (present[k].0, present[k + 1].0);
                if !(low.contains("ci_low") && high == low.replace("ci_low", "ci_high")) {
                    continue;
                }
                let (Some(lo), Some(hi)) = (value(k), value(k + 1)) else { continue };
                let Some(d) = interval_decimals(lo, hi) else { continue };
                // The estimate is the column before the interval, past any spread shown
                // between them (metrics.csv: mean, sd, ci_low, ci_high): the spread and the
                // estimate both keep the interval's decimals.
                let estimate = (0..k).rev().find(|&j| !is_spread(present[j].0)).unwrap_or(k - 1);
                for (j, cell) in cells.iter_mut().enumerate().take(k + 2).skip(estimate) {
                    if let Some(v) = value(j) {
                        *cell = crate::report::page::fixed(v, d);
                    }
                }
            }
            cells
        })
        .collect();
    let headers: Vec<&str> = present.iter().map(|(c, _)| *c).collect();
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|r| {
            r.iter()
                .zip(&headers)
                .map(|(cell, name)| {
                    if name.ends_with("_command") && !cell.is_empty() {
                        // A command is typed as it stands: code, never words.
                        format!("<td class=\"words\"><code>{}</code></td>", esc(cell))
                    } else if ids.contains(name) {
                        format!("<td class=\"words\">{}</td>", words(cell))
                    } else {
                        format!("<td>{}</td>", esc(cell))
                    }
                })
                .collect()
        })
        .collect();
    page.table_of_columns_html(&headers, &rows);
}

/// A column of spread (a standard deviation or error), which an interval may follow but
/// never estimates.
fn is_spread(column: &str) -> bool {
    matches!(column, "sd" | "se") || column.ends_with("_sd") || column.ends_with("_se")
}

/// The decimals an interval from `lo` to `hi` supports: enough to show its half-width to
/// one significant digit (half-width 0.03: two decimals; 0.3: one), at most six. `None` when
/// the interval is undefined or has no width.
pub(crate) fn interval_decimals(lo: f64, hi: f64) -> Option<usize> {
    let half = (hi - lo) / 2.0;
    if !(half.is_finite() && half > 0.0) {
        return None;
    }
    Some((-half.log10().floor()).clamp(0.0, 6.0) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimate_keeps_the_decimals_its_interval_supports() {
        // "+0.8 pp [0.5, 1.1]", not "0.7889".
        assert_eq!(interval_decimals(0.5, 1.1), Some(1));
        assert_eq!(interval_decimals(0.47, 0.53), Some(2));
        assert_eq!(interval_decimals(0.4599, 1.6846), Some(1));
        assert_eq!(interval_decimals(120.0, 180.0), Some(0));
        assert_eq!(interval_decimals(0.5, 0.5), None);
        assert_eq!(interval_decimals(f64::NAN, 0.5), None);
        assert_eq!(interval_decimals(0.3, 0.3 + 1e-12), Some(6));
    }

    #[test]
    fn the_estimate_beside_an_interval_is_found_past_its_spread() {
        // metrics.csv's columns: the mean is the estimate, not the sd before ci_low.
        let cells = ["turns", "41.2345", "7.8912", "41.1811", "41.2879"];
        let headers = ["metric", "mean", "sd", "ci_low", "ci_high"];
        let t = Table {
            name: "metrics.csv".into(),
            headers: headers.map(String::from).to_vec(),
            rows: vec![cells.map(String::from).to_vec()],
        };
        let mut page = Page::new("t");
        table_of(&mut page, &t, &headers);
        let html = page.finish("t");
        assert!(html.contains(">41.23<") && html.contains(">7.89<"), "{html}");
        assert!(!html.contains("41.2345"), "{html}");
    }
}
