//! Word-list sources: the files directors actually have, read into words.
//!
//! Three kinds (docs/director.md, "Word-list formats"): plain lists, Zyzzyva text files (word, then an
//! optional definition) and KWG word graphs. This module owns recognising the kind and turning every
//! entry into a [`Word`]; it never writes anything and never decides what is acceptable.
//!
//! An entry that is not a word is an error naming the file, the line (or KWG node) and the text.
//! With [`OnInvalid::Skip`] such entries are counted and reported instead, and the rest is read.

mod kwg;
mod text;

use std::fmt;
use std::path::{Path, PathBuf};

pub use kwg::{encode_kwg, KwgError};

use crate::alphabet::{Alphabet, TileError};
use crate::word::{Word, WordError};
use wordjudge_base::digest::Digest;

/// The largest source file read. Real word lists with definitions are a few tens of MiB.
pub(crate) const MAX_SOURCE_BYTES: u64 = 256 * 1024 * 1024;

/// How the director says the source should be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Recognise the kind from the content.
    Auto,
    Plain,
    Zyzzyva,
    Kwg,
}

/// The kind a source was read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Plain,
    Zyzzyva,
    Kwg,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Plain => "plain word list",
            Kind::Zyzzyva => "Zyzzyva text lexicon (word + definition)",
            Kind::Kwg => "KWG word graph",
        })
    }
}

/// What to do with an entry that is not a 2–15-letter word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnInvalid {
    /// The whole read fails at the first such entry.
    Fail,
    /// Such entries are counted (the first few kept for the report) and left out.
    Skip,
}

/// Where in a source an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    /// 1-based line of a text file.
    Line(usize),
    /// Index of the KWG node (byte offset is four times it) where the word ends.
    KwgNode(usize),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Line(n) => write!(f, "line {n}"),
            Location::KwgNode(i) => write!(f, "node {i} (byte offset {})", i * 4),
        }
    }
}

/// An entry that is not a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidEntry {
    pub location: Location,
    /// The entry as it appears in the source (lossily decoded, at most 80 characters).
    pub text: String,
    pub error: WordError,
}

impl fmt::Display for InvalidEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {:?} {}", self.location, self.text, self.error)
    }
}

/// The words of a source, in source order (possibly unsorted, possibly with duplicates).
#[derive(Debug, Clone)]
pub struct Entries {
    pub kind: Kind,
    /// The alphabet the entries were read in.
    pub alphabet: &'static Alphabet,
    pub words: Vec<Word>,
    /// Invalid entries left out under [`OnInvalid::Skip`]: how many in all ...
    pub skipped: usize,
    /// ... and the first [`Entries::MAX_REPORTED`] of them.
    pub skipped_examples: Vec<InvalidEntry>,
}

impl Entries {
    pub(crate) const MAX_REPORTED: usize = 10;

    fn new(kind: Kind, alphabet: &'static Alphabet) -> Entries {
        Entries {
            kind,
            alphabet,
            words: Vec::new(),
            skipped: 0,
            skipped_examples: Vec::new(),
        }
    }

    /// Records one entry, text read by the alphabet's rules: a word, or an invalid entry
    /// handled by `policy`.
    fn push(
        &mut self,
        entry: &[u8],
        location: Location,
        policy: OnInvalid,
    ) -> Result<(), InvalidEntry> {
        let word = match self.alphabet.id().is_english() {
            true => Word::from_bytes(entry),
            false => match std::str::from_utf8(entry) {
                Ok(text) if self.alphabet.has_needless_break(text) => {
                    Err(WordError::Tile(TileError::NeedlessBreak))
                }
                Ok(text) => Word::parse_in(self.alphabet, text),
                Err(e) => Err(WordError::NotUtf8(e.valid_up_to() + 1)),
            },
        };
        self.record(word, entry, location, policy)
    }

    /// Records one entry given as tile codes (a KWG path).
    fn push_codes(
        &mut self,
        codes: &[u8],
        location: Location,
        policy: OnInvalid,
    ) -> Result<(), InvalidEntry> {
        let word = match self.alphabet.id().is_english() {
            true => Word::from_bytes(codes),
            false => Word::from_codes(self.alphabet, codes),
        };
        let text = match &word {
            Ok(_) => Vec::new(),
            Err(_) => codes
                .iter()
                .map(|&c| self.alphabet.tile(c).map_or("?", |t| t.label.as_str()))
                .collect::<String>()
                .into_bytes(),
        };
        self.record(word, &text, location, policy)
    }

