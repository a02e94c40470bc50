//! Compiling words into a lexicon file, and the fingerprints that identify a list.
//!
//! The output is deterministic: the same words, in any order and with any duplicates, always give
//! byte-identical `.fst` bytes, so the file's SHA-256 recorded in `kiosk.toml` is stable and a
//! committed lexicon can be checked against its source.
//!
//! The *content* digest is the SHA-256 of the canonical form of the list — every distinct word
//! (for another alphabet than English: as the text that reads back as its tiles, [`Word::text`],
//! after a first line `# alphabet NAME`),
//! upper case, sorted bytewise, each followed by `\n` — as defined by the table of published
//! editions (`known-lexicons.toml`). It does not depend on the source's format, so a Zyzzyva file,
//! a plain list and a KWG of the same edition share it.

use sha2::{Digest as _, Sha256};

use crate::alphabet::AlphabetId;
use crate::known::thousands;
use crate::lexicon::{content_header, MAX_LEXICON_BYTES};
use crate::word::Word;
use wordjudge_base::digest::Digest;

/// A compiled lexicon, ready to be written.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The `.fst` file's bytes.
    pub fst: Vec<u8>,
    /// Distinct words.
    pub words: u64,
    /// Entries that repeated a word already in the list.
    pub duplicates: u64,
    pub two_letter: u64,
    pub max_len: usize,
    /// SHA-256 of `fst`.
    pub fst_sha256: Digest,
    /// SHA-256 of the canonical list.
    pub content_sha256: Digest,
    /// The alphabet its words are tiles of.
    pub alphabet: AlphabetId,
}

/// Why words could not be compiled.
#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    /// Sorting first means this only happens on a bug in `fst`.
    #[error("building the lexicon failed: {0}")]
    Fst(#[from] fst::Error),
    /// Larger than any station loads ([`MAX_LEXICON_BYTES`]): refused here, when the director
    /// is at the desk, rather than at the station.
    #[error("these {} words would make a lexicon of {} bytes, more than the {} any station loads (a CSW-sized list makes under 1 MiB) — is this the right word list? Nothing was written", thousands(*.words), thousands(*.bytes), thousands(*.limit))]
    TooLarge { words: u64, bytes: u64, limit: u64 },
    /// Words of two alphabets in one list: the reader of the list would have refused it.
    #[error("the list mixes words of the {first} and {other} alphabets; a lexicon holds tiles of one alphabet. Nothing was written")]
    MixedAlphabets { first: String, other: String },
}

/// Compiles `words` (any order, duplicates allowed) into a lexicon a station will load: at most
/// [`MAX_LEXICON_BYTES`], the limit [`crate::lexicon::Lexicon::load`] applies.
pub fn compile(words: Vec<Word>) -> Result<Compiled, CompileError> {
    compile_within(words, MAX_LEXICON_BYTES)
}

fn compile_within(mut words: Vec<Word>, limit: u64) -> Result<Compiled, CompileError> {
    words.sort_unstable();
    let before = words.len();
    words.dedup();
    let duplicates = (before - words.len()) as u64;

    let mut builder = fst::SetBuilder::memory();
    let mut content = Sha256::new();
    let (mut two_letter, mut max_len) = (0u64, 0usize);
    let alphabet = words.first().map(Word::alphabet).unwrap_or_default();
    if let Some(other) = words.iter().find(|w| w.alphabet() != alphabet) {
        return Err(CompileError::MixedAlphabets {
            first: alphabet.to_string(),
            other: other.alphabet().to_string(),
        });
    }
    content.update(content_header(alphabet));
    for word in &words {
        builder.insert(word.as_bytes())?;
        // The canonical list is defined over tiles: each word as the text that reads back as
        // exactly its tiles, which for English is its letters (the bytes themselves).
        match alphabet.is_english() {
            true => content.update(word.as_bytes()),
            false => content.update(word.text().as_bytes()),
        }
        content.update(b"\n");
        if word.len() == 2 {
            two_letter += 1;
        }
        max_len = max_len.max(word.len());
    }
    let fst = builder.into_inner()?;
    if fst.len() as u64 > limit {
        return Err(CompileError::TooLarge {
            words: words.len() as u64,
            bytes: fst.len() as u64,
            limit,
        });
    }
    Ok(Compiled {
        fst_sha256: Digest::of(&fst),
        fst,
        words: words.len() as u64,
        duplicates,
        two_letter,
        max_len,
        content_sha256: Digest::from_hasher(content),
        alphabet,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<Word> {
        list.iter().map(|s| Word::parse(s).unwrap()).collect()
    }

    #[test]
    fn order_case_and_duplicates_do_not_change_the_output() {
        let a = compile(words(&["cat", "AA", "zebra", "Cat"])).unwrap();
        let b = compile(words(&["ZEBRA", "CAT", "AA"])).unwrap();
        assert_eq!(a.fst, b.fst);
        assert_eq!(a.fst_sha256, b.fst_sha256);
        assert_eq!(a.content_sha256, b.content_sha256);
        assert_eq!(a.words, 3);
        assert_eq!(a.duplicates, 1);
        assert_eq!(b.duplicates, 0);
    }

    #[test]
    fn content_digest_is_the_canonical_list_hash() {
        let c = compile(words(&["zebra", "aa", "cat"])).unwrap();
        assert_eq!(c.content_sha256, Digest::of(b"AA\nCAT\nZEBRA\n"));
        assert_eq!(c.fst_sha256, Digest::of(&c.fst));
        assert_eq!((c.two_letter, c.max_len), (1, 5));
    }

    #[test]
    fn a_lexicon_larger_than_a_station_loads_is_refused_when_compiled() {
        let list = || words(&["QI", "ZA", "QIS", "ZEBRA"]);
        let size = compile(list()).unwrap().fst.len() as u64;
        assert!(compile_within(list(), size).is_ok(), "at the limit");
        match compile_within(list(), size - 1) {
            Err(CompileError::TooLarge {
                words,
                bytes,
                limit,
            }) => {
                assert_eq!((words, bytes, limit), (4, size, size - 1))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_output_is_an_fst_holding_exactly_the_words() {
        let c = compile(words(&["QI", "ZA", "QIS"])).unwrap();
        let set = fst::Set::new(c.fst).unwrap();
        assert_eq!(set.len(), 3);
        assert!(set.contains("QIS"));
        assert!(!set.contains("Q"));
        assert!(!set.contains("qi"));
    }
}
