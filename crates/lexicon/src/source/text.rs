//! Text sources: plain lists and Zyzzyva text lexicons.
//!
//! Both are read as bytes, line by line, so a definition in some legacy encoding never stops a
//! list from loading. A UTF-8 byte-order mark, CRLF line ends, blank lines and lines starting with
//! `#` are accepted everywhere, and a line may end in LF, CRLF or CR alone (files saved by old Mac
//! programs), so such a file is never read as one long line. A line longer than
//! [`MAX_LINE_BYTES`] is refused in either format: no word list has one, and reading it would make
//! a tiny lexicon of a large file (words separated by spaces, read as one Zyzzyva line). A plain list holds one word per line; a Zyzzyva line holds the word,
//! then (after a space or TAB) anything — Zyzzyva itself takes the first whitespace-separated token.

use super::{Entries, InvalidEntry, Kind, Location, OnInvalid};
use crate::alphabet::Alphabet;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The longest line a text source may have: a Zyzzyva line (a word and its definition) is at
/// most a few hundred bytes.
pub(crate) const MAX_LINE_BYTES: usize = 4096;

/// Why a text source could not be read.
#[derive(Debug)]
pub(super) enum TextError {
    /// An entry that is not a word (under [`OnInvalid::Fail`]).
    Entry(InvalidEntry),
    /// Line `line` is `len` bytes long, more than [`MAX_LINE_BYTES`].
    LineTooLong { line: usize, len: usize },
}

/// The lines of `bytes`, each without its line end: LF, CRLF or a CR alone.
fn lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(bytes);
    std::iter::from_fn(move || {
        let r = rest?;
        match memchr::memchr2(b'\n', b'\r', r) {
            Some(i) => {
                let end = if r[i] == b'\r' && r.get(i + 1) == Some(&b'\n') {
                    i + 2
                } else {
                    i + 1
                };
                rest = Some(&r[end..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// The lines that hold entries: 1-based line number and the line without its line end and
/// surrounding whitespace. Blank and `#` lines are left out.
fn entry_lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    lines(bytes)
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

pub(super) fn read(
    bytes: &[u8],
    kind: Kind,
    alphabet: &'static Alphabet,
    policy: OnInvalid,
) -> Result<Entries, TextError> {
    let mut entries = Entries::new(kind, alphabet);
    // About nine bytes a line in a plain list; a reservation that is only a hint.
    entries.words.reserve(bytes.len() / 10);
    for (number, line) in entry_lines(bytes) {
        if line.len() > MAX_LINE_BYTES {
            return Err(TextError::LineTooLong {
                line: number,
                len: line.len(),
            });
        }
        let entry = match kind {
            Kind::Zyzzyva => first_token(line).0,
            _ => line,
        };
        entries
            .push(entry, Location::Line(number), policy)
            .map_err(TextError::Entry)?;
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::word::WordError;

    fn invalid(bytes: &[u8], kind: Kind) -> InvalidEntry {
        match read(bytes, kind, crate::alphabet::english(), OnInvalid::Fail).unwrap_err() {
            TextError::Entry(e) => e,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn lines_end_in_lf_crlf_or_a_cr_alone_and_keep_their_numbers() {
        assert_eq!(words(b"AA\rAB\rCAT", Kind::Plain), ["AA", "AB", "CAT"]);
        assert_eq!(
            words(b"AA x\rAB y\r\nCAT z\n", Kind::Zyzzyva),
            ["AA", "AB", "CAT"]
        );
        let err = invalid(b"AA\r\nAB\r\n\r\nX1\r\n", Kind::Plain);
        assert_eq!(err.location, Location::Line(4), "CRLF is one line end");
        let err = invalid(b"AA\rAB\r\rX1\r", Kind::Plain);
        assert_eq!(err.location, Location::Line(4), "so is a CR alone");
    }

    #[test]
    fn a_line_longer_than_any_word_list_has_is_refused_whatever_the_policy() {
        let mut long = b"AA definition".to_vec();
        long.resize(MAX_LINE_BYTES + 1, b'x');
        for kind in [Kind::Plain, Kind::Zyzzyva] {
            for policy in [OnInvalid::Fail, OnInvalid::Skip] {
                let mut src = b"QI\n".to_vec();
                src.extend_from_slice(&long);
                assert!(matches!(
                    read(&src, kind, crate::alphabet::english(), policy),
                    Err(TextError::LineTooLong { line: 2, len }) if len == MAX_LINE_BYTES + 1
                ));
                src.pop();
                assert!(
                    read(&src, kind, crate::alphabet::english(), OnInvalid::Skip).is_ok(),
                    "at the limit"
                );
            }
        }
    }

    fn words(bytes: &[u8], kind: Kind) -> Vec<String> {
        read(bytes, kind, crate::alphabet::english(), OnInvalid::Fail)
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
        let err = invalid(b"CAT\nDOG HOUSE\n", Kind::Plain);
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
        let err = invalid(b"AA lava\nX a letter\n", Kind::Zyzzyva);
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