    fn record(
        &mut self,
        word: Result<Word, WordError>,
        entry: &[u8],
        location: Location,
        policy: OnInvalid,
    ) -> Result<(), InvalidEntry> {
        match word {
            Ok(word) => {
                self.words.push(word);
                Ok(())
            }
            Err(error) => {
                // Only the start is kept: a line can be the whole (256 MB) file.
                let start = &entry[..entry.len().min(4 * 80)];
                let invalid = InvalidEntry {
                    location,
                    text: String::from_utf8_lossy(start).chars().take(80).collect(),
                    error,
                };
                match policy {
                    OnInvalid::Fail => Err(invalid),
                    OnInvalid::Skip => {
                        self.skipped += 1;
                        if self.skipped_examples.len() < Self::MAX_REPORTED {
                            self.skipped_examples.push(invalid);
                        }
                        Ok(())
                    }
                }
            }
        }
    }
}

/// Why a source could not be read. Every variant names the file.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("cannot read word list {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not a regular file (a folder, device or pipe): give the path of the word-list file itself")]
    NotAFile { path: PathBuf },
    #[error("{path} is {size} bytes; a word list is at most {MAX_SOURCE_BYTES} bytes — is this the right file?")]
    TooLarge { path: PathBuf, size: u64 },
    #[error("{path}:{entry} — fix or delete this entry, or pass --skip-invalid to leave such entries out")]
    InvalidEntry { path: PathBuf, entry: InvalidEntry },
    #[error("{path} is not a valid KWG word graph: {error}")]
    Kwg { path: PathBuf, error: KwgError },
    #[error("{path} is a compiled wordjudge lexicon (.fst), not a word list; give the source list it was compiled from")]
    CompiledLexicon { path: PathBuf },
    #[error("{path} is binary data but --format {format} expects text; use --format kwg for a KWG word graph")]
    BinaryText { path: PathBuf, format: &'static str },
    #[error("{path}:line {line} is {len} bytes long, longer than any word list's ({max} at most): a word list has one word per line (a Zyzzyva file a word and its definition) — are the words separated by spaces or commas? Put each on its own line", max = text::MAX_LINE_BYTES)]
    LineTooLong {
        path: PathBuf,
        line: usize,
        len: usize,
    },
    #[error("{path} holds no words")]
    NoWords { path: PathBuf },
}

/// A source file read into words, with the SHA-256 of its bytes (recorded so a director can tell
/// later exactly which file a lexicon was compiled from).
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub entries: Entries,
    pub sha256: Digest,
}

