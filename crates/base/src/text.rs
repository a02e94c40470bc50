//! Text from files and people, made safe to show: on a terminal (no control sequence a log or a
//! configuration could smuggle in) and in a spreadsheet (no cell it would run as a formula).

use std::borrow::Cow;

/// Whether `c` must not reach a terminal as it is: a control character (C0, DEL, C1: escape
/// sequences, carriage returns that overwrite a line), or one that reorders or hides text (the
/// bidirectional overrides and isolates, zero-width characters, line and paragraph separators).
pub fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// `text` with every [`hidden`] character written as `\u{XXXX}`: what a terminal shows is what
/// the file holds, and a station id cannot paint over the line that says its log is NOT
/// VERIFIED.
pub fn shown(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            out.push_str(&format!("\\u{{{:04X}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `cell` safe to open in a spreadsheet and to print: [`hidden`] characters written as escapes
/// (as [`shown`]; a CSV export is often read on a terminal first), then a cell that begins with
/// `=`, `+`, `-` or `@` (which Excel, LibreOffice and Google Sheets read as a formula) gets a
/// leading apostrophe, as the OWASP guidance on CSV injection says (a leading tab or carriage
/// return, the guidance's other two, is an escape by then); any other cell is unchanged. (A
/// slip never holds such a cell when a station wrote it: words are letters, ids have no `=`
/// and no control character. A forged log might.)
pub fn csv_cell(cell: &str) -> Cow<'_, str> {
    let cell = shown(cell);
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@') => Cow::Owned(format!("'{cell}")),
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_reordering_characters_are_shown_as_escapes() {
        assert_eq!(shown("hall-9"), "hall-9");
        assert_eq!(shown("KÄSE ĆMA L·L"), "KÄSE ĆMA L·L");
        assert_eq!(
            shown("7\u{1b}[2K\rOK"),
            "7\\u{001B}[2K\\u{000D}OK",
            "an escape sequence and a carriage return"
        );
        assert_eq!(
            shown("a\u{202E}b\u{200B}c\u{9b}d\n"),
            "a\\u{202E}b\\u{200B}c\\u{009B}d\\u{000A}"
        );
    }

    #[test]
    fn cells_a_spreadsheet_would_run_are_neutralised() {
        for formula in ["=1+2", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"] {
            let cell = csv_cell(formula);
            assert!(cell.starts_with('\''), "{formula:?} → {cell:?}");
            assert_eq!(&cell[1..], formula);
        }
        // A tab or carriage return (which a spreadsheet skips to reach a formula) and any other
        // control character are escapes, so no cell begins with one or carries one.
        assert_eq!(csv_cell("\t=1"), "\\u{0009}=1");
        assert_eq!(csv_cell("\r=1"), "\\u{000D}=1");
        assert_eq!(csv_cell("=7\u{1b}[2J"), "'=7\\u{001B}[2J");
        for plain in ["QI", "7", "2026-11-24T10:00:00Z", "", "ACCEPTABLE", "a=b"] {
            assert_eq!(csv_cell(plain), plain);
        }
    }
}
