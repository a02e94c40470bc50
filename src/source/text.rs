//! Text sources: plain lists and Zyzzyva text lexicons.
//!
//! Both are read as bytes, line by line, so a definition in some legacy encoding never stops a
//! list from loading. A UTF-8 byte-order mark, CRLF line ends, blank lines and lines starting with
//! `#` are accepted everywhere. A plain list holds one word per line; a Zyzzyva line holds the word,
//! then (after a space or TAB) anything — Zyzzyva itself takes the first whitespace-separated token.

use super::{Entries, InvalidEntry, Kind, Location, OnInvalid};

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The lines that hold entries: 1-based line number and the line without its line end and
/// surrounding whitespace. Blank and `#` lines are left out.
fn entry_lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_ascii()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with(b"#"))
}

/// The first whitespace-separated token of a line, and whether anything follows it.
fn first_token(line: &[u8]) -> (&[u8], bool) {
    match line.iter().position(|b| b.is_ascii_whitespace()) {
        Some(end) => (&line[..end], true),
        None => (line, false),
    }
}

/// Plain or Zyzzyva? Zyzzyva when more than a tenth of the entries carry something after the
/// word — a plain list with a stray bad line stays plain, so that line is reported, not trimmed.
pub(super) fn detect(bytes: &[u8]) -> Kind {
    let (mut entries, mut with_more) = (0usize, 0usize);
    for (_, line) in entry_lines(bytes) {
        entries += 1;
        if first_token(line).1 {
            with_more += 1;
        }
    }
    if with_more * 10 > entries {
        Kind::Zyzzyva
    } else {
        Kind::Plain
    }
}

pub(super) fn read(bytes: &[u8], kind: Kind, policy: OnInvalid) -> Result<Entries, InvalidEntry> {
    let mut entries = Entries::new(kind);
    // About nine bytes a line in a plain list; a reservation that is only a hint.
    entries.words.reserve(bytes.len() / 10);
    for (number, line) in entry_lines(bytes) {
        let entry = match kind {
            Kind::Zyzzyva => first_token(line).0,
            _ => line,
        };
        entries.push(entry, Location::Line(number), policy)?;
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::word::WordError;

    fn words(bytes: &[u8], kind: Kind) -> Vec<String> {
        read(bytes, kind, OnInvalid::Fail)
            .unwrap()
            .words
            .iter()
            .map(|w| w.to_string())
            .collect()
    }

    #[test]
    fn plain_accepts_bom_crlf_blank_lines_comments_any_case_and_order() {
        let src = b"\xEF\xBB\xBF# my list\r\nzebra\r\n\r\n  Cat \r\nAA\r\ncat\r\n";
        assert_eq!(words(src, Kind::Plain), ["ZEBRA", "CAT", "AA", "CAT"]);
    }

    #[test]
    fn plain_refuses_a_line_with_two_words() {
        let err = read(b"CAT\nDOG HOUSE\n", Kind::Plain, OnInvalid::Fail).unwrap_err();
        assert_eq!(err.location, Location::Line(2));
        assert_eq!(err.text, "DOG HOUSE");
        assert_eq!(err.error, WordError::NotALetter(' '));
    }

    #[test]
    fn zyzzyva_takes_the_first_token_after_space_or_tab() {
        let src = b"AA rough, cindery lava [n AAS]\nAH\t{aah=v} [v AHED, AHING, AHS]\nAM <be=v> [v]\nABSTRACTIONISMS\n";
        assert_eq!(
            words(src, Kind::Zyzzyva),
            ["AA", "AH", "AM", "ABSTRACTIONISMS"]
        );
    }

    #[test]
    fn zyzzyva_ignores_non_utf8_definitions() {
        let src = b"CAFE a coffee house, caf\xe9 [n -S]\n";
        assert_eq!(words(src, Kind::Zyzzyva), ["CAFE"]);
    }

    #[test]
    fn zyzzyva_reports_a_bad_word_with_its_line() {
        let err = read(b"AA lava\nX a letter\n", Kind::Zyzzyva, OnInvalid::Fail).unwrap_err();
        assert_eq!(err.location, Location::Line(2));
        assert_eq!(err.text, "X");
    }

    #[test]
    fn detection_needs_more_than_a_tenth_with_definitions() {
        let mut plain_with_one_bad = b"DOG HOUSE\n".to_vec();
        for _ in 0..20 {
            plain_with_one_bad.extend_from_slice(b"CAT\n");
        }
        assert_eq!(detect(&plain_with_one_bad), Kind::Plain);
        assert_eq!(detect(b"AA lava\nAARDVARK\n"), Kind::Zyzzyva);
        assert_eq!(detect(b"AA\nAB\n"), Kind::Plain);
    }
}