/// Reads the file at `path` as `format`, its words tiles of `alphabet`.
pub fn read_file(
    path: &Path,
    format: Format,
    alphabet: &'static Alphabet,
    policy: OnInvalid,
) -> Result<SourceFile, SourceError> {
    let io = |source| SourceError::Io {
        path: path.to_owned(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(SourceError::NotAFile {
            path: path.to_owned(),
        });
    }
    if meta.len() > MAX_SOURCE_BYTES {
        return Err(SourceError::TooLarge {
            path: path.to_owned(),
            size: meta.len(),
        });
    }
    let bytes = wordjudge_base::fsutil::read_regular(path, MAX_SOURCE_BYTES).map_err(io)?;
    Ok(SourceFile {
        entries: read_bytes(path, &bytes, format, alphabet, policy)?,
        sha256: Digest::of(&bytes),
    })
}

/// Reads a source already in memory; `path` is only used in messages.
pub fn read_bytes(
    path: &Path,
    bytes: &[u8],
    format: Format,
    alphabet: &'static Alphabet,
    policy: OnInvalid,
) -> Result<Entries, SourceError> {
    let is_binary = bytes.contains(&0);
    if is_binary && format != Format::Kwg && looks_like_compiled_lexicon(bytes) {
        return Err(SourceError::CompiledLexicon {
            path: path.to_owned(),
        });
    }
    let kind = match format {
        Format::Kwg => Kind::Kwg,
        Format::Auto if is_binary => Kind::Kwg,
        Format::Auto => text::detect(bytes),
        Format::Plain | Format::Zyzzyva if is_binary => {
            return Err(SourceError::BinaryText {
                path: path.to_owned(),
                format: if format == Format::Plain {
                    "plain"
                } else {
                    "zyzzyva"
                },
            })
        }
        Format::Plain => Kind::Plain,
        Format::Zyzzyva => Kind::Zyzzyva,
    };
    let entries = match kind {
        Kind::Plain | Kind::Zyzzyva => {
            text::read(bytes, kind, alphabet, policy).map_err(|e| match e {
                text::TextError::Entry(entry) => SourceError::InvalidEntry {
                    path: path.to_owned(),
                    entry,
                },
                text::TextError::LineTooLong { line, len } => SourceError::LineTooLong {
                    path: path.to_owned(),
                    line,
                    len,
                },
            })?
        }
        Kind::Kwg => kwg::read(bytes, alphabet, policy).map_err(|error| match error {
            KwgError::Entry(entry) => SourceError::InvalidEntry {
                path: path.to_owned(),
                entry,
            },
            error => SourceError::Kwg {
                path: path.to_owned(),
                error,
            },
        })?,
    };
    if entries.words.is_empty() {
        return Err(SourceError::NoWords {
            path: path.to_owned(),
        });
    }
    Ok(entries)
}

/// A director handing us a compiled `.fst` instead of its source is an easy mistake; say so.
fn looks_like_compiled_lexicon(bytes: &[u8]) -> bool {
    fst::raw::Fst::new(bytes).is_ok_and(|f| f.verify().is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8], format: Format) -> Result<Entries, SourceError> {
        read_bytes(
            Path::new("list.txt"),
            bytes,
            format,
            crate::alphabet::english(),
            OnInvalid::Fail,
        )
    }

    fn words(e: &Entries) -> Vec<String> {
        e.words.iter().map(Word::text).collect()
    }

    #[test]
    fn auto_reads_a_plain_list() {
        let e = read(b"cat\ndog\n", Format::Auto).unwrap();
        assert_eq!(e.kind, Kind::Plain);
        assert_eq!(words(&e), ["CAT", "DOG"]);
    }

    #[test]
    fn auto_reads_a_zyzzyva_file() {
        let e = read(
            b"AA rough, cindery lava [n AAS]\nAAH to exclaim [v]\nAARDVARK\n",
            Format::Auto,
        )
        .unwrap();
        assert_eq!(e.kind, Kind::Zyzzyva);
        assert_eq!(words(&e), ["AA", "AAH", "AARDVARK"]);
    }

    #[test]
    fn auto_reads_a_kwg() {
        let kwg = encode_kwg(&[Word::parse("AB").unwrap(), Word::parse("AD").unwrap()]).unwrap();
        let e = read(&kwg, Format::Auto).unwrap();
        assert_eq!(e.kind, Kind::Kwg);
        assert_eq!(words(&e), ["AB", "AD"]);
    }

    #[test]
    fn a_compiled_lexicon_is_not_taken_for_a_source() {
        let fst = fst::Set::from_iter(["AB", "AD"])
            .unwrap()
            .into_fst()
            .to_vec();
        let err = read(&fst, Format::Auto).unwrap_err();
        assert!(matches!(err, SourceError::CompiledLexicon { .. }), "{err}");
    }

    #[test]
    fn binary_data_is_refused_as_text() {
        let err = read(b"AB\0CD", Format::Plain).unwrap_err();
        assert!(err.to_string().contains("--format kwg"), "{err}");
    }

    #[test]
    fn a_list_of_nothing_is_an_error() {
        let err = read(b"# only a comment\n\n", Format::Auto).unwrap_err();
        assert_eq!(err.to_string(), "list.txt holds no words");
    }

    #[test]
    fn invalid_entry_error_names_file_line_and_text() {
        let err = read(b"CAT\nDOG\nX\n", Format::Plain).unwrap_err();
        assert_eq!(
            err.to_string(),
            "list.txt:line 3: \"X\" has 1 letter(s); a word has at least 2 — fix or delete this \
             entry, or pass --skip-invalid to leave such entries out"
        );
    }

    #[test]
    fn skip_invalid_counts_and_keeps_examples() {
        let mut src = String::from("CAT\n");
        for i in 0..15 {
            src.push_str(&format!("BAD{i}\n"));
        }
        src.push_str("DOG\n");
        let e = read_bytes(
            Path::new("l"),
            src.as_bytes(),
            Format::Plain,
            crate::alphabet::english(),
            OnInvalid::Skip,
        )
        .unwrap();
        assert_eq!(words(&e), ["CAT", "DOG"]);
        assert_eq!(e.skipped, 15);
        assert_eq!(e.skipped_examples.len(), Entries::MAX_REPORTED);
        assert_eq!(e.skipped_examples[0].location, Location::Line(2));
    }
}
