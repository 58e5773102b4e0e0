//! A CSV cell that a spreadsheet will not run. Cells can carry text a user typed (a rule
//! value, a card file's name, a bot label, a variant's name); a spreadsheet that opens the
//! file reads a cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return as a
//! formula (OWASP's "CSV injection"). Such a cell is written with a leading `'`, which
//! spreadsheets read as "this is text" and do not show. A number (`-0.25`, `+3`) is left as
//! it is: it is not a formula, and the columns' readers need it whole.

use std::borrow::Cow;

/// OWASP's list, with NUL (which some readers skip) and a newline.
const FORMULA_STARTS: [char; 8] = ['=', '+', '-', '@', '\t', '\r', '\n', '\0'];

/// Whether `text` is a plain decimal number (what arena writes for a figure).
fn is_number(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
        && text.parse::<f64>().is_ok()
}

/// `text` as a cell is written: with a leading `'` when a spreadsheet would read it as a
/// formula, or when it begins with `'` itself (so that reading back gives it as typed).
pub fn neutralised(text: &str) -> Cow<'_, str> {
    if (text.starts_with(FORMULA_STARTS) && !is_number(text)) || text.starts_with('\'') {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// A cell as read back by arena (the report): the text the user typed, without the `'`
/// [`neutralised`] added.
pub fn read_back(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with('\'') => rest,
        Some(rest) if rest.starts_with(FORMULA_STARTS) && !is_number(rest) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_quoted_and_numbers_are_not() {
        for formula in [
            "=cmd|' /C calc'!A0",
            "cards==cmd.toml",
            "+1+1",
            "-1+cmd",
            "@SUM(A1)",
            "\tx",
            "\rx",
            "-inf",
            "\0=x",
            "'=x",
            "'quoted",
        ] {
            let cell = neutralised(formula);
            let quoted = formula.starts_with(FORMULA_STARTS) || formula.starts_with('\'');
            assert_eq!(cell.starts_with('\''), quoted, "{formula:?}");
            assert_eq!(read_back(&cell), formula, "{formula:?} comes back as typed");
        }
        for number in ["-0.25", "+3", "-1e-5", "12", "", "greedy", "x'"] {
            assert_eq!(neutralised(number), number, "{number:?} is left alone");
            assert_eq!(read_back(number), number);
        }
    }
}
