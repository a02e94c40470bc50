//! Text from files and people, made safe to show: on a terminal (no control sequence a log or a
//! configuration could smuggle in) and in a spreadsheet (no cell it would run as a formula).

use std::borrow::Cow;

use icu_properties::props::{BidiControl, DefaultIgnorableCodePoint, GeneralCategory};
use icu_properties::{CodePointMapData, CodePointSetData};
use unicode_normalization::char::is_combining_mark;

/// Whether `c` must not reach a terminal or a screen as it is, by Unicode's own properties: a
/// control character (C0, DEL, C1: escape sequences, carriage returns that overwrite a line), a
/// format character (the bidirectional overrides and isolates, zero-width characters, tags), a
/// line or paragraph separator, a private-use, surrogate or unassigned code point, or any
/// default-ignorable code point (drawn as nothing: variation selectors, the combining grapheme
/// joiner, the Hangul fillers).
pub fn hidden(c: char) -> bool {
    use GeneralCategory as G;
    c.is_control()
        || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || CodePointSetData::new::<BidiControl>().contains(c)
        || matches!(
            CodePointMapData::<GeneralCategory>::new().get(c),
            G::Control
                | G::Format
                | G::PrivateUse
                | G::Surrogate
                | G::Unassigned
                | G::LineSeparator
                | G::ParagraphSeparator
        )
}

/// Whether `c` draws as blank space though it is not the plain space: the other spaces
/// (no-break, ideographic, the typographic ones: general category Zs), and the Braille pattern
/// blank (U+2800, a symbol by its category, a blank cell on screen: the one character the
/// properties do not say is blank).
pub fn blank(c: char) -> bool {
    c != ' '
        && (CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::SpaceSeparator
            || c == '\u{2800}')
}

/// The most combining marks one character may carry: enough for any language's accents
/// (Vietnamese stacks two), not for a tower that paints over the lines above and below.
pub(crate) const MAX_MARKS: usize = 3;

/// What is wrong with `text` as text a file puts on a screen, a docket or a terminal (a lexicon's
/// title, a division's title, the event's name), if anything: the one rule for all of them. At
/// most `max` characters, on one line, nothing [`hidden`], no [`blank`] look-alike of a space, no
/// more than [`MAX_MARKS`] combining marks on one character, and not empty or only spaces.
/// `what` names the text in the message ("the lexicon's title").
pub fn problem(what: &str, text: &str, max: usize) -> Option<String> {
    if text.trim().is_empty() {
        return Some(format!("{what} must not be empty"));
    }
    if let Some(c) = text.chars().find(|&c| hidden(c)) {
        return Some(format!(
            "{what} must be plain text on one line: it holds U+{:04X}, a control or invisible character",
            c as u32
        ));
    }
    if let Some(c) = text.chars().find(|&c| blank(c)) {
        return Some(format!(
            "{what} holds U+{:04X}, which draws as a space but is not one: write a plain space",
            c as u32
        ));
    }
    let mut run = 0;
    for c in text.chars() {
        run = if is_combining_mark(c) { run + 1 } else { 0 };
        if run > MAX_MARKS {
            return Some(format!(
                "{what} stacks more than {MAX_MARKS} combining marks on one character (U+{:04X}…): no language needs that many, and they would paint over the lines around it",
                c as u32
            ));
        }
    }
    let n = text.chars().count();
    if n > max {
        return Some(format!(
            "{what} must be at most {max} characters (it has {n}): the screens are proven to fit that much"
        ));
    }
    None
}

/// `text` after Unicode's compatibility normalisation (NFKC): what ids are compared by, so that
/// a look-alike (`７`, `ｓ`) is the character it imitates.
pub fn nfkc(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.nfkc().collect()
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

    /// Issue 37, items 6 and 10: invisible and look-alike characters a hand list let through,
    /// and the ones it had, by Unicode's properties.
    #[test]
    fn invisible_and_blank_characters_are_named_by_unicode_properties() {
        for c in [
            '\u{3164}',
            '\u{115F}',
            '\u{1160}',
            '\u{FFA0}',
            '\u{034F}',
            '\u{FE0F}',
            '\u{E0041}',
            '\u{1D173}',
            '\u{202E}',
            '\u{2066}',
            '\u{200B}',
            '\u{00AD}',
            '\u{061C}',
            '\u{FEFF}',
            '\u{2028}',
            '\u{1B}',
            '\u{0}',
            '\u{9B}',
            '\u{E000}',
            '\u{D7FF}',
        ] {
            assert!(hidden(c), "U+{:04X} is hidden", c as u32);
            assert!(problem("the title", &format!("CSW{c}24"), 60).is_some());
        }
        for c in ['\u{2800}', '\u{00A0}', '\u{3000}', '\u{2003}'] {
            assert!(!hidden(c) && blank(c), "U+{:04X} is blank", c as u32);
            let said = problem("the title", &format!("CSW{c}24"), 60).unwrap();
            assert!(said.contains(&format!("U+{:04X}", c as u32)), "{said}");
        }
        for plain in [
            "Collins Scrabble Words 2024",
            "Llista de paraules · L·L",
            "Słownik PFS",
            "Tiếng Việt",
            "日本語",
        ] {
            assert_eq!(problem("the title", plain, 60), None, "{plain}");
        }
        let tower = format!("a{}", "\u{0301}".repeat(60));
        assert!(problem("the title", &tower, 200)
            .unwrap()
            .contains("combining marks"));
        assert!(problem("the title", &"x".repeat(61), 60)
            .unwrap()
            .contains("at most 60"));
        assert!(problem("the title", " ", 60).unwrap().contains("empty"));
        assert!(problem("the title", "NWL2023\nUNACCEPTABLE", 60)
            .unwrap()
            .contains("U+000A"));
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
