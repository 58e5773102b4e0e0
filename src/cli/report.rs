//! `arena report DIR`, and the report written at the end of `arena run` and `arena merge`
//! (unless `--no-report`): the page itself is built by [`crate::report`] from the folder's
//! files; here its errors become the command line's (bad input exits 2).

use std::path::Path;
use std::time::Instant;

use crate::report::{self, ReportError};
use crate::session::input;

/// A report error as the command line reports it: a missing or malformed file is bad input.
fn to_anyhow(e: ReportError) -> anyhow::Error {
    match e {
        ReportError::Input(msg) => input(msg),
        other => anyhow::Error::new(other),
    }
}

/// Write the report of `dir` and say where it is and how long it took (unless `quiet`).
pub fn write_report(dir: &Path, quiet: bool) -> anyhow::Result<()> {
    let start = Instant::now();
    let written = report::write(dir).map_err(to_anyhow)?;
    if !quiet && let Some(first) = written.pages.first() {
        let more = written.pages.len() - 1;
        let extra = if more > 0 { format!(" (and {more} linked pages)") } else { String::new() };
        crate::outln!(
            "report: {}{extra} in {:.3} s",
            first.display(),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// `arena report DIR`.
pub fn report_command(dir: &Path) -> anyhow::Result<()> {
    write_report(dir, false)
}

/// Write the report of a finished run or merge. Its results are complete whatever happens
/// here, so a failure is a warning and leaves the exit code alone (a cluster's `afterok`
/// must not fail over a page).
pub fn report_after(dir: &Path, quiet: bool) {
    if let Err(e) = write_report(dir, quiet) {
        let chain: Vec<String> = e.chain().map(|c| c.to_string()).collect();
        crate::errln!(
            "warning: report.html not written: {}; the results are complete (`arena report {}` retries)",
            chain.join(": "),
            dir.display()
        );
    }
}
